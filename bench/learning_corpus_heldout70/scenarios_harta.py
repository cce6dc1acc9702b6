"""Arben's `harta` sessions (h01-h15): SvelteKit 2 + TypeScript showing the cooperative's milk collection routes
on a MapLibre GL map, Vite, pnpm, Vitest and Playwright, ESLint + Prettier, deployed to Cloudflare Pages with
wrangler. Times are UTC; Tirana is UTC+02:00 until 2029-10-28, UTC+01:00 after."""

from __future__ import annotations

from transcript_kit import HARTA, Agent, Bash, Denied, Edit, Read, Session, Write

PROJECT = "harta"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=HARTA, project=PROJECT)


def vitest(files: list[tuple[str, int]], fail: str = "") -> str:
    out = [" RUN  v2.1.4 /home/arben/punë/harta", ""]
    out += [f" ✓ {f} ({n} tests) {40 + 7 * n}ms" for f, n in files]
    total = sum(n for _, n in files)
    if fail:
        out += [
            fail,
            "",
            f" Test Files  1 failed | {len(files)} passed ({len(files) + 1})",
            f"      Tests  1 failed | {total} passed ({total + 1})",
        ]
    else:
        out += ["", f" Test Files  {len(files)} passed ({len(files)})", f"      Tests  {total} passed ({total})"]
    out += [
        "   Start at  14:02:11",
        "   Duration  1.84s (transform 312ms, setup 0ms, collect 604ms, tests 211ms, environment 702ms, prepare 96ms)",
    ]
    return "\n".join(out)


MAP_SVELTE = """<script lang="ts">
  import { onMount } from 'svelte';
  import maplibregl from 'maplibre-gl';
  import { routesGeoJson } from '$lib/routes';

  let container: HTMLDivElement;

  onMount(() => {
    const map = new maplibregl.Map({ container, style: '/styles/ferma.json', center: [19.82, 41.33], zoom: 8 });
    map.on('load', () => {
      map.addSource('routes', { type: 'geojson', data: routesGeoJson });
      map.addLayer({ id: 'routes', type: 'line', source: 'routes', paint: { 'line-color': ['get', 'colour'], 'line-width': 4 } });
    });
    return () => map.remove();
  });
</script>

<div bind:this={container} class="map" data-testid="map"></div>
"""

ESLINT_CFG = """import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';

export default ts.config(
  ...ts.configs.recommendedTypeChecked,
  ...svelte.configs['flat/recommended'],
  {
    rules: {
      // never disable @typescript-eslint/no-floating-promises, fix the promise instead
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
"""

POPUP_SPEC = """import { test, expect } from '@playwright/test';

test('clicking a route opens its popup', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('map').click({ position: { x: 412, y: 288 } });
  await expect(page.locator('.maplibregl-popup')).toContainText('Rruga Fier 2');
});
"""


# ---------------------------------------------------------------------------------------------------------------


def h01() -> Session:
    s = new("h01-route-layer", "2029-10-22T12:30:05", "2.1.160", "main", "route-layer-puffin")
    s.user(
        "harta: SvelteKit 2 + TS, we show the collection routes of the cooperative on a map. decided: MapLibre GL, "
        "not Leaflet, the vector tiles look much better. draw the routes from src/lib/routes.ts as a line layer. "
        "keep the map style JSON in the repo under static/styles, don't fetch it from MapTiler, their free tier "
        "went down during the demo in September.",
        decisions=["decided: MapLibre GL, not Leaflet"],
        rules=[
            ("style-in-repo", "keep the map style JSON in the repo under static/styles, don't fetch it from MapTiler")
        ],
    )
    s.title("MapLibre route layer")
    s.act(None, Bash("ls static/styles src/lib", "static/styles:\nferma.json\n\nsrc/lib:\nroutes.ts"))
    s.act("Writing the map component:", Write("src/lib/Map.svelte", MAP_SVELTE))
    s.act(
        None,
        Bash(
            "pnpm check && pnpm build",
            "svelte-check found 0 errors and 0 warnings\nvite v5.4.10 building SSR bundle for production...\n✓ 214 modules transformed.\n✓ built in 3.42s\n\n> Using @sveltejs/adapter-cloudflare\n  ✔ done",
            secs=22,
        ),
    )
    s.say(
        "`Map.svelte` loads /styles/ferma.json from the repo and draws the routes coloured by their `colour` property."
    )
    s.user("duket bukur 😍 faleminderit")
    s.outcome("success", "route layer drawn on a MapLibre map, build passes")
    return s


def h02() -> Session:
    s = new("h02-lockfile-pages", "2029-10-23T13:10:48", "2.1.160", "main", "lockfile-pages-gannet")
    s.user(
        "build-i në Cloudflare Pages dështon:\n\n```\n15:08:21.377\tNote: never commit node_modules, dependencies are installed during the build.\n15:08:21.402\tInstalling project dependencies: pnpm install\n"
        '15:08:22.930\t ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is '
        "not up to date with package.json\n15:08:22.981\tError: Exit with error code: 1\n```\n"
        "dhe mos harro: asnjë any në TypeScript, përdor unknown dhe ngushtoje",
        rules=[("no-any", "asnjë any në TypeScript, përdor unknown dhe ngushtoje")],
    )
    s.not_person("never commit node_modules, dependencies are installed during the build.", "pasted_log")
    s.act(
        None,
        Bash(
            "git log -1 --format=%s -- package.json && pnpm --version", "Add @turf/length for route distances\n9.12.3"
        ),
    )
    s.act(
        "package.json got @turf/length but the lockfile was not committed with it:",
        Bash(
            "pnpm install && git add pnpm-lock.yaml && git commit -m 'Update lockfile for @turf/length'",
            "Lockfile is up to date, resolution step is skipped\nPackages: +3\n+++\nDone in 2.1s\n[main 5d0a9e2] Update lockfile for @turf/length\n 1 file changed, 24 insertions(+)",
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "git push && pnpm exec wrangler pages deployment list --project-name harta | head -4",
            "To gitlab.com:koop-ferma/harta.git\n   a41c7b3..5d0a9e2  main -> main\n┌──────────┬─────────────┬────────┐\n│ Id       │ Environment │ Status │\n│ 7f3a2c1e │ Production  │ Success│",
            secs=60,
        ),
    )
    s.say("The lockfile is committed and the Pages build succeeded.")
    s.user("mirë 👍")
    s.one_off(
        "Cloudflare Pages build failed with ERR_PNPM_OUTDATED_LOCKFILE after a dependency was added without the lockfile"
    )
    s.outcome("success", "lockfile committed, Pages build green")
    return s


def h03() -> Session:
    s = new("h03-popup-timeout", "2029-10-24T12:40:12", "2.1.161", "route-popup", "popup-timeout-loon")
    s.user("add a popup when you click a route (name + litres today) and a Playwright test for it")
    s.act(
        None,
        Edit(
            "src/lib/Map.svelte",
            "      map.addLayer({ id: 'routes', type: 'line', source: 'routes', paint: { 'line-color': ['get', 'colour'], 'line-width': 4 } });",
            "      map.addLayer({ id: 'routes', type: 'line', source: 'routes', paint: { 'line-color': ['get', 'colour'], 'line-width': 4 } });\n      map.on('click', 'routes', (e) => {\n        const p = e.features?.[0]?.properties;\n        new maplibregl.Popup().setLngLat(e.lngLat).setHTML(`<b>${p?.name}</b> ${p?.litres} l`).addTo(map);\n      });",
        ),
    )
    s.act(None, Write("tests/route-popup.spec.ts", POPUP_SPEC))
    s.act(
        None,
        Bash(
            "pnpm exec playwright test tests/route-popup.spec.ts",
            "Running 1 test using 1 worker\n\n  ✘  1 [chromium] › route-popup.spec.ts:3:1 › clicking a route opens its popup (6.2s)\n\n"
            "  1) [chromium] › route-popup.spec.ts:3:1 › clicking a route opens its popup\n\n"
            "    Error: Timed out 5000ms waiting for expect(locator).toContainText(expected)\n\n"
            "    Locator: locator('.maplibregl-popup')\n    Expected string: \"Rruga Fier 2\"\n    Received: <element(s) not found>\n\n"
            "  1 failed\n    [chromium] › route-popup.spec.ts:3:1 › clicking a route opens its popup",
            code=1,
            secs=15,
        ),
    )
    s.say(
        "The popup never appeared: the click probably landed before the route layer existed. You should never rely "
        "on fixed timeouts like page.waitForTimeout in Playwright; waiting for a map event is better. I can look into that."
    )
    s.not_person("You should never rely on fixed timeouts like page.waitForTimeout in Playwright", "assistant_text")
    s.user("jo tani. s'po funksionon, e lë")
    s.outcome("failed", "popup works manually but the Playwright test times out waiting for .maplibregl-popup")
    s.hit("map-not-idle-in-tests")
    return s


def h04() -> Session:
    s = new("h04-review-preview", "2029-10-25T13:30:40", "2.1.161", "route-popup", "review-preview-egret")
    s.user(
        "Elira (my lead) left this on the MR, fix what she says:\n\n> **Elira Kola** commented on playwright.config.ts:\n"
        "> webServer runs `pnpm dev`. Last release the dev server hid a broken adapter build and we shipped a white "
        "page. Playwright runs against pnpm preview, never the dev server.\n\nalso run eslint",
        rules=[("pw-preview", "Playwright runs against pnpm preview, never the dev server")],
    )
    s.act(None, Read("eslint.config.js", ESLINT_CFG))
    s.not_person("never disable @typescript-eslint/no-floating-promises, fix the promise instead", "tool_output")
    s.act(
        None,
        Edit(
            "playwright.config.ts",
            "  webServer: { command: 'pnpm dev', port: 5173 },",
            "  webServer: { command: 'pnpm build && pnpm preview --port 4173', port: 4173 },",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm lint",
            "> harta@0.3.0 lint /home/arben/punë/harta\n> prettier --check . && eslint .\n\nChecking formatting...\nAll matched files use Prettier code style!",
            secs=12,
        ),
    )
    s.say("playwright.config.ts now builds and serves `pnpm preview` on 4173; lint is clean.")
    s.user("faleminderit, po ia kthej Elirës")
    s.outcome("success", "Playwright webServer switched to pnpm preview per review; lint clean")
    return s


def h05() -> Session:
    s = new("h05-prerender-env", "2029-10-26T12:50:31", "2.1.162", "about-page", "prerender-env-avocet")
    s.user(
        "pnpm build fails after I added the about page:\n\n```\nError: Cannot read values from $env/dynamic/public while "
        "prerendering (attempted to read env.PUBLIC_API_URL). Use $env/static/public instead\n    at "
        "file:///home/arben/punë/harta/.svelte-kit/output/server/chunks/shared-server.js:12:11\n"
        "[500] GET /rreth\n```"
    )
    s.act(
        None,
        Edit(
            "src/routes/rreth/+page.ts",
            "export const prerender = true;\nimport { env } from '$env/dynamic/public';",
            "export const prerender = true;\nimport { PUBLIC_API_URL } from '$env/static/public';",
        ),
        Edit("src/routes/rreth/+page.ts", "fetch(`${env.PUBLIC_API_URL}/stats`)", "fetch(`${PUBLIC_API_URL}/stats`)"),
    )
    s.act(
        None,
        Bash(
            "pnpm build",
            "vite v5.4.10 building SSR bundle for production...\n✓ 221 modules transformed.\n✓ built in 3.61s\n\n> Using @sveltejs/adapter-cloudflare\n  ✔ done",
            secs=20,
        ),
    )
    s.say("/rreth is prerendered with the API URL from $env/static/public, inlined at build time.")
    s.user(
        "ah ok. learned that $env/dynamic can't be read in a prerendered route, the value only exists at request time",
        lessons=["learned that $env/dynamic can't be read in a prerendered route"],
    )
    s.one_off("SvelteKit prerender of /rreth failed reading $env/dynamic/public; switched to $env/static/public")
    s.outcome("success", "about page prerenders with static env")
    return s


def h06() -> Session:
    s = new("h06-grey-screenshot", "2029-10-29T13:20:16", "2.1.162", "route-popup", "grey-map-dunlin")
    s.user(
        "CI (gitlab) fails on the screenshot test, locally it's fine:\n\n```\n  1) [chromium] › map.spec.ts:9:1 › routes are drawn\n\n"
        "    Error: Screenshot comparison failed:\n\n      48211 pixels (ratio 0.07 of all image pixels) are different.\n\n"
        "    Expected: tests/map.spec.ts-snapshots/routes-chromium-linux.png\n    Received: test-results/map-routes-chromium/routes-actual.png\n```\n"
        "the received one is just a grey MapLibre canvas, no tiles no routes. for now just skip the screenshot test in this run so the MR can go",
        non_rules=["for now just skip the screenshot test in this run"],
    )
    s.act(
        None,
        Edit(
            "tests/map.spec.ts",
            "test('routes are drawn', async ({ page }) => {",
            "test.skip('routes are drawn', async ({ page }) => {",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Skip map screenshot in CI run' && git push",
            "[route-popup 3e81b20] Skip map screenshot in CI run\n 1 file changed, 1 insertion(+), 1 deletion(-)\nremote: View pipeline: https://gitlab.com/koop-ferma/harta/-/pipelines/1492205117",
            secs=8,
        ),
    )
    s.say(
        "Skipped for this push. The grey canvas means the screenshot was taken before tiles and routes rendered in CI."
    )
    s.user("pipeline prapë e kuqe, tani popup test. s'funksionon akoma")
    s.outcome("failed", "CI still red: the map screenshot is grey and the popup test fails next")
    s.hit("map-not-idle-in-tests")
    return s


def write_vitest(child: Session) -> None:
    child.act(
        None,
        Read(
            "src/lib/routes.ts",
            "export function totalLitres(r: Route): number {\n  return r.stops.reduce((a, s) => a + s.litres, 0);\n}\n\nexport function routeColour(i: number): string {\n  return PALETTE[i % PALETTE.length];\n}",
        ),
    )
    child.act(
        None,
        Write(
            "src/lib/routes.test.ts",
            "import { describe, it, expect } from 'vitest';\nimport { totalLitres, routeColour } from './routes';\n\ndescribe('routes', () => {\n  it('sums litres', () => expect(totalLitres({ stops: [{ litres: 12 }, { litres: 30.5 }] } as never)).toBe(42.5));\n  it('wraps the palette', () => expect(routeColour(9)).toBe(routeColour(1)));\n});\n",
        ),
    )
    child.act(None, Bash("pnpm vitest run src/lib/routes.test.ts", vitest([("src/lib/routes.test.ts", 2)])))
    child.say("Added src/lib/routes.test.ts with 2 tests (totalLitres, routeColour wrap-around); both pass.")


def h07() -> Session:
    s = new("h07-sidebar", "2029-10-30T13:45:03", "2.1.163", "sidebar", "sidebar-petrel")
    s.user(
        "bëj një sidebar me listën e rrugëve dhe totalin e litrave. vitest-et për routes.ts le t'i shkruajë një "
        "agent në paralel. dhe në CI Playwright vetëm me chromium, firefox e provoj unë para release",
        rules=[("pw-chromium", "në CI Playwright vetëm me chromium, firefox e provoj unë para release")],
    )
    s.act(
        None,
        Agent(
            "Vitest tests for routes.ts",
            "Write Vitest unit tests for totalLitres and routeColour in src/lib/routes.ts, run them with pnpm vitest and "
            "report. Never touch the Playwright specs.",
            "general-purpose",
            write_vitest,
            background=True,
        ),
    )
    s.not_person("Never touch the Playwright specs.", "subagent_prompt")
    s.act(
        None,
        Write(
            "src/lib/Sidebar.svelte",
            '<script lang="ts">\n  import { totalLitres, type Route } from \'$lib/routes\';\n  let { routes }: { routes: Route[] } = $props();\n</script>\n\n<aside>\n  {#each routes as r}\n    <div class="row"><span>{r.name}</span><span>{totalLitres(r)} l</span></div>\n  {/each}\n</aside>\n',
        ),
        Edit(
            "playwright.config.ts",
            "    { name: 'firefox', use: { ...devices['Desktop Firefox'] } },",
            "    ...(process.env.CI ? [] : [{ name: 'firefox', use: { ...devices['Desktop Firefox'] } }]),",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n1. Arben asked "
        "for a sidebar listing routes with litre totals (src/lib/Sidebar.svelte written).\n2. A background agent writes "
        "Vitest tests for routes.ts.\n3. playwright.config.ts: firefox only outside CI.\n4. User preference: always use "
        "Svelte stores instead of runes.\nPending: mount the sidebar in +page.svelte.",
        162900,
        12100,
    )
    s.not_person("User preference: always use Svelte stores instead of runes.", "compaction_summary")
    s.agent_done(after=25)
    s.act(
        None,
        Edit(
            "src/routes/+page.svelte",
            "<Map {routes} />",
            '<div class="layout">\n  <Sidebar {routes} />\n  <Map {routes} />\n</div>',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm check && pnpm vitest run",
            "svelte-check found 0 errors and 0 warnings\n"
            + vitest([("src/lib/routes.test.ts", 2), ("src/lib/format.test.ts", 3)]),
            secs=10,
        ),
    )
    s.say("The sidebar is mounted next to the map; the agent's 2 tests and the existing ones pass.")
    s.user("super, ashtu e doja 💪")
    s.outcome("success", "sidebar added, vitest tests written by background agent pass")
    return s


def h08() -> Session:
    s = new("h08-pages-secret", "2029-10-31T14:00:27", "2.1.163", "api-token", "pages-secret-shag")
    s.user(
        "the map needs a token for our tile proxy. vendim: Cloudflare Pages mbetet, jo Vercel, s'ia vlen "
        "migrimi. put the token somewhere the app can read it",
        decisions=["vendim: Cloudflare Pages mbetet, jo Vercel"],
    )
    s.act(
        "I'll add it to wrangler.toml under [vars]:",
        Read(
            "wrangler.toml",
            'name = "harta"\ncompatibility_date = "2029-09-30"\npages_build_output_dir = ".svelte-kit/cloudflare"',
        ),
    )
    s.user(
        "same rule as in ferma: secrets only in .dev.vars locally or as a Pages secret, never committed to the repo",
        rules=[("secrets", "secrets only in .dev.vars locally or as a Pages secret, never committed to the repo")],
    )
    s.act(
        None,
        Bash("grep -q '.dev.vars' .gitignore && echo ignored", "ignored"),
        Bash(
            'pnpm exec wrangler pages secret put TILE_TOKEN --project-name harta <<< "$TILE_TOKEN"',
            "✨ Success! Uploaded secret TILE_TOKEN",
            secs=4,
        ),
    )
    s.say(
        "TILE_TOKEN is a Pages secret; locally it goes in .dev.vars (ignored by git). The app reads it via platform.env."
    )
    s.user("👍")
    s.outcome("success", "tile token stored as Pages secret, not committed")
    return s


def h09() -> Session:
    s = new("h09-flaky-words", "2029-11-01T13:15:48", "2.1.164", "sidebar", "flaky-map-curlew")
    s.user(
        "testet e Playwright për hartën në CI një herë kalojnë, një herë jo. i rinis pipeline-in dhe bëhen jeshile. "
        "lokalisht kalojnë çdo herë. mendoj që është maplibre që s'ka mbaruar së ngarkuari, por s'jam i sigurt. "
        "shiko pak"
    )
    s.act(None, Read("tests/route-popup.spec.ts", POPUP_SPEC))
    s.say(
        "The spec clicks the map right after page.goto, with nothing that waits for the style, tiles or the routes "
        "layer. In CI the tiles come over the network and the click can land on an empty map. A wait for the map's "
        "'idle' event would make it deterministic."
    )
    s.user("ok, do ta mendoj")
    s.outcome("unknown", "cause explained, he leaves without deciding")
    s.hit("map-not-idle-in-tests")
    return s


def h10() -> Session:
    s = new("h10-wrangler-auth", "2029-11-02T14:10:11", "2.1.164", "main", "wrangler-auth-tern")
    s.user(
        "deploy manual i preview-t se CI është ndalur. should we always purge the Cloudflare cache after a deploy?",
        non_rules=["should we always purge the Cloudflare cache after a deploy?"],
    )
    s.act(
        None,
        Bash(
            "pnpm build && pnpm exec wrangler pages deploy .svelte-kit/cloudflare --project-name harta --branch preview",
            "✓ built in 3.58s\n\n ⛅️ wrangler 3.84.1\n-------------------\n\n✘ [ERROR] A request to the Cloudflare API "
            "(/accounts/5e1c0a…/pages/projects/harta) failed.\n\n  Authentication error [code: 10000]\n",
            code=1,
            secs=25,
        ),
    )
    s.act(
        "The API token was rejected. I'll push the branch directly so the CI deploy picks it up instead:",
        Denied(Bash("git push --force origin sidebar:preview"), "jo force push, preview ka commit-et e Elirës"),
    )
    s.say(
        "Not pushing. The token in CLOUDFLARE_API_TOKEN looks expired or lacks Pages:Edit; a new token from the "
        "dashboard is needed. No purge is needed on Pages: each deploy is a new immutable deployment."
    )
    s.user("token-i e ka Elira, s'ka gjë sot")
    s.one_off("wrangler pages deploy failed with Authentication error [code: 10000]: the API token was expired")
    s.outcome("failed", "deploy blocked by an expired Cloudflare API token")
    return s


def h11() -> Session:
    s = new("h11-maptiler-style", "2029-11-05T13:00:38", "2.1.165", "maptiler", "maptiler-style-gannet")
    s.user(
        "ndryshim: me MapTiler kemi tani plan me pagesë nga kooperativa. stilin e hartës tani e marrim nga MapTiler "
        "me key, nuk e mbajmë më në repo. hiq static/styles/ferma.json",
        rules=[
            (
                "style-maptiler",
                "stilin e hartës tani e marrim nga MapTiler me key, nuk e mbajmë më në repo",
                "style-in-repo",
            )
        ],
    )
    s.act(
        None,
        Edit(
            "src/lib/Map.svelte",
            "style: '/styles/ferma.json'",
            "style: `https://api.maptiler.com/maps/${PUBLIC_MAPTILER_STYLE}/style.json?key=${PUBLIC_MAPTILER_KEY}`",
        ),
        Edit(
            "src/lib/Map.svelte",
            "  import { routesGeoJson } from '$lib/routes';",
            "  import { routesGeoJson } from '$lib/routes';\n  import { PUBLIC_MAPTILER_KEY, PUBLIC_MAPTILER_STYLE } from '$env/static/public';",
        ),
    )
    s.act(
        None,
        Bash(
            "git rm -q static/styles/ferma.json && pnpm check && pnpm build",
            "svelte-check found 0 errors and 0 warnings\n✓ built in 3.39s\n\n> Using @sveltejs/adapter-cloudflare\n  ✔ done",
            secs=20,
        ),
    )
    s.say(
        "The map loads the MapTiler style with the public key (a domain-restricted key, fine to ship); ferma.json is gone."
    )
    s.user("duket më mirë se e jona 😄 faleminderit")
    s.outcome("success", "style switched to MapTiler, local style removed")
    return s


def find_map_waits(child: Session) -> None:
    child.act(
        None,
        Bash(
            "grep -rn 'goto\\|waitFor\\|click' tests/*.spec.ts",
            "tests/route-popup.spec.ts:4:  await page.goto('/');\ntests/route-popup.spec.ts:5:  await page.getByTestId('map').click({ position: { x: 412, y: 288 } });\ntests/map.spec.ts:10:  await page.goto('/');\ntests/map.spec.ts:11:  await expect(page).toHaveScreenshot('routes.png');",
        ),
    )
    child.say(
        "Two specs act on the map right after page.goto: route-popup.spec.ts:5 (click) and map.spec.ts:11 (screenshot). No spec waits for the map."
    )


def h12() -> Session:
    s = new("h12-map-idle", "2029-11-06T13:40:22", "2.1.166", "map-idle", "map-idle-kittiwake")
    s.user(
        "ok, sot i rregullojmë testet e hartës njëherë e mirë. CI again:\n\n```\n  ✘  2 [chromium] › route-popup.spec.ts:3:1 › "
        "clicking a route opens its popup (retry #1) (7.9s)\n    Error: locator.click: Test timeout of 30000ms exceeded.\n```\n"
        "unskip the screenshot too"
    )
    s.act(
        None,
        Agent(
            "Find map interactions in specs",
            "Find every Playwright spec under tests/ that clicks, screenshots or reads the map right after page.goto. "
            "Report file:line only.",
            "Explore",
            find_map_waits,
        ),
    )
    s.act(
        "The MapLibre map signals readiness on its first 'idle' (style, tiles and the routes layer rendered); expose that and wait for it:",
        Edit(
            "src/lib/Map.svelte",
            "    return () => map.remove();",
            "    map.once('idle', () => {\n      (window as unknown as { __mapIdle?: boolean }).__mapIdle = true;\n    });\n    return () => map.remove();",
        ),
        Write(
            "tests/helpers.ts",
            "import type { Page } from '@playwright/test';\n\nexport async function gotoMap(page: Page) {\n  await page.goto('/');\n  await page.waitForFunction(() => window.__mapIdle === true);\n}\n",
        ),
        Edit(
            "tests/map.spec.ts",
            "test.skip('routes are drawn', async ({ page }) => {\n  await page.goto('/');",
            "test('routes are drawn', async ({ page }) => {\n  await gotoMap(page);",
        ),
        Edit("tests/route-popup.spec.ts", "  await page.goto('/');", "  await gotoMap(page);"),
    )
    s.act(
        None,
        Bash(
            "pnpm exec playwright test --repeat-each 10",
            "Running 20 tests using 4 workers\n\n  20 passed (1.4m)",
            secs=90,
        ),
    )
    s.say("20/20 runs pass with the tests waiting for `window.__mapIdle`; the screenshot test is back on.")
    s.user(
        "🙏 mësim: 'load' i hartës nuk do të thotë që tiles janë gati, duhet pritur 'idle'. commit",
        lessons=["mësim: 'load' i hartës nuk do të thotë që tiles janë gati, duhet pritur 'idle'"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Wait for the map to be idle in Playwright tests'",
            "[map-idle 0a4d9c8] Wait for the map to be idle in Playwright tests\n 4 files changed, 14 insertions(+), 4 deletions(-)",
        ),
    )
    s.say("Committed 0a4d9c8.")
    s.outcome("success", "tests wait for the map's first idle; 20/20 pass")
    s.hit("map-not-idle-in-tests", fixed=True)
    return s


def h13() -> Session:
    s = new("h13-pages-function", "2029-11-07T14:20:09", "2.1.167", "tile-proxy", "tile-proxy-brant")
    s.user(
        "wrangler dev prints this when I start the tile proxy function:\n\n```\n ⛅️ wrangler 3.84.1\n"
        "▲ [WARNING] Pages functions should never read process.env directly; use the context env instead.\n"
        "⎔ Starting local server...\n[wrangler:inf] Ready on http://localhost:8788\n```\n"
        "decided: the tile proxy stays a Pages Function, no separate Worker. check the function uses context.env",
        decisions=["decided: the tile proxy stays a Pages Function, no separate Worker"],
    )
    s.not_person("Pages functions should never read process.env directly; use the context env instead.", "pasted_log")
    s.act(
        None,
        Read(
            "functions/tiles/[[path]].ts",
            "export const onRequest: PagesFunction<{ TILE_TOKEN: string }> = async (context) => {\n  const url = new URL(context.request.url);\n  const token = process.env.TILE_TOKEN;\n  return fetch(`https://tiles.koop.al${url.pathname.replace('/tiles', '')}?t=${token}`);\n};",
        ),
    )
    s.act(
        None,
        Edit(
            "functions/tiles/[[path]].ts",
            "  const token = process.env.TILE_TOKEN;",
            "  const token = context.env.TILE_TOKEN;",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm exec wrangler pages dev .svelte-kit/cloudflare --port 8788 & sleep 4; curl -s -o /dev/null -w '%{http_code}\\n' localhost:8788/tiles/8/142/94.pbf; kill %1",
            "200",
            secs=9,
        ),
    )
    s.say("The proxy reads TILE_TOKEN from context.env; a tile request returns 200 locally.")
    s.user("mirë")
    s.outcome("success", "tile proxy reads the token from context.env, returns 200")
    return s


def h14() -> Session:
    s = new("h14-vitest-window", "2029-11-08T13:05:50", "2.1.168", "legend", "legend-sandpiper")
    s.user(
        "vitest fails on the new legend test:\n\n```\n FAIL  src/lib/Legend.test.ts > legend lists every route colour\n"
        "ReferenceError: document is not defined\n ❯ src/lib/Legend.test.ts:8:20\n```"
    )
    s.act(
        None,
        Bash(
            "pnpm add -D jsdom@25 @testing-library/svelte@5 && pnpm vitest run", "Packages: +41\nDone in 6.3s", secs=12
        ),
    )
    s.interrupt()
    s.user("prit, jsdom e kemi. vetëm environment-in për atë test")
    s.act(
        None,
        Edit(
            "src/lib/Legend.test.ts",
            "import { describe, it, expect } from 'vitest';",
            "// @vitest-environment jsdom\nimport { describe, it, expect } from 'vitest';",
        ),
    )
    s.act(
        None,
        Bash(
            "git checkout package.json pnpm-lock.yaml && pnpm install && pnpm vitest run",
            "Lockfile is up to date\n"
            + vitest([("src/lib/routes.test.ts", 2), ("src/lib/format.test.ts", 3), ("src/lib/Legend.test.ts", 1)]),
            secs=14,
        ),
    )
    s.say("Legend.test.ts runs in jsdom via the file comment; package.json is back as it was; 6 tests pass.")
    s.user(
        "lesson: vitest runs in node by default, a component test needs the jsdom environment",
        lessons=["lesson: vitest runs in node by default, a component test needs the jsdom environment"],
    )
    s.one_off("Vitest legend test failed with 'document is not defined' because it ran in the node environment")
    s.outcome("success", "legend test runs in jsdom, all vitest tests pass")
    return s


def h15() -> Session:
    s = new("h15-route-filter", "2029-11-09T12:45:14", "2.1.169", "filter", "route-filter-scoter")
    s.user("shto një filtër sipas fshatit te sidebar-i, dropdown me fshatrat nga routes")
    s.act(
        None,
        Edit(
            "src/lib/Sidebar.svelte",
            "  let { routes }: { routes: Route[] } = $props();",
            "  let { routes }: { routes: Route[] } = $props();\n  let village = $state('');\n  const villages = $derived([...new Set(routes.map((r) => r.village))].sort());\n  const shown = $derived(village ? routes.filter((r) => r.village === village) : routes);",
        ),
        Edit(
            "src/lib/Sidebar.svelte",
            "  {#each routes as r}",
            '  <select bind:value={village}><option value="">Të gjitha</option>{#each villages as v}<option>{v}</option>{/each}</select>\n  {#each shown as r}',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm check && pnpm lint",
            "svelte-check found 0 errors and 0 warnings\nAll matched files use Prettier code style!",
            secs=14,
        ),
    )
    s.say("The sidebar has a village dropdown; check and lint pass. I haven't added a Playwright test for it yet.")
    s.user("mirë, e lëmë për nesër")
    s.outcome("unknown", "filter added, not tried by him; leaves for tomorrow")
    return s


SESSIONS = [h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15]
