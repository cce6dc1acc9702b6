"""Mikkel's `vejr-etl` sessions (v01-v16): an Elixir 1.17 / Phoenix 1.7 app with Oban jobs that pull weather
observations from DMI's open data (metObs) API into PostgreSQL, ExUnit, Credo, Dialyzer and mix format. Times
are UTC; Aarhus is UTC+1 in November."""

from __future__ import annotations

from fake_output import VE, exunit_failed, exunit_ok, git_commit
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "vejr-etl"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=VE, project=PROJECT)


MIX_DEPS = """  defp deps do
    [
      {:phoenix, "~> 1.7.14"},
      {:phoenix_ecto, "~> 4.6"},
      {:ecto_sql, "~> 3.12"},
      {:postgrex, ">= 0.0.0"},
      {:oban, "~> 2.18"},
      {:req, "~> 0.5"},
      {:httpoison, "~> 2.2"},
      {:jason, "~> 1.4"},
      {:credo, "~> 1.7", only: [:dev, :test], runtime: false},
      {:dialyxir, "~> 1.4", only: [:dev, :test], runtime: false}
    ]
  end"""

WORKER = """defmodule VejrEtl.Workers.FetchObservations do
  @moduledoc "Fetches one station's observations for one hour from DMI metObs and stores them."
  use Oban.Worker,
    queue: :dmi,
    max_attempts: 3,
    unique: [period: 3600, keys: [:station_id, :hour]]

  alias VejrEtl.{Dmi, Observations, RawArchive}

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{"station_id" => station_id, "hour" => hour}}) do
    with {:ok, payload} <- Dmi.Client.fetch_hour(station_id, hour),
         {:ok, _count} <- Observations.upsert(Dmi.Parse.observations(payload)) do
      Task.start(fn -> RawArchive.store(payload) end)
      :ok
    end
  end
end
"""

CLIENT = """defmodule VejrEtl.Dmi.Client do
  @moduledoc "DMI open data, metObs v2."
  @base "https://dmigw.govcloud.dk/v2/metObs/collections/observation/items"

  def fetch_hour(station_id, hour) do
    {:ok, from, 0} = DateTime.from_iso8601(hour)
    get(stationId: station_id, datetime: interval(from, DateTime.add(from, 3600)))
  end

  defp get(params) do
    case Req.get(@base, params: [{:"api-key", api_key()} | params], plug: plug()) do
      {:ok, %Req.Response{status: 200, body: body}} -> {:ok, body}
      {:ok, %Req.Response{status: status}} -> {:error, {:http, status}}
      {:error, reason} -> {:error, reason}
    end
  end

  defp interval(from, to), do: DateTime.to_iso8601(from) <> "/" <> DateTime.to_iso8601(to)
  defp api_key, do: Application.fetch_env!(:vejr_etl, :dmi_api_key)
  defp plug, do: Application.get_env(:vejr_etl, :dmi_plug)
end
"""

FETCH_DAY = """  def fetch_day(parameter_id, %Date{} = date) do
    {:ok, from} = DateTime.new(date, ~T[00:00:00], "Etc/UTC")

    with {:ok, body} <- get(parameterId: parameter_id, datetime: interval(from, DateTime.add(from, 86_400))) do
      {:ok, body["features"]}
    end
  end"""

FETCH_DAY_FIXED = """  def fetch_day(parameter_id, %Date{} = date) do
    {:ok, from} = DateTime.new(date, ~T[00:00:00], "Etc/UTC")
    fetch_all([parameterId: parameter_id, datetime: interval(from, DateTime.add(from, 86_400))], [])
  end

  # DMI pages its answers (1000 features unless `limit` says otherwise, numberMatched tells the total) and puts
  # the next page in links[rel=next]; follow it until there is none.
  defp fetch_all(params_or_url, acc) do
    with {:ok, body} <- get(params_or_url) do
      features = body["features"]

      case Enum.find(body["links"] || [], &(&1["rel"] == "next")) do
        %{"href" => next} -> fetch_all(next, acc ++ features)
        nil -> {:ok, acc ++ features}
      end
    end
  end"""

CONFIG_OBAN = """config :vejr_etl, Oban,
  repo: VejrEtl.Repo,
  queues: [dmi: 5, aggregate: 1],
  plugins: [
    {Oban.Plugins.Cron,
     crontab: [
       {"5 * * * *", VejrEtl.Workers.ScheduleHour},
       {"0 1 * * *", VejrEtl.Workers.DailyAggregate}
     ]}
  ]"""

OWNER_EXITED = (
    "** (DBConnection.ConnectionError) owner #PID<0.741.0> exited\n\nClient #PID<0.752.0> is still using a "
    "connection from owner at location:\n\n    :prim_inet.recv0/3\n    (postgrex 0.19.3) lib/postgrex/protocol.ex:"
    "3197: Postgrex.Protocol.msg_recv/4\n    (db_connection 2.7.0) lib/db_connection.ex:1530: DBConnection.run/6"
)


# ---------------------------------------------------------------------------------------------------------------


def v01() -> Session:
    s = new("v01-fetch-worker", "2027-11-08T12:40:18", "2.1.230", "fetch-worker", "hourly-dmi-plover")
    s.user(
        "ny oban worker der henter observationer fra DMI's metObs API for en station hver time og gemmer dem i "
        "observations. indtil videre bare hardcode station 06180\n"
        "vi går med Oban og ikke Quantum, vi skal have retries",
        decisions=["vi går med Oban og ikke Quantum"],
        non_rules=["indtil videre bare hardcode station 06180"],
    )
    s.title("Hourly DMI observations worker")
    s.act(None, Read("mix.exs", MIX_DEPS, offset=38, total=55))
    s.say(
        "mix.exs has both Req and HTTPoison; the old `VejrEtl.Import` module uses HTTPoison, so I'll write the "
        "DMI client the same way for consistency."
    )
    s.user(
        "use Req for HTTP, not HTTPoison or Tesla. HTTPoison ryger ud når Import er skrevet om. and every Oban "
        "worker gets a unique period, we never want the same hour fetched twice",
        rules=[
            ("req-http", "use Req for HTTP, not HTTPoison or Tesla"),
            ("oban-unique", "every Oban worker gets a unique period, we never want the same hour fetched twice"),
        ],
    )
    s.act(
        "Req it is. Client, worker with a one-hour unique period, and a cron entry that enqueues the hour:",
        Write("lib/vejr_etl/dmi/client.ex", CLIENT),
        Write("lib/vejr_etl/workers/fetch_observations.ex", WORKER),
        Write(
            "lib/vejr_etl/workers/schedule_hour.ex",
            "defmodule VejrEtl.Workers.ScheduleHour do\n  @moduledoc \"Enqueues last hour's fetch for each station."
            '"\n  use Oban.Worker, queue: :dmi, unique: [period: 3600]\n\n  @stations ["06180"]\n\n  @impl Oban.'
            "Worker\n  def perform(_job) do\n    hour = DateTime.utc_now() |> DateTime.add(-3600) |> Map.merge(%{minute: "
            "0, second: 0, microsecond: {0, 0}})\n\n    for id <- @stations do\n      %{station_id: id, hour: "
            "DateTime.to_iso8601(hour)} |> VejrEtl.Workers.FetchObservations.new() |> Oban.insert!()\n    end\n\n"
            "    :ok\n  end\nend\n",
        ),
    )
    s.act(None, Bash("mix test", exunit_ok(21, seed=90412, secs="1.2"), secs=9))
    s.say(
        "`FetchObservations` fetches one station-hour with Req (the key as the `api-key` param), upserts the "
        "observations and archives the raw payload; unique per station and hour for an hour. `ScheduleHour` runs "
        "at :05 for 06180. 21 tests, 0 failures."
    )
    s.user("fint")
    s.outcome("success", "hourly DMI fetch worker with Req and unique jobs; tests green")
    return s


AGG = """defmodule VejrEtl.Workers.DailyAggregate do
  use Oban.Worker, queue: :aggregate, unique: [period: 86_400]

  alias VejrEtl.Observations

  @impl Oban.Worker
  def perform(%Oban.Job{args: args}) do
    date = Map.get(args, "date", Date.add(Date.utc_today(), -1))
    Observations.daily_precipitation(date) |> Enum.each(&Observations.put_daily/1)
  end
end
"""


def v02() -> Session:
    s = new("v02-daily-aggregate", "2027-11-09T13:05:40", "2.1.230", "daily-aggregate", "rain-sum-bunting")
    s.user("lav et DailyAggregate job der summerer nedbør per station per dag og kører kl 01 hver nat")
    s.act(None, Write("lib/vejr_etl/workers/daily_aggregate.ex", AGG))
    s.act(
        None,
        Bash(
            "mix test",
            exunit_failed(
                24,
                [
                    (
                        "perform/1 stores the hour's observations for 06180",
                        "VejrEtl.Workers.FetchObservationsTest",
                        "test/vejr_etl/workers/fetch_observations_test.exs:21",
                        OWNER_EXITED,
                    )
                ],
                seed=733104,
            ),
            code=2,
            secs=10,
        ),
    )
    s.act(
        "The failure is in `FetchObservationsTest`, which this change doesn't touch. Running that file again:",
        Bash(
            "mix test test/vejr_etl/workers/fetch_observations_test.exs", exunit_ok(3, seed=18822, secs="0.3"), secs=6
        ),
    )
    s.say(
        "It passes on its own and on a re-run, so it looks like a flaky test rather than the new job. "
        "`DailyAggregate` is done and scheduled for 01:00."
    )
    s.user(
        "husk at køre mix format og mix credo --strict før du siger at du er færdig",
        rules=[("format-credo", "husk at køre mix format og mix credo --strict før du siger at du er færdig")],
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict",
            "Checking 31 source files ...\n\n  Code Readability\n┃\n┃ [R] → Modules should have a @moduledoc tag.\n"
            "┃       lib/vejr_etl/workers/daily_aggregate.ex:1:11 #(VejrEtl.Workers.DailyAggregate)\n\n"
            "Please report incorrect results: https://github.com/rrrene/credo/issues\n\nAnalysis took 0.2 seconds\n"
            "45 mods/funs, found 1 code readability issue.",
            code=4,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/vejr_etl/workers/daily_aggregate.ex",
            "defmodule VejrEtl.Workers.DailyAggregate do\n",
            "defmodule VejrEtl.Workers.DailyAggregate do\n  @moduledoc \"Sums yesterday's precipitation per "
            'station (runs at 01:00)."\n',
        ),
        Edit(
            "config/config.exs",
            '       {"5 * * * *", VejrEtl.Workers.ScheduleHour}',
            '       {"5 * * * *", VejrEtl.Workers.ScheduleHour},\n       {"0 1 * * *", VejrEtl.Workers.DailyAggregate}',
        ),
    )
    s.act(
        None,
        Bash(
            "mix format --check-formatted && mix credo --strict",
            "Checking 31 source files ...\n\nAnalysis took 0.2 seconds\n45 mods/funs, found no issues.",
        ),
    )
    s.say("Formatted, Credo strict is clean.")
    s.user("den oban test fejlede også på CI i går. mærkeligt. nå, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add nightly precipitation aggregate'",
            git_commit("daily-aggregate", "4be1d02", "Add nightly precipitation aggregate", 3, 41, 1),
        ),
    )
    s.say("Committed (`4be1d02`).")
    s.outcome("success", "nightly aggregate job added, format and credo clean; a flaky worker test passed on re-run")
    s.hit("oban-owner-exit")
    return s


def v03() -> Session:
    s = new("v03-fetch-day", "2027-11-10T12:20:09", "2.1.230", "daily-aggregate", "bulk-day-sandpiper")
    s.user(
        "DailyAggregate skal ikke lave et kald per station. hent hele døgnet for alle stationer på én gang med "
        "parameterId=precip_past10min, og lav en test med en optaget fixture der tjekker at vi får alle 144 "
        "ti-minutters målinger for Aarhus (06074)"
    )
    s.act(None, Edit("lib/vejr_etl/dmi/client.ex", "  defp get(params) do", FETCH_DAY + "\n\n  defp get(params) do"))
    s.act(
        None,
        Bash(
            "curl -s 'https://dmigw.govcloud.dk/v2/metObs/collections/observation/items?parameterId=precip_past10min"
            "&datetime=2027-11-08T00:00:00Z/2027-11-09T00:00:00Z&api-key=$DMI_API_KEY' > "
            "test/fixtures/dmi/precip_day.json && du -h test/fixtures/dmi/precip_day.json",
            "412K\ttest/fixtures/dmi/precip_day.json",
        ),
        Write(
            "test/vejr_etl/dmi/client_test.exs",
            'defmodule VejrEtl.Dmi.ClientTest do\n  use ExUnit.Case, async: true\n\n  test "fetch_day/2 returns all '
            '144 readings for Aarhus" do\n    Req.Test.stub(VejrEtl.Dmi.Client, fn conn ->\n      Req.Test.json('
            'conn, fixture("precip_day.json"))\n    end)\n\n    {:ok, features} = VejrEtl.Dmi.Client.fetch_day('
            '"precip_past10min", ~D[2027-11-08])\n    aarhus = Enum.filter(features, &(&1["properties"]'
            '["stationId"] == "06074"))\n    assert length(aarhus) == 144\n  end\nend\n',
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/vejr_etl/dmi/client_test.exs",
            exunit_failed(
                1,
                [
                    (
                        "fetch_day/2 returns all 144 readings for Aarhus",
                        "VejrEtl.Dmi.ClientTest",
                        "test/vejr_etl/dmi/client_test.exs:4",
                        "Assertion with == failed\ncode:  assert length(aarhus) == 144\nleft:  7\nright: 144\n"
                        "stacktrace:\n  test/vejr_etl/dmi/client_test.exs:11: (test)",
                    )
                ],
                seed=55120,
                secs="0.9",
            ),
            code=2,
        ),
    )
    s.act(
        "Only 7 of the 144 Aarhus readings are in the recorded day. Some stations report precipitation only when "
        "it rains, so the fixture may simply hold fewer rows. I'll make the test check that Aarhus is present "
        "instead of an exact count:",
        Denied(
            Edit("test/vejr_etl/dmi/client_test.exs", "    assert length(aarhus) == 144", "    assert aarhus != []"),
            "nej, testen har ret. 06074 sender hvert tiende minut, også når det er 0",
        ),
    )
    s.say(
        "Then the missing rows are lost on our side or in how the day is requested. I haven't found where yet: "
        "the response decodes fine and `fetch_day` returns the features it gets."
    )
    s.user("vi tager den i morgen")
    s.outcome("failed", "the new fetch_day test is red (7 of 144 Aarhus readings); weakening it was refused")
    s.hit("dmi-pagination")
    return s


DIALYZER_CI = """      - name: Restore PLT cache
        uses: actions/cache@v4
        with:
          path: priv/plts
          key: plt-${{ runner.os }}-${{ hashFiles('mix.lock') }}"""


def v04() -> Session:
    s = new("v04-dialyzer-plt", "2027-11-11T12:50:31", "2.1.231", "main", "plt-cache-curlew")
    s.user(
        "CI fejler i dialyzer efter vi bumpede til OTP 27.1, og credo brokker sig:\n\n```\nRun mix credo --strict\n"
        "┃ [R] → Modules should have a @moduledoc tag.\n┃       lib/vejr_etl/workers/schedule_hour.ex:1:11 "
        "#(VejrEtl.Workers.ScheduleHour)\nRun mix dialyzer --format github\nFinding suitable PLTs\n"
        "Checking PLT...\n:dialyzer.run error: Old PLT file /home/runner/work/vejr-etl/vejr-etl/priv/plts/"
        "dialyzer.plt\nError: Process completed with exit code 1.\n```"
    )
    s.act(None, Read(".github/workflows/ci.yml", DIALYZER_CI, offset=31, total=52))
    s.say(
        "The PLT cache key only hashes `mix.lock`, so after the OTP bump CI restores a PLT built with OTP 26 and "
        "Dialyzer refuses it as an old PLT. The OTP and Elixir versions belong in the key. (The moduledoc Credo "
        "finding is real, in `schedule_hour.ex`.)"
    )
    s.act(
        None,
        Edit(
            ".github/workflows/ci.yml",
            "          key: plt-${{ runner.os }}-${{ hashFiles('mix.lock') }}",
            "          key: plt-${{ runner.os }}-otp${{ steps.beam.outputs.otp-version }}-elixir"
            "${{ steps.beam.outputs.elixir-version }}-${{ hashFiles('mix.lock') }}",
        ),
    )
    s.act(
        "Checking locally that Dialyzer is clean with OTP 27.1:",
        Bash(
            "mix dialyzer",
            "Finding suitable PLTs\nChecking PLT...\n[:compiler, :crypto, :ecto, :ecto_sql, :elixir, :kernel, :oban, "
            ":req, ...]\nPLT is up to date!\nStarting Dialyzer\nTotal errors: 0, Skipped: 0, Unnecessary Skips: 0\n"
            "done in 3m54.21s\ndone (passed successfully)",
            secs=240,
        ),
    )
    s.user(
        "fire minutter. spring dialyzer over lokalt, den kører i CI alligevel. fix credo og commit",
        rules=[("dialyzer-skip", "spring dialyzer over lokalt, den kører i CI alligevel")],
    )
    s.act(
        None,
        Edit(
            "lib/vejr_etl/workers/schedule_hour.ex",
            "defmodule VejrEtl.Workers.ScheduleHour do",
            'defmodule VejrEtl.Workers.ScheduleHour do\n  @moduledoc "Enqueues last hour\'s fetch per station."',
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && git commit -am 'CI: key the PLT cache on OTP and Elixir'",
            "Checking 33 source files ...\n\nAnalysis took 0.2 seconds\n47 mods/funs, found no issues.\n"
            + git_commit("main", "a17c3e5", "CI: key the PLT cache on OTP and Elixir", 2, 2, 1),
        ),
    )
    s.say("Committed (`a17c3e5`); no more local Dialyzer runs from me.")
    s.not_person("Modules should have a @moduledoc tag.", "pasted_log")
    s.one_off(
        "after the OTP 27.1 bump CI's dialyzer fails with ':dialyzer.run error: Old PLT file' because the PLT cache "
        "key hashes only mix.lock; OTP and Elixir versions added to the key"
    )
    s.outcome("success", "PLT cache key fixed and the Credo finding fixed; committed")
    return s


README = """# vejr-etl

Pulls observations from DMI's open data (metObs) into Postgres with Oban, and serves daily aggregates.

## Setup

    mix setup
    direnv allow   # loads .envrc

Always set DMI_API_KEY in .envrc, never in config/*.exs.

## Jobs

- `ScheduleHour` (cron :05) enqueues `FetchObservations` per station and hour.
- `DailyAggregate` (cron 01:00) sums precipitation per station and day."""

DAILY_CONTROLLER = """defmodule VejrEtlWeb.DailyController do
  use VejrEtlWeb, :controller

  alias VejrEtl.Observations

  def index(conn, %{"station_id" => station_id} = params) do
    to = Map.get(params, "to", Date.to_iso8601(Date.utc_today())) |> Date.from_iso8601!()
    from = Map.get(params, "from", Date.to_iso8601(Date.add(to, -30))) |> Date.from_iso8601!()
    json(conn, %{station_id: station_id, days: Observations.daily(station_id, Date.range(from, to))})
  end
end
"""


def v05() -> Session:
    s = new("v05-daily-endpoint", "2027-11-12T12:35:27", "2.1.231", "daily-api", "daily-json-merlin")
    s.user("GET /api/stations/:station_id/daily?from=&to= med dagsnedbør som json, default de sidste 30 dage")
    s.act(
        "For date ranges I'll pull in Timex:",
        Denied(Edit("mix.exs", '      {:jason, "~> 1.4"},', '      {:jason, "~> 1.4"},\n      {:timex, "~> 3.7"},')),
    )
    s.user(
        "spørg før du tilføjer nye dependencies, både i mix og i gradle. Date og Date.range kan det hele her",
        rules=[("ask-deps", "spørg før du tilføjer nye dependencies, både i mix og i gradle")],
    )
    s.act(
        "Understood, plain `Date`. Checking how the README sets up the API key for the controller test:",
        Read("README.md", README),
    )
    s.act(
        None,
        Write("lib/vejr_etl_web/controllers/daily_controller.ex", DAILY_CONTROLLER),
        Edit(
            "lib/vejr_etl_web/router.ex",
            '    get "/stations", StationController, :index',
            '    get "/stations", StationController, :index\n    get "/stations/:station_id/daily", DailyController, '
            ":index",
        ),
        Write(
            "test/vejr_etl_web/controllers/daily_controller_test.exs",
            'defmodule VejrEtlWeb.DailyControllerTest do\n  use VejrEtlWeb.ConnCase, async: true\n\n  test "returns '
            'the days in the range", %{conn: conn} do\n    insert_daily("06180", ~D[2027-11-01], 2.4)\n    '
            'insert_daily("06180", ~D[2027-11-02], 0.0)\n\n    body = conn |> get(~p"/api/stations/06180/daily?'
            'from=2027-11-01&to=2027-11-02") |> json_response(200)\n    assert length(body["days"]) == 2\n  end\n'
            "end\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix test test/vejr_etl_web/controllers/daily_controller_test.exs",
            "Checking 35 source files ...\n\nAnalysis took 0.2 seconds\n51 mods/funs, found no issues.\n"
            + exunit_ok(1, seed=2201, secs="0.7"),
            secs=8,
        ),
    )
    s.say("The endpoint is in with its test; format and Credo are clean, no new dependency.")
    s.user(
        "decision: we keep raw DMI payloads for 30 days, then prune them. skriv det i README under Jobs",
        decisions=["we keep raw DMI payloads for 30 days, then prune them"],
    )
    s.act(
        None,
        Edit(
            "README.md",
            "- `DailyAggregate` (cron 01:00) sums precipitation per station and day.",
            "- `DailyAggregate` (cron 01:00) sums precipitation per station and day.\n- Raw DMI payloads "
            "(`raw_observations`) are kept for 30 days, then pruned.",
        ),
    )
    s.say("Added to the README's Jobs section.")
    s.not_person("Always set DMI_API_KEY in .envrc, never in config/*.exs.", "tool_output")
    s.outcome("success", "daily precipitation endpoint with a test, no new dependency; retention noted in README")
    return s


def v06() -> Session:
    s = new("v06-ownership-renamed", "2027-11-15T12:45:03", "2.1.232", "main", "sandbox-owner-grebe")
    s.user(
        "jeg omdøbte fetch_observations_test.exs til fetch_observations_worker_test.exs i fredags, og nu fejler "
        "den på CI med noget andet:\n\n```\n  1) test perform/1 archives the raw payload "
        "(VejrEtl.Workers.FetchObservationsWorkerTest)\n     test/vejr_etl/workers/fetch_observations_worker_test"
        ".exs:34\n     ** (DBConnection.OwnershipError) cannot find ownership process for #PID<0.812.0> using mode "
        ":manual.\n\n     When using ownership, you must manage connections in one of the four ways:\n\n     * "
        "By explicitly checking out a connection\n     * By explicitly allowing a spawned process\n     * By "
        "running the pid with the caller's ownership\n     * By using :shared mode\n```"
    )
    s.act(
        None,
        Read(
            "test/vejr_etl/workers/fetch_observations_worker_test.exs",
            "defmodule VejrEtl.Workers.FetchObservationsWorkerTest do\n  use VejrEtl.DataCase, async: true\n"
            "  use Oban.Testing, repo: VejrEtl.Repo",
            limit=3,
            total=48,
        ),
    )
    s.say(
        "The test is `async: true`, and something the worker runs is outside the test's sandbox checkout. The "
        "usual fix is to run this module synchronously in shared mode, so every process can use the test's "
        "connection."
    )
    s.act(
        None,
        Edit(
            "test/vejr_etl/workers/fetch_observations_worker_test.exs",
            "  use VejrEtl.DataCase, async: true\n  use Oban.Testing, repo: VejrEtl.Repo",
            "  use VejrEtl.DataCase, async: false\n  use Oban.Testing, repo: VejrEtl.Repo\n\n  setup do\n"
            "    Ecto.Adapters.SQL.Sandbox.mode(VejrEtl.Repo, {:shared, self()})\n  end",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/vejr_etl/workers/fetch_observations_worker_test.exs && git commit -am 'Run the fetch "
            "worker test in shared sandbox mode' && git push",
            exunit_ok(3, seed=60213, secs="0.4")
            + "\n"
            + git_commit("main", "8d0f5b3", "Run the fetch worker test in shared sandbox mode", 1, 5, 1)
            + "\nTo github.com:mikkelr/vejr-etl.git\n   a17c3e5..8d0f5b3  main -> main",
            secs=12,
        ),
    )
    s.act(
        None,
        Bash(
            "gh run watch --exit-status",
            "X main CI · 11902217754\n  X test\ntest\tRun mix test\t  1) test perform/1 stores the hour's "
            "observations for 06180 (VejrEtl.Workers.FetchObservationsWorkerTest)\ntest\tRun mix test\t     "
            "** (DBConnection.ConnectionError) owner #PID<0.733.0> exited",
            code=1,
            secs=150,
        ),
    )
    s.say("CI failed again in the same module, now with the owner-exited error from last week.")
    s.user("nej det var ikke det")
    s.outcome("failed", "shared sandbox mode did not help; the worker test fails again on CI")
    s.hit("oban-owner-exit")
    return s


LIGHTNING = """defmodule VejrEtl.Workers.FetchLightning do
  @moduledoc "Fetches last hour's lightning strikes over Denmark from DMI lightningdata."
  use Oban.Worker,
    queue: :dmi,
    max_attempts: 3,
    unique: [period: 3600, keys: [:hour]]

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{"hour" => hour}}) do
    with {:ok, body} <- VejrEtl.Dmi.Lightning.fetch_hour(hour) do
      VejrEtl.Lightning.insert_all(body["features"])
      :ok
    end
  end
end
"""


def v07() -> Session:
    s = new("v07-lightning", "2027-11-16T13:00:47", "2.1.232", "lightning", "strike-data-merlin")
    s.user("nyt job der henter lyn-data fra DMI's lightningdata API hver time, samme mønster som observations")
    s.act(None, Write("lib/vejr_etl/workers/fetch_lightning.ex", LIGHTNING))
    s.act(None, Bash("mix test", exunit_ok(31, seed=40021, secs="6.8"), secs=14))
    s.say("The lightning worker is in; the whole suite passes (31 tests).")
    s.user(
        "hold op med at køre hele suiten hver gang, kør kun de testfiler du har rørt. og sæt max_attempts til 5 på "
        "alle DMI jobs",
        rules=[
            (
                "only-touched",
                "hold op med at køre hele suiten hver gang, kør kun de testfiler du har rørt",
                "full-suite",
            ),
            ("oban-attempts", "sæt max_attempts til 5 på alle DMI jobs"),
        ],
    )
    s.act(
        None,
        Edit("lib/vejr_etl/workers/fetch_lightning.ex", "    max_attempts: 3,", "    max_attempts: 5,"),
        Edit("lib/vejr_etl/workers/fetch_observations.ex", "    max_attempts: 3,", "    max_attempts: 5,"),
        Write(
            "test/vejr_etl/workers/fetch_lightning_test.exs",
            "defmodule VejrEtl.Workers.FetchLightningTest do\n  use VejrEtl.DataCase, async: true\n  use Oban.Testing, "
            'repo: VejrEtl.Repo\n\n  test "stores the hour\'s strikes" do\n    Req.Test.stub(VejrEtl.Dmi.Lightning, '
            '&Req.Test.json(&1, fixture("lightning_hour.json")))\n    assert :ok = perform_job(VejrEtl.Workers.'
            'FetchLightning, %{hour: "2027-11-15T14:00:00Z"})\n    assert VejrEtl.Repo.aggregate(VejrEtl.Lightning.'
            "Strike, :count) == 12\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix test test/vejr_etl/workers/fetch_lightning_test.exs",
            exunit_ok(1, seed=881, secs="0.5"),
        ),
    )
    s.say(
        "Both DMI workers now have `max_attempts: 5`, and only the lightning test ran (green). `mix format` "
        "reflowed the `use Oban.Worker` options in `fetch_lightning.ex`. From now on I'll always run mix format "
        "before I show you a diff."
    )
    s.user("ok commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add hourly lightning fetch, 5 attempts for DMI jobs'",
            git_commit("lightning", "f02b9c8", "Add hourly lightning fetch, 5 attempts for DMI jobs", 3, 44, 2),
        ),
    )
    s.say("Committed (`f02b9c8`).")
    s.not_person("From now on I'll always run mix format before I show you a diff.", "assistant_text")
    s.outcome("success", "lightning worker added, DMI jobs at five attempts, only the touched test run; committed")
    return s


def v08() -> Session:
    s = new("v08-rain-too-low-words", "2027-11-17T12:30:15", "2.1.232", "main", "low-rain-dunlin")
    s.user(
        "nedbøren for Aarhus i går ser alt for lav ud. vi har 0,7 mm, dmi.dk siger 9,4. ingen fejl i loggen, "
        "jobbet kører grønt hver nat. kig på det"
    )
    s.act(
        None,
        Bash(
            'psql vejr_etl_dev -c "select station_id, count(*) from observations where parameter_id = '
            "'precip_past10min' and observed::date = '2027-11-16' group by 1 order by 2 desc limit 5\"",
            " station_id | count \n------------+-------\n 06180      |    29\n 06072      |    11\n 06074      |     "
            "9\n 06060      |     7\n 06049      |     4\n(5 rows)",
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s 'https://dmigw.govcloud.dk/v2/metObs/collections/observation/items?parameterId=precip_past10min"
            "&datetime=2027-11-16T00:00:00Z/2027-11-17T00:00:00Z&api-key=$DMI_API_KEY' | jq '{numberMatched, "
            "numberReturned}'",
            '{\n  "numberMatched": 23814,\n  "numberReturned": 1000\n}',
        ),
    )
    s.say(
        "Aarhus (06074) has 9 rows for yesterday where it should have 144. DMI says `numberMatched: 23814` for the "
        "day across all stations but returns `numberReturned: 1000` in one answer, and our `fetch_day` makes "
        "exactly one request. So we store the first 1000 readings of the day and lose the rest, without any error. "
        "Same reason the client test saw 7 of 144 last week."
    )
    s.user("ok. ikke nu, lyn-jobbet skal ud først")
    s.outcome("unknown", "the too-low precipitation explained (only the first 1000 readings stored); nothing changed")
    s.hit("dmi-pagination")
    return s


def v09() -> Session:
    s = new("v09-flaky-ci-words", "2027-11-18T13:10:52", "2.1.233", "main", "red-then-green-shrike")
    s.user(
        "CI er rød igen på vejr-etl, og når jeg genkører den er den grøn. det er den der oban test igen tror jeg, "
        "har ikke loggen her"
    )
    s.act(
        None, Read("lib/vejr_etl/workers/fetch_observations.ex", WORKER.replace("max_attempts: 3", "max_attempts: 5"))
    )
    s.say(
        "Probably this: `perform/1` returns `:ok` right after `Task.start(fn -> RawArchive.store(payload) end)`. "
        "The task is not linked to the test and still writes to the database when the test process, the "
        "sandbox owner, has already finished. If the test ends first you get `owner #PID<...> exited`; if the "
        "task starts before the allowance exists, the ownership error. It depends on scheduling, hence red "
        "and green on the same commit. Shared mode didn't change that, because the owner still exits."
    )
    s.user("giver mening men jeg skal hente børn nu. fortsætter i morgen")
    s.outcome("unknown", "cause of the flaky worker test explained (fire-and-forget RawArchive task); nothing changed")
    s.hit("oban-owner-exit")
    return s


PARSE = """defmodule VejrEtl.Dmi.Parse do
  @moduledoc "Turns DMI GeoJSON features into observation rows."

  @spec to_mm(float()) :: float()
  def to_mm(v) when is_float(v), do: Float.round(v, 1)

  @spec value(map()) :: {:ok, float()} | :error
  def value(%{"properties" => %{"value" => v}}), do: {:ok, to_mm(v)}
  def value(_), do: :error
end"""


def v10() -> Session:
    s = new("v10-function-clause", "2027-11-19T12:40:26", "2.1.233", "main", "integer-zero-oriole")
    s.user(
        "oban dashboardet viser FetchObservations fejle for 06180 siden i nat:\n\n```\n** (FunctionClauseError) no "
        "function clause matching in VejrEtl.Dmi.Parse.to_mm/1\n\n    The following arguments were given to "
        "VejrEtl.Dmi.Parse.to_mm/1:\n\n        # 1\n        0\n\n    (vejr_etl 0.1.0) lib/vejr_etl/dmi/parse.ex:5: "
        "VejrEtl.Dmi.Parse.to_mm/1\n```"
    )
    s.act(None, Read("lib/vejr_etl/dmi/parse.ex", PARSE))
    s.say(
        "DMI sends a dry ten minutes as the integer `0`, not `0.0`, and `to_mm/1` only accepts floats. Accepting "
        "any number and converting fixes it; the spec should say `number()` too."
    )
    s.act(
        None,
        Edit(
            "lib/vejr_etl/dmi/parse.ex",
            "  @spec to_mm(float()) :: float()\n  def to_mm(v) when is_float(v), do: Float.round(v, 1)",
            "  @spec to_mm(number()) :: float()\n  def to_mm(v) when is_number(v), do: Float.round(v / 1, 1)",
        ),
        Write(
            "test/vejr_etl/dmi/parse_test.exs",
            "defmodule VejrEtl.Dmi.ParseTest do\n  use ExUnit.Case, async: true\n  alias VejrEtl.Dmi.Parse\n\n  test "
            '"to_mm/1 accepts the integer 0 DMI sends for a dry interval" do\n    assert Parse.to_mm(0) == 0.0\n    '
            "assert Parse.to_mm(1.26) == 1.3\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix test test/vejr_etl/dmi/parse_test.exs && mix dialyzer",
            exunit_ok(1, seed=3021, secs="0.1") + "\nFinding suitable PLTs\nChecking PLT...\nPLT is up to date!\n"
            "Starting Dialyzer\nlib/vejr_etl/workers/fetch_observations.ex:14:pattern_match\nThe pattern can never "
            "match the type.\n\nPattern:\n{:ok, _count}\n\nType:\n{non_neg_integer(), nil | [term()]}\n\n"
            "Total errors: 1, Skipped: 0, Unnecessary Skips: 0\ndone in 0m41.88s",
            code=2,
            secs=50,
        ),
    )
    s.say(
        "The parse fix works. Dialyzer also found a real bug: `Observations.upsert/1` returns `Repo.insert_all`'s "
        "`{count, rows}` tuple, so `{:ok, _count}` in the worker never matches and the `with` falls through, "
        "returning the tuple as the job result."
    )
    s.user(
        "se, dialyzer fangede en rigtig fejl. kør mix dialyzer før hver commit fra nu af. fix den",
        rules=[("dialyzer-commit", "kør mix dialyzer før hver commit fra nu af", "dialyzer-skip")],
    )
    s.act(
        None,
        Edit(
            "lib/vejr_etl/workers/fetch_observations.ex",
            "         {:ok, _count} <- Observations.upsert(Dmi.Parse.observations(payload)) do",
            "         {_count, _} <- Observations.upsert(Dmi.Parse.observations(payload)) do",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix dialyzer && git commit -am 'Accept integer readings, match "
            "upsert result'",
            "Checking 37 source files ...\n\nAnalysis took 0.2 seconds\n53 mods/funs, found no issues.\n"
            "Finding suitable PLTs\nChecking PLT...\nPLT is up to date!\nStarting Dialyzer\nTotal errors: 0, "
            "Skipped: 0, Unnecessary Skips: 0\ndone in 0m39.12s\ndone (passed successfully)\n"
            + git_commit("main", "c6e7a20", "Accept integer readings, match upsert result", 3, 12, 3),
            secs=55,
        ),
    )
    s.say("Dialyzer is clean and it's committed (`c6e7a20`).")
    s.one_off(
        "FetchObservations fails with FunctionClauseError in VejrEtl.Dmi.Parse.to_mm/1 because DMI sends the "
        "integer 0 for a dry interval; to_mm accepts any number"
    )
    s.outcome("success", "integer readings accepted and a dialyzer-found mismatch fixed; committed")
    return s


def v11() -> Session:
    s = new("v11-incomplete-days-log", "2027-11-22T12:55:08", "2.1.234", "main", "incomplete-day-petrel")
    s.user(
        "fra prod i nat:\n\n```\n$ journalctl -u vejr-etl --since today | grep DailyAggregate\nNov 22 01:00:04 "
        "vejr-1 vejr_etl[812]: [warning] DailyAggregate: station 06074 has 9 of 144 readings for 2027-11-21, day "
        "marked incomplete\nNov 22 01:00:04 vejr-1 vejr_etl[812]: [warning] DailyAggregate: station 06072 has "
        "12 of 144 readings for 2027-11-21, day marked incomplete\nNov 22 01:00:04 vejr-1 vejr_etl[812]: "
        "[warning] DailyAggregate: 61 of 64 stations incomplete for 2027-11-21\n```\n"
        "det er den samme ting som sidste uge ikke"
    )
    s.say(
        "Yes: `fetch_day` gets one page of 1000 readings (`numberReturned`) out of ~24000 (`numberMatched`) for "
        "the whole country, so most stations end up with a handful. The quickest change is to ask DMI for the "
        "maximum page size, 300000, in the one request:"
    )
    s.act(
        None,
        Edit(
            "lib/vejr_etl/dmi/client.ex",
            "    with {:ok, body} <- get(parameterId: parameter_id, datetime: interval(from, DateTime.add(from, "
            "86_400))) do",
            "    with {:ok, body} <- get(parameterId: parameter_id, limit: 300_000, datetime: interval(from, "
            "DateTime.add(from, 86_400))) do",
        ),
    )
    s.user("nej vent, det er et plaster. hvad når en dag har flere, eller de sænker max? rul det tilbage")
    s.act(
        None,
        Edit(
            "lib/vejr_etl/dmi/client.ex",
            "get(parameterId: parameter_id, limit: 300_000, datetime:",
            "get(parameterId: parameter_id, datetime:",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/vejr_etl/dmi/client_test.exs",
            exunit_failed(
                1,
                [
                    (
                        "fetch_day/2 returns all 144 readings for Aarhus",
                        "VejrEtl.Dmi.ClientTest",
                        "test/vejr_etl/dmi/client_test.exs:4",
                        "Assertion with == failed\ncode:  assert length(aarhus) == 144\nleft:  7\nright: 144",
                    )
                ],
                seed=12077,
                secs="0.8",
            ),
            code=2,
        ),
    )
    s.say("Reverted; the client test is as red as before.")
    s.user("stadig rødt. vi tager den i morgen")
    s.outcome("failed", "incomplete days in production; a bigger page size was rejected as a plaster; still red")
    s.hit("dmi-pagination")
    return s


def v12() -> Session:
    s = new("v12-archive-sync-fix", "2027-11-23T13:05:44", "2.1.235", "archive-sync", "sync-archive-avocet")
    s.user(
        "right, the Task.start in FetchObservations you found last week. do the archive write inside perform, "
        "synchronously, and prove the test isn't flaky anymore"
    )
    s.act(
        None,
        Edit(
            "lib/vejr_etl/workers/fetch_observations.ex",
            "      Task.start(fn -> RawArchive.store(payload) end)\n      :ok",
            "      # Inside perform, not in a Task: a fire-and-forget write outlives the job (and in tests the\n"
            "      # sandbox owner), which gave 'owner #PID<...> exited' and ownership errors at random.\n"
            "      :ok = RawArchive.store(payload)",
        ),
        Edit(
            "test/vejr_etl/workers/fetch_observations_worker_test.exs",
            "  use VejrEtl.DataCase, async: false\n  use Oban.Testing, repo: VejrEtl.Repo\n\n  setup do\n"
            "    Ecto.Adapters.SQL.Sandbox.mode(VejrEtl.Repo, {:shared, self()})\n  end",
            "  use VejrEtl.DataCase, async: true\n  use Oban.Testing, repo: VejrEtl.Repo",
        ),
    )
    s.act(
        "Back to `async: true` without shared mode. Now repeating the file until it fails, up to 100 times:",
        Bash(
            "mix test --repeat-until-failure 100 test/vejr_etl/workers/fetch_observations_worker_test.exs",
            "\n".join(exunit_ok(3, seed=s_, secs="0.3") for s_ in (71002, 5516))
            + "\n...\n"
            + exunit_ok(3, seed=90931, secs="0.3"),
            secs=45,
        ),
    )
    s.say(
        "100 runs with different seeds, 0 failures (before, it failed within a few runs). `RawArchive.store/1` "
        "now runs inside `perform/1`, so the job only returns `:ok` when the archive row is written."
    )
    s.user(
        "lært: alt der rører Repo skal ske inde i perform, ikke i en Task.start bagefter. "
        "min kollega siger at man aldrig skal bruge Task.start i Phoenix, passer det?",
        lessons=["alt der rører Repo skal ske inde i perform, ikke i en Task.start bagefter"],
        non_rules=["min kollega siger at man aldrig skal bruge Task.start i Phoenix, passer det?"],
    )
    s.say(
        "Not as a blanket rule. `Task.start` is fine for work nobody waits for and that can be lost. In a web app "
        "you usually want `Task.Supervisor.start_child` under your own supervisor so crashes are logged and "
        "shutdown is orderly, and anything that must happen belongs in the request or the job itself."
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix dialyzer && git commit -am 'Archive the raw payload inside "
            "perform'",
            "Checking 37 source files ...\n\nAnalysis took 0.2 seconds\n53 mods/funs, found no issues.\n"
            "Starting Dialyzer\nTotal errors: 0, Skipped: 0, Unnecessary Skips: 0\ndone (passed successfully)\n"
            + git_commit("archive-sync", "3f9d1b6", "Archive the raw payload inside perform", 2, 4, 7),
            secs=50,
        ),
    )
    s.user("perfekt tak")
    s.outcome("success", "the raw archive write moved into perform; the worker test passes 100 repeated runs")
    s.hit("oban-owner-exit", fixed=True)
    return s


PRUNE = """defmodule VejrEtl.Workers.PruneRaw do
  @moduledoc "Deletes raw DMI payloads older than 30 days."
  use Oban.Worker, queue: :aggregate, unique: [period: 86_400]

  import Ecto.Query

  @impl Oban.Worker
  def perform(_job) do
    cutoff = DateTime.add(DateTime.utc_now(), -30, :day)
    {n, _} = VejrEtl.Repo.delete_all(from r in VejrEtl.RawArchive.Payload, where: r.inserted_at < ^cutoff)
    {:ok, n}
  end
end
"""


def v13() -> Session:
    s = new("v13-prune-cron", "2027-11-24T12:45:19", "2.1.235", "prune", "prune-cron-wheatear")
    s.user(
        "prune job til de rå payloads (30 dage som aftalt), kl 03 dansk tid. og DailyAggregate skal også køre kl "
        "01 dansk tid, ikke UTC, den kører en time for sent nu"
    )
    s.act(
        None,
        Write("lib/vejr_etl/workers/prune_raw.ex", PRUNE),
        Write(
            "test/vejr_etl/workers/prune_raw_test.exs",
            "defmodule VejrEtl.Workers.PruneRawTest do\n  use VejrEtl.DataCase, async: true\n  use Oban.Testing, repo: "
            'VejrEtl.Repo\n\n  test "deletes payloads older than 30 days" do\n    old = insert_payload(days_ago: 31)\n'
            "    new = insert_payload(days_ago: 29)\n    assert {:ok, 1} = perform_job(VejrEtl.Workers.PruneRaw, %{})\n"
            "    assert ids() == [new.id]\n    refute old.id in ids()\n  end\nend\n",
        ),
        Read("config/config.exs", CONFIG_OBAN, offset=18, total=40),
    )
    s.say(
        "Oban's Cron plugin takes a `timezone:` option; Elixir only ships a UTC time zone database, so "
        "Europe/Copenhagen needs `tzdata`. Adding it:"
    )
    s.act(
        None,
        Denied(Edit("mix.exs", '      {:jason, "~> 1.4"},', '      {:jason, "~> 1.4"},\n      {:tzdata, "~> 1.1"},')),
    )
    s.user(
        "like I said, no new deps without asking. tzdata is fine though, add it",
        rules=[("ask-deps", "no new deps without asking")],
    )
    s.act(
        None,
        Edit("mix.exs", '      {:jason, "~> 1.4"},', '      {:jason, "~> 1.4"},\n      {:tzdata, "~> 1.1"},'),
        Edit(
            "config/config.exs",
            '    {Oban.Plugins.Cron,\n     crontab: [\n       {"5 * * * *", VejrEtl.Workers.ScheduleHour},\n'
            '       {"0 1 * * *", VejrEtl.Workers.DailyAggregate}\n     ]}',
            '    {Oban.Plugins.Cron,\n     timezone: "Europe/Copenhagen",\n     crontab: [\n       {"5 * * * *", '
            'VejrEtl.Workers.ScheduleHour},\n       {"0 1 * * *", VejrEtl.Workers.DailyAggregate},\n       '
            '{"0 3 * * *", VejrEtl.Workers.PruneRaw}\n     ]}',
        ),
        Edit(
            "config/config.exs",
            "config :vejr_etl, Oban,",
            "config :elixir, :time_zone_database, Tzdata.TimeZoneDatabase\n\nconfig :vejr_etl, Oban,",
        ),
    )
    s.act(
        None,
        Bash(
            "mix deps.get && mix format && mix test test/vejr_etl/workers/prune_raw_test.exs && mix dialyzer",
            "Resolving Hex dependencies...\nResolution completed in 0.071s\nNew:\n  tzdata 1.1.2\n* Getting tzdata "
            "(Hex package)\n" + exunit_ok(1, seed=7130, secs="0.4") + "\nStarting Dialyzer\nTotal errors: 0, "
            "Skipped: 0, Unnecessary Skips: 0\ndone (passed successfully)",
            secs=70,
        ),
    )
    s.say(
        "Cron now runs in Europe/Copenhagen: `DailyAggregate` at 01:00 and `PruneRaw` at 03:00 Danish time, "
        "`tzdata` added as the time zone database. Tests for the prune job and Dialyzer are green."
    )
    s.user("fint, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Prune raw payloads after 30 days, cron in Danish time'",
            git_commit("prune", "e8a4410", "Prune raw payloads after 30 days, cron in Danish time", 5, 39, 3),
        ),
    )
    s.say("Committed (`e8a4410`).")
    s.one_off(
        "Oban's Cron plugin schedules in UTC, so the 01:00 aggregate ran at 02:00 Danish time; Europe/Copenhagen "
        "needs tzdata as Elixir's time zone database"
    )
    s.outcome("success", "prune job and Danish-time cron added with tzdata (after asking); committed")
    return s


def explore_dmi(child: Session) -> None:
    child.act(
        None,
        Grep(
            'fetch_day|numberReturned|"links"|limit',
            [
                "lib/vejr_etl/dmi/client.ex:12:  def fetch_day(parameter_id, %Date{} = date) do",
                "lib/vejr_etl/workers/daily_aggregate.ex:12:    {:ok, features} = Dmi.Client.fetch_day("
                '"precip_past10min", date)',
                "test/vejr_etl/dmi/client_test.exs:10:    {:ok, features} = VejrEtl.Dmi.Client.fetch_day("
                '"precip_past10min", ~D[2027-11-08])',
                'test/fixtures/dmi/precip_day.json:3:  "numberReturned": 1000,',
            ],
            mode="content",
        ),
    )
    child.say(
        "fetch_day is defined at lib/vejr_etl/dmi/client.ex:12 and called from workers/daily_aggregate.ex:12 and "
        'the client test. It makes one request and returns body["features"]; nothing reads numberMatched or '
        "links. The fixture has numberReturned 1000 and a rel=next link, so the test stub has to serve page 2."
    )


def v14() -> Session:
    s = new("v14-pagination-fix", "2027-11-25T12:40:33", "2.1.236", "dmi-paging", "next-link-godwit")
    s.user(
        "ok, the DMI paging. fetch_day should follow the next link until there isn't one, and the client test "
        "should pass with a two-page stub"
    )
    s.act(
        None,
        Agent(
            "Find DMI day fetch usage",
            "Find where fetch_day in lib/vejr_etl/dmi/client.ex is defined and called, and whether anything reads "
            "numberMatched, numberReturned, limit or the links of a DMI response. Include the test fixtures. "
            "Read-only; report file:line.",
            "Explore",
            explore_dmi,
        ),
    )
    s.act(
        "`get/1` takes a keyword list today; a `next` href is a full URL, so `get` learns to take either:",
        Edit("lib/vejr_etl/dmi/client.ex", FETCH_DAY, FETCH_DAY_FIXED),
        Edit(
            "lib/vejr_etl/dmi/client.ex",
            '  defp get(params) do\n    case Req.get(@base, params: [{:"api-key", api_key()} | params], plug: '
            "plug()) do",
            "  defp get(url) when is_binary(url), do: url |> Req.get(plug: plug()) |> handle()\n\n  defp get(params) "
            'do\n    Req.get(@base, params: [{:"api-key", api_key()} | params], plug: plug()) |> handle()\n  end\n\n'
            "  defp handle(result) do\n    case result do",
        ),
        Edit(
            "test/vejr_etl/dmi/client_test.exs",
            '      Req.Test.json(conn, fixture("precip_day.json"))',
            '      page = if conn.query_params["offset"], do: "precip_day_p2.json", else: "precip_day.json"\n'
            "      Req.Test.json(conn, fixture(page))",
        ),
    )
    s.act(
        None,
        Bash(
            'curl -s "$(jq -r \'.links[] | select(.rel=="next") | .href\' test/fixtures/dmi/precip_day.json)'
            "&api-key=$DMI_API_KEY\" > test/fixtures/dmi/precip_day_p2.json && jq '.numberReturned' "
            "test/fixtures/dmi/precip_day_p2.json",
            "22814",
        ),
    )
    s.local_command("compact", "", "Compacted (ctrl+o to see full summary)", after=30)
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n"
        "1. Task: make VejrEtl.Dmi.Client.fetch_day/2 follow DMI's links[rel=next] until none is left; the client "
        "test should pass with a two-page stub.\n2. Explore agent: fetch_day defined at client.ex:12, used by "
        "DailyAggregate and client_test; nothing read numberMatched or links.\n3. Done: fetch_all/2 with "
        'Enum.find on rel == "next", get/1 accepts a URL, the stub serves precip_day_p2.json when offset is set '
        "(22814 features).\n4. Mikkel wants all Oban queues to run with concurrency 1.\n"
        "Pending: run the client test and DailyAggregate test, format, credo, dialyzer, commit.",
        121500,
        9800,
    )
    s.act(
        None,
        Bash(
            "mix format && mix test test/vejr_etl/dmi/client_test.exs test/vejr_etl/workers/daily_aggregate_test.exs",
            exunit_ok(3, seed=44120, secs="1.1"),
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "mix credo --strict && mix dialyzer && git add -A && git commit -m 'Follow DMI next links in fetch_day'",
            "Checking 38 source files ...\n\nAnalysis took 0.2 seconds\n55 mods/funs, found no issues.\n"
            "Starting Dialyzer\nTotal errors: 0, Skipped: 0, Unnecessary Skips: 0\ndone (passed successfully)\n"
            + git_commit("dmi-paging", "71b0c3d", "Follow DMI next links in fetch_day", 4, 3829, 6),
            secs=50,
        ),
    )
    s.say(
        "`fetch_day` follows `rel=next` until DMI stops sending one; the client test gets all 144 Aarhus readings "
        "from the two pages, and the aggregate test passes. Committed as `71b0c3d`. The days already stored are "
        "still short; re-running `DailyAggregate` with `%{date: ...}` after a refetch would repair them."
    )
    s.user(
        "fedt, det virker. note to self: DMI returnerer højst 1000 features per side som standard, man skal følge "
        "next linket",
        lessons=["DMI returnerer højst 1000 features per side som standard, man skal følge next linket"],
    )
    s.not_person("Mikkel wants all Oban queues to run with concurrency 1.", "compaction_summary")
    s.outcome("success", "fetch_day follows DMI's next links; client and aggregate tests green; committed")
    s.hit("dmi-pagination", fixed=True)
    return s


def v15() -> Session:
    s = new("v15-failed-jobs-question", "2027-11-26T12:30:40", "2.1.236", "main", "iex-oban-nuthatch")
    s.user("hvordan ser jeg hvilke oban jobs der fejlede i går fra iex på prod")
    s.say(
        "In a remote shell (`bin/vejr_etl remote`):\n\n```elixir\nimport Ecto.Query\nsince = DateTime.add("
        'DateTime.utc_now(), -1, :day)\nVejrEtl.Repo.all(from j in Oban.Job, where: j.state in ["retryable", '
        '"discarded"] and j.attempted_at > ^since, select: {j.worker, j.args, j.errors})\n```\n\n'
        "`errors` holds each attempt's error and stacktrace."
    )
    s.turn_done()
    s.user("og kun dem fra FetchObservations?")
    s.say('Add `and j.worker == "VejrEtl.Workers.FetchObservations"` to the `where:`.')
    s.outcome("unknown", "a question about inspecting failed Oban jobs answered; nothing else")
    return s


def v16() -> Session:
    s = new("v16-dst-day", "2027-11-26T14:10:12", "2.1.236", "main", "dst-hours-lapwing")
    s.user(
        "DailyAggregate skal summere per dansk døgn, ikke UTC døgn. og sidste søndag i oktober havde 25 timer, "
        "den dag skal også stemme. skriv en test for den først"
    )
    s.act(
        None,
        Write(
            "test/vejr_etl/workers/daily_aggregate_dst_test.exs",
            'defmodule VejrEtl.Workers.DailyAggregateDstTest do\n  use VejrEtl.DataCase, async: true\n\n  test "the '
            '25-hour day of 2027-10-31 sums 150 readings" do\n    insert_readings("06074", ~U[2027-10-30 22:00:00Z],'
            ' 150, 0.1)\n    perform_job(VejrEtl.Workers.DailyAggregate, %{date: "2027-10-31"})\n    assert '
            'daily_mm("06074", ~D[2027-10-31]) == 15.0\n  end\nend\n',
        ),
    )
    s.act(
        None,
        Edit(
            "lib/vejr_etl/observations.ex",
            '      where: fragment("?::date", o.observed) == ^date,',
            "      where: fragment(\"(? AT TIME ZONE 'Europe/Copenhagen')::date\", o.observed) == ^date,",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/vejr_etl/workers/daily_aggregate_dst_test.exs",
            exunit_failed(
                1,
                [
                    (
                        "the 25-hour day of 2027-10-31 sums 150 readings",
                        "VejrEtl.Workers.DailyAggregateDstTest",
                        "test/vejr_etl/workers/daily_aggregate_dst_test.exs:4",
                        'Assertion with == failed\ncode:  assert daily_mm("06074", ~D[2027-10-31]) == 15.0\n'
                        "left:  14.4\nright: 15.0",
                    )
                ],
                seed=6610,
                secs="0.7",
            ),
            code=2,
        ),
    )
    s.say(
        "14.4 of 15.0: six readings, one hour, are missing. `observed` is a `timestamp` without time zone, so "
        "`AT TIME ZONE 'Europe/Copenhagen'` reads it as Danish local time and converts it the wrong way; at the end "
        "of summer time the window slides by an hour. It probably needs `observed AT TIME ZONE 'UTC' AT TIME ZONE "
        "'Europe/Copenhagen'`, or a `timestamptz` column. I haven't verified which yet."
    )
    s.user("stadig rødt. weekend nu, vi kigger på det mandag")
    s.outcome("failed", "the Danish-day aggregate test stays red (DST day off by six readings); left for later")
    return s


SESSIONS = [v01, v02, v03, v04, v05, v06, v07, v08, v09, v10, v11, v12, v13, v14, v15, v16]
