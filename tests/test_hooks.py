"""`memoryd hook EVENT` as Claude Code runs it: documented payloads on stdin, the documented answer on stdout,
exit 0 and an answer within a second whatever the daemon does (up, down, hung), one hook-log line each."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from daemon.client.hooks.events import LIVE_SESSION_SUFFIX, session_file_id, spool
from pipeline.memory_layout import LIVE_SESSION_SUFFIX as LAYOUT_LIVE_SUFFIX
from pipeline.memory_layout import safe_id
from tests import agent_payloads as cc
from tests.conftest import Daemon, write_config

FAST_INBOX = "[inbox]\npoll_ms = 50\nstable_ms = 150\n"


def seed_project(home: Path) -> None:
    project = home / "areas" / "projects" / "acme-api"
    project.mkdir(parents=True)
    (project / "rules.md").write_text("# Rules\n\n- Money is Decimal, never float.\n", encoding="utf-8")
    (project / "summary.md").write_text("# acme-api\n\nThe order API of the shop (Flask).\n", encoding="utf-8")
    (home / "MEMORY.md").write_text("# Memory\n\n## Lessons\n- Run migrations before the deploy.\n", encoding="utf-8")
    (home / "deploys.md").write_text("# Deploys\n\nThe orders service ships with `make deploy` after the canary.\n")


def events_of(daemon: Daemon, event_type: str) -> list[dict[str, Any]]:
    return list(daemon.call("events", {"type": event_type})["events"])


def test_each_hook_answers_in_claude_codes_format_with_the_daemon_up(daemon_factory: Any, memory_home: Path) -> None:
    seed_project(memory_home)
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    run = lambda event, payload: cc.run_hook(memory_home, daemon.socket, event, payload)  # noqa: E731

    start = run("SessionStart", cc.session_start())
    assert (start.code, start.stderr) == (0, "")
    context = start.context()
    assert "Run migrations before the deploy." in context  # MEMORY.md essentials
    assert "Money is Decimal, never float." in context  # the project's rules (cwd names acme-api)
    assert "The order API of the shop" in context  # and its summary

    prompt = run("UserPromptSubmit", cc.user_prompt("how do we deploy the orders service?"))
    assert (prompt.code, prompt.stderr) == (0, "")
    assert "deploys.md" in prompt.context() and "make deploy" in prompt.context()
    assert "Money is Decimal" not in prompt.context()  # rules came at SessionStart, not again per prompt
    injected = daemon.call("injections", {"session_id": cc.SESSION})["injections"]
    assert any(any(p.startswith("deploys.md:") for p in i.get("paths", [])) for i in injected)

    quiet = [
        ("UserPromptSubmit", cc.user_prompt("yes")),  # too short to search for
        ("UserPromptSubmit", {**cc.user_prompt("how do we deploy the orders service?"), "source": "loop_wakeup"}),
        ("PostToolUse", cc.bash("ls")),  # not an edit
        ("PostToolUse", cc.edit(f"{cc.CWD}/app/orders.py")),
        ("PostToolUse", cc.notebook_edit(f"{cc.CWD}/notebooks/totals.ipynb")),
        ("PreCompact", cc.pre_compact("manual", "Focus on the order totals")),
        ("Stop", cc.stop()),  # the transcript path does not exist here: nothing to hand over
    ]
    for event, payload in quiet:
        result = run(event, payload)
        assert (result.code, result.stdout, result.stderr) == (0, "", ""), (event, result)

    (note,) = (memory_home / "daily").glob("*.md")
    assert "`notebooks/totals.ipynb` (NotebookEdit)" in note.read_text(encoding="utf-8")
    compactions = events_of(daemon, "compaction")
    assert compactions[0]["data"]["trigger"] == "manual"
    assert compactions[0]["data"]["custom_instructions"] == "Focus on the order totals"
    outcomes = [(line["event"], line["outcome"]) for line in cc.hook_log(memory_home)]
    assert outcomes == [
        ("SessionStart", "ok"),
        ("UserPromptSubmit", "ok"),
        ("UserPromptSubmit", "skipped"),
        ("UserPromptSubmit", "skipped"),  # not a person's prompt: the machine woke the loop
        ("PostToolUse", "skipped"),
        ("PostToolUse", "ok"),
        ("PostToolUse", "ok"),
        ("PreCompact", "ok"),
        ("Stop", "skipped"),
    ]


def test_edits_of_one_project_within_a_minute_share_one_daily_entry(daemon: Daemon) -> None:
    """1. Two edits of acme-api in 14:32 and one of another project in 14:32 give two entries.
    2. A later acme-api edit in 14:32 joins the first entry although the other project's entry follows it.
    3. 14:33 starts a new entry; counts per tool are kept on each file's line."""
    at = "2026-03-14T14:{}+00:00"
    calls = [
        ("32:05", "Edit", f"{cc.CWD}/app/orders.py", cc.CWD),
        ("32:40", "Write", f"{cc.CWD}/README.md", cc.CWD),
        ("32:41", "Edit", "/home/dev/src/billing/invoice.py", "/home/dev/src/billing"),
        ("32:59", "Edit", f"{cc.CWD}/app/orders.py", cc.CWD),
        ("33:01", "NotebookEdit", f"{cc.CWD}/app/orders.py", cc.CWD),
    ]
    for when, tool, path, cwd in calls:
        daemon.call("edit", {"files": [path], "tool": tool, "cwd": cwd, "at": at.format(when)})
    note = (daemon.home / "daily" / "2026-03-14.md").read_text(encoding="utf-8")
    local = {when: dt.datetime.fromisoformat(at.format(when)).astimezone() for when, *_ in calls}
    first, later = local["32:05"].strftime("%H:%M"), local["33:01"].strftime("%H:%M")
    assert note == (
        "# 2026-03-14\n\n"
        f"## {first} · acme-api\n- `app/orders.py` (Edit ×2)\n- `README.md` (Write)\n\n"
        f"## {first} · billing\n- `invoice.py` (Edit)\n\n"
        f"## {later} · acme-api\n- `app/orders.py` (NotebookEdit)\n"
    )
    assert len(events_of(daemon, "edit")) == 5


def test_stop_hands_over_a_live_transcript_that_waits_until_session_end(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    """1. Stop (after each answer) links the transcript in as ID.stop.jsonl; it waits for the session to idle.
    2. SessionEnd hands over ID.jsonl, drops the Stop copy, and the summary follows at once."""
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, FAST_INBOX + "session_idle_ms = 60000\n")
    daemon = daemon_factory().start()
    transcript = tmp_path / "projects" / f"{cc.SESSION}.jsonl"
    transcript.parent.mkdir()
    shutil.copy(cc.SAMPLE_TRANSCRIPT, transcript)
    inbox = memory_home / "inbox"

    assert cc.run_hook(memory_home, daemon.socket, "Stop", cc.stop(transcript=str(transcript))).code == 0
    live = inbox / f"{cc.SESSION}.stop.jsonl"
    assert live.read_bytes() == transcript.read_bytes()
    time.sleep(0.6)  # four stable intervals: a dropped note would have been taken by now
    assert live.exists() and not (memory_home / "sessions" / f"{cc.SESSION}.md").exists()

    assert cc.run_hook(memory_home, daemon.socket, "SessionEnd", cc.session_end(transcript=str(transcript))).code == 0
    assert not live.exists()
    daemon.wait_for(lambda: (memory_home / "sessions" / f"{cc.SESSION}.md").is_file())
    assert transcript.read_bytes() == cc.SAMPLE_TRANSCRIPT.read_bytes()  # the agent's own file is untouched


@pytest.fixture
def hung_socket() -> Iterator[Path]:
    """A socket that accepts connections and never answers: a daemon stuck in a long GC pause or a deadlock."""
    directory = tempfile.TemporaryDirectory(dir="/tmp", prefix="md-hung-")
    path = Path(directory.name) / "d.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(64)
    held: list[socket.socket] = []
    done = threading.Event()

    def accept() -> None:
        server.settimeout(0.1)
        while not done.is_set():
            try:
                held.append(server.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield path
    done.set()
    thread.join(5)
    for conn in held:
        conn.close()
    server.close()
    directory.cleanup()


ALL_HOOKS = [
    ("SessionStart", cc.session_start()),
    ("UserPromptSubmit", cc.user_prompt("how do we deploy the orders service?")),
    ("PostToolUse", cc.edit(f"{cc.CWD}/app/orders.py")),
    ("PreCompact", cc.pre_compact()),
    ("SessionEnd", cc.session_end(transcript=str(cc.SAMPLE_TRANSCRIPT))),
    ("Stop", cc.stop()),
]


@pytest.mark.parametrize("command", [cc.INSTALLED, cc.CONSOLE], ids=["installed", "console-script"])
def test_hooks_answer_within_a_second_against_a_hung_daemon(
    memory_home: Path, hung_socket: Path, command: tuple[str, ...]
) -> None:
    for event, payload in ALL_HOOKS:
        result = cc.run_hook(memory_home, hung_socket, event, payload, command=command)
        assert (result.code, result.stdout, result.stderr) == (0, "", ""), (event, result)
        assert result.seconds < 1.0, (event, result.seconds)  # a behavioural budget (Claude Code waits)
    log = {line["event"]: line for line in cc.hook_log(memory_home)}
    assert log["SessionStart"]["outcome"] == log["UserPromptSubmit"]["outcome"] == "daemon_down"
    assert log["PostToolUse"]["outcome"] == log["PreCompact"]["outcome"] == "spooled"
    assert log["SessionEnd"]["outcome"] == "handed_over"


def test_nothing_is_lost_while_the_daemon_is_down(daemon_factory: Any, memory_home: Path) -> None:
    """1. With no daemon, every hook exits 0 at once, prints nothing, and logs a line.
    2. Edits and compactions are spooled into the inbox; the transcript is handed over.
    3. Once the daemon starts, the daily note, the compaction event and the session summary appear."""
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, FAST_INBOX)
    daemon = daemon_factory()
    for event, payload in ALL_HOOKS:
        result = cc.run_hook(memory_home, daemon.socket, event, payload)
        assert (result.code, result.stdout, result.stderr) == (0, "", ""), (event, result)
        assert result.seconds < 1.0, (event, result.seconds)
    assert [line["outcome"] for line in cc.hook_log(memory_home)] == [
        "daemon_down",
        "daemon_down",
        "spooled",
        "spooled",
        "handed_over",
        "skipped",  # Stop: no transcript at the documented example path
    ]
    spooled = sorted(p.name for p in (memory_home / "inbox").glob("hook-*.events.jsonl"))
    assert len(spooled) == 2
    assert (cc.SAMPLE_TRANSCRIPT).is_file()  # handing over links or copies; the original stays

    daemon.start()
    sessions = memory_home / "sessions" / f"{cc.SESSION}.md"
    daemon.wait_for(lambda: sessions.is_file() and not list((memory_home / "inbox").glob("*.jsonl")))
    notes = list((memory_home / "daily").glob("*.md"))
    assert len(notes) == 1 and "`app/orders.py` (Edit)" in notes[0].read_text(encoding="utf-8")
    assert "acme-api" in notes[0].read_text(encoding="utf-8")
    assert events_of(daemon, "compaction")[0]["data"]["trigger"] == "auto"
    assert len(events_of(daemon, "inbox_import")) == 2
    assert not list((memory_home / "inbox" / "rejected").iterdir())


def test_bad_input_and_a_broken_config_still_exit_0_silently(memory_home: Path, tmp_path: Path) -> None:
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, "[hooks\nthis is not toml")
    sock = tmp_path / "none.sock"
    for event, raw in [("UserPromptSubmit", b"not json at all"), ("SessionStart", b"[1, 2]"), ("Bogus", b"{}")]:
        proc = subprocess.run(
            [sys.executable, "-m", "daemon", "--socket", str(sock), "hook", event],
            input=raw,
            capture_output=True,
            env={**os.environ, "MEMORYD_HOME": str(memory_home)},
            cwd=cc.REPO,
            timeout=30,
        )
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b""), event
    lines = cc.hook_log(memory_home)
    assert len(lines) == 3 and all("config_error" in line for line in lines)
    assert lines[2]["outcome"] == "skipped"
    assert orjson.loads(orjson.dumps(lines))  # every line is one JSON object


def test_the_hook_process_imports_nothing_heavy(memory_home: Path, tmp_path: Path) -> None:
    """The hook path is the CLI's fast path: no asyncio server, SQLite, numpy, fastembed, MCP SDK or httpx."""
    probe = (
        "import sys\n"
        "from daemon.main import main\n"
        "main(['--socket', sys.argv[1], 'hook', sys.argv[2]])\n"
        "heavy = ('asyncio', 'sqlite3', 'aiosqlite', 'numpy', 'fastembed', 'onnxruntime', 'mcp', 'httpx', 'watchfiles')\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(heavy)), file=sys.stderr)\n"
    )
    for event, payload in ALL_HOOKS:
        proc = subprocess.run(
            [sys.executable, "-c", probe, str(tmp_path / "none.sock"), event],
            input=orjson.dumps(payload),
            capture_output=True,
            env={**os.environ, "MEMORYD_HOME": str(memory_home)},
            cwd=cc.REPO,
            timeout=30,
        )
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"[]\n"), event


def installed_hook_imports(home: Path, sock: Path, event: str, payload: dict[str, Any]) -> set[str]:
    """The modules (full dotted names) the installed hook command imports for one event, from `-X importtime`."""
    python, *rest = cc.INSTALLED
    proc = subprocess.run(
        [python, "-X", "importtime", *rest, "--socket", str(sock), "hook", event],
        input=orjson.dumps(payload),
        capture_output=True,
        env={**os.environ, "MEMORYD_HOME": str(home)},
        cwd=sock.parent,
        timeout=30,
    )
    assert (proc.returncode, proc.stdout) == (0, b""), event
    lines = proc.stderr.decode().splitlines()
    assert lines and all(line.startswith("import time:") for line in lines), lines[:5]
    return {line.rpartition("|")[2].strip() for line in lines[1:]}


def test_the_installed_hook_command_starts_without_site_and_imports_only_the_standard_library(
    memory_home: Path, tmp_path: Path
) -> None:
    """1. `python -S entry.py`: no `site` (whose .pth files cost more than the hook in an editable install),
    and nothing from site-packages, on every event's path, the first hook's full settings load included.
    2. Once the home's folders and the settings cache exist, no event imports any of pathlib, re, enum, json, __future__
    or contextlib (together ~12 ms of a ~14 ms hook; see daemon/client/hooks/run.py)."""
    memory_home.mkdir(exist_ok=True)
    sock = tmp_path / "none.sock"
    ours = {"daemon", "pipeline", "events"}
    probes = {"org"}  # `copy` tries Jython's org.python.core, which is found nowhere
    read = {**cc.common("PreToolUse"), "tool_name": "Read", "tool_input": {"file_path": f"{cc.CWD}/app/orders.py"}}
    for event, payload in [ALL_HOOKS[0], *ALL_HOOKS, ("PreToolUse", read)]:
        names = {name.split(".")[0] for name in installed_hook_imports(memory_home, sock, event, payload)}
        assert "site" not in names and "daemon" in names, event
        assert names - set(sys.stdlib_module_names) - ours - probes == set(), event
    heavy = {"pathlib", "re", "enum", "json", "contextlib", "signal", "typing", "dataclasses", "orjson", "__future__"}
    stop = ("Stop", cc.stop(transcript=str(cc.SAMPLE_TRANSCRIPT)))  # a transcript to hand over
    for event, payload in [*ALL_HOOKS, stop, ("PreToolUse", read)]:
        assert installed_hook_imports(memory_home, sock, event, payload) & heavy == set(), event
    assert "error" not in {line["outcome"] for line in cc.hook_log(memory_home)}


def test_after_the_first_hook_a_hook_imports_no_settings_module_typing_or_orjson(
    memory_home: Path, tmp_path: Path
) -> None:
    """Imports are most of a hook's time (bench/hooks.py): the first hook caches the eight settings a hook
    needs, and every later one reads them without `daemon.config`, tomllib, dataclasses, typing or orjson."""
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, "[hooks]\ntimeout_ms = 250\n")
    avoided = ("daemon.config", "tomllib", "dataclasses", "typing", "orjson", "datetime", "shutil")
    probe = (
        "import sys\n"
        "from daemon.main import main\n"
        "main(['--socket', sys.argv[1], 'hook', sys.argv[2]])\n"
        f"print(sorted(set(sys.modules) & set({avoided!r})), file=sys.stderr)\n"
    )
    seen = []
    for event, payload in [ALL_HOOKS[0], *ALL_HOOKS]:
        proc = subprocess.run(
            [sys.executable, "-c", probe, str(tmp_path / "none.sock"), event],
            input=orjson.dumps(payload),
            capture_output=True,
            env={**os.environ, "MEMORYD_HOME": str(memory_home)},
            cwd=cc.REPO,
            timeout=30,
        )
        assert (proc.returncode, proc.stdout) == (0, b""), event
        seen.append(proc.stderr.decode().strip())
    assert "daemon.config" in seen[0]  # the first one loads config.toml the full way
    assert seen[1:] == ["[]"] * len(ALL_HOOKS), seen


def test_the_daemon_writes_the_hook_settings_so_a_sessions_first_hook_imports_no_settings_module(
    daemon_factory: Any, memory_home: Path
) -> None:
    """SessionStart, which Claude Code waits for, is often the first hook since config.toml was written: the
    daemon leaves the hook settings for it when it starts, so it too skips `daemon.config` (~26 ms); and they
    are the values config.toml gives (a hook after a change still follows the change)."""
    write_config(memory_home, "[hooks]\ntranscript_on_stop = false\n")
    daemon = daemon_factory().start()
    sock = daemon.socket
    assert "daemon.config" not in installed_hook_imports(memory_home, sock, "SessionStart", cc.session_start())
    stop = cc.stop(transcript=str(cc.SAMPLE_TRANSCRIPT))
    assert cc.run_hook(memory_home, sock, "Stop", stop).code == 0
    write_config(memory_home, "[hooks]\ntranscript_on_stop = true\n")
    assert cc.run_hook(memory_home, sock, "Stop", stop).code == 0
    assert [line["outcome"] for line in cc.hook_log(memory_home)][-2:] == ["skipped", "handed_over"]


def test_hooks_follow_every_change_of_config_toml(memory_home: Path, tmp_path: Path) -> None:
    """The cached hook settings are config.toml's as it is now: written, changed, broken, removed."""
    memory_home.mkdir(exist_ok=True)
    sock = tmp_path / "none.sock"
    stop = cc.stop(transcript=str(cc.SAMPLE_TRANSCRIPT))
    steps = [
        (None, "handed_over"),
        ("[hooks]\ntranscript_on_stop = false\n", "skipped"),
        ("[hooks]\ntranscript_on_stop = true\n", "handed_over"),
        ("[hooks]\ntranscript_on_stop = false\n", "skipped"),
        ("[hooks\nbroken", "handed_over"),  # the defaults, and the error in the log
        ("[hooks]\ntranscript_on_stop = false\n", "skipped"),
        (None, "handed_over"),
    ]
    for number, (config, outcome) in enumerate(steps):
        if config is None:
            (memory_home / "config.toml").unlink(missing_ok=True)
        else:
            write_config(memory_home, config)
        for _ in range(2):  # the first reads config.toml, the second the cache
            assert cc.run_hook(memory_home, sock, "Stop", stop).code == 0
        lines = cc.hook_log(memory_home)[-2:]
        assert [line["outcome"] for line in lines] == [outcome] * 2, (number, config, lines)
        assert all(("config_error" in line) == (config == "[hooks\nbroken") for line in lines), lines


@pytest.fixture
def slow_replies(daemon_factory: Any) -> Iterator[tuple[Daemon, Path]]:
    """The real daemon behind a socket that forwards each request at once but holds the reply back for a
    second: the daemon applies the request, the hook times out. Yields (daemon, the slow socket)."""
    memory_home = daemon_factory().home
    write_config(memory_home, FAST_INBOX)
    daemon = daemon_factory().start()
    directory = tempfile.TemporaryDirectory(dir="/tmp", prefix="md-slow-")
    path = Path(directory.name) / "d.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(16)
    server.settimeout(0.1)
    done = threading.Event()

    def relay(conn: socket.socket) -> None:
        with conn:
            request = b""
            while not request.endswith(b"\n"):
                request += conn.recv(65536)
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as upstream:
                upstream.connect(str(daemon.socket))
                upstream.sendall(request)
                reply = b""
                while not reply.endswith(b"\n"):
                    reply += upstream.recv(65536)
            time.sleep(1.0)
            with contextlib.suppress(OSError):  # the hook gave up long ago
                conn.sendall(reply)

    def accept() -> None:
        while not done.is_set():
            try:
                conn = server.accept()[0]
            except TimeoutError:
                continue
            threading.Thread(target=relay, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield daemon, path
    done.set()
    thread.join(5)
    server.close()
    directory.cleanup()


def test_a_hook_that_timed_out_after_the_daemon_applied_it_yields_one_event(
    slow_replies: tuple[Daemon, Path], memory_home: Path
) -> None:
    """1. The daemon applies an edit and a compaction, but its replies come too late: each hook times out and
    spools its event into the inbox. 2. The inbox import finds their idempotency keys in the log and skips
    them: one edit, one daily-note line, one compaction."""
    daemon, slow = slow_replies
    for event, payload in (("PostToolUse", cc.edit(f"{cc.CWD}/app/orders.py")), ("PreCompact", cc.pre_compact())):
        result = cc.run_hook(memory_home, slow, event, payload)
        assert (result.code, result.stdout, result.stderr) == (0, "", ""), (event, result)
    assert [line["outcome"] for line in cc.hook_log(memory_home)] == ["spooled", "spooled"]
    daemon.wait_for(
        lambda: len(events_of(daemon, "inbox_import")) == 2 and not list((memory_home / "inbox").glob("*.jsonl"))
    )
    assert len(events_of(daemon, "edit")) == 1 and len(events_of(daemon, "compaction")) == 1
    (note,) = (memory_home / "daily").glob("*.md")
    assert note.read_text(encoding="utf-8").count("`app/orders.py` (Edit)") == 1


def test_a_request_that_arrives_after_its_spooled_copy_was_imported_is_not_applied_again(
    daemon_factory: Any, memory_home: Path
) -> None:
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, FAST_INBOX)
    daemon = daemon_factory().start()
    params = {
        "files": [f"{cc.CWD}/app/orders.py"],
        "tool": "Edit",
        "cwd": cc.CWD,
        "idempotency_key": "PostToolUse:s:t1",
    }
    spool(str(memory_home / "inbox"), [("edit", params)])
    daemon.wait_for(lambda: events_of(daemon, "inbox_import"))
    late = daemon.call("edit", params)
    assert late["duplicate"] is True and late["daily"] is None
    assert len(events_of(daemon, "edit")) == 1
    fresh = daemon.call("edit", {**params, "idempotency_key": "PostToolUse:s:t2"})
    assert fresh["duplicate"] is False and len(events_of(daemon, "edit")) == 2


@pytest.mark.parametrize(
    "raw", [cc.SESSION, "abc", "a" * 120, "a" * 121, "-x-", ".hidden", "a/b c", "", "é", "..", "x.y_z"]
)
def test_the_hooks_session_file_names_are_the_memory_layouts(raw: str) -> None:
    """The hook names inbox files without importing pipeline.memory_layout; the inbox reads them with it."""
    assert session_file_id(raw) == safe_id(raw)
    assert LIVE_SESSION_SUFFIX == LAYOUT_LIVE_SUFFIX
