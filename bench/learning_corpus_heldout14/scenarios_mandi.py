"""Sessions in `mandi-rates` (/Users/priya/code/mandi-rates): a Phoenix 1.7 backend that collects daily wholesale
vegetable prices from Karnataka mandis (the Agmarknet API) and shows them in LiveView. Elixir 1.17 / OTP 27, Ecto on
Postgres 16 (Homebrew), Oban 2.18 for the fetch jobs, Req for HTTP, ExUnit with the Ecto SQL sandbox, GitHub
Actions CI."""

from __future__ import annotations

from fake_output import MANDI, git_commit, mix_test
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, TodoWrite, Write

CACHE = "rate-cache-sandbox"
IST = "ist-date-utc"


def mandi(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=MANDI, project="mandi-rates")


OWNERSHIP_FAIL = (
    "test GET /api/markets/:id/rates returns today's rates (MandiRatesWeb.RateControllerTest)\n"
    "     test/mandi_rates_web/controllers/rate_controller_test.exs:21\n"
    "     ** (EXIT from #PID<0.731.0>) an exception was raised:\n"
    "         ** (DBConnection.OwnershipError) cannot find owner for pool DBConnection.Ownership\n\n"
    "     When using ownership, you must manage connections in one\n"
    "     of the four ways:\n\n"
    "     * By explicitly checking out a connection\n"
    "     * By explicitly allowing a spawned process\n"
    "     * By running the pid as a :shared mode\n"
    "     * By using :caller option with allowed process\n\n"
    "     The first two options require every new process to explicitly\n"
    "     check a connection out or be allowed by calling checkout or\n"
    "     allow respectively.\n\n"
    "             (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1\n"
    "             (mandi_rates 0.1.0) lib/mandi_rates/rates.ex:58: MandiRates.Rates.latest_by_market/1\n"
    "             (mandi_rates 0.1.0) lib/mandi_rates/rate_cache.ex:44: MandiRates.RateCache.handle_call/3\n"
    "             (stdlib 6.1.2) gen_server.erl:2381: :gen_server.try_handle_call/4"
)

QUEUE_FAIL = (
    "test market page shows modal prices for the selected commodity (MandiRatesWeb.RatesLiveTest)\n"
    "     test/mandi_rates_web/live/rates_live_test.exs:34\n"
    '     ** (exit) exited in: GenServer.call(MandiRates.RateCache, {:get, "KA-BLR-01"}, 5000)\n'
    "         ** (EXIT) an exception was raised:\n"
    "             ** (DBConnection.ConnectionError) connection not available and request was dropped from queue "
    "after 2977ms. This means requests are coming in and your connection pool cannot serve them fast enough. "
    "You can address this by:\n\n"
    "  1. Ensuring your database is available and that you can connect to it\n"
    "  2. Tracking down slow queries and making sure they are running fast enough\n"
    "  3. Increasing the pool_size (although this increases resource consumption)\n"
    "  4. Allowing requests to wait longer by increasing :queue_target and :queue_interval\n\n"
    "See DBConnection.start_link/2 for more information\n\n"
    '     code: {:ok, view, _html} = live(conn, ~p"/markets/12")\n'
    "     stacktrace:\n"
    "       (elixir 1.17.3) lib/gen_server.ex:1128: GenServer.call/3\n"
    "       (mandi_rates 0.1.0) lib/mandi_rates_web/live/rates_live.ex:19: MandiRatesWeb.RatesLive.mount/3\n"
    "       test/mandi_rates_web/live/rates_live_test.exs:36: (test)"
)

MODAL_FAIL = (
    "test latest_for/2 returns the newest modal price for a commodity (MandiRates.RatesTest)\n"
    "     test/mandi_rates/rates_test.exs:47\n"
    "     Assertion with == failed\n"
    '     code:  assert Rates.latest_for(market.code, "tomato").modal_price == Decimal.new("2150")\n'
    '     left:  Decimal.new("2400")\n'
    '     right: Decimal.new("2150")\n'
    "     stacktrace:\n"
    "       test/mandi_rates/rates_test.exs:52: (test)"
)

RATE_CACHE = """defmodule MandiRates.RateCache do
  use GenServer

  alias MandiRates.Rates

  @refresh :timer.minutes(10)

  def start_link(opts \\\\ []), do: GenServer.start_link(__MODULE__, opts, name: __MODULE__)

  def get(market_code), do: GenServer.call(__MODULE__, {:get, market_code})

  @impl true
  def init(_opts) do
    Process.send_after(self(), :refresh, @refresh)
    {:ok, %{}}
  end

  @impl true
  def handle_call({:get, market_code}, _from, cache) do
    case Map.fetch(cache, market_code) do
      {:ok, rates} -> {:reply, rates, cache}
      :error ->
        rates = Rates.latest_by_market(market_code)
        {:reply, rates, Map.put(cache, market_code, rates)}
    end
  end"""

APPLICATION = """    children = [
      MandiRatesWeb.Telemetry,
      MandiRates.Repo,
      {DNSCluster, query: Application.get_env(:mandi_rates, :dns_cluster_query) || :ignore},
      {Phoenix.PubSub, name: MandiRates.PubSub},
      {Oban, Application.fetch_env!(:mandi_rates, Oban)},
      MandiRates.RateCache,
      MandiRatesWeb.Endpoint
    ]"""

AGENTS_MD = """This is a web application written using the Phoenix web framework.

## Project guidelines

- Use `mix precommit` alias when you are done with all changes and fix any pending issues
- Use the already included and available `:req` (`Req`) library for HTTP requests, **avoid** `:httpoison`, `:tesla`, and `:httpc`. Req is included by default and is the preferred HTTP client for Phoenix apps

### Phoenix v1.7 guidelines

- **Always** begin your LiveView templates with `<Layouts.app flash={@flash} ...>` which wraps all inner content"""

FETCH_WORKER = """defmodule MandiRates.Workers.FetchRates do
  use Oban.Worker, queue: :fetch, max_attempts: 5

  alias MandiRates.{Agmarknet, Rates}

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{"state" => state}}) do
    today = Date.utc_today()

    with {:ok, records} <- Agmarknet.fetch(state, today) do
      Enum.each(records, &Rates.insert_rate!(&1, today))
    end
  end
end"""

CONSTRAINT_LOG = """[error] Job MandiRates.Workers.FetchRates (id: 4412, queue: fetch, attempt: 5) failed
** (Ecto.ConstraintError) constraint error when attempting to insert struct:

    * "rates_market_id_commodity_id_date_index" (unique_constraint)

If you would like to stop this constraint violation from raising an
exception and instead add it as an error to your changeset, please
call `unique_constraint/3` on your changeset with the constraint
`:name` as an option.

The changeset has not defined any constraint.

    (ecto 3.12.4) lib/ecto/repo/schema.ex:815: anonymous fn/4 in Ecto.Repo.Schema.constraints_to_errors/3
    (mandi_rates 0.1.0) lib/mandi_rates/rates.ex:31: MandiRates.Rates.insert_rate!/2
    (mandi_rates 0.1.0) lib/mandi_rates/workers/fetch_rates.ex:11: MandiRates.Workers.FetchRates.perform/1"""


# ------------------------------------------------------------------------------------------------------------------
def m01_commodity_aliases() -> Session:
    s = mandi("m01-commodity-aliases", "2027-03-01T04:10:22", "2.1.194", "feature/aliases", "amber-basavanagudi-myna")
    s.user(
        "gm! need a commodity_aliases table so that 'tamatar', 'tometo' etc map to the Tomato commodity when we "
        "parse the agmarknet rows. schema + migration + Rates.resolve_commodity/1. also prices are always Decimal, "
        "never float, the column is already numeric(10,2). and fyi we decided to keep rates in Postgres only, no "
        "Redis for now",
        after=0,
        rules=[("money-decimal", "prices are always Decimal, never float")],
        decisions=["we decided to keep rates in Postgres only, no Redis for now"],
    )
    s.act(
        None,
        Read(
            "lib/mandi_rates/rates/commodity.ex",
            "defmodule MandiRates.Rates.Commodity do\n  use Ecto.Schema\n  import Ecto.Changeset\n\n"
            '  schema "commodities" do\n    field :name, :string\n    field :unit, :string, default: "quintal"\n'
            "    has_many :rates, MandiRates.Rates.Rate\n\n    timestamps(type: :utc_datetime)\n  end\nend",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.gen.migration create_commodity_aliases",
            "* creating priv/repo/migrations/20270301041201_create_commodity_aliases.exs",
            desc="Generate migration",
            secs=4,
        ),
    )
    s.act(
        None,
        Write(
            "priv/repo/migrations/20270301041201_create_commodity_aliases.exs",
            "defmodule MandiRates.Repo.Migrations.CreateCommodityAliases do\n  use Ecto.Migration\n\n  def change do\n"
            "    create table(:commodity_aliases) do\n      add :alias, :citext, null: false\n"
            "      add :commodity_id, references(:commodities, on_delete: :delete_all), null: false\n\n"
            "      timestamps(type: :utc_datetime)\n    end\n\n    create unique_index(:commodity_aliases, [:alias])\n"
            "  end\nend\n",
        ),
        Write(
            "lib/mandi_rates/rates/commodity_alias.ex",
            "defmodule MandiRates.Rates.CommodityAlias do\n  use Ecto.Schema\n  import Ecto.Changeset\n\n"
            '  schema "commodity_aliases" do\n    field :alias, :string\n    belongs_to :commodity, MandiRates.Rates.Commodity\n\n'
            "    timestamps(type: :utc_datetime)\n  end\n\n  def changeset(a, attrs) do\n    a\n"
            "    |> cast(attrs, [:alias, :commodity_id])\n    |> validate_required([:alias, :commodity_id])\n"
            "    |> update_change(:alias, &(&1 |> String.trim() |> String.downcase()))\n"
            "    |> unique_constraint(:alias)\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && mix test test/mandi_rates/rates_test.exs",
            "\n10:12:55.318 [info] == Running 20270301041201 MandiRates.Repo.Migrations.CreateCommodityAliases.change/0 "
            "forward\n\n10:12:55.320 [info] create table commodity_aliases\n\n10:12:55.331 [info] create index "
            "commodity_aliases_alias_index\n\n10:12:55.333 [info] == Migrated 20270301041201 in 0.0s\n"
            + mix_test(14, seed=90412, secs="0.3"),
            desc="Migrate and run the Rates tests",
            secs=12,
        ),
    )
    s.say(
        "Added `commodity_aliases` (citext alias, unique) with `CommodityAlias` and `Rates.resolve_commodity/1`, "
        "which checks the commodity name first and then the aliases. Migration ran, 14 tests pass. No price columns "
        "touched, so nothing there changes from Decimal."
    )
    s.user("nice 👍")
    s.outcome("success", "commodity_aliases table, schema and resolve function added; migration ran; tests green")
    return s


def m02_rates_index() -> Session:
    s = mandi("m02-rates-index", "2027-03-01T09:34:10", "2.1.194", "feature/rates-index", "quiet-malleshwaram-kite")
    s.user(
        "the market page query is slow, rates table has ~4M rows now. add an index on rates (market_id, "
        "commodity_id, date) and a test for Rates.latest_for/2. always use ExMachina factories in tests, "
        "test/support/factory.ex hai already",
        after=0,
        rules=[("exmachina", "always use ExMachina factories in tests")],
    )
    s.act(
        None,
        Bash(
            "mix ecto.gen.migration add_rates_market_commodity_date_index",
            "* creating priv/repo/migrations/20270301093544_add_rates_market_commodity_date_index.exs",
            desc="Generate migration",
            secs=4,
        ),
    )
    s.act(
        None,
        Write(
            "priv/repo/migrations/20270301093544_add_rates_market_commodity_date_index.exs",
            "defmodule MandiRates.Repo.Migrations.AddRatesMarketCommodityDateIndex do\n  use Ecto.Migration\n\n"
            "  def change do\n    create unique_index(:rates, [:market_id, :commodity_id, :date])\n  end\nend\n",
        ),
    )
    s.user(
        "4M rows pe yeh poori table lock kar dega prod mein. aage se index hamesha concurrently banana, "
        "@disable_ddl_transaction aur @disable_migration_lock ke saath",
        rules=[("concurrent-index", "aage se index hamesha concurrently banana")],
    )
    s.act(
        None,
        Edit(
            "priv/repo/migrations/20270301093544_add_rates_market_commodity_date_index.exs",
            "  use Ecto.Migration\n\n  def change do\n    create unique_index(:rates, [:market_id, :commodity_id, :date])",
            "  use Ecto.Migration\n  @disable_ddl_transaction true\n  @disable_migration_lock true\n\n  def change do\n"
            "    create unique_index(:rates, [:market_id, :commodity_id, :date], concurrently: true)",
        ),
        Write(
            "test/mandi_rates/rates_test.exs",
            "defmodule MandiRates.RatesTest do\n  use MandiRates.DataCase, async: true\n\n  import MandiRates.Factory\n"
            '  alias MandiRates.Rates\n\n  describe "latest_for/2" do\n'
            '    test "returns the newest modal price for a commodity" do\n      market = insert(:market)\n'
            '      tomato = insert(:commodity, name: "tomato")\n'
            '      insert(:rate, market: market, commodity: tomato, date: ~D[2027-02-27], modal_price: Decimal.new("1900"))\n'
            '      insert(:rate, market: market, commodity: tomato, date: ~D[2027-02-28], modal_price: Decimal.new("2150"))\n\n'
            '      assert Rates.latest_for(market.code, "tomato").modal_price == Decimal.new("2150")\n    end\n  end\nend\n',
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && mix test",
            "\n15:08:12.004 [info] == Running 20270301093544 MandiRates.Repo.Migrations.AddRatesMarketCommodityDateIndex"
            ".change/0 forward\n\n15:08:12.005 [info] create index if not exists rates_market_id_commodity_id_date_index"
            "\n\n15:08:14.911 [info] == Migrated 20270301093544 in 2.9s\n" + mix_test(58, seed=113094, secs="2.1"),
            desc="Migrate and run all tests",
            secs=20,
        ),
    )
    s.say(
        "The index is created concurrently (no DDL transaction, no migration lock) and `latest_for/2` has a "
        "factory-based test. 58 tests, 0 failures. The market page query now uses an index scan locally."
    )
    s.user("perfect. commit kar do")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "rates: add concurrent unique index on market, commodity, date"',
            git_commit(
                "feature/rates-index",
                "7c1e9a2",
                "rates: add concurrent unique index on market, commodity, date",
                2,
                31,
                0,
            ),
            desc="Commit",
        ),
    )
    s.outcome("success", "concurrent unique index and a latest_for test; all tests green; committed on request")
    return s


def m03_ownership_error() -> Session:
    s = mandi("m03-ownership-error", "2027-03-02T05:02:47", "2.1.194", "feature/rates-api", "brisk-jayanagar-heron")
    s.user(
        "RateControllerTest fail ho raha hai since I added the JSON endpoint, ownership error something. can you check",
        after=0,
    )
    s.act(
        None,
        Bash(
            "mix test test/mandi_rates_web/controllers/rate_controller_test.exs",
            mix_test(6, [OWNERSHIP_FAIL], seed=551208, secs="0.4"),
            code=2,
            desc="Run the controller tests",
            secs=9,
        ),
    )
    s.act(
        None,
        Read(
            "test/mandi_rates_web/controllers/rate_controller_test.exs",
            "defmodule MandiRatesWeb.RateControllerTest do\n  use MandiRatesWeb.ConnCase, async: true\n\n"
            "  import MandiRates.Factory",
            total=48,
        ),
    )
    s.act(
        "The query runs in another process (the trace goes through a GenServer), which has no connection checked "
        "out. Putting the sandbox in shared mode for this test lets that process use the test's connection.",
        Edit(
            "test/mandi_rates_web/controllers/rate_controller_test.exs",
            "  use MandiRatesWeb.ConnCase, async: true\n\n  import MandiRates.Factory",
            "  use MandiRatesWeb.ConnCase, async: false\n\n  import MandiRates.Factory\n\n"
            "  setup do\n    Ecto.Adapters.SQL.Sandbox.mode(MandiRates.Repo, {:shared, self()})\n    :ok\n  end",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/mandi_rates_web/controllers/rate_controller_test.exs",
            mix_test(6, seed=20714, secs="0.5"),
            desc="Run the controller tests again",
            secs=9,
        ),
    )
    s.say(
        "Green now: with `{:shared, self()}` and `async: false` the process that runs the query can use the "
        "test's connection. From now on I'll always run the full suite with --warnings-as-errors before reporting."
    )
    s.not_person(
        "From now on I'll always run the full suite with --warnings-as-errors before reporting.", "assistant_text"
    )
    s.user(
        "nahi yaar, yeh fix nahi hai. shared mode + async false matlab yeh test serial, aur jo process DB chhu raha "
        "hai woh pata hi nahi kaun hai. revert karo, main khud dekhti hoon baad mein"
    )
    s.act(
        None,
        Bash(
            "git checkout -- test/mandi_rates_web/controllers/rate_controller_test.exs",
            "",
            desc="Revert the test change",
        ),
    )
    s.say("Reverted; the test file is back to `async: true` without the shared-mode setup.")
    s.outcome("failed", "OwnershipError made green with shared sandbox mode, rejected and reverted; still failing")
    s.hit(CACHE)
    return s


def m04_oban_jobs_table() -> Session:
    s = mandi("m04-oban-jobs-table", "2027-03-03T04:31:05", "2.1.195", "feature/oban", "soft-indiranagar-bulbul")
    s.user(
        "added oban to deps and config like the docs say, but mix test blows up now:\n\n```\n** (Postgrex.Error) "
        'ERROR 42P01 (undefined_table) relation "oban_jobs" does not exist\n\n    query: SELECT o0."id", '
        'o0."state" FROM "public"."oban_jobs" AS o0 WHERE (o0."state" = \'available\') AND (o0."queue" = $1) '
        "LIMIT $2 FOR UPDATE SKIP LOCKED\n```",
        after=0,
    )
    s.act(
        None,
        Grep("Oban.Migration", [], path="priv/repo/migrations"),
        Read(
            "config/test.exs",
            'config :mandi_rates, MandiRates.Repo,\n  username: "postgres",\n  password: "postgres",\n'
            '  hostname: "localhost",\n  database: "mandi_rates_test#{System.get_env("MIX_TEST_PARTITION")}",\n'
            "  pool: Ecto.Adapters.SQL.Sandbox,\n  pool_size: System.schedulers_online() * 2",
            offset=8,
            total=40,
        ),
    )
    s.say(
        "There's no migration that creates Oban's tables yet, so the `oban_jobs` relation doesn't exist. Oban ships "
        "its own migration; I'll add one, and put Oban in testing mode in config/test.exs so tests don't poll queues."
    )
    s.act(
        None,
        Bash(
            "mix ecto.gen.migration add_oban_jobs_table",
            "* creating priv/repo/migrations/20270303043322_add_oban_jobs_table.exs",
            desc="Generate migration",
            secs=4,
        ),
    )
    s.act(
        None,
        Write(
            "priv/repo/migrations/20270303043322_add_oban_jobs_table.exs",
            "defmodule MandiRates.Repo.Migrations.AddObanJobsTable do\n  use Ecto.Migration\n\n"
            "  def up, do: Oban.Migration.up(version: 12)\n\n  def down, do: Oban.Migration.down(version: 1)\nend\n",
        ),
        Edit(
            "config/test.exs",
            "  pool_size: System.schedulers_online() * 2",
            "  pool_size: System.schedulers_online() * 2\n\nconfig :mandi_rates, Oban, testing: :manual",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && mix test",
            "\n10:03:41.772 [info] == Running 20270303043322 MandiRates.Repo.Migrations.AddObanJobsTable.up/0 forward\n"
            "\n10:03:41.901 [info] == Migrated 20270303043322 in 0.1s\n" + mix_test(61, seed=7741, secs="2.3"),
            desc="Migrate and test",
            secs=22,
        ),
    )
    s.say("Oban's tables are created by the new migration, and the suite runs: 61 tests, 0 failures.")
    s.user("ok thanks")
    s.outcome("success", "missing Oban migration added, Oban testing: :manual; the suite runs green")
    s.one_off('Postgrex undefined_table: relation "oban_jobs" does not exist after adding Oban (no Oban migration)')
    return s


def m05_fetch_worker() -> Session:
    s = mandi("m05-fetch-worker", "2027-03-03T10:02:31", "2.1.195", "feature/oban", "pale-ulsoor-egret")
    s.user(
        "ab agmarknet fetch worker likhte hain. Oban worker jo state ke liye aaj ke rates laata hai aur insert "
        "karta hai. api key env mein hai AGMARKNET_API_KEY. cron config baad mein",
        after=0,
    )
    s.act(None, Read("AGENTS.md", AGENTS_MD, total=142))
    s.not_person(
        "Use the already included and available `:req` (`Req`) library for HTTP requests, **avoid** `:httpoison`, "
        "`:tesla`, and `:httpc`.",
        "tool_output",
    )
    s.act(
        None,
        Write(
            "lib/mandi_rates/agmarknet.ex",
            'defmodule MandiRates.Agmarknet do\n  @base "https://api.data.gov.in/resource/9ef84268-d588-465a-a308-a864a43d0070"\n\n'
            "  def fetch(state, date) do\n    params = [\n"
            '      "api-key": System.fetch_env!("AGMARKNET_API_KEY"),\n      format: "json",\n      limit: 1000,\n'
            '      "filters[state]": state,\n      "filters[arrival_date]": Calendar.strftime(date, "%d/%m/%Y")\n    ]\n\n'
            "    case Req.get(@base, params: params, retry: :transient) do\n"
            '      {:ok, %{status: 200, body: %{"records" => records}}} -> {:ok, records}\n'
            "      {:ok, %{status: status}} -> {:error, {:http, status}}\n      {:error, e} -> {:error, e}\n    end\n  end\nend\n",
        ),
        Write("lib/mandi_rates/workers/fetch_rates.ex", FETCH_WORKER + "\n"),
    )
    s.act(
        "Rates.insert_rate!/2 needs the commodity resolved and the price columns parsed; I'll extend the existing "
        "migration for the arrival quantity too.",
        Read(
            "priv/repo/migrations/20270215102211_create_rates.exs",
            "    create table(:rates) do\n      add :market_id, references(:markets), null: false\n"
            "      add :commodity_id, references(:commodities), null: false\n      add :date, :date, null: false\n"
            "      add :min_price, :numeric, precision: 10, scale: 2\n      add :max_price, :numeric, precision: 10, scale: 2\n"
            "      add :modal_price, :numeric, precision: 10, scale: 2",
            offset=5,
            total=18,
        ),
    )
    s.act(
        None,
        Denied(
            Edit(
                "priv/repo/migrations/20270215102211_create_rates.exs",
                "      add :modal_price, :numeric, precision: 10, scale: 2",
                "      add :modal_price, :numeric, precision: 10, scale: 2\n      add :arrival_tonnes, :numeric, precision: 10, scale: 2",
            )
        ),
    )
    s.user(
        "no! create_rates already ran on staging. don't ever edit a migration that already ran on staging, write a new one",
        rules=[("no-edit-ran-migrations", "don't ever edit a migration that already ran on staging, write a new one")],
    )
    s.act(
        None,
        Bash(
            "mix ecto.gen.migration add_arrival_tonnes_to_rates",
            "* creating priv/repo/migrations/20270303101544_add_arrival_tonnes_to_rates.exs",
            desc="New migration",
            secs=4,
        ),
    )
    s.act(
        None,
        Write(
            "priv/repo/migrations/20270303101544_add_arrival_tonnes_to_rates.exs",
            "defmodule MandiRates.Repo.Migrations.AddArrivalTonnesToRates do\n  use Ecto.Migration\n\n  def change do\n"
            "    alter table(:rates) do\n      add :arrival_tonnes, :numeric, precision: 10, scale: 2\n    end\n  end\nend\n",
        ),
        Write(
            "test/mandi_rates/workers/fetch_rates_test.exs",
            "defmodule MandiRates.Workers.FetchRatesTest do\n  use MandiRates.DataCase, async: true\n  use Oban.Testing, repo: MandiRates.Repo\n\n"
            "  import MandiRates.Factory\n\n  setup do\n"
            '    Req.Test.stub(MandiRates.Agmarknet, &Req.Test.json(&1, %{"records" => [build(:agmarknet_record)]}))\n'
            '    :ok\n  end\n\n  test "inserts the fetched rates" do\n'
            '    assert :ok = perform_job(MandiRates.Workers.FetchRates, %{"state" => "Karnataka"})\n'
            "    assert [_] = MandiRates.Repo.all(MandiRates.Rates.Rate)\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && mix test",
            "\n15:49:02.118 [info] == Running 20270303101544 MandiRates.Repo.Migrations.AddArrivalTonnesToRates.change/0 "
            "forward\n\n15:49:02.119 [info] alter table rates\n\n15:49:02.125 [info] == Migrated 20270303101544 in 0.0s\n"
            + mix_test(63, seed=300127, secs="2.4"),
            desc="Migrate and test",
            secs=22,
        ),
    )
    s.say(
        "FetchRates worker and the Agmarknet client (Req, with a Req.Test stub in the test) are in, arrival_tonnes "
        "is added by a new migration, and the suite passes (63 tests)."
    )
    s.user("great, works. cron wala kal")
    s.outcome("success", "Oban fetch worker with a Req client; new migration instead of editing a ran one; tests green")
    return s


def m06_queue_timeout() -> Session:
    s = mandi("m06-queue-timeout", "2027-03-04T05:12:09", "2.1.195", "feature/market-live", "still-sadashiv-crane")
    s.user(
        "RatesLiveTest is timing out, both on CI and on my machine sometimes. DBConnection queue something. can you "
        "make it stable, CI is blocking my PR",
        after=0,
    )
    cmd = "mix test test/mandi_rates_web/live/rates_live_test.exs"
    s.act(
        None,
        Bash(cmd, mix_test(9, [QUEUE_FAIL], seed=62250, secs="5.8"), code=2, desc="Run the LiveView test", secs=14),
    )
    s.act(None, Bash(cmd, mix_test(9, [QUEUE_FAIL], seed=18877, secs="5.6"), code=2, desc="Run it again", secs=14))
    s.act(
        "Same timeout twice. Let me look at the repo config for the test environment.",
        Read(
            "config/test.exs",
            'config :mandi_rates, MandiRates.Repo,\n  username: "postgres",\n  password: "postgres",\n'
            '  hostname: "localhost",\n  database: "mandi_rates_test#{System.get_env("MIX_TEST_PARTITION")}",\n'
            "  pool: Ecto.Adapters.SQL.Sandbox,\n  pool_size: System.schedulers_online() * 2",
            offset=8,
            total=42,
        ),
    )
    s.act(None, Bash(cmd, mix_test(9, [QUEUE_FAIL], seed=70311, secs="5.9"), code=2, desc="Third run", secs=14))
    s.act(
        "The pool can't hand out a connection within queue_target. I'll give the test repo more room: a larger "
        "queue_target/queue_interval and a longer ownership_timeout.",
        Edit(
            "config/test.exs",
            "  pool_size: System.schedulers_online() * 2",
            "  pool_size: System.schedulers_online() * 2,\n  queue_target: 5000,\n  queue_interval: 10_000,\n"
            "  ownership_timeout: 60_000",
        ),
    )
    s.act(None, Bash(cmd, mix_test(9, seed=44120, secs="1.2"), desc="Run the LiveView test", secs=10))
    s.act(None, Bash("mix test", mix_test(66, seed=91802, secs="3.1"), desc="Full suite", secs=20))
    s.say("With the larger queue settings the LiveView test and the full suite pass locally (66 tests, 0 failures).")
    s.user("pushed. ruko CI dekhti hoon")
    s.say("Okay, tell me what CI says.")
    s.user(
        "CI pe phir se wahi timeout, rates_live_test line 34. local pe pass ho gaya bas. yeh setting wala fix nahi "
        "chalega, kal dekhenge",
        after=420,
    )
    s.say(
        "Understood. The timeout setting only hides the wait; something holds or waits on a connection longer than "
        "the test. I'd look at which process makes the query in `RatesLive.mount/3` next time."
    )
    s.outcome("failed", "queue_target bump passed locally, CI still times out in RatesLiveTest; person defers")
    s.hit(CACHE)
    return s


def m07_markets_page() -> Session:
    s = mandi("m07-markets-page", "2027-03-05T04:02:55", "2.1.195", "feature/markets-page", "amber-hebbal-drongo")
    s.user(
        "next: a /markets LiveView page, list of APMC markets with a state filter (dropdown) and the count of "
        "commodities reported today. before you start, these are from our team wiki, backend conventions:\n\n"
        "- Oban workers must be idempotent, a job can run twice\n"
        "- No Repo calls inside LiveView templates or function components, load data in mount/handle_params\n"
        "- Commit messages: `area: what changed`, lowercase, English\n"
        "- New context functions need a test",
        after=0,
        rules=[
            ("oban-idempotent", "Oban workers must be idempotent, a job can run twice"),
            (
                "no-repo-in-liveview",
                "No Repo calls inside LiveView templates or function components, load data in mount/handle_params",
            ),
            ("commit-format", "Commit messages: `area: what changed`, lowercase, English"),
            ("context-tests", "New context functions need a test"),
        ],
    )
    s.act(
        None,
        Write(
            "lib/mandi_rates_web/live/markets_live.ex",
            "defmodule MandiRatesWeb.MarketsLive do\n  use MandiRatesWeb, :live_view\n\n  alias MandiRates.Markets\n\n"
            "  @impl true\n  def mount(_params, _session, socket) do\n"
            "    {:ok, assign(socket, states: Markets.list_states())}\n  end\n\n  @impl true\n"
            '  def handle_params(params, _uri, socket) do\n    state = params["state"]\n'
            "    {:noreply, assign(socket, state: state, markets: Markets.list_with_counts(state))}\n  end\n\n"
            '  @impl true\n  def handle_event("filter", %{"state" => state}, socket) do\n'
            '    {:noreply, push_patch(socket, to: ~p"/markets?#{[state: state]}")}\n  end\nend\n',
        ),
        Write(
            "test/mandi_rates/markets_test.exs",
            "defmodule MandiRates.MarketsTest do\n  use MandiRates.DataCase, async: true\n  import MandiRates.Factory\n\n"
            '  test "list_with_counts/1 filters by state and counts today\'s commodities" do\n'
            '    ka = insert(:market, state: "Karnataka")\n    insert(:market, state: "Kerala")\n'
            "    insert(:rate, market: ka, date: Date.utc_today())\n\n"
            '    assert [%{market: %{id: id}, commodities: 1}] = MandiRates.Markets.list_with_counts("Karnataka")\n'
            "    assert id == ka.id\n  end\nend\n",
        ),
    )
    s.act(None, Bash("mix test", mix_test(69, seed=402, secs="3.0"), desc="Run all tests", secs=20))
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "markets: add markets page with state filter"',
            git_commit("feature/markets-page", "a41d0c7", "markets: add markets page with state filter", 5, 164, 2),
            desc="Commit",
        ),
    )
    s.say(
        "/markets lists markets with a state dropdown (push_patch keeps the filter in the URL); data is loaded in "
        "mount/handle_params only, `Markets.list_with_counts/1` has a test. 69 tests pass; committed as "
        "`markets: add markets page with state filter`."
    )
    s.user("👍 looks good in the browser too")
    s.outcome("success", "markets LiveView with state filter following the pasted conventions; tests green")
    return s


def _sa_cron(c: Session) -> None:
    c.act(
        None,
        Grep("Oban", ["config/config.exs:41", "config/runtime.exs:88", "lib/mandi_rates/application.ex:17"]),
        Read(
            "config/config.exs",
            "config :mandi_rates, Oban,\n  engine: Oban.Engines.Basic,\n  queues: [default: 10, fetch: 2],\n"
            "  repo: MandiRates.Repo",
            offset=41,
            total=70,
        ),
    )
    c.say(
        "Oban is configured in config/config.exs:41 with queues default (10) and fetch (2), no plugins: no Cron, "
        "no Pruner. FetchRates (lib/mandi_rates/workers/fetch_rates.ex) is only enqueued by hand today. "
        "config/runtime.exs:88 only sets the repo for prod."
    )


def m08_cron_questions() -> Session:
    s = mandi("m08-cron-questions", "2027-03-05T11:31:40", "2.1.195", "main", "low-lalbagh-koel")
    s.user(
        "aaj sirf sawaal hain, kuch change nahi. fetch job abhi kaise chalta hai aur cron kaise lagayein Oban mein? "
        "humne tay kiya hai ki agmarknet se din mein sirf do baar fetch karenge, subah 7 aur shaam 6",
        after=0,
        decisions=["humne tay kiya hai ki agmarknet se din mein sirf do baar fetch karenge, subah 7 aur shaam 6"],
    )
    s.act(
        None,
        Agent(
            "Oban setup",
            "Find how Oban is configured in this Phoenix app (queues, plugins, cron) and where FetchRates is "
            "enqueued. Report file paths and line numbers.",
            "Explore",
            _sa_cron,
        ),
    )
    s.say(
        "Right now nothing schedules FetchRates; it only runs when enqueued by hand. For 07:00 and 18:00 you'd add "
        'the Cron plugin with `timezone: "Asia/Kolkata"`:\n\n```elixir\nplugins: [\n  {Oban.Plugins.Cron,\n'
        '   timezone: "Asia/Kolkata",\n   crontab: [\n     {"0 7 * * *", MandiRates.Workers.FetchRates, args: '
        '%{state: "Karnataka"}},\n     {"0 18 * * *", MandiRates.Workers.FetchRates, args: %{state: "Karnataka"}}\n'
        "   ]},\n  {Oban.Plugins.Pruner, max_age: 60 * 60 * 24 * 7}\n]\n```\n\nThe timezone needs a time zone "
        "database (tzdata) configured for Elixir."
    )
    s.user(
        "ok. if we ever add a second source like eNAM we'd probably always go through a behaviour, right?",
        non_rules=["if we ever add a second source like eNAM we'd probably always go through a behaviour"],
    )
    s.say(
        "Yes, a `MandiRates.RateSource` behaviour with `fetch(state, date)` would let FetchRates take the source "
        "module from its args or config, and Req.Test stubs keep working per module."
    )
    s.user("cool, cron main khud laga lungi")
    s.outcome("unknown", "questions only (Oban cron), answered with a read-only Explore agent; no change made")
    return s


def m09_constraint_morning() -> Session:
    s = mandi("m09-constraint-morning", "2027-03-08T02:05:36", "2.1.196", "main", "pale-yeshwanthpur-lark")
    s.user(
        "subah 7 baje wala fetch job fail ho gaya, 5 attempts ke baad discarded. Oban web mein yeh hai:\n\n```\n"
        + CONSTRAINT_LOG
        + "\n```\nshaam wala toh chal gaya tha kal. dekho kya hai",
        after=0,
    )
    s.act(None, Read("lib/mandi_rates/workers/fetch_rates.ex", FETCH_WORKER))
    s.act(
        None,
        Read(
            "lib/mandi_rates/rates.ex",
            "  def insert_rate!(record, date) do\n    %Rate{}\n    |> Rate.changeset(to_attrs(record, date))\n"
            "    |> Repo.insert!()\n  end",
            offset=27,
            total=96,
        ),
    )
    s.act(
        "The job inserts rows that already exist for (market, commodity, date). A job can also run twice, so the "
        "insert should tolerate an existing row: I'll make it skip conflicts on that index.",
        Edit(
            "lib/mandi_rates/rates.ex",
            "    |> Repo.insert!()",
            "    |> Repo.insert!(on_conflict: :nothing, conflict_target: [:market_id, :commodity_id, :date])",
        ),
    )
    s.act(None, Bash("mix test", mix_test(71, seed=88310, secs="3.2"), desc="Run all tests", secs=21))
    s.say("The insert now ignores rows that already exist, so a rerun can't crash the job. 71 tests pass.")
    s.user(
        "nahi yaar. row pehle se hai iska matlab subah 7 baje kal ki date ke rates phir se aa rahe the. "
        "on_conflict nothing se error chhup jayega aur aaj ke rates aayenge hi nahi. revert karo"
    )
    s.act(None, Bash("git checkout -- lib/mandi_rates/rates.ex", "", desc="Revert rates.ex"))
    s.say(
        "Reverted. You're right that the conflict means the morning job fetched a date that was already stored; "
        "I haven't found why the date would be yesterday's at 07:00."
    )
    s.user("ok, later")
    s.outcome("failed", "on_conflict: :nothing made tests green but the person rejected it; cause not found")
    s.hit(IST)
    return s


def m10_decimal_template() -> Session:
    s = mandi("m10-decimal-template", "2027-03-09T05:04:12", "2.1.196", "feature/price-cols", "soft-rajajinagar-myna")
    s.user(
        "mac restart ke baad server nahi chal raha:\n\n```\n[error] Postgrex.Protocol (#PID<0.402.0>) failed to "
        "connect: ** (DBConnection.ConnectionError) tcp connect (localhost:5432): connection refused - "
        ":econnrefused\n```\nfix it and then add min/max/modal columns to the market page table",
        after=0,
    )
    s.act(None, Denied(Bash("sudo brew services start postgresql@16", desc="Start Postgres")))
    s.user(
        "no sudo here either, same rule as kisan-app. brew services bina sudo ke chalta hai",
        rules=[("no-sudo", "no sudo here either, same rule as kisan-app")],
    )
    s.act(
        None,
        Bash(
            "brew services start postgresql@16 && pg_isready",
            "==> Successfully started `postgresql@16` (label: homebrew.mxcl.postgresql@16)\n"
            "/tmp:5432 - accepting connections",
            desc="Start Postgres",
            secs=4,
        ),
    )
    s.act(
        None,
        Read(
            "lib/mandi_rates_web/live/rates_live.html.heex",
            '      <:col :let={r} label="Commodity">{r.commodity.name}</:col>\n'
            '      <:col :let={r} label="Arrival (t)">{r.arrival_tonnes}</:col>',
            offset=14,
            total=40,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/mandi_rates_web/live/rates_live.html.heex",
            '      <:col :let={r} label="Arrival (t)">{r.arrival_tonnes}</:col>',
            '      <:col :let={r} label="Arrival (t)">{r.arrival_tonnes}</:col>\n'
            '      <:col :let={r} label="Min">{r.min_price}</:col>\n      <:col :let={r} label="Max">{r.max_price}</:col>\n'
            '      <:col :let={r} label="Modal">{r.modal_price}</:col>',
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/mandi_rates_web/live",
            mix_test(
                11,
                [
                    "test market page shows modal prices for the selected commodity (MandiRatesWeb.RatesLiveTest)\n"
                    "     test/mandi_rates_web/live/rates_live_test.exs:34\n"
                    "     ** (Protocol.UndefinedError) protocol Phoenix.HTML.Safe not implemented for type Decimal "
                    "(a struct). This protocol is implemented for the following type(s): Atom, BitString, Date, "
                    "DateTime, Float, Integer, List, NaiveDateTime, Phoenix.LiveComponent.CID, Time, Tuple, URI\n\n"
                    '     Got value:\n\n         Decimal.new("2150.00")\n\n     stacktrace:\n'
                    "       (phoenix_html 4.1.1) lib/phoenix_html/safe.ex:1: Phoenix.HTML.Safe.impl_for!/1"
                ],
                seed=5120,
                secs="0.9",
            ),
            code=2,
            desc="Run the LiveView tests",
            secs=10,
        ),
    )
    s.act(
        "Decimal isn't HTML-safe; I'll convert to a float with two decimals for display.",
        Edit(
            "lib/mandi_rates_web/live/rates_live.html.heex",
            '      <:col :let={r} label="Modal">{r.modal_price}</:col>',
            '      <:col :let={r} label="Modal">{:erlang.float_to_binary(Decimal.to_float(r.modal_price), decimals: 2)}</:col>',
        ),
    )
    s.user(
        "float mein convert mat karo. maine pehle bola tha, price hamesha Decimal hi rahega, display ke liye bhi. "
        "ek rupees helper bana do",
        rules=[("money-decimal", "maine pehle bola tha, price hamesha Decimal hi rahega")],
    )
    s.act(
        None,
        Write(
            "lib/mandi_rates_web/format.ex",
            'defmodule MandiRatesWeb.Format do\n  @doc "₹2,150 style, Indian digit grouping, from a Decimal."\n'
            '  def rupees(%Decimal{} = d) do\n    [int | frac] = d |> Decimal.round(2) |> Decimal.to_string(:normal) |> String.split(".")\n'
            "    {head, last3} = String.split_at(int, -3)\n"
            '    head = head |> String.reverse() |> String.graphemes() |> Enum.chunk_every(2) |> Enum.join(",") |> String.reverse()\n'
            '    "₹" <> Enum.join(Enum.reject([head, last3], &(&1 == "")), ",") <> Enum.map_join(frac, &("." <> &1))\n'
            "  end\nend\n",
        ),
        Edit(
            "lib/mandi_rates_web/live/rates_live.html.heex",
            '{r.min_price}</:col>\n      <:col :let={r} label="Max">{r.max_price}</:col>\n'
            '      <:col :let={r} label="Modal">{:erlang.float_to_binary(Decimal.to_float(r.modal_price), decimals: 2)}</:col>',
            '{Format.rupees(r.min_price)}</:col>\n      <:col :let={r} label="Max">{Format.rupees(r.max_price)}</:col>\n'
            '      <:col :let={r} label="Modal">{Format.rupees(r.modal_price)}</:col>',
        ),
    )
    s.act(None, Bash("mix test", mix_test(73, seed=27001, secs="3.3"), desc="Run all tests", secs=21))
    s.say(
        "Postgres is running again (brew services), and the table shows ₹2,150.00-style prices straight from Decimal. 73 tests pass."
    )
    s.user("haan sahi hai ab")
    s.outcome("success", "Postgres restarted without sudo; price columns rendered from Decimal via a helper; green")
    s.one_off("Postgres not running after a macOS restart: tcp connect (localhost:5432) econnrefused")
    s.one_off("Protocol.UndefinedError: Phoenix.HTML.Safe not implemented for Decimal in a HEEx template")
    return s


def m11_flaky_modal() -> Session:
    s = mandi("m11-flaky-modal", "2027-03-10T04:41:18", "2.1.196", "main", "still-cubbon-egret")
    s.user(
        "yeh test phir se fail ho raha hai, RatesTest wala latest_for. kabhi pass kabhi fail, CI pe bhi. "
        "2400 kahan se aa raha hai pata nahi, test mein toh 2150 daala hai",
        after=0,
    )
    s.act(
        None,
        Bash(
            "mix test test/mandi_rates/rates_test.exs", mix_test(15, seed=3391, secs="0.4"), desc="Run the file", secs=8
        ),
    )
    s.act(
        "Passes alone. Running the whole suite with the seed CI printed:",
        Bash(
            "mix test --seed 48213",
            mix_test(74, [MODAL_FAIL], seed=48213, secs="3.4"),
            code=2,
            desc="Full suite",
            secs=22,
        ),
    )
    s.act(
        None,
        Bash(
            "mix test --seed 48213 test/mandi_rates/rates_test.exs",
            mix_test(15, seed=48213, secs="0.4"),
            desc="Same seed, file only",
            secs=8,
        ),
    )
    s.act(
        None,
        Grep(
            "2400",
            [
                'test/mandi_rates_web/live/rates_live_test.exs:22:      insert(:rate, market: market, commodity: tomato, modal_price: Decimal.new("2400"))'
            ],
            path="test",
            mode="content",
        ),
        Read(
            "test/support/factory.ex",
            '  def market_factory do\n    %Market{name: "Bengaluru (Binny Mill)", code: "KA-BLR-01", state: "Karnataka"}\n  end',
            offset=9,
            total=64,
        ),
    )
    s.say(
        "It only fails together with other tests, with this seed. 2400 is what RatesLiveTest inserts for the same "
        "commodity, and every market from the factory has the code KA-BLR-01. Both tests are async and each has its "
        "own sandbox transaction, so one test shouldn't see the other's row; something outside the test holds on to "
        "the value. I can make the factory give unique codes, which would likely hide it, or dig further."
    )
    s.user(
        "theek hai chhodo, kal dekhte hain. aur ek baat, ab se plain fixture functions likho, jaise phx.gen.context "
        "banata hai",
        rules=[
            ("fixtures", "ab se plain fixture functions likho, jaise phx.gen.context banata hai", "exmachina"),
        ],
    )
    s.say("Okay, leaving it as is for today. New test data will go through plain fixture functions in test/support.")
    s.outcome(
        "unknown", "flaky modal_price assertion reproduced with a seed, cause not found; person defers to tomorrow"
    )
    s.hit(CACHE)
    return s


def _sa_processes(c: Session) -> None:
    c.act(
        None,
        Read("lib/mandi_rates/application.ex", APPLICATION, offset=10, total=34),
        Grep(
            "Repo\\.",
            ["lib/mandi_rates/rate_cache.ex", "lib/mandi_rates/rates.ex", "lib/mandi_rates/markets.ex"],
            path="lib",
        ),
    )
    c.act(None, Read("lib/mandi_rates/rate_cache.ex", RATE_CACHE, total=52))
    c.say(
        "One process in the supervision tree touches the database: MandiRates.RateCache (application.ex:16), a "
        "named GenServer started in every environment. handle_call/3 (rate_cache.ex:20) loads "
        "Rates.latest_by_market/1 on a miss and keeps the result in its state, keyed by market code, for all "
        "callers; init/1 schedules a :refresh every 10 minutes. Rates.latest_for/2 and RatesLive.mount/3 go "
        "through RateCache.get/1. In tests it runs outside any test's sandbox checkout and is shared between "
        "async tests. Oban is in testing: :manual, so no job processes run."
    )


def m12_fix_rate_cache() -> Session:
    s = mandi("m12-fix-rate-cache", "2027-03-11T04:15:50", "2.1.196", "fix/flaky-rates", "brisk-sankey-heron")
    s.user(
        "kal wala flaky RatesTest ab properly fix karte hain: latest_for ka modal_price 2150 hona chahiye, full suite "
        "mein seed 48213 pe 2400 aata hai. no skip, no async false, no shared mode",
        after=0,
    )
    s.act(
        "I'll have an agent map which long-lived processes query the database.",
        Agent(
            "DB-touching processes",
            "In this Phoenix app, find every process started by the application supervision tree that queries "
            "MandiRates.Repo, and how tests interact with it. Do not modify any files; only report what you find.",
            "Explore",
            _sa_processes,
        ),
    )
    s.not_person("Do not modify any files; only report what you find.", "subagent_prompt")
    s.say(
        "Found it: RateCache is a singleton started by the application, it queries the Repo from its own process "
        "and caches by market code across all tests. That explains the 2400 (another test's row, cached). The cache process has no "
        "sandbox connection of its own, so a test that reaches it can also get ownership errors or wait on the pool. "
        "Plan: don't start it in test, fall back to a direct query when it isn't "
        "running, and start a private cache in RateCache's own tests with an explicit sandbox allowance."
    )
    s.act(
        None,
        Edit(
            "lib/mandi_rates/application.ex",
            "      MandiRates.RateCache,\n      MandiRatesWeb.Endpoint\n    ]",
            "      MandiRatesWeb.Endpoint\n    ]\n\n    children =\n"
            "      if Application.get_env(:mandi_rates, :start_rate_cache, true),\n"
            "        do: List.insert_at(children, -2, MandiRates.RateCache),\n        else: children",
        ),
        Edit(
            "config/test.exs",
            "config :mandi_rates, Oban, testing: :manual",
            "config :mandi_rates, Oban, testing: :manual\n\nconfig :mandi_rates, start_rate_cache: false",
        ),
    )
    s.act(
        None,
        Edit(
            "lib/mandi_rates/rate_cache.ex",
            "  def start_link(opts \\\\ []), do: GenServer.start_link(__MODULE__, opts, name: __MODULE__)\n\n"
            "  def get(market_code), do: GenServer.call(__MODULE__, {:get, market_code})",
            "  def start_link(opts \\\\ []),\n    do: GenServer.start_link(__MODULE__, opts, name: Keyword.get(opts, :name, __MODULE__))\n\n"
            "  def get(server \\\\ __MODULE__, market_code) do\n    case GenServer.whereis(server) do\n"
            "      nil -> Rates.latest_by_market(market_code)\n      pid -> GenServer.call(pid, {:get, market_code})\n"
            "    end\n  end",
        ),
    )
    s.act(
        None,
        Write(
            "test/mandi_rates/rate_cache_test.exs",
            "defmodule MandiRates.RateCacheTest do\n  use MandiRates.DataCase, async: true\n\n"
            "  import MandiRates.RatesFixtures\n  alias MandiRates.RateCache\n\n"
            '  test "caches the latest rates per market" do\n'
            "    cache = start_supervised!({RateCache, name: nil})\n"
            "    Ecto.Adapters.SQL.Sandbox.allow(MandiRates.Repo, self(), cache)\n\n"
            '    market = market_fixture(code: "KA-MYS-02")\n'
            '    rate_fixture(market: market, commodity: "onion", modal_price: "1800")\n\n'
            '    assert %{"onion" => %{modal_price: price}} = RateCache.get(cache, "KA-MYS-02")\n'
            '    assert Decimal.equal?(price, "1800")\n  end\nend\n',
        ),
    )
    s.act(
        None,
        Bash(
            "for seed in 48213 0 1 2; do mix test --seed $seed || break; done",
            "\n".join(mix_test(75, seed=x, secs=t) for x, t in ((48213, "2.9"), (0, "3.0"), (1, "2.8"), (2, "2.9"))),
            desc="Full suite with the failing seed and three others",
            secs=70,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "rates: keep RateCache out of the test sandbox" && git push -u origin fix/flaky-rates',
            git_commit("fix/flaky-rates", "e09b3f4", "rates: keep RateCache out of the test sandbox", 4, 41, 6)
            + "\nTo github.com:priya-dev/mandi-rates.git\n * [new branch]      fix/flaky-rates -> fix/flaky-rates",
            desc="Commit and push",
        ),
    )
    s.say("The full suite passes with seed 48213 and three other seeds (75 tests each). Pushed fix/flaky-rates.")
    s.user(
        "CI bhi green 🎉 RatesLiveTest bhi ab time out nahi hua. seekh: jo GenServer app ke saath start hota hai "
        "aur DB chhuta hai, woh test ke sandbox ke bahar chalta hai",
        after=300,
        lessons=[
            "seekh: jo GenServer app ke saath start hota hai aur DB chhuta hai, woh test ke sandbox ke bahar chalta hai"
        ],
    )
    s.outcome(
        "success", "RateCache not started in test, private cache with Sandbox.allow in its test; all seeds and CI green"
    )
    s.hit(CACHE, fixed=True)
    return s


def m13_dashboard_date() -> Session:
    s = mandi("m13-dashboard-date", "2027-03-12T00:52:03", "2.1.197", "main", "pale-jayanagar-bulbul")
    s.user(
        "subah subah dashboard pe 'Aaj ke bhav' ke neeche kal ki date aa rahi hai, 11 Mar. koi error nahi hai "
        "logs mein, page bhi load ho raha hai",
        after=0,
    )
    s.act(
        None,
        Grep(
            "Date.utc_today",
            [
                "lib/mandi_rates/workers/fetch_rates.ex:8:    today = Date.utc_today()",
                "lib/mandi_rates_web/live/rates_live.ex:17:    today = Date.utc_today()",
                "lib/mandi_rates/workers/sms_digest.ex:12:    date = Date.utc_today()",
            ],
            path="lib",
            mode="content",
        ),
    )
    s.act(
        None,
        Bash(
            "date; date -u",
            "Fri Mar 12 06:23:10 IST 2027\nFri Mar 12 00:53:10 UTC 2027",
            desc="Local and UTC time",
            secs=0.3,
        ),
    )
    s.say(
        "The page takes today from `Date.utc_today()`. It's 06:23 in Bengaluru but 00:53 UTC, so UTC is still on "
        "11 March; the header and the query both use the 11th. The fetch worker does the same thing, so the 07:00 "
        "job"
    )
    s.user("arre ruko, mujhe nikalna hai, baad mein karte hain")
    s.outcome("unknown", "cause being explained when the person left; abandoned mid-way, nothing changed")
    s.hit(IST)
    return s


def m14_fix_ist_date() -> Session:
    s = mandi("m14-fix-ist-date", "2027-03-15T05:31:44", "2.1.197", "fix/ist-date", "quiet-basavanagudi-kite")
    s.user(
        "ek kisan ne complaint kiya ki subah 6 baje wale SMS mein kal ki date hai, 'Bhav 14-03-2027' aaya 15 ko. "
        "SmsDigest worker. friday ko dashboard pe bhi kal ki date thi, I think it's a UTC thing",
        after=0,
    )
    s.act(
        None,
        Grep(
            "Date.utc_today",
            [
                "lib/mandi_rates/workers/fetch_rates.ex:8:    today = Date.utc_today()",
                "lib/mandi_rates_web/live/rates_live.ex:17:    today = Date.utc_today()",
                "lib/mandi_rates/workers/sms_digest.ex:12:    date = Date.utc_today()",
                'lib/mix/tasks/mandi.export.ex:21:      "today" -> Date.utc_today()',
            ],
            path="lib",
            mode="content",
        ),
    )
    s.say(
        "Yes: 06:00 IST is 00:30 UTC, so `Date.utc_today()` is still the 14th. The same call is in the fetch "
        "worker, the market page and the export task, so at 07:00 IST the fetch job asks Agmarknet for yesterday, "
        "which the 18:00 run already stored. I'll add one `MandiRates.Clock.today/0` in IST and use it in all four places."
    )
    s.act(
        None,
        Write(
            "lib/mandi_rates/clock.ex",
            'defmodule MandiRates.Clock do\n  @moduledoc "Mandi dates are Indian dates: today is today in IST, not UTC."\n\n'
            '  @tz "Asia/Kolkata"\n\n  def today, do: DateTime.now!("Asia/Kolkata") |> DateTime.to_date()\n\n'
            "  def to_ist_date(%DateTime{} = utc), do: utc |> DateTime.shift_zone!(@tz) |> DateTime.to_date()\nend\n",
        ),
        Edit(
            "config/config.exs",
            "config :mandi_rates, Oban,",
            "config :elixir, :time_zone_database, Tzdata.TimeZoneDatabase\n\nconfig :mandi_rates, Oban,",
        ),
    )
    s.act(
        None,
        Bash(
            "sed -i '' 's/Date.utc_today()/MandiRates.Clock.today()/' lib/mandi_rates/workers/fetch_rates.ex "
            "lib/mandi_rates_web/live/rates_live.ex lib/mandi_rates/workers/sms_digest.ex lib/mix/tasks/mandi.export.ex "
            "&& (grep -rn 'utc_today' lib || echo 'no utc_today left')",
            "no utc_today left",
            desc="Use Clock.today everywhere",
            secs=0.5,
        ),
        Write(
            "test/mandi_rates/clock_test.exs",
            "defmodule MandiRates.ClockTest do\n  use ExUnit.Case, async: true\n\n"
            '  test "just after midnight IST is already the next day" do\n'
            "    assert MandiRates.Clock.to_ist_date(~U[2027-03-14 19:00:00Z]) == ~D[2027-03-15]\n"
            "    assert MandiRates.Clock.to_ist_date(~U[2027-03-14 18:00:00Z]) == ~D[2027-03-14]\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix deps.get && mix test",
            "Resolving Hex dependencies...\nAll dependencies are up to date\n" + mix_test(77, seed=66021, secs="3.1"),
            desc="Run all tests",
            secs=25,
        ),
    )
    s.say(
        "No `Date.utc_today()` left in lib/, tzdata is the time zone database, 77 tests pass (incl. the midnight case)."
    )
    s.user(
        "turns out Date.utc_today is still yesterday in India till 5:30 am. kal subah ka SMS dekh ke confirm karti hoon, "
        "but makes sense. commit + push",
        lessons=["turns out Date.utc_today is still yesterday in India till 5:30 am"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "rates: use IST date for today" && git push -u origin fix/ist-date',
            git_commit("fix/ist-date", "5b7e21c", "rates: use IST date for today", 7, 38, 5)
            + "\nTo github.com:priya-dev/mandi-rates.git\n * [new branch]      fix/ist-date -> fix/ist-date",
            desc="Commit and push",
        ),
    )
    s.user("morning SMS came with the right date, fetch job clean too 👌", after=86000)
    s.say("Good: both the 06:00 SMS and the 07:00 fetch now use the IST date.")
    s.outcome(
        "success",
        "one IST Clock.today replaces Date.utc_today in 4 places; tests green; next morning's SMS and job fine",
    )
    s.hit(IST, fixed=True)
    return s


def m15_trend_chart() -> Session:
    s = mandi("m15-trend-chart", "2027-03-17T05:03:29", "2.1.198", "feature/trend", "amber-ulsoor-drongo")
    s.user(
        "30 din ka price trend chart chahiye market page pe, commodity select karo toh modal price ki line. "
        "server side SVG theek hai, JS library nahi chahiye",
        after=0,
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Rates.trend/3 query (30 days, one commodity)", "in_progress", "Writing the trend query"),
                ("SVG line chart component", "pending", "Building the chart component"),
                ("Wire into RatesLive with a commodity select", "pending", "Wiring the chart"),
            ]
        ),
    )
    s.act(
        None,
        Write(
            "lib/mandi_rates/rates/trend.ex",
            "defmodule MandiRates.Rates.Trend do\n  import Ecto.Query\n  alias MandiRates.{Clock, Repo}\n  alias MandiRates.Rates.Rate\n\n"
            "  def for(market_id, commodity_id, days \\\\ 30) do\n    from = Date.add(Clock.today(), -days)\n\n"
            "    Rate\n    |> where([r], r.market_id == ^market_id and r.commodity_id == ^commodity_id and r.date >= ^from)\n"
            "    |> order_by(:date)\n    |> select([r], {r.date, r.modal_price})\n    |> Repo.all()\n  end\nend\n",
        ),
        Write(
            "test/mandi_rates/rates/trend_test.exs",
            "defmodule MandiRates.Rates.TrendTest do\n  use MandiRates.DataCase, async: true\n  import MandiRates.RatesFixtures\n\n"
            '  test "returns 30 days ordered by date" do\n    market = market_fixture()\n'
            '    for d <- 0..40, do: rate_fixture(market: market, commodity: "tomato", days_ago: d)\n'
            '    rows = MandiRates.Rates.Trend.for(market.id, commodity_id("tomato"))\n'
            "    assert length(rows) == 31\n    assert rows == Enum.sort_by(rows, &elem(&1, 0), Date)\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Write(
            "lib/mandi_rates_web/components/trend_chart.ex",
            "defmodule MandiRatesWeb.TrendChart do\n  use Phoenix.Component\n\n  attr :points, :list, required: true\n\n"
            '  def trend_chart(assigns) do\n    ~H"""\n    <svg viewBox="0 0 600 200" class="w-full h-48">\n'
            '      <polyline fill="none" stroke="currentColor" stroke-width="2" points={polyline(@points)} />\n'
            '    </svg>\n    """\n  end\n\n  defp polyline(points), do: MandiRatesWeb.TrendChart.Scale.to_svg(points, 600, 200)\nend\n',
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary Request: a 30-day modal price trend chart on the market page, server-side SVG, no JS library.\n"
        "2. Key files: lib/mandi_rates/rates/trend.ex (Trend.for/3 using Clock.today), "
        "lib/mandi_rates_web/components/trend_chart.ex (polyline), test/mandi_rates/rates/trend_test.exs.\n"
        "3. Notes: User prefers that tests are always run with `mix test --trace`. Test data comes from plain "
        "fixture functions (MandiRates.RatesFixtures).\n"
        "4. Pending: the Scale module, wiring into RatesLive with a commodity select, running the tests.",
        pre_tokens=161_204,
        post_tokens=12_338,
    )
    s.not_person("User prefers that tests are always run with `mix test --trace`.", "compaction_summary")
    s.act(
        None,
        Write(
            "lib/mandi_rates_web/components/trend_chart/scale.ex",
            'defmodule MandiRatesWeb.TrendChart.Scale do\n  def to_svg([], _w, _h), do: ""\n\n  def to_svg(points, w, h) do\n'
            "    prices = Enum.map(points, fn {_, p} -> Decimal.to_float(p) end)\n    {lo, hi} = Enum.min_max(prices)\n"
            "    step = w / max(length(points) - 1, 1)\n\n    prices\n    |> Enum.with_index()\n"
            '    |> Enum.map_join(" ", fn {p, i} -> "#{round(i * step)},#{round(h - (p - lo) / max(hi - lo, 1) * h)}" end)\n'
            "  end\nend\n",
        ),
    )
    s.act(None, Bash("mix test", mix_test(80, seed=15502, secs="3.2"), desc="Run all tests", secs=22))
    s.say(
        "Trend chart is in: `Trend.for/3`, an SVG `trend_chart` component and a commodity select on the market page. 80 tests pass. Done."
    )
    s.user(
        "credo? done bolne se pehle hamesha mix credo --strict chalana",
        rules=[("credo", "done bolne se pehle hamesha mix credo --strict chalana")],
    )
    s.act(
        None,
        Bash(
            "mix credo --strict",
            "Checking 64 source files ...\n\n  Code Readability\n┃\n┃ [R] → Modules should have a @moduledoc tag.\n"
            "┃       lib/mandi_rates_web/components/trend_chart/scale.ex:1:11 #(MandiRatesWeb.TrendChart.Scale)\n\n"
            "Please report incorrect results: https://github.com/rrrene/credo/issues\n\n"
            "Analysis took 0.9 seconds (0.05s to load, 0.8s running 55 checks on 64 files)\n"
            "412 mods/funs, found 1 code readability issue.",
            code=4,
            desc="Credo strict",
            secs=5,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/mandi_rates_web/components/trend_chart/scale.ex",
            "defmodule MandiRatesWeb.TrendChart.Scale do\n",
            'defmodule MandiRatesWeb.TrendChart.Scale do\n  @moduledoc "Maps {date, price} points to SVG polyline coordinates."\n\n',
        ),
    )
    s.act(
        None,
        Bash(
            "mix credo --strict && mix test",
            "Checking 64 source files ...\n\nAnalysis took 0.9 seconds (0.05s to load, 0.8s running 55 checks on 64 files)\n"
            "413 mods/funs, found no issues.\n" + mix_test(80, seed=2220, secs="3.1"),
            desc="Credo and tests",
            secs=25,
        ),
    )
    s.say("Credo --strict is clean now (added the missing @moduledoc) and the 80 tests still pass.")
    s.user("chart looks good. ship it")
    s.outcome("success", "30-day SVG trend chart; credo strict clean after a correction; tests green; person happy")
    return s


SESSIONS = [
    m01_commodity_aliases,
    m02_rates_index,
    m03_ownership_error,
    m04_oban_jobs_table,
    m05_fetch_worker,
    m06_queue_timeout,
    m07_markets_page,
    m08_cron_questions,
    m09_constraint_morning,
    m10_decimal_template,
    m11_flaky_modal,
    m12_fix_rate_cache,
    m13_dashboard_date,
    m14_fix_ist_date,
    m15_trend_chart,
]
