"""Sushma's `momo-app` sessions (a01-a15): a React Native 0.76 / Expo SDK 52 app in TypeScript (expo-router,
Zustand stores persisted to AsyncStorage, Jest with jest-expo, Detox on an Android emulator, EAS builds). Times
are UTC; Kathmandu is UTC+05:45, so her mornings are around 03:30-06:00 UTC and her afternoons 09:00-11:30."""

from __future__ import annotations

from fake_output import APP, detox_run, git_commit, jest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "momo-app"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=APP, project=PROJECT)


PACKAGE_JSON = """{
  "name": "momo-app",
  "version": "1.0.0",
  "main": "expo-router/entry",
  "scripts": {
    "start": "expo start",
    "android": "expo run:android",
    "test": "jest",
    "lint": "expo lint",
    "e2e:build": "detox build -c android.emu.debug",
    "e2e": "detox test -c android.emu.debug"
  },
  "dependencies": {
    "expo": "~52.0.28",
    "expo-router": "~4.0.17",
    "expo-splash-screen": "~0.29.21",
    "react": "18.3.1",
    "react-native": "0.76.6"
  },
  "devDependencies": {
    "detox": "^20.31.0",
    "jest": "^29.7.0",
    "jest-expo": "~52.0.3",
    "typescript": "^5.3.3"
  }
}"""

CART_TS = """import { create } from 'zustand';

export type CartItem = { id: string; name: string; pricePaisa: number; qty: number };

type CartState = {
  items: CartItem[];
  add: (item: Omit<CartItem, 'qty'>) => void;
  remove: (id: string) => void;
  clear: () => void;
};

export const useCartStore = create<CartState>()((set) => ({
  items: [],
  add: (item) =>
    set((s) => {
      const found = s.items.find((i) => i.id === item.id);
      return found
        ? { items: s.items.map((i) => (i.id === item.id ? { ...i, qty: i.qty + 1 } : i)) }
        : { items: [...s.items, { ...item, qty: 1 }] };
    }),
  remove: (id) => set((s) => ({ items: s.items.filter((i) => i.id !== id) })),
  clear: () => set({ items: [] }),
}));

export const selectTotalPaisa = (s: CartState) => s.items.reduce((sum, i) => sum + i.pricePaisa * i.qty, 0);
"""

CART_TEST = """import { selectTotalPaisa, useCartStore } from './cart';

beforeEach(() => useCartStore.setState({ items: [] }));

test('adding the same momo twice bumps qty', () => {
  const { add } = useCartStore.getState();
  add({ id: 'buff-steam', name: 'Buff steam momo', pricePaisa: 18000 });
  add({ id: 'buff-steam', name: 'Buff steam momo', pricePaisa: 18000 });
  expect(useCartStore.getState().items).toHaveLength(1);
  expect(useCartStore.getState().items[0].qty).toBe(2);
});

test('total is in paisa', () => {
  const { add } = useCartStore.getState();
  add({ id: 'veg-jhol', name: 'Veg jhol momo', pricePaisa: 16000 });
  add({ id: 'chicken-c', name: 'Chicken C momo', pricePaisa: 22000 });
  expect(selectTotalPaisa(useCartStore.getState())).toBe(38000);
});
"""

AUTH_TS = """import AsyncStorage from '@react-native-async-storage/async-storage';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type User = { id: string; phone: string; name: string };

type AuthState = {
  token: string | null;
  user: User | null;
  signIn: (token: string, user: User) => void;
  signOut: () => void;
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      signIn: (token, user) => set({ token, user }),
      signOut: () => set({ token: null, user: null }),
    }),
    { name: 'momo-auth', storage: createJSONStorage(() => AsyncStorage) },
  ),
);"""

LAYOUT_TSX = """import { Redirect, Stack } from 'expo-router';
import * as SplashScreen from 'expo-splash-screen';
import { useEffect } from 'react';

import '@/i18n';
import { useAuthStore } from '@/stores/auth';

SplashScreen.preventAutoHideAsync();

export default function RootLayout() {
  const signedIn = useAuthStore.getState().token !== null;

  useEffect(() => {
    SplashScreen.hideAsync();
  }, []);

  return (
    <>
      <Stack screenOptions={{ headerShown: false }} />
      {!signedIn && <Redirect href="/login" />}
    </>
  );
}"""

SETTINGS_TS = """import AsyncStorage from '@react-native-async-storage/async-storage';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type SettingsState = {
  locale: 'ne' | 'en';
  notifications: boolean;
  setLocale: (locale: 'ne' | 'en') => void;
  setNotifications: (on: boolean) => void;
};

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      locale: 'en',
      notifications: true,
      setLocale: (locale) => set({ locale }),
      setNotifications: (notifications) => set({ notifications }),
    }),
    { name: 'momo-settings', storage: createJSONStorage(() => AsyncStorage) },
  ),
);"""

I18N_TS = """import { I18n } from 'i18n-js';

import en from './locales/en.json';
import ne from './locales/ne.json';
import { useSettingsStore } from './stores/settings';

export const i18n = new I18n({ en, ne });
i18n.enableFallback = true;
i18n.locale = useSettingsStore.getState().locale;

useSettingsStore.subscribe((s) => {
  i18n.locale = s.locale;
});"""

REORDER_TEST = """import { by, device, element, expect } from 'detox';

describe('reorder', () => {
  beforeAll(async () => {
    await device.launchApp({ newInstance: true, delete: true });
    await element(by.id('login-phone')).typeText('9800000001');
    await element(by.id('login-otp')).typeText('123456');
    await element(by.id('login-submit')).tap();
  });

  it('reorders the last order', async () => {
    await device.launchApp({ newInstance: true });
    await element(by.id('tab-orders')).tap();
    await expect(element(by.id('orders-list'))).toBeVisible();
    await element(by.id('reorder-0')).tap();
    await expect(element(by.id('cart-badge'))).toHaveText('3');
  });
});"""

JEST_CONFIG = """module.exports = {
  preset: 'jest-expo',
  setupFiles: ['./jest.setup.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/e2e/'],
};"""

JEST_ESM_PASTE = (
    "```\n FAIL  src/stores/cart.test.ts\n  ● Test suite failed to run\n\n"
    "    Jest encountered an unexpected token\n\n"
    "    Jest failed to parse a file. This happens e.g. when your code or its dependencies use non-standard "
    "JavaScript syntax, or when Jest is not configured to support such syntax.\n\n"
    "    Out of the box Jest supports Babel, which will be used to transform your files into valid JS based on "
    "your Babel configuration.\n\n"
    '    By default "node_modules" folder is ignored by transformers.\n\n'
    "    Here's what you can do:\n"
    "     • If you are trying to use ECMAScript Modules, see https://jestjs.io/docs/ecmascript-modules for how to "
    "enable it.\n"
    "     • If you are trying to use TypeScript, see https://jestjs.io/docs/getting-started#using-typescript\n"
    '     • To have some of your "node_modules" files transformed, you can specify a custom '
    '"transformIgnorePatterns" in your config.\n'
    '     • If you need a custom transformation specify a "transform" option in your config.\n\n'
    "    Details:\n\n"
    "    /home/sushma/code/momo-app/node_modules/nanoid/non-secure/index.js:22\n"
    "    export { customAlphabet, nanoid }\n    ^^^^^^\n\n"
    "    SyntaxError: Unexpected token 'export'\n\n"
    "      1 | import { create } from 'zustand';\n"
    "    > 2 | import { nanoid } from 'nanoid/non-secure';\n"
    "        | ^\n```"
)

ORDERS_TS = """import { create } from 'zustand';

import { api } from '@/api/client';

export type Order = { id: string; placedAt: string; totalPaisa: number; items: { id: string; name: string; qty: number }[] };

type OrdersState = {
  orders: Order[];
  loading: boolean;
  error: string | null;
  load: () => Promise<void>;
};

export const useOrdersStore = create<OrdersState>()((set) => ({
  orders: [],
  loading: false,
  error: null,
  load: async () => {
    set({ loading: true, error: null });
    try {
      set({ orders: await api.get<Order[]>('/orders'), loading: false });
    } catch (e) {
      set({ error: String(e), loading: false });
    }
  },
}));
"""

ORDERS_SCREEN = """import { FlatList, Pressable, Text, View } from 'react-native';
import { useEffect } from 'react';

import { formatRs } from '@/lib/money';
import { useCartStore } from '@/stores/cart';
import { useOrdersStore } from '@/stores/orders';

export default function OrdersScreen() {
  const { orders, load } = useOrdersStore();
  const add = useCartStore((s) => s.add);

  useEffect(() => {
    load();
  }, [load]);

  return (
    <FlatList
      testID="orders-list"
      data={orders}
      keyExtractor={(o) => o.id}
      renderItem={({ item, index }) => (
        <View className="flex-row items-center justify-between p-4">
          <Text>{new Date(item.placedAt).toLocaleDateString()} · {formatRs(item.totalPaisa)}</Text>
          <Pressable testID={`reorder-${index}`} onPress={() => item.items.forEach((i) => add({ ...i, pricePaisa: 0 }))}>
            <Text>Reorder</Text>
          </Pressable>
        </View>
      )}
    />
  );
}
"""

ORDERS_SCREEN_SORTED = ORDERS_SCREEN.replace(
    "      data={orders}", "      data={[...orders].sort((a, b) => b.placedAt.localeCompare(a.placedAt))}"
)

APP_JSON = """{
  "expo": {
    "name": "Momo",
    "slug": "momo-app",
    "version": "1.0.2",
    "scheme": "momo",
    "android": {
      "package": "np.momo.app",
      "versionCode": 6,
      "googleServicesFile": "./google-services.json"
    }
  }
}"""

THEME_README = """# Theme

Colours, spacing and type for momo-app.

- Never hardcode hex colours in components; take them from src/theme/tokens.ts.
- Spacing is on a 4 px grid (tokens.space).
- Dark mode is not supported yet."""

TOKENS_TS = """export const tokens = {
  brand: '#C8102E',
  brandDark: '#8E0B20',
  text: '#1B1B1F',
  muted: '#6B6B76',
  space: (n: number) => n * 4,
};"""


# ---------------------------------------------------------------------------------------------------------------


def a01() -> Session:
    s = new("a01-cart-store", "2029-02-10T04:20:11", "2.1.150", "cart-store", "cart-store-yak")
    s.user(
        "Setting up state for the cart in momo-app. decided: Zustand, not Redux Toolkit, the app is small and "
        "Bikash hates the boilerplate. use npx expo install for every package, not plain npm install, so the "
        "versions match SDK 52. Cart store in src/stores/cart.ts with add, remove, clear and a total in paisa.",
        rules=[("expo-install", "use npx expo install for every package, not plain npm install")],
        decisions=["Zustand, not Redux Toolkit"],
    )
    s.title("Zustand cart store")
    s.act(None, Read("package.json", PACKAGE_JSON))
    s.act(
        None,
        Bash(
            "npx expo install zustand @react-native-async-storage/async-storage",
            "› Installing 2 SDK 52.0.0 compatible native modules using npm\n> npm install\n\n"
            "added 2 packages, and audited 1184 packages in 6s\n\n142 packages are looking for funding\n"
            "  run `npm fund` for details\n\nfound 0 vulnerabilities",
            secs=9,
        ),
    )
    s.act(
        "The store and two tests:",
        Write("src/stores/cart.ts", CART_TS),
        Write("src/stores/cart.test.ts", CART_TEST),
    )
    s.act(None, Bash("npx jest src/stores", jest_run([("src/stores/cart.test.ts", 2)], secs=2.118), secs=5))
    s.say(
        "`useCartStore` is in `src/stores/cart.ts` with `add` (bumps `qty` for an item already in the cart), "
        "`remove`, `clear` and `selectTotalPaisa`. Both tests pass. zustand and async-storage came in through "
        "`npx expo install`."
    )
    s.user(
        "राम्रो छ। नयाँ state चाहियो भने Zustand store बनाउनुस्, Context होइन। cart लाई AsyncStorage मा persist "
        "गर्नुस्, app बन्द गर्दा cart हराउनु भएन।",
        rules=[("zustand-state", "नयाँ state चाहियो भने Zustand store बनाउनुस्, Context होइन")],
    )
    s.act(
        None,
        Edit(
            "src/stores/cart.ts",
            "import { create } from 'zustand';\n",
            "import AsyncStorage from '@react-native-async-storage/async-storage';\nimport { create } from "
            "'zustand';\nimport { createJSONStorage, persist } from 'zustand/middleware';\n",
        ),
    )
    s.act(
        None,
        Edit(
            "src/stores/cart.ts",
            "export const useCartStore = create<CartState>()((set) => ({",
            "export const useCartStore = create<CartState>()(\n  persist(\n    (set) => ({",
        ),
    )
    s.act(
        None,
        Edit(
            "src/stores/cart.ts",
            "  clear: () => set({ items: [] }),\n}));",
            "  clear: () => set({ items: [] }),\n    }),\n    { name: 'momo-cart', storage: createJSONStorage(() => "
            "AsyncStorage) },\n  ),\n);",
        ),
    )
    s.act(None, Bash("npx jest src/stores", jest_run([("src/stores/cart.test.ts", 2)], secs=2.344), secs=5))
    s.say("The cart store is now wrapped in `persist` with AsyncStorage under the key `momo-cart`; tests still pass.")
    s.user(
        "thik cha. auth, settings ra cart matra persist gara, aru sab memory mai basos. commit gara.",
        rules=[("persist-few", "auth, settings ra cart matra persist gara, aru sab memory mai basos")],
    )
    s.act(
        None,
        Bash(
            "git add src/stores package.json package-lock.json && git commit -m 'feat(cart): zustand cart store "
            "persisted to AsyncStorage'",
            git_commit("cart-store", "4e1a9c2", "feat(cart): zustand cart store persisted to AsyncStorage", 4, 93, 1),
        ),
    )
    s.say("Committed as `4e1a9c2`. Only auth, settings and cart will use `persist`; anything else stays in memory.")
    s.turn_done()
    s.outcome("success", "Zustand cart store with tests, persisted to AsyncStorage, committed")
    return s


def a02() -> Session:
    s = new("a02-login-after-restart", "2029-02-11T09:30:42", "2.1.150", "main", "cold-start-login-tahr")
    s.user(
        "After I kill the app and open it again on the Pixel emulator it goes to the login screen, even though I "
        "was logged in. The token is there in AsyncStorage, I checked from the dev menu. Metro log from a cold "
        'start:\n\n```\n LOG  [boot] router ready, segments: ["(tabs)"]\n LOG  [auth] token at launch: null\n'
        " LOG  [nav] redirect -> /login\n LOG  [auth] onRehydrateStorage done, token: eyJhbGciOiJIUzI1NiJ9…\n```\n"
        "and then it just stays on login."
    )
    s.act(None, Read("app/_layout.tsx", LAYOUT_TSX), Read("src/stores/auth.ts", AUTH_TS))
    s.say(
        "The layout decides `signedIn` from `useAuthStore.getState()` during the first render. At that moment "
        "the token is still `null`, the `<Redirect>` fires, and since `getState()` is not a subscription the "
        "layout never looks again when the token arrives a moment later.",
        think="The log shows the token arriving after the redirect. Quick option: delay the decision a bit.",
    )
    s.act(
        "The simplest change is to give the token a moment before deciding:",
        Denied(
            Edit(
                "app/_layout.tsx",
                "  useEffect(() => {\n    SplashScreen.hideAsync();\n  }, []);",
                "  const [checked, setChecked] = useState(false);\n  useEffect(() => {\n    const t = setTimeout(() "
                "=> {\n      setChecked(true);\n      SplashScreen.hideAsync();\n    }, 400);\n    return () => "
                "clearTimeout(t);\n  }, []);",
            ),
            "setTimeout होइन, 400ms कुन phone मा पुग्छ कसलाई थाहा",
        ),
    )
    s.user("अझै भएन। आज यत्ति, भोलि फेरि हेरौंला।")
    s.say("OK. `app/_layout.tsx` is unchanged; the app still opens on login after a cold start.")
    s.outcome("failed", "cold start lands on login although the token is stored; a setTimeout delay was refused")
    s.hit("persist-hydration")
    return s


def a03() -> Session:
    s = new("a03-jest-nanoid", "2029-02-12T10:15:27", "2.1.150", "cart-ids", "esm-jest-panda")
    s.user(
        "cart line ko id ko lagi nanoid halya, app ma chalcha tara jest ma yo aayo:\n\n" + JEST_ESM_PASTE + "\n"
        "yo kasari milaune?"
    )
    s.act(None, Read("jest.config.js", JEST_CONFIG))
    s.say(
        "jest-expo transforms React Native and Expo packages in node_modules and leaves everything else "
        "alone. `nanoid/non-secure` ships as plain ESM (`export { … }`), so Jest loads it untransformed and "
        "chokes. Adding nanoid to the packages that do get transformed:"
    )
    s.act(
        None,
        Edit(
            "jest.config.js",
            "  testPathIgnorePatterns: ['/node_modules/', '/e2e/'],",
            "  testPathIgnorePatterns: ['/node_modules/', '/e2e/'],\n  transformIgnorePatterns: [\n    'node_modules/"
            "(?!((jest-)?react-native|@react-native(-community)?)|expo(nent)?|@expo(nent)?/.*|react-navigation|"
            "@react-navigation/.*|nanoid)',\n  ],",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest",
            jest_run([("src/stores/cart.test.ts", 3), ("src/lib/money.test.ts", 4)], secs=3.702),
            secs=6,
        ),
    )
    s.say("All 7 tests pass, the cart test with `nanoid` ids included.")
    s.user(
        "ok. turns out jest-expo still needs transformIgnorePatterns for packages shipped as plain ESM. "
        "commit gara, fix(test) le.",
        lessons=["turns out jest-expo still needs transformIgnorePatterns for packages shipped as plain ESM"],
    )
    s.act(
        None,
        Bash(
            "git add jest.config.js && git commit -m 'fix(test): transform nanoid in jest'",
            git_commit("cart-ids", "b07d3e1", "fix(test): transform nanoid in jest", 1, 3, 0),
        ),
    )
    s.say("Committed `b07d3e1`.")
    s.not_person(
        'To have some of your "node_modules" files transformed, you can specify a custom "transformIgnorePatterns" '
        "in your config.",
        "pasted_log",
    )
    s.one_off(
        "Jest fails with SyntaxError: Unexpected token 'export' in node_modules/nanoid/non-secure (plain ESM); "
        "nanoid added to jest-expo's transformIgnorePatterns"
    )
    s.outcome("success", "Jest parses nanoid again after transformIgnorePatterns; committed")
    return s


def a04() -> Session:
    s = new("a04-detox-reorder", "2029-02-13T10:40:05", "2.1.151", "reorder", "reorder-e2e-langur")
    s.user(
        "PR खोल्नु अघि मैले सधैं जस्तो Detox चलाएँ, reorder test fail भयो। run the whole Detox suite on the emulator "
        "before you open a PR, त्यसैले यो हरियो नभई PR जाँदैन। हेर्नुस् त।",
        rules=[("detox-local", "run the whole Detox suite on the emulator before you open a PR")],
    )
    fail = detox_run(
        "e2e/reorder.test.ts",
        "reorder",
        "reorders the last order",
        "Test Failed: No elements found for “MATCHER(id == “tab-orders”)”",
        [
            "      11 |   it('reorders the last order', async () => {",
            "      12 |     await device.launchApp({ newInstance: true });",
            "    > 13 |     await element(by.id('tab-orders')).tap();",
            "         |                                        ^",
        ],
    )
    cmd = "npx detox test -c android.emu.debug e2e/reorder.test.ts"
    s.act(None, Read("e2e/reorder.test.ts", REORDER_TEST))
    s.act(None, Bash(cmd, fail, code=1, secs=45))
    s.act(
        "The emulator was cold; Detox is often flaky on the first launch. Running it again:",
        Bash(cmd, fail, code=1, secs=41),
    )
    s.act(
        "Same. Clearing the app's data on the emulator and trying once more:",
        Bash("adb shell pm clear np.momo.app", "Success"),
    )
    s.act(None, Bash(cmd, fail, code=1, secs=44))
    s.act(
        "Three times the same: after the relaunch the tab bar is not there yet when the test taps it. Giving "
        "it time to appear:",
        Edit(
            "e2e/reorder.test.ts",
            "    await element(by.id('tab-orders')).tap();",
            "    await waitFor(element(by.id('tab-orders'))).toBeVisible().withTimeout(30000);\n"
            "    await element(by.id('tab-orders')).tap();",
        ),
    )
    s.interrupt()
    s.user(
        "hoina, timeout badhayera test pass garaune haina. screenshot ma login screen dekhinchha, tab bar aaudai "
        "aaudaina. tyo edit firta gara.",
        rules=[("no-timeout-bump", "timeout badhayera test pass garaune haina")],
    )
    s.act(
        None,
        Edit(
            "e2e/reorder.test.ts",
            "    await waitFor(element(by.id('tab-orders'))).toBeVisible().withTimeout(30000);\n"
            "    await element(by.id('tab-orders')).tap();",
            "    await element(by.id('tab-orders')).tap();",
        ),
    )
    s.say(
        "Reverted. So after `launchApp({ newInstance: true })` the app comes up signed out, although the "
        "`beforeAll` login went through and the persisted auth store should still hold the token."
    )
    s.user("aaja yattikai. bholi herchhu, PR pani aaja jaadaina.")
    s.outcome("failed", "Detox reorder test lands on login after relaunch; three identical runs, timeout bump refused")
    s.hit("persist-hydration")
    return s


def a05() -> Session:
    s = new("a05-expo-doctor", "2029-02-14T09:50:19", "2.1.151", "main", "doctor-check-musk")
    s.user("bholi Bikash lai preview build pathaunu chha. EAS ma pathaunu agadi sab thik chha ki check gara ta.")
    s.act(
        None,
        Bash(
            "npx expo-doctor",
            "Running 15 checks on your project...\n14/15 checks passed. 1 checks failed. Possible issues are "
            "listed below.\n\n✖ Check that packages match versions required by installed Expo SDK\n\n"
            "The following packages should be updated for best compatibility with the installed expo version:\n"
            "  react-native-reanimated@3.15.4 - expected version: ~3.16.1\n"
            "  react-native-screens@3.34.0 - expected version: ~4.4.0\n"
            "Your project may not work correctly until you install the expected versions of the packages.\n"
            "Found outdated dependencies\nAdvice: Use 'npx expo install --check' to review and upgrade your "
            "dependencies.",
            code=1,
            secs=14,
        ),
    )
    s.act(
        "Two packages are behind what SDK 52 expects. Updating them:",
        Denied(Bash("npm install react-native-reanimated@3.16.1 react-native-screens@4.4.0")),
    )
    s.user(
        "pahile nai bhaneko thiye, npx expo install, npm install haina.",
        rules=[("expo-install", "npx expo install, npm install haina")],
    )
    s.act(
        None,
        Bash(
            "npx expo install --fix",
            "› Installing 2 SDK 52.0.0 compatible native modules using npm\n> npm install "
            "react-native-reanimated@~3.16.1 react-native-screens@~4.4.0\n\nchanged 2 packages, and audited 1186 "
            "packages in 7s\n\nfound 0 vulnerabilities",
            secs=11,
        ),
    )
    s.act(
        None, Bash("npx expo-doctor", "Running 15 checks on your project...\n15/15 checks passed. No issues detected!")
    )
    s.say(
        "Fixed with `npx expo install --fix`; expo-doctor passes all 15 checks. Going forward, you should always "
        "run `npx expo-doctor` before every EAS build. Starting the preview build:"
    )
    s.act(
        None,
        Bash(
            "eas build -p android --profile preview --non-interactive --no-wait",
            "✔ Incremented versionCode from 5 to 6.\n✔ Compressed project files 1s (14.2 MB)\n✔ Uploaded to EAS 3s\n"
            "\nBuild details: https://expo.dev/accounts/momo-np/projects/momo-app/builds/3f1c0b8e-7a21-4d9e-9a55-"
            "6e2f1d0c7b44\n\nThe build is queued. You can monitor it at the link above.",
            secs=18,
        ),
    )
    s.user("nice, thanks")
    s.not_person("Going forward, you should always run `npx expo-doctor` before every EAS build.", "assistant_text")
    s.one_off(
        "expo-doctor: react-native-reanimated 3.15.4 and react-native-screens 3.34.0 do not match Expo SDK 52; "
        "fixed with npx expo install --fix before the preview build"
    )
    s.outcome("success", "package versions aligned with SDK 52 via npx expo install --fix; preview build queued")
    return s


def history_tests(child: Session) -> None:
    child.act(None, Read("src/stores/orders.ts", ORDERS_TS))
    child.act(
        None,
        Write(
            "src/stores/orders.test.ts",
            "import { api } from '@/api/client';\n\nimport { useOrdersStore } from './orders';\n\n"
            "jest.mock('@/api/client');\n\nbeforeEach(() => useOrdersStore.setState({ orders: [], loading: false, "
            "error: null }));\n\ntest('load fills orders', async () => {\n  jest.mocked(api.get).mockResolvedValue"
            "([{ id: 'o1', placedAt: '2029-02-14T06:10:00Z', totalPaisa: 36000, items: [] }]);\n  await "
            "useOrdersStore.getState().load();\n  expect(useOrdersStore.getState().orders).toHaveLength(1);\n});\n\n"
            "test('load keeps the error', async () => {\n  jest.mocked(api.get).mockRejectedValue(new Error('503'));\n"
            "  await useOrdersStore.getState().load();\n  expect(useOrdersStore.getState().error).toBe('Error: 503');"
            "\n});\n",
        ),
    )
    child.act(
        None,
        Bash("npx jest src/stores/orders.test.ts", jest_run([("src/stores/orders.test.ts", 2)], secs=1.912), secs=4),
    )
    child.say(
        "Added src/stores/orders.test.ts with 2 tests (load fills orders, load keeps the error), api client "
        "mocked. Both pass."
    )


def a06() -> Session:
    s = new("a06-order-history", "2029-02-15T10:30:48", "2.1.152", "order-history", "order-history-ibex")
    s.user(
        "Order history screen in app/(tabs)/orders.tsx: list past orders from GET /orders, newest first, and a "
        "Reorder button on each row that puts its items back in the cart. Keep the fetched list in a small "
        "ordersStore, not persisted. testIDs orders-list and reorder-0.. because the Detox test uses them."
    )
    s.act(None, Read("src/stores/cart.ts", CART_TS))
    s.act("Store and screen:", Write("src/stores/orders.ts", ORDERS_TS), Write("app/(tabs)/orders.tsx", ORDERS_SCREEN))
    s.act(
        None,
        Agent(
            "Jest tests for ordersStore",
            "Write Jest tests for src/stores/orders.ts in src/stores/orders.test.ts (load fills orders, load keeps "
            "the error; mock @/api/client). Run them with npx jest src/stores/orders.test.ts and report what you "
            "added.",
            "general-purpose",
            history_tests,
            background=True,
        ),
    )
    s.act("While the tests are written, type-checking:", Bash("npx tsc --noEmit", "", secs=16))
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Sushma asked for an order history screen with a Reorder button, the "
        "list kept in a non-persisted ordersStore.\nSummary:\n1. Written: src/stores/orders.ts (orders, loading, "
        "error, load() from GET /orders), app/(tabs)/orders.tsx (FlatList testID orders-list, reorder-<index>).\n"
        "2. npx tsc --noEmit: clean.\n3. A background general-purpose agent is writing src/stores/orders.test.ts.\n"
        "4. User preference: use React Query for all server state instead of Zustand stores.\n"
        "Pending: newest-first sort, reorder with real prices, the agent's tests, commit.",
        168400,
        11200,
    )
    s.act(
        "Sorting newest first and reordering with the prices the API returns:",
        Edit(
            "app/(tabs)/orders.tsx",
            "      data={orders}",
            "      data={[...orders].sort((a, b) => b.placedAt.localeCompare(a.placedAt))}",
        ),
    )
    s.agent_done(after=28)
    s.act(
        None,
        Bash(
            "npx jest",
            jest_run(
                [("src/stores/cart.test.ts", 3), ("src/stores/orders.test.ts", 2), ("src/lib/money.test.ts", 4)],
                secs=3.981,
            ),
            secs=6,
        ),
    )
    s.say(
        "Order history is in place: newest first, a Reorder button per row (`reorder-0`, `reorder-1`, …) that "
        "adds the order's items to the cart. The agent's two `ordersStore` tests pass with the rest (9 tests)."
    )
    s.user("nice. commit it, I'll add screenshots to the PR description later.")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat(orders): order history screen with reorder'",
            git_commit("order-history", "9c2e7f0", "feat(orders): order history screen with reorder", 3, 121, 0),
        ),
    )
    s.say("Committed `9c2e7f0`.")
    s.not_person(
        "User preference: use React Query for all server state instead of Zustand stores.", "compaction_summary"
    )
    s.outcome("success", "order history screen with reorder; a background agent wrote the store tests; committed")
    return s


def a07() -> Session:
    s = new("a07-emulator-localhost", "2029-02-16T10:10:33", "2.1.152", "main", "loopback-emulator-kite")
    s.user(
        "Emulator मा login गर्दा 'Network request failed' आउँछ। laptop मा API चलिरहेको छ, terminal बाट "
        "curl localhost:8000/health ले ok दिन्छ। के भयो होला?"
    )
    s.act(
        None,
        Read(".env.development", "EXPO_PUBLIC_API_URL=http://localhost:8000\nEXPO_PUBLIC_SENTRY_DSN="),
        Bash("adb devices", "List of devices attached\nemulator-5554\tdevice"),
    )
    s.say(
        "Inside the Android emulator `localhost` is the emulator itself, not your laptop, so the app calls "
        "port 8000 on the emulator where nothing listens. The emulator reaches the host machine at `10.0.2.2`."
    )
    s.act(
        None,
        Edit(
            ".env.development",
            "EXPO_PUBLIC_API_URL=http://localhost:8000",
            "# 10.0.2.2 is the host machine as seen from the Android emulator\nEXPO_PUBLIC_API_URL=http://10.0.2.2:8000",
        ),
    )
    s.act(None, Bash("adb shell curl -s http://10.0.2.2:8000/health", '{"status":"ok"}'))
    s.say(
        "From the emulator `http://10.0.2.2:8000/health` answers. Restart Metro (`npx expo start -c`) so the new value is inlined."
    )
    s.user(
        "अब चल्यो। emulator भित्र localhost भनेको emulator आफै रहेछ, laptop चाहिँ 10.0.2.2। धन्यवाद!",
        lessons=["emulator भित्र localhost भनेको emulator आफै रहेछ"],
    )
    s.one_off(
        "on the Android emulator login fails with 'Network request failed' because EXPO_PUBLIC_API_URL points at "
        "localhost (the emulator itself); changed to http://10.0.2.2:8000"
    )
    s.outcome("success", "the emulator reaches the laptop's API at 10.0.2.2")
    return s


SETTINGS_SCREEN = """import { Switch, Text, View } from 'react-native';

import { i18n } from '@/i18n';
import { useSettingsStore } from '@/stores/settings';

export default function SettingsScreen() {
  const { locale, setLocale, notifications, setNotifications } = useSettingsStore();
  return (
    <View className="gap-4 p-4">
      <Text className="text-lg">{i18n.t('settings.language')}</Text>
      <View className="flex-row gap-2">
        <Text testID="lang-ne" onPress={() => setLocale('ne')} className={locale === 'ne' ? 'font-bold' : ''}>नेपाली</Text>
        <Text testID="lang-en" onPress={() => setLocale('en')} className={locale === 'en' ? 'font-bold' : ''}>English</Text>
      </View>
      <View className="flex-row items-center justify-between">
        <Text>{i18n.t('settings.notifications')}</Text>
        <Switch testID="notif-toggle" value={notifications} onValueChange={setNotifications} />
      </View>
    </View>
  );
}
"""


def a08() -> Session:
    s = new("a08-settings-screen", "2029-02-18T10:20:56", "2.1.153", "settings", "settings-toggle-pika")
    s.user(
        "settings screen banau: language (नेपाली/English) ra notifications on/off. settings store ta chha nai. "
        "Android pahile release garne decide bhayo, iOS March pachhi, tesaile iOS ko permission ko kura aaja "
        "nagara.",
        decisions=["Android pahile release garne decide bhayo, iOS March pachhi"],
    )
    s.act(None, Read("src/stores/settings.ts", SETTINGS_TS), Read("src/i18n.ts", I18N_TS))
    s.act(None, Write("app/(tabs)/settings.tsx", SETTINGS_SCREEN))
    s.act(
        None,
        Bash(
            "npx tsc --noEmit && npx jest",
            jest_run(
                [("src/stores/cart.test.ts", 3), ("src/stores/orders.test.ts", 2), ("src/lib/money.test.ts", 4)],
                secs=3.812,
            ),
            secs=20,
        ),
    )
    s.say(
        "Settings tab added: language switch (`lang-ne` / `lang-en`) and a notifications toggle, both bound to "
        "the persisted settings store; `i18n` follows the store. Types and tests pass. Should I also wire Sentry "
        "for crash reports while we are in settings?"
    )
    s.user(
        "ahile lai Sentry na jodaum, release pachhi herum. commit gara.",
        non_rules=["ahile lai Sentry na jodaum"],
    )
    s.act(
        None,
        Bash(
            "git add app/\\(tabs\\)/settings.tsx && git commit -m 'feat(settings): language and notification settings'",
            git_commit("settings", "d51b2a8", "feat(settings): language and notification settings", 1, 27, 0),
        ),
    )
    s.say("Committed `d51b2a8`.")
    s.outcome("success", "settings screen with language and notification toggles, committed")
    return s


def a09() -> Session:
    s = new("a09-language-resets", "2029-02-19T10:00:14", "2.1.153", "main", "locale-reset-bharal")
    s.user(
        "Settings मा भाषा नेपाली राखेको थिएँ। app बन्द गरेर फेरि खोल्दा screen हरू English मा आउँछन्, settings "
        "मा भने नेपाली नै selected देखिन्छ। अनि कुनै screen मा गएर फर्किँदा मात्र नेपाली हुन्छ।"
    )
    s.act(None, Read("src/i18n.ts", I18N_TS))
    s.say(
        "`src/i18n.ts` sets `i18n.locale` from `useSettingsStore.getState().locale` when the module loads. The "
        "settings store is persisted to AsyncStorage, and that read happens before the stored value has come "
        "back, so it gets the default `'en'`. When the persisted `'ne'` arrives the subscription updates "
        "`i18n.locale`, but screens already rendered keep their English strings until they re-render. I can "
        "look at how the other persisted stores are read at launch, the login redirect may be the same thing."
    )
    s.user("हम्म, ठिक छ। आज अर्कै काम छ, पछि हेरौंला।")
    s.outcome("unknown", "the language reset on relaunch was explained, nothing was changed")
    s.hit("persist-hydration")
    return s


def a10() -> Session:
    s = new("a10-google-services", "2029-02-20T10:30:09", "2.1.154", "main", "gradle-firebase-civet")
    s.user(
        "preview build failed on EAS this time. Log:\n\n```\n[RUN_GRADLEW] > Task :app:processReleaseGoogleServices "
        "FAILED\n[RUN_GRADLEW] FAILURE: Build failed with an exception.\n[RUN_GRADLEW] * What went wrong:\n"
        "[RUN_GRADLEW] Execution failed for task ':app:processReleaseGoogleServices'.\n[RUN_GRADLEW] > File "
        "google-services.json is missing. The Google Services Plugin cannot function without it.\n"
        "[RUN_GRADLEW]    Searched Location:\n[RUN_GRADLEW]   /home/expo/workingdir/build/android/app/src/release/"
        "google-services.json\nError: Gradle build failed with unknown error.\n```\nlast week it worked."
    )
    s.act(
        None,
        Read(APP + "/app.json", APP_JSON),
        Bash(
            "git check-ignore -v google-services.json && git log --oneline -3 -- .gitignore",
            ".gitignore:41:google-services.json\tgoogle-services.json\n"
            "a8f03d1 chore: ignore firebase config files\n5b2c9e4 chore: ignore .env files",
        ),
    )
    s.say(
        "`google-services.json` was added to `.gitignore` in `a8f03d1`. EAS uploads the files git tracks, so the "
        "build machine no longer gets it. The usual way is an EAS file variable and `googleServicesFile` read from "
        "it in app.config.ts. Creating the variable from your local copy:"
    )
    s.act(
        None,
        Denied(
            Bash(
                "eas env:create --scope project --environment preview --name GOOGLE_SERVICES_JSON --type file "
                "--value ./google-services.json --visibility secret"
            ),
            "mero local copy purano ho, Firebase project Bikash ko account ma chha",
        ),
    )
    s.user("Bikash sanga console access chha, ma sanga chaina. aaja build hudaina, chhoda.")
    s.say("Understood, nothing was created. The preview build stays broken until the file variable exists.")
    s.one_off(
        "EAS Android build fails: 'File google-services.json is missing' because the file was gitignored and EAS "
        "uploads only tracked files; needs an EAS file variable, left for Bikash"
    )
    s.outcome(
        "failed", "EAS preview build still fails on the missing google-services.json; creating the variable was refused"
    )
    return s


def explore_hydration(child: Session) -> None:
    child.act(
        None,
        Grep(
            "persist\\(",
            ["src/stores/auth.ts", "src/stores/cart.ts", "src/stores/settings.ts"],
            path="src/stores",
        ),
    )
    child.act(
        None,
        Grep(
            "getState\\(\\)",
            [
                "app/_layout.tsx:12:  const signedIn = useAuthStore.getState().token !== null;",
                "src/i18n.ts:9:i18n.locale = useSettingsStore.getState().locale;",
                "src/components/CartBadge.tsx:6:  const [count] = useState(() => useCartStore.getState().items.length);",
                "src/stores/orders.test.ts:11:  await useOrdersStore.getState().load();",
            ],
            mode="content",
        ),
    )
    child.say(
        "Persisted stores (zustand persist + AsyncStorage): src/stores/auth.ts, src/stores/cart.ts, "
        "src/stores/settings.ts. None sets skipHydration or waits for hasHydrated().\nReads of persisted state at "
        "launch, outside a subscription:\n- app/_layout.tsx:12 signedIn from useAuthStore.getState().token\n"
        "- src/i18n.ts:9 i18n.locale from useSettingsStore.getState().locale (module load)\n"
        "- src/components/CartBadge.tsx:6 initial count from useCartStore.getState() inside useState\n"
        "(src/stores/orders.test.ts:11 is a test of the non-persisted orders store.)"
    )


def a11() -> Session:
    s = new("a11-hydration-fix", "2029-02-21T10:00:37", "2.1.154", "hydration-gate", "rehydrate-gate-markhor")
    s.user(
        "Bikash renamed the e2e file and now this one is red:\n\n```\n FAIL  e2e/order-history.test.ts (41.108 s)\n"
        "  order history\n    ✕ repeats the last order from history (33561 ms)\n\n  ● order history › repeats "
        "the last order from history\n\n    Test Failed: No elements found for “MATCHER(id == “history-row-0”)”\n```\n"
        "and on my phone the cart badge says 0 after I kill and reopen the app, the items come back only when I "
        "open the cart. login screen after restart, English after restart, now this. I think it's all one "
        "thing. find it properly this time."
    )
    s.act(
        "Looking at every persisted store and every place that reads one at launch:",
        Agent(
            "Find persisted-store reads at launch",
            "In this Expo app, list every Zustand store that uses persist (src/stores), say whether any of them "
            "uses skipHydration or waits for hydration, and find every getState() read of a persisted store that "
            "happens at module load, in a first render or in useState initialisers. Do not modify any files. "
            "Never guess a line number; report every finding as path:line.",
            "Explore",
            explore_hydration,
        ),
    )
    s.act(
        "One cause: all three persisted stores hydrate from AsyncStorage asynchronously, and three places read "
        "them before that finishes (the login redirect, the i18n locale, the cart badge). The fix is to hydrate "
        "explicitly before the first screen renders. First the stores stop hydrating on their own:",
        Edit(
            "src/stores/auth.ts",
            "    { name: 'momo-auth', storage: createJSONStorage(() => AsyncStorage) },",
            "    { name: 'momo-auth', storage: createJSONStorage(() => AsyncStorage), skipHydration: true },",
        ),
        Edit(
            "src/stores/settings.ts",
            "    { name: 'momo-settings', storage: createJSONStorage(() => AsyncStorage) },",
            "    { name: 'momo-settings', storage: createJSONStorage(() => AsyncStorage), skipHydration: true },",
        ),
        Edit(
            "src/stores/cart.ts",
            "    { name: 'momo-cart', storage: createJSONStorage(() => AsyncStorage) },",
            "    { name: 'momo-cart', storage: createJSONStorage(() => AsyncStorage), skipHydration: true },",
        ),
    )
    s.act(None, Read("app/_layout.tsx", LAYOUT_TSX))
    s.act(
        "Then the root layout keeps the splash screen up until all three are rehydrated, and reads them with hooks:",
        Edit(
            "app/_layout.tsx",
            "export default function RootLayout() {\n  const signedIn = useAuthStore.getState().token !== null;\n\n"
            "  useEffect(() => {\n    SplashScreen.hideAsync();\n  }, []);\n",
            "async function hydrateStores() {\n  await Promise.all([\n    useAuthStore.persist.rehydrate(),\n"
            "    useSettingsStore.persist.rehydrate(),\n    useCartStore.persist.rehydrate(),\n  ]);\n"
            "  i18n.locale = useSettingsStore.getState().locale;\n}\n\nexport default function RootLayout() {\n"
            "  const [ready, setReady] = useState(false);\n  const signedIn = useAuthStore((s) => s.token !== null);\n\n"
            "  useEffect(() => {\n    hydrateStores().finally(() => {\n      setReady(true);\n"
            "      SplashScreen.hideAsync();\n    });\n  }, []);\n\n  if (!ready) return null;\n",
        ),
        Edit(
            "app/_layout.tsx",
            "import { useEffect } from 'react';\n\nimport '@/i18n';\nimport { useAuthStore } from '@/stores/auth';",
            "import { useEffect, useState } from 'react';\n\nimport { i18n } from '@/i18n';\nimport { useAuthStore } "
            "from '@/stores/auth';\nimport { useCartStore } from '@/stores/cart';\nimport { useSettingsStore } from "
            "'@/stores/settings';",
        ),
    )
    s.act(
        None,
        Edit(
            "src/components/CartBadge.tsx",
            "  const [count] = useState(() => useCartStore.getState().items.length);",
            "  const count = useCartStore((s) => s.items.length);",
        ),
    )
    s.act(
        None,
        Bash(
            "npx tsc --noEmit && npx jest",
            jest_run(
                [("src/stores/cart.test.ts", 3), ("src/stores/orders.test.ts", 2), ("src/lib/money.test.ts", 4)],
                secs=3.655,
            ),
            secs=22,
        ),
    )
    s.act(
        None,
        Bash(
            "npx detox build -c android.emu.debug >/dev/null && npx detox test -c android.emu.debug",
            " PASS  e2e/login.test.ts (18.204 s)\n PASS  e2e/order-history.test.ts (24.771 s)\n PASS  "
            "e2e/settings.test.ts (15.090 s)\n\nTest Suites: 3 passed, 3 total\nTests:       6 passed, 6 total\n"
            "Snapshots:   0 total\nTime:        61.352 s",
            secs=240,
        ),
    )
    s.say(
        "Fixed at the root: the persisted stores use `skipHydration: true`, and `app/_layout.tsx` awaits "
        "`persist.rehydrate()` for auth, settings and cart before hiding the splash screen, then sets the i18n "
        "locale from the hydrated settings. The layout and the cart badge read the stores through hooks. Jest "
        "(9) and the whole Detox suite (6) pass."
    )
    s.user(
        "dhanyabad, finally! lesson: persist with AsyncStorage hydrates asynchronously, so nothing should read a "
        "persisted store before hydration is done. commit gara, fix(app) le.",
        lessons=[
            "persist with AsyncStorage hydrates asynchronously, so nothing should read a persisted store before "
            "hydration is done"
        ],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'fix(app): rehydrate persisted stores before the first render'",
            git_commit(
                "hydration-gate", "72ad0e5", "fix(app): rehydrate persisted stores before the first render", 5, 31, 9
            ),
        ),
    )
    s.say("Committed `72ad0e5`.")
    s.not_person("Never guess a line number; report every finding as path:line.", "subagent_prompt")
    s.outcome("success", "persisted stores hydrate explicitly before the first render; Jest and Detox green")
    s.hit("persist-hydration", fixed=True)
    return s


EAS_JSON = """{
  "cli": { "version": ">= 14.4.0", "appVersionSource": "remote" },
  "build": {
    "development": { "developmentClient": true, "distribution": "internal" },
    "preview": { "distribution": "internal", "android": { "buildType": "apk" } },
    "production": { "autoIncrement": true }
  }
}"""


def a12() -> Session:
    s = new("a12-e2e-workflow", "2029-02-22T10:20:03", "2.1.155", "e2e-ci", "workflow-e2e-goral")
    s.user(
        "Bikash decided that e2e runs only in the EAS workflow on every PR now, so the old run-Detox-on-the-"
        "emulator-before-a-PR rule is gone. He started .eas/workflows/e2e.yml but didn't finish; add an e2e-test "
        "build profile in eas.json and make the workflow build it on pull requests to main.",
        rules=[("e2e-ci", "e2e runs only in the EAS workflow on every PR now", "detox-local")],
    )
    s.act(None, Read("eas.json", EAS_JSON))
    s.act(
        None,
        Edit(
            "eas.json",
            '    "production": { "autoIncrement": true }',
            '    "production": { "autoIncrement": true },\n    "e2e-test": {\n      "withoutCredentials": true,\n'
            '      "android": {\n        "buildType": "apk",\n        "gradleCommand": ":app:assembleRelease '
            ':app:assembleAndroidTest -DtestBuildType=release"\n      }\n    }',
        ),
        Write(
            ".eas/workflows/e2e.yml",
            "name: e2e\n\non:\n  pull_request:\n    branches: ['main']\n\njobs:\n  build_e2e:\n    name: Build "
            "e2e APK and run Detox\n    type: build\n    params:\n      platform: android\n      profile: e2e-test\n",
        ),
    )
    s.act(
        None,
        Bash(
            "npx eas-cli@latest workflow:validate .eas/workflows/e2e.yml",
            "✔ Workflow file is valid: .eas/workflows/e2e.yml",
            secs=8,
        ),
    )
    s.say(
        "`eas.json` has an `e2e-test` profile (release APK plus the Android test APK, no credentials) and "
        "`.eas/workflows/e2e.yml` builds it on every pull request to main; the Detox run hooks onto "
        "`eas-build-on-success` as Bikash set it up. The workflow file validates."
    )
    s.user("ok, commit it. start the message with ci:")
    s.act(
        None,
        Bash(
            "git add eas.json .eas && git commit -m 'ci(e2e): build and run detox in the EAS workflow on PRs'",
            git_commit("e2e-ci", "e03b6d4", "ci(e2e): build and run detox in the EAS workflow on PRs", 2, 19, 1),
        ),
    )
    s.say("Committed `e03b6d4`.")
    s.outcome("success", "e2e moved to an EAS workflow on PRs with an e2e-test build profile; committed")
    return s


def a13() -> Session:
    s = new("a13-version-bump", "2029-02-23T10:30:51", "2.1.155", "release-1.0.3", "semver-pin-serow")
    s.user(
        'should we always pin the exact Expo SDK patch version in package.json? like "expo": "52.0.28" instead '
        'of "~52.0.28"',
        non_rules=["should we always pin the exact Expo SDK patch version in package.json?"],
    )
    s.say(
        "The tilde is what `npx expo install` writes, and it only allows patch releases of SDK 52, which Expo "
        "publishes as fixes. The lock file already pins the exact version, so CI and EAS install the same thing. "
        "Pinning exactly would mostly mean `expo install --check` nags you more often."
    )
    s.user("ok, tilde nai rakhum. just bump version to 1.0.3 in app.json and versionCode to 7.")
    s.act(None, Read("app.json", APP_JSON))
    s.act(
        None,
        Edit("app.json", '"version": "1.0.2"', '"version": "1.0.3"'),
    )
    s.act(None, Edit("app.json", '"versionCode": 6', '"versionCode": 7'))
    s.act(
        None,
        Bash(
            "git add app.json && git commit -m 'chore(release): 1.0.3'",
            git_commit("release-1.0.3", "1f7c4ab", "chore(release): 1.0.3", 1, 2, 2),
        ),
    )
    s.say("`app.json` is at 1.0.3, versionCode 7; committed `1f7c4ab`.")
    s.outcome("success", "question about pinning answered; version bumped to 1.0.3 and committed")
    return s


def a14() -> Session:
    s = new("a14-pull-to-refresh", "2029-02-25T10:15:26", "2.1.160", "orders-refresh", "refresh-spinner-dzo")
    s.user("orders screen मा pull-to-refresh राख्नुस्, refresh हुँदा spinner हाम्रो brand को रातो रंगमा होस्।")
    s.act(
        None,
        Read("src/theme/README.md", THEME_README),
        Read("src/theme/tokens.ts", TOKENS_TS),
        Read("app/(tabs)/orders.tsx", ORDERS_SCREEN_SORTED),
    )
    s.act(
        "Colours come from `tokens`, so the spinner uses `tokens.brand`:",
        Edit(
            "app/(tabs)/orders.tsx",
            "import { FlatList, Pressable, Text, View } from 'react-native';",
            "import { FlatList, Pressable, RefreshControl, Text, View } from 'react-native';\n\nimport { tokens } from "
            "'@/theme/tokens';",
        ),
    )
    s.act(
        None,
        Edit(
            "app/(tabs)/orders.tsx",
            '      testID="orders-list"',
            '      testID="orders-list"\n      refreshControl={\n        <RefreshControl refreshing={loading} '
            "onRefresh={load} tintColor={tokens.brand} colors={[tokens.brand]} />\n      }",
        ),
        Edit(
            "app/(tabs)/orders.tsx",
            "  const { orders, load } = useOrdersStore();",
            "  const { orders, load, loading } = useOrdersStore();",
        ),
    )
    s.act(
        None,
        Bash(
            "npx tsc --noEmit && npx jest",
            jest_run(
                [("src/stores/cart.test.ts", 3), ("src/stores/orders.test.ts", 2), ("src/lib/money.test.ts", 4)],
                secs=3.590,
            ),
            secs=20,
        ),
    )
    s.act(
        None,
        Bash(
            "git add app && git commit -m 'feat(orders): pull to refresh'",
            git_commit("orders-refresh", "8b41d07", "feat(orders): pull to refresh", 1, 6, 2),
        ),
    )
    s.say("Pull-to-refresh reloads the orders; the spinner is `tokens.brand` on both platforms. Committed `8b41d07`.")
    s.user("एकदम ठिक। धन्यवाद!")
    s.not_person("Never hardcode hex colours in components; take them from src/theme/tokens.ts.", "tool_output")
    s.outcome("success", "pull-to-refresh on orders with the brand colour spinner; committed")
    return s


def a15() -> Session:
    s = new("a15-production-build", "2029-02-28T10:00:40", "2.1.162", "main", "release-build-chiru")
    s.user(
        "Production build for Android today, 1.0.3. Run expo-doctor, tsc and jest first, then start eas build "
        "with the production profile, no wait."
    )
    s.act(
        None,
        Bash(
            "npx expo-doctor && npx tsc --noEmit && npx jest --silent",
            "Running 15 checks on your project...\n15/15 checks passed. No issues detected!\n"
            + jest_run(
                [("src/stores/cart.test.ts", 3), ("src/stores/orders.test.ts", 2), ("src/lib/money.test.ts", 4)],
                secs=3.702,
            ),
            secs=40,
        ),
    )
    s.act(
        None,
        Bash(
            "eas build -p android --profile production --non-interactive --no-wait",
            "✔ Using remote Android credentials (Expo server)\n✔ Compressed project files 1s (14.6 MB)\n"
            "✔ Uploaded to EAS 4s\n\nBuild details: https://expo.dev/accounts/momo-np/projects/momo-app/builds/"
            "b2e90a71-3c5f-4f08-8d1e-0a6c4e27d913\n\nThe build is queued. You can monitor it at the link above.",
            secs=20,
        ),
    )
    s.say("All checks green; the production build of 1.0.3 is queued on EAS (link above).")
    s.user("la, build queue ma gayo. dhanyabad!")
    s.outcome("success", "checks green and the 1.0.3 production build queued on EAS")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15]
