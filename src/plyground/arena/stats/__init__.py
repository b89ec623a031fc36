"""Figures from games: Elo from a score (``elo``), Bradley-Terry ratings (``ratings``),
the sequential probability ratio test (``sprt``) and a set of games summed up
(``summary``). Reads records; stores nothing.
"""
