"""The `Event` value: one line of the log, as it crosses module boundaries."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

SCHEMA_VERSION = 1


@dataclass(frozen=True, slots=True)
class Event:
    """One logged fact. `id` is a ULID; `ts` is UTC ISO 8601 with milliseconds and a `Z`. Both say when the fact
    happened: the moment of the append, or, for imported history, the session's own time (`EventLog.append(...,
    at=)`), so a segment's lines are not always in id order."""

    id: str
    ts: str
    type: str
    data: dict[str, Any]
    v: int = SCHEMA_VERSION

    def to_json_obj(self) -> dict[str, Any]:
        return {"v": self.v, "id": self.id, "ts": self.ts, "type": self.type, "data": self.data}


def utc_timestamp(moment: dt.datetime | None = None) -> str:
    moment = moment or dt.datetime.now(dt.UTC)
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def parse_timestamp(text: str) -> dt.datetime:
    """Parse an ISO 8601 timestamp (a bare date counts as midnight UTC). Raises ValueError."""
    if len(text) == 10:
        return dt.datetime.fromisoformat(text).replace(tzinfo=dt.UTC)
    moment = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
