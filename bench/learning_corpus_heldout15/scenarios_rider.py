"""Sessions in `rider-app` (/home/nat/work/rider-app): the delivery riders' app of a Bangkok food-delivery startup.
React Native 0.74 with Expo SDK 51 (bare workflow after `expo prebuild`), TypeScript, Redux Toolkit at first and
TanStack Query later, Jest (jest-expo preset) + React Native Testing Library, Detox 20 e2e on an Android emulator
(Pixel_7_API_34) locally and on GitHub Actions, EAS Build for internal APKs."""

from __future__ import annotations

from fake_output import RIDER, detox_run, git_commit, jest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, TodoWrite, Tool, Write

PULSE = "detox-pulse-busy"


def rider(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=RIDER, project="rider-app")


DETOX = "npx detox test -c android.emu.release e2e/acceptJob.e2e.ts"
ACCEPT_TEST = "Accept job › rider accepts the first offered job"


def accept_timeout(ms: int) -> str:
    return (
        f'    thrown: "Exceeded timeout of {ms} ms for a test.\n'
        "    Add a timeout value to this test to increase the timeout, if this is a long-running test. See "
        'https://jestjs.io/docs/api#testname-fn-timeout."\n\n'
        "      10 |   });\n      11 |\n    > 12 |   it('rider accepts the first offered job', async () => {\n"
        "         |   ^\n      13 |     await element(by.id('go-online-switch')).tap();\n\n"
        "      at Object.it (e2e/acceptJob.e2e.ts:12:3)"
    )


PULSE_SRC = """export function SearchingPulse() {
  const scale = useRef(new Animated.Value(1)).current;
  useEffect(() => {
    Animated.loop(
      Animated.sequence([
        Animated.timing(scale, { toValue: 1.25, duration: 700, useNativeDriver: true }),
        Animated.timing(scale, { toValue: 1, duration: 700, useNativeDriver: true }),
      ]),
    ).start();
  }, [scale]);"""


# ------------------------------------------------------------------------------------------------------------------
def r01_job_card() -> Session:
    s = rider("r01-job-card", "2027-03-01T04:30:22", "2.1.190", "feature/job-card", "tidy-ekkamai-koel")
    s.user(
        "new component JobCard: pickup, dropoff, fee in baht and distance in km, plus an Accept button. with a test. "
        "in unit tests query by role or text, not by testID; testIDs are for Detox",
        after=0,
        rules=[("rntl-queries", "in unit tests query by role or text, not by testID; testIDs are for Detox")],
    )
    s.act(
        None,
        Write(
            "src/components/JobCard.tsx",
            "import { Pressable, StyleSheet, Text, View } from 'react-native';\n\nimport type { Job } from '@/types/job';\n"
            "import { formatBaht, formatKm } from '@/lib/format';\n\n"
            "export function JobCard({ job, onAccept }: { job: Job; onAccept: (id: string) => void }) {\n  return (\n"
            '    <View style={styles.card} testID="job-offer-card">\n      <Text>{job.pickup.name}</Text>\n'
            "      <Text>{job.dropoff.address}</Text>\n      <Text>{formatBaht(job.fee)} · {formatKm(job.distanceM)}</Text>\n"
            '      <Pressable accessibilityRole="button" onPress={() => onAccept(job.id)} testID="accept-job-btn" '
            "style={styles.accept}>\n        <Text style={styles.acceptText}>Accept</Text>\n      </Pressable>\n"
            "    </View>\n  );\n}\n",
        ),
        Write(
            "src/components/__tests__/JobCard.test.tsx",
            "import { fireEvent, render, screen } from '@testing-library/react-native';\n\n"
            "import { JobCard } from '../JobCard';\nimport { aJob } from '@/test/factories';\n\n"
            "test('shows fee and distance and accepts', () => {\n  const onAccept = jest.fn();\n"
            "  render(<JobCard job={aJob({ fee: 85, distanceM: 3200 })} onAccept={onAccept} />);\n"
            "  expect(screen.getByText('฿85 · 3.2 km')).toBeOnTheScreen();\n"
            "  fireEvent.press(screen.getByRole('button', { name: 'Accept' }));\n"
            "  expect(onAccept).toHaveBeenCalledWith('job-1');\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/components",
            jest_run(
                [("src/components/__tests__/JobCard.test.tsx", 1), ("src/components/__tests__/Avatar.test.tsx", 2)],
                secs="2.871",
            ),
            desc="Run the component tests",
            secs=12,
        ),
    )
    s.say("JobCard is in src/components with a test that finds the fee by text and the button by role; 3 tests pass.")
    s.user("nice")
    s.outcome("success", "JobCard component with an RNTL test; tests pass; the person approves")
    return s


def r02_jobs_slice() -> Session:
    s = rider("r02-jobs-slice", "2027-03-02T07:10:40", "2.1.190", "feature/jobs-list", "warm-onnut-drongo")
    s.user(
        "ทำ jobs list จาก API /v1/jobs/nearby หน่อยครับ API data goes in Redux slices with createAsyncThunk, "
        "like the auth slice",
        after=0,
        rules=[("redux-api", "API data goes in Redux slices with createAsyncThunk")],
    )
    s.act(
        None,
        Read(
            "src/store/authSlice.ts",
            "export const login = createAsyncThunk('auth/login', async (body: LoginBody) => {\n"
            "  const res = await api.post<Session>('/v1/auth/login', body);\n  return res.data;\n});",
            offset=8,
            total=46,
        ),
    )
    s.act(
        None,
        Write(
            "src/store/jobsSlice.ts",
            "export const fetchNearbyJobs = createAsyncThunk('jobs/fetchNearby', async (pos: LatLng) => {\n"
            "  const res = await api.get<Job[]>('/v1/jobs/nearby', { params: { lat: pos.lat, lng: pos.lng } });\n"
            "  return res.data;\n});\n\nconst jobsSlice = createSlice({\n  name: 'jobs',\n"
            "  initialState: { items: [] as Job[], status: 'idle' as 'idle' | 'loading' | 'failed' },\n"
            "  reducers: {},\n  extraReducers: (b) => {\n"
            "    b.addCase(fetchNearbyJobs.pending, (s) => { s.status = 'loading'; });\n"
            "    b.addCase(fetchNearbyJobs.fulfilled, (s, a) => { s.items = a.payload; s.status = 'idle'; });\n"
            "    b.addCase(fetchNearbyJobs.rejected, (s) => { s.status = 'failed'; });\n  },\n});\n",
        ),
        Write(
            "src/store/__tests__/jobsSlice.test.ts",
            "test('stores nearby jobs', async () => {\n  server.use(http.get('*/v1/jobs/nearby', () => HttpResponse.json([aJob()])));\n"
            "  const store = makeStore();\n  await store.dispatch(fetchNearbyJobs({ lat: 13.74, lng: 100.56 }));\n"
            "  expect(store.getState().jobs.items).toHaveLength(1);\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/store && npx tsc --noEmit",
            jest_run(
                [("src/store/__tests__/authSlice.test.ts", 4), ("src/store/__tests__/jobsSlice.test.ts", 1)],
                secs="3.402",
            ),
            desc="Store tests and type check",
            secs=25,
        ),
    )
    s.say(
        "jobsSlice with fetchNearbyJobs (pending/fulfilled/rejected) and a test against the MSW mock; 5 tests pass, tsc clean."
    )
    s.user("ok thanks")
    s.outcome("success", "nearby jobs in a Redux slice with a test; tests and type check pass")
    return s


def r03_job_map() -> Session:
    s = rider("r03-job-map", "2027-03-03T07:40:03", "2.1.191", "feature/job-map", "lazy-phaya-thai-bee")
    s.user(
        "ตัดสินใจแล้วว่าแผนที่ใช้ react-native-maps กับ Google provider ไม่ใช้ Mapbox ช่วยทำหน้า JobMapScreen "
        "ที่โชว์ pin pickup กับ dropoff หน่อยครับ",
        after=0,
        decisions=["ตัดสินใจแล้วว่าแผนที่ใช้ react-native-maps กับ Google provider ไม่ใช้ Mapbox"],
    )
    s.act(None, Denied(Bash("npm install react-native-maps", desc="Install react-native-maps")))
    s.user(
        "always add native packages with npx expo install, not npm install, so the version matches the SDK",
        rules=[("expo-install", "always add native packages with npx expo install, not npm install")],
    )
    s.act(
        None,
        Bash(
            "npx expo install react-native-maps",
            "› Installing 1 SDK 51.0.0 compatible native module using npm\n> npm install\n\n"
            "added 2 packages, and audited 1398 packages in 8s\n\n187 packages are looking for funding\n"
            "  run `npm fund` for details\n\nfound 0 vulnerabilities",
            desc="Install react-native-maps for SDK 51",
            secs=15,
        ),
    )
    s.act(
        None,
        Write(
            "src/screens/JobMapScreen.tsx",
            "import MapView, { Marker, PROVIDER_GOOGLE } from 'react-native-maps';\nimport { StyleSheet } from 'react-native';\n\n"
            "export function JobMapScreen({ route }: JobMapProps) {\n  const { job } = route.params;\n  return (\n"
            "    <MapView provider={PROVIDER_GOOGLE} style={StyleSheet.absoluteFill} initialRegion={regionFor(job)}>\n"
            '      <Marker coordinate={job.pickup} title={job.pickup.name} pinColor="green" />\n'
            "      <Marker coordinate={job.dropoff} title={job.dropoff.address} />\n    </MapView>\n  );\n}\n",
        ),
        Write(
            "src/screens/__tests__/JobMapScreen.test.tsx",
            "jest.mock('react-native-maps', () => require('@/test/mocks/maps'));\n\n"
            "test('shows pickup and dropoff pins', () => {\n  render(<JobMapScreen route={{ params: { job: aJob() } }} />);\n"
            "  expect(screen.getByText('Somtum Der Silom')).toBeOnTheScreen();\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/screens",
            jest_run(
                [("src/screens/__tests__/JobMapScreen.test.tsx", 1), ("src/screens/__tests__/JobsScreen.test.tsx", 3)],
                secs="4.118",
            ),
            desc="Screen tests",
            secs=14,
        ),
    )
    s.say(
        "JobMapScreen shows both pins with the Google provider; react-native-maps was added with expo install (1.14.0 for SDK 51). 4 tests pass."
    )
    s.user("👍")
    s.outcome("success", "map screen with react-native-maps added through expo install; tests pass")
    return s


def r04_rebase_no_force() -> Session:
    s = rider("r04-rebase-no-force", "2027-03-04T08:00:15", "2.1.191", "feature/job-map", "odd-sukhumvit-pitta")
    s.user("branch feature/job-map ตามหลัง main เยอะแล้ว ช่วย rebase แล้ว push ให้หน่อยครับ", after=0)
    s.act(
        None,
        Bash(
            "git fetch origin && git rebase origin/main",
            "From github.com:fastbite/rider-app\n   a41c9e0..6d02f17  main       -> origin/main\n"
            "Successfully rebased and updated refs/heads/feature/job-map.",
            desc="Rebase on main",
        ),
    )
    s.act(None, Denied(Bash("git push --force origin feature/job-map", desc="Push the rebased branch")))
    s.user(
        "ห้าม force push เด็ดขาด ไม่ว่า branch ไหนก็ตาม ถ้า rebase แล้วให้ push เป็น branch ใหม่",
        rules=[("no-force-push", "ห้าม force push เด็ดขาด ไม่ว่า branch ไหนก็ตาม")],
    )
    s.act(
        None,
        Bash(
            "git switch -c feature/job-map-2 && git push -u origin feature/job-map-2",
            "Switched to a new branch 'feature/job-map-2'\nremote: \nremote: Create a pull request for 'feature/job-map-2' on GitHub by visiting:\n"
            "remote:      https://github.com/fastbite/rider-app/pull/new/feature/job-map-2\nremote: \n"
            "To github.com:fastbite/rider-app.git\n * [new branch]      feature/job-map-2 -> feature/job-map-2\n"
            "branch 'feature/job-map-2' set up to track 'origin/feature/job-map-2'.",
            desc="Push as a new branch",
        ),
    )
    s.say("Rebased onto main and pushed as feature/job-map-2; the old branch is untouched.")
    s.user("ok I'll open the PR myself")
    s.outcome("success", "branch rebased and pushed under a new name; the person takes it from there")
    return s


def r05_accept_job_e2e() -> Session:
    s = rider("r05-accept-job-e2e", "2027-03-05T07:20:48", "2.1.191", "feature/e2e-accept", "grim-lat-phrao-rail")
    s.user(
        "write a Detox test for accepting a job: go online, wait for an offer, accept it, land on the pickup screen. "
        "run Detox against the release build, the debug one is too slow and flaky",
        after=0,
        rules=[("detox-release", "run Detox against the release build")],
    )
    s.act(
        None,
        Write(
            "e2e/acceptJob.e2e.ts",
            "describe('Accept job', () => {\n  beforeAll(async () => {\n    await device.launchApp({ newInstance: true });\n"
            "    await loginAsTestRider();\n  });\n\n  it('rider accepts the first offered job', async () => {\n"
            "    await element(by.id('go-online-switch')).tap();\n    await expect(element(by.id('job-offer-card'))).toBeVisible();\n"
            "    await element(by.id('accept-job-btn')).tap();\n    await expect(element(by.id('pickup-screen'))).toBeVisible();\n"
            "  });\n});\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx detox build -c android.emu.release",
            "> Task :app:createBundleReleaseJsAndAssets\nInfo Writing bundle output to: "
            f"{RIDER}/android/app/build/generated/assets/createBundleReleaseJsAndAssets/index.android.bundle\n"
            "> Task :app:assembleRelease\n> Task :app:assembleAndroidTest\n\nBUILD SUCCESSFUL in 3m 41s\n"
            "612 actionable tasks: 88 executed, 524 up-to-date",
            desc="Build the release app for Detox",
            secs=230,
            timeout=600000,
        ),
    )
    s.act(
        None,
        Bash(
            DETOX,
            detox_run([("e2e/acceptJob.e2e.ts", [ACCEPT_TEST])], {ACCEPT_TEST: accept_timeout(120000)}),
            code=1,
            desc="Run the e2e test",
            secs=140,
            timeout=600000,
        ),
    )
    s.act(
        "The offer comes from the mock server after a delay; I'll wait for the card explicitly instead of expecting it.",
        Edit(
            "e2e/acceptJob.e2e.ts",
            "    await expect(element(by.id('job-offer-card'))).toBeVisible();",
            "    await waitFor(element(by.id('job-offer-card'))).toBeVisible().withTimeout(60000);",
        ),
    )
    s.act(
        None,
        Bash(
            DETOX,
            detox_run([("e2e/acceptJob.e2e.ts", [ACCEPT_TEST])], {ACCEPT_TEST: accept_timeout(120000)}, pid=48602),
            code=1,
            desc="Run the e2e test",
            secs=140,
            timeout=600000,
        ),
    )
    s.act(
        None,
        Read(
            "e2e/jest.config.js",
            "/** @type {import('@jest/types').Config.InitialOptions} */\nmodule.exports = {\n  rootDir: '..',\n"
            "  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],\n  testTimeout: 120000,\n  maxWorkers: 1,\n"
            "  globalSetup: 'detox/runners/jest/globalSetup',\n  globalTeardown: 'detox/runners/jest/globalTeardown',\n"
            "  reporters: ['detox/runners/jest/reporter'],\n  testEnvironment: 'detox/runners/jest/testEnvironment',\n"
            "  verbose: true,\n};",
        ),
    )
    s.act(
        "It never even reaches the tap. Giving the test more time in the e2e Jest config:",
        Edit("e2e/jest.config.js", "  testTimeout: 120000,", "  testTimeout: 240000,"),
    )
    s.act(
        None,
        Bash(
            DETOX,
            detox_run([("e2e/acceptJob.e2e.ts", [ACCEPT_TEST])], {ACCEPT_TEST: accept_timeout(240000)}, pid=49115),
            code=1,
            desc="Run the e2e test",
            secs=260,
            timeout=600000,
        ),
    )
    s.say(
        "Three runs, three timeouts, and the test never gets past tapping go-online even with 240 s. The app shows "
        "the searching screen on the emulator, so it's up; Detox just doesn't move on."
    )
    s.user("let's stop here, this already ate an hour")
    s.outcome("failed", "acceptJob.e2e.ts times out three times; longer timeouts and waitFor did not help")
    s.hit(PULSE)
    return s


def r06_accept_idempotency() -> Session:
    s = rider(
        "r06-accept-idempotency", "2027-03-08T07:00:31", "2.1.192", "feature/accept-idem", "neat-saphan-khwai-owl"
    )
    s.user(
        "ตอนกด Accept ต้องส่ง Idempotency-Key ไปด้วย backend ขอมา ใช้ nanoid ก็ได้ แล้วปุ่ม Accept ขอเป็นสีเขียว ตัวใหญ่ขึ้นหน่อยครับ",
        after=0,
    )
    s.act(
        None,
        Bash(
            "npm install nanoid@5",
            "added 1 package, and audited 1399 packages in 3s\n\nfound 0 vulnerabilities",
            desc="Install nanoid",
        ),
    )
    s.act(
        None,
        Edit(
            "src/api/jobs.ts",
            "export const acceptJob = (id: string) => api.post(`/v1/jobs/${id}/accept`);",
            "export const acceptJob = (id: string) =>\n"
            "  api.post(`/v1/jobs/${id}/accept`, null, { headers: { 'Idempotency-Key': nanoid() } });",
        ),
        Edit(
            "src/components/JobCard.tsx",
            '      <Pressable accessibilityRole="button" onPress={() => onAccept(job.id)} testID="accept-job-btn" '
            "style={styles.accept}>",
            '      <Pressable accessibilityRole="button" onPress={() => onAccept(job.id)} testID="accept-job-btn" '
            "style={{ backgroundColor: '#16a34a', paddingVertical: 14, borderRadius: 10 }}>",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/api src/components",
            " FAIL  src/api/__tests__/jobs.test.ts\n  ● Test suite failed to run\n\n    Jest encountered an unexpected token\n\n"
            "    Jest failed to parse a file. This happens e.g. when your code or its dependencies use non-standard "
            "JavaScript syntax, or when Jest is not configured to support such syntax.\n\n"
            '    By default "node_modules" folder is ignored by transformers.\n\n    Details:\n\n'
            f"    {RIDER}/node_modules/nanoid/index.browser.js:1\n"
            '    ({"Object.<anonymous>":function(module,exports,require,__dirname,__filename,jest){export { urlAlphabet } '
            "from './url-alphabet/index.js'\n                                                                                      ^^^^^^\n\n"
            "    SyntaxError: Unexpected token 'export'\n\n"
            "      1 | import { nanoid } from 'nanoid';\n\n      at Runtime.createScriptFromCode (node_modules/jest-runtime/build/index.js:1505:14)\n\n"
            " PASS  src/components/__tests__/JobCard.test.tsx\n PASS  src/components/__tests__/Avatar.test.tsx\n\n"
            "Test Suites: 1 failed, 2 passed, 3 total\nTests:       3 passed, 3 total",
            code=1,
            desc="Run the api and component tests",
            secs=14,
        ),
    )
    s.user(
        "อย่าใช้ inline style อีกนะ ให้ใช้ StyleSheet.create เหมือนไฟล์อื่น",
        rules=[("no-inline-styles", "อย่าใช้ inline style อีกนะ ให้ใช้ StyleSheet.create")],
    )
    s.act(
        "Moving the colours into the StyleSheet, and letting Jest transform nanoid (v5 ships ESM only).",
        Edit(
            "src/components/JobCard.tsx",
            "style={{ backgroundColor: '#16a34a', paddingVertical: 14, borderRadius: 10 }}>",
            "style={styles.accept}>",
        ),
    )
    s.act(
        None,
        Read(
            "src/components/JobCard.tsx",
            "const styles = StyleSheet.create({\n  card: { padding: 12, borderRadius: 12, backgroundColor: '#fff' },\n"
            "  accept: { marginTop: 8, paddingVertical: 8, alignItems: 'center' },\n"
            "  acceptText: { fontWeight: '600' },\n});",
            offset=24,
            total=28,
        ),
        Read(
            "jest.config.js",
            "module.exports = {\n  preset: 'jest-expo',\n  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],\n"
            "  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },\n  transformIgnorePatterns: [\n"
            "    'node_modules/(?!((jest-)?react-native|@react-native(-community)?)|expo(nent)?|@expo(nent)?/.*|react-navigation|@react-navigation/.*)',\n"
            "  ],\n  testPathIgnorePatterns: ['/node_modules/', '/e2e/'],\n};",
        ),
    )
    s.act(
        None,
        Edit(
            "src/components/JobCard.tsx",
            "  accept: { marginTop: 8, paddingVertical: 8, alignItems: 'center' },",
            "  accept: { marginTop: 8, paddingVertical: 14, borderRadius: 10, alignItems: 'center', backgroundColor: '#16a34a' },",
        ),
        Edit(
            "jest.config.js",
            "    'node_modules/(?!((jest-)?react-native|@react-native(-community)?)|expo(nent)?|@expo(nent)?/.*|react-navigation|@react-navigation/.*)',",
            "    'node_modules/(?!((jest-)?react-native|@react-native(-community)?)|expo(nent)?|@expo(nent)?/.*|react-navigation|@react-navigation/.*|nanoid)',",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/api src/components",
            jest_run(
                [
                    ("src/api/__tests__/jobs.test.ts", 2),
                    ("src/components/__tests__/JobCard.test.tsx", 1),
                    ("src/components/__tests__/Avatar.test.tsx", 2),
                ],
                secs="3.306",
            ),
            desc="Run the api and component tests",
            secs=14,
        ),
    )
    s.say(
        "Accept sends an Idempotency-Key from nanoid; the green, larger button lives in the StyleSheet; nanoid added to transformIgnorePatterns. 5 tests pass."
    )
    s.user("👍")
    s.outcome("success", "idempotency key and button style done; Jest ESM parse error fixed; tests pass")
    s.one_off(
        "Jest SyntaxError: Unexpected token 'export' in node_modules/nanoid (ESM only, not in transformIgnorePatterns)"
    )
    return s


def r07_prebuild_sdk() -> Session:
    s = rider("r07-prebuild-sdk", "2027-03-09T07:30:57", "2.1.192", "feature/maps-key", "stiff-bangsue-crake")
    s.user(
        "I ran npx expo prebuild --clean to pick up the new maps API key and now the android build fails. it always "
        "broke after prebuild on my old laptop too, never figured out why\n\n```\nFAILURE: Build failed with an "
        "exception.\n\n* What went wrong:\nCould not determine the dependencies of task ':app:compileReleaseJavaWithJavac'.\n"
        "> SDK location not found. Define a valid SDK location with an ANDROID_HOME environment variable or by setting "
        f"the sdk.dir path in your project's local properties file at '{RIDER}/android/local.properties'.\n\n"
        "* Try:\n> Run with --stacktrace option to get the stack trace.\n\nBUILD FAILED in 4s\n```",
        after=0,
        non_rules=["it always broke after prebuild on my old laptop too, never figured out why"],
    )
    s.act(
        None,
        Bash(
            'echo "ANDROID_HOME=$ANDROID_HOME"; ls ~/Android/Sdk; ls android/local.properties',
            "ANDROID_HOME=\nbuild-tools  cmdline-tools  emulator  licenses  platform-tools  platforms  system-images\n"
            "ls: cannot access 'android/local.properties': No such file or directory",
            desc="Where is the SDK",
        ),
    )
    s.say(
        "The SDK is in ~/Android/Sdk, but ANDROID_HOME isn't set in this shell, and `prebuild --clean` deletes "
        "android/ including local.properties, so Gradle has neither. Setting ANDROID_HOME in ~/.profile survives "
        "every prebuild."
    )
    s.act(
        None,
        Bash(
            "printf '\\nexport ANDROID_HOME=$HOME/Android/Sdk\\nexport PATH=$PATH:$ANDROID_HOME/platform-tools:$ANDROID_HOME/emulator\\n' >> ~/.profile "
            "&& . ~/.profile && npx detox build -c android.emu.release",
            "> Task :app:assembleRelease\n> Task :app:assembleAndroidTest\n\nBUILD SUCCESSFUL in 5m 02s\n"
            "640 actionable tasks: 640 executed",
            desc="Set ANDROID_HOME and build",
            secs=300,
            timeout=600000,
        ),
    )
    s.say("Build passes. Open a new terminal (or log out and in) so VS Code's terminals pick up ANDROID_HOME too.")
    s.user("works now, thanks")
    s.outcome("success", "ANDROID_HOME set in ~/.profile; the Android build works again after prebuild")
    s.one_off("Gradle: SDK location not found (ANDROID_HOME unset, local.properties removed by expo prebuild --clean)")
    return s


def r08_ci_e2e_killed() -> Session:
    s = rider("r08-ci-e2e-killed", "2027-03-10T08:10:29", "2.1.192", "feature/accept-idem", "blunt-ari-shrike")
    s.user(
        "CI e2e got killed again on my PR:\n\n```\ne2e-android\nThe job running on runner GitHub Actions 7 has "
        "exceeded the maximum execution time of 45 minutes.\n```\n\nlast lines of the log:\n```\n"
        "detox[2214] i onboarding.e2e.ts is assigned to emulator-5554 (sdk_gphone64_x86_64)\n PASS  e2e/onboarding.e2e.ts (61.2 s)\n"
        "detox[2214] i acceptJob.e2e.ts is assigned to emulator-5554 (sdk_gphone64_x86_64)\n"
        "Error: The operation was canceled.\n```",
        after=0,
    )
    s.act(
        None,
        Read(
            ".github/workflows/e2e.yml",
            "  e2e-android:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - uses: actions/setup-node@v4\n        with: { node-version: 20, cache: npm }\n      - run: npm ci\n"
            "      - run: npx detox build -c android.emu.release\n"
            "      - uses: reactivecircus/android-emulator-runner@v2\n        with:\n          api-level: 34\n"
            "          script: npx detox test -c android.emu.release --headless",
            offset=9,
            total=41,
        ),
    )
    s.act(
        "The run hangs in acceptJob with no output, so there's nothing to look at afterwards. I'll cap the job, and "
        "keep Detox logs and screenshots of failing tests as an artifact.",
        Edit(
            ".github/workflows/e2e.yml",
            "  e2e-android:\n    runs-on: ubuntu-latest",
            "  e2e-android:\n    runs-on: ubuntu-latest\n    timeout-minutes: 25",
        ),
        Edit(
            ".github/workflows/e2e.yml",
            "          script: npx detox test -c android.emu.release --headless",
            "          script: npx detox test -c android.emu.release --headless --record-logs failing --take-screenshots failing\n"
            "      - uses: actions/upload-artifact@v4\n        if: failure()\n        with: { name: detox-artifacts, path: artifacts/ }",
        ),
    )
    s.user("ok แต่รอบนี้ไม่ต้องรัน e2e นะ รีบ merge ก่อน", non_rules=["รอบนี้ไม่ต้องรัน e2e นะ"])
    s.act(
        None,
        Bash(
            'git add .github/workflows/e2e.yml && git commit -m "RA-88 Cap e2e job at 25 min and keep Detox artifacts" '
            "&& git push && gh pr edit 142 --add-label skip-e2e",
            git_commit(
                "feature/accept-idem", "5be0c47", "RA-88 Cap e2e job at 25 min and keep Detox artifacts", 1, 6, 1
            )
            + "\nTo github.com:fastbite/rider-app.git\n   91d3a7e..5be0c47  feature/accept-idem -> feature/accept-idem\n"
            "https://github.com/fastbite/rider-app/pull/142",
            desc="Commit, push, label the PR",
        ),
    )
    s.say(
        "Pushed; the e2e job is now capped at 25 minutes and uploads Detox logs on failure, and PR #142 has the "
        "skip-e2e label. Why acceptJob hangs is still open."
    )
    s.outcome("failed", "the e2e hang is not understood; the job is only capped and e2e skipped for this PR")
    s.hit(PULSE)
    return s


def r09_tanstack_plan() -> Session:
    s = rider("r09-tanstack-plan", "2027-03-11T03:30:14", "2.1.193", "feature/tanstack-jobs", "fair-thonburi-swift")
    s.user(
        "ต่อไปนี้ข้อมูลจาก server ให้ใช้ TanStack Query ทั้งหมดนะครับ ส่วน state ของ login กับ settings เก็บที่เดิม "
        "ช่วยวางแผนย้าย jobs list มาก่อน ยังไม่ต้องแก้",
        after=0,
        rules=[("tanstack", "ต่อไปนี้ข้อมูลจาก server ให้ใช้ TanStack Query ทั้งหมด", "redux-api")],
    )
    s.act(
        None,
        Grep(
            "fetchNearbyJobs|state.jobs",
            [
                "src/store/jobsSlice.ts",
                "src/screens/JobsScreen.tsx",
                "src/store/__tests__/jobsSlice.test.ts",
                "src/store/index.ts",
            ],
        ),
    )
    plan = (
        "## Move nearby jobs to TanStack Query\n\n1. `npm install @tanstack/react-query` (JS only, no native code) and "
        "wrap the app in `QueryClientProvider` in `App.tsx`.\n2. `src/api/queries.ts`: `useNearbyJobs(pos)` with key "
        "`['jobs', 'nearby', lat, lng]`, `staleTime: 15_000`, refetch on focus.\n3. `JobsScreen` uses the hook "
        "instead of dispatch/select; pull-to-refresh calls `refetch`.\n4. Delete `jobsSlice.ts` and remove it from "
        "the store; auth and settings slices stay.\n5. Tests: a `renderWithClient` helper; port the slice test to "
        "the hook with MSW.\n"
    )
    s.act(
        "Here's the plan.",
        Tool(
            "ExitPlanMode",
            {"plan": plan},
            "User has approved your plan. You can now start coding. Start with updating your todo list if applicable",
            False,
            {"plan": plan, "isAgent": False},
            40.0,
        ),
    )
    s.act(
        None,
        TodoWrite(
            [
                ("Install TanStack Query and add the provider", "in_progress", "Installing TanStack Query"),
                ("Add useNearbyJobs", "pending", "Adding useNearbyJobs"),
                ("Switch JobsScreen to the hook", "pending", "Switching JobsScreen to the hook"),
                ("Remove jobsSlice and port its test", "pending", "Removing jobsSlice"),
            ]
        ),
    )
    s.act(
        None,
        Bash(
            "npm install @tanstack/react-query",
            "added 2 packages, and audited 1401 packages in 4s\n\nfound 0 vulnerabilities",
            desc="Install TanStack Query",
        ),
        Write(
            "src/api/queries.ts",
            "export function useNearbyJobs(pos: LatLng) {\n  return useQuery({\n    queryKey: ['jobs', 'nearby', pos.lat, pos.lng],\n"
            "    queryFn: async () => (await api.get<Job[]>('/v1/jobs/nearby', { params: pos })).data,\n"
            "    staleTime: 15_000,\n  });\n}\n",
        ),
        Edit(
            "src/screens/JobsScreen.tsx",
            "  const jobs = useAppSelector((s) => s.jobs.items);\n  useEffect(() => { dispatch(fetchNearbyJobs(pos)); }, [pos]);",
            "  const { data: jobs = [], refetch, isRefetching } = useNearbyJobs(pos);",
        ),
    )
    s.act(
        None,
        Bash(
            "git rm -q src/store/jobsSlice.ts src/store/__tests__/jobsSlice.test.ts && npx jest && npx tsc --noEmit",
            jest_run(
                [
                    ("src/api/__tests__/queries.test.tsx", 2),
                    ("src/api/__tests__/jobs.test.ts", 2),
                    ("src/components/__tests__/JobCard.test.tsx", 1),
                    ("src/components/__tests__/Avatar.test.tsx", 2),
                    ("src/screens/__tests__/JobsScreen.test.tsx", 3),
                    ("src/screens/__tests__/JobMapScreen.test.tsx", 1),
                    ("src/store/__tests__/authSlice.test.ts", 4),
                ],
                secs="6.790",
            ),
            desc="Remove the slice, run all tests and tsc",
            secs=30,
        ),
    )
    s.say(
        "Jobs now come from useNearbyJobs (TanStack Query); the jobs slice is gone, auth stays in Redux. 15 tests pass, tsc clean."
    )
    s.user("good")
    s.outcome("success", "jobs list moved to TanStack Query after an approved plan; tests and tsc pass")
    return s


def r10_searching_hangs_th() -> Session:
    s = rider("r10-searching-hangs-th", "2027-03-12T08:30:40", "2.1.193", "main", "shy-bang-kapi-wren")
    s.user(
        "สังเกตว่า e2e ค้างเฉพาะตอนที่ app อยู่หน้า 'กำลังหางาน' ถ้า mock server ส่ง job มาเร็วๆ test ก็ผ่าน "
        "ถ้าส่งช้าก็ค้างจนหมดเวลา เป็นเพราะอะไรได้บ้างครับ ยังไม่ต้องแก้นะ",
        after=0,
        blocks_before=[
            f"<ide_opened_file>The user opened the file {RIDER}/src/screens/SearchingScreen.tsx in the IDE. This may "
            "or may not be related to the current task.</ide_opened_file>"
        ],
    )
    s.act(
        None,
        Read(
            "src/screens/SearchingScreen.tsx",
            "export function SearchingScreen() {\n  const { t } = useTranslation();\n  return (\n"
            '    <View style={styles.center} testID="searching-screen">\n      <SearchingPulse />\n'
            "      <Text style={styles.caption}>Looking for jobs near you…</Text>\n    </View>\n  );\n}",
            offset=9,
            total=31,
        ),
        Read("src/components/SearchingPulse.tsx", PULSE_SRC, offset=5, total=28),
    )
    s.say(
        "SearchingPulse starts an Animated.loop with no end. Detox waits for the app to be idle before each action, "
        "and a running animation counts as busy, so while that screen is up Detox keeps waiting; when a job arrives "
        "quickly the screen (and the loop) goes away and the test continues. That would explain the timeouts in "
        "acceptJob and on CI. Running once with --debug-synchronization would confirm it."
    )
    s.user("อ๋อ ok ขอบคุณครับ")
    s.outcome("unknown", "cause suggested (infinite animation vs Detox sync), nothing tried; thanks without a verdict")
    s.hit(PULSE)
    return s


def r11_metro_alias() -> Session:
    s = rider("r11-metro-alias", "2027-03-15T07:15:09", "2.1.194", "refactor/job-components", "brisk-chatuchak-ibis")
    s.user(
        "after I moved the job components into src/components/job/, metro says this:\n\n```\nAndroid Bundling failed "
        '2113ms index.ts (1204 modules)\nUnable to resolve "@/components/EtaBadge" from "src/screens/JobScreen.tsx"\n```',
        after=0,
    )
    s.act(
        None,
        Read(
            "CLAUDE.md",
            "# rider-app\n\n- Expo SDK 51, bare workflow. Android first.\n- Always use absolute imports via the @/ alias.\n"
            "- Tests: `npx jest`; e2e: `npx detox test -c android.emu.release`.\n- Mock server for e2e: `npm run mock`.",
        ),
        Grep(
            "components/(EtaBadge|JobCard|JobStatusPill)",
            [
                "src/screens/JobScreen.tsx:7:import { EtaBadge } from '@/components/EtaBadge';",
                "src/screens/JobScreen.tsx:8:import { JobStatusPill } from '@/components/JobStatusPill';",
                "src/screens/JobsScreen.tsx:5:import { JobCard } from '@/components/JobCard';",
            ],
            path="src",
            mode="content",
        ),
    )
    s.not_person("Always use absolute imports via the @/ alias.", "tool_output")
    s.act(
        "Three imports still point at the old location.",
        Edit(
            "src/screens/JobScreen.tsx",
            "import { EtaBadge } from '@/components/EtaBadge';\nimport { JobStatusPill } from '@/components/JobStatusPill';",
            "import { EtaBadge } from '@/components/job/EtaBadge';\nimport { JobStatusPill } from '@/components/job/JobStatusPill';",
        ),
        Edit(
            "src/screens/JobsScreen.tsx",
            "import { JobCard } from '@/components/JobCard';",
            "import { JobCard } from '@/components/job/JobCard';",
        ),
    )
    s.act(
        None,
        Bash(
            "npx tsc --noEmit && npx jest",
            jest_run(
                [
                    ("src/api/__tests__/queries.test.tsx", 2),
                    ("src/api/__tests__/jobs.test.ts", 2),
                    ("src/components/job/__tests__/JobCard.test.tsx", 1),
                    ("src/components/__tests__/Avatar.test.tsx", 2),
                    ("src/screens/__tests__/JobsScreen.test.tsx", 3),
                    ("src/screens/__tests__/JobMapScreen.test.tsx", 1),
                    ("src/store/__tests__/authSlice.test.ts", 4),
                ],
                secs="6.512",
            ),
            desc="Type check and tests",
            secs=30,
        ),
    )
    s.say(
        "Imports updated to @/components/job/…; tsc is clean and 15 tests pass. Restart Metro with `npx expo start --clear` to drop the cached resolution."
    )
    s.user("bundles now, thanks")
    s.outcome("success", "stale imports after moving components fixed; Metro bundles, tests pass")
    s.one_off('Metro: Unable to resolve "@/components/EtaBadge" after components moved to src/components/job/')
    return s


def _sa_infinite_animations(c: Session) -> None:
    c.act(
        None,
        Grep(
            "Animated\\.loop|withRepeat|iterations: -1",
            [
                "src/components/SearchingPulse.tsx:8:    Animated.loop(",
                "src/components/Skeleton.tsx:14:    opacity.value = withRepeat(withTiming(0.4, { duration: 800 }), -1, true);",
            ],
            path="src",
            mode="content",
        ),
    )
    c.act(
        None,
        Grep(
            "<SearchingPulse|<Skeleton",
            ["src/screens/SearchingScreen.tsx", "src/screens/JobsScreen.tsx"],
            path="src/screens",
        ),
    )
    c.say(
        "Two infinite animations: SearchingPulse (Animated.loop, no iterations) rendered by SearchingScreen, shown "
        "whenever the rider is online without an offer; and Skeleton (reanimated withRepeat -1) in JobsScreen, only "
        "while the list is loading. acceptJob.e2e.ts goes online and waits on SearchingScreen."
    )


def r12_fix_detox_pulse() -> Session:
    s = rider("r12-fix-detox-pulse", "2027-03-16T07:45:36", "2.1.194", "fix/e2e-idle", "keen-ratchathewi-heron")
    s.user(
        "ok let's fix the e2e hang for real. acceptJob times out locally, CI got killed at 45 min, and it only hangs "
        "on the searching screen. ลองรันด้วย --debug-synchronization ดูก่อนครับ",
        after=0,
    )
    s.act(
        None,
        Read(
            ".detoxrc.js",
            "module.exports = {\n  testRunner: { args: { $0: 'jest', config: 'e2e/jest.config.js' } },\n  apps: {\n"
            "    'android.release': {\n      type: 'android.apk',\n"
            "      binaryPath: 'android/app/build/outputs/apk/release/app-release.apk',\n"
            "      build: 'cd android && ./gradlew assembleRelease assembleAndroidTest -DtestBuildType=release && cd ..',\n"
            "    },\n  },\n  devices: { emulator: { type: 'android.emulator', device: { avdName: 'Pixel_7_API_34' } } },\n"
            "  configurations: { 'android.emu.release': { device: 'emulator', app: 'android.release' } },\n};",
        ),
        Read(
            "src/lib/env.ts",
            "export const API_URL = process.env.EXPO_PUBLIC_API_URL ?? 'https://api.fastbite.co.th';\n"
            "export const MAPS_KEY = process.env.EXPO_PUBLIC_MAPS_KEY ?? '';",
        ),
    )
    s.act(
        "I'll have an agent list the endless animations while I run the test with sync debugging.",
        Agent(
            "Find infinite animations",
            "Find every infinite animation in src (Animated.loop, reanimated withRepeat with -1, iterations: -1) and "
            "say which screens render it. Report only, no edits.",
            "general-purpose",
            _sa_infinite_animations,
            background=True,
        ),
    )
    s.act(
        None,
        Bash(
            f"{DETOX} --debug-synchronization 5000",
            "detox[51833] B node_modules/.bin/jest --config e2e/jest.config.js e2e/acceptJob.e2e.ts\n"
            "detox[51833] i acceptJob.e2e.ts is assigned to emulator-5554 (Pixel_7_API_34)\n"
            "detox[51833] i The app is busy with the following tasks:\n• UI elements are busy:\n  - Animations running on screen.\n"
            "detox[51833] i The app is busy with the following tasks:\n• UI elements are busy:\n  - Animations running on screen.\n"
            "detox[51833] i The app is busy with the following tasks:\n• UI elements are busy:\n  - Animations running on screen.\n"
            " FAIL  e2e/acceptJob.e2e.ts (251.7 s)\n    ✕ rider accepts the first offered job (240031 ms)\n\n"
            "Test Suites: 1 failed, 1 total\nTests:       1 failed, 1 total",
            code=1,
            desc="Run acceptJob with sync debugging",
            secs=260,
            timeout=600000,
        ),
    )
    s.agent_done(after=5)
    s.act(
        "Confirmed: Detox sees 'Animations running on screen' the whole time, and the only endless animation on "
        "that screen is SearchingPulse. In e2e builds it will pulse once and stop; real builds keep looping.",
        Edit(
            "src/components/SearchingPulse.tsx",
            "    Animated.loop(\n      Animated.sequence([\n"
            "        Animated.timing(scale, { toValue: 1.25, duration: 700, useNativeDriver: true }),\n"
            "        Animated.timing(scale, { toValue: 1, duration: 700, useNativeDriver: true }),\n      ]),\n    ).start();",
            "    Animated.loop(\n      Animated.sequence([\n"
            "        Animated.timing(scale, { toValue: 1.25, duration: 700, useNativeDriver: true }),\n"
            "        Animated.timing(scale, { toValue: 1, duration: 700, useNativeDriver: true }),\n      ]),\n"
            "      { iterations: IS_E2E ? 1 : -1 },\n    ).start();",
        ),
        Edit(
            "src/lib/env.ts",
            "export const API_URL = process.env.EXPO_PUBLIC_API_URL ?? 'https://api.fastbite.co.th';",
            "export const API_URL = process.env.EXPO_PUBLIC_API_URL ?? 'https://api.fastbite.co.th';\n"
            "export const IS_E2E = process.env.EXPO_PUBLIC_E2E === '1';",
        ),
        Edit(
            ".detoxrc.js",
            "      build: 'cd android && ./gradlew assembleRelease assembleAndroidTest -DtestBuildType=release && cd ..',",
            "      build: 'cd android && EXPO_PUBLIC_E2E=1 ./gradlew assembleRelease assembleAndroidTest -DtestBuildType=release && cd ..',",
        ),
    )
    s.act(
        None,
        Bash(
            "npx detox build -c android.emu.release && npx detox test -c android.emu.release",
            "BUILD SUCCESSFUL in 3m 58s\n"
            + detox_run(
                [
                    ("e2e/onboarding.e2e.ts", ["Onboarding › shows the permission screens"]),
                    ("e2e/acceptJob.e2e.ts", ["Accept job › rider accepts the first offered job"]),
                    ("e2e/goOffline.e2e.ts", ["Go offline › stops offers"]),
                    ("e2e/jobMap.e2e.ts", ["Job map › opens the map from a job"]),
                ],
                pid=53107,
            ),
            desc="Build and run all e2e tests",
            secs=420,
            timeout=600000,
        ),
    )
    s.say(
        "All 4 e2e files pass (acceptJob in about 9 s). Only the e2e build stops the pulse; store builds are unchanged."
    )
    s.user(
        "ผ่านแล้ว ทั้งหมดไม่ถึง 3 นาที lesson learned: Detox waits for every running animation, so an infinite loop "
        "means it never sees the app idle. เอา label skip-e2e ออกจาก workflow ด้วยครับ แล้ว commit",
        lessons=[
            "lesson learned: Detox waits for every running animation, so an infinite loop means it never sees the app idle"
        ],
    )
    s.act(
        None,
        Bash(
            'git add -A src .detoxrc.js && git commit -m "RA-91 Stop the searching pulse in e2e builds so Detox can idle"',
            git_commit(
                "fix/e2e-idle", "e81f2b4", "RA-91 Stop the searching pulse in e2e builds so Detox can idle", 3, 4, 1
            ),
            desc="Commit",
        ),
    )
    s.say(
        "Committed. The skip-e2e label was only set on PR #142, not in the workflow, so there's nothing to remove there; the 25-minute cap stays."
    )
    s.outcome("success", "SearchingPulse stops looping in e2e builds; all Detox tests pass; the person confirms")
    s.hit(PULSE, fixed=True)
    return s


EXPO_DOCTOR = """✔ Check package.json for common issues
✔ Check dependencies for packages that should not be installed directly
✖ Check that packages match versions required by installed Expo SDK

⚠️ Minor version mismatches
package            expected  found
react-native-maps  1.14.0    1.15.2
@react-native-async-storage/async-storage  1.23.1  1.24.0

2 packages out of date.
Advice: Use 'npx expo install --check' to review and upgrade your dependencies.

One or more checks failed, indicating possible issues with the project."""


def r13_i18n_strings() -> Session:
    s = rider("r13-i18n-strings", "2027-03-17T04:00:52", "2.1.195", "feature/i18n-job", "round-wongwian-yai-tit")
    s.user(
        "ข้อความที่ผู้ใช้เห็นทุกอันต้องผ่าน t() ของ i18n มีทั้งไทยและอังกฤษ ช่วยไล่แก้หน้า JobScreen กับ SearchingScreen ก่อนครับ",
        after=0,
        rules=[("strings-i18n", "ข้อความที่ผู้ใช้เห็นทุกอันต้องผ่าน t() ของ i18n มีทั้งไทยและอังกฤษ")],
    )
    s.act(
        None,
        Read("src/i18n/en.json", '{\n  "jobs": {\n    "empty": "No jobs nearby"\n  }\n}'),
        Read("src/i18n/th.json", '{\n  "jobs": {\n    "empty": "ยังไม่มีงานใกล้คุณ"\n  }\n}'),
    )
    s.act(
        None,
        Edit(
            "src/i18n/en.json",
            '    "empty": "No jobs nearby"',
            '    "empty": "No jobs nearby",\n    "searching": "Looking for jobs near you…",\n'
            '    "pickup": "Pick up",\n    "arrived": "I\'ve arrived"',
        ),
        Edit(
            "src/i18n/th.json",
            '    "empty": "ยังไม่มีงานใกล้คุณ"',
            '    "empty": "ยังไม่มีงานใกล้คุณ",\n    "searching": "กำลังหางานใกล้คุณ…",\n'
            '    "pickup": "รับของ",\n    "arrived": "ถึงแล้ว"',
        ),
        Edit(
            "src/screens/SearchingScreen.tsx",
            "      <Text style={styles.caption}>Looking for jobs near you…</Text>",
            "      <Text style={styles.caption}>{t('jobs.searching')}</Text>",
        ),
        Edit(
            "src/screens/JobScreen.tsx",
            "        <Text style={styles.primaryText}>I've arrived</Text>",
            "        <Text style={styles.primaryText}>{t('jobs.arrived')}</Text>",
        ),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation. Summary:\n1. Request: every user-visible "
        "string through i18n t(), Thai and English; JobScreen and SearchingScreen first.\n2. Done: keys "
        "jobs.searching, jobs.pickup, jobs.arrived in en.json and th.json; both screens use t().\n3. Next: run the "
        "tests.",
        pre_tokens=58_310,
        post_tokens=6_944,
    )
    s.user(
        "ก่อนรัน test: expo doctor ขึ้นแบบนี้ ต้องทำอะไรไหมครับ\n\n```\n" + EXPO_DOCTOR + "\n```",
    )
    s.not_person("Advice: Use 'npx expo install --check' to review and upgrade your dependencies.", "pasted_log")
    s.act(
        "Two packages are ahead of what SDK 51 was tested with. `npx expo install --fix` puts them back on the expected versions.",
        Bash(
            "npx expo install --fix && npx jest",
            "› Installing 2 SDK 51.0.0 compatible native modules using npm\n> npm install\n\nchanged 2 packages in 6s\n"
            + jest_run(
                [
                    ("src/api/__tests__/queries.test.tsx", 2),
                    ("src/api/__tests__/jobs.test.ts", 2),
                    ("src/components/job/__tests__/JobCard.test.tsx", 1),
                    ("src/components/__tests__/Avatar.test.tsx", 2),
                    ("src/screens/__tests__/JobsScreen.test.tsx", 3),
                    ("src/screens/__tests__/JobMapScreen.test.tsx", 1),
                    ("src/screens/__tests__/SearchingScreen.test.tsx", 1),
                    ("src/store/__tests__/authSlice.test.ts", 4),
                ],
                secs="7.004",
            ),
            desc="Align package versions and run the tests",
            secs=40,
        ),
    )
    s.say(
        "Versions aligned with SDK 51, JobScreen and SearchingScreen fully go through t() in both languages; 16 tests pass."
    )
    s.user("ok thanks")
    s.outcome("success", "strings moved to i18n in two screens, package versions aligned; tests pass")
    return s


def _sa_eas_profiles(c: Session) -> None:
    c.act(
        None,
        Read(
            "eas.json",
            '{\n  "cli": { "version": ">= 10.0.0", "appVersionSource": "remote" },\n  "build": {\n'
            '    "development": { "developmentClient": true, "distribution": "internal" },\n'
            '    "preview": { "distribution": "internal", "android": { "buildType": "apk" }, "channel": "preview" },\n'
            '    "production": { "autoIncrement": true, "channel": "production" }\n  }\n}',
        ),
    )
    c.say(
        "eas.json has three build profiles: development (dev client, internal), preview (internal, Android APK, "
        "channel preview) and production (AAB, auto-incremented version, channel production)."
    )


def r14_eas_questions() -> Session:
    s = rider("r14-eas-questions", "2027-03-18T09:00:07", "2.1.195", "main", "loud-silom-minivet")
    s.user(
        "questions only, no changes: how many EAS build profiles do we have and which one should Ploy use for an "
        "internal test APK? decision: Android first, the iOS build waits until after Songkran",
        after=0,
        decisions=["decision: Android first, the iOS build waits until after Songkran"],
    )
    s.act(
        None,
        Agent(
            "EAS build profiles",
            "Read eas.json and list the build profiles with what each produces. Read only.",
            "Explore",
            _sa_eas_profiles,
        ),
    )
    s.say(
        "Three profiles: development, preview and production. For an internal test APK Ploy wants `eas build -p "
        "android --profile preview`: it gives an installable APK and gets OTA updates from the preview channel."
    )
    s.user(
        "ok. never start an EAS cloud build without asking me first, we only get 30 builds a month on the free plan",
        rules=[("eas-ask", "never start an EAS cloud build without asking me first")],
    )
    s.say("Understood: I'll ask before any `eas build`.")
    s.outcome("unknown", "questions about EAS profiles answered by a read-only agent; no work to judge")
    return s


def r15_hello_client_visit() -> Session:
    s = rider("r15-hello-client-visit", "2027-03-19T02:12:44", "2.1.196", "main", "mild-ari-tailorbird")
    s.user("สวัสดีครับ", after=0)
    s.say("Hi! What are we working on today?")
    s.user("อ้าว ลืมไปว่าเช้านี้ต้องออกไปหาลูกค้า ไว้ค่อยคุยกันครับ")
    s.say("No problem, see you later.")
    s.outcome("unknown", "a greeting; the person leaves for a client visit before any work")
    return s


SESSIONS = [
    r01_job_card,
    r02_jobs_slice,
    r03_job_map,
    r04_rebase_no_force,
    r05_accept_job_e2e,
    r06_accept_idempotency,
    r07_prebuild_sdk,
    r08_ci_e2e_killed,
    r09_tanstack_plan,
    r10_searching_hangs_th,
    r11_metro_alias,
    r12_fix_detox_pulse,
    r13_i18n_strings,
    r14_eas_questions,
    r15_hello_client_visit,
]
