# One way to run everything.  `make play` sets up and opens the play notebook in JupyterLab;
# `make test` sets up and runs every test (Python, JS, notebooks, browser).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip

.PHONY: play test test-fast setup setup-test lint browser export book lite wheel clean

$(VENV)/bin/activate:
	@echo "==> Making a virtual environment in $(VENV) (first time only)"
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

setup: $(VENV)/bin/activate
	@echo "==> Installing fourseasons-widget and JupyterLab into $(VENV); the first time this"
	@echo "    downloads packages and builds the board's front end (npm): about 2 minutes"
	$(PIP) install --quiet -e ".[notebooks]"
	@echo "==> Installed"

# (as root, e.g. in a container, JupyterLab needs --allow-root).  ARGS go to JupyterLab as they
# are: make play ARGS="--port 8899 --no-browser"
ARGS ?=
play: setup
	@echo "==> Starting JupyterLab with notebooks/01-play.ipynb (Ctrl-C here stops it)"
	$(VENV)/bin/jupyter lab $$([ "$$(id -u)" = 0 ] && echo --allow-root) $(ARGS) notebooks/01-play.ipynb

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

# (two processes, pytest-xdist, one per core: most of a browser test is waiting for a page or a
# kernel; --durations: the slowest tests, listed at the end, show where CI's time goes)
test: setup-test browser lint
	cd js && npm test
	$(PY) -m pytest -n 2 --durations=30

# The inner loop (after one `make setup-test`): unit and property tests, no browser, no
# notebooks, no research-length search (markers e2e and slow; CI runs everything: `make test`).
test-fast:
	@test -x $(VENV)/bin/pytest || $(MAKE) setup-test
	$(PY) -m pytest -q -m "not e2e and not slow"

# A static HTML page of the play notebook with its live boards, renders offline.
export: setup
	$(PY) -m fourseasons_widget.tools.export notebooks/01-play.ipynb -o _output/play.html

# The whole course as a static book (every notebook run and written as a page, the glossary,
# the sources and the solutions, linked; boards that play offline): _book/, for any static host.
book: setup
	$(PY) -m fourseasons_widget.tools.book notebooks -o _book

# A JupyterLite site of the notebooks that runs with no network: Pyodide, every wheel and the
# widget front ends are served from _site/ (downloads cached in build/lite-cache/).
lite: setup
	$(PIP) install --quiet -e ".[lite]"
	nice $(PY) lite/build.py --out _site

# The wheel a student installs with pip (no Node.js needed there): the board's front end, the
# search view's and the export's offline scripts are built here and travel inside it.
wheel: $(VENV)/bin/activate
	cd js && npm ci --no-audit --no-fund --loglevel=error && npm run build
	rm -f dist/fourseasons_widget-*.whl
	$(PIP) wheel . --no-deps --quiet -w dist
	@ls dist/fourseasons_widget-*.whl

clean:
	rm -rf $(VENV) js/node_modules js/export/node_modules fourseasons_widget/static artifacts _output _site _book build dist
