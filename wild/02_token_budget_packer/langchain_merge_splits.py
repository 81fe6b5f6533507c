"""Kata 02 on langchain-text-splitters' `TextSplitter._merge_splits` (MIT licence), the step every one of its
splitters ends with: pieces merged, in order, into chunks of at most `chunk_size` by their
`length_function`. Its constructor checks `chunk_size` (as `max_tokens`, with `chunk_overlap` 0: the kata
keeps no overlap).

Converts the kata's sizes to what the step reads and back: each sentence is a piece named by its index
(`"0"`, `"1"`, ...) whose length is its size, joined by a separator of length 0; each chunk the step
joins is read back as the indices it holds. Nothing of the algorithm is changed.
"""

from langchain_text_splitters import CharacterTextSplitter

LIBRARY = ("langchain-text-splitters", "1.1.3")
UNREAD_BY_THE_LIBRARY = ("sizes",)  # it reads pieces made of them: the tests of their container are left out
SEPARATOR = " "  # between the indices of a joined chunk; its length is 0


def pack_sentences(sizes, max_tokens):
    def length(piece):
        return 0 if piece == SEPARATOR else sizes[int(piece)]

    splitter = CharacterTextSplitter(
        separator=SEPARATOR, chunk_size=max_tokens, chunk_overlap=0, length_function=length
    )
    pieces = [str(index) for index in range(len(sizes))]
    return [[int(index) for index in chunk.split()] for chunk in splitter._merge_splits(pieces, SEPARATOR)]
