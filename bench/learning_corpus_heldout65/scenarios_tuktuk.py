"""Sokha's `tuktuk-dispatch` sessions (t01-t16): a Rust 1.83 Axum service that matches tuk-tuk and remork drivers to
riders in Phnom Penh, sqlx on PostgreSQL (compile-time checked queries, an offline `.sqlx` cache for the container
build), tokio, cargo nextest, deployed as a container on Fly.io (region sin). Times are UTC; Phnom Penh is UTC+7."""

from __future__ import annotations

from fake_output import TUK, git_commit, nextest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "tuktuk-dispatch"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=TUK, project=PROJECT)


RIDES_RS = """use axum::{extract::State, Json};

use crate::{error::ApiError, model::{NewRide, Ride}, AppState};

pub async fn create_ride(State(app): State<AppState>, Json(req): Json<NewRide>) -> Result<Json<Ride>, ApiError> {
    let mut tx = app.pool.begin().await?;
    let driver = sqlx::query!(
        r#"SELECT id, lat, lng FROM drivers WHERE available
           ORDER BY (lat - $1) ^ 2 + (lng - $2) ^ 2 LIMIT 1 FOR UPDATE SKIP LOCKED"#,
        req.pickup_lat,
        req.pickup_lng
    )
    .fetch_one(&mut *tx)
    .await?;
    let eta = app.maps.eta((driver.lat, driver.lng), (req.pickup_lat, req.pickup_lng)).await?;
    let ride = sqlx::query_as!(
        Ride,
        "INSERT INTO rides (rider_id, driver_id, pickup_lat, pickup_lng, eta_secs, fare_riel)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, driver_id, eta_secs, fare_riel",
        req.rider_id,
        driver.id,
        req.pickup_lat,
        req.pickup_lng,
        eta.as_secs() as i32,
        req.fare_riel
    )
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query!("UPDATE drivers SET available = false WHERE id = $1", driver.id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(Json(ride))
}
"""

DOCKERFILE = """FROM rust:1.83-slim-bookworm AS build
WORKDIR /app
COPY . .
ENV SQLX_OFFLINE=true
RUN cargo build --release --locked

FROM debian:bookworm-slim
COPY --from=build /app/target/release/tuktuk-dispatch /usr/local/bin/
CMD ["tuktuk-dispatch"]"""

FARE_RS = """pub fn fare_riel(distance_km: f64, kind: VehicleKind) -> i64 {
    let per_km = match kind {
        VehicleKind::Remork => 2500.0,
        VehicleKind::Bajaj => 2000.0,
        VehicleKind::Moto => 1500.0,
    };
    let raw = 3000.0 + per_km * distance_km;
    ((raw / 100.0) as i64) * 100
}
"""

CONTRIBUTING = """# Contributing

- Always run `cargo fmt --all` before opening a pull request.
- Tests: `cargo nextest run`; integration tests need DATABASE_URL.
- Every pull request is reviewed by Sokha or Dara."""

DB_RS = """pub async fn connect(url: &str) -> anyhow::Result<PgPool> {
    let pool = PgPoolOptions::new()
        .max_connections(10)
        .connect(url)
        .await?;
    Ok(pool)
}
"""

DRIVERS_RS = """#[derive(Debug, Serialize)]
pub struct Driver {
    pub id: i64,
    pub name: String,
    pub phone: Option<String>,
}

pub async fn get(pool: &PgPool, id: i64) -> sqlx::Result<Driver> {
    let row = sqlx::query!("SELECT id, name, phone FROM drivers WHERE id = $1", id)
        .fetch_one(pool)
        .await?;
    Ok(Driver {
        id: row.id,
        name: row.name,
        phone: row.phone,
    })
}
"""

MISMATCH = """error[E0308]: mismatched types
  --> src/repo/drivers.rs:16:16
   |
16 |         phone: row.phone,
   |                ^^^^^^^^^ expected `Option<String>`, found `String`
   |
   = note: expected enum `Option<String>`
            found struct `String`
help: try wrapping the expression in `Some`
   |
16 |         phone: Some(row.phone),
   |                +++++          +

For more information about this error, try `rustc --explain E0308`.
error: could not compile `tuktuk-dispatch` (lib) due to 1 previous error"""

MAPS_RS = """pub async fn eta(&self, from: (f64, f64), to: (f64, f64)) -> anyhow::Result<Duration> {
        let resp = self
            .http
            .post("https://routes.googleapis.com/directions/v2:computeRoutes")
            .header("X-Goog-Api-Key", &self.key)
            .json(&route_body(from, to))
            .send()
            .await?;"""


def t01() -> Session:
    s = new("t01-rides-endpoint", "2029-07-09T02:14:08", "2.1.152", "rides-endpoint", "first-ride-gecko")
    s.user(
        "Hi! tuktuk-dispatch is a fresh Axum 0.7 service, Rust 1.83. we go with sqlx and plain SQL, not Diesel, I "
        "like seeing the queries. First thing: POST /rides that picks the nearest available driver and stores the "
        "ride. the migration for drivers and rides is already in migrations/.",
        decisions=["we go with sqlx and plain SQL, not Diesel"],
    )
    s.title("POST /rides with nearest driver")
    s.act(
        None,
        Read(
            "migrations/20290708101500_init.up.sql",
            "CREATE TABLE drivers (\n  id BIGSERIAL PRIMARY KEY,\n  name TEXT NOT NULL,\n  phone TEXT NOT NULL,\n  lat DOUBLE PRECISION NOT NULL,\n  lng DOUBLE PRECISION NOT NULL,\n  available BOOLEAN NOT NULL DEFAULT true\n);\nCREATE TABLE rides (\n  id BIGSERIAL PRIMARY KEY,\n  rider_id BIGINT NOT NULL,\n  driver_id BIGINT NOT NULL REFERENCES drivers (id),\n  pickup_lat DOUBLE PRECISION NOT NULL,\n  pickup_lng DOUBLE PRECISION NOT NULL,\n  eta_secs INT NOT NULL,\n  fare_riel BIGINT NOT NULL\n);",
        ),
    )
    s.act(
        "The handler locks the nearest free driver with `FOR UPDATE SKIP LOCKED` so two riders cannot get the same "
        "one, asks the maps client for the ETA and inserts the ride in the same transaction.",
        Write("src/routes/rides.rs", RIDES_RS),
    )
    s.act(
        None,
        Bash(
            "cargo test 2>&1 | tail -n 4",
            "test result: ok. 11 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.84s",
            secs=40,
        ),
    )
    s.say("`POST /rides` is in `src/routes/rides.rs`; `cargo test`: 11 passed.")
    s.user(
        "nice. one thing: please, let's keep running the tests with cargo nextest run from now on, the plain cargo "
        "test output gets messy when the integration tests run in parallel.",
        rules=[("nextest", "let's keep running the tests with cargo nextest run from now on")],
    )
    s.act(
        None,
        Bash(
            "cargo nextest run", nextest_run(["api::health_ok", "fare::remork_base", "rides::picks_nearest"]), secs=35
        ),
    )
    s.say("Same suite under nextest: all green.")
    s.user("orkun 🙏")
    s.outcome("success", "POST /rides with nearest-driver locking; tests green under nextest")
    return s


def t02() -> Session:
    s = new("t02-deploy-offline", "2029-07-10T03:02:41", "2.1.152", "main", "offline-cache-heron")
    s.user(
        "fly deploy បរាជ័យនៅពេល build ប៉ុន្តែនៅលើ laptop ខ្ញុំ cargo build ដំណើរការធម្មតា។ log:\n\n```\n"
        "#14 [build 4/4] RUN cargo build --release --locked\n"
        "#14 41.07    Compiling tuktuk-dispatch v0.1.0 (/app)\n"
        "#14 52.31 error: `SQLX_OFFLINE=true` but there is no cached data for this query, run `cargo sqlx prepare` "
        "to update the query cache or unset `SQLX_OFFLINE`\n"
        "#14 52.31   --> src/routes/rides.rs:31:5\n"
        '#14 52.44 error: could not compile `tuktuk-dispatch` (bin "tuktuk-dispatch") due to 1 previous error\n'
        "Error: failed to fetch an image or build from source: error building: failed to solve: process "
        '"/bin/sh -c cargo build --release --locked" did not complete successfully: exit code: 101\n```'
    )
    s.act(None, Read("Dockerfile", DOCKERFILE))
    s.act(
        "The builder has no database, so sqlx reads the checked-in query cache, and the `UPDATE drivers` query is "
        "not in it. The quickest way through is to let the macros connect during the build:",
        Denied(
            Edit("Dockerfile", "ENV SQLX_OFFLINE=true", "ENV SQLX_OFFLINE=false"),
            "the Fly builder can't reach our database, and I don't want the DB password in the build",
        ),
    )
    s.act(
        "Understood. Then the cache has to be regenerated from a local database:",
        Bash(
            "cargo sqlx prepare",
            "error: error returned from database: error communicating with database: Connection refused (os error 111)",
            code=1,
        ),
    )
    s.say("Your local Postgres is not running (connection refused on 5432), so `cargo sqlx prepare` cannot run yet.")
    s.user("ot te, ot men mean pel tiet thngai nis. saek khnhom mok vinh, orkun.")
    s.not_person("run `cargo sqlx prepare` to update the query cache or unset `SQLX_OFFLINE`", "pasted_log")
    s.outcome("failed", "container build fails: no cached sqlx data for a query; cache not regenerated")
    s.hit("sqlx-offline-stale")
    return s


def t03() -> Session:
    s = new("t03-fare-rounding", "2029-07-11T02:40:19", "2.1.153", "fare-fix", "riel-round-ibis")
    s.user(
        "rider complained: 1.5 km on a remork should be 6,800៛ but the app says 6,700៛. fare is in src/fare.rs. "
        "could you check the rounding?"
    )
    s.act(None, Read("src/fare.rs", FARE_RS), Read("CONTRIBUTING.md", CONTRIBUTING))
    s.act(
        "`3000.0 + 2500.0 * 1.5` is 6750.0 in f64, then `(raw / 100.0) as i64` truncates to 67, so 6,700. Riel fares "
        "are rounded to the nearest 100 in town; doing it in integer riel avoids the float entirely:",
        Edit(
            "src/fare.rs",
            "    let raw = 3000.0 + per_km * distance_km;\n    ((raw / 100.0) as i64) * 100",
            "    let raw = 3000 + (per_km * distance_km).round() as i64;\n    (raw + 50) / 100 * 100",
        ),
        Edit(
            "src/fare.rs",
            "VehicleKind::Remork => 2500.0,\n        VehicleKind::Bajaj => 2000.0,\n        VehicleKind::Moto => 1500.0,",
            "VehicleKind::Remork => 2500.0,\n        VehicleKind::Bajaj => 2000.0,\n        VehicleKind::Moto => 1500.0, // riel per km",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo fmt --all && cargo nextest run fare",
            nextest_run(["fare::remork_base", "fare::remork_one_and_half_km", "fare::moto_rounds_up"]),
            secs=20,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Round fares to the nearest 100 riel' && git push origin main",
            git_commit("main", "a41c0d2", "Round fares to the nearest 100 riel", 1, 3, 2)
            + "\nTo github.com:sokha-dev/tuktuk-dispatch.git\n   7be21f0..a41c0d2  main -> main",
        ),
    )
    s.say("Fixed and pushed: 1.5 km on a remork is now 6,800៛.")
    s.user(
        "អរគុណ តែសូមកុំ push ទៅ main ផ្ទាល់ បើក PR សិន ទោះបីជាការកែតូចក៏ដោយ។ Dara ត្រូវ review ផងដែរ។",
        rules=[("no-push-main", "សូមកុំ push ទៅ main ផ្ទាល់ បើក PR សិន")],
    )
    s.act(
        None,
        Bash(
            "git switch -c fare-rounding-tests && gh pr create --fill --base main",
            "https://github.com/sokha-dev/tuktuk-dispatch/pull/14",
        ),
    )
    s.say(
        "Noted. The fare commit is already on main; I opened PR #14 from a branch for Dara to review it after the fact."
    )
    s.not_person("Always run `cargo fmt --all` before opening a pull request.", "tool_output")
    s.one_off("fares truncated to the lower 100 riel because f64 6750.0 / 100 was cast with `as i64`")
    s.outcome("success", "fare rounding fixed in integer riel; pushed to main, complaint, PR opened")
    return s


def t04() -> Session:
    s = new("t04-rush-hour", "2029-07-12T11:12:55", "2.1.153", "main", "pool-wait-crane")
    s.user(
        "Yesterday around 18:00 our time a lot of POST /rides failed. From `fly logs`:\n\n```\n"
        "2029-07-11T11:03:12Z app[e286de4f] sin [info] ERROR tuktuk_dispatch::api: POST /rides failed "
        "error=pool timed out while waiting for an open connection\n"
        "2029-07-11T11:03:12Z app[e286de4f] sin [info] ERROR tuktuk_dispatch::api: POST /rides failed "
        "error=pool timed out while waiting for an open connection\n"
        "2029-07-11T11:03:44Z app[e286de4f] sin [info] WARN tower_http::trace: latency=30012ms status=500\n```"
    )
    s.user("it recovered by itself after about 10 minutes, nobody restarted anything.", after=9)
    s.act(None, Read("src/db.rs", DB_RS))
    s.act(
        "Ten connections is small for a dispatch service at rush hour. As a rule of thumb, always size the pool to "
        "at least twice the number of worker threads. Raising it to 40:",
        Denied(
            Edit("src/db.rs", ".max_connections(10)", ".max_connections(40)"),
            "our Fly Postgres is the smallest plan, 25 connections in total, and the migrations need some too",
        ),
    )
    s.say(
        "Then the pool size stays. The waits mean connections are held for a long time somewhere; I would need to "
        "look at which handlers keep them. Do you want me to go through the routes now?"
    )
    s.user("ot te, pel nis ot ban. tuk sen, knhom trov tov meeting.")
    s.not_person(
        "As a rule of thumb, always size the pool to at least twice the number of worker threads.", "assistant_text"
    )
    s.outcome("failed", "pool timeouts at rush hour; raising the pool refused, cause not found")
    s.hit("tx-across-await")
    return s


def t05() -> Session:
    s = new("t05-vehicle-kind", "2029-07-13T02:20:33", "2.1.154", "vehicle-kind", "remork-bajaj-lark")
    s.user(
        "សូមបន្ថែម column vehicle_kind (remork, bajaj, moto) ទៅ table drivers ហើយប្រើវាក្នុង fare។ "
        "ច្បាប់សម្រាប់ migrations ក្នុង repo នេះ៖\n"
        "១. migration ថ្មីនីមួយៗត្រូវមាន down.sql ដែរ\n"
        "២. កុំកែ migration ដែល apply រួចហើយ សូមបង្កើត migration ថ្មីជំនួសវិញ",
        rules=[
            ("migr-down", "migration ថ្មីនីមួយៗត្រូវមាន down.sql ដែរ"),
            ("migr-no-edit", "កុំកែ migration ដែល apply រួចហើយ សូមបង្កើត migration ថ្មីជំនួសវិញ"),
        ],
    )
    s.act(
        None,
        Bash(
            "sqlx migrate add -r vehicle_kind",
            "Creating migrations/20290713022412_vehicle_kind.up.sql\nCreating migrations/20290713022412_vehicle_kind.down.sql",
        ),
    )
    s.act(
        "A Postgres enum with a default so existing drivers stay valid, and the down migration drops both:",
        Write(
            "migrations/20290713022412_vehicle_kind.up.sql",
            "CREATE TYPE vehicle_kind AS ENUM ('remork', 'bajaj', 'moto');\n"
            "ALTER TABLE drivers ADD COLUMN vehicle_kind vehicle_kind NOT NULL DEFAULT 'remork';\n",
        ),
        Write(
            "migrations/20290713022412_vehicle_kind.down.sql",
            "ALTER TABLE drivers DROP COLUMN vehicle_kind;\nDROP TYPE vehicle_kind;\n",
        ),
    )
    s.act(
        None,
        Bash(
            "sqlx migrate run && sqlx migrate revert && sqlx migrate run && cargo nextest run",
            "Applied 20290713022412/migrate vehicle kind (8.112ms)\nApplied 20290713022412/revert vehicle kind "
            "(3.904ms)\nApplied 20290713022412/migrate vehicle kind (7.630ms)\n"
            + nextest_run(["api::health_ok", "fare::remork_base", "fare::moto_rounds_up", "rides::picks_nearest"]),
            secs=44,
        ),
    )
    s.say(
        "Up and down both apply cleanly; the fare already takes `VehicleKind`, so the column maps onto it. Tests green."
    )
    s.user("ល្អណាស់ អរគុណ 👍")
    s.outcome("success", "vehicle_kind migration with a down file, up/down/up checked, tests green")
    return s


def t06() -> Session:
    s = new("t06-ci-mismatch", "2029-07-16T02:05:10", "2.1.154", "nullable-phone", "option-phone-stork")
    s.user(
        "CI is red on my branch nullable-phone. I made drivers.phone nullable (new migration, not edited the old "
        "one) and changed the struct to Option<String>. locally it builds. CI says:\n\n```\n" + MISMATCH + "\n```"
    )
    s.act(None, Read("src/repo/drivers.rs", DRIVERS_RS))
    s.act(None, Bash("SQLX_OFFLINE=true cargo build --locked", MISMATCH, code=1, secs=30))
    s.act(
        "Reproduced with offline mode. Maybe a stale incremental build; cleaning the package:",
        Bash("cargo clean -p tuktuk-dispatch", "     Removed 1843 files, 612.4MiB total"),
    )
    s.act(None, Bash("SQLX_OFFLINE=true cargo build --locked", MISMATCH, code=1, secs=95))
    s.act(
        "Once more after touching the file, in case the macro did not re-expand:", Bash("touch src/repo/drivers.rs", "")
    )
    s.act(None, Bash("SQLX_OFFLINE=true cargo build --locked", MISMATCH, code=1, secs=31))
    s.act(
        "In offline mode the macro still believes `phone` is `NOT NULL`. The simplest way to get CI green is to make "
        "the field a plain `String` again:",
        Edit("src/repo/drivers.rs", "    pub phone: Option<String>,", "    pub phone: String,"),
    )
    s.interrupt()
    s.user(
        "ot te! phone ot men jea NOT NULL tiet te, drivers khlah ot mean phone. kom kae struct. "
        "knhom ot mean pel, CI nov tae krahom, tuk sen.",
        non_rules=["kom kae struct"],
    )
    s.act(None, Edit("src/repo/drivers.rs", "    pub phone: String,", "    pub phone: Option<String>,"))
    s.say("Put back to `Option<String>`. The offline build still fails the same way.")
    s.outcome("failed", "CI offline build sees phone as NOT NULL; three identical builds failed, struct change stopped")
    s.hit("sqlx-offline-stale")
    return s


def t07() -> Session:
    s = new("t07-eta-tls", "2029-07-17T03:30:02", "2.1.155", "eta", "routes-api-finch")
    s.user(
        "ETA from the maps client works locally but on Fly every ride gets eta 0 and this in the logs:\n\n```\n"
        "WARN tuktuk_dispatch::maps: eta failed, using 0 error=error sending request for url "
        "(https://routes.googleapis.com/directions/v2:computeRoutes): client error (Connect): invalid peer "
        "certificate: UnknownIssuer\n```\n"
        "btw we'll stay with the Google Routes API for ETA, not self-hosted OSRM, nobody has time to run it.",
        decisions=["we'll stay with the Google Routes API for ETA, not self-hosted OSRM"],
    )
    s.act(None, Read("Dockerfile", DOCKERFILE), Read("src/maps.rs", MAPS_RS))
    s.act(
        "`debian:bookworm-slim` ships without CA certificates, so rustls-native-certs finds no roots in the runtime "
        "image. Installing them in the final stage:",
        Edit(
            "Dockerfile",
            "FROM debian:bookworm-slim\n",
            "FROM debian:bookworm-slim\nRUN apt-get update && apt-get install -y --no-install-recommends ca-certificates "
            "&& rm -rf /var/lib/apt/lists/*\n",
        ),
    )
    s.act(
        None,
        Bash(
            "fly deploy --remote-only && fly logs --no-tail | grep -m2 eta",
            "==> Building image with Depot\n--> Pushing image done\n> Updating existing machines in 'tuktuk-dispatch' "
            "with rolling strategy\n  Finished deploying\n2029-07-17T03:41:12Z app[e286de4f] sin [info] INFO "
            "tuktuk_dispatch::maps: eta ok secs=412\n2029-07-17T03:41:40Z app[e286de4f] sin [info] INFO "
            "tuktuk_dispatch::maps: eta ok secs=655",
            secs=140,
        ),
    )
    s.say(
        "Deployed; ETAs come back (412 s, 655 s). For redundancy it would be good to run a second machine too: "
        "`fly scale count 2`?"
    )
    s.user(
        "no, please keep tuktuk-dispatch on a single Fly machine, the driver positions only live in memory right now.",
        rules=[("one-machine", "please keep tuktuk-dispatch on a single Fly machine")],
    )
    s.say("Understood, one machine.")
    s.user("orkun")
    s.one_off(
        "rustls fails with 'invalid peer certificate: UnknownIssuer' on Fly: the slim runtime image lacked ca-certificates"
    )
    s.outcome("success", "ca-certificates added to the runtime image; ETAs work on Fly")
    return s


def t08() -> Session:
    s = new("t08-evening-spinner", "2029-07-18T11:40:27", "2.1.155", "main", "spinner-egret")
    s.user(
        "ល្ងាចនេះម៉ោងប្រហែល ៦ drivers ច្រើននាក់ call មកប្រាប់ថា app វិលៗ មិនចេញ ride ថ្មីទេ ប្រហែល ៣០ វិនាទី "
        "ហើយបន្ទាប់មកវាបានវិញ។ ខ្ញុំមិនទាន់មើល logs ទេ។ គំនិតអ្វីខ្លះ?"
    )
    s.act(None, Read("src/routes/rides.rs", RIDES_RS))
    s.say(
        "Thirty seconds is exactly sqlx's default acquire timeout, so it smells like the connection pool running "
        "dry at peak. In `create_ride` the transaction is opened before the driver lookup and stays open while the "
        "handler waits on the maps API, so every booking holds a connection for the whole HTTP round trip. I am not "
        "sure yet; logs from 18:00 and the p95 of the maps call would tell."
    )
    s.user("ok, yol hz. saek knhom yok logs mok. orkun.")
    s.outcome("unknown", "evening stalls described; a suspicion about the pool, nothing checked or changed")
    s.hit("tx-across-await")
    return s


def t09() -> Session:
    s = new("t09-dara-laptop", "2029-07-19T02:11:45", "2.1.156", "main", "new-laptop-mynah")
    s.user(
        "Dara pull main ម្សិលមិញ ហើយ build នៅលើ laptop ថ្មីរបស់គាត់ fail ខណៈពេល build របស់ខ្ញុំ OK ទាំងអស់។ "
        "laptop គាត់មិនទាន់មាន Postgres ទេ។ ហេតុអ្វីបានជាខុសគ្នា?"
    )
    s.act(
        None,
        Bash(
            "ls .sqlx | wc -l && git log --oneline -3 -- .sqlx migrations src/repo",
            "14\n3e9a1b7 Nullable driver phone\n9d02c4e Vehicle kind\n5b11f08 Query cache for rides",
        ),
    )
    s.say(
        "Without a database the sqlx macros fall back to the `.sqlx` query cache, and the last change to it is "
        "older than the nullable-phone and vehicle-kind commits. Your laptop builds because the macros talk to "
        "your local Postgres directly. So his build sees the old schema. Do you want me to regenerate the cache now?"
    )
    s.user("ot bach te thngai nis, knhom ning prab Dara oy start postgres sen. orkun.")
    s.outcome("unknown", "a colleague's build fails without a database; explained, nothing changed")
    s.hit("sqlx-offline-stale")
    return s


def tests_for_positions(child: Session) -> None:
    child.act(
        None,
        Read(
            "src/positions.rs",
            'pub async fn set(redis: &RedisPool, driver: i64, lat: f64, lng: f64) -> anyhow::Result<()> {\n    let mut c = redis.get().await?;\n    c.geo_add("drivers", (Coord::lon_lat(lng, lat), driver)).await?;\n    Ok(())\n}',
        ),
    )
    child.act(
        None,
        Write(
            "tests/positions.rs",
            "#[sqlx::test]\nasync fn nearest_uses_redis_positions(pool: PgPool) {\n    let app = TestApp::new(pool).await;\n"
            "    app.set_position(7, 11.5564, 104.9282).await;\n    app.set_position(8, 11.5700, 104.9100).await;\n"
            "    assert_eq!(app.nearest(11.5560, 104.9280).await, 7);\n}\n",
        ),
    )
    child.act(
        None,
        Bash(
            "cargo nextest run positions",
            nextest_run(["positions::nearest_uses_redis_positions", "positions::stale_position_expires"]),
            secs=25,
        ),
    )
    child.say(
        "Added tests/positions.rs with two #[sqlx::test] integration tests (nearest driver from Redis GEO, stale position expiry); both pass under nextest."
    )


def t10() -> Session:
    s = new("t10-redis-positions", "2029-07-20T02:30:14", "2.1.156", "redis-positions", "geo-add-kite")
    s.user(
        "សម្រេចចិត្ត៖ driver positions ទៅ Redis នៅ Upstash វិញ មិនទុកក្នុង memory ទៀតទេ។ "
        "please move positions.rs to Redis GEOADD / GEOSEARCH. and the integration tests should each get their "
        "own database through #[sqlx::test], not the shared dev database.",
        decisions=["សម្រេចចិត្ត៖ driver positions ទៅ Redis នៅ Upstash វិញ"],
        rules=[("sqlx-test-db", "the integration tests should each get their own database through #[sqlx::test]")],
    )
    s.title("Driver positions in Redis")
    s.act(
        None,
        Bash(
            "cargo add deadpool-redis@0.18 redis@0.27 --features redis/geospatial",
            "    Updating crates.io index\n      Adding deadpool-redis v0.18.0 to dependencies\n      Adding redis v0.27.5 to dependencies\n             Features:\n             + geospatial",
        ),
    )
    s.act(
        None,
        Write(
            "src/positions.rs",
            "pub async fn set(redis: &RedisPool, driver: i64, lat: f64, lng: f64) -> anyhow::Result<()> {\n"
            '    let mut c = redis.get().await?;\n    c.geo_add("drivers", (Coord::lon_lat(lng, lat), driver)).await?;\n'
            "    Ok(())\n}\n",
        ),
    )
    s.act(
        None,
        Agent(
            "Integration tests for Redis positions",
            "Write integration tests for src/positions.rs in tests/positions.rs using #[sqlx::test] (each test gets "
            "its own database) and the Redis from docker-compose. Run them with cargo nextest run positions and "
            "report what you added.",
            "general-purpose",
            tests_for_positions,
            background=True,
        ),
    )
    s.act(
        "While the agent writes the tests, wiring the nearest-driver lookup to GEOSEARCH:",
        Bash(
            "cargo check",
            "    Checking tuktuk-dispatch v0.1.0 (/home/sokha/code/tuktuk-dispatch)\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 6.12s",
            secs=9,
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Sokha decided to keep driver positions in Redis (Upstash) instead of "
        "memory and asked to move positions.rs to GEOADD/GEOSEARCH, integration tests with #[sqlx::test].\n"
        "Summary:\n1. deadpool-redis 0.18 and redis 0.27 (geospatial) added.\n2. src/positions.rs writes with "
        "GEOADD.\n3. A background general-purpose agent is writing tests/positions.rs.\n4. User preference: Always "
        "use anyhow for errors in handlers instead of thiserror.\nPending: GEOSEARCH in the nearest-driver lookup, "
        "the agent's tests, commit.",
        168200,
        11900,
    )
    s.act(
        None,
        Write(
            "src/nearest.rs",
            "pub async fn nearest(redis: &RedisPool, lat: f64, lng: f64) -> anyhow::Result<Option<i64>> {\n"
            '    let mut c = redis.get().await?;\n    let ids: Vec<i64> = c.geo_search("drivers", GeoSearch::from_lonlat('
            "lng, lat).radius_km(5.0).asc().count(1)).await?;\n    Ok(ids.first().copied())\n}\n",
        ),
    )
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "cargo nextest run",
            nextest_run(
                [
                    "api::health_ok",
                    "fare::remork_base",
                    "positions::nearest_uses_redis_positions",
                    "positions::stale_position_expires",
                    "rides::picks_nearest",
                ]
            ),
            secs=48,
        ),
    )
    s.say(
        "Positions live in Redis now, the lookup uses GEOSEARCH, and the agent's two `#[sqlx::test]` tests pass with the rest."
    )
    s.user("ល្អ commit ហើយបើក PR សូម")
    s.act(
        None,
        Bash(
            "git add -A && git commit -qm 'Driver positions in Redis' && gh pr create --fill --base main",
            "https://github.com/sokha-dev/tuktuk-dispatch/pull/17",
        ),
    )
    s.say("PR #17 is open.")
    s.not_person(
        "User preference: Always use anyhow for errors in handlers instead of thiserror.", "compaction_summary"
    )
    s.outcome(
        "success", "driver positions moved to Redis GEO with integration tests from a background agent; PR opened"
    )
    return s


def t11() -> Session:
    s = new("t11-healthz-503", "2029-07-20T11:20:50", "2.1.157", "main", "health-deadline-owl")
    s.user(
        "Fly restarted the machine twice this evening. `fly checks list`:\n\n```\n"
        "NAME                      STATUS    MACHINE         LAST UPDATED  OUTPUT\n"
        "servicecheck-00-http-8080 critical  e286de4f...     1m ago        context deadline exceeded "
        "(Client.Timeout exceeded while awaiting headers)\n```\n"
        "/healthz only does SELECT 1, how can that time out?"
    )
    s.act(
        None,
        Grep(
            "SELECT 1",
            ['src/routes/health.rs:9:    sqlx::query("SELECT 1").execute(&app.pool).await?;'],
            mode="content",
        ),
    )
    s.say(
        "`/healthz` waits for a pool connection like any request, so when the pool is exhausted the check waits "
        "until Fly's 5 s timeout. The health check is the messenger; the question is who holds the connections."
    )
    s.act(
        "Giving the health check its own short acquire timeout would at least stop the restarts:",
        Bash("fly ssh console -C 'curl -s -m 3 localhost:8080/healthz'", "Error: ssh: handshake failed: EOF", code=1),
    )
    s.user("ot ban te, pel nis rush hour, knhom ot chong deploy ey. saek mer tiet.")
    s.outcome("failed", "health checks time out and Fly restarts the machine; nothing fixed")
    s.hit("tx-across-await")
    return s


def explore_sqlx(child: Session) -> None:
    child.act(
        None,
        Grep(
            "sqlx::query",
            [
                'src/repo/drivers.rs:10:    let row = sqlx::query!("SELECT id, name, phone FROM drivers WHERE id = $1", id)',
                "src/routes/rides.rs:6:    let driver = sqlx::query!(",
                'tests/matching.rs:14:    let n = sqlx::query_scalar!("SELECT count(*) FROM rides WHERE driver_id = $1", 7)',
            ],
            mode="content",
        ),
    )
    child.act(
        None,
        Bash(
            "grep -l 'FROM rides WHERE driver_id' .sqlx/*.json | wc -l; grep -l 'phone' .sqlx/*.json | xargs grep -h '\"nullable\"' | head -1",
            '0\n  "nullable": [false, false, false]',
        ),
    )
    child.say(
        "query! macros: src/repo/drivers.rs:10, src/routes/rides.rs:6, tests/matching.rs:14. The test query in "
        "tests/matching.rs has no entry in .sqlx at all, and the drivers entry still says phone is not nullable."
    )


def t12() -> Session:
    s = new("t12-sqlx-fix", "2029-07-23T02:10:06", "2.1.157", "sqlx-cache", "prepare-all-rail")
    s.user(
        "I renamed the matching test to matching::nearest_driver_wins and now the CI job fails before running "
        "anything:\n\n```\nerror: `SQLX_OFFLINE=true` but there is no cached data for this query, run `cargo sqlx "
        "prepare` to update the query cache or unset `SQLX_OFFLINE`\n  --> tests/matching.rs:14:13\n```\n"
        "this is the third or fourth time something with the query cache bites us (deploy, Dara's laptop, the "
        "phone column). let's fix it properly."
    )
    s.act(
        "Listing every query macro and what the cache holds for it:",
        Agent(
            "Map query! macros against .sqlx",
            "List every sqlx::query!/query_as!/query_scalar! call in src/ and tests/ with file:line, and check which "
            "of them have a matching file in .sqlx/. Read-only; report file:line.",
            "Explore",
            explore_sqlx,
        ),
    )
    s.act(
        None,
        Bash(
            "podman start tuktuk-pg && sqlx migrate run",
            "tuktuk-pg\nApplied 20290715093001/migrate nullable phone (6.201ms)",
        ),
    )
    s.act(
        "One cause behind all of them: the `.sqlx` cache is regenerated by hand, without the test targets, and not "
        "after every migration. Regenerating it for every target, and making CI refuse a stale cache:",
        Bash(
            "cargo sqlx prepare --workspace -- --all-targets",
            "    Checking tuktuk-dispatch v0.1.0 (/home/sokha/code/tuktuk-dispatch)\n    Finished `dev` profile "
            "[unoptimized + debuginfo] target(s) in 9.88s\nquery data written to .sqlx in the workspace root; please "
            "check this into version control",
            secs=24,
        ),
    )
    s.act(
        None,
        Edit(
            ".github/workflows/ci.yml",
            "      - run: cargo nextest run --locked",
            "      - run: cargo sqlx prepare --check --workspace -- --all-targets\n"
            "        env:\n          DATABASE_URL: postgres://postgres:postgres@localhost:5432/tuktuk\n"
            "      - run: cargo nextest run --locked",
        ),
    )
    s.act(
        None,
        Bash(
            "SQLX_OFFLINE=true cargo nextest run --locked",
            nextest_run(
                [
                    "api::health_ok",
                    "matching::nearest_driver_wins",
                    "positions::nearest_uses_redis_positions",
                    "repo::driver_without_phone",
                    "rides::picks_nearest",
                ]
            ),
            secs=70,
        ),
    )
    s.say(
        "Offline build and all tests pass, including `matching::nearest_driver_wins`; CI now fails if `.sqlx` is stale."
    )
    s.user(
        "អរគុណច្រើន! lesson for me: cargo sqlx prepare needs -- --all-targets, otherwise the queries in tests never "
        "reach .sqlx. commit ហើយបើក PR។",
        lessons=["cargo sqlx prepare needs -- --all-targets, otherwise the queries in tests never reach .sqlx"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -qm 'Regenerate .sqlx for all targets; check it in CI' && gh pr create --fill --base main",
            "https://github.com/sokha-dev/tuktuk-dispatch/pull/19",
        ),
    )
    s.say("PR #19 is open.")
    s.outcome("success", "sqlx query cache regenerated for all targets and checked in CI; offline build green")
    s.hit("sqlx-offline-stale", fixed=True)
    return s


def t13() -> Session:
    s = new("t13-tx-fix", "2029-07-24T02:25:31", "2.1.158", "rides-tx", "short-tx-swift")
    s.user(
        "I wrote a test that books 30 rides at once with a slow fake maps server (2 s per call). it doesn't "
        "finish:\n\n```\n    SLOW [> 60.000s] tuktuk-dispatch rides::concurrent_bookings_complete\n"
        " TIMEOUT [ 120.004s] tuktuk-dispatch rides::concurrent_bookings_complete\n```\n"
        "same thing as the rush hour and the health checks I think."
    )
    s.act(None, Read("src/routes/rides.rs", RIDES_RS))
    s.act(
        "Yes, one cause: `create_ride` opens the transaction, then awaits the maps API inside it, so each booking "
        "holds a connection (and a driver row lock) for the whole HTTP call. With 10 connections and 2 s calls, "
        "bookings queue until the 30 s acquire timeout. Committing before the maps call and storing the ETA after:",
        Edit(
            "src/routes/rides.rs",
            "    let eta = app.maps.eta((driver.lat, driver.lng), (req.pickup_lat, req.pickup_lng)).await?;\n",
            "",
        ),
    )
    s.act(
        None,
        Edit("src/routes/rides.rs", "        eta.as_secs() as i32,", "        0,"),
        Edit(
            "src/routes/rides.rs",
            "    tx.commit().await?;\n    Ok(Json(ride))",
            "    tx.commit().await?; // release the connection before calling the maps API\n"
            "    let eta = app.maps.eta((driver.lat, driver.lng), (req.pickup_lat, req.pickup_lng)).await?;\n"
            '    println!("eta for ride {} took {:?}", ride.id, eta);\n'
            '    sqlx::query!("UPDATE rides SET eta_secs = $1 WHERE id = $2", eta.as_secs() as i32, ride.id)\n'
            "        .execute(&app.pool)\n        .await?;\n    Ok(Json(Ride { eta_secs: eta.as_secs() as i32, ..ride }))",
        ),
    )
    s.user(
        "please no println! in the service code, use tracing::debug! instead, the logs go to Fly as JSON.",
        rules=[("no-println", "please no println! in the service code, use tracing::debug! instead")],
    )
    s.act(
        None,
        Edit(
            "src/routes/rides.rs",
            '    println!("eta for ride {} took {:?}", ride.id, eta);',
            '    tracing::debug!(ride = ride.id, ?eta, "eta computed");',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo sqlx prepare --workspace -- --all-targets && cargo nextest run",
            "query data written to .sqlx in the workspace root; please check this into version control\n"
            + nextest_run(
                [
                    "api::health_ok",
                    "matching::nearest_driver_wins",
                    "rides::concurrent_bookings_complete",
                    "rides::picks_nearest",
                ],
                secs=4.8,
            ),
            secs=60,
        ),
    )
    s.say("`rides::concurrent_bookings_complete` finishes in under 5 s now; the whole suite is green.")
    s.user(
        "ដំណើរការហើយ អរគុណ! មេរៀនថ្ងៃនេះ៖ transaction ដែលបើកចោលពេល await ទៅ maps API ធ្វើឲ្យ pool អស់ connection "
        "ទាំងដែលគ្មាន query យឺតសោះ។ PR សូម។",
        lessons=["transaction ដែលបើកចោលពេល await ទៅ maps API ធ្វើឲ្យ pool អស់ connection"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -qm 'Commit the ride before calling the maps API' && gh pr create --fill --base main",
            "https://github.com/sokha-dev/tuktuk-dispatch/pull/21",
        ),
    )
    s.say("PR #21 is open.")
    s.outcome("success", "transaction committed before the maps call; concurrent booking test passes")
    s.hit("tx-across-await", fixed=True)
    return s


def t14() -> Session:
    s = new("t14-two-machines", "2029-07-25T02:40:12", "2.1.158", "main", "scale-two-plover")
    s.user(
        "ឥឡូវ driver positions នៅក្នុង Redis ហើយ ដូច្នេះហេតុផលដែលយើងនៅ Fly machine តែមួយ លែងមានទៀតហើយ។ "
        "សូម run យ៉ាងហោចណាស់ 2 machines នៅ sin ដើម្បីកុំឲ្យ deploy ធ្វើឲ្យ app ដាច់។",
        rules=[("two-machines", "សូម run យ៉ាងហោចណាស់ 2 machines នៅ sin", "one-machine")],
    )
    s.act(
        None,
        Bash(
            "fly scale count 2 --region sin --yes && fly status",
            "App 'tuktuk-dispatch' is going to be scaled according to this plan:\n  +1 machines for group 'app' on "
            "region 'sin' of size 'shared-cpu-1x'\nExecuting scale plan\n  Created 9080e63c on region 'sin'\n\n"
            "Machines\nPROCESS ID              VERSION REGION  STATE   CHECKS\napp     e286de4f...     31      sin     "
            "started 1 total, 1 passing\napp     9080e63c...     31      sin     started 1 total, 1 passing",
            secs=30,
        ),
    )
    s.say("Two machines in sin, both passing their checks; rolling deploys now keep one up.")
    s.user("ល្អណាស់ អរគុណ")
    s.outcome("success", "scaled to two Fly machines in sin")
    return s


def t15() -> Session:
    s = new("t15-modified-migration", "2029-07-26T03:05:40", "2.1.159", "main", "checksum-drongo")
    s.user(
        "deploy failed in the release command:\n\n```\nRunning tuktuk-dispatch release_command: sqlx migrate run\n"
        "error: migration 20290715093001 was previously applied but has been modified\n"
        "Error: release command failed, deployment aborted\n```\nwhat happened?"
    )
    s.act(
        None,
        Bash(
            "git log --oneline -2 -- migrations/20290715093001_nullable_phone.up.sql && git diff HEAD~3 -- migrations/20290715093001_nullable_phone.up.sql",
            "c81f2aa Comment the phone migration\n3e9a1b7 Nullable driver phone\n@@ -1 +1,2 @@\n+-- drivers may sign up without a phone\n ALTER TABLE drivers ALTER COLUMN phone DROP NOT NULL;",
        ),
    )
    s.say(
        "Dara's commit c81f2aa added a comment to the applied nullable-phone migration, so its checksum changed. Restoring the file as it was applied:"
    )
    s.act(
        None,
        Bash(
            "git switch -c restore-migration && git checkout 3e9a1b7 -- migrations/20290715093001_nullable_phone.up.sql "
            "&& git commit -qam 'Restore applied migration' && git log --oneline -1",
            "5d3e0b9 Restore applied migration",
        ),
    )
    s.act("Pushing it so the release command sees the original file:", Denied(Bash("git push origin HEAD:main")))
    s.user(
        "ot te! kom push main ban te, PR sen, dauch knhom ban prab.",
        rules=[("no-push-main", "kom push main ban te, PR sen")],
    )
    s.act(
        None,
        Bash(
            "git push -u origin restore-migration && gh pr create --fill --base main",
            "https://github.com/sokha-dev/tuktuk-dispatch/pull/23",
        ),
    )
    s.say("PR #23 restores the migration byte for byte; once merged, `fly deploy` will pass the release command.")
    s.user(
        "orkun, merged. deploy OK 👍 TIL sqlx keeps a checksum of every applied migration, even a comment changes it.",
        lessons=["sqlx keeps a checksum of every applied migration, even a comment changes it"],
    )
    s.one_off(
        "release command `sqlx migrate run` fails: an applied migration was modified (a comment added), checksum mismatch"
    )
    s.outcome("success", "applied migration restored through a PR; deploy passes")
    return s


def t16() -> Session:
    s = new("t16-json-logs", "2029-07-27T02:15:09", "2.1.160", "json-logs", "tracing-json-wagtail")
    s.user("let's switch logging to JSON for Fly: tracing-subscriber with the json feature, request id on every line.")
    s.act(
        None,
        Bash(
            "cargo add tracing-subscriber@0.3 --features json,env-filter && cargo add tower-http@0.6 --features trace,request-id",
            "      Adding tracing-subscriber v0.3.19 to dependencies\n      Adding tower-http v0.6.2 to dependencies",
        ),
    )
    s.act(
        None,
        Write(
            "src/telemetry.rs",
            "pub fn init() {\n    tracing_subscriber::fmt()\n        .json()\n        .with_current_span(true)\n"
            "        .with_env_filter(EnvFilter::from_default_env())\n        .init();\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run",
            nextest_run(
                [
                    "api::health_ok",
                    "api::request_id_header",
                    "matching::nearest_driver_wins",
                    "rides::concurrent_bookings_complete",
                ]
            ),
            secs=50,
        ),
    )
    s.say("JSON logs with the span (request id included) on every line; tests green.")
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Sokha asked for JSON logs on Fly with a request id on every line.\n"
        "Summary:\n1. tracing-subscriber 0.3 (json, env-filter) and tower-http 0.6 (trace, request-id) added.\n"
        "2. src/telemetry.rs initialises the JSON subscriber.\n3. Always run cargo clippy -- -D warnings before "
        "committing.\nPending: RUST_LOG on Fly, PR.",
        91500,
        6800,
    )
    s.user(
        "should we always return 404 for a deactivated driver, or 410 Gone? the driver app shows the same screen "
        "for both right now.",
        non_rules=["should we always return 404 for a deactivated driver, or 410 Gone?"],
    )
    s.say(
        "404 is the usual choice; 410 tells the client the driver existed and is gone for good, which the app could "
        'show as "account closed". If the app does not distinguish, 404 keeps it simple.'
    )
    s.user("ok 404. set RUST_LOG=info on Fly and open the PR please.")
    s.act(
        None,
        Bash(
            "fly secrets set RUST_LOG=info --stage && git add -A && git commit -qm 'JSON logs with request ids' && gh pr create --fill --base main",
            "Secrets have been staged, but not set on VMs. Deploy or update machines in this app for the secrets to take effect.\nhttps://github.com/sokha-dev/tuktuk-dispatch/pull/24",
        ),
    )
    s.say("RUST_LOG staged on Fly (applies with the next deploy); PR #24 is open.")
    s.user("orkun ច្រើន")
    s.not_person("Always run cargo clippy -- -D warnings before committing.", "compaction_summary")
    s.outcome("success", "JSON logging with request ids; PR opened")
    return s


SESSIONS = [t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15, t16]
