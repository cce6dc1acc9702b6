"""Selam's `buna-ledger` sessions (b01-b15): a Python 3.12 data pipeline for a coffee exporter's sales and
payments, dbt-duckdb models orchestrated by Dagster, local DuckDB (data/buna.duckdb) for development and MotherDuck
for the shared warehouse, pytest, Great Expectations checks, run nightly by a GitHub Actions schedule. Times are
UTC; Addis Ababa is UTC+3."""

from __future__ import annotations

from fake_output import dbt_run, git_commit, pytest_run
from transcript_kit import BUNA, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "buna-ledger"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=BUNA, project=PROJECT)


PYPROJECT = """[project]
name = "buna-ledger"
version = "0.1.0"
requires-python = ">=3.12"
dependencies = [
    "dagster==1.9.11",
    "dagster-dbt==0.25.11",
    "dagster-duckdb==0.25.11",
    "dbt-duckdb==1.9.1",
    "great-expectations==1.3.5",
]

[dependency-groups]
dev = ["pytest==8.3.4", "ruff==0.9.6"]"""

DB_PY = """import os

import duckdb

DB_PATH = os.environ.get("BUNA_DUCKDB", "data/buna.duckdb")
CONN = duckdb.connect(DB_PATH)


def query(sql: str, params: list | None = None) -> list[tuple]:
    return CONN.execute(sql, params or []).fetchall()"""

PROFILES = """buna_ledger:
  target: dev
  outputs:
    dev:
      type: duckdb
      path: data/buna.duckdb
      threads: 4
    prod:
      type: duckdb
      path: "md:buna_ledger"
      threads: 4"""

DAILY_SALES = """select
    shop_id,
    sold_at::date as sale_date,
    count(*) as n_sales,
    sum(amount_birr) as revenue_birr
from {{ ref('stg_sales') }}
where sold_at::date = current_date - interval 1 day
group by 1, 2"""

NIGHTLY_YML = """name: nightly
on:
  schedule:
    # Do not run this workflow more than once per day: MotherDuck bills per compute.
    - cron: "30 21 * * *"
  workflow_dispatch:
jobs:
  run:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
      - run: uv sync --frozen
      - run: uv run dagster job execute -m buna_ledger.definitions -j nightly
        env:
          MOTHERDUCK_TOKEN: ${{ secrets.MOTHERDUCK_TOKEN }}"""

LOCK_ERR = (
    'IO Error: Could not set lock on file "/home/selam/code/buna-ledger/data/buna.duckdb": Conflicting lock is '
    "held in /home/selam/code/buna-ledger/.venv/bin/python3.12 (PID {pid}) by user selam. See also "
    "https://duckdb.org/docs/connect/concurrency"
)


# ---------------------------------------------------------------------------------------------------------------


def b01() -> Session:
    s = new("b01-dagster-setup", "2028-02-07T11:22:09", "2.1.150", "main", "dagster-dbt-setup-kestrel")
    s.user(
        "ሰላም! buna-ledger ን ዛሬ እንጀምር። የቡና ሽያጭ እና ክፍያ data ነው፣ dbt ከ DuckDB ጋር። ከዳዊት ጋር "
        "ተነጋገርን፣ Airflow ሳይሆን Dagster ይዘን እንቀጥላለን፣ dagster-dbt ን ተጠቀም። MOTHERDUCK_TOKEN .env ፋይል "
        "ውስጥ ብቻ ይቀመጥ፣ code ውስጥ አይግባ።",
        decisions=["Airflow ሳይሆን Dagster ይዘን እንቀጥላለን"],
        rules=[("secrets-dotenv", "MOTHERDUCK_TOKEN .env ፋይል ውስጥ ብቻ ይቀመጥ")],
    )
    s.title("Dagster + dbt project setup")
    s.act(None, Read("pyproject.toml", PYPROJECT))
    s.act(
        None,
        Bash(
            "uv sync && uv run dbt debug --project-dir dbt --profiles-dir dbt | tail -n 3",
            "Resolved 142 packages in 1.84s\nInstalled 137 packages in 3.12s\n"
            "  Connection test: [OK connection ok]\n\nAll checks passed!",
            secs=22,
        ),
    )
    s.act(
        "A Dagster definitions module that loads the dbt manifest as assets:",
        Write(
            "buna_ledger/definitions.py",
            "from dagster import Definitions\nfrom dagster_dbt import DbtCliResource, dbt_assets\n\n"
            "from buna_ledger.project import dbt_project\n\n\n@dbt_assets(manifest=dbt_project.manifest_path)\n"
            'def buna_dbt_assets(context, dbt: DbtCliResource):\n    yield from dbt.cli(["build"], '
            "context=context).stream()\n\n\ndefs = Definitions(assets=[buna_dbt_assets], "
            'resources={"dbt": DbtCliResource(project_dir=dbt_project)})\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster definitions validate -m buna_ledger.definitions",
            "Validation successful for code location buna_ledger.definitions.",
            secs=9,
        ),
    )
    s.say("Dagster loads the dbt project as assets; `.env` is in `.gitignore` and read by Dagster at start-up.")
    s.user(
        "ጥሩ። stg_sales ን ስትጽፍ አንድ ነገር፦\nለምን pandas እንጠቀማለን? DuckDB SQL በቂ ነው፣ transformation ሁሉ በ SQL ይሁን።",
        rules=[("no-pandas", "ለምን pandas እንጠቀማለን? DuckDB SQL በቂ ነው")],
    )
    s.act(
        None,
        Write(
            "dbt/models/staging/stg_sales.sql",
            "select\n    id as sale_id,\n    shop_id,\n    sold_at,\n    amount_birr::decimal(12, 2) as "
            "amount_birr\nfrom {{ source('raw', 'sales') }}\n",
        ),
    )
    s.say("`stg_sales` is plain SQL on the raw source.")
    s.user("amesegnalehu!")
    s.outcome("success", "Dagster + dbt-duckdb project set up, first staging model in SQL")
    return s


def b02() -> Session:
    s = new("b02-nightly-ge-zero-rows", "2028-02-08T12:31:40", "2.1.150", "main", "nightly-zero-rows-ibis")
    s.user(
        "The nightly GitHub Actions run failed last night, this is the end of the log:\n\n```\n"
        "Warning: Node.js 16 actions are deprecated. Please update the following actions to use Node.js 20: "
        "actions/cache@v3.\n2028-02-07T21:34:12Z  Running checkpoint daily_sales_checkpoint\n"
        "2028-02-07T21:34:13Z  expect_table_row_count_to_be_between(min_value=1) on fct_daily_sales: "
        "FAILED (observed 0 rows)\n2028-02-07T21:34:13Z  Checkpoint daily_sales_checkpoint: 1 of 6 "
        "expectations failed\nError: Process completed with exit code 1.\n```\n\nBut when I run the job "
        "locally in the morning the same check passes. The shops definitely sold coffee on the 7th."
    )
    s.title("Nightly checkpoint finds zero daily sales")
    s.act(None, Read("dbt/models/marts/fct_daily_sales.sql", DAILY_SALES))
    s.act(
        None,
        Bash(
            "uv run dbt build --select fct_daily_sales --project-dir dbt --profiles-dir dbt | tail -n 2",
            "09:33:51  \n09:33:51  Done. PASS=2 WARN=0 ERROR=0 SKIP=0 TOTAL=2",
            secs=12,
        ),
    )
    s.say(
        "Locally the model builds and has rows for the 7th. The nightly run starts at 21:30 UTC; the runner's "
        "clock is UTC, yours is Addis time, so `current_date` may not be the same day in both places. I can't "
        "reproduce the zero rows here without running the job as the runner does, though."
    )
    s.user("hmm, እሺ። ዛሬ ሌላ ስራ አለኝ፣ rerun አድርጌ አያለሁ።")
    s.not_person("Please update the following actions to use Node.js 20", "pasted_log")
    s.outcome("failed", "nightly checkpoint saw 0 rows in fct_daily_sales; not reproduced locally, nothing fixed")
    s.hit("tz-session")
    return s


def b03() -> Session:
    s = new("b03-payments-model", "2028-02-09T10:16:22", "2.1.151", "payments", "payments-models-weaver")
    s.user(
        "ዛሬ payments data ን እንጨምር፣ telebirr እና CBE ክፍያዎች። model ስሞች stg_፣ int_፣ fct_ prefix "
        "ይኑራቸው፣ ያለ prefix model አልቀበልም። Also every model gets a yml entry with at least a unique test on "
        "its key, that's how Dawit and I review them.",
        rules=[
            ("model-prefix", "model ስሞች stg_፣ int_፣ fct_ prefix ይኑራቸው"),
            ("model-yml-test", "every model gets a yml entry with at least a unique test on its key"),
        ],
    )
    s.title("Payments staging and fact models")
    s.act(
        None,
        Write(
            "dbt/models/staging/stg_payments.sql",
            "select\n    id as payment_id,\n    sale_id,\n    channel,\n    paid_at,\n    amount_birr::decimal(12, 2) "
            "as amount_birr\nfrom {{ source('raw', 'payments') }}\nwhere channel in ('telebirr', 'cbe')\n",
        ),
        Write(
            "dbt/models/staging/stg_payments.yml",
            "version: 2\nmodels:\n  - name: stg_payments\n    columns:\n      - name: payment_id\n"
            "        data_tests: [unique, not_null]\n",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dbt build --select stg_payments --project-dir dbt --profiles-dir dbt",
            dbt_run(["stg_payments"], at="10:18:40"),
            secs=10,
        ),
    )
    s.say(
        "`stg_payments` builds with unique and not_null tests on `payment_id`. Going forward, every staging model "
        "should select columns explicitly instead of select *, which keeps schema changes in the raw tables from "
        "leaking through."
    )
    s.user(
        "ok. ጥያቄ ብቻ ነው፦ dbt docs ን ሁልጊዜ ማመንጨት አለብን ወይ፣ ወይስ release ላይ ብቻ?",
        non_rules=["dbt docs ን ሁልጊዜ ማመንጨት አለብን ወይ"],
    )
    s.say("Only when someone reads them: generating on release (or in the nightly job, as an artifact) is enough.")
    s.user("ጥሩ፣ አመሰግናለሁ።")
    s.not_person(
        "Going forward, every staging model should select columns explicitly instead of select *", "assistant_text"
    )
    s.outcome("success", "stg_payments with yml tests built")
    return s


def b04() -> Session:
    s = new("b04-dbt-lock", "2028-02-10T13:02:55", "2.1.152", "payments", "duckdb-lock-marabou")
    s.user(
        "I have dagster dev open in the other terminal to watch the assets, and now dbt run in this one fails. "
        "Can you run `dbt run --select stg_payments+` and see?"
    )
    s.title("dbt run cannot lock buna.duckdb")
    s.act(
        None,
        Bash(
            "uv run dbt run --select stg_payments+ --project-dir dbt --profiles-dir dbt",
            "13:03:20  Running with dbt=1.9.2\n13:03:20  Registered adapter: duckdb=1.9.1\n"
            "13:03:21  Encountered an error:\nRuntime Error\n  " + LOCK_ERR.format(pid=48213),
            code=2,
            secs=6,
        ),
    )
    s.act(
        "PID 48213 is the `dagster dev` process; DuckDB allows one writer per file. Stopping it so dbt can run:",
        Denied(
            Bash("pkill -f 'dagster dev'", ""),
            "ይህን አታድርግ፣ dagster dev ን እኔ እየተጠቀምኩበት ነው። why does dagster hold the file at all when it's "
            "not materializing anything?",
        ),
    )
    s.say(
        "Fair question. Something in the Dagster code location opens `data/buna.duckdb` and keeps the connection "
        "for the life of the process; I'd have to find what. For now the only way for dbt to run is with Dagster "
        "stopped."
    )
    s.user("ugh. ok, not today. I'll run dbt from the Dagster UI instead.")
    s.outcome("failed", "dbt run blocked by a DuckDB lock held by dagster dev; killing dagster refused; unresolved")
    s.hit("duckdb-lock")
    return s


def b05() -> Session:
    s = new("b05-rollup-test-late", "2028-02-11T20:47:13", "2.1.152", "rollup", "late-night-rollup-jacana")
    s.user(
        "ማታ ነው፣ ግን test ይሄንን ያሳያል:\n\n```\nFAILED tests/test_rollup.py::test_daily_rollup - "
        "AssertionError: assert datetime.date(2028, 2, 11) == datetime.date(2028, 2, 10)\n```\n\nጠዋት CI ላይ "
        "ያለፈ test ነው። ምን ሆነ?"
    )
    s.title("test_daily_rollup fails late at night")
    s.act(
        None,
        Bash(
            "uv run pytest tests/test_rollup.py -q",
            pytest_run(
                3,
                [
                    (
                        "tests/test_rollup.py::test_daily_rollup",
                        "    def test_daily_rollup(con):\n        rows = con.execute(ROLLUP).fetchall()\n"
                        ">       assert rows[0][1] == date(2028, 2, 10)\n"
                        "E       AssertionError: assert datetime.date(2028, 2, 11) == datetime.date(2028, 2, 10)",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.act(
        "The test's expectation is computed from `date.today()` while the query uses DuckDB's `current_date`. I "
        "can freeze time in the test with freezegun so they agree:",
        Denied(
            Bash("uv add --dev freezegun", ""),
            "no, the test is right, the model is what's wrong somewhere. leave it.",
        ),
    )
    s.say(
        "Understood. What differs is the hour: right now it is 23:47 here and 20:47 UTC, and the rollup's "
        "`current_date` sees the day differently depending on where it is computed."
    )
    s.user("ደክሞኛል፣ ነገ።")
    s.outcome("failed", "test_daily_rollup fails late in the evening (day off by one); freezegun refused; unresolved")
    s.hit("tz-session")
    return s


def explore_publish(child: Session) -> None:
    child.act(
        None,
        Grep(
            "md:|motherduck|publish",
            [
                'buna_ledger/assets/publish.py:14:    con = duckdb.connect("md:buna_ledger")',
                "buna_ledger/assets/publish.py:22:def publish_daily_sales(context) -> None:",
                "buna_ledger/definitions.py:19:    assets=[buna_dbt_assets, publish_daily_sales],",
            ],
            mode="content",
        ),
    )
    child.say(
        "MotherDuck writes:\n- buna_ledger/assets/publish.py:14 connects to md:buna_ledger\n- publish.py:22 "
        "publish_daily_sales copies fct_daily_sales; it depends only on the dbt assets, nothing checks data first\n"
        "- definitions.py:19 registers it."
    )


def b06() -> Session:
    s = new("b06-checkpoint-gate", "2028-02-12T12:12:36", "2.1.153", "publish", "checkpoint-gate-shoebill")
    s.user(
        "Context for today: last time a bad price file from one shop went straight to MotherDuck and the finance "
        "dashboard showed 0 birr revenue for a whole day before anyone noticed. So from now on the Great "
        "Expectations checkpoint runs before anything is published to MotherDuck. Also, decided: MotherDuck for "
        "the shared warehouse, local DuckDB only for dev. Can you find where we publish?",
        rules=[("ge-gate", "the Great Expectations checkpoint runs before anything is published to MotherDuck")],
        decisions=["MotherDuck for the shared warehouse, local DuckDB only for dev"],
    )
    s.title("Gate MotherDuck publishing on the GE checkpoint")
    s.act(
        None,
        Agent(
            "Find MotherDuck publish paths",
            "Find every place in this repository that writes to MotherDuck (md: connections, publish assets) and "
            "what each depends on. Do not modify any files; report every call site with file:line.",
            "Explore",
            explore_publish,
        ),
    )
    s.act(
        "Adding a checkpoint asset between the dbt models and the publish step:",
        Write(
            "buna_ledger/assets/checks.py",
            'import great_expectations as gx\nfrom dagster import asset\n\n\n@asset(deps=["fct_daily_sales"])\n'
            'def daily_sales_checkpoint() -> None:\n    context = gx.get_context(project_root_dir="gx")\n'
            '    result = context.checkpoints.get("daily_sales_checkpoint").run()\n    if not result.success:\n'
            '        raise RuntimeError("daily_sales_checkpoint failed; nothing published")\n',
        ),
        Edit(
            "buna_ledger/assets/publish.py",
            '@asset(deps=["fct_daily_sales"])',
            '@asset(deps=["daily_sales_checkpoint"])',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m buna_ledger.definitions --select daily_sales_checkpoint",
            '2028-02-12 15:16:02 +0300 - dagster - INFO - RUN_SUCCESS - Finished execution of run for "__ASSET_JOB".',
            secs=28,
        ),
    )
    s.say("`publish_daily_sales` now depends on `daily_sales_checkpoint`, which raises when any expectation fails.")
    s.user("አሪፍ! commit.")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Publish to MotherDuck only after the GE checkpoint"',
            git_commit("publish", "ab3f1c8", "Publish to MotherDuck only after the GE checkpoint", 3, 34, 1),
        ),
    )
    s.say("Committed.")
    s.not_person("Do not modify any files; report every call site with file:line.", "subagent_prompt")
    s.outcome("success", "GE checkpoint asset gates the MotherDuck publish, committed")
    return s


def b07() -> Session:
    s = new("b07-pytest-lock", "2028-02-13T10:31:48", "2.1.153", "payments", "pytest-collect-lock-hamerkop")
    s.user("ሰላም። tests/test_assets.py ን ብቻ አሂድልኝ እባክህ፣ payments asset ጨምሬያለሁ።")
    s.title("pytest collection error on test_assets")
    s.act(
        None,
        Bash(
            "uv run pytest tests/test_assets.py -q",
            "==================================== ERRORS ====================================\n"
            "____________________ ERROR collecting tests/test_assets.py _____________________\n"
            "tests/test_assets.py:3: in <module>\n    from buna_ledger.assets.payments import payment_totals\n"
            "buna_ledger/assets/payments.py:4: in <module>\n    from buna_ledger.db import query\n"
            "buna_ledger/db.py:6: in <module>\n    CONN = duckdb.connect(DB_PATH)\n"
            "E   duckdb.duckdb.IOException: " + LOCK_ERR.format(pid=50114) + "\n"
            "=========================== short test summary info ============================\n"
            "ERROR tests/test_assets.py - duckdb.duckdb.IOException: IO Error: Could not set lock on file ...\n"
            "!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!",
            code=2,
        ),
    )
    s.say(
        "The test file can't even be imported: `buna_ledger/db.py` opens `data/buna.duckdb` at import time, and "
        "another process (PID 50114) holds the lock on it. Is `dagster dev` running?"
    )
    s.user("አዎ እየሮጠ ነው። ok I'll close it later and try again, now I have a call.")
    s.outcome("unknown", "pytest collection fails on the DuckDB lock held by another process; person left")
    s.hit("duckdb-lock")
    return s


def b08() -> Session:
    s = new("b08-fct-sales-incremental", "2028-02-14T12:03:27", "2.1.154", "fct-sales", "incremental-sales-oribi")
    s.user(
        "Now fct_sales, the line-level fact. fct_sales stays incremental, a full refresh takes forty minutes on "
        "MotherDuck and the nightly window is short. Merge on sale_id please. I'd like dbt_utils for the "
        "surrogate key.",
        rules=[("sales-incremental", "fct_sales stays incremental, a full refresh takes forty minutes")],
    )
    s.title("Incremental fct_sales")
    s.act(None, Read(".github/workflows/nightly.yml", NIGHTLY_YML))
    s.act(
        None,
        Write(
            "dbt/models/marts/fct_sales.sql",
            "{{ config(materialized='incremental', unique_key='sale_id', incremental_strategy='merge') }}\n\n"
            "select\n    {{ dbt_utils.generate_surrogate_key(['sale_id', 'shop_id']) }} as sales_key,\n    s.*\n"
            "from {{ ref('stg_sales') }} s\n{% if is_incremental() %}\nwhere sold_at > (select max(sold_at) from "
            "{{ this }})\n{% endif %}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dbt build --select fct_sales --project-dir dbt --profiles-dir dbt",
            "12:05:02  Running with dbt=1.9.2\n12:05:03  Encountered an error:\nCompilation Error in model "
            "fct_sales (models/marts/fct_sales.sql)\n  'dbt_utils' is undefined. This can happen when calling a "
            'macro that does not exist. Check for typos and/or install package dependencies with "dbt deps".',
            code=2,
        ),
    )
    s.act(
        "dbt_utils isn't installed in this project yet:",
        Write("dbt/packages.yml", "packages:\n  - package: dbt-labs/dbt_utils\n    version: 1.3.0\n"),
    )
    s.act(
        None,
        Bash(
            "uv run dbt deps --project-dir dbt --profiles-dir dbt && uv run dbt build --select fct_sales "
            "--project-dir dbt --profiles-dir dbt | tail -n 1",
            "12:06:11  Installing dbt-labs/dbt_utils\n12:06:12  Installed from version 1.3.0\n"
            "12:06:30  Done. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3",
            secs=25,
        ),
    )
    s.say(
        "`fct_sales` is incremental with a merge on `sale_id`; dbt_utils 1.3.0 is pinned in `packages.yml`. The "
        "nightly workflow's comment says: \"Do not run this workflow more than once per day: MotherDuck bills "
        'per compute.", so incremental keeps that run short.'
    )
    s.user("ጥሩ። thanks!")
    s.not_person("Do not run this workflow more than once per day: MotherDuck bills per compute.", "tool_output")
    s.one_off("dbt compilation error: 'dbt_utils' is undefined; added packages.yml with dbt_utils 1.3.0 and dbt deps")
    s.outcome("success", "incremental fct_sales with merge on sale_id; dbt_utils installed")
    return s


def b09() -> Session:
    s = new("b09-payments-suite", "2028-02-15T11:02:44", "2.1.155", "payments", "payments-suite-ground-hornbill")
    s.user(
        "ዛሬ ለ payments GE suite እንጻፍ፦ amount_birr ከ 0 በላይ፣ channel telebirr ወይም cbe ብቻ፣ እና "
        "payment_id unique። ከዚያ checkpoint ውስጥ ጨምረው።"
    )
    s.title("Great Expectations suite for payments")
    s.act(
        None,
        Write(
            "gx/suites/payments.py",
            'import great_expectations as gx\n\nsuite = gx.ExpectationSuite(name="payments")\n'
            'suite.add_expectation(gx.expectations.ExpectColumnValuesToBeBetween(column="amount_birr", '
            "min_value=0, strict_min=True))\nsuite.add_expectation(gx.expectations.ExpectColumnValuesToBeInSet("
            'column="channel", value_set=["telebirr", "cbe"]))\n'
            'suite.add_expectation(gx.expectations.ExpectColumnValuesToBeUnique(column="payment_id"))\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run python -m gx.suites.payments && uv run python -m gx.run_checkpoint payments",
            "payments: 3 of 3 expectations passed",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Selam asked for a Great Expectations suite on stg_payments and to add "
        "it to the checkpoint.\nSummary:\n1. gx/suites/payments.py: amount_birr > 0, channel in (telebirr, "
        "cbe), payment_id unique; 3 of 3 pass.\n2. Always run dbt build --select state:modified+ before "
        "pushing.\n3. daily_sales_checkpoint gates publish_daily_sales.\nPending: add the payments suite to the "
        "checkpoint, publish payments to MotherDuck.",
        167300,
        9100,
    )
    s.act(
        None,
        Edit(
            "gx/checkpoints/daily_sales_checkpoint.py",
            "validation_definitions=[daily_sales_vd]",
            "validation_definitions=[daily_sales_vd, payments_vd]",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m buna_ledger.definitions --select 'daily_sales_checkpoint*'",
            '2028-02-15 14:21:40 +0300 - dagster - INFO - RUN_SUCCESS - Finished execution of run for "__ASSET_JOB".',
            secs=31,
        ),
    )
    s.say(
        "The checkpoint now validates payments too, and the publish ran. The dashboard may show the old numbers until the share is refreshed."
    )
    s.user(
        "አዎ፣ turns out MotherDuck shares don't update on their own, you have to run UPDATE SHARE after "
        "publishing. ያንን ትናንት ነው ያወቅኩት። Add it to the publish asset please.",
        lessons=["MotherDuck shares don't update on their own, you have to run UPDATE SHARE after publishing"],
    )
    s.act(
        None,
        Edit(
            "buna_ledger/assets/publish.py",
            '    con.execute("create or replace table buna_ledger.main.fct_daily_sales as select * from '
            'local.fct_daily_sales")',
            '    con.execute("create or replace table buna_ledger.main.fct_daily_sales as select * from '
            'local.fct_daily_sales")\n    con.execute("UPDATE SHARE buna_finance")',
        ),
    )
    s.say("`publish_daily_sales` runs `UPDATE SHARE buna_finance` after copying the table.")
    s.user("lovely, thank you!")
    s.not_person("Always run dbt build --select state:modified+ before pushing.", "compaction_summary")
    s.outcome("success", "payments GE suite added to the checkpoint; publish refreshes the MotherDuck share")
    return s


def b10() -> Session:
    s = new("b10-materialize-spins", "2028-02-16T12:33:05", "2.1.156", "payments", "materialize-spinner-bateleur")
    s.user(
        "ዛሬ ጠዋት Dagster UI ውስጥ payment_totals ን materialize ስጫን ምንም አይሆንም፣ spinner ብቻ ይዞራል፣ "
        "error የለም። ትናንት ማታ VS Code ውስጥ ባለ Python REPL buna.duckdb ን ከፍቼ ትቼው ነበር፣ ምናልባት ግንኙነት "
        "አለው? አሁን REPL ን ዘግቼዋለሁ።"
    )
    s.title("Materialize hangs in the Dagster UI")
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m buna_ledger.definitions --select payment_totals",
            '2028-02-16 15:34:40 +0300 - dagster - INFO - RUN_SUCCESS - Finished execution of run for "__ASSET_JOB".',
            secs=19,
        ),
    )
    s.say(
        "With the REPL closed it materializes from the command line in 19 s. A Python REPL with a read-write "
        "connection to `data/buna.duckdb` would hold the file's lock, and the run would wait on it, but I can't "
        "see this morning's run to be sure."
    )
    s.user("ok, ከ UI ደግሜ እሞክራለሁ።")
    s.outcome("unknown", "materialize hung this morning; works now with the REPL closed; not confirmed from the UI")
    s.hit("duckdb-lock")
    return s


def b11() -> Session:
    s = new("b11-dashboard-split-day", "2028-02-17T11:16:40", "2.1.157", "main", "dashboard-split-day-francolin")
    s.user(
        "Finance asked me something strange. On the MotherDuck dashboard, the Piassa shop's sales from just "
        "after midnight, the people who buy coffee when the night shift ends, are counted on the previous day. "
        "And the daily total for Feb 16 is a bit higher than what the shop counted by hand. ምን ሊሆን ይችላል?"
    )
    s.title("Dashboard counts after-midnight sales on the previous day")
    s.act(
        None,
        Bash(
            "uv run python -c \"import duckdb; c = duckdb.connect('md:buna_ledger', read_only=True); "
            'print(c.execute(\\"select current_setting(\'TimeZone\')\\").fetchone())"',
            "('UTC',)",
        ),
    )
    s.say(
        "The MotherDuck session here reports `UTC`. Sales between 00:00 and 03:00 Addis time are still the "
        "previous day in UTC, so any `::date` on `sold_at` puts them there. I'd want to see where the nightly "
        "job's dates come from before changing a model."
    )
    s.user(
        "ok but I have to give finance an answer by 3 and I can't change the model today. I'll tell them it's known."
    )
    s.outcome("failed", "after-midnight sales counted on the previous day on the dashboard; not fixed")
    s.hit("tz-session")
    return s


def b12() -> Session:
    s = new("b12-duckdb-lock-fix", "2028-02-18T12:21:52", "2.1.158", "db-connections", "duckdb-lock-fix-sunbird")
    s.user(
        "The nightly job locally just failed in a new way, two assets at once:\n\n```\n"
        "dagster._core.errors.DagsterExecutionStepExecutionError: Error occurred while executing op "
        '"payment_totals":\n  File "/home/selam/code/buna-ledger/buna_ledger/db.py", line 6, in <module>\n'
        "    CONN = duckdb.connect(DB_PATH)\nduckdb.duckdb.IOException: " + LOCK_ERR.format(pid=51807) + "\n```\n\n"
        "This is the same lock as the dbt run and the pytest thing, right? Let's fix it properly this time."
    )
    s.title("Stop holding the DuckDB file open")
    s.act(None, Read("buna_ledger/db.py", DB_PY))
    s.act(
        None,
        Grep(
            "from buna_ledger.db import|CONN\\.",
            [
                "buna_ledger/assets/payments.py:4:from buna_ledger.db import query",
                "buna_ledger/assets/prices.py:3:from buna_ledger.db import query",
            ],
            mode="content",
        ),
    )
    s.act(
        "Yes, one cause: `db.py` opens a read-write connection when it is imported and never closes it, so every "
        "process that imports it (dagster dev's code server, each step of the multiprocess executor, pytest) "
        "holds the single DuckDB write lock. Opening a connection per call and closing it:",
        Edit(
            "buna_ledger/db.py",
            "CONN = duckdb.connect(DB_PATH)\n\n\ndef query(sql: str, params: list | None = None) -> list[tuple]:\n"
            "    return CONN.execute(sql, params or []).fetchall()",
            "\n\n@contextmanager\ndef connect(read_only: bool = False) -> Iterator[duckdb.DuckDBPyConnection]:\n"
            "    conn = duckdb.connect(DB_PATH, read_only=read_only)\n    try:\n        yield conn\n    finally:\n"
            "        conn.close()\n\n\ndef query(sql: str, params: list | None = None) -> list[tuple]:\n"
            "    with connect(read_only=True) as conn:\n        return conn.execute(sql, params or []).fetchall()",
        ),
        Edit(
            "buna_ledger/db.py",
            "import os\n\nimport duckdb",
            "import os\nfrom collections.abc import Iterator\nfrom contextlib import contextmanager\n\nimport duckdb",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q && uv run dagster job execute -m buna_ledger.definitions -j nightly 2>&1 | tail -n 1",
            pytest_run(14, secs=6.81) + "\n2028-02-18 15:26:12 +0300 - dagster - INFO - RUN_SUCCESS - Finished "
            'execution of run for "nightly".',
            secs=70,
        ),
    )
    s.say("All 14 tests pass with `dagster dev` running in the other terminal, and the nightly job runs both assets.")
    s.user(
        "yes!! turns out only one process can hold a write lock on a duckdb file, and we were taking it at "
        "import time. commit please.",
        lessons=["only one process can hold a write lock on a duckdb file"],
    )
    s.act(
        None,
        Bash(
            'git commit -am "Open DuckDB connections per call instead of at import"',
            git_commit("db-connections", "4c9e7a2", "Open DuckDB connections per call instead of at import", 1, 14, 4),
        ),
    )
    s.say("Committed.")
    s.outcome("success", "db.py opens and closes connections per call; tests and nightly job pass with dagster dev up")
    s.hit("duckdb-lock", fixed=True)
    return s


def explore_dates(child: Session) -> None:
    child.act(
        None,
        Grep(
            "current_date|now\\(\\)|::date",
            [
                "dbt/models/marts/fct_daily_sales.sql:3:    sold_at::date as sale_date,",
                "dbt/models/marts/fct_daily_sales.sql:7:where sold_at::date = current_date - interval 1 day",
                "dbt/models/marts/fct_payments_daily.sql:5:where paid_at::date = current_date - interval 1 day",
            ],
            mode="content",
        ),
    )
    child.act(
        None,
        Bash(
            "grep -n TimeZone -r dbt/profiles.yml dbt/dbt_project.yml || echo 'no TimeZone setting'",
            "no TimeZone setting",
        ),
    )
    child.say(
        "Date logic:\n- fct_daily_sales.sql:3 and :7 and fct_payments_daily.sql:5 cast timestamptz to date and "
        "compare with current_date; both depend on the DuckDB session TimeZone.\n- No TimeZone setting in "
        "profiles.yml or dbt_project.yml, so the session uses the machine's zone: Africa/Addis_Ababa on the "
        "laptop, UTC on the GitHub runner and in MotherDuck."
    )


def b13() -> Session:
    s = new("b13-timezone-fix", "2028-02-19T11:31:27", "2.1.159", "run-date", "timezone-fix-lammergeier")
    s.user(
        "ሰላም! CI ላይ test_rollup_day_boundary (ትናንት ከ test_daily_rollup ስሙን ቀይሬዋለሁ) ይወድቃል:\n\n```\n"
        "FAILED tests/test_rollup.py::test_rollup_day_boundary - AssertionError: assert 3 == 5\n```\n\n"
        "ያ late-night test ፣ nightly zero rows፣ እና finance ያዩት dashboard ሁሉም አንድ ምክንያት ያላቸው ይመስለኛል። "
        "ዛሬ እንፍታው።"
    )
    s.title("Pin the DuckDB TimeZone and pass the run date")
    s.act(
        "Checking every date computation in the background while I read the profile:",
        Agent(
            "Find date logic in dbt models",
            "List every dbt model that uses current_date, now() or casts a timestamp to date, and say whether "
            "profiles.yml or dbt_project.yml sets a TimeZone. Report file:line; read-only.",
            "Explore",
            explore_dates,
            background=True,
        ),
    )
    s.act(None, Read("dbt/profiles.yml", PROFILES))
    s.agent_done(after=20)
    s.act(
        "One cause: the models take the day from the DuckDB session TimeZone, which is the machine's zone, "
        "UTC in CI and MotherDuck, Addis Ababa on your laptop. Pinning it in both targets, and passing the day "
        "explicitly instead of `current_date`:",
        Edit(
            "dbt/profiles.yml",
            "      path: data/buna.duckdb\n      threads: 4",
            "      path: data/buna.duckdb\n      threads: 4\n      settings:\n        TimeZone: Africa/Addis_Ababa",
        ),
        Edit(
            "dbt/profiles.yml",
            '      path: "md:buna_ledger"\n      threads: 4',
            '      path: "md:buna_ledger"\n      threads: 4\n      settings:\n        TimeZone: Africa/Addis_Ababa',
        ),
        Edit(
            "dbt/models/marts/fct_daily_sales.sql",
            "where sold_at::date = current_date - interval 1 day",
            "where sold_at::date = '{{ var('run_date') }}'::date",
        ),
    )
    s.act(
        None,
        Bash(
            "TZ=UTC uv run pytest tests/test_rollup.py -q && uv run pytest tests/test_rollup.py -q",
            pytest_run(4, secs=2.41) + "\n" + pytest_run(4, secs=2.38),
            secs=14,
        ),
    )
    s.say(
        "The rollup tests pass with the machine in UTC and in Addis time. The Dagster job passes the partition "
        "day as `run_date`."
    )
    s.user(
        "በመጨረሻ! ለራሴ ማስታወሻ፦ DuckDB current_date የ session TimeZone ይከተላል፣ የ machine ን ሰዓት አይደለም የምንፈልገው። commit አድርገው።",
        lessons=["DuckDB current_date የ session TimeZone ይከተላል"],
    )
    s.act(
        None,
        Bash(
            'git commit -am "Pin DuckDB TimeZone to Africa/Addis_Ababa, pass run_date"',
            git_commit("run-date", "d81f2b5", "Pin DuckDB TimeZone to Africa/Addis_Ababa, pass run_date", 3, 9, 2),
        ),
    )
    s.say("Committed.")
    s.outcome("success", "TimeZone pinned in both dbt targets and run_date passed; rollup tests pass in UTC and EAT")
    s.hit("tz-session", fixed=True)
    return s


def b14() -> Session:
    s = new("b14-full-refresh", "2028-02-21T12:04:12", "2.1.161", "fct-sales", "full-refresh-serval")
    s.user(
        "After Tuesday's duplicate rows (the late payments were merged twice and finance saw double revenue for "
        "two shops), Dawit wants fct_sales rebuilt in full every night; the forty minutes are fine, wrong numbers "
        "are not. And like I said before, nothing reaches MotherDuck before the GE checkpoint passes, keep that "
        "order. Also the nightly failed yesterday with `uv: command not found`.",
        rules=[
            ("sales-full-refresh", "Dawit wants fct_sales rebuilt in full every night", "sales-incremental"),
            ("ge-gate", "nothing reaches MotherDuck before the GE checkpoint passes"),
        ],
    )
    s.title("Full refresh for fct_sales, fix nightly uv")
    s.act(
        None,
        Edit(
            "dbt/models/marts/fct_sales.sql",
            "{{ config(materialized='incremental', unique_key='sale_id', incremental_strategy='merge') }}",
            "{{ config(materialized='table') }}",
        ),
    )
    s.act(
        "The workflow calls `uv` but never installs it; the runner image stopped shipping it:",
        Edit(
            ".github/workflows/nightly.yml",
            "      - uses: actions/checkout@v4",
            "      - uses: actions/checkout@v4\n      - uses: astral-sh/setup-uv@v5\n        with:\n"
            '          version: "0.6.14"',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dbt build --select fct_sales --project-dir dbt --profiles-dir dbt | tail -n 1",
            "12:09:40  Done. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3",
            secs=30,
        ),
    )
    s.say(
        "`fct_sales` is a plain table rebuilt on every run, the workflow installs uv with `astral-sh/setup-uv@v5`, "
        "and the order stays dbt → checkpoint → publish."
    )
    s.user("thanks, commit it.")
    s.act(
        None,
        Bash(
            'git commit -am "Rebuild fct_sales in full; install uv in the nightly workflow"',
            git_commit(
                "fct-sales", "0be6d93", "Rebuild fct_sales in full; install uv in the nightly workflow", 2, 5, 1
            ),
        ),
    )
    s.say("Committed.")
    s.one_off("nightly GitHub Actions run fails with uv: command not found; added astral-sh/setup-uv to the workflow")
    s.outcome("success", "fct_sales materialized as a full table; setup-uv added to the nightly workflow")
    return s


def b15() -> Session:
    s = new("b15-secrets-op", "2028-02-25T06:55:31", "2.1.163", "secrets", "op-run-secrets-hoopoe")
    s.user(
        "ሰላም። ትናንት ችግር ነበር፦ .env ፋይሉ በስህተት debug gist ውስጥ ገብቶ MOTHERDUCK_TOKEN ወጣ፣ token ን "
        "revoke አድርጌዋለሁ። ከአሁን በኋላ secrets በ 1Password ውስጥ ብቻ ይኑሩ፣ op run ነው የሚያመጣቸው፣ .env ፋይል "
        "ውስጥ ምንም secret አይኑር። dagster dev ን በ op run እንዲጀምር አስተካክል።",
        rules=[
            (
                "secrets-op",
                "secrets በ 1Password ውስጥ ብቻ ይኑሩ፣ op run ነው የሚያመጣቸው፣ .env ፋይል ውስጥ ምንም secret አይኑር",
                "secrets-dotenv",
            )
        ],
    )
    s.title("Move secrets to 1Password")
    s.act(
        None,
        Write(".env.op", "MOTHERDUCK_TOKEN=op://buna/motherduck/token\nBUNA_DUCKDB=data/buna.duckdb\n"),
        Write(
            "scripts/dev.fish",
            "#!/usr/bin/env fish\nop run --env-file=.env.op -- uv run dagster dev -m buna_ledger.definitions\n",
        ),
    )
    s.act(
        None,
        Bash(
            "chmod +x scripts/dev.fish && git rm --cached -q .env 2>/dev/null; grep -c TOKEN .env || true",
            "0",
        ),
    )
    s.say(
        "`.env.op` holds only 1Password references, `scripts/dev.fish` starts Dagster through `op run`, and `.env` "
        "has no token left."
    )
    s.user("betam tiru. amesegnalehu!")
    s.outcome("success", "secrets moved to 1Password references loaded by op run; dev script added")
    return s


SESSIONS = [b01, b02, b03, b04, b05, b06, b07, b08, b09, b10, b11, b12, b13, b14, b15]
