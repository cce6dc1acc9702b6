"""Jordi's `celler` sessions (c01-c15): an Elixir 1.17 / Phoenix 1.7 LiveView app for a wine cooperative's stock
and orders, Ecto 3 on Postgres, Oban, ExUnit + Wallaby, Credo and Dialyzer, on Fly.io. Times are UTC; Girona is
UTC+02:00 until 2029-10-28 and UTC+01:00 after."""

from __future__ import annotations

from out_helpers import fly_ok, git_commit, mix_test
from transcript_kit import CELLER, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "celler"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=CELLER, project=PROJECT)


CONTRIBUTING = """# Contributing to celler

Thanks for helping the Cooperativa Agrícola de Capmany!

- Always run `mix format` before opening a pull request.
- Keep LiveView modules thin; business logic lives in `lib/celler/`.
- Run `mix test` locally; CI runs `mix test --include wallaby` on every PR.
"""

CONFIRM_WORKER = """defmodule Celler.Workers.ConfirmOrder do
  use Oban.Worker, queue: :orders, max_attempts: 5

  alias Celler.{Orders, Stock, Mailer}

  @impl Oban.Worker
  def perform(%Oban.Job{args: %{"order_id" => order_id}}) do
    order = Orders.get_order!(order_id)
    :ok = Stock.reserve_lines(order)
    Mailer.deliver_confirmation(order)
    :ok
  end
end"""

MIGRATION = """defmodule Celler.Repo.Migrations.AddOrderLinesIndexes do
  use Ecto.Migration

  def change do
    create index(:order_lines, [:product_id, :inserted_at])
  end
end"""

FLY_TOML = """app = "celler-coop"
primary_region = "mad"

[deploy]
  release_command = "/app/bin/migrate"

[http_service]
  internal_port = 4000
  force_https = true
  auto_stop_machines = "stop"
  auto_start_machines = true
  # Always keep min_machines_running = 1 for the production app
  min_machines_running = 1
"""


def c01() -> Session:
    s = new("c01-stock-filter", "2029-10-22T07:41:12", "2.1.160", "stock-filter", "stock-filter-garnatxa")
    s.user(
        "bon dia! Comencem la setmana amb el celler 😅 A la LiveView d'estoc (StockLive.Index) cal un filtre per "
        "varietat i per any de collita, i que mostri el preu per ampolla. recorda: els preus sempre en cèntims, "
        "integer, mai floats. I el format d'euros només a la vista: euro formatting happens only in the view, with "
        "Celler.Money.format/1. Mira el CONTRIBUTING abans, que el va escriure en Pere.",
        rules=[
            ("cents", "recorda: els preus sempre en cèntims, integer, mai floats"),
            ("format-in-view", "euro formatting happens only in the view, with Celler.Money.format/1"),
        ],
    )
    s.title("Stock LiveView filters by variety and vintage")
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.not_person("Always run `mix format` before opening a pull request.", "tool_output")
    s.act(
        "I'll add the filter form and the query in the Stock context, keeping prices as integer cents:",
        Edit(
            "lib/celler/stock.ex",
            "  def list_bottles do\n    Repo.all(Bottle)\n  end",
            '  def list_bottles(filters \\\\ %{}) do\n    Bottle\n    |> maybe_where(:variety, filters["variety"])\n'
            '    |> maybe_where(:vintage, filters["vintage"])\n    |> Repo.all()\n  end',
        ),
        Edit(
            "lib/celler_web/live/stock_live/index.html.heex",
            "<td><%= bottle.name %></td>",
            '<td><%= bottle.name %></td>\n<td class="text-right"><%= Celler.Money.format(bottle.price_cents) %></td>',
        ),
    )
    s.act(None, Bash("mix format && mix test test/celler/stock_test.exs", mix_test(14, secs=1.2)))
    s.say(
        "Filters work and the 14 stock tests pass. Prices stay `price_cents` integers; only the template formats them."
    )
    s.user(
        "genial 👌 i per cert, pels correus de comanda we're going with Swoosh and Postmark for the order emails, "
        "deixa'm preparat el config/runtime.exs amb POSTMARK_API_KEY. primer passa els tests, després fes el commit.",
        decisions=["we're going with Swoosh and Postmark for the order emails"],
        rules=[("tests-before-commit", "primer passa els tests, després fes el commit")],
    )
    s.act(
        None,
        Edit(
            "config/runtime.exs",
            "if config_env() == :prod do",
            "if config_env() == :prod do\n  config :celler, Celler.Mailer,\n    adapter: Swoosh.Adapters.Postmark,\n"
            '    api_key: System.fetch_env!("POSTMARK_API_KEY")\n',
        ),
    )
    s.act(None, Bash("mix test --exclude wallaby", mix_test(87, secs=5.8, excluded=6)))
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Stock filters by variety and vintage; Postmark mailer config'",
            git_commit(
                "stock-filter", "3b91c0e", "Stock filters by variety and vintage; Postmark mailer config", 4, 61, 3
            ),
        ),
    )
    s.say("Tests green (87, 6 Wallaby excluded), committed `3b91c0e`.")
    s.outcome("success", "stock filter and price column added, Postmark config prepared; tests pass, committed")
    return s


def c02() -> Session:
    s = new("c02-double-email", "2029-10-23T08:12:40", "2.1.160", "main", "double-email-macabeu")
    s.user(
        "Hey, problem: Mas Oliveres says they got two confirmation emails for the same order. The Fly logs:\n\n```\n2029-10-22T16:41:07Z app[784e2f1c5d3e68] mad [info] 16:41:07.201 [info] Sent email with "
        "Postmark in 212ms (order 1843)\n2029-10-22T16:41:07Z app[784e2f1c5d3e68] mad [info] 16:41:07.388 [info] "
        "Sent email with Postmark in 187ms (order 1843)\n```\n\nCan you find where the second one comes from?"
    )
    s.act(None, Read("lib/celler/workers/confirm_order.ex", CONFIRM_WORKER))
    s.act(
        None,
        Grep("ConfirmOrder.new", ["lib/celler/orders.ex:88:    |> ConfirmOrder.new()"], mode="content"),
    )
    s.say(
        "`ConfirmOrder` is enqueued once in `Orders.confirm_order/1` and the worker sends one email per run, so two "
        "emails mean the job ran twice. I'll add a guard: skip the email if `confirmation_sent_at` is already set."
    )
    s.act(
        None,
        Edit(
            "lib/celler/workers/confirm_order.ex",
            "    Mailer.deliver_confirmation(order)",
            "    unless order.confirmation_sent_at, do: Mailer.deliver_confirmation(order)",
        ),
    )
    s.act(
        None,
        Bash(
            "mix test test/celler/workers/confirm_order_test.exs",
            mix_test(
                4,
                [
                    "test perform/1 sends a single confirmation (Celler.Workers.ConfirmOrderTest)\n"
                    "     test/celler/workers/confirm_order_test.exs:31\n     Assertion with == failed\n"
                    "     code:  assert length(emails) == 1\n     left:  2\n     right: 1"
                ],
                secs=0.9,
            ),
            code=2,
        ),
    )
    s.say(
        "The guard doesn't help: both runs read the order before either one sets `confirmation_sent_at`, so the test "
        "with two concurrent jobs still sends 2 emails."
    )
    s.user("uf. no, així no. treu-ho, no vull un apaño que no arregla res. ja hi tornarem")
    s.act(None, Bash("git checkout lib/celler/workers/confirm_order.ex", ""))
    s.say("Reverted.")
    s.outcome("failed", "duplicate confirmation emails; a sent_at guard did not stop the second job, reverted")
    s.hit("oban-double-confirm")
    return s


def c03() -> Session:
    s = new("c03-review-albarans", "2029-10-23T14:05:02", "2.1.161", "albarans", "albarans-review-sumoll")
    s.user(
        "L'en Pere m'ha deixat això a la PR dels albarans:\n\n> **pere-vidal** commented on lib/celler_web/live/"
        "delivery_live/show.ex\n> Please don't call Repo directly from LiveViews; go through the contexts. "
        "`Repo.preload(delivery, :lines)` here should be `Deliveries.get_delivery_with_lines!/1`.\n\nArregla-ho. "
        "I una altra cosa: hem decidit fer els albarans en PDF amb ChromicPDF, afegeix la dependència.",
        rules=[("contexts-not-repo", "Please don't call Repo directly from LiveViews; go through the contexts")],
        decisions=["hem decidit fer els albarans en PDF amb ChromicPDF"],
    )
    s.act(
        None,
        Edit(
            "lib/celler_web/live/delivery_live/show.ex",
            "    delivery = Deliveries.get_delivery!(id) |> Repo.preload(:lines)",
            "    delivery = Deliveries.get_delivery_with_lines!(id)",
        ),
        Edit(
            "lib/celler/deliveries.ex",
            "  def get_delivery!(id), do: Repo.get!(Delivery, id)",
            "  def get_delivery!(id), do: Repo.get!(Delivery, id)\n\n  def get_delivery_with_lines!(id) do\n"
            "    Delivery |> Repo.get!(id) |> Repo.preload(lines: :product)\n  end",
        ),
        Edit("mix.exs", '      {:swoosh, "~> 1.17"},', '      {:swoosh, "~> 1.17"},\n      {:chromic_pdf, "~> 1.17"},'),
    )
    s.act(
        None,
        Bash(
            "mix deps.get && mix test test/celler_web/live/delivery_live_test.exs",
            "Resolving Hex dependencies...\nResolution completed in 0.211s\nNew:\n  chromic_pdf 1.17.0\n"
            "* Getting chromic_pdf (Hex package)\n" + mix_test(9, secs=2.1),
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Deliveries: load lines through the context; add chromic_pdf'",
            git_commit("albarans", "a07d5e2", "Deliveries: load lines through the context; add chromic_pdf", 4, 19, 2),
        ),
    )
    s.say("Done: the LiveView calls `Deliveries.get_delivery_with_lines!/1`, ChromicPDF is in, tests pass, committed.")
    s.user("perfect, thanks!")
    s.outcome("success", "review comment addressed (no Repo in LiveView), ChromicPDF added; committed")
    return s


def c04() -> Session:
    s = new("c04-deploy-timeout", "2029-10-24T18:31:55", "2.1.161", "main", "deploy-timeout-xarel-lo")
    s.user(
        "Fem el deploy de la branca d'albarans, ja és fusionada. L'última vegada la Montse es va queixar que el "
        "deploy li va tallar una comanda a mitja tarda, o sea: els deploys de celler només a partir de les vuit del "
        "vespre. Ara són dos quarts de nou, endavant amb fly deploy.",
        rules=[("deploy-evenings", "els deploys de celler només a partir de les vuit del vespre")],
    )
    s.act(
        None,
        Bash(
            "fly deploy",
            "==> Verifying app config\n✓ Configuration is valid\n--> Building image done\n"
            "image: registry.fly.io/celler-coop:deployment-01JBB4M6QX\n\nRunning celler-coop release_command: "
            "/app/bin/migrate\n  Starting machine\n  Waiting for 3d8d9e1b627789 to have state: destroyed\n"
            "Error: release command failed - aborting deployment. error waiting for release_command machine "
            "3d8d9e1b627789 to finish running: timeout reached waiting for machine's state to change\n"
            'Your machine never reached the state "destroyed".',
            code=1,
            secs=310,
            timeout=600000,
        ),
    )
    s.act(
        "The release_command (`/app/bin/migrate`) timed out. Let me see the release machine's logs:",
        Bash(
            "fly logs -a celler-coop --no-tail | grep 3d8d9e1b627789 | tail -5",
            "2029-10-24T18:33:02Z app[3d8d9e1b627789] mad [info] 18:33:02.114 [info] == Running 20291024101500 "
            "Celler.Repo.Migrations.AddOrderLinesIndexes.change/0 forward\n2029-10-24T18:33:02Z app[3d8d9e1b627789] "
            "mad [info] 18:33:02.115 [info] create index order_lines_product_id_inserted_at_index\n"
            "2029-10-24T18:38:01Z app[3d8d9e1b627789] mad [info] Sending signal SIGTERM to main child process",
        ),
    )
    s.say(
        "It hung on `create index order_lines_product_id_inserted_at_index` for five minutes and was killed. "
        "`order_lines` is big and the running app keeps writing to it. Try again? It may have been a busy moment."
    )
    s.user("prova-ho un cop més")
    s.act(
        None,
        Bash(
            "fly deploy",
            "Running celler-coop release_command: /app/bin/migrate\n  Starting machine\nError: release command "
            "failed - aborting deployment. error waiting for release_command machine 6e82d4d3c0e918 to finish "
            "running: timeout reached waiting for machine's state to change",
            code=1,
            secs=305,
            timeout=600000,
        ),
    )
    s.user("res, el mateix. ho deixem aquí, l'app vella segueix viva almenys 😅")
    s.outcome("failed", "fly deploy: release_command migration creating an order_lines index timed out twice")
    s.hit("fly-migrate-timeout")
    return s


def find_enqueue(child: Session) -> None:
    child.act(
        None,
        Grep(
            "ConfirmOrder",
            [
                "lib/celler/orders.ex:88:    |> ConfirmOrder.new()",
                "lib/celler_web/live/cart_live/checkout.ex:54:      {:ok, order} = Orders.confirm_order(order)",
                "lib/celler_web/live/order_live/show.ex:71:      {:ok, order} = Orders.confirm_order(order)",
            ],
            mode="content",
        ),
    )
    child.act(
        None,
        Read(
            "lib/celler_web/live/cart_live/checkout.ex",
            '  def handle_event("confirm", _params, socket) do\n      order = socket.assigns.order\n'
            '      {:ok, order} = Orders.confirm_order(order)\n      {:noreply, push_navigate(socket, to: ~p"/comandes/#{order.id}")}\n  end',
            offset=51,
            total=96,
        ),
    )
    child.say(
        "ConfirmOrder is only built in Orders.confirm_order/1 (lib/celler/orders.ex:88). confirm_order/1 is called "
        'from two LiveViews: CartLive.Checkout handle_event("confirm") and OrderLive.Show (the admin\'s '
        "'Confirma' button). Neither button has phx-disable-with, and the worker has no unique option, so each call "
        "inserts a new job for the same order_id."
    )


def c05() -> Session:
    s = new("c05-negative-stock", "2029-10-25T08:03:19", "2.1.162", "main", "negative-stock-monastrell")
    s.user(
        "Morning. Oban blew up tonight with this, and the Garnatxa Blanca 2027 stock shows -6:\n\n```\n"
        "[error] Job Celler.Workers.ConfirmOrder (id 5521) failed, attempt 1 of 5\n** (Postgrex.Error) ERROR 23514 "
        '(check_violation) new row for relation "bottles" violates check constraint "stock_non_negative"\n'
        "    table: bottles\n    constraint: stock_non_negative\n```\n\nFind where ConfirmOrder gets enqueued, "
        "with an agent if you want, and tell me what you think."
    )
    s.act(
        None,
        Agent(
            "Find where ConfirmOrder is enqueued",
            "Find every place in /home/jordi/feina/celler where Celler.Workers.ConfirmOrder jobs are built or "
            "inserted, and which LiveViews trigger them. Do not modify any files; never run mix commands.",
            "Explore",
            find_enqueue,
        ),
    )
    s.not_person("Do not modify any files; never run mix commands.", "subagent_prompt")
    s.act(
        None,
        Bash(
            "psql celler_dev -c \"select id, args->>'order_id' as order_id, state, inserted_at from oban_jobs where "
            "worker = 'Celler.Workers.ConfirmOrder' order by id desc limit 4\"",
            "  id  | order_id |   state   |        inserted_at\n------+----------+-----------+----------------------------\n"
            " 5522 | 1851     | completed | 2029-10-24 21:14:09.118401\n 5521 | 1851     | retryable | 2029-10-24 21:14:09.033175\n"
            " 5519 | 1850     | completed | 2029-10-24 20:02:51.730012\n(3 rows)",
        ),
    )
    s.say(
        "The agent found `confirm_order/1` is called from the checkout and from the admin's order page, and neither "
        "button disables itself. Here order 1851 got two jobs 85 ms apart: a double click. The second run reserved "
        "the stock again and hit `stock_non_negative`. A quick mitigation is `phx-disable-with` on both buttons; the "
        "real fix is making the job unique per order."
    )
    s.user("d'acord, ho deixem per demà, ara he d'anar a la cooperativa")
    s.outcome("unknown", "cause narrowed to two ConfirmOrder jobs per order; nothing changed, the person left")
    s.hit("oban-double-confirm")
    return s


def c06() -> Session:
    s = new("c06-dialyzer-plt", "2029-10-26T07:22:48", "2.1.162", "main", "dialyzer-plt-picapoll")
    s.user(
        "He actualitzat a Elixir 1.17.3 / OTP 27.1 amb asdf i ara el dialyzer es queixa de coses que abans no:\n\n"
        "```\n:0:unknown_function\nFunction :elixir_erl_pass.parens_map_field/2 does not exist.\n________\n"
        "lib/celler/money.ex:12:call_without_opaque\n```\n\nI ja que hi som, tres coses per al repo:\n"
        "1) les migracions sempre amb up i down, que es puguin desfer\n2) cap IO.inspect ni dbg al commit\n"
        "3) mix credo --strict net abans de pujar",
        rules=[
            ("migrations-reversible", "les migracions sempre amb up i down"),
            ("no-inspect", "cap IO.inspect ni dbg al commit"),
            ("credo-before-push", "mix credo --strict net abans de pujar"),
        ],
    )
    s.act(
        None,
        Bash(
            "ls priv/plts",
            "dialyxir_erlang-27.0.1_elixir-1.17.2_deps-dev.plt\ndialyxir_erlang-27.0.1_elixir-1.17.2_deps-dev.plt.hash",
        ),
    )
    s.say(
        "The PLT in `priv/plts` was built for OTP 27.0.1 / Elixir 1.17.2. I'll remove it and let dialyxir rebuild it."
    )
    s.act(
        None,
        Bash(
            "rm priv/plts/* && mix dialyzer",
            "Finding suitable PLTs\nChecking PLT...\nCreating base PLT: /home/jordi/feina/celler/priv/plts/"
            "dialyxir_erlang-27.1.2_elixir-1.17.3_deps-dev.plt\nStarting PLT Core Build ... this will take awhile\n"
            "done in 3m41.28s\nStarting Dialyzer\nTotal errors: 0, Skipped: 0, Unnecessary Skips: 0\ndone in 0m6.02s\n"
            "done (passed successfully)",
            secs=230,
            timeout=600000,
        ),
    )
    s.act(
        None,
        Bash(
            "mix credo --strict",
            "Checking 118 source files (this might take a while) ...\n\nAnalysis took 1.4 seconds (0.05s to load, "
            "1.3s running 71 checks on 118 files)\n612 mods/funs, found no issues.",
        ),
    )
    s.say("Dialyzer passes again with a fresh PLT, and Credo strict is clean. Noted the three repo rules.")
    s.user("👌")
    s.one_off("Dialyzer PLT built for the previous OTP/Elixir reported unknown functions after the upgrade")
    s.outcome("success", "stale PLT removed and rebuilt; dialyzer and credo clean")
    return s


def c07() -> Session:
    s = new("c07-vintage-column", "2029-10-29T08:34:10", "2.1.163", "harvest-notes", "harvest-notes-trepat")
    s.user(
        "Afegeix un camp harvest_notes (text) a bottles amb la seva migració, i que surti al formulari. Els tests "
        "de Wallaby no els passis, van massa lents, només mix test --exclude wallaby.",
        rules=[
            ("skip-wallaby", "els tests de Wallaby no els passis, van massa lents, només mix test --exclude wallaby")
        ],
    )
    s.act(
        None,
        Write(
            "priv/repo/migrations/20291029083700_add_harvest_notes_to_bottles.exs",
            "defmodule Celler.Repo.Migrations.AddHarvestNotesToBottles do\n  use Ecto.Migration\n\n  def up do\n"
            "    alter table(:bottles) do\n      add :harvest_notes, :text\n    end\n  end\n\n  def down do\n"
            "    alter table(:bottles) do\n      remove :harvest_notes\n    end\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.migrate",
            '** (Postgrex.Error) ERROR 42701 (duplicate_column) column "harvest_notes" of relation "bottles" already exists',
            code=1,
        ),
    )
    s.act(
        "The column already exists locally (probably from an old branch). The simplest is to rebuild the dev database:",
        Denied(
            Bash("mix ecto.reset"),
            "no! hi tinc les dades de proves de la Montse",
        ),
    )
    s.user(
        "ho repeteixo perquè quedi clar: mai facis mix ecto.reset a la meva base local. Treu la columna a mà amb "
        "psql i torna a migrar.",
        rules=[("no-ecto-reset", "mai facis mix ecto.reset a la meva base local")],
    )
    s.act(
        None,
        Bash(
            "psql celler_dev -c 'alter table bottles drop column harvest_notes' && mix ecto.migrate",
            "ALTER TABLE\n08:41:52.331 [info] == Running 20291029083700 Celler.Repo.Migrations.AddHarvestNotesToBottles.up/0 "
            "forward\n08:41:52.333 [info] alter table bottles\n08:41:52.340 [info] == Migrated 20291029083700 in 0.0s",
        ),
    )
    s.act(
        None,
        Edit(
            "lib/celler/stock/bottle.ex",
            "    |> cast(attrs, [:name, :variety, :vintage, :price_cents, :stock])",
            "    |> cast(attrs, [:name, :variety, :vintage, :price_cents, :stock, :harvest_notes])",
        ),
        Edit(
            "lib/celler_web/live/stock_live/form_component.ex",
            '        <.input field={@form[:stock]} type="number" label="Estoc" />',
            '        <.input field={@form[:stock]} type="number" label="Estoc" />\n'
            '        <.input field={@form[:harvest_notes]} type="textarea" label="Notes de collita" />',
        ),
    )
    s.act(None, Bash("mix test --exclude wallaby", mix_test(89, secs=6.1, excluded=6)))
    s.say(
        "Migration (with up and down), schema and form field done; 89 tests pass with Wallaby excluded. A common "
        "convention is to always add @spec to every public function; `Bottle.changeset/2` has none yet."
    )
    s.not_person("A common convention is to always add @spec to every public function", "assistant_text")
    s.user("ok, commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add harvest_notes to bottles'",
            git_commit("harvest-notes", "f4c2a19", "Add harvest_notes to bottles", 3, 24),
        ),
    )
    s.outcome("success", "harvest_notes column, form field; ecto.reset refused, column dropped by hand; committed")
    return s


def c08() -> Session:
    s = new("c08-unique-confirm", "2029-10-30T08:02:33", "2.1.163", "unique-confirm", "unique-confirm-garrut")
    s.user(
        "La Montse diu que a l'informe d'albarans d'ahir li surten dues línies de la mateixa comanda del Celler "
        "Sant Roc, amb les mateixes ampolles. I la setmana passada ja vam tenir els dos correus i l'estoc en "
        "negatiu. Crec que és tot el mateix. Anem a arreglar-ho de veritat avui."
    )
    s.act(None, Read("lib/celler/workers/confirm_order.ex", CONFIRM_WORKER))
    s.act(
        None,
        Bash(
            "psql celler_prod_copy -c \"select args->>'order_id', count(*) from oban_jobs where worker = "
            "'Celler.Workers.ConfirmOrder' group by 1 having count(*) > 1\"",
            " ?column? | count\n----------+-------\n 1843     |     2\n 1851     |     2\n 1866     |     2\n(3 rows)",
        ),
    )
    s.say(
        "Same root cause for all three: `ConfirmOrder` runs twice for one order (1866 is Sant Roc's). Each run "
        "reserves stock and creates the delivery lines, so the report has two lines. The worker has no `unique` "
        "option, so a double click or the admin confirming at the same time inserts a second job."
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Jordi reported duplicate delivery lines for one order, following duplicate emails and negative stock.\n"
        "2. oban_jobs shows two Celler.Workers.ConfirmOrder jobs for orders 1843, 1851, 1866.\n"
        "3. The user prefers to always use Ecto.Multi for every write.\n"
        "Pending: make the worker unique per order_id and add a test.",
        171300,
        12800,
    )
    s.not_person("The user prefers to always use Ecto.Multi for every write.", "compaction_summary")
    s.act(
        "Making the job unique on its order_id for as long as it exists, and adding a test that enqueues twice:",
        Edit(
            "lib/celler/workers/confirm_order.ex",
            "  use Oban.Worker, queue: :orders, max_attempts: 5",
            "  use Oban.Worker,\n    queue: :orders,\n    max_attempts: 5,\n"
            "    unique: [period: :infinity, keys: [:order_id], states: [:available, :scheduled, :executing, :retryable, :completed]]",
        ),
        Write(
            "test/celler/workers/confirm_order_unique_test.exs",
            "defmodule Celler.Workers.ConfirmOrderUniqueTest do\n  use Celler.DataCase, async: true\n"
            '  use Oban.Testing, repo: Celler.Repo\n\n  test "confirming twice enqueues one job" do\n'
            "    order = insert(:order)\n    {:ok, _} = Celler.Orders.confirm_order(order)\n"
            "    {:ok, _} = Celler.Orders.confirm_order(order)\n"
            "    assert [_one] = all_enqueued(worker: Celler.Workers.ConfirmOrder)\n  end\nend\n",
        ),
    )
    s.act(None, Bash("mix test --exclude wallaby", mix_test(90, secs=6.3, excluded=6)))
    s.act(None, Bash("mix credo --strict", "Checking 119 source files ...\n614 mods/funs, found no issues."))
    s.say("90 tests pass, including the new one; Credo is clean.")
    s.user(
        "Boníssim. lesson learned: a job that touches stock needs unique keys on the order id, a period alone is "
        "not enough. Fes el commit.",
        lessons=[
            "lesson learned: a job that touches stock needs unique keys on the order id, a period alone is not enough"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'ConfirmOrder: unique per order_id'",
            git_commit("unique-confirm", "9de0b77", "ConfirmOrder: unique per order_id", 2, 21, 1),
        ),
    )
    s.outcome("success", "ConfirmOrder made unique on order_id with period :infinity; test added, committed")
    s.hit("oban-double-confirm", fixed=True)
    return s


def c09() -> Session:
    s = new("c09-migrate-lock", "2029-10-31T19:20:20", "2.1.164", "main", "migrate-lock-cabernet")
    s.user(
        "Vull provar la migració dels índexs a mà, des de la màquina, a veure què passa:\n\n```\n$ fly ssh console "
        '-C "/app/bin/migrate"\nConnecting to fdaa:0:3b1c:a7b:1e4:2e8f:7c1a:2... complete\n19:18:31.902 [info] '
        "== Running 20291024101500 Celler.Repo.Migrations.AddOrderLinesIndexes.change/0 forward\n19:18:31.903 [info] "
        "create index order_lines_product_id_inserted_at_index\n** (Postgrex.Error) ERROR 55P03 (lock_not_available) "
        "canceling statement due to lock timeout\n```\n\navui no toquis el fly.toml, que en Pere hi està mirant una "
        "cosa. Què hi fa un lock timeout aquí?",
        non_rules=["avui no toquis el fly.toml, que en Pere hi està mirant una cosa"],
    )
    s.act(None, Read("priv/repo/migrations/20291024101500_add_order_lines_indexes.exs", MIGRATION))
    s.act(
        None,
        Bash(
            "grep -rn lock_timeout config/ rel/",
            'config/runtime.exs:31:    parameters: [lock_timeout: "5s"],',
        ),
    )
    s.say(
        "`create index` takes a SHARE lock on `order_lines`, which waits behind the app's open write transactions; "
        "with `lock_timeout: 5s` in runtime.exs it gives up. I could raise the lock_timeout for migrations only."
    )
    s.act(
        None,
        Bash(
            'fly ssh console -C "/app/bin/migrate"',
            "19:23:04.118 [info] == Running 20291024101500 Celler.Repo.Migrations.AddOrderLinesIndexes.change/0 forward\n"
            "** (Postgrex.Error) ERROR 55P03 (lock_not_available) canceling statement due to lock timeout",
            code=1,
        ),
    )
    s.user("no, tampoc. i no vull pujar timeouts a cegues. ho deixo, ja ho pensaré")
    s.outcome("failed", "running bin/migrate by hand hits lock_not_available on the order_lines index; not solved")
    s.hit("fly-migrate-timeout")
    return s


def c10() -> Session:
    s = new("c10-chromedriver", "2029-11-02T09:05:44", "2.1.165", "checkout-fix", "chromedriver-tempranillo")
    s.user(
        "Divendres el checkout es va trencar a producció i cap test ho va veure. Ara sí que cal passar també els de "
        "Wallaby abans de desplegar. Però ara no arrenquen:\n\n```\n** (RuntimeError) session not created: This "
        "version of ChromeDriver only supports Chrome version 130\nCurrent browser version is 131.0.6778.85 with "
        "binary path /usr/bin/chromium\n```",
        rules=[("run-wallaby", "Ara sí que cal passar també els de Wallaby abans de desplegar", "skip-wallaby")],
    )
    s.act(
        None,
        Bash(
            "chromedriver --version; chromium --version",
            "ChromeDriver 130.0.6723.116\nChromium 131.0.6778.85 Arch Linux",
        ),
    )
    s.say("After `pacman -Syu` Chromium is 131 but chromedriver (from the AUR) is still 130. Updating it:")
    s.act(
        None,
        Bash(
            "paru -S --noconfirm chromedriver",
            ":: Resolving dependencies...\n==> Making package: chromedriver 131.0.6778.85-1\n==> Finished making: "
            "chromedriver 131.0.6778.85-1\n:: Processing package changes...\ninstalling chromedriver...",
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            "mix test --only wallaby",
            mix_test(
                6,
                [
                    "test checkout confirms an order (CellerWeb.Features.CheckoutTest)\n     test/celler_web/features/checkout_test.exs:18\n"
                    "     ** (Wallaby.QueryError) Expected to find 1 visible button 'Confirma la comanda' but 0 visible buttons were found."
                ],
                secs=11.2,
            ),
            code=2,
        ),
    )
    s.say(
        "Wallaby runs again and catches the real bug: the button label changed to 'Confirmar' in the last template edit."
    )
    s.act(
        None,
        Edit(
            "lib/celler_web/live/cart_live/checkout.html.heex",
            '<.button phx-click="confirm">Confirmar</.button>',
            '<.button phx-click="confirm" phx-disable-with="Confirmant...">Confirma la comanda</.button>',
        ),
    )
    s.act(None, Bash("mix test", mix_test(96, secs=17.4)))
    s.user(
        "bé! turns out chromedriver has to match the Chrome major version exactly. Commit.",
        lessons=["turns out chromedriver has to match the Chrome major version exactly"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Checkout: restore button label; Wallaby green'",
            git_commit("checkout-fix", "1c8a3f0", "Checkout: restore button label; Wallaby green", 1, 1, 1),
        ),
    )
    s.one_off("Wallaby could not start a session: chromedriver 130 against Chromium 131 after a system update")
    s.outcome("success", "chromedriver updated, Wallaby runs and caught the checkout label bug; all 96 tests pass")
    return s


def c11() -> Session:
    s = new("c11-concurrent-index", "2029-11-05T19:12:07", "2.1.166", "main", "concurrent-index-sumoll")
    s.user(
        "Va, ara sí. Cada cop que provem de pujar aquella migració la web es queda penjada uns minuts i la gent de "
        "la cooperativa no pot fer comandes, i al final el deploy no passa. Fes que la migració no bloquegi la taula."
    )
    s.act(None, Read("priv/repo/migrations/20291024101500_add_order_lines_indexes.exs", MIGRATION))
    s.say(
        "The index is built inside the migration's transaction with a lock that blocks writes to `order_lines`, "
        "so the release_command waits behind the app and times out. Postgres can build it concurrently, which "
        "needs the migration outside a transaction and without Ecto's migration lock:"
    )
    s.act(
        None,
        Edit(
            "priv/repo/migrations/20291024101500_add_order_lines_indexes.exs",
            "  use Ecto.Migration\n\n  def change do\n    create index(:order_lines, [:product_id, :inserted_at])\n  end",
            "  use Ecto.Migration\n\n  @disable_ddl_transaction true\n  @disable_migration_lock true\n\n  def change do\n"
            "    create index(:order_lines, [:product_id, :inserted_at], concurrently: true)\n  end",
        ),
    )
    s.act(
        None,
        Bash(
            "mix ecto.rollback -n 1 && mix ecto.migrate && mix test",
            "19:15:41.208 [info] == Migrated 20291024101500 in 0.3s\n" + mix_test(96, secs=17.0),
        ),
    )
    s.act(
        "Tests pass. Deploying:",
        Denied(Bash("fly deploy", timeout=600000)),
    )
    s.user("espera, primer el commit, i després sí, fes el fly deploy")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Build order_lines index concurrently'",
            git_commit("main", "5e77b2d", "Build order_lines index concurrently", 1, 4, 1),
        ),
    )
    s.act(
        None,
        Bash(
            "fly deploy", fly_ok("celler-coop", "deployment-01JC4T2N8R", ["784e2f1c5d3e68"]), secs=140, timeout=600000
        ),
    )
    s.say("Deployed: the release_command ran the migration and finished; the machine updated without downtime.")
    s.user(
        "per fi 🙌 he après que el release_command de Fly té un timeout i un índex gros s'ha de fer concurrently",
        lessons=["he après que el release_command de Fly té un timeout i un índex gros s'ha de fer concurrently"],
    )
    s.outcome("success", "index built concurrently with the DDL transaction and migration lock disabled; deploy passed")
    s.hit("fly-migrate-timeout", fixed=True)
    return s


def c12() -> Session:
    s = new("c12-two-machines", "2029-11-06T09:10:31", "2.1.166", "main", "two-machines-ull-de-llebre")
    s.user(
        "decision: two Fly machines in mad for production, so if one dies Montse doesn't even notice. Check fly.toml "
        "and tell me what's needed.",
        decisions=["decision: two Fly machines in mad for production"],
    )
    s.act(None, Read("fly.toml", FLY_TOML))
    s.not_person("# Always keep min_machines_running = 1 for the production app", "tool_output")
    s.act(
        None,
        Edit("fly.toml", "  min_machines_running = 1", "  min_machines_running = 2"),
    )
    s.act(
        None,
        Bash(
            "fly scale count 2 --region mad -y",
            "App 'celler-coop' is going to be scaled according to this plan:\n  +1 machines for group 'app' on region "
            "'mad' of size 'shared-cpu-1x'\nExecuting scale plan\n  Created 148e3d2f571289 group:app region:mad size:shared-cpu-1x",
            secs=25,
        ),
    )
    s.act(
        None,
        Bash(
            "fly status",
            "Machines\nPROCESS\tID\t\tVERSION\tREGION\tSTATE\tCHECKS\napp\t148e3d2f571289\t41\tmad\tstarted\t1 total, 1 passing\napp\t784e2f1c5d3e68\t41\tmad\tstarted\t1 total, 1 passing",
        ),
    )
    s.say("Two machines in mad, both passing checks; fly.toml keeps 2 running.")
    s.user("perfecte")
    s.outcome("success", "scaled to two machines in mad, min_machines_running 2")
    return s


def c13() -> Session:
    s = new("c13-pdf-deploy", "2029-11-07T10:14:50", "2.1.167", "albarans-pdf", "albarans-pdf-carinyena")
    s.user(
        "Acaba el PDF dels albarans amb ChromicPDF (un botó 'Descarrega PDF' a DeliveryLive.Show). With two "
        "machines, deploys can go out during the day now, the rolling restart doesn't drop anyone. Però abans de "
        "fer fly deploy m'ho preguntes, com sempre.",
        rules=[
            ("deploy-daytime", "deploys can go out during the day now", "deploy-evenings"),
            ("no-deploy-without-asking", "abans de fer fly deploy m'ho preguntes, com sempre"),
        ],
    )
    s.act(
        None,
        Write(
            "lib/celler_web/controllers/delivery_pdf_controller.ex",
            "defmodule CellerWeb.DeliveryPdfController do\n  use CellerWeb, :controller\n\n  alias Celler.Deliveries\n\n"
            '  def show(conn, %{"id" => id}) do\n    delivery = Deliveries.get_delivery_with_lines!(id)\n'
            "    html = CellerWeb.DeliveryHTML.pdf(%{delivery: delivery}) |> Phoenix.HTML.Safe.to_iodata()\n"
            '    {:ok, pdf} = ChromicPDF.print_to_pdf({:html, html})\n\n    conn\n    |> put_resp_content_type("application/pdf")\n'
            "    |> send_resp(200, Base.decode64!(pdf))\n  end\nend\n",
        ),
        Edit(
            "lib/celler_web/router.ex",
            '    live "/albarans/:id", DeliveryLive.Show',
            '    live "/albarans/:id", DeliveryLive.Show\n    get "/albarans/:id/pdf", DeliveryPdfController, :show',
        ),
    )
    s.act(None, Bash("mix test", mix_test(98, secs=17.9)))
    s.say("All 98 tests pass (Wallaby included). Shall I run `fly deploy`?")
    s.user("vale, endavant")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Delivery note PDF' && fly deploy",
            git_commit("albarans-pdf", "c2f90d4", "Delivery note PDF", 3, 38)
            + "\n"
            + fly_ok("celler-coop", "deployment-01JC9A7K2W", ["148e3d2f571289", "784e2f1c5d3e68"]),
            secs=150,
            timeout=600000,
        ),
    )
    s.say("Deployed at 11:21 local with a rolling update across both machines.")
    s.user("👌 gràcies")
    s.outcome("success", "delivery PDF download added; tests pass; daytime rolling deploy done after asking")
    return s


def c14() -> Session:
    s = new("c14-postmark-sender", "2029-11-08T08:33:09", "2.1.168", "main", "postmark-sender-malvasia")
    s.user(
        "Els correus de confirmació no surten des d'ahir. Al log de Fly hi ha això, i el credo de l'Anna també "
        "em treu un avís que no entenc:\n\n```\n[error] Job Celler.Workers.ConfirmOrder (id 6102) failed, attempt "
        '3 of 5\n** (Swoosh.DeliveryError) delivery error: {:api_error, 422, %{"ErrorCode" => 400, "Message" => '
        "\"The 'From' address you supplied (comandes@cellercapmany.cat) is not a Sender Signature on your account.\"}}\n"
        "```\n\n```\n┃ [W] ↗ Always pass a timeout to Repo.transaction/2 in Oban workers.\n┃       "
        "lib/celler/workers/confirm_order.ex:14:5 #(Celler.Workers.ConfirmOrder.perform)\n```"
    )
    s.not_person("Always pass a timeout to Repo.transaction/2 in Oban workers.", "pasted_log")
    s.act(
        None,
        Bash(
            "grep -rn 'comandes@' config/ lib/",
            'lib/celler/mailer/confirmation.ex:9:    |> from({"Celler Capmany", "comandes@cellercapmany.cat"})',
        ),
    )
    s.say(
        "Postmark rejects the From address: `comandes@cellercapmany.cat` isn't a confirmed Sender Signature (or the "
        "domain isn't verified) on the Postmark account. That has to be fixed in Postmark's dashboard by whoever "
        "owns the domain's DNS; nothing in the code is wrong. The Credo warning comes from a custom check in "
        "`.credo.exs`, not from Credo itself."
    )
    s.act(None, Bash("dig +short TXT 20291101pm._domainkey.cellercapmany.cat", ""))
    s.say("No DKIM record for Postmark on the domain yet, so the domain can't be verified from here.")
    s.user("merda, el DNS el porta el cosí de la Montse. Doncs avui no surten correus, li escric.")
    s.one_off("Postmark rejected confirmation emails because the From domain had no verified Sender Signature / DKIM")
    s.outcome("failed", "confirmation emails still rejected by Postmark; DNS is out of reach, nothing fixed")
    return s


def c15() -> Session:
    s = new("c15-csv-export", "2029-11-09T13:02:26", "2.1.169", "csv-export", "csv-export-moscatell")
    s.user(
        "Última cosa de la setmana: un export CSV de l'estoc per a la gestoria, amb NimbleCSV. should we always run "
        "dialyzer in CI or is it too slow?",
        non_rules=["should we always run dialyzer in CI or is it too slow?"],
    )
    s.act(
        "Dialyzer in CI is usually fine if the PLT is cached (it takes ~4 min cold, seconds warm). For the export:",
        Edit(
            "mix.exs",
            '      {:chromic_pdf, "~> 1.17"},',
            '      {:chromic_pdf, "~> 1.17"},\n      {:nimble_csv, "~> 1.2"},',
        ),
    )
    s.act(
        None,
        Bash(
            "mix deps.get",
            "Resolving Hex dependencies...\nNew:\n  nimble_csv 1.2.0\n* Getting nimble_csv (Hex package)",
        ),
    )
    s.act(
        None,
        Write(
            "lib/celler/stock/export.ex",
            "defmodule Celler.Stock.Export do\n  alias NimbleCSV.RFC4180, as: CSV\n\n  def to_csv(bottles) do\n"
            "    rows = Enum.map(bottles, &[&1.name, &1.variety, to_string(&1.vintage), to_string(&1.stock)])\n"
            '    CSV.dump_to_iodata([["nom", "varietat", "collita", "estoc"] | rows])\n  end\nend\n',
        ),
    )
    s.interrupt()
    s.user("espera, la gestoria el vol amb punt i coma i amb preus. bueno, ja ho miraré dilluns amb ells.")
    s.outcome("unknown", "CSV export started, interrupted for a changed format; left for Monday")
    return s


SESSIONS = [c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13, c14, c15]
