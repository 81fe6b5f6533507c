"""Never returns: every call must be stopped from outside, and the worker replaced."""


def fixed_windows(tokens, chunk_size, overlap=0):
    while True:
        pass
