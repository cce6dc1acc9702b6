"""Keys, anchors and identity for a session's signals, against what the log already knows: where signals are
created, so the `signal_patterns` projection stays a deterministic function of the events (no model in it).

Every signal names its project (signals of two projects never join by their anchors). This module reads the
known problems, the person's earlier sentences and the project's failure nodes from the projection, embeds
what needs a vector, and hands both to `pipeline/learning/problems/signal_keys.py`, which decides (pure, so
bench tools replay it offline). Without the model, only anchors and words join.
"""

from __future__ import annotations

import sqlite3

from daemon.app import App
from daemon.services.learning.knowledge import Knowledge
from events.queries import signal_patterns
from pipeline.learning.problems.problem_identity import Evidence
from pipeline.learning.problems.problem_match import KnownProblem
from pipeline.learning.problems.session_signals import SessionSignals
from pipeline.learning.problems.signal_keys import KeyedSignal, Known, key_signals, texts_to_embed

SAID_BEFORE = 300  # earlier sentences a new one is compared with (each embedded once, then cached)
KNOWN_NODES = 400  # failure nodes a new failure is compared with


class ProblemKeys:
    def __init__(self, app: App, knowledge: Knowledge) -> None:
        self.app = app
        self.knowledge = knowledge  # for its cached sentence vectors

    async def key(self, found: SessionSignals, project: str, session: str) -> list[KeyedSignal]:
        await self.app.projections_current()
        known = await self.app.db.read(lambda conn: _read_known(conn, project, session))
        vectors = await self.knowledge.vectors(texts_to_embed(found, known, project))
        return key_signals(found, known, vectors, project)


def _read_known(conn: sqlite3.Connection, project: str, session: str) -> Known:
    found = signal_patterns.known_problems(conn)
    problems = [KnownProblem(p.pattern_id, p.anchors, p.keys, p.projects) for p in found]
    said = [(s.kind, s.key, s.text) for s in signal_patterns.said_before(conn, SAID_BEFORE)]
    # Why not the session's own nodes: a transcript read again must not "recognise" itself
    nodes = [
        Evidence(n.node, n.kind, n.text, n.anchors, n.facts, n.command, n.pattern_id)
        for n in signal_patterns.known_nodes(conn, project, KNOWN_NODES)
        if set(n.sessions) - {session}
    ]
    return Known(problems, said, nodes)
