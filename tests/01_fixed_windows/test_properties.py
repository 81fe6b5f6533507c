"""Properties of fixed windows on generated inputs; Hypothesis shrinks any failure to a smallest case."""

from hypothesis import given
from hypothesis import strategies as st

from kata.judging.checks import expect
from kata.judging.vocabulary import counted
from tests.support.answers import windowed

words = st.sampled_from(["a", "b", "c", "d", "e"])
token_sequences = st.one_of(
    st.lists(words, max_size=40),
    st.lists(st.integers(0, 9), max_size=40).map(tuple),
    st.text(alphabet="xyz", max_size=40),
)


@st.composite
def sizes(draw):
    chunk_size = draw(st.integers(1, 12))
    return chunk_size, draw(st.integers(0, chunk_size - 1))


def expected_starts(length, chunk_size, overlap):
    """Window k exists while window k-1 has not reached the end: k*step + overlap < length."""
    if length == 0:
        return []
    return list(range(0, max(length - overlap, 1), chunk_size - overlap))


@given(token_sequences, sizes())
def test_first_window_and_the_new_part_of_each_later_one_rebuild_the_input(fixed_windows, tokens, size):
    chunk_size, overlap = size
    windows = windowed(fixed_windows, tokens, chunk_size, overlap)
    rebuilt = windows[0] + [token for window in windows[1:] for token in window[overlap:]] if windows else []
    expect(
        rebuilt == list(tokens),
        "the first window, plus every later window without its first `overlap` items, to rebuild the input exactly",
        details=f"Rebuilt: {rebuilt}",
    )


@given(token_sequences, sizes())
def test_every_window_but_the_last_is_full(fixed_windows, tokens, size):
    chunk_size, overlap = size
    windows = windowed(fixed_windows, tokens, chunk_size, overlap)
    expect(
        all(len(window) == chunk_size for window in windows[:-1]),
        f"every window but the last to hold exactly chunk_size = {counted(chunk_size, 'item')}",
    )


@given(token_sequences, sizes())
def test_consecutive_windows_share_exactly_overlap_items(fixed_windows, tokens, size):
    chunk_size, overlap = size
    windows = windowed(fixed_windows, tokens, chunk_size, overlap)
    pairs = list(zip(windows, windows[1:]))
    expect(
        all(before[len(before) - overlap :] == after[:overlap] for before, after in pairs),
        f"the last {counted(overlap, 'item')} of each window to be the first {overlap} of the next",
    )
    expect(
        all(len(after) > overlap for _, after in pairs),
        "every window after the first to hold something new (more than `overlap` items); "
        "a window wholly inside the one before it is redundant",
    )


@given(token_sequences, sizes())
def test_the_last_window_ends_at_the_end_of_the_input(fixed_windows, tokens, size):
    chunk_size, overlap = size
    windows = windowed(fixed_windows, tokens, chunk_size, overlap)
    tail = list(tokens[len(tokens) - len(windows[-1]) :]) if windows else []
    expect(
        not tokens or (bool(windows) and windows[-1] == tail), "the last window to end with the last token of the input"
    )


@given(token_sequences, sizes())
def test_the_window_count_follows_its_formula(fixed_windows, tokens, size):
    chunk_size, overlap = size
    windows = windowed(fixed_windows, tokens, chunk_size, overlap)
    length, step = len(tokens), chunk_size - overlap
    count = 0 if length == 0 else 1 + max(0, -(-(length - chunk_size) // step))
    expect(
        len(windows) == count,
        f"{count} window{'' if count == 1 else 's'}: 0 for no tokens, "
        "else 1 + ceil((len(tokens) - chunk_size) / step) "
        f"with step = {step}",
    )


@given(token_sequences, sizes())
def test_each_window_is_the_slice_at_its_start(fixed_windows, tokens, size):
    chunk_size, overlap = size
    windows = windowed(fixed_windows, tokens, chunk_size, overlap)
    expected = [list(tokens[start : start + chunk_size]) for start in expected_starts(len(tokens), chunk_size, overlap)]
    expect(windows == expected and all(type(window) is list for window in windows), f"the lists {expected}")


@given(st.lists(words, max_size=30), sizes())
def test_the_input_is_never_modified(fixed_windows, tokens, size):
    before = list(tokens)
    fixed_windows(tokens, *size)
    expect(tokens == before, "the input list to be left as it was", details=f"It is now {tokens}.")
