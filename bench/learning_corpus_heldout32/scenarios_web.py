"""Ioana's `rezervari-web` sessions (w01-w15): the Angular 18 front end of the court booking service (standalone
components, Angular Material, Jest through jest-preset-angular, Playwright e2e, ESLint, Prettier), built with npm
on Windows. Times are UTC; Cluj-Napoca is UTC+3 in October."""

from __future__ import annotations

from fake_output import RW, git_commit, jest_run, jest_suite_error, playwright_run
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

PROJECT = "rezervari-web"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=RW, project=PROJECT)


COURTS_SERVICE = """import { HttpClient } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import { Observable } from 'rxjs';

export interface Court {
  id: number;
  name: string;
  surface: 'CLAY' | 'HARD' | 'ARTIFICIAL_GRASS';
  pricePerHour: number;
}

@Injectable({ providedIn: 'root' })
export class CourtsService {
  private readonly http = inject(HttpClient);

  forClub(clubId: number): Observable<Court[]> {
    return this.http.get<Court[]>(`/api/clubs/${clubId}/courts`);
  }
}
"""

COURTS_PAGE = """import { ChangeDetectionStrategy, Component, inject, input, signal } from '@angular/core';
import { CurrencyPipe } from '@angular/common';
import { MatTableModule } from '@angular/material/table';
import { Court, CourtsService } from './courts.service';

@Component({
  selector: 'app-courts-page',
  standalone: true,
  imports: [MatTableModule, CurrencyPipe],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Terenuri</h1>
    <table mat-table [dataSource]="courts()">
      <ng-container matColumnDef="name"><th mat-header-cell *matHeaderCellDef>Teren</th><td mat-cell *matCellDef="let c">{{ c.name }}</td></ng-container>
      <ng-container matColumnDef="surface"><th mat-header-cell *matHeaderCellDef>Suprafata</th><td mat-cell *matCellDef="let c">{{ c.surface }}</td></ng-container>
      <ng-container matColumnDef="price"><th mat-header-cell *matHeaderCellDef>Pret / ora</th><td mat-cell *matCellDef="let c">{{ c.pricePerHour | currency: 'RON' }}</td></ng-container>
      <tr mat-header-row *matHeaderRowDef="columns"></tr>
      <tr mat-row *matRowDef="let row; columns: columns"></tr>
    </table>
  `,
})
export class CourtsPageComponent {
  readonly clubId = input.required<number>();
  readonly courts = signal<Court[]>([]);
  readonly columns = ['name', 'surface', 'price'];
  private readonly service = inject(CourtsService);

  ngOnInit(): void {
    this.service.forClub(this.clubId()).subscribe((c) => this.courts.set(c));
  }
}
"""

BOOKING_FORM = """import { ChangeDetectionStrategy, Component, output } from '@angular/core';
import { FormsModule } from '@angular/forms';

export interface BookingRequest {
  courtId: number | null;
  date: string;
  start: string;
  minutes: 30 | 60 | 90;
}

@Component({
  selector: 'app-booking-form',
  standalone: true,
  imports: [FormsModule],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <form #f="ngForm" (ngSubmit)="f.valid && book.emit(model)">
      <input name="date" type="date" [(ngModel)]="model.date" required />
      <input name="start" type="time" step="1800" [(ngModel)]="model.start" required />
      <select name="minutes" [(ngModel)]="model.minutes">
        <option [ngValue]="30">30 min</option><option [ngValue]="60">60 min</option><option [ngValue]="90">90 min</option>
      </select>
      <button type="submit">Rezerva</button>
    </form>
  `,
})
export class BookingFormComponent {
  readonly book = output<BookingRequest>();
  model: BookingRequest = { courtId: null, date: '', start: '', minutes: 60 };
}
"""

JEST_CONFIG = """import type { Config } from 'jest';

const config: Config = {
  preset: 'jest-preset-angular',
  setupFilesAfterEnv: ['<rootDir>/setup-jest.ts'],
  testPathIgnorePatterns: ['<rootDir>/e2e/'],
};

export default config;
"""

SLOT_PICKER = """import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { groupBy } from 'lodash-es';

export interface Slot {
  start: string; // ISO, UTC
  free: boolean;
}

@Component({
  selector: 'app-slot-picker',
  standalone: true,
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @for (hour of hours(); track hour[0]) {
      <div class="hour">
        <span>{{ hour[0] }}:00</span>
        @for (slot of hour[1]; track slot.start) {
          <button [disabled]="!slot.free" (click)="picked.emit(slot)">{{ slot.start.slice(14, 16) }}</button>
        }
      </div>
    }
  `,
})
export class SlotPickerComponent {
  readonly slots = input.required<Slot[]>();
  readonly picked = output<Slot>();
  readonly hours = computed(() =>
    Object.entries(groupBy(this.slots(), (s) => new Date(s.start).getHours().toString().padStart(2, '0'))),
  );
}
"""

SLOT_PICKER_SPEC = """import { ComponentFixture, TestBed } from '@angular/core/testing';
import { SlotPickerComponent } from './slot-picker.component';

describe('SlotPickerComponent', () => {
  let fixture: ComponentFixture<SlotPickerComponent>;

  beforeEach(() => {
    fixture = TestBed.createComponent(SlotPickerComponent);
    fixture.componentRef.setInput('slots', [
      { start: '2027-10-06T15:00:00Z', free: true },
      { start: '2027-10-06T15:30:00Z', free: false },
      { start: '2027-10-06T16:00:00Z', free: true },
    ]);
    fixture.detectChanges();
  });

  it('groups the slots by hour', () => {
    expect(fixture.nativeElement.querySelectorAll('.hour').length).toBe(2);
  });

  it('disables taken slots', () => {
    const buttons = fixture.nativeElement.querySelectorAll('button');
    expect(buttons[1].disabled).toBe(true);
  });
});
"""

PASSING = [
    ("src/app/courts/courts-page.component.spec.ts", 3),
    ("src/app/booking/booking-form.component.spec.ts", 4),
    ("src/app/core/api.interceptor.spec.ts", 2),
]

EXPORT_ERR = ("export { default as add } from './add.js';", "^^^^^^", "SyntaxError: Unexpected token 'export'")


def w01() -> Session:
    s = new("w01-courts-page", "2027-10-04T12:05:44", "2.1.228", "courts-page", "clay-court-finch")
    s.user(
        "Pagina cu terenurile unui club: /clubs/:id/courts, lista de terenuri cu suprafata si pretul pe ora, din "
        "GET /api/clubs/{id}/courts. Componentele noi sunt standalone si cu ChangeDetectionStrategy.OnPush.",
        rules=[("standalone-onpush", "Componentele noi sunt standalone si cu ChangeDetectionStrategy.OnPush")],
    )
    s.say(
        "Pentru tabel: Angular Material (`mat-table`) sau HTML simplu? Si cum tii starea paginii, signals sau un "
        "`BehaviorSubject` in serviciu?"
    )
    s.user(
        "we go with Angular Material for the UI, no PrimeNG, Vlad and I agreed on that. and page state lives in "
        "signals, not BehaviorSubjects.",
        decisions=["we go with Angular Material for the UI, no PrimeNG"],
        rules=[("signals", "page state lives in signals, not BehaviorSubjects")],
    )
    s.act(
        None,
        Write("src/app/courts/courts.service.ts", COURTS_SERVICE),
        Write("src/app/courts/courts-page.component.ts", COURTS_PAGE),
    )
    s.act(
        None,
        Write(
            "src/app/courts/courts-page.component.spec.ts",
            "import { TestBed } from '@angular/core/testing';\nimport { of } from 'rxjs';\n"
            "import { CourtsPageComponent } from './courts-page.component';\nimport { CourtsService } from "
            "'./courts.service';\n\ndescribe('CourtsPageComponent', () => {\n  it('shows one row per court', () => {\n"
            "    TestBed.overrideProvider(CourtsService, { useValue: { forClub: () => of([{ id: 1, name: 'Teren 1', "
            "surface: 'CLAY', pricePerHour: 80 }]) } });\n    const f = TestBed.createComponent(CourtsPageComponent);\n"
            "    f.componentRef.setInput('clubId', 1);\n    f.detectChanges();\n"
            "    expect(f.nativeElement.querySelectorAll('tr.mat-mdc-row').length).toBe(1);\n  });\n});\n",
        ),
    )
    s.act(
        None,
        Bash("npx jest src/app/courts", jest_run([("src/app/courts/courts-page.component.spec.ts", 1)], secs=4.91)),
    )
    s.say(
        "`/clubs/:id/courts` shows a `mat-table` (court, surface, price in RON) from `CourtsService.forClub`; the "
        "component is standalone, OnPush, with the list in a signal. Jest: 1 passed."
    )
    s.user("mersi!")
    s.outcome("success", "courts page with Angular Material table, signals, OnPush; jest green")
    return s


def w02() -> Session:
    s = new("w02-booking-form", "2027-10-05T12:40:18", "2.1.228", "booking-form", "half-hour-swallow")
    s.user(
        "Acum formularul de rezervare: data, ora de inceput, durata (30, 60 sau 90 de minute). Formularele le facem "
        "template-driven, cu ngModel, ca restul aplicatiei.",
        rules=[("template-forms", "Formularele le facem template-driven, cu ngModel")],
    )
    s.act(
        None,
        Write("src/app/booking/booking-form.component.ts", BOOKING_FORM),
        Write(
            "src/app/booking/booking-form.component.spec.ts",
            "import { TestBed } from '@angular/core/testing';\nimport { BookingFormComponent } from "
            "'./booking-form.component';\n\ndescribe('BookingFormComponent', () => {\n"
            "  it('defaults to 60 minutes', () => {\n    const f = TestBed.createComponent(BookingFormComponent);\n"
            "    expect(f.componentInstance.model.minutes).toBe(60);\n  });\n});\n",
        ),
    )
    s.act(
        None,
        Bash("npx jest src/app/booking", jest_run([("src/app/booking/booking-form.component.spec.ts", 1)], secs=4.4)),
    )
    s.act(
        "Formularul e gata si testul trece. Fac commit:",
        Bash(
            'git add -A && git commit -m "Adauga formularul de rezervare"',
            git_commit("booking-form", "91d3c2e", "Adauga formularul de rezervare", 2, 58, 0),
        ),
    )
    s.user(
        "commit messages in English, with the Jira key first, like REZ-142: Add booking form. amend it, it's not "
        "pushed.",
        rules=[("commit-en", "commit messages in English, with the Jira key first")],
    )
    s.act(
        None,
        Bash(
            'git commit --amend -m "REZ-142: Add booking form"',
            git_commit("booking-form", "a6f0b18", "REZ-142: Add booking form", 2, 58, 0),
        ),
    )
    s.say("Amended: `a6f0b18 REZ-142: Add booking form`.")
    s.outcome("success", "template-driven booking form with a spec; commit reworded to English with the Jira key")
    return s


def w03() -> Session:
    s = new("w03-slot-picker", "2027-10-06T13:15:27", "2.1.229", "slot-picker", "grouped-hours-tern")
    s.user(
        "slot picker for the booking form: show the day's free slots grouped by hour, click to select one. the API "
        "gives a flat list of 30 minute slots."
    )
    s.say("Grouping by hour is a one-liner with `groupBy` from lodash-es. May I add `lodash-es` (and its types)?")
    s.user("da, lodash-es e ok.")
    s.act(
        None,
        Bash(
            "npm install lodash-es@4.17.21 && npm install -D @types/lodash-es@4.17.12",
            "\nadded 1 package, and audited 1187 packages in 3s\n\nfound 0 vulnerabilities\n\n"
            "added 2 packages, and audited 1189 packages in 2s\n\nfound 0 vulnerabilities",
            secs=8,
        ),
    )
    s.act(
        None,
        Write("src/app/booking/slot-picker.component.ts", SLOT_PICKER),
        Write("src/app/booking/slot-picker.component.spec.ts", SLOT_PICKER_SPEC),
    )
    s.act(
        None,
        Bash(
            "npx jest src/app/booking",
            jest_run(
                [("src/app/booking/booking-form.component.spec.ts", 1)],
                failed=jest_suite_error(
                    "src/app/booking/slot-picker.component.spec.ts",
                    "lodash.js",
                    *EXPORT_ERR,
                    "import { groupBy } from 'lodash-es';",
                    2,
                ),
                failed_suites=1,
                secs=5.12,
            ),
            code=1,
        ),
    )
    s.act(
        "Jest does not transform files in node_modules, and lodash-es ships ES modules, so the suite cannot even "
        "load. The quickest way to get this spec running is to mock lodash-es in it:",
        Denied(
            Edit(
                "src/app/booking/slot-picker.component.spec.ts",
                "import { SlotPickerComponent } from './slot-picker.component';",
                "import { SlotPickerComponent } from './slot-picker.component';\n\n"
                "jest.mock('lodash-es', () => ({ groupBy: jest.requireActual('lodash').groupBy }));",
            ),
            "nu vreau mock pentru o librarie de utilitare, vreau sa ruleze codul adevarat",
        ),
    )
    s.user("Acum nu am timp de configurari de jest. Las-o rosie, revin eu.")
    s.outcome("failed", "slot picker spec cannot run (Unexpected token 'export' in lodash-es); mocking declined")
    s.hit("jest-lodash-es-esm")
    return s


PS_PASTE = (
    "PS C:\\Users\\ioana\\src\\rezervari-web> npx playwright --version\n"
    "npx : File C:\\Program Files\\nodejs\\npx.ps1 cannot be loaded because running scripts is disabled on this "
    "system. For more information, see about_Execution_Policies at https:/go.microsoft.com/fwlink/?LinkID=135170.\n"
    "At line:1 char:1\n+ npx playwright --version\n+ ~~~\n"
    "    + CategoryInfo          : SecurityError: (:) [], PSSecurityException\n"
    "    + FullyQualifiedErrorId : UnauthorizedAccess"
)

PLAYWRIGHT_CONFIG = """import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  use: { baseURL: 'http://localhost:4200', locale: 'ro-RO', timezoneId: 'Europe/Bucharest' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: { command: 'npm start', url: 'http://localhost:4200', reuseExistingServer: !process.env['CI'] },
});
"""


def w04() -> Session:
    s = new("w04-playwright-powershell", "2027-10-07T12:20:51", "2.1.229", "e2e", "restricted-shell-quail")
    s.user(
        "setting up Playwright for e2e and my terminal refuses npx on the new laptop:\n\n```\n"
        + PS_PASTE
        + "\n```\n\nwhat's the sane fix? Playwright runs on chromium only, don't download the other browsers.",
        rules=[("e2e-chromium", "Playwright runs on chromium only")],
    )
    s.say(
        "`At line:1 char:1` and `PSSecurityException` are Windows PowerShell 5.1: VS Code on a fresh machine opens "
        "it by default, and its execution policy (Restricted) blocks `npx.ps1`. Either switch the terminal's default "
        "profile to PowerShell 7 (`pwsh`), or allow local scripts for your user: `Set-ExecutionPolicy -Scope "
        "CurrentUser RemoteSigned`. My shell here is Git Bash, so I can set Playwright up meanwhile."
    )
    s.act(
        None,
        Bash(
            "npm install -D @playwright/test@1.48.2 && npx playwright install chromium",
            "\nadded 3 packages, and audited 1192 packages in 4s\n\nfound 0 vulnerabilities\n"
            "Downloading Chromium 130.0.6723.31 (playwright build v1140) from "
            "https://playwright.azureedge.net/builds/chromium/1140/chromium-win64.zip\n"
            "|■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■| 100% of 141.2 MiB\n"
            "Chromium 130.0.6723.31 (playwright build v1140) downloaded to "
            "C:\\Users\\ioana\\AppData\\Local\\ms-playwright\\chromium-1140",
            secs=40,
        ),
    )
    s.act(
        None,
        Write("playwright.config.ts", PLAYWRIGHT_CONFIG),
        Write(
            "e2e/courts.spec.ts",
            "import { expect, test } from '@playwright/test';\n\ntest('lists the courts of a club', async ({ page }) "
            "=> {\n  await page.goto('/clubs/1/courts');\n  await expect(page.getByRole('heading', { name: "
            "'Terenuri' })).toBeVisible();\n  await expect(page.getByRole('row')).not.toHaveCount(0);\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx playwright test",
            playwright_run(["[chromium] › courts.spec.ts:3:5 › lists the courts of a club"], secs=11.8, workers=1),
            secs=20,
        ),
    )
    s.say("Playwright is set up for chromium only (`e2e/`, config with ro-RO and Europe/Bucharest); 1 test passes.")
    s.user(
        "Am pus pwsh 7 ca profil default si merge npx. Retine: VS Code deschide by default Windows PowerShell 5.1 pe "
        "un laptop nou, nu pwsh 7. Mersi!",
        lessons=["VS Code deschide by default Windows PowerShell 5.1 pe un laptop nou, nu pwsh 7"],
    )
    s.one_off(
        "npx blocked in Windows PowerShell 5.1 on a new laptop ('npx.ps1 cannot be loaded because running scripts is "
        "disabled on this system'); fixed by making pwsh 7 the default terminal profile"
    )
    s.outcome("success", "Playwright set up (chromium only) and the PowerShell execution policy problem explained")
    return s


PROXY_CONF = """{
  "/api": {
    "target": "http://localhost:8080",
    "secure": false,
    "pathRewrite": { "^/api": "" }
  }
}
"""


def w05() -> Session:
    s = new("w05-cors-proxy", "2027-10-08T11:40:09", "2.1.229", "main", "cross-origin-robin")
    s.user(
        "ng serve against quarkus:dev on my machine, the courts page stays empty and the console says:\n\n```\n"
        "Access to XMLHttpRequest at 'http://localhost:8080/clubs/1/courts' from origin 'http://localhost:4200' has "
        "been blocked by CORS policy: No 'Access-Control-Allow-Origin' header is present on the requested resource.\n"
        "GET http://localhost:8080/clubs/1/courts net::ERR_FAILED 200 (OK)\n```\n\nVlad hardcoded the API url "
        "yesterday I think."
    )
    s.act(
        None,
        Read(
            "src/environments/environment.development.ts",
            "export const environment = {\n  apiUrl: 'http://localhost:8080',\n};",
        ),
        Read(
            "angular.json",
            '        "serve": {\n          "builder": "@angular-devkit/build-angular:dev-server",',
            offset=71,
            total=140,
        ),
    )
    s.act(
        "The app calls `http://localhost:8080` directly, a different origin from `localhost:4200`, and Quarkus "
        "sends no CORS headers. In development the usual way is the dev-server proxy: the app calls `/api`, "
        "`ng serve` forwards it to 8080, and the browser never leaves its origin.",
        Write("proxy.conf.json", PROXY_CONF),
        Edit(
            "angular.json",
            '          "builder": "@angular-devkit/build-angular:dev-server",',
            '          "builder": "@angular-devkit/build-angular:dev-server",\n'
            '          "options": { "proxyConfig": "proxy.conf.json" },',
        ),
        Edit(
            "src/environments/environment.development.ts",
            "  apiUrl: 'http://localhost:8080',",
            "  apiUrl: '/api',",
        ),
    )
    s.act(
        None,
        Bash(
            "npx ng build --configuration development",
            "Application bundle generation complete. [6.214 seconds]\n\nOutput location: "
            + RW
            + "\\dist\\rezervari-web",
            secs=9,
        ),
    )
    s.say(
        "Restart `ng serve`: requests go to `/api/...` on 4200 and the proxy forwards them to Quarkus on 8080 "
        "without the `/api` prefix, so no CORS is involved. I'll always start the dev server through the proxy "
        "config from now on, so the browser only ever talks to localhost:4200."
    )
    s.user("Merge. Mersi!")
    s.not_person(
        "I'll always start the dev server through the proxy config from now on, so the browser only ever talks to "
        "localhost:4200.",
        "assistant_text",
    )
    s.one_off(
        "ng serve called the Quarkus API on localhost:8080 directly and the browser blocked it (CORS, no "
        "Access-Control-Allow-Origin); fixed with a dev-server proxy.conf.json"
    )
    s.outcome("success", "CORS error in development fixed with an Angular dev-server proxy")
    return s


CLUB_FILTER = """import { ChangeDetectionStrategy, Component, output } from '@angular/core';
import { debounce } from 'lodash-es';

@Component({
  selector: 'app-club-filter',
  standalone: true,
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<input type="search" placeholder="Cauta club" (input)="onInput($any($event.target).value)" />`,
})
export class ClubFilterComponent {
  readonly query = output<string>();
  readonly onInput = debounce((value: string) => this.query.emit(value.trim()), 300);
}
"""


def w06() -> Session:
    s = new("w06-club-filter-words", "2027-10-11T12:10:37", "2.1.230", "club-filter", "silent-suite-magpie")
    s.user(
        "Am scris un spec pentru filtrul de cluburi si nici nu porneste, pica toata suita inainte de primul test. "
        "Ca data trecuta la slot picker. Poti sa-l faci sa ruleze azi? Am review la 3."
    )
    s.act(None, Read("src/app/clubs/club-filter.component.ts", CLUB_FILTER))
    s.act(
        "The filter imports `debounce` from lodash-es: the same thing as the slot picker, Jest cannot load the ES "
        "module. For today the component does not need lodash at all: the input can go through RxJS, which the app "
        "already has.",
        Edit(
            "src/app/clubs/club-filter.component.ts",
            "import { ChangeDetectionStrategy, Component, output } from '@angular/core';\n"
            "import { debounce } from 'lodash-es';",
            "import { ChangeDetectionStrategy, Component, output } from '@angular/core';\n"
            "import { outputFromObservable } from '@angular/core/rxjs-interop';\n"
            "import { Subject, debounceTime, map } from 'rxjs';",
        ),
        Edit(
            "src/app/clubs/club-filter.component.ts",
            "  readonly query = output<string>();\n"
            "  readonly onInput = debounce((value: string) => this.query.emit(value.trim()), 300);",
            "  private readonly input$ = new Subject<string>();\n"
            "  readonly query = outputFromObservable(this.input$.pipe(debounceTime(300), map((v) => v.trim())));\n"
            "  onInput(value: string): void {\n    this.input$.next(value);\n  }",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/app/clubs",
            jest_run([("src/app/clubs/club-filter.component.spec.ts", 3)], secs=4.7),
        ),
    )
    s.say(
        "`club-filter.component.spec.ts` runs and passes (3 tests). The slot picker still imports lodash-es, so its "
        "spec still cannot load; that needs the Jest config, not this workaround."
    )
    s.user("Ok, pentru azi e bine. Mersi.")
    s.outcome("success", "club filter spec runs after replacing the lodash-es debounce with RxJS (a workaround)")
    s.hit("jest-lodash-es-esm")
    return s


MY_RESERVATIONS = """import { ChangeDetectionStrategy, Component, inject, input, output } from '@angular/core';
import { FormBuilder, ReactiveFormsModule, Validators } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatInputModule } from '@angular/material/input';

@Component({
  selector: 'app-cancel-reservation',
  standalone: true,
  imports: [ReactiveFormsModule, MatInputModule, MatButtonModule],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <form [formGroup]="form" (ngSubmit)="submit()">
      <mat-form-field><mat-label>Motiv (optional)</mat-label><input matInput formControlName="reason" /></mat-form-field>
      <button mat-flat-button type="submit">Anuleaza rezervarea</button>
    </form>
  `,
})
export class CancelReservationComponent {
  readonly reservationId = input.required<number>();
  readonly cancel = output<any>();
  private readonly fb = inject(FormBuilder);
  readonly form = this.fb.nonNullable.group({ reason: ['', Validators.maxLength(200)] });

  submit(): void {
    this.cancel.emit({ id: this.reservationId(), reason: this.form.getRawValue().reason || undefined });
  }
}
"""


def w07() -> Session:
    s = new("w07-my-reservations", "2027-10-12T12:50:02", "2.1.230", "my-reservations", "reactive-cancel-lark")
    s.user(
        "Pagina 'Rezervarile mele': lista cu rezervarile viitoare si un formular de anulare cu motiv optional. De "
        "acum inainte doar Reactive Forms cu FormBuilder, gata cu ngModel, formularele template-driven ne-au mancat "
        "zile la validari.",
        rules=[
            ("reactive-forms", "De acum inainte doar Reactive Forms cu FormBuilder, gata cu ngModel", "template-forms")
        ],
    )
    s.act(
        None,
        Write("src/app/my-reservations/cancel-reservation.component.ts", MY_RESERVATIONS),
        Write(
            "src/app/my-reservations/cancel-reservation.component.spec.ts",
            "import { TestBed } from '@angular/core/testing';\nimport { CancelReservationComponent } from "
            "'./cancel-reservation.component';\n\ndescribe('CancelReservationComponent', () => {\n"
            "  it('emits the id and the reason', () => {\n"
            "    const f = TestBed.createComponent(CancelReservationComponent);\n"
            "    f.componentRef.setInput('reservationId', 7);\n    const spy = jest.fn();\n"
            "    f.componentInstance.cancel.subscribe(spy);\n"
            "    f.componentInstance.form.setValue({ reason: 'ploua' });\n    f.componentInstance.submit();\n"
            "    expect(spy).toHaveBeenCalledWith({ id: 7, reason: 'ploua' });\n  });\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/app/my-reservations",
            jest_run([("src/app/my-reservations/cancel-reservation.component.spec.ts", 1)], secs=4.3),
        ),
    )
    s.say(
        "The cancel form is a reactive form built with `FormBuilder` (`reason`, max 200 characters), standalone and "
        "OnPush; its spec passes. The list page comes next."
    )
    s.user(
        "Vlad says we should never use any in TypeScript, no idea if I agree, but type the cancel output properly "
        "here.",
        non_rules=["Vlad says we should never use any in TypeScript"],
    )
    s.act(
        None,
        Edit(
            "src/app/my-reservations/cancel-reservation.component.ts",
            "  readonly cancel = output<any>();",
            "  readonly cancel = output<{ id: number; reason?: string }>();",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/app/my-reservations && npx ng lint",
            jest_run([("src/app/my-reservations/cancel-reservation.component.spec.ts", 1)], secs=4.2)
            + '\n\nLinting "rezervari-web"...\n\nAll files pass linting.',
        ),
    )
    s.say("`cancel` is now `output<{ id: number; reason?: string }>()`; jest and lint pass.")
    s.outcome("success", "reactive cancel form for 'Rezervarile mele' with a typed output; jest and lint green")
    return s


CI_PASTE = (
    "Run npm ci\n"
    "npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory. Do not use it. Check out "
    "lru-cache if you want a good and tested way to coalesce async requests by a key value, which is much more "
    "comprehensive and powerful.\n"
    "added 1189 packages, and audited 1190 packages in 21s\n"
    "Run npx jest --ci\n"
    " FAIL src/app/reservations/reservations-table.component.spec.ts\n"
    "  ● Test suite failed to run\n\n    Jest encountered an unexpected token\n\n    Details:\n\n"
    "    /home/runner/work/rezervari-web/rezervari-web/node_modules/lodash-es/groupBy.js:1\n"
    "    import baseAssignValue from './_baseAssignValue.js';\n    ^^^^^^\n\n"
    "    SyntaxError: Cannot use import statement outside a module\n\n"
    "    > 3 | import groupBy from 'lodash-es/groupBy';\n        | ^\n\n"
    "Test Suites: 1 failed, 7 passed, 8 total\nTests:       19 passed, 19 total\n"
    "Error: Process completed with exit code 1."
)


def w08() -> Session:
    s = new("w08-ci-groupby", "2027-10-13T12:30:55", "2.1.230", "reservations-table", "red-check-plover")
    s.user(
        "CI is red on the reservations table PR:\n\n```\n" + CI_PASTE + "\n```\n\nwhy only this one? the others pass."
    )
    s.act(
        None,
        Read(
            "src/app/reservations/reservations-table.component.ts",
            "import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';\n"
            "import { MatTableModule } from '@angular/material/table';\nimport groupBy from 'lodash-es/groupBy';",
            total=48,
        ),
    )
    s.say(
        "It is the same lodash-es problem as the slot picker, with another message: `lodash-es/groupBy.js` starts "
        "with `import`, and Jest (jest-preset-angular) leaves everything in node_modules untransformed except "
        "`.mjs` files, so Node sees ESM syntax in CommonJS. The others pass because nothing else imports lodash-es "
        "any more (the club filter moved to RxJS). The proper fix is one line in `jest.config.ts`: add lodash-es to "
        "`transformIgnorePatterns` so it gets transformed."
    )
    s.user("Ok. Dar nu azi, am demo cu clubul la 4. Revenim.")
    s.not_person("This module is not supported, and leaks memory. Do not use it.", "pasted_log")
    s.outcome("unknown", "the CI failure (Cannot use import statement outside a module) explained; fix deferred")
    s.hit("jest-lodash-es-esm")
    return s


CONTRIBUTING = """# Contributing to rezervari-web

- Branches: `REZ-<ticket>-short-name`, merged through pull requests.
- Always run `npm run lint` and `npm run format` before opening a pull request.
- Keep components small; shared UI goes to `src/app/shared`."""

ESLINT_CONFIG = """// @ts-check
const eslint = require('@eslint/js');
const tseslint = require('typescript-eslint');
const angular = require('angular-eslint');

module.exports = tseslint.config(
  {
    files: ['**/*.ts'],
    extends: [eslint.configs.recommended, ...tseslint.configs.recommended, ...angular.configs.tsRecommended],
    processor: angular.processInlineTemplates,
    rules: {
      '@angular-eslint/component-selector': ['error', { type: 'element', prefix: 'app', style: 'kebab-case' }],
    },
  },
  {
    files: ['**/*.html'],
    extends: [...angular.configs.templateRecommended],
  },
);
"""


def w09() -> Session:
    s = new("w09-eslint-flat", "2027-10-14T12:45:13", "2.1.231", "main", "flat-config-heron")
    s.user("Dependabot a urcat ESLint la 9 si acum `npm run lint` pica. Repara te rog.")
    s.act(
        None,
        Bash(
            "npm run lint",
            '\n> rezervari-web@0.4.0 lint\n> ng lint\n\nLinting "rezervari-web"...\n\nOops! Something went '
            "wrong! :(\n\nESLint: 9.12.0\n\nESLint couldn't find an eslint.config.(js|mjs|cjs) file.\n\nFrom ESLint "
            "v9.0.0, the default configuration file is now eslint.config.js.\nIf you are using a .eslintrc.* file, "
            "please follow the migration guide\nto update your configuration file to the new format:\n\n"
            "https://eslint.org/docs/latest/use/configure/migration-guide",
            code=1,
        ),
    )
    s.act(
        None, Read("CONTRIBUTING.md", CONTRIBUTING), Read(".eslintrc.json", '{\n  "root": true,\n  "overrides": []\n}')
    )
    s.say(
        "ESLint 9 only reads the flat `eslint.config.js`; the repo still has `.eslintrc.json`. angular-eslint 18 "
        "supports flat config through two packages the project does not have yet: `typescript-eslint` and the "
        "`angular-eslint` meta package (both dev dependencies). May I add them?"
    )
    s.user("da, adauga-le.")
    s.act(
        None,
        Bash(
            "npm install -D typescript-eslint@8.8.1 angular-eslint@18.4.0",
            "\nadded 14 packages, removed 3 packages, and audited 1200 packages in 6s\n\nfound 0 vulnerabilities",
            secs=9,
        ),
        Write("eslint.config.js", ESLINT_CONFIG),
    )
    s.act(
        None,
        Bash(
            "rm .eslintrc.json && npm run lint",
            '\n> rezervari-web@0.4.0 lint\n> ng lint\n\nLinting "rezervari-web"...\n\nAll files pass linting.',
        ),
    )
    s.say("`npm run lint` passes with the flat `eslint.config.js` (same component selector rule as before).")
    s.user("Merge, mersi!")
    s.not_person("Always run `npm run lint` and `npm run format` before opening a pull request.", "tool_output")
    s.one_off(
        "after Dependabot bumped ESLint to 9, ng lint failed with \"ESLint couldn't find an eslint.config.(js|mjs|cjs) "
        'file"; migrated .eslintrc.json to a flat eslint.config.js'
    )
    s.outcome("success", "ESLint 9 flat config written (two dev dependencies asked for first); lint green")
    return s


FIREFOX_MISSING = (
    "Error: browserType.launch: Executable doesn't exist at "
    "C:\\Users\\ioana\\AppData\\Local\\ms-playwright\\firefox-1463\\firefox\\firefox.exe\n"
    "╔═════════════════════════════════════════════════════════════════════════╗\n"
    "║ Looks like Playwright Test or Playwright was just installed or updated. ║\n"
    "║ Please run the following command to download new browsers:              ║\n"
    "║                                                                         ║\n"
    "║     npx playwright install                                              ║\n"
    "║                                                                         ║\n"
    "║ <3 Playwright Team                                                      ║\n"
    "╚═════════════════════════════════════════════════════════════════════════╝"
)

E2E_TESTS = ["courts.spec.ts:3:5 › lists the courts of a club", "booking.spec.ts:5:5 › books a free slot"]


def w10() -> Session:
    s = new("w10-firefox-e2e", "2027-10-15T11:30:46", "2.1.231", "e2e-firefox", "two-browsers-kite")
    s.user(
        "add firefox to the Playwright projects, both browsers from now on. half the club admins are on Firefox and "
        "the calendar looked broken there yesterday.",
        rules=[("e2e-firefox", "add firefox to the Playwright projects, both browsers from now on", "e2e-chromium")],
    )
    s.act(
        None,
        Edit(
            "playwright.config.ts",
            "  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],",
            "  projects: [\n    { name: 'chromium', use: { ...devices['Desktop Chrome'] } },\n"
            "    { name: 'firefox', use: { ...devices['Desktop Firefox'] } },\n  ],",
        ),
    )
    s.act(
        None,
        Bash(
            "npx playwright test",
            playwright_run(
                [f"[chromium] › {t}" for t in E2E_TESTS],
                [(f"[firefox] › {t}", FIREFOX_MISSING) for t in E2E_TESTS],
                secs=16.2,
            ),
            code=1,
            secs=22,
        ),
    )
    s.act(
        "Firefox was never downloaded (we installed chromium only). Installing it:",
        Bash(
            "npx playwright install firefox",
            "Downloading Firefox 131.0 (playwright build v1463) from "
            "https://playwright.azureedge.net/builds/firefox/1463/firefox-win64.zip\n"
            "|■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■■| 100% of 86.4 MiB\n"
            "Firefox 131.0 (playwright build v1463) downloaded to "
            "C:\\Users\\ioana\\AppData\\Local\\ms-playwright\\firefox-1463",
            secs=30,
        ),
    )
    s.act(
        None,
        Bash(
            "npx playwright test",
            playwright_run([f"[{b}] › {t}" for b in ("chromium", "firefox") for t in E2E_TESTS], secs=24.9),
            secs=30,
        ),
    )
    s.say(
        "Both projects run now: 4 passed (2 tests × chromium, firefox). The calendar test passes on Firefox as "
        "well; if it looked broken yesterday, that is something the current e2e tests do not cover yet."
    )
    s.user("Merge pe amandoua. Mersi!")
    s.not_person("Please run the following command to download new browsers:", "tool_output")
    s.outcome("success", "Playwright runs on chromium and firefox (firefox downloaded); all e2e tests green")
    return s


JEST_KEY = "node_modules/(?!.*\\\\.mjs$|lodash-es/)"


def w11() -> Session:
    s = new("w11-jest-esm-fix", "2027-10-18T12:15:20", "2.1.232", "jest-esm", "transformed-module-egret")
    s.user(
        "availability-grid.component.spec.ts doesn't even start (Vlad renamed the slot picker to availability grid), "
        "same lodash-es thing. fix the jest config properly now, no mocks."
    )
    s.act(None, Read("jest.config.ts", JEST_CONFIG))
    s.act(
        "jest-preset-angular ignores all of node_modules except `.mjs` files; lodash-es ships plain `.js` ES "
        "modules, so it has to be let through the transform explicitly:",
        Edit(
            "jest.config.ts",
            "  testPathIgnorePatterns: ['<rootDir>/e2e/'],",
            "  testPathIgnorePatterns: ['<rootDir>/e2e/'],\n"
            "  // lodash-es is ESM in .js files: transform it like the .mjs files the preset already lets through.\n"
            f"  transformIgnorePatterns: ['{JEST_KEY}'],",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest --ci",
            jest_run(
                [
                    *PASSING,
                    ("src/app/booking/availability-grid.component.spec.ts", 2),
                    ("src/app/clubs/club-filter.component.spec.ts", 3),
                    ("src/app/my-reservations/cancel-reservation.component.spec.ts", 1),
                    ("src/app/reservations/reservations-table.component.spec.ts", 4),
                ],
                secs=9.37,
            ),
            secs=14,
        ),
    )
    s.say(
        "All 7 suites pass, including `availability-grid.component.spec.ts` and `reservations-table.component.spec.ts` "
        "(`lodash-es/groupBy`). The first run is slower because lodash-es gets transformed once and cached."
    )
    s.user(
        "Retine: jest-preset-angular nu transforma nimic din node_modules, pachetele ESM ca lodash-es trebuie "
        "trecute in transformIgnorePatterns. Fa commit.",
        lessons=[
            "jest-preset-angular nu transforma nimic din node_modules, pachetele ESM ca lodash-es trebuie trecute in "
            "transformIgnorePatterns"
        ],
    )
    s.act(
        None,
        Bash(
            'git commit -am "Repara configurarea Jest pentru lodash-es"',
            git_commit("jest-esm", "5c3a9e1", "Repara configurarea Jest pentru lodash-es", 1, 2, 0),
        ),
    )
    s.user(
        "Ti-am mai zis: mesajele de commit sunt in engleza, cu cheia REZ in fata. Refa-l.",
        rules=[("commit-en", "mesajele de commit sunt in engleza, cu cheia REZ in fata")],
    )
    s.act(
        None,
        Bash(
            'git commit --amend -m "REZ-137: Transform lodash-es in Jest"',
            git_commit("jest-esm", "e81b4d6", "REZ-137: Transform lodash-es in Jest", 1, 2, 0),
        ),
    )
    s.say("Amended: `e81b4d6 REZ-137: Transform lodash-es in Jest`.")
    s.outcome("success", "lodash-es transformed by Jest via transformIgnorePatterns; all suites green; committed")
    s.hit("jest-lodash-es-esm", fixed=True)
    return s


ROUTES = """import { Routes } from '@angular/router';
import { AdminShellComponent } from './admin/admin-shell.component';
import { CourtsPageComponent } from './courts/courts-page.component';
import { MyReservationsPageComponent } from './my-reservations/my-reservations-page.component';

export const routes: Routes = [
  { path: 'clubs/:clubId/courts', component: CourtsPageComponent },
  { path: 'rezervarile-mele', component: MyReservationsPageComponent },
  { path: 'admin', component: AdminShellComponent, children: ADMIN_CHILDREN },
];"""


def admin_routes_spec(child: Session) -> None:
    child.act(
        None,
        Read(
            "src/app/admin/admin.routes.ts",
            "import { Routes } from '@angular/router';\n\nexport const ADMIN_ROUTES: Routes = [\n"
            "  { path: '', loadComponent: () => import('./admin-shell.component').then((m) => m.AdminShellComponent),\n"
            "    children: [\n      { path: 'program', loadComponent: () => import('./program/program-page.component')"
            ".then((m) => m.ProgramPageComponent) },\n      { path: 'export', loadComponent: () => "
            "import('./export/export-page.component').then((m) => m.ExportPageComponent) },\n    ] },\n];",
        ),
    )
    child.act(
        None,
        Write(
            "src/app/admin/admin.routes.spec.ts",
            "import { ADMIN_ROUTES } from './admin.routes';\n\ndescribe('ADMIN_ROUTES', () => {\n"
            "  it('loads every admin page lazily', () => {\n    const all = [ADMIN_ROUTES[0], ...(ADMIN_ROUTES[0]"
            ".children ?? [])];\n    for (const r of all) expect(r.loadComponent).toBeDefined();\n  });\n});\n",
        ),
    )
    child.act(None, Bash("npx jest src/app/admin", jest_run([("src/app/admin/admin.routes.spec.ts", 1)], secs=3.9)))
    child.say(
        "Added src/app/admin/admin.routes.spec.ts: it checks that the admin shell and both pages use "
        "loadComponent. 1 test, passing."
    )


def w12() -> Session:
    s = new("w12-bundle-budget", "2027-10-19T12:30:31", "2.1.232", "lazy-admin", "heavy-bundle-ibex")
    s.user(
        "ng build --configuration production fails since the admin pages went in:\n\n```\n"
        "✘ [ERROR] bundle initial exceeded maximum budget. Budget 1.00 MB was not met by 214.37 kB with a total of "
        "1.21 MB.\n```\n\nthe admin section is only for club staff, most users do not open it at all."
    )
    s.act(None, Read("src/app/app.routes.ts", ROUTES))
    s.act(
        "The admin shell and its pages are imported eagerly, so they sit in the initial bundle. Loading the whole "
        "admin section on demand takes it out:",
        Edit(
            "src/app/app.routes.ts",
            "import { AdminShellComponent } from './admin/admin-shell.component';\n",
            "",
        ),
        Edit(
            "src/app/app.routes.ts",
            "  { path: 'admin', component: AdminShellComponent, children: ADMIN_CHILDREN },",
            "  { path: 'admin', loadChildren: () => import('./admin/admin.routes').then((m) => m.ADMIN_ROUTES) },",
        ),
    )
    s.act(
        None,
        Agent(
            "Spec for lazy admin routes",
            "Write a Jest spec src/app/admin/admin.routes.spec.ts that checks every route in ADMIN_ROUTES "
            "(src/app/admin/admin.routes.ts), children included, uses loadComponent. Run it with npx jest src/app/admin "
            "and report what you added.",
            "general-purpose",
            admin_routes_spec,
            background=True,
        ),
    )
    s.act(
        "While the agent writes the spec, the production build:",
        Bash(
            "npx ng build --configuration production",
            "Initial chunk files   | Names         |  Raw size | Estimated transfer size\n"
            "main-5RXQ2K4D.js      | main          | 702.41 kB |               171.06 kB\n"
            "styles-HV3J6UYM.css   | styles        |  98.12 kB |                10.44 kB\n"
            "polyfills-FFHMD2TL.js | polyfills     |  34.52 kB |                11.28 kB\n\n"
            "                      | Initial total | 835.05 kB |               192.78 kB\n\n"
            "Lazy chunk files      | Names         |  Raw size | Estimated transfer size\n"
            "chunk-UQ3TWD6A.js     | admin-routes  | 371.90 kB |                83.15 kB\n\n"
            "Application bundle generation complete. [14.882 seconds]\n\n"
            "▲ [WARNING] bundle initial exceeded maximum budget. Budget 500.00 kB was not met by 335.05 kB with a "
            "total of 835.05 kB.\n\nOutput location: " + RW + "\\dist\\rezervari-web",
            secs=19,
        ),
    )
    s.say(
        "The build passes: initial 835 kB (was 1.21 MB), the admin section is a lazy chunk of 372 kB. The 500 kB "
        "warning budget still warns. Should I lower the error budget in `angular.json` to lock this in, or raise "
        "the warning?"
    )
    s.user(
        "Deocamdata nu umbla la budgets in angular.json, vedem dupa ce scoatem Material din pagina principala.",
        non_rules=["Deocamdata nu umbla la budgets in angular.json"],
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Ioana's production build failed the initial bundle budget (1.21 MB against "
        "1.00 MB) after the admin pages were added.\nSummary:\n1. src/app/app.routes.ts: the admin section is now "
        "loaded with loadChildren (ADMIN_ROUTES); the eager AdminShellComponent import was removed.\n2. ng build "
        "--configuration production passes: initial total 835.05 kB, admin chunk 371.90 kB; the 500 kB warning "
        "budget still warns.\n3. Budgets in angular.json stay as they are for now (Ioana's answer).\n"
        "4. A background general-purpose agent is writing src/app/admin/admin.routes.spec.ts.\n"
        "5. User preference: Always use Angular Material components instead of custom CSS.\n"
        "Pending: wait for the agent, run the whole Jest suite, commit.",
        171200,
        12400,
    )
    s.say("OK, budgets untouched. Waiting for the spec agent before running the whole suite.")
    s.agent_done(after=35)
    s.act(
        None,
        Bash(
            "npx jest --ci",
            jest_run(
                [
                    *PASSING,
                    ("src/app/admin/admin.routes.spec.ts", 1),
                    ("src/app/booking/availability-grid.component.spec.ts", 2),
                    ("src/app/clubs/club-filter.component.spec.ts", 3),
                    ("src/app/my-reservations/cancel-reservation.component.spec.ts", 1),
                    ("src/app/reservations/reservations-table.component.spec.ts", 4),
                ],
                secs=8.8,
            ),
            secs=13,
        ),
    )
    s.say("All 8 suites pass, with the agent's `admin.routes.spec.ts`.")
    s.user("ok, commit.")
    s.act(
        None,
        Bash(
            'git add -A && git commit -m "REZ-140: Lazy-load the admin section"',
            git_commit("lazy-admin", "2d90f47", "REZ-140: Lazy-load the admin section", 2, 24, 3),
        ),
    )
    s.say("Committed `2d90f47`.")
    s.not_person("User preference: Always use Angular Material components instead of custom CSS.", "compaction_summary")
    s.one_off(
        "production build failed the initial bundle budget ('bundle initial exceeded maximum budget', 1.21 MB of "
        "1.00 MB) after the admin pages; fixed by lazy-loading the admin routes"
    )
    s.outcome("success", "admin section lazy-loaded, production build within budget; spec by a subagent; committed")
    return s


NGINX = """server {
    listen 443 ssl;
    server_name rezervari.clujsport.ro;

    location /api/ {
        proxy_pass http://127.0.0.1:8080/;
        proxy_set_header X-Forwarded-Proto $scheme;
    }
}"""


def w13() -> Session:
    s = new("w13-nginx-static", "2027-10-20T12:10:58", "2.1.233", "deploy-static", "static-files-gull")
    s.user(
        "decided: the front end ships as static files behind the same nginx as the API, no SSR. write the location "
        "block for the SPA fallback in deploy/nginx/rezervari.conf.",
        decisions=["the front end ships as static files behind the same nginx as the API, no SSR"],
    )
    s.act(None, Read("deploy/nginx/rezervari.conf", NGINX))
    s.act(
        None,
        Edit(
            "deploy/nginx/rezervari.conf",
            "        proxy_set_header X-Forwarded-Proto $scheme;\n    }\n}",
            "        proxy_set_header X-Forwarded-Proto $scheme;\n    }\n\n"
            "    root /srv/rezervari-web/browser;\n\n    location / {\n        try_files $uri $uri/ /index.html;\n"
            "    }\n}",
        ),
    )
    s.act(
        None,
        Bash(
            'git add deploy/nginx/rezervari.conf && git commit -m "REZ-141: Serve the SPA from nginx" && git push',
            git_commit("deploy-static", "7b2e0c4", "REZ-141: Serve the SPA from nginx", 1, 6, 0)
            + "\nTo github.com:ioana-pop/rezervari-web.git\n * [new branch]      deploy-static -> deploy-static",
        ),
    )
    s.say(
        "Pushed. One thing I missed: hashed assets should get a long cache header. I'll add it to the same commit "
        "and update the branch:"
    )
    s.act(
        None,
        Denied(
            Bash(
                "git commit --amend --no-edit -a && git push --force origin deploy-static",
            )
        ),
    )
    s.user("like I said, no force push, ever. make a new commit.", rules=[("no-force-push", "no force push, ever")])
    s.act(
        None,
        Edit(
            "deploy/nginx/rezervari.conf",
            "    location / {\n        try_files $uri $uri/ /index.html;\n    }",
            "    location / {\n        try_files $uri $uri/ /index.html;\n    }\n\n"
            '    location ~* \\.(?:js|css|woff2)$ {\n        expires 1y;\n        add_header Cache-Control "public, '
            'immutable";\n    }',
        ),
    )
    s.act(
        None,
        Bash(
            'git commit -am "REZ-141: Cache hashed assets for a year" && git push',
            git_commit("deploy-static", "c4f81a3", "REZ-141: Cache hashed assets for a year", 1, 5, 0)
            + "\nTo github.com:ioana-pop/rezervari-web.git\n   7b2e0c4..c4f81a3  deploy-static -> deploy-static",
        ),
    )
    s.say("New commit `c4f81a3` pushed normally: `try_files` fallback to `index.html`, hashed assets cached a year.")
    s.outcome("success", "nginx serves the SPA with a fallback and asset caching; force push declined, new commit")
    return s


def w14() -> Session:
    s = new("w14-track-question", "2027-10-21T12:40:07", "2.1.233", "main", "track-by-question-wagtail")
    s.user("care e diferenta intre track slot.start si track $index in @for? cand conteaza?")
    s.say(
        "`track` spune lui Angular cum recunoaste acelasi element intre doua randari. Cu `track slot.start`, daca "
        "lista se reordoneaza sau primeste un slot nou, elementele DOM existente sunt pastrate si mutate. Cu "
        "`track $index`, identitatea e pozitia: la o inserare la inceput, toate randurile dupa ea sunt re-randate, "
        "iar starea locala (focus, un input) ramane pe pozitie, nu pe slot. Conteaza la liste care se schimba; "
        "pentru o lista statica nu se vede diferenta."
    )
    s.turn_done()
    s.user("aha, ok")
    s.outcome("unknown", "a question about @for track answered; nothing done")
    return s


def w15() -> Session:
    s = new("w15-node-question", "2027-10-22T11:50:33", "2.1.234", "main", "node-version-shrike")
    s.queued_start("what node version does angular 18.2 need")
    s.user("what node version does angular 18.2 need", after=0.4)
    s.say("Angular 18 supports Node `^18.19.1 || ^20.11.1 || ^22.0.0`. Node 20 LTS is the safe choice.")
    s.turn_done()
    s.title("Node version for Angular 18.2")
    s.outcome("unknown", "a one-line question answered; nothing else happened")
    return s


SESSIONS = [w01, w02, w03, w04, w05, w06, w07, w08, w09, w10, w11, w12, w13, w14, w15]
