# Entry points named in README.md. Every target runs inside .venv.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin

.PHONY: venv test lint typecheck bench simulate run

venv: $(VENV)/.installed

# Reinstall only when pyproject.toml changes (the stamp is older than it).
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -e '.[dev]'
	touch $@

# Lint, type-check, then pytest; scripts/test is the one path shared with .ci/run.
test: venv
	scripts/test

lint: venv
	scripts/test lint

typecheck: venv
	scripts/test typecheck

bench: venv
	$(BIN)/python bench/engine.py

simulate: venv
	$(BIN)/python -m app.engine.simulate --hunted 3 --games 200 --seed 1

run:
	@echo "make run: the server is not built yet (issue 4), so there is nothing to run." >&2
	@exit 1
