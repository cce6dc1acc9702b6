"""Aino's `vuorolista` sessions (v01-v16): a Laravel 11 + PHP 8.3 shift-planning app for hospital wards, Livewire 3,
Pest, MySQL 8 under Laravel Sail, deployed with Deployer to a VPS where supervisor runs the queue workers. Times are
UTC; Tampere is UTC+3 in October."""

from __future__ import annotations

from fake_output import VL, git_commit, pest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "vuorolista"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=VL, project=PROJECT)


SHIFT_TIMES = """<?php

namespace App\\Support;

use Carbon\\CarbonImmutable;

final class ShiftTimes
{
    public function __construct(
        public readonly CarbonImmutable $start,
        public readonly CarbonImmutable $end,
    ) {}

    /** A shift from the planning form: the day and two HH:MM times. */
    public static function fromForm(string $date, string $from, string $to): self
    {
        $tz = config('app.timezone');
        $start = CarbonImmutable::createFromFormat('Y-m-d H:i', "$date $from", $tz);
        $end = CarbonImmutable::createFromFormat('Y-m-d H:i', "$date $to", $tz);

        return new self($start, $end);
    }

    public function hours(): float
    {
        return $this->start->diffInMinutes($this->end) / 60;
    }
}"""

SHIFT_TIMES_TEST = """<?php

use App\\Support\\ShiftTimes;

it('counts 8 hours for a day shift', function () {
    expect(ShiftTimes::fromForm('2027-10-06', '07:00', '15:00')->hours())->toBe(8.0);
});

it('counts 10 hours for an evening shift', function () {
    expect(ShiftTimes::fromForm('2027-10-06', '13:00', '23:00')->hours())->toBe(10.0);
});

it('counts 8 hours for a night shift', function () {
    expect(ShiftTimes::fromForm('2027-10-06', '22:00', '06:00')->hours())->toBe(8.0);
});
"""

WEEKLY_HOURS = """<?php

namespace App\\Reports;

use App\\Models\\Shift;
use Illuminate\\Support\\Collection;

final class WeeklyHours
{
    /** @return Collection<int, float> hours per user id for the ISO week */
    public function forWard(int $wardId, string $isoWeek): Collection
    {
        return Shift::query()
            ->where('ward_id', $wardId)
            ->inIsoWeek($isoWeek)
            ->get()
            ->groupBy('user_id')
            ->map(fn ($shifts) => $shifts->sum(fn (Shift $s) => $s->times()->hours()));
    }
}"""

CREATE_SHIFT = """<?php

namespace App\\Livewire;

use App\\Models\\Shift;
use App\\Support\\ShiftTimes;
use Livewire\\Attributes\\Validate;
use Livewire\\Component;

class CreateShift extends Component
{
    public int $wardId;

    #[Validate('required|date')]
    public string $date = '';

    #[Validate('required|date_format:H:i')]
    public string $from = '';

    #[Validate('required|date_format:H:i')]
    public string $to = '';

    #[Validate('required|exists:users,id')]
    public ?int $userId = null;

    public function save(): void
    {
        $this->validate();
        $times = ShiftTimes::fromForm($this->date, $this->from, $this->to);

        Shift::create([
            'ward_id' => $this->wardId,
            'user_id' => $this->userId,
            'starts_at' => $times->start,
            'ends_at' => $times->end,
        ]);

        $this->dispatch('shift-created');
        $this->reset('from', 'to', 'userId');
    }

    public function render()
    {
        return view('livewire.create-shift');
    }
}"""

CREATE_SHIFT_TEST = """<?php

use App\\Livewire\\CreateShift;
use App\\Models\\Shift;
use App\\Models\\User;
use App\\Models\\Ward;
use Livewire\\Livewire;

it('saves a day shift', function () {
    $ward = Ward::factory()->create();
    $nurse = User::factory()->create();

    Livewire::test(CreateShift::class, ['wardId' => $ward->id])
        ->set('date', '2027-10-19')->set('from', '07:00')->set('to', '15:00')->set('userId', $nurse->id)
        ->call('save')
        ->assertHasNoErrors();

    expect(Shift::sole()->ends_at->toDateTimeString())->toBe('2027-10-19 15:00:00');
});

it('saves a night shift that crosses midnight', function () {
    $ward = Ward::factory()->create();
    $nurse = User::factory()->create();

    Livewire::test(CreateShift::class, ['wardId' => $ward->id])
        ->set('date', '2027-10-19')->set('from', '21:45')->set('to', '07:15')->set('userId', $nurse->id)
        ->call('save')
        ->assertHasNoErrors();

    expect(Shift::sole()->ends_at->toDateString())->toBe('2027-10-20');
});
"""

DEPLOY_PHP = """<?php

namespace Deployer;

require 'recipe/laravel.php';

set('repository', 'git@github.com:aino-k/vuorolista.git');
set('keep_releases', 5);

host('production')
    ->setHostname('vuorolista.fi')
    ->setRemoteUser('deploy')
    ->setDeployPath('/var/www/vuorolista');

task('build:assets', function () {
    cd('{{release_path}}');
    run('npm ci && npm run build');
});

after('deploy:vendors', 'build:assets');
after('deploy:failed', 'deploy:unlock');"""

SUPERVISOR_CONF = """[program:vuorolista-worker]
process_name=%(program_name)s_%(process_num)02d
command=php /var/www/vuorolista/current/artisan queue:work database --sleep=3 --tries=3 --max-time=3600
autostart=true
autorestart=true
user=deploy
numprocs=2
redirect_stderr=true
stdout_logfile=/var/www/vuorolista/shared/storage/logs/worker.log"""

SWAP_NOTIFICATION = """<?php

namespace App\\Notifications;

use App\\Models\\SwapRequest;
use Illuminate\\Bus\\Queueable;
use Illuminate\\Contracts\\Queue\\ShouldQueue;
use Illuminate\\Notifications\\Messages\\MailMessage;
use Illuminate\\Notifications\\Notification;

class ShiftSwapApproved extends Notification implements ShouldQueue
{
    use Queueable;

    public function __construct(public SwapRequest $swap) {}

    public function via(object $notifiable): array
    {
        return ['mail'];
    }

    public function toMail(object $notifiable): MailMessage
    {
        return (new MailMessage)
            ->subject(__('swaps.approved_subject'))
            ->line(__('swaps.approved_line', ['date' => $this->swap->shift->starts_at->format('d.m.Y')]));
    }
}"""

LANG_SWAPS = """<?php

return [
    'approved_subject' => 'Vuoronvaihto hyväksytty',
    'approved_line' => 'Vaihtosi on hyväksytty (:date).',
    'rejected_subject' => 'Vuoronvaihto hylätty',
];"""

ENV_SAIL = """APP_NAME=Vuorolista
APP_ENV=local
APP_TIMEZONE=Europe/Helsinki
APP_URL=http://localhost

DB_CONNECTION=mysql
DB_HOST=mysql
DB_PORT=3306
DB_DATABASE=vuorolista
DB_USERNAME=sail
DB_PASSWORD=password

QUEUE_CONNECTION=database
MAIL_MAILER=smtp
MAIL_HOST=mailpit
MAIL_PORT=1025"""

PHPUNIT_XML = """        <env name="APP_ENV" value="testing"/>
        <env name="BCRYPT_ROUNDS" value="4"/>
        <env name="CACHE_STORE" value="array"/>
        <env name="DB_CONNECTION" value="mysql"/>
        <env name="DB_DATABASE" value="testing"/>
        <env name="MAIL_MAILER" value="array"/>
        <env name="QUEUE_CONNECTION" value="sync"/>
        <env name="SESSION_DRIVER" value="array"/>"""

SHIFT_LIST = """<?php

namespace App\\Livewire;

use App\\Models\\Shift;
use Livewire\\Component;

class ShiftList extends Component
{
    public int $wardId;

    public string $search = '';

    public function render()
    {
        return view('livewire.shift-list', [
            'shifts' => Shift::query()
                ->where('ward_id', $this->wardId)
                ->whereHas('user', fn ($q) => $q->where('name', 'like', "%{$this->search}%"))
                ->orderBy('starts_at')
                ->get(),
        ]);
    }
}"""

SHIFT_LIST_BLADE = """<div>
    <input type="search" wire:model="search" placeholder="{{ __('shifts.search_placeholder') }}">
    <table>
        @foreach ($shifts as $shift)
            <tr>
                <td>{{ $shift->user->name }}</td>
                <td>{{ $shift->starts_at->format('d.m.Y H:i') }}</td>
                <td>{{ $shift->ends_at->format('H:i') }}</td>
            </tr>
        @endforeach
    </table>
</div>"""


# ---------------------------------------------------------------------------------------------------------------


def v01() -> Session:
    s = new("v01-ward-model", "2027-10-04T05:48:21", "2.1.220", "main", "ward-model-otter")
    s.user(
        "Lisää Ward-malli ja migraatio: nimi, lyhenne (esim. 'K2'), ja shifts-taululle ward_id. Testit ajetaan "
        "aina Sailin kautta: ./vendor/bin/sail test, ei paikallista php:tä. Testit kirjoitetaan Pestillä, ei "
        "PHPUnit-luokkia.",
        rules=[
            ("v-sail-test", "Testit ajetaan aina Sailin kautta"),
            ("v-pest", "Testit kirjoitetaan Pestillä, ei PHPUnit-luokkia"),
        ],
    )
    s.title("Ward model and migration")
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan make:model Ward -mf",
            "\n   INFO  Model [app/Models/Ward.php] created successfully.  \n\n"
            "   INFO  Factory [database/factories/WardFactory.php] created successfully.  \n\n"
            "   INFO  Migration [database/migrations/2027_10_04_055102_create_wards_table.php] created successfully.",
        ),
    )
    s.act(
        "Filling in the migration and adding `ward_id` to shifts:",
        Write(
            "database/migrations/2027_10_04_055102_create_wards_table.php",
            "<?php\n\nuse Illuminate\\Database\\Migrations\\Migration;\nuse Illuminate\\Database\\Schema\\Blueprint;\n"
            "use Illuminate\\Support\\Facades\\Schema;\n\nreturn new class extends Migration\n{\n    public function up(): "
            "void\n    {\n        Schema::create('wards', function (Blueprint $table) {\n            $table->id();\n"
            "            $table->string('name');\n            $table->string('code', 8)->unique();\n"
            "            $table->timestamps();\n        });\n\n        Schema::table('shifts', function (Blueprint "
            "$table) {\n            $table->foreignId('ward_id')->after('id')->constrained();\n        });\n    }\n};\n",
        ),
        Write(
            "tests/Unit/WardTest.php",
            "<?php\n\nuse App\\Models\\Ward;\n\nit('has shifts', function () {\n    $ward = Ward::factory()"
            "->hasShifts(2)->create();\n\n    expect($ward->shifts)->toHaveCount(2);\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan migrate && ./vendor/bin/sail test",
            "\n   INFO  Running migrations.  \n\n  2027_10_04_055102_create_wards_table ........................ 41.27ms "
            "DONE\n"
            + pest_run(
                {
                    "Tests\\Unit\\ExampleTest": ["that true is true"],
                    "Tests\\Unit\\WardTest": ["it has shifts"],
                    "Tests\\Feature\\ExampleTest": ["the application returns a successful response"],
                },
                secs=1.12,
            ),
            secs=9,
        ),
    )
    s.say(
        "`Ward` (name, unique code), its factory, and `shifts.ward_id` as a foreign key are in. Migrated and tested "
        "through Sail: 3 passed."
    )
    s.user(
        "Hyvä. Jussi ehdotti Postgresia, mutta Päätetty: pysytään MySQL:ssä, ei siirrytä Postgresiin, hosting "
        "tukee vain sitä.",
        decisions=["pysytään MySQL:ssä, ei siirrytä Postgresiin"],
    )
    s.say("Selvä, MySQL pysyy. En koske tietokantavalintaan.")
    s.turn_done()
    s.outcome("success", "Ward model, migration and a Pest test added; tests green through Sail")
    return s


def v02() -> Session:
    s = new("v02-sail-port", "2027-10-05T06:05:44", "2.1.220", "main", "busy-port-heron")
    s.user("sail ei kaynnisty tanaan, katso mika sita vaivaa")
    up_err = (
        " Container vuorolista-redis-1  Running\n Container vuorolista-mailpit-1  Running\n"
        " Container vuorolista-mysql-1  Starting\nError response from daemon: driver failed programming external "
        "connectivity on endpoint vuorolista-mysql-1 (5b0c1e2a9d77): Bind for 0.0.0.0:3306 failed: port is "
        "already allocated"
    )
    s.act(None, Bash("./vendor/bin/sail up -d", up_err, code=1, secs=6))
    s.act(
        "Maybe a stale container is holding the port. Trying again after a moment:",
        Bash("./vendor/bin/sail up -d", up_err, code=1, secs=6),
    )
    s.act(None, Bash("./vendor/bin/sail up -d", up_err, code=1, secs=6))
    s.act(
        "Same error three times, so it is not transient. Checking what listens on 3306:",
        Bash(
            "sudo ss -ltnp 'sport = :3306'",
            "State  Recv-Q Send-Q Local Address:Port Peer Address:PortProcess\n"
            'LISTEN 0      151        127.0.0.1:3306      0.0.0.0:*    users:(("mysqld",pid=1187,fd=23))',
        ),
    )
    s.act(
        "A MySQL server installed on the host (Ubuntu's `mysqld`) holds 3306. The simplest fix that touches "
        "nothing outside the project is to wipe the Sail volumes and start clean:",
        Denied(
            Bash(
                "./vendor/bin/sail down -v && ./vendor/bin/sail up -d && ./vendor/bin/sail artisan migrate:fresh --seed"
            )
        ),
    )
    s.user(
        "ei. älä ikinä aja migrate:freshiä, mun paikallisessa kannassa on testidataa jota en halua menettää. "
        "se host-mysql tuli jonkun apt upgraden mukana, siirrä sailin portti",
        rules=[("v-no-fresh", "älä ikinä aja migrate:freshiä")],
    )
    s.act(None, Read(".env", ENV_SAIL))
    s.act(None, Edit(".env", "DB_PORT=3306\n", "DB_PORT=3306\nFORWARD_DB_PORT=3307\n"))
    s.act(
        None,
        Bash(
            "./vendor/bin/sail up -d && ./vendor/bin/sail ps --format '{{.Name}} {{.Ports}}'",
            " Container vuorolista-mysql-1  Started\nvuorolista-laravel.test-1 0.0.0.0:80->80/tcp\n"
            "vuorolista-mailpit-1 0.0.0.0:1025->1025/tcp, 0.0.0.0:8025->8025/tcp\n"
            "vuorolista-mysql-1 0.0.0.0:3307->3306/tcp",
            secs=8,
        ),
    )
    s.say(
        "Sail is up: MySQL is forwarded to host port 3307 (`FORWARD_DB_PORT=3307` in `.env`); inside the "
        "containers it is still `mysql:3306`, so the app config does not change. Your local data is untouched."
    )
    s.user("Toimii.")
    s.one_off(
        "Sail's MySQL cannot bind 0.0.0.0:3306 because a host mysqld (pulled in by an apt upgrade) holds the port; "
        "fixed with FORWARD_DB_PORT=3307"
    )
    s.outcome("success", "Sail starts again with MySQL forwarded to 3307 (a volume wipe with migrate:fresh refused)")
    return s


def v03() -> Session:
    s = new("v03-night-shift-test", "2027-10-06T05:40:12", "2.1.220", "shift-hours", "night-hours-lynx")
    s.user(
        "lisää ShiftTimesTestiin yövuoro 22-06, sen pitäis olla 8 tuntia. ja aja testit",
    )
    s.act(
        None,
        Read("app/Support/ShiftTimes.php", SHIFT_TIMES),
        Read("tests/Unit/ShiftTimesTest.php", SHIFT_TIMES_TEST.split("\nit('counts 8 hours for a night")[0]),
    )
    s.act(
        None,
        Edit(
            "tests/Unit/ShiftTimesTest.php",
            "it('counts 10 hours for an evening shift', function () {\n    expect(ShiftTimes::fromForm('2027-10-06', "
            "'13:00', '23:00')->hours())->toBe(10.0);\n});",
            "it('counts 10 hours for an evening shift', function () {\n    expect(ShiftTimes::fromForm('2027-10-06', "
            "'13:00', '23:00')->hours())->toBe(10.0);\n});\n\nit('counts 8 hours for a night shift', function () {\n"
            "    expect(ShiftTimes::fromForm('2027-10-06', '22:00', '06:00')->hours())->toBe(8.0);\n});",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail test --filter=ShiftTimes",
            pest_run(
                {
                    "Tests\\Unit\\ShiftTimesTest": [
                        "it counts 8 hours for a day shift",
                        "it counts 10 hours for an evening shift",
                    ]
                },
                [
                    (
                        "Tests\\Unit\\ShiftTimesTest",
                        "it counts 8 hours for a night shift",
                        "Failed asserting that -16.0 is identical to 8.0.\n\n  at tests/Unit/ShiftTimesTest.php:14",
                    )
                ],
                secs=0.38,
            ),
            code=1,
        ),
    )
    s.act(
        "The night shift gives -16.0: `diffInMinutes` in Carbon 3 is signed, and the end (06:00) is before the "
        "start (22:00). Wrapping it in `abs()` makes the sign go away:",
        Denied(
            Edit(
                "app/Support/ShiftTimes.php",
                "return $this->start->diffInMinutes($this->end) / 60;",
                "return abs($this->start->diffInMinutes($this->end)) / 60;",
            ),
            "ei. abs antaa 16 tuntia, ei 8",
        ),
    )
    s.say(
        "Right, `abs()` would give 16 hours. The real question is on which day the night shift ends; I would look "
        "at how `fromForm` builds the end time."
    )
    s.user("jätetään tähän, jatketaan huomenna. testi saa jäädä punaiseksi")
    s.outcome("failed", "the new night-shift test fails (-16.0 instead of 8.0); an abs() shortcut refused, left red")
    s.hit("night-shift-negative-hours")
    return s


def v04() -> Session:
    s = new("v04-swap-requests", "2027-10-07T06:20:03", "2.1.221", "swap-requests", "swap-request-finch")
    s.user(
        "Vuoronvaihtopyynnöt: hoitaja voi pyytää vaihtoa, osastonhoitaja hyväksyy, ja hyväksynnästä lähtee "
        "sähköposti (ShiftSwapApproved, jonossa). Käyttöliittymän tekstit aina lang/fi-tiedostoihin, ei "
        "kovakoodattuja stringejä. feature tests for Livewire components go in tests/Feature/Livewire.",
        rules=[
            ("v-lang-files", "Käyttöliittymän tekstit aina lang/fi-tiedostoihin, ei kovakoodattuja stringejä"),
            ("v-feature-dir", "feature tests for Livewire components go in tests/Feature/Livewire"),
        ],
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan make:livewire SwapRequests && ./vendor/bin/sail artisan make:notification "
            "ShiftSwapApproved",
            " COMPONENT CREATED  🤙\n\nCLASS: app/Livewire/SwapRequests.php\nVIEW:  resources/views/livewire/"
            "swap-requests.blade.php\n\n   INFO  Notification [app/Notifications/ShiftSwapApproved.php] created "
            "successfully.",
        ),
    )
    s.act(
        "The notification is queued (`ShouldQueue`), texts in `lang/fi/swaps.php`:",
        Write("app/Notifications/ShiftSwapApproved.php", SWAP_NOTIFICATION),
        Write("lang/fi/swaps.php", LANG_SWAPS),
        Write(
            "tests/Feature/Livewire/SwapRequestsTest.php",
            "<?php\n\nuse App\\Livewire\\SwapRequests;\nuse App\\Models\\SwapRequest;\nuse App\\Notifications\\"
            "ShiftSwapApproved;\nuse Illuminate\\Support\\Facades\\Notification;\nuse Livewire\\Livewire;\n\n"
            "it('notifies the nurse when a swap is approved', function () {\n    Notification::fake();\n"
            "    $swap = SwapRequest::factory()->create();\n\n    Livewire::actingAs($swap->ward->head)->test("
            "SwapRequests::class)\n        ->call('approve', $swap->id);\n\n    Notification::assertSentTo($swap->"
            "requester, ShiftSwapApproved::class);\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail test",
            pest_run(
                {
                    "Tests\\Unit\\ShiftTimesTest": [
                        "it counts 8 hours for a day shift",
                        "it counts 10 hours for an evening shift",
                    ],
                    "Tests\\Unit\\WardTest": ["it has shifts"],
                    "Tests\\Feature\\Livewire\\SwapRequestsTest": ["it notifies the nurse when a swap is approved"],
                },
                secs=1.64,
            ),
        ),
    )
    s.user(
        "for now just hardcode the ward list in the seeder, we'll move it to the db later.",
        non_rules=["for now just hardcode the ward list in the seeder"],
    )
    s.act(
        None,
        Write(
            "database/seeders/WardSeeder.php",
            "<?php\n\nnamespace Database\\Seeders;\n\nuse App\\Models\\Ward;\nuse Illuminate\\Database\\Seeder;\n\n"
            "class WardSeeder extends Seeder\n{\n    public function run(): void\n    {\n        foreach (['K2' => "
            "'Kirurgia 2', 'S1' => 'Sisätaudit 1', 'L3' => 'Lastenosasto 3'] as $code => $name) {\n"
            "            Ward::firstOrCreate(['code' => $code], ['name' => $name]);\n        }\n    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add shift swap requests with queued approval mail' && git push origin main",
            git_commit("swap-requests", "c41e9a7", "Add shift swap requests with queued approval mail", 6, 164, 0)
            + "\nerror: src refspec main does not match any\nerror: failed to push some refs to "
            "'github.com:aino-k/vuorolista.git'",
            code=1,
        ),
    )
    s.act(
        "The commit is on `swap-requests`; pushing it to main instead:",
        Denied(Bash("git push origin swap-requests:main")),
    )
    s.user(
        "Älä pushaa suoraan mainiin. Tee branch ja PR, Jussi katsoo sen.",
        rules=[("no-push-main", "Älä pushaa suoraan mainiin")],
    )
    s.act(
        None,
        Bash(
            "git push -u origin swap-requests && gh pr create --fill",
            "branch 'swap-requests' set up to track 'origin/swap-requests'.\n"
            "https://github.com/aino-k/vuorolista/pull/31",
            secs=5,
        ),
    )
    s.say("Pushed `swap-requests` and opened PR #31 for Jussi.")
    s.outcome("success", "swap requests with a queued approval mail, texts in lang/fi, a feature test; PR opened")
    return s


def v05() -> Session:
    s = new("v05-swap-mail-class", "2027-10-08T05:55:30", "2.1.221", "main", "missing-class-wren")
    s.user(
        "Deployasin eilen illalla vuoronvaihdot tuotantoon. Aamulla laravel.log on täynnä tätä:\n\n```\n"
        '[2027-10-08 07:12:40] production.ERROR: Class "App\\Notifications\\ShiftSwapApproved" not found '
        '{"exception":"[object] (Error(code: 0): Class \\"App\\\\Notifications\\\\ShiftSwapApproved\\" not found '
        "at /var/www/vuorolista/releases/13/vendor/laravel/framework/src/Illuminate/Queue/CallQueuedHandler.php:95)\n"
        "[stacktrace]\n#0 /var/www/vuorolista/releases/13/vendor/laravel/framework/src/Illuminate/Queue/Jobs/Job.php"
        "(102): Illuminate\\Queue\\CallQueuedHandler->call()\n```\n\nLuokka on kyllä olemassa, katoin repon."
    )
    s.act(
        None,
        Read("deploy.php", DEPLOY_PHP),
        Grep("ShiftSwapApproved", ["app/Notifications/ShiftSwapApproved.php", "app/Livewire/SwapRequests.php"]),
    )
    s.say(
        "Luokka on repossa, mutta polku lokissa on `releases/13`, vaikka eilinen deploy teki uuden releasen. "
        "Jonon käsittelee queue worker (`queue:work`), joka käynnistettiin ennen deployta: se pitää vanhan "
        "releasen koodin ja autoloaderin muistissa, eikä tunne uutta notifikaatioluokkaa. Voin käynnistää workerit "
        "uudelleen palvelimella:"
    )
    s.act(None, Denied(Bash("ssh deploy@vuorolista.fi 'cd /var/www/vuorolista/current && php artisan queue:restart'")))
    s.user(
        "Tuotantoon deployaan vain minä, ja palvelimelle kirjaudun myös minä. Teen sen itse.",
        rules=[("v-deploy-mine", "Tuotantoon deployaan vain minä")],
    )
    s.shell_escape(
        "ssh deploy@vuorolista.fi 'sudo supervisorctl restart vuorolista-worker:*'",
        "vuorolista-worker:vuorolista-worker_00: stopped\nvuorolista-worker:vuorolista-worker_01: stopped\n"
        "vuorolista-worker:vuorolista-worker_00: started\nvuorolista-worker:vuorolista-worker_01: started",
    )
    s.user("Nyt lähtee, failed jobit uudestaan ja mailit meni perille. Palataan tähän joskus.")
    s.say(
        "Good. Until the deploy restarts the workers itself, this can happen again after any deploy that adds or "
        "changes queued classes."
    )
    s.outcome("success", "swap mails flow again after Aino restarted the queue workers by hand; cause left in deploy")
    s.hit("stale-queue-workers")
    return s


def v06() -> Session:
    s = new("v06-negative-week", "2027-10-11T06:10:18", "2.1.222", "main", "minus-hours-crane")
    s.user(
        "Osastonhoitaja soitti: viikkoraportissa yövuorot näkyy miinustunteina, Mikon viikko on -32 h ja "
        "Sannan -16 h. Mitään virhettä ei tule missään, raportti vaan näyttää hölmöltä. Katso mistä se tulee."
    )
    s.act(
        None, Grep("hours\\(\\)", ["app/Reports/WeeklyHours.php", "app/Support/ShiftTimes.php", "app/Models/Shift.php"])
    )
    s.act(None, Read("app/Reports/WeeklyHours.php", WEEKLY_HOURS), Read("app/Support/ShiftTimes.php", SHIFT_TIMES))
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan tinker --execute=\"echo App\\\\Models\\\\Shift::where('user_id', 41)->"
            "whereColumn('ends_at', '<', 'starts_at')->count();\"",
            "4",
        ),
    )
    s.say(
        "Raportti summaa `ShiftTimes::hours()`. Mikolla on neljä vuoroa, joissa `ends_at` on ennen `starts_at`:ia: "
        "yövuoron loppu tallentuu samalle päivälle kuin alku (22:00 → saman päivän 06:00), joten jokainen yövuoro "
        "on -16 h. Sama asia kuin viime viikon punainen testi. Korjaus olisi `fromForm`issa ja vanhojen rivien "
        "korjaus migraatiolla."
    )
    s.user("ok, nyt tiedetään mistä se tulee. en ehdi nyt, palaveri alkaa. ala koske dataan.")
    s.outcome(
        "unknown", "the negative weekly hours were traced to night shifts ending on their start date; nothing changed"
    )
    s.hit("night-shift-negative-hours")
    return s


def v07() -> Session:
    s = new("v07-shift-search", "2027-10-12T05:50:47", "2.1.222", "shift-search", "live-search-ibis")
    s.user(
        "ShiftList-näkymän hakukenttä ei suodata mitään ennen kuin painaa enteriä. Pitäis suodattaa kirjoittaessa. "
        "And dates in the views are always d.m.Y, check the list too.",
        rules=[("v-date-dmy", "dates in the views are always d.m.Y")],
    )
    s.act(
        None,
        Read("app/Livewire/ShiftList.php", SHIFT_LIST),
        Read("resources/views/livewire/shift-list.blade.php", SHIFT_LIST_BLADE),
    )
    s.act(
        "For search-as-you-type across larger data sets, Laravel Scout with the database engine is the standard "
        "way. Installing it:",
        Denied(Bash("./vendor/bin/sail composer require laravel/scout")),
    )
    s.user(
        "Taas uusi paketti kysymättä. Ei saa lisätä paketteja kysymättä, tää on yks where like.",
        rules=[("ask-deps", "Ei saa lisätä paketteja kysymättä")],
    )
    s.say(
        "Sorry. Without packages: in Livewire 3 `wire:model` is deferred and only syncs with the next action "
        "(here the form submit), so the search re-renders only on Enter. `wire:model.live` syncs on every input; "
        "with a debounce it does not query on every keystroke."
    )
    s.act(
        None,
        Edit(
            "resources/views/livewire/shift-list.blade.php",
            '<input type="search" wire:model="search"',
            '<input type="search" wire:model.live.debounce.300ms="search"',
        ),
    )
    s.act(
        None,
        Write(
            "tests/Feature/Livewire/ShiftListTest.php",
            "<?php\n\nuse App\\Livewire\\ShiftList;\nuse App\\Models\\Shift;\nuse Livewire\\Livewire;\n\n"
            "it('filters shifts by nurse name', function () {\n    $a = Shift::factory()->forUser(['name' => "
            "'Mikko Laine'])->create();\n    Shift::factory()->for($a->ward)->forUser(['name' => 'Sanna Virtanen'])"
            "->create();\n\n    Livewire::test(ShiftList::class, ['wardId' => $a->ward_id])\n        ->set('search', "
            "'Mikko')\n        ->assertSee('Mikko Laine')\n        ->assertDontSee('Sanna Virtanen');\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail test --filter=ShiftList",
            pest_run({"Tests\\Feature\\Livewire\\ShiftListTest": ["it filters shifts by nurse name"]}, secs=0.71),
        ),
    )
    s.say("The search filters while typing (300 ms debounce); dates in the list were already `d.m.Y`. Test green.")
    s.user(
        "TIL wire:model in Livewire 3 only syncs on submit unless you add .live. kiitos!",
        lessons=["wire:model in Livewire 3 only syncs on submit unless you add .live"],
    )
    s.one_off(
        "Livewire 3's wire:model is deferred, so the shift search only filtered on Enter; fixed with wire:model.live.debounce"
    )
    s.outcome("success", "shift search filters while typing (wire:model.live), test green; Scout install refused")
    return s


def v08() -> Session:
    s = new("v08-old-mail-text", "2027-10-13T06:15:09", "2.1.222", "main", "old-text-plover")
    s.user(
        "Vaihdoin eilen hyväksyntäviestin tekstin ja deployasin, mutta hoitajille lähtee edelleen vanha 'Vaihtosi "
        "on hyväksytty'. Paikallisesti Mailpitissä näkyy uusi teksti. Virheitä ei ole lokissa."
    )
    s.act(
        None,
        Read(
            "lang/fi/swaps.php",
            LANG_SWAPS.replace(
                "'Vaihtosi on hyväksytty (:date).'", "'Vuoronvaihtosi :date on hyväksytty. Kiitos joustosta!'"
            ),
        ),
    )
    s.say(
        "Repossa on uusi teksti. Mahdollisia syitä: tuotannon config/view-välimuisti, käännösvälimuisti, tai "
        "queue worker, joka lähettää maileja vanhasta koodista. Tarkistan ensin välimuistit:"
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan about --only=cache",
            "\n  Cache ..........................................................................\n"
            "  Config ........................................................... NOT CACHED\n"
            "  Events ........................................................... NOT CACHED\n"
            "  Routes ........................................................... NOT CACHED\n"
            "  Views .............................................................. CACHED",
        ),
    )
    s.say(
        "Paikallisesti näkymät ovat välimuistissa, mutta se ei selitä tuotantoa. Deployerin Laravel-resepti ajaa "
        "`artisan:view:cache` ja `artisan:config:cache` joka deployssa. Kokeile tuotannossa `php artisan "
        "optimize:clear`?"
    )
    s.user("kokeilin, ei auta, sama vanha teksti. ei vieläkään toimi. jätetään tähän, mulla on muuta.")
    s.outcome("failed", "approval mails still carry the old text in production; caches ruled out, cause not found")
    s.hit("stale-queue-workers")
    return s


def v09() -> Session:
    s = new("v09-payroll-crash", "2027-10-14T05:35:52", "2.1.223", "main", "payroll-export-stork")
    s.user(
        "Palkkahallinnon kuukausiajo kaatui yöllä, tää tuli cronin mailissa:\n\n```\n$ php artisan payroll:export "
        "2027-09\n\n   InvalidArgumentException \n\n  Shift 1184 has negative hours (-16.0)\n\n  at "
        "app/Payroll/PayrollLine.php:21\n     17▕     public function __construct(\n     18▕         public "
        "readonly int $shiftId,\n     19▕         public readonly float $hours,\n     20▕     ) {\n  ➜  21▕         "
        'if ($hours < 0) throw new InvalidArgumentException("Shift $shiftId has negative hours ($hours)");\n```\n\n'
        "Palkat pitää saada ulos tänään."
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan tinker --execute=\"echo App\\\\Models\\\\Shift::whereColumn('ends_at', '<', "
            "'starts_at')->whereBetween('starts_at', ['2027-09-01', '2027-10-01'])->pluck('id')->join(',');\"",
            "1184,1190,1207",
        ),
    )
    s.say(
        "Kolme syyskuun yövuoroa (1184, 1190, 1207), joiden `ends_at` on samana päivänä kuin alku, joten tunnit "
        "ovat -16. Syy on sama `ShiftTimes::fromForm`. Nopein tapa saada palkat ulos: siirrä näiden kolmen "
        "`ends_at` päivällä eteenpäin tuotannossa ja aja export uudestaan. SQL siihen:\n\n```sql\nUPDATE shifts "
        "SET ends_at = ends_at + INTERVAL 1 DAY WHERE id IN (1184, 1190, 1207);\n```"
    )
    s.user("Ajoin sen itse ja export meni läpi, palkat lähti. Varsinainen korjaus myöhemmin.")
    s.outcome("success", "payroll export unblocked by moving three night shifts' ends_at a day forward by hand")
    s.hit("night-shift-negative-hours")
    return s


def v10() -> Session:
    s = new("v10-deploy-lock", "2027-10-15T06:00:26", "2.1.223", "main", "locked-deploy-gull")
    s.user(
        "deploy hangs, I killed it with ctrl-c yesterday and now:\n\n```\n$ dep deploy production\ntask deploy:info\n"
        "[production] info deploying main (release 16)\ntask deploy:setup\ntask deploy:lock\n[production] error in "
        'lock.php on line 16:\n[production] Deploy locked by aino.\n[production] Execute "deploy:unlock" task '
        "to unlock.\n```\n\nwhat hung in the first place?",
    )
    s.act(
        "Unlocking is safe as no other deploy is running (you interrupted it). Running the unlock and a deploy:",
        Denied(Bash("dep deploy:unlock production && dep deploy production")),
    )
    s.user(
        "deploying to production is my job, remember. unlock is fine, the deploy I'll run.",
        rules=[("v-deploy-mine", "deploying to production is my job")],
    )
    s.act(None, Bash("dep deploy:unlock production", "task deploy:unlock", secs=3))
    s.act(None, Read("deploy.php", DEPLOY_PHP))
    s.say(
        "Unlocked. The hang was most likely `build:assets`: `npm ci && npm run build` on the server, which can sit "
        "for minutes on a small VPS. It will show with `dep deploy production -v`."
    )
    s.user(
        "ok. Päätin että Deployer jää, Forgea ei oteta vaikka Jussi sitä mainosti.",
        decisions=["Deployer jää, Forgea ei oteta"],
    )
    s.not_person('Execute "deploy:unlock" task to unlock.', "pasted_log")
    s.one_off(
        "an interrupted dep deploy left the Deployer lock behind ('Deploy locked by aino'); fixed with deploy:unlock"
    )
    s.outcome("success", "the stale Deployer lock removed with deploy:unlock; the deploy itself left to Aino")
    return s


def v11() -> Session:
    s = new("v11-failed-jobs-column", "2027-10-18T05:45:13", "2.1.224", "main", "renamed-column-tern")
    s.user(
        "after Friday's deploy (the department -> ward rename) the failed_jobs table filled up. php artisan "
        "queue:failed on prod, and the exception of one of them:\n\n```\n  2027-10-16 04:00:07 9b1f6c2e-0d4a-4c71"
        "-a1a3-6e2f0d9c7b15 ........ database@default App\\Jobs\\SendWeeklyRoster\n  2027-10-16 04:00:07 "
        "1c3e8a55-7f29-4b06-9d8e-2a4b6c0e1f37 ........ database@default App\\Jobs\\SendWeeklyRoster\n\n"
        "Illuminate\\Database\\QueryException: SQLSTATE[42S22]: Column not found: 1054 Unknown column "
        "'department_id' in 'where clause' (Connection: mysql, SQL: select * from `shifts` where `department_id` "
        "= 3 and ...)\n```\n\nthe migration ran, the code has no department_id anywhere. how?"
    )
    s.act(None, Grep("department_id", []), Read("deploy/supervisor/vuorolista-worker.conf", SUPERVISOR_CONF))
    s.say(
        "No `department_id` left in the code, so the job ran code from before the rename. The supervisor workers "
        "run `queue:work` from `current/` and load the code once at start; nothing in `deploy.php` restarts them, "
        "so after Friday's deploy they kept the previous release in memory while the database had the new "
        "columns. Same cause as the missing notification class last week and most likely the old mail text. The "
        "fix is a `queue:restart` in the deploy recipe; the failed jobs can then be retried."
    )
    s.user("Järkeenkäypää. Ei ehdi nyt, huomenna on demo. Katotaan ensi viikolla.")
    s.outcome("unknown", "failed jobs traced to queue workers running the previous release; nothing changed yet")
    s.hit("stale-queue-workers")
    return s


def v12() -> Session:
    s = new("v12-night-shift-fix", "2027-10-19T06:05:41", "2.1.224", "night-shift-fix", "midnight-shift-owl")
    s.user(
        "Korjataan nyt ne yövuorot kunnolla. Jussi nimesi testin uusiksi ja siirsi sen Livewire-testeihin, "
        "ja se on punainen:"
    )
    s.act(None, Read("tests/Feature/Livewire/CreateShiftTest.php", CREATE_SHIFT_TEST))
    s.act(
        None,
        Bash(
            "./vendor/bin/sail test --filter=CreateShift",
            pest_run(
                {"Tests\\Feature\\Livewire\\CreateShiftTest": ["it saves a day shift"]},
                [
                    (
                        "Tests\\Feature\\Livewire\\CreateShiftTest",
                        "it saves a night shift that crosses midnight",
                        "Failed asserting that two strings are identical.\n  -'2027-10-20'\n  +'2027-10-19'\n\n"
                        "  at tests/Feature/Livewire/CreateShiftTest.php:29",
                    )
                ],
                secs=1.21,
            ),
            code=1,
        ),
    )
    s.act(None, Read("app/Livewire/CreateShift.php", CREATE_SHIFT), Read("app/Support/ShiftTimes.php", SHIFT_TIMES))
    s.say(
        "`CreateShift::save()` takes both times from `ShiftTimes::fromForm`, which puts the end on the form's "
        "date. For a night shift that crosses midnight the end is before the start: that is the -16 h in the unit "
        "test, the weekly report and payroll, and here `ends_at` on 2027-10-19 instead of 2027-10-20."
    )
    s.local_command("compact", "", "Compacted (ctrl+o to see full summary)", after=30)
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nSummary:\n1. Aino wants the night shifts fixed properly. The Livewire test "
        "tests/Feature/Livewire/CreateShiftTest.php 'saves a night shift that crosses midnight' fails: ends_at "
        "is 2027-10-19 instead of 2027-10-20.\n2. Cause: ShiftTimes::fromForm (app/Support/ShiftTimes.php) builds "
        "start and end on the same date; CreateShift::save() uses it.\n3. Environment notes: tests run with "
        "./vendor/bin/sail test; Always run sail artisan migrate after switching branches.\nPending: fix fromForm, "
        "repair existing rows, run the suite.",
        98400,
        9100,
    )
    s.act(
        "Fixing `fromForm`: an end at or before the start belongs to the next day.",
        Edit(
            "app/Support/ShiftTimes.php",
            "        $end = CarbonImmutable::createFromFormat('Y-m-d H:i', \"$date $to\", $tz);\n",
            "        $end = CarbonImmutable::createFromFormat('Y-m-d H:i', \"$date $to\", $tz);\n\n"
            "        // A night shift (22:00-06:00) ends on the next day.\n"
            "        if ($end->lessThanOrEqualTo($start)) {\n            $end = $end->addDay();\n        }\n",
        ),
    )
    s.act(
        "And a migration that moves the already stored night shifts' end a day forward:",
        Write(
            "database/migrations/2027_10_19_062210_fix_night_shift_end_dates.php",
            "<?php\n\nuse Illuminate\\Database\\Migrations\\Migration;\nuse Illuminate\\Support\\Facades\\DB;\n\n"
            "return new class extends Migration\n{\n    public function up(): void\n    {\n        DB::table('shifts')"
            "\n            ->whereColumn('ends_at', '<=', 'starts_at')\n            ->update(['ends_at' => DB::raw("
            "'ends_at + INTERVAL 1 DAY')]);\n    }\n};\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./vendor/bin/sail artisan migrate && ./vendor/bin/sail test",
            "\n   INFO  Running migrations.  \n\n  2027_10_19_062210_fix_night_shift_end_dates ................. 18.90ms "
            "DONE\n"
            + pest_run(
                {
                    "Tests\\Unit\\ShiftTimesTest": [
                        "it counts 8 hours for a day shift",
                        "it counts 10 hours for an evening shift",
                        "it counts 8 hours for a night shift",
                    ],
                    "Tests\\Unit\\WardTest": ["it has shifts"],
                    "Tests\\Feature\\Livewire\\CreateShiftTest": [
                        "it saves a day shift",
                        "it saves a night shift that crosses midnight",
                    ],
                    "Tests\\Feature\\Livewire\\ShiftListTest": ["it filters shifts by nurse name"],
                    "Tests\\Feature\\Livewire\\SwapRequestsTest": ["it notifies the nurse when a swap is approved"],
                },
                secs=2.04,
            ),
            secs=12,
        ),
    )
    s.say(
        "All green, including the old unit test (8.0) and the renamed Livewire test. The migration fixes the "
        "stored rows with `ends_at <= starts_at`."
    )
    s.user(
        "Vihdoin. Muistiin: jos yövuoron loppu on ennen alkua, se loppuu seuraavana päivänä. Commit.",
        lessons=["jos yövuoron loppu on ennen alkua, se loppuu seuraavana päivänä"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Night shifts end on the next day; fix stored end dates'",
            git_commit(
                "night-shift-fix", "5e7a0d3", "Night shifts end on the next day; fix stored end dates", 2, 17, 0
            ),
        ),
    )
    s.say("Committed (`5e7a0d3`) on `night-shift-fix`.")
    s.not_person("Always run sail artisan migrate after switching branches.", "compaction_summary")
    s.outcome("success", "night shifts end on the next day (fromForm), stored rows migrated; whole suite green")
    s.hit("night-shift-negative-hours", fixed=True)
    return s


def v13() -> Session:
    s = new("v13-artisan-tests", "2027-10-20T05:55:03", "2.1.225", "main", "plain-runner-vole")
    s.user(
        "Sail on tällä läppärillä tuskallisen hidas, koko suite vie minuutin. Forget Sail for the test runs, use "
        "plain php artisan test from now on, PHP 8.3 is installed locally anyway.",
        rules=[("v-artisan-test", "Forget Sail for the test runs, use plain php artisan test", "v-sail-test")],
    )
    s.act(None, Bash("php -v | head -1", "PHP 8.3.6 (cli) (built: Sep 30 2027 14:52:13) (NTS)"))
    s.say("Noted: tests with `php artisan test` from now on. Shall I run the suite now to see it works outside Sail?")
    s.user(
        "joo. ja pitäisikö meidän aina ajaa pint ennen committia?",
        non_rules=["pitäisikö meidän aina ajaa pint ennen committia?"],
    )
    s.act(
        "Pint is already in `composer.json` (laravel/pint). From now on I'll always run ./vendor/bin/pint before "
        "committing. Running the tests first:",
        Bash(
            "php artisan test",
            "\n   FAIL  Tests\\Unit\\WardTest\n  ⨯ it has shifts\n\n  "
            + "─" * 78
            + "\n   FAILED  Tests\\Unit\\WardTest > "
            "it has shifts   QueryException\n  SQLSTATE[HY000] [2002] php_network_getaddresses: getaddrinfo for mysql "
            "failed: Temporary failure in name resolution (Connection: mysql, SQL: select * from information_schema."
            "tables where table_schema = 'testing' and table_name = 'migrations' and table_type = 'BASE TABLE')\n\n"
            "  Tests:    8 failed (0 assertions)\n  Duration: 0.52s",
            code=2,
        ),
    )
    s.user("no niin. tee se nain ettei sailia tarvita, mut ala koske .enviin jota sail käyttää.")
    s.act(None, Read("phpunit.xml", PHPUNIT_XML, offset=22, total=34))
    s.act(
        "Outside the containers there is no host `mysql`; the test database is reachable through the forwarded "
        "port. Setting host and port in `phpunit.xml` only, so `.env` stays as Sail needs it:",
        Edit(
            "phpunit.xml",
            '        <env name="DB_DATABASE" value="testing"/>',
            '        <env name="DB_HOST" value="127.0.0.1"/>\n        <env name="DB_PORT" value="3307"/>\n'
            '        <env name="DB_DATABASE" value="testing"/>',
        ),
    )
    s.act(
        None,
        Bash(
            "php artisan test",
            pest_run(
                {
                    "Tests\\Unit\\ShiftTimesTest": [
                        "it counts 8 hours for a day shift",
                        "it counts 10 hours for an evening shift",
                        "it counts 8 hours for a night shift",
                    ],
                    "Tests\\Unit\\WardTest": ["it has shifts"],
                    "Tests\\Feature\\Livewire\\CreateShiftTest": [
                        "it saves a day shift",
                        "it saves a night shift that crosses midnight",
                    ],
                    "Tests\\Feature\\Livewire\\ShiftListTest": ["it filters shifts by nurse name"],
                    "Tests\\Feature\\Livewire\\SwapRequestsTest": ["it notifies the nurse when a swap is approved"],
                },
                secs=0.94,
            ),
        ),
    )
    s.say("8 passed in under a second, against Sail's MySQL on 127.0.0.1:3307. `.env` untouched.")
    s.user("kiitos!")
    s.not_person("From now on I'll always run ./vendor/bin/pint before committing.", "assistant_text")
    s.one_off(
        "php artisan test outside Sail cannot resolve the host 'mysql' (getaddrinfo failed); phpunit.xml now points "
        "the tests at 127.0.0.1:3307"
    )
    s.outcome("success", "tests run with plain php artisan test against the forwarded MySQL port; 8 passed")
    return s


def explore_queue(child: Session) -> None:
    child.act(
        None,
        Grep(
            "queue:work|queue:restart|ShouldQueue",
            [
                "deploy/supervisor/vuorolista-worker.conf:3:command=php /var/www/vuorolista/current/artisan queue:work "
                "database --sleep=3 --tries=3 --max-time=3600",
                "app/Notifications/ShiftSwapApproved.php:11:class ShiftSwapApproved extends Notification implements "
                "ShouldQueue",
                "app/Jobs/SendWeeklyRoster.php:14:class SendWeeklyRoster implements ShouldQueue",
            ],
            mode="content",
        ),
    )
    child.act(None, Read("deploy.php", DEPLOY_PHP))
    child.say(
        "Queue workers: deploy/supervisor/vuorolista-worker.conf:3 runs 2 processes of `php .../current/artisan "
        "queue:work database` (--max-time=3600, so a worker can live up to an hour after a deploy, and longer if "
        "supervisor restarts it with the old code path resolved).\nQueued classes: app/Notifications/"
        "ShiftSwapApproved.php:11, app/Jobs/SendWeeklyRoster.php:14.\ndeploy.php: requires recipe/laravel.php, "
        "hooks only build:assets (after deploy:vendors) and deploy:unlock (after deploy:failed); nothing calls "
        "`artisan:queue:restart`, so workers are never told to restart on deploy."
    )


def v14() -> Session:
    s = new("v14-queue-restart", "2027-10-21T06:10:55", "2.1.225", "queue-restart", "restart-workers-kestrel")
    s.user(
        "Korjataan se queue worker -juttu nyt. Kolme kertaa on jo paukahtanut deployn jälkeen: puuttuva luokka, "
        "vanha mailiteksti, department_id."
    )
    s.act(
        "Selvitän ensin, miten workerit ajetaan ja mikä niitä käynnistää uudelleen.",
        Agent(
            "Find queue worker setup",
            "Find how the queue workers are run and restarted for this Laravel app: deploy.php, any supervisor "
            "config in the repo (deploy/), and which jobs or notifications implement ShouldQueue. Never modify "
            "files; report only paths and line numbers.",
            "Explore",
            explore_queue,
        ),
    )
    s.act(
        "Deployerin Laravel-reseptissä on valmis `artisan:queue:restart`-taski; kytken sen symlinkin vaihdon "
        "jälkeen, jolloin workerit lopettavat nykyisen jobinsa ja supervisor käynnistää ne uuden releasen "
        "koodilla.",
        Edit(
            "deploy.php",
            "after('deploy:failed', 'deploy:unlock');",
            "after('deploy:failed', 'deploy:unlock');\n\n// Workers keep the old release in memory: restart them once "
            "the new release is live.\nafter('deploy:symlink', 'artisan:queue:restart');",
        ),
    )
    s.act(
        None,
        Bash(
            "dep tree deploy | tail -8",
            "│   ├── deploy:writable\n│   ├── artisan:view:cache\n│   ├── artisan:config:cache\n"
            "│   ├── artisan:migrate\n│   ├── deploy:publish\n│   │   ├── deploy:symlink\n"
            "│   │   ├── artisan:queue:restart  // after deploy:symlink\n│   │   └── deploy:cleanup",
        ),
    )
    s.say("`artisan:queue:restart` runs right after `deploy:symlink`. Deploy is yours when you are ready.")
    s.shell_escape(
        "dep deploy production",
        "task deploy:info\n[production] info deploying queue-restart (release 19)\ntask deploy:setup\ntask "
        "deploy:lock\ntask deploy:release\ntask deploy:update_code\ntask deploy:env\ntask deploy:shared\ntask "
        "deploy:vendors\ntask build:assets\ntask deploy:writable\ntask artisan:storage:link\ntask "
        "artisan:config:cache\ntask artisan:route:cache\ntask artisan:view:cache\ntask artisan:migrate\ntask "
        "deploy:symlink\ntask artisan:queue:restart\n[production]    INFO  Broadcasting queue restart signal.\n"
        "task deploy:unlock\ntask deploy:cleanup\ntask deploy:success\n[production] successfully deployed!",
        after=90,
    )
    s.user(
        "Deploy meni ja workerit restarttas, uusi mailiteksti lähti heti. Opittu: queue workerit pitää käynnistää "
        "uudelleen jokaisen deployn jälkeen, muuten ne ajaa vanhaa koodia. Ja we go with the database queue "
        "driver, no Redis on the server. Commitoi ja PR.",
        lessons=["queue workerit pitää käynnistää uudelleen jokaisen deployn jälkeen, muuten ne ajaa vanhaa koodia"],
        decisions=["we go with the database queue driver, no Redis on the server"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Restart queue workers after every deploy' && git push -u origin queue-restart && gh pr "
            "create --fill",
            git_commit("queue-restart", "8b2c6f1", "Restart queue workers after every deploy", 1, 3, 0)
            + "\nbranch 'queue-restart' set up to track 'origin/queue-restart'.\n"
            "https://github.com/aino-k/vuorolista/pull/38",
            secs=5,
        ),
    )
    s.say("PR #38 is open.")
    s.not_person("Never modify files; report only paths and line numbers.", "subagent_prompt")
    s.outcome("success", "deploy.php restarts the queue workers after deploy:symlink; deployed by Aino, mails current")
    s.hit("stale-queue-workers", fixed=True)
    return s


def v15() -> Session:
    s = new("v15-roster-pdf", "2027-10-22T05:50:38", "2.1.226", "roster-pdf", "pdf-roster-robin")
    s.user(
        "viikkolistan tulostus: osastonhoitajat haluaa viikon vuorot yhdelle A4:lle. onko meillä jo jotain millä "
        "pdf:n saa tehtyä vai pitääkö lisätä paketti?"
    )
    s.act(None, Grep("dompdf|snappy|browsershot", ["composer.lock"]))
    s.say(
        "Nothing for PDFs in `composer.lock`. Options: `barryvdh/laravel-dompdf` (pure PHP, enough for a table) "
        'or a print stylesheet and the browser\'s own "Save as PDF", which needs no package. Which one?'
    )
    s.user("print-tyylitiedosto riittää, ei pakettia.")
    s.act(
        None,
        Write(
            "resources/css/print.css",
            "@page { size: A4 landscape; margin: 10mm; }\n\n@media print {\n  nav, .no-print { display: none; }\n"
            "  table { width: 100%; font-size: 9pt; border-collapse: collapse; }\n  td, th { border: 1px solid #999; "
            "padding: 2px 4px; }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npm run build",
            "\n> build\n> vite build\n\nvite v5.4.10 building for production...\n✓ 54 modules transformed.\n"
            "public/build/manifest.json             0.35 kB │ gzip:  0.18 kB\npublic/build/assets/print-C3f9a1.css   "
            "0.41 kB │ gzip:  0.27 kB\npublic/build/assets/app-B8e21d.js     35.12 kB │ gzip: 14.07 kB\n"
            "✓ built in 1.38s",
        ),
    )
    s.say("A4 landscape print styles are in `resources/css/print.css`; the navigation is hidden when printing.")
    s.user("hyvä, riittää tältä päivältä")
    s.outcome("success", "a print stylesheet puts the weekly roster on one A4 page, no PDF package")
    return s


def v16() -> Session:
    s = new("v16-swedish-dates", "2027-10-22T12:40:19", "2.1.226", "swedish-locale", "locale-dates-seal")
    s.user(
        "Vaasan sairaala tulee asiakkaaksi, tarvitaan ruotsi. composer update livewire/livewire ei mene läpi:\n\n"
        "```\nYour requirements could not be resolved to an installable set of packages.\n\n  Problem 1\n    - "
        "livewire/livewire v3.5.12 requires illuminate/support ^10.0|^11.0 -> found illuminate/support[v11.29.0] "
        "but these were not loaded, likely because it conflicts with another require.\n\nUse the option "
        "--with-all-dependencies (-W) to allow upgrades, downgrades and removals for packages currently locked to "
        "specific versions.\n```\n\nAnd drop the hardcoded d.m.Y, format dates with isoFormat('L') so each locale "
        "gets its own format.",
        rules=[("v-date-iso", "drop the hardcoded d.m.Y, format dates with isoFormat('L')", "v-date-dmy")],
    )
    s.act(
        None,
        Bash(
            "composer update livewire/livewire -W",
            "Loading composer repositories with package information\nUpdating dependencies\nLock file operations: "
            "0 installs, 2 updates, 0 removals\n  - Upgrading laravel/framework (v11.29.0 => v11.31.0)\n  - Upgrading "
            "livewire/livewire (v3.5.6 => v3.5.12)\nWriting lock file\nGenerating optimized autoload files",
            secs=14,
        ),
    )
    s.act(None, Read("resources/views/livewire/shift-list.blade.php", SHIFT_LIST_BLADE))
    s.act(
        None,
        Edit(
            "resources/views/livewire/shift-list.blade.php",
            "{{ $shift->starts_at->format('d.m.Y H:i') }}",
            "{{ $shift->starts_at->locale(app()->getLocale())->isoFormat('L LT') }}",
        ),
    )
    s.act(
        None,
        Bash(
            "php artisan test",
            pest_run(
                {
                    "Tests\\Unit\\ShiftTimesTest": [
                        "it counts 8 hours for a day shift",
                        "it counts 10 hours for an evening shift",
                        "it counts 8 hours for a night shift",
                    ],
                    "Tests\\Unit\\WardTest": ["it has shifts"],
                    "Tests\\Feature\\Livewire\\CreateShiftTest": [
                        "it saves a day shift",
                        "it saves a night shift that crosses midnight",
                    ],
                    "Tests\\Feature\\Livewire\\ShiftListTest": ["it filters shifts by nurse name"],
                    "Tests\\Feature\\Livewire\\SwapRequestsTest": ["it notifies the nurse when a swap is approved"],
                },
                secs=0.97,
            ),
        ),
    )
    s.say(
        "Livewire 3.5.12 is in (with laravel/framework 11.31 via `-W`), and the shift list formats with "
        "`isoFormat('L LT')` in the app locale: 22.10.2027 in Finnish, 2027-10-22 in Swedish. Tests green."
    )
    s.user("Toimii, kiitos.")
    s.not_person(
        "Use the option --with-all-dependencies (-W) to allow upgrades, downgrades and removals for packages "
        "currently locked to specific versions.",
        "pasted_log",
    )
    s.outcome("success", "livewire updated with -W and dates formatted per locale with isoFormat; tests green")
    return s


SESSIONS = [v01, v02, v03, v04, v05, v06, v07, v08, v09, v10, v11, v12, v13, v14, v15, v16]
