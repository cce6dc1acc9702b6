"""A settings field's declared limits (choices, a numeric range) and the check of a config.toml value against
them: what makes a wrong type or an impossible value stop start-up with a message naming the key. Standard
library only, like `config.py` (the CLI's fast path imports both).
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import field
from typing import Any


def choice(default: str, *choices: str) -> Any:
    """A string field restricted to `choices` (validated at load time)."""
    return field(default=default, metadata={"choices": choices})


def num(default: float, low: float, high: float) -> Any:
    """A numeric field restricted to `low <= value <= high` (validated at load time)."""
    return field(default=default, metadata={"range": (low, high)})


class ConfigError(ValueError):
    """config.toml cannot be used; the message names the file and the key."""


def checked(where: str, spec: dataclasses.Field[Any], value: Any) -> Any:
    default = spec.default
    expected: Any = type(default)  # Any: isinstance must not narrow `value` to `object`
    if isinstance(default, float):
        expected = (int, float)
    if isinstance(default, tuple):
        if not isinstance(value, list):
            raise ConfigError(f"{where} must be list, got {type(value).__name__}")
        if not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where} must be a list of strings")
        return tuple(value)
    if isinstance(value, bool) != isinstance(default, bool) or not isinstance(value, expected):
        raise ConfigError(f"{where} must be {type(default).__name__}, got {type(value).__name__}")
    if (choices := spec.metadata.get("choices")) and value not in choices:
        raise ConfigError(f"{where} must be one of {', '.join(choices)}, got {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ConfigError(f"{where} must be a finite number, got {value}")
    if (bounds := spec.metadata.get("range")) is not None and not bounds[0] <= value <= bounds[1]:
        low, high = (shown(b) for b in bounds)
        raise ConfigError(f"{where} must be between {low} and {high}, got {value!r}")
    if (pattern := spec.metadata.get("pattern")) and not re.fullmatch(pattern, value):
        raise ConfigError(f"{where} must match {pattern}, got {value!r}")
    return float(value) if isinstance(default, float) else value


def shown(bound: float) -> str:
    return f"{bound:g}" if isinstance(bound, float) else f"{bound:_}".replace("_", ",")
