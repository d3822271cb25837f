# koza: make play | make test | make lint | make bench
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BUILT := $(VENV)/.compiled
BYTECODE := $(VENV)/.bytecode
HOT := $(shell $(PY) koza/compiled.py)

.PHONY: play test lint format bench po clean test-browser test-nginx

# The dependencies, with koza itself as pure Python; then $(BUILT) compiles the hot
# modules (koza/compiled.py) with mypyc, again whenever one of them changes.  With no
# C compiler, or if the compile fails, koza stays pure Python (KOZA_PURE=1 forces it).
$(STAMP): pyproject.toml setup.py
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip 'setuptools>=68'
	KOZA_PURE=1 $(BIN)/python -m pip install -q --no-build-isolation -e '.[dev]'
	touch $(STAMP)

$(BUILT): $(STAMP) $(HOT)
	$(BIN)/python -m pip install -q --no-build-isolation --no-deps -e .
	touch $(BUILT)

# koza's byte-code written ahead (as pip does for a wheel), again whenever a source
# changes: koza starts without compiling itself even where PYTHONDONTWRITEBYTECODE is set;
# and the translated catalogues compiled to .mo, so a start in Russian skips Babel
$(BYTECODE): $(BUILT) $(shell find koza -name '*.py') $(wildcard koza/locale/*/LC_MESSAGES/*.po)
	$(BIN)/python -m compileall -q koza
	$(BIN)/python -c 'from koza.i18n.catalog import write_compiled; write_compiled()'
	touch $(BYTECODE)

play: $(BYTECODE)
	$(BIN)/koza

# the checks of make lint, one after the other (stops at the first that fails)
LINT := $(BIN)/ruff check koza tests && $(BIN)/ruff format --check koza tests && $(BIN)/mypy koza && $(BIN)/lint-imports --no-cache

lint: $(BUILT)
	$(LINT)

# the suite on one worker per core plus one (pytest-xdist): the extra worker fills the time
# tests spend waiting on a socket or a timer; `make test JOBS=0` runs it in one process.
# lint runs beside the suite (it fills the time the suite leaves a core idle); its output
# comes after the suite's, and make test fails when either fails.
JOBS ?= $(shell $(PY) -c 'import os; print((os.cpu_count() or 1) + 1)')
test: $(BYTECODE)
	@linted=$$(mktemp); \
	( $(LINT) ) >"$$linted" 2>&1 & lint=$$!; \
	$(BIN)/python -m pytest -n $(JOBS) --dist worksteal; tests=$$?; \
	wait $$lint; lint=$$?; \
	echo "--- lint: $(LINT)"; cat "$$linted"; rm -f "$$linted"; \
	if [ $$lint -ne 0 ]; then echo "make test: lint failed"; fi; \
	if [ $$tests -ne 0 ]; then echo "make test: tests failed"; fi; \
	[ $$lint -eq 0 ] && [ $$tests -eq 0 ]

# koza server --web in headless Chromium: Debian's chromium (never a downloaded browser)
# driven by Playwright for Python.  Not part of make test.
test-browser: $(STAMP)
	@test -x /usr/bin/chromium || apt-get install -y chromium
	$(BIN)/python -m pip install -q playwright
	KOZA_BROWSER_TEST=1 $(BIN)/python -m pytest tests/net/test_browser_page.py -s -p no:cacheprovider

# Two koza servers behind Debian's nginx on loopback, rooms played through it (not in test).
test-nginx: $(STAMP)
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || apt-get install -y nginx
	$(BIN)/python deploy/nginx_rooms.py

bench: $(BYTECODE)
	$(BIN)/python -m koza.bench

po: $(STAMP)
	$(BIN)/python -m koza.i18n.extract

format: $(STAMP)
	$(BIN)/ruff format koza tests
	$(BIN)/ruff check --fix koza tests

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
