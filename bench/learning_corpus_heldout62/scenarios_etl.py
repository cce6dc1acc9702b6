"""Sushma's `khata-etl` sessions (e01-e16): a Python 3.12 Dagster pipeline that loads eSewa and Nabil Bank
statement exports into a DuckDB warehouse, builds dbt models (dbt-duckdb in dev, dbt-postgres for the marts the
app reads), uv for packaging, pytest, and a systemd timer on a Hetzner box (`ssh khata`, clock in UTC). Times are
UTC; Kathmandu is UTC+05:45."""

from __future__ import annotations

from fake_output import ETL, dbt_run, git_commit, pytest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "khata-etl"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ETL, project=PROJECT)


PYPROJECT = """[project]
name = "khata-etl"
version = "0.1.0"
requires-python = ">=3.12"
dependencies = []

[dependency-groups]
dev = ["pytest==8.3.4", "ruff==0.9.6"]

[tool.dagster]
module_name = "khata.definitions"
"""

ESEWA_PY = """import csv
from datetime import datetime, timezone
from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

RAW = Path("data/raw/esewa")
daily = dg.DailyPartitionsDefinition(start_date="2029-01-01", timezone="Asia/Kathmandu")


def parse_row(row: dict[str, str]) -> dict:
    \"\"\"One line of the eSewa statement export; 'Date Time' looks like '2029-02-09 21:41:05'.\"\"\"
    return {
        "txn_id": row["Reference Code"],
        "txn_at": datetime.strptime(row["Date Time"], "%Y-%m-%d %H:%M:%S").replace(tzinfo=timezone.utc),
        "amount": float(row["Amount (Rs)"].replace(",", "")),
        "direction": "in" if row["Dr/Cr"] == "CR" else "out",
        "remarks": row["Remarks"].strip(),
    }


@dg.asset(partitions_def=daily, compute_kind="duckdb")
def esewa_txn(context: dg.AssetExecutionContext, duckdb: DuckDBResource) -> None:
    day = context.partition_key
    rows = [parse_row(r) for r in csv.DictReader((RAW / f"{day}.csv").open(encoding="utf-8"))]
    with duckdb.get_connection() as conn:
        conn.execute("delete from raw.esewa_txn where txn_at::date = ?", [day])
        conn.executemany("insert into raw.esewa_txn values (?, ?, ?, ?, ?)", [tuple(r.values()) for r in rows])
    context.add_output_metadata({"rows": len(rows)})
"""

ESEWA_TEST = """from datetime import datetime, timezone

from khata.assets.esewa import parse_row

ROW = {
    "Reference Code": "0EX4KQ7",
    "Date Time": "2029-02-09 21:41:05",
    "Amount (Rs)": "1,250.00",
    "Dr/Cr": "DR",
    "Remarks": "Fonepay  ",
}


def test_parse_esewa_row():
    row = parse_row(ROW)
    assert row["txn_at"] == datetime(2029, 2, 9, 21, 41, 5, tzinfo=timezone.utc)
    assert row["amount"] == 1250.0
    assert row["direction"] == "out"
"""

NABIL_PY = """import csv
from datetime import datetime, timezone
from pathlib import Path

import dagster as dg
from dagster_duckdb import DuckDBResource

from khata.assets.esewa import daily

RAW = Path("data/raw/nabil")


def parse_row(row: dict[str, str]) -> dict:
    \"\"\"One line of the Nabil Bank statement CSV; 'Txn Date' is '20/02/2029 21:10'.\"\"\"
    return {
        "txn_id": row["Tran Id"],
        "txn_at": datetime.strptime(row["Txn Date"], "%d/%m/%Y %H:%M").replace(tzinfo=timezone.utc),
        "amount": float(row["Amount"].replace(",", "")),
        "direction": "in" if row["Cr"] else "out",
        "remarks": row["Description"].strip(),
    }
"""


def paisa(text: str, column: str) -> str:
    """A loader as it is after e09: amounts parsed to integer paisa through Decimal."""
    return text.replace("import csv\n", "import csv\nfrom decimal import Decimal\n").replace(
        f'        "amount": float(row["{column}"].replace(",", "")),',
        f'        "amount_paisa": round(Decimal(row["{column}"].replace(",", "")) * 100),',
    )


SERVICE = """[Unit]
Description=khata nightly materialization
After=network-online.target

[Service]
Type=oneshot
User=khata
WorkingDirectory=/srv/khata/app
KillMode=none
ExecStart=/usr/local/bin/uv run dagster job execute -m khata.definitions -j nightly
"""

DOCS_SERVICE = """[Unit]
Description=khata dbt docs build

[Service]
Type=oneshot
User=khata
WorkingDirectory=/srv/khata/app/dbt
ExecStart=/usr/local/bin/uv run dbt docs generate --target prod
"""

TIMER = """[Unit]
Description=khata nightly run

[Timer]
OnCalendar=*-*-* 01:00:00 Asia/Kathmandu
Persistent=true

[Install]
WantedBy=timers.target
"""

STG_ESEWA = """with source as (
    select * from {{ source('raw', 'esewa_txn') }}
)

select
    txn_id,
    txn_at,
    cast(txn_at as date) as txn_date,
    amount,
    direction,
    remarks
from source
"""

PROFILES = """khata:
  target: dev
  outputs:
    dev:
      type: duckdb
      path: ../data/warehouse.duckdb
      threads: 4
    prod:
      type: postgres
      host: 10.0.0.4
      user: khata
      password: "{{ env_var('KHATA_PG_PASSWORD') }}"
      dbname: khata
      schema: marts
      threads: 4
"""


# ---------------------------------------------------------------------------------------------------------------


def e01() -> Session:
    s = new("e01-esewa-asset", "2029-02-11T03:50:22", "2.1.150", "esewa-asset", "statement-loader-kiwi")
    s.user(
        "khata-etl सुरु गरौं। निर्णय: warehouse DuckDB मै बस्छ, Postgres मा app ले पढ्ने marts मात्र जान्छन्। "
        "पहिलो asset: data/raw/esewa/ मा दिनको एउटा statement CSV हुन्छ, त्यसलाई DuckDB को raw.esewa_txn मा "
        "daily partition अनुसार load गर्ने।",
        decisions=["warehouse DuckDB मै बस्छ, Postgres मा app ले पढ्ने marts मात्र जान्छन्"],
    )
    s.title("eSewa statement asset")
    s.act(None, Read("pyproject.toml", PYPROJECT))
    s.say("Before I add packages: Dagster for orchestration, or plain scripts on cron to start with?")
    s.user(
        "we go with Dagster, not a pile of cron scripts, I've done the cron thing before. uv for everything in "
        "this repo, no pip, no poetry. and keep every raw bank export in data/raw, don't delete any, I want to be "
        "able to rebuild the whole warehouse from them.",
        decisions=["Dagster, not a pile of cron scripts"],
        rules=[
            ("uv-only", "uv for everything in this repo, no pip, no poetry"),
            ("raw-keep", "keep every raw bank export in data/raw, don't delete any"),
        ],
    )
    s.act(
        None,
        Bash(
            "uv add dagster==1.9.6 dagster-webserver==1.9.6 dagster-duckdb==0.25.6 dagster-dbt==0.25.6 "
            "dbt-duckdb==1.9.1 dbt-postgres==1.9.0",
            "Resolved 118 packages in 2.41s\nPrepared 96 packages in 9.87s\nInstalled 96 packages in 612ms\n"
            " + dagster==1.9.6\n + dagster-dbt==0.25.6\n + dagster-duckdb==0.25.6\n + dagster-webserver==1.9.6\n"
            " + dbt-core==1.9.2\n + dbt-duckdb==1.9.1\n + dbt-postgres==1.9.0\n + duckdb==1.1.3\n ...",
            secs=16,
        ),
    )
    s.act(
        "The asset, a parser for one statement line, and a test:",
        Write("khata/assets/esewa.py", ESEWA_PY),
        Write("tests/test_esewa.py", ESEWA_TEST),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(1, secs=0.41)))
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize --select esewa_txn --partition 2029-02-09 -m khata.definitions",
            "2029-02-11 09:38:51 +0545 - dagster - INFO - RUN_START - Started execution of run for "
            '"__ASSET_JOB".\n2029-02-11 09:38:52 +0545 - dagster - INFO - esewa_txn - ASSET_MATERIALIZATION - '
            "Materialized value esewa_txn.\n2029-02-11 09:38:52 +0545 - dagster - INFO - RUN_SUCCESS - Finished "
            'execution of run for "__ASSET_JOB".',
            secs=9,
        ),
    )
    s.say(
        "`esewa_txn` loads one day's statement into `raw.esewa_txn` (daily partitions in Asia/Kathmandu); the "
        "2029-02-09 partition materialized with 37 rows. Raw CSVs stay where they are under `data/raw/esewa/`."
    )
    s.user("nice, commit it.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(esewa): daily esewa statement asset'",
            git_commit("esewa-asset", "c4d2e19", "feat(esewa): daily esewa statement asset", 5, 138, 2),
        ),
    )
    s.say("Committed `c4d2e19`.")
    s.outcome("success", "Dagster project set up with uv; eSewa statement asset loads a day into DuckDB")
    return s


def e02() -> Session:
    s = new("e02-team-rules-nabil", "2029-02-12T04:40:09", "2.1.150", "nabil-staging", "team-notes-lark")
    s.user(
        "Bikash र मैले यी कुरा लेखेर राखेका छौं, notes बाट paste गर्दैछु:\n\n"
        "1. Commit messages in conventional commits: feat:, fix:, chore:, with a scope.\n"
        "2. main ma direct push nagarne, sabai PR bata.\n"
        "3. Secrets live only in /srv/khata/khata.env on the box, not in profiles.yml, not in the repo.\n\n"
        "Now: a dbt staging model for the Nabil Bank export (raw.nabil_txn, same columns as esewa) and a seed "
        "with our accounts. for now just hardcode the two bank account ids in the seed.",
        rules=[
            ("conv-commits", "Commit messages in conventional commits: feat:, fix:, chore:, with a scope"),
            ("no-push-main", "main ma direct push nagarne, sabai PR bata"),
            (
                "secrets-envfile",
                "Secrets live only in /srv/khata/khata.env on the box, not in profiles.yml, not in the repo",
            ),
        ],
        non_rules=["for now just hardcode the two bank account ids in the seed"],
    )
    s.act(None, Read("dbt/models/staging/stg_esewa__transactions.sql", STG_ESEWA))
    s.act(
        "A good convention is to never use `select *` in staging models; list the columns explicitly. The Nabil "
        "model lists them, and the seed has the two accounts:",
        Write(
            "dbt/models/staging/stg_nabil__transactions.sql",
            "select\n    txn_id,\n    txn_at,\n    cast(txn_at as date) as txn_date,\n    amount,\n    direction,\n"
            "    remarks\nfrom {{ source('raw', 'nabil_txn') }}\n",
        ),
        Write(
            "dbt/seeds/accounts.csv",
            "account_id,bank,label\n0102017500123,nabil,Nabil savings\n9841XXXXXX,esewa,eSewa wallet\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cd dbt && uv run dbt build --select stg_nabil__transactions accounts",
            dbt_run(
                "10:27:14",
                "build",
                [
                    ("accounts", "OK"),
                    ("stg_nabil__transactions", "OK"),
                    ("not_null_stg_nabil__transactions_txn_id", "PASS"),
                ],
            ),
            secs=8,
        ),
    )
    s.say("The Nabil staging model and the accounts seed build, and the `txn_id` not-null test passes.")
    s.user(
        "thik cha. अनि nightly timer पनि: the nightly run goes at 01:00 Kathmandu time. Bikash को unit file "
        "deploy/ मा छ, timer मात्र चाहिन्छ।",
        rules=[("timer-0100", "the nightly run goes at 01:00 Kathmandu time")],
    )
    s.act(None, Read("deploy/khata-etl.service", SERVICE))
    s.act(None, Write("deploy/khata-etl.timer", TIMER))
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(dbt): nabil staging model, accounts seed and nightly timer'",
            git_commit(
                "nabil-staging", "5a90be3", "feat(dbt): nabil staging model, accounts seed and nightly timer", 3, 26, 0
            ),
        ),
    )
    s.say(
        "`deploy/khata-etl.timer` fires `khata-etl.service` at 01:00 Asia/Kathmandu every day (`Persistent=true` "
        "catches up after a reboot). Committed `5a90be3` on the branch; I'll leave the PR to you."
    )
    s.not_person(
        "A good convention is to never use `select *` in staging models; list the columns explicitly.", "assistant_text"
    )
    s.outcome("success", "Nabil staging model, accounts seed and the nightly timer written and committed")
    return s


def e03() -> Session:
    s = new("e03-daily-totals", "2029-02-13T05:00:48", "2.1.151", "main", "statement-recon-heron")
    fail = dbt_run(
        "10:41:09",
        "test",
        [("assert_daily_totals_match_statement", "FAIL 3")],
        tail=[
            "",
            "Failure in test assert_daily_totals_match_statement (tests/assert_daily_totals_match_statement.sql)",
            "  Got 3 results, configured to fail if != 0",
            "",
            "  compiled code at target/compiled/khata/tests/assert_daily_totals_match_statement.sql",
        ],
    )
    s.user(
        "dbt test fail bhayo, statement ko daily closing sanga hamro daily total milena:\n\n```\n"
        + fail
        + "\n```\nkun kun din ho, ani kina, hera ta."
    )
    s.act(
        None,
        Bash(
            "cd dbt && uv run dbt show --select assert_daily_totals_match_statement",
            "| txn_date   | our_total | statement_total |    diff |\n|------------|-----------|-----------------|"
            "---------|\n| 2029-02-06 |  -1910.00 |        -3160.00 |  1250.0 |\n| 2029-02-07 |  -5390.00 |   "
            "     -4140.00 | -1250.0 |\n| 2029-02-09 |   -980.00 |        -2230.00 |  1250.0 |",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            'uv run duckdb data/warehouse.duckdb -c "select txn_id, txn_at, amount from raw.esewa_txn where '
            "txn_id in ('0EX4KQ7', '0EW9PA2')\"",
            "┌─────────┬──────────────────────────┬────────┐\n│ txn_id  │          txn_at          │ amount │\n"
            "│ varchar │ timestamp with time zone │ double │\n├─────────┼──────────────────────────┼────────┤\n"
            "│ 0EX4KQ7 │ 2029-02-10 03:26:05+05:45 │ 1250.0 │\n│ 0EW9PA2 │ 2029-02-07 02:11:40+05:45 │ 1250.0 │\n"
            "└─────────┴──────────────────────────┴────────┘",
        ),
    )
    s.say(
        "The differences move a whole transaction from one day to the next, always a late-evening one. The "
        "stored `txn_at` values were written as UTC, and DuckDB shows them in your session zone. It could also "
        "be that the statement closes its day earlier than midnight. I can change the test to match on a "
        "one-day window, so a transaction near the boundary counts on either day."
    )
    s.user("yo test khukulo banayera hudaina. aaja yati, bholi herchhu.")
    s.outcome("failed", "daily totals differ from the statement on three days; loosening the test was declined")
    s.hit("naive-time-as-utc")
    return s


def e04() -> Session:
    s = new("e04-dagster-bump", "2029-02-14T04:30:36", "2.1.151", "bump-dagster", "resolver-clash-moth")
    s.user("bump dagster to 1.9.9 please, there's a fix for the asset check UI I want.")
    s.act(
        None,
        Bash(
            "uv add dagster==1.9.9 dagster-webserver==1.9.9",
            "  × No solution found when resolving dependencies:\n  ╰─▶ Because dagster-dbt==0.25.6 depends on "
            "dagster==1.9.6 and your project depends on dagster==1.9.9, we can conclude that your project's "
            "requirements are unsatisfiable.\n      And because your project depends on dagster-dbt==0.25.6, we can "
            "conclude that your project's requirements are unsatisfiable.",
            code=1,
        ),
    )
    s.act(
        "The integration libraries are pinned to one Dagster release each. Checking which versions exist:",
        Denied(Bash("pip index versions dagster-dbt")),
    )
    s.user(
        "पहिले नै भनेको थिएँ, यो repo मा pip होइन, सबै uv बाट।",
        rules=[("uv-only", "यो repo मा pip होइन, सबै uv बाट")],
    )
    s.act(
        None,
        Bash(
            "uv add dagster==1.9.9 dagster-webserver==1.9.9 dagster-duckdb==0.25.9 dagster-dbt==0.25.9",
            "Resolved 118 packages in 1.93s\nPrepared 4 packages in 2.10s\nUninstalled 4 packages in 48ms\n"
            "Installed 4 packages in 31ms\n - dagster==1.9.6\n + dagster==1.9.9\n - dagster-dbt==0.25.6\n"
            " + dagster-dbt==0.25.9\n - dagster-duckdb==0.25.6\n + dagster-duckdb==0.25.9\n"
            " - dagster-webserver==1.9.6\n + dagster-webserver==1.9.9",
            secs=6,
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(3, secs=0.58)))
    s.say("Dagster 1.9.9 pairs with the 0.25.9 integrations; bumped all four together with `uv add`, tests pass.")
    s.user("ok thanks. commit it as chore(deps).")
    s.act(
        None,
        Bash(
            "git add pyproject.toml uv.lock && git commit -m 'chore(deps): dagster 1.9.9'",
            git_commit("bump-dagster", "0be7a43", "chore(deps): dagster 1.9.9", 2, 41, 41),
        ),
    )
    s.one_off(
        "uv cannot add dagster 1.9.9 because dagster-dbt 0.25.6 pins dagster==1.9.6; the integrations were bumped "
        "to 0.25.9 in the same uv add"
    )
    s.outcome("success", "dagster and its integrations bumped together with uv; tests pass")
    return s


def e05() -> Session:
    s = new("e05-timer-keyerror", "2029-02-15T04:20:17", "2.1.152", "main", "nightly-keyerror-crane")
    s.user(
        "last night's timer run failed, the first one from the timer. `journalctl -u khata-etl.service`:\n\n```\n"
        "Feb 14 19:15:01 khata-hel1 systemd[1]: /etc/systemd/system/khata-etl.service:9: Unit configured to use "
        "KillMode=none. This is unsafe, as it disables systemd's process lifecycle management for the service. "
        "Please update the service to use a safer KillMode=, such as 'mixed' or 'control-group'. Support for "
        "KillMode=none is deprecated and will eventually be removed.\n"
        "Feb 14 19:15:01 khata-hel1 systemd[1]: Starting khata-etl.service - khata nightly materialization...\n"
        "Feb 14 19:15:09 khata-hel1 uv[51207]: dagster._core.errors.DagsterExecutionStepExecutionError: Error "
        'occurred while executing op "pg_marts":\n'
        'Feb 14 19:15:09 khata-hel1 uv[51207]:   File "/srv/khata/app/khata/resources.py", line 14, in pg_dsn\n'
        'Feb 14 19:15:09 khata-hel1 uv[51207]:     return os.environ["KHATA_PG_DSN"]\n'
        "Feb 14 19:15:09 khata-hel1 uv[51207]: KeyError: 'KHATA_PG_DSN'\n"
        "Feb 14 19:15:10 khata-hel1 systemd[1]: khata-etl.service: Main process exited, code=exited, "
        "status=1/FAILURE\nFeb 14 19:15:10 khata-hel1 systemd[1]: khata-etl.service: Failed with result "
        "'exit-code'.\n```\n\nwhen I run the job by hand on the box it works."
    )
    s.act(
        None,
        Read(
            "khata/resources.py",
            "import os\n\nimport dagster as dg\nfrom dagster_duckdb import DuckDBResource\n\n"
            'WAREHOUSE = os.environ.get("KHATA_WAREHOUSE", "/srv/khata/data/warehouse.duckdb")\n\n\n'
            "def duckdb() -> DuckDBResource:\n    return DuckDBResource(database=WAREHOUSE)\n\n\n"
            'def pg_dsn() -> str:\n    return os.environ["KHATA_PG_DSN"]',
        ),
    )
    s.act(
        "The job reads the DSN from the environment. To keep the nightly run going, a fallback DSN for the box:",
        Denied(
            Edit(
                "khata/resources.py",
                'def pg_dsn() -> str:\n    return os.environ["KHATA_PG_DSN"]',
                'def pg_dsn() -> str:\n    return os.environ.get("KHATA_PG_DSN", '
                '"postgresql://khata:khata@10.0.0.4:5432/khata")',
            ),
            "password code ma haina",
        ),
    )
    s.user("yo bata hudaina. aaja rati ma tmux bata haat le chalauchhu, time chaina aile.")
    s.say("OK, `khata/resources.py` is unchanged; the timer run will fail the same way until the variable reaches it.")
    s.not_person(
        "Please update the service to use a safer KillMode=, such as 'mixed' or 'control-group'.", "pasted_log"
    )
    s.outcome("failed", "the timer's run fails with KeyError: 'KHATA_PG_DSN'; a hardcoded fallback DSN was refused")
    s.hit("systemd-no-envfile")
    return s


def e06() -> Session:
    s = new("e06-future-check", "2029-02-16T04:50:55", "2.1.152", "main", "future-rows-owl")
    s.user(
        "the run I started by hand last night went through but the asset check is red:\n\n```\nAsset check "
        "'txn_not_in_future' on 'esewa_txn' (partition 2029-02-15) failed\n  severity: ERROR\n  metadata:\n"
        "    rows_in_future: 14\n    max_txn_at: 2029-02-15 23:52:10+00:00\n    checked_at: 2029-02-15 "
        "19:31:44+00:00\n```\nhow can there be payments from the future?"
    )
    s.act(
        None,
        Grep(
            "txn_not_in_future",
            ['khata/checks.py:8:@dg.asset_check(asset=esewa_txn, name="txn_not_in_future")'],
            mode="content",
        ),
        Bash(
            "ssh khata timedatectl",
            "               Local time: Fri 2029-02-16 04:51:37 UTC\n"
            "           Universal time: Fri 2029-02-16 04:51:37 UTC\n                Time zone: Etc/UTC (UTC, +0000)\n"
            "System clock synchronized: yes\n              NTP service: active",
        ),
    )
    s.say(
        "The box clock is right and synced. The check compares `txn_at` with the run time, and the 14 rows are "
        "the last ones of the day. Re-materializing the recent partitions might clear rows written by an earlier "
        "version of the loader:"
    )
    s.act(
        None,
        Denied(
            Bash(
                "uv run dagster asset materialize --select esewa_txn --partition-range 2029-02-10...2029-02-15 "
                "-m khata.definitions"
            )
        ),
    )
    s.user(
        "अब देखि मलाई नसोधी backfill नचलाउनुस्। त्यसले Postgres का marts पनि फेरि लेख्छ। आज यत्ति, अझै मिलेको छैन।",
        rules=[("no-backfill", "मलाई नसोधी backfill नचलाउनुस्")],
    )
    s.outcome("failed", "asset check finds 14 transactions 'in the future'; the backfill was refused, still red")
    s.hit("naive-time-as-utc")
    return s


def e07() -> Session:
    s = new("e07-docs-env-var", "2029-02-18T05:00:31", "2.1.153", "main", "docs-build-bulbul")
    s.user(
        "the dbt docs timer is failing too now, different service:\n\n```\n$ journalctl -u khata-docs.service -n 6\n"
        "Feb 18 00:45:02 khata-hel1 systemd[1]: Starting khata-docs.service - khata dbt docs build...\n"
        "Feb 18 00:45:05 khata-hel1 uv[60114]: 00:45:05  Running with dbt=1.9.2\n"
        "Feb 18 00:45:05 khata-hel1 uv[60114]: 00:45:05  Encountered an error:\n"
        "Feb 18 00:45:05 khata-hel1 uv[60114]: Parsing Error\n"
        "Feb 18 00:45:05 khata-hel1 uv[60114]:   Env var required but not provided: 'KHATA_PG_PASSWORD'\n"
        "Feb 18 00:45:05 khata-hel1 systemd[1]: khata-docs.service: Main process exited, code=exited, "
        "status=2/INVALIDARGUMENT\n```"
    )
    s.act(None, Read("dbt/profiles.yml", PROFILES), Read("deploy/khata-docs.service", DOCS_SERVICE))
    s.act(
        "The prod target takes its password from `KHATA_PG_PASSWORD`, which the docs service does not have. "
        "Putting the value in the profile for the prod target:",
        Denied(
            Edit(
                "dbt/profiles.yml",
                "      password: \"{{ env_var('KHATA_PG_PASSWORD') }}\"",
                "      password: \"{{ env_var('KHATA_PG_PASSWORD', 'k4ta-prod-2029') }}\"",
            ),
            "no, team rule 3",
        ),
    )
    s.say(
        "Understood. Then the variable has to reach the service: an `Environment=KHATA_PG_PASSWORD=…` line in the "
        "unit would do it, but that also puts the secret in a file under /etc/systemd."
    )
    s.user("yo chhoda aaja, Bikash sanga kura garchhu.")
    s.outcome("failed", "dbt docs service fails on a missing KHATA_PG_PASSWORD; the profile edit was refused")
    s.hit("systemd-no-envfile")
    return s


HOOKS_PY = """import os

import dagster as dg
import httpx


@dg.failure_hook(name="telegram_on_failure")
def telegram_on_failure(context: dg.HookContext) -> None:
    token = os.environ.get("TELEGRAM_BOT_TOKEN")
    chat = os.environ.get("TELEGRAM_CHAT_ID")
    text = f"khata-etl: op {context.op.name} failed in run {context.run_id[:8]}"
    httpx.post(f"https://api.telegram.org/bot{token}/sendMessage", json={"chat_id": chat, "text": text}, timeout=10).raise_for_status()
"""


def e08() -> Session:
    s = new("e08-telegram-hook", "2029-02-19T04:45:12", "2.1.153", "telegram-alerts", "failure-ping-myna")
    s.user(
        "decision: failure alerts go to Telegram, not email. Bikash and I both live in Telegram anyway. Add a "
        "failure hook on the nightly job that posts the op name and run id to our group; the token is "
        "TELEGRAM_BOT_TOKEN and the chat id TELEGRAM_CHAT_ID, both already in khata.env.",
        decisions=["failure alerts go to Telegram, not email"],
    )
    s.act(
        None,
        Read(
            "khata/definitions.py",
            "import dagster as dg\n\nfrom khata import assets, checks, resources\n\n"
            'nightly = dg.define_asset_job("nightly", selection="*")\n\n'
            "defs = dg.Definitions(\n    assets=dg.load_assets_from_modules([assets]),\n"
            "    asset_checks=dg.load_asset_checks_from_modules([checks]),\n    jobs=[nightly],\n"
            '    resources={"duckdb": resources.duckdb()},\n)',
        ),
    )
    s.act(
        None,
        Write("khata/hooks.py", HOOKS_PY),
        Edit(
            "khata/definitions.py",
            'nightly = dg.define_asset_job("nightly", selection="*")',
            'nightly = dg.define_asset_job("nightly", selection="*", hooks={telegram_on_failure})',
        ),
    )
    s.act(
        None,
        Edit(
            "khata/definitions.py",
            "from khata import assets, checks, resources\n",
            "from khata import assets, checks, resources\nfrom khata.hooks import telegram_on_failure\n",
        ),
        Write(
            "tests/test_hooks.py",
            "import respx\nfrom dagster import build_hook_context\n\nfrom khata.hooks import telegram_on_failure\n\n\n"
            '@respx.mock\ndef test_posts_to_telegram(monkeypatch):\n    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", '
            '"T")\n    monkeypatch.setenv("TELEGRAM_CHAT_ID", "-100")\n    route = respx.post("https://api.'
            'telegram.org/botT/sendMessage").respond(200, json={"ok": True})\n    telegram_on_failure('
            'build_hook_context(op=None, run_id="8f2c1a9e-0000"))\n    assert route.called\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv add --dev respx==0.22.0 && uv run pytest -q",
            "Resolved 120 packages in 1.02s\nInstalled 1 package in 9ms\n + respx==0.22.0\n" + pytest_run(4, secs=0.73),
            secs=6,
        ),
    )
    s.say(
        "`telegram_on_failure` is attached to the nightly job and posts `khata-etl: op … failed in run …`; the test passes."
    )
    s.user("good. commit, feat(alerts).")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(alerts): telegram message when a nightly op fails'",
            git_commit(
                "telegram-alerts", "61e8f2d", "feat(alerts): telegram message when a nightly op fails", 5, 44, 1
            ),
        ),
    )
    s.say("Committed `61e8f2d`.")
    s.outcome("success", "Telegram failure hook on the nightly job, tested and committed")
    return s


def e09() -> Session:
    s = new("e09-duckdb-lock", "2029-02-20T05:10:44", "2.1.154", "paisa", "lockfile-pane-gecko")
    s.user(
        "asset materialize garda yo aayo:\n\n```\nduckdb.duckdb.IOException: IO Error: Could not set lock on file "
        '"/home/sushma/code/khata-etl/data/warehouse.duckdb": Conflicting lock is held in /usr/bin/duckdb '
        "(PID 3188) by user sushma. See also https://duckdb.org/docs/connect/concurrency\n```"
    )
    s.act(
        None,
        Bash(
            "ps -p 3188 -o pid,etime,args",
            "    PID     ELAPSED COMMAND\n   3188    02:13:41 duckdb data/warehouse.duckdb",
        ),
    )
    s.say(
        "PID 3188 is a `duckdb data/warehouse.duckdb` shell that has been open for two hours. DuckDB lets one "
        "process write a database file at a time, and the CLI holds the lock while it is open, so the asset "
        "cannot open the warehouse. Quitting that shell (`.exit`) releases it."
    )
    s.user("tmux ko arko pane ma duckdb khulai rakheko thiye, band gare. feri chalau ta.")
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize --select esewa_txn --partition 2029-02-19 -m khata.definitions",
            "2029-02-20 10:58:02 +0545 - dagster - INFO - RUN_START - Started execution of run for "
            '"__ASSET_JOB".\n2029-02-20 10:58:03 +0545 - dagster - INFO - RUN_SUCCESS - Finished execution of run '
            'for "__ASSET_JOB".',
            secs=8,
        ),
    )
    s.say("The partition materialized.")
    s.user(
        "aba dekhi amount haru paisa ma integer rakha, float ma rupiya haina. esewa ra nabil dubai ma milau.",
        rules=[("paisa-int", "amount haru paisa ma integer rakha, float ma rupiya haina")],
    )
    s.act(None, Read("khata/assets/esewa.py", ESEWA_PY), Read("khata/assets/nabil.py", NABIL_PY))
    s.act(
        None,
        Edit(
            "khata/assets/esewa.py",
            '        "amount": float(row["Amount (Rs)"].replace(",", "")),',
            '        "amount_paisa": round(Decimal(row["Amount (Rs)"].replace(",", "")) * 100),',
        ),
        Edit(
            "khata/assets/nabil.py",
            '        "amount": float(row["Amount"].replace(",", "")),',
            '        "amount_paisa": round(Decimal(row["Amount"].replace(",", "")) * 100),',
        ),
        Edit("tests/test_esewa.py", '    assert row["amount"] == 1250.0', '    assert row["amount_paisa"] == 125000'),
    )
    s.act(
        None,
        Edit("khata/assets/esewa.py", "import csv\n", "import csv\nfrom decimal import Decimal\n"),
        Edit("khata/assets/nabil.py", "import csv\n", "import csv\nfrom decimal import Decimal\n"),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(4, secs=0.69)))
    s.say(
        "Both loaders store `amount_paisa` as an integer, parsed through `Decimal` so 1,250.10 becomes 125010 "
        "exactly; the staging models need the renamed column next."
    )
    s.user("ok, I'll do the staging models later. commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(load): store amounts as integer paisa'",
            git_commit("paisa", "3d7f0b6", "feat(load): store amounts as integer paisa", 3, 7, 5),
        ),
    )
    s.one_off(
        "DuckDB 'Could not set lock on file warehouse.duckdb': a duckdb CLI left open in another tmux pane held the "
        "lock; closing it let the asset run"
    )
    s.outcome("success", "the lock was released and the partition loaded; amounts now stored as integer paisa")
    return s


def e10() -> Session:
    s = new("e10-runs-missing", "2029-02-21T04:40:27", "2.1.154", "main", "invisible-runs-loris")
    s.user(
        "एउटा कुरा अचम्मको छ: timer ले चलाएका run हरू Dagster UI को Runs मा देखिँदैनन्, fail भएका पनि "
        "देखिँदैनन्। म box मा हातले dagster job launch गर्दा चाहिँ देखिन्छन्। किन होला?"
    )
    s.act(None, Read("deploy/khata-etl.service", SERVICE))
    s.say(
        "The UI shows the runs stored in the instance under `$DAGSTER_HOME`. In your shell on the box "
        "DAGSTER_HOME is set, but the systemd unit sets no environment at all, and `dagster job execute` "
        "without DAGSTER_HOME uses a temporary instance that is thrown away when the process ends. So the "
        "timer's runs happen but are never recorded where the UI looks."
    )
    s.user("ठिक छ, कुरा बुझें जस्तो लाग्छ। अहिले समय छैन, पछि हेरौंला।")
    s.outcome("unknown", "the missing timer runs in the Dagster UI were explained; nothing was changed")
    s.hit("systemd-no-envfile")
    return s


def e11() -> Session:
    s = new("e11-evening-next-day", "2029-02-22T05:00:06", "2.1.155", "main", "next-day-shift-tern")
    s.user(
        "Didi ले भन्नुभयो, बेलुका ६ बजेपछि गरेका payment हरू app को khata screen मा भोलिपल्टको मितिमा "
        "देखिन्छन्। मेरो आफ्नै चिया पसलको payment पनि त्यस्तै देखियो। हेर्नुस् त।"
    )
    s.act(None, Read("dbt/models/staging/stg_esewa__transactions.sql", STG_ESEWA))
    s.say(
        "Around 18:15 is exactly where a +05:45 shift would move a timestamp past midnight. If the loader "
        "labels the statement's local times as UTC, the app, which shows dates in Asia/Kathmandu, adds another "
        "5 h 45 min and every payment after about 18:15 lands on the next day. I'd check `parse_row` and the "
        "values in `raw.esewa_txn` to confirm."
    )
    s.user("हुन सक्छ। अहिले meeting मा जानुपर्‍यो, पछि हेरौंला।")
    s.outcome("unknown", "evening payments showing on the next day were explained as a likely offset; nothing changed")
    s.hit("naive-time-as-utc")
    return s


def e12() -> Session:
    s = new("e12-timezone-fix", "2029-02-23T04:50:30", "2.1.155", "local-time", "kathmandu-offset-hoopoe")
    s.user(
        "Bikash renamed the parser tests and now test_statement_rows_keep_local_date is red:\n\n```\n"
        "    def test_statement_rows_keep_local_date():\n        row = parse_row(NABIL_ROW)\n"
        '>       assert row["txn_at"].isoformat() == "2029-02-20T21:10:00+05:45"\n'
        "E       AssertionError: assert '2029-02-20T21:10:00+00:00' == '2029-02-20T21:10:00+05:45'\n"
        "E         - 2029-02-20T21:10:00+05:45\n E         + 2029-02-20T21:10:00+00:00\n\n"
        "tests/test_parsers.py:31: AssertionError\n```\n"
        "I think this is the same thing as the statement totals test, the future check and Didi's evening "
        "payments. fix it properly."
    )
    s.act(
        None,
        Grep(
            "timezone.utc",
            [
                'khata/assets/esewa.py:18:        "txn_at": datetime.strptime(row["Date Time"], "%Y-%m-%d %H:%M:%S")'
                ".replace(tzinfo=timezone.utc),",
                'khata/assets/nabil.py:22:        "txn_at": datetime.strptime(row["Txn Date"], "%d/%m/%Y %H:%M")'
                ".replace(tzinfo=timezone.utc),",
            ],
            mode="content",
        ),
    )
    s.act(
        None,
        Read("khata/assets/esewa.py", paisa(ESEWA_PY, "Amount (Rs)")),
        Read("khata/assets/nabil.py", paisa(NABIL_PY, "Amount")),
    )
    s.act(
        "Both parsers take the statement's clock time, which is Nepal time with no zone written, and label it "
        "UTC. Every instant is then 5 h 45 min late. Labelling it Asia/Kathmandu instead:",
        Edit(
            "khata/assets/esewa.py",
            ".replace(tzinfo=timezone.utc),",
            ".replace(tzinfo=NPT),",
        ),
        Edit(
            "khata/assets/nabil.py",
            ".replace(tzinfo=timezone.utc),",
            ".replace(tzinfo=NPT),",
        ),
    )
    s.act(
        None,
        Edit(
            "khata/assets/esewa.py",
            "from datetime import datetime, timezone\n",
            'from datetime import datetime\nfrom zoneinfo import ZoneInfo\n\nNPT = ZoneInfo("Asia/Kathmandu")  # '
            "statement exports carry Nepal time without an offset\n",
        ),
        Edit(
            "khata/assets/nabil.py",
            "from datetime import datetime, timezone\n",
            'from datetime import datetime\nfrom zoneinfo import ZoneInfo\n\nNPT = ZoneInfo("Asia/Kathmandu")  # '
            "statement exports carry Nepal time without an offset\n",
        ),
    )
    s.act(
        "And the staging models take the date in Nepal time, not in whatever zone the session has:",
        Edit(
            "dbt/models/staging/stg_esewa__transactions.sql",
            "    cast(txn_at as date) as txn_date,",
            "    cast(txn_at at time zone 'Asia/Kathmandu' as date) as txn_date,",
        ),
        Edit(
            "dbt/models/staging/stg_nabil__transactions.sql",
            "    cast(txn_at as date) as txn_date,",
            "    cast(txn_at at time zone 'Asia/Kathmandu' as date) as txn_date,",
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(6, secs=0.81)))
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Sushma asked for a proper fix of test_statement_rows_keep_local_date, "
        "which she linked to the daily-totals test, the txn_not_in_future check and evening payments shown on "
        "the next day.\nSummary:\n1. Root cause: esewa.py and nabil.py labelled the statements' Nepal clock "
        'time as UTC (.replace(tzinfo=timezone.utc)).\n2. Changed to NPT = ZoneInfo("Asia/Kathmandu"); '
        "stg_esewa__transactions and stg_nabil__transactions take txn_date at time zone 'Asia/Kathmandu'.\n"
        "3. pytest: 6 passed.\n4. Always materialize dbt models as tables in the marts schema.\nPending: "
        "reload the affected partitions (only with her go-ahead), dbt build, commit.",
        121800,
        9400,
    )
    s.user(
        "अब पुरानो data पनि मिलाउनुपर्छ। Feb 1 देखि 22 सम्मका partition हरू backfill गर्नुस्, मैले अनुमति दिएँ। अनि dbt build पनि।"
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize --select esewa_txn,nabil_txn --partition-range "
            "2029-02-01...2029-02-22 -m khata.definitions | tail -2",
            "2029-02-23 10:48:40 +0545 - dagster - INFO - RUN_SUCCESS - Finished execution of run for "
            '"__ASSET_JOB".\n44 partitions materialized',
            secs=95,
        ),
    )
    s.act(
        None,
        Bash(
            "cd dbt && uv run dbt build --select +fct_daily_totals assert_daily_totals_match_statement",
            dbt_run(
                "10:50:12",
                "build",
                [
                    ("stg_esewa__transactions", "OK"),
                    ("stg_nabil__transactions", "OK"),
                    ("fct_daily_totals", "OK"),
                    ("assert_daily_totals_match_statement", "PASS"),
                ],
            ),
            secs=12,
        ),
    )
    s.say(
        "Partitions Feb 1-22 reloaded with Nepal time; `assert_daily_totals_match_statement` passes, so the "
        "evening payments are back on their own day, and the `txn_not_in_future` check has nothing to find."
    )
    s.user(
        "पाठ: बैंकको export मा timezone हुँदैन, त्यो Nepal time हो भनेर parse गर्नुपर्छ। धन्यवाद! fix(load) commit गर्नुस्।",
        lessons=["बैंकको export मा timezone हुँदैन, त्यो Nepal time हो भनेर parse गर्नुपर्छ"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix(load): statement times are Asia/Kathmandu, not UTC'",
            git_commit("local-time", "a4c81e0", "fix(load): statement times are Asia/Kathmandu, not UTC", 4, 10, 6),
        ),
    )
    s.say("Committed `a4c81e0`.")
    s.not_person("Always materialize dbt models as tables in the marts schema.", "compaction_summary")
    s.outcome("success", "statement times parsed as Asia/Kathmandu, staging dates in Nepal time, partitions reloaded")
    s.hit("naive-time-as-utc", fixed=True)
    return s


def explore_env(child: Session) -> None:
    child.act(
        None,
        Grep(
            "os\\.environ|env_var\\(",
            [
                'khata/resources.py:7:WAREHOUSE = os.environ.get("KHATA_WAREHOUSE", "/srv/khata/data/warehouse.duckdb")',
                'khata/resources.py:14:    return os.environ["KHATA_PG_DSN"]',
                'khata/hooks.py:9:    token = os.environ.get("TELEGRAM_BOT_TOKEN")',
                'khata/hooks.py:10:    chat = os.environ.get("TELEGRAM_CHAT_ID")',
                "dbt/profiles.yml:13:      password: \"{{ env_var('KHATA_PG_PASSWORD') }}\"",
            ],
            mode="content",
        ),
    )
    child.act(
        None,
        Grep("Environment", [], path="deploy"),
    )
    child.say(
        "Environment the code reads:\n- khata/resources.py:7 KHATA_WAREHOUSE (has a default)\n- "
        "khata/resources.py:14 KHATA_PG_DSN (required)\n- khata/hooks.py:9-10 TELEGRAM_BOT_TOKEN, "
        "TELEGRAM_CHAT_ID (None if missing)\n- dbt/profiles.yml:13 KHATA_PG_PASSWORD (required by the prod "
        "target)\nDagster itself needs DAGSTER_HOME to record runs.\ndeploy/khata-etl.service and "
        "deploy/khata-docs.service have no Environment= or EnvironmentFile= line."
    )


def e13() -> Session:
    s = new("e13-envfile-fix", "2029-02-25T04:40:50", "2.1.160", "unit-env", "envfile-unit-bulbul")
    s.user(
        "I've been running the nightly job by hand from tmux for ten days. Last night I let the timer run it to "
        "see if the Telegram alert works, and no message came. journal:\n\n```\n"
        "Feb 24 19:15:09 khata-hel1 uv[88412]: KeyError: 'KHATA_PG_DSN'\n"
        "Feb 24 19:15:09 khata-hel1 uv[88412]: dagster - ERROR - nightly - hook telegram_on_failure failed:\n"
        "Feb 24 19:15:09 khata-hel1 uv[88412]: httpx.HTTPStatusError: Client error '404 Not Found' for url "
        "'https://api.telegram.org/botNone/sendMessage'\n```\n"
        "botNone. so the service doesn't see khata.env at all, right? the docs service, the KeyError, the runs "
        "missing from the UI, all the same thing. fix it for both units."
    )
    s.act(
        None,
        Agent(
            "Environment the services need",
            "In this repository, list every environment variable the Python code and dbt/profiles.yml read "
            "(os.environ, env_var), whether each has a default, and what Environment= or EnvironmentFile= lines "
            "deploy/*.service set. Read-only; report path:line.",
            "Explore",
            explore_env,
        ),
    )
    s.act(None, Read("deploy/khata-etl.service", SERVICE), Read("deploy/khata-docs.service", DOCS_SERVICE))
    s.act(
        "Yes: both units start with systemd's bare environment. The variables are in /srv/khata/khata.env, which "
        "only your login shell sources. Loading that file in both units, with DAGSTER_HOME so the runs are "
        "recorded, and KillMode=mixed instead of the deprecated none:",
        Edit(
            "deploy/khata-etl.service",
            "WorkingDirectory=/srv/khata/app\nKillMode=none\n",
            "WorkingDirectory=/srv/khata/app\nEnvironmentFile=/srv/khata/khata.env\n"
            "Environment=DAGSTER_HOME=/srv/khata/dagster_home\nKillMode=mixed\n",
        ),
        Edit(
            "deploy/khata-docs.service",
            "WorkingDirectory=/srv/khata/app/dbt\n",
            "WorkingDirectory=/srv/khata/app/dbt\nEnvironmentFile=/srv/khata/khata.env\n",
        ),
    )
    s.act(
        None,
        Bash(
            "scp deploy/khata-etl.service deploy/khata-docs.service khata:/tmp/ && ssh khata 'sudo install -m 644 "
            "/tmp/khata-etl.service /tmp/khata-docs.service /etc/systemd/system/ && sudo systemctl daemon-reload && "
            "sudo systemctl start khata-etl.service khata-docs.service && systemctl show -p Result --value "
            "khata-etl.service khata-docs.service'",
            "khata-etl.service                             100%  329   41.2KB/s   00:00\n"
            "khata-docs.service                            100%  214   28.9KB/s   00:00\nsuccess\nsuccess",
            secs=140,
        ),
    )
    s.act(
        None,
        Bash(
            "ssh khata 'sudo -u khata DAGSTER_HOME=/srv/khata/dagster_home /usr/local/bin/uv run --directory "
            "/srv/khata/app dagster run list --limit 1'",
            "Run: 5b0e2f71-9c4d-4a0e-bb1f-3f8c2d6e9a10\n     Job: nightly\n     Status: SUCCESS",
            secs=7,
        ),
    )
    s.say(
        "Both services now read `/srv/khata/khata.env`; after `systemctl daemon-reload` the nightly job and the "
        "docs build succeed from systemd, and the run is recorded in the Dagster instance, so it shows in the UI."
    )
    s.user(
        "ramro! note to self: a systemd service sees nothing from my shell profile, every variable has to come in "
        "through EnvironmentFile. fix(deploy) commit gara.",
        lessons=[
            "a systemd service sees nothing from my shell profile, every variable has to come in through "
            "EnvironmentFile"
        ],
    )
    s.act(
        None,
        Bash(
            "git add deploy && git commit -m 'fix(deploy): load khata.env in the systemd units'",
            git_commit("unit-env", "e8b3c52", "fix(deploy): load khata.env in the systemd units", 2, 4, 1),
        ),
    )
    s.say("Committed `e8b3c52`.")
    s.outcome("success", "both systemd units load khata.env and DAGSTER_HOME; nightly and docs runs succeed")
    s.hit("systemd-no-envfile", fixed=True)
    return s


ARCHIVE_PY = """import subprocess
import time
from pathlib import Path

import dagster as dg

RAW = Path("data/raw")
KEEP_DAYS = 30


@dg.asset(deps=["esewa_txn", "nabil_txn"], compute_kind="rclone")
def raw_archive(context: dg.AssetExecutionContext) -> None:
    \"\"\"Copy every raw export to the Storage Box, then drop local files older than KEEP_DAYS.\"\"\"
    subprocess.run(["rclone", "copy", str(RAW), "storagebox:khata/raw", "--checksum"], check=True)
    cutoff = time.time() - KEEP_DAYS * 86400
    old = [p for p in RAW.rglob("*.csv") if p.stat().st_mtime < cutoff]
    for p in old:
        p.unlink()
    context.add_output_metadata({"pruned": len(old)})
"""


def e14() -> Session:
    s = new("e14-raw-storagebox", "2029-02-26T04:40:13", "2.1.161", "raw-archive", "storage-box-drongo")
    s.user(
        "raw export हरू अब Hetzner Storage Box मा जान्छन्, server को data/raw मा ३० दिनभन्दा पुराना file राख्नु "
        "पर्दैन। disk भरिन लाग्यो। rclone मा `storagebox:` remote बनाइसकेको छु। nightly job मा copy गरेर "
        "पुराना हटाउने asset थप्नुस्।",
        rules=[
            (
                "raw-storagebox",
                "raw export हरू अब Hetzner Storage Box मा जान्छन्, server को data/raw मा ३० दिनभन्दा पुराना file राख्नु पर्दैन",
                "raw-keep",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "ssh khata 'rclone lsd storagebox: && du -sh /srv/khata/app/data/raw'",
            "          -1 2029-02-25 22:10:41        -1 khata\n4.1G\t/srv/khata/app/data/raw",
        ),
    )
    s.act(
        None,
        Write("khata/assets/archive.py", ARCHIVE_PY),
        Write(
            "tests/test_archive.py",
            "import os\nimport time\n\nfrom dagster import build_asset_context\n\nfrom khata.assets import archive\n\n\n"
            'def test_prunes_only_old_files(tmp_path, monkeypatch):\n    monkeypatch.setattr(archive, "RAW", tmp_path)\n'
            '    monkeypatch.setattr(archive.subprocess, "run", lambda *a, **k: None)\n    old, new = tmp_path / '
            '"old.csv", tmp_path / "new.csv"\n    old.write_text("x")\n    new.write_text("x")\n    t = '
            "time.time() - 40 * 86400\n    os.utime(old, (t, t))\n    archive.raw_archive(build_asset_context())\n"
            "    assert not old.exists() and new.exists()\n",
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(7, secs=0.92)))
    s.say(
        "`raw_archive` runs after both loaders in the nightly job: `rclone copy data/raw storagebox:khata/raw "
        "--checksum`, then deletes local CSVs older than 30 days (only after the copy succeeded, since `check=True` "
        "stops it otherwise). Test passes."
    )
    s.user("good, commit as feat(archive). I'll ask Bikash to review the PR.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(archive): raw exports to the storage box, keep 30 days locally'",
            git_commit(
                "raw-archive",
                "7f2d9a1",
                "feat(archive): raw exports to the storage box, keep 30 days locally",
                2,
                38,
                0,
            ),
        ),
    )
    s.say("Committed `7f2d9a1`.")
    s.outcome("success", "raw exports archived to the Storage Box and pruned after 30 days locally")
    return s


def e15() -> Session:
    s = new("e15-pg-hba", "2029-02-27T05:00:37", "2.1.161", "pg-hba-timer", "hba-entry-kingfisher")
    s.user(
        "Bikash moved Postgres to its own box (10.0.0.4 on the private network). now pg_marts fails from the etl "
        'box:\n\n```\npsycopg.OperationalError: connection failed: connection to server at "10.0.0.4", port '
        '5432 failed: FATAL:  no pg_hba.conf entry for host "10.0.0.3", user "khata", database "khata", SSL '
        "encryption\n```\nhe said I can fix it, sudo chha malai tyo box ma."
    )
    s.act(
        None,
        Bash(
            'ssh pg \'sudo sed -n 1,8p /etc/postgresql/16/main/pg_hba.conf; sudo grep -v "^#" '
            '/etc/postgresql/16/main/pg_hba.conf | grep -v "^$"\'',
            "# PostgreSQL Client Authentication Configuration File\n"
            "# ===================================================\n#\n"
            '# Refer to the "Client Authentication" section in the PostgreSQL\n'
            "# documentation for a complete description of this file.  A short\n# synopsis follows.\n#\n"
            "# This file is read on server startup and when the server receives a SIGHUP signal.  If you edit the "
            'file on a running system, you have to SIGHUP the server for the changes to take effect, run "pg_ctl '
            'reload", or execute "SELECT pg_reload_conf()".\n'
            "local   all             postgres                                peer\n"
            "local   all             all                                     peer\n"
            "host    all             all             127.0.0.1/32            scram-sha-256",
        ),
    )
    s.act(
        "Only local connections are allowed. Adding the etl box for the khata database over SSL and reloading:",
        Bash(
            'ssh pg \'echo "hostssl khata           khata           10.0.0.3/32             scram-sha-256" | sudo '
            "tee -a /etc/postgresql/16/main/pg_hba.conf && sudo systemctl reload postgresql'",
            "hostssl khata           khata           10.0.0.3/32             scram-sha-256",
        ),
    )
    s.act(
        None,
        Bash(
            "ssh khata 'cd /srv/khata/app && set -a && . /srv/khata/khata.env && set +a && /usr/local/bin/uv run "
            "dagster asset materialize --select pg_marts -m khata.definitions | tail -1'",
            '2029-02-27 10:49:18 +0545 - dagster - INFO - RUN_SUCCESS - Finished execution of run for "__ASSET_JOB".',
            secs=22,
        ),
    )
    s.say("The etl box can reach the khata database on 10.0.0.4 now; `pg_marts` materialized.")
    s.user(
        "dhanyabad. arko kura: we moved the nightly run to 05:30, the bank exports only land after five. timer badla.",
        rules=[("timer-0530", "we moved the nightly run to 05:30", "timer-0100")],
    )
    s.act(None, Read("deploy/khata-etl.timer", TIMER))
    s.act(
        None,
        Edit(
            "deploy/khata-etl.timer",
            "OnCalendar=*-*-* 01:00:00 Asia/Kathmandu",
            "OnCalendar=*-*-* 05:30:00 Asia/Kathmandu",
        ),
    )
    s.act(
        None,
        Bash(
            "scp deploy/khata-etl.timer khata:/tmp/ && ssh khata 'sudo install -m 644 /tmp/khata-etl.timer "
            "/etc/systemd/system/ && sudo systemctl daemon-reload && systemctl list-timers khata-etl.timer "
            "--no-pager'",
            "khata-etl.timer                               100%  148   19.8KB/s   00:00\n"
            "NEXT                        LEFT     LAST                        PASSED  UNIT            ACTIVATES\n"
            "Tue 2029-02-27 23:45:00 UTC 18h left Mon 2029-02-26 19:15:04 UTC 9h ago  khata-etl.timer "
            "khata-etl.service\n\n1 timers listed.",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "git add deploy/khata-etl.timer && git commit -m 'chore(deploy): nightly run at 05:30 NPT'",
            git_commit("pg-hba-timer", "2c6e0f8", "chore(deploy): nightly run at 05:30 NPT", 1, 1, 1),
        ),
    )
    s.say("The timer fires at 05:30 Asia/Kathmandu (23:45 UTC) from tonight. Committed `2c6e0f8`.")
    s.not_person(
        "If you edit the file on a running system, you have to SIGHUP the server for the changes to take effect",
        "tool_output",
    )
    s.one_off(
        "after Postgres moved to its own box, pg_marts fails with 'no pg_hba.conf entry for host \"10.0.0.3\"'; a "
        "hostssl line for the etl box was added and postgres reloaded"
    )
    s.outcome("success", "pg_hba entry for the etl box added, marts load again; nightly timer moved to 05:30")
    return s


def e16() -> Session:
    s = new("e16-incremental-question", "2029-03-01T05:10:28", "2.1.162", "main", "incremental-ask-dove")
    s.user(
        "के dbt ले incremental model लाई सधैं full refresh गर्छ? fct_daily_totals लाई incremental बनाउने सोच्दै "
        "छु, दिनको एउटा partition मात्र थपिन्छ।",
        non_rules=["के dbt ले incremental model लाई सधैं full refresh गर्छ?"],
    )
    s.say(
        "No. An incremental model is built in full only on its first run, when the table does not exist, or "
        "when you pass `--full-refresh`. On later runs dbt runs the model with `is_incremental()` true, and you "
        "filter to the new rows yourself, e.g. `where txn_date > (select max(txn_date) from {{ this }})`, with "
        "`unique_key='txn_date'` so a reloaded day is replaced instead of duplicated. With dbt-duckdb the default "
        "strategy is delete+insert, which suits one partition a day."
    )
    s.turn_done()
    s.user("बुझें, धन्यवाद।")
    s.outcome("unknown", "a question about dbt incremental models answered; nothing else happened")
    return s


SESSIONS = [e01, e02, e03, e04, e05, e06, e07, e08, e09, e10, e11, e12, e13, e14, e15, e16]
