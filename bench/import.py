"""`memoryd import claude-code` at scale: 1,000 sessions in Claude Code's format, through a real daemon.

The sessions are the learning corpus' (bench/learning_corpus/sessions: 24 sessions, 4 subagents, Claude Code
v2.1.x lines) copied with fresh session ids until there are `--sessions` of them, spread over three projects,
their subagents beside them. Prints sessions/s (transcripts/s, MB/s), the daemon's peak RSS (VmHWM) and the
client's, then a second run that must import nothing (exactly once).

Targets (issue 25): >= 20 sessions/s without embeddings pending (the default: the embedding model off, so the
figure is the import's own cost; `--embedding` turns the model on: the learning step uses it, the index's own
embedding of the new summaries waits for the import, and the bench then waits for it to catch up), peak RSS
<= 450 MB.

    .venv/bin/python bench/import.py [--sessions 1000] [--embedding]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import REPO, BenchDaemon

CORPUS = REPO / "bench" / "learning_corpus" / "sessions"
CORPUS_CWD = b"/home/dev/src/shop"
PROJECTS = ("/home/dev/src/shop", "/home/dev/src/shop-admin", "/home/dev/work/billing")
UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
DAEMON_CLI = (sys.executable, "-m", "daemon")
PAST = time.time() - 40 * 24 * 3600


def generate(claude: Path, sessions: int) -> tuple[int, int]:
    """Write `sessions` sessions (and their subagents) under `claude/projects/`. Returns (files, bytes)."""
    mains = sorted(CORPUS.glob("*.jsonl"))
    files = total = 0
    for n in range(sessions):
        main = mains[n % len(mains)]
        copy = n // len(mains)
        cwd = PROJECTS[copy % len(PROJECTS)]
        slug = re.sub(r"[^A-Za-z0-9]", "-", cwd)
        for source in [main, *sorted((CORPUS / main.stem / "subagents").glob("agent-*.jsonl"))]:
            data = UUID.sub(lambda m, c=copy: m.group(0)[:-6] + f"{c:06x}".encode(), source.read_bytes())
            data = data.replace(CORPUS_CWD, cwd.encode())
            relative = UUID.sub(
                lambda m, c=copy: m.group(0)[:-6] + f"{c:06x}".encode(), source.relative_to(CORPUS).as_posix().encode()
            ).decode()
            target = claude / "projects" / slug / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            os.utime(target, (PAST, PAST))
            files += 1
            total += len(data)
    return files, total


def vm_kb(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def run_import(daemon: BenchDaemon, claude: Path) -> tuple[dict[str, object], float]:
    started = time.perf_counter()
    done = subprocess.run(
        [*DAEMON_CLI, "--socket", str(daemon.socket), "import", "claude-code", "--from", str(claude), "--json"],
        env=daemon.env,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=7200,
    )
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"import failed ({done.returncode}):\n{done.stderr[-3000:]}")
    result: dict[str, object] = orjson.loads(done.stdout)
    return result, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--embedding", action="store_true", help="run the daemon with its embedding model")
    parser.add_argument("--keep", action="store_true", help="keep the temp directory")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="md-import-bench-"))
    try:
        claude = work / ".claude"
        t0 = time.perf_counter()
        files, size = generate(claude, args.sessions)
        print(
            f"generated {args.sessions} sessions ({files} transcripts with subagents, {size / 1e6:.1f} MB,"
            f" {len(PROJECTS)} projects) in {time.perf_counter() - t0:.1f} s"
        )
        daemon = BenchDaemon(work / "home", embedding=args.embedding).start()
        assert daemon.proc is not None
        pid = daemon.proc.pid
        try:
            rss_start = vm_kb(pid, "VmRSS")
            first, took = run_import(daemon, claude)
            sessions = int(first["sessions"])  # type: ignore[call-overload]
            subagents = int(first["subagents"])  # type: ignore[call-overload]
            learned = first.get("learned") or {}
            print(
                f"import: {sessions} sessions + {subagents} subagent transcripts in {took:.1f} s"
                f" = {sessions / took:.1f} sessions/s ({(sessions + subagents) / took:.1f} transcripts/s,"
                f" {size / 1e6 / took:.2f} MB/s), embedding {'on' if args.embedding else 'off'}"
            )
            print(f"  outcomes {first['outcomes']}, signals {first['signals']}, learned {learned}")
            print(
                f"daemon RSS: at start {rss_start / 1024:.0f} MB, peak (VmHWM) {vm_kb(pid, 'VmHWM') / 1024:.0f} MB,"
                f" after {vm_kb(pid, 'VmRSS') / 1024:.0f} MB; client peak"
                f" {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f} MB"
            )
            index = daemon.call("status", timeout=60).get("index", {})
            print(
                f"index after: files {index.get('files')}, chunks {index.get('chunks')}, embedded {index.get('embedded')}"
            )
            if args.embedding:  # the index's embedding waited for the import: now it catches up
                started = time.perf_counter()
                while index.get("embedded", 0) < index.get("chunks", 0) and time.perf_counter() - started < 1800:
                    time.sleep(1.0)
                    index = daemon.call("status", timeout=60).get("index", {})
                print(
                    f"embeddings caught up: {index.get('embedded')} of {index.get('chunks')} chunks in"
                    f" {time.perf_counter() - started:.0f} s after the import; daemon peak RSS now"
                    f" {vm_kb(pid, 'VmHWM') / 1024:.0f} MB"
                )
            again, took_again = run_import(daemon, claude)
            print(
                f"second run: {again['sessions']} sessions imported, skipped {again['skipped']} in {took_again:.1f} s"
            )
        finally:
            daemon.stop()
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
