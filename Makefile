# Every target bootstraps .venv itself, so a clean clone needs nothing but python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench messages clean

$(STAMP): pyproject.toml constraints.txt
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/inkterm

# Lint, then the suite. The suite runs on every core (pytest-xdist, a worker stealing
# from a busy one near the end), its costliest tests dealt out first (tests/slow_first.py).
# Three workers a core: much of a worker's time is spent waiting (a Pilot's pauses, an
# SSH client's round trips), which spare workers fill (on 2 cores, idle: 2 workers 9:06,
# 3 workers 6:25, 4 workers 5:50 for the pytest part; on a slower day 4 workers 7:31,
# 6 workers 6:48).
# mypy (seconds of CPU on a clean clone, which has no cache of it) checks beside the
# suite, in those waits; either failing fails the target, and mypy's words come after the suite's.
# Its seeded random games change every run (the header prints INKTERM_SEED; set it to
# repeat one); INKTERM_SLOW=1 make test is the nightly run, with the big sweeps.
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE):
# compiled once here, on every core, not again by every worker of every run. pytest's
# rewritten test modules are kept the same way, written by one collection before the
# suite (beside mypy): on a fresh clone each of the six workers rewrote every test's
# asserts itself, about 4 CPU-s a worker (a collection costs 6 CPU-s rewriting, 2.3
# with them kept). `pytest --cpu-durations=30` names the costliest tests. The last line is the whole target's wall time.
test: $(STAMP)
	@start=$$(date +%s); \
	$(BIN)/ruff check inkterm || exit 1; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m compileall -q -j 0 inkterm tests || exit 1; \
	$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & types=$$!; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q --collect-only -p no:cacheprovider > /dev/null 2>&1; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n $$(( $$(nproc) * 3 )) --dist worksteal; suite=$$?; \
	wait $$types; typed=$$?; \
	echo "mypy:"; cat $(VENV)/mypy.log; \
	took=$$(( $$(date +%s) - start )); \
	printf 'make test: %d:%02d wall (lint, compile and suite; not setting up .venv)\n' $$((took / 60)) $$((took % 60)); \
	test $$suite = 0 && test $$typed = 0

lint: $(STAMP)
	$(BIN)/ruff check inkterm
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# For translators: extract every marked message into inkterm.pot, then merge it into
# each language's .po (new messages come in empty, for translating; gone ones are
# dropped). The .po files are compiled when first used (inkterm/i18n.py), not here.
LOCALE := inkterm/assets/locale
messages: $(STAMP)
	$(BIN)/pybabel --quiet extract -F babel.cfg -k N_ -k lazy_gettext -k Binding:3 -k Msg -k nmsg:1,2 -k pmsg:1c,2 \
		--no-wrap --sort-by-file --add-location=file --add-comments=TRANSLATORS: --project inkterm --copyright-holder "inkterm" \
		--msgid-bugs-address "" -o $(LOCALE)/inkterm.pot inkterm
	for lang in zh ja; do \
		test -f $(LOCALE)/$$lang/LC_MESSAGES/inkterm.po || \
			$(BIN)/pybabel --quiet init -D inkterm -i $(LOCALE)/inkterm.pot -d $(LOCALE) -l $$lang; \
		$(BIN)/pybabel --quiet update --no-wrap --no-fuzzy-matching --ignore-obsolete \
			-D inkterm -i $(LOCALE)/inkterm.pot -d $(LOCALE) -l $$lang; \
	done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
