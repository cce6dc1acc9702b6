"""Sessions of the third week (Mon 19 Oct - Fri 23 Oct 2026)."""

from __future__ import annotations

import slotbook_source as src
from fake_output import git_commit, git_push, go_test, lint, playwright, vitest
from problems import DST, RACE
from transcript_kit import (
    Agent,
    Bash,
    Edit,
    Glob,
    Grep,
    Read,
    Session,
    Sibling,
    TaskCreate,
    TaskUpdate,
    Write,
)

API = "slotbook-api"
WEB = "slotbook-web"

_CI_RACE_LOG = """test-integration
Run go test -tags integration -race ./...
go: downloading github.com/jackc/pgx/v5 v5.7.2
go: downloading github.com/testcontainers/testcontainers-go v0.34.0
go: downloading github.com/testcontainers/testcontainers-go/modules/postgres v0.34.0
go: downloading github.com/pressly/goose/v3 v3.22.1
2026/10/16 15:41:07 github.com/testcontainers/testcontainers-go - Connected to docker:
  Server Version: 26.1.3
  API Version: 1.45
  Operating System: Ubuntu 22.04.5 LTS
  Total Memory: 15995 MB
2026/10/16 15:41:07 🐳 Creating container for image testcontainers/ryuk:0.10.2
2026/10/16 15:41:08 ✅ Container created: 3f1d2e9c7a10
2026/10/16 15:41:08 🐳 Creating container for image postgres:16-alpine
2026/10/16 15:41:09 ✅ Container started: 9b0e44c1d2f3
2026/10/16 15:41:11 🔔 Container is ready: 9b0e44c1d2f3
2026/10/16 15:41:11 OK   20261001090000_init.sql (21.3ms)
2026/10/16 15:41:11 OK   20261005093000_cancel.sql (3.1ms)
2026/10/16 15:41:11 OK   20261014133500_booking_notes.sql (2.4ms)
2026/10/16 15:41:11 OK   20261016080000_recurring.sql (4.8ms)
2026/10/16 15:41:11 goose: successfully migrated database to version: 20261016080000
ok  	github.com/slotbook/slotbook-api/internal/auth	1.104s
--- FAIL: TestBookings_ParallelCreateSameSlot (0.52s)
    bookings_integration_test.go:112: got 2 rows for room 3 at 2026-10-20T10:00:00+02:00, want 1
    bookings_integration_test.go:113: booking ids: [88 89], users: [14 6]
FAIL
FAIL	github.com/slotbook/slotbook-api/internal/booking	9.733s
ok  	github.com/slotbook/slotbook-api/internal/db	7.402s
FAIL
Error: Process completed with exit code 1."""


# ------------------------------------------------------------------------------------------------------------------
def s21_race_back() -> Session:
    s = Session("s21-race-back", "2026-10-19T06:30:11", "2.1.196", "main", "frosty-leaping-gannet", project=API)
    s.user(
        "test-integration on main red since Friday's sqlc refactor:\n\n"
        + _CI_RACE_LOG
        + "\n\nrenamed test, same story?",
        after=0,
    )
    s.act(None, Grep("TestBookings_ParallelCreateSameSlot", ["internal/booking/bookings_integration_test.go"]))
    s.act(
        "Reproducing locally and looking at the refactor at the same time:",
        Bash(
            "go test -tags integration -race -count=3 -run TestBookings_ParallelCreateSameSlot ./internal/booking/",
            go_test(
                {
                    "internal/booking": [
                        "=== RUN   TestBookings_ParallelCreateSameSlot",
                        "    bookings_integration_test.go:112: got 2 rows for room 3 at 2026-10-20T10:00:00+02:00, want 1",
                        "--- FAIL: TestBookings_ParallelCreateSameSlot (0.61s)",
                    ]
                },
                only=["internal/booking"],
                race=True,
            ),
            code=1,
            secs=21,
        ),
        Sibling(Bash("git show --stat e93b1d0", "")),
    )
    s.act(None, Read("internal/booking/service.go", src.SERVICE_GO_V2, offset=20, total=64))
    s.act(None, Read("internal/db/queries/bookings.sql", src.INSERT_IF_FREE_SQL, offset=12, total=30))
    s.act(
        None,
        Bash(
            "git log --oneline -4 -- internal/booking/service.go",
            "e93b1d0 booking: move remaining queries to sqlc (#71)\na4c61e9 booking: lock room row in CreateBooking (fixes double booking)\n6fd0a2b booking: slots per venue\n1c2e3f4 booking: initial service",
        ),
    )
    s.say(
        "Yes, the same race. The refactor (e93b1d0) replaced the transaction + `LockRoomForUpdate` with one "
        "`INSERT … SELECT … WHERE NOT EXISTS (overlap)`. That looks atomic, but under READ COMMITTED two "
        "concurrent inserts don't see each other's uncommitted row, so both pass the NOT EXISTS. Options: put the "
        "room lock back, or make the database refuse overlaps (exclusion constraint)."
    )
    s.turn_done()
    s.user("nope, no more band-aids, the lock got lost once already. look at an exclusion constraint")
    s.act(
        None,
        Glob(
            "migrations/*.sql",
            [
                "migrations/20261001090000_init.sql",
                "migrations/20261005093000_cancel.sql",
                "migrations/20261014133500_booking_notes.sql",
                "migrations/20261016080000_recurring.sql",
            ],
        ),
    )
    s.act(
        "Starting a goose migration with the extension and the constraint:",
        Write(
            "migrations/20261019064500_bookings_no_overlap.sql",
            "-- +goose Up\nCREATE EXTENSION IF NOT EXISTS btree_gist;\n",
        ),
    )
    s.interrupt()
    s.user("stop, meeting. morgen")
    s.act(None, Bash("git status --short", "?? migrations/20261019064500_bookings_no_overlap.sql"))
    s.say("Stopped. The half-written migration is untracked in migrations/; nothing else changed.")
    s.hit(RACE)
    s.outcome("failed", "the double-booking race is back on CI; constraint only started, Mira leaves for a meeting")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s22_exclusion() -> Session:
    s = Session(
        "s22-exclusion",
        "2026-10-19T12:10:48",
        "2.1.196",
        "fix/bookings-no-overlap",
        "calm-weighing-ferret",
        project=API,
    )
    s.user(
        "schon wieder doppelt gebucht, diesmal Raum Lübeck 14:00, Anna hat zwei wütende Mails. "
        "jetzt richtig: die DB soll Überschneidungen ablehnen. migration is started in migrations/, "
        "409 with problem+json code slot_taken. test against a real Postgres, sqlmock stays out",
        after=0,
        rules=[("repo-tests", "test against a real Postgres, sqlmock stays out")],
    )
    s.act(
        None,
        TaskCreate(
            "Exclusion constraint migration", "btree_gist + EXCLUDE USING gist on bookings", "Writing the migration"
        ),
        TaskCreate("Map 23P01 to 409 slot_taken", "CreateBooking + handler", "Mapping the constraint violation"),
        TaskCreate(
            "Parallel test green",
            "TestBookings_ParallelCreateSameSlot with -race -count=20",
            "Running the parallel test",
        ),
    )
    s.act(None, TaskUpdate("1", "in_progress"))
    s.act(
        None,
        Read(
            "migrations/20261019064500_bookings_no_overlap.sql",
            "-- +goose Up\nCREATE EXTENSION IF NOT EXISTS btree_gist;",
            total=2,
        ),
    )
    s.act(
        None,
        Edit(
            "migrations/20261019064500_bookings_no_overlap.sql",
            "CREATE EXTENSION IF NOT EXISTS btree_gist;",
            "CREATE EXTENSION IF NOT EXISTS btree_gist;\n\nALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap\n"
            "  EXCLUDE USING gist (room_id WITH =, tstzrange(starts_at, ends_at) WITH &&)\n  WHERE (cancelled_at IS NULL);\n\n"
            "-- +goose Down\nALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;",
        ),
    )
    s.act(
        None,
        Bash(
            'goose -dir migrations postgres "$DATABASE_URL" up',
            "2026/10/19 14:12:31 goose run: ERROR 20261019064500_bookings_no_overlap.sql: failed to run SQL migration: "
            'failed to execute SQL query "ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap ...": ERROR: could '
            'not create exclusion constraint "bookings_no_overlap" (SQLSTATE 23P01)\nDETAIL: Key (room_id, '
            'tstzrange(starts_at, ends_at))=(7, ["2026-10-20 14:00:00+02","2026-10-20 15:00:00+02")) conflicts with '
            'key (room_id, tstzrange(starts_at, ends_at))=(7, ["2026-10-20 14:00:00+02","2026-10-20 15:00:00+02")).',
            code=1,
            secs=3,
        ),
    )
    s.say(
        "The constraint can't be added while the existing double booking (room 7 = Lübeck, 20 Oct 14:00) is in the "
        "table. Which of the two should stay? I'd cancel the later one (higher id)."
    )
    s.user("yes cancel the later one, Anna already called that customer")
    s.act(
        None,
        Edit(
            "migrations/20261019064500_bookings_no_overlap.sql",
            "CREATE EXTENSION IF NOT EXISTS btree_gist;\n\nALTER TABLE",
            "CREATE EXTENSION IF NOT EXISTS btree_gist;\n\n-- cancel the later of any existing overlapping pair\n"
            "UPDATE bookings b SET cancelled_at = now() FROM bookings a\n WHERE a.room_id = b.room_id AND a.id < b.id\n"
            "   AND a.cancelled_at IS NULL AND b.cancelled_at IS NULL\n   AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at);\n\nALTER TABLE",
        ),
    )
    s.act(
        None,
        Bash(
            'goose -dir migrations postgres "$DATABASE_URL" up',
            "2026/10/19 14:13:58 OK   20261019064500_bookings_no_overlap.sql (38.9ms)\n2026/10/19 14:13:58 goose: successfully migrated database to version: 20261019064500",
            secs=3,
        ),
    )
    s.act(None, TaskUpdate("1", "completed"), TaskUpdate("2", "in_progress"))
    s.act(None, Read("internal/booking/service.go", src.SERVICE_GO_V2, offset=20, total=64))
    s.act(
        None,
        Edit(
            "internal/booking/service.go",
            '	if err != nil {\n		return db.Booking{}, fmt.Errorf("insert booking: %w", err)\n	}',
            '	var pgErr *pgconn.PgError\n	if errors.As(err, &pgErr) && pgErr.Code == "23P01" { // exclusion_violation: bookings_no_overlap\n'
            '		return db.Booking{}, ErrSlotTaken\n	}\n	if err != nil {\n		return db.Booking{}, fmt.Errorf("insert booking: %w", err)\n	}',
        ),
    )
    s.act(
        None,
        Read(
            "internal/http/bookings.go",
            '	if errors.Is(err, booking.ErrSlotTaken) {\n		writeProblem(w, http.StatusConflict, "slot_taken", "this slot was just booked by someone else")\n		return\n	}',
            offset=61,
            limit=4,
            total=150,
        ),
    )
    s.act(None, TaskUpdate("2", "completed"), TaskUpdate("3", "in_progress"))
    s.act(
        "The handler already maps `ErrSlotTaken` to 409 `slot_taken`. Now the parallel test, repeated, with the race detector:",
        Bash(
            "go test -tags integration -race -count=20 -run 'TestBookings_ParallelCreateSameSlot|TestCreateBooking_ConcurrentSameSlot' ./internal/booking/",
            "ok  \tgithub.com/slotbook/slotbook-api/internal/booking\t58.114s",
            secs=62,
        ),
    )
    s.act(
        None, Bash("go test -tags integration ./... && golangci-lint run ./...", go_test() + "\n" + lint([]), secs=48)
    )
    s.act(None, TaskUpdate("3", "completed"))
    s.say(
        "Overlaps are now impossible at the database level: `bookings_no_overlap` (EXCLUDE USING gist on room + "
        "tstzrange, btree_gist, ignoring cancelled bookings). A violation (SQLSTATE 23P01) becomes `ErrSlotTaken` "
        "→ 409 `slot_taken`. Both concurrency tests pass 20× under -race; lint clean. The existing Lübeck double "
        "booking was cancelled by the migration."
    )
    s.turn_done()
    s.user(
        "turns out pgx hands you the 23P01 as *pgconn.PgError, errors.As is enough. nice. "
        "Entscheidung: der Constraint ist die Sicherung, kein Locking mehr im Go-Code. ok ship it",
        lessons=["turns out pgx hands you the 23P01 as *pgconn.PgError, errors.As is enough"],
        decisions=[("Entscheidung: der Constraint ist die Sicherung, kein Locking mehr im Go-Code", "de")],
    )
    s.act(
        None,
        Bash(
            "git add migrations internal && git commit -m 'bookings: exclusion constraint against overlaps, 23P01 -> 409' && "
            "git push -u origin fix/bookings-no-overlap && gh pr create --fill",
            git_commit(
                "fix/bookings-no-overlap",
                "d41c9b2",
                "bookings: exclusion constraint against overlaps, 23P01 -> 409",
                3,
                29,
                1,
                ["migrations/20261019064500_bookings_no_overlap.sql"],
            )
            + "\n"
            + git_push("slotbook-api", "fix/bookings-no-overlap", new_branch=True)
            + "\nhttps://github.com/slotbook/slotbook-api/pull/74",
            secs=6,
        ),
    )
    s.say("PR #74 is open.")
    s.hit(RACE, fixed_again=True)
    s.outcome("success", "exclusion constraint + 23P01 mapping, parallel tests pass 20x, PR opened; Mira: ok ship it")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s23_still_500() -> Session:
    s = Session(
        "s23-still-500", "2026-10-20T07:00:33", "2.1.196", "fix/cancel-error-message", "rusty-pacing-crow", project=WEB
    )
    s.user(
        'cancel on staging shows \'Error: {"type":"https://slotbook.app/problems/...\' as a toast. '
        "parse the problem+json and show a proper message",
        after=0,
    )
    s.act(None, Read("src/lib/api.ts", src.API_TS, total=23))
    s.act(
        None,
        Edit(
            "src/lib/api.ts",
            "  if (!res.ok) throw new ApiError(res.status, await res.text())",
            "  if (!res.ok) {\n    const problem: unknown = res.headers.get('content-type')?.includes('application/problem+json')\n"
            "      ? await res.json()\n      : { detail: await res.text() }\n    throw ApiError.from(res.status, problem)\n  }",
        ),
    )
    s.act(
        None,
        Edit(
            "src/lib/api.ts",
            "export class ApiError extends Error {\n  constructor(public status: number, message: string) {\n    super(message)\n  }\n}",
            "export class ApiError extends Error {\n  constructor(public status: number, message: string, public code?: string) {\n    super(message)\n  }\n\n"
            "  static from(status: number, body: unknown): ApiError {\n    if (typeof body === 'object' && body !== null) {\n"
            "      const p = body as { detail?: unknown; title?: unknown; code?: unknown }\n"
            "      const msg = typeof p.detail === 'string' && p.detail ? p.detail : String(p.title ?? 'Request failed')\n"
            "      return new ApiError(status, msg, typeof p.code === 'string' ? p.code : undefined)\n    }\n"
            "    return new ApiError(status, 'Request failed')\n  }\n}",
        ),
    )
    s.act(None, Bash("pnpm vitest run src/lib", vitest([("src/lib/api.test.ts", 8, 0)], secs=1.8), secs=5))
    s.act(
        None,
        Bash(
            "pnpm typecheck && git commit -am 'api: show problem+json detail in errors' && git push",
            "> slotbook-web@0.3.4 typecheck /home/mira/src/slotbook-web\n> tsc --noEmit\n"
            + git_commit("fix/cancel-error-message", "47c2e0d", "api: show problem+json detail in errors", 2, 24, 3)
            + "\n"
            + git_push("slotbook-web", "fix/cancel-error-message", "8d2f6b3", "47c2e0d"),
            secs=12,
        ),
    )
    s.say(
        "Errors now show the problem's `detail` (fallback: title), with `code` on `ApiError`. Tests and typecheck green, pushed; the preview deploy picks it up in a few minutes."
    )
    s.turn_done()
    s.user(
        "nope still 500 when I click cancel on staging, now it just says 'Internal Server Error'. the toast is nicer but cancel is broken"
    )
    s.act(
        None,
        Bash(
            "curl -s -X DELETE -b cookies-staging.txt https://staging.slotbook.app/api/bookings/212 -w '\\n%{http_code}'",
            '{"type":"https://slotbook.app/problems/internal","title":"Internal Server Error","status":500,"code":"internal"}\n500',
            secs=2,
        ),
    )
    s.say(
        "Confirmed: the staging API itself returns 500 `internal` for DELETE /bookings/212; the web side is fine now. The cause is in slotbook-api (server logs needed)."
    )
    s.user("ok. later")
    s.one_off("cancel returns 500 'internal' on staging (API side, cause not found in this session)")
    s.outcome("failed", "web change passes tests, but Mira says cancel is still broken (500) on staging")
    return s


# ------------------------------------------------------------------------------------------------------------------
_DST_FAIL = [
    "=== RUN   TestAvailableSlots_DSTEnd",
    "=== RUN   TestAvailableSlots_DSTEnd/kiel_sunday",
    "    slots_test.go:64: slot 0: got 2026-10-25T09:00:00Z, want 2026-10-25T09:00:00+01:00",
    "    slots_test.go:64: slot 1: got 2026-10-25T10:00:00Z, want 2026-10-25T10:00:00+01:00",
    "=== RUN   TestAvailableSlots_DSTEnd/kiel_saturday",
    "    slots_test.go:64: slot 0: got 2026-10-24T09:00:00Z, want 2026-10-24T09:00:00+02:00",
    "--- FAIL: TestAvailableSlots_DSTEnd (0.00s)",
    "    --- FAIL: TestAvailableSlots_DSTEnd/kiel_sunday (0.00s)",
    "    --- FAIL: TestAvailableSlots_DSTEnd/kiel_saturday (0.00s)",
]


def s24_dst_test() -> Session:
    s = Session("s24-dst-test", "2026-10-20T12:40:09", "2.1.196", "test/slots-dst", "sunny-hopping-vole", project=API)
    s.user(
        "clocks go back on Sunday (25.10.). write a table test for AvailableSlots for Kiel, saturday and sunday, "
        "opening 9-17, 60 min slots. I have a bad feeling",
        after=0,
    )
    s.act(None, Read("internal/booking/service.go", src.AVAILABLE_SLOTS_GO, offset=44, total=64))
    s.act(
        None,
        Grep(
            "func slotsBetween",
            ["internal/booking/slots.go:9:func slotsBetween(open, end time.Time, step time.Duration) []Slot {"],
            mode="content",
        ),
    )
    s.act(
        None,
        Bash(
            'psql "$DATABASE_URL" -Atc "select name, timezone, opens_hour, closes_hour, slot_minutes from venues where slug = \'kiel\'"',
            "Kiel|Europe/Berlin|9|17|60",
        ),
    )
    s.act(
        None,
        Read(
            "internal/booking/slots_test.go",
            'package booking\n\nimport (\n	"testing"\n	"time"\n)\n\nvar berlin = mustLoad("Europe/Berlin")',
            total=41,
            limit=8,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/booking/slots_test.go",
            'var berlin = mustLoad("Europe/Berlin")',
            'var berlin = mustLoad("Europe/Berlin")\n\nfunc TestAvailableSlots_DSTEnd(t *testing.T) {\n'
            "	svc := newFakeVenueService(t, venueKiel) // Europe/Berlin, 9-17, 60 min\n	for _, tc := range []struct {\n"
            "		name  string\n		day   time.Time\n		first string\n	}{\n"
            '		{"kiel_saturday", time.Date(2026, 10, 24, 0, 0, 0, 0, berlin), "2026-10-24T09:00:00+02:00"},\n'
            '		{"kiel_sunday", time.Date(2026, 10, 25, 0, 0, 0, 0, berlin), "2026-10-25T09:00:00+01:00"},\n	} {\n'
            "		t.Run(tc.name, func(t *testing.T) {\n			slots, err := svc.AvailableSlots(ctx, venueKiel.ID, tc.day)\n"
            "			require.NoError(t, err)\n			require.Len(t, slots, 8)\n			assertSlotStart(t, slots, 0, tc.first)\n		})\n	}\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "go test -run TestAvailableSlots_DSTEnd -v ./internal/booking/",
            go_test({"internal/booking": _DST_FAIL}, only=["internal/booking"]),
            code=1,
            secs=5,
        ),
    )
    s.say(
        "Bad feeling confirmed, and it's not only Sunday: `AvailableSlots` builds opening hours with "
        "`time.Date(…, time.UTC)`, so every Kiel slot is 9:00 UTC (= 11:00 or 10:00 in Berlin). On Saturday "
        "it's off by 2 h, on Sunday by 1 h. The venue's time zone is never used."
    )
    s.turn_done()
    s.user("ugh. nicht heute, first the recurring stuff has to go out. leave the test in, don't commit")
    s.say("Left as is: the new failing test stays uncommitted on test/slots-dst.")
    s.hit(DST)
    s.outcome("failed", "the new DST test shows slots built in UTC; Mira postpones, nothing fixed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s25_lockfile() -> Session:
    s = Session(
        "s25-lockfile", "2026-10-21T06:40:52", "2.1.201", "chore/date-fns-tz", "sharp-hiding-heron", project=WEB
    )
    s.user(
        'CI install step fails on my date-fns-tz branch:\n ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is not up to date with package.json',
        after=0,
    )
    s.act(
        None,
        Bash(
            "git diff main --stat -- package.json pnpm-lock.yaml package-lock.json",
            " package-lock.json | 9120 ++++++++++++++++++++\n package.json      |    1 +\n 2 files changed, 9121 insertions(+)",
            secs=1,
        ),
    )
    s.say(
        "The branch added `date-fns-tz` to package.json with npm: there's a new package-lock.json and pnpm-lock.yaml "
        "wasn't updated, so `pnpm install --frozen-lockfile` refuses. I'll remove package-lock.json and run:"
    )
    s.act(None, Bash("git rm -q package-lock.json && npm install", "", secs=1))
    s.user(
        "pnpm!! not npm. pnpm only in here, npm stays out, same as last time",
        rules=[("pnpm", "pnpm only in here, npm stays out")],
    )
    s.act(
        None,
        Bash(
            "rm -rf node_modules && pnpm install",
            "Lockfile is up to date, resolution step is skipped\nPackages: +623\n++++++++++++++++++++++++++++++++++++++++\nProgress: resolved 623, reused 623, downloaded 0, added 623, done\n\ndependencies:\n+ date-fns-tz 3.2.0\n\nDone in 6.1s",
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm install --frozen-lockfile && git status --short",
            "Lockfile is up to date, resolution step is skipped\nAlready up to date\nDone in 0.9s\nD  package-lock.json\n M pnpm-lock.yaml",
            secs=3,
        ),
    )
    s.one_off("ERR_PNPM_OUTDATED_LOCKFILE in CI: a dependency was added with npm, pnpm-lock.yaml not updated")
    s.act(
        None,
        Bash(
            "git add pnpm-lock.yaml && git commit -m 'deps: date-fns-tz via pnpm, drop package-lock.json' && git push",
            git_commit(
                "chore/date-fns-tz", "b0f6c3e", "deps: date-fns-tz via pnpm, drop package-lock.json", 2, 14, 9120
            )
            + "\n"
            + git_push("slotbook-web", "chore/date-fns-tz", "a18c2d4", "b0f6c3e"),
            secs=5,
        ),
    )
    s.say("Sorry about that. package-lock.json is gone, pnpm-lock.yaml has date-fns-tz, frozen install passes. Pushed.")
    s.user("👍")
    s.outcome("success", "lockfile fixed with pnpm, frozen install passes, pushed; Mira: 👍")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s25b_fixtures() -> Session:
    s = Session(
        "s25b-fixtures", "2026-10-20T14:30:26", "2.1.196", "chore/refresh-fixtures", "odd-hatching-newt", project=WEB
    )
    s.user(
        "re-recorded the api fixtures for the slot picker tests (pnpm fixtures:record) and now vitest is red. wtf",
        after=0,
    )
    s.act(
        None,
        Bash(
            "pnpm vitest run src/booking",
            vitest(
                [("src/booking/SlotPicker.test.tsx", 4, 2), ("src/booking/ConfirmStep.test.tsx", 3, 0)],
                secs=3.2,
                failures=[
                    " FAIL  src/booking/SlotPicker.test.tsx > SlotPicker > labels slots in the venue zone (Sunday 25.10.)",
                    "AssertionError: expected '10:00' to be '09:00' // Object.is equality",
                    "",
                    "- Expected",
                    "+ Received",
                    "",
                    "- 09:00",
                    "+ 10:00",
                    "",
                    " ❯ src/booking/SlotPicker.test.tsx:61:52",
                    "",
                    " FAIL  src/booking/SlotPicker.test.tsx > SlotPicker > labels slots in the venue zone (Saturday 24.10.)",
                    "AssertionError: expected '11:00' to be '09:00' // Object.is equality",
                    " ❯ src/booking/SlotPicker.test.tsx:61:52",
                ],
            ),
            code=1,
            secs=7,
        ),
    )
    s.act(
        None,
        Bash(
            "git diff --stat src/test/fixtures && git diff src/test/fixtures/slots-kiel-2026-10-25.json | head -8",
            ' src/test/fixtures/slots-kiel-2026-10-24.json | 16 ++++++++--------\n src/test/fixtures/slots-kiel-2026-10-25.json | 16 ++++++++--------\n 2 files changed, 16 insertions(+), 16 deletions(-)\n@@ -1,4 +1,4 @@\n [\n-  {"startsAt": "2026-10-25T08:00:00Z", "endsAt": "2026-10-25T09:00:00Z"},\n+  {"startsAt": "2026-10-25T09:00:00Z", "endsAt": "2026-10-25T10:00:00Z"},',
        ),
    )
    s.act(
        None,
        Read(
            "src/booking/SlotPicker.test.tsx",
            "  it.each(cases)('labels slots in the venue zone ($label)', async ({ fixture, first }) => {\n    server.use(slotsHandler(fixture))\n    renderWithClient(<SlotPicker venue=\"kiel\" date={fixture.date} />)\n    expect((await screen.findAllByRole('button'))[0].textContent).toBe(first)\n  })",
            offset=58,
            limit=5,
            total=74,
        ),
    )
    s.act(
        None,
        Read(
            "vitest.config.ts",
            "export default defineConfig({\n  test: {\n    environment: 'jsdom',\n    setupFiles: ['src/test/setup.ts'],\n    env: { TZ: 'Europe/Berlin' },\n  },\n})",
            total=9,
        ),
    )
    s.say(
        "The tests are right, the new fixtures are wrong: the old (hand-written) fixture had Sunday's first slot at "
        "`08:00Z` = 09:00 Berlin, the freshly recorded one says `09:00Z` = 10:00 Berlin (Saturday: 11:00). The "
        "local API sends the slot times as if the opening hours were UTC, not the venue's zone (Europe/Berlin). "
        "Re-recording just copies that into the fixtures."
    )
    s.turn_done()
    s.user(
        "mist. the DST thing in the api, same as the failing go test. revert the fixtures, they have to wait for the api fix"
    )
    s.act(
        None,
        Bash(
            "git checkout -- src/test/fixtures && pnpm vitest run src/booking",
            vitest([("src/booking/SlotPicker.test.tsx", 6, 0), ("src/booking/ConfirmStep.test.tsx", 3, 0)], secs=3.0),
            secs=7,
        ),
    )
    s.say("Fixtures reverted, the slot picker tests pass again with the old data.")
    s.hit(DST)
    s.outcome("failed", "fixture refresh abandoned: the API returns UTC-built slots; tests green only after reverting")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s26_sunday_e2e() -> Session:
    s = Session(
        "s26-sunday-e2e", "2026-10-21T11:15:07", "2.1.201", "feat/sunday-opening", "merry-folding-wren", project=WEB
    )
    s.user(
        "die Slots für Sonntag 25.10. fangen im Browser um 10 an statt um 9, Kiel öffnet um 9. "
        "e2e/slots.spec.ts sagt dasselbe. ist das der API-Bug von gestern oder auch was im Frontend? "
        "the calendar always looked weird on Safari anyway",
        after=0,
        blocks_before=[
            "<ide_opened_file>The user opened the file /home/mira/src/slotbook-web/e2e/slots.spec.ts in the IDE. This may or may not be related to the current task.</ide_opened_file>"
        ],
        non_rules=["the calendar always looked weird on Safari anyway"],
    )
    s.act(
        None,
        Bash(
            "pnpm exec playwright test e2e/slots.spec.ts",
            playwright(
                3,
                ["[chromium] › e2e/slots.spec.ts:12:5 › sunday after DST switch starts at 09:00"],
                secs=9.8,
                body="  1) [chromium] › e2e/slots.spec.ts:12:5 › sunday after DST switch starts at 09:00 ─────────────\n\n"
                "    Error: expect(locator).toHaveText(expected) failed\n\n    Locator:  getByTestId('slot-list').getByRole('button').first()\n"
                '    Expected: "09:00"\n    Received: "10:00"\n    Timeout:  5000ms',
            ),
            code=1,
            secs=14,
        ),
    )
    s.act(
        None,
        Read(
            "e2e/slots.spec.ts",
            "test('sunday after DST switch starts at 09:00', async ({ page }) => {\n  await page.goto('/venues/kiel/book?date=2026-10-25')\n  await expect(page.getByTestId('slot-list').getByRole('button').first()).toHaveText('09:00')\n})",
            offset=12,
            limit=4,
            total=18,
        ),
    )
    s.act(
        None,
        Grep(
            "format\\(",
            [
                "src/booking/SlotPicker.tsx:52:          {format(new Date(slot.startsAt), 'HH:mm')}",
                "src/booking/ConfirmStep.tsx:7:      <p>{room.name}, {format(new Date(slot.startsAt), 'HH:mm')}–{format(new Date(slot.endsAt), 'HH:mm')}</p>",
            ],
            path="src",
            mode="content",
        ),
    )
    s.act(
        "The web app formats `startsAt` in the browser's zone, which is right for a Berlin user. What does the API send?",
        Bash(
            "curl -s 'http://localhost:8080/venues/kiel/slots?date=2026-10-24' | jq -c '.[0]'",
            '{"startsAt":"2026-10-24T09:00:00Z","endsAt":"2026-10-24T10:00:00Z"}',
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s 'http://localhost:8080/venues/kiel/slots?date=2026-10-25' | jq -c '.[0:2]'",
            '[{"startsAt":"2026-10-25T09:00:00Z","endsAt":"2026-10-25T10:00:00Z"},{"startsAt":"2026-10-25T10:00:00Z","endsAt":"2026-10-25T11:00:00Z"}]',
        ),
    )
    s.act(
        None,
        Grep(
            "time\\.UTC",
            [
                "/home/mira/src/slotbook-api/internal/booking/service.go:52:	open := time.Date(day.Year(), day.Month(), day.Day(), int(venue.OpensHour), 0, 0, 0, time.UTC)",
                "/home/mira/src/slotbook-api/internal/booking/service.go:53:	end := time.Date(day.Year(), day.Month(), day.Day(), int(venue.ClosesHour), 0, 0, 0, time.UTC)",
            ],
            path="/home/mira/src/slotbook-api/internal/booking",
            mode="content",
        ),
    )
    s.say(
        "Nicht das Frontend: die API liefert den ersten Slot als `2026-10-25T09:00:00Z`, also 09:00 UTC = 10:00 in "
        "Berlin (nach der Umstellung UTC+1). Der Browser rechnet korrekt um. `AvailableSlots` in slotbook-api "
        "(internal/booking/service.go:52-53) baut Öffnungszeiten mit `time.UTC` statt in der Zeitzone der Venue — "
        "ja, der API-Bug von gestern."
    )
    s.turn_done()
    s.user("ok, dann im API-Repo. morgen früh, jetzt Elternabend")
    s.hit(DST)
    s.outcome("failed", "Sunday slots one hour late in the e2e run; cause is the API, not fixed here")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _explore_times(c: Session) -> None:
    c.act(
        None,
        Glob(
            "internal/**/*.go",
            [
                "internal/booking/service.go",
                "internal/booking/slots.go",
                "internal/booking/recurring.go",
                "internal/notify/reminder.go",
                "internal/venue/hours.go",
                "internal/http/slots.go",
            ],
        ),
    )
    c.act(
        None,
        Grep(
            "time\\.(Date|Now|Local|UTC)\\b",
            [
                "internal/booking/service.go:52:	open := time.Date(day.Year(), day.Month(), day.Day(), int(venue.OpensHour), 0, 0, 0, time.UTC)",
                "internal/booking/service.go:53:	end := time.Date(day.Year(), day.Month(), day.Day(), int(venue.ClosesHour), 0, 0, 0, time.UTC)",
                "internal/booking/recurring.go:31:	next := time.Date(t.Year(), t.Month(), t.Day()+7, t.Hour(), t.Minute(), 0, 0, time.Local)",
                "internal/notify/reminder.go:18:	if b.StartsAt.Sub(time.Now()) < 24*time.Hour {",
                "internal/venue/hours.go:22:	return time.Now().In(time.Local).Weekday()",
            ],
            path="internal",
            mode="content",
        ),
    )
    c.act(
        None,
        Read(
            "internal/db/models.go",
            "type Venue struct {\n	ID          int64\n	Slug        string\n	Name        string\n	Timezone    string\n	OpensHour   int32\n	ClosesHour  int32\n	SlotMinutes int32\n}",
            offset=40,
            limit=8,
            total=96,
        ),
    )
    c.act(
        None,
        Read(
            "internal/venue/hours.go",
            "// OpenToday reports whether the venue is open today.\nfunc OpenToday(v db.Venue) bool {\n	return isOpenOn(v, today())\n}\n\nfunc today() time.Weekday {\n	return time.Now().In(time.Local).Weekday()\n}",
            offset=15,
            limit=8,
            total=30,
        ),
    )
    c.say(
        "Time construction in internal/:\n- `internal/booking/service.go:52-53` — AvailableSlots builds open/close in "
        "**time.UTC**\n- `internal/booking/recurring.go:31` — next weekly occurrence in **time.Local**\n"
        "- `internal/venue/hours.go:22` — weekday from `time.Now().In(time.Local)`\n- `internal/notify/reminder.go:18` — "
        "duration only, zone-independent\nNone of them uses `venues.timezone`."
    )


def s27_dst_fix() -> Session:
    s = Session(
        "s27-dst-fix", "2026-10-22T05:50:31", "2.1.201", "fix/slots-venue-timezone", "early-rising-lark", project=API
    )
    s.user(
        "slots in UTC, the DST test from tuesday is still failing on test/slots-dst. fix it properly: "
        "venue timezone everywhere we build times. sunday is in 3 days",
        after=0,
    )
    prompt = (
        "In /home/mira/src/slotbook-api/internal, find every place that constructs or compares wall-clock times "
        "(time.Date, time.Now, time.Local, time.UTC) and say which ones should use the venue's time zone "
        "(venues.timezone). Do not edit any files and never run docker compose down -v."
    )
    s.act(None, Agent("Find time construction in internal/", prompt, "Explore", _explore_times))
    s.not_person("Do not edit any files and never run docker compose down -v.", "subagent_prompt")
    s.act(None, Read("internal/booking/service.go", src.AVAILABLE_SLOTS_GO, offset=44, total=64))
    s.act(
        "Using the venue's location (`venue.Timezone`, e.g. Europe/Berlin) for the opening hours:",
        Edit(
            "internal/booking/service.go",
            "	open := time.Date(day.Year(), day.Month(), day.Day(), int(venue.OpensHour), 0, 0, 0, time.UTC)\n"
            "	end := time.Date(day.Year(), day.Month(), day.Day(), int(venue.ClosesHour), 0, 0, 0, time.UTC)",
            '	loc, err := time.LoadLocation(venue.Timezone)\n	if err != nil {\n		return nil, fmt.Errorf("venue %d timezone %q: %w", venueID, venue.Timezone, err)\n	}\n'
            "	y, m, d := day.In(loc).Date()\n	open := time.Date(y, m, d, int(venue.OpensHour), 0, 0, 0, loc)\n"
            "	end := time.Date(y, m, d, int(venue.ClosesHour), 0, 0, 0, loc)",
        ),
    )
    s.act(
        None,
        Read(
            "internal/booking/recurring.go",
            "	next := time.Date(t.Year(), t.Month(), t.Day()+7, t.Hour(), t.Minute(), 0, 0, time.Local)",
            offset=31,
            limit=1,
            total=58,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/booking/recurring.go",
            "	next := time.Date(t.Year(), t.Month(), t.Day()+7, t.Hour(), t.Minute(), 0, 0, time.Local)",
            "	lt := t.In(loc)\n	next := time.Date(lt.Year(), lt.Month(), lt.Day()+7, lt.Hour(), lt.Minute(), 0, 0, loc)",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Primary Request and Intent:\n"
        "   Mira asked to fix slot times built in UTC (TestAvailableSlots_DSTEnd fails) by using the venue time zone "
        "everywhere times are built in slotbook-api.\n2. Key Technical Concepts:\n   - time.LoadLocation(venue.Timezone), "
        "time.Date in the venue location, DST end on 2026-10-25 (Europe/Berlin)\n3. Files and Code Sections:\n"
        "   - internal/booking/service.go: AvailableSlots now loads the venue location\n   - internal/booking/recurring.go: "
        "weekly recurrence computed in the venue location (loc still to be passed in)\n4. Pending Tasks:\n"
        "   - pass loc into nextOccurrence, fix internal/venue/hours.go, run TestAvailableSlots_DSTEnd, run the suite "
        "under a foreign TZ\n\nPlease continue the conversation from where we left it off without asking the user any "
        "further questions.",
        141_200,
        9_800,
    )
    s.act(
        None,
        Read(
            "internal/booking/recurring.go",
            "func nextOccurrence(t time.Time) time.Time {",
            offset=29,
            limit=1,
            total=60,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/booking/recurring.go",
            "func nextOccurrence(t time.Time) time.Time {",
            "func nextOccurrence(t time.Time, loc *time.Location) time.Time {",
        ),
    )
    s.act(
        None,
        Bash(
            "go build ./...",
            "# github.com/slotbook/slotbook-api/internal/booking\ninternal/booking/recurring.go:52:24: not enough arguments in call to nextOccurrence\n\thave (time.Time)\n\twant (time.Time, *time.Location)",
            code=1,
            secs=4,
        ),
    )
    s.act(
        None,
        Read(
            "internal/booking/recurring.go",
            "		b.StartsAt = nextOccurrence(b.StartsAt)",
            offset=52,
            limit=1,
            total=60,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/booking/recurring.go",
            "		b.StartsAt = nextOccurrence(b.StartsAt)",
            "		b.StartsAt = nextOccurrence(b.StartsAt, loc)",
        ),
    )
    s.act(
        None,
        Bash(
            "go build ./... && go test -run TestAvailableSlots_DSTEnd -v ./internal/booking/",
            "=== RUN   TestAvailableSlots_DSTEnd\n=== RUN   TestAvailableSlots_DSTEnd/kiel_saturday\n=== RUN   TestAvailableSlots_DSTEnd/kiel_sunday\n--- PASS: TestAvailableSlots_DSTEnd (0.00s)\n    --- PASS: TestAvailableSlots_DSTEnd/kiel_saturday (0.00s)\n    --- PASS: TestAvailableSlots_DSTEnd/kiel_sunday (0.00s)\nPASS\nok  \tgithub.com/slotbook/slotbook-api/internal/booking\t0.215s",
            secs=7,
        ),
    )
    s.act(
        "Now the whole suite with the machine in a zone far from Berlin, so nothing can lean on the local zone:",
        Bash(
            "TZ=America/New_York go test ./... && TZ=UTC go test ./...",
            go_test() + "\n" + go_test(cached=True),
            secs=24,
        ),
    )
    s.say(
        "Fixed: `AvailableSlots` and the weekly recurrence build times with `time.LoadLocation(venue.Timezone)`; "
        "`TestAvailableSlots_DSTEnd` passes (Sat 09:00+02:00, Sun 09:00+01:00) and the suite is green under "
        "`TZ=America/New_York` and `TZ=UTC`. An unknown zone name is an error. `internal/venue/hours.go` still "
        "uses time.Local for the weekday — do that too?"
    )
    s.turn_done()
    s.user(
        "yes. if the zone is broken → 500 as problem+json, like all errors. "
        "gut zu wissen: im Container ist time.Local UTC, auf meinem Laptop Berlin, deshalb hat das lokal nie jemand gesehen",
        lessons=[("gut zu wissen: im Container ist time.Local UTC, auf meinem Laptop Berlin", "de")],
        rules=[("errors-json", "500 as problem+json, like all errors")],
        non_rules=["deshalb hat das lokal nie jemand gesehen"],
    )
    s.act(
        None,
        Read(
            "internal/venue/hours.go",
            "func today() time.Weekday {\n	return time.Now().In(time.Local).Weekday()\n}",
            offset=21,
            limit=3,
            total=30,
        ),
    )
    s.act(
        None,
        Edit(
            "internal/venue/hours.go",
            "func today() time.Weekday {\n	return time.Now().In(time.Local).Weekday()\n}",
            "func today(loc *time.Location) time.Weekday {\n	return time.Now().In(loc).Weekday()\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "go build ./... && TZ=America/New_York go test ./... && golangci-lint run ./...",
            go_test() + "\n" + lint([]),
            secs=30,
        ),
    )
    s.act(
        None,
        Bash(
            "git add internal && git commit -m 'booking: build slot times in the venue time zone (DST safe)' && git push -u origin fix/slots-venue-timezone",
            git_commit(
                "fix/slots-venue-timezone",
                "f83a0c6",
                "booking: build slot times in the venue time zone (DST safe)",
                4,
                38,
                12,
            )
            + "\n"
            + git_push("slotbook-api", "fix/slots-venue-timezone", new_branch=True),
            secs=5,
        ),
    )
    s.say("Committed and pushed f83a0c6. The error path already goes through `internalError` → 500 problem+json.")
    s.user("läuft")
    s.hit(DST, fixed=True)
    s.outcome(
        "success", "slots built in the venue zone, DST test and suite under foreign TZ green, pushed; Mira: läuft"
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
def s28_idle() -> Session:
    s = Session("s28-idle", "2026-10-22T12:30:18", "2.1.201", "main", "lazy-drifting-cloud", project=API)
    s.queued_start("hi")
    s.user("hi", after=0)
    s.say("Hi! What are we working on in slotbook-api today?", latency=2.2)
    s.local_command("model", "", "Set model to sonnet (claude-sonnet-4-6)", after=40)
    s.model = "claude-sonnet-4-6"
    s.user("was war nochmal der make target für die migrations?")
    s.act(
        None,
        Grep(
            "^migrate|goose",
            [
                "Makefile:14:migrate:",
                'Makefile:15:\tgoose -dir migrations postgres "$(DATABASE_URL)" up',
                "Makefile:17:migrate-status:",
                'Makefile:18:\tgoose -dir migrations postgres "$(DATABASE_URL)" status',
            ],
            path="Makefile",
            mode="content",
        ),
    )
    s.say("`make migrate` (goose up) and `make migrate-status` to see which migrations are applied.")
    s.turn_done()
    s.user("und down?")
    s.say(
        'There\'s no down target; goose would be `goose -dir migrations postgres "$DATABASE_URL" down` (one step).',
        latency=3.0,
    )
    s.turn_done()
    s.outcome("unknown", "greeting and one question; nothing done, no verdict")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s29_changelog() -> Session:
    s = Session(
        "s29-changelog", "2026-10-23T07:30:44", "2.1.201", "chore/release-0.4.0", "proud-ringing-finch", project=WEB
    )
    s.user("changelog for 0.4.0 from the commits since v0.3.0, the way CONTRIBUTING says", after=0)
    s.act(None, Read("CONTRIBUTING.md", src.CONTRIBUTING_MD, total=10))
    s.not_person("Always squash-merge pull requests into main.", "tool_output")
    s.act(
        None,
        Bash(
            "git log --oneline v0.3.0..HEAD",
            "b0f6c3e deps: date-fns-tz via pnpm, drop package-lock.json\n47c2e0d api: show problem+json detail in errors\n2d90e1a queries: bookings via TanStack Query\n8d2f6b3 e2e: wait for the API /healthz before running\n5aa1c0e e2e: retry twice on CI\ne1d2a90 store: bookings slice shared by MyBookings and header\nc2e9d41 booking: confirm step before booking",
        ),
    )
    s.act(None, Edit("CHANGELOG.md", "## Unreleased\n", "## Unreleased\n\n## 0.4.0\n", not_read=True))
    s.act(
        None,
        Read(
            "CHANGELOG.md",
            "# Changelog\n\n## Unreleased\n\n## 0.3.0 — 2026-09-28\n\n- Venue pages with opening hours",
            total=14,
            limit=7,
        ),
    )
    s.act(
        None,
        Edit(
            "CHANGELOG.md",
            "## Unreleased\n",
            "## Unreleased\n\n## 0.4.0 — 2026-10-26\n\n- Booking: confirm step with room, time and price before booking\n"
            "- Bookings load through TanStack Query; cancel refreshes every list\n- Error messages come from the API's problem details\n"
            "- e2e tests wait for the API instead of retrying\n- date-fns-tz for venue-local times\n",
        ),
    )
    s.act(
        None,
        Bash(
            'sed -i \'s/"version": "0.3.4"/"version": "0.4.0"/\' package.json && grep \'"version"\' package.json',
            '  "version": "0.4.0",',
        ),
    )
    s.say("CHANGELOG has a 0.4.0 section (dated Monday 26 Oct) and package.json is at 0.4.0. Commit and tag?")
    s.turn_done()
    s.user(
        "commit yes, no tag yet. 0.4.0 goes out Monday, not today, Anna wants to tell the customers first. "
        "and no Co-Authored-By trailer",
        decisions=["0.4.0 goes out Monday, not today"],
        rules=[("coauthor", "no Co-Authored-By trailer")],
    )
    s.act(
        None,
        Bash(
            "git add CHANGELOG.md package.json && git commit -m 'release: 0.4.0 changelog'",
            git_commit("chore/release-0.4.0", "6c1e8f2", "release: 0.4.0 changelog", 2, 9, 1),
        ),
    )
    s.shell_escape("git log -1 --format=%B", "release: 0.4.0 changelog")
    s.user("passt")
    s.outcome("success", "changelog and version bump committed without a tag; Mira: passt")
    return s


SESSIONS = [
    s21_race_back,
    s22_exclusion,
    s23_still_500,
    s24_dst_test,
    s25_lockfile,
    s25b_fixtures,
    s26_sunday_e2e,
    s27_dst_fix,
    s28_idle,
    s29_changelog,
]
