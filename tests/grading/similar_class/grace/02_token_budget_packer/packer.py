def validate(name, value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(name + " must be an int, got " + repr(value))


def pack_sentences(sizes, max_tokens):
    validate("max_tokens", max_tokens)
    if max_tokens <= 0:
        raise ValueError("max_tokens must be at least 1, got " + str(max_tokens))
    chunks = []
    chunk = None
    used = 0
    index = 0
    while index < len(sizes):
        size = sizes[index]
        validate("sizes[" + str(index) + "]", size)
        if size < 0:
            raise ValueError("sizes[" + str(index) + "] must be at least 0, got " + str(size))
        if chunk is None or used + size > max_tokens:
            chunk = []
            chunks.append(chunk)
            used = 0
        chunk.append(index)
        used += size
        index += 1
    return chunks
