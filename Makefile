# PuzzleBot: `make run` starts the bot, `make test` runs every test. Both install what
# they need first: the virtual environment, the Python packages and Debian's Chromium.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install run test lint bench chromium clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# Debian's Chromium for the browser test (no browser downloads: the machine is offline)
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

run: install
	$(PY) -m bot

lint: install
	$(VENV)/bin/ruff check .

test: install chromium lint
	$(VENV)/bin/pytest -q

bench: install
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
