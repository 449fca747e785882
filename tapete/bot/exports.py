"""Files the bot hands out (a server's ledger, a user's data) fitted to Discord's attachment
limit, written line by line so that nothing large is ever held in memory.

While everything fits, the lines make one plain file. Beyond the limit they are compressed
with gzip, in as many files as needed, each within the limit and cut between two lines; a CSV
part repeats the header, so every part opens on its own. Gzip files joined one after the other
are one gzip stream, so ``cat part-1.gz part-2.gz | gunzip`` gives the whole text back.

Every size is checked before it is reached: while compressing, a line goes into the current
file only if its worst case (deflate never grows data by more than a few bytes per block)
still fits; when unsure the compressor is flushed to read the exact size so far.
"""

from __future__ import annotations

import gzip
import tempfile
from dataclasses import dataclass
from typing import IO

SPOOL = 1 << 20  # bytes of a file kept in memory before it moves to a temporary file
OVERHEAD = 64  # gzip header and trailer, a sync flush, and margin


def worst_case(size: int) -> int:
    """The most bytes ``size`` bytes can take once compressed (stored blocks and framing)."""
    return size + size // 1000 + OVERHEAD


@dataclass
class Part:
    """One file to attach."""

    filename: str
    file: IO[bytes]
    size: int


class Packer:
    """Lines (each one ``bytes`` ending in a newline) into files of at most ``limit`` bytes
    named ``<stem>.<suffix>``, ``<stem>.<suffix>.gz`` or ``<stem>-<n>.<suffix>.gz``."""

    def __init__(self, stem: str, suffix: str, limit: int, header: bytes = b"") -> None:
        if worst_case(len(header)) * 2 > limit:
            raise ValueError("the limit is too small for this file")
        self.stem, self.suffix, self.limit, self.header = stem, suffix, limit, header
        self._plain: IO[bytes] | None = tempfile.SpooledTemporaryFile(SPOOL)  # noqa: SIM115
        self._plain.write(header)
        self._size = len(header)
        self._parts: list[Part] = []
        self._raw: IO[bytes] | None = None
        self._gz: gzip.GzipFile | None = None
        self._pending = 0  # bytes written into the compressor since its last flush

    def add(self, line: bytes) -> None:
        if self._plain is not None:
            if self._size + len(line) <= self.limit:
                self._plain.write(line)
                self._size += len(line)
                return
            self._to_gzip()
        self._compress(line)

    def _to_gzip(self) -> None:
        """Past the limit in plain text: compress what was written, line by line."""
        plain, self._plain = self._plain, None
        assert plain is not None
        plain.seek(0)
        if self.header:
            plain.readline()
        for line in plain:
            self._compress(line)
        plain.close()

    def _compress(self, line: bytes) -> None:
        if worst_case(len(self.header) + len(line)) > self.limit:
            raise ValueError("a line longer than the attachment limit")
        if self._gz is None:
            self._open_part()
        assert self._gz is not None and self._raw is not None
        if self._raw.tell() + worst_case(self._pending + len(line)) > self.limit:
            self._gz.flush()  # zlib's sync flush: the exact compressed size so far
            self._pending = 0
            if self._raw.tell() + worst_case(len(line)) > self.limit:
                self._close_part()
                self._open_part()
        assert self._gz is not None
        self._gz.write(line)
        self._pending += len(line)

    def _open_part(self) -> None:
        self._raw = tempfile.SpooledTemporaryFile(SPOOL)  # noqa: SIM115 - handed out
        self._gz = gzip.GzipFile(fileobj=self._raw, mode="wb", mtime=0)
        self._pending = 0
        if self.header:
            self._gz.write(self.header)
            self._pending = len(self.header)

    def _close_part(self) -> None:
        assert self._gz is not None and self._raw is not None
        self._gz.close()
        self._parts.append(Part("", self._raw, self._raw.tell()))
        self._gz = self._raw = None

    def finish(self) -> list[Part]:
        """The files, rewound and named, ready to attach (the caller closes them)."""
        if self._plain is not None:
            self._plain.seek(0)
            plain, self._plain = self._plain, None
            return [Part(f"{self.stem}.{self.suffix}", plain, self._size)]
        if self._gz is not None:
            self._close_part()
        parts, self._parts = self._parts, []
        for number, part in enumerate(parts, 1):
            part.file.seek(0)
            part.filename = (f"{self.stem}.{self.suffix}.gz" if len(parts) == 1
                             else f"{self.stem}-{number}.{self.suffix}.gz")
        return parts
