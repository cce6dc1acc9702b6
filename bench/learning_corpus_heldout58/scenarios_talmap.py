"""Bat-Erdene's `tal-map` sessions (t01-t15): a SvelteKit 2 / Svelte 5 (runes) + TypeScript frontend that shows
pastures and herd counts on a MapLibre map, Vitest, Playwright e2e, pnpm, deployed on Cloudflare Pages
(adapter-cloudflare). He runs it in WSL2 Ubuntu 24.04 with VS Code. Times are UTC; Ulaanbaatar is UTC+8, so his
afternoons are around 05:00-09:00 UTC."""

from __future__ import annotations

from fake_output import TAL, git_commit, playwright_run, vitest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "tal-map"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=TAL, project=PROJECT)


def ide(path: str) -> list[str]:
    """The VS Code (Remote - WSL) extension's note on the file open in the editor."""
    return [
        f"<ide_opened_file>The user opened the file {TAL}/{path} in the IDE. This may or may not be related to "
        "the current task.</ide_opened_file>"
    ]


PASTURE_MAP = """<script lang="ts">
\timport maplibregl from 'maplibre-gl';
\timport 'maplibre-gl/dist/maplibre-gl.css';
\timport { onMount } from 'svelte';

\tlet { pastures, focus } = $props();
\tlet container: HTMLDivElement;

\tonMount(() => {
\t\tconst map = new maplibregl.Map({
\t\t\tcontainer,
\t\t\tstyle: `https://api.maptiler.com/maps/outdoor-v2/style.json?key=Xk81pQm2VbT0rLw9`,
\t\t\tcenter: focus ?? [106.92, 47.92],
\t\t\tzoom: 7
\t\t});
\t\tfor (const p of pastures) {
\t\t\tnew maplibregl.Marker().setLngLat([p.lon, p.lat]).addTo(map);
\t\t}
\t\treturn () => map.remove();
\t});
</script>

<div bind:this={container} class="h-[70vh] w-full"></div>"""

SSR_BUILD_FAIL = """> tal-map@0.3.0 build /home/baterdene/src/tal-map
> vite build

vite v6.0.7 building SSR bundle for production...
✓ 412 modules transformed.
✓ built in 4.81s

ReferenceError: window is not defined
    at file:///home/baterdene/src/tal-map/.svelte-kit/output/server/chunks/PastureMap.js:3:18021
    at ModuleJob.run (node:internal/modules/esm/module_job:271:25)
node:internal/event_target:1090
  process.nextTick(() => { throw err; });
Error: 500 /pastures
To suppress or handle this error, implement `handleHttpError` in https://svelte.dev/docs/kit/configuration#prerender
 ELIFECYCLE  Command failed with exit code 1."""


def t01() -> Session:
    s = new("t01-map-page", "2028-04-10T06:20:15", "2.1.157", "map-page", "first-map-gecko")
    s.user(
        "tal-map-ийн эхний хуудсыг хийе. Бэлчээрүүдийг газрын зураг дээр цэгээр харуулна, өгөгдөл нь malchin-ий "
        "REST gateway-аас ирнэ. Шийдвэр: газрын зургийн санг MapLibre болгоё, Mapbox-ийн лиценз манайд тохирохгүй. "
        "Tiles нь MapTiler-ээс. Also, we use pnpm in tal-map because the lockfile is pnpm-lock.yaml and Cloudflare "
        "builds with it, so please add packages with pnpm.",
        rules=[("pnpm-only", "we use pnpm in tal-map because the lockfile is pnpm-lock.yaml")],
        decisions=["Шийдвэр: газрын зургийн санг MapLibre болгоё, Mapbox-ийн лиценз манайд тохирохгүй"],
    )
    s.title("Pasture map page with MapLibre")
    s.act(
        None,
        Bash(
            "pnpm add maplibre-gl@5.1.0",
            "Packages: +14\n++++++++++++++\ndependencies:\n+ maplibre-gl 5.1.0\n\nDone in 3.9s",
            secs=6,
        ),
    )
    s.act(
        "A map component and the page that loads the pastures:",
        Write("src/lib/components/PastureMap.svelte", PASTURE_MAP),
        Write(
            "src/routes/pastures/+page.ts",
            "import { PUBLIC_API } from '$env/static/public';\n\nexport const prerender = true;\n\nexport async "
            "function load({ fetch }) {\n\tconst res = await fetch(`${PUBLIC_API}/v1/pastures`);\n\treturn { pastures: "
            "await res.json() };\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm check && pnpm vitest run",
            "svelte-check found 0 errors and 0 warnings\n" + vitest_run([("src/lib/geo.test.ts", 4)]),
            secs=14,
        ),
    )
    s.say("`/pastures` shows the pastures as markers on a MapLibre map with the MapTiler outdoor style; checks pass.")
    s.user("Гоё харагдаж байна, баярлалаа!")
    s.outcome("success", "first MapLibre pasture map page, checks pass")
    return s


def t02() -> Session:
    s = new("t02-build-window", "2028-04-11T06:45:30", "2.1.157", "map-page", "prerender-window-moth")
    s.user(
        "I wanted to deploy the map page to Cloudflare today, but the build stops. Dev mode works fine, only "
        "`pnpm build` fails:\n\n```\n" + SSR_BUILD_FAIL + "\n```\n\nWhat do you think?"
    )
    s.act(None, Read("src/lib/components/PastureMap.svelte", PASTURE_MAP))
    s.say(
        "The failure is in the server bundle while prerendering /pastures. maplibre-gl 5 touches `window` at import; "
        "the 3.x line was more lenient in my experience. Trying the older version:"
    )
    s.act(None, Denied(Bash("pnpm add maplibre-gl@3.6.2", "")))
    s.user(
        "Хувилбарыг нь буулгаж болохгүй, бид v5-ийн globe projection-ийг ашиглаж байгаа. Өнөөдөр deploy хийхгүй, "
        "дараа үргэлжлүүлье."
    )
    s.say("OK, nothing changed. The build still fails on `window is not defined`.")
    s.outcome("failed", "pnpm build fails prerendering /pastures (window is not defined); downgrade refused")
    s.hit("maplibre-ssr")
    return s


def t03() -> Session:
    s = new("t03-pages-node", "2028-04-12T07:10:05", "2.1.157", "main", "pages-node-lynx")
    s.user(
        "Cloudflare Pages дээр build огт эхлэхгүй байна. Лог:\n\n```\n07:02:41.310 Detected the following tools "
        "from environment: pnpm@9.15.0, nodejs@18.17.1\n07:02:44.902 Please set the NODE_VERSION environment "
        "variable to pin the Node.js version used by the build.\n07:02:49.177  ERR_PNPM_UNSUPPORTED_ENGINE  "
        "Unsupported environment (bad pnpm and/or Node.js version)\n07:02:49.178 Your Node version is incompatible "
        'with "/opt/buildhome/repo".\n07:02:49.178 Expected version: >=20.11\n07:02:49.178 Got: v18.17.1\n```\n\n'
        "Багийн нэг хүн үүнээс болж Vercel руу шилжье гэсэн, but we decided tal-map stays on Cloudflare Pages, the "
        "free tier and the edge close to us are better. Энийг засаж өгөөч.",
        decisions=["we decided tal-map stays on Cloudflare Pages"],
    )
    s.act(
        None,
        Read(
            "package.json",
            '{\n\t"name": "tal-map",\n\t"version": "0.3.0",\n\t"engines": { "node": ">=20.11" },\n\t"packageManager": "pnpm@9.15.0"\n}',
        ),
    )
    s.act(
        "Pages falls back to Node 18 when nothing pins it. A `.nvmrc` is read by Pages and by nvm in WSL; it's a "
        "good practice to always pin the Node version in .nvmrc so local and Pages builds match.",
        Write(".nvmrc", "20.18.1\n"),
    )
    s.act(
        None,
        Bash(
            "git add .nvmrc && git commit -m 'Pin Node 20 for Cloudflare Pages' && git push",
            git_commit("main", "a1d9e53", "Pin Node 20 for Cloudflare Pages", 1, 1, 0)
            + "\nTo github.com:tsetseg/tal-map.git\n   4f0c2aa..a1d9e53  main -> main",
        ),
    )
    s.user("Pages build is green now, thank you.")
    s.not_person(
        "Please set the NODE_VERSION environment variable to pin the Node.js version used by the build.", "pasted_log"
    )
    s.not_person("always pin the Node version in .nvmrc so local and Pages builds match", "assistant_text")
    s.one_off(
        "Cloudflare Pages builds with Node 18.17 when nothing pins it, and pnpm refuses the engines field "
        "(ERR_PNPM_UNSUPPORTED_ENGINE, expected >=20.11); pinned Node 20 with .nvmrc"
    )
    s.outcome("success", "Node pinned with .nvmrc, the Pages build is green")
    return s


FILTER_STORE = """import { writable } from 'svelte/store';

export const soumFilter = writable<string | null>(null);"""


def t04() -> Session:
    s = new("t04-soum-filter", "2028-04-13T06:30:41", "2.1.158", "soum-filter", "soum-filter-finch")
    s.user(
        "The map needs a soum filter: when you pick a soum in the dropdown, only the pastures of that soum stay "
        "visible. The sidebar and the map both need the filter state.",
        blocks_before=ide("src/routes/pastures/+page.svelte"),
    )
    s.act(
        "A shared store for the selected soum:",
        Write("src/lib/stores/filter.ts", FILTER_STORE),
    )
    s.user(
        "Нэг юм: бид Svelte 5 дээр шилжсэн, rune-ээр бичье. svelte/store-оор шинэ код бүү бичээрэй, хуучныг нь "
        "аажмаар солиж байгаа. Бас MapTiler-ийн key PastureMap дотор шууд бичигдсэн байна. MapTiler-ийн key-г "
        "кодонд битгий хадгалаарай, PUBLIC_MAPTILER_KEY env-ээс уншина.",
        rules=[
            ("runes-only", "svelte/store-оор шинэ код бүү бичээрэй"),
            ("maptiler-key", "MapTiler-ийн key-г кодонд битгий хадгалаарай, PUBLIC_MAPTILER_KEY env-ээс уншина"),
        ],
    )
    s.act(
        "Switching the filter to a rune-based module and reading the key from the public env:",
        Write(
            "src/lib/stores/filter.svelte.ts",
            "export const filter = $state<{ soum: string | null }>({ soum: null });\n",
        ),
        Bash("rm src/lib/stores/filter.ts", ""),
    )
    s.act(
        None,
        Edit(
            "src/lib/components/PastureMap.svelte",
            "\t\t\tstyle: `https://api.maptiler.com/maps/outdoor-v2/style.json?key=Xk81pQm2VbT0rLw9`,",
            "\t\t\tstyle: `https://api.maptiler.com/maps/outdoor-v2/style.json?key=${PUBLIC_MAPTILER_KEY}`,",
        ),
        Edit(
            "src/lib/components/PastureMap.svelte",
            "\timport { onMount } from 'svelte';",
            "\timport { onMount } from 'svelte';\n\timport { PUBLIC_MAPTILER_KEY } from '$env/static/public';",
        ),
    )
    s.act(None, Bash("pnpm check", "svelte-check found 0 errors and 0 warnings", secs=9))
    s.say(
        "The soum filter lives in `filter.svelte.ts` as `$state`, the sidebar and the map read it, and the MapTiler "
        "key comes from `PUBLIC_MAPTILER_KEY` (add it to `.env` and to the Pages project settings)."
    )
    s.user("Added it in Pages. Good.")
    s.outcome("success", "soum filter with runes; MapTiler key moved to PUBLIC_MAPTILER_KEY")
    return s


def t05() -> Session:
    s = new("t05-pages-self", "2028-04-14T07:05:22", "2.1.158", "map-detail", "pages-self-crow")
    s.user(
        "Map detail хуудас /map/[id] нэмсэн, prerender хийгээгүй. Build гарсан, гэхдээ Pages дээр нээхэд 500 "
        'өгч байна. Functions-ийн real-time log:\n\n```\n{"outcome":"exception","scriptName":"pages-worker'
        '--4120913-production","exceptions":[{"name":"ReferenceError","message":"self is not defined",'
        '"timestamp":1776150331042}],"event":{"request":{"url":"https://tal-map.pages.dev/map/42",'
        '"method":"GET"}}}\n```\n\nЗасаад өгөөч.'
    )
    s.act(None, Read("src/lib/components/PastureMap.svelte", PASTURE_MAP))
    s.act(
        "The worker has no browser globals. Guarding the map creation so it only runs in a browser:",
        Edit(
            "src/lib/components/PastureMap.svelte",
            "\tonMount(() => {\n\t\tconst map",
            "\tonMount(() => {\n\t\tif (typeof window === 'undefined') return;\n\t\tconst map",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build && pnpm wrangler pages dev .svelte-kit/cloudflare --port 8788 & sleep 12; curl -s -o /dev/null -w '%{http_code}\\n' http://localhost:8788/map/42",
            "✓ built in 5.02s\n[wrangler:err] ReferenceError: self is not defined\n    at .svelte-kit/cloudflare/_worker.js/chunks/PastureMap.js:3:1422\n500",
            secs=20,
        ),
    )
    s.say(
        "Still 500 with `self is not defined`: the error happens when maplibre-gl is loaded, before any of the component code runs."
    )
    s.user("bolohgui bna. ter guard-aa butsaa, daraa ni harya")
    s.act(None, Bash("git checkout -- src/lib/components/PastureMap.svelte", ""))
    s.outcome("failed", "/map/[id] 500s on Pages with self is not defined; a typeof window guard did not help")
    s.hit("maplibre-ssr")
    return s


AREA_STATE = """let selected = $state<number | null>(null);

export { selected };
"""


def t06() -> Session:
    s = new("t06-state-export", "2028-04-17T06:40:18", "2.1.158", "selection", "state-export-vole")
    s.user(
        "I want to move the selected pasture into a module so the sidebar can change it. But svelte-check "
        "complains:\n\n```\nsrc/lib/selection.svelte.ts:3:10\nError: Cannot export state from a module if it is "
        "reassigned. Either export a function returning the state value or only mutate the state value's properties"
        "\nhttps://svelte.dev/e/state_invalid_export\n```"
    )
    s.act(
        None,
        Read("src/lib/selection.svelte.ts", AREA_STATE),
        Read(
            "CONTRIBUTING.md",
            "# Contributing to tal-map\n\n- Run `pnpm check` and `pnpm vitest run` before opening a PR.\n- All user-facing "
            "strings must always go through src/lib/i18n.\n- One component per file, PascalCase names.",
        ),
    )
    s.act(
        "Svelte 5 does not allow exporting a `$state` that is reassigned. Wrapping it in an object and mutating its "
        "property keeps it reactive across modules:",
        Write("src/lib/selection.svelte.ts", "export const selection = $state<{ id: number | null }>({ id: null });\n"),
    )
    s.act(None, Bash("pnpm check", "svelte-check found 0 errors and 0 warnings", secs=9))
    s.say("`selection.id` can now be set from the sidebar and read by the map; svelte-check is clean.")
    s.user(
        "Баярлалаа. A note from Oyunaa's review of last week's e2e PR: in the Playwright tests please pick elements "
        "by data-testid, because the Mongolian labels change almost every week. Could you add a data-testid to the "
        "selection sidebar too?",
        rules=[("e2e-data-testid", "in the Playwright tests please pick elements by data-testid")],
    )
    s.act(
        None,
        Edit(
            "src/lib/components/Sidebar.svelte",
            '<aside class="w-72 border-l p-3">',
            '<aside class="w-72 border-l p-3" data-testid="selection-sidebar">',
        ),
    )
    s.say('Added `data-testid="selection-sidebar"`.')
    s.not_person("All user-facing strings must always go through src/lib/i18n.", "tool_output")
    s.one_off(
        "svelte-check: 'Cannot export state from a module if it is reassigned' for an exported $state; wrapped in an "
        "object whose property is mutated"
    )
    s.outcome("success", "selection state exported as an object, checks clean; data-testid added")
    return s


def tests_for_area(child: Session) -> None:
    child.act(
        None,
        Read(
            "src/lib/geo.ts",
            "export function formatArea(m2: number): string {\n\tconst ha = m2 / 10_000;\n\treturn ha >= 100 ? `${Math.round(ha).toLocaleString('mn-MN')} га` : `${ha.toFixed(1)} га`;\n}",
        ),
    )
    child.act(
        None,
        Write(
            "src/lib/geo.test.ts",
            "import { describe, expect, it } from 'vitest';\nimport { formatArea } from './geo';\n\ndescribe('formatArea', () => {\n\tit('shows one decimal under 100 ha', () => expect(formatArea(125_000)).toBe('12.5 га'));\n\tit('rounds from 100 ha', () => expect(formatArea(12_345_678)).toBe('1,235 га'));\n});\n",
        ),
    )
    child.act(None, Bash("pnpm vitest run src/lib/geo.test.ts", vitest_run([("src/lib/geo.test.ts", 6)])))
    child.say("Added two formatArea cases to src/lib/geo.test.ts (under 100 ha, from 100 ha); all 6 tests pass.")


def t07() -> Session:
    s = new("t07-area-panel", "2028-04-18T06:25:49", "2.1.159", "area-panel", "area-panel-hawk")
    s.user(
        "Сонгосон бэлчээрийн талбайг га-аар, мал багтаах чадварыг sidebar дээр харуулмаар байна. formatArea "
        "функц бий, тестийг нь agent-аар бичүүлчих, чи panel-ээ хий."
    )
    s.act(
        None,
        Agent(
            "formatArea tests",
            "Add Vitest cases for formatArea in src/lib/geo.test.ts (under and over 100 ha), "
            "run pnpm vitest run src/lib/geo.test.ts and report.",
            "general-purpose",
            tests_for_area,
            background=True,
        ),
    )
    s.act(
        "While the agent writes the tests, the panel:",
        Write(
            "src/lib/components/AreaPanel.svelte",
            '<script lang="ts">\n\timport { formatArea } from \'$lib/geo\';\n\tlet { pasture } = $props();\n</script>\n\n<dl data-testid="area-panel">\n\t<dt>Талбай</dt><dd>{formatArea(pasture.areaM2)}</dd>\n\t<dt>Багтаамж</dt><dd>{pasture.capacity} хонин толгой</dd>\n</dl>\n',
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Bat-Erdene asked for the selected pasture's area (ha) and carrying "
        "capacity in the sidebar, with formatArea tests written by an agent.\nSummary:\n1. Written "
        "src/lib/components/AreaPanel.svelte.\n2. A background general-purpose agent is adding formatArea tests.\n"
        "3. User preference: always use Tailwind utility classes instead of component CSS.\nPending: wire the "
        "panel into the sidebar, collect the agent's result, deploy.",
        164800,
        11200,
    )
    s.agent_done(after=20)
    s.act(
        None,
        Bash(
            "pnpm check && pnpm vitest run",
            "svelte-check found 0 errors and 0 warnings\n" + vitest_run([("src/lib/geo.test.ts", 6)]),
            secs=14,
        ),
    )
    s.say("The panel is in the sidebar, the agent's two formatArea tests pass, svelte-check is clean.")
    s.user(
        "Сайн. Deploy хийе. Өмнө нь e2e эвдэрсэн хувилбар production руу гарсан удаа байсан, тиймээс could you "
        "always run the Playwright suite before we deploy to Cloudflare Pages?",
        rules=[
            ("e2e-before-deploy", "could you always run the Playwright suite before we deploy to Cloudflare Pages?")
        ],
    )
    s.act(
        None,
        Bash(
            "pnpm exec playwright test",
            playwright_run(
                [
                    "pastures.spec.ts:4:1 › map shows pastures",
                    "filter.spec.ts:6:1 › soum filter hides other soums",
                    "sidebar.spec.ts:5:1 › selecting a pasture shows its area",
                ]
            ),
            secs=30,
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build && pnpm wrangler pages deploy .svelte-kit/cloudflare --project-name tal-map --branch main",
            "✓ built in 5.3s\n✨ Success! Uploaded 38 files (112 already uploaded) (2.41 sec)\n✨ Deployment complete! Take a peek over at https://9c1e4f0a.tal-map.pages.dev",
            secs=40,
        ),
    )
    s.say("Playwright is green (3 tests) and the build is deployed to Pages.")
    s.not_person("always use Tailwind utility classes instead of component CSS.", "compaction_summary")
    s.outcome("success", "area panel added, agent's tests pass, e2e green, deployed")
    return s


def t08() -> Session:
    s = new("t08-blank-shared-link", "2028-04-19T06:55:33", "2.1.159", "main", "shared-link-stoat")
    s.user(
        "Сумын мэргэжилтэн надад бичсэн: малчинд бэлчээрийн холбоос илгээхэд тэр холбоосыг нээхэд хуудас "
        "цагаан, юу ч гарахгүй. Харин нүүр хуудаснаас ороод дарахад газрын зураг зүгээр нээгддэг. Утсан дээр ч, "
        "компьютер дээр ч адилхан. Юу болоод байгаа бол?"
    )
    s.say(
        "Opening a link directly means SvelteKit renders /map/[id] on the server first; navigating from the home page "
        "renders it only in the browser. So something fails on the server, and the page that loads maplibre-gl "
        "is the suspect. Turning off prerendering for that route so it is rendered at request time:"
    )
    s.act(None, Write("src/routes/map/[id]/+page.ts", "export const prerender = false;\n"))
    s.act(
        None,
        Bash(
            "pnpm build && (pnpm preview --port 4173 & sleep 6; curl -s -o /dev/null -w '%{http_code}\\n' http://localhost:4173/map/42)",
            "✓ built in 5.1s\n500",
            secs=20,
        ),
    )
    s.user("Still the same. Let's leave it for today.")
    s.say("OK, left as it is; the direct link still returns 500.")
    s.outcome("failed", "shared pasture links open a blank page; prerender = false did not help")
    s.hit("maplibre-ssr")
    return s


def t09() -> Session:
    s = new("t09-playwright-deps", "2028-04-20T06:35:12", "2.1.160", "main", "browser-deps-pika")
    s.user(
        "After I upgraded WSL, Playwright does not start at all:\n\n```\n$ pnpm exec playwright test\nError: "
        "browserType.launch:\n╔══════════════════════════════════════════════════════╗\n║ Host system is missing "
        "dependencies to run browsers. ║\n║ Please install them with the following command:      ║\n║"
        "                                                      ║\n║     sudo pnpm exec playwright install-deps"
        "           ║\n╚══════════════════════════════════════════════════════╝\n```"
    )
    s.act(
        None,
        Bash(
            "sudo pnpm exec playwright install --with-deps chromium",
            "Installing dependencies...\nSetting up libnss3:amd64 (2:3.98-1build1) ...\nSetting up libasound2t64:amd64 (1.2.11-1build2) ...\nchromium 131.0.6778.33 (playwright build v1148) downloaded to /home/baterdene/.cache/ms-playwright/chromium-1148",
            secs=80,
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm exec playwright test",
            playwright_run(
                [
                    "pastures.spec.ts:4:1 › map shows pastures",
                    "filter.spec.ts:6:1 › soum filter hides other soums",
                    "sidebar.spec.ts:5:1 › selecting a pasture shows its area",
                ]
            ),
        ),
    )
    s.say("The system libraries were missing after the WSL upgrade; with them installed, the 3 e2e tests pass.")
    s.user("Works now, thanks.")
    s.not_person("Please install them with the following command:", "pasted_log")
    s.one_off(
        "after a WSL upgrade Playwright says 'Host system is missing dependencies to run browsers'; installed with "
        "playwright install --with-deps chromium"
    )
    s.outcome("success", "Playwright system dependencies installed, e2e green")
    return s


def t10() -> Session:
    s = new("t10-turf-area", "2028-04-21T06:50:27", "2.1.160", "drawn-area", "turf-area-ferret")
    s.user(
        "Agronomists want to draw a polygon on the map and see its area right away, before it is saved as a "
        "pasture. Could you add a draw tool and compute the area on the client?"
    )
    s.act("Turf can compute the polygon area. Adding it:", Denied(Bash("npm install @turf/area", "")))
    s.user(
        "pnpm-ээс өөр package manager битгий ашиглаарай гэж хэлсэн шүү дээ, npm package-lock.json үүсгээд lockfile-ийг "
        "эвдэнэ.",
        rules=[("pnpm-only", "pnpm-ээс өөр package manager битгий ашиглаарай гэж хэлсэн шүү дээ")],
    )
    s.act("Sorry, with pnpm:", Bash("pnpm add @turf/area@7.2.0", "dependencies:\n+ @turf/area 7.2.0\n\nDone in 2.2s"))
    s.act(
        None,
        Write(
            "src/lib/components/DrawArea.svelte",
            "<script lang=\"ts\">\n\timport area from '@turf/area';\n\timport { formatArea } from '$lib/geo';\n\tlet { polygon } = $props();\n\tconst m2 = $derived(polygon ? area(polygon) : 0);\n</script>\n\n<p data-testid=\"drawn-area\">{formatArea(m2)}</p>\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm check && pnpm vitest run",
            "svelte-check found 0 errors and 0 warnings\n"
            + vitest_run([("src/lib/geo.test.ts", 6), ("src/lib/draw.test.ts", 3)]),
            secs=14,
        ),
    )
    s.say("The draw tool shows the polygon's area with `@turf/area`, added through pnpm; checks and tests pass.")
    s.user("Good.")
    s.outcome("success", "polygon draw tool with client-side area via pnpm-added @turf/area")
    return s


def explore_ssr(child: Session) -> None:
    child.act(
        None,
        Grep(
            "from 'maplibre-gl'",
            ["src/lib/components/PastureMap.svelte:2:\timport maplibregl from 'maplibre-gl';"],
            mode="content",
        ),
    )
    child.act(None, Grep("PastureMap", ["src/routes/pastures/+page.svelte", "src/routes/map/[id]/+page.svelte"]))
    child.say(
        "maplibre-gl is imported at module level in exactly one place: src/lib/components/PastureMap.svelte:2. "
        "It is used by src/routes/pastures/+page.svelte and src/routes/map/[id]/+page.svelte, so both routes "
        "evaluate maplibre-gl during server rendering."
    )


def t11() -> Session:
    s = new("t11-dynamic-import", "2028-04-24T06:30:08", "2.1.160", "deep-link", "deep-link-sable")
    s.user(
        "Last week I renamed the deep link e2e test when I moved it into its own file, and now it fails like "
        "this:\n\n```\n  1) [chromium] › deep-link.spec.ts:8:1 › pasture deep link › opens the popup for a shared "
        "pasture\n\n    Error: page.goto: net::ERR_HTTP_RESPONSE_CODE_FAILURE at http://localhost:4173/map/42\n"
        '    Call log:\n      - navigating to "http://localhost:4173/map/42", waiting until "load"\n      - '
        "response 500 Internal Error\n```\n\nI think the build error, the Pages 500 and the blank shared links "
        "are all one problem. Can we find it and fix it for real?"
    )
    s.act(
        None,
        Agent(
            "Find server-side maplibre use",
            "Find where maplibre-gl is imported in src/ and which routes render "
            "those components on the server. Report file:line. Do not change anything.",
            "Explore",
            explore_ssr,
        ),
    )
    s.act(None, Read("src/lib/components/PastureMap.svelte", PASTURE_MAP))
    s.say(
        "One cause: `import maplibregl from 'maplibre-gl'` at the top of PastureMap.svelte runs on the server, "
        "where there is no `window`/`self`. Loading it inside `onMount` keeps it in the browser only:"
    )
    s.act(
        None,
        Edit("src/lib/components/PastureMap.svelte", "\timport maplibregl from 'maplibre-gl';\n", ""),
        Edit(
            "src/lib/components/PastureMap.svelte",
            "\tonMount(() => {\n\t\tconst map = new maplibregl.Map({",
            "\tonMount(async () => {\n\t\tconst { default: maplibregl } = await import('maplibre-gl');\n\t\tconst map = new maplibregl.Map({",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build && pnpm exec playwright test",
            "✓ built in 5.4s\n"
            + playwright_run(
                [
                    "pastures.spec.ts:4:1 › map shows pastures",
                    "filter.spec.ts:6:1 › soum filter hides other soums",
                    "sidebar.spec.ts:5:1 › selecting a pasture shows its area",
                    "deep-link.spec.ts:8:1 › pasture deep link › opens the popup for a shared pasture",
                ]
            ),
            secs=45,
        ),
    )
    s.say(
        "The build passes, and all 4 e2e tests pass, including the deep link. `onMount(async` cleans up the map on destroy as before."
    )
    s.user(
        "Finally. Turns out anything that touches window has to be imported inside onMount in SvelteKit. Commit it "
        "please.",
        lessons=["Turns out anything that touches window has to be imported inside onMount in SvelteKit"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Load maplibre-gl only in the browser'",
            git_commit("deep-link", "3e8b21d", "Load maplibre-gl only in the browser", 1, 3, 2),
        ),
    )
    s.say("Committed as `3e8b21d`.")
    s.outcome("success", "maplibre-gl loaded with a dynamic import in onMount; build and e2e green")
    s.hit("maplibre-ssr", fixed=True)
    return s


def t12() -> Session:
    s = new("t12-demo-deploy", "2028-04-25T06:05:44", "2.1.161", "main", "demo-deploy-quail")
    s.user(
        "Аймгийн газрын албанд демо хийх гэж байна, нэг цагийн дараа. The Playwright run takes a while on my "
        "laptop and CI is already green on this commit, so just this once deploy without running the e2e, please.",
        non_rules=["just this once deploy without running the e2e"],
    )
    s.act(
        None,
        Bash(
            "pnpm build && pnpm wrangler pages deploy .svelte-kit/cloudflare --project-name tal-map --branch main",
            "✓ built in 5.2s\n✨ Success! Uploaded 12 files (141 already uploaded) (1.07 sec)\n✨ Deployment complete! Take a peek over at https://5b72d0e1.tal-map.pages.dev",
            secs=35,
        ),
    )
    s.say("Deployed without the local Playwright run: https://5b72d0e1.tal-map.pages.dev (CI is green on this commit).")
    s.user("Wish me luck, haha. Thanks!")
    s.outcome("success", "deployed for the demo without the local e2e run, as asked")
    return s


def t13() -> Session:
    s = new("t13-preview-urls", "2028-04-26T07:20:31", "2.1.161", "main", "preview-url-mole")
    s.user(
        "Асуулт: Cloudflare Pages дээр branch бүрийн preview URL тогтмол байдаг уу, эсвэл deploy бүрт шинэ "
        "hash-тай URL гардаг уу? Сумын мэргэжилтнүүдэд нэг холбоос өгмөөр байна."
    )
    s.title("Cloudflare Pages preview URLs")
    s.act(
        None,
        Bash(
            "pnpm wrangler pages deployment list --project-name tal-map | head -n 5",
            "┌──────────┬─────────────┬──────────────────────────────────────┐\n│ Branch   │ Source      │ Deployment                           │\n├──────────┼─────────────┼──────────────────────────────────────┤\n│ main     │ 5b72d0e     │ https://5b72d0e1.tal-map.pages.dev   │\n│ demo     │ 2c1a9f3     │ https://2c1a9f3b.tal-map.pages.dev   │",
        ),
    )
    s.say(
        "Both exist: every deployment gets its own hash URL (`5b72d0e1.tal-map.pages.dev`), and every branch also has "
        "a stable alias that always points at its latest deployment, `<branch>.tal-map.pages.dev` (e.g. "
        "`demo.tal-map.pages.dev`). Give them the branch alias."
    )
    s.outcome("unknown", "a question about Pages preview URLs, answered; no reply")
    return s


def t14() -> Session:
    s = new("t14-ci-e2e", "2028-04-27T06:40:56", "2.1.162", "legend", "legend-osprey")
    s.user(
        "Today the legend for the pasture colours. Before that, about deploys: Oyunaa moved the Playwright suite "
        "into CI last week and it runs on every PR now, so the demo exception turned into how we work: we don't run "
        "the Playwright suite locally before deploys anymore, CI covers it. The legend should be bottom-left, "
        "colours by grazing pressure (low/medium/high), labels in Mongolian.",
        rules=[
            (
                "e2e-ci-only",
                "we don't run the Playwright suite locally before deploys anymore, CI covers it",
                "e2e-before-deploy",
            )
        ],
    )
    s.act(
        None,
        Write(
            "src/lib/components/Legend.svelte",
            "<script lang=\"ts\">\n\tconst items = [\n\t\t{ label: 'Бага ачаалал', color: 'bg-emerald-500' },\n\t\t{ label: 'Дунд ачаалал', color: 'bg-amber-400' },\n\t\t{ label: 'Их ачаалал', color: 'bg-red-600' }\n\t];\n</script>\n\n<ul class=\"absolute bottom-4 left-4 rounded bg-white/90 p-2 text-sm\" data-testid=\"legend\">\n\t{#each items as i (i.label)}\n\t\t<li class=\"flex items-center gap-2\"><span class=\"h-3 w-3 rounded-full {i.color}\"></span>{i.label}</li>\n\t{/each}\n</ul>\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm check && pnpm build && pnpm wrangler pages deploy .svelte-kit/cloudflare --project-name tal-map --branch main",
            "svelte-check found 0 errors and 0 warnings\n✓ built in 5.3s\n✨ Deployment complete! Take a peek over at https://e04b7c92.tal-map.pages.dev",
            secs=45,
        ),
    )
    s.say(
        "The legend is bottom-left with the three pressure levels in Mongolian; deployed after the build, without a local Playwright run."
    )
    s.user("Looks good.")
    s.outcome("success", "map legend added and deployed; local e2e before deploys dropped")
    return s


def t15() -> Session:
    s = new("t15-tov-only", "2028-04-28T06:15:20", "2.1.163", "aimag-scope", "aimag-scope-ibis")
    s.user(
        "Бусад аймгийн бэлчээрийн өгөгдөл бүрэн биш байгаа, хагас дутуу зураг харагдаад байна. Одоохондоо зөвхөн "
        "Төв аймгийн бэлчээрүүдийг харуулчих, бусдыг нь өгөгдөл бүрдэхээр нээнэ.",
        blocks_before=ide("src/routes/pastures/+page.ts"),
        non_rules=["Одоохондоо зөвхөн Төв аймгийн бэлчээрүүдийг харуулчих"],
    )
    s.act(
        None,
        Read(
            "src/routes/pastures/+page.ts",
            "import { PUBLIC_API } from '$env/static/public';\n\nexport const prerender = true;\n\nexport async function load({ fetch }) {\n\tconst res = await fetch(`${PUBLIC_API}/v1/pastures`);\n\treturn { pastures: await res.json() };\n}",
        ),
    )
    s.act(
        None,
        Edit(
            "src/routes/pastures/+page.ts",
            "fetch(`${PUBLIC_API}/v1/pastures`)",
            "fetch(`${PUBLIC_API}/v1/pastures?aimag=Төв`)",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm check && pnpm vitest run",
            "svelte-check found 0 errors and 0 warnings\n"
            + vitest_run([("src/lib/geo.test.ts", 6), ("src/lib/draw.test.ts", 3)]),
            secs=14,
        ),
    )
    s.say("`/pastures` now asks the API for Төв aimag only; checks pass.")
    s.user("Thanks, see you tomorrow.")
    s.outcome("success", "pasture list limited to Töv aimag for now")
    return s


SESSIONS = [t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15]
