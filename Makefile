# Two entry points for a fresh clone: `make run` (daemon in the foreground) and `make test` (the whole suite).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test e2e lint bench-events clean

# Editable in setuptools' `compat` mode: the checkout goes on sys.path by a plain .pth line. The default mode
# imports a finder (pathlib, urllib.parse, re) in every Python process of the venv: measured 27 -> 13 ms for
# `python -c pass` and 103 -> 61 ms for a CLI command. A setuptools without the mode gets the default one.
$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]' --config-settings editable_mode=compat \
		|| $(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/memoryd serve

test: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n 2 --dist loadfile

# The real Claude Code CLI (pinned, npm-installed into ~/.cache/memoryd-e2e) drives memoryd: hooks, MCP,
# transcripts. `make test` runs these too, and skips them (saying why) when npm or the CLI is not available;
# here a missing CLI is a failure.
e2e: $(BIN)/.installed
	MEMORYD_E2E_REQUIRED=1 $(BIN)/python -m pytest -q tests/e2e

lint: $(BIN)/.installed
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
