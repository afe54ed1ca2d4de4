"""What the classroom server lets in: the gate in front of its pages, and the widget messages it refuses.

A school network is a hostile place, so every request passes :class:`Gate` (an ASGI middleware in
front of Solara) before any page or kernel exists:

- **Host and Origin.** The ``Host`` of every request and the ``Origin`` of every websocket (and of any
  request that carries one) must be an address the server was started for (:func:`allowed_hosts`);
  anything else, such as a page of another website the teacher visits or a DNS-rebinding name, is
  refused with 403.
- **Only the pages' own paths.** Solara's diagnostics and sign-in routes are answered 404.
- **The teacher's login.** ``/teacher?key=…`` and ``/projector?key=…`` exchange a one-time key for an
  HttpOnly cookie and redirect to the address without it, so no secret stays in an address bar.
- **Bounded pages.** Each device (network address) may hold :attr:`PageLimits.per_device` pages (live
  websockets, and the page kernels they leave behind until Solara culls them), and the whole server
  :attr:`PageLimits.in_all`.
- **The device's address** is passed to the pages in the ``x-mln-device`` header (whatever a client
  sent under that name is dropped), so the join throttle counts attempts by device.

:func:`harden_widgets` closes the widget messages by which a page could name a Python module, class or
function for the server to import and call (ipyvue's ``create_widget``, ``update_ref`` and references
to methods), and the widgets that a page could ask the server to create: what is left is what the pages
use, an event to a method the widget itself declares (``vue_*``) and the widget protocol's own updates.

Examples
--------
>>> sorted(allowed_hosts("127.0.0.1", 8765))
['127.0.0.1:8765', '[::1]:8765', 'localhost:8765']
>>> "192.168.1.20" in allowed_hosts("0.0.0.0", 80, extra=["192.168.1.20"]), "evil.example" in allowed_hosts("0.0.0.0", 80)
(True, False)
>>> is_allowed_origin("http://127.0.0.1:8765", {"127.0.0.1:8765"}), is_allowed_origin("http://evil.example", {"127.0.0.1:8765"})
(True, False)
"""

from __future__ import annotations

import logging
import threading
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..words import word

#: The header through which the gate tells the pages the device's network address.
DEVICE_HEADER = "x-mln-device"
#: The cookie that holds the teacher's secret in the teacher's browser.
TEACHER_COOKIE = "mln_teacher"
#: Paths of Solara's that the pages never use: answered 404.
CLOSED_PATHS = ("/resourcez", "/readyz", "/_solara/auth/", "/_solara/api/evict/")
#: Pages that take the teacher's one-time key.
TEACHER_PATHS = ("/teacher", "/projector")
#: The websocket path of a page's kernel.
KERNEL_PREFIX = "/jupyter/api/kernels/"
#: The comm targets a page may open: Solara's control channel and the widget protocol's own.
ALLOWED_COMM_TARGETS = ("solara.control", "jupyter.widget.control")

_log = logging.getLogger(__name__)

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> set[str]:
    """The ``Host`` values a request may carry: this computer's loopback names, and when the server
    listens on the network, the addresses it was started for (``extra``: its address on the
    classroom network and any name given with ``--allow-host``). A value is ``name:port``, and
    also the bare name when the port is 80."""
    names = {"127.0.0.1", "localhost", "[::1]", *extra}
    if host not in ("0.0.0.0", "::", "", "127.0.0.1", "localhost"):
        names.add(host)
    hosts = {f"{name}:{port}" for name in names}
    if port == 80:
        hosts |= names
    return hosts


def is_allowed_origin(origin: str, hosts: set[str]) -> bool:
    """True when ``origin`` (``http://host:port``) is one of the server's own ``hosts``."""
    parts = urllib.parse.urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc in hosts and not parts.path.strip("/")


@dataclass
class PageLimits:
    """How many pages (kernels) a device may hold, and the whole server.

    A kernel counts from its first connection until it has been gone ``linger`` seconds (the time
    Solara keeps a dropped page's kernel before culling it), so opening and dropping pages in a loop
    gains nothing.

    >>> clock = [0.0]
    >>> limits = PageLimits(per_device=2, in_all=3, linger=60, now=lambda: clock[0])
    >>> limits.admit("a", "k1"), limits.admit("a", "k2"), limits.admit("a", "k3"), limits.admit("b", "k4")
    (True, True, False, True)
    >>> limits.admit("c", "k5")
    False
    >>> limits.leave("a", "k1"); clock[0] = 61.0
    >>> limits.admit("c", "k5"), limits.admit("a", "k1")
    (True, False)
    """

    per_device: int = 12
    in_all: int = 200
    linger: float = 150.0
    now: Callable[[], float] = time.monotonic
    _open: dict[str, dict[str, int]] = field(default_factory=dict)  # device -> kernel -> open sockets
    _left: dict[str, dict[str, float]] = field(default_factory=dict)  # device -> kernel -> when it was left
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def admit(self, device: str, kernel: str) -> bool:
        """Count a connection of ``device`` to ``kernel``; False (and nothing counted) when over a limit.
        A kernel the device already holds may always reconnect."""
        with self._lock:
            self._forget_old()
            held = self._open.setdefault(device, {})
            left = self._left.setdefault(device, {})
            known = kernel in held or kernel in left
            if not known:
                if len(held) + len(left) >= self.per_device or self._count() >= self.in_all:
                    return False
            left.pop(kernel, None)
            held[kernel] = held.get(kernel, 0) + 1
            return True

    def leave(self, device: str, kernel: str) -> None:
        """A connection of ``device`` to ``kernel`` has closed."""
        with self._lock:
            held = self._open.get(device, {})
            if kernel in held:
                held[kernel] -= 1
                if held[kernel] <= 0:
                    del held[kernel]
                    self._left.setdefault(device, {})[kernel] = self.now()

    def pages(self) -> int:
        """Kernels counted now (open, or left less than ``linger`` seconds ago)."""
        with self._lock:
            self._forget_old()
            return self._count()

    def _count(self) -> int:
        return sum(len(k) for k in self._open.values()) + sum(len(k) for k in self._left.values())

    def _forget_old(self) -> None:
        limit = self.now() - self.linger
        for device, kernels in list(self._left.items()):
            for kernel, when in list(kernels.items()):
                if when < limit:
                    del kernels[kernel]
            if not kernels and not self._open.get(device):
                self._left.pop(device, None)
                self._open.pop(device, None)


class Gate:
    """The ASGI middleware in front of the Solara app (see the module's docstring).

    ``redeem`` exchanges a teacher's one-time key for the cookie's value (``""`` when the key is not
    valid); ``lang`` is the language of the refusals the gate writes itself.
    """

    def __init__(self, app: ASGIApp, hosts: set[str], redeem: Callable[[str], str], limits: PageLimits,
                 lang: str = "ru") -> None:
        self.app = app
        self.hosts = hosts
        self.redeem = redeem
        self.limits = limits
        self.lang = lang

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)  # lifespan
            return
        headers = [(k, v) for k, v in scope.get("headers", []) if k.lower() != DEVICE_HEADER.encode()]
        values = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in headers}
        path = scope.get("path", "")
        device = (scope.get("client") or ("unknown", 0))[0]
        if values.get("host", "") not in self.hosts:
            _log.warning("refused %s from %s: Host %r", path, device, values.get("host", ""))
            await self._refuse(scope, send, 403, "classroom.refused_host")
            return
        origin = values.get("origin")
        if (origin is not None or scope["type"] == "websocket") and not is_allowed_origin(origin or "", self.hosts):
            _log.warning("refused %s from %s: Origin %r", path, device, origin)
            await self._refuse(scope, send, 403, "classroom.refused_origin")
            return
        if any(path == closed.rstrip("/") or path.startswith(closed) for closed in CLOSED_PATHS):
            await self._refuse(scope, send, 404, "classroom.refused_path")
            return
        if scope["type"] == "http" and path in TEACHER_PATHS and "key" in urllib.parse.parse_qs(scope.get("query_string", b"").decode("latin-1")):
            await self._login(scope, send, path)
            return
        scope = dict(scope, headers=[*headers, (DEVICE_HEADER.encode(), device.encode("latin-1", "replace"))])
        if scope["type"] == "websocket" and path.startswith(KERNEL_PREFIX):
            kernel = path[len(KERNEL_PREFIX):].split("/", 1)[0]
            if not self.limits.admit(device, kernel):
                _log.warning("refused a page to %s: %d pages are open", device, self.limits.pages())
                await send({"type": "websocket.close", "code": 1008})
                return
            try:
                await self.app(scope, receive, send)
            finally:
                self.limits.leave(device, kernel)
            return
        await self.app(scope, receive, send)

    async def _login(self, scope: Scope, send: Send, path: str) -> None:
        """Exchange ``?key=`` for the teacher's cookie and send the browser to the address without it."""
        key = urllib.parse.parse_qs(scope.get("query_string", b"").decode("latin-1")).get("key", [""])[0]
        secret = self.redeem(key)
        headers = [(b"location", path.encode()), (b"cache-control", b"no-store"), (b"referrer-policy", b"no-referrer")]
        if secret:
            cookie = f"{TEACHER_COOKIE}={secret}; Path=/; HttpOnly; SameSite=Strict; Max-Age={12 * 3600}"
            headers.append((b"set-cookie", cookie.encode()))
        else:
            _log.warning("a teacher's link with an unknown or used key from %s", (scope.get("client") or ("?",))[0])
        await send({"type": "http.response.start", "status": 303, "headers": headers})
        await send({"type": "http.response.body", "body": b""})

    async def _refuse(self, scope: Scope, send: Send, status: int, key: str) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        text = " / ".join(word(lang, key) for lang in (self.lang, "en" if self.lang == "ru" else "ru"))
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": text.encode()})


# ---------------------------------------------------------------------- widget messages
def _event_only(original: Callable[..., None]) -> Callable[..., None]:
    """ipyvue's message handler, passed only an event for a ``vue_*`` method the widget declares."""

    def handle(self: Any, widget: Any, content: Any, buffers: Any) -> None:
        if (isinstance(content, dict) and set(content) <= {"event", "data"} and isinstance(content.get("event"), str)
                and content["event"] in getattr(self, "events", ())):
            original(self, widget, content, buffers)
            return
        _log.warning("refused a widget message of the kinds %s", sorted(content)[:5] if isinstance(content, dict) else type(content).__name__)

    handle.__wrapped__ = original  # type: ignore[attr-defined]
    return handle


def _own_targets(original: Callable[..., Any]) -> Callable[..., Any]:
    """A comm manager's ``comm_open``, passed only the targets the pages open."""

    def comm_open(self: Any, stream: Any, ident: Any, msg: Any) -> Any:
        content = msg.get("content", {}) if isinstance(msg, dict) else {}
        if content.get("target_name") in ALLOWED_COMM_TARGETS:
            return original(self, stream, ident, msg)
        _log.warning("refused a page's request to open a comm to %r", content.get("target_name"))
        return None

    comm_open.__wrapped__ = original  # type: ignore[attr-defined]
    return comm_open


def harden_widgets() -> None:
    """Close, in this process, every widget message by which a page names Python to import or call.

    ipyvue's template widgets answer ``create_widget`` (import a module, call an attribute),
    ``update_ref`` (set any attribute of any widget) and references to the widget's methods; its
    plain widgets answer events for handlers registered on them only, which stays. A page may
    also not open a comm to create a widget of its choice. Calling this twice changes nothing more.
    """
    import ipykernel.comm
    import ipyvue.VueTemplateWidget as template

    if not hasattr(template.Events._handle_event, "__wrapped__"):
        template.Events._handle_event = _event_only(template.Events._handle_event)  # type: ignore[method-assign]
    manager = ipykernel.comm.CommManager
    if not hasattr(manager.comm_open, "__wrapped__"):
        manager.comm_open = _own_targets(manager.comm_open)  # type: ignore[method-assign]
