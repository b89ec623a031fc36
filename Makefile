# The two commands of the README:
#   make play   set up .venv, install plyground, warm its kernels, start a game
#   make test   set up .venv with everything the tests need, then lint, type-check and test
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
UV := $(VENV)/bin/uv
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
CHROMIUM ?= /usr/bin/chromium

# uv installs the project: a few times quicker than pip, from an empty cache and from a warm
# one. --compile-bytecode writes the .pyc files as pip does, so that no process compiles a
# dependency again where the environment says PYTHONDONTWRITEBYTECODE.
INSTALL := $(UV) pip install --quiet --python $(PY) --compile-bytecode

.PHONY: play test lint typecheck warmup pytest chromium compilers bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(UV): | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check 'uv>=0.4'

$(STAMP_RUN): pyproject.toml | $(UV)
	$(INSTALL) -e '.[web]'
	touch $@

$(STAMP_TEST): pyproject.toml | $(UV)
	$(INSTALL) -e '.[web,report,ray,rl,test]'
	touch $@ $(STAMP_RUN)

play: $(STAMP_RUN)
	$(PY) -m plyground warmup --quiet
	$(PY) -m plyground serve --open

# Debian's Chromium for the browser tests (no test downloads a browser of its own).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

# Compilers for the engine templates' tests (examples/engines: C and Java).
compilers:
	@missing=; \
	command -v javac >/dev/null 2>&1 || missing="$$missing default-jdk-headless"; \
	command -v gcc >/dev/null 2>&1 || missing="$$missing gcc"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian's$$missing for the engine template tests"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

lint: $(STAMP_TEST)
	$(PY) -m ruff check src tests benchmarks examples
	$(PY) -m ruff format --check src tests benchmarks examples

typecheck: $(STAMP_TEST)
	$(PY) -m mypy

# The tests write Python's bytecode caches (in the ignored __pycache__ folders) even where the
# environment says PYTHONDONTWRITEBYTECODE: without them every plyground subprocess of the
# tests compiles the package again, and each pytest worker rewrites every test module.
warmup pytest: export PYTHONDONTWRITEBYTECODE =

# Every numba kernel compiled into the disk cache, one process per core, before the tests'
# workers start (else each would compile the same kernels).
warmup: $(STAMP_TEST)
	$(PY) -m plyground warmup

# WARMED=1: the kernels are warm already (make test warms them beside mypy).
pytest: $(STAMP_TEST) chromium compilers $(if $(WARMED),,warmup)
	$(PY) -m pytest -n 2 --timeout 600 --durations 15

# Lint; then mypy (one process) beside the warm-up (one per core), the output of each printed
# whole when it ends; then the tests.
test: lint
	@$(MAKE) --no-print-directory -j2 --output-sync=target typecheck warmup
	@$(MAKE) --no-print-directory pytest WARMED=1

bench: $(STAMP_RUN)
	$(PY) -m plyground bench adjacency

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache artifacts
