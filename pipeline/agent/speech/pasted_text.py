"""What in a person's message they typed, and what they pasted: code fences, quoted lines, log and compiler output.

A rule or a complaint is only ever in what was typed; a pasted failure is evidence like a tool's own output
(`pipeline/learning/problems/session_signals.py`). Pure.
"""

from __future__ import annotations

import re

MIN_PASTED_PARAGRAPH = 3
PASTED_SHARE = 0.4

# A line the person pasted rather than wrote: log and compiler output, stack frames, shell prompts.
_PASTED = re.compile(
    r"^(?:\[?\d{4}-\d{2}-\d{2}[T ]|\[?\d{2}:\d{2}:\d{2}\b|\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\]?[: ]|"
    r"\S+\.\w{1,5}:\d+|\s*at\s+\S+\s*\(|\s*File \"|error\[E\d+\]|npm ERR!|\$ |> |#\d+ |"
    r"(?:FAILED|PASSED|ERROR)\s+\S+::|thread '.*' panicked|Traceback \(most recent)|"
    r"::(?:error|warning|notice)(?: [^:]*)?::|##\[(?:error|warning)\]|^(?:---|\+\+\+) [ab]/|^@@ -\d|"
    r"(?:Error|Warning|FAIL|FAILED|PASS|panic):\s|"
    r"(?:Fatal |Uncaught |Unhandled )?[\w.$]*(?:Exception|Error)\b:\s|\[[A-Za-z][\w .:-]{1,30}\] |"
    r"\s*\d+ (?:failed|passed|skipped|flaky)\b|\s*\d+\) \[|"
    # RSpec around a failure: "Failure/Error: …", "# ./spec/x_spec.rb:9:in …", "rspec ./spec/x_spec.rb:4 # …"
    r"\s*Failure/Error:|# \./\S+:\d+|rspec \./\S+:\d+|Failures:$|Failed examples:$|Finished in [\d.]+ \w+ |"
    r"\d+ examples?, \d+ failures?|expected (?:to find|#?\S+ to|.{0,60}\bgot:)|"
    # a log multiplexer's line: docker compose ("worker-1  | …"), Turborepo ("web:typecheck: …")
    r"[\w.-]+-\d+\s+\|\s|[@\w/.-]+:(?:build|test|lint|typecheck|dev|start|e2e|check)(?::[\w-]+)?: "
)


# The person's own words quoted back: "here is the review comment I left on Simran's PR, put it in CONTRIBUTING
# too:", "Here's the review I left on Chidi's PR (#214), …:" (not what someone else left: "Marek left a review:")
_OWN_QUOTE_INTRO = re.compile(
    r"\b(?:review|comment|note|message|reply|feedback)s?\b[^:]{0,40}\b(?:I|we) (?:left|wrote|posted|gave|sent)\b|"
    r"\b(?:I|we) (?:left|wrote|posted|gave|sent)\b[^:]{0,40}\b(?:review|comment|note|message|reply|feedback)s?\b|"
    r"\bmy (?:own )?(?:review|comment|note|message|reply)\b|"
    # Bulgarian "my comment (from the review)", Catalan "my comment", Spanish "my comment"
    r"коментара ми|коментарът ми|моя коментар|моят коментар|el meu comentari|mi comentario",
    re.IGNORECASE,
)


# Someone else's review the person takes on as theirs: "Elira (my lead) left this on the MR, fix what she says:",
# or the quote followed by "fix it." / "Arregla-ho." (not "Marek left a review:" followed by other work: held out 12
# counts that colleague's rule as not the person's). An intro that names a review or a comment on a PR …
_REVIEW_INTRO = re.compile(
    r"\b(?:review|reviews|reviewed|comments?|commented|feedback|left (?:this|these|that)|PR|MR|pull request|"
    r"merge request)\b",
    re.IGNORECASE,
)
# … and the person asking to act on it, in the intro or first thing after the quote
_ACT_ON_IT = re.compile(
    r"(?:^|[\s,;:(])(?:please\s+|pls\s+)?(?:fix (?:what (?:she|he|they) (?:says?|said|asks?|wants?)|it|that|this|"
    r"those|these|them|all of (?:it|them)|everything)|do what (?:she|he|they) (?:says?|said|asks?)|"
    r"address (?:it|that|this|them|these|those|(?:her|his|their|the) (?:comments?|review|points?))|"
    r"apply (?:it|that|this|them|(?:her|his|their|the) (?:suggestions?|changes?))|follow (?:it|that|this)|"
    r"(?:she|he|they)(?:'s|'re| is| are) right|"
    r"(?:take care of|handle|deal with) (?:it|that|this|them|those|these)|sort (?:it|that|this|them) out|"
    # Catalan, Spanish: fix it, do what (s)he says
    r"arregla-ho|arregla'l|arréglalo|arreglalo|fes el que (?:diu|demana)|haz lo que (?:dice|pide))\b",
    re.IGNORECASE,
)


def _taken_on(lines: list[str]) -> set[int]:
    """The indices of quoted lines ("> …") that are someone else's review the person takes on (`_ACT_ON_IT`)."""
    taken: set[int] = set()
    for at, line in enumerate(lines):
        intro = line.strip()
        if not (intro.endswith(":") and _REVIEW_INTRO.search(intro)) or _OWN_QUOTE_INTRO.search(intro):
            continue
        quoted = []
        after = at + 1
        while after < len(lines) and (lines[after].strip().startswith(">") or not lines[after].strip()):
            if lines[after].strip():
                quoted.append(after)
            after += 1
        if not quoted:
            continue
        following = lines[after].strip() if after < len(lines) else ""
        if _ACT_ON_IT.search(intro) or _ACT_ON_IT.match(following):
            taken.update(quoted)
    return taken


def typed_and_pasted(text: str) -> tuple[list[str], list[str]]:
    """The lines the person typed, and the lines they pasted (code fences, quoted lines, log and compiler
    output): a rule or a complaint is only ever in the first; a pasted failure is evidence like a tool's.
    A paragraph of three lines or more that is mostly pasted is pasted whole: a CI log's prose-like lines
    ("Run pnpm turbo run typecheck …", "note: always pass --frozen-lockfile …") are the tool's, not the person's.
    Quoted lines under a line that says they are the person's own words ("here is the review comment I left …:",
    `_OWN_QUOTE_INTRO`) are typed: what they wrote before, said again; so is someone else's review the person asks to
    act on (`_taken_on`)."""
    lines: list[tuple[str, bool, int]] = []  # (line, pasted, paragraph)
    fenced = in_paste = own_quote = False
    paragraph = 0
    raw = text.splitlines()
    taken_on = _taken_on(raw) if ">" in text else set()
    for number, line in enumerate(raw):
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            continue
        if not stripped:
            in_paste = False  # a blank line ends a pasted block
            paragraph += 1
            continue
        if (own_quote or number in taken_on) and stripped.startswith(">") and not fenced:
            lines.append((stripped.lstrip("> "), False, paragraph))  # their own words, quoted
            continue
        own_quote = not fenced and stripped.endswith(":") and bool(_OWN_QUOTE_INTRO.search(stripped))
        # Why the rest of the paragraph too: an error's second line ("Please ensure that class is marked …")
        # is as pasted as its first, though it reads like prose (a line typed under it mostly starts lower-case)
        continued = in_paste and not stripped[0].islower()
        if fenced or continued or stripped.startswith(">") or looks_pasted(stripped):
            lines.append((stripped.lstrip("> ") if not fenced else line.rstrip(), True, -1 if fenced else paragraph))
            in_paste = not fenced and not stripped.startswith(">")
        else:
            lines.append((stripped, False, paragraph))
    mostly_pasted = set()
    for number in {p for _, _, p in lines if p >= 0}:
        flags = [pasted for _, pasted, p in lines if p == number]
        if len(flags) >= MIN_PASTED_PARAGRAPH and sum(flags) / len(flags) >= PASTED_SHARE:
            mostly_pasted.add(number)
    typed = [line for line, pasted, p in lines if not pasted and p not in mostly_pasted]
    pasted_lines = [line for line, pasted, p in lines if pasted or p in mostly_pasted]
    return typed, pasted_lines


def looks_pasted(line: str) -> bool:
    """A line that looks copied from a terminal or a log, not written: its markers, or mostly symbols."""
    if _PASTED.match(line):
        return True
    letters = sum(ch.isalpha() for ch in line)
    return len(line) >= 20 and letters / len(line) < 0.45
