"""The README's socket example reproduces verbatim: this builds the memory home it describes, sends the request
line printed in the README to a real daemon (default settings, embedding model on) and compares the reply
with the README's reply line, all but `took_ms`."""

from __future__ import annotations

import re
import socket
from pathlib import Path
from typing import Any

import orjson

from pipeline.memory_layout import STARTER_MEMORY
from tests.conftest import REPO, write_config

# The example home: `memoryd init`'s MEMORY.md with one lesson, one project with one rule, one note.
EXAMPLE_HOME = {
    "MEMORY.md": STARTER_MEMORY.replace(
        "- (Mistakes not to repeat. memoryd appends deduplicated lessons here.)",
        "- The mobile client parses `total` as a string, so never return a number there.",
    ),
    "areas/projects/acme-api/rules.md": "# Rules\n\n- Use Decimal for money, never float.\n",
    "deploys.md": "# Deploys\n\nThe orders service deploys with `make deploy` after the canary passes.\n",
}


def readme_example() -> tuple[bytes, dict[str, Any]]:
    """The request line and the parsed reply of the README's socket example."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(r"a request:\n\n```json\n(.+)\n```\n\nand its reply \(one line\):\n\n```json\n(.+)\n```", text)
    assert match, "the README's socket example moved; update this test"
    return match.group(1).encode() + b"\n", orjson.loads(match.group(2))


def test_the_readme_socket_example_reproduces(daemon_factory: Any, memory_home: Path) -> None:
    for relative, content in EXAMPLE_HOME.items():
        (memory_home / relative).parent.mkdir(parents=True, exist_ok=True)
        (memory_home / relative).write_text(content, encoding="utf-8")
    # Only what the README shows: no skills from this machine's ~/.claude (the defaults would read it).
    write_config(memory_home, f'[skills]\ndirs = ["{memory_home / "skills"}"]\nmcp_configs = []\n')
    daemon = daemon_factory(embedding=True).start()
    daemon.wait_for(lambda: daemon.call("status")["index"]["mode"] == "hybrid", timeout=120)
    daemon.wait_for(lambda: daemon.call("search", {"query": "canary deploy"})["results"])
    request, expected = readme_example()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(30)
        conn.connect(str(daemon.socket))
        conn.sendall(request)
        reply = b""
        while not reply.endswith(b"\n"):
            reply += conn.recv(65536)
    got = orjson.loads(reply)
    assert isinstance(got["result"].pop("took_ms"), float)
    expected["result"].pop("took_ms")
    assert got == expected
