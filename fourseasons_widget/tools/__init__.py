"""The tools around the board: the ``fourseasons`` command (``cli``), the static HTML export
(``export``), the set-up for Pyodide / JupyterLite (``browser``) and the notebooks' plots
(``figures``)."""
