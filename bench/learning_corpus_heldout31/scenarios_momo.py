"""Kwame's `momo-ledger` sessions (m01-m16): a Rust 1.8x workspace (crates/momo-ledger, an Axum + SQLx service,
and crates/momo-core) that reconciles mobile-money ledger entries against MTN MoMo settlement files, on Postgres
16 in docker compose, tested with cargo nextest, migrations with sqlx-cli. Times are UTC (Accra is UTC)."""

from __future__ import annotations

from fake_output import ML, cargo_build, clippy_clean, git_commit, nextest_run
from transcript_kit import Agent, Bash, Edit, ExitPlanMode, Grep, Read, Session, TodoWrite, Write

PROJECT = "momo-ledger"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ML, project=PROJECT)


CO_AUTHOR = (
    "\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\nCo-Authored-By: Claude "
    "<noreply@anthropic.com>"
)

ERROR_RS = """use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = match &self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Db(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        (status, Json(json!({ "error": self.to_string() }))).into_response()
    }
}"""

ROUTES_MOD = """use axum::routing::{get, post};
use axum::Router;
use sqlx::PgPool;

mod health;
mod transactions;

pub fn router(pool: PgPool) -> Router {
    Router::new()
        .route("/health", get(health::health))
        .route("/transactions", post(transactions::ingest))
        .with_state(pool)
}"""

SETTLEMENTS_RS = """use axum::extract::{Multipart, State};
use axum::Json;
use serde::Serialize;
use sqlx::PgPool;

use crate::error::AppError;
use crate::mtn::parse_settlement_csv;

#[derive(Serialize)]
pub struct ImportSummary {
    pub batch_ref: String,
    pub rows: u64,
}

pub async fn import(State(pool): State<PgPool>, mut form: Multipart) -> Result<Json<ImportSummary>, AppError> {
    let field = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(e.to_string()))?
        .ok_or_else(|| AppError::BadRequest("missing file".into()))?;
    let text = field.text().await.map_err(|e| AppError::BadRequest(e.to_string()))?;
    let rows = parse_settlement_csv(&text).map_err(|e| AppError::BadRequest(e.to_string()))?;
    let batch_ref = rows
        .first()
        .map(|r| r.batch_ref.clone())
        .ok_or_else(|| AppError::BadRequest("empty settlement file".into()))?;
    let mut tx = pool.begin().await?;
    for r in &rows {
        sqlx::query!(
            "INSERT INTO settlements (batch_ref, external_id, amount_pesewas, settled_at) VALUES ($1, $2, $3, $4)",
            r.batch_ref,
            r.external_id,
            r.amount_pesewas,
            r.settled_at
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(Json(ImportSummary { batch_ref, rows: rows.len() as u64 }))
}
"""

TEST_DB = """use sqlx::PgPool;

pub struct TestDb {
    pub pool: PgPool,
}

impl TestDb {
    /// Connects to momo_test and empties the ledger tables, so every test starts clean.
    pub async fn new() -> TestDb {
        let url = std::env::var("TEST_DATABASE_URL")
            .unwrap_or_else(|_| "postgres://momo:momo@localhost:5432/momo_test".into());
        let pool = PgPool::connect(&url).await.expect("connect momo_test");
        sqlx::query("TRUNCATE ledger_entries, settlements RESTART IDENTITY CASCADE")
            .execute(&pool)
            .await
            .expect("truncate");
        TestDb { pool }
    }
}"""

RECONCILE_TEST = """mod common;

use common::TestDb;
use momo_ledger::reconcile::reconcile_batch;

#[tokio::test]
async fn matches_settled_batch() {
    let db = TestDb::new().await;
    common::seed_entries(&db.pool, "MTN-20271004-01", 3).await;
    common::seed_settlements(&db.pool, "MTN-20271004-01", 3).await;
    let report = reconcile_batch(&db.pool, "MTN-20271004-01").await.expect("reconcile");
    assert_eq!(report.matched, 3);
}"""

PASSING = [
    "momo-ledger mtn::tests::parses_settlement_csv",
    "momo-ledger mtn::tests::rejects_bad_header",
    "momo-ledger error::tests::db_error_is_500",
    "momo-ledger::api health_returns_ok",
    "momo-ledger::api import_rejects_empty_file",
    "momo-ledger::reconcile reports_missing_entries",
    "momo-ledger::reconcile flags_amount_mismatch",
]

# ---------------------------------------------------------------------------------------------------------------


def m01() -> Session:
    s = new("m01-settlement-import", "2027-10-04T09:12:41", "2.1.220", "settlement-import", "mtn-csv-import")
    s.user(
        "scaffold POST /settlements/import, takes the mtn settlment csv as multipart and writes the rows to "
        "settlements. parser is in momo_core::mtn already. no unwrap in handlers, errors go thru AppError. "
        "always -p momo-ledger, its a workspace. and nextest not cargo test",
        rules=[
            ("no-unwrap", "no unwrap in handlers"),
            ("always-p", "always -p momo-ledger"),
            ("nextest", "nextest not cargo test"),
        ],
    )
    s.title("Settlement CSV import endpoint")
    s.act(
        None,
        Read("crates/momo-ledger/src/routes/mod.rs", ROUTES_MOD),
        Read("crates/momo-ledger/src/error.rs", ERROR_RS),
    )
    s.act(
        "Adding the handler with every failure mapped to `AppError`, and the route.",
        Write("crates/momo-ledger/src/routes/settlements.rs", SETTLEMENTS_RS),
        Edit(
            "crates/momo-ledger/src/routes/mod.rs",
            "mod health;\nmod transactions;",
            "mod health;\nmod settlements;\nmod transactions;",
        ),
        Edit(
            "crates/momo-ledger/src/routes/mod.rs",
            '        .route("/transactions", post(transactions::ingest))',
            '        .route("/transactions", post(transactions::ingest))\n'
            '        .route("/settlements/import", post(settlements::import))',
        ),
    )
    s.act(None, Bash("cargo build -p momo-ledger", cargo_build(), secs=24))
    s.act(
        None,
        Bash(
            "cargo nextest run -p momo-ledger",
            nextest_run([*PASSING, "momo-ledger::reconcile matches_settled_batch"]),
            secs=9,
        ),
    )
    s.say(
        "`POST /settlements/import` reads the first multipart field, parses it with `parse_settlement_csv` and "
        "inserts the rows in one transaction; every error path returns `AppError` (400 for bad input, 500 for the "
        "db). Build and nextest (8/8) are green. I used `sqlx::query!` per row; for big files `QueryBuilder::"
        "push_values` would batch the insert. Want me to switch, and commit?"
    )
    s.user(
        "going w plain sqlx query! macros, no query builder stuff. commit msgs conventional style pls (feat: fix: "
        "chore:)",
        rules=[("conv-commits", "commit msgs conventional style")],
        decisions=["going w plain sqlx query! macros"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: settlement csv import endpoint'",
            git_commit("settlement-import", "4e1a9c7", "feat: settlement csv import endpoint", 2, 49, 0),
        ),
    )
    s.say("Committed `4e1a9c7` (`feat: settlement csv import endpoint`).")
    s.user("k")
    s.outcome("success", "settlement csv import endpoint written, built, tests green, committed")
    return s


MIGRATIONS_README = """# migrations

Managed with sqlx-cli: `sqlx migrate add -r <name>` creates a `.up.sql` / `.down.sql` pair.

Never edit a migration that has been applied; add a new one.
Run `cargo sqlx prepare --workspace` after changing a query so the offline cache in `.sqlx/` stays current."""

TXN_RS = """pub async fn ingest(State(pool): State<PgPool>, Json(body): Json<IngestTxn>) -> Result<StatusCode, AppError> {
    sqlx::query!(
        "INSERT INTO ledger_entries (external_id, amount_pesewas, kind) VALUES ($1, $2, $3)",
        body.external_id,
        body.amount_pesewas,
        body.kind
    )"""


def m02() -> Session:
    s = new("m02-msisdn-column", "2027-10-05T08:55:10", "2.1.220", "msisdn", "ledger-msisdn")
    s.user(
        "ledger_entries needs msisdn (text, not null, default ''), store it from the ingest payload. migrations "
        "are reversible here so write the down too",
        rules=[("migrations-reversible", "migrations are reversible here")],
    )
    s.act(None, Read("migrations/README.md", MIGRATIONS_README))
    s.act(
        None,
        Bash(
            "sqlx migrate add -r ledger_msisdn",
            "Creating migrations/20271005085702_ledger_msisdn.up.sql\n"
            "Creating migrations/20271005085702_ledger_msisdn.down.sql",
        ),
    )
    s.act(
        None,
        Write(
            "migrations/20271005085702_ledger_msisdn.up.sql",
            "ALTER TABLE ledger_entries ADD COLUMN msisdn TEXT NOT NULL DEFAULT '';\n",
        ),
        Write("migrations/20271005085702_ledger_msisdn.down.sql", "ALTER TABLE ledger_entries DROP COLUMN msisdn;\n"),
        Edit(
            "crates/momo-ledger/src/routes/transactions.rs",
            '        "INSERT INTO ledger_entries (external_id, amount_pesewas, kind) VALUES ($1, $2, $3)",\n'
            "        body.external_id,",
            '        "INSERT INTO ledger_entries (external_id, msisdn, amount_pesewas, kind) VALUES ($1, $2, $3, $4)",\n'
            "        body.external_id,\n        body.msisdn,",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo build -p momo-ledger",
            "   Compiling momo-ledger v0.4.0 (" + ML + "/crates/momo-ledger)\n"
            'error: error returned from database: column "msisdn" of relation "ledger_entries" does not exist\n'
            "  --> crates/momo-ledger/src/routes/transactions.rs:31:5\n   |\n31 | /     sqlx::query!(\n"
            '32 | |         "INSERT INTO ledger_entries (external_id, msisdn, amount_pesewas, kind) VALUES ($1, $2, '
            '$3, $4)",\n   | |_____^\n   |\n   = note: this error originates in the macro `$crate::sqlx_macros::'
            "expand_query` (in Nightly builds, run with -Z macro-backtrace for more info)\n\n"
            "error: could not compile `momo-ledger` (lib) due to 1 previous error",
            code=101,
        ),
    )
    s.act(
        "`query!` checks the SQL against the dev database at compile time, and that database doesn't have the new "
        "column yet. Applying the migration locally:",
        Bash(
            "sqlx migrate run",
            "Applied 20271005085702/migrate ledger msisdn (12.481ms)",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo build -p momo-ledger && cargo sqlx prepare --workspace",
            cargo_build(18.2)
            + "\nquery data written to .sqlx in the workspace root; please check this into version control",
        ),
    )
    s.act(
        None,
        Bash(
            "sqlx migrate revert && sqlx migrate run",
            "Applied 20271005085702/revert ledger msisdn (6.102ms)\nApplied 20271005085702/migrate ledger msisdn (9.877ms)",
        ),
    )
    s.say(
        "Column added with an up/down pair (the down drops it; revert + re-run both work), the ingest handler "
        "stores `msisdn`, and `.sqlx/` is regenerated. The build failed first only because the local db hadn't "
        "run the migration yet."
    )
    s.user("ty. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: store msisdn on ledger entries'",
            git_commit("msisdn", "b20f7d3", "feat: store msisdn on ledger entries", 5, 23, 2),
        ),
    )
    s.say("Committed `b20f7d3`.")
    s.not_person("Never edit a migration that has been applied; add a new one.", "tool_output")
    s.one_off(
        'sqlx::query! fails to compile (\'column "msisdn" of relation "ledger_entries" does not exist\') because the '
        "local dev database had not run the new migration; fixed with sqlx migrate run"
    )
    s.outcome("success", "msisdn column with a reversible migration, stored on ingest, committed")
    return s


def m03() -> Session:
    s = new("m03-reconcile-flaky", "2027-10-05T19:30:02", "2.1.220", "reconcile", "reconcile-red")
    s.user(
        "reconcile tets red on my brnach, matches_settled_batch. passes alone wtf. pls look",
    )
    fail = (
        "momo-ledger::reconcile matches_settled_batch",
        "thread 'matches_settled_batch' panicked at crates/momo-ledger/tests/reconcile.rs:12:5:\n"
        "assertion `left == right` failed\n  left: 2\n right: 3",
    )
    run = "cargo nextest run -p momo-ledger"
    s.act(None, Bash(run, nextest_run(PASSING, [fail]), code=100, secs=8))
    s.act(
        None,
        Bash(
            "cargo nextest run -p momo-ledger -E 'test(matches_settled_batch)'",
            nextest_run(["momo-ledger::reconcile matches_settled_batch"], secs=0.61),
        ),
    )
    s.act(None, Bash(run, nextest_run(PASSING, [fail], secs=2.38), code=100, secs=7))
    s.act(
        "Passes alone, fails in the full run, twice in a row. Running the full suite once more to see whether it is "
        "always this test:",
        Bash(run, nextest_run(PASSING, [fail], secs=2.52), code=100, secs=7),
    )
    s.act(
        None,
        Read("crates/momo-ledger/tests/common/mod.rs", TEST_DB),
        Read("crates/momo-ledger/tests/reconcile.rs", RECONCILE_TEST),
    )
    s.say(
        "Every test calls `TestDb::new()`, which truncates `ledger_entries` and `settlements` in the shared "
        "`momo_test` database, and nextest runs the tests in parallel processes. When another test truncates "
        "while `matches_settled_batch` is between seeding and reconciling, one of its rows is gone (2 instead of "
        "3). Quick way out: run them serially with `--test-threads=1`, or a nextest test group with "
        "`max-threads = 1` in `.config/nextest.toml`."
    )
    s.user("no thats hiding it. gotta run, leave it red")
    s.outcome("failed", "matches_settled_batch fails in the full nextest run (shared test db); left red")
    s.hit("shared-test-db")
    return s


MAIN_RS = """    let app = routes::router(pool)
        .layer(TraceLayer::new_for_http());"""


def m04() -> Session:
    s = new("m04-axum-path", "2027-10-06T15:10:33", "2.1.221", "settlement-show", "colon-path")
    s.user("add GET /settlements/:batch_ref returning the batch + row count. then run it")
    s.act(
        None,
        Read("crates/momo-ledger/src/main.rs", MAIN_RS, offset=38, total=52),
    )
    s.act(
        None,
        Edit(
            "crates/momo-ledger/src/main.rs",
            "    let app = routes::router(pool)\n",
            "    let app = routes::router(pool)\n"
            '        .route("/settlements/:batch_ref", get(routes::settlements::show))\n',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo run -p momo-ledger",
            cargo_build(14.1) + "\n     Running `target/debug/momo-ledger`\n\nthread 'main' panicked at "
            "crates/momo-ledger/src/main.rs:41:10:\nPath segments must not start with `:`. For capture groups, use "
            "`{capture}`. If you meant to literally match a segment starting with a colon, call "
            "`without_v07_checks` on the router.\nnote: run with `RUST_BACKTRACE=1` environment variable to display a "
            "backtrace",
            code=101,
            secs=17,
        ),
    )
    s.act(
        "axum 0.8 changed the capture syntax from `:param` to `{param}` and panics on the old form at startup.",
        Edit(
            "crates/momo-ledger/src/main.rs",
            '        .route("/settlements/:batch_ref", get(routes::settlements::show))',
            '        .route("/settlements/{batch_ref}", get(routes::settlements::show))',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo run -p momo-ledger & sleep 6; curl -s localhost:8080/settlements/MTN-20271004-01; kill %1",
            '{"batch_ref":"MTN-20271004-01","rows":3,"total_pesewas":4500000}',
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m \"$(cat <<'EOF'\nfeat: GET /settlements/{batch_ref}" + CO_AUTHOR + '\nEOF\n)"',
            git_commit("settlement-show", "e7b3c10", "feat: GET /settlements/{batch_ref}", 2, 31, 1),
        ),
    )
    s.say("Works: `GET /settlements/{batch_ref}` returns the batch with its row count and total. Committed `e7b3c10`.")
    s.user(
        "TIL axum 0.8 wants {id} not :id in paths. also no co-authored-by lines in commits, amend it",
        rules=[("no-coauthor", "no co-authored-by lines in commits")],
        lessons=["axum 0.8 wants {id} not :id in paths"],
    )
    s.act(
        None,
        Bash(
            "git commit --amend -m 'feat: GET /settlements/{batch_ref}'",
            git_commit("settlement-show", "91d4f2a", "feat: GET /settlements/{batch_ref}", 2, 31, 1),
        ),
    )
    s.say("Amended to `91d4f2a`, plain subject, no trailer.")
    s.one_off(
        "axum 0.8 panics at startup on the old ':batch_ref' path capture ('Path segments must not start with `:`'); "
        "routes need '{batch_ref}'"
    )
    s.outcome("success", "settlement show endpoint works after the axum 0.8 path syntax fix; commit amended")
    return s


CALLBACK_RS = """#[derive(Deserialize)]
pub struct MtnCallback {
    #[serde(rename = "financialTransactionId")]
    pub financial_transaction_id: String,
    #[serde(rename = "externalId")]
    pub external_id: String,
    pub status: String,
}

pub async fn mtn_callback(
    State(pool): State<PgPool>,
    Json(cb): Json<MtnCallback>,
) -> Result<StatusCode, AppError> {
    let updated = sqlx::query!(
        "UPDATE ledger_entries SET status = $1, provider_ref = $2 WHERE external_id = $3",
        cb.status,
        cb.financial_transaction_id,
        cb.external_id
    )
    .execute(&pool)
    .await?
    .rows_affected();
    if updated == 0 {
        return Err(AppError::NotFound);
    }
    Ok(StatusCode::NO_CONTENT)
}
"""


def m05() -> Session:
    s = new("m05-mtn-callback", "2027-10-07T16:45:19", "2.1.221", "mtn-callback", "callback-status")
    s.user(
        "mtn collection callback: POST /callbacks/mtn, body has financialTransactionId, externalId, status. update "
        "the ledger entry status. for now just skip the mtn sandbox tests, their sandbox is down again",
        non_rules=["for now just skip the mtn sandbox tests"],
    )
    s.act(
        None,
        Write("crates/momo-ledger/src/routes/callbacks.rs", CALLBACK_RS),
        Edit(
            "crates/momo-ledger/src/routes/mod.rs",
            "mod health;\nmod settlements;\nmod transactions;",
            "mod callbacks;\nmod health;\nmod settlements;\nmod transactions;",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run -p momo-ledger -E 'not test(/sandbox/)'",
            nextest_run(
                [
                    *PASSING,
                    "momo-ledger::api mtn_callback_updates_status",
                    "momo-ledger::api mtn_callback_unknown_is_404",
                ]
            ),
            secs=10,
        ),
    )
    s.say(
        "Callback handler is in: it updates `status` and `provider_ref` by `externalId`, 404 for unknown ids. Tests green (sandbox tests filtered out). Done."
    )
    s.user("clippy w -D warnings before u say done", rules=[("clippy-deny", "clippy w -D warnings before u say done")])
    s.act(
        None,
        Bash(
            "cargo clippy -p momo-ledger --all-targets -- -D warnings",
            "    Checking momo-ledger v0.4.0 (" + ML + "/crates/momo-ledger)\nerror: unused import: `Deserialize`\n"
            " --> crates/momo-ledger/src/routes/callbacks.rs:3:13\n  |\n3 | use serde::{Deserialize, Serialize};\n"
            "  |             ^^^^^^^^^^^\n  |\n  = note: `-D unused-imports` implied by `-D warnings`\n\n"
            "error: could not compile `momo-ledger` (lib) due to 1 previous error",
            code=101,
        ),
    )
    s.act(
        None,
        Edit(
            "crates/momo-ledger/src/routes/callbacks.rs",
            "#[derive(Deserialize)]\npub struct MtnCallback",
            "#[derive(serde::Deserialize)]\npub struct MtnCallback",
        ),
    )
    s.act(None, Bash("cargo clippy -p momo-ledger --all-targets -- -D warnings", clippy_clean()))
    s.say(
        "Clippy is clean with `-D warnings` now. From now on I'll always run cargo clippy --all-targets before committing."
    )
    s.user("k ship it")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: mtn collection callback'",
            git_commit("mtn-callback", "c58e0b1", "feat: mtn collection callback", 2, 44, 1),
        ),
    )
    s.say("Committed `c58e0b1`.")
    s.not_person("From now on I'll always run cargo clippy --all-targets before committing.", "assistant_text")
    s.outcome("success", "mtn callback handler added, clippy clean, committed")
    return s


SETTLEMENT_TEST = """mod common;

use common::TestDb;
use momo_ledger::settle::settle_batch;

#[tokio::test]
async fn settles_matching_batch() {
    let db = TestDb::new().await;
    common::seed_entries(&db.pool, "MTN-20271008-02", 4).await;
    common::seed_settlements(&db.pool, "MTN-20271008-02", 4).await;
    let out = settle_batch(&db.pool, "MTN-20271008-02").await.expect("settle");
    assert_eq!(out.settled, 4);
}"""


def m06() -> Session:
    s = new("m06-settle-dupkey", "2027-10-08T14:00:27", "2.1.221", "settle-module", "renamed-tests")
    s.user(
        "renamed reconcile -> settle (module + tests). ci on the pr:\n"
        "```\n        FAIL [   0.301s] momo-ledger::settlement settles_matching_batch\n"
        "thread 'settles_matching_batch' panicked at crates/momo-ledger/tests/common/mod.rs:31:10:\n"
        'seed settlements: Database(PgDatabaseError { severity: Error, code: "23505", message: "duplicate key value '
        'violates unique constraint \\"settlements_batch_ref_external_id_key\\"", detail: Some("Key (batch_ref, '
        'external_id)=(MTN-20271008-02, TX-0001) already exists.") })\n```\nugh again. diff test same crap?'
    )
    s.act(None, Read("crates/momo-ledger/tests/settlement.rs", SETTLEMENT_TEST))
    s.act(
        "It's the same shape as the reconcile failure: `TestDb::new()` truncates at the start, but with nextest's "
        "parallel processes another test seeds the same batch ref between this test's truncate and its own seeding. "
        "Let me check which tests seed `MTN-20271008-02`:",
        Grep(
            "MTN-20271008-02",
            ["crates/momo-ledger/tests/settlement.rs", "crates/momo-ledger/tests/api.rs"],
            path="crates/momo-ledger/tests",
        ),
    )
    s.act(
        "Two files seed the same batch. I'll give every test a unique batch ref and move the truncate into a "
        "per-test schema —",
        Edit(
            "crates/momo-ledger/tests/settlement.rs",
            '    common::seed_entries(&db.pool, "MTN-20271008-02", 4).await;',
            '    let batch = common::unique_batch("settle");\n    common::seed_entries(&db.pool, &batch, 4).await;',
        ),
    )
    s.interrupt()
    s.user("not now, need the payout stuff first. revert that")
    s.act(
        None,
        Edit(
            "crates/momo-ledger/tests/settlement.rs",
            '    let batch = common::unique_batch("settle");\n    common::seed_entries(&db.pool, &batch, 4).await;',
            '    common::seed_entries(&db.pool, "MTN-20271008-02", 4).await;',
        ),
    )
    s.say("Reverted; `settlement.rs` is as it was and the PR stays red on `settles_matching_batch`.")
    s.outcome(
        "failed", "settles_matching_batch fails with a duplicate key in CI; the change was interrupted and reverted"
    )
    s.hit("shared-test-db")
    return s


DTO_RS = """#[derive(Deserialize)]
pub struct PayoutRequest {
    pub msisdn: String,
    pub amount: f64,
    pub reference: String,
}"""


def m07() -> Session:
    s = new("m07-payout-amount", "2027-10-11T13:15:48", "2.1.222", "payouts", "amount-string")
    s.user(
        "payout endpoint 422s on evry request from the ops dashbaord:\n```\nFailed to deserialize the JSON body "
        'into the target type: amount: invalid type: string "150.00", expected f64 at line 1 column 42\n```'
    )
    s.act(None, Read("crates/momo-ledger/src/routes/payouts.rs", DTO_RS, offset=9, total=58))
    s.say(
        'The dashboard sends `amount` as a decimal string ("150.00"), and `PayoutRequest.amount` is an `f64`, so '
        "axum's `Json` extractor rejects the body with 422. I can accept a string and parse it to `f64`, or take "
        "`rust_decimal::Decimal`."
    )
    s.user(
        "neither. amounts are i64 pesewas, never floats. parse the string to pesewas at the edge",
        rules=[("amounts-pesewas", "amounts are i64 pesewas, never floats")],
    )
    s.act(
        None,
        Edit(
            "crates/momo-ledger/src/routes/payouts.rs",
            "    pub amount: f64,",
            '    #[serde(rename = "amount", deserialize_with = "momo_core::money::cedis_str_to_pesewas")]\n'
            "    pub amount_pesewas: i64,",
        ),
        Write(
            "crates/momo-core/src/money.rs",
            'use serde::{de::Error, Deserialize, Deserializer};\n\n/// "150.00" -> 15000. At most two decimals, no '
            "floats on the way.\npub fn cedis_str_to_pesewas<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> "
            "{\n    let s = String::deserialize(d)?;\n    let (whole, frac) = s.split_once('.').unwrap_or((&s, \"0\"));\n"
            '    if frac.len() > 2 {\n        return Err(D::Error::custom("more than 2 decimals"));\n    }\n'
            '    let whole: i64 = whole.parse().map_err(D::Error::custom)?;\n    let frac: i64 = format!("{frac:0<2}")'
            ".parse().map_err(D::Error::custom)?;\n    whole.checked_mul(100).and_then(|w| w.checked_add(frac))"
            '.ok_or_else(|| D::Error::custom("amount overflow"))\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run -p momo-ledger -p momo-core -E 'test(/payout|money/)' && cargo clippy -p momo-ledger --all-targets -- -D warnings",
            nextest_run(
                [
                    "momo-core money::tests::two_decimals",
                    "momo-core money::tests::rejects_three_decimals",
                    "momo-ledger::api payout_accepts_string_amount",
                ],
                secs=0.9,
            )
            + "\n"
            + clippy_clean(),
            secs=14,
        ),
    )
    s.say(
        '`"150.00"` now deserializes straight to `15000` pesewas (`i64`); three decimals or garbage give a 422 with a clear message. Tests and clippy green.'
    )
    s.user("works")
    s.one_off(
        'the ops dashboard sends payout amounts as strings ("150.00") and axum\'s Json extractor rejects them '
        "('invalid type: string \"150.00\", expected f64'); parsed to i64 pesewas with a serde deserialize_with"
    )
    s.outcome("success", "payout amounts accepted as strings and parsed to pesewas; tests and clippy green")
    return s


PAYOUT_HANDLER = """pub async fn create(State(pool): State<PgPool>, Json(req): Json<PayoutRequest>) -> Result<Json<Payout>, AppError> {
    let msisdn = Msisdn::parse(&req.msisdn).unwrap();"""


def m08() -> Session:
    s = new("m08-payout-status", "2027-10-12T15:30:05", "2.1.222", "payouts", "payout-status-poll")
    s.user("payout status: GET /payouts/{id} polls mtn disbursement status if still PENDING and stores it")
    s.act(None, Read("crates/momo-ledger/src/routes/payouts.rs", PAYOUT_HANDLER, offset=22, total=71))
    s.act(
        None,
        Edit(
            "crates/momo-ledger/src/routes/payouts.rs",
            "    let msisdn = Msisdn::parse(&req.msisdn).unwrap();",
            "    let msisdn = Msisdn::parse(&req.msisdn).unwrap();\n}\n\npub async fn status(State(pool): State<PgPool>, "
            "Path(id): Path<Uuid>) -> Result<Json<Payout>, AppError> {\n    let p = payouts::get(&pool, id).await?.unwrap();",
        ),
    )
    s.user(
        "again. no unwrap in handler code, map it to AppError. the old one in create too",
        rules=[("no-unwrap", "no unwrap in handler code")],
    )
    s.act(
        None,
        Edit(
            "crates/momo-ledger/src/routes/payouts.rs",
            "    let p = payouts::get(&pool, id).await?.unwrap();",
            "    let p = payouts::get(&pool, id).await?.ok_or(AppError::NotFound)?;",
        ),
        Edit(
            "crates/momo-ledger/src/routes/payouts.rs",
            "    let msisdn = Msisdn::parse(&req.msisdn).unwrap();\n}",
            "    let msisdn = Msisdn::parse(&req.msisdn).map_err(|e| AppError::BadRequest(e.to_string()))?;\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo clippy -p momo-ledger --all-targets -- -D warnings && cargo nextest run -p momo-ledger -E 'test(/payout/)'",
            clippy_clean(11.2)
            + "\n"
            + nextest_run(
                [
                    "momo-ledger::api payout_accepts_string_amount",
                    "momo-ledger::api payout_status_pending_polls",
                    "momo-ledger::api payout_status_unknown_is_404",
                ],
                secs=1.1,
            ),
            secs=16,
        ),
    )
    s.say(
        "`GET /payouts/{id}` returns 404 via `AppError::NotFound` for unknown ids and a 400 for a bad msisdn in `create`; no `unwrap` left in `routes/`. Clippy and the payout tests are green."
    )
    s.user(
        "do we always need sqlx prepare before pushing?", non_rules=["do we always need sqlx prepare before pushing?"]
    )
    s.say(
        "Only when a `query!` changed: CI builds with `SQLX_OFFLINE=true`, so it reads `.sqlx/`, and a stale entry "
        "fails the build. This change added no query, so there is nothing to prepare."
    )
    s.user("k commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: payout status endpoint'",
            git_commit("payouts", "2a6c8e4", "feat: payout status endpoint", 1, 19, 2),
        ),
    )
    s.say("Committed `2a6c8e4`.")
    s.outcome("success", "payout status endpoint without unwraps; clippy and tests green; committed")
    return s


def m09() -> Session:
    s = new("m09-ci-flaky-words", "2027-10-13T14:20:44", "2.1.222", "main", "rerun-red")
    s.user("ci red again on main, the flaky db tests. passes wen i rerun. no time rn, just rerun the failed job")
    s.act(
        None,
        Bash(
            "gh run list --branch main --limit 3",
            "STATUS  TITLE                               WORKFLOW  BRANCH  EVENT  ID           ELAPSED  AGE\n"
            "X       feat: payout status endpoint        ci        main    push   11402779315  6m12s    12m\n"
            "✓       feat: payout amounts in pesewas     ci        main    push   11398120447  5m58s    1d\n"
            "✓       feat: mtn collection callback       ci        main    push   11361553092  6m03s    5d",
        ),
    )
    s.act(
        None,
        Bash(
            "gh run rerun 11402779315 --failed && gh run watch 11402779315 --exit-status",
            "✓ Run ci (11402779315) completed with 'success'",
            secs=340,
        ),
    )
    s.say(
        "Rerun is green. It's the shared `momo_test` database again (`TestDb` truncating under parallel tests); the "
        "rerun just got a lucky interleaving, so it will come back."
    )
    s.user("ya ik")
    s.outcome("unknown", "the failed CI job was rerun and passed; the flaky shared-db tests are untouched")
    s.hit("shared-test-db")
    return s


COMPOSE = """services:
  db:
    image: postgres:16
    environment:
      POSTGRES_USER: momo
      POSTGRES_PASSWORD: momo
      POSTGRES_DB: momo
    ports:
      - "5432:5432"
    volumes:
      - ./docker/init-test-db.sql:/docker-entrypoint-initdb.d/10-test-db.sql:ro
      - pgdata:/var/lib/postgresql/data"""


def m10() -> Session:
    s = new("m10-compose-port", "2027-10-14T15:00:12", "2.1.223", "main", "port-taken")
    s.user(
        "docker compose up -d\n```\nError response from daemon: driver failed programming external connectivity on "
        "endpoint momo-ledger-db-1 (5d2f0c...): Bind for 0.0.0.0:5432 failed: port is already allocated\n```\n"
        "after the pop os upgrade"
    )
    s.act(
        None,
        Bash(
            "ss -ltnp 'sport = :5432'; systemctl is-active postgresql",
            "State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\nLISTEN 0      244        127.0.0.1:5432      0.0.0.0:*\nactive",
        ),
    )
    s.say(
        "The upgrade brought up the distro's own `postgresql` service on 5432, so compose can't bind it. Either stop "
        "and disable that service, or map the container to 5433 and point `.env` / `.env.test` there."
    )
    s.user(
        "map to 5433, i need the system pg for another thing. decided: pg 16 everywhere btw, prod too, so check the image tag",
        decisions=["pg 16 everywhere btw, prod too"],
    )
    s.act(
        None,
        Edit("docker-compose.yml", '      - "5432:5432"', '      - "5433:5432"'),
        Edit(
            ".env",
            "DATABASE_URL=postgres://momo:momo@localhost:5432/momo",
            "DATABASE_URL=postgres://momo:momo@localhost:5433/momo",
        ),
        Edit(
            ".env.test",
            "TEST_DATABASE_URL=postgres://momo:momo@localhost:5432/momo_test",
            "TEST_DATABASE_URL=postgres://momo:momo@localhost:5433/momo_test",
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose up -d && docker compose exec db psql -U momo -tc 'show server_version' && sqlx migrate info | tail -2",
            " ✔ Container momo-ledger-db-1  Started\n 16.4 (Debian 16.4-1.pgdg120+2)\n\n"
            "20271005085702/installed ledger msisdn\n20271011094410/installed payouts",
        ),
    )
    s.say("db runs on 5433 now, `postgres:16` (16.4), migrations all installed; `.env` and `.env.test` point at 5433.")
    s.user("k")
    s.one_off(
        "after a Pop!_OS upgrade the system postgresql service holds port 5432 and docker compose fails ('Bind for "
        "0.0.0.0:5432 failed: port is already allocated'); the container was mapped to 5433"
    )
    s.outcome("success", "compose db moved to port 5433; db up on postgres 16 with migrations applied")
    return s


SETTLEMENT_TEST_V2 = SETTLEMENT_TEST.replace(
    "mod common;\n\nuse common::TestDb;\n", "mod common;\n\nuse common::TestDb;\nuse sqlx::PgPool;\n"
)


def explore_testdb(child: Session) -> None:
    child.act(
        None,
        Grep(
            "TestDb::new",
            [
                "crates/momo-ledger/tests/settlement.rs:8:    let db = TestDb::new().await;",
                "crates/momo-ledger/tests/settlement.rs:19:    let db = TestDb::new().await;",
                "crates/momo-ledger/tests/api.rs:14:    let db = TestDb::new().await;",
                "crates/momo-ledger/tests/api.rs:33:    let db = TestDb::new().await;",
                "crates/momo-ledger/tests/api.rs:51:    let db = TestDb::new().await;",
                "crates/momo-ledger/tests/payouts.rs:10:    let db = TestDb::new().await;",
            ],
            path="crates/momo-ledger/tests",
            mode="content",
        ),
    )
    child.say(
        "6 tests use TestDb::new() (all #[tokio::test]):\n- tests/settlement.rs:8 settles_matching_batch, :19 "
        "reports_missing_entries\n- tests/api.rs:14 import_rejects_empty_file, :33 mtn_callback_updates_status, :51 "
        "mtn_callback_unknown_is_404\n- tests/payouts.rs:10 payout_status_pending_polls\nAll share momo_test via "
        "TEST_DATABASE_URL and call TRUNCATE ... RESTART IDENTITY CASCADE on entry (tests/common/mod.rs:13). "
        "sqlx has the `migrate` feature enabled in Cargo.toml, so #[sqlx::test] is available."
    )


def m11() -> Session:
    s = new("m11-sqlx-test-fix", "2027-10-15T14:30:50", "2.1.223", "test-db-isolation", "sqlx-test-per-db")
    s.user(
        "docker compose logs db during the test run:\n```\n"
        "momo-ledger-db-1  | 2027-10-15 14:21:07.412 UTC [4127] ERROR:  deadlock detected\n"
        "momo-ledger-db-1  | 2027-10-15 14:21:07.412 UTC [4127] DETAIL:  Process 4127 waits for AccessExclusiveLock "
        "on relation 16412 of database 16384; blocked by process 4131.\n"
        "momo-ledger-db-1  | \tProcess 4131 waits for RowExclusiveLock on relation 16398 of database 16384; blocked "
        "by process 4127.\n"
        "momo-ledger-db-1  | 2027-10-15 14:21:07.412 UTC [4127] STATEMENT:  TRUNCATE ledger_entries, settlements "
        "RESTART IDENTITY CASCADE\n```\nok this is the flaky thing. fix it for real this time. plan first"
    )
    s.act(
        "Let me find every test that goes through the shared database first.",
        Agent(
            "Find TestDb users",
            "In crates/momo-ledger/tests, find every test that calls TestDb::new() or otherwise uses the shared "
            "momo_test database, and say whether sqlx's migrate feature is enabled. Always report file:line for "
            "every test that uses TestDb. Read-only, do not edit.",
            "Explore",
            explore_testdb,
        ),
    )
    plan = (
        "## Give every test its own database\n\n1. Replace `#[tokio::test]` + `TestDb::new()` with "
        '`#[sqlx::test(migrations = "../../migrations")]` in the 6 tests (settlement.rs, api.rs, payouts.rs); '
        "each test takes `pool: PgPool`. sqlx creates a fresh database per test from TEST_DATABASE_URL's server "
        "and drops it afterwards, so nothing is shared and nothing needs truncating.\n2. Delete `TestDb` from "
        "tests/common/mod.rs (keep the seed helpers, they take `&PgPool`).\n3. The momo user needs CREATEDB "
        "(docker/init-test-db.sql).\n4. Run the full suite three times in a row."
    )
    s.act(None, ExitPlanMode(plan))
    s.act(
        None,
        TodoWrite(
            [
                ("Convert the 6 TestDb tests to #[sqlx::test]", "in_progress", "Converting tests"),
                ("Remove TestDb, grant CREATEDB", "pending", "Removing TestDb"),
                ("Full suite 3x", "pending", "Running the suite"),
            ]
        ),
    )
    s.act(
        None,
        Read("crates/momo-ledger/tests/settlement.rs", SETTLEMENT_TEST_V2),
    )
    s.act(
        None,
        Edit(
            "crates/momo-ledger/tests/settlement.rs",
            "#[tokio::test]\nasync fn settles_matching_batch() {\n    let db = TestDb::new().await;",
            '#[sqlx::test(migrations = "../../migrations")]\nasync fn settles_matching_batch(pool: PgPool) {',
        ),
        Edit("crates/momo-ledger/tests/settlement.rs", "&db.pool", "&pool", replace_all=True),
        Edit("crates/momo-ledger/tests/settlement.rs", "use common::TestDb;\n", ""),
    )
    s.act(
        "Same change in api.rs and payouts.rs:",
        Bash(
            "sed -i -e 's/^#\\[tokio::test\\]$/#[sqlx::test(migrations = \"..\\/..\\/migrations\")]/' "
            "-e 's/^async fn \\(.*\\)() {$/async fn \\1(pool: PgPool) {/' -e '/let db = TestDb::new().await;/d' "
            "-e 's/&db\\.pool/\\&pool/g' crates/momo-ledger/tests/api.rs crates/momo-ledger/tests/payouts.rs && "
            "git diff --stat",
            " crates/momo-ledger/tests/api.rs      | 18 +++++++-----------\n crates/momo-ledger/tests/payouts.rs  |  "
            "6 ++----\n crates/momo-ledger/tests/settlement.rs | 12 +++++-------\n 3 files changed, 15 insertions(+), "
            "21 deletions(-)",
        ),
    )
    s.act(
        None,
        Edit("crates/momo-ledger/tests/common/mod.rs", TEST_DB[TEST_DB.index("pub struct TestDb") :], ""),
        Write("docker/init-test-db.sql", "CREATE DATABASE momo_test;\nALTER USER momo CREATEDB;\n"),
    )
    loop = "for i in 1 2 3; do cargo nextest run -p momo-ledger --no-fail-fast || exit 1; done"
    green = nextest_run(
        [
            *PASSING,
            "momo-ledger::settlement settles_matching_batch",
            "momo-ledger::api mtn_callback_updates_status",
            "momo-ledger::api payout_status_pending_polls",
        ],
        secs=3.1,
    )
    s.act(
        None,
        Bash(
            "docker compose exec db psql -U postgres -c 'ALTER USER momo CREATEDB' && " + loop,
            "ALTER ROLE\n" + "\n".join([green] * 3),
            secs=40,
        ),
    )
    s.act(None, Bash("cargo clippy -p momo-ledger --all-targets -- -D warnings", clippy_clean(12.6)))
    s.say(
        'All 6 tests now use `#[sqlx::test(migrations = "../../migrations")]` with their own throwaway database; '
        "`TestDb` and its TRUNCATE are gone. Three full runs in a row: 10/10 each. Clippy clean."
    )
    s.user(
        "finally. lesson: nextest runs every test in its own process so a shared test db is a race. commit",
        lessons=["nextest runs every test in its own process so a shared test db is a race"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'MOMO-81: isolate db tests with sqlx::test'",
            git_commit("test-db-isolation", "6d0e3f8", "MOMO-81: isolate db tests with sqlx::test", 5, 27, 41),
        ),
    )
    s.say("Committed `6d0e3f8`.")
    s.not_person("Always report file:line for every test that uses TestDb.", "subagent_prompt")
    s.outcome("success", "tests isolated with #[sqlx::test] per-test databases; suite green three times in a row")
    s.hit("shared-test-db", fixed=True)
    return s


def m12() -> Session:
    s = new("m12-disputes-table", "2027-10-18T13:40:22", "2.1.224", "disputes", "forward-only")
    s.user(
        "disputes table: id uuid pk, ledger_entry_id fk, reason text, opened_at, resolved_at null. new convention: "
        "forward-only migrations from now, stop writing .down.sql files",
        rules=[
            (
                "migrations-forward",
                "forward-only migrations from now, stop writing .down.sql files",
                "migrations-reversible",
            )
        ],
    )
    s.act(None, Bash("sqlx migrate add disputes", "Creating migrations/20271018134511_disputes.sql"))
    s.act(
        None,
        Write(
            "migrations/20271018134511_disputes.sql",
            "CREATE TABLE disputes (\n    id UUID PRIMARY KEY DEFAULT gen_random_uuid(),\n    ledger_entry_id BIGINT "
            "NOT NULL REFERENCES ledger_entries(id),\n    reason TEXT NOT NULL,\n    opened_at TIMESTAMPTZ NOT NULL "
            "DEFAULT now(),\n    resolved_at TIMESTAMPTZ\n);\n\nCREATE INDEX disputes_ledger_entry_id_idx ON disputes "
            "(ledger_entry_id);\n",
        ),
    )
    s.act(
        None,
        Bash(
            "sqlx migrate run && cargo nextest run -p momo-ledger",
            "Applied 20271018134511/migrate disputes (14.330ms)\n"
            + nextest_run([*PASSING, "momo-ledger::settlement settles_matching_batch"], secs=3.0),
            secs=12,
        ),
    )
    s.say(
        "`20271018134511_disputes.sql` (no down file), applied locally; suite green. Want the `Dispute` model and routes next, or just the table?"
    )
    s.user("just the table. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'MOMO-84: disputes table'",
            git_commit("disputes", "f3a91b5", "MOMO-84: disputes table", 1, 10, 0),
        ),
    )
    s.say("Committed `f3a91b5`.")
    s.outcome("success", "forward-only disputes migration added and applied; tests green; committed")
    return s


def m13() -> Session:
    s = new("m13-clippy-lifetimes", "2027-10-19T14:10:09", "2.1.224", "main", "rustup-lint")
    s.user(
        "rustup update and now clippy fails:\n```\nerror: the following explicit lifetimes could be elided: 'a\n"
        "  --> crates/momo-core/src/mtn.rs:58:6\n   |\n58 | impl<'a> SettlementRow<'a> {\n   |      ^^"
        "                ^^\n   |\n   = help: for further information visit https://rust-lang.github.io/"
        "rust-clippy/master/index.html#needless_lifetimes\n   = note: `-D clippy::needless-lifetimes` implied by "
        "`-D warnings`\n```\nfix pls"
    )
    s.act(
        None,
        Bash(
            "rustc --version && cargo clippy --version",
            "rustc 1.83.0 (90b35a623 2024-11-26)\nclippy 0.1.83 (90b35a6 2024-11-26)",
        ),
    )
    s.say("clippy 1.83 extended `needless_lifetimes` to impl headers; `impl SettlementRow<'_>` is the elided form.")
    s.act(None, Edit("crates/momo-core/src/mtn.rs", "impl<'a> SettlementRow<'a> {", "impl SettlementRow<'_> {"))
    s.act(
        None,
        Bash(
            "cargo clippy --workspace --all-targets -- -D warnings",
            "    Checking momo-core v0.4.0 (" + ML + "/crates/momo-core)\nerror: the following explicit lifetimes "
            "could be elided: 'a\n  --> crates/momo-core/src/mtn.rs:91:6\n   |\n91 | impl<'a> fmt::Display for "
            "SettlementRow<'a> {\n   |      ^^                             ^^\n\nerror: could not compile `momo-core` "
            "(lib) due to 1 previous error",
            code=101,
        ),
    )
    s.act(
        None,
        Read(
            "crates/momo-core/src/mtn.rs",
            "impl SettlementRow<'_> {\n    pub fn key(&self) -> (&str, &str) {\n        (self.batch_ref, self.external_id)\n"
            "    }\n}\n\nimpl<'a> fmt::Display for SettlementRow<'a> {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> "
            'fmt::Result {\n        write!(f, "{}/{}", self.batch_ref, self.external_id)\n    }\n}',
            offset=58,
            total=104,
        ),
    )
    s.act(
        None,
        Edit(
            "crates/momo-core/src/mtn.rs",
            "impl<'a> fmt::Display for SettlementRow<'a> {",
            "impl fmt::Display for SettlementRow<'_> {",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo clippy --workspace --all-targets -- -D warnings && cargo nextest run -p momo-ledger",
            clippy_clean(14.0)
            + "\n"
            + nextest_run([*PASSING, "momo-ledger::settlement settles_matching_batch"], secs=3.2),
            secs=20,
        ),
    )
    s.say("Both impls in `mtn.rs` elided; clippy clean on the workspace, tests green.")
    s.user("k")
    s.act(
        None,
        Bash(
            "git commit -am 'MOMO-86: elide lifetimes for clippy 1.83'",
            git_commit("main", "0c7d5e2", "MOMO-86: elide lifetimes for clippy 1.83", 1, 2, 2),
        ),
    )
    s.one_off(
        "after rustup to 1.83 clippy's needless_lifetimes fires on impl headers ('the following explicit lifetimes "
        "could be elided') and -D warnings breaks the build"
    )
    s.outcome("success", "two impl lifetimes elided; clippy and tests green; committed")
    return s


REPORT_RS = """pub async fn daily_report(pool: &PgPool, day: NaiveDate) -> Result<Vec<ReportRow>, sqlx::Error> {
    sqlx::query_as!(
        ReportRow,
        "SELECT batch_ref, count(*) AS \\"rows!\\", sum(amount_pesewas) AS \\"total!\\" FROM settlements WHERE settled_at::date = $1 GROUP BY batch_ref",
        day
    )
    .fetch_all(pool)
    .await
}"""


def m14() -> Session:
    s = new("m14-daily-report", "2027-10-20T15:00:31", "2.1.225", "daily-report", "recon-report-csv")
    s.user("daily recon report: GET /reports/daily?date=2027-10-19 as csv, per batch: rows, total, matched, unmatched")
    s.act(None, Read("crates/momo-ledger/src/reconcile/report.rs", REPORT_RS))
    s.act(
        None,
        Edit(
            "crates/momo-ledger/src/reconcile/report.rs",
            '"SELECT batch_ref, count(*) AS \\"rows!\\", sum(amount_pesewas) AS \\"total!\\" FROM settlements WHERE settled_at::date = $1 GROUP BY batch_ref",',
            '"SELECT s.batch_ref, count(*) AS \\"rows!\\", sum(s.amount_pesewas) AS \\"total!\\", '
            'count(e.id) AS \\"matched!\\", count(*) - count(e.id) AS \\"unmatched!\\" FROM settlements s LEFT JOIN '
            'ledger_entries e ON e.external_id = s.external_id WHERE s.settled_at::date = $1 GROUP BY s.batch_ref",',
        ),
        Write(
            "crates/momo-ledger/src/routes/reports.rs",
            "pub async fn daily(State(pool): State<PgPool>, Query(q): Query<DayQuery>) -> Result<Response, AppError> "
            '{\n    let rows = report::daily_report(&pool, q.date).await?;\n    let mut out = String::from("batch_ref,'
            'rows,total_pesewas,matched,unmatched\\n");\n    for r in rows {\n        writeln!(out, "{},{},{},{},{}", '
            "r.batch_ref, r.rows, r.total, r.matched, r.unmatched).ok();\n    }\n    Ok(([(CONTENT_TYPE, "
            '"text/csv")], out).into_response())\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo sqlx prepare --workspace && cargo nextest run -p momo-ledger -E 'test(/report/)'",
            "query data written to .sqlx in the workspace root; please check this into version control\n"
            + nextest_run(
                ["momo-ledger::api daily_report_csv", "momo-ledger::reconcile report_counts_unmatched"], secs=1.4
            ),
            secs=30,
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n"
        "1. Primary request: a daily reconciliation report at GET /reports/daily?date=YYYY-MM-DD as CSV, per batch: "
        "rows, total_pesewas, matched, unmatched.\n"
        "2. Done: reconcile/report.rs daily_report now LEFT JOINs ledger_entries on external_id; routes/reports.rs "
        "writes the CSV; .sqlx regenerated; the two report tests pass.\n"
        "3. Conventions: cargo commands with -p momo-ledger; no unwrap in handlers; amounts are i64 pesewas; "
        "commit subjects start with the Jira key. Always use cargo nextest with --no-fail-fast.\n"
        "4. Next: wire the route, run clippy and the full suite, commit.",
        151800,
        10400,
    )
    s.user("wire it + full run", after=20)
    s.act(
        None,
        Edit(
            "crates/momo-ledger/src/routes/mod.rs",
            '        .route("/settlements/import", post(settlements::import))',
            '        .route("/settlements/import", post(settlements::import))\n        .route("/reports/daily", get(reports::daily))',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo clippy -p momo-ledger --all-targets -- -D warnings && cargo nextest run -p momo-ledger",
            clippy_clean()
            + "\n"
            + nextest_run(
                [
                    *PASSING,
                    "momo-ledger::settlement settles_matching_batch",
                    "momo-ledger::api daily_report_csv",
                    "momo-ledger::reconcile report_counts_unmatched",
                ],
                secs=3.4,
            ),
            secs=25,
        ),
    )
    s.say("`/reports/daily` is wired; clippy clean, 10/10 green.")
    s.user("ship it. MOMO-88 in the subject")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'MOMO-88: daily reconciliation report csv'",
            git_commit("daily-report", "8b2f4c6", "MOMO-88: daily reconciliation report csv", 4, 58, 3),
        ),
    )
    s.say("Committed `8b2f4c6`.")
    s.not_person("Always use cargo nextest with --no-fail-fast.", "compaction_summary")
    s.outcome("success", "daily reconciliation CSV report added and wired; clippy and tests green; committed")
    return s


def m15() -> Session:
    s = new("m15-nextest-retries", "2027-10-21T14:45:17", "2.1.225", "main", "retries-flag")
    s.queued_start("whats the nextest flag for retries again")
    s.user("whats the nextest flag for retries again", after=0.3)
    s.say("`cargo nextest run --retries 2`, or `retries = 2` under `[profile.ci]` in `.config/nextest.toml`.")
    s.turn_done()
    s.user("ty")
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


def m16() -> Session:
    s = new("m16-error-refactor", "2027-10-22T13:30:40", "2.1.226", "error-split", "apperror-split")
    s.user(
        "try spliting AppError into per-module erros (settle, payouts, callbacks) w From impls. see if it reads better"
    )
    s.act(None, Read("crates/momo-ledger/src/error.rs", ERROR_RS))
    s.act(
        None,
        Write(
            "crates/momo-ledger/src/payouts/error.rs",
            '#[derive(Debug, thiserror::Error)]\npub enum PayoutError {\n    #[error("invalid msisdn: {0}")]\n    '
            'Msisdn(String),\n    #[error("payout not found")]\n    NotFound,\n    #[error(transparent)]\n    '
            "Db(#[from] sqlx::Error),\n}\n\nimpl From<PayoutError> for AppError {\n    fn from(e: PayoutError) -> Self "
            "{\n        match e {\n            PayoutError::Msisdn(m) => AppError::BadRequest(m),\n            "
            "PayoutError::NotFound => AppError::NotFound,\n            PayoutError::Db(e) => AppError::Db(e),\n        "
            "}\n    }\n}\n",
        ),
        Write(
            "crates/momo-ledger/src/settle/error.rs",
            '#[derive(Debug, thiserror::Error)]\npub enum SettleError {\n    #[error("batch {0} not found")]\n    '
            "UnknownBatch(String),\n    #[error(transparent)]\n    Db(#[from] sqlx::Error),\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo build -p momo-ledger && git diff --stat",
            cargo_build(19.7) + "\n 6 files changed, 74 insertions(+), 22 deletions(-)",
            secs=22,
        ),
    )
    s.say(
        "Split in: `PayoutError`, `SettleError` and `CallbackError` with `From` into `AppError`; handlers return their module's error. Builds. 74 lines added for 22 removed."
    )
    s.user("nah thats worse, 3 enums that all map to teh same 3 statuses. revert it all")
    s.act(
        None,
        Bash(
            "git checkout -- . && git clean -fd crates/momo-ledger/src && git status --short",
            "Removing crates/momo-ledger/src/payouts/error.rs\nRemoving crates/momo-ledger/src/settle/error.rs",
        ),
    )
    s.say("Reverted; the tree is clean and `AppError` is as it was.")
    s.user("meh leave it")
    s.outcome("failed", "the per-module error split was judged worse and reverted; nothing kept")
    return s


SESSIONS = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14, m15, m16]
