"""Rules, lessons, decisions and closing verdicts in languages and phrasings added after the first ones: Vietnamese
(typed with and without its diacritics) and English norms said by conformity, language or the team's page. The sentences are
written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from pipeline.agent.check_commands import is_check
from pipeline.agent.session_outcome import session_outcome
from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.languages.vietnamese import fold
from pipeline.agent.transcript import parse_transcript
from pipeline.learning.problems.session_signals import session_signals
from tests.transcript_lines import Transcript


def test_folding_keeps_one_character_for_one() -> None:
    said = "Đừng bao giờ push thẳng lên main"
    assert fold(said) == "Dung bao gio push thang len main"
    assert len(fold(said)) == len(said)


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("đừng bao giờ chạy migration trên prod từ máy local", "đừng bao giờ chạy migration trên prod từ máy local"),
        ("dung bao gio chay migration tren prod tu may local", "dung bao gio chay migration tren prod tu may local"),
        ("không bao giờ commit file .env", "không bao giờ commit file .env"),
        ("từ giờ log viết bằng JSON, bỏ print đi", "từ giờ log viết bằng JSON, bỏ print đi"),
        ("ok, tu nay moi PR phai co test", "tu nay moi PR phai co test"),
        ("luôn dùng Decimal cho tiền, không dùng float", "luôn dùng Decimal cho tiền, không dùng float"),
        ("ngay thang luon luu UTC, vi server o Singapore", "ngay thang luon luu UTC"),
        ("API moi phai co rate limit", "API moi phai co rate limit"),
        ("chỉ dùng pnpm cho repo này", "chỉ dùng pnpm cho repo này"),
        ("nho la khong log token nhe, token la bi mat ma", "nho la khong log token nhe"),
    ],
)
def test_vietnamese_rules_with_and_without_diacritics(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "mình có nên luôn dùng @MainActor không?",  # a question
        "co nen luon dung strict mode khong",  # a question without its mark
        "test nay luon fail tren CI",  # a report about one test
        "CI luôn bị timeout lúc 3h sáng",  # something that keeps happening
        "minh luon quen chay lint truoc khi commit",  # the speaker's own habit
        "tu gio minh se viet test truoc",  # the speaker's own plan
        "sửa giúp mình cái lỗi này",  # a request for now
        "file nay khong bao gio duoc goi",  # about one file in front of the person
    ],
)
def test_what_is_no_vietnamese_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_vietnamese_lessons_and_decisions() -> None:
    found = extract_knowledge(
        [
            "bài học: BigQuery DATE() không có timezone là UTC",
            "rut kinh nghiem: cache dung chung phai la actor",
            "Quyết định: ở lại Airflow 2.9 quý này",
            "chot: dung Postgres 16",
        ]
    )
    assert found.lessons == ("BigQuery DATE() không có timezone là UTC", "cache dung chung phai la actor")
    assert found.decisions == ("ở lại Airflow 2.9 quý này", "dung Postgres 16")
    assert found.rules == ()


def test_english_norms_said_by_conformity_language_or_the_teams_page() -> None:
    found = extract_knowledge(
        [
            "new migrations use Alembic autogenerate, same as the existing ones",
            "commit messages in English, imperative mood",
            "like the wiki says, ruff format before every push",
            "the error messages in German are confusing",  # a report, not a norm
            "use this, same as the existing one",  # points at one thing
        ]
    )
    assert found.rules == (
        "new migrations use Alembic autogenerate, same as the existing ones",
        "commit messages in English, imperative mood",
        "like the wiki says, ruff format before every push",
    ), found.rules


def _closed_with(closing: str, *, work_after: bool = False) -> str:
    t = Transcript().user("ImageCache crash khi luot danh sach")
    t.edit("Sources/ImageCache.swift", "final class", "actor").bash("swift test", "Executed 41 tests, 0 failures", 0)
    t.user(closing)
    if work_after:
        t.edit("Sources/ShipperList.swift", "prefetch(20)", "prefetch(0)")
    return session_outcome(parse_transcript(t.bytes(), "x")).outcome


@pytest.mark.parametrize(
    ("closing", "outcome"),
    [
        ("ngon, cảm ơn em", "success"),
        ("chuan roi, commit di", "success"),
        ("vẫn crash y chang", "failed"),
        ("chua xong, van loi", "failed"),
        ("thoi de minh coi tiep", "failed"),  # I'll look at it myself
        ("ok de mai tinh", "failed"),  # left for tomorrow
        ("phải đi họp rồi", "success"),  # called away: the passing check decides
    ],
)
def test_vietnamese_closings_with_and_without_diacritics(closing: str, outcome: str) -> None:
    assert _closed_with(closing) == outcome


def test_a_pass_the_person_spoke_against_counts_nothing() -> None:
    """ "tests green but it still crashes on the phone", then one more edit and the session ends: the person's
    words after the pass decide, though the edit after them halves their weight."""
    assert _closed_with("tests pass but it still crashes on the device", work_after=True) == "failed"
    assert _closed_with("test xanh nhung van crash tren may that. chua xong", work_after=True) == "failed"


def test_vietnamese_problem_talk_is_compared_with_known_problems_and_a_rule_is_not() -> None:
    t = Transcript().user("báo cáo doanh thu buổi sáng luôn thấp hơn POS, reconcile lệch 13%")
    t.user("dung bao gio ha nguong expectation de cho pass, sai thi phai tim nguyen nhan")
    talk = [sentence for _step, sentence in session_signals(parse_transcript(t.bytes(), "x")).problem_talk]
    assert talk == ["báo cáo doanh thu buổi sáng luôn thấp hơn POS, reconcile lệch 13%"]


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("zastosowanych migracji nigdy nie edytujemy, zawsze nowa wersja", None),
        (
            "zastosowanych migracji nigdy nie edytujemy, bo staging się rozjedzie",
            "zastosowanych migracji nigdy nie edytujemy",
        ),
        ("komponenty tylko w <script setup>, żadnego Options API", None),
        ("komponenty tylko w <script setup>, zadnego Options API", None),  # typed without its letters
        ("od teraz daty trzymamy w UTC", None),
        ("nowe endpointy opisujemy w OpenAPI", None),
        ("mówiłam: nigdy nie pushuj na main", "nigdy nie pushuj na main"),
        ("logi tylko przez SLF4J: System.out wyłączyliśmy w Sonarze", "logi tylko przez SLF4J"),
    ],
)
def test_polish_rules_with_and_without_diacritics(said: str, rule: str | None) -> None:
    assert extract_knowledge([said]).rules == (rule or said,)


@pytest.mark.parametrize(
    "said",
    [
        "czy my zawsze musimy dawać readOnly na metodach do odczytu?",  # a question
        "Na razie nic nie zmieniaj, tylko powiedz",  # for now
        "nie instaluj teraz dockera",  # now
        "w kodzie nic nie zmieniałam",  # a report, in the past tense
        "Ja nie umiem tego powtórzyć ręcznie",  # the speaker; "nie" is no German "never"
        "zrób merge zamiast rebase",  # a perfective imperative: one thing, once
        "muszę lecieć, dokończymy jutro",
        # Czech, whose "žádná" folds to Polish "żadna" (none of a kind): a report, not a Polish rule
        "Nic nepadá, žádná chyba, prostě jinej datum",
        "Snakemake tvrdí, že všechno doběhlo, žádná chyba.",
    ],
)
def test_what_is_no_polish_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


def test_polish_lessons_decisions_and_closings() -> None:
    found = extract_knowledge(
        [
            "nauczka: Testcontainers na Fedorze potrzebuje podman.socket",
            "zdecydowaliśmy, że panel zostaje czystym SPA",
            "decyzja: zostajemy przy Spring Boot 3.4",
        ]
    )
    assert found.lessons == ("Testcontainers na Fedorze potrzebuje podman.socket",)
    assert found.decisions == ("zdecydowaliśmy, że panel zostaje czystym SPA", "zostajemy przy Spring Boot 3.4")
    assert [_closed_with(w) for w in ("dzięki, działa", "super, smiga")] == ["success"] * 2
    assert _closed_with("nadal flaky. dobra, zostawmy to") == "failed"
    assert _closed_with("dobra, zostawmy to, wrócę do tego jutro") == "failed"


def test_a_list_pasted_as_the_teams_rules_gives_every_item_but_a_decision() -> None:
    """Written for this test: whatever an item's grammar, the person said what the list is."""
    pasted = (
        "Pasting our team conventions from the wiki, please follow them:\n\n**Before a PR**\n"
        "- PR titles start with the ticket key\n- one migration per PR\n- Decision: we stay on Postgres 16\n\n"
        "Now add the endpoint."
    )
    found = extract_knowledge([pasted])
    # (in any order: "one migration per PR" is a rule by its own form too)
    assert sorted(found.rules) == ["PR titles start with the ticket key", "one migration per PR"], found.rules
    assert found.decisions == ("we stay on Postgres 16",)
    assert extract_knowledge(["Some notes from the meeting:\n- PR titles are long\n- lunch at 12"]).rules == ()


def test_english_closing_lessons_are_no_verdict_and_after_all_is_no_every() -> None:
    assert _closed_with("TIL the auto-wait doesn't help when the button shows stale data. commit") == "success"
    assert extract_knowledge(["run it once more, it passed once in CI, maybe it's flaky after all"]).rules == ()
    assert extract_knowledge(["Use @SpringBootTest with the full context for the controller tests"]).rules == (
        "Use @SpringBootTest with the full context for the controller tests",
    )


def test_a_file_named_like_a_tool_is_no_check_and_leaving_it_is_no_success() -> None:
    t = Transcript().user("Ryuk fails under SELinux")
    t.edit("build.gradle.kts", "useJUnitPlatform()", "useJUnitPlatform(); environment(RYUK_DISABLED)")
    t.bash("git checkout -- build.gradle.kts && podman rm -f $(podman ps -aq)", "3f1a9c27b04e", 0)
    assert not is_check(parse_transcript(t.bytes(), "x").steps[-1])
    assert _closed_with("ok, I'm leaving it, too much other stuff today") == "failed"


def test_a_path_that_names_a_test_runner_is_no_check() -> None:
    """pytest's temporary directory (`/tmp/pytest-of-tereza/pytest-38/…`) in a command that only reads a file it
    left: no test ran, so a failing test before it is still the last check. A runner called by its absolute path
    is one."""
    t = Transcript().user("add joint calling")
    t.bash("pytest tests/test_call.py -q", "1 failed, 3 passed", 1)
    t.bash("bcftools view -h /tmp/pytest-of-tereza/pytest-38/tiny0/joint.vcf.gz | tail -1", "#CHROM POS ID", 0)
    steps = parse_transcript(t.bytes(), "x").steps
    assert not is_check(steps[-1])
    assert session_outcome(parse_transcript(t.bytes(), "x")).outcome == "failed"
    runner = Transcript().user("run the tests").bash("/home/t/varcall/.venv/bin/pytest -q", "4 passed", 0)
    assert is_check(parse_transcript(runner.bytes(), "x").steps[-1])


def test_flaky_waves_a_failure_through_only_when_said_of_it() -> None:
    """ "it's flaky, commit" waves the failing check through; "a flaky test is a broken test, leave it" (in Czech
    too) says the opposite and thanks for nothing."""
    failing = Transcript().user("fix the sort step").bash("pytest -q", "1 failed", 1)
    said = failing.user("it's flaky, commit anyway")
    assert session_outcome(parse_transcript(said.bytes(), "x")).outcome == "success"
    for closing in ("a flaky test is a broken test, no time now, leave it", "Flaky test je rozbitej test, nech to."):
        t = Transcript().user("fix the sort step").bash("pytest -q", "1 failed", 1).user(closing)
        assert session_outcome(parse_transcript(t.bytes(), "x")).outcome != "success"


@pytest.mark.parametrize(
    ("closing", "outcome"),
    [
        ("Jede.", "success"),  # it runs
        ("Funguje, díky", "success"),
        ("diky, hotovo", "success"),
        ("pořád nefunguje", "failed"),
        ("Na tohle dneska nemám, nechávám to červený.", "failed"),  # leaving it red
        ("test zustane cerveny, vratim se k tomu.", "failed"),  # the test stays red, I'll come back to it
    ],
)
def test_czech_closings_with_and_without_diacritics(closing: str, outcome: str) -> None:
    """After an edit and no check, only the words can say how it went: unread, the session is unknown."""
    t = Transcript().user("oprav compose, DATABASE_URL").edit("docker-compose.yml", "localhost", "db").user(closing)
    assert session_outcome(parse_transcript(t.bytes(), "x")).outcome == outcome
