"""The one thread that draws pictures, off the event loop.

Pictures are drawn one at a time: Pillow's fonts and the cached card faces are shared by
every picture, and a font is not safe to use from two threads at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tapete-art")


async def drawn(work: Callable[..., T], *args: object) -> T:
    """``work(*args)`` run on the drawing thread; the event loop goes on meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(_DRAWER, work, *args)
