"""Game records, the ground floor of the arena: what was played as data (``record``),
as text and files (``formats``), and a one-player game's outcome (``solo_game``).
Imports no other room.
"""
