"""Realistic-looking command output for Anjali's two projects in WSL2: `fvm flutter test` (and integration_test on
the Android emulator) for thattukada, Pest through Sail for thattukada-api, and git."""

from __future__ import annotations

from transcript_kit import API, APP

__all__ = ["API", "APP", "flutter_test", "git_commit", "pest_run"]


def flutter_test(passed: list[str], failures: list[tuple[str, str]] = (), *, file: str = "test", secs: int = 6) -> str:
    """`fvm flutter test`: passed test names, failures as (test name, error text)."""
    out = [f"00:0{min(secs, 9)} +0: loading {APP}/{file}"]
    n = 0
    for name in passed:
        n += 1
        out.append(f"00:{secs:02d} +{n}: {name}")
    bad = 0
    for name, err in failures:
        bad += 1
        out.append(f"00:{secs + 2:02d} +{n} -{bad}: {name} [E]")
        out += ["  " + x for x in err.split("\n")]
        out.append("")
    if failures:
        out.append(f"00:{secs + 3:02d} +{n} -{bad}: Some tests failed.")
    else:
        out.append(f"00:{secs + 1:02d} +{n}: All tests passed!")
    return "\n".join(out)


def pest_run(passed: dict[str, list[str]], failures: list[tuple[str, str, str]] = (), *, secs: float = 1.38) -> str:
    """`sail artisan test` (Pest 3): passed {class: [test names]}, failures (class, test name, message)."""
    out = []
    for cls, names in passed.items():
        bad = [f for f in failures if f[0] == cls]
        out.append(f"\n   {'FAIL' if bad else 'PASS'}  Tests\\{cls}")
        for name in names:
            out.append(f"  ✓ {name:<66} 0.0{len(name) % 9 + 1}s")
        for _, name, _ in bad:
            out.append(f"  ⨯ {name:<66} 0.11s")
    for cls, name, _msg in failures:
        if cls not in passed:
            out.append(f"\n   FAIL  Tests\\{cls}")
            out.append(f"  ⨯ {name:<66} 0.11s")
    for cls, name, msg in failures:
        out += [
            "  " + "─" * 78,
            f"   FAILED  Tests\\{cls} > {name}",
            "  " + msg,
            "",
        ]
    n = sum(len(v) for v in passed.values())
    tests = f"{len(failures)} failed, {n} passed" if failures else f"{n} passed"
    out += ["", f"  Tests:    {tests} ({n * 3 + len(failures)} assertions)", f"  Duration: {secs:.2f}s"]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
