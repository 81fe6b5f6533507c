"""Always answers []: the grade every student below who answers [] must get, attacks or not."""


def fixed_windows(tokens, chunk_size, overlap=0):
    return []
