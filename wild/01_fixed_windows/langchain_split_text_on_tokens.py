"""Kata 01 on langchain-text-splitters' `split_text_on_tokens` (MIT licence), the loop TokenTextSplitter and
SentenceTransformersTokenTextSplitter run between encoding a text and decoding each window: it checks that
`tokens_per_chunk` exceeds `chunk_overlap`, then cuts the windows.

Converts the kata's tokens to what the function reads and back: its `Tokenizer` encodes to the tokens'
positions (`range(len(tokens))`: the ids, which the loop slices), and decodes a window's run of positions to
the kata's tokens at those positions (a list, where a real tokenizer would give text). Nothing of the
algorithm is changed.
"""

from langchain_text_splitters import Tokenizer, split_text_on_tokens

LIBRARY = ("langchain-text-splitters", "1.1.3")
UNREAD_BY_THE_LIBRARY = ("tokens",)  # it reads the ids made of them: their type tests are left out


def fixed_windows(tokens, chunk_size, overlap=0):
    tokenizer = Tokenizer(
        chunk_overlap=overlap,
        tokens_per_chunk=chunk_size,
        decode=lambda positions: list(tokens[positions[0] : positions[-1] + 1]),
        encode=lambda _text: range(len(tokens)),
    )
    return split_text_on_tokens(text="", tokenizer=tokenizer)
