"""``python -m tapete``: start the bot (the same as the ``tapete`` command)."""

import sys

from tapete.bot.__main__ import main

sys.exit(main())
