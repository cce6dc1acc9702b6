"""`memoryd ui` in a real headless browser: the OS Chromium driven by Playwright, against the real daemon and
the real `memoryd ui` process on a temp home. One daemon, one view and one browser for the module.

Skipped, with the reason in `make test`'s summary, when no Chromium is installed (`apt-get install -y
chromium`; `.ci/run` installs it). With MEMORYD_UI_SCREENSHOTS=DIR the pages are also saved there as PNGs
(README's screenshots: `MEMORYD_UI_SCREENSHOTS=docs/ui .venv/bin/python -m pytest tests/test_ui_browser.py`).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MODEL_CACHE, Daemon
from tests.ui_process import UiProcess

CHROMIUM = shutil.which(os.environ.get("MEMORYD_TEST_CHROMIUM") or "chromium") or shutil.which("chromium-browser")
# Without the background-networking flags Chromium keeps calling home on a network it cannot reach.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 30_000  # generous: other test suites share these two cores
SHOTS = os.environ.get("MEMORYD_UI_SCREENSHOTS")

try:
    from playwright.sync_api import Browser, Page, expect, sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None  # type: ignore[assignment]

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or sync_playwright is None,
    reason="browser tests of memoryd ui skipped: no Chromium installed (apt-get install -y chromium; .ci/run does it)"
    if CHROMIUM is None
    else "browser tests of memoryd ui skipped: playwright is not installed (pip install -e '.[test]')",
)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ui-browser") / "home"
    (path / "notes").mkdir(parents=True)
    return path


@pytest.fixture(scope="module")
def daemon(home: Path) -> Iterator[Daemon]:
    sock_dir = tempfile.TemporaryDirectory(dir="/tmp", prefix="md-")
    env = {
        **os.environ,
        "MEMORYD_HOME": str(home),
        "MEMORYD_MODEL_DIR": str(MODEL_CACHE),
        "MEMORYD_LOG_FORMAT": "json",
        "MEMORYD_EMBEDDING": "off",
    }
    process = Daemon(home, Path(sock_dir.name) / "d.sock", home.parent / "daemon.log", env).start()
    yield process
    assert process.stop() == 0, process.log()
    sock_dir.cleanup()


@pytest.fixture(scope="module")
def ui(daemon: Daemon, home: Path) -> Iterator[UiProcess]:
    process = UiProcess(daemon, home.parent)
    yield process
    assert process.stop() == 0, process.stderr()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def signed_in(browser: Browser, ui: UiProcess) -> Iterator[Any]:
    """A browser context that opened the URL `memoryd ui` printed, so it holds the token's cookie."""
    context = browser.new_context(viewport={"width": 1100, "height": 760})
    context.set_default_timeout(WAIT_MS)
    expect.set_options(timeout=WAIT_MS)
    page = context.new_page()
    response = page.goto(ui.url)
    assert response is not None and response.ok and page.url == ui.base + "/"  # the token left the address bar
    page.close()
    yield context
    context.close()


@pytest.fixture
def page(signed_in: Any) -> Iterator[Page]:
    opened: Page = signed_in.new_page()
    yield opened
    opened.close()


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def test_search_finds_a_note_written_during_the_test_and_its_lines_can_be_forgotten(
    page: Page, ui: UiProcess, daemon: Daemon, home: Path
) -> None:
    """1. A note written now is found from the query box. 2. Its hit opens the file, rendered, the hit's
    lines marked. 3. Forget asks first; once confirmed, the search no longer finds it."""
    (home / "notes" / "kafka.md").write_text(
        "# Kafka\n\nThe consumer heartbeat must stay under the session timeout.\n\n"
        "## Lag\n\nAlarms fire when the xylophone consumer lags by 10k messages.\n",
        encoding="utf-8",
    )
    daemon.wait_for(lambda: daemon.call("search", {"query": "xylophone"})["results"])
    page.goto(ui.base + "/")
    page.fill("input[name=q]", "xylophone consumer lag")
    page.press("input[name=q]", "Enter")
    hit = page.locator("a.hit-path", has_text="notes/kafka.md")
    expect(hit.first).to_be_visible()
    page.locator("details", has_text="why (explain)").first.click()
    expect(page.locator("table.explain").first).to_contain_text("relevance")
    shot(page, "search")
    hit.first.click()
    expect(page.locator("article.markdown #hit")).to_have_text("Lag")  # the hit's first block, scrolled to
    expect(page.locator("article.markdown .hit", has_text="xylophone consumer lags")).to_be_visible()
    expect(page.locator("article.markdown p", has_text="heartbeat")).not_to_have_class("hit")  # not in the hit
    expect(page.locator("article.markdown h1")).to_have_text("Kafka")
    shot(page, "file")
    page.get_by_role("button", name="Forget these lines…").click()
    expect(page.locator("h1")).to_have_text("Forget?")
    page.get_by_role("button", name="Yes, forget").click()
    expect(page.locator("p.ok")).to_contain_text("Forgot")
    page.goto(ui.base + "/?q=xylophone")
    expect(page.locator("main")).to_contain_text("No memory matches.")


def test_a_prompts_injection_appears_in_its_session_and_a_new_session_without_reload(
    page: Page, ui: UiProcess, daemon: Daemon, home: Path
) -> None:
    """1. A prompt's injection is listed in its session with the memory and its relevance. 2. The sessions
    page, left open, shows a session that starts meanwhile (the page polls and redraws itself)."""
    (home / "notes" / "deploys.md").write_text(
        "# Deploys\n\nThe orders service deploys with make deploy after the canary passes.\n", encoding="utf-8"
    )
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    reply = daemon.call(
        "prompt_context", {"query": "how does the orders service deploy after the canary?", "session_id": "sess-ui-1"}
    )
    assert reply["memories"] == ["notes/deploys.md:1-3"]
    daemon.call("record", {"type": "outcome", "data": {"session_id": "sess-ui-1", "outcome": "success"}})
    page.goto(ui.base + "/sessions")
    row = page.locator("tr", has=page.locator("a", has_text="sess-ui-1"))
    expect(row).to_contain_text("success")
    shot(page, "sessions")
    row.locator("a").click()
    request = page.locator("li.request", has_text="prompt")
    expect(request.locator("table.given a")).to_have_text("notes/deploys.md:1-3")
    expect(request).to_contain_text(f"{reply['used']} characters")
    relevance = reply["relevance"][0]
    expect(request.locator("table.given td.num")).to_have_text(f"{relevance:.2f}")
    shot(page, "session")
    page.goto(ui.base + "/sessions")
    expect(page.locator("main")).to_contain_text("sess-ui-1")
    expect(page.locator("#live")).to_have_attribute("data-stamp", re.compile("."))  # the first poll answered
    daemon.call("prompt_context", {"query": "how do we deploy the orders service?", "session_id": "sess-ui-2"})
    expect(page.locator("main a", has_text="sess-ui-2")).to_be_visible()  # no reload: the page redrew itself
    page.goto(ui.base + "/cost")
    expect(page.locator("figure.chart rect.bar").first).to_be_attached()
    expect(page.locator("main")).to_contain_text("prompts seen")
    shot(page, "cost")


def test_a_superseded_rule_is_shown_struck_through_with_its_date_and_replacement(
    page: Page, ui: UiProcess, daemon: Daemon, home: Path
) -> None:
    rules = home / "areas" / "projects" / "shop" / "rules.md"
    rules.parent.mkdir(parents=True, exist_ok=True)
    rules.write_text(
        "# shop\n\n## Rules\n- Use Decimal for money.\n"
        "- ~~Deploy on Fridays~~ (superseded 2026-11-02 by: Never deploy on Fridays)\n- Never deploy on Fridays\n",
        encoding="utf-8",
    )
    for session in ("s-a", "s-b", "s-c"):  # a recurring problem, for the page (and its screenshot)
        signal = {"session_id": session, "kind": "error", "key": "test_checkout_total fails"}
        daemon.call(
            "record", {"type": "signal", "data": {**signal, "text": "FAILED test_checkout_total: 10.0 != 10.00"}}
        )
    daemon.call("fact_add", {"project": "shop", "text": "The shop runs on PostgreSQL 16"})
    skill = home / "skills" / "kafka-consumer" / "SKILL.md"
    skill.parent.mkdir(parents=True, exist_ok=True)
    skill.write_text("---\nname: kafka-consumer\ndescription: the flaky consumer tests\n---\n# Kafka\n", "utf-8")
    for session, outcome in (("s-k1", "success"), ("s-k2", "failed")):  # the skill used in two sessions
        daemon.call("record", {"type": "ref", "data": {"experience_id": "skill:kafka-consumer", "session_id": session}})
        daemon.call("record", {"type": "outcome", "data": {"session_id": session, "outcome": outcome}})
    daemon.call("skills", {"refresh": True})  # the registry polls its folders; do not wait for the next round
    page.goto(ui.base + "/learned")
    over_time = page.locator("article.skill", has_text="/kafka-consumer").locator("p.history a")
    expect(over_time).to_have_count(2)
    expect(over_time.first).to_have_class("outcome success")
    expect(over_time.last).to_have_attribute("href", "/session/s-k2")
    struck = page.locator("ul.superseded li", has_text="Deploy on Fridays")
    expect(struck.locator("del")).to_have_text("Deploy on Fridays")
    assert "line-through" in struck.locator("del").evaluate("e => getComputedStyle(e).textDecorationLine")
    expect(struck).to_contain_text("superseded 2026-11-02 by: Never deploy on Fridays")
    in_force = page.locator("article.rules", has_text="areas/projects/shop/rules.md").locator("ul.in-force")
    expect(in_force).to_contain_text("Never deploy on Fridays")
    expect(in_force).not_to_contain_text("Deploy on Fridays")  # the old rule is only in the struck-through list
    expect(page.locator("article.problem")).to_contain_text("test_checkout_total fails")
    expect(page.locator("article.problem a", has_text="s-b")).to_be_visible()
    shot(page, "learned")
    page.goto(ui.base + "/health")
    expect(page.locator("main")).to_contain_text("chunks")
    shot(page, "health")


def test_a_request_without_the_token_gets_403(browser: Browser, ui: UiProcess) -> None:
    stranger = browser.new_context()  # no cookie: never opened the printed URL
    try:
        page = stranger.new_page()
        for url in (ui.base + "/sessions", ui.base + "/?token=not-the-token", ui.base + "/static/ui.css"):
            response = page.goto(url)
            assert response is not None and response.status == 403, url
        expect(page.locator("h1")).to_have_text("403 Forbidden")
    finally:
        stranger.close()
