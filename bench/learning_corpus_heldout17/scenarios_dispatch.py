"""Sessions in `dispatch` (/Users/noa/code/shaliach/dispatch): the Go backend of a last-mile delivery startup in
Tel Aviv. Go 1.24, a gRPC API defined with buf (proto/dispatch/v1, code generated into gen/), Postgres through
pgx v5 + sqlc (db/queries -> internal/store/db) with goose migrations in db/migrations, testify, golangci-lint v2,
Postgres in docker compose for local work; store tests carry the `integration` build tag and CI runs them against a
Postgres service container."""

from __future__ import annotations

from fake_output import DISPATCH, MODULE, git_commit, go_test, lint_issues
from transcript_kit import (
    Agent,
    Bash,
    Denied,
    Edit,
    ExitPlanMode,
    Grep,
    Read,
    Session,
    TodoWrite,
    Write,
    plan_mode,
)

TZ = "timestamp-session-tz"


def disp(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=DISPATCH, project="dispatch")


OK_ALL = [
    ("internal/api", "2.481s"),
    ("internal/dispatch", "1.907s"),
    ("internal/notify", "1.233s"),
    ("internal/zones", "1.146s"),
]
NOTEST = ["cmd/dispatch", "gen/dispatch/v1", "internal/store/db"]
STORE_IT = "go test -race -tags integration ./internal/store/..."

OVERDUE_QUERY = """-- name: ListOverdue :many
SELECT * FROM deliveries
WHERE zone_id = $1 AND status = 'pending' AND scheduled_at < now()
ORDER BY scheduled_at;"""

OVERDUE_TEST = """func TestListOverdue(t *testing.T) {
	ctx := context.Background()
	s := newTestStore(t)
	due := time.Now().Add(time.Hour)
	_, err := s.CreateDelivery(ctx, store.NewDelivery{ZoneID: "tlv-center", ScheduledAt: due})
	require.NoError(t, err)

	overdue, err := s.ListOverdue(ctx, "tlv-center")
	require.NoError(t, err)
	assert.Empty(t, overdue, "a delivery due in an hour must not be overdue")
}"""


def overdue_fail(at: str) -> str:
    return (
        "--- FAIL: TestListOverdue (0.05s)\n"
        "    deliveries_test.go:94: \n"
        f"        \tError Trace:\t{DISPATCH}/internal/store/deliveries_test.go:94\n"
        "        \tError:      \tShould be empty, but was [{ID:7c0e5b8e-2f4a-4d1b-9f0e-3a2c6d1e8b44 ZoneID:tlv-center "
        f"CourierID:<nil> Status:pending ScheduledAt:{at} +0000 UTC}}]\n"
        "        \tTest:       \tTestListOverdue\n"
        "        \tMessages:   \ta delivery due in an hour must not be overdue"
    )


PROTO_DELIVERY = """message Delivery {
  string id = 1;
  string zone_id = 2;
  string courier_id = 3;
  int32 eta_minutes = 4;
  DeliveryStatus status = 5;
  google.protobuf.Timestamp scheduled_at = 6;
}"""

PROTO_SERVICE = """service DispatchService {
  rpc GetDelivery(GetDeliveryRequest) returns (GetDeliveryResponse);
  rpc ListOverdue(ListOverdueRequest) returns (ListOverdueResponse);
  rpc CompleteDelivery(CompleteDeliveryRequest) returns (CompleteDeliveryResponse);
}"""

CI_LOG = (
    "Run golangci/golangci-lint-action@v8\n  with:\n    version: latest\n"
    '##[warning]Always pin the golangci-lint version in CI; "latest" may break your build at any time.\n'
    "Run go test -race ./...\n--- FAIL: TestWatchETA_Reconnect (5.01s)\n    watch_eta_test.go:77: \n"
    "        \tError Trace:\t/home/runner/work/dispatch/dispatch/internal/api/watch_eta_test.go:77\n"
    "        \tError:      \tReceived unexpected error:\n"
    "        \t            \trpc error: code = DeadlineExceeded desc = context deadline exceeded\n"
    "        \tTest:       \tTestWatchETA_Reconnect\nFAIL\n"
    "FAIL\tgithub.com/shaliach-io/dispatch/internal/api\t7.318s\n##[error]Process completed with exit code 1."
)


# ------------------------------------------------------------------------------------------------------------------
def g01_assign_courier() -> Session:
    s = disp("g01-assign-courier", "2027-04-04T06:12:31", "2.1.231", "feature/assign-courier", "brisk-yarkon-heron")
    s.user(
        "Hey. Need a new RPC AssignCourier(delivery_id, courier_id) in dispatch.v1 that sets deliveries.courier_id "
        "(the column is already there). We decided to stay on pgx v5 + sqlc, no GORM, so the query goes in "
        "db/queries. For the store tests just use the docker compose Postgres, no testcontainers",
        after=0,
        rules=[("compose-db", "For the store tests just use the docker compose Postgres, no testcontainers")],
        decisions=["We decided to stay on pgx v5 + sqlc, no GORM"],
    )
    s.act(None, Read("proto/dispatch/v1/dispatch.proto", PROTO_SERVICE, offset=12, limit=5, total=96))
    s.act(
        None,
        Edit(
            "proto/dispatch/v1/dispatch.proto",
            "  rpc CompleteDelivery(CompleteDeliveryRequest) returns (CompleteDeliveryResponse);\n}",
            "  rpc CompleteDelivery(CompleteDeliveryRequest) returns (CompleteDeliveryResponse);\n"
            "  rpc AssignCourier(AssignCourierRequest) returns (AssignCourierResponse);\n}\n\n"
            "message AssignCourierRequest {\n  string delivery_id = 1;\n  string courier_id = 2;\n}\n\n"
            "message AssignCourierResponse {\n  Delivery delivery = 1;\n}",
        ),
        Edit(
            "db/queries/deliveries.sql",
            "-- name: CompleteDelivery :one",
            "-- name: AssignCourier :one\nUPDATE deliveries SET courier_id = $2, updated_at = now()\n"
            "WHERE id = $1\nRETURNING *;\n\n-- name: CompleteDelivery :one",
        ),
    )
    s.act(None, Bash("buf lint && buf generate && sqlc generate", "", desc="Lint proto, generate code", secs=6))
    s.act(
        None,
        Write(
            "internal/api/assign.go",
            "package api\n\nfunc (s *Server) AssignCourier(ctx context.Context, req *dispatchv1.AssignCourierRequest) "
            '(*dispatchv1.AssignCourierResponse, error) {\n\tif req.GetDeliveryId() == "" || req.GetCourierId() == "" {\n'
            '\t\treturn nil, status.Error(codes.InvalidArgument, "delivery_id and courier_id are required")\n\t}\n'
            "\td, err := s.store.AssignCourier(ctx, req.GetDeliveryId(), req.GetCourierId())\n"
            "\tif errors.Is(err, store.ErrNotFound) {\n"
            '\t\treturn nil, status.Error(codes.NotFound, "delivery not found")\n\t}\n'
            "\tif err != nil {\n\t\treturn nil, status.Error(codes.Internal, err.Error())\n\t}\n"
            "\treturn &dispatchv1.AssignCourierResponse{Delivery: toProto(d)}, nil\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test -race ./...", go_test(OK_ALL, notest=NOTEST), desc="Run the tests with the race detector", secs=40
        ),
    )
    s.say(
        "AssignCourier is in dispatch.v1 (proto + generated code), backed by a new sqlc query `AssignCourier` "
        "(UPDATE ... RETURNING *). InvalidArgument for empty ids, NotFound for an unknown delivery; two handler "
        "tests added, `go test -race ./...` is green."
    )
    s.user("sababa, thanks 🙏")
    s.outcome("success", "AssignCourier RPC with sqlc query and tests, green; the person thanks")
    return s


def g02_compose_port() -> Session:
    s = disp("g02-compose-port", "2027-04-05T05:55:08", "2.1.231", "main", "calm-jaffa-ibis")
    s.user(
        "ה-compose לא עולה הבוקר:\n\n```\n$ docker compose up -d db\n[+] Running 1/2\n ✔ Network dispatch_default  "
        "Created\n ⠿ Container dispatch-db-1     Starting\nError response from daemon: Ports are not available: "
        "exposing port TCP 0.0.0.0:5432 -> 127.0.0.1:0: listen tcp 0.0.0.0:5432: bind: address already in use\n```\n"
        "מה קרה פה?",
        after=0,
    )
    s.act(
        "The container can't bind 5432. I'll reset the compose stack and start the database again.",
        Denied(Bash("docker compose down -v && docker compose up -d db", desc="Reset the compose stack")),
    )
    s.user(
        "no! never run docker compose down -v, the local volume has the seed data I need. check what's holding the port",
        rules=[("no-down-v", "never run docker compose down -v, the local volume has the seed data I need")],
    )
    s.act(
        None,
        Bash(
            "lsof -nP -iTCP:5432 -sTCP:LISTEN",
            "COMMAND  PID USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME\n"
            "postgres 812  noa    7u  IPv6 0x5e1c2a9d3b7f41c3      0t0  TCP *:5432 (LISTEN)\n"
            "postgres 812  noa    8u  IPv4 0x9a07c3e1f2b85d60      0t0  TCP *:5432 (LISTEN)",
            desc="What listens on 5432",
        ),
        Bash(
            "brew services list | grep -i postgres",
            "postgresql@16 started         noa ~/Library/LaunchAgents/homebrew.mxcl.postgresql@16.plist",
            desc="Homebrew services",
        ),
    )
    s.act(
        "זה ה-Postgres של Homebrew (postgresql@16) שרץ כ-brew service ותופס את 5432. אני עוצר אותו ומעלה את ה-db של "
        "ה-compose, בלי לגעת ב-volume.",
        Bash(
            "brew services stop postgresql@16 && docker compose up -d db && docker compose ps db",
            "Stopping `postgresql@16`... (might take a while)\n==> Successfully stopped `postgresql@16` (label: "
            "homebrew.mxcl.postgresql@16)\n[+] Running 1/1\n ✔ Container dispatch-db-1  Started\n"
            "NAME            IMAGE                COMMAND                  SERVICE   CREATED          STATUS"
            '                    PORTS\ndispatch-db-1   postgres:16-alpine   "docker-entrypoint.s…"   db        '
            "3 minutes ago    Up 4 seconds (healthy)   0.0.0.0:5432->5432/tcp",
            desc="Stop brew Postgres, start the compose db",
            secs=9,
        ),
    )
    s.say("ה-db של ה-compose למעלה ו-healthy על 5432, עם ה-volume והנתונים הקיימים.")
    s.user("אה נכון, התקנתי את זה בשביל הפרויקט של הפרילנס. תודה")
    s.outcome("success", "port conflict with Homebrew postgresql@16 found and stopped; compose db healthy, data kept")
    s.one_off(
        "docker compose: Ports are not available ... 0.0.0.0:5432 ... bind: address already in use (Homebrew "
        "postgresql@16 running as a brew service)"
    )
    return s


def g03_overdue_test() -> Session:
    s = disp("g03-overdue-test", "2027-04-05T08:20:44", "2.1.231", "feature/overdue-alerts", "quiet-dizengoff-kite")
    s.user(
        "TestListOverdue fails on my machine, CI is green on the same commit. can you look? it's in internal/store, "
        "the compose db is up",
        after=0,
    )
    cmd = f"{STORE_IT} -run TestListOverdue"
    s.act(
        None,
        Bash(
            cmd,
            go_test([], [("internal/store", overdue_fail("2027-04-05 09:21:07.402"), "0.412s")]),
            code=1,
            desc="Run the failing test",
            secs=14,
        ),
    )
    s.act(
        None,
        Read("internal/store/deliveries_test.go", OVERDUE_TEST, offset=84, limit=11, total=212),
        Read("db/queries/deliveries.sql", OVERDUE_QUERY, offset=18, limit=4, total=64),
    )
    s.act(
        "The query compares with the database's now(). Docker Desktop's VM clock can drift after the Mac sleeps; "
        "I'll truncate `due` to Postgres' microsecond precision so the comparison isn't thrown off.",
        Edit(
            "internal/store/deliveries_test.go",
            "\tdue := time.Now().Add(time.Hour)",
            "\tdue := time.Now().Add(time.Hour).Truncate(time.Microsecond)",
        ),
    )
    s.act(
        None,
        Bash(
            cmd,
            go_test([], [("internal/store", overdue_fail("2027-04-05 09:22:30.118"), "0.398s")]),
            code=1,
            desc="Run the test again",
            secs=13,
        ),
    )
    s.act(
        "Same failure. The row comes back as UTC while `due` is built in the Mac's local zone; I'll pass UTC "
        "explicitly.",
        Edit(
            "internal/store/deliveries_test.go",
            "\tdue := time.Now().Add(time.Hour).Truncate(time.Microsecond)",
            "\tdue := time.Now().UTC().Add(time.Hour).Truncate(time.Microsecond)",
        ),
    )
    s.act(
        None,
        Bash(
            cmd,
            go_test([], [("internal/store", overdue_fail("2027-04-05 09:23:51.760"), "0.407s")]),
            code=1,
            desc="Run the test again",
            secs=13,
        ),
    )
    s.say(
        "Still failing: a delivery due in an hour is listed as overdue, so the gap is far more than clock drift. "
        "From now on I'll always pass UTC times to the store. I don't know yet why CI and your machine disagree."
    )
    s.not_person("From now on I'll always pass UTC times to the store.", "assistant_text")
    s.user("עזוב, תחזיר את השינויים בטסט. אני אסתכל על זה בעצמי אחר כך")
    s.act(None, Bash("git checkout -- internal/store/deliveries_test.go", "", desc="Revert the test"))
    s.outcome("failed", "TestListOverdue still fails locally after three identical runs; test changes reverted")
    s.hit(TZ)
    return s


def g04_goose_concurrently() -> Session:
    s = disp("g04-goose-concurrently", "2027-04-06T06:05:12", "2.1.231", "perf/overdue-index", "gentle-carmel-finch")
    s.user(
        "add an index on deliveries (zone_id, status) for the overdue query, it's slow on staging. concurrently "
        "please, the table is big there",
        after=0,
    )
    mig = "db/migrations/20270406060512_deliveries_zone_status_idx.sql"
    s.act(
        None,
        Write(
            mig, "-- +goose Up\nCREATE INDEX CONCURRENTLY idx_deliveries_zone_status ON deliveries (zone_id, status);\n"
        ),
    )
    s.act(
        None,
        Bash(
            "make migrate",
            'goose -dir db/migrations postgres "postgres://dispatch:dispatch@localhost:5432/dispatch?sslmode=disable" up\n'
            "2027/04/06 09:07:41 goose run: ERROR 20270406060512_deliveries_zone_status_idx.sql: failed to run SQL "
            'migration: failed to execute SQL query "CREATE INDEX CONCURRENTLY idx_deliveries_zone_status ON '
            'deliveries (zone_id, status);": ERROR: CREATE INDEX CONCURRENTLY cannot run inside a transaction block '
            "(SQLSTATE 25001)\nmake: *** [migrate] Error 1",
            code=2,
            desc="Apply migrations",
            secs=4,
        ),
    )
    s.act(
        "goose runs each migration inside a transaction, and Postgres refuses CONCURRENTLY there. The annotation "
        "`-- +goose NO TRANSACTION` turns that off for this file.",
        Edit(mig, "-- +goose Up\n", "-- +goose NO TRANSACTION\n-- +goose Up\n"),
    )
    s.act(
        None,
        Bash(
            "make migrate",
            'goose -dir db/migrations postgres "postgres://dispatch:dispatch@localhost:5432/dispatch?sslmode=disable" up\n'
            "2027/04/06 09:08:20 OK   20270406060512_deliveries_zone_status_idx.sql (48.91ms)\n"
            "2027/04/06 09:08:20 goose: successfully migrated database to version: 20270406060512",
            desc="Apply migrations",
            secs=4,
        ),
    )
    s.user(
        "יופי. ותזכור שכל מיגרציה צריכה Down שעובד, גם לאינדקס. turns out goose wraps every migration in a "
        "transaction unless you add -- +goose NO TRANSACTION, לא ידעתי",
        rules=[("migration-down", "כל מיגרציה צריכה Down שעובד")],
        lessons=["turns out goose wraps every migration in a transaction unless you add -- +goose NO TRANSACTION"],
    )
    s.act(
        None,
        Edit(
            mig,
            "(zone_id, status);\n",
            "(zone_id, status);\n\n-- +goose Down\nDROP INDEX CONCURRENTLY IF EXISTS idx_deliveries_zone_status;\n",
        ),
    )
    s.act(
        None,
        Bash(
            "make migrate-down && make migrate",
            'goose -dir db/migrations postgres "postgres://dispatch:dispatch@localhost:5432/dispatch?sslmode=disable" down\n'
            "2027/04/06 09:09:02 OK   20270406060512_deliveries_zone_status_idx.sql (11.37ms)\n"
            'goose -dir db/migrations postgres "postgres://dispatch:dispatch@localhost:5432/dispatch?sslmode=disable" up\n'
            "2027/04/06 09:09:02 OK   20270406060512_deliveries_zone_status_idx.sql (39.05ms)\n"
            "2027/04/06 09:09:02 goose: successfully migrated database to version: 20270406060512",
            desc="Check Down, then Up again",
            secs=5,
        ),
    )
    s.say("הוספתי Down (DROP INDEX CONCURRENTLY IF EXISTS) ובדקתי down ואז up שוב, שניהם עוברים.")
    s.user("👍")
    s.outcome("success", "concurrent index migration with NO TRANSACTION and a working Down, applied locally")
    s.one_off(
        "goose: CREATE INDEX CONCURRENTLY cannot run inside a transaction block (SQLSTATE 25001); the migration "
        "needed -- +goose NO TRANSACTION"
    )
    return s


def g05_eta_negative() -> Session:
    s = disp("g05-eta-negative", "2027-04-06T19:41:27", "2.1.231", "feature/overdue-alerts", "late-florentin-owl")
    s.user(
        "weird one. I'm running the courier app against my local stack, and the ETA for a delivery that's 8 minutes "
        "away shows -172 min. nothing in the logs, no errors, the gRPC call returns fine. staging looks ok",
        after=0,
    )
    s.act(
        None,
        Grep(
            "eta_minutes|EtaMinutes",
            [
                "db/queries/deliveries.sql:31:SELECT id, (EXTRACT(EPOCH FROM (scheduled_at - now())) / 60)::int AS eta_minutes",
                "internal/api/deliveries.go:88:\t\tEtaMinutes: row.EtaMinutes,",
            ],
            mode="content",
        ),
    )
    s.act(
        None,
        Read(
            "db/queries/deliveries.sql",
            "-- name: GetDeliveryETA :one\nSELECT id, (EXTRACT(EPOCH FROM (scheduled_at - now())) / 60)::int AS "
            "eta_minutes\nFROM deliveries\nWHERE id = $1;",
            offset=30,
            limit=4,
            total=64,
        ),
    )
    s.act(
        "The cast to int truncates toward zero and nothing stops a late delivery from going negative. I'll round "
        "in SQL and clamp at zero in the handler, so the app never shows a negative ETA.",
        Edit(
            "db/queries/deliveries.sql",
            "SELECT id, (EXTRACT(EPOCH FROM (scheduled_at - now())) / 60)::int AS eta_minutes",
            "SELECT id, round(EXTRACT(EPOCH FROM (scheduled_at - now())) / 60)::int AS eta_minutes",
        ),
        Edit(
            "internal/api/deliveries.go",
            "\t\tEtaMinutes: row.EtaMinutes,",
            "\t\tEtaMinutes: max(0, row.EtaMinutes),",
        ),
    )
    s.act(
        None,
        Bash(
            "sqlc generate && go test -race ./internal/api/...",
            go_test([("internal/api", "2.397s")]),
            desc="Regenerate and run the API tests",
            secs=20,
        ),
    )
    s.say("Rounded in SQL and clamped at zero; the API tests pass. The app should no longer show a negative ETA.")
    s.user(
        "now it says 0 min for everything that's due in the next 3 hours. clamping just hides it, the number is "
        "three hours off. revert both, it's almost 11pm, I'm done for today"
    )
    s.act(
        None,
        Bash(
            "git checkout -- db/queries/deliveries.sql internal/api/deliveries.go && sqlc generate",
            "",
            desc="Revert the ETA changes",
        ),
    )
    s.outcome("failed", "ETA three hours off against the local stack; rounding + clamp only hid it; reverted")
    s.hit(TZ)
    return s


def g06_buf_breaking() -> Session:
    s = disp("g06-buf-breaking", "2027-04-07T09:10:03", "2.1.231", "feature/eta-fraction", "bright-negev-gull")
    s.user("eta_minutes should be fractional, the app wants 7.5 not 7. change it to double in the proto", after=0)
    s.act(None, Read("proto/dispatch/v1/dispatch.proto", PROTO_DELIVERY, offset=54, limit=8, total=96))
    s.act(None, Edit("proto/dispatch/v1/dispatch.proto", "  int32 eta_minutes = 4;", "  double eta_minutes = 4;"))
    s.act(
        None,
        Bash(
            "buf lint && buf breaking --against '.git#branch=main'",
            'proto/dispatch/v1/dispatch.proto:58:3:Field "4" with name "eta_minutes" on message "Delivery" changed '
            'type from "int32" to "double".',
            code=100,
            desc="Lint and breaking-change check",
            secs=5,
        ),
    )
    s.say(
        "buf breaking rejects it: field 4 changes from int32 to double, and courier apps already in the field "
        "would decode the new wire value as garbage. I can add a new field instead and keep 4 as it is."
    )
    s.user(
        "בפרוטו אף פעם לא משנים טיפוס או מספר של שדה קיים, מוסיפים שדה חדש. אגב, אנחנו תמיד צריכים להריץ buf "
        "generate אחרי כל שינוי בפרוטו, או שה-CI עושה את זה?",
        rules=[("proto-reserved", "בפרוטו אף פעם לא משנים טיפוס או מספר של שדה קיים, מוסיפים שדה חדש")],
        non_rules=["אנחנו תמיד צריכים להריץ buf generate אחרי כל שינוי בפרוטו, או שה-CI עושה את זה?"],
    )
    s.act(
        None,
        Edit(
            "proto/dispatch/v1/dispatch.proto",
            "  double eta_minutes = 4;",
            "  int32 eta_minutes = 4 [deprecated = true];",
        ),
        Edit(
            "proto/dispatch/v1/dispatch.proto",
            "  google.protobuf.Timestamp scheduled_at = 6;\n}",
            "  google.protobuf.Timestamp scheduled_at = 6;\n  double eta_minutes_exact = 9;\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "buf lint && buf breaking --against '.git#branch=main' && buf generate && go build ./... && "
            "go test -race ./internal/api/...",
            go_test([("internal/api", "2.416s")]),
            desc="Check, generate, build, test",
            secs=25,
        ),
    )
    s.say(
        "שדה 4 נשאר int32 ומסומן deprecated, ונוסף `double eta_minutes_exact = 9` שהשרת ממלא. buf breaking עובר.\n\n"
        "לגבי buf generate: ה-job של buf ב-CI מריץ רק lint ו-breaking, והקוד המיוצר ב-gen/ נשמר בריפו. אז כן, "
        "צריך להריץ buf generate לוקאלית ולעשות commit לקבצים שנוצרו."
    )
    s.user("מעולה")
    s.outcome("success", "fractional ETA added as a new proto field; buf breaking passes; question answered")
    s.one_off(
        'buf breaking: Field "4" with name "eta_minutes" on message "Delivery" changed type from "int32" to "double"'
    )
    return s


def g07_team_conventions() -> Session:
    s = disp("g07-team-conventions", "2027-04-08T06:00:40", "2.1.231", "refactor/store-errors", "steady-ramat-wren")
    s.user(
        "הדבקתי מה-Notion של הצוות, שיהיה לך:\n\n"
        "- Wrap errors with fmt.Errorf and %w, never return a bare err from the store layer\n"
        "- Log with slog only, no log.Printf or fmt.Println in service code\n"
        "- קומיטים לפי Conventional Commits (feat:, fix:, chore:), גם בבקאנד וגם באפליקציה\n\n"
        "עכשיו תעבור על internal/store ותעשה wrap לכל ה-errors שחוזרים בלי הקשר",
        after=0,
        rules=[
            ("errors-wrap", "Wrap errors with fmt.Errorf and %w, never return a bare err from the store layer"),
            ("slog-only", "Log with slog only, no log.Printf or fmt.Println in service code"),
            ("conventional-commits", "קומיטים לפי Conventional Commits (feat:, fix:, chore:)"),
        ],
    )
    s.act(
        None,
        Grep(
            r"return (nil, )?err$",
            [
                "internal/store/deliveries.go:41:\t\treturn nil, err",
                "internal/store/deliveries.go:67:\t\treturn nil, err",
                "internal/store/couriers.go:29:\t\treturn nil, err",
            ],
            path="internal/store",
            mode="content",
        ),
    )
    s.act(
        None,
        Read(
            "internal/store/deliveries.go",
            "func (s *Store) GetDelivery(ctx context.Context, id string) (*Delivery, error) {\n"
            "\trow, err := s.q.GetDelivery(ctx, id)\n\tif err != nil {\n\t\treturn nil, err\n\t}",
            offset=38,
            limit=5,
            total=140,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/store/deliveries.go",
            "\trow, err := s.q.GetDelivery(ctx, id)\n\tif err != nil {\n\t\treturn nil, err\n\t}",
            '\trow, err := s.q.GetDelivery(ctx, id)\n\tif err != nil {\n\t\treturn nil, fmt.Errorf("get delivery %s: %w", '
            "id, err)\n\t}",
        ),
        Edit(
            "internal/store/couriers.go",
            "\tc, err := s.q.GetCourier(ctx, id)\n\tif err != nil {\n\t\treturn nil, err\n\t}",
            '\tc, err := s.q.GetCourier(ctx, id)\n\tif err != nil {\n\t\treturn nil, fmt.Errorf("get courier %s: %w", '
            "id, err)\n\t}",
        ),
    )
    notfound = (
        "--- FAIL: TestGetDelivery_NotFound (0.02s)\n    server_test.go:141: \n"
        f"        \tError Trace:\t{DISPATCH}/internal/api/server_test.go:141\n"
        "        \tError:      \tNot equal: \n        \t            \texpected: 0x5\n"
        "        \t            \tactual  : 0xd\n        \tTest:       \tTestGetDelivery_NotFound"
    )
    s.act(
        None,
        Bash(
            "go test -race ./... && golangci-lint run ./...",
            go_test(OK_ALL[1:], [("internal/api", notfound, "2.502s")], notest=NOTEST),
            code=1,
            desc="Tests and lint",
            secs=45,
        ),
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./internal/api/...",
            lint_issues(
                [
                    (
                        "internal/api/server.go:97:6",
                        "comparing with == will fail on wrapped errors",
                        "errorlint",
                        "\tif err == pgx.ErrNoRows {\n\t   ^",
                    )
                ]
            ),
            code=1,
            desc="Lint the API package",
            secs=12,
        ),
    )
    s.act(
        "The handler compares `err == pgx.ErrNoRows`; now that the store wraps errors the comparison never matches, "
        "so NotFound (5) became Internal (13).",
        Edit("internal/api/server.go", "\tif err == pgx.ErrNoRows {", "\tif errors.Is(err, pgx.ErrNoRows) {"),
    )
    s.act(
        None,
        Bash(
            "go test -race ./... && golangci-lint run ./...",
            go_test(OK_ALL, notest=NOTEST) + "\n0 issues.",
            desc="Tests and lint",
            secs=50,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "refactor(store): wrap errors with operation context"',
            git_commit(
                "refactor/store-errors", "a41c9e2", "refactor(store): wrap errors with operation context", 4, 23, 9
            ),
            desc="Commit",
        ),
    )
    s.say(
        "Store errors are wrapped with the operation and id; the one `== pgx.ErrNoRows` in the API layer became "
        "errors.Is. Tests and golangci-lint are clean, committed as a Conventional Commit."
    )
    s.user("perfect")
    s.outcome("success", "store errors wrapped, the broken NotFound mapping fixed, tests and lint green, committed")
    s.one_off(
        "after wrapping store errors with %w, `err == pgx.ErrNoRows` in the API no longer matched: GetDelivery "
        "returned Internal (0xd) instead of NotFound (0x5); errorlint: comparing with == will fail on wrapped errors"
    )
    return s


def _sa_interceptors(c: Session) -> None:
    c.act(
        None,
        Grep(
            "ChainUnaryInterceptor|ChainStreamInterceptor|grpc.NewServer",
            [
                "cmd/dispatch/main.go:64:\tsrv := grpc.NewServer(",
                "cmd/dispatch/main.go:65:\t\tgrpc.ChainUnaryInterceptor(recovery.UnaryServerInterceptor(), "
                "logging.UnaryServerInterceptor(slogAdapter(log)), auth.UnaryServerInterceptor(verifier.Verify)),",
                "cmd/dispatch/main.go:66:\t\tgrpc.ChainStreamInterceptor(recovery.StreamServerInterceptor(), "
                "auth.StreamServerInterceptor(verifier.Verify)),",
            ],
            mode="content",
        ),
    )
    c.act(
        None,
        Read(
            "internal/auth/verify.go",
            "// Verify skips the health service: the kubelet probes it without a token.\n"
            "func (v *Verifier) Verify(ctx context.Context) (context.Context, error) {\n"
            '\tif m, ok := grpc.Method(ctx); ok && strings.HasPrefix(m, "/grpc.health.v1.Health/") {\n'
            "\t\treturn ctx, nil\n\t}",
            offset=18,
            limit=5,
            total=74,
        ),
    )
    c.say(
        "cmd/dispatch/main.go:64-66: unary chain recovery -> logging (slog) -> auth; stream chain recovery -> auth "
        "(no logging on streams). internal/auth/verify.go:18-22: Verify lets /grpc.health.v1.Health/ through "
        "without a token, for the kubelet probes."
    )


def g08_interceptors_questions() -> Session:
    s = disp("g08-interceptors-questions", "2027-04-08T13:05:51", "2.1.231", "main", "still-bauhaus-stork")
    s.user(
        "just questions, don't change anything: which interceptors do we have on the gRPC server and in what order? "
        "is there auth on the health check?",
        after=0,
    )
    s.act(
        None,
        Agent(
            "gRPC interceptors",
            "Find how the gRPC server is built in this repo: which unary and stream interceptors are registered, in "
            "which order, and whether the health service goes through auth. Give file paths and line numbers.",
            "Explore",
            _sa_interceptors,
        ),
    )
    s.say(
        "Unary: recovery, then logging (slog), then auth. Streams: recovery, then auth, no logging, so WatchETA-style "
        "streams won't show up in the logs. The health service skips auth on purpose (kubelet probes, "
        "internal/auth/verify.go:18)."
    )
    s.user(
        "ok. if we ever expose this API outside the cluster we'd always put it behind Envoy with mTLS, right?",
        non_rules=["if we ever expose this API outside the cluster we'd always put it behind Envoy with mTLS"],
    )
    s.say(
        "That's the usual setup: Envoy terminates mTLS and forwards the client identity in a header the auth "
        "interceptor can check. The health skip would then need to apply only inside the cluster."
    )
    s.user("תודה, סופ״ש נעים")
    s.outcome("unknown", "questions only about the interceptor chain, answered with a read-only Explore agent")
    return s


def g09_overdue_early_he() -> Session:
    s = disp("g09-overdue-early-he", "2027-04-11T09:00:17", "2.1.233", "feature/overdue-alerts", "mild-kinneret-crow")
    s.user(
        "משהו מוזר עם השעות: משלוח שקבעתי ל-10:00 נכנס לרשימת ה-overdue כבר ב-7:00, אצלי לוקאלית מול ה-compose. "
        "ב-CI הכל ירוק ובסטייג'ינג זה נראה תקין. יש לך רעיון למה?",
        after=0,
    )
    s.act(
        None,
        Grep(
            "scheduled_at",
            [
                "db/migrations/20270118093000_create_deliveries.sql:7:    scheduled_at  timestamp NOT NULL,",
                "db/queries/deliveries.sql:20:WHERE zone_id = $1 AND status = 'pending' AND scheduled_at < now()",
            ],
            mode="content",
        ),
    )
    s.say(
        "שלוש שעות בדיוק זה ההפרש בין ישראל ל-UTC באפריל, אז זה כנראה אזור זמן ולא באג בלוגיקה. `scheduled_at` "
        "מוגדרת כ-`timestamp` בלי time zone, ו-ListOverdue משווה אותה ל-`now()`. בהשוואה כזו Postgres ממיר לפי "
        "ה-TimeZone של ה-session: אם ה-DB ב-compose רץ ב-Asia/Jerusalem וב-CI ב-UTC, תקבלי בדיוק הזזה של שלוש "
        "שעות רק אצלך. אפשר לוודא עם `SHOW TimeZone;` ב-psql מול ה-compose. לא שיניתי כלום."
    )
    s.user("נשמע הגיוני. יש לי עכשיו סטנדאפ, נבדוק אחר כך")
    s.outcome("unknown", "problem described in Hebrew only; a likely cause named, nothing checked or changed")
    s.hit(TZ)
    return s


def g10_notify_race() -> Session:
    s = disp("g10-notify-race", "2027-04-12T06:15:36", "2.1.233", "feature/push-failure-metric", "swift-haifa-tern")
    s.user(
        "add a metric for how many push notifications failed per provider, in internal/notify. keep it simple, a "
        "counter map is fine, we'll expose it on /debug later",
        after=0,
    )
    s.act(
        None,
        Read(
            "internal/notify/sender.go",
            "type Sender struct {\n\tproviders map[string]Provider\n\tlog       *slog.Logger\n}\n\n"
            "func (s *Sender) Send(ctx context.Context, n Notification) error {\n"
            "\tp := s.providers[n.Provider]\n\tif err := p.Push(ctx, n); err != nil {\n"
            '\t\ts.log.WarnContext(ctx, "push failed", "provider", n.Provider, "err", err)\n'
            '\t\treturn fmt.Errorf("push via %s: %w", n.Provider, err)\n\t}\n\treturn nil\n}',
            offset=12,
            limit=13,
            total=88,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/notify/sender.go",
            "\tproviders map[string]Provider\n\tlog       *slog.Logger\n}",
            "\tproviders map[string]Provider\n\tlog       *slog.Logger\n\tfailed    map[string]int\n}",
        ),
        Edit(
            "internal/notify/sender.go",
            '\t\ts.log.WarnContext(ctx, "push failed", "provider", n.Provider, "err", err)',
            '\t\ts.failed[n.Provider]++\n\t\ts.log.WarnContext(ctx, "push failed", "provider", n.Provider, "err", err)',
        ),
    )
    s.act(None, Bash("go test ./internal/notify/...", go_test([("internal/notify", "0.318s")]), desc="Run the tests"))
    s.user(
        "go test תמיד עם -race, גם לוקאלית. ה-Send נקרא מכמה goroutines במקביל",
        rules=[("race-always", "go test תמיד עם -race, גם לוקאלית")],
    )
    race = (
        "==================\nWARNING: DATA RACE\nRead at 0x00c000214d50 by goroutine 23:\n  runtime.mapaccess1_faststr()\n"
        "      /opt/homebrew/Cellar/go/1.24.2/libexec/src/internal/runtime/maps/runtime_faststr_swiss.go:103 +0x0\n"
        f"  {MODULE}/internal/notify.(*Sender).Send()\n      {DISPATCH}/internal/notify/sender.go:24 +0x1b4\n\n"
        "Previous write at 0x00c000214d50 by goroutine 22:\n  runtime.mapassign_faststr()\n"
        "      /opt/homebrew/Cellar/go/1.24.2/libexec/src/internal/runtime/maps/runtime_faststr_swiss.go:263 +0x0\n"
        f"  {MODULE}/internal/notify.(*Sender).Send()\n      {DISPATCH}/internal/notify/sender.go:24 +0x1c8\n"
        "==================\n--- FAIL: TestSender_ConcurrentFailures (0.01s)\n"
        "    testing.go:1617: race detected during execution of test"
    )
    s.act(
        None,
        Bash(
            "go test -race ./internal/notify/...",
            go_test([], [("internal/notify", race, "1.204s")]),
            code=1,
            desc="Run the tests with the race detector",
            secs=8,
        ),
    )
    s.act(
        "צודקת, יש race על ה-map. אני שם mutex סביב המונה.",
        Edit(
            "internal/notify/sender.go",
            "\tfailed    map[string]int\n}",
            "\tmu        sync.Mutex\n\tfailed    map[string]int\n}",
        ),
        Edit(
            "internal/notify/sender.go",
            "\t\ts.failed[n.Provider]++\n",
            "\t\ts.mu.Lock()\n\t\ts.failed[n.Provider]++\n\t\ts.mu.Unlock()\n",
        ),
    )
    s.act(
        None,
        Bash(
            "go test -race ./internal/notify/...",
            go_test([("internal/notify", "1.187s")]),
            desc="Run the tests with the race detector",
            secs=8,
        ),
    )
    s.say("עם ה-mutex הטסט עובר נקי תחת -race. הוספתי גם `FailedCounts()` שמחזירה עותק של ה-map, בשביל ה-/debug.")
    s.user("👍 תעשה commit")
    s.act(
        None,
        Bash(
            'git commit -am "feat(notify): count failed pushes per provider"',
            git_commit(
                "feature/push-failure-metric", "5be07d1", "feat(notify): count failed pushes per provider", 2, 31, 1
            ),
            desc="Commit",
        ),
    )
    s.outcome("success", "failed-push counter added, a data race caught with -race and fixed with a mutex, committed")
    s.one_off(
        "WARNING: DATA RACE on the new failed-per-provider map in notify.(*Sender).Send (concurrent Send calls), "
        "fixed with a mutex"
    )
    return s


def _sa_timezone(c: Session) -> None:
    c.act(
        None,
        Read(
            "docker-compose.yml",
            "  db:\n    image: postgres:16-alpine\n    environment:\n      POSTGRES_USER: dispatch\n"
            "      POSTGRES_PASSWORD: dispatch\n      TZ: Asia/Jerusalem\n      PGTZ: Asia/Jerusalem\n"
            '    ports:\n      - "5432:5432"',
            offset=3,
            limit=9,
            total=31,
        ),
        Grep(
            "image: postgres|TZ",
            [".github/workflows/ci.yml:41:        image: postgres:16-alpine"],
            path=".github/workflows",
            mode="content",
        ),
    )
    c.act(
        None,
        Bash(
            "docker compose exec -T db psql -U dispatch -c 'SHOW TimeZone' -c '\\d deliveries' | head -n 16",
            "    TimeZone    \n----------------\n Asia/Jerusalem\n(1 row)\n\n"
            '                        Table "public.deliveries"\n    Column     |            Type             | '
            "Nullable \n---------------+-----------------------------+----------\n id            | uuid"
            "                        | not null\n zone_id       | text                        | not null\n"
            " courier_id    | uuid                        | \n status        | text                        | not null\n"
            " scheduled_at  | timestamp without time zone | not null\n delivered_at  | timestamp without time zone | ",
            desc="Session TimeZone and column types",
        ),
    )
    c.say(
        "docker-compose.yml sets TZ and PGTZ to Asia/Jerusalem for the db service, and `SHOW TimeZone` returns "
        "Asia/Jerusalem. CI's service container (.github/workflows/ci.yml:41) sets nothing, so it runs in UTC. "
        "deliveries.scheduled_at and delivered_at are `timestamp without time zone` (created in "
        "20270118093000_create_deliveries.sql)."
    )


def g11_fix_timestamptz() -> Session:
    s = disp("g11-fix-timestamptz", "2027-04-12T12:50:09", "2.1.233", "fix/timestamptz", "clear-tabor-falcon")
    s.user(
        "בוא נסגור את הסיפור של השעות: TestListOverdue, ה-ETA של מינוס 170 דקות והמשלוח שנהיה overdue ב-7:00. "
        "תבדוק קודם מה ה-TimeZone של ה-DB ב-compose לעומת ה-CI, בלי לשנות כלום, ואז נחליט",
        after=0,
    )
    s.act(
        None,
        Agent(
            "Compose vs CI database TimeZone",
            "Do not change any files. Report the TimeZone the Postgres in docker-compose.yml runs with, the one the CI "
            "service container gets, and the column types of deliveries.scheduled_at and delivered_at.",
            "Explore",
            _sa_timezone,
        ),
    )
    s.say(
        "אומת: ב-compose ה-TimeZone הוא Asia/Jerusalem, ב-CI UTC, ו-scheduled_at היא timestamp בלי time zone. "
        "כל השוואה ל-now() מזיזה אצלך שלוש שעות. הפתרון הנכון הוא להפוך את העמודות ל-timestamptz, ואז אזור הזמן "
        "של ה-session כבר לא משנה. הערכים הקיימים נשמרו כ-UTC (השרת כותב UTC), אז ההמרה היא AT TIME ZONE 'UTC'."
    )
    s.user("כן, תעשה מיגרציה ל-timestamptz, עם Down")
    mig = "db/migrations/20270412130500_deliveries_timestamptz.sql"
    s.act(
        None,
        Write(
            mig,
            "-- +goose Up\nALTER TABLE deliveries\n"
            "    ALTER COLUMN scheduled_at TYPE timestamptz USING scheduled_at AT TIME ZONE 'UTC',\n"
            "    ALTER COLUMN delivered_at TYPE timestamptz USING delivered_at AT TIME ZONE 'UTC';\n\n"
            "-- +goose Down\nALTER TABLE deliveries\n"
            "    ALTER COLUMN scheduled_at TYPE timestamp USING scheduled_at AT TIME ZONE 'UTC',\n"
            "    ALTER COLUMN delivered_at TYPE timestamp USING delivered_at AT TIME ZONE 'UTC';\n",
        ),
    )
    s.act(
        None,
        Bash(
            "make migrate && sqlc generate && go build ./...",
            'goose -dir db/migrations postgres "postgres://dispatch:dispatch@localhost:5432/dispatch?sslmode=disable" up\n'
            "2027/04/12 15:54:12 OK   20270412130500_deliveries_timestamptz.sql (23.6ms)\n"
            "2027/04/12 15:54:12 goose: successfully migrated database to version: 20270412130500\n"
            "# github.com/shaliach-io/dispatch/internal/store\ninternal/store/deliveries.go:58:31: cannot use "
            "pgtype.Timestamp{…} (value of struct type pgtype.Timestamp) as pgtype.Timestamptz value in struct literal",
            code=1,
            desc="Migrate, regenerate, build",
            secs=14,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/store/deliveries.go",
            "\t\tScheduledAt: pgtype.Timestamp{Time: d.ScheduledAt, Valid: true},",
            "\t\tScheduledAt: pgtype.Timestamptz{Time: d.ScheduledAt, Valid: true},",
        ),
    )
    s.act(
        None,
        Bash(
            f"go build ./... && {STORE_IT} && go test -race ./...",
            go_test([("internal/store", "3.588s")]) + "\n" + go_test(OK_ALL, notest=NOTEST),
            desc="Build and run store + all tests",
            secs=60,
        ),
    )
    s.say(
        "אחרי המיגרציה ו-sqlc generate: TestListOverdue עובר מול ה-compose (עדיין ב-Asia/Jerusalem), וכל הטסטים "
        "ירוקים עם -race. ה-ETA וה-overdue מחושבים עכשיו נכון בלי קשר ל-TimeZone של ה-DB."
    )
    s.user(
        "סוף סוף. לקח: timestamp בלי time zone מושווה ל-now() לפי ה-TimeZone של ה-session, ואצלי ב-compose זה "
        "Asia/Jerusalem. תעשה commit",
        lessons=["לקח: timestamp בלי time zone מושווה ל-now() לפי ה-TimeZone של ה-session"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "fix(store): store delivery times as timestamptz"',
            git_commit("fix/timestamptz", "e9a2f04", "fix(store): store delivery times as timestamptz", 5, 48, 12),
            desc="Commit",
        ),
    )
    s.outcome("success", "columns migrated to timestamptz, sqlc regenerated, store tests pass locally; committed")
    s.not_person(
        "Do not change any files. Report the TimeZone the Postgres in docker-compose.yml runs with",
        "subagent_prompt",
    )
    s.hit(TZ, fixed=True)
    return s


def g12_zone_count() -> Session:
    s = disp("g12-zone-count", "2027-04-13T08:45:50", "2.1.233", "feature/zone-dashboard", "bold-sarona-lark")
    s.user(
        "need CountPendingByZone for the dashboard: pending deliveries per zone. rebase on main first, Itai merged "
        "the zones refactor",
        after=0,
    )
    s.act(
        None,
        Bash(
            "git fetch origin && git rebase origin/main",
            "Successfully rebased and updated refs/heads/feature/zone-dashboard.",
            desc="Rebase on main",
        ),
    )
    gen = "internal/store/db/deliveries.sql.go"
    s.act(
        None,
        Read(
            gen,
            "// Code generated by sqlc. DO NOT EDIT.\n// versions:\n//   sqlc v1.29.0\n// source: deliveries.sql\n\n"
            "package db",
            total=412,
        ),
    )
    s.act(
        None,
        Edit(
            gen,
            "package db",
            "package db\n\ntype ZonePending struct {\n\tZoneID  string\n\tPending int64\n}\n\n"
            "func (q *Queries) CountPendingByZone(ctx context.Context) ([]ZonePending, error) {\n"
            "\trows, err := q.db.Query(ctx, `SELECT zone_id, count(*) FROM deliveries WHERE status = 'pending' "
            "GROUP BY zone_id`)",
        ),
    )
    s.user(
        "אל תיגע בקבצים ש-sqlc מייצר, כתוב שם DO NOT EDIT. משנים את ה-query ב-db/queries ומריצים sqlc generate",
        rules=[("sqlc-generated", "אל תיגע בקבצים ש-sqlc מייצר")],
    )
    s.act(None, Bash(f"git checkout -- {gen}", "", desc="Revert the generated file"))
    s.act(
        None,
        Edit(
            "db/queries/deliveries.sql",
            "-- name: CompleteDelivery :one",
            "-- name: CountPendingByZone :many\nSELECT zone_id, count(*) AS pending\nFROM deliveries\n"
            "WHERE status = 'pending'\nGROUP BY zone_id\nORDER BY zone_id;\n\n-- name: CompleteDelivery :one",
        ),
    )
    s.act(
        None,
        Bash(
            "sqlc generate && go build ./... && go test -race ./...",
            go_test(OK_ALL, notest=NOTEST),
            desc="Generate, build, test",
            secs=42,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat(store): count pending deliveries per zone"',
            git_commit("feature/zone-dashboard", "0c7d3b8", "feat(store): count pending deliveries per zone", 3, 37, 0),
            desc="Commit",
        ),
    )
    s.act(None, Denied(Bash("git push --force origin feature/zone-dashboard", desc="Push the rebased branch")))
    s.user(
        "never git push --force, use --force-with-lease if you really have to. Itai pushes to this branch too",
        rules=[("no-force-push", "never git push --force, use --force-with-lease if you really have to")],
    )
    s.act(
        None,
        Bash(
            "git push --force-with-lease origin feature/zone-dashboard",
            "To github.com:shaliach-io/dispatch.git\n + 3f81a2c...0c7d3b8 feature/zone-dashboard -> "
            "feature/zone-dashboard (forced update)",
            desc="Push with lease",
        ),
    )
    s.say("CountPendingByZone comes from db/queries via sqlc generate; tests green; pushed with --force-with-lease.")
    s.user("tnx")
    s.outcome("success", "query added the sqlc way after a correction, tests green, pushed with lease")
    return s


def g13_proof_photo() -> Session:
    s = disp("g13-proof-photo", "2027-04-14T06:20:02", "2.1.233", "feature/proof-photo", "warm-neve-tzedek-jay")
    s.user(
        "couriers need to attach a proof-of-delivery photo URL. add proof_photo_url to deliveries and to the "
        "CompleteDelivery RPC",
        after=0,
    )
    first = "db/migrations/20270118093000_create_deliveries.sql"
    s.act(
        None,
        Read(
            first,
            "-- +goose Up\nCREATE TABLE deliveries (\n    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),\n"
            "    zone_id       text NOT NULL,\n    courier_id    uuid REFERENCES couriers (id),\n"
            "    status        text NOT NULL DEFAULT 'pending',\n    scheduled_at  timestamp NOT NULL,\n"
            "    delivered_at  timestamp,\n    updated_at    timestamptz NOT NULL DEFAULT now()\n);",
            total=16,
        ),
    )
    s.act(
        None,
        Denied(
            Edit(
                first,
                "    delivered_at  timestamp,\n",
                "    delivered_at  timestamp,\n    proof_photo_url text,\n",
            )
        ),
    )
    s.user(
        "never edit a goose migration that's already on main, write a new one. that file ran on staging in January",
        rules=[("no-edit-merged-migration", "never edit a goose migration that's already on main, write a new one")],
    )
    s.act(
        None,
        Write(
            "db/migrations/20270414062800_deliveries_proof_photo.sql",
            "-- +goose Up\nALTER TABLE deliveries ADD COLUMN proof_photo_url text;\n\n"
            "-- +goose Down\nALTER TABLE deliveries DROP COLUMN proof_photo_url;\n",
        ),
        Edit(
            "proto/dispatch/v1/dispatch.proto",
            "message CompleteDeliveryRequest {\n  string delivery_id = 1;\n}",
            "message CompleteDeliveryRequest {\n  string delivery_id = 1;\n  string proof_photo_url = 2;\n}",
        ),
        Edit(
            "db/queries/deliveries.sql",
            "UPDATE deliveries SET status = 'delivered', delivered_at = now()",
            "UPDATE deliveries SET status = 'delivered', delivered_at = now(), proof_photo_url = sqlc.narg(proof_photo_url)",
        ),
    )
    s.act(
        None,
        Bash(
            "make migrate && buf lint && buf breaking --against '.git#branch=main' && buf generate && sqlc generate",
            'goose -dir db/migrations postgres "postgres://dispatch:dispatch@localhost:5432/dispatch?sslmode=disable" up\n'
            "2027/04/14 09:24:40 OK   20270414062800_deliveries_proof_photo.sql (9.8ms)\n"
            "2027/04/14 09:24:40 goose: successfully migrated database to version: 20270414062800",
            desc="Migrate and generate",
            secs=9,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/api/complete.go",
            "\td, err := s.store.CompleteDelivery(ctx, req.GetDeliveryId())",
            "\td, err := s.store.CompleteDelivery(ctx, req.GetDeliveryId(), req.GetProofPhotoUrl())",
        ),
    )
    s.act(None, Bash("go test -race -tags integration ./...", "", desc="All tests incl. integration", secs=25))
    s.interrupt(after=4)
    s.user("רק ה-store וה-api, הכל ביחד לוקח נצח")
    s.act(
        None,
        Bash(
            f"{STORE_IT} ./internal/api/...",
            go_test([("internal/api", "2.644s"), ("internal/store", "3.902s")]),
            desc="Store and API tests",
            secs=30,
        ),
    )
    s.say(
        "New migration 20270414062800_deliveries_proof_photo.sql (with Down), `proof_photo_url = 2` on "
        "CompleteDeliveryRequest, the query takes it as a nullable arg. Store and API tests pass."
    )
    s.user("sababa, perfect")
    s.outcome("success", "proof photo URL added through a new migration, proto and query; store and API tests green")
    return s


def g14_eta_streaming() -> Session:
    s = disp("g14-eta-streaming", "2027-04-15T06:05:33", "2.1.233", "feature/watch-eta", "deep-yafo-swift")
    s.user(
        "החלטנו: ה-ETA לאפליקציה עובר ל-server streaming ב-gRPC ולא polling כל 10 שניות. תוסיף WatchETA ל-dispatch.v1 "
        "שמשדר עדכון כל פעם שה-ETA משתנה בדקה או יותר",
        after=0,
        decisions=["החלטנו: ה-ETA לאפליקציה עובר ל-server streaming ב-gRPC ולא polling"],
    )
    s.act(
        None,
        Edit(
            "proto/dispatch/v1/dispatch.proto",
            "  rpc AssignCourier(AssignCourierRequest) returns (AssignCourierResponse);",
            "  rpc AssignCourier(AssignCourierRequest) returns (AssignCourierResponse);\n"
            "  rpc WatchETA(WatchETARequest) returns (stream ETAUpdate);",
        ),
    )
    s.act(
        None, Bash("buf lint && buf breaking --against '.git#branch=main' && buf generate", "", desc="Generate", secs=6)
    )
    s.act(
        None,
        Write(
            "internal/api/watch_eta.go",
            "package api\n\nfunc (s *Server) WatchETA(req *dispatchv1.WatchETARequest, stream "
            "dispatchv1.DispatchService_WatchETAServer) error {\n\tctx := stream.Context()\n\tlast := int32(-1)\n"
            "\tticker := time.NewTicker(s.etaEvery)\n\tdefer ticker.Stop()\n\tfor {\n\t\teta, err := "
            "s.store.ETA(ctx, req.GetDeliveryId())\n\t\tif err != nil {\n\t\t\treturn toStatus(err)\n\t\t}\n"
            "\t\tif m := int32(eta.Minutes()); last < 0 || abs(m-last) >= 1 {\n\t\t\tif err := stream.Send(&dispatchv1."
            "ETAUpdate{Minutes: m}); err != nil {\n\t\t\t\treturn err\n\t\t\t}\n\t\t\tlast = m\n\t\t}\n\t\tselect {\n"
            "\t\tcase <-ctx.Done():\n\t\t\treturn nil\n\t\tcase <-ticker.C:\n\t\t}\n\t}\n}\n",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary Request: server-streaming WatchETA in dispatch.v1, one update whenever the ETA changes by a "
        "minute or more (replaces 10 s polling).\n2. Key technical notes: proto updated and generated; "
        "internal/api/watch_eta.go polls the store every s.etaEvery and sends on change. User preference: always "
        "run buf format -w before buf lint.\n3. Current state: handler written, no tests yet.\n4. Next: tests for "
        "WatchETA with a bufconn server.",
        pre_tokens=149_880,
        post_tokens=12_410,
    )
    s.not_person("User preference: always run buf format -w before buf lint.", "compaction_summary")
    s.user(
        "ועוד משהו: מעכשיו הטסטים של ה-store רצים עם testcontainers-go ולא מול ה-compose, שלא ניתקע שוב עם הגדרות "
        "של ה-DB המקומי. תעשה את זה באותו PR",
        rules=[
            (
                "testcontainers",
                "מעכשיו הטסטים של ה-store רצים עם testcontainers-go ולא מול ה-compose",
                "compose-db",
            )
        ],
    )
    s.act(
        None,
        Write(
            "internal/api/watch_eta_test.go",
            "package api\n\nfunc TestWatchETA_SendsOnChange(t *testing.T) {\n\tsrv, client := newBufconnServer(t, "
            "withETAEvery(10*time.Millisecond))\n\tsrv.store.(*fakeStore).etas = []time.Duration{9 * time.Minute, "
            "9 * time.Minute, 7 * time.Minute}\n\tstream, err := client.WatchETA(ctx(t), &dispatchv1.WatchETARequest"
            '{DeliveryId: "d-1"})\n\trequire.NoError(t, err)\n\tassert.Equal(t, int32(9), recv(t, stream).GetMinutes())\n'
            "\tassert.Equal(t, int32(7), recv(t, stream).GetMinutes())\n}\n",
        ),
        Edit(
            "internal/store/main_test.go",
            '\tdsn := envOr("DATABASE_URL", "postgres://dispatch:dispatch@localhost:5432/dispatch?sslmode=disable")',
            '\tpg, err := postgres.Run(ctx, "postgres:16-alpine", postgres.WithDatabase("dispatch"),\n'
            "\t\tpostgres.BasicWaitStrategies())\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n"
            "\tdefer func() { _ = pg.Terminate(ctx) }()\n"
            '\tdsn := pg.MustConnectionString(ctx, "sslmode=disable")\n\tmigrateUp(dsn)',
        ),
    )
    s.act(
        None,
        Bash(
            f"go mod tidy && {STORE_IT} && go test -race ./internal/api/...",
            "go: finding module for package github.com/testcontainers/testcontainers-go/modules/postgres\n"
            "go: found github.com/testcontainers/testcontainers-go/modules/postgres in "
            "github.com/testcontainers/testcontainers-go/modules/postgres v0.37.0\n"
            "2027/04/15 09:31:04 🐳 Creating container for image postgres:16-alpine\n"
            "2027/04/15 09:31:05 ✅ Container started: 8c1f0e4b2a77\n"
            "2027/04/15 09:31:07 🔔 Container is ready: 8c1f0e4b2a77\n"
            + go_test([("internal/store", "9.874s")])
            + "\n"
            + go_test([("internal/api", "2.911s")]),
            desc="Store tests on testcontainers, API tests",
            secs=70,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat(api): stream ETA updates with WatchETA"',
            git_commit("feature/watch-eta", "7d20c6a", "feat(api): stream ETA updates with WatchETA", 9, 214, 18),
            desc="Commit",
        ),
    )
    s.say(
        "WatchETA streams an update on every change of a minute or more; the store tests now start their own "
        "Postgres with testcontainers-go (postgres:16-alpine, migrations applied in TestMain) instead of the compose "
        "db. Both suites green, committed."
    )
    s.user("yalla, great")
    s.outcome("success", "WatchETA streaming RPC with tests, store tests moved to testcontainers, committed")
    return s


def g15_cancel_plan() -> Session:
    s = disp("g15-cancel-plan", "2027-04-18T06:30:14", "2.1.236", "feature/cancel-delivery", "fresh-galil-plover")
    s.user(
        "plan first, don't write code yet: CancelDelivery RPC. only dispatchers can cancel, not couriers; cancelled "
        "deliveries drop out of the overdue list and the courier gets a push. also CI failed on main last night, "
        f"log below, look at it after the plan\n\n```\n{CI_LOG}\n```",
        after=0,
    )
    plan_mode(s)
    s.not_person('Always pin the golangci-lint version in CI; "latest" may break your build at any time.', "pasted_log")
    s.act(
        None,
        Grep(
            "role|Role",
            ['internal/auth/claims.go:14:\tRole string `json:"role"` // "dispatcher" | "courier"'],
            path="internal/auth",
            mode="content",
        ),
        Read("db/queries/deliveries.sql", OVERDUE_QUERY, offset=18, limit=4, total=78),
    )
    plan = (
        "1. proto: `rpc CancelDelivery(CancelDeliveryRequest) returns (CancelDeliveryResponse)` with delivery_id "
        "and reason; new enum value DELIVERY_STATUS_CANCELLED = 4.\n2. db/queries: `CancelDelivery :one` sets "
        "status = 'cancelled'; ListOverdue already filters status = 'pending', so cancelled ones drop out.\n"
        "3. internal/api/cancel.go: PermissionDenied unless the caller's role is dispatcher; NotFound; "
        "FailedPrecondition if already delivered.\n4. notify: push to the assigned courier after the update.\n"
        "5. Tests for each case. CI: TestWatchETA_Reconnect timed out at 5 s on the runner; look at it after."
    )
    s.act(None, ExitPlanMode(plan, "fresh-galil-plover"))
    s.user(
        "ok go. and for now just t.Skip TestWatchETA_Reconnect with a TODO, Itai is rewriting that test this week",
        non_rules=["for now just t.Skip TestWatchETA_Reconnect with a TODO"],
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Proto: CancelDelivery + CANCELLED status", "in_progress", "Adding CancelDelivery to the proto"),
                ("sqlc query CancelDelivery", "pending", "Adding the CancelDelivery query"),
                ("Handler with role check + push", "pending", "Writing the CancelDelivery handler"),
                ("Skip TestWatchETA_Reconnect", "pending", "Skipping TestWatchETA_Reconnect"),
            ]
        ),
    )
    s.act(
        None,
        Edit(
            "proto/dispatch/v1/dispatch.proto",
            "  rpc WatchETA(WatchETARequest) returns (stream ETAUpdate);",
            "  rpc WatchETA(WatchETARequest) returns (stream ETAUpdate);\n"
            "  rpc CancelDelivery(CancelDeliveryRequest) returns (CancelDeliveryResponse);",
        ),
        Edit(
            "db/queries/deliveries.sql",
            "-- name: ListOverdue :many",
            "-- name: CancelDelivery :one\nUPDATE deliveries SET status = 'cancelled', updated_at = now()\n"
            "WHERE id = $1 AND status <> 'delivered'\nRETURNING *;\n\n-- name: ListOverdue :many",
        ),
        Write(
            "internal/api/cancel.go",
            "package api\n\nfunc (s *Server) CancelDelivery(ctx context.Context, req *dispatchv1.CancelDeliveryRequest) "
            "(*dispatchv1.CancelDeliveryResponse, error) {\n\tif auth.RoleFrom(ctx) != auth.RoleDispatcher {\n"
            '\t\treturn nil, status.Error(codes.PermissionDenied, "only dispatchers can cancel")\n\t}\n'
            "\td, err := s.store.CancelDelivery(ctx, req.GetDeliveryId())\n\tif err != nil {\n\t\treturn nil, toStatus(err)\n"
            "\t}\n\ts.notify.CourierCancelled(ctx, d)\n\treturn &dispatchv1.CancelDeliveryResponse{Delivery: toProto(d)}, nil\n}\n",
        ),
        Edit(
            "internal/api/watch_eta_test.go",
            "func TestWatchETA_Reconnect(t *testing.T) {",
            'func TestWatchETA_Reconnect(t *testing.T) {\n\tt.Skip("TODO(itai): rewrite, times out on the CI runner")',
        ),
    )
    s.act(
        None,
        Bash(
            "buf lint && buf generate && sqlc generate && go test ./internal/api/...",
            go_test([("internal/api", "0.744s")]),
            desc="Generate and run the API tests",
            secs=20,
        ),
    )
    s.user("with -race, every time. I told you last week", rules=[("race-always", "with -race, every time")])
    s.act(
        None,
        Bash(
            "go test -race ./...",
            go_test(OK_ALL, notest=NOTEST),
            desc="All tests with the race detector",
            secs=45,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "feat(api): cancel deliveries (dispatchers only)" && gh pr create --fill',
            git_commit(
                "feature/cancel-delivery", "b18e5f3", "feat(api): cancel deliveries (dispatchers only)", 8, 176, 3
            )
            + "\nhttps://github.com/shaliach-io/dispatch/pull/212",
            desc="Commit and open a PR",
            secs=6,
        ),
    )
    s.say(
        "CancelDelivery is in (dispatcher-only, NotFound/FailedPrecondition, push to the courier); "
        "TestWatchETA_Reconnect is skipped with a TODO for Itai. `go test -race ./...` green, PR #212 opened."
    )
    s.user("lgtm, yalla")
    s.outcome("success", "plan approved, CancelDelivery implemented with tests, flaky test skipped, PR opened")
    return s


SESSIONS = [
    g01_assign_courier,
    g02_compose_port,
    g03_overdue_test,
    g04_goose_concurrently,
    g05_eta_negative,
    g06_buf_breaking,
    g07_team_conventions,
    g08_interceptors_questions,
    g09_overdue_early_he,
    g10_notify_race,
    g11_fix_timestamptz,
    g12_zone_count,
    g13_proof_photo,
    g14_eta_streaming,
    g15_cancel_plan,
]
