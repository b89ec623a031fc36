"""2048 games analysed with a learned network (``plyground analyse`` on a 2048 record):
the room of :mod:`~plyground.arena.g2048_analysis.analyser`."""
