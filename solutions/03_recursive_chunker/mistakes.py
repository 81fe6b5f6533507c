"""Kata 03: common mistakes, each a complete split_units() and chunk_text() with one bug.

Run one against the tests with: pytest tests/03_recursive_chunker --impl=mistake:03:<id>

A mistake in splitting flows into chunking too: every class's chunk_text packs the
units of its own split_units.
"""

import functools
import re

from kata.runner.mistakes import Mistake

PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")


# Correct pieces, shared by the mistakes that get them right ---------------------------------


def _validate(text, max_tokens, overlap_tokens=0):
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if not 0 <= overlap_tokens < max_tokens:
        raise ValueError(f"overlap_tokens must be in [0, max_tokens), got {overlap_tokens}")


def _sentences(text):
    """The sentences of text, each as its list of words (before any cutting)."""
    return [
        sentence.split()
        for paragraph in PARAGRAPH_BREAK.split(text)
        for sentence in SENTENCE_BREAK.split(paragraph)
        if sentence.strip()
    ]


def _cut(sentences, max_tokens):
    """Each sentence (a list of words) as units; a sentence longer than max_tokens becomes word windows."""
    return [
        " ".join(words[start : start + max_tokens]) for words in sentences for start in range(0, len(words), max_tokens)
    ]


def _split(text, max_tokens):
    _validate(text, max_tokens)
    return _cut(_sentences(text), max_tokens)


def _whole_units_carry(units, sizes, overlap_tokens, room):
    """The right carry: the longest run of trailing units within overlap_tokens and within room."""
    start, carried = len(units), 0
    while start > 0 and carried + sizes[start - 1] <= min(overlap_tokens, room):
        start -= 1
        carried += sizes[start]
    return units[start:], sizes[start:]


def _pack(units, max_tokens, overlap_tokens, carry=_whole_units_carry):
    """Greedy packing with the carry rule given; right unless `carry` is wrong."""
    chunks, current, sizes, total = [], [], [], 0
    for unit in units:
        size = len(unit.split())
        if current and total + size > max_tokens:
            chunks.append(" ".join(current))
            current, sizes = carry(current, sizes, overlap_tokens, max_tokens - size)
            total = sum(sizes)
        current.append(unit)
        sizes.append(size)
        total += size
    if current:
        chunks.append(" ".join(current))
    return chunks


def _chunk(split, text, max_tokens, overlap_tokens, carry=_whole_units_carry):
    _validate(text, max_tokens, overlap_tokens)
    return _pack(split(text, max_tokens), max_tokens, overlap_tokens, carry)


# Splitting into sentences ------------------------------------------------------------------


class CutsAPieceThatFitsExactly(Mistake):
    """Keeps a piece whole only when it has fewer words than max_tokens, as a recursive splitter that asks
    `length < chunk_size` does, and cuts any other piece at the next, finer boundary. A sentence of exactly
    max_tokens words is cut into its words, which pack back into the same unit; but at max_tokens 1 a word is
    not smaller than the budget, and it is cut into its characters: chunk_text("Alpha beta. Gamma!", 1) returns
    ['A', 'l', 'p', 'h', 'a', 'b', ...]. Seen in langchain-text-splitters 1.1.3's RecursiveCharacterTextSplitter
    with a word count as its length (EXPLANATION.md, In the wild).
    """

    id = "cuts_a_piece_that_fits_exactly"
    title = "Cuts a piece that fits the budget exactly, down to its characters"
    hint = "A piece of exactly max_tokens words fits: keep it when its count is at most max_tokens, not below it."

    @staticmethod
    def split_units(text, max_tokens):
        units = _split(text, max_tokens)
        if max_tokens > 1:
            return units  # a unit of max_tokens words is cut into its words, and they pack back into it
        return [character for unit in units for character in unit]  # a word is not fewer than 1 word

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(CutsAPieceThatFitsExactly.split_units, text, max_tokens, overlap_tokens)


class SplitsAtEveryPeriod(Mistake):
    """Ends a sentence at every ".", "!" or "?", even when no whitespace follows it.

    split_units("Pi is 3.14 today.", 10) returns ['Pi is 3.', '14 today.'], and
    "notes.txt" becomes 'notes.' and 'txt': numbers and file names are torn apart.
    """

    id = "splits_at_every_period"
    title = "Ends a sentence at a period that is not followed by whitespace"
    hint = "A sentence ends at '.', '!' or '?' only when whitespace follows: 3.14 and notes.txt are single words."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in re.split(r"(?<=[.!?])\s*", paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(SplitsAtEveryPeriod.split_units, text, max_tokens, overlap_tokens)


class DropsThePunctuation(Mistake):
    """Splits on the mark and the whitespace together, re.split(r"[.!?]\\s+"), so the mark is lost.

    split_units("Stop! Why? Go.", 5) returns ['Stop', 'Why', 'Go.']: only the last
    sentence keeps its mark, and the chunks no longer hold the text's words.
    """

    id = "drops_the_punctuation"
    title = "Loses the punctuation that ends a sentence"
    hint = "The '.', '!' or '?' belongs to its sentence: split on the whitespace after it, not on the mark."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in re.split(r"[.!?]\s+", paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(DropsThePunctuation.split_units, text, max_tokens, overlap_tokens)


class NewlineEndsASentence(Mistake):
    """Treats every line as its own sentence (text.splitlines()), so a sentence wrapped over two lines is cut.

    split_units("one two\\nthree. four", 5) returns ['one two', 'three.', 'four']
    instead of ['one two three.', 'four'].
    """

    id = "newline_ends_a_sentence"
    title = "Ends a sentence at every newline"
    hint = "A single newline is just whitespace inside a sentence; only a blank line or '.', '!', '?' ends one."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split() for line in text.splitlines() for piece in SENTENCE_BREAK.split(line) if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(NewlineEndsASentence.split_units, text, max_tokens, overlap_tokens)


class DropsTheUnterminatedTail(Mistake):
    """Finds sentences with re.findall(r"[^.!?]+[.!?]", ...), which only matches text that ends with a mark.

    split_units("First one. and then the rest", 10) returns ['First one.']: the words
    after the last mark, and a heading without one, vanish from the index.
    """

    id = "drops_the_unterminated_tail"
    title = "Loses the words after the last '.', '!' or '?'"
    hint = "Text that does not end with punctuation is still a sentence: its last words must appear in a unit."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in re.findall(r"[^.!?]*[.!?]+(?=\s|$)", paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(DropsTheUnterminatedTail.split_units, text, max_tokens, overlap_tokens)


class KeepsTheOriginalSpacing(Mistake):
    """Strips each sentence but keeps the whitespace inside it: tabs, newlines and runs of spaces survive.

    split_units("one   two\\tthree.", 5) returns ['one   two\\tthree.'] instead of
    ['one two three.'].
    """

    id = "keeps_the_original_spacing"
    title = "Keeps runs of spaces, tabs and newlines inside a unit"
    hint = "A unit is its words joined by single spaces, whatever whitespace separated them in the text."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for paragraph in PARAGRAPH_BREAK.split(text):
            for sentence in SENTENCE_BREAK.split(paragraph):
                sentence = sentence.strip()
                if not sentence:
                    continue
                words = sentence.split()
                if len(words) <= max_tokens:
                    units.append(sentence)
                else:
                    units.extend(_cut([words], max_tokens))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(KeepsTheOriginalSpacing.split_units, text, max_tokens, overlap_tokens)


# Paragraphs --------------------------------------------------------------------------------


class BlankLineMustBeEmpty(Mistake):
    """Splits paragraphs on "\\n\\n" only, so a blank line holding spaces or tabs does not count.

    split_units("Title here\\n \\t \\nBody text.", 10) returns ['Title here Body text.'].
    Editors often leave such lines behind, and so does text copied from a web page.
    """

    id = "blank_line_must_be_empty"
    title = "A blank line made of spaces or tabs does not end a paragraph"
    hint = "A blank line is a newline, optional whitespace, and a newline: a regular expression says it best."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in text.split("\n\n")
            for piece in SENTENCE_BREAK.split(paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(BlankLineMustBeEmpty.split_units, text, max_tokens, overlap_tokens)


class EveryCarriageReturnIsANewline(Mistake):
    """Normalises line endings first (a lone "\\r" becomes "\\n"), so "\\r\\r" makes a blank line.

    split_units("Title here\\r\\rBody text", 10) returns ['Title here', 'Body text'] instead of
    ['Title here Body text']: the statement's blank line is made of newlines "\\n", and a "\\r"
    alone is whitespace.
    """

    id = "every_carriage_return_is_a_newline"
    title = "Turns every carriage return into a newline before finding blank lines"
    hint = (
        'A blank line is "\\n", optional whitespace and "\\n"; "\\r" is whitespace, so "\\r\\n\\r\\n" '
        'is already a break and needs no rewriting, and a lone "\\r" is no newline.'
    )

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        return _cut(_sentences(text.replace("\r\n", "\n").replace("\r", "\n")), max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(EveryCarriageReturnIsANewline.split_units, text, max_tokens, overlap_tokens)


class EndsSentencesAfterClosingQuotes(Mistake):
    """Lets closing quotes and brackets follow the mark: a sentence ends at '.', '!' or '?', then
    any of '"', "'", ')' and ']', then whitespace.

    split_units('He said "Stop." Then left.', 10) returns ['He said "Stop."', 'Then left.'], where
    the statement ends a sentence only where whitespace comes right after the mark.
    """

    id = "ends_sentences_after_closing_quotes"
    title = "Ends a sentence at a mark followed by a closing quote or bracket"
    hint = (
        "Only whitespace right after '.', '!' or '?' ends a sentence; a quote or bracket after the mark ends nothing."
    )

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in re.split(r"(?<=[.!?])\s+|(?<=[.!?][\"')\]])\s+", paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(EndsSentencesAfterClosingQuotes.split_units, text, max_tokens, overlap_tokens)


class EndsSentencesOnlyAfterAWordCharacter(Mistake):
    """Ends a sentence only at a mark that follows a letter, a digit or an underscore: (?<=\\w[.!?])\\s+.

    A run of marks ('Wait!! Really?!') or a mark after a closing bracket ends nothing then:
    split_units("Wait!! Really?! Yes.", 10) returns ['Wait!! Really?! Yes.'] instead of three units.
    """

    id = "ends_sentences_only_after_a_word_character"
    title = "Ends a sentence only at a mark right after a letter or digit, so '!!' or ')?' ends nothing"
    hint = "Whitespace after any '.', '!' or '?' ends a sentence, whatever comes before the mark."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in re.split(r"(?<=\w[.!?])\s+", paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(EndsSentencesOnlyAfterAWordCharacter.split_units, text, max_tokens, overlap_tokens)


class IgnoresParagraphBreaks(Mistake):
    """Splits on punctuation only, so a blank line does not end a unit.

    split_units("Title here\\n\\nBody text.", 10) returns ['Title here Body text.']:
    a heading is glued to the paragraph after it.
    """

    id = "ignores_paragraph_breaks"
    title = "A blank line does not end a unit"
    hint = "Split on blank lines first: a paragraph ends a unit even when its last line has no punctuation."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [piece.split() for piece in SENTENCE_BREAK.split(text) if piece.strip()]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(IgnoresParagraphBreaks.split_units, text, max_tokens, overlap_tokens)


# Cutting long sentences --------------------------------------------------------------------


class CutsIntoEvenPieces(Mistake):
    """Cuts an oversized sentence into pieces of equal size instead of full windows of max_tokens words.

    With max_tokens=8 a 10-word sentence becomes two pieces of 5 words, not 8 and 2:
    'Omicron pi rho sigma tau' and 'upsilon phi chi psi omega!'.
    """

    id = "cuts_into_even_pieces"
    title = "Cuts a long sentence into even pieces instead of windows of max_tokens words"
    hint = "Every window of an oversized sentence holds exactly max_tokens words, except the last."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for words in _sentences(text):
            pieces = -(-len(words) // max_tokens)
            size = -(-len(words) // pieces)
            units.extend(" ".join(words[start : start + size]) for start in range(0, len(words), size))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(CutsIntoEvenPieces.split_units, text, max_tokens, overlap_tokens)


class CutsTheWholeParagraph(Mistake):
    """When a paragraph holds a sentence that is too long, cuts the whole paragraph into word windows.

    split_units("a b. c d e f g h. i j.", 3) returns ['a b. c', 'd e f', 'g h. i', 'j.']:
    the short sentences around the long one are cut too, though each one fits.
    """

    id = "cuts_the_whole_paragraph"
    title = "Cuts sentences that fit the budget"
    hint = "Only a sentence longer than max_tokens is cut, and its windows start at its own first word."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for paragraph in PARAGRAPH_BREAK.split(text):
            sentences = [piece.split() for piece in SENTENCE_BREAK.split(paragraph) if piece.strip()]
            if any(len(words) > max_tokens for words in sentences):
                sentences = [[word for words in sentences for word in words]]
            units.extend(_cut(sentences, max_tokens))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(CutsTheWholeParagraph.split_units, text, max_tokens, overlap_tokens)


class DropsTheShortLastWindow(Mistake):
    """Cuts an oversized sentence with range(0, len(words) - max_tokens + 1, max_tokens): only full windows.

    split_units("a b c d e.", 2) returns ['a b', 'c d']: the sentence's last word 'e.'
    is never indexed. Sentences that fit are kept whole and are right.
    Seen in langchain-text-splitters 1.1.3 (EXPLANATION.md, In the wild).
    """

    id = "drops_the_short_last_window"
    title = "Loses the short last window of words of a long sentence"
    hint = "The last window of an oversized sentence may hold fewer than max_tokens words; its words must still appear."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for words in _sentences(text):
            if len(words) <= max_tokens:
                units.append(" ".join(words))
            else:
                units.extend(
                    " ".join(words[start : start + max_tokens])
                    for start in range(0, len(words) - max_tokens + 1, max_tokens)
                )
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(DropsTheShortLastWindow.split_units, text, max_tokens, overlap_tokens)


# Packing -----------------------------------------------------------------------------------


class ClosesOnExactFit(Mistake):
    """Closes the chunk when the next unit would reach max_tokens (>=), not only when it would pass it.

    chunk_text("a b. c d.", 4) returns ['a b.', 'c d.'] instead of ['a b. c d.']:
    every chunk that could be exactly full is closed one unit early.
    """

    id = "closes_on_exact_fit"
    title = "Closes a chunk that the next unit would fill exactly"
    hint = "A chunk may hold exactly max_tokens words: close it only when the next unit would push it past."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current, sizes, total = [], [], [], 0
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and total + size >= max_tokens:
                chunks.append(" ".join(current))
                current, sizes = _whole_units_carry(current, sizes, overlap_tokens, max_tokens - size - 1)
                total = sum(sizes)
            current.append(unit)
            sizes.append(size)
            total += size
        if current:
            chunks.append(" ".join(current))
        return chunks


class ForgetsTheLastChunk(Mistake):
    """Appends a chunk only when the next unit does not fit, and never after the loop.

    chunk_text("one two three", 5, 4) returns [] and chunk_text("a b. c d.", 3)
    returns ['a b.']: the end of every document is lost.
    """

    id = "forgets_the_last_chunk"
    title = "Loses the chunk still open when the units run out"
    hint = "After the loop, the open chunk still holds units: it is the last chunk."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        chunks = _chunk(_split, text, max_tokens, overlap_tokens)
        return chunks[:-1]


class EmptyChunkForEmptyText(Mistake):
    """Appends the open chunk after the loop even when it is empty.

    chunk_text("", 5, 1) and chunk_text("  \\n\\n\\t ", 3) return [''], an empty
    chunk that would be embedded and retrieved.
    """

    id = "empty_chunk_for_empty_text"
    title = "Returns [''] for empty or whitespace-only text"
    hint = "With no units there is no chunk at all: return []."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(_split, text, max_tokens, overlap_tokens) or [""]


class EmptyChunkForWhitespaceOnlyText(Mistake):
    """Returns [] for "" alone, and appends the open chunk after the loop otherwise, even when it is empty.

    chunk_text("  \\n\\n\\t ", 3) returns [''], an empty chunk that would be embedded and retrieved,
    though chunk_text("", 3) returns [].
    """

    id = "empty_chunk_for_whitespace_only_text"
    title = "Returns [''] for whitespace-only text (though [] for the empty string)"
    hint = "Text of whitespace alone has no unit, like the empty string: with no units there is no chunk, return []."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(_split, text, max_tokens, overlap_tokens) or ([] if text == "" else [""])


class RecountsTheOpenChunk(Mistake):
    """Counts the words of the whole open chunk again before adding each unit.

    The chunks are right, but with a budget of tens of thousands of words each chunk grows to
    thousands of units, each one counting all those before it: a 1 MB text takes far too long.
    """

    id = "recounts_the_open_chunk"
    title = "Recounts the open chunk before every unit (quadratic)"
    hint = "Keep a running total of the open chunk's words instead of counting them again for each unit."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current = [], []
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and len(" ".join(current).split()) + size > max_tokens:
                chunks.append(" ".join(current))
                sizes = [len(u.split()) for u in current]
                current, _ = _whole_units_carry(current, sizes, overlap_tokens, max_tokens - size)
            current.append(unit)
        if current:
            chunks.append(" ".join(current))
        return chunks


# Overlap -----------------------------------------------------------------------------------


def _carry_without_room(units, sizes, overlap_tokens, room):
    """Trailing whole units within overlap_tokens, ignoring whether the next unit still fits."""
    return _whole_units_carry(units, sizes, overlap_tokens, room=overlap_tokens)


class CarryLeavesNoRoom(Mistake):
    """Carries up to overlap_tokens of trailing units without leaving room for the next unit.

    When carry plus next unit exceeds the budget, the loop closes the chunk again, carries
    the same units again, and never moves on: fifty sentences "S1 w w w. ..." with
    max_tokens=9, overlap_tokens=8 append "S1 w w w. S2 w w w." forever.
    """

    id = "carry_leaves_no_room"
    title = "The overlap leaves no room for the next unit, so the loop never advances"
    hint = "The carried units plus the next unit must fit in max_tokens; carry fewer units when they do not."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        units = _split(text, max_tokens)
        chunks, current, sizes, total = [], [], [], 0
        index = 0
        while index < len(units):
            size = len(units[index].split())
            if current and total + size > max_tokens:
                chunks.append(" ".join(current))
                current, sizes = _carry_without_room(current, sizes, overlap_tokens, max_tokens - size)
                total = sum(sizes)
                continue  # try the same unit again: with a large carry it never fits
            current.append(units[index])
            sizes.append(size)
            total += size
            index += 1
        if current:
            chunks.append(" ".join(current))
        return chunks


class CarryPushesPastTheBudget(Mistake):
    """Carries up to overlap_tokens of trailing units and then adds the next unit whether it fits or not.

    chunk_text("Cats purr. Dogs bark. Birds sing at dawn. Fish swim.", 6, 4) returns a
    second chunk 'Cats purr. Dogs bark. Birds sing at dawn.' of 8 words, over the budget of 6.
    """

    id = "carry_pushes_past_the_budget"
    title = "The overlap plus the next unit can exceed max_tokens"
    hint = "Carry only as many trailing units as leave room for the next unit within max_tokens."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(_split, text, max_tokens, overlap_tokens, carry=_carry_without_room)


class DropsACarryThatDoesNotFit(Mistake):
    """Takes the trailing units within overlap_tokens, and drops them all when the next unit does not fit with them.

    chunk_text("Cats purr. Dogs bark. Birds sing at dawn. Fish swim.", 6, 4) returns
    ['Cats purr. Dogs bark.', 'Birds sing at dawn. Fish swim.']: both sentences (4 words)
    plus the next (4) do not fit in 6, so nothing is carried, though 'Dogs bark.' alone would fit.
    """

    id = "drops_a_carry_that_does_not_fit"
    title = "Carries nothing when the full overlap does not fit, instead of carrying fewer units"
    hint = "The carry is the longest run of trailing units that fits both limits, not all or nothing."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def all_or_nothing(units, sizes, overlap_tokens, room):
            carried, carried_sizes = _carry_without_room(units, sizes, overlap_tokens, room)
            return (carried, carried_sizes) if sum(carried_sizes) <= room else ([], [])

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=all_or_nothing)


class CarriesWordsNotSentences(Mistake):
    """Carries the last overlap_tokens words of the closed chunk, cutting a sentence in the middle.

    chunk_text("a b c. d e f. g h i.", 6, 2) returns ['a b c. d e f.', 'e f. g h i.']:
    the overlap 'e f.' is the tail of a sentence, not a whole unit.
    Seen in semchunk 4.1.1 (EXPLANATION.md, In the wild).
    """

    id = "carries_words_not_sentences"
    title = "The overlap is a run of words instead of whole units"
    hint = "Carry whole units from the end of the closed chunk; if the last unit alone is too big, carry nothing."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def last_words(units, sizes, overlap_tokens, room):
            count = min(overlap_tokens, room)
            words = " ".join(units).split()[len(" ".join(units).split()) - count :] if count else []
            return ([" ".join(words)], [len(words)]) if words else ([], [])

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=last_words)


class OverlapPassesItsLimit(Mistake):
    """Keeps taking trailing units while the carry is below overlap_tokens, so the last one taken can pass it.

    chunk_text("a b. c d. e f. g h.", 6, 3) returns ['a b. c d. e f.', 'c d. e f. g h.']:
    an overlap of 4 words where at most 3 were allowed.
    """

    id = "overlap_passes_its_limit"
    title = "The overlap can exceed overlap_tokens"
    hint = "Stop before the unit that would push the carry past overlap_tokens, not after it."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def while_below(units, sizes, overlap_tokens, room):
            start, carried = len(units), 0
            while start > 0 and carried < overlap_tokens and carried + sizes[start - 1] <= room:
                start -= 1
                carried += sizes[start]
            return units[start:], sizes[start:]

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=while_below)


class OverlapFromThePreviousChunk(Mistake):
    """Takes the overlap from the chunk closed before the one just closed (a variable updated too late).

    chunk_text("a b. c d. e f. g h. i j.", 4, 2) returns ['a b. c d.', 'e f. g h.', 'c d. i j.']:
    the second chunk carries nothing, and the third repeats 'c d.' from two chunks back.
    """

    id = "overlap_from_the_previous_chunk"
    title = "The overlap comes from an earlier chunk, not the one just closed"
    hint = "The carried units are the last units of the chunk that has just been closed."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current, sizes, total = [], [], [], 0
        previous, previous_sizes = [], []
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and total + size > max_tokens:
                chunks.append(" ".join(current))
                carried = _whole_units_carry(previous, previous_sizes, overlap_tokens, max_tokens - size)
                previous, previous_sizes = current, sizes
                current, sizes = carried
                total = sum(sizes)
            current.append(unit)
            sizes.append(size)
            total += size
        if current:
            chunks.append(" ".join(current))
        return chunks


class CarriesOnlyTheLastUnit(Mistake):
    """Carries at most the closed chunk's last unit, when it fits, instead of the longest run of trailing units.

    chunk_text("a b. c d. e f. g h.", 6, 4) returns ['a b. c d. e f.', 'e f. g h.']:
    'c d. e f.' (4 words) was allowed, but only 'e f.' is carried.
    """

    id = "carries_only_the_last_unit"
    title = "The overlap is at most one unit, though more would fit"
    hint = (
        "Keep taking units from the end of the closed chunk while both overlap_tokens "
        "and the room for the next unit allow."
    )

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def last_unit(units, sizes, overlap_tokens, room):
            if sizes[-1] <= min(overlap_tokens, room):
                return units[-1:], sizes[-1:]
            return [], []

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=last_unit)


class TotalIgnoresTheCarry(Mistake):
    """Carries the right units into the new chunk but restarts its running total at 0.

    The carried words are never counted, so the new chunk takes more units than fit:
    chunk_text("a b. c d. e f. g h. i j.", 6, 4) returns ['a b. c d. e f.', 'c d. e f. g h. i j.'],
    8 words in the second chunk.
    """

    id = "total_ignores_the_carry"
    title = "The new chunk's running total leaves out the carried units"
    hint = "A chunk opened with carried units already holds their words: its total starts at their sum, not at 0."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current, sizes, total = [], [], [], 0
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and total + size > max_tokens:
                chunks.append(" ".join(current))
                current, sizes = _whole_units_carry(current, sizes, overlap_tokens, max_tokens - size)
                total = 0
            current.append(unit)
            sizes.append(size)
            total += size
        if current:
            chunks.append(" ".join(current))
        return chunks


# Validation --------------------------------------------------------------------------------


def _split_unchecked(text, max_tokens):
    return _cut(_sentences(text), max_tokens)


class AcceptsBool(Mistake):
    """Checks isinstance(value, int), which True and False pass, since bool is a subclass of int.

    chunk_text("a b. c d.", 4, True) returns ['a b. c d.'] instead of raising TypeError.
    """

    id = "accepts_bool"
    title = "Accepts True and False as numbers"
    hint = "bool is a subclass of int: reject it explicitly."

    @staticmethod
    def _check(text, max_tokens, overlap_tokens=0):
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
            if not isinstance(value, int):
                raise TypeError(f"{name} must be an int, got {value!r}")
        _validate(text, int(max_tokens), int(overlap_tokens))

    @staticmethod
    def split_units(text, max_tokens):
        AcceptsBool._check(text, max_tokens)
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        AcceptsBool._check(text, max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class ValidatesAfterTheEmptyCheck(Mistake):
    """Returns [] for empty text before validating, so chunk_text("", 3, 3) is silently accepted."""

    id = "validates_after_the_empty_check"
    title = "Skips validation when the text is empty"
    hint = "Check the arguments first: a bad budget is a bug in the caller whatever the text."

    @staticmethod
    def split_units(text, max_tokens):
        if not text:
            return []
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        if not text:
            return []
        return _chunk(_split, text, max_tokens, overlap_tokens)


class TextNotChecked(Mistake):
    """Checks the numbers but not the text, so bytes or None fail deep inside with a message about regexes.

    chunk_text(b"a b.", 4) raises TypeError('cannot use a string pattern on a bytes-like object'),
    which does not say that the parameter text is the problem.
    """

    id = "text_not_checked"
    title = "Does not check that text is a str"
    hint = "Raise TypeError naming the parameter text when it is not a str, before using it."

    @staticmethod
    def split_units(text, max_tokens):
        _validate("", max_tokens)
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate("", max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class NoValidation(Mistake):
    """Checks nothing: an overlap equal to the budget, or a negative one, is silently used.

    chunk_text("a b.", 4, 4) returns ['a b.'] instead of raising ValueError, so a
    configuration error goes unnoticed; a negative overlap is treated as 0; and
    split_units("a b.", 0) fails inside range() with a message that does not name max_tokens.
    Seen in langchain-text-splitters 1.1.3 and semchunk 4.1.1 (EXPLANATION.md, In the wild).
    """

    id = "no_validation"
    title = "Does not validate max_tokens and overlap_tokens"
    hint = "Raise ValueError unless max_tokens >= 1 and 0 <= overlap_tokens < max_tokens, and TypeError for non-ints."

    @staticmethod
    def split_units(text, max_tokens):
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class ChecksEachNumberInTurn(Mistake):
    """Checks max_tokens' type and value, then overlap_tokens': with both bad, the wrong error wins.

    chunk_text("a", 0, 1.5) raises ValueError for max_tokens; the contract checks both types
    first, so it is TypeError for overlap_tokens.
    """

    id = "checks_each_number_in_turn"
    title = "Checks each number's type and value in turn, not both types first"
    hint = "Check text, then the types of max_tokens and overlap_tokens, then their values."

    @staticmethod
    def _check(text, max_tokens, overlap_tokens=0):
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
            if name == "max_tokens" and max_tokens < 1:
                raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _validate(text, max_tokens, overlap_tokens)

    @staticmethod
    def split_units(text, max_tokens):
        ChecksEachNumberInTurn._check(text, max_tokens)
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        ChecksEachNumberInTurn._check(text, max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class ChecksTheTextLast(Mistake):
    """Checks the numbers before text: with every argument bad, the error is about max_tokens.

    chunk_text(None, 0, -1) raises ValueError for max_tokens; the contract checks text first.
    """

    id = "checks_the_text_last"
    title = "Checks max_tokens and overlap_tokens before text"
    hint = "Check text first, as the statement's table does, then the numbers."

    @staticmethod
    def _check(text, max_tokens, overlap_tokens=0):
        for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        _validate(text, max_tokens, overlap_tokens)

    @staticmethod
    def split_units(text, max_tokens):
        ChecksTheTextLast._check(text, max_tokens)
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        ChecksTheTextLast._check(text, max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


# More of splitting -------------------------------------------------------------------------


class BlankLineOfSpacesAndTabsOnly(Mistake):
    """Finds blank lines with r"\\n[ \\t]*\\n": spaces and tabs may sit between the newlines, but not a "\\r".

    A blank line in Windows line endings, "\\r\\n\\r\\n", holds "\\n\\r\\n", which that pattern does not match:
    split_units("Title here\\r\\n\\r\\nBody text.", 10) returns ['Title here Body text.'].
    """

    id = "blank_line_of_spaces_and_tabs_only"
    title = "A blank line in Windows line endings does not end a paragraph"
    hint = 'Any whitespace may sit between the two newlines of a blank line, "\\r" too: r"\\n\\s*\\n".'

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in re.split(r"\n[ \t]*\n", text)
            for piece in SENTENCE_BREAK.split(paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(BlankLineOfSpacesAndTabsOnly.split_units, text, max_tokens, overlap_tokens)


class OnlyASpaceEndsASentence(Mistake):
    """Ends a sentence at a mark followed by spaces, r"(?<=[.!?]) +", so a newline or a tab after the mark ends nothing.

    split_units("one.\\ntwo!\\nthree", 5) returns ['one. two! three'] instead of ['one.', 'two!', 'three'].
    """

    id = "only_a_space_ends_a_sentence"
    title = "A newline or a tab after '.', '!' or '?' does not end the sentence"
    hint = r"Any whitespace after the mark ends a sentence: a newline or a tab as well as a space (\s+)."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in re.split(r"(?<=[.!?]) +", paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(OnlyASpaceEndsASentence.split_units, text, max_tokens, overlap_tokens)


class SplitsWordsOnSpacesOnly(Mistake):
    """Splits a sentence into words with split(" "), dropping the empty strings: tabs and newlines stay inside words.

    split_units("one two\\nthree. four", 5) returns ['one two\\nthree.', 'four']: the unit holds a
    newline, and 'two\\nthree.' is one "word" where the text has two.
    """

    id = "splits_words_on_spaces_only"
    title = "Splits words on spaces only, so tabs and newlines stay inside a unit"
    hint = "str.split() with no argument splits on any whitespace; split(' ') keeps tabs and newlines in the words."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            [word for word in piece.strip().split(" ") if word]
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in SENTENCE_BREAK.split(paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(SplitsWordsOnSpacesOnly.split_units, text, max_tokens, overlap_tokens)


class WindowsStepOneWordShort(Mistake):
    """Cuts a long sentence with a step of max_tokens - 1 words, taking windows of max_tokens - 1 words.

    split_units("a b c d e f g h i j.", 4) returns ['a b c', 'd e f', 'g h i', 'j.'] instead of
    ['a b c d', 'e f g h', 'i j.']. Windows of max_tokens words that start every max_tokens - 1 words,
    so that neighbours share a word, fail the same tests.
    Seen in langchain-text-splitters 1.1.3 (EXPLANATION.md, In the wild).
    """

    id = "windows_step_one_word_short"
    title = "Cuts a long sentence every max_tokens - 1 words instead of every max_tokens"
    hint = "Each window of a long sentence holds exactly max_tokens words and starts where the one before ended."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for words in _sentences(text):
            if len(words) <= max_tokens:
                units.append(" ".join(words))
                continue
            for start in range(0, len(words), max_tokens - 1):
                units.append(" ".join(words[start : start + max_tokens - 1]))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(WindowsStepOneWordShort.split_units, text, max_tokens, overlap_tokens)


class EmptyUnitAfterFullWindows(Mistake):
    """Cuts windows while at least max_tokens words are left, then adds the rest, even when nothing is left.

    A sentence whose words fill its windows exactly gets an empty unit after them:
    split_units("a b c. d e f g. h", 4) returns ['a b c.', 'd e f g.', '', 'h'].
    """

    id = "empty_unit_after_full_windows"
    title = "Adds an empty unit after a sentence whose words fill whole windows"
    hint = "Cut while more than max_tokens words are left (or drop an empty rest): a unit is never empty."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for words in _sentences(text):
            start = 0
            while len(words) - start >= max_tokens:
                units.append(" ".join(words[start : start + max_tokens]))
                start += max_tokens
            units.append(" ".join(words[start:]))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(EmptyUnitAfterFullWindows.split_units, text, max_tokens, overlap_tokens)


class LongSentenceCutOneWordLate(Mistake):
    """Cuts a sentence only when it has more than max_tokens + 1 words, so one of max_tokens + 1 words stays whole.

    split_units("a b c d e.", 4) returns ['a b c d e.'], a unit of 5 words over the budget of 4,
    instead of ['a b c d', 'e.'].
    """

    id = "long_sentence_cut_one_word_late"
    title = "Keeps a sentence of max_tokens + 1 words whole"
    hint = "A sentence of more than max_tokens words is cut: max_tokens + 1 words is already one too many."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for words in _sentences(text):
            if len(words) <= max_tokens + 1:
                units.append(" ".join(words))
            else:
                units.extend(_cut([words], max_tokens))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(LongSentenceCutOneWordLate.split_units, text, max_tokens, overlap_tokens)


class CopiesTheRestOfALongSentence(Mistake):
    """Cuts a long sentence by taking its first max_tokens words and keeping the rest, words = words[max_tokens:].

    The units are right, but every window copies the rest of the sentence: one sentence of 300,000
    words with max_tokens=7 copies about 6 billion words.
    """

    id = "copies_the_rest_of_a_long_sentence"
    title = "Copies the rest of a long sentence for every window (quadratic)"
    hint = "Step a start index through the sentence's words instead of slicing off the rest each time."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for words in _sentences(text):
            while len(words) > max_tokens:
                units.append(" ".join(words[:max_tokens]))
                words = words[max_tokens:]
            units.append(" ".join(words))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(CopiesTheRestOfALongSentence.split_units, text, max_tokens, overlap_tokens)


# More of packing and overlap ---------------------------------------------------------------


class JoinsUnitsWithANewline(Mistake):
    """Joins the units of a chunk with "\\n" instead of one space.

    chunk_text("a b. c d.", 4) returns ['a b.\\nc d.'] instead of ['a b. c d.'].
    """

    id = "joins_units_with_a_newline"
    title = "Joins the units of a chunk with a newline instead of a space"
    hint = "A chunk is its units joined by one space: ' '.join(units)."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current, sizes, total = [], [], [], 0
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and total + size > max_tokens:
                chunks.append("\n".join(current))
                current, sizes = _whole_units_carry(current, sizes, overlap_tokens, max_tokens - size)
                total = sum(sizes)
            current.append(unit)
            sizes.append(size)
            total += size
        if current:
            chunks.append("\n".join(current))
        return chunks


class CarryTakenFromTheFront(Mistake):
    """Takes the carry from the front of the closed chunk: its first units, while they fit, instead of its last.

    chunk_text("Cats purr. Dogs bark. Birds sing at dawn. Fish swim.", 6, 4) returns a second chunk
    'Cats purr. Birds sing at dawn.': it repeats a sentence from the start of the chunk before, and the
    passage that spans the cut ('Dogs bark. Birds sing at dawn.') is in no chunk.
    """

    id = "carry_taken_from_the_front"
    title = "The overlap comes from the start of the closed chunk instead of its end"
    hint = "Walk back from the last unit of the closed chunk: the overlap is its trailing units."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def leading_units(units, sizes, overlap_tokens, room):
            end, carried = 0, 0
            while end < len(units) and carried + sizes[end] <= min(overlap_tokens, room):
                carried += sizes[end]
                end += 1
            return units[:end], sizes[:end]

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=leading_units)


class CarriesUntilTheOverlapIsReached(Mistake):
    """Takes trailing units while the carry is below overlap_tokens, with no other limit, then adds the next unit.

    The last unit taken can pass overlap_tokens, and the carry plus the next unit can pass max_tokens:
    chunk_text("a b c. d e f. g h i.", 6, 2) returns a second chunk 'd e f. g h i.' that carries 3 words,
    and with max_tokens=9, overlap_tokens=8 the fifty-sentence example gives chunks of 12 words.
    """

    id = "carries_until_the_overlap_is_reached"
    title = "Carries units until overlap_tokens is reached, passing it and the budget"
    hint = (
        "Take a unit only if the carry with it stays within overlap_tokens, and within the room that the next "
        "unit leaves in max_tokens."
    )

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def while_below(units, sizes, overlap_tokens, room):
            start, carried = len(units), 0
            while start > 0 and carried < overlap_tokens:
                start -= 1
                carried += sizes[start]
            return units[start:], sizes[start:]

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=while_below)


class CarryStopsShortOfOverlapTokens(Mistake):
    """Takes a unit only while the carry stays below overlap_tokens (<): a carry of exactly overlap_tokens is refused.

    chunk_text("a b. c d. e f.", 4, 2) returns ['a b. c d.', 'e f.'] instead of ['a b. c d.', 'c d. e f.']:
    'c d.' has exactly overlap_tokens = 2 words.
    """

    id = "carry_stops_short_of_overlap_tokens"
    title = "Refuses a carry of exactly overlap_tokens words"
    hint = "The carry may total overlap_tokens words exactly: compare with <=, not <."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def below(units, sizes, overlap_tokens, room):
            start, carried = len(units), 0
            while start > 0 and carried + sizes[start - 1] < overlap_tokens and carried + sizes[start - 1] <= room:
                start -= 1
                carried += sizes[start]
            return units[start:], sizes[start:]

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=below)


class CarryStopsShortOfTheRoom(Mistake):
    """Takes a unit only while the carry plus the next unit stays below max_tokens (<): an exact fit is refused.

    chunk_text("Cats purr. Dogs bark. Birds sing at dawn. Fish swim.", 6, 4) returns
    ['Cats purr. Dogs bark.', 'Birds sing at dawn. Fish swim.']: 'Dogs bark.' plus the next
    sentence make exactly 6 words, which fits, so it should have been carried.
    """

    id = "carry_stops_short_of_the_room"
    title = "Refuses a carry that, with the next unit, fills the chunk exactly"
    hint = "The carry plus the next unit may make exactly max_tokens words: compare with <=, not <."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def below_the_room(units, sizes, overlap_tokens, room):
            start, carried = len(units), 0
            while start > 0 and carried + sizes[start - 1] <= overlap_tokens and carried + sizes[start - 1] < room:
                start -= 1
                carried += sizes[start]
            return units[start:], sizes[start:]

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=below_the_room)


class CarryLimitsAreStrict(Mistake):
    """Takes a trailing unit only while the carry stays below min(overlap_tokens, room) (<), refusing both exact fits.

    chunk_text("a b. c d. e f.", 4, 2) returns ['a b. c d.', 'e f.'], and the fourth example of the
    statement carries nothing at its first close, where 'Dogs bark.' fits both limits exactly.
    """

    id = "carry_limits_are_strict"
    title = "Refuses a carry that meets overlap_tokens or the room exactly"
    hint = (
        "Both limits allow equality: the carry may total overlap_tokens, and the carry plus the next unit max_tokens."
    )

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        def strictly_below(units, sizes, overlap_tokens, room):
            start, carried = len(units), 0
            while start > 0 and carried + sizes[start - 1] < min(overlap_tokens, room):
                start -= 1
                carried += sizes[start]
            return units[start:], sizes[start:]

        return _chunk(_split, text, max_tokens, overlap_tokens, carry=strictly_below)


class StopsWhenTheCarryLeavesNoRoom(Mistake):
    """Carries the trailing units within overlap_tokens, and ends the chunking when the next unit does not fit.

    Every unit after that point is lost: the fifty-sentence example with max_tokens=9, overlap_tokens=8
    returns only ['S1 w w w. S2 w w w.']. Raising an error there instead fails the same tests.
    """

    id = "stops_when_the_carry_leaves_no_room"
    title = "Stops (or raises) when the overlap leaves no room for the next unit, instead of carrying less"
    hint = (
        "When the carry leaves no room for the next unit, carry fewer units (none if need be) and go on: "
        "every unit must reach a chunk."
    )

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current, sizes, total = [], [], [], 0
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and total + size > max_tokens:
                chunks.append(" ".join(current))
                current, sizes = _carry_without_room(current, sizes, overlap_tokens, max_tokens - size)
                total = sum(sizes)
                if total + size > max_tokens:
                    return chunks  # no room left for the unit: the chunking ends here
            current.append(unit)
            sizes.append(size)
            total += size
        if current:
            chunks.append(" ".join(current))
        return chunks


class KeepsTheOldTotal(Mistake):
    """Adds the carried units' words to the running total of the chunk just closed instead of starting again from them.

    The new chunk looks fuller than it is and closes too early: chunk_text("a b c d e f. g h.", 4)
    returns ['a b c d', 'e f.', 'g h.'] instead of ['a b c d', 'e f. g h.'].
    """

    id = "keeps_the_old_total"
    title = "The new chunk's running total still counts the chunk just closed"
    hint = (
        "When a chunk closes, its running total starts again: at the carried units' words, not on top of the old total."
    )

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current, sizes, total = [], [], [], 0
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and total + size > max_tokens:
                chunks.append(" ".join(current))
                current, sizes = _whole_units_carry(current, sizes, overlap_tokens, max_tokens - size)
                total += sum(sizes)
            current.append(unit)
            sizes.append(size)
            total += size
        if current:
            chunks.append(" ".join(current))
        return chunks


# More of validation ------------------------------------------------------------------------


def _check_text_and_types(text, max_tokens, overlap_tokens):
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, got {value!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")


class OverlapAcceptsBool(Mistake):
    """Rejects a bool max_tokens, but takes a bool overlap_tokens for 0 or 1.

    chunk_text("a b. c d.", 4, True) returns ['a b. c d.'] instead of raising TypeError.
    """

    id = "overlap_accepts_bool"
    title = "Accepts True and False as overlap_tokens"
    hint = "bool is a subclass of int: reject it for overlap_tokens too, as for max_tokens."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, int(overlap_tokens) if isinstance(overlap_tokens, bool) else overlap_tokens)
        return _pack(_split(text, max_tokens), max_tokens, overlap_tokens)


class BlankTextSkipsTheOverlapCheck(Mistake):
    """Checks the types and max_tokens, then returns [] for a text without units before checking overlap_tokens.

    chunk_text("", 3, 3) returns [] instead of raising ValueError (overlap_tokens must be less than max_tokens).
    """

    id = "blank_text_skips_the_overlap_check"
    title = "Skips the check of overlap_tokens' value when the text has no units"
    hint = "Check every argument before looking at the text: an empty text does not excuse a bad overlap_tokens."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _check_text_and_types(text, max_tokens, overlap_tokens)
        units = _split(text, max_tokens)
        if not units:
            return []
        _validate(text, max_tokens, overlap_tokens)
        return _pack(units, max_tokens, overlap_tokens)


class SplitUnitsChecksNothing(Mistake):
    """Checks the arguments in chunk_text only: split_units takes whatever it is given.

    split_units("a b.", 0) raises ValueError('range() arg 3 must not be zero') and split_units(None, 4)
    a TypeError about a regular expression: neither names the argument. split_units("a b.", True) returns
    ['a', 'b.'].
    """

    id = "split_units_checks_nothing"
    title = "split_units does not check its arguments"
    hint = (
        "split_units is called on its own too: check text and max_tokens there as well, as the statement's table says."
    )

    @staticmethod
    def split_units(text, max_tokens):
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class AcceptsFloats(Mistake):
    """Checks isinstance(value, (int, float)), so 4.0 passes the checks and fails later inside range().

    chunk_text("a b. c d.", 4.0) raises TypeError("'float' object cannot be interpreted as an integer"),
    which does not name max_tokens, and chunk_text("a", 0, 1.5) raises ValueError for max_tokens where the
    contract checks both types first.
    """

    id = "accepts_floats"
    title = "Accepts a float such as 4.0 for max_tokens or overlap_tokens"
    hint = "Only an int counts words: raise TypeError naming the argument for a float (and for a bool)."

    @staticmethod
    def _check(text, max_tokens, overlap_tokens=0):
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"{name} must be a number, got {value!r}")
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
        if not 0 <= overlap_tokens < max_tokens:
            raise ValueError(f"overlap_tokens must be in [0, max_tokens), got {overlap_tokens}")

    @staticmethod
    def split_units(text, max_tokens):
        AcceptsFloats._check(text, max_tokens)
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        AcceptsFloats._check(text, max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class MessagesWithoutTheValue(Mistake):
    """Raises the right exceptions, naming the parameter, but not the value that was wrong.

    chunk_text("a b.", 4, 4) raises ValueError('overlap_tokens must be non-negative and smaller than
    max_tokens'), and split_units("a b.", 0) raises ValueError('max_tokens must be positive').
    """

    id = "messages_without_the_value"
    about_the_message = True
    title = "Error messages name the parameter but not its value"
    hint = "Put the bad value in the message too, e.g. 'overlap_tokens must be less than max_tokens (4), got 4'."

    @staticmethod
    def _check(text, max_tokens, overlap_tokens=0):
        if not isinstance(text, str):
            raise TypeError("text must be a str")
        for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int")
        if max_tokens < 1:
            raise ValueError("max_tokens must be positive")
        if not 0 <= overlap_tokens < max_tokens:
            raise ValueError("overlap_tokens must be non-negative and smaller than max_tokens")

    @staticmethod
    def split_units(text, max_tokens):
        MessagesWithoutTheValue._check(text, max_tokens)
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        MessagesWithoutTheValue._check(text, max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class OverlapEqualToMaxTokensAccepted(Mistake):
    """Rejects overlap_tokens > max_tokens but lets overlap_tokens == max_tokens through (> where >= was meant).

    chunk_text("a b.", 4, 4) returns ['a b.'] instead of raising ValueError: the configuration error
    goes unnoticed (the room for the next unit still limits the carry, so the loop ends).
    """

    id = "overlap_equal_to_max_tokens_accepted"
    title = "Accepts an overlap_tokens equal to max_tokens"
    hint = "overlap_tokens must be less than max_tokens: raise ValueError when overlap_tokens >= max_tokens."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _check_text_and_types(text, max_tokens, overlap_tokens)
        if not 0 <= overlap_tokens <= max_tokens:
            raise ValueError(f"overlap_tokens must be between 0 and max_tokens ({max_tokens}), got {overlap_tokens}")
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class OverlapNotCheckedAgainstMaxTokens(Mistake):
    """Checks overlap_tokens < 0 but never overlap_tokens >= max_tokens.

    chunk_text("a b. c d. e f.", 4, 10) returns ['a b. c d.', 'c d. e f.'] instead of raising ValueError:
    an overlap larger than the budget is silently cut down by the room for the next unit.
    """

    id = "overlap_not_checked_against_max_tokens"
    title = "Does not reject an overlap_tokens of max_tokens or more"
    hint = "Raise ValueError when overlap_tokens >= max_tokens: such an overlap is a configuration error."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _check_text_and_types(text, max_tokens, overlap_tokens)
        if overlap_tokens < 0:
            raise ValueError(f"overlap_tokens must be at least 0, got {overlap_tokens}")
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class NegativeOverlapAccepted(Mistake):
    """Checks overlap_tokens >= max_tokens but not overlap_tokens < 0: a negative overlap is used as no overlap.

    chunk_text("a b. c d.", 4, -1) returns ['a b. c d.'] instead of raising ValueError.
    """

    id = "negative_overlap_accepted"
    title = "Accepts a negative overlap_tokens"
    hint = "Raise ValueError for overlap_tokens < 0 too: a negative overlap is a configuration error."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _check_text_and_types(text, max_tokens, overlap_tokens)
        if overlap_tokens >= max_tokens:
            raise ValueError(f"overlap_tokens must be less than max_tokens ({max_tokens}), got {overlap_tokens}")
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class ChecksOverlapTypeFirst(Mistake):
    """Checks the type of overlap_tokens before that of max_tokens: with both wrong, the error is about overlap_tokens.

    chunk_text("a", "4", None) raises TypeError for overlap_tokens; the contract checks max_tokens first.
    """

    id = "checks_overlap_type_first"
    title = "Checks the type of overlap_tokens before that of max_tokens"
    hint = "Check in the statement's order: text, the type of max_tokens, that of overlap_tokens, then their values."

    @staticmethod
    def _check(text, max_tokens, overlap_tokens=0):
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        for name, value in (("overlap_tokens", overlap_tokens), ("max_tokens", max_tokens)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
        _validate(text, max_tokens, overlap_tokens)

    @staticmethod
    def split_units(text, max_tokens):
        ChecksOverlapTypeFirst._check(text, max_tokens)
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        ChecksOverlapTypeFirst._check(text, max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class ChecksOverlapBeforeMaxTokens(Mistake):
    """Checks the value of overlap_tokens before that of max_tokens: with both bad, the error is about overlap_tokens.

    chunk_text("a b.", 0, -1) raises ValueError('overlap_tokens must be at least 0 and less than max_tokens (0),
    got -1'); the contract checks max_tokens first.
    """

    id = "checks_overlap_before_max_tokens"
    title = "Checks the value of overlap_tokens before that of max_tokens"
    hint = "Check that max_tokens is at least 1 before checking overlap_tokens against it."

    @staticmethod
    def _check(text, max_tokens, overlap_tokens=0):
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an int, got {value!r}")
        if not 0 <= overlap_tokens < max_tokens:
            raise ValueError(
                f"overlap_tokens must be at least 0 and less than max_tokens ({max_tokens}), got {overlap_tokens}"
            )
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        return _split_unchecked(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        ChecksOverlapBeforeMaxTokens._check(text, max_tokens, overlap_tokens)
        return _pack(_split_unchecked(text, max_tokens), max_tokens, overlap_tokens)


class AsciiWhitespaceOnly(Mistake):
    """Ends sentences at a mark followed by r"[ \\t\\r\\n]+": the other Unicode spaces of str.split() end nothing.

    split_units("one\\u00a0two.\\u2003three", 5) returns ['one two. three'] instead of ['one two.', 'three']:
    the em space after 'two.' is whitespace to str.split(), but not to that character class.
    """

    id = "ascii_whitespace_only"
    title = "Only spaces, tabs and line breaks after a mark end a sentence, not the other Unicode spaces"
    hint = r"Whitespace is what str.split() splits on: \s in a regular expression on a str matches the same characters."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in re.split(r"(?<=[.!?])[ \t\r\n]+", paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(AsciiWhitespaceOnly.split_units, text, max_tokens, overlap_tokens)


class SentenceMustStartWithACapital(Mistake):
    """Ends a sentence only where a capital letter follows the whitespace after the mark: r"(?<=[.!?])\\s+(?=[A-Z])".

    Every statement example starts its sentences with a capital, but the contract does not ask for one:
    split_units("one.\\ntwo!\\nthree", 5) returns ['one. two! three'] instead of ['one.', 'two!', 'three'].
    """

    id = "sentence_must_start_with_a_capital"
    title = "Ends a sentence only before a capital letter"
    hint = "Any '.', '!' or '?' followed by whitespace ends a sentence, whatever follows: 'one. two' is two sentences."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        sentences = [
            piece.split()
            for paragraph in PARAGRAPH_BREAK.split(text)
            for piece in re.split(r"(?<=[.!?])\s+(?=[A-Z])", paragraph)
            if piece.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(SentenceMustStartWithACapital.split_units, text, max_tokens, overlap_tokens)


class BlankPieceBecomesAnEmptyUnit(Mistake):
    """Skips a piece only when it is the empty string, so a piece of whitespace alone becomes the unit ''.

    split_units(" \\t\\n\\nOne.\\n\\n  \\t", 5) returns ['', 'One.', ''], and chunk_text("One. Two.\\n\\n \\t", 5)
    returns ['One. Two. ']: the empty unit is joined to the chunk with one more space.
    """

    id = "blank_piece_becomes_an_empty_unit"
    title = "A paragraph of whitespace alone becomes an empty unit"
    hint = "Drop a piece that holds no word (if not piece.split()), not only the empty string: a unit is never empty."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for paragraph in PARAGRAPH_BREAK.split(text):
            for sentence in SENTENCE_BREAK.split(paragraph):
                if not sentence:
                    continue
                words = sentence.split()
                if len(words) <= max_tokens:
                    units.append(" ".join(words))
                else:
                    units.extend(_cut([words], max_tokens))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(BlankPieceBecomesAnEmptyUnit.split_units, text, max_tokens, overlap_tokens)


class NeverCarriesAUnitTwice(Mistake):
    """Marks each carried unit and never carries it again, for fear that carrying could loop forever.

    chunk_text("a. b. c. d. e.", 3, 2) returns ['a. b. c.', 'b. c. d.', 'd. e.'] instead of ending with
    'c. d. e.': 'c.' was carried once, so the walk back stops at it and only 'd.' is carried.
    """

    id = "never_carries_a_unit_twice"
    title = "A unit carried once is never carried again"
    hint = "The carry is the longest run of trailing units that fits, whether or not they were carried before."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current, total = [], [], 0  # current: (unit, size, was_carried)
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and total + size > max_tokens:
                chunks.append(" ".join(piece for piece, _, _ in current))
                carried, carried_total = [], 0
                for piece, piece_size, was_carried in reversed(current):
                    if was_carried or carried_total + piece_size > min(overlap_tokens, max_tokens - size):
                        break
                    carried.append((piece, piece_size, True))
                    carried_total += piece_size
                current, total = carried[::-1], carried_total
            current.append((unit, size, False))
            total += size
        if current:
            chunks.append(" ".join(piece for piece, _, _ in current))
        return chunks


class ChunkTextReturnsEarlyForBlankText(Mistake):
    """chunk_text checks that text is a str, then returns [] for blank text before it checks the numbers.

    chunk_text("", 0) and chunk_text("", 3, 3) return [] instead of raising ValueError, and chunk_text("", 3.0)
    returns [] instead of raising TypeError. split_units checks everything first and is right.
    """

    id = "chunk_text_returns_early_for_blank_text"
    title = "chunk_text skips the checks of the numbers when the text is blank"
    hint = "Check max_tokens and overlap_tokens before looking at what the text holds: blank text excuses nothing."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        if not text.strip():
            return []
        return _chunk(_split, text, max_tokens, overlap_tokens)


class OneWindowTooMany(Mistake):
    """Cuts a long sentence into len(words) // max_tokens + 1 windows, one too many when the count divides evenly.

    split_units("a b c d e f. g.", 3) returns ['a b c', 'd e f.', '', 'g.']: the 6 words fill two windows,
    and the third window is empty. A sentence of at most max_tokens words is kept whole and is right.
    """

    id = "one_window_too_many"
    title = "Adds an empty window when a long sentence fills its windows exactly"
    hint = "A sentence of n words has ceil(n / max_tokens) windows: range(0, n, max_tokens) gives their starts."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for words in _sentences(text):
            if len(words) <= max_tokens:
                units.append(" ".join(words))
                continue
            for window in range(len(words) // max_tokens + 1):
                units.append(" ".join(words[window * max_tokens : (window + 1) * max_tokens]))
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(OneWindowTooMany.split_units, text, max_tokens, overlap_tokens)


class ParagraphsBySplitlines(Mistake):
    """Finds the blank lines with str.splitlines(), which breaks lines at "\\r", "\\x0c", "\\x85", "\\u2028" and more.

    split_units("Title here\\x0c\\x0cBody text", 10) returns ['Title here', 'Body text'] instead of
    ['Title here Body text']: only "\\n" is a newline, and the others are whitespace.
    """

    id = "paragraphs_by_splitlines"
    title = "Takes every line boundary of str.splitlines() for a newline"
    hint = "Only '\\n' is a newline: find blank lines with '\\n', optional whitespace, '\\n', not with splitlines()."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        paragraphs, lines = [], []
        for line in text.splitlines():
            if line.strip():
                lines.append(line)
            elif lines:
                paragraphs.append("\n".join(lines))
                lines = []
        if lines:
            paragraphs.append("\n".join(lines))
        sentences = [
            sentence.split()
            for paragraph in paragraphs
            for sentence in SENTENCE_BREAK.split(paragraph)
            if sentence.strip()
        ]
        return _cut(sentences, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(ParagraphsBySplitlines.split_units, text, max_tokens, overlap_tokens)


class AsciiWhitespaceEverywhere(Mistake):
    """Takes whitespace to be the ASCII characters " \\t\\r\\n\\f\\v" alone, for blank lines, sentence ends and words.

    split_units("one\\u00a0two.\\u2003three", 5) returns ['one\\u00a0two.\\u2003three'], a single word, and
    split_units("Title here\\x1c\\x1cBody text", 10) returns ['Title here\\x1c\\x1cBody text']: to str.split()
    "\\x1c", "\\x85", "\\u2028" and the Unicode spaces are whitespace too.
    """

    id = "ascii_whitespace_everywhere"
    title = "Splits words on ASCII whitespace only, not on every character str.split() splits on"
    hint = "Whitespace is what str.split() splits on: split words with str.split(), and use \\s in the expressions."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        units = []
        for paragraph in re.split(r"\n[ \t\r\f\v]*\n", text):
            for sentence in re.split(r"(?<=[.!?])[ \t\r\n\f\v]+", paragraph):
                words = [word for word in re.split(r"[ \t\r\n\f\v]+", sentence) if word]
                units.extend(_cut([words], max_tokens) if words else [])
        return units

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(AsciiWhitespaceEverywhere.split_units, text, max_tokens, overlap_tokens)


@functools.lru_cache(maxsize=128)
def _remembered_split(text, max_tokens):
    return _split(text, max_tokens)


class CachesTheUnits(Mistake):
    """Remembers split_units' answer with functools.lru_cache and hands the same list out again.

    After units = split_units("One. Two.", 5); units.append("Three."), the next call returns
    ['One.', 'Two.', 'Three.'], and chunk_text("One. Two.", 5), which packs the same cached list,
    returns ['One. Two. Three.'].
    """

    id = "caches_the_units"
    title = "Returns the same cached list of units to every caller"
    hint = "Build a new list on every call: a cached answer carries every change its callers made."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        return _remembered_split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(CachesTheUnits.split_units, text, max_tokens, overlap_tokens)


class CachesTheUnitsOfSplitUnitsOnly(Mistake):
    """Remembers split_units' answer with functools.lru_cache, while chunk_text splits afresh.

    After units = split_units("One. Two.", 5); units.append("Three."), the next call returns
    ['One.', 'Two.', 'Three.']; chunk_text, which does not ask split_units, is right.
    """

    id = "caches_the_units_of_split_units_only"
    title = "Returns the same cached list from split_units to every caller"
    hint = "Build a new list on every call: a cached answer carries every change its callers made."

    @staticmethod
    def split_units(text, max_tokens):
        _validate(text, max_tokens)
        return _remembered_split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        return _chunk(_split, text, max_tokens, overlap_tokens)


class KeepsRoomForACarryInTheFirstChunk(Mistake):
    """Fills the first chunk only to max_tokens - overlap_tokens, keeping room for a carry it never has.

    The overlaps stay within overlap_tokens, but the first chunk is not filled greedily:
    chunk_text("a b. c d. e f. g h.", 6, 3) returns ['a b.', 'a b. c d. e f.', 'e f. g h.'] instead
    of ['a b. c d. e f.', 'e f. g h.'].
    """

    id = "keeps_room_for_a_carry_in_the_first_chunk"
    title = "Fills the first chunk only to max_tokens - overlap_tokens, as if it began with a carry"
    hint = "The first chunk begins with no carry: add units to it while they fit max_tokens, as without overlap."

    @staticmethod
    def split_units(text, max_tokens):
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        _validate(text, max_tokens, overlap_tokens)
        chunks, current, sizes, total = [], [], [], 0
        limit = max_tokens - overlap_tokens  # room kept for a carry, in the first chunk too
        for unit in _split(text, max_tokens):
            size = len(unit.split())
            if current and total + size > limit:
                chunks.append(" ".join(current))
                current, sizes = _whole_units_carry(current, sizes, overlap_tokens, max_tokens - size)
                total, limit = sum(sizes), max_tokens
            current.append(unit)
            sizes.append(size)
            total += size
        if current:
            chunks.append(" ".join(current))
        return chunks


class RejectsAnIntSubclass(Mistake):
    """Checks `type(x) is not int` to refuse bool, which also refuses every other subclass of int.

    An IntEnum member is an int and counts as its value: chunk_text("a b. c d e f. g. h i j k.", Count.FIVE,
    Count.TWO) raises TypeError instead of returning ['a b.', 'c d e f. g.', 'g. h i j k.'].
    """

    id = "rejects_an_int_subclass"
    title = "Rejects an IntEnum member (a subclass of int) as max_tokens or overlap_tokens"
    hint = (
        "Only bool is refused among the subclasses of int: test isinstance(x, int) and reject bool alone, "
        "rather than type(x) is int."
    )

    @staticmethod
    def _validate(text, max_tokens, overlap_tokens=0):
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        for name, value in (("max_tokens", max_tokens), ("overlap_tokens", overlap_tokens)):
            if type(value) is not int:
                raise TypeError(f"{name} must be an int, got {value!r}")
        _validate(text, max_tokens, overlap_tokens)

    @staticmethod
    def split_units(text, max_tokens):
        RejectsAnIntSubclass._validate(text, max_tokens)
        return _split(text, max_tokens)

    @staticmethod
    def chunk_text(text, max_tokens, overlap_tokens=0):
        RejectsAnIntSubclass._validate(text, max_tokens, overlap_tokens)
        return _chunk(_split, text, max_tokens, overlap_tokens)
