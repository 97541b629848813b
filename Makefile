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

# Lint first, so CI keeps inkterm/ clean.
test: lint
	INKTERM_SLOW=1 $(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check inkterm
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
