"""Rules, lessons and decisions in what the person typed: English by its grammar (`english.py`), other languages
by their own markers (`cues.py`, `japanese.py`, `vietnamese.py`); what no marker reads is left to meaning
(`pipeline/learning/rules/rule_meaning.py`). Only what the person typed counts: the caller hands in their texts, never
the assistant's, a tool's output or a subagent's prompt; inside them, code fences, quoted lines and lines that
look pasted (log lines, stack frames, compiler and linter output) are skipped. Pattern matching, not
understanding: it is tuned to keep precision high (a wrong rule in rules.md costs every later session), so an
unusual phrasing is missed rather than guessed. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial

from pipeline.agent.speech import cues, english_forms
from pipeline.agent.speech.english import rule_in
from pipeline.agent.speech.english_decisions import assistant_decision, decision_in, lesson_in
from pipeline.agent.speech.marks import has_cjk, has_kana
from pipeline.agent.speech.pasted_text import typed_and_pasted
from pipeline.agent.speech.sentence_parts import LEAD as _LEAD
from pipeline.agent.speech.sentence_parts import clauses, sentences, tidy
from pipeline.agent.speech.shorthand import expanded, own_words

__all__ = [
    "UserKnowledge",
    "clauses",
    "decision_in",
    "extract_knowledge",
    "lesson_in",
    "listed_items",
    "rule_in",
    "says_something",
    "sentences",
    "tidy",
    "typed_and_pasted",
]


@dataclass(frozen=True, slots=True)
class UserKnowledge:
    rules: tuple[str, ...]
    lessons: tuple[str, ...]
    decisions: tuple[str, ...]


# "with -race, every time. I told you last week": a norm the person says was said before is a rule said again
_TOLD_BEFORE = re.compile(
    r"^(?:I|I've|I have)\s+(?:already\s+)?(?:told|said|asked)(?: you| it| that)?(?: this)?"
    r"(?:\s+(?:already|before|last week|yesterday|twice|many times|a hundred times))?\s*[.!]*$",
    re.IGNORECASE,
)
_SAID_AS_A_NORM = re.compile(r"\b(?:always|never|every time|each time|only|don'?t|do not|no more)\b", re.I)
_REPORTS = re.compile(
    r"\?\s*$|\b(?:fails?|failed|breaks?|broke|crash\w*|hangs?|is|are|was|were|keeps?|happens?)\b", re.I
)


def says_something(sentence: str, *, labels: bool = True) -> bool:
    """Whether the patterns find a rule, a lesson or a decision in the sentence (then meaning need not look);
    `labels` as in `extract_knowledge`."""
    found = extract_knowledge([sentence], labels=labels)
    return bool(found.rules or found.lessons or found.decisions)


def extract_knowledge(
    user_texts: Iterable[str], other_texts: Iterable[str] = (), *, labels: bool = True
) -> UserKnowledge:
    """Rules, lessons and decisions in the person's texts; `other_texts` (the assistant's) only give decisions,
    tagged ("Decision: …") or opening a sentence with "we'll use / go with / keep …". `labels`: a sentence after
    a short label is read without it when only then it says something (`_unlabelled`)."""
    rules: list[str] = []
    lessons: list[str] = []
    decisions: list[str] = []
    user_texts_list = list(user_texts)
    said = [(s, before, after) for text in user_texts_list for s, before, after in _with_neighbours(sentences([text]))]
    if labels:
        said = [(_unlabelled(s), before, after) for s, before, after in said]
    for sentence, before, after in said:
        english = not (has_cjk(sentence) or has_kana(sentence))
        # the English reader reads chat shorthand spelled out ("going w X", "before u say done"); what it finds
        # is given back in the person's words
        plain, own = expanded(sentence) if english else (sentence, str)
        if found := cues.told_to_keep(sentence):
            rules.append(found)
            continue
        if found := (english and own_words(lesson_in(plain), own)) or cues.lesson_in(_LEAD.sub("", sentence)):
            lessons.append(found)
            continue
        if (
            found := (english and own_words(rule_in(plain), own))
            or _cue_rule(sentence)
            or _language_preference(sentence)
            or _english_head_rule(sentence)
        ):
            rest = re.sub(r"\s*\([^()]*\)", "", after)  # "(Filter, offenes Modal)": an example, not the rule
            if _POINTS_BACK.search(found) and _ASKED_WHY.search(before):
                found = f"{tidy(_LEAD.sub('', before))} {found}"
            rules.append(f"{found}. {tidy(rest)}" if rest and _GOES_ON.match(rest) else found)
        elif _TOLD_BEFORE.match(after) and _SAID_AS_A_NORM.search(sentence) and not _REPORTS.search(sentence):
            rules.append(tidy(sentence))
        elif english:
            rules += [own(rule) for rule in _run_on_rules(plain)]
        if found := (english and own_words(decision_in(plain), own)) or cues.decision_in(sentence):
            decisions.append(found)
    for text in user_texts_list:
        rules += [item for item in team_list(text) if not _says_other_than_a_rule(item)]
    for sentence in sentences(other_texts):
        if found := assistant_decision(sentence):
            decisions.append(found)
    return UserKnowledge(_unique(rules), _unique(lessons), _unique(decisions))


# A short label before a colon that says what kind of remark follows, in any language ("one more thing for all
# repos:", "i nešto za sve repoe:", "a note from the review:", "Бас нэг зүйл:"): the readers look for a rule
# where a sentence begins, and here it begins after the label. Not a label of pasted or quoted text (an error, a
# log, what was expected) nor of a plan or a question.
_LABEL = re.compile(r"^(?P<label>[^:：`/\\()\[\]]{2,48})[:：]\s+(?P<rest>\S.{8,})$")
_NOT_A_LABEL = re.compile(
    r"\b(?:error|errors|warning|exception|traceback|output|logs?|result|expected|actual|got|received|question|"
    r"plan|idea|todo|context|example|answer|summary|status)\b",
    re.IGNORECASE,
)


def _unlabelled(sentence: str) -> str:
    """The sentence after its label when only that part says something to the readers (see `_LABEL`)."""
    match = _LABEL.match(sentence)
    if match is None or len(match["label"].split()) > 6 or _NOT_A_LABEL.search(match["label"]):
        return sentence
    if english_forms.MAKE_THIS.match(match["label"]):
        return sentence  # "write a Grafana dashboard JSON: one row per well, …": a task and what it is to be like
    rest = match["rest"]
    said = partial(says_something, labels=False)
    return rest if not said(sentence) and said(rest) else sentence


# A rule's second half said as a fragment after it, in the same message: "ab jetzt kommt alles vom Server über
# TanStack Query. zustand nur noch für UI-State", "from now on money is cents. floats only for display"
_GOES_ON = re.compile(
    r"^[a-z][\w./-]*(?:\s+\S+){0,2}\s+(?:only|nur(?: noch)?|solo|seulement|uniquement|só|только)\b"
    r"(?:\s+\S+){0,4}\s*[.!]?$"
)


# A list the person pastes as the team's written rules: "Wklejam checklistę z Confluence, obowiązuje cały zespół:",
# "here are the team conventions from the wiki:", "day la list cua team tren Notion, lam theo nhe:" and the items
# under it. Every item is a rule, whatever its grammar ("- tytuł PR zaczyna się od klucza z Jiry"): the person
# said what the list is.
_TEAM_LIST_INTRO = re.compile(
    r"\b(?:check-?list\w*|conventions?|guidelines?|rules|regul\w*|zasad\w*|wytyczn\w*|standards?|wiki|confluence|"
    r"notion|handbook|style ?guide|playbook|CONTRIBUTING|richtlinien|regeln|konventionen|reglas|normas|règles|"
    # the person's own list: "a few things about how I would like this app to be written:"
    r"how (?:I|we)(?:'d| would)? (?:like|want|prefer)\b[^:]{0,60}\b(?:written|done|built|structured|organi[sz]ed|"
    r"set up)|"
    r"regole|convenzioni|kurallar\w*|правила|соглашени\w+|(?:team|team's|our|project|company)\s+(?:docs?|documentation))\b|"
    r"规范|规则|约定|ルール|規約|규칙|컨벤션|ویکی|قوانین|قواعد|κανόνες|οδηγίες|\bpinned\b|"
    # Azerbaijani "a few rules:", Punjabi "rules", "(a few things) for the team:" in Gurmukhi and Latin letters
    r"\bqayda\w*|ਨਿਯਮ|\bniyam\b|(?:things|notes|points) for the (?:team|repo|project|codebase)|team ਲਈ|ਟੀਮ ਲਈ|"
    r"\bteam (?:layi|lai|vaaste)\b|"
    # Catalan "(three) things for the repo:", its rules and norms; Bulgarian "the rules (for this project):"
    # ("правилата": "правила" with its article)
    r"\bcoses per a(?:l)? (?:repo|equip|projecte)\b|\bnormes\b|\bregles\b|правилата|"
    # Marathi and Hindi "rules (for prod):" ("prod साठी नियम:", "नियम:") in Devanagari
    r"नियम",
    re.IGNORECASE,
)
_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+(?P<item>\S.{5,})$")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s+\S.*|\*\*[^*]+\*\*|__[^_]+__)\s*$")


def team_list(text: str) -> list[str]:
    """The items of a list the person introduces as the team's written rules (see `_TEAM_LIST_INTRO`): a line
    that names the document and ends in a colon, then (past blank lines and a heading) its list items."""
    items: list[str] = []
    listing = False
    for line in typed_and_pasted(text)[0]:
        stripped = line.strip()
        # (or a pinned message of the person's rules: "📌 shwe-api notes", a list under it)
        if (stripped.endswith((":", "：")) and _TEAM_LIST_INTRO.search(stripped)) or stripped.startswith("📌"):
            listing = True
            continue
        if not listing or not stripped or _HEADING.match(stripped):
            continue
        if item := _LIST_ITEM.match(stripped):
            items.append(tidy(re.sub(r"\s*\([^()]*\)[\s.!]*$", "", item["item"])))  # "(feat:, fix:)": an example
            continue
        listing = False
    return items


def listed_items(text: str) -> list[str]:
    """The items of each list of two or more under a typed line that ends in a colon, in any language ("tres coses
    per al repo:", "правилата за този проект:", "What I need:"): what the person set out point by point, a rule or
    a task each, for meaning to tell (`rule_meaning.listed_rules`). Not under a label of pasted or quoted text."""
    out: list[str] = []
    intro = False
    items: list[str] = []
    for line in [*typed_and_pasted(text)[0], ""]:
        stripped = line.strip()
        if item := _LIST_ITEM.match(stripped):
            if intro:
                items.append(tidy(item["item"]))
            continue
        if len(items) >= 2:
            out += [i for i in items if not i.rstrip().endswith(("?", "？"))]
        items = []
        label = stripped[:-1]
        intro = stripped.endswith((":", "：")) and not _NOT_A_LABEL.search(label) and not label.endswith("?")
    return out


def _says_other_than_a_rule(item: str) -> bool:
    """A list item that is a decision, a lesson or a question ("3. Quyết định: Airflow ở lại bản 2.9")."""
    if item.rstrip().endswith(("?", "？")):
        return True
    english = not (has_cjk(item) or has_kana(item))
    lesson = (english and lesson_in(item)) or cues.lesson_in(item)
    return bool(lesson or (english and decision_in(item)) or cues.decision_in(item))


# A run-on sentence, as dictation types it: many comma parts and no full stop ("righto api side, add GET /stations,
# every endpoint declares a response_model, and the response schemas live in app/schemas.py not on the table
# models, i dont want …"). Each part is read as a sentence of its own; a short sentence keeps its commas, whose
# parts lean on each other ("if it fails, never retry").
RUN_ON_WORDS = 24
RUN_ON_PARTS = 4
# a part that says when, this once ("…, and the staging prices need a re-import afterwards")
_ONE_TIME = re.compile(r"\b(?:afterwards|today|tonight|tomorrow|right now|for now|this time|later|next week)\b", re.I)
_PART_LEAD = re.compile(r"^(?:and|but|so|also|plus|then|oh and|like i said|as i said)\s+", re.IGNORECASE)


def _run_on_rules(sentence: str) -> list[str]:
    # (not inside brackets: "(LazyColumn, one card per booking with the plot name, …)" describes what to build)
    parts = [p.strip() for p in re.sub(r"\([^()]*\)", " ", sentence).split(", ")]
    if len(parts) < RUN_ON_PARTS or len(sentence.split()) < RUN_ON_WORDS:
        return []
    said = [part for part in parts if len(part.split()) >= 3 and not _ONE_TIME.search(part)]
    found = [rule_in(_PART_LEAD.sub("", part)) for part in said]
    return [rule for rule in found if rule]


def _with_neighbours(said: list[str]) -> list[tuple[str, str, str]]:
    return [(s, said[i - 1] if i else "", said[i + 1] if i + 1 < len(said) else "") for i, s in enumerate(said)]


# A short rule that points back ("eso no se toca", "don't do that again", "ne refais jamais ça") after the person
# asked why something was done ("por que cambiaste el pubspec.lock?"): what it forbids is named in the question
_POINTS_BACK = re.compile(
    r"^(?:\S+\s+){0,5}?(?:that|this|eso|esto|isso|isto|ça|cela|das|dies|это|那个|这个|それ|これ)\b(?:\s+\S+){0,4}$",
    re.IGNORECASE,
)
_ASKED_WHY = re.compile(
    r"^(?:\S+\s+)?(?:why|por ?qu[eé]|pourquoi|warum|wieso|perch[eé]|почему|зачем)\b.*\?$|为什么.*[?？]$",
    re.IGNORECASE,
)


# Which language the person wants answers in, and which the code: "contestame en español pero el codigo … en
# ingles", "answer me in German but keep code and comments in English", "用中文回答，代码注释用英文". A verb of
# answering and two languages named make it a standing preference in any language; translating is a task.
_LANGUAGE = (
    r"english|inglés|ingles|englisch|anglais|inglês|angielski|engels|английск\w*|英文|英语|英語|영어|"
    r"spanish|español|espanol|castellano|spanisch|espagnol|espanhol|german|deutsch|alemán|aleman|allemand|alemão|"
    r"french|français|francais|francés|frances|französisch|francês|portuguese|português|portugues|portugués|"
    r"italian|italiano|italien|italienisch|polish|polski|dutch|nederlands|russian|русск\w*|"
    r"chinese|中文|汉语|chino|chinois|japanese|日本語|japonés|korean|한국어|turkish|türkçe|turkce"
)
_NAMED_LANGUAGE = re.compile(rf"(?<![A-Za-zÀ-ÿ])(?:{_LANGUAGE})(?![A-Za-zÀ-ÿ])", re.IGNORECASE)  # (CJK has no spaces)
_ANSWERING = re.compile(
    r"\b(?:answer|reply|respond|talk|speak|explain|write to me|contest\w*|respond\w*|h[aá]blame|expl[ií]ca\w*|"
    r"r[ée]ponds|r[ée]pondez|parle|antworte\w*|erkl[äa]r\w*|rede|fala|explique)\b|回答|回复|解释|说明|答え|返事|説明|"
    r"대답|답변|설명",
    re.IGNORECASE,
)
_TRANSLATING = re.compile(r"\btranslat\w*|\btradu\w*|\büberset\w*|翻译|翻訳|번역", re.IGNORECASE)


def _language_preference(sentence: str) -> str | None:
    named = {m.group(0).lower() for m in _NAMED_LANGUAGE.finditer(sentence)}
    if len(named) < 2 or not _ANSWERING.search(sentence) or _TRANSLATING.search(sentence) or "?" in sentence:
        return None
    return tidy(_LEAD.sub("", sentence))


# An English rule and, after its comma, the rest of the sentence in the person's other script: "run the whole Detox
# suite on the emulator before you open a PR, त्यसैले यो हरियो नभई PR जाँदैन" (so without green no PR goes); the
# English part is read on its own, as the tail is no English (and no reader of that language took the whole)
_OTHER_SCRIPT_TAIL = re.compile(r"^(?P<head>[\x00-\u024f]{12,}?),\s+(?P<tail>[^\x00-\u024f].*)$")


def _english_head_rule(sentence: str) -> str | None:
    """The rule the English head of the sentence states, when what follows its comma is mostly another script."""
    split = _OTHER_SCRIPT_TAIL.match(sentence)
    if split is None:
        return None
    other = len(re.findall(r"[^\x00-\u024f\s]", split["tail"]))
    if other <= 2 * len(re.findall(r"[A-Za-z]", split["tail"])):
        return None  # an English tail that only opens with a word in another script
    plain, own = expanded(split["head"])
    return own_words(rule_in(plain), own)


def _cue_rule(sentence: str) -> str | None:
    """A rule by another language's markers, in the sentence or one of its ';' parts ("Haz el commit y abre el
    PR; los PR siempre con una sección de cómo probarlo")."""
    for part in [sentence, *sentence.split("; ")[1:]]:
        if cues.DECIDED_OPENING.match(_LEAD.sub("", part)):
            continue
        if found := cues.rule_in(_LEAD.sub("", part)):
            return found
    return None


def _unique(items: list[str]) -> tuple[str, ...]:
    seen: dict[str, str] = {}
    for item in items:
        seen.setdefault(item.lower(), item)
    return tuple(seen.values())
