"""`python -m daemon` is `memoryd`."""

import sys

from daemon.main import main

sys.exit(main())
