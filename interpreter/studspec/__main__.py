"""``python -m studspec`` is the ``studspec`` command."""

import sys

from .cli import main

sys.exit(main())
