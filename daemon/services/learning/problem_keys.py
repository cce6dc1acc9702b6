"""Keys, anchors and identity for a session's signals, against what the log already knows: where signals are
created, so the `signal_patterns` projection stays a deterministic function of the events (no model in it).

Every signal names its project (signals of two projects never join by their anchors). This module reads what the
projection knows, embeds what needs a vector and hands both to `pipeline/learning/problems/signal_keys.py`, which
decides (pure, so `bench/problem_replay.py` replays it offline). Without the model, only anchors and words join.
"""

from __future__ import annotations

from daemon.app import App
from daemon.services.learning.knowledge import Knowledge
from pipeline.learning.problems.session_signals import SessionSignals
from pipeline.learning.problems.signal_keys import KeyedSignal, key_signals, read_known, texts_to_embed


class ProblemKeys:
    def __init__(self, app: App, knowledge: Knowledge) -> None:
        self.app = app
        self.knowledge = knowledge  # for its cached sentence vectors

    async def key(self, found: SessionSignals, project: str, session: str) -> list[KeyedSignal]:
        await self.app.projections_current()
        known = await self.app.db.read(lambda conn: read_known(conn, project, session))
        vectors = await self.knowledge.vectors(texts_to_embed(found, known, project))
        return key_signals(found, known, vectors, project)
