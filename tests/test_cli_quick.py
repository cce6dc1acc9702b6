"""`memoryd search` and `memoryd status` on the CLI's quick path (daemon/client/cli/quick.py): the same output and
exit codes as the full argparse CLI, fewer imports, and every form it does not know left to the full CLI."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest

from tests.conftest import REPO, Daemon, write_config

FULL_CLI = (
    "import sys\n"
    "from daemon.client.cli.main import InProcess, run_cli\n"
    "sys.exit(run_cli(sys.argv[1:], InProcess(serve=None, build_model=None)))\n"
)
FORMS = [
    ("status",),
    ("search", "canary deploy"),
    ("search", "canary deploy", "-k", "1", "--mode", "bm25"),
    ("search", "--explain", "--mode=bm25", "canary"),
    ("search", "canary", "--source", "memory", "--path", "*.md", "--since", "2020-01-01"),
    ("search", "xkqzv bnrtw", "--min-relevance", "0.5"),
]
# What changes between two identical requests: the time taken, the uptime, and the scores (each search is an access,
# which the ranking counts).
_VARYING = re.compile(r"(\d+(?:\.\d+)? ms|up [\d.]+s|score [\d.]+|explain: .*)")
_STABLE = ("path", "root", "start_line", "end_line", "heading", "snippet")


@pytest.fixture
def seeded(daemon_factory: object, memory_home: Path) -> Daemon:
    (memory_home / "deploys.md").write_text("# Deploys\n\nThe orders service ships after the canary.\n")
    (memory_home / "MEMORY.md").write_text("# Memory\n\n## Lessons\n- Watch the canary for ten minutes.\n")
    daemon = daemon_factory().start()  # type: ignore[operator]
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary"})["results"])
    # Why: each search's access event is appended after its answer; `status` counts events and what each
    # projection applied, so the two CLIs are compared once those stop moving
    daemon.wait_for(_settled(daemon))
    return daemon


def _settled(daemon: Daemon) -> Callable[[], bool]:
    seen: list[object] = []

    def check() -> bool:
        status = daemon.call("status")
        now = (status["events"]["count"], repr(status.get("projections")))
        settled = bool(seen) and seen[-1] == now and now[0] >= 1
        seen.append(now)
        time.sleep(0.2)
        return settled

    return check


def full(daemon: Daemon, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", FULL_CLI, "--socket", str(daemon.socket), *args],
        env=daemon.env,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )


def same(result: subprocess.CompletedProcess[str]) -> tuple[int, str, str]:
    return result.returncode, _VARYING.sub("~", result.stdout), _VARYING.sub("~", result.stderr)


def test_quick_commands_answer_as_the_full_cli(seeded: Daemon) -> None:
    def full_cli(*args: str) -> subprocess.CompletedProcess[str]:
        return full(seeded, *args)

    for form in FORMS:
        quick, slow = seeded.cli(*form), full(seeded, *form)
        assert quick.returncode == 0, (form, quick.stderr)
        assert same(quick) == same(slow), form
    quick_json, full_json = (orjson.loads(run("search", "canary", "--json").stdout) for run in (seeded.cli, full_cli))
    assert quick_json.keys() == full_json.keys()
    assert [[hit[k] for k in _STABLE] for hit in quick_json["results"]] == [
        [hit[k] for k in _STABLE] for hit in full_json["results"]
    ]
    assert {hit["path"] for hit in quick_json["results"]} == {"deploys.md", "MEMORY.md"}
    status = [orjson.loads(run("status", "--json").stdout) for run in (seeded.cli, full_cli)]
    assert status[0].keys() == status[1].keys() and status[0]["pid"] == status[1]["pid"]


def test_the_quick_path_imports_neither_argparse_orjson_nor_the_settings_module(seeded: Daemon) -> None:
    probe = (
        "import sys\n"
        "from daemon.main import main\n"
        "code = main(sys.argv[1:])\n"
        "print(sorted(set(sys.modules) & {'argparse', 'orjson', 'daemon.config', 'typing', 'dataclasses'}),"
        " file=sys.stderr)\n"
    )
    for form in [("status",), ("search", "canary", "-k", "2")] * 2:  # the first may fill the settings cache
        run = subprocess.run(
            [sys.executable, "-c", probe, "--socket", str(seeded.socket), *form],
            env=seeded.env,
            capture_output=True,
            text=True,
            timeout=60,
            cwd=REPO,
        )
        assert run.returncode == 0, run.stderr
    assert run.stderr.splitlines()[-1] == "[]", run.stderr


def test_forms_the_quick_path_does_not_know_go_to_the_full_cli(seeded: Daemon, memory_home: Path) -> None:
    bad_k = seeded.cli("search", "canary", "-k", "many")
    assert bad_k.returncode == 2 and "invalid int value: 'many'" in bad_k.stderr
    assert seeded.cli("search", "--help").stdout.startswith("usage: memoryd search")
    assert "canary" in seeded.cli("search", "canary", "--expl").stdout  # argparse's abbreviation of --explain
    write_config(memory_home, "[search]\nnot valid = toml = here\n")
    broken = seeded.cli("status")
    assert broken.returncode == 2 and "config.toml" in broken.stderr and "not valid TOML" in broken.stderr
