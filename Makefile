# Everything starts from a fresh machine with python3 (3.11+): `make run`, `make test`.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
RUN_STAMP := $(VENV)/.installed-run
CHECKED := src tests benchmarks scripts
BENCH_ARGS ?= --game brian-boru --players 3 4 5 --seconds 5

.PHONY: all venv run play test lint format typecheck pytest bench screenshots clean

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

# The site on the SQLite file tabletop.db: prints the address of the lobby (the API at /docs).
run: $(RUN_STAMP)
	$(BIN)/tabletop serve

# Play Brian Boru in the terminal against two bots.
play: $(RUN_STAMP)
	$(BIN)/tabletop play brian-boru --seats me,greedy,greedy

# The type checker of the pages' scripts (TypeScript from the npm registry, pinned by
# package-lock.json; nothing is built: the scripts are served as written).
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	@touch $@

# Linters, format check, type checks (Python and the pages' scripts), the package's
# import layers, then the tests (doctests and the browser tests included).
test: venv node_modules/.installed
	$(BIN)/ruff check $(CHECKED)
	$(BIN)/ruff format --check $(CHECKED)
	$(BIN)/mypy
	npx --no-install tsc -p tsconfig.json
	$(BIN)/lint-imports
	$(BIN)/pytest -n auto

lint: venv
	$(BIN)/ruff check $(CHECKED)
	$(BIN)/ruff format --check $(CHECKED)
	$(BIN)/lint-imports

typecheck: venv node_modules/.installed
	$(BIN)/mypy
	npx --no-install tsc -p tsconfig.json

pytest: venv
	$(BIN)/pytest -n auto

# Rewrite the code: fix what ruff can, then format.
format: venv
	$(BIN)/ruff check --fix $(CHECKED)
	$(BIN)/ruff format $(CHECKED)

# Engine speed under random play (see benchmarks/README.md).
bench: venv
	$(BIN)/python -m benchmarks.bench_random_games $(BENCH_ARGS)

# The README's screenshots (docs/screenshots/*.png): the site on a temporary database,
# tables with bots played a while, drawn by Chromium (TABLETOP_CHROMIUM or `chromium`).
screenshots: venv
	$(BIN)/python -m scripts.screenshots

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis build dist src/*.egg-info
