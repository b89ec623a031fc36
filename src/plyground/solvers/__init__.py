"""Layer 4 for one-player puzzles: solvers that pair an algorithm with a puzzle.

They play the role bots play for two-player games: the puzzle's rules stay
in ``plyground.games`` (layer 2), the algorithms in ``plyground.algorithms``
(layer 3), and this layer models the puzzle for an algorithm and picks the
method (for N-Queens: the CSP model and the solving methods).
"""
