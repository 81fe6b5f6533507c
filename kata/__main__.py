"""`python -m kata` is the `kata` command."""

import sys

from kata.command.cli import main

sys.exit(main())
