"""The statistics store: the games played on the board (``stats``), its SQLite schema and
migration (``stats_schema``), its summaries (``stats_summary``) and the player's remembered
settings (``prefs``), kept in one SQLite file under Jupyter's data directory."""
