"""Jordi's `meteo-pirineu` sessions (m01-m15): a Python 3.12 pipeline for mountain weather station data with
Dagster 1.8 assets, Polars, DuckDB files on a MinIO bucket, uv, pytest, ruff, Terraform for the bucket and a small
Hetzner box. Times are UTC; Girona is UTC+02:00 until 2029-10-28 and UTC+01:00 after."""

from __future__ import annotations

from out_helpers import dagster_run, git_commit, pytest_out, ruff_ok
from transcript_kit import METEO, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "meteo-pirineu"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=METEO, project=PROJECT)


READINGS = """import polars as pl
from dagster import AssetExecutionContext, DailyPartitionsDefinition, asset

from meteo_pirineu.resources import StationApi

daily = DailyPartitionsDefinition(start_date="2028-01-01", timezone="Europe/Madrid")


def parse_readings(raw: pl.DataFrame) -> pl.DataFrame:
    return raw.select(
        pl.col("station_id"),
        pl.col("timestamp_local").str.to_datetime("%Y-%m-%dT%H:%M").alias("ts"),
        pl.col("temp_c").cast(pl.Float64),
        pl.col("snow_cm").cast(pl.Float64),
        pl.col("wind_kmh").cast(pl.Float64),
    )


@asset(partitions_def=daily)
def station_readings(context: AssetExecutionContext, station_api: StationApi) -> pl.DataFrame:
    raw = station_api.fetch_day(context.partition_key)
    return parse_readings(raw)"""

ENV_EXAMPLE = """# Copy to .env and fill in. Never commit .env files; credentials live in pass.
MINIO_ENDPOINT=http://127.0.0.1:9000
MINIO_ACCESS_KEY=
MINIO_SECRET_KEY=
STATION_API_TOKEN=
"""


def m01() -> Session:
    s = new("m01-readings-asset", "2029-10-22T13:05:40", "2.1.160", "main", "readings-asset-tuc")
    s.user(
        "Canviem de projecte: meteo-pirineu. Tenim l'asset station_readings que baixa les dades de les estacions "
        "(la Molina, Núria, Ulldeter, Bonaigua...). Now I want a second asset that writes them to DuckDB on the "
        "MinIO bucket: one DuckDB file per station per year, under s3://meteo/duckdb/. Ah, i hem decidit que el "
        "box de Hetzner serà un CX22, n'hi ha prou. Mira el .env.example per les credencials.",
        rules=[("duckdb-per-station", "one DuckDB file per station per year")],
        decisions=["hem decidit que el box de Hetzner serà un CX22, n'hi ha prou"],
    )
    s.title("DuckDB writer asset for station readings")
    s.act(None, Read(".env.example", ENV_EXAMPLE), Read("src/meteo_pirineu/assets/readings.py", READINGS))
    s.not_person("Never commit .env files; credentials live in pass.", "tool_output")
    s.act(
        "Adding a `station_duckdb` asset that groups by station and writes `s3://meteo/duckdb/<station>/<year>.duckdb`:",
        Write(
            "src/meteo_pirineu/assets/duckdb_store.py",
            "import duckdb\nimport polars as pl\nfrom dagster import asset\n\nfrom .readings import daily, station_readings\n\n\n"
            "@asset(partitions_def=daily, deps=[station_readings])\ndef station_duckdb(context, station_readings: pl.DataFrame) -> None:\n"
            '    year = context.partition_key[:4]\n    for (station,), df in station_readings.group_by("station_id"):\n'
            '        path = f"/var/lib/meteo/duckdb/{station}/{year}.duckdb"\n        with duckdb.connect(path) as con:\n'
            '            con.execute("create table if not exists readings as select * from df limit 0")\n'
            '            con.execute("insert into readings select * from df")\n',
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_out(18, secs=1.9)))
    s.act(None, Bash("uv run ruff check src tests && uv run ruff format --check src tests", ruff_ok()))
    s.say(
        "The asset writes one file per station per year; a small sync step uploads them to MinIO. 18 tests pass, ruff clean."
    )
    s.user("nice, thanks 👌")
    s.outcome("success", "station_duckdb asset writing one DuckDB file per station per year; tests and ruff pass")
    return s


def m02() -> Session:
    s = new("m02-minio-path-style", "2029-10-23T09:31:08", "2.1.160", "s3-read", "minio-path-style-cadi")
    s.user(
        "Now DuckDB should read those files straight from MinIO with httpfs instead of the local copy. The MinIO "
        "runs on the Hetzner box behind minio.meteo-pirineu.cat. Fes-ho i passa tests/test_storage.py."
    )
    s.act(
        None,
        Edit(
            "src/meteo_pirineu/storage.py",
            "def connect() -> duckdb.DuckDBPyConnection:\n    con = duckdb.connect()",
            'def connect() -> duckdb.DuckDBPyConnection:\n    con = duckdb.connect()\n    con.execute("install httpfs; load httpfs")\n'
            "    con.execute(f\"set s3_endpoint='{settings.minio_host}'; set s3_access_key_id='{settings.minio_key}'; "
            "set s3_secret_access_key='{settings.minio_secret}'\")",
        ),
    )
    err = (
        "E       duckdb.duckdb.HTTPException: HTTP Error: HTTP GET error on "
        "'https://meteo.minio.meteo-pirineu.cat/duckdb/CDG/2029.duckdb' (HTTP 400)"
    )
    fail = pytest_out(3, [("tests/test_storage.py::test_read_remote_year", err)], secs=3.1)
    for _ in range(3):
        s.act(None, Bash("uv run pytest tests/test_storage.py -x", fail, code=1))
    s.say(
        "Three runs, same HTTP 400, so it's not flaky. The URL is virtual-host style (`meteo.minio...`): DuckDB "
        "puts the bucket in the hostname, and MinIO here only answers path-style URLs."
    )
    s.act(
        None,
        Edit(
            "src/meteo_pirineu/storage.py",
            "set s3_secret_access_key='{settings.minio_secret}'\")",
            "set s3_secret_access_key='{settings.minio_secret}'\")\n    con.execute(\"set s3_url_style='path'\")",
        ),
    )
    s.act(None, Bash("uv run pytest tests/test_storage.py -x", pytest_out(4, secs=2.7)))
    s.user(
        "ostres, clar. turns out MinIO wants path-style URLs, virtual-host style only works against real S3. commit",
        lessons=["turns out MinIO wants path-style URLs, virtual-host style only works against real S3"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Read DuckDB files from MinIO with path-style URLs'",
            git_commit("s3-read", "7a1e0c3", "Read DuckDB files from MinIO with path-style URLs", 1, 5),
        ),
    )
    s.one_off(
        "DuckDB httpfs got HTTP 400 from MinIO because it used virtual-host style URLs (needs s3_url_style='path')"
    )
    s.outcome("success", "s3_url_style='path' set; remote read test passes after three identical failures")
    return s


def m03() -> Session:
    s = new("m03-future-readings", "2029-10-24T13:34:51", "2.1.161", "main", "future-readings-aneto")
    s.user(
        "L'asset check d'aquest matí ha fallat:\n\n```\nAsset check 'no_future_readings' on station_readings failed "
        "(severity ERROR)\n  metadata: max_ts = 2029-10-24 15:20:00, now_utc = 2029-10-24 13:21:47, "
        "rows_in_future = 14\n```\n\nCom pot ser que tinguem lectures del futur? 😅"
    )
    s.act(None, Read("src/meteo_pirineu/assets/readings.py", READINGS))
    s.say(
        "`timestamp_local` is parsed into a naive datetime and then compared with UTC now. The stations report "
        "local time (Europe/Madrid, UTC+2 today), so the latest readings look two hours ahead. I'll attach the "
        "zone; on this box Python needs tzdata for that:"
    )
    s.act(None, Denied(Bash("pip install tzdata"), "res de pip install"))
    s.user(
        "recorda-ho: res de pip install, tot amb uv add, que si no el uv.lock no s'assabenta. I no vull un +2 fix al "
        "codi, que això canvia diumenge.",
        rules=[("uv-only", "res de pip install, tot amb uv add")],
    )
    s.act(None, Bash("uv add tzdata", "Resolved 84 packages in 412ms\nInstalled 1 package in 9ms\n + tzdata==2024.2"))
    s.act(
        None,
        Edit(
            "src/meteo_pirineu/assets/readings.py",
            '        pl.col("timestamp_local").str.to_datetime("%Y-%m-%dT%H:%M").alias("ts"),',
            '        pl.col("timestamp_local").str.to_datetime("%Y-%m-%dT%H:%M")\n'
            '        .dt.replace_time_zone("Europe/Madrid").dt.convert_time_zone("UTC").alias("ts"),',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q tests/test_readings.py",
            pytest_out(
                5,
                [
                    (
                        "tests/test_readings.py::test_parse_spring_forward",
                        "E   polars.exceptions.ComputeError: datetime '2029-03-25 02:10:00' is non-existent in time zone "
                        "'Europe/Madrid'. You may be able to use `non_existent='null'`.",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.say(
        "Attaching Europe/Madrid breaks on the fixture from the March change: one station logged 02:10, which doesn't exist that night."
    )
    s.user("vaja. doncs no, així no ho deixo. revert i ho mirem un altre dia")
    s.act(None, Bash("git checkout src/meteo_pirineu/assets/readings.py", ""))
    s.outcome(
        "failed",
        "readings look 2 h in the future (local time taken as UTC); attaching Europe/Madrid broke on DST, reverted",
    )
    s.hit("dst-naive-timestamps")
    return s


def m04() -> Session:
    s = new("m04-uv-locked-ci", "2029-10-25T14:12:19", "2.1.161", "ci", "uv-locked-pica")
    s.user(
        "CI in Forgejo is red since yesterday:\n\n```\n$ uv sync --locked\nerror: The lockfile at `uv.lock` needs "
        "to be updated, but `--locked` was provided. To update the lockfile, run `uv lock`.\n```\n\nsame as in "
        "celler: tests pass first, then the commit. And decided: Dagster runs as a systemd service on the box, no "
        "docker, so drop the Dockerfile from CI.",
        rules=[("tests-before-commit", "tests pass first, then the commit")],
        decisions=["decided: Dagster runs as a systemd service on the box, no docker"],
    )
    s.act(
        None,
        Bash(
            "git log --oneline -3 -- pyproject.toml uv.lock",
            "e51b2a0 Add tzdata\n0c93d7f Bump polars to 1.12\n4a8b211 Initial uv project",
        ),
    )
    s.say(
        "`e51b2a0` changed pyproject.toml (tzdata) but the lock was committed from before the revert, so they disagree."
    )
    s.act(None, Bash("uv lock && uv sync --locked", "Resolved 84 packages in 388ms\nAudited 84 packages in 2ms"))
    s.act(None, Bash("uv run pytest -q", pytest_out(23, secs=2.2)))
    s.act(
        None,
        Edit(
            ".forgejo/workflows/ci.yml",
            "      - run: uv run pytest -q\n      - run: docker build -t meteo-pirineu .",
            "      - run: uv run pytest -q",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Relock; drop docker build from CI'",
            git_commit("ci", "d30f6b8", "Relock; drop docker build from CI", 2, 3, 4),
        ),
    )
    s.say("Lock refreshed, 23 tests pass, Docker step removed, committed.")
    s.user("gràcies!")
    s.one_off("CI failed on uv sync --locked because uv.lock was out of date with pyproject.toml")
    s.outcome("success", "uv.lock refreshed, CI sync passes, Docker build dropped from CI")
    return s


def m05() -> Session:
    s = new("m05-tf-state-lock", "2029-10-26T12:22:03", "2.1.162", "infra", "tf-state-lock-puigmal")
    s.user(
        "Terraform is missing the bucket lifecycle rule (delete raw/ objects older than 90 days). Add it. "
        "Yesterday I killed a terraform plan halfway through, it may complain."
    )
    s.act(
        None,
        Edit(
            "infra/minio.tf",
            'resource "minio_s3_bucket" "meteo" {\n  bucket = "meteo"\n}',
            'resource "minio_s3_bucket" "meteo" {\n  bucket = "meteo"\n}\n\nresource "minio_ilm_policy" "raw_expiry" {\n'
            '  bucket = minio_s3_bucket.meteo.bucket\n  rule {\n    id         = "expire-raw"\n    filter     = "raw/"\n'
            '    expiration = "90d"\n  }\n}',
        ),
    )
    s.act(
        None,
        Bash(
            "cd infra && terraform plan",
            "╷\n│ Error: Error acquiring the state lock\n│\n│ Error message: resource temporarily unavailable\n│ Lock Info:\n"
            "│   ID:        4f7c2d1e-9b3a-28e6-c0d1-5a6b7e8f9012\n│   Path:      terraform.tfstate\n│   Operation: "
            "OperationTypePlan\n│   Who:       jordi@tramuntana\n│   Created:   2029-10-25 17:48:12.90 +0000 UTC\n╵",
            code=1,
        ),
    )
    s.act(None, Bash("pgrep -a terraform", "", code=1))
    s.act(
        "No terraform process is alive, so the lock is stale from yesterday's killed plan. Unlocking and applying:",
        Denied(
            Bash(
                "cd infra && terraform force-unlock -force 4f7c2d1e-9b3a-28e6-c0d1-5a6b7e8f9012 && terraform apply -auto-approve"
            )
        ),
    )
    s.user(
        "l'unlock sí, l'apply no. never deploy anything without asking me first, fly, terraform apply, whatever. "
        "Fes només el plan i ja l'aplico jo.",
        rules=[("no-deploy-without-asking", "never deploy anything without asking me first")],
    )
    s.act(
        None,
        Bash(
            "cd infra && terraform force-unlock -force 4f7c2d1e-9b3a-28e6-c0d1-5a6b7e8f9012 && terraform plan",
            "Terraform state has been successfully unlocked!\n\nTerraform will perform the following actions:\n\n"
            '  # minio_ilm_policy.raw_expiry will be created\n  + resource "minio_ilm_policy" "raw_expiry" {\n'
            '      + bucket = "meteo"\n    }\n\nPlan: 1 to add, 0 to change, 0 to destroy.',
        ),
    )
    s.say("Lock released; the plan adds just the lifecycle policy. It's yours to apply.")
    s.user("aplicat, tot ok 👌")
    s.one_off("terraform plan failed on a stale state lock left by a killed plan")
    s.outcome("success", "stale state lock released, ILM policy planned and applied by the person")
    return s


def m06() -> Session:
    s = new("m06-dup-key-dst", "2029-10-29T13:07:45", "2.1.163", "main", "dup-key-dst-canigo")
    s.user(
        "Sunday's materialize blew up:\n\n```\n"
        + dagster_run(
            "station_duckdb",
            "2029-10-28",
            ok=False,
            err='duckdb.duckdb.ConstraintException: Constraint Error: Duplicate key "station_id: NUR, ts: '
            '2029-10-28 02:30:00" violates primary key constraint.',
            day="2029-10-29",
            off="+0100",
            run="5be9d7a0-31c4-4f8e-b0a2-7c6d1e93f4a8",
        )
        + "\n```"
    )
    s.act(
        None,
        Bash(
            'uv run python -c "import polars as pl; from meteo_pirineu.assets.readings import parse_readings; '
            "df = parse_readings(pl.read_json('tests/fixtures/nur_20291028.json')); print(df.filter(pl.col('ts').dt.hour() == 2))\"",
            "shape: (4, 5)\n┌────────────┬─────────────────────┬────────┬─────────┬──────────┐\n│ station_id ┆ ts                  "
            "┆ temp_c ┆ snow_cm ┆ wind_kmh │\n╞════════════╪═════════════════════╪════════╪═════════╪══════════╡\n│ NUR        ┆ 2029-10-28 02:00:00 "
            "┆ 3.1    ┆ 0.0     ┆ 22.0     │\n│ NUR        ┆ 2029-10-28 02:30:00 ┆ 2.9    ┆ 0.0     ┆ 24.0     │\n│ NUR        ┆ "
            "2029-10-28 02:00:00 ┆ 2.6    ┆ 0.0     ┆ 19.0     │\n│ NUR        ┆ 2029-10-28 02:30:00 ┆ 2.4    ┆ 0.0     ┆ 18.0     │\n"
            "└────────────┴─────────────────────┴────────┴─────────┴──────────┘",
        ),
    )
    s.say(
        "Sunday the clocks went back: 02:00-03:00 happened twice in local time, and `timestamp_local` has no offset, "
        "so both hours get the same `ts`. I can drop duplicates with `unique(subset=['station_id', 'ts'], keep='first')`."
    )
    s.user("no, això llença una hora de dades de veritat. no. deixa-ho fallar, ja veurem")
    s.outcome("failed", "duplicate key on the repeated 02:00 hour after the DST change; dedupe refused, left failing")
    s.hit("dst-naive-timestamps")
    return s


def write_parser_tests(child: Session) -> None:
    child.act(
        None,
        Write(
            "tests/test_bonaigua_parser.py",
            "import polars as pl\nimport pytest\n\nfrom meteo_pirineu.sources.bonaigua import parse_csv\n\n\n"
            '@pytest.mark.parametrize("fixture,rows", [("bonaigua_ok.csv", 48), ("bonaigua_gap.csv", 45)])\n'
            "def test_parse_csv_rows(fixture, rows, fixtures_dir):\n    df = parse_csv(fixtures_dir / fixture)\n"
            '    assert df.height == rows\n    assert df.schema["wind_kmh"] == pl.Float64\n',
        ),
    )
    child.act(None, Bash("uv run pytest -q tests/test_bonaigua_parser.py", pytest_out(2, secs=0.6)))
    child.say(
        "Wrote tests/test_bonaigua_parser.py with 2 parametrized cases (a full day, a day with a 3-reading gap); both pass."
    )


def m07() -> Session:
    s = new("m07-bonaigua-source", "2029-10-30T13:42:30", "2.1.163", "bonaigua", "bonaigua-source-estany")
    s.user(
        "New source: the Bonaigua station only gives a CSV (semicolon, decimal comma). Write the parser in "
        "sources/bonaigua.py, and let an agent write its tests in the background meanwhile. for now just run the "
        "fast tests in this run, -m 'not slow'.",
        non_rules=["for now just run the fast tests in this run"],
    )
    s.act(
        None,
        Agent(
            "Tests for the Bonaigua CSV parser",
            "Write pytest tests for meteo_pirineu.sources.bonaigua.parse_csv using the fixtures in tests/fixtures "
            "(bonaigua_ok.csv, bonaigua_gap.csv). Always use pytest.mark.parametrize for the station cases. Run them "
            "with uv run pytest and report.",
            "general-purpose",
            write_parser_tests,
            background=True,
        ),
    )
    s.not_person("Always use pytest.mark.parametrize for the station cases.", "subagent_prompt")
    s.act(
        "Parser while the agent writes tests:",
        Write(
            "src/meteo_pirineu/sources/bonaigua.py",
            "from pathlib import Path\n\nimport polars as pl\n\n\ndef parse_csv(path: Path) -> pl.DataFrame:\n"
            '    df = pl.read_csv(path, separator=";", decimal_comma=True, infer_schema_length=0)\n'
            '    return df.select(\n        pl.lit("BON").alias("station_id"),\n        pl.col("data").alias("timestamp_local"),\n'
            '        pl.col("temperatura").cast(pl.Float64).alias("temp_c"),\n        pl.col("neu").cast(pl.Float64).alias("snow_cm"),\n'
            '        pl.col("vent").cast(pl.Float64).alias("wind_kmh"),\n    )\n',
        ),
    )
    s.agent_done(after=40)
    s.act(None, Bash("uv run pytest -q -m 'not slow'", pytest_out(27, secs=2.6, deselected=4)))
    s.say("The agent's 2 tests pass along with the rest: 27 passed, 4 slow ones deselected.")
    s.user("perfect, commit it")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Bonaigua CSV source'",
            git_commit("bonaigua", "28c4e91", "Bonaigua CSV source", 2, 41),
        ),
    )
    s.outcome("success", "Bonaigua CSV parser plus background-agent tests; fast tests pass, committed")
    return s


def m08() -> Session:
    s = new("m08-molina-graph", "2029-10-31T09:12:57", "2.1.164", "main", "molina-graph-cadi")
    s.user(
        "Mira el gràfic de temperatura de la Molina de diumenge: té una hora que puja i baixa de cop, com si hi "
        "hagués dues lectures barrejades, i el de dilluns sembla desplaçat respecte al de l'estació oficial. No "
        "tinc cap error, només ho veig rar."
    )
    s.act(
        None,
        Grep("timestamp_local", ["src/meteo_pirineu/assets/readings.py", "src/meteo_pirineu/sources/bonaigua.py"]),
    )
    s.act(
        None,
        Bash(
            'duckdb /var/lib/meteo/duckdb/MOL/2029.duckdb "select ts, temp_c from readings where ts between '
            "'2029-10-28 01:30' and '2029-10-28 03:30' order by ts\"",
            "┌─────────────────────┬────────┐\n│         ts          │ temp_c │\n├─────────────────────┼────────┤\n"
            "│ 2029-10-28 01:30:00 │    4.2 │\n│ 2029-10-28 02:00:00 │    4.0 │\n│ 2029-10-28 02:00:00 │    3.1 │\n"
            "│ 2029-10-28 02:30:00 │    3.9 │\n│ 2029-10-28 02:30:00 │    3.0 │\n│ 2029-10-28 03:00:00 │    2.8 │\n"
            "└─────────────────────┴────────┘",
        ),
    )
    s.say(
        "The Molina file has two readings for 02:00 and 02:30 on Sunday (both from the repeated hour, since the "
        "file has no primary key), and the graph zig-zags between them. Since Monday the local times are stored "
        "as they come (Europe/Madrid, now UTC+1) while the official series is UTC, hence the shift."
    )
    s.user("bueno, ara no puc. he de marxar a buscar la nena, ja ho mirarem")
    s.outcome("unknown", "the zig-zag and shift traced to local naive timestamps; the person left without a change")
    s.hit("dst-naive-timestamps")
    return s


def m09() -> Session:
    s = new("m09-utc-timestamps", "2029-11-02T13:18:22", "2.1.165", "utc-ts", "utc-ts-vallter")
    s.user(
        "He escrit un test per l'agregat horari del 28 d'octubre i falla, aquest cop ho arreglem bé. L'API de les "
        "estacions també dona un camp timestamp_utc, no?"
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q tests/test_hourly.py",
            pytest_out(
                3,
                [
                    (
                        "tests/test_hourly.py::test_dst_day_has_25_hours",
                        "E       AssertionError: assert 24 == 25\nE        +  where 24 = shape: (24, 3) ... .height",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.act(
        None,
        Bash(
            "jq '.[0]' tests/fixtures/nur_20291028.json",
            '{\n  "station_id": "NUR",\n  "timestamp_local": "2029-10-28T00:00",\n  "timestamp_utc": "2029-10-27T22:00Z",\n  "temp_c": "4.6",\n  "snow_cm": "0",\n  "wind_kmh": "17"\n}',
        ),
    )
    s.say(
        "Yes: each reading has `timestamp_utc` with a Z. Parsing that instead of `timestamp_local` gives every reading a unique instant, DST or not:"
    )
    s.act(
        None,
        Edit(
            "src/meteo_pirineu/assets/readings.py",
            '        pl.col("timestamp_local").str.to_datetime("%Y-%m-%dT%H:%M").alias("ts"),',
            '        pl.col("timestamp_utc").str.to_datetime("%Y-%m-%dT%H:%MZ", time_zone="UTC").alias("ts"),',
        ),
        Edit(
            "src/meteo_pirineu/sources/bonaigua.py",
            '        pl.col("data").alias("timestamp_local"),',
            '        pl.col("data").str.to_datetime("%d/%m/%Y %H:%M").dt.replace_time_zone("Europe/Madrid", ambiguous="earliest")\n'
            '        .dt.convert_time_zone("UTC").dt.strftime("%Y-%m-%dT%H:%MZ").alias("timestamp_utc"),',
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_out(31, secs=2.9)))
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m meteo_pirineu.definitions --select station_readings,station_duckdb --partition 2029-10-28",
            dagster_run(
                "station_duckdb",
                "2029-10-28",
                day="2029-11-02",
                off="+0100",
                run="e07a4c19-8d2f-4b63-a5e1-29f0c8b7d6e2",
            ),
            secs=20,
        ),
    )
    s.say("All 31 tests pass, and Sunday's partition now materializes: 25 hourly buckets, no duplicate key.")
    s.user(
        "per fi. lliçó apresa: un timestamp sense zona és una bomba de rellotgeria. commit 👌",
        lessons=["lliçó apresa: un timestamp sense zona és una bomba de rellotgeria"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Parse station timestamps from timestamp_utc'",
            git_commit("utc-ts", "b6e0a47", "Parse station timestamps from timestamp_utc", 3, 29, 2),
        ),
    )
    s.outcome("success", "readings parsed from timestamp_utc as UTC; DST-day test and materialization pass")
    s.hit("dst-naive-timestamps", fixed=True)
    return s


def m10() -> Session:
    s = new("m10-parquet-dataset", "2029-11-05T09:03:14", "2.1.166", "parquet", "parquet-dataset-montardo")
    s.user(
        "Let's add the wind gust readings (gust_kmh) to the asset, and the writer should store them too. Start "
        "with the parser and the tests."
    )
    s.act(
        None,
        Edit(
            "src/meteo_pirineu/assets/readings.py",
            '        pl.col("wind_kmh").cast(pl.Float64),',
            '        pl.col("wind_kmh").cast(pl.Float64),\n        pl.col("gust_kmh").cast(pl.Float64),',
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_out(31, secs=2.8)))
    s.compact(
        "manual",
        "Summary of the conversation so far:\n1. Jordi asked to add gust_kmh to station_readings and to the writer.\n"
        "2. parse_readings now casts gust_kmh; 31 tests pass.\n3. User preference: never use lazy frames.\n"
        "Next: update the station_duckdb writer.",
        98200,
        9100,
    )
    s.not_person("User preference: never use lazy frames.", "compaction_summary")
    s.say("Next I'll add the column to the writer, which keeps one DuckDB file per station per year, as you asked.")
    s.user(
        "no, that was before, now everything goes into one parquet dataset partitioned by year and month, and "
        "DuckDB just reads it with read_parquet. Canvia el writer.",
        rules=[
            (
                "parquet-dataset",
                "now everything goes into one parquet dataset partitioned by year and month",
                "duckdb-per-station",
            )
        ],
    )
    s.act(
        None,
        Write(
            "src/meteo_pirineu/assets/parquet_store.py",
            "import polars as pl\nfrom dagster import asset\n\nfrom .readings import daily\n\n\n"
            "@asset(partitions_def=daily)\ndef station_parquet(context, station_readings: pl.DataFrame) -> None:\n"
            '    df = station_readings.with_columns(year=pl.col("ts").dt.year(), month=pl.col("ts").dt.month())\n'
            '    df.write_parquet("s3://meteo/readings/", partition_by=["year", "month"], storage_options=storage_options())\n',
        ),
    )
    s.act(None, Bash("uv run pytest -q && uv run ruff check src tests", pytest_out(32, secs=3.0) + "\n" + ruff_ok()))
    s.say("The writer now appends to `s3://meteo/readings/year=*/month=*/`; 32 tests pass, ruff clean.")
    s.user("genial, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'gust_kmh; one parquet dataset partitioned by year/month'",
            git_commit("parquet", "e9a3d12", "gust_kmh; one parquet dataset partitioned by year/month", 3, 34, 2),
        ),
    )
    s.outcome("success", "gust_kmh added; writer moved to one partitioned parquet dataset; tests pass, committed")
    return s


def find_disk_users(child: Session) -> None:
    child.act(None, Grep("temp_directory|memory_limit", [], path="src"))
    child.act(
        None,
        Bash(
            "du -sh /var/lib/meteo/* 2>/dev/null | sort -h | tail -3",
            "2.1G\t/var/lib/meteo/parquet-cache\n11G\t/var/lib/meteo/duckdb\n19G\t/var/lib/meteo/tmp",
        ),
    )
    child.say(
        "No DuckDB temp_directory or memory_limit is set anywhere under src/, so DuckDB spills to /var/lib/meteo/tmp "
        "(19G, the biggest). The old per-station .duckdb files in /var/lib/meteo/duckdb take 11G and nothing reads them now."
    )


def m11() -> Session:
    s = new("m11-disk-full", "2029-11-06T13:44:05", "2.1.166", "main", "disk-full-comapedrosa")
    s.user(
        "The Hetzner box ran out of disk tonight:\n\n```\nOSError: [Errno 28] No space left on device: "
        "'/var/lib/meteo/tmp/duckdb_temp_storage-4.tmp'\n```\n\nFind out what is filling the disk, use an agent if you "
        "like, but don't delete anything yet."
    )
    s.act(
        None,
        Agent(
            "Find what fills the disk",
            "On the meteo-pirineu box, find which directories under /var/lib/meteo are largest and whether DuckDB "
            "is configured with a temp_directory or memory_limit in src/. Report only, delete nothing.",
            "Explore",
            find_disk_users,
        ),
    )
    s.say(
        "DuckDB's spill files are 19G in /var/lib/meteo/tmp and the old per-station .duckdb files another 11G. "
        "I'd cap DuckDB's memory and temp size. You should never call collect() inside a loop over stations; "
        "the hourly job does that and each call spills."
    )
    s.not_person("You should never call collect() inside a loop over stations", "assistant_text")
    s.user("d'acord, posa límits i esborra el tmp i els .duckdb vells, que ja tinc còpia al parquet")
    s.act(
        None,
        Edit(
            "src/meteo_pirineu/storage.py",
            "    con.execute(\"set s3_url_style='path'\")",
            "    con.execute(\"set s3_url_style='path'\")\n    con.execute(\"set memory_limit='1GB'; set max_temp_directory_size='4GB'\")",
        ),
    )
    s.act(
        None,
        Bash(
            "rm -rf /var/lib/meteo/tmp/* /var/lib/meteo/duckdb && df -h /var/lib/meteo",
            "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        38G  6.4G   30G  18% /",
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_out(32, secs=3.1)))
    s.user("👌 gràcies")
    s.one_off("the Hetzner box ran out of disk because DuckDB spilled to an unbounded temp directory")
    s.outcome("success", "DuckDB memory and temp size capped, old files removed; 30G free, tests pass")
    return s


def m12() -> Session:
    s = new("m12-backfill-429", "2029-11-07T14:21:40", "2.1.167", "main", "backfill-429-bastiments")
    s.user(
        "Vull omplir el parquet amb tot el 2028. hauríem de fer sempre backfill de tot l'any o només de l'últim "
        "mes? Llança-ho per 2028 sencer.",
        non_rules=["hauríem de fer sempre backfill de tot l'any o només de l'últim mes?"],
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset backfill -m meteo_pirineu.definitions --select station_readings,station_parquet "
            "--from 2028-01-01 --to 2028-12-31",
            "Launched backfill ijnmxkqd with 366 partitions\n"
            "2029-11-07 15:29:51 +0100 - dagster - ERROR - station_readings[2028-02-14] - STEP_FAILURE\n"
            "requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: "
            "https://api.estacions.example/v1/readings?date=2028-02-14\n"
            "Backfill ijnmxkqd: 44 succeeded, 318 failed, 4 in progress",
            code=1,
            secs=520,
            timeout=600000,
        ),
    )
    s.say(
        "The station API rate-limits us after ~40 days in a row. I can limit concurrency to 1 and add a retry policy with backoff."
    )
    s.user("no, espera. el conveni diu 1000 peticions al dia, ho he de parlar amb ells primer. ho parem aquí.")
    s.one_off("the 2028 backfill hit HTTP 429 from the station API's daily quota")
    s.outcome("failed", "2028 backfill mostly failed with HTTP 429; stopped until the quota is discussed")
    return s


def m13() -> Session:
    s = new("m13-ruff-upgrade", "2029-11-08T12:30:36", "2.1.168", "main", "ruff-upgrade-taga")
    s.queued_start("bump ruff to 0.8 and fix whatever comes up")
    s.user("bump ruff to 0.8 and fix whatever comes up")
    s.act(None, Bash("uv add --dev 'ruff>=0.8'", "Resolved 85 packages in 301ms\n - ruff==0.7.4\n + ruff==0.8.1"))
    s.act(
        None,
        Bash(
            "uv run ruff check src tests",
            "src/meteo_pirineu/resources.py:14:5: UP035 `typing.Dict` is deprecated, use `dict` instead\n"
            "src/meteo_pirineu/assets/parquet_store.py:1:1: I001 [*] Import block is un-sorted or un-formatted\n"
            "Found 2 errors.\n[*] 1 fixable with the `--fix` option.",
            code=1,
        ),
    )
    s.act(
        None,
        Edit("src/meteo_pirineu/resources.py", "from typing import Dict\n\nimport requests", "import requests"),
    )
    s.act(
        None,
        Bash(
            "uv run ruff check --fix src tests && uv run pytest -q",
            "Found 1 error (1 fixed, 0 remaining).\n" + pytest_out(32, secs=3.0),
        ),
    )
    s.say("Ruff 0.8.1: one import sort fixed, `typing.Dict` removed. Clean, and 32 tests pass.")
    s.user("bé, commit")
    s.act(None, Bash("git add -A && git commit -m 'ruff 0.8'", git_commit("main", "4fb8e60", "ruff 0.8", 4, 6, 7)))
    s.outcome("success", "ruff upgraded to 0.8.1, lint fixed, tests pass, committed")
    return s


def m14() -> Session:
    s = new("m14-tf-provider-pin", "2029-11-08T16:12:11", "2.1.168", "infra", "tf-provider-pin-peguera")
    s.user(
        "El terraform init m'ha escopit això al box nou:\n\n```\nWarning: Version constraints inside provider "
        'configuration blocks are deprecated\n\n  on main.tf line 14, in provider "hcloud":\n  14:   version = '
        '"~> 1.48"\n\nTerraform 0.13 and earlier allowed provider version constraints inside the provider '
        "configuration block, but that is now deprecated. Please always pin provider versions in "
        "required_providers instead.\n```\n\nMou-ho on toca."
    )
    s.not_person("always pin provider versions in required_providers", "pasted_log")
    s.act(
        None,
        Edit(
            "infra/main.tf",
            'provider "hcloud" {\n  version = "~> 1.48"\n  token   = var.hcloud_token\n}',
            'provider "hcloud" {\n  token = var.hcloud_token\n}',
        ),
        Edit(
            "infra/versions.tf",
            "  required_providers {\n    minio = {",
            '  required_providers {\n    hcloud = {\n      source  = "hetznercloud/hcloud"\n      version = "~> 1.48"\n    }\n    minio = {',
        ),
    )
    s.act(
        None,
        Bash(
            "cd infra && terraform init -upgrade && terraform validate",
            'Initializing provider plugins...\n- Finding hetznercloud/hcloud versions matching "~> 1.48"...\n- Installing hetznercloud/hcloud v1.48.1...\n\nTerraform has been successfully initialized!\nSuccess! The configuration is valid.',
        ),
    )
    s.say("The hcloud version constraint now lives in `required_providers`; init and validate are clean.")
    s.user("ok, ja ho provaré al box quan torni")
    s.outcome("unknown", "provider pin moved and validated locally; the person will try it on the box later")
    return s


def m15() -> Session:
    s = new("m15-snow-asset", "2029-11-09T09:41:50", "2.1.169", "snow", "snow-asset-tossa")
    s.user(
        "New asset snow_depth_daily: per station, the max snow depth of the day, read from the parquet with "
        "DuckDB. Plus a test with the Núria fixture."
    )
    s.act(
        None,
        Write(
            "src/meteo_pirineu/assets/snow.py",
            "import polars as pl\nfrom dagster import asset\n\nfrom meteo_pirineu.storage import connect\n\nfrom .readings import daily\n\n\n"
            '@asset(partitions_def=daily, deps=["station_parquet"])\ndef snow_depth_daily(context) -> pl.DataFrame:\n'
            "    day = context.partition_key\n    with connect() as con:\n        return con.execute(\n"
            "            \"select station_id, max(snow_cm) as snow_cm from read_parquet('s3://meteo/readings/*/*/*.parquet', hive_partitioning = true) \"\n"
            '            "where ts::date = ? group by 1 order by 1", [day]\n        ).pl()\n',
        ),
        Write(
            "tests/test_snow.py",
            'def test_snow_depth_daily_nuria(parquet_fixture):\n    df = snow_depth_daily_for(parquet_fixture, "2029-11-04")\n'
            '    assert df.filter(station_id="NUR")["snow_cm"].item() == 12.0\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q tests/test_snow.py && uv run ruff check src tests",
            pytest_out(1, secs=1.4) + "\n" + ruff_ok(),
        ),
    )
    s.say("`snow_depth_daily` reads the parquet dataset through DuckDB; the Núria test passes, ruff clean.")
    s.user("molt bé! commit i bon cap de setmana 😅")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'snow_depth_daily asset'",
            git_commit("snow", "0a7d3c5", "snow_depth_daily asset", 2, 22),
        ),
    )
    s.outcome("success", "snow_depth_daily asset reading the parquet dataset; test passes, committed")
    return s


SESSIONS = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14, m15]
