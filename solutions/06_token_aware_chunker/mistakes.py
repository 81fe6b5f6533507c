"""Kata 06: common mistakes, each a complete chunk_sections() with one bug.

Run one against the tests with: pytest tests/06_token_aware_chunker --impl=mistake:06:<id>
"""

import functools

from kata.runner.mistakes import Mistake


def _validate(max_tokens, tokenizer, separator, check_separator=True):
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
        raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if not isinstance(separator, str):
        raise TypeError(f"separator must be a str, got {separator!r}")
    if check_separator and len(tokenizer.encode(separator)) >= max_tokens:
        raise ValueError(f"separator {separator!r} must count fewer than max_tokens ({max_tokens})")


def _check_sections(sections):
    if not isinstance(sections, (list, tuple)):
        raise TypeError(f"sections must be a list or a tuple of str, not a {type(sections).__name__}")


def _check_section(index, section):
    if not isinstance(section, str):
        raise TypeError(f"sections[{index}] must be a str, got {section!r}")


def _ends_between_characters(text, section, offset, tokenizer, ids, end):
    """The right test of a run of ids: its text is the next characters of the section, and a
    trailing U+FFFD is one the section holds (the ids after the run then decode to the rest)."""
    return section.startswith(text, offset) and (
        not text.endswith("\ufffd") or tokenizer.decode(ids[end:]) == section[offset + len(text) :]
    )


def _pieces(
    section,
    ids,
    max_tokens,
    tokenizer,
    index,
    *,
    runs=None,
    ends_between=_ends_between_characters,
    fits_again=None,
    too_wide=None,
    cuts_a_character_alone=True,
    encodes_the_rest_again=True,
    restarts_at_the_rest=False,
    reencodes_the_rest=False,
    shown_offset=None,
):
    """The right cut: the longest run of ids that decodes to the next whole characters and fits.

    A mistake changes one step: the run lengths it tries (`runs`, from the ids left), how it
    tells a run that ends between characters (`ends_between`), whether the run's text fits
    when encoded again (`fits_again`), when a character is too wide (`too_wide`), what it does
    when no run fits (`cuts_a_character_alone`, `encodes_the_rest_again`, `restarts_at_the_rest`),
    whether it encodes the rest of the section again after every piece (`reencodes_the_rest`),
    or the offset its error shows (`shown_offset`, from the offset in the text and the index in the ids).
    """
    runs = runs or (lambda left: range(min(max_tokens, left), 0, -1))
    fits_again = fits_again or (lambda text, run: len(tokenizer.encode(text)) <= max_tokens)
    too_wide = too_wide or (lambda count: count > max_tokens)
    shown_offset = shown_offset or (lambda section, offset, start: offset)
    pieces, offset, start = [], 0, 0
    while offset < len(section):
        for size in runs(len(ids) - start):
            text = tokenizer.decode(ids[start : start + size])
            if ends_between(text, section, offset, tokenizer, ids, start + size) and fits_again(
                text, ids[start : start + size]
            ):
                start += size
                if reencodes_the_rest:
                    ids, start = tokenizer.encode(section[offset + len(text) :]), 0
                break
        else:
            text = section[offset]
            where = f"sections[{index}] has the character {text!r} at offset {shown_offset(section, offset, start)}"
            if not cuts_a_character_alone:
                raise ValueError(f"{where}, which no piece of at most max_tokens ({max_tokens}) ids can hold")
            count = len(tokenizer.encode(text))
            if too_wide(count):
                raise ValueError(f"{where}, which alone counts more than max_tokens ({max_tokens})")
            if restarts_at_the_rest:
                pieces.append(text)
                section, offset = section[offset + 1 :], 0
                ids, start = tokenizer.encode(section), 0
                continue
            if encodes_the_rest_again:
                ids, start = tokenizer.encode(section[offset + 1 :]), 0
            else:
                start += count
        pieces.append(text)
        offset += len(text)
    return pieces


def _joins(tokenizer, separator, max_tokens):
    """The right decision: the joined text, measured."""
    return lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens


def _pack(
    sections,
    max_tokens,
    tokenizer,
    separator,
    fits,
    cut=_pieces,
    count=None,
    *,
    oversized=None,
    encodes_again_to_cut=False,
    encodes_twice=False,
    skips_before_checking=False,
    checks_the_sections=True,
):
    """The right packing loop, with the decision `fits(open_chunk, section)` and the cut made pluggable.

    A mistake may also count with `count` instead of the tokenizer, call a section oversized by
    `oversized(its count)`, encode an oversized section a second time to cut it (or every section a
    second time: `encodes_twice`), or skip a falsy section before checking that it is a str.
    """
    if checks_the_sections:
        _check_sections(sections)
    oversized = oversized or (lambda size: size > max_tokens)
    chunks, open_chunk = [], None
    for index, section in enumerate(sections):
        if skips_before_checking and not section:
            continue
        _check_section(index, section)
        if not section:
            continue
        ids = tokenizer.encode(section) if count is None else None
        if encodes_twice:
            ids = tokenizer.encode(section)
        if oversized(len(ids) if count is None else count(section)):
            if open_chunk is not None:
                chunks.append(open_chunk)
                open_chunk = None
            if encodes_again_to_cut:
                ids = tokenizer.encode(section)
            chunks.extend(cut(section, ids, max_tokens, tokenizer, index))
            continue
        if open_chunk is not None and fits(open_chunk, section):
            open_chunk = open_chunk + separator + section
            continue
        if open_chunk is not None:
            chunks.append(open_chunk)
        open_chunk = section
    if open_chunk is not None:
        chunks.append(open_chunk)
    return chunks


class SumsSectionCounts(Mistake):
    """Adds up each section's own count and the separator's, and never measures the joined chunk.

    Tokens form across the place where two texts meet: chunk_sections(["hot tea", "ice"], 4, ToyTokenizer())
    returns ['hot tea\\nice'], which counts 5 tokens, because 2 + 1 + 1 = 4 said it fits; and
    chunk_sections(["the cat", "the mat"], 4, ...) splits a chunk that fits, since "\\nthe" is one token.
    """

    id = "sums_section_counts"
    title = "Adds up the sections' counts instead of measuring the joined chunk"
    hint = "Encode open + separator + section and count that: tokens merge across the separator."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        separator_count = len(tokenizer.encode(separator))
        total = {}

        def fits(open_chunk, section):
            total.setdefault(open_chunk, len(tokenizer.encode(open_chunk)))
            joined = total[open_chunk] + separator_count + len(tokenizer.encode(section))
            total[open_chunk + separator + section] = joined  # the running sum, never measured again
            return joined <= max_tokens

        return _pack(sections, max_tokens, tokenizer, separator, fits)


class IgnoresTheSeparator(Mistake):
    """Counts the open chunk and the section, but not the separator that joins them.

    chunk_sections(["cat", "cat"], 2, ToyTokenizer()) returns ['cat\\ncat'], which counts 3 tokens:
    the newline before "cat" is a token of its own.
    """

    id = "ignores_the_separator"
    title = "Leaves the separator's tokens out of the count"
    hint = "The separator is shipped too: measure open + separator + section."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            lambda open_chunk, section: (
                len(tokenizer.encode(open_chunk)) + len(tokenizer.encode(section)) <= max_tokens
            ),
        )


class CountsCharactersOverFour(Mistake):
    """Estimates a text's tokens as len(text) // 4 instead of asking the tokenizer.

    chunk_sections(["café au lait", "the"], 3, ToyTokenizer()) returns ['café au lait', 'the']: 12 characters
    make "3 tokens", so the section is not cut, but it counts 9. Wide characters are worse:
    chunk_sections(["日本語"], 4, ...) returns ['日本語'], "0 tokens" that count 9.
    """

    id = "counts_characters_over_four"
    title = "Counts tokens as len(text) // 4"
    hint = "Count with the tokenizer: len(tokenizer.encode(text)). Characters per token vary by a factor of ten."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator, check_separator=False)

        def estimate(text):
            return len(text) // 4

        def cut(section, ids, max_tokens, tokenizer, index):
            width = 4 * max_tokens
            return [section[start : start + width] for start in range(0, len(section), width)]

        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            lambda open_chunk, section: estimate(open_chunk + separator + section) <= max_tokens,
            cut=cut,
            count=estimate,
        )


class CutsTokenWindowsBlindly(Mistake):
    """Cuts an oversized section into windows of max_tokens ids and decodes each, wherever it ends.

    A window that ends inside a character decodes to U+FFFD: chunk_sections(["the cat", "🦜🦜🦜", "is hot"], 4,
    ToyTokenizer()) returns ['the cat', '🦜\\ufffd', '\\ufffd\\ufffd\\ufffd', '\\ufffd', 'is hot']: garbage that is
    then embedded, and the middle parrot is lost.
    """

    id = "cuts_token_windows_blindly"
    title = "Cuts token windows without checking that they end between characters"
    hint = "A piece must decode to exactly the next characters of the section: step back while it ends inside one."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def cut(section, ids, max_tokens, tokenizer, index):
            return [tokenizer.decode(ids[start : start + max_tokens]) for start in range(0, len(ids), max_tokens)]

        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens), cut=cut)


class SlicesCharacters(Mistake):
    """Cuts an oversized section into pieces of max_tokens characters instead of max_tokens tokens.

    chunk_sections(["日本語"], 4, ToyTokenizer()) returns ['日本語'] (3 characters, 9 tokens), and
    chunk_sections(["the cat sat on the mat"], 2, ...) returns eleven pieces of 2 characters instead of three.
    """

    id = "slices_characters"
    title = "Cuts oversized sections by characters, not by tokens"
    hint = "Cut on the section's token ids: a character can take several tokens, and a token several characters."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def cut(section, ids, max_tokens, tokenizer, index):
            return [section[start : start + max_tokens] for start in range(0, len(section), max_tokens)]

        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens), cut=cut)


class ReencodesEverythingPacked(Mistake):
    """Checks every candidate by encoding again every chunk packed so far, to be sure the budget still holds.

    The answers are right, but every section re-encodes the whole output: 10,000 short sections
    take minutes instead of a fraction of a second.
    """

    id = "reencodes_everything_packed"
    title = "Re-encodes everything packed so far for every section (quadratic)"
    hint = "Encode only the open chunk joined with the section: it holds at most max_tokens tokens."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        chunks, open_chunk = [], None
        for index, section in enumerate(sections):
            _check_section(index, section)
            if not section:
                continue
            ids = tokenizer.encode(section)
            if len(ids) > max_tokens:
                if open_chunk is not None:
                    chunks.append(open_chunk)
                    open_chunk = None
                chunks.extend(_pieces(section, ids, max_tokens, tokenizer, index))
                continue
            if open_chunk is not None:
                joined = open_chunk + separator + section
                everything = chunks + [joined]  # the whole document so far, encoded again
                if all(len(tokenizer.encode(chunk)) <= max_tokens for chunk in everything):
                    open_chunk = joined
                    continue
                chunks.append(open_chunk)
            open_chunk = section
        if open_chunk is not None:
            chunks.append(open_chunk)
        return chunks


class EmptyChunkBeforeOversized(Mistake):
    """Closes the open chunk before an oversized section even when nothing is open.

    chunk_sections(["🦜🦜"], 3, ToyTokenizer()) returns ['', '🦜', '🦜']: an empty chunk, embedded and indexed.
    """

    id = "empty_chunk_before_oversized"
    title = "Emits an empty chunk before an oversized first section"
    hint = "Close the open chunk only when there is one: no chunk is ever empty."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        chunks, open_chunk = [], ""
        for index, section in enumerate(sections):
            _check_section(index, section)
            if not section:
                continue
            ids = tokenizer.encode(section)
            if len(ids) > max_tokens:
                chunks.append(open_chunk)
                open_chunk = ""
                chunks.extend(_pieces(section, ids, max_tokens, tokenizer, index))
                continue
            if open_chunk and len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens:
                open_chunk = open_chunk + separator + section
                continue
            if open_chunk:
                chunks.append(open_chunk)
            open_chunk = section
        if open_chunk:
            chunks.append(open_chunk)
        return chunks


class LastPieceStaysOpen(Mistake):
    """Leaves the last piece of an oversized section open, so the next section can join it.

    chunk_sections(["🦜🦜", "é"], 5, ToyTokenizer()) returns ['🦜', '🦜\\né'] instead of ['🦜', '🦜', 'é']:
    a section glued to the tail of an unrelated one.
    """

    id = "last_piece_stays_open"
    title = "Lets the next section join the last piece of an oversized section"
    hint = "Every piece of an oversized section is a chunk of its own; the next section starts a new chunk."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        chunks, open_chunk = [], None
        for index, section in enumerate(sections):
            _check_section(index, section)
            if not section:
                continue
            ids = tokenizer.encode(section)
            if len(ids) > max_tokens:
                if open_chunk is not None:
                    chunks.append(open_chunk)
                *done, open_chunk = _pieces(section, ids, max_tokens, tokenizer, index)
                chunks.extend(done)
                continue
            if open_chunk is not None and len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens:
                open_chunk = open_chunk + separator + section
                continue
            if open_chunk is not None:
                chunks.append(open_chunk)
            open_chunk = section
        if open_chunk is not None:
            chunks.append(open_chunk)
        return chunks


class KeepsEmptySections(Mistake):
    """Packs empty sections like any other, so each adds a separator, or makes a chunk of its own.

    chunk_sections(["the", "", "", "the"], 8, ToyTokenizer()) returns ['the\\n\\n\\nthe'], and
    chunk_sections(["", ""], 8, ...) returns ['\\n'].
    """

    id = "keeps_empty_sections"
    title = "Packs empty sections instead of skipping them"
    hint = "Skip a section that is the empty string: it adds nothing but a separator."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        chunks, open_chunk = [], None
        for index, section in enumerate(sections):
            _check_section(index, section)
            ids = tokenizer.encode(section)
            if len(ids) > max_tokens:
                if open_chunk is not None:
                    chunks.append(open_chunk)
                    open_chunk = None
                chunks.extend(_pieces(section, ids, max_tokens, tokenizer, index))
                continue
            if open_chunk is not None and len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens:
                open_chunk = open_chunk + separator + section
                continue
            if open_chunk is not None:
                chunks.append(open_chunk)
            open_chunk = section
        if open_chunk is not None:
            chunks.append(open_chunk)
        return chunks


class StallsOnAWideCharacter(Mistake):
    """Cuts a piece of zero ids when no run of ids ends between characters, and tries again forever.

    chunk_sections(["a🦜"], 2, ToyTokenizer()) never returns: the parrot takes 3 ids, more than the budget,
    so every window ends inside it, and the loop never advances.
    """

    id = "stalls_on_a_wide_character"
    title = "Never advances when a character takes more ids than the budget"
    hint = "When not even one id ends between characters, look at that character alone: cut it, or raise ValueError."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def cut(section, ids, max_tokens, tokenizer, index):
            pieces, offset, start = [], 0, 0
            while offset < len(section):
                size = min(max_tokens, len(ids) - start)
                while size > 0 and not section.startswith(tokenizer.decode(ids[start : start + size]), offset):
                    size -= 1
                text = tokenizer.decode(ids[start : start + size])
                if text:
                    pieces.append(text)
                offset, start = offset + len(text), start + size
            return pieces

        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens), cut=cut)


class AcceptsASeparatorThatFillsTheBudget(Mistake):
    """Never checks the separator's own count.

    chunk_sections(["the cat"], 1, ToyTokenizer()) returns ['the', ' cat'] instead of raising ValueError:
    with a separator of max_tokens tokens or more, no two sections could ever share a chunk.
    """

    id = "accepts_a_separator_that_fills_the_budget"
    title = "Does not reject a separator that counts max_tokens or more"
    hint = "Count the separator once, before the sections, and raise ValueError if it leaves no room."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator, check_separator=False)
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class MessageOmitsTheCharacter(Mistake):
    """Raises the right ValueError for a character wider than the budget, but does not say which or where.

    chunk_sections(["a🦜"], 2, ToyTokenizer()) raises ValueError('a character is too wide for max_tokens'):
    in a 50-page document the caller cannot find it.
    """

    id = "message_omits_the_character"
    about_the_message = True
    title = "Does not name the section, the character or its offset in the error"
    hint = "Put sections[i], the character and its offset in the message."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def cut(section, ids, max_tokens, tokenizer, index):
            try:
                return _pieces(section, ids, max_tokens, tokenizer, index)
            except ValueError:
                raise ValueError("a character is too wide for max_tokens") from None

        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens), cut=cut)


class GrowsEachPieceFromOneId(Mistake):
    """Cuts an oversized section by trying every run of ids from 1 upwards, keeping the longest that works.

    The pieces are right, but every piece decodes and encodes max_tokens prefixes of up to
    max_tokens ids, O(max_tokens**2) per piece: chunk_sections(["日本語🦜é the cat " * 60_000], 512,
    ToyTokenizer()) returns the right 1,875 pieces after about 9 seconds, where the reference takes 0.1.
    """

    id = "grows_each_piece_from_one_id"
    title = "Grows each piece of an oversized section one id at a time (quadratic in max_tokens)"
    hint = (
        "Start from the longest run of ids the budget allows and step back only while it ends "
        "inside a character: most pieces then need one decode, not max_tokens."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def cut(section, ids, max_tokens, tokenizer, index):
            pieces, offset, start = [], 0, 0
            while offset < len(section):
                best = None
                for size in range(1, min(max_tokens, len(ids) - start) + 1):  # every prefix, upwards
                    text = tokenizer.decode(ids[start : start + size])
                    if (
                        section.startswith(text, offset)
                        and (
                            not text.endswith("\ufffd")
                            or tokenizer.decode(ids[start + size :]) == section[offset + len(text) :]
                        )
                        and len(tokenizer.encode(text)) <= max_tokens
                    ):
                        best = size, text
                if best is not None:
                    size, text = best
                    start += size
                else:
                    text = section[offset]
                    if len(tokenizer.encode(text)) > max_tokens:
                        raise ValueError(
                            f"sections[{index}] has the character {text!r} at offset {offset}, "
                            f"which alone counts more than max_tokens ({max_tokens})"
                        )
                    ids, start = tokenizer.encode(section[offset + 1 :]), 0
                pieces.append(text)
                offset += len(text)
            return pieces

        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens), cut=cut)


class RemovesEmptySectionsFromTheInput(Mistake):
    """Skips the empty sections by removing them from the caller's list (sections.remove("")) before packing.

    sections = ["the", "", "cat"]; chunk_sections(sections, 8, ToyTokenizer()) returns ['the\\ncat'] but leaves
    sections == ['the', 'cat']; and chunk_sections(("the", "", "cat"), 8, ...) raises AttributeError, since a
    tuple has no remove.
    """

    id = "removes_empty_sections_from_the_input"
    title = "Removes the empty sections from the caller's list"
    hint = "Skip an empty section inside the loop instead of changing the list you were given."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        while "" in sections:
            sections.remove("")
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class ExactFitClosesTheChunk(Mistake):
    """Lets a section join the open chunk only when the joined text counts fewer than max_tokens (<, not <=).

    A chunk that would count exactly max_tokens is closed instead: chunk_sections(["cat", "cat"], 3, ToyTokenizer())
    returns ['cat', 'cat'] instead of ['cat\\ncat'], which counts 3 tokens.
    """

    id = "exact_fit_closes_the_chunk"
    title = "Closes the chunk when the joined text would count exactly max_tokens (< instead of <=)"
    hint = "A chunk of exactly max_tokens tokens fits: compare the joined count with <=."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) < max_tokens,
        )


class RaisesWhenNoRunOfIdsFits(Mistake):
    """Raises ValueError as soon as no run of ids ends between characters, without trying the character alone.

    With the toy tokenizer that is always right, since its tokens never straddle two characters;
    with one whose tokens do, a character that fits alone is refused: chunk_sections(["éé"], 2, t),
    where "éé" encodes as [0xC3, 256, 0xA9] and 256 holds a byte of each "é", raises instead of
    returning ['é', 'é'].
    """

    id = "raises_when_no_run_of_ids_fits"
    title = "Raises when no run of ids ends between characters, without cutting the character alone"
    hint = (
        "A token may hold the end of one character and the start of the next. When no run of ids "
        "ends between characters, encode the next character alone: if it fits, it is the piece."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, cuts_a_character_alone=False),
        )


class ChecksEverySectionFirst(Mistake):
    """Checks that every section is a str before packing any, instead of each as it is met.

    The first bad section no longer decides the error: chunk_sections(["a🦜", 5], 2, ToyTokenizer())
    raises TypeError for sections[1] instead of ValueError for the parrot of sections[0].
    """

    id = "checks_every_section_first"
    title = "Checks every section's type before packing, instead of each section as it is met"
    hint = (
        "The statement checks each section as it is met, so the first bad section decides the error: "
        "a character too wide in sections[0] comes before a non-str sections[1]."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        for index, section in enumerate(sections):
            _check_section(index, section)
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class AcceptsABoolBudget(Mistake):
    """Checks max_tokens with isinstance(max_tokens, int) alone, so True passes as a budget of 1.

    chunk_sections(["the"], True, ToyTokenizer()) raises the separator's ValueError (the newline
    counts 1, as much as the budget) instead of TypeError for max_tokens.
    """

    id = "accepts_a_bool_budget"
    title = "Accepts True or False as max_tokens"
    hint = "bool is a subclass of int in Python: refuse it explicitly (isinstance(max_tokens, bool))."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        if not isinstance(max_tokens, int):
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        _validate(int(max_tokens), tokenizer, separator)
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class NeverTriesAOneIdPiece(Mistake):
    """Steps back over the runs of ids down to two, never one (range(longest, 1, -1)), then cuts one character.

    A piece that only one id frees is cut as a single character instead, which may be less than
    the id holds: chunk_sections(["the🦜"], 3, ToyTokenizer()) gives ['t', 'he', '🦜'] instead of
    ['the', '🦜'], where "the" is one id.
    """

    id = "never_tries_a_one_id_piece"
    title = "Never tries a piece of one id: the loop over run lengths stops at two"
    hint = "The runs to try go from the longest down to one id: range(longest, 0, -1)."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, runs=lambda left: range(min(max_tokens, left), 1, -1)),
        )


class SkipsBlankSections(Mistake):
    """Skips every section that is only whitespace (if not section.strip()), not just the empty string.

    chunk_sections(["the", " ", "cat"], 8, ToyTokenizer()) returns ['the\\ncat'] instead of
    ['the\\n \\ncat']: a section of spaces is text like any other, and only "" is skipped.
    """

    id = "skips_blank_sections"
    title = "Skips sections made of whitespace, not only empty ones"
    hint = 'Only the empty section "" is skipped; a section of spaces is packed like any other.'

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        blanked = [section if not isinstance(section, str) or section.strip() else "" for section in sections]
        return _pack(blanked, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class ReencodesTheRestAfterEachPiece(Mistake):
    """Encodes the rest of an oversized section again after every piece, instead of walking along its ids.

    The pieces are right, but each costs an encoding of all the text after it: quadratic in the
    section. chunk_sections(["日本語🦜é the cat " * 60_000], 512, ToyTokenizer()) takes about
    26 seconds for its 1,875 pieces, where the reference takes 0.1.
    """

    id = "reencodes_the_rest_after_each_piece"
    title = "Encodes the rest of an oversized section again after every piece (quadratic in the section)"
    hint = (
        "Encode the section once and walk along its ids with a start index: the ids after a piece "
        "that ends between characters are the encoding of the rest."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, reencodes_the_rest=True),
        )


class SkipsTheEncodingAgain(Mistake):
    """Takes the longest run of ids that decodes to whole characters, without encoding its text again.

    A token can depend on what follows it, so a run's text can count more ids alone than it took in
    the section: with a tokenizer where "ab" is one id unless it ends the text, "xaby" is 3 ids, and
    chunk_sections(["xaby"], 2, t) returns ['xab', 'y'], whose first piece counts 3 ids alone.
    """

    id = "skips_the_encoding_again"
    title = "Does not encode a piece's text again to check that it still fits"
    hint = (
        "A piece is shipped as text and counted again by the model: encode the run's text and keep it "
        "only if that counts at most max_tokens."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, fits_again=lambda text, run: True),
        )


class RequiresTheSameIdsAgain(Mistake):
    """Keeps a run of ids only when its text encodes back to those very ids, not when it merely fits.

    The rule asks for a count of at most max_tokens: with a tokenizer where "ab" is one id unless it
    ends the text, chunk_sections(["ab🦜"], 4, t) should give ['ab', '🦜'] ("ab" alone is 2 ids, which
    fit), but this gives ['a', 'b', '🦜'].
    """

    id = "requires_the_same_ids_again"
    title = "Requires a piece to encode back to the same ids instead of counting at most max_tokens"
    hint = "The piece's text must count at most max_tokens when encoded again; it may encode to other ids."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, fits_again=lambda text, run: tokenizer.encode(text) == run),
        )


class TriesRunsLongerThanTheBudget(Mistake):
    """Tries every run of the remaining ids, longest first, relying on the encoding again alone to hold the budget.

    A run of more than max_tokens ids can count fewer alone: with a tokenizer whose last character of
    a text is always one id, "xéy" is 4 ids, but "xé" alone is 2, so chunk_sections(["xéy"], 2, t)
    returns ['xé', 'y'], a piece of 3 of the section's ids. On long sections it also decodes far too
    much: quadratic.
    """

    id = "tries_runs_longer_than_the_budget"
    title = "Tries runs of more than max_tokens ids for a piece"
    hint = "A piece is a run of at most max_tokens of the section's ids: start from min(max_tokens, ids left)."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, runs=lambda left: range(left, 0, -1)),
        )


class TriesOneIdMoreThanTheBudget(Mistake):
    """Starts the runs it tries at max_tokens + 1 ids (an off-by-one in the range), then steps back.

    Most such runs count more than max_tokens alone and are refused, but not all: with a tokenizer
    whose last character of a text is always one id, "xéy" is 4 ids but "xé" alone is 2, so
    chunk_sections(["xéy"], 2, t) returns ['xé', 'y'], a piece of 3 of the section's ids.
    """

    id = "tries_one_id_more_than_the_budget"
    title = "Tries a run of max_tokens + 1 ids first"
    hint = "The longest run to try holds max_tokens ids: range(min(max_tokens, ids left), 0, -1)."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, runs=lambda left: range(min(max_tokens + 1, left), 0, -1)),
        )


class TreatsEveryReplacementCharacterAsACut(Mistake):
    """Refuses every run whose text ends in U+FFFD, as if it were always a cut inside a character.

    A section may hold U+FFFD itself: chunk_sections(["\\ufffd" * 5], 2, ToyTokenizer()) cuts it into
    five pieces of one character each instead of ['\\ufffd\\ufffd', '\\ufffd\\ufffd', '\\ufffd'].
    """

    id = "treats_every_replacement_character_as_a_cut"
    title = "Takes every U+FFFD at the end of a run for a cut inside a character"
    hint = (
        "U+FFFD can be the section's own text. When the run's text ends in it, decode the ids after "
        "the run: they give the rest of the section only if the run ended between characters."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def ends_between(text, section, offset, tokenizer, ids, end):
            return section.startswith(text, offset) and not text.endswith("\ufffd")

        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, ends_between=ends_between),
        )


class TrustsTheDecodedPrefix(Mistake):
    """Takes a run of ids as soon as its text is a prefix of what is left, even if it ended inside a character.

    A run that ends inside a character decodes to U+FFFD, which matches a U+FFFD the section holds:
    with a tokenizer whose last character of a text is always one id, "\\ufffdxy" is 5 ids (U+FFFD's
    three bytes, "x", "y"), and chunk_sections(["\\ufffdxy"], 2, t) takes the first 2 ids, half of
    U+FFFD, then loses its place in the ids: ['\\ufffd', 'x', 'y'] instead of ['\\ufffd', 'xy'].
    """

    id = "trusts_the_decoded_prefix"
    title = "Does not tell a U+FFFD of the section from a cut inside a character"
    hint = (
        "A run whose text ends in U+FFFD may have ended inside a character: keep it only if the ids "
        "after it decode to the rest of the section."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def ends_between(text, section, offset, tokenizer, ids, end):
            return section.startswith(text, offset)

        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, ends_between=ends_between),
        )


class DecodesTheRestForEveryRun(Mistake):
    """Checks every run by decoding all the ids after it too, to see that the two texts give the rest.

    The pieces are right, but each run tried decodes the whole rest of the section: quadratic.
    chunk_sections(["日本語🦜é the cat " * 60_000], 512, ToyTokenizer()) takes far longer than the
    reference's 0.1 seconds, and chunk_sections(["the cat sat on the mat"], 2, t) decodes 4 ids at once.
    """

    id = "decodes_the_rest_for_every_run"
    title = "Decodes the whole rest of an oversized section for every run it tries (quadratic)"
    hint = (
        "A run whose text is the next characters and does not end in U+FFFD ended between characters: "
        "decode the ids after it only when its text ends in U+FFFD."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def ends_between(text, section, offset, tokenizer, ids, end):
            return section.startswith(text, offset) and tokenizer.decode(ids[end:]) == section[offset + len(text) :]

        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, ends_between=ends_between),
        )


class ContinuesOnTheOldIdsAfterACharacter(Mistake):
    """After cutting a character alone, skips as many old ids as that character counts, instead of encoding the rest.

    The old ids no longer start where the text does when a token straddled the cut: with a tokenizer
    where the last byte of one "é" and the first of the next make one id, chunk_sections(["ééok"], 2, t)
    returns ['é', 'é', 'o', 'k'] instead of ['é', 'é', 'ok'].
    """

    id = "continues_on_the_old_ids_after_a_character"
    title = "Goes on with the section's old ids after cutting a character alone"
    hint = (
        "When a character is cut alone, no token boundary fell after it: the old ids cannot be reused. "
        "Encode the rest of the section again and go on from its first id."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, encodes_the_rest_again=False),
        )


class RefusesACharacterThatFillsTheBudget(Mistake):
    """Raises for a character that alone counts exactly max_tokens (>= instead of >) when no run of ids frees it.

    With a tokenizer where the last byte of one "é" and the first of the next make one id, "é" alone
    counts 2: chunk_sections(["éé", "ok"], 2, t) raises ValueError instead of returning ['é', 'é', 'ok'].
    """

    id = "refuses_a_character_that_fills_the_budget"
    title = "Refuses a character that alone counts exactly max_tokens"
    hint = "A character is too wide only when it alone counts more than max_tokens; exactly max_tokens fits."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, too_wide=lambda count: count >= max_tokens),
        )


class ReportsTheOffsetInBytes(Mistake):
    """Names the offset of a character too wide for the budget in UTF-8 bytes, not in characters.

    chunk_sections(["é🦜"], 2, ToyTokenizer()) raises ValueError naming offset 2, where the parrot is
    section[1]: "é" takes two bytes.
    """

    id = "reports_the_offset_in_bytes"
    title = "Gives the offset of a character too wide in bytes instead of characters"
    hint = "The offset is an index into the section as a str: section[offset] is the character."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(
                _pieces, shown_offset=lambda section, offset, start: len(section[:offset].encode("utf-8"))
            ),
        )


class RestartsTheOffsetAfterACharacterCutAlone(Mistake):
    """After cutting a character alone, goes on with the rest as a new section, so later offsets start from zero again.

    With a tokenizer where the last byte of one "é" and the first of the next make one id,
    chunk_sections(["éé🦜"], 2, t) cuts the first "é" alone, then raises for the parrot at offset 1
    of the rest, where it is at offset 2 of the section.
    """

    id = "restarts_the_offset_after_a_character_cut_alone"
    title = "Counts offsets from the last character cut alone, not from the start of the section"
    hint = "Keep one offset into the whole section; after a character cut alone, encode section[offset:] again."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, restarts_at_the_rest=True),
        )


class NumbersSectionsAfterDroppingEmptyOnes(Mistake):
    """Drops the empty sections first ([s for s in sections if s != ""]), so a bad section is named by the wrong index.

    chunk_sections(["the", "", "cat", 5], 8, ToyTokenizer()) raises TypeError for sections[2], but the 5 is
    sections[3] of the list the caller passed.
    """

    id = "numbers_sections_after_dropping_empty_ones"
    title = "Names a bad section by its index after the empty sections were dropped"
    hint = "Skip the empty sections inside the loop, so that sections[i] is the index the caller knows."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        return _pack(
            [section for section in sections if section != ""],
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
        )


class DropsFalsySectionsBeforeNumbering(Mistake):
    """Drops every falsy section first ([s for s in sections if s]): None vanishes, and later indices shift.

    chunk_sections(["the", "cat", None], 8, ToyTokenizer()) returns ['the\\ncat'] instead of raising TypeError,
    and chunk_sections(["the", "", "cat", 5], 8, ...) names sections[2] for the 5 of sections[3].
    """

    id = "drops_falsy_sections_before_numbering"
    title = "Drops falsy sections (None too) before numbering them"
    hint = (
        'Only the empty string "" is skipped, and only once it is known to be a str; '
        "check each section, by its own index, as you meet it."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        return _pack(
            [section for section in sections if section],
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
        )


class SkipsFalsySectionsUnchecked(Mistake):
    """Skips a section with `if not section: continue` before checking that it is a str.

    None, 0 and b"" are skipped as if they were "": chunk_sections(["the", "cat", None], 8, ToyTokenizer())
    returns ['the\\ncat'] instead of raising TypeError for sections[2].
    """

    id = "skips_falsy_sections_unchecked"
    title = "Skips falsy sections such as None before checking that they are str"
    hint = 'Check that the section is a str first; then skip it only if it is "".'

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            skips_before_checking=True,
        )


class ChecksTheSeparatorBeforeMaxTokens(Mistake):
    """Checks the separator's type before max_tokens.

    chunk_sections(["the"], 0, ToyTokenizer(), separator=None) raises TypeError for the separator instead of
    ValueError for max_tokens, which the statement checks first.
    """

    id = "checks_the_separator_before_max_tokens"
    title = "Checks the separator before max_tokens"
    hint = "Check max_tokens (its type, then its value) first, then the separator, then the sections."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        if not isinstance(separator, str):
            raise TypeError(f"separator must be a str, got {separator!r}")
        _validate(max_tokens, tokenizer, separator)
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class RejectsOnlyASeparatorOverTheBudget(Mistake):
    """Refuses a separator only when it alone counts more than max_tokens (> instead of >=).

    chunk_sections(["the cat"], 1, ToyTokenizer()) returns ['the', ' cat'] instead of raising ValueError:
    a separator of exactly max_tokens tokens leaves no room for any section beside it.
    """

    id = "rejects_only_a_separator_over_the_budget"
    title = "Accepts a separator that counts exactly max_tokens"
    hint = "Two sections and a separator of max_tokens tokens can never share a chunk: refuse it with >=."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator, check_separator=False)
        if len(tokenizer.encode(separator)) > max_tokens:
            raise ValueError(f"separator {separator!r} must count fewer than max_tokens ({max_tokens})")
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class ReturnsTheInputWhenThereAreNoSections(Mistake):
    """Returns the sections it was given when there are none (`if not sections: return sections`).

    chunk_sections((), 8, ToyTokenizer()) returns the tuple (), not a list, and chunk_sections(sections, 8, ...)
    with sections = [] returns that very list: whatever the caller appends to the chunks lands in the input.
    """

    id = "returns_the_input_when_there_are_no_sections"
    title = "Returns the input itself when there are no sections"
    hint = "The result is always a new list, even an empty one: return [] (or the list you built)."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        if not sections:
            return sections
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class EncodesAnOversizedSectionTwice(Mistake):
    """Counts a section with one encoding, then encodes it again to cut it when it is oversized.

    The pieces are right, but the tokenizer, the expensive part, does the section's work twice:
    chunk_sections(["the cat sat on the mat"], 2, t) encodes the section two times.
    """

    id = "encodes_an_oversized_section_twice"
    title = "Encodes an oversized section again to cut it"
    hint = "Keep the ids of the section's one encoding: they tell its count and they are what you cut."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            encodes_again_to_cut=True,
        )


class CutsASectionOfExactlyTheBudget(Mistake):
    """Treats a section that counts exactly max_tokens as oversized (>= instead of >), so it is cut and closed.

    Cut, it is one piece, the section itself, but a piece is a chunk of its own: with separator="",
    chunk_sections(["ca", "t"], 1, ToyTokenizer()) returns ['ca', 't'], though "cat" is one token.
    """

    id = "cuts_a_section_of_exactly_the_budget"
    title = "Treats a section of exactly max_tokens tokens as oversized"
    hint = "A section fits alone when it counts at most max_tokens: only one that counts more is cut."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            oversized=lambda size: size >= max_tokens,
        )


class MeasuresTheJoinWithoutTheSeparator(Mistake):
    """Measures the open chunk and the section joined without the separator, then joins them with it.

    "catcat" counts 2 tokens but the shipped "cat\\ncat" counts 3: chunk_sections(["cat", "cat"], 2,
    ToyTokenizer()) returns ['cat\\ncat'], a chunk over the budget.
    """

    id = "measures_the_join_without_the_separator"
    title = "Measures open + section without the separator that will join them"
    hint = "Measure exactly the text you ship: open + separator + section."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            lambda open_chunk, section: len(tokenizer.encode(open_chunk + section)) <= max_tokens,
        )


class KeepsARunningCount(Mistake):
    """Keeps the open chunk's count as a running sum: each join adds the count of separator + section.

    Measuring separator + section catches the merges at the start of the section, not those where the
    open chunk ends: with separator="", chunk_sections(["ca", "t", "ca", "t"], 2, ToyTokenizer()) returns
    ['cat', 'cat'], though "catcat" counts 2 tokens.
    """

    id = "keeps_a_running_count"
    title = "Adds the count of separator + section to a running count of the open chunk"
    hint = (
        "Tokens also form across the end of the open chunk: encode open + separator + section, "
        "the whole candidate, for each decision."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        chunks, open_chunk, open_count = [], None, 0
        for index, section in enumerate(sections):
            _check_section(index, section)
            if not section:
                continue
            ids = tokenizer.encode(section)
            if len(ids) > max_tokens:
                if open_chunk is not None:
                    chunks.append(open_chunk)
                    open_chunk = None
                chunks.extend(_pieces(section, ids, max_tokens, tokenizer, index))
                continue
            if open_chunk is not None:
                joined_count = open_count + len(tokenizer.encode(separator + section))
                if joined_count <= max_tokens:
                    open_chunk, open_count = open_chunk + separator + section, joined_count
                    continue
                chunks.append(open_chunk)
            open_chunk, open_count = section, len(ids)
        if open_chunk is not None:
            chunks.append(open_chunk)
        return chunks


class LetsTheFirstPieceJoinTheOpenChunk(Mistake):
    """Lets the first piece of an oversized section join the open chunk when the join fits.

    chunk_sections(["the", "🦜🦜"], 5, ToyTokenizer()) returns ['the\\n🦜', '🦜'] instead of
    ['the', '🦜', '🦜']: an oversized section closes the open chunk, and each piece is a chunk of its own.
    """

    id = "lets_the_first_piece_join_the_open_chunk"
    title = "Lets the first piece of an oversized section join the open chunk"
    hint = "An oversized section closes the open chunk first; then each of its pieces is a chunk of its own."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)
        chunks, open_chunk = [], None
        for index, section in enumerate(sections):
            _check_section(index, section)
            if not section:
                continue
            ids = tokenizer.encode(section)
            if len(ids) > max_tokens:
                pieces = _pieces(section, ids, max_tokens, tokenizer, index)
                if open_chunk is not None:
                    if len(tokenizer.encode(open_chunk + separator + pieces[0])) <= max_tokens:
                        pieces[0] = open_chunk + separator + pieces[0]
                    else:
                        chunks.append(open_chunk)
                    open_chunk = None
                chunks.extend(pieces)
                continue
            if open_chunk is not None and len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens:
                open_chunk = open_chunk + separator + section
                continue
            if open_chunk is not None:
                chunks.append(open_chunk)
            open_chunk = section
        if open_chunk is not None:
            chunks.append(open_chunk)
        return chunks


class PacksThePiecesLikeSections(Mistake):
    """Turns each oversized section into its pieces, then packs every part as if it were a section that fits alone.

    The pieces then join their neighbours: chunk_sections(["the", "🦜🦜"], 5, ToyTokenizer()) returns
    ['the\\n🦜', '🦜'], and chunk_sections(["🦜🦜", "é"], 5, ...) returns ['🦜', '🦜\\né'].
    """

    id = "packs_the_pieces_like_sections"
    title = "Packs the pieces of an oversized section together with the sections around them"
    hint = "Each piece of an oversized section is a chunk of its own: neither the chunk before nor after takes it."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        _check_sections(sections)

        def parts():
            for index, section in enumerate(sections):
                _check_section(index, section)
                if not section:
                    continue
                ids = tokenizer.encode(section)
                if len(ids) > max_tokens:
                    yield from _pieces(section, ids, max_tokens, tokenizer, index)
                else:
                    yield section

        chunks, open_chunk = [], None
        for part in parts():
            if open_chunk is not None and len(tokenizer.encode(open_chunk + separator + part)) <= max_tokens:
                open_chunk = open_chunk + separator + part
                continue
            if open_chunk is not None:
                chunks.append(open_chunk)
            open_chunk = part
        if open_chunk is not None:
            chunks.append(open_chunk)
        return chunks


class CountsTheSeparatorBeforeCheckingItsType(Mistake):
    """Encodes the separator to count it before checking that it is a str.

    chunk_sections(["the"], 8, ToyTokenizer(), separator=None) raises the tokenizer's own TypeError
    ("encode takes a str, got None"), which does not name the separator, instead of the statement's.
    """

    id = "counts_the_separator_before_checking_its_type"
    title = "Counts the separator before checking that it is a str"
    hint = "Check the separator's type first, then count it: a tokenizer's own error does not say which argument."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, "", check_separator=False)
        if len(tokenizer.encode(separator)) >= max_tokens:
            raise ValueError(f"separator {separator!r} must count fewer than max_tokens ({max_tokens})")
        _validate(max_tokens, tokenizer, separator)
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class ReportsTheOffsetInIds(Mistake):
    """Names the index of the character's first id among the section's ids as its offset, not its index in the text.

    chunk_sections(["the", "the cat 日"], 2, ToyTokenizer()) names offset 3 ("the", " cat", " " come first),
    where "日" is section[8].
    """

    id = "reports_the_offset_in_ids"
    title = "Gives the offset of a character too wide as an index into the ids"
    hint = "The offset is an index into the section as a str: section[offset] is the character."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            cut=functools.partial(_pieces, shown_offset=lambda section, offset, start: start),
        )


class EncodesEverySectionTwice(Mistake):
    """Encodes every section twice: once to see whether it fits alone, once more for its ids.

    The chunks are right, but the tokenizer, the expensive part, does each section's work twice:
    chunk_sections(["the cat", "sat on", "the mat", "is hot", "hot tea"], 4, t) encodes each section two times.
    """

    id = "encodes_every_section_twice"
    title = "Encodes every section twice"
    hint = "Encode each section once and keep the ids: their number is its count, and they are what you cut."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens), encodes_twice=True
        )


class StripsThePieces(Mistake):
    """Strips the whitespace around each piece of an oversized section.

    The pieces no longer concatenate to the section: chunk_sections(["the cat sat on the mat"], 2, ToyTokenizer())
    returns ['the cat', 'sat on', 'the mat'] instead of ['the cat', ' sat on', ' the mat'].
    """

    id = "strips_the_pieces"
    title = "Strips the whitespace around the pieces of an oversized section"
    hint = "The pieces concatenate exactly to the section: keep every character, spaces included."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def cut(section, ids, max_tokens, tokenizer, index):
            return [piece.strip() for piece in _pieces(section, ids, max_tokens, tokenizer, index)]

        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens), cut=cut)


class PacksAStrAsItsCharacters(Mistake):
    """Never checks that sections is a list or a tuple: a str is a sequence of str, one per character.

    chunk_sections("the cat", 8, ToyTokenizer()) packs the characters "t", "h", "e", ... as sections, joined
    with "\n", instead of raising TypeError; chunk_sections(None, 8, ...) raises Python's own TypeError,
    "'NoneType' object is not iterable", which does not name sections.
    """

    id = "packs_a_str_as_its_characters"
    title = "Does not check that sections is a list or a tuple, so a str is packed one character at a time"
    hint = (
        "A str is a sequence of str too: check isinstance(sections, (list, tuple)) and raise TypeError naming "
        "sections and its type."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(
            sections,
            max_tokens,
            tokenizer,
            separator,
            _joins(tokenizer, separator, max_tokens),
            checks_the_sections=False,
        )


class ChecksTheSectionsFirst(Mistake):
    """Checks that sections is a list or a tuple before max_tokens and the separator.

    chunk_sections(None, 0, ToyTokenizer()) raises TypeError for sections instead of ValueError for max_tokens,
    which the statement checks first.
    """

    id = "checks_the_sections_first"
    title = "Checks that sections is a list before checking max_tokens and the separator"
    hint = "Check max_tokens first, then the separator, then sections: the order of the statement's Errors."

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _check_sections(sections)
        _validate(max_tokens, tokenizer, separator)
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))


class RefusesAnIntSubclass(Mistake):
    """Checks type(max_tokens) is int, which refuses bool but also every other subclass of int.

    An IntEnum member is an int: chunk_sections(["the cat"], Budget.EIGHT, ToyTokenizer()), where
    Budget.EIGHT is 8, raises TypeError instead of returning ['the cat'].
    """

    id = "refuses_an_int_subclass"
    title = "Refuses an int subclass such as an IntEnum member as max_tokens (checks type(max_tokens) is int)"
    hint = (
        "Only bool is refused: check isinstance(max_tokens, int) and not isinstance(max_tokens, bool), so "
        "that an IntEnum member is taken for its value."
    )

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        if type(max_tokens) is not int:
            raise TypeError(f"max_tokens must be an int, got {max_tokens!r}")
        _validate(max_tokens, tokenizer, separator)
        return _pack(sections, max_tokens, tokenizer, separator, _joins(tokenizer, separator, max_tokens))
