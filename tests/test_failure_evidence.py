"""What a failed command's output says about which problem it is, in the toolchains people use (cargo, go,
vitest, jest, Gradle, dbt, tsc, Postgres, CI), and the line a person would quote from it.

Anchors join failures by themselves (the same failing test, a specific exception where it was raised); facts
only help tell problems apart (a generic exception, an error code, a file). Getting the split wrong either
merges unrelated failures (a `ValueError` anywhere) or splits one problem into many (a test renamed)."""

from __future__ import annotations

import pytest

from pipeline.agent.failure_line import error_line, says_nothing
from pipeline.learning.problems.failure_evidence import failure_evidence
from pipeline.learning.problems.problem_identity import Evidence, readable_failure
from pipeline.learning.problems.session_signals import mentioned_anchors
from tests import failure_outputs as out


def test_a_failing_test_is_an_anchor_in_every_toolchain() -> None:
    assert failure_evidence(out.CARGO_CONNECTION_REFUSED).anchors() == ("test:sync_push_pull_roundtrip",)
    assert "test:TestStorePutGet" in failure_evidence(out.GO_RACE).anchors()
    assert failure_evidence(out.VITEST).anchors() == ("test:Cart > shows the total in euros",)
    assert failure_evidence(out.JEST).anchors() == ("test:ApiClient › retries on 503",)  # the case, once
    assert failure_evidence(out.DBT).anchors() == ("test:not_null_orders_customer_id",)
    assert failure_evidence(out.GRADLE).anchors()[0] == "test:OrderServiceTest.refundsPartialOrders"
    assert failure_evidence(out.PLAYWRIGHT).anchors() == ("test:booking › book a free slot",)


def test_a_failing_hspec_example_is_an_anchor() -> None:
    output = "  test/Ledger/RateSpec.hs:20:3: \n  1) Ledger.Rate monthly rounds to cents\n       expected: 12"
    assert failure_evidence(output).anchors() == ("test:Ledger.Rate monthly rounds to cents",)


def test_a_failing_testthat_test_is_an_anchor() -> None:
    output = "── Error ('test-map.R:9:3'): map module draws the stations ──\nError in `leaflet()`: not found"
    assert failure_evidence(output).anchors() == ("test:map module draws the stations",)


def test_a_generic_exception_in_the_project_is_a_fact_and_a_specific_one_an_anchor() -> None:
    gradle = failure_evidence(out.GRADLE)
    # IllegalStateException is raised everywhere: it tells problems apart but never joins them alone
    assert not any(a.startswith("exc:") for a in gradle.anchors())
    assert "exc:IllegalStateException@OrderService" in gradle.facts()
    # the test class is a test file, the class under test is the project's
    assert gradle.project_files == ("OrderService.java",) and gradle.test_files == ("OrderServiceTest.java",)


@pytest.mark.parametrize(
    ("output", "code", "file"),
    [
        (out.RUSTC_BORROW, "code:E0382", "file:src/index.rs"),
        (out.TSC, "code:TS2345", "file:src/api/client.ts"),
        (out.GO_RACE, "code:DATA RACE", "file:internal/cache/store.go"),
    ],
)
def test_error_codes_and_files_are_facts(output: str, code: str, file: str) -> None:
    evidence = failure_evidence(output)
    assert code in evidence.facts() and file in evidence.facts()
    assert code not in evidence.anchors()


@pytest.mark.parametrize(
    ("first", "second", "code"),
    [
        ("sqlite3.OperationalError: database is locked", "Request failed: SQLITE_BUSY (5).", "code:SQLITE_BUSY"),
        ("curl: (7) Failed to connect to localhost port 8080: Connection refused", "Error: connect ECONNREFUSED", None),
        ("OSError: [Errno 98] Address already in use", "listen tcp :8080: bind: address already in use", None),
    ],
)
def test_an_error_said_in_words_and_by_its_code_is_one_code(first: str, second: str, code: str | None) -> None:
    """The words one tool prints and the code another prints for the same error are one fact."""
    codes = [set(failure_evidence(text).codes) for text in (first, second)]
    assert codes[0] & codes[1]
    assert code is None or code in failure_evidence(first).facts()


def test_absolute_paths_are_made_relative_to_the_session() -> None:
    evidence = failure_evidence(out.CARGO_CONNECTION_REFUSED, cwd="/home/li/src/tidy")
    assert "file:tests/sync.rs" in evidence.facts()
    assert "code:ConnectionRefused" in evidence.facts()


@pytest.mark.parametrize(
    ("line", "test"),
    [
        ("OrderServiceTest > refundsPartialOrders() FAILED", "OrderServiceTest.refundsPartialOrders"),
        ("com.acme.data.MigrationTest > migrate4To5 FAILED", "MigrationTest.migrate4To5"),
        (
            "SyncViewModelTest > pull to refresh shows bookings FAILED",
            "SyncViewModelTest.pull to refresh shows bookings",
        ),
    ],
)
def test_gradle_names_the_failing_test_in_every_junit_and_kotlin_form(line: str, test: str) -> None:
    assert failure_evidence(f"> Task :app:test FAILED\n\n{line}\n    java.lang.AssertionError\n").tests == (test,)


def test_a_dependencys_file_outside_the_project_is_no_project_file() -> None:
    registry = "/home/li/.cargo/registry/src/index.crates.io-6f17d22bba15001f/tokio-1.40.0/src/runtime/blocking"
    panic = f"thread 'main' panicked at {registry}/shutdown.rs:51:21:\nCannot drop a runtime in a context"
    assert failure_evidence(panic, cwd="/home/li/src/tidy").facts() == ()
    own = "thread 'main' panicked at /home/li/src/tidy/src/rates.rs:9:5:\nboom"
    assert failure_evidence(own, cwd="/home/li/src/tidy").facts() == ("file:src/rates.rs",)


def test_a_line_or_two_of_a_ci_log_is_quoted_without_its_job_step_and_time() -> None:
    log = "plan\tRun terragrunt run-all plan\t2027-10-11T09:37:03Z ##[error]The operation was canceled."
    assert error_line(f"{log}\nsee the run for details") == "##[error]The operation was canceled."


def test_a_cancelled_ci_job_names_nothing_to_join_on() -> None:
    evidence = failure_evidence(out.CI_CANCELLED)
    assert evidence.anchors() == () and evidence.facts() == ()


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        # a panic: the thread and the message, on one line
        (out.CARGO_CONNECTION_REFUSED, "panicked at tests/sync.rs:48:10: called `Result::unwrap()` on an `Err`"),
        (out.CARGO_ASSERTION, "panicked at src/parser.rs:88:9: assertion `left == right` failed"),
        # the error under npm's wrapper, not npm's own complaint
        (out.NPM_WRAPPER, "Error: connect ECONNREFUSED 127.0.0.1:5432"),
        (out.POSTGRES, 'duplicate key value violates unique constraint "orders_pkey"'),
        (out.GRADLE, "java.lang.IllegalStateException: refund exceeds captured amount"),
        (out.RUSTC_BORROW, "error[E0382]: borrow of moved value: `entries`"),
    ],
)
def test_the_error_line_is_the_one_a_person_would_quote(output: str, expected: str) -> None:
    line = error_line(output)
    assert expected in line
    assert not line.startswith(("test result:", "error: test failed", "npm ERR!"))


def test_nextest_names_its_failing_test_and_a_ci_logs_job_and_step_are_read_past() -> None:
    """`gh run view --log-failed` puts "JOB<TAB>STEP<TAB>" before every line: without reading past it, GitHub's
    "Error: Process completed with exit code 100." was the failure, alike in every project's CI."""
    ci = (
        "Exit code 1\n"
        "build\tRun cargo nextest run --profile ci\t        FAIL [   0.212s] ledger::cli export_csv_sorted\n"
        "build\tRun cargo nextest run --profile ci\t-  rent,1200.00\n"
        "build\tRun cargo nextest run --profile ci\t     Summary [   2.004s] 52 tests run: 51 passed, 1 failed\n"
        "build\tRun cargo nextest run --profile ci\tError: Process completed with exit code 100."
    )
    assert error_line(ci) == "FAIL [   0.212s] ledger::cli export_csv_sorted"
    assert failure_evidence(ci).anchors() == ("test:export_csv_sorted",)
    assert says_nothing("Summary [   2.004s] 52 tests run: 51 passed, 1 failed")
    assert says_nothing("Starting 52 tests across 2 binaries")


def test_go_tests_assertion_is_what_failed_not_the_header_that_names_the_test() -> None:
    """ "--- FAIL: TestX (0.03s)" only names the test (its anchor has it); two tests of one package failing for
    different reasons read alike unless the line t.Errorf printed is what failed."""
    wrong_count = (
        "--- FAIL: TestParseTimetable (0.03s)\n    --- FAIL: TestParseTimetable/sailings (0.01s)\n"
        "        parse_test.go:57: got 0 sailings, want 12\nFAIL\nFAIL\texample.com/boats/parse\t0.214s\nFAIL"
    )
    assert error_line(wrong_count) == "parse_test.go:57: got 0 sailings, want 12"
    opens = (
        "--- FAIL: TestExportCalendar (0.08s)\n    golden_test.go:31: testdata/calendar.ics mismatch:\n"
        "        -DTSTART:20270305T003500Z\n        +DTSTART:20270304T003500Z\nFAIL"
    )
    assert error_line(opens).startswith("golden_test.go:31: testdata/calendar.ics mismatch: -DTSTART")


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        # the traceback's header and frames say where, the last line says what
        (
            'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    run()\nKeyboardInterrupt',
            "KeyboardInterrupt",
        ),
        # dbt and Airflow announce a failure on one line and name it on a later one
        (
            '12:01:05  Encountered an error:\nRuntime Error\n  IO Error: Could not open file "wh.duckdb": lock held',
            'IO Error: Could not open file "wh.duckdb": lock held',
        ),
        (
            "[2026-10-20 01:00:03] {taskinstance.py:1225} INFO - Marking task as FAILED. dag_id=daily\n"
            "ValueError: vendor amount '1.234,50' is not a number",
            "ValueError: vendor amount '1.234,50' is not a number",
        ),
        # Gradle announces the failed task and the build around what failed, detekt counts its findings
        (
            "LongMethod - 74/60 - [migrateLegacy] at /p/app/src/main/LegacyPrefs.kt:41:5\n\n"
            "FAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:detekt'.\n"
            "> Analysis failed with 1 weighted issues.\n\n* Try:\n> Run with --stacktrace option.\n\nBUILD FAILED in 19s",
            "LongMethod - 74/60 - [migrateLegacy] at /p/app/src/main/LegacyPrefs.kt:41:5",
        ),
        # Go names the package, then its compiler's findings with no error word: the first is the cause
        (
            "Exit code 1\n# github.com/acme/shop/internal/http\n"
            "internal/http/cart.go:41:22: item.Discount undefined (type db.Item has no field or method Discount)\n"
            "internal/http/cart.go:58:9: unknown field Discount in struct literal of type db.ListItemsRow",
            "internal/http/cart.go:41:22: item.Discount undefined (type db.Item has no field or method Discount)",
        ),
        # Terraform frames a diagnostic and opens it with its summary; request ids and wrapped detail follow
        (
            "Exit code 1\nAcquiring state lock. This may take a few moments...\n╷\n│ Error: Error acquiring the state "
            "lock\n│ \n│ Error message: operation error DynamoDB: PutItem, https response error StatusCode: 400, "
            "RequestID:\n│ Q2W3E4R5T6Y7, ConditionalCheckFailedException: The\n│ conditional request failed\n╵",
            "Error: Error acquiring the state lock",
        ),
        # R: testthat's failed test over its verdicts, rlang's "Error in `f()`:" with its message on the next line,
        # R CMD check's finding over its count
        (
            "══ Failed tests ══\n── Failure ('test-rates.R:7:3'): monthly_rate() rounds to cents ──\n"
            "`res` (`actual`) not equal to 0.12 (`expected`).\n[ FAIL 1 | WARN 0 | SKIP 0 | PASS 9 ]\n"
            "Error: Test failures\nExecution halted",
            "── Failure ('test-rates.R:7:3'): monthly_rate() rounds to cents ──",
        ),
        (
            "ℹ Loading ledger\nError in `parse_amounts()`:\n! 3 amounts could not be parsed.\nBacktrace:\n"
            "    ▆\n 1. └─ledger::parse_amounts(x)\nExecution halted",
            "Error in `parse_amounts()`: ! 3 amounts could not be parsed.",
        ),
        (
            "── R CMD check results ── ledger 0.2.0 ──\nDuration: 40s\n\n"
            "❯ checking for missing documentation entries ... WARNING\n  Undocumented code objects:\n    ‘rate’\n\n"
            "0 errors ✔ | 1 warning ✖ | 0 notes ✔\nError: R CMD check found WARNINGs",
            "❯ checking for missing documentation entries ... WARNING Undocumented code objects: ‘rate’",
        ),
        # GHC opens its error and says it on the next line; hspec's expectation under cabal's verdict
        (
            "[3 of 9] Compiling Ledger.Api\n\nsrc/Ledger/Api.hs:12:5: error: [GHC-88464]\n"
            "    • Variable not in scope: toCents :: Int -> Text\n  |\n12 |   toCents x\n"
            "Error: cabal: Failed to build ledger-0.1.0.0.",
            "src/Ledger/Api.hs:12:5: error: [GHC-88464] Variable not in scope: toCents :: Int -> Text",
        ),
        (
            "Failures:\n\n  test/Ledger/RateSpec.hs:20:3: \n  1) Ledger.Rate monthly rounds to cents\n"
            '       expected: 12\n        but got: 11\n\n  To rerun use: --match "/Ledger.Rate/monthly/"\n\n'
            "Randomized with seed 42\n9 examples, 1 failure\nTest suite ledger-test: FAIL\n"
            "Error: cabal: Tests failed for test:ledger-test from ledger-0.1.0.0.",
            "expected: 12 but got: 11",
        ),
        # Jest's and alcotest's assertion: "Expected:" and "Received:" on two lines, under the runner's headers
        (
            "Testing `ledger'.\nThis run has ID `7F2KQ1'.\n\n  [FAIL]  rates  0  monthly rounds to cents.\n\n"
            "ASSERT monthly rounds to cents\nFAIL monthly rounds to cents\n\nExpected: `12'\nReceived: `11'\n\n"
            "1 failure! in 0.004s. 3 tests run.",
            "Expected: `12' Received: `11'",
        ),
        # Ansible: the failed task's message (and its command's stderr when the message is generic), not the recap
        (
            'TASK [web : Validate config] ***\nfatal: [web-1]: FAILED! => {"changed": false, "msg": "failed to '
            'validate", "stderr": "haproxy: unknown keyword \'bakend\'\\nsecond line"}\n\nPLAY RECAP ***\n'
            "web-1 : ok=2 changed=0 unreachable=0 failed=1",
            "failed to validate haproxy: unknown keyword 'bakend'",
        ),
        (
            "WARNING  Listing 1 violation(s) that are fatal\nyaml[truthy]: Truthy value should be one of [false, true]\n"
            "roles/web/tasks/main.yml:4\n\nFailed: 1 failure(s), 0 warning(s) on 5 files.\n"
            "ERROR: Job failed: exit code 2",
            "yaml[truthy]: Truthy value should be one of [false, true]",
        ),
        # npm's code line and log footer, pnpm's code with its message, a CI step's header, a shell prompt echoed
        (
            "npm error code ERESOLVE\nnpm error ERESOLVE unable to resolve dependency tree\n"
            "npm error A complete log of this run can be found in: /home/u/.npm/_logs/x-debug-0.log",
            "npm error ERESOLVE unable to resolve dependency tree",
        ),
        (
            'Run pnpm install --frozen-lockfile\n ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile"\n'
            "Error: Process completed with exit code 1.",
            'ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile"',
        ),
        (
            "dev@box ~/src/api (main)> alembic upgrade head\nINFO  [alembic] Context impl PostgresqlImpl.\n"
            "Revision 4f2a is present in the database but missing from the versions directory",
            "Revision 4f2a is present in the database but missing from the versions directory",
        ),
    ],
)
def test_a_wrapper_line_is_never_the_error(output: str, expected: str) -> None:
    assert error_line(output) == expected


XCTEST_FAILURE = """Exit code 65
Test Suite 'All tests' started at 2026-03-02 09:12:40.118.
Test Case '-[ShopKitTests.CartTests testDiscountSurvivesRelaunch]' started.
/Users/mia/src/Shop/ShopKitTests/CartTests.swift:52: error: -[ShopKitTests.CartTests testDiscountSurvivesRelaunch] : \
XCTAssertNoThrow failed: threw error "Error Domain=NSCocoaErrorDomain Code=134060 "A Core Data error occurred.""
Test Case '-[ShopKitTests.CartTests testDiscountSurvivesRelaunch]' failed (0.212 seconds).
Test Suite 'All tests' failed at 2026-03-02 09:12:41.020.
\t Executed 14 tests, with 1 failure (0 unexpected) in 1.880 (1.901) seconds

** TEST FAILED **"""


def test_xcodebuild_names_the_failing_xctest_and_the_nserror_not_its_verdict() -> None:
    found = failure_evidence(XCTEST_FAILURE, "/Users/mia/src/Shop")
    assert found.anchors() == ("test:CartTests.testDiscountSurvivesRelaunch",)
    assert "code:NSCocoaErrorDomain Code=134060" in found.facts()
    assert found.test_files == ("ShopKitTests/CartTests.swift",)
    line = error_line(XCTEST_FAILURE)
    assert "testDiscountSurvivesRelaunch" in line and "TEST FAILED" not in line
    archive = '[09:01:02]: ▸ ❌  error: Signing for "ShopWidget" requires a development team.\n[09:01:03]: ▸ ** ARCHIVE FAILED **'
    assert error_line(archive).endswith("requires a development team.")


def test_a_gpu_error_code_is_a_fact_and_a_hint_on_how_to_see_more_is_no_evidence() -> None:
    cuda = "RuntimeError: CUDA error: CUDNN_STATUS_EXECUTION_FAILED\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
    assert "code:CUDNN_STATUS_EXECUTION_FAILED" in failure_evidence(cuda).facts()
    cli = "Error in call to target 'app.Model':\nTypeError: missing argument 'depth'\nSet the environment variable APP_DEBUG=1 for a complete stack trace."
    assert error_line(cli) == "TypeError: missing argument 'depth'"
    hint_only = "Job crashed.\nRun again with --verbose for more details."
    assert "--verbose" not in error_line(hint_only)


def test_a_value_gone_non_finite_is_the_line_that_names_a_training_failure() -> None:
    log = (
        "epoch 11 step 900 train_loss=0.4127 lr=1e-3\n"
        "/opt/app/train.py:40: UserWarning: the given NumPy array is not writable\n"
        "epoch 11 step 950 train_loss=nan lr=1e-3\n"
        "Exit code 1"
    )
    assert error_line(log) == "epoch 11 step 950 train_loss=nan lr=1e-3"
    assert error_line("level=info msg=started\nERROR: disk full") == "ERROR: disk full"  # `info` is no `inf`


def test_a_value_gone_nan_joins_like_a_specific_exception_whoever_printed_it() -> None:
    logged = failure_evidence("epoch 3 batch 120 val_loss=nan acc=0.12\nstopping: 5 non-finite losses in a row")
    anomaly = failure_evidence("RuntimeError: Function 'MulBackward0' returned nan values in its 0th output.")
    assert "symptom:nan" in logged.anchors() and "symptom:nan" in anomaly.anchors()
    fine = failure_evidence("banana=ripe\nlevel=info msg=inference done\nValueError: bad shape")
    assert not any(a.startswith("symptom:") for a in fine.anchors())


def test_a_log_lines_prefix_is_no_part_of_what_failed() -> None:
    logged = Evidence("n", "error", "[2026-02-01 10:00:01,123][seg.loop][ERROR] - worker 3 lost its GPU")
    built = Evidence("m", "error", "[09:14:02]: ▸ ❌  error: Signing requires a development team")
    assert logged.description() == "worker lost its GPU"
    assert built.description() == "error: Signing requires a development team"


def test_c_and_cpp_failures_name_their_test_their_frame_and_their_finding() -> None:
    ctest = (
        "    2/2 Test #2: FrameReaderTest.ManyFrames ......***Timeout  60.02 sec\n\n"
        "The following tests FAILED:\n\t  2 - FrameReaderTest.ManyFrames (Timeout)\n"
    )
    assert failure_evidence(ctest).anchors() == ("test:FrameReaderTest.ManyFrames",)
    gtest = "[  FAILED  ] RingBufferTest.ResizeKeepsOrder (3 ms)\n"
    assert failure_evidence(gtest).tests == ("RingBufferTest.ResizeKeepsOrder",)
    asan = (
        "==4242==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010\n"
        "    #0 0x4a71c4 in sensa::FrameReader::next() /src/libsensa/src/frame_reader.cpp:57:12\n"
    )
    found = failure_evidence(asan, "/src/libsensa")
    assert "code:AddressSanitizer: heap-use-after-free" in found.facts()
    assert "file:src/frame_reader.cpp" in found.facts()
    link = "stats.cpp:(.text+0x4c): undefined reference to `__atomic_fetch_add_8'\ncollect2: error: ld returned 1"
    assert "code:__atomic_fetch_add_8" in failure_evidence(link).facts()


def test_a_failure_is_quoted_without_the_loggers_prefix_and_the_process_tag() -> None:
    logged = "2026-10-15 15:33:12.804 E Tabilog[48390:1f2a0] Tabilog/Store.swift:19: Fatal error: store failed"
    assert readable_failure(logged) == "Tabilog/Store.swift:19: Fatal error: store failed"
    assert readable_failure("KeyError: 'sku'") == "KeyError: 'sku'"


def test_a_name_from_code_quoted_by_an_error_joins_failures_whatever_printed_them() -> None:
    tsc = "app/pedidos/page.tsx(18,31): error TS2339: Property 'deliveryWindow' does not exist on type 'Order'."
    prisma = (
        "PrismaClientValidationError:\nInvalid `prisma.order.update()` invocation\nUnknown argument `deliveryWindow`."
    )
    build = "Type error: Module '\"@quitanda/db\"' has no exported member 'DeliveryWindow'."
    for output in (tsc, prisma, build):
        assert "name:deliverywindow" in failure_evidence(output).anchors()
    assert not any(a.startswith("name:") for a in failure_evidence("AssertionError: expected 'password'").anchors())


def test_a_log_multiplexers_prefix_is_read_past() -> None:
    compose = (
        "worker-1  | [2026-11-05 17:42:26,310: ERROR/ForkPoolWorker-2] Task charge_order raised unexpected\n"
        "worker-1  | Traceback (most recent call last):\n"
        'worker-1  |   File "/app/src/pagamentos/tasks.py", line 16, in charge_order\n'
        'worker-1  | sqlalchemy.exc.IntegrityError: duplicate key value violates unique constraint "payments_order_key"\n'
    )
    assert error_line(compose).startswith("sqlalchemy.exc.IntegrityError: duplicate key")
    found = failure_evidence(compose, "/app")
    assert "file:src/pagamentos/tasks.py" in found.facts() and "code:payments_order_key" in found.facts()


def test_a_test_frameworks_failed_assertion_joins_nothing_by_its_type_or_where_the_framework_raised_it() -> None:
    """Two different problems of one Kotlin project both fail a JUnit 5 assertion: `AssertionFailedError`, raised
    in JUnit's `AssertionFailureBuilder`, is what every failing test raises; the tests themselves tell them apart."""
    junit = (
        "org.opentest4j.AssertionFailedError: expected: <3> but was: <2>\n"
        "\tat org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n"
        "\tat org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)\n"
        "\tat shop.orders.CartTotalsTest.sums the lines(CartTotalsTest.kt:41)"
    )
    anchors = failure_evidence(junit, "/home/ada/shop").anchors()
    assert not any(a.startswith("exc:AssertionFailedError") for a in anchors)


def test_a_journal_lines_prefix_and_a_severity_field_alone_are_no_part_of_what_failed() -> None:
    journal = (
        "Mar 03 02:10:01 web-2 systemd[1]: Starting report.service - nightly report...\n"
        "Mar 03 02:10:04 web-2 python3[8812]: KeyError: 'REPORT_SMTP_HOST'\n"
        "Mar 03 02:10:04 web-2 systemd[1]: report.service: Main process exited, code=exited, status=1/FAILURE"
    )
    assert error_line(journal) == "KeyError: 'REPORT_SMTP_HOST'"
    assert error_line("Mar 03 02:10:04 web-2 python3[8812]: KeyError: 'REPORT_SMTP_HOST'") == (
        "KeyError: 'REPORT_SMTP_HOST'"
    )
    check = "Check 'no_negative_stock' on 'inventory' failed\n  severity: ERROR\n  rows: 3"
    assert error_line(check) == "Check 'no_negative_stock' on 'inventory' failed"


def test_a_log_level_or_a_runners_count_is_never_the_error_and_a_bare_label_takes_what_follows() -> None:
    build_runner = (
        "[INFO] Generating build script completed, took 412ms\n[INFO] Reading cached asset graph completed\n"
        "[SEVERE] Conflicting outputs were detected and the build is unable to prompt for permission to remove them.\n"
        "lib/cart_state.g.dart\npub finished with exit code 78"
    )
    assert error_line(build_runner).startswith("[SEVERE] Conflicting outputs were detected")
    dart_test = (
        "00:20 +10 -1: test/goldens/checkout_button_test.dart: CheckoutButton golden [E]\n"
        '  Golden "goldens/checkout_button.png": Pixel test failed, 2.87% diff detected.\n'
        "00:21 +11 -1: Some tests failed."
    )
    assert "Pixel test failed" in error_line(dart_test)
    grpcurl = "Exit code 1\nERROR:\n  Code: DeadlineExceeded\n  Message: context deadline exceeded"
    assert error_line(grpcurl) == "ERROR: Code: DeadlineExceeded Message: context deadline exceeded"
    testify = (
        "--- FAIL: TestListOrders (12.00s)\n    orders_test.go:88:\n        Error Trace: orders_test.go:88\n"
        "        Error:      Received unexpected error:\n        list orders: timeout: context deadline exceeded\n"
        "        Test:       TestListOrders\nFAIL"
    )
    assert error_line(testify).endswith("Received unexpected error: list orders: timeout: context deadline exceeded")


def test_a_logcat_or_logger_prefix_on_one_pasted_line_and_elixirs_exceptions_name_the_failure() -> None:
    logcat = "01-05 10:41:22.913 11842 11871 E Unity : MissingMethodException: Default constructor not found for type X"
    assert failure_evidence(logcat).exceptions == ("MissingMethodException",)
    assert readable_failure(logcat) == "MissingMethodException: Default constructor not found for type X"
    elixir = "02:31:07.448 [error] Oban job Rewards (id: 17) failed: ** (DBConnection.OwnershipError) cannot find owner"
    assert failure_evidence(elixir).exceptions == ("OwnershipError",)
    assert readable_failure(elixir).startswith("Oban job Rewards")


def test_dotnet_names_its_failing_test_its_frames_and_its_namespaced_exceptions() -> None:
    """VSTest prints the test as `Failed Ns.Class.Method [38 ms]`, the assertion under "Error Message:", frames
    as `in C:\\…\\Money.cs:line 27` (Windows paths, relative to the session's cwd), and a crash's exception by
    its namespace; the closing "Failed!  - Failed: 1, …" is a count, never the error."""
    found = failure_evidence(out.DOTNET_TEST, "C:\\Users\\ana\\code\\billing")
    assert found.anchors() == ("test:InvoiceTotalsTests.Total_RoundsHalfAwayFromZero",)
    assert found.failed_count == 1 and found.project_files == ("src/Billing.Core/Money.cs",)
    assert found.test_files == ("tests/Billing.Tests/Invoices/InvoiceTotalsTests.cs",)
    assert error_line(out.DOTNET_TEST) == "Error Message: Assert.Equal() Failure: Values differ"
    crash = failure_evidence(out.DOTNET_CRASH, "/home/ana/code/billing")
    assert crash.exceptions == ("PostgresException",) and "exc:PostgresException" in crash.anchors()
    nunit = failure_evidence("Tests run: 9, Failures: 1\n1) Failed : Game.Tests.InventoryTests.AddItem_Stacks\n")
    assert nunit.anchors() == ("test:InventoryTests.AddItem_Stacks",)


def test_kubelets_state_events_are_never_the_error_the_pull_failure_above_them_is() -> None:
    """Two pulls failing for different reasons both end in "Error: ErrImagePull": the reason is the problem."""
    events = (
        '  Warning  Failed  2m (x4 over 4m)  kubelet  Failed to pull image "ghcr.io/acme/api:1.2": {why}\n'
        "  Warning  Failed  2m (x4 over 4m)  kubelet  Error: ErrImagePull\n"
        '  Normal   BackOff 30s (x9 over 4m) kubelet  Back-off pulling image "ghcr.io/acme/api:1.2"\n'
    )
    assert error_line(events.format(why="401 Unauthorized")).endswith("401 Unauthorized")
    assert error_line(events.format(why="no match for platform in manifest")).endswith(
        "no match for platform in manifest"
    )


def test_php_c_unity_and_esp32_failures_name_their_test_their_error_and_their_file() -> None:
    pest = failure_evidence(out.PEST)
    assert pest.anchors()[:2] == ("test:InvoiceTest > it totals the lines", "exc:QueryException")
    assert error_line(out.PEST).startswith("Illuminate\\Database\\QueryException SQLSTATE[42S22]")
    phpstan = failure_evidence(out.PHPSTAN)
    assert phpstan.facts() == ("code:method.nonObject", "file:app/Models/Invoice.php")
    assert error_line(out.PHPSTAN) == "31     Cannot call method format() on string."
    unity = failure_evidence(out.UNITY_CTEST, "/home/ana/fw")
    assert "test:test_empty_field" in unity.anchors()
    assert error_line(out.UNITY_CTEST).endswith("test_empty_field:FAIL: Expected 0 Was 44")
    panic = failure_evidence(out.ESP32_PANIC, "/home/ana/fw")
    assert panic.facts() == ("code:StoreProhibited", "file:main/ring.c")
    assert error_line(out.ESP32_PANIC).startswith("Guru Meditation Error")


def test_a_test_that_collects_other_codes_errors_is_identified_by_what_it_collected() -> None:
    """ "assert not dagbag.import_errors" fails for a DAG cycle one week and missing credentials the next: two
    problems, so the test's name joins nothing; the quoted exception and the file it is keyed by do."""
    cycle = (
        "FAILED tests/dags/test_dag_integrity.py::test_no_import_errors\n"
        "E   AssertionError: {'/home/me/wh/dags/shipments.py': 'airflow.exceptions.AirflowDagCycleException: "
        "Cycle detected in DAG: shipments'}\n1 failed, 11 passed in 9.41s"
    )
    credentials = (
        "FAILED tests/dags/test_dag_integrity.py::test_no_import_errors\n"
        "E   AssertionError: {'/home/me/wh/dags/sync.py': 'Traceback (most recent call last):\\n  File "
        '"/home/me/wh/dags/sync.py", line 6, in <module>\\n    client = bigquery.Client()\\n'
        "google.auth.exceptions.DefaultCredentialsError: Your default credentials were not found.\\n'}\n"
        "1 failed, 11 passed in 9.41s"
    )
    first, second = failure_evidence(cycle, "/home/me/wh"), failure_evidence(credentials, "/home/me/wh")
    assert first.tests == second.tests == ("test_no_import_errors",)
    assert first.anchors() == ("exc:AirflowDagCycleException", "exc:AirflowDagCycleException@dags/shipments")
    assert second.anchors() == ("exc:DefaultCredentialsError", "exc:DefaultCredentialsError@dags/sync")
    assert "file:dags/sync.py" in second.facts()
    assert mentioned_anchors(credentials.replace("\\n", " ")) == ("exc:DefaultCredentialsError",)
    assert mentioned_anchors("TestFlight 1.3 crasht beim Scrollen") == ()  # a product, not a Go test


def test_springs_wrapper_and_library_frames_leave_the_cause_and_the_project_frame() -> None:
    """Every Spring start-up failure is a BeanCreationException on 'flywayInitializer' or another framework bean:
    the cause under it and the project's frame are the failure, so a checksum mismatch and a duplicate version
    are two problems."""
    mismatch = (
        "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer'"
        " defined in class path resource [FlywayConfiguration.class]: Validate failed\n"
        "\tat org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.initializeBean("
        "AbstractAutowireCapableBeanFactory.java:1812)\n"
        "\tat com.example.wizyty.WizytyApplication.main(WizytyApplication.java:12)\n"
        "Caused by: org.flywaydb.core.api.exception.FlywayValidateException: Validate failed"
    )
    duplicate = (
        "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer':"
        " Found more than one migration with version 14"
    )
    assert failure_evidence(mismatch).anchors() == (
        "exc:FlywayValidateException",
        "exc:FlywayValidateException@WizytyApplication",
    )
    assert failure_evidence(duplicate).anchors() == ()
    wrapped = (
        "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer'"
    )
    assert Evidence("w", "error", wrapped + ": Found more than one migration with version 14").description() == (
        "Found more than one migration with version"
    )


def test_scalatest_under_sbt_names_its_test_and_the_cause_not_sbts_verdict() -> None:
    found = failure_evidence(out.SBT_SCALATEST)
    assert found.anchors() == ("test:InvoiceWriter should write one file per customer",)
    # Spark's wrapper is no anchor; the line is the cause it wraps, with the file's long path cut to its name
    line = error_line(out.SBT_SCALATEST)
    assert line.startswith("org.apache.spark.sql.execution.QueryExecutionException: Parquet column cannot be")
    assert line.endswith("Column: [net_amount], Expected: decimal(10,2), Found: FLOAT.")
    assert "in file …/part-00000-1f2e3d4c-88f1-4a52-9a57-2b0f7de3e1c9.c000.snappy.parquet." in line


def test_phpunit_names_its_test_and_the_assertion_not_the_wrappers_exit_line() -> None:
    assert failure_evidence(out.PHPUNIT_WP_ENV).anchors() == ("test:Test_Gift_Wrap.test_fee_added_once",)
    assert error_line(out.PHPUNIT_WP_ENV) == "Failed asserting that 2 is identical to 1."


def test_in_a_pasted_log_with_no_error_line_a_warning_is_the_evidence_and_info_lines_are_none() -> None:
    log = (
        "[info] Running MyAppWeb.Endpoint with Bandit 1.6.1 at 127.0.0.1:4000 (http)\n"
        "[info] [Tortoise] myapp: connected to localhost:1883\n"
        "[warning] [Tortoise] myapp: connection closed (:socket_closed), reconnecting in 1000ms\n"
        "[info] [Tortoise] myapp: connected to localhost:1883"
    )
    assert error_line(log, pasted=True).startswith("[warning] [Tortoise] myapp: connection closed")
    assert error_line("INFO server started on :8080\nINFO ready", pasted=True) == ""
    assert error_line("INFO server started on :8080\nINFO ready") == "INFO server started on :8080"


def test_a_line_that_reports_progress_or_success_is_not_what_failed() -> None:
    """A failed `flutter build` opens with "Got dependencies!", a failed `gh run view` with "✓ build in 41s": with
    no error word anywhere, what failed is the first line that reports neither."""
    flutter = (
        "Exit code 1\nGot dependencies!\nRunning Gradle task 'assembleDebug'...\n"
        "Execution failed for task ':app:compileDebugKotlin'.\n"
        "> Inconsistent JVM-target compatibility detected for tasks 'compileDebugJavaWithJavac' (1.8) and "
        "'compileDebugKotlin' (17).\nBUILD FAILED in 22s"
    )
    assert error_line(flutter).startswith("> Inconsistent JVM-target compatibility detected")
    gh = "Exit code 1\n✓ build in 41s\nX test in 1m12s\n  X go test -race ./...\n"
    assert error_line(gh) == "X test in 1m12s"
    wrangler = "▲ [WARNING] Pages functions should not read process.env.\n[wrangler:inf] Ready on http://localhost:8788"
    assert error_line(wrangler, pasted=True).startswith("▲ [WARNING] Pages functions")
    assert says_nothing("**rakesh-s** commented on db/migrations/0007_add_moisture.sql")


def test_pytests_short_summary_gives_way_to_the_line_that_says_its_message_whole() -> None:
    """pytest's "FAILED … - X: message" is cut to the terminal's width; the "E   " line above it says all of the same
    message, and that is what another session's failure will be compared with. A summary with nothing fuller above
    it stays the line."""
    output = (
        'E   duckdb.duckdb.IOException: IO Error: Could not set lock on file "/srv/app/data/app.duckdb": '
        "Conflicting lock is held in /usr/bin/python3.12 (PID 2904)\n"
        "=========================== short test summary info ============================\n"
        "FAILED tests/test_assets.py::test_materialize_all - duckdb.duckdb.IOException: IO Error..."
    )
    assert error_line(output).startswith("E   duckdb.duckdb.IOException: IO Error: Could not set lock on file")
    alone = "E   assert 2 == 3\nFAILED tests/test_x.py::test_y - AssertionError: assert 2 == 3"
    assert error_line(alone) == "FAILED tests/test_x.py::test_y - AssertionError: assert 2 == 3"


def test_a_github_annotation_says_what_failed_where_a_count_does_not() -> None:
    """`mix dialyzer --format github` (and any tool run for GitHub Actions) reports each finding as an annotation
    under its own count: the first annotation is what failed, not "Total errors: 2" nor the runner's exit code."""
    output = (
        "Starting Dialyzer\nTotal errors: 2, Skipped: 0, Unnecessary Skips: 0\n"
        "::warning file=lib/app/client.ex,line=27::Function Req.Request.put_new_header/3 does not exist.\n"
        "::warning file=lib/app/client.ex,line=34::Function Req.Request.merge_options/2 does not exist.\n"
        "done (warnings were emitted)\nError: Process completed with exit code 2."
    )
    assert error_line(output).endswith("::Function Req.Request.put_new_header/3 does not exist.")


def test_a_dialyzer_warning_is_its_place_and_what_it_says() -> None:
    """dialyxir prints each warning as "FILE:LINE:KIND" with what it means on the next line, after its progress
    lines ("Finding suitable PLTs", "PLT is up to date!"): the warning with its message is what failed."""
    output = (
        "Finding suitable PLTs\nChecking PLT...\nPLT is up to date!\nStarting Dialyzer\n"
        "lib/app_web/live/route_live/index.ex:41:call\nThe function call will not succeed.\n\n"
        "Phoenix.LiveView.stream(_socket :: any(), :routes, [any()], [{:reset, true}])\n\nbreaks the contract\n"
        "done (warnings were emitted)"
    )
    expected = "lib/app_web/live/route_live/index.ex:41:call The function call will not succeed."
    assert error_line(output) == expected
    assert error_line(output, pasted=True) == expected
