"""Hetal's `kapas-ledger` sessions (k01-k15): a Go 1.23 service for a cotton (kapas) traders' ledger, chi router,
sqlc + pgx v5 on PostgreSQL 16, goose migrations, golangci-lint, GitHub Actions, Docker images on AWS ECS Fargate
with Terraform. Times are UTC; Ahmedabad is UTC+05:30."""

from __future__ import annotations

from transcript_kit import KAPAS, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "kapas-ledger"
MOD = "github.com/hetalp/kapas-ledger"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KAPAS, project=PROJECT)


def go_ok(pkgs: list[tuple[str, float]]) -> str:
    return "\n".join(f"ok  \t{MOD}/{p}\t{t:.3f}s" for p, t in pkgs)


def commit(branch: str, sha: str, msg: str, files: int, ins: int, dels: int = 0) -> str:
    d = f", {dels} deletions(-)" if dels else ""
    return f"[{branch} {sha}] {msg}\n {files} files changed, {ins} insertions(+){d}"


LINT_OK = "0 issues."

CACHE_GO = """package pricecache

import (
	"context"
	"log/slog"
	"time"
)

// Cache holds the latest per-quintal kapas rate of each mandi, in paise.
type Cache struct {
	rates  map[string]int64
	source RateSource
	every  time.Duration
}

func New(src RateSource, every time.Duration) *Cache {
	return &Cache{rates: map[string]int64{}, source: src, every: every}
}

func (c *Cache) Get(mandi string) (int64, bool) {
	r, ok := c.rates[mandi]
	return r, ok
}

func (c *Cache) Refresh(ctx context.Context) error {
	latest, err := c.source.Latest(ctx)
	if err != nil {
		return err
	}
	for m, r := range latest {
		c.rates[m] = r
	}
	return nil
}

func (c *Cache) Run(ctx context.Context) {
	t := time.NewTicker(c.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := c.Refresh(ctx); err != nil {
				slog.Warn("price refresh failed", "err", err)
			}
		}
	}
}"""

RACE_CI = f"""2029-10-30T04:21:17.4410263Z ==================
2029-10-30T04:21:17.4410871Z WARNING: DATA RACE
2029-10-30T04:21:17.4411102Z Write at 0x00c0001b6240 by goroutine 27:
2029-10-30T04:21:17.4411390Z   runtime.mapassign_faststr()
2029-10-30T04:21:17.4411655Z       /opt/hostedtoolcache/go/1.23.2/x64/src/internal/runtime/maps/runtime_faststr.go:223 +0x0
2029-10-30T04:21:17.4411950Z   {MOD}/internal/pricecache.(*Cache).Refresh()
2029-10-30T04:21:17.4412211Z       /home/runner/work/kapas-ledger/kapas-ledger/internal/pricecache/cache.go:32 +0x1c4
2029-10-30T04:21:17.4412500Z Previous read at 0x00c0001b6240 by goroutine 31:
2029-10-30T04:21:17.4412782Z   {MOD}/internal/pricecache.(*Cache).Get()
2029-10-30T04:21:17.4413040Z       /home/runner/work/kapas-ledger/kapas-ledger/internal/pricecache/cache.go:21 +0x84
2029-10-30T04:21:17.4413301Z   {MOD}/internal/api.(*QuoteHandler).ServeHTTP()
2029-10-30T04:21:17.4413560Z       /home/runner/work/kapas-ledger/kapas-ledger/internal/api/quote.go:44 +0x12d
2029-10-30T04:21:17.4413822Z ==================
2029-10-30T04:21:17.4420118Z --- FAIL: TestQuoteHandler_UsesCachedRate (0.05s)
2029-10-30T04:21:17.4420400Z     testing.go:1399: race detected during execution of test
2029-10-30T04:21:17.4431002Z FAIL
2029-10-30T04:21:17.4431297Z FAIL\t{MOD}/internal/api\t0.418s"""


def k01() -> Session:
    s = new("k01-bale-lots", "2029-10-29T04:41:12", "2.1.160", "main", "bale-lots-endpoint-heron")
    s.title("Bale lots endpoint")
    s.user(
        "good morning 🙂 kapas-ledger: Go 1.23, chi, sqlc + pgx v5, Postgres 16, goose. decided: chi for the router, "
        "not gin. need POST /v1/bale-lots that stores a lot (trader_id, mandi, weight_kg, rate_paise) and GET by id.",
        decisions=["decided: chi for the router, not gin"],
    )
    s.user(
        "one more thing. last season a trader complained that his bill was ₹0.01 off on 212 bales because somebody "
        "used float64 for the rate. amounts are int64 paise, never float64. not in the DB, not in JSON.",
        after=25,
        rules=[("paise-int64", "amounts are int64 paise, never float64")],
    )
    s.act(
        None,
        Read("db/queries/bale_lots.sql", "-- name: GetBaleLot :one\nSELECT * FROM bale_lots WHERE id = $1;"),
        Read(
            "db/migrations/20291022101500_create_bale_lots.sql",
            "-- +goose Up\nCREATE TABLE bale_lots (\n    id bigserial PRIMARY KEY,\n    trader_id bigint NOT NULL "
            "REFERENCES traders(id),\n    mandi text NOT NULL,\n    weight_kg integer NOT NULL,\n    rate_paise "
            "bigint NOT NULL,\n    created_at timestamptz NOT NULL DEFAULT now()\n);\n\n-- +goose Down\nDROP TABLE "
            "bale_lots;",
        ),
    )
    s.act(
        "The table already uses `rate_paise bigint`. Adding the insert query and the handler.",
        Edit(
            "db/queries/bale_lots.sql",
            "-- name: GetBaleLot :one",
            "-- name: CreateBaleLot :one\nINSERT INTO bale_lots (trader_id, mandi, weight_kg, rate_paise)\nVALUES "
            "($1, $2, $3, $4)\nRETURNING *;\n\n-- name: GetBaleLot :one",
        ),
    )
    s.act(None, Bash("sqlc generate && go build ./...", "", desc="Generate sqlc code and build"))
    s.act(
        None,
        Write(
            "internal/api/balelots.go",
            'package api\n\ntype createBaleLotReq struct {\n\tTraderID  int64  `json:"trader_id"`\n\tMandi     '
            'string `json:"mandi"`\n\tWeightKg  int32  `json:"weight_kg"`\n\tRatePaise int64  `json:"rate_paise"`'
            "\n}\n\nfunc (h *Handlers) CreateBaleLot(w http.ResponseWriter, r *http.Request) {\n\tvar req "
            "createBaleLotReq\n\tif err := json.NewDecoder(r.Body).Decode(&req); err != nil {\n\t\thttpError(w, "
            "http.StatusBadRequest, err)\n\t\treturn\n\t}\n\tlot, err := h.q.CreateBaleLot(r.Context(), "
            "db.CreateBaleLotParams(req))\n\tif err != nil {\n\t\thttpError(w, http.StatusInternalServerError, err)"
            "\n\t\treturn\n\t}\n\twriteJSON(w, http.StatusCreated, lot)\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./... && golangci-lint run",
            go_ok([("internal/api", 0.214), ("internal/pricecache", 0.011), ("internal/ledger", 0.087)])
            + "\n"
            + LINT_OK,
            secs=14,
        ),
    )
    s.say(
        "POST /v1/bale-lots and GET /v1/bale-lots/{id} are in; tests and lint pass. `rate_paise` is int64 end to end."
    )
    s.user(
        "સરસ. commit કરી દો. commit message હંમેશા English માં, imperative mood માં લખજો, બંને repo માં",
        rules=[("commit-english", "commit message હંમેશા English માં, imperative mood માં લખજો")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add bale lot create and get endpoints'",
            commit("main", "4c1e9a2", "Add bale lot create and get endpoints", 5, 148),
        ),
    )
    s.say("Committed `4c1e9a2`.")
    s.outcome("success", "bale lot endpoints added with int64 paise; tests and lint pass; committed")
    return s


def k02() -> Session:
    s = new("k02-ci-race", "2029-10-30T04:36:40", "2.1.160", "quote-endpoint", "ci-red-quote-wren")
    s.user(f"CI લાલ છે quote-endpoint branch પર 🤦‍♀️ logs:\n\n{RACE_CI}")
    s.act(None, Read("internal/pricecache/cache.go", CACHE_GO))
    s.say(
        "That is a real race: `Refresh` writes `c.rates` from the ticker goroutine while `Get` reads it from the "
        "handler, and pricecache has no lock. It shows only when the test's request overlaps a refresh, which is "
        "why it is intermittent. I can add a mutex now."
    )
    s.user(
        "યાદ રાખજો: push પહેલા હંમેશા `go test -race` ચલાવજો. ગયા મહિને આવું જ કંઈક prod માં ગયું હતું.",
        rules=[("race-before-push", "push પહેલા હંમેશા `go test -race` ચલાવજો")],
    )
    s.user("but no mutex today, Kiran is rewriting the cache anyway. just re-run CI", after=12)
    s.act(
        None,
        Bash(
            "gh run rerun 11839204417 --failed && gh run watch 11839204417 --exit-status",
            "✓ build in 41s\nX test in 1m12s\n  X go test -race ./...\n\nRun tests (ID 11839204417) completed with 'failure'",
            code=1,
            secs=95,
        ),
    )
    s.say(
        "The re-run failed again on the same race in TestQuoteHandler_UsesCachedRate. CI stays red until the cache is locked."
    )
    s.user("ok, I'll tell Kiran")
    s.outcome("failed", "CI red on a data race in pricecache; re-run failed too; fix left to a colleague")
    s.hit("pricecache-race")
    return s


CONTRIBUTING = """# Contributing to kapas-ledger

- Go 1.23, run `make tools` once.
- Always run make generate before committing changes to queries.
- Migrations live in db/migrations and are created with `goose -dir db/migrations create <name> sql`.
- PRs need one review."""


def k03() -> Session:
    s = new("k03-trader-ledger", "2029-10-31T05:02:09", "2.1.161", "trader-ledger", "trader-ledger-kite")
    s.user(
        "trader ledger query: every bale lot of a trader with the mandi's name, newest first. also repository tests. "
        "repository tests spin up their own Postgres with testcontainers-go, we have the helper in internal/testdb.",
        rules=[("testcontainers", "repository tests spin up their own Postgres with testcontainers-go")],
    )
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.not_person("Always run make generate before committing changes to queries.", "tool_output")
    s.act(
        None,
        Edit(
            "db/queries/ledger.sql",
            "-- name: TraderBalance :one",
            "-- name: TraderLedger :many\nSELECT b.id, b.weight_kg, b.rate_paise, m.name AS mandi_name, b.created_at\n"
            "FROM bale_lots b JOIN mandis m ON m.code = b.mandi\nJOIN traders t ON t.id = b.trader_id\n"
            "WHERE trader_id = $1\nORDER BY b.created_at DESC;\n\n-- name: TraderBalance :one",
        ),
    )
    s.act(
        None,
        Bash(
            "make generate",
            'sqlc generate\n# package db\ndb/queries/ledger.sql:4:7: column reference "trader_id" is ambiguous\nmake: *** [generate] Error 1',
            code=2,
        ),
    )
    s.act(
        "`trader_id` exists in both bale_lots and traders (traders.trader_id is the APMC licence number). Qualifying it.",
        Edit("db/queries/ledger.sql", "WHERE trader_id = $1", "WHERE b.trader_id = $1"),
    )
    s.act(
        None,
        Bash(
            "make generate && go test ./internal/ledger/...",
            "sqlc generate\n" + go_ok([("internal/ledger", 6.812)]),
            secs=12,
        ),
    )
    s.say("sqlc generates now and the ledger repository test (testcontainers Postgres 16) passes.")
    s.user(
        "should we always run -race in CI or is it too slow? just asking, don't change anything.",
        non_rules=["should we always run -race in CI or is it too slow?"],
    )
    s.say("On this repo `go test -race ./...` takes about 48 s in CI against 19 s without; it is worth keeping.")
    s.user(
        "ok. golangci-lint has to be clean before every commit, then commit.",
        rules=[("lint-before-commit", "golangci-lint has to be clean before every commit")],
    )
    s.act(
        None,
        Read(
            ".golangci.yml",
            "linters:\n  enable:\n    - errcheck\n    - govet\n    - staticcheck\n    - gosec\n# never disable errcheck for a whole package, use //nolint:errcheck on the line\nissues:\n  exclude-dirs:\n    - db/gen",
        ),
    )
    s.not_person("never disable errcheck for a whole package, use //nolint:errcheck on the line", "tool_output")
    s.act(
        None,
        Bash(
            "golangci-lint run && git add -A && git commit -m 'Add trader ledger query'",
            LINT_OK + "\n" + commit("trader-ledger", "9a02d6f", "Add trader ledger query", 4, 96),
        ),
    )
    s.say("Lint clean, committed `9a02d6f`.")
    s.one_off('sqlc generate failed: column reference "trader_id" is ambiguous in a join with traders')
    s.outcome("success", "trader ledger query added after qualifying an ambiguous column; tests pass; committed")
    return s


GOOSE_CI = """Run goose -dir db/migrations postgres "$DATABASE_URL" up
2029/11/01 04:48:55 goose: error: found 1 missing migrations before current version 20291030114500:
	version 20291029170200: db/migrations/20291029170200_add_moisture_pct.sql
Error: Process completed with exit code 1."""


def k04() -> Session:
    s = new("k04-migrate-job", "2029-11-01T04:52:31", "2.1.162", "main", "migrate-job-red-ibis")
    s.user(f"main પર merge પછી migrate job fail થાય છે:\n\n{GOOSE_CI}")
    s.act(
        None,
        Bash(
            "ls db/migrations | tail -4 && git log --oneline -3 -- db/migrations",
            "20291022101500_create_bale_lots.sql\n20291029170200_add_moisture_pct.sql\n20291030114500_create_ginning_lots.sql\n"
            "20291031090000_add_lot_grade.sql\nb71c3e0 Merge branch 'moisture'\n5d8a9f1 Add ginning lots\n2e40c77 Add lot grade",
        ),
    )
    s.say(
        "The moisture branch was created on the 29th but merged after the ginning-lots branch, so its migration is "
        "older than the database's current version and goose refuses it. Quick way out: rename it to a newer timestamp."
    )
    s.user(
        "Rakesh's review comment from the moisture PR, paste કરું છું:\n\n"
        "> **rakesh-s** commented on db/migrations/20291029170200_add_moisture_pct.sql\n"
        "> Please never edit a migration that has already run on staging; add a new one. Renaming counts as editing.\n\n"
        "staging પર આ already ચાલી ગયું છે? check કરો",
        rules=[("no-edit-migration", "never edit a migration that has already run on staging; add a new one")],
    )
    s.act(
        None,
        Bash(
            'goose -dir db/migrations postgres "$STAGING_DATABASE_URL" status 2>&1 | tail -4',
            "    Applied At                  Migration\n    =======================================\n"
            "    Thu Nov  1 03:10:12 2029 -- 20291030114500_create_ginning_lots.sql\n"
            "    Pending                  -- 20291029170200_add_moisture_pct.sql\n    Pending                  -- 20291031090000_add_lot_grade.sql",
        ),
    )
    s.act(
        "Not applied on staging, but ginning_lots is. I'd rather not rename without your go-ahead.",
        Denied(
            Bash(
                "git mv db/migrations/20291029170200_add_moisture_pct.sql db/migrations/20291101050000_add_moisture_pct.sql"
            )
        ),
    )
    s.user("nahi, rename નહિ. Rakesh સાથે વાત કરીને જોઈશ. આજે main લાલ જ રહેશે 🙁")
    s.say("Left as is; the migrate job stays red on the missing migration.")
    s.outcome("failed", "CI migrate job refuses an older goose migration merged late; rename denied, left red")
    s.hit("goose-out-of-order")
    return s


ECS_LOG = """2029-11-02T04:31:07.882Z {"time":"2029-11-02T04:31:07Z","level":"INFO","msg":"price refresh","mandis":41}
2029-11-02T04:31:07.915Z fatal error: concurrent map read and map write
2029-11-02T04:31:07.915Z
2029-11-02T04:31:07.916Z goroutine 1187 [running]:
2029-11-02T04:31:07.916Z github.com/hetalp/kapas-ledger/internal/pricecache.(*Cache).Get(...)
2029-11-02T04:31:07.916Z 	/src/internal/pricecache/cache.go:21
2029-11-02T04:31:07.917Z github.com/hetalp/kapas-ledger/internal/api.(*QuoteHandler).ServeHTTP(0xc0002a6f00, {0x1a3c2e8, 0xc0004be0e0}, 0xc000513b00)
2029-11-02T04:31:07.917Z 	/src/internal/api/quote.go:44 +0x9c"""


def k05() -> Session:
    s = new("k05-ecs-restarts", "2029-11-02T05:12:48", "2.1.162", "main", "fargate-restarts-gull")
    s.user(
        "staging ECS task restarts થાય છે, 4 વાર સવારથી. CloudWatch માંથી:\n\n"
        + ECS_LOG
        + "\n\nquote-endpoint કાલે merge થયું હતું"
    )
    s.act(
        None,
        Bash(
            "aws ecs describe-services --cluster kapas-staging --services kapas-ledger --query 'services[0].events[0:3].message' --output text",
            "(service kapas-ledger) has started 1 tasks: (task 7f2c0b9e1a4d4c55).\t(service kapas-ledger) has stopped 1 running tasks: (task e81d22a0c5f14b07).\t(service kapas-ledger) has reached a steady state.",
        ),
    )
    s.say(
        "Same cause as Tuesday's CI failure: concurrent map access in pricecache, but here the Go runtime "
        "detects it and kills the process (exit code 2), so ECS replaces the task. The mutex was never added."
    )
    s.user(
        "Kiran નો rewrite હજુ PR માં છે. staging deploys go from my laptop with make deploy-staging, so roll back to "
        "yesterday's image from here.",
        rules=[("deploy-from-laptop", "staging deploys go from my laptop with make deploy-staging")],
    )
    s.act(
        None,
        Bash(
            "make deploy-staging IMAGE_TAG=3b9e2f1",
            "terraform -chdir=infra/staging apply -auto-approve -var image_tag=3b9e2f1\n"
            "aws_ecs_task_definition.api: Modifying... [id=kapas-ledger]\n"
            "╷\n│ Error: failed creating ECS Task Definition (kapas-ledger): operation error ECS: RegisterTaskDefinition, "
            "https response error StatusCode: 400, RequestID: 4b1f6c0e-77a3-4a51-9a5e-2c9d01e6b3f4, ClientException: "
            "Container.image repository 123456789012.dkr.ecr.ap-south-1.amazonaws.com/kapas-ledger:3b9e2f1 not found\n│\n╵\nmake: *** [deploy-staging] Error 1",
            code=2,
            secs=28,
        ),
    )
    s.say(
        "The ECR lifecycle policy removed the 3b9e2f1 image (it keeps the last 10 only), so there is nothing to roll back to."
    )
    s.user("🤦‍♀️ leave it for today. Monday")
    s.outcome("failed", "staging tasks crash on concurrent map access in pricecache; rollback image was expired")
    s.hit("pricecache-race")
    return s


def k06() -> Session:
    s = new("k06-tf-lock", "2029-11-05T04:44:02", "2.1.163", "infra-alb-logs", "tf-state-lock-owl")
    s.user("want ALB access logs into the S3 bucket for infra/staging. show me the plan first")
    s.act(
        None,
        Edit(
            "infra/staging/alb.tf",
            '  load_balancer_type = "application"',
            '  load_balancer_type = "application"\n\n  access_logs {\n    bucket  = aws_s3_bucket.alb_logs.id\n'
            '    prefix  = "staging"\n    enabled = true\n  }',
        ),
    )
    lock = (
        "╷\n│ Error: Error acquiring the state lock\n│\n│ Error message: operation error DynamoDB: PutItem, "
        "https response error StatusCode: 400, ConditionalCheckFailedException: The conditional request failed\n│ Lock Info:\n"
        "│   ID:        9c7e2d41-0b6a-f3e8-5d19-a2c4b7e60f13\n│   Path:      kapas-tfstate/staging/terraform.tfstate\n"
        "│   Operation: OperationTypeApply\n│   Who:       hetal@Hetals-MacBook-Pro.local\n│   Version:   1.9.8\n"
        "│   Created:   2029-11-02 05:41:33.218 +0000 UTC\n│\n│ Terraform acquires a state lock to protect the state from being written\n"
        "│ by multiple users at the same time.\n╵"
    )
    for _ in range(3):
        s.act(None, Bash("terraform -chdir=infra/staging plan -out=tfplan", lock, code=1, secs=6))
        if _ < 2:
            s.say("Still locked; waiting a little in case an apply is running.")
    s.say(
        "The lock is from Friday 05:41 UTC, by you, for an apply: that is the make deploy-staging you stopped "
        "after the ECR error. Nothing is running now. I can force-unlock that ID."
    )
    s.user(
        "હા, એ મેં Ctrl-C કર્યું હતું. unlock કરો. lesson learned: a killed terraform apply leaves its DynamoDB lock behind",
        lessons=["lesson learned: a killed terraform apply leaves its DynamoDB lock behind"],
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=infra/staging force-unlock -force 9c7e2d41-0b6a-f3e8-5d19-a2c4b7e60f13",
            "Terraform state has been successfully unlocked!\n\nThe state has been unlocked, and Terraform commands should now be able to\nobtain a new lock on the remote state.",
        ),
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=infra/staging plan -out=tfplan",
            "aws_lb.api: Refreshing state... [id=arn:aws:elasticloadbalancing:ap-south-1:123456789012:loadbalancer/app/kapas-staging/5e1c]\n\n"
            '  # aws_lb.api will be updated in-place\n  ~ resource "aws_lb" "api" {\n      + access_logs {\n          + bucket  = "kapas-staging-alb-logs"\n'
            '          + enabled = true\n          + prefix  = "staging"\n        }\n    }\n\nPlan: 0 to add, 1 to change, 0 to destroy.\n\nSaved the plan to: tfplan',
            secs=9,
        ),
    )
    s.say("Plan: 1 in-place change, the access_logs block. Shall I put the bucket name in terraform.tfvars?")
    s.user(
        "bucket name ok in tfvars. but no secrets in terraform.tfvars or in any committed .env, in either repo; they "
        "live in SSM Parameter Store. the Firebase keys of vyapari too.",
        rules=[
            (
                "secrets-ssm",
                "no secrets in terraform.tfvars or in any committed .env, in either repo; they live in SSM Parameter Store",
            )
        ],
    )
    s.act(
        None,
        Bash(
            "terraform -chdir=infra/staging apply tfplan",
            "aws_lb.api: Modifying...\naws_lb.api: Modifications complete after 2s\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.",
            secs=14,
        ),
    )
    s.say("Applied. ALB access logs now go to kapas-staging-alb-logs/staging.")
    s.one_off("terraform plan blocked by a stale DynamoDB state lock left by an interrupted apply; force-unlocked")
    s.outcome("success", "stale state lock removed, ALB access logs enabled on staging")
    return s


def k07() -> Session:
    s = new("k07-staging-42703", "2029-11-06T05:01:15", "2.1.163", "main", "moisture-missing-lark")
    s.user(
        "staging પર POST /v1/bale-lots 500 આપે છે, moisture સાથે. Rakesh એ ગઈકાલે goose up -allow-missing કર્યું "
        "હતું staging પર, એટલે migrate job હવે green છે"
    )
    s.act(
        None,
        Bash(
            "aws logs tail /ecs/kapas-staging --since 30m --filter-pattern ERROR | tail -3",
            '2029-11-06T04:58:02Z {"level":"ERROR","msg":"create bale lot","err":"ERROR: column \\"moisture_pct\\" of relation \\"bale_lots\\" does not exist (SQLSTATE 42703)"}\n'
            '2029-11-06T04:59:40Z {"level":"ERROR","msg":"create bale lot","err":"ERROR: column \\"moisture_pct\\" of relation \\"bale_lots\\" does not exist (SQLSTATE 42703)"}',
        ),
    )
    s.act(
        None,
        Bash(
            'goose -dir db/migrations postgres "$STAGING_DATABASE_URL" status 2>&1 | tail -3',
            "    Tue Nov  6 03:58:40 2029 -- 20291031090000_add_lot_grade.sql\n"
            "    Tue Nov  6 03:58:40 2029 -- 20291029170200_add_moisture_pct.sql\n"
            "    Tue Nov  6 03:58:41 2029 -- 20291105120000_add_broker_fee.sql",
        ),
    )
    s.say(
        "goose thinks the moisture migration ran, yet the column is not there. Let me look at the goose_db_version "
        "table and the migration file in db/migrations to see whether the Up section ran at all."
    )
    s.act(
        None,
        Read(
            "db/migrations/20291029170200_add_moisture_pct.sql",
            "-- +goose Up\n-- +goose StatementBegin\nALTER TABLE bale_lots ADD COLUMN moisture_pct numeric(4,1);\n"
            "-- +goose StatementEnd\n\n-- +goose Down\nALTER TABLE bale_lots DROP COLUMN moisture_pct;",
        ),
    )
    s.interrupt()
    s.user("રહેવા દો, મને meeting છે. staging ને હાથ ના લગાડતા. સાંજે જોઈશ")
    s.say("Stopped. Nothing was changed on staging.")
    s.outcome("failed", "staging lacks moisture_pct though goose lists the migration as applied; stopped, not fixed")
    s.hit("goose-out-of-order")
    return s


def k08() -> Session:
    s = new("k08-morning-restarts", "2029-11-07T04:40:33", "2.1.164", "main", "morning-restart-tern")
    s.queued_start("સવારે દસ વાગે mandi ના rates આવે ત્યારે service બે-ત્રણ વાર restart થાય છે")
    s.user("સવારે દસ વાગે mandi ના rates આવે ત્યારે service બે-ત્રણ વાર restart થાય છે", after=0.5)
    s.user("પછી આખો દિવસ બરાબર ચાલે. શું હશે?", after=8)
    s.act(
        None,
        Grep(
            "c.rates",
            [
                "internal/pricecache/cache.go:21:\tr, ok := c.rates[mandi]",
                "internal/pricecache/cache.go:32:\t\tc.rates[m] = r",
            ],
            path="internal",
            mode="content",
        ),
    )
    s.say(
        "The timing points at pricecache: at 10:00 IST the rate feed delivers all 41 mandis at once, so Refresh "
        "writes the map exactly when quote traffic peaks, and the reads in Get are still unlocked. Want me to pull "
        "this morning's stopped-task reasons to confirm?"
    )
    s.user("હમણાં નહિ, Kiran ની PR આવે છે એમાં જોઈશું. ok bye")
    s.outcome("unknown", "morning restarts described in Gujarati; cause guessed, the person left without checking")
    s.hit("pricecache-race")
    return s


def k09() -> Session:
    s = new("k09-rakesh-db", "2029-11-08T05:03:50", "2.1.164", "main", "teammate-db-finch")
    s.user(
        "Rakesh ભાઈ ના laptop પર local DB માં ginning_lots table જ નથી. migration file repo માં છે, make migrate "
        "કહે છે no migrations to run. મારા laptop પર table છે."
    )
    s.act(None, Bash("ls db/migrations | grep -n ginning", "3:20291030114500_create_ginning_lots.sql"))
    s.say(
        "His database was at a newer version from his own branch when he pulled, so goose skipped the older "
        "ginning_lots file. Giving him `goose up-to` will not help; he would need to apply it with -allow-missing."
    )
    s.user("એ તો staging પર Rakesh એ કર્યું અને moisture_pct ગુમ થઈ. ના. let me think")
    s.act(
        None,
        Bash(
            "make test-db-reset && go test ./internal/ledger/...",
            "docker compose down -v && docker compose up -d db\n goose: no migrations to run. current version: 20291105120000\n"
            '--- FAIL: TestTraderLedger (0.31s)\n    ledger_test.go:48: ERROR: relation "ginning_lots" does not exist (SQLSTATE 42P01)\nFAIL\n'
            f"FAIL\t{MOD}/internal/ledger\t1.904s",
            code=1,
            secs=18,
        ),
    )
    s.say(
        "Reproduced here with a reset database seeded from his dump: the ledger test fails on the missing ginning_lots table."
    )
    s.user("ok, that's it for today. Monday then")
    s.outcome("failed", "a teammate's local database skipped the older ginning_lots migration; reproduced, not fixed")
    s.hit("goose-out-of-order")
    return s


def find_cache_users(child: Session) -> None:
    child.act(
        None,
        Grep(
            r"pricecache\.|\.rates\b",
            ["internal/api/quote.go", "internal/pricecache/cache.go", "cmd/api/main.go"],
            path=KAPAS,
        ),
    )
    child.act(
        None,
        Grep(
            "c.rates",
            [
                "internal/pricecache/cache.go:21:\tr, ok := c.rates[mandi]",
                "internal/pricecache/cache.go:32:\t\tc.rates[m] = r",
            ],
            path=KAPAS,
            mode="content",
        ),
    )
    child.say(
        "c.rates (a map[string]int64) is read in Cache.Get (cache.go:21, called from QuoteHandler.ServeHTTP on every "
        "request) and written in Cache.Refresh (cache.go:32, called from Run's ticker goroutine started in "
        "cmd/api/main.go). No mutex, no sync.Map, no channel guards it."
    )


def k10() -> Session:
    s = new("k10-race-fix", "2029-11-09T04:42:18", "2.1.165", "pricecache-lock", "cache-mutex-robin")
    s.user(
        "Kiran ની PR બંધ થઈ ગઈ, એ બીજા project પર ગઈ. pricecache નો race આજે આપણે જ fix કરીએ. પહેલા map ક્યાં ક્યાં વપરાય છે એ શોધો"
    )
    s.act(
        None,
        Agent(
            "Find pricecache map users",
            "In /Users/hetal/code/kapas-ledger find every read and write of the pricecache map c.rates and who calls "
            "them from which goroutine. Never modify files; only report file:line and the caller.",
            "Explore",
            find_cache_users,
        ),
    )
    s.not_person("Never modify files; only report file:line and the caller.", "subagent_prompt")
    s.act("One writer goroutine, many readers: a sync.RWMutex fits.", Read("internal/pricecache/cache.go", CACHE_GO))
    s.act(
        None,
        Edit(
            "internal/pricecache/cache.go",
            "type Cache struct {\n\trates  map[string]int64",
            "type Cache struct {\n\tmu     sync.RWMutex\n\trates  map[string]int64",
        ),
    )
    s.act(
        None,
        Edit(
            "internal/pricecache/cache.go",
            "\tr, ok := c.rates[mandi]\n\treturn r, ok",
            "\tc.mu.RLock()\n\tdefer c.mu.RUnlock()\n\tr, ok := c.rates[mandi]\n\treturn r, ok",
        ),
    )
    s.act(
        None,
        Edit(
            "internal/pricecache/cache.go",
            "\tfor m, r := range latest {\n\t\tc.rates[m] = r\n\t}",
            "\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\tfor m, r := range latest {\n\t\tc.rates[m] = r\n\t}",
        ),
    )
    s.act(None, Edit("internal/pricecache/cache.go", '\t"log/slog"\n', '\t"log/slog"\n\t"sync"\n'))
    s.act(
        "And a test that really reads while refreshing, so -race has something to see:",
        Write(
            "internal/pricecache/cache_test.go",
            'package pricecache\n\nfunc TestCache_ParallelReadersDuringRefresh(t *testing.T) {\n\tc := New(fakeSource{"unjha": 712500}, time.Hour)\n'
            "\tvar wg sync.WaitGroup\n\tfor i := 0; i < 8; i++ {\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n"
            '\t\t\tfor j := 0; j < 1000; j++ {\n\t\t\t\tc.Get("unjha")\n\t\t\t}\n\t\t}()\n\t}\n\tfor j := 0; j < 100; j++ {\n'
            "\t\tif err := c.Refresh(context.Background()); err != nil {\n\t\t\tt.Fatal(err)\n\t\t}\n\t}\n\twg.Wait()\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test -race -count=20 ./internal/pricecache/... ./internal/api/...",
            go_ok([("internal/pricecache", 3.104), ("internal/api", 9.877)]),
            secs=16,
        ),
    )
    s.say("20 runs with -race, no race reported. Before the lock the new test failed on the first run.")
    s.user(
        "👍 lesson: -race only sees the code paths the tests actually run in parallel. "
        "and like I said before: run the race detector before every push. full suite then push.",
        lessons=["lesson: -race only sees the code paths the tests actually run in parallel"],
        rules=[("race-before-push", "run the race detector before every push")],
    )
    s.act(
        None,
        Bash(
            "go test -race ./... && golangci-lint run && git commit -am 'Guard price cache map with RWMutex' && git push -u origin pricecache-lock",
            go_ok([("internal/api", 1.402), ("internal/ledger", 7.118), ("internal/pricecache", 0.611)])
            + "\n"
            + LINT_OK
            + "\n"
            + commit("pricecache-lock", "c83f5a0", "Guard price cache map with RWMutex", 2, 41, 2)
            + "\nTo github.com:hetalp/kapas-ledger.git\n * [new branch]      pricecache-lock -> pricecache-lock",
            secs=40,
        ),
    )
    s.say("Pushed `c83f5a0` on pricecache-lock; race suite and lint green.")
    s.outcome("success", "RWMutex around the pricecache map plus a parallel-readers test; -race green x20; pushed")
    s.hit("pricecache-race", fixed=True)
    return s


def k11() -> Session:
    s = new("k11-health-check", "2029-11-12T05:00:41", "2.1.166", "main", "health-check-plover")
    s.user("pricecache-lock is merged. deploy staging with make deploy-staging")
    s.act(
        None,
        Bash(
            "make deploy-staging IMAGE_TAG=c83f5a0",
            "terraform -chdir=infra/staging apply -auto-approve -var image_tag=c83f5a0\naws_ecs_service.api: Modifications complete after 3s\n\nApply complete! Resources: 0 added, 2 changed, 0 destroyed.",
            secs=35,
        ),
    )
    s.act(
        None,
        Bash(
            "sleep 120 && aws ecs describe-services --cluster kapas-staging --services kapas-ledger --query 'services[0].events[0:2].message' --output text",
            "(service kapas-ledger) (task 1d0e77b2c94f4e8a) failed container health checks.\t(service kapas-ledger) has stopped 1 running tasks: (task 1d0e77b2c94f4e8a).",
            secs=125,
        ),
    )
    s.act(
        None,
        Grep(
            "ListenAndServe|ADDR",
            [
                'cmd/api/main.go:58:\taddr := envOr("ADDR", "127.0.0.1:8080")',
                'infra/staging/ecs.tf:41:        { name = "ADDR", value = "" },',
            ],
            mode="content",
        ),
    )
    s.say(
        "The new image listens on 127.0.0.1:8080 (the default from last week's local-dev change) and ADDR is empty in "
        "the task definition, so the ALB health check from outside the container never connects."
    )
    s.act(None, Edit("cmd/api/main.go", 'envOr("ADDR", "127.0.0.1:8080")', 'envOr("ADDR", ":8080")'))
    s.user(
        "ok. અને હવે થી એક ફેરફાર: હવેથી staging deploy GitHub Actions માંથી જ થશે, laptop થી નહિ. workflow_dispatch "
        "વાળું deploy-staging.yml બનાવો",
        rules=[("deploy-from-ci", "હવેથી staging deploy GitHub Actions માંથી જ થશે, laptop થી નહિ", "deploy-from-laptop")],
    )
    s.act(
        None,
        Write(
            ".github/workflows/deploy-staging.yml",
            "name: deploy-staging\non:\n  workflow_dispatch:\n    inputs:\n      image_tag:\n        required: true\n"
            "jobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    permissions:\n      id-token: write\n      contents: read\n    steps:\n"
            "      - uses: actions/checkout@v4\n      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n"
            "          role-to-assume: arn:aws:iam::123456789012:role/kapas-gha-deploy\n          aws-region: ap-south-1\n"
            "      - uses: hashicorp/setup-terraform@v3\n        with:\n          terraform_version: 1.9.8\n"
            "      - run: terraform -chdir=infra/staging init && terraform -chdir=infra/staging apply -auto-approve -var image_tag=${{ inputs.image_tag }}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Listen on all interfaces and deploy staging from Actions' && git push && gh workflow run deploy-staging.yml -f image_tag=e5b2d19 && sleep 200 && gh run list --workflow deploy-staging.yml -L 1",
            commit("main", "e5b2d19", "Listen on all interfaces and deploy staging from Actions", 2, 27, 1)
            + "\ncompleted\tsuccess\tdeploy-staging\tdeploy-staging\tmain\tworkflow_dispatch\t11902277310\t3m21s\t2029-11-12T05:19:44Z",
            secs=230,
        ),
    )
    s.say("Deployed e5b2d19 from Actions; the task passes health checks and the service is steady.")
    s.one_off("ECS task failed ALB health checks because the server listened on 127.0.0.1 inside the container")
    s.outcome("success", "listen address fixed, deploy-staging workflow added and used; staging healthy")
    return s


def k12() -> Session:
    s = new("k12-goose-fix", "2029-11-13T04:51:27", "2.1.167", "goose-sequential", "goose-fix-stork")
    s.user(
        "Rakesh સાથે વાત થઈ. નક્કી: migrations હવે sequential numbers થી, timestamps નહિ. goose fix થી convert કરો, "
        "staging અને Rakesh નું DB બંને ઠીક કરવાના છે",
        decisions=["નક્કી: migrations હવે sequential numbers થી, timestamps નહિ"],
    )
    s.act(
        None,
        Bash(
            "goose -dir db/migrations fix",
            "2029/11/13 04:53:10 RENAMED 20291001093000_create_traders.sql => 00001_create_traders.sql\n"
            "2029/11/13 04:53:10 RENAMED 20291022101500_create_bale_lots.sql => 00009_create_bale_lots.sql\n"
            "2029/11/13 04:53:10 RENAMED 20291030114500_create_ginning_lots.sql => 00010_create_ginning_lots.sql\n"
            "2029/11/13 04:53:10 RENAMED 20291031090000_add_lot_grade.sql => 00011_add_lot_grade.sql\n"
            "2029/11/13 04:53:10 RENAMED 20291029170200_add_moisture_pct.sql => 00012_add_moisture_pct.sql\n"
            "2029/11/13 04:53:10 RENAMED 20291105120000_add_broker_fee.sql => 00013_add_broker_fee.sql",
        ),
    )
    s.say(
        "Renamed. Since the files' content is unchanged, Rakesh's rule holds. The databases still record the old "
        "versions though, so goose_db_version must be mapped too; and staging never really got the moisture column."
    )
    s.act(
        None,
        Write(
            "db/migrations/00014_ensure_moisture_pct.sql",
            "-- +goose Up\nALTER TABLE bale_lots ADD COLUMN IF NOT EXISTS moisture_pct numeric(4,1);\n\n-- +goose Down\nSELECT 1;\n",
        ),
    )
    s.act(
        None,
        Write(
            "scripts/goose_renumber.sql",
            "UPDATE goose_db_version SET version_id = m.seq FROM (VALUES\n  (20291001093000, 1), (20291022101500, 9), (20291030114500, 10),\n"
            "  (20291031090000, 11), (20291029170200, 12), (20291105120000, 13)\n) AS m(ts, seq) WHERE version_id = m.ts;\n",
        ),
    )
    s.act(
        None,
        Bash(
            'psql "$STAGING_DATABASE_URL" -f scripts/goose_renumber.sql && goose -dir db/migrations postgres "$STAGING_DATABASE_URL" up',
            "UPDATE 13\n2029/11/13 05:02:44 OK   00014_ensure_moisture_pct.sql (21.3ms)\n2029/11/13 05:02:44 goose: successfully migrated database to version: 14",
            secs=5,
        ),
    )
    s.act(
        None,
        Edit(
            ".github/workflows/ci.yml",
            "      - name: migrate",
            "      - name: migrations are sequential\n        run: test -z \"$(ls db/migrations | grep -vE '^[0-9]{5}_')\"\n      - name: migrate",
        ),
    )
    s.act(
        None,
        Bash(
            "make test-db-reset && go test -race ./...",
            "goose: successfully migrated database to version: 14\n"
            + go_ok([("internal/api", 1.391), ("internal/ledger", 7.204), ("internal/pricecache", 0.588)]),
            secs=30,
        ),
    )
    s.say("Staging is at version 14 with moisture_pct; a fresh database migrates cleanly and all tests pass.")
    s.user(
        "turns out two branches can each add a goose timestamp and the older one lands after the newer. "
        "Rakesh ને script મોકલું છું. commit & push",
        lessons=["turns out two branches can each add a goose timestamp and the older one lands after the newer"],
    )
    s.act(
        None,
        Bash(
            "golangci-lint run && git add -A && git commit -m 'Switch goose migrations to sequential versions' && git push -u origin goose-sequential",
            LINT_OK
            + "\n"
            + commit("goose-sequential", "71d0b3c", "Switch goose migrations to sequential versions", 17, 22),
        ),
    )
    s.say("Pushed `71d0b3c`.")
    s.outcome(
        "success", "goose fix to sequential versions, version table mapped, moisture column ensured; CI check added"
    )
    s.hit("goose-out-of-order", fixed=True)
    return s


def write_handler_tests(child: Session) -> None:
    child.act(
        None,
        Read(
            "internal/api/balelots.go",
            "func (h *Handlers) CreateBaleLot(w http.ResponseWriter, r *http.Request) {\n\tvar req createBaleLotReq",
        ),
    )
    child.act(
        None,
        Write(
            "internal/api/balelots_test.go",
            "package api\n\nfunc TestCreateBaleLot(t *testing.T) {\n\ttests := []struct {\n\t\tname string\n\t\tbody string\n\t\twant int\n\t}{\n"
            '\t\t{"ok", `{"trader_id":1,"mandi":"UNJ","weight_kg":170,"rate_paise":712500}`, 201},\n'
            '\t\t{"bad json", `{`, 400},\n\t\t{"float rate", `{"trader_id":1,"mandi":"UNJ","weight_kg":170,"rate_paise":7125.5}`, 400},\n\t}\n'
            '\tfor _, tt := range tests {\n\t\tt.Run(tt.name, func(t *testing.T) {\n\t\t\trec := serve(t, "POST", "/v1/bale-lots", tt.body)\n'
            '\t\t\tif rec.Code != tt.want {\n\t\t\t\tt.Fatalf("got %d want %d", rec.Code, tt.want)\n\t\t\t}\n\t\t})\n\t}\n}\n',
        ),
    )
    child.act(
        None,
        Bash(
            "go test ./internal/api/ -run TestCreateBaleLot -v",
            "=== RUN   TestCreateBaleLot\n--- PASS: TestCreateBaleLot (0.02s)\nPASS\n"
            + go_ok([("internal/api", 0.311)]),
        ),
    )
    child.say("Added TestCreateBaleLot with three cases (201, bad JSON 400, fractional rate_paise 400); it passes.")


def k13() -> Session:
    s = new("k13-broker-fee", "2029-11-14T05:02:56", "2.1.168", "broker-fee", "broker-fee-egret")
    s.user(
        "broker fee (દલાલી) ledger માં: each bale lot પર broker_fee_paise, ledger ના total માં બાદ થાય. repository test પણ"
    )
    s.act(
        None,
        Read(
            "internal/ledger/repo_test.go",
            "func TestMain(m *testing.M) {\n\tpg := testdb.StartContainer()  // testcontainers postgres:16\n\tdefer pg.Terminate()\n\tos.Exit(m.Run())\n}",
        ),
    )
    s.say("I'll extend the repository test; as you asked earlier, it starts its own testcontainers Postgres.")
    s.user(
        "no, that was before, now repository tests use the docker compose postgres on port 55432. testcontainers "
        "was too slow on my Mac, Docker Desktop startup each time. testdb.Compose() helper છે",
        rules=[
            ("compose-postgres", "repository tests use the docker compose postgres on port 55432", "testcontainers")
        ],
    )
    s.act(
        None,
        Edit(
            "internal/ledger/repo_test.go",
            "\tpg := testdb.StartContainer()  // testcontainers postgres:16\n\tdefer pg.Terminate()",
            '\tpg := testdb.Compose("postgres://kapas:kapas@localhost:55432/kapas_test?sslmode=disable")\n\tdefer pg.Close()',
        ),
    )
    s.act(
        None,
        Edit(
            "db/queries/ledger.sql",
            "-- name: TraderBalance :one",
            "-- name: TraderBalance :one\n-- broker_fee_paise is deducted from the gross amount",
        ),
    )
    s.compact(
        "manual",
        "Summary of the conversation so far:\n1. Hetal asked for broker fee (broker_fee_paise) on bale lots, deducted "
        "from the ledger total, with a repository test.\n2. Repository tests now use the docker compose Postgres on "
        "port 55432 (testdb.Compose), not testcontainers.\n3. User preference: never use sqlc named parameters, "
        "positional $1 only.\n4. Edited internal/ledger/repo_test.go and db/queries/ledger.sql.\nNext: handler tests, "
        "then run the suite.",
        92400,
        8700,
    )
    s.not_person("User preference: never use sqlc named parameters, positional $1 only.", "compaction_summary")
    s.user("give the handler tests to an agent, and you finish the repository test meanwhile", after=20)
    s.act(
        None,
        Agent(
            "Handler tests for bale lots",
            "Write a table-driven test for CreateBaleLot in internal/api/balelots_test.go (201, bad JSON, fractional "
            "rate_paise). Run it with go test and report.",
            "general-purpose",
            write_handler_tests,
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose up -d db && go test -race ./...",
            " ✔ Container kapas-ledger-db-1  Running\n"
            + go_ok([("internal/api", 1.420), ("internal/ledger", 1.066), ("internal/pricecache", 0.602)]),
            secs=20,
        ),
    )
    s.say("All green; the ledger tests dropped from ~7 s to ~1 s with the compose Postgres.")
    s.user(
        "સરસ. Kiran asked about Redis again; decision: no Redis, the price cache stays in-process. commit",
        decisions=["decision: no Redis, the price cache stays in-process"],
    )
    s.act(
        None,
        Bash(
            "golangci-lint run && git add -A && git commit -m 'Add broker fee to ledger totals'",
            LINT_OK + "\n" + commit("broker-fee", "0f6ab47", "Add broker fee to ledger totals", 6, 133, 4),
        ),
    )
    s.say("Committed `0f6ab47`.")
    s.outcome(
        "success", "broker fee added; repository tests moved to the compose Postgres; handler tests by a subagent"
    )
    return s


def k14() -> Session:
    s = new("k14-conn-busy", "2029-11-15T04:39:12", "2.1.172", "settlement", "conn-busy-kestrel")
    s.user("settlement job: દિવસના અંતે દરેક trader નું balance settlements table માં. transaction માં. test fail થાય છે, જુઓ")
    s.act(
        None,
        Bash(
            "go test ./internal/settle/...",
            "--- FAIL: TestSettleDay (0.12s)\n    settle_test.go:39: insert settlement: conn busy\nFAIL\n"
            f"FAIL\t{MOD}/internal/settle\t0.904s",
            code=1,
        ),
    )
    s.act(
        None,
        Read(
            "internal/settle/settle.go",
            "rows, err := tx.Query(ctx, listTraders)\nif err != nil {\n\treturn err\n}\nfor rows.Next() {\n"
            "\tvar id, bal int64\n\tif err := rows.Scan(&id, &bal); err != nil {\n\t\treturn err\n\t}\n"
            '\tif _, err := tx.Exec(ctx, insertSettlement, id, bal); err != nil {\n\t\treturn fmt.Errorf("insert settlement: %w", err)\n\t}\n}',
        ),
    )
    s.say(
        "pgx runs one query at a time per connection: the Exec runs while `rows` is still open on the same transaction. Collect first, then insert."
    )
    s.act(
        None,
        Edit(
            "internal/settle/settle.go",
            "for rows.Next() {\n\tvar id, bal int64\n\tif err := rows.Scan(&id, &bal); err != nil {\n\t\treturn err\n\t}\n"
            "\tif _, err := tx.Exec(ctx, insertSettlement, id, bal); err != nil {",
            "balances, err := pgx.CollectRows(rows, pgx.RowToStructByPos[traderBalance])\nif err != nil {\n\treturn err\n}\n"
            "for _, b := range balances {\n\tif _, err := tx.Exec(ctx, insertSettlement, b.ID, b.Balance); err != nil {",
        ),
    )
    s.act(None, Bash("go test -race ./internal/settle/...", go_ok([("internal/settle", 1.233)])))
    s.say(
        "Passes. I'd suggest always running `sqlc vet` in CI as well, it would catch query problems like last week's "
        "ambiguous column before review."
    )
    s.not_person("I'd suggest always running `sqlc vet` in CI as well", "assistant_text")
    s.user("hmm, later. commit it")
    s.act(
        None,
        Bash(
            "golangci-lint run && git commit -am 'Collect trader balances before inserting settlements'",
            LINT_OK
            + "\n"
            + commit("settlement", "aa3e9d2", "Collect trader balances before inserting settlements", 1, 9, 6),
        ),
    )
    s.say("Committed `aa3e9d2`.")
    s.one_off("pgx 'conn busy': an Exec ran on the transaction while the rows of a Query were still open")
    s.outcome("success", "settlement job collects rows before inserting; tests pass; committed")
    return s


def k15() -> Session:
    s = new("k15-price-history", "2029-11-16T05:06:30", "2.1.174", "price-history", "price-history-swift")
    s.user(
        "GET /v1/mandis/{code}/prices?from=&to= joie che, daily closing rate. નવી table mandi_rates, migration 00015"
    )
    s.act(
        None,
        Bash(
            "goose -dir db/migrations create mandi_rates sql -s",
            "2029/11/16 05:07:41 Created new file: db/migrations/00015_mandi_rates.sql",
        ),
    )
    s.act(
        None,
        Write(
            "db/migrations/00015_mandi_rates.sql",
            "-- +goose Up\nCREATE TABLE mandi_rates (\n    mandi text NOT NULL REFERENCES mandis(code),\n    day date NOT NULL,\n"
            "    close_paise bigint NOT NULL,\n    PRIMARY KEY (mandi, day)\n);\n\n-- +goose Down\nDROP TABLE mandi_rates;\n",
        ),
    )
    s.user(
        "do we always need a new migration for an index, or can it go in the same one? (mandi, day) desc index joie",
        non_rules=["do we always need a new migration for an index, or can it go in the same one?"],
    )
    s.say(
        "00015 has not run anywhere yet, so the index can go in the same file; once it has run anywhere, a new migration."
    )
    s.act(
        None,
        Edit(
            "db/migrations/00015_mandi_rates.sql",
            "    PRIMARY KEY (mandi, day)\n);",
            "    PRIMARY KEY (mandi, day)\n);\nCREATE INDEX mandi_rates_day_desc ON mandi_rates (mandi, day DESC);",
        ),
    )
    s.act(
        None,
        Bash(
            "make test-db-reset && sqlc generate && go build ./...",
            "goose: successfully migrated database to version: 15",
        ),
    )
    s.say("Migration and sqlc are in place; the handler is next.")
    s.user("accha, handler સોમવારે. ઠીક છે, જોઈશું")
    s.outcome("unknown", "mandi_rates migration written, handler not started; the person left")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15]
