"""``python -m pyclag``: the ``pyclag`` command."""

import sys

from pyclag.cli import main

sys.exit(main())
