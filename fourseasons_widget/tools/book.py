"""The whole course as a static book that reads and plays offline.

    python -m fourseasons_widget.tools.book notebooks -o _book      (or: make book)

Every course notebook (``notebooks/NN-*.ipynb``) and every solution (``notebooks/solutions/``)
is run in a fresh kernel and written as a page the way :mod:`.export` writes one: its outputs,
its boards drawn and playing on the page's engine (a hint, a solve and the statistics need
Python, and the board says so), the player's data scrubbed, no script from the network.  The
glossary and the sources become pages too, and ``index.html`` lists them all.  Links between
them (``02-rules.ipynb``, ``glossary.md#base``, ``solutions/01-play.ipynb``) lead to the pages,
and every page has a bar with the contents and the previous and next page.  The pages share one
folder of widget scripts at the book's root; the book opens from any static host (or
``python -m http.server -d _book``), with nothing fetched from anywhere else, at build time or
when read.
"""

from __future__ import annotations

import argparse
import html
import posixpath
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from .export import DEFAULT_ASSETS_DIR, ExportError, copy_assets, execute_notebook, page_of

# The book's page: the export's page with a navigation bar above and below the notebook.
TEMPLATE = r"""{%- extends 'fourseasons_export.html.j2' -%}
{% block extra_css %}
{{ super() }}
<style>
  .fsw-book-nav { display: flex; flex-wrap: wrap; gap: 4px 24px; align-items: baseline;
    margin: 8px 0; padding: 8px 12px; font: 14px/1.4 system-ui, sans-serif;
    border-bottom: 1px solid var(--jp-border-color2, #ddd); }
  .fsw-book-nav a { color: var(--jp-content-link-color, #1a5fb4); }
  .fsw-book-nav .fsw-book-title { font-weight: 600; margin-right: auto; }
  .fsw-book-nav.fsw-book-foot { border-bottom: 0; border-top: 1px solid var(--jp-border-color2, #ddd); }
</style>
{% endblock extra_css %}
{%- block body_header -%}
{{ super() }}
{{ resources.fourseasons_nav }}
{%- endblock body_header -%}
{% block body_footer %}
{{ resources.fourseasons_nav | replace('class="fsw-book-nav"', 'class="fsw-book-nav fsw-book-foot"') }}
{{ super() }}
{% endblock body_footer %}
"""

LINK = re.compile(r"\]\((?![a-z][a-z0-9+.-]*:|/|#)([^)\s#]+?)\.(ipynb|md)(#[^)\s]*)?\)", re.I)


@dataclass
class Page:
    """One page of the book: its ``source`` (a notebook or a Markdown file), where it is
    written (``href``, relative to the book's root) and its ``title``."""

    source: Path
    href: str
    title: str


def book_pages(folder: Path, only: list[str] | None = None, solutions: bool = True) -> list[Page]:
    """The pages in reading order: the course notebooks, the glossary and the sources, then
    the solutions.  ``only``: the course notebooks' names to take (e.g. ``["01-play"]``; their
    solutions follow them)."""
    import nbformat

    notebooks = sorted(p for p in folder.glob("[0-9][0-9]-*.ipynb"))
    if only:
        unknown = sorted(set(only) - {p.stem for p in notebooks})
        if unknown:
            raise ExportError(f"no course notebook named {', '.join(unknown)} in {folder}")
        notebooks = [p for p in notebooks if p.stem in only]
    pages = [Page(p, f"{p.stem}.html", title_of(nbformat.read(p, as_version=4), p.stem))
             for p in notebooks]
    for name in ("glossary.md", "sources.md"):
        if (folder / name).is_file():
            text = (folder / name).read_text(encoding="utf-8")
            pages.append(Page(folder / name, f"{Path(name).stem}.html", heading(text, name)))
    if solutions:
        taken = {p.stem for p in notebooks}
        for p in sorted((folder / "solutions").glob("*")):
            stem = p.stem.removesuffix("-solutions")
            if stem not in taken or p.suffix not in (".ipynb", ".md"):
                continue
            text = p.read_text(encoding="utf-8")
            title = (title_of(nbformat.reads(text, as_version=4), p.stem) if p.suffix == ".ipynb"
                     else heading(text, p.stem))
            pages.append(Page(p, f"solutions/{p.stem}.html", title))
    return pages


def heading(markdown: str, default: str) -> str:
    """The first level-one heading of ``markdown`` (else ``default``)."""
    m = re.search(r"^#\s+(.+?)\s*#*\s*$", markdown, re.M)
    return m.group(1).strip() if m else default


def title_of(nb, default: str) -> str:
    """A notebook's title: its first level-one heading, else its metadata's."""
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return heading(text, str(nb.metadata.get("title") or default))


def relink(markdown: str, here: str, built: set[str]) -> str:
    """``markdown`` with its links to notebooks and Markdown files that are pages of the book
    (``built``: their hrefs) pointed at those pages; ``here`` is the linking page's href."""
    base = Path(here).parent

    def to_page(m: re.Match) -> str:
        target = posixpath.normpath((base / f"{m.group(1)}.html").as_posix())
        if target not in built:
            return m.group(0)
        return f"]({m.group(1)}.html{m.group(3) or ''})"

    markdown = LINK.sub(to_page, markdown)
    if any(b.startswith("solutions/") for b in built):  # (a folder: its list on the index)
        index = "../" * here.count("/") + "index.html#Solutions"
        markdown = re.sub(r"\]\((?:\./)?solutions/?\)", f"]({index})", markdown)
    return markdown


def nav_bar(pages: list[Page], i: int | None) -> str:
    """The bar on page ``i`` (``None``: the index): the book's title (the contents), the
    previous and the next page."""
    here = pages[i].href if i is not None else "index.html"
    up = "../" * here.count("/")
    links = [f'<a class="fsw-book-title" href="{up}index.html">Four Seasons: the course book</a>']
    if i is not None:
        if i > 0:
            links.append(f'<a rel="prev" href="{up}{pages[i - 1].href}">← '
                         f'{html.escape(short(pages[i - 1].title))}</a>')
        if i + 1 < len(pages):
            links.append(f'<a rel="next" href="{up}{pages[i + 1].href}">'
                         f'{html.escape(short(pages[i + 1].title))} →</a>')
    elif pages:
        links.append(f'<a rel="next" href="{pages[0].href}">{html.escape(short(pages[0].title))} →</a>')
    return f'<nav class="fsw-book-nav" aria-label="course book">{"".join(links)}</nav>'


def short(title: str) -> str:
    """A page's title for the bar: without the course's name in front, cut at a comma."""
    return title.removeprefix("Four Seasons: ").split(", ")[0]


def index_notebook(pages: list[Page]):
    """The book's first page, as a notebook of one Markdown cell: what the book is, and every
    page with (for a course notebook) its learning goals."""
    import nbformat

    lines = ["# Four Seasons: the course book", "",
             "The course's notebooks as pages, with their outputs. The boards play in this page, "
             "by mouse and keyboard, with no Python behind them: a hint, a solve and the "
             "statistics need Python, and the board says so. To run the code and the exercises, "
             "open the notebooks in JupyterLab or in the course's JupyterLite site.", "",
             "## The course", ""]
    for p in pages:
        if p.href.startswith("solutions/") or p.source.suffix != ".ipynb":
            continue
        goals = learning_goals(nbformat.read(p.source, as_version=4))
        lines.append(f"- **[{p.title}]({p.href})**" + (f" — {goals}" if goals else ""))
    refs = [p for p in pages if p.source.suffix == ".md" and not p.href.startswith("solutions/")]
    if refs:
        lines += ["", "## Reference", ""] + [f"- [{p.title}]({p.href})" for p in refs]
    sols = [p for p in pages if p.href.startswith("solutions/")]
    if sols:
        lines += ["", "## Solutions", "", "Try each exercise first: the checker in the notebook "
                  "says *not yet* and why.", ""] + [f"- [{p.title}]({p.href})" for p in sols]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("\n".join(lines))])
    nb.metadata["title"] = "Four Seasons: the course book"
    return nb


def learning_goals(nb) -> str:
    """A notebook's learning goals in one line ("after this notebook you can …")."""
    for c in nb.cells:
        if c.cell_type == "markdown" and "Learning goals" in c.source:
            after = c.source.split("Learning goals", 1)[1]
            items = re.findall(r"^\s*[-*]\s+(.+)$", after, re.M)
            if items:
                return "; ".join(i.strip().rstrip(";.") for i in items[:4])
    return ""


def markdown_notebook(text: str, title: str):
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(text)])
    nb.metadata["title"] = title
    return nb


def build(folder: str | Path = "notebooks", out: str | Path = "_book", *,
          only: list[str] | None = None, solutions: bool = True, timeout: int = 600,
          theme: str = "light", kernel_name: str | None = None, log=print) -> list[Path]:
    """Write the book of the course in ``folder`` to ``out``; returns the pages written (the
    index first).  Raises :class:`~.export.ExportError` when a notebook fails or a page would
    reach the network."""
    import nbformat

    folder, out = Path(folder), Path(out)
    if not folder.is_dir():
        raise ExportError(f"no course folder at {folder}")
    pages = book_pages(folder, only, solutions)
    if not pages:
        raise ExportError(f"no course notebook in {folder}")
    built = {p.href for p in pages} | {"index.html"}
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_assets(out / DEFAULT_ASSETS_DIR)
    written = []

    def write(nb, href: str, nav: str) -> None:
        for c in nb.cells:
            if c.cell_type == "markdown":
                c.source = relink(c.source, href, built)
        up = "../" * href.count("/")
        page = page_of(nb, theme=theme, assets_url=f"{up}{DEFAULT_ASSETS_DIR}", template=TEMPLATE,
                       resources={"fourseasons_nav": nav})
        target = out / href
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
        written.append(target)

    write(index_notebook(pages), "index.html", nav_bar(pages, None))
    for i, p in enumerate(pages):
        t0 = time.perf_counter()
        if p.source.suffix == ".ipynb":
            nb = nbformat.read(p.source, as_version=4)
            try:
                execute_notebook(nb, cwd=p.source.resolve().parent, timeout=timeout,
                                 kernel_name=kernel_name)
            except Exception as e:  # (nbclient's CellExecutionError, a dead kernel, …)
                raise ExportError(f"{p.source} did not run to its end: {str(e)[:400]}") from e
        else:
            nb = markdown_notebook(p.source.read_text(encoding="utf-8"), p.title)
        write(nb, p.href, nav_bar(pages, i))
        log(f"  {p.href} ({p.title}) in {time.perf_counter() - t0:.1f} s")
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m fourseasons_widget.tools.book",
        description="Run the course's notebooks and write them, the glossary, the sources and "
                    "the solutions as a static book whose boards play offline (no CDN).")
    ap.add_argument("folder", nargs="?", default="notebooks", help="the course folder")
    ap.add_argument("-o", "--output", default="_book", help="the book's folder (replaced)")
    ap.add_argument("--only", help="course notebooks to take, by name: 01-play,03-history")
    ap.add_argument("--no-solutions", dest="solutions", action="store_false",
                    help="leave the solutions out (a book for students before the deadline)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds allowed per cell")
    ap.add_argument("--theme", choices=("light", "dark"), default="light")
    ap.add_argument("--kernel", dest="kernel_name", help="kernel name (default: the notebook's)")
    args = ap.parse_args(argv)
    only = [s.strip().removesuffix(".ipynb") for s in args.only.split(",")] if args.only else None
    t0 = time.perf_counter()
    try:
        pages = build(args.folder, args.output, only=only, solutions=args.solutions,
                      timeout=args.timeout, theme=args.theme, kernel_name=args.kernel_name)
    except ExportError as e:
        print(f"book: {e}", file=sys.stderr)
        return 1
    print(f"wrote {len(pages)} pages to {args.output} in {time.perf_counter() - t0:.1f} s")
    print(f"read it: python -m http.server -d {args.output} --bind 127.0.0.1 8000  "
          f"→ http://127.0.0.1:8000/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
