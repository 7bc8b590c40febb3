# Entry points named in README.md. Every target runs inside .venv.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin

.PHONY: venv engine client test lint typecheck bench bench-server simulate run

venv: $(VENV)/.installed

# Reinstall only when pyproject.toml changes (the stamp is older than it).
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -e '.[dev,compile]'
	touch $(VENV)/.serving $@

# Serving needs the project's own dependencies, and mypy (mypyc) to compile the engine.
$(VENV)/.serving: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -e '.[compile]'
	touch $@

# The engine compiled by mypyc (app/compile_engine.py), rebuilt only when its sources changed
# (about a minute of CPU, over every core, a progress line per C file). Without a C compiler it
# says so, and the engine runs interpreted (slower).
engine: $(VENV)/.serving
	$(BIN)/python -m app.compile_engine build \
	    || echo "make engine: not compiled; the engine runs interpreted" >&2

# The client's tools (package.json: esbuild, axe-core) from the npm registry, into node_modules/.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The client's modules bundled into static/dist/ (app/bundle.py), served while it matches
# static/js. Without npm it says so, and the server serves the modules one by one.
client: $(VENV)/.serving
	if command -v npm >/dev/null; then $(MAKE) --no-print-directory node_modules/.installed; fi
	$(BIN)/python -m app.bundle || echo "make client: not bundled; the modules are served" >&2

# Postgres, Chromium, nginx and Node.js (scripts/prepare), the client's tools and bundle, then
# lint, type-check and pytest; scripts/test is the one path shared with .ci/run.
test: venv engine
	scripts/prepare
	$(MAKE) --no-print-directory client
	scripts/test

lint: venv
	scripts/test lint

typecheck: venv
	scripts/test typecheck

bench: venv engine
	$(BIN)/python bench/engine.py

bench-server: venv
	$(BIN)/python bench/server.py --rooms 100 --seconds 20

simulate: venv engine
	$(BIN)/python -m app.bots.simulate --hunted 3 --games 200 --seed 1

# Bundle the client, apply the migrations to the database (the embedded SQLite file under
# ./data/ by default, or DATABASE_URL), then serve the app and static/ on http://$(HOST):$(PORT).
HOST ?= 127.0.0.1
PORT ?= 8000
run: engine client
	$(BIN)/alembic upgrade head
	$(BIN)/python -m app --host $(HOST) --port $(PORT)
