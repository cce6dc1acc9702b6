"""Rafael's `feira-api` sessions (a01-a16): an Elixir/Phoenix 1.7 JSON API for a street-market ordering app, Ecto on
PostgreSQL, ExUnit, Credo, Dialyzer, Oban jobs. Times are UTC; Recife is UTC-3 all year."""

from __future__ import annotations

from fake_output import API, credo_ok, exunit_run, git_commit
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "feira-api"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=API, project=PROJECT)


ORDERS_EX = """defmodule Feira.Orders do
  @moduledoc "Orders placed by buyers at a market stall."

  import Ecto.Query
  alias Feira.Repo
  alias Feira.Orders.{Order, OrderItem}

  def get_order!(id), do: Repo.get!(Order, id) |> Repo.preload(:items)

  def list_orders_for_stall(stall_id) do
    Order
    |> where([o], o.stall_id == ^stall_id)
    |> order_by([o], desc: o.inserted_at)
    |> Repo.all()
  end
end
"""

CREATE_ORDER = """
  def create_order(buyer, stall, items) do
    Ecto.Multi.new()
    |> Ecto.Multi.insert(:order, Order.changeset(%Order{}, %{buyer_id: buyer.id, stall_id: stall.id}))
    |> Ecto.Multi.insert_all(:items, OrderItem, fn %{order: order} -> OrderItem.rows(order, items) end)
    |> Ecto.Multi.update_all(:stock, fn _ -> Feira.Catalog.decrement_stock_query(items) end, [])
    |> Repo.transaction()
  end
end
"""

NOTIFY_VENDOR = """defmodule Feira.Workers.NotifyVendor do
  use Oban.Worker, queue: :notifications, max_attempts: 5

  alias Feira.{Orders, Push}

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{order_id: order_id}}) do
    order = Orders.get_order!(order_id)
    Push.send_new_order(order.stall_id, order)
  end
end
"""

NOTIFY_TEST = """defmodule Feira.Workers.NotifyVendorTest do
  use Feira.DataCase, async: true
  use Oban.Testing, repo: Feira.Repo

  alias Feira.Workers.NotifyVendor
  import Feira.Fixtures

  test "sends a push to the stall owner" do
    order = order_fixture()
    assert :ok = perform_job(NotifyVendor, %{order_id: order.id})
    assert_received {:push_sent, _stall_id, _order_id}
  end
end
"""

SEND_RECEIPT = """defmodule Feira.Workers.SendReceipt do
  use Oban.Worker, queue: :mailers, max_attempts: 20

  alias Feira.{Mailer, Orders}
  alias Feira.Orders.ReceiptEmail

  @impl Oban.Worker
  def perform(%Oban.Job{args: args}) do
    order = Orders.get_order!(args[:order_id])
    order |> ReceiptEmail.build() |> Mailer.deliver()
  end
end
"""

DAILY_PAYOUT = """defmodule Feira.Workers.DailyPayout do
  use Oban.Worker, queue: :payments, unique: [period: 3600]

  alias Feira.Payments

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{stall_id: stall_id, date: date}}) do
    Payments.pay_out_stall(stall_id, date)
  end
end
"""

CONFIG_OBAN = """config :feira, Oban,
  repo: Feira.Repo,
  queues: [default: 10, notifications: 20, mailers: 5, payments: 1],
  plugins: [
    {Oban.Plugins.Pruner, max_age: 60 * 60 * 24 * 7},
    {Oban.Plugins.Cron, crontab: [{"0 6 * * *", Feira.Workers.PayoutSweep}]}
  ]"""

CONTRIBUTING = """# Contributing to feira-api

- Elixir 1.17 / OTP 27, Phoenix 1.7, PostgreSQL 16.
- `mix setup` creates and migrates the database.
- Never edit a migration that has already been merged; create a new one instead.
- API routes live under `/api/v1`, JSON only.
"""

ROUTER = """defmodule FeiraWeb.Router do
  use FeiraWeb, :router

  pipeline :browser do
    plug :accepts, ["html", "json"]
    plug :fetch_session
    plug :protect_from_forgery
  end

  pipeline :api do
    plug :accepts, ["json"]
  end

  scope "/api/v1", FeiraWeb do
    pipe_through :api
    resources "/stalls", StallController, only: [:index, :show]
    resources "/orders", OrderController, only: [:index, :create, :show]
  end

  scope "/webhooks", FeiraWeb do
    pipe_through :browser
    post "/mercadopago", MercadoPagoWebhookController, :create
  end
end
"""

RUNTIME_EXS = """if config_env() == :prod do
  database_url = System.get_env("DATABASE_URL") || raise "environment variable DATABASE_URL is missing."

  config :feira, Feira.Repo,
    url: database_url,
    pool_size: String.to_integer(System.get_env("POOL_SIZE") || "10")

  host = System.get_env("PHX_HOST") || "api.feira.app.br"

  config :feira, FeiraWeb.Endpoint,
    url: [host: host, port: 443, scheme: "https"],
    http: [ip: {0, 0, 0, 0, 0, 0, 0, 0}, port: 4000]
end
"""

DOCKERFILE_TAIL = """ENV MIX_ENV="prod"
COPY --from=builder --chown=nobody:root /app/_build/prod/rel/feira ./

USER nobody
CMD ["/app/bin/feira", "start"]"""

SEEDS = """alias Feira.Repo
alias Feira.Catalog.{Stall, Product}

stall = Repo.insert!(%Stall{name: "Banca da Dona Cida", market: "Feira de Casa Amarela"})
Repo.insert!(%Product{stall_id: stall.id, name: "Macaxeira (kg)", price_cents: 650, stock: 40})
"""

ERR_NOTIFY = """     test/feira/workers/notify_vendor_test.exs:8
     ** (FunctionClauseError) no function clause matching in Feira.Workers.NotifyVendor.perform/1

     The following arguments were given to Feira.Workers.NotifyVendor.perform/1:

         # 1
         %Oban.Job{id: nil, state: "available", queue: "notifications", worker: "Feira.Workers.NotifyVendor", args: %{"order_id" => 118}, attempt: 1, max_attempts: 5, ...}

     Attempted function clauses (showing 1 out of 1):

         def perform(%Oban.Job{args: %{order_id: order_id}})

     code: assert :ok = perform_job(NotifyVendor, %{order_id: order.id})
     stacktrace:
       (feira 0.1.0) lib/feira/workers/notify_vendor.ex:7: Feira.Workers.NotifyVendor.perform/1
       (oban 2.18.3) lib/oban/queue/executor.ex:145: Oban.Queue.Executor.perform/1
       test/feira/workers/notify_vendor_test.exs:10: (test)"""

ERR_PAYOUT = """     test/feira/workers/daily_payout_test.exs:11
     ** (FunctionClauseError) no function clause matching in Feira.Workers.DailyPayout.perform/1

     The following arguments were given to Feira.Workers.DailyPayout.perform/1:

         # 1
         %Oban.Job{id: nil, queue: "payments", worker: "Feira.Workers.DailyPayout", args: %{"date" => "2027-10-12", "stall_id" => 7}, attempt: 1, ...}

     code: assert {:ok, %{paid: 1}} = perform_job(DailyPayout, %{stall_id: stall.id, date: ~D[2027-10-12]})
     stacktrace:
       (feira 0.1.0) lib/feira/workers/daily_payout.ex:7: Feira.Workers.DailyPayout.perform/1"""


# ---------------------------------------------------------------------------------------------------------------


def a01() -> Session:
    s = new("a01-orders-context", "2027-10-04T12:10:41", "2.1.220", "orders", "market-order-heron")
    s.user(
        "bora começar o contexto de pedidos. create_order(buyer, stall, items) cria o pedido, os itens e baixa o "
        "estoque. a gente usa Ecto.Multi quando mexe em mais de uma tabela, nada de Repo.transaction com fn solta. "
        "e sempre roda mix format e mix credo --strict antes de commitar.",
        rules=[
            ("multi", "a gente usa Ecto.Multi quando mexe em mais de uma tabela"),
            ("fmt-credo", "sempre roda mix format e mix credo --strict antes de commitar"),
        ],
    )
    s.title("Orders context with Ecto.Multi")
    s.act(None, Read("lib/feira/orders.ex", ORDERS_EX))
    s.act(
        "Vou adicionar `create_order/3` com um `Ecto.Multi`: pedido, itens e baixa de estoque na mesma transação.",
        Edit(
            "lib/feira/orders.ex", "    |> Repo.all()\n  end\nend", "    |> Repo.all()\n  end\n" + CREATE_ORDER.rstrip()
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix test test/feira/orders_test.exs",
            credo_ok() + "\n" + exunit_run(6, secs=0.4, asy=0.2),
            secs=9,
        ),
    )
    s.say(
        "`create_order/3` tá pronto: um `Ecto.Multi` com `:order`, `:items` e `:stock`, tudo numa transação. "
        "Format e Credo limpos, 6 testes verdes. Quer que eu já dispare a notificação pro feirante depois do pedido?"
    )
    s.user(
        "sim, mas em job. decidi que a fila vai ser Oban, nada de RabbitMQ, a gente já tem o postgres. "
        "commit messages follow conventional commits (feat:, fix:, chore:). manda ver o commit só do "
        "contexto.",
        rules=[("conv-commits", "commit messages follow conventional commits (feat:, fix:, chore:)")],
        decisions=["decidi que a fila vai ser Oban, nada de RabbitMQ"],
    )
    s.act(
        None,
        Bash(
            "git add lib/feira/orders.ex && git commit -m 'feat: create orders with items and stock in one Multi'",
            git_commit("orders", "3e1a9c0", "feat: create orders with items and stock in one Multi", 1, 12, 1),
        ),
    )
    s.say("Commit `3e1a9c0` feito. O job de notificação fica pra próxima.")
    s.turn_done()
    s.outcome("success", "create_order/3 with Ecto.Multi written, format/credo/tests clean, committed")
    return s


def a02() -> Session:
    s = new("a02-notify-worker", "2027-10-05T12:32:18", "2.1.220", "notify-vendor", "push-stall-owner")
    s.user(
        "agora o job: quando o pedido é criado, enfileira um Feira.Workers.NotifyVendor que manda push pro dono da "
        "banca. escreve o teste com perform_job do Oban.Testing. prefiro testes com async: true sempre que der.",
        rules=[("async-tests", "prefiro testes com async: true sempre que der")],
    )
    s.act(
        None,
        Write("lib/feira/workers/notify_vendor.ex", NOTIFY_VENDOR),
        Write("test/feira/workers/notify_vendor_test.exs", NOTIFY_TEST),
    )
    s.act(
        None,
        Bash(
            "mix test test/feira/workers/notify_vendor_test.exs",
            exunit_run(1, [("sends a push to the stall owner", "Feira.Workers.NotifyVendorTest", ERR_NOTIFY)]),
            code=2,
        ),
    )
    s.say(
        "The worker doesn't match the job `perform_job/2` builds. The simplest way to get this green is to call "
        "`NotifyVendor.perform(%Oban.Job{args: %{order_id: order.id}})` directly in the test instead of going "
        "through `perform_job`. Want me to change the test that way?"
    )
    s.user(
        "não, o teste tá certo, perform_job é o jeito oficial de testar worker. deixa vermelho mesmo, tenho que "
        "buscar minha filha na escola. deixa assim por hoje"
    )
    s.say("Ok, deixo `notify_vendor_test.exs` como está, falhando.")
    s.turn_done()
    s.hit("oban-string-keys")
    s.outcome("failed", "the NotifyVendor worker test fails (FunctionClauseError in perform/1); left red")
    return s


MIGRATION = """defmodule Feira.Repo.Migrations.BuyerEmailCitext do
  use Ecto.Migration

  def change do
    alter table(:buyers) do
      modify :email, :citext, from: :string
    end

    create unique_index(:buyers, [:email])
  end
end
"""

CITEXT_ERR = """
07:04:12.118 [info] == Running 20271006130212 Feira.Repo.Migrations.BuyerEmailCitext.change/0 forward

07:04:12.120 [info] alter table buyers
** (Postgrex.Error) ERROR 42704 (undefined_object) type "citext" does not exist
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1096: Ecto.Adapters.SQL.raise_sql_call_error/1
    (elixir 1.17.3) lib/enum.ex:1703: Enum."-map/2-lists^map/1-1-"/2
    (ecto_sql 3.12.1) lib/ecto/adapters/sql.ex:1203: Ecto.Adapters.SQL.execute_ddl/4"""


def a03() -> Session:
    s = new("a03-citext-email", "2027-10-06T13:04:02", "2.1.220", "buyer-email", "citext-unique-tern")
    s.user(
        "email do comprador tem que ser único sem ligar pra maiúscula. faz uma migration trocando a coluna pra "
        "citext com unique index"
    )
    s.act(None, Write("priv/repo/migrations/20271006130212_buyer_email_citext.exs", MIGRATION))
    s.act(None, Bash("mix ecto.migrate", CITEXT_ERR, code=1))
    s.act(
        "Maybe the dev database container wasn't fully up; checking and trying again.",
        Bash("docker compose ps db", "NAME          STATUS\nfeira-db-1    Up 3 hours (healthy)"),
    )
    s.act(None, Bash("mix ecto.migrate", CITEXT_ERR, code=1))
    s.act(None, Bash("mix compile --force > /dev/null && mix ecto.migrate", CITEXT_ERR, code=1))
    s.act(None, Bash("mix ecto.migrate", CITEXT_ERR, code=1))
    s.act(
        "Same error each time. A clean database would rule out a half-applied state:",
        Denied(Bash("mix ecto.reset")),
    )
    s.user(
        "nunca roda mix ecto.reset, o banco local tem dados que eu montei na mão pra testar o app. o erro é outro, "
        "lê a mensagem",
        rules=[("no-ecto-reset", "nunca roda mix ecto.reset, o banco local tem dados que eu montei na mão")],
    )
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.act(
        "Você tem razão: `citext` é uma extensão do Postgres e não está instalada nesse banco. Como essa migration "
        "ainda não foi mergeada, posso editá-la e criar a extensão antes do `alter`:",
        Edit(
            "priv/repo/migrations/20271006130212_buyer_email_citext.exs",
            "  def change do\n    alter table(:buyers) do",
            '  def change do\n    execute "CREATE EXTENSION IF NOT EXISTS citext", "DROP EXTENSION IF EXISTS citext"\n\n'
            "    alter table(:buyers) do",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate && mix test test/feira/accounts_test.exs",
            "\n07:09:40.512 [info] == Running 20271006130212 Feira.Repo.Migrations.BuyerEmailCitext.change/0 forward\n"
            '\n07:09:40.513 [info] execute "CREATE EXTENSION IF NOT EXISTS citext"\n\n07:09:40.538 [info] alter table '
            "buyers\n\n07:09:40.561 [info] create index buyers_email_index\n\n07:09:40.566 [info] == Migrated "
            "20271006130212 in 0.0s\n" + exunit_run(9, secs=0.3, asy=0.1, seed=77120),
            secs=6,
        ),
    )
    s.say(
        "Migrou: a extensão `citext` é criada na própria migration, `buyers.email` virou `citext` com unique index. "
        "Seus dados locais continuam lá; 9 testes de accounts verdes."
    )
    s.user("show, funcionou")
    s.not_person("Never edit a migration that has already been merged; create a new one instead.", "tool_output")
    s.one_off(
        "changing buyers.email to citext fails with 'type \"citext\" does not exist' until the migration runs "
        "CREATE EXTENSION IF NOT EXISTS citext"
    )
    s.outcome("success", "citext email migration applied after creating the extension in it; local data kept")
    return s


def a04() -> Session:
    s = new("a04-vendor-no-push", "2027-10-07T12:45:33", "2.1.221", "main", "silent-queue-gull")
    s.user(
        "os feirantes tão reclamando que não chega notificação de pedido novo desde que subi o job. no sentry "
        "não aparece nada, nenhum erro, e o pedido é criado normal. da uma olhada?"
    )
    s.act(
        None,
        Grep("NotifyVendor", ["lib/feira/orders.ex", "lib/feira/workers/notify_vendor.ex", "config/config.exs"]),
    )
    s.act(
        None,
        Read("config/config.exs", CONFIG_OBAN, offset=31, total=58),
        Read("lib/feira/workers/notify_vendor.ex", NOTIFY_VENDOR),
    )
    s.act(
        "A fila `notifications` tem 20 workers e o job existe. Vou conferir se o serviço de push está configurado "
        "em prod antes de olhar os jobs:",
        Bash(
            "fly ssh console -a feira-api -C \"/app/bin/feira rpc 'IO.inspect(Application.get_env(:feira, Feira.Push))'\"",
            "Connecting to fdaa:2:91c0:a7b:1f6:4e3a:91d2:2... complete\n[adapter: Feira.Push.Expo, "
            'access_token: "**redacted**", base_url: "https://exp.host/--/api/v2/push/send"]',
            secs=7,
        ),
    )
    s.say(
        "O push está configurado em prod. O próximo passo seria olhar a tabela `oban_jobs` pra ver em que estado "
        "os jobs do NotifyVendor estão."
    )
    s.user("tenho call com o cliente agora, depois a gente vê isso")
    s.hit("oban-string-keys")
    s.outcome("failed", "vendors get no push notifications; nothing found before Rafael left for a call")
    return s


WEBHOOK_LOG = """[info] POST /webhooks/mercadopago
[debug] Processing with FeiraWeb.MercadoPagoWebhookController.create/2
  Parameters: %{"action" => "payment.updated", "data" => %{"id" => "1319227541"}, "type" => "payment"}
[info] Sent 403 in 2ms
[debug] ** (Plug.CSRFProtection.InvalidCSRFTokenError) invalid CSRF (Cross Site Request Forgery) token, please make sure that:

  * The session cookie is being sent and session is loaded
  * The request include a valid '_csrf_token' param or 'x-csrf-token' header"""


def a05() -> Session:
    s = new("a05-pix-webhook", "2027-10-08T13:15:09", "2.1.221", "main", "pix-webhook-ibis")
    s.user(
        "decidido: pagamento por Pix pelo Mercado Pago, cartão fica pra depois. I already wrote the webhook "
        "controller but MP gets a 403 on every notification. local log through ngrok:\n\n```\n" + WEBHOOK_LOG + "\n```",
        decisions=["decidido: pagamento por Pix pelo Mercado Pago, cartão fica pra depois"],
    )
    s.act(None, Read("lib/feira_web/router.ex", ROUTER))
    s.act(
        "The webhook route goes through the `:browser` pipeline, which has `protect_from_forgery`; Mercado Pago "
        "posts JSON without a session or CSRF token, so Plug rejects it with 403. It belongs in a JSON-only "
        "pipeline:",
        Edit(
            "lib/feira_web/router.ex",
            '  scope "/webhooks", FeiraWeb do\n    pipe_through :browser',
            '  scope "/webhooks", FeiraWeb do\n    pipe_through :api',
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/feira_web/controllers/mercado_pago_webhook_controller_test.exs",
            exunit_run(3, secs=0.2, asy=0.1, seed=90311),
        ),
    )
    s.say(
        "Webhook agora passa pelo pipeline `:api`, sem CSRF; os 3 testes do controller passam. O valor do "
        "pagamento vem em `transaction_amount` como float, quer que eu guarde assim?"
    )
    s.user(
        "no. decision: prices are stored as integer cents in price_cents, no Decimal, no float. convert on the "
        "way in. then commit and push.",
        decisions=["decision: prices are stored as integer cents in price_cents, no Decimal"],
    )
    s.act(
        None,
        Edit(
            "lib/feira_web/controllers/mercado_pago_webhook_controller.ex",
            '    amount = payment["transaction_amount"]',
            '    amount_cents = round(payment["transaction_amount"] * 100)',
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix test",
            credo_ok(44) + "\n" + exunit_run(38, [], secs=1.4, asy=0.6, seed=4471),
            secs=11,
        ),
    )
    s.act(
        None,
        Denied(
            Bash("git commit -am 'fix: route Mercado Pago webhook through the api pipeline' && git push origin main")
        ),
    )
    s.user(
        "nunca faz push direto na main, sempre abre PR. cria uma branch",
        rules=[("no-push-main", "nunca faz push direto na main, sempre abre PR")],
    )
    s.act(
        None,
        Bash(
            "git switch -c fix/webhook-api-pipeline && git commit -am 'fix: route Mercado Pago webhook through the "
            "api pipeline' && git push -u origin fix/webhook-api-pipeline && gh pr create --fill",
            "Switched to a new branch 'fix/webhook-api-pipeline'\n"
            + git_commit(
                "fix/webhook-api-pipeline",
                "b71d2e4",
                "fix: route Mercado Pago webhook through the api pipeline",
                2,
                3,
                2,
            )
            + "\nbranch 'fix/webhook-api-pipeline' set up to track 'origin/fix/webhook-api-pipeline'.\n"
            "https://github.com/rafaelmoura/feira-api/pull/14",
            secs=6,
        ),
    )
    s.say("PR aberto: https://github.com/rafaelmoura/feira-api/pull/14")
    s.user("perfeito valeu")
    s.not_person("invalid CSRF (Cross Site Request Forgery) token, please make sure that:", "pasted_log")
    s.one_off(
        "the Mercado Pago webhook route sat in the :browser pipeline, so every notification got 403 "
        "(Plug.CSRFProtection.InvalidCSRFTokenError); moved to :api"
    )
    s.outcome("success", "webhook moved to the api pipeline, amounts in cents, PR opened (direct push to main refused)")
    return s


PSQL_PASTE = """feira_prod=> select id, state, attempt, errors[array_length(errors, 1)]->>'error' as error
feira_prod->   from oban_jobs where worker = 'Feira.Workers.SendReceipt' order by id desc limit 3;
  id   |   state   | attempt |                                      error
-------+-----------+---------+----------------------------------------------------------------------------------
 90412 | retryable |       4 | ** (ArgumentError) cannot perform Feira.Repo.get!/2 because the given value is nil
 90398 | retryable |       6 | ** (ArgumentError) cannot perform Feira.Repo.get!/2 because the given value is nil
 90371 | discarded |      20 | ** (ArgumentError) cannot perform Feira.Repo.get!/2 because the given value is nil
(3 rows)"""


def a06() -> Session:
    s = new("a06-receipts-psql", "2027-10-11T12:20:47", "2.1.222", "main", "receipt-nil-plover")
    s.user(
        "receipt emails stopped going out too. I queried prod directly:\n\n```\n" + PSQL_PASTE + "\n```\n\n"
        "the order exists, I checked the id"
    )
    s.act(None, Read("lib/feira/workers/send_receipt.ex", SEND_RECEIPT))
    s.say(
        "O `SendReceipt` lê `args[:order_id]`, mas o Oban guarda os args como JSON em `oban_jobs.args`: quando o "
        'job volta do banco, as chaves são strings (`%{"order_id" => 90371}`), então `args[:order_id]` é `nil` e '
        "`get_order!(nil)` estoura. Provavelmente é a mesma causa do teste do NotifyVendor que ficou vermelho e "
        "das notificações que não chegam. A correção é casar as chaves como string em cada worker."
    )
    s.user("faz sentido. mas agora não dá, tô no meio do deploy do pix. depois a gente mexe nisso")
    s.turn_done()
    s.hit("oban-string-keys")
    s.outcome("unknown", "cause of the failing receipt jobs named (string keys), nothing changed, deferred")
    return s


def a07() -> Session:
    s = new("a07-release-phx-server", "2027-10-12T13:00:25", "2.1.222", "release", "quiet-port-kite")
    s.user(
        "buildei a release no docker e o container fica de pé mas não responde na 4000, o health check do fly "
        "falha. nos logs não tem erro nenhum, só isso:\n\n```\n16:02:11.094 [info] Migrations already up\n```"
    )
    s.act(None, Read("config/runtime.exs", RUNTIME_EXS), Read("Dockerfile", DOCKERFILE_TAIL, offset=58, total=63))
    s.say(
        "In a release the endpoint only starts its HTTP server when `server: true` is set, which Phoenix 1.7 "
        "reads from `PHX_SERVER`. `mix phx.gen.release` creates `bin/server` for exactly that (it sets "
        "`PHX_SERVER=true` and calls `start`), but the Dockerfile runs `bin/feira start`."
    )
    s.act(
        None,
        Edit("Dockerfile", 'CMD ["/app/bin/feira", "start"]', 'CMD ["/app/bin/server"]'),
    )
    s.act("Let me also run dialyzer on the release config before building:", Denied(Bash("mix dialyzer")))
    s.user(
        "dialyzer only runs in CI, don't run it locally, it takes like 10 minutes on my laptop.",
        rules=[("dialyzer-ci", "dialyzer only runs in CI, don't run it locally")],
    )
    s.act(
        None,
        Bash(
            "docker build -t feira-api:local . && docker run -d --rm -p 4000:4000 --env-file .env.prod.local "
            "feira-api:local && sleep 4 && curl -s localhost:4000/api/v1/health",
            "[+] Building 71.4s (21/21) FINISHED\n => => naming to docker.io/library/feira-api:local\n"
            'c2f1e9a07b3d8c61a0f7e2d4b5a69c13e08f7d21b4c6a9e0f3d2c1b7a8e9f0d1\n{"status":"ok"}',
            secs=80,
        ),
    )
    s.say('Com `bin/server` o endpoint sobe: `/api/v1/health` responde `{"status":"ok"}` no container local.')
    s.user(
        "TIL a mix release doesn't start the endpoint unless PHX_SERVER=true. nice, I'll deploy it myself",
        lessons=["TIL a mix release doesn't start the endpoint unless PHX_SERVER=true"],
    )
    s.one_off(
        "the release container ran bin/feira start without PHX_SERVER=true, so the endpoint never listened on 4000 "
        "and the health check failed with no error in the logs"
    )
    s.outcome("success", "the release now starts via bin/server and answers the health check (dialyzer run refused)")
    return s


def explore_workers(child: Session) -> None:
    child.act(
        None,
        Grep(
            "def perform\\(",
            [
                "lib/feira/workers/notify_vendor.ex:7:  def perform(%Oban.Job{args: %{order_id: order_id}}) do",
                "lib/feira/workers/send_receipt.ex:8:  def perform(%Oban.Job{args: args}) do",
                "lib/feira/workers/daily_payout.ex:7:  def perform(%Oban.Job{args: %{stall_id: stall_id, date: date}}) do",
                "lib/feira/workers/payout_sweep.ex:6:  def perform(%Oban.Job{}) do",
            ],
            path="lib",
            mode="content",
        ),
    )
    child.act(
        None,
        Grep(
            "args\\[:",
            ["lib/feira/workers/send_receipt.ex:9:    order = Orders.get_order!(args[:order_id])"],
            path="lib",
            mode="content",
        ),
    )
    child.say(
        "Oban workers and how they read args:\n- lib/feira/workers/notify_vendor.ex:7 matches `%{order_id: order_id}` "
        "(atom key).\n- lib/feira/workers/send_receipt.ex:8-9 takes `args` and reads `args[:order_id]` (atom key).\n"
        "- lib/feira/workers/daily_payout.ex:7 matches `%{stall_id: stall_id, date: date}` (atom keys; `date` "
        "would arrive as an ISO string).\n- lib/feira/workers/payout_sweep.ex:6 ignores args.\nOban stores args as "
        "JSON, so all three atom-key readers see string keys at runtime."
    )


def a08() -> Session:
    s = new("a08-oban-string-keys", "2027-10-13T12:10:56", "2.1.223", "fix/oban-args", "string-keys-wren")
    s.user(
        "bora resolver o lance do Oban de vez. agora o teste do DailyPayout que o Lucas escreveu também quebrou, "
        "roda ai test/feira/workers"
    )
    s.act(
        None,
        Bash(
            "mix test test/feira/workers",
            exunit_run(
                4,
                [
                    ("sends a push to the stall owner", "Feira.Workers.NotifyVendorTest", ERR_NOTIFY),
                    ("pays out the stall for the day", "Feira.Workers.DailyPayoutTest", ERR_PAYOUT),
                ],
                seed=5120,
            ),
            code=2,
        ),
    )
    s.act(
        "Dois workers falhando do mesmo jeito. Vou mapear todos os workers antes de mexer:",
        Agent(
            "Map Oban workers' args",
            "List every Oban worker under lib/ and show exactly how its perform/1 reads the job args (pattern or "
            "access, atom or string keys). Always cite file:line for every match and never modify files.",
            "Explore",
            explore_workers,
        ),
    )
    s.act(
        "Os três que leem args usam chave atom; o Oban entrega string. Corrigindo os três:",
        Edit(
            "lib/feira/workers/notify_vendor.ex",
            "  def perform(%Oban.Job{args: %{order_id: order_id}}) do",
            '  def perform(%Oban.Job{args: %{"order_id" => order_id}}) do',
        ),
        Edit(
            "lib/feira/workers/send_receipt.ex",
            "  def perform(%Oban.Job{args: args}) do\n    order = Orders.get_order!(args[:order_id])",
            '  def perform(%Oban.Job{args: %{"order_id" => order_id}}) do\n    order = Orders.get_order!(order_id)',
        ),
        Edit(
            "lib/feira/workers/daily_payout.ex",
            "  def perform(%Oban.Job{args: %{stall_id: stall_id, date: date}}) do\n"
            "    Payments.pay_out_stall(stall_id, date)",
            '  def perform(%Oban.Job{args: %{"stall_id" => stall_id, "date" => date}}) do\n'
            "    Payments.pay_out_stall(stall_id, Date.from_iso8601!(date))",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix test",
            credo_ok(47) + "\n" + exunit_run(44, secs=1.6, asy=0.7, seed=5120),
            secs=12,
        ),
    )
    s.say(
        "Tudo verde (44 testes), format e Credo limpos. Os jobs `retryable` do SendReceipt vão passar na próxima "
        "tentativa depois do deploy; o `discarded` precisa ser reenfileirado."
    )
    s.user(
        "show, funcionou. aprendi que os args do Oban voltam do banco como JSON, então as chaves chegam como string "
        "no perform. o descartado eu reenfileiro na mão. commita e abre o PR",
        lessons=[
            "aprendi que os args do Oban voltam do banco como JSON, então as chaves chegam como string no perform"
        ],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix: match Oban job args with string keys' && git push -u origin fix/oban-args && "
            "gh pr create --fill",
            git_commit("fix/oban-args", "e4c09a2", "fix: match Oban job args with string keys", 3, 4, 4)
            + "\nbranch 'fix/oban-args' set up to track 'origin/fix/oban-args'.\n"
            "https://github.com/rafaelmoura/feira-api/pull/17",
            secs=5,
        ),
    )
    s.say("PR #17 aberto.")
    s.not_person("Always cite file:line for every match and never modify files.", "subagent_prompt")
    s.hit("oban-string-keys", fixed=True)
    s.outcome("success", "all Oban workers match string-keyed args; worker tests green; PR opened")
    return s


def a09() -> Session:
    s = new("a09-cron-timezone", "2027-10-14T13:20:14", "2.1.223", "main", "early-sweep-owl")
    s.user(
        "o PayoutSweep tá rodando 3 da manhã, era pra ser 6h. e outra: o Lucas falou que a gente nunca devia usar "
        "Task.start em produção, faz sentido? tem um no PayoutSweep.",
        non_rules=["o Lucas falou que a gente nunca devia usar Task.start em produção, faz sentido?"],
    )
    s.act(None, Read("config/config.exs", CONFIG_OBAN, offset=31, total=58))
    s.say(
        "O plugin Cron do Oban interpreta o crontab em UTC se não tiver `timezone`; `0 6 * * *` UTC são 3h em "
        "Recife. Sobre o `Task.start`: ele roda sem supervisão, e se o nó reiniciar no meio o trabalho some sem "
        "rastro; dentro de um job do Oban dá pra fazer o trabalho direto ou enfileirar outro job."
    )
    s.act(
        None,
        Edit(
            "config/config.exs",
            '    {Oban.Plugins.Cron, crontab: [{"0 6 * * *", Feira.Workers.PayoutSweep}]}',
            '    {Oban.Plugins.Cron, crontab: [{"0 6 * * *", Feira.Workers.PayoutSweep}], timezone: "America/Recife"}',
        ),
    )
    s.act(None, Bash("mix format && mix credo --strict && mix test", credo_ok(47) + "\n" + exunit_run(44, seed=301)))
    s.say("Cron agora roda às 6h de Recife. Testes verdes.")
    s.user("beleza, o Task.start eu tiro depois. commita")
    s.act(
        None,
        Bash(
            "git switch -c fix/cron-timezone && git commit -am 'fix: run the payout sweep at 6h Recife time'",
            "Switched to a new branch 'fix/cron-timezone'\n"
            + git_commit("fix/cron-timezone", "71b0c3e", "fix: run the payout sweep at 6h Recife time", 1, 1, 1),
        ),
    )
    s.say("Commitado em `fix/cron-timezone`.")
    s.one_off(
        "Oban's Cron plugin runs the crontab in UTC, so the 6h payout sweep ran at 3h in Recife until timezone was set"
    )
    s.outcome("success", "Oban Cron timezone set to America/Recife; committed")
    return s


def a10() -> Session:
    s = new("a10-seeds-reset", "2027-10-15T12:40:39", "2.1.224", "seeds", "fresh-seed-finch")
    s.user(
        "I wrote proper seeds in priv/repo/seeds.exs over the weekend. from now on ecto.reset is fine locally, the "
        "seeds cover everything. reset it and check the orders index still works.",
        rules=[
            ("ecto-reset-ok", "from now on ecto.reset is fine locally, the seeds cover everything", "no-ecto-reset")
        ],
    )
    s.act(None, Read("priv/repo/seeds.exs", SEEDS, total=48))
    s.act(
        None,
        Bash(
            "mix ecto.reset && mix test test/feira_web/controllers/order_controller_test.exs",
            "The database for Feira.Repo has been dropped\nThe database for Feira.Repo has been created\n\n"
            "09:41:02.311 [info] == Migrated 20271006130212 in 0.0s\n[debug] seeds: 6 stalls, 41 products, 3 buyers\n"
            + exunit_run(7, secs=0.3, asy=0.2, seed=8812),
            secs=9,
        ),
    )
    s.say("Reset feito com os seeds (6 bancas, 41 produtos, 3 compradores); os 7 testes do OrderController passam.")
    s.user(
        "should we always preload the vendor on orders? the app shows the stall name in the list",
        non_rules=["should we always preload the vendor on orders?"],
    )
    s.say(
        "Not everywhere: `get_order!/1` is used by the workers, which only need the ids. For the index the app "
        "renders the stall name, so preloading `:stall` in `list_orders_for_buyer/1` avoids one query per row."
    )
    s.act(
        None,
        Edit(
            "lib/feira/orders.ex",
            "    |> order_by([o], desc: o.inserted_at)\n    |> Repo.all()",
            "    |> order_by([o], desc: o.inserted_at)\n    |> preload(:stall)\n    |> Repo.all()",
        ),
    )
    s.act(None, Bash("mix test", exunit_run(45, secs=1.5, seed=8812)))
    s.say("Preload de `:stall` só na listagem; 45 testes verdes.")
    s.user("blz")
    s.outcome("success", "local db reset from the new seeds; stall preloaded on the orders list; tests green")
    return s


STATS_CONTROLLER = """defmodule FeiraWeb.StallStatsController do
  use FeiraWeb, :controller

  alias Feira.Orders

  def show(conn, %{"stall_id" => stall_id, "date" => date}) do
    stats = Orders.daily_sales(String.to_integer(stall_id), Date.from_iso8601!(date))
    json(conn, %{date: date, orders: stats.orders, total_cents: stats.total_cents})
  end
end
"""


def a11() -> Session:
    s = new("a11-stall-stats", "2027-10-18T12:15:27", "2.1.225", "stall-stats", "daily-sales-crane")
    s.user(
        "endpoint GET /api/v1/stalls/:stall_id/stats?date=2027-10-18 com número de pedidos e total vendido no dia. "
        "por enquanto deixa sem paginação, é um número só.",
        non_rules=["por enquanto deixa sem paginação"],
    )
    s.act(
        None,
        Write("lib/feira_web/controllers/stall_stats_controller.ex", STATS_CONTROLLER),
        Edit(
            "lib/feira_web/router.ex",
            '    resources "/stalls", StallController, only: [:index, :show]',
            '    resources "/stalls", StallController, only: [:index, :show]\n'
            '    get "/stalls/:stall_id/stats", StallStatsController, :show',
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix test test/feira_web/controllers/stall_stats_controller_test.exs",
            credo_ok(49) + "\n" + exunit_run(3, secs=0.2, seed=1203),
        ),
    )
    s.act(
        "Endpoint done and returns `total_cents`. Worth noting: you should never expose price_cents without also "
        "sending the currency field. Committing:",
        Bash(
            "git add -A && git commit -m 'Add daily sales stats per stall'",
            git_commit("stall-stats", "a5d3f10", "Add daily sales stats per stall", 3, 58, 0),
        ),
    )
    s.user(
        "já falei, commit no padrão conventional, tipo feat: ou fix:. corrige ai",
        rules=[("conv-commits", "já falei, commit no padrão conventional, tipo feat: ou fix:")],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'feat: daily sales stats per stall'",
            git_commit("stall-stats", "c82e4b9", "feat: daily sales stats per stall", 3, 58, 0),
        ),
    )
    s.say("Corrigido: `feat: daily sales stats per stall` (`c82e4b9`).")
    s.not_person(
        "Worth noting: you should never expose price_cents without also sending the currency field.", "assistant_text"
    )
    s.outcome("success", "daily stall stats endpoint with tests; commit message amended to conventional format")
    return s


def a12() -> Session:
    s = new("a12-dialyzer-specs", "2027-10-19T12:30:58", "2.1.225", "payments-specs", "typed-payout-jay")
    s.user(
        "cachei o PLT em priv/plts e agora leva 40s. de agora em diante roda o dialyzer antes de me entregar, o PLT "
        "fica em cache. bota @spec nas funções públicas do Feira.Payments",
        rules=[
            (
                "dialyzer-local",
                "de agora em diante roda o dialyzer antes de me entregar, o PLT fica em cache",
                "dialyzer-ci",
            )
        ],
    )
    s.act(
        None,
        Edit(
            "lib/feira/payments.ex",
            "  def pay_out_stall(stall_id, date) do",
            "  @spec pay_out_stall(pos_integer(), Date.t()) :: {:ok, %{paid: non_neg_integer()}} | {:error, term()}\n"
            "  def pay_out_stall(stall_id, date) do",
        ),
    )
    s.act(
        None,
        Bash(
            "mix dialyzer",
            "Finding suitable PLTs\nChecking PLT...\nPLT is up to date!\nStarting Dialyzer\n"
            "Total errors: 1, Skipped: 0, Unnecessary Skips: 0\ndone in 0m38.2s\n"
            "lib/feira/payments.ex:14:invalid_contract\nThe @spec for the function does not match the success typing "
            "of the function.\n\nFunction:\nFeira.Payments.pay_out_stall/2\n\nSuccess typing:\n"
            "@spec pay_out_stall(_, _) :: {:error, :no_orders} | {:ok, %{:paid => integer()}}",
            code=2,
            secs=40,
        ),
    )
    s.act(
        None,
        Edit(
            "lib/feira/payments.ex",
            "{:ok, %{paid: non_neg_integer()}} | {:error, term()}",
            "{:ok, %{paid: integer()}} | {:error, :no_orders}",
        ),
    )
    s.act(
        None,
        Bash(
            "mix dialyzer && mix test",
            "Finding suitable PLTs\nChecking PLT...\nPLT is up to date!\nStarting Dialyzer\n"
            "Total errors: 0, Skipped: 0, Unnecessary Skips: 0\ndone in 0m37.9s\ndone (passed successfully)\n"
            + exunit_run(48, secs=1.7, seed=662),
            secs=42,
        ),
    )
    s.say("Specs no `Feira.Payments`, dialyzer passa (0 erros, 38s com o PLT em cache) e 48 testes verdes.")
    s.user("perfeito valeu")
    s.outcome("success", "@spec added to Feira.Payments, dialyzer clean locally, tests green")
    return s


def a13() -> Session:
    s = new("a13-explain-question", "2027-10-20T13:00:12", "2.1.226", "main", "query-plan-dove")
    s.user("como eu vejo o plano de uma query no ecto? tipo um EXPLAIN ANALYZE")
    s.say(
        "`Repo.explain(:all, query, analyze: true)` (Ecto SQL 3.5+); devolve o texto do plano do Postgres. Para "
        "`update_all`/`delete_all` use `:update_all`/`:delete_all` no primeiro argumento."
    )
    s.turn_done()
    s.user("e no iex, com a query do list_orders_for_stall?")
    s.say(
        "`iex -S mix` e então:\n```elixir\nimport Ecto.Query\nq = from o in Feira.Orders.Order, where: o.stall_id == "
        "^7, order_by: [desc: o.inserted_at]\nFeira.Repo.explain(:all, q, analyze: true) |> IO.puts()\n```"
    )
    s.turn_done()
    s.outcome("unknown", "a question about Repo.explain answered; nothing else happened")
    return s


HISTORY_CONTROLLER = """defmodule FeiraWeb.BuyerOrderController do
  use FeiraWeb, :controller

  alias Feira.Orders

  def index(conn, %{"buyer_id" => buyer_id} = params) do
    page = Orders.list_orders_for_buyer(String.to_integer(buyer_id), cursor: params["cursor"], limit: 20)
    render(conn, :index, page: page)
  end
end
"""


def a14() -> Session:
    s = new("a14-buyer-history", "2027-10-21T12:50:31", "2.1.226", "buyer-history", "cursor-page-loon")
    s.local_command("clear", "", "", after=0.0)
    s.user(
        "buyer order history: GET /api/v1/buyers/:buyer_id/orders with cursor pagination on (inserted_at, id), "
        "20 per page, with each order's stall and items"
    )
    s.act(None, Read("lib/feira/orders.ex", ORDERS_EX))
    s.act(
        None,
        Edit(
            "lib/feira/orders.ex",
            "  def list_orders_for_stall(stall_id) do",
            "  def list_orders_for_buyer(buyer_id, opts) do\n    limit = Keyword.fetch!(opts, :limit)\n\n"
            "    Order\n    |> where([o], o.buyer_id == ^buyer_id)\n    |> after_cursor(opts[:cursor])\n"
            "    |> order_by([o], desc: o.inserted_at, desc: o.id)\n    |> limit(^(limit + 1))\n"
            "    |> preload([:stall, :items])\n    |> Repo.all()\n    |> Feira.Pagination.page(limit)\n  end\n\n"
            "  defp after_cursor(query, nil), do: query\n  defp after_cursor(query, _cursor), do: query\n\n"
            "  def list_orders_for_stall(stall_id) do",
        ),
        Write("lib/feira_web/controllers/buyer_order_controller.ex", HISTORY_CONTROLLER),
    )
    s.act(
        None,
        Bash(
            "mix test test/feira_web/controllers/buyer_order_controller_test.exs",
            exunit_run(
                5,
                [
                    (
                        "second page starts after the cursor",
                        "FeiraWeb.BuyerOrderControllerTest",
                        "     test/feira_web/controllers/buyer_order_controller_test.exs:31\n"
                        '     Assertion with == failed\n     code:  assert length(page2["data"]) == 5\n'
                        "     left:  25\n     right: 5",
                    )
                ],
                seed=3310,
            ),
            code=2,
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Rafael asked for GET /api/v1/buyers/:buyer_id/orders with cursor "
        "pagination on (inserted_at, id), 20 per page, with each order's stall and items.\nSummary:\n1. "
        "list_orders_for_buyer/2 added to lib/feira/orders.ex; BuyerOrderController written.\n2. One failing test: "
        "the second page returns everything (after_cursor/2 ignores the decoded cursor).\n3. Always preload :stall "
        "and :items when listing orders.\nPending: fix after_cursor/2, route, run the suite, commit.",
        121800,
        9400,
    )
    s.user("continua")
    s.act(
        None,
        Edit(
            "lib/feira/orders.ex",
            "  defp after_cursor(query, _cursor), do: query",
            "  defp after_cursor(query, cursor) do\n    {ts, id} = Feira.Pagination.decode!(cursor)\n"
            "    where(query, [o], o.inserted_at < ^ts or (o.inserted_at == ^ts and o.id < ^id))\n  end",
        ),
    )
    s.act(
        None,
        Bash(
            "mix format && mix credo --strict && mix dialyzer && mix test",
            credo_ok(51) + "\nStarting Dialyzer\nTotal errors: 0, Skipped: 0, Unnecessary Skips: 0\ndone in "
            "0m39.4s\ndone (passed successfully)\n" + exunit_run(53, secs=1.8, seed=3310),
            secs=50,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: buyer order history with cursor pagination' && git push -u origin "
            "buyer-history && gh pr create --fill",
            git_commit("buyer-history", "0d9f7a1", "feat: buyer order history with cursor pagination", 4, 96, 2)
            + "\nhttps://github.com/rafaelmoura/feira-api/pull/21",
            secs=5,
        ),
    )
    s.say("PR #21: histórico com cursor, 53 testes verdes, format/credo/dialyzer limpos.")
    s.not_person("Always preload :stall and :items when listing orders.", "compaction_summary")
    s.outcome("success", "buyer order history with cursor pagination; suite, credo and dialyzer clean; PR opened")
    return s


def a15() -> Session:
    s = new("a15-live-dashboard", "2027-10-22T12:20:05", "2.1.227", "dashboard", "basic-auth-swift")
    s.user("quero o LiveDashboard em /dashboard na prod tb, protegido")
    s.act(
        None,
        Edit(
            "lib/feira_web/router.ex",
            "  pipeline :api do",
            "  pipeline :admins_only do\n    plug :admin_basic_auth\n  end\n\n  pipeline :api do",
        ),
    )
    s.act(
        None,
        Bash(
            "mix compile --warnings-as-errors",
            "Compiling 2 files (.ex)\nerror: undefined function admin_basic_auth/2 (expected FeiraWeb.Router to "
            "define such a function or for it to be imported, but none are available)\n  lib/feira_web/router.ex:15",
            code=1,
        ),
    )
    s.say(
        "I'll define `admin_basic_auth/2` with `Plug.BasicAuth.basic_auth/2`, reading the username and password "
        "from `DASHBOARD_USER`/`DASHBOARD_PASSWORD`."
    )
    s.user(
        "hmm nao era isso. queria só pra quem tá logado como admin no painel, nada de senha compartilhada. "
        "desfaz, vou pensar melhor como fazer o login de admin"
    )
    s.act(
        None,
        Edit(
            "lib/feira_web/router.ex",
            "  pipeline :admins_only do\n    plug :admin_basic_auth\n  end\n\n  pipeline :api do",
            "  pipeline :api do",
        ),
    )
    s.say("Desfeito; o router voltou ao que era.")
    s.outcome("failed", "LiveDashboard protection started with basic auth, which was not what Rafael wanted; undone")
    return s


CREDO_PASTE = """┃ [D] ↘ Nested modules could be aliased at the top of the invoking module.
┃       lib/feira/orders.ex:42:14 #(Feira.Orders.list_orders_for_buyer)
┃ [R] ↗ Pipe chain should start with a raw value.
┃       lib/feira/payments.ex:31:5 #(Feira.Payments.pay_out_stall)"""


def a16() -> Session:
    s = new("a16-credo-ci", "2027-10-22T21:10:44", "2.1.227", "buyer-history", "late-credo-gnat")
    s.user("o credo da CI reclamou no PR 21:\n\n```\n" + CREDO_PASTE + "\n```\narruma pfv")
    s.act(
        None,
        Edit(
            "lib/feira/orders.ex",
            "    |> Feira.Pagination.page(limit)",
            "    |> Pagination.page(limit)",
        ),
        Edit(
            "lib/feira/orders.ex",
            "  alias Feira.Orders.{Order, OrderItem}",
            "  alias Feira.Orders.{Order, OrderItem}\n  alias Feira.Pagination",
        ),
    )
    s.act(
        None,
        Edit(
            "lib/feira/payments.ex",
            "    stall_id |> Orders.paid_orders_on(date) |> Enum.map(& &1.total_cents)",
            "    orders = Orders.paid_orders_on(stall_id, date)\n    Enum.map(orders, & &1.total_cents)",
        ),
    )
    s.act(None, Bash("mix format && mix credo --strict && mix test", credo_ok(51) + "\n" + exunit_run(53, seed=90)))
    s.say("Os dois avisos resolvidos; Credo limpo e 53 testes verdes. Faço commit e push na branch do PR?")
    s.user("manda ver")
    s.act(
        None,
        Bash(
            "git commit -am 'chore: credo fixes' && git push",
            git_commit("buyer-history", "5e21b08", "chore: credo fixes", 2, 5, 3)
            + "\nTo github.com:rafaelmoura/feira-api.git\n   0d9f7a1..5e21b08  buyer-history -> buyer-history",
        ),
    )
    s.say("Push feito na `buyer-history`; o PR #21 vai rodar a CI de novo.")
    s.outcome("success", "Credo warnings from CI fixed and pushed to the PR branch")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15, a16]
