"""How big the property runs are: lean by default, long with ``python3 run.py test --long``.

The default sizes still cover every modality and rule path (a newcomer sees the project
pass in a few minutes); CI also runs the long sizes, where rare situations turn up.
"""

from __future__ import annotations

import os

LONG = os.environ.get("TAPETE_LONG", "") not in ("", "0")


def size(lean: int, long: int) -> int:
    """``lean`` normally, ``long`` when the long property runs were asked for."""
    return long if LONG else lean
