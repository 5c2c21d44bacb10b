"""Finding a hosted game on the same network without typing its address: while a host waits
for the other player, it broadcasts a small UDP datagram every second saying its port and
the code's first characters (``codes.TAG``, never the rest); a joiner that has only the code
listens for one whose tag matches and connects to the address it came from.

Standard library only (no zeroconf): a datagram to the broadcast address reaches every
machine of the local network, and none beyond it. A beacon is checked as strictly as any
message (``parse``): at most ``MAX_BEACON`` bytes, one JSON object with exactly its fields.
What a forged beacon can do is in docs/network.md.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import dataclass
from typing import Final

from othello.app.network import codes
from othello.app.network.protocol import VERSION, plain_text

BEACON_PORT: Final = 41_752
"""The UDP port beacons go to (a joiner listens on it)."""
BROADCAST: Final = ("255.255.255.255", BEACON_PORT)
EVERY: Final = 1.0
"""Seconds between a host's beacons."""
MAX_BEACON: Final = 256
FIND_WITHIN: Final = 15.0
"""Seconds a joiner listens for the host's beacon before it says none was heard."""


@dataclass(frozen=True)
class Heard:
    """A beacon: the host's address (where the datagram came from), port, tag and name."""

    address: str
    port: int
    tag: str
    name: str


def beacon_bytes(tag: str, port: int, name: str) -> bytes:
    value = {"t": "othello", "v": VERSION, "tag": tag, "port": port, "name": name[:40]}
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()[:MAX_BEACON]


def parse(data: bytes, address: str) -> Heard | None:
    """A datagram as a beacon, or None for anything else (never an error: anyone may send)."""
    if len(data) > MAX_BEACON:
        return None
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if type(value) is not dict or set(value) != {"t", "v", "tag", "port", "name"}:
        return None
    tag, port, name = value["tag"], value["port"], value["name"]
    if value["t"] != "othello" or value["v"] != VERSION or type(port) is not int:
        return None
    if not 0 < port < 65536 or type(tag) is not str or len(tag) != codes.TAG:
        return None
    if any(c not in codes.ALPHABET for c in tag):
        return None
    try:
        name = plain_text(name, 40)
    except ValueError:
        return None
    return Heard(address, port, tag, name)


class Beacon:
    """A host's beacon, on a thread of its own until ``stop``."""

    def __init__(self, tag: str, port: int, name: str, to: tuple[str, int] = BROADCAST) -> None:
        self._data = beacon_bytes(tag, port, name)
        self._to = to
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="othello-beacon", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
                while not self._stopped.is_set():
                    try:
                        sock.sendto(self._data, self._to)
                    except OSError:
                        pass  # no network now (a cable out): the next second tries again
                    self._stopped.wait(EVERY)
        except OSError:
            return  # no datagram socket at all: the game is found by its address

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=5)


class Listener:
    """A joiner's ear for beacons: bound at once (so a test knows its port), read by
    ``find``."""

    def __init__(self, port: int = BEACON_PORT, bind: str = "") -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):  # two joiners on one machine (two windows)
            try:
                self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            except OSError:
                pass
        self.sock.bind((bind, port))
        self.port: int = self.sock.getsockname()[1]

    def find(self, tag: str, within: float = FIND_WITHIN) -> Heard | None:
        """The first beacon with ``tag`` heard within ``within`` seconds, else None."""
        end = time.monotonic() + within
        try:
            while (left := end - time.monotonic()) > 0:
                self.sock.settimeout(min(left, 1.0))
                try:
                    data, (address, _port) = self.sock.recvfrom(MAX_BEACON + 1)
                except TimeoutError:
                    continue
                heard = parse(data, address)
                if heard is not None and heard.tag == tag:
                    return heard
            return None
        finally:
            self.sock.close()
