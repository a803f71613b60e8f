# Two commands: `make run` starts the whole service, `make test` runs every check.
# Both set up what they need from nothing (a fresh machine has Python 3.11 and Node 20).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: help venv test lint typecheck pytest clean run openapi

help:
	@echo "make run    - set up .venv, migrate the database and start the API (HOST, PORT)"
	@echo "make test   - set up .venv and run ruff, mypy and pytest"
	@echo "make clean  - remove the virtual environment and caches"

# The venv is rebuilt whenever the package's dependencies change.
$(STAMP): backend/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e 'backend[dev]'
	touch $(STAMP)

venv: $(STAMP)

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: venv
	$(BIN)/mypy

pytest: venv
	$(BIN)/pytest $(PYTEST_ARGS)

test: lint typecheck pytest

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis

# Start the API on SQLite (var/patience.db) from nothing: venv, migrations, gunicorn.
HOST ?= 127.0.0.1
PORT ?= 8000
run: venv
	$(BIN)/patience serve --host $(HOST) --port $(PORT)

# Regenerate the committed OpenAPI document (a test fails when it drifts from the code).
openapi: venv
	$(BIN)/patience openapi
