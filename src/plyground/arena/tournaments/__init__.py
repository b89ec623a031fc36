"""Tournaments and matches: the schedule (``schedule``), a match of paired games
(``match``), a stored, resumable tournament (``tournament``), experiments over
start positions (``experiments``) and a class's engine folders (``engine_folders``).
"""
