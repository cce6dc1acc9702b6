"""Realistic-looking command output for Armen's two projects on macOS: ExUnit (`mix test`) and mix for `lavash`,
Gradle with kotest and GraalVM native-image for `ararat-cli`, and git."""

from __future__ import annotations

from transcript_kit import ARA, LAV

__all__ = ["ARA", "LAV", "git_commit", "gradle_test", "mix_test", "native_compile"]


def mix_test(
    tests: int,
    failures: list[tuple[str, str, str]] = (),
    *,
    seed: int = 482913,
    secs: float = 2.1,
    log: str = "",
) -> str:
    """`mix test`: failures are (test name with its module, file:line, the failure's body, already indented)."""
    out = [f"Running ExUnit with seed: {seed}, max_cases: 20", ""]
    if log:
        out += [log, ""]
    out.append("." * max(1, tests // 3))
    for k, (name, where, body) in enumerate(failures, 1):
        out += ["", f"  {k}) test {name}", f"     {where}", body, ""]
    out.append("." * max(1, tests - tests // 3 - len(failures)))
    sync = round(secs * 0.3, 1)
    out += [
        f"Finished in {secs:.1f} seconds ({secs - sync:.1f}s async, {sync:.1f}s sync)",
        f"{tests} tests, {len(failures)} failure{'s' if len(failures) != 1 else ''}",
    ]
    return "\n".join(out)


def gradle_test(specs: list[tuple[str, int]], failures: list[tuple[str, str, str]] = (), *, secs: int = 14) -> str:
    """`./gradlew test` with kotest: specs are (spec, tests); failures are (spec, test name, exception line)."""
    out = ["> Task :compileKotlin UP-TO-DATE", "> Task :compileTestKotlin", "", "> Task :test"]
    for spec, name, exc in failures:
        out += ["", f"{spec} > {name} FAILED", f"    {exc}"]
    total = sum(n for _, n in specs)
    if failures:
        out += [
            "",
            f"{total} tests completed, {len(failures)} failed",
            "",
            "> Task :test FAILED",
            "",
            "FAILURE: Build failed with an exception.",
            "",
            "* What went wrong:",
            "Execution failed for task ':test'.",
            "> There were failing tests. See the report at: file://" + ARA + "/build/reports/tests/test/index.html",
            "",
            f"BUILD FAILED in {secs}s",
            "4 actionable tasks: 2 executed, 2 up-to-date",
        ]
    else:
        out += ["", f"BUILD SUCCESSFUL in {secs}s", "4 actionable tasks: 2 executed, 2 up-to-date"]
    return "\n".join(out)


def native_compile(secs: int = 142, rss: str = "5.12GB") -> str:
    """`./gradlew nativeCompile` on an M2 MacBook (abridged GraalVM progress output)."""
    return "\n".join(
        [
            "> Task :nativeCompile",
            "[native-image-plugin] GraalVM Toolchain detection is disabled",
            "[native-image-plugin] GraalVM location read from environment variable: GRAALVM_HOME",
            "========================================================================================================",
            "GraalVM Native Image: Generating 'ararat' (executable)...",
            "========================================================================================================",
            "[1/8] Initializing...                                                                    (4.1s @ 0.14GB)",
            " Java version: 21.0.2+13, vendor version: Oracle GraalVM 21.0.2+13.1",
            " Graal compiler: optimization level: 2, target machine: armv8-a",
            "[2/8] Performing analysis...  [*****]                                                  (38.6s @ 1.02GB)",
            "[3/8] Building universe...                                                              (5.2s @ 1.11GB)",
            "[4/8] Parsing methods...      [**]                                                      (3.9s @ 1.27GB)",
            "[5/8] Inlining methods...     [***]                                                     (2.4s @ 1.33GB)",
            "[6/8] Compiling methods...    [*****]                                                  (51.3s @ 1.48GB)",
            "[7/8] Layouting methods...    [**]                                                      (4.8s @ 1.52GB)",
            "[8/8] Creating image...       [**]                                                      (6.1s @ 1.60GB)",
            "--------------------------------------------------------------------------------------------------------",
            f"Finished generating 'ararat' in 2m {secs - 120}s.",
            f"Peak RSS: {rss}",
            f"[native-image-plugin] Native Image written to: {ARA}/build/native/nativeCompile",
            "",
            f"BUILD SUCCESSFUL in 2m {secs - 118}s",
            "7 actionable tasks: 3 executed, 4 up-to-date",
        ]
    )


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), "
        f"{dels} deletions(-)"
    )


_ = LAV
