"""Aisyah's `kedai-runcit` sessions (k01-k16): a Laravel 11 / PHP 8.3 app for a family grocery shop (kedai runcit)
with Livewire 3, Pest, PHPStan with Larastan, Laravel Pint, Vite and MySQL 8 through Laravel Sail, developed in
WSL2 Ubuntu on Windows 11. Times are UTC; Kuala Lumpur is UTC+8."""

from __future__ import annotations

from fake_output import KR, git_commit, pest_run, phpstan_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "kedai-runcit"
SAIL = "./vendor/bin/sail"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KR, project=PROJECT)


PRODUCT = """<?php

namespace App\\Models;

use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;
use Illuminate\\Database\\Eloquent\\Model;

class Product extends Model
{
    use HasFactory;

    protected $fillable = ['sku', 'name', 'price', 'stock', 'reorder_level'];

    protected function casts(): array
    {
        return [
            'price' => 'float',
            'stock' => 'integer',
        ];
    }
}"""

CART_TOTALS = """<?php

namespace App\\Support;

use Illuminate\\Support\\Collection;

class CartTotals
{
    public const SST_RATE = 0.06;

    /** @param Collection<int, \\App\\Models\\CartLine> $lines */
    public static function for(Collection $lines): array
    {
        $subtotal = $lines->sum(fn ($l) => $l->product->price * $l->qty);
        $sst = round($subtotal * self::SST_RATE, 2);
        $total = $subtotal + $sst;

        return [
            'subtotal' => $subtotal,
            'sst' => $sst,
            'total' => $total,
            'cash_total' => round($total * 20) / 20,
        ];
    }
}"""

CART_TEST = """<?php

use App\\Support\\CartTotals;

it('sums the lines', function () {
    expect(CartTotals::for(cartLines([[3.30, 2], [5.35, 1]]))['subtotal'])->toEqual(11.95);
});

it('rounds the cash total to 5 sen', function () {
    expect(CartTotals::for(cartLines([[3.30, 2], [5.35, 1]]))['cash_total'])->toBe(12.65);
});"""

RECEIPT = """<div class="receipt">
    <h2>Kedai Runcit Pak Hassan</h2>
    @foreach ($order->lines as $line)
        <div>{{ $line->product->name }} x{{ $line->qty }} <span>{{ number_format($line->product->price * $line->qty, 2) }}</span></div>
    @endforeach
    <div>SST 6%: {{ number_format($totals['sst'], 2) }}</div>
    <div class="total">Jumlah (tunai): RM {{ number_format(floor($totals['total'] * 20) / 20, 2) }}</div>
</div>"""

CHECKOUT_TEST = """<?php

use App\\Livewire\\Checkout;
use Livewire\\Livewire;

it('charges SST on the discounted subtotal', function () {
    seedCart([[10.00, 2]], voucher: 'RAYA10');

    Livewire::test(Checkout::class)
        ->set('voucher', 'RAYA10')
        ->assertViewHas('totals', fn ($t) => $t['total'] === 19.08);
});"""

PHPUNIT_XML = """        <env name="APP_ENV" value="testing"/>
        <env name="BCRYPT_ROUNDS" value="4"/>
        <env name="CACHE_STORE" value="array"/>
        <env name="DB_CONNECTION" value="mysql"/>
        <env name="DB_DATABASE" value="testing"/>
        <env name="MAIL_MAILER" value="array"/>"""

ENV = """APP_NAME="Kedai Runcit"
APP_ENV=local
APP_URL=http://localhost

DB_CONNECTION=mysql
DB_HOST=mysql
DB_PORT=3306
DB_DATABASE=kedai_runcit
DB_USERNAME=sail
DB_PASSWORD=password"""

CONTRIBUTING = """# Contributing to kedai-runcit

Local setup: `./vendor/bin/sail up -d`, then `./vendor/bin/sail artisan migrate --seed`.

Never push directly to main; every change goes through a pull request.
Pak Hassan's nephew (Faiz) reviews the pull requests on weekends."""

PRODUCT_LIST = """<?php

namespace App\\Livewire;

use App\\Models\\Product;
use Livewire\\Component;
use Livewire\\WithPagination;

class ProductList extends Component
{
    use WithPagination;

    public string $search = '';

    public function render()
    {
        return view('livewire.product-list', [
            'products' => Product::query()
                ->when($this->search, fn ($q) => $q->where('name', 'like', "%{$this->search}%")
                    ->orWhere('sku', $this->search))
                ->orderBy('name')
                ->paginate(20),
        ]);
    }
}"""

PRODUCT_LIST_BLADE = """<div>
    <input type="search" wire:model="search" placeholder="Cari nama atau SKU">
    <table>
        @foreach ($products as $p)
            <tr><td>{{ $p->sku }}</td><td>{{ $p->name }}</td><td>{{ number_format($p->price, 2) }}</td><td>{{ $p->stock }}</td></tr>
        @endforeach
    </table>
    {{ $products->links() }}
</div>"""

PRODUCT_LIST_TEST = """<?php

use App\\Livewire\\ProductList;
use App\\Models\\Product;
use Livewire\\Livewire;

it('finds a product by sku', function () {
    Product::factory()->create(['sku' => '9555123400017', 'name' => 'Milo 1kg']);
    Product::factory()->count(3)->create();

    Livewire::test(ProductList::class)->set('search', '9555123400017')->assertSee('Milo 1kg');
});"""

VITE_CONFIG = """import { defineConfig } from 'vite';
import laravel from 'laravel-vite-plugin';

export default defineConfig({
    plugins: [
        laravel({
            input: ['resources/css/app.css', 'resources/js/app.js'],
            refresh: true,
        }),
    ],
});"""

# ---------------------------------------------------------------------------------------------------------------


def k01() -> Session:
    s = new("k01-product-list", "2027-10-04T01:12:40", "2.1.220", "main", "product-list-kancil")
    s.user(
        "new Livewire page for the product list: search by name or SKU, paginate 20. always run artisan, composer "
        "and npm through ./vendor/bin/sail, never the php on my WSL. write tests in Pest, not PHPUnit classes.",
        rules=[
            ("sail-only", "always run artisan, composer and npm through ./vendor/bin/sail"),
            ("pest", "write tests in Pest, not PHPUnit classes"),
        ],
    )
    s.title("Livewire product list")
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING), Read("app/Models/Product.php", PRODUCT))
    s.act(
        None,
        Bash(
            f"{SAIL} artisan make:livewire ProductList",
            " COMPONENT CREATED  🤙\n\nCLASS: app/Livewire/ProductList.php\nVIEW:  resources/views/livewire/"
            "product-list.blade.php",
        ),
    )
    s.act(
        "Component, view and a Pest feature test:",
        Write("app/Livewire/ProductList.php", PRODUCT_LIST),
        Write("resources/views/livewire/product-list.blade.php", PRODUCT_LIST_BLADE),
        Write("tests/Feature/ProductListTest.php", PRODUCT_LIST_TEST),
    )
    s.act(
        None,
        Bash(
            f"{SAIL} artisan test --filter=ProductList",
            pest_run([("Tests\\Feature\\ProductListTest", "it finds a product by sku")], secs=1.12),
        ),
    )
    s.say(
        "`/products` now lists products 20 per page, searching by name (LIKE) or exact SKU. The Pest test passes. "
        "Everything ran through `./vendor/bin/sail`. CONTRIBUTING.md says changes go through a pull request, so I "
        "can open a branch for this if you like."
    )
    s.user(
        "ok. kita guna Livewire je untuk admin panel, tak payah Inertia atau Vue, Faiz pun tak reti Vue. commit "
        "terus kat main, PR nanti. use conventional commits for every commit message.",
        decisions=["kita guna Livewire je untuk admin panel, tak payah Inertia"],
        rules=[("commit-cc", "use conventional commits for every commit message")],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: product list with search and pagination'",
            git_commit("main", "3e1a9c2", "feat: product list with search and pagination", 4, 97, 1),
        ),
    )
    s.say("Committed as `3e1a9c2` (`feat: product list with search and pagination`).")
    s.user("mantap")
    s.not_person("Never push directly to main; every change goes through a pull request.", "tool_output")
    s.outcome("success", "product list Livewire page with search, pagination and a Pest test, committed")
    return s


def k02() -> Session:
    s = new("k02-sail-port-3306", "2027-10-05T01:30:11", "2.1.220", "main", "port-clash-tapir")
    s.user("sail up tak jalan pagi ni, mysql container tak start. tolong tengok")
    up = f"{SAIL} up -d"
    err = (
        " Container kedai-runcit-redis-1  Running\n Container kedai-runcit-mysql-1  Starting\n"
        "Error response from daemon: Ports are not available: exposing port TCP 0.0.0.0:3306 -> 0.0.0.0:0: listen "
        "tcp 0.0.0.0:3306: bind: Only one usage of each socket address (protocol/network address/port) is normally "
        "permitted."
    )
    s.act(None, Bash(up, err, code=1, secs=9))
    s.act(
        "Port 3306 is already taken on the Windows side. Checking what Docker still holds, then retrying:",
        Bash("docker ps --format '{{.Names}}\\t{{.Ports}}'", "kedai-runcit-redis-1\t0.0.0.0:6379->6379/tcp"),
    )
    s.act(None, Bash(up, err, code=1, secs=8))
    s.act(None, Bash(f"{SAIL} down && {up}", " Container kedai-runcit-redis-1  Removed\n" + err, code=1, secs=12))
    s.act(None, Bash(up, err, code=1, secs=8))
    s.act(
        "Still the same bind error, so something outside Docker listens on 3306. The quickest way around it is to "
        "forward Sail's MySQL to another host port:",
        Read(".env", ENV),
    )
    s.act(None, Edit(".env", "DB_PORT=3306", "DB_PORT=3306\nFORWARD_DB_PORT=3307"))
    s.user(
        "eh kenapa you edit .env?? jangan sentuh file .env tu, kalau perlu key baru tambah dalam .env.example je. "
        "revert. I dah stop service MySQL80 dari PowerShell, installer lama punya. cuba lagi",
        rules=[("no-env", "jangan sentuh file .env tu, kalau perlu key baru tambah dalam .env.example je")],
    )
    s.act(None, Edit(".env", "DB_PORT=3306\nFORWARD_DB_PORT=3307", "DB_PORT=3306"))
    s.act(
        "Reverted `.env`. Starting again:",
        Bash(
            up,
            " Container kedai-runcit-redis-1  Running\n Container kedai-runcit-mysql-1  Started\n"
            " Container kedai-runcit-mailpit-1  Started\n Container kedai-runcit-laravel.test-1  Started",
            secs=14,
        ),
    )
    s.say(
        "All four containers are up now that the Windows MySQL80 service no longer holds 3306. `.env` is back as it "
        "was; if you want the other port as an option later I would only document `FORWARD_DB_PORT` in `.env.example`."
    )
    s.user(
        "note to self: the MySQL80 service on Windows grabs port 3306 before Sail does. dah set dia manual start. "
        "ok dah jalan, terima kasih",
        lessons=["the MySQL80 service on Windows grabs port 3306 before Sail does"],
    )
    s.one_off(
        "sail up fails with 'Ports are not available: exposing port TCP 0.0.0.0:3306' because the Windows MySQL80 "
        "service holds port 3306 (WSL2 Docker Desktop)"
    )
    s.outcome("success", "Sail up again after Aisyah stopped the Windows MySQL80 service; the .env edit reverted")
    return s


def k03() -> Session:
    s = new("k03-cash-rounding-test", "2027-10-06T02:10:52", "2.1.220", "checkout", "five-sen-pelanduk")
    s.user(
        "tolong tulis test untuk CartTotals: subtotal, SST 6%, and cash total rounded to 5 sen (rounding mechanism, "
        "1-2 sen turun, 3-7 jadi 5, 8-9 naik). tests run against MySQL in Sail too, not sqlite.",
        rules=[("mysql-test", "tests run against MySQL in Sail too, not sqlite")],
    )
    s.act(None, Read("app/Support/CartTotals.php", CART_TOTALS))
    s.act(None, Write("tests/Unit/CartTotalsTest.php", CART_TEST))
    s.act(
        None,
        Bash(
            f"{SAIL} artisan test --filter=CartTotals",
            pest_run(
                [("Tests\\Unit\\CartTotalsTest", "it sums the lines")],
                [
                    (
                        "Tests\\Unit\\CartTotalsTest",
                        "it rounds the cash total to 5 sen",
                        "Failed asserting that 12.649999999999999 is identical to 12.65.",
                        "tests/Unit/CartTotalsTest.php:10",
                    )
                ],
                secs=1.31,
            ),
            code=1,
        ),
    )
    s.act(
        "The cash total is `12.649999999999999`: the prices are floats, so `round($total * 20) / 20` lands just "
        "under 12.65. I can compare with a tolerance in the test instead:",
        Denied(
            Edit(
                "tests/Unit/CartTotalsTest.php",
                "['cash_total'])->toBe(12.65);",
                "['cash_total'])->toEqualWithDelta(12.65, 0.001);",
            ),
            "jangan, duit kena tepat sampai sen",
        ),
    )
    s.user("biar merah dulu. I ada meeting dengan Pak Hassan, nanti tengok balik")
    s.say("OK, `CartTotalsTest` stays as written: 1 passed, 1 failed.")
    s.outcome("failed", "the new cash-rounding test fails with a float total (12.649999999999999); left red")
    s.hit("float-money-rounding")
    return s


VITE_ERR = (
    "GET http://[::]:5173/@vite/client net::ERR_CONNECTION_REFUSED\n"
    "GET http://[::]:5173/resources/js/app.js net::ERR_CONNECTION_REFUSED"
)

RECEIPT_PRINT_CSS = """@media print {
    body * { visibility: hidden; }
    .receipt, .receipt * { visibility: visible; }
    .receipt { position: absolute; top: 0; left: 0; width: 58mm; font-size: 11px; }
}"""


def k04() -> Session:
    s = new("k04-receipt-vite", "2027-10-07T07:30:18", "2.1.220", "receipt", "thermal-print-murai")
    s.user(
        "halaman resit untuk print kat printer thermal 58mm. decided: receipts print from the browser with a print "
        "stylesheet, no PDF package. lepas siap tu, run sail pint --dirty before every commit.",
        decisions=["receipts print from the browser with a print stylesheet, no PDF package"],
        rules=[("pint", "run sail pint --dirty before every commit")],
    )
    s.act(
        None,
        Write("resources/views/orders/receipt.blade.php", RECEIPT),
        Write("resources/css/receipt.css", RECEIPT_PRINT_CSS),
    )
    s.say("Receipt view and a print stylesheet for 58 mm paper are in place. Open `/orders/1/receipt` to check it.")
    s.user("page putih je, console:\n\n```\n" + VITE_ERR + "\n```\n\nvite dev jalan dalam sail, browser kat Windows")
    s.act(None, Read("vite.config.js", VITE_CONFIG))
    s.act(
        "Vite inside the container advertises `[::]` as the HMR host, which the Windows browser cannot reach. "
        "Binding to all interfaces and telling the client to use localhost fixes it:",
        Edit(
            "vite.config.js",
            "    ],\n});",
            "    ],\n    server: {\n        host: '0.0.0.0',\n        hmr: { host: 'localhost' },\n    },\n});",
        ),
    )
    s.say(
        "Restart `./vendor/bin/sail npm run dev` in your terminal so Vite picks up the new server settings, then "
        "reload the receipt page."
    )
    s.user("ok keluar dah. commit")
    s.act(
        None,
        Bash(
            f"{SAIL} pint --dirty",
            "\n  ✓ resources/views/orders/receipt.blade.php\n\n  ────────────────────────────────────────── Laravel\n"
            "    PASS   ................................................... 3 files",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: printable 58mm receipt page'",
            git_commit("receipt", "8b40d17", "feat: printable 58mm receipt page", 3, 41, 0),
        ),
    )
    s.say("Pint is clean and the receipt page is committed (`8b40d17`).")
    s.one_off(
        "the page is blank under Sail because Vite advertises http://[::]:5173 for HMR and the Windows browser gets "
        "ERR_CONNECTION_REFUSED; fixed with server.host 0.0.0.0 and hmr.host localhost"
    )
    s.outcome("success", "printable receipt page, Vite HMR reachable from Windows, committed")
    return s


SALES_REPORT = """<?php

namespace App\\Livewire;

use App\\Models\\Order;
use Livewire\\Component;

class SalesReport extends Component
{
    public string $date;

    public function mount(): void
    {
        $this->date = today()->toDateString();
    }

    public function render()
    {
        $orders = Order::whereDate('created_at', $this->date)->get();

        return view('livewire.sales-report', ['orders' => $orders]);
    }
}"""


def k05() -> Session:
    s = new("k05-sales-report", "2027-10-08T06:50:37", "2.1.221", "report", "daily-sales-serindit")
    s.user("buat laporan jualan harian, pilih tarikh, senarai order dengan jumlah setiap satu")
    s.act(None, Bash("php artisan make:livewire SalesReport", "/bin/bash: line 1: php: command not found", code=127))
    s.user(
        "kan I dah cakap, semua kena lalu sail. takde php kat WSL ni",
        rules=[("sail-only", "semua kena lalu sail")],
    )
    s.act(
        None,
        Bash(
            f"{SAIL} artisan make:livewire SalesReport",
            " COMPONENT CREATED  🤙\n\nCLASS: app/Livewire/SalesReport.php\nVIEW:  resources/views/livewire/"
            "sales-report.blade.php",
        ),
    )
    s.act(None, Write("app/Livewire/SalesReport.php", SALES_REPORT))
    s.act(
        None,
        Bash(
            f"{SAIL} php vendor/bin/phpstan analyse",
            phpstan_run(
                38,
                [
                    (
                        "app/Livewire/SalesReport.php",
                        17,
                        "Method App\\Livewire\\SalesReport::render() has no return type specified.",
                        "missingType.return",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.act(
        "Larastan wants a return type on `render()`. I could also add it to `phpstan-baseline.neon` to keep the "
        "run green for now:",
        Denied(
            Bash(f"{SAIL} php vendor/bin/phpstan analyse --generate-baseline"),
        ),
    )
    s.user(
        "jangan tambah apa-apa dalam phpstan-baseline.neon, betulkan error tu. and the view loops orders->lines, "
        "tu N+1 kan? buat masa ni biar je N+1 query tu, order sehari tak sampai 200.",
        rules=[("phpstan-baseline", "jangan tambah apa-apa dalam phpstan-baseline.neon, betulkan error tu")],
        non_rules=["buat masa ni biar je N+1 query tu"],
    )
    s.act(
        None,
        Edit(
            "app/Livewire/SalesReport.php",
            "    public function render()\n",
            "    public function render(): \\Illuminate\\Contracts\\View\\View\n",
        ),
    )
    s.act(None, Bash(f"{SAIL} php vendor/bin/phpstan analyse", phpstan_run(38)))
    s.say("PHPStan is clean at level 6 with no baseline change; the N+1 on `orders->lines` stays as you said.")
    s.user("ok boleh")
    s.outcome("success", "daily sales report component with a typed render(); PHPStan clean without baseline")
    return s


def k06() -> Session:
    s = new("k06-receipt-five-sen", "2027-10-11T01:20:05", "2.1.221", "main", "receipt-mismatch-tempua")
    s.user(
        "Pak Hassan cakap resit tunjuk jumlah tunai RM 12.60 tapi skrin checkout tunjuk RM 12.65, untuk order "
        "yang sama. beza 5 sen. takde error apa pun. customer dah complain dua kali"
    )
    s.act(
        None,
        Grep("cash_total|\\* 20", ["app/Support/CartTotals.php", "resources/views/orders/receipt.blade.php"]),
    )
    s.act(None, Read("resources/views/orders/receipt.blade.php", RECEIPT))
    s.act(
        "The receipt rounds with `floor($totals['total'] * 20) / 20` while checkout uses `round()`. With a total of "
        "12.649999… `floor` gives 12.60. Making the receipt use `cash_total` like the checkout:",
        Edit(
            "resources/views/orders/receipt.blade.php",
            "number_format(floor($totals['total'] * 20) / 20, 2)",
            "number_format($totals['cash_total'], 2)",
        ),
    )
    s.say("The receipt now prints the same `cash_total` the checkout shows, so both say RM 12.65.")
    s.user(
        "bukan tu. kalau dua-dua guna nombor yang sama tapi nombor tu sendiri salah, accountant still nampak beza. "
        "revert, I nak fikir dulu macam mana nak betulkan betul-betul"
    )
    s.act(
        None,
        Edit(
            "resources/views/orders/receipt.blade.php",
            "number_format($totals['cash_total'], 2)",
            "number_format(floor($totals['total'] * 20) / 20, 2)",
        ),
    )
    s.say("Reverted; the receipt view is as it was.")
    s.outcome("failed", "receipt and checkout disagree by 5 sen; the view change was rejected and reverted")
    s.hit("float-money-rounding")
    return s


COMPOSER_PASTE = (
    "$ ./vendor/bin/sail composer update\nLoading composer repositories with package information\n"
    "Updating dependencies\nLock file operations: 0 installs, 3 updates, 0 removals\n"
    "  - Upgrading laravel/framework (v11.26.0 => v11.27.2)\n  - Upgrading livewire/livewire (v3.5.9 => v3.5.10)\n"
    "  - Upgrading nesbot/carbon (3.8.0 => 3.8.1)\nWriting lock file\n"
    "Package fruitcake/laravel-cors is abandoned, you should avoid using it. No replacement was suggested.\n"
    "Generating optimized autoload files"
)


def k07() -> Session:
    s = new("k07-live-search", "2027-10-12T07:10:44", "2.1.221", "main", "live-search-kelicap")
    s.user(
        "search box kat product list tak filter masa taip, kena tekan enter baru jalan. also composer update bagi "
        "warning ni:\n\n```\n" + COMPOSER_PASTE + "\n```"
    )
    s.act(
        None,
        Read("resources/views/livewire/product-list.blade.php", PRODUCT_LIST_BLADE),
        Grep("laravel-cors", ["composer.json", "config/cors.php"]),
    )
    s.act(
        "In Livewire 3 `wire:model` only syncs on the next action; typing needs `.live`, with a debounce so every "
        "key is not a request. The abandoned `fruitcake/laravel-cors` is a leftover: Laravel 11 has CORS built in.",
        Edit(
            "resources/views/livewire/product-list.blade.php",
            'wire:model="search"',
            'wire:model.live.debounce.300ms="search"',
        ),
    )
    s.act(
        "For the search I'd also like proper filters; spatie's query builder handles that:",
        Denied(Bash(f"{SAIL} composer require spatie/laravel-query-builder")),
    )
    s.user(
        "no lah. ask me first before adding any package. and the filter logic, business logic letak dalam "
        "app/Actions, bukan dalam Livewire component",
        rules=[
            ("ask-deps", "ask me first before adding any package"),
            ("actions-dir", "business logic letak dalam app/Actions, bukan dalam Livewire component"),
        ],
    )
    s.act(
        None,
        Write(
            "app/Actions/SearchProducts.php",
            "<?php\n\nnamespace App\\Actions;\n\nuse App\\Models\\Product;\nuse Illuminate\\Pagination\\"
            "LengthAwarePaginator;\n\nclass SearchProducts\n{\n    public function __invoke(string $term): "
            "LengthAwarePaginator\n    {\n        return Product::query()\n            ->when($term, fn ($q) => "
            "$q->where('name', 'like', \"%{$term}%\")->orWhere('sku', $term))\n            ->orderBy('name')\n"
            "            ->paginate(20);\n    }\n}\n",
        ),
        Bash(
            f"{SAIL} composer remove fruitcake/laravel-cors",
            "./composer.json has been updated\nRunning composer "
            "update fruitcake/laravel-cors\nLock file operations: 0 installs, 0 updates, 1 removal\n  - Removing "
            "fruitcake/laravel-cors (v3.0.0)\nGenerating optimized autoload files",
        ),
    )
    s.act(
        None,
        Edit(
            "app/Livewire/ProductList.php",
            "            'products' => Product::query()\n                ->when($this->search, fn ($q) => "
            "$q->where('name', 'like', \"%{$this->search}%\")\n                    ->orWhere('sku', $this->search))"
            "\n                ->orderBy('name')\n                ->paginate(20),",
            "            'products' => app(SearchProducts::class)($this->search),",
        ),
    )
    s.act(
        None,
        Bash(
            f"{SAIL} artisan test --filter=ProductList",
            pest_run([("Tests\\Feature\\ProductListTest", "it finds a product by sku")], secs=1.08),
        ),
    )
    s.say(
        "Search filters as you type (300 ms debounce), the query lives in `App\\Actions\\SearchProducts`, and the "
        "abandoned CORS package is removed. No new package added. Test green."
    )
    s.user("ok dah jalan, terima kasih")
    s.not_person(
        "Package fruitcake/laravel-cors is abandoned, you should avoid using it. No replacement was suggested.",
        "pasted_log",
    )
    s.one_off(
        "Livewire 3 wire:model is deferred by default, so the product search only filtered on Enter; needs "
        "wire:model.live with a debounce"
    )
    s.outcome("success", "live search with debounce, query moved to an Action, abandoned CORS package removed")
    return s


def k08() -> Session:
    s = new("k08-parallel-question", "2027-10-13T01:40:29", "2.1.221", "main", "parallel-tests-question")
    s.user("sail artisan test --parallel boleh ke dengan MySQL dalam Sail? ke kena setup lain")
    s.say(
        "Yes. With `--parallel` Laravel creates one database per process (`testing_test_1`, `testing_test_2`, …) on "
        "the same MySQL server, so the `sail` user needs rights to create databases, which Sail's default user has. "
        "It needs `brianium/paratest` as a dev dependency, which Laravel 11 projects usually already have."
    )
    s.turn_done()
    s.user("ok, nanti I try")
    s.title("Parallel tests with Sail MySQL")
    s.outcome("unknown", "a question answered; nothing was run")
    return s


def k09() -> Session:
    s = new("k09-voucher-sst-test", "2027-10-14T06:30:02", "2.1.222", "voucher", "raya-voucher-enggang")
    s.user(
        "voucher RAYA10 (10% off) untuk checkout. SST dikira lepas diskaun. test dah ada dalam "
        "tests/Feature/CheckoutTest.php, tolong buat sampai hijau"
    )
    s.act(None, Read("tests/Feature/CheckoutTest.php", CHECKOUT_TEST), Read("app/Support/CartTotals.php", CART_TOTALS))
    s.act(
        None,
        Edit(
            "app/Support/CartTotals.php",
            "    public static function for(Collection $lines): array\n    {\n"
            "        $subtotal = $lines->sum(fn ($l) => $l->product->price * $l->qty);",
            "    public static function for(Collection $lines, ?string $voucher = null): array\n    {\n"
            "        $subtotal = $lines->sum(fn ($l) => $l->product->price * $l->qty);\n"
            "        if ($voucher === 'RAYA10') {\n            $subtotal *= 0.9;\n        }",
        ),
    )
    fail = (
        "Tests\\Feature\\CheckoutTest",
        "it charges SST on the discounted subtotal",
        "Failed asserting that 19.080000000000002 is identical to 19.08.",
        "tests/Feature/CheckoutTest.php:11",
    )
    s.act(None, Bash(f"{SAIL} artisan test --filter=Checkout", pest_run([], [fail], secs=1.44), code=1))
    s.act(
        "The total is `19.080000000000002`: 18.00 plus 6% SST in floating point. Rounding the total to two decimals:",
        Edit(
            "app/Support/CartTotals.php",
            "        $total = $subtotal + $sst;",
            "        $total = round($subtotal + $sst, 2);",
        ),
    )
    s.act(
        None,
        Bash(
            f"{SAIL} artisan test",
            pest_run(
                [
                    ("Tests\\Feature\\CheckoutTest", "it charges SST on the discounted subtotal"),
                    ("Tests\\Feature\\ProductListTest", "it finds a product by sku"),
                    ("Tests\\Unit\\CartTotalsTest", "it sums the lines"),
                ],
                [
                    (
                        "Tests\\Unit\\CartTotalsTest",
                        "it rounds the cash total to 5 sen",
                        "Failed asserting that 12.649999999999999 is identical to 12.65.",
                        "tests/Unit/CartTotalsTest.php:10",
                    )
                ],
                secs=2.87,
            ),
            code=1,
        ),
    )
    s.say(
        "The voucher test passes now, but the cash-rounding test from last week still fails: rounding one value "
        "moves the error elsewhere. As I said before, I'd recommend always comparing money as integers in tests."
    )
    s.user("masih fail lah. stop dulu, jangan tampal sana sini")
    s.not_person("I'd recommend always comparing money as integers in tests.", "assistant_text")
    s.outcome("failed", "voucher test green after a round(), the 5-sen cash test still red; Aisyah stopped it")
    s.hit("float-money-rounding")
    return s


DAILY_SUMMARY = """<?php

namespace App\\Actions;

use App\\Models\\Order;
use Illuminate\\Support\\Carbon;

class DailySummary
{
    /** @return array{orders: int, cash: float, card: float, duitnow: float} */
    public function __invoke(Carbon $day): array
    {
        $orders = Order::whereDate('created_at', $day)->get();

        return [
            'orders' => $orders->count(),
            'cash' => $orders->where('payment', 'cash')->sum('total'),
            'card' => $orders->where('payment', 'card')->sum('total'),
            'duitnow' => $orders->where('payment', 'duitnow')->sum('total'),
        ];
    }
}"""

SUMMARY_TEST = """<?php

use App\\Actions\\DailySummary;
use App\\Models\\Order;

it('counts the orders of the day', function () {
    Order::factory()->count(3)->create(['created_at' => '2027-10-15 10:00:00']);
    Order::factory()->create(['created_at' => '2027-10-14 10:00:00']);

    expect((new DailySummary)(Carbon\\Carbon::parse('2027-10-15'))['orders'])->toBe(3);
});

it('splits totals by payment method', function () {
    Order::factory()->create(['payment' => 'cash', 'total' => 10.05]);
    Order::factory()->create(['payment' => 'duitnow', 'total' => 7.42]);

    $s = (new DailySummary)(today());
    expect($s['cash'])->toEqual(10.05)->and($s['duitnow'])->toEqual(7.42);
});"""


def summary_tests(child: Session) -> None:
    child.act(None, Read("app/Actions/DailySummary.php", DAILY_SUMMARY))
    child.act(None, Write("tests/Feature/DailySummaryTest.php", SUMMARY_TEST))
    child.act(
        None,
        Bash(
            f"{SAIL} artisan test --filter=DailySummary",
            pest_run(
                [
                    ("Tests\\Feature\\DailySummaryTest", "it counts the orders of the day"),
                    ("Tests\\Feature\\DailySummaryTest", "it splits totals by payment method"),
                ],
                secs=1.62,
            ),
        ),
    )
    child.say(
        "Added tests/Feature/DailySummaryTest.php (2 Pest tests: order count per day, totals per payment "
        "method); both pass."
    )


def k10() -> Session:
    s = new("k10-daily-summary", "2027-10-15T07:40:12", "2.1.222", "summary", "closing-summary-rangkong")
    s.user(
        "closing summary for the end of day: how many orders, total per payment method (cash, card, DuitNow QR). "
        "going with Malaysian 5-sen rounding only on cash payments, card and DuitNow pay the exact amount.",
        decisions=["going with Malaysian 5-sen rounding only on cash payments, card and DuitNow pay the exact amount"],
    )
    s.act(
        "An Action for the numbers and a Livewire page that shows them.",
        Write("app/Actions/DailySummary.php", DAILY_SUMMARY),
        Write(
            "app/Livewire/DailySummaryPage.php",
            "<?php\n\nnamespace App\\Livewire;\n\nuse App\\Actions\\DailySummary;\nuse Livewire\\Component;\n\n"
            "class DailySummaryPage extends Component\n{\n    public function render(): \\Illuminate\\Contracts\\View\\"
            "View\n    {\n        return view('livewire.daily-summary', ['s' => app(DailySummary::class)(today())]);\n"
            "    }\n}\n",
        ),
    )
    s.act(
        None,
        Agent(
            "Pest tests for DailySummary",
            "Write Pest feature tests for app/Actions/DailySummary.php in tests/Feature/DailySummaryTest.php: the "
            "order count for one day, and totals split by payment method. Run them with ./vendor/bin/sail artisan "
            "test --filter=DailySummary and report what you added.",
            "general-purpose",
            summary_tests,
            background=True,
        ),
    )
    s.act(
        "While the agent writes tests, PHPStan on the new code:",
        Bash(
            f"{SAIL} php vendor/bin/phpstan analyse",
            phpstan_run(
                41,
                [
                    (
                        "app/Actions/DailySummary.php",
                        16,
                        "Method App\\Actions\\DailySummary::__invoke() should return array{orders: int, cash: float, "
                        "card: float, duitnow: float} but returns array{orders: int, cash: mixed, card: mixed, "
                        "duitnow: mixed}.",
                        "return.type",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.say(
        "Larastan does not know what `sum('total')` returns. I can cast the sums, or leave it for now since the "
        "page works. Which do you prefer?"
    )
    s.user(
        "hari ni je, skip PHPStan dulu, Pak Hassan nak tengok page ni petang ni",
        non_rules=["hari ni je, skip PHPStan dulu"],
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\n"
        "Analysis: Aisyah asked for an end-of-day closing summary in kedai-runcit: order count and totals per "
        "payment method (cash, card, DuitNow QR).\n"
        "Summary:\n1. Files written: app/Actions/DailySummary.php, app/Livewire/DailySummaryPage.php.\n"
        "2. A background general-purpose agent is writing tests/Feature/DailySummaryTest.php.\n"
        "3. PHPStan reports return.type on DailySummary::__invoke (sum() is mixed); Aisyah said to skip PHPStan "
        "today only.\n"
        "4. Decision: 5-sen rounding applies to cash payments only.\n"
        "5. User preference: Always use Livewire form objects for validation.\n"
        "Pending: wait for the agent, run the suite, commit.",
        158200,
        10400,
    )
    s.say("Skipping PHPStan for today. Waiting for the test agent.")
    s.agent_done(after=35)
    s.act(
        None,
        Bash(
            f"{SAIL} artisan test --filter=DailySummary",
            pest_run(
                [
                    ("Tests\\Feature\\DailySummaryTest", "it counts the orders of the day"),
                    ("Tests\\Feature\\DailySummaryTest", "it splits totals by payment method"),
                ],
                secs=1.58,
            ),
        ),
    )
    s.user("ok commit")
    s.act(
        None,
        Bash(
            f"{SAIL} pint --dirty && git add -A && git commit -m 'feat: end of day closing summary'",
            "\n  ────────────────────────────────────────── Laravel\n    PASS   ......................... 4 files\n"
            + git_commit("summary", "c51e0a4", "feat: end of day closing summary", 4, 88, 0),
        ),
    )
    s.say("Committed (`c51e0a4`); Pint clean, the two summary tests pass.")
    s.not_person("User preference: Always use Livewire form objects for validation.", "compaction_summary")
    s.outcome("success", "closing summary Action and page with tests by a background agent, committed")
    return s


def k11() -> Session:
    s = new("k11-crlf-pint", "2027-10-16T03:02:48", "2.1.222", "main", "line-endings-weekend")
    s.user(
        "weekend pun kena buka. lepas run pint, git status tunjuk 212 files modified, padahal I ubah satu je. "
        "repo ni asal clone dari Windows side"
    )
    s.act(
        None,
        Bash(
            "git status --short | head -5 && git diff --stat | tail -1 && git config --get core.autocrlf",
            " M app/Actions/SearchProducts.php\n M app/Http/Controllers/Controller.php\n M app/Livewire/Checkout.php\n"
            " M app/Livewire/ProductList.php\n M app/Models/Product.php\n 212 files changed, 0 insertions(+), 0 "
            "deletions(-)\ntrue",
        ),
    )
    s.act(
        None,
        Bash(
            "git diff app/Models/Product.php | cat -A | sed -n 5,7p",
            "-<?php^M$\n+<?php$\n ^M$",
        ),
    )
    s.say(
        "The files were checked out with CRLF (`core.autocrlf=true` from the Windows clone) and Pint rewrites them "
        "with LF, so every file looks changed with no content diff. The repository should store and check out LF:"
    )
    s.act(
        None,
        Write(".gitattributes", "* text=auto eol=lf\n*.png binary\n*.jpg binary\n"),
        Bash(
            "git config core.autocrlf input && git add --renormalize . && git status --short | wc -l",
            "2",
        ),
    )
    s.act(
        None,
        Bash(
            "git add .gitattributes && git commit -m 'chore: store LF line endings'",
            git_commit("main", "e7d2b90", "chore: store LF line endings", 2, 3, 0),
        ),
    )
    s.say("Only `.gitattributes` and the file you edited remain; the rest was line endings. Committed `e7d2b90`.")
    s.user("mantap")
    s.one_off(
        "after Pint every file shows as modified because the repository was cloned on Windows with "
        "core.autocrlf=true (CRLF) and Pint writes LF; fixed with .gitattributes eol=lf and autocrlf input"
    )
    s.outcome("success", "CRLF/LF noise removed with .gitattributes and autocrlf input, committed")
    return s


MIGRATION = """<?php

use Illuminate\\Database\\Migrations\\Migration;
use Illuminate\\Database\\Schema\\Blueprint;
use Illuminate\\Support\\Facades\\DB;
use Illuminate\\Support\\Facades\\Schema;

return new class extends Migration
{
    public function up(): void
    {
        Schema::table('products', function (Blueprint $table) {
            $table->unsignedInteger('price_sen')->default(0)->after('name');
        });
        DB::statement('UPDATE products SET price_sen = ROUND(price * 100)');
        Schema::table('products', fn (Blueprint $table) => $table->dropColumn('price'));
    }
};
"""

CART_TOTALS_SEN = """    /** @param Collection<int, \\App\\Models\\CartLine> $lines */
    public static function for(Collection $lines, ?string $voucher = null): array
    {
        $subtotalSen = $lines->sum(fn ($l) => $l->product->price_sen * $l->qty);
        if ($voucher === 'RAYA10') {
            $subtotalSen -= intdiv($subtotalSen + 5, 10);
        }
        $sstSen = intdiv($subtotalSen * 6 + 50, 100);
        $totalSen = $subtotalSen + $sstSen;

        return [
            'subtotal_sen' => $subtotalSen,
            'sst_sen' => $sstSen,
            'total_sen' => $totalSen,
            // Malaysian rounding mechanism: 1-2 sen down, 3-7 to 5, 8-9 up (cash only).
            'cash_total_sen' => intdiv($totalSen + 2, 5) * 5,
        ];
    }"""

CART_TOTALS_V2_BODY = """    /** @param Collection<int, \\App\\Models\\CartLine> $lines */
    public static function for(Collection $lines, ?string $voucher = null): array
    {
        $subtotal = $lines->sum(fn ($l) => $l->product->price * $l->qty);
        if ($voucher === 'RAYA10') {
            $subtotal *= 0.9;
        }
        $sst = round($subtotal * self::SST_RATE, 2);
        $total = round($subtotal + $sst, 2);

        return [
            'subtotal' => $subtotal,
            'sst' => $sst,
            'total' => $total,
            'cash_total' => round($total * 20) / 20,
        ];
    }"""


def explore_money(child: Session) -> None:
    child.act(
        None,
        Grep(
            "price|total|\\* 20|round\\(",
            [
                "app/Models/Product.php:20:            'price' => 'float',",
                "app/Support/CartTotals.php:16:        $subtotal = $lines->sum(fn ($l) => $l->product->price * $l->qty);",
                "app/Support/CartTotals.php:22:        $total = round($subtotal + $sst, 2);",
                "app/Support/CartTotals.php:28:            'cash_total' => round($total * 20) / 20,",
                'resources/views/orders/receipt.blade.php:7:    <div class="total">Jumlah (tunai): RM {{ '
                "number_format(floor($totals['total'] * 20) / 20, 2) }}</div>",
                "app/Actions/DailySummary.php:17:            'cash' => $orders->where('payment', 'cash')->sum('total'),",
            ],
            path="app",
            mode="content",
        ),
    )
    child.say(
        "Money handling:\n- app/Models/Product.php:20 casts price to float.\n- app/Support/CartTotals.php:16-28 "
        "computes subtotal, SST, total and the 5-sen cash total in floats (round() in two places).\n"
        "- resources/views/orders/receipt.blade.php:7 rounds the cash total again with floor().\n"
        "- app/Actions/DailySummary.php:17 sums orders.total (decimal) per payment method."
    )


def k12() -> Session:
    s = new("k12-money-in-sen", "2027-10-18T06:45:30", "2.1.223", "money-sen", "integer-sen-merbah")
    s.user(
        "ok today we fix the money thing properly. the accountant says the SST column in the October export is off "
        "by a few sen against the receipts, and both CartTotals tests are still red. move prices to integer sen. "
        "tests boleh tukar ke sen, asalkan nilai sama."
    )
    s.act(
        "First a map of every place that does arithmetic on prices.",
        Agent(
            "Find money arithmetic",
            "In app/ and resources/views/, find every place that stores, sums, rounds or formats prices and totals "
            "(price, total, round(, floor(, * 20). Report file:line and whether it uses floats. Read-only.",
            "Explore",
            explore_money,
        ),
    )
    s.act(
        "Prices are floats end to end and the receipt rounds a second time. Plan: a migration to `price_sen`, "
        "integer arithmetic in `CartTotals`, one rounding rule for cash.",
        Write("database/migrations/2027_10_18_064500_move_product_price_to_sen.php", MIGRATION),
        Read(
            "app/Support/CartTotals.php",
            CART_TOTALS.replace(
                "    /** @param Collection<int, \\App\\Models\\CartLine> $lines */\n    public static function for(Collection "
                "$lines): array\n    {\n        $subtotal = $lines->sum(fn ($l) => $l->product->price * $l->qty);\n"
                "        $sst = round($subtotal * self::SST_RATE, 2);\n        $total = $subtotal + $sst;\n\n"
                "        return [\n            'subtotal' => $subtotal,\n            'sst' => $sst,\n            'total' "
                "=> $total,\n            'cash_total' => round($total * 20) / 20,\n        ];\n    }",
                CART_TOTALS_V2_BODY,
            ),
        ),
    )
    s.act(
        None,
        Edit("app/Support/CartTotals.php", CART_TOTALS_V2_BODY, CART_TOTALS_SEN),
        Edit("app/Support/CartTotals.php", "    public const SST_RATE = 0.06;\n\n", ""),
        Edit("app/Models/Product.php", "'price' => 'float',", "'price_sen' => 'integer',"),
        Edit("app/Models/Product.php", "'sku', 'name', 'price', 'stock'", "'sku', 'name', 'price_sen', 'stock'"),
        Edit(
            "resources/views/orders/receipt.blade.php",
            "number_format(floor($totals['total'] * 20) / 20, 2)",
            "number_format($totals['cash_total_sen'] / 100, 2)",
        ),
    )
    s.act(
        None,
        Edit(
            "tests/Unit/CartTotalsTest.php",
            "['cash_total'])->toBe(12.65);",
            "['cash_total_sen'])->toBe(1265);",
        ),
        Edit("tests/Unit/CartTotalsTest.php", "['subtotal'])->toEqual(11.95);", "['subtotal_sen'])->toBe(1195);"),
        Edit(
            "tests/Feature/CheckoutTest.php", "fn ($t) => $t['total'] === 19.08", "fn ($t) => $t['total_sen'] === 1908"
        ),
    )
    s.act(
        None,
        Bash(
            f"{SAIL} artisan migrate && {SAIL} artisan test",
            "\n   INFO  Running migrations.\n\n  2027_10_18_064500_move_product_price_to_sen ........... 48.21ms DONE\n\n"
            + pest_run(
                [
                    ("Tests\\Feature\\CheckoutTest", "it charges SST on the discounted subtotal"),
                    ("Tests\\Feature\\DailySummaryTest", "it counts the orders of the day"),
                    ("Tests\\Feature\\DailySummaryTest", "it splits totals by payment method"),
                    ("Tests\\Feature\\ProductListTest", "it finds a product by sku"),
                    ("Tests\\Unit\\CartTotalsTest", "it sums the lines"),
                    ("Tests\\Unit\\CartTotalsTest", "it rounds the cash total to 5 sen"),
                ],
                secs=3.02,
            ),
            secs=9,
        ),
    )
    s.act(None, Bash(f"{SAIL} php vendor/bin/phpstan analyse", phpstan_run(43)))
    s.say(
        "All 6 tests pass and PHPStan is clean. Prices are `price_sen` integers, SST is `intdiv($subtotalSen * 6 + "
        "50, 100)`, and the cash total is `intdiv($totalSen + 2, 5) * 5` in one place; the receipt prints that "
        "value. The voucher test now expects 1908 sen (RM 19.08), the same value as before."
    )
    s.user(
        "lesson: never do money in float, keep it in integer sen. commit",
        lessons=["never do money in float, keep it in integer sen"],
    )
    s.act(
        None,
        Bash(
            f"{SAIL} pint --dirty && git add -A && git commit -m 'fix: keep prices and totals in integer sen'",
            "\n  ────────────────────────────────────────── Laravel\n    PASS   ......................... 6 files\n"
            + git_commit("money-sen", "5f2c8e1", "fix: keep prices and totals in integer sen", 6, 58, 31),
        ),
    )
    s.say("Committed `5f2c8e1`.")
    s.outcome("success", "prices moved to integer sen with one 5-sen cash rounding; all tests and PHPStan green")
    s.hit("float-money-rounding", fixed=True)
    return s


def k13() -> Session:
    s = new("k13-sqlite-tests", "2027-10-19T07:00:21", "2.1.223", "main", "sqlite-memory-kuang")
    s.user(
        "tukar plan, test pakai sqlite :memory: je lah, MySQL dalam Sail lambat sangat bila run full suite. "
        "Faiz pun nak run test tanpa Docker",
        rules=[("sqlite-test", "test pakai sqlite :memory: je lah", "mysql-test")],
    )
    s.act(None, Read("phpunit.xml", PHPUNIT_XML, offset=21, total=34))
    s.act(
        None,
        Edit(
            "phpunit.xml",
            '        <env name="DB_CONNECTION" value="mysql"/>\n        <env name="DB_DATABASE" value="testing"/>',
            '        <env name="DB_CONNECTION" value="sqlite"/>\n        <env name="DB_DATABASE" value=":memory:"/>',
        ),
    )
    s.act(
        None,
        Bash(
            f"{SAIL} artisan test",
            pest_run(
                [
                    ("Tests\\Feature\\CheckoutTest", "it charges SST on the discounted subtotal"),
                    ("Tests\\Feature\\DailySummaryTest", "it counts the orders of the day"),
                    ("Tests\\Feature\\DailySummaryTest", "it splits totals by payment method"),
                    ("Tests\\Feature\\ProductListTest", "it finds a product by sku"),
                    ("Tests\\Unit\\CartTotalsTest", "it sums the lines"),
                    ("Tests\\Unit\\CartTotalsTest", "it rounds the cash total to 5 sen"),
                ],
                secs=0.71,
            ),
        ),
    )
    s.say(
        "The suite runs on SQLite in memory: 6 passed in 0.71 s (was about 3 s on MySQL). One thing to watch: the "
        "price migration uses `ROUND(price * 100)`, which SQLite also understands, so migrations still run."
    )
    s.user("ok boleh. commit")
    s.act(
        None,
        Bash(
            "git commit -am 'test: run the suite on sqlite in memory'",
            git_commit("main", "a08d3f6", "test: run the suite on sqlite in memory", 1, 2, 2),
        ),
    )
    s.say("Committed `a08d3f6`.")
    s.outcome("success", "test suite switched to SQLite :memory:, green and faster, committed")
    return s


def k14() -> Session:
    s = new("k14-query-log-question", "2027-10-20T06:10:48", "2.1.224", "main", "query-log-question")
    s.user("macam mana nak tengok query yang Livewire component buat? nak check N+1 kat sales report")
    s.say(
        "Easiest is Laravel Debugbar, but that is a new package. Without one: wrap the render in "
        "`DB::enableQueryLog()` / `DB::getQueryLog()` and `dump()` it, or `DB::listen(fn ($q) => logger($q->sql))` in "
        "`AppServiceProvider::boot()` and watch `./vendor/bin/sail artisan pail`."
    )
    s.turn_done()
    s.user("ok boleh, DB::listen cukup")
    s.title("Query log for a Livewire component")
    s.outcome("unknown", "a question answered; nothing was run")
    return s


LOW_STOCK = """<?php

namespace App\\Notifications;

use App\\Models\\Product;
use Illuminate\\Bus\\Queueable;
use Illuminate\\Contracts\\Queue\\ShouldQueue;
use Illuminate\\Notifications\\Messages\\MailMessage;
use Illuminate\\Notifications\\Notification;

class LowStock extends Notification implements ShouldQueue
{
    use Queueable;

    public function __construct(public Product $product) {}

    public function via(object $notifiable): array
    {
        return ['mail'];
    }

    public function toMail(object $notifiable): MailMessage
    {
        return (new MailMessage)
            ->subject("Stok rendah: {$this->product->name}")
            ->line("Tinggal {$this->product->stock} unit (paras pesanan semula {$this->product->reorder_level}).");
    }
}"""


def k15() -> Session:
    s = new("k15-low-stock-mail", "2027-10-21T07:20:33", "2.1.224", "low-stock", "reorder-alert-kedidi")
    s.user(
        "bila stok produk jatuh bawah reorder_level, hantar email kat Pak Hassan. queued. test guna Mailpit dalam Sail"
    )
    s.act(
        None,
        Write("app/Notifications/LowStock.php", LOW_STOCK),
        Write("config/kedai.php", "<?php\n\nreturn [\n    'owner_email' => env('KEDAI_OWNER_EMAIL'),\n];\n"),
        Edit(".env.example", 'MAIL_FROM_NAME="${APP_NAME}"', 'MAIL_FROM_NAME="${APP_NAME}"\n\nKEDAI_OWNER_EMAIL='),
        Write(
            "tests/Feature/LowStockTest.php",
            "<?php\n\nuse App\\Models\\Product;\nuse App\\Notifications\\LowStock;\nuse Illuminate\\Support\\Facades\\"
            "Notification;\n\nit('notifies the owner when stock drops below the reorder level', function () {\n"
            "    Notification::fake();\n    $p = Product::factory()->create(['stock' => 6, 'reorder_level' => 5]);\n\n"
            "    $p->decrement('stock', 2);\n\n    Notification::assertSentOnDemand(LowStock::class);\n});\n",
        ),
    )
    s.act(
        None,
        Edit(
            "app/Models/Product.php",
            "    protected function casts(): array",
            "    protected static function booted(): void\n    {\n        static::updated(function (Product $p) {\n"
            "            if ($p->wasChanged('stock') && $p->stock < $p->reorder_level) {\n"
            "                \\Illuminate\\Support\\Facades\\Notification::route('mail', config('kedai.owner_email'))"
            "\n                    ->notify(new \\App\\Notifications\\LowStock($p));\n            }\n        });\n"
            "    }\n\n    protected function casts(): array",
        ),
    )
    s.act(
        None,
        Bash(
            f"{SAIL} artisan test --filter=LowStock",
            pest_run(
                [("Tests\\Feature\\LowStockTest", "it notifies the owner when stock drops below the reorder level")],
                secs=0.64,
            ),
        ),
    )
    s.act(
        None,
        Bash(
            f"{SAIL} artisan tinker --execute=\"App\\Models\\Product::first()->decrement('stock', 50)\" && "
            f"{SAIL} artisan queue:work --once",
            "\n   INFO  Processing jobs from the [default] queue.\n\n  2027-10-21 15:24:07 Illuminate\\Notifications\\"
            "SendQueuedNotifications ........ RUNNING\n  2027-10-21 15:24:08 Illuminate\\Notifications\\"
            "SendQueuedNotifications ........ 412.18ms DONE",
        ),
    )
    s.say(
        "The notification is queued when stock drops below `reorder_level`; the test passes and one real mail went "
        "through the queue to Mailpit (http://localhost:8025). `KEDAI_OWNER_EMAIL` is read via `config/kedai.php`; "
        "I added the key to `.env.example` only."
    )
    s.user("dah masuk Mailpit. mantap")
    s.outcome("success", "queued low-stock mail with a test; seen in Mailpit")
    return s


def k16() -> Session:
    s = new("k16-stock-import-start", "2027-10-22T08:05:14", "2.1.225", "stock-import", "supplier-csv-belatuk")
    s.user(
        "nak import stok dari CSV supplier (Mydin wholesale). tengok dulu format dia, fail ada dalam storage/app/imports"
    )
    s.act(
        None,
        Bash(
            "head -3 storage/app/imports/mydin-2027-10-21.csv",
            'KOD BARANG,NAMA,KUANTITI,HARGA SEUNIT (RM)\n9555123400017,MILO 1KG,24,"21,90"\n'
            '9556001002341,GULA PASIR 1KG,60,"2,85"',
        ),
    )
    s.say(
        'Comma-separated with a header in Malay, prices quoted with a decimal comma (`"21,90"`), so they need '
        "`str_replace(',', '.', …)` before going into `price_sen`. SKU in the first column matches `products.sku`. "
        "Should new SKUs be created, or only existing products updated?"
    )
    s.user("esok sambung, kena balik awal hari ni")
    s.outcome("unknown", "the supplier CSV format was looked at; Aisyah left before deciding anything")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15, k16]
