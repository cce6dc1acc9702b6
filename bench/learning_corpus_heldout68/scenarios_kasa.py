"""Desi's `kasa-admin` sessions (k01-k15): a SvelteKit 2 + TypeScript admin app for a small chain of cafés' cash
registers, Drizzle ORM on Neon Postgres, Vitest and Playwright, pnpm 9, Lucia-style session auth, deployed on
Cloudflare Pages with wrangler. Times are UTC; Sofia is UTC+03:00 until 2029-10-28, then UTC+02:00."""

from __future__ import annotations

from transcript_kit import KASA, Agent, Bash, Denied, Edit, Grep, Read, Session, TodoWrite, Write

PROJECT = "kasa-admin"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KASA, project=PROJECT)


def vitest(files: list[tuple[str, int]], fail: tuple[str, str] | None = None, ms: int = 1240) -> str:
    out = [" RUN  v2.1.4 /home/desi/src/kasa-admin", ""]
    out += [f" ✓ {f} ({n} tests) {37 + 11 * n}ms" for f, n in files]
    total = sum(n for _, n in files)
    if fail:
        out += [f" ❯ {fail[0]} (1 test | 1 failed)", "", f" FAIL  {fail[0]}", fail[1], ""]
        out += [
            f" Test Files  1 failed | {len(files)} passed ({len(files) + 1})",
            f"      Tests  1 failed | {total} passed ({total + 1})",
        ]
    else:
        out += ["", f" Test Files  {len(files)} passed ({len(files)})", f"      Tests  {total} passed ({total})"]
    out += [
        "   Start at  14:02:11",
        f"   Duration  {ms / 1000:.2f}s (transform 212ms, setup 0ms, collect 480ms, tests 301ms)",
    ]
    return "\n".join(out)


def playwright(passed: int, fail: tuple[str, str] | None = None) -> str:
    n = passed + (1 if fail else 0)
    out = [f"Running {n} tests using 2 workers", ""]
    if fail:
        out += [f"  1) [chromium] › {fail[0]}", "", fail[1], ""]
        out += ["  1 failed", f"    [chromium] › {fail[0]}", f"  {passed} passed (14.2s)"]
    else:
        out += [f"  {passed} passed (11.8s)"]
    return "\n".join(out)


SCHEMA = """import { pgTable, serial, integer, text, timestamp } from 'drizzle-orm/pg-core';

export const cafes = pgTable('cafes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const receipts = pgTable('receipts', {
  id: serial('id').primaryKey(),
  cafeId: integer('cafe_id').notNull().references(() => cafes.id),
  totalCents: integer('total_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
"""

JOURNAL = """{
  "version": "7",
  "dialect": "postgresql",
  "entries": [
    { "idx": 5, "version": "7", "when": 1856429012334, "tag": "0005_shift_closures", "breakpoints": true },
    { "idx": 6, "version": "7", "when": 1856601140018, "tag": "0006_cafe_tables", "breakpoints": true }
  ]
}"""


def k01() -> Session:
    s = new("k01-receipts-list", "2029-10-22T12:20:33", "2.1.160", "main", "receipts-list-otter")
    s.user(
        "kasa-admin: SvelteKit 2, Drizzle, pnpm. решихме: Neon за базата, Cloudflare Pages за хостинга. "
        "трябва ми страница /receipts със списък на касовите бележки за избраното кафе, последните 50.",
        decisions=["решихме: Neon за базата, Cloudflare Pages за хостинга"],
    )
    s.title("Receipts list page")
    s.act(None, Read("src/lib/server/db/schema.ts", SCHEMA))
    s.act(
        None,
        Write(
            "src/routes/receipts/+page.server.ts",
            "import { db } from '$lib/server/db';\nimport { receipts } from '$lib/server/db/schema';\nimport { desc, eq } "
            "from 'drizzle-orm';\n\nexport const load = async ({ locals, url }) => {\n  const cafeId = Number(url.searchParams."
            "get('cafe') ?? locals.user.defaultCafeId);\n  return {\n    receipts: await db.select().from(receipts).where(eq("
            "receipts.cafeId, cafeId)).orderBy(desc(receipts.createdAt)).limit(50),\n  };\n};\n",
        ),
        Write(
            "src/routes/receipts/+page.svelte",
            '<script lang="ts">\n  let { data } = $props();\n</script>\n\n<table>\n  {#each data.receipts as r}\n    <tr>'
            "<td>{r.id}</td><td>{r.totalCents}</td><td>{r.createdAt.toLocaleString('bg-BG')}</td></tr>\n  {/each}\n</table>\n",
        ),
    )
    s.act(None, Bash("pnpm check", "svelte-check found 0 errors and 0 warnings"))
    s.say("/receipts lists the last 50 receipts of the selected café; svelte-check is clean.")
    s.user("dobre, no pokaji i imeto na kasierkata v tablicata")
    s.act(
        None,
        Edit(
            "src/routes/receipts/+page.svelte",
            "<td>{r.id}</td><td>{r.totalCents}</td>",
            "<td>{r.id}</td><td>{r.cashier}</td><td>{r.totalCents}</td>",
        ),
        Edit(
            "src/routes/receipts/+page.server.ts",
            "    receipts: await db.select().from(receipts)",
            "    receipts: await db\n      .select({ ...getTableColumns(receipts), cashier: users.name })\n      .from(receipts)\n"
            "      .innerJoin(users, eq(users.id, receipts.cashierId))",
        ),
    )
    s.act(None, Bash("pnpm check", "svelte-check found 0 errors and 0 warnings"))
    s.say("The table has a cashier column now, joined from `users` on `cashier_id`.")
    s.user("ok")
    s.outcome("success", "receipts list page added, svelte-check clean")
    return s


def k02() -> Session:
    s = new("k02-pages-lockfile", "2029-10-23T12:41:02", "2.1.160", "receipts", "pages-lockfile-marten")
    s.user(
        "Cloudflare Pages build failed:\n\n```\n12:38:51.204\tInstalling project dependencies: pnpm install\n"
        '12:38:53.871\t ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml '
        "is not up to date with package.json\n12:38:53.872\tNote that in CI environments this setting is true by "
        "default.\n12:38:53.950\tFailed: error occurred while installing tools or dependencies\n```"
    )
    s.act(None, Bash("git log --oneline -3 -- package.json pnpm-lock.yaml", "a7c12e0 add date-fns\n41bb9d2 initial"))
    s.act(
        None,
        Bash(
            "git show a7c12e0 --stat && ls package-lock.json",
            " package-lock.json | 5812 +++++++\n package.json      |    1 +\n 2 files changed\npackage-lock.json",
        ),
    )
    s.act(
        "date-fns was added with npm: it wrote a package-lock.json and left pnpm-lock.yaml behind. Since npm "
        "already has a complete lockfile, one option is to let Pages install with npm:",
        Denied(
            Bash("rm pnpm-lock.yaml && npm install && git add -A", desc="Switch the project to npm"),
            "не, само pnpm. package-lock-а трябва да изчезне, не pnpm-lock",
        ),
    )
    s.act(
        "Understood, keeping pnpm and syncing its lockfile:",
        Bash(
            "rm package-lock.json && pnpm install && git add -A && git commit -qm 'Sync pnpm lockfile, drop npm lock'",
            "Lockfile is up to date, resolution step is skipped\nPackages: +1\n+\ndependencies:\n+ date-fns 4.1.0\n"
            "Done in 2.3s",
        ),
    )
    s.say("pnpm-lock.yaml now has date-fns and the stray package-lock.json is gone; the Pages build should install.")
    s.user("аха, значи съм го сложила с npm. mersi")
    s.one_off("Cloudflare Pages build failed with ERR_PNPM_OUTDATED_LOCKFILE after a dependency was added with npm")
    s.outcome("success", "lockfile synced with pnpm, npm lock removed")
    return s


TIP_ERR = (
    'PostgresError: column "tip_cents" of relation "receipts" does not exist\n'
    "    at ErrorResponse (file:///home/desi/src/kasa-admin/node_modules/.pnpm/postgres@3.4.5/node_modules/"
    "postgres/src/connection.js:790:26)\n"
    "    at load (/home/desi/src/kasa-admin/src/routes/receipts/+page.server.ts:9:19)"
)


def k03() -> Session:
    s = new("k03-tips-column", "2029-10-24T12:15:48", "2.1.161", "tips", "tips-column-stoat")
    s.user(
        "Стоян е добавил бакшишите: drizzle/0007_tips.sql и tipCents в schema.ts. пуснах pnpm drizzle-kit migrate, "
        "каза че е ок, но страницата гърми:\n\n```\n" + TIP_ERR + "\n```"
    )
    s.act(
        None,
        Bash(
            "ls drizzle/ && pnpm drizzle-kit migrate",
            "0005_shift_closures.sql\n0006_cafe_tables.sql\n0007_tips.sql\nmeta\n"
            "drizzle-kit: v0.28.1\ndrizzle-orm: v0.36.4\n\n[✓] migrations applied successfully!",
        ),
    )
    s.act(
        "The migrator reports success but the column is still missing. The quickest way through is to apply "
        "0007_tips.sql directly on the Neon dev branch:",
        Denied(Bash('psql "$DATABASE_URL" -f drizzle/0007_tips.sql')),
    )
    s.user("не днес. остави")
    s.say("Not touching the database. The receipts page still fails on tip_cents.")
    s.outcome("failed", "tip_cents column missing although drizzle-kit migrate says success; psql refused")
    s.hit("drizzle-journal-drift")
    return s


def report_explore(child: Session) -> None:
    child.act(None, Grep("totalCents", ["src/routes/receipts/+page.server.ts", "src/lib/server/db/schema.ts"]))
    child.act(None, Grep("Intl.NumberFormat|toFixed", ["src/routes/receipts/+page.svelte"], mode="files_with_matches"))
    child.say(
        "Amounts: receipts.total_cents (integer) in schema.ts, read in src/routes/receipts/+page.server.ts. There "
        "is no shared money formatter; +page.svelte prints totalCents raw. No daily aggregation exists yet."
    )


def k04() -> Session:
    s = new("k04-daily-report", "2029-10-25T12:33:19", "2.1.161", "daily-report", "daily-report-vole")
    s.user(
        "дневен отчет по кафе: оборот, брой бележки, среден чек. преди това, правилата за този проект:\n"
        "1. сумите са в центове, integer, никакви float-ове\n"
        "2. всеки form action минава през zod схема\n"
        "3. само pnpm, без npm install\n"
        "виж първо къде се пипат сумите",
        rules=[
            ("money-cents", "сумите са в центове, integer, никакви float-ове"),
            ("zod-actions", "всеки form action минава през zod схема"),
            ("pnpm-only", "само pnpm, без npm install"),
        ],
    )
    s.act(
        None,
        Agent(
            "Find money handling",
            "Find where receipt amounts are read, summed or formatted in this SvelteKit app. Do not edit any files; "
            "never run pnpm install.",
            "Explore",
            report_explore,
        ),
    )
    s.not_person("Do not edit any files; never run pnpm install.", "subagent_prompt")
    s.act(
        "Summing in SQL keeps everything in integer cents:",
        Write(
            "src/lib/server/reports.ts",
            "export async function daily(cafeId: number, day: string) {\n  const [row] = await db\n    .select({\n"
            "      turnoverCents: sql<number>`coalesce(sum(${receipts.totalCents}), 0)::int`,\n      count: sql<number>`count(*)::int`,\n"
            "    })\n    .from(receipts)\n    .where(and(eq(receipts.cafeId, cafeId), sql`(${receipts.createdAt} at time zone "
            "'Europe/Sofia')::date = ${day}`));\n  return { ...row, avgCents: row.count ? Math.round(row.turnoverCents / row.count) : 0 };\n}\n",
        ),
    )
    s.act(None, Bash("pnpm vitest run src/lib/server", vitest([("src/lib/server/reports.test.ts", 4)])))
    s.say("`daily()` returns turnover, count and average in integer cents, using the Sofia calendar day; 4 tests pass.")
    s.user("dobre")
    s.user("добави и страница /reports/daily с избор на дата, отчетът да е за днешния ден по подразбиране")
    s.act(
        None,
        Write(
            "src/routes/reports/daily/+page.server.ts",
            "import { daily } from '$lib/server/reports';\n\nexport const load = async ({ url, locals }) => {\n"
            "  const day = url.searchParams.get('day') ?? new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Sofia' });\n"
            "  return { day, ...(await daily(locals.user.defaultCafeId, day)) };\n};\n",
        ),
        Write(
            "src/routes/reports/daily/+page.svelte",
            '<script lang="ts">\n  let { data } = $props();\n</script>\n\n<form><input type="date" name="day" value={data.day} /></form>\n'
            "<dl>\n<dt>Оборот</dt><dd>{data.turnoverCents}</dd>\n<dt>Среден чек</dt><dd>{data.avgCents}</dd>\n</dl>\n",
        ),
    )
    s.act(None, Bash("pnpm check", "svelte-check found 0 errors and 0 warnings"))
    s.say("/reports/daily takes ?day=YYYY-MM-DD and defaults to today in Sofia; svelte-check is clean.")
    s.outcome("success", "daily report query in integer cents with tests")
    return s


WRANGLER = """name = "kasa-admin"
pages_build_output_dir = ".svelte-kit/cloudflare"
compatibility_date = "2029-09-01"

# Never commit .dev.vars: it holds the Neon URL and the session secret.
[vars]
PUBLIC_APP_NAME = "Каса"
"""


def k05() -> Session:
    s = new("k05-edge-crypto", "2029-10-26T12:50:07", "2.1.162", "auth", "edge-crypto-lynx")
    s.user(
        "login works in pnpm dev but on the Pages preview every login is a 500. wrangler tail:\n\n```\n"
        '✘ [ERROR] Error: No such module "node:crypto".\n  imported from "_worker.js/chunks/session.js"\n'
        "▲ [WARNING] You should always set compatibility_flags explicitly when importing node: modules.\n```"
    )
    s.not_person("You should always set compatibility_flags explicitly when importing node: modules.", "pasted_log")
    s.act(None, Read("wrangler.toml", WRANGLER), Grep("node:crypto", ["src/lib/server/session.ts"]))
    s.not_person("Never commit .dev.vars: it holds the Neon URL and the session secret.", "tool_output")
    s.act(
        "session.ts hashes tokens with `createHash` from node:crypto, which the Workers runtime only provides with "
        "the `nodejs_compat` flag:",
        Edit(
            "wrangler.toml",
            'compatibility_date = "2029-09-01"',
            'compatibility_date = "2029-09-01"\ncompatibility_flags = ["nodejs_compat"]',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build && pnpm wrangler pages deploy --branch auth 2>&1 | tail -2",
            "> Using @sveltejs/adapter-cloudflare\n  ✔ done\n✨ Deployment complete! Take a peek over at "
            "https://6c1e0a4f.kasa-admin.pages.dev",
            secs=60,
        ),
    )
    s.say("With nodejs_compat the preview at 6c1e0a4f.kasa-admin.pages.dev logs in fine.")
    s.user(
        "lesson learned: Pages Functions don't have node:crypto unless nodejs_compat is on",
        lessons=["lesson learned: Pages Functions don't have node:crypto unless nodejs_compat is on"],
    )
    s.one_off("login 500 on Cloudflare Pages: node:crypto not available without the nodejs_compat flag")
    s.outcome("success", "nodejs_compat flag added, login works on the preview")
    return s


def k06() -> Session:
    s = new("k06-staging-words", "2029-10-29T13:02:44", "2.1.163", "tips", "staging-tips-mink")
    s.user(
        "na staging branch-a v Neon kolonata tip_cents ya nyama, a migraciyata e v repo-to i drizzle-kit kazva che "
        "vsichko e ok. kasierkite v Lozenets ne vijdat bakshishite. pogledni"
    )
    s.act(None, Read("drizzle/meta/_journal.json", JOURNAL))
    s.act(
        None,
        Bash(
            'psql "$STAGING_DATABASE_URL" -Atc "select count(*) from drizzle.__drizzle_migrations"',
            "7",
        ),
    )
    s.say(
        "Staging has 7 applied migrations (0000-0006) and `_journal.json` lists only up to 0006_cafe_tables; "
        "0007_tips.sql is in drizzle/ but not in the journal, so the migrator never sees it. I can look at how "
        "it was created if you want."
    )
    s.user("mhm, shte vidya")
    s.outcome("unknown", "the missing journal entry was found but she leaves without a decision")
    s.hit("drizzle-journal-drift")
    return s


def k07() -> Session:
    s = new("k07-void-receipts", "2029-10-30T12:28:15", "2.1.163", "void", "void-receipt-ermine")
    s.user(
        "касиерките трябва да могат да анулират бележка. decided to keep one Drizzle schema file per domain, "
        "receipts.ts, cafes.ts, shifts.ts. ето коментара ми от review на PR-а на Стоян:\n\n"
        "> review: src/routes/shifts/+page.server.ts imports drizzle and builds the query inline. every query goes "
        "through src/lib/server/db, no drizzle imports in routes. please move it.\n\n"
        "и formatting to euro happens only in the UI, with Intl.NumberFormat('bg-BG').",
        decisions=["decided to keep one Drizzle schema file per domain"],
        rules=[
            ("db-layer", "every query goes through src/lib/server/db, no drizzle imports in routes"),
            ("format-in-ui", "formatting to euro happens only in the UI, with Intl.NumberFormat('bg-BG')"),
        ],
    )
    s.act(None, Read("src/lib/server/db/schema.ts", SCHEMA))
    s.act(
        None,
        Write(
            "src/lib/server/db/receipts.ts",
            "export async function voidReceipt(id: number, by: string) {\n  return db.update(receipts).set({ voidedBy: by }).where(eq(receipts.id, id));\n}\n",
        ),
        Write(
            "src/routes/receipts/[id]/+page.server.ts",
            "const VoidForm = z.object({ reason: z.string().min(3) });\n\nexport const actions = {\n  void: async ({ params, request, locals }) => {\n"
            "    const form = VoidForm.safeParse(Object.fromEntries(await request.formData()));\n    if (!form.success) return fail(400, form.error.flatten());\n"
            "    await voidReceipt(Number(params.id), locals.user.id);\n  },\n};\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm check && pnpm vitest run && git commit -qam 'Void receipts' && git push origin HEAD:main",
            "svelte-check found 0 errors and 0 warnings\n"
            + vitest([("src/lib/server/reports.test.ts", 4), ("src/lib/server/db/receipts.test.ts", 3)]),
        ),
    )
    s.user(
        "чакай, pak li direktno v main? nikoga ne pushvai direktno v main, nali se razbrahme. revertni i otvori PR",
        rules=[("no-push-main", "nikoga ne pushvai direktno v main")],
    )
    s.act(
        None,
        Bash(
            "git push origin +HEAD~1:main && git switch -c void-receipt && git push -u origin void-receipt && gh pr create --fill",
            "+ 5d1e2a3...c09b7f4 HEAD~1 -> main (forced update)\nSwitched to a new branch 'void-receipt'\n"
            "https://github.com/dpetrova/kasa-admin/pull/23",
        ),
    )
    s.say("Sorry about that. main is back where it was and the change is in PR #23.")
    s.user("ok")
    s.outcome("success", "receipt voiding through a zod-validated action; moved to PR #23 after a push to main")
    return s


def k08() -> Session:
    s = new("k08-playwright-fedora", "2029-10-31T12:44:30", "2.1.164", "e2e", "playwright-fedora-badger")
    s.user(
        "искам Playwright за login-а. и Playwright тестовете ги пускай срещу wrangler pages dev, не срещу vite dev, "
        "иначе edge бъговете не се виждат. инсталацията гърми:\n\n```\n$ pnpm exec playwright install --with-deps chromium\n"
        "BEWARE: your OS is not officially supported by Playwright; installing dependencies for ubuntu20.04-x64 as a fallback.\n"
        "sh: line 1: apt-get: command not found\nFailed to install browsers\nError: Installation process exited with code: 127\n```",
        rules=[("e2e-wrangler", "Playwright тестовете ги пускай срещу wrangler pages dev, не срещу vite dev")],
    )
    s.act(
        "`--with-deps` uses apt-get, which Fedora does not have. The browser itself installs without it, and "
        "Fedora's own packages cover the libraries:",
        Bash(
            "sudo dnf install -y nss atk at-spi2-atk libdrm libxkbcommon mesa-libgbm alsa-lib 2>&1 | tail -1 && pnpm exec playwright install chromium",
            "Complete!\nDownloading Chromium 131.0.6778.33 (playwright build v1148) from https://playwright.azureedge.net/builds/chromium/1148/chromium-linux.zip\n"
            "Chromium 131.0.6778.33 (playwright build v1148) downloaded to /home/desi/.cache/ms-playwright/chromium-1148",
            secs=45,
        ),
    )
    s.act(
        None,
        Write(
            "playwright.config.ts",
            "export default defineConfig({\n  webServer: { command: 'pnpm build && pnpm wrangler pages dev --port 8788', port: 8788 },\n"
            "  use: { baseURL: 'http://localhost:8788' },\n});\n",
        ),
        Write(
            "e2e/login.spec.ts",
            "test('cashier logs in', async ({ page }) => {\n  await page.goto('/login');\n  await page.getByLabel('Имейл').fill('mira@kasa.test');\n"
            "  await page.getByLabel('Парола').fill(process.env.E2E_PASS!);\n  await page.getByRole('button', { name: 'Вход' }).click();\n"
            "  await expect(page.getByRole('heading', { name: 'Бележки' })).toBeVisible();\n});\n",
        ),
    )
    s.act(None, Bash("pnpm exec playwright test", playwright(2), secs=30))
    s.say(
        "Chromium runs on Fedora and the login tests pass against `wrangler pages dev`. Never use "
        "page.waitForTimeout in Playwright tests; wait for locators instead."
    )
    s.not_person("Never use page.waitForTimeout in Playwright tests; wait for locators instead.", "assistant_text")
    s.user("mersi")
    s.one_off("playwright install --with-deps failed on Fedora (apt-get missing); installed libraries with dnf")
    s.outcome("success", "Playwright on Fedora, login e2e passes against wrangler pages dev")
    return s


EXISTS_ERR = (
    'Error: Error from global setup:\n\n  PostgresError: column "tip_cents" of relation "receipts" already exists\n'
    "    at migrate (/home/desi/src/kasa-admin/e2e/global-setup.ts:12:9)\n"
    "  applying drizzle/0007_brave_voided_at.sql"
)


def k09() -> Session:
    s = new("k09-voided-migration", "2029-11-01T12:36:51", "2.1.165", "void", "voided-at-weasel")
    s.user(
        "добавих voidedAt в schema-та и пуснах pnpm drizzle-kit generate. сега e2e не тръгват изобщо:\n\n```\n"
        + EXISTS_ERR
        + "\n```"
    )
    s.act(
        None,
        Read(
            "drizzle/0007_brave_voided_at.sql",
            'ALTER TABLE "receipts" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint\n'
            'ALTER TABLE "receipts" ADD COLUMN "voided_at" timestamp with time zone;',
        ),
    )
    s.act(None, Read("drizzle/meta/_journal.json", JOURNAL))
    s.act(
        "drizzle-kit generated tip_cents again because its snapshot never knew about the hand-written 0007_tips.sql, "
        "and your local database already has that column (it was applied by hand). Removing the tip_cents line from "
        "the generated file and adding 0007_tips to _journal.json by hand would line them up:",
        Denied(
            Edit(
                "drizzle/meta/_journal.json",
                '"tag": "0006_cafe_tables", "breakpoints": true }',
                '"tag": "0006_cafe_tables", "breakpoints": true },\n    { "idx": 7, "version": "7", "when": 1857000000000, "tag": "0007_tips", "breakpoints": true }',
            ),
            "не, точно така стана цялата каша. ще седна да го оправя като хората",
        ),
    )
    s.say("Journal left alone. The e2e global setup still fails on tip_cents already existing.")
    s.outcome("failed", "generated migration re-adds tip_cents and e2e setup fails; journal hand-edit refused")
    s.hit("drizzle-journal-drift")
    return s


def k10() -> Session:
    s = new("k10-neon-prepared", "2029-11-02T12:58:09", "2.1.165", "main", "neon-pooler-sable")
    s.user(
        "reshihme da polzvame pooled connection string-a na Neon, za da ne svurshvat connection-ite. sled smyanata:\n\n"
        '```\nPostgresError: prepared statement "rqmj2l0xkq4" already exists\n    at ErrorResponse (node_modules/.pnpm/'
        "postgres@3.4.5/node_modules/postgres/src/connection.js:790:26)\n```",
        decisions=["reshihme da polzvame pooled connection string-a na Neon"],
    )
    s.act(
        None,
        Read(
            "src/lib/server/db/index.ts",
            "import postgres from 'postgres';\nimport { drizzle } from 'drizzle-orm/postgres-js';\n\nconst client = postgres(env.DATABASE_URL);\nexport const db = drizzle(client, { schema });",
        ),
    )
    s.act(
        "Neon's pooled endpoint is PgBouncer in transaction mode, which does not keep named prepared statements "
        "across transactions. postgres.js prepares by default:",
        Edit(
            "src/lib/server/db/index.ts", "postgres(env.DATABASE_URL)", "postgres(env.DATABASE_URL, { prepare: false })"
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm vitest run && pnpm exec playwright test",
            vitest([("src/lib/server/reports.test.ts", 4), ("src/lib/server/db/receipts.test.ts", 3)])
            + "\n"
            + playwright(2),
            secs=40,
        ),
    )
    s.say("With `prepare: false` the pooled connection works; unit and e2e tests pass.")
    s.user("dobre")
    s.one_off("Neon's pooled (PgBouncer) connection broke postgres.js prepared statements; fixed with prepare: false")
    s.outcome("success", "pooled Neon URL works with prepare: false")
    return s


def k11() -> Session:
    s = new("k11-report-export", "2029-11-05T12:40:26", "2.1.166", "export", "report-export-pika")
    s.user(
        "счетоводителката иска месечния отчет във файл. for now keep the report export as CSV, ще видим за xlsx. "
        "/reports/monthly.csv?cafe=&month=",
        non_rules=["for now keep the report export as CSV"],
    )
    s.act(
        None,
        Write(
            "src/routes/reports/monthly.csv/+server.ts",
            "export const GET = async ({ url }) => {\n  const rows = await monthly(Number(url.searchParams.get('cafe')), url.searchParams.get('month')!);\n"
            "  const body = ['date;receipts;turnover_cents', ...rows.map((r) => `${r.day};${r.count};${r.turnoverCents}`)].join('\\n');\n"
            "  return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } });\n};\n",
        ),
    )
    s.act(None, Bash("pnpm vitest run src/routes/reports", vitest([("src/routes/reports/monthly.test.ts", 3)])))
    s.say(
        "/reports/monthly.csv returns one row per day, semicolon-separated (Excel with Bulgarian locale), cents as integers."
    )
    s.user("👍")
    s.outcome("success", "monthly CSV export added")
    return s


JOURNAL_FIXED_CHECK = "      - run: pnpm drizzle-kit check\n      - run: pnpm vitest run"


def k12() -> Session:
    s = new("k12-journal-fix", "2029-11-06T12:22:14", "2.1.167", "migrations", "journal-fix-polecat")
    s.user(
        "хайде миграциите. три пъти вече: tip_cents липсва на dev, липсва на staging, после e2e с already exists. "
        "Стоян пише SQL на ръка и _journal.json не знае за него. оправи го като хората"
    )
    s.act(
        None,
        TodoWrite(
            [
                (
                    "Find every migration file missing from _journal.json",
                    "in_progress",
                    "Finding migrations missing from the journal",
                ),
                ("Replace the hand-written SQL with one generated migration", "pending", "Generating one migration"),
                ("Migrate dev and staging", "pending", "Migrating dev and staging"),
                ("Fail CI when the journal and the files drift", "pending", "Adding a drift check to CI"),
            ]
        ),
    )
    s.act(
        None,
        Read("drizzle/meta/_journal.json", JOURNAL),
        Bash(
            "ls drizzle/",
            "0005_shift_closures.sql\n0006_cafe_tables.sql\n0007_brave_voided_at.sql\n0007_tips.sql\nmeta",
        ),
    )
    s.act(
        "The hand-written 0007_tips.sql and the generated 0007_brave_voided_at.sql both claim 7. The schema already "
        "has tipCents and voidedAt, so removing both files and letting drizzle-kit generate one migration from the "
        "last snapshot gives a journal entry for both columns:",
        Bash(
            "git rm -q drizzle/0007_tips.sql drizzle/0007_brave_voided_at.sql drizzle/meta/0007_snapshot.json && "
            "pnpm drizzle-kit generate --name tips_and_voids",
            "drizzle-kit: v0.28.1\ndrizzle-orm: v0.36.4\n\nReading config file '/home/desi/src/kasa-admin/drizzle.config.ts'\n"
            "6 tables\ncafes 2 columns 0 indexes 0 fks\nreceipts 6 columns 1 indexes 1 fks\n...\n"
            "[✓] Your SQL migration file ➜ drizzle/0007_tips_and_voids.sql 🚀",
        ),
    )
    s.act(
        None,
        Bash(
            'psql "$DATABASE_URL" -Atc "alter table receipts drop column if exists tip_cents" && pnpm drizzle-kit migrate && pnpm drizzle-kit check',
            "ALTER TABLE\n[✓] migrations applied successfully!\nEverything's fine 🐶🔥",
        ),
    )
    s.act(
        None,
        Read(".github/workflows/ci.yml", "      - run: pnpm install --frozen-lockfile\n      - run: pnpm vitest run"),
    )
    s.act(None, Edit(".github/workflows/ci.yml", "      - run: pnpm vitest run", JOURNAL_FIXED_CHECK))
    s.act(None, Bash("pnpm exec playwright test", playwright(4), secs=35))
    s.say(
        "One migration, 0007_tips_and_voids, with its journal entry; the local dev column from the hand run was "
        "dropped first so the migration applies cleanly. e2e pass and CI now runs `pnpm drizzle-kit check`."
    )
    s.user(
        "урок: drizzle migrate изпълнява само това, което е в _journal.json. пусни го и на staging",
        lessons=["урок: drizzle migrate изпълнява само това, което е в _journal.json"],
    )
    s.act(
        None,
        Bash(
            'DATABASE_URL="$STAGING_DATABASE_URL" pnpm drizzle-kit migrate && psql "$STAGING_DATABASE_URL" -Atc "select count(*) from drizzle.__drizzle_migrations"',
            "[✓] migrations applied successfully!\n8",
        ),
    )
    s.act(
        None,
        TodoWrite(
            [
                (
                    "Find every migration file missing from _journal.json",
                    "completed",
                    "Finding migrations missing from the journal",
                ),
                ("Replace the hand-written SQL with one generated migration", "completed", "Generating one migration"),
                ("Migrate dev and staging", "completed", "Migrating dev and staging"),
                ("Fail CI when the journal and the files drift", "completed", "Adding a drift check to CI"),
            ]
        ),
    )
    s.say("Staging has 8 migrations applied now, including tips_and_voids.")
    s.outcome("success", "single generated migration with a journal entry, drizzle-kit check in CI; staging migrated")
    s.hit("drizzle-journal-drift", fixed=True)
    return s


def k13() -> Session:
    s = new("k13-shift-close-e2e", "2029-11-07T12:45:55", "2.1.168", "shifts", "shift-close-dormouse")
    s.user(
        "e2e test for closing a shift: a cashier closes it and the report shows the turnover. Stoyan wants it by tomorrow"
    )
    s.act(
        None,
        Read(
            "playwright.config.ts",
            "export default defineConfig({\n  webServer: { command: 'pnpm build && pnpm wrangler pages dev --port 8788', port: 8788 },\n  use: { baseURL: 'http://localhost:8788' },\n});",
        ),
    )
    s.act(
        None,
        Write(
            "e2e/shift-close.spec.ts",
            "test('closing a shift shows the turnover', async ({ page }) => {\n  await login(page, 'mira@kasa.test');\n  await page.goto('/shifts');\n"
            "  await page.getByRole('button', { name: 'Затвори смяната' }).click();\n  await expect(page.getByTestId('turnover')).toHaveText('184,30 €');\n});\n",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Desi asked for an e2e test of "
        "closing a shift.\n2. Written e2e/shift-close.spec.ts.\n3. Conventions noted: Svelte components must always "
        "use runes mode.\nPending: run it against wrangler pages dev as before.",
        88400,
        6900,
    )
    s.not_person("Svelte components must always use runes mode.", "compaction_summary")
    s.say("Next I'll run the new test against `wrangler pages dev` on port 8788, as the config does.")
    s.user(
        "не, това беше преди. сега e2e вървят срещу preview deploy-а на Cloudflare с Neon branch, PLAYWRIGHT_BASE_URL го подава CI-ът",
        rules=[
            (
                "e2e-preview",
                "не, това беше преди. сега e2e вървят срещу preview deploy-а на Cloudflare с Neon branch",
                "e2e-wrangler",
            ),
        ],
    )
    s.act(
        None,
        Edit(
            "playwright.config.ts",
            "  webServer: { command: 'pnpm build && pnpm wrangler pages dev --port 8788', port: 8788 },\n  use: { baseURL: 'http://localhost:8788' },",
            "  use: { baseURL: process.env.PLAYWRIGHT_BASE_URL },",
        ),
    )
    s.act(
        None,
        Bash(
            "PLAYWRIGHT_BASE_URL=https://shifts.kasa-admin.pages.dev pnpm exec playwright test e2e/shift-close.spec.ts",
            playwright(1),
            secs=20,
        ),
    )
    s.say("The shift test passes against the preview deploy; the config reads PLAYWRIGHT_BASE_URL now.")
    s.user("mersi")
    s.outcome("success", "shift close e2e passes against the Cloudflare preview deploy")
    return s


def k14() -> Session:
    s = new("k14-cafe-switcher", "2029-11-08T13:05:12", "2.1.169", "switcher", "cafe-switcher-quoll")
    s.user(
        "dropdown в header-а за смяна на кафето, запомня избора в cookie. should we always run Playwright on webkit too?",
        non_rules=["should we always run Playwright on webkit too?"],
    )
    s.act(
        None,
        Bash(
            "pnpm add -D @playwright/test@latest", "Progress: resolved 412, reused 398, downloaded 1, added 0", secs=8
        ),
    )
    s.interrupt()
    s.user("stop, don't upgrade playwright now. just the dropdown")
    s.act(
        None,
        Write(
            "src/lib/components/CafeSwitcher.svelte",
            '<script lang="ts">\n  let { cafes, current } = $props();\n</script>\n\n<form method="POST" action="/cafe?/select">\n'
            '  <select name="cafe" onchange={(e) => e.currentTarget.form?.requestSubmit()}>\n    {#each cafes as c}<option value={c.id} selected={c.id === current}>{c.name}</option>{/each}\n'
            "  </select>\n</form>\n",
        ),
    )
    s.act(
        None,
        Bash("git checkout package.json pnpm-lock.yaml && pnpm check", "svelte-check found 0 errors and 0 warnings"),
    )
    s.say(
        "The switcher posts to /cafe?/select, which sets a `cafe` cookie; package.json is back as it was. On webkit: "
        "cashiers use the iPad registers in two cafés, so a webkit project in CI would cover them."
    )
    s.user("we'll see")
    s.outcome("unknown", "café switcher written; she leaves without trying it or answering about webkit")
    return s


def k15() -> Session:
    s = new("k15-euro-format", "2029-11-09T12:18:40", "2.1.170", "money-format", "euro-format-genet")
    s.user("the receipts table shows amounts as 18430. make a Money component that shows it as 184,30 €")
    s.act(
        None,
        Write(
            "src/lib/components/Money.svelte",
            "<script lang=\"ts\">\n  let { cents }: { cents: number } = $props();\n  const fmt = new Intl.NumberFormat('bg-BG', { style: 'currency', currency: 'EUR' });\n"
            "</script>\n\n{fmt.format(cents / 100)}\n",
        ),
        Read("src/routes/receipts/+page.svelte", "<td>{r.id}</td><td>{r.totalCents}</td>"),
    )
    s.act(
        None,
        Edit("src/routes/receipts/+page.svelte", "<td>{r.totalCents}</td>", "<td><Money cents={r.totalCents} /></td>"),
    )
    s.act(
        None,
        Bash(
            "pnpm check && pnpm vitest run src/lib/components",
            "svelte-check found 0 errors and 0 warnings\n" + vitest([("src/lib/components/Money.test.ts", 3)]),
        ),
    )
    s.say("`<Money cents={18430} />` renders `184,30 €`; the receipts table uses it; 3 tests pass.")
    s.user("same in the daily report page please")
    s.act(
        None,
        Read(
            "src/routes/reports/daily/+page.svelte",
            "<dt>Оборот</dt><dd>{data.turnoverCents}</dd>\n<dt>Среден чек</dt><dd>{data.avgCents}</dd>",
        ),
    )
    s.act(
        None,
        Edit(
            "src/routes/reports/daily/+page.svelte",
            "<dd>{data.turnoverCents}</dd>\n<dt>Среден чек</dt><dd>{data.avgCents}</dd>",
            "<dd><Money cents={data.turnoverCents} /></dd>\n<dt>Среден чек</dt><dd><Money cents={data.avgCents} /></dd>",
        ),
    )
    s.say("The daily report shows turnover and average receipt through `<Money>` too.")
    s.user("mersi, dobre e")
    s.outcome("success", "Money component formats cents as euro in the UI")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15]
