"""Sessions in `mqttbridge` (/Users/bence/dev/mqttbridge): an Elixir/Phoenix backend that ingests sensor readings
over MQTT (Tortoise) into Postgres (Ecto), batches them through a writer GenServer, runs Oban jobs (hourly
rollups, threshold alerts) and shows a LiveView dashboard; ExUnit, credo, dialyzer, mix format, GitHub Actions."""

from __future__ import annotations

from fake_output import MQ, git_commit, mix_test
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

SANDBOX = "sandbox-ingest-writer"
CLIENT_ID = "mqtt-client-id-clash"


def mq(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=MQ, project="mqttbridge")


APPLICATION = """  def start(_type, _args) do
    children = [
      MqttbridgeWeb.Telemetry,
      Mqttbridge.Repo,
      {DNSCluster, query: Application.get_env(:mqttbridge, :dns_cluster_query) || :ignore},
      {Phoenix.PubSub, name: Mqttbridge.PubSub},
      {Oban, Application.fetch_env!(:mqttbridge, Oban)},
      Mqttbridge.Ingest.Writer,
      {Tortoise.Connection, Mqttbridge.Ingest.connection_opts()},
      MqttbridgeWeb.Endpoint
    ]

    opts = [strategy: :one_for_one, name: Mqttbridge.Supervisor]
    Supervisor.start_link(children, opts)
  end"""

TEST_HELPER = """ExUnit.start(exclude: [:integration])
Ecto.Adapters.SQL.Sandbox.mode(Mqttbridge.Repo, :manual)"""

WRITER = """defmodule Mqttbridge.Ingest.Writer do
  @moduledoc "Buffers readings from the MQTT handler and writes them with one insert_all every 500 ms."
  use GenServer

  alias Mqttbridge.{Readings.Reading, Repo}

  @flush_every 500

  def start_link(opts \\\\ []), do: GenServer.start_link(__MODULE__, opts, name: Keyword.get(opts, :name, __MODULE__))

  def push(server \\\\ __MODULE__, device_id, attrs), do: GenServer.cast(server, {:push, device_id, attrs})
  def flush(server \\\\ __MODULE__), do: GenServer.call(server, :flush)

  @impl true
  def init(_opts) do
    Process.send_after(self(), :tick, @flush_every)
    {:ok, []}
  end

  @impl true
  def handle_call(:flush, _from, buf), do: {:reply, write(buf), []}"""

INGEST_CONFIG = """config :mqttbridge, Mqttbridge.Ingest,
  host: System.get_env("MQTT_HOST", "localhost"),
  port: String.to_integer(System.get_env("MQTT_PORT", "1883")),
  client_id: "mqttbridge",
  keep_alive: 10,
  subscriptions: [{"sensors/+/reading", 1}]"""

INGEST_OPTS = """  def connection_opts do
    cfg = Application.fetch_env!(:mqttbridge, __MODULE__)

    [
      client_id: cfg[:client_id],
      server: {Tortoise.Transport.Tcp, host: cfg[:host], port: cfg[:port]},
      keep_alive: cfg[:keep_alive],
      handler: {Mqttbridge.Ingest.Handler, []},
      subscriptions: cfg[:subscriptions]
    ]
  end"""

OWNERSHIP_HELP = """When using ownership, you must manage connections in one
     of the four ways:

     * By explicitly checking out a connection
     * By explicitly allowing a spawned process
     * By running the pid with a shared connection
     * By running the pid in :manual mode"""


def m01_device_list() -> Session:
    s = mq("m01-device-list", "2027-05-03T07:12:09", "2.1.210", "feat/device-list", "calm-duna-heron")
    s.user(
        "szia. kell egy LiveView oldal az eszközökhöz: /devices, lista névvel, utolsó reading idejével és "
        "online/offline badge-dzsel (offline ha 10 percnél régebbi). a Devices context már megvan. run mix format "
        "and credo --strict before every commit, CI is picky",
        after=0,
        rules=[("mix-format", "run mix format and credo --strict before every commit")],
    )
    s.act(
        None,
        Read(
            "lib/mqttbridge/devices.ex",
            "  def list_devices_with_last_seen do\n    from(d in Device,\n"
            "      left_join: r in assoc(d, :readings),\n      group_by: d.id,\n"
            "      select: %{d | last_seen_at: max(r.recorded_at)},\n      order_by: d.name\n    )\n"
            "    |> Repo.all()\n  end",
            offset=31,
            total=77,
        ),
    )
    s.act(
        "The context already returns `last_seen_at`, so the LiveView only needs to list and badge.",
        Write(
            "lib/mqttbridge_web/live/device_live/index.ex",
            "defmodule MqttbridgeWeb.DeviceLive.Index do\n  use MqttbridgeWeb, :live_view\n\n"
            "  alias Mqttbridge.Devices\n\n  @offline_after_s 600\n\n  @impl true\n"
            "  def mount(_params, _session, socket) do\n"
            "    {:ok, stream(socket, :devices, Devices.list_devices_with_last_seen())}\n  end\n\n"
            "  def online?(%{last_seen_at: nil}), do: false\n\n"
            "  def online?(%{last_seen_at: at}),\n"
            "    do: DateTime.diff(DateTime.utc_now(), at) < @offline_after_s\nend\n",
        ),
        Write(
            "test/mqttbridge_web/live/device_live_test.exs",
            "defmodule MqttbridgeWeb.DeviceLiveTest do\n  use MqttbridgeWeb.ConnCase, async: true\n\n"
            "  import Phoenix.LiveViewTest\n  import Mqttbridge.Factory\n\n"
            '  test "lists devices with an offline badge", %{conn: conn} do\n'
            '    insert(:device, name: "kert-01")\n    {:ok, _view, html} = live(conn, ~p"/devices")\n'
            '    assert html =~ "kert-01"\n    assert html =~ "offline"\n  end\nend\n',
        ),
    )
    s.act(None, Bash("mix test test/mqttbridge_web/live/device_live_test.exs", mix_test(1, secs=0.4), secs=9))
    s.say("`/devices` lists devices with a badge; offline after 10 minutes without a reading. The test passes.")
    s.user(
        "in LiveView tests find elements by data-role, not by text. the copy changes all the time and then "
        "half the tests go red",
        rules=[("data-role", "in LiveView tests find elements by data-role, not by text")],
    )
    s.act(
        None,
        Edit(
            "test/mqttbridge_web/live/device_live_test.exs",
            '    {:ok, _view, html} = live(conn, ~p"/devices")\n    assert html =~ "kert-01"\n'
            '    assert html =~ "offline"',
            '    {:ok, view, _html} = live(conn, ~p"/devices")\n'
            "    assert has_element?(view, ~s([data-role=device-row][data-device=kert-01]))\n"
            "    assert has_element?(view, ~s([data-role=status-badge][data-status=offline]))",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix test",
            "Checking 61 source files ...\n\nPlease report incorrect results: https://github.com/rrrene/credo/issues"
            "\n\nAnalysis took 0.6 seconds (0.05s to load, 0.5s running 64 checks on 61 files)\n"
            "212 mods/funs, found no issues.\n\n" + mix_test(87, secs=3.1),
            secs=21,
        ),
    )
    s.say("Switched the test to `data-role` selectors; format and credo clean, 87 tests pass.")
    s.user(
        "ok jo. commitold. commit üzenet mindig angolul, conventional commits formában, pl. feat: valami",
        rules=[("commit-msg", "commit üzenet mindig angolul, conventional commits formában")],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: add device list LiveView with online badge"',
            git_commit("feat/device-list", "4e1b7c2", "feat: add device list LiveView with online badge", 3, 74, 0),
        ),
    )
    s.say("Committed: `feat: add device list LiveView with online badge`.")
    s.user("thx")
    s.outcome("success", "device list LiveView with data-role tests, format/credo clean, committed")
    return s


def m02_writer_test_ownership() -> Session:
    s = mq("m02-writer-flush", "2027-05-04T06:55:31", "2.1.210", "feat/writer-flush", "slow-tisza-otter")
    s.user(
        "the Ingest.Writer needs a flush/0 so the tests dont have to sleep 600ms. add it plus a test",
        after=0,
    )
    s.act(None, Read("lib/mqttbridge/ingest/writer.ex", WRITER, total=48))
    s.act(
        "`flush/0` is already there as a call; what's missing is a test that uses it instead of sleeping.",
        Write(
            "test/mqttbridge/ingest/writer_test.exs",
            "defmodule Mqttbridge.Ingest.WriterTest do\n  use Mqttbridge.DataCase, async: true\n\n"
            "  alias Mqttbridge.Ingest.Writer\n  alias Mqttbridge.Readings\n\n"
            '  test "flush/0 writes the buffered readings" do\n    device = insert(:device)\n'
            '    Writer.push(device.id, %{"t" => 21.4, "rh" => 48})\n    :ok = Writer.flush()\n'
            "    assert [%{temperature: 21.4}] = Readings.list_for(device.id)\n  end\nend\n",
        ),
    )
    fail = (
        "test flush/0 writes the buffered readings (Mqttbridge.Ingest.WriterTest)\n"
        "     test/mqttbridge/ingest/writer_test.exs:7\n"
        "     ** (exit) exited in: GenServer.call(Mqttbridge.Ingest.Writer, :flush, 5000)\n"
        "         ** (EXIT) an exception was raised:\n"
        "             ** (DBConnection.OwnershipError) cannot find ownership process for #PID<0.734.0>.\n\n     "
        + OWNERSHIP_HELP
        + "\n     code: :ok = Writer.flush()\n     stacktrace:\n"
        "       (elixir 1.18.3) lib/gen_server.ex:1128: GenServer.call/3\n"
        "       test/mqttbridge/ingest/writer_test.exs:10: (test)"
    )
    s.act(
        None,
        Bash("mix test test/mqttbridge/ingest/writer_test.exs", mix_test(1, [fail], secs=0.3), code=2, secs=8),
    )
    s.act(
        "The Writer is a named process from the application supervisor, so it doesn't own a sandbox connection. "
        "Trying the test synchronously first.",
        Edit(
            "test/mqttbridge/ingest/writer_test.exs",
            "  use Mqttbridge.DataCase, async: true",
            "  use Mqttbridge.DataCase, async: false",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/mqttbridge/ingest/writer_test.exs",
            mix_test(1, [fail.replace("0.734.0", "0.741.0")], secs=0.3),
            code=2,
            secs=8,
        ),
    )
    s.say(
        "Still the same: `async: false` alone doesn't hand the connection to another process. From now on I'll "
        "run the ingest tests with `async: false` and shared sandbox mode, i.e. `Sandbox.mode(Repo, {:shared, "
        "self()})` in the DataCase setup when `async` is false; that lets the Writer use the test's connection."
    )
    s.not_person("From now on I'll run the ingest tests with `async: false` and shared sandbox mode", "assistant_text")
    s.user(
        "nem, shared mode-ot nem akarok, akkor az egész DataCase szinkron lesz és a suite 3x lassabb. "
        "hagyd így, majd ránézek"
    )
    s.outcome(
        "failed",
        "Writer flush test dies with DBConnection.OwnershipError; async: false did not help, shared mode refused",
    )
    s.hit(SANDBOX)
    return s


def m03_postgres_role() -> Session:
    s = mq("m03-ecto-create", "2027-05-05T07:30:44", "2.1.211", "main", "quiet-gellert-wren")
    s.user("uj mac, mix ecto.create nem mukodik. nezd meg pls", after=0)
    refused = (
        "** (DBConnection.ConnectionError) tcp connect (localhost:5432): connection refused - :econnrefused\n"
        "** (Mix) The database for Mqttbridge.Repo couldn't be created: killed"
    )
    no_role = (
        '** (Postgrex.Error) FATAL 28000 (invalid_authorization_specification) role "postgres" does not exist\n'
        "** (Mix) The database for Mqttbridge.Repo couldn't be created: killed"
    )
    s.act(None, Bash("mix ecto.create", refused, code=1, desc="Create the dev database", secs=4))
    s.act(
        "Nothing listens on 5432. Checking Homebrew services.",
        Bash(
            "brew services list | grep postgres",
            "postgresql@16 none",
        ),
    )
    s.act(
        None,
        Bash(
            "brew services start postgresql@16",
            "==> Successfully started `postgresql@16` (label: homebrew.mxcl.postgresql@16)",
            secs=3,
        ),
    )
    s.act(None, Bash("mix ecto.create", no_role, code=1, desc="Create the dev database", secs=4))
    s.act(
        "Postgres is up now. The role error may be the server still initialising; one more try.",
        Bash("mix ecto.create", no_role, code=1, desc="Create the dev database (retry)", secs=4),
    )
    s.act(None, Bash("mix ecto.create", no_role, code=1, desc="Create the dev database", secs=4))
    s.act(
        None,
        Bash(
            "psql -d postgres -c '\\du'",
            "                             List of roles\n Role name |                         Attributes\n"
            "-----------+------------------------------------------------------------\n"
            " bence     | Superuser, Create role, Create DB, Replication, Bypass RLS",
        ),
    )
    s.say(
        "Homebrew's initdb creates only a superuser named after your macOS account (`bence`), no `postgres` role, "
        'and config/dev.exs uses `username: "postgres"`. I can create a `postgres` role so the config stays '
        "as the team has it, or make dev.exs read `PGUSER`. Which do you prefer?"
    )
    s.user(
        "csinálj postgres role-t, a config maradjon. btw megbeszéltük Dániellel, hogy Postgres 16 marad, "
        "TimescaleDB-t egyelőre nem vezetjük be",
        decisions=["megbeszéltük Dániellel, hogy Postgres 16 marad, TimescaleDB-t egyelőre nem vezetjük be"],
    )
    s.act(
        None,
        Bash(
            "createuser -s postgres && psql -d postgres -c \"ALTER ROLE postgres PASSWORD 'postgres'\" && "
            "mix ecto.setup",
            "ALTER ROLE\nThe database for Mqttbridge.Repo has been created\n\n"
            "07:34:58.412 [info] == Running 20270412091500 Mqttbridge.Repo.Migrations.CreateDevices.change/0 forward\n"
            "07:34:58.460 [info] == Migrated 20270412091500 in 0.0s\n"
            "07:34:58.517 [info] == Running 20270419140200 Mqttbridge.Repo.Migrations.CreateReadings.change/0 forward\n"
            "07:34:58.571 [info] == Migrated 20270419140200 in 0.0s\n[seeds] 6 devices, 1440 readings",
            secs=9,
        ),
    )
    s.say(
        "Created the `postgres` superuser; `mix ecto.setup` ran both migrations and the seeds. Noted: Postgres 16, no TimescaleDB."
    )
    s.user("top")
    s.outcome("success", "dev database created after starting Homebrew Postgres and adding the postgres role")
    s.one_off(
        "new Mac: mix ecto.create fails first with connection refused (Homebrew postgresql@16 not started), then "
        'three times with role "postgres" does not exist until the role is created'
    )
    return s


def m04_random_red_words() -> Session:
    s = mq("m04-random-red", "2027-05-06T08:02:17", "2.1.211", "main", "loose-margit-finch")
    s.user(
        "a teljes mix test néha piros néha zöld, mindig más teszt hal meg, egyenként futtatva mind jó. "
        "nezd meg legyszi mi lehet, de nincs sok idom, 20 perc mulva megbeszelesem van",
        after=0,
        non_rules=["mindig más teszt hal meg"],
    )
    s.act(None, Read("test/test_helper.exs", TEST_HELPER, total=2))
    s.act(None, Read("lib/mqttbridge/application.ex", APPLICATION, offset=8, total=40))
    s.act(
        None,
        Grep(
            "Writer\\.(push|flush)",
            [
                'test/mqttbridge/ingest/writer_test.exs:9:    Writer.push(device.id, %{"t" => 21.4, "rh" => 48})',
                "test/mqttbridge/readings_test.exs:31:    Writer.push(d.id, @sample)",
                "test/mqttbridge_web/live/dashboard_live_test.exs:22:    Mqttbridge.Ingest.Writer.push(device.id, @reading)",
            ],
            path="test",
            mode="content",
        ),
    )
    s.say(
        "Három teszt a globális `Mqttbridge.Ingest.Writer`-en keresztül ír, ami az application supervisorból "
        "indul, tesztben is. A sandbox `:manual` módban van, így az, hogy melyik teszt kapcsolatát látja épp a "
        "Writer, a futási sorrendtől függ. Le tudnád futtatni a teljes suite-ot ugyanazzal a seeddel kétszer?"
    )
    s.user("gotta go, Dani is calling. later")
    s.outcome("unknown", "Bence was called away while the random test failures were traced; nothing changed")
    s.hit(SANDBOX)
    return s


def m05_reconnect_log() -> Session:
    s = mq("m05-reconnect-loop", "2027-05-07T06:48:02", "2.1.211", "main", "brisk-lanchid-moth")
    log = (
        "[info] Running MqttbridgeWeb.Endpoint with Bandit 1.6.1 at 127.0.0.1:4000 (http)\n"
        "[info] Access MqttbridgeWeb.Endpoint at http://localhost:4000\n"
        "[info] [Tortoise] mqttbridge: connected to localhost:1883\n"
        "[warning] [Tortoise] mqttbridge: connection closed (:socket_closed), reconnecting in 1000ms\n"
        "[info] [Tortoise] mqttbridge: connected to localhost:1883\n"
        "[warning] [Tortoise] mqttbridge: connection closed (:socket_closed), reconnecting in 1000ms\n"
        "[info] [Tortoise] mqttbridge: connected to localhost:1883\n"
        "[warning] [Tortoise] mqttbridge: connection closed (:socket_closed), reconnecting in 1000ms"
    )
    s.user(
        "dev szerver log tele van ezzel es a readingek fele hianyzik a dashboardrol:\n```\n" + log + "\n```",
        after=0,
    )
    s.act(None, Read("config/runtime.exs", INGEST_CONFIG, offset=44, total=96))
    s.act(
        None,
        Bash(
            "tail -n 20 /opt/homebrew/var/log/mosquitto.log",
            "1778136521: New connection from ::1:58213 on port 1883.\n"
            "1778136521: New client connected from ::1:58213 as mqttbridge (p2, c1, k10).\n"
            "1778136522: Client mqttbridge closed its connection.\n"
            "1778136523: New connection from ::1:58220 on port 1883.\n"
            "1778136523: New client connected from ::1:58220 as mqttbridge (p2, c1, k10).",
        ),
    )
    s.act(
        "The broker sees the client connect with keepalive 10 s and drop about a second later. A 10 s keepalive is "
        "tight when the BEAM is busy compiling in dev; raising it to 60 and restarting.",
        Edit("config/runtime.exs", "  keep_alive: 10,", "  keep_alive: 60,"),
    )
    s.say("keep_alive is 60 now. Restart `iex -S mix phx.server` and see whether the reconnects stop?")
    s.user("same, it reconnects every 1-2 s. leave it for today, revert the keep_alive pls")
    s.act(None, Edit("config/runtime.exs", "  keep_alive: 60,", "  keep_alive: 10,"))
    s.say("Reverted to `keep_alive: 10`. The reconnect loop is still unexplained.")
    s.outcome("failed", "Tortoise reconnect loop in dev unexplained; keep_alive change did not help and was reverted")
    s.hit(CLIENT_ID)
    return s


def m06_owner_exited_log() -> Session:
    s = mq("m06-owner-exited", "2027-05-10T07:20:40", "2.1.212", "feat/readings-api", "dusty-orczy-lark")
    log = (
        "07:14:02.118 [error] GenServer Mqttbridge.Ingest.Writer terminating\n"
        "** (DBConnection.ConnectionError) owner #PID<0.631.0> exited\n\n"
        "Client #PID<0.524.0> is still using a connection from owner at location:\n\n"
        "    :prim_inet.recv0/3\n    (postgrex 0.20.0) lib/postgrex/protocol.ex:3262: Postgrex.Protocol.msg_recv/4\n"
        "    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.execute!/5\n"
        "    (mqttbridge 0.4.0) lib/mqttbridge/ingest/writer.ex:41: Mqttbridge.Ingest.Writer.write/1\n\n"
        'Last message: :tick\nState: [{"b7c2", %{"t" => 19.8, "rh" => 52}}]'
    )
    s.user(
        "the readings api tests pass but the run prints this and sometimes the next test fails:\n```\n"
        + log
        + "\n```\n"
        "whats going on",
        after=0,
    )
    s.act(
        None,
        Grep(
            "Sandbox\\.allow",
            [
                "test/mqttbridge/readings_test.exs:12:    Ecto.Adapters.SQL.Sandbox.allow(Repo, self(), Process.whereis(Writer))"
            ],
            path="test",
            mode="content",
        ),
    )
    s.act(
        None,
        Read(
            "test/mqttbridge/readings_test.exs",
            "  setup do\n    Ecto.Adapters.SQL.Sandbox.allow(Repo, self(), Process.whereis(Writer))\n    :ok\n  end",
            offset=10,
            total=58,
        ),
    )
    s.act(
        "readings_test lends its connection to the global Writer. When that test ends, its owner process exits "
        "while the Writer is still inside an insert from the next `:tick`, which is the `owner ... exited` crash. "
        "The cleanest way to avoid the real Writer here is to mock the Repo boundary with Mox:",
        Denied(
            Edit(
                "mix.exs",
                '      {:ex_machina, "~> 2.8", only: :test},',
                '      {:ex_machina, "~> 2.8", only: :test},\n      {:mox, "~> 1.2", only: :test},',
            )
        ),
    )
    s.user(
        "új dependencyt ne adj hozzá anélkül, hogy megkérdeznél. és a mox itt amúgy is csak elfedné",
        rules=[("ask-deps", "új dependencyt ne adj hozzá anélkül, hogy megkérdeznél")],
    )
    s.say(
        "Understood, no new dependency. Without mocking, the options are shared sandbox mode for these tests "
        "(you ruled that out last week) or stopping the Writer between tests. I'd rather not guess further "
        "without a reliable reproduction; the ownership of the Writer's connection is the part I haven't solved."
    )
    s.user("ok so its still open. dont commit anything")
    s.outcome("failed", "Writer crashes with 'owner exited' after readings_test; Mox refused, no fix found")
    s.hit(SANDBOX)
    return s


def m07_rollup_worker() -> Session:
    s = mq("m07-hourly-rollup", "2027-05-11T07:05:13", "2.1.212", "feat/rollups", "tidy-buda-kite")
    s.user(
        "need an Oban worker that rolls readings up per device per hour (min/max/avg temp + rh) into a "
        "readings_hourly table, cron at :05. put every Oban job in the default queue, one queue is plenty for us. "
        "and never edit a migration that already ran on staging, add a new one",
        after=0,
        rules=[
            ("oban-default", "put every Oban job in the default queue, one queue is plenty"),
            ("migration-immutable", "never edit a migration that already ran on staging, add a new one"),
        ],
    )
    s.act(
        None,
        Write(
            "priv/repo/migrations/20270511071000_create_readings_hourly.exs",
            "defmodule Mqttbridge.Repo.Migrations.CreateReadingsHourly do\n  use Ecto.Migration\n\n  def change do\n"
            "    create table(:readings_hourly) do\n      add :device_id, references(:devices, on_delete: :delete_all), null: false\n"
            "      add :hour, :utc_datetime, null: false\n      add :t_min, :float\n      add :t_max, :float\n"
            "      add :t_avg, :float\n      add :rh_avg, :float\n    end\n\n"
            "    create unique_index(:readings_hourly, [:device_id, :hour])\n  end\nend\n",
        ),
        Write(
            "lib/mqttbridge/workers/hourly_rollup.ex",
            "defmodule Mqttbridge.Workers.HourlyRollup do\n  use Oban.Worker, queue: :default, max_attempts: 3\n\n"
            "  alias Mqttbridge.Readings\n\n  @impl Oban.Worker\n  def perform(%Oban.Job{scheduled_at: at}) do\n"
            "    hour = at |> DateTime.add(-3600) |> DateTime.truncate(:second) |> Map.merge(%{minute: 0, second: 0})\n"
            "    Readings.rollup_hour(hour)\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Read(
            "config/config.exs",
            "config :mqttbridge, Oban,\n  engine: Oban.Engines.Basic,\n  queues: [default: 10],\n  repo: Mqttbridge.Repo",
            offset=27,
            total=64,
        ),
    )
    s.act(
        None,
        Edit(
            "config/config.exs",
            "  queues: [default: 10],\n  repo: Mqttbridge.Repo",
            "  queues: [default: 10],\n  repo: Mqttbridge.Repo,\n"
            '  plugins: [{Oban.Plugins.Cron, crontab: [{"5 * * * *", Mqttbridge.Workers.HourlyRollup}]}]',
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && mix format && mix credo --strict && mix test test/mqttbridge/workers",
            "07:11:40.220 [info] == Running 20270511071000 Mqttbridge.Repo.Migrations.CreateReadingsHourly.change/0 "
            "forward\n07:11:40.301 [info] == Migrated 20270511071000 in 0.0s\n"
            "212 mods/funs, found no issues.\n\n" + mix_test(4, secs=0.6),
            secs=24,
        ),
    )
    s.say("Rollup worker on the default queue, cron at :05, new migration for `readings_hourly`; 4 tests pass.")
    s.user(
        "do we always have to restart the server after touching runtime.exs, or is there a trick?",
        non_rules=["do we always have to restart the server after touching runtime.exs"],
    )
    s.say(
        "runtime.exs is evaluated once at boot, so yes, a restart (or `Application.put_env` by hand in iex) is "
        "needed; code reloading only covers compiled modules."
    )
    s.user("ok. commit + push")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: hourly rollup worker" && git push',
            git_commit("feat/rollups", "9a03d1e", "feat: hourly rollup worker", 4, 58, 1)
            + "\nTo github.com:bence-k/mqttbridge.git\n * [new branch]      feat/rollups -> feat/rollups",
            secs=5,
        ),
    )
    s.say("Pushed. I noticed the worker's moduledoc is missing, which credo will flag on CI; let me amend and push.")
    s.act(
        None,
        Denied(Bash("git commit --amend --no-edit && git push --force-with-lease", desc="Amend and force push")),
    )
    s.user(
        "never force push, not even to my own branches. new commit",
        rules=[("no-force-push", "never force push, not even to my own branches")],
    )
    s.act(
        None,
        Edit(
            "lib/mqttbridge/workers/hourly_rollup.ex",
            "  use Oban.Worker, queue: :default, max_attempts: 3",
            '  @moduledoc "Rolls the previous hour\'s readings up per device into readings_hourly."\n'
            "  use Oban.Worker, queue: :default, max_attempts: 3",
        ),
    )
    s.act(
        None,
        Bash(
            'mix format && git commit -am "docs: moduledoc for HourlyRollup" && git push',
            git_commit("feat/rollups", "c51e7aa", "docs: moduledoc for HourlyRollup", 1, 1, 0)
            + "\nTo github.com:bence-k/mqttbridge.git\n   9a03d1e..c51e7aa  feat/rollups -> feat/rollups",
        ),
    )
    s.say("Added the moduledoc in a new commit and pushed.")
    s.outcome("success", "hourly rollup Oban worker with a new migration, pushed without force")
    return s


def _sa_find_writer(c: Session) -> None:
    c.act(
        None,
        Grep(
            "Ingest\\.Writer|Writer\\.(push|flush)",
            [
                "lib/mqttbridge/application.ex:15:      Mqttbridge.Ingest.Writer,",
                "lib/mqttbridge/ingest/handler.ex:14:    Writer.push(device_id, attrs)",
                'test/mqttbridge/ingest/writer_test.exs:9:    Writer.push(device.id, %{"t" => 21.4, "rh" => 48})',
                "test/mqttbridge/readings_test.exs:12:    Ecto.Adapters.SQL.Sandbox.allow(Repo, self(), Process.whereis(Writer))",
                "test/mqttbridge_web/live/dashboard_live_test.exs:22:    Mqttbridge.Ingest.Writer.push(device.id, @reading)",
            ],
            mode="content",
        ),
    )
    c.act(None, Read("test/test_helper.exs", TEST_HELPER, total=2))
    c.say(
        "The Writer is started once, by name, in lib/mqttbridge/application.ex:15, in every environment including "
        "test. Three tests reach it: writer_test.exs:9 (push + flush), readings_test.exs:12 (allows the global "
        "Writer on its own connection in setup) and dashboard_live_test.exs:22 (push, then waits for the "
        "broadcast). test_helper.exs puts the sandbox in :manual mode; nothing else allows the Writer."
    )


def m08_fix_sandbox_ci() -> Session:
    s = mq("m08-ci-sandbox", "2027-05-12T06:40:55", "2.1.212", "fix/writer-sandbox", "steady-rakoczi-swan")
    s.user("CI red on main and I didnt touch anything. run 9143870215", after=0)
    ci = (
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:07.5520418Z \n"
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:19.0091573Z   1) test shows a reading right "
        "after it is ingested (MqttbridgeWeb.DashboardLiveTest)\n"
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:19.0092210Z      "
        "test/mqttbridge_web/live/dashboard_live_test.exs:19\n"
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:19.0092811Z      Expected truthy, got false\n"
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:19.0093307Z      code: assert has_element?(view, "
        '~s([data-role=reading-temp]), "21.4")\n'
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:19.0093902Z      The following output was logged:\n"
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:19.0094410Z      06:31:18.771 [error] "
        "GenServer Mqttbridge.Ingest.Writer terminating\n"
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:19.0094951Z      ** (DBConnection.ConnectionError) "
        "could not checkout the connection owned by #PID<0.1201.0>. When using the sandbox, connections are shared, "
        "so this may imply another process is using a connection. Reason: connection not available and request "
        "was dropped from queue after 1998ms.\n"
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:21.3307719Z 118 tests, 1 failure\n"
        "test\tRun mix test --warnings-as-errors\t2027-05-12T06:31:21.3412208Z ##[error]Process completed with exit "
        "code 2."
    )
    s.act(None, Bash("gh run view 9143870215 --log-failed", ci, desc="Failed CI log", secs=4))
    s.act(
        "Another face of the Writer/sandbox problem from last week. Let me map every path to the Writer before "
        "changing anything.",
        Agent(
            "Map Writer use in tests",
            "Find where Mqttbridge.Ingest.Writer is started and every test that pushes to it or allows it on the "
            "sandbox; give file:line for each. Do not edit anything; report file:line only.",
            "Explore",
            _sa_find_writer,
        ),
    )
    s.not_person("Do not edit anything; report file:line only.", "subagent_prompt")
    s.say(
        "That's the root cause of all of these: one global Writer, started by the application in test too, "
        "writes from its own process. Whichever test happens to own (or lend) the connection at that moment "
        "decides whether its insert works, hence OwnershipError, `owner exited` and this checkout timeout. The fix: "
        "don't start the global Writer in test, and give each test its own Writer, allowed on that test's sandbox "
        "connection."
    )
    s.act(None, Read("lib/mqttbridge/application.ex", APPLICATION, offset=8, total=40))
    s.act(
        None,
        Edit(
            "lib/mqttbridge/application.ex",
            "      Mqttbridge.Ingest.Writer,\n      {Tortoise.Connection, Mqttbridge.Ingest.connection_opts()},\n"
            "      MqttbridgeWeb.Endpoint\n    ]",
            "      MqttbridgeWeb.Endpoint\n    ] ++ ingest_children()",
        ),
        Edit(
            "lib/mqttbridge/application.ex",
            "    opts = [strategy: :one_for_one, name: Mqttbridge.Supervisor]\n    Supervisor.start_link(children, opts)\n  end",
            "    opts = [strategy: :one_for_one, name: Mqttbridge.Supervisor]\n    Supervisor.start_link(children, opts)\n  end\n\n"
            "  defp ingest_children do\n    if Application.get_env(:mqttbridge, :start_ingest, true) do\n"
            "      [Mqttbridge.Ingest.Writer, {Tortoise.Connection, Mqttbridge.Ingest.connection_opts()}]\n"
            "    else\n      []\n    end\n  end",
        ),
    )
    s.act(
        None,
        Edit(
            "config/test.exs",
            "config :mqttbridge, Oban, testing: :manual",
            "config :mqttbridge, Oban, testing: :manual\n\nconfig :mqttbridge, start_ingest: false",
        ),
        Edit(
            "test/support/data_case.ex",
            "  def setup_sandbox(tags) do",
            '  @doc "Starts a Writer owned by this test and allows it on the test\'s sandbox connection."\n'
            "  def start_writer do\n    pid = ExUnit.Callbacks.start_supervised!({Mqttbridge.Ingest.Writer, name: Mqttbridge.Ingest.Writer})\n"
            "    Ecto.Adapters.SQL.Sandbox.allow(Mqttbridge.Repo, self(), pid)\n    pid\n  end\n\n"
            "  def setup_sandbox(tags) do",
        ),
    )
    s.act(
        None,
        Edit(
            "test/mqttbridge/readings_test.exs",
            "  setup do\n    Ecto.Adapters.SQL.Sandbox.allow(Repo, self(), Process.whereis(Writer))\n    :ok\n  end",
            "  setup do\n    start_writer()\n    :ok\n  end",
        ),
        Edit(
            "test/mqttbridge/ingest/writer_test.exs",
            "  use Mqttbridge.DataCase, async: false",
            "  use Mqttbridge.DataCase, async: false\n\n  setup do\n    start_writer()\n    :ok\n  end",
        ),
        Edit(
            "test/mqttbridge_web/live/dashboard_live_test.exs",
            "    Mqttbridge.Ingest.Writer.push(device.id, @reading)",
            "    Mqttbridge.DataCase.start_writer()\n    Mqttbridge.Ingest.Writer.push(device.id, @reading)",
        ),
    )
    s.act(
        None,
        Bash(
            "for seed in 1 2 3 4 5; do mix test --seed $seed | tail -1; done",
            "118 tests, 0 failures\n118 tests, 0 failures\n118 tests, 0 failures\n118 tests, 0 failures\n"
            "118 tests, 0 failures",
            desc="Full suite with five seeds",
            secs=40,
        ),
    )
    s.say(
        "Five seeds, 118 tests, no failures. The named Writer is per test now (the tests that use it are not "
        "async, because the name is global); the rest of the suite stays async."
    )
    s.user(
        "kiderült, hogy a Writer tesztben is az app supervisorából indult és a saját processzéből írt, amit a "
        "sandbox nem enged. mix format, credo, aztán commit",
        lessons=[
            "kiderült, hogy a Writer tesztben is az app supervisorából indult és a saját processzéből írt, amit a "
            "sandbox nem enged"
        ],
    )
    s.act(
        None,
        Bash(
            'mix format && mix credo --strict && git add -A && git commit -m "fix: start a sandbox-allowed Writer per test"',
            "212 mods/funs, found no issues.\n"
            + git_commit("fix/writer-sandbox", "e7b90c4", "fix: start a sandbox-allowed Writer per test", 6, 31, 9),
            secs=14,
        ),
    )
    s.say("Committed `fix: start a sandbox-allowed Writer per test`.")
    s.outcome(
        "success", "global Writer not started in test; each test starts one and allows it on its sandbox connection"
    )
    s.hit(SANDBOX, fixed=True)
    return s


def m09_replicas_words() -> Session:
    s = mq("m09-replicas-quiet", "2027-05-13T08:15:26", "2.1.213", "main", "pale-varosliget-gnat")
    s.user(
        "since we scaled staging to 2 replicas the dashboard goes quiet for a minute or two, then a burst of "
        "readings comes in at once. with one replica it was fine. any idea? dont change anything yet, just look",
        after=0,
    )
    s.act(None, Read("config/runtime.exs", INGEST_CONFIG, offset=44, total=96))
    s.act(None, Read("lib/mqttbridge/ingest.ex", INGEST_OPTS, offset=3, total=30))
    s.act(
        None,
        Read(
            "config/runtime.exs",
            '  config :mqttbridge, :dns_cluster_query, System.get_env("DNS_CLUSTER_QUERY")',
            offset=71,
            total=96,
        ),
    )
    s.say(
        "One candidate: the replicas may not be clustered. `DNS_CLUSTER_QUERY` is read from the environment; if it "
        "isn't set on staging, each replica has its own PubSub, so a reading ingested on replica A is broadcast only "
        "to dashboards connected to A. A browser on B would see nothing until it reconnects or reloads, which "
        "looks like a quiet period and then a burst. Can you check whether `Node.list()` is empty on staging?"
    )
    s.user("hm lehet. most mennem kell, majd ránézek a clusterre")
    s.outcome(
        "unknown", "staging dashboard gaps looked at; an unclustered PubSub suspected, not checked before Bence left"
    )
    s.hit(CLIENT_ID)
    return s


def m10_alerts_compacted() -> Session:
    s = mq("m10-threshold-alerts", "2027-05-14T07:00:38", "2.1.213", "feat/alerts", "long-andrassy-stork")
    s.user(
        "threshold alerts: per device min/max temp in a new alert_rules table, an Oban job after each batch insert "
        "checks the latest readings and sends a mail via Swoosh if outside the range, max 1 mail per hour per device",
        after=0,
    )
    s.act(
        None,
        Write(
            "priv/repo/migrations/20270514070500_create_alert_rules.exs",
            "defmodule Mqttbridge.Repo.Migrations.CreateAlertRules do\n  use Ecto.Migration\n\n  def change do\n"
            "    create table(:alert_rules) do\n      add :device_id, references(:devices, on_delete: :delete_all), null: false\n"
            "      add :t_min, :float\n      add :t_max, :float\n      add :last_sent_at, :utc_datetime\n"
            "      timestamps(type: :utc_datetime_usec)\n    end\n\n    create unique_index(:alert_rules, [:device_id])\n"
            "  end\nend\n",
        ),
        Write(
            "lib/mqttbridge/workers/check_alerts.ex",
            'defmodule Mqttbridge.Workers.CheckAlerts do\n  @moduledoc "Checks the latest readings of a device against its alert rule."\n'
            "  use Oban.Worker, queue: :default, unique: [period: 60, keys: [:device_id]]\n\n"
            "  alias Mqttbridge.Alerts\n\n  @impl Oban.Worker\n"
            '  def perform(%Oban.Job{args: %{"device_id" => id}}), do: Alerts.check(id)\nend\n',
        ),
    )
    s.act(
        None,
        Bash("mix ecto.migrate && mix test test/mqttbridge/alerts_test.exs", mix_test(6, secs=0.8), secs=15),
    )
    s.say("alert_rules table, `Alerts.check/1` with the hourly cap, and the CheckAlerts worker; 6 tests pass.")
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary request: threshold alerts per device (min/max temperature) with an Oban job after each batch "
        "insert and at most one mail per hour per device.\n2. Done: migration create_alert_rules, Alerts context "
        "(check/1, hourly cap via last_sent_at), Workers.CheckAlerts (unique per device for 60 s), AlertMailer "
        "with Swoosh; tests in test/mqttbridge/alerts_test.exs pass.\n3. Notes: All Oban jobs go in the default "
        "queue. Commit messages in English, conventional commits. Run mix format and credo --strict before "
        "committing.\n4. Pending: enqueue CheckAlerts from the Writer after insert_all; the seed script for "
        "alert rules.",
        pre_tokens=158_412,
        post_tokens=12_230,
    )
    s.not_person("All Oban jobs go in the default queue.", "compaction_summary")
    s.user(
        "a Writer-ből jöjjön az enqueue, batch után. és mostantól az ingest jobok külön ingest queue-ba mennek, "
        "a default queue-t ne terheld velük, mert a rollup is ott fut",
        rules=[
            (
                "oban-ingest-queue",
                "mostantól az ingest jobok külön ingest queue-ba mennek, a default queue-t ne terheld velük",
                "oban-default",
            )
        ],
    )
    s.act(
        None,
        Edit(
            "lib/mqttbridge/workers/check_alerts.ex",
            "  use Oban.Worker, queue: :default, unique: [period: 60, keys: [:device_id]]",
            "  use Oban.Worker, queue: :ingest, unique: [period: 60, keys: [:device_id]]",
        ),
        Edit(
            "config/config.exs",
            "  queues: [default: 10],",
            "  queues: [default: 10, ingest: 20],",
        ),
    )
    s.act(
        "For the seeds I'd add a data migration that inserts a default rule per existing device through the "
        "`Mqttbridge.Alerts.AlertRule` schema.",
        Write(
            "priv/repo/migrations/20270514081000_seed_alert_rules.exs",
            "defmodule Mqttbridge.Repo.Migrations.SeedAlertRules do\n  use Ecto.Migration\n\n"
            "  alias Mqttbridge.Alerts.AlertRule\n  alias Mqttbridge.Repo\n\n  def up do\n"
            '    for id <- Repo.all(from d in "devices", select: d.id),\n'
            "        do: Repo.insert!(%AlertRule{device_id: id, t_min: 5.0, t_max: 35.0})\n  end\n\n"
            "  def down, do: :ok\nend\n",
        ),
    )
    s.user(
        "ne. migrációban ne hivatkozz az app sémamoduljaira, mert azok később változnak és a régi migráció "
        "elhasal. sima execute vagy repo().insert_all táblanévvel",
        rules=[("migration-no-schemas", "migrációban ne hivatkozz az app sémamoduljaira")],
    )
    s.act(
        None,
        Edit(
            "priv/repo/migrations/20270514081000_seed_alert_rules.exs",
            "  alias Mqttbridge.Alerts.AlertRule\n  alias Mqttbridge.Repo\n\n  def up do\n"
            '    for id <- Repo.all(from d in "devices", select: d.id),\n'
            "        do: Repo.insert!(%AlertRule{device_id: id, t_min: 5.0, t_max: 35.0})\n  end",
            '  def up do\n    execute """\n    INSERT INTO alert_rules (device_id, t_min, t_max, inserted_at, updated_at)\n'
            '    SELECT id, 5.0, 35.0, now(), now() FROM devices ON CONFLICT (device_id) DO NOTHING\n    """\n  end',
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && mix format && mix credo --strict && mix test",
            "08:12:03.114 [info] == Running 20270514081000 Mqttbridge.Repo.Migrations.SeedAlertRules.up/0 forward\n"
            '08:12:03.121 [info] execute "INSERT INTO alert_rules ..."\n08:12:03.130 [info] == Migrated '
            "20270514081000 in 0.0s\n214 mods/funs, found no issues.\n\n" + mix_test(124, secs=3.6),
            secs=30,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat: threshold alerts on the ingest queue"',
            git_commit("feat/alerts", "2d6f8b1", "feat: threshold alerts on the ingest queue", 9, 187, 3),
        ),
    )
    s.say(
        "CheckAlerts runs on a new `ingest` queue (limit 20), the seed migration is plain SQL; 124 tests pass, committed."
    )
    s.outcome("success", "threshold alerts on a separate ingest queue, seed migration in plain SQL, committed")
    return s


def m11_roundtrip_timeout() -> Session:
    s = mq("m11-roundtrip-timeout", "2027-05-17T07:25:50", "2.1.214", "feat/ingest-qos", "grey-szechenyi-vole")
    s.user(
        "bumped the subscription to qos 1, run the integration tests against local mosquitto, the dev server is "
        "running in the other tab",
        after=0,
    )
    fail = (
        "test publish on sensors/<id>/reading ends up in the readings table (Mqttbridge.IngestRoundtripTest)\n"
        "     test/integration/ingest_roundtrip_test.exs:23\n"
        "     Assertion failed, no matching message after 2000ms\n"
        '     The following variables were pinned:\n       device_id = "kert-07"\n'
        "     Showing 0 of 0 messages in the mailbox\n"
        "     code: assert_receive {:reading, %{device_id: ^device_id}}\n"
        "     The following output was logged:\n"
        "     07:27:12.402 [warning] [Tortoise] mqttbridge: connection closed (:socket_closed), reconnecting in 1000ms\n"
        "     07:27:13.519 [warning] [Tortoise] mqttbridge: connection closed (:socket_closed), reconnecting in 1000ms"
    )
    s.act(
        None,
        Bash(
            "mix test --only integration",
            mix_test(5, [fail], secs=6.2, excluded=":test"),
            code=2,
            desc="Integration tests",
            secs=14,
        ),
    )
    s.act(
        "The reading never arrives within 2 s while the connection keeps dropping; with QoS 1 the broker "
        "redelivers, so it may just be slow. Giving the assertion more time:",
        Edit(
            "test/integration/ingest_roundtrip_test.exs",
            "    assert_receive {:reading, %{device_id: ^device_id}}",
            "    assert_receive {:reading, %{device_id: ^device_id}}, 10_000",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test --only integration",
            mix_test(5, [fail.replace("2000ms", "10000ms").replace("07:27:1", "07:29:4")], secs=14.8, excluded=":test"),
            code=2,
            desc="Integration tests",
            secs=22,
        ),
    )
    s.interrupt(after=4)
    s.user("hagyd, ez csak kozmetika. vedd vissza a timeoutot, meetingem van")
    s.act(
        None,
        Edit(
            "test/integration/ingest_roundtrip_test.exs",
            "    assert_receive {:reading, %{device_id: ^device_id}}, 10_000",
            "    assert_receive {:reading, %{device_id: ^device_id}}",
        ),
    )
    s.say("Timeout reverted. The roundtrip test still fails, with the Tortoise connection flapping in the log.")
    s.outcome("failed", "integration roundtrip test times out with the MQTT connection flapping; timeout bump reverted")
    s.hit(CLIENT_ID)
    return s


def m12_fix_client_id_ci() -> Session:
    s = mq("m12-ci-client-id", "2027-05-18T06:50:12", "2.1.214", "fix/mqtt-client-id", "bright-hold-utca-ibis")
    s.user("CI integration job piros mindkét partícióban. nézd meg pls", after=0)
    ci = (
        "integration (1)\tRun mix test --only integration --partitions 2\t2027-05-18T06:41:55.1021Z   1) test "
        "alert is enqueued for an out-of-range reading (Mqttbridge.AlertsIntegrationTest)\n"
        "integration (1)\tRun mix test --only integration --partitions 2\t2027-05-18T06:41:55.1027Z      ** (ExUnit.TimeoutError) "
        "test timed out after 60000ms.\n"
        "integration (1)\tInitialize containers\t2027-05-18T06:40:02.8810Z mosquitto: 1779086455: New client connected "
        "from 172.18.0.1:40112 as mqttbridge (p2, c1, k10).\n"
        "integration (1)\tInitialize containers\t2027-05-18T06:40:02.8817Z mosquitto: 1779086455: Client mqttbridge "
        "already connected, closing old connection.\n"
        "integration (1)\tInitialize containers\t2027-05-18T06:40:02.8823Z mosquitto: 1779086456: Client mqttbridge "
        "already connected, closing old connection.\n"
        "integration (2)\tRun mix test --only integration --partitions 2\t2027-05-18T06:41:57.3311Z   1) test "
        "publish on sensors/<id>/reading ends up in the readings table (Mqttbridge.IngestRoundtripTest)\n"
        "integration (2)\tRun mix test --only integration --partitions 2\t2027-05-18T06:41:57.3318Z      "
        "Assertion failed, no matching message after 2000ms\n"
        "integration (2)\tRun mix test --only integration --partitions 2\t2027-05-18T06:42:01.0042Z ##[error]"
        "Process completed with exit code 2."
    )
    s.act(None, Bash("gh run view 9187704431 --log-failed", ci, desc="Failed CI log", secs=4))
    s.act(None, Read("config/runtime.exs", INGEST_CONFIG, offset=44, total=96))
    s.say(
        "Found it: `Client mqttbridge already connected, closing old connection.` Every instance connects with the "
        'fixed `client_id: "mqttbridge"`. MQTT allows one session per client id, so the broker kicks the older '
        "connection whenever another one connects, and Tortoise reconnects and kicks the other back. That is "
        "the CI partitions sharing one mosquitto, your dev server plus `mix test --only integration` last week, "
        "the dev server plus the replay script before that, and the two staging replicas: readings are lost "
        "while each side is disconnected. Fix: a unique client id per instance, and a shared subscription so two "
        "replicas split the readings instead of both ingesting every one."
    )
    s.act(None, Read("lib/mqttbridge/ingest.ex", INGEST_OPTS, offset=3, total=30))
    s.act(
        None,
        Edit(
            "lib/mqttbridge/ingest.ex",
            "      client_id: cfg[:client_id],",
            "      client_id: client_id(cfg[:client_id]),",
        ),
        Edit(
            "lib/mqttbridge/ingest.ex",
            "      subscriptions: cfg[:subscriptions]\n    ]\n  end",
            "      subscriptions: cfg[:subscriptions]\n    ]\n  end\n\n"
            "  # One MQTT session per client id: a second connection with the same id kicks the first.\n"
            "  defp client_id(prefix) do\n"
            '    "mqttbridge-#{prefix}-#{node()}-#{System.unique_integer([:positive])}"\n  end',
        ),
        Edit(
            "config/runtime.exs",
            '  client_id: "mqttbridge",\n  keep_alive: 10,\n  subscriptions: [{"sensors/+/reading", 1}]',
            '  client_id: System.get_env("MQTT_CLIENT_PREFIX", "local"),\n  keep_alive: 10,\n'
            '  subscriptions: [{"$share/mqttbridge/sensors/+/reading", 1}]',
        ),
    )
    s.act(
        None,
        Bash(
            "(mix phx.server > /tmp/devserver.log 2>&1 &) ; sleep 6; mix test --only integration; "
            "grep -c 'already connected' /opt/homebrew/var/log/mosquitto.log.1 /opt/homebrew/var/log/mosquitto.log",
            mix_test(5, secs=5.1, excluded=":test")
            + "\n/opt/homebrew/var/log/mosquitto.log.1:412\n/opt/homebrew/var/log/mosquitto.log:0",
            desc="Integration tests with the dev server running",
            secs=20,
        ),
    )
    s.say(
        "With the dev server running alongside, the integration tests pass and mosquitto logs no more kicks "
        "(412 in yesterday's rotated log, 0 now). Handler topics still match: Tortoise strips the `$share/...` "
        "prefix before `handle_message/3`."
    )
    s.user(
        "TIL mosquitto silently kicks the older connection when a second client connects with the same client id. "
        "commit, es a staging env-be tedd be a MQTT_CLIENT_PREFIX=staging-t",
        lessons=[
            "TIL mosquitto silently kicks the older connection when a second client connects with the same client id"
        ],
    )
    s.act(
        None,
        Read(
            "deploy/staging.env",
            "MQTT_HOST=mq.staging.internal\nMQTT_PORT=1883\nDNS_CLUSTER_QUERY=mqttbridge.internal",
            total=3,
        ),
    )
    s.act(
        None,
        Edit(
            "deploy/staging.env",
            "MQTT_PORT=1883",
            "MQTT_PORT=1883\nMQTT_CLIENT_PREFIX=staging",
        ),
    )
    s.act(
        None,
        Bash(
            'mix format && mix credo --strict && git add -A && git commit -m "fix: unique MQTT client id per instance, '
            'shared subscription"',
            "215 mods/funs, found no issues.\n"
            + git_commit(
                "fix/mqtt-client-id",
                "0b4c9e3",
                "fix: unique MQTT client id per instance, shared subscription",
                3,
                12,
                3,
            ),
            secs=12,
        ),
    )
    s.say("Committed; staging gets `MQTT_CLIENT_PREFIX=staging`.")
    s.outcome("success", "unique MQTT client id per instance plus a shared subscription; integration tests green")
    s.hit(CLIENT_ID, fixed=True)
    return s


def m13_dialyzer_plt() -> Session:
    s = mq("m13-dialyzer-plt", "2027-05-19T07:40:03", "2.1.215", "chore/elixir-1.18", "dry-vaci-utca-crane")
    s.user(
        "bumped elixir to 1.18.3 / otp 27.3 in .tool-versions and CI, now the dialyzer step fails in CI but "
        "not locally. why does dialyzer always take six minutes in CI anyway",
        after=0,
        non_rules=["why does dialyzer always take six minutes in CI anyway"],
    )
    s.act(
        None,
        Read(
            "CLAUDE.md",
            "# mqttbridge\n\nPhoenix app: MQTT ingest (Tortoise) -> Writer -> Postgres; LiveView dashboard.\n\n"
            "## Conventions\n- Always run `mix dialyzer` before pushing.\n- Contexts live in lib/mqttbridge/, "
            "web in lib/mqttbridge_web/.\n- Do not commit .envrc.",
            total=9,
        ),
    )
    s.not_person("Always run `mix dialyzer` before pushing.", "tool_output")
    s.act(
        None,
        Bash(
            "gh run view --log-failed | tail -6",
            "dialyzer\tRun mix dialyzer --format github\t2027-05-19T07:31:40Z Finding suitable PLTs\n"
            "dialyzer\tRun mix dialyzer --format github\t2027-05-19T07:31:40Z Checking PLT...\n"
            "dialyzer\tRun mix dialyzer --format github\t2027-05-19T07:31:41Z :dialyzer.run error: Old PLT file "
            "priv/plts/dialyxir_erlang-27.1_elixir-1.17.3_deps-dev.plt\n"
            "dialyzer\tRun mix dialyzer --format github\t2027-05-19T07:31:41Z ##[error]Process completed with exit code 1.",
        ),
    )
    s.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "      - uses: actions/cache@v4\n        with:\n          path: priv/plts\n"
            "          key: plts-${{ hashFiles('mix.lock') }}",
            offset=52,
            total=88,
        ),
    )
    s.act(
        "The PLT cache key only hashes mix.lock, so CI restored the PLT built for OTP 27.1 / Elixir 1.17.3. Keying "
        "it on the versions too (that's also why every run without a cache hit takes minutes: it rebuilds the PLT):",
        Edit(
            ".github/workflows/ci.yml",
            "          key: plts-${{ hashFiles('mix.lock') }}",
            "          key: plts-${{ steps.beam.outputs.otp-version }}-${{ steps.beam.outputs.elixir-version }}-"
            "${{ hashFiles('mix.lock') }}",
        ),
    )
    s.act(
        None,
        Bash(
            'git commit -am "ci: key the PLT cache on OTP and Elixir versions" && git push && gh run watch --exit-status',
            git_commit("chore/elixir-1.18", "71fa2d0", "ci: key the PLT cache on OTP and Elixir versions", 1, 1, 1)
            + "\n✓ chore/elixir-1.18 CI · 9192250871\nTriggered via push about 6 minutes ago\n\nJOBS\n"
            "✓ test in 2m41s\n✓ dialyzer in 6m02s\n✓ integration (1) in 1m12s\n✓ integration (2) in 1m09s",
            secs=380,
        ),
    )
    s.say("Green. The first run rebuilt the PLT (6 min); later runs on the same versions hit the cache.")
    s.user("thx")
    s.outcome("success", "dialyzer in CI fixed by keying the PLT cache on OTP/Elixir versions")
    s.one_off(
        "after bumping Elixir/OTP, dialyzer fails in CI with 'Old PLT file' because the PLT cache key hashed only "
        "mix.lock"
    )
    return s


def m14_device_detail() -> Session:
    s = mq("m14-device-detail", "2027-05-20T07:10:44", "2.1.215", "feat/device-detail", "mild-gozsdu-robin")
    s.user(
        "device detail oldal: /devices/:id, utolsó 24 óra grafikonja a readings_hourly-ból, meg a riasztási határok "
        "szerkesztése egy formban. most kivételesen ne futtasd az egész suite-ot, csak a live teszteket, sietek",
        after=0,
        non_rules=["most kivételesen ne futtasd az egész suite-ot, csak a live teszteket"],
    )
    s.act(
        None,
        Write(
            "lib/mqttbridge_web/live/device_live/show.ex",
            "defmodule MqttbridgeWeb.DeviceLive.Show do\n  use MqttbridgeWeb, :live_view\n\n"
            "  alias Mqttbridge.{Alerts, Devices, Readings}\n\n  @impl true\n"
            '  def mount(%{"id" => id}, _session, socket) do\n    device = Devices.get_device!(id)\n\n'
            "    {:ok,\n     socket\n     |> assign(device: device, hours: Readings.hourly(device.id, 24))\n"
            "     |> assign(form: to_form(Alerts.change_rule(Alerts.rule_for(device.id))))}\n  end\nend\n",
        ),
        Write(
            "test/mqttbridge_web/live/device_show_test.exs",
            "defmodule MqttbridgeWeb.DeviceShowTest do\n  use MqttbridgeWeb.ConnCase, async: true\n\n"
            "  import Phoenix.LiveViewTest\n  import Mqttbridge.Factory\n\n"
            '  test "updates the alert range", %{conn: conn} do\n    device = insert(:device)\n'
            '    {:ok, view, _html} = live(conn, ~p"/devices/#{device}")\n\n'
            '    view |> form("#alert-rule", rule: %{t_max: 30}) |> render_submit()\n'
            '    assert render(view) =~ "Mentve"\n  end\nend\n',
        ),
    )
    s.act(
        None,
        Bash("mix test test/mqttbridge_web/live", mix_test(9, secs=1.2), desc="LiveView tests only", secs=10),
    )
    s.say("Detail page with the 24-hour chart and the alert form; the 9 LiveView tests pass.")
    s.user(
        'a LiveView tesztekben data-role alapján keress, ne szöveg alapján, a "Mentve" holnap már "Elmentve" lesz',
        rules=[("data-role", "a LiveView tesztekben data-role alapján keress, ne szöveg alapján")],
    )
    s.act(
        None,
        Edit(
            "test/mqttbridge_web/live/device_show_test.exs",
            '    assert render(view) =~ "Mentve"',
            "    assert has_element?(view, ~s([data-role=flash-info]))",
        ),
    )
    s.act(None, Bash("mix test test/mqttbridge_web/live", mix_test(9, secs=1.1), desc="LiveView tests only", secs=10))
    s.user(
        "jo. es hogy ez is le legyen irva: we decided to keep the dashboard on LiveView, no React SPA, Dani "
        "agreed. commit",
        decisions=["we decided to keep the dashboard on LiveView, no React SPA"],
    )
    s.act(
        None,
        Bash(
            'mix format && mix credo --strict && git add -A && git commit -m "feat: device detail page with alert '
            'rule form"',
            "217 mods/funs, found no issues.\n"
            + git_commit("feat/device-detail", "5c8e21f", "feat: device detail page with alert rule form", 4, 133, 0),
            secs=12,
        ),
    )
    s.say("Committed `feat: device detail page with alert rule form`.")
    s.outcome("success", "device detail LiveView with chart and alert form, data-role assertions, committed")
    return s


SESSIONS = [
    m01_device_list,
    m02_writer_test_ownership,
    m03_postgres_role,
    m04_random_red_words,
    m05_reconnect_log,
    m06_owner_exited_log,
    m07_rollup_worker,
    m08_fix_sandbox_ci,
    m09_replicas_words,
    m10_alerts_compacted,
    m11_roundtrip_timeout,
    m12_fix_client_id_ci,
    m13_dialyzer_plt,
    m14_device_detail,
]
