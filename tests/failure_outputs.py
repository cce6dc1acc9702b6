"""Failure output as real tools print it (cargo, go, vitest, jest, tsc, dbt, Postgres, Gradle, CI), for the
tests of what a failure says about which problem it is."""

CARGO_CONNECTION_REFUSED = """\
   Compiling tidy v0.3.1 (/home/li/src/tidy)
    Finished `test` profile [unoptimized + debuginfo] target(s) in 4.21s
     Running tests/sync.rs (target/debug/deps/sync-3f2a9c1d0b7e6a54)

running 3 tests
test sync_push_pull_roundtrip ... FAILED
test sync_empty_remote ... ok
test sync_conflict_marker ... ok

failures:

---- sync_push_pull_roundtrip stdout ----

thread 'sync_push_pull_roundtrip' panicked at tests/sync.rs:48:10:
called `Result::unwrap()` on an `Err` value: Os { code: 111, kind: ConnectionRefused, message: "Connection refused" }
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


failures:
    sync_push_pull_roundtrip

test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.31s

error: test failed, to rerun pass `--test sync`
"""

CARGO_ASSERTION = """\
running 12 tests
test parser::tests::parses_empty_input ... FAILED
test parser::tests::parses_flags ... ok

failures:

---- parser::tests::parses_empty_input stdout ----

thread 'parser::tests::parses_empty_input' panicked at src/parser.rs:88:9:
assertion `left == right` failed
  left: 1
 right: 0

failures:
    parser::tests::parses_empty_input

test result: FAILED. 11 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s

error: test failed, to rerun pass `--lib`
"""

RUSTC_BORROW = """\
   Compiling tidy v0.3.1 (/home/li/src/tidy)
error[E0382]: borrow of moved value: `entries`
  --> src/index.rs:57:20
   |
52 |     let sorted = sort(entries);
   |                       ------- value moved here
57 |     for e in entries.iter() {
   |              ^^^^^^^ value borrowed here after move

For more information about this error, try `rustc --explain E0382`.
error: could not compile `tidy` (lib) due to 1 previous error
"""

GO_RACE = """\
==================
WARNING: DATA RACE
Write at 0x00c0001a2018 by goroutine 9:
  github.com/acme/api/internal/cache.(*Store).Put()
      /home/dev/api/internal/cache/store.go:41 +0x84

Previous read at 0x00c0001a2018 by goroutine 8:
  github.com/acme/api/internal/cache.(*Store).Get()
      /home/dev/api/internal/cache/store.go:29 +0x5c
==================
--- FAIL: TestStorePutGet (0.01s)
    testing.go:1398: race detected during execution of test
FAIL
FAIL	github.com/acme/api/internal/cache	0.412s
FAIL
"""

VITEST = """\
 RUN  v3.2.4 /home/dev/web

 ✓ src/lib/money.test.ts (6 tests) 4ms
 FAIL  src/components/Cart.test.tsx > Cart > shows the total in euros
AssertionError: expected '12.00 €' to be '12,00 €' // Object.is equality

- Expected
+ Received

- 12,00 €
+ 12.00 €

 ❯ src/components/Cart.test.tsx:41:33

 Test Files  1 failed | 4 passed (5)
      Tests  1 failed | 31 passed (32)
"""

JEST = """\
FAIL src/api/client.test.ts
  ApiClient
    ✕ retries on 503 (12 ms)
    ✓ parses the error body (3 ms)

  ● ApiClient › retries on 503

    expect(received).toBe(expected) // Object.is equality

    Expected: 3
    Received: 1

      55 |     await client.get('/orders');
      56 |
    > 57 |     expect(fetchMock).toHaveBeenCalledTimes(3);
         |                       ^
      at Object.<anonymous> (src/api/client.test.ts:57:29)

Test Suites: 1 failed, 3 passed, 4 total
Tests:       1 failed, 18 passed, 19 total
"""

TSC = """\
src/api/client.ts(12,5): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.
"""

DBT = """\
16:02:11  Finished running 14 data tests in 0 hours 0 minutes and 3.12 seconds (3.12s).
16:02:11  Completed with 1 error and 0 warnings:
16:02:11  Failure in test not_null_orders_customer_id (models/marts/schema.yml)
16:02:11    Got 3 results, configured to fail if != 0
16:02:11  Done. PASS=13 WARN=0 ERROR=1 SKIP=0 TOTAL=14
"""

POSTGRES = """\
psql:migrations/0042_orders.sql:7: ERROR:  duplicate key value violates unique constraint "orders_pkey"
DETAIL:  Key (id)=(1842) already exists.
"""

GRADLE = """\
> Task :app:test FAILED

OrderServiceTest > refundsPartialOrders() FAILED
    java.lang.IllegalStateException: refund exceeds captured amount
        at com.acme.orders.OrderService.refund(OrderService.java:88)
        at com.acme.orders.OrderServiceTest.refundsPartialOrders(OrderServiceTest.java:41)

12 tests completed, 1 failed
"""

CI_CANCELLED = """\
##[error]The job running on runner GitHub Actions 7 has exceeded the maximum execution time of 30 minutes.
##[error]The operation was canceled.
"""

NPM_WRAPPER = """\
> web@0.1.0 test
> vitest run

Error: connect ECONNREFUSED 127.0.0.1:5432
    at TCPConnectWrapper.afterConnect [as oncomplete] (node:net:1607:16)
npm ERR! Test failed.  See above for more details.
"""

PLAYWRIGHT = """\
Running 6 tests using 2 workers

  1) [chromium] › e2e/booking.spec.ts:14:5 › booking › book a free slot ────────────────────────────

    Error: expect(locator).toBeVisible() failed

    Locator: getByRole('button', { name: 'Confirm' })
    Expected: visible
    Timeout: 5000ms

  1 failed
    [chromium] › e2e/booking.spec.ts:14:5 › booking › book a free slot ─────────────────────────────
  5 passed (21.4s)
"""

# dotnet test on Windows (VSTest console logger, xUnit)
DOTNET_TEST = """\
Exit code 1
  Determining projects to restore...
  Billing.Tests -> C:\\Users\\ana\\code\\billing\\tests\\Billing.Tests\\bin\\Debug\\net8.0\\Billing.Tests.dll
Test run for C:\\Users\\ana\\code\\billing\\tests\\Billing.Tests\\bin\\Debug\\net8.0\\Billing.Tests.dll (.NETCoreApp,Version=v8.0)
Starting test execution, please wait...
  Failed Billing.Tests.Invoices.InvoiceTotalsTests.Total_RoundsHalfAwayFromZero [38 ms]
  Error Message:
   Assert.Equal() Failure: Values differ
   Expected: 10.05
   Actual:   10.04
  Stack Trace:
     at Billing.Core.Money.Round(Decimal value) in C:\\Users\\ana\\code\\billing\\src\\Billing.Core\\Money.cs:line 27
     at Billing.Tests.Invoices.InvoiceTotalsTests.Total_RoundsHalfAwayFromZero() in C:\\Users\\ana\\code\\billing\\tests\\Billing.Tests\\Invoices\\InvoiceTotalsTests.cs:line 19
  --- End of stack trace from previous location ---

Failed!  - Failed:     1, Passed:    41, Skipped:     0, Total:    42, Duration: 2 s - Billing.Tests.dll (net8.0)
"""
DOTNET_CRASH = """\
Unhandled exception. Npgsql.PostgresException (0x80004005): 42P01: relation "invoices" does not exist
   at Npgsql.Internal.NpgsqlConnector.ReadMessageLong(Boolean async)
   at Billing.Api.Program.<Main>$(String[] args) in /home/ana/code/billing/src/Billing.Api/Program.cs:line 31
"""

# Laravel's Pest runner, PHPStan, Unity (C) under ctest, and an ESP32 panic (written for the tests)
PEST = """\
   FAIL  Tests\\Feature\\InvoiceTest
  ⨯ it totals the lines

  ────────────────────────────────────────────
   FAILED  Tests\\Feature\\InvoiceTest > it totals the lines
  Illuminate\\Database\\QueryException
  SQLSTATE[42S22]: Column not found: 1054 Unknown column 'net_cents' in 'field list'

  Tests:    1 failed, 3 passed (7 assertions)
"""
PHPSTAN = """\
 12/12 [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%

 ------ ------------------------------------------
  Line   app/Models/Invoice.php
 ------ ------------------------------------------
  31     Cannot call method format() on string.
         🪪  method.nonObject
 ------ ------------------------------------------

 [ERROR] Found 1 error
"""
UNITY_CTEST = """\
1/1 Test #1: test_parser ......................***Failed    0.01 sec
/home/ana/fw/test/host/test_parser.c:40:test_empty_field:FAIL: Expected 0 Was 44
The following tests FAILED:
\t  1 - test_parser (Failed)
Errors while running CTest
"""
ESP32_PANIC = """\
Guru Meditation Error: Core  1 panic'ed (StoreProhibited). Exception was unhandled.
Backtrace: 0x400d1a2b:0x3ffb8f40 0x400d1c1e:0x3ffb8f70
--- 0x400d1a2b: ring_push at /home/ana/fw/main/ring.c:21
"""

# sbt running ScalaTest: the failing test's line, its exception (Spark's wrapper around the cause), then sbt's verdicts
SBT_SCALATEST = """[info] welcome to sbt 1.10.7 (Eclipse Adoptium Java 17.0.13)
[info] compiling 1 Scala source to /home/dev/work/ledger/target/scala-2.13/test-classes ...
[info] InvoiceWriterSpec:
[info] - InvoiceWriter should write one file per customer *** FAILED ***
[info]   org.apache.spark.SparkException: Job aborted due to stage failure: Task 0 in stage 3.0 failed 1 times, most recent failure: Lost task 0.0 in stage 3.0 (TID 7) (10.0.0.5 executor driver): org.apache.spark.sql.execution.QueryExecutionException: Parquet column cannot be converted in file file:///home/dev/work/ledger-pipeline/modules/invoices/src/test/resources/fixtures/invoices/month=2026-10/part-00000-1f2e3d4c-88f1-4a52-9a57-2b0f7de3e1c9.c000.snappy.parquet. Column: [net_amount], Expected: decimal(10,2), Found: FLOAT.
[info]   at org.apache.spark.util.ClosureCleaner$.ensureSerializable(ClosureCleaner.scala:444)
[info] Run completed in 12 seconds, 80 milliseconds.
[info] Tests: succeeded 3, failed 1, canceled 0, ignored 0, pending 0
[info] *** 1 TEST FAILED ***
[error] Failed tests:
[error] 	com.example.ledger.InvoiceWriterSpec
[error] (Test / test) sbt.TestsFailedException: Tests unsuccessful
[error] Total time: 19 s, completed Oct 3, 2026, 9:12:40 AM
"""

# PHPUnit run through wp-env: the assertion under the test it names, then the runners' own lines
PHPUNIT_WP_ENV = """> shop-plugin@2.0.0 test:php
> wp-env run tests-cli --env-cwd=wp-content/plugins/shop-plugin vendor/bin/phpunit
PHPUnit 9.6.22 by Sebastian Bergmann and contributors.

F                                                               1 / 1 (100%)

There was 1 failure:

1) Test_Gift_Wrap::test_fee_added_once
Failed asserting that 2 is identical to 1.

/var/www/html/wp-content/plugins/shop-plugin/tests/phpunit/test-gift-wrap.php:33

FAILURES!
Tests: 1, Assertions: 1, Failures: 1.
✖ Command failed with exit code 1
Command failed with exit code 1
"""
