"""Players: the contract the referee drives (``player``), a bot in this process
(``bot_player``), an engine in its own process speaking the protocol
(``engine_player`` over ``engine_process``, started below ``engine_keeper``;
the line format in ``protocol``), and ``make``, which turns a text into a player.
"""
