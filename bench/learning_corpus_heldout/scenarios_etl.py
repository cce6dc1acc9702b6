"""Sessions in `etl`, the data pipeline Lin maintains at work (/home/lin/work/etl): vendor CSV exports ->
DuckDB (local) / Postgres (staging, prod), dbt models, Airflow in docker compose, pytest, polars."""

from __future__ import annotations

from fake_output import ETL, dbt, git_commit, git_push, pytest_out
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, ReadTooBig, Session, Write

LOCK = "duckdb-lock"
AMOUNT = "vendor-amount-format"
REPO = "acme-data/etl"


def etl(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ETL, project="etl")


def lock_error(
    pid: int, proc: str = "/home/lin/.venvs/etl/bin/python3.12", path: str = f"{ETL}/data/warehouse.duckdb"
) -> str:
    return (
        f'IO Error: Could not set lock on file "{path}": Conflicting lock is held in {proc} (PID {pid}) by user '
        f"{'airflow' if path.startswith('/opt') else 'lin'}. See also https://duckdb.org/docs/connect/concurrency"
    )


LOAD_PY_PANDAS = '''"""Load vendor exports into the local warehouse (DuckDB)."""

import duckdb
import pandas as pd

WAREHOUSE = "data/warehouse.duckdb"


def read_export(path: str) -> pd.DataFrame:
    return pd.read_csv(path, sep=";", parse_dates=["booking_date"])


def load_transactions(path: str) -> int:
    df = read_export(path)
    con = duckdb.connect(WAREHOUSE)
    con.execute("INSERT INTO raw.transactions SELECT * FROM df")
    con.close()
    return len(df)'''

LOAD_PY = '''"""Load vendor exports into the local warehouse (DuckDB)."""

import duckdb
import polars as pl

WAREHOUSE = "data/warehouse.duckdb"


def read_export(path: str) -> pl.DataFrame:
    return pl.read_csv(path, separator=";", try_parse_dates=True)


def load_transactions(path: str) -> int:
    df = read_export(path)
    con = duckdb.connect(WAREHOUSE)
    con.execute("INSERT INTO raw.transactions SELECT * FROM df")
    con.close()
    return df.height'''

PG_PY = """def load_month(month: str, service: str = "etl_staging") -> int:
    df = read_export(f"data/raw/tx-{month}.csv").with_columns(
        pl.col("amount").str.replace_all(",", "").cast(pl.Float64)
    )
    with psycopg.connect(service=service) as conn, conn.cursor() as cur:
        cur.executemany(INSERT_SQL, df.rows())
    return df.height"""

STG_SQL = """with src as (
    select * from {{ source('vendor', 'transactions') }}
)
select
    tx_id,
    account_id,
    account_type,
    cast(booking_date as date) as booking_date,
    merchant,
    try_cast(amount as decimal(18, 2)) as amount,
    currency
from src"""


# ------------------------------------------------------------------------------------------------------------------
def e01_dbt_setup() -> Session:
    s = etl("e01-dbt-setup", "2026-10-05T06:10:27", "2.1.180", "feat/stg-transactions", "sunny-gravel-heron")
    s.user(
        "set up teh first staging model, stg_transactions, on top of raw.transactions. "
        "ok going with dbt-duckdb locally and dbt-postgres for prod, same models, two targets in profiles.yml",
        after=0,
        decisions=["going with dbt-duckdb locally and dbt-postgres for prod, same models"],
    )
    s.act(
        None,
        Read(
            "dbt/profiles.yml",
            "etl:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ../data/warehouse.duckdb\n      threads: 4",
            total=7,
        ),
    )
    s.act(
        None,
        Edit(
            "dbt/profiles.yml",
            "      path: ../data/warehouse.duckdb\n      threads: 4",
            "      path: ../data/warehouse.duckdb\n      threads: 4\n    prod:\n      type: postgres\n"
            "      host: \"{{ env_var('PGHOST') }}\"\n      user: etl\n      password: \"{{ env_var('ETL_PG_PASSWORD') }}\"\n"
            "      dbname: warehouse\n      schema: analytics\n      threads: 4",
        ),
    )
    s.act(
        None,
        Write("dbt/models/staging/stg_transactions.sql", STG_SQL + "\n"),
        Write(
            "dbt/models/staging/sources.yml",
            "version: 2\nsources:\n  - name: vendor\n    schema: raw\n    tables:\n      - name: transactions\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cd dbt && dbt run --select stg_transactions",
            dbt(
                "run",
                [
                    (
                        "sql view model main.stg_transactions",
                        "OK",
                        "created sql view model main.stg_transactions in 0.07s",
                    )
                ],
                clock="06:14:52",
            ),
            desc="Build the staging model",
            secs=7,
        ),
    )
    s.say("`stg_transactions` builds on DuckDB; `prod` target added for Postgres.")
    s.user(
        "and the pg loader (etl/pg.py) — just insert with executemany for the postgres load, no need for anything "
        "fancy. staging service is etl_staging",
        rules=[("pg-load", "just insert with executemany for the postgres load")],
    )
    s.act(
        None,
        Write(
            "etl/pg.py",
            '"""Load a month of vendor transactions into Postgres."""\n\nimport psycopg\n\nfrom etl.load import read_export\n\n'
            'INSERT_SQL = "INSERT INTO raw.transactions (tx_id, account_id, account_type, booking_date, merchant, amount, '
            'currency) VALUES (%s, %s, %s, %s, %s, %s, %s)"\n\n\n' + PG_PY + "\n",
        ),
    )
    s.act(
        None,
        Bash(
            "python -m pytest -q tests/test_pg.py",
            pytest_out([("tests/test_pg.py", "..")], secs=1.31),
            desc="Run the loader tests",
            secs=3,
        ),
    )
    s.act(
        None,
        Bash(
            'git add dbt etl/pg.py && git commit -m "stg_transactions model, prod target, pg loader"',
            git_commit("feat/stg-transactions", "4e0b9c1", "stg_transactions model, prod target, pg loader", 5, 88, 0),
            desc="Commit",
        ),
    )
    s.say("Committed 4e0b9c1.")
    s.outcome("success", "staging model builds, loader tests pass, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def e02_dbt_lock() -> Session:
    s = etl("e02-dbt-lock", "2026-10-06T12:00:05", "2.1.180", "feat/stg-transactions", "sunny-gravel-heron")
    s.user("dbt run dies right away, cant open the db?", after=0)
    err = "Runtime Error\n  " + lock_error(48213)
    s.act(
        None,
        Bash(
            "cd dbt && dbt run",
            "12:00:41  Running with dbt=1.8.7\n12:00:41  Registered adapter: duckdb=1.8.4\n"
            "12:00:42  Encountered an error:\n" + err,
            code=2,
            desc="Run dbt",
            secs=4,
        ),
    )
    s.act(
        None,
        Read(
            "dbt/profiles.yml",
            "etl:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ../data/warehouse.duckdb\n      threads: 4",
            limit=7,
            total=16,
        ),
    )
    s.act(
        "Another process holds the DuckDB file open for writing. Let me see which:",
        Bash(
            "ps -o pid,etime,cmd -p 48213",
            "    PID     ELAPSED CMD\n  48213    03:12:44 /home/lin/.venvs/etl/bin/python3.12 -m ipykernel_launcher "
            "-f /home/lin/.local/share/jupyter/runtime/kernel-7c1e2f0a.json",
            desc="Who holds the lock",
        ),
    )
    s.act(
        None,
        Grep(
            r"duckdb.connect",
            ['notebooks/explore.ipynb:    "con = duckdb.connect(\\"../data/warehouse.duckdb\\")\\n",'],
            mode="content",
            path="notebooks",
        ),
    )
    s.say(
        "PID 48213 is a Jupyter kernel; `notebooks/explore.ipynb` opens `warehouse.duckdb` read-write and keeps the "
        "connection. DuckDB allows only one process to have the file open for writing. Shut down that kernel (or "
        "open it with `read_only=True`) and dbt can run."
    )
    s.user("oh my notebook. closed it, again")
    s.act(
        None,
        Bash(
            "cd dbt && dbt run",
            dbt(
                "run",
                [
                    (
                        "sql view model main.stg_transactions",
                        "OK",
                        "created sql view model main.stg_transactions in 0.06s",
                    ),
                    (
                        "sql table model main.fct_daily_spend",
                        "OK",
                        "created sql table model main.fct_daily_spend in 0.41s",
                    ),
                ],
                clock="12:03:10",
            ),
            desc="Run dbt",
            secs=6,
        ),
    )
    s.say("dbt run is through: both models built.")
    s.outcome("success", "lock held by the notebook kernel; after closing it dbt run passes")
    s.hit(LOCK)
    return s


# ------------------------------------------------------------------------------------------------------------------
def e03_polars() -> Session:
    s = etl("e03-polars", "2026-10-07T06:40:18", "2.1.180", "perf/polars-read", "brittle-cedar-vole")
    s.user(
        "read_export 太慢了，九月的文件要 40 多秒。用 polars 重写。新代码都用 polars，别再加 pandas 了",
        after=0,
        rules=[("polars", "新代码都用 polars，别再加 pandas 了")],
    )
    s.act(None, Read("etl/load.py", LOAD_PY_PANDAS))
    s.act(
        "Rewriting `read_export` with polars; DuckDB can query the polars frame by its variable name the same way:",
        Edit("etl/load.py", "import pandas as pd", "import polars as pl"),
    )
    s.act(
        None,
        Edit(
            "etl/load.py",
            'def read_export(path: str) -> pd.DataFrame:\n    return pd.read_csv(path, sep=";", parse_dates=["booking_date"])',
            'def read_export(path: str) -> pl.DataFrame:\n    return pl.read_csv(path, separator=";", try_parse_dates=True)',
        ),
    )
    s.act(None, Edit("etl/load.py", "    return len(df)", "    return df.height"))
    s.act(
        None,
        Bash(
            'python -m pytest -q tests/test_load.py && python -c "import time,etl.load as l; t=time.time(); '
            "l.read_export('data/raw/tx-2026-09.csv'); print(f'{time.time()-t:.1f}s')\"",
            pytest_out([("tests/test_load.py", "....")], secs=0.88) + "\n2.3s",
            desc="Tests and timing",
            secs=6,
        ),
    )
    s.say("Tests pass and the September file reads in 2.3 s instead of ~40 s.")
    s.user(
        "TIL duckdb can read a polars frame straight from the variable name. ok 把 pandas 从 requirements 里删掉，提交",
        lessons=["TIL duckdb can read a polars frame straight from the variable name"],
    )
    s.act(
        None,
        Read(
            "requirements.txt",
            "dbt-duckdb==1.8.4\ndbt-postgres==1.8.2\nduckdb>=1.0\npandas==2.2.3\npolars==1.9.0\npsycopg[binary]==3.2.3",
            total=6,
        ),
    )
    s.act(None, Edit("requirements.txt", "pandas==2.2.3\n", ""))
    s.act(
        None,
        Bash(
            'git add etl/load.py requirements.txt && git commit -m "perf: read exports with polars"',
            git_commit("perf/polars-read", "91d2e7a", "perf: read exports with polars", 2, 6, 7),
            desc="Commit",
        ),
    )
    s.say("Committed 91d2e7a; pandas is out of requirements.txt.")
    s.outcome("success", "read_export rewritten in polars, tests pass, 2.3 s instead of 40 s, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def e04_october_export() -> Session:
    s = etl("e04-october-export", "2026-10-08T02:15:50", "2.1.183", "main", "rusty-meadow-shrike")
    s.user("load the first october export pls, data/raw/tx-2026-10-07.csv", after=0)
    s.act(
        None,
        Bash(
            "python -m etl.load data/raw/tx-2026-10-07.csv",
            'Traceback (most recent call last):\n  File "<frozen runpy>", line 198, in _run_module_as_main\n'
            f'  File "{ETL}/etl/load.py", line 11, in read_export\n'
            '    return pl.read_csv(path, separator=";", try_parse_dates=True)\n'
            "polars.exceptions.ComputeError: could not parse `1.234,50` as dtype `f64` at column 'amount' (column number 6)\n\n"
            "The current offset in the file is 48213 bytes.\n\nYou might want to try:\n- increasing `infer_schema_length` "
            "(e.g. `infer_schema_length=10000`),\n- specifying correct dtype with the `schema_overrides` argument\n"
            "- setting `ignore_errors` to `True`,\n- adding `1.234,50` to the `null_values` list.",
            code=1,
            desc="Load the October export",
            secs=3,
        ),
    )
    s.act(
        None,
        Bash(
            "sed -n '1p;2p;3p' data/raw/tx-2026-10-07.csv && grep -c ',[0-9][0-9];' data/raw/tx-2026-10-07.csv",
            "tx_id;account_id;account_type;booking_date;merchant;amount;currency\n"
            "T-88120931;A-1002;checking;2026-10-06;Spotify AB;9,99;EUR\nT-88120932;A-1002;checking;2026-10-06;"
            "REWE Markt GmbH;23,47;EUR\n88114",
            desc="Look at the first rows",
        ),
    )
    s.act(None, Read("etl/load.py", LOAD_PY))
    s.act(
        "The first rows must have plain amounts, so polars inferred f64 and then hit `1.234,50`. Following the "
        "hint, I'll let it look at more rows before deciding the type:",
        Edit(
            "etl/load.py",
            '    return pl.read_csv(path, separator=";", try_parse_dates=True)',
            '    return pl.read_csv(path, separator=";", try_parse_dates=True, infer_schema_length=10000)',
        ),
    )
    s.act(
        None,
        Bash(
            "python -m etl.load data/raw/tx-2026-10-07.csv",
            'Traceback (most recent call last):\n  File "<frozen runpy>", line 198, in _run_module_as_main\n'
            f'  File "{ETL}/etl/load.py", line 17, in load_transactions\n'
            '    con.execute("INSERT INTO raw.transactions SELECT * FROM df")\n'
            "duckdb.duckdb.ConversionException: Conversion Error: Could not convert string '1.234,50' to DOUBLE",
            code=1,
            desc="Load the October export again",
            secs=3,
        ),
    )
    s.user("amount 先当字符串读进来试试，schema_overrides")
    s.act(
        None,
        Edit(
            "etl/load.py",
            '    return pl.read_csv(path, separator=";", try_parse_dates=True, infer_schema_length=10000)',
            '    return pl.read_csv(path, separator=";", try_parse_dates=True, schema_overrides={"amount": pl.Utf8})',
        ),
    )
    s.act(
        None,
        Bash(
            "python -m etl.load data/raw/tx-2026-10-07.csv",
            'Traceback (most recent call last):\n  File "<frozen runpy>", line 198, in _run_module_as_main\n'
            f'  File "{ETL}/etl/load.py", line 17, in load_transactions\n'
            '    con.execute("INSERT INTO raw.transactions SELECT * FROM df")\n'
            "duckdb.duckdb.ConversionException: Conversion Error: Could not convert string '9,99' to DECIMAL(18,2)",
            code=1,
            desc="Load with amount as text",
            secs=3,
        ),
    )
    s.outcome("failed", "abandoned right after the load fails again (amount '1.234,50' cannot be converted)")
    s.hit(AMOUNT)
    return s


# ------------------------------------------------------------------------------------------------------------------
SQLFLUFF = """== [models/marts/fct_daily_spend.sql] FAIL
L:   3 | P:   5 | CP01 | Keywords must be consistently upper case.
                       | [capitalisation.keywords]
L:   9 | P:   1 | LT02 | Expected indent of 4 spaces.
                       | [layout.indent]
All Finished 📜 🎉!"""


def e05_mart_tests() -> Session:
    s = etl("e05-mart-tests", "2026-10-09T01:30:12", "2.1.183", "feat/mart-tests", "plain-willow-skink")
    s.user(
        "add fct_daily_spend (per day + merchant, in EUR via stg_fx_rates) + tests on the keys. we use sqlfluff for "
        "the dbt sql formatting, run it before you finish. and commit messages go in conventional style "
        "(feat:, fix:, chore:)",
        after=0,
        rules=[
            ("sqlfluff", "we use sqlfluff for the dbt sql formatting"),
            ("conv-commits", "commit messages go in conventional style (feat:, fix:, chore:)"),
        ],
    )
    s.act(
        None,
        Write(
            "dbt/models/marts/fct_daily_spend.sql",
            "select\n    t.booking_date,\n    t.merchant,\n    sum(t.amount * coalesce(fx.rate_to_eur, 1)) as spend_eur\n"
            "from {{ ref('stg_transactions') }} t\nleft join {{ ref('stg_fx_rate') }} fx\n"
            "    on fx.currency = t.currency and fx.day = t.booking_date\ngroup by 1, 2\n",
        ),
        Write(
            "dbt/models/marts/schema.yml",
            "version: 2\nmodels:\n  - name: fct_daily_spend\n    tests:\n      - dbt_utils.unique_combination_of_columns:\n"
            "          combination_of_columns: [booking_date, merchant]\n    columns:\n      - name: spend_eur\n"
            "        tests: [not_null]\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cd dbt && dbt build --select fct_daily_spend",
            "01:33:08  Running with dbt=1.8.7\n01:33:08  Registered adapter: duckdb=1.8.4\n"
            "01:33:09  Encountered an error:\nCompilation Error\n  Model 'model.etl.fct_daily_spend' "
            "(models/marts/fct_daily_spend.sql) depends on a node named 'stg_fx_rate' which was not found",
            code=2,
            desc="Build the mart with its tests",
            secs=4,
        ),
    )
    s.act(
        "Typo on my side, the model is `stg_fx_rates`:",
        Edit("dbt/models/marts/fct_daily_spend.sql", "ref('stg_fx_rate')", "ref('stg_fx_rates')"),
    )
    s.act(
        None,
        Bash(
            "cd dbt && dbt build --select fct_daily_spend",
            dbt(
                "build",
                [
                    (
                        "sql table model main.fct_daily_spend",
                        "OK",
                        "created sql table model main.fct_daily_spend in 0.38s",
                    ),
                    (
                        "test dbt_utils_unique_combination_of_columns_fct_daily_spend_booking_date__merchant",
                        "PASS",
                        "in 0.05s",
                    ),
                    ("test not_null_fct_daily_spend_spend_eur", "PASS", "in 0.03s"),
                ],
                clock="01:34:21",
            ),
            desc="Build the mart with its tests",
            secs=6,
        ),
    )
    s.act(None, Bash("sqlfluff lint dbt/models/marts/fct_daily_spend.sql", SQLFLUFF, code=1, desc="Lint with sqlfluff"))
    s.act(
        None,
        Bash(
            "sqlfluff fix -f dbt/models/marts/fct_daily_spend.sql && sqlfluff lint dbt/models/marts/",
            "== [models/marts/fct_daily_spend.sql] FIXED\n2 fixable linting violations found\nAll Finished 📜 🎉!",
            desc="Fix the lint",
        ),
    )
    s.act(
        None,
        Bash(
            'git add dbt/models/marts && git commit -m "feat: fct_daily_spend with key tests"',
            git_commit("feat/mart-tests", "d7a3f20", "feat: fct_daily_spend with key tests", 2, 24, 0),
            desc="Commit",
        ),
    )
    s.say(
        "fct_daily_spend builds, both tests pass, sqlfluff is clean; committed as `feat: fct_daily_spend with key tests`."
    )
    s.outcome("success", "mart and tests build after fixing a ref typo; sqlfluff clean; committed")
    s.one_off("dbt compilation error: ref to a node 'stg_fx_rate' that does not exist (typo of stg_fx_rates)")
    s.not_person("Keywords must be consistently upper case.", "tool_output")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _pytest_lock_fail(pid: int, secs: float) -> str:
    block = "\n".join(
        [
            " ERROR at setup of test_load_transactions_appends ".center(80, "_"),
            "",
            "    @pytest.fixture",
            "    def warehouse():",
            ">       con = duckdb.connect(WAREHOUSE)",
            "E       duckdb.duckdb.IOException: " + lock_error(pid),
            "",
            "tests/conftest.py:9: IOException",
        ]
    )
    return pytest_out(
        [("tests/test_load.py", "E")],
        secs=secs,
        errors=[block],
        short=[
            'ERROR tests/test_load.py::test_load_transactions_appends - duckdb.duckdb.IOException: IO Error: Could not set lock on file "/home/lin/work/etl/data/warehouse.duckdb": Conflicting lock...'
        ],
    )


def e06_pytest_lock() -> Session:
    s = etl("e06-pytest-lock", "2026-10-12T06:00:44", "2.1.188", "main", "gentle-basalt-loon")
    s.user("tests/test_load.py 红了，帮我看下", after=0)
    cmd = "python -m pytest -x -q tests/test_load.py"
    s.act(None, Bash(cmd, _pytest_lock_fail(51877, 0.41), code=1, desc="Run the loader tests"))
    s.act(
        "The fixture can't open the warehouse file: another process holds the lock. It may be a short-lived dbt "
        "run, trying again in a moment:",
        Bash(f"sleep 20 && {cmd}", _pytest_lock_fail(51877, 0.39), code=1, desc="Retry after 20 s", secs=22),
    )
    s.act(None, Bash(cmd, _pytest_lock_fail(51877, 0.40), code=1, desc="Retry once more"))
    s.act(None, Bash(cmd, _pytest_lock_fail(51877, 0.38), code=1, desc="And again"))
    s.act(
        None,
        Bash(
            "ps -o pid,etime,cmd -p 51877",
            "    PID     ELAPSED CMD\n  51877  1-02:41:09 /home/lin/.venvs/etl/bin/python3.12 -m streamlit run dashboard/app.py",
            desc="Who holds the lock",
        ),
    )
    s.say(
        "It's the Streamlit dashboard (running since yesterday) that keeps `warehouse.duckdb` open. The tests use "
        "the same file. Stop the dashboard and the tests can run; longer term the tests should use their own file."
    )
    s.user("不行，dashboard 要开着给 standup 用。算了 先这样，我去开会了")
    s.outcome("failed", "tests still error on the DuckDB lock (4 runs); the user leaves without a fix")
    s.hit(LOCK)
    return s


# ------------------------------------------------------------------------------------------------------------------
def e07_airflow_import() -> Session:
    s = etl("e07-airflow-import", "2026-10-13T05:50:02", "2.1.188", "fix/airflow-pythonpath", "keen-lagoon-tapir")
    s.user(
        "airflow ui shows `Broken DAG: [/opt/airflow/dags/etl_daily.py] ModuleNotFoundError: No module named 'etl'` "
        "since i rebuilt the containers",
        after=0,
    )
    s.act(
        None,
        Read(
            "docker-compose.yml",
            "  airflow-scheduler:\n    <<: *airflow-common\n    command: scheduler\n    volumes:\n"
            "      - ./dags:/opt/airflow/dags\n      - ./data:/opt/airflow/data\n    environment:\n"
            "      AIRFLOW__CORE__EXECUTOR: LocalExecutor",
            offset=31,
            limit=8,
            total=74,
        ),
    )
    s.act(
        "The `etl` package isn't mounted or on the path in the scheduler container. Mounting it and setting "
        "PYTHONPATH:",
        Edit(
            "docker-compose.yml",
            "      - ./data:/opt/airflow/data\n    environment:\n      AIRFLOW__CORE__EXECUTOR: LocalExecutor",
            "      - ./data:/opt/airflow/data\n      - ./etl:/opt/airflow/src/etl\n    environment:\n"
            "      AIRFLOW__CORE__EXECUTOR: LocalExecutor\n      PYTHONPATH: /opt/airflow/src",
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose up -d airflow-scheduler && sleep 15 && docker compose exec airflow-scheduler airflow dags list-import-errors",
            " ✔ Container etl-airflow-scheduler-1  Started\nNo data found",
            desc="Restart the scheduler, list import errors",
            secs=24,
        ),
    )
    s.act(
        "No import errors. Let me check yesterday's prod load landed, to be sure the DAG had not silently skipped:",
        Denied(
            Bash(
                'psql service=etl_prod -c "select max(booking_date), count(*) from raw.transactions"',
                desc="Check prod row counts",
            )
        ),
    )
    s.user(
        "please don't run anything against the prod db anymore, staging only (service=etl_staging). prod is the "
        "data team's",
        rules=[("no-prod", "please don't run anything against the prod db anymore, staging only")],
    )
    s.act(
        None,
        Bash(
            'psql service=etl_staging -c "select max(booking_date), count(*) from raw.transactions"',
            "    max     |  count\n------------+---------\n 2026-10-12 | 6214407\n(1 row)",
            desc="Check staging row counts",
        ),
    )
    s.say("Staging has data up to 2026-10-12, so the loads ran. The DAG imports again after the PYTHONPATH fix.")
    s.user("ok. commit")
    s.act(
        None,
        Bash(
            'git add docker-compose.yml && git commit -m "fix: mount etl package into airflow scheduler"',
            git_commit("fix/airflow-pythonpath", "5c8e1b4", "fix: mount etl package into airflow scheduler", 1, 2, 0),
            desc="Commit",
        ),
    )
    s.say("Committed 5c8e1b4.")
    s.outcome("success", "DAG import error fixed via mount + PYTHONPATH; no import errors; committed")
    s.one_off("Airflow Broken DAG: ModuleNotFoundError: No module named 'etl' after rebuilding containers (PYTHONPATH)")
    return s


# ------------------------------------------------------------------------------------------------------------------
def e08_lazy_question() -> Session:
    s = etl("e08-lazy-question", "2026-10-14T02:00:37", "2.1.188", "main", "velvet-sorrel-finch")
    s.queued_start("polars 的 lazy 和 eager 在我们这种 200MB 的 csv 上差别大吗？我从不看 explain 哈哈")
    s.user(
        "polars 的 lazy 和 eager 在我们这种 200MB 的 csv 上差别大吗？我从不看 explain 哈哈",
        after=0,
        non_rules=["我从不看 explain 哈哈"],
    )
    s.act(
        None,
        Bash(
            "ls -la data/raw | tail -4",
            "-rw-r--r-- 1 lin lin 198311422 Oct  1 03:12 tx-2026-09.csv\n-rw-r--r-- 1 lin lin  14028877 Oct  7 03:10 tx-2026-10-07.csv\n-rw-r--r-- 1 lin lin  13990412 Oct 13 03:11 tx-2026-10-13.csv\n-rw-r--r-- 1 lin lin    402118 Oct 13 03:11 fees-2026-10-13.csv",
            desc="Sizes of the raw files",
        ),
    )
    s.act(None, Read("etl/load.py", LOAD_PY))
    s.act(None, Grep(r"read_export\(", ["etl/load.py", "etl/pg.py", "dags/etl_daily.py"]))
    s.act(
        None,
        Bash(
            "python - <<'EOF'\nimport time, polars as pl\nf = 'data/raw/tx-2026-09.csv'\nt = time.time(); "
            "pl.read_csv(f, separator=';'); print('eager', round(time.time() - t, 2))\nt = time.time(); "
            "pl.scan_csv(f, separator=';').collect(); print('lazy ', round(time.time() - t, 2))\nEOF",
            "eager 2.31\nlazy  2.24",
            desc="Time eager vs lazy on the September file",
            secs=6,
        ),
    )
    s.say(
        "对这个量级差别不大。`read_export` 读完整个文件、马上全部写进 DuckDB，中间没有 filter 或 select，lazy 能优化的"
        "（谓词下推、只读需要的列）用不上。9 月那个 198 MB 的文件 eager 读要 2.3 秒左右，`scan_csv(...).collect()` 基本一样。"
        "如果将来只要部分列或者按日期过滤，再换成 `pl.scan_csv` 会有明显收益，也能用 `.explain()` 看计划。"
    )
    s.turn_done()
    s.user("scan_csv 出来的 LazyFrame 能直接给 duckdb 查吗")
    s.say(
        '可以。DuckDB 的 replacement scan 认识 polars 的 DataFrame 和 LazyFrame，`con.sql("select ... from lf")` '
        "会先 collect 再查；如果想让 DuckDB 自己读文件，直接 `read_csv('data/raw/tx-2026-09.csv', delim=';')` 也行。"
    )
    s.turn_done()
    s.outcome("unknown", "a question answered; nothing changed, no verdict from the person")
    return s


# ------------------------------------------------------------------------------------------------------------------
def e09_not_null() -> Session:
    s = etl("e09-not-null", "2026-10-14T07:30:19", "2.1.188", "fix/stg-amount", "amber-quarry-egret")
    s.user("dbt build is failing tests on stg_transactions, chekc pls", after=0)
    fails = [
        ("sql view model main.stg_transactions", "OK", "created sql view model main.stg_transactions in 0.08s"),
        ("test not_null_stg_transactions_amount", "FAIL 412", "in 0.09s"),
        ("test accepted_values_stg_transactions_account_type__checking__savings__credit", "FAIL 3", "in 0.05s"),
        ("test unique_stg_transactions_tx_id", "PASS", "in 0.07s"),
    ]
    s.act(
        None,
        Bash(
            "cd dbt && dbt build --select stg_transactions",
            dbt(
                "build",
                fails,
                clock="07:31:02",
                errors=[
                    "Failure in test not_null_stg_transactions_amount (models/staging/schema.yml)\n  Got 412 results, "
                    "configured to fail if != 0\n\n  compiled code at target/compiled/etl/models/staging/schema.yml/"
                    "not_null_stg_transactions_amount.sql",
                    "Failure in test accepted_values_stg_transactions_account_type__checking__savings__credit "
                    "(models/staging/schema.yml)\n  Got 3 results, configured to fail if != 0",
                ],
            ),
            code=1,
            desc="Build stg_transactions and its tests",
            secs=7,
        ),
    )
    s.act(
        None,
        Bash(
            'duckdb data/warehouse.duckdb -c "select amount from raw.transactions where try_cast(amount as decimal(18,2)) is null and amount is not null limit 5"',
            "┌──────────┐\n│  amount  │\n│ varchar  │\n├──────────┤\n│ 1.234,50 │\n│ 2.019,99 │\n│ 1.100,00 │\n"
            "│ 3.480,12 │\n│ 1.005,40 │\n└──────────┘",
            desc="Which amounts don't cast",
        ),
    )
    s.act(None, Read("dbt/models/staging/stg_transactions.sql", STG_SQL))
    s.act(
        "The 412 null amounts are German-formatted strings above 1.000 (`1.234,50`); `try_cast` turns them into NULL. "
        "Normalising them in the staging model:",
        Edit(
            "dbt/models/staging/stg_transactions.sql",
            "    try_cast(amount as decimal(18, 2)) as amount,",
            "    try_cast(replace(replace(amount, '.', ''), ',', '.') as decimal(18, 2)) as amount,",
        ),
    )
    s.act(
        None,
        Bash(
            "cd dbt && dbt build --select stg_transactions",
            dbt(
                "build",
                [fails[0], ("test not_null_stg_transactions_amount", "PASS", "in 0.08s"), fails[2], fails[3]],
                clock="07:36:40",
                errors=[
                    "Failure in test accepted_values_stg_transactions_account_type__checking__savings__credit "
                    "(models/staging/schema.yml)\n  Got 3 results, configured to fail if != 0"
                ],
            ),
            code=1,
            desc="Build again",
            secs=7,
        ),
    )
    s.say(
        "not_null passes now. The remaining failure is `accepted_values` on `account_type`: 3 rows have "
        "`depot`, which isn't in the accepted list."
    )
    s.user(
        "the accepted_values one is known, vendor started sending depot accounts by mistake, they fix it next week. fine, 谢谢"
    )
    s.outcome(
        "success",
        "amount not_null fixed in the staging SQL; the last build still fails on a known accepted_values test the user accepts",
    )
    s.hit(AMOUNT)
    return s


# ------------------------------------------------------------------------------------------------------------------
def e10_copy() -> Session:
    s = etl("e10-copy", "2026-10-15T06:30:51", "2.1.191", "perf/pg-copy", "woven-thistle-ray")
    s.user(
        "the sept load into staging pg took 40 min with executemany. big loads go through COPY now, psycopg's "
        "cursor.copy. rewrite load_month",
        after=0,
        rules=[("copy", "big loads go through COPY now, psycopg's cursor.copy", "pg-load")],
    )
    s.act(
        None,
        Read("etl/pg.py", PG_PY, offset=12, limit=7, total=19),
        Read(
            "requirements.txt",
            "dbt-duckdb==1.8.4\ndbt-postgres==1.8.2\nduckdb>=1.0\npolars==1.9.0\npsycopg[binary]==3.2.3",
            total=5,
        ),
    )
    s.act(
        "Rewriting with `cursor.copy` and `write_row`. Separately: `duckdb>=1.0` is unpinned in requirements.txt. "
        "You should always pin duckdb to an exact version, since the storage format changes between releases.",
        Edit(
            "etl/pg.py",
            "        cur.executemany(INSERT_SQL, df.rows())",
            "        with cur.copy(COPY_SQL) as copy:\n            for row in df.iter_rows():\n                copy.write_row(row)",
        ),
    )
    s.act(
        None,
        Edit(
            "etl/pg.py",
            "def load_month(",
            'COPY_SQL = "COPY raw.transactions (tx_id, account_id, account_type, booking_date, merchant, amount, '
            'currency) FROM STDIN"\n\n\ndef load_month(',
        ),
    )
    s.act(
        None,
        Bash(
            "python -m pytest -q tests/test_pg.py && time python -m etl.pg --month 2026-09 --service etl_staging --truncate",
            pytest_out([("tests/test_pg.py", "..")], secs=1.12) + "\nloaded 2104331 rows into raw.transactions\n\n"
            "real\t0m51.208s\nuser\t0m38.911s\nsys\t0m1.402s",
            desc="Tests, then the September load on staging",
            secs=58,
        ),
    )
    s.say("September (2.1M rows) now loads into staging in 51 s instead of 40 min. Tests pass.")
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis:\nThe user asked to replace executemany with COPY in the Postgres loader of "
        "the etl project.\n\nSummary:\n1. Primary Request and Intent:\n   Rewrite etl/pg.py load_month to use "
        "psycopg's cursor.copy.\n\n2. Key Technical Concepts:\n   - psycopg 3 `cursor.copy()` + `write_row`\n"
        "   - staging service etl_staging\n   - Loads into staging are verified with a full month.\n\n3. Files and "
        "Code Sections:\n   - etl/pg.py: COPY_SQL, load_month uses cursor.copy\n\n4. Errors and fixes:\n   - none\n\n"
        "5. Pending Tasks:\n   - none stated\n\n6. Current Work:\n   September loaded into staging in 51 s.\n\n"
        "7. Optional Next Step:\n   Wait for the user.",
        pre_tokens=48_913,
        post_tokens=7_204,
    )
    s.user(
        "nice. backfill 2025 too. we'll do the backfill month by month, not one big run, so a bad month doesn't "
        "kill the rest",
        decisions=["we'll do the backfill month by month, not one big run"],
    )
    s.act(
        None,
        Bash(
            'for m in 2025-{01..12}; do python -m etl.pg --month $m --service etl_staging || echo "FAILED $m"; done',
            "\n".join(
                f"loaded {n} rows into raw.transactions"
                for n in (
                    1711204,
                    1630918,
                    1802277,
                    1755012,
                    1820456,
                    1790331,
                    1688120,
                    1702993,
                    1849020,
                    1911287,
                    1960114,
                    2240187,
                )
            ),
            desc="Backfill 2025 month by month",
            secs=590,
        ),
    )
    s.say("All 12 months of 2025 loaded into staging, none failed.")
    s.user("提交，conventional")
    s.act(
        None,
        Bash(
            'git add etl/pg.py && git commit -m "perf: load months into postgres with COPY"',
            git_commit("perf/pg-copy", "a2c64f9", "perf: load months into postgres with COPY", 1, 9, 2),
            desc="Commit",
        ),
    )
    s.say("Committed a2c64f9.")
    s.outcome("success", "loader rewritten with COPY (40 min -> 51 s), 2025 backfilled, committed")
    s.not_person(
        "You should always pin duckdb to an exact version, since the storage format changes between releases.",
        "assistant_text",
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
def e11_stale_dashboard() -> Session:
    s = etl("e11-stale-dashboard", "2026-10-16T02:10:30", "2.1.191", "main", "gentle-basalt-loon")
    s.user(
        "dbt run 又挂了，还是那个锁。这个锁总是在我开着 dashboard 的时候出现",
        after=0,
        non_rules=["这个锁总是在我开着 dashboard 的时候出现"],
    )
    s.act(
        None,
        Bash(
            "cd dbt && dbt run 2>&1 | tail -3",
            "02:11:02  Encountered an error:\nRuntime Error\n  " + lock_error(60412),
            desc="Reproduce",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            "ps -o pid,etime,cmd -p 60412",
            "    PID     ELAPSED CMD\n  60412  2-00:58:31 /home/lin/.venvs/etl/bin/python3.12 -m streamlit run dashboard/app.py",
            desc="Who holds the lock",
        ),
    )
    s.act(
        None,
        Read(
            "dashboard/app.py",
            'import duckdb\nimport streamlit as st\n\ncon = duckdb.connect("data/warehouse.duckdb")\n\n\n@st.cache_data(ttl=600)\n'
            'def daily_spend():\n    return con.sql("select * from fct_daily_spend").pl()',
            total=48,
        ),
    )
    s.say(
        "对，是 dashboard：`dashboard/app.py` 在模块级别用读写模式打开 `warehouse.duckdb`，进程一直开着就一直占着锁，"
        "dbt 就没法写。一般来说，dashboard 这类只读的进程不要长期持有数据库连接。现在要我把它停掉吗？"
    )
    s.act(
        None,
        Bash(
            "lsof data/warehouse.duckdb",
            "COMMAND   PID USER   FD   TYPE DEVICE  SIZE/OFF    NODE NAME\npython3 60412  lin   11uW  REG  259,2 812937216 4719366 data/warehouse.duckdb",
            desc="Open handles on the file",
        ),
    )
    s.user("停掉吧，跑完 dbt 我再开")
    s.act(
        None,
        Bash(
            "kill 60412 && sleep 1 && cd dbt && dbt run",
            dbt(
                "run",
                [
                    (
                        "sql view model main.stg_transactions",
                        "OK",
                        "created sql view model main.stg_transactions in 0.07s",
                    ),
                    (
                        "sql table model main.fct_daily_spend",
                        "OK",
                        "created sql table model main.fct_daily_spend in 0.52s",
                    ),
                ],
                clock="02:13:48",
            ),
            desc="Stop the dashboard, run dbt",
            secs=8,
        ),
    )
    s.say("dbt run 成功，两个模型都建好了。可以重新启动 dashboard 了。")
    s.user("帮我重新开起来")
    s.act(
        None,
        Bash(
            "nohup streamlit run dashboard/app.py --server.headless true > /tmp/dashboard.log 2>&1 &\nsleep 3 && curl -s -o /dev/null -w '%{http_code}' localhost:8501",
            "200",
            desc="Restart the dashboard",
        ),
    )
    s.say("Dashboard 又起来了（http://localhost:8501 返回 200）。注意它一开着，下次 dbt run 还会撞到同一个锁。")
    s.user("ok 能跑了")
    s.outcome("success", "stale dashboard process killed, dbt run passes; user confirms")
    s.hit(LOCK)
    s.not_person("dashboard 这类只读的进程不要长期持有数据库连接", "assistant_text")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa_duckdb_connects(a: Session) -> None:
    a.act(
        None,
        Grep(
            r"duckdb\.connect",
            [
                "etl/load.py:15:    con = duckdb.connect(WAREHOUSE)",
                'dashboard/app.py:4:con = duckdb.connect("data/warehouse.duckdb")',
                "tests/conftest.py:9:    con = duckdb.connect(WAREHOUSE)",
                'notebooks/explore.ipynb:14:    "con = duckdb.connect(\\"../data/warehouse.duckdb\\")\\n",',
            ],
            mode="content",
        ),
    )
    a.act(
        None,
        Read(
            "tests/conftest.py",
            "import duckdb\nimport pytest\n\nfrom etl.load import WAREHOUSE\n\n\n@pytest.fixture\ndef warehouse():\n    con = duckdb.connect(WAREHOUSE)\n    yield con\n    con.close()",
            total=11,
        ),
    )
    a.act(None, Grep(r"path:", ["dbt/profiles.yml:6:      path: ../data/warehouse.duckdb"], mode="content", path="dbt"))
    a.say(
        "Every process opens the same file `data/warehouse.duckdb` read-write:\n- `etl/load.py:15` (loader, "
        "WAREHOUSE constant)\n- `tests/conftest.py:9`: the `warehouse` fixture uses the same WAREHOUSE constant, "
        "so tests write to the real warehouse\n- `dashboard/app.py:4`: module-level connection held for the "
        "life of the Streamlit process\n- `notebooks/explore.ipynb`: connection held by the kernel\n- "
        "`dbt/profiles.yml:6`: dbt dev target\nNothing opens it with `read_only=True`."
    )


def e12_fix_lock() -> Session:
    s = etl("e12-fix-lock", "2026-10-19T06:00:13", "2.1.196", "fix/duckdb-lock", "brave-juniper-newt")
    s.user(
        "the lock thing again, this time pytest died because dbt was running in the other tab. fix it for real pls. "
        "tests shouldn't touch the real warehouse at all imo",
        after=0,
    )
    s.title("Stop DuckDB lock conflicts")
    s.act(
        None,
        Agent(
            "Find DuckDB connections",
            "In /home/lin/work/etl list every place that opens data/warehouse.duckdb (python, notebooks, dbt "
            "profiles, dashboard), with file:line and whether it is read-only and how long the connection lives. "
            "Do not change any files and never run dbt against the prod target.",
            "Explore",
            _sa_duckdb_connects,
        ),
    )
    s.act(
        None,
        Read("etl/load.py", LOAD_PY),
        Read(
            "tests/conftest.py",
            "import duckdb\nimport pytest\n\nfrom etl.load import WAREHOUSE\n\n\n@pytest.fixture\ndef warehouse():\n    con = duckdb.connect(WAREHOUSE)\n    yield con\n    con.close()",
        ),
    )
    s.act(
        "Plan: the warehouse path comes from `ETL_WAREHOUSE` (default unchanged), the test fixture points it at a "
        "fresh file under `tmp_path`, and the dashboard opens short-lived `read_only=True` connections instead of "
        "holding one forever.",
        Edit(
            "etl/load.py",
            'import duckdb\nimport polars as pl\n\nWAREHOUSE = "data/warehouse.duckdb"',
            'import os\n\nimport duckdb\nimport polars as pl\n\n\ndef warehouse_path() -> str:\n    return os.environ.get("ETL_WAREHOUSE", "data/warehouse.duckdb")',
        ),
    )
    s.act(
        None, Edit("etl/load.py", "    con = duckdb.connect(WAREHOUSE)", "    con = duckdb.connect(warehouse_path())")
    )
    s.act(
        None,
        Edit(
            "tests/conftest.py",
            "from etl.load import WAREHOUSE\n\n\n@pytest.fixture\ndef warehouse():\n    con = duckdb.connect(WAREHOUSE)",
            "from etl.load import warehouse_path\n\n\n@pytest.fixture\ndef warehouse(tmp_path, monkeypatch):\n"
            '    monkeypatch.setenv("ETL_WAREHOUSE", str(tmp_path / "warehouse.duckdb"))\n'
            "    con = duckdb.connect(warehouse_path())\n"
            '    con.execute("CREATE SCHEMA raw")\n    con.execute(open("sql/raw_schema.sql").read())',
        ),
    )
    s.act(
        None,
        Read(
            "dashboard/app.py",
            'import duckdb\nimport streamlit as st\n\ncon = duckdb.connect("data/warehouse.duckdb")\n\n\n@st.cache_data(ttl=600)\ndef daily_spend():\n    return con.sql("select * from fct_daily_spend").pl()',
            total=48,
        ),
    )
    s.act(
        None,
        Edit(
            "dashboard/app.py",
            'con = duckdb.connect("data/warehouse.duckdb")\n\n\n@st.cache_data(ttl=600)\ndef daily_spend():\n'
            '    return con.sql("select * from fct_daily_spend").pl()',
            "from etl.load import warehouse_path\n\n\n@st.cache_data(ttl=600)\ndef daily_spend():\n"
            "    with duckdb.connect(warehouse_path(), read_only=True) as con:\n"
            '        return con.sql("select * from fct_daily_spend").pl()',
        ),
    )
    bg = Bash("cd dbt && dbt run", desc="dbt run in the background (holds the lock)", bg=True)
    s.act("Now the real test: dbt run in the background and pytest at the same time.", bg)
    s.act(
        None,
        Bash(
            "python -m pytest -q",
            pytest_out(
                [("tests/test_load.py", "....."), ("tests/test_pg.py", ".."), ("tests/test_dags.py", "...")], secs=3.07
            ),
            desc="Full test suite while dbt runs",
            secs=5,
        ),
    )
    s.bash_done(bg.bg_task, after=9)
    s.say(
        "pytest passed while dbt was running (tests now use a warehouse under tmp_path), and the background dbt run finished with exit code 0."
    )
    s.user(
        "好。记住：duckdb 一个文件同时只能有一个进程写，而且有人在写的时候别的进程连读都打不开，所以连接要短。commit",
        lessons=["duckdb 一个文件同时只能有一个进程写，而且有人在写的时候别的进程连读都打不开，所以连接要短"],
    )
    s.act(
        None,
        Bash(
            'git add etl/load.py tests/conftest.py dashboard/app.py && git commit -m "fix: tests use tmp warehouse, '
            'dashboard reads short-lived" && git push -u origin fix/duckdb-lock',
            git_commit(
                "fix/duckdb-lock", "0e7d3b2", "fix: tests use tmp warehouse, dashboard reads short-lived", 3, 21, 9
            )
            + "\n"
            + git_push(REPO, "fix/duckdb-lock"),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say("Pushed `fix/duckdb-lock` (0e7d3b2).")
    s.outcome(
        "success", "ETL_WAREHOUSE + tmp_path fixture and read-only dashboard; pytest passes while dbt runs; pushed"
    )
    s.hit(LOCK, fixed=True)
    s.not_person("Do not change any files and never run dbt against the prod target.", "subagent_prompt")
    return s


# ------------------------------------------------------------------------------------------------------------------
def e13_dashboard_small() -> Session:
    s = etl("e13-dashboard-small", "2026-10-20T01:40:08", "2.1.196", "main", "misty-orchid-quail")
    s.user(
        "the october spend in the dashboard is way too small for some merchants, rewe shows like 1,23 for a day "
        "where i know it's over a thousand. the dashboard never looked this wrong before",
        after=0,
        non_rules=["the dashboard never looked this wrong before"],
    )
    s.act(
        None,
        Bash(
            'psql service=etl_staging -c "select booking_date, merchant, amount from raw.transactions where '
            "merchant ilike 'rewe%' and booking_date = '2026-10-16' order by amount desc limit 3\"",
            " booking_date |     merchant     | amount\n--------------+------------------+--------\n 2026-10-16   | "
            "REWE Markt GmbH  | 1.2345\n 2026-10-16   | REWE Markt GmbH  |  87.12\n 2026-10-16   | REWE Markt GmbH  |  "
            "23.47\n(3 rows)",
            desc="Look at the staging rows",
        ),
    )
    s.act(
        None,
        Read(
            "etl/pg.py",
            PG_PY.replace(
                "cur.executemany(INSERT_SQL, df.rows())",
                "with cur.copy(COPY_SQL) as copy:\n            for row in df.iter_rows():\n                copy.write_row(row)",
            ),
            offset=16,
            limit=9,
            total=27,
        ),
    )
    s.act(
        'Found it: `load_month` strips every comma (`str.replace_all(",", "")`), which assumes US thousands '
        "separators. A German amount `1.234,50` becomes `1.23450` → 1.2345. Let me check how many rows are affected:",
        Bash(
            "psql service=etl_staging -c \"select count(*) from raw.transactions where booking_date >= '2026-10-01' and amount < 10 and amount <> round(amount, 2)\"",
            " count\n-------\n   418\n(1 row)",
            desc="How many rows",
        ),
    )
    s.act(
        None,
        Bash(
            'psql service=etl_staging -c "select booking_date, spend_eur from analytics.fct_daily_spend where '
            "merchant = 'REWE Markt GmbH' and booking_date between '2026-10-14' and '2026-10-16'\"",
            " booking_date | spend_eur\n--------------+-----------\n 2026-10-14   |     41.20\n 2026-10-15   |      "
            "3.72\n 2026-10-16   |    111.82\n(3 rows)",
            desc="What the dashboard's mart shows",
        ),
        think="1.2345 instead of 1234.50: a factor of 1000, and the decimal comma and thousands dot swapped. The "
        "loader's cast must be treating the German thousands dot as a decimal point after removing commas.",
    )
    s.act(None, ReadTooBig("data/raw/tx-2026-10-13.csv", 3_912_377))
    s.act(
        None,
        Bash(
            'git log -S \'replace_all(",", "")\' --oneline -- etl/pg.py && head -3 data/raw/tx-2026-10-13.csv',
            "4e0b9c1 stg_transactions model, prod target, pg loader\n"
            "tx_id;account_id;account_type;booking_date;merchant;amount;currency\n"
            "T-88931207;A-1007;checking;2026-10-12;REWE Markt GmbH;1.234,50;EUR\n"
            "T-88931208;A-1002;credit;2026-10-12;Deutsche Bahn;-89,90;EUR",
            desc="When the comma stripping came in, what the file looks like",
        ),
    )
    s.say(
        "418 October rows are affected (every amount ≥ 1.000). The comma stripping has been there since the "
        "loader was written; it only bites since the vendor's files use `1.234,50`. The fix is one shared parser "
        "for both formats and a reload of October on staging."
    )
    s.user("ugh. not now, demo in 10 min. later")
    s.outcome("failed", "root cause found (comma stripping) but nothing fixed; the user leaves for a demo")
    s.hit(AMOUNT)
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa_amount_profile(a: Session) -> None:
    a.act(
        None,
        Bash(
            "for f in data/raw/tx-*.csv data/raw/fees-*.csv; do printf '%s ' $f; python -c \"import polars as pl,sys; "
            "c=pl.read_csv(sys.argv[1],separator=';',infer_schema=False)['amount' if 'tx-' in sys.argv[1] else 'fee_amount']; "
            "print(c.str.contains(r',\\d\\d$').sum(), c.str.contains(r'\\.\\d\\d$').sum())\" $f; done",
            "data/raw/tx-2026-09.csv 0 2104331\ndata/raw/tx-2026-10-07.csv 88114 0\ndata/raw/tx-2026-10-13.csv 87902 0\n"
            "data/raw/tx-2026-10-19.csv 88630 0\ndata/raw/fees-2026-10-13.csv 1203 0",
            desc="Count decimal-comma vs decimal-point amounts per file",
            secs=14,
        ),
    )
    a.say(
        "Amount formats per raw file: every file up to September uses a decimal point (`1234.50`); every file "
        "from 2026-10-07 on uses German format (`1.234,50`, `-23,47`), including the fees file (`fee_amount`). "
        "No file mixes the two."
    )


def e14_fix_amount() -> Session:
    s = etl("e14-fix-amount", "2026-10-20T12:30:46", "2.1.196", "fix/amount-parsing", "calm-pewter-wombat")
    s.user(
        "金额解析又错了：德国格式的 1.234,50 在 pg 里变成了 1.2345。这次统一在 load.py 里处理，pg.py 和 duckdb 那边都用同一个函数。"
        "顺便看看所有 raw 文件是不是都是这个格式",
        after=0,
    )
    s.title("One amount parser for German-formatted vendor amounts")
    s.act(
        None,
        Agent(
            "Profile amount formats",
            "For every file in /home/lin/work/etl/data/raw (tx-*.csv: column amount; fees-*.csv: column fee_amount) "
            "count how many values use a decimal comma (1.234,50) vs a decimal point (1234.50). Report per file. "
            "Read only.",
            "general-purpose",
            _sa_amount_profile,
            background=True,
        ),
    )
    s.act(
        None,
        Read(
            "etl/load.py",
            LOAD_PY.replace(
                'import duckdb\nimport polars as pl\n\nWAREHOUSE = "data/warehouse.duckdb"',
                'import os\n\nimport duckdb\nimport polars as pl\n\n\ndef warehouse_path() -> str:\n    return os.environ.get("ETL_WAREHOUSE", "data/warehouse.duckdb")',
            ).replace("duckdb.connect(WAREHOUSE)", "duckdb.connect(warehouse_path())"),
        ),
    )
    s.act(
        "Reading every column as a string (`infer_schema=False`) and converting amounts in one place, `parse_amount`:",
        Edit(
            "etl/load.py",
            'def read_export(path: str) -> pl.DataFrame:\n    return pl.read_csv(path, separator=";", try_parse_dates=True)',
            'def parse_amount(col: str = "amount") -> pl.Expr:\n'
            '    """Vendor amounts are German-formatted strings since 2026-10-07: \'1.234,50\', \'-23,47\'."""\n'
            "    return (\n        pl.col(col)\n        .str.strip_chars()\n"
            '        .str.replace_all(".", "", literal=True)\n        .str.replace(",", ".", literal=True)\n'
            "        .cast(pl.Decimal(18, 2))\n    )\n\n\n"
            "def read_export(path: str) -> pl.DataFrame:\n"
            '    df = pl.read_csv(path, separator=";", infer_schema=False)\n'
            '    return df.with_columns(parse_amount("amount"), pl.col("booking_date").str.to_date("%Y-%m-%d"))',
        ),
    )
    s.act(
        None,
        Read(
            "etl/pg.py",
            PG_PY.replace(
                "cur.executemany(INSERT_SQL, df.rows())",
                "with cur.copy(COPY_SQL) as copy:\n            for row in df.iter_rows():\n                copy.write_row(row)",
            ),
            offset=16,
            limit=9,
            total=27,
        ),
    )
    s.act(
        None,
        Edit(
            "etl/pg.py",
            '    df = read_export(f"data/raw/tx-{month}.csv").with_columns(\n        pl.col("amount").str.replace_all(",", "").cast(pl.Float64)\n    )',
            '    df = read_export(f"data/raw/tx-{month}.csv")',
        ),
    )
    s.act(
        None,
        Write(
            "tests/test_amount.py",
            "import polars as pl\nimport pytest\nfrom decimal import Decimal\n\nfrom etl.load import parse_amount\n\n\n"
            '@pytest.mark.parametrize("raw, want", [("1.234,50", "1234.50"), ("-23,47", "-23.47"), (" 7,00 ", "7.00"), '
            '("12.412,00", "12412.00")])\ndef test_parse_amount_german_format(raw, want):\n'
            '    out = pl.DataFrame({"amount": [raw]}).select(parse_amount())["amount"][0]\n    assert out == Decimal(want)\n',
        ),
    )
    s.act(
        None,
        Bash(
            "python -m pytest -q",
            pytest_out(
                [
                    ("tests/test_amount.py", "...."),
                    ("tests/test_dags.py", "..."),
                    ("tests/test_load.py", "....."),
                    ("tests/test_pg.py", ".."),
                ],
                secs=3.41,
            ),
            desc="Full test suite",
            secs=6,
        ),
    )
    s.agent_done(after=20)
    s.say(
        "The profile confirms it: all files up to September use a decimal point, all from 2026-10-07 on use "
        "German format, fees included. That exposes a bug in what I just wrote: for the old files, removing "
        "every `.` turns `1234.50` into `123450`, and the tests didn't cover it. Making `parse_amount` "
        "format-aware:"
    )
    s.act(
        None,
        Edit(
            "etl/load.py",
            "    return (\n        pl.col(col)\n        .str.strip_chars()\n"
            '        .str.replace_all(".", "", literal=True)\n        .str.replace(",", ".", literal=True)\n'
            "        .cast(pl.Decimal(18, 2))\n    )",
            '    s = pl.col(col).str.strip_chars()\n    german = s.str.contains(r",\\d{1,2}$")\n'
            "    return (\n        pl.when(german)\n"
            '        .then(s.str.replace_all(".", "", literal=True).str.replace(",", ".", literal=True))\n'
            "        .otherwise(s)\n        .cast(pl.Decimal(18, 2))\n        .alias(col)\n    )",
        ),
    )
    s.act(
        None,
        Edit(
            "tests/test_amount.py",
            '("12.412,00", "12412.00")])',
            '("12.412,00", "12412.00"), ("1234.50", "1234.50"), ("-5.10", "-5.10")])',
        ),
    )
    s.act(
        None,
        Bash(
            "python -m pytest -q && python -m etl.pg --month 2026-10 --service etl_staging --truncate && psql "
            "service=etl_staging -c \"select sum(amount) from raw.transactions where merchant ilike 'rewe%' and "
            "booking_date = '2026-10-16'\"",
            pytest_out(
                [
                    ("tests/test_amount.py", "......"),
                    ("tests/test_dags.py", "..."),
                    ("tests/test_load.py", "....."),
                    ("tests/test_pg.py", ".."),
                ],
                secs=3.38,
            )
            + "\nloaded 1047226 rows into raw.transactions\n   sum\n---------\n 1345.09\n(1 row)",
            desc="Tests, reload October on staging, check REWE",
            secs=40,
        ),
    )
    s.say("Both formats parse; October reloaded on staging and REWE on 2026-10-16 sums to 1345.09 again.")
    s.user(
        "turns out the vendor switched to german number format in october, nobody told us. ok 提交",
        lessons=["turns out the vendor switched to german number format in october"],
    )
    s.act(
        None,
        Bash(
            'git add etl/load.py etl/pg.py tests/test_amount.py && git commit -m "fix: one parse_amount for both '
            'number formats"',
            git_commit("fix/amount-parsing", "6b1f9d0", "fix: one parse_amount for both number formats", 3, 41, 6),
            desc="Commit",
        ),
    )
    s.say("Committed 6b1f9d0.")
    s.outcome("success", "parse_amount in load.py handles both formats; tests pass; October reloaded and verified")
    s.hit(AMOUNT, fixed=True)
    return s


# ------------------------------------------------------------------------------------------------------------------
AIRFLOW_LOG = (
    """[2026-10-22, 00:31:07 UTC] {taskinstance.py:3310} ERROR - Task failed with exception
Traceback (most recent call last):
  File "/opt/airflow/src/etl/load.py", line 28, in load_fees
    con = duckdb.connect(warehouse_path())
duckdb.duckdb.IOException: """
    + lock_error(88, "/usr/local/bin/python3.12", "/opt/airflow/data/warehouse.duckdb")
    + """
[2026-10-22, 00:31:07 UTC] {taskinstance.py:1225} INFO - Marking task as UP_FOR_RETRY. dag_id=etl_daily, task_id=load_fees, run_id=scheduled__2026-10-21T00:30:00+00:00
[2026-10-22, 00:36:09 UTC] {taskinstance.py:1225} INFO - Marking task as FAILED. dag_id=etl_daily, task_id=load_fees"""
)

DAG_PY = """with DAG("etl_daily", schedule="30 0 * * *", start_date=datetime(2026, 9, 1), catchup=False) as dag:
    load_tx = PythonOperator(task_id="load_transactions", python_callable=load_transactions_for_day)
    load_fees = PythonOperator(task_id="load_fees", python_callable=load_fees_for_day)
    build = BashOperator(task_id="build_marts", bash_command="cd /opt/airflow/dbt && dbt build --target dev")

    [load_tx, load_fees] >> build"""


def e15_airflow_pool() -> Session:
    s = etl("e15-airflow-pool", "2026-10-22T01:00:04", "2.1.198", "fix/airflow-duckdb-pool", "brave-juniper-newt")
    s.user(
        "nightly dag failed, load_fees 又是锁。log:\n```\n" + AIRFLOW_LOG + "\n```",
        after=0,
    )
    s.act(None, Read("dags/etl_daily.py", DAG_PY, offset=14, limit=6, total=21))
    s.act(
        "`load_transactions` and `load_fees` run in parallel (LocalExecutor) and both open `warehouse.duckdb` for "
        "writing, so whichever starts second fails on the lock. The tests fix from Monday doesn't cover this: "
        "these are two real writers. Options: chain them, or put every task that writes DuckDB into an Airflow "
        "pool with a single slot so they queue instead of failing.",
        Bash(
            "docker compose exec airflow-scheduler airflow pools list",
            "pool         | slots | description\n=============+=======+=============\ndefault_pool | 128   | Default pool",
            desc="Existing pools",
        ),
    )
    s.user(
        "pool. 决定了：所有写 duckdb 的 task 都进 duckdb_writer 这个 pool，只给一个 slot。build_marts 也算",
        decisions=["决定了：所有写 duckdb 的 task 都进 duckdb_writer 这个 pool，只给一个 slot"],
    )
    s.act(
        None,
        Edit(
            "dags/etl_daily.py",
            '    load_tx = PythonOperator(task_id="load_transactions", python_callable=load_transactions_for_day)\n'
            '    load_fees = PythonOperator(task_id="load_fees", python_callable=load_fees_for_day)\n'
            '    build = BashOperator(task_id="build_marts", bash_command="cd /opt/airflow/dbt && dbt build --target dev")',
            '    writer = {"pool": "duckdb_writer"}  # one writer at a time for warehouse.duckdb\n'
            '    load_tx = PythonOperator(task_id="load_transactions", python_callable=load_transactions_for_day, **writer)\n'
            '    load_fees = PythonOperator(task_id="load_fees", python_callable=load_fees_for_day, **writer)\n'
            '    build = BashOperator(\n        task_id="build_marts", bash_command="cd /opt/airflow/dbt && dbt build --target dev", **writer\n    )',
        ),
    )
    s.act(
        None,
        Bash(
            'docker compose exec airflow-scheduler airflow pools set duckdb_writer 1 "one writer for warehouse.duckdb"',
            "Pool duckdb_writer created",
            desc="Create the one-slot pool",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose exec airflow-scheduler airflow dags test etl_daily 2026-10-21 2>&1 | grep -E 'Marking task|pool' ",
            "[2026-10-22, 01:06:12 UTC] {taskinstance.py:2612} INFO - Dependencies not met for <TaskInstance: etl_daily.load_fees>, "
            "dependency 'Pool Slots Available' FAILED: ('Not scheduling since there are %s open slots in pool %s and require %s pool slots', 0, 'duckdb_writer', 1)\n"
            "[2026-10-22, 01:06:31 UTC] {taskinstance.py:1225} INFO - Marking task as SUCCESS. dag_id=etl_daily, task_id=load_transactions\n"
            "[2026-10-22, 01:06:44 UTC] {taskinstance.py:1225} INFO - Marking task as SUCCESS. dag_id=etl_daily, task_id=load_fees\n"
            "[2026-10-22, 01:07:20 UTC] {taskinstance.py:1225} INFO - Marking task as SUCCESS. dag_id=etl_daily, task_id=build_marts",
            desc="Test the DAG run",
            secs=75,
        ),
    )
    s.say("With the pool, `load_fees` waits for the slot instead of failing; all three tasks succeed.")
    s.user(
        "good. also load_fees still does executemany into pg — switch it, anything big goes through COPY",
        rules=[("copy", "anything big goes through COPY")],
    )
    s.act(
        None,
        Read(
            "etl/pg.py",
            'def load_fees(day: str, service: str = "etl_staging") -> int:\n    df = read_fees(f"data/raw/fees-{day}.csv")\n    with psycopg.connect(service=service) as conn, conn.cursor() as cur:\n        cur.executemany(FEES_INSERT_SQL, df.rows())\n    return df.height',
            offset=30,
            limit=5,
            total=34,
        ),
    )
    s.act(
        None,
        Edit(
            "etl/pg.py",
            "        cur.executemany(FEES_INSERT_SQL, df.rows())",
            "        with cur.copy(FEES_COPY_SQL) as copy:\n            for row in df.iter_rows():\n                copy.write_row(row)",
        ),
    )
    s.act(
        None,
        Bash(
            "python -m pytest -q tests/test_pg.py tests/test_dags.py",
            pytest_out([("tests/test_dags.py", "...."), ("tests/test_pg.py", "...")], secs=1.92),
            desc="Loader and DAG tests",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            'git add dags/etl_daily.py etl/pg.py && git commit -m "fix: duckdb_writer pool for tasks writing the warehouse" && git push -u origin fix/airflow-duckdb-pool',
            git_commit(
                "fix/airflow-duckdb-pool",
                "c40e8a7",
                "fix: duckdb_writer pool for tasks writing the warehouse",
                2,
                14,
                5,
            )
            + "\n"
            + git_push(REPO, "fix/airflow-duckdb-pool"),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say(
        "Pushed `fix/airflow-duckdb-pool` (c40e8a7). The pool exists in the compose Airflow; prod Airflow needs the same `airflow pools set`."
    )
    s.outcome("success", "one-slot duckdb_writer pool: DAG test run succeeds, load_fees on COPY, tests pass, pushed")
    s.hit(LOCK)
    s.second_fix(LOCK)
    return s


SESSIONS = [
    e01_dbt_setup,
    e02_dbt_lock,
    e03_polars,
    e04_october_export,
    e05_mart_tests,
    e06_pytest_lock,
    e07_airflow_import,
    e08_lazy_question,
    e09_not_null,
    e10_copy,
    e11_stale_dashboard,
    e12_fix_lock,
    e13_dashboard_small,
    e14_fix_amount,
    e15_airflow_pool,
]
