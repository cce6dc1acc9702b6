"""The recurring problems of slotbook, the rule pairs that are both kept, and the skill routing prompts."""

from __future__ import annotations

RACE = "double-booking-race"
DST = "slot-times-wrong-zone"
E2E = "e2e-api-not-ready"
SQLC = "sqlc-generated-code-stale"

PROBLEMS = {
    RACE: {
        "project": "slotbook-api",
        "description": "Two bookings for the same room and overlapping time: CreateBooking in "
        "internal/booking/service.go checks for an overlap with a SELECT and then INSERTs, and nothing locks "
        "anything in between, so concurrent requests both pass the check. Shows up as a -race concurrency test "
        "that sees 2 bookings instead of 1, as a support complaint about a double-booked room, and (after the "
        "sqlc refactor dropped the lock) as a renamed integration test failing on CI. First fixed with a row "
        "lock on the room (SELECT ... FOR UPDATE in the transaction), later replaced by an exclusion "
        "constraint in Postgres.",
        "nouns": [
            "internal/booking/service.go",
            "CreateBooking",
            "TestCreateBooking_ConcurrentSameSlot",
            "TestBookings_ParallelCreateSameSlot",
            "overlap",
            "doppelt gebucht",
            "same room",
            "InsertBookingIfFree",
        ],
        "fix": ["FOR UPDATE", "LockRoomForUpdate", "-race", "-count=50"],
        "key_step": "FOR UPDATE",
        "second_fix": {"fix": ["EXCLUDE USING gist", "btree_gist", "23P01", "409"]},
    },
    DST: {
        "project": "slotbook-api",
        "description": "Slot times built in the wrong time zone: AvailableSlots in internal/booking/service.go "
        "builds opening hours with time.Date(..., time.UTC) (and time.Local in one helper) instead of the "
        "venue's location, so slots are an hour or two off, worst around the DST switch on 25 Oct. Shows up "
        "as TestAvailableSlots_DSTEnd failing (Z instead of +01:00), and as the web app's Sunday slots "
        "starting at 11:00 instead of 10:00 in the playwright run.",
        "nouns": [
            "AvailableSlots",
            "TestAvailableSlots_DSTEnd",
            "internal/booking/service.go",
            "time.UTC",
            "Europe/Berlin",
            "25.10.",
            "2026-10-25T09:00:00Z",
        ],
        "fix": ["time.LoadLocation", "venue.Timezone", "TestAvailableSlots_DSTEnd", "TZ=America/New_York"],
        "key_step": "time.LoadLocation",
    },
    E2E: {
        "project": "slotbook-web",
        "description": "Playwright e2e tests start before the API is up: playwright.config.ts's webServer only "
        "starts vite, the API comes from docker compose and is still starting, so the first run after "
        "`docker compose up` (and every CI run) fails: timeouts waiting for the Book button or the slot list, "
        "ERR_CONNECTION_REFUSED on :8080, 'fetch failed' in the web server log. A second run passes.",
        "nouns": [
            "playwright",
            "e2e/booking.spec.ts",
            "webServer",
            "ERR_CONNECTION_REFUSED",
            "slot-list",
            "playwright.config.ts",
            "pnpm e2e",
        ],
        "fix": ["webServer", "/healthz", "reuseExistingServer", "--repeat-each"],
        "key_step": "/healthz",
    },
    SQLC: {
        "project": "slotbook-api",
        "description": "Generated sqlc code out of date: a query in internal/db/queries/*.sql changed but "
        "internal/db was not regenerated (or regenerated but not committed), so the build breaks with missing "
        "fields or undefined Params types / methods (locally or only on CI), or CI's `sqlc diff` step fails.",
        "nouns": ["sqlc", "internal/db", "sqlc diff", "rooms.sql.go", "Params", "undefined: db."],
        "fix": ["sqlc generate", "internal/db", "go build ./..."],
        "key_step": "sqlc generate",
    },
}

# Two rules on one subject (repository tests) that do not contradict each other: both stay in force.
COMPATIBLE_RULES = [
    [
        "repo tests run against a real Postgres via testcontainers, no sqlmock",
        "tag the testcontainers tests with the integration build tag so go test ./... stays fast",
    ]
]

SKILL_PROMPTS = {
    "should": {
        RACE: [
            "two customers got the same room for the same time slot again",
            "TestCreateBooking_ConcurrentSameSlot fails under -race: got 2 bookings, want 1",
            "schon wieder eine Doppelbuchung, zwei Buchungen für denselben Raum zur selben Zeit",
        ],
        DST: [
            "the slots on the day the clocks change are an hour off",
            "TestAvailableSlots_DSTEnd wants +01:00 but the slot comes back in UTC",
            "die Slots am Sonntag fangen eine Stunde zu spät an, 11 Uhr statt 10",
        ],
        E2E: [
            "playwright fails on the first run with connection refused, the second run is green",
            "the booking e2e test times out in CI waiting for the Book button",
            "e2e Tests sind rot, weil die API noch nicht hochgefahren ist",
        ],
        SQLC: [
            "go build fails: db.Room has no field Capacity after I changed the query",
            "the sqlc diff step in CI says the generated code is out of date",
            "CI rot wegen sqlc, undefined: db.ListRoomsParams",
        ],
    },
    "should_not": [
        "add a /healthz endpoint that pings the database",
        "write the changelog for 0.5.0",
        "add a cancellation fee to the booking confirmation email",
        "rename Venue to Location in the web app",
        "what node version does CI use?",
        "explain the difference between pgx.CollectRows and sqlc :many",
        "add a dark mode toggle to the booking calendar",
        "bump react and vite to the latest versions",
        "add rate limiting to the login endpoint",
        "make the room search case-insensitive",
        "schreib mir eine README für das web repo",
        "in my rust CLI, parse the arguments with clap derive",
        "tune the spark job's shuffle partitions",
        "write a bash script that rotates nginx logs weekly",
        "set up dependabot for the go modules",
        "translate the error messages into German",
        "add an index on bookings.user_id",
    ],
}
