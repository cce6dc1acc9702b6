"""Time-aware questions: relative and absolute dates resolved against the query's time, when a memory is from,
and a search that prefers the memory from the day the question names (the real daemon, with its model)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from pipeline.retrieval.query_time import (
    DateWindow,
    MemoryTime,
    TimeIntent,
    TimeWeights,
    dates_in,
    memory_days,
    mentions_time,
    read_query,
    time_bonuses,
)
from tests.test_pipeline import search, wait_indexed

TODAY = dt.date(2026, 11, 25)  # a Wednesday


def window(query: str) -> tuple[str, str] | None:
    found = read_query(query, TODAY).window
    return (found.start.isoformat(), found.end.isoformat()) if found else None


def test_relative_days_resolve_against_the_query_time() -> None:
    assert window("what did we decide yesterday?") == ("2026-11-24", "2026-11-24")
    assert window("Was haben wir gestern beschlossen?") == ("2026-11-24", "2026-11-24")
    assert window("昨天我们决定了什么") == ("2026-11-24", "2026-11-24")
    assert window("the bug from last Tuesday") == ("2026-11-24", "2026-11-24")
    assert window("what broke last Wednesday") == ("2026-11-18", "2026-11-18")  # never today itself
    assert window("letzten Montag im Deploy") == ("2026-11-23", "2026-11-23")
    assert window("3 days ago") == ("2026-11-22", "2026-11-22")
    assert window("上周二的会议") == ("2026-11-17", "2026-11-17")


def test_weeks_months_and_years() -> None:
    assert window("what did we decide last week") == ("2026-11-16", "2026-11-22")
    assert window("letzte Woche") == ("2026-11-16", "2026-11-22")
    assert window("上周的决定") == ("2026-11-16", "2026-11-22")
    assert window("last month's outage") == ("2026-10-01", "2026-10-31")
    assert window("上个月") == ("2026-10-01", "2026-10-31")
    assert window("last year") == ("2025-01-01", "2025-12-31")


def test_absolute_dates_win_and_name_their_span() -> None:
    assert window("What did Nate make on 9 November, 2022?") == ("2022-11-09", "2022-11-09")
    assert window("What did Joanna share in August 2022?") == ("2022-08-01", "2022-08-31")
    assert window("Where was Tim in the week before 16 November 2023?") == ("2023-11-09", "2023-11-16")
    assert window("Where was John between August 11 and August 15 2023?") is not None
    assert window("1992年4月，罗保铭担任什么职务？") == ("1992-04-01", "1992-04-30")
    assert window("deploy notes 2026-11-02") == ("2026-11-02", "2026-11-02")
    assert window("How do I deploy the service?") is None
    assert window("May I ask how to install it?") is None  # "May" alone is not a date


def test_when_and_latest_questions() -> None:
    assert read_query("When did Caroline go to the support group?", TODAY).asks_when
    assert read_query("Wann war das Release?", TODAY).asks_when
    assert read_query("尤金袋鼠最初是何时被发现的？", TODAY).asks_when
    assert not read_query("What did Caroline research?", TODAY).asks_when
    assert read_query("what is the latest state of the migration", TODAY).latest
    assert read_query("目前的部署方式是什么", TODAY).latest
    assert not TimeIntent().active


def test_when_a_memory_is_from() -> None:
    assert memory_days("daily/2026-11-24.md", "", "edited api.py", None) == [
        DateWindow(dt.date(2026, 11, 24), dt.date(2026, 11, 24))
    ]
    heading = "conv-26 session 1, 1:56 pm on 8 May, 2023"
    assert memory_days("docs/a.md", heading, "text", None)[0].start == dt.date(2023, 5, 8)
    mtime = dt.datetime(2026, 11, 20, 12, tzinfo=dt.UTC).timestamp()
    assert memory_days("notes.md", "Notes", "no date here", mtime)[0].start == dt.date(2026, 11, 20)
    assert dates_in("on 2023年5月8日 and December 1,2023") == [
        DateWindow(dt.date(2023, 5, 8), dt.date(2023, 5, 8)),
        DateWindow(dt.date(2023, 12, 1), dt.date(2023, 12, 1)),
    ]
    assert mentions_time("I went to a support group yesterday")
    assert mentions_time("他于1643年去世")
    assert not mentions_time("Use pnpm, never npm.")
    assert not mentions_time("# session 1, 8 May, 2023\n\nI may go to the pottery class.")  # a heading, a verb
    assert mentions_time("# Notes\n\nWe moved it in May 2023.")


def test_bonuses() -> None:
    day = DateWindow(dt.date(2023, 5, 8), dt.date(2023, 5, 8))
    later = DateWindow(dt.date(2023, 5, 12), dt.date(2023, 5, 12))
    far = DateWindow(dt.date(2023, 8, 1), dt.date(2023, 8, 1))
    memories = {1: MemoryTime([day], False), 2: MemoryTime([later], True), 3: MemoryTime([far], True)}
    weights = TimeWeights(window=1.0, when=0.5, latest=2.0, slack_days=7)
    asked = TimeIntent(asks_when=True, window=day)
    # the day itself, and a memory written within a week after it ("yesterday" told on the 12th) count
    assert time_bonuses(asked, memories, weights) == {1: 1.0, 2: 1.5, 3: 0.5}
    assert time_bonuses(asked, memories, TimeWeights(window=1.0, when=0.0, slack_days=0)) == {1: 1.0}
    latest = time_bonuses(TimeIntent(latest=True), memories, weights)
    assert latest[3] == 2.0 and 1 not in latest and 0 < latest[2] < 0.2
    assert time_bonuses(TimeIntent(), memories, weights) == {}


def test_search_prefers_the_day_the_question_names(daemon_factory: Any, memory_home: Path) -> None:
    today = dt.datetime.now(dt.UTC).date()
    daily = memory_home / "daily"
    daily.mkdir(exist_ok=True)
    yesterday, older = today - dt.timedelta(days=1), today - dt.timedelta(days=12)
    (daily / f"{older}.md").write_text(f"# {older}\n\nWe decided the artifact cache stays on local disk for now.\n")
    (daily / f"{yesterday}.md").write_text(f"# {yesterday}\n\nWe decided the artifact cache moves to the bucket.\n")
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["mode"] == "hybrid", timeout=300)
    wait_indexed(daemon)
    daemon.wait_for(lambda: daemon.call("status")["index"]["embedded"] >= 2, timeout=120)
    asked = search(daemon, "what did we decide about the artifact cache yesterday", mode="hybrid", explain=True)
    assert asked[0]["path"] == f"daily/{yesterday}.md"
    assert asked[0]["explain"]["time"] > 0 and "time" not in asked[1]["explain"]
    # the date moves the rank, not the relevance (a floor still judges by the topic); no day named, no time part
    assert asked[0]["relevance"] < 1.0 and asked[0]["score"] > asked[1]["score"]
    plain = search(daemon, "what did we decide about the artifact cache", mode="hybrid", explain=True)
    assert plain and all("time" not in h["explain"] for h in plain)
