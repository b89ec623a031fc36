"""``python -m plyground`` runs the command line."""

import sys

from plyground.cli.main import main

sys.exit(main())
