"""``plyground serve``: the browser app on a local web server."""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import threading
import webbrowser
from types import FrameType

from plyground.arena.play.run_options import RunOptions
from plyground.cli.groups import TERMINATED, command
from plyground.core.errors import PlygroundError
from plyground.web.config import CLIENT_LIMITS, WEB_SETTINGS, WebSettings

__all__ = ["register"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


@command(
    "serve",
    help="play in the browser: start the web app",
    description="Start the web app: play the Adjacency Strategy Game, tic-tac-toe, Nine "
    "Men's Morris and 2048 against the bots, solve N-Queens, watch bots play each other, "
    "review finished games. Open the address it prints.",
)
def register(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve``."""
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on "
                        f"(default {DEFAULT_HOST}; 0.0.0.0 for every interface)")  # fmt: skip
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port (default {DEFAULT_PORT}; 0 picks a free one)")  # fmt: skip
    _setting_option(parser, "think_cap", "SECONDS")
    _setting_option(parser, "grace", "SECONDS", "seconds past its limit a bot may take before "
                    "its answer counts as a timeout")  # fmt: skip
    _setting_option(parser, "workers")
    _setting_option(parser, "max_games")
    _setting_option(parser, "expiry", "SECONDS",
                    "forget a game this long after its last activity")  # fmt: skip
    _setting_option(parser, "unwatched", "SECONDS", "a game's bots play on this long after "
                    "its last viewer left, then stop until one is back")  # fmt: skip
    _setting_option(parser, "policy", None, "what a bot's rule break (late, illegal or "
                    "crashed answer) costs: a random move played for it, or the game")  # fmt: skip
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="store every finished game in this SQLite database (the one "
                        "tournaments use), as tournament 'web'; default: keep games in memory "
                        "only")  # fmt: skip
    parser.add_argument("--bot", action="append", default=[], metavar="SPEC",
                        help="offer your own bot in the page, run as its own process that "
                        "the server kills when it overruns: engine:COMMAND (quoted, e.g. "
                        "--bot 'engine:java -cp . MyBot') or FILE.py:CLASS[:settings]; may "
                        "be given more than once (docs/web.md)")  # fmt: skip
    parser.add_argument("--engines", metavar="DIR", default=None,
                        help="offer every bot of a class folder (a subfolder with an "
                        "engine.toml each, as for tournaments; built first)")  # fmt: skip
    _setting_option(parser, "analysis_time", "SECONDS", "analysis (review, analysis board): "
                    "seconds per position for an exact solve, then as long for the "
                    "engine")  # fmt: skip
    _setting_option(
        parser,
        "blunder",
        "MARKS",
        "analysis: marks lost that make a blunder (none: the game's analyser's own)",
    )
    parser.add_argument("--allowed-host", action="append", default=[], metavar="HOST",
                        help="also answer requests for this host name (the Host header), "
                        "such as the name a reverse proxy or the class uses; may be given more "
                        "than once (docs/web.md, security model)")  # fmt: skip
    for name in CLIENT_LIMITS:  # what one client may use: each a WebSettings setting
        _setting_option(parser, name)
    parser.add_argument("--open", action="store_true", help="open the page in a browser")
    parser.set_defaults(handler=_serve)


def _setting_option(
    parser: argparse.ArgumentParser,
    name: str,
    metavar: str | None = None,
    help: str | None = None,
) -> None:
    """``--NAME`` for the web setting ``name``: its type, default and choices as
    :data:`~plyground.web.config.WEB_SETTINGS` declares them, and ``help`` (default: the
    setting's own) with the default after it, when it has one (a help that says what no
    value means is enough)."""
    setting = next(setting for setting in WEB_SETTINGS if setting.name == name)
    parser.add_argument(
        f"--{name.replace('_', '-')}",
        type=setting.kind,
        default=setting.default,
        choices=setting.choices,
        metavar=metavar,
        help=(help or setting.help) + ("" if setting.default is None else " (default %(default)s)"),
    )


def _offer_bots(specs: list[str], engines: str | None) -> list[str]:
    """Offer each ``--bot`` and every bot of ``--engines`` in the page (each checked now:
    an engine is started once and names itself); the lines that say what is offered."""
    from plyground.web.own_bots import offer_bot, offer_engines

    run = RunOptions()
    said = [f"offering {offer_bot(spec, run)!r} ({spec})" for spec in specs]
    if engines is not None:
        names, problems = offer_engines(engines, run)
        said += [f"offering {name!r} (from {engines})" for name in names]
        said += [f"left out {problem}" for problem in problems]
    return said


def _serve(args: argparse.Namespace) -> int:
    # every web setting this command declares a flag for, by the setting's own name
    settings = WebSettings(
        **{s.name: getattr(args, s.name) for s in WEB_SETTINGS if hasattr(args, s.name)}
    )
    offered = _offer_bots(args.bot, args.engines)
    if not 0 <= args.port <= 65535:
        raise PlygroundError(f"port must be 0 to 65535, got {args.port}")
    try:
        import uvicorn

        from plyground.web.app import create_app
        from plyground.web.hosts import host_policy
        from plyground.web.serving import QuietServer
    except ImportError as error:
        raise PlygroundError(
            f"the web app needs the 'web' extra ({error.name} is missing): "
            "pip install 'plyground[web]'"
        ) from None
    where = f"{args.host}:{args.port}"
    try:  # a host name that is no address of this machine's
        socket.getaddrinfo(args.host, args.port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise PlygroundError(f"cannot listen on {where}: {error.strerror}") from None
    try:  # bind first, so a busy port is one clear line and the printed address is true
        sock = socket.create_server((args.host, args.port))
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise PlygroundError(f"cannot listen on {where}: {reason}") from None
    if args.db is not None:  # a database that cannot be used is one clear error, now
        from plyground.arena.storage.store import RecordStore

        try:  # after the bind: a refused serve leaves no new file
            RecordStore(args.db).close()
        except PlygroundError:
            sock.close()
            raise
    # Accepted connections inherit this; without it a kept-alive connection waits
    # for delayed ACKs (about 40 ms a request).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}"
    print(f"plyground: serving the web app at {url}  (Ctrl+C stops it)", flush=True)
    for line in offered:
        print(f"plyground: {line}", flush=True)
    if args.open:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    app = create_app(settings, host_policy(args.host, args.allowed_host))
    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=3,  # open event streams must not hold up Ctrl+C
    )
    server = QuietServer(config)
    # uvicorn stops as gently on SIGTERM (a service manager's stop) as on Ctrl+C, then
    # raises the signal again under the handler it found. Python's default one would end
    # the process before its exit handlers ran: the worker pool's semaphores would leak,
    # and Python's resource tracker would print a warning about them.
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        server.run(sockets=[sock])
    except _TerminatedError:
        print("plyground serve: stopped by SIGTERM", file=sys.stderr)
        return TERMINATED
    finally:
        signal.signal(signal.SIGTERM, previous)
        sock.close()
    return 0 if server.started else 1


class _TerminatedError(Exception):
    """SIGTERM, raised once the server has stopped and handed the signal back."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise _TerminatedError
