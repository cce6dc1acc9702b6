"""Realistic-looking command output for Claire's two projects: PHPUnit, PHPStan and Doctrine runs for cadastre,
ansible-playbook, ansible-lint, helm and Molecule runs for cadastre-infra, and git."""

from __future__ import annotations

from transcript_kit import KD, KI

__all__ = ["KD", "KI", "ansible_recap", "git_commit", "phpstan_errors", "phpstan_ok", "phpunit_run"]


def phpunit_run(
    tests: int,
    assertions: int,
    failures: list[tuple[str, str, str]] = (),
    *,
    secs: float = 2.41,
    mem: int = 38,
    docker: bool = True,
    php: str = "8.3.14",
) -> str:
    """PHPUnit 11: failures are (test id, the failure's text, file:line); in the php container paths start at /app,
    with Homebrew's PHP at the project on the Mac."""
    root = "/app" if docker else KD
    out = [
        "PHPUnit 11.5.3 by Sebastian Bergmann and contributors.",
        "",
        f"Runtime:       PHP {php}",
        f"Configuration: {root}/phpunit.xml.dist",
        "",
    ]
    dots = "." * (tests - len(failures)) + "F" * len(failures)
    out.append(f"{dots:<63} {tests} / {tests} (100%)")
    out += ["", f"Time: 00:{secs:06.3f}, Memory: {mem}.00 MB", ""]
    if failures:
        out.append(
            f"There {'was' if len(failures) == 1 else 'were'} {len(failures)} failure{'s' * (len(failures) > 1)}:"
        )
        out.append("")
        for i, (test, text, where) in enumerate(failures, 1):
            out += [f"{i}) {test}", text, "", f"{root}/{where}", ""]
        out += ["FAILURES!", f"Tests: {tests}, Assertions: {assertions}, Failures: {len(failures)}."]
    else:
        out.append(f"OK ({tests} tests, {assertions} assertions)")
    return "\n".join(out)


def phpstan_ok(files: int = 42) -> str:
    return (
        f" {files}/{files} [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%\n\n\n"
        " [OK] No errors                                                                  "
    )


def phpstan_errors(files: int, errors: list[tuple[str, int, str, str]]) -> str:
    """`vendor/bin/phpstan analyse` at level 8: errors are (file, line, message, identifier)."""
    out = [f" {files}/{files} [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%", ""]
    rule = " ------ " + "-" * 90
    for path in sorted({e[0] for e in errors}):
        out += [rule, f"  Line   {path}", rule]
        for _, line, msg, ident in (e for e in errors if e[0] == path):
            out.append(f"  {line:<6} {msg}")
            out.append(f"         🪪  {ident}")
        out += [rule, ""]
    n = len(errors)
    out.append(f" [ERROR] Found {n} error{'s' * (n > 1)}")
    return "\n".join(out)


def ansible_recap(host: str, ok: int, changed: int, failed: int = 0, skipped: int = 0) -> str:
    return (
        "PLAY RECAP *********************************************************************\n"
        f"{host:<27}: ok={ok:<4} changed={changed:<4} unreachable=0    failed={failed:<4} skipped={skipped:<4} "
        "rescued=0    ignored=0"
    )


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
