"""Nusrat's `bazar-api` sessions (p01-p15): a NestJS 10 TypeScript API on Node 20 with Prisma and PostgreSQL,
Jest and supertest e2e, pnpm, Docker Compose, deployed by GitHub Actions. Times are UTC; Dhaka is UTC+6."""

from __future__ import annotations

from fake_output import API, git_commit, jest_run, prisma_migrate_dev
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "bazar-api"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=API, project=PROJECT)


SCHEMA = """model Order {
  id         Int         @id @default(autoincrement())
  number     String      @unique
  customerId Int
  customer   Customer    @relation(fields: [customerId], references: [id])
  status     OrderStatus @default(PENDING)
  total      Decimal     @db.Decimal(10, 2)
  createdAt  DateTime    @default(now())
  items      OrderItem[]
}"""

ORDERS_SERVICE = """import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { ListOrdersDto } from './dto/list-orders.dto';

@Injectable()
export class OrdersService {
  constructor(private readonly prisma: PrismaService) {}

  list(customerId: number, { offset = 0, limit = 20 }: ListOrdersDto) {
    return this.prisma.order.findMany({
      where: { customerId },
      orderBy: { createdAt: 'desc' },
      skip: offset,
      take: limit,
    });
  }
}
"""

LIST_DTO = """import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ListOrdersDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(0)
  offset?: number;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100)
  limit?: number;
}
"""

E2E_SPEC = """import { INestApplication, ValidationPipe } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';

describe('Orders (e2e)', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication();
    app.useGlobalPipes(new ValidationPipe({ transform: true }));
    await app.init();
  });

  it('POST /v1/orders rejects an empty cart', () =>
    request(app.getHttpServer()).post('/v1/orders').send({ items: [] }).expect(400));

  it('GET /v1/orders lists the customer orders', () =>
    request(app.getHttpServer()).get('/v1/orders').set('x-customer-id', '1').expect(200));
});
"""

PRISMA_SERVICE = """import { Injectable, OnModuleInit } from '@nestjs/common';
import { PrismaClient } from '@prisma/client';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit {
  async onModuleInit() {
    await this.$connect();
  }
}
"""

HANG_TAIL = (
    "Jest did not exit one second after the test run has completed.\n\n'This usually means that there are "
    "asynchronous operations that weren't stopped in your tests. Consider running Jest with `--detectOpenHandles` "
    "to troubleshoot this issue."
)

DRIFT = (
    'Environment variables loaded from .env\nPrisma schema loaded from prisma/schema.prisma\nDatasource "db": '
    'PostgreSQL database "bazar", schema "public" at "localhost:5432"\n\n- Drift detected: Your database '
    "schema is not in sync with your migration history.\n\nThe following is a summary of the differences between "
    "the expected database schema given your migrations files, and the actual schema of the database.\n\nIt "
    "should be understood as the set of changes to get from the expected schema to the actual schema.\n\n[*] "
    "Changed the `Order` table\n  [+] Added column `deliverySlot`\n  [+] Added index on columns (deliverySlot)\n\n"
    'We need to reset the "public" schema at "localhost:5432"\n\nYou may use prisma migrate reset to drop the '
    "development database.\nAll data will be lost."
)


def p01() -> Session:
    s = new("p01-orders-list", "2027-11-07T09:14:03", "2.1.220", "feature/orders", "orders-offset-list")
    s.user(
        "bazar-api তে orders module বানাও: GET /v1/orders, customer এর নিজের orders, Prisma দিয়ে। এই repo তে শুধু "
        "pnpm, npm বা yarn চালাবে না। And every list endpoint paginates with offset and limit, default limit 20.",
        rules=[
            ("pnpm-only", "এই repo তে শুধু pnpm, npm বা yarn চালাবে না"),
            ("offset-pagination", "every list endpoint paginates with offset and limit, default limit 20"),
        ],
    )
    s.title("Orders list endpoint")
    s.act(None, Read("prisma/schema.prisma", SCHEMA, offset=31, total=72))
    s.act(
        "Module, service with offset/limit (default 20, max 100) and a DTO for the query:",
        Write("src/orders/orders.service.ts", ORDERS_SERVICE),
        Write("src/orders/dto/list-orders.dto.ts", LIST_DTO),
        Write(
            "src/orders/orders.controller.ts",
            "@Controller({ path: 'orders', version: '1' })\nexport class OrdersController {\n  constructor("
            "private readonly orders: OrdersService) {}\n\n  @Get()\n  list(@CustomerId() customerId: number, "
            "@Query() query: ListOrdersDto) {\n    return this.orders.list(customerId, query);\n  }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm lint && pnpm test",
            f'\n> bazar-api@0.4.0 lint {API}\n> eslint "{{src,apps,libs,test}}/**/*.ts"\n\n'
            + jest_run([("src/orders/orders.service.spec.ts", 3), ("src/app.controller.spec.ts", 1)]),
        ),
    )
    s.say(
        "`GET /v1/orders` returns the caller's orders newest first, `offset`/`limit` (default 20). Lint and 4 "
        "unit tests pass."
    )
    s.user(
        "Postgres e thakbo, Mongo na, siddhanto final. Rafi Mongo er kotha bolchilo, oke ami bole dibo.",
        decisions=["Postgres e thakbo, Mongo na, siddhanto final"],
    )
    s.say("Noted, nothing to change: the compose file and Prisma datasource are Postgres 16 already.")
    s.user("darun!")
    s.outcome("success", "orders list endpoint with offset pagination; lint and unit tests green")
    return s


def p02() -> Session:
    s = new("p02-e2e-hang", "2027-11-08T09:33:20", "2.1.220", "feature/orders", "supertest-never-exits")
    s.user(
        "e2e tests for orders with supertest against the real postgres from docker compose. every request body "
        "gets a class-validator DTO, so add one for POST /v1/orders too.",
        rules=[("dto-validate", "every request body gets a class-validator DTO")],
    )
    s.act(
        None,
        Write(
            "src/orders/dto/create-order.dto.ts",
            "export class CreateOrderDto {\n  @IsArray() @ArrayMinSize(1)"
            " @ValidateNested({ each: true }) @Type(() => OrderItemDto)\n  items!: OrderItemDto[];\n}\n",
        ),
        Write("test/orders.e2e-spec.ts", E2E_SPEC),
    )
    s.act(
        None,
        Bash(
            "pnpm test:e2e",
            jest_run([("test/orders.e2e-spec.ts", 2), ("test/app.e2e-spec.ts", 1)], e2e=True, tail=HANG_TAIL),
            code=143,
            secs=120,
            timeout=120000,
        ),
    )
    s.say(
        "Both specs pass, but the process never exits and the command hit my 2-minute timeout. Running with "
        "`--detectOpenHandles` to see what keeps it alive:"
    )
    s.act(
        None,
        Bash(
            "pnpm test:e2e --detectOpenHandles",
            jest_run([("test/orders.e2e-spec.ts", 2), ("test/app.e2e-spec.ts", 1)], e2e=True, secs=7.41),
            code=143,
            secs=120,
            timeout=120000,
        ),
    )
    s.user(
        "amar terminal eo same, eta:\n\n```\nTest Suites: 2 passed, 2 total\nTests:       3 passed, 3 total\n"
        "Ran all test suites.\n" + HANG_TAIL + "\n```\n\nekhon meeting ache. test gula commit koro na, pore dekhbo."
    )
    s.say("OK, nothing committed; the DTO and the spec stay uncommitted on `feature/orders`.")
    s.not_person("Consider running Jest with `--detectOpenHandles` to troubleshoot this issue.", "pasted_log")
    s.outcome("failed", "the new e2e suite passes but Jest never exits; nothing found, left uncommitted")
    s.hit("jest-hang")
    return s


def p03() -> Session:
    s = new("p03-drift-reset", "2027-11-09T10:02:45", "2.1.220", "feature/order-note", "reset-refused")
    s.user(
        "migrate dev wants to reset my db?? I have seed data and test orders I need.\n\n```\n$ pnpm prisma migrate "
        "dev --name add_order_note\n" + DRIFT + "\n```"
    )
    s.act(
        None,
        Read(
            "prisma/schema.prisma",
            SCHEMA.replace("  createdAt", "  deliverySlot String?\n  createdAt"),
            offset=31,
            total=74,
        ),
    )
    s.say(
        "Prisma compares the database with what the migrations in `prisma/migrations` would produce. The database "
        "has an `Order.deliverySlot` column and index that no migration creates, which is drift, and `migrate "
        "dev` only knows how to recover by resetting. The direct way out is a reset plus the seed:"
    )
    s.act(None, Denied(Bash("pnpm prisma migrate reset --force"), "na! data lagbe, reset korbe na"))
    s.say(
        "Understood, no reset. Then the question is how `deliverySlot` got into the database without a migration. "
        "Do you remember adding it directly, e.g. with `prisma db push`?"
    )
    s.user("mone nai exactly. eta na, order note ta ajke hobe na. kal abar dekhbo")
    s.outcome("failed", "the order-note migration could not be created: drift on Order.deliverySlot, reset refused")
    s.hit("prisma-drift")
    return s


COMPOSE = """services:
  db:
    image: postgres:16
    environment:
      POSTGRES_USER: bazar
      POSTGRES_PASSWORD: bazar
      POSTGRES_DB: bazar
    ports:
      - "5432:5432"
    volumes:
      - pgdata:/var/lib/postgresql/data"""


def p04() -> Session:
    s = new("p04-port-whitelist", "2027-11-10T11:04:39", "2.1.221", "feature/product-search", "port-allocated")
    s.user(
        "docker compose up দিলে postgres উঠছে না:\n\n```\nError response from daemon: driver failed programming "
        "external connectivity on endpoint bazar-api-db-1 (3f0c9a1e77d2): Bind for 0.0.0.0:5432 failed: port is "
        "already allocated\n```"
    )
    s.act(
        None,
        Bash(
            "lsof -nP -iTCP:5432 -sTCP:LISTEN",
            "COMMAND   PID   USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME\npostgres  812 nusrat    7u  "
            "IPv6 0x5c1d4e0e8a1f2b3d      0t0  TCP *:5432 (LISTEN)",
        ),
    )
    s.act(
        "Postgres.app is already listening on 5432. Mapping the container to 5433 instead:",
        Edit("docker-compose.yml", '      - "5432:5432"', '      - "5433:5432"'),
        Edit(
            ".env",
            "DATABASE_URL=postgresql://bazar:bazar@localhost:5432/bazar",
            "DATABASE_URL=postgresql://bazar:bazar@localhost:5433/bazar",
        ),
    )
    s.act(
        None,
        Bash(
            "docker compose up -d db && pnpm prisma migrate status",
            " ✔ Container bazar-api-db-1  Started\nEnvironment variables loaded from .env\nPrisma schema loaded "
            'from prisma/schema.prisma\nDatasource "db": PostgreSQL database "bazar", schema "public" at '
            '"localhost:5433"\n\n6 migrations found in prisma/migrations\n\nDatabase schema is up to date!',
        ),
    )
    s.user(
        "হয়েছে। এবার products search: GET /v1/products?q=... নাম দিয়ে, case insensitive। global ValidationPipe "
        "এ whitelist: true আর forbidNonWhitelisted: true রাখবে।",
        rules=[("whitelist", "ValidationPipe এ whitelist: true আর forbidNonWhitelisted: true রাখবে")],
    )
    s.act(
        None,
        Edit(
            "src/main.ts",
            "  app.useGlobalPipes(new ValidationPipe({ transform: true }));",
            "  app.useGlobalPipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true "
            "}));",
        ),
        Write(
            "src/products/dto/search-products.dto.ts",
            "export class SearchProductsDto {\n  @IsString() @MinLength(2)\n  q!: string;\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm test",
            jest_run(
                [
                    ("src/orders/orders.service.spec.ts", 3),
                    ("src/products/products.service.spec.ts", 4),
                    ("src/app.controller.spec.ts", 1),
                ]
            ),
        ),
    )
    s.say(
        "Search uses `contains` with `mode: 'insensitive'`; the global pipe strips and rejects unknown fields. 8 "
        "unit tests pass."
    )
    s.user("ধন্যবাদ, কাজ করছে")
    s.one_off(
        "docker compose cannot bind Postgres to 5432 ('port is already allocated') because Postgres.app already "
        "listens there; mapped to 5433"
    )
    s.outcome("success", "compose Postgres moved to 5433; product search with a strict global ValidationPipe")
    return s


TOO_MANY = (
    "  ● Orders (e2e) › GET /v1/orders lists the customer orders\n\n    PrismaClientInitializationError: Too many "
    "database connections opened: FATAL: sorry, too many clients already\n\n      at PrismaService.$connect "
    "(../node_modules/.pnpm/@prisma+client@5.22.0_prisma@5.22.0/node_modules/@prisma/client/runtime/library.js"
    ":121:3962)"
)


def p05() -> Session:
    s = new("p05-too-many-clients", "2027-11-14T04:20:33", "2.1.222", "develop", "worker-force-exited")
    s.user(
        "CI te e2e job ta fail korche, eta dekho:\n\n```\nA worker process has failed to exit gracefully and has "
        "been force exited. This is likely caused by tests leaking due to improper teardown. Try running with "
        "--detectOpenHandles to find leaks. Active timers can also cause this, ensure that .unref() was called on "
        "them.\n```\n\nlocal e chalay dekho to."
    )
    fail = jest_run(
        [("test/orders.e2e-spec.ts", 2), ("test/products.e2e-spec.ts", 3), ("test/app.e2e-spec.ts", 1)],
        [
            (
                "test/products.e2e-spec.ts",
                "Products (e2e) › GET /v1/products?q= searches by name",
                TOO_MANY.split("\n\n", 1)[1].strip(),
            )
        ],
        e2e=True,
        secs=21.6,
        tail="A worker process has failed to exit gracefully and has been force exited. This is likely caused by "
        "tests leaking due to improper teardown. Try running with --detectOpenHandles to find leaks.",
    )
    s.act(None, Bash("pnpm test:e2e", fail, code=1, secs=30))
    s.say("Locally one suite fails with `too many clients already` and the worker is force exited too.")
    s.user("abar chalao, hoyto flaky")
    s.act(None, Bash("pnpm test:e2e", fail, code=1, secs=30))
    s.user("arekbar")
    s.act(None, Bash("pnpm test:e2e", fail, code=1, secs=30))
    s.act(None, Read("docker-compose.yml", COMPOSE.replace('"5432:5432"', '"5433:5432"')))
    s.act(
        "Three times the same: Postgres runs out of connections while the suites run in parallel workers. I can "
        "raise the limit for the compose database:",
        Edit(
            "docker-compose.yml",
            "    image: postgres:16\n",
            "    image: postgres:16\n    command: postgres -c max_connections=300\n",
        ),
    )
    s.user("eta na. limit barale ashol problem lukabe. revert koro, ekhono fail hocche, pore dekhbo.")
    s.act(
        None,
        Edit(
            "docker-compose.yml",
            "    image: postgres:16\n    command: postgres -c max_connections=300\n",
            "    image: postgres:16\n",
        ),
    )
    s.say("Reverted; `docker-compose.yml` is unchanged and the e2e job still fails.")
    s.outcome(
        "failed",
        "e2e fails three times with too many clients and a force-exited worker; raising max_connections refused",
    )
    s.hit("jest-hang")
    return s


def p06() -> Session:
    s = new("p06-e2e-missing-column", "2027-11-15T05:03:12", "2.1.222", "develop", "column-not-in-ci")
    s.user(
        "the e2e job on develop fails since I merged the delivery slot feature:\n\n```\n  ● Orders (e2e) › GET "
        "/v1/orders lists the customer orders\n\n    PrismaClientKnownRequestError:\n    Invalid `this.prisma."
        "order.findMany()` invocation in\n    /home/runner/work/bazar-api/bazar-api/src/orders/orders.service.ts:"
        "11:30\n\n    The column `Order.deliverySlot` does not exist in the current database.\n```\n\nlocally "
        "everything passes."
    )
    s.act(
        None,
        Read(
            "test/global-setup.ts",
            "export default async () => {\n  execSync('pnpm prisma migrate deploy', { stdio: 'inherit' });\n};",
        ),
        Grep("deliverySlot", [], path="prisma/migrations"),
    )
    s.say(
        "CI builds its database only from `prisma/migrations` (`migrate deploy` in the global setup), and no "
        "migration mentions `deliverySlot`: the column exists in `schema.prisma` and in your local database, but "
        "was never written as a migration. That is also what the drift in `migrate dev` was about. Fixing it "
        "means creating the missing migration and marking it as applied on databases that already have the column."
    )
    s.user("hmm. ekhon Rafi er sathe call ache, kal abar dekhbo")
    s.outcome("unknown", "the cause (Order.deliverySlot in no migration) was explained; nothing changed yet")
    s.hit("prisma-drift")
    return s


CONTRIBUTING = """# Contributing to bazar-api

- Branch from `develop`; name branches `feature/…`, `fix/…`, `chore/…`.
- Always squash-merge feature branches into develop.
- Every PR needs one review (Rafi or Nusrat) and a green `ci` workflow."""


def p07() -> Session:
    s = new("p07-bullmq-sms", "2027-11-16T04:31:08", "2.1.223", "feature/notifications", "queue-the-sms")
    s.user(
        "when an order's status changes, the customer should get an SMS. going with BullMQ on Redis for the "
        "notification jobs, not a cron. check CONTRIBUTING first, Rafi wrote some conventions there.",
        decisions=["going with BullMQ on Redis for the notification jobs, not a cron"],
    )
    s.act(None, Read("CONTRIBUTING.md", CONTRIBUTING))
    s.act(
        None,
        Bash(
            "pnpm add @nestjs/bullmq bullmq",
            "Packages: +9\n+++++++++\nProgress: resolved 812, reused 803, downloaded 9, added 9, done\n\n"
            "dependencies:\n+ @nestjs/bullmq 10.2.1\n+ bullmq 5.12.14\n\nDone in 3.2s",
        ),
    )
    s.act(
        None,
        Write(
            "src/notifications/notifications.processor.ts",
            "@Processor('notifications')\nexport class NotificationsProcessor extends WorkerHost {\n  constructor("
            "private readonly sms: SmsService) {\n    super();\n  }\n\n  async process(job: Job<OrderStatusChanged>) "
            "{\n    await this.sms.send(job.data.phone, statusMessage(job.data));\n  }\n}\n",
        ),
        Edit(
            "docker-compose.yml",
            "volumes:\n  pgdata:",
            '  redis:\n    image: redis:7-alpine\n    ports:\n      - "6379:6379"\n\nvolumes:\n  pgdata:',
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm test",
            jest_run(
                [
                    ("src/orders/orders.service.spec.ts", 4),
                    ("src/notifications/notifications.processor.spec.ts", 2),
                    ("src/products/products.service.spec.ts", 4),
                    ("src/app.controller.spec.ts", 1),
                ]
            ),
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(notifications): SMS on order status change via BullMQ' && git push",
            git_commit(
                "feature/notifications",
                "2d90f6b",
                "feat(notifications): SMS on order status change via BullMQ",
                6,
                151,
                3,
            )
            + "\nTo github.com:nusrat-bazar/bazar-api.git\n ! [rejected]        "
            "feature/notifications -> feature/notifications (fetch first)\nerror: failed to push some refs to "
            "'github.com:nusrat-bazar/bazar-api.git'",
            code=1,
        ),
    )
    s.act(None, Denied(Bash("git push --force origin feature/notifications")))
    s.user(
        "never force push, pull and rebase instead. Rafi pushed the SMS provider there this morning.",
        rules=[("no-force-push", "never force push, pull and rebase instead")],
    )
    s.act(
        None,
        Bash(
            "git pull --rebase && pnpm test && git push",
            "Successfully rebased and updated refs/heads/feature/notifications.\n"
            + jest_run(
                [
                    ("src/orders/orders.service.spec.ts", 4),
                    ("src/notifications/notifications.processor.spec.ts", 2),
                    ("src/notifications/sms.service.spec.ts", 2),
                    ("src/products/products.service.spec.ts", 4),
                    ("src/app.controller.spec.ts", 1),
                ]
            )
            + "\nTo github.com:nusrat-bazar/bazar-api.git\n   51ac8e2..8e3d1a4  feature/notifications -> "
            "feature/notifications",
        ),
    )
    s.say("Rebased onto Rafi's SmsService commit, 13 tests pass, pushed (`8e3d1a4`).")
    s.user("darun!")
    s.not_person("Always squash-merge feature branches into develop.", "tool_output")
    s.outcome("success", "order status SMS via a BullMQ queue, pushed after a rebase (force push refused)")
    return s


DOCKERFILE = """FROM node:20-alpine
WORKDIR /app
COPY . .
RUN corepack enable && pnpm install --frozen-lockfile && pnpm build
CMD ["node", "dist/main.js"]"""


def p08() -> Session:
    s = new("p08-alpine-engine", "2027-11-17T05:02:27", "2.1.223", "chore/docker", "musl-query-engine")
    s.user(
        "docker build for the api works but the container crashes on start:\n\n```\nPrismaClientInitializationError:"
        ' Prisma Client could not locate the Query Engine for runtime "linux-musl-openssl-3.0.x".\n\nThis '
        'happened because Prisma Client was generated for "darwin-arm64", but the actual deployment required '
        '"linux-musl-openssl-3.0.x".\n```'
    )
    s.act(None, Read("Dockerfile", DOCKERFILE), Bash("ls -a | grep dockerignore", "", code=1))
    s.act(
        "There is no `.dockerignore`, so `COPY . .` copies your Mac's `node_modules` (with the darwin engine) into "
        "the image and `pnpm install` keeps it. Ignoring it, and declaring the musl engine for Alpine:",
        Write(".dockerignore", "node_modules\ndist\n.env\ncoverage\n"),
        Edit(
            "prisma/schema.prisma",
            'generator client {\n  provider = "prisma-client-js"\n}',
            'generator client {\n  provider      = "prisma-client-js"\n  binaryTargets = ["native", '
            '"linux-musl-openssl-3.0.x"]\n}',
        ),
        Edit(
            "Dockerfile",
            "RUN corepack enable && pnpm install --frozen-lockfile && pnpm build",
            "RUN corepack enable && pnpm install --frozen-lockfile && pnpm prisma generate && pnpm build",
        ),
    )
    s.act(
        None,
        Bash(
            "docker build -t bazar-api:dev . && docker run --rm --env-file .env -e DATABASE_URL=postgresql://"
            "bazar:bazar@host.docker.internal:5433/bazar bazar-api:dev",
            "[+] Building 61.4s (9/9) FINISHED\n => exporting to image\n => => naming to docker.io/library/"
            "bazar-api:dev\n[Nest] 1  - 11/17/2027, 5:09:41 AM     LOG [NestFactory] Starting Nest application...\n"
            "[Nest] 1  - 11/17/2027, 5:09:41 AM     LOG [NestApplication] Nest application successfully started",
            secs=70,
            timeout=300000,
        ),
    )
    s.say(
        "The container starts. I'd suggest always pinning the node base image to a digest in the Dockerfile, so "
        "the next alpine release cannot change the OpenSSL version under you."
    )
    s.user(
        "turns out the Mac node_modules were copied into the image, so the Prisma engine was the darwin one. "
        "digest pinning pore dekhbo. commit koro.",
        lessons=["the Mac node_modules were copied into the image, so the Prisma engine was the darwin one"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'chore(docker): dockerignore node_modules, musl engine for alpine'",
            git_commit(
                "chore/docker", "e51c7b9", "chore(docker): dockerignore node_modules, musl engine for alpine", 3, 9, 2
            ),
        ),
    )
    s.say("Committed `e51c7b9`.")
    s.not_person("I'd suggest always pinning the node base image to a digest in the Dockerfile", "assistant_text")
    s.one_off(
        "the alpine container crashes: Prisma Client could not locate the Query Engine for linux-musl-openssl-3.0.x "
        "(Mac node_modules copied in; .dockerignore and binaryTargets)"
    )
    s.outcome("success", "the API image starts: node_modules ignored, musl engine generated; committed")
    return s


E2E_SCRIPT = """    "test:e2e": "jest --config ./test/jest-e2e.json\""""


def p09() -> Session:
    s = new("p09-ci-e2e-stuck", "2027-11-18T04:40:51", "2.1.223", "develop", "twenty-minutes-stuck")
    s.user(
        "GitHub Actions এ e2e job টা ২০ মিনিট ধরে আটকে থাকে, তারপর timeout এ cancel হয়। কোনো error নেই, log এ "
        "test গুলো সব pass দেখায়। Rafi র PR গুলোও merge করতে পারছি না।"
    )
    s.act(
        None,
        Read(
            ".github/workflows/ci.yml",
            "  e2e:\n    runs-on: ubuntu-22.04\n    timeout-minutes: 20\n    steps:\n      - run: pnpm test:e2e",
            offset=24,
            total=41,
        ),
        Read("package.json", E2E_SCRIPT, offset=14, total=58),
    )
    s.say(
        "All tests pass and then nothing happens: Jest is waiting for something the tests opened and never closed "
        '(the same thing as "Jest did not exit one second after the test run has completed" locally). The quick '
        "way to unblock CI is `--forceExit`:"
    )
    s.act(
        None,
        Denied(
            Edit("package.json", E2E_SCRIPT, '    "test:e2e": "jest --config ./test/jest-e2e.json --forceExit"'),
            "eta na. forceExit dile shudhu dhaka porbe, asol jinish ta khuje ber korte hobe",
        ),
    )
    s.say(
        "Then the next step is finding the handle: `pnpm test:e2e --detectOpenHandles` locally, and checking "
        "every spec's teardown and what the Nest app opens (Prisma, Redis for BullMQ)."
    )
    s.user("ajke r somoy nai, ekhono fail hocche. Rafi ke bolchi manually cancel korte.")
    s.outcome("failed", "the CI e2e job still hangs until its timeout; --forceExit refused, cause not found")
    s.hit("jest-hang")
    return s


def p10() -> Session:
    s = new("p10-staging-500", "2027-11-21T09:05:46", "2.1.224", "develop", "staging-order-500")
    s.user("staging এ deploy এর পর order list এ 500 আসছে, local এ ঠিক আছে। deploy workflow সবুজ ছিল। দেখো তো কী হলো।")
    s.act(
        None,
        Bash(
            "gh run view 11961027744 --log | grep -A2 'prisma migrate deploy'",
            "deploy\tRun pnpm prisma migrate deploy\t2027-11-21T08:40:12.118Z 6 migrations found in prisma/migrations"
            "\ndeploy\tRun pnpm prisma migrate deploy\t2027-11-21T08:40:12.301Z \ndeploy\tRun pnpm prisma migrate "
            "deploy\t2027-11-21T08:40:12.302Z No pending migrations to apply.",
        ),
        Grep("deliverySlot", ["prisma/schema.prisma", "src/orders/orders.service.ts"], path="."),
    )
    s.say(
        "Staging applied all 6 migrations and none adds `Order.deliverySlot`, but the code selects it, so the "
        "order list query fails there. Same root cause as the e2e failure: the column was never written as a "
        "migration. Shall I create that migration now?"
    )
    s.user(
        "আপাতত staging এ হাত দিও না, Rafi কাল ওখানে demo দেবে। ঠিক করা পরে।",
        non_rules=["আপাতত staging এ হাত দিও না"],
    )
    s.outcome("unknown", "staging 500 traced to the missing deliverySlot migration; nothing changed on request")
    s.hit("prisma-drift")
    return s


def explore_migrations(child: Session) -> None:
    child.act(
        None,
        Bash(
            "ls prisma/migrations && grep -rn 'deliverySlot' prisma/",
            "20271020094411_init\n20271024121530_products\n20271027100212_customers\n20271101083344_orders\n"
            "20271104151907_order_items\n20271106092210_product_search_index\nmigration_lock.toml\n"
            "prisma/schema.prisma:41:  deliverySlot String?\nprisma/schema.prisma:49:  @@index([deliverySlot])",
        ),
    )
    child.say(
        "prisma/migrations has 6 migrations (20271020094411_init .. 20271106092210_product_search_index). "
        "deliverySlot appears only in prisma/schema.prisma:41 (column) and :49 (@@index); no migration.sql "
        "creates either."
    )


def p11() -> Session:
    s = new("p11-drift-fix", "2027-11-22T10:02:18", "2.1.224", "fix/delivery-slot-migration", "missing-migration")
    s.user(
        "Rafi fresh clone kore migrate dev chalaise, ar ekta notun migration baniye felse jeta keu lekhe ni, "
        'tar moddhe ALTER TABLE "Order" ADD COLUMN "deliverySlot". ajke eta thik korbo, migration history ta '
        "thik koro. staging er demo shesh."
    )
    s.act(
        None,
        Agent(
            "Compare migrations and schema",
            "List every migration in prisma/migrations and find where deliverySlot is defined in prisma/ "
            "(schema.prisma and any migration.sql). Do not edit any file; only report file:line.",
            "Explore",
            explore_migrations,
        ),
    )
    s.act(
        None,
        Bash(
            "git log -S deliverySlot --oneline -- prisma/",
            "b3e77a0 feat(orders): delivery slot on orders (db push for now)",
        ),
    )
    s.act(
        "It came in with `db push`, so only `schema.prisma` knows it. Writing the missing migration from the "
        "difference between the migration history and the schema:",
        Bash(
            "mkdir -p prisma/migrations/20271108120000_order_delivery_slot && pnpm prisma migrate diff "
            "--from-migrations prisma/migrations --to-schema-datamodel prisma/schema.prisma --shadow-database-url "
            '"$SHADOW_DATABASE_URL" --script > prisma/migrations/20271108120000_order_delivery_slot/migration.sql '
            "&& cat prisma/migrations/20271108120000_order_delivery_slot/migration.sql",
            '-- AlterTable\nALTER TABLE "Order" ADD COLUMN     "deliverySlot" TEXT;\n\n-- CreateIndex\n'
            'CREATE INDEX "Order_deliverySlot_idx" ON "Order"("deliverySlot");',
        ),
    )
    s.act(
        "Your local database already has the column, so the migration is recorded as applied there instead of run:",
        Bash(
            "pnpm prisma migrate resolve --applied 20271108120000_order_delivery_slot && pnpm prisma migrate dev "
            "--name add_order_note",
            "Environment variables loaded from .env\nPrisma schema loaded from prisma/schema.prisma\nDatasource "
            '"db": PostgreSQL database "bazar", schema "public" at "localhost:5433"\n\nMigration '
            "20271108120000_order_delivery_slot marked as applied.\n\n"
            + prisma_migrate_dev("add_order_note", "20271122101544"),
        ),
    )
    s.act(
        "And a CI check that fails whenever the schema and the migrations disagree again:",
        Edit(
            ".github/workflows/ci.yml",
            "      - run: pnpm prisma migrate deploy",
            "      - run: pnpm prisma migrate deploy\n      - run: pnpm prisma migrate diff --from-migrations "
            "prisma/migrations --to-schema-datamodel prisma/schema.prisma --shadow-database-url "
            '"$SHADOW_DATABASE_URL" --exit-code',
        ),
    )
    s.act(
        None,
        Bash(
            "git add prisma .github && git commit -m 'fix(prisma): add the missing deliverySlot migration, check "
            "drift in CI'",
            git_commit(
                "fix/delivery-slot-migration",
                "0f6a2dd",
                "fix(prisma): add the missing deliverySlot migration, check drift in CI",
                4,
                19,
                0,
            ),
        ),
    )
    s.say(
        "The history now has `20271108120000_order_delivery_slot` (marked applied locally), `add_order_note` "
        "was created normally, and CI fails on drift. Rafi should delete his generated migration, pull, and run "
        "`pnpm prisma migrate dev`; staging gets the column on the next deploy."
    )
    s.user(
        "ar kokhono db push korbe na, schema change shudhu migrate dev diye. shikhlam, db push migration history te "
        "kichu lekhe na, tai onno machine e drift hoy. ধন্যবাদ, কাজ করছে",
        rules=[("no-db-push", "ar kokhono db push korbe na, schema change shudhu migrate dev diye")],
        lessons=["db push migration history te kichu lekhe na, tai onno machine e drift hoy"],
    )
    s.not_person("Do not edit any file; only report file:line.", "subagent_prompt")
    s.outcome(
        "success", "missing deliverySlot migration written with migrate diff, resolved as applied, CI drift check"
    )
    s.hit("prisma-drift", fixed=True)
    return s


OPEN_HANDLES = (
    "Jest has detected the following 2 open handles potentially keeping Jest from exiting:\n\n  ●  TCPWRAP\n\n"
    "      at Socket.connect (../node_modules/.pnpm/ioredis@5.4.1/node_modules/ioredis/built/connectors/"
    "StandaloneConnector.js:44:21)\n      at NotificationsModule (../src/notifications/notifications.module.ts:9:18)"
    "\n\n  ●  PROMISE\n\n      at PrismaService.$connect (../src/prisma/prisma.service.ts:7:16)"
)


def p12() -> Session:
    s = new("p12-jest-hang-fix", "2027-11-23T09:34:02", "2.1.225", "fix/e2e-teardown", "close-the-app")
    s.user(
        "let's finally fix the e2e hang. here's --detectOpenHandles from my machine, it shows something now:\n\n"
        "```\n" + OPEN_HANDLES + "\n```"
    )
    s.act(None, Read("src/prisma/prisma.service.ts", PRISMA_SERVICE), Read("test/orders.e2e-spec.ts", E2E_SPEC))
    s.act(
        "No spec ever closes the Nest app, so BullMQ's Redis connection stays open, and PrismaService connects "
        "but never disconnects. Closing both properly:",
        Edit(
            "src/prisma/prisma.service.ts",
            "import { Injectable, OnModuleInit } from '@nestjs/common';",
            "import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';",
        ),
        Edit(
            "src/prisma/prisma.service.ts",
            "export class PrismaService extends PrismaClient implements OnModuleInit {\n  async onModuleInit() {\n"
            "    await this.$connect();\n  }",
            "export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {\n  async "
            "onModuleInit() {\n    await this.$connect();\n  }\n\n  async onModuleDestroy() {\n    await "
            "this.$disconnect();\n  }",
        ),
        Edit(
            "test/orders.e2e-spec.ts",
            "    await app.init();\n  });\n",
            "    await app.init();\n  });\n\n  afterAll(async () => {\n    await app.close();\n  });\n",
        ),
    )
    s.act(
        None,
        Grep("afterAll", ["test/app.e2e-spec.ts", "test/products.e2e-spec.ts"], path="test"),
    )
    s.act(
        None,
        Edit(
            "test/products.e2e-spec.ts",
            "    await app.init();\n  });",
            "    await app.init();\n  });\n\n  afterAll(async () => {\n    await app.close();\n  });",
        ),
        Edit(
            "test/app.e2e-spec.ts",
            "    await app.init();\n  });",
            "    await app.init();\n  });\n\n  afterAll(async () => {\n    await app.close();\n  });",
        ),
    )
    ok = jest_run(
        [("test/orders.e2e-spec.ts", 2), ("test/products.e2e-spec.ts", 3), ("test/app.e2e-spec.ts", 1)],
        e2e=True,
        secs=9.12,
    )
    s.act(
        None,
        Bash(
            "for i in 1 2 3; do pnpm test:e2e --silent || break; done; echo exit=$?",
            "\n".join([ok] * 3) + "\nexit=0",
            secs=35,
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix(test): close the Nest app after e2e specs, disconnect Prisma' && "
            "git push -u origin fix/e2e-teardown",
            git_commit(
                "fix/e2e-teardown",
                "7aa41c3",
                "fix(test): close the Nest app after e2e specs, disconnect Prisma",
                4,
                22,
                1,
            )
            + "\nbranch 'fix/e2e-teardown' set up to track "
            "'origin/fix/e2e-teardown'.",
        ),
    )
    s.say("Three runs in a row finish in ~9 s and exit 0, no open-handle warning. Pushed `fix/e2e-teardown`.")
    s.user(
        "lesson: every e2e spec has to close the Nest app in afterAll and PrismaService must disconnect in "
        "onModuleDestroy, otherwise Jest never exits. CI o sobuj. darun!",
        lessons=[
            "every e2e spec has to close the Nest app in afterAll and PrismaService must disconnect in "
            "onModuleDestroy, otherwise Jest never exits"
        ],
    )
    s.outcome("success", "e2e specs close the app and Prisma disconnects; Jest exits locally and on CI")
    s.hit("jest-hang", fixed=True)
    return s


CURSOR_SERVICE = """  list(customerId: number, { offset = 0, limit = 20 }: ListOrdersDto) {
    return this.prisma.order.findMany({
      where: { customerId },
      orderBy: { createdAt: 'desc' },
      skip: offset,
      take: limit,
    });
  }"""


def p13() -> Session:
    s = new("p13-cursor-pagination", "2027-11-24T10:01:37", "2.1.225", "feature/cursor-pages", "offset-too-slow")
    s.user(
        "the orders list is slow for the big merchants, offset 4000 takes 1.8s. switch list endpoints to cursor "
        "pagination: `cursor` + `take`, offset is out.",
        rules=[
            (
                "cursor-pagination",
                "switch list endpoints to cursor pagination: `cursor` + `take`, offset is out",
                "offset-pagination",
            ),
        ],
    )
    s.act(None, Denied(Bash("npm install prisma-extension-pagination")))
    s.user(
        "again: pnpm only in bazar-api. and we don't need a package for this, prisma has cursor built in.",
        rules=[("pnpm-only", "pnpm only in bazar-api")],
    )
    s.act(
        None,
        Edit(
            "src/orders/orders.service.ts",
            CURSOR_SERVICE,
            "  async list(customerId: number, { cursor, take = 20 }: ListOrdersDto) {\n    const items = await "
            "this.prisma.order.findMany({\n      where: { customerId },\n      orderBy: { id: 'desc' },\n      take: "
            "take + 1,\n      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),\n    });\n    const next = "
            "items.length > take ? items[take - 1].id : null;\n    return { items: items.slice(0, take), "
            "nextCursor: next };\n  }",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm test && pnpm test:e2e",
            jest_run(
                [
                    ("src/orders/orders.service.spec.ts", 5),
                    ("src/products/products.service.spec.ts", 4),
                    ("src/notifications/notifications.processor.spec.ts", 2),
                    ("src/app.controller.spec.ts", 1),
                ]
            )
            + "\n"
            + jest_run(
                [("test/orders.e2e-spec.ts", 3), ("test/products.e2e-spec.ts", 3), ("test/app.e2e-spec.ts", 1)],
                e2e=True,
                secs=9.8,
            ),
            secs=25,
        ),
    )
    s.say("Orders and products lists take `cursor` + `take` and return `nextCursor`; unit and e2e tests pass.")
    s.user("ধন্যবাদ, কাজ করছে")
    s.outcome("success", "list endpoints moved to cursor pagination without a new package; tests green")
    return s


def p14() -> Session:
    s = new("p14-ghcr-denied", "2027-11-25T09:00:22", "2.1.226", "develop", "write-package-denied")
    s.user(
        "deploy workflow fails at the image push:\n\n```\nNode.js 16 actions are deprecated. Please update the "
        "following actions to use Node.js 20: docker/login-action@v2.\n#12 exporting to image\n#12 ERROR: failed "
        "to push ghcr.io/nusrat-bazar/bazar-api:sha-3f9c2e1: denied: permission_denied: write_package\n```"
    )
    s.act(
        None,
        Read(
            ".github/workflows/deploy.yml",
            "name: deploy\non:\n  push:\n    branches: [develop]\njobs:\n  image:\n"
            "    runs-on: ubuntu-22.04\n    steps:\n      - uses: actions/checkout@v4\n      - uses: "
            "docker/login-action@v2\n        with:\n          registry: ghcr.io\n          username: "
            "${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}",
        ),
    )
    s.act(
        "The `GITHUB_TOKEN` here has no `packages: write` (the org default became read-only). Granting it for "
        "this workflow and moving login-action to v3 (Node 20):",
        Edit(
            ".github/workflows/deploy.yml",
            "jobs:\n  image:\n",
            "permissions:\n  contents: read\n  packages: write\n\njobs:\n  image:\n",
        ),
        Edit(".github/workflows/deploy.yml", "docker/login-action@v2", "docker/login-action@v3"),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'ci(deploy): packages write permission, login-action v3' && git push && gh run watch",
            git_commit("develop", "3c51be8", "ci(deploy): packages write permission, login-action v3", 1, 4, 1)
            + "\nTo github.com:nusrat-bazar/bazar-api.git\n   7aa41c3..3c51be8  develop -> develop\n"
            "✓ develop deploy · 11998730415\nTriggered via push less than a minute ago\n\nJOBS\n✓ image in 2m31s",
            secs=160,
            timeout=600000,
        ),
    )
    s.say("The image is pushed to ghcr.io and the deploy job is green.")
    s.user(
        "darun! ar ekta: decided, product images go to Cloudflare R2, not S3, egress is cheaper. .env.example e "
        "R2 er variable gula add koro.",
        decisions=["product images go to Cloudflare R2, not S3"],
    )
    s.act(
        None,
        Edit(
            ".env.example",
            "DATABASE_URL=postgresql://bazar:bazar@localhost:5433/bazar",
            "DATABASE_URL=postgresql://bazar:bazar@localhost:5433/bazar\nR2_ACCOUNT_ID=\nR2_ACCESS_KEY_ID=\n"
            "R2_SECRET_ACCESS_KEY=\nR2_BUCKET=bazar-product-images",
        ),
    )
    s.say("Added the four R2 variables to `.env.example`.")
    s.not_person("Please update the following actions to use Node.js 20", "pasted_log")
    s.one_off(
        "the deploy workflow cannot push the image to ghcr.io ('denied: permission_denied: write_package'): the "
        "GITHUB_TOKEN lacked packages: write"
    )
    s.outcome("success", "deploy image push fixed with packages: write; R2 variables documented")
    return s


def p15() -> Session:
    s = new("p15-guards-question", "2027-11-28T05:10:44", "2.1.227", "develop", "guards-before-interceptors")
    s.user(
        "does Nest always run guards before interceptors? I want the auth guard to reject before the logging "
        "interceptor starts timing.",
        non_rules=["does Nest always run guards before interceptors?"],
    )
    s.say(
        "Yes. Per request the order is middleware → guards → interceptors (before) → pipes → handler → "
        "interceptors (after) → exception filters. A guard that throws stops the request before any interceptor "
        "runs, so the logging interceptor never starts timing a rejected request."
    )
    s.turn_done()
    s.user("ok bujhlam")
    s.outcome("unknown", "a question about Nest's request lifecycle answered; nothing changed")
    return s


SESSIONS = [p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15]
