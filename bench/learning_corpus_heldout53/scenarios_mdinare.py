"""Nino's `mdinare` sessions (m01-m15): a dbt + DuckDB + Dagster pipeline in Python 3.12 (uv, pytest, sqlfluff) that
loads river gauge readings (water level, discharge) for Georgian stations and builds daily marts. Times are UTC;
Tbilisi is UTC+4."""

from __future__ import annotations

from fake_output import MDN, dbt_build, git_commit, pytest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "mdinare"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=MDN, project=PROJECT)


PROFILES = """mdinare:
  target: dev
  outputs:
    dev:
      type: duckdb
      path: warehouse.duckdb
      threads: 4
    test:
      type: duckdb
      path: warehouse.duckdb
      threads: 1"""

STG_READINGS = """with source as (
    select * from {{ source('gauges', 'raw_readings') }}
)

select
    station_id,
    cast(reading_time as timestamp) as reading_ts,
    water_level_cm,
    discharge_m3s
from source"""

LOCK = (
    'Runtime Error\n  IO Error: Could not set lock on file "/Users/nino/code/mdinare/warehouse.duckdb": '
    "Conflicting lock is held in /Users/nino/code/mdinare/.venv/bin/python3.12 (PID 48113) by user nino. "
    "See also https://duckdb.org/docs/connect/concurrency"
)


def m01() -> Session:
    s = new("m01-dagster-setup", "2027-11-01T11:31:02", "2.1.150", "main", "dagster-setup-pike")
    s.user(
        "okay, second project of the day. mdinare: river gauge readings from the hydromet API into DuckDB, dbt for "
        "the models. we go with Dagster, not cron plus shell scripts, because I want to see the partitions and "
        "re-run one day without thinking. set up Dagster with dagster-dbt so the dbt models show up as assets. "
        "let's keep one warehouse.duckdb for dbt, Dagster and my notebooks, it's small data.",
        rules=[("shared-duckdb", "let's keep one warehouse.duckdb for dbt, Dagster and my notebooks")],
        decisions=["we go with Dagster, not cron plus shell scripts"],
    )
    s.title("Dagster with dbt assets")
    s.act(None, Denied(Bash("pip install dagster dagster-dbt dagster-webserver")))
    s.user(
        "ყველაფერი uv run-ით გაუშვი, pip-ს აქ საერთოდ არ ვეხებით. uv add და მერე uv run, სხვა არაფერი.",
        rules=[("uv-run", "ყველაფერი uv run-ით გაუშვი, pip-ს აქ საერთოდ არ ვეხებით")],
    )
    s.act(
        None,
        Bash(
            "uv add dagster==1.9.6 dagster-dbt==0.25.6 dagster-webserver==1.9.6 dbt-duckdb==1.8.4",
            "Resolved 112 packages in 2.41s\nPrepared 9 packages in 3.12s\nInstalled 9 packages in 48ms\n + dagster==1.9.6\n + dagster-dbt==0.25.6\n + dagster-webserver==1.9.6\n + dbt-duckdb==1.8.4",
            secs=9,
        ),
    )
    s.act(None, Write("profiles.yml", PROFILES))
    s.act(
        None,
        Write(
            "mdinare_orchestration/definitions.py",
            "from pathlib import Path\n\nfrom dagster import AssetExecutionContext, Definitions\nfrom dagster_dbt import DbtCliResource, DbtProject, dbt_assets\n\n"
            'DBT = DbtProject(project_dir=Path(__file__).parents[1] / "transform")\n\n\n@dbt_assets(manifest=DBT.manifest_path)\n'
            'def mdinare_dbt(context: AssetExecutionContext, dbt: DbtCliResource):\n    yield from dbt.cli(["build"], context=context).stream()\n\n\n'
            'defs = Definitions(assets=[mdinare_dbt], resources={"dbt": DbtCliResource(project_dir=DBT)})\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dbt parse --project-dir transform && uv run dagster definitions validate -m mdinare_orchestration.definitions",
            "10:42:11  Running with dbt=1.8.8\n10:42:12  Performance info: transform/target/perf_info.json\nValidation successful for code location mdinare_orchestration.definitions.",
            secs=8,
        ),
    )
    s.say(
        "Dagster loads the dbt project as assets (`mdinare_dbt`), all through uv; both targets point at `warehouse.duckdb`."
    )
    s.user("madloba, xval gavagrdzelebt.")
    s.outcome("success", "Dagster with dagster-dbt assets set up through uv; definitions validate")
    return s


def m02() -> Session:
    s = new("m02-dbt-lock", "2027-11-02T12:05:40", "2.1.150", "daily-levels", "daily-levels-carp")
    s.user(
        "daily_levels mart-ი დაამატე: სადგური, დღე, საშუალო, მინ და მაქს დონე. we run sqlfluff lint before dbt "
        "build, because last time a model with a trailing comma went all the way into the Dagster run and broke "
        "the whole materialization at 3am.",
        rules=[("sqlfluff-first", "we run sqlfluff lint before dbt build")],
    )
    s.act(
        None,
        Write(
            "transform/models/marts/daily_levels.sql",
            "select\n    station_id,\n    cast(reading_ts as date) as day,\n    avg(water_level_cm) as avg_level_cm,\n"
            "    min(water_level_cm) as min_level_cm,\n    max(water_level_cm) as max_level_cm\nfrom {{ ref('stg_readings') }}\ngroup by 1, 2\n",
        ),
    )
    s.act(None, Bash("uv run sqlfluff lint transform/models", "All Finished 📜 🎉!", secs=4))
    for _ in range(3):
        s.act(
            None,
            Bash(
                "uv run dbt build --project-dir transform",
                dbt_build(["stg_readings", "daily_levels"], error=LOCK, clock="12:07:31"),
                code=2,
                secs=5,
            ),
        )
    s.say(
        "dbt can't open `warehouse.duckdb`: another Python process (PID 48113) holds a lock on it. It failed three "
        "times the same way. Should I stop that process?"
    )
    s.user(
        "that's my dagster dev in the other terminal. not stopping it now, a backfill is running. not today, tomorrow."
    )
    s.outcome("failed", "dbt build failed three times on the warehouse.duckdb lock held by dagster dev; left for later")
    s.hit("duckdb-lock")
    return s


def m03() -> Session:
    s = new("m03-sqlfluff-dbt", "2027-11-03T06:31:15", "2.1.151", "daily-levels", "sqlfluff-templater-newt")
    s.user(
        'sqlfluff lint გუშინ "All Finished" თქვა, მაგრამ რაღაც ეჭვი მაქვს, რომ ref()-ებს საერთოდ არ კითხულობს. '
        "ნახე .sqlfluff. და python 3.12-ზე ვრჩებით, .python-version-ს ნუ შეეხები, 3.13-ზე dagster-ის wheels "
        "ჯერ არ იყო.",
        rules=[("pin-python", "python 3.12-ზე ვრჩებით, .python-version-ს ნუ შეეხები")],
    )
    s.act(None, Read(".sqlfluff", "[sqlfluff]\ndialect = duckdb\ntemplater = jinja\nexclude_rules = LT05"))
    s.act(
        None,
        Bash(
            "uv run sqlfluff lint transform/models/marts/daily_levels.sql -v | grep -i templat",
            "    templater:                       jinja\nWARNING    Undefined jinja template variable: 'ref'\nWARNING    Skipped file transform/models/marts/daily_levels.sql because it could not be templated",
        ),
    )
    s.act(
        "It skipped the file: the jinja templater doesn't know `ref`, so nothing in `models/` was really linted. "
        "The dbt templater renders models through dbt itself. A good convention is to always prefix staging models "
        "with stg_.",
        Bash(
            "uv add --dev sqlfluff-templater-dbt==3.2.5",
            "Resolved 114 packages in 1.22s\nInstalled 1 package in 9ms\n + sqlfluff-templater-dbt==3.2.5",
        ),
        Edit(
            ".sqlfluff",
            "templater = jinja",
            "templater = dbt\n\n[sqlfluff:templater:dbt]\nproject_dir = transform\nprofiles_dir = .",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run sqlfluff lint transform/models",
            "== [transform/models/marts/daily_levels.sql] FAIL\nL:   7 | P:   1 | AM06 | Inconsistent column references in 'GROUP BY/ORDER BY'\n                       | clauses.\nAll Finished 📜 🎉!",
            code=1,
        ),
    )
    s.act(
        None,
        Edit(
            "transform/models/marts/daily_levels.sql", "group by 1, 2", "group by station_id, cast(reading_ts as date)"
        ),
    )
    s.act(None, Bash("uv run sqlfluff lint transform/models", "All Finished 📜 🎉!"))
    s.say(
        "The dbt templater now renders the models, and the one real finding (positional GROUP BY) is fixed; lint is clean."
    )
    s.user("see, I knew it. thanks!")
    s.one_off(
        "sqlfluff used the jinja templater and silently skipped every dbt model ('Undefined jinja template variable: ref'); switched to the dbt templater"
    )
    s.not_person("A good convention is to always prefix staging models with stg_.", "assistant_text")
    s.outcome(
        "success", "sqlfluff switched to the dbt templater and really lints the models; the positional GROUP BY fixed"
    )
    return s


def m04() -> Session:
    s = new("m04-24-readings", "2027-11-04T07:12:48", "2.1.151", "daily-levels", "readings-count-eel")
    s.user(
        "I added a singular test that every station has 24 hourly readings per day (tests/assert_24_readings_per_day.sql). "
        "it fails and I don't get why, the API gives hourly data, I checked for Mtkvari-Tbilisi by hand."
    )
    s.act(
        None,
        Bash(
            "uv run dbt build --project-dir transform --select assert_24_readings_per_day+",
            "07:13:40  1 of 1 FAIL 6 assert_24_readings_per_day ............... [FAIL 6 in 0.08s]\n07:13:40  \n07:13:40  Failure in test assert_24_readings_per_day (tests/assert_24_readings_per_day.sql)\n07:13:40    Got 6 results, configured to fail if != 0\n07:13:40  \n07:13:40  Done. PASS=0 WARN=0 ERROR=0 FAIL=1 SKIP=0 TOTAL=1",
            code=1,
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            'uv run python -c "import duckdb; print(duckdb.connect(\'warehouse.duckdb\', read_only=True).sql(\\"select station_id, cast(reading_ts as date) d, count(*) n from stg_readings group by all having n != 24 order by d limit 6\\"))"',
            "┌────────────────┬────────────┬───────┐\n│   station_id   │     d      │   n   │\n├────────────────┼────────────┼───────┤\n│ mtkvari-tbs    │ 2027-10-28 │    20 │\n│ mtkvari-tbs    │ 2027-11-03 │    28 │\n│ aragvi-zhin    │ 2027-10-28 │    20 │\n│ aragvi-zhin    │ 2027-11-03 │    28 │\n│ rioni-kut      │ 2027-10-28 │    20 │\n│ rioni-kut      │ 2027-11-03 │    28 │\n└────────────────┴────────────┴───────┘",
        ),
    )
    s.say(
        "Only the first and the last loaded day are off (20 and 28), and the counts in between are 24. That looks "
        "like the batch boundaries rather than missing data: the loader requests days in one clock and the model "
        "cuts days in another. I'd need to check how the API's times are stored (UTC or local) before changing anything."
    )
    s.user("hmm, sounds logical, but I can't sit down with it today. leave the test red.")
    s.outcome(
        "failed", "the 24-readings-per-day test fails at the batch edges (20/28); cause not confirmed, test left red"
    )
    s.hit("tz-naive")
    return s


def m05() -> Session:
    s = new("m05-dagster-hang", "2027-11-05T06:42:27", "2.1.152", "main", "materialize-hang-bream")
    s.user(
        "გუშინ საღამოს Dagster UI-დან daily_levels-ის materialize დავაჭირე და უბრალოდ ეკიდა, 2 წუთის მერე step "
        "failed დაწერა. ლოგი ვერ ვიპოვე, ვიღაცამ ჩაკეტა, ალბათ. DBeaver-ში warehouse.duckdb ღია მქონდა იმ დროს, "
        "არ ვიცი, კავშირი აქვს თუ არა. let's keep the Dagster schedules switched off in dev, by the way, I don't want "
        "them firing while I'm debugging. and decided: staging models are views and marts are tables.",
        rules=[("schedules-off", "let's keep the Dagster schedules switched off in dev")],
        decisions=["decided: staging models are views and marts are tables"],
    )
    s.act(None, Read("transform/dbt_project.yml", "models:\n  mdinare:\n    +materialized: view"))
    s.act(
        None,
        Edit(
            "transform/dbt_project.yml",
            "models:\n  mdinare:\n    +materialized: view",
            "models:\n  mdinare:\n    staging:\n      +materialized: view\n    marts:\n      +materialized: table",
        ),
        Edit(
            "mdinare_orchestration/definitions.py",
            'defs = Definitions(assets=[mdinare_dbt], resources={"dbt": DbtCliResource(project_dir=DBT)})',
            'defs = Definitions(\n    assets=[mdinare_dbt],\n    schedules=[daily_schedule] if os.getenv("MDINARE_ENV") == "prod" else [],\n    resources={"dbt": DbtCliResource(project_dir=DBT)},\n)',
        ),
    )
    s.say(
        "Materializations are set (views for staging, tables for marts) and schedules load only when MDINARE_ENV=prod. "
        "About the hang: DBeaver keeps a read-write connection to the file, which would hold DuckDB's lock; without "
        "the step log I can't tell for sure."
    )
    s.user("ok, got it. we'll see.")
    s.outcome(
        "unknown",
        "a hanging Dagster materialization described in words (a lock suspected, not confirmed); config changes not run",
    )
    s.hit("duckdb-lock")
    return s


def m06() -> Session:
    s = new("m06-pytest-assets", "2027-11-05T14:03:10", "2.1.152", "asset-tests", "asset-tests-perch")
    s.user(
        "write a pytest for the load_readings asset: give it a fake API response and check what lands in raw_readings."
    )
    s.act(
        None,
        Write(
            "tests/test_assets.py",
            "import duckdb\n\nfrom mdinare_orchestration.assets import load_readings\n\n\n"
            "def test_load_readings_writes_rows(fake_api):\n    load_readings(fake_api)\n"
            '    con = duckdb.connect("warehouse.duckdb")\n    assert con.sql("select count(*) from raw_readings").fetchone()[0] == 48\n',
        ),
    )
    err = (
        "    def test_load_readings_writes_rows(fake_api):\n>       load_readings(fake_api)\n\n"
        "mdinare_orchestration/assets.py:31: in load_readings\n    con = duckdb.connect(DB_PATH)\n"
        'E   duckdb.duckdb.IOException: IO Error: Could not set lock on file "/Users/nino/code/mdinare/warehouse.duckdb": '
        "Conflicting lock is held in /Applications/DBeaver.app/Contents/MacOS/dbeaver (PID 2210) by user nino."
    )
    s.act(
        None,
        Bash(
            "uv run pytest tests/test_assets.py -q",
            pytest_run(0, [("tests/test_assets.py::test_load_readings_writes_rows", err)]),
            code=1,
        ),
    )
    s.act(
        "DBeaver holds the file. I can point the test at a temporary database instead:",
        Denied(
            Edit(
                "tests/test_assets.py",
                'con = duckdb.connect("warehouse.duckdb")',
                'con = duckdb.connect(str(tmp_path / "t.duckdb"))',
            ),
            "ara, ეს მარტო ტესტს შეცვლის, asset-ი მაინც warehouse.duckdb-ს ხსნის. სწორად უნდა გაკეთდეს, არა ტესტში.",
        ),
    )
    s.say("Understood, I've left it. The asset test fails on the DuckDB lock as long as DBeaver has the file open.")
    s.user("ok, enough for today.")
    s.outcome(
        "failed",
        "the load_readings asset test fails on the warehouse.duckdb lock (DBeaver); test-only workaround refused",
    )
    s.hit("duckdb-lock")
    return s


def m07() -> Session:
    s = new("m07-schedules-on", "2027-11-06T12:02:55", "2.1.153", "schedules", "night-schedule-roach")
    s.user(
        "დაივიწყე, რაც schedule-ებზე ვთქვი: schedule-ები dev-შიც ჩართული იყოს, თორემ ვერ ვხედავ, რა ხდება ღამით "
        "და ყოველ დილით ხელით ვუშვებ. ერთი daily schedule 06:00-ზე.",
        rules=[("schedules-on", "schedule-ები dev-შიც ჩართული იყოს", "schedules-off")],
    )
    s.act(
        None,
        Read(
            "mdinare_orchestration/definitions.py",
            '    schedules=[daily_schedule] if os.getenv("MDINARE_ENV") == "prod" else [],',
        ),
    )
    s.act(
        None,
        Edit(
            "mdinare_orchestration/definitions.py",
            '    schedules=[daily_schedule] if os.getenv("MDINARE_ENV") == "prod" else [],',
            "    schedules=[daily_schedule],",
        ),
        Write(
            "mdinare_orchestration/schedules.py",
            'from dagster import ScheduleDefinition, define_asset_job\n\ndaily_job = define_asset_job("daily", selection="*")\ndaily_schedule = ScheduleDefinition(job=daily_job, cron_schedule="0 6 * * *", execution_timezone="Asia/Tbilisi")\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster definitions validate -m mdinare_orchestration.definitions",
            "Validation successful for code location mdinare_orchestration.definitions.",
        ),
    )
    s.say("The daily schedule runs at 06:00 Tbilisi time in every environment now; definitions validate.")
    s.user(
        "super. sxva ram: dashboard-ze Mtkvari-s შუაღამის ანათვლები წინა დღეში ჩანს, 00:00-დან 04:00-მდე. ეს ის 20/28 "
        "ამბავი ხომ არაა? ახლა არ გავასწოროთ, უბრალოდ ჩავინიშნე."
    )
    s.say(
        "Very likely the same thing: 00:00-04:00 is exactly the UTC+4 offset, so the readings are probably stored as local time and read as UTC. Noted, nothing changed."
    )
    s.outcome(
        "success", "daily Dagster schedule enabled everywhere (06:00 Asia/Tbilisi); the midnight shift only noted"
    )
    s.hit("tz-naive")
    return s


def explore_duckdb(c: Session) -> None:
    c.act(
        None,
        Grep(
            "duckdb.connect|warehouse.duckdb|path:",
            [
                'mdinare_orchestration/assets.py:8:DB_PATH = "warehouse.duckdb"',
                "profiles.yml:6:      path: warehouse.duckdb",
                "profiles.yml:10:      path: warehouse.duckdb",
                'notebooks/levels.py:3:con = duckdb.connect("warehouse.duckdb")',
            ],
            mode="content",
        ),
    )
    c.say(
        "Every writer opens the same file: mdinare_orchestration/assets.py:8, profiles.yml:6 (dev), profiles.yml:10 (test), notebooks/levels.py:3. No env var anywhere."
    )


def m08() -> Session:
    s = new("m08-duckdb-per-target", "2027-11-08T09:01:20", "2.1.154", "duckdb-paths", "duckdb-paths-sturgeon")
    s.user(
        "ok, new symptom of the same lock, I'm sure now. dagster dev running, I open the duckdb CLI to look at one "
        'table and:\n\nError: unable to open database "warehouse.duckdb": IO Error: Could not set lock on file: '
        "Conflicting lock is held in /Users/nino/code/mdinare/.venv/bin/python3.12 (PID 51177)\n\nokay, forget what I "
        "said about one shared file: every target gets its own duckdb file, dev, test and the Dagster one. turns out "
        "DuckDB lets only one process write to a file, and a DBeaver tab holding it open is enough to block dbt.",
        rules=[("per-target-duckdb", "every target gets its own duckdb file", "shared-duckdb")],
        lessons=[
            "turns out DuckDB lets only one process write to a file, and a DBeaver tab holding it open is enough to block dbt"
        ],
    )
    s.act(
        None,
        Agent(
            "Find every DuckDB file opener",
            "List every place that opens a DuckDB database file in this repo (profiles.yml, Python, notebooks) with "
            "file:line and the path it uses. Only read files, never run dbt or dagster commands.",
            "Explore",
            explore_duckdb,
        ),
    )
    s.act(
        "One env var decides the file for every opener, with a different default per target:",
        Edit(
            "profiles.yml",
            "    dev:\n      type: duckdb\n      path: warehouse.duckdb",
            "    dev:\n      type: duckdb\n      path: \"{{ env_var('MDINARE_DUCKDB_PATH', 'data/dev.duckdb') }}\"",
        ),
        Edit(
            "profiles.yml",
            "    test:\n      type: duckdb\n      path: warehouse.duckdb",
            "    test:\n      type: duckdb\n      path: \"{{ env_var('MDINARE_DUCKDB_PATH', 'data/test.duckdb') }}\"",
        ),
        Edit(
            "mdinare_orchestration/assets.py",
            'DB_PATH = "warehouse.duckdb"',
            'DB_PATH = os.environ.get("MDINARE_DUCKDB_PATH", "data/dagster.duckdb")',
        ),
    )
    s.act(None, Read("tests/test_assets.py", '    con = duckdb.connect("warehouse.duckdb")'))
    s.act(
        None,
        Edit(
            "tests/test_assets.py",
            '    con = duckdb.connect("warehouse.duckdb")',
            '    con = duckdb.connect(os.environ["MDINARE_DUCKDB_PATH"])',
        ),
        Write(
            "tests/conftest.py",
            'import pytest\n\n\n@pytest.fixture(autouse=True)\ndef own_duckdb(tmp_path, monkeypatch):\n    monkeypatch.setenv("MDINARE_DUCKDB_PATH", str(tmp_path / "test.duckdb"))\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run sqlfluff lint transform/models && uv run dbt build --project-dir transform && uv run pytest -q",
            "All Finished 📜 🎉!\n"
            + dbt_build(["stg_readings", "daily_levels"], clock="09:12:44")
            + "\n"
            + pytest_run(6),
            secs=18,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'One DuckDB file per target via MDINARE_DUCKDB_PATH'",
            git_commit("duckdb-paths", "a3f0d19", "One DuckDB file per target via MDINARE_DUCKDB_PATH", 4, 14, 6),
        ),
    )
    s.say(
        "dev, test and Dagster each open their own file now; dbt build and the tests pass with dagster dev running. Committed."
    )
    s.user("wow, dagster dev is running and dbt still went through. thank you!!")
    s.not_person("Only read files, never run dbt or dagster commands.", "subagent_prompt")
    s.outcome(
        "success",
        "one DuckDB file per target through MDINARE_DUCKDB_PATH; dbt and pytest pass with dagster dev running",
    )
    s.hit("duckdb-lock", fixed=True)
    return s


def m09() -> Session:
    s = new("m09-partition-test", "2027-11-09T12:04:33", "2.1.155", "partitions", "partition-count-gar")
    s.user(
        "I moved the 24-readings check into pytest as test_each_partition_has_full_day, against the Dagster daily "
        "partitions this time. still fails:\n\nFAILED tests/test_partitions.py::test_each_partition_has_full_day[2027-11-08] - assert 20 == 24"
    )
    s.act(None, Read("transform/models/staging/stg_readings.sql", STG_READINGS))
    s.act(
        "The partition for 2027-11-08 runs 00:00-24:00 UTC and gets 20 readings. A quick way to line them up is to "
        "shift the partition window by four hours:",
        Denied(
            Edit(
                "mdinare_orchestration/partitions.py",
                'daily = DailyPartitionsDefinition(start_date="2027-10-01")',
                'daily = DailyPartitionsDefinition(start_date="2027-10-01", hour_offset=4)',
            )
        ),
    )
    s.user(
        "ara, ar gamoiyeno hour_offset, es problemas damalavs da sxva wyaros rom davamatebt, isev aireva. "
        "dges ver vijdebi."
    )
    s.say("Left as it is: the partition test still fails (20 of 24 readings for 2027-11-08).")
    s.outcome("failed", "the per-partition readings test fails (20 vs 24); the hour_offset shift was refused")
    s.hit("tz-naive")
    return s


def m10() -> Session:
    s = new("m10-tz-fix", "2027-11-10T11:02:09", "2.1.156", "partitions", "tbilisi-time-salmon")
    s.user(
        "დღეს დროის ზონას ვასწორებთ. ახალი რამეც: asset check no_future_readings ჩავარდა, max reading_ts "
        "15:45-ია, ახლა კი 11:52 UTC-ა. hydromet-ის API დროს offset-ის გარეშე აბრუნებს, თბილისის დროით, ეს "
        "დავადასტურე მათ docs-ში."
    )
    s.act(None, Read("transform/models/staging/stg_readings.sql", STG_READINGS))
    s.act(
        "Then the fix belongs in staging: read the naive value as Tbilisi local time and keep everything downstream "
        "in UTC, with the DuckDB session time zone pinned so that date casts are UTC too:",
        Edit(
            "transform/models/staging/stg_readings.sql",
            "    cast(reading_time as timestamp) as reading_ts,",
            "    cast(reading_time as timestamp) at time zone 'Asia/Tbilisi' as reading_ts,",
        ),
        Edit("profiles.yml", "      threads: 4", "      threads: 4\n      settings:\n        TimeZone: UTC"),
    )
    s.act(
        None,
        Bash(
            "uv run sqlfluff lint transform/models && uv run dbt build --project-dir transform --full-refresh",
            "All Finished 📜 🎉!\n" + dbt_build(["stg_readings", "daily_levels"], clock="11:06:20"),
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q tests/test_partitions.py && uv run dagster asset check execute -m mdinare_orchestration.definitions --select no_future_readings",
            pytest_run(12) + "\nno_future_readings: PASSED",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Read gauge times as Asia/Tbilisi, keep UTC downstream'",
            git_commit("partitions", "5bd8e62", "Read gauge times as Asia/Tbilisi, keep UTC downstream", 2, 5, 1),
        ),
    )
    s.say(
        "Readings are converted from Tbilisi time in stg_readings; the 24-per-day tests, the partition tests and the future-readings check all pass. Committed."
    )
    s.user(
        "sqlfluff goes first, dbt after it, კარგია, რომ ასე გაუშვი. გაკვეთილი ჩემთვის: DuckDB-ის timestamp-ს ზონა "
        "არ აქვს, წყაროს დრო კი თბილისურია.",
        rules=[("sqlfluff-first", "sqlfluff goes first, dbt after it")],
        lessons=["გაკვეთილი ჩემთვის: DuckDB-ის timestamp-ს ზონა არ აქვს, წყაროს დრო კი თბილისურია"],
    )
    s.outcome(
        "success",
        "gauge times read as Asia/Tbilisi in staging with a UTC session zone; all day and partition checks pass",
    )
    s.hit("tz-naive", fixed=True)
    return s


def tests_for_seed(c: Session) -> None:
    c.act(
        None,
        Write(
            "tests/test_stations_seed.py",
            'import csv\nfrom pathlib import Path\n\nSEED = Path("transform/seeds/stations.csv")\n\n\ndef test_station_ids_unique():\n    ids = [r["station_id"] for r in csv.DictReader(SEED.open())]\n    assert len(ids) == len(set(ids))\n\n\ndef test_coordinates_in_georgia():\n    for r in csv.DictReader(SEED.open()):\n        assert 41.0 < float(r["lat"]) < 43.6 and 40.0 < float(r["lon"]) < 46.8\n',
        ),
    )
    c.act(None, Bash("uv run pytest -q tests/test_stations_seed.py", pytest_run(2, secs=0.21)))
    c.say("Added tests/test_stations_seed.py (unique ids, coordinates inside Georgia's bounding box); 2 passed.")


def m11() -> Session:
    s = new("m11-stations-seed", "2027-11-12T12:31:44", "2.1.158", "stations", "stations-seed-trout")
    s.user(
        "სადგურების ცნობარი მინდა: სახელი, მდინარე, კოორდინატები. გადავწყვიტეთ: სადგურების სია dbt seed იქნება, "
        "ცალკე ცხრილი და API არ გვჭირდება, 23 სადგურია სულ. Dagster-შიც გამოჩნდეს.",
        decisions=["გადავწყვიტეთ: სადგურების სია dbt seed იქნება"],
    )
    s.act(
        None,
        Write(
            "transform/seeds/stations.csv",
            "station_id,name,river,lat,lon\nmtkvari-tbs,Tbilisi,Mtkvari,41.6941,44.8015\naragvi-zhin,Zhinvali,Aragvi,42.1412,44.7706\nrioni-kut,Kutaisi,Rioni,42.2679,42.6946\n",
        ),
    )
    s.act(
        None,
        Agent(
            "Tests for the stations seed",
            "Write pytest tests for transform/seeds/stations.csv in tests/test_stations_seed.py: station ids unique, "
            "coordinates inside Georgia. Run them with uv run pytest and report.",
            "general-purpose",
            tests_for_seed,
            background=True,
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m mdinare_orchestration.definitions --select stations",
            "dagster._core.errors.DagsterInvalidSubsetError: No qualified assets to execute found for clause='stations'",
            code=1,
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n1. Nino wants "
        "a stations reference as a dbt seed (transform/seeds/stations.csv written) that also shows in Dagster.\n2. A "
        "background agent writes tests/test_stations_seed.py.\n3. `dagster asset materialize --select stations` "
        "finds no asset: Dagster reads a stale manifest.json.\n4. User preference: Always run dagster dev with "
        "DAGSTER_HOME=~/.dagster_mdinare.\nPending: refresh the manifest, materialize the seed.",
        167900,
        11200,
    )
    s.act(
        "The manifest Dagster reads predates the seed. Regenerating it at load time so new dbt nodes appear:",
        Edit(
            "mdinare_orchestration/definitions.py",
            'DBT = DbtProject(project_dir=Path(__file__).parents[1] / "transform")',
            'DBT = DbtProject(project_dir=Path(__file__).parents[1] / "transform")\nDBT.prepare_if_dev()',
        ),
    )
    s.agent_done(after=20)
    s.act(
        None,
        Bash(
            "uv run dbt parse --project-dir transform && uv run dagster asset materialize -m mdinare_orchestration.definitions --select stations",
            '11:42:50  Running with dbt=1.8.8\nRUN_SUCCESS - Finished execution of run for "__ASSET_JOB".',
            secs=15,
        ),
    )
    s.say("The seed is in Dagster (`stations`) and materializes; the agent's two seed tests pass.")
    s.user("lovely, thanks!")
    s.one_off(
        "a new dbt seed did not appear in Dagster (DagsterInvalidSubsetError) because the manifest was stale; prepare_if_dev() added"
    )
    s.not_person("User preference: Always run dagster dev with DAGSTER_HOME=~/.dagster_mdinare.", "compaction_summary")
    s.outcome("success", "stations seed in dbt and Dagster (manifest refreshed); a background agent wrote its tests")
    return s


def m12() -> Session:
    s = new("m12-uv-conflict", "2027-11-13T08:04:51", "2.1.159", "bump-dagster", "uv-resolve-loach")
    s.user(
        "can you bump dagster-dbt just for this branch, I'll see if it breaks anything. uv lock didn't change "
        "anything when I ran it, weird.",
        non_rules=["can you bump dagster-dbt just for this branch, I'll see if it breaks anything"],
    )
    s.act(
        None,
        Read(
            "transform/dbt_project.yml",
            'name: mdinare\nversion: "1.0.0"\nprofile: mdinare\n\n# Always materialize marts as incremental models.\nmodels:\n  mdinare:\n    staging:\n      +materialized: view\n    marts:\n      +materialized: table',
        ),
    )
    s.act(
        None,
        Bash(
            "uv lock --upgrade-package dagster-dbt",
            "  × No solution found when resolving dependencies:\n  ╰─▶ Because dagster-dbt==0.25.9 depends on dagster==1.9.9 and your project depends on dagster==1.9.6, we can conclude that dagster-dbt==0.25.9 cannot be used.",
            code=1,
        ),
    )
    s.act(
        None,
        Bash(
            "uv add dagster==1.9.9 dagster-webserver==1.9.9 dagster-dbt==0.25.9",
            "Resolved 112 packages in 1.88s\nUpdated dagster v1.9.6 -> v1.9.9\nUpdated dagster-dbt v0.25.6 -> v0.25.9\nUpdated dagster-webserver v1.9.6 -> v1.9.9",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q && uv run dagster definitions validate -m mdinare_orchestration.definitions",
            pytest_run(14) + "\nValidation successful for code location mdinare_orchestration.definitions.",
            secs=12,
        ),
    )
    s.say(
        "dagster-dbt is on 0.25.9 (it needs dagster 1.9.9, so both moved); tests and definitions pass. `uv lock` alone keeps existing pins, which is why it didn't change anything."
    )
    s.user(
        "turns out uv lock upgrades nothing unless you pass --upgrade-package. kargi, es branch-i davtovot ase.",
        lessons=["turns out uv lock upgrades nothing unless you pass --upgrade-package"],
    )
    s.one_off(
        "bumping dagster-dbt failed to resolve (it requires dagster 1.9.9); dagster and the webserver were bumped with it"
    )
    s.not_person("# Always materialize marts as incremental models.", "tool_output")
    s.outcome("success", "dagster-dbt 0.25.9 with dagster 1.9.9 on a branch; tests and definitions pass")
    return s


def m13() -> Session:
    s = new("m13-httpfs", "2027-11-15T09:10:30", "2.1.161", "archive", "s3-archive-tench")
    s.user(
        "hydromet-ს ძველი წლების არქივი S3-ზე აქვს parquet-ებად. წავიკითხოთ DuckDB-ით პირდაპირ, read_parquet('s3://...'). "
        "ოფისში ვარ დღეს, wifi ცოტა უცნაურია."
    )
    s.act(
        None,
        Bash(
            'uv run python -c "import duckdb; duckdb.sql(\\"select count(*) from read_parquet(\'s3://hydromet-open/levels/2019/*.parquet\')\\").show()"',
            'duckdb.duckdb.IOException: IO Error: Failed to download extension "httpfs" at URL "http://extensions.duckdb.org/v1.1.3/osx_arm64/httpfs.duckdb_extension.gz"\n (ERROR Could not establish connection)',
            code=1,
        ),
    )
    s.act(
        None,
        Bash(
            "curl -sI http://extensions.duckdb.org | head -1",
            "HTTP/1.1 403 Forbidden\nX-Blocked-By: FortiGuard Web Filter",
            code=0,
        ),
    )
    s.say(
        "The office network blocks extensions.duckdb.org (FortiGuard returns 403), so DuckDB can't fetch httpfs. From another network it would install once and be cached in ~/.duckdb/extensions."
    )
    s.user("eh. I'll try from home tonight, nothing we can do now.")
    s.one_off(
        "reading the hydromet S3 parquet archive failed: the office network (FortiGuard) blocks the httpfs extension download"
    )
    s.outcome("failed", "S3 archive unreadable: httpfs extension download blocked by the office proxy; nothing loaded")
    return s


def m14() -> Session:
    s = new("m14-ephemeral-q", "2027-11-17T13:02:18", "2.1.163", "main", "ephemeral-question-dace")
    s.user(
        "რა განსხვავებაა dbt-ის ephemeral-სა და view-ს შორის? DuckDB-ზე რომელი ჯობია პატარა intermediate მოდელებისთვის?",
        non_rules=["რა განსხვავებაა dbt-ის ephemeral-სა და view-ს შორის?"],
    )
    s.say(
        "An ephemeral model isn't created in the database at all: dbt inlines it as a CTE into every model that "
        "refs it. A view is a real object you can query and debug. On DuckDB both cost about the same to run; "
        "ephemeral keeps the schema tidy, views are easier to inspect in DBeaver or the CLI."
    )
    s.user("ok, makes sense. and if I switch one model from view to ephemeral, do I have to drop the old view myself?")
    s.say(
        "dbt won't drop it for you: the old view stays in DuckDB until you drop it (or run with a clean database file). Nothing breaks, it is just stale."
    )
    s.user("got it, thanks.")
    s.outcome("unknown", "a dbt question answered; nothing else happened")
    return s


def m15() -> Session:
    s = new("m15-weekly-mart", "2027-11-19T07:31:06", "2.1.165", "weekly", "weekly-mart-bleak")
    s.user(
        "ბოლო ამოცანა ამ კვირაში: weekly_levels mart, კვირის საშუალო და ცვლილება წინა კვირასთან, ორშაბათიდან "
        "დაწყებული კვირებით."
    )
    s.act(
        None,
        Write(
            "transform/models/marts/weekly_levels.sql",
            "with weekly as (\n    select\n        station_id,\n        date_trunc('week', day) as week_start,\n        avg(avg_level_cm) as avg_level_cm\n"
            "    from {{ ref('daily_levels') }}\n    group by station_id, date_trunc('week', day)\n)\n\nselect\n    station_id,\n    week_start,\n    avg_level_cm,\n"
            "    avg_level_cm - lag(avg_level_cm) over (partition by station_id order by week_start) as change_cm\nfrom weekly\n",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run sqlfluff lint transform/models && uv run dbt build --project-dir transform --select weekly_levels",
            "All Finished 📜 🎉!\n" + dbt_build(["weekly_levels"], clock="07:34:12"),
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Weekly levels mart with week-over-week change'",
            git_commit("weekly", "c28e7a1", "Weekly levels mart with week-over-week change", 1, 17, 0),
        ),
    )
    s.say("weekly_levels builds (ISO weeks starting Monday, change vs the previous week); lint clean, committed.")
    s.user("thanks, good week 🌊")
    s.outcome("success", "weekly_levels mart with week-over-week change; lint and build green; committed")
    return s


SESSIONS = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14, m15]
