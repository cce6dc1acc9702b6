"""Split YAML front matter from a Markdown document, parsing the small YAML subset that front matter uses.

Invariant: `split_front_matter` never raises and never loses text. Front matter is recognised only when the
first line is `---` and a later line is `---` (or `...`). If the block between them is not valid in the
supported subset, the document is treated as having NO front matter: metadata is `{}` and the whole text,
fences included, is the body from line 1. Why: a document that merely starts with a horizontal rule, or
front matter we cannot read, is still indexed in full, instead of silently dropping its first lines.

Supported subset (no PyYAML): `key: value` mappings nested by indentation; plain, 'single' and "double"
quoted scalars (plain ones may continue on more-indented lines); `|` and `>` block scalars; `- item` lists
(including lists of mappings); flow `[a, b]` and `{k: v}` collections; `# comments`; null/~, true/false,
integers and floats. Everything else (dates, yes/no) stays a string. Values are JSON-compatible.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_FENCE = "---"
_MAX_DEPTH = 32
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*|[0-9]+(?=[eE]))(?:[eE][-+]?[0-9]+)?")
# Redaction runs before parsing, so `owner: [REDACTED:email]` must stay a string, not become a flow list.
_REDACTION_MARKER = re.compile(r"\[REDACTED:[a-z_]+\]")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "\\": "\\", "/": "/", " ": " ", "e": "\x1b"}


@dataclass(frozen=True, slots=True)
class FrontMatter:
    """A document split in two. `body_start_line` is the 1-based line of the file where `body` begins."""

    metadata: dict[str, Any]
    body: str
    body_start_line: int


class _YamlError(Exception):
    pass


@dataclass(slots=True)
class _Line:
    indent: int
    content: str  # stripped of indentation and trailing whitespace
    raw: str


def split_front_matter(text: str) -> FrontMatter:
    """Split `text` into front matter metadata and body. See the module docstring for the failure rule."""
    lines = text.split("\n")
    if lines[0].lstrip("\ufeff").rstrip() != _FENCE:
        return FrontMatter({}, text, 1)
    close = next((i for i in range(1, len(lines)) if lines[i].rstrip() in (_FENCE, "...")), None)
    if close is None:
        return FrontMatter({}, text, 1)
    try:
        metadata = _parse_yaml_subset(lines[1:close])
    except (_YamlError, RecursionError):
        return FrontMatter({}, text, 1)
    return FrontMatter(metadata, "\n".join(lines[close + 1 :]), close + 2)


def _parse_yaml_subset(raw_lines: list[str]) -> dict[str, Any]:
    """Parse front matter lines into a dict; raise `_YamlError` on anything outside the subset."""
    lines: list[_Line] = []
    for raw in raw_lines:
        body = raw.lstrip(" ")
        if body.startswith("\t"):
            raise _YamlError("tab indentation")
        lines.append(_Line(len(raw) - len(body), body.rstrip(), raw))
    parser = _BlockParser(lines)
    start = parser.next_significant(0)
    if start == len(lines):
        return {}
    value, end = parser.node(start, lines[start].indent, 0)
    if parser.next_significant(end) != len(lines) or not isinstance(value, dict):
        raise _YamlError("front matter is not one mapping")
    return value


def _is_seq_item(content: str) -> bool:
    return content == "-" or content.startswith("- ")


def _split_key(content: str) -> tuple[str, str] | None:
    """`key: rest` -> (key, rest); None when the line is not a mapping entry."""
    if content[:1] in ("'", '"'):
        key, end = _quoted(content, 0)
        if content[end : end + 1] != ":" or content[end + 1 : end + 2] not in ("", " "):
            return None
        return key, content[end + 1 :].strip()
    match = re.search(r":(?: |$)", content)
    if match is None or content[:1] in "[{#&*!|>%@`":
        return None
    key = content[: match.start()].strip()
    return (key, content[match.end() :].strip()) if key else None


class _BlockParser:
    def __init__(self, lines: list[_Line]) -> None:
        self.lines = lines

    def next_significant(self, i: int) -> int:
        while i < len(self.lines) and (not self.lines[i].content or self.lines[i].content.startswith("#")):
            i += 1
        return i

    def node(self, i: int, indent: int, depth: int) -> tuple[Any, int]:
        if depth > _MAX_DEPTH:
            raise _YamlError("nested too deeply")
        if _is_seq_item(self.lines[i].content):
            return self.sequence(i, indent, depth)
        return self.mapping(i, indent, depth)

    def mapping(self, i: int, indent: int, depth: int) -> tuple[dict[str, Any], int]:
        result: dict[str, Any] = {}
        i = self.next_significant(i)
        while i < len(self.lines) and self.lines[i].indent == indent:
            entry = _split_key(self.lines[i].content)
            if entry is None:
                raise _YamlError(f"not a key: value line: {self.lines[i].content!r}")
            key, rest = entry
            result[key], i = self.value(rest, i + 1, indent, depth)
            i = self.next_significant(i)
        if i < len(self.lines) and self.lines[i].indent > indent:
            raise _YamlError("unexpected indentation")
        return result, i

    def sequence(self, i: int, indent: int, depth: int) -> tuple[list[Any], int]:
        items: list[Any] = []
        i = self.next_significant(i)
        while i < len(self.lines) and self.lines[i].indent == indent and _is_seq_item(self.lines[i].content):
            rest = self.lines[i].content[1:].lstrip(" ")
            entry = _split_key(rest) if rest else None
            if entry is not None:  # `- key: value` starts a mapping nested at the item's column
                column = indent + len(self.lines[i].content) - len(rest)
                self.lines[i] = _Line(column, rest, self.lines[i].raw)
                item, i = self.mapping(i, column, depth + 1)
            else:
                item, i = self.value(rest, i + 1, indent, depth)
            items.append(item)
            i = self.next_significant(i)
        return items, i

    def value(self, rest: str, i: int, indent: int, depth: int) -> tuple[Any, int]:
        """The value after `key:` or `-`, whose continuation lines (if any) start at line `i`."""
        nxt = self.next_significant(i)
        if not rest or rest.startswith("#"):
            if nxt < len(self.lines) and self.lines[nxt].indent > indent:
                return self.node(nxt, self.lines[nxt].indent, depth + 1)
            if nxt < len(self.lines) and self.lines[nxt].indent == indent and _is_seq_item(self.lines[nxt].content):
                return self.sequence(nxt, indent, depth + 1)  # `key:` then `- a` at the key's own indent
            return None, i
        if rest[0] in "|>":
            return self.block_scalar(rest, i, indent)
        value = _inline(rest)
        if isinstance(value, str) and rest[0] not in "\"'[{":
            parts = [value]
            while nxt < len(self.lines) and self.lines[nxt].indent > indent:  # a plain scalar folded over lines
                if _split_key(self.lines[nxt].content) is not None:
                    raise _YamlError("a mapping entry cannot continue a plain scalar")
                parts.append(_strip_comment(self.lines[nxt].content))
                i = nxt = self.next_significant(nxt + 1)
            value = " ".join(p for p in parts if p)
        return value, i

    def block_scalar(self, header: str, i: int, indent: int) -> tuple[str, int]:
        if not re.fullmatch(r"[|>][+-]?(?:\s+#.*)?", header):
            raise _YamlError(f"unsupported block scalar header {header!r}")
        body: list[str] = []
        block_indent: int | None = None
        while i < len(self.lines) and (not self.lines[i].content or self.lines[i].indent > indent):
            line = self.lines[i]
            if line.content and block_indent is None:
                block_indent = line.indent
            body.append(line.raw[block_indent:] if line.content and block_indent is not None else "")
            i += 1
        while body and not body[-1]:
            body.pop()
        text = "\n".join(body) if header[0] == "|" else re.sub(r"(?<=\S)\n(?=\S)", " ", "\n".join(body))
        return (text if header[1:2] == "-" else text + "\n") if body else "", i


def _strip_comment(text: str) -> str:
    cut = text.find(" #")
    return (text[:cut] if cut != -1 else text).strip()


def _scalar(text: str) -> Any:
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    return text


def _quoted(text: str, i: int) -> tuple[str, int]:
    """Parse the quoted string starting at `text[i]`; return it and the index after the closing quote."""
    quote, out, i = text[i], [], i + 1
    while i < len(text):
        ch = text[i]
        if ch == quote:
            if quote == "'" and text[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            return "".join(out), i + 1
        if ch == "\\" and quote == '"':
            code = text[i + 1 : i + 2]
            if code == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[i + 2 : i + 6]):
                out.append(chr(int(text[i + 2 : i + 6], 16)))
                i += 6
                continue
            if code not in _ESCAPES:
                raise _YamlError(f"unknown escape \\{code}")
            out.append(_ESCAPES[code])
            i += 2
            continue
        out.append(ch)
        i += 1
    raise _YamlError("unterminated quoted string")


def _inline(text: str) -> Any:
    """A value written on one line: quoted, flow collection or plain scalar, with an optional comment."""
    if text[0] in "\"'[{":
        value, end = _flow(text, 0, 0)
        tail = text[end:].strip()
        if tail and not tail.startswith("#"):
            raise _YamlError(f"text after value: {tail!r}")
        return value
    if text[0] in "&*!%@`":
        raise _YamlError(f"unsupported YAML feature in {text!r}")
    return _scalar(_strip_comment(text))


def _flow(text: str, i: int, depth: int) -> tuple[Any, int]:
    """Parse one flow value at `text[i]` (leading spaces allowed); return it and the index after it."""
    if depth > _MAX_DEPTH:
        raise _YamlError("nested too deeply")
    while i < len(text) and text[i] == " ":
        i += 1
    if i >= len(text):
        raise _YamlError("missing value")
    if text[i] in "\"'":
        return _quoted(text, i)
    marker = _REDACTION_MARKER.match(text, i)
    if marker:
        return marker.group(), marker.end()
    if text[i] not in "[{":
        end = i
        while end < len(text) and text[end] not in ",]}" and text[end : end + 2] != ": ":
            end += 1
        return _scalar(text[i:end].strip()), end
    closer, i = ("]" if text[i] == "[" else "}"), i + 1
    items: list[Any] = []
    mapping: dict[str, Any] = {}
    while True:
        while i < len(text) and text[i] == " ":
            i += 1
        if text[i : i + 1] == closer:
            return (items if closer == "]" else mapping), i + 1
        item, i = _flow(text, i, depth + 1)
        if closer == "}":
            while text[i : i + 1] == " ":
                i += 1
            if text[i : i + 1] != ":":
                raise _YamlError("flow mapping entry without ':'")
            mapping[str(item)], i = _flow(text, i + 1, depth + 1)
        else:
            items.append(item)
        while text[i : i + 1] == " ":
            i += 1
        if text[i : i + 1] == ",":
            i += 1
        elif text[i : i + 1] != closer:
            raise _YamlError(f"expected ',' or {closer!r}")
