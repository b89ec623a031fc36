"""Playing one game: the referee (``referee``) and its rulings (``adjudication``),
the options a game is played with (``run_options``), one-player games (``solo``),
start positions (``openings``) and the check of a bot's clock (``clock_check``).
"""
