def fixed_windows(tokens, chunk_size, overlap=0):
    """A decoy beside the link: the file the grader would find if it skipped links."""
    return []
