"""What the agent said caused a failure: its explanation in the turn after it, the steadiest words a root cause gets.

A problem that comes back shows a new symptom each time: a `TypeError` on `toFixed` one day, a basket sum of
"00.890.60" the next, a list sorted as text the week after; the failures share no test, no exception and no word.
What they share is their cause, and the agent, having read the code, says it in the turn after the failure ("the
numeric column arrives as a string", "RLS is on and the table has no policy"), in much the same words each time.
So each failure, and each sentence in which the person talks about a problem, carries the agent's prose that
follows it, up to the person's next message: `problem_identity.recognise` compares these explanations by meaning
beside the failures' own descriptions.

Measured on the 49 learning corpora before it was used (each session's explanations, centred on their project's
mean, the best pair of two sessions): pairs of sessions of one true problem against every other pair of the same
project, AUC 0.83. In `problem_identity.recognise` (`bench/problem_replay.py`, all 49 corpora), CAUSE_AT chosen
from 0.25-0.55: at 0.45 true problems found 99 -> 114 of 151, held by one pattern 80 -> 92, mean pattern precision
0.84 -> 0.89; at 0.40 120 found but precision back at 0.84, at 0.25 explanations join everything (78 found). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.transcript import Transcript

CAUSE_CHARS = 400  # enough for the sentence that names the cause after "Let me look" narration
ENOUGH_CHARS = 300  # stop collecting the turn's prose once this much is said
_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_SPACE = re.compile(r"\s+")

# How agents explain failures in general, in several stacks: their mean is part of the centroid the explanations
# are centred on, so that a project with few failures known yet compares what is particular to them.
GENERIC_CAUSES = (
    "The test fails because the expected value in the assertion is out of date; updating it.",
    "The import fails because the package is not installed in this virtual environment.",
    "The connection is refused because the database container is not running yet.",
    "The build breaks because a type changed and one caller still passes the old one.",
    "It times out because the request waits on a lock held by another transaction.",
    "The error comes from a missing environment variable that the config reads at start-up.",
    "This is a permissions problem: the file is owned by root, so the process cannot write it.",
    "The job crashes because it runs out of memory on the large input.",
    "The migration fails because the column already exists in the local database.",
    "Let me look at the failing test and the code it exercises.",
    "The linter complains about an unused import; removing it.",
    "The endpoint returns 500 because a null value reaches code that expects a string.",
    "Das Problem ist, dass die Konfiguration beim Start nicht geladen wird.",
    "测试失败是因为缓存里还是旧的数据。",
)


def explanation(t: Transcript, step: int) -> str:
    """The agent's prose after `t.steps[step]`, up to the person's next message (code blocks left out, at most
    CAUSE_CHARS); '' when the agent said nothing before the person spoke again."""
    said: list[str] = []
    size = 0
    for later in t.steps[step + 1 :]:
        if later.kind == "user":
            break
        if later.kind != "assistant" or not (prose := _SPACE.sub(" ", _FENCE.sub(" ", later.text)).strip()):
            continue
        said.append(prose)
        size += len(prose) + 1
        if size >= ENOUGH_CHARS:
            break
    return " ".join(said)[:CAUSE_CHARS]
