"""How far one burst of indexing work has got, and how fast: what `status` shows while the queue drains."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Progress:
    """One burst of work: from the queue becoming non-empty until it drains."""

    total: int = 0
    done: int = 0
    chunks: int = 0
    embedded: int = 0
    started: float = field(default_factory=time.monotonic)

    def as_dict(self, pending: int) -> dict[str, Any]:
        elapsed = max(time.monotonic() - self.started, 1e-6)
        rate = self.done / elapsed
        return {
            "total": self.total,
            "done": self.done,
            "files_per_s": round(rate, 1),
            "chunks_per_s": round(self.chunks / elapsed, 1),
            "embedded_per_s": round(self.embedded / elapsed, 1),
            "eta_s": round(pending / rate, 1) if rate > 0 and pending else 0.0,
        }
