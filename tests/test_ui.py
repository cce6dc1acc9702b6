"""`memoryd ui` without a browser: the socket methods it added (`sessions`, `rules_files`, the chart's
`by_day_kind`), its token gate and token file, and that the CLI never loads its web stack.

The real daemon and the real `memoryd ui` process; requests through the standard library's HTTP client.
"""

from __future__ import annotations

import http.client
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from tests.conftest import REPO, Daemon
from tests.ui_process import UiProcess

RULES = """# shop rules

## Rules
- Use Decimal for money.
- ~~Deploy on Fridays~~ (superseded 2026-11-02 by: Never deploy on Fridays)
- Never deploy on Fridays
- Keep the <private>staging password hunter2</private> rotation weekly.
"""


@pytest.fixture
def ui(daemon: Daemon, tmp_path: Path) -> Iterator[UiProcess]:
    process = UiProcess(daemon, tmp_path)
    yield process
    if process.proc.poll() is None:
        process.stop()


def test_sessions_lists_sessions_newest_first_with_what_was_injected_and_their_outcome(daemon: Daemon) -> None:
    (daemon.home / "deploys.md").write_text("# Deploys\n\nThe orders service deploys after the canary.\n")
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    daemon.call("prompt_context", {"query": "how does the orders service deploy after the canary?", "session_id": "a"})
    daemon.call("record", {"type": "outcome", "data": {"session_id": "a", "outcome": "success"}})
    daemon.call("prompt_context", {"query": "zebra quantum pineapple", "session_id": "b"})
    daemon.call("sessions")  # waits for the injection events still being appended: b's lands before c's edit
    daemon.call("record", {"type": "edit", "data": {"files": ["x.py"], "session_id": "c"}})
    first = daemon.call("sessions", {"limit": 2})
    assert first["total"] == 3 and [s["session_id"] for s in first["sessions"]] == ["c", "b"]
    older = daemon.call("sessions", {"limit": 2, "offset": 2})["sessions"]
    assert [s["session_id"] for s in older] == ["a"]
    a = older[0]
    assert a["outcome"] == "success" and a["injections"] == 1 and a["injected_chars"] > 0 and a["events"] == 2
    assert a["first_ts"] <= a["last_ts"] and a["last_ts"].endswith("Z")
    b = first["sessions"][1]
    assert b["outcome"] is None and b["injections"] == 1 and b["injected_chars"] == 0
    assert daemon.call("sessions", {"offset": 10})["sessions"] == []


def test_rules_files_show_rules_in_force_and_superseded_ones_with_date_and_replacement(daemon: Daemon) -> None:
    folder = daemon.home / "areas" / "projects" / "shop"
    folder.mkdir(parents=True)
    (folder / "rules.md").write_text(RULES)
    (daemon.home / "MEMORY.md").write_text("# Memory\n\n## Lessons\n- Run the migrations before the tests.\n")
    files = {f["path"]: f for f in daemon.call("rules_files")["files"]}
    shop = files["areas/projects/shop/rules.md"]
    assert shop["project"] == "shop"
    assert shop["in_force"][:2] == ["Use Decimal for money.", "Never deploy on Fridays"]
    assert "hunter2" not in str(shop)  # scrubbed like `get`
    assert shop["superseded"] == [
        {"text": "Deploy on Fridays", "date": "2026-11-02", "replaced_by": "Never deploy on Fridays"}
    ]
    assert files["MEMORY.md"]["in_force"] == ["Run the migrations before the tests."]
    assert [f["path"] for f in daemon.call("rules_files", {"project": "shop"})["files"]] == [
        "areas/projects/shop/rules.md"
    ]


def test_injection_days_answer_what_injection_stats_answer_over_whole_days(daemon: Daemon) -> None:
    """The cost page's projection and the event scan of `injection_stats` agree, field for field."""
    (daemon.home / "deploys.md").write_text("# Deploys\n\nThe orders service deploys after the canary.\n")
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    question = "how does the orders service deploy after the canary?"
    daemon.call("prompt_context", {"query": question, "session_id": "a"})
    daemon.call("prompt_context", {"query": question, "session_id": "a"})  # all repeats
    daemon.call("prompt_context", {"query": "zebra quantum pineapple", "session_id": "b"})
    daemon.call("prompt_context", {"query": question, "session_id": "b"})
    stats = daemon.call("injection_stats")
    (day,) = stats["by_day"]
    days = daemon.call("injection_days", {"since": day, "until": day})
    for field in (
        "total",
        "by_kind",
        "by_day_kind",
        "prompts",
        "repeats_avoided",
        "memories_below_floor",
        "top_memories",
    ):
        assert days[field] == stats[field], field
    assert (
        days["prompts"]["seen"] == 4 and days["prompts"]["all_repeats"] == 1 and days["top_memories"][0]["times"] == 2
    )
    assert days["by_day_kind"][day]["prompt"]["chars"] == days["by_kind"]["prompt"]["chars"] > 0
    assert daemon.call("injection_days", {"since": "2001-01-01", "until": "2001-12-31"})["total"]["requests"] == 0
    assert daemon.cli("rebuild", "--verify").stdout.strip() == "identical"


def test_without_the_token_every_page_api_and_file_is_forbidden(ui: UiProcess, daemon: Daemon) -> None:
    host = {"Host": f"127.0.0.1:{ui.port}"}
    for path in ("/", "/sessions", "/learned", "/health", "/api/stamp", "/static/ui.css", "/nothing-here"):
        assert ui.request(path, headers=host).status == 403, path
        wrong = {**host, "Authorization": "token " + ui.token[:-2] + "xx"}
        assert ui.request(path, headers=wrong).status == 403, path
        assert ui.request(path + "?token=nope", headers=host).status == 403, path
    bearer = {**host, "Authorization": f"token {ui.token}"}
    assert ui.request("/sessions", headers=bearer).status == 200
    # A DNS-rebinding page reaches 127.0.0.1 under another name: refused even with the token.
    assert ui.request("/sessions", headers={**bearer, "Host": f"evil.example:{ui.port}"}).status == 403
    # A form posted from another site's page is refused even with the token.
    post = {**bearer, "Origin": "http://evil.example", "Content-Type": "application/x-www-form-urlencoded"}
    assert ui.request("/forget", headers=post, method="POST", body="target=deploys.md").status == 403
    # The token in the URL: a redirect to the same URL without it, and the cookie that carries it from then on.
    first = ui.request("/sessions?page=2&token=" + ui.token, headers=host)
    assert first.status == 303 and first.getheader("location") == "/sessions?page=2"
    cookie = first.getheader("set-cookie") or ""
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    answered = ui.request("/sessions", headers={**host, "Cookie": cookie.split(";")[0]})
    assert answered.status == 200 and "script-src 'self'" in (answered.getheader("content-security-policy") or "")


def test_the_token_is_stored_owner_only_never_logged_and_gone_after_exit(ui: UiProcess, daemon: Daemon) -> None:
    token_file = daemon.home / "run" / "ui.json"
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    stored = orjson.loads(token_file.read_bytes())
    assert stored["token"] == ui.token and stored["url"] == ui.url and stored["port"] == ui.port
    ui.request("/?token=" + ui.token, headers={"Host": f"127.0.0.1:{ui.port}"})
    ui.request("/sessions", headers={"Host": f"127.0.0.1:{ui.port}", "Authorization": f"token {ui.token}"})
    assert ui.stop() == 0
    log = ui.stderr()
    assert '"path":"/sessions"' in log and ui.token not in log
    assert not token_file.exists()


def test_a_port_in_use_is_a_message_and_exit_2(ui: UiProcess, daemon: Daemon) -> None:
    taken = daemon.cli("ui", "--no-open", "--port", str(ui.port), timeout=60)
    assert taken.returncode == 2 and "cannot listen on 127.0.0.1" in taken.stderr


def test_the_cli_and_hooks_never_import_the_web_stack() -> None:
    code = (
        "import sys; import daemon.main, daemon.client.cli.main; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'starlette', 'uvicorn', 'jinja2', 'markdown_it'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "[]"


def test_a_memory_file_is_shown_as_text_never_run(ui: UiProcess, daemon: Daemon) -> None:
    """Raw HTML and script links in a memory file are shown escaped: nothing in memory runs in the view."""
    (daemon.home / "evil.md").write_text(
        "# Notes\n\n<script>alert(1)</script> and <img src=x onerror=alert(2)>\n\n[click](javascript:alert(3))\n"
    )
    daemon.wait_for(lambda: daemon.call("search", {"query": "notes click", "mode": "bm25"})["results"])
    headers = {"Host": f"127.0.0.1:{ui.port}", "Authorization": f"token {ui.token}"}
    conn = http.client.HTTPConnection("127.0.0.1", ui.port, timeout=30)
    conn.request("GET", "/file?path=evil.md&start=3&end=3", headers=headers)
    response = conn.getresponse()
    body = response.read().decode()
    conn.close()
    assert response.status == 200
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body and "<script>alert" not in body
    assert "<img" not in body and 'href="javascript:' not in body, body
