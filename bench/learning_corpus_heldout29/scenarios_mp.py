"""Wei's `kuaidi-mp` sessions (m01-m15): a uni-app (Vue 3 + TypeScript) WeChat mini program for parcel lookup,
built with pnpm, tested with vitest, previewed and uploaded with the WeChat devtools CLI. Times are UTC; Hangzhou
is UTC+8."""

from __future__ import annotations

from fake_output import DEVTOOLS, MP, git_commit, mp_build, vitest_run
from transcript_kit import Agent, Bash, Denied, Edit, Read, Session, Write

PROJECT = "kuaidi-mp"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=MP, project=PROJECT)


GUIDE = """# kuaidi-mp 开发规范

- 所有页面必须使用 <script setup lang="ts">，禁止 Options API。
- 接口统一走 src/api/request.ts。
- 页面放 src/pages/<name>/<name>.vue，并在 pages.json 注册。"""

REQUEST_TS = """const BASE_URL = import.meta.env.VITE_API_BASE

export function request<T>(path: string, data?: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    uni.request({
      url: BASE_URL + path,
      data,
      success: (res) => (res.statusCode === 200 ? resolve(res.data as T) : reject(res)),
      fail: reject,
    })
  })
}
"""

TIME_TS = """// 后端返回的时间形如 "2027-10-14 08:02:11"（北京时间）
export function parseServerTime(value: string): Date {
  return new Date(value)
}

const pad = (n: number) => String(n).padStart(2, '0')

export function formatTrackTime(value: string): string {
  const d = parseServerTime(value)
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
"""

TRACK_API = """import { request } from './request'

export type TrackEvent = { carrier: string; occurred_at: string; location: string; desc: string }

export const getTrack = (carrier: string, number: string) =>
  request<{ events: TrackEvent[] }>(`/api/v1/track/${carrier}/${number}`)
"""

TRACK_PAGE = """<template>
  <view class="page">
    <input v-model="number" class="number" placeholder="输入快递单号" />
    <picker :range="carriers" range-key="name" @change="onPick">
      <view class="carrier">{{ carriers[carrierIndex].name }}</view>
    </picker>
    <button class="query" @click="query">查询</button>
    <view v-for="e in events" :key="e.occurred_at" class="event">
      <text class="time">{{ formatTrackTime(e.occurred_at) }}</text>
      <text class="desc">{{ e.desc }}</text>
    </view>
  </view>
</template>

<script setup lang="ts">
import { ref } from 'vue'
import { getTrack, type TrackEvent } from '@/api/track'
import { formatTrackTime } from '@/utils/time'

const carriers = [
  { code: 'SF', name: '顺丰' },
  { code: 'ZTO', name: '中通' },
  { code: 'YTO', name: '圆通' },
  { code: 'JD', name: '京东' },
]
const number = ref('')
const carrierIndex = ref(0)
const events = ref<TrackEvent[]>([])

const onPick = (e: { detail: { value: number } }) => (carrierIndex.value = e.detail.value)
async function query() {
  events.value = (await getTrack(carriers[carrierIndex.value].code, number.value.trim())).events
}
</script>

<style lang="scss" scoped>
.page { padding: 32rpx; }
.number { height: 88rpx; border-bottom: 1rpx solid $kd-border; }
.query { margin-top: 24rpx; background: $kd-primary; color: $kd-on-primary; }
.event { padding: 24rpx 0; border-bottom: 1rpx solid $kd-border; }
.time { color: $kd-text-secondary; font-size: 24rpx; margin-right: 16rpx; }
</style>
"""

TIME_TEST = """import { describe, expect, it } from 'vitest'
import { formatTrackTime } from './time'

describe('formatTrackTime', () => {
  it('formats the backend time as MM-dd HH:mm', () => {
    expect(formatTrackTime('2027-10-14 08:02:11')).toBe('10-14 08:02')
  })
})
"""

PAGES_JSON = """{
  "pages": [
    { "path": "pages/track/track", "style": { "navigationBarTitleText": "查快递" } },
    { "path": "pages/orders/orders", "style": { "navigationBarTitleText": "我的包裹" } },
    { "path": "pages/orders/detail", "style": { "navigationBarTitleText": "包裹详情" } },
    { "path": "pages/me/me", "style": { "navigationBarTitleText": "我的" } }
  ],"""

MANIFEST = """  "name" : "kuaidi-mp",
  "appid" : "__UNI__8F2C1A7",
  "versionName" : "0.4.0",
  "versionCode" : "40","""


# ---------------------------------------------------------------------------------------------------------------


def m01() -> Session:
    s = new("m01-track-page", "2027-10-11T07:10:33", "2.1.220", "main", "track-page-finch")
    s.user(
        "小程序先做查件页：输入单号、选快递公司，调 /api/v1/track/:carrier/:number，下面显示轨迹。"
        "这个项目只用 pnpm，不要用 npm 或 yarn。样式尺寸一律用 rpx，颜色都用 uni.scss 里的变量，不要写死色值。",
        rules=[
            ("pnpm", "这个项目只用 pnpm，不要用 npm 或 yarn"),
            ("rpx", "样式尺寸一律用 rpx"),
            ("scss-vars", "颜色都用 uni.scss 里的变量"),
        ],
    )
    s.title("查件页")
    s.act(None, Read("docs/开发规范.md", GUIDE), Read("src/api/request.ts", REQUEST_TS))
    s.act(
        '按规范用 `<script setup lang="ts">`，接口走 `request.ts`：',
        Write("src/api/track.ts", TRACK_API),
        Write("src/utils/time.ts", TIME_TS),
        Write("src/utils/time.test.ts", TIME_TEST),
        Write("src/pages/track/track.vue", TRACK_PAGE),
    )
    s.act(
        None,
        Bash(
            "pnpm vitest run && pnpm build:mp-weixin",
            vitest_run([("src/utils/time.test.ts", 1)], start="15:14:02") + "\n" + mp_build(1012),
            secs=21,
        ),
    )
    s.say(
        "查件页写好了：单号输入、快递公司 picker、轨迹列表，时间用 `formatTrackTime` 显示成 `MM-dd HH:mm`。尺寸都是 rpx，"
        "颜色用 `$kd-primary` / `$kd-border` 这些 uni.scss 变量。vitest 通过，`build:mp-weixin` 成功。\n\n"
        "另外：现在只上微信的话，原生小程序包会更小一些。uni-app 这层要一直保留吗？"
    )
    s.user(
        "定了，还是用 uni-app，不换原生，明年可能还要上支付宝小程序。行，提交吧",
        decisions=["还是用 uni-app，不换原生，明年可能还要上支付宝小程序"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: add parcel lookup page'",
            git_commit("main", "2d6e91b", "feat: add parcel lookup page", 4, 121, 0),
        ),
    )
    s.say("已提交 `2d6e91b`。")
    s.not_person('所有页面必须使用 <script setup lang="ts">，禁止 Options API。', "tool_output")
    s.outcome("success", "lookup page with timeline, time formatting and a test; build ok; committed")
    return s


def m02() -> Session:
    s = new("m02-domain-list", "2027-10-12T06:40:12", "2.1.220", "main", "domain-list-quail")
    s.user(
        "真机预览查件没反应，开发者工具里是好的。vConsole 里是这个：\n\n```\n"
        "request:fail url not in domain list\n"
        '{"errMsg":"request:fail url not in domain list"}\n'
        "Tips: 请在小程序管理后台「开发管理 - 开发设置 - 服务器域名」中配置 request 合法域名\n```"
    )
    s.act(
        None,
        Read(".env.development", "VITE_API_BASE=http://192.168.1.23:8080"),
        Read(".env.staging", "VITE_API_BASE=https://api-test.kuaidi.dev"),
        Read(
            "package.json",
            '  "scripts": {\n    "dev:mp-weixin": "uni -p mp-weixin",\n    "build:mp-weixin": "uni build -p mp-weixin",\n    "test": "vitest run"\n  },',
            offset=5,
            total=38,
        ),
    )
    s.say(
        "开发者工具勾了“不校验合法域名”，所以模拟器能连局域网的 `http://192.168.1.23:8080`。真机必须是后台配置过的 https 域名，"
        "局域网 IP 永远过不了。预览包应该用 staging 的 `https://api-test.kuaidi.dev`（后台里已经配了吗？），加一个 staging 模式的构建脚本："
    )
    s.user("api-test.kuaidi.dev 刚加到后台了")
    s.act(
        None,
        Edit(
            "package.json",
            '    "build:mp-weixin": "uni build -p mp-weixin",',
            '    "build:mp-weixin": "uni build -p mp-weixin",\n'
            '    "build:mp-weixin:staging": "uni build -p mp-weixin --mode staging",',
        ),
    )
    s.act(
        None,
        Bash(
            f"pnpm build:mp-weixin:staging && {DEVTOOLS} preview --project {MP}/dist/build/mp-weixin "
            "--qr-format terminal --qr-size small",
            mp_build(1014).replace("build:mp-weixin", "build:mp-weixin:staging")
            + "\n✔ preview\n[QR code printed to terminal: 37×37]\n✔ 包大小 1014 KB",
            secs=34,
        ),
    )
    s.say("staging 包已经出预览二维码了，扫码试一下。")
    s.user("好了，真机能查了")
    s.act(
        None,
        Bash(
            "git commit -am 'chore: add staging build for device previews'",
            git_commit("main", "6b0c2fe", "chore: add staging build for device previews", 1, 1, 0),
        ),
    )
    s.not_person("Tips: 请在小程序管理后台「开发管理 - 开发设置 - 服务器域名」中配置 request 合法域名", "pasted_log")
    s.one_off(
        "device preview fails with 'request:fail url not in domain list': the dev build points at a LAN http "
        "address that only the devtools (domain check off) accept; a staging build with the https domain fixes it"
    )
    s.outcome("success", "staging build against the registered https domain; device preview works; committed")
    return s


AUTH_TS = """import { request } from './request'

const TOKEN_KEY = 'kd_token'

export async function login(): Promise<string> {
  const { code } = await uni.login({ provider: 'weixin' })
  const { token } = await request<{ token: string }>('/api/v1/auth/wx', { code })
  uni.setStorageSync(TOKEN_KEY, token)
  return token
}

export const getToken = (): string => uni.getStorageSync(TOKEN_KEY) || ''
"""


def m03() -> Session:
    s = new("m03-wx-login", "2027-10-13T07:30:40", "2.1.220", "feat/login", "wx-login-robin")
    s.user(
        "login: wx.login, send the code to /api/v1/auth/wx, keep the token we get back, and attach it as "
        "Authorization in request.ts."
    )
    s.act(
        "A pinia store with persistence keeps the token handy across pages:",
        Denied(Bash("pnpm add pinia pinia-plugin-persistedstate")),
    )
    s.user(
        "加新依赖之前先问我。token 直接 uni.setStorageSync 就行，不需要 store。",
        rules=[("ask-deps", "加新依赖之前先问我")],
    )
    s.act(
        "好，不加依赖：",
        Write("src/api/auth.ts", AUTH_TS),
        Edit(
            "src/api/request.ts",
            "      url: BASE_URL + path,\n      data,",
            "      url: BASE_URL + path,\n      data,\n      header: { Authorization: `Bearer ${uni.getStorageSync('kd_token') || ''}` },",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm vitest run && pnpm build:mp-weixin",
            vitest_run([("src/utils/time.test.ts", 1)], start="15:41:18") + "\n" + mp_build(1019),
            secs=20,
        ),
    )
    s.say(
        "登录流程：`login()` 调 `uni.login` 拿 code，换 token 后存 `kd_token`；`request.ts` 每次带 `Authorization: Bearer …`。"
        "要不要同时拿 UnionID（需要开放平台绑定）？"
    )
    s.user(
        "decided: login is wx.login plus our own session token, no UnionID for now, we don't have an open platform account.",
        decisions=["login is wx.login plus our own session token, no UnionID for now"],
    )
    s.say("Got it. Shall I upload a trial version through the devtools CLI so you can test on your phone?")
    s.user(
        "no. never run the devtools cli upload, uploads to WeChat are mine. a preview QR is fine.",
        rules=[("no-upload", "never run the devtools cli upload, uploads to WeChat are mine")],
    )
    s.act(
        None,
        Bash(
            f"pnpm build:mp-weixin:staging && {DEVTOOLS} preview --project {MP}/dist/build/mp-weixin --qr-format terminal",
            mp_build(1021) + "\n✔ preview\n[QR code printed to terminal: 37×37]",
            secs=33,
        ),
    )
    s.say("Preview QR is above (staging build). Nothing uploaded.")
    s.user("登录成功了，提交")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: wx.login with our own session token'",
            git_commit("feat/login", "9f3a04d", "feat: wx.login with our own session token", 2, 24, 0),
        ),
    )
    s.outcome("success", "wx.login with a session token in storage, no new dependencies; previewed; committed")
    return s


def m04() -> Session:
    s = new("m04-iphone-nan", "2027-10-14T08:05:19", "2.1.221", "main", "nan-time-heron")
    s.user("测试同学说 iPhone 上查件页的时间全是 NaN-NaN NaN:NaN，安卓正常，开发者工具里也正常。看一下")
    s.act(None, Read("src/utils/time.ts", TIME_TS), Read("src/pages/track/track.vue", TRACK_PAGE, offset=8, total=48))
    s.act(
        None,
        Bash(
            "pnpm vitest run src/utils",
            vitest_run([("src/utils/time.test.ts", 1)], start="16:07:44"),
        ),
    )
    s.act(
        None,
        Bash(
            "curl -s https://api-test.kuaidi.dev/api/v1/track/SF/SF1234567890123 | jq '.events[0]'",
            '{\n  "carrier": "SF",\n  "occurred_at": "2027-10-14 08:02:11",\n  "location": "杭州",\n'
            '  "desc": "【杭州转运中心】已发出"\n}',
        ),
    )
    s.say(
        "接口返回的 `occurred_at` 正常，`formatTrackTime` 在 Node 里测试也对，开发者工具里也复现不了。NaN 说明 `getMonth()` "
        "这些拿到的是无效日期，但这边看不出为什么只有 iPhone 会这样。能拿到那台 iPhone 真机调试的 console 吗？"
    )
    s.user("真机调试我现在弄不了，手机被测试拿走了。算了，明天再说。")
    s.outcome("failed", "times show NaN on iPhone; could not be reproduced in Node or the devtools; left")
    s.hit("ios-date-parse")
    return s


def m05() -> Session:
    s = new("m05-rpx-question", "2027-10-15T06:50:02", "2.1.221", "main", "hairline-wren")
    s.user(
        "do you always need rpx for 1px borders? on some phones the 1rpx lines disappear.",
        non_rules=["do you always need rpx for 1px borders?"],
    )
    s.say(
        "No. 1rpx is 0.5px on a 375pt-wide screen and can round down to nothing on narrower ones. For hairlines "
        "`1px` (or a `transform: scaleY(0.5)` pseudo-element for a true 0.5px line) is the usual exception; sizes, "
        "spacing and fonts stay in rpx."
    )
    s.turn_done()
    s.user("明白了")
    s.title("1rpx hairline borders")
    s.outcome("unknown", "a question about 1rpx borders answered; nothing changed")
    return s


def m06() -> Session:
    s = new("m06-devtools-ios-warning", "2027-10-18T07:20:55", "2.1.221", "release/0.4", "ios-warning-stork")
    s.user(
        "真机调试控制台一直刷这个：\n\n```\n"
        '[渲染层] new Date("2027-10-14 08:02:11") 在部分 iOS 下无法正常使用，iOS 只支持 "yyyy/MM/dd"、'
        '"yyyy/MM/dd HH:mm:ss"、"yyyy-MM-dd"、"yyyy-MM-ddTHH:mm:ss"、"yyyy-MM-ddTHH:mm:ss+HH:mm" 的格式\n'
        "(env: macOS,mp,1.06.2409140; lib: 3.6.2)\n```\n\n要紧吗？今天下午要提审。"
    )
    s.act(
        None,
        Bash(
            "grep -rn 'new Date(' src --include=*.ts --include=*.vue",
            "src/utils/time.ts:3:  return new Date(value)\nsrc/pages/orders/detail.vue:41:  const d = new Date(order.created_at)",
        ),
    )
    s.say(
        "有两处把后端的 `yyyy-MM-dd HH:mm:ss` 直接交给 `new Date`：`src/utils/time.ts:3` 和 `src/pages/orders/detail.vue:41`。"
        "这个提示说的就是这种格式 iOS 不支持，可能和上周 iPhone 上时间显示 NaN 有关。要改的话两处都得动，改完需要重新测一遍时间显示。"
    )
    s.user("先不管，今天要提审，代码别动。下周再说。")
    s.say("好，不动代码。")
    s.outcome("unknown", "the devtools iOS date warning traced to two new Date calls; nothing changed before review")
    s.hit("ios-date-parse")
    return s


def m07() -> Session:
    s = new("m07-package-size", "2027-10-19T06:30:27", "2.1.222", "release/0.4", "package-size-ibis")
    s.user(
        "我上传体验版报这个：\n\n```\n"
        "Error: 系统错误，错误码：80051,source size 2212KB exceed max limit 2MB\n```\n上周还是 1 M 多。"
    )
    s.act(
        None,
        Bash(
            "pnpm build:mp-weixin && du -sh dist/build/mp-weixin/* | sort -h | tail -5",
            mp_build(2212) + "\n 96K\tdist/build/mp-weixin/app.js\n"
            "164K\tdist/build/mp-weixin/common\n312K\tdist/build/mp-weixin/pages\n"
            "420K\tdist/build/mp-weixin/uni_modules\n1.2M\tdist/build/mp-weixin/static",
            secs=22,
        ),
    )
    s.act(
        None,
        Bash(
            "ls -lhS static/images | head -5",
            "total 2392\n-rw-r--r--  1 wei  staff   412K Oct 18 17:02 banner-double11.png\n"
            "-rw-r--r--  1 wei  staff   388K Oct 18 17:02 banner-double11@2x.png\n"
            "-rw-r--r--  1 wei  staff   236K Oct 16 11:20 empty-parcel.png\n"
            "-rw-r--r--  1 wei  staff    71K Oct 11 10:03 logo.png",
        ),
    )
    s.say(
        "主包超了：`static` 1.2M，大头是双十一的两张 banner（800K）。小程序主包上限 2M，超了就不能上传。两步：banner 放 CDN 用 URL 引用，"
        "“我的包裹”两个页面拆到分包 `pages-orders` 里，主包只留查件页和“我的”。"
    )
    s.user("banner 已经传到 OSS 了：https://static.kuaidi.dev/banner/double11.png 。分包可以")
    s.act(
        None,
        Edit(
            "pages.json",
            '    { "path": "pages/orders/orders", "style": { "navigationBarTitleText": "我的包裹" } },\n'
            '    { "path": "pages/orders/detail", "style": { "navigationBarTitleText": "包裹详情" } },\n',
            "",
        ),
        Edit(
            "pages.json",
            '    { "path": "pages/me/me", "style": { "navigationBarTitleText": "我的" } }\n  ],',
            '    { "path": "pages/me/me", "style": { "navigationBarTitleText": "我的" } }\n  ],\n'
            '  "subPackages": [\n    {\n      "root": "pages-orders",\n      "pages": [\n'
            '        { "path": "orders", "style": { "navigationBarTitleText": "我的包裹" } },\n'
            '        { "path": "detail", "style": { "navigationBarTitleText": "包裹详情" } }\n      ]\n    }\n  ],',
        ),
    )
    s.act(
        None,
        Bash(
            "git mv src/pages/orders src/pages-orders && git rm -q static/images/banner-double11*.png && "
            "sed -i '' 's#/static/images/banner-double11.png#https://static.kuaidi.dev/banner/double11.png#' src/pages/track/track.vue && "
            "sed -i '' 's#/pages/orders/#/pages-orders/#g' src/pages/me/me.vue && pnpm build:mp-weixin",
            mp_build(1408),
            secs=22,
        ),
    )
    s.say("主包现在 1408 KB（分包另算），可以上传了。")
    s.user(
        "TIL the main package of a mini program can't go over 2 MB, everything else has to live in subPackages. 我自己传。",
        lessons=["the main package of a mini program can't go over 2 MB, everything else has to live in subPackages"],
    )
    s.user("传上去了")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: move orders pages to a subpackage and banners to the CDN'",
            git_commit(
                "release/0.4", "e5c7a19", "fix: move orders pages to a subpackage and banners to the CDN", 7, 18, 9
            ),
        ),
    )
    s.say("已提交 `e5c7a19`。")
    s.one_off(
        "upload fails with error 80051 'source size 2212KB exceed max limit 2MB': two banner images pushed the main "
        "package over 2 MB; banners moved to the CDN and the orders pages to a subpackage"
    )
    s.outcome("success", "main package back to 1.4 MB (CDN banners, orders subpackage); Wei uploaded; committed")
    return s


TIMELINE = """<template>
  <view class="timeline">
    <view v-for="(e, i) in events" :key="e.occurred_at" class="node" :class="{ signed: i === 0 && signed }">
      <view class="dot" />
      <view class="body">
        <text class="desc">{{ e.desc }}</text>
        <text class="time">{{ formatTrackTime(e.occurred_at) }} · {{ e.location }}</text>
      </view>
    </view>
  </view>
</template>

<script setup lang="ts">
import type { TrackEvent } from '@/api/track'
import { formatTrackTime } from '@/utils/time'

defineProps<{ events: TrackEvent[]; signed: boolean }>()
</script>

<style lang="scss" scoped>
.node { display: flex; padding: 24rpx 0 24rpx 32rpx; border-left: 2rpx solid $kd-border; }
.dot { width: 16rpx; height: 16rpx; border-radius: 50%; background: $kd-border; margin: 12rpx 16rpx 0 -41rpx; }
.signed .dot { background: $kd-success; }
.signed .desc { color: $kd-success; font-weight: 600; }
.time { display: block; color: $kd-text-secondary; font-size: 24rpx; }
</style>
"""


def tests_for_time(child: Session) -> None:
    child.act(None, Read("src/utils/time.ts", TIME_TS))
    child.act(
        None,
        Write(
            "src/utils/time.test.ts",
            TIME_TEST.replace(
                "  })\n})",
                "  })\n  it('pads month, day, hour and minute', () => {\n"
                "    expect(formatTrackTime('2027-01-05 07:03:09')).toBe('01-05 07:03')\n  })\n"
                "  it('keeps midnight', () => {\n    expect(formatTrackTime('2027-10-15 00:00:00')).toBe('10-15 00:00')\n"
                "  })\n})",
            ),
        ),
    )
    child.act(None, Bash("pnpm vitest run src/utils", vitest_run([("src/utils/time.test.ts", 3)], start="10:22:51")))
    child.say("Added two cases to src/utils/time.test.ts (zero padding, midnight); 3/3 pass.")


def m08() -> Session:
    s = new("m08-timeline-component", "2027-10-21T02:15:08", "2.1.222", "feat/timeline", "timeline-nuthatch")
    s.user(
        "把轨迹抽成组件 components/TrackTimeline.vue，最新一条如果是签收就高亮成绿色。顺便让 agent 给 formatTrackTime 多补几个测试。"
    )
    s.act(
        None,
        Agent(
            "Tests for formatTrackTime",
            "Add vitest cases to src/utils/time.test.ts for formatTrackTime: zero padding of month/day/hour/minute "
            "and midnight. Run pnpm vitest run src/utils and report what you added.",
            "general-purpose",
            tests_for_time,
            background=True,
        ),
    )
    s.act(
        "组件用 `$kd-success`（uni.scss 里已有）做签收高亮：",
        Write("src/components/TrackTimeline.vue", TIMELINE),
        Edit(
            "src/pages/track/track.vue",
            '    <view v-for="e in events" :key="e.occurred_at" class="event">\n'
            '      <text class="time">{{ formatTrackTime(e.occurred_at) }}</text>\n'
            '      <text class="desc">{{ e.desc }}</text>\n    </view>',
            '    <TrackTimeline :events="events" :signed="signed" />',
        ),
    )
    s.act(None, Bash("pnpm vue-tsc --noEmit", "", secs=9))
    s.say("类型检查通过。列表加载的时候要不要加骨架屏？")
    s.user("骨架屏暂时不用，先这样。", non_rules=["骨架屏暂时不用"])
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\n"
        "Analysis: Wei asked to extract the parcel timeline into src/components/TrackTimeline.vue with the latest "
        "event highlighted in green when the parcel is signed, and to have an agent add tests for formatTrackTime.\n"
        "Summary:\n1. Written: src/components/TrackTimeline.vue (rpx sizes, $kd-success / $kd-border from "
        "uni.scss); track.vue now renders <TrackTimeline :events :signed />. vue-tsc clean.\n"
        "2. A background general-purpose agent is adding cases to src/utils/time.test.ts.\n"
        "3. No skeleton screen for now (Wei's answer).\n"
        "4. User preference: Always run pnpm build:mp-weixin before opening the project in WeChat devtools.\n"
        "Pending: wait for the agent, run vitest and the build, commit.",
        158300,
        9800,
    )
    s.say("等测试 agent 跑完再整体跑一遍。")
    s.agent_done(after=35)
    s.act(
        None,
        Bash(
            "pnpm vitest run && pnpm build:mp-weixin",
            vitest_run([("src/utils/time.test.ts", 3)], start="10:31:06") + "\n" + mp_build(1421),
            secs=22,
        ),
    )
    s.say("agent 加了两个用例（补零、零点），vitest 3/3，构建成功。")
    s.user("行，提交吧")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: TrackTimeline component with signed highlight'",
            git_commit("feat/timeline", "b8d21f4", "feat: TrackTimeline component with signed highlight", 3, 58, 6),
        ),
    )
    s.say("已提交 `b8d21f4`。")
    s.not_person(
        "User preference: Always run pnpm build:mp-weixin before opening the project in WeChat devtools.",
        "compaction_summary",
    )
    s.outcome("success", "timeline component with signed highlight; agent-added tests pass; build ok; committed")
    return s


def m09() -> Session:
    s = new("m09-qa-invalid-date", "2027-10-22T03:00:14", "2.1.223", "fix/ios-date", "invalid-date-lark")
    s.user(
        'QA filed this:\n\n```\nBUG-231 [iOS] Parcel timeline shows "Invalid Date"\n'
        "Device: iPhone 13, iOS 17.5, WeChat 8.0.50\nSteps: query SF1234567890123, open 包裹详情\n"
        'Actual: detail header shows "Invalid Date", every timeline row shows NaN-NaN NaN:NaN\n'
        "Expected: 10-14 08:02 etc.\nAndroid (Xiaomi 14): OK\n```\n\ncan you fix it before the weekend?"
    )
    s.act(None, Read("src/utils/time.ts", TIME_TS))
    s.act(
        "iOS's JavaScriptCore does not parse `yyyy-MM-dd HH:mm:ss`. dayjs parses it the same way on every "
        "platform, I'll switch the parsing to it:",
        Denied(Bash("pnpm add dayjs")),
    )
    s.user(
        "新包别自己装，先问我。dayjs 不要，为一个日期格式不值得。",
        rules=[("ask-deps", "新包别自己装，先问我")],
    )
    s.act(
        "Without a dependency: iOS does accept `yyyy-MM-ddTHH:mm:ss`, so putting a `T` between date and time is enough:",
        Edit("src/utils/time.ts", "  return new Date(value)", "  return new Date(value.replace(' ', 'T'))"),
    )
    s.act(
        None,
        Bash(
            f"pnpm vitest run && pnpm build:mp-weixin:staging && {DEVTOOLS} preview --project {MP}/dist/build/mp-weixin --qr-format terminal",
            vitest_run([("src/utils/time.test.ts", 3)], start="11:04:37")
            + "\n"
            + mp_build(1423)
            + "\n✔ preview\n[QR code printed to terminal: 37×37]",
            secs=36,
        ),
    )
    s.say("Tests pass and a preview QR is above; could you check it on the iPhone?")
    s.user("还是不行，不是 NaN 了，但是时间全晚了 8 个小时，08:02 显示成 16:02。")
    s.say(
        "Then iOS reads `yyyy-MM-ddTHH:mm:ss` without an offset as UTC and shows it in Beijing time. The string "
        "would need `+08:00`, or a different separator."
    )
    s.user("先撤回去吧，下周再弄，周末不发了。")
    s.act(None, Bash("git checkout -- src/utils/time.ts && git status --short", ""))
    s.say("已撤回，`time.ts` 恢复原样。")
    s.outcome("failed", "Invalid Date on iOS: dayjs refused, the T separator shifted times by 8 hours; reverted")
    s.hit("ios-date-parse")
    return s


VITEST_CONFIG = """import { defineConfig } from 'vitest/config'
import uni from '@dcloudio/vite-plugin-uni'

export default defineConfig({
  plugins: [uni()],
  test: {
    environment: 'node',
  },
})
"""


def m10() -> Session:
    s = new("m10-uni-not-defined", "2027-10-25T07:05:49", "2.1.223", "test/request", "stub-uni-tern")
    s.user("给 request.ts 写单测：200 resolve，非 200 reject，带 Authorization 头。")
    s.act(
        None,
        Write(
            "src/api/request.test.ts",
            "import { describe, expect, it } from 'vitest'\nimport { request } from './request'\n\n"
            "describe('request', () => {\n  it('resolves on 200', async () => {\n"
            "    mockUniRequest({ statusCode: 200, data: { ok: true } })\n"
            "    await expect(request('/ping')).resolves.toEqual({ ok: true })\n  })\n})\n",
        ),
    )
    out = (
        f" RUN  v2.1.8 {MP}\n\n ❯ src/api/request.test.ts (3 tests | 3 failed) 9ms\n"
        "   × request > resolves on 200 3ms\n     → uni is not defined\n"
        "   × request > rejects on 500 1ms\n     → uni is not defined\n"
        "   × request > sends the Authorization header 1ms\n     → uni is not defined\n"
        " ✓ src/utils/time.test.ts (3 tests) 6ms\n\n⎯⎯⎯⎯⎯⎯⎯ Failed Tests 3 ⎯⎯⎯⎯⎯⎯⎯\n\n"
        " FAIL  src/api/request.test.ts > request > resolves on 200\nReferenceError: uni is not defined\n"
        " ❯ src/api/request.ts:5:5\n\n Test Files  1 failed | 1 passed (2)\n      Tests  3 failed | 3 passed (6)"
    )
    s.act(None, Bash("pnpm vitest run", out, code=1))
    s.act(
        "vitest 跑在 Node 里，没有小程序运行时的全局 `uni`。加一个 setup 文件把 `uni` stub 掉：",
        Read("vitest.config.ts", VITEST_CONFIG),
    )
    s.act(
        None,
        Write(
            "vitest.setup.ts",
            "import { vi } from 'vitest'\n\n// vitest runs in Node: no mini program runtime, so the uni global is stubbed.\n"
            "export const uniMock = {\n  request: vi.fn(),\n  getStorageSync: vi.fn(() => ''),\n  setStorageSync: vi.fn(),\n  login: vi.fn(),\n}\n"
            "vi.stubGlobal('uni', uniMock)\n",
        ),
        Edit(
            "vitest.config.ts",
            "    environment: 'node',",
            "    environment: 'node',\n    setupFiles: ['./vitest.setup.ts'],",
        ),
    )
    s.act(
        None,
        Bash(
            "pnpm vitest run",
            vitest_run([("src/api/request.test.ts", 3), ("src/utils/time.test.ts", 3)], start="15:12:40"),
        ),
    )
    s.say("`vitest.setup.ts` 里 `vi.stubGlobal('uni', …)`，`request.test.ts` 3 个用例都过了。")
    s.user("好了，提交")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'test: stub the uni global for request tests'",
            git_commit("test/request", "47ae3c2", "test: stub the uni global for request tests", 3, 52, 1),
        ),
    )
    s.one_off(
        "vitest fails with 'ReferenceError: uni is not defined' (no mini program runtime in Node); uni stubbed in a setup file"
    )
    s.outcome("success", "request.ts tests pass with a stubbed uni global; committed")
    return s


def m11() -> Session:
    s = new("m11-ios-date-fix", "2027-10-26T06:55:31", "2.1.223", "fix/ios-date", "slash-date-kestrel")
    s.user("iPhone 上时间显示 NaN 那个问题今天解决。不要用 T 那种写法，上次晚了 8 个小时。详情页那处也一起改。")
    s.act(
        None,
        Read("src/utils/time.ts", TIME_TS),
        Read("src/pages-orders/detail.vue", "  const d = new Date(order.created_at)", offset=41, total=77),
    )
    s.say(
        "iOS 认的无时区格式里，`yyyy/MM/dd HH:mm:ss` 按本地时间解析（不像带 `T` 的按 UTC），所以把横杠换成斜杠就行，时间不会偏。"
        "加一个 `toIosSafe`，两处都走它："
    )
    s.act(
        None,
        Edit(
            "src/utils/time.ts",
            "export function parseServerTime(value: string): Date {\n  return new Date(value)\n}",
            '// iOS 的 JavaScriptCore 不认 "yyyy-MM-dd HH:mm:ss"，换成 "yyyy/MM/dd HH:mm:ss"（按本地时间解析）\n'
            "export function toIosSafe(value: string): string {\n  return value.replace(/-/g, '/')\n}\n\n"
            "export function parseServerTime(value: string): Date {\n  return new Date(toIosSafe(value))\n}",
        ),
        Edit(
            "src/pages-orders/detail.vue",
            "  const d = new Date(order.created_at)",
            "  const d = parseServerTime(order.created_at)",
        ),
        Edit(
            "src/utils/time.test.ts",
            "import { formatTrackTime } from './time'",
            "import { formatTrackTime, toIosSafe } from './time'\n\n"
            "describe('toIosSafe', () => {\n  it('turns the backend format into one iOS parses', () => {\n"
            "    expect(toIosSafe('2027-10-14 08:02:11')).toBe('2027/10/14 08:02:11')\n  })\n})",
        ),
    )
    s.act(
        None,
        Bash(
            f"pnpm vitest run && pnpm build:mp-weixin:staging && {DEVTOOLS} preview --project {MP}/dist/build/mp-weixin --qr-format terminal",
            vitest_run([("src/api/request.test.ts", 3), ("src/utils/time.test.ts", 4)], start="15:02:18")
            + "\n"
            + mp_build(1425)
            + "\n✔ preview\n[QR code printed to terminal: 37×37]",
            secs=35,
        ),
    )
    s.say("测试通过，预览二维码在上面，用 iPhone 扫一下看时间。")
    s.user("iPhone 上好了，时间也对。")
    s.user(
        "记住：iOS 上的 new Date 不认带横杠加空格的时间格式，要先把横杠换成斜杠。提交。",
        lessons=["iOS 上的 new Date 不认带横杠加空格的时间格式，要先把横杠换成斜杠"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix: parse server times in an iOS-safe format'",
            git_commit("fix/ios-date", "c90e5b8", "fix: parse server times in an iOS-safe format", 3, 19, 5),
        ),
    )
    s.say("已提交 `c90e5b8`。")
    s.outcome("success", "server times parsed via toIosSafe (dashes to slashes); iPhone shows correct times; committed")
    s.hit("ios-date-parse", fixed=True)
    return s


def m12() -> Session:
    s = new("m12-trial-upload", "2027-10-27T08:10:46", "2.1.224", "release/0.4", "trial-upload-crane")
    s.user(
        "ok, from now on you can run the devtools cli upload yourself for trial builds. bump versionName in "
        "manifest.json first and tell me the number. upload 0.4 with the iOS fix now.",
        rules=[("upload-ok", "you can run the devtools cli upload yourself for trial builds", "no-upload")],
    )
    s.act(None, Read("src/manifest.json", MANIFEST, offset=2, total=74))
    s.act(
        None,
        Edit(
            "src/manifest.json",
            '  "versionName" : "0.4.0",\n  "versionCode" : "40",',
            '  "versionName" : "0.4.1",\n  "versionCode" : "41",',
        ),
    )
    s.act(
        None,
        Bash(
            f"pnpm build:mp-weixin && {DEVTOOLS} upload --project {MP}/dist/build/mp-weixin -v 0.4.1 "
            "-d '修复 iOS 时间显示 NaN；轨迹时间线组件'",
            mp_build(1425) + "\n✔ upload\n✔ 上传成功，版本号 0.4.1\n  包大小：主包 1425 KB，pages-orders 286 KB",
            secs=41,
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'chore: 版本号升到 0.4.1' && git tag v0.4.1",
            git_commit("release/0.4", "f71d8a2", "chore: 版本号升到 0.4.1", 1, 2, 2),
        ),
    )
    s.say(
        "已上传体验版 **0.4.1**（主包 1425 KB），版本号提交为 `f71d8a2` 并打了 `v0.4.1` tag。需要在后台把它设为体验版。"
    )
    s.user("好")
    s.outcome(
        "success", "versionName bumped to 0.4.1 and the trial build uploaded through the CLI; committed and tagged"
    )
    return s


def m13() -> Session:
    s = new("m13-cli-login", "2027-10-28T06:45:12", "2.1.225", "main", "relogin-petrel")
    s.user("首页加了个“最近查询”，用 cli 预览一下")
    cmd = f"pnpm build:mp-weixin:staging && {DEVTOOLS} preview --project {MP}/dist/build/mp-weixin --qr-format terminal"
    s.act(
        None,
        Bash(
            cmd,
            mp_build(1431) + "\n✖ preview\n[error] {\n  code: 10,\n  message: '需要重新登录 (code 10)'\n}",
            code=1,
            secs=30,
        ),
    )
    s.act(
        "devtools 的登录态过期了，CLI 需要重新扫码登录：",
        Bash(f"{DEVTOOLS} login --qr-format terminal", "[QR code printed to terminal: 37×37]\n等待扫码...", secs=3),
    )
    s.user("扫了")
    s.act(None, Bash(f"{DEVTOOLS} islogin", '{"login":true}'))
    s.act(None, Bash(cmd, mp_build(1431) + "\n✔ preview\n[QR code printed to terminal: 37×37]", secs=30))
    s.say("重新登录后预览成功，二维码在上面。")
    s.user("可以。提交推上去")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: 首页显示最近查询' && git push",
            git_commit("main", "1e6b3c0", "feat: 首页显示最近查询", 2, 44, 3)
            + "\nTo github.com:kuaidi-team/kuaidi-mp.git\n ! [rejected]        main -> main (non-fast-forward)\n"
            "error: failed to push some refs to 'github.com:kuaidi-team/kuaidi-mp.git'",
            code=1,
        ),
    )
    s.act(None, Denied(Bash("git push --force origin main")))
    s.user("no force pushing here either. rebase.", rules=[("no-force-push", "no force pushing here either")])
    s.act(
        None,
        Bash(
            "git pull --rebase && git push",
            "Successfully rebased and updated refs/heads/main.\nTo github.com:kuaidi-team/kuaidi-mp.git\n"
            "   c90e5b8..3a7f2e1  main -> main",
        ),
    )
    s.say("rebase 后推上去了（`3a7f2e1`）。")
    s.one_off(
        "WeChat devtools CLI preview fails with '需要重新登录 (code 10)': the devtools login expired; cli login with a QR code"
    )
    s.outcome("success", "CLI re-login, preview ok; pushed after a rebase (force push denied)")
    return s


def m14() -> Session:
    s = new("m14-systeminfo-question", "2027-10-29T05:30:08", "2.1.226", "main", "sysinfo-gull")
    s.queued_start("uni.getSystemInfoSync 是不是废弃了？用什么替代")
    s.user("uni.getSystemInfoSync 是不是废弃了？用什么替代", after=0.4)
    s.say(
        "微信基础库 2.20.1 起 `wx.getSystemInfoSync` 不再推荐，按用途拆成了 `uni.getWindowInfo()`（窗口、安全区）、"
        "`uni.getDeviceInfo()`（机型、系统）和 `uni.getAppBaseInfo()`（微信版本、语言、主题）。uni-app 4.x 都有对应的 API。"
    )
    s.turn_done()
    s.title("getSystemInfoSync 替代")
    s.outcome("unknown", "a question about a deprecated API answered; nothing else happened")
    return s


def m15() -> Session:
    s = new("m15-subscribe-question", "2027-10-29T09:20:37", "2.1.226", "main", "subscribe-finch")
    s.user("小程序订阅消息，用户点一次允许能给他发几条？")
    s.say(
        "一次性订阅消息：用户每点一次允许，只能发一条，发完要再次 `uni.requestSubscribeMessage` 授权。勾选“总是保持以上选择”只是不再弹窗，"
        "次数还是每次授权一条。长期订阅只开放给政务、医疗、交通等特定类目，快递查询一般拿不到。"
    )
    s.turn_done()
    s.user("好，知道了")
    s.outcome("unknown", "a question about subscription messages answered; nothing to do")
    return s


SESSIONS = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14, m15]
