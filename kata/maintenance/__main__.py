"""`python -m kata.maintenance TOOL [KATA ...]`: the maintenance tools, each named by what it makes."""

from __future__ import annotations

import argparse
import os
import sys

from kata.katas import KATAS, UnknownKata, find_kata


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kata.maintenance", description=__doc__.split(":", 1)[1].strip())
    tools = parser.add_subparsers(dest="tool", required=True, metavar="TOOL")
    for name, summary in (
        ("known-failures", "write each catalogued mistake's record of the fixed tests it fails"),
        ("mutants", "mutation testing of the references: the changes no test noticed"),
    ):
        tool = tools.add_parser(name, help=summary, description=summary)
        tool.add_argument("katas", metavar="KATA", nargs="*", help="a number (2) or a folder name; default: every kata")
    tools.add_parser("labelled-set", help="write kata 09's chunkings of its labelled set from the reference chunkers")
    tools.add_parser("stubs", help="write kata/katas/stubs.json, the copy of the untouched stubs of problems/")
    wild = tools.add_parser(
        "wild",
        help="run the katas' suites on real libraries (wild/) and compare with wild/expected.json",
        description="run the katas' suites on real libraries (wild/) and compare with wild/expected.json",
    )
    chosen = wild.add_mutually_exclusive_group()
    chosen.add_argument("--write", action="store_true", help="record what the adapters do now as the expectation")
    chosen.add_argument(
        "--vendored", action="store_true", help="check each copied function against its release's wheel on PyPI"
    )
    options = parser.parse_args(argv)
    if options.tool == "wild":
        from kata.maintenance.vendored import check_vendored
        from kata.maintenance.wild import BadAdapter, run_wild

        try:
            return check_vendored() if options.vendored else run_wild(write=options.write)
        except BadAdapter as error:
            print(f"python -m kata.maintenance wild: {error}", file=sys.stderr)
            return 2
    if options.tool == "stubs":
        from kata.katas.stubs import StubNotUntouched, write_untouched_stubs

        try:
            write_untouched_stubs()
        except StubNotUntouched as error:
            print(f"python -m kata.maintenance stubs: {error}", file=sys.stderr)
            return 1
        return 0
    if options.tool == "labelled-set":
        from kata.maintenance.labelled_set import write_chunkings

        write_chunkings()
        return 0
    try:
        katas = [find_kata(name) for name in options.katas] or list(KATAS)
    except UnknownKata as error:
        print(f"python -m kata.maintenance {options.tool}: {error}", file=sys.stderr)
        return 2
    if options.tool == "mutants":
        from kata.maintenance.mutants import mutation_test

        return mutation_test(katas)
    from kata.maintenance.known_failures import write_known_failures

    for kata in katas:
        write_known_failures(kata, jobs=os.cpu_count() or 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
