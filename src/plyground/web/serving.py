"""Running the app under uvicorn so that a stop is quiet with tabs still open.

A page keeps its game's event stream open; uvicorn waits for open
connections on shutdown and, after its grace, cancels them with a
``CancelledError`` traceback. :class:`QuietServer` tells the app's
:class:`~plyground.web.sessions.GameService` to end its streams the
moment a stop is asked, so they close first and the shutdown is silent.
"""

from __future__ import annotations

from types import FrameType

import uvicorn

__all__ = ["QuietServer"]


class QuietServer(uvicorn.Server):
    """A uvicorn server that ends the app's event streams as soon as it is asked to stop."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        app = self.config.app
        service = getattr(getattr(app, "state", None), "service", None)
        if service is not None:
            service.request_stop()
        super().handle_exit(sig, frame)
