"""The texts waiting for a vector, by their hash: the newest written first, each once.

Why a queue apart from the files' queue: chunks and FTS rows are written as soon as a file is read, so keyword
search never waits for the model; embedding follows in small batches. A 3,000-chunk note used to be embedded
whole before any other file was written (9 minutes on a loaded machine, 1,241 changes waiting). The
newest text goes first because it is what the user just wrote and is about to search for. Only hashes are kept:
the text is read from the chunks table when its turn comes, so a text whose file changed or vanished meanwhile
(no chunk has that hash any more) is never embedded.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable


class EmbedQueue:
    def __init__(self) -> None:
        self._hashes: OrderedDict[str, None] = OrderedDict()  # oldest first, newest last

    def __len__(self) -> int:
        return len(self._hashes)

    def push(self, hashes: Iterable[str]) -> None:
        """Queue `hashes` as the newest (in the given order: the last is taken first)."""
        for text_hash in hashes:
            self._hashes[text_hash] = None
            self._hashes.move_to_end(text_hash)

    def push_oldest(self, hashes: Iterable[str]) -> None:
        """Queue `hashes` behind everything else (e.g. a batch that failed, to be tried after the rest)."""
        for text_hash in reversed(list(hashes)):
            if text_hash not in self._hashes:
                self._hashes[text_hash] = None
                self._hashes.move_to_end(text_hash, last=False)

    def take_newest(self, count: int) -> list[str]:
        """Remove and return up to `count` hashes, newest first."""
        taken: list[str] = []
        while self._hashes and len(taken) < count:
            taken.append(self._hashes.popitem(last=True)[0])
        return taken
