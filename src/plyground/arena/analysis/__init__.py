"""Analysis, a leaf over the lower rooms: a position's move values (``analyser``),
a game annotated move by move (``annotation``), hints for every game that has
them (``hints``) and accuracy against solved positions (``accuracy``).
"""
