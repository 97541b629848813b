# Every target bootstraps .venv itself, so a clean clone needs nothing but python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml constraints.txt
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/inkterm

# Lint first, so CI keeps inkterm/ clean. The suite runs on every core (pytest-xdist,
# a worker stealing from a busy one near the end); its last line gives its wall time.
# Its seeded random games change every run (the header prints INKTERM_SEED; set it to
# repeat one); INKTERM_SLOW=1 make test is the nightly run, with the big sweeps.
test: lint
	$(BIN)/python -m pytest -q -n auto --dist worksteal

lint: $(STAMP)
	$(BIN)/ruff check inkterm
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
