"""Nadeesha's `kottu` sessions (k01-k15): a Rust 1.82 web service (axum 0.8, sqlx 0.8 on SQLite, tokio,
cargo-nextest, clippy) for a kottu shop's menu and orders, deployed as a systemd unit on a small VPS. Times are
UTC; Colombo is UTC+5:30."""

from __future__ import annotations

from fake_output import KOTTU, git_commit, nextest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "kottu"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KOTTU, project=PROJECT)


DB_RS = """use sqlx::sqlite::SqlitePool;

pub async fn connect(url: &str) -> anyhow::Result<SqlitePool> {
    let pool = SqlitePool::connect(url).await?;
    sqlx::migrate!("./migrations").run(&pool).await?;
    Ok(pool)
}
"""

ORDERS_RS = """use axum::{extract::State, http::StatusCode, Json};
use serde::{Deserialize, Serialize};

use crate::AppState;

#[derive(Deserialize)]
pub struct NewOrder {
    pub item_id: i64,
    pub qty: i64,
}

#[derive(Serialize)]
pub struct Order {
    pub id: i64,
    pub item_id: i64,
    pub qty: i64,
}
"""

ROUTER_RS = """pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/menu", get(menu::list))
        .route("/menu/:id", get(menu::get_one))
        .route("/orders", post(orders::create))
        .with_state(state)
}
"""

UNIT = """[Unit]
Description=kottu web service
After=network-online.target

[Service]
User=kottu
EnvironmentFile=/etc/kottu/env
ExecStart=/opt/kottu/kottu
Restart=on-failure

[Install]
WantedBy=multi-user.target
"""

LOCKED = (
    "thread 'orders::tests::create_order_decrements_stock' panicked at src/orders.rs:88:54:\n"
    'called `Result::unwrap()` on an `Err` value: Database(SqliteError { code: 5, message: "database is '
    'locked" })'
)


def k01() -> Session:
    s = new("k01-orders-endpoint", "2028-05-02T03:41:07", "2.1.150", "main", "orders-post-lotus")
    s.user(
        "good morning machan ☀️ kottu eke POST /orders endpoint eka hadamu. we go with SQLite through sqlx for now, "
        "not Postgres, it's one small VPS. orders table eka migrations/0002 eke thiyenawa.",
        decisions=["we go with SQLite through sqlx for now, not Postgres"],
    )
    s.title("POST /orders endpoint")
    s.act(None, Read("src/orders.rs", ORDERS_RS), Read("src/db.rs", DB_RS))
    s.act(
        "I'll add the handler with `sqlx::query_as!` and return 201 with the created order.",
        Edit(
            "src/orders.rs",
            "pub struct Order {\n    pub id: i64,\n    pub item_id: i64,\n    pub qty: i64,\n}",
            "pub struct Order {\n    pub id: i64,\n    pub item_id: i64,\n    pub qty: i64,\n}\n\n"
            "pub async fn create(State(st): State<AppState>, Json(o): Json<NewOrder>) -> "
            "Result<(StatusCode, Json<Order>), AppError> {\n"
            '    let row = sqlx::query_as!(Order, "insert into orders (item_id, qty) values (?, ?) returning id, '
            'item_id, qty", o.item_id, o.qty)\n        .fetch_one(&st.pool)\n        .await\n        .unwrap();\n'
            "    Ok((StatusCode::CREATED, Json(row)))\n}",
        ),
    )
    s.user(
        "ane wait, production code eke unwrap() danna epa machan 🙏 ? ekka error eka AppError ekata return karanna.",
        rules=[("no-unwrap", "production code eke unwrap() danna epa")],
    )
    s.act(
        None,
        Edit(
            "src/orders.rs",
            "        .await\n        .unwrap();",
            "        .await?;",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run",
            nextest_run(["menu::tests::lists_menu", "orders::tests::create_order_returns_201"]),
            secs=14,
        ),
    )
    s.say("`POST /orders` returns 201 with the order; the sqlx error goes through `?` into `AppError`. Tests pass.")
    s.user(
        "supiri 👌 commit karanna. commit messages English walin liyanna, emoji nathuwa.",
        rules=[("commit-english", "commit messages English walin liyanna, emoji nathuwa")],
    )
    s.act(
        None,
        Bash(
            'git add src/orders.rs && git commit -m "Add POST /orders handler"',
            git_commit("main", "a41c09e", "Add POST /orders handler", 1, 22, 0),
        ),
    )
    s.say("Committed as `a41c09e Add POST /orders handler`.")
    s.outcome("success", "POST /orders handler added without unwrap, tests pass, committed")
    return s


def k02() -> Session:
    s = new("k02-stock-test-locked", "2028-05-03T04:12:30", "2.1.150", "stock", "stock-decrement-heron")
    s.user(
        "when an order comes in, menu_items.stock should go down. do it inside a transaction, and write a test for it too."
    )
    s.title("Decrement stock on order")
    s.act(
        None,
        Edit(
            "src/orders.rs",
            "        .fetch_one(&st.pool)",
            "        .fetch_one(&mut *tx)",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run", nextest_run([], [("orders::tests::create_order_decrements_stock", LOCKED)]), code=100
        ),
    )
    s.say("One test hit `database is locked`. It may be flaky; running it again.")
    s.act(
        None,
        Bash(
            "cargo nextest run", nextest_run([], [("orders::tests::create_order_decrements_stock", LOCKED)]), code=100
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run", nextest_run([], [("orders::tests::create_order_decrements_stock", LOCKED)]), code=100
        ),
    )
    s.say(
        "It fails the same way every time: SQLite returns `SQLITE_BUSY` (code 5) while another test holds a write "
        "lock on the shared test database. I haven't found where the second writer comes from yet."
    )
    s.user("අයියෝ 😩 තාම locked. මට office call එකක් තියෙනවා, ඒක එහෙමම තියන්න. enough for today.")
    s.outcome("failed", "stock decrement test keeps failing with 'database is locked'; left unresolved")
    s.hit("sqlite-locked")
    return s


def k03() -> Session:
    s = new("k03-axum-path-panic", "2028-05-04T05:02:44", "2.1.151", "main", "axum-route-gecko")
    s.user(
        "axum 0.8 ekata upgrade kala, dan server eka start wenakotama panic wenawa:\n\n```\n"
        "thread 'main' panicked at src/routes.rs:9:10:\nPath segments must not start with `:`. For capture "
        "groups, use `{capture}`. If you meant to literally match a segment starting with a colon, call "
        "`without_v07_checks` on the router.\n```"
    )
    s.title("axum 0.8 route syntax")
    s.act(
        None,
        Grep(r'"/[^"]*:[a-z_]+', ['src/routes.rs:4:        .route("/menu/:id", get(menu::get_one))'], mode="content"),
    )
    s.act(
        "axum 0.8 changed capture syntax from `/:id` to `/{id}`.",
        Edit("src/routes.rs", '.route("/menu/:id", get(menu::get_one))', '.route("/menu/{id}", get(menu::get_one))'),
    )
    s.act(None, Bash("cargo nextest run", nextest_run(["menu::tests::lists_menu", "menu::tests::get_one_404"])))
    s.say(
        "The server starts and the route matches again. A good rule of thumb: always derive Debug on your error "
        "types, so a panic like this shows the full cause."
    )
    s.not_person(
        "A good rule of thumb: always derive Debug on your error types, so a panic like this shows the full cause.",
        "assistant_text",
    )
    s.user(
        "hari thanks. btw in #[cfg(test)] code unwrap() is totally fine, don't bother with ? there. and cargo clippy "
        "--all-targets -- -D warnings has to be clean before you tell me something is done.",
        rules=[
            ("tests-unwrap-ok", "in #[cfg(test)] code unwrap() is totally fine"),
            (
                "clippy-gate",
                "cargo clippy --all-targets -- -D warnings has to be clean before you tell me something is done",
            ),
        ],
    )
    s.act(
        None,
        Bash(
            "cargo clippy --all-targets -- -D warnings",
            "    Checking kottu v0.3.0 (/home/nadeesha/src/kottu)\n    Finished `dev` profile [unoptimized + "
            "debuginfo] target(s) in 3.48s",
        ),
    )
    s.say("Clippy is clean with `-D warnings`.")
    s.user("patta 🙌")
    s.one_off(
        "after the axum 0.8 upgrade the server panics at start with 'Path segments must not start with `:`' "
        "because /menu/:id uses the old capture syntax"
    )
    s.outcome("success", "routes moved to {id} syntax for axum 0.8; server starts, clippy clean")
    return s


def k04() -> Session:
    s = new("k04-systemd-envfile", "2028-05-05T13:05:18", "2.1.152", "main", "systemd-env-mongoose")
    s.user(
        "VPS eke kottu service eka start wenne naha:\n\n```\n$ systemctl status kottu\n× kottu.service - kottu "
        "web service\n     Loaded: loaded (/etc/systemd/system/kottu.service; enabled)\n     Active: failed "
        "(Result: resources) since Fri 2028-05-05 18:31:02 +0530\nMay 05 18:31:02 kottu-vps systemd[1]: "
        "kottu.service: Failed to load environment files: No such file or directory\n```\nunit file eka repo eke "
        "deploy/kottu.service."
    )
    s.title("systemd EnvironmentFile path")
    s.act(None, Read("deploy/kottu.service", UNIT), Bash("ls deploy/", "kottu.env.example\nkottu.service\ninstall.sh"))
    s.act(
        "The unit reads `/etc/kottu/env`, but install.sh copies the file to `/etc/kottu/kottu.env`.",
        Edit("deploy/kottu.service", "EnvironmentFile=/etc/kottu/env", "EnvironmentFile=/etc/kottu/kottu.env"),
    )
    s.act(
        "Copying the unit and restarting the service:",
        Denied(
            Bash(
                "scp deploy/kottu.service kottu-vps:/tmp/ && ssh kottu-vps 'sudo mv /tmp/kottu.service "
                "/etc/systemd/system/ && sudo systemctl daemon-reload && sudo systemctl restart kottu'"
            ),
            "epa epa, mama karannam",
        ),
    )
    s.user(
        "sorry machan, VPS ekata deploy karanna kalin mata kiyanna, kelinma deploy karanna epa. unit eka mama copy "
        "karannam, command eka witharak denna.",
        rules=[("no-direct-deploy", "VPS ekata deploy karanna kalin mata kiyanna, kelinma deploy karanna epa")],
    )
    s.say(
        "Understood. The fix is in `deploy/kottu.service`; on the VPS run: `sudo cp kottu.service "
        "/etc/systemd/system/ && sudo systemctl daemon-reload && sudo systemctl restart kottu`."
    )
    s.user("it's running now ✅ thanks machan")
    s.one_off(
        "the kottu systemd unit fails with 'Failed to load environment files' because EnvironmentFile points to "
        "/etc/kottu/env while install.sh writes /etc/kottu/kottu.env"
    )
    s.outcome("success", "EnvironmentFile path fixed; she deployed it herself and the service runs")
    return s


JOURNAL = (
    "May 06 23:58:01 kottu-vps systemd[1]: Starting kottu-import.service - nightly menu import...\n"
    "May 06 23:58:03 kottu-vps kottu[812]: WARN kottu::db: consider enabling WAL mode for concurrent writers\n"
    "May 06 23:58:04 kottu-vps kottu[812]: ERROR kottu::orders: POST /orders failed: error returned from "
    "database: (code: 5) database is locked\n"
    "May 06 23:58:04 kottu-vps kottu[812]: INFO tower_http::trace: finished processing request latency=4 ms "
    "status=500\n"
    "May 06 23:58:09 kottu-vps kottu[812]: ERROR kottu::orders: POST /orders failed: error returned from "
    "database: (code: 5) database is locked\n"
    "May 06 23:58:31 kottu-vps systemd[1]: kottu-import.service: Deactivated successfully."
)


def k05() -> Session:
    s = new("k05-prod-500-import", "2028-05-06T12:02:51", "2.1.153", "main", "import-timer-otter")
    s.user(
        "machan last night around 11.58 orders failed, customers complained on whatsapp 😬 journalctl eken:\n\n```\n"
        + JOURNAL
        + "\n```\nimport timer eka run wena welawe witharai wage."
    )
    s.not_person("consider enabling WAL mode for concurrent writers", "pasted_log")
    s.title("500s during nightly import")
    s.act(
        None,
        Read("src/db.rs", DB_RS),
        Grep("SqlitePool::connect", ["src/db.rs", "src/bin/import_menu.rs"]),
    )
    s.say(
        "Two processes write the same SQLite file: the service and `import_menu` from the timer. The pool is "
        "opened from a bare URL, so a writer that finds the file locked gets `SQLITE_BUSY` straight away instead "
        "of waiting. I can look at the connect options next; moving the timer to 03:30 would also avoid the "
        "overlap with late orders."
    )
    s.user("හරි, timer එක මම 3.30 ට මාරු කරන්නම් දැනට. I'll watch it tonight and tell you.")
    s.outcome(
        "unknown", "cause narrowed to two writers on one SQLite file; she moved the timer herself, result not reported"
    )
    s.hit("sqlite-locked")
    return s


MENU_RS = """pub async fn list(State(st): State<AppState>) -> Result<Json<Vec<MenuItem>>, AppError> {
    let items = sqlx::query_as!(MenuItem, "select id, name, price_lkr, stock from menu_items order by name")
        .fetch_all(&st.pool)
        .await?;
    Ok(Json(items))
}
"""


def k06() -> Session:
    s = new("k06-menu-search", "2028-05-07T04:20:13", "2.1.154", "search", "menu-fts-parrot")
    s.user(
        "menu eke search ekak ona, 'cheese kottu' type karama hoyanna puluwan wenna. decision eka: search eka "
        "SQLite FTS5 walin karamu, meilisearch epa, VPS eka podi nisa.",
        decisions=["decision eka: search eka SQLite FTS5 walin karamu, meilisearch epa"],
    )
    s.title("Menu search with FTS5")
    s.act(None, Read("src/menu.rs", MENU_RS))
    s.act(
        "Adding an FTS5 virtual table kept in sync by triggers, and a `?q=` parameter on `/menu`.",
        Write(
            "migrations/0004_menu_fts.sql",
            "create virtual table menu_fts using fts5(name, content='menu_items', content_rowid='id');\n"
            "insert into menu_fts(rowid, name) select id, name from menu_items;\n"
            "create trigger menu_ai after insert on menu_items begin\n"
            "  insert into menu_fts(rowid, name) values (new.id, new.name);\nend;\n",
        ),
        Edit(
            "src/menu.rs",
            '"select id, name, price_lkr, stock from menu_items order by name"',
            '"select m.id, m.name, m.price_lkr, m.stock from menu_items m join menu_fts f on f.rowid = m.id '
            'where menu_fts match ? order by rank", q',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run menu",
            nextest_run(["menu::tests::lists_menu", "menu::tests::search_finds_cheese_kottu"]),
        ),
    )
    s.user(
        "machan meka nextest walin parallel run wenne nadda? test db eka share wenawada?",
        non_rules=["machan meka nextest walin parallel run wenne nadda?"],
    )
    s.say(
        "Yes, nextest runs each test in its own process in parallel. Each `#[sqlx::test]` gets its own database, "
        "so these two don't share one; the older tests in `orders.rs` open `test.db` directly and do."
    )
    s.user("aah ok, that makes sense. go ahead and commit it 👍")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add full-text menu search"',
            git_commit("search", "5be21d7", "Add full-text menu search", 2, 31, 3),
        ),
    )
    s.say("Committed on `search`.")
    s.outcome("success", "FTS5 menu search added and committed")
    return s


def k07() -> Session:
    s = new("k07-midnight-hang", "2028-05-08T12:33:40", "2.1.155", "main", "admin-save-ibis")
    s.user(
        "ane machan, timer eka 3.30 ta damma but dan admin page eke menu save eka just fails sometimes, and menu "
        "page eka thappara 5kata witharai hang wenawa, ekata passe 500. eeye raa 3.30ta wage. error eka mata "
        "screen eke penne naha, just 'Something went wrong' 🤷‍♀️"
    )
    s.title("Admin save fails at night")
    s.act(
        None,
        Bash(
            'ssh kottu-vps \'journalctl -u kottu --since "2028-05-07 22:00" --until "2028-05-07 22:10" -o cat\'',
            "ERROR kottu::admin: PUT /admin/menu/14 failed: error returned from database: (code: 5) database is "
            "locked\nINFO tower_http::trace: finished processing request latency=5003 ms status=500",
        ),
    )
    s.say(
        "Same cause as the import collision: SQLITE_BUSY while `import_menu` holds the write lock. I can wrap the "
        "admin writes in a retry loop with backoff."
    )
    s.act(
        None,
        Denied(
            Edit(
                "src/admin.rs",
                "pub async fn save_item(",
                "async fn with_retry<T, F, Fut>(mut f: F) -> Result<T, sqlx::Error>\nwhere\n    F: FnMut() -> Fut,\n"
                "    Fut: std::future::Future<Output = Result<T, sqlx::Error>>,\n{\n    for _ in 0..5 {\n"
                "        match f().await {\n            Err(e) if is_busy(&e) => tokio::time::sleep(BACKOFF).await,\n"
                "            r => return r,\n        }\n    }\n    f().await\n}\n\npub async fn save_item(",
            ),
            "retry loop ekak epa, eka hide karanawa witharai",
        ),
    )
    s.user("no no, that just hides it. I have to go now, we'll dig into it properly tomorrow. this is still broken 😞")
    s.outcome("failed", "admin saves and menu page still fail at night with SQLITE_BUSY; retry loop refused")
    s.hit("sqlite-locked")
    return s


CLIPPY_OUT = """    Checking kottu v0.3.0 (/home/nadeesha/src/kottu)
error: the borrowed expression implements the required traits
  --> src/menu.rs:41:36
   |
41 |     let slug = slugify(&format!("{}-{}", item.name, item.id));
   |                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ help: change this to: `format!("{}-{}", item.name, item.id)`
   |
   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#needless_borrows_for_generic_args
   = note: `-D clippy::needless-borrows-for-generic-args` implied by `-D warnings`

error: could not compile `kottu` (bin "kottu") due to 1 previous error"""

DEPLOY_README = """# Deploying kottu

1. `cargo build --release` on the build box.
2. `deploy/install.sh kottu-vps` copies the binary to /opt/kottu and the unit to /etc/systemd/system.
3. Never edit /etc/kottu/kottu.env on the box; change deploy/kottu.env.example and redeploy.
"""


def k08() -> Session:
    s = new("k08-clippy-182", "2028-05-09T04:01:26", "2.1.156", "main", "clippy-borrow-tern")
    s.user("updated to rust 1.82 with rustup and now clippy fails. can you have a look?")
    s.title("Clippy after Rust 1.82")
    s.act(None, Bash("cargo clippy --all-targets -- -D warnings", CLIPPY_OUT, code=101))
    s.act(
        "The newer clippy flags a needless borrow of a temporary `String`.",
        Edit(
            "src/menu.rs",
            'let slug = slugify(&format!("{}-{}", item.name, item.id));',
            'let slug = slugify(format!("{}-{}", item.name, item.id));',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo clippy --all-targets -- -D warnings",
            "    Checking kottu v0.3.0 (/home/nadeesha/src/kottu)\n    Finished `dev` profile [unoptimized + "
            "debuginfo] target(s) in 2.97s",
        ),
        Read("deploy/README.md", DEPLOY_README),
    )
    s.not_person(
        "Never edit /etc/kottu/kottu.env on the box; change deploy/kottu.env.example and redeploy.", "tool_output"
    )
    s.say(
        "Clippy is clean again. While at it: `cargo update` would also pull tower-http 0.6.2, which has a fix for "
        "the trace layer. Shall I?"
    )
    s.user(
        "don't run cargo update, the lockfile changes go through me. just the clippy fix is fine 🙂",
        rules=[("no-cargo-update", "don't run cargo update, the lockfile changes go through me")],
    )
    s.say("Left `Cargo.lock` alone; only `src/menu.rs` changed.")
    s.one_off(
        "after rustup to 1.82 clippy -D warnings fails on needless_borrows_for_generic_args in src/menu.rs "
        "(slugify(&format!(...)))"
    )
    s.outcome("success", "clippy lint from the Rust 1.82 toolchain fixed; clippy clean")
    return s


def k09() -> Session:
    s = new("k09-deploy-search", "2028-05-10T13:12:09", "2.1.157", "main", "release-search-finch")
    s.user(
        "search branch eka main ekata merge kala. deploy එක ඔයාටම කරන්න පුළුවන් දැන්, හැම පාරම මගෙන් අහන්න ඕනේ "
        "නෑ 😊 install.sh එක use කරන්න. git push නම් මම කරන්නම්, ඔයා push කරන්න එපා.",
        rules=[
            ("deploy-ok", "deploy එක ඔයාටම කරන්න පුළුවන් දැන්, හැම පාරම මගෙන් අහන්න ඕනේ නෑ", "no-direct-deploy"),
            ("no-push", "git push නම් මම කරන්නම්, ඔයා push කරන්න එපා"),
        ],
    )
    s.title("Deploy search to the VPS")
    s.act(
        None,
        Bash(
            "cargo build --release && deploy/install.sh kottu-vps",
            "    Finished `release` profile [optimized] target(s) in 1m 12s\n==> copying kottu to "
            "kottu-vps:/opt/kottu\n==> running migrations\nApplied 4/migrate menu fts (3.1ms)\n==> restarting "
            "kottu.service\n● kottu.service - kottu web service\n     Active: active (running) since Wed "
            "2028-05-10 18:45:33 +0530; 1s ago",
            secs=90,
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s 'https://kottu.lk/menu?q=cheese' | jq length",
            "3",
        ),
    )
    s.say("Deployed: migration 4 applied, service running, `/menu?q=cheese` returns 3 items. I didn't push.")
    s.user("ela kiri 🎉 isthuthi")
    s.outcome("success", "search deployed with install.sh; migration applied and the endpoint answers")
    return s


def k10() -> Session:
    s = new("k10-deps-bump", "2028-05-11T04:31:55", "2.1.158", "deps", "cargo-patch-robin")
    s.user(
        "ok about the lockfile, scrap that cargo update rule: patch updates via cargo update are fine, just don't "
        "bump axum or sqlx to a new major without asking. tower-http fix eka ganna.",
        rules=[
            (
                "cargo-update-patch",
                "patch updates via cargo update are fine, just don't bump axum or sqlx to a new major without asking",
                "no-cargo-update",
            )
        ],
    )
    s.title("Patch dependency updates")
    s.act(
        None,
        Bash(
            "cargo update",
            "    Updating crates.io index\n     Locking 6 packages to latest compatible versions\n    Updating "
            "tower-http v0.6.1 -> v0.6.2\n    Updating tokio v1.41.0 -> v1.41.1\n    Updating serde v1.0.214 -> "
            "v1.0.215\n    Updating serde_derive v1.0.214 -> v1.0.215\n    Updating hyper v1.5.0 -> v1.5.1\n"
            "    Updating rustls v0.23.16 -> v0.23.17",
            secs=8,
        ),
    )
    s.act(
        None,
        Bash(
            "cargo clippy --all-targets -- -D warnings && cargo nextest run menu",
            nextest_run(
                ["menu::tests::lists_menu", "menu::tests::search_finds_cheese_kottu", "menu::tests::get_one_404"]
            ),
        ),
    )
    s.say("Six patch updates, no major bumps; clippy clean and the menu tests pass.")
    s.user("good 👍 commit it")
    s.act(
        None,
        Bash(
            'git commit -am "Update patch dependencies"',
            git_commit("deps", "c07d1a2", "Update patch dependencies", 1, 18, 18),
        ),
    )
    s.say("Committed `c07d1a2`.")
    s.outcome("success", "patch-level cargo update done within the narrowed rule; checks clean")
    return s


def explore_pools(child: Session) -> None:
    child.act(
        None,
        Grep(
            "SqlitePool|SqliteConnectOptions|sqlite://",
            [
                "src/db.rs:1:use sqlx::sqlite::SqlitePool;",
                "src/db.rs:4:    let pool = SqlitePool::connect(url).await?;",
                "src/bin/import_menu.rs:12:    let pool = kottu::db::connect(&url).await?;",
                'src/checkout.rs:140:        let pool = SqlitePool::connect("sqlite://test.db").await.unwrap();',
            ],
            mode="content",
        ),
    )
    child.say(
        "Pools are opened in two places: `src/db.rs::connect` (used by the service and by `import_menu`) and "
        "directly in the checkout tests (`sqlite://test.db`). Both use a bare URL: default rollback journal and "
        "no busy timeout, so a second writer fails immediately with SQLITE_BUSY."
    )


def k11() -> Session:
    s = new("k11-concurrent-checkout", "2028-05-12T12:04:17", "2.1.158", "checkout", "busy-timeout-kingfisher")
    s.user(
        "test එක rename කරලා checkout module එකට ගියා, but still:\n\n```\n        FAIL [   5.012s] kottu "
        "checkout::tests::concurrent_checkout_keeps_stock\nError: Database(SqliteError { code: 5, message: "
        '"database is locked" })\n```\nane meka dan hariyatama hadamu, mokakda root cause eka?'
    )
    s.title("Fix SQLite locking at the root")
    s.act(
        "Let me find every place a pool or connection is opened.",
        Agent(
            "Find SQLite pool openings",
            "Find every place in this Rust repository where a sqlx SQLite pool or connection is opened (service, "
            "binaries, tests) and report the file, line and options used. Do not modify any files; only report "
            "where pools and connections are opened.",
            "Explore",
            explore_pools,
        ),
    )
    s.not_person("Do not modify any files; only report where pools and connections are opened.", "subagent_prompt")
    s.act(
        "Root cause: the pool has no busy timeout and uses the rollback journal, so concurrent writers fail at "
        "once. Opening it with WAL and a 5 second busy timeout lets writers wait and readers not block:",
        Edit(
            "src/db.rs",
            "use sqlx::sqlite::SqlitePool;\n\npub async fn connect(url: &str) -> anyhow::Result<SqlitePool> {\n"
            "    let pool = SqlitePool::connect(url).await?;",
            "use std::{str::FromStr, time::Duration};\n\nuse sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, "
            "SqlitePool, SqlitePoolOptions};\n\npub async fn connect(url: &str) -> anyhow::Result<SqlitePool> {\n"
            "    let opts = SqliteConnectOptions::from_str(url)?\n        .create_if_missing(true)\n"
            "        .journal_mode(SqliteJournalMode::Wal)\n        .busy_timeout(Duration::from_secs(5));\n"
            "    let pool = SqlitePoolOptions::new().max_connections(8).connect_with(opts).await?;",
        ),
        Edit(
            "src/checkout.rs",
            '        let pool = SqlitePool::connect("sqlite://test.db").await.unwrap();',
            '        let pool = crate::db::connect("sqlite://test.db").await.unwrap();',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run && cargo clippy --all-targets -- -D warnings",
            nextest_run(
                [
                    "checkout::tests::concurrent_checkout_keeps_stock",
                    "menu::tests::lists_menu",
                    "menu::tests::search_finds_cheese_kottu",
                    "orders::tests::create_order_decrements_stock",
                    "orders::tests::create_order_returns_201",
                ]
            ),
            secs=18,
        ),
    )
    s.say("All five tests pass, including the concurrent checkout one, and clippy is clean.")
    s.user(
        "woohoo 🥳 finally! note to self: sqlite eke ekaparakata eka writer kenai, busy_timeout nathnam anith eka wait "
        "karanne naha. deploy karanna.",
        lessons=[
            "note to self: sqlite eke ekaparakata eka writer kenai, busy_timeout nathnam anith eka wait karanne naha"
        ],
    )
    s.act(
        None,
        Bash(
            "cargo build --release && deploy/install.sh kottu-vps",
            "    Finished `release` profile [optimized] target(s) in 1m 09s\n==> copying kottu to "
            "kottu-vps:/opt/kottu\n==> running migrations\n==> restarting kottu.service\n     Active: active "
            "(running) since Fri 2028-05-12 17:41:20 +0530; 1s ago",
            secs=85,
        ),
    )
    s.say("Deployed; the service is running with WAL and the busy timeout.")
    s.outcome("success", "pool opened with WAL and busy_timeout(5s); concurrent checkout test passes; deployed")
    s.hit("sqlite-locked", fixed=True)
    return s


def k12() -> Session:
    s = new("k12-rate-limit", "2028-05-14T04:02:38", "2.1.159", "ratelimit", "governor-mynah")
    s.user(
        "someone is hammering POST /orders from one IP 🙄 add a rate limit with tower_governor. just for this branch, "
        "put the limiter config in main.rs, we'll move it later.",
        non_rules=["just for this branch, put the limiter config in main.rs"],
    )
    s.title("Rate limit POST /orders")
    s.act(
        None,
        Bash(
            "cargo add tower_governor@0.5",
            "    Updating crates.io index\n      Adding tower_governor v0.5.0 to dependencies",
        ),
        Edit(
            "src/routes.rs",
            '.route("/orders", post(orders::create))',
            '.route("/orders", post(orders::create).layer(governor))',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run && cargo clippy --all-targets -- -D warnings",
            nextest_run(["orders::tests::create_order_returns_201", "orders::tests::too_many_orders_gets_429"]),
        ),
    )
    s.say("`POST /orders` now allows a burst of 5 then 1 per 2 seconds per IP; the new 429 test passes.")
    s.user("works, thanks 👍")
    s.outcome("success", "per-IP rate limit on POST /orders with a passing 429 test")
    return s


def k13() -> Session:
    s = new("k13-sqlx-offline", "2028-05-16T05:11:02", "2.1.160", "main", "sqlx-prepare-bulbul")
    s.user(
        "VPS eke build eka fail:\n\n```\nerror: `SQLX_OFFLINE=true` but there is no cached data for this query, "
        "run `cargo sqlx prepare` to update the query cache or unset `SQLX_OFFLINE`\n  --> src/menu.rs:12:17\n```"
    )
    s.title("SQLX_OFFLINE build on the VPS")
    s.act(
        None,
        Bash(
            "cargo sqlx prepare",
            "error: no such command: `sqlx`\n\n\tView all installed commands with `cargo --list`",
            code=101,
        ),
    )
    s.act(
        None,
        Bash(
            "cargo install sqlx-cli --no-default-features --features sqlite",
            "    Updating crates.io index\n  Downloaded sqlx-cli v0.8.2\nerror: failed to compile `sqlx-cli v0.8.2`"
            "\n\nCaused by:\n  linker `cc` not found",
            code=101,
            secs=40,
        ),
    )
    s.say("`sqlx-cli` needs a C toolchain to build here: `sudo dnf install gcc` first, then `cargo sqlx prepare`.")
    s.user(
        "aiyo, dnf eka dan run karanna baha, meeting ekata yanna ona. note to self: run cargo sqlx prepare before "
        "pushing, the VPS build is offline. ithin dan build eka broken 😕",
        lessons=["note to self: run cargo sqlx prepare before pushing, the VPS build is offline"],
    )
    s.one_off(
        "the VPS build fails with 'SQLX_OFFLINE=true but there is no cached data for this query' because .sqlx was "
        "not regenerated with cargo sqlx prepare (and sqlx-cli fails to install without gcc)"
    )
    s.outcome("failed", "offline query cache not regenerated; sqlx-cli would not install; build still broken")
    return s


def k14() -> Session:
    s = new("k14-loyalty-points", "2028-05-18T04:40:31", "2.1.162", "loyalty", "loyalty-points-peacock")
    s.user(
        "loyalty points feature: 1 point for every 100 rupees, added when the order is completed. "
        "migration, model, handler, tests, the whole thing."
    )
    s.title("Loyalty points")
    s.act(
        None,
        Write(
            "migrations/0005_loyalty.sql",
            "create table loyalty (\n  customer_id integer primary key references customers(id),\n"
            "  points integer not null default 0\n);\n",
        ),
        Edit(
            "src/orders.rs",
            "#[derive(Serialize)]\npub struct Order {",
            "pub fn points_for(total_lkr: i64) -> i64 {\n    total_lkr / 100\n}\n\n#[derive(Serialize)]\npub struct Order {",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run loyalty",
            nextest_run(["orders::tests::points_for_rounds_down", "loyalty::tests::complete_adds_points"]),
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary request: add loyalty points to kottu (1 point per 100 LKR, credited when an order completes), "
        "with a migration, model, handler and tests.\n2. Done: migrations/0005_loyalty.sql, points_for() in "
        "src/orders.rs, tests for rounding and crediting; nextest green.\n3. User preferences: User wants commit "
        "messages in English with no emojis. No unwrap() in production code; clippy must pass with -D warnings.\n"
        "4. Pending: GET /loyalty/{customer_id} endpoint, then commit.",
        167400,
        11800,
    )
    s.not_person("User wants commit messages in English with no emojis.", "compaction_summary")
    s.act(
        None,
        Edit(
            "src/routes.rs",
            '        .route("/orders", post(orders::create).layer(governor))',
            '        .route("/orders", post(orders::create).layer(governor))\n'
            '        .route("/loyalty/{customer_id}", get(loyalty::balance))',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo clippy --all-targets -- -D warnings && cargo nextest run",
            nextest_run(
                [
                    "loyalty::tests::balance_returns_points",
                    "loyalty::tests::complete_adds_points",
                    "orders::tests::points_for_rounds_down",
                ]
            ),
        ),
    )
    s.say("The balance endpoint is in; clippy clean, all tests pass. Commit message: `Add loyalty points ✨`?")
    s.user(
        "no sparkles 😂 commit messages: English, no emojis. 'Add loyalty points' is fine.",
        rules=[("commit-english", "commit messages: English, no emojis")],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add loyalty points"',
            git_commit("loyalty", "9e4b6f0", "Add loyalty points", 4, 96, 2),
        ),
    )
    s.say("Committed `9e4b6f0 Add loyalty points`.")
    s.outcome("success", "loyalty points with migration, endpoint and tests; committed")
    return s


def k15() -> Session:
    s = new("k15-release-tag", "2028-05-20T13:02:11", "2.1.165", "main", "release-notes-hornbill")
    s.user(
        "loyalty branch eka merge kala. CHANGELOG eke 0.4.0 section ekak liyanna, search, rate limit, loyalty, "
        "sqlite fix okkoma. අද release එක tag කරමුද?",
        non_rules=["අද release එක tag කරමුද?"],
    )
    s.title("CHANGELOG for 0.4.0")
    s.act(
        None,
        Read("CHANGELOG.md", "# Changelog\n\n## 0.3.0 - 2028-04-22\n- Menu and orders API\n"),
    )
    s.act(
        None,
        Edit(
            "CHANGELOG.md",
            "# Changelog\n",
            "# Changelog\n\n## 0.4.0 - 2028-05-20\n- Full-text menu search (SQLite FTS5)\n- Per-IP rate limit on "
            "POST /orders\n- Loyalty points\n- SQLite opened in WAL mode with a busy timeout (no more lock errors "
            "during the nightly import)\n",
        ),
    )
    s.say(
        "CHANGELOG has a 0.4.0 section. Yes, tagging today makes sense: `git tag -a v0.4.0 -m 'kottu 0.4.0'`; "
        "I'll leave the push to you."
    )
    s.user("හරි, tag එක මම දාන්නම්. thanks machan, great week 🙏")
    s.outcome("success", "0.4.0 changelog written; she tags and pushes herself")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15]
