"""Allocates until the worker's address space runs out."""


def fixed_windows(tokens, chunk_size, overlap=0):
    hoard = []
    while True:
        hoard.append(bytearray(50_000_000))
