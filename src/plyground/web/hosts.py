"""The Host header check: the server answers only for the hosts it was started for.

A page on another site can make a browser send requests here through a
name it controls that it points at this machine (DNS rebinding); such a
request names that site in its Host header. So every request whose Host is
not allowed is refused with 421 and a sentence. Allowed:

- bound to a loopback address: ``localhost``, ``127.0.0.1`` and ``::1``;
- bound to every interface (``0.0.0.0``, ``::``) or to one address: that
  address, the machine's names (its host name, fully qualified name and
  ``NAME.local``), the loopback names, and any address written as an IP
  literal (a browser sends an address only when the page's own origin is
  that address: no rebinding goes through one);
- and in every case each name given with ``--allowed-host``.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["LOOPBACK_NAMES", "HostCheck", "HostPolicy", "host_policy"]

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""The hosts a server bound to a loopback address answers for."""


@dataclass(frozen=True)
class HostPolicy:
    """The Host header values a server accepts: ``names``, and any IP literal if
    ``addresses``."""

    names: frozenset[str] = LOOPBACK_NAMES
    addresses: bool = False

    def allows(self, host: str) -> bool:
        """Whether a request with this Host header (port and brackets allowed) is ours."""
        name = _host_name(host)
        if name in self.names:
            return True
        return self.addresses and _is_address(name)


def host_policy(bound: str, allowed: Iterable[str] = ()) -> HostPolicy:
    """The hosts a server bound to address ``bound`` answers for, with the names of
    ``--allowed-host`` (see the module's docstring)."""
    extra = {_host_name(host) for host in allowed}
    host = _host_name(bound)
    if _is_loopback(host):
        return HostPolicy(LOOPBACK_NAMES | extra)
    names = set(LOOPBACK_NAMES | extra)
    machine = socket.gethostname().lower()
    names |= {machine, socket.getfqdn().lower(), f"{machine}.local"}
    if host not in ("", "0.0.0.0", "::"):
        names.add(host)
    return HostPolicy(frozenset(names), addresses=True)


class HostCheck:
    """ASGI middleware: answer 421 and a sentence to a request whose Host is not allowed."""

    def __init__(self, app: ASGIApp, policy: HostPolicy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1")
        if self.policy.allows(host):
            await self.app(scope, receive, send)
            return
        shown = _host_name(host) or "(none)"
        message = (
            f"this server does not answer for the host {shown!r}: open it by an address it "
            f"was started for, or start it with --allowed-host {shown}"
            if host
            else "the request has no Host header: this server answers only for its own hosts"
        )
        await JSONResponse({"error": message}, status_code=421)(scope, receive, send)


def _host_name(host: str) -> str:
    """A Host header's name: without port, brackets and a final dot, in lower case."""
    host = host.strip().lower()
    if host.startswith("["):  # [::1]:8000
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:  # name:port (a bare IPv6 address has several colons)
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _is_loopback(name: str) -> bool:
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False
