# Everything starts from a fresh machine with python3 (3.11+): `make run`, `make test`.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
RUN_STAMP := $(VENV)/.installed-run
CHECKED := src tests benchmarks
BENCH_ARGS ?= --game brian-boru --players 3 4 5 --seconds 5

.PHONY: all venv run play test lint format typecheck pytest bench clean

all: test

# The virtual environment, (re)installed when pyproject.toml changes: what playing needs
# for `make run`, the test tools as well for everything else.
venv: $(STAMP)

$(RUN_STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	@touch $(RUN_STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP) $(RUN_STAMP)

# The web server on the SQLite file tabletop.db (address printed; the API at /docs).
run: $(RUN_STAMP)
	$(BIN)/tabletop serve

# Play Brian Boru in the terminal against two bots.
play: $(RUN_STAMP)
	$(BIN)/tabletop play brian-boru --seats me,greedy,greedy

# Linters, format check, type checks, the package's import layers, then the tests
# (doctests included).
test: venv
	$(BIN)/ruff check $(CHECKED)
	$(BIN)/ruff format --check $(CHECKED)
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/pytest -n auto

lint: venv
	$(BIN)/ruff check $(CHECKED)
	$(BIN)/ruff format --check $(CHECKED)
	$(BIN)/lint-imports

typecheck: venv
	$(BIN)/mypy

pytest: venv
	$(BIN)/pytest -n auto

# Rewrite the code: fix what ruff can, then format.
format: venv
	$(BIN)/ruff check --fix $(CHECKED)
	$(BIN)/ruff format $(CHECKED)

# Engine speed under random play (see benchmarks/README.md).
bench: venv
	$(BIN)/python -m benchmarks.bench_random_games $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist src/*.egg-info
