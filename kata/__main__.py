"""`python -m kata` is the `kata` command."""

import sys

from kata.cli import main

sys.exit(main())
