"""The function has the wrong name."""


def fixed_window(tokens, chunk_size, overlap=0):
    return [list(tokens)]
