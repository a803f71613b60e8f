# Two commands: `make run` starts the whole service, `make test` runs every check.
# Both set up what they need from nothing (a fresh machine has Python 3.11 and Node 20).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: help venv test lint typecheck pytest clean run openapi

help:
	@echo "make run    - set up everything, then serve the API and the web client (HOST, PORT)"
	@echo "make docs   - build the documentation site into site/ (strict: a broken link fails)"
	@echo "make test   - set up everything, then ruff, mypy, pytest, tsc, Vitest and Playwright"
	@echo "make clean  - remove the virtual environment and caches"

# The venv is rebuilt whenever the package's dependencies change, and so is the compiled
# solver core whenever its sources do (backend/native, C++ with pybind11; backend/setup.py).
NATIVE_SOURCES := backend/setup.py $(shell find backend/native -name '*.[ch]pp')
$(STAMP): backend/pyproject.toml $(NATIVE_SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(MAKE) --no-print-directory clean-built
	$(BIN)/python -m pip install --quiet -e 'backend[dev]'
	touch $(STAMP)

venv: $(STAMP)

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: venv
	$(BIN)/mypy

# Everything on the native solver core, then the solver tests again on the pure Python one
# (the reference, as it runs where the extension was not built).
pytest: venv
	$(BIN)/pytest $(PYTEST_ARGS)
	PATIENCE_PURE_PYTHON=1 $(BIN)/pytest tests/solver backend/patience/solver $(PYTEST_ARGS)

test: lint typecheck pytest docs webtest

# The web client (frontend/): dependencies from package-lock.json, API types generated from
# backend/openapi.json, then the production build in frontend/dist/.
.PHONY: web webtest
WEB_STAMP := frontend/node_modules/.installed

$(WEB_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $(WEB_STAMP)

web: $(WEB_STAMP)
	cd frontend && npm run gen:api && npm run build

# Client checks: Prettier (format:check), tsc, Vitest unit tests, then Playwright (Debian's Chromium)
# against the real API.
webtest: venv $(WEB_STAMP)
	cd frontend && npm run gen:api && npm run format:check && npm run typecheck && npm test && npm run e2e

clean: clean-built
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis

# Extension modules an earlier build left in the source tree (the editable install builds them
# in place): removed before each build, so a module that is no longer compiled cannot shadow
# its source.
.PHONY: clean-built
clean-built:
	rm -rf backend/build
	find backend -name '*.so' -delete

# Start the service on SQLite (var/patience.db) from nothing: venv, the built client and docs, then
# `patience run`: a Redis at REDIS_URL (a local one is started when none answers), a solver
# worker, migrations and gunicorn serving the API and the client on one port.
HOST ?= 127.0.0.1
PORT ?= 8000
run: venv web docs
	$(BIN)/patience run --host $(HOST) --port $(PORT)

# Regenerate the committed OpenAPI document (a test fails when it drifts from the code).
openapi: venv
	$(BIN)/patience openapi

# The documentation site (mkdocs.yml, docs/): MkDocs with the Material theme, strict, so a broken
# link, a missing page or a missing snippet fails the build (not with --quiet, which hides the
# warnings strict mode counts). The API serves site/ at /docs/.
.PHONY: docs
docs: venv
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict
