"""What a failed command's output says about *which* problem it is: the failing tests, the exception and the
module it came from, the project files in the traceback, lint codes, and the message.

These become a signal's **anchors**: short, specific strings that two sessions hitting the same problem share
even when the surface differs (a `TimeoutError` in one test today, a `CommitFailedError` in another test next
week, both raised in `aiokafka/consumer/group_coordinator`). Only specific evidence becomes an anchor, since
`signal_patterns` joins every signal sharing one: a bare `AssertionError` or `ValueError`, the test runner's
own frames, the standard library and test helpers are left out, and a run where many tests fail at once
(the database is down, a migration broke setup) names its cause, not its tests.
Anchor forms: `test:NAME`, `exc:TYPE`, `exc:TYPE@MODULE`. The message itself is the signal's key (a lint code
or a message alone would join unrelated problems: every import-order complaint is `I001`).
Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_TESTS_FOR_ANCHORS = 4  # more failing tests in one run: a shared cause, named by its exception instead

_TEST_ID = re.compile(r"^(?:FAILED|ERROR)\s+(\S+?)::(\S+?)(?:\[[^\]]*\])?(?:\s+-\s|\s*$)", re.MULTILINE)
_TEST_HEADER = re.compile(r"^_{3,}\s+(?:ERROR at (?:setup|teardown|call) of\s+)?(test\w+)(?:\[[^\]]*\])?\s+_{3,}", re.M)
_OTHER_TESTS = re.compile(r"^--- FAIL: (Test\w+)|^\s*●\s+(.+?)\s*$|^test (\S+) \.\.\. FAILED$", re.MULTILINE)
_EXC_LINE = re.compile(
    r"^(?:E\s+)?((?:[a-z_][\w]*\.)*([A-Z]\w*(?:Error|Exception|Exit|Warning|Failure)))\b(?::|$)", re.M
)
_PYTEST_FAILED = re.compile(r"^E?\s*Failed: (Timeout|DID NOT RAISE)\b", re.MULTILINE)
_FRAME = re.compile(r'^\s*File "([^"]+)", line \d+|^(\S+\.py):\d+(?::|\s)', re.MULTILINE)
_SUMMARY_COUNT = re.compile(r"\b(\d+) (?:failed|errors?)\b")
_ENVIRONMENT = re.compile(r"(?:^|/)\.?(?:venv|virtualenv|env)/|(?:^|/)bin/|(?:^|/)node_modules/\.bin/")
_SITE = re.compile(r".*/(?:site|dist)-packages/")
_STDLIB = re.compile(r"(?:^|/)(?:lib/)?python3\.\d+/(?!site-packages)|^<frozen")
_RUNNER = re.compile(r"^(?:_pytest|pytest|pluggy|pytest_\w+|unittest|asyncio|anyio|trio|greenlet)(?:/|$)")
_TEST_FILE = re.compile(r"(?:^|/)(?:tests?|spec|__tests__|testing)/|(?:^|/)(?:test_[^/]+|[^/]+_test|conftest)\.py$")
GENERIC_EXCEPTIONS_WORDS = (
    "Exception BaseException AssertionError TypeError ValueError KeyError IndexError AttributeError "
    "RuntimeError NameError NotImplementedError OSError IOError TimeoutError ConnectionError "
    "ValidationError IntegrityError OperationalError ProgrammingError DatabaseError InterfaceError "
    "DataError HTTPError HTTPException HTTPStatusError RequestException ClientError CommandError APIError "
    "ApiError ServiceError SystemExit CalledProcessError FileNotFoundError PermissionError "
    "UnicodeDecodeError JSONDecodeError Failure DeprecationWarning UserWarning Warning"
)
GENERIC_EXCEPTIONS = frozenset(GENERIC_EXCEPTIONS_WORDS.split())


@dataclass(frozen=True, slots=True)
class FailureEvidence:
    tests: tuple[str, ...]  # failing test names (no file, no parameters)
    exceptions: tuple[str, ...]  # exception type names, most telling last
    raised_in: str  # the innermost module outside the runner, stdlib and tests (a/b/c), or ""
    project_files: tuple[str, ...]  # project (non-test) source files in the traceback
    failed_count: int  # failures the runner's summary reports (0 when it printed none)

    def anchors(self) -> tuple[str, ...]:
        out: list[str] = []
        if 0 < len(self.tests) <= MAX_TESTS_FOR_ANCHORS and self.failed_count <= MAX_TESTS_FOR_ANCHORS:
            out += [f"test:{name}" for name in self.tests]
        for exc in self.exceptions[-2:]:
            if exc not in GENERIC_EXCEPTIONS:
                out.append(f"exc:{exc}")
            place = self.raised_in or next(iter(self.project_files), "")
            if place:
                out.append(f"exc:{exc}@{place}")
        return tuple(dict.fromkeys(out))


def failure_evidence(output: str, cwd: str = "") -> FailureEvidence:
    """Read a failed command's output (Python/pytest tracebacks best; Go, Jest, Cargo and linters in part).
    `cwd` (the session's) makes absolute project paths relative, as pytest prints them."""
    tests = [name for _file, name in _TEST_ID.findall(output)]
    tests += _TEST_HEADER.findall(output)
    for go, jest, cargo in _OTHER_TESTS.findall(output):
        tests.append(go or cargo or jest)
    exceptions = [short for _full, short in _EXC_LINE.findall(output)]
    exceptions += [f"Failed{kind.replace(' ', '')}" for kind in _PYTEST_FAILED.findall(output)]
    modules = [_module(a or b, cwd) for a, b in _FRAME.findall(output)]
    libraries = [
        m for m in modules if m and not _RUNNER.match(m) and not _TEST_FILE.search(m) and not _ENVIRONMENT.search(m)
    ]
    project = [m + ".py" for m in libraries if not m.startswith("site:")]
    raised = next((m for m in reversed(libraries)), "")
    counts = [int(n) for n in _SUMMARY_COUNT.findall(output)]
    return FailureEvidence(
        tests=tuple(dict.fromkeys(_plain_test(t) for t in tests if t)),
        exceptions=tuple(dict.fromkeys(exceptions)),
        raised_in=raised.removeprefix("site:"),
        project_files=tuple(dict.fromkeys(project)),
        failed_count=max(counts, default=0),
    )


def _module(path: str, cwd: str) -> str:
    """`a/b/c` for a frame's file: site-packages frames as `site:pkg/mod`, stdlib as ""."""
    if not path or _STDLIB.search(path):
        return ""
    if _SITE.match(path):
        return "site:" + _SITE.sub("", path).removesuffix(".py")
    if path.startswith("/"):
        root = cwd.rstrip("/") + "/"
        # Why: an absolute project path names the same module as the relative one in another traceback.
        path = path[len(root) :] if cwd and path.startswith(root) else "/".join(path.split("/")[-3:])
    return path.removesuffix(".py")


def _plain_test(name: str) -> str:
    return name.split("[")[0].split("::")[-1].strip()
