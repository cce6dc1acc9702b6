"""`json.loads` and `json.dumps` for processes that start for one request: a hook, the CLI's fast path.

Why not `json`: `json.decoder` and `json.encoder` compile regular expressions at import, so `import json` loads
`re`, and with it `enum`, `functools` and `collections`: ~8 ms of a hook process's start on this 2-core machine,
more than the rest of the hook's own work. The parsing and writing are done by `_json`, the C module under
`json`, either way; this module calls it directly, the way `json.decoder.JSONDecoder` and
`json.encoder.JSONEncoder` do (CPython 3.11-3.13), without those imports. (`_json` is CPython's, as is
`_socket` in socket_client; memoryd runs on CPython only, for onnxruntime.)

Invariants: the same results and errors (a ValueError subclass) as `json.loads` and `json.dumps(...,
ensure_ascii=False)` for the JSON memoryd writes and reads. Bytes are read as UTF-8 (what Claude Code and the
daemon write); `json` would also guess UTF-16 and UTF-32.
"""

from _json import encode_basestring, make_encoder, make_scanner

TYPE_CHECKING = False  # Why not typing's: importing typing costs ~3 ms in every hook process
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

_WHITESPACE = " \t\n\r"


class _Context:
    """The attributes `_json.make_scanner` reads from a `JSONDecoder` (its defaults)."""

    __slots__ = ("memo", "object_hook", "object_pairs_hook", "parse_constant", "parse_float", "parse_int", "strict")

    def __init__(self) -> None:
        self.strict = True
        self.object_hook = None
        self.object_pairs_hook = None
        self.parse_float = float
        self.parse_int = int
        self.parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__
        self.memo: dict[str, str] = {}


_scan = make_scanner(_Context())  # type: ignore[arg-type]  # it reads these attributes, as of a JSONDecoder


def loads(data: str | bytes | bytearray) -> "Any":
    """One JSON document (surrounding whitespace allowed). Raises ValueError (`json.JSONDecodeError` for bad
    JSON, UnicodeDecodeError for bytes that are not UTF-8)."""
    text = data.decode("utf-8", "surrogatepass") if isinstance(data, (bytes, bytearray)) else data
    if text.startswith("\ufeff") and not isinstance(data, str):
        text = text[1:]  # a UTF-8 byte order mark, which `json.loads` skips in bytes
    start = len(text) - len(text.lstrip(_WHITESPACE))
    try:
        value, end = _scan(text, start)
    except StopIteration as stop:
        raise _decode_error("Expecting value", text, stop.value) from None
    rest = text[end:]
    if trailing := rest.lstrip(_WHITESPACE):
        raise _decode_error("Extra data", text, end + len(rest) - len(trailing))
    return value


def dumps(value: "Any", *, default: "Callable[[Any], Any] | None" = None, compact: bool = False) -> str:
    """`json.dumps(value, ensure_ascii=False, default=default)`, with `separators=(",", ":")` when `compact`."""
    item_separator, key_separator = (",", ":") if compact else (", ", ": ")
    encode = make_encoder({}, default or _not_serializable, encode_basestring, None, key_separator, item_separator,
                          False, False, True)  # fmt: skip
    return "".join(encode(value, 0))


def _not_serializable(value: "Any") -> "Any":
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _decode_error(message: str, text: str, position: int) -> ValueError:
    from json import JSONDecodeError  # Why here: only bad input pays for `json`

    return JSONDecodeError(message, text, position)
