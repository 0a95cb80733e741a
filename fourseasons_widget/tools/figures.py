"""Figures where matplotlib is installed, and a plain note where it is not.

The notebooks draw their figures with matplotlib.  The offline JupyterLite site has none
(Pyodide's compiled packages are on neither PyPI nor npm, so the site cannot carry them), and a
notebook must still run top to bottom there.  :func:`pyplot` gives ``matplotlib.pyplot`` when
it can be imported, else :class:`NoFigures`: it accepts the same calls, draws nothing, and
its ``show()`` says once per figure why there is no picture.

>>> plt = NoFigures()
>>> fig, ax = plt.subplots(figsize=(6, 3))
>>> line = ax.plot([1, 2], [3, 4], color="green")
>>> plt.show()
(No figure: this Python has no matplotlib, as in the offline browser site. The figure's numbers are printed beside it; run the notebook in JupyterLab to see it drawn.)
"""

from __future__ import annotations

from typing import Any

NOTE = ("(No figure: this Python has no matplotlib, as in the offline browser site. The "
        "figure's numbers are printed beside it; run the notebook in JupyterLab to see it drawn.)")


class NoFigures:
    """Stands in for ``matplotlib.pyplot`` and for the figures and axes it makes."""

    def __getattr__(self, name: str) -> NoFigures:
        if name.startswith("__"):
            raise AttributeError(name)
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> NoFigures:
        return self

    def __iter__(self):
        return iter((self, self))  # fig, ax = plt.subplots(...)

    def __repr__(self) -> str:
        return "<no figure: matplotlib is not installed>"

    def show(self, *args: Any, **kwargs: Any) -> None:
        print(NOTE)


def pyplot() -> Any:
    """``matplotlib.pyplot``, or :class:`NoFigures` where matplotlib cannot be imported."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        return NoFigures()
    return plt
