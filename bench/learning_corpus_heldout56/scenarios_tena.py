"""Selam's `tena-kendo` sessions (t01-t15): a Go 1.23 clinic-appointment service with chi, pgx v5 on PostgreSQL 16,
sqlc, goose migrations, `go test ./...` with testcontainers, deployed on Fly.io (jnb). Times are UTC; Addis Ababa
is UTC+3."""

from __future__ import annotations

from fake_output import git_commit, go_ok
from transcript_kit import TENA, Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Write

PROJECT = "tena-kendo"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=TENA, project=PROJECT)


def ide(path: str) -> list[str]:
    """The VS Code extension's note on the file that is open in the editor."""
    return [
        f"<ide_opened_file>The user opened the file {TENA}/{path} in the IDE. This may or may not be related to "
        "the current task.</ide_opened_file>"
    ]


GO_MOD = """module github.com/selamt/tena-kendo

go 1.23.4

require (
	github.com/go-chi/chi/v5 v5.2.0
	github.com/jackc/pgx/v5 v5.7.2
	github.com/pressly/goose/v3 v3.24.1
	github.com/testcontainers/testcontainers-go v0.35.0
	github.com/testcontainers/testcontainers-go/modules/postgres v0.35.0
)"""

SQLC_YAML = """version: "2"
sql:
  - engine: "postgresql"
    queries: "internal/db/queries"
    schema: "migrations"
    gen:
      go:
        package: "db"
        out: "internal/db"
        sql_package: "pgx/v5"
        emit_json_tags: true"""

TX_GO = """package store

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// WithTx runs fn inside a transaction and commits it when fn returns nil.
func WithTx(ctx context.Context, pool *pgxpool.Pool, fn func(pgx.Tx) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}"""

BOOKING_GO = """func (s *Service) Cancel(ctx context.Context, id int64, by int64) error {
	return store.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		appt, err := q.GetAppointmentForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if appt.PatientID != by {
			return ErrNotYours
		}
		return q.MarkCancelled(ctx, id)
	})
}"""

FLY_TOML = """app = "tena-kendo"
primary_region = "jnb"

[build]
  dockerfile = "Dockerfile"

[deploy]
  release_command = "/app/tena migrate up"
  strategy = "rolling"

[http_service]
  internal_port = 8080
  force_https = true
  auto_stop_machines = "stop"
  min_machines_running = 1

[[http_service.checks]]
  grace_period = "10s"
  interval = "15s"
  method = "GET"
  path = "/healthz"
  timeout = "2s\""""

DOCKERFILE = """FROM golang:1.22-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -o /out/tena ./cmd/tena

FROM gcr.io/distroless/static-debian12
COPY --from=build /out/tena /app/tena
COPY migrations /app/migrations
ENTRYPOINT ["/app/tena", "serve"]"""

CONTRIBUTING = """# Contributing to tena-kendo

- Run `go test ./...` before you open a PR; it needs Docker for testcontainers.
- Never merge on a Friday afternoon.
- Regenerate sqlc code with `sqlc generate` and commit the result.
- Migrations live in `migrations/` and are applied by goose."""


def deadline_fail(test: str, file: str, line: int, what: str, secs: float) -> str:
    return (
        f"--- FAIL: {test} ({secs:.2f}s)\n"
        f"    {file}:{line}: {what}: begin tx: context deadline exceeded\n"
        "FAIL\n"
        f"FAIL\tgithub.com/selamt/tena-kendo/internal/booking\t{secs + 6.4:.3f}s\nFAIL"
    )


# ---------------------------------------------------------------------------------------------------------------


def t01() -> Session:
    s = new("t01-sqlc-setup", "2028-02-07T06:41:12", "2.1.150", "main", "sqlc-pgx-setup-heron")
    s.user(
        "Good morning! Some context first: tena-kendo is the appointment API for the two clinics, Go 1.23 with chi. "
        "Going with pgx and sqlc directly, no ORM, I don't want gorm anywhere near this. Last time on the old "
        "project someone hand-wrote a query inside a handler and it drifted from the schema after a migration, "
        "nobody noticed for a month. So every query goes through sqlc, the .sql files live in "
        "internal/db/queries. Can you set up sqlc.yaml and the first query for listing a doctor's slots?",
        rules=[("sqlc-only", "every query goes through sqlc")],
        decisions=["Going with pgx and sqlc directly, no ORM"],
    )
    s.title("Set up sqlc with pgx")
    s.act(
        None,
        Read("go.mod", GO_MOD),
        Glob("migrations/*.sql", ["migrations/20280205101500_init.sql", "migrations/20280206090000_slots.sql"]),
    )
    s.act(
        "sqlc config with the pgx/v5 driver, generating into `internal/db`:",
        Write("sqlc.yaml", SQLC_YAML),
        Write(
            "internal/db/queries/slots.sql",
            "-- name: ListOpenSlots :many\nSELECT id, doctor_id, starts_at, ends_at\nFROM slots\n"
            "WHERE doctor_id = $1 AND starts_at >= $2 AND booked = false\nORDER BY starts_at;\n",
        ),
    )
    s.act(None, Bash("sqlc generate && go build ./... && go vet ./...", ""))
    s.say(
        "`sqlc generate` wrote `internal/db/slots.sql.go` with `ListOpenSlots(ctx, ListOpenSlotsParams)`; the "
        "module builds and vets cleanly."
    )
    s.user("በጣም ጥሩ፣ commit አድርገው። አመሰግናለሁ!")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add sqlc config and ListOpenSlots query"',
            git_commit("main", "3e1a9c0", "Add sqlc config and ListOpenSlots query", 4, 61, 0),
        ),
    )
    s.say("Committed as `3e1a9c0`.")
    s.outcome("success", "sqlc configured for pgx/v5, first query generated and committed")
    return s


def t02() -> Session:
    s = new("t02-cancel-test-hangs", "2028-02-08T07:04:50", "2.1.150", "cancel-appointment", "cancel-appt-ibis")
    s.user(
        "ሰላም! ትናንት ማታ appointment cancel endpoint ጨመርኩ፣ ዛሬ ጠዋት `go test ./internal/booking/` ሲሮጥ "
        "TestCancelAppointment 30 ሰከንድ ቆሞ ይወድቃል። ብቻውን ሲሮጥ አንዳንዴ ያልፋል። እባክህ ምን እንደሆነ እይልኝ።"
    )
    s.title("TestCancelAppointment times out")
    cmd = "go test ./internal/booking/ -run 'TestCancel|TestBook' -count=1"
    fail = deadline_fail("TestCancelAppointment", "booking_test.go", 112, "cancel appointment", 30.01)
    s.act(None, Bash(cmd, fail, code=1, secs=41))
    s.act(
        "That looks like it could be timing with the container start. Running it again:",
        Bash(cmd, fail, code=1, secs=40),
    )
    s.act(None, Bash(cmd, fail, code=1, secs=42))
    s.act(None, Read("internal/booking/service.go", BOOKING_GO, offset=40, total=96))
    s.say(
        "It fails the same way three times, so it isn't flaky container start-up: `begin tx` waits for a connection "
        "from the pgxpool and never gets one within the 30 s context. The test pool has `MaxConns=4`, and the "
        "earlier subtests in TestBookSlot end with `ErrSlotTaken`. Something is holding connections; I'd need to "
        "look at how the transactions end."
    )
    s.user("ahun meeting alebign, yihen neger keza enayalen. ለአሁን ይቆይ።")
    s.outcome("failed", "TestCancelAppointment times out waiting for a pool connection; three runs, no fix")
    s.hit("pool-leak")
    return s


def t03() -> Session:
    s = new("t03-goose-concurrently", "2028-02-09T06:32:07", "2.1.151", "slot-index", "goose-index-marten")
    s.user(
        "ዛሬ slots table ላይ index እንጨምር፣ doctor_id እና starts_at ላይ። Production ላይ table ትልቅ ስለሆነ "
        "CONCURRENTLY ይሁን።\n\nአንድ ነገር፦ ትናንት የተጻፈውን 20280206090000_slots.sql ፋይል አትንካው፣ Fly ላይ "
        "ተተግብሯል። የተተገበረ migration አትቀይር፣ አዲስ goose file ፍጠር።",
        rules=[("goose-new-file", "የተተገበረ migration አትቀይር፣ አዲስ goose file ፍጠር")],
    )
    s.title("Add a concurrent index on slots")
    s.act(
        None,
        Bash(
            "goose -dir migrations create slots_doctor_starts_idx sql",
            "2028/02/09 09:33:01 Created new file: migrations/20280209063301_slots_doctor_starts_idx.sql",
        ),
    )
    s.act(
        None,
        Write(
            "migrations/20280209063301_slots_doctor_starts_idx.sql",
            "-- +goose Up\nCREATE INDEX CONCURRENTLY IF NOT EXISTS slots_doctor_starts_idx "
            "ON slots (doctor_id, starts_at);\n\n-- +goose Down\nDROP INDEX CONCURRENTLY IF EXISTS "
            "slots_doctor_starts_idx;\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go run ./cmd/tena migrate up",
            "2028/02/09 09:34:12 goose run: ERROR 20280209063301_slots_doctor_starts_idx.sql: failed to run SQL "
            'migration: failed to execute SQL query "CREATE INDEX CONCURRENTLY IF NOT EXISTS '
            'slots_doctor_starts_idx ON slots (doctor_id, starts_at);": ERROR: CREATE INDEX CONCURRENTLY cannot '
            "run inside a transaction block (SQLSTATE 25001)",
            code=1,
        ),
    )
    s.act(
        "goose wraps every migration in a transaction unless told not to; `CREATE INDEX CONCURRENTLY` refuses to "
        "run inside one. The file needs the `NO TRANSACTION` annotation:",
        Edit(
            "migrations/20280209063301_slots_doctor_starts_idx.sql",
            "-- +goose Up\n",
            "-- +goose NO TRANSACTION\n\n-- +goose Up\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go run ./cmd/tena migrate up && go run ./cmd/tena migrate status | tail -n 2",
            "2028/02/09 09:35:40 OK   20280209063301_slots_doctor_starts_idx.sql (1.21s)\n"
            "2028/02/09 09:35:40 goose: successfully migrated database to version: 20280209063301\n"
            "    Fri Feb  6 09:00:00 2028 -- 20280206090000_slots.sql\n"
            "    Mon Feb  9 06:33:01 2028 -- 20280209063301_slots_doctor_starts_idx.sql",
        ),
    )
    s.say("The index migration is a new goose file with `-- +goose NO TRANSACTION`; applied locally.")
    s.user(
        "ጥሩ። ባለፈው ወር ተምሬያለሁ፦ fly.io ላይ release_command migration ሲወድቅ deploy ሙሉ በሙሉ ይቆማል፣ ስለዚህ "
        "locally ማለፉ ደስ ይለኛል። አመሰግናለሁ።",
        lessons=["fly.io ላይ release_command migration ሲወድቅ deploy ሙሉ በሙሉ ይቆማል"],
    )
    s.one_off(
        "goose migration with CREATE INDEX CONCURRENTLY fails (cannot run inside a transaction block, SQLSTATE "
        "25001); fixed with -- +goose NO TRANSACTION"
    )
    s.outcome("success", "concurrent index added in a new goose migration with NO TRANSACTION, applied locally")
    return s


def t04() -> Session:
    s = new("t04-error-wrapping", "2028-02-10T07:02:33", "2.1.152", "errors", "wrap-errors-gazelle")
    s.user(
        "ሰላም። ዛሬ error handling እናስተካክል። Error ሲመለስ ሁልጊዜ fmt.Errorf በ %w ጠቅልለው፣ context ይኑረው። "
        "and one more thing from the incident review with Dawit: log an error only once, at the handler. "
        "Right now the same failed booking shows up four times in the Fly logs.",
        blocks_before=ide("internal/booking/service.go"),
        rules=[
            ("wrap-errors", "Error ሲመለስ ሁልጊዜ fmt.Errorf በ %w ጠቅልለው"),
            ("log-once", "log an error only once, at the handler"),
        ],
    )
    s.title("Wrap errors and log once")
    s.act(
        None,
        Grep(
            "slog\\.Error",
            [
                'internal/booking/service.go:58:		slog.Error("get appointment", "err", err)',
                'internal/store/slots.go:31:		slog.Error("list slots", "err", err)',
                'internal/api/booking.go:44:		slog.Error("cancel", "err", err)',
            ],
            mode="content",
        ),
    )
    s.act(
        "Removing the logging below the handler and wrapping instead:",
        Edit(
            "internal/booking/service.go",
            '		slog.Error("get appointment", "err", err)\n		return err',
            '		return fmt.Errorf("get appointment %d: %w", id, err)',
        ),
        Edit(
            "internal/store/slots.go",
            '		slog.Error("list slots", "err", err)\n		return nil, err',
            '		return nil, fmt.Errorf("list slots for doctor %d: %w", doctorID, err)',
        ),
    )
    s.act(None, Bash("go build ./... && go test ./internal/api/ -count=1", go_ok(["internal/api"], 3.1), secs=9))
    s.say(
        "Errors are wrapped with `%w` in the service and store, and only `internal/api` logs them, once per "
        "request. As a rule of thumb, never return raw pgx errors to the client: the handler maps "
        "`pgx.ErrNoRows` to 404 and everything else to a generic 500."
    )
    s.user("perfect, thanks. commit it please.")
    s.act(
        None,
        Bash(
            'git commit -am "Wrap errors with %w, log once in handlers"',
            git_commit("errors", "91b0d2e", "Wrap errors with %w, log once in handlers", 3, 14, 9),
        ),
    )
    s.say("Committed on `errors`.")
    s.not_person("As a rule of thumb, never return raw pgx errors to the client", "assistant_text")
    s.outcome("success", "errors wrapped with %w, logging moved to handlers, committed")
    return s


def t05() -> Session:
    s = new("t05-api-stops-answering", "2028-02-11T06:52:18", "2.1.152", "main", "stalled-api-osprey")
    s.user(
        "Something odd from yesterday afternoon, I don't have a log for it. A receptionist at the Bole clinic "
        "tried to book the same slot for two patients a few times in a row, got the 'slot taken' message each "
        "time, and after that the whole API stopped answering for everyone. No crash, the machine was up, "
        "requests just hung. I restarted the machine from the Fly dashboard and it was fine again. Any idea?"
    )
    s.title("API hangs after repeated booking errors")
    s.act(
        None,
        Bash(
            "fly status -a tena-kendo",
            "App\n  Name     = tena-kendo\n  Owner    = tena-health\n  Hostname = tena-kendo.fly.dev\n"
            "  Image    = tena-kendo:deployment-01HZQ4K7V2\n\nMachines\nPROCESS\tID\t\tVERSION\tREGION\tSTATE\t"
            "ROLE\tCHECKS\t\t\tLAST UPDATED\napp\t3d8d9e7b4e5e08\t23\tjnb\tstarted\t\t1 total, 1 passing\t"
            "2028-02-10T14:21:07Z",
        ),
    )
    s.say(
        "Nothing stands out now: one machine, healthy since your restart at 14:21 UTC. Hanging requests without "
        "a crash usually mean every request is waiting on the same resource, most often a free connection from "
        "the pgxpool. I can't confirm that without logs from the moment it hung; if it happens again, "
        "`fly logs` and the output of `/debug/pool` (if we add one) would tell us."
    )
    s.user("እሺ፣ እንደገና ከተከሰተ logs እይዛለሁ። አመሰግናለሁ።")
    s.outcome("unknown", "described hang after repeated slot-taken errors; no logs, nothing changed")
    s.hit("pool-leak")
    return s


def t06() -> Session:
    s = new("t06-staging-deploy", "2028-02-12T07:31:44", "2.1.153", "reminders", "staging-first-puffin")
    s.user(
        "Context: the reminders endpoint is ready and I want it on staging today. We agreed with Dawit that "
        "nothing goes to production without a staging deploy first, so deploy to tena-kendo-staging first, "
        "then we promote the same image. Please check CONTRIBUTING too, I forgot what else we wrote.",
        rules=[("staging-first", "nothing goes to production without a staging deploy first")],
    )
    s.title("Deploy reminders to staging")
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING), Read("fly.toml", FLY_TOML))
    s.act(
        None,
        Bash(
            "fly deploy -a tena-kendo-staging --config fly.toml",
            "==> Verifying app config\n--> Verified app config\n==> Building image\n"
            "#12 [build 5/6] RUN go mod download\n#12 0.214 go: go.mod requires go >= 1.23.4 (running go "
            '1.22.10; GOTOOLCHAIN=local)\n#12 ERROR: process "/bin/sh -c go mod download" did not complete '
            "successfully: exit code: 1\nError: failed to fetch an image or build from source: error building: "
            'failed to solve: process "/bin/sh -c go mod download" did not complete successfully: exit code: 1',
            code=1,
            secs=48,
        ),
    )
    s.act(
        "The Dockerfile still builds with the Go 1.22 image while go.mod asks for 1.23.4:",
        Edit("Dockerfile", "FROM golang:1.22-bookworm AS build", "FROM golang:1.23-bookworm AS build"),
    )
    s.act(
        None,
        Bash(
            "fly deploy -a tena-kendo-staging --config fly.toml",
            "==> Building image\n--> Building image done\n==> Pushing image to fly\n"
            "image: registry.fly.io/tena-kendo-staging:deployment-01HZT8M2QX\nimage size: 19 MB\n"
            "Running tena-kendo-staging release_command: /app/tena migrate up\n"
            "  release_command 9185e1f0a3e298 completed successfully\n"
            "> Updating existing machines in 'tena-kendo-staging' with rolling strategy\n"
            "> [1/1] Machine 4d89e36b2e9618 reached started state\n"
            "Visit your newly deployed app at https://tena-kendo-staging.fly.dev/",
            secs=95,
        ),
    )
    s.say(
        "Staging runs the reminders endpoint (image `deployment-01HZT8M2QX`). CONTRIBUTING.md also says: "
        '`go test ./...` before a PR, regenerate sqlc and commit it, and "Never merge on a Friday afternoon."'
    )
    s.user("ha, yes, that Friday one was Dawit's. ok, I'll click through staging after lunch. thanks!")
    s.not_person("Never merge on a Friday afternoon.", "tool_output")
    s.one_off(
        "fly deploy build fails: go.mod requires go >= 1.23.4 but the Dockerfile builds with golang:1.22 "
        "(GOTOOLCHAIN=local); base image bumped to golang:1.23-bookworm"
    )
    s.outcome("success", "Dockerfile Go version fixed, reminders deployed to tena-kendo-staging")
    return s


def t07() -> Session:
    s = new("t07-repo-tests", "2028-02-13T06:47:29", "2.1.153", "reminders", "testcontainers-not-mocks-wren")
    s.user(
        "ሰላም! reminders repository ላይ tests እንጻፍ፣ ListDueReminders እና MarkSent። "
        "testcontainers helper በ internal/testdb ውስጥ አለ።"
    )
    s.title("Tests for the reminders repository")
    s.act(
        "I'll start with an interface and a mock so the tests run without Docker:",
        Denied(
            Write(
                "internal/reminders/mock_querier_test.go",
                "package reminders\n\ntype mockQuerier struct {\n\tdue []db.Reminder\n\tsent []int64\n}\n",
            ),
            "no mocks please, the whole point of testcontainers is that the queries run against a real "
            "Postgres 16. use internal/testdb.",
        ),
    )
    s.user(
        "sorry, I was short there. why would we ever mock pgx in tests? we don't do that. testdb.New(t) gives you a "
        "migrated database.",
        rules=[("no-pgx-mocks", "why would we ever mock pgx in tests? we don't do that")],
    )
    s.act(
        None,
        Write(
            "internal/reminders/repo_test.go",
            "package reminders_test\n\nfunc TestListDueReminders(t *testing.T) {\n\tpool := testdb.New(t)\n"
            "\tq := db.New(pool)\n\tseedReminder(t, q, time.Now().Add(-time.Minute))\n"
            "\tdue, err := q.ListDueReminders(context.Background(), time.Now())\n\trequire.NoError(t, err)\n"
            "\trequire.Len(t, due, 1)\n}\n",
        ),
    )
    s.act(None, Bash("go test ./internal/reminders/ -count=1", go_ok(["internal/reminders"], 11.8), secs=19))
    s.say("Both repository tests run against the testcontainers Postgres and pass (11.8 s, mostly container start).")
    s.user(
        "thanks. a question for later, no action: should we ever run sqlc generate in CI, or is checking in the "
        "generated code enough?",
        non_rules=["should we ever run sqlc generate in CI, or is checking in the generated code enough?"],
    )
    s.say(
        "Both work; a common middle ground is to keep the generated code committed and have CI run `sqlc diff` "
        "(or `sqlc generate` followed by `git diff --exit-code`), so drift fails the build without CI writing code."
    )
    s.outcome("success", "reminders repository tests against testcontainers Postgres, mock refused")
    return s


ROUTER_GO = """func NewRouter(h *Handlers) http.Handler {
	corsMW := cors.Handler(cors.Options{AllowedOrigins: []string{"https://book.tena.et"}})
	r := chi.NewRouter()
	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)
	r.Route("/v1", func(r chi.Router) {
		r.With(corsMW).Get("/doctors/{id}/slots", h.ListSlots)
		r.Post("/appointments", h.Book)
		r.Delete("/appointments/{id}", h.Cancel)
	})
	return r
}"""


def t08() -> Session:
    s = new("t08-cors-preflight", "2028-02-14T07:12:05", "2.1.154", "booking-web", "cors-preflight-dikdik")
    s.user(
        "The booking page on book.tena.et can't call the API, the browser console says:\n\n```\nAccess to fetch at "
        "'https://tena-kendo-staging.fly.dev/v1/appointments' from origin 'https://book.tena.et' has been blocked "
        "by CORS policy: Response to preflight request doesn't pass access control check: No "
        "'Access-Control-Allow-Origin' header is present on the requested resource.\n```\n\nThe OPTIONS request "
        "gets a 405."
    )
    s.title("CORS preflight returns 405")
    s.act(None, Read("internal/api/router.go", ROUTER_GO, offset=12, total=40))
    s.act(
        "The CORS middleware is attached with `r.With(corsMW)` to the slots GET only. A preflight for "
        "`/v1/appointments` is an OPTIONS request that no route and no middleware handles, so chi answers 405 "
        "without CORS headers. Mounting it on the root router before the routes, with the methods the page uses:",
        Edit(
            "internal/api/router.go",
            '	corsMW := cors.Handler(cors.Options{AllowedOrigins: []string{"https://book.tena.et"}})\n',
            '	corsMW := cors.Handler(cors.Options{\n		AllowedOrigins: []string{"https://book.tena.et"},\n'
            '		AllowedMethods: []string{"GET", "POST", "DELETE", "OPTIONS"},\n	})\n',
        ),
        Edit(
            "internal/api/router.go",
            "	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer)\n",
            "	r.Use(middleware.RequestID, middleware.RealIP, middleware.Recoverer, corsMW)\n",
        ),
        Edit(
            "internal/api/router.go",
            '		r.With(corsMW).Get("/doctors/{id}/slots", h.ListSlots)',
            '		r.Get("/doctors/{id}/slots", h.ListSlots)',
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./internal/api/ -run TestCORS -count=1 -v | tail -n 4",
            "=== RUN   TestCORSPreflight\n--- PASS: TestCORSPreflight (0.00s)\nPASS\n"
            "ok  \tgithub.com/selamt/tena-kendo/internal/api\t0.031s",
        ),
    )
    s.say("The preflight now answers 200 with `Access-Control-Allow-Origin: https://book.tena.et`.")
    s.user(
        "ሰራ፣ አመሰግናለሁ! ሌላ ነገር፦ rate limiting ላይ ከዳዊት ጋር ተነጋገርን፣ ለ rate limiting httprate እንጠቀማለን፣ "
        "redis አያስፈልግም። እና commit ስታደርግ commit message በእንግሊዝኛ ብቻ ይሁን፣ ትናንት አማርኛ commit አየሁ፣ "
        "GitHub ላይ ለቡድኑ ያስቸግራል።",
        decisions=["ለ rate limiting httprate እንጠቀማለን"],
        rules=[("commit-english", "commit message በእንግሊዝኛ ብቻ ይሁን")],
    )
    s.act(
        None,
        Bash(
            'git commit -am "Mount CORS middleware before the /v1 routes"',
            git_commit("booking-web", "c47e2a1", "Mount CORS middleware before the /v1 routes", 1, 2, 1),
        ),
    )
    s.say("Committed with an English message. I'll add httprate in a separate change when you want it.")
    s.one_off(
        "CORS preflight from book.tena.et gets 405: the cors middleware was attached with r.With to one "
        "GET route only; mounted on the root router"
    )
    s.outcome("success", "CORS middleware moved before the routes, preflight passes, committed")
    return s


FLY_LOG = """2028-02-15T05:58:11Z app[3d8d9e7b4e5e08] jnb [info]level=WARN msg="booking rejected" err="book slot 8812: slot taken"
2028-02-15T05:58:12Z app[3d8d9e7b4e5e08] jnb [info]level=WARN msg="booking rejected" err="book slot 8812: slot taken"
2028-02-15T05:59:40Z app[3d8d9e7b4e5e08] jnb [info]level=ERROR msg="request failed" path=/v1/doctors/14/slots err="list slots for doctor 14: context deadline exceeded"
2028-02-15T06:00:02Z health[3d8d9e7b4e5e08] jnb [error]Health check 'servicecheck-00-http-8080' on port 8080 has failed. Your app is not responding properly. Services exposed on ports [80, 443] will have intermittent failures until the health check passes.
2028-02-15T06:00:02Z health[3d8d9e7b4e5e08] jnb [info]Tip: always set a grace_period longer than your app's startup time
2028-02-15T06:00:31Z app[3d8d9e7b4e5e08] jnb [info]level=INFO msg="pool stats" total=10 acquired=10 idle=0 max=10"""


def t09() -> Session:
    s = new("t09-healthz-503", "2028-02-15T06:04:51", "2.1.155", "main", "healthcheck-pool-jackal")
    s.user(
        "It happened again, this time I have the logs. Production, about ten minutes ago:\n\n```\n" + FLY_LOG + "\n```"
        "\n\nHealth check failing, same as last week."
    )
    s.title("Production health check failing")
    s.act(None, Grep("MaxConns|pool_max_conns", ["cmd/tena/main.go:41:	cfg.MaxConns = 10"], mode="content"))
    s.act(
        "All 10 connections of the pgxpool are acquired and none idle, so every request waits until its context "
        "expires. The quick relief is a larger pool:",
        Edit("cmd/tena/main.go", "	cfg.MaxConns = 10", "	cfg.MaxConns = 40"),
    )
    s.interrupt()
    s.user(
        "no, stop. 40 just means it takes four times longer to die. the pool is full right after two 'slot "
        "taken' rejections, something is not giving connections back. ዛሬ ጊዜ የለኝም፣ machine ን restart "
        "አደርጋለሁ።"
    )
    s.act(None, Edit("cmd/tena/main.go", "	cfg.MaxConns = 40", "	cfg.MaxConns = 10"))
    s.say(
        "Reverted to 10. Agreed that the rejections look like the trigger: a rejected booking returns an error out "
        "of the transaction, and something on that path keeps its connection."
    )
    s.not_person("Tip: always set a grace_period longer than your app's startup time", "pasted_log")
    s.outcome("failed", "production pool exhausted (10/10 acquired) after rejected bookings; bigger pool refused")
    s.hit("pool-leak")
    return s


def t10() -> Session:
    s = new("t10-canary-no-staging", "2028-02-16T07:22:40", "2.1.156", "deploy-canary", "canary-deploy-crane")
    s.user(
        "ሰላም። ትናንት ከ production ችግር በኋላ ዳዊት ወስኗል፦ staging app ይዘጋል፣ ሁለት ቦታ ስናሰማራ image ዎቹ "
        "ይለያያሉ ብሎ። ከዛሬ ጀምሮ በቀጥታ ወደ production እናሰማራለን፣ ግን በ canary strategy። fly.toml ን "
        "አስተካክልልኝ፣ እና tena-kendo-staging ን አታጥፋው ገና፣ እኔ ራሴ አጠፋዋለሁ።",
        rules=[
            (
                "canary-direct",
                "ከዛሬ ጀምሮ በቀጥታ ወደ production እናሰማራለን፣ ግን በ canary strategy",
                "staging-first",
            )
        ],
    )
    s.title("Switch production deploys to canary")
    s.act(None, Read("fly.toml", FLY_TOML))
    s.act(
        None,
        Edit("fly.toml", '  strategy = "rolling"', '  strategy = "canary"'),
        Edit("fly.toml", '  grace_period = "10s"', '  grace_period = "20s"'),
    )
    s.act(None, Bash("fly config validate", "✓ Configuration is valid"))
    s.say(
        "`fly.toml` now deploys with the canary strategy (one new machine must pass its health check before the "
        "rest are replaced) and a 20 s grace period. I haven't touched `tena-kendo-staging`."
    )
    s.user("good, commit it please.")
    s.act(
        None,
        Bash(
            'git commit -am "Deploy with the canary strategy"',
            git_commit("deploy-canary", "5af03d7", "Deploy with the canary strategy", 1, 2, 2),
        ),
    )
    s.say("Committed.")
    s.outcome("success", "fly.toml switched to canary deploys straight to production, committed")
    return s


def t11() -> Session:
    s = new("t11-soft-delete", "2028-02-17T06:33:16", "2.1.157", "soft-delete", "soft-delete-oryx")
    s.user(
        "Next: patients should be able to delete their account, but the clinics need the appointment history. "
        "Decided to keep the reminder worker in the same binary for now, it's too small for its own app. For "
        "the accounts, soft delete with a deleted_at column.",
        decisions=["Decided to keep the reminder worker in the same binary for now"],
    )
    s.title("Soft delete for patients")
    s.act(
        None,
        Write(
            "internal/db/queries/patients.sql",
            "-- name: SoftDeletePatient :exec\nUPDATE patients SET deleted_at = now() WHERE id = $1;\n\n"
            "-- name: GetActivePatient :one\nSELECT * FROM patients WHERE id = $1 AND deleted_at IS NULL;\n",
        ),
    )
    s.act(
        None,
        Bash(
            "sqlc generate",
            '# package db\ninternal/db/queries/patients.sql:2:31: column "deleted_at" does not exist',
            code=1,
        ),
    )
    s.act(
        "sqlc reads the schema from `migrations/`, and no migration has the column yet. A new goose file:",
        Bash(
            "goose -dir migrations create patients_deleted_at sql",
            "2028/02/17 09:36:20 Created new file: migrations/20280217063620_patients_deleted_at.sql",
        ),
    )
    s.act(
        None,
        Write(
            "migrations/20280217063620_patients_deleted_at.sql",
            "-- +goose Up\nALTER TABLE patients ADD COLUMN deleted_at timestamptz;\n\n-- +goose Down\n"
            "ALTER TABLE patients DROP COLUMN deleted_at;\n",
        ),
    )
    s.act(None, Bash("sqlc generate && go build ./...", ""))
    s.say("Migration added, `sqlc generate` passes, `SoftDeletePatient` and `GetActivePatient` are generated.")
    s.user(
        "ebakih, ለዛሬ ብቻ logging ን debug level ላይ አድርገው locally፣ worker ውስጥ ምን እንደሚሆን ማየት እፈልጋለሁ።",
        non_rules=["ለዛሬ ብቻ logging ን debug level ላይ አድርገው"],
    )
    s.act(
        None,
        Bash(
            "set -Ux TENA_LOG_LEVEL debug; and go run ./cmd/tena serve 2>&1 | head -n 3",
            'time=2028-02-17T09:41:02.118+03:00 level=DEBUG msg="config loaded" log_level=debug\n'
            'time=2028-02-17T09:41:02.214+03:00 level=INFO msg="listening" addr=:8080\n'
            'time=2028-02-17T09:41:02.215+03:00 level=DEBUG msg="reminder worker started" every=1m0s',
        ),
    )
    s.say(
        "Debug logging is on through `TENA_LOG_LEVEL` (a fish universal variable; `set -Ue TENA_LOG_LEVEL` undoes it)."
    )
    s.user("አመሰግናለሁ!")
    s.one_off(
        'sqlc generate fails with column "deleted_at" does not exist: the query came before its migration; '
        "added a goose migration"
    )
    s.outcome("success", "soft delete migration and queries generated; debug logging on for the day")
    return s


def explore_tx(child: Session) -> None:
    child.act(
        None,
        Grep(
            "pool\\.Begin|BeginTx|WithTx\\(",
            [
                "internal/store/tx.go:12:	tx, err := pool.Begin(ctx)",
                "internal/booking/service.go:41:	return store.WithTx(ctx, s.pool, func(tx pgx.Tx) error {",
                "internal/booking/service.go:72:	return store.WithTx(ctx, s.pool, func(tx pgx.Tx) error {",
                "internal/reminders/worker.go:33:	return store.WithTx(ctx, w.pool, func(tx pgx.Tx) error {",
            ],
            mode="content",
        ),
    )
    child.act(None, Read("internal/store/tx.go", TX_GO))
    child.say(
        "Transactions:\n- internal/store/tx.go:12 WithTx is the only place that begins one; the three callers "
        "(booking/service.go:41 Cancel, :72 Book, reminders/worker.go:33) all go through it.\n- WithTx returns "
        "early when fn fails without calling tx.Rollback, so the transaction stays open and its connection is "
        "never released to the pool. Every ErrSlotTaken or ErrNotYours leaks one connection."
    )


def t12() -> Session:
    s = new("t12-pool-leak-fix", "2028-02-18T07:01:58", "2.1.158", "tx-rollback", "rollback-leak-hornbill")
    s.user(
        "ሰላም። Dawit renamed TestDoubleBooking to TestBookingConflict yesterday and now CI just dies on it:\n\n"
        "```\npanic: test timed out after 10m0s\n\trunning tests:\n\t\tTestBookingConflict (10m0s)\n\n"
        "goroutine 41 [select]:\ngithub.com/jackc/pgx/v5/pgxpool.(*Pool).Acquire(0xc0001a4000, "
        "{0x9c2a40, 0xc00021e0f0})\n\t/home/runner/go/pkg/mod/github.com/jackc/pgx/v5@v5.7.2/pgxpool/pool.go:526 "
        "+0x2b4\n```\n\nይሄ ካለፈው ሳምንት production hang ጋር አንድ ነው ብዬ አስባለሁ። ዛሬ ከስሩ እንፍታው።"
    )
    s.title("Connections leak from failed transactions")
    s.act(
        "Finding every place that opens a transaction and how it ends:",
        Agent(
            "Find transaction begin/end paths",
            "In this Go repository, find every place that begins a pgx transaction (pool.Begin, BeginTx, helper "
            "functions) and check whether each path ends with Commit or Rollback. Report file:line. Read-only, "
            "do not edit anything.",
            "Explore",
            explore_tx,
        ),
    )
    s.act(
        "That is the single cause behind the hung cancel test, the production hangs and this timeout: each "
        "rejected booking leaves a transaction open and its connection acquired. Rolling back on every path "
        "(Rollback after Commit is a no-op):",
        Edit(
            "internal/store/tx.go",
            "	if err != nil {\n		return err\n	}\n	if err := fn(tx); err != nil {",
            "	if err != nil {\n		return err\n	}\n	defer func() { _ = tx.Rollback(ctx) }()\n\n"
            "	if err := fn(tx); err != nil {",
        ),
    )
    s.act(
        "And a test that fails if a failed transaction keeps its connection:",
        Write(
            "internal/store/tx_test.go",
            "package store_test\n\nfunc TestWithTxReleasesOnError(t *testing.T) {\n\tpool := testdb.New(t)\n"
            "\tfor i := 0; i < 20; i++ {\n\t\t_ = store.WithTx(context.Background(), pool, func(pgx.Tx) error "
            '{ return errors.New("boom") })\n\t}\n\trequire.Zero(t, pool.Stat().AcquiredConns())\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "go test ./... -count=1",
            "ok  \tgithub.com/selamt/tena-kendo/internal/api\t0.044s\n"
            "ok  \tgithub.com/selamt/tena-kendo/internal/booking\t14.902s\n"
            "ok  \tgithub.com/selamt/tena-kendo/internal/reminders\t12.331s\n"
            "ok  \tgithub.com/selamt/tena-kendo/internal/store\t11.870s",
            secs=58,
        ),
    )
    s.say("All packages pass; TestBookingConflict takes 2.1 s instead of timing out.")
    s.user(
        "በመጨረሻ! lesson for me: pgx returns the connection to the pool only when the transaction is committed "
        "or rolled back. commit it, then deploy.",
        lessons=["pgx returns the connection to the pool only when the transaction is committed or rolled back"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Roll back transactions on every path in WithTx" && fly deploy',
            git_commit("tx-rollback", "e02b6f4", "Roll back transactions on every path in WithTx", 2, 21, 0)
            + "\n==> Building image\n> Updating existing machines in 'tena-kendo' with canary strategy\n"
            "> Canary machine 6e82d4f1b27358 is healthy\n> [1/1] Machine 3d8d9e7b4e5e08 reached started state\n"
            "Visit your newly deployed app at https://tena-kendo.fly.dev/",
            secs=120,
        ),
    )
    s.say("Committed and deployed with the canary.")
    s.outcome("success", "WithTx rolls back on every path; leak test added; suite green; deployed")
    s.hit("pool-leak", fixed=True)
    return s


def t13() -> Session:
    s = new("t13-sms-reminders", "2028-02-19T06:52:30", "2.1.159", "sms-reminders", "sms-reminders-bushbuck")
    s.user(
        "ዛሬ reminder worker ን ከ SMS provider ጋር እናገናኝ። Provider ው AfroMessage ነው፣ API key በ "
        "TENA_SMS_KEY env ውስጥ ይመጣል። ለ worker tests testdb ተጠቀም።"
    )
    s.title("Send reminders by SMS")
    s.act(
        None,
        Write(
            "internal/sms/client.go",
            "package sms\n\ntype Client struct {\n\tkey  string\n\thttp *http.Client\n}\n\n"
            "func (c *Client) Send(ctx context.Context, to, body string) error {\n\t// POST /api/send\n\treturn nil\n}\n",
        ),
    )
    s.act(None, Bash("go build ./... && go test ./internal/sms/ -count=1", go_ok(["internal/sms"], 0.02)))
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Selam asked to connect the reminder worker to the AfroMessage SMS API.\n"
        "Summary:\n1. internal/sms/client.go: Client with Send(ctx, to, body), key from TENA_SMS_KEY.\n"
        "2. Keep handlers thin: all SQL lives in internal/db/queries.\n"
        "3. Worker tests use internal/testdb (testcontainers Postgres).\n"
        "Pending: call sms.Client from reminders.Worker, mark reminders sent, test with a fake HTTP server.",
        121400,
        8200,
    )
    s.user(
        "እንቀጥል። worker tests ላይ httptest server ለ SMS API ችግር የለውም፣ ግን database ን mock አታድርግ፣ "
        "pgx mock አንፈልግም፣ testcontainers ይበቃል።",
        rules=[("no-pgx-mocks", "pgx mock አንፈልግም፣ testcontainers ይበቃል")],
    )
    s.act(
        None,
        Edit(
            "internal/reminders/worker.go",
            "		// TODO: send\n		if err := q.MarkSent(ctx, r.ID); err != nil {",
            "		if err := w.sms.Send(ctx, r.Phone, r.Body); err != nil {\n"
            '			return fmt.Errorf("send reminder %d: %w", r.ID, err)\n		}\n'
            "		if err := q.MarkSent(ctx, r.ID); err != nil {",
        ),
    )
    s.act(
        None,
        Write(
            "internal/reminders/worker_test.go",
            "package reminders_test\n\nfunc TestWorkerSendsDueReminders(t *testing.T) {\n\tpool := testdb.New(t)\n"
            "\tsrv := httptest.NewServer(fakeSMS(t))\n\tdefer srv.Close()\n\t// ...\n}\n",
        ),
    )
    s.act(None, Bash("go test ./internal/reminders/ -count=1", go_ok(["internal/reminders"], 12.6), secs=21))
    s.say("The worker sends each due reminder and marks it sent; the test uses testdb and an httptest SMS server.")
    s.user("betam tiru, amesegnalehu. commit አድርገው።")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Send due reminders through AfroMessage"',
            git_commit("sms-reminders", "7d1c93b", "Send due reminders through AfroMessage", 4, 118, 3),
        ),
    )
    s.say("Committed.")
    s.not_person("Keep handlers thin: all SQL lives in internal/db/queries.", "compaction_summary")
    s.outcome("success", "reminder worker sends SMS, tested against testdb and an httptest server, committed")
    return s


def t14() -> Session:
    s = new("t14-docker-socket", "2028-02-20T07:14:09", "2.1.160", "main", "docker-socket-genet")
    s.user(
        "After yesterday's Ubuntu update the integration tests don't start at all:\n\n```\n--- FAIL: "
        "TestListDueReminders (0.01s)\n    testdb.go:27: start postgres container: Cannot connect to the Docker "
        "daemon at unix:///var/run/docker.sock. Is the docker daemon running?\n```"
    )
    s.title("testcontainers cannot reach Docker")
    s.shell_escape(
        "systemctl status docker --no-pager | head -n 3",
        "● docker.service - Docker Application Container Engine\n     Loaded: loaded "
        "(/usr/lib/systemd/system/docker.service; disabled; preset: enabled)\n     Active: inactive (dead)",
    )
    s.act(
        "The update left docker.service disabled and stopped. Starting and enabling it needs sudo:",
        Denied(Bash("sudo systemctl enable --now docker", "")),
    )
    s.user(
        "I'll do the sudo part myself. for now just skip the slow integration test on this branch, I only need "
        "the api tests today.",
        non_rules=["for now just skip the slow integration test on this branch"],
    )
    s.act(
        None,
        Bash(
            "go test ./internal/api/ ./internal/sms/ -count=1",
            "ok  \tgithub.com/selamt/tena-kendo/internal/api\t0.047s\n"
            "ok  \tgithub.com/selamt/tena-kendo/internal/sms\t0.019s",
        ),
    )
    s.say(
        "The API and SMS packages pass. Once `sudo systemctl enable --now docker` has run, the testcontainers "
        "packages should start again."
    )
    s.user("እሺ፣ reboot አድርጌ አያለሁ።")
    s.one_off(
        "testcontainers cannot connect to /var/run/docker.sock after an Ubuntu update left docker.service "
        "disabled; sudo left to the person"
    )
    s.outcome("unknown", "docker.service disabled after update; sudo refused, person will restart; not confirmed")
    return s


def t15() -> Session:
    s = new("t15-canary-missing-secret", "2028-02-23T06:41:37", "2.1.162", "main", "canary-secret-kudu")
    s.user("ሰላም! SMS reminders ን production ላይ እናውጣ። fly deploy አድርግ እባክህ።")
    s.title("Deploy SMS reminders")
    s.act(
        None,
        Bash(
            "fly deploy",
            "==> Building image\n--> Building image done\nRunning tena-kendo release_command: /app/tena migrate up\n"
            "  release_command 2871e94b5c6d18 completed successfully\n"
            "> Updating existing machines in 'tena-kendo' with canary strategy\n"
            "> Canary machine 148e2d7c9a0b63 failed health checks\n"
            '  level=ERROR msg="config" err="TENA_SMS_KEY is not set"\n'
            "Error: canary machine failed to become healthy; the deployment was rolled back",
            code=1,
            secs=140,
        ),
    )
    s.say(
        "The canary refused to start because `TENA_SMS_KEY` isn't set on the production app; the canary strategy "
        "rolled back and the old machines keep serving. It needs `fly secrets set TENA_SMS_KEY=...`."
    )
    s.user("key ው ከ AfroMessage ገና አልመጣም፣ ዳዊትን እጠይቃለሁ። ዛሬ አይወጣም።")
    s.one_off(
        "canary deploy of SMS reminders fails health checks: TENA_SMS_KEY not set on the production app; rolled "
        "back, key not available yet"
    )
    s.outcome("failed", "production deploy rolled back: TENA_SMS_KEY missing; key not available")
    return s


SESSIONS = [t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15]
