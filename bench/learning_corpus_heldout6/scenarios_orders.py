"""Sessions in `pekara-orders` (/home/dmitri/dev/pekara-orders): the order service behind the app. Go 1.23, gRPC
with protobuf managed by buf, grpc-gateway for the REST face the mobile app uses, pgx v5 on Postgres 16 with
golang-migrate, testcontainers-go in integration tests, golangci-lint, Docker, GitHub Actions."""

from __future__ import annotations

from fake_output import ORDERS, git_commit, go_test
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, TodoWrite, Write

IDX = "orders-deadline-missing-index"


def orders(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ORDERS, project="pekara-orders")


LIST_QUERY = (
    "SELECT id, status, total_cents, created_at FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2"
)
GRPCURL_TIMEOUT = """$ grpcurl -max-time 3 -d '{"customer_id":"c_81f2","page_size":20}' orders.pekara.rs:443 pekara.orders.v1.OrderService/ListOrders
ERROR:
  Code: DeadlineExceeded
  Message: context deadline exceeded"""

SLOW_LOG = """2026-12-06 18:22:41.093 UTC [8812] LOG:  duration: 2841.112 ms  execute <unnamed>: SELECT id, status, total_cents, created_at FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2
2026-12-06 18:22:41.093 UTC [8812] DETAIL:  parameters: $1 = 'c_81f2', $2 = '20'
2026-12-06 18:22:44.510 UTC [8820] LOG:  duration: 3012.640 ms  execute <unnamed>: SELECT id, status, total_cents, created_at FROM orders WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2"""

FLAKY = """--- FAIL: TestListOrders_Pagination (5.02s)
    orders_integration_test.go:88:
        \tError Trace:\t/home/dmitri/dev/pekara-orders/internal/store/orders_integration_test.go:88
        \tError:      \tReceived unexpected error:
        \t            \tlist orders: timeout: context deadline exceeded
        \tTest:       \tTestListOrders_Pagination"""


# ------------------------------------------------------------------------------------------------------------------
def g01_list_orders() -> Session:
    s = orders("g01-list-orders", "2026-12-01T14:05:22", "2.1.160", "feat/list-orders", "mild-novi-beograd-ibis")
    s.user(
        "new RPC ListOrders(customer_id, page_size, page_token) in orders/v1, with the gateway mapping GET /v1/customers/{customer_id}/orders. "
        "every RPC handler takes its deadline from the incoming context, no context.Background() in handlers",
        after=0,
        rules=[("ctx-deadline", "every RPC handler takes its deadline from the incoming context")],
    )
    s.act(None, Bash("buf generate && go build ./...", "", desc="Generate and build"))
    s.act(
        "Stubs generated. I'll add a status column default directly in the dev database so the query has what it needs.",
        Bash(
            "psql $DATABASE_URL -c \"ALTER TABLE orders ALTER COLUMN status SET DEFAULT 'new'\"",
            "ALTER TABLE",
            desc="Alter the dev table",
        ),
    )
    s.user(
        "нет, у нас так не делают: миграции только через golang-migrate, руками в базе ничего не меняем. откати и сделай миграцию",
        rules=[("migrate-only", "миграции только через golang-migrate, руками в базе ничего не меняем")],
    )
    s.act(
        None,
        Bash("psql $DATABASE_URL -c 'ALTER TABLE orders ALTER COLUMN status DROP DEFAULT'", "ALTER TABLE", desc="Undo"),
        Write(
            "migrations/000012_orders_status_default.up.sql",
            "ALTER TABLE orders ALTER COLUMN status SET DEFAULT 'new';\n",
        ),
    )
    s.act(
        None,
        Bash(
            "migrate -path migrations -database $DATABASE_URL up && go test ./internal/...",
            "12/u orders_status_default (18.2ms)\n"
            + go_test([("ok", "internal/api", "0.412s"), ("ok", "internal/store", "3.118s")]),
            desc="Migrate and test",
        ),
    )
    s.user("👍 works through the gateway too")
    s.outcome("success", "ListOrders RPC + gateway route, migration instead of a manual ALTER, tests green")
    return s


def g02_testcontainers() -> Session:
    s = orders("g02-testcontainers", "2026-12-02T11:30:05", "2.1.160", "test/integration", "slow-zvezdara-heron")
    s.user(
        "integration tests run against a real Postgres in testcontainers, not sqlmock. и каждый тест создаёт свою схему и удаляет её в конце",
        after=0,
        rules=[
            ("tc-postgres", "integration tests run against a real Postgres in testcontainers"),
            ("schema-per-test", "каждый тест создаёт свою схему и удаляет её в конце"),
        ],
    )
    s.act(
        None,
        Write(
            "internal/store/testdb_test.go",
            'func newSchema(t *testing.T) *pgxpool.Pool {\n\tname := "t_" + strings.ToLower(t.Name())\n\tt.Cleanup(func() { pool.Exec(ctx, "DROP SCHEMA "+name+" CASCADE") })\n}',
        ),
    )
    s.act(
        None,
        Bash(
            "go test -tags integration ./internal/store/...",
            go_test([("ok", "internal/store", "14.902s")]),
            desc="Integration tests",
            secs=20,
        ),
    )
    s.user(
        "отлично. решили: gateway отдаёт REST только для мобилки, внутренние сервисы ходят по gRPC",
        decisions=["решили: gateway отдаёт REST только для мобилки, внутренние сервисы ходят по gRPC"],
    )
    s.say("Understood, noted for the gateway config.")
    s.outcome("success", "testcontainers Postgres with a schema per test, integration tests green")
    return s


def g03_client_timeout() -> Session:
    s = orders("g03-client-timeout", "2026-12-03T17:48:33", "2.1.161", "main", "sharp-dorcol-crow")
    s.user(f"app users say the order history spins forever. from my machine:\n\n{GRPCURL_TIMEOUT}", after=0)
    s.act(
        None,
        Bash(
            "kubectl logs deploy/orders --since=1h | grep ListOrders | tail -3",
            'level=WARN msg="rpc done" method=/pekara.orders.v1.OrderService/ListOrders code=DeadlineExceeded took=3.001s\nlevel=WARN msg="rpc done" method=/pekara.orders.v1.OrderService/ListOrders code=DeadlineExceeded took=3.000s\nlevel=INFO msg="rpc done" method=/pekara.orders.v1.OrderService/GetOrder code=OK took=4ms',
            desc="Server logs",
        ),
    )
    s.act(
        "Maybe the gateway's 3s timeout is too tight; raising it to 10s.",
        Read(
            "cmd/gateway/main.go",
            "\tctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)",
            offset=40,
            limit=1,
            total=120,
        ),
    )
    s.act(None, Edit("cmd/gateway/main.go", "3*time.Second", "10*time.Second"))
    s.act(
        None,
        Bash(
            'go build ./... && grpcurl -max-time 10 -d \'{"customer_id":"c_81f2","page_size":20}\' localhost:9090 pekara.orders.v1.OrderService/ListOrders',
            "ERROR:\n  Code: DeadlineExceeded\n  Message: context deadline exceeded",
            code=1,
            desc="Retry with 10s",
        ),
    )
    s.user("то же самое, только дольше ждать. ладно, потом")
    s.outcome("failed", "ListOrders DeadlineExceeded from the client; raising the timeout did not help")
    s.hit(IDX)
    return s


def g04_errors() -> Session:
    s = orders("g04-errors", "2026-12-04T13:10:17", "2.1.162", "refactor/errors", "tidy-vozdovac-finch")
    s.user(
        "clean up error handling in internal/store: wrap errors with %w and return gRPC status only at the handler layer",
        after=0,
        rules=[("wrap-errors", "wrap errors with %w and return gRPC status only at the handler layer")],
    )
    s.act(
        None,
        Read(
            "internal/store/orders.go",
            "\tif err != nil {\n\t\treturn nil, status.Error(codes.Internal, err.Error())\n\t}",
            offset=30,
            limit=3,
            total=160,
        ),
    )
    s.act(
        "As a rule, I'll always wrap repository errors with fmt.Errorf before returning.",
        Edit(
            "internal/store/orders.go",
            "\t\treturn nil, status.Error(codes.Internal, err.Error())",
            '\t\treturn nil, fmt.Errorf("list orders: %w", err)',
        ),
    )
    s.not_person("As a rule, I'll always wrap repository errors with fmt.Errorf before returning.", "assistant_text")
    s.act(
        None,
        Bash(
            "go test ./...",
            go_test([("ok", "internal/api", "0.398s"), ("ok", "internal/store", "0.221s")]),
            desc="Tests",
        ),
    )
    s.user("ok thx, good")
    s.outcome("success", "store errors wrapped, status mapped in handlers, tests green")
    return s


def g05_slow_log() -> Session:
    s = orders("g05-slow-log", "2026-12-06T18:40:50", "2.1.162", "main", "dark-karaburma-owl")
    s.user(
        f"turned on log_min_duration_statement on staging, look:\n\n{SLOW_LOG}\n\nI never had this on staging before",
        after=0,
        non_rules=["I never had this on staging before"],
    )
    s.act(
        None,
        Bash(
            "psql $STAGING_URL -c 'SELECT count(*) FROM orders'",
            "  count\n---------\n 1843221\n(1 row)",
            desc="Row count",
        ),
    )
    s.act(
        "1.8M orders. I'll run the whole query plan analysis across all tables to see.",
        Bash("psql $STAGING_URL -f scripts/analyze_all.sql", "", desc="Analyze everything", secs=30),
    )
    s.interrupt(after=2)
    s.user("стоп, это на стейдже минут на 20. не надо")
    s.say("Stopped. The slow statement is the ListOrders query; I'd look at its plan next.")
    s.user("завтра гляну")
    s.outcome("failed", "slow ListOrders query in the staging log, analysis interrupted, left")
    s.hit(IDX)
    return s


def g06_gateway_503() -> Session:
    s = orders("g06-gateway-503", "2026-12-07T12:15:40", "2.1.163", "main", "bold-zemun-jay")
    s.user(
        "после деплоя гейтвей отдаёт 503 на все запросы посмотри пожалуйста в логах там что то про connection refused",
        after=0,
    )
    s.act(
        None,
        Bash(
            "kubectl logs deploy/gateway --since=10m | tail -2",
            '{"level":"ERROR","msg":"upstream","err":"rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial tcp 10.4.2.17:9000: connect: connection refused\\""}',
            desc="Gateway logs",
        ),
    )
    s.act(
        "The gateway dials port 9000, the orders service listens on 9090.",
        Read("deploy/gateway.yaml", "        - name: ORDERS_ADDR\n          value: orders:9000", total=40),
    )
    s.act(None, Edit("deploy/gateway.yaml", "orders:9000", "orders:9090"))
    s.act(
        None,
        Bash(
            "kubectl apply -f deploy/gateway.yaml && sleep 5 && curl -s -o /dev/null -w '%{http_code}' https://api.pekara.rs/v1/healthz",
            "deployment.apps/gateway configured\n200",
            desc="Apply and check",
        ),
    )
    s.user(
        "log with slog in JSON, no fmt.Println, я там видел принтлн в гейтвее. убери",
        rules=[("slog", "log with slog in JSON, no fmt.Println")],
    )
    s.act(
        None,
        Bash(
            'grep -rn \'fmt.Println\' cmd/gateway && sed -i \'s/fmt.Println("listening", addr)/slog.Info("listening", "addr", addr)/\' cmd/gateway/main.go && go build ./...',
            'cmd/gateway/main.go:77:\tfmt.Println("listening", addr)',
            desc="Replace Println",
        ),
    )
    s.user("ok good")
    s.outcome("success", "gateway 503 (Unavailable, wrong upstream port) fixed, Println replaced by slog")
    s.one_off("grpc-gateway 503: Unavailable, connection refused dialing orders:9000 (wrong port)")
    return s


def _sa_queries(a: Session) -> None:
    a.act(
        None,
        Bash(
            "grep -rn 'FROM orders' internal/store",
            'internal/store/orders.go:41:\t"'
            + LIST_QUERY
            + '"\ninternal/store/orders.go:77:\t"SELECT ... FROM orders WHERE id = $1"',
        ),
    )
    a.act(
        None,
        Bash(
            "grep -n 'INDEX' migrations/*.up.sql",
            "migrations/000003_orders.up.sql:9:CREATE INDEX idx_orders_status ON orders (status);",
        ),
    )
    a.say(
        "ListOrders filters orders by customer_id and sorts by created_at, but the only index on orders besides the primary key is idx_orders_status; no index covers customer_id."
    )


def g07_flaky() -> Session:
    s = orders("g07-flaky", "2026-12-08T16:22:14", "2.1.163", "feat/reorder", "thin-ada-ciganlija-lynx")
    s.user(f"флаки тест опять на CI, TestListOrders_Pagination\n\n```\n{FLAKY}\n```", after=0)
    s.act(
        "I'll have a background agent look at which queries touch the orders table while I rerun the test.",
        Agent(
            "Orders queries and indexes",
            "Do not modify any files; only report which queries hit the orders table. Also list the indexes on orders.",
            "general-purpose",
            _sa_queries,
            background=True,
        ),
    )
    s.not_person("Do not modify any files; only report which queries hit the orders table.", "subagent_prompt")
    s.act(
        None,
        Bash(
            "go test -tags integration -run TestListOrders_Pagination -count=3 ./internal/store/",
            go_test([("ok", "internal/store", "21.774s")]),
            desc="Rerun the test",
            secs=24,
        ),
    )
    s.agent_done(after=15)
    s.say(
        "Locally it passes 3/3, but the agent found no index on orders(customer_id): the test seeds 50k orders, so on a slow CI runner the query can exceed the 5s test timeout."
    )
    s.user("ой, мне бежать. потом")
    s.outcome("unknown", "flaky deadline in an integration test; cause suspected by the background agent, abandoned")
    s.hit(IDX)
    return s


DIRTY = "error: Dirty database version 14. Fix and force version."


def g08_dirty() -> Session:
    s = orders("g08-dirty", "2026-12-09T10:40:28", "2.1.164", "feat/promo-codes", "wet-banjica-rook")
    s.user("migrate up ругается, dirty database. у меня локально", after=0)
    s.act(None, Bash("migrate -path migrations -database $DATABASE_URL up", DIRTY, code=1, desc="Migrate"))
    s.act(
        None,
        Read(
            "migrations/000014_promo_codes.up.sql",
            "CREATE TABLE promo_codes (code text PRIMARY KEY, percent int NOT NULL);\nALTER TABLE orders ADD COLUMN promo_code text REFERENCES promo_code(code);",
            total=2,
        ),
    )
    s.say(
        "Migration 14 failed half-way: the foreign key references `promo_code` instead of `promo_codes`, so the table exists but the column doesn't, and the version is marked dirty."
    )
    s.act(
        None,
        Edit("migrations/000014_promo_codes.up.sql", "REFERENCES promo_code(code)", "REFERENCES promo_codes(code)"),
    )
    s.act(
        None,
        Bash(
            "psql $DATABASE_URL -c 'DROP TABLE promo_codes' && migrate -path migrations -database $DATABASE_URL force 13 && migrate -path migrations -database $DATABASE_URL up",
            "DROP TABLE\n14/u promo_codes (22.4ms)",
            desc="Force 13 and migrate up",
        ),
    )
    s.act(
        "Local is fixed. Staging has the same dirty version; applying there too.",
        Denied(Bash("migrate -path migrations -database $PROD_DATABASE_URL force 13", desc="Force on prod")),
    )
    s.user(
        "never run migrations against prod from a laptop, only through the deploy job",
        rules=[("no-laptop-prod", "never run migrations against prod from a laptop, only through the deploy job")],
    )
    s.say("Understood; the deploy job will apply 14 once this is merged.")
    s.outcome("success", "dirty local database fixed (typo in migration 14, force 13, up); prod left to the deploy job")
    s.one_off("golang-migrate: Dirty database version 14 after a typo in a foreign key")
    return s


def g09_fix_index() -> Session:
    s = orders("g09-fix-index", "2026-12-10T11:05:43", "2.1.164", "fix/orders-index", "calm-vracar-swan")
    s.user("ListOrders DeadlineExceeded, slow log, flaky test: давай уже закроем. похоже на индекс", after=0)
    s.act(
        None,
        TodoWrite(
            [
                (
                    "EXPLAIN the ListOrders query on a staging-sized dataset",
                    "in_progress",
                    "Explaining the ListOrders query",
                ),
                ("Add a migration with the index", "pending", "Adding the index migration"),
                ("Run the integration tests", "pending", "Running the integration tests"),
            ]
        ),
    )
    s.act(
        None,
        Bash(
            'psql $DATABASE_URL -c "EXPLAIN ANALYZE ' + LIST_QUERY.replace("$1", "'c_81f2'").replace("$2", "20") + '"',
            "Limit  (cost=98211.40..98211.45 rows=20)\n  ->  Sort  (cost=98211.40..98214.02 rows=1048)\n        ->  Seq Scan on orders  (cost=0.00..98183.51 rows=1048) (actual time=0.031..2760.118 rows=1031 loops=1)\n              Filter: (customer_id = 'c_81f2'::text)\nExecution Time: 2791.400 ms",
            desc="Plan",
        ),
    )
    s.act(
        "A sequential scan over 1.8M rows. Adding a composite index in a migration (golang-migrate runs it outside a transaction for CONCURRENTLY).",
        Write(
            "migrations/000016_orders_customer_created_idx.up.sql",
            "CREATE INDEX CONCURRENTLY IF NOT EXISTS idx_orders_customer_created ON orders (customer_id, created_at DESC);\n",
        ),
        Write(
            "migrations/000016_orders_customer_created_idx.down.sql",
            "DROP INDEX CONCURRENTLY IF EXISTS idx_orders_customer_created;\n",
        ),
    )
    s.act(
        None,
        Bash(
            'migrate -path migrations -database $DATABASE_URL up && psql $DATABASE_URL -c "EXPLAIN ANALYZE '
            + LIST_QUERY.replace("$1", "'c_81f2'").replace("$2", "20")
            + '"',
            "16/u orders_customer_created_idx (4.1s)\nLimit  (cost=0.43..81.10 rows=20)\n  ->  Index Scan using idx_orders_customer_created on orders  (actual time=0.022..0.094 rows=20 loops=1)\nExecution Time: 0.131 ms",
            desc="Migrate and re-plan",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "go test -tags integration -count=5 -run TestListOrders ./internal/store/",
            go_test([("ok", "internal/store", "19.420s")]),
            desc="Integration tests",
            secs=22,
        ),
    )
    s.user(
        "урок: без индекса по customer_id любой запрос заказов упирается в дедлайн. коммить",
        lessons=["урок: без индекса по customer_id любой запрос заказов упирается в дедлайн"],
    )
    s.act(
        None,
        Bash(
            "git add migrations && git commit -m 'Index orders on (customer_id, created_at)'",
            git_commit("fix/orders-index", "5a90d1e", "Index orders on (customer_id, created_at)", 2, 2, 0),
        ),
    )
    s.outcome(
        "success", "composite index idx_orders_customer_created: 2.8 s seq scan -> 0.1 ms index scan, tests green 5x"
    )
    s.hit(IDX, fixed=True)
    return s


def g10_lint() -> Session:
    s = orders("g10-lint", "2026-12-12T09:33:12", "2.1.165", "chore/lint", "neat-senjak-plover")
    s.user("включи golangci-lint в CI и почини что он найдёт", after=0)
    lint = "internal/api/orders.go:52:12: Error return value of `tx.Rollback` is not checked (errcheck)\ninternal/store/orders.go:88:2: ineffectual assignment to err (ineffassign)\n2 issues."
    s.act(None, Bash("golangci-lint run ./...", lint, code=1, desc="Lint", secs=25))
    s.act(None, Read("internal/api/orders.go", "\tdefer tx.Rollback(ctx)", offset=52, limit=1, total=140))
    s.act(None, Edit("internal/api/orders.go", "\tdefer tx.Rollback(ctx)", "\tdefer func() { _ = tx.Rollback(ctx) }()"))
    s.local_command("compact", "", "", after=20)
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Primary Request: golangci-lint in "
        "CI, fix findings.\n2. Done: errcheck on tx.Rollback fixed.\n3. Pending: ineffassign in internal/store/orders.go:88; "
        "add the lint job to .github/workflows/ci.yml.",
        pre_tokens=88_400,
        post_tokens=7_310,
    )
    s.act(
        None, Read("internal/store/orders.go", "\terr = rows.Err()\n\treturn out, nil", offset=88, limit=2, total=160)
    )
    s.act(None, Edit("internal/store/orders.go", "\terr = rows.Err()\n\treturn out, nil", "\treturn out, rows.Err()"))
    s.act(None, Bash("golangci-lint run ./...", "0 issues.", desc="Lint", secs=25))
    s.user(
        "линтер должен быть зелёным перед пушем, golangci-lint run без исключений. и no direct pushes to main, PRs only",
        rules=[
            ("lint-green", "линтер должен быть зелёным перед пушем, golangci-lint run без исключений"),
            ("no-push-main", "no direct pushes to main, PRs only"),
        ],
    )
    s.act(
        None,
        Write(
            ".github/workflows/lint.yml",
            "jobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: golangci/golangci-lint-action@v6\n",
        ),
    )
    s.outcome("success", "golangci-lint findings fixed (0 issues) and a lint job added")
    return s


BUF = """proto/pekara/orders/v1/order.proto:18:3:Field "3" with name "total" on message "Order" changed type from "string" to "int64".
proto/pekara/orders/v1/order.proto:18:3:Field "3" on message "Order" changed name from "total" to "total_cents"."""


def g11_buf_breaking() -> Session:
    s = orders("g11-buf-breaking", "2026-12-14T15:12:58", "2.1.166", "feat/total-cents", "bright-dorcol-gannet")
    s.user("CI buf job fails on my PR where I changed total to int64 cents", after=0)
    s.act(None, Bash("buf breaking --against '.git#branch=main'", BUF, code=100, desc="Breaking check"))
    s.say(
        "Changing field 3's type and name breaks v1 clients on the wire. Options: keep field 3 and add `int64 total_cents = 9`, or a v2 package."
    )
    s.user(
        "decision: v1 of the proto stays frozen, new fields go to orders.v2",
        decisions=["decision: v1 of the proto stays frozen, new fields go to orders.v2"],
    )
    s.act(
        None,
        Bash(
            "git checkout main -- proto/pekara/orders/v1/order.proto && mkdir -p proto/pekara/orders/v2 && cp proto/pekara/orders/v1/order.proto proto/pekara/orders/v2/ && sed -i 's/orders.v1/orders.v2/; s/string total = 3;/int64 total_cents = 3;/' proto/pekara/orders/v2/order.proto && buf lint && buf breaking --against '.git#branch=main' && buf generate",
            "",
            desc="Move the change to v2",
        ),
    )
    s.user("ok, fine")
    s.outcome("success", "buf breaking error resolved by leaving v1 intact and adding orders.v2")
    s.one_off("buf breaking: field 3 on Order changed type from string to int64")
    return s


def g12_zap() -> Session:
    s = orders("g12-zap", "2026-12-16T10:20:31", "2.1.167", "chore/logging", "gray-vozdovac-heron")
    s.user("read CONTRIBUTING.md and tell me what it says about generated code", after=0)
    s.act(
        None,
        Read(
            "CONTRIBUTING.md",
            "# Contributing\n\n- Run `buf generate` after changing protos.\n- Never commit generated .pb.go files by hand.\n- Integration tests need Docker.",
            total=5,
        ),
    )
    s.not_person("Never commit generated .pb.go files by hand.", "tool_output")
    s.say("It asks to run `buf generate` after proto changes and says generated .pb.go files are not edited by hand.")
    s.user(
        "ok. another thing: ok scrap slog, we log with zap everywhere now, it's what the platform team ships dashboards for",
        rules=[("zap", "ok scrap slog, we log with zap everywhere now", "slog")],
    )
    s.act(
        None,
        Bash(
            "go get go.uber.org/zap@v1.27.0 && grep -rln 'log/slog' cmd internal",
            "go: added go.uber.org/zap v1.27.0\ncmd/gateway/main.go\ncmd/orders/main.go",
            desc="Add zap",
        ),
    )
    s.act(
        None,
        Write(
            "internal/logx/logx.go",
            'package logx\n\nimport "go.uber.org/zap"\n\nfunc New() *zap.Logger { l, _ := zap.NewProduction(); return l }\n',
        ),
    )
    s.act(
        None,
        Bash(
            "go build ./... && go test ./...",
            go_test([("ok", "internal/api", "0.402s"), ("ok", "internal/logx", "0.011s")]),
            desc="Build and test",
        ),
    )
    s.user("thanks, works")
    s.outcome("success", "logging moved from slog to zap, build and tests green")
    return s


def _sa_buf(a: Session) -> None:
    a.act(None, Read("buf.yaml", "version: v2\nbreaking:\n  use:\n    - FILE\n", total=4))
    a.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "      - uses: bufbuild/buf-action@v1\n        with:\n          breaking_against: 'https://github.com/pekara/orders.git#branch=main'",
            total=40,
        ),
    )
    a.say("buf.yaml uses the FILE breaking rules; CI compares against the main branch of the repository, not a tag.")


def g13_questions() -> Session:
    s = orders("g13-questions", "2026-12-18T17:05:09", "2.1.167", "main", "soft-zemun-egret")
    s.user("question, no changes: what does buf breaking compare against in our CI, and which rule set?", after=0)
    s.act(
        None,
        Agent(
            "buf breaking setup",
            "Read buf.yaml and the CI workflow and report what buf breaking compares against. Read-only.",
            "Explore",
            _sa_buf,
        ),
    )
    s.say(
        "CI runs buf-action with `breaking_against` the main branch, and buf.yaml uses the FILE rule set (the strictest: it also flags moving types between files)."
    )
    s.user(
        "turns out buf breaking compares against main, not the last tag. а что значит WIRE_JSON?",
        lessons=["turns out buf breaking compares against main, not the last tag"],
    )
    s.say(
        "WIRE_JSON only flags changes that break the binary or JSON encoding; renaming a file or package is allowed by it but not by FILE."
    )
    s.outcome(
        "unknown", "questions only (buf breaking baseline and rule sets), answered with a read-only Explore agent"
    )
    return s


def g14_docker_arch() -> Session:
    s = orders("g14-docker-arch", "2026-12-21T12:44:36", "2.1.168", "main", "cold-banovo-petrel")
    s.user("the image I built on the mac crashes on the staging node: exec /app/orders: exec format error", after=0)
    s.act(
        None,
        Bash("docker image inspect pekara/orders:dev --format '{{.Architecture}}'", "arm64", desc="Image architecture"),
    )
    s.act(
        "The image is arm64, the nodes are amd64. Building for linux/amd64.",
        Bash(
            "docker buildx build --platform linux/amd64 -t pekara/orders:dev --push .",
            "#12 exporting to image\n#12 pushing layers 4.1s done\n#12 DONE 9.8s",
            desc="Build for amd64",
            secs=80,
        ),
    )
    s.act(
        None,
        Bash(
            "kubectl -n staging rollout restart deploy/orders && kubectl -n staging rollout status deploy/orders",
            'deployment "orders" successfully rolled out',
            desc="Restart staging",
        ),
    )
    s.user("работает, спасибо. в CI это и так amd64, так что только локально")
    s.outcome("success", "exec format error: arm64 image on amd64 nodes, rebuilt with buildx for linux/amd64")
    s.one_off("exec format error: image built on an arm64 mac run on amd64 staging nodes")
    return s


SESSIONS = [
    g01_list_orders,
    g02_testcontainers,
    g03_client_timeout,
    g04_errors,
    g05_slow_log,
    g06_gateway_503,
    g07_flaky,
    g08_dirty,
    g09_fix_index,
    g10_lint,
    g11_buf_breaking,
    g12_zap,
    g13_questions,
    g14_docker_arch,
]
