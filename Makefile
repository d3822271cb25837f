# koza: make play | make test | make lint | make bench
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint format bench po clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/koza

lint: $(STAMP)
	$(BIN)/ruff check koza tests
	$(BIN)/ruff format --check koza tests
	$(BIN)/mypy koza

test: lint
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m koza.bench

po: $(STAMP)
	$(BIN)/python -m koza.i18n.extract

format: $(STAMP)
	$(BIN)/ruff format koza tests
	$(BIN)/ruff check --fix koza tests

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
