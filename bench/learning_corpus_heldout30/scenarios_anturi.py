"""Aino's `anturi-dash` sessions (a01-a15): a Python 3.12 Dash/Plotly dashboard over home and garage sensor data in
InfluxDB 2 (Flux), managed with uv, tested with pytest, typed with mypy, pre-commit hooks, and served by a systemd
unit on a Raspberry Pi (`anturipi`). Times are UTC; Tampere is UTC+3 in October."""

from __future__ import annotations

from fake_output import AD, git_commit, mypy_ok, pytest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "anturi-dash"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=AD, project=PROJECT)


QUERIES_PY = '''"""Flux queries for the dashboard; every query the app runs lives here."""

from __future__ import annotations

BUCKET = "anturit"


def readings_query(sensor: str, hours: int) -> str:
    return f"""
from(bucket: "{BUCKET}")
  |> range(start: -{hours}h)
  |> filter(fn: (r) => r._measurement == "ymparisto" and r.sensor == "{sensor}")
  |> filter(fn: (r) => r._field == "temperature" or r._field == "humidity")
  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)
"""
'''

DATA_PY = """from __future__ import annotations

from datetime import datetime, timedelta

import pandas as pd

from anturi_dash.influx import query_api
from anturi_dash.queries import readings_query


def normalise_times(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["_time"] = pd.to_datetime(df["_time"]).dt.tz_localize(None)
    return df


def load_readings(sensor: str, hours: int = 24) -> pd.DataFrame:
    df = query_api().query_data_frame(readings_query(sensor, hours))
    return normalise_times(df)[["_time", "_value", "_field"]]


def recent_window(df: pd.DataFrame, minutes: int = 60) -> pd.DataFrame:
    since = datetime.now() - timedelta(minutes=minutes)
    return df[df["_time"] >= since]
"""

TEST_DATA_PY = """from datetime import UTC, datetime, timedelta

import pandas as pd
import pytest

from anturi_dash.data import normalise_times, recent_window


@pytest.fixture
def frame_last_hour() -> pd.DataFrame:
    now = datetime.now(UTC)
    times = [now - timedelta(minutes=5 * i) for i in range(12)]
    return normalise_times(pd.DataFrame({"_time": times, "_value": 21.5, "_field": "temperature"}))


def test_recent_window_contains_latest_point(frame_last_hour: pd.DataFrame) -> None:
    assert len(recent_window(frame_last_hour)) == 12
"""

APP_PY = """from __future__ import annotations

import plotly.express as px
from dash import Dash, Input, Output, dcc, html

from anturi_dash.data import load_readings, recent_window
from anturi_dash.theme import SENSOR_COLORS

app = Dash(__name__, title="Anturit")
app.layout = html.Div(
    [
        dcc.Tabs(id="view", value="24h", children=[dcc.Tab(label="24 h", value="24h"), dcc.Tab(label="Viimeinen tunti", value="1h")]),
        dcc.Graph(id="temps"),
        dcc.Interval(id="tick", interval=60_000),
    ]
)


@app.callback(Output("temps", "figure"), Input("view", "value"), Input("tick", "n_intervals"))
def update(view: str, _n: int | None):
    df = load_readings("olohuone")
    if view == "1h":
        df = recent_window(df)
    return px.line(df, x="_time", y="_value", color="_field", color_discrete_map=SENSOR_COLORS)


server = app.server
"""

UNIT = """[Unit]
Description=anturi-dash (Dash dashboard for the sensors)
After=network-online.target influxdb.service
Wants=network-online.target

[Service]
User=aino
WorkingDirectory=/home/aino/anturi-dash
# Never edit this unit on the Pi; change deploy/anturi-dash.service in git and copy it over.
ExecStart=/home/aino/.cargo/bin/uv run gunicorn anturi_dash.app:server -b 0.0.0.0:8050
Restart=on-failure

[Install]
WantedBy=multi-user.target"""

PYPROJECT_MYPY = """[tool.mypy]
python_version = "3.12"
strict = true
files = ["anturi_dash", "tests"]"""

PRECOMMIT = """repos:
  - repo: https://github.com/astral-sh/ruff-pre-commit
    rev: v0.7.4
    hooks:
      - id: ruff
      - id: ruff-format
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v5.0.0
    hooks:
      - id: check-added-large-files
      - id: end-of-file-fixer"""

THEME_PY = '''"""Colours of the dashboard: one per field, used by every figure."""

SENSOR_COLORS: dict[str, str] = {
    "temperature": "#d95f02",
    "humidity": "#1b9e77",
}
'''


# ---------------------------------------------------------------------------------------------------------------


def a01() -> Session:
    s = new("a01-first-graph", "2027-10-04T11:20:37", "2.1.220", "main", "first-graph-moose")
    s.user(
        "New Dash app for the sensors: a 24 h temperature and humidity graph for the living room sensor "
        "(olohuone), data from InfluxDB bucket 'anturit'. always run things through uv run, no pip install and no "
        "hand-activated venv. Flux-kyselyt pidetään queries.py:ssä, ei callbackeissa.",
        rules=[
            ("a-uv-run", "always run things through uv run"),
            ("a-queries", "Flux-kyselyt pidetään queries.py:ssä, ei callbackeissa"),
        ],
    )
    s.title("Dash app for sensor graphs")
    s.act(
        None,
        Bash(
            "uv init --package --name anturi-dash . && uv add dash plotly pandas influxdb-client gunicorn",
            "Initialized project `anturi-dash` at `/home/aino/projektit/anturi-dash`\nUsing CPython 3.12.3 "
            "interpreter at: /usr/bin/python3.12\nCreating virtual environment at: .venv\nResolved 34 packages in "
            "1.21s\nInstalled 31 packages in 412ms",
            secs=6,
        ),
    )
    s.act(
        "Queries in `queries.py`, loading in `data.py`, the app in `app.py`:",
        Write("anturi_dash/queries.py", QUERIES_PY),
        Write(
            "anturi_dash/data.py",
            DATA_PY.replace(
                '\n\ndef recent_window(df: pd.DataFrame, minutes: int = 60) -> pd.DataFrame:\n    since = datetime.now() - timedelta(minutes=minutes)\n    return df[df["_time"] >= since]\n',
                "\n",
            ).replace("from datetime import datetime, timedelta\n\n", ""),
        ),
        Write(
            "anturi_dash/app.py",
            APP_PY.replace(", recent_window", "").replace('\n    if view == "1h":\n        df = recent_window(df)', ""),
        ),
    )
    s.act(
        None,
        Bash(
            "uv run python -c 'from anturi_dash.data import load_readings; print(load_readings(\"olohuone\").tail(3))'",
            "                   _time  _value        _field\n285 2027-10-04 11:10:00   46.20      humidity\n"
            "286 2027-10-04 11:15:00   21.84   temperature\n287 2027-10-04 11:20:00   21.79   temperature",
            secs=3,
        ),
    )
    s.say("The data loads (last point 11:20); the app runs with `uv run python -m anturi_dash.app`.")
    s.user(
        "Päätös: dashboard pyörii Pi:llä eikä missään pilvessä, data ei lähde talosta. Ja päivitysväli pidetään "
        "60 sekunnissa, Pi ei jaksa tiheämpää.",
        decisions=["dashboard pyörii Pi:llä eikä missään pilvessä"],
        rules=[("a-interval-60", "päivitysväli pidetään 60 sekunnissa")],
    )
    s.say("Selvä: `dcc.Interval` on jo 60 000 ms, ja ajetaan Pi:llä.")
    s.outcome("success", "first Dash app with a 24 h graph from InfluxDB, run through uv")
    return s


def a02() -> Session:
    s = new("a02-mypy-plotly", "2027-10-05T12:10:05", "2.1.220", "main", "stubs-missing-pika")
    s.user("aja mypy, se valittaa jostain plotlyyn liittyvästä")
    err = (
        'anturi_dash/app.py:3: error: Skipping analyzing "plotly.express": module is installed, but missing '
        "library stubs or py.typed marker  [import-untyped]\nanturi_dash/app.py:3: note: See "
        "https://mypy.readthedocs.io/en/stable/running_mypy.html#missing-imports\nanturi_dash/app.py:4: error: "
        'Skipping analyzing "dash": module is installed, but missing library stubs or py.typed marker  '
        "[import-untyped]\nFound 2 errors in 1 file (checked 5 source files)"
    )
    s.act(None, Bash("uv run mypy", err, code=1, secs=4))
    s.act(None, Read("pyproject.toml", PYPROJECT_MYPY, offset=28, total=33))
    s.act(
        "Neither plotly nor dash ships type information. An override for just those two modules keeps `strict` "
        "for our own code:",
        Edit(
            "pyproject.toml",
            'files = ["anturi_dash", "tests"]',
            'files = ["anturi_dash", "tests"]\n\n[[tool.mypy.overrides]]\nmodule = ["plotly.*", "dash.*"]\n'
            "ignore_missing_imports = true",
        ),
    )
    s.act(None, Bash("uv run mypy", mypy_ok(5), secs=4))
    s.user("Toimii.")
    s.one_off(
        "mypy --strict fails on plotly.express and dash (no stubs, import-untyped); fixed with a per-module override"
    )
    s.outcome("success", "mypy clean with an ignore_missing_imports override for plotly and dash")
    return s


def a03() -> Session:
    s = new("a03-recent-window-test", "2027-10-06T11:35:48", "2.1.220", "last-hour", "empty-window-moth")
    s.user(
        "add a 'last hour' tab: recent_window(df) keeps the last 60 minutes. and a test with a fixture of 12 "
        "points, one every 5 minutes up to now."
    )
    s.act(
        None,
        Write("anturi_dash/data.py", DATA_PY),
        Write("tests/test_data.py", TEST_DATA_PY),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q",
            pytest_run(
                3,
                [
                    (
                        "tests/test_data.py::test_recent_window_contains_latest_point",
                        "    def test_recent_window_contains_latest_point(frame_last_hour: pd.DataFrame) -> None:\n"
                        ">       assert len(recent_window(frame_last_hour)) == 12\nE       assert 0 == 12\nE        +  "
                        "where 0 = len(Empty DataFrame\\nColumns: [_time, _value, _field]\\nIndex: [])\n\n"
                        "tests/test_data.py:17: AssertionError\nassert 0 == 12",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.act(
        "The window is empty. It passes when the process runs in UTC:",
        Bash("TZ=UTC uv run pytest -q tests/test_data.py", pytest_run(1)),
    )
    s.act(
        "So it depends on the machine's time zone. Pinning `TZ=UTC` for the test run in pyproject would make it "
        "stable:",
        Denied(
            Edit(
                "pyproject.toml",
                'files = ["anturi_dash", "tests"]',
                'files = ["anturi_dash", "tests"]\n\n[tool.pytest-env]\nTZ = "UTC"',
            ),
            "no, that only hides it. the Pi runs on Helsinki time too",
        ),
    )
    s.user("have to go get the kid from daycare. leave the test red, it's right.")
    s.outcome("failed", "the last-hour window test fails (0 of 12 points) outside UTC; TZ=UTC refused, left red")
    s.hit("naive-utc-window")
    return s


def a04() -> Session:
    s = new("a04-garage-sensor", "2027-10-07T12:05:22", "2.1.221", "garage", "garage-sensor-vole")
    s.user(
        "Lisää autotallin anturi (autotalli) omaksi graafikseen. sensor colors come from SENSOR_COLORS in "
        "theme.py, never hardcode hex colors in the figures.",
        rules=[("a-colors", "sensor colors come from SENSOR_COLORS in theme.py")],
    )
    s.act(
        "A card layout would help with several graphs; dash-bootstrap-components is the usual choice:",
        Denied(Bash("uv add dash-bootstrap-components")),
    )
    s.user(
        "don't add packages without asking me first. plain html.Div and a bit of css is enough.",
        rules=[("ask-deps", "don't add packages without asking me first")],
    )
    s.act(
        None,
        Read("anturi_dash/theme.py", THEME_PY),
        Read(
            "anturi_dash/app.py",
            APP_PY.replace(", recent_window", "").replace('\n    if view == "1h":\n        df = recent_window(df)', ""),
        ),
    )
    s.act(
        None,
        Edit(
            "anturi_dash/app.py",
            '        dcc.Graph(id="temps"),',
            '        dcc.Graph(id="temps"),\n        dcc.Graph(id="garage"),',
        ),
        Write(
            "anturi_dash/garage.py",
            "from __future__ import annotations\n\nimport plotly.express as px\nfrom dash import Input, Output, "
            "callback\n\nfrom anturi_dash.data import load_readings\nfrom anturi_dash.theme import SENSOR_COLORS\n\n\n"
            '@callback(Output("garage", "figure"), Input("tick", "n_intervals"))\ndef garage(_n: int | None):\n'
            '    df = load_readings("autotalli")\n    return px.line(df, x="_time", y="_value", color="_field", '
            'color_discrete_map=SENSOR_COLORS, title="Autotalli")\n',
        ),
    )
    s.act(None, Bash("uv run mypy && uv run pytest -q tests/test_queries.py", mypy_ok(6) + "\n" + pytest_run(3)))
    s.say("The garage graph uses the same `SENSOR_COLORS`; no new packages.")
    s.user("hyvä, kiitti")
    s.outcome("success", "garage sensor graph added with the shared colours; a UI package refused")
    return s


def a05() -> Session:
    s = new("a05-systemd-203", "2027-10-08T10:40:14", "2.1.221", "main", "exec-fail-hare")
    s.user(
        "Kopioin unitin Pi:lle ja käynnistin, ja:\n\n```\n$ sudo systemctl start anturi-dash\nJob for "
        'anturi-dash.service failed because the control process exited with error code.\nSee "systemctl status '
        'anturi-dash.service" and "journalctl -xeu anturi-dash.service" for details.\n$ systemctl status '
        "anturi-dash\n× anturi-dash.service - anturi-dash (Dash dashboard for the sensors)\n     Active: failed "
        "(Result: exit-code)\n    Process: 2211 ExecStart=/home/aino/.cargo/bin/uv run gunicorn anturi_dash.app:"
        "server -b 0.0.0.0:8050 (code=exited, status=203/EXEC)\n```"
    )
    s.act(None, Read("deploy/anturi-dash.service", UNIT))
    s.say(
        "`203/EXEC` means systemd could not execute the `ExecStart` binary at all. `/home/aino/.cargo/bin/uv` is "
        "where older uv installers put it; the current installer puts uv in `~/.local/bin`. Checking on the Pi:"
    )
    s.act(
        None,
        Bash(
            "ssh aino@anturipi 'command -v uv; ls -l ~/.cargo/bin/uv'",
            "/home/aino/.local/bin/uv\nls: cannot access '/home/aino/.cargo/bin/uv': No such file or directory",
            code=2,
        ),
    )
    s.act(
        None,
        Edit(
            "deploy/anturi-dash.service",
            "ExecStart=/home/aino/.cargo/bin/uv run",
            "ExecStart=/home/aino/.local/bin/uv run",
        ),
    )
    s.say(
        "Fixed the path in `deploy/anturi-dash.service`. On the Pi: copy it to `/etc/systemd/system/`, then "
        "`sudo systemctl daemon-reload && sudo systemctl restart anturi-dash`."
    )
    s.shell_escape(
        "ssh aino@anturipi 'sudo cp ~/anturi-dash/deploy/anturi-dash.service /etc/systemd/system/ && sudo systemctl "
        "daemon-reload && sudo systemctl restart anturi-dash && systemctl is-active anturi-dash'",
        "active",
    )
    s.user("pyörii. kiitos!")
    s.not_person(
        "# Never edit this unit on the Pi; change deploy/anturi-dash.service in git and copy it over.", "tool_output"
    )
    s.not_person(
        'See "systemctl status anturi-dash.service" and "journalctl -xeu anturi-dash.service" for details.',
        "pasted_log",
    )
    s.one_off(
        "the systemd unit fails with status=203/EXEC because ExecStart points at ~/.cargo/bin/uv; uv lives in ~/.local/bin"
    )
    s.outcome("success", "the unit's ExecStart path fixed; the dashboard runs on the Pi")
    return s


def a06() -> Session:
    s = new("a06-empty-tab-words", "2027-10-11T12:30:03", "2.1.222", "main", "three-hours-late-yak")
    s.user(
        "Dashboardin 'Viimeinen tunti' -välilehti on taas tyhjä, ja 24 h -käyrät loppuu kolme tuntia ennen "
        "nykyhetkeä. Anturit kyllä lähettää, Influxin omassa UI:ssa uusin piste on minuutin vanha."
    )
    s.act(None, Grep("tz_localize|datetime.now", ["anturi_dash/data.py"]))
    s.act(None, Read("anturi_dash/data.py", DATA_PY))
    s.act(
        "Kolmen tunnin ero on täsmälleen UTC:n ja Suomen ero. Siirrän kyselyn aikaikkunaa kolmella tunnilla:",
        Edit(
            "anturi_dash/queries.py",
            "  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)",
            "  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)\n  |> timeShift(duration: 3h)",
            not_read=True,
        ),
    )
    s.act(None, Read("anturi_dash/queries.py", QUERIES_PY))
    s.act(
        None,
        Edit(
            "anturi_dash/queries.py",
            "  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)",
            "  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)\n  |> timeShift(duration: 3h)",
        ),
    )
    s.interrupt()
    s.user("Ei! Kovakoodattu 3h hajoaa kun kellot siirtyy lokakuun lopussa. Peru se.")
    s.act(
        None,
        Edit(
            "anturi_dash/queries.py",
            "  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)\n  |> timeShift(duration: 3h)",
            "  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)",
        ),
    )
    s.say("Peruttu, `queries.py` on kuten ennen.")
    s.user("jätetään tähän, jatketaan huomenna")
    s.outcome("failed", "the empty last-hour tab and the three-hour lag not fixed; a hardcoded timeShift was stopped")
    s.hit("naive-utc-window")
    return s


BY_FIELD_TEST = """import pandas as pd

from anturi_dash.theme import SENSOR_COLORS
from anturi_dash.figures import temperature_figure


def test_figure_uses_theme_colors() -> None:
    df = pd.DataFrame({"_time": pd.date_range("2027-10-12", periods=3, freq="5min", tz="UTC"), "_value": [20.0, 20.5, 21.0], "_field": "temperature"})
    fig = temperature_figure(df)
    assert fig.data[0].line.color == SENSOR_COLORS["temperature"]


def test_figure_handles_empty_frame() -> None:
    fig = temperature_figure(pd.DataFrame(columns=["_time", "_value", "_field"]))
    assert len(fig.data) == 0
"""

FIGURES_PY = """from __future__ import annotations

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

from anturi_dash.theme import SENSOR_COLORS


def temperature_figure(df: pd.DataFrame) -> go.Figure:
    fig = px.line(df, x="_time", y="_value", color="_field", color_discrete_map=SENSOR_COLORS)
    fig.update_layout(margin={"l": 40, "r": 10, "t": 30, "b": 30}, legend_title_text="")
    return fig
"""


def figure_tests(child: Session) -> None:
    child.act(None, Read("anturi_dash/figures.py", FIGURES_PY))
    child.act(None, Write("tests/test_figures.py", BY_FIELD_TEST))
    child.act(None, Bash("uv run pytest -q tests/test_figures.py", pytest_run(2, secs=1.42)))
    child.say("Added tests/test_figures.py: theme colour on the trace, and an empty frame; both pass.")


def a07() -> Session:
    s = new("a07-figures-module", "2027-10-12T11:05:40", "2.1.222", "figures", "tidy-figures-lark")
    s.user("siirrä graafien teko omaan figures.py-moduuliin, app.py on jo sotkuinen. ja testit sille.")
    s.act(None, Read("anturi_dash/app.py", APP_PY), Read("anturi_dash/theme.py", THEME_PY))
    s.act("Figures into their own module:", Write("anturi_dash/figures.py", FIGURES_PY))
    s.act(
        None,
        Edit(
            "anturi_dash/app.py",
            '    return px.line(df, x="_time", y="_value", color="_field", color_discrete_map=SENSOR_COLORS)',
            "    return temperature_figure(df)",
        ),
        Edit(
            "anturi_dash/app.py",
            "import plotly.express as px\nfrom dash import Dash, Input, Output, dcc, html\n",
            "from dash import Dash, Input, Output, dcc, html\n",
        ),
        Edit(
            "anturi_dash/app.py",
            "from anturi_dash.theme import SENSOR_COLORS\n",
            "from anturi_dash.figures import temperature_figure\n",
        ),
    )
    s.act(
        None,
        Agent(
            "Tests for figures.py",
            "Write pytest tests for anturi_dash/figures.py in tests/test_figures.py: the trace colour comes from "
            "SENSOR_COLORS, and an empty DataFrame gives an empty figure. Run them with uv run pytest -q "
            "tests/test_figures.py and report what you added.",
            "general-purpose",
            figure_tests,
            background=True,
        ),
    )
    s.act("While the tests are written, type-checking:", Bash("uv run mypy", mypy_ok(7), secs=4))
    s.user(
        "does Dash always re-run every callback on page load?",
        non_rules=["does Dash always re-run every callback on page load?"],
    )
    s.say(
        "By default yes: every callback fires once when the layout loads (its inputs count as changed). "
        "`prevent_initial_call=True` on a callback skips that first call."
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Aino asked to move figure building from app.py into anturi_dash/"
        "figures.py and to add tests.\nSummary:\n1. anturi_dash/figures.py: temperature_figure(df) with "
        "SENSOR_COLORS; app.py now calls it.\n2. mypy: clean (7 files).\n3. A background general-purpose agent "
        "is writing tests/test_figures.py.\n4. Aino asked whether Dash runs every callback on page load; answered "
        "(prevent_initial_call).\n5. User preference: Always add type hints and run mypy --strict before "
        "finishing.\nPending: wait for the agent, run the whole suite.",
        158200,
        10400,
    )
    s.say("Waiting for the test agent.")
    s.agent_done(after=35)
    s.act(None, Bash("uv run pytest -q", pytest_run(6, secs=2.3)))
    s.say("The agent added `tests/test_figures.py` (2 tests); 6 passed overall. Ready to commit on `figures`.")
    s.user("commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Move figures to figures.py, add tests'",
            git_commit("figures", "3fd81c2", "Move figures to figures.py, add tests", 4, 58, 6),
        ),
    )
    s.say("Committed (`3fd81c2`).")
    s.not_person("User preference: Always add type hints and run mypy --strict before finishing.", "compaction_summary")
    s.outcome("success", "figures moved to figures.py with tests from a background agent; committed")
    return s


def a08() -> Session:
    s = new("a08-influx-401", "2027-10-13T12:20:11", "2.1.222", "main", "token-missing-newt")
    s.user(
        "Pi:llä dashboard näyttää tyhjää ja journalissa on: influxdb_client.rest.ApiException: (401) Reason: "
        "Unauthorized. Läppärillä sama koodi toimii. Token on .env:ssä."
    )
    s.act(
        None, Read("deploy/anturi-dash.service", UNIT.replace("/home/aino/.cargo/bin/uv", "/home/aino/.local/bin/uv"))
    )
    s.act(
        None,
        Grep(
            "INFLUX_TOKEN", ['anturi_dash/influx.py:9:    token = os.environ.get("INFLUX_TOKEN", "")'], mode="content"
        ),
    )
    s.say(
        "`influx.py` reads `INFLUX_TOKEN` from the environment. On the laptop your shell (or direnv) has it from "
        "`.env`; systemd starts the service with a clean environment and does not read `.env` by itself, so the "
        "token is empty and Influx answers 401. The unit needs an `EnvironmentFile`."
    )
    s.act(
        None,
        Edit(
            "deploy/anturi-dash.service",
            "WorkingDirectory=/home/aino/anturi-dash\n",
            "WorkingDirectory=/home/aino/anturi-dash\nEnvironmentFile=/home/aino/anturi-dash/.env\n",
        ),
    )
    s.shell_escape(
        "ssh aino@anturipi 'sudo cp ~/anturi-dash/deploy/anturi-dash.service /etc/systemd/system/ && sudo systemctl "
        "daemon-reload && sudo systemctl restart anturi-dash && sleep 5 && journalctl -u anturi-dash -n 2 --no-pager'",
        "Oct 13 15:24:40 anturipi uv[3310]: [2027-10-13 15:24:40 +0300] [3310] [INFO] Listening at: "
        'http://0.0.0.0:8050 (3310)\nOct 13 15:24:44 anturipi uv[3312]: 127.0.0.1 - - "POST /_dash-update-'
        'component HTTP/1.1" 200 5512',
    )
    s.user(
        "Graafit tuli takaisin. turns out systemd doesn't read .env by itself, it needs EnvironmentFile.",
        lessons=["systemd doesn't read .env by itself, it needs EnvironmentFile"],
    )
    s.one_off(
        "InfluxDB answers 401 Unauthorized on the Pi because the systemd unit does not load .env (no EnvironmentFile)"
    )
    s.outcome("success", "EnvironmentFile added to the unit; the Pi dashboard shows data again")
    return s


def a09() -> Session:
    s = new("a09-journal-window", "2027-10-14T11:50:26", "2.1.223", "main", "no-points-gecko")
    s.user(
        "the Pi logs this every minute since I added a warning to recent_window:\n\n```\nOct 14 14:47:03 anturipi "
        "uv[3312]: 2027-10-14 14:47:03,412 WARNING anturi_dash.data: recent_window: 0 of 288 points newer than "
        "2027-10-14 13:47:03.409911 (latest 2027-10-14 11:45:00)\nOct 14 14:48:03 anturipi uv[3312]: 2027-10-14 "
        "14:48:03,398 WARNING anturi_dash.data: recent_window: 0 of 288 points newer than 2027-10-14 "
        "13:48:03.396120 (latest 2027-10-14 11:45:00)\n```\n\nthe latest point is 11:45 but it's 14:47 here. is "
        "Influx three hours behind?"
    )
    s.act(None, Read("anturi_dash/data.py", DATA_PY))
    s.say(
        "Influx is not behind: `11:45:00` is the latest point in UTC, which is 14:45 in Helsinki. "
        "`normalise_times` drops the zone with `tz_localize(None)`, so `_time` becomes naive UTC, and "
        "`recent_window` compares it with `datetime.now()`, which is naive local time (UTC+3). Every point looks "
        "three hours old, the last hour is empty, and the 24 h curve ends three hours early. Both sides should be "
        "aware (UTC) times; that touches `data.py` and the fixture in the red test from last week."
    )
    s.user("ok, makes sense. not today, the sauna is warm.")
    s.outcome("unknown", "the journal warning explained (naive UTC vs local now); nothing changed")
    s.hit("naive-utc-window")
    return s


def a10() -> Session:
    s = new("a10-faster-refresh", "2027-10-15T12:15:49", "2.1.223", "main", "pi5-refresh-finch")
    s.user(
        "Vaihdoin Pi 4:n Pi 5:een. Unohda se minuutin raja, nyt kun Pi 5 on käytössä päivitä kymmenen sekunnin välein.",
        rules=[
            (
                "a-interval-10",
                "Unohda se minuutin raja, nyt kun Pi 5 on käytössä päivitä kymmenen sekunnin välein",
                "a-interval-60",
            )
        ],
    )
    s.act(None, Read("anturi_dash/app.py", APP_PY))
    s.act(
        None,
        Edit(
            "anturi_dash/app.py", 'dcc.Interval(id="tick", interval=60_000)', 'dcc.Interval(id="tick", interval=10_000)'
        ),
    )
    s.act(
        None,
        Bash("uv run mypy && uv run pytest -q tests/test_figures.py", mypy_ok(8) + "\n" + pytest_run(2, secs=1.38)),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Refresh every 10 s' && git push origin main",
            git_commit("main", "a7c04e2", "Refresh every 10 s", 1, 1, 1) + "\nTo github.com:aino-k/anturi-dash.git\n"
            " ! [rejected]        main -> main (fetch first)",
            code=1,
        ),
    )
    s.act(None, Denied(Bash("git pull && git push origin main")))
    s.user(
        "no direct pushes to main, told you. and the pull fails anyway, I tried:\n\n```\nhint: You have divergent "
        "branches and need to specify how to reconcile them.\nhint: You can do so by running one of the following "
        "commands sometime before\nhint: your next pull:\nhint:\nhint:   git config pull.rebase false  # merge\n"
        "hint:   git config pull.rebase true   # rebase\nfatal: Need to specify how to reconcile divergent "
        "branches.\n```\n\nbranch + PR.",
        rules=[("no-push-main", "no direct pushes to main")],
    )
    s.act(
        None,
        Bash(
            "git switch -c faster-refresh && git branch -f main origin/main && git push -u origin faster-refresh && "
            "gh pr create --fill",
            "Switched to a new branch 'faster-refresh'\nbranch 'faster-refresh' set up to track "
            "'origin/faster-refresh'.\nhttps://github.com/aino-k/anturi-dash/pull/12",
            secs=5,
        ),
    )
    s.say("The commit is on `faster-refresh` (PR #12); local `main` is back at `origin/main`.")
    s.not_person("hint: You have divergent branches and need to specify how to reconcile them.", "pasted_log")
    s.outcome("success", "refresh every 10 s, pushed as a branch with a PR (a push to main declined)")
    return s


def a11() -> Session:
    s = new("a11-sample-data", "2027-10-18T11:30:17", "2.1.224", "sample-data", "big-csv-beetle")
    s.user(
        "Lisää testeihin oikeaa dataa: vein Influxista CSV:n tests/data/sample_data.csv. toistaiseksi riittää yksi "
        "sensori testidatassa.",
        non_rules=["toistaiseksi riittää yksi sensori testidatassa"],
    )
    s.act(
        None,
        Bash(
            "git add tests/data/sample_data.csv && git commit -m 'Add sample sensor data'",
            "check for added large files..............................................Failed\n- hook id: "
            "check-added-large-files\n- exit code: 1\n\ntests/data/sample_data.csv (1840 KB) exceeds 500 KB.\n\n"
            "ruff.....................................................(no files to check)Skipped\n"
            "ruff-format..............................................(no files to check)Skipped",
            code=1,
        ),
    )
    s.say(
        "pre-commit's `check-added-large-files` stops the 1.8 MB file (limit 500 KB). It is a month of "
        "5-minute points for one sensor; the tests need a day at most. I can cut it to one day:"
    )
    s.act(
        None,
        Bash(
            "head -1 tests/data/sample_data.csv > /tmp/day.csv && grep ',2027-10-1[45]T' tests/data/sample_data.csv "
            "| head -288 >> /tmp/day.csv && mv /tmp/day.csv tests/data/sample_data.csv && du -h "
            "tests/data/sample_data.csv",
            "20K\ttests/data/sample_data.csv",
        ),
    )
    s.act(
        None,
        Bash(
            "git add tests/data/sample_data.csv && git commit -m 'Add one day of sample sensor data'",
            "check for added large files..............................................Passed\n"
            "ruff.....................................................(no files to check)Skipped\n"
            "ruff-format..............................................(no files to check)Skipped\n"
            + git_commit("sample-data", "60ad9b4", "Add one day of sample sensor data", 1, 289, 0),
        ),
    )
    s.user("hyvä niin")
    s.one_off("pre-commit's check-added-large-files rejects a 1840 KB sample CSV (limit 500 KB); cut to one day")
    s.outcome("success", "one day of sample data committed after the large-file hook stopped the month")
    return s


def explore_times(child: Session) -> None:
    child.act(
        None,
        Grep(
            "datetime.now|tz_localize|to_datetime|timedelta",
            [
                'anturi_dash/data.py:11:    df["_time"] = pd.to_datetime(df["_time"]).dt.tz_localize(None)',
                "anturi_dash/data.py:21:    since = datetime.now() - timedelta(minutes=minutes)",
                "tests/test_data.py:11:    now = datetime.now(UTC)",
                "tests/test_data.py:27:    now = datetime.now(UTC)",
            ],
            mode="content",
        ),
    )
    child.say(
        "anturi_dash/data.py:11 makes _time naive with tz_localize(None) (InfluxDB returns UTC, so the result is "
        "naive UTC). anturi_dash/data.py:21 takes datetime.now() with no tz, i.e. naive local time. tests/"
        "test_data.py:11 and :27 build fixtures with datetime.now(UTC) and pass them through normalise_times. "
        "Nothing else in the package creates or compares datetimes."
    )


def a12() -> Session:
    s = new("a12-aware-times", "2027-10-19T12:00:34", "2.1.224", "aware-times", "utc-aware-marten")
    s.user(
        "Nyt se aikavyöhykejuttu kuntoon. Nimesin testin uudelleen ja lisäsin toisen, ja nyt punaisena on "
        "test_last_hour_view_has_points:"
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q tests/test_data.py",
            pytest_run(
                1,
                [
                    (
                        "tests/test_data.py::test_last_hour_view_has_points",
                        "    def test_last_hour_view_has_points(frame_last_hour: pd.DataFrame) -> None:\n"
                        '>       assert not recent_window(frame_last_hour).empty, "last hour view is empty"\n'
                        "E       AssertionError: last hour view is empty\nE       assert not True\n\n"
                        "tests/test_data.py:17: AssertionError\nAssertionError: last hour view is empty",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.act(
        None,
        Agent(
            "Find datetime handling",
            "In anturi_dash/ and tests/, find every place that creates, converts or compares datetimes "
            "(datetime.now, tz_localize, to_datetime, timedelta). Report file:line and whether the value is "
            "timezone-aware. Read-only.",
            "Explore",
            explore_times,
        ),
    )
    s.act(None, Read("anturi_dash/data.py", DATA_PY))
    s.act(
        "Keeping `_time` aware (UTC) and comparing with an aware now:",
        Edit(
            "anturi_dash/data.py",
            "from datetime import datetime, timedelta",
            "from datetime import UTC, datetime, timedelta",
        ),
        Edit(
            "anturi_dash/data.py",
            '    df["_time"] = pd.to_datetime(df["_time"]).dt.tz_localize(None)',
            '    df["_time"] = pd.to_datetime(df["_time"], utc=True)',
        ),
        Edit(
            "anturi_dash/data.py",
            "    since = datetime.now() - timedelta(minutes=minutes)",
            "    since = datetime.now(tz=UTC) - timedelta(minutes=minutes)",
        ),
    )
    s.act(
        None,
        Bash(
            "uv run pytest -q && uv run mypy",
            pytest_run(8, secs=2.41) + "\n" + mypy_ok(8),
            secs=6,
        ),
    )
    s.say(
        "All 8 tests pass, mypy clean. The graph's x axis now gets aware UTC times, which Plotly shows in the "
        "browser's local time, so the curves no longer end three hours early."
    )
    s.user(
        "lesson learned: keep _time timezone-aware and compare it with datetime.now(tz=UTC). commit ja PR.",
        lessons=["keep _time timezone-aware and compare it with datetime.now(tz=UTC)"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Keep sensor times timezone-aware' && git push -u origin aware-times && gh pr create --fill",
            git_commit("aware-times", "d20b7e5", "Keep sensor times timezone-aware", 1, 3, 3)
            + "\nbranch 'aware-times' set up to track 'origin/aware-times'.\nhttps://github.com/aino-k/anturi-dash/pull/14",
            secs=5,
        ),
    )
    s.say("PR #14.")
    s.outcome("success", "sensor times kept timezone-aware and compared with an aware now; tests and mypy green")
    s.hit("naive-utc-window", fixed=True)
    return s


def a13() -> Session:
    s = new("a13-daily-means", "2027-10-20T11:40:12", "2.1.225", "daily-means", "daily-mean-wolf")
    s.user("Would InfluxDB 3 make a daily-averages view easier? Jussi keeps saying SQL is nicer than Flux.")
    s.say(
        "For daily means, Flux's `aggregateWindow(every: 1d, fn: mean)` does it in one line. InfluxDB 3 would "
        "give SQL, but it means a new server, migrating the bucket and rewriting `queries.py`; on a Pi, InfluxDB 3 "
        "Core is also still young."
    )
    s.user(
        "decided: we stay on InfluxDB 2 and Flux this year. add the daily means query then.",
        decisions=["we stay on InfluxDB 2 and Flux this year"],
    )
    s.act(None, Read("anturi_dash/queries.py", QUERIES_PY))
    s.act(
        None,
        Edit(
            "anturi_dash/queries.py",
            '  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)\n"""',
            '  |> aggregateWindow(every: 5m, fn: mean, createEmpty: false)\n"""\n\n\n'
            'def daily_means_query(sensor: str, days: int) -> str:\n    return f"""\nfrom(bucket: "{BUCKET}")\n'
            '  |> range(start: -{days}d)\n  |> filter(fn: (r) => r._measurement == "ymparisto" and r.sensor == '
            '"{sensor}" and r._field == "temperature")\n  |> aggregateWindow(every: 1d, fn: mean, '
            'createEmpty: false, timeSrc: "_start")\n"""',
        ),
    )
    s.act(None, Bash("uv run pytest -q tests/test_queries.py && uv run mypy", pytest_run(4) + "\n" + mypy_ok(8)))
    s.say("`daily_means_query(sensor, days)` is in `queries.py`, tests and mypy green.")
    s.user("Hyvä.")
    s.outcome("success", "a daily means Flux query added; InfluxDB 2 kept")
    return s


def a14() -> Session:
    s = new("a14-gunicorn-workers", "2027-10-21T12:25:08", "2.1.225", "main", "workers-question-bat")
    s.queued_start("montako gunicorn workeria kannattaa Pi 5:llä?")
    s.user("montako gunicorn workeria kannattaa Pi 5:llä?", after=0.4)
    s.say(
        "Nyrkkisääntö on (2 × ytimet) + 1, eli Pi 5:llä 9, mutta yhden käyttäjän dashboardille 2-3 riittää "
        "hyvin ja säästää muistia."
    )
    s.turn_done()
    s.title("Gunicorn workers on a Pi 5")
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


def a15() -> Session:
    s = new("a15-csv-download", "2027-10-22T10:30:44", "2.1.226", "csv-download", "download-button-crow")
    s.user(
        "lataa CSV -nappi 24 h datalle. dcc.Download. toimii läppärillä, mut Pi:llä nginxin takana nappi ei tee mitään."
    )
    s.act(
        None,
        Bash(
            "ssh aino@anturipi 'sudo tail -n 3 /var/log/nginx/error.log'",
            "2027/10/22 13:31:05 [error] 911#911: *482 upstream prematurely closed connection while reading "
            'response header from upstream, client: 192.168.1.23, server: anturit.local, request: "POST '
            '/_dash-update-component HTTP/1.1", upstream: "http://127.0.0.1:8050/_dash-update-component"',
        ),
    )
    s.say(
        "nginx sees the upstream close the connection on the download callback. Likely gunicorn's default 30 s "
        "worker timeout while the callback builds the CSV on the Pi. Raising `--timeout 120` in the unit:"
    )
    s.act(
        None, Read("deploy/anturi-dash.service", UNIT.replace("/home/aino/.cargo/bin/uv", "/home/aino/.local/bin/uv"))
    )
    s.act(
        None,
        Edit(
            "deploy/anturi-dash.service",
            "anturi_dash.app:server -b 0.0.0.0:8050",
            "anturi_dash.app:server -b 0.0.0.0:8050 --timeout 120",
        ),
    )
    s.shell_escape(
        "ssh aino@anturipi 'sudo cp ~/anturi-dash/deploy/anturi-dash.service /etc/systemd/system/ && sudo systemctl "
        "daemon-reload && sudo systemctl restart anturi-dash'",
        "",
    )
    s.user("ei vieläkään toimi. sama juttu. no, perjantai, lopetan tältä viikolta.")
    s.say(
        "OK. Next time the gunicorn log on the Pi (`journalctl -u anturi-dash`) should show whether a worker was killed."
    )
    s.outcome(
        "failed", "the CSV download still does nothing behind nginx on the Pi; a longer gunicorn timeout did not help"
    )
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15]
