"""Sravya's `pantalu-dash` sessions (d01-d15): a TypeScript dashboard of the pipeline's mandi prices, Next.js 15
(app router, server components), tRPC 11, Prisma 6 on Postgres, Vitest, Playwright, pnpm, deployed on Railway
(build, pre-deploy and start commands; Postgres on the private network). Times are UTC; Hyderabad is UTC+5:30."""

from __future__ import annotations

from fake_output import DASH, git_commit, next_build, playwright_run, route_table, vitest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, TodoWrite, Write

PROJECT = "pantalu-dash"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=DASH, project=PROJECT)


def ide(path: str) -> list[str]:
    """The VS Code extension's note on the file open in the editor."""
    return [
        f"<ide_opened_file>The user opened the file {DASH}/{path} in the IDE. This may or may not be related to "
        "the current task.</ide_opened_file>"
    ]


ROOT_TS = """import { createCallerFactory, createTRPCRouter } from "~/server/api/trpc";
import { pricesRouter } from "~/server/api/routers/prices";

export const appRouter = createTRPCRouter({
  prices: pricesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
"""

ROOT_TS_2 = ROOT_TS.replace(
    'import { pricesRouter } from "~/server/api/routers/prices";\n',
    'import { mandisRouter } from "~/server/api/routers/mandis";\nimport { pricesRouter } from "~/server/api/routers/prices";\n',
).replace("  prices: pricesRouter,\n", "  mandis: mandisRouter,\n  prices: pricesRouter,\n")
ROOT_TS_3 = ROOT_TS_2.replace(
    'import { pricesRouter } from "~/server/api/routers/prices";\n',
    'import { pricesRouter } from "~/server/api/routers/prices";\nimport { watchlistRouter } from "~/server/api/routers/watchlist";\n',
).replace("  prices: pricesRouter,\n", "  prices: pricesRouter,\n  watchlist: watchlistRouter,\n")

TRPC_SERVER = """import "server-only";

import { createCaller } from "~/server/api/root";
import { createTRPCContext } from "~/server/api/trpc";

/** tRPC for server components: the same routers, called in-process. */
export const api = createCaller(() => createTRPCContext({ headers: new Headers() }));
"""

PRICES_PAGE = """import { formatDay } from "~/lib/dates";
import { api } from "~/trpc/server";

export default async function PricesPage() {
  const rows = await api.prices.latest();
  return (
    <section>
      <h1 className="text-xl font-semibold">Latest mandi prices</h1>
      <table className="mt-4 w-full text-sm">
        <thead>
          <tr>
            <th className="text-left">Mandi</th>
            <th className="text-left">Commodity</th>
            <th>Date</th>
            <th className="text-right">Modal (₹/qtl)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.mandi.name}</td>
              <td>{r.commodity.name}</td>
              <td className="text-center">{formatDay(r.arrivalDate)}</td>
              <td className="text-right">{r.modalPrice}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
"""

MANDIS_ROUTER = """import { z } from "zod";

import { createTRPCRouter, publicProcedure } from "~/server/api/trpc";

export const mandisRouter = createTRPCRouter({
  list: publicProcedure
    .input(z.object({ state: z.string().optional() }))
    .query(({ ctx, input }) =>
      ctx.db.mandi.findMany({
        where: input.state ? { state: input.state } : undefined,
        orderBy: [{ state: "asc" }, { name: "asc" }],
      }),
    ),
});
"""

MANDIS_PAGE_CLIENT = """"use client";

import { useSearchParams } from "next/navigation";

import { api } from "~/trpc/react";

export default function MandisPage() {
  const state = useSearchParams().get("state") ?? undefined;
  const { data: mandis = [], isLoading } = api.mandis.list.useQuery({ state });
  if (isLoading) return <p>Loading…</p>;
  return (
    <table className="w-full text-sm">
      <tbody>
        {mandis.map((m) => (
          <tr key={m.id}><td>{m.name}</td><td>{m.district}</td><td>{m.state}</td></tr>
        ))}
      </tbody>
    </table>
  );
}
"""

MANDIS_PAGE = """import { api } from "~/trpc/server";

import { StateFilter } from "./state-filter";

export default async function MandisPage({ searchParams }: { searchParams: Promise<{ state?: string }> }) {
  const { state } = await searchParams;
  const mandis = await api.mandis.list({ state });
  return (
    <section>
      <h1 className="text-xl font-semibold">Mandis</h1>
      <StateFilter current={state} />
      <table className="mt-4 w-full text-sm">
        <tbody>
          {mandis.map((m) => (
            <tr key={m.id}>
              <td>{m.name}</td>
              <td>{m.district}</td>
              <td>{m.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
"""

STATE_FILTER = """"use client";

import { useRouter } from "next/navigation";

const STATES = ["Telangana", "Andhra Pradesh"];

export function StateFilter({ current }: { current?: string }) {
  const router = useRouter();
  return (
    <label className="mt-2 block text-sm">
      State{" "}
      <select
        value={current ?? ""}
        onChange={(e) => router.push(e.target.value ? `/mandis?state=${encodeURIComponent(e.target.value)}` : "/mandis")}
      >
        <option value="">All</option>
        {STATES.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </select>
    </label>
  );
}
"""

D01_ROUTES = [
    ("○", "/", "5.21 kB"),
    ("○", "/_not-found", "977 B"),
    ("ƒ", "/api/trpc/[trpc]", "135 B"),
    ("ƒ", "/mandis", "1.62 kB"),
    ("○", "/prices", "1.48 kB"),
]


def d01() -> Session:
    s = new("d01-mandis-page", "2027-07-05T09:30:44", "2.1.157", "mandis", "state-filter-koel")
    s.user(
        "Afternoon! Switching to pantalu-dash. It already has the latest-prices page at /prices from last week "
        "(server component, tRPC server caller, Prisma). Decided: Postgres on Railway for the dashboard — the "
        "pipeline publishes its marts into it, DuckDB stays the pipeline's own store. This repo is pnpm; please "
        "don't run npm or npx here, use pnpm dlx if you need a one-off tool. Today: /mandis, a table of mandis "
        "filterable by state (?state=Telangana).",
        decisions=[
            "Postgres on Railway for the dashboard — the pipeline publishes its marts into it, DuckDB stays the "
            "pipeline's own store"
        ],
        rules=[
            (
                "pnpm-only",
                "This repo is pnpm; please don't run npm or npx here, use pnpm dlx if you need a one-off tool",
            )
        ],
    )
    s.title("Mandis page filterable by state")
    s.act(None, Read("src/server/api/root.ts", ROOT_TS), Read("src/app/(dashboard)/prices/page.tsx", PRICES_PAGE))
    s.act(
        "A `mandis.list` procedure and the page:",
        Write("src/server/api/routers/mandis.ts", MANDIS_ROUTER),
        Edit(
            "src/server/api/root.ts",
            'import { pricesRouter } from "~/server/api/routers/prices";\n\nexport const appRouter = createTRPCRouter({\n'
            "  prices: pricesRouter,\n",
            'import { mandisRouter } from "~/server/api/routers/mandis";\nimport { pricesRouter } from '
            '"~/server/api/routers/prices";\n\nexport const appRouter = createTRPCRouter({\n  mandis: mandisRouter,\n'
            "  prices: pricesRouter,\n",
        ),
        Write("src/app/(dashboard)/mandis/page.tsx", MANDIS_PAGE_CLIENT),
    )
    s.user(
        "oka chinna vishayam: kotha pages anni server components ga rayi, 'use client' interactive parts ki "
        "matrame — data server lo ne fetch avvali, client ki anavasaram ga JS pampakudadu. ee page ni malli server "
        "component ga rayi please.",
        rules=[
            (
                "server-components",
                "kotha pages anni server components ga rayi, 'use client' interactive parts ki matrame",
            )
        ],
    )
    s.act(
        "The page reads `searchParams` on the server and calls the procedure through the server caller; only the "
        "state dropdown is a client component:",
        Write("src/app/(dashboard)/mandis/page.tsx", MANDIS_PAGE),
        Write("src/app/(dashboard)/mandis/state-filter.tsx", STATE_FILTER),
    )
    s.act(
        None,
        Bash(
            "pnpm typecheck && pnpm build",
            "\n> pantalu-dash@0.1.0 typecheck " + DASH + "\n> tsc --noEmit\n" + next_build(D01_ROUTES),
            secs=38,
        ),
    )
    s.say(
        "`/mandis` renders on the server (it reads `searchParams`, so it is dynamic), with the state filter as "
        "the only client component. Typecheck and build pass."
    )
    s.user("looks good 👍 thanks! I'll push it to Railway myself.")
    s.outcome("success", "/mandis as a server component with a client-side state filter; build passes")
    return s


SCHEMA_MANDI = """model Mandi {
  id       Int     @id @default(autoincrement())
  name     String
  district String
  state    String
  prices   Price[]

  @@unique([name, district])
}"""

WATCHLIST_ROUTER = """import { z } from "zod";

import { createTRPCRouter, publicProcedure } from "~/server/api/trpc";

export const watchlistRouter = createTRPCRouter({
  add: publicProcedure
    .input(z.object({ sid: z.string().uuid(), mandiId: z.number().int() }))
    .mutation(({ ctx, input }) =>
      ctx.db.watchlistItem.upsert({ where: { sid_mandiId: input }, create: input, update: {} }),
    ),
});
"""

STAR_BUTTON = """"use client";

import { api } from "~/trpc/react";

export function StarButton({ mandiId, sid }: { mandiId: number; sid: string }) {
  const add = api.watchlist.add.useMutation();
  return (
    <button
      type="button"
      aria-label="Add to watchlist"
      disabled={add.isPending}
      onClick={() => add.mutate({ sid, mandiId })}
    >
      {add.isSuccess ? "★" : "☆"}
    </button>
  );
}
"""

ROUTE_TS = """import { fetchRequestHandler } from "@trpc/server/adapters/fetch";

import { appRouter } from "~/server/api/root";
import { createTRPCContext } from "~/server/api/trpc";

const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createTRPCContext({ headers: req.headers }),
  });

export { handler as GET };
"""


def d02() -> Session:
    s = new("d02-watchlist-star", "2027-07-06T10:10:27", "2.1.157", "watchlist", "star-button-myna")
    s.user(
        "Watchlist next: a star button on each /mandis row that saves the mandi to a watchlist for this browser "
        "(middleware.ts already sets an anonymous `sid` cookie). Decision: tRPC over server actions for the data "
        "API, since the mobile app next year needs the same endpoints. I'd prefer every schema change goes "
        "through prisma migrate dev with a named migration; db push is fine for throwaway databases, not this one.",
        decisions=[
            "tRPC over server actions for the data API, since the mobile app next year needs the same endpoints"
        ],
        rules=[
            ("migrate-dev", "I'd prefer every schema change goes through prisma migrate dev with a named migration")
        ],
    )
    s.act(
        None,
        Read("prisma/schema.prisma", SCHEMA_MANDI, offset=10, total=44),
        Read("src/server/api/root.ts", ROOT_TS_2),
        Read("src/app/(dashboard)/mandis/page.tsx", MANDIS_PAGE),
    )
    s.act(
        None,
        Edit(
            "prisma/schema.prisma",
            "  prices   Price[]\n\n  @@unique([name, district])\n}",
            "  prices    Price[]\n  watchlist WatchlistItem[]\n\n  @@unique([name, district])\n}\n\n"
            "model WatchlistItem {\n  id        Int      @id @default(autoincrement())\n  sid       String\n"
            "  mandiId   Int\n  createdAt DateTime @default(now())\n"
            "  mandi     Mandi    @relation(fields: [mandiId], references: [id])\n\n  @@unique([sid, mandiId])\n}",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm prisma migrate dev --name add_watchlist",
            "Environment variables loaded from .env\nPrisma schema loaded from prisma/schema.prisma\n"
            'Datasource "db": PostgreSQL database "pantalu", schema "public" at "localhost:5432"\n\n'
            "Applying migration `20270706104112_add_watchlist`\n\nThe following migration(s) have been created and "
            "applied from new schema changes:\n\nprisma/migrations/\n  └─ 20270706104112_add_watchlist/\n"
            "    └─ migration.sql\n\nYour database is now in sync with your schema.\n\n✔ Generated Prisma Client "
            "(v6.11.1) to ./node_modules/@prisma/client in 88ms",
            secs=9,
        ),
    )
    s.act(
        None,
        Write("src/server/api/routers/watchlist.ts", WATCHLIST_ROUTER),
        Write("src/app/(dashboard)/mandis/star-button.tsx", STAR_BUTTON),
        Edit(
            "src/server/api/root.ts",
            "  mandis: mandisRouter,\n",
            "  mandis: mandisRouter,\n  watchlist: watchlistRouter,\n",
        ),
        Edit(
            "src/app/(dashboard)/mandis/page.tsx",
            "              <td>{m.state}</td>\n",
            "              <td>{m.state}</td>\n              <td>\n                <StarButton mandiId={m.id} sid={sid} />\n"
            "              </td>\n",
        ),
        Edit(
            "src/app/(dashboard)/mandis/page.tsx",
            "  const mandis = await api.mandis.list({ state });\n",
            '  const mandis = await api.mandis.list({ state });\n  const sid = (await cookies()).get("sid")?.value ?? "";\n',
        ),
        Edit(
            "src/app/(dashboard)/mandis/page.tsx",
            'import { StateFilter } from "./state-filter";',
            'import { StarButton } from "./star-button";\nimport { StateFilter } from "./state-filter";',
        ),
        Edit(
            "src/app/(dashboard)/mandis/page.tsx",
            'import { api } from "~/trpc/server";',
            'import { cookies } from "next/headers";\n\nimport { api } from "~/trpc/server";',
        ),
    )
    s.say(
        "Migration `20270706104112_add_watchlist` adds `WatchlistItem` (unique per sid and mandi); "
        "`watchlist.add` upserts, and each row has a star button (the page passes the `sid` cookie down)."
    )
    s.user(
        "clicking the star does nothing, console says:\n\n```\nPOST http://localhost:3000/api/trpc/watchlist.add?"
        "batch=1 405 (Method Not Allowed)\nTRPCClientError: Unexpected end of JSON input\n    at "
        "TRPCClientError.from (webpack-internal:///(app-pages-browser)/./node_modules/.pnpm/@trpc+client@11.4.3_"
        "@trpc+server@11.4.3/node_modules/@trpc/client/dist/TRPCClientError.mjs:45:16)\n```"
    )
    s.act(None, Read("src/app/api/trpc/[trpc]/route.ts", ROUTE_TS))
    s.act(
        "The route handler exports only `GET`. Queries go out as GET, but mutations are POST, and Next answers a "
        "method the route doesn't export with an empty 405, which the client then fails to parse:",
        Edit(
            "src/app/api/trpc/[trpc]/route.ts",
            "export { handler as GET };",
            "export { handler as GET, handler as POST };",
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s -o /dev/null -w '%{http_code}\\n' -X POST -H 'content-type: application/json' "
            '\'http://localhost:3000/api/trpc/watchlist.add?batch=1\' -d \'{"0":{"json":{"sid":'
            '"0d7c2f0e-3b1a-4c5d-9e8f-1a2b3c4d5e6f","mandiId":3}}}\'',
            "200",
        ),
    )
    s.say("POST is exported now and `watchlist.add` answers 200.")
    s.user("works now, and the row is in the DB too. thanks!")
    s.one_off(
        "tRPC mutations fail with '405 (Method Not Allowed)' and 'TRPCClientError: Unexpected end of JSON input' "
        "because the app-router route handler exported only GET; POST added"
    )
    s.outcome("success", "watchlist table by migrate dev, star button mutation; route handler exports POST")
    return s


NEXT_CONFIG = """import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "standalone",
};

export default nextConfig;
"""


def d03() -> Session:
    s = new("d03-stale-prices", "2027-07-07T10:30:11", "2.1.158", "main", "frozen-board-drongo")
    s.user(
        "production lo /prices page Monday deploy tarvata nunchi maaratledu. pipeline prathi roju 7 ki publish "
        "chestundi, psql lo chusthe DB lo kotha rows unnayi, kani page lo inka Monday prices ee chupistundi. local "
        "lo `pnpm dev` lo correct ga vastundi. enti idi?"
    )
    s.act(None, Read("src/app/(dashboard)/prices/page.tsx", PRICES_PAGE), Read("next.config.ts", NEXT_CONFIG))
    s.act(
        "`pnpm dev` renders every request, so the difference is in production. Two things could be handing out "
        "Monday's page there: an HTTP cache in front of the app (the browser or Railway's edge), or Next's own "
        "output from build time. The headers are the cheaper one to rule out, so `/prices` gets `no-store`:",
        Edit(
            "next.config.ts",
            '  output: "standalone",\n',
            '  output: "standalone",\n  async headers() {\n    return [{ source: "/prices", headers: [{ key: '
            '"Cache-Control", value: "no-store" }] }];\n  },\n',
        ),
    )
    s.act(None, Bash("pnpm typecheck", "\n> pantalu-dash@0.1.0 typecheck " + DASH + "\n> tsc --noEmit", secs=8))
    s.say("Typecheck passes. Deploy it and check `/prices` with a hard refresh.")
    s.user(
        "deploy chesanu, hard refresh, incognito kuda chusanu — inka Monday prices ee. inka work avvaledu. ee "
        "roju ki aapesthanu, client call undi."
    )
    s.say("Understood. The header is live and changed nothing, so a cache in front of the app is ruled out.")
    s.outcome("failed", "production /prices still shows Monday's prices; a no-store header changed nothing")
    s.hit("db-prerender-at-build")
    return s


CONTRIBUTING = """# Contributing to pantalu-dash

- `pnpm lint && pnpm typecheck` before pushing; CI runs the same.
- Data comes from Postgres through the tRPC routers in src/server/api/routers.
- Never import from @prisma/client in a client component; fetch through tRPC instead.
- e2e tests live in tests/e2e (Playwright)."""

PLAYWRIGHT_CONFIG = """import { defineConfig, devices } from "@playwright/test";

export default defineConfig({
  testDir: "tests/e2e",
  use: { baseURL: "http://localhost:3100" },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: { command: "pnpm dev -p 3100", url: "http://localhost:3100", reuseExistingServer: true },
});
"""

WATCHLIST_PAGE = """import { cookies } from "next/headers";

import { api } from "~/trpc/server";

export default async function WatchlistPage() {
  const sid = (await cookies()).get("sid")?.value ?? "";
  const items = await api.watchlist.list({ sid });
  return (
    <section>
      <h1 className="text-xl font-semibold">Watchlist</h1>
      <ul className="mt-4 space-y-1">
        {items.map((i) => (
          <li key={i.mandi.id}>
            {i.mandi.name} · {i.latest ? `${i.latest.commodity} ${i.latest.modalPrice}` : "no prices yet"}
          </li>
        ))}
      </ul>
    </section>
  );
}
"""

WATCHLIST_SPEC_CSS = """import { expect, test } from "@playwright/test";

test("starred mandi shows on the watchlist", async ({ page }) => {
  await page.goto("/mandis?state=Telangana");
  await page.locator("table tbody tr:nth-child(3) td:last-child button").click();
  await page.goto("/watchlist");
  await expect(page.locator("section ul li")).toHaveCount(1);
});
"""

WATCHLIST_SPEC = """import { expect, test } from "@playwright/test";

test("starred mandi shows on the watchlist", async ({ page }) => {
  await page.goto("/mandis?state=Telangana");
  const star = page.getByRole("row", { name: /Warangal/ }).getByRole("button", { name: "Add to watchlist" });
  await star.click();
  await expect(star).toHaveText("★");
  await page.goto("/watchlist");
  await expect(page.getByRole("listitem").filter({ hasText: "Warangal" })).toBeVisible();
});
"""


def d04() -> Session:
    s = new("d04-watchlist-page", "2027-07-08T10:00:36", "2.1.158", "watchlist", "starred-list-shama")
    s.user(
        "I need a /watchlist page: the starred mandis with their latest modal prices. And a Playwright test "
        "please — star one and check that it shows up on /watchlist."
    )
    s.act(
        None,
        Read("CONTRIBUTING.md", CONTRIBUTING),
        Read("playwright.config.ts", PLAYWRIGHT_CONFIG),
        Read("src/server/api/routers/watchlist.ts", WATCHLIST_ROUTER),
    )
    s.act(
        "Through tRPC as CONTRIBUTING.md asks: a `watchlist.list` query with each mandi's latest price, the page "
        "reading the `sid` cookie, and the e2e test:",
        Edit(
            "src/server/api/routers/watchlist.ts",
            "export const watchlistRouter = createTRPCRouter({\n",
            "export const watchlistRouter = createTRPCRouter({\n  list: publicProcedure.input(z.object({ sid: "
            "z.string() })).query(async ({ ctx, input }) => {\n    const items = await ctx.db.watchlistItem.findMany({\n"
            "      where: { sid: input.sid },\n      include: { mandi: { include: { prices: { orderBy: { arrivalDate: "
            '"desc" }, take: 1, include: { commodity: true } } } } },\n    });\n    return items.map((i) => ({\n'
            "      mandi: i.mandi,\n      latest: i.mandi.prices[0] && { commodity: i.mandi.prices[0].commodity.name, "
            "modalPrice: i.mandi.prices[0].modalPrice },\n    }));\n  }),\n",
        ),
        Write("src/app/(dashboard)/watchlist/page.tsx", WATCHLIST_PAGE),
        Write("tests/e2e/watchlist.spec.ts", WATCHLIST_SPEC_CSS),
    )
    s.user(
        "Playwright tests లో getByRole, getByLabel వాడు; CSS selectors నాకు ఇష్టం లేదు, అవి ప్రతి design change కి విరిగిపోతాయి.",
        rules=[("playwright-roles", "Playwright tests లో getByRole, getByLabel వాడు; CSS selectors నాకు ఇష్టం లేదు")],
    )
    s.act("By role and accessible name instead:", Write("tests/e2e/watchlist.spec.ts", WATCHLIST_SPEC))
    s.act(
        None,
        Bash(
            "pnpm exec playwright test tests/e2e/watchlist.spec.ts",
            playwright_run(["watchlist.spec.ts:3:5 › starred mandi shows on the watchlist"], secs=6.8),
            secs=22,
        ),
    )
    s.say(
        "`/watchlist` lists the starred mandis with their latest modal price; the test finds the Warangal row and "
        "its star by role and name and passes."
    )
    s.user("చాలా బాగుంది, థాంక్స్!")
    s.not_person("Never import from @prisma/client in a client component; fetch through tRPC instead.", "tool_output")
    s.outcome("success", "watchlist page with latest prices; Playwright test by role passes")
    return s


COMMODITY_PAGE = """import { notFound } from "next/navigation";

import { api } from "~/trpc/server";

export default async function CommodityPage({ params }: { params: { slug: string } }) {
  const commodity = await api.commodities.bySlug({ slug: params.slug });
  if (!commodity) notFound();
  return (
    <section>
      <h1 className="text-xl font-semibold">{commodity.name}</h1>
      <table className="mt-4 w-full text-sm">
        <tbody>
          {commodity.latest.map((p) => (
            <tr key={p.id}>
              <td>{p.mandi.name}</td>
              <td className="text-right">{p.modalPrice}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
"""

FORMAT_TS = """const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** Rupees with Indian digit grouping: 125000 -> "₹1,25,000". */
export function formatInr(rupees: number): string {
  return inr.format(rupees);
}
"""

FORMAT_TEST = """import { describe, expect, it } from "vitest";

import { formatInr } from "./format";

describe("formatInr", () => {
  it("groups in lakhs", () => expect(formatInr(125000)).toBe("₹1,25,000"));
  it("drops paise", () => expect(formatInr(2450.5)).toBe("₹2,451"));
});
"""


def d05() -> Session:
    s = new("d05-await-params", "2027-07-09T10:20:58", "2.1.158", "commodity-page", "awaited-params-bulbul")
    s.user(
        "I wrote the commodity page yesterday, partly copied from my old Next 14 project, and now the build "
        "breaks:\n\n```\n ⚠ Error: Route "
        '"/commodities/[slug]" used `params.slug`. `params` should be awaited before using its properties. Learn '
        "more: https://nextjs.org/docs/messages/sync-dynamic-apis\n    at CommodityPage "
        "(src/app/(dashboard)/commodities/[slug]/page.tsx:6:67)\n\nType error: Type '{ params: { slug: string; }; "
        "}' does not satisfy the constraint 'PageProps'.\n  Types of property 'params' are incompatible.\n    Type "
        "'{ slug: string; }' is missing the following properties from type 'Promise<any>': then, catch, finally, "
        "[Symbol.toStringTag]\n```"
    )
    s.act(None, Read("src/app/(dashboard)/commodities/[slug]/page.tsx", COMMODITY_PAGE))
    s.act(
        "In Next 15 `params` is a Promise for pages; the type and the access both change:",
        Edit(
            "src/app/(dashboard)/commodities/[slug]/page.tsx",
            "export default async function CommodityPage({ params }: { params: { slug: string } }) {\n"
            "  const commodity = await api.commodities.bySlug({ slug: params.slug });",
            "export default async function CommodityPage({ params }: { params: Promise<{ slug: string }> }) {\n"
            "  const { slug } = await params;\n  const commodity = await api.commodities.bySlug({ slug });",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build",
            next_build(
                [
                    *D01_ROUTES[:3],
                    ("ƒ", "/commodities/[slug]", "1.12 kB"),
                    *D01_ROUTES[3:],
                    ("ƒ", "/watchlist", "1.05 kB"),
                ]
            ),
            secs=41,
        ),
    )
    s.say("The build passes; `/commodities/[slug]` awaits its params.")
    s.user(
        "thanks! inkoti: prices anni ₹ tho Indian grouping lo chupinchu, ₹1,25,000 laaga, 'per quintal' label "
        "tho. lakhs, thousands Indian style lo chadavadam ne naaku alavatu.",
        rules=[("inr-format", "prices anni ₹ tho Indian grouping lo chupinchu, ₹1,25,000 laaga")],
    )
    s.act(None, Read("src/app/(dashboard)/prices/page.tsx", PRICES_PAGE))
    s.act(
        "A `formatInr` helper with en-IN grouping, used on both price tables:",
        Write("src/lib/format.ts", FORMAT_TS),
        Write("src/lib/format.test.ts", FORMAT_TEST),
        Edit(
            "src/app/(dashboard)/commodities/[slug]/page.tsx",
            '<td className="text-right">{p.modalPrice}</td>',
            '<td className="text-right">{formatInr(p.modalPrice)} / qtl</td>',
        ),
        Edit(
            "src/app/(dashboard)/commodities/[slug]/page.tsx",
            'import { api } from "~/trpc/server";',
            'import { formatInr } from "~/lib/format";\nimport { api } from "~/trpc/server";',
        ),
        Edit(
            "src/app/(dashboard)/prices/page.tsx",
            '<td className="text-right">{r.modalPrice}</td>',
            '<td className="text-right">{formatInr(r.modalPrice)} / qtl</td>',
        ),
        Edit(
            "src/app/(dashboard)/prices/page.tsx",
            'import { formatDay } from "~/lib/dates";',
            'import { formatDay } from "~/lib/dates";\nimport { formatInr } from "~/lib/format";',
        ),
    )
    s.act(None, Bash("pnpm vitest run", vitest_run([("src/lib/dates.test.ts", 2), ("src/lib/format.test.ts", 2)])))
    s.say("Prices on `/prices` and the commodity pages read like `₹1,25,000 / qtl` (en-IN grouping, no paise).")
    s.user("perfect, thanks!")
    s.not_person("`params` should be awaited before using its properties.", "pasted_log")
    s.one_off(
        "a commodity page copied from a Next.js 14 project fails the Next 15 build: '`params` should be awaited before "
        "using its properties' and a PageProps type error; params typed as a Promise and awaited"
    )
    s.outcome("success", "params awaited on the commodity page; prices formatted with Indian grouping")
    return s


PLAYWRIGHT_CONFIG_BUILD = PLAYWRIGHT_CONFIG.replace(
    'command: "pnpm dev -p 3100"', 'command: "pnpm build && pnpm start -p 3100"'
).replace("reuseExistingServer: true", "reuseExistingServer: false, timeout: 180_000")

PRICES_SPEC = """import { expect, test } from "@playwright/test";
import { PrismaClient } from "@prisma/client";

const prisma = new PrismaClient();

test.afterAll(() => prisma.$disconnect());

test("a new arrival shows up on /prices", async ({ page }) => {
  await prisma.price.create({
    data: { mandiId: 4, commodityId: 11, arrivalDate: new Date(), minPrice: 1980, maxPrice: 2260, modalPrice: 2140 },
  });
  await page.goto("/prices");
  await expect(page.getByRole("row", { name: /Warangal.*Maize/ })).toBeVisible();
});
"""


def d06() -> Session:
    s = new("d06-e2e-new-row", "2027-07-12T10:05:22", "2.1.159", "e2e-prod", "missing-row-minivet")
    s.user(
        "I switched the Playwright webServer to `pnpm build && pnpm start` so e2e runs against what Railway runs, "
        "and wrote a test that inserts a price row and checks that /prices shows it. It fails every time:\n\n```\n"
        "  1) [chromium] › prices.spec.ts:8:1 › a new arrival shows up on /prices ─────────────\n\n"
        "    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n\n"
        "    Locator: getByRole('row', { name: /Warangal.*Maize/ })\n    Expected: visible\n"
        "    Received: <element(s) not found>\n```\n\nThe row is definitely in the DB, I checked with psql."
    )
    s.act(None, Read("tests/e2e/prices.spec.ts", PRICES_SPEC), Read("playwright.config.ts", PLAYWRIGHT_CONFIG_BUILD))
    s.act(
        "The test inserts with its own PrismaClient and then loads the page right away. With the production server "
        "the page's own Prisma connection pool was opened at build time and startup, so my first suspect is "
        "timing between the test's insert and the page's query. Giving it a moment and reloading:",
        Edit(
            "tests/e2e/prices.spec.ts",
            '  await page.goto("/prices");\n',
            '  await page.goto("/prices");\n  await page.waitForTimeout(2000);\n  await page.reload();\n',
        ),
    )
    s.interrupt()
    s.user(
        "aagu — waitForTimeout vaddu please, adi flaky tests ki daari. revert cheyyi. ee roju ki idi chaalu, inka "
        "work avvaledu."
    )
    s.act(
        None,
        Edit(
            "tests/e2e/prices.spec.ts",
            '  await page.goto("/prices");\n  await page.waitForTimeout(2000);\n  await page.reload();\n',
            '  await page.goto("/prices");\n',
        ),
    )
    s.say("Reverted; the spec is as you wrote it and still fails.")
    s.outcome(
        "failed", "e2e against the production build can't see a newly inserted price on /prices; a wait was refused"
    )
    s.hit("db-prerender-at-build")
    return s


RAILWAY_JSON = """{
  "$schema": "https://railway.com/railway.schema.json",
  "build": { "builder": "RAILPACK", "buildCommand": "pnpm build" },
  "deploy": {
    "startCommand": "pnpm start",
    "healthcheckPath": "/api/health"
  }
}
"""


def d07() -> Session:
    s = new("d07-railway-migrate", "2027-07-13T10:15:39", "2.1.159", "main", "predeploy-hoopoe")
    s.user(
        "/watchlist gives a 500 in production. This is in the Railway deploy logs:\n\n```\nPrismaClientKnownRequestError: "
        "\nInvalid `prisma.watchlistItem.findMany()` invocation:\n\nThe table `public.WatchlistItem` does not exist "
        "in the current database.\n    at Zn.handleRequestError (/app/node_modules/@prisma/client/runtime/"
        "library.js:121:7315)\n  code: 'P2021',\n  clientVersion: '6.11.1',\n  meta: { modelName: 'WatchlistItem', "
        "table: 'public.WatchlistItem' }\n```\n\nLocally everything is fine."
    )
    s.act(
        None,
        Read("railway.json", RAILWAY_JSON),
        Bash(
            "jq .scripts package.json",
            '{\n  "dev": "next dev --turbopack",\n  "build": "prisma generate && next build",'
            '\n  "start": "next start",\n  "typecheck": "tsc --noEmit",\n  "lint": "next lint"\n}',
        ),
    )
    s.act(
        "Locally `prisma migrate dev` applied `add_watchlist`; on Railway nothing applies migrations, so the "
        "production database never got the table. Railway's pre-deploy command runs after the build and before "
        "the new version starts, with the private network available:",
        Edit(
            "railway.json",
            '    "startCommand": "pnpm start",',
            '    "preDeployCommand": ["pnpm prisma migrate deploy"],\n    "startCommand": "pnpm start",',
        ),
    )
    s.act(
        None,
        Bash(
            "git add railway.json && git commit -m 'Run prisma migrate deploy before each Railway deploy' && git push",
            git_commit("main", "3f81d2a", "Run prisma migrate deploy before each Railway deploy", 1, 1, 0)
            + "\nTo github.com:sravya-k/pantalu-dash.git\n   9c04e1b..3f81d2a  main -> main",
            secs=4,
        ),
    )
    s.say(
        "Pushed; the next deploy runs `prisma migrate deploy` before starting. A good habit: never run prisma "
        "migrate dev against the production database; migrate deploy is the one meant for it."
    )
    s.user(
        "deploy logs lo '1 migration applied' vachindi, watchlist pani chestundi. note to self: Railway doesn't "
        "run migrations on its own, the pre-deploy command has to.",
        lessons=["Railway doesn't run migrations on its own, the pre-deploy command has to"],
    )
    s.not_person("A good habit: never run prisma migrate dev against the production database", "assistant_text")
    s.one_off(
        "production /watchlist returns 500: 'The table `public.WatchlistItem` does not exist in the current "
        "database' (P2021), because Railway never applied migrations; preDeployCommand prisma migrate deploy"
    )
    s.outcome("success", "Railway pre-deploy runs prisma migrate deploy; the watchlist works in production")
    return s


TRENDS_TS = """export type WeekPoint = { week: string; avgModalPrice: number };
export type WeekChange = WeekPoint & { change: number | null };

/** Week-on-week change in percent; null for the first week and after a gap of more than 7 days. */
export function weeklyChange(points: WeekPoint[]): WeekChange[] {
  return points.map((p, i) => {
    const prev = points[i - 1];
    const gapDays = prev ? (Date.parse(p.week) - Date.parse(prev.week)) / 86_400_000 : Infinity;
    const change = prev && gapDays <= 7 ? Math.round(((p.avgModalPrice - prev.avgModalPrice) / prev.avgModalPrice) * 1000) / 10 : null;
    return { ...p, change };
  });
}
"""

TREND_CHART = """"use client";

import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import type { WeekChange } from "~/lib/trends";

export function TrendChart({ data }: { data: WeekChange[] }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={data}>
        <XAxis dataKey="week" />
        <YAxis />
        <Tooltip />
        <Line type="monotone" dataKey="avgModalPrice" dot={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
"""

TRENDS_PAGE = """import { weeklyChange } from "~/lib/trends";
import { api } from "~/trpc/server";

import { TrendChart } from "./trend-chart";

export default async function TrendsPage() {
  const series = await api.trends.weekly({ weeks: 12 });
  return (
    <section className="space-y-8">
      {series.map((s) => (
        <div key={s.commodity}>
          <h2 className="font-semibold">{s.commodity}</h2>
          <TrendChart data={weeklyChange(s.points)} />
        </div>
      ))}
    </section>
  );
}
"""


def tests_for_trends(child: Session) -> None:
    child.act(None, Read("src/lib/trends.ts", TRENDS_TS))
    child.act(
        None,
        Write(
            "src/lib/trends.test.ts",
            'import { describe, expect, it } from "vitest";\n\nimport { weeklyChange } from "./trends";\n\n'
            'describe("weeklyChange", () => {\n  it("is empty for no weeks", () => expect(weeklyChange([])).toEqual([]));\n'
            '  it("has no change for the first week", () =>\n    expect(weeklyChange([{ week: "2027-07-05", '
            'avgModalPrice: 1500 }])[0]?.change).toBeNull());\n  it("reports a drop in percent", () =>\n'
            '    expect(weeklyChange([{ week: "2027-07-05", avgModalPrice: 2000 }, { week: "2027-07-12", '
            'avgModalPrice: 1800 }])[1]?.change).toBe(-10));\n  it("has no change after a gap week", () =>\n'
            '    expect(weeklyChange([{ week: "2027-06-28", avgModalPrice: 2000 }, { week: "2027-07-12", '
            "avgModalPrice: 1800 }])[1]?.change).toBeNull());\n});\n",
        ),
    )
    child.act(None, Bash("pnpm vitest run src/lib/trends.test.ts", vitest_run([("src/lib/trends.test.ts", 4)])))
    child.say(
        "Added src/lib/trends.test.ts next to trends.ts with 4 tests (no weeks, first week, a -10 % drop, a gap "
        "week); all pass."
    )


def d08() -> Session:
    s = new("d08-trends-chart", "2027-07-14T09:50:05", "2.1.160", "trends", "weekly-line-sunbird")
    s.user(
        "trends page /trends: per commodity, weekly modal price line chart over the last 12 weeks, with the "
        "week-on-week change. Recharts tho velldam ani decide chesa, D3 direct ga maintain cheyyadam kashtam. "
        "chart component client lo, data server component lo.",
        decisions=["Recharts tho velldam ani decide chesa, D3 direct ga maintain cheyyadam kashtam"],
    )
    s.title("Weekly trends page with Recharts")
    s.act(
        None,
        TodoWrite(
            [
                ("Add recharts", "in_progress", "Adding recharts"),
                ("trends router + weeklyChange helper", "pending", "Writing the trends router"),
                ("/trends page with a client chart", "pending", "Writing the trends page"),
            ]
        ),
        Read("src/server/api/root.ts", ROOT_TS_3),
        Bash(
            "pnpm add recharts",
            "Packages: +37\n+++++++++++++++++++++++++++++++++++++\nProgress: resolved 648, reused "
            "611, downloaded 37, added 37, done\n\ndependencies:\n+ recharts 2.15.4\n\nDone in 4.2s",
            secs=6,
        ),
    )
    s.act(
        None,
        Write("src/lib/trends.ts", TRENDS_TS),
        Write(
            "src/server/api/routers/trends.ts",
            'import { z } from "zod";\n\nimport { createTRPCRouter, publicProcedure } from "~/server/api/trpc";\n\n'
            "export const trendsRouter = createTRPCRouter({\n  weekly: publicProcedure.input(z.object({ weeks: "
            "z.number().int().max(52) })).query(({ ctx, input }) =>\n    ctx.db.$queryRaw<{ commodity: string; points: "
            "{ week: string; avgModalPrice: number }[] }[]>`\n      select c.name as commodity, json_agg(json_build_object("
            "'week', w.week, 'avgModalPrice', w.avg) order by w.week) as points\n      from (select \"commodityId\", "
            'date_trunc(\'week\', "arrivalDate")::date as week, round(avg("modalPrice")) as avg from "Price"\n'
            '            where "arrivalDate" >= now() - make_interval(weeks => ${input.weeks}) group by 1, 2) w\n'
            '      join "Commodity" c on c.id = w."commodityId" group by c.name order by c.name`,\n  ),\n});\n',
        ),
        Edit(
            "src/server/api/root.ts", "  prices: pricesRouter,\n", "  prices: pricesRouter,\n  trends: trendsRouter,\n"
        ),
        Write("src/app/(dashboard)/trends/page.tsx", TRENDS_PAGE),
        Write("src/app/(dashboard)/trends/trend-chart.tsx", TREND_CHART),
    )
    s.act(
        "Tests for `weeklyChange` in the background while I type-check:",
        Agent(
            "Vitest tests for weeklyChange",
            "Write Vitest unit tests for weeklyChange in src/lib/trends.ts, in src/lib/trends.test.ts next to it "
            "(no weeks, the first week, a drop in percent, a gap of more than a week). Run pnpm vitest run "
            "src/lib/trends.test.ts and report what you added.",
            "general-purpose",
            tests_for_trends,
            background=True,
        ),
    )
    s.act(None, Bash("pnpm typecheck", "\n> pantalu-dash@0.1.0 typecheck " + DASH + "\n> tsc --noEmit", secs=9))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Sravya asked for /trends: a weekly modal price line chart per commodity "
        "over 12 weeks with the week-on-week change, Recharts, chart on the client and data in a server "
        "component.\nSummary:\n1. recharts 2.15.4 added with pnpm.\n2. Written: src/lib/trends.ts (weeklyChange), "
        "src/server/api/routers/trends.ts (weekly, raw SQL with date_trunc), trends router in root.ts, "
        "src/app/(dashboard)/trends/page.tsx and trend-chart.tsx.\n3. pnpm typecheck passes.\n4. A background "
        "general-purpose agent is writing src/lib/trends.test.ts.\n5. User preference: always use "
        "protectedProcedure for tRPC procedures unless a page is explicitly public.\nPending: the agent's tests, "
        "show the change next to each chart, commit.",
        168200,
        11200,
    )
    s.act(
        None,
        Edit(
            "src/app/(dashboard)/trends/page.tsx",
            '          <h2 className="font-semibold">{s.commodity}</h2>\n',
            '          <h2 className="font-semibold">\n            {s.commodity}{" "}\n            <span className='
            '"text-sm text-gray-500">{weeklyChange(s.points).at(-1)?.change ?? "–"} % this week</span>\n'
            "          </h2>\n",
        ),
    )
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "pnpm vitest run",
            vitest_run([("src/lib/dates.test.ts", 2), ("src/lib/format.test.ts", 2), ("src/lib/trends.test.ts", 4)]),
        ),
    )
    s.say(
        "`/trends` shows one Recharts line per commodity over 12 weeks with this week's change next to the name. "
        "The agent's 4 `weeklyChange` tests pass with the rest."
    )
    s.user(
        "chart bagundi. colours gurinchi — ippatiki chart colours default ga vadileyi, design team nunchi palette "
        "vachaka marchudam. commit cheyyi.",
        non_rules=["ippatiki chart colours default ga vadileyi"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Weekly trends page with Recharts'",
            git_commit("trends", "d94e0a6", "Weekly trends page with Recharts", 7, 163, 1),
        ),
    )
    s.say("Committed (`d94e0a6`).")
    s.not_person(
        "User preference: always use protectedProcedure for tRPC procedures unless a page is explicitly public.",
        "compaction_summary",
    )
    s.outcome("success", "trends page with Recharts and week-on-week change; background agent wrote its tests")
    return s


def d09() -> Session:
    s = new("d09-private-url-build", "2027-07-15T10:30:19", "2.1.160", "main", "private-network-pitta")
    s.user(
        "Railway lo DATABASE_URL ni private network URL ki marchanu (postgres.railway.internal), public proxy "
        "egress bill taggadaniki. ippudu build fail avutundi:\n\n```\n   Collecting page data ...\n   Generating "
        'static pages (3/9)\nError occurred prerendering page "/prices". Read more: '
        "https://nextjs.org/docs/messages/prerender-error\nPrismaClientInitializationError: \nInvalid "
        "`prisma.price.findMany()` invocation:\n\nCan't reach database server at `postgres.railway.internal:5432`"
        "\n\nPlease make sure your database server is running at `postgres.railway.internal:5432`.\nExport "
        "encountered an error on /(dashboard)/prices/page: /prices, exiting the build.\n ⨯ Next.js build worker "
        "exited with code: 1 and signal: null\n```"
    )
    s.act(
        None,
        Read(
            "railway.json",
            RAILWAY_JSON.replace(
                '    "startCommand"', '    "preDeployCommand": ["pnpm prisma migrate deploy"],\n    "startCommand"'
            ),
        ),
    )
    s.act(
        "`next build` renders `/prices` ahead of time (it is listed as a static page), and that render queries "
        "Prisma. Railway's private network exists only for running services, not inside the build, so the build "
        "can't reach `postgres.railway.internal`. The quickest way through is to give the build step the public "
        "URL while the running app keeps the private one:",
        Denied(
            Edit(
                "railway.json",
                '"buildCommand": "pnpm build"',
                '"buildCommand": "DATABASE_URL=$DATABASE_PUBLIC_URL pnpm build"',
            ),
            "malli public URL aa? vaddu",
        ),
    )
    s.user(
        "sare, idi repu chuddam. Railway lo DATABASE_URL ni public ki venakki marchesa, production build avvali kada."
    )
    s.say("OK. `railway.json` is unchanged; with the public URL back, builds go through as before.")
    s.outcome(
        "unknown",
        "build fails prerendering /prices with the private database URL; partly explained; public URL for the build "
        "refused; the person reverted the variable herself",
    )
    s.hit("db-prerender-at-build")
    return s


def d10() -> Session:
    s = new("d10-frozen-lockfile", "2027-07-16T10:00:50", "2.1.160", "main", "lockfile-sync-tailorbird")
    s.user(
        "Railway build failing again, a different thing this time:\n\n```\n ERR_PNPM_OUTDATED_LOCKFILE  Cannot "
        'install with "frozen-lockfile" because pnpm-lock.yaml is not up to date with <ROOT>/package.json\n\n'
        "Note that in CI environments this setting is true by default. If you still need to run install in such "
        'cases, use "pnpm install --no-frozen-lockfile"\n\n  Failure reason:\n  specifiers in the lockfile '
        '({"date-fns":"^3.6.0", ...}) don\'t match specs in package.json ({"date-fns":"^4.1.0", ...})\n```\n\n'
        "I resolved a merge conflict in package.json by hand yesterday, that's probably it."
    )
    s.act(
        "Yes: package.json says date-fns ^4.1.0 and the lockfile still has ^3.6.0. Reinstalling updates the lock:",
        Bash(
            "pnpm install && git diff --stat",
            "Lockfile is up to date, resolution step is skipped\nProgress: resolved 649, reused 640, downloaded 2, "
            "added 2, done\n\ndependencies:\n- date-fns 3.6.0\n+ date-fns 4.1.0\n\nDone in 2.9s\n pnpm-lock.yaml | "
            "14 +++++++-------\n 1 file changed, 7 insertions(+), 7 deletions(-)",
            secs=5,
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm typecheck && pnpm vitest run",
            "\n> tsc --noEmit\n\n"
            + vitest_run([("src/lib/dates.test.ts", 2), ("src/lib/format.test.ts", 2), ("src/lib/trends.test.ts", 4)]),
            secs=12,
        ),
    )
    s.say("The lockfile matches package.json again (date-fns 4.1.0); typecheck and tests pass with the new major.")
    s.user(
        "thanks! and commit messages in Conventional Commits style please — feat:, fix:, chore: — in both repos, "
        "so the changelog can be generated from them.",
        rules=[("conventional-commits", "commit messages in Conventional Commits style please")],
    )
    s.act(
        None,
        Bash(
            "git add pnpm-lock.yaml && git commit -m 'chore: sync pnpm-lock.yaml with package.json' && git push",
            git_commit("main", "61be7c4", "chore: sync pnpm-lock.yaml with package.json", 1, 7, 7)
            + "\nTo github.com:sravya-k/pantalu-dash.git\n   3f81d2a..61be7c4  main -> main",
        ),
    )
    s.say("Pushed `chore: sync pnpm-lock.yaml with package.json`; Railway is building it.")
    s.one_off(
        "Railway build fails with ERR_PNPM_OUTDATED_LOCKFILE after package.json was merged by hand (date-fns ^4.1.0 "
        "vs ^3.6.0 in the lock); pnpm install and commit the lockfile"
    )
    s.outcome("success", "lockfile synced with package.json and pushed; Conventional Commits from now on")
    return s


COMPARE_PAGE = """import { formatInr } from "~/lib/format";
import { api } from "~/trpc/server";

type Search = Promise<{ commodity?: string; a?: string; b?: string }>;

export default async function ComparePage({ searchParams }: { searchParams: Search }) {
  const { commodity = "onion", a = "kurnool", b = "guntur" } = await searchParams;
  const days = await api.compare.twoMandis({ commodity, a, b, days: 30 });
  return (
    <table className="w-full text-sm">
      <thead>
        <tr><th>Date</th><th>{a}</th><th>{b}</th><th>Spread</th></tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <td>{d.day}</td>
            <td>{d.a === null ? "–" : formatInr(d.a)}</td>
            <td>{d.b === null ? "–" : formatInr(d.b)}</td>
            <td>{d.a === null || d.b === null ? "–" : formatInr(Math.abs(d.a - d.b))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
"""


def d11() -> Session:
    s = new("d11-compare-page", "2027-07-19T09:40:12", "2.1.161", "compare", "side-by-side-barbet")
    s.user(
        "Compare page please, /compare?commodity=onion&a=kurnool&b=guntur: two mandis side by side for one "
        "commodity over the last 30 days, plus the spread between them. Use formatInr for the numbers.",
        blocks_before=ide("src/app/(dashboard)/prices/page.tsx"),
    )
    s.act(
        None,
        TodoWrite(
            [
                ("compare.twoMandis procedure", "in_progress", "Writing compare.twoMandis"),
                ("/compare page", "pending", "Writing the compare page"),
                ("typecheck and build", "pending", "Running typecheck and build"),
            ]
        ),
        Read(
            "src/server/api/root.ts",
            ROOT_TS_3.replace("  prices: pricesRouter,\n", "  prices: pricesRouter,\n  trends: trendsRouter,\n"),
        ),
    )
    s.act(
        None,
        Write(
            "src/server/api/routers/compare.ts",
            'import { z } from "zod";\n\nimport { createTRPCRouter, publicProcedure } from "~/server/api/trpc";\n\n'
            "export const compareRouter = createTRPCRouter({\n  twoMandis: publicProcedure\n    .input(z.object({ "
            "commodity: z.string(), a: z.string(), b: z.string(), days: z.number().int().max(90) }))\n    .query(({ "
            "ctx, input }) =>\n      ctx.db.$queryRaw<{ day: string; a: number | null; b: number | null }[]>`\n"
            '        select d::date::text as day,\n          max(p."modalPrice") filter (where m.name ilike ${input.a}) as a,\n'
            '          max(p."modalPrice") filter (where m.name ilike ${input.b}) as b\n'
            "        from generate_series(current_date - ${input.days}::int, current_date, '1 day') d\n"
            '        left join "Price" p on p."arrivalDate" = d::date\n        left join "Mandi" m on m.id = '
            'p."mandiId"\n        left join "Commodity" c on c.id = p."commodityId" and c.slug = ${input.commodity}\n'
            "        group by 1 order by 1`,\n    ),\n});\n",
        ),
        Edit(
            "src/server/api/root.ts",
            "  mandis: mandisRouter,\n",
            "  compare: compareRouter,\n  mandis: mandisRouter,\n",
        ),
        Write("src/app/(dashboard)/compare/page.tsx", COMPARE_PAGE),
    )
    s.act(
        None,
        TodoWrite(
            [
                ("compare.twoMandis procedure", "completed", "Writing compare.twoMandis"),
                ("/compare page", "completed", "Writing the compare page"),
                ("typecheck and build", "in_progress", "Running typecheck and build"),
            ]
        ),
        Bash(
            "pnpm typecheck && pnpm build",
            next_build(
                [
                    *D01_ROUTES[:3],
                    ("ƒ", "/commodities/[slug]", "1.14 kB"),
                    ("ƒ", "/compare", "1.31 kB"),
                    *D01_ROUTES[3:],
                    ("○", "/trends", "98.4 kB"),
                    ("ƒ", "/watchlist", "1.05 kB"),
                ]
            ),
            secs=44,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: compare two mandis side by side'",
            git_commit("compare", "8a2d6f1", "feat: compare two mandis side by side", 3, 71, 0),
        ),
    )
    s.say(
        "`/compare` shows 30 days of modal prices for two mandis and their spread, formatted with `formatInr`; "
        "days without a price show a dash. Committed as `feat: compare two mandis side by side`."
    )
    s.user("super, thanks!")
    s.outcome("success", "compare page for two mandis with the spread; build passes; committed")
    return s


LAYOUT = """import { Nav } from "~/components/nav";

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4">
      <Nav />
      <main className="py-6">{children}</main>
    </div>
  );
}
"""


def explore_pages(child: Session) -> None:
    child.act(
        None,
        Grep(
            "cookies\\(|headers\\(|searchParams|connection\\(|export const (dynamic|revalidate)",
            [
                "src/app/(dashboard)/mandis/page.tsx:5:export default async function MandisPage({ searchParams }: "
                "{ searchParams: Promise<{ state?: string }> }) {",
                'src/app/(dashboard)/watchlist/page.tsx:6:  const sid = (await cookies()).get("sid")?.value ?? "";',
                "src/app/(dashboard)/compare/page.tsx:6:export default async function ComparePage({ searchParams }: "
                "{ searchParams: Search }) {",
                "src/trpc/server.ts:7:export const api = createCaller(() => createTRPCContext({ headers: new "
                "Headers() }));",
            ],
            path="src",
            mode="content",
        ),
    )
    child.act(
        None,
        Grep(
            "await api\\.",
            [
                "src/app/(dashboard)/page.tsx:4:  const summary = await api.prices.summary();",
                "src/app/(dashboard)/prices/page.tsx:6:  const rows = await api.prices.latest();",
                "src/app/(dashboard)/trends/page.tsx:7:  const series = await api.trends.weekly({ weeks: 12 });",
                "src/app/(dashboard)/mandis/page.tsx:7:  const mandis = await api.mandis.list({ state });",
                "src/app/(dashboard)/watchlist/page.tsx:7:  const items = await api.watchlist.list({ sid });",
                "src/app/(dashboard)/compare/page.tsx:8:  const days = await api.compare.twoMandis({ commodity, a, b, days: 30 });",
                "src/app/(dashboard)/commodities/[slug]/page.tsx:7:  const commodity = await api.commodities.bySlug({ slug });",
            ],
            path="src/app",
            mode="content",
        ),
    )
    child.say(
        "Pages that query the database through the server caller, and what makes them dynamic:\n"
        "- / (page.tsx:4), /prices (prices/page.tsx:6), /trends (trends/page.tsx:7): query Prisma, read no "
        "cookies, headers or searchParams, no segment config.\n- /mandis (searchParams, :5), /watchlist "
        "(cookies(), :6), /compare (searchParams, :6), /commodities/[slug] (dynamic param without "
        "generateStaticParams): request-dependent.\n- src/trpc/server.ts:7 builds the context with `new "
        "Headers()`, so calling `api` never reads the request.\nNo file exports `dynamic` or `revalidate`."
    )


LATEST_SPEC = PRICES_SPEC.replace(
    'test("a new arrival shows up on /prices"', 'test("latest prices include a row added after start"'
)


def d12() -> Session:
    s = new("d12-force-dynamic", "2027-07-20T10:10:33", "2.1.161", "render-on-request", "request-time-roller")
    s.user(
        "I renamed prices.spec.ts to latest-prices.spec.ts and tidied it up; still red:\n\n```\n  1) [chromium] › "
        "latest-prices.spec.ts:8:1 › latest prices include a row added after start ──────\n\n    Error: Timed out "
        "5000ms waiting for expect(locator).toBeVisible()\n\n    Locator: getByRole('row', { name: /Warangal.*Maize/ "
        "})\n```\n\nnaaku anipistundi idi, production lo /prices freeze avvadam, private URL tho Railway build fail "
        "avvadam — anni okate problem. please root cause kanukkondi."
    )
    s.act(
        "Which pages depend on the request at all:",
        Agent(
            "Which pages are request-dependent",
            "In src/app and src/trpc, list every page and layout, say for each whether it reads cookies(), "
            "headers(), searchParams or connection() or exports a dynamic/revalidate segment config, and whether it "
            "queries the database (directly or through the tRPC server caller `api`). Report file:line.",
            "Explore",
            explore_pages,
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build 2>&1 | sed -n '/^Route/,$p'",
            route_table(
                [
                    ("○", "/", "5.21 kB"),
                    ("○", "/_not-found", "977 B"),
                    ("ƒ", "/api/trpc/[trpc]", "135 B"),
                    ("ƒ", "/commodities/[slug]", "1.14 kB"),
                    ("ƒ", "/compare", "1.31 kB"),
                    ("ƒ", "/mandis", "1.62 kB"),
                    ("○", "/prices", "1.51 kB"),
                    ("○", "/trends", "98.4 kB"),
                    ("ƒ", "/watchlist", "1.05 kB"),
                ]
            ),
            secs=46,
        ),
    )
    s.act(None, Read("src/app/(dashboard)/layout.tsx", LAYOUT))
    s.say(
        "Found it. `/`, `/prices` and `/trends` read nothing from the request (the server caller even builds its "
        "context from an empty `Headers`), so `next build` prerenders them as static pages (`○`) and queries the "
        "database at build time. That one fact explains all of it: production serves the HTML from Monday's "
        "build (the no-store header couldn't help, the HTML itself was old); the e2e test's row is inserted after "
        "`pnpm build`, so the static page never has it; and on Railway the build has no private network, so the "
        "prerender can't reach `postgres.railway.internal`. These pages show live data, so the dashboard segment "
        "should render on request:"
    )
    s.act(
        None,
        Edit(
            "src/app/(dashboard)/layout.tsx",
            'import { Nav } from "~/components/nav";\n',
            'import { Nav } from "~/components/nav";\n\n// Every page here shows live prices from Postgres: render on '
            'each request, not at build time.\nexport const dynamic = "force-dynamic";\n',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build 2>&1 | sed -n '/^Route/,$p' && pnpm exec playwright test",
            route_table(
                [
                    ("ƒ", "/", "5.21 kB"),
                    ("○", "/_not-found", "977 B"),
                    ("ƒ", "/api/trpc/[trpc]", "135 B"),
                    ("ƒ", "/commodities/[slug]", "1.14 kB"),
                    ("ƒ", "/compare", "1.31 kB"),
                    ("ƒ", "/mandis", "1.62 kB"),
                    ("ƒ", "/prices", "1.51 kB"),
                    ("ƒ", "/trends", "98.4 kB"),
                    ("ƒ", "/watchlist", "1.05 kB"),
                ]
            )
            + "\n\n"
            + playwright_run(
                [
                    "latest-prices.spec.ts:8:1 › latest prices include a row added after start",
                    "watchlist.spec.ts:3:5 › starred mandi shows on the watchlist",
                ],
                secs=71.3,
            ),
            secs=130,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: render dashboard pages on request' && git push -u origin "
            "render-on-request",
            git_commit("render-on-request", "c52a9e7", "fix: render dashboard pages on request", 1, 3, 0)
            + "\nTo github.com:sravya-k/pantalu-dash.git\n * [new branch]      render-on-request -> render-on-request",
        ),
    )
    s.say(
        "Every dashboard page is now `ƒ (Dynamic)  server-rendered on demand`, the build no longer touches the "
        "database, and both e2e tests pass against the production build. Pushed `render-on-request`; with this, "
        "the private `DATABASE_URL` should build on Railway too."
    )
    s.user(
        "wow. turns out next build prerenders every page that doesn't read cookies, headers or searchParams, even "
        "when it queries the database. I merged it and switched DATABASE_URL back to the private one: the build "
        "passes and /prices has today's rows. thanks, ayyindi!",
        lessons=[
            "next build prerenders every page that doesn't read cookies, headers or searchParams, even when it "
            "queries the database"
        ],
    )
    s.outcome(
        "success",
        "dashboard segment set to force-dynamic: no prerender at build time; e2e green; private URL builds on Railway",
    )
    s.hit("db-prerender-at-build", fixed=True)
    return s


def d13() -> Session:
    s = new("d13-last-updated", "2027-07-21T10:00:26", "2.1.162", "last-updated", "fresh-stamp-munia")
    s.user(
        "Small one: on /prices show 'Updated 21 Jul 2027' under the heading, from the newest arrivalDate in the "
        "table, so people can tell the data is fresh."
    )
    s.act(
        None,
        Read(
            "src/app/(dashboard)/prices/page.tsx",
            PRICES_PAGE.replace(
                'import { formatDay } from "~/lib/dates";',
                'import { formatDay } from "~/lib/dates";\nimport { formatInr } from "~/lib/format";',
            ).replace("{r.modalPrice}", "{formatInr(r.modalPrice)} / qtl"),
        ),
    )
    s.act(
        "`latest()` already returns the rows; the newest date is their maximum:",
        Edit(
            "src/app/(dashboard)/prices/page.tsx",
            '      <h1 className="text-xl font-semibold">Latest mandi prices</h1>\n',
            '      <h1 className="text-xl font-semibold">Latest mandi prices</h1>\n      {rows.length > 0 && (\n'
            '        <p className="text-sm text-gray-500">\n          Updated {formatDay(new Date(Math.max(...rows.map('
            "(r) => r.arrivalDate.getTime()))))}\n        </p>\n      )}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm typecheck && pnpm vitest run",
            "\n> tsc --noEmit\n\n"
            + vitest_run([("src/lib/dates.test.ts", 2), ("src/lib/format.test.ts", 2), ("src/lib/trends.test.ts", 4)]),
            secs=11,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: show when prices were last updated'",
            git_commit("last-updated", "47c0b2e", "feat: show when prices were last updated", 1, 5, 0),
        ),
    )
    s.say("`/prices` shows `Updated 21 Jul 2027` (via `formatDay`, in IST) under the heading. Committed.")
    s.user("nice, thanks!")
    s.outcome("success", "last-updated date on /prices; checks green; committed")
    return s


def d14() -> Session:
    s = new("d14-cron-question", "2027-07-22T10:20:45", "2.1.162", "main", "utc-cron-babbler")
    s.user(
        "oka doubt: Railway lo cron service eppudu UTC lo ne nadustunda? pipeline publish 7 IST ki ayyaka oka "
        "health check pampali anukuntunna.",
        non_rules=["Railway lo cron service eppudu UTC lo ne nadustunda?"],
    )
    s.say(
        "Yes, Railway evaluates cron schedules in UTC; there is no per-service time zone. 7:00 IST is 01:30 UTC, "
        "so a run after the publish would be `30 1 * * *`, or `45 1 * * *` to leave the pipeline some slack. "
        "The cron service starts, runs its command and has to exit, so the health check should be a short script, "
        "not a server."
    )
    s.turn_done()
    s.user("sare, thanks!")
    s.outcome("unknown", "a question about Railway cron time zones answered; nothing else happened")
    return s


def d15() -> Session:
    s = new("d15-district-filter", "2027-07-23T09:30:08", "2.1.163", "district-filter", "district-select-iora")
    s.user(
        "Could you add a district filter to the mandis page too, next to the state filter? Same style, with "
        "?district= in the URL."
    )
    s.act(
        None,
        Read("src/server/api/routers/mandis.ts", MANDIS_ROUTER),
        Read("src/app/(dashboard)/mandis/page.tsx", MANDIS_PAGE),
    )
    s.act(
        None,
        Edit(
            "src/server/api/routers/mandis.ts",
            "    .input(z.object({ state: z.string().optional() }))\n    .query(({ ctx, input }) =>\n"
            "      ctx.db.mandi.findMany({\n        where: input.state ? { state: input.state } : undefined,",
            "    .input(z.object({ state: z.string().optional(), district: z.string().optional() }))\n"
            "    .query(({ ctx, input }) =>\n      ctx.db.mandi.findMany({\n        where: { state: input.state, "
            "district: input.district },",
        ),
        Edit(
            "src/app/(dashboard)/mandis/page.tsx",
            "{ searchParams: Promise<{ state?: string }> }) {\n  const { state } = await searchParams;\n"
            "  const mandis = await api.mandis.list({ state });",
            "{ searchParams: Promise<{ state?: string; district?: string }> }) {\n  const { state, district } = "
            "await searchParams;\n  const mandis = await api.mandis.list({ state, district });",
        ),
        Edit(
            "src/app/(dashboard)/mandis/page.tsx",
            "      <StateFilter current={state} />\n",
            '      <div className="flex gap-4">\n        <StateFilter current={state} />\n        <DistrictFilter '
            "state={state} current={district} />\n      </div>\n",
        ),
        Write(
            "src/app/(dashboard)/mandis/district-filter.tsx",
            '"use client";\n\nimport { usePathname, useRouter, useSearchParams } from "next/navigation";\n\n'
            'const DISTRICTS: Record<string, string[]> = {\n  Telangana: ["Khammam", "Nizamabad", "Warangal"],\n'
            '  "Andhra Pradesh": ["Guntur", "Kurnool"],\n};\n\nexport function DistrictFilter({ state, current }: '
            "{ state?: string; current?: string }) {\n  const router = useRouter();\n  const params = useSearchParams();\n"
            "  const path = usePathname();\n  const options = state ? (DISTRICTS[state] ?? []) : Object.values(DISTRICTS).flat();\n"
            '  return (\n    <label className="mt-2 block text-sm">\n      District{" "}\n      <select\n'
            '        aria-label="District"\n        value={current ?? ""}\n        onChange={(e) => {\n'
            '          const next = new URLSearchParams(params);\n          if (e.target.value) next.set("district", '
            'e.target.value);\n          else next.delete("district");\n          router.push(`${path}?${next}`);\n'
            '        }}\n      >\n        <option value="">All</option>\n        {options.map((d) => (\n'
            "          <option key={d}>{d}</option>\n        ))}\n      </select>\n    </label>\n  );\n}\n",
        ),
    )
    s.act(
        None,
        Edit(
            "src/app/(dashboard)/mandis/page.tsx",
            'import { StateFilter } from "./state-filter";',
            'import { DistrictFilter } from "./district-filter";\nimport { StateFilter } from "./state-filter";',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm typecheck && pnpm exec playwright test tests/e2e/watchlist.spec.ts",
            "\n> tsc --noEmit\n\n"
            + playwright_run(["watchlist.spec.ts:3:5 › starred mandi shows on the watchlist"], secs=58.0),
            secs=95,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Filter mandis by district'",
            git_commit("district-filter", "2d7e9b1", "Filter mandis by district", 3, 44, 4),
        ),
    )
    s.say(
        "`/mandis` has a district filter next to the state one (`?district=`), limited to the chosen state. Committed."
    )
    s.user("థాంక్స్, అయ్యింది")
    s.outcome("success", "district filter on /mandis; typecheck and e2e green; committed with a plain message")
    return s


SESSIONS = [d01, d02, d03, d04, d05, d06, d07, d08, d09, d10, d11, d12, d13, d14, d15]
