"""Hand-written tool output shared by both projects' scenarios (mix/ExUnit, fly, pytest, dagster, git)."""

from __future__ import annotations

from transcript_kit import CELLER, METEO


def mix_test(tests: int, failures: list[str] = (), *, secs: float = 4.3, excluded: int = 0, seed: int = 418233) -> str:
    out = [f"Running ExUnit with seed: {seed}, max_cases: 16"]
    if excluded:
        out.append("Excluding tags: [:wallaby]")
    out.append("")
    out.append("." * max(1, tests - len(failures)))
    for i, f in enumerate(failures, 1):
        out += ["", f"  {i}) {f}"]
    out += ["", f"Finished in {secs:.1f} seconds ({secs * 0.3:.1f}s async, {secs * 0.7:.1f}s sync)"]
    tail = f"{tests} tests, {len(failures)} failure{'s' if len(failures) != 1 else ''}"
    if excluded:
        tail += f", {excluded} excluded"
    out.append(tail)
    return "\n".join(out)


def git_commit(branch: str, sha: str, msg: str, files: int, ins: int, dels: int = 0) -> str:
    d = f", {dels} deletions(-)" if dels else ""
    return f"[{branch} {sha}] {msg}\n {files} files changed, {ins} insertions(+){d}"


def fly_ok(app: str, image: str, machines: list[str]) -> str:
    out = [
        f"==> Verifying app config\nValidating {CELLER}/fly.toml\n✓ Configuration is valid",
        f"--> Verified app config\n==> Building image\n--> Building image done\nimage: registry.fly.io/{app}:{image}",
        "image size: 98 MB",
        "",
        f"Watch your deployment at https://fly.io/apps/{app}/monitoring",
        "",
        f"Running {app} release_command: /app/bin/migrate",
        "  Starting machine",
        "  release_command completed successfully",
        f"Updating existing machines in '{app}' with rolling strategy",
    ]
    out += [f"  [{i + 1}/{len(machines)}] Machine {m} [app] update succeeded" for i, m in enumerate(machines)]
    out += ["  Finished deploying", "", f"Visit your newly deployed app at https://{app}.fly.dev/"]
    return "\n".join(out)


def pytest_out(passed: int, failures: list[tuple[str, str]] = (), *, secs: float = 2.41, deselected: int = 0) -> str:
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {METEO}",
        "configfile: pyproject.toml",
        "plugins: anyio-4.6.2",
        f"collected {passed + len(failures) + deselected} items"
        + (f" / {deselected} deselected" if deselected else ""),
        "",
    ]
    if failures:
        out.append("=================================== FAILURES ===================================")
        for t, err in failures:
            out += [f"_____ {t.split('::')[-1]} _____", err, ""]
        out.append("=========================== short test summary info ============================")
        out += [f"FAILED {t} - {e.splitlines()[-1][:100]}" for t, e in failures]
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        tail = f"{passed} passed" + (f", {deselected} deselected" if deselected else "")
        out.append(f"============================== {tail} in {secs:.2f}s ==============================")
    return "\n".join(out)


def ruff_ok() -> str:
    return "All checks passed!\n23 files already formatted"


def dagster_run(
    asset: str,
    partition: str,
    ok: bool = True,
    err: str = "",
    *,
    day: str = "2029-10-22",
    off: str = "+0200",
    run: str = "c41f0a2e-7d3b-4e5a-9a61-0f2d8e7b5c13",
) -> str:
    out = [
        f'{day} 15:02:11 {off} - dagster - DEBUG - __ASSET_JOB - {run} - RUN_START - Started execution of run for "__ASSET_JOB".',
        f'{day} 15:02:11 {off} - dagster - DEBUG - __ASSET_JOB - {run} - {asset} - STEP_START - Started execution of step "{asset}".',
    ]
    if ok:
        out += [
            f"{day} 15:02:14 {off} - dagster - DEBUG - __ASSET_JOB - {run} - {asset} - ASSET_MATERIALIZATION - Materialized value {asset} partition {partition}.",
            f'{day} 15:02:14 {off} - dagster - DEBUG - __ASSET_JOB - {run} - {asset} - STEP_SUCCESS - Finished execution of step "{asset}" in 2.91s.',
            f'{day} 15:02:14 {off} - dagster - DEBUG - __ASSET_JOB - {run} - RUN_SUCCESS - Finished execution of run for "__ASSET_JOB".',
        ]
    else:
        out += [
            f'{day} 15:02:13 {off} - dagster - ERROR - __ASSET_JOB - {run} - {asset} - STEP_FAILURE - Execution of step "{asset}" failed.',
            err,
            f"{day} 15:02:13 {off} - dagster - ERROR - __ASSET_JOB - {run} - RUN_FAILURE - Execution of run for \"__ASSET_JOB\" failed. Steps failed: ['{asset}'].",
        ]
    return "\n".join(out)
