"""Rafael's `feira-app` sessions (p01-p15): a React Native app on Expo SDK 51 with Expo Router, TypeScript, Zustand
5, Jest (jest-expo) with React Native Testing Library, EAS Build. Times are UTC; Recife is UTC-3 all year."""

from __future__ import annotations

from fake_output import APP, git_commit, jest_run
from transcript_kit import Agent, Bash, Denied, Edit, Grep, Read, Session, Write

PROJECT = "feira-app"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=APP, project=PROJECT)


CLIENT_TS = """const BASE_URL = process.env.EXPO_PUBLIC_API_URL;

export async function api<T>(path: string): Promise<T> {
  console.log('[api] baseUrl =', BASE_URL);
  const res = await fetch(`${BASE_URL}${path}`);
  if (!res.ok) throw new Error(`GET ${path} -> ${res.status}`);
  return res.json() as Promise<T>;
}
"""

STALLS_STORE = """import { create } from 'zustand';
import { api } from '../api/client';

export type Stall = { id: number; name: string; market: string };

type StallsState = { stalls: Stall[]; load: () => Promise<void> };

export const useStallsStore = create<StallsState>((set) => ({
  stalls: [],
  load: async () => set({ stalls: await api<Stall[]>('/v1/stalls') }),
}));
"""

INDEX_TSX = """import { useEffect } from 'react';
import { FlatList, StyleSheet, Text, View } from 'react-native';
import { useStallsStore } from '../../src/store/stalls';

export default function StallList() {
  const stalls = useStallsStore((s) => s.stalls);
  const load = useStallsStore((s) => s.load);
  useEffect(() => { load(); }, [load]);
  return (
    <FlatList
      data={stalls}
      keyExtractor={(s) => String(s.id)}
      renderItem={({ item }) => (
        <View style={styles.row}><Text accessibilityRole="header">{item.name}</Text><Text>{item.market}</Text></View>
      )}
    />
  );
}

const styles = StyleSheet.create({ row: { padding: 16, borderBottomWidth: StyleSheet.hairlineWidth } });
"""

PACKAGE_JEST = """  "jest": {
    "preset": "jest-expo",
    "setupFilesAfterEach": ["./jest.setup.ts"],
    "transformIgnorePatterns": [
      "node_modules/(?!((jest-)?react-native|@react-native(-community)?)|expo(nent)?|@expo(nent)?/.*|react-navigation|@react-navigation/.*)"
    ]
  },"""

README_APP = """# feira-app

App da Feira (Expo SDK 51, Expo Router).

## Setup

    npm ci
    cp .env.example .env   # EXPO_PUBLIC_API_URL=http://localhost:4000/api
    npx expo start

Always run `npx expo install` instead of `npm install` for native packages.
"""

CART_STORE = """import { create } from 'zustand';

export type CartItem = { productId: number; name: string; priceCents: number; qty: number };

type CartState = {
  items: CartItem[];
  add: (item: Omit<CartItem, 'qty'>) => void;
  remove: (productId: number) => void;
  totalCents: () => number;
};

export const useCartStore = create<CartState>((set, get) => ({
  items: [],
  add: (item) =>
    set((s) => {
      const found = s.items.find((i) => i.productId === item.productId);
      return {
        items: found
          ? s.items.map((i) => (i.productId === item.productId ? { ...i, qty: i.qty + 1 } : i))
          : [...s.items, { ...item, qty: 1 }],
      };
    }),
  remove: (productId) => set((s) => ({ items: s.items.filter((i) => i.productId !== productId) })),
  totalCents: () => get().items.reduce((sum, i) => sum + i.priceCents * i.qty, 0),
}));
"""

CART_SCREEN = """import { FlatList, Pressable, StyleSheet, Text, View } from 'react-native';
import { useCartStore } from '../store/cart';
import { formatBRL } from '../lib/money';

export function CartScreen() {
  const { items, total, remove } = useCartStore((s) => ({ items: s.items, total: s.totalCents(), remove: s.remove }));
  return (
    <View style={styles.screen}>
      <FlatList
        data={items}
        keyExtractor={(i) => String(i.productId)}
        renderItem={({ item }) => (
          <Pressable accessibilityRole="button" onPress={() => remove(item.productId)}>
            <Text>{item.qty}x {item.name}</Text>
          </Pressable>
        )}
      />
      <Text accessibilityRole="summary">Total: {formatBRL(total)}</Text>
    </View>
  );
}

const styles = StyleSheet.create({ screen: { flex: 1, padding: 16 } });
"""

CART_TEST = """import { render, screen } from '@testing-library/react-native';
import { CartScreen } from '../CartScreen';
import { useCartStore } from '../../store/cart';

describe('CartScreen', () => {
  beforeEach(() => useCartStore.setState({ items: [] }));

  it('shows the total of the items', () => {
    useCartStore.getState().add({ productId: 1, name: 'Macaxeira', priceCents: 650 });
    useCartStore.getState().add({ productId: 2, name: 'Queijo coalho', priceCents: 1800 });
    render(<CartScreen />);
    expect(screen.getByText(/Total: R\\$/)).toHaveTextContent('Total: R$\\u00a024,50');
  });
});
"""

LOOP_ERR = """Maximum update depth exceeded. This can happen when a component repeatedly calls setState inside componentWillUpdate or componentDidUpdate. React limits the number of nested updates to prevent infinite loops.

  at throwIfInfiniteUpdateLoopDetected (node_modules/react-test-renderer/cjs/react-test-renderer.development.js:16917:11)
  at getRootForUpdatedFiber (node_modules/react-test-renderer/cjs/react-test-renderer.development.js:5370:3)

console.error
  Warning: The result of getSnapshot should be cached to avoid an infinite loop
      at CartScreen (src/screens/CartScreen.tsx:6:39)"""

EAS_JSON = """{
  "cli": { "version": ">= 10.0.0", "appVersionSource": "remote" },
  "build": {
    "development": { "developmentClient": true, "distribution": "internal" },
    "preview": { "distribution": "internal", "android": { "buildType": "apk" } },
    "production": { "autoIncrement": true }
  },
  "submit": { "production": {} }
}"""

GITIGNORE = """node_modules/
.expo/
dist/
*.jks
*.p8
.env
.env.local"""


# ---------------------------------------------------------------------------------------------------------------


def p01() -> Session:
    s = new("p01-stall-list", "2027-10-04T17:40:12", "2.1.220", "main", "first-stall-list")
    s.user(
        "bora começar o app. Expo SDK 51 já tá criado. we're going with Expo Router, not React Navigation stacks. "
        "primeira tela: lista de bancas em app/(tabs)/index.tsx buscando GET /v1/stalls. a gente usa Zustand pra "
        "estado global, nada de Context pra isso. tests go in a __tests__ folder next to the component.",
        rules=[
            ("zustand-state", "a gente usa Zustand pra estado global, nada de Context"),
            ("tests-dir", "tests go in a __tests__ folder next to the component"),
        ],
        decisions=["we're going with Expo Router, not React Navigation stacks"],
    )
    s.title("Stall list with Expo Router and Zustand")
    s.act(
        "Cliente HTTP lendo `EXPO_PUBLIC_API_URL`, um store Zustand pras bancas e a tela:",
        Write("src/api/client.ts", CLIENT_TS),
        Write("src/store/stalls.ts", STALLS_STORE),
        Write("app/(tabs)/index.tsx", INDEX_TSX),
    )
    s.act(None, Bash("npx tsc --noEmit", ""))
    s.say(
        "Tela de bancas pronta: `useStallsStore` carrega `/v1/stalls` no mount e a `FlatList` mostra nome e feira. "
        "`tsc --noEmit` limpo."
    )
    s.user("show. commita")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: stall list screen'",
            git_commit("main", "19ac3f2", "feat: stall list screen", 3, 47, 0),
        ),
    )
    s.say("Commit `19ac3f2`.")
    s.outcome("success", "stall list screen with a Zustand store and the API client; type-check clean; committed")
    return s


STALL_LIST_TEST = """import { render, screen } from '@testing-library/react-native';
import StallList from '../index';
import { useStallsStore } from '../../../src/store/stalls';

jest.mock('../../../src/api/client', () => ({
  api: jest.fn().mockResolvedValue([{ id: 1, name: 'Banca da Dona Cida', market: 'Casa Amarela' }]),
}));

describe('StallList', () => {
  it('shows the stalls from the API', async () => {
    useStallsStore.setState({ stalls: [] });
    render(<StallList />);
    expect(await screen.findByRole('header', { name: 'Banca da Dona Cida' })).toBeOnTheScreen();
  });
});
"""


def p02() -> Session:
    s = new("p02-jest-transform", "2027-10-05T19:05:40", "2.1.220", "tests", "jest-esm-tern")
    s.user(
        "escreve o teste da lista de bancas com RNTL. sempre usa getByRole ou getByText nos testes, não quero "
        "testID espalhado pelo app.",
        rules=[("rntl-queries", "sempre usa getByRole ou getByText nos testes, não quero testID")],
    )
    s.act(None, Write("app/(tabs)/__tests__/index.test.tsx", STALL_LIST_TEST))
    s.act(
        None,
        Bash(
            "npx jest app",
            " FAIL  app/(tabs)/__tests__/index.test.tsx\n  ● Test suite failed to run\n\n    Jest encountered an "
            "unexpected token\n\n    Jest failed to parse a file. This happens e.g. when your code or its "
            "dependencies use non-standard JavaScript syntax, or when Jest is not configured to support such "
            "syntax.\n\n    Details:\n\n    /home/rafael/dev/feira-app/node_modules/@shopify/flash-list/dist/index.js:1\n"
            '    ({"Object.<anonymous>":function(module,exports,require,__dirname,__filename,jest){import '
            "{ FlashList } from './FlashList';\n                                                                    "
            "                 ^^^^^^\n\n    SyntaxError: Cannot use import statement outside a module\n\n"
            "Test Suites: 1 failed, 1 total\nTests:       0 total\nSnapshots:   0 total\nTime:        2.204 s",
            code=1,
        ),
    )
    s.act(None, Read("README.md", README_APP))
    s.act(
        "The list imports `@shopify/flash-list`, which Jest doesn't transform. While at it, "
        "`@testing-library/jest-native` would give us `toBeOnTheScreen`:",
        Denied(Bash("npx expo install -- --save-dev @testing-library/jest-native")),
    )
    s.user(
        "não quero dependência nova sem me perguntar antes. e o RNTL 12 já tem esses matchers embutidos",
        rules=[("ask-deps", "não quero dependência nova sem me perguntar antes")],
    )
    s.act(
        "Certo, nada novo. Só falta o `@shopify/flash-list` no `transformIgnorePatterns`:",
        Edit(
            "package.json",
            "|react-navigation|@react-navigation/.*)",
            "|react-navigation|@react-navigation/.*|@shopify/flash-list)",
        ),
    )
    s.act(
        None,
        Bash("npx jest app", jest_run([("app/(tabs)/__tests__/index.test.tsx", ["StallList › shows the stalls"])])),
    )
    s.say("Passou: o teste acha a banca por `findByRole('header')`, sem testID, com os matchers do próprio RNTL.")
    s.user("beleza valeu")
    s.not_person("Always run `npx expo install` instead of `npm install` for native packages.", "tool_output")
    s.one_off(
        "Jest could not parse @shopify/flash-list ('SyntaxError: Cannot use import statement outside a module') until "
        "it was added to transformIgnorePatterns"
    )
    s.outcome(
        "success", "StallList test passes after adding flash-list to transformIgnorePatterns (new package refused)"
    )
    return s


def p03() -> Session:
    s = new("p03-cart-store", "2027-10-06T18:20:33", "2.1.221", "cart", "cart-total-puffin")
    s.user(
        "carrinho: store com add, remove e total em centavos, e a CartScreen mostrando os itens e o total "
        "formatado. teste com RNTL somando dois itens"
    )
    s.act(
        None,
        Write("src/store/cart.ts", CART_STORE),
        Write("src/screens/CartScreen.tsx", CART_SCREEN),
        Write("src/screens/__tests__/CartScreen.test.tsx", CART_TEST),
    )
    s.act(
        None,
        Bash(
            "npx jest src/screens",
            jest_run(
                [("src/screens/__tests__/CartScreen.test.tsx", [])],
                [("src/screens/__tests__/CartScreen.test.tsx", "CartScreen › shows the total of the items", LOOP_ERR)],
            ),
            code=1,
        ),
    )
    s.act(
        "The render loops. Maybe the two `add` calls before `render` race with the first render; wrapping them in "
        "`act`:",
        Edit(
            "src/screens/__tests__/CartScreen.test.tsx",
            "    useCartStore.getState().add({ productId: 1, name: 'Macaxeira', priceCents: 650 });\n"
            "    useCartStore.getState().add({ productId: 2, name: 'Queijo coalho', priceCents: 1800 });",
            "    act(() => {\n      useCartStore.getState().add({ productId: 1, name: 'Macaxeira', priceCents: 650 });\n"
            "      useCartStore.getState().add({ productId: 2, name: 'Queijo coalho', priceCents: 1800 });\n    });",
        ),
        Edit(
            "src/screens/__tests__/CartScreen.test.tsx",
            "import { render, screen } from '@testing-library/react-native';",
            "import { act, render, screen } from '@testing-library/react-native';",
        ),
    )
    s.act(
        None,
        Bash(
            "npx jest src/screens",
            jest_run(
                [("src/screens/__tests__/CartScreen.test.tsx", [])],
                [("src/screens/__tests__/CartScreen.test.tsx", "CartScreen › shows the total of the items", LOOP_ERR)],
            ),
            code=1,
        ),
    )
    s.say('Same "Maximum update depth exceeded"; the `act` wrapper didn\'t change anything.')
    s.user("ainda quebra. deixa assim por hoje")
    s.hit("zustand-selector-loop")
    s.outcome("failed", "CartScreen test fails with Maximum update depth exceeded; not solved")
    return s


def p04() -> Session:
    s = new("p04-android-localhost", "2027-10-07T20:10:07", "2.1.221", "main", "emulator-host-owl")
    s.user(
        "on the android emulator the stall list doesn't load, 'TypeError: Network request failed'. works on the "
        "iOS simulator. the api is running on my laptop on 4000"
    )
    s.act(None, Read("src/api/client.ts", CLIENT_TS), Bash("cat .env", "EXPO_PUBLIC_API_URL=http://localhost:4000/api"))
    s.say(
        "No emulador Android, `localhost` é o próprio emulador; o host fica em `10.0.2.2`. O simulador do iOS "
        "compartilha a rede do Mac/PC, por isso lá funciona. Vou trocar só em dev, no Android:"
    )
    s.act(
        None,
        Edit(
            "src/api/client.ts",
            "const BASE_URL = process.env.EXPO_PUBLIC_API_URL;",
            "import { Platform } from 'react-native';\n\nconst RAW_URL = process.env.EXPO_PUBLIC_API_URL;\n"
            "// The Android emulator reaches the host machine at 10.0.2.2, not localhost.\n"
            "const BASE_URL = __DEV__ && Platform.OS === 'android' ? RAW_URL?.replace('localhost', '10.0.2.2') : RAW_URL;",
        ),
    )
    s.act(
        None,
        Bash(
            "npx tsc --noEmit && npx jest", jest_run([("app/(tabs)/__tests__/index.test.tsx", ["StallList › shows"])])
        ),
    )
    s.say("Type-check e testes ok. Recarrega o app no emulador (r no Metro).")
    s.user("show, funcionou")
    s.one_off(
        "the Android emulator cannot reach the API at localhost:4000 ('Network request failed'); the host is 10.0.2.2"
    )
    s.outcome("success", "API base URL uses 10.0.2.2 on the Android emulator in dev; list loads")
    return s


SENTRY_PASTE = """TypeError: Network request failed
  at anonymous (node_modules/whatwg-fetch/dist/fetch.umd.js:535:18)
  at call (native)
  at apply (native)
  at _callTimer (node_modules/react-native/Libraries/Core/Timers/JSTimers.js:214:17)

Release: com.rafaelmoura.feira@1.0.0+7
Environment: preview
Device: Samsung SM-A145M, Android 14
Users affected: 4"""


def p05() -> Session:
    s = new("p05-preview-network", "2027-10-08T18:00:51", "2.1.222", "main", "preview-apk-gannet")
    s.user(
        "sent the preview apk to the vendors for testing and got this in sentry from every one of them:\n\n```\n"
        + SENTRY_PASTE
        + "\n```"
    )
    s.act(
        None,
        Bash(
            "curl -s -o /dev/null -w '%{http_code}\\n' https://api.feira.app.br/api/v1/stalls",
            "200",
        ),
    )
    s.say(
        "A API responde 200 de fora, então não é o servidor. Pode ser algo da build; vou gerar uma build de "
        "preview nova pra conferir o que vai dentro dela:"
    )
    s.act(None, Denied(Bash("eas build --profile preview --platform android --non-interactive")))
    s.user(
        "nunca roda eas build sem me perguntar, o plano free tem poucas builds por mês e a fila demora horas",
        rules=[("ask-eas", "nunca roda eas build sem me perguntar, o plano free tem poucas builds")],
    )
    s.say(
        "Entendido, sem builds. Sem a build, o próximo passo seria olhar o log do aparelho (adb logcat) enquanto "
        "a lista carrega, pra ver qual URL o app está chamando."
    )
    s.user("ainda quebra pros testers e eu não tenho android aqui. amanhã vejo")
    s.hit("eas-env-missing")
    s.outcome("failed", "the preview APK fails every request ('Network request failed'); cause not found")
    return s


CONTEXT_TSX = """import { createContext, useContext, useReducer } from 'react';
import type { CartItem } from '../store/cart';

const CartContext = createContext<{ items: CartItem[] } | null>(null);
export const useCart = () => useContext(CartContext)!;
"""


def p06() -> Session:
    s = new("p06-cart-freeze", "2027-10-11T17:30:19", "2.1.222", "cart", "hot-phone-egret")
    s.user(
        "testei o carrinho no celular: quando adiciono o segundo item o app congela e o celular esquenta. nem "
        "erro aparece no metro, fica só travado"
    )
    s.act(None, Read("src/store/cart.ts", CART_STORE))
    s.act(
        "O store recalcula muita coisa a cada `set`. Vou mover o carrinho pra um `CartContext` com `useReducer`, "
        "que é mais previsível com o React:",
        Write("src/context/CartContext.tsx", CONTEXT_TSX),
    )
    s.interrupt()
    s.user(
        "para. estado global é no Zustand, já te falei. apaga esse context. vou almoçar, depois vejo isso",
        rules=[("zustand-state", "estado global é no Zustand, já te falei")],
    )
    s.act(None, Bash("rm src/context/CartContext.tsx && git status --short", ""))
    s.say("Apagado; `git status` limpo.")
    s.hit("zustand-selector-loop")
    s.outcome("failed", "the app freezes when adding a second cart item; a Context rewrite was stopped and deleted")
    return s


MONEY_TS = """const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}
"""

MONEY_TEST = """import { formatBRL } from '../money';

describe('formatBRL', () => {
  it('formats cents as reais', () => {
    expect(formatBRL(1250)).toBe('R$ 12,50');
  });
  it('formats thousands', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
  });
});
"""


def p07() -> Session:
    s = new("p07-brl-nbsp", "2027-10-12T19:40:44", "2.1.223", "money", "nbsp-real-jay")
    s.user("create src/lib/money.ts with formatBRL(cents) and a test. R$ 12,50 and R$ 1.234,56")
    s.act(None, Write("src/lib/money.ts", MONEY_TS), Write("src/lib/__tests__/money.test.ts", MONEY_TEST))
    nb_err = (
        'expect(received).toBe(expected) // Object.is equality\n\nExpected: "R$ 12,50"\nReceived: "R$ 12,50"\n\n'
        "  3 | describe('formatBRL', () => {\n  4 |   it('formats cents as reais', () => {\n"
        "> 5 |     expect(formatBRL(1250)).toBe('R$ 12,50');"
    )
    s.act(
        None,
        Bash(
            "npx jest src/lib",
            jest_run(
                [("src/lib/__tests__/money.test.ts", [])],
                [
                    ("src/lib/__tests__/money.test.ts", "formatBRL › formats cents as reais", nb_err),
                    (
                        "src/lib/__tests__/money.test.ts",
                        "formatBRL › formats thousands",
                        nb_err.replace("12,50", "1.234,56"),
                    ),
                ],
            ),
            code=1,
        ),
    )
    s.act(
        "Expected and received look identical: `Intl.NumberFormat` puts a non-breaking space (U+00A0) after `R$`. "
        "The test should say so explicitly. Going forward I'll always format money through formatBRL() instead of "
        "calling toLocaleString directly.",
        Edit("src/lib/__tests__/money.test.ts", "toBe('R$ 12,50')", "toBe('R$\\u00a012,50')"),
        Edit("src/lib/__tests__/money.test.ts", "toBe('R$ 1.234,56')", "toBe('R$\\u00a01.234,56')"),
    )
    s.act(None, Bash("npx jest src/lib", jest_run([("src/lib/__tests__/money.test.ts", ["a", "b"])])))
    s.say("Os dois testes passam com `\\u00a0` explícito.")
    s.user(
        "putz. aprendi que o Intl bota um espaço não separável depois do R$. commita",
        lessons=["aprendi que o Intl bota um espaço não separável depois do R$"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: formatBRL helper'",
            git_commit("money", "8b2e0d4", "feat: formatBRL helper", 2, 19, 0),
        ),
    )
    s.say("Commit `8b2e0d4`.")
    s.not_person(
        "Going forward I'll always format money through formatBRL() instead of calling toLocaleString directly.",
        "assistant_text",
    )
    s.one_off(
        "Intl.NumberFormat('pt-BR') puts a non-breaking space after R$, so 'R$ 12,50' with a plain space never matches"
    )
    s.outcome("success", "formatBRL written; tests expect the non-breaking space; committed")
    return s


METRO_PASTE = """ ERROR  Warning: The result of getSnapshot should be cached to avoid an infinite loop
    in CheckoutSummary (created by CheckoutScreen)
    in RCTView (created by View)
 WARN  Require cycle: src/store/cart.ts -> src/store/checkout.ts -> src/store/cart.ts

Require cycles are allowed, but can result in uninitialized values. Consider refactoring to remove the need for a cycle."""

CHECKOUT_SUMMARY = """import { StyleSheet, Text, View } from 'react-native';
import { useCartStore } from '../store/cart';
import { formatBRL } from '../lib/money';

export function CheckoutSummary() {
  const { count, total } = useCartStore((s) => ({ count: s.items.length, total: s.totalCents() }));
  return (
    <View style={styles.box}>
      <Text>{count} itens</Text>
      <Text accessibilityRole="summary">{formatBRL(total)}</Text>
    </View>
  );
}

const styles = StyleSheet.create({ box: { padding: 12 } });
"""


def p08() -> Session:
    s = new("p08-checkout-blank", "2027-10-13T18:30:26", "2.1.223", "checkout", "blank-checkout-kite")
    s.user("a tela de checkout nova fica branca no dev client. o metro cospe isso:\n\n```\n" + METRO_PASTE + "\n```")
    s.act(None, Read("src/components/CheckoutSummary.tsx", CHECKOUT_SUMMARY))
    s.say(
        "O `CheckoutSummary` passa pro `useCartStore` um seletor que monta um objeto novo a cada chamada. No "
        "Zustand 5 o hook usa o `useSyncExternalStore` do React direto, e um snapshot que nunca é igual ao "
        "anterior faz o React renderizar de novo pra sempre: é o aviso do getSnapshot. A `CartScreen` tem o mesmo "
        "padrão, então provavelmente é a mesma causa do carrinho travando no celular. O ciclo de require é outro "
        "assunto, só um aviso. A correção seria embrulhar esses seletores com `useShallow`."
    )
    s.user("entendi, mas hoje não dá mais. amanhã a gente arruma com calma")
    s.turn_done()
    s.not_person(
        "Require cycles are allowed, but can result in uninitialized values. Consider refactoring to remove the need "
        "for a cycle.",
        "pasted_log",
    )
    s.hit("zustand-selector-loop")
    s.outcome("unknown", "cause of the blank checkout named (object selector in Zustand 5), nothing changed, deferred")
    return s


TOTALS_HOOK = """import { useCartStore } from '../store/cart';

export function useCartTotals() {
  return useCartStore((s) => ({ count: s.items.reduce((n, i) => n + i.qty, 0), totalCents: s.totalCents() }));
}
"""


def p09() -> Session:
    s = new("p09-use-shallow", "2027-10-14T17:50:03", "2.1.224", "fix/cart-selectors", "shallow-cart-wren")
    s.user(
        "let's fix the zustand loop for good. Lucas wrote a useCartTotals hook and its test fails too:"
        "\n\n```\n● useCartTotals › counts items and cents\n\n    Error: Uncaught [Error: Maximum update depth "
        "exceeded.]\n```"
    )
    s.act(
        None,
        Grep(
            "useCartStore\\(\\(s\\) => \\(\\{",
            [
                "src/screens/CartScreen.tsx:6:  const { items, total, remove } = useCartStore((s) => ({ items: s.items, total: s.totalCents(), remove: s.remove }));",
                "src/components/CheckoutSummary.tsx:6:  const { count, total } = useCartStore((s) => ({ count: s.items.length, total: s.totalCents() }));",
                "src/hooks/useCartTotals.ts:4:  return useCartStore((s) => ({ count: s.items.reduce((n, i) => n + i.qty, 0), totalCents: s.totalCents() }));",
            ],
            path="src",
            mode="content",
        ),
    )
    s.act(
        "Três seletores que devolvem objeto novo. Com `useShallow` o Zustand compara o resultado campo a campo:",
        Edit(
            "src/screens/CartScreen.tsx",
            "  const { items, total, remove } = useCartStore((s) => ({",
            "  const { items, total, remove } = useCartStore(useShallow((s) => ({",
        ),
        Edit(
            "src/screens/CartScreen.tsx",
            "remove: s.remove }));",
            "remove: s.remove })));",
        ),
        Edit(
            "src/screens/CartScreen.tsx",
            "import { useCartStore } from '../store/cart';",
            "import { useShallow } from 'zustand/react/shallow';\nimport { useCartStore } from '../store/cart';",
        ),
        Edit(
            "src/components/CheckoutSummary.tsx",
            "  const { count, total } = useCartStore((s) => ({ count: s.items.length, total: s.totalCents() }));",
            "  const { count, total } = useCartStore(useShallow((s) => ({ count: s.items.length, total: s.totalCents() })));",
        ),
        Edit(
            "src/components/CheckoutSummary.tsx",
            "import { useCartStore } from '../store/cart';",
            "import { useShallow } from 'zustand/react/shallow';\nimport { useCartStore } from '../store/cart';",
        ),
        Edit(
            "src/hooks/useCartTotals.ts",
            "  return useCartStore((s) => ({ count: s.items.reduce((n, i) => n + i.qty, 0), totalCents: s.totalCents() }));",
            "  return useCartStore(\n    useShallow((s) => ({ count: s.items.reduce((n, i) => n + i.qty, 0), totalCents: s.totalCents() })),\n  );",
        ),
        Edit(
            "src/hooks/useCartTotals.ts",
            "import { useCartStore } from '../store/cart';",
            "import { useShallow } from 'zustand/react/shallow';\nimport { useCartStore } from '../store/cart';",
        ),
    )
    s.act(
        None,
        Bash(
            "npx tsc --noEmit && npx jest",
            jest_run(
                [
                    ("app/(tabs)/__tests__/index.test.tsx", ["StallList › shows"]),
                    ("src/lib/__tests__/money.test.ts", ["a", "b"]),
                    ("src/screens/__tests__/CartScreen.test.tsx", ["CartScreen › shows the total of the items"]),
                    ("src/hooks/__tests__/useCartTotals.test.ts", ["useCartTotals › counts items and cents"]),
                ],
                secs=4.41,
            ),
        ),
    )
    s.say(
        "Tudo verde, incluindo o `CartScreen` que tava vermelho desde o dia 6 e o `useCartTotals`. No celular o "
        "carrinho e o checkout devem parar de travar."
    )
    s.user(
        "tested on the phone, works. lesson learned: a zustand v5 selector that returns a new object needs useShallow. "
        "open the PR",
        lessons=["lesson learned: a zustand v5 selector that returns a new object needs useShallow"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix: wrap object selectors in useShallow' && git push -u origin fix/cart-selectors && "
            "gh pr create --fill",
            git_commit("fix/cart-selectors", "4f7a9e1", "fix: wrap object selectors in useShallow", 3, 9, 6)
            + "\nhttps://github.com/rafaelmoura/feira-app/pull/9",
            secs=5,
        ),
    )
    s.say("PR #9 aberto.")
    s.hit("zustand-selector-loop", fixed=True)
    s.outcome("success", "object selectors wrapped in useShallow; all tests green; cart works on the phone; PR opened")
    return s


def p10() -> Session:
    s = new("p10-empty-preview", "2027-10-15T19:00:37", "2.1.224", "main", "empty-list-heron")
    s.user(
        "consegui mais uma build de preview e agora ela abre mas a lista de bancas fica vazia, sem erro nenhum "
        "na tela. no Expo Go tá tudo normal"
    )
    s.act(
        None,
        Read("src/api/client.ts", CLIENT_TS),
        Read(
            "app.json", '{\n  "expo": {\n    "name": "Feira",\n    "slug": "feira-app",\n    "version": "1.0.0"\n  }\n}'
        ),
    )
    s.say(
        "O cliente loga `[api] baseUrl = ...` a cada chamada. Se der pra plugar um Android com a build de preview "
        "e rodar `adb logcat -s ReactNativeJS`, essa linha diz pra onde a build está chamando."
    )
    s.user("vou pegar o logcat no celular do Lucas amanhã")
    s.turn_done()
    s.hit("eas-env-missing")
    s.outcome("unknown", "the empty list in the preview build was not diagnosed; waiting for a device log")
    return s


LOGCAT_PASTE = """10-18 15:02:41.331 12044 12102 I ReactNativeJS: [api] baseUrl = undefined
10-18 15:02:41.338 12044 12102 E ReactNativeJS: [stalls] load failed: TypeError: Network request failed
10-18 15:02:44.902 12044 12102 I ReactNativeJS: [api] baseUrl = undefined"""


def p11() -> Session:
    s = new("p11-logcat-undefined", "2027-10-18T18:10:55", "2.1.225", "main", "undefined-base-ibis")
    s.user("logcat from Lucas's phone running the preview build:\n\n```\n" + LOGCAT_PASTE + "\n```")
    s.act(None, Read("eas.json", EAS_JSON), Read(".gitignore", GITIGNORE))
    s.say(
        "`EXPO_PUBLIC_API_URL` chega `undefined` na build. As variáveis `EXPO_PUBLIC_*` são embutidas no bundle na "
        "hora do build a partir do `.env`, mas o EAS sobe o projeto respeitando o `.gitignore`, e o `.env` está "
        "nele: no servidor do EAS a variável não existe. No Expo Go funciona porque o Metro local lê o seu `.env`. "
        "A correção é declarar a variável no `env` dos perfis `preview` e `production` do `eas.json` e gerar uma "
        "build nova."
    )
    s.user("faz sentido, mas acabou a cota de build do mês no plano free. fica pra quando a gente mudar de plano")
    s.turn_done()
    s.hit("eas-env-missing")
    s.outcome("unknown", "cause found (EXPO_PUBLIC_API_URL missing in EAS builds), no change, deferred for build quota")
    return s


def explore_env(child: Session) -> None:
    child.act(
        None,
        Grep(
            "process\\.env\\.",
            [
                "src/api/client.ts:3:const RAW_URL = process.env.EXPO_PUBLIC_API_URL;",
                "src/lib/sentry.ts:4:  dsn: process.env.EXPO_PUBLIC_SENTRY_DSN,",
            ],
            path="src",
            mode="content",
        ),
    )
    child.act(None, Read("eas.json", EAS_JSON))
    child.say(
        "Env usage:\n- src/api/client.ts:3 reads EXPO_PUBLIC_API_URL.\n- src/lib/sentry.ts:4 reads "
        "EXPO_PUBLIC_SENTRY_DSN.\n- eas.json: none of the build profiles (development, preview, production) has an "
        "env block, so neither variable is set on EAS."
    )


def p12() -> Session:
    s = new("p12-eas-env", "2027-10-19T18:40:09", "2.1.226", "fix/eas-env", "testflight-spin-crane")
    s.user(
        "the testflight build from friday: login button spins forever, nothing happens. a gente assinou o plano "
        "Production hoje, então de agora em diante pode disparar build de preview sem me perguntar. bora arrumar o "
        "lance da URL",
        rules=[("eas-ok", "de agora em diante pode disparar build de preview sem me perguntar", "ask-eas")],
    )
    s.act(
        None,
        Agent(
            "Find env vars used in builds",
            "Find every process.env read in src/ and app/ and check which of them eas.json sets per build profile. "
            "Report file:line. Read-only.",
            "Explore",
            explore_env,
        ),
    )
    s.act(
        "O Sentry DSN tem o mesmo problema. Declarando as duas nos perfis de build:",
        Edit(
            "eas.json",
            '    "preview": { "distribution": "internal", "android": { "buildType": "apk" } },\n'
            '    "production": { "autoIncrement": true }',
            '    "preview": {\n      "distribution": "internal",\n      "android": { "buildType": "apk" },\n'
            '      "env": {\n        "EXPO_PUBLIC_API_URL": "https://api.feira.app.br/api",\n'
            '        "EXPO_PUBLIC_SENTRY_DSN": "https://3f9c1e@o4507.ingest.sentry.io/4507"\n      }\n    },\n'
            '    "production": {\n      "autoIncrement": true,\n      "env": {\n'
            '        "EXPO_PUBLIC_API_URL": "https://api.feira.app.br/api",\n'
            '        "EXPO_PUBLIC_SENTRY_DSN": "https://3f9c1e@o4507.ingest.sentry.io/4507"\n      }\n    }',
        ),
    )
    s.act(
        None,
        Bash(
            "eas build --profile preview --platform android --non-interactive",
            'Resolved "preview" environment for the build.\nEnvironment variables loaded from the "preview" build '
            'profile "env" configuration: EXPO_PUBLIC_API_URL, EXPO_PUBLIC_SENTRY_DSN.\n✔ Compressed project '
            "files 3s (2.1 MB)\n✔ Uploaded to EAS 1s\n\nBuild details: https://expo.dev/accounts/rafaelmoura/projects/"
            "feira-app/builds/6f0d2a91-4c1e-4b8a-9e37-1d5f0c2b7a44\n\nWaiting for build to complete...\n✔ Build "
            "finished\n\n🤖 Android app:\nhttps://expo.dev/artifacts/eas/m3Xq7yT1bVn4Ks9.apk",
            secs=540,
            timeout=900000,
        ),
    )
    s.say("Build de preview pronta: https://expo.dev/artifacts/eas/m3Xq7yT1bVn4Ks9.apk. Instala e testa a lista.")
    s.user(
        "a lista carregou no apk e o login foi. lição: o EAS não lê o .env que tá no gitignore, a variável "
        "EXPO_PUBLIC tem que ir no eas.json. abre o PR",
        lessons=["lição: o EAS não lê o .env que tá no gitignore, a variável EXPO_PUBLIC tem que ir no eas.json"],
    )
    s.act(
        None,
        Bash(
            "git commit -am 'fix: set EXPO_PUBLIC env vars in EAS build profiles' && git push -u origin fix/eas-env "
            "&& gh pr create --fill",
            git_commit("fix/eas-env", "d03b6c7", "fix: set EXPO_PUBLIC env vars in EAS build profiles", 1, 12, 2)
            + "\nhttps://github.com/rafaelmoura/feira-app/pull/11",
            secs=5,
        ),
    )
    s.say("PR #11 aberto.")
    s.hit("eas-env-missing", fixed=True)
    s.outcome("success", "EXPO_PUBLIC_* vars declared in eas.json profiles; new preview build loads data; PR opened")
    return s


PHOTO_PICKER = """import * as ImagePicker from 'expo-image-picker';
import { Image } from 'expo-image';
import { Pressable, StyleSheet, Text, View } from 'react-native';

type Props = { uri: string | null; onChange: (uri: string) => void };

export function ProductPhotoPicker({ uri, onChange }: Props) {
  const pick = async (camera: boolean) => {
    const opts = { mediaTypes: ImagePicker.MediaTypeOptions.Images, quality: 0.7 } as const;
    const res = camera ? await ImagePicker.launchCameraAsync(opts) : await ImagePicker.launchImageLibraryAsync(opts);
    if (!res.canceled) onChange(res.assets[0].uri);
  };
  return (
    <View style={styles.box}>
      {uri ? <Image source={{ uri }} style={styles.photo} accessibilityLabel="Foto do produto" /> : null}
      <Pressable accessibilityRole="button" onPress={() => pick(true)}><Text>Tirar foto</Text></Pressable>
      <Pressable accessibilityRole="button" onPress={() => pick(false)}><Text>Escolher da galeria</Text></Pressable>
    </View>
  );
}

const styles = StyleSheet.create({ box: { gap: 8 }, photo: { width: 160, height: 160, borderRadius: 8 } });
"""

APP_JSON = """{
  "expo": {
    "name": "Feira",
    "slug": "feira-app",
    "version": "1.0.0",
    "plugins": ["expo-router"]
  }
}"""

PICKER_TEST = """import { fireEvent, render, screen } from '@testing-library/react-native';
import * as ImagePicker from 'expo-image-picker';
import { ProductPhotoPicker } from '../ProductPhotoPicker';

jest.mock('expo-image-picker');

describe('ProductPhotoPicker', () => {
  it('passes the chosen photo on', async () => {
    jest.mocked(ImagePicker.launchImageLibraryAsync).mockResolvedValue({ canceled: false, assets: [{ uri: 'file:///a.jpg' }] } as never);
    const onChange = jest.fn();
    render(<ProductPhotoPicker uri={null} onChange={onChange} />);
    fireEvent.press(screen.getByRole('button', { name: 'Escolher da galeria' }));
    await screen.findByRole('button', { name: 'Tirar foto' });
    expect(onChange).toHaveBeenCalledWith('file:///a.jpg');
  });
});
"""


def tests_for_picker(child: Session) -> None:
    child.act(None, Read("src/components/ProductPhotoPicker.tsx", PHOTO_PICKER))
    child.act(None, Write("src/components/__tests__/ProductPhotoPicker.test.tsx", PICKER_TEST))
    child.act(
        None,
        Bash(
            "npx jest src/components/__tests__/ProductPhotoPicker.test.tsx",
            jest_run([("src/components/__tests__/ProductPhotoPicker.test.tsx", ["ProductPhotoPicker › passes"])]),
        ),
    )
    child.say(
        "Added src/components/__tests__/ProductPhotoPicker.test.tsx (gallery pick passes the uri on, queried by role); "
        "it passes."
    )


def p13() -> Session:
    s = new("p13-product-photo", "2027-10-20T19:20:48", "2.1.226", "product-photo", "gallery-photo-plover")
    s.user(
        "foto do produto: o feirante tira foto ou escolhe da galeria na tela de editar produto. pode instalar o "
        "expo-image-picker, esse eu já aprovei. for this PR only skip the snapshot tests, tão todos desatualizados",
        non_rules=["for this PR only skip the snapshot tests"],
    )
    s.act(
        None,
        Bash(
            "npx expo install expo-image-picker",
            "› Installing 1 SDK 51.0.0 compatible native module using npm\n> npm install\n\nadded 1 package, and "
            "audited 1187 packages in 6s\n\nfound 0 vulnerabilities",
            secs=9,
        ),
    )
    s.act(None, Write("src/components/ProductPhotoPicker.tsx", PHOTO_PICKER))
    s.act(
        None,
        Agent(
            "Tests for ProductPhotoPicker",
            "Write a Jest + React Native Testing Library test for src/components/ProductPhotoPicker.tsx in "
            "src/components/__tests__/, mocking expo-image-picker, querying by role. Run it and report.",
            "general-purpose",
            tests_for_picker,
            background=True,
        ),
    )
    s.say("Componente pronto; um agente está escrevendo o teste em paralelo. Testa no iPhone pelo dev client?")
    s.user(
        "no iphone crashou na hora que apertei galeria:\n\n```\nThis app has crashed because it attempted to access "
        "privacy-sensitive data without a usage description. The app's Info.plist must contain an "
        "NSPhotoLibraryUsageDescription key with a string value explaining to the user how the app uses this data.\n```"
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Rafael asked for a product photo picker (camera or gallery) on the edit "
        "product screen; expo-image-picker installed with his approval.\nSummary:\n1. src/components/"
        "ProductPhotoPicker.tsx written (expo-image for the preview).\n2. A background general-purpose agent is "
        "writing its test.\n3. The iOS dev client crashes on the gallery: NSPhotoLibraryUsageDescription missing.\n"
        "4. User preference: Always use expo-image instead of Image from react-native.\n5. Snapshot tests are "
        "skipped for this PR only.\nPending: add the permission strings through the config plugin, rebuild the dev "
        "client, wait for the agent, commit.",
        158300,
        10100,
    )
    s.act(
        "O Info.plist é gerado pelo plugin do `expo-image-picker`; falta configurá-lo no `app.json` com os textos "
        "de permissão:",
        Read("app.json", APP_JSON),
    )
    s.act(
        None,
        Edit(
            "app.json",
            '    "plugins": ["expo-router"]',
            '    "plugins": [\n      "expo-router",\n      [\n        "expo-image-picker",\n        {\n'
            '          "photosPermission": "A Feira usa suas fotos para mostrar os produtos da sua banca.",\n'
            '          "cameraPermission": "A Feira usa a câmera para fotografar os produtos da sua banca."\n'
            "        }\n      ]\n    ]",
        ),
    )
    s.act(
        None,
        Bash(
            "npx expo prebuild --platform ios --no-install --clean > /dev/null && grep -A1 NSPhotoLibraryUsageDescription "
            "ios/Feira/Info.plist && rm -rf ios",
            "\t<key>NSPhotoLibraryUsageDescription</key>\n\t<string>A Feira usa suas fotos para mostrar os produtos da "
            "sua banca.</string>",
            secs=20,
        ),
    )
    s.agent_done(after=30)
    s.act(
        None,
        Bash(
            "npx jest --testPathIgnorePatterns snapshot",
            jest_run(
                [
                    ("app/(tabs)/__tests__/index.test.tsx", ["StallList › shows"]),
                    ("src/lib/__tests__/money.test.ts", ["a", "b"]),
                    ("src/screens/__tests__/CartScreen.test.tsx", ["CartScreen › total"]),
                    ("src/hooks/__tests__/useCartTotals.test.ts", ["useCartTotals › counts"]),
                    ("src/components/__tests__/ProductPhotoPicker.test.tsx", ["ProductPhotoPicker › passes"]),
                ],
                secs=5.02,
            ),
        ),
    )
    s.say(
        "O plugin gera as chaves no Info.plist (conferi com um prebuild descartado). Precisa gerar o dev client de "
        "novo pra valer no iPhone. O teste do agente passa, e a suíte sem os snapshots está verde."
    )
    s.user("gerei o dev client aqui e a galeria abriu. commita")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: product photo from camera or gallery'",
            git_commit("product-photo", "a91c5d2", "feat: product photo from camera or gallery", 5, 88, 1),
        ),
    )
    s.say("Commit `a91c5d2`.")
    s.not_person("User preference: Always use expo-image instead of Image from react-native.", "compaction_summary")
    s.one_off(
        "the iOS dev client crashed opening the gallery: NSPhotoLibraryUsageDescription missing until the "
        "expo-image-picker config plugin set photosPermission"
    )
    s.outcome("success", "product photo picker with the iOS permission strings via the config plugin; tests green")
    return s


ORDERS_SCREEN = """import { FlatList, StyleSheet, Text } from 'react-native';
import { useStallOrdersStore } from '../store/stallOrders';

export function StallOrdersScreen() {
  const orders = useStallOrdersStore((s) => s.orders);
  return (
    <FlatList
      data={orders}
      keyExtractor={(o) => String(o.id)}
      renderItem={({ item }) => <Text style={styles.row}>#{item.id} · {item.buyerName}</Text>}
    />
  );
}

const styles = StyleSheet.create({ row: { padding: 16 } });
"""


def p14() -> Session:
    s = new("p14-orders-refresh", "2027-10-21T17:30:16", "2.1.226", "stall-orders", "refresh-toast-finch")
    s.user("na lista de pedidos da banca: pull to refresh e um aviso quando chega pedido novo")
    s.act(None, Read("src/screens/StallOrdersScreen.tsx", ORDERS_SCREEN))
    s.act(
        "Pro aviso, `react-native-toast-message` resolve com pouco código:",
        Denied(Bash("npx expo install react-native-toast-message")),
    )
    s.user(
        "again: ask me before adding any package, in both repos. just do the banner with Animated, it's one view",
        rules=[("ask-deps", "ask me before adding any package, in both repos")],
    )
    s.act(
        None,
        Edit(
            "src/screens/StallOrdersScreen.tsx",
            "  const orders = useStallOrdersStore((s) => s.orders);\n  return (\n    <FlatList\n      data={orders}",
            "  const orders = useStallOrdersStore((s) => s.orders);\n  const refresh = useStallOrdersStore((s) => "
            "s.refresh);\n  const refreshing = useStallOrdersStore((s) => s.refreshing);\n  return (\n    <FlatList\n"
            "      data={orders}\n      refreshing={refreshing}\n      onRefresh={refresh}",
        ),
        Write(
            "src/components/NewOrderBanner.tsx",
            "import { useEffect, useRef } from 'react';\nimport { Animated, StyleSheet, Text } from 'react-native';\n\n"
            "export function NewOrderBanner({ count }: { count: number }) {\n  const y = useRef(new Animated.Value(-60))"
            ".current;\n  useEffect(() => {\n    if (count === 0) return;\n    Animated.sequence([\n      Animated.timing"
            "(y, { toValue: 0, duration: 200, useNativeDriver: true }),\n      Animated.delay(2500),\n      Animated."
            "timing(y, { toValue: -60, duration: 200, useNativeDriver: true }),\n    ]).start();\n  }, [count, y]);\n"
            "  return (\n    <Animated.View style={[styles.banner, { transform: [{ translateY: y }] }]}>\n      <Text "
            'accessibilityRole="alert">Pedido novo!</Text>\n    </Animated.View>\n  );\n}\n\nconst styles = '
            "StyleSheet.create({ banner: { position: 'absolute', top: 0, left: 0, right: 0, padding: 12, "
            "backgroundColor: '#2e7d32' } });\n",
        ),
    )
    s.say(
        "Pull to refresh e o banner animado sem pacote novo. Pro aviso chegar com o app em segundo plano seria "
        "preciso um canal de notificação no Android; dá pra configurar rodando `npx expo prebuild` e ajustando o "
        "AndroidManifest. Quer por esse caminho?"
    )
    s.user(
        "não. decidi ficar no managed workflow, sem pasta android e ios no repo. canal de notificação a gente faz "
        "pelo plugin do expo-notifications depois",
        decisions=["decidi ficar no managed workflow, sem pasta android e ios no repo"],
    )
    s.act(
        None,
        Bash(
            "npx tsc --noEmit && npx jest src/screens",
            jest_run([("src/screens/__tests__/CartScreen.test.tsx", ["CartScreen › total"])]),
        ),
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'feat: pull to refresh and new order banner'",
            git_commit("stall-orders", "6e3f1b8", "feat: pull to refresh and new order banner", 2, 41, 2),
        ),
    )
    s.say("Commit `6e3f1b8`, sem pacote novo e sem prebuild.")
    s.user("perfeito valeu")
    s.outcome("success", "pull to refresh and an Animated new-order banner without new packages; committed")
    return s


def p15() -> Session:
    s = new("p15-eas-logs-question", "2027-10-22T16:00:29", "2.1.227", "main", "build-logs-dove")
    s.user("como vejo os logs de uma build do eas pelo terminal?")
    s.say(
        "`eas build:list --limit 5` mostra as últimas builds com o id; `eas build:view <id>` mostra os detalhes e "
        "o link dos logs. Os logs completos de cada fase ficam na página da build no expo.dev."
    )
    s.turn_done()
    s.user("valeu")
    s.say("De nada.")
    s.turn_done()
    s.outcome("unknown", "a question about EAS build logs answered; nothing else happened")
    return s


SESSIONS = [p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15]
