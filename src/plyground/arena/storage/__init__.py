"""SQLite files: the record store of tournaments, games, tuning generations and
one-player games (``store``, its tables in ``schema``), the adjacency solve store
(``adjacency_solve_store``), and what both share (``sqlite_file``, ``store_errors``).
"""
