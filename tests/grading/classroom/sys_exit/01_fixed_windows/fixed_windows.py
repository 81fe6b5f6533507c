"""Tries to end the grading with sys.exit (a SystemExit, which `except Exception` does not catch)."""

import sys


def fixed_windows(tokens, chunk_size, overlap=0):
    sys.exit(0)
