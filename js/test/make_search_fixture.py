"""Write test/fixtures/searchtrace.json: a search trace exactly as ``SearchView`` publishes it,
so that the JS tests of the search view draw what Python sends.  From the repository root:

    .venv/bin/python js/test/make_search_fixture.py

(tests/test_searchview.py checks that the file is up to date.)
"""

from __future__ import annotations

import json
import pathlib

HERE = pathlib.Path(__file__).parent
PATH = HERE / "fixtures" / "searchtrace.json"


def fixture() -> dict:
    from fourseasons_widget.search.endgames import position_at, small_position
    from fourseasons_widget.searchview import SearchView

    game = position_at(small_position(seed=0, cards_left=3))
    out = {}
    for algorithm in ("breadth-first", "depth-first", "A*"):
        out[algorithm] = SearchView(game, algorithm=algorithm).trace
    return out


def text() -> str:
    return json.dumps(fixture(), indent=None, separators=(",", ":"), sort_keys=True) + "\n"


if __name__ == "__main__":
    PATH.write_text(text(), encoding="utf-8")
    print(f"wrote {PATH}")
