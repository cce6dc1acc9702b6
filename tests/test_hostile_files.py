"""Files that are not what they seem.

- A FIFO (made with os.mkfifo) blocks whoever opens it for reading until a writer comes: `get` and the inbox
  must never open anything but a regular file.
- A symlinked `.md` whose target is outside the memory home and the configured roots must not be indexed
  (`ln -s /etc/passwd notes/leak.md`), and a symlinked folder inside the home (`ln -s . notes/loopdir`) must not
  make every note appear twice.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from daemon.client.socket_client import DaemonError, DaemonUnavailable
from tests.conftest import write_config


def test_get_on_a_fifo_is_refused_and_never_ties_up_the_daemon(daemon_factory: Any, memory_home: Path) -> None:
    """1. a FIFO inside the home; 2. eight concurrent `get`s of it (more than the worker threads of a 2-core
    machine); 3. each is refused at once, `status`, `record` and `search` keep answering; 4. SIGTERM exits 0."""
    daemon = daemon_factory().start()
    os.mkfifo(memory_home / "pipe.md")
    errors: list[str] = []

    def get() -> None:
        try:
            daemon.call("get", {"path": "pipe.md"}, timeout=3)
            errors.append("answered")
        except DaemonError as exc:
            errors.append(exc.message)
        except DaemonUnavailable as exc:
            errors.append(f"unavailable: {exc}")

    threads = [threading.Thread(target=get) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(errors) == 8 and all("not a regular file" in e for e in errors), errors
    assert daemon.call("status", timeout=5)["pid"]
    assert daemon.call("record", {"type": "outcome", "data": {"session_id": "s", "outcome": "success"}}, timeout=5)
    assert "results" in daemon.call("search", {"query": "memory"}, timeout=5)
    assert daemon.proc is not None
    daemon.proc.send_signal(signal.SIGTERM)
    try:
        assert daemon.proc.wait(timeout=20) == 0
    finally:
        if daemon.proc.poll() is None:
            daemon.proc.kill()
        daemon.proc = None


def test_a_fifo_in_the_inbox_is_rejected_and_the_inbox_goes_on(daemon_factory: Any, memory_home: Path) -> None:
    memory_home.mkdir(exist_ok=True)
    write_config(memory_home, "[inbox]\npoll_ms = 50\nstable_ms = 150\n")
    daemon = daemon_factory().start()
    inbox = memory_home / "inbox"
    os.mkfifo(inbox / "a-pipe.md")
    (inbox / "b-note.md").write_text("# B\n\nTaken after the pipe.\n")
    daemon.wait_for(lambda: (memory_home / "notes" / "b-note.md").is_file(), timeout=20)
    reason = daemon.wait_for(lambda: _read(inbox / "rejected" / "a-pipe.md.reason"))
    assert "not a regular file" in reason


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except FileNotFoundError:
        return ""


def test_a_symlink_out_of_the_roots_is_not_indexed_and_a_symlinked_folder_adds_no_copies(
    daemon_factory: Any, memory_home: Path, tmp_path: Path
) -> None:
    """1. notes/leak.md -> a file outside every root (a stand-in for /etc/passwd), made before the start (the
    reconcile scan); 2. notes/real.md and the loop notes/loopdir -> . ; 3. after the start, another out-of-root
    symlink and a second path to notes/ (areas/again/up), then a new note in notes/ (the watcher may report it
    under either path); 4. nothing of the outside files is searchable or injected, both links are listed as
    skipped with a reason, and each note is found once, at its real path."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\nzebrafinch:x:1:1::/:/bin/sh\n")
    (outside / "shadow.md").write_text("# Shadow\n\nquetzalcoatl secret plans\n")
    notes = memory_home / "notes"
    notes.mkdir(parents=True)
    (notes / "real.md").write_text("# Real\n\nThe okapi note lives here, once.\n")
    (notes / "leak.md").symlink_to(outside / "passwd")
    (notes / "loopdir").symlink_to(".")
    daemon = daemon_factory().start()
    daemon.wait_for(lambda: daemon.call("search", {"query": "okapi", "mode": "bm25"})["results"])
    (notes / "later.md").symlink_to(outside / "shadow.md")
    (memory_home / "areas" / "again").mkdir(parents=True, exist_ok=True)
    (memory_home / "areas" / "again" / "up").symlink_to(notes)
    time.sleep(1.0)  # inotify watches notes/ once: by now its events may come under the second path
    (notes / "fresh.md").write_text("# Fresh\n\nThe pangolin note, written after the links.\n")
    daemon.wait_for(lambda: daemon.call("search", {"query": "pangolin", "mode": "bm25"})["results"])
    daemon.wait_for(lambda: daemon.call("status")["index"]["pending"] == 0)
    time.sleep(0.5)  # let the watcher report the links, then wait for the queue again
    daemon.wait_for(lambda: daemon.call("status")["index"]["pending"] == 0)

    for word in ("zebrafinch", "root", "quetzalcoatl"):
        assert daemon.call("search", {"query": word, "mode": "bm25"})["results"] == [], word
    context = daemon.call("context", {"query": "root zebrafinch quetzalcoatl secret plans"})["markdown"]
    assert "zebrafinch" not in context and "quetzalcoatl" not in context
    skipped = {s["path"]: s["reason"] for s in daemon.call("status")["index"]["skipped"]}
    assert "outside" in skipped.get("notes/leak.md", ""), skipped
    assert "outside" in skipped.get("notes/later.md", ""), skipped
    for word, path in (("okapi", "notes/real.md"), ("pangolin", "notes/fresh.md")):
        paths = [h["path"] for h in daemon.call("search", {"query": word, "mode": "bm25", "k": 50})["results"]]
        assert paths == [path], paths
    with pytest.raises(DaemonError, match="outside"):
        daemon.call("get", {"path": "notes/leak.md"})
