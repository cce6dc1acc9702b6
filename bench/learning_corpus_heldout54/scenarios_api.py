"""Anjali's `thattukada-api` sessions (b01-b15): a Laravel 11 / PHP 8.3 API on MySQL 8 with Pest tests, run with
Sail (Docker in WSL2), Horizon queues on redis in production, deployed with Forge. Times are UTC; Kochi is
UTC+5:30."""

from __future__ import annotations

from fake_output import API, git_commit, pest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "thattukada-api"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=API, project=PROJECT)


ORDER_CONTROLLER = """    public function store(StoreOrderRequest $request): OrderResource
    {
        $order = DB::transaction(function () use ($request) {
            $order = Order::create($request->validated() + ['status' => 'placed']);
            $order->lines()->createMany($request->input('lines'));
            SendOrderReceipt::dispatch($order);
            NotifyKitchen::dispatch($order);

            return $order;
        });

        return new OrderResource($order);
    }"""

QUEUE_CONFIG = """        'redis' => [
            'driver' => 'redis',
            'connection' => env('REDIS_QUEUE_CONNECTION', 'default'),
            'queue' => env('REDIS_QUEUE', 'default'),
            'retry_after' => (int) env('REDIS_QUEUE_RETRY_AFTER', 90),
            'block_for' => null,
            'after_commit' => false,
        ],"""

SHOP_MODEL = """    public function isOpenAt(?Carbon $at = null): bool
    {
        $at ??= now();
        $time = $at->format('H:i');

        return $time >= $this->opens_at && $time < $this->closes_at;
    }"""

MODEL_NOT_FOUND = (
    "Illuminate\\Database\\Eloquent\\ModelNotFoundException: No query results for model [App\\Models\\Order] "
    "{id} in /var/www/html/vendor/laravel/framework/src/Illuminate/Database/Eloquent/Builder.php:637"
)


def b01() -> Session:
    s = new("b01-orders-endpoint", "2027-12-06T09:50:31", "2.1.150", "orders-api", "orders-endpoint-egret")
    s.user(
        "thattukada-api: POST /api/orders venam, lines-um. we go with Laravel Horizon on redis for queues in production.",
        decisions=["we go with Laravel Horizon on redis for queues in production"],
    )
    s.user(
        "Pest മാത്രം, PHPUnit class style tests എഴുതണ്ട",
        rules=[("pest-only", "Pest മാത്രം, PHPUnit class style tests എഴുതണ്ട")],
        after=9,
    )
    s.user(
        "artisan ഒക്കെ sail വഴി മാത്രം ഓടിക്കുക, host php വേണ്ട",
        rules=[("sail-only", "artisan ഒക്കെ sail വഴി മാത്രം ഓടിക്കുക, host php വേണ്ട")],
        after=7,
    )
    s.user(
        "migrations-ൽ down() method എഴുതണം, rollback ചെയ്യാൻ പറ്റണം",
        rules=[("down-methods", "migrations-ൽ down() method എഴുതണം")],
        after=11,
    )
    s.title("Orders endpoint")
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan make:model Order -mf && ./vendor/bin/sail artisan make:request StoreOrderRequest",
            "   INFO  Model [app/Models/Order.php] created successfully.\n   INFO  Factory [database/factories/"
            "OrderFactory.php] created successfully.\n   INFO  Migration [database/migrations/2027_12_06_095412_"
            "create_orders_table.php] created successfully.\n   INFO  Request [app/Http/Requests/StoreOrderRequest.php] "
            "created successfully.",
        ),
    )
    s.act(
        None,
        Write(
            "database/migrations/2027_12_06_095412_create_orders_table.php",
            "return new class extends Migration {\n    public function up(): void\n    {\n        Schema::create('orders', "
            "function (Blueprint $t) {\n            $t->id();\n            $t->foreignId('user_id')->constrained();\n"
            "            $t->string('status');\n            $t->unsignedInteger('total_paise');\n            "
            "$t->timestamps();\n        });\n    }\n\n    public function down(): void\n    {\n        Schema::dropIfExists("
            "'orders');\n    }\n};\n",
        ),
        Write(
            "app/Http/Controllers/OrderController.php",
            ORDER_CONTROLLER.replace(
                "            SendOrderReceipt::dispatch($order);\n            NotifyKitchen::dispatch($order);\n", ""
            ),
        ),
        Write(
            "tests/Feature/OrderTest.php",
            "it('creates an order', function () {\n    $user = User::factory()->create();\n    actingAs($user)->postJson("
            "'/api/orders', ['lines' => [['menu_item_id' => 1, 'qty' => 2]]])->assertCreated();\n});\n",
        ),
    )
    s.act(
        None, Bash("./vendor/bin/sail artisan test", pest_run({"Feature\\OrderTest": ["it creates an order"]}), secs=8)
    )
    s.say("`POST /api/orders` with a FormRequest, a migration with `down()`, and a Pest test; green.")
    s.user("nannayi 👍")
    s.outcome("success", "orders endpoint with migration and Pest test")
    return s


def b02() -> Session:
    s = new("b02-role-middleware", "2027-12-07T10:10:14", "2.1.150", "admin-menu", "role-alias-myna")
    s.user(
        "admin menu CRUD, role:admin middleware vechu. test run cheythappo:\n\n```\nIlluminate\\Contracts\\Container\\"
        "BindingResolutionException: Target class [role] does not exist.\n```"
    )
    s.act(
        None,
        Read(
            ".github/PULL_REQUEST_TEMPLATE.md",
            "## Checklist\n- [ ] Pest green locally\n- [ ] Never merge without a passing Pest run on CI\n- [ ] Migrations reviewed",
        ),
    )
    s.act(
        None, Read("bootstrap/app.php", "    ->withMiddleware(function (Middleware $middleware) {\n        //\n    })")
    )
    s.act(
        "Laravel 11 has no Kernel.php; the alias must be registered in bootstrap/app.php:",
        Edit(
            "bootstrap/app.php",
            "    ->withMiddleware(function (Middleware $middleware) {\n        //\n    })",
            "    ->withMiddleware(function (Middleware $middleware) {\n        $middleware->alias(['role' => "
            "\\App\\Http\\Middleware\\EnsureRole::class]);\n    })",
        ),
    )
    s.user(
        "see app/Http/Resources/MenuItemResource.php, every response goes through a Resource like that, raw model "
        "return cheyyaruthu",
        rules=[
            (
                "api-resources",
                "see app/Http/Resources/MenuItemResource.php, every response goes through a Resource like that",
            )
        ],
    )
    s.act(
        None,
        Read(
            "app/Http/Resources/MenuItemResource.php",
            "    public function toArray(Request $request): array\n    {\n        return ['id' => $this->id, 'name' => $this->name, 'price_paise' => $this->price_paise];\n    }",
        ),
    )
    s.act(
        None,
        Write(
            "app/Http/Controllers/Admin/MenuItemController.php",
            "class MenuItemController\n{\n    public function index(): AnonymousResourceCollection\n    {\n        return MenuItemResource::collection(MenuItem::orderBy('name')->get());\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan test --filter=Admin",
            pest_run({"Feature\\Admin\\MenuItemTest": ["it lists menu items for admins", "it forbids customers"]}),
            secs=7,
        ),
    )
    s.user(
        "locally use database queue driver, keep redis out of sail for now",
        rules=[("db-queue-local", "locally use database queue driver, keep redis out of sail")],
    )
    s.act(None, Edit(".env.example", "QUEUE_CONNECTION=redis", "QUEUE_CONNECTION=database"))
    s.say(
        "Admin routes work behind `role:admin`, responses go through `MenuItemResource`; `.env.example` uses the database queue."
    )
    s.not_person("Never merge without a passing Pest run on CI", "tool_output")
    s.one_off("Laravel 11 'Target class [role] does not exist': middleware alias registered in bootstrap/app.php")
    s.outcome("success", "role middleware alias registered, admin menu endpoints with Resources, tests green")
    return s


def b03() -> Session:
    s = new("b03-receipt-job", "2027-12-08T09:40:50", "2.1.151", "main", "receipt-failed-bittern")
    s.user(
        "staging Horizon-il failed jobs:\n\n```\nApp\\Jobs\\SendOrderReceipt  failed  2027-12-08 14:58:02\n"
        + MODEL_NOT_FOUND.format(id="1042")
        + "\n```\n\nbut order 1042 DB-il und!"
    )
    s.act(None, Read("app/Http/Controllers/OrderController.php", ORDER_CONTROLLER))
    s.act(
        "The job may be picked up while the order is still being written; giving it retries with a backoff:",
        Edit(
            "app/Jobs/SendOrderReceipt.php",
            "class SendOrderReceipt implements ShouldQueue\n{",
            "class SendOrderReceipt implements ShouldQueue\n{\n    public $tries = 5;\n    public $backoff = [2, 5, 10];",
        ),
    )
    s.user("അത് വേണ്ട, retry ഇട്ട് ഒളിപ്പിക്കണ്ട. why is it failing എന്ന് മനസ്സിലാക്കണം")
    s.act(
        None,
        Edit(
            "app/Jobs/SendOrderReceipt.php",
            "class SendOrderReceipt implements ShouldQueue\n{\n    public $tries = 5;\n    public $backoff = [2, 5, 10];",
            "class SendOrderReceipt implements ShouldQueue\n{",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan test --filter=Order",
            pest_run({"Feature\\OrderTest": ["it creates an order", "it sends a receipt"]}),
            secs=6,
        ),
    )
    s.say("Reverted. Locally the tests pass (the queue there is `sync`), so I can't reproduce the failure here.")
    s.user("hmm. പിന്നെ നോക്കാം")
    s.outcome("failed", "SendOrderReceipt fails on staging with ModelNotFoundException; not reproduced, retry reverted")
    s.hit("after-commit")
    return s


def b04() -> Session:
    s = new("b04-closing-time", "2027-12-09T10:20:08", "2.1.151", "shop-hours", "closing-time-nightjar")
    s.user("ShopHours test fail ആവുന്നു, ഇന്നലെ രാവിലെ pass ആയിരുന്നു. code ഒന്നും മാറ്റിയിട്ടില്ല")
    fail = pest_run(
        {"Feature\\ShopHoursTest": ["it accepts orders during opening hours"]},
        [
            (
                "Feature\\ShopHoursTest",
                "it rejects orders after closing time",
                "Expected response status code [422] but received 201.\nFailed asserting that 201 is identical to 422.",
            )
        ],
    )
    s.act(None, Bash("./vendor/bin/sail artisan test --filter=ShopHours", fail, code=1, secs=6))
    s.act(None, Read("app/Models/Shop.php", SHOP_MODEL))
    s.act(
        "The test depends on the wall clock (the Sail container runs in UTC). Freezing time at noon makes it deterministic:",
        Edit(
            "tests/Feature/ShopHoursTest.php",
            "it('rejects orders after closing time', function () {",
            "it('rejects orders after closing time', function () {\n    Carbon::setTestNow('2027-12-09 12:00:00');",
        ),
    )
    s.interrupt()
    s.user("stop stop. test maattanda, real bug aanu ennanu thonnunnath. pinne nokkam")
    s.act(
        None,
        Edit(
            "tests/Feature/ShopHoursTest.php",
            "it('rejects orders after closing time', function () {\n    Carbon::setTestNow('2027-12-09 12:00:00');",
            "it('rejects orders after closing time', function () {",
        ),
    )
    s.say("Reverted; the test still fails at this hour.")
    s.outcome("failed", "closing-time test fails depending on the hour (UTC clock vs IST hours); left red")
    s.hit("shop-timezone")
    return s


def b05() -> Session:
    s = new("b05-forge-php", "2027-12-10T09:55:42", "2.1.151", "main", "forge-deploy-shama")
    s.user(
        "Forge deploy fail:\n\n```\n$ composer install --no-dev --no-interaction --prefer-dist --optimize-autoloader\n"
        "Installing dependencies from lock file\nVerifying lock file contents can be installed on current platform.\n"
        "Your lock file does not contain a compatible set of packages. Please run composer update.\n\n  Problem 1\n"
        "    - Root composer.json requires php ^8.3 but your php version (8.2.26) does not satisfy that requirement.\n```"
    )
    s.say(
        "The server runs PHP 8.2 for this site while composer.json wants ^8.3. In Forge: Site → Meta → PHP "
        "Version → 8.3 (install 8.3 on the server first if it isn't there), then redeploy. Best practice: never "
        "run composer update on the production server."
    )
    s.user("8.3 server-ൽ ഉണ്ട്, site മാത്രം 8.2-ൽ ആയിരുന്നു. മാറ്റി, redeploy ok ✅")
    s.user(
        "lesson: Forge-il site PHP version separate aanu, server default alla, athu orkkanam",
        lessons=["Forge-il site PHP version separate aanu, server default alla, athu orkkanam"],
        after=20,
    )
    s.user(
        "commit messages English-il, conventional commits style — feat:, fix:, chore:",
        rules=[("conventional-commits", "commit messages English-il, conventional commits style")],
        after=15,
    )
    s.act(
        None,
        Bash(
            "git log --oneline -3",
            "8a0c2f1 feat: admin menu endpoints\n77d1e9a feat: orders endpoint\n1b2c3d4 chore: laravel 11 skeleton",
        ),
    )
    s.say("The last commits already follow it; I'll keep `feat:`/`fix:`/`chore:` prefixes.")
    s.not_person(
        "Your lock file does not contain a compatible set of packages. Please run composer update.", "pasted_log"
    )
    s.not_person("Best practice: never run composer update on the production server.", "assistant_text")
    s.one_off("Forge deploy fails: site on PHP 8.2 while composer.json requires ^8.3; site PHP version switched to 8.3")
    s.outcome("success", "Forge site switched to PHP 8.3, deploy OK")
    return s


def b06() -> Session:
    s = new("b06-kitchen-notify", "2027-12-13T10:05:19", "2.1.152", "main", "kitchen-ping-shikra")
    s.user(
        "kitchen tablet-il chila orders varunnilla. Horizon failed jobs:\n\n```\nApp\\Jobs\\NotifyKitchen  "
        "#3318  failed\n" + MODEL_NOT_FOUND.format(id="1187") + "\n#0 /var/www/html/vendor/laravel/framework/src/"
        "Illuminate/Queue/SerializesAndRestoresModelIdentifiers.php(110): ...getQueueableModel\n```"
    )
    s.act(
        None,
        Read(
            "app/Jobs/NotifyKitchen.php",
            "class NotifyKitchen implements ShouldQueue\n{\n    use Dispatchable, InteractsWithQueue, Queueable, SerializesModels;\n\n    public function __construct(public Order $order) {}\n}",
        ),
    )
    s.act(
        "Delaying the dispatch by a couple of seconds gives the order time to be there:",
        Denied(
            Edit(
                "app/Http/Controllers/OrderController.php",
                "            NotifyKitchen::dispatch($order);",
                "            NotifyKitchen::dispatch($order)->delay(now()->addSeconds(3));",
            ),
            "athalla. delay ittal random aayi pinneyum varum",
        ),
    )
    s.say(
        "Understood, no delay. The worker can't find order 1187 when it unserializes the job; I haven't pinned down why yet."
    )
    s.user("ok ഇത് നാളെ")
    s.outcome("failed", "NotifyKitchen fails with ModelNotFoundException for some orders; delay refused; open")
    s.hit("after-commit")
    return s


MENU_IMPORT = """class ImportMenu extends Command
{
    protected $signature = 'menu:import {file}';

    public function handle(): int
    {
        foreach (SimpleExcelReader::create($this->argument('file'))->getRows() as $row) {
            MenuItem::updateOrCreate(['sku' => $row['sku']], ['name' => $row['name'], 'price_paise' => (int) round($row['price'] * 100)]);
        }

        return self::SUCCESS;
    }
}"""


def b07() -> Session:
    s = new("b07-menu-import", "2027-12-14T09:30:26", "2.1.152", "menu-import", "csv-import-barbet")
    s.user("client oru CSV menu ayachu, 140 items. artisan command menu:import undakku, prices rupees-il aanu CSV-il")
    s.act(
        None,
        Bash(
            "./vendor/bin/sail composer require spatie/simple-excel",
            "Using version ^3.7 for spatie/simple-excel\n./composer.json has been updated\n  - Installing spatie/simple-excel (3.7.1)",
            secs=14,
        ),
    )
    s.act(None, Write("app/Console/Commands/ImportMenu.php", MENU_IMPORT))
    s.act(None, Denied(Bash("php artisan menu:import storage/app/menu.csv")))
    s.user(
        "njan paranjathalle, sail vazhi mathram artisan",
        rules=[("sail-only", "njan paranjathalle, sail vazhi mathram artisan")],
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan menu:import storage/app/menu.csv && ./vendor/bin/sail artisan tinker --execute='echo App\\Models\\MenuItem::count();'",
            "140",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Anjali asked for an artisan command to import the client's CSV menu.\n"
        "Summary:\n1. app/Console/Commands/ImportMenu.php (menu:import, rupees -> paise, updateOrCreate by sku).\n"
        "2. 140 items imported through sail.\n3. Always seed the menu with php artisan db:seed --class=MenuSeeder "
        "before running tests.\nPending: a Pest test for the import.",
        97300,
        6900,
    )
    s.user("ഇനി ഒരു Pest test import-ന്")
    s.act(
        None,
        Write(
            "tests/Feature/ImportMenuTest.php",
            "it('imports prices in paise', function () {\n    $this->artisan('menu:import', ['file' => base_path("
            "'tests/fixtures/menu.csv')])->assertSuccessful();\n    expect(MenuItem::firstWhere('sku', 'POR-01')->"
            "price_paise)->toBe(1500);\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan test --filter=ImportMenu",
            pest_run({"Feature\\ImportMenuTest": ["it imports prices in paise"]}),
            secs=6,
        ),
    )
    s.say("Import test passes: ₹15.00 becomes 1500 paise.")
    s.user("👍 kollam")
    s.not_person(
        "Always seed the menu with php artisan db:seed --class=MenuSeeder before running tests.", "compaction_summary"
    )
    s.outcome("success", "menu:import command imports 140 items; Pest test green")
    return s


def b08() -> Session:
    s = new("b08-open-at-night", "2027-12-15T10:15:03", "2.1.153", "main", "open-late-owlet")
    s.user(
        "രാത്രി 10 കഴിഞ്ഞിട്ടും app-ൽ കട 'Open' എന്ന് കാണിക്കുന്നു, പിന്നെ രാവിലെ 7 മുതൽ 11 വരെ 'Closed'. "
        "kada 8 to 10 aanu. enthaa ith?"
    )
    s.say(
        "That looks like a five-and-a-half-hour shift: the shop hours are Kochi times, but the API's clock runs "
        "in UTC (`config/app.php` timezone), so `isOpenAt()` compares a UTC time against IST hours. I'd check "
        "`Shop::isOpenAt` and `now()` there."
    )
    s.turn_done()
    s.user("ശരി, ഇപ്പോ സമയം ഇല്ല, പിന്നെ")
    s.outcome("unknown", "shop shows open at night and closed in the morning, described in words; explained only")
    s.hit("shop-timezone")
    return s


def b09() -> Session:
    s = new("b09-receipt-random", "2027-12-16T09:45:37", "2.1.153", "main", "random-receipt-pipit")
    s.user("ചില orders-ന് receipt mail പോകുന്നില്ല, random ആണ്. Horizon-ൽ retry ചെയ്താൽ പോകും. same issue aano?")
    s.say(
        "Probably the same as SendOrderReceipt / NotifyKitchen before: a `ModelNotFoundException` when the job "
        "starts, and a retry succeeds because by then the order exists. The jobs are dispatched inside the "
        "`DB::transaction` in `OrderController::store`, which is where I'd look."
    )
    s.turn_done()
    s.user("ok. innu release und, ithu next week")
    s.outcome("unknown", "random missing receipt mails described in words; same root suspected, nothing changed")
    s.hit("after-commit")
    return s


def b10() -> Session:
    s = new("b10-daily-report", "2027-12-17T10:00:12", "2.1.154", "reports", "sales-report-starling")
    s.user(
        "daily sales report thettanu. innale rathri 11 mani order innathe total-il kidakkunnu:\n\n```\n$ sail artisan "
        "report:daily --date=2027-12-16\nDate        Orders   Total (₹)\n2027-12-16  38       9,420.00\n```\n"
        "shop-il 47 orders undayirunnu"
    )
    s.act(
        None,
        Read(
            "app/Console/Commands/DailyReport.php",
            "        $orders = Order::whereDate('created_at', $this->option('date'))->get();",
        ),
    )
    s.act(
        "MySQL's session time zone is UTC; setting the database to IST would make whereDate line up:",
        Denied(
            Edit(
                "docker-compose.yml",
                "            MYSQL_ROOT_PASSWORD: '${DB_PASSWORD}'",
                "            MYSQL_ROOT_PASSWORD: '${DB_PASSWORD}'\n            TZ: 'Asia/Kolkata'",
            ),
            "venda, DB timezone thodanda. production RDS-il athu pattilla",
        ),
    )
    s.say(
        "Left the database alone. The report groups by the UTC date, so orders after 18:30 IST fall into the next day."
    )
    s.user("ok, ഇത് ഇപ്പോ fix ആക്കണ്ട, Arun-നെ കൊണ്ട് report നോക്കിക്കാം")
    s.outcome("failed", "daily report splits days at UTC midnight; DB timezone change refused; not fixed")
    s.hit("shop-timezone")
    return s


def list_dispatches(child: Session) -> None:
    child.act(
        None,
        Grep(
            "::dispatch\\(",
            [
                "app/Http/Controllers/OrderController.php:17:            SendOrderReceipt::dispatch($order);",
                "app/Http/Controllers/OrderController.php:18:            NotifyKitchen::dispatch($order);",
                "app/Services/StockService.php:31:            UpdateStockLevels::dispatch($order);",
            ],
            mode="content",
        ),
    )
    child.act(None, Read("config/queue.php", QUEUE_CONFIG, offset=66, total=112))
    child.say(
        "Three dispatches inside DB::transaction closures: OrderController.php:17-18 and StockService.php:31. "
        "config/queue.php redis connection has 'after_commit' => false, so the jobs are pushed before the "
        "transaction commits."
    )


def b11() -> Session:
    s = new("b11-after-commit-fix", "2027-12-20T09:35:45", "2.1.155", "queue-after-commit", "after-commit-bulbul")
    s.user(
        "puthiya stock job-um fail:\n\n```\nApp\\Jobs\\UpdateStockLevels  failed\n"
        + MODEL_NOT_FOUND.format(id="1402")
        + "\n```\n\nreceipt, kitchen, ippo stock. ithinte root onnu kandupidichu fix cheyyu"
    )
    s.act(
        "Listing every dispatch and the queue config:",
        Agent(
            "List job dispatches in transactions",
            "In this Laravel app, list every Job::dispatch call that runs inside a DB::transaction closure, and "
            "show the after_commit setting of the redis queue connection in config/queue.php. Report file:line.",
            "general-purpose",
            list_dispatches,
        ),
    )
    s.act(
        "Root cause: the jobs are pushed to redis inside the transaction, and a Horizon worker can pick one up "
        "before the commit, so `Order` 1402 isn't visible yet. Locally the `database`/`sync` queue hid it. Making "
        "the redis connection wait for the commit:",
        Edit("config/queue.php", "            'after_commit' => false,", "            'after_commit' => true,"),
    )
    s.act(
        None,
        Write(
            "tests/Feature/OrderJobsTest.php",
            "it('dispatches order jobs only after commit', function () {\n    Queue::fake();\n    DB::transaction("
            "fn () => actingAs(User::factory()->create())->postJson('/api/orders', validOrder()));\n    "
            "Queue::assertPushed(SendOrderReceipt::class);\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan test",
            pest_run(
                {
                    "Feature\\OrderTest": ["it creates an order", "it sends a receipt"],
                    "Feature\\OrderJobsTest": ["it dispatches order jobs only after commit"],
                }
            ),
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: dispatch queued jobs after commit'",
            git_commit("queue-after-commit", "5f9a2c4", "fix: dispatch queued jobs after commit", 2, 11, 1),
        ),
    )
    s.say(
        "`'after_commit' => true` on the redis connection; tests green, committed `5f9a2c4`. Deploy and the three jobs stop failing."
    )
    s.user(
        "deploy cheythu, staging-il 20 orders ittu, onnum fail aayilla 🎉 turns out jobs dispatched inside a "
        "transaction can run before the commit.",
        lessons=["turns out jobs dispatched inside a transaction can run before the commit"],
    )
    s.outcome("success", "queue redis connection after_commit true; no more ModelNotFoundException on staging")
    s.hit("after-commit", fixed=True)
    return s


def b12() -> Session:
    s = new("b12-timezone-fix", "2027-12-21T10:10:20", "2.1.155", "shop-timezone", "ist-clock-hoopoe")
    fail = pest_run(
        {"Feature\\ShopHoursTest": ["it accepts orders during opening hours"]},
        [
            (
                "Feature\\ShopHoursTest",
                "closes at 22:00 IST",
                "Failed asserting that true is false.\n  at tests/Feature/ShopHoursTest.php:31",
            )
        ],
    )
    s.user(
        "renamed test um fail: ShopHoursTest › closes at 22:00 IST. open/closed, report, ellam ore prashnam alle? "
        "UTC vs IST. fix it properly\n\n```" + fail + "\n```"
    )
    s.act(None, Read("config/app.php", "    'timezone' => 'UTC',", offset=68, total=140))
    s.act(
        "Keep storage in UTC, and add the shop's own time zone for everything that talks about the shop's day:",
        Edit(
            "config/app.php",
            "    'timezone' => 'UTC',",
            "    'timezone' => 'UTC',\n\n    'shop_timezone' => 'Asia/Kolkata',",
        ),
    )
    s.act(
        None,
        Edit(
            "app/Models/Shop.php",
            "        $at ??= now();",
            "        $at = ($at ?? now())->setTimezone(config('app.shop_timezone'));",
        ),
    )
    s.act(
        None,
        Edit(
            "app/Console/Commands/DailyReport.php",
            "        $orders = Order::whereDate('created_at', $this->option('date'))->get();",
            "        $day = Carbon::parse($this->option('date'), config('app.shop_timezone'));\n        $orders = "
            "Order::whereBetween('created_at', [$day->copy()->startOfDay()->utc(), $day->copy()->endOfDay()->utc()])->get();",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan test --filter='ShopHours|DailyReport'",
            pest_run(
                {
                    "Feature\\ShopHoursTest": ["it accepts orders during opening hours", "closes at 22:00 IST"],
                    "Feature\\DailyReportTest": ["it counts a 23:00 IST order on its own day"],
                }
            ),
            secs=7,
        ),
    )
    s.say("Shop hours and the report now use `shop_timezone` (Asia/Kolkata); storage stays UTC. Tests green.")
    s.user(
        "പഠിച്ചത്: DB UTC-ൽ തന്നെ വെക്കണം, കാണിക്കുമ്പോഴും compare ചെയ്യുമ്പോഴും മാത്രം IST. commit",
        lessons=["DB UTC-ൽ തന്നെ വെക്കണം, കാണിക്കുമ്പോഴും compare ചെയ്യുമ്പോഴും മാത്രം IST"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: shop hours and reports in Asia/Kolkata'",
            git_commit("shop-timezone", "d28e61b", "fix: shop hours and reports in Asia/Kolkata", 4, 19, 3),
        ),
    )
    s.say("Committed `d28e61b`.")
    s.outcome("success", "shop_timezone Asia/Kolkata for hours and reports, storage UTC; tests green")
    s.hit("shop-timezone", fixed=True)
    return s


def b13() -> Session:
    s = new("b13-forward-only", "2027-12-22T09:50:58", "2.1.156", "coupons", "coupon-table-minivet")
    s.user(
        "coupons table venam: code, percent, valid_until. Arun paranju ini muthal down() ezhuthanda, forward-only "
        "migrations mathi, production-il rollback cheyyarilla",
        rules=[("forward-only", "ini muthal down() ezhuthanda, forward-only migrations mathi", "down-methods")],
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan make:migration create_coupons_table",
            "   INFO  Migration [database/migrations/2027_12_22_095312_create_coupons_table.php] created successfully.",
        ),
    )
    s.act(
        None,
        Write(
            "database/migrations/2027_12_22_095312_create_coupons_table.php",
            "return new class extends Migration {\n    public function up(): void\n    {\n        Schema::create('coupons', "
            "function (Blueprint $t) {\n            $t->id();\n            $t->string('code')->unique();\n            "
            "$t->unsignedTinyInteger('percent');\n            $t->date('valid_until');\n            $t->timestamps();\n"
            "        });\n    }\n};\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan migrate",
            "   INFO  Running migrations.\n  2027_12_22_095312_create_coupons_table .......... 18.42ms DONE",
        ),
    )
    s.say("Coupons table migrated, up() only.")
    s.user("👍")
    s.outcome("success", "coupons table, forward-only migration")
    return s


def b14() -> Session:
    s = new("b14-redis-local", "2027-12-23T10:00:06", "2.1.156", "sail-redis", "horizon-local-roller")
    s.user(
        "Arun wants horizon locally to, so QUEUE_CONNECTION=redis in .env.example from today, sail-il redis service add cheyyu",
        rules=[
            (
                "redis-local",
                "Arun wants horizon locally to, so QUEUE_CONNECTION=redis in .env.example from today",
                "db-queue-local",
            )
        ],
    )
    s.act(
        None,
        Bash("./vendor/bin/sail artisan sail:add redis", "   INFO  Additional Sail services installed successfully."),
    )
    s.act(None, Edit(".env.example", "QUEUE_CONNECTION=database", "QUEUE_CONNECTION=redis\nREDIS_HOST=redis"))
    s.act(
        None,
        Bash(
            "./vendor/bin/sail up -d && ./vendor/bin/sail artisan horizon:status",
            "   INFO  Horizon is running.",
            secs=25,
        ),
    )
    s.say("Sail has a redis service, `.env.example` uses the redis queue, and Horizon runs locally.")
    s.user("kollam, thanks")
    s.outcome("success", "redis added to Sail, local queue on redis, Horizon running")
    return s


def b15() -> Session:
    s = new("b15-zero-downtime", "2027-12-24T09:30:22", "2.1.156", "main", "forge-question-iora")
    s.user(
        "Forge-il eppozhum zero downtime deploy aano? Envoyer venda ennu thonnunnu",
        non_rules=["Forge-il eppozhum zero downtime deploy aano?"],
    )
    s.say(
        "Not by default: Forge's classic deploy script runs in place. Newer Forge sites can turn on zero-downtime "
        "deployments (releases folder with a symlink swap) per site; for older sites it's Envoyer or a custom script."
    )
    s.turn_done()
    s.user("ശരി, നോക്കട്ടെ")
    s.outcome("unknown", "a Forge question answered; nothing else happened")
    return s


SESSIONS = [b01, b02, b03, b04, b05, b06, b07, b08, b09, b10, b11, b12, b13, b14, b15]
