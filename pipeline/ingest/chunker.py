"""Cut a memory file into retrieval chunks whose line ranges are true to the file on disk.

Invariant: a chunk's `text` is an exact slice of the file after `<private>` removal and secret redaction,
both of which keep every newline; so `start_line`/`end_line` (1-based, inclusive) point at the lines the
text came from, and `get` can show them. Nothing downstream ever sees private or redacted text.

Markdown is cut at headings first (a heading is a hard boundary; a heading with no text of its own rides
along with the next section), then packed paragraph by paragraph up to `max_tokens`. When a section must
be split, each new chunk repeats up to `overlap_tokens` of the previous one: its last whole paragraphs, or
if the last paragraph is too big, that paragraph's last lines or last words (never part of a code block).
A fenced code block that fits is never cut. A block bigger than `max_tokens` is split by lines into pieces
of `max_tokens - overlap_tokens` (room for the overlap), and a line bigger than that by characters.

A conversation (a file whose lines are mostly turns, `Speaker: text`, by a few speakers who come back) may get
sizes of its own (`conversation=`): measured on LoCoMo written one file per session, 256 tokens without overlap
ranked better than the 400 / 80 that suits prose and abstracts (README, "Chunk size against the model's window").
"""

from __future__ import annotations

import bisect
import hashlib
import json
import math
import re
from dataclasses import dataclass
from typing import Any

from pipeline.cjk import CJK_CHAR
from pipeline.frontmatter import split_front_matter
from pipeline.redact import redact, strip_private


@dataclass(frozen=True, slots=True)
class Chunk:
    """One retrievable piece of a file. The indexer indexes `heading` + `text`; `text` alone is shown."""

    text: str
    heading: str  # heading path, e.g. "Deploy > Staging"; "" before the first heading
    start_line: int  # 1-based, inclusive, in the original file
    end_line: int
    content_hash: str  # sha256 hex of `text`: the embedding cache key


@dataclass(frozen=True, slots=True)
class ChunkedDoc:
    metadata: dict[str, Any]  # parsed front matter ({} when absent or unreadable)
    chunks: list[Chunk]


def estimate_tokens(text: str) -> int:
    """A tokenizer-free token count: each CJK character is one token; other text is the larger of
    words * 1.3 (prose) and non-space characters / 4 (code, URLs, identifiers), rounded up.

    Why both: `words * 1.3` undercounts punctuation-dense code and `chars / 4` undercounts short-word
    prose; taking the max errs towards smaller chunks, which embedding models with 512-token limits need.
    """
    cjk = len(CJK_CHAR.findall(text))
    words = (CJK_CHAR.sub(" ", text) if cjk else text).split()
    if not words:
        return cjk
    return cjk + math.ceil(max(len(words) * 1.3, sum(map(len, words)) / 4))


@dataclass(frozen=True, slots=True)
class _Span:
    start: int  # offset into the document text
    end: int  # exclusive; never includes the line's newline
    tokens: int
    kind: str  # "heading" | "text" | "code" (a whole fence: atomic) | "lines" (a piece of an oversized block)


@dataclass(frozen=True, slots=True)
class _Section:
    heading: str
    blocks: list[_Span]


_FENCE_OPEN = re.compile(r"[ \t]*(`{3,}|~{3,})(.*)")
_FENCE_CLOSE = re.compile(r"[ \t]*(`{3,}|~{3,})[ \t]*")
_ATX = re.compile(r" {0,3}(#{1,6})(?:[ \t]|$)")
_SETEXT = re.compile(r" {0,3}(?:=+|-+)[ \t]*")
_THEMATIC_BREAK = re.compile(r" {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})")
_NOT_SETEXT_TEXT = re.compile(r"\s*(?:[-*+>|]|\d+[.)])")  # list items, quotes, table rows
_SOFT_BREAK = re.compile(r"[\s。！？；，、]")


@dataclass(frozen=True, slots=True)
class ChunkSize:
    max_tokens: int
    overlap_tokens: int

    def check(self) -> None:
        if self.max_tokens < 1 or not 0 <= self.overlap_tokens < self.max_tokens:
            raise ValueError(
                "need max_tokens >= 1 and 0 <= overlap_tokens < max_tokens, "
                f"got {self.max_tokens}, {self.overlap_tokens}"
            )


# A turn: an optional list marker or bold, a speaker of at most 4 words that starts with a letter, a colon, text.
_TURN = re.compile(r"[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?([^\W\d_][\w.'-]*(?: [\w.'-]+){0,3}?)(?:\*\*)?[:：](?!//)[ \t]*\S")
MIN_TURNS = 6


def is_conversation(body: str) -> bool:
    """Whether a file reads as a conversation: at least MIN_TURNS turn lines, at least 60% of its text lines
    (headings and blank lines aside), by speakers who each speak twice on average. Why the last: a list of
    `Key: value` lines (owner, status, due) has as many keys as lines; a dialogue has few speakers who return."""
    speakers: list[str] = []
    text_lines = 0
    for line in body.split("\n"):
        if not line.strip() or _ATX.match(line):
            continue
        text_lines += 1
        turn = _TURN.match(line)
        if turn:
            speakers.append(turn.group(1).casefold())
    return len(speakers) >= MIN_TURNS and len(speakers) >= 0.6 * text_lines and len(set(speakers)) * 2 <= len(speakers)


def chunk_markdown(
    text: str,
    *,
    max_tokens: int = 400,
    overlap_tokens: int = 80,
    redact_emails: bool = True,
    conversation: ChunkSize | None = None,
) -> ChunkedDoc:
    """Chunk a Markdown file: front matter -> metadata, private spans removed, secrets redacted, then cut.

    Pure and deterministic. `text` is the whole file; CRLF is read as LF (the line count is unchanged).
    `conversation`: the sizes for a file that `is_conversation` (default: the same as any file).
    Raises ValueError only for bad arguments (`max_tokens` < 1, overlap outside [0, max_tokens)).
    """
    ChunkSize(max_tokens, overlap_tokens).check()
    if conversation is not None:
        conversation.check()
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    doc = split_front_matter(redact(strip_private(text), emails=redact_emails))
    body, line_offset = doc.body, doc.body_start_line - 1
    if conversation is not None and is_conversation(body):
        max_tokens, overlap_tokens = conversation.max_tokens, conversation.overlap_tokens
    line_starts = [0, *(m.end() for m in re.finditer("\n", body))]
    chunks: list[Chunk] = []
    for section in _sections(body, line_starts):
        for spans in _pack(section.blocks, body, max_tokens, overlap_tokens):
            chunk_text = body[spans[0].start : spans[-1].end]
            if chunk_text.strip():
                chunks.append(
                    Chunk(
                        text=chunk_text,
                        heading=section.heading,
                        start_line=bisect.bisect_right(line_starts, spans[0].start) + line_offset,
                        end_line=bisect.bisect_right(line_starts, spans[-1].end - 1) + line_offset,
                        content_hash=hashlib.sha256(chunk_text.encode()).hexdigest(),
                    )
                )
    return ChunkedDoc(metadata=doc.metadata, chunks=chunks)


def _sections(body: str, line_starts: list[int]) -> list[_Section]:
    """Blocks (headings, paragraphs, whole code fences) grouped under their heading path."""
    lines = body.split("\n")

    def block(first: int, last: int, kind: str) -> _Span:
        start, end = line_starts[first], line_starts[last] + len(lines[last])
        return _Span(start, end, estimate_tokens(body[start:end]), kind)

    raw: list[_Section] = [_Section("", [])]
    path: list[tuple[int, str]] = []
    para: int | None = None  # first line of the paragraph being read

    def flush(until: int) -> None:
        nonlocal para
        if para is not None:
            raw[-1].blocks.append(block(para, until - 1, "text"))
            para = None

    def open_section(level: int, title: str, first: int, last: int) -> None:
        while path and path[-1][0] >= level:
            path.pop()
        path.append((level, title))
        heading = " > ".join(t for _, t in path if t)
        raw.append(_Section(heading, [block(first, last, "heading")]))

    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE_OPEN.fullmatch(line)
        if fence and not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
            flush(i)
            marker = fence.group(1)
            end = i + 1
            while end < len(lines) and not _closes(lines[end], marker):
                end += 1
            end = min(end, len(lines) - 1)  # an unclosed fence runs to the end of the document
            raw[-1].blocks.append(block(i, end, "code"))
            i = end + 1
            continue
        atx = _ATX.match(line)
        if atx:
            flush(i)
            open_section(len(atx.group(1)), _atx_title(line[atx.end() :]), i, i)
        elif (
            para is not None
            and _SETEXT.fullmatch(line)
            and not any(_NOT_SETEXT_TEXT.match(lines[j]) for j in range(para, i))
        ):
            title = " ".join(lines[j].strip() for j in range(para, i))
            first, para = para, None
            open_section(1 if "=" in line else 2, title, first, i)
        elif not line.strip() or _THEMATIC_BREAK.fullmatch(line):
            flush(i)
        elif para is None:
            para = i
        i += 1
    flush(len(lines))
    return _merge_bare_headings(raw)


def _closes(line: str, marker: str) -> bool:
    close = _FENCE_CLOSE.fullmatch(line)
    return close is not None and close.group(1)[0] == marker[0] and len(close.group(1)) >= len(marker)


def _atx_title(rest: str) -> str:
    title = rest.strip()
    without_closing = title.rstrip("#")
    if not without_closing or without_closing[-1] in " \t":  # `## Title ##`: the closing run is not text
        title = without_closing.strip()
    return title


def _merge_bare_headings(sections: list[_Section]) -> list[_Section]:
    """A section that is only its heading line(s) is prepended to the next section, so no chunk is a bare
    title; its title already lives in the next section's heading path when that one is a subsection."""
    merged: list[_Section] = []
    carry: list[_Span] = []
    for index, section in enumerate(sections):
        blocks = carry + section.blocks
        if not blocks:
            continue
        if all(b.kind == "heading" for b in blocks) and index + 1 < len(sections):
            carry = blocks
            continue
        merged.append(_Section(section.heading, blocks))
        carry = []
    return merged


def _pack(blocks: list[_Span], body: str, max_tokens: int, overlap_tokens: int) -> list[list[_Span]]:
    """Greedy packing of a section's blocks into chunks of at most ~max_tokens, with overlap on splits."""
    chunks: list[list[_Span]] = []
    current: list[_Span] = []
    used = 0
    for block in blocks:
        # Pieces of an oversized block leave room for the overlap that will precede them.
        pieces = [block] if block.tokens <= max_tokens else _split_block(block, body, max_tokens - overlap_tokens)
        for piece in pieces:
            # A chunk never ends on a bare heading: the heading stays with what follows, even if slightly over.
            if used + piece.tokens > max_tokens and any(s.kind != "heading" for s in current):
                chunks.append(current)
                current = _overlap(current, body, min(overlap_tokens, max_tokens - piece.tokens))
                used = sum(s.tokens for s in current)
            current.append(piece)
            used += piece.tokens
    if current:
        chunks.append(current)
    return chunks


def _split_block(block: _Span, body: str, max_tokens: int) -> list[_Span]:
    """Last resort for a block bigger than max_tokens: its non-blank lines, long lines cut by characters."""
    pieces: list[_Span] = []
    start = block.start
    while start <= block.end:
        newline = body.find("\n", start, block.end)
        end = block.end if newline == -1 else newline
        if body[start:end].strip():
            pieces.extend(_split_line(start, end, body, max_tokens))
        start = end + 1
    return pieces


def _split_line(start: int, end: int, body: str, max_tokens: int) -> list[_Span]:
    pieces: list[_Span] = []
    while start < end:
        tokens = estimate_tokens(body[start:end])
        if tokens <= max_tokens:
            pieces.append(_Span(start, end, tokens, "lines"))
            break
        # Largest cut with at most max_tokens; an estimate never exceeds 2 tokens per character.
        lo, hi = start + 1, min(end, start + 16 * max_tokens)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if estimate_tokens(body[start:mid]) <= max_tokens else (lo, mid - 1)
        piece_end = cut = lo
        breaks = list(_SOFT_BREAK.finditer(body, start + (cut - start) // 2, cut))
        soft = breaks[-1] if breaks else None
        if soft is not None and soft.start() > start:  # prefer a word or CJK-sentence boundary
            cut = soft.end()
            piece_end = soft.start() if soft.group().isspace() else cut
        pieces.append(_Span(start, piece_end, estimate_tokens(body[start:piece_end]), "lines"))
        start = cut
        while start < end and body[start] in " \t":
            start += 1
    return pieces


def _overlap(previous: list[_Span], body: str, budget: int) -> list[_Span]:
    """The tail of the chunk just emitted to repeat at the start of the next one, at most `budget` tokens."""
    taken: list[_Span] = []
    used = 0
    for span in reversed(previous):
        if used + span.tokens <= budget:
            taken.append(span)
            used += span.tokens
            continue
        if not taken and span.kind in ("text", "lines"):  # never part of a code block, a heading, or a 2nd block
            tail = _tail(span, body, budget - used)
            if tail is not None:
                taken.append(tail)
        break
    return taken[::-1]


def _tail(span: _Span, body: str, budget: int) -> _Span | None:
    """The last whole lines of `span` within `budget` tokens, else its last words, else None."""
    if budget <= 0:
        return None
    start, used = span.end, 0
    while start > span.start:
        line_start = max(body.rfind("\n", span.start, start - 1) + 1, span.start)
        tokens = estimate_tokens(body[line_start:start])
        if used + tokens > budget:
            break
        start, used = line_start, used + tokens
    if start < span.end:
        return _Span(start, span.end, estimate_tokens(body[start : span.end]), "lines")
    # Not even the last line fits: take its last words.
    line_start = max(body.rfind("\n", span.start, span.end) + 1, span.start)
    lo, hi = line_start, span.end
    while lo < hi:  # smallest start whose tail fits the budget
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if estimate_tokens(body[mid : span.end]) <= budget else (mid + 1, hi)
    soft = _SOFT_BREAK.search(body, lo, span.end)
    start = soft.end() if soft is not None and lo > line_start else lo
    if start >= span.end or not body[start : span.end].strip():
        return None
    return _Span(start, span.end, estimate_tokens(body[start : span.end]), "lines")


def chunk_facts(json_text: str, *, redact_emails: bool = True) -> list[Chunk]:
    """One chunk per active fact of a `facts.json` text, with the lines where that fact's object sits.

    A fact without `status` counts as active (hand-written files); entries that are not objects or have no
    `fact` text are skipped. Raises ValueError when the text is not JSON or has no `"facts"` list.
    """
    json_text = json_text.removeprefix("\ufeff")
    try:
        document = json.loads(json_text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"facts.json is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from exc
    if not isinstance(document, dict) or not isinstance(document.get("facts"), list):
        raise ValueError('facts.json must be a JSON object with a "facts" list')
    line_starts = [0, *(m.end() for m in re.finditer("\n", json_text))]
    chunks: list[Chunk] = []
    for fact, (start, end) in zip(document["facts"], _fact_offsets(json_text), strict=True):
        text = _fact_text(fact)
        if text is None:
            continue
        text = redact(strip_private(text), emails=redact_emails).strip()
        if not text:
            continue
        category = fact.get("category")
        chunks.append(
            Chunk(
                text=text,
                heading=category.strip() if isinstance(category, str) and category.strip() else "facts",
                start_line=bisect.bisect_right(line_starts, start),
                end_line=bisect.bisect_right(line_starts, end - 1),
                content_hash=hashlib.sha256(text.encode()).hexdigest(),
            )
        )
    return chunks


def _fact_text(fact: Any) -> str | None:
    if not isinstance(fact, dict) or str(fact.get("status", "active")).lower() != "active":
        return None
    statement = fact.get("fact")
    if not isinstance(statement, str) or not statement.strip():
        return None
    evidence = fact.get("evidence")
    if isinstance(evidence, list):
        evidence = "; ".join(e for e in evidence if isinstance(e, str) and e.strip())
    if isinstance(evidence, str) and evidence.strip():
        return f"{statement.strip()} — evidence: {evidence.strip()}"
    return statement.strip()


_JSON_SPACE = re.compile(r"[ \t\n\r]*")


def _fact_offsets(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of each element of the top-level "facts" array in already-validated JSON.

    Walks the top-level object with `raw_decode`, which reports where each value ends. The last "facts"
    key wins, as it does for `json.loads`.
    """
    decoder = json.JSONDecoder()

    def skip(i: int) -> int:
        match = _JSON_SPACE.match(text, i)
        return match.end() if match else i

    offsets: list[tuple[int, int]] = []
    i = skip(skip(0) + 1)  # past "{"
    while text[i] != "}":
        key, i = decoder.raw_decode(text, i)
        i = skip(skip(i) + 1)  # past ":"
        if key == "facts":
            offsets, i = [], skip(i + 1)  # past "["
            while text[i] != "]":
                start = i
                _, i = decoder.raw_decode(text, i)
                offsets.append((start, i))
                i = skip(i)
                if text[i] == ",":
                    i = skip(i + 1)
            i += 1
        else:
            _, i = decoder.raw_decode(text, i)
        i = skip(i)
        if text[i] == ",":
            i = skip(i + 1)
    return offsets
