"""Languages memoryd has no reader for: their lessons and decisions by label, their rules' gate by their words
for always and never (meaning decides those: tests/test_learning_by_meaning.py)."""

from __future__ import annotations

import pytest

from pipeline.agent.session_outcome import session_outcome
from pipeline.agent.speech.knowledge import clauses, extract_knowledge, sentences
from pipeline.agent.speech.verdicts import closing_cue
from pipeline.agent.transcript import parse_transcript
from pipeline.learning.rules.rule_meaning import directive, weighed
from tests.transcript_lines import Transcript


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        ("lärdom: migreringar körs i en egen transaktion", "migreringar körs i en egen transaktion"),
        ("Poučení: cron na serveru běží v UTC, ne v pražském čase", "cron na serveru běží v UTC, ne v pražském čase"),
        (
            "tanulság: a staging adatbázis nem kap automatikus mentést",
            "a staging adatbázis nem kap automatikus mentést",
        ),
        ("somo: tarehe zote zihifadhiwe kwa UTC", "tarehe zote zihifadhiwe kwa UTC"),
        ("Opittu: cron ajaa palvelimella UTC-ajassa", "cron ajaa palvelimella UTC-ajassa"),
        ("Muistiin: välimuisti ei tyhjene stagingissa itsestään", "välimuisti ei tyhjene stagingissa itsestään"),
        ("kiderült, hogy a cron UTC-ben fut a szerveren", "a cron UTC-ben fut a szerveren"),
        ("ukázalo se, že cache na stagingu se nikdy nemaže", "cache na stagingu se nikdy nemaže"),
        ("শিক্ষা: staging এ cache বন্ধ না করলে পুরনো data দেখায়", "staging এ cache বন্ধ না করলে পুরনো data দেখায়"),
        # Romanian "remember:" and "I learned that …", Finnish and Norwegian "I learned that …"
        ("Retine: cron-ul de pe server merge in UTC", "cron-ul de pe server merge in UTC"),
        ("am invatat ca cache-ul de pe staging nu se goleste singur", "cache-ul de pe staging nu se goleste singur"),
        ("opin, että cron ajaa palvelimella UTC-ajassa", "cron ajaa palvelimella UTC-ajassa"),
        ("jeg lærte at cron kjører i UTC på serveren", "cron kjører i UTC på serveren"),
    ],
)
def test_a_labelled_lesson_in_a_language_without_a_reader_is_a_lesson(said: str, lesson: str) -> None:
    assert extract_knowledge([said]).lessons == (lesson,)


def test_a_labelled_decision_is_a_decision_and_a_question_or_a_label_inside_a_sentence_is_neither() -> None:
    knowledge = extract_knowledge(
        [
            "rozhodnutí: přecházíme na PostgreSQL 16 kvůli logické replikaci",
            "decizie: rămânem pe Django 4.2 până în vară",
            "lärdom: vad har vi lärt oss av det här?",
            "vi pratade om en lärdom: att testa oftare",
        ]
    )
    assert knowledge.decisions == (
        "přecházíme na PostgreSQL 16 kvůli logické replikaci",
        "rămânem pe Django 4.2 până în vară",
    )
    assert knowledge.lessons == ()


@pytest.mark.parametrize(
    "sentence",
    [
        "bruk alltid pnpm i dette repoet",
        "nikdy nepushuj přímo do main",
        "de acum înainte folosește pnpm",
        "aja aina testit ennen committia",
        "kila mara endesha tests kabla ya commit",
        "সবসময় commit করার আগে lint চালাও",
        # Norwegian: a prohibition opened by "ikke", "we use", "ask before"
        "ikke dra inn Koin i testene, lag fakes for hånd",
        "vi bruker kotest, ikke JUnit",
        "spør før du legger til nye avhengigheter",
        # Romanian: ask me (before), we use, without
        "intreaba-ma inainte sa schimbi schema bazei de date",
        "DTO-urile sunt record-uri, fara Lombok",
        # Swahili: "don't touch" (usi- verbs), "let it be" (iwe), every; Urdu: only, never … (with a word between)
        "usiguse faili za generated kwenye repo",
        "kila migration iwe na down yake",
        "config صرف .env میں ہو گی",
        "main پر کبھی force push نہیں کرنا",
        # Icelandic, romanised Malayalam, Malayalam script, Lithuanian "only … no …", Georgian's prohibitive
        "notaðu alltaf cargo nextest í þessu verkefni",
        "force push eppozhum venda, rebase cheythu push cheyyu",
        "ടെസ്റ്റുകൾ docker വഴി മാത്രം ഓടിക്കുക",
        "tik yarn, jokio npm šitam repo",
        "main-ში პირდაპირ ნუ დაპუშავ",
    ],
)
def test_a_language_without_a_reader_opens_the_rule_gate_with_its_words_for_always_and_never(sentence: str) -> None:
    assert directive(sentence)


def test_a_sentence_without_such_words_or_a_question_does_not_open_it() -> None:
    assert not directive("kan du fixa testet som failar?")
    assert not directive("díky, funguje to")


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "a Writer-ből jöjjön az enqueue. és mostantól az ingest jobok külön queue-ba mennek, a default ne",
            "mostantól az ingest jobok külön queue-ba mennek, a default ne",
        ),
        ("od teď používej pnpm místo npm", "od teď používej pnpm místo npm"),
        ("ok, de acum înainte rulăm migrațiile separat", "de acum înainte rulăm migrațiile separat"),
        ("szabály: commit üzenet angolul", "commit üzenet angolul"),
        ("regulă: fără force push pe main", "fără force push pe main"),
        # forget X, and what replaces it
        ("Unohda se Docker-kontti, testit ajetaan paikallisella Postgresilla", None),
        ("Zapomeň na Mambu, obyčejná conda stačí", None),
    ],
)
def test_from_now_on_or_a_label_opens_a_rule_in_a_language_without_a_reader(said: str, rule: str | None) -> None:
    assert extract_knowledge([said]).rules == (rule or said,)


def test_from_now_on_inside_a_clause_or_with_nothing_after_it_is_no_rule() -> None:
    assert extract_knowledge(["ez a build mostantól", "a régi szerver mostantól nem kell"]).rules == ()
    assert extract_knowledge(["unohda se, ei se ole tärkeää"]).rules == ()  # forget it: nothing replaces it


@pytest.mark.parametrize(
    "said",
    [
        "Vi går for Exposed DSL, ikke DAO-en, så ingen Entity-klasser",
        "Koin blir, vi bytter ikke til kotlin-inject selv om den sjekker grafen",
        "ramanem pe Angular 18 pana in vara, nu facem upgrade acum",
        "nos quedamos con go_router, nada de auto_route",  # Spanish: we stay with one (held out 38)
    ],
)
def test_a_choice_said_as_we_go_for_or_it_stays_is_a_decision_and_no_rule(said: str) -> None:
    found = extract_knowledge([said])
    assert found.decisions == (said,)
    assert found.rules == ()


def test_portuguese_from_now_on_opens_a_rule_and_i_decided_opens_a_decision() -> None:
    """ "então de agora em diante pode disparar build de preview sem me perguntar": a rule from now on; "decidi que
    a fila vai ser Oban, nada de RabbitMQ": a choice recorded, with the option passed over, not a rule."""
    found = extract_knowledge(
        ["a gente assinou o plano hoje, então de agora em diante pode disparar build sem me perguntar"]
    )
    assert found.rules == ("de agora em diante pode disparar build sem me perguntar",)
    decided = extract_knowledge(["decidi que a fila vai ser Oban, nada de RabbitMQ, a gente já tem o postgres"])
    assert decided.rules == () and decided.decisions


@pytest.mark.parametrize(
    ("closing", "sign"),
    [
        ("hmm nao era isso. queria só pra quem tá logado como admin", -1),
        ("Non, ce n est pas ça. Annule.", -1),
        ("ainda quebra. deixa assim por hoje", -1),
        ("Nickel. Pas de hook, je le lance moi-même.", 1),
        # Mexican Spanish (held out 38): still failing, not it, done, great
        ("sigue fallando. ya me tengo que ir, lo vemos la otra semana", -1),
        ("no, eso no es. dejalo asi", -1),
        ("ya quedo, gracias", 1),
        ("chido", 1),
        # Russian (held out 40): not it, I'll do it myself; "не то чтобы …" is no verdict on its own
        ("не то. offset на тысячах строк медленный. ладно, сам сделаю", -1),
        ("не то чтобы быстро, но работает", 1),
    ],
)
def test_not_what_was_asked_for_and_french_nickel_are_verdicts(closing: str, sign: int) -> None:
    cue = closing_cue(closing)
    assert cue is not None and cue[0] * sign > 0


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # Spanish negative imperatives of a work verb, and what is not touched (held out 38)
        ("va. pero no le muevas a ios/fastlane, eso lo maneja Beto", "no le muevas a ios/fastlane, eso lo maneja Beto"),
        (
            "ya no uses fvm, quitalo de los comandos, el flutter del sistema ya esta en 3.24.3.",
            "ya no uses fvm, quitalo de los comandos, el flutter del sistema ya esta en 3.24.3",
        ),
        # a short rule that points back at what the person asked about
        (
            "oye, por que cambiaste el pubspec.lock? eso no se toca",
            "oye, por que cambiaste el pubspec.lock? eso no se toca",
        ),
        # Japanese: a kind of thing done one way, and what the person keeps for themselves (held out 39)
        ("デバッグ出力は printk でお願いします。", "デバッグ出力は printk でお願いします"),
        (
            "あと、説明は日本語で、コードのコメントは英語でお願いします。",
            "説明は日本語で、コードのコメントは英語でお願いします",
        ),
        ("ラズパイでの docker compose の実行は私がやります。", "ラズパイでの docker compose の実行は私がやります"),
    ],
)
def test_spanish_and_japanese_forms_of_a_rule(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "no funciona el build desde ayer",  # a report: "no" before a verb is no "no X" rule
        "no compila en el CI",
        "nunca toques esta carpeta",  # points at a thing in front of the person
        "No cambies nada todavía, solo quiero hacerme una idea",  # not yet
        "レビューは明日でお願いします。",  # for once
        "configファイルは触らないで",  # for now, and no kind of thing done one way
        "コミットだけお願いします。",
    ],
)
def test_a_spanish_report_and_a_japanese_request_for_once_are_no_rules(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    "said",
    [
        "contestame en español pero el codigo, los comentarios y los nombres en ingles",  # held out 38
        "answer me in German but keep code and comments in English",
        "réponds-moi en français, mais le code en anglais",
        "用中文回答，代码注释用英文",
    ],
)
def test_the_language_to_answer_in_beside_the_language_of_the_code_is_a_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == (said,)


@pytest.mark.parametrize(
    "said",
    [
        "translate the README from Spanish to English",  # a task
        "can you answer in English or Spanish?",  # a question
        "the docs are in English and the README in German",  # no one is to answer
    ],
)
def test_two_languages_named_without_a_preference_for_answers_are_no_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        ("коммить. коммиты пиши по-русски", "коммиты пиши по-русски"),
        ("автосинк в ArgoCD не включай, синкаю руками", "автосинк в ArgoCD не включай, синкаю руками"),
        ("сказал же, никакого force push. ребейзь", "никакого force push"),
        (
            "да. теперь сообщения коммитов на английском, в стиле conventional commits",
            "теперь сообщения коммитов на английском, в стиле conventional commits",
        ),
    ],
)
def test_russian_forms_of_a_rule(said: str, rule: str) -> None:
    """What language a kind of text is written in, a "don't" said after its object, "no X whatsoever" after a
    remark."""
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "пока не трогай его",  # for now
        "с первого раза они никогда не проходят, со второго норм",  # what they do
        "в прошлом проекте мы всегда клали миграции в отдельный репозиторий",  # what we did
    ],
)
def test_what_is_no_russian_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "se, dialyzer fangede en rigtig fejl. kør mix dialyzer før hver commit fra nu af. fix den",
            "kør mix dialyzer før hver commit fra nu af",
        ),
        ("spusť testy před commitem od teď, prosím", "spusť testy před commitem od teď"),
    ],
)
def test_from_now_on_closing_a_clause_ends_a_rule(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


def test_from_now_on_closing_a_question_or_a_fragment_is_no_rule() -> None:
    assert extract_knowledge(["kører du det fra nu af?", "ok fra nu af", "ez a build mostantól"]).rules == ()


def test_danish_lessons_and_decisions_by_label_are_not_read_as_swedish() -> None:
    found = extract_knowledge(
        ["fedt, det virker. lært i dag: én postgres container for hele testkørslen, ikke en per spec"]
    )
    assert found.lessons == ("én postgres container for hele testkørslen, ikke en per spec",)
    decided = extract_knowledge(["besluttet: ruterne bliver som GeoJSON i jsonb, ingen PostGIS. det er ikke det værd"])
    assert decided.decisions == ("ruterne bliver som GeoJSON i jsonb, ingen PostGIS",)
    assert decided.rules == ()


def test_a_danda_ends_a_sentence_in_bengali() -> None:
    said = "আর সহ্য হচ্ছে না। riverpod_generator বাদ দাও। এখন থেকে provider গুলো হাতে লিখবে, @riverpod annotation আর না"
    assert extract_knowledge([said]).rules == ("এখন থেকে provider গুলো হাতে লিখবে, @riverpod annotation আর না",)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("ধন্যবাদ, কাজ করছে", 1),
        ("build hoye geche.", 1),
        ("darun!", 1),
        ("ekhono fail hocche", -1),
        ("kaj korche na", -1),
        ("eta na. local e to already pass korche", -1),
        ("ekhon time nai, PR ta draft e rakho. kal abar dekhbo", -1),
    ],
)
def test_bengali_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_bengali_not_this_inside_a_question_is_no_verdict() -> None:
    assert closing_cue("eta na korle hobe?") is None


def test_stop_doing_with_what_to_do_instead_is_a_rule() -> None:
    said = "hold op med at køre hele suiten hver gang, kør kun de testfiler du har rørt."
    assert extract_knowledge([said]).rules == (
        "hold op med at køre hele suiten hver gang, kør kun de testfiler du har rørt",
    )
    assert extract_knowledge(["hold op med at spørge"]).rules == ()  # nothing said instead: a one-off


@pytest.mark.parametrize(
    ("said", "rules"),
    [
        ("lock file kokhono delete korbe na", ("lock file kokhono delete korbe na",)),
        (
            "ar kokhono db push korbe na, schema change shudhu migrate dev diye",
            ("ar kokhono db push korbe na, schema change shudhu migrate dev diye",),
        ),
        ("eta kokhono kaj kore na", ()),  # it never works: a report
        ("kokhono eta korbe na?", ()),
    ],
)
def test_bengali_never_said_to_the_listener_is_a_rule(said: str, rules: tuple[str, ...]) -> None:
    assert extract_knowledge([said]).rules == rules


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("asante, imefanya kazi", 1),
        ("poa, nitamalizia mwenyewe", 1),
        ("bado inafail", -1),
        ("hapana, sio hivyo. rudisha ile config", -1),
        ("sina muda leo, tutaendelea kesho", -1),
        ("بہت شکریہ، ٹھیک ہو گیا", 1),
        ("ابھی بھی fail ہو رہا ہے", -1),
    ],
)
def test_swahili_and_urdu_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_firmware_flashed_or_a_dependency_added_is_work_the_closing_words_judge() -> None:
    flashed = Transcript().user("flash the new build to the board on /dev/ttyACM0")
    flashed.bash(
        "west flash --runner nrfjprog", "-- runners.nrfjprog: Board with serial number 6839 flashed successfully."
    )
    flashed.user("poa, asante")
    added = Transcript().user("add the http client library")
    added.bash("composer require guzzlehttp/guzzle:^7.9", "Package operations: 1 install, 0 updates, 0 removals")
    added.user("great, thanks")
    answered = Transcript().user("what does the retry setting do?").say("It retries failed jobs three times.")
    answered.user("ok thanks")
    for t, outcome in ((flashed, "success"), (added, "success"), (answered, "unknown")):
        assert session_outcome(parse_transcript(t.bytes(), "s")).outcome == outcome


def test_armenian_full_stop_ends_a_sentence_and_its_question_mark_inside_a_word_makes_a_question() -> None:
    from pipeline.learning.rules.rule_meaning import candidates

    said = "PR-ը փակիր։ միշտ yarn օգտագործիր, npm չէ"
    assert sentences([said]) == ["PR-ը փակիր։", "միշտ yarn օգտագործիր, npm չէ"]
    # "միշտ պե՞տք ա …": "must we always …?", the mark sits on the word asked about, not at the end
    assert candidates(["միշտ պե՞տք ա lint անել commit-ից առաջ"], clauses) == []
    assert candidates(["միշտ պետք ա lint անել commit-ից առաջ"], clauses)


@pytest.mark.parametrize(
    "sentence",
    [
        "migration-ները մի փոխիր, նորը գրիր",
        "պետք է lint անել ամեն commit-ից առաջ",
        "controller-ից Repo ուղիղ չենք կանչում",
        "sranic heto PR-ները draft բացիր",
    ],
)
def test_armenian_prohibitive_must_and_from_now_on_open_the_rule_gate(sentence: str) -> None:
    assert directive(sentence)


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        ("պարզվեց, որ cron-ը սերվերի վրա UTC-ով ա աշխատում", "cron-ը սերվերի վրա UTC-ով ա աշխատում"),
        ("оказывается, cron на сервере работает в UTC", "cron на сервере работает в UTC"),
    ],
)
def test_it_turned_out_in_armenian_and_russian_opens_a_lesson(said: str, lesson: str) -> None:
    assert extract_knowledge([said]).lessons == (lesson,)


def test_russian_forget_what_i_said_with_a_comma_takes_a_rule_back() -> None:
    from pipeline.agent.speech.rule_changes import RETRACTS

    assert RETRACTS.search("забудь, что я говорил про unique, дубли теперь ловим в воркере")


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("մերսի, աշխատեց", 1),
        ("mersi, stacvec", 1),
        ("չեղավ, նույն error-ը", -1),
        ("chexav. toxi, heto kanem", -1),
        ("լավ, վաղը կնայեմ", -1),
    ],
)
def test_armenian_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_ethiopic_full_stop_ends_a_sentence_so_an_english_rule_after_amharic_is_read() -> None:
    said = "ዛሬ payments data ን እንጨምር። we agreed with Dawit that every model gets a yml entry with a unique test"
    assert extract_knowledge([said]).rules == ("every model gets a yml entry with a unique test",)


@pytest.mark.parametrize(
    "sentence",
    [
        "የተተገበረ migration አትቀይር፣ አዲስ file ፍጠር",
        "config በ .env ውስጥ ብቻ ይቀመጥ",
        "keahun behuala PR draft ሆኖ ይከፈት",
    ],
)
def test_amharic_prohibitive_only_and_from_now_on_open_the_rule_gate(sentence: str) -> None:
    assert directive(sentence)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("አመሰግናለሁ፣ ሰራ", 1),
        ("amesegnalehu, yiseral", 1),
        ("አሁንም አይሰራም", -1),
        ("alseram. tewew", -1),
    ],
)
def test_amharic_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_agreed_with_someone_that_is_a_convention_and_what_follows_so_is_the_task() -> None:
    said = "We agreed with Dawit that nothing is merged without a review, so open the PR as a draft first."
    assert extract_knowledge([said]).rules == ("nothing is merged without a review",)
    assert extract_knowledge(["we agreed with the client to ship on friday"]).rules == ()


@pytest.mark.parametrize(
    "sentence",
    [
        "production дээр ажилласан migration-ийг битгий засаарай, шинэ migration бич",
        "migration болгон down-тай байх ёстой",
        "цаашид PR-ийг draft-аар нээгээрэй",
        "config-ийг bitgii commit hiigeerei",
    ],
)
def test_mongolian_prohibitive_must_every_and_from_now_on_open_the_rule_gate(sentence: str) -> None:
    assert directive(sentence)


def test_mongolian_for_now_is_a_request_for_now_and_its_lesson_label_a_lesson() -> None:
    assert not directive("Одоохондоо зөвхөн Төв аймгийн бэлчээрүүдийг харуулчих")
    said = "Сургамж: timestamp without time zone багана цагийн бүсээ алддаг"
    assert extract_knowledge([said]).lessons == ("timestamp without time zone багана цагийн бүсээ алддаг",)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("Ойлголоо, санаж авлаа. Баярлалаа.", 1),
        ("bayarlalaa, ajillaj baina", 1),
        ("Түр restart хийчихлээ, ажиллаж байна, гэхдээ шалтгаан нь олдоогүй.", -1),
        ("одоо ч ажиллахгүй байна, маргааш үзье", -1),
    ],
)
def test_mongolian_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


@pytest.mark.parametrize(
    "sentence",
    [
        "dbt models වල SELECT * ලියන්න එපා, columns නම් කරලා ලියන්න",
        "GE checkpoint එක fail වුණොත් DAG එක නවතින්න ඕනේ",
        "production code eke unwrap() danna epa",
        "hama dependency ekakma uv add walin",
    ],
)
def test_sinhala_prohibitive_must_and_every_open_the_rule_gate_in_its_script_and_in_latin_letters(
    sentence: str,
) -> None:
    assert directive(sentence)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("ස්තූතියි! දැන් වැඩ කරනවා", 1),
        ("niyamai machan, wada karanawa 🎉", 1),
        ("GE eka withrak hadala wadak naha. dan eka fail 😞", -1),
        ("තාමත් fail, හෙට බලමු", -1),
    ],
)
def test_sinhala_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_a_question_mark_between_words_is_code_and_a_double_dash_before_flags_cuts_no_clause() -> None:
    said = (
        "btw in #[cfg(test)] code unwrap() is fine, don't bother with ? there. and cargo clippy --all-targets -- "
        "-D warnings has to be clean before you tell me something is done."
    )
    assert sentences([said])[0].endswith("with ? there.")
    assert clauses(sentences([said])[1]) == [
        "cargo clippy --all-targets -- -D warnings has to be clean before you tell me something is done."
    ]
    assert sentences(["Tu peux regarder ? Merci."]) == ["Tu peux regarder ?", "Merci."]


@pytest.mark.parametrize(
    "sentence",
    [
        "bizda prod bazaga o'zgarish faqat prisma migrate deploy orqali kiradi",
        "har bir DTO maydonida class-validator dekoratori bo'lishi kerak",
        "main'ga force push qilinmaydi",
        "migratsiya fayllarini qo‘lda o‘zgartirmang",
    ],
)
def test_uzbek_must_every_and_the_prohibitive_open_the_rule_gate_with_any_apostrophe(sentence: str) -> None:
    assert directive(sentence)


def test_uzbek_lesson_for_myself_is_a_lesson() -> None:
    said = "o'zimga saboq: Hydra ishchi papkani o'zgartirsa, relative path'larga ishonib bo'lmaydi"
    assert extract_knowledge([said]).lessons == (
        "Hydra ishchi papkani o'zgartirsa, relative path'larga ishonib bo'lmaydi",
    )


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("ishladi, rahmat!", 1),
        ("zo'r, hammasi joyida", 1),
        ("hali ham xato beradi, ertaga ko'ramiz", -1),
        ("upload prod'da ishlamayapti", -1),
        ("Это заплатка. Сейчас нет сил разбираться, закрываем.", -1),
    ],
)
def test_uzbek_closings_and_russian_giving_up(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


@pytest.mark.parametrize(
    "sentence",
    [
        "autoload အသစ် ထပ်မထည့်နဲ့",
        "GUT test file တွေကို script ဘေးမှာပဲ ထားပါ",
        "autoload a-thit ma htae nae",
        "sidekiq job tway ko idempotent phyit aung yay pay",
    ],
)
def test_burmese_prohibitive_must_and_only_open_the_rule_gate_in_its_script_and_in_latin_letters(
    sentence: str,
) -> None:
    assert directive(sentence)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("ok ya pi", 1),
        ("kyay zu! အဆင်ပြေတယ်", 1),
        ("ma hote bu. ma net pyan kyi mal", -1),
        ("ဒီနေ့ ဒီလောက်ပဲ", -1),
    ],
)
def test_burmese_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


@pytest.mark.parametrize(
    "asked",
    [
        "هل يجب أن نستخدم Redis دائماً للكاش؟",  # Arabic question mark: "must we always use Redis for the cache?"
        "ሁልጊዜ testcontainers መጠቀም አለብን፧",  # Ethiopic question mark
    ],
)
def test_a_question_in_arabic_or_ethiopic_script_is_weighed_as_no_rule(asked: str) -> None:
    assert weighed([asked], clauses) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "migration फाइल हातले edit नगर्नुस्",  # Nepali: don't edit migration files by hand
        "यो repo मा npm होइन, pnpm मात्र",  # not npm in this repo, only pnpm
        "secrets git ma kahile pani commit nagarne",  # never commit secrets to git
        "abeg no dey run migration for prod from your laptop",  # Nigerian Pidgin
        "make we dey use Testcontainers for integration tests",
        "ma se fi console.log sile ninu code",  # Yoruba: don't leave console.log in the code
    ],
)
def test_nepali_pidgin_and_yoruba_prohibitive_only_and_must_open_the_rule_gate(sentence: str) -> None:
    assert directive(sentence)


def test_nepali_as_always_i_ran_is_a_report_not_a_rule() -> None:
    # "Before the release I ran lint as always, then the build broke": what the speaker did
    said = "release अघि मैले सधैं जस्तो lint चलाएँ, अनि build टुट्यो।"
    assert weighed(sentences([said]), clauses) == []


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        ("पाठ: staging को cache आफै खाली हुँदैन", "staging को cache आफै खाली हुँदैन"),
        ("I don learn am today: cron for the server dey run for UTC", "cron for the server dey run for UTC"),
        ("ohun ti mo ko loni ni pe cron on the server runs in UTC", "cron on the server runs in UTC"),
    ],
)
def test_nepali_pidgin_and_yoruba_lessons(said: str, lesson: str) -> None:
    assert extract_knowledge([said]).lessons == (lesson,)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("अब चल्यो, धन्यवाद!", 1),
        ("thik cha, dhanyabad", 1),
        ("e don work! thank you o", 1),
        ("o ti da, e se gan", 1),
        ("अझै fail, भोलि हेर्छु", -1),
        ("chalena. bholi herchu", -1),
        ("e still dey fail, leave am", -1),
        ("ko sise", -1),
        ("test चल्यो, fail भयो।", -1),  # it ran, and failed
    ],
)
def test_nepali_pidgin_and_yoruba_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_a_word_that_starts_with_til_opens_no_lesson() -> None:
    # "TIL" is a label only as a word of its own: "tilde" in "keep the tilde" is not one
    assert extract_knowledge(["ok, tilde nai rakhum."]).lessons == ()
    assert extract_knowledge(["TIL the staging cache never clears by itself"]).lessons != ()


@pytest.mark.parametrize(
    "sentence",
    [
        "нема force push на main, ни кад гори",  # Serbian Cyrillic: no force push to main, not even when on fire
        "nema novih paketa bez dogovora",  # no new packages without agreeing first
        "tag slike u values.yaml ne diraš, njega postavlja pipeline",  # you don't touch the image tag
        "Liquibase changesetove piši u YAML-u, jedan fajl po promeni",  # write changesets in YAML
        "оно са Jira кључем у commit порукама више не важи",  # that Jira-key thing no longer holds
        "migration ថ្មីនីមួយៗត្រូវមាន down.sql ដែរ",  # Khmer: each new migration must have a down.sql
        "kom push main ban te, PR sen",  # Khmer in Latin letters: don't push to main, PR first
    ],
)
def test_serbian_in_both_scripts_and_khmer_open_the_rule_gate(sentence: str) -> None:
    assert directive(sentence)


def test_khmer_lesson_after_its_own_colon() -> None:
    said = "ដំណើរការហើយ អរគុណ! មេរៀនថ្ងៃនេះ៖ transaction ដែលបើកចោលពេល await ធ្វើឲ្យ pool អស់ connection។"
    assert extract_knowledge([said]).lessons == ("transaction ដែលបើកចោលពេល await ធ្វើឲ្យ pool អស់ connection។",)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("ល្អណាស់ អរគុណ", 1),  # very good, thank you
        ("domnaer ka heuy, orkun", 1),  # it works now, thanks
        ("ot ban te thngai nis.", -1),  # couldn't today
        ("ot ban te, pel nis rush hour. saek mer tiet.", -1),  # can't, it's rush hour; tomorrow again
        ("នៅតែ fail ទុកសិន", -1),  # still failing, leave it for now
    ],
)
def test_khmer_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


@pytest.mark.parametrize(
    "said",
    [
        "meh no time today, playtest build",
        "Қазір уақыт жоқ, бұл пайдаланушыға export-ты қолмен жіберемін.",  # Kazakh: no time now, I'll send it by hand
        "ശരി വിട്, ഇന്ന് സമയം ഇല്ല.",  # Malayalam: ok leave it, no time today
        "para, lo veo con calma otro dia",  # Spanish typed without its accent
        "tenho call com o cliente agora, depois a gente vê isso",  # Portuguese: later we'll look at it
        "aaja yati, bholi herchhu.",  # Nepali: that's it for today, I'll look tomorrow
        "vráť tie dve zmeny, dnes to vzdávam",  # Slovak: I give up for today
    ],
)
def test_no_time_and_later_in_the_languages_people_said_them_leave_the_work_for_later(said: str) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] < 0


@pytest.mark.parametrize(
    "sentence",
    [
        "ORM lazım deyil, pgx ilə birbaşa yaz",  # Azerbaijani: no ORM needed, write with pgx directly
        "image tag-ı heç vaxt latest qoyma, git sha olsun",  # never put latest as the image tag, let it be the sha
        "main-ə birbaşa push yox",  # no pushing straight to main
        "prod te --full-refresh kade nahi chalauna",  # Punjabi in Latin letters: never run --full-refresh on prod
        "seeds ਦੀਆਂ CSV ਹੱਥ ਨਾਲ ਨਹੀਂ ਬਦਲਣੀਆਂ",  # Gurmukhi: the seed CSVs are not to be changed by hand
    ],
)
def test_azerbaijani_and_punjabi_open_the_rule_gate(sentence: str) -> None:
    assert directive(sentence)


def test_a_list_of_rules_under_azerbaijani_and_punjabi_labels() -> None:
    azerbaijani = (
        "yeni ekran lazımdır. bir neçə qayda:\n- feature ekranlarında setState yox, state ancaq Riverpod-da\n"
        "- commit mesajları ingiliscə, Conventional Commits formatında"
    )
    assert extract_knowledge([azerbaijani]).rules == (
        "feature ekranlarında setState yox, state ancaq Riverpod-da",
        "commit mesajları ingiliscə, Conventional Commits formatında",
    )
    # Gurmukhi digits number the items; "a few things for the team:" introduces them
    punjabi = "ਕੁਝ ਗੱਲਾਂ team ਲਈ:\n੧. ਪਹਿਲਾਂ dbt test ਚਲਾਓ, ਫਿਰ commit ਕਰੋ\n੨. model ਦਾ ਨਾਂ stg_ ਨਾਲ ਸ਼ੁਰੂ ਹੋਵੇ"
    assert extract_knowledge([punjabi]).rules == ("ਪਹਿਲਾਂ dbt test ਚਲਾਓ, ਫਿਰ commit ਕਰੋ", "model ਦਾ ਨਾਂ stg_ ਨਾਲ ਸ਼ੁਰੂ ਹੋਵੇ")


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        (
            "super. məlum oldu ki, iOS-da hər flavor üçün ayrıca plist lazımdır.",
            "iOS-da hər flavor üçün ayrıca plist lazımdır",
        ),
        ("sagol. yadda saxla: @riverpod default autoDispose-dur.", "@riverpod default autoDispose-dur"),
        ("ਸਬਕ ਮਿਲਿਆ: Postgres ਦਾ ::date cast DateStyle ਦੇ ਭਰੋਸੇ ਚੱਲਦਾ ਹੈ", "Postgres ਦਾ ::date cast DateStyle ਦੇ ਭਰੋਸੇ ਚੱਲਦਾ ਹੈ"),
        ("oh! sikhya: WSL da clock sleep ton baad peeche reh jaanda", "WSL da clock sleep ton baad peeche reh jaanda"),
    ],
)
def test_azerbaijani_and_punjabi_lessons(said: str, lesson: str) -> None:
    assert extract_knowledge([said]).lessons == (lesson,)


def test_remember_with_a_directive_is_an_azerbaijani_rule_not_a_lesson() -> None:
    said = "yadda saxla: image tag-ı heç vaxt latest qoyma"
    knowledge = extract_knowledge([said])
    assert knowledge.lessons == () and knowledge.rules != ()


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("sagol, işləyir", 1),  # Azerbaijani: thanks, it works
        ("vadhiya 🙏", 1),  # Punjabi: great
        ("ਠੀਕ ਹੈ, ਬਾਅਦ ਵਿੱਚ", -1),  # Punjabi: ok, later
        ("aaj time khatam, kuch hal nahi hoya", -1),  # today's time is up, nothing got solved
        ("не надо. bunu özüm edərəm, sil faylı.", -1),  # Azerbaijani: I'll do it myself, delete the file
        ("hələ də işləmir", -1),  # still doesn't work
    ],
)
def test_azerbaijani_and_punjabi_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # Catalan: always, none of, nothing of, only from, first … then, must before deploying
        ("els endpoints nous sempre amb tests d'integració", "els endpoints nous sempre amb tests d'integració"),
        ("cap console.log al codi que pugem", "cap console.log al codi que pugem"),
        ("recorda-ho: res de npm, tot amb pnpm, que si no el lockfile es trenca", "res de npm, tot amb pnpm"),
        ("les migracions només a partir de les set del vespre", "les migracions només a partir de les set del vespre"),
        ("primer el lint, després el push", "primer el lint, després el push"),
        ("bueno, o sea: els logs sempre en JSON", "els logs sempre en JSON"),
        # Bulgarian in Cyrillic and in Latin letters
        ("логовете винаги в JSON, иначе Loki не ги парсва", "логовете винаги в JSON"),
        ("никакви console.log-ове в кода, моля", "никакви console.log-ове в кода, моля"),
        ("първо линтера, после тестовете", "първо линтера, после тестовете"),
        ("тук миграциите ги пускай само през sqlx migrate", "тук миграциите ги пускай само през sqlx migrate"),
        ("nikoga ne pushvai tagove bez review, nali se razbrahme", "nikoga ne pushvai tagove bez review"),
    ],
)
def test_catalan_and_bulgarian_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "cal un filtre per data a la llista de comandes",  # Catalan: a filter is needed (this task)
        "avui no facis el deploy, encara no",  # not today, not yet
        "el build sempre falla a la CI",  # a report: the build always fails in CI
        "пусни тестовете",  # Bulgarian: run the tests (perfective: this once)
        "днес само лог-файловете, моля",  # today only the log files
        "защо винаги гърми на CI?",  # why does it always blow up in CI?
        "bez TanStack-a, treba nam samo sortiranje",  # Serbian, not Bulgarian: no reader takes it as one
    ],
)
def test_what_is_no_catalan_or_bulgarian_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        ("per fi! lliçó apresa: el cron de Fly va en UTC", "el cron de Fly va en UTC"),
        ("he après que el pool de Postgrex no es reinicia sol", "el pool de Postgrex no es reinicia sol"),
        ("урок: sqlx prepare трябва да е с --workspace", "sqlx prepare трябва да е с --workspace"),
        ("оказа се, че Neon заспива след 5 минути", "Neon заспива след 5 минути"),
    ],
)
def test_catalan_and_bulgarian_lessons(said: str, lesson: str) -> None:
    assert extract_knowledge([said]).lessons == (lesson,)


def test_a_numbered_list_under_things_for_the_repo_or_the_rules_of_the_project() -> None:
    catalan = (
        "i ja que hi som, dues coses per al repo:\n1) sempre rebase abans de fusionar\n2) cap secret al .env.example"
    )
    assert extract_knowledge([catalan]).rules == ("sempre rebase abans de fusionar", "cap secret al .env.example")
    bulgarian = "правилата за проекта:\n1. всяка заявка минава през db модула\n2. датите са в UTC"
    assert extract_knowledge([bulgarian]).rules == ("всяка заявка минава през db модула", "датите са в UTC")


def test_that_was_before_then_now_in_the_next_sentence_is_the_new_rule() -> None:
    assert extract_knowledge(["no, that was before. now we tag releases from main"]).rules == (
        "now we tag releases from main",
    )
    assert extract_knowledge(["не, това беше преди. сега тагваме от main"]).rules == (
        "това беше преди. сега тагваме от main",
    )


def test_the_persons_own_review_quoted_back_is_what_they_said() -> None:
    said = (
        "here is the review comment I left on Ana's PR, same for us:\n\n"
        "> the build has to be green before a merge, no exceptions.\n"
    )
    assert extract_knowledge([said]).rules != ()
    someone_else = "Ana left this on my PR:\n\n> the build has to be green before a merge.\n"
    assert extract_knowledge([someone_else]).rules == ()


def test_an_english_rule_before_a_tail_in_another_script_is_read_alone() -> None:
    said = "run the whole e2e suite before you open a PR, त्यसैले यो हरियो नभई PR जाँदैन।"
    assert extract_knowledge([said]).rules == ("run the whole e2e suite before you open a PR",)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("genial, ara funciona 👌", 1),  # Catalan: great, it works now
        ("res, el mateix. ho deixem aquí", -1),  # nothing, the same; we stop here
        ("deixa-ho fallar, ja veurem", -1),  # let it fail, we'll see
        ("мерси, стана", 1),  # Bulgarian: thanks, it worked
        ("пак гърми, утре ще видя", -1),  # it blows up again, I'll look tomorrow
    ],
)
def test_catalan_and_bulgarian_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # Albanian, with and without its ë and ç: always, never (the passive "nuk preken"), none of, only with
        ("gjithmonë bëj rebase para se të bësh merge", "gjithmonë bëj rebase para se të bësh merge"),
        ("migrimet e aplikuara nuk preken kurrë, se prishet historia", "migrimet e aplikuara nuk preken kurrë"),
        ("asnje secret ne repo, perdor .env lokal", "asnje secret ne repo, perdor .env lokal"),
        ("release-i bëhet vetëm me tag nga CI", "release-i bëhet vetëm me tag nga CI"),
        # every one of a kind, before every push, must … before a merge, first … then
        ("çdo endpoint duhet të ketë test integrimi", "çdo endpoint duhet të ketë test integrimi"),
        ("para çdo commit: npm run lint", "para çdo commit: npm run lint"),
        ("testet duhet të kalojnë para merge-it", "testet duhet të kalojnë para merge-it"),
        ("fillimisht lint, pastaj push", "fillimisht lint, pastaj push"),
        # from now on, the prohibitive of a work verb, remember / as I told you, now … no more
        ("nga sot e tutje përdorim pnpm, jo npm", "nga sot e tutje përdorim pnpm, jo npm"),
        ("mos bëj push direkt në main", "mos bëj push direkt në main"),
        ("kujto: kurrë force push në main", "kurrë force push në main"),
        ("si të thashë, gjithmonë squash para merge", "gjithmonë squash para merge"),
        ("tani i ruajmë sekretet në Vault, jo më në .env", "tani i ruajmë sekretet në Vault, jo më në .env"),
        ("ok, tash e tutje PR-të i hap vetëm unë", "tash e tutje PR-të i hap vetëm unë"),
        # what we don't do, what is not allowed, how it is done at our place
        ("s'duam any në kod", "s'duam any në kod"),
        ("force push nuk lejohet", "force push nuk lejohet"),
        ("tek ne migrimet shkojnë në PR të veçantë", "tek ne migrimet shkojnë në PR të veçantë"),
    ],
)
def test_albanian_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "a duhet gjithmonë ta rinis serverin para testeve?",  # a yes-no question by its particle "a"
        "pse dështon gjithmonë në CI",  # why does it always fail in CI (no "?")
        "vetëm për sot, log level DEBUG",  # only for today
        "mos prek asgjë në server tani",  # don't touch anything on the server now
        "mos e bëj merge akoma",  # don't merge it yet
        "build-i dështon gjithmonë në CI",  # a report: the build always fails in CI
        "mos e prek këtë file",  # this file, in front of the person
        "tani e rregullojmë testin",  # now let's fix the test: one piece of work
        "vendosëm që Ktor mbetet në Netty",  # a decision
        "nuk bëjmë dot deploy",  # we can't deploy
    ],
)
def test_what_is_no_albanian_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        ("🙏 mësim: cache-i i CDN-it s'pastrohet vetë", "cache-i i CDN-it s'pastrohet vetë"),
        ("mësova që Neon fle pas 5 minutash", "Neon fle pas 5 minutash"),
        ("doli që cron-i punon në UTC", "cron-i punon në UTC"),
        ("mësim për herë tjetër: podman-i s'ka socket", "podman-i s'ka socket"),
    ],
)
def test_albanian_lessons(said: str, lesson: str) -> None:
    assert extract_knowledge([said]).lessons == (lesson,)


def test_albanian_decisions() -> None:
    assert extract_knowledge(["vendim: mbetemi me Flyway, jo Liquibase"]).decisions == (
        "mbetemi me Flyway, jo Liquibase",
    )
    assert extract_knowledge(["kemi vendosur të përdorim Exposed DSL"]).decisions == ("përdorim Exposed DSL",)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("faleminderit, funksionon", 1),  # thanks, it works
        ("më në fund!", 1),  # finally
        ("s'funksionon akoma", -1),  # it doesn't work yet
        ("prapë e kuqe", -1),  # red again
        ("testet kaluan 🎉", 1),  # the tests passed
        ("mjaft për sot, e lëmë për nesër", -1),  # enough for today, we leave it for tomorrow
    ],
)
def test_albanian_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_albanian_called_away_says_nothing_of_the_work() -> None:
    assert closing_cue("kam mbledhje, po iki") == (0.0, "the user was called away (nothing said of the work)")


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # Gujarati: always with the "-જો" imperative, never with the "નહિ" that forbids, none of a kind
        ("API responses હંમેશા JSON માં લખજો", "API responses હંમેશા JSON માં લખજો"),
        ("main પર direct push ક્યારેય ના કરશો", "main પર direct push ક્યારેય ના કરશો"),
        ("કોઈ પણ secret .env માં નહિ", "કોઈ પણ secret .env માં નહિ"),
        # only ("ફક્ત", the particle "જ") and every with a verb of later (what is to be done, should)
        ("DB calls ફક્ત repository layer માંથી જ કરવા", "DB calls ફક્ત repository layer માંથી જ કરવા"),
        ("દરેક PR માં changelog entry હોવી જોઈએ", "દરેક PR માં changelog entry હોવી જોઈએ"),
        # before a step, first … then, the negative imperative
        ("merge પહેલાં lint અને tests ચલાવજો", "merge પહેલાં lint અને tests ચલાવજો"),
        ("પહેલાં lint, પછી જ push", "પહેલાં lint, પછી જ push"),
        ("generated files હાથથી edit કરવું નહિ", "generated files હાથથી edit કરવું નહિ"),
        # from now on, after a label; remember and "I say it again" drop their lead; the reason is dropped
        ("એક ફેરફાર: હવેથી deploy CI થી જ થશે", "હવેથી deploy CI થી જ થશે"),
        ("યાદ રાખજો: release branch પર force push નહિ", "release branch પર force push નહિ"),
        ("ફરી કહું છું, જેથી યાદ રહે: lock file હાથથી ક્યારેય નહિ", "lock file હાથથી ક્યારેય નહિ"),
        ("logs હંમેશા UTC માં રાખવા, કારણ કે servers ઘણા zones માં છે", "logs હંમેશા UTC માં રાખવા"),
        # typed in Latin letters
        ("commit pehla hamesha lint chalavjo", "commit pehla hamesha lint chalavjo"),
        ("havethi deploy CI thi j thashe", "havethi deploy CI thi j thashe"),
    ],
)
def test_gujarati_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "શું હંમેશા full suite ચલાવવો પડશે?",  # a question: must the full suite always be run?
        "આજ માટે ફક્ત unit tests ચલાવો",  # for today only the unit tests
        "હમણાં ફક્ત backend જ જોવાનું",  # for now only the backend
        "CI હંમેશા fail થાય છે",  # a report: CI always fails
        "build ક્યારેય પૂરું નથી થતું",  # a report: the build never finishes ("નથી" states, "નહિ" forbids)
        "મેં હંમેશા pnpm વાપર્યું છે",  # the speaker: I have always used pnpm
        "tests ચલાવો",  # the plain imperative: run the tests, now
        "બાકી બધા ચલાવો",  # run all the others, now
        "linter કહે છે no issues found",  # what a tool says
    ],
)
def test_what_is_no_gujarati_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        (
            "👏 શીખ્યા: gradle wrapper update પછી build cache પણ સાફ કરવી પડે",
            "gradle wrapper update પછી build cache પણ સાફ કરવી પડે",
        ),
        ("આજે શીખ્યા: fake timers સાથે setTimeout ક્યારેય પૂરું નથી થતું 🙂", "fake timers સાથે setTimeout ક્યારેય પૂરું નથી થતું"),
        ("ખબર પડી કે CI runner માં timezone UTC છે", "CI runner માં timezone UTC છે"),
    ],
)
def test_gujarati_lessons_are_lessons_not_rules(said: str, lesson: str) -> None:
    found = extract_knowledge([said])
    assert found.lessons == (lesson,)
    assert found.rules == ()


def test_gujarati_decisions() -> None:
    assert extract_knowledge(["નક્કી કર્યું: queue માટે SQS, Kafka નહિ"]).decisions == ("queue માટે SQS, Kafka નહિ",)
    assert extract_knowledge(["અમે નક્કી કર્યું કે Postgres જ રાખીશું"]).decisions == ("Postgres જ રાખીશું",)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("સરસ 🙂 commit", 1),  # nice, commit
        ("આભાર, હવે ચાલે છે", 1),  # thanks, it works now
        ("હજુ પણ fail થાય છે", -1),  # it still fails
        ("ઠીક છે, કાલે જોઈશું", -1),  # ok, we'll look at it tomorrow
        ("uff. કાલે.", -1),  # tomorrow
        ("અત્યારે નહિ, પછી", -1),  # not now, later
    ],
)
def test_gujarati_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_a_gujarati_request_for_today_or_a_tools_answer_is_not_weighed_as_a_rule() -> None:
    for said in ("આજ માટે ફક્ત staging પર deploy કરો, prod નહિ", "linter કહે છે no issues found"):
        assert weighed(sentences([said]), clauses) == []


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # Estonian, with and without its letters: always, never, only, must not, must before a step, before every
        # one of a kind, a setting that stays, at our place, first … then, the prohibitive "ära", from now on
        ("logid alati JSON-is, muidu Loki ei parsi neid", "logid alati JSON-is"),
        ("ära kunagi pushi otse main'i", "ära kunagi pushi otse main'i"),
        ("ara kunagi pushi otse main'i", "ara kunagi pushi otse main'i"),
        ("e2e testid jooksevad ainult stagingus", "e2e testid jooksevad ainult stagingus"),
        ("migratsioone ei tohi käsitsi muuta", "migratsioone ei tohi käsitsi muuta"),
        ("lint peab roheline olema enne push'i, palun", "lint peab roheline olema enne push'i"),
        ("enne iga release'i käivita smoke testid", "enne iga release'i käivita smoke testid"),
        ("Node jääb 20 peale", "Node jääb 20 peale"),
        ("meil kirjutatakse testid pytestiga", "meil kirjutatakse testid pytestiga"),
        ("kõigepealt migratsioonid, siis seed", "kõigepealt migratsioonid, siis seed"),
        ("ära lisa uusi sõltuvusi ilma küsimata", "ära lisa uusi sõltuvusi ilma küsimata"),
        ("edaspidi kasuta pnpm-i, mitte npm-i", "edaspidi kasuta pnpm-i, mitte npm-i"),
        ("pea meeles: API võtmed alati .env failis", "API võtmed alati .env failis"),
        ("typecheck enne commit'i, ära unusta", "typecheck enne commit'i, ära unusta"),
    ],
)
def test_estonian_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "kas peaksime alati ka lint'i jooksutama?",  # a question: should we always run lint too?
        "täna ära saada release'i teateid",  # today, don't send the release notes
        "praegu kasuta ainult mock'e",  # for now use only mocks
        "see test failib alati CI-s",  # a report: this test always fails in CI
        "ma unustan alati lint'i käivitada",  # the speaker: I always forget to run lint
        "ära puutu seda",  # don't touch it: the thing at hand
        "vana haru võib ära kustutada",  # the old branch may be deleted ("ära" a particle)
        "build jääb ikka punaseks",  # a report: the build stays red
        "ara fes el commit ara",  # Catalan "ara" (now) is no Estonian "ära"
    ],
)
def test_what_is_no_estonian_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        ("õppisin: pip cache ei tühjene ise", "pip cache ei tühjene ise"),
        ("oppisin, et cron jookseb serveris UTC-s", "cron jookseb serveris UTC-s"),
        ("sain teada, et Redis kaotab restardil kõik võtmed", "Redis kaotab restardil kõik võtmed"),
    ],
)
def test_estonian_lessons(said: str, lesson: str) -> None:
    assert extract_knowledge([said]).lessons == (lesson,)


def test_estonian_decisions() -> None:
    assert extract_knowledge(["otsustasime, et jääme Postgresi juurde"]).decisions == ("jääme Postgresi juurde",)
    assert extract_knowledge(["otsus: queue jaoks SQS, mitte Kafka"]).decisions == ("queue jaoks SQS, mitte Kafka",)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("töötab, aitäh", 1),  # it works, thanks
        ("super. kõik roheline", 1),  # great, all green
        ("ikka sama viga", -1),  # still the same error
        ("ikka punane. jätan", -1),  # still red. I'll leave it
        ("aitab tänaseks, jätkame homme", -1),  # enough for today, we continue tomorrow
    ],
)
def test_estonian_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_estonian_dont_forget_is_no_forgetting_of_a_rule() -> None:
    from pipeline.learning.rules.directive_words import OTHER_FORGET, OTHER_REPLACES

    assert OTHER_REPLACES.search("typecheck enne commit'i, ära unusta") is None
    assert OTHER_FORGET.match("unusta see pnpm, kasuta npm-i") is not None


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        # Marathi: always and every with the imperative, never with the word that forbids, the negative imperative
        ("API responses नेहमी JSON मध्ये लिहा", "API responses नेहमी JSON मध्ये लिहा"),
        ("main वर कधीही force push करू नका", "main वर कधीही force push करू नका"),
        ("generated files हाताने बदलू नका", "generated files हाताने बदलू नका"),
        ("प्रत्येक PR मध्ये changelog entry पाहिजे", "प्रत्येक PR मध्ये changelog entry पाहिजे"),
        # only, with how or where ("CI मधूनच": only through CI), and with the obligation "-आयचं"
        ("deploy फक्त CI मधूनच करा", "deploy फक्त CI मधूनच करा"),
        ("DB calls फक्त repository layer मधूनच करायचे", "DB calls फक्त repository layer मधूनच करायचे"),
        # before a step, first … then, from now on
        ("merge आधी lint आणि tests चालवा", "merge आधी lint आणि tests चालवा"),
        ("push करण्याआधी नेहमी lint चालवा", "push करण्याआधी नेहमी lint चालवा"),
        ("आधी lint चालवा, मग push करा", "आधी lint चालवा, मग push करा"),
        ("यापुढे deploy CI मधूनच होईल", "यापुढे deploy CI मधूनच होईल"),
        # remember and "I say it again" drop their lead; the reason and a remark after the rule are dropped
        ("लक्षात ठेवा: release branch वर force push नाही", "release branch वर force push नाही"),
        ("परत सांगतो: lock file हाताने कधीच बदलू नका", "lock file हाताने कधीच बदलू नका"),
        ("logs नेहमी UTC मध्ये ठेवा, कारण servers वेगवेगळ्या zones मध्ये आहेत", "logs नेहमी UTC मध्ये ठेवा"),
        ("secrets कधीच repo मध्ये नाही, vault वापरा", "secrets कधीच repo मध्ये नाही, vault वापरा"),
        # "that was before" stays before the rule that replaces one
        ("नाही, ते आधीचं होतं, आता deploy pnpm नेच करायचा", "ते आधीचं होतं, आता deploy pnpm नेच करायचा"),
        # typed in Latin letters
        ("main var kadhich direct push karu naka", "main var kadhich direct push karu naka"),
    ],
)
def test_marathi_rules(said: str, rule: str) -> None:
    assert extract_knowledge([said]).rules == (rule,)


@pytest.mark.parametrize(
    "said",
    [
        "Oban jobs ला नेहमी retries ठेवायचे का?",  # a question: should the jobs always keep retries?
        "आजसाठी फक्त unit tests चालवा",  # for today, only the unit tests
        "सध्या फक्त backend बघा",  # for now only the backend
        "उद्या फक्त staging वर deploy करा",  # tomorrow, only to staging
        "CI नेहमी fail होतो",  # a report: CI always fails
        "build कधीच पूर्ण होत नाही",  # a report: the build never finishes ("-त नाही" states, "नका" forbids)
        "काल फक्त deps update केले",  # a report: yesterday only the deps were updated
        "मी नेहमी pnpm वापरते",  # the speaker: I always use pnpm
        "tests चालवा",  # the plain imperative: run the tests, now
        "सगळे tests चालवा",  # run all the tests, now
        "फक्त command सांगा",  # only tell me the command, now
        "हे commit करू नका",  # don't commit this
        "थांबा, हे बदलू नका",  # stop, don't change this: said of what the agent is doing
        "route map वर hook टाकायचा, gpx track दाखवायचा",  # the task at hand, in the obligation form
    ],
)
def test_what_is_no_marathi_rule(said: str) -> None:
    assert extract_knowledge([said]).rules == ()


@pytest.mark.parametrize(
    ("said", "lesson"),
    [
        ("धडा: gradle update नंतर build cache पण साफ करायचा", "gradle update नंतर build cache पण साफ करायचा"),
        ("आज शिकले की CI runner मध्ये timezone UTC असतो", "CI runner मध्ये timezone UTC असतो"),
        (
            "हो, कळलं: fake timers सोबत setTimeout कधीच संपत नाही, म्हणून test अडकतो",
            "fake timers सोबत setTimeout कधीच संपत नाही",
        ),
    ],
)
def test_marathi_lessons_are_lessons_not_rules(said: str, lesson: str) -> None:
    found = extract_knowledge([said])
    assert found.lessons == (lesson,)
    assert found.rules == ()


def test_marathi_got_it_alone_is_no_lesson_and_decisions_are_decisions() -> None:
    assert extract_knowledge(["कळलं."]).lessons == ()
    assert extract_knowledge(["ठरवलं: queue साठी SQS, Kafka नको"]).decisions == ("queue साठी SQS, Kafka नको",)
    assert extract_knowledge(["आम्ही ठरवलं की Postgres च ठेवायचा"]).decisions == ("Postgres च ठेवायचा",)


@pytest.mark.parametrize(
    ("said", "sign"),
    [
        ("छान, commit करा", 1),  # nice, commit
        ("धन्यवाद, आता चालतंय", 1),  # thanks, it works now
        ("streaming बरोबर.", 1),  # streaming is right
        ("अजून पण fail होतोय", -1),  # it still fails
        ("ठीक आहे, उद्या बघू", -1),  # ok, we'll look tomorrow
        ("आत्ता नको, नंतर बघू", -1),  # not now, later
        ("आज merge नाही करत, PR तसाच ठेवा", -1),  # not merging today, leave the PR as it is
    ],
)
def test_marathi_closings(said: str, sign: int) -> None:
    cue = closing_cue(said)
    assert cue is not None and cue[0] * sign > 0


def test_marathi_called_away_says_nothing_and_with_me_is_no_verdict() -> None:
    assert closing_cue("मीटिंग आहे, निघते") == (0.0, "the user was called away (nothing said of the work)")
    assert closing_cue("माझ्या बरोबर बघ") is None  # "बरोबर" before more words is "with"


def test_a_marathi_request_for_today_is_not_weighed_as_a_rule() -> None:
    for said in ("आजसाठी फक्त staging वर deploy करा, prod नको", "फक्त आजसाठी alerts चा cron दर 5 मिनिटांनी करा"):
        assert weighed(sentences([said]), clauses) == []


def test_a_marathi_rules_list_is_read_item_by_item() -> None:
    said = "prod साठी नियम:\n१) migrate आधी backup घ्या\n२) शुक्रवारी deploy नाही"
    assert extract_knowledge([said]).rules == ("migrate आधी backup घ्या", "शुक्रवारी deploy नाही")
