"""Giving freed memory back to the operating system.

Why: glibc's malloc keeps memory a program freed in its heaps (one per thread that allocated), to reuse it.
A daemon that embeds a burst of notes in worker threads frees the model's working memory afterwards but stays
~110 MB larger than it needs to be until something reuses it (bench/footprint.py). `malloc_trim(0)` returns the
free parts of every heap; it takes a few milliseconds, so it is called after a burst of work, not per request.
On a platform without glibc it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
from typing import Any


@functools.cache
def _malloc_trim() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # musl and others have no malloc_trim
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def release_free_memory() -> bool:
    """Return freed heap memory to the OS. Blocking (milliseconds). Returns whether anything could be done."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
