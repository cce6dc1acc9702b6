"""Desi's `gtfs-sofia` sessions (g01-g15): a Rust 1.82 service (axum 0.7 + tokio, sqlx 0.8 on Postgres 16 +
PostGIS) that ingests Sofia's GTFS schedule and GTFS-realtime feeds; cargo-nextest, clippy -D warnings, sqlx
offline mode (.sqlx/), Docker + Kamal 2 to a Hetzner VPS. Times are UTC; Sofia is UTC+03:00 until 2029-10-28,
then UTC+02:00."""

from __future__ import annotations

from transcript_kit import GTFS, Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "gtfs-sofia"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=GTFS, project=PROJECT)


def nextest(passed: int, fails: list[tuple[str, str]] = (), secs: float = 3.417) -> str:
    out = [
        "    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.41s",
        "------------",
        f" Nextest run ID 3f0c{passed:02d}a1-7d2e-4b90-9a1c-2e8f51b0c4d7 with nextest profile: default",
        f"    Starting {passed + len(fails)} tests across 3 binaries",
    ]
    for name, msg in fails:
        out += [
            f"        FAIL [   0.214s] gtfs-sofia {name}",
            "--- STDOUT:              gtfs-sofia " + name + " ---",
            "",
            "running 1 test",
            "test " + name + " ... FAILED",
            "",
            "--- STDERR:              gtfs-sofia " + name + " ---",
            msg,
            "",
        ]
    out.append("------------")
    if fails:
        out.append(
            f"     Summary [   {secs:.3f}s] {passed + len(fails)} tests run: {passed} passed, {len(fails)} failed, 0 skipped"
        )
        out += [f"        FAIL [   0.214s] gtfs-sofia {n}" for n, _ in fails]
        out.append("error: test run failed")
    else:
        out.append(f"     Summary [   {secs:.3f}s] {passed} tests run: {passed} passed, 0 skipped")
    return "\n".join(out)


CONTRIBUTING = """# Contributing to gtfs-sofia

- Always run `cargo fmt` before committing; CI rejects unformatted code.
- Queries go through the sqlx macros so that `.sqlx/` can be checked offline.
- `SQLX_OFFLINE=true` is set in the Dockerfile and in CI.
- Feed URLs live in `config/feeds.toml`, not in code.
"""

MAIN_RS = """use axum::{routing::get, Router};
use sqlx::postgres::PgPoolOptions;

mod feeds;
mod routes;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt().with_env_filter("info").init();
    let pool = PgPoolOptions::new().max_connections(8).connect(&std::env::var("DATABASE_URL")?).await?;
    let app = Router::new()
        .route("/up", get(|| async { "ok" }))
        .merge(routes::router())
        .with_state(pool);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:3000").await?;
    axum::serve(listener, app).await?;
    Ok(())
}
"""


def g01() -> Session:
    s = new("g01-skeleton", "2029-10-22T06:41:12", "2.1.160", "main", "gtfs-skeleton-stork")
    s.user(
        "new repo, gtfs-sofia. Rust 1.82, axum 0.7, sqlx 0.8 on Postgres 16 with PostGIS. we go with sqlx and not "
        "diesel, compile-time checked queries are worth it. read CONTRIBUTING.md and set up the skeleton: "
        "a /up route, a pool from DATABASE_URL, tracing. and one thing for both my repos: never push directly to "
        "main, always through a PR.",
        decisions=["we go with sqlx and not diesel, compile-time checked queries are worth it"],
        rules=[("no-push-main", "never push directly to main, always through a PR")],
    )
    s.title("Skeleton for the gtfs-sofia service")
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.not_person("Always run `cargo fmt` before committing; CI rejects unformatted code.", "tool_output")
    s.act(
        "CONTRIBUTING.md asks for the sqlx macros and offline mode. Writing the entry point:",
        Write("src/main.rs", MAIN_RS),
    )
    s.act(
        None,
        Bash(
            "cargo build 2>&1 | tail -4",
            "   Compiling sqlx-postgres v0.8.2\n   Compiling sqlx-macros-core v0.8.2\n   Compiling gtfs-sofia v0.1.0 "
            "(/home/desi/src/gtfs-sofia)\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 48.71s",
            secs=52,
        ),
    )
    s.act(
        None,
        Bash(
            "git switch -c skeleton && git add -A && git commit -qm 'Service skeleton' && git push -u origin skeleton",
            "Switched to a new branch 'skeleton'\nremote: Create a pull request for 'skeleton' on GitHub by visiting:\n"
            "remote:      https://github.com/dpetrova/gtfs-sofia/pull/new/skeleton\nbranch 'skeleton' set up to "
            "track 'origin/skeleton'.",
        ),
    )
    s.say("The skeleton builds; it is on the `skeleton` branch and pushed, ready for a PR.")
    s.user("add a justfile: just test runs nextest, just lint runs clippy with -D warnings")
    s.act(
        None,
        Write(
            "justfile",
            "test:\n    cargo nextest run\n\nlint:\n    cargo fmt --check\n    cargo clippy --all-targets -- -D warnings\n",
        ),
    )
    s.act(
        None,
        Bash(
            "just lint",
            "cargo fmt --check\ncargo clippy --all-targets -- -D warnings\n    Checking gtfs-sofia v0.1.0 (/home/desi/src/gtfs-sofia)\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 3.12s",
        ),
    )
    s.say("`just test` and `just lint` are there; lint passes.")
    s.user("mersi")
    s.outcome("success", "skeleton service builds, pushed to a branch for a PR")
    return s


MIGRATION_STOPS = """create extension if not exists postgis;

create table stops (
    stop_id text primary key,
    stop_code text,
    stop_name text not null,
    location geography(Point, 4326) not null
);
"""


def g02() -> Session:
    s = new("g02-stops-import", "2029-10-23T06:55:40", "2.1.160", "stops", "stops-import-finch")
    s.user(
        "днес импорт на stops.txt от статичния GTFS в таблица stops. миграцията е в migrations/0002_stops.sql. "
        "първо пусни миграциите, после тестовете, иначе nextest гърми на празна база.",
        rules=[("migrations-first", "първо пусни миграциите, после тестовете")],
    )
    s.act(None, Read("migrations/0002_stops.sql", MIGRATION_STOPS))
    s.act(
        None,
        Bash(
            "sqlx migrate run --database-url postgres://desi@localhost/gtfs_test",
            "error: while executing migration 2: error returned from database: could not open extension control "
            'file "/usr/share/pgsql/extension/postgis.control": No such file or directory',
            code=1,
        ),
    )
    s.act(
        "The local Postgres 16 has no PostGIS installed (Fedora packages it separately):",
        Bash(
            "sudo dnf install -y postgis34_16 2>&1 | tail -3",
            "Installed:\n  postgis34_16-3.4.3-1.fc41.x86_64  gdal-libs-3.9.2-1.fc41.x86_64\nComplete!",
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            "sqlx migrate run --database-url postgres://desi@localhost/gtfs_test && cargo nextest run",
            "Applied 2/migrate stops (41.223ms)\n" + nextest(6),
            secs=20,
        ),
    )
    s.say(
        "PostGIS was missing from the local server; with `postgis34_16` installed the migration applies and the 6 "
        "tests pass. A good practice is to always wrap each test in a transaction that rolls back."
    )
    s.not_person("A good practice is to always wrap each test in a transaction that rolls back.", "assistant_text")
    s.user(
        "dobre, mersi. и realtime feed-а го теглим на всеки 30 секунди, не по-често, иначе от Центъра за градска "
        "мобилност ни блокират ключа",
        rules=[("poll-30s", "realtime feed-а го теглим на всеки 30 секунди, не по-често")],
    )
    s.one_off("the local Postgres 16 on Fedora had no PostGIS package, so the stops migration failed")
    s.outcome("success", "PostGIS installed locally, stops migration applied, tests pass")
    return s


CI_OFFLINE = (
    "#14 [builder 6/7] RUN cargo build --release --locked\n"
    "#14 61.02    Compiling gtfs-sofia v0.1.0 (/app)\n"
    "#14 63.87 error: `SQLX_OFFLINE=true` but there is no cached data for this query, run `cargo sqlx prepare` to "
    "update the query cache or unset `SQLX_OFFLINE`\n"
    "#14 63.87   --> src/feeds/stops.rs:27:5\n"
    "#14 63.87    |\n"
    "#14 63.87 27 |     sqlx::query!(\n"
    "#14 63.87 warning: always pass --locked in CI builds to respect Cargo.lock\n"
    '#14 63.91 error: could not compile `gtfs-sofia` (bin "gtfs-sofia") due to 1 previous error\n'
    '#14 ERROR: process "/bin/sh -c cargo build --release --locked" did not complete successfully: exit code: 101'
)


def g03() -> Session:
    s = new("g03-ci-docker-build", "2029-10-24T06:38:05", "2.1.161", "stops", "offline-cache-heron")
    s.user("CI is red on the stops PR, docker build step:\n\n```\n" + CI_OFFLINE + "\n```\nlocally cargo build is fine")
    s.not_person("warning: always pass --locked in CI builds to respect Cargo.lock", "pasted_log")
    s.act(
        None,
        Bash("ls .sqlx | wc -l && git status --short .sqlx", "3\n"),
        Read(
            "Dockerfile",
            "FROM rust:1.82-bookworm AS builder\nWORKDIR /app\nCOPY . .\nENV SQLX_OFFLINE=true\n"
            "RUN cargo build --release --locked\n\nFROM debian:bookworm-slim\nCOPY --from=builder "
            '/app/target/release/gtfs-sofia /usr/local/bin/\nCMD ["gtfs-sofia"]',
        ),
    )
    s.act(
        "`.sqlx/` has 3 cached queries and none for the new insert in `src/feeds/stops.rs`; with SQLX_OFFLINE=true "
        "the Docker build cannot reach a database to check it. The quickest way through is to let the image build "
        "against a live database:",
        Denied(
            Edit(
                "Dockerfile",
                "ENV SQLX_OFFLINE=true",
                "ARG DATABASE_URL\nENV DATABASE_URL=$DATABASE_URL",
            ),
            "не, базата няма да е достъпна от builder-а на GitHub. остави Dockerfile-а, ще го гледам после",
        ),
    )
    s.say("Left the Dockerfile as it is; the CI build still fails on the uncached query.")
    s.user("ok, later")
    s.outcome("failed", "CI docker build fails on a query missing from the .sqlx cache; the proposed fix was refused")
    s.hit("sqlx-offline-cache")
    return s


REALTIME_RS = """pub fn delay_secs(update: &StopTimeUpdate, scheduled: &str, service_date: NaiveDate) -> i64 {
    let sched = service_date.and_time(parse_gtfs_time(scheduled)).and_utc();
    let actual = DateTime::from_timestamp(update.arrival_time, 0).unwrap();
    (actual - sched).num_seconds()
}
"""

TZ_FAIL = (
    "thread 'realtime::tests::delay_for_tram_5' panicked at src/feeds/realtime.rs:88:9:\n"
    "assertion `left == right` failed: delay_secs for trip 5_TM_1042\n"
    "  left: -10758\n right: 42"
)


def g04() -> Session:
    s = new("g04-realtime-delays", "2029-10-25T06:47:31", "2.1.161", "realtime", "delay-calc-plover")
    s.user(
        "realtime feed-а: сметни delay_secs за всяко stop_time_update спрямо разписанието. тест с trip 5_TM_1042 "
        "е в tests. и за двата ми проекта: всички времена в базата са в UTC, timestamptz, без naive timestamps.",
        rules=[("utc-in-db", "всички времена в базата са в UTC, timestamptz, без naive timestamps")],
    )
    s.act(None, Read("src/feeds/realtime.rs", REALTIME_RS))
    cmd = "cargo nextest run realtime::tests::delay_for_tram_5"
    for _ in range(3):
        s.act(None, Bash(cmd, nextest(0, [("realtime::tests::delay_for_tram_5", TZ_FAIL)]), code=100, secs=9))
    s.say(
        "Three runs, same result: the delay comes out as -10758 s instead of 42, i.e. almost exactly three hours. "
        "The scheduled time is built with `.and_utc()` from a time that is local Sofia time, so the feed's UTC "
        "timestamps and the schedule are three hours apart. I have not changed anything yet."
    )
    s.user("пак ли часовите зони. нямам време днес, утре")
    s.outcome("failed", "delay_secs off by three hours; the test failed three times and nothing was fixed")
    s.hit("gtfs-service-day-tz")
    return s


DEPLOY_YML = """service: gtfs-sofia
image: dpetrova/gtfs-sofia
servers:
  web:
    - 49.12.77.203
proxy:
  ssl: true
  host: gtfs.desi.bg
  app_port: 3000
  healthcheck:
    path: /up
registry:
  username: dpetrova
  password:
    - KAMAL_REGISTRY_PASSWORD
env:
  secret:
    - DATABASE_URL
"""


def g05() -> Session:
    s = new("g05-kamal-first-deploy", "2029-10-26T07:02:18", "2.1.162", "main", "kamal-first-gannet")
    s.user(
        "first kamal deploy to the hetzner box dies on the healthcheck:\n\n```\n  INFO [a1c3e9f0] Running docker "
        "container start gtfs-sofia-web-4f1d2c on 49.12.77.203\n  INFO Health check against /up failed with status "
        "502\n  ERROR (SSHKit::Command::Failed): Exception while executing on host 49.12.77.203: target failed "
        "to become healthy within configured timeout (30s)\n```\nand we deployed on a Friday evening in September "
        "with the old setup and the ingester was down the whole weekend, so: no Kamal deploys after Thursday. "
        "this one is a test deploy, fine.",
        rules=[("no-friday-deploy", "no Kamal deploys after Thursday")],
    )
    s.act(None, Read("config/deploy.yml", DEPLOY_YML), Read("src/main.rs", MAIN_RS))
    s.act(
        "kamal-proxy forwards to port 3000 inside the container, but the app binds 127.0.0.1, which is not reachable "
        "from outside the container. Binding all interfaces:",
        Edit(
            "src/main.rs",
            'TcpListener::bind("127.0.0.1:3000")',
            'TcpListener::bind("0.0.0.0:3000")',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo clippy --all-targets -- -D warnings && kamal deploy 2>&1 | tail -4",
            "    Checking gtfs-sofia v0.1.0 (/home/desi/src/gtfs-sofia)\n    Finished `dev` profile [unoptimized + "
            "debuginfo] target(s) in 6.02s\n  INFO [f09a2b11] Running docker container start gtfs-sofia-web-8b2e07 on "
            "49.12.77.203\n  INFO Container is healthy!\n  INFO First web container is healthy on 49.12.77.203\n"
            "Finished all in 142.8 seconds",
            secs=150,
        ),
    )
    s.say("The app now listens on 0.0.0.0:3000 and the deploy went through; the container is healthy.")
    s.user(
        "ok. and one more: last time a clippy warning slipped in and CI died at -D warnings for the whole team, so "
        "cargo clippy --all-targets -- -D warnings before every commit. bez unwrap() v handler-ite, vrashtai AppError.",
        rules=[
            ("clippy-before-commit", "cargo clippy --all-targets -- -D warnings before every commit"),
            ("no-unwrap", "bez unwrap() v handler-ite, vrashtai AppError"),
        ],
    )
    s.say("Noted: clippy with `-D warnings` before each commit, and handlers return `AppError` instead of unwrapping.")
    s.one_off("Kamal healthcheck failed because the axum server bound 127.0.0.1 instead of 0.0.0.0 in the container")
    s.outcome("success", "bind address fixed, first Kamal deploy healthy")
    return s


def g06() -> Session:
    s = new("g06-deploy-build-words", "2029-10-29T08:05:51", "2.1.163", "routes", "kamal-build-ibis")
    s.user(
        "kamal deploy-ът пак се счупи на build стъпката, а на моята машина cargo build минава без проблем. "
        "добавих само една нова заявка за линиите в routes.rs. погледни какво става, аз съм на среща"
    )
    s.act(None, Bash("git diff --stat HEAD~1", " src/routes.rs | 24 ++++++++++++++++++++++--\n 1 file changed"))
    s.act(
        None,
        Bash(
            "grep -n SQLX_OFFLINE Dockerfile && ls .sqlx/ && git log -1 --format=%cd -- .sqlx",
            "9:ENV SQLX_OFFLINE=true\nquery-1d7c0e4a.json\nquery-5b2f9a61.json\nquery-a04e33c8.json\n"
            "Thu Oct 24 09:51:02 2029 +0300",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo sqlx prepare",
            'error: failed to connect to database: password authentication failed for user "desi"',
            code=1,
        ),
    )
    s.say(
        "The image builds with SQLX_OFFLINE=true and `.sqlx/` was last updated on 24 October, so the new query in "
        "routes.rs has no cached entry. Regenerating the cache needs a local database, and the connection in `.env` "
        "is rejected (password authentication failed). Can you check the DATABASE_URL in .env?"
    )
    s.user("ne sega, po-kasno")
    s.outcome("failed", "Kamal build breaks again on the uncached query; cargo sqlx prepare could not connect")
    s.hit("sqlx-offline-cache")
    return s


def g07() -> Session:
    s = new("g07-board-two-hours", "2029-10-30T07:20:09", "2.1.163", "realtime", "board-offset-crane")
    s.user(
        "на таблото за спирка Сердика всички трамваи показват закъснение от около 2 часа. миналата седмица беше 3 "
        "часа, сега 2. явно нещо със смяната на часа в неделя. виж delay_secs в realtime.rs"
    )
    s.act(None, Read("src/feeds/realtime.rs", REALTIME_RS))
    s.act(
        None,
        Bash(
            "psql gtfs -Atc \"select trip_id, delay_secs from stop_time_updates where stop_id='0032' order by "
            'received_at desc limit 3"',
            "5_TM_1107|-7188\n5_TM_1104|-7215\n20_TM_0871|-7170",
        ),
    )
    s.say(
        "Confirmed in the data: the delays at 0032 are about -7200 s. The schedule times are local (Europe/Sofia), "
        "and `delay_secs` treats them as UTC, so the error was 3 h in summer time and is 2 h since Sunday. The fix is "
        "to build the scheduled instant in Europe/Sofia; do you want me to do it now?"
    )
    s.user("утре ще видим")
    s.outcome("unknown", "the two-hour delay is explained but she leaves without deciding or confirming anything")
    s.hit("gtfs-service-day-tz")
    return s


def g08() -> Session:
    s = new("g08-prost-protoc", "2029-10-31T07:11:44", "2.1.164", "realtime", "protoc-missing-wren")
    s.user(
        "switching the realtime decoding to prost with the official gtfs-realtime.proto, build.rs is in. but:\n\n"
        "```\nerror: failed to run custom build command for `gtfs-sofia v0.1.0 (/home/desi/src/gtfs-sofia)`\n"
        "  Could not find `protoc`. If `protoc` is installed, try setting the `PROTOC` environment variable to the "
        "path of the `protoc` binary. To install it on Debian, run `apt-get install protobuf-compiler`.\n```"
    )
    s.act(
        "prost-build needs the protobuf compiler on the machine. On Fedora that is `protobuf-compiler`, and the "
        "Dockerfile builder stage needs it too:",
        Bash(
            "sudo dnf install -y protobuf-compiler 2>&1 | tail -2",
            "  protobuf-compiler-3.19.6-10.fc41.x86_64\nComplete!",
        ),
        Read("Dockerfile", "FROM rust:1.82-bookworm AS builder\nWORKDIR /app\nCOPY . .\nENV SQLX_OFFLINE=true"),
    )
    s.act(
        None,
        Edit(
            "Dockerfile",
            "WORKDIR /app\nCOPY . .",
            "WORKDIR /app\nRUN apt-get update && apt-get install -y --no-install-recommends protobuf-compiler\nCOPY . .",
        ),
    )
    s.act(None, Bash("cargo build && cargo nextest run", nextest(11), secs=70))
    s.say("protoc is installed locally and in the builder image; the build and the 11 tests pass.")
    s.user(
        "turns out prost needs protoc on the machine, the crate doesn't bundle it. ok",
        lessons=["turns out prost needs protoc on the machine, the crate doesn't bundle it"],
    )
    s.one_off("prost-build could not find protoc on Fedora and in the Docker builder")
    s.outcome("success", "protobuf-compiler installed locally and in the Dockerfile; build passes")
    return s


CLIPPY_CI = (
    "Run cargo clippy --all-targets -- -D warnings\n"
    "    Checking gtfs-sofia v0.1.0 (/home/runner/work/gtfs-sofia/gtfs-sofia)\n"
    'error: error returned from database: relation "_sqlx_migrations" does not exist\n'
    "  --> tests/routes_api.rs:14:17\n"
    "   |\n"
    '14 |     let n = sqlx::query_scalar!("select count(*) from routes")\n'
    "   |             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    "   = note: this error originates in the macro `$crate::sqlx_macros::expand_query` \n"
    'error: could not compile `gtfs-sofia` (test "routes_api") due to 1 previous error\n'
    "Error: Process completed with exit code 101."
)


def g09() -> Session:
    s = new("g09-clippy-ci-tests", "2029-11-01T07:33:27", "2.1.165", "routes-api", "clippy-tests-egret")
    s.user(
        "сега clippy в GitHub Actions, само за integration тестовете:\n\n```\n" + CLIPPY_CI + "\n```\n"
        "трябва ли винаги да пускаме sqlx prepare ръчно? src/ минава, tests/ не.",
        non_rules=["трябва ли винаги да пускаме sqlx prepare ръчно?"],
    )
    s.act(None, Bash("grep -rn SQLX_OFFLINE .github/workflows/ci.yml", ""))
    s.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "      - run: cargo clippy --all-targets -- -D warnings\n        env:\n          DATABASE_URL: "
            "postgres://postgres:postgres@localhost/gtfs",
        ),
    )
    s.act(
        "In CI clippy compiles the macros against the service database, which has no migrations run, so every "
        "query in tests/ fails to check. Adding a migrate step before clippy:",
        Edit(
            ".github/workflows/ci.yml",
            "      - run: cargo clippy --all-targets -- -D warnings",
            "      - run: sqlx migrate run\n      - run: cargo clippy --all-targets -- -D warnings",
        ),
    )
    s.act(
        None,
        Bash(
            "act -j lint 2>&1 | tail -3",
            '| error: error returned from database: column "route_color" does not exist\n|   --> tests/routes_api.rs:31:9\n'
            "[CI/lint]   ❌  Failure - Main cargo clippy --all-targets -- -D warnings",
            code=1,
            secs=95,
        ),
    )
    s.say(
        "With migrations run, clippy now fails on `route_color`, a column that exists only in your uncommitted "
        "migration. CI checks the queries against a live database here while the Docker build uses .sqlx; the two "
        "disagree. I stopped here."
    )
    s.user("ugh. ostavi go")
    s.outcome("failed", "clippy in CI still fails on the integration tests' queries; left")
    s.hit("sqlx-offline-cache")
    return s


def g10() -> Session:
    s = new("g10-night-trips", "2029-11-02T07:08:56", "2.1.165", "realtime", "night-trips-stilt")
    s.user(
        "ingester-ът спира всяка нощ след 00:30:\n\n```\n2029-11-01T22:41:07.512Z ERROR gtfs_sofia::feeds::"
        'realtime: insert failed error=error returned from database: new row for relation "stop_time_updates" '
        'violates check constraint "delay_within_6h"\nDETAIL:  Failing row contains (N1_BUS_0042, 1418, 86190, '
        "2029-11-01 22:41:05+00).\n```"
    )
    s.act(None, Read("src/feeds/realtime.rs", REALTIME_RS))
    s.act(
        "Night line N1 has stop times like `24:35:00`, past midnight of the service day; `parse_gtfs_time` wraps "
        "them to 00:35 of the same date, so delay_secs comes out as almost a full day. Relaxing the constraint "
        "gets the ingester going tonight:",
        Denied(
            Bash(
                "psql gtfs -c 'alter table stop_time_updates drop constraint delay_within_6h'",
            ),
            "не, constraint-ът е там точно за такива боклуци. не го махай",
        ),
    )
    s.say("Constraint left in place. The wrap-around is the bug; the ingester still stops on night trips.")
    s.user("днес не. ще го оправим заедно с часовата зона")
    s.outcome("failed", "night trips violate delay_within_6h; dropping the constraint was refused, nothing fixed")
    s.hit("gtfs-service-day-tz")
    return s


def find_queries(child: Session) -> None:
    child.act(
        None,
        Grep(
            r"sqlx::query(_as|_scalar)?!",
            ["src/feeds/stops.rs", "src/feeds/realtime.rs", "src/routes.rs", "tests/routes_api.rs", "tests/stops.rs"],
        ),
    )
    child.act(None, Bash("ls .sqlx | wc -l", "3"))
    child.say(
        "Query macros are used in 5 files: src/feeds/stops.rs, src/feeds/realtime.rs, src/routes.rs, "
        "tests/routes_api.rs, tests/stops.rs (14 macro calls). .sqlx/ has only 3 entries, so most are not cached, "
        "and nothing from tests/ is."
    )


def g11() -> Session:
    s = new("g11-sqlx-prepare", "2029-11-05T07:15:03", "2.1.166", "sqlx-cache", "query-cache-avocet")
    s.user(
        "добре, днес оправяме веднъж завинаги sqlx offline-а. docker build, kamal и clippy в CI - все същото е "
        "според мен. виж кои заявки ги няма в .sqlx"
    )
    s.act(
        None,
        Agent(
            "Find sqlx query macros",
            "List every file in this Rust repo that uses sqlx::query!, query_as! or query_scalar!, and compare with "
            "the entries in .sqlx/. Report only; do not edit files.",
            "Explore",
            find_queries,
        ),
    )
    s.act(
        "Only 3 of 14 queries are cached and none from tests/. `cargo sqlx prepare` without flags only covers "
        "the lib/bin targets; with `--all-targets` it covers the tests too. Regenerating against the local database:",
        Bash(
            "sqlx migrate run && cargo sqlx prepare --workspace -- --all-targets",
            "Applied 5/migrate route colors (12.881ms)\n    Checking gtfs-sofia v0.1.0 (/home/desi/src/gtfs-sofia)\n"
            "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 9.34s\nquery data written to .sqlx in "
            "the workspace root; please check this into version control",
            secs=25,
        ),
    )
    s.act(
        "And a CI step so that a stale cache fails fast with a clear message:",
        Read(
            ".github/workflows/ci.yml",
            "      - run: sqlx migrate run\n      - run: cargo clippy --all-targets -- -D warnings",
        ),
    )
    s.act(
        None,
        Edit(
            ".github/workflows/ci.yml",
            "      - run: sqlx migrate run\n",
            "      - run: sqlx migrate run\n      - run: cargo sqlx prepare --check --workspace -- --all-targets\n",
        ),
    )
    s.act(
        None,
        Bash(
            "SQLX_OFFLINE=true cargo clippy --all-targets -- -D warnings && docker build -q -t gtfs-sofia:test .",
            "    Checking gtfs-sofia v0.1.0 (/home/desi/src/gtfs-sofia)\n    Finished `dev` profile [unoptimized + "
            "debuginfo] target(s) in 7.80s\nsha256:4b07e1d2a9c55f3e80b6a1f0c2de7781b1f0e6c3a9d2774e5f18b0c3d92ea1f4",
            secs=180,
        ),
    )
    s.say(
        ".sqlx now holds all 14 queries; clippy offline and the Docker build both pass, and CI runs "
        "`cargo sqlx prepare --check` to catch a stale cache."
    )
    s.user(
        "поука: .sqlx трябва да се commit-ва заедно с промяната на заявката, иначе offline build-ът лъже. комитни и пушни в branch-а",
        lessons=["поука: .sqlx трябва да се commit-ва заедно с промяната на заявката, иначе offline build-ът лъже"],
    )
    s.act(
        None,
        Bash(
            "git add .sqlx .github && git commit -qm 'Cache all sqlx queries, check the cache in CI' && git push",
            "To github.com:dpetrova/gtfs-sofia.git\n   9c41e0a..2d7f3b8  sqlx-cache -> sqlx-cache",
        ),
    )
    s.say("Committed and pushed to `sqlx-cache`.")
    s.outcome("success", "full .sqlx cache for all targets, prepare --check in CI; builds pass")
    s.hit("sqlx-offline-cache", fixed=True)
    return s


def nearby_tests(child: Session) -> None:
    child.act(
        None,
        Read("src/routes.rs", 'pub fn router() -> Router<PgPool> {\n    Router::new().route("/lines", get(lines))\n}'),
    )
    child.act(
        None,
        Write(
            "tests/stops_nearby.rs",
            '#[sqlx::test(migrations = "./migrations")]\nasync fn nearby_serdika(pool: PgPool) {\n    let res = '
            'app(pool).oneshot(get("/stops/nearby?lat=42.6977&lon=23.3219&r=300")).await.unwrap();\n    assert_eq!'
            "(res.status(), 200);\n}\n",
        ),
    )
    child.act(None, Bash("cargo nextest run stops_nearby", nextest(2)))
    child.say("tests/stops_nearby.rs has 2 tests (Serdika within 300 m, empty result far outside Sofia); both pass.")


def g12() -> Session:
    s = new("g12-stops-nearby", "2029-11-06T07:02:47", "2.1.167", "nearby", "nearby-stops-lapwing")
    s.user(
        "endpoint GET /stops/nearby?lat=&lon=&r= с ST_DWithin. решението е: спирките ги пазим като geography(Point, "
        "4326), не geometry. тестовете ги дай на агент на заден план. и обществения транспорт вдигнаха лимита: "
        "realtime feed-а вече го теглим на всеки 10 секунди.",
        decisions=["решението е: спирките ги пазим като geography(Point, 4326), не geometry"],
        rules=[("poll-10s", "realtime feed-а вече го теглим на всеки 10 секунди", "poll-30s")],
    )
    s.act(
        None,
        Agent(
            "Tests for /stops/nearby",
            "Write sqlx::test integration tests in tests/stops_nearby.rs for GET /stops/nearby. Always run cargo "
            "nextest before reporting.",
            "general-purpose",
            nearby_tests,
            background=True,
        ),
    )
    s.act(
        "While the agent writes the tests, the handler:",
        Write(
            "src/routes/nearby.rs",
            "pub async fn nearby(State(pool): State<PgPool>, Query(q): Query<Near>) -> Result<Json<Vec<Stop>>, AppError> {\n"
            '    let stops = sqlx::query_as!(Stop, "select stop_id, stop_name from stops where ST_DWithin(location, '
            'ST_MakePoint($1, $2)::geography, $3) order by location <-> ST_MakePoint($1, $2)::geography", q.lon, q.lat, q.r)\n'
            "        .fetch_all(&pool).await?;\n    Ok(Json(stops))\n}\n",
        ),
        Read(
            "config/feeds.toml",
            '[realtime]\nurl = "https://gtfs.sofiatraffic.bg/realtime/trip-updates"\npoll_secs = 30',
        ),
    )
    s.act(None, Edit("config/feeds.toml", "poll_secs = 30", "poll_secs = 10"))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n1. Desi "
        "asked for GET /stops/nearby with ST_DWithin on geography(Point, 4326).\n2. Written src/routes/nearby.rs; "
        "config/feeds.toml poll_secs 30 -> 10.\n3. A background agent writes tests/stops_nearby.rs.\n4. User "
        "preference: always return GeoJSON FeatureCollections from stop endpoints.\nPending: route registration, "
        "sqlx prepare, tests.",
        171200,
        12800,
    )
    s.not_person("User preference: always return GeoJSON FeatureCollections from stop endpoints.", "compaction_summary")
    s.not_person("Always run cargo nextest before reporting.", "subagent_prompt")
    s.agent_done(after=40)
    s.act(
        None,
        Bash(
            "cargo sqlx prepare --workspace -- --all-targets && cargo clippy --all-targets -- -D warnings && cargo nextest run",
            "query data written to .sqlx in the workspace root; please check this into version control\n"
            "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 8.12s\n" + nextest(16),
            secs=40,
        ),
    )
    s.say("GET /stops/nearby works, the agent's 2 tests pass along with the rest (16), clippy is clean, .sqlx updated.")
    s.user("супер")
    s.outcome("success", "nearby stops endpoint with background-agent tests; poll interval 10 s")
    return s


REALTIME_V2 = """/// GTFS times count from "noon minus 12h" of the service day in the agency's zone, and may exceed 24:00:00.
fn noon_minus_12h(service_date: NaiveDate) -> DateTime<Tz> {
    let noon = service_date.and_hms_opt(12, 0, 0).expect("12:00 exists on every date");
    chrono_tz::Europe::Sofia.from_local_datetime(&noon).unwrap() - Duration::hours(12)
}

pub fn delay_secs(update: &StopTimeUpdate, scheduled: &str, service_date: NaiveDate) -> i64 {
    let sched = noon_minus_12h(service_date) + Duration::seconds(gtfs_seconds(scheduled));
    let actual = DateTime::from_timestamp(update.arrival_time, 0).unwrap();
    (actual - sched).num_seconds()
}"""

REALTIME_V3 = """/// GTFS times count from "noon minus 12h" of the service day in the agency's zone, and may exceed 24:00:00.
fn noon_minus_12h(service_date: NaiveDate) -> Result<DateTime<Tz>, AppError> {
    let noon = service_date.and_hms_opt(12, 0, 0).expect("12:00 exists on every date");
    let local = chrono_tz::Europe::Sofia
        .from_local_datetime(&noon)
        .single()
        .ok_or(AppError::BadServiceDay(service_date))?;
    Ok(local - Duration::hours(12))
}

pub fn delay_secs(update: &StopTimeUpdate, scheduled: &str, service_date: NaiveDate) -> Result<i64, AppError> {
    let sched = noon_minus_12h(service_date)? + Duration::seconds(gtfs_seconds(scheduled));
    let actual = DateTime::from_timestamp(update.arrival_time, 0).ok_or(AppError::BadTimestamp(update.arrival_time))?;
    Ok((actual - sched).num_seconds())
}"""


def g13() -> Session:
    s = new("g13-service-day-fix", "2029-11-07T07:24:35", "2.1.168", "service-day", "service-day-godwit")
    s.user(
        "хайде часовите зони. три пъти досега: тестът с -10758, таблото с 2 часа, нощните N1 с delay_within_6h. "
        "направи го както е в GTFS спецификацията"
    )
    s.act(None, Read("src/feeds/realtime.rs", REALTIME_RS))
    s.act(
        "The spec defines stop times relative to noon minus 12 h of the service day in the agency timezone "
        "(Europe/Sofia), and allows values past 24:00:00. Replacing the UTC/midnight assumption:",
        Edit("src/feeds/realtime.rs", REALTIME_RS.strip(), REALTIME_V2),
        Bash(
            "cargo add chrono-tz@0.10", "    Updating crates.io index\n      Adding chrono-tz v0.10.0 to dependencies"
        ),
    )
    s.act(
        None,
        Write(
            "tests/service_day.rs",
            '#[test]\nfn night_trip_after_midnight() { assert_eq!(delay_secs(&upd("2029-11-02T22:41:05Z"), "24:40:00", '
            'd(2029, 11, 1)), 65); }\n#[test]\nfn dst_sunday() { assert_eq!(delay_secs(&upd("2029-10-28T06:00:42Z"), '
            '"08:00:00", d(2029, 10, 28)), 42); }\n',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run && cargo clippy --all-targets -- -D warnings",
            nextest(19) + "\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 5.77s",
            secs=30,
        ),
    )
    s.say(
        "delay_secs is now computed from noon minus 12 h in Europe/Sofia: tram 5 gives 42 s, the DST Sunday and "
        "the N1 night trip (24:40:00) pass, 19 tests green. Two `.unwrap()`s are left: the local-time lookup in "
        "noon_minus_12h and the feed timestamp in delay_secs."
    )
    s.user(
        "turns out the GTFS service day starts at noon minus 12h local time, not at midnight UTC. и махни този "
        "unwrap, no unwrap in request handlers or in code they call, map it to AppError.",
        lessons=["turns out the GTFS service day starts at noon minus 12h local time, not at midnight UTC"],
        rules=[("no-unwrap", "no unwrap in request handlers or in code they call, map it to AppError")],
    )
    s.act(
        None,
        Edit("src/feeds/realtime.rs", REALTIME_V2, REALTIME_V3),
        Grep(
            "delay_secs\\(",
            ["src/feeds/ingest.rs:131:        let delay = delay_secs(u, &st.arrival_time, day);"],
            mode="content",
        ),
    )
    s.act(
        "The one caller has to propagate the error:",
        Edit(
            "src/feeds/ingest.rs",
            "        let delay = delay_secs(u, &st.arrival_time, day);",
            "        let delay = delay_secs(u, &st.arrival_time, day)?;",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run && cargo clippy --all-targets -- -D warnings",
            nextest(19) + "\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 4.91s",
            secs=25,
        ),
    )
    s.say(
        "Both unwraps are gone: an ambiguous or missing local time returns `AppError::BadServiceDay`, a bad feed "
        "timestamp `AppError::BadTimestamp`, and the caller propagates them with `?`; 19 tests still pass."
    )
    s.outcome("success", "service-day times anchored at noon minus 12h in Europe/Sofia; all delay tests pass")
    s.hit("gtfs-service-day-tz", fixed=True)
    return s


def g14() -> Session:
    s = new("g14-friday-deploy", "2029-11-09T08:10:22", "2.1.170", "main", "friday-deploy-bittern")
    s.user(
        "деплойваме и в петък вече: имаме kamal rollback и алертите в Grafana работят. пусни kamal deploy на main-а",
        rules=[("friday-deploy-ok", "деплойваме и в петък вече", "no-friday-deploy")],
    )
    s.act(
        None,
        Bash(
            "git switch main && git pull -q && kamal deploy 2>&1 | tail -5",
            "Already on 'main'\n  INFO [2bd0c4a7] Running docker container start gtfs-sofia-web-c41a09 on 49.12.77.203\n"
            "  INFO Container is healthy!\n  INFO [6e1f8d33] Running docker container stop gtfs-sofia-web-8b2e07\n"
            "  INFO Pruning old images\nFinished all in 131.4 seconds",
            secs=140,
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s https://gtfs.desi.bg/up && kamal app logs --lines 3",
            "ok\n2029-11-09T08:13:51.004Z  INFO gtfs_sofia::feeds::realtime: polled 412 trip updates in 238ms",
        ),
    )
    s.say("Deployed; /up answers and the realtime poller logs 412 trip updates per poll.")
    s.user("pokaji mi kamal app details, da vidya koi container e na hosta")
    s.act(
        None,
        Bash(
            "kamal app details",
            "  INFO [0c5e7a21] Running docker ps --filter label=service=gtfs-sofia --filter label=role=web on 49.12.77.203\n"
            "App Host: 49.12.77.203\nCONTAINER ID   IMAGE                                   STATUS\n"
            "4a9f0d27c1be   dpetrova/gtfs-sofia:5f2c81e0d4b7a9e3   Up 3 minutes (healthy)",
        ),
    )
    s.say("One web container, image 5f2c81e, up 3 minutes and healthy.")
    s.user("👍")
    s.outcome("success", "Friday deploy of main via Kamal, healthy")
    return s


def g15() -> Session:
    s = new("g15-debug-ingest", "2029-11-09T13:40:09", "2.1.171", "main", "debug-ingest-shrike")
    s.queued_start("ingest-ът гълта някакви trip updates")
    s.user(
        "ingest-ът гълта някакви trip updates, в логовете 412, в базата 380. само за днес пусни ingest-а с "
        "RUST_LOG=debug на сървъра",
        non_rules=["само за днес пусни ingest-а с RUST_LOG=debug"],
    )
    s.act(None, Read("config/deploy.yml", DEPLOY_YML))
    s.act(
        None,
        Bash(
            "kamal app exec --reuse 'printenv RUST_LOG'; kamal env push 2>/dev/null; kamal app boot --env RUST_LOG=debug "
            "2>&1 | tail -2",
            "info\n  INFO [7a0e2c19] Running docker container start gtfs-sofia-web-d7e3b2 on 49.12.77.203\n"
            "  INFO Container is healthy!",
            secs=60,
        ),
    )
    s.act(
        None,
        Bash(
            "kamal app logs --lines 4 --grep skip",
            '2029-11-09T13:44:02.118Z DEBUG gtfs_sofia::feeds::realtime: skip trip_id=TM5_X_0931 reason="unknown trip"\n'
            '2029-11-09T13:44:02.118Z DEBUG gtfs_sofia::feeds::realtime: skip trip_id=TM5_X_0933 reason="unknown trip"',
        ),
    )
    s.say(
        "Debug logging is on. The missing 32 are trips like `TM5_X_0931` that are not in the static schedule "
        "(extra trips added in realtime); the ingester skips them as unknown."
    )
    s.user("хм, ще видя в понеделник")
    s.outcome("unknown", "debug logging enabled and the cause suggested; she leaves without confirming")
    return s


SESSIONS = [g01, g02, g03, g04, g05, g06, g07, g08, g09, g10, g11, g12, g13, g14, g15]
