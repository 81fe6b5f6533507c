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


def _check_section(index, section):
    if not isinstance(section, str):
        raise TypeError(f"sections[{index}] must be a str, got {section!r}")


def _pieces(section, ids, max_tokens, tokenizer, index, shortest_run=1, cuts_a_character_alone=True,
            reencodes_the_rest=False):
    """The right cut: the longest run of ids that decodes to the next whole characters and fits.

    A mistake may try no run shorter than `shortest_run`, raise instead of cutting a
    character alone when no run fits, or encode the rest of the section again after
    every piece.
    """
    pieces, offset, start = [], 0, 0
    while offset < len(section):
        for size in range(min(max_tokens, len(ids) - start), shortest_run - 1, -1):
            text = tokenizer.decode(ids[start:start + size])
            if section.startswith(text, offset) and (
                    not text.endswith("\ufffd")
                    or tokenizer.decode(ids[start + size:]) == section[offset + len(text):]) \
                    and len(tokenizer.encode(text)) <= max_tokens:
                start += size
                if reencodes_the_rest:
                    ids, start = tokenizer.encode(section[offset + len(text):]), 0
                break
        else:
            text = section[offset]
            if not cuts_a_character_alone:
                raise ValueError(f"sections[{index}] has the character {text!r} at offset {offset}, "
                                 f"which no piece of at most max_tokens ({max_tokens}) ids can hold")
            if len(tokenizer.encode(text)) > max_tokens:
                raise ValueError(f"sections[{index}] has the character {text!r} at offset {offset}, "
                                 f"which alone counts more than max_tokens ({max_tokens})")
            ids, start = tokenizer.encode(section[offset + 1:]), 0
        pieces.append(text)
        offset += len(text)
    return pieces


def _pack(sections, max_tokens, tokenizer, separator, fits, cut=_pieces, count=None):
    """The right packing loop, with the decision `fits(open_chunk, section)` and the cut made pluggable."""
    count = count or (lambda text: len(tokenizer.encode(text)))
    chunks, open_chunk = [], None
    for index, section in enumerate(sections):
        _check_section(index, section)
        if not section:
            continue
        if count(section) > max_tokens:
            if open_chunk is not None:
                chunks.append(open_chunk)
                open_chunk = None
            chunks.extend(cut(section, tokenizer.encode(section), max_tokens, tokenizer, index))
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
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk)) + len(tokenizer.encode(section))
                     <= max_tokens)


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
            return [section[start:start + width] for start in range(0, len(section), width)]

        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: estimate(open_chunk + separator + section) <= max_tokens,
                     cut=cut, count=estimate)


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
            return [tokenizer.decode(ids[start:start + max_tokens]) for start in range(0, len(ids), max_tokens)]

        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens,
                     cut=cut)


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
            return [section[start:start + max_tokens] for start in range(0, len(section), max_tokens)]

        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens,
                     cut=cut)


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
                while size > 0 and not section.startswith(tokenizer.decode(ids[start:start + size]), offset):
                    size -= 1
                text = tokenizer.decode(ids[start:start + size])
                if text:
                    pieces.append(text)
                offset, start = offset + len(text), start + size
            return pieces

        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens,
                     cut=cut)


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
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens)


class MessageOmitsTheCharacter(Mistake):
    """Raises the right ValueError for a character wider than the budget, but does not say which or where.

    chunk_sections(["a🦜"], 2, ToyTokenizer()) raises ValueError('a character is too wide for max_tokens'):
    in a 50-page document the caller cannot find it.
    """

    id = "message_omits_the_character"
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

        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens,
                     cut=cut)


class GrowsEachPieceFromOneId(Mistake):
    """Cuts an oversized section by trying every run of ids from 1 upwards, keeping the longest that works.

    The pieces are right, but every piece decodes and encodes max_tokens prefixes of up to
    max_tokens ids, O(max_tokens**2) per piece: chunk_sections(["日本語🦜é the cat " * 60_000], 512,
    ToyTokenizer()) returns the right 1,875 pieces after about 9 seconds, where the reference takes 0.1.
    """

    id = "grows_each_piece_from_one_id"
    title = "Grows each piece of an oversized section one id at a time (quadratic in max_tokens)"
    hint = ("Start from the longest run of ids the budget allows and step back only while it ends "
            "inside a character: most pieces then need one decode, not max_tokens.")

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)

        def cut(section, ids, max_tokens, tokenizer, index):
            pieces, offset, start = [], 0, 0
            while offset < len(section):
                best = None
                for size in range(1, min(max_tokens, len(ids) - start) + 1):  # every prefix, upwards
                    text = tokenizer.decode(ids[start:start + size])
                    if section.startswith(text, offset) and (
                            not text.endswith("\ufffd")
                            or tokenizer.decode(ids[start + size:]) == section[offset + len(text):]) \
                            and len(tokenizer.encode(text)) <= max_tokens:
                        best = size, text
                if best is not None:
                    size, text = best
                    start += size
                else:
                    text = section[offset]
                    if len(tokenizer.encode(text)) > max_tokens:
                        raise ValueError(f"sections[{index}] has the character {text!r} at offset {offset}, "
                                         f"which alone counts more than max_tokens ({max_tokens})")
                    ids, start = tokenizer.encode(section[offset + 1:]), 0
                pieces.append(text)
                offset += len(text)
            return pieces

        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens,
                     cut=cut)


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
        while "" in sections:
            sections.remove("")
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens)


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
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) < max_tokens)


class RaisesWhenNoRunOfIdsFits(Mistake):
    """Raises ValueError as soon as no run of ids ends between characters, without trying the character alone.

    With the toy tokenizer that is always right, since its tokens never straddle two characters;
    with one whose tokens do, a character that fits alone is refused: chunk_sections(["éé"], 2, t),
    where "éé" encodes as [0xC3, 256, 0xA9] and 256 holds a byte of each "é", raises instead of
    returning ['é', 'é'].
    """

    id = "raises_when_no_run_of_ids_fits"
    title = "Raises when no run of ids ends between characters, without cutting the character alone"
    hint = ("A token may hold the end of one character and the start of the next. When no run of ids "
            "ends between characters, encode the next character alone: if it fits, it is the piece.")

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens,
                     cut=functools.partial(_pieces, cuts_a_character_alone=False))


class ChecksEverySectionFirst(Mistake):
    """Checks that every section is a str before packing any, instead of each as it is met.

    The first bad section no longer decides the error: chunk_sections(["a🦜", 5], 2, ToyTokenizer())
    raises TypeError for sections[1] instead of ValueError for the parrot of sections[0].
    """

    id = "checks_every_section_first"
    title = "Checks every section's type before packing, instead of each section as it is met"
    hint = ("The statement checks each section as it is met, so the first bad section decides the error: "
            "a character too wide in sections[0] comes before a non-str sections[1].")

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        for index, section in enumerate(sections):
            _check_section(index, section)
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens)


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
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens)


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
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens,
                     cut=functools.partial(_pieces, shortest_run=2))


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
        blanked = [section if not isinstance(section, str) or section.strip() else "" for section in sections]
        return _pack(blanked, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens)


class ReencodesTheRestAfterEachPiece(Mistake):
    """Encodes the rest of an oversized section again after every piece, instead of walking along its ids.

    The pieces are right, but each costs an encoding of all the text after it: quadratic in the
    section. chunk_sections(["日本語🦜é the cat " * 60_000], 512, ToyTokenizer()) takes about
    26 seconds for its 1,875 pieces, where the reference takes 0.1.
    """

    id = "reencodes_the_rest_after_each_piece"
    title = "Encodes the rest of an oversized section again after every piece (quadratic in the section)"
    hint = ("Encode the section once and walk along its ids with a start index: the ids after a piece "
            "that ends between characters are the encoding of the rest.")

    @staticmethod
    def chunk_sections(sections, max_tokens, tokenizer, separator="\n"):
        _validate(max_tokens, tokenizer, separator)
        return _pack(sections, max_tokens, tokenizer, separator,
                     lambda open_chunk, section: len(tokenizer.encode(open_chunk + separator + section)) <= max_tokens,
                     cut=functools.partial(_pieces, reencodes_the_rest=True))
