"""Armen's `ararat-cli` sessions (a01-a14): a Kotlin 2.0 command-line tool for Armenian text (transliteration,
ArmSCII-8 to UTF-8 conversion, counting, hyphenation), built with Gradle (Kotlin DSL, version catalog), clikt,
kotest, GraalVM native-image, released through GitHub Actions and a Homebrew tap. Times are UTC; Yerevan is UTC+4."""

from __future__ import annotations

from fake_output import ARA, git_commit, gradle_test, native_compile
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Write

PROJECT = "ararat-cli"


def new(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=ARA, project=PROJECT)


BUILD = """plugins {
    alias(libs.plugins.kotlin.jvm)
    alias(libs.plugins.graalvm.native)
    application
}

group = "am.ararat"
version = providers.gradleProperty("ararat.version").get()

dependencies {
    implementation(libs.clikt)
    testImplementation(libs.kotest.runner)
    testImplementation(libs.kotest.assertions)
}

kotlin { jvmToolchain(21) }

application { mainClass = "am.ararat.MainKt" }

tasks.processResources {
    filesMatching("version.properties") { expand("version" to project.version) }
}

graalvmNative {
    binaries.named("main") {
        imageName = "ararat"
        buildArgs.add("--no-fallback")
    }
}
"""

CATALOG = """[versions]
kotlin = "2.0.21"
clikt = "5.0.1"
kotest = "5.9.1"
graalvm-buildtools = "0.10.3"

[libraries]
clikt = { module = "com.github.ajalt.clikt:clikt", version.ref = "clikt" }
kotest-runner = { module = "io.kotest:kotest-runner-junit5", version.ref = "kotest" }
kotest-assertions = { module = "io.kotest:kotest-assertions-core", version.ref = "kotest" }

[plugins]
kotlin-jvm = { id = "org.jetbrains.kotlin.jvm", version.ref = "kotlin" }
graalvm-native = { id = "org.graalvm.buildtools.native", version.ref = "graalvm-buildtools" }
"""

TABLES = """package am.ararat.translit

object Tables {
    fun load(name: String): Map<String, String> =
        Tables::class.java.getResource("/tables/$name.tsv")!!
            .openStream()
            .bufferedReader()
            .useLines { lines ->
                lines.filter { it.isNotBlank() && !it.startsWith("#") }
                    .associate { line -> line.split('\\t').let { it[0] to it[1] } }
            }
}
"""

TRANSLIT = """package am.ararat.translit

class Translit(private val table: Map<String, String> = Tables.load("hy-latn")) {
    fun apply(text: String): String {
        val upper = text.uppercase()
        val out = StringBuilder()
        for (i in text.indices) {
            val c = text[i].toString()
            val mapped = table[c.lowercase()] ?: c
            out.append(if (upper[i] == text[i] && c != c.lowercase()) mapped.replaceFirstChar { it.uppercase() } else mapped)
        }
        return out.toString()
    }
}
"""

VERSION_KT = """package am.ararat

object Version {
    val current: String by lazy {
        Version::class.java.getResourceAsStream("/version.properties")
            ?.use { java.util.Properties().apply { load(it) }.getProperty("version") }
            ?: "unknown"
    }
}
"""

CHARSETS_KT = """package am.ararat.convert

object Charsets {
    fun table(name: String): CharArray {
        val url = Charsets::class.java.getResource("/tables/$name.tsv")
            ?: throw IllegalStateException("unknown charset $name")
        return url.readText().lineSequence().filter { it.isNotBlank() }
            .map { it.split('\\t')[1].toInt(16).toChar() }.toList().toCharArray()
    }
}
"""

RELEASE_YML = """name: release
on:
  push:
    tags: ["v*"]

jobs:
  native:
    strategy:
      matrix:
        include:
          - os: macos-14
            asset: ararat-macos-arm64
          - os: ubuntu-latest
            asset: ararat-linux-x86_64
    runs-on: ${{ matrix.os }}
    steps:
      - uses: actions/checkout@v4
      - uses: graalvm/setup-graalvm@v1
        with:
          java-version: "21"
          distribution: graalvm
      - run: ./gradlew nativeCompile
      - name: smoke
        run: test "$(./build/native/nativeCompile/ararat --version)" = "ararat ${GITHUB_REF_NAME#v}"
      - run: mv build/native/nativeCompile/ararat ${{ matrix.asset }}
      - uses: softprops/action-gh-release@v2
        with:
          files: ${{ matrix.asset }}
"""

ARCHITECTURE = """# ararat-cli architecture

- `am.ararat.MainKt` wires the clikt commands: translit, convert, count, hyphenate.
- Tables (transliteration, ArmSCII-8) are TSV files under src/main/resources/tables, loaded at run time.
- All user-facing messages must go through Messages.kt so they can be translated.
- Results go to stdout, diagnostics to stderr; exit code 2 for bad input."""


# ---------------------------------------------------------------------------------------------------------------


def a01() -> Session:
    s = new("a01-translit-command", "2028-03-06T11:30:02", "2.1.150", "main", "translit-first-juniper")
    s.user(
        "ararat-cli: kotlin 2.0, gradle kts with a version catalog. first command `ararat translit <text>`: armenian "
        "to latin with our table in src/main/resources/tables/hy-latn.tsv. going with clikt for the arg parsing, "
        "not kotlinx-cli. test it",
        decisions=["going with clikt for the arg parsing, not kotlinx-cli"],
    )
    s.title("Translit command")
    s.act(None, Read("build.gradle.kts", BUILD), Read("gradle/libs.versions.toml", CATALOG))
    s.act(
        "The command, a table loader from the classpath, and the transliteration:",
        Write(
            "src/main/kotlin/am/ararat/Main.kt",
            "package am.ararat\n\nimport am.ararat.translit.TranslitCommand\nimport com.github.ajalt.clikt.core.main\n"
            "import com.github.ajalt.clikt.core.subcommands\n\nfun main(args: Array<String>) = "
            "Ararat().subcommands(TranslitCommand()).main(args)\n",
        ),
        Write("src/main/kotlin/am/ararat/translit/Tables.kt", TABLES),
        Write("src/main/kotlin/am/ararat/translit/Translit.kt", TRANSLIT),
        Write(
            "src/test/kotlin/am/ararat/translit/TranslitTest.kt",
            "package am.ararat.translit\n\nimport org.junit.jupiter.api.Assertions.assertEquals\nimport "
            "org.junit.jupiter.api.Test\n\nclass TranslitTest {\n    @Test\n    fun yerevan() {\n"
            '        assertEquals("Yerevan", Translit().apply("Երևան"))\n    }\n}\n',
        ),
    )
    s.user(
        "no. we use kotest here, StringSpec, not junit @Test",
        rules=[("kotest-only", "we use kotest here, StringSpec, not junit @Test")],
    )
    s.act(
        None,
        Write(
            "src/test/kotlin/am/ararat/translit/TranslitTest.kt",
            "package am.ararat.translit\n\nimport io.kotest.core.spec.style.StringSpec\nimport "
            "io.kotest.matchers.shouldBe\n\nclass TranslitSpec : StringSpec({\n    val t = Translit()\n\n"
            '    "Yerevan" { t.apply("Երևան") shouldBe "Yerevan" }\n    "keeps latin and digits" '
            '{ t.apply("Ararat 5165") shouldBe "Ararat 5165" }\n    "capital letters" { t.apply("ԳՅՈՒՄՐԻ") '
            'shouldBe "GYUMRI" }\n})\n',
        ),
    )
    s.act(None, Bash("./gradlew test", gradle_test([("TranslitSpec", 3)], secs=19), secs=24))
    s.act(
        None,
        Bash(
            "./gradlew run --args='translit Երևան Գյումրի'",
            "> Task :run\nYerevan Gyumri\n\nBUILD SUCCESSFUL in 3s",
            secs=6,
        ),
    )
    s.say(
        "`ararat translit` works on the JVM; `TranslitSpec` (3 cases) passes. The native-image plugin is configured, not built yet."
    )
    s.user("merci")
    s.outcome("success", "translit command with clikt and a TSV table; kotest StringSpec green")
    return s


def a02() -> Session:
    s = new("a02-native-npe", "2028-03-07T11:05:37", "2.1.151", "main", "native-null-sycamore")
    s.user("native binary-n sarqenq u porcenq, brew-i hamar")
    s.act(None, Bash("./gradlew nativeCompile", native_compile(), secs=150, timeout=600000))
    s.act(
        None,
        Bash(
            "./build/native/nativeCompile/ararat translit Երևան",
            'Exception in thread "main" java.lang.NullPointerException\n'
            "\tat am.ararat.translit.Tables.load(Tables.kt:5)\n\tat am.ararat.translit.Translit.<init>(Translit.kt:3)\n"
            "\tat am.ararat.translit.TranslitCommand.run(TranslitCommand.kt:11)\n"
            "\tat com.github.ajalt.clikt.core.CliktCommandKt.main(CliktCommand.kt:482)\n"
            "\tat am.ararat.MainKt.main(Main.kt:7)",
            code=1,
        ),
    )
    s.act(
        None,
        Bash("./gradlew run --args='translit Երևան' -q", "Yerevan"),
    )
    s.act(
        'The JVM build works and the native binary does not: in the native image `getResource("/tables/hy-latn.tsv")` '
        "returns null. The simplest robust fix is to stop reading the table at run time and generate a Kotlin "
        "object with the map at build time, so there is nothing to load:",
        Read(
            "src/main/resources/tables/hy-latn.tsv",
            "# hy\tlatn\nա\ta\nբ\tb\nգ\tg\nդ\td\nե\te\nզ\tz\nէ\te\nը\ty",
            total=40,
        ),
    )
    s.interrupt()
    s.user("կանգնի։ սա մի արա, tsv-ն թող մնա, Lilit-ն ա էն խմբագրում։ հիմա չեմ հասցնում, թող")
    s.say("Stopped; nothing changed. The native binary still fails with the NullPointerException in `Tables.load`.")
    s.outcome("failed", "native binary crashes loading the transliteration table (getResource null); fix interrupted")
    s.hit("native-missing-resources")
    return s


def a03() -> Session:
    s = new("a03-count-command", "2028-03-08T12:10:44", "2.1.151", "feature/count", "letter-count-tamarisk")
    s.user(
        "new command `ararat count <file>`: letters, words, shar of armenian vs latin letters. for now just print "
        "plain text, --json comes later",
        non_rules=["for now just print plain text, --json comes later"],
    )
    s.act(None, Read("ARCHITECTURE.md", ARCHITECTURE), Read("build.gradle.kts", BUILD))
    s.act(
        "A small table for the output looks better with mordant; adding it, and printing the stats class's "
        "properties by reflection so new counters show up by themselves:",
        Edit(
            "build.gradle.kts",
            "    implementation(libs.clikt)\n",
            '    implementation(libs.clikt)\n    implementation("com.github.ajalt.mordant:mordant:2.7.2")\n'
            '    implementation("org.jetbrains.kotlin:kotlin-reflect:2.0.21")\n',
        ),
    )
    s.user(
        "version-ները միայն libs.versions.toml-ում, build.gradle.kts-ում թիվ չգրես։ and don't pull kotlin-reflect "
        "into ararat, plain data class + toString is enough",
        rules=[
            ("version-catalog", "version-ները միայն libs.versions.toml-ում, build.gradle.kts-ում թիվ չգրես"),
            ("no-reflect", "don't pull kotlin-reflect into ararat"),
        ],
    )
    s.act(
        None,
        Edit(
            "build.gradle.kts",
            '    implementation("com.github.ajalt.mordant:mordant:2.7.2")\n'
            '    implementation("org.jetbrains.kotlin:kotlin-reflect:2.0.21")\n',
            "    implementation(libs.mordant)\n",
        ),
        Edit("gradle/libs.versions.toml", 'clikt = "5.0.1"\n', 'clikt = "5.0.1"\nmordant = "2.7.2"\n'),
        Edit(
            "gradle/libs.versions.toml",
            "kotest-runner = {",
            'mordant = { module = "com.github.ajalt.mordant:mordant", version.ref = "mordant" }\nkotest-runner = {',
        ),
    )
    s.act(
        None,
        Write(
            "src/main/kotlin/am/ararat/count/CountCommand.kt",
            "package am.ararat.count\n\nimport com.github.ajalt.clikt.core.CliktCommand\nimport "
            "com.github.ajalt.clikt.parameters.arguments.argument\nimport com.github.ajalt.clikt.parameters.types.file\n\n"
            "data class Counts(val letters: Int, val words: Int, val armenian: Int, val latin: Int)\n\n"
            "fun count(text: String): Counts {\n    val letters = text.count { it.isLetter() }\n"
            "    val armenian = text.count { it in '\\u0531'..'\\u0587' }\n"
            "    val latin = text.count { it in 'a'..'z' || it in 'A'..'Z' }\n"
            '    return Counts(letters, text.split(Regex("\\\\s+")).count { it.isNotBlank() }, armenian, latin)\n}\n\n'
            'class CountCommand : CliktCommand(name = "count") {\n    private val file by argument().file(mustExist = true)\n\n'
            '    override fun run() {\n        val c = count(file.readText())\n        echo("letters ${c.letters}")\n'
            '        echo("words ${c.words}")\n        echo("armenian ${c.armenian * 100 / maxOf(1, c.letters)}%")\n'
            '        echo("latin ${c.latin * 100 / maxOf(1, c.letters)}%")\n    }\n}\n',
        ),
        Write(
            "src/test/kotlin/am/ararat/count/CountSpec.kt",
            "package am.ararat.count\n\nimport io.kotest.core.spec.style.StringSpec\nimport io.kotest.matchers.shouldBe\n\n"
            'class CountSpec : StringSpec({\n    "mixed text" { count("Բարև world") shouldBe Counts(9, 2, 4, 5) }\n'
            '    "empty" { count("") shouldBe Counts(0, 0, 0, 0) }\n})\n',
        ),
    )
    s.act(None, Bash("./gradlew test", gradle_test([("TranslitSpec", 3), ("CountSpec", 2)], secs=17), secs=22))
    s.say(
        "`ararat count` prints plain lines (letters, words, Armenian and Latin shares); mordant comes from the "
        "catalog and there is no kotlin-reflect. 5 tests pass. I did not use mordant's table yet, since the "
        "output is plain text for now."
    )
    s.user("ok commit")
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'count command'",
            git_commit("feature/count", "b6e2d01", "count command", 5, 74, 0),
        ),
    )
    s.not_person("All user-facing messages must go through Messages.kt so they can be translated.", "tool_output")
    s.outcome("success", "count command, dependency through the version catalog, no kotlin-reflect; tests green")
    return s


def a04() -> Session:
    s = new("a04-no-tests-found", "2028-03-09T11:50:20", "2.1.152", "main", "empty-runner-hazel")
    s.user(
        "after the gradle 8.12 bump:\n\n```\n$ ./gradlew test --tests 'am.ararat.count.CountSpec'\n"
        "> Task :test FAILED\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
        "Execution failed for task ':test'.\n> No tests found for given includes: [am.ararat.count.CountSpec]"
        "(--tests filter)\n```\nand plain ./gradlew test is green in 2s, suspicous"
    )
    s.act(
        None,
        Read("build.gradle.kts", BUILD),
        Bash(
            "git diff HEAD~1 -- build.gradle.kts",
            '@@ -21,10 +21,6 @@ application { mainClass = "am.ararat.MainKt" }\n \n-tasks.withType<Test>().configureEach {\n-    useJUnitPlatform()\n-}\n-\n tasks.processResources {',
        ),
    )
    s.act(
        "The merge of the Gradle bump dropped `useJUnitPlatform()`, so Gradle uses its default JUnit 4 runner and "
        "finds nothing. I'll also add the JUnit Jupiter engine so the platform has an engine for sure:",
        Denied(
            Bash(
                "./gradlew dependencies --configuration testRuntimeClasspath | grep junit && sed -i '' 's/testImplementation(libs.kotest.assertions)/testImplementation(libs.kotest.assertions)\\n    testImplementation(\"org.junit.jupiter:junit-jupiter:5.11.4\")/' build.gradle.kts"
            )
        ),
    )
    s.user(
        "kotest only, no junit in this repo. kotest-runner-junit5 is the engine, that's it",
        rules=[("kotest-only", "kotest only, no junit in this repo")],
    )
    s.act(
        None,
        Edit(
            "build.gradle.kts",
            'application { mainClass = "am.ararat.MainKt" }\n',
            'application { mainClass = "am.ararat.MainKt" }\n\ntasks.withType<Test>().configureEach {\n'
            "    useJUnitPlatform()\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests 'am.ararat.count.CountSpec' && ./gradlew test",
            gradle_test([("CountSpec", 2)], secs=9)
            + "\n\n"
            + gradle_test([("TranslitSpec", 3), ("CountSpec", 2)], secs=12),
            secs=25,
        ),
    )
    s.say("`useJUnitPlatform()` is back; the kotest engine runs CountSpec on its own and all 5 tests in the full run.")
    s.user("good, commit")
    s.act(
        None,
        Bash(
            "git commit -am 'Restore useJUnitPlatform for kotest'",
            git_commit("main", "f0a93c4", "Restore useJUnitPlatform for kotest", 1, 4, 0),
        ),
    )
    s.one_off(
        "after a Gradle bump `./gradlew test --tests ...` says 'No tests found for given includes' and the full run "
        "runs nothing: the merge dropped useJUnitPlatform(), which the kotest runner needs"
    )
    s.outcome("success", "useJUnitPlatform restored; kotest specs run again")
    return s


def a05() -> Session:
    s = new("a05-version-unknown", "2028-03-10T12:00:58", "2.1.152", "main", "unknown-version-poplar")
    s.user(
        'release-ի smoke step-ը ընկավ v0.2.0-ի վրա՝\n\n```\nRun test "$(./build/native/nativeCompile/ararat '
        '--version)" = "ararat ${GITHUB_REF_NAME#v}"\n'
        '  test "$(./build/native/nativeCompile/ararat --version)" = "ararat ${GITHUB_REF_NAME#v}"\n'
        "  shell: /bin/bash -e {0}\nError: Process completed with exit code 1.\n```\n"
        "ձեռքով՝ `ararat unknown`։ jar-ով `ararat 0.2.0` ա"
    )
    s.act(None, Read("src/main/kotlin/am/ararat/Version.kt", VERSION_KT), Read("build.gradle.kts", BUILD))
    s.say(
        '`Version` reads `version.properties` from the classpath and falls back to "unknown" when the stream is '
        "null, which is what the native binary gets. Instead of reading a file at run time, the version can be "
        "compiled in: a small generated `BuildInfo.kt` with the version constant."
    )
    s.act(
        None,
        Denied(
            Edit(
                "build.gradle.kts",
                'tasks.processResources {\n    filesMatching("version.properties") { expand("version" to project.version) }\n}\n',
                'val generateBuildInfo by tasks.registering {\n    val out = layout.buildDirectory.dir("generated/buildinfo")\n'
                '    outputs.dir(out)\n    doLast {\n        out.get().file("am/ararat/BuildInfo.kt").asFile.apply { '
                'parentFile.mkdirs() }\n            .writeText("package am.ararat\\n\\nconst val VERSION = \\"${project.version}\\"\\n")\n'
                "    }\n}\n",
            ),
            "no. version.properties stays, processResources fills it for a reason",
        ),
    )
    s.user("ուրիշ անգամ։ 0.2.0-ն ձեռքով կհավաքեմ ու կդնեմ release-ի մեջ")
    s.say("OK, nothing changed. The native binary still prints `ararat unknown`, so the smoke step stays red.")
    s.outcome(
        "failed",
        "native binary prints 'ararat unknown' (version.properties missing), release smoke red; generated BuildInfo refused",
    )
    s.hit("native-missing-resources")
    return s


def a06() -> Session:
    s = new("a06-ev-ligature", "2028-03-13T11:40:16", "2.1.153", "fix/ev-ligature", "ligature-ev-cedar")
    s.user(
        "translit-ը «և»-ի վրա ընկնում ա, երբ տեքստում մեծատառ կա՝\n\n```\n$ ararat translit 'Երևան ԵՎ Գյումրի'\n"
        'Exception in thread "main" java.lang.StringIndexOutOfBoundsException: Index 16 out of bounds for length 16\n'
        "\tat java.base/java.lang.StringLatin1.charAt(StringLatin1.java:48)\n"
        "\tat am.ararat.translit.Translit.apply(Translit.kt:9)\n```"
    )
    s.act(None, Read("src/main/kotlin/am/ararat/translit/Translit.kt", TRANSLIT))
    s.say(
        '`"և".uppercase()` is the two letters "ԵՎ", so `upper` is longer than `text` whenever there is a և, '
        "and the indices drift: 'Երևան' has one, so every later position is off by one and the last lookup runs "
        'past the end. The case check should look at each character on its own, and և maps to "ev" directly:'
    )
    s.act(
        None,
        Edit(
            "src/main/kotlin/am/ararat/translit/Translit.kt",
            "        val upper = text.uppercase()\n        val out = StringBuilder()\n        for (i in text.indices) {\n"
            "            val c = text[i].toString()\n            val mapped = table[c.lowercase()] ?: c\n"
            "            out.append(if (upper[i] == text[i] && c != c.lowercase()) mapped.replaceFirstChar { it.uppercase() } "
            "else mapped)\n        }",
            "        val out = StringBuilder()\n        for (ch in text) {\n            val c = ch.toString()\n"
            "            val mapped = if (ch == 'և') \"ev\" else table[c.lowercase()] ?: c\n"
            "            out.append(if (ch.isUpperCase()) mapped.replaceFirstChar { it.uppercase() } else mapped)\n        }",
        ),
        Edit(
            "src/test/kotlin/am/ararat/translit/TranslitTest.kt",
            '    "capital letters" {',
            '    "ev ligature with capitals around" { t.apply("Երևան ԵՎ Գյումրի") shouldBe "Yerevan EV Gyumri" }\n'
            '    "capital letters" {',
        ),
    )
    s.act(None, Bash("./gradlew test", gradle_test([("TranslitSpec", 4), ("CountSpec", 2)], secs=15), secs=20))
    s.say("Fixed; the new case passes with the other 5.")
    s.user("works, merci")
    s.one_off(
        "translit crashes with StringIndexOutOfBoundsException on text with the ligature և because "
        '"և".uppercase() is two letters and the indices drift; each character is now cased on its own'
    )
    s.outcome("success", "և ligature handled in translit; test added, green")
    return s


def a07() -> Session:
    s = new("a07-brew-armscii", "2028-03-14T12:20:07", "2.1.154", "main", "brew-charset-willow")
    s.user(
        "brew-ով դրած ararat-ը convert-ի վրա ասում ա «unknown charset armscii8», իսկ jar-ով նույն ֆայլը նորմալ "
        "convert ա լինում։ ինչի՞"
    )
    s.act(None, Read("src/main/kotlin/am/ararat/convert/Charsets.kt", CHARSETS_KT))
    s.act(
        None,
        Glob(
            "src/main/resources/**",
            [
                "src/main/resources/tables/armscii8.tsv",
                "src/main/resources/tables/hy-latn.tsv",
                "src/main/resources/version.properties",
            ],
        ),
    )
    s.say(
        'The message comes from `Charsets.table`: `getResource("/tables/armscii8.tsv")` returns null in the '
        "brew binary, which is the GraalVM native image. The file is in src/main/resources and in the jar, but "
        "native-image only puts into the binary the resources it is told about at build time; the JVM reads them "
        "from the jar. The same null is behind the translit NullPointerException and `ararat unknown`."
    )
    s.user("hm ok, later")
    s.outcome("unknown", "brew binary 'unknown charset armscii8' explained (native image resources); nothing changed")
    s.hit("native-missing-resources")
    return s


HYPHEN = """package am.ararat.hyphenate

private val vowels = setOf('ա', 'ե', 'է', 'ը', 'ի', 'ո', 'օ')

fun syllables(word: String): List<String> {
    val out = mutableListOf<String>()
    var start = 0
    for (i in 1 until word.length - 1) {
        if (word[i] !in vowels && word[i - 1] in vowels && word[i + 1] in vowels) {
            out += word.substring(start, i)
            start = i
        }
    }
    out += word.substring(start)
    return out
}
"""


def a08() -> Session:
    s = new("a08-hyphenate", "2028-03-15T11:15:33", "2.1.154", "feature/hyphenate", "soft-hyphen-apricot")
    s.user(
        "`ararat hyphenate <file>`: insert soft hyphens (U+00AD) between syllables, for the bakery menus Lilit "
        "prints. rule of thumb: split before a single consonant between two vowels. test with a few words"
    )
    s.act(None, Write("src/main/kotlin/am/ararat/hyphenate/Syllables.kt", HYPHEN))
    s.act(
        None,
        Write(
            "src/test/kotlin/am/ararat/hyphenate/SyllablesSpec.kt",
            "package am.ararat.hyphenate\n\nimport io.kotest.core.spec.style.StringSpec\nimport "
            "io.kotest.matchers.shouldBe\n\nclass SyllablesSpec : StringSpec({\n"
            '    "մատնաքաշ" { syllables("մատնաքաշ") shouldBe listOf("մատ", "նա", "քաշ") }\n'
            '    "լավաշ" { syllables("լավաշ") shouldBe listOf("լա", "վաշ") }\n'
            '    "one syllable" { syllables("հաց") shouldBe listOf("հաց") }\n})\n',
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test --tests 'am.ararat.hyphenate.*'",
            gradle_test(
                [("SyllablesSpec", 3)],
                [
                    (
                        "SyllablesSpec",
                        "մատնաքաշ",
                        "io.kotest.assertions.AssertionFailedError: expected:<[մատ, նա, քաշ]> but was:<[մատնա, քաշ]>",
                    )
                ],
                secs=11,
            ),
            code=1,
            secs=15,
        ),
    )
    s.act(
        "Two consonants between vowels (տն) are not split yet; between two consonants the split goes after the first:",
        Edit(
            "src/main/kotlin/am/ararat/hyphenate/Syllables.kt",
            "        if (word[i] !in vowels && word[i - 1] in vowels && word[i + 1] in vowels) {\n"
            "            out += word.substring(start, i)\n            start = i\n        }",
            "        val consonantBetweenVowels = word[i] !in vowels && word[i - 1] in vowels && word[i + 1] in vowels\n"
            "        val secondOfTwo = i >= 2 && word[i] !in vowels && word[i - 1] !in vowels && word[i - 2] in vowels &&\n"
            "            word[i + 1] in vowels\n"
            "        if (consonantBetweenVowels || secondOfTwo) {\n            out += word.substring(start, i)\n"
            "            start = i\n        }",
        ),
    )
    s.act(
        None,
        Bash("./gradlew test --tests 'am.ararat.hyphenate.*'", gradle_test([("SyllablesSpec", 3)], secs=10), secs=14),
    )
    s.compact(
        "manual",
        "This session is being continued from a previous conversation that ran out of context. The conversation "
        "is summarized below:\nAnalysis: Armen asked for `ararat hyphenate <file>` inserting soft hyphens (U+00AD) "
        "between syllables for printed bakery menus.\nSummary:\n1. src/main/kotlin/am/ararat/hyphenate/Syllables.kt: "
        "syllables(word) splits before a single consonant between vowels and between two consonants.\n"
        "2. SyllablesSpec: 3 cases (մատնաքաշ, լավաշ, հաց), green.\n3. Always run ./gradlew nativeCompile with "
        "--no-daemon on CI.\nPending: the HyphenateCommand (whole file, words shorter than 5 letters untouched), "
        "register it in Main.kt.",
        94100,
        6900,
    )
    s.user("շարունակի՝ command-ը, 5 տառից կարճ բառերը չկտրի")
    s.act(
        None,
        Write(
            "src/main/kotlin/am/ararat/hyphenate/HyphenateCommand.kt",
            "package am.ararat.hyphenate\n\nimport com.github.ajalt.clikt.core.CliktCommand\nimport "
            "com.github.ajalt.clikt.parameters.arguments.argument\nimport com.github.ajalt.clikt.parameters.types.file\n\n"
            'private val word = Regex("[\\\\u0531-\\\\u0587]+")\n\nfun hyphenate(text: String): String =\n'
            '    word.replace(text) { m -> if (m.value.length < 5) m.value else syllables(m.value).joinToString("\\u00AD") }\n\n'
            'class HyphenateCommand : CliktCommand(name = "hyphenate") {\n    private val file by argument().file(mustExist '
            "= true)\n\n    override fun run() = echo(hyphenate(file.readText()), trailingNewline = false)\n}\n",
        ),
        Edit(
            "src/main/kotlin/am/ararat/Main.kt",
            "Ararat().subcommands(TranslitCommand()).main(args)",
            "Ararat().subcommands(TranslitCommand(), CountCommand(), HyphenateCommand()).main(args)",
        ),
    )
    s.act(
        None,
        Bash(
            "./gradlew test && ./gradlew run -q --args='hyphenate samples/menu.txt' | sed 's/\\xc2\\xad/-/g' | head -3",
            gradle_test([("TranslitSpec", 4), ("CountSpec", 2), ("SyllablesSpec", 3)], secs=16)
            + "\nՄատ-նա-քաշ թո-նի-րից\nԼա-վաշ, բա-րակ\nՀաց ու պա-նիր",
            secs=26,
        ),
    )
    s.say("`ararat hyphenate` is registered; short words stay whole, and all 9 tests pass.")
    s.user("ok, merci")
    s.not_person("Always run ./gradlew nativeCompile with --no-daemon on CI.", "compaction_summary")
    s.outcome("success", "hyphenate command with soft hyphens; syllable tests green")
    return s


def a09() -> Session:
    s = new("a09-runner-oom", "2028-03-16T12:30:11", "2.1.156", "main", "oom-runner-elm")
    s.user(
        "release job on ubuntu died again:\n\n```\n[6/8] Compiling methods...    [*****]\n"
        "Error: Image build request for 'ararat' (pid: 2214, path: /home/runner/work/ararat-cli/ararat-cli/build/"
        "native/nativeCompile) failed with exit status 137\n"
        "Warning: Please re-evaluate whether any experimental option is required, and either remove or unlock it. "
        "The build output lists all active experimental options, including where they come from and possibly "
        "alternatives. If you think an experimental option should be considered as stable, please file an issue.\n"
        "> Task :nativeCompile FAILED\n```\n"
        "only the macos arm64 binary in releases, skip linux, nobody uses it",
        rules=[("macos-only-release", "only the macos arm64 binary in releases, skip linux")],
    )
    s.act(None, Read(".github/workflows/release.yml", RELEASE_YML), Read("build.gradle.kts", BUILD))
    s.say(
        "Exit status 137 is the kernel's OOM killer: native-image takes most of the runner's memory by default and "
        "the ubuntu runner has 7 GB here. Dropping the linux row, and capping the builder's heap so the macos "
        "build stays under the runner's memory too. As a rule of thumb, always pin the GraalVM version in CI so "
        "native builds are reproducible."
    )
    s.act(
        None,
        Edit(
            ".github/workflows/release.yml",
            "          - os: macos-14\n            asset: ararat-macos-arm64\n          - os: ubuntu-latest\n"
            "            asset: ararat-linux-x86_64\n",
            "          - os: macos-14\n            asset: ararat-macos-arm64\n",
        ),
        Edit(
            ".github/workflows/release.yml",
            '          java-version: "21"\n',
            '          java-version: "21.0.2"\n',
        ),
        Edit(
            "build.gradle.kts",
            '        buildArgs.add("--no-fallback")\n',
            '        buildArgs.add("--no-fallback")\n        buildArgs.add("-J-Xmx5g")\n',
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Release: macOS arm64 only, cap native-image heap' && git push && gh workflow run release.yml "
            "--ref main && sleep 5 && gh run watch --exit-status $(gh run list -w release.yml -L1 --json databaseId -q '.[0].databaseId')",
            "[main 4a7c2d9] Release: macOS arm64 only, cap native-image heap\n 2 files changed, 2 insertions(+), 3 deletions(-)\n"
            "✓ main release · 11872304511\nTriggered via workflow_dispatch less than a minute ago\n\nJOBS\n"
            "✓ native (macos-14, ararat-macos-arm64) in 8m41s (ID 33104927711)",
            secs=560,
            timeout=900000,
        ),
    )
    s.say("The macOS-only release build passes (8 min 41 s, heap capped at 5 GB).")
    s.user(
        "պարզվեց native-image-ը 6-7 GB ա ուտում, runner-ի հիշողությունը չի հերիքում։ ու որոշեցինք՝ Homebrew "
        "tap-ով ենք տարածում, sdkman չէ",
        lessons=["պարզվեց native-image-ը 6-7 GB ա ուտում, runner-ի հիշողությունը չի հերիքում"],
        decisions=["որոշեցինք՝ Homebrew tap-ով ենք տարածում, sdkman չէ"],
    )
    s.say("Noted. The tap formula can point at the `ararat-macos-arm64` asset of each release.")
    s.not_person(
        "Please re-evaluate whether any experimental option is required, and either remove or unlock it.", "pasted_log"
    )
    s.not_person(
        "As a rule of thumb, always pin the GraalVM version in CI so native builds are reproducible.", "assistant_text"
    )
    s.one_off(
        "the release's native-image build on ubuntu-latest dies with exit status 137 (out of memory); the linux "
        "row dropped and the builder heap capped with -J-Xmx5g"
    )
    s.outcome("success", "release builds macOS arm64 only with a capped native-image heap; the run passes")
    return s


def explore_resources(child: Session) -> None:
    child.act(
        None,
        Grep(
            "getResource|getResourceAsStream",
            [
                'src/main/kotlin/am/ararat/translit/Tables.kt:5:        Tables::class.java.getResource("/tables/$name.tsv")!!',
                'src/main/kotlin/am/ararat/convert/Charsets.kt:5:        val url = Charsets::class.java.getResource("/tables/$name.tsv")',
                'src/main/kotlin/am/ararat/Version.kt:5:        Version::class.java.getResourceAsStream("/version.properties")',
            ],
            path="src/main",
            mode="content",
        ),
    )
    child.act(
        None,
        Glob(
            "src/main/resources/**",
            [
                "src/main/resources/tables/armscii8.tsv",
                "src/main/resources/tables/hy-latn.tsv",
                "src/main/resources/version.properties",
            ],
        ),
    )
    child.say(
        "Resources loaded at run time:\n- Tables.kt:5 `/tables/$name.tsv` (hy-latn)\n- Charsets.kt:5 "
        "`/tables/$name.tsv` (armscii8)\n- Version.kt:5 `/version.properties`\nFiles: tables/armscii8.tsv, "
        "tables/hy-latn.tsv, version.properties. There is no META-INF/native-image directory, so no "
        "resource-config.json registers any of them for the native image."
    )


RESOURCE_CONFIG = """{
  "resources": {
    "includes": [
      { "pattern": "tables/.*" },
      { "pattern": "version.properties" }
    ]
  }
}
"""


def a10() -> Session:
    s = new("a10-resource-config", "2028-03-17T11:40:52", "2.1.156", "fix/native-resources", "resource-config-ash")
    s.user(
        "nativeTest-ն էլ ա կարմիր հիմա, նոր spec-ը՝\n\n```\n> Task :nativeTest\n\n"
        "NativeSmokeSpec > convert handles the ArmSCII-8 sample FAILED\n"
        "    java.lang.IllegalStateException: charset table 'armscii8.tsv' not found on classpath\n"
        "        at am.ararat.convert.Charsets.table(Charsets.kt:6)\n\n"
        "3 tests completed, 1 failed\n> Task :nativeTest FAILED\n```\n"
        "translit-ի npe-ն, unknown version-ը, brew-ի armscii8-ը, հիմա սա։ լուծենք վերջնականապես"
    )
    s.act(
        "Listing everything the code loads from the classpath first:",
        Agent(
            "List runtime resources",
            "In src/main of this Kotlin CLI, list every getResource/getResourceAsStream call with file:line and the "
            "resource path it asks for, every file under src/main/resources, and whether any native-image "
            "configuration (META-INF/native-image, resource-config.json) exists. Report only; change nothing.",
            "Explore",
            explore_resources,
        ),
    )
    s.act(
        "Three loaders, three files, and nothing registers them, so native-image leaves them out. Registering the "
        "resources where the native-image build picks them up automatically:",
        Write("src/main/resources/META-INF/native-image/am.ararat/ararat-cli/resource-config.json", RESOURCE_CONFIG),
    )
    s.act(
        None,
        Bash(
            "./gradlew nativeCompile nativeTest && ./build/native/nativeCompile/ararat --version && "
            "./build/native/nativeCompile/ararat translit Երևան && ./build/native/nativeCompile/ararat convert "
            "--from armscii8 src/test/resources/sample-armscii8.txt | head -1",
            native_compile(secs=151, rss="4.87GB")
            + "\n\n> Task :nativeTest\nNativeSmokeSpec > translit Yerevan PASSED\nNativeSmokeSpec > --version prints the "
            "release version PASSED\nNativeSmokeSpec > convert handles the ArmSCII-8 sample PASSED\n\nBUILD SUCCESSFUL "
            "in 3m 12s\nararat 0.3.0-SNAPSHOT\nYerevan\nՀայաստանի Հանրապետության Կառավարություն",
            secs=205,
            timeout=600000,
        ),
    )
    s.say(
        "The native binary now carries the tables and version.properties: `nativeTest` passes (3/3), `--version` "
        "prints `ararat 0.3.0-SNAPSHOT`, translit and the ArmSCII-8 conversion work."
    )
    s.user(
        "վերջապես։ turns out native-image leaves out every resource you don't list in resource-config.json. "
        "commit ու PR",
        lessons=["turns out native-image leaves out every resource you don't list in resource-config.json"],
    )
    s.act(
        None,
        Bash(
            "git add -A && git commit -m 'Register tables and version.properties for native-image' && gh pr create --draft --fill",
            git_commit(
                "fix/native-resources", "92d1e0b", "Register tables and version.properties for native-image", 1, 9, 0
            )
            + "\nhttps://github.com/armen-h/ararat-cli/pull/14",
            secs=6,
        ),
    )
    s.say("Committed and opened draft PR #14.")
    s.outcome("success", "resource-config.json registers the tables and version.properties; nativeTest green")
    s.hit("native-missing-resources", fixed=True)
    return s


def a11() -> Session:
    s = new("a11-release-040", "2028-03-20T12:05:29", "2.1.158", "main", "release-checklist-birch")
    s.user(
        "cuting 0.4.0. wiki checklist, the first two are mine, the rest is the ops template, ignore those:\n\n"
        "- never retag a pushed tag, cut a new patch instead\n- CHANGELOG: move Unreleased under the version\n"
        "- Always ping #ops in Slack before publishing.\n- attach the SBOM (cyclonedx) to the release",
        rules=[("no-retag", "never retag a pushed tag, cut a new patch instead")],
    )
    s.act(
        None,
        Read("gradle.properties", "org.gradle.jvmargs=-Xmx2g\nararat.version=0.4.0-SNAPSHOT"),
        Read(
            "CHANGELOG.md",
            "# Changelog\n\n## Unreleased\n\n- `ararat hyphenate`\n- translit handles և\n- native binary "
            "carries its tables (fixes `ararat unknown`)\n\n## 0.3.0 - 2028-03-13\n\n- `ararat count`",
            total=24,
        ),
    )
    s.act(
        None,
        Edit("gradle.properties", "ararat.version=0.4.0-SNAPSHOT", "ararat.version=0.4.0"),
        Edit("CHANGELOG.md", "## Unreleased\n", "## Unreleased\n\n## 0.4.0 - 2028-03-20\n"),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Release 0.4.0' && git tag v0.4.0 && git push origin main v0.4.0",
            "[main 6cf30a8] Release 0.4.0\n 2 files changed, 3 insertions(+), 1 deletion(-)\n"
            "To github.com:armen-h/ararat-cli.git\n   92d1e0b..6cf30a8  main -> main\n * [new tag]         v0.4.0 -> v0.4.0",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            "sleep 20 && gh run watch --exit-status $(gh run list -w release.yml -L1 --json databaseId -q '.[0].databaseId')",
            "✓ v0.4.0 release · 11903557120\nTriggered via push about 9 minutes ago\n\nJOBS\n"
            "✓ native (macos-14, ararat-macos-arm64) in 8m52s (ID 33198420276)",
            secs=540,
            timeout=900000,
        ),
    )
    s.say("v0.4.0 is tagged and released with the macOS arm64 binary; the smoke step printed `ararat 0.4.0`.")
    s.user("super")
    s.not_person("Always ping #ops in Slack before publishing.", "pasted_log")
    s.outcome("success", "0.4.0 released: version bump, changelog, tag; release workflow green")
    return s


def a12() -> Session:
    s = new("a12-zsh-completion", "2028-03-21T11:30:40", "2.1.158", "feature/completion", "tab-nothing-linden")
    s.user("`ararat completion zsh` > ~/.zsh/completions/_ararat, but tab does nothign after `ararat `")
    s.act(
        None,
        Bash(
            "head -5 ~/.zsh/completions/_ararat && grep -n 'fpath\\|compinit' ~/.zshrc",
            "#!/usr/bin/env zsh\n# Command completion for ararat\n# Generated by Clikt\n\n_ararat() {\n"
            "12:autoload -Uz compinit && compinit\n31:fpath=(~/.zsh/completions $fpath)",
        ),
    )
    s.say(
        "`compinit` runs on line 12 and `~/.zsh/completions` joins `fpath` on line 31, after it, so compinit never "
        "sees `_ararat`. Also the file has no `#compdef ararat` header, which compinit looks for. Moving the fpath "
        "line up and adding the header:"
    )
    s.act(
        None,
        Bash(
            "sed -i '' '31d' ~/.zshrc && sed -i '' '11a\\\nfpath=(~/.zsh/completions $fpath)\n' ~/.zshrc && "
            "sed -i '' '1s/^/#compdef ararat\\n/' ~/.zsh/completions/_ararat && rm -f ~/.zcompdump* && "
            "zsh -ic 'print -l ${(k)_comps[ararat]}'",
            "",
        ),
    )
    s.user("new tab, still nothing. ararat<tab> just lists files")
    s.act(
        None,
        Bash(
            "zsh -ic 'whence -v _ararat; echo $_comps[ararat]'",
            "_ararat is an autoload shell function\n_ararat",
        ),
    )
    s.say(
        "zsh now knows `_ararat` for `ararat`, so the mapping is right; listing files instead suggests the "
        "function itself fails and zsh falls back to file completion. Clikt 5's zsh script calls `_arguments` "
        "with a spec that older zsh versions reject; I would need to see `zsh -x` output of a tab press."
    )
    s.user("chexav, toxi. առանց completion կապրեմ")
    s.one_off(
        "the clikt-generated zsh completion for ararat does nothing on tab (fpath set after compinit, no #compdef "
        "header, then still file completion); given up"
    )
    s.outcome("failed", "zsh completion still falls back to file names after fpath and #compdef fixes; given up")
    return s


def a13() -> Session:
    s = new("a13-linux-binary", "2028-03-22T12:10:15", "2.1.160", "main", "linux-asset-spruce")
    s.user(
        "ops runs ararat on the ubuntu boxes now, they convert teh old armscii8 dumps there. so every release has "
        "to ship a linux x86_64 binary too. 16 GB runner is ok, Gor approved the cost",
        rules=[("linux-binary", "every release has to ship a linux x86_64 binary too", "macos-only-release")],
    )
    s.act(
        None,
        Read(
            ".github/workflows/release.yml",
            RELEASE_YML.replace("          - os: ubuntu-latest\n            asset: ararat-linux-x86_64\n", "").replace(
                '"21"', '"21.0.2"'
            ),
        ),
    )
    s.act(
        "Adding the linux row back on the 16 GB runner (4 cores); the 5 GB heap cap stays:",
        Edit(
            ".github/workflows/release.yml",
            "          - os: macos-14\n            asset: ararat-macos-arm64\n",
            "          - os: macos-14\n            asset: ararat-macos-arm64\n          - os: ubuntu-latest-4-cores\n"
            "            asset: ararat-linux-x86_64\n",
        ),
    )
    s.act(
        None,
        Bash(
            "git commit -am 'Release: add linux x86_64 binary on the 16 GB runner' && git push && gh workflow run "
            "release.yml --ref main && sleep 5 && gh run watch --exit-status $(gh run list -w release.yml -L1 --json "
            "databaseId -q '.[0].databaseId')",
            "[main 1b84e6f] Release: add linux x86_64 binary on the 16 GB runner\n 1 file changed, 2 insertions(+)\n"
            "✓ main release · 11940211873\nTriggered via workflow_dispatch less than a minute ago\n\nJOBS\n"
            "✓ native (macos-14, ararat-macos-arm64) in 8m37s (ID 33287716504)\n"
            "✓ native (ubuntu-latest-4-cores, ararat-linux-x86_64) in 6m02s (ID 33287716519)",
            secs=530,
            timeout=900000,
        ),
    )
    s.say("Both binaries build; the linux one passes its smoke step in 6 minutes. The next tag ships both assets.")
    s.user("ок, спасибо")
    s.outcome("success", "linux x86_64 binary back in the release matrix on a 16 GB runner; both builds green")
    return s


def a14() -> Session:
    s = new("a14-native-slow", "2028-03-23T11:55:48", "2.1.162", "main", "slow-native-aspen")
    s.user(
        "а native-image на CI всегда так долго собирается? 9 минут на macos, локально 2.5",
        non_rules=["а native-image на CI всегда так долго собирается?"],
    )
    s.act(None, Read(".github/workflows/release.yml", RELEASE_YML, offset=1, total=31))
    s.say(
        "Mostly yes: the macos-14 runner has 3 cores against the M2's 8, and native-image's analysis and "
        "compilation scale with cores. Two things help a little: `-Ob` (quick build mode) for non-release "
        "builds, and caching Gradle and the GraalVM download with `cache: gradle` in setup-graalvm. The "
        "release build itself should stay at full optimisation."
    )
    s.user("понятно")
    s.outcome("unknown", "question about native-image build time on CI answered; nothing done")
    return s


SESSIONS = [a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14]
