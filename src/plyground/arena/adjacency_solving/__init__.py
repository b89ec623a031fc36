"""The adjacency game's exact solve and proof of a start, run as subproblems on the
arena's backends and kept in the solve store, so a run resumes where it stopped
(``solve_run``, ``proof_run``, and ``strategy_run``: a proved start extended into a
strategy for both sides).

Adjacency-only: it speaks the adjacency game's solver, subproblems and proof
directly; another game's solve would be a room of its own, not a setting here.
"""
