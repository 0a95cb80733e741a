"""The one gate every message from the front end passes: a widget's comm is untrusted input.

:class:`FrontEndGate` is a mixin for an ``ipywidgets`` widget (``class W(FrontEndGate,
anywidget.AnyWidget)``).  It replaces ipywidgets' own dispatch of comm messages with one that
checks every part and never raises into the notebook, and lets a front end set only the traits
the widget names in ``frontend_writable`` (the board's ``paused`` and ``seen``), each with a value
of its type; every other update is refused and Python's value is sent back, so every view shows
Python's truth again.  The widget provides ``_say(text, kind)`` (a message on the board),
``_publish(kind=..., message=..., message_kind=...)`` (republish the whole state) and the flag
``_in_intent``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, ClassVar

from .validate import quote, safe_text


def frontend_update(sync_data: Any, writable: dict[str, type]) -> tuple[dict[str, Any], list[str]]:
    """Split a state update sent by a front end into the values it may set (the names in
    ``writable``, each with a value of exactly that type) and the names refused (bounded:
    the first 20, each quoted).  Everything else a widget publishes is Python's to say."""
    if not isinstance(sync_data, dict):
        return {}, [quote(sync_data)]
    accepted: dict[str, Any] = {}
    refused: list[str] = []
    for name, value in sync_data.items():
        kind = writable.get(name) if isinstance(name, str) else None
        if kind is not None and type(value) is kind:
            accepted[name] = value
        elif len(refused) < 20:
            refused.append(name if isinstance(name, str) and name.isascii() and len(name) <= 40
                           else quote(name))
    return accepted, refused


class IntentError(ValueError):
    """An intent from the front end that is refused before it reaches the rules."""


class FrontEndGate:
    """Comm messages checked, front-end trait writes limited to ``frontend_writable``."""

    #: the traits a view may set, with the type each takes (the widget fills it in)
    frontend_writable: ClassVar[dict[str, type]] = {}

    def _handle_msg(self, msg: Any) -> None:
        """Every message from the front end arrives here (ipywidgets calls it for the comm).
        The same dispatch as ``ipywidgets.Widget._handle_msg`` (state updates, state
        requests, custom messages), with every part checked and nothing raised: a malformed
        message is refused and logged, never a traceback in the notebook."""
        with self._last_resort("message"):
            content = msg.get("content") if isinstance(msg, dict) else None
            data = content.get("data") if isinstance(content, dict) else None
            method = data.get("method") if isinstance(data, dict) else None
            if method == "update" and isinstance(data.get("state"), dict):
                if data.get("buffer_paths"):  # no trait of this widget is binary
                    raise IntentError("refused: this widget takes no binary state")
                self.set_state(data["state"])
            elif method == "request_state":
                self.send_state()
            elif method == "custom" and "content" in data:
                buffers = msg.get("buffers")
                self._handle_custom_msg(data["content"], buffers if isinstance(buffers, list)
                                        else [])
            else:
                raise IntentError(f"refused: a message from the front end with method "
                                  f"{quote(method)}")

    def set_state(self, sync_data: Any) -> None:
        """A state update from a front end.  Only the ``frontend_writable`` traits are set
        (with a value of their type); for every other name, Python's value is sent back, so
        each view shows Python's truth again (``board``, ``status``, ``ply``, ``seed``...:
        Python publishes them; the front end sends intents)."""
        accepted, refused = frontend_update(sync_data, self.frontend_writable)
        if accepted:
            super().set_state(accepted)
        if refused:
            names = [n for n in refused if n in self.keys]
            if names:
                self.send_state(names)
            self._say(safe_text(f"Refused: the front end may not set {', '.join(refused[:5])}"
                                + (" …" if len(refused) > 5 else "")), "refusal")

    @contextlib.contextmanager
    def _last_resort(self, what: str) -> Iterator[None]:
        """Nothing from the front end raises into the notebook: anything unexpected is
        logged, said as a bounded refusal, and Python's state republished."""
        try:
            yield
        except ValueError as e:  # a refusal (IntentError, IllegalMoveError...): said, logged
            reason = safe_text(str(e) or "refused", 200)
            self.log.info("%s", reason)
            self._say(reason, "refusal")
        except Exception as e:  # the last resort: not expected, so Python's state is re-sent
            reason = safe_text(f"refused: an unexpected error while handling a {what} from the "
                               f"front end ({type(e).__name__}: {quote(str(e), 80)})", 200)
            self.log.warning("%s", reason)
            try:
                self._in_intent = False
                self._publish(kind="refresh", message=reason, message_kind="refusal")
            except Exception:  # (publishing itself failed: the warning above says why)
                self.log.warning("could not republish the board after: %s", reason)
