"""Harpreet's `kisan-api` sessions (k01-k15): a TypeScript / NestJS 10 API for farmers' mandi rates, Prisma on
Postgres, Jest and supertest, pnpm, deployed on Render. Times are UTC; Ludhiana is UTC+05:30."""

from __future__ import annotations

from transcript_kit import KISAN, Agent, Bash, Denied, Edit, Read, Session, Write

PROJECT = "kisan-api"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=KISAN, project=PROJECT)


def jest_out(suites: list[tuple[str, int]], failures: list[tuple[str, str, str]] = (), secs: float = 3.41) -> str:
    """`pnpm test`: suites are (file, number of tests); failures are (file, test title, error text)."""
    out = []
    bad = {f for f, _, _ in failures}
    for f, _n in suites:
        out.append(("FAIL " if f in bad else "PASS ") + f)
    for f, title, err in failures:
        out += [
            "",
            f"  ● {title}",
            "",
            "    " + err.replace("\n", "\n    "),
            "",
            f"      at Object.<anonymous> ({f}:23:31)",
        ]
    total = sum(n for _, n in suites)
    nf = len(bad)
    out += [
        "",
        f"Test Suites: {f'{nf} failed, ' if nf else ''}{len(suites) - nf} passed, {len(suites)} total",
        f"Tests:       {f'{len(failures)} failed, ' if failures else ''}{total - len(failures)} passed, {total} total",
        "Snapshots:   0 total",
        f"Time:        {secs:.3f} s",
        "Ran all test suites.",
    ]
    return "\n".join(out)


def git_commit(branch: str, sha: str, subject: str, files: int, ins: int, dels: int = 0) -> str:
    return f"[{branch} {sha}] {subject}\n {files} file{'s' if files > 1 else ''} changed, {ins} insertions(+), {dels} deletions(-)"


SCHEMA = """generator client {
  provider = "prisma-client-js"
}

datasource db {
  provider = "postgresql"
  url      = env("DATABASE_URL")
}

model Mandi {
  id       String      @id
  name     String
  district String
  rates    MandiRate[]
}

model MandiRate {
  id          Int      @id @default(autoincrement())
  mandiId     String
  commodity   String
  modalPaise  Int
  arrivalDate DateTime @db.Date
  mandi       Mandi    @relation(fields: [mandiId], references: [id])
}
"""

PACKAGE_JSON = """{
  "name": "kisan-api",
  "version": "0.4.0",
  "private": true,
  "scripts": {
    "build": "nest build",
    "start:prod": "node dist/main",
    "test": "jest",
    "test:e2e": "jest --config ./test/jest-e2e.json"
  },
  "packageManager": "pnpm@10.4.1"
}"""

CONTRIBUTING = """# kisan-api

- `pnpm test` and `pnpm test:e2e` before a PR.
- # Never commit directly to main; open a PR.
- Render deploys from the branch set in render.yaml."""

RATES_SERVICE = """import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class RatesService {
  constructor(private readonly prisma: PrismaService) {}

  latest(mandiId: string) {
    return this.prisma.mandiRate.findMany({
      where: { mandiId },
      orderBy: { arrivalDate: 'desc' },
      take: 30,
    });
  }
}
"""


def k01() -> Session:
    s = new("k01-rates-endpoint", "2029-09-03T09:20:45", "2.1.150", "main", "rates-endpoint-sarus")
    s.user(
        "hello ji, second project: kisan-api, NestJS 10 + Prisma + Postgres, for the farmer app. decided to host on "
        "Render, not Railway, the free Postgres there is enough for now. we deploy to Render from main only. I need "
        "GET /mandis/:id/rates with the last 30 rates. prices in the API are integer paise, not floats, the schema "
        "already has modalPaise.",
        decisions=["decided to host on Render, not Railway"],
        rules=[
            ("deploy-main", "we deploy to Render from main only"),
            ("paise-int", "prices in the API are integer paise, not floats"),
        ],
    )
    s.title("Rates endpoint")
    s.act(None, Read("prisma/schema.prisma", SCHEMA), Read("CONTRIBUTING.md", CONTRIBUTING))
    s.not_person("# Never commit directly to main; open a PR.", "tool_output")
    s.act(
        "`MandiRate.modalPaise` is an Int already. Service and controller:",
        Write("src/rates/rates.service.ts", RATES_SERVICE),
        Write(
            "src/rates/rates.controller.ts",
            "import { Controller, Get, Param } from '@nestjs/common';\nimport { RatesService } from './rates.service';"
            "\n\n@Controller('mandis/:id/rates')\nexport class RatesController {\n  constructor(private readonly rates: "
            "RatesService) {}\n\n  @Get()\n  list(@Param('id') id: string) {\n    return this.rates.latest(id);\n  }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm build && pnpm test",
            "> kisan-api@0.4.0 build\n> nest build\n\n" + jest_out([("src/rates/rates.service.spec.ts", 2)]),
            secs=14,
        ),
    )
    s.say("`GET /mandis/:id/rates` returns the last 30 rates with `modalPaise` as integers; build and tests pass.")
    s.user("👍 changa")
    s.outcome("success", "rates endpoint added; build and tests pass")
    return s


def k02() -> Session:
    s = new("k02-rupee-format", "2029-09-04T10:02:18", "2.1.150", "main", "rupee-format-bee-eater")
    s.user(
        'app wale keh rahe API rupees formatted bheje, "₹2,150.00" type. nahi: ₹ wali formatting app kardi hai, API '
        'kade nahi. bas ik `currency: "INR"` field add kar do response vich. te JWT secret vala .env.example vi bana do',
        rules=[("app-formats", "₹ wali formatting app kardi hai, API kade nahi")],
    )
    s.act(None, Read("src/rates/rates.service.ts", RATES_SERVICE))
    s.act(
        None,
        Edit(
            "src/rates/rates.service.ts",
            "  latest(mandiId: string) {\n    return this.prisma.mandiRate.findMany({",
            "  async latest(mandiId: string) {\n    const rates = await this.prisma.mandiRate.findMany({",
        ),
        Edit(
            "src/rates/rates.service.ts",
            "      take: 30,\n    });\n  }",
            "      take: 30,\n    });\n    return rates.map((r) => ({ ...r, currency: 'INR' as const }));\n  }",
        ),
    )
    s.act(
        "And .env.example with the current values so a new clone works out of the box:",
        Denied(
            Write(
                ".env.example",
                "DATABASE_URL=postgresql://kisan:kisan@localhost:5432/kisan\nJWT_SECRET=f3b9c1e07a5d42\n",
            ),
            "ਅਸਲੀ secret ਨਹੀਂ! secrets ਸਿਰਫ਼ .env ਵਿੱਚ, repo ਵਿੱਚ ਕਦੇ ਨਹੀਂ",
        ),
    )
    s.user(
        "ਹਾਂ ਜੀ, ਫਿਰ ਤੋਂ ਲਿਖ ਰਿਹਾ ਤਾਂ ਜੋ ਯਾਦ ਰਹੇ: secrets ਸਿਰਫ਼ .env ਵਿੱਚ, repo ਵਿੱਚ ਕਦੇ ਨਹੀਂ. .env.example ਵਿੱਚ placeholder ਪਾਓ",
        rules=[("secrets-env", "secrets ਸਿਰਫ਼ .env ਵਿੱਚ, repo ਵਿੱਚ ਕਦੇ ਨਹੀਂ")],
    )
    s.act(
        None,
        Write(".env.example", "DATABASE_URL=postgresql://user:password@localhost:5432/kisan\nJWT_SECRET=change-me\n"),
    )
    s.act(None, Bash("pnpm test", jest_out([("src/rates/rates.service.spec.ts", 2)])))
    s.say("Rates carry `currency: 'INR'` with integer paise, and `.env.example` has placeholders only.")
    s.user("changa 🙏")
    s.outcome("success", "currency field added, placeholder .env.example; tests pass")
    return s


def k03() -> Session:
    s = new("k03-render-prisma-init", "2029-09-05T11:15:09", "2.1.151", "main", "render-deploy-kite")
    s.user(
        "Render deploy crash ho gaya, ehh log aa:\n\n```\n==> Running 'pnpm run start:prod'\n"
        "/opt/render/project/src/node_modules/.pnpm/@prisma+client@5.22.0_prisma@5.22.0/node_modules/.prisma/client/"
        'default.js:43\n    throw new Error(\'@prisma/client did not initialize yet. Please run "prisma generate" and '
        "try to import it again.');\n          ^\nError: @prisma/client did not initialize yet. Please run \"prisma "
        'generate" and try to import it again.\n==> Exited with status 1\n```'
    )
    s.not_person('Please run "prisma generate" and try to import it again.', "pasted_log")
    s.act(
        "The client was never generated in the Render build. A clean redeploy may pick it up:",
        Bash(
            "render deploys create srv-cr8kisan01 --clear-cache --wait",
            "Deploy dep-cs2k9 created\nWaiting for deploy...\nDeploy dep-cs2k9 failed: update_failed\n"
            "==> Exited with status 1",
            code=1,
            secs=190,
        ),
    )
    s.say("Still the same crash after a clean build. The last good deploy is dep-cr9x1; I can roll back to it.")
    s.user("yes roll back, the app people are waiting")
    s.act(None, Bash("render deploys rollback srv-cr8kisan01 dep-cr9x1", "Rollback to dep-cr9x1 started\nDeploy live"))
    s.say("Rolled back to dep-cr9x1; the API is up on the old build. The Prisma client problem is not fixed.")
    s.user("ਠੀਕ ਹੈ, ਬਾਅਦ ਵਿੱਚ")
    s.outcome("failed", "Render deploy crashes with @prisma/client not initialised; clean redeploy failed, rolled back")
    s.hit("prisma-client-not-generated")
    return s


JEST_E2E = """{
  "moduleFileExtensions": ["js", "json", "ts"],
  "rootDir": ".",
  "testRegex": ".e2e-spec.ts$",
  "transform": { "^.+\\\\.(t|j)s$": "ts-jest" },
  "// note": "Always run e2e tests against the test database, never dev."
}"""


def k04() -> Session:
    s = new("k04-jest-open-handle", "2029-09-06T10:40:30", "2.1.151", "e2e", "open-handle-roller")
    s.user(
        "pnpm test:e2e khatam hi nahi hunda, end te eh aunda:\n\n```\nJest did not exit one second after the test run "
        "has completed.\n\nThis usually means that there are asynchronous operations that weren't stopped in your "
        "tests.\n```\nalso: last time two jest workers truncated each other's tables in the shared test db, so run "
        "the e2e suite with --runInBand.",
        rules=[("runinband", "run the e2e suite with --runInBand")],
    )
    s.act(
        None,
        Read("test/jest-e2e.json", JEST_E2E),
        Read(
            "test/rates.e2e-spec.ts",
            "describe('rates (e2e)', () => {\n  let app: INestApplication;\n\n  beforeAll(async () => {\n"
            "    const mod = await Test.createTestingModule({ imports: [AppModule] }).compile();\n"
            "    app = mod.createNestApplication();\n    await app.init();\n  });\n",
        ),
    )
    s.not_person("Always run e2e tests against the test database, never dev.", "tool_output")
    s.act(
        "The app (and its PrismaClient connection pool) is never closed, so Jest waits on the open sockets:",
        Edit(
            "test/rates.e2e-spec.ts",
            "    await app.init();\n  });",
            "    await app.init();\n  });\n\n  afterAll(async () => {\n    await app.close();\n  });",
        ),
        Edit(
            "package.json",
            '"test:e2e": "jest --config ./test/jest-e2e.json"',
            '"test:e2e": "jest --config ./test/jest-e2e.json --runInBand"',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm test:e2e",
            jest_out([("test/rates.e2e-spec.ts", 3), ("test/mandis.e2e-spec.ts", 2)], secs=6.2),
            secs=12,
        ),
    )
    s.say("The e2e suite exits by itself now and runs in band.")
    s.user(
        "vadhiya. learned that an un-closed PrismaClient keeps jest from exiting, app.close() naal hi band hunda",
        lessons=["learned that an un-closed PrismaClient keeps jest from exiting"],
    )
    s.one_off("Jest e2e run did not exit because the Nest app and its PrismaClient were never closed")
    s.outcome("success", "afterAll app.close() added, e2e suite exits and runs in band")
    return s


def k05() -> Session:
    s = new("k05-rates-dto", "2029-09-08T09:50:12", "2.1.152", "rates-query", "query-dto-starling")
    s.user(
        "rates endpoint te ?from=&to= query chahida, class-validator naal DTO. te ik sawal: kya hamesha Render free "
        "tier sleep karda? pehli request bahut slow aundi aa",
        non_rules=["kya hamesha Render free tier sleep karda?"],
    )
    s.act(
        None,
        Write(
            "src/rates/rates-query.dto.ts",
            "import { IsDateString, IsOptional } from 'class-validator';\n\nexport class RatesQueryDto {\n  "
            "@IsOptional()\n  @IsDateString()\n  from?: string;\n\n  @IsOptional()\n  @IsDateString()\n  to?: string;\n}\n",
        ),
    )
    s.act(None, Bash("pnpm build", "> kisan-api@0.4.0 build\n> nest build", secs=9))
    s.say(
        "The DTO is in place; wiring it into the controller and service is next. On Render: yes, free web services "
        "spin down after 15 minutes without traffic and the first request wakes them, which takes up to a minute."
    )
    s.user("ਠੀਕ ਹੈ, ਬਾਕੀ ਬਾਅਦ ਵਿੱਚ")
    s.outcome("unknown", "query DTO written, not wired in; the person stopped")
    return s


def k06() -> Session:
    s = new("k06-fresh-clone-ts2305", "2029-09-09T10:25:51", "2.1.152", "main", "fresh-clone-weaver")
    s.user(
        "did a fresh clone in WSL (the old folder got deleted) and after pnpm install the tests don't even "
        "compile:\n\n```\nsrc/rates/rates.service.ts:3:10 - error TS2305: Module '\"@prisma/client\"' has no exported "
        "member 'MandiRate'.\n```"
    )
    s.act(
        None,
        Bash(
            "ls node_modules/.prisma/client 2>&1; pnpm install 2>&1 | tail -4",
            "ls: cannot access 'node_modules/.prisma/client': No such file or directory\n"
            "Lockfile is up to date, resolution step is skipped\nAlready up to date\n\n"
            "Ignored build scripts: @prisma/client, @prisma/engines, prisma.\n"
            'Run "pnpm approve-builds" to pick which dependencies should be allowed to run scripts.',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm prisma generate && pnpm test",
            "✔ Generated Prisma Client (v5.22.0) to ./node_modules/@prisma/client in 81ms\n\n"
            + jest_out([("src/rates/rates.service.spec.ts", 2)]),
            secs=11,
        ),
    )
    s.say(
        "The generated client was missing; after `pnpm prisma generate` everything compiles and passes. You should "
        "always run `pnpm prisma generate` after pulling schema changes."
    )
    s.not_person("You should always run `pnpm prisma generate` after pulling schema changes.", "assistant_text")
    s.user("ਚਲੋ, ਚੱਲ ਪਿਆ 👍")
    s.outcome("success", "generated the Prisma client by hand after a fresh clone; tests pass")
    s.hit("prisma-client-not-generated")
    return s


def k07() -> Session:
    s = new("k07-render-ssl", "2029-09-10T11:02:44", "2.1.153", "main", "ssl-mode-pitta")
    s.user(
        "can't connect to the new Render Postgres:\n\n```\nPrismaClientInitializationError: Can't reach "
        "database server at `dpg-cr8k2.oregon-postgres.render.com:5432`\n```\nfix it and commit. commit messages "
        "in English, short and imperative, no Hinglish ones",
        rules=[("commit-english", "commit messages in English, short and imperative")],
    )
    s.act(
        None,
        Bash(
            "render services env srv-cr8kisan01 | grep DATABASE_URL | sed 's/:[^:@]*@/:***@/'",
            "DATABASE_URL=postgresql://kisan:***@dpg-cr8k2.oregon-postgres.render.com:5432/kisan",
        ),
    )
    s.act(
        "Render's external Postgres host accepts TLS connections only, and the URL has no `sslmode`. Adding it:",
        Bash(
            'render services env set srv-cr8kisan01 DATABASE_URL="$(render services env srv-cr8kisan01 --raw '
            'DATABASE_URL)?sslmode=require" && pnpm prisma migrate status',
            "Environment updated\n1 migration found in prisma/migrations\nDatabase schema is up to date!",
            secs=9,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit --allow-empty -m 'Require TLS for the Render database'",
            git_commit("main", "51ac0de", "Require TLS for the Render database", 1, 0),
        ),
    )
    s.say("Connected with `sslmode=require`; migrations are up to date. Committed `51ac0de`.")
    s.user("shukriya 🙏")
    s.one_off("Prisma could not reach Render's external Postgres because the DATABASE_URL had no sslmode=require")
    s.outcome("success", "sslmode=require added to DATABASE_URL; database reachable")
    return s


def write_supertests(child: Session) -> None:
    child.act(
        None,
        Read(
            "src/mandis/mandis.controller.ts",
            "@Controller('mandis')\nexport class MandisController {\n  @Get(':id')\n  one(@Param('id') id: string) {\n    return this.mandis.one(id);\n  }\n}",
        ),
    )
    child.act(
        None,
        Write(
            "test/mandis.e2e-spec.ts",
            "describe('mandis (e2e)', () => {\n  it('GET /mandis/PB-KHN', () => request(app.getHttpServer()).get("
            "'/mandis/PB-KHN').expect(200));\n  it('GET /mandis/unknown is 404', () => request(app.getHttpServer())."
            "get('/mandis/XX').expect(404));\n});\n",
        ),
    )
    child.act(None, Bash("pnpm test:e2e test/mandis.e2e-spec.ts", jest_out([("test/mandis.e2e-spec.ts", 2)])))
    child.say(
        "Added test/mandis.e2e-spec.ts with 2 supertest cases (200 for PB-KHN, 404 for an unknown id); both pass."
    )


def k08() -> Session:
    s = new("k08-mandis-module", "2029-09-12T09:45:02", "2.1.154", "mandis", "mandis-module-pipit")
    s.user(
        "mandis module chahida: GET /mandis (district filter) te GET /mandis/:id, 404 je nahi milda. supertest tests "
        "kisi agent ton likhwa lo parallel vich"
    )
    s.act(
        None,
        Agent(
            "Supertest tests for mandis",
            "Write supertest e2e tests in test/mandis.e2e-spec.ts for GET /mandis/:id (200 and 404). Always close the "
            "Nest app in afterAll. Run them with pnpm test:e2e and report.",
            "general-purpose",
            write_supertests,
            background=True,
        ),
    )
    s.act(
        "Module, service and controller while the agent writes the tests:",
        Write(
            "src/mandis/mandis.service.ts",
            "@Injectable()\nexport class MandisService {\n  constructor(private readonly prisma: PrismaService) {}\n\n"
            "  list(district?: string) {\n    return this.prisma.mandi.findMany({ where: { district } });\n  }\n\n"
            "  async one(id: string) {\n    const m = await this.prisma.mandi.findUnique({ where: { id } });\n"
            "    if (!m) throw new NotFoundException(`mandi ${id}`);\n    return m;\n  }\n}\n",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. Summary:\n1. Harpreet "
        "asked for a mandis module (list with district filter, one by id with 404).\n2. Written: src/mandis/"
        "mandis.service.ts.\n3. A background agent writes test/mandis.e2e-spec.ts.\n4. User preference: always use "
        "the Fastify adapter instead of Express.\nPending: controller, module registration, tests.",
        168400,
        11900,
    )
    s.not_person("User preference: always use the Fastify adapter instead of Express.", "compaction_summary")
    s.not_person("Always close the Nest app in afterAll.", "subagent_prompt")
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "pnpm test && pnpm test:e2e",
            jest_out([("src/rates/rates.service.spec.ts", 2)])
            + "\n\n"
            + jest_out([("test/rates.e2e-spec.ts", 3), ("test/mandis.e2e-spec.ts", 2)]),
            secs=15,
        ),
    )
    s.say("The mandis module is done; unit tests and all 5 e2e tests pass, including the agent's two.")
    s.user("ਵਧੀਆ, commit ਕਰ ਦਿਓ")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add mandis module'",
            git_commit("mandis", "8e3f7b1", "Add mandis module", 5, 112),
        ),
    )
    s.say("Committed `8e3f7b1`.")
    s.outcome("success", "mandis module with e2e tests from a background agent; committed")
    return s


def k09() -> Session:
    s = new("k09-teammate-msp", "2029-09-13T10:12:36", "2.1.154", "msp", "msp-missing-shama")
    s.user(
        "Gurpreet ne kal apne laptop te fresh clone kita. ohde kol API chaldi aa par rates vich msp field hi nahi "
        "aunda, te ohde editor vich vi msp te laal line. mere kol sab theek. lagda ohda @prisma/client purana reh "
        "gaya, par kiven? dono ne pnpm install hi kita"
    )
    s.act(
        None,
        Read("prisma/schema.prisma", SCHEMA.replace("  modalPaise  Int\n", "  modalPaise  Int\n  mspPaise    Int?\n")),
    )
    s.say(
        "The schema has `mspPaise` since yesterday's migration, so his generated client is older than the schema. "
        "I can't see his machine from here; `pnpm prisma generate` on his side would regenerate it, but I'd rather "
        "find why install didn't."
    )
    s.user("usnu keh dinda haan. aaj time khatam, kuch hal nahi hoya")
    s.outcome("failed", "a teammate's fresh clone lacks the new msp field; cause not found")
    s.hit("prisma-client-not-generated")
    return s


JEST_SETUP = """import { execSync } from 'node:child_process';

export default async function globalSetup() {
  execSync('pnpm prisma migrate reset --force --skip-seed', { stdio: 'inherit' });
}
"""


def k10() -> Session:
    s = new("k10-worker-schemas", "2029-09-14T09:58:20", "2.1.155", "e2e-parallel", "worker-schema-oriole")
    s.user(
        "e2e hun 40 second lainda, bahut slow. team ne decide kita: hun har jest worker da apna schema, runInBand di "
        "lod nahi. DATABASE_URL vich ?schema=test_${JEST_WORKER_ID} use karo. te yaad rakhna, schema badlan layi "
        "sirf prisma migrate dev, db push kade nahi",
        rules=[
            ("worker-schemas", "hun har jest worker da apna schema, runInBand di lod nahi", "runinband"),
            ("migrate-dev", "schema badlan layi sirf prisma migrate dev, db push kade nahi"),
        ],
    )
    s.act(None, Read("test/global-setup.ts", JEST_SETUP))
    s.act(
        None,
        Write(
            "test/worker-db.ts",
            "import { execSync } from 'node:child_process';\n\nconst base = process.env.DATABASE_URL_TEST!;\n"
            "process.env.DATABASE_URL = `${base}?schema=test_${process.env.JEST_WORKER_ID}`;\n"
            "execSync('pnpm prisma migrate deploy', { env: process.env, stdio: 'ignore' });\n",
        ),
        Edit(
            "package.json",
            '"test:e2e": "jest --config ./test/jest-e2e.json --runInBand"',
            '"test:e2e": "jest --config ./test/jest-e2e.json"',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm test:e2e",
            jest_out(
                [("test/rates.e2e-spec.ts", 3), ("test/mandis.e2e-spec.ts", 2), ("test/auth.e2e-spec.ts", 4)], secs=13.9
            ),
            secs=18,
        ),
    )
    s.say("Each worker migrates its own `test_<n>` schema; the e2e suite runs in parallel in 13.9 s.")
    s.user("wah 👍")
    s.outcome("success", "per-worker schemas for e2e tests, runInBand dropped")
    return s


def k11() -> Session:
    s = new("k11-prisma-postinstall", "2029-09-16T10:30:11", "2.1.156", "ci-prisma", "postinstall-hornbill")
    s.user(
        "GitHub Actions vich vi hun laal:\n\n```\nFAIL test/rates.e2e-spec.ts\n  ● rates (e2e) › GET /mandis/:id/rates "
        'returns msp next to modal price\n\n    expect(received).toHaveProperty(path)\n\n    Expected path: "mspPaise"\n'
        "    Received path: []\n```\nRender, Gurpreet da laptop, te hun CI. ik hi cheez lagdi aa. jadon tak jad ton "
        "theek na hove, chhadna nahi 🙏"
    )
    s.act(None, Read("package.json", PACKAGE_JSON))
    s.act(
        None,
        Bash(
            "rm -rf node_modules && pnpm install --frozen-lockfile 2>&1 | tail -3",
            "Done in 6.1s\n\nIgnored build scripts: @prisma/client, @prisma/engines, prisma.\n"
            'Run "pnpm approve-builds" to pick which dependencies should be allowed to run scripts.',
            secs=14,
        ),
    )
    s.act(
        "That's the common cause: pnpm 10 no longer runs dependencies' install scripts unless they are allowed, and "
        "`@prisma/client`'s postinstall is what runs `prisma generate`. Every fresh install (Render, CI, a new clone) "
        "ends up with no client or a stale one. Allowing Prisma's builds and generating in our own postinstall:",
        Edit(
            "package.json",
            '    "test:e2e": "jest --config ./test/jest-e2e.json"\n  },',
            '    "test:e2e": "jest --config ./test/jest-e2e.json",\n    "postinstall": "prisma generate"\n  },\n'
            '  "pnpm": {\n    "onlyBuiltDependencies": ["@prisma/client", "@prisma/engines", "prisma"]\n  },',
        ),
    )
    s.act(
        None,
        Bash(
            "rm -rf node_modules && pnpm install --frozen-lockfile 2>&1 | tail -2 && pnpm test && pnpm test:e2e",
            "> kisan-api@0.4.0 postinstall\n> prisma generate\n✔ Generated Prisma Client (v5.22.0) to "
            "./node_modules/@prisma/client in 77ms\n\n"
            + jest_out([("src/rates/rates.service.spec.ts", 2)])
            + "\n\n"
            + jest_out([("test/rates.e2e-spec.ts", 4), ("test/mandis.e2e-spec.ts", 2), ("test/auth.e2e-spec.ts", 4)]),
            secs=40,
        ),
    )
    s.say("A clean install now generates the client; all tests pass, the msp test included. Commit?")
    s.user(
        "haan. lesson: pnpm 10 skips dependency postinstall scripts unless they are allowlisted. Gurpreet nu vi dasda",
        lessons=["lesson: pnpm 10 skips dependency postinstall scripts unless they are allowlisted"],
    )
    s.act(
        None,
        Bash(
            "git add package.json && git commit -m 'Generate the Prisma client on install'",
            git_commit("ci-prisma", "c04d6a9", "Generate the Prisma client on install", 1, 5, 1),
        ),
    )
    s.say("Committed `c04d6a9`.")
    s.outcome("success", "postinstall prisma generate and pnpm onlyBuiltDependencies; clean install and tests pass")
    s.hit("prisma-client-not-generated", fixed=True)
    return s


def k12() -> Session:
    s = new("k12-release-branch", "2029-09-17T11:05:27", "2.1.157", "msp", "release-branch-minla")
    s.user("deploy the msp work please, the PR is merged")
    s.act(
        None,
        Read(
            "render.yaml",
            "services:\n  - type: web\n    name: kisan-api\n    branch: main\n    buildCommand: pnpm install --frozen-lockfile && pnpm build\n    startCommand: pnpm start:prod\n",
        ),
    )
    s.act(
        "Render deploys from `main`, so merging to main and pushing is the deploy:",
        Denied(Bash("git checkout main && git merge --ff-only msp && git push origin main")),
    )
    s.user(
        "no no, that was before, now we deploy from the release branch, main is only for review. render.yaml vi badlo",
        rules=[("deploy-release", "now we deploy from the release branch, main is only for review", "deploy-main")],
    )
    s.act(None, Edit("render.yaml", "    branch: main", "    branch: release"))
    s.act(
        None,
        Bash(
            "git add render.yaml && git commit -m 'Deploy from the release branch' && git checkout release && git merge "
            "--ff-only msp && git push origin release",
            git_commit("msp", "e91b5c2", "Deploy from the release branch", 1, 1, 1) + "\nSwitched to branch 'release'\n"
            "To github.com:harpreet-s/kisan-api.git\n   a3d7c10..e91b5c2  release -> release",
            secs=6,
        ),
    )
    s.say("render.yaml points at `release` and the msp change is pushed there; Render is building it.")
    s.user("👍 live aa gaya")
    s.outcome("success", "deploy moved to the release branch; msp change live")
    return s


def k13() -> Session:
    s = new("k13-wsl-clock", "2029-09-18T09:35:40", "2.1.158", "main", "clock-drift-nightjar")
    s.user(
        "auth e2e test ajeeb: login ton turant baad token reject\n\n```\n  ● auth (e2e) › GET /me with a fresh token\n"
        '    expected 200 "OK", got 401 "Unauthorized"\n```\nlog vich `UnauthorizedException: session expired`, 15 min di session aa'
    )
    s.act(
        None,
        Bash(
            'date -u; powershell.exe -c "(Get-Date).ToUniversalTime()"',
            "Tue Sep 18 04:36:02 UTC 2029\n\nTuesday, 18 September 2029 09:36:15",
        ),
    )
    s.act(
        "WSL's clock is five hours behind Windows (it drifts after the laptop sleeps). The API writes the session's "
        "`expiresAt` from its own clock, and Postgres (Docker Desktop, on the Windows clock) checks `expires_at > "
        "now()`, so every new session is already five hours expired. Resyncing the clock:",
        Bash("sudo hwclock -s && date -u", "Tue Sep 18 09:36:31 UTC 2029"),
    )
    s.act(None, Bash("pnpm test:e2e test/auth.e2e-spec.ts", jest_out([("test/auth.e2e-spec.ts", 4)])))
    s.say("The clock is in sync and the auth tests pass.")
    s.user(
        "oh! sikhya: WSL da clock laptop sleep ton baad peeche reh jaanda",
        lessons=["sikhya: WSL da clock laptop sleep ton baad peeche reh jaanda"],
    )
    s.one_off("fresh sessions rejected as expired because the WSL2 clock had drifted five hours behind after sleep")
    s.outcome("success", "WSL clock resynced with hwclock -s; auth e2e green")
    return s


def k14() -> Session:
    s = new("k14-circular-dep", "2029-09-19T10:20:05", "2.1.159", "alerts", "forward-ref-babbler")
    s.user(
        "price alerts module add kita te app start nahi hundi:\n\n```\nError: Nest can't resolve dependencies of the "
        "AlertsService (?, PrismaService). Please make sure that the argument dependency at index [0] is available "
        "in the AlertsModule context.\n```\nਤੇ ਇੱਕ ਗੱਲ, ਫ਼ੈਸਲਾ: auth ਲਈ Clerk ਨਹੀਂ, ਆਪਣਾ JWT ਹੀ ਰੱਖਾਂਗੇ",
        decisions=["ਫ਼ੈਸਲਾ: auth ਲਈ Clerk ਨਹੀਂ, ਆਪਣਾ JWT ਹੀ ਰੱਖਾਂਗੇ"],
    )
    s.act(
        None,
        Read(
            "src/alerts/alerts.module.ts",
            "@Module({\n  imports: [RatesModule],\n  providers: [AlertsService],\n})\nexport class AlertsModule {}",
        ),
    )
    s.act(
        "RatesModule imports AlertsModule and AlertsModule imports RatesModule, so one side is undefined at load. "
        "forwardRef on both sides:",
        Edit("src/alerts/alerts.module.ts", "  imports: [RatesModule],", "  imports: [forwardRef(() => RatesModule)],"),
        Edit("src/rates/rates.module.ts", "  imports: [AlertsModule],", "  imports: [forwardRef(() => AlertsModule)],"),
    )
    s.act(
        None,
        Bash(
            "pnpm build && pnpm test",
            "> nest build\n\n"
            + jest_out([("src/rates/rates.service.spec.ts", 2), ("src/alerts/alerts.service.spec.ts", 3)]),
            secs=14,
        ),
    )
    s.say("The app starts again and the tests pass.")
    s.user("ਚੰਗਾ ਜੀ 🙏")
    s.one_off("Nest could not resolve AlertsService because RatesModule and AlertsModule imported each other")
    s.outcome("success", "circular module import resolved with forwardRef; build and tests pass")
    return s


def k15() -> Session:
    s = new("k15-render-timeout", "2029-09-21T11:40:18", "2.1.160", "release", "build-timeout-drongo")
    s.user(
        "Render build timeout ho reha, 15 min ton baad cancel. te for now just skip the flaky test in this run, "
        "auth wala. ik gall fer: secrets .env ton bahar kade nahi jaane chahide, build log vich vi nahi",
        non_rules=["for now just skip the flaky test in this run"],
        rules=[("secrets-env", "secrets .env ton bahar kade nahi jaane chahide")],
    )
    s.act(
        None,
        Bash(
            "render deploys list srv-cr8kisan01 --limit 2",
            "dep-ct1q2  build_failed  2029-09-21 16:52  Build exceeded the 15 minute limit\n"
            "dep-ct0m9  live          2029-09-19 15:03",
        ),
    )
    s.act(
        None,
        Bash(
            "render deploys create srv-cr8kisan01 --wait",
            "Deploy dep-ct1t7 created\nWaiting for deploy...\nDeploy dep-ct1t7 failed: build_failed (Build exceeded the 15 "
            "minute limit)",
            code=1,
            secs=920,
        ),
    )
    s.say("Timed out again at 15 minutes in the install step; the Render status page shows degraded builds in Oregon.")
    s.user("ਛੱਡੋ ਯਾਰ, Render ਦਾ ਮਸਲਾ ਹੈ. ਕੱਲ੍ਹ ਦੇਖਾਂਗੇ")
    s.outcome("failed", "Render builds time out twice (Render-side degradation); nothing deployed")
    return s


SESSIONS = [k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12, k13, k14, k15]
