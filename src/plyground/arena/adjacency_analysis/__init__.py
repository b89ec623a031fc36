"""The adjacency game's analysis, a leaf over the lower rooms: a position's move values
(``analyser``), a game annotated move by move (``annotation``), its hints (``hints``) and
a bot's accuracy against solved positions (``accuracy``).
"""
