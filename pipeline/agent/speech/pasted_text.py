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


def typed_and_pasted(text: str) -> tuple[list[str], list[str]]:
    """The lines the person typed, and the lines they pasted (code fences, quoted lines, log and compiler
    output): a rule or a complaint is only ever in the first; a pasted failure is evidence like a tool's.
    A paragraph of three lines or more that is mostly pasted is pasted whole: a CI log's prose-like lines
    ("Run pnpm turbo run typecheck …", "note: always pass --frozen-lockfile …") are the tool's, not the person's.
    Quoted lines under a line that says they are the person's own words ("here is the review comment I left …:",
    `_OWN_QUOTE_INTRO`) are typed: what they wrote before, said again."""
    lines: list[tuple[str, bool, int]] = []  # (line, pasted, paragraph)
    fenced = in_paste = own_quote = False
    paragraph = 0
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            continue
        if not stripped:
            in_paste = False  # a blank line ends a pasted block
            paragraph += 1
            continue
        if own_quote and stripped.startswith(">") and not fenced:
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
