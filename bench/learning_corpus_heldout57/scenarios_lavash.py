"""Armen's `lavash` sessions (l01-l16): an Elixir 1.17 / Phoenix LiveView app where Yerevan restaurants order
lavash and matnakash from a chain of bakeries for the next morning; Ecto on PostgreSQL, ExUnit, Oban (SMS and
Telegram notices, the nightly invoice run), deployed with Kamal. Times are UTC; Yerevan is UTC+4 all year."""

from __future__ import annotations

from fake_output import LAV, git_commit, mix_test
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "lavash"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=LAV, project=PROJECT)


ORDERS = """defmodule Lavash.Orders do
  @moduledoc "Next-morning bread orders from restaurants."
  import Ecto.Query

  alias Lavash.Repo
  alias Lavash.Orders.{Order, OrderItem}

  @cutoff_hour 18

  def delivery_date_for(%DateTime{} = placed_at) do
    local_hour = placed_at |> DateTime.add(4 * 3600) |> Map.fetch!(:hour)
    days = if local_hour < @cutoff_hour, do: 1, else: 2
    Date.add(Date.utc_today(), days)
  end

  def list_for_day(%Date{} = day) do
    from(o in Order, where: o.delivery_date == ^day, preload: [:restaurant, items: :product])
    |> Repo.all()
  end
end
"""

PLACE_TX = """  def place_order(restaurant, lines) do
    Repo.transaction(fn ->
      order =
        %Order{restaurant_id: restaurant.id, delivery_date: delivery_date_for(DateTime.utc_now())}
        |> Repo.insert!()

      Enum.each(lines, fn {product_id, qty} ->
        Repo.insert!(%OrderItem{order_id: order.id, product_id: product_id, qty: qty})
      end)

      Oban.insert!(Lavash.Notify.SmsWorker.new(%{order_id: order.id}))
      order
    end)
  end
"""

PLACE_MULTI = """  def place_order(restaurant, lines) do
    placed_at = DateTime.utc_now()

    Ecto.Multi.new()
    |> Ecto.Multi.insert(:order, Order.changeset(%Order{}, %{
      restaurant_id: restaurant.id,
      delivery_date: delivery_date_for(placed_at)
    }))
    |> Ecto.Multi.insert_all(:items, OrderItem, fn %{order: order} ->
      for {product_id, qty} <- lines, do: %{order_id: order.id, product_id: product_id, qty: qty}
    end)
    |> Oban.insert(:sms, fn %{order: order} -> Lavash.Notify.SmsWorker.new(%{order_id: order.id}) end)
    |> Repo.transaction()
  end
"""

CUTOFF_TEST = """defmodule Lavash.Orders.CutoffTest do
  use Lavash.DataCase, async: true

  import Lavash.Fixtures

  alias Lavash.Orders

  test "orders placed before 18:00 are delivered tomorrow" do
    restaurant = restaurant_fixture()
    {:ok, %{order: order}} = Orders.place_order(restaurant, [{product_fixture().id, 40}])
    assert order.delivery_date == Date.add(yerevan_today(), 1)
  end
end
"""

INVOICE_WORKER = """defmodule Lavash.Billing.DailyInvoiceWorker do
  use Oban.Worker, queue: :billing, max_attempts: 3

  import Ecto.Query

  alias Lavash.{Billing, Repo}
  alias Lavash.Orders.Order

  @impl Oban.Worker
  def perform(_job) do
    day = Date.add(Date.utc_today(), -1)

    from(o in Order, where: fragment("?::date", o.inserted_at) == ^day, preload: [:restaurant, :items])
    |> Repo.all()
    |> Enum.group_by(& &1.restaurant)
    |> Enum.each(fn {restaurant, orders} -> Billing.create_invoice!(restaurant, day, orders) end)
  end
end
"""

CONFIG_OBAN = """config :lavash, Oban,
  engine: Oban.Engines.Basic,
  repo: Lavash.Repo,
  queues: [default: 10, sms: 5, telegram: 5, billing: 2],
  plugins: [
    {Oban.Plugins.Pruner, max_age: 7 * 24 * 3600},
    {Oban.Plugins.Cron, crontab: [{"0 0 * * *", Lavash.Billing.DailyInvoiceWorker}]}
  ]
"""

TEST_EXS = """import Config

config :lavash, Lavash.Repo,
  username: "postgres",
  password: "postgres",
  hostname: "localhost",
  database: "lavash_test#{System.get_env("MIX_TEST_PARTITION")}",
  pool: Ecto.Adapters.SQL.Sandbox,
  pool_size: System.schedulers_online() * 2

config :lavash, LavashWeb.Endpoint,
  http: [ip: {127, 0, 0, 1}, port: 4002],
  secret_key_base: "n1cZ0k9yq7mJxVwS2bTQ8hLrF4aUeD6gPjR3sXoYvN5iKtHcWzB0lMfEu",
  server: false

config :lavash, Lavash.Sms, adapter: Lavash.Sms.Test

config :logger, level: :warning
config :phoenix, :plug_init_mode, :runtime
"""

ORDER_LIVE_TEST = """defmodule LavashWeb.OrderLiveTest do
  use LavashWeb.ConnCase, async: true

  import Phoenix.LiveViewTest
  import Lavash.Fixtures

  setup :register_and_log_in_user

  test "resend button re-queues the SMS", %{conn: conn} do
    order = order_fixture()
    {:ok, view, _html} = live(conn, ~p"/orders/#{order.id}")

    view |> element("button", "Resend SMS") |> render_click()

    assert_enqueued worker: Lavash.Notify.SmsWorker, args: %{order_id: order.id}
  end
end
"""

SMS_WORKER = """defmodule Lavash.Notify.SmsWorker do
  use Oban.Worker, queue: :sms, max_attempts: 5

  alias Lavash.{Orders, Sms}

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{"order_id" => id}}) do
    order = Orders.get_order!(id)
    Sms.send(order.restaurant.phone, Orders.confirmation_text(order))
  end
end
"""

SHOW_LIVE = """  @impl true
  def handle_event("resend", _params, socket) do
    order = Repo.get!(Order, socket.assigns.order.id)
    Oban.insert!(Lavash.Notify.SmsWorker.new(%{order_id: order.id}))
    {:noreply, put_flash(socket, :info, "SMS-ը նորից ուղարկվում ա")}
  end
"""

DASHBOARD_LIVE = """defmodule LavashWeb.DashboardLive do
  use LavashWeb, :live_view

  alias Lavash.Orders

  @impl true
  def mount(_params, _session, socket) do
    {:ok, assign(socket, day: Date.utc_today(), orders: Orders.list_for_day(Date.utc_today()))}
  end
end
"""

SCHEDULE_EX = """defmodule Lavash.Delivery.Schedule do
  @moduledoc "Which morning a bakery delivers."

  def next_delivery_day do
    Date.utc_today() |> Date.add(1)
  end
end
"""

CONTRIBUTING = """# lavash: how we work

- Branches: `feature/...`, `fix/...`; PRs need one review (Narek or Armen).
- `mix format` and `mix compile --warnings-as-errors` must pass; CI runs both.
- Migrations: one change per migration, reversible when possible.
- Never call external HTTP APIs from a migration.
- Money is stored in whole dram (`:integer`), never floats.
- Deploy: `kamal deploy` from main only."""

MIGRATION_STATUS = """defmodule Lavash.Repo.Migrations.AddStatusToOrders do
  use Ecto.Migration

  def change do
    alter table(:orders) do
      add :status, :string, null: false, default: "placed"
    end

    create index(:orders, [:restaurant_id, :delivery_date])
  end
end
"""

ROUTER_UP = """  scope "/", LavashWeb do
    pipe_through [:browser, :require_authenticated_user]

    get "/up", HealthController, :show
    live "/", DashboardLive
    live "/orders/:id", OrderLive.Show
  end
"""

DEPLOY_YML = """service: lavash
image: armen-h/lavash

servers:
  web:
    hosts:
      - 46.101.212.87
  job:
    hosts:
      - 46.101.212.87
    cmd: bin/lavash start
    env:
      clear:
        OBAN_QUEUES_ONLY: "true"

proxy:
  ssl: true
  host: lavash.am
  healthcheck:
    path: /up

env:
  clear:
    PHX_HOST: lavash.am
    POOL_SIZE: 10
  secret:
    - DATABASE_URL
    - SECRET_KEY_BASE
    - SMS_API_KEY
    - TELEGRAM_BOT_TOKEN
"""


# ---------------------------------------------------------------------------------------------------------------


def l01() -> Session:
    s = new("l01-order-form", "2028-03-06T06:10:21", "2.1.150", "feature/order-form", "order-form-apricot")
    s.user(
        "lavash: resturants order bread for the next morning. need Orders.place_order/2 (order + order_items) "
        "and it should enqueu the confirmation sms (Lavash.Notify.SmsWorker, already there). then the form in "
        "OrderLive.New: products with qty inputs, submit -> place_order"
    )
    s.title("Order placement and form")
    s.act(None, Read("lib/lavash/orders.ex", ORDERS), Read("lib/lavash/notify/sms_worker.ex", SMS_WORKER))
    s.act(
        "`place_order/2` in a transaction, inserting the order, its items and the SMS job together:",
        Edit("lib/lavash/orders.ex", "  def list_for_day(", PLACE_TX + "\n  def list_for_day("),
    )
    s.act(
        None,
        Write(
            "lib/lavash_web/live/order_live/new.ex",
            "defmodule LavashWeb.OrderLive.New do\n  use LavashWeb, :live_view\n\n  alias Lavash.{Catalog, Orders}\n\n"
            "  @impl true\n  def mount(_params, _session, socket) do\n    {:ok, assign(socket, products: "
            'Catalog.list_products(), qty: %{})}\n  end\n\n  @impl true\n  def handle_event("place", %{"qty" => '
            'qty}, socket) do\n    lines = for {id, q} <- qty, q != "", do: {String.to_integer(id), '
            "String.to_integer(q)}\n\n    case Orders.place_order(socket.assigns.current_restaurant, lines) do\n"
            '      {:ok, _} -> {:noreply, socket |> put_flash(:info, "Պատվերը ընդունված ա") |> push_navigate(to: '
            '~p"/orders")}\n      {:error, _} -> {:noreply, put_flash(socket, :error, "Չստացվեց")}\n    end\n'
            "  end\nend\n",
        ),
    )
    s.act(None, Bash("mix test", mix_test(41, secs=2.4), secs=9))
    s.say("`place_order/2` and the form are in; 41 tests pass.")
    s.user(
        "no. we use Ecto.Multi here, not Repo.transaction with a fn. rewrite place_order",
        rules=[("ecto-multi", "we use Ecto.Multi here, not Repo.transaction with a fn")],
    )
    s.act(
        "Rewritten as an `Ecto.Multi`, with the SMS job through `Oban.insert/3` so it is part of the same transaction:",
        Edit("lib/lavash/orders.ex", PLACE_TX, PLACE_MULTI),
    )
    s.act(
        None,
        Edit(
            "lib/lavash_web/live/order_live/new.ex",
            "      {:error, _} ->",
            "      {:error, _step, _changeset, _} ->",
        ),
    )
    s.act(None, Bash("mix test", mix_test(41, secs=2.3), secs=9))
    s.say("Green. `place_order/2` returns `{:ok, %{order: ..., items: ..., sms: ...}}` now.")
    s.user("ok commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Պատվերի ձև, place_order Ecto.Multi-ով'",
            git_commit("feature/order-form", "3e81c0a", "Պատվերի ձև, place_order Ecto.Multi-ով", 3, 88, 2),
        ),
    )
    s.say("Committed (`3e81c0a`).")
    s.user(
        "commit message-ները անգլերեն գրի, հայերեն չէ։ amend արա։ մեկ էլ՝ որոշեցինք deploy-ը Kamal-ով ենք անում, "
        "Fly չէ, Dockerfile-ը հետո",
        rules=[("english-commits", "commit message-ները անգլերեն գրի, հայերեն չէ")],
        decisions=["որոշեցինք deploy-ը Kamal-ով ենք անում, Fly չէ"],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'Order form and place_order via Ecto.Multi'",
            git_commit("feature/order-form", "5a0c7d2", "Order form and place_order via Ecto.Multi", 3, 88, 2),
        ),
    )
    s.say("Amended (`5a0c7d2`). Noted on Kamal; the Dockerfile can wait.")
    s.outcome("success", "place_order via Ecto.Multi and the order form; tests green, committed in English")
    return s


def l02() -> Session:
    s = new("l02-cutoff-red", "2028-03-07T20:35:48", "2.1.151", "feature/order-form", "midnight-cutoff-quince")
    s.user("test/lavash/orders/cutoff_test.exs karmir a, erek lav er. nayi inchi")
    fail = mix_test(
        1,
        [
            (
                "orders placed before 18:00 are delivered tomorrow (Lavash.Orders.CutoffTest)",
                "test/lavash/orders/cutoff_test.exs:8",
                "     Assertion with == failed\n     code:  assert order.delivery_date == Date.add(yerevan_today(), 1)\n"
                "     left:  ~D[2028-03-08]\n     right: ~D[2028-03-09]\n     stacktrace:\n"
                "       test/lavash/orders/cutoff_test.exs:11: (test)",
            )
        ],
        seed=771204,
        secs=0.3,
    )
    s.act(None, Bash("mix test test/lavash/orders/cutoff_test.exs", fail, code=2, secs=6))
    s.act(
        "The order comes out one day early. The test database may be stale after yesterday's migration; resetting it:",
        Bash(
            "MIX_ENV=test mix ecto.reset",
            "The database for Lavash.Repo has been dropped\nThe database for Lavash.Repo has been created\n"
            "[info] == Running 20280306061500 Lavash.Repo.Migrations.CreateOrders.change/0 forward\n"
            "[info] == Migrated 20280306061500 in 0.0s",
            secs=5,
        ),
    )
    s.act(None, Bash("mix test test/lavash/orders/cutoff_test.exs", fail, code=2, secs=6))
    s.act(
        "Same. Looking at the test and at `delivery_date_for/1`:",
        Read("test/lavash/orders/cutoff_test.exs", CUTOFF_TEST),
    )
    s.act(
        None,
        Read("lib/lavash/orders.ex", ORDERS),
    )
    s.act(
        "Running it once more to rule out a seed-dependent fixture:",
        Bash("mix test test/lavash/orders/cutoff_test.exs", fail, code=2, secs=6),
    )
    s.say(
        "Three runs, the same result: the order gets 2028-03-08 and the test expects 2028-03-09. The hour check in "
        "`delivery_date_for/1` shifts the time by four hours, but the date itself comes from somewhere else, and "
        "`yerevan_today()` in the test support is a helper I have not looked at yet. It is 20:37 UTC now; it was "
        "green earlier today, so it may depend on the time of day. I can dig into the helper next."
    )
    s.user("lav, toxi. qnem, vaghy kanenq")
    s.outcome("failed", "cutoff test red, the same mix test run three times; cause not found, left for tomorrow")
    s.hit("utc-business-day")
    return s


def l03() -> Session:
    s = new("l03-ownership-flaky", "2028-03-08T06:20:05", "2.1.151", "feature/resend-sms", "flaky-owner-walnut")
    s.user(
        "this one fails like every third run. flaky af\n\n```\n"
        "06:14:52.318 [error] Postgrex.Protocol (#PID<0.431.0>) disconnected: ** (DBConnection.ConnectionError) "
        "owner #PID<0.839.0> exited\n\n"
        "  1) test resend button re-queues the SMS (LavashWeb.OrderLiveTest)\n"
        "     test/lavash_web/live/order_live_test.exs:27\n"
        "     ** (DBConnection.OwnershipError) cannot find ownership process for #PID<0.845.0>.\n\n"
        "     When using ownership, you must manage connections in one\n"
        "     of the four ways:\n\n"
        "     * By explicitly checking out a connection\n"
        "     * By explicitly allowing a spawned process\n"
        "     * By running the pool in shared mode\n"
        "     * By using :caller option with allowed process\n\n"
        "     stacktrace:\n"
        "       (lavash 0.1.0) lib/lavash/orders.ex:41: Lavash.Orders.get_order!/1\n"
        "       (lavash 0.1.0) lib/lavash/notify/sms_worker.ex:8: Lavash.Notify.SmsWorker.perform/1\n"
        "       (oban 2.18.3) lib/oban/queue/executor.ex:145: Oban.Queue.Executor.perform/1\n\n"
        "Finished in 2.6 seconds (1.9s async, 0.7s sync)\n44 tests, 1 failure\n```"
    )
    s.act(None, Read("test/lavash_web/live/order_live_test.exs", ORDER_LIVE_TEST))
    s.say(
        "The process without a connection is the SMS worker running from the Oban executor, not the LiveView. With "
        "`async: true` each test owns its own sandbox connection, and a process started outside the test cannot "
        "use it. Running this module synchronously (shared sandbox mode) gives every process the test's connection:"
    )
    s.act(
        None,
        Edit(
            "test/lavash_web/live/order_live_test.exs",
            "  use LavashWeb.ConnCase, async: true",
            "  use LavashWeb.ConnCase, async: false",
        ),
    )
    s.act(None, Bash("mix test test/lavash_web/live/order_live_test.exs", mix_test(6, secs=0.9), secs=7))
    s.user("չէ, async-ը մի անջատի, ուրիշ տեղ ա պրոբլեմը։ հետ բեր")
    s.act(
        None,
        Edit(
            "test/lavash_web/live/order_live_test.exs",
            "  use LavashWeb.ConnCase, async: false",
            "  use LavashWeb.ConnCase, async: true",
        ),
    )
    s.act(
        None,
        Bash(
            "for i in 1 2 3; do mix test test/lavash_web/live/order_live_test.exs 2>&1 | tail -1; done",
            "6 tests, 0 failures\n6 tests, 1 failure\n6 tests, 0 failures",
            secs=21,
        ),
    )
    s.say("Reverted to `async: true`. One of three runs fails again with the ownership error from the SMS worker.")
    s.user("meh. leave it, got other stuf now")
    s.outcome(
        "failed", "intermittent DBConnection.OwnershipError from the SMS worker; async: false refused, still flaky"
    )
    s.hit("oban-runs-in-tests")
    return s


def l04() -> Session:
    s = new("l04-invoice-wrong-day", "2028-03-09T06:40:33", "2.1.152", "main", "invoice-day-pomegranate")
    s.user(
        "Anahit-ը Komitas-ի փռից գրում ա՝\n\n> в счёте за 8 марта заказы №1187 и №1188, а их сделали 9-го ночью, "
        "в два часа. поправьте пожалуйста\n\nնայի DailyInvoiceWorker-ը"
    )
    s.act(
        None,
        Read("lib/lavash/billing/daily_invoice_worker.ex", INVOICE_WORKER),
        Read("config/config.exs", CONFIG_OBAN, offset=31, total=70),
    )
    s.act(
        None,
        Bash(
            "mix run -e 'Lavash.Repo.all(Ecto.Query.from o in Lavash.Orders.Order, where: o.id in [1187, 1188], "
            "select: {o.id, o.inserted_at, o.delivery_date}) |> IO.inspect()'",
            "[{1187, ~U[2028-03-08 22:07:41Z], ~D[2028-03-09]}, {1188, ~U[2028-03-08 22:19:03Z], ~D[2028-03-09]}]",
            secs=4,
        ),
    )
    s.say(
        "Both orders were inserted on 8 March in UTC (22:07 and 22:19), which is 02:07 and 02:19 on 9 March in "
        "Yerevan. The worker picks orders by the UTC date of `inserted_at`, for `Date.utc_today()` minus one, and "
        "the cron entry `0 0 * * *` fires at midnight UTC. If the run happens at Yerevan midnight instead, the "
        "invoice closes at the right moment:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "config/config.exs",
                '{"0 0 * * *", Lavash.Billing.DailyInvoiceWorker}',
                '{"0 20 * * *", Lavash.Billing.DailyInvoiceWorker}',
            ),
            "սա մի արա, cron-ը շարժելով չի լուծվում",
        ),
    )
    s.user("ժամանակ չունեմ հիմա, meeting ա։ թող, Anahit-ին ձեռքով կուղղեմ")
    s.say("Understood, nothing changed; the two orders stay on the 8 March invoice until it is corrected by hand.")
    s.outcome("failed", "invoice for the wrong day (orders placed after Yerevan midnight); moving the cron refused")
    s.hit("utc-business-day")
    return s


def l05() -> Session:
    s = new("l05-sms-resend", "2028-03-10T06:15:12", "2.1.152", "feature/resend-sms", "resend-button-tarragon")
    s.user(
        "SmsWorker: real send through Lavash.Sms (gateway module is there), max 5 attempts. and a Resend SMS button on "
        "the order page. should we always retry SMS on 5xx or leave it to Oban's max_attempts? also the evening "
        "reminder for restaurants that didn't order: stick with Oban cron for the reminder too, no Quantum",
        non_rules=["should we always retry SMS on 5xx or leave it to Oban's max_attempts?"],
        decisions=["stick with Oban cron for the reminder too, no Quantum"],
    )
    s.act(
        None,
        Read("lib/lavash/notify/sms_worker.ex", SMS_WORKER),
        Read("lib/lavash_web/live/order_live/show.ex", SHOW_LIVE, offset=30, total=61),
    )
    s.say(
        "On 5xx: return `{:error, reason}` from `perform/1` and let Oban's backoff retry up to `max_attempts`; a 4xx "
        "(bad number) should `{:cancel, reason}` so it does not retry. The Resend button already exists in "
        "`show.ex`; it reloads the order and inserts the job. Adding the 4xx/5xx split and the reminder worker:"
    )
    s.act(
        None,
        Edit(
            "lib/lavash/notify/sms_worker.ex",
            "    Sms.send(order.restaurant.phone, Orders.confirmation_text(order))",
            "    case Sms.send(order.restaurant.phone, Orders.confirmation_text(order)) do\n"
            "      {:ok, _} -> :ok\n      {:error, %{status: s}} when s in 400..499 -> {:cancel, {:rejected, s}}\n"
            "      {:error, reason} -> {:error, reason}\n    end",
        ),
        Write(
            "lib/lavash/notify/reminder_worker.ex",
            "defmodule Lavash.Notify.ReminderWorker do\n  use Oban.Worker, queue: :sms\n\n  alias Lavash.{Orders, "
            "Sms}\n\n  @impl Oban.Worker\n  def perform(_job) do\n    for r <- Orders.restaurants_without_order("
            'Date.add(Date.utc_today(), 1)) do\n      Sms.send(r.phone, "Վաղվա պատվերը դեռ չեք արել, մինչև 18:00")\n'
            "    end\n\n    :ok\n  end\nend\n",
        ),
    )
    s.user(
        "show.ex-ում Repo.get! ա։ LiveView-ից Repo ուղիղ չենք կանչում, ամեն ինչ context-ի միջով",
        rules=[("liveview-context", "LiveView-ից Repo ուղիղ չենք կանչում, ամեն ինչ context-ի միջով")],
    )
    s.act(
        "Moving it into `Lavash.Orders.resend_confirmation/1`:",
        Edit(
            "lib/lavash_web/live/order_live/show.ex",
            "    order = Repo.get!(Order, socket.assigns.order.id)\n"
            "    Oban.insert!(Lavash.Notify.SmsWorker.new(%{order_id: order.id}))\n",
            "    {:ok, _job} = Orders.resend_confirmation(socket.assigns.order)\n",
        ),
        Edit(
            "lib/lavash/orders.ex",
            "  def list_for_day(",
            "  def resend_confirmation(%Order{id: id}) do\n    Oban.insert(Lavash.Notify.SmsWorker.new(%{order_id: id}))\n"
            "  end\n\n  def list_for_day(",
        ),
    )
    s.user(
        "ու ամեն Oban job-ի համար unique դիր, որ նույն SMS-ը երկու անգամ չգնա",
        rules=[("oban-unique", "ամեն Oban job-ի համար unique դիր, որ նույն SMS-ը երկու անգամ չգնա")],
    )
    s.act(
        None,
        Edit(
            "lib/lavash/notify/sms_worker.ex",
            "  use Oban.Worker, queue: :sms, max_attempts: 5",
            "  use Oban.Worker, queue: :sms, max_attempts: 5, unique: [period: 300, keys: [:order_id]]",
        ),
        Edit(
            "lib/lavash/notify/reminder_worker.ex",
            "  use Oban.Worker, queue: :sms",
            "  use Oban.Worker, queue: :sms, unique: [period: 3600]",
        ),
    )
    s.act(
        None,
        Edit(
            "config/config.exs",
            '{"0 0 * * *", Lavash.Billing.DailyInvoiceWorker}',
            '{"0 0 * * *", Lavash.Billing.DailyInvoiceWorker},\n       {"0 13 * * *", Lavash.Notify.ReminderWorker}',
        ),
    )
    s.act(None, Bash("mix format && mix test", mix_test(47, secs=2.8), secs=11))
    s.say(
        "Done: 4xx cancels, 5xx retries (up to 5), Resend goes through `Orders.resend_confirmation/1`, both SMS "
        "workers are unique, and the reminder runs from Oban cron at 13:00 UTC (17:00 in Yerevan). 47 tests pass."
    )
    s.user("merci")
    s.outcome("success", "SMS worker with 4xx/5xx handling, resend through the context, unique jobs, reminder cron")
    return s


def l06() -> Session:
    s = new("l06-assert-enqueued", "2028-03-13T06:30:44", "2.1.153", "feature/close-day", "enqueue-miss-cherry")
    s.user(
        "new test: closing the day must enqueue the invoice job. fials, the job is just not there\n\n```\n"
        "  1) test close_day/1 enqueues the daily invoice (Lavash.BillingTest)\n"
        "     test/lavash/billing_test.exs:31\n"
        "     Expected a job matching:\n\n     %{worker: Lavash.Billing.DailyInvoiceWorker}\n\n"
        '     to be enqueued in the "billing" queue. Instead found:\n\n     []\n\n'
        "     code: assert_enqueued worker: Lavash.Billing.DailyInvoiceWorker, queue: :billing\n"
        "     stacktrace:\n       test/lavash/billing_test.exs:35: (test)\n```"
    )
    s.act(
        None,
        Read(
            "test/lavash/billing_test.exs",
            '  test "close_day/1 enqueues the daily invoice" do\n    :ok = Billing.close_day(~D[2028-03-12])\n\n'
            "    assert_enqueued worker: Lavash.Billing.DailyInvoiceWorker, queue: :billing\n  end",
            offset=31,
            total=44,
        ),
        Read(
            "lib/lavash/billing.ex",
            "  def close_day(day) do\n    Task.start(fn -> Oban.insert!(DailyInvoiceWorker.new(%{day: day})) end)\n"
            "    :ok\n  end",
            offset=12,
            total=60,
        ),
    )
    s.say(
        "`close_day/1` inserts the job from a `Task`, so the test can reach `assert_enqueued` before the insert "
        "happens. A short wait before the assertion:"
    )
    s.act(
        None,
        Edit(
            "test/lavash/billing_test.exs",
            "    :ok = Billing.close_day(~D[2028-03-12])\n",
            "    :ok = Billing.close_day(~D[2028-03-12])\n    Process.sleep(200)\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/lavash/billing_test.exs:31",
            mix_test(
                1,
                [
                    (
                        "close_day/1 enqueues the daily invoice (Lavash.BillingTest)",
                        "test/lavash/billing_test.exs:31",
                        "     Expected a job matching:\n\n     %{worker: Lavash.Billing.DailyInvoiceWorker}\n\n     to be "
                        'enqueued in the "billing" queue. Instead found:\n\n     []',
                    )
                ],
                secs=0.5,
            ),
            code=2,
            secs=6,
        ),
    )
    s.user(
        "в тестах никаких Process.sleep. если надо ждать, то assert_receive или нормальная синхронизация. убери",
        rules=[("no-sleep-tests", "в тестах никаких Process.sleep")],
    )
    s.act(
        None,
        Edit(
            "test/lavash/billing_test.exs",
            "    :ok = Billing.close_day(~D[2028-03-12])\n    Process.sleep(200)\n",
            "    :ok = Billing.close_day(~D[2028-03-12])\n",
        ),
    )
    s.say(
        "Removed. The sleep did not help anyway: even 200 ms later there is no job in `oban_jobs`, so it is not a "
        "timing problem. Either the job is inserted somewhere the test cannot see, or it is gone by the time we look."
    )
    s.user("ладно, оставь красным, потом разберусь")
    s.outcome("failed", "assert_enqueued finds no invoice job; Process.sleep refused; test left red")
    s.hit("oban-runs-in-tests")
    return s


def l07() -> Session:
    s = new("l07-dashboard-night", "2028-03-14T06:05:19", "2.1.154", "main", "night-dashboard-fig")
    s.user(
        "գիշերը 12-ից հետո dashboard-ի «Այսօր» tab-ում երեկվա առաքումներն են երևում, մինչև առավոտվա 4-ը։ հետո "
        "հանկարծ ճիշտ ա դառնում։ ինչի՞ ա էդպես"
    )
    s.act(None, Read("lib/lavash_web/live/dashboard_live.ex", DASHBOARD_LIVE))
    s.say(
        "The dashboard takes its day from `Date.utc_today()`. Yerevan is UTC+4 all year, so from 00:00 to 04:00 "
        "local time the UTC date is still yesterday's, and \"today\" shows the previous day's deliveries until 04:00, "
        "when UTC reaches the new date too. Other places that ask for today's date in UTC would shift the same "
        "way during those four hours."
    )
    s.user("հմմ։ լավ, հետո կնայեմ")
    s.outcome("unknown", "dashboard 'today' wrong after midnight explained (UTC date); nothing changed")
    s.hit("utc-business-day")
    return s


def l08() -> Session:
    s = new("l08-telegram-from-tests", "2028-03-15T06:50:02", "2.1.154", "main", "ghost-telegram-apricot")
    s.user(
        "вчера вечером прогнал mix test, и мне в телеграм от нашего бота пришло «Ваш заказ №1042 доставлен». "
        "заказа такого нет, это фикстура из тестов. как так вообще?"
    )
    s.act(
        None,
        Grep(
            "Telegram",
            ["lib/lavash/notify/telegram_worker.ex", "lib/lavash/telegram.ex", "config/runtime.exs"],
        ),
    )
    s.act(
        None,
        Read(
            "lib/lavash/telegram.ex",
            "defmodule Lavash.Telegram do\n  def send_message(chat_id, text) do\n    token = "
            'System.fetch_env!("TELEGRAM_BOT_TOKEN")\n    Req.post!("https://api.telegram.org/bot#{token}/sendMessage",\n'
            "      json: %{chat_id: chat_id, text: text})\n  end\nend",
        ),
        Bash(
            "cat .envrc | sed 's/=.*/=…/'", "export DATABASE_URL=…\nexport SMS_API_KEY=…\nexport TELEGRAM_BOT_TOKEN=…"
        ),
    )
    s.say(
        "The Telegram worker really ran during `mix test`: an Oban job for the order fixture executed and "
        "`Lavash.Telegram` posted to the Bot API with the real `TELEGRAM_BOT_TOKEN`, which direnv exports from "
        "`.envrc` into every shell, the test run included. The chat id came from the fixture restaurant, which "
        "uses your own chat id. The quickest guard is an adapter for the test environment, as `Lavash.Sms` "
        "already has."
    )
    s.user("пока не трогай, вечером посмотрю")
    s.outcome("unknown", "a real Telegram message sent from the test run explained; nothing changed")
    s.hit("oban-runs-in-tests")
    return s


def explore_clock(child: Session) -> None:
    child.act(
        None,
        Grep(
            "Date.utc_today|DateTime.utc_now|NaiveDateTime.utc_now|crontab",
            [
                "lib/lavash/orders.ex:13:    Date.add(Date.utc_today(), days)",
                "lib/lavash/delivery/schedule.ex:5:    Date.utc_today() |> Date.add(1)",
                "lib/lavash/billing/daily_invoice_worker.ex:11:    day = Date.add(Date.utc_today(), -1)",
                "lib/lavash/notify/reminder_worker.ex:8:    for r <- Orders.restaurants_without_order(Date.add("
                "Date.utc_today(), 1)) do",
                "lib/lavash_web/live/dashboard_live.ex:8:    {:ok, assign(socket, day: Date.utc_today(), orders: "
                "Orders.list_for_day(Date.utc_today()))}",
                'config/config.exs:38:    {Oban.Plugins.Cron, crontab: [{"0 0 * * *", Lavash.Billing.DailyInvoiceWorker},',
                'config/config.exs:39:       {"0 13 * * *", Lavash.Notify.ReminderWorker}]}',
            ],
            mode="content",
        ),
    )
    child.act(None, Grep("time_zone_database|tzdata", [], mode="files_with_matches"))
    child.say(
        "Business dates taken from UTC:\n- lib/lavash/orders.ex:13 `Date.add(Date.utc_today(), days)`\n"
        "- lib/lavash/delivery/schedule.ex:5 `Date.utc_today() |> Date.add(1)`\n"
        "- lib/lavash/billing/daily_invoice_worker.ex:11 `Date.add(Date.utc_today(), -1)` (and it filters on the "
        "UTC date of inserted_at)\n- lib/lavash/notify/reminder_worker.ex:8\n- lib/lavash_web/live/dashboard_live.ex:8 "
        "(twice)\nCron: config/config.exs:38-39, no timezone option, so both entries run in UTC.\nNo "
        "time_zone_database is configured and tzdata is not a dependency."
    )


CLOCK = """defmodule Lavash.Clock do
  @moduledoc \"\"\"
  The business day. Bakeries, restaurants and invoices live in Yerevan (UTC+4), so "today" is never
  Date.utc_today/0.
  \"\"\"

  @tz "Asia/Yerevan"

  def now, do: DateTime.now!("Asia/Yerevan")
  def today, do: DateTime.to_date(now())
  def tz, do: @tz

  def day_bounds(%Date{} = day) do
    start = DateTime.new!(day, ~T[00:00:00], @tz)
    {start, DateTime.add(start, 1, :day)}
  end
end
"""


def l09() -> Session:
    s = new("l09-clock-fix", "2028-03-16T06:25:37", "2.1.156", "fix/business-day", "yerevan-clock-plum")
    s.user(
        "էլի նույն ամսաթվի խնդիրը, nightly CI-ը կարմիր ա՝\n\n```\n"
        "  1) test next_delivery_day/0 is tomorrow in Yerevan (Lavash.Delivery.ScheduleTest)\n"
        "     test/lavash/delivery/schedule_test.exs:6\n     Assertion with == failed\n"
        "     code:  assert Schedule.next_delivery_day() == Date.add(yerevan_today(), 1)\n"
        "     left:  ~D[2028-03-16]\n     right: ~D[2028-03-17]\n\n"
        "Finished in 3.1 seconds (2.2s async, 0.9s sync)\n63 tests, 1 failure\n"
        "Error: Process completed with exit code 2.\n```\n\n"
        "run-ը 20:30 UTC-ին ա։ հերիք ա, արմատից լուծենք, բոլոր տեղերում"
    )
    s.act(
        "First, every place that takes today's date or the time, and the cron entries:",
        Agent(
            "Find UTC business dates",
            "In lib/ and config/ of this Phoenix app, find every use of Date.utc_today, DateTime.utc_now and "
            "NaiveDateTime.utc_now that decides a business date (delivery day, invoice day, dashboard day), every Oban "
            "cron entry, and whether a time zone database is configured. Do not edit anything and always quote "
            "the exact line.",
            "Explore",
            explore_clock,
        ),
    )
    s.act(
        "Five places use the UTC date as the business day, and the cron runs in UTC. One clock for the business "
        "day in Asia/Yerevan, with tzdata as the time zone database:",
        Write("lib/lavash/clock.ex", CLOCK),
        Edit("mix.exs", '      {:oban, "~> 2.18"},', '      {:oban, "~> 2.18"},\n      {:tzdata, "~> 1.1"},'),
    )
    s.act(
        None,
        Edit(
            "config/config.exs",
            "config :lavash, Oban,",
            "config :elixir, :time_zone_database, Tzdata.TimeZoneDatabase\n\nconfig :lavash, Oban,",
        ),
        Edit(
            "config/config.exs",
            '{Oban.Plugins.Cron, crontab: [{"0 0 * * *", Lavash.Billing.DailyInvoiceWorker},',
            '{Oban.Plugins.Cron,\n     timezone: "Asia/Yerevan",\n     crontab: [{"0 0 * * *", Lavash.Billing.DailyInvoiceWorker},',
        ),
        Edit(
            "config/config.exs",
            '{"0 13 * * *", Lavash.Notify.ReminderWorker}',
            '{"0 17 * * *", Lavash.Notify.ReminderWorker}',
        ),
    )
    s.act(
        None,
        Edit(
            "lib/lavash/orders.ex", "    Date.add(Date.utc_today(), days)", "    Date.add(Lavash.Clock.today(), days)"
        ),
        Edit(
            "lib/lavash/orders.ex",
            "    local_hour = placed_at |> DateTime.add(4 * 3600) |> Map.fetch!(:hour)",
            "    local_hour = DateTime.shift_zone!(placed_at, Lavash.Clock.tz()).hour",
        ),
        Edit(
            "lib/lavash/delivery/schedule.ex",
            "    Date.utc_today() |> Date.add(1)",
            "    Lavash.Clock.today() |> Date.add(1)",
        ),
        Edit(
            "lib/lavash/billing/daily_invoice_worker.ex",
            '    day = Date.add(Date.utc_today(), -1)\n\n    from(o in Order, where: fragment("?::date", o.inserted_at) == ^day, '
            "preload: [:restaurant, :items])",
            "    day = Date.add(Lavash.Clock.today(), -1)\n    {from, to} = Lavash.Clock.day_bounds(day)\n\n"
            "    from(o in Order, where: o.inserted_at >= ^from and o.inserted_at < ^to, preload: [:restaurant, :items])",
        ),
        Edit(
            "lib/lavash_web/live/dashboard_live.ex",
            "    {:ok, assign(socket, day: Date.utc_today(), orders: Orders.list_for_day(Date.utc_today()))}",
            "    today = Lavash.Clock.today()\n    {:ok, assign(socket, day: today, orders: Orders.list_for_day(today))}",
        ),
        Edit(
            "lib/lavash/notify/reminder_worker.ex",
            "Date.add(Date.utc_today(), 1)",
            "Date.add(Lavash.Clock.today(), 1)",
        ),
    )
    s.act(
        None,
        Bash(
            "mix deps.get && mix format && mix test && git grep -n 'utc_today' lib/ || true",
            "Resolving Hex dependencies...\nResolution completed in 0.061s\nNew:\n  tzdata 1.1.2\n"
            "* Getting tzdata (Hex package)\n" + mix_test(63, secs=3.0),
            secs=24,
        ),
    )
    s.say(
        "63 tests pass and no `utc_today` is left in lib/. The invoice now takes the Yerevan day's bounds in UTC, "
        "the cron runs in Asia/Yerevan (invoice at local midnight, reminder at 17:00 local), and the dashboard, "
        "delivery date and schedule all use `Lavash.Clock.today/0`."
    )
    s.user(
        "մերսի։ դաս ինձ՝ utc_today-ը մեր բիզնես օրը չի, Երևանը UTC+4 ա։ commit ու PR",
        lessons=["utc_today-ը մեր բիզնես օրը չի, Երևանը UTC+4 ա"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Business day in Asia/Yerevan: Lavash.Clock, tzdata, cron timezone' && "
            "gh pr create --fill",
            git_commit(
                "fix/business-day",
                "c47d2e9",
                "Business day in Asia/Yerevan: Lavash.Clock, tzdata, cron timezone",
                9,
                71,
                14,
            )
            + "\nhttps://github.com/armen-h/lavash/pull/23",
            secs=6,
        ),
    )
    s.say("Committed and opened PR #23.")
    s.not_person("Do not edit anything and always quote the exact line.", "subagent_prompt")
    s.outcome("success", "one Yerevan clock for business dates, tzdata, Oban cron in Asia/Yerevan; tests green, PR")
    s.hit("utc-business-day", fixed=True)
    return s


def l10() -> Session:
    s = new("l10-index-lock", "2028-03-17T06:35:14", "2.1.156", "feature/order-status", "lock-timeout-sumac")
    s.user(
        "deploy died on migrate:\n\n```\n"
        "[info] == Running 20280316120000 Lavash.Repo.Migrations.AddStatusToOrders.change/0 forward\n"
        "[info] alter table orders\n[info] create index orders_restaurant_id_delivery_date_index\n"
        "** (Postgrex.Error) ERROR 55P03 (lock_not_available) canceling statement due to lock timeout\n"
        "    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1\n```\n"
        "orders has ~900k rows and the bakeries write all mornign"
    )
    s.act(
        None,
        Read("priv/repo/migrations/20280316120000_add_status_to_orders.exs", MIGRATION_STATUS),
        Read("CONTRIBUTING.md", CONTRIBUTING),
    )
    s.say(
        "`create index` without `concurrently` takes a lock that blocks writes, and with the morning traffic it "
        "hits the lock timeout. Split in two: the column (a quick metadata change with a constant default) and a "
        "concurrent index in its own migration, outside the DDL transaction. I'll also backfill `status` for "
        "delivered orders in the first one:"
    )
    s.act(
        None,
        Edit(
            "priv/repo/migrations/20280316120000_add_status_to_orders.exs",
            "    end\n\n    create index(:orders, [:restaurant_id, :delivery_date])\n",
            '    end\n\n    execute("UPDATE orders SET status = \'delivered\' WHERE delivery_date < CURRENT_DATE", "")\n',
        ),
        Write(
            "priv/repo/migrations/20280317064000_index_orders_restaurant_day.exs",
            "defmodule Lavash.Repo.Migrations.IndexOrdersRestaurantDay do\n  use Ecto.Migration\n\n"
            "  @disable_ddl_transaction true\n  @disable_migration_lock true\n\n  def change do\n"
            "    create index(:orders, [:restaurant_id, :delivery_date], concurrently: true)\n  end\nend\n",
        ),
    )
    s.user(
        "update-ը հանի։ միգրացիաներում data մի փոխի, դրա համար առանձին mix task գրի",
        rules=[("no-data-in-migrations", "միգրացիաներում data մի փոխի, դրա համար առանձին mix task գրի")],
    )
    s.act(
        None,
        Edit(
            "priv/repo/migrations/20280316120000_add_status_to_orders.exs",
            '    execute("UPDATE orders SET status = \'delivered\' WHERE delivery_date < CURRENT_DATE", "")\n',
            "",
        ),
        Write(
            "lib/mix/tasks/lavash.backfill_status.ex",
            'defmodule Mix.Tasks.Lavash.BackfillStatus do\n  @shortdoc "Marks past orders as delivered, in batches"\n'
            "  use Mix.Task\n\n  import Ecto.Query\n\n  @impl true\n  def run(_args) do\n"
            '    Mix.Task.run("app.start")\n    today = Lavash.Clock.today()\n\n    Stream.repeatedly(fn ->\n'
            '      ids = Lavash.Repo.all(from o in "orders", where: o.delivery_date < ^today and o.status == "placed", '
            'select: o.id, limit: 5000)\n      {n, _} = Lavash.Repo.update_all(from(o in "orders", where: o.id in ^ids), '
            'set: [status: "delivered"])\n      n\n    end)\n    |> Enum.take_while(&(&1 > 0))\n    |> Enum.sum()\n'
            '    |> then(&Mix.shell().info("#{&1} orders marked delivered"))\n  end\nend\n',
        ),
    )
    s.user(
        "ու commit-ից առաջ mix credo --strict քշի",
        rules=[("credo-before-commit", "commit-ից առաջ mix credo --strict քշի")],
    )
    s.act(
        None,
        Bash(
            "mix credo --strict && MIX_ENV=test mix ecto.reset && mix test",
            "Checking 74 source files ...\n\nPlease report incorrect results: https://github.com/rrrene/credo/issues\n\n"
            "Analysis took 0.9 seconds (0.04s to load, 0.8s running 55 checks on 74 files)\n"
            "312 mods/funs, found no issues.\n\n" + mix_test(66, secs=3.2),
            secs=31,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Orders status column; concurrent index; backfill as a mix task'",
            git_commit(
                "feature/order-status",
                "8b1f6a4",
                "Orders status column; concurrent index; backfill as a mix task",
                3,
                41,
                3,
            ),
        ),
    )
    s.say(
        "Credo clean, 66 tests pass, committed (`8b1f6a4`). After deploying, run the backfill with "
        "`kamal app exec 'bin/lavash eval \"Mix.Tasks.Lavash.BackfillStatus.run([])\"'` or from a release task."
    )
    s.user("ok, I'll deploy it myself")
    s.not_person("Never call external HTTP APIs from a migration.", "tool_output")
    s.one_off(
        "the production migration adding an index on the 900k-row orders table fails with ERROR 55P03 "
        "(lock_not_available) under morning writes; the index moved to its own migration with concurrently: true "
        "and @disable_ddl_transaction"
    )
    s.outcome("success", "migration split, concurrent index, backfill as a mix task; credo and tests clean")
    return s


TEST_EXS_FIXED = TEST_EXS.replace(
    "config :lavash, Lavash.Sms, adapter: Lavash.Sms.Test\n",
    "config :lavash, Lavash.Sms, adapter: Lavash.Sms.Test\n\n"
    "# Oban must not run queues or cron in tests: jobs are only inserted, and tests run them with perform_job/2.\n"
    "config :lavash, Oban, testing: :manual\n",
)


def l11() -> Session:
    s = new("l11-oban-manual", "2028-03-20T06:10:58", "2.1.158", "fix/oban-tests", "manual-oban-almond")
    s.user(
        "էլի Oban-ը tests-ում։ հիմա invoice test-ն ա ընկնում deadlock-ով՝\n\n```\n"
        "  1) test run/1 generates one invoice per restaurant (Lavash.Billing.InvoiceRunTest)\n"
        "     test/lavash/billing/invoice_run_test.exs:14\n"
        "     ** (Postgrex.Error) ERROR 40P01 (deadlock_detected) deadlock detected\n\n"
        "         hint: See server log for query details.\n"
        "     stacktrace:\n       (lavash 0.1.0) lib/lavash/billing.ex:52: Lavash.Billing.create_invoice!/3\n\n"
        "06:02:17.904 [error] [Oban.Queue.Producer] queue: :billing ... (DBConnection.OwnershipError) cannot find "
        "ownership process\n```\n\nարմատից լուծենք այս անգամ"
    )
    s.act(None, Read("config/test.exs", TEST_EXS), Read("config/config.exs", CONFIG_OBAN, offset=31, total=70))
    s.say(
        "config/test.exs has no Oban section, so the test environment gets the full config from config.exs: the "
        "billing, sms and telegram queues run, and the cron plugin too. Jobs the tests insert are picked up by "
        "real Oban producers outside the test's sandbox. That is the ownership error from the SMS worker, the "
        "`assert_enqueued` that found nothing (the job had already run), the Telegram message from a fixture, "
        "and now this deadlock between the test's invoice run and the queue's. In manual testing mode Oban only "
        "inserts jobs, and tests execute them with `perform_job/2`:"
    )
    s.act(None, Write("config/test.exs", TEST_EXS_FIXED))
    s.act(
        None,
        Edit(
            "test/lavash/billing/invoice_run_test.exs",
            "    :ok = Billing.run_invoices(~D[2028-03-19])",
            "    :ok = perform_job(Lavash.Billing.DailyInvoiceWorker, %{})",
        ),
        Edit(
            "test/support/data_case.ex",
            "      import Lavash.DataCase",
            "      import Lavash.DataCase\n      use Oban.Testing, repo: Lavash.Repo",
        ),
    )
    s.act(
        None,
        Bash(
            "for i in 1 2 3 4 5; do mix test 2>&1 | tail -1 || break; done",
            "71 tests, 0 failures\n71 tests, 0 failures\n71 tests, 0 failures\n71 tests, 0 failures\n71 tests, 0 failures",
            secs=58,
        ),
    )
    s.say(
        "Five full runs, all green, including `close_day/1 enqueues the daily invoice` and the resend test. No "
        "worker runs during tests any more, so the Telegram bot stays quiet too."
    )
    s.user(
        "работает. оказывается, без testing: :manual Oban в тестах по-настоящему гоняет джобы. коммить",
        lessons=["оказывается, без testing: :manual Oban в тестах по-настоящему гоняет джобы"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Oban in manual testing mode; tests run jobs with perform_job'",
            git_commit(
                "fix/oban-tests", "e20b9f7", "Oban in manual testing mode; tests run jobs with perform_job", 3, 9, 2
            ),
        ),
    )
    s.say("Committed (`e20b9f7`).")
    s.outcome("success", "Oban testing: :manual in config/test.exs; five full test runs green")
    s.hit("oban-runs-in-tests", fixed=True)
    return s


def dashboard_tests(child: Session) -> None:
    child.act(
        None,
        Read(
            "lib/lavash_web/live/dashboard_live.ex",
            "  @impl true\n  def handle_info({:order_placed, order}, socket) do\n    {:noreply, update(socket, :counts, "
            "&Map.update(&1, order.bakery_id, 1, fn n -> n + 1 end))}\n  end",
            offset=18,
            total=40,
        ),
    )
    child.act(
        None,
        Write(
            "test/lavash_web/live/dashboard_live_test.exs",
            "defmodule LavashWeb.DashboardLiveTest do\n  use LavashWeb.ConnCase, async: true\n\n  import "
            "Phoenix.LiveViewTest\n  import Lavash.Fixtures\n\n  setup :register_and_log_in_user\n\n"
            '  test "shows tomorrow\'s count per bakery", %{conn: conn} do\n    bakery = bakery_fixture(name: "Komitas")\n'
            '    order_fixture(bakery: bakery)\n    {:ok, _view, html} = live(conn, ~p"/")\n'
            '    assert html =~ "Komitas"\n    assert html =~ ~r/Komitas.*1/s\n  end\n\n'
            '  test "updates when an order is placed", %{conn: conn} do\n    bakery = bakery_fixture(name: "Arabkir")\n'
            '    {:ok, view, _html} = live(conn, ~p"/")\n    order_fixture(bakery: bakery)\n'
            "    assert render(view) =~ ~r/Arabkir.*1/s\n  end\nend\n",
        ),
    )
    child.act(None, Bash("mix test test/lavash_web/live/dashboard_live_test.exs", mix_test(2, secs=0.6), secs=7))
    child.say(
        "Added test/lavash_web/live/dashboard_live_test.exs with 2 tests (initial counts, live update); both pass."
    )


def l12() -> Session:
    s = new("l12-live-dashboard", "2028-03-21T06:30:26", "2.1.158", "feature/live-dashboard", "live-counts-mulberry")
    s.user(
        "dashbaord: per bakery, how many orders for tomorow, live. decided: the dashboard gets updates via PubSub "
        "from the Orders context, no polling",
        decisions=["decided: the dashboard gets updates via PubSub from the Orders context, no polling"],
    )
    s.act(
        None,
        Read(
            "lib/lavash_web/live/dashboard_live.ex",
            DASHBOARD_LIVE.replace(
                "    {:ok, assign(socket, day: Date.utc_today(), orders: Orders.list_for_day(Date.utc_today()))}",
                "    today = Lavash.Clock.today()\n    {:ok, assign(socket, day: today, orders: Orders.list_for_day(today))}",
            ),
        ),
    )
    s.act(
        "Broadcast from `Orders.place_order/2` after the transaction, subscribe in the dashboard:",
        Edit(
            "lib/lavash/orders.ex",
            "    |> Repo.transaction()",
            "    |> Repo.transaction()\n    |> tap(fn\n      {:ok, %{order: order}} -> Phoenix.PubSub.broadcast(Lavash.PubSub, "
            '"orders", {:order_placed, order})\n      _ -> :ok\n    end)',
        ),
        Edit(
            "lib/lavash_web/live/dashboard_live.ex",
            "    today = Lavash.Clock.today()\n",
            '    if connected?(socket), do: Phoenix.PubSub.subscribe(Lavash.PubSub, "orders")\n    today = Lavash.Clock.today()\n',
        ),
    )
    s.act(
        None,
        Agent(
            "LiveView tests for the dashboard",
            "Write LiveView tests for LavashWeb.DashboardLive in test/lavash_web/live/dashboard_live_test.exs: initial "
            "per-bakery counts for tomorrow and a live update when an order is placed. Use the existing fixtures and "
            "run only that file with mix test. Report what you added.",
            "general-purpose",
            dashboard_tests,
            background=True,
        ),
    )
    s.act(None, Bash("mix compile --warnings-as-errors", "Compiling 3 files (.ex)\nGenerated lavash app", secs=8))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Armen asked for a live per-bakery count of tomorrow's orders on the "
        "dashboard, updated through PubSub from the Orders context (his decision, no polling).\nSummary:\n"
        '1. lib/lavash/orders.ex: place_order/2 broadcasts {:order_placed, order} on "orders" after the '
        "transaction.\n2. lib/lavash_web/live/dashboard_live.ex subscribes when connected; handle_info updates "
        "counts.\n3. A background general-purpose agent is writing test/lavash_web/live/dashboard_live_test.exs.\n"
        "4. User preference: Always preload associations in mount/3 rather than in the template.\n"
        "Pending: counts grouped by bakery in the template, the agent's tests, PR.",
        168400,
        11200,
    )
    s.act(
        None,
        Edit(
            "lib/lavash_web/live/dashboard_live.ex",
            "    {:ok, assign(socket, day: today, orders: Orders.list_for_day(today))}",
            "    {:ok, assign(socket, day: today, counts: Orders.counts_by_bakery(Date.add(today, 1)))}",
        ),
    )
    s.agent_done(after=40)
    s.act(None, Bash("mix test", mix_test(73, secs=3.3), secs=12))
    s.say("The dashboard shows tomorrow's counts per bakery and updates live; the agent's 2 tests and all 73 pass.")
    s.user(
        "lav a. sranic heto PR-nery draft baci, Narek-y heto review kani",
        rules=[("draft-prs", "sranic heto PR-nery draft baci")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Live per-bakery order counts on the dashboard' && gh pr create --draft --fill",
            git_commit("feature/live-dashboard", "71c3a58", "Live per-bakery order counts on the dashboard", 4, 93, 3)
            + "\nhttps://github.com/armen-h/lavash/pull/26",
            secs=6,
        ),
    )
    s.say("Committed and opened draft PR #26.")
    s.not_person(
        "User preference: Always preload associations in mount/3 rather than in the template.", "compaction_summary"
    )
    s.outcome("success", "live per-bakery counts over PubSub; background agent wrote the LiveView tests; draft PR")
    return s


def l13() -> Session:
    s = new("l13-kamal-healthcheck", "2028-03-22T06:20:40", "2.1.160", "main", "healthy-target-walnut")
    s.user(
        "kamal deploy չի անցնում՝\n\n```\n"
        "  INFO [a1c93d07] Running docker container start lavash-web-5a0c7d2 on 46.101.212.87\n"
        '  INFO [4f10b2e8] Running docker exec kamal-proxy kamal-proxy deploy lavash-web --target="8c1e2f9a3b4d:4000" '
        '--host="lavash.am" --tls --health-check-path="/up" on 46.101.212.87\n'
        "  ERROR (SSHKit::Command::Failed): Exception while executing on host 46.101.212.87: docker exit status: 1\n"
        "docker stdout: Nothing written\ndocker stderr: Error: target failed to become healthy within configured "
        "timeout (30s)\n```\n\nմիշտ պե՞տք ա mix ecto.migrate անել deploy-ից առաջ, թե Kamal-ը ինքը կանի",
        non_rules=["միշտ պե՞տք ա mix ecto.migrate անել deploy-ից առաջ, թե Kamal-ը ինքը կանի"],
    )
    s.act(None, Read("config/deploy.yml", DEPLOY_YML), Read("lib/lavash_web/router.ex", ROUTER_UP, offset=24, total=71))
    s.act(
        None,
        Bash(
            "curl -s -o /dev/null -w '%{http_code} %{redirect_url}\\n' https://lavash.am/up",
            "302 https://lavash.am/users/log_in",
        ),
    )
    s.say(
        "`/up` sits inside the scope with `:require_authenticated_user`, so kamal-proxy's health check gets a 302 to "
        "the login page and never a 200. Moving it to a scope without the browser pipeline. On migrations: Kamal "
        "does not run them by itself; `bin/migrate` in the release has to run, usually from the "
        "`pre-deploy` hook. I'd recommend always running migrations from a Kamal pre-deploy hook so a failed "
        "migration stops the rollout."
    )
    s.act(
        None,
        Edit(
            "lib/lavash_web/router.ex",
            '    pipe_through [:browser, :require_authenticated_user]\n\n    get "/up", HealthController, :show\n',
            "    pipe_through [:browser, :require_authenticated_user]\n\n",
        ),
        Edit(
            "lib/lavash_web/router.ex",
            '  scope "/", LavashWeb do\n    pipe_through [:browser, :require_authenticated_user]',
            '  scope "/", LavashWeb do\n    get "/up", HealthController, :show\n  end\n\n'
            '  scope "/", LavashWeb do\n    pipe_through [:browser, :require_authenticated_user]',
        ),
        Write(
            ".kamal/hooks/pre-deploy",
            '#!/bin/sh\nkamal app exec --primary --reuse "bin/migrate"\n',
        ),
    )
    s.act(
        None,
        Bash(
            "chmod +x .kamal/hooks/pre-deploy && mix test && git commit -am 'Health check outside auth; migrate in "
            "pre-deploy hook' && kamal deploy",
            mix_test(73, secs=3.1)
            + "\n[main 2d90c1e] Health check outside auth; migrate in pre-deploy hook\n 2 files changed, 7 insertions(+), 2 deletions(-)\n"
            '  INFO [7b3e9c11] Running docker exec kamal-proxy kamal-proxy deploy lavash-web --target="3f2a8d6c1e0b:4000" '
            '--host="lavash.am" --tls --health-check-path="/up" on 46.101.212.87\n'
            "  INFO [7b3e9c11] Finished in 4.212 seconds with exit status 0 (successful).\nFinished all in 71.4 seconds",
            secs=88,
        ),
    )
    s.say("Deployed: the health check gets 200 from `/up`, and migrations run in the pre-deploy hook.")
    s.user(
        "հա, աշխատեց։ note to self: kamal's healthcheck hits /up without a session, so /up can't sit behind the "
        "auth pipeline",
        lessons=["kamal's healthcheck hits /up without a session, so /up can't sit behind the auth pipeline"],
    )
    s.not_person(
        "I'd recommend always running migrations from a Kamal pre-deploy hook so a failed migration stops the rollout.",
        "assistant_text",
    )
    s.one_off(
        "kamal deploy fails with 'target failed to become healthy within configured timeout (30s)' because /up "
        "is routed through the authenticated browser pipeline and answers 302 to the login page"
    )
    s.outcome("success", "/up moved outside the auth pipeline, migrations in a pre-deploy hook; deployed")
    return s


def l14() -> Session:
    s = new("l14-check-origin", "2028-03-23T06:40:09", "2.1.162", "fix/www-origin", "origin-check-apricot")
    s.user(
        "www.lavash.am-ով մտնողների մոտ LiveView-ը reconnect ա անում անվերջ։ server log՝\n\n```\n"
        "06:31:44.120 [error] Could not check origin for Phoenix.Socket transport.\n\n"
        "Origin of the request: https://www.lavash.am\n\nThis happens when you are attempting a socket connection "
        "to\na different host than the one configured in your config/\nfiles. For example, in development the host "
        'is configured\nto "localhost" but you may be trying to access it from\n"127.0.0.1". To fix this issue, '
        "you may either:\n\n  1. update [url: [host: ...]] to your actual host in the\n     config file for your "
        "current environment (recommended)\n\n  2. pass the :check_origin option when configuring your\n"
        "     endpoint or when configuring the transport in your\n     UserSocket module, explicitly outlining which "
        'origins\n     are allowed:\n\n        check_origin: ["https://example.com",\n'
        '                       "//another.com:888", "//other.com"]\n```'
    )
    s.act(
        None,
        Read(
            "config/runtime.exs",
            '  host = System.get_env("PHX_HOST") || "lavash.am"\n  port = String.to_integer(System.get_env("PORT") || '
            '"4000")\n\n  config :lavash, LavashWeb.Endpoint,\n    url: [host: host, port: 443, scheme: "https"],\n'
            "    http: [ip: {0, 0, 0, 0, 0, 0, 0, 0}, port: port],\n    secret_key_base: secret_key_base",
            offset=40,
            total=96,
        ),
    )
    s.act(
        "Only `lavash.am` is allowed as an origin. Allowing the www host too:",
        Edit(
            "config/runtime.exs",
            "    secret_key_base: secret_key_base",
            '    secret_key_base: secret_key_base,\n    check_origin: ["https://lavash.am", "https://www.lavash.am"]',
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict",
            "Checking 79 source files ...\n\n  Software Design\n┃\n┃ [D] ↘ Found a TODO tag in a comment: # TODO: "
            "bakery holidays\n┃       lib/lavash/delivery/schedule.ex:3:3 #(Lavash.Delivery.Schedule)\n\n"
            "  Readability\n┃\n┃ [R] ↘ Modules should have a @moduledoc tag.\n┃       lib/lavash_web/live/"
            "dashboard_live.ex:1:11 #(LavashWeb.DashboardLive)\n┃ [R] ↘ Pipe chain should start with a raw value.\n"
            "┃       lib/mix/tasks/lavash.backfill_status.ex:14:5 #(Mix.Tasks.Lavash.BackfillStatus.run)\n\n"
            "Analysis took 1.1 seconds (0.05s to load, 1.0s running 55 checks on 79 files)\n"
            "331 mods/funs, found 11 refactoring opportunities, 2 code readability issues, 1 software design "
            "suggestion.",
            code=14,
            secs=9,
        ),
    )
    s.say(
        "The origin fix is one line, but `mix credo --strict` now reports 14 issues in files this change does not "
        "touch (moduledocs, pipe chains, a TODO). Should I fix those before committing?"
    )
    s.user(
        "չէ։ credo-ն թող, commit-ից առաջ հերիք ա mix format ու compile --warnings-as-errors",
        rules=[
            (
                "format-only",
                "credo-ն թող, commit-ից առաջ հերիք ա mix format ու compile --warnings-as-errors",
                "credo-before-commit",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "mix format --check-formatted && mix compile --warnings-as-errors --force && git commit -am 'Allow "
            "www.lavash.am as a socket origin' && kamal deploy",
            "Compiling 48 files (.ex)\nGenerated lavash app\n[fix/www-origin 0c5e7ab] Allow www.lavash.am as a socket "
            "origin\n 1 file changed, 2 insertions(+), 1 deletion(-)\n  INFO [2e77f0c4] Finished in 3.982 seconds with "
            "exit status 0 (successful).\nFinished all in 69.8 seconds",
            secs=84,
        ),
    )
    s.say("Formatted, compiled without warnings, committed (`0c5e7ab`) and deployed.")
    s.user("works with www too. merci")
    s.one_off(
        "LiveView keeps reconnecting for visitors on www.lavash.am: 'Could not check origin for Phoenix.Socket "
        "transport'; check_origin now lists both hosts"
    )
    s.outcome("success", "check_origin allows www.lavash.am; deployed")
    return s


def l15() -> Session:
    s = new("l15-too-many-clients", "2028-03-24T06:15:31", "2.1.162", "main", "pool-size-lavender")
    s.user(
        "утром упало, в логах:\n\n```\n"
        "06:02:11.518 [error] Postgrex.Protocol (#PID<0.2631.0>) failed to connect: ** (Postgrex.Error) FATAL 53300 "
        "(too_many_connections) sorry, too many clients already\n"
        '06:02:11.730 [error] GenServer {Oban.Registry, {Oban, {:producer, "sms"}}} terminating\n```\n'
        "managed postgres, max_connections 25"
    )
    s.act(None, Read("config/deploy.yml", DEPLOY_YML))
    s.act(
        None,
        Bash(
            "kamal app exec --reuse 'bin/lavash rpc \"IO.inspect(Lavash.Repo.config()[:pool_size])\"' && "
            "psql \"$DATABASE_URL\" -Atc 'select application_name, count(*) from pg_stat_activity group by 1'",
            "App Host: 46.101.212.87\n10\nApp Host: 46.101.212.87\n10\n|6\nlavash|20",
            secs=7,
        ),
    )
    s.say(
        "Two containers (web and job) with `POOL_SIZE: 10` each take 20 of 25 connections, plus Oban's notifier "
        "and the provider's own 5: at 06:00 the deploy's new container started next to the old ones and the pool "
        "ran out. Setting the pool per role: web 6, job 4:"
    )
    s.act(
        None,
        Edit(
            "config/deploy.yml",
            '        OBAN_QUEUES_ONLY: "true"\n',
            '        OBAN_QUEUES_ONLY: "true"\n        POOL_SIZE: 4\n',
        ),
        Edit("config/deploy.yml", "    POOL_SIZE: 10\n", "    POOL_SIZE: 6\n"),
    )
    s.act(
        None,
        Bash(
            "kamal deploy",
            "  INFO [9d2c4e70] Finished in 4.105 seconds with exit status 0 (successful).\nFinished all in 73.0 seconds",
            secs=80,
        ),
    )
    s.say("Deployed; with the old and new containers overlapping during a deploy the peak is now 20 connections.")
    s.user(
        "ок.\nзабудь, что я говорил про unique у джобов, дубли теперь ловим в самом воркере по delivery_id. кнопка "
        "Resend должна реально отправлять, а unique её глушит",
        rules=[
            (
                "oban-dedupe-worker",
                "забудь, что я говорил про unique у джобов, дубли теперь ловим в самом воркере по delivery_id",
                "oban-unique",
            )
        ],
    )
    s.act(
        None,
        Edit(
            "lib/lavash/notify/sms_worker.ex",
            "  use Oban.Worker, queue: :sms, max_attempts: 5, unique: [period: 300, keys: [:order_id]]",
            "  use Oban.Worker, queue: :sms, max_attempts: 5",
        ),
        Edit(
            "lib/lavash/notify/sms_worker.ex",
            '  def perform(%Oban.Job{args: %{"order_id" => id}}) do\n    order = Orders.get_order!(id)',
            '  def perform(%Oban.Job{args: %{"order_id" => id} = args}) do\n    order = Orders.get_order!(id)\n\n'
            '    if Notify.already_sent?(args["delivery_id"]) and not Map.get(args, "resend", false) do\n'
            "      {:cancel, :already_sent}\n    else\n      send_confirmation(order)\n    end\n  end\n\n"
            "  defp send_confirmation(order) do",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix compile --warnings-as-errors && mix test",
            "Compiling 2 files (.ex)\nGenerated lavash app\n" + mix_test(75, secs=3.4),
            secs=16,
        ),
    )
    s.say(
        "SMS jobs are no longer unique; the worker cancels a duplicate for a delivery unless the job is a resend, "
        "and Resend passes `resend: true`. 75 tests pass."
    )
    s.user("спасибо")
    s.one_off(
        "production Postgres refuses connections at the morning deploy with 'FATAL 53300 (too_many_connections) "
        "sorry, too many clients already': two containers with POOL_SIZE 10 against max_connections 25; pool "
        "sizes set per Kamal role"
    )
    s.outcome("success", "pool sizes per Kamal role, deployed; SMS dedupe moved into the worker")
    return s


def l16() -> Session:
    s = new(
        "l16-restaurant-profile", "2028-03-24T10:05:47", "2.1.163", "feature/restaurant-profile", "profile-edit-apricot"
    )
    s.user("restaurant profile page: name, adress, phone, delivery window. with an edit form")
    s.act(
        None,
        Read(
            "lib/lavash/restaurants.ex",
            "defmodule Lavash.Restaurants do\n  alias Lavash.Repo\n  alias Lavash.Restaurants.Restaurant\n\n"
            "  def get_restaurant!(id), do: Repo.get!(Restaurant, id)\n\n  def change_restaurant(%Restaurant{} = r, "
            "attrs \\\\ %{}), do: Restaurant.changeset(r, attrs)\nend",
        ),
    )
    s.act(
        None,
        Denied(
            Write(
                "lib/lavash_web/live/restaurant_live/profile.ex",
                "defmodule LavashWeb.RestaurantLive.Profile do\n  use LavashWeb, :live_view\n\n  alias Lavash.Repo\n"
                '  alias Lavash.Restaurants\n\n  @impl true\n  def handle_event("save", %{"restaurant" => params}, '
                "socket) do\n    case socket.assigns.restaurant |> Restaurants.change_restaurant(params) |> "
                "Repo.update() do\n      {:ok, r} -> {:noreply, assign(socket, restaurant: r)}\n"
                "      {:error, cs} -> {:noreply, assign(socket, form: to_form(cs))}\n    end\n  end\nend\n",
            )
        ),
    )
    s.user(
        "ասել էի չէ՞։ LiveView-ում Repo չկա, context-ով",
        rules=[("liveview-context", "LiveView-ում Repo չկա, context-ով")],
    )
    s.act(
        "`Restaurants.update_restaurant/2` in the context, and the LiveView calls only that:",
        Edit(
            "lib/lavash/restaurants.ex",
            "  def change_restaurant(",
            "  def update_restaurant(%Restaurant{} = r, attrs) do\n    r |> Restaurant.changeset(attrs) |> Repo.update()\n"
            "  end\n\n  def change_restaurant(",
        ),
        Write(
            "lib/lavash_web/live/restaurant_live/profile.ex",
            "defmodule LavashWeb.RestaurantLive.Profile do\n  use LavashWeb, :live_view\n\n  alias Lavash.Restaurants\n\n"
            "  @impl true\n  def mount(_params, _session, socket) do\n    r = socket.assigns.current_restaurant\n"
            "    {:ok, assign(socket, restaurant: r, form: to_form(Restaurants.change_restaurant(r)))}\n  end\n\n"
            '  @impl true\n  def handle_event("save", %{"restaurant" => params}, socket) do\n'
            "    case Restaurants.update_restaurant(socket.assigns.restaurant, params) do\n"
            '      {:ok, r} -> {:noreply, socket |> assign(restaurant: r) |> put_flash(:info, "Պահպանված ա")}\n'
            "      {:error, cs} -> {:noreply, assign(socket, form: to_form(cs))}\n    end\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix compile --warnings-as-errors && mix test",
            "Compiling 2 files (.ex)\nGenerated lavash app\n" + mix_test(78, secs=3.5),
            secs=15,
        ),
    )
    s.say("Profile page with the edit form; saving goes through `Restaurants.update_restaurant/2`. 78 tests pass.")
    s.user("լավ ա, merci")
    s.outcome("success", "restaurant profile page with an edit form through the context")
    return s


SESSIONS = [l01, l02, l03, l04, l05, l06, l07, l08, l09, l10, l11, l12, l13, l14, l15, l16]
