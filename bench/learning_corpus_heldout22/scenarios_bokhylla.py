"""Sessions in `bokhylla` (/Users/elin/code/bokhylla): the book-lending service of a municipal library in the
Gothenburg region. Rails 7.1, Hotwire/Turbo, Sidekiq 7 on Redis, PostgreSQL 16, RSpec + FactoryBot + Capybara,
rubocop-rails, brakeman, GitHub Actions. config.time_zone is "Stockholm"; CI and the Sidekiq container run in UTC."""

from __future__ import annotations

from fake_output import BOK, git_commit, rspec_run, rubocop_ok
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

DUE = "due-date-timezone"
RSPEC = "bundle exec rspec"


def bok(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=BOK, project="bokhylla")


LOAN_SERVICE = (
    "module Loans\n  class CreateService\n    LOAN_DAYS = 28\n\n    def call(patron:, item:)\n"
    "      Loan.create!(patron:, item:, lent_on: Date.today, due_on: Date.today + LOAN_DAYS)\n    end\n  end\nend"
)


def b01_reservations() -> Session:
    s = bok("b01-reservations", "2026-03-02T08:10:12", "2.1.70", "feature/reservations", "amber-haga-otter")
    s.user(
        "hej! ska bygga en reservationskö för böcker som är utlånade. Reservation med patron, item, position och "
        "status (waiting/ready/collected). vi använder FactoryBot, inga fixtures, så skriv en factory också. "
        "Also: never force-push to a shared branch, not even after a rebase. Jonas lost a day of work that way last autumn.",
        after=0,
        rules=[
            ("factorybot", "vi använder FactoryBot, inga fixtures"),
            ("no-force-push", "never force-push to a shared branch, not even after a rebase"),
        ],
    )
    s.act(
        None,
        Bash(
            "bin/rails g model Reservation patron:references item:references position:integer status:string",
            "      invoke  active_record\n      create    db/migrate/20260302081544_create_reservations.rb\n"
            "      create    app/models/reservation.rb\n      invoke    rspec\n      create      spec/models/reservation_spec.rb\n"
            "      invoke      factory_bot\n      create        spec/factories/reservations.rb",
            desc="Generate the Reservation model",
        ),
    )
    s.act(
        None,
        Write(
            "app/models/reservation.rb",
            "class Reservation < ApplicationRecord\n  belongs_to :patron\n  belongs_to :item\n\n"
            '  enum :status, { waiting: "waiting", ready: "ready", collected: "collected" }\n\n'
            "  validates :position, numericality: { greater_than: 0 }\n  validates :item_id, uniqueness: { scope: :patron_id }\nend\n",
        ),
        Write(
            "spec/factories/reservations.rb",
            "FactoryBot.define do\n  factory :reservation do\n    patron\n    item\n    sequence(:position)\n"
            '    status { "waiting" }\n  end\nend\n',
        ),
    )
    s.act(
        None,
        Bash(
            "bin/rails db:migrate && " + RSPEC + " spec/models/reservation_spec.rb", rspec_run(6, secs="0.61"), secs=9
        ),
    )
    s.say("Reservation model, migration and factory in place; the 6 model specs pass.")
    s.user("👍 tack")
    s.outcome("success", "Reservation model, factory and migration, specs green, the person thanks")
    return s


def b02_brakeman_permit() -> Session:
    s = bok("b02-brakeman-permit", "2026-03-02T13:02:40", "2.1.70", "feature/reservations", "quiet-majorna-wren")
    s.user("brakeman failar i CI på admin-controllern, kan du kolla?", after=0)
    s.act(
        None,
        Bash(
            "bundle exec brakeman -q --no-pager",
            "== Warnings ==\n\nConfidence: High\nCategory: Mass Assignment\nCheck: PermitAttributes\n"
            "Message: Specify exact keys allowed for mass assignment instead of using `permit!` which allows any keys\n"
            "Code: params.require(:item).permit!\nFile: app/controllers/admin/items_controller.rb\nLine: 41",
            code=3,
            desc="Run brakeman",
            secs=14,
        ),
    )
    s.act(
        None,
        Edit(
            "app/controllers/admin/items_controller.rb",
            "    params.require(:item).permit!",
            "    params.require(:item).permit(:title, :author, :isbn, :media_type, :branch_id, :shelf_mark)",
        ),
    )
    s.act(None, Bash("bundle exec brakeman -q --no-pager", "No warnings found", desc="Run brakeman again", secs=13))
    s.say("Replaced `permit!` with an explicit list of item attributes; brakeman is clean.")
    s.user("perfekt")
    s.outcome("success", "brakeman mass-assignment warning fixed with explicit permit list")
    s.one_off("brakeman Mass Assignment warning on params.require(:item).permit! in Admin::ItemsController")
    return s


DUE_FAIL = (
    "Loans::CreateService sets due_on 21 days after the loan date at Stockholm midnight\n"
    "     Failure/Error: expect(loan.due_on).to eq(Date.new(2026, 3, 24))\n\n"
    "       expected: Tue, 24 Mar 2026\n            got: Mon, 23 Mar 2026\n\n"
    "       (compared using ==)\n     # ./spec/services/loans/create_service_spec.rb:18:in `block (2 levels) in <top (required)>'"
)


def b03_due_date_ci() -> Session:
    s = bok("b03-due-date-ci", "2026-03-03T08:31:05", "2.1.71", "feature/loan-period", "brisk-linne-heron")
    s.user(
        "Ny lånetid: vi har bestämt att lånetiden blir 21 dagar för alla medier, inte 28 för böcker och 14 för film "
        "som nu. Ändra i Loans::CreateService. jag har redan skrivit specen, den går grönt lokalt men CI är röd:\n\n"
        + DUE_FAIL,
        after=0,
        decisions=["vi har bestämt att lånetiden blir 21 dagar för alla medier"],
    )
    s.act(None, Read("app/services/loans/create_service.rb", LOAN_SERVICE, total=9))
    s.act(
        None,
        Edit("app/services/loans/create_service.rb", "    LOAN_DAYS = 28", "    LOAN_DAYS = 21"),
    )
    s.act(None, Bash(RSPEC + " spec/services/loans", rspec_run(9, secs="0.44"), secs=7))
    s.act(
        "Passes locally. CI may have been flaky; I'll push and re-run the workflow.",
        Bash(
            "git commit -am 'Use a 21 day loan period for all media' && git push && gh run watch --exit-status",
            "[feature/loan-period 4e1a9c2] Use a 21 day loan period for all media\n"
            "X feature/loan-period CI · 13880412\nTriggered via push about 4 minutes ago\n\nJOBS\n"
            "X rspec in 3m12s (ID 38911)\n  ✓ Set up job\n  X Run bundle exec rspec\n\n"
            "1) Loans::CreateService sets due_on 21 days after the loan date at Stockholm midnight\n"
            "   expected: Tue, 24 Mar 2026\n        got: Mon, 23 Mar 2026",
            code=1,
            secs=230,
        ),
    )
    s.act(
        "Still red in CI only. The spec travels to 00:30; moving it to midday would make it independent of the hour.",
        Denied(
            Edit(
                "spec/services/loans/create_service_spec.rb",
                "    travel_to Time.zone.local(2026, 3, 3, 0, 30)",
                "    travel_to Time.zone.local(2026, 3, 3, 12, 0)",
            ),
            "nej, midnatt är hela poängen med testet. lånen som görs strax efter midnatt är de som strular",
        ),
    )
    s.say("Understood. I can't reproduce the CI failure locally; the spec passes here with the same seed.")
    s.user("ok, jag får kolla på det själv senare")
    s.outcome("failed", "loan period changed but the due-date spec stays red in CI, unexplained; the person gives up")
    s.hit(DUE)
    return s


def b04_hold_ready_job() -> Session:
    s = bok("b04-hold-ready-job", "2026-03-04T07:55:30", "2.1.71", "feature/reservations", "sunny-kungsten-lynx")
    s.user(
        "When a reserved book is returned, enqueue a job that mails the next patron in line that it's ready for pickup. "
        "Pass ids to Sidekiq jobs, never ActiveRecord objects, because the args go through JSON and the record may "
        "have changed by the time the job runs.",
        after=0,
        rules=[("sidekiq-ids", "Pass ids to Sidekiq jobs, never ActiveRecord objects")],
    )
    s.act(
        None,
        Write(
            "app/jobs/hold_ready_job.rb",
            "class HoldReadyJob\n  include Sidekiq::Job\n\n  def perform(reservation_id)\n"
            "    reservation = Reservation.find(reservation_id)\n    return unless reservation.waiting?\n\n"
            "    reservation.ready!\n    PatronMailer.hold_ready(reservation).deliver_now\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            RSPEC + " spec/jobs",
            rspec_run(
                3,
                [
                    "HoldReadyJob marks the reservation ready and mails the patron\n"
                    "     Failure/Error: HoldReadyJob.perform_async(reservation.id)\n\n"
                    "     RedisClient::CannotConnectError:\n"
                    "       Connection refused - connect(2) for 127.0.0.1:6379"
                ],
                secs="0.93",
            ),
            code=1,
            secs=9,
        ),
    )
    s.user("ah, redis är inte igång efter omstarten. starta den med brew")
    s.act(None, Bash("brew services start redis", "==> Successfully started `redis` (label: homebrew.mxcl.redis)"))
    s.act(None, Bash(RSPEC + " spec/jobs", rspec_run(4, secs="0.88"), secs=8))
    s.say(
        "HoldReadyJob takes the reservation id and reloads it. As a rule, Sidekiq jobs should be idempotent, since "
        "they may run more than once, so the job returns early if the reservation is no longer waiting. Specs pass."
    )
    s.not_person("As a rule, Sidekiq jobs should be idempotent, since they may run more than once", "assistant_text")
    s.user("nice")
    s.outcome("success", "hold-ready job with ids; Redis was down locally, started with brew services, specs green")
    s.one_off("RedisClient::CannotConnectError connection refused on 127.0.0.1:6379: local Redis not started")
    return s


def b05_loans_index() -> Session:
    s = bok("b05-loans-index", "2026-03-05T08:20:44", "2.1.72", "perf/loans-index", "misty-gamlestan-owl")
    s.user(
        "the overdue query on loans is slow in prod (seq scan on 2M rows). add an index on loans (due_on) where "
        "returned_at is null. every migration that adds an index on loans uses algorithm: :concurrently, the table "
        "is hot all day. och inga dataändringar i schemamigreringar, sånt ska ligga i en rake-task under lib/tasks/data",
        after=0,
        rules=[
            ("index-concurrently", "every migration that adds an index on loans uses algorithm: :concurrently"),
            (
                "no-data-in-migrations",
                "inga dataändringar i schemamigreringar, sånt ska ligga i en rake-task under lib/tasks/data",
            ),
        ],
    )
    mig = (
        "class AddOpenDueOnIndexToLoans < ActiveRecord::Migration[7.1]\n  def change\n"
        '    add_index :loans, :due_on, where: "returned_at IS NULL", algorithm: :concurrently\n  end\nend\n'
    )
    s.act(None, Write("db/migrate/20260305082301_add_open_due_on_index_to_loans.rb", mig))
    s.act(
        None,
        Bash(
            "bin/rails db:migrate",
            "== 20260305082301 AddOpenDueOnIndexToLoans: migrating ========================\n"
            '-- add_index(:loans, :due_on, {:where=>"returned_at IS NULL", :algorithm=>:concurrently})\n'
            "bin/rails aborted!\nStandardError: An error has occurred, this and all later migrations canceled:\n\n"
            "PG::ActiveSqlTransaction: ERROR:  CREATE INDEX CONCURRENTLY cannot run inside a transaction block",
            code=1,
        ),
    )
    s.act(
        None,
        Edit(
            "db/migrate/20260305082301_add_open_due_on_index_to_loans.rb",
            "class AddOpenDueOnIndexToLoans < ActiveRecord::Migration[7.1]\n  def change",
            "class AddOpenDueOnIndexToLoans < ActiveRecord::Migration[7.1]\n  disable_ddl_transaction!\n\n  def change",
        ),
    )
    s.act(
        None,
        Bash(
            "bin/rails db:migrate",
            "== 20260305082301 AddOpenDueOnIndexToLoans: migrating ========================\n"
            '-- add_index(:loans, :due_on, {:where=>"returned_at IS NULL", :algorithm=>:concurrently})\n'
            "   -> 0.0412s\n== 20260305082301 AddOpenDueOnIndexToLoans: migrated (0.0413s) ===============",
        ),
    )
    s.say("Partial index added concurrently, with disable_ddl_transaction! so Postgres accepts it.")
    s.user("bra. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add partial index on open loans by due_on'",
            git_commit("perf/loans-index", "8b03d1f", "Add partial index on open loans by due_on", 2, 9, 0),
        ),
    )
    s.outcome(
        "success", "concurrent partial index on loans; the transaction-block error fixed with disable_ddl_transaction!"
    )
    s.one_off("PG::ActiveSqlTransaction: CREATE INDEX CONCURRENTLY cannot run inside a transaction block")
    return s


def b06_turbo_question() -> Session:
    s = bok("b06-turbo-question", "2026-03-05T15:12:09", "2.1.72", "perf/loans-index", "lazy-saltholmen-seal")
    s.user("snabb fråga: vad är skillnaden på turbo_stream.replace och turbo_stream.update?", after=0)
    s.say(
        "`replace` swaps the whole target element (including the element with the id) for the new content; "
        "`update` keeps the target element and only replaces its children. Use `update` when the wrapper carries "
        "attributes or Stimulus controllers you want to keep."
    )
    s.user(
        "ok. och en grej till, ska vi alltid köra brakeman i CI eller räcker det lokalt?",
        non_rules=["ska vi alltid köra brakeman i CI eller räcker det lokalt?"],
    )
    s.say(
        "Running it in CI is the safer default: it's fast (around 15 s here) and catches things a local run skips "
        "when someone forgets. Locally it's a convenience."
    )
    s.outcome("unknown", "two questions answered, no task; nothing to judge")
    return s


def b07_reminder_early_sv() -> Session:
    s = bok("b07-reminder-early-sv", "2026-03-06T09:40:51", "2.1.72", "main", "pale-eriksberg-crane")
    s.user(
        "Bibliotekarien i Angered ringde. en låntagare fick påminnelse om försenad bok en dag för tidigt, hon hade "
        "lämnat tillbaka den dagen innan förfallodagen tycker hon. har hänt förut enligt dem men ingen har sagt nåt. "
        "inga fel i sidekiq-loggen vad jag ser. kan du kolla OverdueReminderJob?",
        after=0,
    )
    s.act(
        None,
        Read(
            "app/jobs/overdue_reminder_job.rb",
            "class OverdueReminderJob\n  include Sidekiq::Job\n\n  def perform\n"
            '    Loan.open.where("due_on < ?", Date.today).find_each do |loan|\n'
            "      PatronMailer.overdue(loan.id).deliver_later\n    end\n  end\nend",
            total=10,
        ),
    )
    s.act(
        None,
        Grep(
            "OverdueReminderJob",
            ["config/sidekiq.yml:14:    OverdueReminderJob:", 'config/sidekiq.yml:15:      cron: "5 0 * * *"'],
            mode="content",
        ),
    )
    s.say(
        "The job runs at 00:05 every night and picks loans with due_on before today. The query itself looks right; "
        "the patron may have returned it at a branch where the return was registered late. Do you know which loan it was?"
    )
    s.user("nej, får fråga dem. måste på möte nu")
    s.outcome("unknown", "early overdue reminder described in Swedish without an error; no cause found, person leaves")
    s.hit(DUE)
    return s


def b08_signup_form_422() -> Session:
    s = bok("b08-signup-form-422", "2026-03-09T08:05:17", "2.1.73", "feature/patron-signup", "bold-lindholmen-fox")
    s.user(
        "patron signup form: when validation fails nothing happens in the browser, no errors shown. Write a system "
        "spec too. System specs run with Cuprite, not Selenium — it's faster and doesn't need chromedriver.",
        after=0,
        rules=[("cuprite", "System specs run with Cuprite, not Selenium")],
    )
    s.act(
        None,
        Read(
            "app/controllers/patrons_controller.rb",
            "  def create\n    @patron = Patron.new(patron_params)\n    if @patron.save\n"
            "      redirect_to welcome_path\n    else\n      render :new\n    end\n  end",
            offset=12,
            total=40,
        ),
    )
    s.act(
        "With Turbo, a failed form submission must answer 422, otherwise Turbo ignores the rendered HTML.",
        Edit(
            "app/controllers/patrons_controller.rb",
            "      render :new\n",
            "      render :new, status: :unprocessable_entity\n",
        ),
        Write(
            "spec/system/patron_signup_spec.rb",
            'require "rails_helper"\n\nRSpec.describe "Patron signup", type: :system do\n  before { driven_by(:cuprite) }\n\n'
            '  it "shows errors when the card number is missing" do\n    visit new_patron_path\n'
            '    click_on "Skapa konto"\n    expect(page).to have_text("Kortnummer måste anges")\n  end\nend\n',
        ),
    )
    s.act(None, Bash(RSPEC + " spec/system/patron_signup_spec.rb", rspec_run(1, secs="2.71"), secs=11))
    s.say("The form now re-renders with 422 and shows the errors; the system spec passes with Cuprite.")
    s.user(
        "aha. visar sig att Turbo kräver status 422 på ett misslyckat formulär, annars händer ingenting. skönt att veta",
        lessons=["visar sig att Turbo kräver status 422 på ett misslyckat formulär, annars händer ingenting"],
    )
    s.outcome("success", "signup form shows errors after render with 422; system spec green")
    s.one_off("Turbo form submission with validation errors shows nothing: render :new returned 200 instead of 422")
    return s


def b09_dashboard_compacted() -> Session:
    s = bok(
        "b09-dashboard-compacted", "2026-03-09T12:48:02", "2.1.73", "feature/librarian-dashboard", "deep-frolunda-swift"
    )
    s.user(
        "Bibliotekarie-dashboard: dagens utlån, förseningar per filial och reservationer som väntar. Turbo frames "
        "per kort så de laddar lazy. inga hårdkodade svenska strängar i vyerna, allt ska via sv.yml",
        after=0,
        rules=[("i18n", "inga hårdkodade svenska strängar i vyerna, allt ska via sv.yml")],
    )
    s.act(
        None,
        Write(
            "app/views/dashboards/show.html.erb",
            '<h1><%= t(".title") %></h1>\n<%= turbo_frame_tag "todays_loans", src: dashboard_todays_loans_path, loading: :lazy %>\n'
            '<%= turbo_frame_tag "overdue_by_branch", src: dashboard_overdue_path, loading: :lazy %>\n'
            '<%= turbo_frame_tag "waiting_holds", src: dashboard_holds_path, loading: :lazy %>\n',
        ),
        Write(
            "config/locales/sv.dashboard.yml",
            'sv:\n  dashboards:\n    show:\n      title: "Översikt"\n      todays_loans: "Dagens utlån"\n'
            '      overdue: "Försenade per filial"\n      holds: "Väntande reservationer"\n',
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary request: librarian dashboard with lazy Turbo frames for today's loans, overdue per branch, waiting holds.\n"
        "2. Key points: strings via config/locales/sv.dashboard.yml. User prefers every Sidekiq job to declare "
        "sidekiq_options retry: 3.\n3. Done: show view, locale file, three frame controllers.\n4. Next: specs.",
        pre_tokens=161_204,
        post_tokens=12_340,
    )
    s.not_person("User prefers every Sidekiq job to declare sidekiq_options retry: 3.", "compaction_summary")
    s.user(
        "just this once, don't run the full suite, only the dashboard specs. I need to leave in 10 min",
        non_rules=["just this once, don't run the full suite, only the dashboard specs"],
    )
    s.act(
        None,
        Bash(
            RSPEC + " spec/requests/dashboards_spec.rb spec/system/dashboard_spec.rb",
            rspec_run(7, secs="3.90"),
            secs=14,
        ),
    )
    s.say("Dashboard specs pass (7). The three frames load lazily and all labels come from sv.dashboard.yml.")
    s.user("toppen, pushar själv")
    s.outcome("success", "librarian dashboard with lazy frames and I18n, dashboard specs green")
    return s


RENEW_FAIL = (
    "Renewing a loan shows the new due date\n"
    '     Failure/Error: expect(page).to have_text("Återlämnas senast 31 mars")\n'
    '       expected to find text "Återlämnas senast 31 mars" in "Mina lån Pippi Långstrump Återlämnas senast 30 mars Förnya"\n'
    "     # ./spec/system/renewal_spec.rb:22:in `block (2 levels) in <top (required)>'"
)


def b10_renewal_nightly() -> Session:
    s = bok("b10-renewal-nightly", "2026-03-10T07:48:26", "2.1.74", "main", "grey-masthugget-kite")
    s.user(
        "the nightly CI run (the one at 23:40) failed on the renewal system spec again, daytime runs are green:\n\n"
        + RENEW_FAIL,
        after=0,
    )
    s.act(
        "Flaky text assertions in system specs are often a timing issue with the Turbo stream that updates the row. "
        "I'll wait for the stream to finish before asserting.",
        Edit(
            "spec/system/renewal_spec.rb",
            '    expect(page).to have_text("Återlämnas senast 31 mars")',
            '    expect(page).to have_css("turbo-frame#loan_#{loan.id}[complete]")\n'
            '    expect(page).to have_text("Återlämnas senast 31 mars")',
        ),
    )
    s.act(None, Bash(RSPEC + " spec/system/renewal_spec.rb", rspec_run(2, secs="3.12"), secs=12))
    s.act(
        None,
        Bash(
            "gh workflow run nightly.yml --ref main && sleep 240 && gh run list --workflow nightly.yml -L 1",
            "completed\tsuccess\tnightly\tmain\tworkflow_dispatch\t13902277\t3m48s\t2026-03-10T08:02:11Z",
            secs=250,
        ),
    )
    s.say("The spec passes locally and a manual nightly run is green, so the wait seems to have fixed the flakiness.")
    s.user(
        "it was green during the day before too. ugh. kolla i morgon bitti om nattkörningen gick igenom",
    )
    s.outcome(
        "failed", "renewal spec 'fixed' by waiting for the frame; the failure only happens at night, nothing fixed"
    )
    s.hit(DUE)
    return s


CONTRIBUTING = """# Contributing to bokhylla

1. Branch from main, name it feature/... or fix/...
2. Always run bin/rubocop -a before pushing.
3. CI must be green before review; ask in #bokhylla-dev if it is red for reasons you do not understand."""


def b11_drop_sms() -> Session:
    s = bok("b11-drop-sms", "2026-03-11T08:15:40", "2.1.74", "chore/drop-sms", "calm-tynnered-gull")
    s.user(
        "we decided to drop the SMS reminders and only send email, the SMS provider costs too much for what it gives. "
        "Remove the twilio gem and the SmsReminderJob.",
        after=0,
        decisions=["we decided to drop the SMS reminders and only send email"],
    )
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.not_person("Always run bin/rubocop -a before pushing.", "tool_output")
    s.act(
        None,
        Bash(
            "git rm app/jobs/sms_reminder_job.rb spec/jobs/sms_reminder_job_spec.rb && bundle remove twilio-ruby",
            "rm 'app/jobs/sms_reminder_job.rb'\nrm 'spec/jobs/sms_reminder_job_spec.rb'\nRemoving gems from /Users/elin/code/bokhylla/Gemfile\ntwilio-ruby (~> 7.3) was removed.",
        ),
    )
    s.act(None, Bash(RSPEC, rspec_run(412, secs="48.2"), secs=60))
    s.act(
        None,
        Bash(
            "git commit -am 'Drop SMS reminders' && git push -u origin chore/drop-sms",
            "[chore/drop-sms 51c7e0a] Drop SMS reminders\n 5 files changed, 3 insertions(+), 88 deletions(-)",
        ),
    )
    s.user(
        'CI:\n\nYour bundle only supports platforms ["arm64-darwin-24"] but your local platform is x86_64-linux. '
        "Add the current platform to the lockfile with\n`bundle lock --add-platform x86_64-linux` and try again.\n"
        "Error: The process '/opt/hostedtoolcache/Ruby/3.3.6/x64/bin/bundle' failed with exit code 16"
    )
    s.act(
        None,
        Bash(
            "bundle lock --add-platform x86_64-linux && git commit -am 'Add x86_64-linux to lockfile' && git push",
            "Writing lockfile to /Users/elin/code/bokhylla/Gemfile.lock\n[chore/drop-sms 9d2f64b] Add x86_64-linux to lockfile\n 1 file changed, 1 insertion(+)",
        ),
    )
    s.say(
        "The lockfile had been regenerated on your Mac with only arm64-darwin; x86_64-linux is back in it and CI is running."
    )
    s.user("grönt nu 👍")
    s.outcome("success", "SMS reminders removed; CI lockfile platform error fixed with bundle lock --add-platform")
    s.one_off("CI bundle install fails: Gemfile.lock only supports arm64-darwin after bundle remove on the Mac")
    return s


def b12_sidekiq_web() -> Session:
    s = bok("b12-sidekiq-web", "2026-03-12T09:02:58", "2.1.75", "feature/sidekiq-web", "wild-backa-hare")
    s.user(
        'mount Sidekiq::Web under /admin/sidekiq for librarians with the admin role. Johan from IT said "never '
        'expose Sidekiq web without basic auth". Is that even true for us behind the VPN? and also add a button '
        "on the dashboard that re-sends the hold notice",
        after=0,
        non_rules=['Johan from IT said "never expose Sidekiq web without basic auth"'],
    )
    s.act(
        None,
        Edit(
            "config/routes.rb",
            "  namespace :admin do",
            '  authenticate :user, ->(u) { u.admin? } do\n    mount Sidekiq::Web => "/admin/sidekiq"\n  end\n\n  namespace :admin do',
        ),
        Write(
            "app/controllers/admin/hold_notices_controller.rb",
            "class Admin::HoldNoticesController < Admin::BaseController\n  def create\n"
            "    reservation = Reservation.find(params[:reservation_id])\n    HoldReadyJob.perform_async(reservation)\n"
            "    redirect_back fallback_location: dashboard_path\n  end\nend\n",
        ),
    )
    s.user(
        "nej, skicka bara id:t till jobbet, inte hela objektet. det har jag sagt förut",
        rules=[("sidekiq-ids", "skicka bara id:t till jobbet, inte hela objektet")],
    )
    s.act(
        None,
        Edit(
            "app/controllers/admin/hold_notices_controller.rb",
            "    HoldReadyJob.perform_async(reservation)",
            "    HoldReadyJob.perform_async(reservation.id)",
        ),
    )
    s.act(None, Bash(RSPEC + " spec/requests/admin", rspec_run(14, secs="1.80"), secs=10))
    s.say(
        "Fixed, the job gets reservation.id. On Johan's point: behind the VPN the risk is smaller, but the route is "
        "now only reachable for signed-in admins through Devise's authenticate, which covers the same concern."
    )
    s.user("ok good")
    s.outcome("success", "Sidekiq::Web mounted for admins and a resend button; the job now gets the id")
    return s


def _sa_find_date_today(c: Session) -> None:
    c.act(
        None,
        Grep(
            "Date\\.today|Time\\.now",
            [
                "app/services/loans/create_service.rb:6:      Loan.create!(patron:, item:, lent_on: Date.today, due_on: Date.today + LOAN_DAYS)",
                "app/services/loans/renew_service.rb:11:      loan.update!(due_on: Date.today + Loans::CreateService::LOAN_DAYS, renewals: loan.renewals + 1)",
                'app/jobs/overdue_reminder_job.rb:5:    Loan.open.where("due_on < ?", Date.today).find_each do |loan|',
                "app/models/loan.rb:19:    due_on < Date.today && returned_at.nil?",
            ],
            mode="content",
        ),
    )
    c.say(
        "Four uses of Date.today, no Time.now: create_service.rb:6, renew_service.rb:11, overdue_reminder_job.rb:5 "
        "and loan.rb:19 (overdue?)."
    )


def b13_fix_date_current() -> Session:
    s = bok("b13-fix-date-current", "2026-03-13T07:30:14", "2.1.75", "fix/due-dates", "keen-gardsten-heron")
    s.user(
        "okej nu har jag tröttnat. nattkörningen röd igen på förnya-specen, och Angered har fått en till för tidig "
        "påminnelse. det är nåt med datum. kör specen med TZ=UTC så ser du",
        after=0,
    )
    s.act(
        None,
        Bash(
            "TZ=UTC " + RSPEC + " spec/services/loans spec/system/renewal_spec.rb",
            rspec_run(10, [DUE_FAIL], secs="3.48"),
            code=1,
            secs=15,
        ),
    )
    s.act(
        "Reproduced with TZ=UTC. I'll have an agent list every Date.today in app/ while I look at the spec.",
        Agent(
            "Find Date.today",
            "Find every use of Date.today or Time.now under app/ and list file:line. Report only.",
            "Explore",
            _sa_find_date_today,
        ),
    )
    s.act(
        "Date.today uses the process time zone (UTC in CI and in the Sidekiq container), while the app and the specs "
        "work in config.time_zone (Stockholm). Between 00:00 and 01:00 Stockholm time they disagree by a day. "
        "I'll switch all four to Date.current and turn on rubocop's Rails/Date cop so it can't come back.",
        Edit(
            "app/services/loans/create_service.rb",
            "lent_on: Date.today, due_on: Date.today + LOAN_DAYS",
            "lent_on: Date.current, due_on: Date.current + LOAN_DAYS",
        ),
        Edit(
            "app/services/loans/renew_service.rb",
            "due_on: Date.today + Loans::CreateService::LOAN_DAYS",
            "due_on: Date.current + Loans::CreateService::LOAN_DAYS",
        ),
        Edit(
            "app/jobs/overdue_reminder_job.rb", 'where("due_on < ?", Date.today)', 'where("due_on < ?", Date.current)'
        ),
        Edit(
            "app/models/loan.rb", "due_on < Date.today && returned_at.nil?", "due_on < Date.current && returned_at.nil?"
        ),
        Edit(
            ".rubocop.yml",
            "Rails:\n  Enabled: true",
            "Rails:\n  Enabled: true\n\nRails/Date:\n  Enabled: true\n  EnforcedStyle: strict",
        ),
    )
    s.act(
        None,
        Bash(
            "TZ=UTC " + RSPEC + " spec/services/loans spec/system/renewal_spec.rb spec/jobs && bin/rubocop",
            rspec_run(14, secs="3.71") + "\n" + rubocop_ok(187),
            secs=30,
        ),
    )
    s.say("Green under TZ=UTC and rubocop is clean with Rails/Date in strict mode.")
    s.user(
        "TIL Date.today uses the system time zone while Date.current follows config.time_zone. commit it",
        lessons=["TIL Date.today uses the system time zone while Date.current follows config.time_zone"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Use Date.current for loan dates; enable Rails/Date'",
            git_commit("fix/due-dates", "c2e9a07", "Use Date.current for loan dates; enable Rails/Date", 5, 9, 5),
        ),
    )
    s.outcome("success", "due dates computed with Date.current everywhere, Rails/Date cop on, specs green under TZ=UTC")
    s.hit(DUE, fixed=True)
    return s


def b14_selenium() -> Session:
    s = bok("b14-selenium", "2026-03-16T08:44:37", "2.1.76", "chore/system-specs", "rough-tuve-badger")
    s.user(
        "system specs dör slumpmässigt i CI:\n\nFerrum::DeadBrowserError:\n  Browser is dead or given window is closed\n"
        "# ./spec/system/dashboard_spec.rb:9\n\nvi kör Selenium med headless Chrome för system specs nu, Cuprite "
        "strular med Turbo Streams och jag orkar inte felsöka Ferrum. byt driver i rails_helper och i CI",
        after=0,
        rules=[("selenium", "vi kör Selenium med headless Chrome för system specs nu", "cuprite")],
    )
    s.act(
        None,
        Edit(
            "spec/support/system.rb",
            "    driven_by(:cuprite)",
            "    driven_by(:selenium, using: :headless_chrome, screen_size: [1400, 1000])",
        ),
        Edit(
            ".github/workflows/ci.yml",
            "      - run: bundle exec rspec",
            "      - uses: browser-actions/setup-chrome@v1\n      - run: bundle exec rspec",
        ),
    )
    s.act(None, Bash(RSPEC + " spec/system", rspec_run(11, secs="19.6"), secs=30))
    s.say("System specs now run on Selenium with headless Chrome (11 pass locally); CI installs Chrome first.")
    s.user("ta bort cuprite ur Gemfile också")
    s.act(
        None,
        Bash(
            "bundle remove cuprite && " + RSPEC + " spec/system",
            "cuprite (~> 0.15) was removed.\n" + rspec_run(11, secs="18.9"),
            secs=35,
        ),
    )
    s.say("cuprite removed; system specs still pass.")
    s.outcome("success", "switched system specs to Selenium headless Chrome after Ferrum::DeadBrowserError in CI")
    s.one_off("Ferrum::DeadBrowserError: Browser is dead, Cuprite system specs dying at random in CI")
    return s


def b15_wrong_window() -> Session:
    s = bok("b15-wrong-window", "2026-03-18T13:20:03", "2.1.77", "main", "tiny-hisingen-mole")
    s.user("kan du kolla varför rubocop klagar på app/models/patron.rb", after=0)
    s.act(
        None,
        Read(
            "app/models/patron.rb",
            "class Patron < ApplicationRecord\n  has_many :loans\n  has_many :reservations\nend",
            total=30,
        ),
    )
    s.interrupt(after=2)
    s.user("sorry, fel fönster")
    s.outcome("unknown", "request interrupted right away, wrong window; nothing done")
    return s


def b16_drop_sms_column() -> Session:
    s = bok("b16-drop-sms-column", "2026-03-19T09:10:45", "2.1.78", "chore/drop-sms", "slow-kortedala-pike")
    s.user(
        "skriv migreringen som tar bort patrons.sms_opt_in och patrons.phone_verified_at. kör inte migreringen nu, "
        "bara den här gången, jag vill ta en dump av staging först",
        after=0,
        non_rules=["kör inte migreringen nu, bara den här gången"],
    )
    s.act(
        None,
        Write(
            "db/migrate/20260319091200_remove_sms_fields_from_patrons.rb",
            "class RemoveSmsFieldsFromPatrons < ActiveRecord::Migration[7.1]\n  def change\n"
            "    remove_column :patrons, :sms_opt_in, :boolean\n    remove_column :patrons, :phone_verified_at, :datetime\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "bin/rubocop db/migrate/20260319091200_remove_sms_fields_from_patrons.rb",
            "Inspecting 1 file\nC\n\nOffenses:\n\ndb/migrate/20260319091200_remove_sms_fields_from_patrons.rb:3:5: C: "
            "Rails/BulkChangeTable: You can use change_table :patrons, bulk: true to combine alter queries.\n"
            "    remove_column :patrons, :sms_opt_in, :boolean\n    ^^^^^^^^^^^^^\n\n1 file inspected, 1 offense detected",
            code=1,
        ),
    )
    s.act(
        None,
        Edit(
            "db/migrate/20260319091200_remove_sms_fields_from_patrons.rb",
            "    remove_column :patrons, :sms_opt_in, :boolean\n    remove_column :patrons, :phone_verified_at, :datetime",
            "    change_table :patrons, bulk: true do |t|\n      t.remove :sms_opt_in, type: :boolean\n"
            "      t.remove :phone_verified_at, type: :datetime\n    end",
        ),
    )
    s.act(None, Bash("bin/rubocop db/migrate/20260319091200_remove_sms_fields_from_patrons.rb", rubocop_ok(1)))
    s.say("Migration written with a bulk change_table (reversible, rubocop clean). Not run, as you asked.")
    s.user("tack!")
    s.outcome("success", "reversible bulk migration written and rubocop-clean, deliberately not run")
    s.one_off("rubocop Rails/BulkChangeTable offense on a migration with two remove_column calls")
    return s


SESSIONS = [
    b01_reservations,
    b02_brakeman_permit,
    b03_due_date_ci,
    b04_hold_ready_job,
    b05_loans_index,
    b06_turbo_question,
    b07_reminder_early_sv,
    b08_signup_form_422,
    b09_dashboard_compacted,
    b10_renewal_nightly,
    b11_drop_sms,
    b12_sidekiq_web,
    b13_fix_date_current,
    b14_selenium,
    b15_wrong_window,
    b16_drop_sms_column,
]
