"""Tuning evaluation weights: the settings (``settings``), the run of generations
(``run``), fitness from one-player games (``solo_fitness``) and the final check of
the winner (``results``).
"""
