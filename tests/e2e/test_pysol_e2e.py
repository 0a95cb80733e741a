"""The toolbar's "Deal #" box in a real browser: a PySolFC deal number deals PySolFC's own game,
and the cards on screen are those of ``Game.from_pysol``; a number PySolFC cannot deal in the
variant is refused on the board."""

from __future__ import annotations

import pytest

from fourseasons_widget import Game
from fourseasons_widget.model.cards import CODES

pytestmark = pytest.mark.e2e


def on_screen(root) -> dict[str, list[str]]:
    """Every face-up pile as drawn: its cards' codes, bottom to top."""
    return root.evaluate("""el => Object.fromEntries(
        [...el.querySelectorAll('[data-pile]')]
          .filter(p => p.dataset.pile !== 'stock')
          .map(p => [p.dataset.pile, [...p.querySelectorAll('[data-card]')].map(c => c.dataset.card)]))""")


def expected(g: Game) -> dict[str, list[str]]:
    s, rules = g.state, g.rules
    out = {name: [CODES[c] for c in s.piles[i]] for i, name in enumerate(rules.pile_names)}
    out |= {f"foundation:{i}": [CODES[c] for c in s.foundation_cards(i)] for i in range(4)}
    out["waste"] = [CODES[c] for c in s.waste]
    return out


def deal(nb, root, text: str) -> None:
    """Type ``text`` in the Deal # box, press Enter and wait for the new deal on the board."""
    old = int(root.get_attribute("data-version"))
    box = root.locator('[data-role="seed"]')
    box.fill(text)
    box.press("Enter")
    nb.page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                              arg=[root.element_handle(), old])


def test_deal_number_box_deals_pysolfcs_game(open_notebook, artifacts):
    nb = open_notebook(["from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7)\nw"])
    root = nb.widgets().first
    assert root.locator('[data-role="seed"]').input_value() == "seed 7"

    deal(nb, root, "617")
    want = Game.from_pysol(617, rules="pysol")
    assert nb.eval("w.game.pysol") == 617 and nb.eval("w.game.rules.rules") == "pysol"
    assert on_screen(root) == expected(want)
    # PySolFC's corners (♣ ♠ ♥ ♦: upper-left, upper-right, lower-left, lower-right): the base
    # card in its suit's corner; its first waste card turned
    shown = on_screen(root)
    [base] = [cards[0] for name, cards in shown.items() if name.startswith("foundation") and cards]
    assert shown[f"foundation:{'CSHD'.index(base[-1])}"] == [base]
    assert len(shown["waste"]) == 1
    # the empty corners show the suit they take
    empty = {i: root.locator(f'[data-pile="foundation:{i}"]') for i in range(4)
             if not shown[f"foundation:{i}"]}
    assert len(empty) == 3
    for i, el in empty.items():
        assert "♣♠♥♦"[i] in el.inner_text()
        assert ["clubs", "spades", "hearts", "diamonds"][i] in el.get_attribute("aria-label")
    assert "Four Seasons (PySolFC)" in root.locator(".fsw-title").inner_text()
    assert root.locator('[data-role="seed"]').input_value() == "617"
    root.screenshot(path=str(artifacts / "pysol-deal-617.png"))

    # Corners, an "ms" number: four foundations started at four ranks
    root.locator('[data-role="variant"]').select_option("corners")
    nb.page.wait_for_function("el => el.dataset.variant === 'corners' || "
                              "el.querySelector('[data-pile=\"cell:0\"]') !== null",
                              arg=root.element_handle())
    deal(nb, root, "ms12345")
    want = Game.from_pysol("ms12345", "corners", rules="pysol")
    assert on_screen(root) == expected(want)
    assert all(len(on_screen(root)[f"foundation:{i}"]) == 1 for i in range(4))
    assert "base ranks" in root.locator(".fsw-info-base").inner_text()
    root.screenshot(path=str(artifacts / "pysol-corners-ms12345.png"))

    # a variant PySolFC does not have: refused on the board, nothing changes
    root.locator('[data-role="variant"]').select_option("dick1883")
    nb.page.wait_for_function("el => el.querySelector('[data-pile=\"cross:4\"]') !== null "
                              "&& el.querySelector('.fsw-layout-grid') !== null",
                              arg=root.element_handle())
    before = (nb.eval("w.game.seed"), int(root.get_attribute("data-version")))
    box = root.locator('[data-role="seed"]')
    box.fill("617")
    box.press("Enter")
    root.locator('[data-role="status"] .fsw-msg-refusal').wait_for()
    assert "cannot be dealt in The Four Seasons (Dick, 1883)" in (
        root.locator('[data-role="status"]').inner_text())
    assert (nb.eval("w.game.seed"), int(root.get_attribute("data-version"))) == before
    root.screenshot(path=str(artifacts / "pysol-refused-dick1883.png"))
