"""`python -m daemon` runs the CLI."""

import sys

from daemon.cli import main

sys.exit(main())
