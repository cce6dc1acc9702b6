"""One root cause, three symptoms, through the real daemon with its model: a crash, a wrong sum and a bad sort share
no test, no exception and no word, and become one problem because the agent explained each alike
(`pipeline/learning/problems/failure_cause.py`); `patterns --explain` says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from tests.conftest import write_config
from tests.test_inbox import FAST_INBOX
from tests.transcript_lines import Transcript

CWD = "/home/ruta/code/market-web"
SYMPTOMS = (
    (
        "the prices page crashes again",
        "pnpm vitest run src/lib/PriceTable.test.ts",
        " FAIL  src/lib/PriceTable.test.ts > PriceTable > renders two decimals\n"
        "TypeError: p.priceEur.toFixed is not a function\n ❯ src/lib/PriceTable.svelte:12:31\n"
        " Test Files  1 failed (1)",
        "price_eur is a Postgres numeric column, and postgres-js returns numeric values as strings to keep their "
        "precision, so priceEur is a string at runtime although the type says number.",
    ),
    (
        "basket total is nonsense",
        "pnpm vitest run src/lib/basket.test.ts",
        " FAIL  src/lib/basket.test.ts > basket > sums the basket\n"
        "AssertionError: expected '00.890.60' to be 1.49 // Object.is equality\n ❯ src/lib/basket.test.ts:14:25\n"
        " Test Files  1 failed (1)",
        "The prices come from the numeric column as strings ('0.89', '0.60'), so the reduce concatenates the "
        "strings instead of adding numbers: the Postgres numeric type is returned as text by the driver.",
    ),
    (
        "sorting by price is wrong, 10.50 comes before 9.99",
        "pnpm playwright test tests/e2e/sort.spec.ts",
        "  1) [chromium] › sort.spec.ts:8:1 › cheapest first\n"
        "    Error: expect(received).toEqual(expected)\n    - Expected  ['9.99', '10.50']\n"
        "    + Received  ['10.50', '9.99']\n  1 failed",
        "The sort compares priceEur as text because the numeric column arrives from Postgres as a string, and "
        "'10.50' sorts before '9.99' alphabetically.",
    ),
)


def session(number: int, asked: str, command: str, output: str, cause: str) -> bytes:
    t = Transcript(f"7c1e0000-0000-4000-8000-00000000000{number}", cwd=CWD)
    t.user(asked).bash(command, output, 1).say(cause).say("I'll leave the code as it is until you decide.")
    return t.user("ok, tomorrow").say("Until tomorrow.").bytes()


def test_three_symptoms_the_agent_explained_alike_are_one_problem(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    write_config(memory_home, FAST_INBOX)
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["embedding"]["state"] == "ready", timeout=120)
    for number, symptom in enumerate(SYMPTOMS, 1):
        before = len(daemon.call("events", {"type": "session_summary"})["events"])
        temp = memory_home / "inbox" / f".s{number}.tmp"
        temp.write_bytes(session(number, *symptom))
        temp.rename(memory_home / "inbox" / f"s{number}.jsonl")
        daemon.wait_for(lambda b=before: len(daemon.call("events", {"type": "session_summary"})["events"]) > b, 60)

    patterns = daemon.call("patterns", {"all": True, "explain": True})["patterns"]
    [problem] = [p for p in patterns if p["session_total"] >= 2]
    assert problem["session_total"] == 3
    joined = [e for e in problem["explain"] if (e.get("match") or {}).get("by") == "cause"]
    assert joined and all("string" in e["cause"] for e in problem["explain"] if e.get("cause"))
    shown = daemon.cli("patterns", "--all", "--explain").stdout
    assert "cause 0." in shown and "explained as" in shown
    signals = [e["data"] for e in daemon.call("events", {"type": "signal"})["events"]]
    assert all(orjson.dumps(s).count(b"numeric") >= 1 for s in signals if s.get("cause"))
