"""The sync merge drivers and round steps against real git repositories on disk (no daemon).

Markdown: concurrent insertions are kept (each once, in an order both machines compute alike); overlapping edits
are conflicts. facts.json: merged by fact id, nothing lost. A round keeps both sides of a conflict as files and
refuses a remote that changed this machine's own event segments.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from pipeline.sync import offline_merge
from pipeline.sync import round as sync_round
from pipeline.sync.git import Git
from pipeline.sync.layout import conflict_path, is_conflict_file, managed
from pipeline.sync.merge_daily import merge_daily
from pipeline.sync.merge_facts import merge_facts
from pipeline.sync.merge_markdown import merge_markdown
from pipeline.sync.repository import SyncConfig, SyncError, git_for, init_repository, write_layout

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
DRIVER = (sys.executable, "-m", "daemon")

DAILY = "# 2026-11-02\n\n## 09:10 · atlas\n- `a.py` (Edit)\n"


def test_both_machines_appending_to_a_list_keep_every_item_once_in_the_same_order() -> None:
    base = "# Memory\n\n## Lessons\n- one\n\n## Best practices\n- tidy\n"
    ours = base.replace("- one\n", "- one\n- two (laptop)\n- same on both\n")
    theirs = base.replace("- one\n", "- one\n- same on both\n- three (desktop)\n")
    merged = merge_markdown(base, ours, theirs, join_created=True)
    assert merged == merge_markdown(base, theirs, ours, join_created=True)  # whoever merges gets the same text
    assert merged is not None
    lessons = merged.split("## Lessons\n")[1].split("\n\n")[0].splitlines()
    assert sorted(lessons) == sorted(["- one", "- two (laptop)", "- same on both", "- three (desktop)"])
    assert merged.endswith("## Best practices\n- tidy\n")


def test_daily_notes_created_on_both_machines_join_in_time_order() -> None:
    laptop = DAILY + "\n## 14:32 · atlas\n- `b.py` (Edit)\n"
    desktop = "# 2026-11-02\n\n## 11:05 · web\n- `c.ts` (Write)\n\n## 16:00 · web\n- `d.ts` (Edit)\n"
    merged = merge_markdown("", laptop, desktop, join_created=True)
    assert merged is not None
    headings = [line for line in merged.splitlines() if line.startswith("## ")]
    assert headings == ["## 09:10 · atlas", "## 11:05 · web", "## 14:32 · atlas", "## 16:00 · web"]
    assert merged.count("# 2026-11-02") == 1
    assert merge_markdown("", laptop, desktop, join_created=False) is None  # any other note: a conflict


def test_daily_notes_merge_by_entry_and_file_counting_both_machines_edits() -> None:
    """Both hooks wrote into the 09:10 atlas entry: one bumped a counter, the other added a tool and a file."""
    base = DAILY + "- `b.py` (Edit)\n"
    laptop = base.replace("`a.py` (Edit)", "`a.py` (Edit ×2)") + "- `c.py` (Write)\n"
    desktop = (
        base.replace("`b.py` (Edit)", "`b.py` (Edit, Write)") + "a person's remark\n\n## 09:11 · web\n- `d.ts` (Edit)\n"
    )
    merged = merge_daily(base, laptop, desktop)
    assert merged == merge_daily(base, desktop, laptop)
    assert merged == (
        "# 2026-11-02\n\n## 09:10 · atlas\n- `a.py` (Edit ×2)\n- `b.py` (Edit, Write)\n- `c.py` (Write)\n"
        "a person's remark\n\n## 09:11 · web\n- `d.ts` (Edit)\n"
    )
    assert merge_markdown(base, laptop, desktop, join_created=True) is None  # as lines, the counter collides
    assert merge_daily(base, "# my own structure\n\n# another title\n", desktop) is None  # then: Markdown lines


def test_edits_of_the_same_lines_are_a_conflict_and_separate_edits_merge() -> None:
    base = "# Deploy\n\nRun make deploy.\n\nThen check the canary.\n"
    assert (
        merge_markdown(
            base, base.replace("make deploy", "make ship"), base.replace("make deploy", "just"), join_created=True
        )
        is None
    )
    both = merge_markdown(
        base, base.replace("make deploy", "make ship"), base.replace("the canary", "the dashboards"), join_created=False
    )
    assert both == "# Deploy\n\nRun make ship.\n\nThen check the dashboards.\n"
    # a rule marked superseded on one machine and a rule appended on the other: the mark is not undone
    rules = "## Rules\n- always use Decimal\n"
    marked = "## Rules\n- ~~always use Decimal~~ (superseded)\n"
    appended = rules + "- never push to main\n"
    assert merge_markdown(rules, marked, appended, join_created=True) is None  # git's `union` would keep both lines


def fact(fact_id: str, text: str, status: str = "active", **extra: object) -> dict[str, object]:
    return {"id": fact_id, "fact": text, "status": status, "category": "general", **extra}


def doc(*facts: dict[str, object]) -> bytes:
    return orjson.dumps({"facts": list(facts)})


def test_facts_merge_by_id_losing_nothing_and_agreeing_both_ways() -> None:
    base = doc(fact("p-1", "old"), fact("p-2@lap", "uses redis"))
    ours = doc(
        fact("p-1", "old", "superseded", supersededBy="p-3@lap"),
        fact("p-2@lap", "uses redis"),
        fact("p-3@lap", "new"),
        fact("p-4@lap", "deploys on fridays"),
    )
    theirs = doc(
        fact("p-1", "old", "archived"),
        fact("p-2@lap", "uses redis 7"),  # edited by hand on the desktop
        fact("p-3@desk", "uses celery"),
        fact("p-4@desk", "Deploys  on Fridays"),  # the same fact, added on both (consolidation of one session)
    )
    merged = merge_facts(base, ours, theirs)
    assert merged is not None and merged == merge_facts(base, theirs, ours)
    facts = {f["id"]: f for f in orjson.loads(merged)["facts"]}
    assert list(facts) == ["p-1", "p-2@lap", "p-3@desk", "p-3@lap", "p-4@desk", "p-4@lap"]
    assert facts["p-1"]["status"] == "superseded" and facts["p-1"]["supersededBy"] == "p-3@lap"
    assert facts["p-2@lap"]["fact"] == "uses redis 7"
    assert (facts["p-4@desk"]["status"], facts["p-4@lap"]["status"]) == ("active", "superseded")
    assert facts["p-4@lap"]["supersededBy"] == "p-4@desk"


def test_facts_changed_differently_on_both_keep_the_other_value_and_old_ids_that_clash_are_renumbered() -> None:
    base = doc(fact("p-1", "uses pg"))
    merged = merge_facts(base, doc(fact("p-1", "uses postgres")), doc(fact("p-1", "uses pg 16")))
    assert merged is not None
    (only,) = orjson.loads(merged)["facts"]
    assert {only["fact"], only["mergeAlternatives"]["fact"]} == {"uses postgres", "uses pg 16"}
    joined = merge_facts(b"", doc(fact("p-1", "from the laptop")), doc(fact("p-1", "from the desktop")))
    assert joined is not None
    facts = orjson.loads(joined)["facts"]
    assert sorted((f["id"], f["fact"]) for f in facts) == [
        ("p-1", "from the desktop"),
        ("p-2@merged", "from the laptop"),
    ]
    assert merge_facts(base, b"{ broken", doc()) is None


def test_conflict_names_and_the_managed_block() -> None:
    assert conflict_path("notes/x.md", "desk", set()) == "notes/x.conflict-desk.md"
    assert conflict_path("notes/x.md", "desk", {"notes/x.conflict-desk.md"}) == "notes/x.conflict-desk-2.md"
    assert conflict_path("areas/projects/p/facts.json", "lap", set()) == "areas/projects/p/facts.conflict-lap.json"
    assert is_conflict_file("x.conflict-desk-2.md") and not is_conflict_file("conflict-resolution.md")
    mine = "# my own rule\n*.pdf\n"
    once = managed(mine, ["/state/"])
    assert once.startswith(mine) and "/state/" in once
    assert managed(once, ["/run/"]) == once.replace("/state/", "/run/")


# ---- real repositories ---------------------------------------------------------------------------------------


def make_home(root: Path, name: str, bare: Path) -> SyncConfig:
    home = root / name
    (home / "events").mkdir(parents=True)
    (home / "MEMORY.md").write_text("# Memory\n\n## Lessons\n- one\n", encoding="utf-8")
    config = SyncConfig(home=home, machine=name, driver_command=DRIVER, timeout=60)
    git_for(config).run(["init", "-q"])
    for key, value in (("user.name", name), ("user.email", f"{name}@example.invalid")):
        git_for(config).run(["config", key, value])
    init_repository(config, str(bare))
    return config


def round_trip(config: SyncConfig) -> sync_round.Merged | None:
    git = git_for(config)
    who = sync_round.identity(git, config.machine)
    exists = sync_round.fetch(config, git, "main")
    sync_round.commit(config, git, who)
    plan = sync_round.plan_merge(config, git, "main") if exists else None
    merged = sync_round.merge(config, git, plan, who) if plan else None
    assert sync_round.push(config, git, "main")
    return merged


@pytest.fixture
def two_homes(tmp_path: Path) -> tuple[SyncConfig, SyncConfig]:
    bare = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    lap = make_home(tmp_path, "lap", bare)
    round_trip(lap)
    desk = make_home(tmp_path, "desk", bare)
    round_trip(desk)  # joins the laptop's history (the same MEMORY.md: nothing to merge)
    round_trip(lap)
    return lap, desk


def test_a_round_merges_with_the_drivers_and_keeps_both_sides_of_a_conflict(
    two_homes: tuple[SyncConfig, SyncConfig],
) -> None:
    lap, desk = two_homes
    for config, lesson, note in ((lap, "- two", "laptop wording"), (desk, "- three", "desktop wording")):
        memory = config.home / "MEMORY.md"
        memory.write_text(memory.read_text() + lesson + "\n", encoding="utf-8")
        (config.home / "notes.md").write_text(f"# Notes\n\n{note}\n", encoding="utf-8")
    round_trip(lap)
    merged = round_trip(desk)
    assert merged is not None and [(c.path, c.copy, c.machine) for c in merged.conflicts] == [
        ("notes.md", "notes.conflict-lap.md", "lap")
    ]
    round_trip(lap)
    for config in (lap, desk):
        assert (config.home / "MEMORY.md").read_text().endswith("- one\n- three\n- two\n")
        assert (config.home / "notes.md").read_text() == "# Notes\n\ndesktop wording\n"
        assert (config.home / "notes.conflict-lap.md").read_text() == "# Notes\n\nlaptop wording\n"
        assert Git(config.home).out("status", "--porcelain") == ""
    assert Git(lap.home).out("rev-parse", "HEAD") == Git(desk.home).out("rev-parse", "HEAD")
    subjects = Git(lap.home).out("log", "--format=%s").splitlines()
    assert "desk: merge from lap" in subjects and any(s.startswith("lap: ") for s in subjects)


def test_another_machines_segment_is_never_committed_and_a_remote_that_changed_ours_is_refused(
    two_homes: tuple[SyncConfig, SyncConfig],
) -> None:
    lap, desk = two_homes
    (lap.home / "events" / "2026-11.lap.jsonl").write_text('{"id": "1"}\n', encoding="utf-8")
    round_trip(lap)
    round_trip(desk)
    foreign = desk.home / "events" / "2026-11.lap.jsonl"
    foreign.write_text('{"id": "1"}\n{"id": "edited on the desk"}\n', encoding="utf-8")
    (desk.home / "notes.md").write_text("a note\n", encoding="utf-8")
    committed = sync_round.commit(desk, git_for(desk), {})
    assert committed is not None and committed.files == 1  # the note, not the laptop's log
    assert Git(desk.home).out("show", "HEAD:events/2026-11.lap.jsonl") == '{"id": "1"}'

    impostor = SyncConfig(home=desk.home, machine="lap", driver_command=DRIVER)  # a second home calling itself lap
    (lap.home / "events" / "2026-11.lap.jsonl").write_text('{"id": "1"}\n{"id": "3"}\n', encoding="utf-8")
    round_trip(lap)
    git = git_for(impostor)
    sync_round.fetch(impostor, git, "main")
    sync_round.commit(impostor, git, {})  # as "lap", it commits the edited segment as its own
    with pytest.raises(SyncError, match="another home uses the machine id 'lap'"):
        sync_round.plan_merge(impostor, git, "main")
    assert not (desk.home / ".git" / "MERGE_HEAD").exists()


def test_a_merge_made_aside_keeps_a_write_made_while_it_was_prepared(two_homes: tuple[SyncConfig, SyncConfig]) -> None:
    """1. Both machines add to the same daily note; the laptop prepares the merge aside (the drivers run there).
    2. Meanwhile the edit hook writes the note again. 3. Applying the merge keeps all three entries, points the
    branch at the merge, and leaves the hook's entry as a change the next round commits."""
    lap, desk = two_homes
    for config, entry in (
        (lap, "## 10:00 · atlas\n- `lap.py` (Edit)\n"),
        (desk, "## 10:01 · web\n- `desk.ts` (Edit)\n"),
    ):
        note = config.home / "daily" / "2026-11-02.md"
        note.parent.mkdir(exist_ok=True)
        note.write_text(DAILY + "\n" + entry, encoding="utf-8")
    round_trip(desk)
    git = git_for(lap)
    who = sync_round.identity(git, "lap")
    assert sync_round.fetch(lap, git, "main") and sync_round.commit(lap, git, who)
    plan = sync_round.plan_merge(lap, git, "main")
    assert plan is not None and offline_merge.supported(git)
    prepared = offline_merge.prepare(lap, git, plan, who)
    assert prepared is not None and [c.path for c in prepared.changes] == ["daily/2026-11-02.md"]
    note = lap.home / "daily" / "2026-11-02.md"
    note.write_text(note.read_text() + "\n## 10:05 · atlas\n- `late.py` (Edit)\n", encoding="utf-8")  # the hook
    merged = offline_merge.apply(lap, git, prepared)
    assert merged.head == Git(lap.home).out("rev-parse", "HEAD") and not merged.conflicts
    headings = [line for line in note.read_text().splitlines() if line.startswith("## ")]
    assert headings == ["## 09:10 · atlas", "## 10:00 · atlas", "## 10:01 · web", "## 10:05 · atlas"]
    assert Git(lap.home).out("status", "--porcelain") == "M daily/2026-11-02.md"
    assert "late.py" not in Git(lap.home).out("show", "HEAD:daily/2026-11-02.md")


def test_excluded_folders_and_local_files_never_travel(two_homes: tuple[SyncConfig, SyncConfig]) -> None:
    lap, _ = two_homes
    private = dataclasses.replace(lap, exclude=("sessions/",))
    write_layout(private)
    for relative in ("sessions/s1.md", "notes/n.md", "state/index.db", "events/2026-11.lap.local.jsonl", "config.toml"):
        (lap.home / relative).parent.mkdir(parents=True, exist_ok=True)
        (lap.home / relative).write_text("x\n", encoding="utf-8")
    committed = sync_round.commit(private, git_for(private), {})
    assert committed is not None
    assert Git(lap.home).out("show", "--name-only", "--format=", "HEAD").split() == ["notes/n.md"]
    assert "/sessions/" in (lap.home / ".git" / "info" / "exclude").read_text()


def test_a_new_home_joining_with_a_machine_id_already_used_is_refused(
    two_homes: tuple[SyncConfig, SyncConfig], tmp_path: Path
) -> None:
    """Joining an existing memory: the remote may hold segments of this machine id that we lack (a reinstall
    restores them), but not a different version of one we have (two homes with one id)."""
    lap, _ = two_homes
    (lap.home / "events" / "2026-11.lap.jsonl").write_text('{"id": "1"}\n', encoding="utf-8")
    round_trip(lap)
    again = make_home(tmp_path / "second", "lap", tmp_path / "remote.git")
    (again.home / "events" / "2026-11.lap.jsonl").write_text('{"id": "other"}\n', encoding="utf-8")
    git = git_for(again)
    sync_round.commit(again, git, {})
    assert sync_round.fetch(again, git, "main")
    with pytest.raises(SyncError, match="another home uses the machine id 'lap'"):
        sync_round.plan_merge(again, git, "main")
    restored = make_home(tmp_path / "third", "lap", tmp_path / "remote.git")  # a reinstall: no segment yet
    round_trip(restored)
    assert (restored.home / "events" / "2026-11.lap.jsonl").read_text() == '{"id": "1"}\n'
