"""The architecture, checked from the code's own imports and SQL (README "Code map").

Imports flow one way: `daemon/client` talks to the daemon over the socket only; `daemon/api` -> `daemon/services`
-> `pipeline` -> `events`; `events` imports neither of the others; nothing forms a cycle. Every import counts,
including those inside functions and under TYPE_CHECKING: a lazy import is still a dependency. SQL against the
event projections lives in `events/`, and the daemon holds no SQL at all.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("daemon", "pipeline", "events")

# What a client process (CLI, hooks, MCP server, service installer) may import from the project besides its own
# package: the settings (and the hooks' file of them), the home layout, the version, the log setup (memoryd ui), and four small text/file leaves
# of the pipeline.
CLIENT_ALLOWED = {
    "daemon",
    "daemon.config",
    "daemon.env_file",
    "daemon.home",
    "daemon.hook_settings_file",
    "daemon.log_setup",
    "pipeline.memory_layout",
    "pipeline.scrub",
    "pipeline.redact",
    "pipeline.atomic_file",
}
# The daemon's own core, which services and handlers build on; it knows no service, handler or client.
DAEMON_CORE = {
    "daemon.app",
    "daemon.config",
    "daemon.env_file",
    "daemon.home",
    "daemon.hook_settings_file",
    "daemon.instance_lock",
    "daemon.log_setup",
    "daemon.supervise",
}
PROJECTION_TABLES = (
    "event_index",
    "sessions",
    "experience_refs",
    "session_outcomes",
    "experience_effectiveness",
    "access_stats",
    "access_hits",
    "forgotten",
    "injection_days",
    "injection_day_memories",
    "signal_sessions",
    "signal_occurrences",
    "signal_pattern_keys",
    "signal_pattern_status",
    "signal_patterns",
    "failure_streak",
    "projection_state",
    "projection_offsets",
)
_SQL_ON_PROJECTIONS = re.compile(r"\b(?:FROM|JOIN|INTO|UPDATE)\s+(" + "|".join(PROJECTION_TABLES) + r")\b")
_SQL = re.compile(r"\b(?:SELECT\s.+\sFROM|INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b", re.S)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = modules()


def imports_of(name: str) -> set[str]:
    """Every project module `name` imports (resolved to the longest known module name)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in names:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
    return targets


GRAPH = {name: imports_of(name) for name in MODULES}


def under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def edges(source_prefix: str) -> Iterator[tuple[str, str]]:
    for source, targets in sorted(GRAPH.items()):
        if under(source, source_prefix):
            for target in sorted(targets):
                yield source, target


def test_the_rooms_exist() -> None:
    """The folders the README's code map names, each with modules in it."""
    rooms = [
        "daemon/rpc",
        "daemon/api",
        "daemon/services",
        "daemon/client",
        "pipeline/ingest",
        "pipeline/embedding",
        "pipeline/retrieval",
        "pipeline/learning",
        "pipeline/agent",
        "pipeline/sync",
        "events/projections",
        "events/queries",
    ]
    for room in rooms:
        assert any(p.parent == REPO / room or REPO / room in p.parents for p in MODULES.values()), room


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("events", ("daemon", "pipeline")),
        ("pipeline", ("daemon",)),
        ("daemon.services", ("daemon.api", "daemon.rpc", "daemon.client", "daemon.server", "daemon.main")),
        ("daemon.rpc", ("daemon.api", "daemon.services", "daemon.client", "daemon.server", "pipeline", "events")),
        ("daemon.api", ("daemon.client", "daemon.server", "daemon.main")),
    ],
)
def test_imports_flow_one_way(package: str, forbidden: tuple[str, ...]) -> None:
    wrong = [f"{s} -> {t}" for s, t in edges(package) if any(under(t, f) for f in forbidden)]
    assert not wrong, wrong


def test_the_daemon_core_knows_no_service_handler_or_client() -> None:
    wrong = [
        f"{s} -> {t}"
        for core in sorted(DAEMON_CORE)
        for s, t in edges(core)
        if any(under(t, p) for p in ("daemon.api", "daemon.services", "daemon.rpc", "daemon.client", "daemon.server"))
    ]
    assert not wrong, wrong


def test_clients_talk_to_the_daemon_only_over_the_socket() -> None:
    """CLI, hooks, MCP server and installer run in other processes: no server-side module is imported."""
    wrong = [
        f"{s} -> {t}" for s, t in edges("daemon.client") if not under(t, "daemon.client") and t not in CLIENT_ALLOWED
    ]
    assert not wrong, wrong


def test_there_are_no_import_cycles() -> None:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in GRAPH[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(GRAPH):
        if node not in index:
            visit(node)
    # A package's __init__ that imports its own modules (to register them) is not a cycle of dependencies.
    real = [c for c in cycles if not all(under(m, c[0]) for m in c[1:])]
    assert not real, real


def _string_constants(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.JoinedStr):
            yield "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))


def test_only_events_reads_or_writes_projection_tables() -> None:
    wrong = [
        f"{name}: {match.group(0)}"
        for name, path in sorted(MODULES.items())
        if not under(name, "events")
        for text in _string_constants(path)
        for match in _SQL_ON_PROJECTIONS.finditer(text)
    ]
    assert not wrong, wrong


def test_the_daemon_holds_no_sql() -> None:
    """The daemon asks `events/queries` and `pipeline/index_queries` (typed rows), it never writes SQL."""
    wrong = [
        f"{name}: {text[:60]!r}"
        for name, path in sorted(MODULES.items())
        if under(name, "daemon")
        for text in _string_constants(path)
        if _SQL.search(text)
    ]
    assert not wrong, wrong


def test_the_checks_see_a_violation() -> None:
    """The checks above are not vacuous: a pipeline module importing the daemon, and SQL on a projection from
    outside events/, are both caught."""
    fake = {"pipeline.x": {"daemon.app"}}
    assert [t for s, ts in fake.items() for t in ts if under(s, "pipeline") and under(t, "daemon")]
    assert _SQL_ON_PROJECTIONS.search("SELECT data FROM event_index WHERE type = ?")
    assert _SQL.search("SELECT 1 FROM chunks") and not _SQL.search("select the best memory")
