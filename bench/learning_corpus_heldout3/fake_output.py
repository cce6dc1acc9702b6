"""Realistic-looking command output for Haruto's two projects: uv / pytest / Hydra training logs / nvidia-smi on
the GPU box, xcodebuild / XCTest / SwiftLint / fastlane on the Mac, and git."""

from __future__ import annotations

ML = "/home/haruto/work/kumo-train"
IOS = "/Users/haruto/dev/Tabilog"


# -- python / training --------------------------------------------------------------------------------------------
def pytest_out(results: list[tuple[str, str]], *, secs: float = 4.21, failures: list[tuple[str, str]] = ()) -> str:
    """results: (nodeid, PASSED|FAILED|SKIPPED); failures: (nodeid, traceback block)."""
    by_file: dict[str, str] = {}
    for nodeid, res in results:
        f = nodeid.split("::")[0]
        by_file[f] = by_file.get(f, "") + {"PASSED": ".", "FAILED": "F", "SKIPPED": "s"}[res]
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {ML}",
        "configfile: pyproject.toml",
        f"collected {len(results)} items",
        "",
    ]
    total = len(results)
    done = 0
    for f, marks in by_file.items():
        done += len(marks)
        out.append(f"{f} {marks}".ljust(72) + f"[{100 * done // total:3d}%]")
    failed = [n for n, r in results if r == "FAILED"]
    if failures:
        out += ["", "=================================== FAILURES ==================================="]
        for nodeid, block in failures:
            name = nodeid.split("::")[-1]
            out += [f"____________________________ {name} ____________________________", "", block, ""]
    out.append("")
    passed = sum(1 for _, r in results if r == "PASSED")
    skipped = sum(1 for _, r in results if r == "SKIPPED")
    parts = []
    if failed:
        out += ["=========================== short test summary info ============================"]
        out += [f"FAILED {n}" for n in failed]
        parts.append(f"{len(failed)} failed")
    parts.append(f"{passed} passed")
    if skipped:
        parts.append(f"{skipped} skipped")
    out.append(f"======================== {', '.join(parts)} in {secs:.2f}s ========================")
    return "\n".join(out)


def train_head(run_dir: str, overrides: str = "") -> list[str]:
    return [
        f"[2026-10-05 10:11:43,102][kumo.train][INFO] - run dir: {run_dir}",
        f"[2026-10-05 10:11:43,103][kumo.train][INFO] - overrides: {overrides or '[]'}",
        "[2026-10-05 10:11:44,870][kumo.data][INFO] - products-v3: 184,220 train / 9,880 val images, 412 classes",
        "[2026-10-05 10:11:47,511][kumo.model][INFO] - vit_b16 (timm) 86.1M params, pretrained=True",
        "wandb: Tracking run with wandb version 0.18.5",
        "wandb: W&B syncing is set to `offline` in this directory.",
        "wandb: Run `wandb online` or set WANDB_MODE=online to enable cloud syncing.",
    ]


def epoch_line(epoch: int, loss: float, acc: float, secs: int = 412) -> str:
    return (
        f"Epoch {epoch}: 100%|██████████| 2879/2879 [{secs // 60:02d}:{secs % 60:02d}<00:00, 6.98it/s, "
        f"loss={loss:.4f}, lr=2.81e-04]\n"
        f"[kumo.engine][INFO] - epoch {epoch} val/acc={acc:.4f} val/loss={loss + 0.11:.4f}"
    )


def cuda_oom(where: str, tried: str, free: str, reserved: str) -> str:
    return "\n".join(
        [
            "Traceback (most recent call last):",
            f'  File "{ML}/src/kumo/train.py", line 58, in main',
            "    trainer.fit(model, data)",
            f'  File "{ML}/src/kumo/engine.py", line 121, in fit',
            "    metrics = self.evaluate(val_loader)",
            f'  File "{ML}/src/kumo/engine.py", line {where}, in evaluate',
            "    logits = self.model(images)",
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate "
            f"{tried}. GPU 0 has a total capacity of 23.64 GiB of which {free} is free. Including non-PyTorch memory, "
            f"this process has 22.41 GiB memory in use. Of the allocated memory 21.02 GiB is allocated by PyTorch, "
            f"and {reserved} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
            "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for "
            "Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        ]
    )


def nvidia_smi(used: list[int], util: int = 97) -> str:
    rows = []
    for i, mib in enumerate(used):
        rows.append(
            f"|   {i}  NVIDIA GeForce RTX 4090        On  |   00000000:0{i + 1}:00.0 Off |                  Off |\n"
            f"| 30%   61C    P2            301W /  450W |   {mib:5d}MiB /  24564MiB |     {util:3d}%      Default |"
        )
    return "\n".join(
        [
            "+-----------------------------------------------------------------------------------------+",
            "| NVIDIA-SMI 550.120                Driver Version: 550.120        CUDA Version: 12.4     |",
            "|-----------------------------------------+------------------------+----------------------+",
            *rows,
            "+-----------------------------------------+------------------------+----------------------+",
        ]
    )


# -- xcodebuild / fastlane ----------------------------------------------------------------------------------------
DEST = "platform=iOS Simulator,name=iPhone 16,OS=18.1"


def xc_tests(results: list[tuple[str, str, float]], *, failures: list[str] = (), secs: float = 48.3) -> str:
    """results: (Suite.test, passed|failed, seconds)."""
    out = [
        "Command line invocation:",
        "    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild test -scheme Tabilog "
        "-destination 'platform=iOS Simulator,name=iPhone 16,OS=18.1'",
        "",
        "Test Suite 'All tests' started at 2026-10-06 14:31:07.118.",
        "Test Suite 'TabilogTests.xctest' started at 2026-10-06 14:31:07.119.",
    ]
    for name, res, t in results:
        suite, test = name.split(".")
        out.append(f"Test Case '-[TabilogTests.{suite} {test}]' started.")
        if res == "failed":
            for f in failures:
                out.append(f"{IOS}/TabilogTests/{suite}.swift:{f}")
        out.append(f"Test Case '-[TabilogTests.{suite} {test}]' {res} ({t:.3f} seconds).")
    bad = sum(1 for _, r, _ in results if r == "failed")
    out.append(
        f"Test Suite 'All tests' {'failed' if bad else 'passed'} at 2026-10-06 14:31:{int(secs) % 60:02d}.400.\n"
        f"\t Executed {len(results)} tests, with {bad} failure{'s' if bad != 1 else ''} (0 unexpected) in "
        f"{secs - 1.2:.3f} ({secs:.3f}) seconds"
    )
    out.append("")
    out.append("** TEST FAILED **" if bad else "** TEST SUCCEEDED **")
    return "\n".join(out)


def xc_build_ok(secs: float = 61.0) -> str:
    return "\n".join(
        [
            "Command line invocation:",
            "    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild build -scheme Tabilog "
            "-destination 'platform=iOS Simulator,name=iPhone 16,OS=18.1'",
            "",
            "CompileSwiftSources normal arm64 com.apple.xcode.tools.swift.compiler (in target 'Tabilog' from project "
            "'Tabilog')",
            "PhaseScriptExecution SwiftLint /Users/haruto/Library/Developer/Xcode/DerivedData/Tabilog-"
            "gxqzfbwlmtqkcbdtodxevzrmvhyb/Build/Intermediates.noindex/Tabilog.build/Debug-iphonesimulator/"
            "Tabilog.build/Script-8F2A61C02C9E4A1B00D7E3F1.sh (in target 'Tabilog' from project 'Tabilog')",
            "",
            f"** BUILD SUCCEEDED ** [{secs:.3f} sec]",
        ]
    )


def fastlane_head(lane: str) -> list[str]:
    return [
        "[✔] 🚀 ",
        f"[14:02:11]: Driving the lane 'ios {lane}' 🚀",
        "[14:02:11]: ------------------",
        "[14:02:11]: --- Step: match ---",
        "[14:02:11]: ------------------",
        "[14:02:12]: Cloning remote git repo...",
        "[14:02:14]: 🔓  Successfully decrypted certificates repo",
    ]


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int) -> str:
    return (
        f"[{branch} {sha}] {subject}\n"
        f" {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"
    )
