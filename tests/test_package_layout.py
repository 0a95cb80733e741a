"""The package's shape: two wings (the teaching search, the research solver), a model that
imports neither, no import cycles (imports inside functions and for type checking count: a
lazy import hides a cycle, it does not remove it), and the old import paths kept for a release.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from fourseasons_widget import Game
from fourseasons_widget.model.game import position_status, set_loss_prover

PKG = Path(__file__).resolve().parents[1] / "fourseasons_widget"
#: the model (its subpackage) and the gate it reads outside input through (at the root)
MODEL = ("model.cards", "model.deal", "model.rules", "model.state", "model.game", "validate",
         "_validate_base")


def _module_name(path: Path) -> str:
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports anywhere in its text
    (top level, inside functions, under ``TYPE_CHECKING``); ``from . import x`` names the
    module ``x``, ``from .m import name`` the module ``m``.  (A package's ``__init__`` is not
    counted for its submodules' imports: Python loads it first whatever they import.)"""
    modules = {_module_name(p): p for p in PKG.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                targets = [f"{stem}.{a.name}" for a in node.names]
            else:
                continue
            for t in targets:
                # the longest package module the target names (a module, or a name in one)
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                if t and t != name and t != "fourseasons_widget":
                    edges.add(t)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for w in graph[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def test_the_graph_reader_sees_lazy_and_relative_imports():
    g = import_graph()
    # analysis imports the solver inside a function; solver.exact imports ..rules at the top
    assert "fourseasons_widget.solver.exact" in g["fourseasons_widget.analysis"]
    assert "fourseasons_widget.model.rules" in g["fourseasons_widget.solver.exact"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_teaching_wing_imports_nothing_from_the_solver():
    g = import_graph()
    teaching = [m for m in g if m == "fourseasons_widget.search"
                or m.startswith("fourseasons_widget.search.")]
    assert "fourseasons_widget.search.algorithms" in teaching
    for m in teaching:
        bad = {t for t in reaches(g, m) if t.startswith("fourseasons_widget.solver")}
        assert not bad, f"{m} reaches {sorted(bad)}"


def test_the_model_imports_no_solver_no_analysis_no_widget():
    g = import_graph()
    # (every module of model/ is one of them: a new one is checked too)
    assert {f"model.{p.stem}" for p in (PKG / "model").glob("*.py")
            if p.stem != "__init__"} <= set(MODEL)
    for short in MODEL:
        m = f"fourseasons_widget.{short}"
        beyond = {t for t in reaches(g, m)
                  if t.removeprefix("fourseasons_widget.") not in MODEL
                  and t not in ("fourseasons_widget._moved", "fourseasons_widget.model")}
        assert not beyond, f"the model's {short} reaches {sorted(beyond)}"


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" ↔ ".join(c) for c in found)


@pytest.mark.parametrize("old,new", [
    ("fourseasons_widget.search.solver", "fourseasons_widget.solver.exact"),
    ("fourseasons_widget.search.proofs", "fourseasons_widget.solver.proofs"),
    ("fourseasons_widget.search.experiments", "fourseasons_widget.solver.experiments"),
    ("fourseasons_widget._bounded", "fourseasons_widget._validate_base"),
    # the model, the statistics store and the tools left the package's root
    *[(f"fourseasons_widget.{m}", f"fourseasons_widget.{sub}.{m}")
      for sub, names in (("model", ("cards", "deal", "rules", "state", "game")),
                         ("store", ("stats", "stats_schema", "stats_summary", "prefs")),
                         ("tools", ("cli", "export", "browser", "figures")),
                         ("table", ("controller", "advice", "demo", "how_won", "review",
                                    "rules_choice", "offers", "recorder", "snapshot",
                                    "background")))
      for m in names],
])
def test_old_import_paths_answer_with_the_new_module_and_a_warning(old, new):
    code = (f"import warnings; warnings.simplefilter('error', DeprecationWarning)\n"
            f"try:\n    import {old}\nexcept DeprecationWarning as e:\n    print('warned:', e)\n"
            f"import warnings; warnings.simplefilter('ignore')\n"
            f"import {old} as o, {new} as n; print(o is n, n.__spec__.name)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert f"warned: {old} has moved to {new}" in out
    assert out.strip().endswith(f"True {new}")


def test_old_names_from_the_package_answer_with_the_new_modules_and_a_warning(monkeypatch):
    import fourseasons_widget
    from fourseasons_widget.model import game
    from fourseasons_widget.store import stats

    for old in ("stats", "game"):  # (as in a fresh process: no earlier use of the old names)
        if old in vars(fourseasons_widget):
            monkeypatch.delattr(fourseasons_widget, old)
        monkeypatch.delitem(sys.modules, f"fourseasons_widget.{old}", raising=False)

    with pytest.warns(DeprecationWarning, match="fourseasons_widget.stats has moved to "
                      "fourseasons_widget.store.stats"):
        from fourseasons_widget import stats as old_stats
    assert old_stats is stats
    with pytest.warns(DeprecationWarning, match="fourseasons_widget.game has moved"):
        assert fourseasons_widget.game is game  # (an attribute of the package, as before)


def test_the_checks_moved_out_of_validate_answer_there_for_a_release():
    """validate.py keeps what every layer needs; a check one module needs moved to it, and its
    old name still answers, with a DeprecationWarning naming the new place."""
    from fourseasons_widget import channel, validate
    from fourseasons_widget.solver import rows
    from fourseasons_widget.store import checks

    for name, home in (("stats_game", checks), ("STATS_RESULTS", checks), ("experiment_row", rows),
                       ("csv_cell", rows), ("frontend_update", channel)):
        assert name not in vars(validate) and name not in validate.__all__
        with pytest.warns(DeprecationWarning, match=f"validate.{name} has moved to "
                          f"{home.__name__}.{name}"):
            assert getattr(validate, name) is getattr(home, name)
    with pytest.raises(AttributeError):
        validate.no_such_check  # noqa: B018


def test_python_m_with_an_old_path_runs_the_moved_module(tmp_path):
    """``python -m fourseasons_widget.cli`` (and ``.export``) as before: the moved module runs
    as ``__main__``, with its arguments, after a warning that names the new path."""
    old = subprocess.run([sys.executable, "-m", "fourseasons_widget.cli", "solve", "--help"],
                         capture_output=True, text=True, cwd=tmp_path)
    new = subprocess.run([sys.executable, "-m", "fourseasons_widget.tools.cli", "solve",
                          "--help"], capture_output=True, text=True, cwd=tmp_path)
    assert old.returncode == new.returncode == 0, old.stderr
    assert "--seed" in new.stdout and old.stdout == new.stdout
    assert ("fourseasons_widget.cli has moved to fourseasons_widget.tools.cli; "
            "python -m fourseasons_widget.tools.cli") in old.stderr
    assert "DeprecationWarning" not in new.stderr


def test_no_module_of_the_package_imports_an_old_path():
    """The package itself imports every moved module by its new name: an old one would warn
    on every import, and the graph above (which knows only the modules in the tree) would not
    see the edge."""
    from fourseasons_widget._moved import MOVED_MODULES

    found = []
    for path in PKG.rglob("*.py"):
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                stem = (".".join(base + ([node.module] if node.module else []))
                        if node.level else node.module or "")
                targets = [stem, *(f"{stem}.{a.name}" for a in node.names)]
            else:
                continue
            found += [f"{name}: {t}" for t in targets if t in MOVED_MODULES]
    assert not found, found


def test_the_package_root_holds_at_most_twenty_modules():
    """The package's folders show its parts: at most 20 modules (besides ``__init__``) at its
    root, and the moved ones live in their subpackages."""
    root = {p.stem for p in PKG.glob("*.py")} - {"__init__"}
    assert len(root) <= 20, sorted(root)
    for sub, names in (("model", ("cards", "deal", "rules", "state", "game")),
                       ("store", ("stats", "stats_schema", "stats_summary", "prefs")),
                       ("tools", ("cli", "export", "browser", "figures")),
                       ("table", ("controller", "advice", "demo", "how_won", "review",
                                  "rules_choice", "offers", "recorder", "snapshot",
                                  "background"))):
        assert all((PKG / sub / f"{n}.py").is_file() for n in names), sub
        assert not set(names) & root


def test_the_old_search_solve_still_answers():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        solve = importlib.import_module("fourseasons_widget.search").solve
    assert solve is importlib.import_module("fourseasons_widget.solver").solve
    assert any(issubclass(w.category, DeprecationWarning) for w in seen)


def test_every_stored_lesson_line_wins_in_the_model():
    lines = json.loads((PKG / "search" / "lesson_lines.json").read_text())["lines"]
    checked = 0
    for variant, by_seed in lines.items():
        for seed, line in by_seed.items():
            if line is None:
                continue
            g = Game.new(seed=int(seed), variant=variant)
            for m in line:
                g.play(m)
            assert g.status == "won", (variant, seed)
            checked += 1
    assert checked >= 20


def test_the_model_proves_no_late_loss_the_board_s_table_does():
    """A model property runs no research (issue 40, item 2): the model's status says "lost"
    only from what it can see; the board's table asks the solver (table/losses.py) before it
    publishes, and records the proof in the game."""
    from fourseasons_widget import FourSeasons
    from fourseasons_widget.solver.players import play_heuristic
    from fourseasons_widget.table import losses

    # a late position of a lost heuristic game whose loss needs a search, not a cheap proof
    g = Game.new(seed=11)
    for m in play_heuristic(g).moves:
        g.play(m)
    k = next(k for k in range(len(g.positions) - 2, 0, -1)
             if len(g.positions[k].stock) <= losses.LATE_STOCK
             and position_status(g.rules, g.positions[k]) == "playing"
             and losses.late_loss(g.rules, g.positions[k]))
    model = Game.new(seed=11)
    for m in g.history[:k]:
        model.play(m)
    assert model.status == "playing"  # the model alone: no search, no "lost"
    board = FourSeasons(game=model.copy(), stats=False)
    assert board.status == "lost" and board.board["status"] == "lost"  # the table proved it
    # the table's prover is the one it is given
    asked = []
    old = losses.set_prover(lambda rules, state, nodes, seconds: asked.append(state) or False)
    try:
        assert FourSeasons(game=model.copy(), stats=False).status == "playing"
        assert asked == [model.state]
        with pytest.warns(DeprecationWarning, match="set_loss_prover has moved to "
                          "fourseasons_widget.table.losses.set_prover"):
            assert set_loss_prover(None) is not None  # (the old name forwards, one release)
        assert FourSeasons(game=model.copy(), stats=False).status == "playing"
    finally:
        losses.set_prover(old)
    assert FourSeasons(game=model.copy(), stats=False).status == "lost"


# -- the controller dispatches; its services know it only through protocols ----------------------

CONTROLLER = "fourseasons_widget.table.controller"
WIDGET = "fourseasons_widget.widget"


def _table_class() -> ast.ClassDef:
    tree = ast.parse((PKG / "table" / "controller.py").read_text(encoding="utf-8"))
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    assert [c.name for c in classes] == ["Table"], "controller.py holds the Table alone"
    return classes[0]


def services_of_the_table() -> dict[str, str]:
    """The classes the Table makes with itself as their host (``X(self, ...)`` in its
    ``__init__``), and the module each is imported from."""
    tree = ast.parse((PKG / "table" / "controller.py").read_text(encoding="utf-8"))
    imported = {a.asname or a.name: f"fourseasons_widget.table.{n.module}"
                for n in tree.body if isinstance(n, ast.ImportFrom) and n.level == 1
                for a in n.names}
    init = next(f for f in _table_class().body
                if isinstance(f, ast.FunctionDef) and f.name == "__init__")
    out = {}
    for node in ast.walk(init):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args
                and isinstance(node.args[0], ast.Name) and node.args[0].id == "self"):
            out[node.func.id] = imported[node.func.id]
    return out


def test_the_controller_module_holds_the_table_and_no_service():
    """No service hides in the hub: controller.py defines the Table class alone, and no
    public function (its few private helpers are the lock's decorator and a phrase)."""
    tree = ast.parse((PKG / "table" / "controller.py").read_text(encoding="utf-8"))
    _table_class()
    public = [n.name for n in tree.body
              if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
              and not n.name.startswith("_")]
    assert public == []


def test_the_table_s_services_know_it_only_through_the_one_host_interface():
    """Each service the Table hands itself to is in a module of its own that takes its host
    through the one host interface (table/host.py's TableHost: no protocol of its own), and
    imports neither the controller nor the widget (counting lazy imports): it can be driven,
    and tested, without a Table."""
    g = import_graph()
    services = services_of_the_table()
    # (the ones this project has: a new service joins them by the same rule)
    assert {"Advisor", "DemoMode", "Review", "RulesChoice", "HowWon"} <= set(services)
    for cls, module in services.items():
        assert module != CONTROLLER, cls
        tree = ast.parse((PKG / "table" / (module.rpartition(".")[2] + ".py")).read_text("utf-8"))
        protocols = [n.name for n in tree.body if isinstance(n, ast.ClassDef)
                     and any(getattr(b, "id", None) == "Protocol" for b in n.bases)]
        assert not protocols, f"{module} defines a host protocol of its own: {protocols}"
        assert "fourseasons_widget.table.host" in g[module], f"{module} does not use TableHost"
        init = next(f for c in tree.body if isinstance(c, ast.ClassDef) and c.name == cls
                    for f in c.body if isinstance(f, ast.FunctionDef) and f.name == "__init__")
        assert ast.unparse(init.args.args[1].annotation) == "TableHost", cls
        bad = reaches(g, module) & {CONTROLLER, WIDGET}
        assert not bad, f"{module} reaches {sorted(bad)}"


def test_no_module_but_the_widget_and_the_package_imports_the_controller():
    """The controller is the top of the board's stack: services, the model and the wings
    never import it (only the widget, which adapts it, does)."""
    g = import_graph()
    users = {m for m, edges in g.items() if CONTROLLER in edges}
    assert users <= {WIDGET, "fourseasons_widget"}, sorted(users)


def _architecture_maps() -> str:
    """The two maps of the package in docs/architecture.md (the code blocks after "A map for
    a newcomer" and "Inside `solver/`")."""
    text = (PKG.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    blocks = []
    for lead in ("A map for a newcomer", "Inside `solver/`"):
        at = text.index(lead)
        start = text.index("```", at) + 3
        blocks.append(text[start:text.index("```", start)])
    return "\n".join(blocks)


def test_the_architecture_map_names_every_module_of_the_tree():
    """A newcomer's map that matches the tree: every module of the package and of each of its
    subpackages is named in the architecture doc's maps, every subpackage is named as a folder,
    and the map names no module and no package folder that is gone."""
    maps = _architecture_maps()
    named = set(re.findall(r"\b([a-z_]+)\.py\b", maps))
    packages = sorted(p.parent for p in PKG.rglob("__init__.py"))
    assert PKG in packages and PKG / "solver" in packages
    modules = {p.stem for folder in packages for p in folder.glob("*.py")
               if p.stem != "__init__"}
    # (exercises/ is named as a folder: its checkers, one per notebook)
    missing = {m for m in modules if m not in named} - {
        p.stem for p in (PKG / "exercises").glob("*.py")}
    assert not missing, f"modules the architecture map does not name: {sorted(missing)}"
    gone = {n for n in named if n not in modules and n not in {"build", "pycompile"}
            and not n.startswith("test_")}  # (lite's build scripts; a test file named)
    assert not gone, f"the architecture map names modules that are not in the tree: {sorted(gone)}"
    folders = {p.relative_to(PKG).as_posix() for p in packages if p != PKG}
    named_folders = set(re.findall(r"(?<![\w/.])([a-z_]+)/", maps))
    unnamed = {f for f in folders if f.rpartition("/")[2] not in named_folders}
    assert not unnamed, f"subpackages the architecture map does not name: {sorted(unnamed)}"
    not_packages = {"static", "labextension", "data", "src", "labext", "test", "lite",
                    "notebooks", "tests", "benchmarks", "js", "fourseasons_widget", "e2e",
                    "engine", "solutions", "__pycache__"}
    ghost = named_folders - {f.rpartition("/")[2] for f in folders} - not_packages
    assert not ghost, f"the architecture map names package folders that are gone: {sorted(ghost)}"


def test_the_readme_is_one_screen_or_two_and_points_to_every_guide():
    """The README stays short (the rest lives in docs/) and its table of contents lists every
    guide in docs/, and only guides that exist."""
    readme = (PKG.parent / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 250
    guides = {p.name for p in (PKG.parent / "docs").glob("*.md")}
    linked = set(re.findall(r"\(docs/([\w-]+\.md)[)#]", readme))
    assert guides and linked == guides, (sorted(guides), sorted(linked))


def _anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@pytest.mark.parametrize("name", ["README.md", *sorted(
    p.name for p in (PKG.parent / "docs").glob("*.md"))])
def test_the_guides_links_resolve(name):
    """Every relative link of the README and the guides points at a file that exists, and a
    link to a section at a heading that file has (a section moved or renamed breaks it)."""
    path = PKG.parent / name if name == "README.md" else PKG.parent / "docs" / name
    text = path.read_text(encoding="utf-8")
    links = [u for u in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z]+:", u)]
    assert links, name
    for u in links:
        file, _, anchor = u.partition("#")
        target = (path.parent / file) if file else path
        assert target.exists(), f"{name}: broken link {u}"
        if anchor:
            headings = re.findall(r"^#+ (.+)$", target.read_text(encoding="utf-8"), re.M)
            assert anchor in {_anchor(h) for h in headings}, f"{name}: no section {u}"
