"""Sessions in `Tabilog` (/Users/haruto/dev/Tabilog, GitHub tabilog-app/Tabilog): a travel-log iOS app (SwiftUI,
Core Data with versioned models, a WidgetKit extension, XCTest, SwiftLint as a build phase, fastlane match/gym/
pilot to TestFlight), built with xcodebuild on Haruto's Mac."""

from __future__ import annotations

from fake_output import DEST, IOS, fastlane_head, git_commit, xc_build_ok, xc_tests
from transcript_kit import Agent, Bash, Denied, Edit, Glob, Grep, Read, Session, Sibling, Write

SIGN = "match-widget-profile"
MIGR = "coredata-visitedat-migration"


def ios(key: str, start: str, version: str, branch: str, slug: str) -> Session:
    return Session(key, start, version, branch, slug, cwd=IOS, project="Tabilog")


BUILD = f"xcodebuild build -scheme Tabilog -destination '{DEST}' -quiet"
TEST = f"xcodebuild test -scheme Tabilog -destination '{DEST}'"
MIGRATION_TEST = f"{TEST} -only-testing:TabilogTests/MigrationTests"
MODEL4 = "Tabilog/Models/Tabilog.xcdatamodeld/Tabilog 4.xcdatamodel/contents"

SPOT_VM = """import Combine
import CoreData

final class SpotListViewModel: ObservableObject {
    @Published var spots: [Spot] = []
    private let context: NSManagedObjectContext

    init(context: NSManagedObjectContext) {
        self.context = context
    }

    func load() {
        let request = Spot.fetchRequest()
        request.sortDescriptors = [NSSortDescriptor(keyPath: \\Spot.createdAt, ascending: false)]
        spots = (try? context.fetch(request)) ?? []
    }
}"""

SPOT_VIEW = """struct SpotListView: View {
    @StateObject var model: SpotListViewModel

    var body: some View {
        List(model.spots) { spot in
            SpotRow(spot: spot)
        }
        .navigationTitle("spots.title")
        .onAppear { model.load() }
    }
}"""

MODEL4_XML = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23231" systemVersion="24B83" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="4">
    <entity name="Spot" representedClassName="Spot" syncable="YES">
        <attribute name="createdAt" attributeType="Date" usesScalarValueType="NO"/>
        <attribute name="id" attributeType="UUID" usesScalarValueType="NO"/>
        <attribute name="latitude" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
        <attribute name="longitude" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
        <attribute name="name" attributeType="String"/>
        <attribute name="note" optional="YES" attributeType="String"/>
        <attribute name="visitedAt" attributeType="Date" usesScalarValueType="NO"/>
        <relationship name="photos" toMany="YES" deletionRule="Cascade" destinationEntity="Photo" inverseName="spot" inverseEntity="Photo"/>
    </entity>
</model>"""

PERSISTENCE = """final class PersistenceController {
    static let shared = PersistenceController()
    let container: NSPersistentContainer

    init(inMemory: Bool = false) {
        container = NSPersistentContainer(name: "Tabilog")
        if inMemory {
            container.persistentStoreDescriptions.first?.url = URL(fileURLWithPath: "/dev/null")
        }
        container.loadPersistentStores { _, error in
            if let error = error as NSError? {
                fatalError("Unresolved error \\(error), \\(error.userInfo)")
            }
        }
        container.viewContext.automaticallyMergesChangesFromParent = true
    }
}"""

MIGRATION_ERR = (
    'error: -[TabilogTests.MigrationTests testMigrateV3ToV4] : XCTAssertNoThrow failed: threw error "Error '
    'Domain=NSCocoaErrorDomain Code=134110 "An error occurred during persistent store migration." UserInfo={entity=Spot, '
    'attribute=visitedAt, reason=Validation error missing attribute values on mandatory destination attribute}"'
)

FASTFILE = """default_platform(:ios)

platform :ios do
  lane :test do
    scan(scheme: "Tabilog", device: "iPhone 15 (17.5)")
  end

  lane :beta do
    match(type: "appstore", app_identifier: "jp.tabilog.app", readonly: true)
    increment_build_number(xcodeproj: "Tabilog.xcodeproj")
    gym(scheme: "Tabilog", export_method: "app-store")
    pilot(skip_waiting_for_build_processing: true)
  end
end"""

MATCHFILE = """git_url("git@github.com:tabilog-app/certificates.git")
storage_mode("git")
type("appstore")
app_identifier(["jp.tabilog.app"])
username("haruto@tabilog.jp")"""


def gym_fail(detail: str) -> str:
    return "\n".join(
        [
            *fastlane_head("beta"),
            "[14:02:15]: All required keys, certificates and provisioning profiles are installed 🙌",
            "[14:02:15]: --- Step: increment_build_number ---",
            "[14:02:16]: --- Step: gym ---",
            "[14:02:16]: $ set -o pipefail && xcodebuild -workspace Tabilog.xcworkspace -scheme Tabilog "
            "-destination 'generic/platform=iOS' -archivePath ~/Library/Developer/Xcode/Archives/2026-10-06/Tabilog "
            "2026-10-06 14.02.16.xcarchive archive | tee ~/Library/Logs/gym/Tabilog-Tabilog.log | xcpretty",
            "[14:03:48]: ▸ Compiling SpotListView.swift",
            f"[14:04:31]: ▸ {detail}",
            "[14:04:31]: ▸ ** ARCHIVE FAILED **",
            "[14:04:31]: Exit status: 65",
            "[!] Error building the application - see the log above",
        ]
    )


WIDGET_PROFILE_ERR = (
    "❌  error: No profile for team 'Q7RZ3K8M2P' matching 'match AppStore jp.tabilog.app.widget' found: Xcode "
    "couldn't find any provisioning profiles matching 'Q7RZ3K8M2P/match AppStore jp.tabilog.app.widget'. Install "
    "the profile (by dragging and dropping it onto Xcode's dock item) or select a different one in the Signing & "
    "Capabilities tab of the target editor. (in target 'TabilogWidgetExtension' from project 'Tabilog')"
)


# ------------------------------------------------------------------------------------------------------------------
def t01_spot_sort() -> Session:
    s = ios("t01-spot-sort", "2026-10-05T05:52:14", "2.1.180", "feat/spot-sort", "sunny-harbor-tern")
    s.user("add sorting to SpotListView: by date / name / distance, switch via a menu in the toolbar", after=0)
    s.act(None, Read("Tabilog/Views/SpotListView.swift", SPOT_VIEW, offset=5, total=40))
    s.act(None, Read("Tabilog/ViewModels/SpotListViewModel.swift", SPOT_VM, total=29))
    s.act(
        None,
        Edit(
            "Tabilog/ViewModels/SpotListViewModel.swift",
            "    @Published var spots: [Spot] = []\n",
            "    enum SortOrder: String, CaseIterable { case date, name, distance }\n\n    @Published var spots: [Spot] = "
            "[]\n    @Published var sortOrder: SortOrder = .date { didSet { load() } }\n    var currentLocation: "
            "CLLocation?\n",
        ),
    )
    s.act(
        None,
        Edit(
            "Tabilog/ViewModels/SpotListViewModel.swift",
            "        request.sortDescriptors = [NSSortDescriptor(keyPath: \\Spot.createdAt, ascending: false)]\n"
            "        spots = (try? context.fetch(request)) ?? []",
            "        request.sortDescriptors = sortOrder == .name\n            ? [NSSortDescriptor(keyPath: \\Spot.name, "
            "ascending: true)]\n            : [NSSortDescriptor(keyPath: \\Spot.createdAt, ascending: false)]\n"
            "        let fetched = (try? context.fetch(request)) ?? []\n        spots = sortOrder == .distance\n"
            "            ? fetched.sorted { $0.location.distance(from: currentLocation!) < $1.location.distance(from: "
            "currentLocation!) }\n            : fetched",
        ),
    )
    s.act(
        None,
        Edit(
            "Tabilog/Views/SpotListView.swift",
            '        .navigationTitle("spots.title")\n',
            '        .navigationTitle("spots.title")\n        .toolbar {\n            Menu {\n'
            '                Picker("spots.sort", selection: $model.sortOrder) {\n'
            "                    ForEach(SpotListViewModel.SortOrder.allCases, id: \\.self) { Text(LocalizedStringKey"
            '("spots.sort.\\($0.rawValue)")) }\n                }\n            } label: { Image(systemName: '
            '"arrow.up.arrow.down") }\n        }\n',
        ),
    )
    lint = (
        f"{IOS}/Tabilog/ViewModels/SpotListViewModel.swift:24:72: warning: Force Unwrapping Violation: Force "
        "unwrapping should be avoided. (force_unwrapping)\n"
        f"{IOS}/Tabilog/ViewModels/SpotListViewModel.swift:24:118: warning: Force Unwrapping Violation: Force "
        "unwrapping should be avoided. (force_unwrapping)\n" + xc_build_ok(58.2)
    )
    s.act(None, Bash(BUILD, lint, desc="Build", secs=62))
    s.not_person("Force unwrapping should be avoided.", "tool_output")
    s.act(
        "SwiftLint flags the two `currentLocation!`. Falling back to date order when there is no location:",
        Edit(
            "Tabilog/ViewModels/SpotListViewModel.swift",
            "        spots = sortOrder == .distance\n            ? fetched.sorted { $0.location.distance(from: "
            "currentLocation!) < $1.location.distance(from: currentLocation!) }\n            : fetched",
            "        if sortOrder == .distance, let here = currentLocation {\n            spots = fetched.sorted { "
            "$0.location.distance(from: here) < $1.location.distance(from: here) }\n        } else {\n"
            "            spots = fetched\n        }",
        ),
    )
    s.act(
        None,
        Bash(
            TEST,
            xc_tests(
                [
                    ("SpotListViewModelTests.testSortByName", "passed", 0.012),
                    ("SpotListViewModelTests.testSortByDateDefault", "passed", 0.009),
                    ("SpotStoreTests.testInsertAndFetch", "passed", 0.044),
                ]
            ),
            desc="Tests",
            secs=75,
        ),
    )
    s.say("Sort menu added (date / name / distance), no lint warnings, tests pass.")
    s.user(
        "ok. fyi new view models use @Observable, not ObservableObject. we're iOS 17+ anyway. this one can stay "
        "as is for now. commit",
        rules=[("observable", "new view models use @Observable, not ObservableObject")],
    )
    s.act(
        None,
        Bash(
            'git add Tabilog && git commit -m "Spot list: sort by date, name or distance"',
            git_commit("feat/spot-sort", "c2e81a0", "Spot list: sort by date, name or distance", 2, 27, 3),
            desc="Commit",
        ),
    )
    s.say("Committed c2e81a0.")
    s.outcome("success", "sort menu built, lint clean, tests green, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t02_beta_signing() -> Session:
    s = ios("t02-beta-signing", "2026-10-06T05:31:40", "2.1.180", "release/1.4", "sunny-harbor-tern")
    s.user("bundle exec fastlane beta 回して。1.4 (52) をTestFlightに", after=0)
    s.act(None, Bash("bundle exec fastlane beta", gym_fail(WIDGET_PROFILE_ERR), code=1, desc="fastlane beta", secs=140))
    s.act(None, Read("fastlane/Fastfile", FASTFILE))
    s.act(
        "The archive fails on the widget extension's signing. Letting xcodebuild fetch profiles itself:",
        Edit(
            "fastlane/Fastfile",
            '    gym(scheme: "Tabilog", export_method: "app-store")',
            '    gym(scheme: "Tabilog", export_method: "app-store", xcargs: "-allowProvisioningUpdates")',
        ),
    )
    s.act(
        None,
        Bash(
            "bundle exec fastlane beta",
            gym_fail(
                '❌  error: Provisioning profile "match AppStore jp.tabilog.app" has app ID "jp.tabilog.app", '
                "which does not match the bundle ID \"jp.tabilog.app.widget\". (in target 'TabilogWidgetExtension' "
                "from project 'Tabilog')"
            ),
            code=1,
            desc="fastlane beta again",
            secs=150,
        ),
    )
    s.say(
        "Now the widget target picks up the main app's profile. The match repo seems to have no App Store profile "
        "for `jp.tabilog.app.widget` at all."
    )
    s.user("meh. enough for today, revert that Fastfile change")
    s.act(
        None,
        Edit(
            "fastlane/Fastfile",
            ', xcargs: "-allowProvisioningUpdates")',
            ")",
        ),
    )
    s.say("Reverted.")
    s.hit(SIGN)
    s.outcome("failed", "TestFlight upload fails twice on the widget's profile; change reverted, Haruto gives up")
    return s


# ------------------------------------------------------------------------------------------------------------------
CRASH = """Tabilog/PersistenceController.swift:19: Fatal error: Unresolved error Error Domain=NSCocoaErrorDomain Code=134110 "An error occurred during persistent store migration." UserInfo={sourceURL=file:///private/var/mobile/Containers/Data/Application/5E1C0A7B-2D94-4F8B-9B61-0C6D7A2F31E4/Library/Application%20Support/Tabilog.sqlite, reason=Cannot migrate store in-place: Validation error missing attribute values on mandatory destination attribute, destinationURL=file:///private/var/mobile/Containers/Data/Application/5E1C0A7B-2D94-4F8B-9B61-0C6D7A2F31E4/Library/Application%20Support/.Tabilog.sqlite.migrationdestination_41b5a6b5c6e3f5b4, NSUnderlyingError=0x283a1c0f0 {Error Domain=NSCocoaErrorDomain Code=134110 "An error occurred during persistent store migration." UserInfo={entity=Spot, attribute=visitedAt, reason=Validation error missing attribute values on mandatory destination attribute}}}, [...]
Thread 0 Crashed:
0   libswiftCore.dylib   0x000000019a2f7a34 _assertionFailure(_:_:file:line:flags:) + 264
1   Tabilog              0x0000000100f1c2a8 closure #1 in PersistenceController.init(inMemory:) + 412"""


def t03_testflight_crash() -> Session:
    s = ios("t03-testflight-crash", "2026-10-07T05:30:02", "2.1.180", "main", "misty-quay-plover")
    s.user("testflightで落ちてるって報告。起動直後\n```\n" + CRASH + "\n```", after=0)
    s.act(None, Read("Tabilog/Persistence/PersistenceController.swift", PERSISTENCE, total=31))
    s.act(None, Read(MODEL4, MODEL4_XML))
    s.say(
        "Model 4 adds `Spot.visitedAt` as a required `Date` with no default. Lightweight migration can't fill it "
        "for existing spots, so the store from 1.3 (model 3) fails validation and `loadPersistentStores` hits the "
        "fatalError."
    )
    s.act(
        "For the testers, the quickest way out is to drop the store and recreate it when migration fails:",
        Denied(
            Edit(
                "Tabilog/Persistence/PersistenceController.swift",
                '                fatalError("Unresolved error \\(error), \\(error.userInfo)")',
                "                if error.code == NSMigrationError || error.code == 134110, let url = "
                "self.container.persistentStoreDescriptions.first?.url {\n                    try? self.container."
                "persistentStoreCoordinator.destroyPersistentStore(at: url, ofType: NSSQLiteStoreType)\n"
                '                }\n                fatalError("Unresolved error \\(error), \\(error.userInfo)")',
            ),
            "だめ、ユーザーの旅の記録が全部消える。ちゃんとマイグレーションで直したい",
        ),
    )
    s.say("了解です、何も変更していません。")
    s.user(
        "あとCore Dataのモデルを変えるときは、必ず新しいモデルバージョンを作って。リリース済みのxcdatamodelは編集しない",
        rules=[("model-version", "Core Dataのモデルを変えるときは、必ず新しいモデルバージョンを作って")],
    )
    s.say("わかりました。リリース済みのバージョンには触らず、変更は新しいモデルバージョンで行います。")
    s.hit(MIGR)
    s.outcome("failed", "cause found, the proposed store reset is refused with a reason, nothing fixed")
    return s


# ------------------------------------------------------------------------------------------------------------------
SETTINGS_VIEW = """struct SettingsView: View {
    @AppStorage("notificationsOn") private var notificationsOn = true

    var body: some View {
        Form {
            Toggle("通知", isOn: $notificationsOn)
            Section("このアプリについて") {
                Text("バージョン \\(Bundle.main.shortVersion)")
            }
        }
        .navigationTitle("設定")
    }
}"""

XCSTRINGS = """{
  "sourceLanguage" : "ja",
  "strings" : {
    "spots.title" : {
      "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "Spots" } },
        "ja" : { "stringUnit" : { "state" : "translated", "value" : "スポット" } }
      }
    }
  },
  "version" : "1.0"
}"""


def t04_settings_l10n() -> Session:
    s = ios("t04-settings-l10n", "2026-10-08T06:01:27", "2.1.180", "feat/settings-l10n", "misty-quay-plover")
    s.user(
        "設定画面の英語対応したい。あとプライバシーポリシーへのリンクも足して。画面の文字列は全部String Catalog "
        "(Localizable.xcstrings) に入れて、Viewに直書きしないで",
        after=0,
        rules=[
            (
                "string-catalog",
                "画面の文字列は全部String Catalog (Localizable.xcstrings) に入れて、Viewに直書きしないで",
            )
        ],
    )
    s.act(None, Read("Tabilog/Views/SettingsView.swift", SETTINGS_VIEW, total=20))
    s.act(None, Read("Tabilog/Resources/Localizable.xcstrings", XCSTRINGS, total=412))
    s.act(
        None,
        Edit(
            "Tabilog/Views/SettingsView.swift",
            '            Toggle("通知", isOn: $notificationsOn)\n            Section("このアプリについて") {\n'
            '                Text("バージョン \\(Bundle.main.shortVersion)")\n            }\n        }\n'
            '        .navigationTitle("設定")',
            '            Toggle("settings.notifications", isOn: $notificationsOn)\n            Section("settings.about") '
            '{\n                Text("settings.version \\(Bundle.main.shortVersion)")\n                Link('
            '"settings.privacy", destination: URL(string: "https://tabilog.jp/privacy")!)\n            }\n        }\n'
            '        .navigationTitle("settings.title")',
        ),
    )
    s.say("Strings moved to keys; adding them to the catalog next.")
    s.user("no force unwrap pls", rules=[("no-force-unwrap", "no force unwrap")])
    s.act(
        None,
        Edit(
            "Tabilog/Views/SettingsView.swift",
            '                Link("settings.privacy", destination: URL(string: "https://tabilog.jp/privacy")!)\n',
            '                if let url = URL(string: "https://tabilog.jp/privacy") {\n'
            '                    Link("settings.privacy", destination: url)\n                }\n',
        ),
    )
    s.act(
        None,
        Edit(
            "Tabilog/Resources/Localizable.xcstrings",
            '  "strings" : {\n',
            '  "strings" : {\n    "settings.notifications" : { "localizations" : { "en" : { "stringUnit" : { "state" '
            ': "translated", "value" : "Notifications" } }, "ja" : { "stringUnit" : { "state" : "translated", "value" '
            ': "通知" } } } },\n    "settings.about" : { "localizations" : { "en" : { "stringUnit" : { "state" : '
            '"translated", "value" : "About" } }, "ja" : { "stringUnit" : { "state" : "translated", "value" : "このアプリ'
            'について" } } } },\n    "settings.privacy" : { "localizations" : { "en" : { "stringUnit" : { "state" : '
            '"translated", "value" : "Privacy Policy" } }, "ja" : { "stringUnit" : { "state" : "translated", "value" : '
            '"プライバシーポリシー" } } } },\n    "settings.title" : { "localizations" : { "en" : { "stringUnit" : { '
            '"state" : "translated", "value" : "Settings" } }, "ja" : { "stringUnit" : { "state" : "translated", '
            '"value" : "設定" } } } },\n    "settings.version %@" : { "localizations" : { "en" : { "stringUnit" : { '
            '"state" : "translated", "value" : "Version %@" } }, "ja" : { "stringUnit" : { "state" : "translated", '
            '"value" : "バージョン %@" } } } },\n',
        ),
    )
    s.act(None, Bash(BUILD, xc_build_ok(49.7), desc="Build", secs=52))
    s.user("👍 commit")
    s.act(
        None,
        Bash(
            'git add Tabilog && git commit -m "Settings: localize strings (ja/en), privacy policy link"',
            git_commit(
                "feat/settings-l10n", "19b7c55", "Settings: localize strings (ja/en), privacy policy link", 2, 14, 4
            ),
            desc="Commit",
        ),
    )
    s.say("Committed 19b7c55.")
    s.outcome("success", "settings localized through the string catalog, link without force unwrap, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
CI_LOG = """Run fastlane beta
[05:12:40]: fastlane detected a Gemfile in the current directory
[05:12:40]: However, it seems like you didn't use `bundle exec`
[05:12:40]: To launch fastlane faster, please use
[05:12:40]:
[05:12:40]: $ bundle exec fastlane beta
[05:12:40]:
[05:12:41]: Driving the lane 'ios beta' 🚀
[05:12:55]: All required keys, certificates and provisioning profiles are installed 🙌
[05:19:02]: ▸ ** ARCHIVE SUCCEEDED **
[05:19:03]: Generated plist file with the following values:
[05:19:03]: ▸ "provisioningProfiles": { "jp.tabilog.app": "match AppStore jp.tabilog.app" }
[05:19:31]: ▸ error: exportArchive: No profiles for 'jp.tabilog.app.widget' were found
[05:19:31]: Exit status: 70
Error: Process completed with exit code 1."""


def t05_ci_beta_log() -> Session:
    s = ios("t05-ci-beta-log", "2026-10-09T05:44:18", "2.1.186", "release/1.4", "brisk-cove-gull")
    s.user("CIでもbetaコケた\n```\n" + CI_LOG + "\n```", after=0)
    s.not_person("To launch fastlane faster, please use", "pasted_log")
    s.act(
        None,
        Bash(
            "gh run view 11873302451 --log-failed | tail -n 40",
            "failed to get run log: log not found",
            code=1,
            desc="Full failed log",
        ),
        Sibling(Bash("gh run list --workflow beta.yml -L 3", desc="Recent beta runs")),
    )
    s.act(
        None,
        Read(
            ".github/workflows/beta.yml",
            "    steps:\n      - uses: actions/checkout@v4\n      - uses: ruby/setup-ruby@v1"
            "\n        with:\n          bundler-cache: true\n      - run: fastlane beta",
            offset=14,
            total=24,
        ),
    )
    s.act(
        None, Edit(".github/workflows/beta.yml", "      - run: fastlane beta", "      - run: bundle exec fastlane beta")
    )
    s.act(
        "The export only has a profile for `jp.tabilog.app`. Checking whether match can provide the widget's:",
        Bash(
            "bundle exec fastlane match appstore --readonly --app_identifier jp.tabilog.app.widget",
            "[✔] 🚀 \n[14:47:02]: Cloning remote git repo...\n[14:47:04]: 🔓  Successfully decrypted certificates repo\n"
            "[14:47:04]: No matching provisioning profiles found for 'AppStore_jp.tabilog.app.widget.mobileprovision'\n"
            "[!] No matching provisioning profiles found and can not create a new one because you enabled `readonly`",
            code=1,
            desc="Ask match for the widget profile",
            secs=9,
        ),
    )
    s.say(
        "The certificates repo has no App Store profile for the widget. Creating it needs match without "
        "`--readonly`, which writes to the certificates repo."
    )
    s.user(
        "fastlane はいつも遅いし今日は時間ない。certs repoに書くのは来週にしよ",
        non_rules=["fastlane はいつも遅いし今日は時間ない"],
    )
    s.say("了解です。beta.yml の bundle exec だけ変更してあります(未コミット)。")
    s.hit(SIGN)
    s.outcome("failed", "CI export fails on the widget profile, match has none; postponed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t06_migration_test() -> Session:
    s = ios("t06-migration-test", "2026-10-12T06:03:51", "2.1.186", "fix/migration-v4", "brisk-cove-gull")
    s.user(
        "wrote MigrationTests (builds a v3 store, migrates to v4). it fails, pls loook. "
        "-only-testing:TabilogTests/MigrationTests",
        after=0,
    )
    s.say("Running the whole test suite first to see where things stand.")
    s.interrupt(after=4)
    s.user("just MigrationTests, rest is fine", after=7)
    fail = xc_tests([("MigrationTests.testMigrateV3ToV4", "failed", 0.412)], failures=[f"37: {MIGRATION_ERR}"])
    s.act(None, Bash(MIGRATION_TEST, fail, code=65, desc="Migration test", secs=70))
    spot = """@objc(Spot)
public class Spot: NSManagedObject {
}"""
    s.act(None, Read("Tabilog/Models/Spot+CoreDataClass.swift", spot))
    s.act(
        "Giving new objects a `visitedAt` when they are created:",
        Edit(
            "Tabilog/Models/Spot+CoreDataClass.swift",
            "public class Spot: NSManagedObject {\n}",
            "public class Spot: NSManagedObject {\n    override public func awakeFromInsert() {\n"
            '        super.awakeFromInsert()\n        setPrimitiveValue(Date(), forKey: "visitedAt")\n    }\n}',
        ),
    )
    s.act(None, Bash(MIGRATION_TEST, fail.replace("0.412", "0.398"), code=65, desc="Migration test again", secs=66))
    s.act(
        "`awakeFromInsert` is not called for migrated rows. A custom entity migration policy can fill `visitedAt` "
        "from `createdAt`:",
        Write(
            "Tabilog/Models/SpotMigrationPolicyV3toV4.swift",
            "final class SpotMigrationPolicyV3toV4: NSEntityMigrationPolicy {\n    override func createDestinationInstances("
            "forSource sInstance: NSManagedObject, in mapping: NSEntityMapping, manager: NSMigrationManager) throws {\n"
            "        try super.createDestinationInstances(forSource: sInstance, in: mapping, manager: manager)\n"
            "        let dest = manager.destinationInstances(forEntityMappingName: mapping.name, sourceInstances: "
            '[sInstance]).first\n        dest?.setValue(sInstance.value(forKey: "createdAt"), forKey: "visitedAt")\n'
            "    }\n}\n",
        ),
    )
    s.act(
        None,
        Bash(
            MIGRATION_TEST,
            xc_tests(
                [("MigrationTests.testMigrateV3ToV4", "failed", 0.377)],
                failures=[
                    "37: error: -[TabilogTests.MigrationTests testMigrateV3ToV4] : XCTAssertNoThrow failed: threw "
                    'error "Error Domain=NSCocoaErrorDomain Code=134140 "Persistent store migration failed, missing '
                    'mapping model." UserInfo={destinationModel=(<NSManagedObjectModel: 0x600002f1c0a0>) isEditable 0, '
                    "entities {Photo, Spot}, reason=Can't find mapping model for migration}\""
                ],
            ),
            code=65,
            desc="Migration test a third time",
            secs=68,
        ),
    )
    s.say(
        "The policy needs a mapping model (.xcmappingmodel) that names it, which has to be created in Xcode's "
        "editor; without it Core Data still tries inferred migration and now reports the missing mapping model."
    )
    s.user("いったんストップ。会議")
    s.hit(MIGR)
    s.outcome("failed", "the migration test fails three times with different attempts; Haruto leaves for a meeting")
    return s


# ------------------------------------------------------------------------------------------------------------------
IMPORT_SVC = """    func importAssets(_ assets: [PHAsset], into spot: Spot) async throws {
        let context = persistence.container.viewContext
        for asset in assets {
            let data = try await imageData(for: asset)
            let photo = Photo(context: context)
            photo.spot = spot
            photo.data = data
        }
        try context.save()
    }"""


def t07_photo_import_threading() -> Session:
    s = ios("t07-photo-import-threading", "2026-10-13T06:20:35", "2.1.186", "feat/photo-import", "golden-dune-stilt")
    s.user(
        "写真インポートでたまにクラッシュする。-com.apple.CoreData.ConcurrencyDebug 1 つけたらここで止まった\n```\n"
        "CoreData: error: An NSManagedObjectContext's concurrency violation\n"
        "Thread 7 Queue : com.apple.root.user-initiated-qos.cooperative (concurrent)\n"
        "#0 0x00000001803a81c4 in +[NSManagedObjectContext __Multithreading_Violation_AllThatIsLeftToUsIsHonor__] ()\n"
        "#1 0x0000000102b94e10 in PhotoImportService.importAssets(_:into:) at PhotoImportService.swift:23\n```",
        after=0,
    )
    s.act(None, Read("Tabilog/Services/PhotoImportService.swift", IMPORT_SVC, offset=18, total=52))
    s.act(
        "原則として、viewContext はメインスレッド以外から触らないでください。ここでは async 関数の中(協調スレッド)で "
        "viewContext を使っているのが原因です。バックグラウンドコンテキストと perform に切り替えます:",
        Edit(
            "Tabilog/Services/PhotoImportService.swift",
            "        let context = persistence.container.viewContext\n        for asset in assets {\n"
            "            let data = try await imageData(for: asset)\n            let photo = Photo(context: context)\n"
            "            photo.spot = spot\n            photo.data = data\n        }\n        try context.save()",
            "        var images: [Data] = []\n        for asset in assets { images.append(try await imageData(for: asset)) }"
            "\n        let spotID = spot.objectID\n        let context = persistence.container.newBackgroundContext()\n"
            "        try await context.perform {\n            guard let spot = try context.existingObject(with: spotID) as? "
            "Spot else { return }\n            for data in images {\n                let photo = Photo(context: context)\n"
            "                photo.spot = spot\n                photo.data = data\n            }\n"
            "            try context.save()\n        }",
        ),
    )
    s.not_person("原則として、viewContext はメインスレッド以外から触らないでください。", "assistant_text")
    s.act(
        None,
        Bash(
            f"{TEST} -only-testing:TabilogTests/PhotoImportServiceTests",
            xc_tests(
                [
                    ("PhotoImportServiceTests.testImportThreePhotos", "passed", 0.231),
                    ("PhotoImportServiceTests.testImportIntoDeletedSpotIsNoop", "passed", 0.088),
                ]
            ),
            desc="Photo import tests (ConcurrencyDebug on in the scheme)",
            secs=64,
        ),
    )
    s.say("テスト通りました(スキームで ConcurrencyDebug 1 のまま)。")
    s.user("いけた、ありがと。commitしといて")
    s.act(
        None,
        Bash(
            'git commit -am "Photo import: save on a background context"',
            git_commit("feat/photo-import", "8ad04e3", "Photo import: save on a background context", 1, 12, 8),
            desc="Commit",
        ),
    )
    s.one_off(
        "Core Data concurrency violation (__Multithreading_Violation_AllThatIsLeftToUsIsHonor__) in "
        "PhotoImportService: viewContext used off the main thread; fixed with newBackgroundContext + perform "
        "(a Core Data crash, but not the migration)"
    )
    s.outcome("success", "import saves on a background context, tests pass with ConcurrencyDebug, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t08_fix_signing() -> Session:
    s = ios("t08-fix-signing", "2026-10-14T05:40:12", "2.1.186", "fix/match-widget", "golden-dune-stilt")
    s.local_command("model", "opus", "Set model to \x1b[1mopus (claude-opus-4-6)\x1b[22m", after=0)
    s.user(
        "TestFlightに上げるのがまたコケてる、ウィジェット入れてからずっと。今日こそちゃんと直す。certs repoに書いてOK",
        after=8,
    )
    s.act(None, Read("fastlane/Matchfile", MATCHFILE), Read("fastlane/Fastfile", FASTFILE))
    s.act(
        "match only manages the bundle ids listed in the Matchfile, and the Fastfile passes only the app's. Adding "
        "the widget extension to both:",
        Edit(
            "fastlane/Matchfile",
            'app_identifier(["jp.tabilog.app"])',
            'app_identifier(["jp.tabilog.app", "jp.tabilog.app.widget"])',
        ),
    )
    s.act(
        None,
        Edit(
            "fastlane/Fastfile",
            '    match(type: "appstore", app_identifier: "jp.tabilog.app", readonly: true)',
            '    match(type: "appstore", readonly: is_ci)',
        ),
    )
    s.act(
        None,
        Bash(
            "bundle exec fastlane match appstore",
            "\n".join(
                [
                    "[✔] 🚀 ",
                    "[15:02:31]: Cloning remote git repo...",
                    "[15:02:33]: 🔓  Successfully decrypted certificates repo",
                    "[15:02:34]: Creating new provisioning profile for 'jp.tabilog.app.widget' with name 'match AppStore "
                    "jp.tabilog.app.widget' for 'ios' platform",
                    "[15:02:38]: Successfully installed 'match AppStore jp.tabilog.app.widget'",
                    "[15:02:40]: 🔒  Successfully encrypted certificates repo",
                    "[15:02:42]: Pushing changes to remote git repo...",
                    "[15:02:44]: All required keys, certificates and provisioning profiles are installed 🙌",
                ]
            ),
            desc="Create the widget's App Store profile",
            secs=16,
        ),
    )
    s.act(
        None,
        Bash(
            "bundle exec fastlane beta",
            "\n".join(
                [
                    *fastlane_head("beta"),
                    "[15:03:02]: All required keys, certificates and provisioning profiles are installed 🙌",
                    "[15:09:41]: ▸ ** ARCHIVE SUCCEEDED **",
                    "[15:10:12]: Successfully exported and compressed dSYM file",
                    "[15:10:13]: Successfully exported and signed the ipa file:",
                    "[15:10:13]: /Users/haruto/dev/Tabilog/Tabilog.ipa",
                    "[15:10:14]: --- Step: pilot ---",
                    "[15:12:40]: Successfully uploaded the new binary to App Store Connect",
                    "[15:12:40]: fastlane.tools finished successfully 🎉",
                ]
            ),
            desc="fastlane beta",
            secs=580,
        ),
    )
    s.say("Uploaded build 52 to App Store Connect; TestFlight is processing it.")
    s.user(
        "🙌 TIL match only fetches profiles for the bundle ids in the Matchfile, extensions included. commitして",
        lessons=["TIL match only fetches profiles for the bundle ids in the Matchfile, extensions included"],
    )
    s.act(
        None,
        Bash(
            "git add fastlane/Matchfile fastlane/Fastfile && git commit -m \"match: manage the widget extension's App "
            'Store profile"',
            git_commit(
                "fix/match-widget", "0f6b3e9", "match: manage the widget extension's App Store profile", 2, 2, 2
            ),
            desc="Commit",
        ),
    )
    s.say("Committed 0f6b3e9.")
    s.hit(SIGN, fixed=True)
    s.outcome("success", "widget added to match, profile created, build uploaded to TestFlight, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t09_upgrade_crash_words() -> Session:
    s = ios("t09-upgrade-crash-words", "2026-10-15T06:30:48", "2.1.186", "main", "calm-reef-shrike")
    s.user(
        "テスターから、アップデートしたら起動直後に落ちるって。新規インストールでは絶対再現しないらしい。1.3のビルドが "
        "build/archive/Tabilog-1.3.app にあるからシミュレータで再現してみて",
        after=0,
        non_rules=["新規インストールでは絶対再現しないらしい"],
    )
    s.act(
        None,
        Bash(
            'xcrun simctl boot "iPhone 16" && xcrun simctl install booted build/archive/Tabilog-1.3.app && '
            "xcrun simctl launch booted jp.tabilog.app",
            "jp.tabilog.app: 48211",
            desc="Install and launch 1.3",
            secs=14,
        ),
    )
    s.act(
        None,
        Bash(
            'xcrun simctl openurl booted "tabilog://debug/seed?spots=5" && sleep 2 && xcrun simctl terminate booted '
            "jp.tabilog.app",
            "",
            desc="Seed five spots in 1.3",
            secs=4,
        ),
    )
    s.act(
        None,
        Bash(
            f"{BUILD} -derivedDataPath build/dd && xcrun simctl install booted "
            "build/dd/Build/Products/Debug-iphonesimulator/Tabilog.app && xcrun simctl launch booted jp.tabilog.app; "
            "sleep 3; xcrun simctl spawn booted log show --last 1m --predicate 'process == \"Tabilog\"' | grep -m2 "
            "'Fatal error'",
            xc_build_ok(71.5) + "\njp.tabilog.app: 48390\n2026-10-15 15:33:12.804 E  Tabilog[48390:1f2a0] "
            "Tabilog/PersistenceController.swift:19: Fatal error: Unresolved error Error Domain=NSCocoaErrorDomain "
            'Code=134110 "An error occurred during persistent store migration." UserInfo={... entity=Spot, '
            "attribute=visitedAt, reason=Validation error missing attribute values on mandatory destination attribute}",
            desc="Install the current build over 1.3 and read the crash",
            secs=90,
        ),
    )
    s.act(None, Read("Tabilog/Persistence/PersistenceController.swift", PERSISTENCE, total=31))
    s.say(
        "Reproduced: upgrading a 1.3 store with spots crashes in `loadPersistentStores` on `Spot.visitedAt`. A "
        "fresh install creates the model-4 store directly, which is why it never crashes there."
    )
    s.user("やっぱりそこか。また明日")
    s.hit(MIGR)
    s.outcome("failed", "the upgrade crash is reproduced but not fixed; Haruto postpones")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t10_fix_migration() -> Session:
    s = ios("t10-fix-migration", "2026-10-16T05:31:20", "2.1.186", "fix/migration-v4", "calm-reef-shrike")
    s.user(
        "fixing the visitedAt thing today. v4 is TestFlight only, not on the App Store yet, so editing model 4 is ok. "
        "make it optional and fall back to createdAt in code. drop monday's awakeFromInsert + policy attempts",
        after=0,
    )
    s.act(
        None,
        Bash(
            "git status --short",
            " M Tabilog/Models/Spot+CoreDataClass.swift\n?? Tabilog/Models/SpotMigrationPolicyV3toV4.swift",
            desc="Leftovers",
        ),
    )
    s.act(
        None,
        Bash(
            "git checkout -- Tabilog/Models/Spot+CoreDataClass.swift && rm Tabilog/Models/SpotMigrationPolicyV3toV4.swift",
            "",
            desc="Drop Monday's attempts",
        ),
    )
    s.act(None, Read(MODEL4, MODEL4_XML))
    s.act(
        None,
        Edit(
            MODEL4,
            '<attribute name="visitedAt" attributeType="Date" usesScalarValueType="NO"/>',
            '<attribute name="visitedAt" optional="YES" attributeType="Date" usesScalarValueType="NO"/>',
        ),
    )
    props = """extension Spot {
    @NSManaged public var createdAt: Date
    @NSManaged public var visitedAt: Date
}"""
    s.act(None, Read("Tabilog/Models/Spot+CoreDataProperties.swift", props, offset=12, total=40))
    s.act(
        None,
        Edit(
            "Tabilog/Models/Spot+CoreDataProperties.swift",
            "    @NSManaged public var visitedAt: Date\n}",
            "    @NSManaged public var visitedAt: Date?\n}\n\nextension Spot {\n    /// Spots from 1.3 have no visit date; "
            "show when they were saved.\n    var displayDate: Date { visitedAt ?? createdAt }\n}",
        ),
    )
    s.act(
        None,
        Grep(
            r"\.visitedAt",
            [
                "Tabilog/Views/SpotRow.swift:18:            Text(spot.visitedAt, style: .date)",
                "Tabilog/Widget/RecentSpotsEntry.swift:9:        date = spot.visitedAt",
            ],
            path="Tabilog",
            mode="content",
        ),
    )
    s.act(
        None,
        Read(
            "Tabilog/Views/SpotRow.swift",
            "            Text(spot.visitedAt, style: .date)",
            offset=18,
            limit=1,
            total=31,
        ),
    )
    s.act(
        None,
        Edit(
            "Tabilog/Views/SpotRow.swift", "Text(spot.visitedAt, style: .date)", "Text(spot.displayDate, style: .date)"
        ),
    )
    s.act(
        None,
        Read("Tabilog/Widget/RecentSpotsEntry.swift", "        date = spot.visitedAt", offset=9, limit=1, total=20),
    )
    s.act(None, Edit("Tabilog/Widget/RecentSpotsEntry.swift", "date = spot.visitedAt", "date = spot.displayDate"))
    s.act(
        None,
        Bash(
            MIGRATION_TEST,
            xc_tests([("MigrationTests.testMigrateV3ToV4", "passed", 0.351)]),
            desc="Migration test",
            secs=69,
        ),
    )
    s.act(
        None,
        Bash(
            "xcrun simctl uninstall booted jp.tabilog.app && xcrun simctl install booted build/archive/Tabilog-1.3.app "
            '&& xcrun simctl launch booted jp.tabilog.app && xcrun simctl openurl booted "tabilog://debug/seed?spots=5" '
            f"&& sleep 2 && {BUILD} -derivedDataPath build/dd && xcrun simctl install booted build/dd/Build/Products/"
            "Debug-iphonesimulator/Tabilog.app && xcrun simctl launch booted jp.tabilog.app; sleep 3; xcrun simctl "
            "spawn booted log show --last 1m --predicate 'process == \"Tabilog\"' | grep -c 'Fatal error' || true",
            "jp.tabilog.app: 50112\n" + xc_build_ok(68.0) + "\njp.tabilog.app: 50274\n0",
            desc="Real upgrade from 1.3",
            secs=95,
        ),
    )
    s.say("Migration test passes and a real upgrade from 1.3 with five spots launches without a crash.")
    s.user(
        "いけた。覚えとく: Core Dataで必須属性を追加するなら、デフォルト値を入れるかoptionalにしないと軽量マイグレーションは"
        "通らない",
        lessons=[
            "覚えとく: Core Dataで必須属性を追加するなら、デフォルト値を入れるかoptionalにしないと軽量マイグレーションは通らない"
        ],
    )
    s.act(
        None,
        Bash(
            'git add Tabilog && git commit -m "Model 4: make Spot.visitedAt optional, fall back to createdAt"',
            git_commit(
                "fix/migration-v4", "6c4f1d2", "Model 4: make Spot.visitedAt optional, fall back to createdAt", 4, 9, 3
            ),
            desc="Commit",
        ),
    )
    s.say("Committed 6c4f1d2.")
    s.hit(MIGR, fixed=True)
    s.outcome(
        "success", "visitedAt optional in the unreleased model 4 with a createdAt fallback; test and upgrade pass"
    )
    return s


# ------------------------------------------------------------------------------------------------------------------
def _sa_persistence(a: Session) -> None:
    a.act(
        None,
        Glob(
            "Tabilog/**/*.{swift,xcdatamodel}",
            [
                "Tabilog/Persistence/PersistenceController.swift",
                "Tabilog/Models/Spot+CoreDataProperties.swift",
                "Tabilog/Models/Photo+CoreDataProperties.swift",
                "Tabilog/Services/PhotoImportService.swift",
                "Tabilog/ViewModels/SpotListViewModel.swift",
            ],
        ),
    )
    a.act(
        None,
        Grep(
            "NSFetchRequest|fetchRequest\\(\\)|@FetchRequest",
            [
                "Tabilog/ViewModels/SpotListViewModel.swift",
                "Tabilog/Views/MapView.swift",
                "Tabilog/Widget/RecentSpotsProvider.swift",
            ],
            path="Tabilog",
        ),
    )
    a.say(
        "Core Data footprint: 2 entities (Spot, Photo), 4 model versions, 1 NSPersistentContainer, 3 fetch sites "
        "(SpotListViewModel, MapView @FetchRequest, widget provider), 1 background import (PhotoImportService). "
        "No NSFetchedResultsController, no CloudKit. Migration history: lightweight only."
    )


def t11_swiftdata_question() -> Session:
    s = ios("t11-swiftdata-question", "2026-10-19T06:02:09", "2.1.191", "main", "pale-cliff-petrel")
    s.user(
        "question: is moving to SwiftData worth it? skim our persistence code and give me pros/cons. no code changes",
        after=0,
    )
    s.act(
        None,
        Agent(
            "Survey the Core Data layer",
            "Survey how Core Data is used in this iOS app (Tabilog/): entities, model versions, where fetches happen, "
            "background contexts, anything that would be hard to move to SwiftData. Read only; short report with "
            "counts and file names.",
            "Explore",
            _sa_persistence,
        ),
    )
    s.say(
        "判断材料:\n- 規模は小さい(エンティティ2つ、フェッチ箇所3つ)ので移行自体は数日。\n- ただしモデル v1〜v4 の移行"
        "履歴を SwiftData の VersionedSchema に作り直す必要がある。\n- iOS 17 の SwiftData はバックグラウンドの "
        "ModelActor 周りの不具合報告がまだ多い。\n- 今のコードに困っている点がないなら、急ぐ理由は薄いです。"
    )
    s.turn_done()
    s.user("does VersionedSchema mean rewriting v1..v4 all by hand?")
    s.say(
        "はい。SwiftData は .xcdatamodeld を読まないので、各バージョンを VersionedSchema として Swift で書き、"
        "SchemaMigrationPlan に v1→v2→v3→v4 のステージを並べる必要があります。既存ストアはそのまま開けます。"
    )
    s.turn_done()
    s.user(
        "決めた、Core Dataのままでいく。SwiftDataはもう少し落ち着いてから",
        decisions=["決めた、Core Dataのままでいく"],
    )
    s.say("了解です。")
    s.turn_done()
    s.outcome("unknown", "a question answered with a read-only survey and a decision; no task, no verdict")
    return s


# ------------------------------------------------------------------------------------------------------------------
MAKEFILE = """DEST = platform=iOS Simulator,name=iPhone 15,OS=17.5

test:
\txcodebuild test -scheme Tabilog -destination '$(DEST)' | xcbeautify"""


def t12_xcode16_destination() -> Session:
    s = ios("t12-xcode16-destination", "2026-10-20T05:50:33", "2.1.191", "chore/xcode16", "pale-cliff-petrel")
    s.user("updated to Xcode 16.1 and now make test is borken", after=0)
    s.act(
        None,
        Bash(
            "make test",
            "xcodebuild test -scheme Tabilog -destination 'platform=iOS Simulator,name=iPhone 15,OS=17.5' | xcbeautify\n"
            "xcodebuild: error: Unable to find a destination matching the provided destination specifier:\n"
            "\t\t{ platform:iOS Simulator, OS:17.5, name:iPhone 15 }\n\n\tThe requested device could not be found "
            'because no available devices matched the request.\n\n\tAvailable destinations for the "Tabilog" scheme:'
            "\n\t\t{ platform:iOS Simulator, arch:arm64, id:6F1A3C2E-8B0D-4C55-9E2A-1D7B3F9A0C41, OS:18.1, name:iPhone 16 }"
            "\n\t\t{ platform:iOS Simulator, arch:arm64, id:0B9E4D7C-2A61-4F03-8C1E-5A3D9B7E2F60, OS:18.1, name:iPhone 16 Pro }"
            "\nmake: *** [test] Error 70",
            code=2,
            desc="make test",
            secs=8,
        ),
    )
    s.act(
        "Xcode 16.1 only ships the iOS 18.1 simulators. Updating the destination:",
        Edit("Makefile", "name=iPhone 15,OS=17.5", "name=iPhone 16,OS=18.1", not_read=True),
    )
    s.act(None, Read("Makefile", MAKEFILE))
    s.act(None, Edit("Makefile", "name=iPhone 15,OS=17.5", "name=iPhone 16,OS=18.1"))
    s.act(
        None,
        Read(
            "fastlane/Fastfile", FASTFILE.replace('app_identifier: "jp.tabilog.app", readonly: true', "readonly: is_ci")
        ),
    )
    s.act(None, Edit("fastlane/Fastfile", 'device: "iPhone 15 (17.5)"', 'device: "iPhone 16 (18.1)"'))
    s.act(
        None,
        Bash(
            "make test",
            xc_tests(
                [
                    ("SpotListViewModelTests.testSortByName", "passed", 0.011),
                    ("SpotListViewModelTests.testSortByDateDefault", "passed", 0.009),
                    ("MigrationTests.testMigrateV3ToV4", "passed", 0.344),
                    ("PhotoImportServiceTests.testImportThreePhotos", "passed", 0.219),
                ],
                secs=52.4,
            ),
            desc="make test",
            secs=80,
        ),
    )
    s.say("Tests run again on the iPhone 16 / iOS 18.1 simulator (Makefile and the fastlane `test` lane).")
    s.user(
        "thx. I always forget the simulator names lol. decision: deployment target stays iOS 17, no bump to 18 this "
        "year. commit Makefile and Fastfile separately",
        non_rules=["I always forget the simulator names lol."],
        decisions=["decision: deployment target stays iOS 17, no bump to 18 this year"],
    )
    s.act(
        None,
        Bash(
            'git add Makefile && git commit -m "make test: iPhone 16 / iOS 18.1 simulator" && git add fastlane/Fastfile '
            '&& git commit -m "fastlane test lane: iPhone 16 / iOS 18.1 simulator"',
            git_commit("chore/xcode16", "3d9a7b1", "make test: iPhone 16 / iOS 18.1 simulator", 1, 1, 1)
            + "\n"
            + git_commit("chore/xcode16", "90c25ef", "fastlane test lane: iPhone 16 / iOS 18.1 simulator", 1, 1, 1),
            desc="Two commits",
        ),
    )
    s.say("Committed 3d9a7b1 and 90c25ef.")
    s.one_off(
        "xcodebuild: Unable to find a destination matching { platform:iOS Simulator, OS:17.5, name:iPhone 15 } "
        "after the Xcode 16.1 update; destination moved to iPhone 16 / iOS 18.1 in the Makefile and the Fastfile"
    )
    s.outcome("success", "test destination updated in Makefile and Fastfile, tests green, two commits")
    return s


# ------------------------------------------------------------------------------------------------------------------
WIDGET = """struct TabilogWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TabilogWidget", provider: PlaceholderProvider()) { entry in
            RecentSpotsView(entry: entry)
        }
        .configurationDisplayName("widget.name")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}"""


def _sa_widget_tests(a: Session) -> None:
    a.act(
        None,
        Read(
            "TabilogWidgetTests/RecentSpotsProviderTests.swift", "final class RecentSpotsProviderTests: XCTestCase {\n}"
        ),
    )
    a.act(
        None,
        Edit(
            "TabilogWidgetTests/RecentSpotsProviderTests.swift",
            "final class RecentSpotsProviderTests: XCTestCase {\n}",
            "final class RecentSpotsProviderTests: XCTestCase {\n    func testThreeMostRecent() throws {\n"
            "        let store = PersistenceController(inMemory: true)\n        try seedSpots(5, in: store)\n"
            "        let entry = RecentSpotsProvider(persistence: store).makeEntry(date: .now)\n"
            "        XCTAssertEqual(entry.spots.count, 3)\n    }\n\n    func testEmptyStore() {\n"
            "        let entry = RecentSpotsProvider(persistence: PersistenceController(inMemory: true)).makeEntry(date: "
            ".now)\n        XCTAssertTrue(entry.spots.isEmpty)\n    }\n}",
        ),
    )
    a.say("Added 2 tests in TabilogWidgetTests/RecentSpotsProviderTests.swift (three most recent, empty store).")


def t13_widget_timeline() -> Session:
    s = ios("t13-widget-timeline", "2026-10-21T05:40:57", "2.1.191", "feat/widget-timeline", "ruddy-atoll-kite")
    s.user(
        "widget timeline: 3 most recently visited spots, refresh hourly. share the store through the app group "
        "(group.jp.tabilog)",
        after=0,
    )
    s.title("Widget timeline with recent spots")
    s.act(
        None,
        Read("TabilogWidget/TabilogWidget.swift", WIDGET, total=24),
        Read("Tabilog/Persistence/PersistenceController.swift", PERSISTENCE, total=31),
    )
    s.act(
        "Writing the provider tests in the background while I do the provider and the shared store:",
        Agent(
            "Widget provider tests",
            "In TabilogWidgetTests/RecentSpotsProviderTests.swift add XCTest cases for a RecentSpotsProvider with "
            "makeEntry(date:) returning the three most recent spots (by visitedAt ?? createdAt) from a "
            "PersistenceController(inMemory: true); one case with five spots, one with an empty store. Only edit that "
            "file.",
            "general-purpose",
            _sa_widget_tests,
            background=True,
        ),
    )
    s.act(
        None,
        Write(
            "TabilogWidget/RecentSpotsProvider.swift",
            "struct RecentSpotsProvider: TimelineProvider {\n    var persistence = PersistenceController.shared\n\n"
            "    func makeEntry(date: Date) -> RecentSpotsEntry {\n        let url = FileManager.default.containerURL("
            'forSecurityApplicationGroupIdentifier: "group.jp.tabilog")!\n        return RecentSpotsEntry(date: '
            "date, spots: persistence.recentSpots(limit: 3, storeDirectory: url))\n    }\n\n"
            "    func getTimeline(in context: Context, completion: @escaping (Timeline<RecentSpotsEntry>) -> Void) {\n"
            "        let now = Date.now\n        completion(Timeline(entries: [makeEntry(date: now)], policy: .after("
            "now.addingTimeInterval(3600))))\n    }\n}\n",
        ),
    )
    s.user("強制アンラップ禁止ね、前にも言ったけど", rules=[("no-force-unwrap", "強制アンラップ禁止ね")])
    s.act(
        None,
        Read(
            "TabilogWidget/RecentSpotsProvider.swift",
            "        let url = FileManager.default.containerURL("
            'forSecurityApplicationGroupIdentifier: "group.jp.tabilog")!',
            offset=5,
            limit=1,
            total=17,
        ),
    )
    s.act(
        None,
        Edit(
            "TabilogWidget/RecentSpotsProvider.swift",
            "        let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "
            '"group.jp.tabilog")!',
            "        guard let url = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "
            '"group.jp.tabilog") else {\n            return RecentSpotsEntry(date: date, spots: [])\n        }',
        ),
    )
    s.compact(
        "auto",
        "This session is being continued from a previous conversation that ran out of context. The conversation is "
        "summarized below:\nSummary:\n1. Primary Request and Intent:\n   Widget timeline showing the 3 most recently "
        "visited spots, refreshed hourly; Core Data store shared with the widget through the App Group "
        "group.jp.tabilog.\n\n2. Key Technical Concepts:\n   - WidgetKit TimelineProvider, .after(now + 3600)\n"
        "   - NSPersistentContainer store URL in the app group container\n   - User preference: every SwiftUI view "
        "must have a #Preview.\n\n3. Files:\n   - TabilogWidget/RecentSpotsProvider.swift (new, no force unwrap)\n"
        "   - Tabilog/Persistence/PersistenceController.swift (store URL still in the app sandbox)\n"
        "   - TabilogWidgetTests/RecentSpotsProviderTests.swift (a background agent is writing tests)\n\n"
        "4. Pending Tasks:\n   - move the store URL to the app group, wire the widget, run the tests",
        pre_tokens=158_730,
        post_tokens=12_405,
    )
    s.not_person("User preference: every SwiftUI view must have a #Preview.", "compaction_summary")
    s.act(
        "Moving the store into the app group container:",
        Read("Tabilog/Persistence/PersistenceController.swift", PERSISTENCE, total=31),
    )
    s.act(
        None,
        Edit(
            "Tabilog/Persistence/PersistenceController.swift",
            "        if inMemory {\n",
            "        if !inMemory, let group = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "
            '"group.jp.tabilog") {\n            container.persistentStoreDescriptions.first?.url = group.'
            'appendingPathComponent("Tabilog.sqlite")\n        }\n        if inMemory {\n',
        ),
    )
    s.agent_done(after=20)
    s.act(
        None,
        Bash(
            f"xcodebuild test -scheme TabilogWidgetExtension -destination '{DEST}'",
            xc_tests(
                [
                    ("RecentSpotsProviderTests.testThreeMostRecent", "passed", 0.071),
                    ("RecentSpotsProviderTests.testEmptyStore", "passed", 0.012),
                ],
                secs=44.1,
            ),
            desc="Widget tests",
            secs=70,
        ),
    )
    s.say("Provider, shared store and the two tests from the background agent all pass.")
    s.user("👍 commit")
    s.act(
        None,
        Bash(
            'git add Tabilog TabilogWidget TabilogWidgetTests && git commit -m "Widget: recent spots timeline, store in '
            'the app group"',
            git_commit(
                "feat/widget-timeline", "a5e8c31", "Widget: recent spots timeline, store in the app group", 4, 71, 2
            ),
            desc="Commit",
        ),
    )
    s.say("Committed a5e8c31.")
    s.outcome("success", "widget timeline with shared store built, tests green, committed")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t14_beta_141() -> Session:
    s = ios("t14-beta-141", "2026-10-23T06:10:40", "2.1.191", "release/1.4", "ruddy-atoll-kite")
    s.user("1.4.1 (53) to TestFlight pls. then run swiftlint --strict", after=0)
    s.act(
        None,
        Bash(
            "agvtool new-marketing-version 1.4.1 && agvtool new-version -all 53",
            "Setting CFBundleShortVersionString of project Tabilog to:\n    1.4.1.\nSetting version of project Tabilog "
            "to:\n    53.\n\nAlso setting CFBundleVersion key (assuming it exists)",
            desc="Bump version and build",
        ),
    )
    s.act(
        None,
        Bash(
            "bundle exec fastlane beta",
            "\n".join(
                [
                    *fastlane_head("beta"),
                    "[15:12:02]: All required keys, certificates and provisioning profiles are installed 🙌",
                    "[15:18:30]: ▸ ** ARCHIVE SUCCEEDED **",
                    "[15:19:02]: Successfully exported and signed the ipa file:",
                    "[15:21:35]: Successfully uploaded the new binary to App Store Connect",
                    "[15:21:35]: fastlane.tools finished successfully 🎉",
                ]
            ),
            desc="fastlane beta",
            secs=590,
        ),
    )
    s.act(
        None,
        Bash(
            'git commit -am "Version 1.4.1 (53)" && git tag v1.4.1-53 && git push origin release/1.4 v1.4.1-53',
            git_commit("release/1.4", "b71e0a4", "Version 1.4.1 (53)", 3, 6, 6)
            + "\nTo github.com:tabilog-app/Tabilog.git\n   0f6b3e9..b71e0a4  release/1.4 -> release/1.4\n"
            " * [new tag]         v1.4.1-53 -> v1.4.1-53",
            desc="Commit, tag, push",
            secs=5,
        ),
    )
    s.act(
        None,
        Bash(
            "swiftlint lint --strict --quiet",
            f"{IOS}/Tabilog/Legacy/OldExporter.swift:88:5: error: Function Body Length Violation: Function body should "
            "span 50 lines or less excluding comments and whitespace: currently spans 71 lines (function_body_length)",
            code=2,
            desc="SwiftLint strict",
            secs=6,
        ),
    )
    s.say(
        "1.4.1 (53) is uploaded to TestFlight. `swiftlint --strict` reports one error, in `OldExporter.swift`, which "
        "this release doesn't touch."
    )
    s.user("それは前からある。いけた 👍")
    s.outcome("success", "build uploaded; the last (lint) tool call fails on an old, accepted violation")
    return s


# ------------------------------------------------------------------------------------------------------------------
def t15_idle() -> Session:
    s = ios("t15-idle", "2026-10-22T06:41:03", "2.1.191", "main", "ruddy-atoll-kite")
    s.local_command("model", "sonnet", "Set model to \x1b[1msonnet (claude-sonnet-4-6)\x1b[22m", after=0)
    s.user("nvm wrong window", after=14)
    s.say("No problem.")
    s.outcome("unknown", "idle: opened by mistake, no request")
    return s


SESSIONS = [
    t01_spot_sort,
    t02_beta_signing,
    t03_testflight_crash,
    t04_settings_l10n,
    t05_ci_beta_log,
    t06_migration_test,
    t07_photo_import_threading,
    t08_fix_signing,
    t09_upgrade_crash_words,
    t10_fix_migration,
    t11_swiftdata_question,
    t12_xcode16_destination,
    t13_widget_timeline,
    t14_beta_141,
    t15_idle,
]
