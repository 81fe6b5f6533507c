"""An attack written after the reference solution, which the test puts before it."""

# ---- attack: every call hands the tests' embedder batch after batch of new sentences, each
# different from all before (256 KB of one word: cheap for the toy embedder, one vector each),
# and no end. Kata 08's embedders remember every batch they are given, and the tests' side held
# each embedder for the worker's whole life: test after test, the tests' process kept every
# batch, gigabytes in a class's run.
_reference = semantic_chunks
_sent = [0]


def semantic_chunks(sentences, embed, threshold, max_tokens):
    while True:
        embed([f"{_sent[0] + index:x}".rjust(256 * 1024, "w") for index in range(100)])  # 25 MB a call
        _sent[0] += 100
    return _reference(sentences, embed, threshold, max_tokens)
