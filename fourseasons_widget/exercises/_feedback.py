"""The one result type every exercise checker returns."""

from __future__ import annotations

import html
from dataclasses import dataclass

#: Feedback text is meant to be read, not to carry data: keep it short.
MAX_FEEDBACK = 600


def _bounded(text: str) -> str:
    """``text`` within :data:`MAX_FEEDBACK`, cut at a word with an ellipsis (never mid-word)."""
    if len(text) <= MAX_FEEDBACK:
        return text
    cut = text[:MAX_FEEDBACK - 2].rsplit(" ", 1)[0]
    return cut.rstrip(",;:.") + " …"


@dataclass(frozen=True)
class Feedback:
    """A checker's verdict on a student's answer: ``ok`` and a short explanation ``why``."""

    ok: bool
    why: str

    @classmethod
    def right(cls, why: str = "") -> Feedback:
        return cls(True, _bounded(why))

    @classmethod
    def not_yet(cls, why: str) -> Feedback:
        return cls(False, _bounded(why))

    def __bool__(self) -> bool:
        return self.ok

    @property
    def headline(self) -> str:
        return "✔ Right." if self.ok else "✘ Not yet."

    def __repr__(self) -> str:
        return f"{self.headline} {self.why}".rstrip()

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.ok else "#a33a00"
        return (f'<div role="status" style="border-left:4px solid {colour};padding:4px 10px">'
                f"<b>{html.escape(self.headline)}</b> {html.escape(self.why)}</div>")
