"""What a failed command's output says about *which* problem it is: the failing tests, the errors (exception
types, error codes, panics), where they came from, and the project files involved. Python, Rust, Go, JS/TS
(Jest, Vitest, tsc), JVM (JUnit via Gradle/Maven), .NET (`dotnet test`, NUnit), RSpec, dbt and plain CLI tools
are read; a format not known
here still gives its files and its message, and the meaning of its message (`problem_identity.py`).

Two kinds of evidence come out:
- **Anchors** join signals into one problem by themselves, in `signal_patterns`: a failing test (`test:NAME`),
  a *specific* exception, alone and with the module it came from (`exc:TYPE`, `exc:TYPE@MODULE`), a value gone
  non-finite (`symptom:nan`: a loss that went nan is one problem of a project as an OutOfMemoryError is), and a
  generic one raised inside a dependency (`exc:CommandError@alembic/script/base`). Two sessions hitting the
  same problem share them even when the surface differs (a `TimeoutError` in one test today, a
  `CommitFailedError` in another next week, both raised in `aiokafka/consumer/group_coordinator`).
- **Facts** are weaker and never join alone: a generic exception raised in the project's own code
  (`exc:ValueError@src/a`), an error code (`code:E0382`, `code:TS2345`, `code:ECONNREFUSED`), a project file
  (`file:src/parser.rs`).
  Two different problems in one file share its facts, so facts only help the meaning of the evidence decide.
A run where many tests fail at once (the database is down, a migration broke setup) names its cause, not its
tests. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pipeline.agent.failure_line import without_log_prefixes
from pipeline.agent_path import agent_path, is_windows, relative_to

MAX_TESTS_FOR_ANCHORS = 4  # more failing tests in one run: a shared cause, named by its exception instead

_PY_TEST_ID = re.compile(r"^(?:FAILED|ERROR)\s+(\S+?)::(\S+?)(?:\[[^\]]*\])?(?:\s+-\s|\s*$)", re.MULTILINE)
_PY_TEST_HEADER = re.compile(
    r"^_{3,}\s+(?:ERROR at (?:setup|teardown|call) of\s+)?(?:\w+\.)?(test\w+)(?:\[[^\]]*\])?\s+_{3,}", re.M
)
_TEST_LINES = (
    re.compile(r"^\s*--- FAIL: (Test\w+(?:/\S+)?)", re.MULTILINE),  # go test
    re.compile(r"^test (\S+) \.\.\. FAILED\s*$", re.MULTILINE),  # cargo test
    re.compile(r"^---- (\S+) stdout ----\s*$", re.MULTILINE),  # cargo test, failure details
    re.compile(r"^\s*FAIL \[\s*[\d.]+s\] (?:\(\s*\d+/\d+\) )?\S+ (\S+)\s*$", re.MULTILINE),  # cargo nextest
    re.compile(r"^\s*●\s+(.+?)\s*$", re.MULTILINE),  # jest
    re.compile(r"^\s*(?:[×✕✗]|FAIL)\s+\S+\.(?:test|spec)\.[jt]sx?\s+>\s+(.+?)(?:\s+\d+ms)?\s*$", re.M),  # vitest
    re.compile(r"^\s*[×✕✗]\s+(.+?)(?:\s+\(\d+\s*ms\))?\s*$", re.MULTILINE),  # jest/vitest/mocha lists
    # gradle: JUnit 5 `FooTest > bar() FAILED`, JUnit 4 `com.x.FooTest > bar FAILED`, Kotlin `FooTest > does x FAILED`
    re.compile(r"^\s*(?:[\w$]+\.)*(\w+(?:Test|Tests|IT|Spec)) > (\S.*?)(?:\(.*?\))?(?:\[\d+\])? FAILED\s*$", re.M),
    re.compile(r"^\[ERROR\]\s+(?:Failures:\s+)?(\w+)\.(\w+):\d+", re.MULTILINE),  # maven surefire
    re.compile(r"^rspec \./\S+:\d+ # (.+?)\s*$", re.MULTILINE),  # rspec
    re.compile(r"\b(?:Failure|Error) in test (\S+)", re.MULTILINE),  # dbt
    re.compile(r"^\s*\d+\) \[[^\]]+\] › \S+:\d+:\d+ › (.+?)\s*─*\s*$", re.MULTILINE),  # playwright
    re.compile(r"^\s*Test Case '-\[(?:\w+\.)?(\w+) (\w+)\]' failed\b", re.MULTILINE),  # XCTest (xcodebuild test)
    re.compile(r"^\s*[✘✗] Test (\w+)\(\)(?: in \w+)? (?:failed|recorded an issue)\b", re.MULTILINE),  # Swift Testing
    re.compile(r"^\s*\d+/\d+ Test\s+#\d+: (\S+?)\s*\.*\s*\*{3}(?:Failed|Timeout|Exception)", re.M),  # ctest
    re.compile(r"^\s*\d+ - (\S+) \((?:Failed|Timeout|SEGFAULT|Subprocess aborted|Child aborted|Exception)\)", re.M),
    re.compile(r"^\[  FAILED  \] ([A-Za-z_]\w*\.[A-Za-z_]\w*)(?: \(\d+ ms\))?\s*$", re.MULTILINE),  # googletest
    # dotnet test (VSTest: "  Failed Ns.PartSearchTests.Search_IgnoresAccents [412 ms]"), NUnit's console and
    # Unity's runner ("1) Failed : Ns.InventoryTests.AddItem_Stacks"): the class and the method
    re.compile(r"^\s*Failed\s+(?:[\w`]+\.)*?([\w`]+)\.(\w+)(?:\(.*?\))?\s+\[[\d.]+ ?(?:ms|s|m)\]\s*$", re.M),
    re.compile(r"^\s*\d+\) Failed : (?:[\w`]+\.)*?([\w`]+)\.(\w+)(?:\(.*?\))?\s*$", re.MULTILINE),
    # Pest ("FAILED  Tests\Feature\PriceTest > it prices a route"), Unity for C ("test_nmea.c:74:test_x:FAIL: …")
    re.compile(r"^\s*FAILED\s+(?:[\w]+\\)*(\w+\s+>\s+.+?)\s*$", re.MULTILINE),
    re.compile(r"^\S+\.c(?:c|pp)?:\d+:(\w+):FAIL\b", re.MULTILINE),
    # GUT, Godot's unit tests ("* test_jab_deals_10_damage" / "    [Failed]:  [80] expected to equal [90]")
    re.compile(r"^[*-] (test_\w+)\s*\n\s+\[Failed\]:", re.MULTILINE),
    # ScalaTest, alone or under sbt ("[info] - RawOrdersReader should read every partition *** FAILED ***")
    re.compile(r"^(?:\[info\]\s+)?- (\S.*?) \*\*\* FAILED \*\*\*\s*$", re.MULTILINE),
    # PHPUnit ("There was 1 failure:" / "1) Test_Delivery_Slot_Meta::test_slot_saved_on_checkout"): class, method
    re.compile(r"^\d+\) (?:\w+\\)*(\w+)::(\w+)(?: with data set \S.*)?\s*$", re.MULTILINE),
    # R's testthat ("── Failure ('test-daily.R:18:3'): daily_summary() gives 24 readings per day ────"): the test
    re.compile(r"^\s*── (?:Failure|Error) \('[^']+'\): (\S.*?)\s*─*\s*$", re.MULTILINE),
    # hspec ("  test/Sahand/Db/QueriesSpec.hs:47:5: " / "  1) Sahand.Db.Queries listParcels returns newest first")
    re.compile(r"^\s*\S+Spec\.hs:\d+:\d+:\s*\n\s*\d+\) (\S.*?)\s*$", re.MULTILINE),
)
MAX_NAMES = 3
_ERROR_PROSE = re.compile(
    r"\b(?:error|Error|unknown|Unknown|undefined|not exist|no exported member|missing|cannot find|Cannot find|"
    r"not found|has no (?:attribute|field|member|property)|is not defined|unexpected|Unexpected)\b"
)
_QUOTED_NAME = re.compile(r"['\"`‘“]([A-Za-z_][A-Za-z0-9_]{7,})['\"`’”]")
_COMPOUND = re.compile(r"[a-z][A-Z]|[A-Za-z]_[A-Za-z]")
_PANIC_THREAD = re.compile(r"^thread '([^']+)' panicked at", re.MULTILINE)
_NOT_TEST_THREADS = frozenset(("main", "<unnamed>", "tokio-runtime-worker", "rayon"))
# A single logged line's prefix, pasted alone (a multiplexer's on every line is read past before): Android's
# logcat ("01-05 10:41:22.913 11842 11871 E Unity : "), a logger's time and level ("02:31:07.448 [error] ")
LINE_PREFIX = (
    r"(?:\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\s+\d+\s+\d+\s+[VDIWEFA]\s+[^:\n]{1,40}:\s+|"
    r"\d\d:\d\d:\d\d(?:\.\d+)?\s+\[(?:error|warning|warn|info|debug|notice|critical)\]\s+)"
)
_EXC_LINE = re.compile(
    rf"^\s*{LINE_PREFIX}?(?:E\s+)?(?:Caused by:\s*|Exception in thread \"[^\"]*\"\s+)?"
    r"((?:[a-z_][\w]*\.)*([A-Z]\w*(?:Error|Exception|Exit|Warning|Failure|Fault)))\b(?::|$)",
    re.M,
)
# .NET names an exception by its namespace ("System.InvalidOperationException: …", "Unhandled exception.
# Npgsql.PostgresException: …", an inner one after "---> ")
_DOTNET_EXC = re.compile(
    r"(?:^\s*|---> |Unhandled exception\. )((?:[A-Z]\w*\.)+([A-Z]\w*Exception))(?:\s*\(0x[0-9A-Fa-f]+\))?(?::|\s*$)",
    re.MULTILINE,
)
# PHP names an exception by its namespace with backslashes, alone on a line (Laravel, Pest) or after "PHP Fatal error:
# Uncaught"
_PHP_EXC = re.compile(r"(?:^\s*|Uncaught )((?:[A-Z]\w*\\)+([A-Z]\w*(?:Exception|Error)))\b", re.MULTILINE)
# Elixir prints an exception as "** (DBConnection.OwnershipError) cannot find owner …", anywhere in a line
_ELIXIR_EXC = re.compile(r"\*\* \(((?:[A-Z]\w*\.)*([A-Z]\w*(?:Error|Exception)))\)")
_PYTEST_FAILED = re.compile(r"^E?\s*Failed: (Timeout|DID NOT RAISE)\b", re.MULTILINE)
_CODES = (
    re.compile(r"\berror\[(E\d{4})\]"),  # rustc
    re.compile(r"\berror (TS\d{4,5})\b"),  # tsc
    re.compile(r"\b(E(?:CONNREFUSED|CONNRESET|TIMEDOUT|ADDRINUSE|HOSTUNREACH|PIPE|NOTFOUND|ACCES|NOENT))\b"),
    re.compile(r"\bkind: (ConnectionRefused|ConnectionReset|TimedOut|AddrInUse|BrokenPipe|NotFound)\b"),
    re.compile(r"\b(DATA RACE)\b"),  # go -race
    re.compile(r"\bSQLSTATE\[?(\w{5})\]?"),
    re.compile(r"\b(?:unique|foreign key|check|not-null) constraint \"(\w+)\""),  # Postgres
    re.compile(r"\bError Domain=(\w+ Code=-?\d+)"),  # NSError (Apple platforms)
    re.compile(r"\b(?:CUDA|cuDNN|NCCL) error: ([A-Z][A-Z0-9_]{5,})"),  # CUDA_ERROR_..., CUBLAS_STATUS_...
    re.compile(r"🪪\s+([a-z]+\.[a-zA-Z]+)"),  # PHPStan's error identifier (method.nonObject)
    re.compile(r"\bpanic'ed \((\w+)\)"),  # ESP32's Guru Meditation (LoadProhibited, StoreProhibited)
    # C and C++: the sanitizer's finding, UBSan's kind, the symbol the linker could not find
    re.compile(r"\b((?:Address|Thread|Memory|Leak|UndefinedBehavior)Sanitizer: [a-z][a-z-]+)"),
    re.compile(r": runtime error: ([a-z][a-z ]+?)(?::| of | in |$)", re.MULTILINE),
    re.compile(r"\bundefined (?:reference to|symbol:?) [`'\"]?([\w:~<>]+)"),
)
# The words a tool prints for an error that has a code, and the code: one error, whichever of the two the output
# has ("database is locked" from Python's sqlite3 and Caqti's "SQLITE_BUSY (5)"; curl's "Connection refused" and
# Node's ECONNREFUSED)
_CODE_WORDS = (
    (re.compile(r"\bdatabase (?:file )?is locked\b|\bSQLITE_BUSY\b", re.IGNORECASE), "SQLITE_BUSY"),
    (re.compile(r"\bconnection refused\b", re.IGNORECASE), "ECONNREFUSED"),
    (re.compile(r"\bconnection reset by peer\b", re.IGNORECASE), "ECONNRESET"),
    (re.compile(r"\baddress already in use\b", re.IGNORECASE), "EADDRINUSE"),
    (re.compile(r"\btoo many open files\b|\bEMFILE\b", re.IGNORECASE), "EMFILE"),
    (re.compile(r"\bno space left on device\b|\bENOSPC\b", re.IGNORECASE), "ENOSPC"),
    (re.compile(r"\bdeadlock (?:detected|found)\b|\bER_LOCK_DEADLOCK\b", re.IGNORECASE), "DEADLOCK"),
)
# A value gone non-finite ("step 4120 loss=nan grad_norm=inf", "20 consecutive non-finite losses", "Function
# 'LogBackward0' returned nan values"): a symptom as specific as an exception type, whatever printed it
_NON_FINITE = re.compile(
    r"\b\w+\s*[=:]\s*nan\b|\b\w*loss\w*\s*[=:]\s*-?inf\b|\bnon-finite\b|\breturned nan\b|\bnan values?\b|"
    r"\b(?:is|became|went|turned) nan\b",
    re.IGNORECASE,
)
_FRAMES = (
    re.compile(r'^\s*File "([^"]+)", line \d+', re.MULTILINE),  # python
    re.compile(r"^(\S+\.py):\d+(?::|\s)", re.MULTILINE),  # pytest short
    re.compile(
        r"(?:^|\s|\(|:)((?:\.{0,2}/)?[\w./+-]+\.(?:rs|go|ts|tsx|js|jsx|mjs|java|kt|rb|sql|py|swift|m|mm|c|cc|cpp|cxx|h|hpp)):"
        r"\d+(?::\d+)?"
    ),
    re.compile(r"^((?:\.{0,2}/)?[\w./-]+\.(?:ts|tsx|js|jsx|cs))\(\d+,\d+\)", re.MULTILINE),  # tsc, msbuild
    re.compile(r"\bin ((?:[A-Za-z]:)?[\w\\/. -]+\.(?:cs|fs|vb)):line \d+"),  # .NET stack frames
    re.compile(r"^\s*Line\s+(\S+\.php)\s*$", re.MULTILINE),  # PHPStan's table header names the file
    re.compile(r"^(?:--- )?0x[0-9a-f]+: \w+ at (\S+\.c(?:c|pp)?):\d+", re.MULTILINE),  # ESP-IDF's decoded backtrace
    re.compile(r"\bres://([\w./-]+\.gd):\d+"),  # Godot: a script under the project's root
)
# A JVM frame of the runtime or a well-known library ("at org.springframework.beans….initializeBean(Abstract….java:
# 1812)"): its file names no project module (a JVM stack names the class, not the path)
_LIBRARY_FRAME = re.compile(
    r"^\s*at (?:java|javax|jakarta|sun|jdk|kotlin|kotlinx|reactor|org\.(?:springframework|hibernate|junit|opentest4j|"
    r"testcontainers|flywaydb|apache|mockito|assertj|gradle|postgresql|awaitility)|com\.(?:fasterxml|zaxxer)|"
    r"io\.(?:netty|micrometer))\.\S*\(.*\)\s*$|"
    # Godot's engine source under its own error ("at: load (modules/gdscript/gdscript.cpp:2936)")
    r"^\s*at: \S+ \((?:modules|core|scene|servers|drivers|platform|editor|main)/\S+\.(?:cpp|h):\d+\)\s*$",
    re.MULTILINE,
)
_SUMMARY_COUNT = re.compile(r"\b(\d+) (?:failed|errors?|failing)\b|^Failed!\s+-\s+Failed:\s+(\d+),", re.MULTILINE)
_ENVIRONMENT = re.compile(
    r"(?:^|/)\.?(?:venv|virtualenv|env)/|(?:^|/)bin/|node_modules/|(?:^|/)\.cargo/|(?:^|/)\.rustup/|"
    r"(?:^|/)go/pkg/mod/|(?:^|/)usr/(?:local/)?(?:lib|go)/|(?:^|/)rustc/[0-9a-f]+/|(?:^|/)vendor/"
)
_SITE = re.compile(r".*/(?:site|dist)-packages/")
_STDLIB = re.compile(r"(?:^|/)(?:lib/)?python3\.\d+/(?!site-packages)|^<frozen|^node:|^testing\.go$")
_RUNNER = re.compile(r"^(?:_pytest|pytest|pluggy|pytest_\w+|unittest|asyncio|anyio|trio|greenlet)(?:/|$)")
_TEST_FILE = re.compile(
    r"(?:^|/)(?:tests?|spec|__tests__|testing)/|(?:^|/)(?:test_[^/]+|[^/]+_test|conftest)\.py$|"
    r"\.(?:test|spec)\.[jt]sx?$|_test\.go$|(?:^|/)[A-Z]\w*Tests?\.(?:java|kt|swift|cs|fs)$|_spec\.rb$|"
    r"_test\.(?:cpp|cc|cxx|c)$"
)
GENERIC_EXCEPTIONS_WORDS = (
    "Exception BaseException TypeError ValueError KeyError IndexError AttributeError "
    "RuntimeError NameError NotImplementedError OSError IOError TimeoutError ConnectionError "
    "ValidationError IntegrityError OperationalError ProgrammingError DatabaseError InterfaceError "
    "DataError HTTPError HTTPException HTTPStatusError RequestException ClientError CommandError APIError "
    "ApiError ServiceError SystemExit CalledProcessError FileNotFoundError PermissionError "
    "UnicodeDecodeError JSONDecodeError Failure DeprecationWarning UserWarning Warning Error "
    "ReferenceError SyntaxError RangeError IllegalStateException IllegalArgumentException "
    "NullPointerException InvalidOperationException ArgumentException ArgumentNullException "
    "ArgumentOutOfRangeException NullReferenceException FormatException KeyNotFoundException NotSupportedException "
    "TaskCanceledException OperationCanceledException AggregateException HttpRequestException "
    # Spring's wrappers: the cause under them ("Caused by: …FlywayValidateException") is the failure
    "BeanCreationException UnsatisfiedDependencyException BeanInstantiationException ApplicationContextException "
    # the JVM's and Spark's wrappers and bases ("SparkException: Job aborted due to stage failure: … : <the cause>")
    "SparkException Py4JJavaError RuntimeException ExecutionException CompletionException InvocationTargetException "
    "UndeclaredThrowableException UncheckedIOException UnsupportedOperationException"
)
# A failed assertion (Python's, JUnit 5's and 4's, NUnit's, xUnit.net's, AssertJ's soft assertions): every failing
# test of a project raises one, whatever its cause, and where the library raised it (its own builder) is the same
# for every one, so neither joins anything
ASSERTION_EXCEPTIONS = frozenset(
    (
        "AssertionError",
        "AssertionFailure",
        "AssertionFailedError",
        "ComparisonFailure",
        "MultipleFailuresError",
        "AssertionException",
        "EqualException",
    )
)
GENERIC_EXCEPTIONS = frozenset(GENERIC_EXCEPTIONS_WORDS.split()) | ASSERTION_EXCEPTIONS


@dataclass(frozen=True, slots=True)
class FailureEvidence:
    tests: tuple[str, ...]  # failing test names (no file, no parameters)
    exceptions: tuple[str, ...]  # exception type names, most telling last
    raised_in: str  # the innermost module outside the runner, stdlib, dependencies and tests (a/b/c), or ""
    project_files: tuple[str, ...]  # project (non-test) source files in the traceback
    failed_count: int  # failures the runner's summary reports (0 when it printed none)
    codes: tuple[str, ...] = ()  # error codes: rustc E0382, tsc TS2345, errno ECONNREFUSED, DATA RACE, ...
    test_files: tuple[str, ...] = ()
    in_dependency: bool = False  # `raised_in` is a dependency's module, not the project's
    symptoms: tuple[str, ...] = ()  # what went wrong without an exception naming it: `nan` (a non-finite value)
    names: tuple[str, ...] = ()  # names from code an error message quotes: 'deliveryWindow', `order_total_cents`
    collected: bool = False  # the failing test only collects other code's errors, which are the failure

    def anchors(self) -> tuple[str, ...]:
        """What joins signals by itself (see the module docstring)."""
        out: list[str] = []
        few = 0 < len(self.tests) <= MAX_TESTS_FOR_ANCHORS and self.failed_count <= MAX_TESTS_FOR_ANCHORS
        if few and not self.collected:
            out += [f"test:{name}" for name in self.tests]
        for exc in self.exceptions[-2:]:
            if exc in GENERIC_EXCEPTIONS:
                if self.in_dependency and self.raised_in and exc not in ASSERTION_EXCEPTIONS:
                    out.append(f"exc:{exc}@{self.raised_in}")
                continue
            out.append(f"exc:{exc}")
            if place := self.raised_in or next(iter(self.project_files), ""):
                out.append(f"exc:{exc}@{place}")
        out += [f"symptom:{symptom}" for symptom in self.symptoms]
        out += [f"name:{name}" for name in self.names[:MAX_NAMES]]
        return tuple(dict.fromkeys(out))

    def facts(self) -> tuple[str, ...]:
        """What helps tell problems apart but never joins them alone (see the module docstring)."""
        out: list[str] = []
        place = self.raised_in or next(iter(self.project_files), "")
        if not self.in_dependency:
            out += [f"exc:{exc}@{place}" for exc in self.exceptions[-2:] if exc in GENERIC_EXCEPTIONS and place]
        out += [f"code:{code}" for code in self.codes]
        out += [f"file:{path}" for path in (*self.project_files, *self.test_files)[:6]]
        return tuple(dict.fromkeys(out))


def failure_evidence(output: str, cwd: str = "") -> FailureEvidence:
    """Read a failed command's output. `cwd` (the session's) makes absolute project paths relative, as runners
    print them."""
    output = without_log_prefixes(output)
    if collected := _COLLECTED.findall(output):
        return _with_collected(_read(output, cwd), collected, cwd)
    return _read(output, cwd)


# A test that collects other code's errors fails for whatever it collected ("assert not dagbag.import_errors":
# `AssertionError: {'dags/sync.py': 'Traceback … DefaultCredentialsError: …'}`): the quoted errors and the files
# they are keyed by are the failure, and the test's name, the same for every error it ever collects, joins
# nothing by itself (it stays among the evidence).
_COLLECTED = re.compile(r"AssertionError: \{\s*'([^'\s]+\.\w+)'\s*:\s*'((?:[^'\\]|\\.)*)'")


def collects_errors(text: str) -> bool:
    """Whether `text` shows a test that only collects other code's errors (see `_COLLECTED`)."""
    return _COLLECTED.search(text) is not None


def _with_collected(found: FailureEvidence, collected: list[tuple[str, str]], cwd: str) -> FailureEvidence:
    inner = [_read(error.replace("\\n", "\n").replace("\\'", "'"), cwd) for _path, error in collected]
    keyed = [_with_suffix(m) for m in (_module(path, cwd) for path, _error in collected) if m]
    exceptions = [e for e in found.exceptions if e != "AssertionError"] + [e for i in inner for e in i.exceptions]
    files = [*keyed, *(f for i in inner for f in i.project_files), *found.project_files]
    return replace(
        found,
        exceptions=tuple(dict.fromkeys(exceptions or found.exceptions)),
        raised_in=next((i.raised_in for i in inner if i.raised_in), "") or _strip_suffix(next(iter(keyed), "")),
        project_files=tuple(dict.fromkeys(files)),
        codes=tuple(dict.fromkeys([*found.codes, *(c for i in inner for c in i.codes)])),
        collected=True,
    )


def _read(output: str, cwd: str) -> FailureEvidence:
    tests = [name for _file, name in _PY_TEST_ID.findall(output)]
    tests += _PY_TEST_HEADER.findall(output)
    for pattern in _TEST_LINES:
        for found in pattern.findall(output):
            tests.append(".".join(found) if isinstance(found, tuple) else found)
    tests += [name for name in _PANIC_THREAD.findall(output) if name not in _NOT_TEST_THREADS]
    found = [*_EXC_LINE.findall(output), *_ELIXIR_EXC.findall(output), *_DOTNET_EXC.findall(output)]
    found += _PHP_EXC.findall(output)
    exceptions = [short for _full, short in found]
    exceptions += [f"Failed{kind.replace(' ', '')}" for kind in _PYTEST_FAILED.findall(output)]
    codes = [code for pattern in _CODES for code in pattern.findall(output)]
    codes += [code for pattern, code in _CODE_WORDS if pattern.search(output)]
    framed = _LIBRARY_FRAME.sub("", output)
    modules = [_module(path, cwd) for pattern in _FRAMES for path in pattern.findall(framed)]
    known = [m for m in modules if m and not _RUNNER.match(m) and not _ENVIRONMENT.search(m)]
    libraries = [m for m in known if not _TEST_FILE.search(m)]
    project = [_with_suffix(m) for m in libraries if not m.startswith("site:")]
    raised = next((m for m in reversed(libraries) if _is_python(m)), "") or next(iter(project), "")
    counts = [int(a or b) for a, b in _SUMMARY_COUNT.findall(output)]
    names = list(dict.fromkeys(t for t in (_plain_test(t) for t in tests) if t))
    # Why: Jest names a test by its suite path (`Suite › case`) in one place and by the case alone in another
    names = [n for n in names if not any(other != n and other.endswith(f" {n}") for other in names)]
    return FailureEvidence(
        tests=tuple(names),
        exceptions=tuple(dict.fromkeys(exceptions)),
        raised_in=_strip_suffix(raised.removeprefix("site:")),
        project_files=tuple(dict.fromkeys(project)),
        failed_count=max(counts, default=0),
        codes=tuple(dict.fromkeys(codes)),
        test_files=tuple(dict.fromkeys(m for m in known if _TEST_FILE.search(m) and not m.startswith("site:"))),
        in_dependency=raised.startswith("site:"),
        symptoms=("nan",) if _NON_FINITE.search(output) else (),
        names=quoted_names(output),
    )


_WRAPPED_BEAN = re.compile(r"\bbean (?:with name|named) '[^']*'", re.IGNORECASE)


def quoted_names(output: str) -> tuple[str, ...]:
    """The names from code that an error message quotes ("Property 'deliveryWindow' does not exist", "no exported
    member 'DeliveryWindow'", "Unknown argument `deliveryWindow`"), lower-cased: three failures that quote one
    such name, whatever tool printed them, are about one thing. Only compound names (camelCase, snake_case, eight
    characters or more), so "expected" or "id" join nothing."""
    names = []
    for line in output.splitlines():
        if _ERROR_PROSE.search(line):
            line = _WRAPPED_BEAN.sub("", line)  # the framework's bean a cause surfaced in, the same for every cause
            names += [n.lower() for n in _QUOTED_NAME.findall(line) if _COMPOUND.search(n)]
    return tuple(dict.fromkeys(names))


# A test that failed and then passed when the runner retried it: the run is green, the problem is real.
_FLAKY_LINES = (
    re.compile(r"^\s*FLAKY \d+/\d+ \[[^\]]*\] \S+ (\S+)\s*$", re.MULTILINE),  # cargo nextest
    re.compile(r"^(?:\S+::)?(\S+?)(?:\[[^\]]*\])? RERUN\b", re.MULTILINE),  # pytest-rerunfailures, -v
    re.compile(r"^RERUN \S+::(\S+?)(?:\[[^\]]*\])?\s*$", re.MULTILINE),  # pytest-rerunfailures, -rR summary
    re.compile(r"^\s*\[[^\]]+\] › \S+:\d+:\d+ › (.+?)\s*(?:\(retry #\d+\))?\s*$", re.MULTILINE),  # playwright
)
_PLAYWRIGHT_FLAKY = re.compile(r"^\s*\d+ flaky\s*$((?:\n\s+\[.*)+)", re.MULTILINE)


def flaky_tests(output: str) -> tuple[str, ...]:
    """The tests a passing run reports as flaky (failed, then passed on a retry): nextest `FLAKY`, pytest
    `RERUN`, Playwright's `N flaky` list."""
    names: list[str] = []
    for pattern in _FLAKY_LINES[:3]:
        names += pattern.findall(output)
    if listed := _PLAYWRIGHT_FLAKY.search(output):
        names += _FLAKY_LINES[3].findall(listed.group(1))
    return tuple(dict.fromkeys(t for t in (_plain_test(n) for n in names) if t))


def _module(path: str, cwd: str) -> str:
    """A frame's file relative to the project (`src/parser.rs`, `shop/orders`), site-packages frames as
    `site:pkg/mod`, the standard library as ""."""
    if not path or _STDLIB.search(path):
        return ""
    if _SITE.match(path):
        return "site:" + _SITE.sub("", path).removesuffix(".py")
    if is_windows(path):  # a transcript from Windows: relative to its cwd like a POSIX one
        inside = relative_to(path, cwd)
        path = inside if inside != path else "/".join(agent_path(path).parts[-3:])
    path = path.replace("\\", "/").removeprefix("./")
    if path.startswith("/"):
        root = cwd.rstrip("/") + "/"
        if not (cwd and path.startswith(root)) and _ENVIRONMENT.search(path):
            return ""  # a dependency's file (~/.cargo/registry/…/tokio/…): judged before the path is shortened
        # Why: an absolute project path names the same module as the relative one in another traceback.
        path = path[len(root) :] if cwd and path.startswith(root) else "/".join(path.split("/")[-3:])
    return path.removesuffix(".py")


def _is_python(module: str) -> bool:
    """A frame's module as `_module` writes a Python one: without its `.py`."""
    return "." not in module.rsplit("/", 1)[-1]


def _with_suffix(module: str) -> str:
    """`shop/orders` -> `shop/orders.py` (a Python module), other files as they are."""
    return module + ".py" if _is_python(module) else module


def _strip_suffix(module: str) -> str:
    return module.rsplit(".", 1)[0] if "." in module.rsplit("/", 1)[-1] else module


def _plain_test(name: str) -> str:
    """A test's name without its file, class and parameters: `tests/a.py::TestX::test_y[1]` -> `test_y`,
    `sync::tests::roundtrip` -> `sync::roundtrip`, `Suite › does x` -> `Suite › does x`."""
    name = name.split("[")[0].strip()
    if "::" in name:
        parts = [p for p in name.split("::") if p and p != "tests"]
        if not parts:
            return ""
        # pytest ids end with the function; a Rust path is only unique with its module
        return parts[-1] if parts[-1].startswith("test") else "::".join(parts[-2:])
    return name[:160]
