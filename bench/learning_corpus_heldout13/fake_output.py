"""Realistic-looking command output for Dimas's two projects in WSL2: the Supabase CLI (db reset, test db, functions
serve), Vitest, Playwright and svelte-check for the `pesanan-kue` SvelteKit app, and headless Godot 4.2 / GUT 9 for
the `silat-arena` game, plus git."""

from __future__ import annotations

from transcript_kit import APP, GAME

__all__ = [
    "APP",
    "GAME",
    "GODOT_BANNER",
    "db_reset",
    "git_commit",
    "gut_load_error",
    "gut_run",
    "playwright_run",
    "vitest_run",
]

GODOT_BANNER = "Godot Engine v4.2.2.stable.official.15073afe3 - https://godotengine.org"


def db_reset(migrations: list[str], *, error: str | None = None) -> str:
    """`supabase db reset`: the migrations it applies, then either the seed and restart or the failing statement."""
    out = [
        "Resetting local database...",
        "Recreating database...",
        "Initialising schema...",
        "Seeding globals from roles.sql...",
    ]
    out += [f"Applying migration {m}..." for m in migrations]
    if error:
        out += [error, "Try rerunning the command with --debug to troubleshoot the error."]
        return "\n".join(out)
    out += [
        "Seeding data from supabase/seed.sql...",
        "Restarting containers...",
        "Finished supabase db reset on branch main.",
    ]
    return "\n".join(out)


def vitest_run(files: list[tuple[str, int]], failures: list[tuple[str, str, str]] = (), *, ms: int = 640) -> str:
    """`npx vitest run`: one line per file (name, tests), FAIL blocks (file > test, error, code frame), the totals."""
    failed_files = {f.split(" > ")[0] for f, _, _ in failures}
    out = ["", f" RUN  v2.1.8 {APP}", ""]
    for name, n in files:
        nf = sum(1 for f, _, _ in failures if f.startswith(name + " >"))
        if nf:
            out.append(f" ❯ {name} ({n} tests | {nf} failed) {ms // 9}ms")
            out += [f"   × {f.split(' > ', 1)[1]}" for f, _, _ in failures if f.startswith(name + " >")]
        else:
            out.append(f" ✓ {name} ({n} tests) {ms // 13}ms")
    total = sum(n for _, n in files)
    if failures:
        out += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {len(failures)} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for i, (name, err, frame) in enumerate(failures, 1):
            out += [
                f" FAIL  {name}",
                err,
                "",
                frame,
                "",
                f"⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[{i}/{len(failures)}]⎯",
                "",
            ]
        out.append(f" Test Files  {len(failed_files)} failed | {len(files) - len(failed_files)} passed ({len(files)})")
        out.append(f"      Tests  {len(failures)} failed | {total - len(failures)} passed ({total})")
    else:
        out += ["", f" Test Files  {len(files)} passed ({len(files)})", f"      Tests  {total} passed ({total})"]
    out.append(
        f"   Duration  {ms}ms (transform 91ms, setup 0ms, collect 133ms, tests 24ms, environment 0ms, prepare 170ms)"
    )
    return "\n".join(out)


def playwright_run(passed: int, failures: list[tuple[str, str]] = (), *, secs: str = "38.6s") -> str:
    """`npx playwright test`: the run line, the numbered failure blocks, the totals."""
    n = passed + len(failures)
    out = [f"Running {n} tests using 2 workers", ""]
    for i, (title, body) in enumerate(failures, 1):
        out += [f"  {i}) [chromium] › {title} ─────────────────────────", "", body, ""]
    if failures:
        out.append(f"  {len(failures)} failed")
        out += [f"    [chromium] › {title} ──────────────" for title, _ in failures]
    out.append(f"  {passed} passed ({secs})")
    return "\n".join(out)


def gut_run(
    passed: int,
    failures: list[tuple[str, str, str, int]] = (),
    *,
    scripts: int = 4,
    asserts: int | None = None,
    secs: str = "0.481",
) -> str:
    """`godot --headless -s addons/gut/gut_cmdln.gd -gexit` (GUT 9.2): the per-script lines, the run summary with
    each failure ([Failed]: ... at line N) and the totals."""
    out = [GODOT_BANNER, "", "--- GUT 9.2.1 (Godot 4.2.2) ---"]
    for script, test, msg, line in failures:
        out += [script, f"* {test}", f"    [Failed]:  {msg}", f"      at line {line}"]
    out += [
        "",
        "==============================================",
        "= Run Summary",
        "==============================================",
        "",
    ]
    for script, test, msg, line in failures:
        out += [script, f"- {test}", f"    [Failed]:  {msg}", f"      at line {line}", ""]
    n = passed + len(failures)
    out += [
        "---- Totals ----",
        f"Scripts           {scripts}",
        f"Tests             {n}",
        f"  Passing         {passed}",
        f"  Failing         {len(failures)}",
        f"Asserts           {asserts or n * 2 - 1}",
        f"Time              {secs}s",
        "",
        f"---- {len(failures)} failing test{'s' if len(failures) != 1 else ''} ----"
        if failures
        else "---- All tests passed! ----",
    ]
    return "\n".join(out)


def gut_load_error(script: str, line: int, message: str, *, passed: int, scripts: int) -> str:
    """A GUT run where one script does not parse: Godot's parse error, GUT's note, and totals without that script."""
    return "\n".join(
        [
            GODOT_BANNER,
            "",
            f"SCRIPT ERROR: Parse Error: {message}",
            f"          at: GDScript::reload ({script}:{line})",
            f'ERROR: Failed to load script "{script}" with error "Parse error".',
            "   at: load (modules/gdscript/gdscript.cpp:2936)",
            "",
            "--- GUT 9.2.1 (Godot 4.2.2) ---",
            f"[ERROR]:  Could not load script {script}; it was skipped.",
            "",
            "---- Totals ----",
            f"Scripts           {scripts}",
            f"Tests             {passed}",
            f"  Passing         {passed}",
            "  Failing         0",
            "Errors            1",
            "",
            "---- 1 error, see above ----",
        ]
    )


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
