# Entry points named in README.md. Every target runs inside .venv.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin

.PHONY: venv test lint typecheck bench bench-server simulate run

venv: $(VENV)/.installed

# Reinstall only when pyproject.toml changes (the stamp is older than it).
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -e '.[dev]'
	touch $(VENV)/.serving $@

# Serving needs the project's own dependencies only (no pytest, mypy or playwright).
$(VENV)/.serving: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -e .
	touch $@

# Postgres, Chromium and nginx (scripts/prepare), then lint, type-check and pytest;
# scripts/test is the one path shared with .ci/run.
test: venv
	scripts/prepare
	scripts/test

lint: venv
	scripts/test lint

typecheck: venv
	scripts/test typecheck

bench: venv
	$(BIN)/python bench/engine.py

bench-server: venv
	$(BIN)/python bench/server.py --rooms 100 --seconds 20

simulate: venv
	$(BIN)/python -m app.bots.simulate --hunted 3 --games 200 --seed 1

# Apply the migrations to the database (the embedded SQLite file under ./data/ by default,
# or DATABASE_URL), then serve the app and static/ on http://$(HOST):$(PORT).
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(VENV)/.serving
	$(BIN)/alembic upgrade head
	$(BIN)/python -m app --host $(HOST) --port $(PORT)
