# koza: make play | make test | make lint | make bench
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TOOLS := $(VENV)/.build-tools
DEV := $(VENV)/.dev-tools
BUILT := $(VENV)/.compiled
BYTECODE := $(VENV)/.bytecode
HOT := $(shell $(PY) koza/compiled.py)

.PHONY: play test lint format bench po clean test-browser test-nginx test-container

# The requirements under one key of pyproject.toml, one a line.
REQUIRES = $(BIN)/python -c 'import sys, tomllib; \
  t = tomllib.load(open("pyproject.toml", "rb")); \
  print(*(t["project"]["optional-dependencies"]["dev"] if sys.argv[1] == "dev" \
    else t["build-system"]["requires"]), sep="\n")'

# What koza needs to run, with koza itself as pure Python (editable): all make play waits
# for.  The venv's own pip is new enough (Python 3.11 brings 22.3 or later).
$(STAMP): pyproject.toml setup.py
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q 'setuptools>=77'
	KOZA_PURE=1 $(BIN)/python -m pip install -q --no-build-isolation -e .
	touch $(STAMP)

# The compile's tools (mypy brings mypyc), and the test and lint tools (make test, lint).
$(TOOLS): $(STAMP)
	$(REQUIRES) build >$(VENV)/build-requirements.txt
	$(BIN)/python -m pip install -q -r $(VENV)/build-requirements.txt
	touch $(TOOLS)

$(DEV): $(TOOLS)
	$(REQUIRES) dev >$(VENV)/dev-requirements.txt
	$(BIN)/python -m pip install -q -r $(VENV)/dev-requirements.txt
	touch $(DEV)

# mypyc compiles the hot modules (koza/compiled.py) beside their sources, again whenever
# one of them changes.  Each file is moved in whole and koza loads the build only once it
# is complete and newer than every source, so koza may run while this goes on.  With no C
# compiler, or if the compile fails, koza stays pure Python (KOZA_PURE=1 forces it).
$(BUILT): $(TOOLS) $(HOT)
	$(BIN)/python setup.py -q build_ext --inplace
	touch $(BUILT)

# koza's byte-code written ahead (as pip does for a wheel), again whenever a source
# changes: koza starts without compiling itself even where PYTHONDONTWRITEBYTECODE is set;
# and the translated catalogues compiled to .mo, so a start in Russian skips Babel
$(BYTECODE): $(STAMP) $(shell find koza -name '*.py') $(wildcard koza/locale/*/LC_MESSAGES/*.po)
	$(BIN)/python -m compileall -q koza
	$(BIN)/python -c 'from koza.i18n.catalog import write_compiled; write_compiled()'
	touch $(BYTECODE)

# The game starts as soon as koza can run; a missing or stale build is compiled in the
# background meanwhile (niced, its output in .venv/compile.log), so this start runs the
# hot modules as pure Python (bots think about twice as long) and the next one uses the build.
play: $(BYTECODE)
	@$(MAKE) -s -q $(BUILT) 2>/dev/null || { \
	  echo "make play: compiling the hot modules in the background (.venv/compile.log);" \
	    "this game runs them as pure Python, the next uses the build"; \
	  nohup nice -n 19 $(MAKE) -s $(BUILT) </dev/null >$(VENV)/compile.log 2>&1 & }
	$(BIN)/koza

# the checks of make lint, one after the other (stops at the first that fails)
LINT := $(BIN)/ruff check koza tests && $(BIN)/ruff format --check koza tests && $(BIN)/mypy koza && $(BIN)/lint-imports --no-cache

lint: $(DEV)
	$(LINT)

# the suite on one worker per core plus three (pytest-xdist): the extra workers fill the time
# tests spend waiting on a socket, a timer or a browser; `make test JOBS=0` runs it in one
# process.  On 2 cores, alternating whole runs: 148-149 s with 5 workers, 154-157 s with 4.
# lint runs beside the compile (one core) and the suite (it fills the time the suite leaves
# a core idle); its output comes after the suite's, and make test fails when either fails.
# pytest may keep its rewritten test modules even where PYTHONDONTWRITEBYTECODE is set:
# otherwise every worker rewrites every test module's asserts anew (about 2 s of CPU each).
# When the hot modules must be compiled first (a fresh clone), one collection beside the
# compile writes them once, in time the compile leaves a core idle; else it is not run.
JOBS ?= $(shell $(PY) -c 'import os; print((os.cpu_count() or 1) + 3)')
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest
test: $(DEV)
	@linted=$$(mktemp); \
	( $(LINT) ) >"$$linted" 2>&1 & lint=$$!; \
	rewrite=; $(MAKE) -s -q $(BUILT) 2>/dev/null || { \
	  $(PYTEST) --collect-only -p no:cacheprovider >/dev/null 2>&1 & rewrite=$$!; }; \
	$(MAKE) -s $(BUILT) $(BYTECODE) && { [ -z "$$rewrite" ] || wait $$rewrite || true; } && \
	$(PYTEST) -n $(JOBS) --dist worksteal; tests=$$?; \
	wait $$lint; lint=$$?; \
	echo "--- lint: $(LINT)"; cat "$$linted"; rm -f "$$linted"; \
	if [ $$lint -ne 0 ]; then echo "make test: lint failed"; fi; \
	if [ $$tests -ne 0 ]; then echo "make test: tests failed"; fi; \
	[ $$lint -eq 0 ] && [ $$tests -eq 0 ]

# koza server --web in headless Chromium: Debian's chromium (never a downloaded browser)
# driven by Playwright for Python.  Not part of make test.
test-browser: $(DEV)
	@test -x /usr/bin/chromium || apt-get install -y chromium
	$(BIN)/python -m pip install -q playwright
	KOZA_BROWSER_TEST=1 $(BIN)/python -m pytest tests/net/test_browser_page.py -s -p no:cacheprovider

# Two koza servers behind Debian's nginx on loopback, rooms played through it (not in test).
test-nginx: $(STAMP)
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || apt-get install -y nginx
	$(BIN)/python deploy/nginx_rooms.py

# The container image built from the Dockerfile and run on loopback: its rooms outlive a
# kill -9 of the container (not in test).  CONTAINER_FLAGS passes engine options, e.g. for
# podman where cgroups are mixed: --build-flag=--isolation=chroot --run-flag=--runtime=runc
ENGINE ?= docker
test-container: $(STAMP)
	$(BIN)/python deploy/container_rooms.py --engine $(ENGINE) --build $(CONTAINER_FLAGS)

bench: $(BUILT) $(BYTECODE)
	$(BIN)/python -m koza.bench

po: $(STAMP)
	$(BIN)/python -m koza.i18n.extract

format: $(DEV)
	$(BIN)/ruff format koza tests
	$(BIN)/ruff check --fix koza tests

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
