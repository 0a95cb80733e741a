"""Helpers for building test positions."""

from __future__ import annotations

from fourseasons_widget.model.cards import CODES

ALL_VARIANTS = ("standard", "sequences", "czarina", "corners", "simplicity", "dick1883")


def make_deck(*codes: str) -> str:
    """A full deck that starts with ``codes`` (dealt first), the rest in a fixed order."""
    head = [c.upper() for c in " ".join(codes).split()]
    assert len(set(head)) == len(head), "test deck repeats a card"
    rest = [c for c in CODES if c not in head]
    return " ".join(head + rest)


def codes(cards) -> list[str]:
    return [CODES[c] for c in cards]
