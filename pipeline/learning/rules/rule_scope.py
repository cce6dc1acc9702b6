"""Whether a rule is the person's own way of working in every project, or one project's.

A rule said in one project's session is written to that project's rules.md, and only that project's sessions are
given it. Some rules are about how the person works wherever they are: how commit messages are written and branches
named, what may be pushed and where, how branches are merged, asking before a dependency is added, sudo, the language
the agent answers in, or rules said for "any repo". Said while working on one project, they hold in the next one
too, and a later change of mind is often said in another project ("commits in Czech" in one repository, "commits in
English again" in the other); kept in one project's file, the other project never sees the rule and the change of
mind replaces nothing. These go to MEMORY.md's Preferences, which every session is given, and their lifecycle runs
there.

What counts is the rule's subject, in the languages memoryd reads (the words of git and package managers are
mostly the same in all of them): a rule that only *mentions* a commit ("run pint before every commit", "every dbt
model must pass sqlfluff before it's committed") is about the project's tools and stays with the project. Pure.
"""

from __future__ import annotations

import re

# a commit's message: its words, its language, its form
_COMMIT = re.compile(r"commit|коммит|коміт|提交|コミット|커밋|kommit", re.IGNORECASE)
_MESSAGE = re.compile(
    r"message|msg|subject|title|prefix|conventional|co-authored|--no-verify|jira key|ticket|imperative|lowercase|"
    r"bericht|meddelande|zpráv|zprav|üzenet|messaggi|mensagem|mensaje|wiadomo|tytuł|сообщени|повідомлен|信息|说明|"
    r"メッセージ|메시지|poruk|порук|sporočil|mesaj|"
    # the language it is written in
    r"english|englisch|engels|engelska|inglés|ingles|inglese|anglais|inglês|angličtin|angol|angielsk|englanni|"
    r"английск|по-русски|по-английски|англійськ|česky|中文|英文|英語|日本語|영어|한국어",
    re.IGNORECASE,
)
# a commit message's form named by its types alone ("drop the feat:/fix: prefixes from now on"): two of them, or
# the convention's name; one "fix:" is any sentence's ("quick fix: restart the pod")
_COMMIT_TYPES = re.compile(
    r"\b(?:feat|fix|chore|docs|refactor)(?:\([\w.-]+\))?!?:\s*(?:[/,&]|and|or)?\s*(?:feat|fix|chore|docs|refactor)\b|"
    r"\bconventional commits?\b",
    re.IGNORECASE,
)
# what may be pushed and where, and how work reaches the main branch
_PUSH = re.compile(r"(?<![.\w])push|pushen|pushlama|pushaa|пуш|пушь|푸시|プッシュ|推送|--force", re.IGNORECASE)
# a pull request: how work reaches the main branch, or the PR itself named first ("keep PRs small", "los PR
# siempre con …"); not a PR mentioned in passing ("…, ang gulo ng diff sa PR": the reason a rule gives)
_PR = re.compile(r"\bPRs?\b|pull requests?|merge requests?|\bMRs?\b")
# how a branch's commits reach the main branch: squashed, rebased, merge commits or none ("always squash merge my
# branches", "nuo šiol merginam be squash", "pull and rebase instead"): the person's way with git, like pushing
_MERGE_WAY = re.compile(r"\bsquash|\brebas|\bmerge commits?\b|fast-forward|--ff-only|\bff-only\b", re.IGNORECASE)
_MAINLINE = re.compile(r"\b(?:main|master|merge|merged|direkt\w*|direct\w*|diretso)\b", re.IGNORECASE)
_PR_FIRST = re.compile(r"^(?:\S+ ){0,2}(?:PRs?|pull requests?|MRs?)\b")
# a step of the project's own run before a push ("run golangci-lint before every push", "перед пушем …"): the
# project's tools, not where work may be pushed
_BEFORE_PUSH = re.compile(
    r"before (?:every |each |a |any |you |i )?push|перед пуш|πριν (?:από κάθε |το )push|bago mag-push|push ?前|"
    r"プッシュ(?:する)?前|푸시 ?전",
    re.IGNORECASE,
)
# how branches are named ("branches are named feature/<short-name>", "a branch is just the tracker ticket"): the
# person's way with git, like a commit's message; a branch only mentioned ("deploy from the release branch") is not
_BRANCH = re.compile(r"branch|ветк|гілк|分支|ブランチ|브랜치", re.IGNORECASE)
_NAMING = re.compile(
    r"\bnam(?:e|ed|es|ing)\b|\bcalled\b|\bprefix|\bticket|\bissue (?:key|number|id)|\b(?:feature|feat|fix|bugfix)/|"
    r"назв|назыв|имен|命名|名前|이름",
    re.IGNORECASE,
)
# a dependency added only after asking
_DEPENDENCY = re.compile(
    r"dependen|dependê|dépendance|dependinț|dependint|\bdeps?\b|package|librar|依赖|依存|라이브러리|패키지|пакет|"
    r"залежн|zależno|NuGet|crate|\bgem\b",
    re.IGNORECASE,
)
_ASK = re.compile(
    r"\bask|asking|check with me|frag|tanya|demander|perguntar|pregunta|问|問|聞|물어|megkérdez|intreaba|întreabă|"
    r"спрос|запит|zapytaj|kysy|spør|fråga|vraag|without (?:me|my)|sem me|sin preguntar",
    re.IGNORECASE,
)
# said for every repository, or of things that belong in none: sudo, a .env file
_EVERYWHERE = re.compile(
    r"\b(?:any|every|all|either|each) (?:of (?:my|the|our) )?(?:repos?|repositor(?:y|ies)|projects?)\b|"
    r"in (?:jedem|allen) (?:repo|projekt)|во всех (?:репо|проектах)|в любом (?:репо|проекте)|哪个仓库|所有仓库|"
    r"\bsudo\b(?!\()|\.env\b|service account",
    re.IGNORECASE,
)
# a secret kept out of git
_SECRET = re.compile(r"\bsecrets?\b", re.IGNORECASE)
_GIT = re.compile(r"\bgit\b|commit|коммит|提交|コミット|커밋", re.IGNORECASE)
# the language the agent answers in beside the language of the code ("contestame en español pero el codigo …
# en ingles", 「説明は日本語で、コードのコメントは英語で」)
_CODE = re.compile(r"code|código|codigo|comment|коммент|代码|コード|코드|注释|コメント|주석", re.IGNORECASE)
_LANGUAGES = (
    "english|inglés|ingles|englisch|anglais|inglês|英語|英文|英语|영어|английск|"
    "español|espanol|spanish|deutsch|german|français|french|português|portuguese|русск|russian|中文|汉语|chinese|"
    "日本語|japanese|한국어|korean|italiano|italian|polski|polish|türkçe|turkish|tiếng việt|vietnamese"
)
_LANGUAGE = re.compile(_LANGUAGES, re.IGNORECASE)


def person_wide(rule: str) -> bool:
    """Whether `rule` is about how the person works in every project (see the module docstring)."""
    if (_COMMIT.search(rule) and _MESSAGE.search(rule)) or (_BRANCH.search(rule) and _NAMING.search(rule)):
        return True
    if _COMMIT_TYPES.search(rule):
        return True
    if (_PUSH.search(rule) and not _BEFORE_PUSH.search(rule)) or _EVERYWHERE.search(rule) or _MERGE_WAY.search(rule):
        return True
    if _PR.search(rule) and (_MAINLINE.search(rule) or _PR_FIRST.search(rule)):
        return True
    if _SECRET.search(rule) and _GIT.search(rule):
        return True
    if _CODE.search(rule) and len({m.group(0).lower()[:4] for m in _LANGUAGE.finditer(rule)}) >= 2:
        return True
    return bool(_DEPENDENCY.search(rule) and _ASK.search(rule))
