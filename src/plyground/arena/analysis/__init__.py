"""Analysis, over the leaves of the arena: which games are analysed (``analysers``) and
the hinter (``hints``), each by what a game's profile names; a game's own analysis is its
room's (the adjacency game's, :mod:`plyground.arena.adjacency_analysis`).
"""
