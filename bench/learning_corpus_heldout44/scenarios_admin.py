"""Bilal's `dukaan-admin` sessions (d01-d16): a Vue 3 / Vite 5 / TypeScript SPA for shop owners, Pinia, Vue
Router, Vitest, Playwright e2e, ESLint + Prettier, pnpm; it logs in to dukaan-api with Sanctum's SPA cookies.
Times are UTC; Lahore is UTC+5."""

from __future__ import annotations

from fake_output import ADM, git_commit, playwright_run, vitest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "dukaan-admin"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ADM, project=PROJECT)


HTTP_TS = """import axios from 'axios'

export const http = axios.create({
  baseURL: import.meta.env.API_URL,
  withCredentials: true,
  withXSRFToken: true,
  headers: { Accept: 'application/json' },
})
"""

AUTH_STORE = """import { defineStore } from 'pinia'
import { ref } from 'vue'
import { http } from '@/lib/http'

export type User = { id: number; name: string; email: string; shop_id: number }

export const useAuthStore = defineStore('auth', () => {
  const user = ref<User | null>(null)

  async function login(email: string, password: string) {
    http.get('/sanctum/csrf-cookie')
    await http.post('/login', { email, password })
    await fetchUser()
  }

  async function fetchUser() {
    const { data } = await http.get<User>('/api/user')
    user.value = data
  }

  async function logout() {
    await http.post('/logout')
    user.value = null
  }

  return { user, login, fetchUser, logout }
})
"""

LOGIN_VIEW = """<script setup lang="ts">
import { ref } from 'vue'
import { useRouter } from 'vue-router'
import { useAuthStore } from '@/stores/auth'

const auth = useAuthStore()
const router = useRouter()
const email = ref('')
const password = ref('')
const error = ref('')

async function submit() {
  error.value = ''
  try {
    await auth.login(email.value, password.value)
    await router.push({ name: 'dashboard' })
  } catch {
    error.value = 'Email ya password ghalat hai'
  }
}
</script>

<template>
  <form class="login" @submit.prevent="submit">
    <label>Email <input v-model="email" type="email" autocomplete="username" /></label>
    <label>Password <input v-model="password" type="password" autocomplete="current-password" /></label>
    <p v-if="error" role="alert">{{ error }}</p>
    <button type="submit">Sign in</button>
  </form>
</template>
"""

AUTH_SPEC = """import { expect, test } from '@playwright/test'

test('logs in and sees the dashboard', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(process.env.E2E_EMAIL!)
  await page.getByLabel('Password').fill(process.env.E2E_PASSWORD!)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible()
})
"""

PLAYWRIGHT_CONFIG = """import { defineConfig, devices } from '@playwright/test'

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  use: { baseURL: 'http://localhost:4173', trace: 'on-first-retry' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: { command: 'pnpm build && pnpm preview', port: 4173, reuseExistingServer: !process.env.CI },
})
"""

PACKAGE_JSON = """{
  "name": "dukaan-admin",
  "private": true,
  "version": "0.4.0",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vue-tsc -b && vite build",
    "preview": "vite preview",
    "test": "vitest run",
    "test:e2e": "playwright test",
    "lint": "eslint ."
  },"""

SELECTOR_TIMEOUT = """    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()

    Locator: getByRole('link', { name: 'Dashboard' })
    Expected: visible
    Received: <element(s) not found>
    Call log:
      - expect.toBeVisible with timeout 5000ms
      - waiting for getByRole('link', { name: 'Dashboard' })

       7 |   await page.getByRole('button', { name: 'Sign in' }).click()
    >  8 |   await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible()
         |                                                               ^

        at /home/bilal/code/dukaan-admin/e2e/auth.spec.ts:8:63"""


# ---------------------------------------------------------------------------------------------------------------


def d01() -> Session:
    s = new("d01-login-page", "2027-03-01T09:40:12", "2.1.230", "feature/login", "login-store-bulbul")
    s.user(
        "admin ke liye login page banao, dukaan-api ke saath. we're going with Sanctum SPA cookie auth for the admin, "
        "not API tokens. use <script setup> with the Composition API in every component, no Options API.",
        decisions=["we're going with Sanctum SPA cookie auth for the admin, not API tokens"],
        rules=[("composition-api", "use <script setup> with the Composition API in every component, no Options API")],
    )
    s.title("Admin login with Sanctum")
    s.act(None, Read("src/lib/http.ts", HTTP_TS), Read("package.json", PACKAGE_JSON, total=38))
    s.user(
        "اور ایک بات: API calls صرف Pinia stores میں ہوں گی، components میں سیدھا axios نہیں۔",
        rules=[("pinia-stores", "API calls صرف Pinia stores میں ہوں گی، components میں سیدھا axios نہیں")],
    )
    s.act(
        "The store does the Sanctum handshake (CSRF cookie, then `POST /login`, then `/api/user`); the view only "
        "calls the store.",
        Write("src/stores/auth.ts", AUTH_STORE),
        Write("src/views/LoginView.vue", LOGIN_VIEW),
        Write("e2e/auth.spec.ts", AUTH_SPEC),
    )
    s.act(
        None,
        Bash(
            "pnpm vue-tsc -b && pnpm exec playwright test e2e/auth.spec.ts",
            playwright_run(["e2e/auth.spec.ts:3:5 › logs in and sees the dashboard"], secs=6.1),
            secs=21,
        ),
    )
    s.say(
        "Login works end to end against the local API: `useAuthStore().login()` in `src/stores/auth.ts`, "
        "`LoginView.vue` with `<script setup>`, and `e2e/auth.spec.ts` passes."
    )
    s.user("theek hai, commit kar do.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Login page with Sanctum SPA auth'",
            git_commit("feature/login", "b2e94d1", "Login page with Sanctum SPA auth", 3, 97, 0),
        ),
    )
    s.say("Committed `b2e94d1`.")
    s.outcome("success", "login page, Pinia auth store and an e2e test; committed")
    return s


def d02() -> Session:
    s = new("d02-login-e2e-timeout", "2027-03-02T10:05:33", "2.1.230", "feature/login", "dashboard-link-shrike")
    s.user("login wala e2e test CI par fail hua hai. pehle local par chala ke dekho.")
    fail = playwright_run([], [("e2e/auth.spec.ts:3:5 › logs in and sees the dashboard", SELECTOR_TIMEOUT)])
    cmd = "pnpm exec playwright test e2e/auth.spec.ts"
    s.act(None, Bash(cmd, fail, code=1, secs=19))
    s.act("It fails here too. Running it again to see whether it is stable:", Bash(cmd, fail, code=1, secs=18))
    s.act(None, Bash(cmd, fail, code=1, secs=18))
    s.act(
        "Three times in a row the Dashboard link never shows after Sign in. The dashboard may just be slow to "
        "render on a cold API; I'll raise the expect timeout for this assertion and push the spec.",
        Read("e2e/auth.spec.ts", AUTH_SPEC),
    )
    s.user(
        "nahi, pehle wajah dhoondo. aur ek baat: run the full Playwright suite before every push, not just the "
        "spec you touched.",
        rules=[("e2e-full", "run the full Playwright suite before every push, not just the spec you touched")],
    )
    s.act(
        None,
        Bash(
            "pnpm exec playwright test",
            playwright_run(
                [
                    "e2e/products.spec.ts:4:5 › lists products",
                    "e2e/products.spec.ts:15:5 › edits a price",
                    "e2e/orders.spec.ts:5:5 › shows the order table",
                ],
                [("e2e/auth.spec.ts:3:5 › logs in and sees the dashboard", SELECTOR_TIMEOUT)],
                secs=31.2,
            ),
            code=1,
            secs=38,
        ),
    )
    s.say(
        "The rest of the suite passes; only the login spec fails, at the same place: after clicking Sign in the "
        "page never reaches the dashboard. The other specs log in through a stored session state, so they don't "
        "go through the login form."
    )
    s.user("abhi bhi fail ho raha hai. baad mein khud dekhunga.")
    s.outcome("failed", "the login e2e spec fails on every run (Dashboard link never visible); not fixed")
    s.hit("login-csrf-race")
    return s


ENV_LOCAL = """API_URL=http://localhost:8000
E2E_EMAIL=owner@dukaan.test"""


def d03() -> Session:
    s = new("d03-vite-env", "2027-03-03T10:30:18", "2.1.231", "feature/login", "env-prefix-koel")
    s.user(
        "preview build میں login کی request localhost:4173/login پر جا رہی ہے، API پر نہیں۔ .env میں "
        "API_URL=http://localhost:8000 لکھا ہے۔"
    )
    s.act(None, Read(".env", ENV_LOCAL), Read("src/lib/http.ts", HTTP_TS))
    s.say(
        "Vite only exposes variables that start with `VITE_` to client code; `import.meta.env.API_URL` is "
        "`undefined`, so axios has no `baseURL` and the request goes to the page's own origin."
    )
    s.act(
        None,
        Edit(".env", "API_URL=http://localhost:8000", "VITE_API_URL=http://localhost:8000"),
        Edit("src/lib/http.ts", "  baseURL: import.meta.env.API_URL,", "  baseURL: import.meta.env.VITE_API_URL,"),
        Write(
            "src/env.d.ts",
            '/// <reference types="vite/client" />\n\ninterface ImportMetaEnv {\n  readonly VITE_API_URL: string\n}\n',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build && grep -o 'localhost:8000' dist/assets/index-*.js | head -1",
            "\n> dukaan-admin@0.4.0 build /home/bilal/code/dukaan-admin\n> vue-tsc -b && vite build\n\n"
            "vite v5.4.11 building for production...\n✓ 96 modules transformed.\ndist/index.html                   "
            "0.46 kB │ gzip:  0.30 kB\ndist/assets/index-Cq3v9f1T.css    4.12 kB │ gzip:  1.38 kB\n"
            "dist/assets/index-BzT1Qe8k.js   142.77 kB │ gzip: 51.02 kB\n✓ built in 2.61s\nlocalhost:8000",
            secs=9,
        ),
    )
    s.user(
        "TIL Vite only exposes env vars prefixed with VITE_ to the browser code. theek hai, chal gaya.",
        lessons=["Vite only exposes env vars prefixed with VITE_ to the browser code"],
    )
    s.one_off("import.meta.env.API_URL is undefined in the Vite build because the variable lacks the VITE_ prefix")
    s.outcome("success", "API base URL read from VITE_API_URL; the build points at the API")
    return s


TRACE_419 = (
    "e2e/login.spec.ts:3:5 › shop owner can sign in\n\nNetwork (from the trace):\n"
    "  GET  http://localhost:4173/login                      200\n"
    "  GET  http://localhost:8000/sanctum/csrf-cookie        (pending)\n"
    "  POST http://localhost:8000/login                      419\n"
    '       response: {"message":"CSRF token mismatch."}\n'
    "  GET  http://localhost:8000/sanctum/csrf-cookie        204\n\n"
    'Error: expect(page).toHaveURL(expected) failed\nExpected: "http://localhost:4173/dashboard"\n'
    'Received: "http://localhost:4173/login"'
)


def d04() -> Session:
    s = new("d04-login-419", "2027-03-04T10:15:46", "2.1.231", "feature/login", "page-expired-mynah")
    s.user(
        "spec ka naam badal ke e2e/login.spec.ts kar diya. ab trace mein 419 aa raha hai:\n\n```\n"
        + TRACE_419
        + "\n```"
    )
    s.act(
        "419 is Laravel's CSRF failure. A short pause before submitting gives the cookie time to arrive:",
        Denied(
            Edit(
                "e2e/login.spec.ts",
                "  await page.getByRole('button', { name: 'Sign in' }).click()",
                "  await page.waitForTimeout(1000)\n  await page.getByRole('button', { name: 'Sign in' }).click()",
            ),
            "ye nahi. sleep se test aur flaky hoga",
        ),
    )
    s.say(
        "Then the usual suspects are on the API side: `SANCTUM_STATEFUL_DOMAINS` must include `localhost:4173` "
        "and `SESSION_DOMAIN` must match, or the XSRF-TOKEN cookie is never sent back."
    )
    s.user("wo sab theek hai, warna kabhi pass hi na hota. mujhe meeting mein jana hai.")
    s.outcome("failed", "the renamed login spec gets a 419 on POST /login; a sleep refused, cause not found")
    s.hit("login-csrf-race")
    return s


ORDERS_STORE = """import { defineStore } from 'pinia'
import { ref } from 'vue'
import { http } from '@/lib/http'

export type Order = { id: number; number: string; customer: string; total_paisa: number; placed_at: string }

export const useOrdersStore = defineStore('orders', () => {
  const orders = ref<Order[]>([])
  const lastPage = ref(1)

  async function fetchOrders(page = 1) {
    const { data } = await http.get('/api/v1/orders', { params: { page } })
    orders.value = data.data
    lastPage.value = data.meta.last_page
  }

  return { orders, lastPage, fetchOrders }
})
"""

ORDERS_VIEW_AXIOS = """<script setup lang="ts">
import { onMounted, ref } from 'vue'
import { http } from '@/lib/http'

const orders = ref<any[]>([])

onMounted(async () => {
  const { data } = await http.get('/api/v1/orders')
  orders.value = data.data
})

const rupees = (paisa: number) => (paisa / 100).toLocaleString('en-PK', { style: 'currency', currency: 'PKR' })
</script>
"""

ORDERS_VIEW = """<script setup lang="ts">
import { onMounted } from 'vue'
import { storeToRefs } from 'pinia'
import { useOrdersStore } from '@/stores/orders'

const store = useOrdersStore()
const { orders } = storeToRefs(store)

onMounted(() => store.fetchOrders())

const rupees = (paisa: number) => (paisa / 100).toLocaleString('en-PK', { style: 'currency', currency: 'PKR' })
</script>
"""


def d05() -> Session:
    s = new("d05-orders-table", "2027-03-05T10:20:07", "2.1.231", "feature/orders-table", "orders-table-hoopoe")
    s.user("need an orders table view: number, customer, total in rupees, date. the API is /api/v1/orders.")
    s.act(
        "A view that loads the first page on mount:",
        Write("src/views/OrdersView.vue", ORDERS_VIEW_AXIOS),
    )
    s.user(
        "API calls only in the Pinia stores, like I said. component se axios hatao.",
        rules=[("pinia-stores", "API calls only in the Pinia stores")],
    )
    s.act(
        "Right, moving the request into an orders store:",
        Write("src/stores/orders.ts", ORDERS_STORE),
        Write("src/views/OrdersView.vue", ORDERS_VIEW),
    )
    s.act(
        None,
        Bash("pnpm vue-tsc -b && pnpm lint", "\n> dukaan-admin@0.4.0 lint /home/bilal/code/dukaan-admin\n> eslint .\n"),
    )
    s.say(
        "`OrdersView.vue` now only reads `useOrdersStore()`; the store calls `/api/v1/orders` and keeps "
        "`lastPage` for pagination. Should the table also get the dark theme from the dashboard mockup?"
    )
    s.user(
        "filhal dark mode ko chhor do, pehle data sahi aaye. commit karo.",
        non_rules=["filhal dark mode ko chhor do"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Orders table backed by an orders store'",
            git_commit("feature/orders-table", "47ac0e2", "Orders table backed by an orders store", 2, 58, 0),
        ),
    )
    s.say("Committed `47ac0e2`.")
    s.outcome("success", "orders table view with its own Pinia store; committed")
    return s


def d06() -> Session:
    s = new("d06-login-flaky-words", "2027-03-08T10:00:29", "2.1.232", "main", "flaky-login-bee-eater")
    s.user(
        "yaar login wala e2e test phir se fail ho raha hai. CI par har teesri chauthi run mein red hota hai, "
        "local par aaj tak nahi hua. dobara chalao to pass ho jata hai. kya karein?"
    )
    s.act(None, Read("playwright.config.ts", PLAYWRIGHT_CONFIG))
    s.act(
        "For a test that only fails sometimes on CI, retries are the standard Playwright setting, and with "
        "`trace: 'on-first-retry'` we would also get a trace of the failing attempt:",
        Denied(
            Edit("playwright.config.ts", "  retries: 0,", "  retries: process.env.CI ? 2 : 0,"),
            "retries se sirf chhup jayega, test phir bhi ghalat hai",
        ),
    )
    s.say(
        "Fair. Without a trace from a failing CI run there is little to go on; `trace: 'retain-on-failure'` would "
        "keep one from the first failure without retrying. Shall I set that?"
    )
    s.user("نہیں، آج نہیں۔ اگلی دفعہ CI سے trace اٹھا کے لاؤں گا۔")
    s.outcome("failed", "the flaky login test on CI described; retries refused, nothing changed")
    s.hit("login-csrf-race")
    return s


def d07() -> Session:
    s = new("d07-smoke-tag", "2027-03-09T10:10:52", "2.1.232", "chore/smoke", "smoke-suite-roller")
    s.user(
        "پورا Playwright suite اب دس منٹ لیتا ہے۔ اب سے push سے پہلے صرف @smoke والے Playwright tests چلانا، "
        "پورا suite CI پر چلے گا۔ login، orders اور products کے ایک ایک test کو @smoke tag لگا دو۔",
        rules=[("e2e-smoke", "اب سے push سے پہلے صرف @smoke والے Playwright tests چلانا", "e2e-full")],
    )
    s.act(
        None,
        Edit(
            "e2e/login.spec.ts",
            "test('shop owner can sign in', async ({ page }) => {",
            "test('shop owner can sign in', { tag: '@smoke' }, async ({ page }) => {",
        ),
        Edit(
            "e2e/orders.spec.ts",
            "test('shows the order table', async ({ page }) => {",
            "test('shows the order table', { tag: '@smoke' }, async ({ page }) => {",
        ),
        Edit(
            "e2e/products.spec.ts",
            "test('lists products', async ({ page }) => {",
            "test('lists products', { tag: '@smoke' }, async ({ page }) => {",
        ),
        Edit(
            "package.json",
            '    "test:e2e": "playwright test",',
            '    "test:e2e": "playwright test",\n    "test:smoke": "playwright test --grep @smoke",',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm test:smoke",
            "\n> dukaan-admin@0.4.0 test:smoke /home/bilal/code/dukaan-admin\n> playwright test --grep @smoke\n\n"
            + playwright_run(
                [
                    "e2e/login.spec.ts:3:5 › shop owner can sign in @smoke",
                    "e2e/orders.spec.ts:5:5 › shows the order table @smoke",
                    "e2e/products.spec.ts:4:5 › lists products @smoke",
                ],
                secs=41.7,
            ),
            secs=48,
        ),
    )
    s.say("`pnpm test:smoke` runs the three `@smoke` tests in about 40 s; the full suite stays on CI.")
    s.user("zabardast! commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Tag smoke tests, add test:smoke script'",
            git_commit("chore/smoke", "91d3b6a", "Tag smoke tests, add test:smoke script", 4, 4, 3),
        ),
    )
    s.say("Committed `91d3b6a`.")
    s.outcome("success", "three smoke-tagged e2e tests and a test:smoke script; committed")
    return s


CI_LOG = """Run pnpm exec playwright test
Running 9 tests using 2 workers

  ✓  1 [chromium] › e2e/login.spec.ts:3:5 › shop owner can sign in @smoke (3.1s)
  ✘  2 [chromium] › e2e/checkout.spec.ts:9:3 › checkout › owner marks an order as delivered (6.4s)

  1) [chromium] › e2e/checkout.spec.ts:9:3 › checkout › owner marks an order as delivered ──────────

    Error: Timed out 5000ms waiting for expect(page).toHaveURL(expected)

    Expected string: "http://localhost:4173/dashboard"
    Received string: "http://localhost:4173/login"

      4 |   test.beforeEach(async ({ page }) => {
      5 |     await loginAs(page, 'owner@dukaan.test')
    > 6 |     await expect(page).toHaveURL('/dashboard')

  1 failed
  8 passed (58.3s)
Error: Process completed with exit code 1."""


def explore_login(child: Session) -> None:
    child.act(
        None,
        Grep(
            "csrf-cookie|http.post\\('/login'|auth.login",
            [
                "src/stores/auth.ts:11:    http.get('/sanctum/csrf-cookie')",
                "src/stores/auth.ts:12:    await http.post('/login', { email, password })",
                "src/views/LoginView.vue:16:    await auth.login(email.value, password.value)",
                "e2e/helpers/login.ts:7:  await page.getByRole('button', { name: 'Sign in' }).click()",
            ],
            mode="content",
        ),
    )
    child.say(
        "Login flow:\n- src/views/LoginView.vue:16 awaits auth.login().\n- src/stores/auth.ts:11 calls "
        "http.get('/sanctum/csrf-cookie') WITHOUT await, then src/stores/auth.ts:12 immediately awaits "
        "http.post('/login'). The POST can leave before the XSRF-TOKEN cookie is set.\n- e2e/helpers/login.ts:7 "
        "clicks Sign in; the specs then wait for /dashboard."
    )


def d08() -> Session:
    s = new("d08-csrf-await-fix", "2027-03-10T10:30:14", "2.1.232", "fix/login-csrf", "xsrf-await-drongo")
    s.user("CI ka log le aaya hoon, is baar checkout wala spec gira, login ke foran baad:\n\n```\n" + CI_LOG + "\n```")
    s.act(
        "The failing assertion is in the login step again, this time from `beforeEach` of another spec. Tracing "
        "the login flow first:",
        Agent(
            "Trace the login request order",
            "Trace the login flow of this Vue app from LoginView to the API: which requests are sent, in which "
            "order, and what is awaited. Never modify files; report file:line for every finding.",
            "Explore",
            explore_login,
        ),
    )
    s.act(
        "That explains all of it: `login()` starts the CSRF cookie request and posts `/login` without waiting for "
        "it. When the cookie response is slower than the POST (a cold API on CI), the POST has no `X-XSRF-TOKEN` "
        "and Laravel answers 419, so the page stays on `/login` — the selector timeout, the 419 in the trace and "
        "this `toHaveURL`. As a rule of thumb, always await the CSRF cookie request before the first POST.",
        Edit(
            "src/stores/auth.ts",
            "    http.get('/sanctum/csrf-cookie')",
            "    await http.get('/sanctum/csrf-cookie')",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm exec playwright test e2e/login.spec.ts e2e/checkout.spec.ts --repeat-each=5",
            playwright_run(
                [f"e2e/login.spec.ts:3:5 › shop owner can sign in @smoke (run {i})" for i in range(1, 6)]
                + [
                    f"e2e/checkout.spec.ts:9:3 › checkout › owner marks an order as delivered (run {i})"
                    for i in range(1, 6)
                ],
                secs=72.5,
            ),
            secs=80,
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm test && pnpm test:smoke",
            vitest_run([("src/stores/orders.test.ts", 3), ("src/lib/money.test.ts", 4)])
            + "\n\n"
            + playwright_run(
                [
                    "e2e/login.spec.ts:3:5 › shop owner can sign in @smoke",
                    "e2e/orders.spec.ts:5:5 › shows the order table @smoke",
                    "e2e/products.spec.ts:4:5 › lists products @smoke",
                ],
                secs=39.8,
            ),
            secs=50,
        ),
    )
    s.say(
        "With the `await`, login and checkout passed 5 times each (`--repeat-each=5`), and the unit tests and "
        "smoke tests are green. The fix is one word in `src/stores/auth.ts`."
    )
    s.user(
        "بہت شکریہ، ٹھیک ہو گیا۔ سبق: csrf-cookie والی request کا await نہ ہو تو پہلا POST بغیر XSRF-TOKEN کے چلا "
        "جاتا ہے اور 419 آتا ہے۔ commit کر دو۔",
        lessons=["csrf-cookie والی request کا await نہ ہو تو پہلا POST بغیر XSRF-TOKEN کے چلا جاتا ہے اور 419 آتا ہے"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Await the Sanctum CSRF cookie before POST /login'",
            git_commit("fix/login-csrf", "6f20c8e", "Await the Sanctum CSRF cookie before POST /login", 1, 1, 1),
        ),
    )
    s.say("Committed `6f20c8e`.")
    s.not_person("Never modify files; report file:line for every finding.", "subagent_prompt")
    s.not_person("As a rule of thumb, always await the CSRF cookie request before the first POST.", "assistant_text")
    s.outcome("success", "login awaits the CSRF cookie before POST /login; login and checkout pass 5 times in a row")
    s.hit("login-csrf-race", fixed=True)
    return s


PNPM_ERR = (
    ' ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is not up to date '
    "with <ROOT>/package.json\n\nNote that in CI environments this setting is true by default. If you still need "
    'to run install in such cases, use "pnpm install --no-frozen-lockfile"\nError: Process completed with exit '
    "code 1."
)


def d09() -> Session:
    s = new("d09-pnpm-lockfile", "2027-03-11T10:05:41", "2.1.233", "chore/router-bump", "frozen-lock-bulbul")
    s.user("vue-router bump ke baad CI install step par hi ruk gaya:\n\n```\n" + PNPM_ERR + "\n```")
    s.act(None, Bash("git diff main --stat", " package.json | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)"))
    s.act(
        "`package.json` changed but `pnpm-lock.yaml` didn't. Regenerating the lock cleanly:",
        Denied(Bash("rm pnpm-lock.yaml && pnpm install")),
    )
    s.user(
        "lock file کبھی delete نہیں کرنی، پچھلی دفعہ بھی بتایا تھا۔ بس pnpm install چلا کے lock update کرو۔",
        rules=[("no-lock-delete", "lock file کبھی delete نہیں کرنی")],
    )
    s.act(
        None,
        Bash(
            "pnpm install && git diff --stat",
            "Lockfile is up to date, resolution step is skipped\nPackages: +1 -1\n+-\nProgress: resolved 412, "
            "reused 411, downloaded 1, added 1, done\n\ndependencies:\n- vue-router 4.4.5\n+ vue-router 4.5.0\n\n"
            "Done in 3.2s\n package.json   |  2 +-\n pnpm-lock.yaml | 12 ++++++------\n 2 files changed, 7 "
            "insertions(+), 7 deletions(-)",
            secs=6,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Update pnpm-lock.yaml for vue-router 4.5.0' && git push",
            git_commit("chore/router-bump", "d3c81f7", "Update pnpm-lock.yaml for vue-router 4.5.0", 1, 6, 6)
            + "\nTo github.com:bilal-dukaan/dukaan-admin.git\n   a08e1f2..d3c81f7  chore/router-bump -> "
            "chore/router-bump",
        ),
    )
    s.say("Only vue-router moved in the lock (4.4.5 → 4.5.0); pushed, CI can install with the frozen lockfile now.")
    s.user("shukriya.")
    s.one_off(
        "CI pnpm install fails with ERR_PNPM_OUTDATED_LOCKFILE after package.json was bumped without updating "
        "pnpm-lock.yaml"
    )
    s.outcome("success", "pnpm-lock.yaml updated for the vue-router bump without deleting it; CI installs again")
    return s


SALES_STORE = """import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { http } from '@/lib/http'

export type DailySale = { date: string; total_paisa: number; orders: number }

export const useSalesStore = defineStore('sales', () => {
  const days = ref<DailySale[]>([])

  async function fetchLast30Days() {
    const { data } = await http.get<{ data: DailySale[] }>('/api/v1/reports/daily-sales', { params: { days: 30 } })
    days.value = data.data
  }

  const chartData = computed(() => ({
    labels: days.value.map((d) => d.date.slice(5)),
    datasets: [{ label: 'Sales (Rs)', data: days.value.map((d) => d.total_paisa / 100) }],
  }))

  return { days, chartData, fetchLast30Days }
})
"""

DASHBOARD_VIEW = """<script setup lang="ts">
import { onMounted } from 'vue'
import { Bar } from 'vue-chartjs'
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js'
import { useSalesStore } from '@/stores/sales'

Chart.register(BarElement, CategoryScale, LinearScale, Tooltip)

const sales = useSalesStore()
onMounted(() => sales.fetchLast30Days())
</script>

<template>
  <section>
    <h1>Dashboard</h1>
    <Bar :data="sales.chartData" :options="{ responsive: true }" />
  </section>
</template>
"""

SALES_TEST = """import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useSalesStore } from './sales'

describe('sales store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('is empty before fetching', () => {
    expect(useSalesStore().chartData.labels).toEqual([])
  })

  it('turns paisa into rupees for the chart', () => {
    const store = useSalesStore()
    store.days = [{ date: '2027-03-10', total_paisa: 1250050, orders: 4 }]
    expect(store.chartData.datasets[0].data).toEqual([12500.5])
  })

  it('labels days as MM-DD', () => {
    const store = useSalesStore()
    store.days = [{ date: '2027-03-10', total_paisa: 0, orders: 0 }]
    expect(store.chartData.labels).toEqual(['03-10'])
  })
})
"""


def sales_tests(child: Session) -> None:
    child.act(None, Read("src/stores/sales.ts", SALES_STORE))
    child.act(None, Write("src/stores/sales.test.ts", SALES_TEST))
    child.act(None, Bash("pnpm vitest run src/stores/sales.test.ts", vitest_run([("src/stores/sales.test.ts", 3)])))
    child.say("Added src/stores/sales.test.ts with 3 tests (empty state, paisa to rupees, MM-DD labels); all pass.")


def d10() -> Session:
    s = new("d10-dashboard-chart", "2027-03-12T10:20:36", "2.1.233", "feature/dashboard", "sales-chart-kingfisher")
    s.user(
        "need a bar chart of the last 30 days of sales on the dashboard. the endpoint is "
        "/api/v1/reports/daily-sales?days=30, amounts come in paisa."
    )
    s.act(
        "I'll use vue-chartjs on top of Chart.js for the bar chart.",
        Denied(Bash("npm install vue-chartjs chart.js")),
    )
    s.user(
        "sirf pnpm use karna, npm ya yarn nahi. aur faisla ho gaya: charts ke liye vue-chartjs hi, ApexCharts nahi, "
        "Usman ne pichle project mein dono try kiye the.",
        rules=[("pnpm-only", "sirf pnpm use karna, npm ya yarn nahi")],
        decisions=["charts ke liye vue-chartjs hi, ApexCharts nahi"],
    )
    s.act(
        None,
        Bash(
            "pnpm add vue-chartjs chart.js",
            "Packages: +3\n+++\nProgress: resolved 415, reused 412, downloaded 3, added 3, done\n\ndependencies:\n"
            "+ chart.js 4.4.7\n+ vue-chartjs 5.3.2\n\nDone in 4.1s",
            secs=6,
        ),
    )
    s.act(
        "A sales store and the dashboard view:",
        Write("src/stores/sales.ts", SALES_STORE),
        Write("src/views/DashboardView.vue", DASHBOARD_VIEW),
    )
    s.act(
        None,
        Agent(
            "Unit tests for the sales store",
            "Write Vitest unit tests for src/stores/sales.ts in src/stores/sales.test.ts (empty state, paisa to "
            "rupees conversion in chartData, MM-DD labels). Use setActivePinia(createPinia()) in beforeEach. Run "
            "them with pnpm vitest run src/stores/sales.test.ts and report what you added.",
            "general-purpose",
            sales_tests,
            background=True,
        ),
    )
    s.act(
        "While the agent writes tests, type-checking:",
        Bash(
            "pnpm vue-tsc -b",
            "src/views/DashboardView.vue:17:11 - error TS2322: Type '{ labels: string[]; datasets: { label: string; "
            "data: number[]; }[]; }' is not assignable to type 'ChartData<\"bar\", (number | [number, number] | "
            'null)[], unknown>\'.\n\n17     <Bar :data="sales.chartData" :options="{ responsive: true }" />\n'
            "             ~~~~~\n\nFound 1 error.",
            code=2,
        ),
    )
    s.act(
        None,
        Edit(
            "src/stores/sales.ts",
            "  const chartData = computed(() => ({",
            "  const chartData = computed<ChartData<'bar'>>(() => ({",
        ),
        Edit(
            "src/stores/sales.ts",
            "import { http } from '@/lib/http'\n",
            "import type { ChartData } from 'chart.js'\nimport { http } from '@/lib/http'\n",
        ),
    )
    s.act(None, Bash("pnpm vue-tsc -b", ""))
    s.say("Types are clean. Should the chart get a date range picker (7 / 30 / 90 days), or stay at 30 days?")
    s.user(
        "for now leave the chart at 30 days, no picker. Usman ko pehle dikhana hai.",
        non_rules=["for now leave the chart at 30 days, no picker"],
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Bilal asked for a bar chart of the last 30 days of sales on the "
        "dashboard, from /api/v1/reports/daily-sales?days=30 (amounts in paisa).\nSummary:\n1. vue-chartjs and "
        "chart.js were added with pnpm (npm was refused).\n2. Files: src/stores/sales.ts (fetchLast30Days, "
        "chartData typed as ChartData<'bar'>), src/views/DashboardView.vue.\n3. vue-tsc: one type error fixed; "
        "now clean.\n4. A background general-purpose agent is writing src/stores/sales.test.ts.\n5. No date range "
        "picker for now (Bilal's answer).\n6. User preference: Always lazy-load route components with dynamic "
        "imports.\nPending: wait for the agent, run the unit tests, commit.",
        171200,
        12400,
    )
    s.say("OK, fixed at 30 days. Waiting for the test agent.")
    s.agent_done(after=35)
    s.act(
        None,
        Bash(
            "pnpm test",
            vitest_run(
                [("src/stores/orders.test.ts", 3), ("src/stores/sales.test.ts", 3), ("src/lib/money.test.ts", 4)]
            ),
        ),
    )
    s.say("The agent added `sales.test.ts` (3 tests); the unit suite passes (10 tests).")
    s.user("acha hai. commit karo.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Dashboard: 30-day sales bar chart'",
            git_commit("feature/dashboard", "e5b7a90", "Dashboard: 30-day sales bar chart", 5, 121, 1),
        ),
    )
    s.say("Committed `e5b7a90`.")
    s.not_person("User preference: Always lazy-load route components with dynamic imports.", "compaction_summary")
    s.outcome("success", "30-day sales chart with vue-chartjs via pnpm, tests by a subagent, committed")
    return s


CONTRIBUTING = """# Contributing to dukaan-admin

- Never commit directly to main; open a pull request.
- Run `pnpm lint` and `pnpm test` before you ask for review.
- Components in PascalCase, composables start with `use`."""


def d11() -> Session:
    s = new("d11-eslint-flat", "2027-03-15T10:30:03", "2.1.234", "chore/eslint-9", "flat-config-pitta")
    s.user("ESLint 9 پر upgrade کیا، اب pnpm lint کچھ نہیں کرتا، سیدھا error دیتا ہے۔ ٹھیک کرو۔")
    s.act(
        None,
        Bash(
            "pnpm lint",
            "\n> dukaan-admin@0.4.0 lint /home/bilal/code/dukaan-admin\n> eslint .\n\n\nOops! Something went wrong! "
            ":(\n\nESLint: 9.17.0\n\nESLint couldn't find an eslint.config.(js|mjs|cjs) file.\n\nFrom ESLint v9.0.0, "
            "the default configuration file is now eslint.config.js.\nIf you are using a .eslintrc.* file, please "
            "follow the migration guide\nto update your configuration file to the new format:\n\n"
            "https://eslint.org/docs/latest/use/configure/migration-guide\n\n ELIFECYCLE  Command failed with exit "
            "code 2.",
            code=2,
        ),
        Read("CONTRIBUTING.md", CONTRIBUTING),
    )
    s.act(
        "ESLint 9 ignores `.eslintrc.cjs`. Replacing it with a flat config using the Vue and TypeScript presets "
        "and Prettier's config last:",
        Write(
            "eslint.config.js",
            "import pluginVue from 'eslint-plugin-vue'\nimport vueTsEslintConfig from '@vue/eslint-config-typescript'"
            "\nimport skipFormatting from '@vue/eslint-config-prettier/skip-formatting'\n\nexport default [\n"
            "  { files: ['**/*.{ts,mts,tsx,vue}'] },\n  { ignores: ['dist/**', 'coverage/**', 'playwright-report/**'] "
            "},\n  ...pluginVue.configs['flat/essential'],\n  ...vueTsEslintConfig(),\n  skipFormatting,\n]\n",
        ),
        Bash("git rm -q .eslintrc.cjs", ""),
    )
    s.act(
        None,
        Bash(
            "pnpm lint && git add -A && git commit -m 'ESLint 9 flat config' && git push",
            "\n> dukaan-admin@0.4.0 lint /home/bilal/code/dukaan-admin\n> eslint .\n\n"
            + git_commit("chore/eslint-9", "2ab90c3", "ESLint 9 flat config", 2, 11, 23)
            + "\nTo github.com:bilal-dukaan/dukaan-admin.git\n ! [rejected]        chore/eslint-9 -> chore/eslint-9 "
            "(fetch first)\nerror: failed to push some refs to 'github.com:bilal-dukaan/dukaan-admin.git'",
            code=1,
        ),
    )
    s.act(None, Denied(Bash("git push --force origin chore/eslint-9")))
    s.user(
        "maine kaha tha na, force push kabhi nahi. pehle pull karo.",
        rules=[("no-force-push", "force push kabhi nahi")],
    )
    s.act(
        None,
        Bash(
            "git pull --rebase && pnpm lint && git push",
            "Successfully rebased and updated refs/heads/chore/eslint-9.\n\n> dukaan-admin@0.4.0 lint "
            "/home/bilal/code/dukaan-admin\n> eslint .\n\nTo github.com:bilal-dukaan/dukaan-admin.git\n"
            "   7c11d52..0d9e4a8  chore/eslint-9 -> chore/eslint-9",
        ),
    )
    s.say("Rebased on the remote branch, lint still clean, pushed (`0d9e4a8`).")
    s.user("theek hai.")
    s.not_person("Never commit directly to main; open a pull request.", "tool_output")
    s.one_off("ESLint 9 ignores .eslintrc.cjs ('ESLint couldn't find an eslint.config.(js|mjs|cjs) file')")
    s.outcome("success", "flat ESLint config replaces .eslintrc.cjs; lint clean, pushed after a rebase")
    return s


ROUTER_TS = """import { createRouter, createWebHistory } from 'vue-router'
import LoginView from '@/views/LoginView.vue'
import DashboardView from '@/views/DashboardView.vue'
import OrdersView from '@/views/OrdersView.vue'

export const router = createRouter({
  history: createWebHistory(import.meta.env.BASE_URL),
  routes: [
    { path: '/login', name: 'login', component: LoginView },
    { path: '/dashboard', name: 'dashboard', component: DashboardView },
    { path: '/orders', name: 'orders', component: OrdersView },
    { path: '/', redirect: '/dashboard' },
  ],
})
"""


def d12() -> Session:
    s = new("d12-router-guard", "2027-03-16T10:10:25", "2.1.234", "feature/auth-guard", "guard-rails-sunbird")
    s.user(
        "login ke bagair /orders khul jata hai. route guard lagao. aur history mode ka sawal tha na: we'll stick "
        "with createWebHistory, nginx already falls back to index.html on the server.",
        decisions=["we'll stick with createWebHistory, nginx already falls back to index.html"],
    )
    s.act(None, Read("src/router/index.ts", ROUTER_TS))
    s.act(
        None,
        Edit(
            "src/router/index.ts",
            "    { path: '/', redirect: '/dashboard' },\n  ],\n})",
            "    { path: '/', redirect: '/dashboard' },\n  ],\n})\n\n"
            "router.beforeEach(async (to) => {\n  const auth = useAuthStore()\n"
            "  if (auth.user === null && to.name !== 'login') {\n    await auth.fetchUser().catch(() => undefined)\n"
            "    if (auth.user === null) return { name: 'login', query: { next: to.fullPath } }\n  }\n})",
        ),
        Edit(
            "src/router/index.ts",
            "import OrdersView from '@/views/OrdersView.vue'\n",
            "import OrdersView from '@/views/OrdersView.vue'\nimport { useAuthStore } from '@/stores/auth'\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm vue-tsc -b && pnpm test:smoke",
            "\n> dukaan-admin@0.4.0 test:smoke /home/bilal/code/dukaan-admin\n> playwright test --grep @smoke\n\n"
            + playwright_run(
                [
                    "e2e/login.spec.ts:3:5 › shop owner can sign in @smoke",
                    "e2e/orders.spec.ts:5:5 › shows the order table @smoke",
                    "e2e/products.spec.ts:4:5 › lists products @smoke",
                ],
                secs=40.3,
            ),
            secs=47,
        ),
    )
    s.say(
        "Unauthenticated visits now go to `/login?next=...`; the guard asks `/api/user` once per page load. Smoke "
        "tests pass."
    )
    s.user("acha. commit.")
    s.act(
        None,
        Bash(
            "git commit -am 'Redirect to login when not signed in'",
            git_commit("feature/auth-guard", "8e4f1a7", "Redirect to login when not signed in", 1, 10, 0),
        ),
    )
    s.say("Committed `8e4f1a7`.")
    s.outcome("success", "route guard redirects to login; smoke tests pass; committed")
    return s


ORDERS_TEST_BROKEN = """import { describe, expect, it, vi } from 'vitest'
import { useOrdersStore } from './orders'
import { http } from '@/lib/http'

vi.mock('@/lib/http', () => ({ http: { get: vi.fn() } }))

describe('orders store', () => {
  it('fills the list from the API', async () => {
    vi.mocked(http.get).mockResolvedValue({ data: { data: [{ id: 1 }], meta: { last_page: 3 } } })
    const store = useOrdersStore()
    await store.fetchOrders()
    expect(store.orders).toHaveLength(1)
    expect(store.lastPage).toBe(3)
  })
})
"""

PINIA_ERR = (
    'Error: [🍍]: "getActivePinia()" was called but there was no active Pinia. Are you trying to use a store before '
    'calling "app.use(pinia)"?\nSee https://pinia.vuejs.org/core-concepts/outside-component-usage.html for help.\n'
    "This will fail in production."
)


def d13() -> Session:
    s = new("d13-vitest-pinia", "2027-03-17T10:05:19", "2.1.235", "test/orders-store", "active-pinia-starling")
    s.user("orders store کا vitest لکھا تھا، چل ہی نہیں رہا۔ src/stores/orders.test.ts دیکھو۔")
    s.act(None, Read("src/stores/orders.test.ts", ORDERS_TEST_BROKEN))
    s.act(
        None,
        Bash(
            "pnpm vitest run src/stores/orders.test.ts",
            vitest_run(
                [("src/stores/orders.test.ts", 1)],
                [("src/stores/orders.test.ts", "orders store > fills the list from the API", PINIA_ERR)],
            ),
            code=1,
        ),
    )
    s.act(
        "Outside a component there is no app, so the test has to create and activate a Pinia itself:",
        Edit(
            "src/stores/orders.test.ts",
            "import { describe, expect, it, vi } from 'vitest'\n",
            "import { beforeEach, describe, expect, it, vi } from 'vitest'\nimport { createPinia, setActivePinia } "
            "from 'pinia'\n",
        ),
        Edit(
            "src/stores/orders.test.ts",
            "describe('orders store', () => {\n",
            "describe('orders store', () => {\n  beforeEach(() => setActivePinia(createPinia()))\n\n",
        ),
    )
    s.act(
        None,
        Bash("pnpm vitest run src/stores/orders.test.ts", vitest_run([("src/stores/orders.test.ts", 1)])),
    )
    s.say("Passing now; each test gets a fresh Pinia from `beforeEach`.")
    s.user("ho gaya, shukriya.")
    s.one_off("Vitest store test fails with 'getActivePinia() was called but there was no active Pinia'")
    s.outcome("success", "the orders store test activates a Pinia in beforeEach and passes")
    return s


def d14() -> Session:
    s = new("d14-persist-question", "2027-03-18T10:15:48", "2.1.235", "main", "persist-question-myna")
    s.user("pinia mein state ko localStorage mein persist kaise karte hain bina plugin ke?")
    s.say(
        "In a setup store: read the initial value from `localStorage` and write it back with a `watch`, e.g. "
        "`const filters = ref(JSON.parse(localStorage.getItem('filters') ?? '{}'))` and "
        "`watch(filters, (v) => localStorage.setItem('filters', JSON.stringify(v)), { deep: true })`."
    )
    s.turn_done()
    s.user("acha, samajh gaya.")
    s.outcome("unknown", "a question about persisting Pinia state answered; nothing done")
    return s


VITE_BUILD = """vite v5.4.11 building for production...
✓ 412 modules transformed.
dist/index.html                   0.46 kB │ gzip:   0.30 kB
dist/assets/index-D8kq2Lx1.css    6.88 kB │ gzip:   2.04 kB
dist/assets/index-Bv7nQ0aZ.js   612.40 kB │ gzip: 201.33 kB

(!) Some chunks are larger than 500 kB after minification. Consider:
- Using dynamic import() to code-split the application
- Use build.rollupOptions.output.manualChunks to improve chunking: https://rollupjs.org/configuration-options/#output-manualchunks
- Adjust chunk size limit for this warning via build.chunkSizeWarningLimit.
✓ built in 4.87s"""


def d15() -> Session:
    s = new("d15-chunk-split", "2027-03-19T09:50:37", "2.1.236", "chore/code-split", "chunk-split-lapwing")
    s.user(
        "the build warns about a 600 kB chunk since the chart went in:\n\n```\n" + VITE_BUILD + "\n```\n\n"
        "can you split the dashboard out so the login page doesn't load chart.js?"
    )
    s.act(None, Read("src/router/index.ts", ROUTER_TS))
    s.act(
        "Loading the dashboard and orders views lazily puts chart.js in the dashboard's own chunk:",
        Edit(
            "src/router/index.ts",
            "import DashboardView from '@/views/DashboardView.vue'\nimport OrdersView from '@/views/OrdersView.vue'\n",
            "",
        ),
        Edit(
            "src/router/index.ts",
            "    { path: '/dashboard', name: 'dashboard', component: DashboardView },\n"
            "    { path: '/orders', name: 'orders', component: OrdersView },",
            "    { path: '/dashboard', name: 'dashboard', component: () => import('@/views/DashboardView.vue') },\n"
            "    { path: '/orders', name: 'orders', component: () => import('@/views/OrdersView.vue') },",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build",
            "\n> dukaan-admin@0.4.0 build /home/bilal/code/dukaan-admin\n> vue-tsc -b && vite build\n\n"
            "vite v5.4.11 building for production...\n✓ 412 modules transformed.\ndist/index.html                  "
            "        0.46 kB │ gzip:  0.30 kB\ndist/assets/index-D8kq2Lx1.css           6.88 kB │ gzip:  2.04 kB\n"
            "dist/assets/OrdersView-C2m8RtqP.js       3.91 kB │ gzip:  1.62 kB\n"
            "dist/assets/DashboardView-Dq9s1kVw.js  208.14 kB │ gzip: 71.05 kB\n"
            "dist/assets/index-Ck3zP7aL.js          171.02 kB │ gzip: 61.88 kB\n✓ built in 4.52s",
            secs=10,
        ),
    )
    s.say("No warning now: the entry chunk is 171 kB, and chart.js sits in `DashboardView` (208 kB), loaded on demand.")
    s.user("zabardast! commit it.")
    s.act(
        None,
        Bash(
            "git commit -am 'Lazy-load dashboard and orders routes'",
            git_commit("chore/code-split", "f0a6b2d", "Lazy-load dashboard and orders routes", 1, 2, 4),
        ),
    )
    s.say("Committed `f0a6b2d`.")
    s.not_person(
        "Use build.rollupOptions.output.manualChunks to improve chunking: "
        "https://rollupjs.org/configuration-options/#output-manualchunks",
        "pasted_log",
    )
    s.outcome("success", "dashboard and orders routes lazy-loaded; build under the chunk warning; committed")
    return s


def d16() -> Session:
    s = new("d16-ui-mode-question", "2027-03-19T12:30:09", "2.1.236", "main", "ui-mode-question-wagtail")
    s.user("playwright ka UI mode kaise kholte hain?")
    s.say(
        "`pnpm exec playwright test --ui` (in WSL2 it opens through WSLg; or add `--ui-port=8080` and open it in Windows)."
    )
    s.turn_done()
    s.title("Playwright UI mode")
    s.user("acha, shukriya.")
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


SESSIONS = [d01, d02, d03, d04, d05, d06, d07, d08, d09, d10, d11, d12, d13, d14, d15, d16]
