"""What memory costs a Claude Code session: the same scripted session with and without memoryd, timed.

Usage: `python bench/agent_session.py [--runs N] [--prompts N] [--tools-per-prompt N] [--bm25]`.

The real Claude Code CLI (the pinned version of tests/e2e, installed with npm into ~/.cache/memoryd-e2e if
missing) runs one session of `--prompts` prompts (default 10), each answered by the scripted model of
tests/e2e/messages_api.py with `--tools-per-prompt` tool calls (default 6: Read, Edit, Write, Bash, Read,
Bash: 60 in all) and a closing text. Once in a plain HOME (no memoryd), once with memoryd installed as README
says (`memoryd hooks install`, `claude mcp add`, a daemon with the default embedding model over a memory home
of MEMORY.md, one project's rules and `--notes` notes; `--bm25` runs it without the model), alternating, `--runs`
times each. The model answers at once, so the wall times are Claude Code's own work plus whatever the hooks add.
`--variants` picks from: without, no-op hooks (memoryd's hook entries running `cat >/dev/null`: what Claude Code
spends on running any hook, which memoryd cannot save), hooks only, MCP only, hooks + MCP.

Printed (median over the runs; the overhead is with minus without):
- session: from the process start to its exit;
- start: from the process start to the first model request (SessionStart, the MCP server's start);
- per prompt: from typing a prompt to the model's first request for it (UserPromptSubmit);
- per tool call: from the model's tool_use to the request that brings its result (PreToolUse, PostToolUse);
- end: from the last answer to the process's exit (Stop, SessionEnd);
- whether memoryd's MCP tools were in the first request (Claude Code connects MCP servers in the background;
  a server slower than its first request joins from the second);
- characters injected: what memoryd's hooks added to the model's context (its hook log), and how much longer
  the last request the model was sent is with memoryd than without.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0]).resolve() == REPO / "bench":
    sys.path[0] = str(REPO)

from tests.conftest import MODEL_CACHE, Daemon  # noqa: E402
from tests.e2e.claude_cli import CLI, Run, ensure_cli  # noqa: E402
from tests.e2e.conftest import Workspace  # noqa: E402
from tests.e2e.messages_api import Request, Turn, call, say  # noqa: E402

TOPICS = ["deploy", "refund", "invoice", "cart", "payment", "canary", "migration", "webhook", "coupon", "ledger"]


@dataclass(frozen=True, slots=True)
class Measured:
    session: float
    start: float
    per_prompt: float
    per_tool: float
    per_tool_by_name: dict[str, float]
    end: float
    injected_chars: int
    last_request_chars: int
    tools: int
    mcp_in_first_request: bool


def seed(home: Path, notes: int) -> None:
    project = home / "areas" / "projects" / "acme-api"
    project.mkdir(parents=True, exist_ok=True)
    (project / "rules.md").write_text("# Rules\n\n- Money is Decimal, never float.\n- Every endpoint has a test.\n")
    lessons = "\n".join(f"- Lesson {i}: check the {TOPICS[i % 10]} job's logs before retrying it." for i in range(12))
    (home / "MEMORY.md").write_text(f"# Memory\n\n## Lessons\n{lessons}\n")
    for i in range(notes):
        topic = TOPICS[i % len(TOPICS)]
        (home / f"note-{i:03d}.md").write_text(
            f"# {topic.title()} note {i}\n\nThe {topic} service of acme-api: step {i} is to run `make {topic}-{i}` "
            f"and watch the {topic} dashboard; it failed once because the {topic} queue was full.\n"
        )


def script(project: Path, prompts: int, tools: int) -> tuple[list[str], list[Turn]]:
    """The prompts and the model's replies: `tools` tool calls per prompt, then a text."""
    cycle = ["Read", "Edit", "Write", "Bash", "Read2", "Bash2"]
    texts: list[str] = []
    turns: list[Turn] = []
    for p in range(prompts):
        topic = TOPICS[p % len(TOPICS)]
        texts.append(f"how does the {topic} service of acme-api handle a full {topic} queue? fix mod{p}.py")
        (project / f"mod{p}.py").write_text("value = 0\n")
        (project / f"util{p}.py").write_text("def helper():\n    return 1\n")
        for t in range(tools):
            kind = cycle[t % len(cycle)]
            if kind == "Read":
                turns.append(call("Read", file_path=str(project / f"mod{p}.py")))
            elif kind == "Edit":
                turns.append(
                    call(
                        "Edit",
                        file_path=str(project / f"mod{p}.py"),
                        old_string=f"value = {t - 1 if t > 1 else 0}",
                        new_string=f"value = {t}",
                    )
                )
            elif kind == "Write":
                turns.append(call("Write", file_path=str(project / f"new{p}_{t}.py"), content=f"created = {t}\n"))
            elif kind == "Read2":
                turns.append(call("Read", file_path=str(project / f"util{p}.py")))
            else:
                turns.append(call("Bash", command="true", description="check"))
        turns.append(say(f"Done with prompt {p}."))
    return texts, turns


def measure(run: Run, agent: list[Request], injected: int) -> Measured:
    timing = run.extra
    assert run.code == 0 and len(run.of_type("result")) == len(timing["sent"]), run.stderr[-2000:]
    first_of_prompt = []
    tool_turns = []
    sent = list(timing["sent"])
    for request in agent:
        while sent and sent[0] <= request.at:
            first_of_prompt.append(request.at - sent.pop(0))
    for previous, request in itertools.pairwise(agent):
        if previous.reply is not None and previous.reply.tools:
            tool_turns.append((previous.reply.tools[0].name, request.at - previous.at))
    return Measured(
        session=run.seconds,
        start=agent[0].at - timing["started"],
        per_prompt=statistics.median(first_of_prompt),
        per_tool=statistics.median(t for _, t in tool_turns),
        per_tool_by_name={n: statistics.median(t for m, t in tool_turns if m == n) for n, _ in tool_turns},
        end=timing["ended"] - timing["answered"][-1],
        injected_chars=injected,
        last_request_chars=len(agent[-1].text()),
        tools=len(tool_turns),
        mcp_in_first_request="mcp__memoryd__memory_search" in agent[0].text() + " ".join(agent[0].tool_names()),
    )


VARIANTS = {
    "without": (False, False),
    "no-op hooks": (True, False),  # memoryd's hook entries with `cat >/dev/null` as the command: Claude Code's share
    "hooks only": (True, False),
    "MCP only": (False, True),
    "hooks + MCP": (True, True),
}
DEFAULT_VARIANTS = ("without", "hooks only", "hooks + MCP")


@contextlib.contextmanager
def workspace(cli: CLI, root: Path, variant: str, *, notes: int, embedding: bool) -> Iterator[Workspace]:
    hooks, mcp = VARIANTS[variant]
    tmp = Path(tempfile.mkdtemp(dir=root))
    home = tmp / "home"
    home.mkdir()
    sock = Path(tempfile.mkdtemp(dir="/tmp", prefix="md-bench-")) / "d.sock"
    env = {**os.environ, "MEMORYD_HOME": str(home), "MEMORYD_MODEL_DIR": str(MODEL_CACHE), "MEMORYD_LOG_FORMAT": "json"}
    if not embedding:
        env["MEMORYD_EMBEDDING"] = "off"
    daemon = Daemon(home, sock, tmp / "daemon.log", env)
    space = Workspace(cli, tmp, home, daemon, sock)
    try:
        if hooks or mcp:
            seed(home, notes)
            daemon.start(timeout=300)
            daemon.wait_for(lambda: indexed(daemon, notes + 2, embedding), timeout=900, interval=0.5)
        space.install(hooks=hooks, mcp=mcp)
        if variant == "no-op hooks":
            no_op_hooks(space.settings_path)
        yield space
    finally:
        if daemon.proc is not None:
            daemon.stop()
        sock.parent.rmdir() if sock.parent.exists() and not any(sock.parent.iterdir()) else None


def no_op_hooks(settings_path: Path) -> None:
    """The same hook entries (events, matchers, timeouts) running a command that only reads its stdin: what
    Claude Code's running of a hook costs whatever the hook does."""
    settings = json.loads(settings_path.read_text(encoding="utf-8"))
    for groups in settings["hooks"].values():
        for group in groups:
            for hook in group["hooks"]:
                hook["command"] = "cat >/dev/null"
    settings_path.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")


def indexed(daemon: Daemon, files: int, embedding: bool) -> bool:
    index = daemon.call("status")["index"]
    done = index["pending"] == 0 and not index.get("backfilling") and index["files"] >= files
    return bool(done and (not embedding or index["embedded"] >= index["chunks"]))


def one(cli: CLI, root: Path, args: argparse.Namespace, variant: str) -> Measured:
    with workspace(cli, root, variant, notes=args.notes, embedding=not args.bm25) as space:
        prompts, turns = script(space.project, args.prompts, args.tools_per_prompt)
        run, model = space.session(prompts, turns, timeout=600)
        injected = sum(int(line.get("chars", 0)) for line in space.hook_log())
        return measure(run, model.agent_requests(), injected)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--prompts", type=int, default=10)
    parser.add_argument("--tools-per-prompt", type=int, default=6)
    parser.add_argument("--notes", type=int, default=200)
    parser.add_argument("--bm25", action="store_true", help="run the daemon without the embedding model")
    parser.add_argument(
        "--variants", default=",".join(DEFAULT_VARIANTS), help=f"comma-separated, from: {', '.join(VARIANTS)}"
    )
    args = parser.parse_args()
    cli = ensure_cli()
    if isinstance(cli, str):
        print(f"cannot run: {cli}")
        return 2
    model = "BM25 only" if args.bm25 else "the default embedding model"
    print(
        f"Claude Code {cli.version}; {args.prompts} prompts x {args.tools_per_prompt} tool calls; {args.runs} runs of "
        f"each variant; memoryd daemon with {model}, {args.notes} notes; load {os.getloadavg()[0]:.1f}"
    )
    chosen = [v.strip() for v in args.variants.split(",") if v.strip()]
    if unknown := [v for v in chosen if v not in VARIANTS]:
        print(f"unknown variant(s): {', '.join(unknown)}")
        return 2
    results: dict[str, list[Measured]] = {v: [] for v in chosen}
    with tempfile.TemporaryDirectory(prefix="memoryd-agent-bench-") as root:
        for _ in range(args.runs):
            for variant in chosen:
                results[variant].append(one(cli, Path(root), args, variant))

    def med(variant: str, key: str) -> float:
        return statistics.median(float(getattr(m, key)) for m in results[variant])

    def med_tool(variant: str, name: str) -> float:
        return statistics.median(m.per_tool_by_name.get(name, 0.0) for m in results[variant])

    names = chosen
    print(f"{'median':44}" + "".join(f"{n:>13}" for n in names) + f"{'overhead':>13}")
    rows: list[tuple[str, float, list[float]]] = [
        ("session (ms)", 1000.0, [med(v, "session") for v in names]),
        ("start: to the first request (ms)", 1000.0, [med(v, "start") for v in names]),
        ("per prompt: typed to its first request (ms)", 1000.0, [med(v, "per_prompt") for v in names]),
        ("per tool call: tool_use to its result (ms)", 1000.0, [med(v, "per_tool") for v in names]),
    ]
    for tool in ("Read", "Edit", "Write", "Bash"):
        rows.append((f"  {tool}", 1000.0, [med_tool(v, tool) for v in names]))
    rows.append(("end: last answer to exit (ms)", 1000.0, [med(v, "end") for v in names]))
    for label, scale, values in rows:
        cells = "".join(f"{x * scale:13.1f}" for x in values)
        print(f"{label:44}{cells}{(values[-1] - values[0]) * scale:+13.1f}")
    last = {v: med(v, "last_request_chars") for v in names}
    print(f"tool calls per session: {int(med(names[-1], 'tools'))}")
    firsts = [m.mcp_in_first_request for m in results[names[-1]]]
    print(
        f"memoryd's MCP tools in the session's first request: {sum(firsts)} of {len(firsts)} runs (later: from the second)"
    )
    injected = med(names[-1], "injected_chars")
    print(f"characters memoryd's hooks injected per session: {injected:.0f} ({injected / args.prompts:.0f} per prompt)")
    print(
        "the last request the model was sent: "
        + ", ".join(f"{v} {last[v]:.0f}" for v in names)
        + f" characters (+{last[names[-1]] - last[names[0]]:.0f} with memoryd)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
