"""Raises an exception outside the Exception hierarchy, and a KeyboardInterrupt on empty input."""


class Escape(BaseException):
    pass


def fixed_windows(tokens, chunk_size, overlap=0):
    if not tokens:
        raise KeyboardInterrupt
    raise Escape("out of the test")
