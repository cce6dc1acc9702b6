"""Remove secrets and `<private>` spans from text before anything downstream (index, embeddings, logs) sees it.

Invariant: `redact` and `strip_private` keep every newline of the text they remove, so the output has exactly
as many lines as the input and chunk line numbers stay true to the file on disk.

Every pattern is linear-time: each starts with a literal or a boundary look-behind, repeats are bounded or
use classes that cannot overlap what follows them, so there is no catastrophic backtracking (a 1 MB input is
tested). Redaction is best-effort pattern matching, not a guarantee: `<private>` is the user's tool for
anything a pattern cannot recognise.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_B = r"(?<![A-Za-z0-9_-])"  # token boundary: a key never starts in the middle of another word or token
_E = r"(?![A-Za-z0-9_-])"

# PEM private keys, whole block. An unterminated block is redacted to the end of the text (a truncated key
# is still a secret), which also keeps the lazy scan linear: a failed search consumes the rest.
_PEM = re.compile(
    r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|.*\Z)",
    re.DOTALL,
)

# scheme://user:password@host -> keep scheme and host, drop the userinfo. `ssh://git@host` has no password
# and is kept.
_URL_USERINFO = re.compile(r"(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{0,30}://)[^\s/@:?#]{1,256}:[^\s/@?#]{1,256}@")

# Tokens whose shape alone identifies them, specific before general (`sk-ant-` before `sk-`).
_TOKENS: list[tuple[str, re.Pattern[str]]] = [
    ("jwt", re.compile(_B + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*")),
    ("anthropic_key", re.compile(_B + r"sk-ant-[A-Za-z0-9_-]{20,}")),
    # Why the digit look-ahead: `sk-learn-...`-style hyphenated words are not keys; random keys have digits.
    ("openai_key", re.compile(_B + r"sk-(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{20,}")),
    ("stripe_key", re.compile(_B + r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}")),
    ("github_token", re.compile(_B + r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})")),
    ("aws_access_key", re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}(?![A-Za-z0-9])")),
    ("slack_token", re.compile(_B + r"(?:xox[abposr]|xapp)-[A-Za-z0-9-]{10,}")),
    ("slack_webhook", re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9/_-]{20,}")),
    ("google_api_key", re.compile(_B + r"AIza[0-9A-Za-z_-]{35}" + _E)),
    # More token shapes in common use.
    ("huggingface_token", re.compile(_B + r"hf_[A-Za-z0-9]{30,}" + _E)),
    ("stripe_webhook_secret", re.compile(_B + r"whsec_[A-Za-z0-9]{24,}")),
    ("npm_token", re.compile(_B + r"npm_[A-Za-z0-9]{36}" + _E)),
    ("pypi_token", re.compile(_B + r"pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{40,}")),
    ("gitlab_token", re.compile(_B + r"glpat-[A-Za-z0-9_-]{20,}")),
    ("sendgrid_key", re.compile(_B + r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}" + _E)),
    ("telegram_bot_token", re.compile(r"(?<![A-Za-z0-9:_-])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}" + _E)),
]

# Azure SAS URLs: `...&sig=SIGNATURE` (the rest of the URL says what it grants, not how).
_SAS_SIGNATURE = re.compile(r"([?&]sig=)[A-Za-z0-9%+/]{20,}=*")

# An AWS secret access key written in prose: 40 base64 characters (upper, lower and a digit or / or +) after
# "aws" or "secret" on the same line. Git hashes (lower-case hex) never match.
_AWS_SECRET_IN_PROSE = re.compile(
    r"(?i:\baws\b|secret)[^\n]{0,80}?(?<![A-Za-z0-9/+=])(?P<key>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
)

# `my password is X`, `the wifi passphrase was 'X'`: the value counts when quoted, or when it is at least 6
# characters with a digit or a symbol (`my password was wrong`, `the password is case-sensitive` and `the
# password is 8 characters long` stay).
_PROSE_PASSWORD = re.compile(
    r"(?i:\b(?:password|passphrase|passcode|passwd)(?:[ \t]+(?:for|of|to|on)[ \t]+(?:the[ \t]+)?[\w.@-]{1,40})?"
    r"[ \t]+(?:is|was)[ \t]+)"
    r"(?:(?P<q>[\"'`])(?P<quoted>[^\"'`\n]{1,200})(?P=q)|(?P<bare>[^\s\"'`]{1,200}?)(?=[.,;:!?)]*(?:\s|$)))"
)

# Command lines: `mysql -pSECRET`, `curl -u user:SECRET`.
_SECRET_LOOKING = re.compile(r"[0-9!@#$%^&*+=~?_/\\|<>;:]")
_MYSQL_PASSWORD = re.compile(
    r"(?<![\w-])(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b[^\n]{0,200}?[ \t]-p(?P<val>[^\s'\"`]+)"
)
_CURL_USER = re.compile(
    r"(?<![\w-])(?:curl|wget|http|https)\b[^\n]{0,200}?[ \t](?:-u|--user)[ \t]+['\"]?[^\s:'\"]{1,100}:"
    r"(?P<val>[^\s'\"]{1,200})"
)

# `.env` lines: an UPPER_SNAKE name ending in _KEY, _SECRET, _TOKEN, _PASSWORD ... gets its value redacted,
# whatever the value looks like (a literal: `.env` files hold no code).
_ENV_LINE = re.compile(
    r"(?m)^([ \t]*(?:export[ \t]+)?[A-Z][A-Z0-9_]{0,80}_(?P<kw>KEY|SECRET|TOKEN|PASSWORD|PASSWD|PASS|PWD|"
    r"CREDENTIALS?|AUTH)[ \t]*=[ \t]*)(?P<val>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'#]+)"
)

# HTTP auth header values; the digit look-ahead spares prose like "Basic internationalization".
_AUTH_SCHEME = re.compile(r"(?<![A-Za-z])((?:Bearer|Basic)[ \t]+)(?=[A-Za-z._~+/-]*[0-9])[A-Za-z0-9._~+/-]{16,}=*")

# `--password hunter2` on a command line (the `--password=x` form is an assignment, below).
_CLI_FLAG = re.compile(
    r"(?<![\w-])(--(?:password|passwd|token|api-key|secret|client-secret)[ \t]+)(?!-)([^\s\"'`]+)", re.IGNORECASE
)

# `password = "x"`, `DB_PASSWORD=x`, `"api_key": "x"`, `token: x`. The key must END with the keyword (so
# `password_field` and `max_tokens` are left alone); the key name is kept and only the value goes.
_ASSIGNMENT = re.compile(
    r"(?=[pstaPSTA_-])"  # Why: a cheap first-character guard makes the keyword alternation ~3x faster on prose
    r"(?P<kw>passwords?|passwd|passphrase|(?<![a-z])pass|(?<![a-z])pwd|secret|token|"
    r"api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|signing[_-]?key|account[_-]?key)"
    r"[\"']?[ \t]*(?P<sep>=>|:=|[:=])(?!=)[ \t]*"
    r"(?P<val>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'`,;&)}\]]+)",
    re.IGNORECASE,
)
_PLACEHOLDER_TEXT = """
none null nil true false yes no on off required optional str string bytes int integer bool boolean any number text
secretstr undefined redacted changeme
"""
_NOT_SECRET_WORDS = frozenset(_PLACEHOLDER_TEXT.split())
_CALL_OR_INDEX = re.compile(r"[A-Za-z_][\w.]*[(\[]")  # password = getpass.getpass(), os.environ["X"]
_ATTRIBUTE_PATH = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")  # password = settings.DB_PASSWORD
# Only spaces, then the end of the line, a comment or the end of an inline mapping item. Why a regex and not
# a scan to the end of the line: that scan made `token: token: token: ...` on one long line quadratic.
_ENDS_LINE_OR_ITEM = re.compile(r"[ \t]*(?:[\r\n#,}]|\Z)")

_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-]{1,64})@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24})"
    r"(?![A-Za-z0-9-])"
)
_RETINA_ASSET = re.compile(r"\d+(?:\.\d+)?x\.", re.IGNORECASE)  # icon@2x.png is a file name


def _marker(kind: str) -> str:
    return f"[REDACTED:{kind}]"


def _replace_keeping_newlines(kind: str) -> Callable[[re.Match[str]], str]:
    def replace(match: re.Match[str]) -> str:
        return _marker(kind) + "\n" * match.group().count("\n")

    return replace


def _is_placeholder(value: str) -> bool:
    return (
        not value
        or value.lower() in _NOT_SECRET_WORDS
        or value.startswith(("[REDACTED", "$", "%", "<", "{", "(", "***", "..."))
        or set(value) <= set("*xX.-_")
    )


def _assignment_kind(keyword: str) -> str:
    keyword = keyword.lower()
    if "key" in keyword:
        return "api_key"
    if "token" in keyword:
        return "token"
    if "secret" in keyword:
        return "secret"
    return "password"


def _bare_value_is_secret(match: re.Match[str]) -> bool:
    value = match.group("val")
    if _CALL_OR_INDEX.match(value) or _ATTRIBUTE_PATH.fullmatch(value):
        return False
    if match.group("kw").lower() == "pass" and value.isdigit():
        return False  # a test runner's tally (dbt's `PASS=13 WARN=0 ERROR=1`), not a password
    if match.group("sep") != ":":
        return True
    # Why: after `:` (YAML, JSON, type hints, prose) a bare value counts only when it ends the line or an
    # inline mapping item; `token: str | None` and "Token: the session token is ..." are not secrets.
    return _ENDS_LINE_OR_ITEM.match(match.string, match.end("val")) is not None


def _redact_assignment(match: re.Match[str]) -> str:
    value = match.group("val")
    quoted = len(value) >= 2 and value[0] in "\"'" and value[-1] == value[0]
    inner = value[1:-1] if quoted else value
    if _is_placeholder(inner.strip()) or (not quoted and not _bare_value_is_secret(match)):
        return match.group()
    marker = _marker(_assignment_kind(match.group("kw")))
    if quoted:
        marker = value[0] + marker + value[-1]
    return match.group()[: match.start("val") - match.start()] + marker


def _redact_cli_flag(match: re.Match[str]) -> str:
    if _is_placeholder(match.group(2)):
        return match.group()
    return match.group(1) + _marker(_assignment_kind(match.group(1).strip("-")))


def _redact_email(match: re.Match[str]) -> str:
    # Why: `git@github.com:org/repo.git` is an SSH remote and `icon@2x.png` an asset, not people's addresses.
    if match.group(1).lower() == "git" or _RETINA_ASSET.match(match.group(2)):
        return match.group()
    return _marker("email")


def _redact_group(kind: str, group: str) -> Callable[[re.Match[str]], str]:
    """Replace only the named group of a match (keeping what around it says what it was)."""

    def replace(match: re.Match[str]) -> str:
        value = match.group(group)
        if _is_placeholder(value):
            return match.group()
        start, end = match.start(group) - match.start(), match.end(group) - match.start()
        return match.group()[:start] + _marker(kind) + match.group()[end:]

    return replace


def _redact_prose_password(match: re.Match[str]) -> str:
    quoted, bare = match.group("quoted"), match.group("bare")
    if quoted is not None:
        return _redact_group("password", "quoted")(match)
    if bare.lower() in _NOT_SECRET_WORDS or len(bare) < 6 or not _SECRET_LOOKING.search(bare):
        return match.group()
    return _redact_group("password", "bare")(match)


def _redact_aws_secret(match: re.Match[str]) -> str:
    key = match.group("key")
    upper, lower = re.search("[A-Z]", key), re.search("[a-z]", key)
    if upper and lower and re.search("[0-9/+]", key):
        return _redact_group("aws_secret_key", "key")(match)
    return match.group()


def _redact_env_line(match: re.Match[str]) -> str:
    value = match.group("val")
    inner = value[1:-1] if len(value) >= 2 and value[0] in "\"'" and value[-1] == value[0] else value
    if _is_placeholder(inner.strip()):
        return match.group()
    marker = _marker(_assignment_kind(match.group("kw")))
    return match.group(1) + (value[0] + marker + value[-1] if inner is not value else marker)


def redact(text: str, *, emails: bool = True) -> str:
    """Replace secrets in `text` with `[REDACTED:kind]`. Pure and idempotent; the line count never changes."""
    text = _PEM.sub(_replace_keeping_newlines("private_key"), text)
    text = _URL_USERINFO.sub(lambda m: m.group(1) + _marker("url_credentials") + "@", text)
    for kind, pattern in _TOKENS:
        text = pattern.sub(_replace_keeping_newlines(kind), text)
    text = _SAS_SIGNATURE.sub(lambda m: m.group(1) + _marker("azure_sas"), text)
    text = _AUTH_SCHEME.sub(lambda m: m.group(1) + _marker("bearer_token"), text)
    text = _CLI_FLAG.sub(_redact_cli_flag, text)
    text = _MYSQL_PASSWORD.sub(_redact_group("password", "val"), text)
    text = _CURL_USER.sub(_redact_group("password", "val"), text)
    text = _ENV_LINE.sub(_redact_env_line, text)
    text = _ASSIGNMENT.sub(_redact_assignment, text)
    text = _AWS_SECRET_IN_PROSE.sub(_redact_aws_secret, text)
    text = _PROSE_PASSWORD.sub(_redact_prose_password, text)
    if emails:
        text = _EMAIL.sub(_redact_email, text)
    return text


# `< private>`, `</ private >` too: a stray space must not publish what the user meant to hide.
_PRIVATE_TAG = re.compile(r"<[ \t]{0,3}(/?)[ \t]{0,3}private\b[^<>\n]{0,200}>", re.IGNORECASE)


def _is_inline_code_mention(text: str, tag: re.Match[str]) -> bool:
    return text[tag.start() - 1 : tag.start()] == "`" and text[tag.end() : tag.end() + 1] == "`"


def strip_private(text: str) -> str:
    """Remove `<private>...</private>` spans (case-insensitive, multi-line, nestable), keeping their newlines.

    An unclosed `<private>` removes everything to the end of the text: when in doubt, hide. A stray closing
    tag is removed. An opening tag written as inline code (`` `<private>` ``) with no closing tag after it is a
    mention, not markup, and is kept, so a note that documents the feature doesn't vanish from the index; with
    a closing tag after it, it hides what it encloses like any other (`` `<private>`x`</private>` ``).
    """
    if "<" not in text:
        return text
    tags = list(_PRIVATE_TAG.finditer(text))
    last_close = max((t.start() for t in tags if t.group(1) == "/"), default=-1)
    out: list[str] = []
    depth, pos, span_start = 0, 0, 0
    for tag in tags:
        closing = tag.group(1) == "/"
        if _is_inline_code_mention(text, tag) and depth == 0 and (closing or tag.start() > last_close):
            continue
        if depth == 0:
            out.append(text[pos : tag.start()])
            pos = tag.end()
            if closing:  # a stray `</private>`: drop the tag only
                continue
            span_start = tag.start()
        depth += -1 if closing else 1
        if depth == 0:
            out.append("\n" * text.count("\n", span_start, tag.end()))
            pos = tag.end()
    if depth > 0:
        out.append("\n" * text.count("\n", span_start))
    else:
        out.append(text[pos:])
    return "".join(out)
