"""Sessions in `kvytok-web` (/home/oksana/work/kvytok-web): the Nuxt 3 (Vue 3, TypeScript) front end of the
kvytok ticketing backend: SSR pages for events, checkout and the customer's account, an $fetch wrapper
(composables/useApi.ts) talking to Django with session cookies, Vitest with @nuxt/test-utils, Playwright e2e
against the local stack, eslint, pnpm, GitHub Actions."""

from __future__ import annotations

from fake_output import WEB, git_commit, playwright, vitest
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

TZ = "ssr-event-time-zone"
CSRF = "api-csrf-header"


def web(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=WEB, project="kvytok-web")


EVENT_CARD = """<script setup lang="ts">
import type { EventSummary } from "~/types/api";
import { formatTime, formatDay } from "~/utils/date";

const props = defineProps<{ event: EventSummary }>();
</script>

<template>
  <article class="event-card" data-testid="event-card">
    <h3>{{ props.event.title }}</h3>
    <p>{{ formatDay(props.event.startsAt) }}, <time :datetime="props.event.startsAt">{{ formatTime(props.event.startsAt) }}</time></p>
    <p class="venue">{{ props.event.venue.name }}</p>
  </article>
</template>"""

DATE_TS = """export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("uk-UA", { day: "numeric", month: "long" });
}"""

USE_API = """export function useApi() {
  const config = useRuntimeConfig();
  const api = $fetch.create({
    baseURL: config.public.apiBase,
    credentials: "include",
  });
  return {
    get: <T>(url: string) => api<T>(url),
    post: <T>(url: string, body?: unknown) => api<T>(url, { method: "POST", body }),
    patch: <T>(url: string, body?: unknown) => api<T>(url, { method: "PATCH", body }),
  };
}"""


def w01_events_list() -> Session:
    s = web("w01-events-list", "2027-04-05T11:10:32", "2.1.201", "feat/events-list", "fresh-opera-lark")
    s.user(
        "привіт! в kvytok-web треба сторінку /events зі списком подій з API (GET /api/events/), картка на кожну "
        'подію: назва, дата і час, зал. we don\'t do Options API here, components in <script setup lang="ts">. і пакети ставимо '
        "тільки через pnpm, ніякого npm чи yarn, бо зламається lockfile",
        after=0,
        rules=[
            ("script-setup", 'we don\'t do Options API here, components in <script setup lang="ts">'),
            ("pnpm-only", "пакети ставимо тільки через pnpm, ніякого npm чи yarn"),
        ],
    )
    s.act(None, Read("utils/date.ts", DATE_TS, total=7))
    s.act(
        None,
        Write("components/EventCard.vue", EVENT_CARD),
        Write(
            "pages/events/index.vue",
            '<script setup lang="ts">\nimport type { EventSummary } from "~/types/api";\n\n'
            'const { data: events } = await useAsyncData("events", () => useApi().get<EventSummary[]>("/events/"));\n'
            '</script>\n\n<template>\n  <section class="events">\n'
            '    <EventCard v-for="e in events" :key="e.id" :event="e" />\n  </section>\n</template>\n',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm lint && pnpm vitest run", "\n> kvytok-web@0.3.0 lint\n> eslint .\n\n" + vitest(14, files=5), secs=16
        ),
    )
    s.say(
        "`/events` renders an `EventCard` per event (title, day, time, venue) via `useApi`; lint clean, 14 tests pass."
    )
    s.user("ok thx")
    s.outcome("success", "events list page and EventCard added, lint and tests green")
    return s


def w02_hydration_warning() -> Session:
    s = web("w02-hydration", "2027-04-06T12:30:08", "2.1.201", "feat/events-list", "narrow-rynok-moth")
    s.user(
        "на сторінці події в консолі браузера таке, і час на секунду блимає:\n```\n[Vue warn]: Hydration text "
        "content mismatch on <time data-v-7a1c2e>\n  at <EventCard event= {id: 311, title: 'Океан Ельзи', ...} >\n"
        '  at <Index onVnodeUnmounted=fn<onVnodeUnmounted> ref=Ref< undefined > >\n  at <RouteProvider key="/events" '
        "vnode= {...} route= {...} >\nHydration completed but contains mismatches.\n```\nщо це і як прибрати?",
        after=0,
    )
    s.act(None, Read("components/EventCard.vue", EVENT_CARD, total=14))
    s.say(
        "The server-rendered text inside `<time>` differs from what the browser renders, so Vue patches it after "
        "hydration (the blink). The simplest way to get rid of it is to render the time only on the client:"
    )
    s.act(
        None,
        Denied(
            Edit(
                "components/EventCard.vue",
                '<time :datetime="props.event.startsAt">{{ formatTime(props.event.startsAt) }}</time>',
                '<ClientOnly><time :datetime="props.event.startsAt">{{ formatTime(props.event.startsAt) }}</time></ClientOnly>',
            )
        ),
    )
    s.user(
        "ні, тоді в SSR html часу взагалі не буде, а нам це треба для SEO і для прев'ю в телеграмі. лишай поки, "
        "сама подумаю"
    )
    s.outcome("failed", "hydration mismatch on the event time left as is; the ClientOnly workaround was refused")
    s.hit(TZ)
    return s


def w03_checkout_e2e() -> Session:
    s = web("w03-checkout-e2e", "2027-04-07T13:00:45", "2.1.202", "feat/checkout", "shy-svobody-bat")
    s.user(
        "e2e checkout падає, глянь. і в e2e селектори тільки через data-testid, не по тексту кнопок",
        after=0,
        rules=[("testid-e2e", "в e2e селектори тільки через data-testid, не по тексту кнопок")],
    )
    err = (
        "    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n\n"
        "    Locator: getByTestId('order-confirmed')\n    Expected: visible\n    Received: <element(s) not found>\n"
        "    Call log:\n      - expect.toBeVisible with timeout 5000ms\n      - waiting for getByTestId('order-confirmed')\n\n"
        "      30 |     await page.getByTestId('seat-A-12').click();\n"
        "      31 |     await page.getByTestId('pay-button').click();\n"
        "    > 32 |     await expect(page.getByTestId('order-confirmed')).toBeVisible();\n"
        "         |                                                       ^\n"
        "      33 |   });\n\n        at /home/oksana/work/kvytok-web/e2e/checkout.spec.ts:32:55"
    )
    fail = [("e2e/checkout.spec.ts:18:3", "checkout › buys one ticket", err)]
    cmd = "pnpm exec playwright test e2e/checkout.spec.ts"
    s.act(None, Bash(cmd, playwright(2, fail, secs=21.7), code=1, desc="Run checkout e2e", secs=25))
    s.act(
        "It may just be a slow payment mock. I'll give the confirmation more time.",
        Edit(
            "e2e/checkout.spec.ts",
            "    await expect(page.getByTestId('order-confirmed')).toBeVisible();",
            "    await expect(page.getByTestId('order-confirmed')).toBeVisible({ timeout: 15_000 });",
        ),
    )
    s.act(
        None,
        Bash(
            cmd, playwright(2, [(fail[0][0], fail[0][1], err.replace("5000ms", "15000ms"))], secs=31.9), code=1, secs=35
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose -f ../kvytok/docker-compose.yml logs web --tail 6",
            'kvytok-web-1  | [07/Apr/2027 13:04:09] "GET /api/events/311/seats/ HTTP/1.1" 200 5812\n'
            'kvytok-web-1  | [07/Apr/2027 13:04:10] "POST /api/events/311/holds/ HTTP/1.1" 201 96\n'
            "kvytok-web-1  | Forbidden: /api/orders/\n"
            'kvytok-web-1  | [07/Apr/2027 13:04:11] "POST /api/orders/ HTTP/1.1" 403 58',
            desc="Backend log during the test",
        ),
    )
    s.say(
        "The backend answers `POST /api/orders/` with 403, so the confirmation never appears; the timeout isn't the "
        "issue. Maybe the e2e user isn't logged in when it pays, or the orders view has a permission the test user "
        "lacks. I'll check the login fixture next."
    )
    s.user("put the timeout back to 5000 pls. that's it for today, still broken")
    s.act(
        None,
        Edit(
            "e2e/checkout.spec.ts",
            "    await expect(page.getByTestId('order-confirmed')).toBeVisible({ timeout: 15_000 });",
            "    await expect(page.getByTestId('order-confirmed')).toBeVisible();",
        ),
    )
    s.say("Timeout reverted to the default 5000 ms.")
    s.outcome("failed", "checkout e2e still times out; a 403 on POST /api/orders/ seen, cause not found")
    s.hit(CSRF)
    return s


def w04_lockfile() -> Session:
    s = web("w04-lockfile", "2027-04-08T14:00:19", "2.1.202", "feat/countdown", "loud-halytska-magpie")
    s.user(
        "CI впав на install, ось лог:\n```\nRun pnpm install --frozen-lockfile\nScope: all 1 workspace projects\n "
        'ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is not up to '
        "date with <ROOT>/package.json\n\nNote that in CI environments this setting is true by default. If you "
        'still need to run install in such cases, use "pnpm install --no-frozen-lockfile"\n\n  Failure reason:\n'
        '  specifiers in the lockfile ({"@vueuse/core":"^11.1.0","nuxt":"^3.14.159", ...}) don\'t match specs in '
        'package.json ({"@vueuse/core":"^11.1.0","dayjs":"^1.11.13","nuxt":"^3.14.159", ...})\nError: Process '
        "completed with exit code 1.\n```\nзвідки там dayjs?",
        after=0,
    )
    s.not_person(
        'If you still need to run install in such cases, use "pnpm install --no-frozen-lockfile"', "pasted_log"
    )
    s.act(
        None,
        Bash(
            "git log --oneline -3 -- package.json && git grep -n dayjs -- '*.vue' '*.ts'",
            "e4f0a21 Add countdown to sale start\n8b21c9d Add vitest\n1f0d3aa Init Nuxt app\n"
            'components/SaleCountdown.vue:3:import dayjs from "dayjs";',
        ),
    )
    s.say(
        '`dayjs` came in with e4f0a21 ("Add countdown to sale start"): package.json was changed but pnpm-lock.yaml '
        "wasn't committed. It's used only in SaleCountdown.vue. I can either commit the lockfile or drop dayjs."
    )
    s.user(
        "dayjs нам взагалі не треба, там дві строчки, прибери його. don't add packages without asking me first, "
        "і на бекенді теж",
        rules=[("ask-deps", "don't add packages without asking me first")],
    )
    s.act(
        None,
        Edit(
            "components/SaleCountdown.vue",
            'import dayjs from "dayjs";\n\nconst left = computed(() => dayjs(props.startsAt).diff(now.value, "second"));',
            "const left = computed(() => Math.max(0, Math.floor((Date.parse(props.startsAt) - now.value) / 1000)));",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm remove dayjs && pnpm install --frozen-lockfile && pnpm vitest run",
            "Packages: -1\n-\nProgress: resolved 812, reused 790, downloaded 0, added 0, done\n\n"
            "dependencies:\n- dayjs 1.11.13\n\nDone in 2.1s\nLockfile is up to date, resolution step is skipped\n"
            "Already up to date\n\nDone in 1.4s\n" + vitest(16, files=6),
            secs=20,
        ),
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Drop dayjs from the sale countdown" && git push',
            git_commit("feat/countdown", "77c0b3e", "Drop dayjs from the sale countdown", 3, 4, 12)
            + "\nTo github.com:oksana-h/kvytok-web.git\n   e4f0a21..77c0b3e  feat/countdown -> feat/countdown",
        ),
    )
    s.say("dayjs removed (the countdown uses Date.parse), lockfile consistent, tests green, pushed.")
    s.user("👍")
    s.outcome("success", "CI install fixed by removing dayjs whose lockfile change was never committed")
    s.one_off(
        "dayjs was added to package.json without committing pnpm-lock.yaml, so CI pnpm install --frozen-lockfile "
        "fails with ERR_PNPM_OUTDATED_LOCKFILE"
    )
    return s


def w05_snapshot_ci() -> Session:
    s = web("w05-snapshot-ci", "2027-04-09T12:00:57", "2.1.202", "feat/events-list", "odd-kopernyka-newt")
    s.user(
        "вітест в CI червоний, а локально зелений, wtf. з логу:\n```\n FAIL  components/__tests__/EventCard.spec.ts "
        "> EventCard > renders start time and venue\nError: Snapshot `EventCard > renders start time and venue 1` "
        'mismatched\n\n- Expected\n+ Received\n\n-     <time datetime="2027-05-14T16:00:00Z">19:00</time>\n'
        '+     <time datetime="2027-05-14T16:00:00Z">04:00 PM</time>\n\n ❯ components/__tests__/EventCard.spec.ts:21:25\n```',
        after=0,
    )
    s.act(
        None,
        Bash(
            "pnpm vitest run components/__tests__/EventCard.spec.ts",
            vitest(3, files=1, ms=640),
            desc="Run the EventCard test locally",
            secs=6,
        ),
    )
    s.act(
        "Locally it passes. The snapshot was recorded on your machine; the runner renders the time differently. "
        "I'll update the snapshot so CI matches.",
        Denied(Bash("pnpm vitest run -u components/__tests__/EventCard.spec.ts", desc="Update snapshot")),
    )
    s.user("ні, якщо оновити снепшот, то в мене локально він знову впаде. це не фікс")
    s.act(
        "Then the test environment should be pinned. Setting the runner's time zone in the workflow would make "
        "CI render like your machine:",
        Read(".github/workflows/ci.yml", "      - run: pnpm vitest run", offset=24, total=27),
    )
    s.say("Option: add `env: TZ: Europe/Kyiv` to the vitest step in `.github/workflows/ci.yml`.")
    s.user("that just hides the problem in tests. leave it as is, I'll think about it")
    s.outcome("failed", "EventCard snapshot still fails in CI; snapshot update denied and TZ pinning declined")
    s.hit(TZ)
    return s


def _sa_refund_path(c: Session) -> None:
    c.act(
        None,
        Read(
            "pages/account/orders/[id].vue",
            "async function refund() {\n  pending.value = true;\n  try {\n"
            "    await useApi().post(`/orders/${route.params.id}/refund/`);\n    await refresh();\n"
            "  } catch {\n    /* TODO toast */\n  } finally {\n    pending.value = false;\n  }\n}",
            offset=22,
            total=71,
        ),
    )
    c.act(None, Read("composables/useApi.ts", USE_API, total=13))
    c.say(
        "The refund button calls `useApi().post(`/orders/${id}/refund/`)` in pages/account/orders/[id].vue; errors "
        "are swallowed by an empty catch (TODO toast), which is why nothing shows in the console. `useApi` is "
        '`$fetch.create` with `baseURL` from runtime config and `credentials: "include"`; it sets no headers of '
        "its own, so the request carries only the cookies."
    )


def w06_refund_button_words() -> Session:
    s = web("w06-refund-button", "2027-04-12T11:40:26", "2.1.203", "feat/account", "tame-levandivka-vole")
    s.user(
        "кнопка «Повернути кошти» в особистому кабінеті нічого не робить. в network червоний 403 на "
        "/api/orders/812/refund/, а в консолі пусто. бекенд я перевіряла через httpie, там рефанд працює",
        after=0,
    )
    s.act(
        "I'll have an agent trace the refund request on the front end while I look at how httpie differs.",
        Agent(
            "Trace the refund request",
            "Trace how the refund button in pages/account/orders/[id].vue calls the API and which headers and "
            "cookies the request gets. Report only; do not change files.",
            "Explore",
            _sa_refund_path,
            background=True,
        ),
    )
    s.not_person("Report only; do not change files.", "subagent_prompt")
    s.act(
        "While it runs: httpie probably authenticated differently from the browser. I'll check which "
        "authentication classes the refund view uses.",
        Read(
            "/home/oksana/work/kvytok/kvytok/settings/base.py",
            'REST_FRAMEWORK = {\n    "DEFAULT_AUTHENTICATION_CLASSES": [\n'
            '        "rest_framework.authentication.SessionAuthentication",\n'
            '        "rest_framework.authentication.BasicAuthentication",\n    ],',
            offset=88,
            total=140,
        ),
    )
    s.user("я на хвилинку, дзвонять з банку")
    s.agent_done(after=55)
    s.say(
        "The agent found that the refund error is swallowed by an empty `catch`, and that `useApi` sends only "
        "cookies, no extra headers. With httpie you probably used a token or basic auth, which is a different "
        "authentication path than the browser's session. Next I'd compare the two requests side by side."
    )
    s.outcome("unknown", "refund 403 traced to the front-end request path, but Oksana was called away; nothing changed")
    s.hit(CSRF)
    return s


def w07_playwright_deps() -> Session:
    s = web("w07-playwright-deps", "2027-04-13T12:20:04", "2.1.203", "main", "new-ubuntu-hare")
    s.user("new laptop with Ubuntu 24.04 and playwright doesnt even start", after=0)
    s.act(
        None,
        Bash(
            "pnpm exec playwright test",
            "Running 11 tests using 2 workers\n\n  1) [chromium] › e2e/events.spec.ts:5:3 › events › lists events \n\n"
            "    Error: browserType.launch: \n"
            "    ╔══════════════════════════════════════════════════════╗\n"
            "    ║ Host system is missing dependencies to run browsers. ║\n"
            "    ║ Please install them with the following command:      ║\n"
            "    ║                                                      ║\n"
            "    ║     sudo pnpm exec playwright install-deps           ║\n"
            "    ║                                                      ║\n"
            "    ║ Alternatively, use apt:                              ║\n"
            "    ║     sudo apt-get install libasound2t64\\              ║\n"
            "    ║         libatk-bridge2.0-0t64\\                       ║\n"
            "    ║         libcups2t64                                  ║\n"
            "    ╚══════════════════════════════════════════════════════╝\n\n  11 failed",
            code=1,
            desc="Run e2e",
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "sudo pnpm exec playwright install-deps chromium",
            "sudo: pnpm: command not found",
            code=1,
            desc="Install browser deps",
        ),
    )
    s.act(
        "sudo resets PATH, so it can't find pnpm from your user install. Passing PATH through:",
        Bash(
            'sudo env PATH="$PATH" pnpm exec playwright install-deps chromium',
            "Installing dependencies...\nHit:1 http://archive.ubuntu.com/ubuntu noble InRelease\n"
            "Reading package lists...\nThe following NEW packages will be installed:\n  libasound2t64 "
            "libatk-bridge2.0-0t64 libcups2t64 libxkbcommon0 libxdamage1\n0 upgraded, 5 newly installed, 0 to "
            "remove and 0 not upgraded.",
            desc="Install browser deps",
            secs=48,
        ),
    )
    s.act(
        None,
        Bash("pnpm exec playwright install chromium && pnpm exec playwright test", playwright(11, secs=44.2), secs=70),
    )
    s.say(
        "All 11 e2e tests pass. Note that playwright.config.ts has `reuseExistingServer: !process.env.CI`, so "
        "locally the tests run against whatever `pnpm dev` you already have running, not a fresh build."
    )
    s.user(
        "TIL reuseExistingServer means local e2e runs hit whatever dev server I already have open. тоді минулого "
        "тижня я ганяла тести проти старого білда, лол. дякую",
        lessons=["TIL reuseExistingServer means local e2e runs hit whatever dev server I already have open"],
    )
    s.outcome("success", "Playwright runs on the new Ubuntu 24.04 machine after installing browser deps")
    s.one_off(
        "fresh Ubuntu 24.04: Playwright chromium fails with 'Host system is missing dependencies' (t64 libraries), "
        "and sudo cannot find pnpm until PATH is passed through"
    )
    return s


def w08_prod_time_jumps() -> Session:
    s = web("w08-prod-time", "2027-04-14T13:30:42", "2.1.203", "main", "late-ploshcha-gecko")
    s.user(
        "taras says on prod the concert start time shows 3 hours earlier for a split second and then jumps to teh "
        "right one. is this the hydration thing from last week?",
        after=0,
    )
    s.act(None, Read("components/EventCard.vue", EVENT_CARD, total=14), Read("utils/date.ts", DATE_TS, total=7))
    s.say(
        "Very likely the same thing. `formatTime` calls `toLocaleTimeString` with no locale and no time zone, so "
        "the server formats `startsAt` in its own zone and the browser in the visitor's. Three hours early points "
        "at the server running in UTC. To confirm I'd check the TZ of the prod container."
    )
    s.user("can't now, have a 1:1. later")
    s.outcome("unknown", "probable cause named (server formats times in its own zone) but not confirmed; Oksana left")
    s.hit(TZ)
    return s


def w09_eslint_flat() -> Session:
    s = web("w09-eslint-flat", "2027-04-15T12:10:33", "2.1.204", "chore/eslint9", "warm-striiskyi-mole")
    s.user(
        "eslint після апдейту на v9 взагалі не запускається:\n```\nOops! Something went wrong! :(\n\nESLint: "
        "9.14.0\n\nESLint couldn't find an eslint.config.(js|mjs|cjs) file.\n\nFrom ESLint v9.0.0, the default "
        "configuration file is now eslint.config.js.\nIf you are using a .eslintrc.* file, please follow the "
        "migration guide\nto update your configuration file to the new format:\n\n"
        "https://eslint.org/docs/latest/use/configure/migration-guide\n```",
        after=0,
    )
    s.say(
        "ESLint 9 only reads flat config. For Nuxt the usual route is the `@nuxt/eslint` module, which generates "
        "the flat config from the project. That's a new dev dependency; OK to add it?"
    )
    s.user("так, @nuxt/eslint ок")
    s.act(
        None,
        Bash(
            "pnpm add -D @nuxt/eslint && rm .eslintrc.cjs",
            "Packages: +38\n++++++++++++++++++++++++++++++++++++++\nProgress: resolved 851, reused 812, "
            "downloaded 38, added 38, done\n\ndevDependencies:\n+ @nuxt/eslint 0.7.4\n\nDone in 6.8s",
            secs=10,
        ),
        Write(
            "eslint.config.mjs",
            '// @ts-check\nimport withNuxt from "./.nuxt/eslint.config.mjs";\n\nexport default withNuxt({\n'
            '  rules: {\n    "vue/multi-word-component-names": "off",\n  },\n});\n',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm nuxi prepare && pnpm lint",
            "✔ Types generated in .nuxt\n\n> kvytok-web@0.3.0 lint\n> eslint .\n\n"
            "/home/oksana/work/kvytok-web/components/EventFilters.vue\n"
            "  14:9  error  'cities' is assigned a value but never used  @typescript-eslint/no-unused-vars\n\n"
            "✖ 1 problem (1 error, 0 warnings)",
            code=1,
            secs=14,
        ),
    )
    s.act(
        None,
        Read(
            "components/EventFilters.vue",
            "  const cities = computed(() => props.events.map((e) => e.venue.city));\n</script>\n\n<template>\n"
            '  <select v-model="city" data-testid="city-filter">\n    <option value="">Усі міста</option>',
            offset=14,
            total=33,
        ),
    )
    s.user(
        "видали cities, то залишок. і from now on no hardcoded Ukrainian strings in templates, everything goes through $t()",
        rules=[("i18n-t", "no hardcoded Ukrainian strings in templates, everything goes through $t()")],
    )
    s.act(
        None,
        Edit(
            "components/EventFilters.vue",
            "  const cities = computed(() => props.events.map((e) => e.venue.city));\n</script>",
            "</script>",
        ),
        Edit(
            "components/EventFilters.vue",
            '    <option value="">Усі міста</option>',
            "    <option value=\"\">{{ $t('filters.allCities') }}</option>",
        ),
    )
    s.act(
        None,
        Edit("i18n/uk.json", '  "filters": {', '  "filters": {\n    "allCities": "Усі міста",'),
    )
    s.act(None, Bash("pnpm lint", "\n> kvytok-web@0.3.0 lint\n> eslint .\n", secs=9))
    s.say(
        "Flat config via @nuxt/eslint, `.eslintrc.cjs` removed, the unused `cities` dropped and the option label moved to `filters.allCities`. Lint is clean."
    )
    s.user("thanks")
    s.outcome("success", "ESLint 9 flat config via @nuxt/eslint; lint clean, a hardcoded string moved to i18n")
    s.one_off(
        'ESLint 9 no longer reads .eslintrc; lint fails with "couldn\'t find an eslint.config" until a flat '
        "config (@nuxt/eslint) is added"
    )
    return s


def w10_profile_csrf() -> Session:
    s = web("w10-profile-csrf", "2027-04-19T11:00:13", "2.1.205", "feat/account", "sharp-kulparkiv-ibis")
    s.user(
        "профіль теж не зберігається. console:\n```\nPATCH http://localhost:8000/api/me/ 403 (Forbidden)\n"
        'FetchError: [PATCH] "http://localhost:8000/api/me/": 403 Forbidden\n'
        '{"detail":"CSRF Failed: CSRF token missing."}\n```',
        after=0,
    )
    s.act(
        "DRF's SessionAuthentication enforces CSRF on unsafe methods. Since the API is only used by this front "
        "end, the quickest fix is an authentication class that skips the check:",
        Denied(
            Write(
                "/home/oksana/work/kvytok/kvytok/api/authentication.py",
                "from rest_framework.authentication import SessionAuthentication\n\n\n"
                "class CsrfExemptSessionAuthentication(SessionAuthentication):\n"
                "    def enforce_csrf(self, request):\n        return None\n",
            )
        ),
    )
    s.user("ні-ні, бекенд тут ні до чого, вимикати csrf це дірка. але на сьогодні в мене все, still broken")
    s.outcome("failed", "profile PATCH still 403 (CSRF token missing); disabling CSRF on the backend refused")
    s.hit(CSRF)
    return s


def w11_fix_time_zone() -> Session:
    s = web("w11-fix-tz", "2027-04-20T12:00:27", "2.1.205", "fix/event-time-zone", "calm-kyivska-stork")
    s.user(
        "давай закриємо історію з часом подій: hydration warning, снепшот EventCard в CI і Тарасові години, що "
        "стрибають на проді. мені здається що це все одне й те саме",
        after=0,
    )
    s.act(None, Read("utils/date.ts", DATE_TS, total=7), Read("components/EventCard.vue", EVENT_CARD, total=14))
    s.act(
        None,
        Bash(
            "docker compose -f docker-compose.prod.yml run --rm web node -e "
            '"const o=Intl.DateTimeFormat().resolvedOptions(); console.log(o.timeZone, o.locale)"',
            "UTC en-US",
            desc="Time zone and locale of the Nuxt server",
            secs=6,
        ),
    )
    s.say(
        "Confirmed: the Nuxt server runs in UTC with en-US, the browsers in Europe/Kyiv with uk. `formatTime` uses "
        "the runtime's defaults, so SSR says 16:00 (or 04:00 PM in CI) and the browser 19:00. I'll format event "
        "times with an explicit zone and locale in one helper."
    )
    s.act(
        None,
        Edit(
            "utils/date.ts",
            'export function formatTime(iso: string): string {\n  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });\n}',
            'const EVENT_TIME = new Intl.DateTimeFormat("uk-UA", {\n  hour: "2-digit",\n  minute: "2-digit",\n'
            '  timeZone: "Europe/Kyiv",\n});\n\n/** Event times are Kyiv wall-clock times wherever the code runs (SSR in UTC, any browser). */\n'
            "export function formatEventTime(iso: string): string {\n  return EVENT_TIME.format(new Date(iso));\n}",
        ),
        Edit(
            "components/EventCard.vue",
            "{{ formatTime(props.event.startsAt) }}</time>",
            "{{ formatEventTime(props.event.startsAt) }}</time>",
        ),
    )
    s.act(
        None,
        Edit(
            "components/EventCard.vue",
            'import { formatTime, formatDay } from "~/utils/date";',
            'import { formatEventTime, formatDay } from "~/utils/date";',
        ),
    )
    s.act(
        None,
        Bash(
            "TZ=UTC LANG=en_US.UTF-8 pnpm vitest run && pnpm vitest run && pnpm lint",
            vitest(17, files=6) + "\n" + vitest(17, files=6) + "\n\n> kvytok-web@0.3.0 lint\n> eslint .\n",
            desc="Tests in UTC/en-US and locally, lint",
            secs=25,
        ),
    )
    s.say(
        "`formatEventTime` formats in uk-UA and Europe/Kyiv, so server and browser agree; tests pass both in "
        "UTC/en-US (like CI) and locally with the old snapshot, lint clean."
    )
    s.user(
        "lesson learned: the nuxt server renders in UTC, so date formatting without an explicit timeZone differs "
        "between server and browser. дякую 🙏 закоміть",
        lessons=[
            "lesson learned: the nuxt server renders in UTC, so date formatting without an explicit timeZone "
            "differs between server and browser"
        ],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Format event times in Europe/Kyiv on server and client"',
            git_commit(
                "fix/event-time-zone", "c3a7f52", "Format event times in Europe/Kyiv on server and client", 2, 9, 3
            ),
        ),
    )
    s.outcome(
        "success", "event times formatted with an explicit Europe/Kyiv zone; hydration, CI snapshot and prod fixed"
    )
    s.hit(TZ, fixed=True)
    return s


def _sa_e2e_run(c: Session) -> None:
    c.act(
        None,
        Bash(
            "pnpm exec playwright test e2e/checkout.spec.ts e2e/refund.spec.ts e2e/profile.spec.ts",
            playwright(7, secs=29.3),
            desc="Run checkout, refund and profile e2e",
            secs=34,
        ),
    )
    c.say("All 7 tests in checkout, refund and profile specs pass (29.3s); no failures to report.")


def w12_fix_csrf() -> Session:
    s = web("w12-fix-csrf", "2027-04-21T11:30:51", "2.1.206", "fix/csrf-header", "brave-zamarstyniv-lynx")
    s.user(
        "тепер csrf. рефанд, профіль і e2e checkout — мабуть все через одне: фронт не шле токен. поправ useApi",
        after=0,
    )
    s.act(None, Read("composables/useApi.ts", USE_API, total=13))
    s.act(
        "Django sets the `csrftoken` cookie; DRF wants its value back in `X-CSRFToken` on unsafe methods. I'll add "
        "it in the wrapper's onRequest.",
        Edit(
            "composables/useApi.ts",
            '    credentials: "include",\n  });',
            '    credentials: "include",\n    onRequest({ options }) {\n'
            '      const method = (options.method ?? "GET").toUpperCase();\n'
            '      if (["GET", "HEAD", "OPTIONS"].includes(method)) return;\n'
            '      const token = useCookie("csrftoken").value;\n'
            "      const headers = new Headers(options.headers);\n"
            '      if (token) headers.set("X-CSRFToken", token);\n      options.headers = headers;\n    },\n  });',
        ),
    )
    s.act(
        "Checking the three flows end to end:",
        Agent(
            "Run the affected e2e specs",
            "Run the Playwright specs e2e/checkout.spec.ts, e2e/refund.spec.ts and e2e/profile.spec.ts against the "
            "local stack and report each failure with its first error line.",
            "general-purpose",
            _sa_e2e_run,
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm vitest run && pnpm lint", vitest(18, files=7) + "\n\n> kvytok-web@0.3.0 lint\n> eslint .\n", secs=18
        ),
    )
    s.say(
        "`useApi` now sends `X-CSRFToken` from the `csrftoken` cookie on POST/PATCH/DELETE. Checkout, refund and "
        "profile e2e all pass, unit tests and lint green."
    )
    s.user("finally!! thank you")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Send the CSRF token from useApi on unsafe requests"',
            git_commit("fix/csrf-header", "9d02e6b", "Send the CSRF token from useApi on unsafe requests", 1, 8, 0),
        ),
    )
    s.outcome("success", "useApi sends X-CSRFToken; refund, profile and checkout work again")
    s.hit(CSRF, fixed=True)
    return s


def w13_city_filter_compacted() -> Session:
    s = web("w13-city-filter", "2027-04-22T12:00:16", "2.1.206", "feat/city-filter", "gentle-sykhiv-finch")
    s.user(
        "додай e2e на фільтр подій за містом, e2e/filters.spec.ts. три міста в фікстурах: Львів, Київ, Одеса", after=0
    )
    s.act(
        None,
        Write(
            "e2e/filters.spec.ts",
            "import { test, expect } from '@playwright/test';\n\ntest('filters events by city', async ({ page }) => {\n"
            "  await page.goto('/events');\n  await page.getByRole('combobox').selectOption({ label: 'Львів' });\n"
            "  await expect(page.getByText('Опера: Наталка Полтавка')).toBeVisible();\n});\n",
        ),
    )
    s.user(
        "Playwright: getByTestId only, not by visible text, the copy changes every week",
        rules=[("testid-e2e", "getByTestId only, not by visible text")],
    )
    s.act(
        None,
        Write(
            "e2e/filters.spec.ts",
            "import { test, expect } from '@playwright/test';\n\ntest('filters events by city', async ({ page }) => {\n"
            "  await page.goto('/events');\n  await page.getByTestId('city-filter').selectOption('lviv');\n"
            "  const cards = page.getByTestId('event-card');\n  await expect(cards).toHaveCount(2);\n"
            "  await expect(cards.first()).toHaveAttribute('data-city', 'lviv');\n});\n",
        ),
    )
    s.act(
        None,
        Edit(
            "components/EventCard.vue",
            '<article class="event-card" data-testid="event-card">',
            '<article class="event-card" data-testid="event-card" :data-city="props.event.venue.citySlug">',
        ),
    )
    s.act(None, Bash("pnpm exec playwright test e2e/filters.spec.ts", playwright(1, secs=8.8), secs=14))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n"
        "1. Primary request: e2e test for the city filter on /events (e2e/filters.spec.ts).\n2. Done: spec uses "
        "getByTestId('city-filter') and 'event-card' with a data-city attribute added to EventCard; passes.\n"
        "3. Notes: Always run `pnpm lint --fix` before committing. Selectors by data-testid.\n4. Pending: commit.",
        pre_tokens=158_930,
        post_tokens=10_412,
    )
    s.not_person("Always run `pnpm lint --fix` before committing.", "compaction_summary")
    s.user(
        "закоміть. і ще одне: decided we stay on Nuxt 3 until the spring release, no Nuxt 4 upgrade, тож не "
        "пропонуй nuxi upgrade",
        decisions=["decided we stay on Nuxt 3 until the spring release, no Nuxt 4 upgrade"],
    )
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "Add city filter e2e test"',
            git_commit("feat/city-filter", "41be8d7", "Add city filter e2e test", 2, 11, 1),
        ),
    )
    s.say("Committed. Noted: Nuxt 3 stays until the spring release.")
    s.outcome("success", "city filter e2e added with test ids, committed after an auto compaction")
    return s


def w14_ticket_plural() -> Session:
    s = web("w14-plural", "2027-04-23T10:30:09", "2.1.207", "feat/cart-summary", "kind-bandery-dove")
    s.user(
        'в кошику пише "3 квитків". треба нормальні форми: 1 квиток, 2 квитки, 5 квитків. no need for playwright this time, just vitest. btw pnpm dev always '
        "hangs for like 30 sec on the first start after a pull, is that nuxt prepare?",
        after=0,
        non_rules=[
            "no need for playwright this time, just vitest",
            "pnpm dev always hangs for like 30 sec on the first start after a pull",
        ],
    )
    s.act(
        None,
        Read(
            "i18n.config.ts",
            'export default defineI18nConfig(() => ({\n  legacy: false,\n  locale: "uk",\n  fallbackLocale: "en",\n}));',
            total=5,
        ),
    )
    s.act(
        None,
        Edit(
            "i18n/uk.json",
            '  "cart": {\n    "tickets": "{n} квитків",',
            '  "cart": {\n    "tickets": "немає квитків | {n} квиток | {n} квитки | {n} квитків",',
        ),
        Edit(
            "i18n.config.ts",
            '  locale: "uk",',
            '  locale: "uk",\n  pluralRules: { uk: ukrainianPlural },',
        ),
    )
    s.act(
        None,
        Edit(
            "i18n.config.ts",
            "export default defineI18nConfig(() => ({",
            "// vue-i18n picks the form index: 0 none, 1 one (1, 21, 31…), 2 few (2-4, 22-24…), 3 many.\n"
            "function ukrainianPlural(n: number): number {\n  if (n === 0) return 0;\n"
            "  const d = n % 10, dd = n % 100;\n  if (d === 1 && dd !== 11) return 1;\n"
            "  if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return 2;\n  return 3;\n}\n\n"
            "export default defineI18nConfig(() => ({",
        ),
    )
    s.act(None, Bash("pnpm vitest run", vitest(21, files=8), secs=12))
    s.say(
        "Ukrainian plural forms added (`$t('cart.tickets', n)` gives 1 квиток / 2 квитки / 5 квитків / 21 квиток). "
        "On the slow first start: yes, after a pull `nuxi prepare` regenerates `.nuxt` types and Vite pre-bundles "
        "changed dependencies; later starts reuse the cache."
    )
    s.user("супер, дякую, гарних вихідних")
    s.outcome("success", "Ukrainian plural forms for the ticket count; Oksana thanks")
    return s


SESSIONS = [
    w01_events_list,
    w02_hydration_warning,
    w03_checkout_e2e,
    w04_lockfile,
    w05_snapshot_ci,
    w06_refund_button_words,
    w07_playwright_deps,
    w08_prod_time_jumps,
    w09_eslint_flat,
    w10_profile_csrf,
    w11_fix_time_zone,
    w12_fix_csrf,
    w13_city_filter_compacted,
    w14_ticket_plural,
]
