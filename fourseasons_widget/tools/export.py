"""Export a notebook with its live boards to a static HTML page that works offline.

    python -m fourseasons_widget.tools.export notebooks/01-play.ipynb -o out/play.html

The notebook is executed (unless ``--no-execute``), the state of every widget is stored in it,
and nbconvert writes the page.  The page does not reach for a CDN: it loads ``require.js``, the
``@jupyter-widgets/html-manager`` renderer and anywidget's front end from an assets folder
written beside it (``out/widget-assets/`` above), and each board's own JavaScript travels inside
the embedded widget state.  Serve the folder over HTTP (``python -m http.server -d out``) or
open the file directly; no kernel is needed to see the boards or to play them.

The boards play in the page: after the notebook has run, each board's game (its save-file form,
``Game.to_dict()``: the deal, the moves, the redo line) is read from the kernel and stored with
that board's widget state under ``game``; in the page the front-end engine (``js/src/engine/``,
a port of the rules checked against the Python model in CI) deals it and plays on.  What needs a
search (hint, solve, proofs of a loss), statistics and the analysis need Python and say so.  The
deal is in the page, as any seed would be: the board never shows a face-down card, but the
page's source holds the deck.

The page carries the course, not its author: the notebook runs with a fresh, empty statistics
directory (``FOURSEASONS_WIDGET_DATA`` pointed at a temporary folder for the export's kernel),
and the embedded board states are cleaned of what comes from a player's data — statistics,
history, the unfinished game and the banner offering to resume it (:func:`scrub_state`).  The
export refuses to write a page that still names the exporter's data directory.

The assets come from ``fourseasons_widget/static/export/``, filled at build time from the npm
registry by ``npm --prefix js/export ci && npm --prefix js/export run build`` (in a source
checkout, ``js/export/node_modules`` is used directly when the copy has not been made).
"""

from __future__ import annotations

import argparse
import contextlib
import filecmp
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ASSET_FILES = ("require.js", "embed-amd.js", "anywidget.js")
DEFAULT_ASSETS_DIR = "widget-assets"
LITE_TAG = "jupyterlite"  # cells only JupyterLite needs (installing the wheel), left off the page

# Extends nbconvert's "lab" template: the loaders point at local files, and the blocks that
# would fetch MathJax and Mermaid from cdnjs are dropped (these notebooks use neither).
TEMPLATE = r"""{%- extends 'index.html.j2' -%}
{%- block html_head_js_requirejs -%}
<script src="{{ resources.fourseasons_assets }}/require.js"></script>
<script>
  // anywidget's AMD module, shipped beside the page; the html-manager asks require.js for it
  // by name before it would fall back to a CDN.
  require.config({ paths: { "anywidget": "{{ resources.fourseasons_assets }}/anywidget" } });
</script>
{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""


class ExportError(RuntimeError):
    """The page could not be written (missing assets, a failing notebook, …)."""


def find_assets() -> Path:
    """The folder holding ``require.js``, ``embed-amd.js`` and ``anywidget.js``."""
    package = Path(__file__).resolve().parents[1]  # (this module lives in tools/)
    packaged = package / "static" / "export"
    if all((packaged / f).is_file() for f in ASSET_FILES):
        return packaged
    # a source checkout where `npm --prefix js/export ci` ran but the copy step did not
    mods = package.parent / "js" / "export" / "node_modules"
    if (mods / "requirejs").is_dir():
        staging = package.parent / "artifacts" / "export-assets"
        _stage_from_node_modules(mods, staging)
        return staging
    raise ExportError(
        "the offline widget scripts are missing: run "
        "`npm --prefix js/export ci && npm --prefix js/export run build` "
        f"(they belong in {packaged})")


def _stage_from_node_modules(mods: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy2(mods / "requirejs" / "require.js", dest / "require.js")
    shutil.copy2(mods / "anywidget" / "dist" / "index.js", dest / "anywidget.js")
    hm = mods / "@jupyter-widgets" / "html-manager" / "dist"
    for f in hm.iterdir():
        if f.name == "embed-amd.js" or re.search(r"\.woff2?$", f.name):
            shutil.copy2(f, dest / f.name)


def copy_assets(dest: Path) -> None:
    """Copy the assets into ``dest`` (files already there and identical are left alone)."""
    src = find_assets()
    dest.mkdir(parents=True, exist_ok=True)
    for f in src.iterdir():
        if f.is_file():
            target = dest / f.name
            if not (target.exists() and filecmp.cmp(f, target, shallow=False)):
                shutil.copy2(f, target)


DATA_ENV = "FOURSEASONS_WIDGET_DATA"  # stats.ENV, named here so the export imports no widget
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# keys of a board's published state that come from the player's data directory
PLAYER_KEYS = ("stats", "history", "resume", "stats_state")


@contextlib.contextmanager
def fresh_data_dir():
    """Point ``FOURSEASONS_WIDGET_DATA`` at a new empty folder while the block runs (kernels
    started inside inherit it), so the exporter's own statistics are never read."""
    old = os.environ.get(DATA_ENV)
    with tempfile.TemporaryDirectory(prefix="fsw-export-data-") as tmp:
        os.environ[DATA_ENV] = tmp
        try:
            yield Path(tmp)
        finally:
            if old is None:
                os.environ.pop(DATA_ENV, None)
            else:
                os.environ[DATA_ENV] = old


GAMES_MARK = "fourseasons-export-games:"
# Run after the notebook, in its kernel: every live board's game, by widget model id.  (The
# cell is removed again before the page is written.)
GAMES_CELL = f"""\
import json as _fsw_json
from ipywidgets.widgets.widget import _instances as _fsw_instances
from fourseasons_widget.widget import FourSeasons as _FSW
print({GAMES_MARK!r} + _fsw_json.dumps({{mid: w.game.to_dict()
      for mid, w in list(_fsw_instances.items()) if isinstance(w, _FSW)}}))
"""


def execute_notebook(nb, *, cwd: Path, timeout: int = 600, kernel_name: str | None = None):
    """Run ``nb`` top to bottom in a fresh kernel with a fresh, empty statistics folder,
    storing the widget state in its metadata; then read each board's game from the kernel
    (``nb.metadata["fourseasons_games"]``: widget model id → ``Game.to_dict()``), so that the
    page can play it."""
    import nbformat
    from nbclient import NotebookClient

    kwargs = {"kernel_name": kernel_name} if kernel_name else {}
    nb.cells.append(nbformat.v4.new_code_cell(GAMES_CELL))
    client = NotebookClient(nb, timeout=timeout, store_widget_state=True,
                            resources={"metadata": {"path": str(cwd)}}, **kwargs)
    try:
        with fresh_data_dir():
            client.execute()
    finally:
        probe = nb.cells.pop()
    nb.metadata["fourseasons_games"] = read_games(probe)
    return nb


def read_games(cell) -> dict[str, Any]:
    """The games the probe cell printed (``{}`` when it printed none)."""
    for out in cell.get("outputs", []):
        text = out.get("text", "") if out.get("output_type") == "stream" else ""
        for line in text.splitlines():
            if line.startswith(GAMES_MARK):
                games = json.loads(line[len(GAMES_MARK):])
                return games if isinstance(games, dict) else {}
    return {}


def scrub_board(board: dict[str, Any]) -> dict[str, Any]:
    """A board's published state without the player's data: no statistics, history or
    unfinished game, and no banner or button offering to resume one."""
    out = dict(board)
    for key in PLAYER_KEYS:
        if key in out:
            out[key] = None
    out.pop("stats_error", None)  # an error message may name the store's path
    ui = out.get("ui")
    if isinstance(ui, dict):
        ui = dict(ui)
        if isinstance(ui.get("offers"), list):
            ui["offers"] = [o for o in ui["offers"]
                            if not (isinstance(o, dict) and o.get("id") == "resume")]
        banner = ui.get("banner")
        if isinstance(banner, dict) and banner.get("kind") == "resume":
            ui["banner"] = None
        if ui.get("panel") in ("stats", "history"):
            ui["panel"] = ""
        out["ui"] = ui
    return out


def scrub_state(state: dict[str, Any], games: dict[str, Any] | None = None) -> dict[str, Any]:
    """A notebook's widget state (``metadata.widgets[WIDGET_STATE]``) with every board's
    player data removed (:func:`scrub_board`) and, where ``games`` has one, the board's game
    added under ``game`` (for the page's engine); other models are left as they are."""
    models = {}
    for mid, model in (state.get("state") or {}).items():
        inner = model.get("state") if isinstance(model, dict) else None
        if isinstance(inner, dict) and isinstance(inner.get("board"), dict):
            inner = {**inner, "board": scrub_board(inner["board"])}
            if games and isinstance(games.get(mid), dict):
                inner["game"] = games[mid]
            model = {**model, "state": inner}
        models[mid] = model
    return {**state, "state": models}


def scrub_notebook(nb) -> None:
    """Clean the widget state stored in ``nb``'s metadata in place (and give each board its
    game, read by :func:`execute_notebook`)."""
    games = nb.metadata.pop("fourseasons_games", None)
    widgets = nb.metadata.get("widgets") or {}
    if WIDGET_STATE in widgets:
        widgets[WIDGET_STATE] = scrub_state(widgets[WIDGET_STATE], games)


def player_data_dirs() -> list[str]:
    """The exporter's statistics folders (``$FOURSEASONS_WIDGET_DATA``, Jupyter's data dir):
    no page may name them."""
    dirs = [os.environ.get(DATA_ENV, "")]
    try:
        from jupyter_core.paths import jupyter_data_dir

        dirs.append(str(Path(jupyter_data_dir()) / "fourseasons-widget"))
    except ImportError:  # pragma: no cover - jupyter_core is a dependency
        pass
    return [d for d in dirs if d]


def render_html(nb, *, assets_url: str = DEFAULT_ASSETS_DIR, theme: str = "light",
                template: str | None = None, resources: dict[str, Any] | None = None) -> str:
    """The page for an executed notebook, loading the widget scripts from ``assets_url``.
    ``template``: a Jinja template extending ``fourseasons_export.html.j2`` (the course book's
    pages add their navigation so); ``resources``: more names for it."""
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor

    templates = {"fourseasons_export.html.j2": TEMPLATE}
    if template is not None:
        templates["fourseasons_page.html.j2"] = template
    exporter = HTMLExporter(template_name="lab", theme=theme, extra_loaders=[DictLoader(templates)])
    # the cell that installs the package inside JupyterLite means nothing on a static page
    exporter.register_preprocessor(TagRemovePreprocessor(remove_cell_tags={LITE_TAG}), enabled=True)
    exporter.template_file = ("fourseasons_page.html.j2" if template is not None
                              else "fourseasons_export.html.j2")
    exporter.widget_renderer_url = f"{assets_url}/embed-amd.js"
    body, _ = exporter.from_notebook_node(nb, resources={**(resources or {}),
                                                         "fourseasons_assets": assets_url})
    return body


def page_of(nb, *, theme: str = "light", assets_url: str = DEFAULT_ASSETS_DIR,
            template: str | None = None, resources: dict[str, Any] | None = None) -> str:
    """The checked page of an executed notebook: the player's data scrubbed from its boards,
    no script from the network, no trace of the exporter's data directory (else
    :class:`ExportError`)."""
    scrub_notebook(nb)
    page = render_html(nb, assets_url=assets_url, theme=theme, template=template,
                       resources=resources)
    remote = remote_scripts(page)
    if remote:
        raise ExportError(f"the page would load scripts from the network: {remote}")
    named = [d for d in player_data_dirs() if d in page]
    if named:
        raise ExportError(f"the page names the exporter's data directory {named[0]}")
    return page


def remote_scripts(page: str) -> list[str]:
    """Script and stylesheet addresses in ``page`` that are not local (should be none)."""
    urls = re.findall(r"""<(?:script|link)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']""", page)
    urls += re.findall(r"""widgetRendererSrc\s*=\s*'([^']+)'""", page)
    return sorted({u for u in urls if re.match(r"^(?:[a-z]+:)?//", u, re.I)})


def export(notebook: str | Path, output: str | Path | None = None, *, execute: bool = True,
           timeout: int = 600, theme: str = "light", assets_dir: str = DEFAULT_ASSETS_DIR,
           kernel_name: str | None = None) -> Path:
    """Export ``notebook`` to a static page; returns the page's path.  For example (not a
    doctest: it runs the notebook in a kernel; ``tests/e2e/test_export_e2e.py`` does)::

        export("notebooks/01-play.ipynb", "out/play.html")   # PosixPath('out/play.html')
    """
    import nbformat

    src = Path(notebook)
    if not src.is_file():
        raise ExportError(f"no notebook at {src}")
    out = Path(output) if output else Path("_output") / (src.stem + ".html")
    if not re.fullmatch(r"[\w.-]+", assets_dir):
        raise ExportError("the assets folder is a plain name beside the page, like widget-assets")
    nb = nbformat.read(src, as_version=4)
    if execute:
        execute_notebook(nb, cwd=src.resolve().parent, timeout=timeout, kernel_name=kernel_name)
    page = page_of(nb, theme=theme, assets_url=assets_dir)
    out.parent.mkdir(parents=True, exist_ok=True)
    copy_assets(out.parent / assets_dir)
    out.write_text(page, encoding="utf-8")
    return out


def widget_count(page: str) -> int:
    """How many widget views the page embeds (a quick check that boards made it in)."""
    return len(re.findall(r'<script type="application/vnd\.jupyter\.widget-view\+json">', page))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m fourseasons_widget.tools.export",
        description="Run a notebook and write a static HTML page whose live boards render "
                    "and play offline (widget scripts written beside the page, no CDN).")
    p.add_argument("notebook", help="the .ipynb to export")
    p.add_argument("-o", "--output", help="the page to write (default _output/<name>.html)")
    p.add_argument("--no-execute", dest="execute", action="store_false",
                   help="use the outputs and widget state already stored in the notebook")
    p.add_argument("--timeout", type=int, default=600, help="seconds allowed per cell")
    p.add_argument("--theme", choices=("light", "dark"), default="light")
    p.add_argument("--assets-dir", default=DEFAULT_ASSETS_DIR,
                   help="folder beside the page for the widget scripts (shared by pages)")
    p.add_argument("--kernel", dest="kernel_name", help="kernel name (default: the notebook's)")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    try:
        out = export(args.notebook, args.output, execute=args.execute, timeout=args.timeout,
                     theme=args.theme, assets_dir=args.assets_dir, kernel_name=args.kernel_name)
    except ExportError as e:
        print(f"export: {e}", file=sys.stderr)
        return 1
    page = out.read_text(encoding="utf-8")
    state = re.search(r'<script type="application/vnd\.jupyter\.widget-state\+json">\s*(.*?)\s*'
                      r'</script>', page, re.S)
    models = len(json.loads(state.group(1)).get("state", {})) if state else 0
    print(f"wrote {out} ({widget_count(page)} widget views, {models} models, "
          f"scripts in {out.parent / args.assets_dir}) in {time.perf_counter() - t0:.1f} s")
    print(f"view it: python -m http.server -d {out.parent} --bind 127.0.0.1 8000  "
          f"→ http://127.0.0.1:8000/{out.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
