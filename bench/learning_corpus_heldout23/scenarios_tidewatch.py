"""Sessions in `tidewatch` (/home/callum/code/tidewatch): a Cloudflare Workers app in TypeScript that serves tide
times for Scottish harbours. Hono routes, D1 (migrations/ applied with wrangler), KV for cached predictions, a
Durable Object for per-key rate limiting, Vitest with @cloudflare/vitest-pool-workers, wrangler deploy to staging
and production from GitHub Actions."""

from __future__ import annotations

from fake_output import TIDE, git_commit, vitest
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

D1 = "d1-test-schema-dump"


def tw(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=TIDE, project="tidewatch")


SETUP_TS = """import { env } from "cloudflare:test";
import schema from "./schema.sql?raw";

beforeAll(async () => {
  for (const stmt of schema.split(";").map((s) => s.trim()).filter(Boolean)) {
    await env.DB.prepare(stmt).run();
  }
});"""

VITEST_CONFIG = """import { defineWorkersConfig } from "@cloudflare/vitest-pool-workers/config";

export default defineWorkersConfig({
  test: {
    setupFiles: ["./test/setup.ts"],
    poolOptions: {
      workers: {
        wrangler: { configPath: "./wrangler.toml" },
      },
    },
  },
});"""

GHA_LOG = """Run cloudflare/wrangler-action@v3
📥 Installing Wrangler
🚀 Running Wrangler Commands
  npx wrangler d1 migrations apply tidewatch-db --env staging --remote

 ⛅️ wrangler 3.99.0
▲ [WARNING] Always set compatibility_date to a recent date.

✘ [ERROR] A request to the Cloudflare API (/accounts/9f1e.../d1/database/...) failed.
  Authentication error [code: 10000]

Error: The process '/usr/local/bin/npx' failed with exit code 1"""


def _sa_ratelimit(c: Session) -> None:
    c.act(
        None,
        Read(
            "src/ratelimit.ts",
            'export class RateLimiter extends DurableObject {\n  async fetch(req: Request) {\n    const now = Date.now();\n    const bucket = (await this.ctx.storage.get<number[]>("hits")) ?? [];\n    const recent = bucket.filter((t) => now - t < 60_000);\n    if (recent.length >= 60) return new Response("slow down", { status: 429 });',
            total=44,
        ),
    )
    c.act(
        None,
        Read(
            "wrangler.toml",
            '[[durable_objects.bindings]]\nname = "RATE_LIMITER"\nclass_name = "RateLimiter"',
            offset=18,
            total=52,
        ),
    )
    c.say(
        "RateLimiter (src/ratelimit.ts) is one Durable Object per API key (idFromName(key)). It keeps a sliding "
        "60 s window of hit timestamps in storage and returns 429 after 60 hits. Bound as RATE_LIMITER in wrangler.toml."
    )


# ------------------------------------------------------------------------------------------------------------------
def t01_tides_route() -> Session:
    s = tw("t01-tides-route", "2027-03-01T09:41:07", "2.1.190", "feat/tides-route", "grey-clyde-puffin")
    s.user(
        "morning. need a GET /stations/:id/tides?date= route, returns the highs and lows for that day from the "
        "predictions table. from now on every new route gets a zod validator through @hono/zod-validator, i'm sick "
        "of hand rolled param checks. oh and we're staying on D1, not moving to Turso, so dont bother suggesting it",
        after=0,
        rules=[("zod-routes", "from now on every new route gets a zod validator through @hono/zod-validator")],
        decisions=["we're staying on D1, not moving to Turso"],
    )
    s.act(
        None,
        Read(
            "src/routes/stations.ts",
            'export const stations = new Hono<Env>();\n\nstations.get("/:id", async (c) => {\n  const row = await c.env.DB.prepare("SELECT * FROM stations WHERE id = ?").bind(c.req.param("id")).first();\n  return row ? c.json(row) : c.notFound();\n});',
            total=31,
        ),
    )
    s.act(
        None,
        Edit(
            "src/routes/stations.ts",
            "export const stations = new Hono<Env>();",
            'export const stations = new Hono<Env>();\n\nconst tidesQuery = z.object({ date: z.string().regex(/^\\d{4}-\\d{2}-\\d{2}$/) });\n\nstations.get("/:id/tides", zValidator("query", tidesQuery), async (c) => {\n  const { date } = c.req.valid("query");\n  const { results } = await c.env.DB.prepare(\n    "SELECT kind, at, height_m FROM predictions WHERE station_id = ? AND day = ? ORDER BY at",\n  ).bind(c.req.param("id"), date).all();\n  return c.json(results);\n});',
        ),
    )
    s.act(None, Bash("npx vitest run", vitest(31), desc="Run the test suite", secs=14))
    s.say("Added GET /stations/:id/tides with a zod query validator (date must be YYYY-MM-DD); 31 tests pass.")
    s.user("grand, cheers")
    s.outcome("success", "tides route with a zod validator added, tests green, Callum happy")
    return s


def t02_offset_column() -> Session:
    s = tw("t02-offset-column", "2027-03-01T14:12:44", "2.1.190", "feat/secondary-ports", "damp-kelvin-gull")
    s.user(
        "added migrations/0007_tide_offset.sql, adds tide_offset_min to stations for the secondary ports. applied "
        "it locally with wrangler d1 migrations apply tidewatch-db --local, works in wrangler dev. now the tides "
        "test is falling over, have a look",
        after=0,
    )
    err = "D1_ERROR: no such column: tide_offset_min: SQLITE_ERROR"
    fail = [("test/tides.test.ts", "GET /stations/:id/tides > applies offset for secondary ports", err)]
    cmd = "npx vitest run test/tides.test.ts"
    s.act(None, Bash(cmd, vitest(5, fail, files=1), code=1, desc="Run the tides tests", secs=9))
    s.act(
        "The local D1 has the column, so this may be stale state in the test runner. Re-running once to rule out a cached build.",
        Bash(cmd, vitest(5, fail, files=1), code=1, desc="Re-run the tides tests", secs=9),
    )
    s.act(
        None,
        Bash(
            "cat migrations/0007_tide_offset.sql",
            "ALTER TABLE stations ADD COLUMN tide_offset_min INTEGER NOT NULL DEFAULT 0;",
        ),
    )
    s.act(
        "The migration is fine. I'll clear the Vitest cache and try again.",
        Bash(
            f"rm -rf node_modules/.vite && {cmd}",
            vitest(5, fail, files=1),
            code=1,
            desc="Clear cache and re-run",
            secs=12,
        ),
    )
    s.act(None, Bash(cmd, vitest(5, fail, files=1), code=1, desc="Run the tides tests again", secs=9))
    s.say(
        "Still `no such column: tide_offset_min` in the test environment even though the migration applies locally. "
        "From now on I'll run the full vitest suite before saying anything is fixed. I haven't found where the test "
        "database gets its schema yet."
    )
    s.not_person("From now on I'll run the full vitest suite before saying anything is fixed.", "assistant_text")
    s.user("brilliant, broken again. leave it, i'll look tonight")
    s.outcome("failed", "the tides test keeps failing with no such column; four runs, cause not found, left broken")
    s.hit(D1)
    return s


def t03_do_migration() -> Session:
    s = tw("t03-do-migration", "2027-03-02T10:06:31", "2.1.190", "feat/rate-limit", "brisk-partick-tern")
    s.user(
        "deploy the rate limiter branch to staging pls, `npx wrangler deploy --env staging`",
        after=0,
    )
    s.act(
        None,
        Bash(
            "npx wrangler deploy --env staging",
            " ⛅️ wrangler 3.99.0\n\n✘ [ERROR] In order to use Durable Objects with a free plan, you must create a "
            "namespace using a `new_sqlite_classes` migration. [code: 10097]\n\n  Migrations are required when "
            'adding a new Durable Object class: add a [[migrations]] entry for "RateLimiter" to wrangler.toml',
            code=1,
            desc="Deploy to staging",
            secs=11,
        ),
    )
    s.act(
        None,
        Read(
            "wrangler.toml",
            '[env.staging]\nname = "tidewatch-staging"\n\n[[env.staging.durable_objects.bindings]]\nname = "RATE_LIMITER"\nclass_name = "RateLimiter"',
            offset=30,
            total=58,
        ),
    )
    s.act(
        "The new Durable Object class needs a migration entry before it can be deployed.",
        Edit(
            "wrangler.toml",
            '[[env.staging.durable_objects.bindings]]\nname = "RATE_LIMITER"\nclass_name = "RateLimiter"',
            '[[env.staging.durable_objects.bindings]]\nname = "RATE_LIMITER"\nclass_name = "RateLimiter"\n\n[[migrations]]\ntag = "v1"\nnew_sqlite_classes = ["RateLimiter"]',
        ),
    )
    s.act(
        None,
        Bash(
            "npx wrangler deploy --env staging",
            " ⛅️ wrangler 3.99.0\nTotal Upload: 182.41 KiB / gzip: 41.07 KiB\nUploaded tidewatch-staging (3.21 sec)\nDeployed tidewatch-staging triggers (0.88 sec)\n  https://tidewatch-staging.callum-r.workers.dev\nCurrent Version ID: 4b1c0e7a-2d0f-4a57-9d3c-11aa0c6f2e90",
            desc="Deploy to staging",
            secs=15,
        ),
    )
    s.act(
        None,
        Bash(
            'git add wrangler.toml && git commit -m "chore: add durable object migration"',
            git_commit("feat/rate-limit", "a41c9e2", "chore: add durable object migration", 1, 4, 0),
        ),
    )
    s.act(None, Denied(Bash("git push origin HEAD:main", desc="Push to main")))
    s.user(
        "whoa no. nothing gets pushed to main, everything goes via a PR even when it's just me. push the branch",
        rules=[("no-push-main", "nothing gets pushed to main, everything goes via a PR")],
    )
    s.act(
        None,
        Bash(
            "git push -u origin feat/rate-limit",
            "To github.com:callumrennie/tidewatch.git\n * [new branch]      feat/rate-limit -> feat/rate-limit\nbranch 'feat/rate-limit' set up to track 'origin/feat/rate-limit'.",
        ),
    )
    s.say(
        "Deployed to staging (new_sqlite_classes migration for RateLimiter added) and pushed feat/rate-limit; open a PR when ready."
    )
    s.user("ta")
    s.outcome("success", "staging deploy works after adding the Durable Object migration; branch pushed, not main")
    s.one_off("wrangler deploy refuses a new Durable Object class without a [[migrations]] new_sqlite_classes entry")
    return s


def t04_kv_cache() -> Session:
    s = tw("t04-kv-cache", "2027-03-03T11:22:19", "2.1.191", "feat/kv-cache", "soft-leith-eider")
    s.user(
        "cache the admiralty predictions in KV, key by station+day, short ttl like 30s while I test it. and write a "
        "test, mock the upstream with vi.spyOn(globalThis, 'fetch') so we're not hammering their api",
        after=0,
        rules=[("spyon-fetch", "mock the upstream with vi.spyOn(globalThis, 'fetch')")],
    )
    s.act(
        None,
        Read(
            "src/admiralty.ts",
            'export async function predictions(env: Env, station: string, day: string) {\n  const res = await fetch(`${ADMIRALTY}/Stations/${station}/TidalEvents?duration=1`, {\n    headers: { "Ocp-Apim-Subscription-Key": env.ADMIRALTY_KEY },\n  });\n  return (await res.json()) as TidalEvent[];\n}',
            total=22,
        ),
    )
    s.act(
        None,
        Edit(
            "src/admiralty.ts",
            "export async function predictions(env: Env, station: string, day: string) {",
            'export async function predictions(env: Env, station: string, day: string) {\n  const key = `pred:${station}:${day}`;\n  const hit = await env.PRED_CACHE.get<TidalEvent[]>(key, "json");\n  if (hit) return hit;',
        ),
        Write(
            "test/admiralty.test.ts",
            'import { env } from "cloudflare:test";\nimport { vi, it, expect } from "vitest";\n\nit("caches predictions", async () => {\n  const spy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json([{ EventType: "HighWater" }]));\n  await predictions(env, "0409", "2027-03-03");\n  await predictions(env, "0409", "2027-03-03");\n  expect(spy).toHaveBeenCalledTimes(1);\n});\n',
        ),
    )
    s.act(
        None,
        Bash(
            "npx vitest run test/admiralty.test.ts",
            vitest(
                0,
                [
                    (
                        "test/admiralty.test.ts",
                        "caches predictions",
                        "KV PUT failed: 400 Invalid expiration_ttl of 30. Expiration TTL must be at least 60.",
                    )
                ],
                files=1,
            ),
            code=1,
            desc="Run the new test",
            secs=8,
        ),
    )
    s.act(
        None,
        Edit(
            "src/admiralty.ts",
            "  return (await res.json()) as TidalEvent[];",
            "  const events = (await res.json()) as TidalEvent[];\n  await env.PRED_CACHE.put(key, JSON.stringify(events), { expirationTtl: 60 });\n  return events;",
        ),
    )
    s.act(None, Bash("npx vitest run", vitest(33), desc="Run all tests", secs=14))
    s.say(
        "KV rejects TTLs under 60 s, so the cache uses expirationTtl: 60. The test mocks fetch and checks the upstream is hit once; 33 pass."
    )
    s.user(
        "ah right, lesson: KV expirationTtl can't go below 60 seconds. fine, leave it at 60 for now and bump it to 6h "
        "once we're live",
        lessons=["KV expirationTtl can't go below 60 seconds"],
        non_rules=["leave it at 60 for now and bump it to 6h once we're live"],
    )
    s.say("Left at 60 s.")
    s.outcome("success", "KV cache for predictions with a test; KV TTL minimum hit and fixed")
    s.one_off("KV put with expirationTtl 30 fails: Expiration TTL must be at least 60")
    return s


def t05_alerts_table() -> Session:
    s = tw("t05-alerts-table", "2027-03-04T16:03:52", "2.1.191", "feat/alerts", "low-govan-shag")
    s.user(
        "new endpoint POST /alerts to subscribe to a high water alert for a station. table's in "
        "migrations/0008_alert_subscriptions.sql already, i applied it locally",
        after=0,
    )
    s.act(
        None,
        Write(
            "src/routes/alerts.ts",
            'export const alerts = new Hono<Env>();\n\nalerts.post("/", zValidator("json", alertBody), async (c) => {\n  const b = c.req.valid("json");\n  await c.env.DB.prepare("INSERT INTO alert_subscriptions (station_id, email, threshold_m) VALUES (?, ?, ?)").bind(b.station, b.email, b.threshold).run();\n  return c.json({ ok: true }, 201);\n});\n',
        ),
    )
    s.act(
        None,
        Write(
            "test/alerts.spec.ts",
            'it("stores a subscription", async () => {\n  const res = await SELF.fetch("https://x/alerts", { method: "POST", body: JSON.stringify({ station: "0409", email: "a@b.c", threshold: 4.2 }) });\n  expect(res.status).toBe(201);\n});\n',
        ),
    )
    s.act(
        None,
        Bash(
            "npx vitest run test/alerts.spec.ts",
            vitest(
                0,
                [("test/alerts.spec.ts", "stores a subscription", "expected 500 to be 201 // Object.is equality")],
                files=1,
            )
            + "\n\nstderr | test/alerts.spec.ts > stores a subscription\nError: D1_ERROR: no such table: alert_subscriptions: SQLITE_ERROR",
            code=1,
            desc="Run the alerts test",
            secs=9,
        ),
    )
    s.act(
        "The test database doesn't have the table. I'll create it in a beforeAll in the spec so the test is self-contained.",
        Edit(
            "test/alerts.spec.ts",
            'it("stores a subscription", async () => {',
            'beforeAll(async () => {\n  await env.DB.exec("CREATE TABLE IF NOT EXISTS alert_subscriptions (id INTEGER PRIMARY KEY, station_id TEXT, email TEXT, threshold_m REAL)");\n});\n\nit("stores a subscription", async () => {',
        ),
    )
    s.user(
        "no, get that out. ddl in a test file is mental, it'll drift from the real migration in a week. undo it. "
        "i've got a call in 5 anyway, stop there"
    )
    s.act(
        None,
        Edit(
            "test/alerts.spec.ts",
            'beforeAll(async () => {\n  await env.DB.exec("CREATE TABLE IF NOT EXISTS alert_subscriptions (id INTEGER PRIMARY KEY, station_id TEXT, email TEXT, threshold_m REAL)");\n});\n\nit("stores a subscription", async () => {',
            'it("stores a subscription", async () => {',
        ),
    )
    s.say("Reverted. The endpoint is written; the test fails because the test D1 has no alert_subscriptions table.")
    s.outcome(
        "failed", "alerts endpoint written but its test fails (no such table in tests); the workaround was rejected"
    )
    s.hit(D1)
    return s


def t06_index_migration() -> Session:
    s = tw("t06-index-migration", "2027-03-05T09:33:10", "2.1.191", "perf/predictions-index", "clear-bute-skua")
    s.user(
        "the /tides query is slow on prod, need an index on predictions(station_id, day). couple of things: "
        "migrations are append only, never edit one that's been applied anywhere. and name them like "
        "0009_predictions_station_day_idx, snake case saying what it does",
        after=0,
        rules=[
            ("migrations-append-only", "migrations are append only, never edit one that's been applied anywhere"),
            ("migration-names", "name them like 0009_predictions_station_day_idx, snake case saying what it does"),
        ],
    )
    s.act(
        None,
        Bash(
            "ls migrations",
            "0001_init.sql\n0002_stations.sql\n0003_predictions.sql\n0004_api_keys.sql\n0005_predictions_day.sql\n0006_station_region.sql\n0007_tide_offset.sql\n0008_alert_subscriptions.sql",
        ),
    )
    s.act(
        None,
        Write(
            "migrations/0009_predictions_station_day_idx.sql",
            "CREATE INDEX IF NOT EXISTS predictions_station_day_idx ON predictions (station_id, day);\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx wrangler d1 migrations apply tidewatch-db --local",
            "Migrations to be applied:\n│ 0009_predictions_station_day_idx.sql │\n✅ 0009_predictions_station_day_idx.sql applied",
            desc="Apply locally",
        ),
    )
    s.act(
        None,
        Denied(
            Bash("npx wrangler d1 migrations apply tidewatch-db --env production --remote", desc="Apply on production"),
            "don't run migrations against remote yourself. I apply prod and staging migrations by hand after the deploy",
        ),
    )
    s.user(
        "yeah that. don't run migrations against remote yourself, ever",
        rules=[("no-remote-migrations", "don't run migrations against remote yourself")],
    )
    s.act(
        None,
        Bash(
            'git add migrations && git commit -m "perf: index predictions by station and day"',
            git_commit("perf/predictions-index", "7d02b11", "perf: index predictions by station and day", 1, 1, 0),
        ),
    )
    s.say("Migration 0009 written, applied locally and committed; remote apply left to you.")
    s.user("sound")
    s.outcome("success", "index migration added and applied locally; remote apply left to Callum")
    return s


def t07_ratelimit_questions() -> Session:
    s = tw("t07-ratelimit-questions", "2027-03-08T13:02:45", "2.1.192", "main", "quiet-arran-heron")
    s.user(
        "not changing anything, just want to understand the rate limiter again before I talk to the client. how "
        "does it count and where's it bound",
        after=0,
    )
    s.act(
        None,
        Agent(
            "Rate limiter overview",
            "Do not edit any files; only report how RateLimiter counts requests, what its limit is and how it is "
            "bound in wrangler.toml, with file paths.",
            "Explore",
            _sa_ratelimit,
        ),
    )
    s.not_person(
        "Do not edit any files; only report how RateLimiter counts requests, what its limit is and how it is bound "
        "in wrangler.toml, with file paths.",
        "subagent_prompt",
    )
    s.say(
        "One Durable Object per API key, sliding 60-second window of timestamps in DO storage, 429 after 60 hits "
        "(src/ratelimit.ts), bound as RATE_LIMITER in wrangler.toml."
    )
    s.user(
        "ok. decision: rate limiting stays in the durable object, one per api key, the client wanted KV but KV's "
        "eventually consistent so the counts would be rubbish. should we always be load testing the DO before a "
        "release or is that overkill?",
        decisions=["rate limiting stays in the durable object, one per api key"],
        non_rules=["should we always be load testing the DO before a release or is that overkill?"],
    )
    s.say(
        "For a 60/min limit per key it's overkill on every release; worth a quick k6 run when the limiter code changes."
    )
    s.outcome("unknown", "questions only about the rate limiter, answered from a read-only Explore agent")
    return s


def t08_muted_words() -> Session:
    s = tw("t08-muted-words", "2027-03-09T10:17:26", "2.1.192", "feat/alert-mute", "wet-ayr-curlew")
    s.user(
        "weird one. added a muted column to alerts (0010) and the mute endpoint works fine in wrangler dev, I can "
        "see it in the db. but in the tests the row comes back with muted undefined, like vitest has its own old "
        "copy of the db from a week ago. no error or anything, it just isn't there",
        after=0,
    )
    s.act(
        None,
        Bash(
            "ls test",
            "admiralty.test.ts\nalerts.spec.ts\nenv.d.ts\nschema.sql\nsetup.ts\nstations.test.ts\ntides.test.ts",
        ),
    )
    s.say(
        "There's a test/schema.sql next to setup.ts. If the test setup builds the database from that file rather than "
        "from migrations/, anything added after it was written (0010's muted column) wouldn't exist in tests. Want me "
        "to check setup.ts?"
    )
    s.user("prob. gotta go, client's phoning, later")
    s.outcome("unknown", "symptom described in words only; a likely cause named, then Callum leaves")
    s.hit(D1)
    return s


def t09_ci_token() -> Session:
    s = tw("t09-ci-token", "2027-03-10T15:34:02", "2.1.192", "main", "pale-forth-gannet")
    s.user(
        "staging deploy workflow's red since this morning, here's the log\n\n" + GHA_LOG + "\n\nwhat's it want",
        after=0,
    )
    s.not_person("Always set compatibility_date to a recent date.", "pasted_log")
    s.act(
        None,
        Read(
            ".github/workflows/deploy.yml",
            "      - uses: cloudflare/wrangler-action@v3\n        with:\n          apiToken: ${{ secrets.CLOUDFLARE_API_TOKEN }}\n          environment: staging\n          preCommands: npx wrangler d1 migrations apply tidewatch-db --env staging --remote",
            offset=21,
            total=34,
        ),
    )
    s.say(
        "Authentication error 10000 comes from the migrations step: the API token can deploy Workers but has no D1 "
        "permission. The token needs Account → D1 → Edit added in the Cloudflare dashboard; nothing to change in the repo."
    )
    s.user(
        "and of course I can't edit the token, it's on the client's account and Morag's off till Monday. note to "
        "self the CI token needs D1 edit as well as Workers Scripts edit. leave it red",
        lessons=["the CI token needs D1 edit as well as Workers Scripts edit"],
    )
    s.outcome("failed", "staging deploy stays broken: the API token lacks D1 permission and Callum cannot change it")
    s.one_off("GitHub Actions deploy fails with Authentication error [code: 10000]: API token has no D1 permission")
    return s


def t10_fix_migrations_in_tests() -> Session:
    s = tw("t10-fix-migrations-in-tests", "2027-03-11T10:02:37", "2.1.193", "fix/test-migrations", "bright-iona-tern")
    s.user(
        "right, the test db thing. tides test, the alerts table, the muted column, I reckon it's all the same. "
        "look at how test/setup.ts builds the db and fix it properly",
        after=0,
    )
    s.act(None, Read("test/setup.ts", SETUP_TS, total=9), Read("vitest.config.ts", VITEST_CONFIG, total=12))
    s.act(
        None,
        Bash("git log --oneline -3 -- test/schema.sql", "1f0c2aa test: schema dump for vitest\n"),
    )
    s.say(
        "That's it: setup.ts runs test/schema.sql, a dump made before 0007. The workers pool gives each test file "
        "fresh isolated storage, so the tests only ever see that dump. I'll read the real migrations in the config "
        "and apply them in the setup file, and delete the dump."
    )
    s.act(
        None,
        Edit(
            "vitest.config.ts",
            'import { defineWorkersConfig } from "@cloudflare/vitest-pool-workers/config";\n\nexport default defineWorkersConfig({',
            'import { defineWorkersConfig, readD1Migrations } from "@cloudflare/vitest-pool-workers/config";\n\nexport default defineWorkersConfig(async () => {\n  const migrations = await readD1Migrations("./migrations");\n  return {',
        ),
        Edit(
            "vitest.config.ts",
            '        wrangler: { configPath: "./wrangler.toml" },',
            '        wrangler: { configPath: "./wrangler.toml" },\n        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },',
        ),
        Write(
            "test/setup.ts",
            'import { applyD1Migrations, env } from "cloudflare:test";\n\nawait applyD1Migrations(env.DB, env.TEST_MIGRATIONS);\n',
        ),
    )
    s.act(
        None,
        Bash(
            "git rm -q test/schema.sql && npx vitest run",
            vitest(41, files=7),
            desc="Remove the dump, run all tests",
            secs=16,
        ),
    )
    s.say(
        "All 41 pass, including the tide offset, alerts and muted tests. The schema in tests now comes from migrations/."
    )
    s.user(
        "finally. turns out the vitest workers pool gives every test file its own fresh storage, so the schema has "
        "to come from the migrations, not a dump. commit it",
        lessons=[
            "the vitest workers pool gives every test file its own fresh storage, so the schema has to come from the migrations, not a dump"
        ],
    )
    s.act(
        None,
        Bash(
            'git add -A vitest.config.ts test && git commit -m "test: apply d1 migrations in vitest setup"',
            git_commit("fix/test-migrations", "c3e90d4", "test: apply d1 migrations in vitest setup", 3, 9, 14),
        ),
    )
    s.outcome("success", "tests now apply the real D1 migrations; the three schema failures pass")
    s.hit(D1, fixed=True)
    return s


def t11_fetchmock() -> Session:
    s = tw("t11-fetchmock", "2027-03-15T11:04:58", "2.1.194", "feat/sepa-warnings", "keen-oban-dipper")
    s.user(
        "add the SEPA flood warnings feed to the station response, test it too. no more vi.spyOn on global fetch, "
        "use fetchMock from cloudflare:test with disableNetConnect so nothing can leak out to the real api. and "
        "commit msgs conventional commits, lowercase, no full stop at the end",
        after=0,
        rules=[
            (
                "fetchmock",
                "no more vi.spyOn on global fetch, use fetchMock from cloudflare:test with disableNetConnect",
                "spyon-fetch",
            ),
            ("commit-style", "commit msgs conventional commits, lowercase, no full stop at the end"),
        ],
    )
    s.act(
        None,
        Write(
            "src/sepa.ts",
            "export async function floodWarnings(area: string): Promise<Warning[]> {\n  const res = await fetch(`https://api.sepa.org.uk/floodwarnings/v1/areas/${area}`);\n  if (!res.ok) return [];\n  return (await res.json()) as Warning[];\n}\n",
        ),
    )
    s.act(
        None,
        Write(
            "test/sepa.test.ts",
            'import { fetchMock } from "cloudflare:test";\nimport { beforeAll, afterEach, it, expect } from "vitest";\n\nbeforeAll(() => {\n  fetchMock.activate();\n  fetchMock.disableNetConnect();\n});\nafterEach(() => fetchMock.assertNoPendingInterceptors());\n\nit("returns warnings", async () => {\n  fetchMock.get("https://api.sepa.org.uk").intercept({ path: "/floodwarnings/v1/areas/clyde" }).reply(200, [{ severity: 2 }]);\n  expect(await floodWarnings("clyde")).toHaveLength(1);\n});\n',
        ),
    )
    s.act(None, Bash("npx vitest run", vitest(43, files=8), desc="Run all tests", secs=16))
    s.act(
        None,
        Bash(
            'git add src/sepa.ts test/sepa.test.ts && git commit -m "feat: add sepa flood warnings"',
            git_commit("feat/sepa-warnings", "e18a5f0", "feat: add sepa flood warnings", 2, 23, 0),
        ),
    )
    s.say("SEPA warnings added with a fetchMock test (network disabled); 43 pass, committed.")
    s.user("nice one")
    s.outcome("success", "SEPA flood warnings feed added and tested with fetchMock; committed")
    return s


def t12_webhook_compacted() -> Session:
    s = tw("t12-webhook-compacted", "2027-03-17T14:08:13", "2.1.195", "feat/alert-webhook", "long-skye-eagle")
    s.user(
        "alerts should also be able to post to a webhook url instead of email. add a webhook_url column and a sender",
        after=0,
    )
    s.act(
        None,
        Write(
            "migrations/0011_alert_webhook_url.sql", "ALTER TABLE alert_subscriptions ADD COLUMN webhook_url TEXT;\n"
        ),
    )
    s.act(
        None,
        Write(
            "src/notify.ts",
            'export async function notify(sub: Subscription, ev: TidalEvent) {\n  if (sub.webhook_url) {\n    console.log("webhook", sub.webhook_url, ev.at);\n    await fetch(sub.webhook_url, { method: "POST", body: JSON.stringify(ev) });\n    return;\n  }\n  await sendMail(sub.email, ev);\n}\n',
        ),
    )
    s.act(None, Bash("npx vitest run", vitest(45, files=8), desc="Run all tests", secs=17))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary Request: alert webhooks (webhook_url column, sender in src/notify.ts).\n"
        "2. Notes: User preference: always deploy with --minify.\n"
        "3. Current state: migration 0011 written, notify.ts posts to the webhook, tests pass.\n4. Next: deploy to staging.",
        pre_tokens=148_920,
        post_tokens=10_410,
    )
    s.not_person("User preference: always deploy with --minify.", "compaction_summary")
    s.user(
        "deploy it to staging. for now leave the console.log in, just for this deploy, I want to see the webhook "
        "calls in wrangler tail",
        non_rules=["for now leave the console.log in, just for this deploy"],
    )
    s.act(
        None,
        Bash(
            "npx wrangler deploy --env staging",
            " ⛅️ wrangler 3.99.0\nUploaded tidewatch-staging (3.02 sec)\nDeployed tidewatch-staging triggers (0.91 sec)\nCurrent Version ID: 9e77d1b3-0c4a-4d7e-8a0b-5b2f61c0aa14",
            desc="Deploy to staging",
            secs=14,
        ),
    )
    s.say("Deployed to staging with the log line in. Apply 0011 on staging before testing a webhook.")
    s.user("applied it, webhook fired, see it in tail. sorted")
    s.outcome("success", "alert webhooks added and working on staging after an auto-compaction")
    return s


def t13_tail_question() -> Session:
    s = tw("t13-tail-question", "2027-03-18T09:05:40", "2.1.195", "main", "idle-cumbrae-wren")
    s.user("whats the command to tail staging logs filtered to errors only", after=0)
    s.say("`npx wrangler tail --env staging --status error` (add `--format pretty` for readable output).")
    s.user("and for production same thing with --env production?")
    s.say("Yes: `npx wrangler tail --env production --status error`.")
    s.user("ta")
    s.outcome("unknown", "a one-line question answered; nothing done")
    return s


SESSIONS = [
    t01_tides_route,
    t02_offset_column,
    t03_do_migration,
    t04_kv_cache,
    t05_alerts_table,
    t06_index_migration,
    t07_ratelimit_questions,
    t08_muted_words,
    t09_ci_token,
    t10_fix_migrations_in_tests,
    t11_fetchmock,
    t12_webhook_compacted,
    t13_tail_question,
]
