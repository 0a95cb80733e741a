"""A hostile front end against a real kernel (issue 11): forged comm messages sent to the
widget the way a browser sends them (``comm_msg`` on the kernel's shell channel) are refused
without an error in the kernel, Python's truth stays on the board in the browser, and the one
option a view may set still works from the page."""

from __future__ import annotations

import json
import time

import pytest

pytestmark = pytest.mark.e2e

DECK = ("9H 8S KD 5D 2C 5C 7D 6S 4H 3C QH JS TD 9C 8D 7C 6H 5S 4C 3H 2D AS KC QD JC TH 9S 8C "
        "7H 6D 4S 3D 2H AD KS QC JH TC 9D 8H 7S 6C 5H 4D 3S 2S AH KH QS JD TS AC")
SETUP = f"""from fourseasons_widget import FourSeasons
w = FourSeasons(deck="{DECK}")
w"""


def forge(nb, data: dict, wait: float = 10) -> list[dict]:
    """Send ``data`` to the widget's comm as a front end would; returns the kernel's iopub
    messages in reply (those whose parent is the forged message), until it is idle again."""
    from jupyter_client.jsonutil import json_default

    kc = nb.client
    comm_id = nb.eval("w.comm.comm_id")
    session = kc.session
    # JSON as a browser writes it (JSON.stringify escapes a lone surrogate as \ud800)
    packer, session.pack = session.pack, lambda o: json.dumps(o, default=json_default).encode("ascii")
    try:
        msg = session.msg("comm_msg", {"comm_id": comm_id, "data": data})
        kc.shell_channel.send(msg)
    finally:
        session.pack = packer
    replies: list[dict] = []
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            m = kc.get_iopub_msg(timeout=1)
        except Exception:  # (queue.Empty)
            continue
        if m["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
            continue
        replies.append(m)
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            break
    return replies


def test_forged_messages_are_refused_and_the_board_keeps_pythons_truth(open_notebook,
                                                                       artifacts):
    nb = open_notebook([SETUP])
    root = nb.widgets().nth(0)
    status = root.locator('[data-role="status"]')
    version = root.get_attribute("data-version")
    piles = [root.locator(f'[data-pile="cross:{i}"] [data-card]').count() for i in range(5)]

    # a trait update of what Python publishes: refused, Python's values sent back
    replies = forge(nb, {"method": "update", "state": {"ply": 99, "status": "won", "seed": -1,
                                                       "board": {"piles": []}},
                         "buffer_paths": []})
    assert not [m for m in replies if m["msg_type"] == "error"]
    resent = {k: v for m in replies if m["msg_type"] == "comm_msg"
              for k, v in m["content"]["data"].get("state", {}).items()}
    assert resent["ply"] == 0 and resent["status"] == "playing" and resent["seed"] is None
    assert resent["board"]["ply"] == 0 and len(resent["board"]["piles"]) == 5
    status.filter(has_text="Refused: the front end may not set").wait_for()
    assert nb.eval("[w.ply, w.status, w.seed, w.game.ply]") == [0, "playing", None, 0]

    # an intent whose type is a lone surrogate, and one without a version
    replies = forge(nb, {"method": "custom", "content": {"type": "\ud800"}})
    assert not [m for m in replies if m["msg_type"] == "error"]
    refusals = [m["content"]["data"]["content"] for m in replies if m["msg_type"] == "comm_msg"
                and m["content"]["data"].get("method") == "custom"]
    assert refusals and refusals[-1]["type"] == "refused" and refusals[-1]["intent"] is None
    status.filter(has_text="unknown intent type").wait_for()
    replies = forge(nb, {"method": "custom", "content": {"type": "turn", "ply": 0}})
    assert not [m for m in replies if m["msg_type"] == "error"]
    status.filter(has_text="must carry the position's version").wait_for()

    # a forged stock move names a card: refused without saying which card is next (7♦)
    replies = forge(nb, {"method": "custom", "content": {
        "type": "move", "card": "AS", "source": "stock", "target": "cross:1", "ply": 0,
        "version": int(version)}})
    status.filter(has_text="face down").wait_for()
    assert "7♦" not in status.inner_text() and "7D" not in status.inner_text()

    # nothing changed in the kernel or on the board
    assert nb.eval("w.game.ply") == 0
    assert root.get_attribute("data-version") == version
    assert [root.locator(f'[data-pile="cross:{i}"] [data-card]').count()
            for i in range(5)] == piles
    root.screenshot(path=str(artifacts / "hostile-refused.png"))

    # a view option written as a trait (a forged write): refused, said, Python's kept
    forge(nb, {"method": "update", "state": {"card_face": "large"}, "buffer_paths": []})
    status.filter(has_text="view_option intent").wait_for()
    assert nb.eval("w.card_face") == "classic"
    assert "fsw-face-large" not in root.get_attribute("class")

    # a view option chosen on the board still works (its intent, which Python checks)
    root.locator('[data-role="four-colour"]').check()
    deadline = time.monotonic() + 20
    while nb.eval("w.four_colour") is not True and time.monotonic() < deadline:
        time.sleep(0.2)
    assert nb.eval("w.four_colour") is True
    assert "fsw-four-colour" in root.get_attribute("class")
