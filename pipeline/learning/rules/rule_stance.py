"""A rule's stance: the terms it asserts and the terms it rejects, for telling a reversal from a restatement.

Character overlap cannot tell these apart: "Always push to main directly" and "Never push to main directly"
share nearly every character, "money must always be a Decimal, never a float" and "Always use Decimal for
money amounts" share few. So each text gets a **stance**: the terms it asserts (after always, use, is, only,
must) and the terms it rejects (after never, no, not, don't, instead of), each with the word before it
(`rule_lifecycle.py` judges with them). Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

# Japanese and Korean put the object before the word that rejects or asserts it ("pip installはなし", "tmuxは
# もういらない", "printじゃなくてlogger", "必ずtmuxの中で"): rewritten in the English order the stance reads
# ("no pip install", "use logger , not print", "always tmux"), so terms in Latin script (tools, flags, names)
# get a stance in either language. Kana and kanji words themselves carry no term (the tokens are Latin).
_LATIN_RUN = r"[A-Za-z0-9_.@/+#`-]+(?: [A-Za-z0-9_.@/+#`-]+)*"
_CJK_STANCE = (
    (
        re.compile(rf"(?P<x>{_LATIN_RUN})\s*(?:じゃなくて|ではなくて?|の代わりに|말고|대신)\s*(?P<y>{_LATIN_RUN})"),
        r" use \g<y> , not \g<x> , ",
    ),
    (
        re.compile(
            rf"(?P<x>{_LATIN_RUN})\s*(?:は|を|も|는|은|을|를)?\s*(?:もう)?\s*"
            r"(?:禁止|なし|使わない|いらない|要らない|不要|しないで|やめて|쓰지 마|사용하지 마|금지)"
        ),
        r" no \g<x> , ",
    ),
    (re.compile(rf"(?:必ず|常に|いつも|全部|すべて|全て|항상|반드시|꼭)\s*(?P<y>{_LATIN_RUN})"), r" always \g<y> , "),
)
# Latin letters with their accents ("não usa npm": an ASCII-only token had cut "não" in two), and runs of
# other scripts' letters, of which only negators and assertors are kept (`_tokens`)
_L = "a-z0-9\u00c0-\u024f\u1e00-\u1eff"
_TOKEN = re.compile(rf"[{_L}][{_L}._+#-]*[{_L}+#]|[{_L}]|[,;—–]|(?<=\s)-(?=\s)|\.(?=\s|$)|(?P<other>[^\W\d_{_L[3:]}]+)")
# English, and the same words in Spanish, German and French ("usa --wait sin --atomic" rejects what "preferimos
# … con --atomic" asserts); "skip linux" rejects what "ship a linux binary" asserts
_NEGATOR_WORDS = (
    "never no not don't dont avoid without instead rather stop skip drop nor sin nunca jamás ni ohne nie niemals kein "
    "keine nicht statt sans jamais nada não nao sem никогда не нет никаких без вместо "
    # Malay and Indonesian
    "jangan bukan tak tidak gak nggak takde tanpa"
)
NEGATORS = frozenset(_NEGATOR_WORDS.split())
_ASSERTOR_WORDS = (
    "always use must should prefer only is are become becomes be via through ship ships include includes "
    "usa usad usamos utiliza preferimos prefiere siempre con immer nutze benutze verwende mit toujours utilise avec "
    "sempre com usem всегда только через используем используй "
    "pakai pake guna selalu wajib lalu lewat"
)
ASSERTORS = frozenset(_ASSERTOR_WORDS.split())
BOUNDARY_WORDS = "but and so because since , ; — – - ."
BOUNDARY = frozenset(BOUNDARY_WORDS.split())
FILLER_WORDS = (
    "a an the to of in on at for with by from as it its this that these those we you they our your their i me "
    "my ever now anymore anywhere everything everywhere all any some each every just please pls plz porfa bitte "
    "also still then "
    "instead rather than do does did doing done be been being was were will would can could shall may might "
    "use using used uses go goes went straight directly direct "
    "de da do das dos em na no nas nos um uma "
    # function words of other languages: shared, they make two rules look alike ("un", "che", "die", "les")
    "un il lo la le gli di del della dei che per cosa e el los las y que por para der die das und zu für ein eine "
    "les des du et pour qui "
    # Malay and Indonesian particles and function words
    "je lah la kan tu ni dah nak yang aja ya sih dong deh dengan dalam untuk"
)
FILLER = frozenset(FILLER_WORDS.split())
_NUMBER = re.compile(r"^v?\d+(?:\.\d+)*[a-z]*$")


@dataclass(frozen=True, slots=True)
class Stance:
    asserted: frozenset[tuple[str, str]]  # (term, the content word before it or "")
    rejected: frozenset[tuple[str, str]]
    words: frozenset[str]  # every content word


def stance(text: str) -> Stance:
    tokens = _tokens(text)
    asserted: set[tuple[str, str]] = set()
    rejected: set[tuple[str, str]] = set()
    mode = ""
    previous = ""
    for raw in tokens:
        token = fold_word(raw)
        if raw in NEGATORS or token in NEGATORS:
            mode, previous = "-", ""
            continue
        if raw in ASSERTORS:
            if mode != "-":
                mode, previous = "+", ""  # as after a negator: "con --atomic" and "sin --atomic" name one term
            continue
        if raw in BOUNDARY:
            mode, previous = "", ""
            continue
        if token in FILLER or len(token) < 2:
            continue
        if mode == "+":
            asserted.add((token, previous))
        elif mode == "-":
            rejected.add((token, previous))
        previous = token
    words = frozenset(
        fold_word(t)
        for t in tokens
        if fold_word(t) not in FILLER and t not in NEGATORS | ASSERTORS and t not in BOUNDARY and len(t) > 1
    )
    return Stance(frozenset(asserted), frozenset(rejected), words)


def forbidden_terms(rule: str) -> list[frozenset[str]]:
    """The term sets a rule forbids, one per negated stretch ("never push straight to main" -> {push, main};
    "money is an int of cents now, never Decimal" -> {decimal})."""
    scopes: list[set[str]] = []
    negated = False
    for raw in _tokens(rule):
        token = fold_word(raw)
        if raw in NEGATORS or token in NEGATORS:
            negated = True
            scopes.append(set())
        elif raw in BOUNDARY or raw in ("always", "only", "must", "should", "prefer"):
            negated = False
        elif negated and token not in FILLER and len(token) > 1 and raw not in ASSERTORS:
            scopes[-1].add(token)
    return [frozenset(scope) for scope in scopes if scope]


def stance_words(text: str) -> frozenset[str]:
    """A text's content words, folded the way stances fold them (for matching steps against rules)."""
    return frozenset(fold_word(t) for t in _tokens(text) if t not in BOUNDARY and len(t) > 1)


def _tokens(text: str) -> list[str]:
    """Words in Latin letters, and the negators and assertors of other scripts ("никогда", "только"): other
    scripts' words are left out, since their function words ("على", "أي") would make two rules look alike."""
    for pattern, english in _CJK_STANCE:
        text = pattern.sub(english, text)
    lowered = text.lower().replace("’", "'").replace("n't", " not")
    return [
        m.group()
        for m in _TOKEN.finditer(lowered)
        if m.group("other") is None or m.group() in NEGATORS or m.group() in ASSERTORS
    ]


def reversed_terms(new: Stance, old: Stance) -> list[str]:
    """Terms one asserts and the other rejects, with the same word before them in both."""
    out = []
    for mine, theirs in ((new.asserted, old.rejected), (new.rejected, old.asserted)):
        theirs_by_term = {term: before for term, before in theirs}
        out += [term for term, before in mine if term in theirs_by_term and theirs_by_term[term] == before]
    return sorted(set(out))


def changed_value(new: str, old: str) -> bool:
    """The same sentence with one number or version changed, or always <-> never flipped."""
    a = [m.group() for m in _TOKEN.finditer(old.lower()) if m.group() not in BOUNDARY]
    b = [m.group() for m in _TOKEN.finditer(new.lower()) if m.group() not in BOUNDARY]
    if len(a) < 3 or abs(len(a) - len(b)) > 1:
        return False
    ops = [op for op in SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(ops) != 1 or ops[0][0] != "replace":
        return False
    _, i1, i2, j1, j2 = ops[0]
    gone, came = a[i1:i2], b[j1:j2]
    if len(gone) != 1 or len(came) != 1:
        return False
    pair = {gone[0], came[0]}
    return bool(_NUMBER.match(gone[0]) and _NUMBER.match(came[0])) or pair == {"always", "never"}


def fold_word(word: str) -> str:
    word = word.strip("'")
    for long, short in (("integer", "int"), ("datetimes", "datetime"), ("timestamps", "timestamp")):
        if word == long:
            return short
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and ((word.endswith("es") and word[-3] in "sxz") or word.endswith(("ches", "shes"))):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
