"""Layer 6: the browser front end, ``plyground serve`` (needs the ``web`` extra).

>>> from plyground.web import WebSettings
>>> WebSettings(think_cap=5).think_cap
5.0
"""

from plyground.web.config import WebSettings

__all__ = ["WebSettings", "create_app"]


def __getattr__(name: str) -> object:
    # create_app imports FastAPI: only on demand, so WebSettings works without the extra.
    if name == "create_app":
        from plyground.web.app import create_app

        return create_app
    raise AttributeError(f"module 'plyground.web' has no attribute {name!r}")
