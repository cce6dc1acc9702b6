"""memoryd events: the append-only JSONL log, the SQLite opener and the projections."""
