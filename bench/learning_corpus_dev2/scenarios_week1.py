"""Sessions of the first week (Mon 5 Oct - Fri 9 Oct 2026)."""

from __future__ import annotations

import slotbook_source as src
from fake_output import git_commit, git_push, go_test, lint, playwright, vitest
from problems import E2E, RACE
from transcript_kit import (
    TODO_REMINDER,
    Agent,
    Bash,
    Denied,
    Edit,
    Glob,
    Grep,
    Read,
    Session,
    TaskCreate,
    TaskUpdate,
    Write,
)

API = "slotbook-api"
WEB = "slotbook-web"


# ------------------------------------------------------------------------------------------------------------------
def s01_healthz() -> Session:
    s = Session("s01-healthz", "2026-10-05T07:12:40", "2.1.181", "main", "quiet-humming-otter", project=API)
    s.user("add GET /healthz. ping the db with a 2s timeout, 503 if it fails", after=0)
    s.act(None, Grep("func \\(s \\*Server\\) routes", ["internal/http/server.go"]))
    s.act(None, Read("internal/http/server.go", src.HEALTH_GO_ROUTES, offset=38, limit=5, total=96))
    s.act(
        "Adding the route and a small handler that pings the pool with a 2 s deadline.",
        Edit(
            "internal/http/server.go",
            '	s.mux.HandleFunc("GET /venues/{id}/slots", s.handleSlots)',
            '	s.mux.HandleFunc("GET /healthz", s.handleHealthz)\n	s.mux.HandleFunc("GET /venues/{id}/slots", s.handleSlots)',
        ),
    )
    s.act(
        None,
        Write(
            "internal/http/healthz.go",
            """package http

import (
	"context"
	"net/http"
	"time"

	"github.com/pkg/errors"
)

func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.pool.Ping(ctx); err != nil {
		s.log.Error("healthz", "err", errors.Wrap(err, "ping db"))
		http.Error(w, "db unavailable", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
""",
        ),
    )
    s.user(
        "no pkg/errors pls. we wrap errors with fmt.Errorf and %w, no pkg/errors, it's not even in go.mod anymore",
        rules=[("wrap", "we wrap errors with fmt.Errorf and %w, no pkg/errors")],
    )
    s.act(
        "Right — switching to `fmt.Errorf` with `%w`.",
        Edit(
            "internal/http/healthz.go",
            '		s.log.Error("healthz", "err", errors.Wrap(err, "ping db"))',
            '		s.log.Error("healthz", "err", fmt.Errorf("ping db: %w", err))',
        ),
        latency=3.5,
    )
    s.act(
        None,
        Edit("internal/http/healthz.go", '	"time"\n\n	"github.com/pkg/errors"\n)', '	"time"\n)'),
    )
    s.act(
        None,
        Edit("internal/http/healthz.go", 'import (\n	"context"', 'import (\n	"context"\n	"fmt"'),
    )
    s.act(None, Bash("go build ./... && go test ./internal/http/...", go_test(only=["internal/http"]), secs=6))
    s.act(
        None,
        Bash(
            "git add internal/http && git commit -m 'http: add /healthz with db ping'",
            git_commit("main", "4b1f0e2", "http: add /healthz with db ping", 2, 24, 0, ["internal/http/healthz.go"]),
        ),
    )
    s.say("`GET /healthz` returns 204, or 503 when the ping fails within 2 s. Committed on main as 4b1f0e2.")
    s.user("👍")
    s.outcome("success", "healthz added, build and tests pass, committed; Mira: 👍")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s02_cancel() -> Session:
    s = Session(
        "s02-cancel", "2026-10-05T12:30:05", "2.1.181", "feat/cancel-booking", "amber-sliding-finch", project=API
    )
    s.user(
        "DELETE /bookings/{id} → cancels (sets cancelled_at), 409 if it already started. "
        "cancellation fee is a flat 10 euro, Anna agreed, just store fee_cents=1000 on the booking for now",
        after=0,
        decisions=["cancellation fee is a flat 10 euro, Anna agreed"],
    )
    s.act(
        None,
        TaskCreate(
            "Add CancelBooking query", "sqlc query setting cancelled_at and fee_cents", "Adding CancelBooking query"
        ),
        TaskCreate("Add DELETE /bookings/{id} handler", "409 when the booking already started", "Adding the handler"),
    )
    s.act(None, TaskUpdate("1", "in_progress"))
    s.act(
        None,
        Write(
            "internal/db/queries/cancel.sql",
            "-- name: CancelBooking :one\nUPDATE bookings SET cancelled_at = now(), fee_cents = 1000\n"
            "WHERE id = $1 AND cancelled_at IS NULL AND starts_at > now()\nRETURNING *;\n",
        ),
    )
    s.act(None, Bash("sqlc generate && go build ./...", "", secs=3))
    s.act(None, TaskUpdate("1", "completed"), TaskUpdate("2", "in_progress"))
    s.act(
        "Handler: the query only matches future, not-yet-cancelled bookings, so no row means 404 or 409. How "
        "should the error body look — JSON or plain text like the other handlers?",
        Write(
            "internal/http/cancel.go",
            """package http

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/jackc/pgx/v5"
)

func (s *Server) handleCancelBooking(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		http.Error(w, "bad booking id", http.StatusBadRequest)
		return
	}
	b, err := s.q.CancelBooking(r.Context(), id)
	if errors.Is(err, pgx.ErrNoRows) {
		http.Error(w, "booking not found, already cancelled or already started", http.StatusConflict)
		return
	}
	if err != nil {
		s.internalError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}
""",
        ),
    )
    s.user(
        "plain text. error bodies stay plain text via http.Error for now, the web app just shows the string",
        rules=[("errors-plain", "error bodies stay plain text via http.Error for now")],
    )
    s.act(
        None,
        Bash(
            "golangci-lint run ./...",
            lint(
                [
                    (
                        "internal/http/bookings.go:71:17",
                        "Error return value of `rows.Close` is not checked",
                        "errcheck",
                    )
                ]
            ),
            code=1,
            secs=14,
        ),
    )
    s.one_off("golangci-lint errcheck: rows.Close return value not checked in internal/http/bookings.go")
    s.act(
        None,
        Read(
            "internal/http/bookings.go",
            '	rows, err := s.pool.Query(ctx, listSQL, userID)\n	if err != nil {\n		return nil, fmt.Errorf("list bookings: %w", err)\n	}\n	defer rows.Close()',
            offset=67,
            limit=5,
            total=140,
        ),
    )
    s.act(
        "Unrelated to this change, but it fails the lint. `pgx.Rows.Close()` returns nothing in pgx v5 — the "
        "lint hits because this still uses `database/sql`-style code. Switching to `pgx.CollectRows`:",
        Edit(
            "internal/http/bookings.go",
            "	defer rows.Close()",
            "	defer rows.Close() //nolint:errcheck // pgx v5 Rows.Close has no error; Err() is checked below",
        ),
    )
    s.act(None, Bash("golangci-lint run ./... && go test ./...", lint([]) + "\n" + go_test(), secs=30))
    s.act(None, TaskUpdate("2", "completed"))
    s.say(
        "DELETE /bookings/{id} is in: 200 with the booking, 409 as plain text when it can't be cancelled. Lint clean, tests pass."
    )
    s.user("passt. commit")
    s.act(
        None,
        Bash(
            "git add -A internal && git commit -m 'bookings: cancel endpoint with flat fee'",
            git_commit(
                "feat/cancel-booking",
                "9c03d7a",
                "bookings: cancel endpoint with flat fee",
                5,
                88,
                2,
                ["internal/db/queries/cancel.sql", "internal/http/cancel.go"],
            ),
        ),
    )
    s.say("Committed as 9c03d7a on feat/cancel-booking.")
    s.outcome("success", "cancel endpoint added, lint and tests green, committed; Mira: passt")
    return s


# ------------------------------------------------------------------------------------------------------------------
_RACE_FAIL_1 = [
    "=== RUN   TestCreateBooking_ConcurrentSameSlot",
    "    service_test.go:88: expected exactly 1 booking for room 3 at 2026-10-06T10:00:00+02:00, got 2",
    "    service_test.go:89: ids: [412 413]",
    "--- FAIL: TestCreateBooking_ConcurrentSameSlot (0.31s)",
]


def s03_race_test() -> Session:
    s = Session(
        "s03-race-test",
        "2026-10-06T07:05:12",
        "2.1.181",
        "test/booking-concurrency",
        "brave-leaning-walrus",
        project=API,
    )
    s.user(
        "write a test: 20 goroutines book the same room+slot at once, exactly one must win. "
        "internal/booking, use the testcontainers helper that's already there",
        after=0,
    )
    s.act(
        None, Glob("internal/booking/*_test.go", ["internal/booking/service_test.go", "internal/booking/slots_test.go"])
    )
    s.act(
        None,
        Read(
            "internal/booking/service_test.go",
            "func newTestService(t *testing.T) (*Service, *db.Queries) {\n	pool := testutil.StartPostgres(t)\n	q := db.New(pool)\n	seedRooms(t, q)\n	return &Service{pool: pool, q: q}, q\n}",
            offset=18,
            limit=6,
            total=92,
        ),
    )
    s.act(None, Read("internal/booking/service.go", src.SERVICE_GO, total=58))
    s.act(
        "Adding the concurrency test next to the existing ones.",
        Write(
            "internal/booking/concurrency_test.go",
            """package booking

import (
	"context"
	"sync"
	"testing"
	"time"
)

func TestCreateBooking_ConcurrentSameSlot(t *testing.T) {
	svc, q := newTestService(t)
	start := time.Date(2026, 10, 6, 10, 0, 0, 0, berlin)
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(user int64) {
			defer wg.Done()
			_, _ = svc.CreateBooking(context.Background(), NewBooking{RoomID: 3, UserID: user, StartsAt: start, EndsAt: start.Add(time.Hour)})
		}(int64(i + 1))
	}
	wg.Wait()
	n, _ := q.CountBookingsForRoom(context.Background(), 3)
	if n != 1 {
		t.Fatalf("expected exactly 1 booking for room 3 at %s, got %d", start.Format(time.RFC3339), n)
	}
}
""",
        ),
    )
    s.act(
        None,
        Bash(
            "go test -race -run TestCreateBooking_ConcurrentSameSlot ./internal/booking/",
            go_test({"internal/booking": _RACE_FAIL_1}, only=["internal/booking"], race=True),
            code=1,
            secs=9,
        ),
    )
    s.act(
        None,
        Grep(
            "CountOverlapping|InsertBooking",
            [
                "internal/db/queries/bookings.sql:1:-- name: CountOverlapping :one",
                "internal/db/queries/bookings.sql:6:-- name: InsertBooking :one",
                "internal/booking/service.go:23:	n, err := s.q.CountOverlapping(ctx, db.CountOverlappingParams{",
                "internal/booking/service.go:34:	b, err := s.q.InsertBooking(ctx, db.InsertBookingParams{",
            ],
            mode="content",
        ),
    )
    s.act(
        "The test catches a real bug: `CreateBooking` counts overlapping bookings and then inserts, with nothing "
        "in between holding a lock, so two requests can both see 0 and both insert. Running it a few more times "
        "to see how often:",
        Bash(
            "go test -race -count=5 -run TestCreateBooking_ConcurrentSameSlot ./internal/booking/",
            go_test(
                {
                    "internal/booking": [
                        *_RACE_FAIL_1,
                        "=== RUN   TestCreateBooking_ConcurrentSameSlot",
                        "    service_test.go:88: expected exactly 1 booking for room 3 at 2026-10-06T10:00:00+02:00, got 3",
                        "--- FAIL: TestCreateBooking_ConcurrentSameSlot (0.28s)",
                    ]
                },
                only=["internal/booking"],
                race=True,
            ),
            code=1,
            secs=14,
        ),
    )
    s.hit(RACE)
    s.outcome("failed", "the new concurrency test shows CreateBooking double-books; session ends on the failing run")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _e2e_timeout(attempt: int) -> str:
    body = "\n".join(
        [
            "  1) [chromium] › e2e/booking.spec.ts:3:5 › book a free slot ──────────────────────────────────────",
            "",
            "    Error: expect(locator).toBeVisible() failed",
            "",
            "    Locator:  getByTestId('slot-list')",
            "    Expected: visible",
            "    Timeout:  5000ms",
            "    Error: element(s) not found",
            "",
            "    Call log:",
            '      - Expect "toBeVisible" with timeout 5000ms',
            "      - waiting for getByTestId('slot-list')",
            "",
            "      3 | test('book a free slot', async ({ page }) => {",
            "      4 |   await page.goto('/venues/kiel/book?date=2026-10-07')",
            "    > 5 |   await expect(page.getByTestId('slot-list')).toBeVisible()",
            "        |                                                ^",
            "",
            "    Error Context: test-results/booking-book-a-free-slot-chromium/error-context.md",
            "",
            "    [browser] Failed to load resource: net::ERR_CONNECTION_REFUSED (http://localhost:8080/venues/kiel/slots?date=2026-10-07)",
        ]
    )
    return playwright(
        6, ["[chromium] › e2e/booking.spec.ts:3:5 › book a free slot"], secs=11.2 + attempt * 0.7, body=body
    )


def s04_booking_form() -> Session:
    s = Session(
        "s04-booking-form", "2026-10-06T11:40:33", "2.1.181", "feat/booking-form", "tidy-wandering-crane", project=WEB
    )
    s.user(
        "booking form: after you pick a slot show a confirm step with room, time, price. "
        "then make the booking e2e test cover it. date-fns is not installed yet I think",
        after=0,
    )
    s.act(None, Grep("date-fns", [], glob="package.json"))
    s.act(
        "date-fns isn't a dependency yet; installing it.",
        Denied(Bash("npm install date-fns", "", desc="Install date-fns")),
    )
    s.user(
        "pnpm only, no npm or yarn in this repo. npm makes a package-lock.json and then CI has two lockfiles",
        rules=[("pnpm", "pnpm only, no npm or yarn in this repo")],
    )
    s.act(
        None,
        Bash(
            "pnpm add date-fns",
            "Packages: +1\n+\nProgress: resolved 612, reused 611, downloaded 1, added 1, done\n\ndependencies:\n+ date-fns 4.1.0\n\nDone in 2.3s",
            secs=4,
        ),
    )
    s.act(
        None,
        Write(
            "src/booking/ConfirmStep.tsx",
            """import { format } from 'date-fns'
import type { Slot, Room } from '../types'

export function ConfirmStep({ room, slot, onConfirm }: { room: Room; slot: Slot; onConfirm: () => void }) {
  return (
    <section aria-label="Confirm booking">
      <p>{room.name}, {format(new Date(slot.startsAt), 'HH:mm')}–{format(new Date(slot.endsAt), 'HH:mm')}</p>
      <p>{(room.priceCents / 100).toFixed(2)} €</p>
      <button onClick={onConfirm}>Book</button>
    </section>
  )
}
""",
        ),
    )
    s.act(None, Read("e2e/booking.spec.ts", src.BOOKING_SPEC, total=9))
    s.act(
        None,
        Edit(
            "e2e/booking.spec.ts",
            "  await page.getByRole('button', { name: 'Book' }).click()",
            "  await expect(page.getByLabel('Confirm booking')).toContainText('Kiel')\n"
            "  await page.getByRole('button', { name: 'Book' }).click()",
        ),
    )
    cmd = "pnpm exec playwright test e2e/booking.spec.ts"
    s.act(None, Bash(cmd, _e2e_timeout(1), code=1, secs=18))
    s.act(
        "The slot list never renders: the page can't reach the API on :8080 (connection refused). Is the API "
        "container running? Trying once more in case it was still starting:",
        Bash(cmd, _e2e_timeout(2), code=1, secs=18),
    )
    s.act(
        None,
        Bash(
            "docker compose ps",
            'NAME                 IMAGE              COMMAND                  SERVICE   CREATED         STATUS                            PORTS\nslotbook-api-db-1    postgres:16        "docker-entrypoint.s…"   db        9 seconds ago   Up 8 seconds                      0.0.0.0:5432->5432/tcp\nslotbook-api-api-1   slotbook-api-api   "/slotbookd"             api       9 seconds ago   Up 1 second (health: starting)    0.0.0.0:8080->8080/tcp',
            secs=1,
        ),
    )
    s.act(None, Bash(cmd, _e2e_timeout(3), code=1, secs=18))
    s.hit(E2E)
    s.say(
        "Still the same: `slot-list` never appears and the browser log shows ERR_CONNECTION_REFUSED for "
        ":8080. The API container was only just starting. The confirm step itself is done; the e2e run needs the "
        "API up first."
    )
    s.user("egal, morgen. don't commit")
    s.outcome("failed", "booking e2e test fails three times (API not reachable); Mira stops, nothing committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _explore_fetches(c: Session) -> None:
    c.act(
        None,
        Glob(
            "src/**/*.{ts,tsx}",
            [
                "src/main.tsx",
                "src/lib/api.ts",
                "src/booking/useBookings.ts",
                "src/booking/SlotPicker.tsx",
                "src/booking/ConfirmStep.tsx",
                "src/account/MyBookings.tsx",
                "src/layout/HeaderBadge.tsx",
                "src/venues/useVenue.ts",
            ],
        ),
    )
    c.act(None, Read("src/lib/api.ts", src.API_TS, total=23))
    c.act(
        None,
        Grep(
            "api\\.(get|post|del)<",
            [
                "src/booking/useBookings.ts:10",
                "src/venues/useVenue.ts:8",
                "src/booking/SlotPicker.tsx:21",
                "src/account/MyBookings.tsx:14",
            ],
            path="src",
            mode="content",
        ),
    )
    c.act(None, Read("src/booking/useBookings.ts", src.USE_BOOKINGS_TS, total=14))
    c.act(
        None,
        Read(
            "src/layout/HeaderBadge.tsx",
            "export function HeaderBadge() {\n  const { user } = useSession()\n  const { bookings } = useBookings(user.id)\n  return <Badge count={bookings.filter(isUpcoming).length} />\n}",
            total=11,
        ),
    )
    c.say(
        "Four places call the API directly:\n- `src/booking/useBookings.ts:10` — user bookings, useEffect + useState\n"
        "- `src/account/MyBookings.tsx:14` — same endpoint again, inline in the component\n"
        "- `src/booking/SlotPicker.tsx:21` — slots for a venue/day\n- `src/venues/useVenue.ts:8` — venue details\n"
        "`useBookings` and `MyBookings` fetch the same list independently."
    )


def s05_store() -> Session:
    s = Session(
        "s05-store", "2026-10-07T06:50:18", "2.1.184", "refactor/bookings-store", "gentle-pacing-lynx", project=WEB
    )
    s.user(
        "MyBookings and the header badge both fetch bookings and show different counts after a cancel. 🙄 "
        "find all the places that fetch from the api",
        after=0,
    )
    s.act(
        None,
        Agent(
            "Find direct API fetches",
            "Find every place in src/ that calls the API client (api.get/api.post/api.del) directly. For each, give "
            "the file:line, what it fetches and whether the same data is fetched elsewhere. Report only; do not "
            "change files.",
            "Explore",
            _explore_fetches,
        ),
    )
    s.say(
        "Bookings are fetched twice (`useBookings` and inline in `MyBookings`), so after a cancel only one of them "
        "refetches. Options: a shared store, or a query cache. Which do you prefer?"
    )
    s.user(
        "store. we keep everything the API returns in the zustand store, one slice per resource. bookings first",
        rules=[("server-state", "we keep everything the API returns in the zustand store, one slice per resource")],
    )
    s.act(None, Write("src/store/bookings.ts", src.STORE_TS + "\n"))
    s.act(
        None,
        Read(
            "src/account/MyBookings.tsx",
            "export function MyBookings({ userId }: { userId: string }) {\n  const [items, setItems] = useState<Booking[]>([])\n  useEffect(() => {\n    api.get<Booking[]>(`/users/${userId}/bookings`).then(setItems)\n  }, [userId])",
            offset=11,
            limit=5,
            total=48,
        ),
    )
    s.act(
        None,
        Edit(
            "src/account/MyBookings.tsx",
            "  const [items, setItems] = useState<Booking[]>([])\n  useEffect(() => {\n    api.get<Booking[]>(`/users/${userId}/bookings`).then(setItems)\n  }, [userId])",
            "  const { bookings: items, load } = useBookingsStore()\n  useEffect(() => {\n    void load(userId)\n  }, [userId, load])",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm vitest run src/account src/store",
            vitest([("src/account/MyBookings.test.tsx", 4, 0), ("src/store/bookings.test.ts", 3, 0)], secs=3.4),
            secs=6,
        ),
    )
    s.say(
        "MyBookings and the header badge now read the same `useBookingsStore` slice; cancel updates both. Tests pass."
    )
    s.user("👍 commit")
    s.act(
        None,
        Bash(
            "git add src && git commit -m 'store: bookings slice shared by MyBookings and header'",
            git_commit(
                "refactor/bookings-store",
                "e1d2a90",
                "store: bookings slice shared by MyBookings and header",
                4,
                61,
                19,
                ["src/store/bookings.ts"],
            ),
        ),
    )
    s.outcome("success", "bookings moved into a shared zustand slice, vitest green, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s06_support_complaint() -> Session:
    s = Session("s06-support", "2026-10-07T13:10:51", "2.1.184", "main", "restless-folding-heron", project=API)
    s.user(
        "Anna from support: two customers have room Kiel tomorrow 10:00, both got a confirmation mail. "
        "second time this month. how can that even happen, we check for overlap?? look at CreateBooking",
        after=0,
    )
    s.act(None, Grep("func \\(s \\*Service\\) CreateBooking", ["internal/booking/service.go"]))
    s.act(None, Read("internal/booking/service.go", src.SERVICE_GO, offset=1, total=58))
    s.act(
        None,
        Read(
            "internal/db/queries/bookings.sql",
            "-- name: CountOverlapping :one\nSELECT count(*) FROM bookings\nWHERE room_id = $1 AND cancelled_at IS NULL\n  AND starts_at < sqlc.arg(ends_at) AND ends_at > sqlc.arg(starts_at);",
            total=4,
        ),
    )
    s.act(
        None,
        Bash(
            'psql "$STAGING_RO_URL" -c "select id, user_id, created_at from bookings where room_id = 3 and starts_at = \'2026-10-08 10:00+02\' order by id"',
            " id  | user_id |          created_at\n-----+---------+-------------------------------\n 377 |      41 | 2026-10-07 11:02:19.418+02\n 378 |      19 | 2026-10-07 11:02:19.459+02\n(2 rows)",
            secs=2,
        ),
    )
    s.act(
        None,
        Grep(
            "CreateBooking\\(",
            [
                "internal/http/bookings.go:58:	b, err := s.booking.CreateBooking(r.Context(), in)",
                "internal/booking/recurring.go:40:		if _, err := s.CreateBooking(ctx, occ); err != nil {",
            ],
            mode="content",
        ),
    )
    s.say(
        "The overlap check is correct, but it is a check-then-insert without a lock. `CreateBooking` runs "
        "`CountOverlapping` and then `InsertBooking` as two separate statements on the pool, not even in one "
        "transaction. Bookings 377 and 378 were created 41 ms apart: both requests counted 0 and both inserted. Nothing in the schema "
        "stops it either: `bookings` has no constraint on (room_id, time range).\n\nThe concurrency test from "
        "yesterday (`TestCreateBooking_ConcurrentSameSlot`) reproduces exactly this. Fix options:\n"
        "1. transaction + `SELECT … FOR UPDATE` on the room row before counting\n"
        "2. an exclusion constraint on bookings (btree_gist) and map the violation to 409\n"
        "3. serializable isolation + retry"
    )
    s.turn_done()
    s.user("ok I see. no time today, demo at 3. write it up as an issue text for me, I'll paste it")
    s.say(
        "**Double bookings: CreateBooking is not atomic**\n\nCreateBooking (internal/booking/service.go) counts "
        "overlapping bookings and inserts in two statements without a lock or transaction, so concurrent "
        "requests for the same room/slot can both succeed. Reproduced by `TestCreateBooking_ConcurrentSameSlot` "
        "(-race, 20 goroutines → 2–3 bookings). Seen in production: room Kiel, 8 Oct 10:00, bookings 377 and 378 created 41 ms apart.\n\nProposed fix: "
        "lock the room row (`SELECT … FOR UPDATE`) inside a transaction, or an exclusion constraint."
    )
    s.user("thx")
    s.hit(RACE)
    s.outcome("failed", "double booking explained and written up as an issue, nothing fixed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s07_testcontainers() -> Session:
    s = Session(
        "s07-testcontainers", "2026-10-08T07:20:09", "2.1.184", "test/repo-postgres", "sturdy-climbing-yak", project=API
    )
    s.user(
        "the repo tests in internal/db use sqlmock and test nothing real. rewrite them: "
        "repo tests run against a real Postgres via testcontainers, no sqlmock. the helper in internal/testutil can start one",
        after=0,
        rules=[("repo-tests", "repo tests run against a real Postgres via testcontainers, no sqlmock")],
    )
    s.act(None, Glob("internal/db/*_test.go", ["internal/db/bookings_repo_test.go", "internal/db/rooms_repo_test.go"]))
    s.act(
        None,
        Read(
            "internal/testutil/postgres.go",
            'func StartPostgres(t *testing.T) *pgxpool.Pool {\n	t.Helper()\n	ctr, err := postgres.Run(context.Background(), "postgres:16",\n		postgres.WithDatabase("slotbook"),\n		postgres.BasicWaitStrategies(),\n	)',
            offset=14,
            limit=6,
            total=52,
        ),
    )
    s.act(
        "The helper already runs goose migrations after start. Rewriting the two test files against it.",
        Write(
            "internal/db/bookings_repo_test.go",
            """package db_test

func TestInsertBooking_RoundTrip(t *testing.T) {
	pool := testutil.StartPostgres(t)
	q := db.New(pool)
	b, err := q.InsertBooking(ctx, db.InsertBookingParams{RoomID: 1, UserID: 7, StartsAt: t10, EndsAt: t11})
	require.NoError(t, err)
	got, err := q.GetBooking(ctx, b.ID)
	require.NoError(t, err)
	require.Equal(t, b, got)
}
""",
        ),
    )
    s.act(
        None,
        Bash(
            "go mod tidy && go test ./internal/db/...",
            "ok  \tgithub.com/slotbook/slotbook-api/internal/db\t6.913s",
            secs=12,
        ),
    )
    s.act(
        "Both repo tests pass against a real Postgres 16 container. I'd suggest we always pin the Postgres image "
        "to a digest in docker-compose.yml, so local and CI use exactly the same server. Want me to bring the "
        "dev stack up too to check the seed script?",
    )
    s.not_person("I'd suggest we always pin the Postgres image to a digest in docker-compose.yml", "assistant_text")
    s.user("yes, up + seed")
    s.act(
        None,
        Bash(
            "docker compose up -d db && make seed",
            " Container slotbook-api-db-1  Creating\n Container slotbook-api-db-1  Created\n Container slotbook-api-db-1  Starting\n"
            "Error response from daemon: driver failed programming external connectivity on endpoint slotbook-api-db-1 "
            "(2c1f…): Bind for 0.0.0.0:5432 failed: port is already allocated",
            code=1,
            secs=4,
        ),
    )
    s.one_off("docker compose cannot bind 5432: a Homebrew Postgres on the laptop already listens there")
    s.act(
        None,
        Bash(
            "lsof -nP -iTCP:5432 -sTCP:LISTEN",
            "COMMAND   PID USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME\npostgres 1893 mira    7u  IPv6 0x8e1c2a3b4d5e6f70      0t0  TCP *:5432 (LISTEN)",
        ),
    )
    s.say(
        "A local Postgres (PID 1893, probably Homebrew) holds 5432. Stop it (`brew services stop postgresql@16`) or map the container to another port?"
    )
    s.user(
        "map it to 55432. lesson learned: brew postgres starts on login and grabs 5432",
        lessons=["brew postgres starts on login and grabs 5432"],
    )
    s.act(None, Read("docker-compose.yml", src.COMPOSE_YML, total=22))
    s.act(None, Edit("docker-compose.yml", '      - "5432:5432"', '      - "55432:5432"'))
    s.act(
        None,
        Bash(
            "docker compose up -d db && make seed",
            " Container slotbook-api-db-1  Started\ngoose: successfully migrated database to version: 20261005093000\nseed: 4 venues, 19 rooms, 120 bookings",
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "git add docker-compose.yml internal/db go.mod go.sum && git commit -m 'db: repo tests on testcontainers, drop sqlmock\n\nCo-Authored-By: Claude <noreply@anthropic.com>'",
            git_commit("test/repo-postgres", "77ab3c1", "db: repo tests on testcontainers, drop sqlmock", 5, 96, 141),
        ),
    )
    s.user(
        "bitte kein Co-Authored-By in den Commits, das ist mein Repo. amend",
        rules=[("coauthor", "bitte kein Co-Authored-By in den Commits", None, "de", "*")],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'db: repo tests on testcontainers, drop sqlmock'",
            git_commit("test/repo-postgres", "0d5e8f4", "db: repo tests on testcontainers, drop sqlmock", 5, 96, 141),
        ),
    )
    s.say("Amended: 0d5e8f4, without the trailer.")
    s.user("läuft")
    s.outcome("success", "repo tests on testcontainers pass, compose port moved, committed; Mira: läuft")
    return s


# ------------------------------------------------------------------------------------------------------------------
_CI_LOG_1 = """Run pnpm exec playwright test
[WebServer]
[WebServer]   VITE v7.1.3  ready in 612 ms
[WebServer]
[WebServer]   ➜  Local:   http://localhost:5173/
[WebServer] 9:02:14 AM [vite] http proxy error: /venues/kiel/slots?date=2026-10-07
[WebServer] Error: connect ECONNREFUSED 127.0.0.1:8080
[WebServer]     at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16)

Running 7 tests using 2 workers
  ✘  2 [chromium] › e2e/booking.spec.ts:3:5 › book a free slot (5.4s)
  ✘  4 [chromium] › e2e/cancel.spec.ts:5:5 › cancel an upcoming booking (5.3s)
  ✓  1 [chromium] › e2e/login.spec.ts:3:5 › log in with magic link (1.9s)
  …
  2 failed
    [chromium] › e2e/booking.spec.ts:3:5 › book a free slot
    [chromium] › e2e/cancel.spec.ts:5:5 › cancel an upcoming booking
  5 passed (21.7s)
Error: Process completed with exit code 1."""


def s08_ci_e2e() -> Session:
    s = Session(
        "s08-ci-e2e", "2026-10-08T12:00:44", "2.1.184", "feat/booking-form", "wobbly-sorting-pelican", project=WEB
    )
    s.user(
        "CI e2e job red on the PR again:\n\n```\n"
        + _CI_LOG_1
        + "\n```\n\nlocal it's green. make CI green pls, I need to merge today",
        after=0,
    )
    s.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "  e2e:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: pnpm/action-setup@v4\n      - run: docker compose -f ../slotbook-api/docker-compose.yml up -d\n      - run: pnpm install --frozen-lockfile\n      - run: pnpm exec playwright install --with-deps chromium\n      - run: pnpm exec playwright test",
            offset=31,
            limit=9,
            total=58,
        ),
    )
    s.act(None, Read("playwright.config.ts", src.PLAYWRIGHT_CONFIG, total=19))
    s.say(
        "CI starts the API with `docker compose up -d` (which returns as soon as the containers are created) and "
        "then immediately runs playwright, so the first tests hit :8080 before the API listens "
        "(ECONNREFUSED in the vite proxy). Locally the API is usually already running.\n\nQuick way to get the PR "
        "green: retry failed tests in CI. Proper fix: make playwright wait for the API. Quick one now?"
    )
    s.turn_done()
    s.user("quick one, retries for now")
    s.act(None, Edit("playwright.config.ts", "  retries: 0,", "  retries: process.env.CI ? 2 : 0,"))
    s.act(
        None,
        Bash(
            "git commit -am 'e2e: retry twice on CI' && git push",
            git_commit("feat/booking-form", "5aa1c0e", "e2e: retry twice on CI", 1, 1, 1)
            + "\n"
            + git_push("slotbook-web", "feat/booking-form", "c2e9d41", "5aa1c0e"),
        ),
    )
    s.act(
        None,
        Bash(
            "gh run watch --exit-status",
            "✓ feat/booking-form CI · 18342011907\nTriggered via push about 6 minutes ago\n\nJOBS\n✓ lint in 41s\n✓ typecheck in 37s\n✓ unit in 1m02s\n✓ e2e in 3m48s (2 flaky)\n",
            secs=380,
            timeout=600000,
        ),
    )
    s.say(
        "CI is green; the e2e job reports 2 flaky tests (passed on retry) — the API-startup race is still there underneath."
    )
    s.user("ok ship it")
    s.hit(E2E)
    s.outcome("success", "PR made green with CI retries (workaround), Mira: ok ship it")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s09_for_update() -> Session:
    s = Session(
        "s09-for-update", "2026-10-09T06:40:27", "2.1.184", "fix/double-booking", "steady-knitting-badger", project=API
    )
    s.user(
        "the double booking thing. fix it now, the concurrency test has to pass with -race -count=50",
        after=0,
    )
    s.act(None, Read("internal/booking/service.go", src.SERVICE_GO, total=58))
    s.act(
        None,
        Bash(
            "go test -race -count=50 -run TestCreateBooking_ConcurrentSameSlot ./internal/booking/",
            go_test({"internal/booking": _RACE_FAIL_1}, only=["internal/booking"], race=True),
            code=1,
            secs=16,
        ),
    )
    s.act(
        "Plan: run count+insert in one transaction and lock the room row first with `SELECT … FOR UPDATE`, so "
        "concurrent bookings of the same room queue up behind the lock.",
        Write(
            "internal/db/queries/lock.sql",
            "-- name: LockRoomForUpdate :one\nSELECT id FROM rooms WHERE id = $1 FOR UPDATE;\n",
        ),
    )
    s.act(
        None,
        Edit(
            "internal/booking/service.go",
            "	n, err := s.q.CountOverlapping(ctx, db.CountOverlappingParams{",
            '	tx, err := s.pool.Begin(ctx)\n	if err != nil {\n		return db.Booking{}, fmt.Errorf("begin: %w", err)\n	}\n'
            "	defer tx.Rollback(ctx) //nolint:errcheck // no-op after commit\n	q := s.q.WithTx(tx)\n"
            '	if _, err := q.LockRoomForUpdate(ctx, in.RoomID); err != nil {\n		return db.Booking{}, fmt.Errorf("lock room %d: %w", in.RoomID, err)\n	}\n'
            "	n, err := q.CountOverlapping(ctx, db.CountOverlappingParams{",
        ),
    )
    s.act(
        None,
        Edit(
            "internal/booking/service.go",
            "	b, err := s.q.InsertBooking(ctx, db.InsertBookingParams{",
            "	b, err := q.InsertBooking(ctx, db.InsertBookingParams{",
        ),
    )
    s.act(
        None,
        Edit(
            "internal/booking/service.go",
            '		return db.Booking{}, fmt.Errorf("insert booking: %w", err)\n	}\n	return b, nil',
            '		return db.Booking{}, fmt.Errorf("insert booking: %w", err)\n	}\n'
            '	if err := tx.Commit(ctx); err != nil {\n		return db.Booking{}, fmt.Errorf("commit: %w", err)\n	}\n	return b, nil',
        ),
    )
    s.act(None, Bash("sqlc generate && go build ./...", "", secs=4))
    s.act(
        None,
        Bash(
            "go test -race -count=50 -run TestCreateBooking_ConcurrentSameSlot ./internal/booking/",
            "ok  \tgithub.com/slotbook/slotbook-api/internal/booking\t41.207s",
            secs=44,
        ),
    )
    s.act(None, Bash("go test -race ./...", go_test(race=True), secs=35))
    s.say(
        "Fixed: `CreateBooking` now runs in a transaction and takes `LockRoomForUpdate` (SELECT … FOR UPDATE on "
        "the room) before counting overlaps. The concurrency test passes 50/50 under -race, full suite green.\n\n"
        "Caveat: the lock protects only code paths that go through `CreateBooking`. An exclusion constraint "
        "would protect the table itself."
    )
    s.turn_done()
    s.user(
        "we go with the row lock for now, exclusion constraint only if it bites again. "
        "lesson: the overlap SELECT doesn't lock anything if there's no row yet, that's why it raced. "
        "commit + PR",
        decisions=["we go with the row lock for now, exclusion constraint only if it bites again"],
        lessons=["the overlap SELECT doesn't lock anything if there's no row yet"],
    )
    s.act(
        None,
        Bash(
            "git add internal && git commit -m 'booking: lock room row in CreateBooking (fixes double booking)' && "
            "git push -u origin fix/double-booking && gh pr create --fill",
            git_commit(
                "fix/double-booking",
                "a4c61e9",
                "booking: lock room row in CreateBooking (fixes double booking)",
                4,
                37,
                3,
                ["internal/db/queries/lock.sql"],
            )
            + "\n"
            + git_push("slotbook-api", "fix/double-booking", new_branch=True)
            + "\nhttps://github.com/slotbook/slotbook-api/pull/58",
            secs=6,
        ),
    )
    s.say("PR #58 is open.")
    s.user("ok ship it")
    s.hit(RACE, fixed=True)
    s.outcome("success", "double booking fixed with a room row lock, -race -count=50 passes, PR opened")
    return s


# ------------------------------------------------------------------------------------------------------------------
def s10_tsc_any() -> Session:
    s = Session(
        "s10-tsc-any", "2026-10-09T12:15:02", "2.1.184", "feat/booking-form", "lucky-tumbling-otter", project=WEB
    )
    s.user("pnpm typecheck is red after the merge, fix", after=0, blocks_after=[TODO_REMINDER])
    s.act(
        None,
        Bash(
            "pnpm typecheck",
            "> slotbook-web@0.3.2 typecheck /home/mira/src/slotbook-web\n> tsc --noEmit\n\n"
            "src/booking/SlotPicker.tsx:34:27 - error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.\n"
            "  Type 'undefined' is not assignable to type 'string'.\n\n34     const d = parseISO(params.date)\n                             ~~~~~~~~~~~\n\n"
            "src/lib/api.ts:15:32 - error TS18046: 'body' is of type 'unknown'.\n\n15   return res.status === 204 ? (undefined as T) : (body as any).data\n\n"
            "Found 2 errors in 2 files.\n\n ELIFECYCLE  Command failed with exit code 2.",
            code=2,
            secs=7,
        ),
    )
    s.one_off("tsc TS2345 after a merge: useParams() date is string | undefined, passed to parseISO")
    s.act(
        None,
        Read(
            "src/booking/SlotPicker.tsx",
            "  const params = useParams<{ venue: string; date: string }>()\n  const d = parseISO(params.date)",
            offset=33,
            limit=2,
            total=88,
        ),
    )
    s.act(
        None,
        Edit(
            "src/booking/SlotPicker.tsx",
            "  const d = parseISO(params.date)",
            "  const d = parseISO(params.date as any)",
        ),
    )
    s.user(
        "please stop using any to make tsc shut up. unknown and narrow it, or handle the missing param",
        rules=[("no-any", "please stop using any to make tsc shut up")],
    )
    s.act(
        "Understood. A missing `date` should fall back to today:",
        Edit(
            "src/booking/SlotPicker.tsx",
            "  const d = parseISO(params.date as any)",
            "  const d = params.date ? parseISO(params.date) : startOfToday()",
        ),
        latency=3.1,
    )
    s.act(
        None,
        Read(
            "src/lib/api.ts",
            "  const body: unknown = await res.json()\n  return res.status === 204 ? (undefined as T) : (body as any).data",
            offset=14,
            limit=2,
            total=31,
        ),
    )
    s.act(
        None,
        Edit(
            "src/lib/api.ts",
            "  return res.status === 204 ? (undefined as T) : (body as any).data",
            "  if (res.status === 204) return undefined as T\n  if (typeof body !== 'object' || body === null || !('data' in body)) {\n"
            "    throw new ApiError(res.status, 'malformed response')\n  }\n  return body.data as T",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm typecheck && pnpm vitest run",
            "> slotbook-web@0.3.2 typecheck /home/mira/src/slotbook-web\n> tsc --noEmit\n\n"
            + vitest(
                [
                    ("src/lib/api.test.ts", 6, 0),
                    ("src/booking/SlotPicker.test.tsx", 5, 0),
                    ("src/account/MyBookings.test.tsx", 4, 0),
                    ("src/store/bookings.test.ts", 3, 0),
                ],
                secs=4.1,
            ),
            secs=14,
        ),
    )
    s.say(
        "Both errors fixed without `any`: missing date falls back to today, the response body is narrowed. Typecheck and 18 tests green."
    )
    s.user("passt")
    s.outcome("success", "tsc errors fixed without any, typecheck and vitest green; Mira: passt")
    return s


SESSIONS = [
    s01_healthz,
    s02_cancel,
    s03_race_test,
    s04_booking_form,
    s05_store,
    s06_support_complaint,
    s07_testcontainers,
    s08_ci_e2e,
    s09_for_update,
    s10_tsc_any,
]
