"""The transcript builder of the eleventh held-out corpus (bench/heldout_transcript_kit.py) with Anh's data
warehouse as the default working directory, this corpus's uuid5 namespace, and a language guess for English /
Vietnamese (declared texts carry their language code).

Anh works on macOS (`/Users/anh/code/...`), so the shared builder's POSIX paths and its macOS background-task
folder (/private/tmp/claude-501) fit as they are; only read-before-edit is added here."""

from __future__ import annotations

import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import heldout_transcript_kit
from heldout_transcript_kit import *  # noqa: F403  (the builder: Session, the tools, sentences)

KHO = "/Users/anh/code/kho-du-lieu"
IOS = "/Users/anh/code/giaohang-ios"

heldout_transcript_kit.configure(cwd=KHO, namespace=uuid.UUID("cad5dd6d-ff4a-4ee8-ac41-1cd89160a489"))

WORD = re.compile(r"[^\W\d_]+(?:'[a-z]+)?", re.IGNORECASE)
# Function words only, in both spellings Anh types Vietnamese (with diacritics, and without when typing fast).
# Tech words ("test", "model", "DAG") are shared and decide nothing; words that are English as well as
# Vietnamese without diacritics ("do", "in", "to", "may", "the", "an", "on", "a", "ai") are left out of both lists.
_EN = (
    "the and or but not is are was were be been it its this that these those there here i you we they "
    "he she my your our their me us them of at for with from by as if so does did don't can could "
    "should would will just please thanks yes what why how when which also then than still again now only "
    "why it's let's i'm isn't doesn't didn't"
)
_VI = (
    "khong không minh mình cai cái nay này di đi la là co có duoc được roi rồi nhe nhé cua của cho voi với "
    "ma mà thi thì nhung nhưng van vẫn lai lại gi gì sao vay vậy o ở day đây bao gio giờ tu từ em "
    "cam cảm ơn xong chua chưa het hết lam làm sua sửa chay chạy loi lỗi nua nữa va và trong khi neu nếu "
    "dung đừng dùng phai phải can cần de để vi vì thoi thôi oi ơi ạ nhu như cung cũng hom hôm qua sang sáng "
    "mai chieu chiều toi tôi ben bên ngay ngày nao nào lan lần hay bi bị con còn thay thấy xem kiem kiểm "
    "tra gium giùm giup giúp luon luôn nho nhớ khoan đã da nhin nhìn moi mới cu cũ biet biết"
)
EN_WORDS = frozenset(_EN.split())
VI_WORDS = frozenset(_VI.split())


def lang_of(text: str) -> str:
    """ "vi" when a text has at least two Vietnamese function words and more of them than English ones."""
    words = [w.lower() for w in WORD.findall(text.replace("’", "'"))]
    vi = sum(1 for w in words if w in VI_WORDS)
    en = sum(1 for w in words if w in EN_WORDS)
    return "vi" if vi >= 2 and vi > en else "en"


heldout_transcript_kit.read_before_edit(first=6, spread=31, after=19)
