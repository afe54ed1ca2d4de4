"""A page of the classroom server as an attacker sees it: the Jupyter messages over its websocket, by hand.

:class:`Page` opens a real websocket to a real server on 127.0.0.1 (with any ``Origin`` and ``Host``
it is told to send), starts the app as the browser does (a ``solara.control`` comm and its ``run``),
collects the widgets the server opens, and sends whatever messages a test wants: the widget
protocol's own, ipyvue's ``create_widget``, a comm to a target of its choice. Used by
``tests/test_classroom_attacks.py`` and ``benchmarks/classroom_pages.py``.
"""

from __future__ import annotations

import itertools
import json
import socket
import struct
import time
import urllib.request
import uuid
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

__all__ = ["ConnectionClosed", "InvalidStatus", "Page", "http_get"]


def http_get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """Status, headers (names in lower case) and body of a GET (redirects not followed)."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with opener.open(request, timeout=20) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read().decode("utf-8", "replace")


def decode(frame: str | bytes) -> dict[str, Any]:
    """A message from the server: JSON text, or Jupyter's binary framing (count, offsets, parts)."""
    if isinstance(frame, str):
        return json.loads(frame)
    count = struct.unpack("!i", frame[:4])[0]
    offsets = [*struct.unpack("!" + "I" * count, frame[4:4 * (count + 1)]), len(frame)]
    message = json.loads(frame[offsets[0]:offsets[1]].decode())
    message["buffers"] = [frame[a:b] for a, b in zip(offsets[1:-1], offsets[2:])]
    return message


_devices = itertools.count(2)


def new_device() -> str:
    """A loopback address no page of this process has used: the server sees another device."""
    number = next(_devices)
    return f"127.0.{number // 250}.{number % 250 + 2}"


class Page:
    """One page's websocket, from the loopback address ``device`` (a new one each page unless given).
    ``origin`` and ``host`` default to the server's own address."""

    def __init__(self, base: str, origin: str | None = "", host: str | None = None, cookie: str = "",
                 kernel: str | None = None, device: str | None = None) -> None:
        self.base = base.rstrip("/")
        self.kernel = kernel or str(uuid.uuid4())
        self.session = str(uuid.uuid4())
        headers = {}
        if cookie:
            headers["Cookie"] = cookie
        if host is not None:
            headers["Host"] = host
        address = self.base.replace("http://", "ws://") + f"/jupyter/api/kernels/{self.kernel}/channels?session_id={self.session}"
        self.device = device or new_device()
        server = address.split("/")[2].rsplit(":", 1)
        raw = socket.socket()
        raw.bind((self.device, 0))
        raw.settimeout(20)
        raw.connect((server[0], int(server[1])))
        self.socket = connect(address, sock=raw, legacy=True, origin=(self.base if origin == "" else origin), additional_headers=headers,
                              open_timeout=20, max_size=64 * 1024 * 1024)
        self.widgets: dict[str, dict[str, Any]] = {}  # comm id -> the widget's state as opened
        self.received: list[dict[str, Any]] = []

    def close(self) -> None:
        self.socket.close()

    def send(self, msg_type: str, content: dict[str, Any], channel: str = "shell") -> None:
        header = {"msg_id": str(uuid.uuid4()), "msg_type": msg_type, "session": self.session, "username": "",
                  "date": "", "version": "5.3"}
        self.socket.send(json.dumps({"header": header, "parent_header": {}, "metadata": {}, "content": content,
                                     "channel": channel, "buffers": []}))

    def open_comm(self, target: str, data: dict[str, Any] | None = None) -> str:
        comm = str(uuid.uuid4())
        self.send("comm_open", {"comm_id": comm, "target_name": target, "data": data or {}})
        return comm

    def comm_msg(self, comm: str, data: dict[str, Any]) -> None:
        self.send("comm_msg", {"comm_id": comm, "data": data})

    def custom(self, comm: str, content: dict[str, Any]) -> None:
        """A widget's custom message (what ipyvue's front end sends for events and ``create_widget``)."""
        self.comm_msg(comm, {"method": "custom", "content": content})

    def run_app(self, path: str = "", timeout: float = 60) -> None:
        """Start the app as the browser does, and collect the widgets it opens."""
        control = self.open_comm("solara.control")
        self.comm_msg(control, {"method": "run", "args": {"path": path, "appName": "__default__"}})
        self.receive_until(lambda m: m.get("content", {}).get("data", {}).get("method") == "finished", timeout)

    def receive_until(self, done: Any, timeout: float = 30) -> dict[str, Any]:
        """Read messages until ``done(message)``; AssertionError after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                message = decode(self.socket.recv(timeout=max(0.05, deadline - time.monotonic())))
            except TimeoutError:
                break
            self.received.append(message)
            kind, content = message.get("header", {}).get("msg_type"), message.get("content", {})
            if kind == "comm_open":
                self.widgets[content["comm_id"]] = dict(content.get("data", {}).get("state", {}))
            elif kind == "comm_msg" and content.get("data", {}).get("method") in ("update", "echo_update"):
                self.widgets.setdefault(content["comm_id"], {}).update(content["data"].get("state", {}))
            if done(message):
                return message
        raise AssertionError(f"no such message within {timeout} s")

    def drain(self, seconds: float = 1.0) -> None:
        """Read whatever arrives for ``seconds``."""
        try:
            self.receive_until(lambda m: False, seconds)
        except AssertionError:
            pass

    def update(self, comm: str, **state: Any) -> None:
        """Set widget values as the browser does when a user types or chooses."""
        self.comm_msg(comm, {"method": "update", "state": state, "buffer_paths": []})

    def click(self, comm: str) -> None:
        """Click a Vuetify button."""
        self.custom(comm, {"event": "click", "data": {}})

    def find(self, model: str, **state: Any) -> str:
        """The comm id of the newest widget of ``model`` whose state has these values."""
        found = [comm for comm, values in self.widgets.items() if values.get("_model_name") == model
                 and all(values.get(k) == v for k, v in state.items())]
        assert found, f"no {model} with {state} among {len(self.widgets)} widgets"
        return found[-1]

    def texts(self) -> str:
        """Every text the page's widgets show now (HTML values, labels, button texts)."""
        parts = []
        for values in self.widgets.values():
            for key in ("value", "label", "description", "children", "v_model", "unsafe_innerHTML"):
                value = values.get(key)
                if isinstance(value, str):
                    parts.append(value)
                elif isinstance(value, list):
                    parts.extend(v for v in value if isinstance(v, str) and not v.startswith("IPY_MODEL_"))
        return "\n".join(parts)

    def widgets_named(self, model: str) -> list[str]:
        """Comm ids of the opened widgets whose model is ``model`` (e.g. ``"VueTemplateModel"``)."""
        return [comm for comm, state in self.widgets.items() if state.get("_model_name") == model]
