"""The script Claude Code runs for each hook: `PYTHON -S .../daemon/client/hooks/entry.py hook EVENT`.

Why a script under `-S` rather than the `memoryd` console script: Python's `site` module processes every `.pth`
file in site-packages at start. In an editable install (`make run` is `pip install -e`) one of them installs
setuptools' import finder, which imports pathlib, fnmatch, importlib.util and urllib: `site` then takes ~14 ms
of a ~25 ms interpreter start on this 2-core machine, against ~4 ms with plain path entries (bench/hooks.py
prints both). A hook process runs on every Read and Edit, so it starts without `site` and puts on sys.path
only what the hook needs:
- first, this package's root (the directory holding `daemon/`, `pipeline/` and `events/`, found from this
  file's own path: the repository in an editable install, site-packages in a wheel install);
- after the standard library, the interpreter's own site-packages, found as `site` finds it (a venv's
  `pyvenv.cfg` beside or above the executable, else `sys.prefix`), without reading any `.pth` file in it.

Invariants:
- Standard library only, and only `sys` and `os` (already loaded or found in the standard library, which no
  module beside this file shadows) before sys.path is set.
- The hook path (`run.py` and what it imports, lazily too) needs the standard library and memoryd's own
  packages only, never a package that a `.pth` file puts on the path; tests/test_hooks.py checks the import
  list of this very command.
- The script's own directory, which Python puts first on sys.path, is taken off before anything else is
  imported: its `events.py` and `run.py` would otherwise shadow the top-level `events` package.
- Everything after that is `run.main`, whose guarantees (exit 0, nothing on stderr, done within the deadline
  even when the daemon is down or hung) hold unchanged. `memoryd hook EVENT` runs the same code with `site`.
- The process ends with `os._exit` once stdout and stderr are flushed: the interpreter's teardown (freeing
  every module, a last garbage collection) took 2-3 ms of each hook on this 2-core machine, and the hook
  leaves nothing for it to do (its log line and spool files are written with `os.write` and closed, it
  starts no thread and registers no `atexit` function).
"""

import os
import sys


def import_paths(script: str, executable: str) -> list[str]:
    """Where the hook's imports come from, before the standard library: the package root, then site-packages
    of the venv (or of the interpreter's prefix) that exist."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(script)))))
    prefixes = [sys.prefix]
    venv = os.path.dirname(os.path.dirname(os.path.abspath(executable)))  # as site.venv(): bin/.. of the executable
    for config in (os.path.join(os.path.dirname(os.path.abspath(executable)), "pyvenv.cfg"), f"{venv}/pyvenv.cfg"):
        if os.path.isfile(config):
            prefixes = [venv, sys.prefix] if _includes_system_site(config) else [venv]
            break
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    paths = [root]
    for prefix in prefixes:
        for lib in dict.fromkeys((sys.platlibdir, "lib")):
            candidate = os.path.join(prefix, lib, version, "site-packages")
            if candidate not in paths and os.path.isdir(candidate):
                paths.append(candidate)
    return paths


def _includes_system_site(config: str) -> bool:
    try:
        with open(config, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return False
    for line in lines:
        key, sep, value = line.partition("=")
        if sep and key.strip().lower() == "include-system-site-packages":
            return value.strip().lower() == "true"
    return False


if __name__ == "__main__":
    if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
        del sys.path[0]  # this script's directory (see the module docstring)
    root, *site_packages = import_paths(__file__, sys.executable)
    # Why site-packages last, where `site` puts it: the stdlib modules the hook loads (`_json`, `_socket`) are
    # then found without listing site-packages' ~200 entries first
    sys.path[:0] = [root]
    sys.path.extend(site_packages)
    from daemon.client.hooks.run import main

    code = main(sys.argv[1:])
    try:
        sys.stdout.flush()  # (run.main has flushed its line already; a closed pipe must not cost the exit code)
        sys.stderr.flush()
    except BaseException:
        pass
    os._exit(code)  # Why not sys.exit: tearing the interpreter down costs a hook ~2-3 ms (see the docstring)
