"""Realistic-looking command output for Dmitri's two projects: flutter test / golden diffs / build_runner / dart
analyze / Gradle and Xcode via Flutter / Crashlytics for the pekara_app Flutter app, and go test / buf /
golang-migrate / golangci-lint / Docker for the pekara-orders gRPC service, plus git."""

from __future__ import annotations

APP = "/home/dmitri/dev/pekara_app"
ORDERS = "/home/dmitri/dev/pekara-orders"


def flutter_test(passed: int, failed: list[tuple[str, str]] = (), *, secs: str = "00:14") -> str:
    """`flutter test` compact reporter output: failures as name + body, then the totals line."""
    out = []
    for n, (name, body) in enumerate(failed, 1):
        out += [f"{secs} +{passed} -{n}: {name} [E]", *("  " + x for x in body.split("\n")), ""]
    if failed:
        out.append(f"{secs} +{passed} -{len(failed)}: Some tests failed.")
    else:
        out.append(f"{secs} +{passed}: All tests passed!")
    return "\n".join(out)


def golden_diff(test: str, png: str, pct: str, px: int) -> tuple[str, str]:
    """A golden mismatch as matchesGoldenFile reports it."""
    return (
        test,
        f'Golden "{png}": Pixel test failed, {pct}% diff detected.\n'
        f"Failure feedback can be found at test/goldens/failures\n"
        f"package:flutter_test/src/_matchers_io.dart 91:9  MatchesGoldenFile.matchAsync\n"
        f"===== asynchronous gap ===========================\n"
        f"dart:async  _CustomZone.run\n"
        f"test/goldens/{test.split(' ')[0]}_test.dart 24:5  main.<fn>\n"
        f"({px} pixels differ)",
    )


BUILD_RUNNER_CONFLICT = """[INFO] Generating build script completed, took 412ms
[INFO] Reading cached asset graph completed, took 188ms
[INFO] Checking for updates since last build completed, took 901ms
[SEVERE] Conflicting outputs were detected and the build is unable to prompt for permission to remove them. These outputs must be removed manually or the build can be run with `--delete-conflicting-outputs`. The outputs are:
lib/features/cart/cart_state.freezed.dart
lib/features/cart/cart_state.g.dart
lib/features/menu/menu_item.freezed.dart
pub finished with exit code 78"""


def analyzer(issues: list[tuple[str, str, str]]) -> str:
    """`dart analyze` output: (severity, location, message)."""
    lines = ["Analyzing pekara_app...", ""]
    lines += [f"  {sev} - {loc} - {msg}" for sev, loc, msg in issues]
    lines += ["", f"{len(issues)} issues found."]
    return "\n".join(lines)


def go_test(pkgs: list[tuple[str, str, str]]) -> str:
    """`go test` summary lines: (status ok|FAIL, package, time or body)."""
    out = []
    for status, pkg, rest in pkgs:
        if status == "ok":
            out.append(f"ok  \tgithub.com/pekara/orders/{pkg}\t{rest}")
        else:
            out += [rest, "FAIL", f"FAIL\tgithub.com/pekara/orders/{pkg}\t9.812s"]
    if any(s == "FAIL" for s, _, _ in pkgs):
        out.append("FAIL")
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
