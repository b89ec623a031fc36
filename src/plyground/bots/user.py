"""A user's own bot: a :class:`~plyground.bots.base.Bot` subclass in a Python file
or module, named as ``./mybot.py:MyBot`` or ``mypackage.bots:MyBot``.

It is loaded through the registry's targets (:func:`plyground.core.registry.load_target`)
and then used like a registered bot: the same settings syntax
(``./mybot.py:MyBot:depth=3``), the same players, the same referee. Anything
wrong in the user's code is a :class:`~plyground.core.errors.PluginError`: a
line naming the file and the problem, then the user's own traceback lines
(the frames in their files with the source lines, or the line of the class),
never plyground's.
"""

from __future__ import annotations

import inspect
from pathlib import Path

from plyground.bots.base import Bot
from plyground.core.errors import (
    PluginError,
    PlygroundError,
    raised_at,
    source_lines,
    syntax_error_lines,
    syntax_error_place,
    then_lines,
    user_traceback,
)
from plyground.core.registry import is_file_target, load_target

__all__ = ["is_user_bot", "make_user_bot", "user_bot_class"]


def is_user_bot(name: str) -> bool:
    """True when ``name`` names a class in a file or module, not a registered bot."""
    return ":" in name


def user_bot_class(target: str) -> type[Bot]:
    """The bot class ``target`` names, checked to be a usable :class:`Bot`.

    The class gets a ``NAME`` (its own name) if it declares none, and
    ``SOURCE``, the target with the file's absolute path, so its ``spec``
    makes the bot again from any directory and in any process.
    """
    module, _, attribute = target.rpartition(":")
    try:
        found = load_target(target)
    except PluginError:
        raise
    except ModuleNotFoundError as error:
        raise PluginError(f"bot {target!r}: no module {error.name!r} to import") from None
    except AttributeError:
        raise PluginError(f"bot {target!r}: {module} has no {attribute!r}") from None
    except SyntaxError as error:
        where = syntax_error_place(error, Path(error.filename or module).name)
        raise PluginError(
            f"bot {target!r} ({where}): SyntaxError: {error.msg}"
            + then_lines(syntax_error_lines(error))
        ) from None
    except Exception as error:  # the user's module failed as it ran
        raise PluginError(
            f"bot {target!r} failed to load ({raised_at(error)}): {type(error).__name__}: {error}"
            + then_lines(user_traceback(error))
        ) from None
    if not (isinstance(found, type) and issubclass(found, Bot)):
        raise PluginError(
            f"{target}: {attribute} is not a bot class; a bot subclasses plyground.bots.Bot "
            "(from plyground.bots import Bot)" + then_lines(_defined_at(found))
        )
    if inspect.isabstract(found):
        raise PluginError(
            f"{target}: {attribute} does not define choose(self, state, limit, on_info)"
            + then_lines(_defined_at(found))
        )
    if not hasattr(found, "NAME"):
        found.NAME = found.__name__
    if not hasattr(found, "DESCRIPTION"):
        found.DESCRIPTION = (inspect.getdoc(found) or "").split("\n", 1)[0]
    file = str(Path(module).expanduser().resolve()) if is_file_target(target) else module
    found.SOURCE = f"{file}:{attribute}"
    return found


def make_user_bot(cls: type[Bot], target: str, settings: dict[str, object]) -> Bot:
    """``cls(**settings)``; an error in the user's ``__init__`` is one PluginError line."""
    try:
        return cls(**settings)
    except PlygroundError:
        raise
    except Exception as error:  # the user's constructor failed
        raise PluginError(
            f"bot {target!r} failed to start ({raised_at(error)}): {type(error).__name__}: {error}"
            + then_lines(user_traceback(error))
        ) from None


def _defined_at(found: object) -> str:
    """Where the user's class (or other object) ``found`` is defined, as a traceback
    frame with its first line; '' when Python cannot tell."""
    if not isinstance(found, type):
        return ""
    try:
        filename = inspect.getsourcefile(found)
        _, lineno = inspect.getsourcelines(found)
    except (OSError, TypeError):
        return ""
    return "" if filename is None else source_lines(filename, lineno, "<module>")
