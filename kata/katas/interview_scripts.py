"""What an interviewer says for each kata: part of each kata's record (kata.katas reads it by slug).

A script is the problem as it is said aloud in an interview (a few sentences, without the
edge cases, which the candidate is expected to ask about), the clarifying questions a good
candidate asks with the interviewer's answers, the sentence that brings the kata in as a
follow-up to the stage before, what that follow-up adds, and a target time.

Each question names the tests its answer decides (`touches`: parts of test names): when a
failed submission fails one of them and the question was never asked, the scorecard says so.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Question:
    asked: str  # the question, as a candidate would ask it
    answer: str  # the interviewer's answer
    touches: tuple[str, ...]  # parts of the names of the tests the answer decides


@dataclass(frozen=True)
class Script:
    prompt: str  # said aloud: the task and the function to write, not the edge cases
    questions: tuple[Question, ...]
    follow_up: str  # said when this kata comes as the follow-up of the stage before
    adds: str  # what the follow-up adds, in a few words, for `kata interview tracks`
    target_minutes: int


SCRIPTS = {
    "01_fixed_windows": Script(
        prompt=(
            "We embed documents in fixed-size pieces. Given a list of tokens, a chunk size and an overlap, cut "
            "the tokens into windows of chunk_size tokens, each sharing `overlap` tokens with the one before. "
            "Write fixed_windows(tokens, chunk_size, overlap=0)."
        ),
        questions=(
            Question(
                "What happens at the end: is a short last window kept, and when do we stop?",
                "Keep the short last window. Stop right after the first window that reaches the end of the "
                "input: no window made only of tokens the one before already holds.",
                (
                    "no_window_follows",
                    "short_last_window",
                    "exact_fit_without_overlap",
                    "last_window_ends",
                    "window_count",
                ),
            ),
            Question(
                "What if the overlap is negative, or not smaller than the chunk size?",
                "Raise ValueError naming the parameter and its value: an overlap of chunk_size or more would "
                "never move forward.",
                ("overlap_not_below", "negative_overlap", "largest_overlap", "loop_ends"),
            ),
            Question(
                "What about empty input, or input shorter than one window?",
                "Empty input gives []. Input no longer than chunk_size gives one window with all of it.",
                ("empty_input", "empty_string", "exactly_one_window", "shorter_than_the_overlap"),
            ),
            Question(
                "Which types come in, what comes out, and which bad argument is reported first?",
                "tokens is any sequence (list, tuple, str) and is never modified; every window is a new "
                "list. chunk_size and overlap must be ints, not bools: the types are checked before the "
                "values, chunk_size before overlap, even for empty input.",
                (
                    "tuple",
                    "not_an_int",
                    "checked_first",
                    "even_for_empty_input",
                    "distinct_lists",
                    "new_list",
                    "not_modified",
                    "chunk_size_below_one",
                    "input_alone",
                ),
            ),
        ),
        follow_up="Let us start simple: cut a token list into fixed windows that overlap.",
        adds="fixed windows over tokens, with an overlap",
        target_minutes=15,
    ),
    "02_token_budget_packer": Script(
        prompt=(
            "You get the token counts of a document's sentences, in order, and a token budget. Group "
            "consecutive sentences into chunks that fit the budget, greedily. Return the chunks as lists of "
            "sentence indices. Write pack_sentences(sizes, max_tokens)."
        ),
        questions=(
            Question(
                "If a chunk's total is exactly the budget, does it still fit?",
                "Yes. A chunk closes only when it holds something and the next sentence would push its total "
                "above max_tokens.",
                (
                    "exact_fit",
                    "exactly_full",
                    "exactly_the_size_of_the_budget",
                    "could_have_taken",
                    "fewest_possible",
                    "total_starts_again",
                    "counts_the_sentence_that_opened",
                ),
            ),
            Question(
                "What if one sentence alone is larger than the budget?",
                "It gets a chunk of its own. Never drop it, and never put an empty chunk before it.",
                ("oversized", "fits_or_is_a_single", "no_chunk_is_empty", "would_overflow"),
            ),
            Question(
                "Can a sentence have zero tokens? What about a negative size?",
                "Zero-size sentences are allowed and join the open chunk. A negative size is a ValueError "
                "that names sizes[i] and its value.",
                ("zero_size", "negative_size", "bad_size", "names_the_bad_sentence"),
            ),
            Question(
                "Which input types, and what is checked first?",
                "sizes is any sequence (list, tuple, range) and is never modified; each chunk is a new list. "
                "max_tokens must be an int (not a bool) of at least 1, checked first, even with no "
                "sentences.",
                (
                    "budget_below_one",
                    "budget_is_checked",
                    "budget_that_is_not",
                    "tuple",
                    "range",
                    "not_modified",
                    "never_modified",
                    "not_an_int",
                    "separate_list",
                    "indices_not_sizes",
                    "last_chunk",
                ),
            ),
            Question(
                "How large can the input be?",
                "A million sentences: one pass with a running total, not a sum of the chunk each time.",
                ("million", "two_hundred_thousand", "long_run"),
            ),
        ),
        follow_up=(
            "Now chunk by sentences instead: you get each sentence's token count and a budget, and pack "
            "consecutive sentences greedily."
        ),
        adds="sentences packed greedily under a token budget",
        target_minutes=20,
    ),
    "03_recursive_chunker": Script(
        prompt=(
            "Split a text into sentences and pack whole sentences into chunks of at most max_tokens words, "
            "each chunk starting with a few whole sentences of the one before as overlap. Write "
            "split_units(text, max_tokens) and chunk_text(text, max_tokens, overlap_tokens=0); "
            "count_tokens is given."
        ),
        questions=(
            Question(
                "What ends a sentence? Periods in numbers, file names, line breaks?",
                "'.', '!' or '?' followed by whitespace, and the mark stays with its sentence. '3.14' and "
                "'notes.txt' end nothing; a single newline is plain whitespace; a blank line always ends a "
                "unit.",
                (
                    "period_inside",
                    "abbreviation",
                    "mark",
                    "newline",
                    "blank_line",
                    "quote_after",
                    "final_punctuation",
                    "paragraph",
                    "carriage_returns",
                ),
            ),
            Question(
                "What if one sentence is longer than max_tokens?",
                "Cut it into windows of exactly max_tokens words from its first word; the last may be "
                "shorter. Sentences that fit are never cut.",
                (
                    "long_sentence",
                    "one_word_over",
                    "exactly_max_tokens",
                    "sentences_that_fit_are_not_cut",
                    "max_tokens_one",
                    "only_sentences_longer",
                    "one_long_sentence",
                    "fills_the_chunk_exactly",
                    "does_not_fit",
                    "open_chunk_is_kept",
                ),
            ),
            Question(
                "How is the overlap chosen: can it carry part of a sentence, and what if it leaves no room?",
                "Only whole trailing units of the chunk just closed: the longest run whose total is at most "
                "overlap_tokens and still leaves room for the next unit, possibly none.",
                ("overlap", "carry", "carried", "leaves_no_room", "loop_ends"),
            ),
            Question(
                "How are whitespace and the output written?",
                "A unit is its words joined by single spaces, a chunk its units joined by one space. Empty or "
                "whitespace-only text gives [].",
                ("whitespace", "spaces", "empty_text", "join_units", "exactly_the_words"),
            ),
            Question(
                "Which bad arguments are refused, and in what order?",
                "TypeError when text is not a str or a number is not an int (not a bool); ValueError unless "
                "max_tokens >= 1 and 0 <= overlap_tokens < max_tokens. Each names the parameter and the "
                "value; the numbers are checked before the text.",
                ("rejected", "checked_first", "checked_before"),
            ),
        ),
        follow_up=(
            "Fixed windows cut sentences in half. Now split the text into sentences, pack whole sentences "
            "under a word budget, and overlap by whole sentences."
        ),
        adds="sentences and paragraphs, packed whole, overlapping by whole sentences",
        target_minutes=35,
    ),
    "04_streaming_packer": Script(
        prompt=(
            "The same greedy packing as before, but the sentence sizes arrive as a stream that may never end. "
            "Write iter_pack(sizes, max_tokens) as a generator that yields each chunk as soon as it is "
            "complete."
        ),
        questions=(
            Question(
                "When exactly must a chunk come out: how far may I read ahead?",
                "As soon as the size that closes it has been read: one size past the chunk, never more. The "
                "last chunk comes once the input has ended.",
                (
                    "yielded_after_reading",
                    "does_not_wait",
                    "waits_for_the_size",
                    "as_soon_as",
                    "comes_once_the_input",
                    "last_chunk",
                ),
            ),
            Question(
                "When are bad arguments raised: by the call, or while reading?",
                "A bad max_tokens, or sizes that are not iterable, raise at the call itself, before anything "
                "is read. A bad size raises at the next() that reads it, after every chunk closed before it "
                "has been yielded.",
                (
                    "by_the_call",
                    "reads_no_size",
                    "first_next",
                    "closed_before_a_bad_size",
                    "does_not_close_the_open_chunk",
                    "bad_size_comes_after",
                    "budget_is_checked",
                    "named_by_its_index",
                    "with_its_index",
                    "returns_an_iterator",
                ),
            ),
            Question(
                "May the consumer keep or change the chunks I yield?",
                "Yes: each yielded chunk is a new list that the generator never touches again.",
                ("kept_by_the_consumer", "distinct_list", "changing_a_yielded"),
            ),
            Question(
                "How much may I hold in memory?",
                "Only the open chunk: never the whole input, never the chunks already yielded. A million "
                "sizes must pack in the memory of one chunk.",
                ("million", "endless", "two_hundred_thousand", "ten_thousand", "returns_at_once"),
            ),
        ),
        follow_up=(
            "Now the sentences arrive as a stream, possibly endless: hand each chunk on as soon as it is "
            "complete, without holding the input."
        ),
        adds="a stream: a generator that reads lazily and holds one chunk",
        target_minutes=20,
    ),
    "05_balanced_packer": Script(
        prompt=(
            "Greedy packing under a budget gives some number of chunks, k. Keep exactly k chunks but make "
            "them as even as possible: find the smallest budget that still gives k chunks, and return the "
            "greedy packing under it. Write balanced_pack(sizes, max_tokens)."
        ),
        questions=(
            Question(
                "Which k exactly, and must the answer be greedy's packing under the new budget?",
                "k is greedy's count at max_tokens. Return greedy's packing with the smallest b from 1 to "
                "max_tokens that also gives k chunks.",
                (
                    "count_to_keep",
                    "chunk_count_is_greedys",
                    "result_is_greedys",
                    "not_greedys_own",
                    "no_smaller_budget",
                    "seven_sentences",
                    "average",
                    "largest_chunk",
                    "hundreds_of_chunks",
                ),
            ),
            Question(
                "Can the new budget be below the largest sentence? What becomes of an oversized sentence?",
                "Yes, it can. A sentence larger than the new budget is a chunk of its own, as before.",
                ("b_star_can_be_below", "does_not_raise_the_budget", "larger_than_the_budget", "every_sentence_alone"),
            ),
            Question(
                "What are the bounds of the search: is 1 a candidate, and max_tokens itself?",
                "Both ends are candidates: 1 and max_tokens included. max_tokens may be 10**12, so search, do "
                "not scan.",
                (
                    "budget_one",
                    "max_tokens_itself",
                    "max_tokens_of_one",
                    "huge_budget",
                    "trillion",
                    "billion",
                    "smallest_budget_that_holds",
                ),
            ),
            Question(
                "Zero-size sentences, and invalid input?",
                "As in the packer: zero sizes join the open chunk; a negative or non-int size raises naming "
                "sizes[i]; max_tokens is checked first, and every size before any packing.",
                (
                    "zero_size",
                    "negative_size",
                    "not_an_int",
                    "bad_size",
                    "budget_below_one",
                    "checked_before",
                    "checked_even",
                    "not_modified",
                    "tuple",
                    "range",
                    "separate_list",
                ),
            ),
        ),
        follow_up=(
            "The chunks come out lopsided: keep the same number of chunks, but with the smallest budget "
            "that still gives that many."
        ),
        adds="the same chunk count with the smallest budget: a binary search",
        target_minutes=20,
    ),
    "06_token_aware_chunker": Script(
        prompt=(
            "Now you get the sections' text and the model's tokenizer, with encode and decode. Pack whole "
            "sections, joined by a separator, into chunks of at most max_tokens tokens as the tokenizer counts "
            "them. Write chunk_sections(sections, max_tokens, tokenizer, separator='\\n')."
        ),
        questions=(
            Question(
                "Is a chunk's count the sum of its sections' counts, plus the separator's?",
                "No: measure the joined text, open chunk + separator + section, with the tokenizer. Tokens "
                "can merge across the join, so a sum can be wrong either way.",
                (
                    "free_separator",
                    "counts_more_than_its_parts",
                    "separator_counts",
                    "several_characters",
                    "end_of_the_open_chunk",
                    "gpt4s",
                    "independent_packer",
                    "depend_on_their_neighbours",
                    "could_not_take",
                    "exact_fit",
                    "closes_for_good",
                    "exactly_the_budget_can_take",
                ),
            ),
            Question(
                "What about a section that alone counts more than the budget?",
                "Close the open chunk and cut the section into pieces, each its own chunk, of at most "
                "max_tokens tokens; a piece ends between characters, never inside one.",
                (
                    "oversized",
                    "piece",
                    "inside_a_character",
                    "replacement_character",
                    "cut_alone",
                    "encoded_again",
                    "encode_again",
                    "wide_characters",
                    "few_tokens",
                    "not_by_characters",
                    "exactly_the_budget_is_not_cut",
                    "rebuild",
                ),
            ),
            Question(
                "Empty sections, and the separator: any rules?",
                "Empty sections are skipped and add no separator, but keep their index. A separator that "
                "alone counts max_tokens or more is a ValueError.",
                ("empty_section", "only_empty", "separator_that_fills", "empty_separator", "section_of_spaces"),
            ),
            Question(
                "How often may I call the tokenizer?",
                "Encode the separator once, each section once and each joined candidate once; never "
                "re-encode the whole input.",
                ("encoded_once", "decodes_at_most", "ten_thousand_short", "one_very_long"),
            ),
            Question(
                "Which errors, and what must they say?",
                "TypeError for a non-int max_tokens (not a bool), or a separator or section that is not a "
                "str (sections[i], when it is met); ValueError for max_tokens < 1, or a character wider than "
                "the budget, naming the section, the character and its offset.",
                ("rejected", "wider_than_the_budget", "offset", "checked", "not_modified", "tuple", "new_list"),
            ),
        ),
        follow_up=(
            "Now there are no sizes: count with the model's tokenizer itself, and remember that the "
            "separator between sections costs tokens too."
        ),
        adds="the model's tokenizer: measure the joined chunk, cut on token boundaries",
        target_minutes=30,
    ),
    "07_markdown_chunker": Script(
        prompt=(
            "Chunk a Markdown document for retrieval along its structure: headings, paragraphs and code "
            "blocks. Return each chunk's text, its start and end offsets in the source, and the headings "
            "above it. Write chunk_markdown(doc, max_tokens); a token is a word."
        ),
        questions=(
            Question(
                "May a chunk span two sections, or cut a code block?",
                "Never two sections. A block that fits is never cut; a block over the budget is cut: code "
                "into runs of whole lines, a paragraph or heading into windows of words.",
                (
                    "never_spans_two_sections",
                    "code_block_that_fits",
                    "cut_code",
                    "cut_paragraph",
                    "windows",
                    "run_of_code",
                    "cut_block",
                    "code_line",
                    "heading_larger",
                    "piece",
                    "overflow",
                    "exact_fit",
                    "packed",
                    "blank_line_inside_code",
                    "stubs_frozen",
                ),
            ),
            Question(
                "What counts as a heading? And a '#' inside a code fence?",
                "1 to 6 '#' and then a space, at the start of a line, outside code; inside a fence it is "
                "code. A fence closes at a line starting with the same three characters; an unclosed fence "
                "runs to the end of the document.",
                ("not_a_heading", "fence", "title", "closing_hashes", "hashes_of_a_heading"),
            ),
            Question(
                "Exact offsets: what about CRLF line endings and whitespace?",
                "text is exactly doc[start:end]. Only \\n and \\r\\n end a line; a lone \\r is part of its "
                "line. A chunk runs from its first block's first character to the end of its last line, "
                "with no line break.",
                (
                    "crlf",
                    "carriage_return",
                    "line_endings",
                    "offsets",
                    "exact_slice",
                    "line_break",
                    "whitespace_inside",
                    "block_runs_from",
                    "blank_documents",
                    "blank_lines",
                    "split_at_any",
                ),
            ),
            Question(
                "How does the heading path work when levels are skipped?",
                "A heading of level L replaces every entry of level L or deeper. Text before any heading has "
                "an empty path.",
                ("path", "sibling", "shallower", "skipped_levels", "first_heading_below", "heading_only_ever"),
            ),
        ),
        follow_up=(
            "Now the documents are Markdown: cut along headings and code blocks, and return where each "
            "chunk lies in the source and which headings it is under."
        ),
        adds="Markdown structure: sections, code fences, exact offsets, heading paths",
        target_minutes=40,
    ),
    "08_semantic_chunker": Script(
        prompt=(
            "Chunk sentences by topic: embed every sentence, cut wherever the cosine similarity of "
            "neighbouring sentences drops below a threshold, and pack each topic under a word budget. Write "
            "semantic_chunks(sentences, embed, threshold, max_tokens)."
        ),
        questions=(
            Question(
                "How many times may I call embed?",
                "Exactly once, with a list of all the sentences in order, exactly as given; never for no sentences.",
                ("embed_is_called", "embed_is_not_called", "not_called", "embed_gets", "no_model_call"),
            ),
            Question(
                "What if a vector is all zeros?",
                "Its similarity is 0.0, without dividing by zero. A very short vector is not a zero vector.",
                ("zero_vector", "short_vector", "add_up_to_zero", "cosine", "opposite", "repeated_words"),
            ),
            Question(
                "Is it a boundary when the similarity equals the threshold? Between which sentences?",
                "Only strictly below is a boundary. Compare each sentence with its neighbour, not with the "
                "start of the chunk; the cut falls after the sentence before the drop.",
                (
                    "equal_to_the_threshold",
                    "neighbour",
                    "boundary",
                    "drop",
                    "negative_similarities",
                    "threshold_above",
                    "threshold_minus_one",
                    "follow_the_topics",
                ),
            ),
            Question(
                "Inside one topic, how are sentences packed?",
                "With kata 02's greedy rule, a sentence's size being len(sentence.split()); a chunk never "
                "crosses a boundary.",
                (
                    "budget",
                    "exact_fit",
                    "oversized",
                    "count_starts_again",
                    "never_crosses",
                    "without_words",
                    "split",
                    "greedy_packing",
                    "counted_whole",
                    "long_topic",
                    "one_topic",
                ),
            ),
            Question(
                "Which bad input is refused, and when?",
                "Before embed is called: threshold a number in [-1, 1], max_tokens an int of at least 1, "
                "embed callable, each sentence a str. An embed that returns the wrong count or vectors of "
                "different lengths is a ValueError.",
                ("rejected", "checked", "accepted", "not_modified", "never_modified"),
            ),
        ),
        follow_up=(
            "Now cut where the topic changes: embed the sentences, find where neighbours stop being "
            "similar, and pack each topic under the budget."
        ),
        adds="topics: one batched embedding call, cosine similarity, a budget per topic",
        target_minutes=25,
    ),
    "09_retrieval_recall": Script(
        prompt=(
            "We want to compare chunkers. Score chunks against a query with BM25, take the top k, and "
            "compute recall@k on labelled questions: the fraction whose evidence lies in one retrieved chunk. "
            "Write bm25_scores, top_k and recall_at_k; tokenize is given."
        ),
        questions=(
            Question(
                "Which BM25 exactly: idf, k1, b, and the words?",
                "Okapi BM25 with idf = ln(1 + (N - df + 0.5) / (df + 0.5)), k1 = 1.5 and b = 0.75 by default; "
                "words are tokenize's, and a word repeated in the query counts each time.",
                (
                    "word_in_every_chunk",
                    "average_length",
                    "k1",
                    "three_times",
                    "length_is_counted",
                    "words_are_runs",
                    "df_counts",
                    "twice",
                    "bm25s_definition",
                    "query_is_split",
                    "chunks_length",
                    "other_orders_score",
                ),
            ),
            Question(
                "How are ties broken, and what if k exceeds the number of chunks?",
                "Equal scores rank by index, lower first, and scores are never rounded. Fewer than k chunks: "
                "all of them.",
                ("tie", "hair", "k_is_a_limit", "large_k", "no_chunks", "best_chunks", "ranks_with"),
            ),
            Question(
                "When is a question answered: is overlapping its evidence enough?",
                "Only when one retrieved chunk holds the whole evidence span. Part of it, or the evidence "
                "split over two chunks, is not a hit; a question counts once.",
                (
                    "part_of_the_evidence",
                    "split_between",
                    "touching_chunks",
                    "counts_once",
                    "recall_divides",
                    "edges",
                    "same_words_elsewhere",
                    "second_retrieved",
                    "repeated_span",
                    "holds_whole",
                    "overlapping_spans",
                    "harbour_guide",
                ),
            ),
            Question(
                "Empty chunks or an empty query: can anything divide by zero?",
                "An empty query scores every chunk 0.0; an empty chunk scores 0.0 and still counts in the "
                "average length; a word a chunk lacks adds nothing, even with k1 = 0.",
                ("empty_query", "without_words", "absent", "empty_chunk"),
            ),
            Question(
                "How large can it get, and which errors?",
                "20,000 chunks against a 20,000-word query: linear, never their product. Bad arguments raise "
                "in the order the statement lists them (query, chunks, each chunk, k1, b; k first for "
                "top_k), nan refused.",
                ("twenty_thousand", "refuses", "nan", "checks", "passes_k1", "accepted"),
            ),
        ),
        follow_up=(
            "Now measure it: rank the chunks with BM25 and report recall@k on labelled questions, so that "
            "we can compare chunkers."
        ),
        adds="measuring: BM25, a stable top k, recall@k on labelled questions",
        target_minutes=35,
    ),
    "10_small_to_big": Script(
        prompt=(
            "Retrieval returns small child chunks, best first. The model should read more context: widen "
            "each hit to its neighbours inside its parent, or take the whole parent when enough of its "
            "children were hit, merge what overlaps, and fit a word budget. Write assemble_context(doc, hits, "
            "children, parents, window=1, merge_ratio=0.5, max_tokens=512)."
        ),
        questions=(
            Question(
                "When is the whole parent taken, and does a child hit twice count twice?",
                "When its distinct hit children divided by its children is at least merge_ratio, a float "
                "division; repeats count once. The whole parent includes its heading.",
                ("merge_ratio", "merged_parent", "hit_several_times", "fully_hit"),
            ),
            Question(
                "Do widened windows merge, and across parents?",
                "Runs of the same parent that overlap or just touch merge into one span. A window stops at "
                "its parent's first and last child; spans of two parents never merge.",
                (
                    "overlapping_windows",
                    "only_touch",
                    "merged_run",
                    "runs_merge",
                    "far_apart",
                    "stops_at",
                    "reaches",
                    "two_parents",
                    "wide_window",
                ),
            ),
            Question(
                "What is a span's rank, and in what order do spans come?",
                "A child's rank is the position of its first hit; a span takes the best rank of the hits "
                "that brought it in, and spans come best rank first.",
                ("rank",),
            ),
            Question(
                "What if a span does not fit what is left of the budget?",
                "Skip it and try the next ones. Words are counted on the span's own text, split on any whitespace.",
                (
                    "budget",
                    "does_not_fit",
                    "words_are_split",
                    "counts_in",
                    "spaces_inside",
                    "tab_inside",
                    "text_between",
                    "no_hits",
                ),
            ),
            Question(
                "Defaults, and validation?",
                "window 1, merge_ratio 0.5, 512 words. Errors in the order doc, parents, children, hits, "
                "window, merge_ratio, max_tokens, each item whole before the next; bools refused; messages "
                "name the argument, as children[1].",
                ("defaults", "bad_arguments", "tuples", "never_modified", "frozen", "without_children"),
            ),
        ),
        follow_up=(
            "Answers lack context: the hits are small children. Widen them into what the model reads, "
            "neighbours or whole parents, merged, under a word budget."
        ),
        adds="small-to-big: windows and parents merged, ranked, under a budget",
        target_minutes=35,
    ),
}
