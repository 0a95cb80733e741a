"""The course book (``make book``, :mod:`fourseasons_widget.tools.book`): the course's notebooks,
the glossary, the sources and the solutions as static pages whose boards play offline.

A book of two course notebooks (01 Play, 03 History) with their solutions is built from the
repository's own notebooks, served on 127.0.0.1 and read in Chromium with every other request
refused, by mouse: the contents page, a link to a notebook's page, a board played there with no
kernel, the bar's "next" link, a link from the text to the glossary.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from jupyter_harness import local_only_page

from fourseasons_widget.tools import book
from fourseasons_widget.tools import export as ex

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
ONLY = ["01-play", "03-history"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    os.environ.setdefault("MPLBACKEND", "Agg")
    out = tmp_path_factory.mktemp("book") / "book"
    book.build(ROOT / "notebooks", out, only=ONLY, timeout=300, log=print)
    return out


def hrefs(page: Path) -> set[str]:
    return set(re.findall(r'href="([^"]+)"', page.read_text(encoding="utf-8")))


def test_the_book_has_every_page_linked_to_the_pages_and_nothing_remote(built: Path):
    pages = sorted(p.relative_to(built).as_posix() for p in built.rglob("*.html")
                   if ex.DEFAULT_ASSETS_DIR not in p.parts)
    assert pages == ["01-play.html", "03-history.html", "glossary.html", "index.html",
                     "solutions/01-play.html", "solutions/03-history.html", "sources.html"]
    for name in pages:
        text = (built / name).read_text(encoding="utf-8")
        assert ex.remote_scripts(text) == [], name
        assert 'aria-label="course book"' in text, f"{name} has no navigation bar"
    # the contents page lists every page, the course notebooks with their learning goals
    index = hrefs(built / "index.html")
    assert {"01-play.html", "03-history.html", "glossary.html", "sources.html",
            "solutions/01-play.html"} <= index
    assert "play a game on the board" in (built / "index.html").read_text(encoding="utf-8")
    # links between pages point at pages (a notebook not in this book keeps its link)
    play = hrefs(built / "01-play.html")
    assert {"03-history.html", "glossary.html", "solutions/01-play.html"} <= play
    assert "03-history.ipynb" not in play and "02-rules.ipynb" in play
    solution = hrefs(built / "solutions" / "01-play.html")
    assert "../01-play.html" in solution
    assert 'src="../widget-assets/require.js"' in (built / "solutions" / "01-play.html").read_text(
        encoding="utf-8")
    assert ex.widget_count((built / "01-play.html").read_text(encoding="utf-8")) >= 2


def test_the_book_refuses_what_it_cannot_build(tmp_path: Path):
    with pytest.raises(ex.ExportError, match="no course folder"):
        book.build(tmp_path / "missing", tmp_path / "out")
    with pytest.raises(ex.ExportError, match="no course notebook named 09-nothing"):
        book.build(ROOT / "notebooks", tmp_path / "out", only=["09-nothing"])


def test_relink_points_only_at_pages_of_the_book():
    built = {"01-play.html", "glossary.html", "index.html"}
    text = "[a](01-play.ipynb) [b](glossary.md#base) [c](02-rules.ipynb) [d](https://x.org/a.md)"
    assert book.relink(text, "03-history.html", built) == (
        "[a](01-play.html) [b](glossary.html#base) [c](02-rules.ipynb) [d](https://x.org/a.md)")
    assert book.relink("[back](../01-play.ipynb)", "solutions/01-play.html", built) == (
        "[back](../01-play.html)")
    # the solutions' folder, where the book has solutions: their list on the contents page
    assert book.relink("in [solutions/](solutions/).", "glossary.html", built) == (
        "in [solutions/](solutions/).")
    built.add("solutions/01-play.html")
    assert book.relink("in [solutions/](solutions/).", "glossary.html", built) == (
        "in [solutions/](index.html#Solutions).")


@pytest.mark.slow
@pytest.mark.parametrize("width", [1280, 420])
def test_read_and_play_the_book_offline_by_mouse(browser, built: Path, static_server, width: int):
    with static_server(built) as base, \
            local_only_page(browser, f"{base}/index.html", width=width, height=800) as page:
        # the contents: a link to the first notebook's page
        page.get_by_role("heading", name="Four Seasons: the course book").wait_for()
        page.screenshot(path=str(ARTIFACTS / f"book-index-{width}.png"))
        page.get_by_role("link", name="Four Seasons: play").first.click()
        page.wait_for_url(re.compile(r"/01-play\.html$"))
        page.wait_for_selector("[data-card]", timeout=30_000)
        root = page.locator(".fsw-root").first
        root.scroll_into_view_if_needed()
        # the board plays here, on the page's engine: a click on the stock turns a card
        stock = root.locator('[data-pile="stock"]')
        before = stock.inner_text()
        stock.click()
        page.wait_for_function("([el, t]) => el.innerText !== t",
                               arg=[stock.element_handle(), before], timeout=10_000)
        facts = root.locator(".fsw-facts").inner_text()
        assert "Moves 1" in facts, facts
        box = root.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
        page.screenshot(path=str(ARTIFACTS / f"book-01-play-{width}.png"))
        # the bar: the next page
        page.locator("nav.fsw-book-nav").first.scroll_into_view_if_needed()
        page.locator("nav.fsw-book-nav").first.get_by_role("link", name=re.compile("history")).click()
        page.wait_for_url(re.compile(r"/03-history\.html$"))
        # a link in the text: the glossary
        page.get_by_role("link", name="Glossary").first.click()
        page.wait_for_url(re.compile(r"/glossary\.html"))
        page.get_by_role("heading", name=re.compile("course map and glossary")).wait_for()
        page.screenshot(path=str(ARTIFACTS / f"book-glossary-{width}.png"))
