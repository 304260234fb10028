"""``python -m studspec.cli`` is the ``studspec`` command (as is ``python -m studspec``)."""

import sys

from . import main

sys.exit(main())
