"""Thiha's `shwe-api` sessions (s01-s16): a Ruby 3.3 / Rails 7.2 API with RSpec, Sidekiq on Redis and PostgreSQL,
deployed with Kamal to two VPSs. Times are UTC; Yangon is UTC+06:30."""

from __future__ import annotations

from fake_output import API, git_commit, rspec_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "shwe-api"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=API, project=PROJECT)


DEPLOY_YML = """service: shwe-api
image: thiha/shwe-api
servers:
  web:
    - 139.59.10.21
    - 139.59.10.22
  job:
    hosts:
      - 139.59.10.22
    cmd: bundle exec sidekiq
proxy:
  ssl: true
  host: api.shwe.app
registry:
  username: thiha
  password:
    - KAMAL_REGISTRY_PASSWORD
env:
  secret:
    - RAILS_MASTER_KEY
    - DATABASE_URL
    - REDIS_URL
"""

APPLICATION_RB = """require_relative "boot"
require "rails/all"

Bundler.require(*Rails.groups)

module ShweApi
  class Application < Rails::Application
    config.load_defaults 7.2
    config.api_only = true
    config.active_job.queue_adapter = :sidekiq
  end
end
"""

REPORT_JOB = """class DailySalesReportJob
  include Sidekiq::Job

  def perform
    day = Date.today
    orders = Order.where(created_at: day.all_day)
    DailyReport.create!(day: day, orders_count: orders.count, total_kyat: orders.sum(:total_kyat))
  end
end
"""

ORDER_RB = """class Order < ApplicationRecord
  belongs_to :customer
  has_many :line_items, dependent: :destroy

  scope :placed_today, -> { where(created_at: Date.today.all_day) }
end
"""


def s01() -> Session:
    s = new("s01-kamal-setup", "2028-07-03T09:05:12", "2.1.150", "main", "kamal-init-dhole")
    s.user(
        "shwe-api: Rails 7.2 api, postgres, sidekiq. going with Kamal 2 on the two VPSs, no Heroku. kamal init pls",
        decisions=["going with Kamal 2 on the two VPSs, no Heroku"],
    )
    s.title("Kamal setup")
    s.act(
        None,
        Bash(
            "bundle add kamal --group development && bin/kamal init",
            "Created configuration file in config/deploy.yml\nCreated .kamal/secrets file",
        ),
    )
    s.act(None, Write("config/deploy.yml", DEPLOY_YML))
    s.say("`config/deploy.yml`: web on both VPSs, Sidekiq on the second, kamal-proxy with TLS for api.shwe.app.")
    s.user(
        "pls squash before merging from now on, main history is a mess",
        rules=[("squash", "pls squash before merging from now on")],
    )
    s.say("Understood: squash merges into main.")
    s.user("ok 👍")
    s.outcome("success", "Kamal 2 configured for the two VPSs")
    return s


def s02() -> Session:
    s = new("s02-pg-gem-order-spec", "2028-07-04T10:12:40", "2.1.150", "main", "order-spec-gibbon")
    s.user(
        "bundle install fails on pg gem\n\n```\nchecking for pg_config... no\nNo pg_config... trying anyway. If "
        "building fails, please try again with\n --with-pg-config=/path/to/pg_config\nAn error occurred while "
        "installing pg (1.5.9), and Bundler cannot continue.\n```"
    )
    s.act(
        "Homebrew's libpq is keg-only, so `pg_config` is not on the PATH:",
        Bash(
            "brew install libpq && bundle config build.pg --with-pg-config=$(brew --prefix libpq)/bin/pg_config && "
            "bundle install",
            "Installing pg 1.5.9 with native extensions\nBundle complete! 31 Gemfile dependencies, 112 gems now "
            "installed.",
            secs=48,
        ),
    )
    s.user("kg tl. Order model spec lay yay pay, total calculation")
    s.act(
        None,
        Write(
            "spec/models/order_spec.rb",
            'require "rails_helper"\n\nRSpec.describe Order do\n  it "sums line items" do\n    order = '
            "create(:order, line_items: create_list(:line_item, 2, price_kyat: 1500))\n    expect(order.total_kyat)"
            ".to eq(3000)\n  end\nend\n",
        ),
    )
    s.user(
        "no, build_stubbed in model specs, not create. db hits ma lo bu",
        rules=[("build-stubbed", "build_stubbed in model specs, not create")],
    )
    s.act(
        None,
        Edit(
            "spec/models/order_spec.rb",
            "create(:order, line_items: create_list(:line_item, 2, price_kyat: 1500))",
            "build_stubbed(:order, line_items: build_stubbed_list(:line_item, 2, price_kyat: 1500))",
        ),
    )
    s.act(None, Bash("bundle exec rspec spec/models/order_spec.rb", rspec_run(1, secs=0.21)))
    s.say("Green, without touching the database.")
    s.user("ya pi")
    s.one_off("bundle install fails building the pg gem on macOS because Homebrew's libpq pg_config is not on PATH")
    s.outcome("success", "pg gem built against Homebrew libpq; Order spec with build_stubbed")
    return s


def s03() -> Session:
    s = new("s03-daily-report-zero", "2028-07-05T02:20:31", "2.1.151", "main", "report-zero-tarsier")
    s.user(
        "ဒီနေ့ daily report က orders 0 ပြနေတယ်၊ ဒါပေမဲ့ မနက်ကတည်းက order 40 လောက်ရှိတယ်\n\n```\n2028-07-05T00:30:02"
        ".114Z pid=2817 tid=2gx class=DailySalesReportJob jid=8f0c2e4a INFO: start\n2028-07-05T00:30:02.391Z "
        "pid=2817 tid=2gx class=DailySalesReportJob jid=8f0c2e4a INFO: Reports must never be generated twice for "
        "the same day\n2028-07-05T00:30:02.402Z pid=2817 tid=2gx class=DailySalesReportJob jid=8f0c2e4a INFO: done: "
        "0.288 sec\n```"
    )
    s.act(None, Read("app/jobs/daily_sales_report_job.rb", REPORT_JOB))
    s.act(
        None,
        Bash(
            "bin/kamal app exec 'bin/rails runner \"p DailyReport.last.attributes\"'",
            '{"id"=>9, "day"=>Wed, 05 Jul 2028, "orders_count"=>0, "total_kyat"=>0}',
        ),
    )
    s.say(
        "The job ran at 00:30 and found no orders for the day. Maybe the cron fired before orders synced; I'd "
        "rerun it in the evening to compare."
    )
    s.user("ma hote bu tht. bal lo 0 phyit tar lal ma thi bu. ma net pyan kyi mal")
    s.not_person("Reports must never be generated twice for the same day", "pasted_log")
    s.outcome("failed", "the daily sales report counts 0 orders; cause not found")
    s.hit("utc-time-zone")
    return s


def s04() -> Session:
    s = new("s04-products-api", "2028-07-06T08:40:27", "2.1.151", "feat/products", "products-api-sable")
    s.user("products index + show endpoint, jbuilder မသုံးနဲ့ plain as_json နဲ့")
    s.act(
        None,
        Write(
            "app/controllers/products_controller.rb",
            "class ProductsController < ApplicationController\n  def index\n    render json: Product.order(:name)"
            ".as_json(only: %i[id name price_kyat])\n  end\n\n  def show\n    render json: Product.find(params[:id])\n"
            "  end\nend\n",
        ),
        Write(
            "spec/controllers/products_controller_spec.rb",
            'require "rails_helper"\n\nRSpec.describe ProductsController do\nend\n',
        ),
    )
    s.user(
        "API အတွက် request spec ပဲ ရေးပါ၊ controller spec မရေးနဲ့",
        rules=[("request-specs", "API အတွက် request spec ပဲ ရေးပါ၊ controller spec မရေးနဲ့")],
    )
    s.act(
        None,
        Bash("git rm -q spec/controllers/products_controller_spec.rb", ""),
        Write(
            "spec/requests/products_spec.rb",
            'require "rails_helper"\n\nRSpec.describe "Products" do\n  it "lists products" do\n    '
            'create(:product, name: "Mohinga paste")\n    get "/products"\n    expect(response.parsed_body.first'
            '["name"]).to eq("Mohinga paste")\n  end\nend\n',
        ),
    )
    s.act(None, Bash("bundle exec rspec spec/requests", rspec_run(2, secs=0.88)))
    s.user(
        "kg tl. commit message ko English lo pl yay",
        rules=[("commit-msg-en", "commit message ko English lo pl yay")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add products index and show'",
            git_commit("feat/products", "a31f0c2", "Add products index and show", 3, 38, 0),
        ),
    )
    s.user("ကျေးဇူး")
    s.outcome("success", "products endpoints with request specs; committed")
    return s


def s05() -> Session:
    s = new("s05-first-deploy", "2028-07-07T11:02:55", "2.1.152", "main", "first-deploy-coati")
    s.user(
        "first deploy to both boxes. deploy only from main, not from feature branches",
        rules=[("kamal-from-main", "deploy only from main")],
    )
    s.act(
        None,
        Bash(
            "git switch main && bin/kamal deploy",
            "  INFO [5c2b1d0e] Running docker container start shwe-api-web-5a8e9c1 on 139.59.10.21\n"
            "  ERROR (SSHKit::Command::Failed): Exception while executing on host 139.59.10.21: docker exit status: 1\n"
            "target failed to become healthy within configured timeout (30s)",
            code=1,
            secs=94,
        ),
    )
    s.act(
        None,
        Bash(
            "bin/kamal app logs -n 20 | grep -i error",
            'ActiveRecord::ConnectionNotEstablished: connection to server at "10.0.0.5", port 5432 failed: FATAL:  '
            'no pg_hba.conf entry for host "139.59.10.21"',
        ),
    )
    s.say(
        "Postgres refuses the first VPS: `pg_hba.conf` has no entry for 139.59.10.21. You should always run "
        "`kamal app logs` after a failed deploy."
    )
    s.user("db server mhar pg_hba htae lite pi. pyan deploy")
    s.act(
        None,
        Bash(
            "bin/kamal deploy",
            "  INFO First web container is healthy on 139.59.10.21\n  INFO First web container is healthy on 139.59.10.22\nFinished all in 81.4 seconds",
            secs=88,
        ),
    )
    s.user(
        "ok up. turns out kamal keeps the old container running when the new one fails the healthcheck, nobody "
        "noticed anything",
        lessons=["turns out kamal keeps the old container running when the new one fails the healthcheck"],
    )
    s.not_person("You should always run `kamal app logs` after a failed deploy.", "assistant_text")
    s.one_off("the first Kamal deploy fails the healthcheck because pg_hba.conf has no entry for the first VPS")
    s.outcome("success", "first deploy healthy on both VPSs after the pg_hba entry")
    return s


def s06() -> Session:
    s = new("s06-placed-today-spec", "2028-07-08T23:12:04", "2.1.152", "main", "scope-spec-genet")
    s.user(
        "spec fail နေတယ်၊ ညနေက pass တယ်\n\n```\n  1) Order.placed_today returns orders from today\n     Failure/Error: "
        "expect(Order.placed_today.count).to eq(3)\n\n       expected: 3\n            got: 0\n```"
    )
    s.act(None, Read("app/models/order.rb", ORDER_RB))
    s.act(
        None,
        Bash(
            "bundle exec rubocop app/models/order.rb",
            "app/models/order.rb:5:43: C: Rails/Date: Do not use Date.today without zone. Use Time.zone.today "
            "instead.\n\n1 file inspected, 1 offense detected",
            code=1,
        ),
    )
    s.act(
        "Freezing time in the spec keeps it stable whatever the hour:",
        Denied(
            Edit(
                "spec/models/order_spec.rb",
                '  it "returns orders from today" do',
                '  it "returns orders from today" do\n    travel_to Time.utc(2028, 7, 8, 12)',
            ),
            "test ko ma pyin nae, code ka mhar tar",
        ),
    )
    s.say("Then the scope itself is the suspect; I need to look at how `today` is computed against `created_at`.")
    s.user("ညဉ့်နက်ပြီ၊ အိပ်တော့မယ်")
    s.not_person("Do not use Date.today without zone. Use Time.zone.today instead.", "tool_output")
    s.outcome("failed", "placed_today spec fails late at night; the time-freezing patch was refused, not fixed")
    s.hit("utc-time-zone")
    return s


def s07() -> Session:
    s = new("s07-pinned-rules", "2028-07-09T08:15:50", "2.1.153", "main", "pinned-notes-hare")
    s.user(
        "📌 shwe-api notes\n- strong_migrations stays on\n- bullet has to stay quiet in the specs\n- secrets only "
        "through kamal secrets, not .env",
        rules=[
            ("strong-migrations", "strong_migrations stays on"),
            ("bullet-quiet", "bullet has to stay quiet in the specs"),
            ("kamal-secrets", "secrets only through kamal secrets, not .env"),
        ],
    )
    s.act(
        None,
        Read(
            ".kamal/secrets",
            "KAMAL_REGISTRY_PASSWORD=$KAMAL_REGISTRY_PASSWORD\nRAILS_MASTER_KEY=$(cat config/master.key)\n",
        ),
    )
    s.say("Noted. `.kamal/secrets` already reads everything from the environment and the master key.")
    s.user("ok. promo code expiry job lay yay pay, sidekiq")
    s.act(
        None,
        Write(
            "app/jobs/expire_promo_codes_job.rb",
            "class ExpirePromoCodesJob\n  include Sidekiq::Job\n\n  def perform\n    PromoCode.active.where(expires_at: "
            "...Time.current).find_each { |c| c.update!(active: false) }\n  end\nend\n",
        ),
    )
    s.user(
        "sidekiq job tway ko idempotent phyit aung yay pay, a-mye. retry phyit yin nhit khar ma lote ya bu",
        rules=[("jobs-idempotent", "sidekiq job tway ko idempotent phyit aung yay pay")],
    )
    s.say("This one is idempotent: a second run finds no active expired codes. Spec:")
    s.act(None, Bash("bundle exec rspec spec/jobs/expire_promo_codes_job_spec.rb", rspec_run(2, secs=0.64)))
    s.user("kyay zu")
    s.outcome("success", "pinned notes; idempotent promo expiry job")
    return s


def s08() -> Session:
    s = new("s08-receipt-yesterday", "2028-07-10T01:05:33", "2.1.153", "main", "receipt-date-vole")
    s.user(
        "customer ordered at 6am and the receipt says yesterday's date. weird. screenshot in the support chat, "
        "Ma Hnin sent it"
    )
    s.act(
        None,
        Grep(
            "strftime|to_date",
            ["app/views/receipts/show.json.jbuilder:4:  json.date @order.created_at.to_date"],
            path="app",
            mode="content",
        ),
    )
    s.say(
        "The receipt prints `created_at.to_date`. At 6am Yangon that is 23:30 UTC of the day before, if the app "
        "runs in UTC. Shall I check the time zone setting?"
    )
    s.user("later. ahu customer ko apology pay lite ohm mal")
    s.outcome("unknown", "receipt shows the previous day for an early order; only looked at, left for later")
    s.hit("utc-time-zone")
    return s


def s09() -> Session:
    s = new("s09-orders-n-plus-one", "2028-07-11T09:30:18", "2.1.154", "feat/orders", "orders-index-yak")
    s.user(
        "orders index slow, bullet warns\n\n```\nUSE eager loading detected\n  Order => [:line_items]\n  Add to your "
        "query: .includes([:line_items])\n```"
    )
    s.act(
        None,
        Edit(
            "app/controllers/orders_controller.rb",
            "Order.where(customer: current_customer)",
            "Order.where(customer: current_customer).includes(:line_items)",
        ),
    )
    s.user(
        "for this one just run the request specs only",
        non_rules=["for this one just run the request specs only"],
    )
    s.act(None, Bash("bundle exec rspec spec/requests", rspec_run(9, secs=1.92)))
    s.user(
        "ok commit. commit msgs in english pls, told you",
        rules=[("commit-msg-en", "commit msgs in english pls")],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Eager load line items on orders index'",
            git_commit("feat/orders", "d0e4f71", "Eager load line items on orders index", 1, 1, 1),
        ),
    )
    s.user("ya pi")
    s.one_off("the orders index triggers an N+1 on line_items (Bullet: USE eager loading detected)")
    s.outcome("success", "N+1 on orders index fixed with includes")
    return s


def s10() -> Session:
    s = new("s10-merge-history", "2028-07-12T08:48:44", "2.1.154", "feat/orders", "merge-keep-finch")
    s.user("feat/orders ကို main ထဲ merge လုပ်ပေး")
    s.act(
        "Squashing as agreed:",
        Bash(
            "git switch main && git merge --squash feat/orders",
            "Squash commit -- not updating HEAD\nAutomatic merge went well; stopped before committing as requested",
        ),
    )
    s.user(
        "squash ကိစ္စ အဟောင်းကို မေ့လိုက်တော့၊ git bisect လုပ်ရခက်တယ်။ commit တွေ ဒီအတိုင်း merge လုပ်",
        rules=[("no-squash", "squash ကိစ္စ အဟောင်းကို မေ့လိုက်တော့", "squash")],
    )
    s.act(
        None,
        Bash(
            "git reset --hard HEAD && git merge --no-ff feat/orders -m 'Merge feat/orders'",
            "Merge made by the 'ort' strategy.\n app/controllers/orders_controller.rb | 2 +-\n 1 file changed",
        ),
    )
    s.say("Merged with a merge commit; the branch's commits are kept.")
    s.user("👌")
    s.outcome("success", "feat/orders merged without squashing")
    return s


def s11() -> Session:
    s = new("s11-sidekiq-redis-dev", "2028-07-13T10:20:07", "2.1.155", "main", "redis-dev-lynx")
    s.user(
        "bin/dev လုပ်ရင် sidekiq တက်မလာဘူး\n\n```\nsidekiq.1 | Redis::CannotConnectError: Connection refused - "
        "connect(2) for 127.0.0.1:6379\nsidekiq.1 | exited with code 1\n```"
    )
    s.act(None, Bash("brew services list | grep redis", "redis    none"))
    s.act(
        None,
        Bash(
            "brew services start redis && redis-cli ping",
            "==> Successfully started `redis` (label: homebrew.mxcl.redis)\nPONG",
        ),
    )
    s.say("Redis wasn't running after the macOS update; it now starts with `brew services`.")
    s.user(
        "ok. ဒီတစ်ခါပဲ rubocop ကို skip လိုက်၊ commit လုပ်",
        non_rules=["ဒီတစ်ခါပဲ rubocop ကို skip လိုက်"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Procfile.dev: wait for redis' --no-verify",
            git_commit("main", "7a9b310", "Procfile.dev: wait for redis", 1, 1, 0),
        ),
    )
    s.user("ကျေးဇူး")
    s.one_off("Sidekiq does not start in bin/dev: Redis::CannotConnectError, Redis was not running on the Mac")
    s.outcome("success", "Redis started with brew services; sidekiq runs in dev")
    return s


def s12() -> Session:
    s = new("s12-promo-search", "2028-07-14T08:05:29", "2.1.156", "feat/promo", "promo-search-ocelot")
    s.user(
        "promo codes: apply at checkout, one per order, + product search. we stick with postgres full text search, "
        "no elasticsearch",
        decisions=["we stick with postgres full text search, no elasticsearch"],
    )
    s.act(
        None,
        Write(
            "app/services/promo_codes/apply.rb",
            "module PromoCodes\n  class Apply\n    def self.call(order, code)\n      promo = PromoCode.active.find_by!"
            "(code: code.upcase)\n      order.update!(promo_code: promo, discount_kyat: promo.discount_for(order))\n"
            "    end\n  end\nend\n",
        ),
    )
    s.act(
        None,
        Bash(
            "bin/rails g migration AddSearchableToProducts",
            "      invoke  active_record\n      create    db/migrate/20280714081102_add_searchable_to_products.rb",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n1. Thiha "
        "asked for promo codes at checkout (one per order) and product search with Postgres full text search.\n"
        "2. Written: app/services/promo_codes/apply.rb, migration add_searchable_to_products (tsvector column, GIN "
        "index).\n3. User preference: always use service objects for promo code logic.\nPending: search endpoint, "
        "request specs.",
        168200,
        11400,
    )
    s.act(
        None,
        Edit(
            "db/migrate/20280714081102_add_searchable_to_products.rb",
            "  def change\n  end",
            "  disable_ddl_transaction!\n\n  def change\n    add_column :products, :searchable, :virtual, type: "
            ":tsvector, as: \"to_tsvector('simple', name)\", stored: true\n    add_index :products, :searchable, "
            "using: :gin, algorithm: :concurrently\n  end",
        ),
    )
    s.act(
        None,
        Bash(
            "bin/rails db:migrate && bundle exec rspec spec/requests",
            "== AddSearchableToProducts: migrated (0.0412s) ==\n" + rspec_run(14, secs=2.4),
        ),
    )
    s.say("Promo codes apply once per order and `/products?q=` searches the stored tsvector; 14 request specs pass.")
    s.user("kg tl, ya pi 🙏")
    s.not_person("User preference: always use service objects for promo code logic.", "compaction_summary")
    s.outcome("success", "promo codes at checkout and Postgres full text product search")
    return s


def explore_dates(child: Session) -> None:
    child.act(
        None,
        Grep(
            r"Date\.today|Time\.now|time_zone",
            [
                "app/models/order.rb:5:  scope :placed_today, -> { where(created_at: Date.today.all_day) }",
                "app/jobs/daily_sales_report_job.rb:5:    day = Date.today",
                "app/views/receipts/show.json.jbuilder:4:  json.date @order.created_at.to_date",
            ],
            path="app",
            mode="content",
        ),
    )
    child.say(
        "Date.today: app/models/order.rb:5, app/jobs/daily_sales_report_job.rb:5. to_date on a UTC time: "
        "app/views/receipts/show.json.jbuilder:4. config/application.rb sets no time_zone (Rails default UTC)."
    )


def s13() -> Session:
    s = new("s13-time-zone-yangon", "2028-07-15T00:40:16", "2.1.157", "fix/time-zone", "yangon-tz-bongo")
    s.user(
        "ဒီတစ်ခါ spec name ပြောင်းထားတာတောင် fail ပြန်ပြီ\n\n```\n  1) Reports::DailySales counts orders of the local "
        "day\n     Failure/Error: expect(report.orders_count).to eq(2)\n\n       expected: 2\n            got: 0\n```\n"
        "report, receipt, placed_today... အကုန် မနက် 6:30 မတိုင်ခင်ဆို မှားတယ်။ အရင်းကို ရှာ"
    )
    s.act(
        None,
        Agent(
            "Find date handling",
            "List every use of Date.today, Time.now, to_date and any time_zone setting under app/ and config/. "
            "Always list every file and line, and do not change any file.",
            "Explore",
            explore_dates,
        ),
    )
    s.act(None, Read("config/application.rb", APPLICATION_RB))
    s.act(
        "One cause for all of them: the app runs in UTC (no `config.time_zone`), so 'today' ends at 06:30 in "
        "Yangon, and `Date.today` even uses the server's zone. Setting the zone and using zone-aware dates:",
        Edit(
            "config/application.rb",
            "    config.api_only = true",
            '    config.api_only = true\n    config.time_zone = "Asia/Yangon"',
        ),
        Edit("app/models/order.rb", "Date.today.all_day", "Time.zone.today.all_day"),
        Edit("app/jobs/daily_sales_report_job.rb", "    day = Date.today", "    day = Time.zone.yesterday"),
        Edit(
            "app/views/receipts/show.json.jbuilder",
            "@order.created_at.to_date",
            "@order.created_at.in_time_zone.to_date",
        ),
    )
    s.act(
        None,
        Bash(
            "TZ=UTC bundle exec rspec && bundle exec rubocop",
            rspec_run(31, secs=4.12) + "\n\n48 files inspected, no offenses detected",
        ),
    )
    s.say("31 examples pass with the machine in UTC, and rubocop's Rails/Date offense is gone.")
    s.user(
        "Date.today ကို zone မပါဘဲ သုံးတာ ဒုက္ခပဲ၊ ကောင်းကောင်း မှတ်ထား. merge + deploy",
        lessons=["Date.today ကို zone မပါဘဲ သုံးတာ ဒုက္ခပဲ"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Run the app in Asia/Yangon time' && git switch main && git merge --no-ff fix/time-zone && bin/kamal deploy",
            git_commit("fix/time-zone", "e52ac18", "Run the app in Asia/Yangon time", 4, 4, 3)
            + "\nFinished all in 79.2 seconds",
            secs=95,
        ),
    )
    s.user("ကျေးဇူးပါ 🙏")
    s.not_person("Always list every file and line, and do not change any file.", "subagent_prompt")
    s.outcome("success", "config.time_zone = Asia/Yangon and Time.zone dates; report, receipt and scope fixed")
    s.hit("utc-time-zone", fixed=True)
    return s


def s14() -> Session:
    s = new("s14-release-tags", "2028-07-17T09:22:38", "2.1.158", "main", "release-tag-puffin")
    s.user(
        "ignore the old deploy-from-main thing, only tagged releases go out now. v-tags, kamal deploy from the tag",
        rules=[("kamal-from-tag", "only tagged releases go out now", "kamal-from-main")],
    )
    s.act(
        None,
        Bash(
            "git tag -a v0.4.0 -m 'v0.4.0' && git push origin v0.4.0 && git switch --detach v0.4.0 && bin/kamal deploy --version=v0.4.0",
            "Finished all in 84.9 seconds",
            secs=92,
        ),
    )
    s.say("v0.4.0 is tagged and deployed from the tag.")
    s.user("kyay zu")
    s.outcome("success", "deploys now go out from release tags; v0.4.0 deployed")
    return s


def s15() -> Session:
    s = new("s15-proxy-cert", "2028-07-19T08:10:05", "2.1.160", "main", "proxy-cert-magpie")
    s.user(
        "admin.shwe.app ထည့်ပြီးကတည်းက https မတက်ဘူး\n\n```\nkamal-proxy: error obtaining certificate: acme: "
        "error: 429 :: POST :: https://acme-v02.api.letsencrypt.org/acme/new-order :: urn:ietf:params:acme:error:"
        "rateLimited :: too many certificates (5) already issued for this exact set of identifiers in the last "
        "168h0m0s\n```"
    )
    s.act(None, Bash("bin/kamal proxy logs -n 30 | grep -c rateLimited", "37"))
    s.say(
        "Let's Encrypt's limit of 5 certificates per exact host set per week is reached, because each redeploy "
        "with a changed host list asked for a new one. It resets in about 3 days; nothing to do until then."
    )
    s.user(
        "a-twayt-a-kyone: proxy host ko ma pyaung khin staging mhar sann pi mha lote. 3 ya ne saung ya mal 😩",
        lessons=["proxy host ko ma pyaung khin staging mhar sann pi mha lote"],
    )
    s.one_off("kamal-proxy cannot get a TLS certificate for admin.shwe.app: Let's Encrypt rate limit (429 rateLimited)")
    s.outcome("failed", "no certificate for admin.shwe.app until the Let's Encrypt rate limit resets")
    return s


def s16() -> Session:
    s = new("s16-sidekiq-memory", "2028-07-21T10:35:42", "2.1.161", "main", "sidekiq-mem-tamarin")
    s.user("job box က memory 90% ကျော်နေတယ်၊ sidekiq ကြောင့်လား ကြည့်ပေး")
    s.act(
        None,
        Bash(
            "bin/kamal app exec --roles=job 'ps -o rss,cmd -C ruby'",
            "  RSS CMD\n1412304 sidekiq 7.3.2 shwe-api [10 of 10 busy]",
        ),
    )
    s.act(
        None,
        Bash(
            "bin/kamal app exec --roles=job 'bundle exec sidekiqmon processes'",
            "Processes (1)\n  host-job:1 [10 of 10 busy] queues: default, reports",
        ),
    )
    s.say(
        "Sidekiq uses 1.4 GB with all 10 threads busy. It could be the image export jobs holding big blobs; "
        "lowering concurrency to 5 would show whether memory follows."
    )
    s.user("hmm ok ma-net kyi mal")
    s.outcome("unknown", "Sidekiq memory looked at; nothing changed yet")
    return s


SESSIONS = [s01, s02, s03, s04, s05, s06, s07, s08, s09, s10, s11, s12, s13, s14, s15, s16]
