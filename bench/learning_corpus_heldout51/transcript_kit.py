"""The transcript builder of the 51st held-out corpus (bench/heldout_transcript_kit.py) with Aigerim's two working
directories, this corpus's uuid5 namespace, paths that follow the session's side of the machine, and a
Kazakh / Russian / English language guess.

Aigerim works on Windows 11 with WSL2 (Ubuntu). The Android app `saqtau` lives on the Windows side, next to
Android Studio, the SDK and the emulator, and Claude Code runs there natively from PowerShell (its Bash tool is Git
Bash), so its transcripts carry `C:\\Users\\Aigerim\\AndroidStudioProjects\\saqtau` and backslash file paths. The
Django service `saqtau-api` lives in WSL (`/home/aigerim/dev/saqtau-api`, Docker Desktop's WSL integration, VS Code
Remote-WSL), and Claude Code runs there as a Linux process. Relative paths in the scenarios are resolved against
whichever of the two the current session runs in.

She writes Kazakh (Cyrillic) in about 40 % of her messages, Russian in about 20 %, English in the rest, and mixes
them inside sentences, technical terms in English. The guess counts Kazakh evidence (a word carrying one of the
Kazakh letters ә ғ қ ң ө ұ ү һ і, or a common Kazakh word spelt without them), Russian evidence (common Russian
function and everyday words from a list; Russian has no letters of its own against Kazakh Cyrillic) and English
function words, and says "kk" when Kazakh evidence is at least two and not below either of the others, "ru" when
Russian evidence is at least two and above the Kazakh and not below the English, and "en" otherwise. Cyrillic words
in neither list (loanwords with Kazakh endings such as "миграцияны") count for nothing."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

APP = "C:\\Users\\Aigerim\\AndroidStudioProjects\\saqtau"
API = "/home/aigerim/dev/saqtau-api"

heldout_transcript_kit.configure(cwd=APP, namespace=uuid.UUID("4b7f5a1e-2c93-5d08-9e61-0a3c8d2f7b51"))

_DRIVE = re.compile(r"^[A-Za-z]:\\")


def _abspath(path: str) -> str:
    """A path as Claude Code records it on the session's side: absolute ones as they are; relative ones under a
    Windows cwd with backslashes (a Grep line "app/x.kt:5:code" keeps its text after the first colon), under a
    WSL cwd with slashes."""
    if _DRIVE.match(path) or path.startswith("/"):
        return path
    cwd = heldout_transcript_kit._CTX["cwd"]
    if not _DRIVE.match(cwd):
        return f"{cwd}/{path}"
    head, sep, tail = path.partition(":")
    return cwd + "\\" + head.replace("/", "\\") + sep + tail


def _tmp_tasks(cwd: str) -> str:
    if _DRIVE.match(cwd):
        return "C:\\Users\\Aigerim\\AppData\\Local\\Temp\\claude\\" + cwd.replace(":", "-").replace("\\", "-")
    return "/tmp/claude-1000/" + cwd.replace("/", "-")


heldout_transcript_kit.abspath = _abspath
heldout_transcript_kit.tmp_tasks = _tmp_tasks

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# Letters of the Kazakh Cyrillic alphabet that Russian does not have.
KK_ONLY = re.compile(r"[әғқңөұүһі]", re.IGNORECASE)
_KK_PLAIN_TEXT = (
    "мен сен ол осы сол соны оны сонда мына мынау бар керек емес тек енді деп жаса жасап жаз жазып жазба "
    "болды болсын болса болады сосын содан алдымен менен екен ма ме ба бе па пе жарайды рахмет сияқты неге "
    "кеше апта анам жоқ ал осыдан сосын оған онда жасай берсін қой салып"
)
_RU_TEXT = (
    "и в во не на что это как но а я мы ты он она они по с со у к для от из так уже ещё еще вот только если "
    "надо нужно давай пожалуйста спасибо почему опять снова сделай мой моя моего мне меня нас там тут здесь всё "
    "все потом сейчас когда где без или нет же бы ли то тоже было будет есть чтобы после до при про через "
    "сразу ничего сама сам всегда никогда сначала спроси убери новые любые работает пишут помогает теперь "
    "думаю тебе времени время сегодня вчера утром днём вечером посмотрю интересно понятно решили вывод "
    "говорила делаем руками пакеты оставляем коде трогай почини пятницу подняла написала забыла добавь "
    "пропустили прошлый раз строки русские экрана истории приёмов поменяем отдаём ничего пересчитывать "
    "найдём корень называется запускала зелёный красный разберёмся понедельник хватает остаётся одного "
    "приложение закрывается обновления данных логов суббота тестеры ждут пользователя версии миграцию "
    "можно та же версия эта этот тот запускается старте контейнера проде руками"
)
_EN_TEXT = (
    "the an and or but not is are was were be been it its this that there you we they my your our me of on at "
    "for with from by as if so does did can could should would will just what why how when also then in don't "
    "dont it's i'd i'll i'm have has all any every only out up into here now again still after before"
)
_KK = frozenset(_KK_PLAIN_TEXT.split())
_RU = frozenset(_RU_TEXT.split())
_EN = frozenset(_EN_TEXT.split())


def counts(text: str) -> tuple[int, int, int]:
    """(Kazakh, Russian, English) evidence in a text."""
    words = [w.lower() for w in WORD.findall(text)]
    kk = sum(1 for w in words if w in _KK or KK_ONLY.search(w))
    ru = sum(1 for w in words if w in _RU and not KK_ONLY.search(w))
    en = sum(1 for w in words if w in _EN)
    return kk, ru, en


def lang_of(text: str) -> str:
    """ "kk" when Kazakh evidence is at least 2 and not below the Russian or English; "ru" when Russian evidence is
    at least 2, above the Kazakh and not below the English; "en" otherwise."""
    kk, ru, en = counts(text)
    if kk >= 2 and kk >= ru and kk >= en:
        return "kk"
    if ru >= 2 and ru > kk and ru >= en:
        return "ru"
    return "en"


heldout_transcript_kit.read_before_edit(first=9, spread=19, after=23)
