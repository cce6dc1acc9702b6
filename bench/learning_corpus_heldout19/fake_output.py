"""Realistic-looking command output for Dariush's two projects on Ubuntu: cabal build / cabal test with GHC 9.6
errors and hspec (+ QuickCheck) failure blocks for the `sahand` servant service, and ansible-playbook, molecule
(Docker driver) and ansible-lint output for the `alborz` Ansible repository, plus git."""

from __future__ import annotations

from transcript_kit import ALBORZ, SAHAND

__all__ = ["ALBORZ", "SAHAND", "cabal_build_error", "git_commit", "hspec", "lint", "molecule", "play", "recap"]

GHC = "ghc-9.6.6"
_LOG = (
    f"{SAHAND}/dist-newstyle/build/x86_64-linux/{GHC}/sahand-0.1.0.0/t/sahand-test/test/sahand-0.1.0.0-sahand-test.log"
)


def hspec(
    examples: int,
    failures: list[tuple[str, str, str]] = (),
    *,
    secs: str = "1.2034",
    built: bool | str = True,
) -> str:
    """`cabal test` running the hspec suite: failures are (file:line:col, "Spec/group/example", body). `built` says
    what cabal rebuilds first: True for a changed test file, a source path for a changed library module (library
    and test suite), False for nothing."""
    out = ["Build profile: -w ghc-9.6.6 -O1", "In order, the following will be built (use -v for more details):"]
    if isinstance(built, str):
        out += [
            f" - sahand-0.1.0.0 (lib) (file {built} changed)",
            " - sahand-0.1.0.0 (test:sahand-test) (dependency rebuilt)",
        ]
    else:
        out += [" - sahand-0.1.0.0 (test:sahand-test) (file test/Spec.hs changed)"] if built else [" - none"]
    out += [
        "Preprocessing test suite 'sahand-test' for sahand-0.1.0.0..",
        "Building test suite 'sahand-test' for sahand-0.1.0.0..",
        "Running 1 test suites...",
        "Test suite sahand-test: RUNNING...",
    ]
    if failures:
        out += ["", "Failures:", ""]
        for i, (where, path, body) in enumerate(failures, 1):
            out += [f"  {where}: ", f"  {i}) {path.replace('/', ' ')}", body, ""]
            out += [f'  To rerun use: --match "/{path}/"', ""]
    out += [
        f"Finished in {secs} seconds",
        f"{examples} examples, {len(failures)} failure{'s' if len(failures) != 1 else ''}",
    ]
    if failures:
        out += [
            "Test suite sahand-test: FAIL",
            "Test suite logged to:",
            _LOG,
            "0 of 1 test suites (0 of 1 test cases) passed.",
            "Error: cabal: Tests failed for test:sahand-test from sahand-0.1.0.0.",
        ]
    else:
        out += [
            "Test suite sahand-test: PASS",
            "Test suite logged to:",
            _LOG,
            "1 of 1 test suites (1 of 1 test cases) passed.",
        ]
    return "\n".join(out)


def cabal_build_error(module: str, body: str) -> str:
    """`cabal build` stopping on a GHC error in one module of the library."""
    return (
        "Build profile: -w ghc-9.6.6 -O1\nIn order, the following will be built (use -v for more details):\n"
        " - sahand-0.1.0.0 (lib) (file src/Sahand/Api.hs changed)\nPreprocessing library for sahand-0.1.0.0..\n"
        f"Building library for sahand-0.1.0.0..\n[14 of 31] Compiling {module}\n\n{body}\n"
        "Error: cabal: Failed to build sahand-0.1.0.0."
    )


def play(tasks: list[tuple[str, str]], *, name: str = "Converge") -> str:
    """ansible-playbook lines: (task name, result line) pairs under one PLAY header."""
    out = [f"PLAY [{name}] " + "*" * max(3, 72 - len(name)), ""]
    for task, result in tasks:
        head = f"TASK [{task}] "
        out += [head + "*" * max(3, 80 - len(head)), result, ""]
    return "\n".join(out) + "\n"


def recap(host: str, ok: int, changed: int, failed: int = 0, unreachable: int = 0, skipped: int = 0) -> str:
    return (
        "PLAY RECAP " + "*" * 70 + "\n"
        f"{host:<26}: ok={ok:<4} changed={changed:<4} unreachable={unreachable:<4} failed={failed:<4} "
        f"skipped={skipped:<4} rescued=0    ignored=0"
    )


def molecule(role: str, body: str, *, action: str = "converge", failed: bool = False) -> str:
    """`molecule test` (Docker driver) around a converge/idempotence body; a failure ends in the cleanup lines."""
    head = [
        "INFO     default scenario test matrix: dependency, cleanup, destroy, syntax, create, prepare, converge, "
        "idempotence, side_effect, verify, cleanup, destroy",
        "INFO     Performing prerun with role_name_check=0...",
        "INFO     Running default > create",
        "INFO     Running default > prepare",
        "WARNING  Skipping, prepare playbook not configured.",
        f"INFO     Running default > {action}",
        "",
        "",
    ]
    tail: list[str] = []
    if failed:
        tail = [
            "",
            "",
            f"CRITICAL Ansible return code was 2, command was: ['ansible-playbook', '--inventory', "
            f"'/home/dariush/.cache/molecule/{role}/default/inventory', '--skip-tags', 'molecule-notest,notest', "
            f"'{ALBORZ}/roles/{role}/molecule/default/converge.yml']",
            f"WARNING  An error occurred during the test sequence action: '{action}'. Cleaning up.",
            "INFO     Running default > cleanup",
            "WARNING  Skipping, cleanup playbook not configured.",
            "INFO     Running default > destroy",
            "INFO     Pruning extra files from scenario ephemeral directory",
        ]
    return "\n".join(head) + body + "\n".join(tail)


def lint(violations: list[tuple[str, str, str]], files: int, *, profile_ok: str = "moderate") -> str:
    """ansible-lint output: (rule, message, location line) per violation, then the summary."""
    if not violations:
        return f"Passed: 0 failure(s), 0 warning(s) on {files} files. Last profile that met the validation criteria was 'production'."
    out = [f"WARNING  Listing {len(violations)} violation(s) that are fatal"]
    for rule, msg, where in violations:
        out += [f"{rule}: {msg}", where, ""]
    out.append("Read documentation for instructions on how to ignore specific rule violations.")
    out.append(
        f"\nFailed: {len(violations)} failure(s), 0 warning(s) on {files} files. Last profile that met the "
        f"validation criteria was '{profile_ok}'. Rating: 2/5 star"
    )
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )
