"""Sessions in `tally`, Lin's Rust CLI for personal bookkeeping (/home/lin/code/tally)."""

from __future__ import annotations

from fake_output import CRATE, TALLY, cargo_test, clippy, compiling, git_commit, git_push, nextest
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Sibling, TaskCreate, TaskUpdate, Write

ORDER = "report-order"
RUNTIME = "nested-tokio-runtime"
REPO = "linhe/tally"


def tally(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    CRATE["tally"] = "0.2.4" if start < "2026-10-12T00:40" else "0.3.0"
    return Session(key, start, version, branch, slug, cwd=TALLY, project="tally")


REPORT_RS = """use std::collections::HashMap;

use chrono::NaiveDate;

use crate::ledger::Ledger;
use crate::money::Cents;

#[derive(Debug, Default, Clone, Copy, serde::Serialize)]
pub struct Totals {
    pub spent: Cents,
    pub count: u32,
}

pub fn by_category(ledger: &Ledger, from: NaiveDate, to: NaiveDate) -> HashMap<String, Totals> {
    let mut out: HashMap<String, Totals> = HashMap::new();
    for e in ledger.between(from, to) {
        let t = out.entry(e.category.clone()).or_default();
        t.spent += e.amount;
        t.count += 1;
    }
    out
}

pub fn render(rows: &HashMap<String, Totals>) -> String {
    rows.iter()
        .map(|(cat, t)| format!("{cat:<14}{:>10}  ({})", t.spent, t.count))
        .collect::<Vec<_>>()
        .join("\\n")
}"""

REPORT_TEST = """

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::tests::ledger_of;

    #[test]
    fn render_lists_categories() {
        let l = ledger_of(&[("rent", 120000), ("groceries", 4230), ("transport", 860)]);
        let rows = by_category(&l, d(2026, 9, 1), d(2026, 9, 30));
        assert_eq!(render(&rows), "transport          8.60  (1)\\nrent            1200.00  (1)\\ngroceries         42.30  (1)");
    }
}"""

RATES_RS = """use anyhow::Context;
use chrono::NaiveDate;

use crate::rates::ecb::parse_ecb;

const ECB_URL: &str = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml";

pub fn fetch_rates(day: NaiveDate) -> anyhow::Result<Rates> {
    let rt = tokio::runtime::Runtime::new()?;
    rt.block_on(async {
        let body = reqwest::get(ECB_URL).await?.text().await?;
        parse_ecb(&body, day).context("parsing ECB xml")
    })
}"""

MAIN_SYNC = """#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Import(args) => import::run(args).await,
        Command::Report(args) => report::run(args),
        Command::Sync(args) => sync::run(args).await,
    }
}"""

SYNC_RS = """pub async fn run(args: SyncArgs) -> anyhow::Result<()> {
    let cache = RatesCache::open(&args.cache_dir)?;
    for day in args.days() {
        if cache.has(day) {
            continue;
        }
        let rates = fetch_rates(day)?;
        cache.put(day, &rates)?;
    }
    Ok(())
}"""

RO_TESTS = [
    ("import::tests::parses_dkb_row", "ok"),
    ("import::tests::skips_header_lines", "ok"),
    ("ledger::tests::between_is_inclusive", "ok"),
    ("money::tests::display_cents", "ok"),
    ("money::tests::parse_negative", "ok"),
    ("report::tests::by_category_sums_cents", "ok"),
]


# ------------------------------------------------------------------------------------------------------------------
def t01_report_by_category() -> Session:
    s = tally("t01-report-by-category", "2026-10-05T01:20:14", "2.1.180", "feat/report-by-category", "quiet-amber-ibis")
    s.user(
        "add `tally report --by category` , sums per categroy for a date rnage (--from/--to). "
        "we go with clap derive, not the builder, the Cli struct is in src/cli.rs",
        after=0,
        decisions=["we go with clap derive, not the builder"],
    )
    s.act(
        "Let me look at the CLI definition and the ledger API first.",
        Read(
            "src/cli.rs",
            """#[derive(Debug, Args)]
pub struct ReportArgs {
    /// first day (inclusive), YYYY-MM-DD
    #[arg(long)]
    pub from: NaiveDate,
    /// last day (inclusive)
    #[arg(long)]
    pub to: NaiveDate,
}""",
            offset=31,
            limit=9,
            total=74,
        ),
        Grep(
            r"pub fn between",
            [
                "src/ledger.rs:48:    pub fn between(&self, from: NaiveDate, to: NaiveDate) -> impl Iterator<Item = &Entry> {"
            ],
            mode="content",
            path="src",
        ),
    )
    s.act(
        None,
        Edit(
            "src/cli.rs",
            "    #[arg(long)]\n    pub to: NaiveDate,\n}",
            "    #[arg(long)]\n    pub to: NaiveDate,\n    /// group the report\n    #[arg(long, value_enum)]\n"
            "    pub by: Option<GroupBy>,\n}\n\n#[derive(Debug, Clone, Copy, ValueEnum)]\npub enum GroupBy {\n    Category,\n}",
        ),
    )
    s.act(
        "Now the grouping itself in a new `src/report.rs`:",
        Write("src/report.rs", REPORT_RS + "\n"),
    )
    s.act(
        None,
        Bash(
            "cargo test",
            cargo_test(RO_TESTS, compile_lines=compiling(["clap_derive v4.5.18", "clap v4.5.20"], secs=11.4)),
            desc="Run the test suite",
            secs=14,
        ),
    )
    s.user(
        "we use plain cargo test here, nextest is overkill for a crate this size. dont add it to the justfile pls",
        rules=[("cargo-test", "we use plain cargo test here, nextest is overkill for a crate this size")],
    )
    s.say("Understood, I'll leave the justfile alone; `just test` stays `cargo test`.")
    s.user("好 跑一下九月的")
    s.act(
        None,
        Bash(
            "cargo run -q -- report --from 2026-09-01 --to 2026-09-30 --by category",
            "groceries         412.30  (23)\nrent             1200.00  (1)\ntransport          86.40  (14)\n"
            "eating-out        214.75  (9)\nsubscriptions      41.97  (4)",
            desc="Try the report",
        ),
    )
    s.act(
        None,
        Bash(
            'git add src/cli.rs src/report.rs src/main.rs && git commit -m "feat: report --by category"',
            git_commit("feat/report-by-category", "8a41c02", "feat: report --by category", 3, 71, 2),
            desc="Commit",
        ),
    )
    s.say("Works for September (5 categories) and is committed as 8a41c02.")
    s.outcome("success", "report --by category implemented, tests pass, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _render_fail(left: str, right: str, line: int) -> str:
    return (
        f"\nthread 'report::tests::render_lists_categories' panicked at src/report.rs:{line}:9:\n"
        "assertion `left == right` failed\n"
        f"  left: {left}\n right: {right}\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"
    )


def t02_render_test() -> Session:
    s = tally("t02-render-test", "2026-10-06T00:50:33", "2.1.180", "feat/report-by-category", "quiet-amber-ibis")
    s.user("write a test for report::render, the by category output. small fixture w/ 3 categories", after=0)
    s.act(None, Read("src/report.rs", REPORT_RS))
    s.act(
        "Adding a test module with a three-category ledger:",
        Edit(
            "src/report.rs",
            '        .join("\\n")\n}',
            '        .join("\\n")\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::ledger::tests::ledger_of;\n\n'
            "    #[test]\n    fn render_lists_categories() {\n"
            '        let l = ledger_of(&[("rent", 120000), ("groceries", 4230), ("transport", 860)]);\n'
            "        let rows = by_category(&l, d(2026, 9, 1), d(2026, 9, 30));\n"
            '        assert_eq!(render(&rows), "rent            1200.00  (1)\\ngroceries         42.30  (1)\\ntransport          8.60  (1)");\n'
            "    }\n}",
        ),
    )
    left = '"transport          8.60  (1)\\nrent            1200.00  (1)\\ngroceries         42.30  (1)"'
    right = '"rent            1200.00  (1)\\ngroceries         42.30  (1)\\ntransport          8.60  (1)"'
    tests = [*RO_TESTS, ("report::tests::render_lists_categories", "FAILED")]
    s.act(
        None,
        Bash(
            "cargo test report",
            cargo_test(
                [t for t in tests if t[0].startswith("report")],
                failures=[("report::tests::render_lists_categories", _render_fail(left, right, 51))],
                filtered=5,
            ),
            code=101,
            desc="Run report tests",
            secs=6,
        ),
    )
    s.act(
        "The order of the rows differs from what I wrote in the expectation. I'll match the actual output:",
        Edit(
            "src/report.rs",
            '"rent            1200.00  (1)\\ngroceries         42.30  (1)\\ntransport          8.60  (1)");',
            '"transport          8.60  (1)\\nrent            1200.00  (1)\\ngroceries         42.30  (1)");',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo test report",
            cargo_test(
                [("report::tests::by_category_sums_cents", "ok"), ("report::tests::render_lists_categories", "ok")],
                filtered=5,
            ),
            desc="Run report tests",
        ),
    )
    s.user("run it again")
    left2 = '"groceries         42.30  (1)\\ntransport          8.60  (1)\\nrent            1200.00  (1)"'
    s.act(
        None,
        Bash(
            "cargo test report",
            cargo_test(
                [("report::tests::by_category_sums_cents", "ok"), ("report::tests::render_lists_categories", "FAILED")],
                failures=[("report::tests::render_lists_categories", _render_fail(left2, left, 51))],
                filtered=5,
                compile_lines=["    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.09s"],
            ),
            code=101,
            desc="Run report tests again",
        ),
    )
    s.user(
        "lol. why does it always pass the second time and then not the third. 今天不弄了，回头再看",
        non_rules=["why does it always pass the second time and then not the third"],
    )
    s.say("The rows come out in a different order between runs. I'll leave it as is for now.")
    s.outcome("failed", "render test fails on re-run (row order changes); user stops for the day")
    s.hit(ORDER)
    return s


# ------------------------------------------------------------------------------------------------------------------
CONTRIBUTING = """# Contributing to tally

Thanks for looking! tally is a small personal project, but PRs are welcome.

- Always run `cargo fmt --all` before opening a PR.
- Do not bump the MSRV (1.78) without opening an issue first.
- Keep user-facing messages lowercase, no trailing period.
- New importers need a fixture CSV under `tests/fixtures/`."""


def t03_config_currency() -> Session:
    s = tally("t03-config-currency", "2026-10-07T01:05:52", "2.1.180", "main", "hazy-copper-lynx")
    s.user(
        "tally report crashes on my laptop since yesterday's pull:\n\n"
        "thread 'main' panicked at src/config.rs:38:61:\ncalled `Result::unwrap()` on an `Err` value: "
        'Error { inner: TomlError { message: "missing field `currency`", ... } }',
        after=0,
    )
    s.act(
        None,
        Read(
            "src/config.rs",
            """#[derive(Debug, Deserialize)]
pub struct Config {
    pub ledger_path: PathBuf,
    pub currency: String,
    #[serde(default)]
    pub categories: BTreeMap<String, Vec<String>>,
}

pub fn load(path: &Path) -> Config {
    let raw = std::fs::read_to_string(path).unwrap();
    toml::from_str(&raw).unwrap()
}""",
            offset=28,
            limit=11,
            total=52,
        ),
        Read("CONTRIBUTING.md", CONTRIBUTING, reminder=True),
    )
    s.act(
        "`currency` became a required field with the sync work (58b0e2d), and your `~/.config/tally/config.toml` "
        "predates it. I'll give it a serde default (EUR) so old configs keep loading:",
        Edit(
            "src/config.rs",
            "    pub ledger_path: PathBuf,\n    pub currency: String,",
            '    pub ledger_path: PathBuf,\n    #[serde(default = "default_currency")]\n    pub currency: String,',
        ),
    )
    s.user(
        "ok. and 以后不要在非测试代码里用 unwrap()，用 anyhow 的 context 包一下。load() 也改掉",
        rules=[("no-unwrap", "不要在非测试代码里用 unwrap()，用 anyhow 的 context 包一下")],
    )
    s.act(
        "好的，load() 改成返回 `anyhow::Result<Config>`:",
        Edit(
            "src/config.rs",
            "pub fn load(path: &Path) -> Config {\n    let raw = std::fs::read_to_string(path).unwrap();\n"
            "    toml::from_str(&raw).unwrap()\n}",
            "pub fn load(path: &Path) -> anyhow::Result<Config> {\n"
            '    let raw = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;\n'
            '    toml::from_str(&raw).with_context(|| format!("parsing {}", path.display()))\n}',
        ),
    )
    s.act(
        None,
        Grep(
            r"config::load\(", ["src/main.rs:22:    let cfg = config::load(&cli.config);"], mode="content", path="src"
        ),
    )
    s.act(None, Read("src/main.rs", "    let cfg = config::load(&cli.config);", offset=22, limit=1, total=61))
    s.act(None, Edit("src/main.rs", "config::load(&cli.config);", "config::load(&cli.config)?;"))
    s.act(
        None,
        Bash(
            "cargo test && cargo run -q -- report --from 2026-10-01 --to 2026-10-06",
            cargo_test([*RO_TESTS, ("config::tests::old_config_without_currency", "ok")], secs=0.05)
            + "\ntotal            388.12  (31)",
            desc="Tests and a real report",
            secs=12,
        ),
    )
    s.say(
        "Old configs load again (currency defaults to EUR) and `config::load` no longer panics; errors carry the file path."
    )
    s.user("可以 👍")
    s.outcome("success", "missing-field panic fixed with a serde default, load() returns anyhow::Result; tests pass")
    s.one_off("old config.toml without the new `currency` field: serde `missing field` panic in config::load")
    s.not_person("Always run `cargo fmt --all` before opening a PR.", "tool_output")
    return s


# ------------------------------------------------------------------------------------------------------------------
RUNTIME_PANIC = (
    "thread 'main' panicked at /home/lin/.cargo/registry/src/index.crates.io-6f17d22bba15001f/tokio-1.40.0/"
    "src/runtime/scheduler/multi_thread/mod.rs:86:9:\nCannot start a runtime from within a runtime. This happens "
    "because a function (like `block_on`) attempted to block the current thread while the thread is being used "
    "to drive asynchronous tasks.\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"
)


def t04_sync_panic() -> Session:
    s = tally("t04-sync-panic", "2026-10-07T13:30:08", "2.1.180", "feat/fx-sync", "brisk-linen-otter")
    s.user("wired up `tally sync` to pull ECB rates, try it", after=0)
    s.act(
        None,
        Bash(
            "cargo run -- sync --days 3",
            "\n".join(compiling(["reqwest v0.12.8", "tokio v1.40.0"], profile="dev", secs=24.7)).replace(
                "`dev` profile [optimized]", "`dev` profile [unoptimized + debuginfo]"
            )
            + "\n     Running `target/debug/tally sync --days 3`\n"
            + RUNTIME_PANIC,
            code=101,
            desc="Run tally sync",
            secs=28,
        ),
        Sibling(Bash("git log --oneline -3", desc="Recent commits")),
    )
    s.act(None, Read("src/rates.rs", RATES_RS, total=41), Read("src/sync.rs", SYNC_RS))
    s.act(
        "`fetch_rates` builds its own tokio `Runtime` and calls `block_on`, but it is called from `sync::run`, "
        "which already runs inside `#[tokio::main]`. I'll try `tokio::task::block_in_place` around the call so the "
        "worker thread may block:",
        Edit(
            "src/sync.rs",
            "        let rates = fetch_rates(day)?;",
            "        let rates = tokio::task::block_in_place(|| fetch_rates(day))?;",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo run -- sync --days 3",
            "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 1.92s\n"
            "     Running `target/debug/tally sync --days 3`\n"
            "thread 'main' panicked at /home/lin/.cargo/registry/src/index.crates.io-6f17d22bba15001f/tokio-1.40.0/"
            "src/runtime/blocking/shutdown.rs:51:21:\nCannot drop a runtime in a context where blocking is not "
            "allowed. This happens when a runtime is dropped from within an asynchronous context.",
            code=101,
            desc="Run tally sync again",
        ),
    )
    s.act(
        "Now the inner runtime panics when it is dropped. The proper fix is to make `fetch_rates` async; let me "
        "check who else calls it.",
        Grep(r"fetch_rates", ["src/rates.rs", "src/sync.rs", "src/report.rs"]),
    )
    s.interrupt()
    s.outcome("failed", "tally sync still panics (nested tokio runtime); user interrupts and leaves")
    s.hit(RUNTIME)
    return s


# ------------------------------------------------------------------------------------------------------------------
def t05_nextest_question() -> Session:
    s = tally("t05-nextest-question", "2026-10-08T09:00:41", "2.1.183", "main", "faint-sable-wren")
    s.local_command("model", "sonnet", "Set model to \x1b[1msonnet (claude-sonnet-4-6)\x1b[22m", after=0)
    s.user(
        "whats the actual difference between nextest and cargo test? i never remember which flags nextest wants",
        non_rules=["i never remember which flags nextest wants"],
        after=6,
    )
    s.act(
        None,
        Bash(
            "cargo nextest --version",
            "error: no such command: `nextest`\n\n\tView all installed commands with `cargo --list`",
            code=101,
            desc="Is nextest installed?",
        ),
    )
    s.act(
        None,
        Read(
            "justfile",
            "test:\n    cargo test\n\nlint:\n    cargo clippy --all-targets\n\nrelease:\n    cargo build --release",
            total=8,
        ),
    )
    s.act(None, Grep(r"\[\[bin\]\]|\[lib\]", [], path="Cargo.toml"))
    s.act(
        None,
        Bash(
            "cargo install --list | grep -A1 -E '^cargo-(nextest|insta)'",
            "cargo-insta v1.40.0:\n    cargo-insta",
            desc="Installed cargo subcommands",
        ),
    )
    s.say(
        "nextest isn't installed here (`cargo install cargo-nextest --locked`). The differences that matter:\n"
        "- **process per test**: nextest runs every test in its own process, cargo test runs a binary's tests as "
        "threads of one process. Global state and panics can't leak between tests.\n"
        "- **retries / flaky detection**: `--retries 2` reruns failures and reports them as FLAKY.\n"
        "- **filters**: `cargo nextest run -E 'test(report)'` (filtersets) vs cargo test's substring filter.\n"
        "- **no doctests**: run `cargo test --doc` separately.\n\nFlags you'd use: `cargo nextest run`, "
        "`--retries N`, `-E '<filterset>'`, `--no-fail-fast`."
    )
    s.turn_done()
    s.user("and insta snapshots work the same under nextest?")
    s.say(
        "Yes. `cargo insta test --test-runner nextest` runs them through nextest, and a plain `cargo nextest run` "
        "fails on a changed snapshot the same way cargo test does. Review with `cargo insta review` afterwards."
    )
    s.turn_done()
    s.outcome("unknown", "a question answered; nothing was changed or verified and the person gives no verdict")
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa_hashmap_outputs(a: Session) -> None:
    a.act(
        "Searching for hash-based collections in the output paths.",
        Grep(r"HashMap|HashSet", ["src/report.rs", "src/import.rs", "src/export.rs", "src/rates/ecb.rs"]),
    )
    a.act(
        None,
        Grep(
            r"HashMap|HashSet",
            [
                "src/report.rs:1:use std::collections::HashMap;",
                "src/report.rs:15:pub fn by_category(ledger: &Ledger, from: NaiveDate, to: NaiveDate) -> HashMap<String, Totals> {",
                "src/report.rs:25:pub fn render(rows: &HashMap<String, Totals>) -> String {",
                "src/export.rs:9:    let totals: HashMap<&str, Cents> = report::by_category(l, from, to)",
                "src/import.rs:31:    seen: HashSet<String>,",
                "src/rates/ecb.rs:12:pub type Rates = HashMap<String, f64>;",
            ],
            mode="content",
            path="src",
        ),
    )
    a.act(
        None,
        Read(
            "src/export.rs",
            "pub fn json(l: &Ledger, from: NaiveDate, to: NaiveDate) -> String {\n    let totals: HashMap<&str, Cents> = report::by_category(l, from, to)\n        .iter().map(|(k, v)| (k.as_str(), v.spent)).collect();\n    serde_json::to_string_pretty(&totals).unwrap()\n}",
            offset=7,
            limit=5,
            total=20,
        ),
    )
    a.say(
        "Hash-ordered data that reaches output:\n- `src/report.rs:15,25`: `by_category` returns a `HashMap`, "
        "`render` iterates it directly, so text output order is random per process.\n- `src/export.rs:9`: the JSON "
        "export collects into a `HashMap<&str, Cents>` and serialises it, so key order in `report --json` varies "
        "(this is what `report_json_snapshot` snapshots).\n- `src/import.rs:31` (`HashSet` for dedup) and "
        "`src/rates/ecb.rs:12` are only looked up, never printed.\n\nRule of thumb: never iterate a HashMap to "
        "produce output.",
    )


def t06_release_030() -> Session:
    s = tally("t06-release-030", "2026-10-12T00:40:19", "2.1.188", "main", "lucid-fern-gecko")
    s.user(
        "要发 0.3.0 了。以后跑测试都用 cargo nextest run，它能把 flaky 的标出来，我昨天装好了。先跑一遍全部",
        after=0,
        rules=[("nextest", "以后跑测试都用 cargo nextest run", "cargo-test")],
    )
    s.act(
        None,
        Bash(
            "cargo nextest run --retries 2",
            nextest(
                [
                    ("tally config::tests::old_config_without_currency", "PASS", 0.004),
                    ("tally import::tests::parses_dkb_row", "PASS", 0.006),
                    ("tally import::tests::skips_header_lines", "PASS", 0.005),
                    ("tally ledger::tests::between_is_inclusive", "PASS", 0.004),
                    ("tally money::tests::display_cents", "PASS", 0.003),
                    ("tally money::tests::parse_negative", "PASS", 0.003),
                    ("tally report::tests::by_category_sums_cents", "PASS", 0.004),
                    ("tally report::tests::render_lists_categories", "PASS", 0.005),
                    ("tally::cli report_json_snapshot", "FLAKY", 0.093),
                    ("tally::cli report_text_default_range", "PASS", 0.088),
                ],
                run_id="6f0c2e4b-9a71-4c3d-8e15-2b7d90a4c6f1",
                compile_lines=compiling(["insta v1.40.0", "assert_cmd v2.0.16"], secs=19.8),
            ),
            desc="Full test run with retries",
            secs=24,
        ),
    )
    s.act(
        "All pass, but `report_json_snapshot` needed a retry (FLAKY). Let me see which hash-ordered data reaches "
        "the output while I prepare the release.",
        Agent(
            "Find hash-ordered output",
            "In /home/lin/code/tally find every HashMap/HashSet whose iteration order can reach user-visible output "
            "(report text, --json export, snapshots). Give file:line and whether it is printed. Read only, don't edit.",
            "Explore",
            _sa_hashmap_outputs,
        ),
    )
    s.say(
        "The flaky snapshot comes from `src/export.rs:9`: the JSON export collects the totals into a `HashMap`, "
        "so key order changes between processes. `render` in `src/report.rs` has the same issue. Fix is small "
        "(BTreeMap), want it in 0.3.0?"
    )
    s.user("发完版再改。bump + tag")
    s.act(
        None,
        Read(
            "Cargo.toml",
            '[package]\nname = "tally"\nversion = "0.2.4"\nedition = "2021"\nrust-version = "1.78"',
            limit=5,
            total=34,
        ),
    )
    s.act(None, Edit("Cargo.toml", 'version = "0.2.4"', 'version = "0.3.0"'))
    s.act(
        None,
        Bash(
            'cargo check -q && git add Cargo.toml Cargo.lock && git commit -m "chore: release 0.3.0" && git tag v0.3.0 '
            "&& git push origin main --tags",
            git_commit("main", "c3d9e10", "chore: release 0.3.0", 2, 2, 2)
            + "\n"
            + git_push(REPO, "main", new=False, old="5e2a7f1", newsha="c3d9e10")
            + "\n * [new tag]         v0.3.0 -> v0.3.0",
            desc="Release commit, tag, push",
            secs=4,
        ),
    )
    s.say("0.3.0 is committed (c3d9e10), tagged `v0.3.0` and pushed; the release workflow starts from the tag.")
    s.outcome("success", "release 0.3.0 bumped, tagged and pushed; flaky snapshot passed on retry and was deferred")
    s.hit(ORDER)
    s.not_person("Rule of thumb: never iterate a HashMap to produce output.", "tool_output")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t07_rustls() -> Session:
    s = tally("t07-rustls", "2026-10-13T01:10:37", "2.1.188", "feat/fx-sync", "tidy-harbor-moth")
    s.user(
        "building in the new devcontainer fails, some openssl thing. also fyi for commits: keep the commit subject "
        "under 72 chars, the last one was a novel",
        after=0,
        rules=[("subject-72", "keep the commit subject under 72 chars")],
    )
    s.act(
        None,
        Bash(
            "cargo build 2>&1 | tail -25",
            "   Compiling openssl-sys v0.9.103\nerror: failed to run custom build command for `openssl-sys v0.9.103`\n\n"
            "Caused by:\n  process didn't exit successfully: `/workspaces/tally/target/debug/build/openssl-sys-"
            "3c1f0b7e2d9a4c58/build-script-main` (exit status: 101)\n  --- stdout\n  cargo:rerun-if-env-changed="
            "OPENSSL_DIR\n  run pkg_config fail: Could not run `PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 pkg-config "
            "--libs --cflags openssl`\n  The pkg-config command could not be found.\n\n  --- stderr\n  thread "
            "'main' panicked at /usr/local/cargo/registry/src/index.crates.io-6f17d22bba15001f/openssl-sys-0.9.103/"
            "build/find_normal.rs:190:5:\n  Could not find directory of OpenSSL installation, and this `-sys` crate "
            "cannot proceed without this knowledge.",
            desc="Build and show the error",
            secs=40,
        ),
    )
    s.act(
        None,
        Read(
            "Cargo.toml",
            'reqwest = { version = "0.12", features = ["json"] }\ntokio = { version = "1", features = ["full"] }',
            offset=18,
            limit=2,
            total=34,
        ),
    )
    s.act(
        "reqwest pulls native-tls → openssl-sys, and the devcontainer has no libssl-dev/pkg-config. Rather than "
        "adding system packages I'd switch reqwest to rustls, which needs no system OpenSSL:",
        Edit(
            "Cargo.toml",
            'reqwest = { version = "0.12", features = ["json"] }',
            'reqwest = { version = "0.12", default-features = false, features = ["json", "rustls-tls"] }',
        ),
    )
    s.act(
        None,
        Bash(
            "cargo build && cargo tree -i openssl-sys",
            "   Compiling rustls v0.23.14\n   Compiling hyper-rustls v0.27.3\n   Compiling reqwest v0.12.8\n"
            f"   Compiling tally v{CRATE['tally']} ({TALLY})\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 51.20s\n"
            "warning: nothing to print.\n\nTo find dependencies that require specific target platforms, try to use "
            "option `--target all` first, and then narrow your search scope accordingly.",
            desc="Build and confirm openssl is gone",
            secs=55,
        ),
    )
    s.user(
        "nice. btw where do we put the fetched rates? let's keep the rates cache as a json file under "
        "~/.cache/tally, no sqlite for this",
        decisions=["let's keep the rates cache as a json file under ~/.cache/tally, no sqlite for this"],
    )
    s.act(
        None,
        Grep(
            r"cache_dir",
            ['src/cli.rs:58:    #[arg(long, default_value_os_t = dirs::cache_dir().unwrap().join("tally"))]'],
            mode="content",
            path="src",
        ),
    )
    s.say(
        "That's already the default: `RatesCache` writes `rates.json` under `~/.cache/tally` (dirs::cache_dir). Nothing to change."
    )
    s.user("提交吧")
    s.act(
        None,
        Bash(
            'git add Cargo.toml Cargo.lock && git commit -m "build: use rustls for reqwest (no system openssl)"',
            git_commit("feat/fx-sync", "1b7c4d2", "build: use rustls for reqwest (no system openssl)", 2, 38, 61),
            desc="Commit",
        ),
    )
    s.say("Committed (subject is 49 chars).")
    s.outcome("success", "build fixed by switching reqwest to rustls; builds, committed")
    s.one_off("openssl-sys build script fails in a fresh devcontainer without libssl-dev/pkg-config")
    return s


# ------------------------------------------------------------------------------------------------------------------
RATES_TEST = """#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn fetch_parses_ecb_xml() {
        let _m = mock_ecb(include_str!("../tests/fixtures/ecb-90d.xml"));
        let r = fetch_rates(d(2026, 10, 9)).unwrap();
        assert_eq!(r["USD"], 1.0962);
    }
}"""


def t08_rates_test() -> Session:
    s = tally("t08-rates-test", "2026-10-13T14:20:05", "2.1.188", "feat/fx-sync", "tidy-harbor-moth")
    s.user("rates test is red, can u look. nextest", after=0)
    fail = (
        "\nthread 'rates::tests::fetch_parses_ecb_xml' panicked at /home/lin/.cargo/registry/src/index.crates.io-"
        "6f17d22bba15001f/tokio-1.40.0/src/runtime/blocking/shutdown.rs:51:21:\nCannot drop a runtime in a context "
        "where blocking is not allowed. This happens when a runtime is dropped from within an asynchronous context."
    )
    s.act(
        None,
        Bash(
            "cargo nextest run -E 'test(rates)'",
            nextest(
                [
                    ("tally rates::tests::fetch_parses_ecb_xml", "FAIL", 0.214),
                    ("tally rates::ecb::tests::parses_cube", "PASS", 0.003),
                ],
                run_id="0d8a61f3-55c2-4e0b-b7f9-3a2e1c8d4b70",
                failures=[("tally rates::tests::fetch_parses_ecb_xml", fail)],
                compile_lines=["    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.27s"],
            ),
            code=100,
            desc="Run the rates tests",
            secs=3,
        ),
    )
    s.act(None, Read("src/rates.rs", RATES_RS + "\n\n" + RATES_TEST, total=52))
    s.act(
        None,
        Grep(
            r"fn mock_ecb", ["tests/support/mod.rs:14:pub fn mock_ecb(body: &str) -> mockito::Mock {"], mode="content"
        ),
        Read(
            "Cargo.toml",
            '[dev-dependencies]\nmockito = "1.5"\ninsta = { version = "1.40", features = ["json"] }\nassert_cmd = "2"',
            offset=27,
            limit=4,
            total=34,
        ),
    )
    s.act(
        "The test is `#[tokio::test]`, and `fetch_rates` creates and drops its own runtime inside it. Since "
        "`fetch_rates` is synchronous, the test doesn't need an async runtime; making it a plain `#[test]`:",
        Edit(
            "src/rates.rs",
            "    #[tokio::test]\n    async fn fetch_parses_ecb_xml() {",
            "    #[test]\n    fn fetch_parses_ecb_xml() {",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run -E 'test(rates)'",
            nextest(
                [
                    ("tally rates::tests::fetch_parses_ecb_xml", "PASS", 0.198),
                    ("tally rates::ecb::tests::parses_cube", "PASS", 0.003),
                ],
                run_id="9b3e0a27-1c6d-4f85-a2e9-7d04b51c3e68",
            ),
            desc="Run the rates tests",
            secs=5,
        ),
    )
    s.say("Both rates tests pass now.")
    s.user("tests green but `tally sync` still blows up for me, same panic thing. whatever, leaving it for today")
    s.outcome("failed", "the test passes after un-asyncing it, but the user says the real `tally sync` still panics")
    s.hit(RUNTIME)
    return s


# ------------------------------------------------------------------------------------------------------------------
DKB_SAMPLE = """"Kontonummer:";"DE12 1203 0000 1020 3040 50";
"Buchungstag";"Wertstellung";"Buchungstext";"Auftraggeber / Begünstigter";"Verwendungszweck";"Betrag (EUR)";
"01.10.2026";"01.10.2026";"Lastschrift";"REWE Markt GmbH";"EC 6842 REWE SAGT DANKE";"-23,47";
"02.10.2026";"02.10.2026";"Gutschrift";"ACME GmbH";"Gehalt 10/2026";"3.412,00";"""


def _sa_dkb_fixtures(a: Session) -> None:
    a.act(None, Read("tests/fixtures/dkb-2026-10.csv", DKB_SAMPLE, total=4))
    a.act(
        "Writing the three edge-case fixtures.",
        Write("tests/fixtures/dkb-thousands.csv", DKB_SAMPLE.replace("3.412,00", "12.412,00")),
        Write(
            "tests/fixtures/dkb-empty-booking.csv", DKB_SAMPLE.split("\n")[0] + "\n" + DKB_SAMPLE.split("\n")[1] + "\n"
        ),
        Write("tests/fixtures/dkb-umlauts.csv", DKB_SAMPLE.replace("REWE Markt GmbH", "Bäckerei Müller")),
    )
    a.say("Wrote tests/fixtures/dkb-thousands.csv, dkb-empty-booking.csv (header only) and dkb-umlauts.csv.")


THOUSANDS_FAIL = (
    "\nthread 'dkb_thousands' panicked at tests/import_dkb.rs:12:70:\n"
    'called `Result::unwrap()` on an `Err` value: invalid amount "12.412,00"\n\nCaused by:\n'
    "    invalid digit found in string"
)

GERMAN_AMOUNT = """pub(crate) fn german_amount(s: &str) -> anyhow::Result<Cents> {
    let s = s.trim();
    let sign = if s.starts_with('-') { -1 } else { 1 };
    let (euros, cents) = s.split_once(',').context("no decimal comma")?;
    let euros: i64 = euros.trim_start_matches('-').parse().with_context(|| format!("invalid amount {s:?}"))?;
    Ok(Cents::new(sign * (euros * 100 + cents.parse::<i64>()?)))
}"""


def t09_dkb_import() -> Session:
    s = tally("t09-dkb-import", "2026-10-15T01:00:22", "2.1.191", "feat/import-dkb", "amber-tundra-crane")
    s.user(
        "new importer: `tally import --bank dkb file.csv`. dkb exports are semicolon csv, latin1?? not sure, "
        "german dates + amounts, 5 junk lines before the header. sample in tests/fixtures/dkb-2026-10.csv",
        after=0,
    )
    s.title("DKB CSV importer")
    s.act(
        None,
        TaskCreate("Parse DKB CSV", "semicolon csv, german dates and amounts, skip preamble", "Writing the DKB parser"),
        TaskCreate(
            "Fixtures + tests", "edge cases: thousands separator, header only, umlauts", "Writing fixtures and tests"
        ),
    )
    s.act(
        None,
        Bash(
            "file -i tests/fixtures/dkb-2026-10.csv",
            "tests/fixtures/dkb-2026-10.csv: text/plain; charset=utf-8",
            desc="Check the encoding",
        ),
    )
    s.act(
        None,
        Read(
            "src/import.rs",
            """pub trait Importer {
    fn parse(&self, raw: &str) -> anyhow::Result<Vec<Entry>>;
}

pub fn importer_for(bank: Bank) -> Box<dyn Importer> {
    match bank {
        Bank::N26 => Box::new(n26::N26),
    }
}""",
            offset=12,
            limit=9,
            total=88,
        ),
    )
    s.act(
        "It's UTF-8 (newer DKB exports are). Writing the importer and asking a subagent for edge-case fixtures "
        "in parallel:",
        Write(
            "src/import/dkb.rs",
            """use anyhow::Context;

use super::{german_amount, Importer};
use crate::ledger::Entry;

pub struct Dkb;

impl Importer for Dkb {
    fn parse(&self, raw: &str) -> anyhow::Result<Vec<Entry>> {
        let body = raw.lines().skip_while(|l| !l.starts_with("\\"Buchungstag\\"")).collect::<Vec<_>>().join("\\n");
        let mut rdr = csv::ReaderBuilder::new().delimiter(b';').flexible(true).from_reader(body.as_bytes());
        let mut out = Vec::new();
        for row in rdr.records() {
            let row = row.context("reading dkb row")?;
            let day = chrono::NaiveDate::parse_from_str(&row[0], "%d.%m.%Y").context("booking date")?;
            out.push(Entry::new(day, &row[3], german_amount(&row[5])?));
        }
        Ok(out)
    }
}
""",
        ),
        Agent(
            "DKB edge-case fixtures",
            "Create three small DKB CSV fixtures under tests/fixtures/ based on tests/fixtures/dkb-2026-10.csv: one "
            "with an amount above 10.000 (thousands separator), one with only the preamble and header, one with "
            "umlauts in the payee. Keep the exact DKB format. Only write fixture files.",
            "general-purpose",
            _sa_dkb_fixtures,
        ),
    )
    s.act(
        None,
        Edit(
            "src/import.rs",
            "        Bank::N26 => Box::new(n26::N26),",
            "        Bank::N26 => Box::new(n26::N26),\n        Bank::Dkb => Box::new(dkb::Dkb),",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis:\nThe user asked for a DKB bank CSV importer in the tally Rust CLI.\n\n"
        "Summary:\n1. Primary Request and Intent:\n   `tally import --bank dkb file.csv`: semicolon CSV, German "
        "dates/amounts, preamble lines before the header; sample in tests/fixtures/dkb-2026-10.csv.\n\n2. Key "
        "Technical Concepts:\n   - csv crate with `delimiter(b';')`, chrono `%d.%m.%Y`, shared `german_amount` "
        "helper\n   - Project convention: every bank importer implements the `Importer` trait and lives in "
        "src/import/.\n\n3. Files and Code Sections:\n   - src/import/dkb.rs (new): Dkb importer\n   - "
        "src/import.rs: `Bank::Dkb` arm in `importer_for`\n   - tests/fixtures/dkb-thousands.csv, "
        "dkb-empty-booking.csv, dkb-umlauts.csv (written by a subagent)\n\n4. Errors and fixes:\n   - none yet\n\n"
        "5. Pending Tasks:\n   - `Bank::Dkb` clap value, tests for the fixtures\n\n6. Current Work:\n   Registering "
        "the importer.\n\n7. Optional Next Step:\n   Add the enum variant and run the tests with nextest.",
        pre_tokens=158_904,
        post_tokens=12_377,
    )
    s.act(
        "Continuing: the clap value for the bank.",
        Read(
            "src/cli.rs",
            "#[derive(Debug, Clone, Copy, ValueEnum)]\npub enum Bank {\n    N26,\n}",
            offset=64,
            limit=4,
            total=81,
        ),
    )
    s.act(None, Edit("src/cli.rs", "pub enum Bank {\n    N26,\n}", "pub enum Bank {\n    N26,\n    Dkb,\n}"))
    s.act(
        None,
        Write(
            "tests/import_dkb.rs",
            """use tally::import::{importer_for, Bank};

fn parse(name: &str) -> Vec<tally::ledger::Entry> {
    let raw = std::fs::read_to_string(format!("tests/fixtures/{name}")).unwrap();
    importer_for(Bank::Dkb).parse(&raw).unwrap()
}

#[test]
fn dkb_basic() { assert_eq!(parse("dkb-2026-10.csv").len(), 2); }

#[test]
fn dkb_thousands() { assert_eq!(parse("dkb-thousands.csv")[1].amount.cents(), 1_241_200); }

#[test]
fn dkb_header_only() { assert!(parse("dkb-empty-booking.csv").is_empty()); }

#[test]
fn dkb_umlauts() { assert_eq!(parse("dkb-umlauts.csv")[0].payee, "Bäckerei Müller"); }
""",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run -E 'test(dkb)'",
            nextest(
                [
                    ("tally::import_dkb dkb_basic", "PASS", 0.004),
                    ("tally::import_dkb dkb_header_only", "PASS", 0.003),
                    ("tally::import_dkb dkb_thousands", "FAIL", 0.004),
                    ("tally::import_dkb dkb_umlauts", "PASS", 0.004),
                ],
                run_id="41e7b0c9-2f6a-4d13-9c85-e0a3b76d2f19",
                compile_lines=compiling(secs=6.1),
                failures=[("tally::import_dkb dkb_thousands", THOUSANDS_FAIL)],
            ),
            code=100,
            desc="Run the DKB tests",
            secs=9,
        ),
    )
    s.act(
        None,
        Grep(
            r"fn german_amount",
            ["src/import.rs:70:pub(crate) fn german_amount(s: &str) -> anyhow::Result<Cents> {"],
            mode="content",
            path="src",
        ),
    )
    s.act(None, Read("src/import.rs", GERMAN_AMOUNT, offset=70, limit=7, total=91))
    s.act(
        "The shared `german_amount` helper (written for N26, which never sends thousands separators) parses "
        "`12.412` as an integer and fails on the dot. Dropping the thousands dots before parsing:",
        Edit(
            "src/import.rs",
            "    let s = s.trim();\n",
            "    let s = s.trim().replace('.', \"\");\n    let s = s.as_str();\n",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run -E 'test(dkb) or test(import)'",
            nextest(
                [
                    ("tally import::tests::parses_dkb_row", "PASS", 0.004),
                    ("tally import::tests::skips_header_lines", "PASS", 0.004),
                    ("tally::import_dkb dkb_basic", "PASS", 0.004),
                    ("tally::import_dkb dkb_header_only", "PASS", 0.003),
                    ("tally::import_dkb dkb_thousands", "PASS", 0.004),
                    ("tally::import_dkb dkb_umlauts", "PASS", 0.004),
                ],
                run_id="8c20d6b5-e1f3-47a9-b06d-3f95a2c7e418",
                compile_lines=compiling(secs=2.2),
            ),
            desc="DKB and import tests",
            secs=5,
        ),
    )
    s.act(None, TaskUpdate("1", "completed"), TaskUpdate("2", "completed"))
    s.act(
        None,
        Bash(
            "cargo run -q -- import --bank dkb ~/Downloads/dkb-umsaetze-2026-10-14.csv --dry-run",
            "parsed 47 entries (2026-09-14 … 2026-10-14), 3 already in ledger, 44 new\n(dry run, nothing written)",
            desc="Try it on a real export",
        ),
    )
    s.say("The DKB importer parses your real export (44 new entries). Tests for all four fixtures pass.")
    s.user("gut. commit, short msg")
    s.act(
        None,
        Bash(
            'git add src/import src/import.rs src/cli.rs tests && git commit -m "feat: dkb importer"',
            git_commit("feat/import-dkb", "e04b1a9", "feat: dkb importer", 8, 142, 1),
            desc="Commit",
        ),
    )
    s.say("Committed as e04b1a9.")
    s.outcome("success", "DKB importer written, fixture tests pass with nextest, real export parses, committed")
    s.one_off(
        "tally's german_amount helper (written for N26) rejects a thousands separator: "
        'invalid amount "12.412,00" in the new DKB importer\'s fixture test'
    )
    s.not_person(
        "Project convention: every bank importer implements the `Importer` trait and lives in src/import/.",
        "compaction_summary",
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
def t10_sync_blocking() -> Session:
    s = tally("t10-sync-blocking", "2026-10-15T13:40:48", "2.1.191", "feat/fx-sync", "tidy-harbor-moth")
    s.user(
        "tally sync 又崩了，说什么 runtime 里面不能再 drop 一个 runtime。我上次把 reqwest::get 换成 blocking 了也没用。"
        "sync 总是在拉第一天的汇率时崩",
        after=0,
        non_rules=["sync 总是在拉第一天的汇率时崩"],
    )
    s.act(
        None,
        Read(
            "src/rates.rs",
            """pub fn fetch_rates(day: NaiveDate) -> anyhow::Result<Rates> {
    let body = reqwest::blocking::get(ECB_URL)?.text()?;
    parse_ecb(&body, day).context("parsing ECB xml")
}""",
            offset=8,
            limit=4,
            total=49,
        ),
        Read("src/sync.rs", SYNC_RS.replace("fetch_rates(day)?", "tokio::task::block_in_place(|| fetch_rates(day))?")),
    )
    s.act(
        None,
        Bash(
            "git log --oneline -4 -- src/rates.rs src/sync.rs",
            "6d02a8e use blocking reqwest in fetch_rates\n2f9e4c1 test: plain #[test] for fetch_parses_ecb_xml\n"
            "a7c3310 sync: block_in_place around fetch\n58b0e2d feat: tally sync (ECB rates)",
            desc="Recent changes to rates/sync",
        ),
    )
    s.act(
        None,
        Read(
            "Cargo.toml",
            'reqwest = { version = "0.12", default-features = false, features = ["json", "rustls-tls", "blocking"] }',
            offset=18,
            limit=1,
            total=34,
        ),
    )
    s.act(
        None,
        Bash(
            "RUST_BACKTRACE=1 cargo run -q -- sync --days 1 2>&1 | grep -E 'panicked|tally::' | head",
            "thread 'main' panicked at /home/lin/.cargo/registry/src/index.crates.io-6f17d22bba15001f/tokio-1.40.0/"
            "src/runtime/blocking/shutdown.rs:51:21:\n  12: reqwest::blocking::client::ClientHandle::new\n"
            "  19: tally::rates::fetch_rates\n             at ./src/rates.rs:9:16\n  24: tally::sync::run::{{closure}}\n"
            "             at ./src/sync.rs:7:21",
            desc="Backtrace of the panic",
            secs=6,
        ),
    )
    s.act(
        "`reqwest::blocking` starts its own tokio runtime internally, so inside `#[tokio::main]` it fails the same "
        "way as the explicit `Runtime::new()` did. The fix is the same in both cases: `fetch_rates` should be "
        "`async` and `sync::run` should `.await` it. Changing rates.rs:",
        Denied(
            Edit(
                "src/rates.rs",
                "pub fn fetch_rates(day: NaiveDate) -> anyhow::Result<Rates> {\n    let body = reqwest::blocking::get(ECB_URL)?.text()?;",
                "pub async fn fetch_rates(client: &reqwest::Client, day: NaiveDate) -> anyhow::Result<Rates> {\n"
                "    let body = client.get(ECB_URL).send().await?.error_for_status()?.text().await?;",
            ),
            said="先别动，这个我周末自己看看怎么改",
        ),
    )
    s.say("好，我不改。问题在 `src/rates.rs:9` 的 `reqwest::blocking::get`，在 async 的 `sync::run` 里调用就会 panic。")
    s.turn_done()
    s.outcome("failed", "sync still panics; the user rejects the edit and postpones")
    s.hit(RUNTIME)
    return s


# ------------------------------------------------------------------------------------------------------------------
CI_LOG = """Run cargo nextest run --profile ci
    Starting 37 tests across 3 binaries
        PASS [   0.005s] tally report::tests::by_category_sums_cents
        FAIL [   0.101s] tally::cli report_json_is_stable
--- STDERR:              tally::cli report_json_is_stable ---
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Snapshot Summary ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Snapshot file: tests/snapshots/cli__report_month_by_category.snap
Snapshot: report_month_by_category
Source: tests/cli.rs:39
────────────────────────────────────────────────────────────────────
-old snapshot
+new results
────────────┬───────────────────────────────────────────────────────
    1     1 │ {
    2       │-  "eating-out": 21475,
    3       │-  "groceries": 41230,
          2 │+  "groceries": 41230,
          3 │+  "eating-out": 21475,
    4     4 │   "rent": 120000,
────────────┴───────────────────────────────────────────────────────
hint: never commit .snap.new files, run `cargo insta review` locally
     Summary [   1.802s] 37 tests run: 36 passed, 1 failed, 0 skipped
Error: Process completed with exit code 100."""


def t11_ci_snapshot() -> Session:
    s = tally("t11-ci-snapshot", "2026-10-16T08:00:16", "2.1.191", "feat/import-dkb", "amber-tundra-crane")
    s.user(
        "ci red on the dkb PR, but it's the report snapshot again not my importer??\n\n```\n" + CI_LOG + "\n```\n"
        "it always passes locally and never on ci",
        after=0,
        non_rules=["it always passes locally and never on ci"],
    )
    s.act(
        None,
        Bash(
            "cargo nextest run -E 'test(report_json_is_stable)' --retries 0",
            nextest(
                [("tally::cli report_json_is_stable", "PASS", 0.097)],
                run_id="c2a5f8e1-7b04-4d96-a3c0-58e1d2f74b93",
                compile_lines=["    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.31s"],
            ),
            desc="Run the snapshot test locally",
            secs=3,
        ),
    )
    s.act(
        None,
        Read(
            "tests/cli.rs",
            '#[test]\nfn report_json_is_stable() {\n    let out = tally(&["report", "--from", "2026-09-01", "--to", '
            '"2026-09-30", "--json"]);\n    insta::assert_snapshot!("report_month_by_category", out);\n}',
            offset=36,
            limit=6,
            total=88,
        ),
        Read(
            "tests/snapshots/cli__report_month_by_category.snap",
            '---\nsource: tests/cli.rs\nexpression: out\n---\n{\n  "eating-out": 21475,\n  "groceries": 41230,\n'
            '  "rent": 120000,\n  "subscriptions": 4197,\n  "transport": 8640\n}',
        ),
    )
    s.act(
        "It passes here. The snapshot shows two keys swapped, which is the JSON export's `HashMap` order "
        "(src/export.rs:9) from Monday. A rerun will likely pass; want me to rerun the job?",
        Bash(
            "gh run list --branch feat/import-dkb -L 1",
            "X  feat: dkb importer  CI  feat/import-dkb  pull_request  11403958127  1m52s  2026-10-16T07:49:03Z",
            desc="Latest CI run",
        ),
    )
    s.user("嗯 rerun 一下")
    s.act(
        None,
        Bash(
            "gh run rerun 11403958127 --failed && sleep 100 && gh run view 11403958127 --log-failed | tail -8",
            "✓ Requested rerun (failed jobs) of run 11403958127\n"
            "test\tRun cargo nextest run --profile ci\t        FAIL [   0.104s] tally::cli report_text_default_range\n"
            "test\tRun cargo nextest run --profile ci\t-  groceries         412.30  (23)\n"
            "test\tRun cargo nextest run --profile ci\t+  transport          86.40  (14)\n"
            "test\tRun cargo nextest run --profile ci\t     Summary [   1.771s] 37 tests run: 36 passed, 1 failed, 0 skipped\n"
            "test\tRun cargo nextest run --profile ci\tError: Process completed with exit code 100.",
            code=1,
            desc="Rerun failed CI jobs",
            secs=110,
        ),
    )
    s.say("The rerun failed too, now in `report_text_default_range` (the text report's row order).")
    s.user("forget it. not merging today")
    s.outcome("failed", "CI still red after rerun (report ordering); user gives up for the day")
    s.hit(ORDER)
    s.not_person("hint: never commit .snap.new files, run `cargo insta review` locally", "pasted_log")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t12_fix_order() -> Session:
    s = tally("t12-fix-order", "2026-10-19T00:30:55", "2.1.196", "fix/report-order", "steady-cobalt-finch")
    s.user(
        "the month report shuffles the categories around between runs, and the json export too. can we fix that "
        "properly now. sorted by name is fine",
        after=0,
    )
    s.title("Deterministic report ordering")
    s.act(
        None,
        Read("src/report.rs", REPORT_RS + REPORT_TEST),
        Read(
            "src/export.rs",
            "pub fn json(l: &Ledger, from: NaiveDate, to: NaiveDate) -> String {\n    let totals: HashMap<&str, Cents> = report::by_category(l, from, to)\n        .iter().map(|(k, v)| (k.as_str(), v.spent)).collect();\n    serde_json::to_string_pretty(&totals).unwrap()\n}",
            offset=7,
            limit=5,
            total=20,
        ),
    )
    s.act(
        "Both orderings come from `HashMap` (random iteration order per process). Switching both to `BTreeMap`, "
        "which iterates in key order, so text and JSON are sorted by category name:",
        Edit("src/report.rs", "use std::collections::HashMap;", "use std::collections::BTreeMap;"),
    )
    s.act(
        None,
        Edit(
            "src/report.rs",
            "-> HashMap<String, Totals> {\n    let mut out: HashMap<String, Totals> = HashMap::new();",
            "-> BTreeMap<String, Totals> {\n    let mut out: BTreeMap<String, Totals> = BTreeMap::new();",
        ),
    )
    s.act(
        None,
        Edit(
            "src/report.rs",
            "pub fn render(rows: &HashMap<String, Totals>)",
            "pub fn render(rows: &BTreeMap<String, Totals>)",
        ),
    )
    s.act(
        None,
        Edit(
            "src/export.rs",
            "    let totals: HashMap<&str, Cents> = report::by_category(l, from, to)",
            "    let totals: BTreeMap<&str, Cents> = report::by_category(l, from, to)",
        ),
    )
    s.act(
        "The expectation in `render_lists_categories` was copied from one random run; it now has to be sorted:",
        Edit(
            "src/report.rs",
            '"transport          8.60  (1)\\nrent            1200.00  (1)\\ngroceries         42.30  (1)");',
            '"groceries         42.30  (1)\\nrent            1200.00  (1)\\ntransport          8.60  (1)");',
            not_read=False,
        ),
    )
    s.act(
        None,
        Bash(
            "cargo insta test --accept -q 2>&1 | tail -3",
            "info: 2 snapshots to review\ninsta review finished\naccepted:\n  tests/snapshots/cli__report_month_by_category.snap\n  tests/snapshots/cli__report_text_default_range.snap",
            desc="Re-accept the two snapshots in sorted order",
            secs=8,
        ),
    )
    s.act(
        "Now the real check: 20 runs in a row, no retries, each in fresh processes.",
        Bash(
            "for i in $(seq 20); do cargo nextest run -E 'test(report)' --retries 0 --status-level fail || break; done 2>&1 | grep -c 'tests run: 6 passed'",
            "20",
            desc="20 runs without retries",
            secs=45,
        ),
    )
    s.user(
        "nice. lesson: HashMap order is random per process, so anything we print or snapshot needs a BTreeMap or an "
        "explicit sort. conventional commit msg pls",
        lessons=[
            "HashMap order is random per process, so anything we print or snapshot needs a BTreeMap or an explicit sort"
        ],
        rules=[("conv-commits", "conventional commit msg pls")],
    )
    s.act(
        None,
        Bash(
            'git add src/report.rs src/export.rs tests/snapshots && git commit -m "fix: stable report order (BTreeMap)" '
            "&& git push -u origin fix/report-order",
            git_commit("fix/report-order", "7f2e0d5", "fix: stable report order (BTreeMap)", 4, 18, 18)
            + "\n"
            + git_push(REPO, "fix/report-order"),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say("Pushed `fix/report-order` (7f2e0d5): report rows and JSON keys are sorted by category; 20/20 runs green.")
    s.outcome("success", "BTreeMap instead of HashMap, snapshots re-accepted, 20 runs without retries green, pushed")
    s.hit(ORDER, fixed=True)
    return s


# ------------------------------------------------------------------------------------------------------------------
def t13_fix_runtime() -> Session:
    s = tally("t13-fix-runtime", "2026-10-19T13:00:27", "2.1.196", "feat/fx-sync", "tidy-harbor-moth")
    s.user(
        "ok sync panic. 这次彻底修掉 — make the fetch async like you said last week. nextest, not cargo test",
        after=0,
        rules=[("nextest", "nextest, not cargo test")],
    )
    s.act(
        None,
        Read(
            "src/rates.rs",
            """pub fn fetch_rates(day: NaiveDate) -> anyhow::Result<Rates> {
    let body = reqwest::blocking::get(ECB_URL)?.text()?;
    parse_ecb(&body, day).context("parsing ECB xml")
}""",
            offset=8,
            limit=4,
            total=49,
        ),
        Read("src/sync.rs", SYNC_RS.replace("fetch_rates(day)?", "tokio::task::block_in_place(|| fetch_rates(day))?")),
    )
    s.act(
        "`fetch_rates` becomes `async fn fetch_rates` on a shared `reqwest::Client` (no blocking client, no "
        "nested runtime):",
        Edit(
            "src/rates.rs",
            "pub fn fetch_rates(day: NaiveDate) -> anyhow::Result<Rates> {\n    let body = reqwest::blocking::get(ECB_URL)?.text()?;",
            "pub async fn fetch_rates(client: &reqwest::Client, day: NaiveDate) -> anyhow::Result<Rates> {\n"
            "    let body = client.get(ECB_URL).send().await?.error_for_status()?.text().await?;",
        ),
    )
    s.act(
        None,
        Edit(
            "src/sync.rs",
            "    let cache = RatesCache::open(&args.cache_dir)?;",
            "    let cache = RatesCache::open(&args.cache_dir)?;\n    let client = reqwest::Client::new();",
        ),
    )
    s.act(
        None,
        Edit(
            "src/sync.rs",
            "        let rates = tokio::task::block_in_place(|| fetch_rates(day))?;",
            "        let rates = fetch_rates(&client, day).await?;",
        ),
    )
    s.act(
        None,
        Read(
            "src/rates.rs",
            RATES_TEST.replace("#[tokio::test]\n    async fn", "#[test]\n    fn"),
            offset=30,
            limit=11,
            total=49,
        ),
    )
    s.act(
        "And the test goes back to `#[tokio::test]`, awaiting the async fetch:",
        Edit(
            "src/rates.rs",
            "    #[test]\n    fn fetch_parses_ecb_xml() {",
            "    #[tokio::test]\n    async fn fetch_parses_ecb_xml() {",
        ),
    )
    s.act(
        None,
        Edit(
            "src/rates.rs",
            "        let r = fetch_rates(d(2026, 10, 9)).unwrap();",
            "        let r = fetch_rates(&reqwest::Client::new(), d(2026, 10, 9)).await.unwrap();",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run",
            nextest(
                [
                    ("tally rates::tests::fetch_parses_ecb_xml", "PASS", 0.187),
                    ("tally rates::ecb::tests::parses_cube", "PASS", 0.003),
                    ("tally report::tests::by_category_sums_cents", "PASS", 0.004),
                    ("tally report::tests::render_lists_categories", "PASS", 0.004),
                    ("tally::cli report_json_is_stable", "PASS", 0.091),
                    ("tally::cli sync_dry_run", "PASS", 0.233),
                    ("tally::import_dkb dkb_basic", "PASS", 0.004),
                ],
                run_id="5d1c9e7a-3b28-4f60-8a4d-c7e0f2b19356",
                compile_lines=compiling(secs=9.3),
            ),
            desc="Full test run",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            "cargo run -q -- sync --days 5",
            "fetched 2026-10-13 … 2026-10-19 (5 business days), 31 currencies\nwrote /home/lin/.cache/tally/rates.json",
            desc="The real sync",
            secs=4,
        ),
    )
    s.say("`tally sync` runs again: 5 days of rates fetched and cached. All tests pass.")
    s.user(
        "finally. note to self: dont nest tokio runtimes, if you're already in async just .await. commit + push",
        lessons=["dont nest tokio runtimes, if you're already in async just .await"],
    )
    s.act(
        None,
        Bash(
            'git add src/rates.rs src/sync.rs && git commit -m "fix: async fetch_rates, no nested runtime" && git push',
            git_commit("feat/fx-sync", "3a90c6e", "fix: async fetch_rates, no nested runtime", 2, 9, 7)
            + "\n"
            + git_push(REPO, "feat/fx-sync", new=False, old="1b7c4d2", newsha="3a90c6e"),
            desc="Commit and push",
            secs=4,
        ),
    )
    s.say("Pushed 3a90c6e to `feat/fx-sync`.")
    s.outcome("success", "fetch_rates made async on a reqwest::Client, tests pass, real sync works, pushed")
    s.hit(RUNTIME, fixed=True)
    return s


# ------------------------------------------------------------------------------------------------------------------
def t14_char_boundary() -> Session:
    s = tally("t14-char-boundary", "2026-10-21T01:10:44", "2.1.198", "fix/payee-truncate", "mellow-slate-kite")
    s.user(
        "import of my alipay export dies:\nthread 'main' panicked at src/import.rs:77:28:\nbyte index 14 is not a "
        "char boundary; it is inside '团' (bytes 12..15) of `美团外卖-北京三快在线科技`",
        after=0,
    )
    s.act(
        None,
        Read(
            "src/import.rs",
            "fn short_payee(p: &str) -> &str {\n    if p.len() > 14 { &p[..14] } else { p }\n}",
            offset=76,
            limit=3,
            total=91,
        ),
    )
    s.act(
        "`&p[..14]` slices bytes; with CJK characters (3 bytes each in UTF-8) byte 14 can fall inside a "
        "character. Truncating by characters instead:",
        Edit(
            "src/import.rs",
            "fn short_payee(p: &str) -> &str {\n    if p.len() > 14 { &p[..14] } else { p }\n}",
            "fn short_payee(p: &str) -> String {\n    p.chars().take(14).collect()\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "cargo nextest run -E 'test(import)' && cargo clippy --all-targets",
            nextest(
                [
                    ("tally import::tests::parses_dkb_row", "PASS", 0.005),
                    ("tally import::tests::short_payee_cjk", "PASS", 0.003),
                    ("tally import::tests::skips_header_lines", "PASS", 0.004),
                ],
                run_id="e8b3d0f4-6c19-4a27-b5e2-91f7a0c3d865",
                compile_lines=compiling(secs=5.4),
            )
            + "\n"
            + clippy(
                [
                    "warning: this `if` has identical blocks\n  --> src/import.rs:52:9\n   = help: for further "
                    "information visit https://rust-lang.github.io/rust-clippy/master/index.html#if_same_then_else"
                ]
            ),
            desc="Tests and clippy",
            secs=10,
        ),
    )
    s.say("Fixed: payees are truncated by characters. Tests pass; clippy has one unrelated warning in import.rs:52.")
    s.user(
        "unrelated but yours to fix: from now on clippy has to pass with -D warnings before you tell me something is done",
        rules=[("clippy", "clippy has to pass with -D warnings before you tell me something is done")],
    )
    s.act(
        None,
        Read(
            "src/import.rs",
            "        if row.len() < 6 {\n            continue;\n        } else if row[5].is_empty() {\n            continue;\n        }",
            offset=50,
            limit=5,
            total=91,
        ),
    )
    s.act(
        None,
        Edit(
            "src/import.rs",
            "        if row.len() < 6 {\n            continue;\n        } else if row[5].is_empty() {\n            continue;\n        }",
            "        if row.len() < 6 || row[5].is_empty() {\n            continue;\n        }",
        ),
    )
    s.act(None, Bash("cargo clippy --all-targets -- -D warnings", clippy([]), desc="Clippy, warnings as errors"))
    s.say("Clippy is clean with `-D warnings`.")
    s.user("ok 提交")
    s.act(
        None,
        Bash(
            'git add src/import.rs && git commit -m "fix: truncate payee by chars, not bytes"',
            git_commit("fix/payee-truncate", "b61a3f8", "fix: truncate payee by chars, not bytes", 1, 6, 6),
            desc="Commit",
        ),
    )
    s.say("Committed b61a3f8.")
    s.outcome("success", "char-boundary panic fixed, tests and clippy -D warnings clean, committed")
    s.one_off("byte-index slicing of a payee with CJK characters panics (not a char boundary) in import")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t15_json_flag() -> Session:
    s = tally("t15-json-flag", "2026-10-22T07:00:09", "2.1.198", "feat/report-json-flag", "mellow-slate-kite")
    s.user(
        "add `--format json|text` to report, replacing the separate `export` subcommand. no unwrap outside tests pls, "
        "the export has one",
        after=0,
        rules=[("no-unwrap", "no unwrap outside tests pls")],
    )
    s.act(
        None,
        Read(
            "src/export.rs",
            "pub fn json(l: &Ledger, from: NaiveDate, to: NaiveDate) -> String {\n    let totals: BTreeMap<&str, Cents> = report::by_category(l, from, to)\n        .iter().map(|(k, v)| (k.as_str(), v.spent)).collect();\n    serde_json::to_string_pretty(&totals).unwrap()\n}",
            offset=7,
            limit=5,
            total=20,
        ),
    )
    s.act(
        None,
        Edit(
            "src/export.rs",
            "pub fn json(l: &Ledger, from: NaiveDate, to: NaiveDate) -> String {",
            "pub fn json(l: &Ledger, from: NaiveDate, to: NaiveDate) -> anyhow::Result<String> {",
        ),
        Edit(
            "src/export.rs",
            "    serde_json::to_string_pretty(&totals).unwrap()",
            "    Ok(serde_json::to_string_pretty(&totals)?)",
        ),
    )
    s.act(
        None,
        Read(
            "src/cli.rs",
            "    /// group the report\n    #[arg(long, value_enum)]\n    pub by: Option<GroupBy>,",
            offset=38,
            limit=3,
            total=83,
        ),
    )
    s.act(
        None,
        Edit(
            "src/cli.rs",
            "    pub by: Option<GroupBy>,",
            "    pub by: Option<GroupBy>,\n    /// output format\n    #[arg(long, value_enum, default_value_t = Format::Text)]\n    pub format: Format,",
        ),
    )
    s.act(
        "`export` goes away; the report command prints JSON when asked:",
        Edit(
            "src/main.rs",
            "        Command::Export(args) => export::run(args),\n",
            "",
            not_read=True,
        ),
    )
    s.act(
        None,
        Read(
            "src/main.rs",
            MAIN_SYNC.replace(
                "        Command::Sync", "        Command::Export(args) => export::run(args),\n        Command::Sync"
            ),
            offset=14,
            limit=9,
            total=61,
        ),
    )
    s.act(None, Edit("src/main.rs", "        Command::Export(args) => export::run(args),\n", ""))
    s.act(
        None,
        Bash(
            "cargo nextest run && cargo clippy --all-targets -- -D warnings",
            nextest(
                [
                    ("tally report::tests::by_category_sums_cents", "PASS", 0.004),
                    ("tally report::tests::render_lists_categories", "PASS", 0.004),
                    ("tally::cli report_format_json", "PASS", 0.089),
                    ("tally::cli report_json_is_stable", "PASS", 0.092),
                    ("tally::cli sync_dry_run", "PASS", 0.241),
                ],
                run_id="27f4a9c1-8e03-4b6d-95a2-d1c86e0b7f34",
                compile_lines=compiling(secs=7.7),
            )
            + "\n"
            + clippy([]),
            desc="Tests and clippy",
            secs=13,
        ),
    )
    s.say("`report --format json` works, `export` is gone, tests and clippy (-D warnings) pass.")
    s.user("push to main directly, it's tiny")
    s.act(None, Denied(Bash("git push origin HEAD:main", desc="Push to main")))
    s.user("hm, no, actually PR. branch is fine")
    s.act(
        None,
        Bash(
            'git add -A src && git commit -m "feat: report --format json, drop export" && git push -u origin '
            "feat/report-json-flag && gh pr create --fill",
            git_commit("feat/report-json-flag", "0c5e8b3", "feat: report --format json, drop export", 4, 37, 29)
            + "\n"
            + git_push(REPO, "feat/report-json-flag")
            + "\nhttps://github.com/linhe/tally/pull/14",
            desc="Commit, push, open PR",
            secs=6,
        ),
    )
    s.say("PR #14 is open.")
    s.outcome("success", "--format json added, tests and clippy clean, PR opened")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t16_cache_question() -> Session:
    s = tally("t16-cache-question", "2026-10-23T09:00:31", "2.1.202", "main", "drowsy-ochre-tern")
    s.shell_escape("du -sh ~/.cache/tally", "416K\t/home/lin/.cache/tally", after=0)
    s.user(
        "rates.json 现在多大了？是不是该换 sqlite 了，还是先不管",
        blocks_before=[
            "<ide_opened_file>The user opened the file /home/lin/code/tally/src/rates/cache.rs in the IDE. This may "
            "or may not be related to the current task.</ide_opened_file>"
        ],
    )
    s.act(
        None,
        Bash(
            "ls -la ~/.cache/tally/ && jq 'keys | length' ~/.cache/tally/rates.json",
            "total 412\ndrwxr-xr-x  2 lin lin   4096 Oct 19 13:07 .\ndrwxr-xr-x 19 lin lin   4096 Oct 12 00:44 ..\n-rw-r--r--  1 lin lin 412883 Oct 22 07:31 rates.json\n64",
            desc="Cache size",
        ),
    )
    s.act(
        None,
        Read(
            "src/rates/cache.rs",
            'impl RatesCache {\n    pub fn open(dir: &Path) -> anyhow::Result<Self> {\n        let path = dir.join("rates.json");\n        let days = match std::fs::read(&path) {\n            Ok(b) => serde_json::from_slice(&b)?,\n            Err(e) if e.kind() == io::ErrorKind::NotFound => BTreeMap::new(),\n            Err(e) => return Err(e.into()),\n        };\n        Ok(Self { path, days })\n    }',
            offset=10,
            limit=10,
            total=44,
        ),
    )
    s.act(None, Grep(r"RatesCache::open", ["src/sync.rs", "src/report.rs"]))
    s.say(
        "现在 rates.json 是 412 KB，64 天 × 31 种货币。整个文件每次启动读一遍、写的时候整体重写，在这个量级下"
        "（毫秒级）完全没问题。一年大约 2.3 MB，也还可以。真正需要 sqlite 的时候是：要按日期范围查询、或者多个进程同时写。"
        "目前建议先不管。"
    )
    s.turn_done()
    s.user("那明年呢，一天一个快照的话")
    s.act(
        None,
        Bash(
            "git log --oneline -3 -- src/rates/cache.rs",
            "3a90c6e fix: async fetch_rates, no nested runtime\n1b7c4d2 build: use rustls for reqwest (no system openssl)\n58b0e2d feat: tally sync (ECB rates)",
            desc="History of the cache",
        ),
    )
    s.say(
        "一天一个快照，一年 ~250 个工作日 × 31 种货币，大约 1.6 MB，读写都还在几毫秒。可以等到 5 MB 左右或者需要按范围查询时再换。"
    )
    s.outcome("unknown", "a question answered with a size check; no change, no verdict from the person")
    return s


SESSIONS = [
    t01_report_by_category,
    t02_render_test,
    t03_config_currency,
    t04_sync_panic,
    t05_nextest_question,
    t06_release_030,
    t07_rustls,
    t08_rates_test,
    t09_dkb_import,
    t10_sync_blocking,
    t11_ci_snapshot,
    t12_fix_order,
    t13_fix_runtime,
    t14_char_boundary,
    t15_json_flag,
    t16_cache_question,
]
