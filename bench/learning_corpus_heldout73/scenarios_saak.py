"""Kristjan's `saagiandmed` sessions (s01-s15): a Python 3.12 pipeline for harvest and sensor data with Dagster
assets, DuckDB and dbt-duckdb models, Polars, pytest, ruff and mypy, uv, deployed as a Docker image on a Hetzner VM
with a nightly schedule. Times are UTC; he works on it in his afternoon."""

from __future__ import annotations

from transcript_kit import SAAK, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "saagiandmed"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=SAAK, project=PROJECT)


def pytest_out(passed: int, failures: list[tuple[str, str]] = (), secs: float = 2.31) -> str:
    out = [
        "============================= test session starts ==============================",
        "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0",
        f"rootdir: {SAAK}",
        "configfile: pyproject.toml",
        "plugins: anyio-4.6.2",
        f"collected {passed + len(failures)} items",
        "",
    ]
    if failures:
        out += ["=================================== FAILURES ==================================="]
        for test, err in failures:
            out += [f"_____ {test.split('::')[-1]} _____", err, ""]
        out += ["=========================== short test summary info ============================"]
        out += [f"FAILED {t} - {e.splitlines()[-1][:90]}" for t, e in failures]
        out.append(
            f"========================= {len(failures)} failed, {passed} passed in {secs:.2f}s ========================="
        )
    else:
        out.append(f"============================== {passed} passed in {secs:.2f}s ==============================")
    return "\n".join(out)


def dbt_out(lines: list[str], *, ok: int, err: int = 0, cmd: str = "run") -> str:
    head = [
        "12:04:10  Running with dbt=1.8.8",
        "12:04:10  Registered adapter: duckdb=1.8.4",
        "12:04:11  Found 9 models, 22 data tests, 3 sources, 478 macros",
        "12:04:11",
    ]
    tail = [
        "12:04:14",
        "12:04:14  Finished running in 2.87 seconds.",
        "12:04:14  Completed successfully"
        if not err
        else f"12:04:14  Completed with {err} error, 0 partial successes, and 0 warnings:",
        f"12:04:14  Done. PASS={ok} WARN=0 ERROR={err} SKIP=0 TOTAL={ok + err}",
    ]
    return "\n".join(head + lines + tail)


FCT_HARVEST = """{{ config(materialized='incremental', unique_key=['field_id', 'harvest_date']) }}

select field_id, harvest_date, sum(yield_kg) as yield_kg, max(loaded_at) as loaded_at
from {{ ref('stg_combine_logs') }}
{% if is_incremental() %}
where loaded_at > (select max(loaded_at) from {{ this }})
{% endif %}
group by 1, 2
"""

RESOURCES = """import duckdb
from dagster import ConfigurableResource


class SaakDB(ConfigurableResource):
    path: str = "/srv/saagiandmed/data/saak.duckdb"

    def connect(self):
        return duckdb.connect(self.path)
"""

LOCK_ERR = (
    'IO Error: Could not set lock on file "/srv/saagiandmed/data/saak.duckdb": Conflicting lock is held in '
    "/usr/local/bin/python3.12 (PID 2231) by user app. See also https://duckdb.org/docs/connect/concurrency"
)


def s01() -> Session:
    s = new("s01-harvest-asset", "2029-10-29T12:31:05", "2.1.160", "main", "harvest-raw-asset-ibis")
    s.title("Harvest raw asset")
    s.user(
        "saagiandmed: otsustasin, DuckDB jääb, Postgresi pole selle mahu jaoks vaja. tee Dagster asset harvest_raw, "
        "mis loeb data/inbox/*.csv kombaini logid Polarsiga ja kirjutab DuckDB tabelisse raw.combine_logs",
        decisions=["otsustasin, DuckDB jääb, Postgresi pole selle mahu jaoks vaja"],
    )
    s.act(None, Read("saagiandmed/resources.py", RESOURCES))
    s.act(
        None,
        Write(
            "saagiandmed/assets/harvest.py",
            "import polars as pl\nfrom dagster import asset\n\nfrom saagiandmed.resources import SaakDB\n\n\n"
            '@asset(group_name="harvest")\ndef harvest_raw(saak_db: SaakDB) -> None:\n'
            '    df = pl.read_csv("data/inbox/*.csv", try_parse_dates=True)\n'
            '    con = saak_db.connect()\n    con.execute("create table if not exists raw.combine_logs as select * from df limit 0")\n'
            '    con.execute("insert into raw.combine_logs select *, now() as loaded_at from df")\n',
        ),
    )
    s.act(None, Bash("uv run pytest -q tests/test_harvest.py", pytest_out(3, secs=1.12), secs=5))
    s.say(
        "harvest_raw reads the inbox CSVs with Polars and appends them to raw.combine_logs with a loaded_at stamp; 3 tests pass."
    )
    s.user("👍")
    s.outcome("success", "harvest_raw asset written, tests pass")
    return s


def s02() -> Session:
    s = new("s02-weather-ingest", "2029-10-30T13:12:40", "2.1.160", "weather", "weather-ingest-merlin")
    s.user("lisa ilmaandmete asset: Keskkonnaagentuuri Tartu-Tõravere jaama tunnised andmed, API võti on mul olemas")
    s.act(
        "I'll put the key in a config file the asset reads:",
        Denied(
            Write("config/weather.toml", '[ilmateenistus]\napi_key = "<paste here>"\nstation = "26242"\n'),
            "ei, võtmed ei lähe repo sisse",
        ),
    )
    s.user(
        "ära kunagi pane võtmeid ega paroole repo sisse, need on .env failis. loe WEATHER_API_KEY keskkonnast",
        rules=[("g-secrets", "ära kunagi pane võtmeid ega paroole repo sisse, need on .env failis")],
    )
    s.act(
        None,
        Write(
            "saagiandmed/assets/weather.py",
            'import os\n\nimport httpx\nimport polars as pl\nfrom dagster import asset\n\n\n@asset(group_name="weather")\n'
            'def weather_hourly() -> pl.DataFrame:\n    r = httpx.get(URL, params={"station": "26242"}, headers={"X-Api-Key": os.environ["WEATHER_API_KEY"]})\n'
            "    r.raise_for_status()\n    return pl.read_json(r.content)\n",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m saagiandmed.definitions --select weather_hourly",
            "2029-10-30 15:16:02 +0200 - dagster - ERROR - weather_hourly - STEP_FAILURE\n"
            "httpx.ReadTimeout: The read operation timed out",
            code=1,
            secs=12,
        ),
    )
    s.act(
        "The station endpoint takes longer than httpx's 5 s default for a full day. A 30 s timeout with a retry:",
        Edit(
            "saagiandmed/assets/weather.py",
            '    r = httpx.get(URL, params={"station": "26242"}, headers={"X-Api-Key": os.environ["WEATHER_API_KEY"]})',
            "    transport = httpx.HTTPTransport(retries=3)\n    with httpx.Client(transport=transport, timeout=30.0) as client:\n"
            '        r = client.get(URL, params={"station": "26242"}, headers={"X-Api-Key": os.environ["WEATHER_API_KEY"]})',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m saagiandmed.definitions --select weather_hourly",
            "2029-10-30 15:19:40 +0200 - dagster - INFO - weather_hourly - STEP_SUCCESS (11.2s)\n2029-10-30 15:19:40 +0200 - dagster - INFO - RUN_SUCCESS",
            secs=14,
        ),
    )
    s.user("töötab")
    s.one_off(
        "weather_hourly timed out on httpx's default 5 s read timeout; fixed with a 30 s timeout and transport retries"
    )
    s.outcome("success", "weather asset reads the key from the environment and materializes")
    return s


DUP_TEST = [
    "12:04:12  5 of 9 FAIL 37 unique_fct_harvest_daily_field_id__harvest_date ....... [FAIL 37 in 0.08s]",
    "12:04:12",
    "12:04:12  Failure in test unique_fct_harvest_daily_field_id__harvest_date (models/marts/fct_harvest_daily.yml)",
    "12:04:12    Got 37 results, configured to fail if != 0",
]


def s03() -> Session:
    s = new("s03-unique-test", "2029-10-31T12:40:18", "2.1.161", "main", "unique-fail-stork")
    s.user(
        "dbt build failib, eile oli roheline:\n\n```\n"
        "12:04:11  [WARNING]: Incremental models should always define a unique_key to avoid duplicates.\n"
        + "\n".join(DUP_TEST)
        + "\n```\nja mypy jookseb ainult CI-s, lokaalselt pole vaja seda käivitada",
        rules=[("s-mypy-ci", "mypy jookseb ainult CI-s, lokaalselt pole vaja")],
    )
    s.not_person("Incremental models should always define a unique_key to avoid duplicates.", "pasted_log")
    s.hit("late-file-duplicates")
    s.act(None, Read("models/marts/fct_harvest_daily.sql", FCT_HARVEST))
    s.act(
        "The model already has unique_key. Let me look at which rows are doubled:",
        Bash(
            "uv run dbt show --inline \"select field_id, harvest_date, count(*) from {{ ref('fct_harvest_daily') }} group by 1,2 having count(*) > 1\" --limit 5",
            "| field_id | harvest_date | count_star() |\n| -------- | ------------ | ------------ |\n| RO-03    | 2029-10-12   |            2 |\n| RO-03    | 2029-10-13   |            2 |\n| KV-11    | 2029-10-12   |            2 |",
            secs=6,
        ),
    )
    s.say(
        "37 field/day pairs are doubled, all from 12-13 October. I don't see yet why the unique_key doesn't prevent it; maybe a full refresh clears it."
    )
    s.user("full refresh ei ole lahendus. ei leia praegu, jätame")
    s.outcome("failed", "duplicate rows in fct_harvest_daily found but not explained")
    return s


def s04() -> Session:
    s = new("s04-dbt-lock", "2029-11-01T13:02:51", "2.1.161", "main", "duck-lock-rail")
    s.user("serveris dbt run ei käivitu:\n\n```\nRuntime Error\n  " + LOCK_ERR + "\n```")
    s.hit("duckdb-lock")
    s.act(
        None,
        Bash(
            "ssh saak-vm 'ps -o pid,etime,cmd -p 2231'",
            '    PID     ELAPSED CMD\n   2231  1-03:12:44 /usr/local/bin/python3.12 -m dagster api execute_run {"__class__": "ExecuteRunArgs"...',
        ),
    )
    s.say(
        "PID 2231 is a Dagster run worker that has been alive for 27 hours and still holds the DuckDB file. Should I kill it?"
    )
    s.user("jah, tapa ära, see on eilne")
    s.act(
        None,
        Bash(
            "ssh saak-vm 'kill 2231; sleep 2; cd /srv/saagiandmed && docker compose exec -T app dbt run'",
            dbt_out(
                ["12:04:13  9 of 9 OK created sql incremental model main.fct_harvest_daily ... [OK in 0.41s]"], ok=9
            ),
            secs=20,
        ),
    )
    s.say("dbt run passes after the stale run worker was stopped.")
    s.user("ok")
    s.outcome("success", "the stale Dagster worker was killed and dbt ran; the cause is not addressed")
    return s


def s05() -> Session:
    s = new("s05-docker-uv", "2029-11-02T12:22:30", "2.1.162", "docker", "uv-lock-docker-teal")
    s.user(
        "docker build failib:\n\n```\n > [builder 5/6] RUN uv sync --locked --no-dev:\n"
        "error: The lockfile at `uv.lock` needs to be updated, but `--locked` was provided.\n```\n"
        "the Docker image is built on python:3.12-slim-bookworm, don't change that. and Mart's review on the last PR:\n\n"
        "> review: tests/test_yields.py was red when this was pushed. Last time a red test went to main the nightly "
        "wrote half a season of NULL yields, so pytest has to pass before a push.",
        rules=[
            ("s-bookworm", "the Docker image is built on python:3.12-slim-bookworm"),
            ("s-pytest-push", "pytest has to pass before a push"),
        ],
    )
    s.act(
        None,
        Read(
            "pyproject.toml",
            '[project]\nname = "saagiandmed"\nrequires-python = ">=3.12"\ndependencies = [\n    "dagster==1.9.3",\n    "dagster-dbt==0.25.3",\n    "dbt-duckdb==1.8.4",\n    "polars==1.12.0",\n    "httpx==0.27.2",\n]\n\n[tool.ruff.lint]\nselect = ["E", "F", "I", "B"]\n# never ignore B008 per-file, fix the call instead\n',
        ),
    )
    s.not_person("# never ignore B008 per-file, fix the call instead", "tool_output")
    s.act(
        "httpx was added to pyproject.toml without `uv lock`. Relocking:",
        Bash("uv lock", "Resolved 142 packages in 1.31s\nAdded httpx v0.27.2", secs=3),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q && docker build -t saagiandmed:dev .",
            pytest_out(14, secs=3.08)
            + "\n => [builder 5/6] RUN uv sync --locked --no-dev   6.2s\n => exporting to image   1.9s\n => => naming to docker.io/library/saagiandmed:dev",
            secs=60,
        ),
    )
    s.say("uv.lock now includes httpx; pytest passes and the image builds on python:3.12-slim-bookworm.")
    s.user("hea")
    s.one_off("httpx was added to pyproject.toml without uv lock, so uv sync --locked failed in the Docker build")
    s.outcome("success", "uv.lock updated, image builds")
    return s


def s06() -> Session:
    s = new("s06-double-yield", "2029-11-05T13:31:09", "2.1.163", "main", "double-yield-crane")
    s.user(
        "Dagsteri UI-s on Rõhu põllu oktoobri saak peaaegu kaks korda suurem kui kombainist tuli. midagi on topelt, "
        "vaata mis seal toimub"
    )
    s.hit("late-file-duplicates")
    s.act(
        None,
        Bash(
            "ls -la --time-style=+%F data/inbox/ | tail -4",
            "-rw-r--r--. 1 kristjan kristjan 81234 2029-10-13 RO_2029-10-12.csv\n-rw-r--r--. 1 kristjan kristjan 80990 2029-11-02 RO_2029-10-12_v2.csv\n-rw-r--r--. 1 kristjan kristjan 77710 2029-10-14 RO_2029-10-13.csv",
        ),
    )
    s.say(
        "A second export of 12 October (RO_2029-10-12_v2.csv) arrived on 2 November. fct_harvest_daily picked it up "
        "because its loaded_at is newer, and the RO field now has those days twice. The incremental merge doesn't "
        "replace the earlier rows."
    )
    s.user("ok, vaatan homme ise")
    s.outcome("unknown", "the late file is found; he leaves saying he will look himself")
    return s


def s07() -> Session:
    s = new("s07-schedule", "2029-11-06T12:10:44", "2.1.163", "schedule", "nightly-schedule-pipit")
    s.user(
        "going with Dagster's own schedule, not a systemd timer. nightly job kell 02:00 Tallinna aja järgi. "
        "ruff check peab puhas olema enne commit'i, palun",
        decisions=["going with Dagster's own schedule, not a systemd timer"],
        rules=[("s-ruff", "ruff check peab puhas olema enne commit'i")],
    )
    s.act(
        None,
        Write(
            "saagiandmed/schedules.py",
            'from dagster import ScheduleDefinition, define_asset_job\n\nnightly = define_asset_job("nightly", selection="*")\n'
            'nightly_schedule = ScheduleDefinition(job=nightly, cron_schedule="0 2 * * *", execution_timezone="Europe/Tallinn")\n',
        ),
    )
    s.act(
        None, Bash("uv run ruff check . && uv run pytest -q", "All checks passed!\n" + pytest_out(15, secs=3.2), secs=8)
    )
    s.say(
        "As a rule of thumb, always partition Dagster assets by day for sensor data; I left them unpartitioned for now as you have them. Schedule added, ruff and pytest pass."
    )
    s.not_person("As a rule of thumb, always partition Dagster assets by day for sensor data", "assistant_text")
    s.user("partitsioone pole vaja. 👍")
    s.outcome("success", "nightly schedule at 02:00 Europe/Tallinn")
    return s


def s08() -> Session:
    s = new("s08-stuck-night", "2029-11-07T12:48:30", "2.1.164", "main", "stuck-nightly-grouse")
    s.user(
        "öine run jäi jälle rippuma, hommikul oli ikka STARTED ja midagi ei liikunud. täna ära saada Slacki "
        "teavitusi, Mart on puhkusel",
        non_rules=["täna ära saada Slacki teavitusi"],
    )
    s.hit("duckdb-lock")
    s.act(
        None,
        Bash(
            "ssh saak-vm 'docker compose -f /srv/saagiandmed/compose.yaml logs --since 14h app | grep -E \"STEP_|lock\" | tail -5'",
            "app  | 2029-11-08 02:00:41 +0200 - dagster - DEBUG - nightly - STEP_START - weather_hourly\n"
            "app  | 2029-11-08 02:00:41 +0200 - dagster - DEBUG - nightly - STEP_START - dbt_models\n"
            "app  | 2029-11-08 02:00:44 +0200 - dagster - DEBUG - nightly - dbt_models - waiting on lock for /srv/saagiandmed/data/saak.duckdb",
        ),
    )
    s.say(
        "dbt_models has waited since 02:00 for the lock on saak.duckdb, which weather_hourly's process still holds. I'd cancel the run and rerun dbt_models."
    )
    s.act(
        None,
        Bash(
            "ssh saak-vm 'docker compose -f /srv/saagiandmed/compose.yaml exec -T app dagster run delete --force $(dagster run list --status STARTED -l 1 -q)'",
            "Error: Run 4e1f... could not be terminated: run worker did not respond",
            code=1,
            secs=8,
        ),
    )
    s.user("ei lähe. las olla, taaskäivitan konteineri ise")
    s.outcome("failed", "the stuck nightly run could not be cancelled; container restarted by hand")
    return s


def find_late(child: Session) -> None:
    child.act(
        None,
        Grep(
            "is_incremental",
            ["models/marts/fct_harvest_daily.sql", "models/marts/fct_sensor_hourly.sql"],
            path="models",
        ),
    )
    child.act(None, Grep("incremental_strategy", [], path="models"))
    child.say(
        "Two incremental models: models/marts/fct_harvest_daily.sql and models/marts/fct_sensor_hourly.sql. Neither sets incremental_strategy, so dbt-duckdb's default applies."
    )


def s09() -> Session:
    s = new("s09-season-totals", "2029-11-08T12:30:02", "2.1.165", "main", "season-totals-snipe")
    s.user(
        "test_season_totals is red now:\n\n```\n"
        + pytest_out(
            14,
            [
                (
                    "tests/test_yields.py::test_season_totals",
                    '    assert totals["RO-03"] == pytest.approx(48210.0)\nE   assert 96402.5 == 48210.0 ± 4.8e+01',
                )
            ],
        )
        + "\n```\nfind where the incremental models take late files"
    )
    s.hit("late-file-duplicates")
    s.act(
        None,
        Agent(
            "Find incremental models",
            "Do not edit anything and always include the dbt model path in your answer. List the incremental dbt models in /home/kristjan/src/saagiandmed/models and their incremental_strategy.",
            "Explore",
            find_late,
        ),
    )
    s.not_person("Do not edit anything and always include the dbt model path in your answer.", "subagent_prompt")
    s.say("fct_harvest_daily and fct_sensor_hourly are incremental without a strategy. RO-03's total is doubled again.")
    s.user("aeg otsas, homme. punane jaab")
    s.outcome("failed", "test_season_totals still fails; only the incremental models were listed")
    return s


def s10() -> Session:
    s = new("s10-delete-insert", "2029-11-09T12:41:37", "2.1.166", "fix-dups", "delete-insert-curlew")
    s.user("fct_harvest_daily topelt ridadega tuleb nüüd ära parandada. sama late file, RO_2029-10-12_v2.csv")
    s.hit("late-file-duplicates", fixed=True)
    s.act(None, Read("models/marts/fct_harvest_daily.sql", FCT_HARVEST))
    s.act(
        "dbt-duckdb's default incremental strategy is append: unique_key alone doesn't merge anything. With "
        "delete+insert the late file's days replace the earlier rows:",
        Edit(
            "models/marts/fct_harvest_daily.sql",
            "{{ config(materialized='incremental', unique_key=['field_id', 'harvest_date']) }}",
            "{{ config(materialized='incremental', incremental_strategy='delete+insert', unique_key=['field_id', 'harvest_date']) }}",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dbt build --full-refresh -s fct_harvest_daily+ && uv run pytest -q",
            dbt_out(
                [
                    "12:04:12  1 of 3 OK created sql incremental model main.fct_harvest_daily ... [OK in 0.52s]",
                    "12:04:13  2 of 3 PASS unique_fct_harvest_daily_field_id__harvest_date ... [PASS in 0.06s]",
                ],
                ok=3,
            )
            + "\n"
            + pytest_out(15, secs=3.4),
            secs=30,
        ),
    )
    s.say("Unique test and test_season_totals pass; RO-03 totals 48 210 kg again.")
    s.user(
        "lesson: dbt-duckdb incremental without a strategy just appends, unique_key alone does nothing",
        lessons=["lesson: dbt-duckdb incremental without a strategy just appends, unique_key alone does nothing"],
    )
    s.outcome("success", "incremental_strategy='delete+insert' on fct_harvest_daily removes the duplicates")
    return s


def write_tests(child: Session) -> None:
    child.act(
        None,
        Write(
            "tests/test_weather.py",
            'def test_weather_columns(tmp_path):\n    db = tmp_path / "t.duckdb"\n    assert db.parent.exists()\n',
        ),
    )
    child.act(None, Bash("uv run pytest -q tests/test_weather.py", pytest_out(1, secs=0.41)))
    child.say("tests/test_weather.py added with a tmp_path DuckDB; 1 test passes.")


def s11() -> Session:
    s = new("s11-fixture-lock", "2029-11-12T12:15:22", "2.1.167", "tests", "fixture-lock-smew")
    s.user("CI pytest kukub db fixture'is, lokaalselt mitte. las agent kirjutab vahepeal weather testi")
    s.hit("duckdb-lock")
    s.act(
        None,
        Agent(
            "Weather asset test",
            "Write tests/test_weather.py for weather_hourly. Always use tmp_path for DuckDB files in tests. Run it with uv run pytest and report.",
            "general-purpose",
            write_tests,
            background=True,
        ),
    )
    s.act(
        None,
        Bash(
            "gh run view --log-failed | tail -5",
            'test\tpytest\tE   duckdb.duckdb.IOException: IO Error: Could not set lock on file "/home/runner/work/saagiandmed/data/saak.duckdb": Conflicting lock is held in /opt/hostedtoolcache/Python/3.12.7/x64/bin/python3.12 (PID 2904)\n'
            "test\tpytest\tFAILED tests/test_assets.py::test_materialize_all - duckdb.duckdb.IOException: IO Error",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n1. Kristjan "
        "reports CI pytest failing in the db fixture.\n2. CI log: test_materialize_all cannot lock saak.duckdb, held by "
        "another pytest process.\n3. A background agent writes tests/test_weather.py.\n4. User wants every Dagster "
        "asset to always be partitioned by day.\nPending: find who holds the lock.",
        172300,
        12100,
    )
    s.not_person("User wants every Dagster asset to always be partitioned by day.", "compaction_summary")
    s.not_person("Always use tmp_path for DuckDB files in tests.", "subagent_prompt")
    s.agent_done(after=20)
    s.say(
        "The weather test is in. The lock in CI comes from an earlier test's SaakDB connection that was never closed; I haven't found where."
    )
    s.user("ikka lukus. jatan")
    s.outcome("failed", "CI still fails on the DuckDB lock; only the weather test was added")
    return s


def s12() -> Session:
    s = new("s12-close-conn", "2029-11-13T12:36:55", "2.1.168", "fix-lock", "close-connection-eagle")
    s.user(
        "DuckDB lukk tuleb nüüd lõplikult ära lahendada: serveris, CI-s, igal pool. ja nüüdsest käivita mypy ka "
        "lokaalselt enne commit'i, CI-s on tagasiside liiga aeglane",
        rules=[("s-mypy-local", "nüüdsest käivita mypy ka lokaalselt enne commit'i", "s-mypy-ci")],
    )
    s.hit("duckdb-lock", fixed=True)
    s.act(
        None,
        Read("saagiandmed/resources.py", RESOURCES),
        Grep("saak_db.connect\\(\\)", ["saagiandmed/assets/harvest.py"], path="saagiandmed"),
    )
    s.act(
        "SaakDB.connect() hands out a connection nobody closes; the process keeps the file lock until it exits, and "
        "a hung run never exits. Switching to dagster-duckdb's resource, which closes on leaving the block:",
        Write(
            "saagiandmed/resources.py",
            'from dagster_duckdb import DuckDBResource\n\nsaak_db = DuckDBResource(database="/srv/saagiandmed/data/saak.duckdb")\n',
        ),
    )
    s.act(
        None,
        Edit(
            "saagiandmed/assets/harvest.py",
            '    con = saak_db.connect()\n    con.execute("create table if not exists raw.combine_logs as select * from df limit 0")\n    con.execute("insert into raw.combine_logs select *, now() as loaded_at from df")',
            '    with saak_db.get_connection() as conn:\n        conn.execute("create table if not exists raw.combine_logs as select * from df limit 0")\n        conn.execute("insert into raw.combine_logs select *, now() as loaded_at from df")',
        ),
    )
    s.act(
        "And a run monitor so a hung run is failed after an hour instead of holding the lock all night:",
        Write("dagster.yaml", "run_monitoring:\n  enabled: true\n  max_runtime_seconds: 3600\n"),
    )
    s.act(
        None,
        Bash(
            "uv run mypy saagiandmed && uv run ruff check . && uv run pytest -q",
            "Success: no issues found in 14 source files\nAll checks passed!\n" + pytest_out(16, secs=3.9),
            secs=20,
        ),
    )
    s.user(
        "turns out a Dagster run that never closes its DuckDB connection keeps the file lock until the process dies. "
        "deploy",
        lessons=[
            "turns out a Dagster run that never closes its DuckDB connection keeps the file lock until the process dies"
        ],
    )
    s.act(
        None,
        Bash(
            "docker build -t ghcr.io/kristjantamm/saagiandmed:2029.11.13 . && docker push ghcr.io/kristjantamm/saagiandmed:2029.11.13 && ssh saak-vm 'cd /srv/saagiandmed && docker compose pull && docker compose up -d'",
            " => exporting to image   2.1s\n2029.11.13: digest: sha256:8c1f0e3a9b27d4c6e5f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3 size: 2417\n Container saagiandmed-app-1  Started",
            secs=90,
        ),
    )
    s.say("Deployed. The next nightly run should finish with no lock left behind.")
    s.user("öine läks läbi, 41 minutit. 👍", after=3600)
    s.outcome("success", "connections closed via DuckDBResource get_connection, run monitoring added; nightly passes")
    return s


def s13() -> Session:
    s = new("s13-disk-full", "2029-11-14T13:01:20", "2.1.170", "main", "disk-full-scaup")
    s.user("deploy failib: `failed to register layer: write /usr/local/lib/python3.12/...: no space left on device`")
    s.act(
        None,
        Bash(
            "ssh saak-vm 'df -h / && docker system df'",
            "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        38G   38G     0 100% /\nTYPE            TOTAL     ACTIVE    SIZE      RECLAIMABLE\nImages          31        1         9.8GB     9.1GB (92%)\nBuild Cache     212       0         24.6GB    24.6GB",
            secs=3,
        ),
    )
    s.act(
        None,
        Bash(
            "ssh saak-vm 'docker image prune -af && docker builder prune -af && df -h /'",
            "Total reclaimed space: 9.1GB\nTotal:\t24.6GB\nFilesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        38G  4.4G   32G  13% /",
            secs=40,
        ),
    )
    s.user(
        "õppisin: docker image prune ei kustuta build cache'i, selleks on builder prune. olgu, paeva lopuks vaatan kas deploy laks labi",
        lessons=["õppisin: docker image prune ei kustuta build cache'i, selleks on builder prune"],
    )
    s.one_off(
        "the Hetzner VM disk was full of Docker build cache (24.6 GB), deploy failed with no space left on device"
    )
    s.outcome("unknown", "space freed; he leaves to see at night whether the deploy goes through")
    return s


def s14() -> Session:
    s = new("s14-trixie", "2029-11-15T12:20:05", "2.1.172", "docker", "trixie-base-smew")
    s.user("Dockerfile: add a healthcheck that hits dagster-webserver's /server_info")
    s.act(
        None,
        Read(
            "Dockerfile",
            'FROM python:3.12-slim-bookworm AS builder\nCOPY --from=ghcr.io/astral-sh/uv:0.5.4 /uv /bin/uv\nWORKDIR /app\nCOPY . .\nRUN uv sync --locked --no-dev\n\nFROM python:3.12-slim-bookworm\nCOPY --from=builder /app /app\nCMD ["dagster", "dev", "-h", "0.0.0.0"]\n',
        ),
    )
    s.act(
        "Keeping the python:3.12-slim-bookworm base as you asked earlier and adding the healthcheck:",
        Edit(
            "Dockerfile",
            "COPY --from=builder /app /app\n",
            "COPY --from=builder /app /app\nHEALTHCHECK --interval=60s CMD python -c \"import urllib.request; urllib.request.urlopen('http://localhost:3000/server_info')\"\n",
        ),
    )
    s.user(
        "no, that was before, now we build on python:3.12-slim-trixie, the Hetzner box got the trixie upgrade and "
        "the glibc should match",
        rules=[("s-trixie", "now we build on python:3.12-slim-trixie", "s-bookworm")],
    )
    s.act(None, Edit("Dockerfile", "python:3.12-slim-bookworm", "python:3.12-slim-trixie", replace_all=True))
    s.act(
        None,
        Bash(
            "docker build -t saagiandmed:dev . 2>&1 | tail -2",
            " => exporting to image   2.0s\n => => naming to docker.io/library/saagiandmed:dev",
            secs=70,
        ),
    )
    s.act("Pushing the image:", Denied(Bash("docker push ghcr.io/kristjantamm/saagiandmed:dev")))
    s.user("dev tag'i pole vaja pushida. aitab")
    s.outcome("success", "healthcheck added, base image moved to python:3.12-slim-trixie, builds")
    return s


def s15() -> Session:
    s = new("s15-field-report", "2029-11-16T12:45:12", "2.1.174", "report", "field-report-loon")
    s.user("polars report: saak tonni/ha põllu kaupa 2029 hooajaks, csv reports/ kausta")
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m saagiandmed.definitions --select '*'",
            "2029-11-16 14:46:02 +0200 - dagster - INFO - STEP_START - weather_hourly",
            secs=4,
        ),
    )
    s.interrupt()
    s.user(
        "for now just skip the weather ingest in this run, the report doesn't need it",
        non_rules=["for now just skip the weather ingest in this run"],
    )
    s.act(
        None,
        Write(
            "saagiandmed/reports/season.py",
            'import polars as pl\n\n\ndef season_report(con) -> pl.DataFrame:\n    df = con.sql("select f.field_id, f.area_ha, sum(h.yield_kg) / 1000 as t from fct_harvest_daily h join dim_field f using (field_id) where year(harvest_date) = 2029 group by all").pl()\n'
            '    return df.with_columns((pl.col("t") / pl.col("area_ha")).round(2).alias("t_per_ha")).sort("t_per_ha", descending=True)\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run python -m saagiandmed.reports.season > reports/season_2029.csv && head -4 reports/season_2029.csv",
            "field_id,area_ha,t,t_per_ha\nKV-11,31.4,221.7,7.06\nRO-03,18.2,48.21,2.65\nRO-04,22.9,57.9,2.53",
            secs=6,
        ),
    )
    s.say(
        "reports/season_2029.csv written; RO-03 at 2.65 t/ha is low because only part of the field was harvested in October."
    )
    s.user("jah, rapsi osa. aitäh")
    s.outcome("success", "season yield report written without re-running the weather ingest")
    return s


SESSIONS = [s01, s02, s03, s04, s05, s06, s07, s08, s09, s10, s11, s12, s13, s14, s15]
