"""The line of a failed command's output that names the problem: what a person would quote from it ("E
ModuleNotFoundError: No module named 'respx'", "SCRIPT ERROR: Parse Error: …", "error[E0308]: mismatched types"),
not what runners print *about* a failure (summaries, re-run hints, exit codes, stack frames). Used for a
session's summary, its outcome and its problem signals. Pure.
"""

from __future__ import annotations

import re

from pipeline.scrub import scrub

# Most telling first: a failure stated with its message (an exception and what it says, a panic, a compiler
# error code), an exception's name or an assertion, a linter's finding, an error/failure marker, any failure
# word. Each tier says whether its last match (a traceback ends with the cause) or its first (a linter lists
# the findings in file order) is kept.
_ERROR_TIERS = (
    (
        re.compile(
            r"\bpanicked at\b.*\S|^panic: \S|\b[A-Z]\w*(?:Error|Exception)\b:\s*\S|\berror\[E\d{4}\]:|"
            # an exception named by its module, not by its ending ("google.api_core.exceptions.BadRequest: 400 …",
            # "sqlalchemy.exc.OperationalError: …"): what a Python traceback ends with
            r"\b[a-z_]\w*(?:\.\w+)*\.(?:exceptions?|errors?|exc)\.[A-Z]\w*:\s*\S|"
            r"\berror TS\d{4,5}:|\bWARNING: DATA RACE|"
            r"^(?:Error|error):\s.*\bE(?:CONNREFUSED|CONNRESET|TIMEDOUT|ADDRINUSE)\b|"
            # Godot's own report of a script's parse or runtime error (what GUT then only says it skipped)
            r"^SCRIPT ERROR:\s*\S|"
            # Flutter's framework names what was thrown, then says it on the next line (joined below)
            r"^The following .{3,60} was thrown\b[^:]*: \S|"
            # pnpm's error code with its message ("ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with …")
            r"^ERR_PNPM_(?!RECURSIVE_)\w+\s+\S"
        ),
        True,
    ),
    # C and C++: a sanitizer's report ("ERROR: AddressSanitizer: heap-use-after-free on address …", UBSan's
    # "file.cpp:11:13: runtime error: signed integer overflow …") and the linker's missing symbol (collect2's
    # "ld returned 1 exit status" only says the link failed); the first one is the cause
    (
        re.compile(
            r"(?:Address|Thread|Memory|Leak|UndefinedBehavior|Hardware)Sanitizer:\s*[a-z]|: runtime error: \S|"
            r"\bundefined reference to\b|\bundefined symbol\b|\bmultiple definition of\b"
        ),
        False,
    ),
    (
        re.compile(
            r"\b[A-Z]\w*(?:Error|Exception)\b|Traceback|\bFailed: Timeout|\bassertion\b.*\bfailed\b|"
            r"^\s*expect\(.*\)\.\w+\(|\btimed out\b|\bConnection (?:refused|reset)\b|\bFailure in (?:test|model)\b|"
            r"\bexceeded the maximum execution time\b|^[A-Za-z_][\w.]*(?:Interrupt|Exit)\b|"
            # ctest's verdict on one test ("2/2 Test #2: FrameReaderTest.ManyFrames ...***Timeout 60.02 sec"),
            # a debugger's or a shell's report of a crash
            r"\*\*\*(?:Failed|Timeout|Exception)\b|\bProgram received signal SIG[A-Z]+|\bSegmentation fault\b|"
            # dotnet test puts the assertion under a label ("Error Message:" / "Assert.Single() Failure: …");
            # Unity (C) reports a failed assertion as "file.c:74:test_x:FAIL: Expected 'V' Was '0'"; an ESP32 crash
            r"^Error Message:\s*\S|^\S+:\d+:\w+:FAIL\b|\bGuru Meditation Error\b|"
            # PHPUnit's failed assertion, under the test it names ("1) Test_X::test_y" / "Failed asserting that …");
            # testthat's failed test ("── Failure ('test-daily.R:18:3'): daily_summary() gives 24 readings per day")
            r"^Failed asserting\b|^── (?:Failure|Error) \('[^']+'\): \S|"
            # an assertion's own words ("Expected response status code [200] but received 500."), a policy
            # test's failure (conftest: "FAIL - plan.json - main - S3 backend must use dynamodb_table locking")
            r"^Expected\b.{3,100}\bbut (?:received|got|was|found)\b|^FAIL - \S|"
            # hspec's expectation ("expected: 3" / "but got: 5", joined below), molecule's idempotence verdict
            r"^expected: .{1,200} but got: |^CRITICAL Idempotence test failed\b"
        ),
        True,
    ),
    # a value that went non-finite ("step 4120 loss=nan grad_norm=inf", "20 consecutive non-finite losses"):
    # a training run's failure, whether it crashed or kept going
    # (not a logger's level tag: "[wrangler:inf] Ready on …")
    (re.compile(r"\b\w+\s*[=:]\s*-?(?:nan|inf)\b(?!\])|\bnon-finite\b|\breturned nan\b", re.IGNORECASE), True),
    (re.compile(r"^\S+:\d+:\d+: [A-Z]{1,4}\d{2,4}\b"), False),
    # ansible-lint's findings ("no-changed-when: Commands should not change things …", "name[casing]: …")
    (re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?:\[[\w-]+\])?: [A-Z]|^[a-z]+\[[\w-]+\]: \S"), False),
    # R CMD check's findings, in the order it checks ("❯ checking Rd \usage sections ... WARNING" and what it says)
    (re.compile(r"^❯ checking .{3,80} \.\.\. (?:ERROR|WARNING|NOTE)\b"), False),
    # Dart's analyzer ("error • Undefined name 'x' • lib/a.dart:3:1 • undefined_identifier", an error before an
    # info) and credo's findings ("┃ [R] → Modules should have a @moduledoc tag.")
    (re.compile(r"^error • \S"), False),
    (re.compile(r"^(?:warning|info) • \S|^┃\s*\[[A-Z]\] [→↗↘] \S"), False),
    # detekt's findings: "LongMethod - 74/60 - [migrateLegacy] at /p/LegacyPrefs.kt:41:5", "WildcardImport -
    # [Screen.kt:5:1] - …" (Gradle's "> Analysis failed with 1 weighted issues." only counts them)
    (re.compile(r"^[A-Z][A-Za-z]+ - (?:[\d/]+ - )?\[[^\]]+\](?: at \S+:\d+:\d+| - \S)"), False),
    # a compiler's diagnostic with no error word (Go: "internal/http/rooms.go:41:22: room.Capacity undefined");
    # the first one is the cause, the rest follow from it
    (re.compile(r"^[\w./-]+\.[A-Za-z]{1,6}:\d+:\d+: (?!(?:warning|note|info)\b)\S"), False),
    # go test's assertion: t.Errorf prints "golden.go:31: want 14 routes, got 0" under "--- FAIL: TestX (0.04s)",
    # which only names the test (its anchor): two tests of one importer failing differently read alike without it
    (re.compile(r"^[\w./-]+\.go:\d+: \S"), False),
    # cargo nextest's failing test ("FAIL [   0.101s] tally::cli report_json_is_stable"), when its output says no
    # more (a snapshot's diff, a stderr with no panic)
    (re.compile(r"^FAIL \[\s*[\d.]+s\] \S"), False),
    # Dialyzer's warning with what it says, joined below ("lib/app/live/index.ex:41:call The function call will not
    # succeed."): the first is the cause, its "done (warnings were emitted)" only counts them
    (re.compile(r"^[\w./-]+\.exs?:\d+:[a-z_]+ \S"), False),
    # a GitHub Actions annotation a tool printed for the run ("::warning file=lib/x.ex,line=27::Function
    # Req.get!/2 does not exist." under dialyzer's "Total errors: 2"): the first says what failed, the count does not
    (re.compile(r"^::(?:error|warning)\b[^:\n]*::\S"), False),
    (
        re.compile(
            r"\b(?:FAILED|ERROR|error:|fatal:|panic:)|command not found|[Nn]o such file|[Pp]ermission denied|"
            r"^\[?(?:SEVERE|CRITICAL|FATAL)\]?:?\s"  # log levels that name a failure (build_runner's "[SEVERE] …")
        ),
        True,
    ),
    (re.compile(r"error|failed|fatal|not found|denied|\bunable to\b|\bcould not\b", re.IGNORECASE), True),
    (re.compile(r"\bmissing\b", re.IGNORECASE), True),
    # an assertion with no failure word, Jest's or alcotest's "Expected: X" and "Received: Y" (joined below): last,
    # as an error the output names elsewhere ("… failed: database is locked") says more than "Received: `Error"
    (re.compile(r"^Expected: .{1,200} Received: \S"), True),
)
# Claude Code's exit line, progress dots, rules, and what runners print *about* a failure rather than the
# failure itself (summaries, re-run hints, stack frames, build tools' own exit lines).
# A tool saying it did what it was asked (Helm, kubectl, Terraform, package managers, build tools, test runners),
# or a status field it prints ("NAME: fietsplan", "STATUS: deployed", "REVISION: 14")
_SUCCEEDED = re.compile(
    r"(?-i:^[A-Z][A-Z ]{1,30}:\s)|\bhas been (?:upgraded|installed|deployed|created|updated)\b|\bHappy Helming\b|"
    r"\bsuccessfully\b|\b(?:configured|created|unchanged|restarted|rolled out)$|\bApply complete!|"
    r"\bup[ -]to[ -]date\b|^(?:(?:done|ok|success|passed|deployed)\b|[✓✔])|\b(?:all|\d+) (?:tests? )?passed\b|"
    r"\b\d+ (?:tests?|examples?|specs?|doctests?), 0 failures\b|"
    # a server that came up ("[wrangler:inf] Ready on http://localhost:8788", "Listening on 0.0.0.0:4000")
    r"\b(?:ready|listening) on (?:https?://|port |\d|localhost|0\.0\.0\.0|\[::\])",
    re.IGNORECASE,
)
# A log line's own level, written the ways loggers write it ("[info]", "INFO ", "level=debug", "I/Tag:" is not
# matched: too short to be sure)
_QUIET_LEVEL = re.compile(
    r"^(?:\[(?:info|debug|trace|notice)\]|(?-i:INFO|DEBUG|TRACE|NOTICE)\b|level=(?:info|debug|trace)\b)", re.I
)
# (after the mark some tools print before it: wrangler's "▲ [WARNING] …", "⚠ WARN …")
_WARNING_LEVEL = re.compile(
    r"^(?:[▲⚠!]\ufe0f?\s*)?(?:\[warn(?:ing)?\]|(?-i:WARN|WARNING)\b|level=warn(?:ing)?\b)", re.IGNORECASE
)
_NOT_EVIDENCE = re.compile(
    # a severity field alone ("severity: ERROR" under "Asset check 'x' on 'y' failed"): the line above it says what
    r"(?i:^(?:severity|level|log ?level|status)\s*[:=]\s*(?:error|fatal|failed|failure|critical)$)|"
    r"^(?:Error: )?Exit code \d+$|^[.FEsx]+\s*(?:\[\s*\d+%\])?$|^[=_!*~+ -]{8,}|"
    r"^test result: FAILED|^FAILED \((?:failures|errors)=|^=*\s*(?:\d+ (?:failed|passed|errors?|skipped)\b,?\s*)+"
    r"(?:in [\d.]+s)?\s*=*$|^(?:Tests?|Test Files|Test Suites):\s+\d+ failed|^FAIL\s*$|^FAIL\s+\S+\s+[\d.]+s$|"
    r"^error: (?:test failed, to rerun|\d+ targets? failed|could not compile)|^make(?:\[\d+\])?: \*\*\*|"
    r"^npm ERR!|\bELIFECYCLE\b|^(?:error |✖ )?Command failed with exit code|"
    # cargo nextest's own lines around a run ("Starting 37 tests across 3 binaries", "Summary [ 1.8s] 37 tests run:")
    r"^Summary \[\s*[\d.]+s\] \d+ tests? run:|^Starting \d+ tests? across\b|"
    # npm's closing lines ("npm error code EUNSUPPORTEDPROTOCOL" names it, the line after says it), R's and
    # testthat's verdicts ("Error: Test failures", "0 errors ✔ | 1 warning ✖ | 0 notes ✔", "Execution halted"), a
    # GitHub Actions step's header ("Run pnpm install --frozen-lockfile"), a shell prompt echoed with its command
    r"^npm error (?:A complete log\b|code \S+$|Log files were not written\b)|^Error: (?:Test failures|R CMD check "
    r"found \w+)$|^\d+ errors? [✔✖] \| \d+ warnings? [✔✖]|^Execution halted$|^Run [\w./@-]+(?:\s|$)|"
    r"^[\w.-]+@[\w.-]+[: ]\S*.{0,60}?[>$#] \S|^(?:\$|%|PS [A-Za-z]:\\[^>]*>) +[a-z]\S*(?: |$)|"
    # R's cli around what it does: section rules ("══ Checking ═══", "── R CMD check results ──"), "ℹ Loading x"
    r"^(?:══|──|━━)\s(?!(?:Failure|Error) \(')|^ℹ\s|"
    # cabal and hspec around a failure, molecule's and ansible-lint's verdicts, GitLab CI's closing line
    r"^Error: cabal: (?:Tests? failed for|Failed to build)\b|^Test suite \S+: FAIL$|^To rerun use: --match\b|"
    r"^Randomized with seed\b|^CRITICAL Ansible return code was\b|^Failed: \d+ failure\(s\)|"
    r"^ERROR: Job failed: exit code\b|"
    # a review comment's header quoted with it ("**rakesh-s** commented on db/migrations/…sql"): who said it, where
    r"^\*{0,2}@?[\w.-]+\*{0,2} (?:commented|reviewed|requested changes)\b(?: on \S.*)?$|"
    r"^WARNING\s+(?:Listing \d+ violation|An error occurred during the test|Skipping\b)|"
    # Ansible's progress around a failed task: plays, tasks, hosts that were fine, the recap's counts
    r"^(?:PLAY(?: RECAP)?|TASK|RUNNING HANDLER)\b.*\*{3,}$|^(?:ok|changed|skipping|included): \[|"
    r"^\S+\s*: ok=\d+\s+changed=\d+|"
    # sbt's verdicts after ScalaTest's or the compiler's report: "[error] (Test / test) sbt.TestsFailedException:
    # Tests unsuccessful", "[error] Failed tests:", "[error] Total time: …", "[info] *** 1 TEST FAILED ***"
    r"^\[error\] \([\w /:-]+\) \S|^\[error\] (?:Failed tests:|Total time:|Error during tests:)|"
    r"^\[info\] \*\*\* \d+ TESTS? FAILED \*\*\*|^FAILURES!$|^Tests: \d+, Assertions: -?\d+, (?:Failures|Errors)|"
    r"^(?:##\[error\]|Error: )?Process completed with exit|^# [\w.-]+(?:/[\w.-]+)+$|^\s*at\s+\S|^failures:$|"
    r"^note: run with `RUST_BACKTRACE|^=+ short test summary info =+$|^ERR_PNPM_RECURSIVE_\w+|\bDone\. PASS=\d|"
    r"^Traceback \(most recent call last\):?$|^File \"[^\"]+\", line \d+|^(?:[\d:]+\s+)?Encountered an error:?$|"
    r"\bMarking task as (?:FAILED|UP_FOR_RETRY)\b|^(?:[\d:]+\s+)?Completed with \d+ errors?\b|"
    # Gradle and Maven around a failure: "BUILD FAILED in 19s", "* What went wrong:", "Execution failed for task"
    r"^BUILD FAILED in\b|^> Task :\S+ FAILED$|^FAILURE: Build failed with an exception|^\* (?:What went wrong|Try):?$|"
    # Flutter and Dart around a failure: the test runner's verdict, the widget a layout error points at, where
    # the failure images are, the analyzer's and credo's progress lines
    r"^Test failed\. See exception logs above|^The relevant error-causing widget was:?$|^Failure feedback can be "
    r"found at|^\d\d:\d\d \+\d+(?: ~\d+)? -\d+: Some tests failed|^Analyzing [\w.-]+\.\.\.$|"
    r"^Checking \d+ source files|^Please report incorrect results|^Analysis took [\d.]+ seconds|"
    r"^> Run with --|^> Get more help at|^Try (?:re-?running|running) (?:the command )?with --\w+|"
    # Godot and GUT around a script that did not load: the SCRIPT ERROR line above them says why
    r"^ERROR: Failed to load script \"[^\"]+\" with error|^\[ERROR\]:\s+Could not load script\b|"
    r"^\d+ actionable tasks?:|^Execution failed for task '[^']+'\.?$|"
    # Zephyr's twister points at a suite's log after its verdict line ("ERROR   - see: …/handler.log")
    r"^ERROR\s+-\s+see: \S|"
    r"^\[ERROR\] (?:BUILD FAILURE|-> \[Help|Re-run Maven|To see the full stack trace|For more information)|"
    # xcodebuild's verdicts ("** TEST FAILED **", "▸ ** ARCHIVE FAILED **") and a tool's hint on how to see more
    # ("Set the environment variable X=1 for a complete stack trace.", "Run with --stacktrace")
    r"^.{0,30}\*\* [A-Z ]+ FAILED \*\*|"
    r"^.*\bfor (?:a |the )?(?:complete|full|more) (?:stack ?trace|traceback|details|log)\b|"
    # ctest, the C/C++ linker drivers and RSpec around a failure: headers, counts, rerun hints
    r"^The following tests FAILED:?$|^Errors while running CTest|^\d+% tests passed, \d+ tests? failed|"
    r"^Total Test time|^Output from these tests are in:|^Use \"--rerun-failed|"
    r"^collect2: error: ld returned \d+ exit status|"
    r"^(?:clang|clang\+\+|g\+\+|gcc|c\+\+)(?:-\d+)?: error: linker command|"
    r"^ninja: build stopped|^g?make(?:\[\d+\])?: \*\*\*|^Failed examples:?$|^Finished in [\d.]+ (?:seconds?|minutes?)|"
    r"^\d+ examples?, \d+ failures?|"
    # a log level that says nothing failed ("[INFO] Generating build script completed"); the Dart/Flutter test
    # runner's and others' closing count ("00:14 +3 -1: Some tests failed.")
    r"^\[?(?:INFO|DEBUG|TRACE|FINE|FINER|FINEST|CONFIG|NOTICE)\]?:?\s|"
    r"^(?:[\d:]+ \+\d+(?: ~\d+)? -\d+: )?Some tests failed\.?$|"
    # dotnet test around a failure: its verdict line, the labels and markers of a stack trace
    r"^(?:Failed|Passed)!\s+-\s+Failed:|^Stack Trace:$|^--- End of (?:inner exception )?stack trace\b|"
    # PowerShell around its message: the prompt echoed with the command, where it failed, the code and carets
    # echoed, the error record's fields
    r"^PS [A-Za-z]:\\[^>]*>|^At (?:line:\d+ char:\d+|[A-Za-z]:\\.*:\d+ char:\d+)$|^\+ |"
    r"^\+?\s*(?:CategoryInfo|FullyQualifiedErrorId)\s+:|"
    # kubeconform's and similar validators' closing count; kubelet's events that only name the state the failure
    # above them left ("Error: ErrImagePull", "Back-off pulling image …")
    # PHPStan's progress bar, its table's header and closing count; ninja's failed target (the cause follows it)
    r"^\d+/\d+ \[[^\]]*\]\s+\d+%$|^Line\s+\S+\.php$|^\[ERROR\] Found \d+ errors?$|^FAILED: \S+$|"
    r"^Summary: \d+ resources? found|^.*?\bkubelet\s+(?:Error: (?:ErrImagePull|ImagePullBackOff|CrashLoopBackOff)\s*$|"
    r"Back-off (?:pulling image|restarting failed container)\b)"
)
_FRAMED_ERROR = re.compile(r"^│\s*Error: \S")
# A step reported under way or done: "Running Gradle task 'assembleDebug'...", "Got dependencies!"
_CHATTER = re.compile(r"(?:\.\.\.|…|!)\s*$")
_DIALYZER_WARNING = r"^[\w./-]+\.exs?:\d+:[a-z_]+$"
_LABEL_ONLY = re.compile(
    r"(?:^|\b)(?:error|errors|error message|exception|failure|fatal|caused by)\s*:$|^error$|"
    # an exception named alone ("PrismaClientValidationError:"), R's "Error in `check_readings()`:" (its message on
    # the next line, "! 1 reading has a missing `time`"), R CMD check's finding ("❯ checking … ... WARNING")
    r"^[A-Z]\w*(?:Error|Exception):$|^Error in .{1,80}:$|^❯ checking .{3,80} \.\.\. (?:ERROR|WARNING|NOTE)$|"
    r"^The following .{3,60} was thrown\b[^:]*:$|"
    # a PHP exception named alone on its line (Laravel, Pest), its message on the next
    r"^(?:[A-Z]\w*\\)+[A-Z]\w*(?:Exception|Error)$|"
    # Dialyzer's warning (dialyxir: "lib/app/live/index.ex:41:call", then "The function call will not succeed.")
    rf"{_DIALYZER_WARNING}",
    re.IGNORECASE,
)
_FIELD = re.compile(r"^[A-Z][\w ]{0,20}:\s+\S")


def _with_what_follows(lines: list[str], index: int) -> list[str]:
    """A label line with the line after it, and a second one when both are "Field: value" lines."""
    said = lines[index + 1 : index + 3]
    if len(said) == 2 and not (_FIELD.match(said[0]) and _FIELD.match(said[1])):
        said = said[:1]
    return [lines[index], *said]


_BUT_GOT = re.compile(r"^but got: ")
# Jest's, Vitest's and alcotest's assertion: "Expected: 3" and "Received: 5" on two lines
_RECEIVED = re.compile(r"^Received: \S")
# Ansible's failed task: the object after "FAILED! =>" says it in its "msg" ("AnsibleUndefinedVariable: …")
_ANSIBLE_FAILED = re.compile(r"^fatal: \[[^\]]+\]: (?:FAILED|UNREACHABLE)! => \{")
_JSON_FIELD = r'"{}": "((?:[^"\\]|\\.)*)"'
_MSG, _STDERR = re.compile(_JSON_FIELD.format("msg")), re.compile(_JSON_FIELD.format("stderr"))
# What a compiler or tool puts under a line that only opens the error ("file.hs:8:31: error: [GHC-83865]" /
# "• Couldn't match type …", "Error: cabal: Missing dependency on a foreign library:" / "* Missing … C library: pq")
_OPENS_ONLY = re.compile(r"(?::|\berror: \[[\w-]+\])$")


def _expectations_joined(lines: list[str]) -> list[str]:
    """hspec's "expected: X" with its "but got: Y" line on one line, Jest's and alcotest's "Expected: X" with its
    "Received: Y"; Ansible's failed task with its message."""
    out: list[str] = []
    for line in lines:
        got = (_BUT_GOT.match(line) and "expected: ") or (_RECEIVED.match(line) and "Expected: ")
        if got and out and out[-1].startswith(got):
            out[-1] = f"{out[-1]} {line}"
        elif _ANSIBLE_FAILED.match(line) and (msg := _MSG.search(line)):
            # a generic message ("failed to validate") with the command's own first line of stderr after it
            said = [msg[1], *(err[1].split("\\n")[0] for err in [_STDERR.search(line)] if err and err[1])]
            # (without its "fatal: [host]: FAILED!" head: the same for every failed task, it would join them)
            out.append(" ".join(part.replace("\\n", " ") for part in said))
        else:
            out.append(line)
    return out


def _with_next_when_it_only_opens(lines: list[str], line: str) -> str:
    index = lines.index(line)
    if _OPENS_ONLY.search(line) and index + 1 < len(lines) and not _NOT_EVIDENCE.match(lines[index + 1]):
        return f"{line} {lines[index + 1].lstrip('•* ')}"
    return line


def _labels_joined(lines: list[str]) -> list[str]:
    """Each bare label with what it labels on one line, those lines taken into it (see `error_line`)."""
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if _LABEL_ONLY.search(line) and not _NOT_EVIDENCE.match(line):
            joined = _with_what_follows(lines, index)
            out.append(" ".join(joined))
            index += len(joined)
        else:
            out.append(line)
            index += 1
    return out


_OPENS_OBJECT = re.compile(r"\b(?:error|failed|failure|exception)\b.*[{]$", re.IGNORECASE)
_OBJECT_FIELD = re.compile(
    r"^[\"']?(?:message|code|reason|error|msg)[\"']?\s*:\s*(?!null\b|undefined\b)(?P<v>\S.*?),?$"
)


def _objects_joined(lines: list[str]) -> list[str]:
    """Each error object's opening line with its message and code fields, up to its closing brace (the lines
    of the object taken into it)."""
    out: list[str] = []
    index = 0
    while index < len(lines):
        line, index = lines[index], index + 1
        if not _OPENS_OBJECT.search(line):
            out.append(line)
            continue
        fields, end = [], index
        while end < len(lines) and end < index + 12 and not lines[end].startswith("}"):
            if found := _OBJECT_FIELD.match(lines[end]):
                fields.append(found["v"].strip("\"'"))
            end += 1
        if fields:
            out.append(" ".join([line.rstrip("{ "), *fields]))
            index = end + 1  # past the closing brace
        else:
            out.append(line)
    return out


_PANIC_AT = re.compile(r"\bpanicked at \S+:\s*$")
# Flutter's header before what was thrown, the same for every failure: the message after it is the failure
_THROWN = re.compile(r"^The following .{3,60} was thrown\b[^:]*:\s*")


# An exception named inside another's message ("SparkException: Job aborted due to stage failure: … most recent
# failure: Lost task 1.0 …: org.apache…QueryExecutionException: Parquet column cannot be converted …")
_CHAINED = re.compile(r"[:)]\s+(?:[a-z]\w*\.)*[A-Z]\w*(?:Error|Exception):\s+\S")


# A long path in a message ("file:///home/y/work/souq-etl/src/test/resources/raw/orders/dt=…/part-0.parquet"): its
# last part says which file; the rest would push what the message says about it past the cut
MAX_LINE = 300
_LONG_PATH = re.compile(r"(?:file:)?/{1,3}(?:[\w.=@+-]+/){4,}([\w.=@+-]+)")


# An exception's message as a line ends with it: "… - duckdb.duckdb.IOException: IO Error"
_MESSAGE = re.compile(r"(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\b:\s*\S.*$")


def _said_whole(found: list[str], chosen: str) -> str:
    """pytest's short summary cuts to the terminal's width the message its "E   " line gave whole ("FAILED
    t.py::test_x - duckdb.duckdb.IOException: IO Error" after "E   duckdb.duckdb.IOException: IO Error: Could not set
    lock on file …"): of the lines that say the same message, the one that says all of it."""
    said = _MESSAGE.search(chosen)
    if said is None:
        return chosen
    text = said.group(0).removesuffix("...").rstrip()
    fuller = [
        (len(other.group(0)), line)
        for line in found
        if (other := _MESSAGE.search(line)) is not None
        and other.group(0).startswith(text)
        and len(other.group(0)) > len(text)
    ]
    return max(fuller)[1] if fuller else chosen


def _within_cut(line: str) -> str:
    """The line cut to MAX_LINE characters, its long paths first cut to their last part when it is longer."""
    return (_LONG_PATH.sub(r"…/\1", line) if len(line) > MAX_LINE else line)[:MAX_LINE]


def _innermost(line: str) -> str:
    """The line from the last exception its message wraps: what the wrappers' text would push past the cut."""
    chained = list(_CHAINED.finditer(line))
    return line[chained[-1].start() + 1 :].strip() if chained else line


def says_nothing(line: str) -> bool:
    """A line that is about a failure, not the failure: an exit code, a summary, a wrapper's own announcement
    ("Process completed with exit code 1", "Encountered an error:")."""
    return bool(_NOT_EVIDENCE.match(line.strip()))


# journalctl and syslog: "Feb 18 00:45:05 host uv[60114]: " (the time, the host, the process and its pid)
_JOURNAL_PREFIX = r"[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d [\w.-]+ [\w./@-]+(?:\[\d+\])?: ?"
# What log multiplexers put before every line: docker compose's "worker-1  | ", Turborepo's "web:typecheck: ",
# Vercel's and CI's "[17:31:58.311] " / "2026-11-05T17:42:13.884Z ", kubectl's "[pod/api-7d9f/api] "
_MUX_PREFIX = re.compile(
    r"^(?:[\w.-]+\s*\|\s?|[@\w/.-]+:[\w-]+: ?|\[\d{1,2}:\d\d:\d\d(?:\.\d+)?\]\s*|"
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\s+|\[pod/[\w.-]+/[\w.-]+\]\s+|"
    # `gh run view --log-failed`: "JOB<TAB>STEP<TAB>" and the runner's time stamp before every line
    rf"[^\t\n]+\t[^\t\n]+\t(?:\d{{4}}-\d\d-\d\dT[\d:.]+Z ?)?|{_JOURNAL_PREFIX})"
)
MIN_PREFIXED_LINES = 3


def without_log_prefixes(text: str) -> str:
    """The text without the prefix a log multiplexer put before most of its lines (half of them, three at least),
    so a traceback or a compiler's error reads as it was printed: what runs first in each line is then the tool's."""
    lines = text.splitlines()
    prefixed = [line for line in lines if _MUX_PREFIX.match(line)]
    if len(prefixed) < MIN_PREFIXED_LINES or len(prefixed) * 2 < len([line for line in lines if line.strip()]):
        return text
    return "\n".join(_MUX_PREFIX.sub("", line, count=1) for line in lines)


# docker compose's service prefix on a pasted line or two ("web-1  | exec …"), too few for `without_log_prefixes`
_COMPOSE_PREFIX = re.compile(r"^[\w.-]+-\d+\s*\|\s?")
# `gh run view --log`'s "JOB<TAB>STEP<TAB>TIMESTAMP " on a line or two pasted from a longer log, and journalctl's
# "Feb 18 00:45:05 host unit[pid]: " on a line or two: the same for every line of one unit, it would join them all
_CI_LOG_PREFIX = re.compile(rf"^(?:[^\t\n]+\t[^\t\n]+\t\d{{4}}-\d\d-\d\dT[\d:.]+Z ?|{_JOURNAL_PREFIX})")


def error_line(text: str, emails: bool = True, *, pasted: bool = False) -> str:
    """The line of a failed tool's output that names the problem (see the tiers above), else the first line
    that is not Claude Code's `Exit code N`. Output the person `pasted` is no failed command: there a line that
    reports success ("Release "x" has been upgraded. Happy Helming!" under "prod still shows the old page") is
    no failure either, and a paste of nothing else gives ""."""
    lines = [line.strip() for line in without_log_prefixes(scrub(text, emails=emails)).splitlines() if line.strip()]
    lines = [_CI_LOG_PREFIX.sub("", _COMPOSE_PREFIX.sub("", line, count=1), count=1) for line in lines]
    if not lines:
        return ""
    # Why: Rust prints a panic's message on the line after "panicked at FILE:LINE:COL:"
    lines = [
        f"{line} {lines[i + 1]}" if _PANIC_AT.search(line) and i + 1 < len(lines) else line
        for i, line in enumerate(lines)
    ]
    # Why: many tools print a bare label and put the error under it ("ERROR:" / "  Code: DeadlineExceeded" /
    # "  Message: …" from grpcurl, testify's "Error: Received unexpected error:" / "list orders: timeout …")
    lines = _expectations_joined(_labels_joined(lines))
    # Why: a logged error object ("[Error] insert order_events failed {" / "code: '42501'," / "message: 'new row
    # violates row-level security policy …'" / "}"): its message and code are the failure, the line only opens it
    lines = _objects_joined(lines)
    # Terraform, OpenTofu and other HashiCorp tools frame a diagnostic in "╷ │ … ╵" and open it with its
    # summary ("│ Error: Error acquiring the state lock"); what follows is detail (request ids, wrapped text)
    if framed := [line.lstrip("│ ").strip() for line in lines if _FRAMED_ERROR.match(line)]:
        return framed[0][:300]
    for tier, last in _ERROR_TIERS:
        found = [line for line in lines if tier.search(line) and not _NOT_EVIDENCE.match(line)]
        if found:
            chosen = _with_next_when_it_only_opens(lines, _said_whole(found, found[-1] if last else found[0]))
            return _within_cut(_innermost(_THROWN.sub("", chosen)))
    rest = [line for line in lines if not _NOT_EVIDENCE.match(line)]
    # Why by level: in a log with no error line, "[info] Running Endpoint with Bandit …" opens it and says
    # nothing, while "[warning] … connection closed, reconnecting" is what the person pasted it for
    loud = [line for line in rest if not _QUIET_LEVEL.match(line)]
    rest = [line for line in loud if _WARNING_LEVEL.match(line)] or loud or ([] if pasted else rest)
    if pasted:
        return next((line[:300] for line in rest if not _SUCCEEDED.search(line)), "")
    # Why not what reports progress or success: a failed `flutter build` opens with "Got dependencies!" and
    # "Running Gradle task 'assembleDebug'...", a failed `gh run view` with "✓ build in 41s"; what failed follows
    telling = [line for line in rest if not (_SUCCEEDED.search(line) or _CHATTER.search(line))]
    return (telling or rest or lines)[0][:300]
