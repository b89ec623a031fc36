"""plyground: a toolkit and arena for classic game-playing AI.

>>> import plyground
>>> game = plyground.load_game("adjacency(size=8,rounds=8,first=X)")
>>> state = game.initial_state()
>>> str(state)
'6OO/6OO/8/8/8/8/XX6/XX6 X 16'
>>> bot = plyground.make_bot("alphabeta", time=0.2)
>>> state.move_text(bot.choose(state).move) in [state.move_text(m) for m in state.legal_moves()]
True

Each public name is imported from its layer when first asked for (``lazy_loader``
reads where from ``__init__.pyi``, which type checkers read too), so that
``import plyground`` (which every ``plyground`` command does, for its version) loads no
bot, game or registry before the command needs one.
"""

from __future__ import annotations

import lazy_loader

__version__ = "0.1.0"

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
__all__ += ["__version__"]
