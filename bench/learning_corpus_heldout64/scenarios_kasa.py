"""Miloš's `kasa-admin` sessions (k01-k15): a SvelteKit 2 / TypeScript admin UI for the billing service, with npm,
Vitest, Playwright and Tailwind. In development it runs at https://admin.kasa.test and talks to naplata-api at
https://api.kasa.test (Caddy in front of both). Times are UTC; Novi Sad is on CEST (UTC+2) in June."""

from __future__ import annotations

from fake_output import KASA, git_commit, playwright_run, svelte_check, vitest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "kasa-admin"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KASA, project=PROJECT)


INVOICES_SERVER = """import { PUBLIC_API_URL } from '$env/static/public';
import { redirect } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ fetch, url }) => {
\tconst sort = url.searchParams.get('sort') ?? '-issuedAt';
\tconst page = Number(url.searchParams.get('page') ?? '1');
\tconst res = await fetch(`${PUBLIC_API_URL}/v1/invoices?sort=${sort}&page=${page}`);
\tif (res.status === 401) redirect(303, '/login?redirectTo=/fakture');
\treturn { invoices: await res.json(), sort, page };
};
"""

INVOICE_TABLE = """<script lang="ts">
\timport { formatRsd } from '$lib/money';
\timport StatusBadge from './StatusBadge.svelte';
\tlet { invoices, sort } = $props();
</script>

<table class="min-w-full divide-y divide-slate-200 text-sm">
\t<thead class="bg-slate-50 text-left font-medium text-slate-600">
\t\t<tr>
\t\t\t<th class="px-3 py-2">Broj</th>
\t\t\t<th class="px-3 py-2">Kupac</th>
\t\t\t<th class="px-3 py-2 text-right">Iznos</th>
\t\t\t<th class="px-3 py-2">Status</th>
\t\t\t<th class="px-3 py-2"><a href="?sort={sort === '-issuedAt' ? 'issuedAt' : '-issuedAt'}">Datum</a></th>
\t\t</tr>
\t</thead>
\t<tbody class="divide-y divide-slate-100">
\t\t{#each invoices.items as inv (inv.id)}
\t\t\t<tr class="hover:bg-slate-50">
\t\t\t\t<td class="px-3 py-2 font-mono">{inv.number}</td>
\t\t\t\t<td class="px-3 py-2">{inv.customerName}</td>
\t\t\t\t<td class="px-3 py-2 text-right tabular-nums">{formatRsd(inv.amountPara)}</td>
\t\t\t\t<td class="px-3 py-2"><StatusBadge status={inv.status} /></td>
\t\t\t\t<td class="px-3 py-2">{inv.issuedOn}</td>
\t\t\t</tr>
\t\t{/each}
\t</tbody>
</table>
"""

MONEY = """const rsd = new Intl.NumberFormat('sr-Latn-RS', { style: 'currency', currency: 'RSD' });

/** Amounts travel as integer para (1/100 dinar); only the UI turns them into dinars. */
export function formatRsd(para: number): string {
\treturn rsd.format(para / 100);
}
"""


def k01() -> Session:
    s = new("k01-invoices-table", "2029-06-04T12:20:31", "2.1.152", "invoices-table", "invoice-table-finch")
    s.user(
        "admin stranica /fakture: tabela faktura iz naplata-api (GET /v1/invoices), kolone broj, kupac, iznos, "
        "status, datum, sortiranje po datumu i paginacija. odluka: tabelu pravimo sami, bez TanStack-a, treba nam "
        "samo sortiranje i paginacija. Tailwind utilities straight in the markup, no @apply.",
        rules=[("tailwind-no-apply", "Tailwind utilities straight in the markup, no @apply")],
        decisions=["odluka: tabelu pravimo sami, bez TanStack-a"],
    )
    s.title("Invoices table")
    s.act(None, Grep("PUBLIC_API_URL", [".env", "src/routes/+layout.server.ts"]))
    s.act(
        "Server load with sort and page from the query string, a plain table component with utility classes, and "
        "the RSD formatter:",
        Write("src/routes/fakture/+page.server.ts", INVOICES_SERVER),
        Write("src/lib/components/InvoiceTable.svelte", INVOICE_TABLE),
        Write("src/lib/money.ts", MONEY),
    )
    s.act(
        None,
        Bash(
            "npm run check && npx vitest run",
            svelte_check() + "\n\n" + vitest_run([("src/lib/money.test.ts", 2)], start="14:24:10"),
            secs=14,
        ),
    )
    s.say(
        "`/fakture` shows the table, sorted by date (click the header to flip it) with `?page=`; check and tests pass."
    )
    s.user("ok, može. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Invoices table'",
            git_commit("invoices-table", "2a9f4c1", "Invoices table", 4, 131, 0),
        ),
    )
    s.say("Committed (`2a9f4c1`).")
    s.outcome("success", "invoices table page with server load, sorting and paging; committed")
    return s


STATUS_BADGE = """<script lang="ts">
\tlet { status }: { status: 'PAID' | 'OPEN' | 'OVERDUE' } = $props();
\tconst styles = {
\t\tPAID: 'bg-status-paid/10 text-status-paid',
\t\tOPEN: 'bg-status-open/10 text-status-open',
\t\tOVERDUE: 'bg-status-overdue/10 text-status-overdue'
\t};
</script>

<span data-testid="status-badge" class="rounded px-2 py-0.5 text-xs font-medium {styles[status]}">{status}</span>
"""

STATUS_TEST = """import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import StatusBadge from './StatusBadge.svelte';

describe('StatusBadge', () => {
\tit('shows the status with its colour', () => {
\t\trender(StatusBadge, { status: 'OVERDUE' });
\t\texpect(screen.getByTestId('status-badge').className).toContain('text-status-overdue');
\t});
});
"""

VITE_CONFIG = """export default defineConfig({
\tplugins: [sveltekit()],
\ttest: {
\t\tinclude: ['src/**/*.{test,spec}.{js,ts}']
\t}
});"""


def k02() -> Session:
    s = new("k02-status-badge", "2029-06-05T12:10:05", "2.1.152", "status-badge", "badge-colour-wren")
    s.user(
        "napravi StatusBadge komponentu za status fakture i test za nju. colors only from the theme in "
        "tailwind.config, no hex codes in components.",
        rules=[("theme-colors", "colors only from the theme in tailwind.config, no hex codes in components")],
    )
    s.act(
        None,
        Grep("status", ["tailwind.config.ts"]),
    )
    s.act(
        "The badge uses the `status.*` colours from the theme:",
        Write("src/lib/components/StatusBadge.svelte", STATUS_BADGE),
        Write("src/lib/components/StatusBadge.test.ts", STATUS_TEST),
    )
    s.act(
        None,
        Bash(
            "npx vitest run src/lib/components",
            vitest_run(
                [("src/lib/components/StatusBadge.test.ts", 1)],
                [
                    (
                        "src/lib/components/StatusBadge.test.ts",
                        "StatusBadge > shows the status with its colour",
                        "ReferenceError: document is not defined",
                    )
                ],
                start="14:11:52",
            ),
            code=1,
        ),
    )
    s.act(
        "Vitest runs in the `node` environment here, so there is no `document` for the component to render into. "
        "`jsdom` is already a dev dependency; the config only has to use it for component tests:",
        Grep('"jsdom"', ["package.json"]),
        Read("vite.config.ts", VITE_CONFIG, offset=4, total=10),
    )
    s.act(
        None,
        Edit(
            "vite.config.ts",
            "\t\tinclude: ['src/**/*.{test,spec}.{js,ts}']",
            "\t\tinclude: ['src/**/*.{test,spec}.{js,ts}'],\n"
            "\t\tenvironmentMatchGlobs: [['src/lib/components/**', 'jsdom']]",
        ),
    )
    s.act(
        None,
        Bash(
            "npx vitest run",
            vitest_run([("src/lib/money.test.ts", 2), ("src/lib/components/StatusBadge.test.ts", 1)], start="14:13:40"),
        ),
    )
    s.say("Component tests run in jsdom now; all 3 tests pass.")
    s.user("ради, хвала")
    s.one_off(
        "Vitest component test fails with 'ReferenceError: document is not defined' (node environment); jsdom for components"
    )
    s.outcome("success", "StatusBadge with theme colours and a component test; jsdom environment fixed the test")
    return s


AUTH_TS = """export const SESSION_COOKIE = 'kasa_session';

export const sessionCookieOptions = {
\tpath: '/',
\tdomain: '.kasa.test',
\thttpOnly: true,
\tsecure: true,
\tsameSite: 'lax' as const,
\tmaxAge: 60 * 15
};"""


def k03() -> Session:
    s = new("k03-refresh-login", "2029-06-06T12:30:47", "2.1.154", "main", "reload-login-robin")
    s.user("kad osvežim /fakture izbaci me na login, a kad dođem preko menija sve radi. sta se desava")
    s.act(
        None,
        Read("src/routes/fakture/+page.server.ts", INVOICES_SERVER),
        Grep("maxAge", ["src/lib/auth.ts"]),
    )
    s.act(None, Read("src/lib/auth.ts", AUTH_TS))
    s.act(
        "On a reload the load runs on the server and redirects to `/login` when the API answers 401, so the API "
        "did not accept the session there. The session cookie is set with `maxAge: 60 * 15`, fifteen minutes; if "
        "it expired, the client-side navigation would fail too once its cached data runs out. Raising it to the "
        "API's session length:",
        Edit("src/lib/auth.ts", "\tmaxAge: 60 * 15", "\tmaxAge: 60 * 60 * 8"),
    )
    s.user("nije to, sesija traje 8h na API-ju, a desi se i odmah posle logina. vrati to. ajde, sutra ću.")
    s.act(None, Edit("src/lib/auth.ts", "\tmaxAge: 60 * 60 * 8", "\tmaxAge: 60 * 15"))
    s.say("Reverted. The reload still lands on `/login`; the cookie's lifetime is not the cause.")
    s.outcome(
        "failed", "reloading /fakture redirects to login (server-side load gets 401); maxAge guess wrong, reverted"
    )
    s.hit("ssr-cookie")
    return s


TERMINALS_SERVER = """import { PUBLIC_API_URL } from '$env/static/public';
import { error } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ fetch, url }) => {
\tconst status = url.searchParams.get('status') ?? 'ALL';
\tconst query = status === 'ALL' ? '' : `?status=${status}`;
\tconst res = await fetch(`${PUBLIC_API_URL}/v1/terminals${query}`);
\tif (!res.ok) error(res.status, `GET /v1/terminals failed: ${res.status} ${res.statusText}`);
\treturn { terminals: await res.json(), status };
};
"""

TERMINALS_SPEC = """import { expect, test } from '@playwright/test';
import { login } from './helpers';

test('terminal list filters by status', async ({ page }) => {
\tawait login(page);
\tawait page.getByRole('link', { name: 'Terminali' }).click();
\tawait page.getByRole('combobox', { name: 'Status' }).selectOption('OFFLINE');
\tawait expect(page.getByRole('row')).toHaveCount(4);
});
"""


def k04() -> Session:
    s = new("k04-terminals-page", "2029-06-07T12:15:20", "2.1.154", "terminals", "pos-terminal-heron")
    s.user(
        "nova stranica /terminali, lista POS terminala (GET /v1/terminals), sa filterom po statusu. iz wikija, "
        "naša PR čeklista:\n\nПР чеклиста\n1. нема force push на main, ни кад гори\n2. нови пакет у package.json "
        "само уз договор\n3. сваки нови екран добија бар један Playwright тест\n",
        rules=[
            ("no-force-push", "нема force push на main, ни кад гори"),
            ("no-new-packages", "нови пакет у package.json само уз договор"),
            ("playwright-per-screen", "сваки нови екран добија бар један Playwright тест"),
        ],
    )
    s.act(
        "The page loads the terminals on the server, the filter is a query parameter, and, per the checklist, an "
        "e2e test for the new screen:",
        Write("src/routes/terminali/+page.server.ts", TERMINALS_SERVER),
        Write(
            "src/routes/terminali/+page.svelte",
            "<script lang=\"ts\">\n\timport TerminalList from '$lib/components/TerminalList.svelte';\n\tlet { data } "
            '= $props();\n</script>\n\n<h1 class="mb-4 text-xl font-semibold">Terminali</h1>\n<TerminalList '
            "terminals={data.terminals} status={data.status} />\n",
        ),
        Write("tests/e2e/terminali.spec.ts", TERMINALS_SPEC),
    )
    s.act(
        None,
        Bash(
            "npm run check && npx playwright test tests/e2e/terminali.spec.ts",
            svelte_check()
            + "\n\n"
            + playwright_run(["tests/e2e/terminali.spec.ts:4:1 › terminal list filters by status"], secs=6.1),
            secs=24,
        ),
    )
    s.say("`/terminali` lists the terminals with a status filter; check is clean and the e2e test passes.")
    s.user("ok, može. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Terminals page with status filter'",
            git_commit("terminals", "7be21d4", "Terminals page with status filter", 4, 88, 0),
        ),
    )
    s.say("Committed (`7be21d4`).")
    s.outcome("success", "terminals page with a status filter and a Playwright test; committed")
    return s


def k05() -> Session:
    s = new("k05-import-case", "2029-06-08T12:25:38", "2.1.155", "terminals", "import-case-wren")
    s.user(
        "the build breaks on CI, passes locally:\n\n```\n$ npm run build\n> vite build\n\nx Build failed in 2.41s\n"
        'error during build:\n[vite]: Rollup failed to resolve import "$lib/components/terminalList.svelte" from '
        '"/builds/kasa/kasa-admin/src/routes/terminali/+page.svelte".\n```'
    )
    s.act(
        None,
        Bash(
            "ls src/lib/components | grep -i terminal && git ls-files | grep -i terminallist",
            "TerminalList.svelte\nsrc/lib/components/TerminalList.svelte",
        ),
        Grep(
            "terminalList",
            ["src/routes/terminali/+page.svelte:2:\timport TerminalList from '$lib/components/terminalList.svelte';"],
            mode="content",
        ),
    )
    s.act(
        "The import says `terminalList.svelte`, the file is `TerminalList.svelte`. macOS's file system ignores "
        "case, so it builds here; the Linux runner does not. A good habit is to always match the file name's case "
        "exactly in imports; macOS will not catch it for you.",
        Edit(
            "src/routes/terminali/+page.svelte",
            "\timport TerminalList from '$lib/components/terminalList.svelte';",
            "\timport TerminalList from '$lib/components/TerminalList.svelte';",
        ),
    )
    s.act(
        None,
        Bash(
            "npm run build 2>&1 | tail -3",
            "✓ built in 3.87s\n\nRun npm run preview to preview your app.",
            secs=16,
        ),
    )
    s.say("Fixed the import's case; the build passes (and will on the Linux runner too).")
    s.user("ajde, push")
    s.act(
        None,
        Bash(
            "git commit -am 'Fix TerminalList import case' && git push",
            git_commit("terminals", "c03b8e6", "Fix TerminalList import case", 1, 1, 1)
            + "\nTo gitlab.com:kasa/kasa-admin.git\n   7be21d4..c03b8e6  terminals -> terminals",
        ),
    )
    s.say("Pushed (`c03b8e6`).")
    s.not_person("A good habit is to always match the file name's case exactly in imports", "assistant_text")
    s.one_off(
        "CI build fails to resolve '$lib/components/terminalList.svelte': import case differs from the file, macOS hides it"
    )
    s.outcome("success", "import case fixed, build passes; pushed")
    return s


FAKTURE_SPEC = """import { expect, test } from '@playwright/test';
import { login } from './helpers';

test('shows invoice list after login', async ({ page }) => {
\tawait login(page);
\tawait page.goto('/fakture');
\tawait expect(page.getByRole('heading', { name: 'Fakture' })).toBeVisible();
\tawait expect(page.getByRole('row')).not.toHaveCount(0);
});
"""

FAKTURE_FAIL = (
    "    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n\n"
    "    Locator: getByRole('heading', { name: 'Fakture' })\n    Expected: visible\n    Received: <element(s) not found>\n"
    "    Call log:\n      - expect.toBeVisible with timeout 5000ms\n      - waiting for getByRole('heading', { name: 'Fakture' })\n\n"
    "      5 |   await page.goto('/fakture');\n    > 6 |   await expect(page.getByRole('heading', { name: 'Fakture' })).toBeVisible();\n\n"
    "    Page URL: https://admin.kasa.test/login?redirectTo=%2Ffakture"
)


def k06() -> Session:
    s = new("k06-e2e-invoices", "2029-06-11T12:20:16", "2.1.155", "e2e-invoices", "goto-login-finch")
    s.user("add a Playwright test for /fakture: login, then straight to /fakture, the table has to be visible.")
    s.act(None, Write("tests/e2e/fakture.spec.ts", FAKTURE_SPEC))
    s.act(
        None,
        Bash(
            "npx playwright test tests/e2e/fakture.spec.ts",
            playwright_run(
                [], [("tests/e2e/fakture.spec.ts:4:1 › shows invoice list after login", FAKTURE_FAIL)], secs=8.4
            ),
            code=1,
            secs=18,
        ),
    )
    s.act(
        "The page ends on `/login`: the server-side load of `/fakture` got a 401 from the API. Probably the session "
        "cookie is not written yet when `goto` fires right after the login; waiting a moment after login:",
        Denied(
            Edit(
                "tests/e2e/fakture.spec.ts",
                "\tawait login(page);\n\tawait page.goto('/fakture');",
                "\tawait login(page);\n\tawait page.waitForTimeout(2000);\n\tawait page.goto('/fakture');",
            )
        ),
    )
    s.user("ne, nije timing. isto mi se dešava ručno kad osvežim stranicu. ostavi test crven, nek stoji.")
    s.say("Left as is: `tests/e2e/fakture.spec.ts` fails, ending on `/login?redirectTo=%2Ffakture`.")
    s.outcome("failed", "e2e test going straight to /fakture lands on /login (401 on server load); wait refused, red")
    s.hit("ssr-cookie")
    return s


README_KASA = """# kasa-admin

Admin UI for naplata-api (SvelteKit 2, TypeScript, Tailwind).

## Development

    npm ci
    npm run dev        # https://admin.kasa.test via Caddy, API at https://api.kasa.test

All calls to naplata-api must always go through src/lib/api.ts.

## Tests

    npx vitest run
    npx playwright test"""

CSV_TS = """import { formatRsd } from './money';

export type InvoiceRow = { number: string; customerName: string; amountPara: number; status: string; issuedOn: string };

const quote = (v: string) => (/[";\\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

export function invoicesCsv(rows: InvoiceRow[]): string {
\tconst head = 'broj;kupac;iznos;status;datum';
\tconst body = rows.map((r) =>
\t\t[r.number, r.customerName, formatRsd(r.amountPara), r.status, r.issuedOn].map(quote).join(';')
\t);
\treturn [head, ...body].join('\\n');
}
"""


def k07() -> Session:
    s = new("k07-csv-export", "2029-06-12T12:30:52", "2.1.157", "csv-export", "csv-button-robin")
    s.user(
        "dugme 'Izvezi CSV' na /fakture, pravi CSV u browseru od trenutnog filtera. decision: amounts stay integer "
        "para from the API to the UI, we format only when rendering. commit messages start with the Jira key, then "
        "an imperative English subject, e.g. KASA-212 Add CSV export.",
        rules=[("jira-commit", "commit messages start with the Jira key, then an imperative English subject")],
        decisions=["amounts stay integer para from the API to the UI, we format only when rendering"],
    )
    s.act(None, Read("README.md", README_KASA))
    s.act(
        "CSV built from the rows already loaded, amounts formatted only here at the edge:",
        Write("src/lib/csv.ts", CSV_TS),
        Write(
            "src/lib/csv.test.ts",
            "import { expect, it } from 'vitest';\nimport { invoicesCsv } from './csv';\n\nit('quotes names with "
            "semicolons', () => {\n\tconst csv = invoicesCsv([{ number: 'F-1', customerName: 'Pekara; Novi Sad', "
            "amountPara: 1250000, status: 'PAID', issuedOn: '2029-06-12' }]);\n\texpect(csv.split('\\n')[1]).toContain"
            "('\"Pekara; Novi Sad\"');\n});\n",
        ),
        Edit(
            "src/routes/fakture/+page.svelte",
            "<InvoiceTable invoices={data.invoices} sort={data.sort} />",
            '<button type="button" class="mb-3 rounded bg-brand-600 px-3 py-1.5 text-sm text-white" '
            "onclick={download}>Izvezi CSV</button>\n<InvoiceTable invoices={data.invoices} sort={data.sort} />",
        ),
    )
    s.act(
        None,
        Bash(
            "npx vitest run && git add -A && git commit -m 'KASA-212 Add CSV export of invoices'",
            vitest_run(
                [
                    ("src/lib/money.test.ts", 2),
                    ("src/lib/csv.test.ts", 1),
                    ("src/lib/components/StatusBadge.test.ts", 1),
                ],
                start="14:39:02",
            )
            + "\n"
            + git_commit("csv-export", "91d6f0a", "KASA-212 Add CSV export of invoices", 4, 52, 1),
        ),
    )
    s.say(
        "The button downloads the current page as CSV; tests pass; committed as `KASA-212 Add CSV export of invoices`."
    )
    s.not_person("All calls to naplata-api must always go through src/lib/api.ts.", "tool_output")
    s.outcome("success", "CSV export button with a test; committed with the Jira key")
    return s


PW_CONFIG = """\twebServer: {
\t\tcommand: 'npm run build && npm run preview',
\t\turl: 'http://localhost:5173',
\t\treuseExistingServer: !process.env.CI,
\t\ttimeout: 60_000
\t},"""


def k08() -> Session:
    s = new("k08-playwright-webserver", "2029-06-13T12:20:09", "2.1.157", "main", "webserver-port-wren")
    s.user(
        "na CI Playwright job pada pre nego što krene ijedan test:\n\n```\n$ npm ci\nnpm warn deprecated "
        "inflight@1.0.6: This module is not supported, and leaks memory. Do not use it. Check out lru-cache if you "
        "want a good and tested way to coalesce async requests by a key value, which is much more comprehensive "
        "and powerful.\nadded 412 packages in 9s\n$ npx playwright test\nError: Timed out waiting 60000ms from "
        "config.webServer.\n```"
    )
    s.act(None, Read("playwright.config.ts", PW_CONFIG, offset=21, total=34))
    s.act(
        "`vite preview` listens on 4173, but the config waits for 5173, so Playwright times out waiting for a "
        "server that is up on another port. Locally `reuseExistingServer` picks up your dev server on 5173, which "
        "hides it. I'd also add `wait-on` to wait for the build explicitly:",
        Denied(Bash("npm install -D wait-on")),
    )
    s.user(
        "rekao sam ti, nema novih paketa bez dogovora. popravi samo port.",
        rules=[("no-new-packages", "nema novih paketa bez dogovora")],
    )
    s.act(None, Edit("playwright.config.ts", "\t\turl: 'http://localhost:5173',", "\t\turl: 'http://localhost:4173',"))
    s.act(
        None,
        Bash(
            "CI=1 npx playwright test tests/e2e/terminali.spec.ts",
            playwright_run(["tests/e2e/terminali.spec.ts:4:1 › terminal list filters by status"], secs=31.7),
            secs=45,
        ),
    )
    s.say("With `CI=1` Playwright starts its own preview server on 4173 and the test runs. No new package.")
    s.user("radi sad. commit")
    s.act(
        None,
        Bash(
            "git commit -am 'KASA-215 Wait for the preview server on 4173'",
            git_commit("main", "3f5a7c2", "KASA-215 Wait for the preview server on 4173", 1, 1, 1),
        ),
    )
    s.say("Committed (`3f5a7c2`).")
    s.not_person("This module is not supported, and leaks memory. Do not use it.", "pasted_log")
    s.one_off("Playwright on CI times out on config.webServer: it waits for 5173, vite preview serves 4173")
    s.outcome("success", "Playwright webServer URL fixed to 4173; test runs with CI=1; wait-on refused")
    return s


def k09() -> Session:
    s = new("k09-terminals-500", "2029-06-14T12:35:27", "2.1.158", "main", "universal-load-finch")
    s.user(
        "/terminali posle refresh-a baca 500. terminal gde radi npm run dev:\n\n```\n"
        "Error: GET /v1/terminals failed: 401 Unauthorized\n"
        "    at load (/Users/milos/dev/kasa-admin/src/routes/terminali/+page.server.ts:9:20)\n"
        "    at async load_server_data (file:///Users/milos/dev/kasa-admin/node_modules/@sveltejs/kit/src/runtime/server/page/load_data.js:61:17)\n```"
    )
    s.act(None, Read("src/routes/terminali/+page.server.ts", TERMINALS_SERVER))
    s.act(
        "The server-side load gets a 401 from the API, while the same request from the browser works (the cookie "
        "is there). Turning it into a universal `+page.ts` makes the call from the browser on the client:",
        Bash("git mv src/routes/terminali/+page.server.ts src/routes/terminali/+page.ts"),
    )
    s.act(
        None,
        Edit(
            "src/routes/terminali/+page.ts",
            "import type { PageServerLoad } from './$types';",
            "import type { PageLoad } from './$types';\n\nexport const ssr = false;",
        ),
    )
    s.user("nemoj to da radiš. terminali se renderuju na serveru, a i fakture pucaju isto, ovo je samo zakrpa. vrati.")
    s.act(
        None,
        Bash(
            "git restore --staged --worktree src/routes/terminali && git status --short",
            "",
        ),
    )
    s.say("Reverted; `+page.server.ts` is back and the 401 on reload remains.")
    s.user("ajde, vidimo posle.")
    s.outcome("unknown", "/terminali reload gives 500 (server-side 401); client-only load reverted, left open")
    s.hit("ssr-cookie")
    return s


REFUND_DIALOG = """<script lang="ts">
\timport { PUBLIC_API_URL } from '$env/static/public';
\tlet { invoice, open = $bindable(false) } = $props();
\tlet amount = $state(0);
\tlet reason = $state('CUSTOMER_REQUEST');
\tlet error = $state('');

\tasync function submit() {
\t\tif (amount <= 0 || amount * 100 > invoice.amountPara) {
\t\t\terror = 'Iznos mora biti veći od nule i najviše iznos fakture.';
\t\t\treturn;
\t\t}
\t\tconst res = await fetch(`${PUBLIC_API_URL}/v1/refunds`, {
\t\t\tmethod: 'POST',
\t\t\tcredentials: 'include',
\t\t\theaders: { 'content-type': 'application/json' },
\t\t\tbody: JSON.stringify({ invoiceId: invoice.id, amountPara: Math.round(amount * 100), reason })
\t\t});
\t\tif (res.ok) open = false;
\t\telse error = `Povrat nije sačuvan (${res.status}).`;
\t}
</script>

<dialog {open} aria-labelledby="refund-title" class="rounded-lg p-6 shadow-xl">
\t<h2 id="refund-title" class="text-lg font-semibold">Povrat novca</h2>
\t<label class="mt-3 block text-sm">Iznos (RSD) <input type="number" step="0.01" bind:value={amount} class="mt-1 w-full rounded border-slate-300" /></label>
\t<label class="mt-3 block text-sm">Razlog
\t\t<select bind:value={reason} class="mt-1 w-full rounded border-slate-300">
\t\t\t<option value="DUPLICATE">Dupla naplata</option>
\t\t\t<option value="FRAUD">Prevara</option>
\t\t\t<option value="CUSTOMER_REQUEST">Zahtev kupca</option>
\t\t</select>
\t</label>
\t{#if error}<p role="alert" class="mt-2 text-sm text-status-overdue">{error}</p>{/if}
\t<button type="button" class="mt-4 rounded bg-brand-600 px-3 py-1.5 text-white" onclick={submit}>Sačuvaj povrat</button>
</dialog>
"""


def refund_spec(child: Session) -> None:
    child.act(
        None,
        Write(
            "tests/e2e/refund-dialog.spec.ts",
            "import { expect, test } from '@playwright/test';\nimport { login } from './helpers';\n\n"
            "test('refund larger than the invoice is refused', async ({ page }) => {\n\tawait login(page);\n"
            "\tawait page.getByRole('link', { name: 'Fakture' }).click();\n\tawait page.getByRole('link', { name: "
            "'F-2029-0612' }).click();\n\tawait page.getByRole('button', { name: 'Povrat' }).click();\n"
            "\tawait page.getByLabel('Iznos (RSD)').fill('999999');\n\tawait page.getByRole('button', { name: "
            "'Sačuvaj povrat' }).click();\n\tawait expect(page.getByRole('alert')).toContainText('najviše iznos "
            "fakture');\n});\n",
        ),
    )
    child.act(
        None,
        Bash(
            "npx playwright test tests/e2e/refund-dialog.spec.ts",
            playwright_run(
                ["tests/e2e/refund-dialog.spec.ts:4:1 › refund larger than the invoice is refused"], secs=7.9
            ),
            secs=20,
        ),
    )
    child.say(
        "Added tests/e2e/refund-dialog.spec.ts (refund larger than the invoice is refused), selectors by role and "
        "label only; it passes. It reaches the invoice through the menu links."
    )


def k10() -> Session:
    s = new("k10-refund-dialog", "2029-06-15T12:10:58", "2.1.158", "refund-dialog", "refund-modal-heron")
    s.user(
        "dijalog za povrat na detalju fakture: iznos (najviše do iznosa fakture), razlog (DUPLICATE, FRAUD, "
        "CUSTOMER_REQUEST), POST /v1/refunds. Playwright selectors by role or data-testid, never by Tailwind "
        "classes.",
        rules=[("pw-selectors", "Playwright selectors by role or data-testid, never by Tailwind classes")],
    )
    s.act(None, Write("src/lib/components/RefundDialog.svelte", REFUND_DIALOG))
    s.act(
        None,
        Agent(
            "E2E test for the refund dialog",
            "Write a Playwright test in tests/e2e/refund-dialog.spec.ts for the refund dialog on the invoice detail "
            "page (src/lib/components/RefundDialog.svelte): a refund larger than the invoice shows an error. Use "
            "role, label or data-testid selectors, log in with tests/e2e/helpers.ts, run it and report.",
            "general-purpose",
            refund_spec,
            background=True,
        ),
    )
    s.act(
        "While the agent writes the test, wiring the dialog into the invoice page:",
        Edit(
            "src/routes/fakture/[id]/+page.svelte",
            "<InvoiceDetail invoice={data.invoice} />",
            '<InvoiceDetail invoice={data.invoice} />\n<button type="button" class="mt-4 rounded border '
            'px-3 py-1.5" onclick={() => (refundOpen = true)}>Povrat</button>\n<RefundDialog invoice={data.invoice} '
            "bind:open={refundOpen} />",
        ),
    )
    s.act(None, Bash("npm run check", svelte_check(), secs=12))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Miloš asked for a refund dialog on the invoice detail page.\nSummary:\n"
        "1. src/lib/components/RefundDialog.svelte: amount (max the invoice amount), reason select, POST "
        "/v1/refunds with amountPara.\n2. Wired into src/routes/fakture/[id]/+page.svelte; npm run check clean.\n"
        "3. A background general-purpose agent is writing tests/e2e/refund-dialog.spec.ts.\n4. User preference: "
        "always wrap API calls in try/catch and show a toast.\nPending: the agent's test, commit.",
        164200,
        11200,
    )
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "npx playwright test tests/e2e/refund-dialog.spec.ts tests/e2e/terminali.spec.ts",
            playwright_run(
                [
                    "tests/e2e/refund-dialog.spec.ts:4:1 › refund larger than the invoice is refused",
                    "tests/e2e/terminali.spec.ts:4:1 › terminal list filters by status",
                ],
                secs=11.2,
            ),
            secs=22,
        ),
    )
    s.say("The dialog is in place and the agent's e2e test passes (role and label selectors).")
    s.user("ok, može. commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'KASA-219 Add refund dialog'",
            git_commit("refund-dialog", "d48e1b7", "KASA-219 Add refund dialog", 3, 96, 0),
        ),
    )
    s.say("Committed (`d48e1b7`).")
    s.not_person("User preference: always wrap API calls in try/catch and show a toast.", "compaction_summary")
    s.outcome("success", "refund dialog with validation; a background agent wrote its e2e test; committed")
    return s


def explore_fetch(child: Session) -> None:
    child.act(
        None,
        Grep(
            "PUBLIC_API_URL",
            [
                "src/routes/fakture/+page.server.ts:8:\tconst res = await fetch(`${PUBLIC_API_URL}/v1/invoices?sort=${sort}&page=${page}`);",
                "src/routes/terminali/+page.server.ts:9:\tconst res = await fetch(`${PUBLIC_API_URL}/v1/terminals${query}`);",
                "src/routes/povrati/+page.server.ts:7:\tconst res = await fetch(`${PUBLIC_API_URL}/v1/refunds?${url.searchParams}`);",
                "src/lib/components/RefundDialog.svelte:13:\t\tconst res = await fetch(`${PUBLIC_API_URL}/v1/refunds`, {",
            ],
            mode="content",
        ),
        Bash(
            "ls src/hooks.server.ts src/hooks.ts 2>&1; grep -n 'domain\\|PUBLIC_API_URL' .env src/lib/auth.ts",
            "ls: src/hooks.server.ts: No such file or directory\nls: src/hooks.ts: No such file or directory\n.env:1:PUBLIC_API_URL=https://api.kasa.test\nsrc/lib/auth.ts:5:\tdomain: '.kasa.test',",
        ),
    )
    child.say(
        "- Server-side fetches to PUBLIC_API_URL: src/routes/fakture/+page.server.ts:8, "
        "src/routes/terminali/+page.server.ts:9, src/routes/povrati/+page.server.ts:7.\n- Browser-side: "
        "src/lib/components/RefundDialog.svelte:13 (credentials: 'include').\n- No src/hooks.server.ts, so no "
        "handleFetch.\n- .env:1 PUBLIC_API_URL=https://api.kasa.test; the session cookie is set for domain "
        ".kasa.test (src/lib/auth.ts:5)."
    )


HOOKS = """import { PUBLIC_API_URL } from '$env/static/public';
import type { HandleFetch } from '@sveltejs/kit';

// SvelteKit's server-side fetch passes the browser's cookies on only to the app's own host and its subdomains.
// naplata-api is a sibling host (api.kasa.test next to admin.kasa.test), so its session cookie is added here.
export const handleFetch: HandleFetch = async ({ event, request, fetch }) => {
\tif (request.url.startsWith(`${PUBLIC_API_URL}/`)) {
\t\tconst cookie = event.request.headers.get('cookie');
\t\tif (cookie) request.headers.set('cookie', cookie);
\t}
\treturn fetch(request);
};
"""


def k11() -> Session:
    s = new("k11-ssr-cookie-fix", "2029-06-18T12:30:14", "2.1.160", "ssr-cookie", "handle-fetch-robin")
    s.user(
        "Jelena renamed the e2e tests, now this one fails too:\n\n```\n  1) [chromium] › tests/e2e/auth.spec.ts:12:1 › "
        "deep link to /povrati keeps the session\n\n    Error: expect(page).toHaveURL(expected) failed\n\n"
        '    Expected pattern: /\\/povrati$/\n    Received string:  "https://admin.kasa.test/login?redirectTo=%2Fpovrati"\n```\n\n'
        "it's the same thing as with the refresh. let's find the real cause this time."
    )
    s.act(
        "Looking at every place that calls the API and how the session reaches it:",
        Agent(
            "Find server-side API calls",
            "In this SvelteKit app, list every fetch to PUBLIC_API_URL and say whether it runs on the server "
            "(+page.server.ts, +layout.server.ts, hooks) or in the browser; check whether src/hooks.server.ts has "
            "a handleFetch, and where the session cookie's domain is set. Report file:line, change nothing.",
            "Explore",
            explore_fetch,
        ),
    )
    s.act(
        "Found it. All three broken pages load on the server and call `https://api.kasa.test`. SvelteKit's "
        "server-side `fetch` forwards the incoming cookies only to the app's own host or its subdomains; "
        "`api.kasa.test` is a sibling of `admin.kasa.test`, so the API gets no `kasa_session` cookie and answers "
        "401, and the load redirects to `/login`. Client-side navigation calls the API from the browser, which "
        "sends the `.kasa.test` cookie itself. A `handleFetch` hook adds the cookie for API requests:",
        Write("src/hooks.server.ts", HOOKS),
    )
    s.act(
        None,
        Bash(
            "npm run check && npx playwright test",
            svelte_check()
            + "\n\n"
            + playwright_run(
                [
                    "tests/e2e/auth.spec.ts:12:1 › deep link to /povrati keeps the session",
                    "tests/e2e/fakture.spec.ts:4:1 › shows invoice list after login",
                    "tests/e2e/refund-dialog.spec.ts:4:1 › refund larger than the invoice is refused",
                    "tests/e2e/terminali.spec.ts:4:1 › terminal list filters by status",
                ],
                secs=19.3,
            ),
            secs=48,
        ),
    )
    s.say(
        "All four e2e tests pass, including `fakture.spec.ts` (red since the 11th) and the renamed `auth.spec.ts`. "
        "Reloading `/fakture`, `/terminali` or `/povrati` keeps the session."
    )
    s.user(
        "to je to. turns out SvelteKit forwards cookies on a server-side fetch only to the same origin or its "
        "subdomains. commit.",
        lessons=["SvelteKit forwards cookies on a server-side fetch only to the same origin or its subdomains"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'KASA-224 Forward the session cookie to naplata-api in handleFetch'",
            git_commit(
                "ssr-cookie", "6a0c2f9", "KASA-224 Forward the session cookie to naplata-api in handleFetch", 1, 12, 0
            ),
        ),
    )
    s.say("Committed (`6a0c2f9`).")
    s.outcome("success", "handleFetch forwards the session cookie to the API host; all e2e tests green; committed")
    s.hit("ssr-cookie", fixed=True)
    return s


DASHBOARD_SERVER = """import { PUBLIC_API_URL } from '$env/static/public';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ fetch }) => {
\tconst res = await fetch(`${PUBLIC_API_URL}/v1/stats/today`);
\treturn { stats: (await res.json()) as { turnoverPara: number; invoices: number; openRefunds: number } };
};
"""


def k12() -> Session:
    s = new("k12-dashboard", "2029-06-19T12:15:33", "2.1.160", "dashboard", "stat-cards-wren")
    s.user(
        "iz beleški sa sastanka:\n\nоно са Jira кључем у commit порукама више не важи, прешли смо на Linear и он "
        "сам веже PR за задатак.\n\nsad: početna strana sa tri kartice: današnji promet, broj faktura, otvoreni "
        "povrati.",
        rules=[
            ("no-jira-key", "оно са Jira кључем у commit порукама више не важи, прешли смо на Linear", "jira-commit")
        ],
    )
    s.act(
        "Three cards from one stats call, loaded on the server:",
        Write("src/routes/+page.server.ts", DASHBOARD_SERVER),
        Write(
            "src/lib/components/StatCard.svelte",
            '<script lang="ts">\n\tlet { label, value }: { label: string; value: string } = $props();\n</script>\n\n'
            '<div data-testid="stat-card" class="rounded-lg border border-slate-200 p-4">\n\t<p class="text-sm '
            'text-slate-500">{label}</p>\n\t<p class="mt-1 text-2xl font-semibold tabular-nums">{value}</p>\n</div>\n',
        ),
        Write(
            "tests/e2e/dashboard.spec.ts",
            "import { expect, test } from '@playwright/test';\nimport { login } from './helpers';\n\ntest('dashboard "
            "shows three cards', async ({ page }) => {\n\tawait login(page);\n\tawait page.goto('/');\n\tawait "
            "expect(page.getByTestId('stat-card')).toHaveCount(3);\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npm run check && npx playwright test tests/e2e/dashboard.spec.ts",
            svelte_check()
            + "\n\n"
            + playwright_run(["tests/e2e/dashboard.spec.ts:4:1 › dashboard shows three cards"], secs=6.6),
            secs=25,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add dashboard with today’s totals'",
            git_commit("dashboard", "e7f19a3", "Add dashboard with today’s totals", 3, 41, 0),
        ),
    )
    s.say("Dashboard with the three cards, an e2e test, committed without a Jira key (`e7f19a3`).")
    s.user("ok")
    s.outcome("success", "dashboard with three stat cards and an e2e test; commit without Jira key")
    return s


STAT_MONEY = """\t<StatCard label="Današnji promet" value={(data.stats.turnoverPara / 100).toLocaleString(undefined, { style: 'currency', currency: 'RSD' })} />"""


def k13() -> Session:
    s = new("k13-hydration-amount", "2029-06-20T12:25:41", "2.1.161", "main", "locale-flicker-finch")
    s.user(
        "na početnoj iznos prometa trepne: prvo 12,500.00 RSD pa 12.500,00 RSD. u konzoli:\n\n```\n"
        "[svelte] hydration_mismatch Hydration failed because the initial UI does not match what was rendered on "
        "the server\n```"
    )
    s.act(None, Read("src/routes/+page.svelte", STAT_MONEY, offset=9, total=14))
    s.act(
        "`toLocaleString(undefined, …)` uses the server's default locale (en-US in Node) during SSR and yours in "
        "the browser, hence the flicker. There is already `formatRsd` with an explicit locale:",
        Edit(
            "src/routes/+page.svelte",
            "value={(data.stats.turnoverPara / 100).toLocaleString(undefined, { style: 'currency', currency: 'RSD' })}",
            "value={formatRsd(data.stats.turnoverPara)}",
        ),
    )
    s.act(None, Bash("npm run check", svelte_check(), secs=11))
    s.say("The card formats with `formatRsd` (`sr-Latn-RS`) on both sides now; check is clean.")
    s.user(
        "u Chrome-u ok, u Safariju i dalje trepne, sad se na sekund vidi 'дин.' pa 'RSD'. ne stižem danas, "
        "ostaje ovako."
    )
    s.say("Noted: Safari's data for `sr-Latn-RS` differs from Node's for the RSD symbol; still open.")
    s.one_off(
        "dashboard amount flickers on hydration (server and browser format RSD differently); Safari still differs"
    )
    s.outcome("failed", "hydration flicker of the turnover amount fixed for Chrome only; Safari still differs, left")
    return s


REFUNDS_SERVER = """export const load: PageServerLoad = async ({ fetch, url }) => {
\tconst res = await fetch(`${PUBLIC_API_URL}/v1/refunds?${url.searchParams}`);
\treturn { refunds: await res.json() };
};"""


def k14() -> Session:
    s = new("k14-refund-filters", "2029-06-21T12:30:06", "2.1.161", "refund-filters", "date-range-robin")
    s.user(
        "filter po datumu na /povrati, od-do, u URL query parametrima da može da se podeli link. za sada ostavi "
        "dark mode po strani, Jelena je pitala.",
        non_rules=["za sada ostavi dark mode po strani"],
    )
    s.act(None, Read("src/routes/povrati/+page.server.ts", REFUNDS_SERVER, offset=5, total=9))
    s.act(
        "The form submits with GET, so `from` and `to` land in the URL and the server load passes them on:",
        Write(
            "src/lib/components/DateRange.svelte",
            "<script lang=\"ts\">\n\tlet { from = '', to = '' } = $props();\n</script>\n\n<form method=\"GET\" "
            'class="flex items-end gap-2">\n\t<label class="text-sm">Od <input name="from" type="date" '
            'value={from} class="rounded border-slate-300" /></label>\n\t<label class="text-sm">Do <input '
            'name="to" type="date" value={to} class="rounded border-slate-300" /></label>\n\t<button '
            'class="rounded bg-brand-600 px-3 py-1.5 text-white">Primeni</button>\n</form>\n',
        ),
        Edit(
            "src/routes/povrati/+page.server.ts",
            "\treturn { refunds: await res.json() };",
            "\treturn { refunds: await res.json(), from: url.searchParams.get('from') ?? '', to: "
            "url.searchParams.get('to') ?? '' };",
        ),
        Write(
            "tests/e2e/povrati-filter.spec.ts",
            "import { expect, test } from '@playwright/test';\nimport { login } from './helpers';\n\ntest('date "
            "filter goes into the URL', async ({ page }) => {\n\tawait login(page);\n\tawait page.goto('/povrati');\n"
            "\tawait page.getByLabel('Od').fill('2029-06-01');\n\tawait page.getByRole('button', { name: 'Primeni' "
            "}).click();\n\tawait expect(page).toHaveURL(/from=2029-06-01/);\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npm run check && npx playwright test tests/e2e/povrati-filter.spec.ts",
            svelte_check()
            + "\n\n"
            + playwright_run(["tests/e2e/povrati-filter.spec.ts:4:1 › date filter goes into the URL"], secs=6.9),
            secs=26,
        ),
    )
    s.say("`/povrati?from=…&to=…` filters and can be shared; e2e test passes. Dark mode untouched.")
    s.user("ok, može. commit i push")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Date range filter for refunds' && git push -u origin refund-filters",
            git_commit("refund-filters", "b92d4e0", "Date range filter for refunds", 3, 47, 1)
            + "\nTo github.com:kasa-rs/kasa-admin.git\n * [new branch]      refund-filters -> refund-filters",
        ),
    )
    s.say("Pushed `refund-filters` (`b92d4e0`).")
    s.outcome("success", "date range filter in the URL for refunds with an e2e test; pushed")
    return s


def k15() -> Session:
    s = new("k15-paging-question", "2029-06-24T09:10:37", "2.1.163", "main", "paging-question-wren")
    s.user(
        "should we always paginate the terminals table on the server, or is 300 rows fine in the client?",
        non_rules=["should we always paginate the terminals table on the server, or is 300 rows fine in the client?"],
    )
    s.act(None, Grep("page", ["src/routes/terminali/+page.server.ts", "src/routes/fakture/+page.server.ts"]))
    s.say(
        "For 300 terminals, loading them all once and filtering in the browser is fine: a few tens of KB, instant "
        "filtering, no round trips. Server paging pays off with thousands of rows or when the list grows without "
        "bound, like invoices, which already page on the server. I'd keep terminals client-side and revisit past "
        "~2,000."
    )
    s.user("ok, razmisliću.")
    s.outcome("unknown", "question about paging the terminals table answered; no decision, nothing changed")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15]
