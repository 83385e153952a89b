# PuzzleBot: `make run` starts the bot, `make test` runs every test. Both install what
# they need first: the virtual environment, the Python packages and the Debian packages
# (English word lists for the anagram lexicon, the larger ones for its rare words, German and
# Spanish ones for the anagrams in those languages; a colour
# emoji font, so that the emoji in the bot's answers show in a browser here and in the
# README's pictures; Chromium for the browser test).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEBIAN_RUN := wamerican wbritish wamerican-large wbritish-large wngerman wspanish \
	fonts-noto-color-emoji
DEBIAN_TEST := $(DEBIAN_RUN) chromium postgresql redis-server

.PHONY: install warm run test lint docs fuzz clean i18n pzpr

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# the translations compiled (bot/locale/*/LC_MESSAGES/puzzlebot.mo and
# solvers/locale/*/LC_MESSAGES/solvers.mo, not kept in git)
install: $(STAMP)
	$(VENV)/bin/pybabel -q compile -d bot/locale -D puzzlebot
	$(VENV)/bin/pybabel -q compile -d solvers/locale -D solvers

# the texts marked in bot/ (bot/i18n.py) and in the solver library (solvers/i18n.py)
# extracted, and every catalog updated with them: then translate the new entries (and
# those marked fuzzy) in bot/locale/*/LC_MESSAGES/ and solvers/locale/*/LC_MESSAGES/
i18n: install
	$(VENV)/bin/pybabel -q extract -F babel.cfg -o bot/locale/puzzlebot.pot --no-location \
		--sort-output --project PuzzleBot .
	$(VENV)/bin/pybabel -q update -i bot/locale/puzzlebot.pot -d bot/locale -D puzzlebot
	$(VENV)/bin/pybabel -q extract -F solvers/locale/babel.cfg -o solvers/locale/solvers.pot \
		--no-location --sort-output --project PuzzleBot -k Translated .
	$(VENV)/bin/pybabel -q update -i solvers/locale/solvers.pot -d solvers/locale -D solvers

# the lexicon and the compiled searches built once (numba and .cache/ keep them), so
# neither the bot's first answers nor the tests' time limits pay for them
warm: install
	$(PY) -m solvers warm >/dev/null

# apt-get only what is missing (no browser or data downloads: the machine is offline)
define debian
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	[ -z "$$missing" ] || { echo "installing Debian packages:" $$missing; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; }
endef

run: install
	$(call debian,$(DEBIAN_RUN))
	$(MAKE) warm
	$(PY) -m bot

# ruff over everything; mypy over the puzzle-kind contract and the service that uses it
# (the files listed under [tool.mypy] in pyproject.toml); lint-imports over the layering
# (the contracts under [tool.importlinter]: the library, the work, the sandbox, no cycles)
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict  # not --quiet: it hides the warnings --strict fails on

# the tests on 3 processes (pytest-xdist): a test mostly waits on a bot or a sandbox, so 3
# fill 2 cores (4 time out more on a loaded machine); --dist loadfile keeps a module, and
# the bot its tests share, on one process (loadgroup's marks are lost under pytest 9.2's
# node ids); --durations=25 lists the slowest
test: install lint pzpr
	$(call debian,$(DEBIAN_TEST))
	$(MAKE) warm
	$(VENV)/bin/pytest -q --durations=25 -n 3 --dist loadfile

# the puzz.link player's engine (npm pzpr, MIT), the judge of the pencil tests
# (tests/pzpr_judge.js), installed into .cache/pzpr only when missing
PZPR := .cache/pzpr/node_modules/pzpr/package.json
pzpr: $(PZPR)
$(PZPR):
	npm install --silent --prefix .cache/pzpr pzpr@0.10.1

# the manual (mkdocs.yml, pages under docs/) as a website in site/: open site/index.html
docs: install
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

# the long property-based run of every parser (about 7 minutes; results in bench/README.md)
fuzz: install
	$(PY) bench/fuzz.py --examples 10000 --jobs 2

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
