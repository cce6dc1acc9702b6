# Two entry points for a fresh clone: `make run` (daemon in the foreground) and `make test` (the whole suite).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test e2e lint bench-events clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
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
