def fixed_windows(tokens, chunk_size, overlap=0)
    return [tokens]
