"""Dilnoza's `ipak-yoli` sessions (a01-a16): a NestJS 10 API in TypeScript with Prisma on PostgreSQL 16, Jest,
pnpm, deployed with Docker Compose to a VPS behind nginx. Times are UTC; Tashkent is UTC+5."""

from __future__ import annotations

import transcript_kit
from fake_output import API, git_commit, jest_run
from transcript_kit import Agent, Bash, Denied, Grep, Read, Session, Write

PROJECT = "ipak-yoli"


def grep(pattern: str, path: str, out: str):
    """A content Grep under path with its matching lines."""
    return Grep(pattern, out.split("\n"), path=path, mode="content")


def Edit(path: str, old: str, new: str):
    """The kit's Edit; a trailing newline on both sides is dropped, as Claude Code's edits seldom carry one."""
    if old.endswith("\n") and new.endswith("\n"):
        old, new = old[:-1], new[:-1]
    elif old.endswith("\n") and not new:
        old = old[:-1]
    return transcript_kit.Edit(path, old, new)


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=API, project=PROJECT)


SCHEMA = """model Order {
  id         Int         @id @default(autoincrement())
  customerId Int
  status     OrderStatus @default(NEW)
  totalUzs   Int
  createdAt  DateTime    @default(now())
  items      OrderItem[]
}
"""

REPORTS_SERVICE = """import { Injectable } from '@nestjs/common';
import { PrismaClient } from '@prisma/client';
import { startOfDay, endOfDay } from 'date-fns';

const prisma = new PrismaClient();

@Injectable()
export class ReportsService {
  async daily(day: Date) {
    const orders = await prisma.order.findMany({
      where: { createdAt: { gte: startOfDay(day), lte: endOfDay(day) } },
    });
    return { day, count: orders.length, totalUzs: orders.reduce((s, o) => s + o.totalUzs, 0) };
  }
}
"""

MAIN_TS = """import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.useGlobalPipes(new ValidationPipe({ transform: true }));
  await app.listen(3000);
}
bootstrap();
"""

DOCKERFILE = """FROM node:20-alpine AS build
WORKDIR /app
RUN corepack enable
COPY package.json pnpm-lock.yaml ./
RUN pnpm install
COPY . .
RUN pnpm prisma generate && pnpm build

FROM node:20-alpine
# Never run the app as root inside the container.
USER node
WORKDIR /app
COPY --from=build /app/dist ./dist
COPY --from=build /app/node_modules ./node_modules
CMD ["node", "dist/main.js"]
"""

NGINX_CONF = """server {
    listen 443 ssl;
    server_name api.ipakyoli.uz;

    location / {
        proxy_pass http://127.0.0.1:3000;
        proxy_set_header Host $host;
        proxy_read_timeout 30s;
    }
}
"""


def a01() -> Session:
    s = new("a01-orders-status", "2028-06-05T04:12:40", "2.1.150", "main", "order-status-walnut")
    s.user(
        "ipak-yoli: orders module. PATCH /orders/:id/status, faqat NEW -> CONFIRMED -> SHIPPED -> DELIVERED "
        "tartibida o'tsin, boshqa o'tishlar 409 qaytarsin. SMS notifications: we go with BullMQ for the SMS queue, "
        "not a cron table. that part comes later, now only the status endpoint.",
        decisions=["we go with BullMQ for the SMS queue, not a cron table"],
    )
    s.title("Order status transitions")
    s.act(
        None,
        Read("prisma/schema.prisma", SCHEMA),
        Read("src/orders/orders.service.ts", "export class OrdersService {}\n"),
    )
    s.act(
        "A transition table in the service, and the endpoint with a DTO:",
        Write(
            "src/orders/order-status.ts",
            "import { OrderStatus } from '@prisma/client';\n\nexport const NEXT: Record<OrderStatus, OrderStatus | null> = {\n"
            "  NEW: 'CONFIRMED',\n  CONFIRMED: 'SHIPPED',\n  SHIPPED: 'DELIVERED',\n  DELIVERED: null,\n};\n",
        ),
        Write(
            "src/orders/dto/update-status.dto.ts",
            "import { IsEnum } from 'class-validator';\nimport { OrderStatus } from '@prisma/client';\n\n"
            "export class UpdateStatusDto {\n  @IsEnum(OrderStatus)\n  status!: OrderStatus;\n}\n",
        ),
    )
    s.act(None, Bash("pnpm jest src/orders", jest_run([("src/orders/orders.service.spec.ts", 6)]), secs=9))
    s.say("The endpoint returns 409 for a skipped or backward transition; 6 tests pass.")
    s.user(
        "yaxshi. commit qil. commit messages in English, imperative, under 72 characters. va yana: bizda prod "
        "bazaga o'zgarish faqat prisma migrate deploy orqali kiradi, db push ishlatmaymiz.",
        rules=[
            ("commit-msg", "commit messages in English, imperative, under 72 characters"),
            (
                "migrate-deploy-only",
                "bizda prod bazaga o'zgarish faqat prisma migrate deploy orqali kiradi, db push ishlatmaymiz",
            ),
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add order status transitions'",
            git_commit("main", "4e1a9c2", "Add order status transitions", 4, 118, 3),
        ),
    )
    s.say("Committed `4e1a9c2`. No schema change in this one, so nothing to deploy with `prisma migrate deploy`.")
    s.user("rahmat!")
    s.outcome("success", "order status transitions with 409 on invalid ones; tests pass; committed")
    return s


def a02() -> Session:
    s = new("a02-daily-report-test", "2028-06-05T17:48:05", "2.1.150", "reports", "evening-test-plover")
    s.user(
        "reports.service.spec.ts qizil, lekin kunduzi yashil edi. CI ham yashil. nima bo'lyapti?\n\n```\n"
        "FAIL src/reports/reports.service.spec.ts\n  ● ReportsService › daily totals › groups orders by Tashkent day\n\n"
        "    Expected: 3\n    Received: 2\n```"
    )
    s.act(None, Read("src/reports/reports.service.ts", REPORTS_SERVICE))
    s.act(
        None,
        Bash(
            "pnpm jest src/reports",
            jest_run(
                [("src/reports/reports.service.spec.ts", 4)],
                [
                    (
                        "src/reports/reports.service.spec.ts",
                        "ReportsService › daily totals › groups orders by Tashkent day",
                        "3",
                        "2",
                    )
                ],
            ),
            code=1,
        ),
    )
    s.say(
        "It fails now and not in the afternoon, so the fixture depends on the clock: it creates orders at `now()` "
        "minus a few hours. Possibly one of them crosses midnight UTC. I could freeze the clock in the test with "
        "`jest.useFakeTimers().setSystemTime(...)`."
    )
    s.user("yo'q, testni muzlatib qo'yish yechim emas, bu yashirib qo'yadi. ertaga o'zim qarayman.")
    s.say("Understood, I leave the test as it is.")
    s.outcome("failed", "daily report test fails in the evening; cause not found, fake timers refused")
    s.hit("tz-naive-timestamps")
    return s


def a03() -> Session:
    s = new("a03-image-upload-413", "2028-06-06T05:20:11", "2.1.151", "product-images", "upload-size-heron")
    s.user(
        "product image upload prod'da ishlamayapti, lokalda ishlaydi. mobile team says the app gets 413. "
        "rasmlar 2-3 MB atrofida."
    )
    s.act(
        None,
        Bash(
            "ssh vps 'sudo tail -n 5 /var/log/nginx/error.log'",
            "2028/06/06 10:18:44 [error] 812#812: *5512 client intended to send too large body: 2841122 bytes, "
            'client: 94.158.52.17, server: api.ipakyoli.uz, request: "POST /products/41/images HTTP/1.1"',
        ),
    )
    s.act(None, Read("deploy/nginx/api.conf", NGINX_CONF))
    s.act(
        "nginx rejects the body before it reaches Nest: `client_max_body_size` defaults to 1m. Raising it to 10m "
        "for this server:",
        Edit(
            "deploy/nginx/api.conf",
            "    server_name api.ipakyoli.uz;\n",
            "    server_name api.ipakyoli.uz;\n    client_max_body_size 10m;\n",
        ),
    )
    s.act(
        None,
        Bash(
            "scp deploy/nginx/api.conf vps:/etc/nginx/sites-available/api.conf && ssh vps 'sudo nginx -t && sudo systemctl reload nginx'",
            "nginx: the configuration file /etc/nginx/nginx.conf syntax is ok\nnginx: configuration file /etc/nginx/nginx.conf test is successful",
        ),
    )
    s.say("nginx reloaded with a 10 MB limit; a 2.8 MB upload goes through now.")
    s.user(
        "ishladi. turns out nginx caps request bodies at 1m by default. yana bitta narsa, UploadImageDto'ni ko'rdim:\n\n"
        "review: har bir DTO maydonida class-validator dekoratori bo'lishi kerak. altText'da hech narsa yo'q.",
        lessons=["turns out nginx caps request bodies at 1m by default"],
        rules=[("dto-validate", "review: har bir DTO maydonida class-validator dekoratori bo'lishi kerak")],
    )
    s.act(
        None,
        Edit(
            "src/products/dto/upload-image.dto.ts",
            "  altText?: string;",
            "  @IsOptional()\n  @IsString()\n  @MaxLength(200)\n  altText?: string;",
        ),
    )
    s.say("`altText` now has `@IsOptional() @IsString() @MaxLength(200)`.")
    s.one_off("product image uploads fail in production with 413 because nginx's client_max_body_size defaults to 1m")
    s.outcome("success", "nginx body limit raised, uploads work; DTO field validated")
    return s


PRISMA_POOL_LOG = (
    "[Nest] 1  - 06/07/2028, 7:41:12 PM   ERROR [ExceptionsHandler] \nInvalid `prisma.order.findMany()` invocation:\n\n"
    "Timed out fetching a new connection from the connection pool. More info: http://pris.ly/d/connection-pool "
    "(Current connection pool timeout: 10, connection limit: 5)\n"
    "    at Hn.handleRequestError (/app/node_modules/@prisma/client/runtime/library.js:121:7753)\n"
    "prisma:warn This is the 10th instance of Prisma Client being started. Make sure this is intended."
)


def a04() -> Session:
    s = new("a04-pool-timeout-prod", "2028-06-07T14:55:30", "2.1.151", "main", "pool-timeout-gecko")
    s.user("prod log'dan, kechqurun ketma-ket chiqyapti:\n\n```\n" + PRISMA_POOL_LOG + "\n```")
    s.not_person("This is the 10th instance of Prisma Client being started. Make sure this is intended.", "pasted_log")
    s.act(
        None,
        Read(
            "docker-compose.prod.yml",
            "services:\n  api:\n    image: ghcr.io/dilnoza/ipak-yoli:latest\n"
            "    environment:\n      DATABASE_URL: postgresql://ipak:${PG_PASSWORD}@db:5432/ipak\n",
        ),
    )
    s.act(
        "The connection pool times out after 10 s with 5 connections. The quick relief is a longer pool timeout in "
        "DATABASE_URL:",
        Denied(
            Edit("docker-compose.prod.yml", "@db:5432/ipak\n", "@db:5432/ipak?pool_timeout=30\n"),
            "timeout'ni oshirish shunchaki kutishni uzaytiradi. nega 10-instance deyapti, shuni tushunish kerak.",
        ),
    )
    s.say(
        "Fair. The warning says ten Prisma Client instances were started in one process; each has its own connection "
        "pool. I have not found yet where they all come from."
    )
    s.user("Ладно, сегодня уже не успею. Потом.")
    s.outcome("failed", "connection pool timeouts in production; the pool_timeout bump was refused, cause not found")
    s.hit("prisma-client-per-module")
    return s


def a05() -> Session:
    s = new("a05-products-list", "2028-06-08T04:30:02", "2.1.152", "products-api", "catalog-list-finch")
    s.user(
        "GET /products: filter by category and price range, sorted by createdAt desc. bizda API javoblarida "
        "sanalar Unix timestamp (sekundlarda) bo'lib qaytadi, mobile shunday kutadi.",
        rules=[("dates-unix", "bizda API javoblarida sanalar Unix timestamp (sekundlarda) bo'lib qaytadi")],
    )
    s.act(None, Read("src/main.ts", MAIN_TS))
    s.act(
        "Query DTO, service and a response mapper that turns dates into epoch seconds:",
        Write(
            "src/products/dto/list-products.dto.ts",
            "export class ListProductsDto {\n  @IsOptional() @IsInt() categoryId?: number;\n"
            "  @IsOptional() @IsInt() @Min(0) minPrice?: number;\n  @IsOptional() @IsInt() @Min(0) maxPrice?: number;\n}\n",
        ),
        Write(
            "src/products/product.mapper.ts",
            "export const toApi = (p: Product) => ({ ...p, createdAt: Math.floor(p.createdAt.getTime() / 1000) });\n",
        ),
    )
    s.act("Installing a query-string parser for nested filters:", Denied(Bash("pnpm add qs @types/qs")))
    s.user(
        "qs kerak emas, flat query yetadi. and one more: the global ValidationPipe runs with whitelist: true and "
        "forbidNonWhitelisted: true, hozir faqat transform bor.",
        rules=[
            ("whitelist-pipe", "the global ValidationPipe runs with whitelist: true and forbidNonWhitelisted: true")
        ],
    )
    s.act(
        None,
        Edit(
            "src/main.ts",
            "new ValidationPipe({ transform: true })",
            "new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true })",
        ),
    )
    s.act(None, Bash("pnpm jest src/products", jest_run([("src/products/products.controller.spec.ts", 5)])))
    s.say("Flat filters, epoch-second dates, and the pipe now rejects unknown fields; 5 tests pass.")
    s.user("zo'r, commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add product list with filters'",
            git_commit("products-api", "a81f03d", "Add product list with filters", 5, 142, 2),
        ),
    )
    s.say("Committed `a81f03d`.")
    s.outcome("success", "product list endpoint with filters and epoch dates; ValidationPipe whitelisting; committed")
    return s


def a06() -> Session:
    s = new("a06-report-after-midnight", "2028-06-09T05:02:44", "2.1.152", "main", "midnight-orders-owl")
    s.user(
        "operator qiz qo'ng'iroq qildi: kechasi soat birda qilingan buyurtmalar kechagi hisobotda chiqyapti, "
        "bugungida yo'q. pul to'g'ri, faqat kun noto'g'ri. hisobot kodini ko'rib chiq."
    )
    s.act(None, Read("src/reports/reports.service.ts", REPORTS_SERVICE))
    s.act(
        None,
        Bash(
            'docker compose exec db psql -U ipak -c "select id, \\"createdAt\\" from \\"Order\\" order by id desc limit 3"',
            "  id  |        createdAt\n------+-------------------------\n 9121 | 2028-06-08 20:14:09.311\n"
            " 9120 | 2028-06-08 19:58:40.002\n 9119 | 2028-06-08 17:03:12.870\n(3 rows)",
        ),
    )
    s.say(
        "The column holds values like `2028-06-08 20:14`, which look like UTC wall time, and `startOfDay` in Node "
        "uses the server's time zone. I would need to know the VPS's TZ and the orders' real local times to say "
        "which side is off. Do you have one order with the time the customer placed it?"
    )
    s.user("operatordan so'rayman, keyin davom ettiramiz.")
    s.outcome("unknown", "report day mismatch investigated; waiting for a real order time from the operator")
    s.hit("tz-naive-timestamps")
    return s


def a07() -> Session:
    s = new("a07-docker-lockfile", "2028-06-10T06:10:19", "2.1.153", "main", "lockfile-drift-crane")
    s.user(
        "on the VPS `docker compose build api` passed, but the image has a different class-transformer than my "
        "machine, locally it is 0.5.1. how?"
    )
    s.act(None, Read("Dockerfile", DOCKERFILE))
    s.not_person("# Never run the app as root inside the container.", "tool_output")
    s.act(
        None,
        Bash(
            "docker compose run --rm api node -e \"console.log(require('class-transformer/package.json').version)\"",
            "0.5.2",
        ),
    )
    s.say(
        "`RUN pnpm install` without `--frozen-lockfile` lets pnpm resolve again inside the build, so a caret range "
        "picks up 0.5.2. With the flag the build uses exactly what pnpm-lock.yaml says, or fails."
    )
    s.user(
        "Docker image'da pnpm install faqat --frozen-lockfile bilan, lokal bilan bir xil bo'lishi kerak.",
        rules=[("frozen-lockfile", "Docker image'da pnpm install faqat --frozen-lockfile bilan")],
    )
    s.act(None, Edit("Dockerfile", "RUN pnpm install\n", "RUN pnpm install --frozen-lockfile\n"))
    s.act(
        None,
        Bash(
            "docker compose build api && docker compose run --rm api node -e \"console.log(require('class-transformer/package.json').version)\"",
            "[+] Building 41.3s (14/14) FINISHED\n => [build 4/6] RUN pnpm install --frozen-lockfile   18.2s\n0.5.1",
        ),
    )
    s.say("The image now has class-transformer 0.5.1, as in the lockfile.")
    s.one_off(
        "the Docker image resolves dependencies again because the Dockerfile runs pnpm install without --frozen-lockfile"
    )
    s.outcome("success", "Dockerfile installs from the lockfile; versions match")
    return s


def explore_open_handles(child: Session) -> None:
    child.act(
        None,
        grep(
            "PrismaClient",
            "src",
            "src/reports/reports.service.ts:2:import { PrismaClient } from '@prisma/client';\n"
            "src/prisma/prisma.service.ts:2:import { PrismaClient } from '@prisma/client';",
        ),
    )
    child.act(None, Read("test/jest-e2e.json", '{\n  "testRegex": ".e2e-spec.ts$",\n  "testEnvironment": "node"\n}\n'))
    child.say(
        "test/jest-e2e.json has no globalTeardown and no forceExit. src/reports/reports.service.ts:4 creates a "
        "module-level PrismaClient that nothing disconnects; src/prisma/prisma.service.ts is the injected one."
    )


def a08() -> Session:
    s = new("a08-e2e-hangs", "2028-06-11T06:40:55", "2.1.153", "e2e", "hanging-jest-lark")
    s.user(
        "e2e testlar o'tadi, keyin jest chiqmaydi, CI 20 daqiqa osilib turadi:\n\n```\n"
        "Jest did not exit one second after the test run has completed.\n\nThis usually means that there are "
        "asynchronous operations that weren't stopped in your tests.\n```\n\ngoho postgres'dan `FATAL: sorry, too "
        "many clients already` ham chiqadi."
    )
    s.act(
        None,
        Agent(
            "Find open handles in e2e",
            "Look through src/ and test/ for database clients or timers that stay open after the Jest e2e run in "
            "this NestJS project. Do not modify any files and always report paths with line numbers.",
            "Explore",
            explore_open_handles,
        ),
    )
    s.not_person("Do not modify any files and always report paths with line numbers.", "subagent_prompt")
    s.say(
        "The agent found a module-level `PrismaClient` in reports.service.ts that is never disconnected, next to the "
        "injected PrismaService. That keeps Jest alive; whether it also explains too many clients I can't tell from "
        "one file. Adding `--detectOpenHandles` would show what else is open."
    )
    s.user("ok, next week. release today, no time for this.")
    s.outcome("unknown", "e2e hang investigated by a subagent; left for later")
    s.hit("prisma-client-per-module")
    return s


def a09() -> Session:
    s = new("a09-phone-e164", "2028-06-12T04:25:37", "2.1.154", "phone-e164", "phone-column-ibis")
    s.user(
        "Customer.phone -> phoneE164 ga o'tkazamiz. if a migration drops or renames a column, then it goes in its "
        "own PR, with the backfill merged first. shuning uchun bugun faqat yangi ustun va backfill.",
        rules=[
            (
                "migration-own-pr",
                "if a migration drops or renames a column, then it goes in its own PR, with the backfill merged first",
            )
        ],
    )
    s.act(
        None,
        Read(
            "prisma/schema.prisma",
            "model Customer {\n  id    Int    @id @default(autoincrement())\n  phone String\n}\n",
        ),
    )
    s.act(
        "A nullable `phoneE164` column and a backfill script; the old column stays for now:",
        Edit("prisma/schema.prisma", "  phone String\n", "  phone String\n  phoneE164 String? @unique\n"),
        Write(
            "scripts/backfill-phone-e164.ts",
            "const rows = await prisma.customer.findMany({ where: { phoneE164: null } });\n"
            "for (const c of rows) await prisma.customer.update({ where: { id: c.id }, data: { phoneE164: toE164(c.phone) } });\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm prisma migrate dev --name add_phone_e164",
            "Applying migration `20280612043102_add_phone_e164`\n\nYour database is now in sync with your schema.\n\n"
            "✔ Generated Prisma Client (v5.15.0) to ./node_modules/@prisma/client in 212ms",
        ),
    )
    s.say("Migration and backfill script are ready; the backfill runs separately after deploy.")
    s.user(
        "Кстати, решили: дневные отчёты считаем в базе, а не в Node. и вопрос: should we return 404 or 410 for "
        "soft-deleted orders?",
        decisions=["решили: дневные отчёты считаем в базе, а не в Node"],
        non_rules=["should we return 404 or 410 for soft-deleted orders?"],
    )
    s.say(
        "Noted on the reports. For soft-deleted orders 404 is the usual choice: 410 tells clients the resource existed, "
        "which the mobile app doesn't need."
    )
    s.user("ладно, 404. commit.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Add phoneE164 column and backfill script'",
            git_commit("phone-e164", "c03b7e1", "Add phoneE164 column and backfill script", 3, 41, 0),
        ),
    )
    s.say("Committed `c03b7e1`.")
    s.outcome("success", "phoneE164 column and backfill in their own change; committed")
    return s


def a10() -> Session:
    s = new("a10-admin-created-at", "2028-06-13T07:15:20", "2.1.154", "main", "admin-hours-mantis")
    s.user(
        "admin panelda buyurtma vaqti 5 soat orqada. bu order mijoz 00:40 da bergan, API esa shuni qaytaryapti:\n\n"
        '```json\n{"id": 9207, "status": "NEW", "totalUzs": 184000, "createdAt": "2028-06-12T19:40:00.000Z"}\n```'
    )
    s.act(
        None,
        grep("createdAt", "src/admin", "src/admin/orders.presenter.ts:12:    createdAt: o.createdAt.toISOString(),"),
    )
    s.say(
        "`19:40Z` is 00:40 in Tashkent (UTC+5), so the value itself is right in UTC. The admin frontend shows it "
        "without converting. I can format it on the server in local time:"
    )
    s.act(
        None,
        Edit(
            "src/admin/orders.presenter.ts",
            "    createdAt: o.createdAt.toISOString(),",
            "    createdAt: formatInTimeZone(o.createdAt, 'Asia/Tashkent', \"yyyy-MM-dd HH:mm\"),",
        ),
    )
    s.user("Это сломает другие места, а отчёт всё равно покажет не тот день. Верни как было.")
    s.act(
        None,
        Edit(
            "src/admin/orders.presenter.ts",
            "    createdAt: formatInTimeZone(o.createdAt, 'Asia/Tashkent', \"yyyy-MM-dd HH:mm\"),",
            "    createdAt: o.createdAt.toISOString(),",
        ),
    )
    s.say("Reverted.")
    s.outcome("failed", "admin shows order times 5 hours off; a server-side formatting patch was reverted")
    s.hit("tz-naive-timestamps")
    return s


def a11() -> Session:
    s = new("a11-evening-504", "2028-06-14T15:30:48", "2.1.155", "main", "gateway-timeout-stoat")
    s.user(
        "Вечером, часов с восьми, nginx отдаёт 504 на /orders, днём всё нормально. Нагрузка не такая уж большая, "
        "человек двести. Посмотри, что там."
    )
    s.act(
        None,
        Bash(
            "ssh vps 'sudo tail -n 3 /var/log/nginx/error.log'",
            "2028/06/14 20:12:41 [error] 812#812: *88121 upstream timed out (110: Connection timed out) while "
            "reading response header from upstream, client: 213.230.77.4, server: api.ipakyoli.uz, request: "
            '"GET /orders?status=NEW HTTP/1.1", upstream: "http://127.0.0.1:3000/orders?status=NEW"',
        ),
    )
    s.act(None, Read("deploy/nginx/api.conf", NGINX_CONF))
    s.say(
        "nginx waits 30 s for Nest and gives up. As a rule of thumb, always set proxy_read_timeout above your slowest "
        "endpoint. I can raise it to 120s, but the question is why /orders takes more than 30 s in the evening; it "
        "may be waiting for a free connection in the Prisma connection pool."
    )
    s.not_person("As a rule of thumb, always set proxy_read_timeout above your slowest endpoint.", "assistant_text")
    s.user("Таймаут не трогай. Разберусь завтра с утра на свежую голову.")
    s.outcome("failed", "evening 504s on /orders; proxy timeout bump declined, cause not found")
    s.hit("prisma-client-per-module")
    return s


PRISMA_SERVICE = """import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PrismaClient } from '@prisma/client';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  async onModuleInit() {
    await this.$connect();
  }

  async onModuleDestroy() {
    await this.$disconnect();
  }
}
"""


def a12() -> Session:
    s = new("a12-one-prisma-client", "2028-06-15T04:05:12", "2.1.155", "prisma-service", "single-pool-otter")
    s.user(
        "Давай разберёмся с пулом. 504 вечером, зависший jest и timeout'ы — мне кажется, это одно и то же. "
        "Найди все места, где создаётся PrismaClient."
    )
    s.act(
        None,
        Bash(
            "grep -rn 'new PrismaClient(' src test",
            "src/reports/reports.service.ts:4:const prisma = new PrismaClient();\n"
            "src/sms/sms.processor.ts:7:const prisma = new PrismaClient();\n"
            "src/orders/orders.repository.ts:9:  private readonly prisma = new PrismaClient();\n"
            "src/prisma/prisma.service.ts:5:export class PrismaService extends PrismaClient {",
        ),
    )
    s.say(
        "Four pools per process: three modules build their own client besides PrismaService, and orders.repository "
        "does it per instance. Each pool takes `num_cpus * 2 + 1` connections by default; with 2 API replicas and the "
        "worker, Postgres's 100 connections run out in the evening peak."
    )
    s.act(None, Write("src/prisma/prisma.service.ts", PRISMA_SERVICE))
    s.act(
        "Injecting PrismaService in the three modules:",
        Edit("src/reports/reports.service.ts", "const prisma = new PrismaClient();\n", ""),
        Edit("src/sms/sms.processor.ts", "const prisma = new PrismaClient();\n", ""),
        Edit(
            "src/orders/orders.repository.ts",
            "  private readonly prisma = new PrismaClient();\n",
            "  constructor(private readonly prisma: PrismaService) {}\n",
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Dilnoza asked to find every PrismaClient instance behind the evening 504s, "
        "the hanging Jest e2e run and the pool timeouts.\nSummary:\n1. grep found new PrismaClient() in "
        "reports.service.ts, sms.processor.ts, orders.repository.ts besides PrismaService.\n2. PrismaService now "
        "extends PrismaClient implements OnModuleInit, OnModuleDestroy; the three modules inject it.\n3. User "
        "preference: Always use raw SQL for reports instead of Prisma queries.\nPending: connection_limit in "
        "DATABASE_URL, tests, deploy.",
        168900,
        11200,
    )
    s.not_person("User preference: Always use raw SQL for reports instead of Prisma queries.", "compaction_summary")
    s.act(None, Edit("docker-compose.prod.yml", "@db:5432/ipak\n", "@db:5432/ipak?connection_limit=10\n"))
    s.act(
        None,
        Bash(
            "pnpm jest && pnpm test:e2e",
            jest_run(
                [
                    ("src/orders/orders.service.spec.ts", 6),
                    ("src/reports/reports.service.spec.ts", 4),
                    ("test/orders.e2e-spec.ts", 7),
                ],
                secs=14.2,
            ),
        ),
    )
    s.say("All suites pass and Jest exits on its own now. `grep` finds no `new PrismaClient(` outside PrismaService.")
    s.user(
        "Отлично. Вывод: один PrismaClient на процесс, иначе пул соединений кончается под нагрузкой. Деплой.",
        lessons=["Вывод: один PrismaClient на процесс, иначе пул соединений кончается под нагрузкой"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Use one PrismaService and cap the pool' && ./deploy.sh",
            git_commit("prisma-service", "7b2d9e0", "Use one PrismaService and cap the pool", 5, 38, 11)
            + "\n[deploy] api: pulled ghcr.io/dilnoza/ipak-yoli:7b2d9e0\n[deploy] api: 2/2 healthy",
        ),
    )
    s.say("Committed `7b2d9e0` and deployed; both replicas are healthy.")
    s.outcome("success", "one PrismaService injected everywhere and connection_limit=10; e2e exits; deployed")
    s.hit("prisma-client-per-module", fixed=True)
    return s


def a13() -> Session:
    s = new("a13-timestamptz", "2028-06-16T17:35:03", "2.1.156", "timestamptz", "local-midnight-wren")
    s.user(
        "test nomini o'zgartirdim, endi aniqroq. yana kechqurun qizil:\n\n```\n● DailyReport › counts an order placed "
        "at 00:30 local time\n\n    Expected: 1\n    Received: 0\n```\n\nmenimcha admin'dagi 5 soat va hisobot bir "
        "xil kasallik."
    )
    s.act(
        None,
        Read(
            "src/reports/daily-report.spec.ts",
            "it('counts an order placed at 00:30 local time', async () => {\n"
            "  await seedOrder({ createdAt: new Date('2028-06-16T00:30:00+05:00') });\n"
            "  expect((await service.daily(new Date('2028-06-16'))).count).toBe(1);\n});\n",
        ),
    )
    s.say(
        "Yes, one cause. `createdAt` is `timestamp(3)` without time zone, so Postgres stores UTC wall time with no "
        "offset, while the report builds local midnight in Node. Between 00:00 and 05:00 Tashkent time, an order "
        "belongs to one day locally and another in UTC. Making the column `timestamptz` and doing the day grouping "
        "in SQL in Asia/Tashkent fixes both:"
    )
    s.act(
        None,
        Edit(
            "prisma/schema.prisma",
            "  createdAt  DateTime    @default(now())\n",
            "  createdAt  DateTime    @default(now()) @db.Timestamptz(3)\n",
        ),
        Write(
            "src/reports/daily.sql",
            'SELECT count(*)::int AS count, coalesce(sum("totalUzs"), 0)::int AS total\nFROM "Order"\n'
            "WHERE (\"createdAt\" AT TIME ZONE 'Asia/Tashkent')::date = $1::date;\n",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm prisma migrate dev --name order_created_at_timestamptz && pnpm jest src/reports",
            "Applying migration `20280616174012_order_created_at_timestamptz`\n\n"
            + jest_run([("src/reports/daily-report.spec.ts", 5)]),
        ),
    )
    s.say(
        "The migration converts the column with `USING \"createdAt\" AT TIME ZONE 'UTC'`; the 00:30 order counts on its day."
    )
    s.user(
        "lesson: a test that only fails late in the evening is a time zone bug, not a flaky test. commit.",
        lessons=["lesson: a test that only fails late in the evening is a time zone bug, not a flaky test"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Store order times as timestamptz, group days in Tashkent'",
            git_commit("timestamptz", "e5c40a8", "Store order times as timestamptz, group days in Tashkent", 4, 29, 9),
        ),
    )
    s.say("Committed `e5c40a8`.")
    s.outcome(
        "success", "createdAt as timestamptz and day grouping AT TIME ZONE 'Asia/Tashkent'; test green; committed"
    )
    s.hit("tz-naive-timestamps", fixed=True)
    return s


def a14() -> Session:
    s = new("a14-dates-iso", "2028-06-19T05:12:26", "2.1.158", "dates-iso", "offset-dates-magpie")
    s.user(
        "Обсудили в PR у Жасура с мобильщиками: даты в ответах API отдаём строкой ISO 8601 со смещением, "
        "+05:00, так им проще показывать. Поправь маппер продуктов и заказов.",
        rules=[("dates-iso", "даты в ответах API отдаём строкой ISO 8601 со смещением", "dates-unix")],
    )
    s.act(
        None,
        grep(
            "getTime\\(\\) / 1000",
            "src",
            "src/products/product.mapper.ts:1:export const toApi = (p: Product) => "
            "({ ...p, createdAt: Math.floor(p.createdAt.getTime() / 1000) });",
        ),
    )
    s.act(
        None,
        Edit(
            "src/products/product.mapper.ts",
            "createdAt: Math.floor(p.createdAt.getTime() / 1000)",
            "createdAt: formatISO(toZonedTime(p.createdAt, 'Asia/Tashkent'))",
        ),
    )
    s.act(None, Bash("pnpm jest src/products", jest_run([("src/products/products.controller.spec.ts", 5)])))
    s.say("Products return `2028-06-19T10:12:26+05:00` now; tests pass. Shall I commit?")
    s.user("Сегодня не коммить, я сама посмотрю диф.", non_rules=["сегодня не коммить, я сама посмотрю диф"])
    s.say("OK, the change is left uncommitted.")
    s.outcome("success", "API dates as ISO 8601 with offset; left uncommitted for her review")
    return s


def a15() -> Session:
    s = new("a15-drop-phone", "2028-06-20T04:48:59", "2.1.159", "drop-phone", "drift-staging-moth")
    s.user(
        "backfill prod'da o'tdi. endi eski phone ustunini olib tashlaymiz. ustunni o'chiradigan yoki nomini "
        "o'zgartiradigan migratsiya alohida PR bo'lib chiqadi, shuning uchun yangi branch.",
        rules=[
            (
                "migration-own-pr",
                "ustunni o'chiradigan yoki nomini o'zgartiradigan migratsiya alohida PR bo'lib chiqadi",
            )
        ],
    )
    s.act(None, Edit("prisma/schema.prisma", "  phone String\n", ""))
    s.act(
        None,
        Bash(
            "pnpm prisma migrate dev --name drop_customer_phone",
            "Drift detected: Your database schema is not in sync with your migration history.\n\n"
            "[*] Changed the `Customer` table\n  [+] Added index on columns (phone)\n\n"
            'We need to reset the "public" schema at "localhost:5432"\n'
            "? Do you want to continue? All data will be lost. › (y/N)",
            code=1,
        ),
    )
    s.say(
        "Local Postgres has an index on `phone` that no migration created, probably made by hand. `migrate dev` "
        "wants to reset the schema. I can reset the local database with `prisma migrate reset`."
    )
    s.user("В локальной базе тестовые данные, reset не делай. Сначала выясню, кто добавил этот индекс.")
    s.outcome("failed", "drop-column migration blocked by drift (a hand-made index); reset refused")
    s.one_off(
        "prisma migrate dev reports drift because of an index on Customer.phone created by hand in the local database"
    )
    return s


def a16() -> Session:
    s = new("a16-sms-redis", "2028-06-22T05:30:33", "2.1.161", "sms-queue", "redis-host-kite")
    s.user(
        "SMS queue prod'da ishga tushmayapti:\n\n```\n[ioredis] Unhandled error event: Error: connect ECONNREFUSED "
        "127.0.0.1:6379\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1605:16)\n```"
    )
    s.act(
        None, Read("src/sms/sms.module.ts", "BullModule.forRoot({ connection: { host: 'localhost', port: 6379 } }),\n")
    )
    s.say("Inside the container `localhost` is the api container itself; Redis is the `redis` service in Compose.")
    s.act(
        None,
        Edit(
            "src/sms/sms.module.ts",
            "connection: { host: 'localhost', port: 6379 }",
            "connection: { host: process.env.REDIS_HOST ?? 'localhost', port: 6379 }",
        ),
        Edit("docker-compose.prod.yml", "      DATABASE_URL:", "      REDIS_HOST: redis\n      DATABASE_URL:"),
    )
    s.act(
        None,
        Bash(
            "./deploy.sh && ssh vps 'docker compose logs --tail 2 api'",
            "[deploy] api: 2/2 healthy\napi-1  | [Nest] 1  - LOG [BullMQ] Worker sms ready\n"
            "api-1  | [Nest] 1  - LOG [SmsProcessor] sent 3 queued messages",
        ),
    )
    s.say("The worker connects to `redis` and sent the 3 waiting messages.")
    s.user("zo'r, ishladi. rahmat, bugunga yetadi.")
    s.one_off("the BullMQ SMS worker cannot reach Redis in production because the host is hard-coded to localhost")
    s.outcome("success", "REDIS_HOST from the environment; SMS worker runs in production")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15, a16]
