"""Sessions in `pesanan-kue` (/home/dimas/proyek/pesanan-kue): a pre-order app for home bakeries around Jakarta.
SvelteKit 2 + TypeScript on Supabase (Postgres migrations with row-level security, Supabase CLI in Docker Desktop's
WSL2 integration, Deno edge functions under supabase/functions), Vitest for $lib, Playwright for the flows, Midtrans
for payments and WhatsApp notifications through Fonnte."""

from __future__ import annotations

from fake_output import APP, db_reset, git_commit, playwright_run, vitest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, TodoWrite, Write

RLS = "rls-staff-role"
TZ = "jakarta-dates"


def app(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=APP, project="pesanan-kue")


M_SHOPS = "20270329140210_create_shops.sql"
M_ORDERS = "20270405022114_create_orders.sql"
M_EVENTS = "20270406031907_create_order_events.sql"
M_STAFF = "20270416024733_add_staff_policies.sql"
M_PICKUP = "20270418031544_pickup_date_as_date.sql"
M_VOUCHERS = "20270422030958_create_vouchers.sql"

VITEST_FILES = [("src/lib/cart.test.ts", 9), ("src/lib/orders.test.ts", 6), ("src/lib/format.test.ts", 4)]

ORDERS_FAIL = (
    "src/lib/orders.test.ts > groupOrdersByDay > puts an order picked up on 10 April under 2027-04-10",
    "AssertionError: expected [ '2027-04-09' ] to deeply equal [ '2027-04-10' ]\n\n- Expected\n+ Received\n\n"
    '  [\n-   "2027-04-10",\n+   "2027-04-09",\n  ]',
    " ❯ src/lib/orders.test.ts:24:40\n     22|     const order = makeOrder({ pickup_date: new Date('2027-04-10T00:00:00').toISOString() });\n"
    "     23|     const groups = groupOrdersByDay([order]);\n     24|     expect(Object.keys(groups)).toEqual(['2027-04-10']);\n"
    "       |                                        ^",
)

EDGE_42501 = """Serving functions on http://127.0.0.1:54321/functions/v1/<function-name>
 - http://127.0.0.1:54321/functions/v1/update-order-status
 - http://127.0.0.1:54321/functions/v1/send-wa
Using supabase-edge-runtime-1.67.4 (compatible with Deno v1.45.2)
serving the request with supabase/functions/update-order-status
[Info] update-order-status: user=8f1c2a9e-3d4b-4c1e-9a0f-6b2e7d5c1a38 order=1042 status=dikirim
[Error] insert order_events failed {
  code: "42501",
  details: null,
  hint: null,
  message: 'new row violates row-level security policy for table "order_events"'
}"""

BESOK_FAIL = (
    "tests/orders.spec.ts:18:3 › orders › order for tomorrow shows under Besok",
    "    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n\n"
    "    Locator: getByText('Lapis Legit Pandan')\n    Expected: visible\n    Received: <element(s) not found>\n"
    "    Call log:\n      - expect.toBeVisible with timeout 5000ms\n      - waiting for getByText('Lapis Legit Pandan')\n\n"
    "      21 |     await page.getByRole('tab', { name: 'Besok' }).click();\n"
    "    > 22 |     await expect(page.getByText('Lapis Legit Pandan')).toBeVisible();\n"
    "         |                                                        ^\n      23 |   });\n\n"
    f"        at {APP}/tests/orders.spec.ts:22:56",
)

OWNER_USING = "shop_id in (select id from public.shops where owner_id = auth.uid())"


# ------------------------------------------------------------------------------------------------------------------
def a01_orders_table() -> Session:
    s = app("a01-orders-table", "2027-04-05T02:10:44", "2.1.201", "feat/orders", "sunny-menteng-gecko")
    s.user(
        "ok let's start the orders part of pesanan-kue. What I need:\n"
        "1. migration for `orders` (shop_id, customer_name, customer_wa, items jsonb, total, status, pickup_date, "
        "created_at)\n2. /dashboard/orders listing the shop's orders, newest first\n"
        "3. the shop owner can read and write their own orders\n\n"
        "Every new table gets RLS enabled in the same migration, no exceptions. Last project we forgot it on one "
        "table and the anon key could read everything. Oh and we decided to use Midtrans for payments, not Xendit, "
        "so no Xendit SDK please",
        after=0,
        rules=[("rls-same-migration", "Every new table gets RLS enabled in the same migration, no exceptions")],
        decisions=["we decided to use Midtrans for payments, not Xendit"],
    )
    s.act(
        None,
        Bash(
            "supabase migration new create_orders",
            f"Created new migration at supabase/migrations/{M_ORDERS}",
            desc="New migration",
        ),
    )
    s.act(
        None,
        Write(
            f"supabase/migrations/{M_ORDERS}",
            "create table public.orders (\n  id bigint generated always as identity primary key,\n"
            "  shop_id uuid not null references public.shops (id) on delete cascade,\n"
            "  customer_name text not null,\n  customer_wa text not null,\n  items jsonb not null default '[]',\n"
            "  total integer not null check (total >= 0),\n"
            "  status text not null default 'baru' check (status in ('baru', 'diproses', 'dikirim', 'selesai', 'batal')),\n"
            "  pickup_date timestamptz not null,\n  created_at timestamptz not null default now()\n);\n\n"
            "alter table public.orders enable row level security;\n\n"
            'create policy "owner manages orders" on public.orders\n  for all to authenticated\n'
            f"  using ({OWNER_USING})\n  with check ({OWNER_USING});\n",
        ),
        Write(
            "src/routes/dashboard/orders/+page.server.ts",
            "import type { PageServerLoad } from './$types';\n\n"
            "export const load: PageServerLoad = async ({ locals }) => {\n"
            "  const { data: orders, error } = await locals.supabase\n    .from('orders')\n"
            "    .select('id, customer_name, total, status, pickup_date')\n"
            "    .eq('shop_id', locals.shop.id)\n    .order('created_at', { ascending: false });\n"
            "  if (error) throw error;\n  return { orders };\n};\n",
        ),
    )
    s.act(
        None,
        Bash(
            "supabase db reset",
            db_reset([M_SHOPS, M_ORDERS]),
            desc="Reset local DB with the new migration",
            secs=24,
        ),
    )
    s.act(
        None,
        Bash(
            "npx svelte-check --threshold error && npx vitest run",
            "====================================\nsvelte-check found 0 errors and 0 warnings\n"
            + vitest_run([("src/lib/cart.test.ts", 9)]),
            desc="Type check and unit tests",
            secs=20,
        ),
    )
    s.say(
        "Added `orders` with RLS enabled in the same migration and an owner policy (`to authenticated`, read and "
        "write through `shops.owner_id`). /dashboard/orders loads the shop's orders newest first. `supabase db reset` "
        "applies cleanly, svelte-check and Vitest are green. Payments will go through Midtrans."
    )
    s.user("great, thanks")
    s.outcome("success", "orders table with RLS and an owner policy, list page; reset and checks green; person pleased")
    return s


def a02_order_events_42p01() -> Session:
    s = app("a02-order-events-42p01", "2027-04-06T03:05:12", "2.1.201", "feat/order-events", "quiet-kemang-otter")
    s.user(
        "bang ini dari Notion tim, tolong diikutin ya:\n\n"
        "- commit messages in English, conventional commits (feat:, fix:, chore:)\n"
        "- migration yang udah di-push ke remote gak boleh diedit, bikin migration baru aja\n\n"
        "terus tambahin table order_events buat histori status pesanan (order_id, status, created_by), abis itu "
        "db reset",
        after=0,
        rules=[
            ("commit-english", "commit messages in English, conventional commits (feat:, fix:, chore:)"),
            (
                "no-edit-pushed-migrations",
                "migration yang udah di-push ke remote gak boleh diedit, bikin migration baru",
            ),
        ],
    )
    s.act(
        None,
        Write(
            "supabase/migrations/20270402031907_create_order_events.sql",
            "create table public.order_events (\n  id bigint generated always as identity primary key,\n"
            "  order_id bigint not null references public.orders (id) on delete cascade,\n"
            "  shop_id uuid not null references public.shops (id) on delete cascade,\n  status text not null,\n"
            "  created_by uuid not null default auth.uid() references auth.users (id),\n"
            "  created_at timestamptz not null default now()\n);\n\n"
            "alter table public.order_events enable row level security;\n\n"
            'create policy "owner reads order events" on public.order_events\n  for select to authenticated\n'
            f"  using ({OWNER_USING});\n\n"
            'create policy "owner writes order events" on public.order_events\n  for insert to authenticated\n'
            f"  with check ({OWNER_USING} and created_by = auth.uid());\n",
        ),
    )
    s.act(
        None,
        Bash(
            "supabase db reset",
            db_reset(
                [M_SHOPS, "20270402031907_create_order_events.sql"],
                error='ERROR: relation "public.orders" does not exist (SQLSTATE 42P01)\n'
                "At statement 0: create table public.order_events (\n"
                "  id bigint generated always as identity primary key,\n"
                "  order_id bigint not null references public.orders (id) on delete cascade,",
            ),
            code=1,
            desc="Reset local DB",
            secs=18,
        ),
    )
    s.act(
        "I typed the migration timestamp by hand and gave it 2 April, so it sorts before create_orders and runs "
        "before `orders` exists. I'll recreate it with the CLI so it gets the current timestamp.",
        Bash(
            "supabase migration new create_order_events && mv supabase/migrations/20270402031907_create_order_events.sql "
            f"supabase/migrations/{M_EVENTS}",
            f"Created new migration at supabase/migrations/{M_EVENTS}",
            desc="Recreate the migration with a proper timestamp",
        ),
    )
    s.act(None, Bash("supabase db reset", db_reset([M_SHOPS, M_ORDERS, M_EVENTS]), desc="Reset local DB", secs=25))
    s.act(
        None,
        Bash(
            f'git add supabase/migrations/{M_EVENTS} && git commit -m "feat: add order_events table for status history"',
            git_commit("feat/order-events", "4d7a0c2", "feat: add order_events table for status history", 1, 22, 0),
            desc="Commit",
        ),
    )
    s.say(
        "order_events is in (RLS on, owner read/insert policies), the reset applies all three migrations, committed "
        "as `feat: add order_events table for status history`."
    )
    s.user("works on my side too, thanks")
    s.outcome("success", "order_events migration fixed (wrong hand-typed timestamp), reset green, committed")
    s.one_off(
        'supabase db reset: ERROR: relation "public.orders" does not exist (SQLSTATE 42P01), a migration file with a '
        "hand-typed timestamp sorted before the table it references"
    )
    return s


def a03_staff_empty_list() -> Session:
    s = app("a03-staff-empty-list", "2027-04-06T14:20:31", "2.1.201", "main", "late-cikini-heron")
    s.user(
        "Sari (staff at Toko Kue Bu Rina, role 'staff' in shop_members) logs in and gets an empty orders list on "
        "/dashboard/orders. No error in the console, the request is a 200 with []. The owner account sees all 12 "
        "orders of the same shop. Can you check the load function?",
        after=0,
    )
    s.act(
        None,
        Read(
            "src/hooks.server.ts",
            "  const { data: { user } } = await event.locals.supabase.auth.getUser();\n"
            "  event.locals.user = user;\n  if (user) {\n    const { data: shop } = await event.locals.supabase\n"
            "      .from('shops')\n      .select('id, name')\n      .eq('owner_id', user.id)\n      .maybeSingle();\n"
            "    event.locals.shop = shop;\n  }",
            offset=18,
            total=52,
        ),
    )
    s.act(
        "For staff this lookup finds no shop, because it only matches `owner_id`. I'll resolve the shop through "
        "shop_members so staff get their shop too.",
        Edit(
            "src/hooks.server.ts",
            "    const { data: shop } = await event.locals.supabase\n      .from('shops')\n      .select('id, name')\n"
            "      .eq('owner_id', user.id)\n      .maybeSingle();\n    event.locals.shop = shop;",
            "    const { data: membership } = await event.locals.supabase\n      .from('shop_members')\n"
            "      .select('role, shop:shops(id, name)')\n      .eq('user_id', user.id)\n      .maybeSingle();\n"
            "    event.locals.shop = membership?.shop ?? null;\n    event.locals.role = membership?.role ?? null;",
        ),
    )
    s.act(
        None,
        Bash(
            'psql postgresql://postgres:postgres@127.0.0.1:54322/postgres -c "select count(*) from public.orders o '
            "join public.shop_members m on m.shop_id = o.shop_id where m.user_id = '8f1c2a9e-3d4b-4c1e-9a0f-6b2e7d5c1a38'\"",
            " count \n-------\n    12\n(1 row)",
            desc="Check the staff user's shop has orders",
        ),
    )
    s.act(None, Bash("npx svelte-check --threshold error", "svelte-check found 0 errors and 0 warnings", secs=9))
    s.say(
        "The data is there (12 orders in Sari's shop) and the hook now resolves the shop for staff as well as "
        "owners. From now on I'll always check the Supabase logs before touching the frontend. If the list is still "
        "empty, log Sari out and in again so the session cookie is refreshed."
    )
    s.not_person("From now on I'll always check the Supabase logs before touching the frontend.", "assistant_text")
    s.user("logged out and in with Sari, still an empty list. whatever, I'm done for today")
    s.outcome("failed", "staff still sees an empty orders list after the hook change and a re-login; left unresolved")
    s.hit(RLS)
    return s


def a04_products_catalog() -> Session:
    s = app("a04-products-catalog", "2027-04-08T02:35:09", "2.1.202", "feat/products", "brisk-tebet-finch")
    s.user(
        "make a product catalogue page at /dashboard/products: the product list with photos from the "
        "`product-photos` bucket in Supabase Storage, and show the created date in Indonesian format",
        after=0,
    )
    s.act(
        None,
        Write(
            "src/lib/supabase.ts",
            "import { createClient } from '@supabase/supabase-js';\n"
            "import { SUPABASE_URL, SUPABASE_ANON_KEY } from '$env/static/private';\n\n"
            "export const supabase = createClient(SUPABASE_URL, SUPABASE_ANON_KEY);\n",
        ),
        Write(
            "src/routes/dashboard/products/+page.svelte",
            "<script lang=\"ts\">\n  import { supabase } from '$lib/supabase';\n\n"
            "  const products = supabase.from('products').select('id, name, price, photo_path, created_at');\n"
            '</script>\n\n{#await products then { data }}\n  <ul class="grid">\n    {#each data ?? [] as p}\n'
            "      <li>{p.name} · {new Date(p.created_at).toLocaleDateString('id-ID')}</li>\n    {/each}\n  </ul>\n{/await}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx vite build",
            "vite v5.4.11 building SSR bundle for production...\n✓ 212 modules transformed.\n"
            "error during build:\nError: Cannot import $env/static/private into client-side code:\n"
            "- src/routes/dashboard/products/+page.svelte imports\n - src/lib/supabase.ts imports\n"
            "  - $env/static/private\n\nIf you're only using the import as a type, change it to `import type`.",
            code=1,
            desc="Build",
            secs=16,
        ),
    )
    s.user(
        "eh itu query-nya di komponen. tolong tambahin ke CLAUDE.md: semua query ke Supabase lewat +page.server.ts "
        "atau $lib/server, jangan langsung dari komponen Svelte. Oh and use date-fns for all date formatting, with "
        "the id locale, it's already in package.json",
        rules=[
            (
                "server-queries",
                "semua query ke Supabase lewat +page.server.ts atau $lib/server, jangan langsung dari komponen Svelte",
            ),
            ("date-fns", "use date-fns for all date formatting"),
        ],
    )
    s.act(
        None,
        Edit(
            "CLAUDE.md",
            "## Konvensi",
            "## Konvensi\n\n- Semua query ke Supabase lewat +page.server.ts atau $lib/server, jangan langsung dari "
            "komponen Svelte.",
        ),
        Bash("rm src/lib/supabase.ts", "", desc="Drop the client-side Supabase module"),
        Write(
            "src/routes/dashboard/products/+page.server.ts",
            "import type { PageServerLoad } from './$types';\n\n"
            "export const load: PageServerLoad = async ({ locals }) => {\n"
            "  const { data, error } = await locals.supabase\n    .from('products')\n"
            "    .select('id, name, price, photo_path, created_at')\n    .eq('shop_id', locals.shop.id)\n"
            "    .order('name');\n  if (error) throw error;\n  return {\n    products: data.map((p) => ({\n"
            "      ...p,\n      photo: locals.supabase.storage.from('product-photos').getPublicUrl(p.photo_path).data.publicUrl\n"
            "    }))\n  };\n};\n",
        ),
        Write(
            "src/routes/dashboard/products/+page.svelte",
            "<script lang=\"ts\">\n  import { format } from 'date-fns';\n  import { id } from 'date-fns/locale';\n\n"
            '  let { data } = $props();\n</script>\n\n<ul class="grid">\n  {#each data.products as p (p.id)}\n'
            '    <li>\n      <img src={p.photo} alt={p.name} loading="lazy" />\n      <strong>{p.name}</strong>\n'
            "      <small>{format(new Date(p.created_at), 'd MMMM yyyy', { locale: id })}</small>\n    </li>\n"
            "  {/each}\n</ul>\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx vite build && npx svelte-check --threshold error",
            "vite v5.4.11 building SSR bundle for production...\n✓ 219 modules transformed.\n✓ built in 6.84s\n"
            "====================================\nsvelte-check found 0 errors and 0 warnings",
            desc="Build and type check",
            secs=22,
        ),
    )
    s.say(
        "The catalogue now loads in +page.server.ts (photos as public URLs from `product-photos`), dates use date-fns "
        'with the `id` locale ("8 April 2027"), and CLAUDE.md has the server-side query convention. Build is clean.'
    )
    s.user("mantap, looks right now")
    s.outcome("success", "product catalogue page loading server-side with date-fns dates; build clean; approved")
    s.one_off(
        "vite build: Cannot import $env/static/private into client-side code (a $lib module used from a component)"
    )
    return s


def a05_edge_42501() -> Session:
    s = app("a05-edge-42501", "2027-04-08T15:10:47", "2.1.202", "main", "grey-senayan-lark")
    s.user(
        "bang, pas akun staff klik 'Tandai dikirim' di detail pesanan muncul toast 'Gagal update status'. ini log "
        f"dari supabase functions serve:\n\n```\n{EDGE_42501}\n```",
        after=0,
    )
    s.act(
        None,
        Read(
            "supabase/functions/update-order-status/index.ts",
            "const supabase = createClient(\n  Deno.env.get('SUPABASE_URL')!,\n  Deno.env.get('SUPABASE_ANON_KEY')!,\n"
            "  { global: { headers: { Authorization: req.headers.get('Authorization')! } } }\n);",
            offset=14,
            total=58,
        ),
    )
    s.act(
        "The insert into order_events runs as the logged-in staff user and RLS rejects the row. The quickest way "
        "through is to do the write with the service role client inside the function.",
        Edit(
            "supabase/functions/update-order-status/index.ts",
            "  Deno.env.get('SUPABASE_ANON_KEY')!,\n  { global: { headers: { Authorization: req.headers.get('Authorization')! } } }",
            "  Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!",
        ),
    )
    s.user(
        "eh stop. jangan pernah pake service_role key di edge function yang dipanggil dari client, soalnya itu "
        "bypass semua RLS dan kalau ada bug siapa aja bisa ubah pesanan toko lain. balikin",
        rules=[("no-service-role", "jangan pernah pake service_role key di edge function yang dipanggil dari client")],
    )
    s.act(
        None,
        Bash(
            "git checkout -- supabase/functions/update-order-status/index.ts",
            "",
            desc="Revert the service role change",
        ),
    )
    s.act(
        None,
        Read(
            "supabase/functions/update-order-status/index.ts",
            "  const { error } = await supabase\n    .from('order_events')\n    .insert({ order_id, shop_id, status })",
            offset=37,
            total=58,
        ),
    )
    s.act(
        "Reverted. The insert policy also checks `created_by = auth.uid()`; the function relies on the column "
        "default, so I'll set created_by explicitly from the caller.",
        Edit(
            "supabase/functions/update-order-status/index.ts",
            "    .insert({ order_id, shop_id, status })",
            "    .insert({ order_id, shop_id, status, created_by: user.id })",
        ),
    )
    s.act(
        None,
        Bash(
            'curl -s -X POST http://127.0.0.1:54321/functions/v1/update-order-status -H "Authorization: Bearer $SARI_JWT" '
            '-H \'Content-Type: application/json\' -d \'{"order_id":1042,"status":"dikirim"}\'',
            '{"error":"new row violates row-level security policy for table \\"order_events\\"","code":"42501"}',
            desc="Call the function as the staff user",
        ),
    )
    s.say("Still 42501 with created_by set, so it isn't the default; the policy itself refuses this user's row.")
    s.user("udah, balikin semua. nanti gw liat sendiri policy-nya")
    s.act(
        None,
        Bash("git checkout -- supabase/functions/update-order-status/index.ts", "", desc="Revert"),
    )
    s.outcome("failed", "42501 from the edge function for staff not solved; service role rejected, changes reverted")
    s.hit(RLS)
    return s


def a06_vitest_local_tz() -> Session:
    s = app("a06-vitest-local-tz", "2027-04-10T13:02:18", "2.1.202", "feat/order-groups", "pale-blok-m-kite")
    s.user(
        "vitest merah di laptop gw tapi di CI hijau 🤔 yang groupOrdersByDay. bisa cek kenapa?",
        after=0,
    )
    s.act(
        None,
        Bash(
            "npx vitest run src/lib/orders.test.ts",
            vitest_run([("src/lib/orders.test.ts", 6)], [ORDERS_FAIL]),
            code=1,
            desc="Run the failing test file",
            secs=8,
        ),
    )
    s.act(
        None,
        Read(
            "src/lib/orders.ts",
            "export function groupOrdersByDay(orders: Order[]): Record<string, Order[]> {\n"
            "  const groups: Record<string, Order[]> = {};\n  for (const o of orders) {\n"
            "    const day = o.pickup_date.slice(0, 10);\n    (groups[day] ??= []).push(o);\n  }\n  return groups;\n}",
            offset=31,
            total=70,
        ),
    )
    s.act(
        "The test builds pickup_date from a local midnight: on your laptop that's WIB, so toISOString() gives "
        "17:00 the day before; CI runs in UTC and gets the same day. I'll pin the test environment to UTC so both "
        "agree.",
        Edit(
            "vitest.config.ts",
            "export default defineConfig({",
            "process.env.TZ = 'UTC';\n\nexport default defineConfig({",
        ),
    )
    s.act(
        None,
        Bash(
            "npx vitest run",
            vitest_run(VITEST_FILES),
            desc="Run all unit tests",
            secs=9,
        ),
    )
    s.say("With TZ pinned to UTC the suite is green locally too (19/19).")
    s.user(
        "lho itu cuma bikin test-nya ikut CI. customer kita semua di WIB, yang salah pasti kodenya, bukan test-nya. "
        "balikin vitest.config.ts"
    )
    s.act(None, Bash("git checkout -- vitest.config.ts", "", desc="Revert the TZ pin"))
    s.say("Reverted. The grouping takes the UTC date of pickup_date; I haven't changed the code itself yet.")
    s.user("fine, later then")
    s.outcome("failed", "pickup-date grouping test still fails locally; the UTC pin was rejected and reverted")
    s.hit(TZ)
    return s


def a07_midtrans_webhook() -> Session:
    s = app("a07-midtrans-webhook", "2027-04-12T02:40:55", "2.1.204", "feat/midtrans-webhook", "bold-kota-tua-tern")
    s.user(
        "next: an edge function midtrans-webhook that receives the payment notification, checks signature_key "
        "(sha512 of order_id + status_code + gross_amount + server key) and sets the order to 'diproses' on "
        "settlement. Midtrans calls it server to server, so verify_jwt off for this one",
        after=0,
    )
    s.act(
        None,
        Write(
            "supabase/functions/midtrans-webhook/index.ts",
            "import { createClient } from 'jsr:@supabase/supabase-js@2';\nimport { encodeHex } from 'jsr:@std/encoding/hex';\n\n"
            "Deno.serve(async (req) => {\n  const body = await req.json() as unknown;\n"
            "  const { order_id, status_code, gross_amount, signature_key, transaction_status } = body;\n"
            "  const raw = new TextEncoder().encode(order_id + status_code + gross_amount + Deno.env.get('MIDTRANS_SERVER_KEY'));\n"
            "  const expected = encodeHex(await crypto.subtle.digest('SHA-512', raw));\n"
            "  if (expected !== signature_key) return new Response('bad signature', { status: 401 });\n"
            "  const admin = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!);\n"
            "  if (transaction_status === 'settlement') {\n"
            "    await admin.from('orders').update({ status: 'diproses' }).eq('id', Number(order_id.split('-')[1]));\n"
            "  }\n  return new Response('ok');\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "deno check supabase/functions/midtrans-webhook/index.ts",
            "Check file:///home/dimas/proyek/pesanan-kue/supabase/functions/midtrans-webhook/index.ts\n"
            "error: TS2339 [ERROR]: Property 'order_id' does not exist on type 'unknown'.\n"
            "  const { order_id, status_code, gross_amount, signature_key, transaction_status } = body;\n"
            "          ~~~~~~~~\n"
            "    at file:///home/dimas/proyek/pesanan-kue/supabase/functions/midtrans-webhook/index.ts:6:11\n\n"
            "TS2339 [ERROR]: Property 'status_code' does not exist on type 'unknown'.\n"
            "  const { order_id, status_code, gross_amount, signature_key, transaction_status } = body;\n"
            "                    ~~~~~~~~~~~\n"
            "    at file:///home/dimas/proyek/pesanan-kue/supabase/functions/midtrans-webhook/index.ts:6:21\n\n"
            "Found 5 errors.",
            code=1,
            desc="Type check the function",
            secs=6,
        ),
    )
    s.act(
        "The body is typed `unknown`, so destructuring it fails the check. I'll describe the notification's shape.",
        Edit(
            "supabase/functions/midtrans-webhook/index.ts",
            "Deno.serve(async (req) => {\n  const body = await req.json() as unknown;",
            "interface MidtransNotification {\n  order_id: string;\n  status_code: string;\n  gross_amount: string;\n"
            "  signature_key: string;\n  transaction_status: 'capture' | 'settlement' | 'pending' | 'deny' | 'expire' | 'cancel';\n}\n\n"
            "Deno.serve(async (req) => {\n  const body = (await req.json()) as MidtransNotification;",
        ),
        Edit(
            "supabase/config.toml",
            "[functions.update-order-status]",
            "[functions.midtrans-webhook]\nverify_jwt = false\n\n[functions.update-order-status]",
        ),
    )
    s.act(
        None,
        Bash(
            "deno check supabase/functions/midtrans-webhook/index.ts",
            "Check file:///home/dimas/proyek/pesanan-kue/supabase/functions/midtrans-webhook/index.ts",
            desc="Type check again",
            secs=5,
        ),
    )
    s.say(
        "midtrans-webhook type-checks now. It uses the service role because Midtrans calls it server to server (no "
        "user JWT, verify_jwt = false in config.toml); the signature check is what guards it."
    )
    s.user(
        "oke. keputusan: notif ke pembeli lewat WhatsApp (Fonnte), bukan email. jadi abis settlement panggil "
        "function send-wa juga ya",
        decisions=["keputusan: notif ke pembeli lewat WhatsApp (Fonnte), bukan email"],
    )
    s.act(
        None,
        Edit(
            "supabase/functions/midtrans-webhook/index.ts",
            "    await admin.from('orders').update({ status: 'diproses' }).eq('id', Number(order_id.split('-')[1]));",
            "    const id = Number(order_id.split('-')[1]);\n"
            "    await admin.from('orders').update({ status: 'diproses' }).eq('id', id);\n"
            "    await admin.functions.invoke('send-wa', { body: { order_id: id, template: 'pembayaran_diterima' } });",
        ),
    )
    s.act(
        None,
        Bash(
            "deno check supabase/functions/midtrans-webhook/index.ts && git add supabase && git commit -m "
            '"feat: midtrans webhook with signature check and WhatsApp notification"',
            "Check file:///home/dimas/proyek/pesanan-kue/supabase/functions/midtrans-webhook/index.ts\n"
            + git_commit(
                "feat/midtrans-webhook",
                "9b13e57",
                "feat: midtrans webhook with signature check and WhatsApp notification",
                2,
                41,
                0,
            ),
            desc="Check and commit",
            secs=7,
        ),
    )
    s.say(
        "On settlement the webhook marks the order 'diproses' and asks send-wa for the 'pembayaran_diterima' message. Committed."
    )
    s.user("nice 👍")
    s.outcome("success", "Midtrans webhook written, TS2339 fixed with a typed payload, WhatsApp call added, committed")
    s.one_off("deno check: TS2339 [ERROR]: Property 'order_id' does not exist on type 'unknown' in the webhook")
    return s


def _sa_edge_auth(c: Session) -> None:
    c.act(
        None,
        Grep(
            "SERVICE_ROLE_KEY|Authorization",
            [
                "supabase/functions/update-order-status/index.ts:17:  { global: { headers: { Authorization: req.headers.get('Authorization')! } } }",
                "supabase/functions/send-wa/index.ts:9:const admin = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!);",
                "supabase/functions/midtrans-webhook/index.ts:18:  const admin = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!);",
            ],
            path="supabase/functions",
            mode="content",
        ),
    )
    c.act(
        None,
        Read(
            "supabase/config.toml",
            "[functions.midtrans-webhook]\nverify_jwt = false\n\n[functions.update-order-status]\nverify_jwt = true\n\n"
            "[functions.send-wa]\nverify_jwt = true",
            offset=71,
            total=80,
        ),
    )
    c.say(
        "update-order-status forwards the caller's Authorization header (runs as the user, RLS applies). send-wa and "
        "midtrans-webhook create a service-role client. config.toml: verify_jwt = false only for midtrans-webhook; "
        "send-wa and update-order-status require a JWT."
    )


def a08_edge_questions() -> Session:
    s = app("a08-edge-questions", "2027-04-12T14:05:33", "2.1.204", "main", "still-cawang-wren")
    s.user(
        "pertanyaan aja, gak usah ubah apa-apa: edge function kita yang mana aja yang jalan pake JWT user dan yang "
        "mana yang pake service role? terus verify_jwt di config.toml gimana?",
        after=0,
    )
    s.act(
        None,
        Agent(
            "Edge function auth survey",
            "Report, for each edge function under supabase/functions, whether it runs with the caller's JWT or a "
            "service-role client, and the verify_jwt setting of each in supabase/config.toml. Read only.",
            "Explore",
            _sa_edge_auth,
        ),
    )
    s.say(
        "- update-order-status: caller's JWT (forwards Authorization), verify_jwt = true, so RLS applies.\n"
        "- send-wa: service role, verify_jwt = true (only logged-in callers can reach it, but it writes as admin).\n"
        "- midtrans-webhook: service role, verify_jwt = false, guarded by the signature check."
    )
    s.user(
        "oh oke. emang harus selalu pake security definer buat function yang dipake di policy?",
        non_rules=["emang harus selalu pake security definer buat function yang dipake di policy?"],
    )
    s.say(
        "Not always. A helper used inside a policy runs as the caller by default (security invoker), which is fine "
        "if it only reads tables the caller can already see. If it reads a table that is itself protected by RLS "
        "(like shop_members), `security definer` with `set search_path = ''` avoids recursion and extra policy "
        "checks; then it must stay narrow, because it bypasses RLS inside."
    )
    s.outcome(
        "unknown", "questions only (edge function auth, security definer), answered with a read-only Explore agent"
    )
    return s


def a09_recap_wrong_day() -> Session:
    s = app("a09-recap-wrong-day", "2027-04-14T02:31:40", "2.1.204", "main", "warm-cempaka-putih-owl")
    s.user(
        "bang, tadi pagi jam 6 rekap WA ke Bu Rina isinya gini:\n\n```\nRekap pesanan hari ini (Selasa, 13 April 2027)\n"
        "Total: 0 pesanan\nOmzet: Rp0\n\nPesan otomatis dari pesanan-kue. Selalu cek ulang pesanan sebelum produksi.\n```\n\npadahal hari ini Rabu dan ada 4 pesanan yang diambil hari ini. "
        "function-nya daily-recap, dipanggil pg_cron jam 23:00 UTC",
        after=0,
    )
    s.not_person("Selalu cek ulang pesanan sebelum produksi.", "pasted_log")
    s.act(
        None,
        Read(
            "supabase/functions/daily-recap/index.ts",
            "  const today = new Date().toISOString().slice(0, 10);\n  const { data: orders } = await admin\n"
            "    .from('orders')\n    .select('total, pickup_date')\n    .eq('shop_id', shop.id)\n"
            "    .gte('pickup_date', `${today}T00:00:00Z`)\n    .lt('pickup_date', `${today}T23:59:59Z`);",
            offset=21,
            total=64,
        ),
    )
    s.act(
        "At 23:00 UTC the UTC date is still the 13th, so `today` is yesterday for Jakarta, and the range is a UTC "
        "day as well. I'll shift the clock by seven hours before taking the date.",
        Edit(
            "supabase/functions/daily-recap/index.ts",
            "  const today = new Date().toISOString().slice(0, 10);",
            "  const today = new Date(Date.now() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);",
        ),
    )
    s.say(
        "With the +7h shift the recap at 06:00 WIB asks for the 14th. The range bounds are still UTC midnights, so "
        "orders picked up before 07:00 WIB would land on the wrong day; that needs a second change."
    )
    s.user("hmm hardcode +7 gitu kok kurang sreg ya. bentar, ada meeting sama klien, nanti lanjut")
    s.outcome("unknown", "recap date shifted by a hard-coded +7h, doubted by the person, then called away to a meeting")
    s.hit(TZ)
    return s


def a10_staff_empty_id() -> Session:
    s = app("a10-staff-empty-id", "2027-04-15T03:02:27", "2.1.204", "main", "shy-pasar-minggu-gull")
    s.user(
        "bang, Bu Rina WA gw, katanya kasirnya (akun staff) buka halaman pesanan kosong terus dari kemarin, padahal "
        "Bu Rina sendiri bisa liat semua. gw lagi di jalan, gak bisa buka laptop lama. kira-kira kenapa ya?",
        after=0,
    )
    s.act(
        None,
        Grep(
            "create policy",
            [
                f'supabase/migrations/{M_ORDERS}:16:create policy "owner manages orders" on public.orders',
                f'supabase/migrations/{M_EVENTS}:12:create policy "owner reads order events" on public.order_events',
                f'supabase/migrations/{M_EVENTS}:16:create policy "owner writes order events" on public.order_events',
            ],
            path="supabase/migrations",
            mode="content",
        ),
    )
    s.say(
        "Most likely RLS: every policy on `orders` and `order_events` only matches the shop's `owner_id`. A staff "
        "user in shop_members matches none, and for a SELECT that isn't an error, Postgres just returns no rows, so "
        "the page is empty. The 42501 on 'Tandai dikirim' would be the same gap on the insert side. The fix would "
        "be a new migration with policies that also admit shop members."
    )
    s.user("oh masuk akal. nanti aja kita beresin, sekarang gw masih di jalan")
    s.outcome(
        "unknown", "staff empty page described in Indonesian; likely cause named from the policies, nothing changed"
    )
    s.hit(RLS)
    return s


def _sa_policies(c: Session) -> None:
    c.act(
        None,
        Grep(
            "create policy|enable row level security|shop_members",
            [
                f"supabase/migrations/{M_SHOPS}:9:alter table public.shops enable row level security;",
                f"supabase/migrations/{M_SHOPS}:18:create table public.shop_members (",
                f"supabase/migrations/{M_SHOPS}:25:alter table public.shop_members enable row level security;",
                f'supabase/migrations/{M_SHOPS}:27:create policy "members read own membership" on public.shop_members',
                f"supabase/migrations/{M_ORDERS}:14:alter table public.orders enable row level security;",
                f'supabase/migrations/{M_ORDERS}:16:create policy "owner manages orders" on public.orders',
                f"supabase/migrations/{M_EVENTS}:10:alter table public.order_events enable row level security;",
                f'supabase/migrations/{M_EVENTS}:12:create policy "owner reads order events" on public.order_events',
                f'supabase/migrations/{M_EVENTS}:16:create policy "owner writes order events" on public.order_events',
                "src/hooks.server.ts:22:      .from('shop_members')",
            ],
            path=".",
            mode="content",
        ),
    )
    c.say(
        'orders: one policy, "owner manages orders" (all, to authenticated, shop_id in shops where owner_id = '
        "auth.uid()). order_events: owner select and owner insert (same owner check, plus created_by = auth.uid()). "
        'shop_members: "members read own membership" (select, user_id = auth.uid()). No policy on orders or '
        "order_events mentions shop_members, so role 'staff' matches nothing. hooks.server.ts reads shop_members "
        "to find the shop."
    )


def a11_fix_staff_policies() -> Session:
    s = app("a11-fix-staff-policies", "2027-04-16T02:30:19", "2.1.205", "fix/staff-rls", "clear-kebayoran-tit")
    s.user(
        "oke kita beresin masalah staff sekarang: halaman pesanan kosong buat staff, terus 42501 pas tandai dikirim. "
        "cek dulu semua policy yang ada sebelum ngubah apa-apa",
        after=0,
    )
    s.act(
        None,
        Agent(
            "RLS policies survey",
            "Do not modify any files; only report every RLS policy on public.orders, public.order_events and "
            "public.shop_members (command, roles, using / with check) and where shop_members is read.",
            "Explore",
            _sa_policies,
        ),
    )
    s.not_person(
        "Do not modify any files; only report every RLS policy on public.orders, public.order_events and "
        "public.shop_members (command, roles, using / with check) and where shop_members is read.",
        "subagent_prompt",
    )
    s.act(
        "Confirmed: row-level security on orders and order_events only admits the owner. I'll add a membership "
        "helper and member policies in a new migration (the old ones are already pushed).",
        Bash(
            "supabase migration new add_staff_policies",
            f"Created new migration at supabase/migrations/{M_STAFF}",
            desc="New migration",
        ),
    )
    s.act(
        None,
        Write(
            f"supabase/migrations/{M_STAFF}",
            "create or replace function public.is_shop_member(p_shop_id uuid)\nreturns boolean\nlanguage sql\n"
            "stable\nsecurity definer\nset search_path = ''\nas $$\n  select exists (\n"
            "    select 1 from public.shop_members m where m.shop_id = p_shop_id and m.user_id = auth.uid()\n"
            "  ) or exists (\n    select 1 from public.shops s where s.id = p_shop_id and s.owner_id = auth.uid()\n"
            "  );\n$$;\n\n"
            'create policy "members read orders" on public.orders\n  for select\n'
            "  using (public.is_shop_member(shop_id));\n\n"
            'create policy "members update order status" on public.orders\n  for update\n'
            "  using (public.is_shop_member(shop_id))\n  with check (public.is_shop_member(shop_id));\n\n"
            'create policy "members write order events" on public.order_events\n  for insert\n'
            "  with check (public.is_shop_member(shop_id) and created_by = auth.uid());\n",
        ),
    )
    s.user(
        "policies always name the role with `to authenticated`, never leave them on the default public role. "
        "soalnya kalau gak ditulis, anon juga ikut dievaluasi",
        rules=[
            (
                "policy-roles",
                "policies always name the role with `to authenticated`, never leave them on the default public role",
            )
        ],
    )
    s.act(
        None,
        Edit(
            f"supabase/migrations/{M_STAFF}",
            "on public.orders\n  for select\n",
            "on public.orders\n  for select to authenticated\n",
        ),
        Edit(
            f"supabase/migrations/{M_STAFF}",
            "on public.orders\n  for update\n",
            "on public.orders\n  for update to authenticated\n",
        ),
        Edit(
            f"supabase/migrations/{M_STAFF}",
            "on public.order_events\n  for insert\n",
            "on public.order_events\n  for insert to authenticated\n",
        ),
    )
    s.act(
        None,
        Write(
            "supabase/tests/rls_staff.test.sql",
            "begin;\nselect plan(3);\n\nselect tests.authenticate_as('sari_staff');\n\n"
            "select is((select count(*)::int from public.orders), 12, 'staff sees the shop orders');\n"
            "select lives_ok($$ insert into public.order_events (order_id, shop_id, status) "
            "values (1042, 'b7e1c0de-0000-4000-8000-00000000b001', 'dikirim') $$, 'staff can log a status');\n"
            "select tests.authenticate_as('other_shop_owner');\n"
            "select is((select count(*)::int from public.orders where shop_id = 'b7e1c0de-0000-4000-8000-00000000b001'), 0, "
            "'other shops see nothing');\n\nselect * from finish();\nrollback;\n",
        ),
    )
    s.act(
        None,
        Bash(
            "supabase db reset && supabase test db",
            db_reset([M_SHOPS, M_ORDERS, M_EVENTS, M_STAFF])
            + "\n/tmp/supabase/tests/rls_staff.test.sql .. ok\nAll tests successful.\n"
            "Files=1, Tests=3,  0 wallclock secs ( 0.01 usr  0.00 sys +  0.02 cusr  0.00 csys =  0.03 CPU)\nResult: PASS",
            desc="Reset and run the pgTAP tests",
            secs=34,
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s -o /dev/null -w '%{http_code}\\n' -X POST http://127.0.0.1:54321/functions/v1/update-order-status "
            '-H "Authorization: Bearer $SARI_JWT" -H \'Content-Type: application/json\' -d \'{"order_id":1042,"status":"dikirim"}\'',
            "200",
            desc="Mark an order as sent as the staff user",
        ),
    )
    s.say(
        "Staff now read their shop's orders, can update the status and log order_events (pgTAP: 3/3, other shops "
        "still see nothing), and update-order-status returns 200 for Sari, still with her own JWT."
    )
    s.user(
        "mantap!! pelajaran: kalau RLS gak ada policy buat suatu role, select-nya gak error, cuma balikin array "
        "kosong. commit ya",
        lessons=[
            "pelajaran: kalau RLS gak ada policy buat suatu role, select-nya gak error, cuma balikin array kosong"
        ],
    )
    s.act(
        None,
        Bash(
            'git add supabase && git commit -m "fix: let shop staff read orders and log status changes"',
            git_commit("fix/staff-rls", "e08c4f1", "fix: let shop staff read orders and log status changes", 2, 47, 0),
            desc="Commit",
        ),
    )
    s.outcome("success", "member policies through is_shop_member; pgTAP green, staff list and status update work")
    s.hit(RLS, fixed=True)
    return s


def a12_playwright_midnight() -> Session:
    s = app("a12-playwright-midnight", "2027-04-16T17:21:05", "2.1.205", "feat/besok-tab", "dark-kalibata-moth")
    s.user(
        "the playwright test 'order for tomorrow shows under Besok' suddenly fails. It was green this afternoon and "
        "I didn't change anything there",
        after=0,
    )
    s.act(
        None,
        Bash(
            "npx playwright test tests/orders.spec.ts",
            playwright_run(3, [BESOK_FAIL], secs="41.2s"),
            code=1,
            desc="Run the orders e2e tests",
            secs=48,
        ),
    )
    s.act(
        "The other three pass, so the server is up; this one gives up after 5 s. Right after a db reset the dev "
        "server can be slow on the first query, so I'll give assertions more time.",
        Edit(
            "playwright.config.ts",
            "  use: {",
            "  expect: { timeout: 15_000 },\n  use: {",
        ),
    )
    s.act(
        None,
        Bash(
            "npx playwright test tests/orders.spec.ts",
            playwright_run(3, [(BESOK_FAIL[0], BESOK_FAIL[1].replace("5000ms", "15000ms"))], secs="52.8s"),
            code=1,
            desc="Run again",
            secs=60,
        ),
    )
    s.say(
        "Same failure with 15 s: the Besok tab simply doesn't list the order, so it isn't a timing problem. The "
        "test creates the order for tomorrow's date; I need to look at how the tab decides what 'tomorrow' is."
    )
    s.user("udah jam setengah 1 pagi, gw ngantuk. besok aja. balikin timeout-nya")
    s.act(None, Bash("git checkout -- playwright.config.ts", "", desc="Revert the timeout"))
    s.outcome("failed", "Besok-tab e2e test fails after midnight WIB; a longer timeout did not help; reverted, left")
    s.hit(TZ)
    return s


def a13_fix_jakarta_dates() -> Session:
    s = app("a13-fix-jakarta-dates", "2027-04-18T03:04:51", "2.1.205", "fix/jakarta-dates", "wise-cipete-heron")
    s.user(
        "oke gw curiga ini satu masalah: vitest merah di lokal, rekap jam 6 pagi salah hari, playwright tab Besok "
        "gagal lewat tengah malam. semuanya soal tanggal sama timezone kan? customer semua di WIB (Asia/Jakarta)",
        after=0,
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Jakarta day helper for app and edge functions", "in_progress", "Writing the Jakarta day helper"),
                ("Store pickup_date as a date", "pending", "Migrating pickup_date to date"),
                ("Use the helper in groupOrdersByDay, Besok tab and daily-recap", "pending", "Using the helper"),
                ("Vitest (WIB and UTC) and Playwright", "pending", "Running the tests"),
            ]
        ),
    )
    s.act(
        "Yes, the same cause everywhere: 'which day' is computed in UTC (toISOString, UTC midnights) while the "
        "shops live in WIB. For formatting in a zone I'll add date-fns-tz.",
        Denied(Bash("npm install date-fns-tz", desc="Add date-fns-tz")),
    )
    s.user(
        "mulai sekarang gak usah date-fns lagi, format tanggal pakai Intl.DateTimeFormat aja. lebih ringan dan "
        "udah ngerti timezone, date-fns nanti kita copot pelan-pelan",
        rules=[
            (
                "intl-dates",
                "mulai sekarang gak usah date-fns lagi, format tanggal pakai Intl.DateTimeFormat aja",
                "date-fns",
            )
        ],
    )
    s.act(
        None,
        Write(
            "src/lib/dates.ts",
            "const JAKARTA_DAY = new Intl.DateTimeFormat('en-CA', {\n  timeZone: 'Asia/Jakarta',\n"
            "  year: 'numeric',\n  month: '2-digit',\n  day: '2-digit'\n});\n\n"
            "/** YYYY-MM-DD of an instant as a calendar in Jakarta shows it. */\n"
            "export function jakartaDay(at: Date = new Date()): string {\n  return JAKARTA_DAY.format(at);\n}\n\n"
            "/** The Jakarta day `n` days after `day` (YYYY-MM-DD). */\nexport function addDays(day: string, n: number): string {\n"
            "  const d = new Date(`${day}T00:00:00Z`);\n  d.setUTCDate(d.getUTCDate() + n);\n  return d.toISOString().slice(0, 10);\n}\n",
        ),
        Bash(
            "mkdir -p supabase/functions/_shared && cp src/lib/dates.ts supabase/functions/_shared/dates.ts",
            "",
            desc="Share the helper with the edge functions",
        ),
    )
    s.act(
        None,
        Bash(
            "supabase migration new pickup_date_as_date",
            f"Created new migration at supabase/migrations/{M_PICKUP}",
            desc="New migration",
        ),
    )
    s.act(
        None,
        Write(
            f"supabase/migrations/{M_PICKUP}",
            "-- pickup is a calendar day in the shop's city, not an instant\n"
            "alter table public.orders\n  alter column pickup_date type date\n"
            "  using (pickup_date at time zone 'Asia/Jakarta')::date;\n",
        ),
        Edit(
            "src/lib/orders.ts",
            "    const day = o.pickup_date.slice(0, 10);",
            "    const day = o.pickup_date; // a date column: already YYYY-MM-DD in Jakarta",
        ),
        Edit(
            "src/routes/dashboard/orders/+page.server.ts",
            "  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);",
            "  const tomorrow = addDays(jakartaDay(), 1);",
        ),
        Edit(
            "supabase/functions/daily-recap/index.ts",
            "  const today = new Date(Date.now() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);",
            "  const today = jakartaDay();",
        ),
        Edit(
            "supabase/functions/daily-recap/index.ts",
            "    .gte('pickup_date', `${today}T00:00:00Z`)\n    .lt('pickup_date', `${today}T23:59:59Z`);",
            "    .eq('pickup_date', today);",
        ),
        Edit(
            "src/lib/orders.test.ts",
            "    const order = makeOrder({ pickup_date: new Date('2027-04-10T00:00:00').toISOString() });",
            "    const order = makeOrder({ pickup_date: '2027-04-10' });",
        ),
    )
    s.act(
        None,
        Bash(
            "supabase db reset && npx vitest run && TZ=UTC npx vitest run",
            db_reset([M_SHOPS, M_ORDERS, M_EVENTS, M_STAFF, M_PICKUP])
            + "\n"
            + vitest_run([*VITEST_FILES, ("src/lib/dates.test.ts", 5)])
            + "\n"
            + vitest_run([*VITEST_FILES, ("src/lib/dates.test.ts", 5)], ms=598),
            desc="Reset, then unit tests in WIB and in UTC",
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            "npx playwright test",
            playwright_run(7, secs="47.9s"),
            desc="All e2e tests",
            secs=55,
        ),
    )
    s.say(
        "pickup_date is now a `date` (converted at Asia/Jakarta), 'today' and 'tomorrow' come from jakartaDay() in "
        "the app and in daily-recap, and the +7h hack is gone. Vitest passes in WIB and in UTC (24/24 both), "
        "Playwright 7/7 including the Besok tab."
    )
    s.user(
        "TIL new Date('2027-04-10T00:00:00') is local time but toISOString() is always UTC, that's the whole bug. "
        "commit pls",
        lessons=["TIL new Date('2027-04-10T00:00:00') is local time but toISOString() is always UTC"],
    )
    s.act(
        None,
        Bash(
            'git add -A src supabase && git commit -m "fix: compute order days in Asia/Jakarta and store pickup_date as date"',
            git_commit(
                "fix/jakarta-dates",
                "71f2d9a",
                "fix: compute order days in Asia/Jakarta and store pickup_date as date",
                8,
                63,
                21,
            ),
            desc="Commit",
        ),
    )
    s.outcome("success", "days computed in Asia/Jakarta, pickup_date as date; unit tests in both zones and e2e green")
    s.hit(TZ, fixed=True)
    return s


def a14_reports_resumed() -> Session:
    s = app("a14-reports-resumed", "2027-04-20T13:32:10", "2.1.207", "feat/reports", "long-rawamangun-finch")
    s.user(
        "add a sales report page /dashboard/reports: total per day for the last 30 days, plus a CSV download. for "
        "now just hardcode the shop id of Toko Bu Rina in the seed, we'll add a shop switcher later",
        after=0,
        non_rules=["for now just hardcode the shop id of Toko Bu Rina in the seed"],
    )
    s.act(
        None,
        Bash(
            "supabase start",
            "failed to inspect service: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the "
            "docker daemon running?\nTry rerunning the command with --debug to troubleshoot the error.",
            code=1,
            desc="Start local Supabase",
            secs=4,
        ),
    )
    s.say(
        "Docker isn't reachable from WSL. Is Docker Desktop running on Windows, with WSL integration enabled for "
        "this distro (Settings → Resources → WSL integration)?"
    )
    s.user("oh, I hadn't started Docker Desktop after the restart. done, try again")
    s.act(
        None,
        Bash(
            "supabase start",
            "Started supabase local development setup.\n\n         API URL: http://127.0.0.1:54321\n"
            "     GraphQL URL: http://127.0.0.1:54321/graphql/v1\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\n"
            "      Studio URL: http://127.0.0.1:54323",
            desc="Start local Supabase",
            secs=40,
        ),
    )
    s.act(
        None,
        Edit(
            "supabase/seed.sql",
            "-- sample data: dashboard",
            "-- sample data: dashboard\n-- for now the reports use Toko Kue Bu Rina's fixed id (no shop switcher yet)\n"
            "insert into public.orders (shop_id, customer_name, customer_wa, items, total, status, pickup_date)\n"
            "select 'b7e1c0de-0000-4000-8000-00000000b001', 'Pembeli ' || d, '62812000' || lpad(d::text, 4, '0'),\n"
            "       '[]', 50000 + (d % 7) * 25000, 'selesai', current_date - d\nfrom generate_series(1, 30) as d;",
        ),
    )
    s.act(
        None,
        Write(
            "src/routes/dashboard/reports/+page.server.ts",
            "import type { PageServerLoad } from './$types';\nimport { addDays, jakartaDay } from '$lib/dates';\n\n"
            "export const load: PageServerLoad = async ({ locals }) => {\n  const from = addDays(jakartaDay(), -29);\n"
            "  const { data, error } = await locals.supabase.rpc('daily_sales', { p_shop_id: locals.shop.id, p_from: from });\n"
            "  if (error) throw error;\n  return { days: data };\n};\n",
        ),
    )
    s.user("ok I'll continue tomorrow, too sleepy now")
    s.say("Sure. The report page is in place; next up is the CSV endpoint.")
    s.user(
        "pagi bang, lanjut. CSV-nya pake titik koma ya, Bu Rina buka di Excel",
        after=14 * 3600 + 1500,
    )
    s.act(
        None,
        Write(
            "src/routes/dashboard/reports/export/+server.ts",
            "import type { RequestHandler } from './$types';\nimport { addDays, jakartaDay } from '$lib/dates';\nimport { toCsv } from '$lib/server/csv';\n\n"
            "export const GET: RequestHandler = async ({ locals }) => {\n  const from = addDays(jakartaDay(), -29);\n"
            "  const { data, error } = await locals.supabase.rpc('daily_sales', { p_shop_id: locals.shop.id, p_from: from });\n"
            "  if (error) throw error;\n  return new Response(toCsv(data, ';'), {\n"
            "    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename=\"penjualan.csv\"' }\n"
            "  });\n};\n",
        ),
        Write(
            "src/lib/server/csv.test.ts",
            "import { expect, test } from 'vitest';\nimport { toCsv } from './csv';\n\n"
            "test('semicolon separated with a header', () => {\n"
            "  expect(toCsv([{ day: '2027-04-20', total: 350000 }], ';')).toBe('day;total\\r\\n2027-04-20;350000\\r\\n');\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx vitest run",
            vitest_run([*VITEST_FILES, ("src/lib/dates.test.ts", 5), ("src/lib/server/csv.test.ts", 1)]),
            desc="Unit tests",
            secs=9,
        ),
    )
    s.say(
        "/dashboard/reports shows the last 30 Jakarta days from the daily_sales RPC, and /dashboard/reports/export "
        "downloads penjualan.csv with `;` separators and CRLF so Excel opens it in columns. Vitest 25/25."
    )
    s.user("opened it in Excel, looks clean 👌")
    s.outcome(
        "success", "sales report and semicolon CSV export, resumed the next morning; tested in Excel by the person"
    )
    s.one_off(
        "supabase start: Cannot connect to the Docker daemon at unix:///var/run/docker.sock (Docker Desktop not started "
        "after a Windows restart)"
    )
    return s


def a15_vouchers_compact() -> Session:
    s = app("a15-vouchers-compact", "2027-04-22T03:01:37", "2.1.207", "feat/vouchers", "deep-tanah-abang-swift")
    s.user(
        "add discount vouchers: a vouchers table (shop_id, code, percent_off, valid_until) and a voucher code input "
        "at checkout that reduces the total. Plus a Playwright test for the checkout",
        after=0,
    )
    s.act(
        None,
        Bash(
            "supabase migration new create_vouchers",
            f"Created new migration at supabase/migrations/{M_VOUCHERS}",
            desc="New migration",
        ),
    )
    s.act(
        None,
        Write(
            f"supabase/migrations/{M_VOUCHERS}",
            "create table public.vouchers (\n  id bigint generated always as identity primary key,\n"
            "  shop_id uuid not null references public.shops (id) on delete cascade,\n  code text not null,\n"
            "  percent_off integer not null check (percent_off between 1 and 90),\n  valid_until date not null,\n"
            "  unique (shop_id, code)\n);\n",
        ),
    )
    s.user(
        "I told you already: new tables get RLS enabled in the same migration as the table. Buyers also need to "
        "read vouchers that are still valid",
        rules=[("rls-same-migration", "new tables get RLS enabled in the same migration as the table")],
    )
    s.act(
        None,
        Edit(
            f"supabase/migrations/{M_VOUCHERS}",
            "  unique (shop_id, code)\n);\n",
            "  unique (shop_id, code)\n);\n\nalter table public.vouchers enable row level security;\n\n"
            'create policy "anyone reads valid vouchers" on public.vouchers\n  for select to anon, authenticated\n'
            "  using (valid_until >= (now() at time zone 'Asia/Jakarta')::date);\n\n"
            'create policy "members manage vouchers" on public.vouchers\n  for all to authenticated\n'
            "  using (public.is_shop_member(shop_id))\n  with check (public.is_shop_member(shop_id));\n",
        ),
    )
    s.act(
        None,
        Edit(
            "src/routes/toko/[slug]/checkout/+page.server.ts",
            "  const total = subtotal(cart);",
            "  const code = String(form.get('voucher') ?? '').trim().toUpperCase();\n"
            "  const { data: voucher } = code\n    ? await locals.supabase.from('vouchers').select('percent_off').eq('shop_id', shop.id).eq('code', code).maybeSingle()\n"
            "    : { data: null };\n  const total = applyVoucher(subtotal(cart), voucher?.percent_off ?? 0);",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Request: discount vouchers "
        "(table vouchers with RLS and policies in the same migration), voucher input at checkout, Playwright test.\n"
        "2. Done: migration create_vouchers (RLS on, anon/authenticated read valid vouchers, members manage); "
        "checkout applies percent_off via applyVoucher.\n3. Next: Playwright test for checkout with a voucher.",
        pre_tokens=88_410,
        post_tokens=9_120,
    )
    s.act(
        None,
        Write(
            "tests/checkout.spec.ts",
            "import { expect, test } from '@playwright/test';\n\n"
            "test('voucher HEMAT10 takes 10% off', async ({ page }) => {\n  await page.goto('/toko/kue-bu-rina');\n"
            "  await page.getByRole('button', { name: 'Tambah Lapis Legit Pandan' }).click();\n"
            "  await page.getByRole('link', { name: 'Checkout' }).click();\n"
            "  await page.getByLabel('Kode voucher').fill('hemat10');\n"
            "  await page.getByRole('button', { name: 'Pakai' }).click();\n"
            "  await expect(page.getByTestId('total')).toHaveText('Rp315.000');\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "supabase db reset && npx playwright test",
            db_reset([M_SHOPS, M_ORDERS, M_EVENTS, M_STAFF, M_PICKUP, M_VOUCHERS])
            + "\n"
            + playwright_run(8, secs="51.3s"),
            desc="Reset and all e2e tests",
            secs=70,
        ),
    )
    s.say(
        "Vouchers are in with RLS in the same migration; checkout applies the code (HEMAT10: Rp350.000 → Rp315.000). Playwright 8/8."
    )
    s.user("thanks, deploying it tomorrow")
    s.outcome("success", "vouchers with RLS in the same migration, applied at checkout, Playwright green; approved")
    return s


SESSIONS = [
    a01_orders_table,
    a02_order_events_42p01,
    a03_staff_empty_list,
    a04_products_catalog,
    a05_edge_42501,
    a06_vitest_local_tz,
    a07_midtrans_webhook,
    a08_edge_questions,
    a09_recap_wrong_day,
    a10_staff_empty_id,
    a11_fix_staff_policies,
    a12_playwright_midnight,
    a13_fix_jakarta_dates,
    a14_reports_resumed,
    a15_vouchers_compact,
]
