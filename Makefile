# One way to run everything.  `make play` sets up and opens the play notebook in JupyterLab;
# `make test` sets up and runs every test (Python, JS, notebooks, browser).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip

.PHONY: play test setup setup-test js lint browser clean

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

setup: $(VENV)/bin/activate
	$(PIP) install --quiet -e ".[notebooks]"

play: setup
	$(VENV)/bin/jupyter lab notebooks/01-play.ipynb

setup-test: $(VENV)/bin/activate
	$(PIP) install --quiet -e ".[dev]"
	cd js && npm ci --no-audit --no-fund --loglevel=error && npm run build

# Debian's chromium for the browser tests (never a downloaded browser).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
	  else echo "install chromium (e.g. sudo apt-get install chromium) for the browser tests"; exit 1; fi; }

lint: setup-test
	$(VENV)/bin/ruff check .

test: setup-test browser lint
	cd js && npm test
	$(PY) -m pytest

clean:
	rm -rf $(VENV) js/node_modules fourseasons_widget/static artifacts
