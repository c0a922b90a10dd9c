"""``python -m napoleon``: the same as the ``napoleon`` command."""

import sys

from .interfaces.cli import main

sys.exit(main())
