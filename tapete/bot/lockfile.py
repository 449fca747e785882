"""One bot per SQLite file: whoever uses the file holds an exclusive lock on
``<database>.lock`` beside it (``data/tapete.sqlite3.lock``).

The running bot takes it at start-up and keeps it until it exits; ``python3 run.py
migrate-to-postgres`` takes it for the whole copy. A second bot on the same file, or a copy
while the bot writes, is refused with one line instead. The lock belongs to the process (an
``flock`` on POSIX, ``msvcrt.locking`` on Windows): the system drops it when the process ends,
however it ends, so a ``kill -9`` never leaves a stale lock behind. The file itself stays (it
holds the pid of the last holder, for the message) and is harmless.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from types import TracebackType


class DatabaseInUse(Exception):
    """Another process holds the database's lock (``pid`` when it could be read)."""

    def __init__(self, database: Path, pid: int | None) -> None:
        self.database, self.pid = database, pid
        super().__init__(f"{database} is in use by process {pid or '?'}")


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` exclusively without waiting; False if another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _holder(fd: int) -> int | None:
    """The pid the holder wrote in the lock file, if it can be read."""
    with contextlib.suppress(OSError, ValueError):
        os.lseek(fd, 0, os.SEEK_SET)
        return int(os.read(fd, 32).split()[0])
    return None


class DatabaseLock:
    """The lock of one SQLite database, held from :meth:`acquire` until :meth:`release` (or
    the end of the process). Usable as a context manager."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.path = lock_path(database)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock at once, or raise :class:`DatabaseInUse` (``OSError`` when the lock
        file cannot be created: the database's folder is unusable)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if not _try_lock(fd):
            pid = _holder(fd)
            os.close(fd)
            raise DatabaseInUse(self.database, pid)
        with contextlib.suppress(OSError):  # the pid is only for the message
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file drops the lock
            self._fd = None

    def __enter__(self) -> DatabaseLock:
        self.acquire()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.release()


def is_memory(database: Path) -> bool:
    """``:memory:`` is private to its process: there is nothing to lock."""
    return str(database) == ":memory:"
