"""Sravya's `pantalu-pipeline` sessions (p01-p16): a Python 3.12 pipeline of daily crop prices from Agmarknet's
mandi (market yard) exports for Telangana and Andhra Pradesh: Dagster assets partitioned by day, Polars for the
transformations, DuckDB as the store, dbt-duckdb models for the marts, pytest, uv. Times are UTC; Hyderabad is
UTC+5:30 (IST), so 04:40 UTC is 10:10 in the morning for her."""

from __future__ import annotations

from fake_output import PIPE, dagster_ok, dbt_build, git_commit, pytest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "pantalu-pipeline"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=PIPE, project=PROJECT)


def ide(path: str) -> list[str]:
    """The VS Code extension's note on the file open in the editor."""
    return [
        f"<ide_opened_file>The user opened the file {PIPE}/{path} in the IDE. This may or may not be related to "
        "the current task.</ide_opened_file>"
    ]


PYPROJECT = """[project]
name = "pantalu-pipeline"
version = "0.1.0"
description = "Daily mandi crop prices: Agmarknet -> DuckDB -> dbt marts"
requires-python = ">=3.12"
dependencies = []

[dependency-groups]
dev = ["pytest>=8.4", "ruff>=0.12"]

[tool.dagster]
module_name = "pantalu.definitions"
code_location_name = "pantalu"
"""

CSV_HEAD = (
    "State Name,District Name,Market Name,Commodity,Variety,Grade,Arrivals (Tonnes),Min Price (Rs./Quintal),"
    "Max Price (Rs./Quintal),Modal Price (Rs./Quintal),Price Date"
)

AGMARKNET = """\"\"\"Agmarknet daily price exports: one CSV per market per day, as downloaded into data/raw/<day>/.\"\"\"

from pathlib import Path

import polars as pl

COLUMNS = {
    "State Name": "state",
    "District Name": "district",
    "Market Name": "market",
    "Commodity": "commodity",
    "Variety": "variety",
    "Grade": "grade",
    "Arrivals (Tonnes)": "arrivals_tonnes",
    "Min Price (Rs./Quintal)": "min_price",
    "Max Price (Rs./Quintal)": "max_price",
    "Modal Price (Rs./Quintal)": "modal_price",
    "Price Date": "arrival_date",
}


def read_agmarknet_csv(path: Path) -> pl.DataFrame:
    \"\"\"One market-day export with snake_case columns and a real date.\"\"\"
    df = pl.read_csv(path).rename(COLUMNS)
    return df.with_columns(pl.col("arrival_date").str.strptime(pl.Date, "%d %b %Y"))
"""

PARTITIONS = """import dagster as dg

daily = dg.DailyPartitionsDefinition(start_date="2027-06-01", timezone="Asia/Kolkata")
"""

RESOURCES = """\"\"\"The pipeline's DuckDB database.\"\"\"

import duckdb

DB_PATH = "data/pantalu.duckdb"
conn = duckdb.connect(DB_PATH)
"""

RAW_ASSET = """from pathlib import Path

import dagster as dg
import polars as pl

from pantalu.ingest.agmarknet import read_agmarknet_csv
from pantalu.partitions import daily
from pantalu.resources import conn

RAW_DIR = Path("data/raw")


@dg.asset(partitions_def=daily, group_name="ingest")
def raw_mandi_prices(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    \"\"\"Every market's export for the partition's day, appended to raw_mandi_prices in DuckDB.\"\"\"
    day = context.partition_key
    files = sorted((RAW_DIR / day).glob("*.csv"))
    df = pl.concat([read_agmarknet_csv(f) for f in files], how="vertical_relaxed")
    df = df.with_columns(
        (pl.col("arrivals_tonnes") * 10).alias("arrivals_quintals"),
    )
    conn.register("day_df", df)
    conn.execute("create table if not exists raw_mandi_prices as select * from day_df limit 0")
    conn.execute("delete from raw_mandi_prices where arrival_date = ?", [day])
    conn.execute("insert into raw_mandi_prices select * from day_df")
    return dg.MaterializeResult(metadata={"rows": len(df), "files": len(files)})
"""

# after p04: only the states Sravya asked for
RAW_ASSET_2 = RAW_ASSET.replace(
    'RAW_DIR = Path("data/raw")\n',
    'RAW_DIR = Path("data/raw")\nSTATES = ("Telangana", "Andhra Pradesh")\n',
).replace(
    "    df = df.with_columns(\n",
    '    df = df.filter(pl.col("state").is_in(STATES)).with_columns(\n',
)

DEFINITIONS = """import dagster as dg

from pantalu.assets.raw import raw_mandi_prices

defs = dg.Definitions(assets=[raw_mandi_prices])
"""

# after p06: the groups asset and its check
DEFINITIONS_2 = """import dagster as dg

from pantalu.assets.groups import every_price_has_a_group, prices_with_group
from pantalu.assets.raw import raw_mandi_prices

defs = dg.Definitions(assets=[raw_mandi_prices, prices_with_group], asset_checks=[every_price_has_a_group])
"""

# after p07: the groups asset and its check, and the DuckDB resource
DEFINITIONS_3 = """import dagster as dg

from pantalu.assets.groups import every_price_has_a_group, prices_with_group
from pantalu.assets.raw import raw_mandi_prices
from pantalu.resources import duckdb_resource

defs = dg.Definitions(
    assets=[raw_mandi_prices, prices_with_group],
    asset_checks=[every_price_has_a_group],
    resources={"duckdb": duckdb_resource},
)
"""

TEST_INGEST = """from pathlib import Path

import polars as pl

from pantalu.ingest.agmarknet import read_agmarknet_csv

FIXTURES = Path(__file__).parent / "fixtures"


def test_columns_are_snake_case():
    df = read_agmarknet_csv(FIXTURES / "kurnool_sample.csv")
    assert df.columns[:4] == ["state", "district", "market", "commodity"]


def test_price_date_is_a_date():
    df = read_agmarknet_csv(FIXTURES / "kurnool_sample.csv")
    assert df.schema["arrival_date"] == pl.Date
"""


def p01() -> Session:
    s = new("p01-raw-asset", "2027-07-05T04:40:12", "2.1.157", "main", "mandi-ingest-heron")
    s.user(
        "Good morning! Starting pantalu-pipeline properly today: daily mandi prices from Agmarknet for Telangana "
        "and Andhra Pradesh, into DuckDB, with dbt-duckdb models on top later. We're going with Dagster over "
        "Airflow for this; the asset model fits dbt better and I don't want to babysit a scheduler cluster on my "
        "laptop. First step: a daily-partitioned asset `raw_mandi_prices` that reads that day's CSVs from "
        "data/raw/<date>/ with Polars and appends them to data/pantalu.duckdb. I'd prefer we keep pandas out of "
        "the pipeline entirely; Polars for every transformation, even the small ones. The repo only has "
        "pyproject.toml and the raw files so far.",
        decisions=["We're going with Dagster over Airflow for this"],
        rules=[
            (
                "polars-only",
                "I'd prefer we keep pandas out of the pipeline entirely; Polars for every transformation, even the "
                "small ones",
            )
        ],
    )
    s.title("Daily raw_mandi_prices asset")
    s.act(
        None,
        Read("pyproject.toml", PYPROJECT),
        Bash(
            "ls data/raw/2027-07-02 && head -3 data/raw/2027-07-02/kurnool.csv",
            "adoni.csv\nguntur.csv\nkhammam.csv\nkurnool.csv\nnizamabad.csv\nwarangal.csv\n"
            + CSV_HEAD
            + "\nAndhra Pradesh,Kurnool,Kurnool,Onion,Local,FAQ,412.5,1100,1800,1550,02 Jul 2027\n"
            "Andhra Pradesh,Kurnool,Kurnool,Groundnut,Bold,FAQ,38,5600,6420,6150,02 Jul 2027",
        ),
    )
    s.act(
        "One CSV per market per day. Installing Dagster, Polars and DuckDB first:",
        Bash(
            "uv pip install dagster dagster-webserver polars duckdb",
            "Resolved 86 packages in 1.41s\nPrepared 12 packages in 3.02s\nInstalled 86 packages in 412ms\n"
            " + dagster==1.11.3\n + dagster-webserver==1.11.3\n + duckdb==1.3.2\n + polars==1.31.0\n ...",
            secs=7,
        ),
    )
    s.user(
        "oka nimisham — dependencies anni uv add tho ne add cheyyi, pip install cheyyaku. `uv pip` kuda pip "
        "laage, pyproject lo, lock file lo em ledu ante repu evaru clone chesina emi install cheyyalo teliyadu. aa "
        "packages ni uv add tho malli add cheyyi please.",
        rules=[("uv-only", "dependencies anni uv add tho ne add cheyyi, pip install cheyyaku")],
    )
    s.act(
        "Right, `uv pip` leaves pyproject.toml and uv.lock untouched. Adding them properly:",
        Bash(
            "uv add dagster==1.11.3 dagster-webserver==1.11.3 dagster-duckdb==0.27.3 polars==1.31.0 duckdb==1.3.2",
            "Resolved 88 packages in 1.12s\nAudited 86 packages in 9ms\nInstalled 2 packages in 18ms\n"
            " + dagster-duckdb==0.27.3\n + pantalu-pipeline==0.1.0 (from file:///Users/sravya/code/pantalu-pipeline)",
            secs=5,
        ),
    )
    s.act(
        "Now the reader, the partitions, the DuckDB connection, the asset and the definitions:",
        Write("pantalu/ingest/agmarknet.py", AGMARKNET),
        Write("pantalu/partitions.py", PARTITIONS),
        Write("pantalu/resources.py", RESOURCES),
        Write("pantalu/assets/raw.py", RAW_ASSET),
        Write("pantalu/definitions.py", DEFINITIONS),
    )
    s.act(
        "And two small tests on a 20-row sample of the Kurnool export:",
        Bash("mkdir -p tests/fixtures && head -21 data/raw/2027-07-02/kurnool.csv > tests/fixtures/kurnool_sample.csv"),
        Write("tests/test_ingest.py", TEST_INGEST),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(2, secs=0.31)))
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m pantalu.definitions --select raw_mandi_prices --partition 2027-07-02",
            dagster_ok(
                "raw_mandi_prices", "2027-07-02", "0b6e51c2-4a7d-4f0e-9d1a-51f3c2e7a0d4", 1873, when="2027-07-05 10:21"
            ),
            secs=9,
        ),
    )
    s.say(
        "`raw_mandi_prices` is in place: daily partitions in Asia/Kolkata from 2027-06-01, one Polars frame per "
        "day from `data/raw/<day>/*.csv`, replaced per day in `data/pantalu.duckdb`. 2027-07-02 loaded 1,873 rows "
        "from 6 markets; both tests pass. As a rule of thumb, always pin dagster and its integration libraries to "
        "matching releases; they are released together every week."
    )
    s.user("super, thanks a lot! please commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Daily raw_mandi_prices asset with Polars and DuckDB'",
            git_commit("main", "4e1a9c2", "Daily raw_mandi_prices asset with Polars and DuckDB", 9, 131, 2),
        ),
    )
    s.say("Committed (`4e1a9c2`).")
    s.not_person(
        "As a rule of thumb, always pin dagster and its integration libraries to matching releases",
        "assistant_text",
    )
    s.outcome("success", "daily partitioned raw asset with Polars into DuckDB, deps via uv add, tests green, committed")
    return s


def polars_parse_error(run: str, clock: str, value: str, dtype: str, column: str, number: int, offset: int) -> str:
    return (
        f"2027-07-06 {clock} +0530 - dagster - DEBUG - __ASSET_JOB - {run} - 52210 - RUN_START - Started execution "
        'of run for "__ASSET_JOB".\n'
        f"2027-07-06 {clock} +0530 - dagster - ERROR - __ASSET_JOB - {run} - 52210 - raw_mandi_prices - "
        'STEP_FAILURE - Execution of step "raw_mandi_prices" failed.\n\n'
        "dagster._core.errors.DagsterExecutionStepExecutionError: Error occurred while executing op "
        '"raw_mandi_prices":\n\n'
        '  File "/Users/sravya/code/pantalu-pipeline/pantalu/assets/raw.py", line 18, in raw_mandi_prices\n'
        '    df = pl.concat([read_agmarknet_csv(f) for f in files], how="vertical_relaxed")\n'
        '  File "/Users/sravya/code/pantalu-pipeline/pantalu/ingest/agmarknet.py", line 24, in read_agmarknet_csv\n'
        f"polars.exceptions.ComputeError: could not parse `{value}` as dtype `{dtype}` at column '{column}' "
        f"(column number {number})\n\nThe current offset in the file is {offset} bytes.\n\n"
        "Original error: ```remaining bytes non-empty```\n"
        f"2027-07-06 {clock} +0530 - dagster - ERROR - __ASSET_JOB - {run} - 52210 - RUN_FAILURE - Execution of "
        "run for \"__ASSET_JOB\" failed. Steps failed: ['raw_mandi_prices']."
    )


MATERIALIZE_0705 = (
    "uv run dagster asset materialize -m pantalu.definitions --select raw_mandi_prices --partition 2027-07-05"
)


def p02() -> Session:
    s = new("p02-kurnool-nr", "2027-07-06T04:55:40", "2.1.157", "main", "nr-arrivals-kite")
    s.user(
        "Good morning! I added the Kurnool, Adoni and Nandyal files to data/raw/2027-07-05 last evening. Could you "
        "materialize that partition please? We'll look at yesterday's after that."
    )
    s.act(
        None,
        Bash(
            MATERIALIZE_0705,
            polars_parse_error(
                "6c0d2f8e-11aa-4c55-8b0e-2b9e6f1d7e30", "10:26:41", "NR", "f64", "Arrivals (Tonnes)", 7, 10342
            ),
            code=1,
            secs=8,
        ),
    )
    s.act(None, Read("pantalu/ingest/agmarknet.py", AGMARKNET))
    s.act(
        "Polars can't parse `NR` in the arrivals column of one of the new files. Agmarknet writes `NR` (not "
        "reported) when a market sends no arrivals figure, so it should read as null:",
        Edit(
            "pantalu/ingest/agmarknet.py",
            "    df = pl.read_csv(path).rename(COLUMNS)",
            '    df = pl.read_csv(path, null_values=["NR"]).rename(COLUMNS)',
        ),
    )
    s.act(
        None,
        Bash(
            MATERIALIZE_0705,
            polars_parse_error(
                "9a41c7d3-5e2b-4f67-a0c8-3d1e9b2f6a15", "10:28:02", "-", "i64", "Min Price (Rs./Quintal)", 8, 22918
            ),
            code=1,
            secs=8,
        ),
    )
    s.act(
        "Past Kurnool; now Adoni writes `-` for a missing minimum price. Adding it to the null values too:",
        Edit("pantalu/ingest/agmarknet.py", 'null_values=["NR"]', 'null_values=["NR", "-"]'),
    )
    s.act(
        None,
        Bash(
            MATERIALIZE_0705,
            polars_parse_error(
                "e3b7a920-7c14-4d2e-9f61-84a0c5d2b1f7",
                "10:29:15",
                "2450.5",
                "i64",
                "Modal Price (Rs./Quintal)",
                10,
                31507,
            ),
            code=1,
            secs=8,
        ),
    )
    s.say(
        "Now Nandyal: a modal price of `2450.5` where the column was read as an integer. Each file fails on a "
        "different value. To get the partition loaded today I could pass `ignore_errors=True` to `read_csv`, so "
        "unparseable values become null, and look at the files one by one afterwards."
    )
    s.user(
        "aagu aagu. prathi run ki oka kotha file, oka kotha error — idi whack-a-mole laaga undi. ignore_errors "
        "vaddu, tappu values silent ga null aipotayi, adi naaku assalu nachadu. ee null_values changes kuda revert "
        "cheyyi. nenu standup ki vellali, inka work avvaledu."
    )
    s.act(
        None,
        Edit(
            "pantalu/ingest/agmarknet.py",
            '    df = pl.read_csv(path, null_values=["NR", "-"]).rename(COLUMNS)',
            "    df = pl.read_csv(path).rename(COLUMNS)",
        ),
    )
    s.say("Reverted; `agmarknet.py` is as it was and the 2027-07-05 partition is still not loaded.")
    s.outcome(
        "failed",
        "2027-07-05 partition fails to load: a different Polars parse error per file (NR, '-', 2450.5); the same "
        "materialize command failed three times; ignore_errors refused, edits reverted",
    )
    s.hit("polars-schema-inference")
    return s


DBT_README = """# pantalu dbt project

- Sources: `raw_mandi_prices` (Dagster) and `enam_commodities` (`uv run python -m pantalu.ingest.enam`).
- Staging models must always be views; only marts are materialized as tables.
- Locally: `uv run dbt build --project-dir dbt --profiles-dir dbt`."""

DBT_PROJECT = """name: pantalu
version: "1.0.0"
profile: pantalu

models:
  pantalu:
    staging:
      +materialized: view
    marts:
      +materialized: table
"""

PROFILES = """pantalu:
  target: dev
  outputs:
    dev:
      type: duckdb
      path: ../data/pantalu.duckdb
      threads: 1
"""

SOURCES = """version: 2

sources:
  - name: pantalu
    schema: main
    tables:
      - name: raw_mandi_prices
      - name: enam_commodities
"""

STG_PRICES = """select
    state,
    district,
    market,
    commodity,
    variety,
    arrivals_tonnes,
    min_price,
    max_price,
    modal_price,
    arrival_date
from {{ source('pantalu', 'raw_mandi_prices') }}
"""

STG_ENAM = """select
    commodity_group,
    name,
    unit
from {{ source('pantalu', 'enam_commodities') }}
"""

DIM_COMMODITY = """select
    row_number() over (order by name) as commodity_id,
    name,
    commodity_group
from {{ ref('stg_enam__commodities') }}
"""

FCT_HARDCODED = """select
    p.state,
    p.district,
    p.market,
    p.commodity,
    p.arrival_date,
    p.arrivals_tonnes,
    p.modal_price
from main.stg_agmarknet__prices as p
"""

MARTS_YML = """version: 2

models:
  - name: dim_commodity
    columns:
      - name: name
        data_tests: [not_null, unique]
  - name: fct_mandi_prices
    columns:
      - name: commodity
        data_tests:
          - not_null
          - relationships:
              arguments:
                to: ref('dim_commodity')
                field: name
"""

P03_STEPS = [
    ("sql view model main.stg_agmarknet__prices", "OK"),
    ("sql view model main.stg_enam__commodities", "OK"),
    ("sql table model main.dim_commodity", "OK"),
    ("test not_null_dim_commodity_name", "PASS"),
    ("test unique_dim_commodity_name", "PASS"),
    ("sql table model main.fct_mandi_prices", "OK"),
    ("test not_null_fct_mandi_prices_commodity", "PASS"),
    ("test relationships_fct_mandi_prices_commodity__name__ref_dim_commodity_", "FAIL 1318"),
]
P03_FAIL = [("relationships_fct_mandi_prices_commodity__name__ref_dim_commodity_", "models/marts/_marts.yml", 1318)]
DBT = "uv run dbt build --project-dir dbt --profiles-dir dbt"


def p03() -> Session:
    s = new("p03-dbt-relationships", "2027-07-07T05:05:09", "2.1.158", "dbt-models", "ref-test-ibis")
    s.user(
        "Morning! dbt time. Please set up the dbt-duckdb project under dbt/ against data/pantalu.duckdb: staging "
        "models over raw_mandi_prices and over enam_commodities (the eNAM commodity master, I load it with `uv run "
        "python -m pantalu.ingest.enam`), then dim_commodity and fct_mandi_prices, with a relationships test from "
        "the fact's commodity to dim_commodity. Run dbt build when it's in place."
    )
    s.act(None, Read("dbt/README.md", DBT_README))
    s.act(
        None,
        Bash(
            "uv add dbt-duckdb==1.9.4",
            "Resolved 112 packages in 1.61s\nInstalled 21 packages in 96ms\n"
            " + dbt-core==1.10.2\n + dbt-duckdb==1.9.4\n ...",
            secs=6,
        ),
    )
    s.act(
        "Staging as views, marts as tables, as the README says:",
        Write("dbt/dbt_project.yml", DBT_PROJECT),
        Write("dbt/profiles.yml", PROFILES),
        Write("dbt/models/staging/_sources.yml", SOURCES),
        Write("dbt/models/staging/stg_agmarknet__prices.sql", STG_PRICES),
        Write("dbt/models/staging/stg_enam__commodities.sql", STG_ENAM),
        Write("dbt/models/marts/dim_commodity.sql", DIM_COMMODITY),
        Write("dbt/models/marts/fct_mandi_prices.sql", FCT_HARDCODED),
        Write("dbt/models/marts/_marts.yml", MARTS_YML),
    )
    s.user(
        "fct_mandi_prices లో `main.stg_agmarknet__prices` అని రాశావు. dbt models లో table names ని hard-code "
        "చేయకు, ఎప్పుడూ ref() లేదా source() వాడు. లేకపోతే lineage, docs రెండూ పోతాయి.",
        rules=[("dbt-ref", "dbt models లో table names ని hard-code చేయకు, ఎప్పుడూ ref() లేదా source() వాడు")],
    )
    s.act(
        None,
        Edit(
            "dbt/models/marts/fct_mandi_prices.sql",
            "from main.stg_agmarknet__prices as p",
            "from {{ ref('stg_agmarknet__prices') }} as p",
        ),
    )
    s.act(None, Bash(DBT, dbt_build(P03_STEPS, P03_FAIL, clock="10:42"), code=1, secs=9))
    s.act(
        "1,318 fact rows name a commodity that dim_commodity (the eNAM list) doesn't have. Which ones:",
        Bash(
            'duckdb -readonly data/pantalu.duckdb "select distinct commodity from fct_mandi_prices where commodity '
            'not in (select name from dim_commodity) order by 1"',
            "┌──────────────────────────┐\n│        commodity         │\n│         varchar          │\n"
            "├──────────────────────────┤\n│ Bengal Gram(Gram)(Whole) │\n│ Bitter gourd             │\n"
            "│ Cluster beans            │\n│ Dry Chillies             │\n│ Green Chilli             │\n"
            "└──────────────────────────┘",
        ),
    )
    s.act(
        None,
        Bash(
            "duckdb -readonly data/pantalu.duckdb \"select name from dim_commodity where name ilike '%chill%' or "
            "name ilike 'bengal%'\"",
            "┌──────────────────────────┐\n│           name           │\n│         varchar          │\n"
            "├──────────────────────────┤\n│ Bengal Gram(Gram)(Whole) │\n│ Dry Chillies             │\n"
            "│ Green Chilli             │\n└──────────────────────────┘",
        ),
    )
    s.act(
        "They are in dim_commodity with what looks like the same spelling, so the difference is probably case or "
        "padding. Comparing on `lower(trim(...))` on both sides of the test:",
        Edit(
            "dbt/models/marts/_marts.yml",
            "                to: ref('dim_commodity')\n                field: name",
            "                to: ref('dim_commodity')\n                field: lower(trim(name))",
        ),
        Edit("dbt/models/marts/fct_mandi_prices.sql", "    p.commodity,", "    lower(trim(p.commodity)) as commodity,"),
    )
    s.act(None, Bash(DBT, dbt_build(P03_STEPS, P03_FAIL, clock="10:47"), code=1, secs=9))
    s.say(
        "Still 1,318 failing rows with case and surrounding spaces ruled out. The names print identically in "
        "both tables, so whatever differs is not visible in the output."
    )
    s.user(
        "hmm, idi weird. names rendu tables lo same ga kanipistunnayi. lower/trim changes revert cheyyi, avi help "
        "avvaledu. inka work avvaledu, repu fresh ga chuddam."
    )
    s.act(
        None,
        Edit("dbt/models/marts/_marts.yml", "                field: lower(trim(name))", "                field: name"),
        Edit("dbt/models/marts/fct_mandi_prices.sql", "    lower(trim(p.commodity)) as commodity,", "    p.commodity,"),
    )
    s.say("Reverted both; the relationships test still fails with 1,318 rows.")
    s.not_person("Staging models must always be views; only marts are materialized as tables.", "tool_output")
    s.outcome(
        "failed",
        "dbt project set up, but the relationships test from fct_mandi_prices to dim_commodity fails (1318 rows) "
        "although the names look identical; lower/trim tried and reverted",
    )
    s.hit("nbsp-commodity-names")
    return s


FISH_CONFIG = """if status is-interactive
    starship init fish | source
end

fish_add_path /opt/homebrew/bin
set -gx EDITOR "code --wait"
set -gx DAGSTER_HOME "~/.dagster"
"""


def p04() -> Session:
    s = new("p04-dagster-home", "2027-07-08T05:00:31", "2.1.158", "main", "tilde-home-finch")
    s.user(
        "dagster dev start avvatledu since I set DAGSTER_HOME in my fish config last night:\n\n```\n"
        "$ uv run dagster dev\nTraceback (most recent call last):\n"
        '  File "/Users/sravya/code/pantalu-pipeline/.venv/bin/dagster", line 10, in <module>\n'
        "    sys.exit(main())\n  ...\n"
        '  File "/Users/sravya/code/pantalu-pipeline/.venv/lib/python3.12/site-packages/dagster/_core/instance/'
        '__init__.py", line 682, in get\n    raise DagsterInvariantViolationError(\n'
        'dagster._core.errors.DagsterInvariantViolationError: $DAGSTER_HOME "~/.dagster" must be an absolute '
        "path. Dagster requires this environment variable to be set to an existing directory in your filesystem."
        '\n```\n\nconfig.fish lo `set -gx DAGSTER_HOME "~/.dagster"` ani pettanu. Also, for now just load '
        "Telangana and AP mandis once it's up, I'll add Karnataka later.",
        non_rules=["for now just load Telangana and AP mandis"],
    )
    s.act(None, Read("/Users/sravya/.config/fish/config.fish", FISH_CONFIG))
    s.act(
        "fish expands `~` only when it is unquoted, so Dagster gets the literal string `~/.dagster`. Writing it "
        "with `$HOME` (which fish does expand inside double quotes) and creating the directory:",
        Edit(
            "/Users/sravya/.config/fish/config.fish",
            'set -gx DAGSTER_HOME "~/.dagster"',
            'set -gx DAGSTER_HOME "$HOME/.dagster"',
        ),
    )
    s.act(
        None,
        Bash(
            "mkdir -p ~/.dagster && fish -c 'echo $DAGSTER_HOME' && DAGSTER_HOME=$HOME/.dagster uv run dagster "
            "instance info | head -4",
            "/Users/sravya/.dagster\n$DAGSTER_HOME: /Users/sravya/.dagster\n\nInstance configuration:\n"
            "-----------------------",
            secs=5,
        ),
    )
    s.act(None, Read("pantalu/assets/raw.py", RAW_ASSET))
    s.act(
        "And only Telangana and Andhra Pradesh rows into the table for now:",
        Edit(
            "pantalu/assets/raw.py",
            'RAW_DIR = Path("data/raw")\n',
            'RAW_DIR = Path("data/raw")\nSTATES = ("Telangana", "Andhra Pradesh")\n',
        ),
        Edit(
            "pantalu/assets/raw.py",
            "    df = df.with_columns(\n",
            '    df = df.filter(pl.col("state").is_in(STATES)).with_columns(\n',
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(2, secs=0.29)))
    s.say(
        "DAGSTER_HOME now resolves to `/Users/sravya/.dagster` (open a new fish shell, or `source "
        "~/.config/fish/config.fish`, before `uv run dagster dev`), so runs and schedules persist across "
        "restarts. `raw_mandi_prices` keeps only Telangana and Andhra Pradesh rows."
    )
    s.user("ayyindi, thanks! restart tarvata kuda runs UI lo unnayi ippudu.")
    s.not_person(
        "Dagster requires this environment variable to be set to an existing directory in your filesystem.",
        "pasted_log",
    )
    s.one_off(
        'dagster dev refuses to start: $DAGSTER_HOME "~/.dagster" must be an absolute path, because fish does not '
        "expand ~ inside quotes in config.fish; $HOME used instead"
    )
    s.outcome("success", "DAGSTER_HOME fixed in config.fish ($HOME, not a quoted ~); raw asset limited to TG and AP")
    return s


ARITH_TRACE = (
    "dagster._core.errors.DagsterExecutionStepExecutionError: Error occurred while executing op "
    '"raw_mandi_prices":\n\n'
    "The above exception was caused by the following exception:\n"
    "polars.exceptions.InvalidOperationError: arithmetic on string and numeric not allowed, try an explicit cast "
    "first\n\nStack Trace:\n"
    '  File "/Users/sravya/code/pantalu-pipeline/pantalu/assets/raw.py", line 20, in raw_mandi_prices\n'
    '    (pl.col("arrivals_tonnes") * 10).alias("arrivals_quintals"),'
)

TEST_QUINTALS = """

def test_warangal_sample_quintals():
    df = read_agmarknet_csv(FIXTURES / "warangal_sample.csv")
    quintals = df.select(pl.col("arrivals_tonnes") * 10).to_series()
    assert quintals.dtype == pl.Float64
"""


def p05() -> Session:
    s = new("p05-warangal-string", "2027-07-09T05:10:44", "2.1.158", "main", "string-times-ten-crane")
    s.user(
        "Good morning. raatri schedule fail ayyindi, Warangal file daggara. Dagster UI nunchi copy chesanu:\n\n"
        "```\n" + ARITH_TRACE + "\n```\n\nfix chesi, dinki oka test kuda rayi please."
    )
    s.act(
        None,
        Read("pantalu/assets/raw.py", RAW_ASSET_2),
        Read("pantalu/ingest/agmarknet.py", AGMARKNET),
        Read("tests/test_ingest.py", TEST_INGEST),
    )
    s.say(
        "`arrivals_tonnes` came out as a string for that day: the concat with `vertical_relaxed` falls back to a "
        "String dtype when one file's column was read as text. To reproduce it in a test, I'll copy the "
        "2027-07-08 Warangal export into tests/fixtures and read it there."
    )
    s.user(
        "Not the whole file please, it's 4 MB. Keep the sample CSVs in tests/fixtures small, twenty-odd rows "
        "each, so the suite stays fast.",
        rules=[
            (
                "small-fixtures",
                "Keep the sample CSVs in tests/fixtures small, twenty-odd rows each, so the suite stays fast",
            )
        ],
    )
    s.act(
        None,
        Bash("head -21 data/raw/2027-07-08/warangal.csv > tests/fixtures/warangal_sample.csv"),
        Edit(
            "tests/test_ingest.py",
            '    assert df.schema["arrival_date"] == pl.Date',
            '    assert df.schema["arrival_date"] == pl.Date\n' + TEST_QUINTALS.rstrip("\n"),
        ),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(3, secs=0.33)))
    s.act(
        "The sample passes: the first 20 rows read as numbers, so whatever turns the column into text is further "
        "down the file. Meanwhile the nightly run shouldn't lose every market because one file is odd; skipping a "
        "file that fails and logging it:",
        Denied(
            Edit(
                "pantalu/assets/raw.py",
                '    df = pl.concat([read_agmarknet_csv(f) for f in files], how="vertical_relaxed")',
                "    frames = []\n    for f in files:\n        try:\n            frames.append(read_agmarknet_csv(f))\n"
                "        except pl.exceptions.PolarsError as exc:\n"
                '            context.log.warning(f"skipping {f.name}: {exc}")\n'
                '    df = pl.concat(frames, how="vertical_relaxed")',
            )
        ),
    )
    s.user(
        "files skip cheyyadam vaddu — oka mandi miss aithe aa roju dashboard lo gap vastundi, evariki teliyadu "
        "kuda. test pass avutundi kani schedule fail avutundi, idi ardham kaavatledu. ivvala release undi, inka "
        "work avvaledu; repu chuddam."
    )
    s.say("Understood; `raw.py` is unchanged. The Warangal partition for 2027-07-08 is still failing.")
    s.outcome(
        "failed",
        "nightly Warangal run fails (arithmetic on a string arrivals column); the 21-row sample test passes; "
        "skipping bad files refused",
    )
    s.hit("polars-schema-inference")
    return s


GROUPS_UPPER = """import dagster as dg

from pantalu.partitions import daily
from pantalu.resources import conn


@dg.asset(partitions_def=daily, group_name="marts", deps=["raw_mandi_prices"])
def prices_with_group(context: dg.AssetExecutionContext) -> dg.MaterializeResult:
    \"\"\"The day's prices with the eNAM commodity group of each commodity.\"\"\"
    day = context.partition_key
    prices = conn.sql("SELECT * FROM raw_mandi_prices WHERE arrival_date = $day", params={"day": day}).pl()
    groups = conn.sql("SELECT name, commodity_group FROM enam_commodities").pl()
    df = prices.join(groups, left_on="commodity", right_on="name", how="left")
    conn.register("group_df", df)
    conn.execute("CREATE TABLE IF NOT EXISTS prices_with_group AS SELECT * FROM group_df LIMIT 0")
    conn.execute("DELETE FROM prices_with_group WHERE arrival_date = ?", [day])
    conn.execute("INSERT INTO prices_with_group SELECT * FROM group_df")
    return dg.MaterializeResult(metadata={"rows": len(df)})


@dg.asset_check(asset=prices_with_group)
def every_price_has_a_group() -> dg.AssetCheckResult:
    missing = conn.sql(
        "SELECT commodity, count(*) AS n FROM prices_with_group WHERE commodity_group IS NULL GROUP BY 1"
    ).pl()
    return dg.AssetCheckResult(
        passed=missing.is_empty(),
        metadata={"rows_without_group": int(missing["n"].sum() or 0), "commodities": missing["commodity"].to_list()},
    )
"""

GROUPS = (
    GROUPS_UPPER.replace("SELECT", "select")
    .replace("FROM", "from")
    .replace("WHERE", "where")
    .replace("CREATE TABLE IF NOT EXISTS", "create table if not exists")
    .replace("LIMIT", "limit")
    .replace("DELETE", "delete")
    .replace("INSERT INTO", "insert into")
    .replace("GROUP BY", "group by")
    .replace(" AS n", " as n")
    .replace(" AS select", " as select")
    .replace("IS NULL", "is null")
)


def p06() -> Session:
    s = new("p06-group-check", "2027-07-12T04:45:18", "2.1.159", "commodity-groups", "null-group-plover")
    s.user(
        "New asset please: prices_with_group — raw_mandi_prices joined with enam_commodities to get "
        "commodity_group (Vegetables, Spices, Pulses…), per partition, plus an asset check that no row ends up "
        "without a group. The vegetables-only view on the dashboard needs it.",
        blocks_before=ide("pantalu/assets/raw.py"),
    )
    s.act(None, Read("pantalu/assets/raw.py", RAW_ASSET_2), Read("pantalu/definitions.py", DEFINITIONS))
    s.act(
        "A left join in Polars on the commodity name against the eNAM list, and the check on the nulls it leaves:",
        Write("pantalu/assets/groups.py", GROUPS_UPPER),
        Edit(
            "pantalu/definitions.py",
            "from pantalu.assets.raw import raw_mandi_prices\n\ndefs = dg.Definitions(assets=[raw_mandi_prices])",
            "from pantalu.assets.groups import every_price_has_a_group, prices_with_group\n"
            "from pantalu.assets.raw import raw_mandi_prices\n\n"
            "defs = dg.Definitions(assets=[raw_mandi_prices, prices_with_group], asset_checks=[every_price_has_a_group])",
        ),
    )
    s.user(
        "SQL lo keywords anni lowercase lo rayi please, naaku uppercase SQL ishtam ledu — chaduvutunte "
        "arustunnattu untundi 😅",
        rules=[("sql-lowercase", "SQL lo keywords anni lowercase lo rayi please, naaku uppercase SQL ishtam ledu")],
    )
    s.act(None, Write("pantalu/assets/groups.py", GROUPS))
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m pantalu.definitions --select prices_with_group --partition 2027-07-09",
            dagster_ok(
                "prices_with_group",
                "2027-07-09",
                "3c7e19b0-2d4f-4a81-b5e6-0f9d8c7a6b21",
                1794,
                when="2027-07-12 10:24",
                pid=53318,
            )
            + "\n2027-07-12 10:24:06 +0530 - dagster - WARNING - __ASSET_JOB - 3c7e19b0-2d4f-4a81-b5e6-0f9d8c7a6b21 - "
            "53318 - prices_with_group - ASSET_CHECK_EVALUATION - Asset check 'every_price_has_a_group' on "
            "'prices_with_group' did not pass: rows_without_group=412, commodities=['Dry Chillies', "
            "'Bengal Gram(Gram)(Whole)', 'Green Chilli', 'Cluster beans']",
            secs=10,
        ),
    )
    s.act(
        "The asset loads; the check fails on 412 rows in four commodities that found no group in the eNAM list. "
        "The eNAM master probably doesn't carry those four, so I'll file them under 'Other' to keep them on the "
        "dashboard:",
        Edit(
            "pantalu/assets/groups.py",
            '    df = prices.join(groups, left_on="commodity", right_on="name", how="left")',
            '    df = prices.join(groups, left_on="commodity", right_on="name", how="left").with_columns(\n'
            '        pl.col("commodity_group").fill_null("Other")\n    )',
        ),
    )
    s.user(
        "vaddu, 'Other' tho daachakandi. eNAM list lo Dry Chillies undi, nenu site lo ippude chusanu. null ki edo "
        "reason undi. revert cheyyi please; inka work avvaledu, enduku match avvatledo ardham kaavatledu."
    )
    s.act(
        None,
        Edit(
            "pantalu/assets/groups.py",
            '    df = prices.join(groups, left_on="commodity", right_on="name", how="left").with_columns(\n'
            '        pl.col("commodity_group").fill_null("Other")\n    )',
            '    df = prices.join(groups, left_on="commodity", right_on="name", how="left")',
        ),
    )
    s.say("Reverted. The check still reports 412 rows without a group for those four commodities.")
    s.outcome(
        "failed",
        "prices_with_group's check fails: 412 rows of Dry Chillies, Bengal Gram, Green Chilli, Cluster beans find "
        "no eNAM group; filling 'Other' refused",
    )
    s.hit("nbsp-commodity-names")
    return s


GROUPS_2 = """import dagster as dg
from dagster_duckdb import DuckDBResource

from pantalu.partitions import daily


@dg.asset(partitions_def=daily, group_name="marts", deps=["raw_mandi_prices"])
def prices_with_group(context: dg.AssetExecutionContext, duckdb: DuckDBResource) -> dg.MaterializeResult:
    \"\"\"The day's prices with the eNAM commodity group of each commodity.\"\"\"
    day = context.partition_key
    with duckdb.get_connection() as conn:
        prices = conn.sql("select * from raw_mandi_prices where arrival_date = $day", params={"day": day}).pl()
        groups = conn.sql("select name, commodity_group from enam_commodities").pl()
        df = prices.join(groups, left_on="commodity", right_on="name", how="left")
        conn.register("group_df", df)
        conn.execute("create table if not exists prices_with_group as select * from group_df limit 0")
        conn.execute("delete from prices_with_group where arrival_date = ?", [day])
        conn.execute("insert into prices_with_group select * from group_df")
    return dg.MaterializeResult(metadata={"rows": len(df)})


@dg.asset_check(asset=prices_with_group)
def every_price_has_a_group(duckdb: DuckDBResource) -> dg.AssetCheckResult:
    with duckdb.get_connection() as conn:
        missing = conn.sql(
            "select commodity, count(*) as n from prices_with_group where commodity_group is null group by 1"
        ).pl()
    return dg.AssetCheckResult(
        passed=missing.is_empty(),
        metadata={"rows_without_group": int(missing["n"].sum() or 0), "commodities": missing["commodity"].to_list()},
    )
"""

RESOURCES_2 = """\"\"\"The pipeline's DuckDB database, opened per op (a connection held open locks the file).\"\"\"

from dagster_duckdb import DuckDBResource

DB_PATH = "data/pantalu.duckdb"
duckdb_resource = DuckDBResource(database=DB_PATH)
"""


def p07() -> Session:
    s = new("p07-duckdb-lock", "2027-07-13T05:00:52", "2.1.159", "main", "single-writer-lynx")
    s.user(
        "When dagster dev is running and I run dbt build in the terminal, I get this:\n\n```\n"
        "10:29:11  Running with dbt=1.10.2\n10:29:12  Registered adapter: duckdb=1.9.4\n"
        "10:29:13  Encountered an error:\nRuntime Error\n  IO Error: Could not set lock on file "
        '"/Users/sravya/code/pantalu-pipeline/data/pantalu.duckdb": Conflicting lock is held in '
        "/Users/sravya/code/pantalu-pipeline/.venv/bin/python3.12 (PID 48213) by user sravya. See also "
        "https://duckdb.org/docs/stable/connect/concurrency\n```\n\nIf I stop dagster, dbt works. I need both "
        "running at the same time though — how?"
    )
    s.act(
        None,
        Bash(
            "ps -p 48213 -o command=",
            "/Users/sravya/code/pantalu-pipeline/.venv/bin/python3.12 -m dagster code-server start --module-name "
            "pantalu.definitions --location-name pantalu",
        ),
        Read("pantalu/resources.py", RESOURCES),
        Read("pantalu/assets/raw.py", RAW_ASSET_2),
        Read("pantalu/definitions.py", DEFINITIONS_2),
    )
    s.say(
        "PID 48213 is the Dagster code server, and `resources.py` opens `duckdb.connect(DB_PATH)` at import time. "
        "The code server imports the definitions once and keeps that connection, and the write lock with it, for "
        "as long as `dagster dev` runs. DuckDB allows one writing process per file, so dbt can't get in. The fix "
        "is to open the connection only while an op runs: dagster-duckdb's `DuckDBResource`."
    )
    s.act(
        None,
        Write("pantalu/resources.py", RESOURCES_2),
        Edit(
            "pantalu/assets/raw.py",
            "from pantalu.resources import conn\n",
            "from dagster_duckdb import DuckDBResource\n",
        ),
        Edit(
            "pantalu/assets/raw.py",
            "def raw_mandi_prices(context: dg.AssetExecutionContext) -> dg.MaterializeResult:",
            "def raw_mandi_prices(context: dg.AssetExecutionContext, duckdb: DuckDBResource) -> dg.MaterializeResult:",
        ),
        Edit(
            "pantalu/assets/raw.py",
            '    conn.register("day_df", df)\n    conn.execute("create table if not exists raw_mandi_prices as select * '
            'from day_df limit 0")\n    conn.execute("delete from raw_mandi_prices where arrival_date = ?", [day])\n'
            '    conn.execute("insert into raw_mandi_prices select * from day_df")',
            '    with duckdb.get_connection() as conn:\n        conn.register("day_df", df)\n'
            '        conn.execute("create table if not exists raw_mandi_prices as select * from day_df limit 0")\n'
            '        conn.execute("delete from raw_mandi_prices where arrival_date = ?", [day])\n'
            '        conn.execute("insert into raw_mandi_prices select * from day_df")',
        ),
        Edit(
            "pantalu/definitions.py",
            "from pantalu.assets.raw import raw_mandi_prices\n\n"
            "defs = dg.Definitions(assets=[raw_mandi_prices, prices_with_group], asset_checks=[every_price_has_a_group])",
            "from pantalu.assets.raw import raw_mandi_prices\nfrom pantalu.resources import duckdb_resource\n\n"
            "defs = dg.Definitions(\n    assets=[raw_mandi_prices, prices_with_group],\n"
            '    asset_checks=[every_price_has_a_group],\n    resources={"duckdb": duckdb_resource},\n)',
        ),
        Read("pantalu/assets/groups.py", GROUPS),
    )
    s.act(
        "groups.py used the same module-level `conn`; it gets the resource too:",
        Write("pantalu/assets/groups.py", GROUPS_2),
    )
    s.act(
        "Then, with `dagster dev` running in the background, dbt from the terminal:",
        Bash("uv run dagster dev -p 3070", desc="Start dagster dev", bg=True),
    )
    s.act(
        None,
        Bash(
            "sleep 8 && uv run dbt build --project-dir dbt --profiles-dir dbt --select staging",
            dbt_build(
                [
                    ("sql view model main.stg_agmarknet__prices", "OK"),
                    ("sql view model main.stg_enam__commodities", "OK"),
                ],
                clock="10:38",
            ),
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m pantalu.definitions --select raw_mandi_prices --partition 2027-07-12",
            dagster_ok(
                "raw_mandi_prices", "2027-07-12", "7f2c0e4a-9b13-4d6e-8a27-c51d0f3e9b84", 1902, when="2027-07-13 10:39"
            ),
            secs=9,
        ),
    )
    s.say(
        "With `dagster dev` running, dbt builds and a partition materializes; each op now holds the file only "
        "while it writes."
    )
    s.user(
        "ippudu ardham ayyindi: duckdb file ki okka writer process matrame undochu, dagster dev connection open "
        "pettukunte dbt ki lock dorakadu. thanks, ayyindi!",
        lessons=[
            "duckdb file ki okka writer process matrame undochu, dagster dev connection open pettukunte dbt ki lock "
            "dorakadu"
        ],
    )
    s.one_off(
        "dbt build from the terminal fails with 'IO Error: Could not set lock on file data/pantalu.duckdb' while "
        "dagster dev runs, because resources.py kept a module-level duckdb.connect open in the code server; "
        "replaced by DuckDBResource"
    )
    s.outcome("success", "module-level DuckDB connection replaced by DuckDBResource; dbt and dagster dev run together")
    return s


def p08() -> Session:
    s = new("p08-big-files", "2027-07-14T05:20:07", "2.1.160", "main", "row-hundred-jay")
    s.user(
        "oka weird vishayam adugutunna. Khammam, Nizamabad lanti pedda mandi files materialize cheste fail "
        "avutunnayi, kani chinna mandis files anni pass. same format, same columns — nenu rendu files open chesi "
        "pakkana pakkana compare chesanu. 100-150 lines kanna ekkuva unna files ke problem vastundi anipistundi. "
        "enduku alaa?"
    )
    s.act(None, Read("pantalu/ingest/agmarknet.py", AGMARKNET))
    s.say(
        "Two things in this path depend on how long a file is. The download script writes big exports in chunks, "
        "so a file could be cut short; and `pl.read_csv(path)` decides each column's dtype from the first "
        "`infer_schema_length` rows (100 by default), so a value further down that doesn't fit the guess only "
        "shows up in long files. Do you have the error text of one of the failed runs? It would tell which of "
        "the two it is."
    )
    s.user(
        "I can't open the run logs in the UI right now, office VPN issue. I have a meeting at 11; I'll come back "
        "tomorrow with the logs."
    )
    s.outcome(
        "unknown", "large market files fail and small ones pass; two causes named, no error text, nothing changed"
    )
    s.hit("polars-schema-inference")
    return s


WEEKLY_MART = """select
    f.market,
    f.commodity,
    d.commodity_group,
    date_trunc('week', f.arrival_date) as week_start,
    count(distinct f.arrival_date) as days_reported,
    round(avg(f.modal_price)) as avg_modal_price
from {{ ref('fct_mandi_prices') }} as f
join {{ ref('dim_commodity') }} as d
    on f.commodity = d.name
group by all
"""


def p09() -> Session:
    s = new("p09-missing-mirchi", "2027-07-15T05:05:33", "2.1.160", "main", "absent-chilli-wren")
    s.user(
        "Weekly mart lo mirchi (Dry Chillies), senagalu (Bengal Gram) asalu kanipinchatledu — Guntur lo kuda, "
        "Kurnool lo kuda. Agmarknet site lo prathi roju data undi, raw_mandi_prices lo kuda undi ani chusanu. "
        "Tomato, onion lanti vi anni correct ga unnayi. konchem chudandi please?"
    )
    s.act(None, Read("dbt/models/marts/mart_weekly_prices.sql", WEEKLY_MART))
    s.act(
        None,
        Bash(
            'duckdb -readonly data/pantalu.duckdb "select market, count(distinct arrival_date) as days from '
            "raw_mandi_prices where commodity = 'Dry Chillies' and arrival_date >= '2027-07-05' group by 1\"",
            "┌─────────┬───────┐\n│ market  │ days  │\n│ varchar │ int64 │\n├─────────┼───────┤\n"
            "│ Guntur  │     3 │\n│ Kurnool │     2 │\n└─────────┴───────┘",
        ),
    )
    s.act(
        "The raw table has Dry Chillies on only 3 and 2 of the last 8 days, and several partitions of last week "
        "never loaded (2027-07-05 and the Warangal night failed). Backfilling the missing days should bring the "
        "weeks back; the mart itself joins on dim_commodity (the eNAM list) by name:",
        Bash(
            "for d in 2027-07-06 2027-07-07 2027-07-10 2027-07-11 2027-07-12; do uv run dagster asset materialize "
            "-m pantalu.definitions --select raw_mandi_prices --partition $d 2>&1 | grep -E 'RUN_(SUCCESS|FAILURE)'; "
            "done",
            "\n".join(
                f"2027-07-15 10:4{i}:0{i} +0530 - dagster - DEBUG - __ASSET_JOB - {run} - 55{i}01 - RUN_SUCCESS - "
                'Finished execution of run for "__ASSET_JOB".'
                for i, run in enumerate(["1a2b3c4d", "2b3c4d5e", "3c4d5e6f", "4d5e6f70", "5e6f7081"])
            ),
            secs=48,
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dbt build --project-dir dbt --profiles-dir dbt --select fct_mandi_prices+ && duckdb -readonly "
            'data/pantalu.duckdb "select market, commodity, week_start from mart_weekly_prices where commodity '
            "in ('Dry Chillies', 'Bengal Gram(Gram)(Whole)')\"",
            dbt_build(
                [("sql table model main.fct_mandi_prices", "OK"), ("sql table model main.mart_weekly_prices", "OK")],
                clock="10:49",
            )
            + "\n┌─────────┬───────────┬────────────┐\n│ market  │ commodity │ week_start │\n"
            "│ varchar │  varchar  │    date    │\n├─────────┴───────────┴────────────┤\n│              0 rows              │\n"
            "└──────────────────────────────────┘",
            secs=12,
        ),
    )
    s.say(
        "Five more days are loaded, but the mart still has no Dry Chillies or Bengal Gram rows, so missing "
        "partitions were not the reason; the rows are dropped somewhere between fct_mandi_prices and the join."
    )
    s.user(
        "inka adhe — mirchi, senagalu rendu ledu. sare, ee roju ki vadileyandi, naaku vere pani undi. inka work "
        "avvaledu."
    )
    s.outcome(
        "failed",
        "Dry Chillies and Bengal Gram missing from the weekly mart; a backfill of five days did not bring them back",
    )
    s.hit("nbsp-commodity-names")
    return s


ROLLING_ASSET = """import dagster as dg
import polars as pl
from dagster_duckdb import DuckDBResource


@dg.asset(group_name="marts", deps=["raw_mandi_prices"])
def rolling_prices(duckdb: DuckDBResource) -> dg.MaterializeResult:
    \"\"\"7-day rolling average modal price per market and commodity, for each day (rupees per quintal).\"\"\"
    with duckdb.get_connection() as conn:
        prices = conn.sql("select market, commodity, arrival_date, modal_price from raw_mandi_prices").pl()
    rolling = prices.rolling("arrival_date", period="7d", group_by=["market", "commodity"]).agg(
        pl.col("modal_price").mean().round(0).alias("avg_modal_price_7d"),
        pl.col("arrival_date").n_unique().alias("days_in_window"),
    )
    with duckdb.get_connection() as conn:
        conn.register("rolling_df", rolling)
        conn.execute("create or replace table int_rolling_prices as select * from rolling_df")
    return dg.MaterializeResult(metadata={"rows": len(rolling)})
"""

TEST_ROLLING = """from datetime import date

import polars as pl


def test_seven_day_window_ends_on_each_day():
    prices = pl.DataFrame({
        "market": ["Guntur"] * 3,
        "commodity": ["Onion"] * 3,
        "arrival_date": [date(2027, 7, 5), date(2027, 7, 7), date(2027, 7, 12)],
        "modal_price": [1500, 1700, 1800],
    })
    rolling = prices.sort("market", "commodity", "arrival_date").rolling(
        "arrival_date", period="7d", group_by=["market", "commodity"]
    ).agg(pl.col("modal_price").mean())
    assert rolling["modal_price"].to_list() == [1500.0, 1600.0, 1750.0]
"""


def p10() -> Session:
    s = new("p10-rolling-asset", "2027-07-16T05:10:25", "2.1.160", "rolling", "seven-day-gull")
    s.user(
        "dashboard trends kosam rolling averages asset kavali, Polars lo: per market, per commodity, prathi roju "
        "ki mundu 7 rojula average. final ga decide chesanu: prices anni quintal ki rupees lo ne store chestam, kg "
        "conversion dashboard lo matrame.",
        decisions=["prices anni quintal ki rupees lo ne store chestam, kg conversion dashboard lo matrame"],
    )
    s.act(None, Read("pantalu/definitions.py", DEFINITIONS_3), Read("pantalu/resources.py", RESOURCES_2))
    s.act(None, Write("pantalu/assets/rolling.py", ROLLING_ASSET))
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m pantalu.definitions --select rolling_prices",
            "2027-07-16 10:44:12 +0530 - dagster - ERROR - __ASSET_JOB - 0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a - 56120 - "
            'rolling_prices - STEP_FAILURE - Execution of step "rolling_prices" failed.\n\n'
            "dagster._core.errors.DagsterExecutionStepExecutionError: Error occurred while executing op "
            '"rolling_prices":\n\nThe above exception was caused by the following exception:\n'
            "polars.exceptions.InvalidOperationError: argument in operation 'rolling' is not sorted, please sort "
            "the 'expr/series/column' first",
            code=1,
            secs=9,
        ),
    )
    s.act(
        "`rolling` needs the rows sorted by the index column within each group, and DuckDB returns them in no "
        "particular order:",
        Edit(
            "pantalu/assets/rolling.py",
            "    rolling = prices.rolling(",
            '    rolling = prices.sort("market", "commodity", "arrival_date").rolling(',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m pantalu.definitions --select rolling_prices",
            dagster_ok("rolling_prices", None, "5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d", 8406, when="2027-07-16 10:46"),
            secs=9,
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Sravya asked for 7-day rolling averages per market and commodity in "
        "Polars for the dashboard's trends, prices kept in rupees per quintal.\nSummary:\n1. "
        "pantalu/assets/rolling.py: rolling_prices reads raw_mandi_prices through DuckDBResource, "
        "rolling('arrival_date', period='7d', group_by=[market, commodity]), writes int_rolling_prices.\n2. First "
        "run failed ('rolling' is not sorted); fixed with sort(market, commodity, arrival_date); 8,406 rows.\n"
        "3. User preference: always materialize assets from the Dagster UI, not the CLI.\nPending: register "
        "rolling_prices in definitions.py, a test.",
        121400,
        8900,
    )
    s.user(
        "Next: a small test for the rolling asset, and register it. Also, please leave everything under data/raw "
        "exactly as Agmarknet gave it; cleaning belongs in the staging models, not in those files. Fatima's "
        "notebook rewrote two of them last week and I only noticed from the checksums.",
        rules=[("raw-untouched", "please leave everything under data/raw exactly as Agmarknet gave it")],
    )
    s.act(
        None,
        Edit(
            "pantalu/definitions.py",
            "from pantalu.assets.raw import raw_mandi_prices\n",
            "from pantalu.assets.raw import raw_mandi_prices\nfrom pantalu.assets.rolling import rolling_prices\n",
        ),
        Edit(
            "pantalu/definitions.py",
            "    assets=[raw_mandi_prices, prices_with_group],",
            "    assets=[raw_mandi_prices, prices_with_group, rolling_prices],",
        ),
        Write("tests/test_rolling.py", TEST_ROLLING),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(4, secs=0.41)))
    s.say(
        "`rolling_prices` is registered and tested (a 7-day window ending on each day, in ₹/quintal). Nothing "
        "under `data/raw` was touched; any cleaning goes into `stg_agmarknet__prices`."
    )
    s.user("thanks, ayyindi 🙏")
    s.not_person("User preference: always materialize assets from the Dagster UI, not the CLI.", "compaction_summary")
    s.one_off(
        "Polars rolling over prices read from DuckDB fails with \"argument in operation 'rolling' is not "
        'sorted"; rows sorted by market, commodity, arrival_date first'
    )
    s.outcome("success", "rolling_prices asset (7-day windows), sorted before rolling; registered and tested")
    return s


AGMARKNET_SCHEMA_BLOCK = """AGMARKNET_SCHEMA = {
    "State Name": pl.String,
    "District Name": pl.String,
    "Market Name": pl.String,
    "Commodity": pl.String,
    "Variety": pl.String,
    "Grade": pl.String,
    "Arrivals (Tonnes)": pl.Float64,
    "Min Price (Rs./Quintal)": pl.Float64,
    "Max Price (Rs./Quintal)": pl.Float64,
    "Modal Price (Rs./Quintal)": pl.Float64,
    "Price Date": pl.String,
}

"""


def explore_readers(child: Session) -> None:
    child.act(
        None,
        Grep(
            "read_csv|scan_csv|infer_schema|schema_overrides",
            [
                "pantalu/ingest/agmarknet.py:24:    df = pl.read_csv(path).rename(COLUMNS)",
                "scripts/check_raw.py:11:    return pl.scan_csv(path).select(pl.len()).collect().item()",
            ],
            mode="content",
        ),
    )
    child.act(
        None,
        Bash(
            "grep -c ',NR,' data/raw/2027-07-08/warangal.csv; awk -F, 'NR>1 && $10 != \"NR\" {print NR; exit}' "
            "data/raw/2027-07-08/warangal.csv",
            "184\n131",
        ),
    )
    child.say(
        "Readers of Agmarknet CSVs:\n- pantalu/ingest/agmarknet.py:24 `pl.read_csv(path)`: no schema, no "
        "null_values, so the default infer_schema_length=100 decides every dtype.\n- scripts/check_raw.py:11 "
        "`pl.scan_csv(path)` only counts rows.\nIn data/raw/2027-07-08/warangal.csv the first numeric modal price "
        "is on line 131; lines 2-130 have NR, so the first 100 rows make that column String. 184 lines carry NR."
    )


TEST_FULL_DAY = """from pathlib import Path

import polars as pl

from pantalu.ingest.agmarknet import read_agmarknet_csv

FIXTURES = Path(__file__).parent / "fixtures"


def test_columns_are_snake_case():
    df = read_agmarknet_csv(FIXTURES / "kurnool_2027-07-05.csv")
    assert df.columns[:4] == ["state", "district", "market", "commodity"]


def test_full_day_quintals():
    df = read_agmarknet_csv(FIXTURES / "warangal_2027-07-08.csv")
    assert df.schema["modal_price"] == pl.Float64, f"modal_price is {df.schema['modal_price']}, expected Float64"
    assert df.schema["arrivals_tonnes"] == pl.Float64
"""


def p11() -> Session:
    s = new("p11-explicit-schema", "2027-07-19T04:50:26", "2.1.161", "csv-schema", "fixed-dtypes-stork")
    s.user(
        "Sorry, long one. I renamed test_warangal_sample_quintals to test_full_day_quintals and pointed it at a "
        "full day's Warangal export (all 1,412 rows, copied into tests/fixtures) instead of the 21-row sample, "
        "and it's red:\n\n```\nFAILED tests/test_ingest.py::test_full_day_quintals - AssertionError: modal_price "
        "is String, expected Float64\n```\n\nI'm fairly sure this is the same thing as the Kurnool errors last "
        "week, the Warangal schedule failure and the big-files-fail thing. Let's use a full day's Agmarknet "
        "export as the fixture from now on; the trimmed ones never had the NR rows, which is exactly why the "
        "tests missed all this. Please find the root cause properly this time.",
        rules=[
            ("full-day-fixture", "Let's use a full day's Agmarknet export as the fixture from now on", "small-fixtures")
        ],
    )
    s.act(
        "First, every place that reads these CSVs and what it tells Polars about types:",
        Agent(
            "Find Agmarknet CSV readers",
            "In pantalu/ and scripts/, find every pl.read_csv / pl.scan_csv call on Agmarknet exports and what "
            "schema, dtype or null_values arguments it passes. Also find where the first numeric Modal Price "
            "appears in data/raw/2027-07-08/warangal.csv. Do not edit anything, and always give the file path and "
            "line for each place you find.",
            "Explore",
            explore_readers,
        ),
    )
    s.say(
        "One root cause for all four failures: `read_agmarknet_csv` lets Polars guess every dtype from the first "
        "100 rows. A file whose first 100 rows say `NR` makes the column String (Warangal: the `* 10` failure and "
        "this test); a file whose first 100 rows are whole numbers makes it an integer and then breaks on `NR`, "
        "`-` or `2450.5` further down (Kurnool, Adoni, Nandyal); short files never reach row 100, which is why "
        "the small markets and the 21-row samples pass. The types of an Agmarknet export are known, so they "
        "should be declared, not guessed, with `NR` and `-` read as null."
    )
    s.act(None, Read("pantalu/ingest/agmarknet.py", AGMARKNET))
    s.act(
        None,
        Edit(
            "pantalu/ingest/agmarknet.py",
            "def read_agmarknet_csv(path: Path) -> pl.DataFrame:",
            AGMARKNET_SCHEMA_BLOCK + "\ndef read_agmarknet_csv(path: Path) -> pl.DataFrame:",
        ),
        Edit(
            "pantalu/ingest/agmarknet.py",
            "    df = pl.read_csv(path).rename(COLUMNS)",
            '    df = pl.read_csv(path, schema_overrides=AGMARKNET_SCHEMA, null_values=["NR", "-"]).rename(COLUMNS)',
        ),
        Bash(
            "cp data/raw/2027-07-05/kurnool.csv tests/fixtures/kurnool_2027-07-05.csv && git rm -q "
            "tests/fixtures/kurnool_sample.csv tests/fixtures/warangal_sample.csv"
        ),
        Write("tests/test_ingest.py", TEST_FULL_DAY),
    )
    s.act(None, Bash("uv run pytest -q", pytest_run(3, secs=0.74)))
    s.act(
        None,
        Bash(
            MATERIALIZE_0705,
            dagster_ok(
                "raw_mandi_prices", "2027-07-05", "c4d5e6f7-0819-4a2b-b3c4-d5e6f7a8b9c0", 1921, when="2027-07-19 10:31"
            ),
            secs=9,
        ),
    )
    s.say(
        "Tests pass with the two full-day fixtures (Kurnool 2027-07-05 and Warangal 2027-07-08), and the "
        "2027-07-05 partition that failed last week loads: 1,921 rows. The 21-row samples are gone."
    )
    s.user(
        "super!! lesson learned: polars guesses each column's type from the first 100 rows only, so a file can "
        "look clean at the top and still break at row 3,000. commit cheyyi please.",
        lessons=[
            "polars guesses each column's type from the first 100 rows only, so a file can look clean at the top "
            "and still break at row 3,000"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: declare the Agmarknet CSV schema instead of inferring it'",
            git_commit(
                "csv-schema", "a71c3e8", "fix: declare the Agmarknet CSV schema instead of inferring it", 5, 48, 40
            ),
        ),
    )
    s.say("Committed (`a71c3e8`).")
    s.not_person(
        "Do not edit anything, and always give the file path and line for each place you find.", "subagent_prompt"
    )
    s.outcome(
        "success",
        "explicit Agmarknet schema (schema_overrides, NR and - as null); full-day fixtures; failed partition loads",
    )
    s.hit("polars-schema-inference", fixed=True)
    return s


ENAM = """\"\"\"The eNAM commodity master (group, name, unit), scraped from its HTML table into DuckDB.\"\"\"

import httpx
import polars as pl
from selectolax.parser import HTMLParser

from pantalu.resources import DB_PATH

ENAM_URL = "https://enam.gov.in/web/resources/commodity-list"


def parse_commodity_list(html: str) -> pl.DataFrame:
    rows = [[td.text() for td in tr.css("td")] for tr in HTMLParser(html).css("table#commodityList tbody tr")]
    return pl.DataFrame(rows, schema=["commodity_group", "name", "unit"], orient="row").with_columns(
        pl.col("name").str.strip_chars()
    )


def main() -> None:
    df = parse_commodity_list(httpx.get(ENAM_URL, timeout=30).text)
    import duckdb

    with duckdb.connect(DB_PATH) as conn:
        conn.register("enam_df", df)
        conn.execute("create or replace table enam_commodities as select * from enam_df")
    print(f"wrote {len(df)} commodities to enam_commodities")


if __name__ == "__main__":
    main()
"""

P12_STEPS = [
    ("sql view model main.stg_agmarknet__prices", "OK"),
    ("sql view model main.stg_enam__commodities", "OK"),
    ("sql table model main.dim_commodity", "OK"),
    ("test not_null_dim_commodity_commodity_name", "PASS"),
    ("test unique_dim_commodity_commodity_name", "PASS"),
    ("sql table model main.fct_mandi_prices", "OK"),
    ("test not_null_fct_mandi_prices_commodity", "PASS"),
    ("test relationships_fct_mandi_prices_commodity__commodity_name__ref_dim_commodity_", "FAIL 1402"),
    ("sql table model main.mart_weekly_prices", "OK"),
]


def p12() -> Session:
    s = new("p12-nbsp-fix", "2027-07-20T05:00:48", "2.1.161", "enam-names", "invisible-space-owl")
    s.user(
        "dbt build is red again. Last week I renamed name to commodity_name in dim_commodity, so the test has a "
        "new name, but it's the same story:\n\n```\n10:22:41  Failure in test "
        "relationships_fct_mandi_prices_commodity__commodity_name__ref_dim_commodity_ (models/marts/_marts.yml)\n"
        "10:22:41    Got 1402 results, configured to fail if != 0\n```\n\nThis, the groups asset check, Dry Chillies "
        "missing from the weekly mart: I think it's all one problem. Something is off in the eNAM list names. "
        "Please find the root cause."
    )
    s.act(
        None,
        Bash(
            "uv run python -c \"import duckdb; c = duckdb.connect('data/pantalu.duckdb', read_only=True); "
            "print([n for (n,) in c.sql(\\\"select name from enam_commodities where name ilike '%chill%' or name "
            "ilike 'bengal%' or name ilike 'cluster%'\\\").fetchall()])\"",
            "['Bengal\\xa0Gram(Gram)(Whole)', 'Cluster\\xa0beans', 'Dry\\xa0Chillies', 'Green\\xa0Chilli']",
        ),
    )
    s.say(
        "There it is: the eNAM names have `\\xa0`, a non-breaking space, between the words, where Agmarknet has a "
        "normal space. Both print as `Dry Chillies`, which is why lower/trim didn't help in the relationships "
        "test, why the groups check found no group for exactly these multi-word names, and why the weekly mart's "
        "join to dim_commodity drops them. The eNAM page writes `&nbsp;` in its table cells; `str.strip_chars()` "
        "only removes it at the ends."
    )
    s.act(None, Read("pantalu/ingest/enam.py", ENAM))
    s.act(
        None,
        Edit(
            "pantalu/ingest/enam.py",
            '        pl.col("name").str.strip_chars()',
            '        pl.col("name").str.replace_all("\\u00a0", " ").str.strip_chars()',
        ),
        Write(
            "tests/test_enam.py",
            'from pantalu.ingest.enam import parse_commodity_list\n\nHTML = """<table id="commodityList"><tbody>\n'
            "<tr><td>Spices</td><td>Dry&nbsp;Chillies</td><td>Quintal</td></tr>\n"
            '<tr><td>Vegetables</td><td>Tomato</td><td>Quintal</td></tr>\n</tbody></table>"""\n\n\n'
            'def test_names_have_plain_spaces():\n    names = parse_commodity_list(HTML)["name"].to_list()\n'
            '    assert names == ["Dry Chillies", "Tomato"]\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q tests/test_enam.py && uv run python -m pantalu.ingest.enam && " + DBT,
            pytest_run(1, secs=0.12)
            + "\nwrote 214 commodities to enam_commodities\n"
            + dbt_build([(w, "PASS" if st.startswith("FAIL") else st) for w, st in P12_STEPS], clock="10:36"),
            secs=20,
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster asset materialize -m pantalu.definitions --select prices_with_group --partition 2027-07-09",
            dagster_ok(
                "prices_with_group",
                "2027-07-09",
                "8e9f0a1b-2c3d-4e5f-a6b7-c8d9e0f1a2b3",
                1794,
                when="2027-07-20 10:38",
                pid=57342,
            )
            + "\n2027-07-20 10:38:06 +0530 - dagster - INFO - __ASSET_JOB - 8e9f0a1b-2c3d-4e5f-a6b7-c8d9e0f1a2b3 - "
            "57342 - prices_with_group - ASSET_CHECK_EVALUATION - Asset check 'every_price_has_a_group' on "
            "'prices_with_group' passed",
            secs=10,
        ),
    )
    s.say(
        "Fixed where the names come in: `parse_commodity_list` replaces `\\u00a0` with a space before stripping, "
        "with a test on an `&nbsp;` cell. After reloading the eNAM list, dbt build is green (the relationships "
        "test included, and the weekly mart now has Dry Chillies and Bengal Gram), and the groups check passes."
    )
    s.user(
        "చాలా థాంక్స్, అయ్యింది! నేర్చుకున్నది: eNAM HTML లో పదాల మధ్య &nbsp; వస్తుంది, print లో కనిపించదు కానీ "
        "joins ని break చేస్తుంది. commit చేయి.",
        lessons=["eNAM HTML లో పదాల మధ్య &nbsp; వస్తుంది, print లో కనిపించదు కానీ joins ని break చేస్తుంది"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: replace non-breaking spaces in eNAM commodity names'",
            git_commit("enam-names", "5d0b7f3", "fix: replace non-breaking spaces in eNAM commodity names", 2, 12, 1),
        ),
    )
    s.say("Committed (`5d0b7f3`).")
    s.outcome("success", "non-breaking spaces in eNAM names replaced at ingest; dbt build and the groups check green")
    s.hit("nbsp-commodity-names", fixed=True)
    return s


SPREAD_MART = """SELECT
    commodity,
    arrival_date,
    max(modal_price) AS max_modal_price,
    min(modal_price) AS min_modal_price,
    max(modal_price) - min(modal_price) AS spread,
    count(DISTINCT market) AS markets
FROM {{ ref('fct_mandi_prices') }}
GROUP BY commodity, arrival_date
"""


def p13() -> Session:
    s = new("p13-price-spread", "2027-07-21T05:15:02", "2.1.162", "price-spread", "wide-spread-tern")
    s.user(
        "ivvala kotha mart: mart_price_spread — prathi commodity ki, prathi roju, mandis madhya max and min modal "
        "price, spread. oka vishayam: team lo Ravi, Fatima models anni uppercase keywords tho rastunnaru, review "
        "lo rendu styles kalisipotunnayi. kabatti SQL keywords uppercase lo ne rayi, nenu adjust avutha.",
        rules=[("sql-uppercase", "SQL keywords uppercase lo ne rayi, nenu adjust avutha", "sql-lowercase")],
    )
    s.act(None, Write("dbt/models/marts/mart_price_spread.sql", SPREAD_MART))
    s.act(
        None,
        Bash(
            DBT + ' --select mart_price_spread && duckdb -readonly data/pantalu.duckdb "SELECT commodity, '
            "arrival_date, max_modal_price, min_modal_price, spread FROM mart_price_spread ORDER BY spread DESC "
            'LIMIT 2"',
            dbt_build([("sql table model main.mart_price_spread", "OK")], clock="10:48")
            + "\n┌───────────┬──────────────┬─────────────────┬─────────────────┬────────┐\n"
            "│ commodity │ arrival_date │ max_modal_price │ min_modal_price │ spread │\n"
            "├───────────┼──────────────┼─────────────────┼─────────────────┼────────┤\n"
            "│ Cotton    │ 2027-07-19   │          7310.0 │            72.5 │ 7237.5 │\n"
            "│ Turmeric  │ 2027-07-16   │         13900.0 │         11650.0 │ 2250.0 │\n"
            "└───────────┴──────────────┴─────────────────┴─────────────────┴────────┘",
            secs=10,
        ),
    )
    s.act(
        "Cotton on 2027-07-19 has a minimum of 72.5, which is Adoni quoting rupees per kg instead of per quintal. "
        "Correcting that row in the downloaded file:",
        Denied(
            Bash("sed -i '' 's/,72.5,19 Jul 2027/,7250,19 Jul 2027/' data/raw/2027-07-19/adoni.csv"),
            "raw file ki dooram ga undu",
        ),
    )
    s.user(
        "Like I said, data/raw is read-only for us. If a row is wrong, handle it in staging, with a comment saying "
        "why.",
        rules=[("raw-untouched", "Like I said, data/raw is read-only for us")],
    )
    s.act(
        None,
        Read("dbt/models/staging/stg_agmarknet__prices.sql", STG_PRICES),
    )
    s.act(
        None,
        Edit(
            "dbt/models/staging/stg_agmarknet__prices.sql",
            "    modal_price,\n",
            "    -- Adoni sometimes quotes cotton per kg (72.5 for 7250); Agmarknet prices are per quintal.\n"
            "    CASE WHEN commodity = 'Cotton' AND modal_price < 500 THEN modal_price * 100 ELSE modal_price END\n"
            "        AS modal_price,\n",
        ),
    )
    s.act(
        None,
        Bash(
            DBT,
            dbt_build(
                [(w, "PASS" if st.startswith("FAIL") else st) for w, st in P12_STEPS]
                + [("sql table model main.mart_price_spread", "OK")],
                clock="10:53",
            ),
            secs=11,
        ),
    )
    s.shell_escape(
        "git status --short",
        " M dbt/models/staging/stg_agmarknet__prices.sql\n?? dbt/models/marts/mart_price_spread.sql",
    )
    s.say(
        "`mart_price_spread` is built (keywords uppercase, `ref()` for its input). The per-kg cotton quote is "
        "handled in `stg_agmarknet__prices` with a comment; `data/raw` is untouched, as git status shows."
    )
    s.user("looks good, thanks! please commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: add mart_price_spread'",
            git_commit("price-spread", "b2e94c0", "feat: add mart_price_spread", 2, 14, 1),
        ),
    )
    s.say("Committed (`b2e94c0`).")
    s.outcome("success", "mart_price_spread in uppercase SQL with ref(); per-kg cotton row handled in staging")
    return s


DBT_ASSETS = """from pathlib import Path

import dagster as dg
from dagster_dbt import DbtCliResource, DbtProject, dbt_assets

dbt_project = DbtProject(project_dir=Path(__file__).parents[2] / "dbt")


@dbt_assets(manifest=dbt_project.manifest_path)
def pantalu_dbt(context: dg.AssetExecutionContext, dbt: DbtCliResource):
    yield from dbt.cli(["build"], context=context).stream()
"""


def p14() -> Session:
    s = new("p14-new-laptop", "2027-07-22T05:00:15", "2.1.162", "main", "fresh-clone-mynah")
    s.user(
        "Moved to a new MacBook. I cloned the repo and ran `uv sync`, but dagster dev won't start:\n\n"
        "```\ndagster_dbt.errors.DagsterDbtManifestNotFoundError: "
        "/Users/sravya/code/pantalu-pipeline/dbt/target/manifest.json does not exist.\n```\n\n"
        "I also need a Jupyter kernel for notebooks/explore.ipynb."
    )
    s.act(
        None,
        Read("pantalu/assets/dbt.py", DBT_ASSETS),
        Bash("git check-ignore -v dbt/target", ".gitignore:7:dbt/target/\tdbt/target"),
    )
    s.act(
        "`dbt/target/` is ignored, so a fresh clone has no manifest; the old laptop had one from running dbt by "
        "hand. dagster-dbt can build it itself when `dagster dev` starts:",
        Edit(
            "pantalu/assets/dbt.py",
            'dbt_project = DbtProject(project_dir=Path(__file__).parents[2] / "dbt")\n',
            'dbt_project = DbtProject(project_dir=Path(__file__).parents[2] / "dbt")\ndbt_project.prepare_if_dev()\n',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run dagster definitions validate -m pantalu.definitions",
            "Validating definitions in pantalu.definitions...\nAll code locations passed validation.",
            secs=14,
        ),
    )
    s.act("Now the kernel for the notebook:", Denied(Bash("pip install ipykernel")))
    s.user(
        "cheppanu kada, pip vaddu, uv add ye — dev group lo pettu.",
        rules=[("uv-only", "cheppanu kada, pip vaddu, uv add ye")],
    )
    s.act(
        None,
        Bash(
            "uv add --dev ipykernel",
            "Resolved 131 packages in 1.02s\nInstalled 14 packages in 61ms\n + ipykernel==6.30.0\n ...",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: prepare the dbt manifest when dagster dev starts'",
            git_commit("main", "e6a2d91", "fix: prepare the dbt manifest when dagster dev starts", 3, 22, 0),
        ),
    )
    s.say("`dagster dev` builds the manifest on start, ipykernel is in the dev group, committed (`e6a2d91`).")
    s.user(
        "ikkada nunchi commit messages lo feat:/fix: prefixes avasaram ledu, em chesamo oka simple line lo rayi "
        "chalu — rendu repos lo. ee commit message kuda alaage marchu.",
        rules=[
            (
                "plain-commits",
                "ikkada nunchi commit messages lo feat:/fix: prefixes avasaram ledu, em chesamo oka simple line lo "
                "rayi chalu",
                "conventional-commits",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'Build the dbt manifest when dagster dev starts; ipykernel for notebooks'",
            git_commit(
                "main", "0c9f4b7", "Build the dbt manifest when dagster dev starts; ipykernel for notebooks", 3, 22, 0
            ),
        ),
    )
    s.say("Amended: `0c9f4b7 Build the dbt manifest when dagster dev starts; ipykernel for notebooks`.")
    s.one_off(
        "on a fresh clone dagster dev fails with DagsterDbtManifestNotFoundError (dbt/target is gitignored); "
        "dbt_project.prepare_if_dev() builds the manifest on start"
    )
    s.outcome("success", "dbt manifest prepared in dev on a fresh clone; ipykernel via uv add --dev; commit amended")
    return s


def p15() -> Session:
    s = new("p15-backfill-question", "2027-07-23T05:10:40", "2.1.163", "main", "partial-backfill-egret")
    s.user(
        "Quick question before I plan the next sprint, no code: should we always backfill the whole month when a "
        "mandi file changes, or only that day?",
        non_rules=["should we always backfill the whole month when a mandi file changes, or only that day?"],
    )
    s.say(
        "Only that day's partition, plus whatever depends on it. `raw_mandi_prices` is partitioned by day, so a "
        "changed file affects exactly one partition; the unpartitioned `weekly_prices` and the dbt marts read the "
        "whole table and are rebuilt anyway. A month-wide backfill would re-read 30 days of unchanged files. If "
        "Agmarknet revises a file a few days later, a sensor on the file's checksum can queue just that partition."
    )
    s.turn_done()
    s.user("makes sense, thanks! adding it to the sprint plan.")
    s.outcome("unknown", "a question about backfill scope answered; nothing else happened")
    return s


RAW_ASSET_3 = RAW_ASSET_2.replace(
    "from pantalu.resources import conn\n", "from dagster_duckdb import DuckDBResource\n"
).replace(
    "def raw_mandi_prices(context: dg.AssetExecutionContext) -> dg.MaterializeResult:",
    "def raw_mandi_prices(context: dg.AssetExecutionContext, duckdb: DuckDBResource) -> dg.MaterializeResult:",
)


def p16() -> Session:
    s = new("p16-karnataka", "2027-07-23T11:20:03", "2.1.163", "main", "raichur-added-myna")
    text = (
        "Karnataka mandis kuda add cheddam ippudu — Raichur, Ballari. STATES lo add chesi, 2027-07-22 partition "
        "materialize cheyyi."
    )
    s.queued_start(text)
    s.user(text, after=0.3)
    s.act(None, Read("pantalu/assets/raw.py", RAW_ASSET_3))
    s.act(
        None,
        Edit(
            "pantalu/assets/raw.py",
            'STATES = ("Telangana", "Andhra Pradesh")',
            'STATES = ("Telangana", "Andhra Pradesh", "Karnataka")',
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q && uv run dagster asset materialize -m pantalu.definitions --select raw_mandi_prices "
            "--partition 2027-07-22",
            pytest_run(4, secs=0.77)
            + "\n"
            + dagster_ok(
                "raw_mandi_prices", "2027-07-22", "f0e1d2c3-b4a5-4968-8776-655443322110", 2436, when="2027-07-23 16:52"
            ),
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Load Karnataka mandis too'",
            git_commit("main", "7ab3e05", "Load Karnataka mandis too", 1, 1, 1),
        ),
    )
    s.say("Karnataka is in `STATES`; 2027-07-22 loaded 2,436 rows with Raichur and Ballari. Committed (`7ab3e05`).")
    s.user("థాంక్స్, అయ్యింది!")
    s.outcome("success", "Karnataka added to the loaded states; partition materialized; committed")
    return s


SESSIONS = [p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16]
