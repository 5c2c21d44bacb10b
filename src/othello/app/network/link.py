"""The connection between two windows, on a thread of its own: the frame loop never waits on
the network. It hands what happened to the window through a queue (``poll``, each frame)
and takes messages to send from it (``send``, which only queues them).

A host listens on one port while its game goes on, lets in one player at a time who proves
the code (a challenge and an HMAC, ``codes``), refuses anyone else, and stops listening for
good after ``codes.TRIES`` wrong codes or ``close``. A joiner connects, answers the
challenge, and is in. Every line read is bounded (``protocol.MAX_LINE``) and counted
(``protocol.RateLimit``); anything malformed ends the connection with a ``Bye`` to the
peer and a ``Dropped`` with its fault to this window, whose game stays as it was.
"""

from __future__ import annotations

import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from othello.app.network import codes
from othello.app.network.beacon import Listener
from othello.app.network.protocol import (
    MAX_LINE,
    VERSION,
    Bye,
    ByeReason,
    Challenge,
    Fault,
    Hello,
    Message,
    Ping,
    ProtocolError,
    RateLimit,
    Refusal,
    Refused,
    encode,
    parse,
)

PING_EVERY: Final = 5.0
"""Seconds between the pings that tell the peer this side is still there."""
SILENCE: Final = 30.0
"""Seconds without a line from the peer before the connection counts as dropped."""
PROVE_WITHIN: Final = 10.0
"""Seconds a new connection has to prove the code."""
CONNECT_WITHIN: Final = 10.0
MAX_WAITING: Final = 8
"""Connections a host lets wait to prove the code at once; more are closed as they come, so a
flood of connections costs the host a few sockets, never its frames."""
NOT_HEARD: Final = "no game with this code was heard on this network"


# ----- what the window hears -------------------------------------------------------------


@dataclass(frozen=True)
class Listening:
    """The host's port is open."""

    port: int


@dataclass(frozen=True)
class Joined:
    """A peer proved the code (on the host: with its name), or the host let this side in."""

    name: str


@dataclass(frozen=True)
class Received:
    message: Message


@dataclass(frozen=True)
class Dropped:
    """The connection ended: ``fault`` when a side broke the protocol (``by_peer``: the peer
    said so in its Bye), ``bye`` the reason the peer gave, neither for a lost connection."""

    fault: Fault | None
    bye: ByeReason | None
    detail: str
    by_peer: bool = False


@dataclass(frozen=True)
class WrongCode:
    """Someone tried a wrong code (the host); ``tries_left`` before it stops listening."""

    tries_left: int


@dataclass(frozen=True)
class Turned:
    """The host turned this side away (the joiner)."""

    reason: Refusal


@dataclass(frozen=True)
class Unreachable:
    """No connection could be made (the joiner), or the host's port could not be opened."""

    detail: str


@dataclass(frozen=True)
class Stopped:
    """The host stopped listening: after too many wrong codes, or when asked."""

    wrong_codes: bool


LinkEvent = Listening | Joined | Received | Dropped | WrongCode | Turned | Unreachable | Stopped


class _Order(Enum):
    """What the window asks of the thread besides sending."""

    CLOSE = "close"
    UNLISTEN = "unlisten"


class _Peer:
    """One connection: its socket, what is left to read and to write, its limits."""

    def __init__(
        self, sock: socket.socket, now: Callable[[], float], rate_now: Callable[[], float]
    ) -> None:
        sock.setblocking(False)
        self.sock = sock
        self.inbox = bytearray()
        self.outbox = bytearray()
        self.rate = RateLimit(rate_now)
        self.heard = now()
        self.pinged = now()
        self.nonce = ""
        self.proven = False
        self.closing = False  # a Bye queued: close once it is written


class Link:
    """One side's connection, run on a thread; ``poll`` and ``send`` from the window."""

    def __init__(
        self,
        code: str,
        name: str,
        *,
        host: bool,
        address: str = "",
        port: int = 0,
        now: Callable[[], float] = time.monotonic,
        rate_now: Callable[[], float] = time.monotonic,
        listener: Listener | None = None,
    ) -> None:
        self.code = code
        self._listener_for_beacon = listener  # a joiner with no address finds the host so
        self.name = name
        self.is_host = host
        self.address = address
        self.port = port
        self._now = now
        self._rate_now = rate_now  # the game's time source: a test's moves at its own pace
        self._events: queue.Queue[LinkEvent] = queue.Queue()
        self._out: queue.Queue[Message | Fault | _Order] = queue.Queue()
        self._selector = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._listener: socket.socket | None = None
        self._peers: list[_Peer] = []
        self._keeper = codes.Doorkeeper(code)
        self._stop = False
        self.connected = False
        self._thread = threading.Thread(target=self._run, name="othello-link", daemon=True)

    @classmethod
    def hosting(
        cls,
        code: str,
        name: str,
        port: int = 0,
        bind: str = "",
        rate_now: Callable[[], float] = time.monotonic,
    ) -> Link:
        """Listen on ``port`` (0: any free port) of ``bind`` ("": every address)."""
        link = cls(code, name, host=True, address=bind, port=port, rate_now=rate_now)
        link._thread.start()
        return link

    @classmethod
    def joining(
        cls,
        code: str,
        name: str,
        address: str,
        port: int,
        rate_now: Callable[[], float] = time.monotonic,
        listener: Listener | None = None,
    ) -> Link:
        """Connect to ``address``:``port``; with no address, to the host whose beacon
        ``listener`` (the beacon port's, unless a test gives its own) hears first."""
        if not address and listener is None:
            try:
                listener = Listener()
            except OSError:
                listener = None  # the port is taken: said as unreachable below
        link = cls(
            code, name, host=False, address=address, port=port, rate_now=rate_now,
            listener=listener,
        )  # fmt: skip
        link._thread.start()
        return link

    # ----- the window's side ---------------------------------------------------------

    def poll(self) -> list[LinkEvent]:
        """Everything that happened since the last poll; never waits."""
        found: list[LinkEvent] = []
        while True:
            try:
                found.append(self._events.get_nowait())
            except queue.Empty:
                return found

    def wait(self, timeout: float) -> LinkEvent | None:
        """The next event, waiting up to ``timeout`` seconds (tests and the command line)."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def send(self, message: Message) -> None:
        """Queue ``message`` for the peer (dropped when no peer is connected)."""
        encode(message)  # a ValueError here, on this side, for what the peer would refuse
        self._out.put(message)
        self._wake()

    def drop(self, fault: Fault) -> None:
        """End the connection for ``fault`` (the peer broke the rules): a Bye, then closed."""
        self._out.put(fault)
        self._wake()

    def stop_listening(self) -> None:
        """Close the host's port (the game ended); the player at the table stays."""
        self._out.put(_Order.UNLISTEN)
        self._wake()

    def close(self) -> None:
        """Say goodbye, stop, and close every socket (the port is closed on return)."""
        if self._thread.is_alive():
            self._out.put(_Order.CLOSE)
            self._wake()
            self._thread.join(timeout=10)
        self._close_all()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"!")
        except OSError:
            pass  # a full wake buffer already wakes it; a closed one means it stopped

    # ----- the thread ----------------------------------------------------------------

    def _emit(self, event: LinkEvent) -> None:
        self._events.put(event)

    def _run(self) -> None:
        self._selector.register(self._wake_r, selectors.EVENT_READ)
        if self.is_host:
            try:
                self._listen()
            except OSError as err:
                self._emit(Unreachable(str(err)))
                self._close_all()
                return
        else:
            if not self.address and not self._find_host():
                self._close_all()
                return
            try:
                sock = socket.create_connection((self.address, self.port), CONNECT_WITHIN)
            except OSError as err:
                self._emit(Unreachable(str(err)))
                self._close_all()
                return
            self._add(_Peer(sock, self._now, self._rate_now))
        try:
            while not self._stop:
                self._step()
        finally:
            self._close_all()
            self._selector.close()

    def _find_host(self) -> bool:
        """No address given: the host's beacon tells it (False, said, when none is heard)."""
        listener = self._listener_for_beacon
        heard = listener.find(codes.tag(self.code)) if listener is not None else None
        if heard is None:
            self._emit(Unreachable(NOT_HEARD))
            return False
        self.address, self.port = heard.address, heard.port
        return True

    def _listen(self) -> None:
        family = socket.AF_INET6 if ":" in self.address else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((self.address, self.port))
        listener.listen(16)
        listener.setblocking(False)
        self._listener = listener
        self.port = listener.getsockname()[1]
        self._selector.register(listener, selectors.EVENT_READ)
        self._emit(Listening(self.port))

    def _add(self, peer: _Peer) -> None:
        self._peers.append(peer)
        self._selector.register(peer.sock, selectors.EVENT_READ, peer)

    def _step(self) -> None:
        for key, mask in self._selector.select(timeout=1.0):
            if key.fileobj is self._wake_r:
                try:
                    self._wake_r.recv(4096)
                except OSError:
                    pass
            elif key.fileobj is self._listener:
                self._accept()
            elif isinstance(key.data, _Peer):
                if mask & selectors.EVENT_READ:
                    self._read(key.data)
                if mask & selectors.EVENT_WRITE and key.data in self._peers:
                    self._flush(key.data)
        self._take_outgoing()
        self._keep_alive()

    def _accept(self) -> None:
        assert self._listener is not None
        try:
            sock, _ = self._listener.accept()
        except OSError:
            return
        if sum(not p.proven for p in self._peers) >= MAX_WAITING:
            sock.close()
            return
        peer = _Peer(sock, self._now, self._rate_now)
        self._add(peer)
        if any(p.proven for p in self._peers if p is not peer):
            self._queue(peer, Refused(Refusal.BUSY), closing=True)
            return
        peer.nonce = codes.new_nonce()
        self._queue(peer, Challenge(VERSION, peer.nonce))

    def _read(self, peer: _Peer) -> None:
        try:
            data = peer.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError as err:
            self._lost(peer, Dropped(None, None, str(err)))
            return
        if not data:
            self._lost(peer, Dropped(None, None, "the connection was closed"))
            return
        peer.heard = self._now()
        peer.inbox += data
        while peer in self._peers and not peer.closing:
            end = peer.inbox.find(b"\n")
            if end < 0:
                if len(peer.inbox) > MAX_LINE:
                    self._fault(peer, ProtocolError(Fault.TOO_LONG, "a line with no end"))
                return
            line = bytes(peer.inbox[: end + 1])
            del peer.inbox[: end + 1]
            try:
                if not peer.rate.take():
                    raise ProtocolError(Fault.TOO_FAST, "more lines than a person sends")
                message = parse(line)
            except ProtocolError as err:
                self._fault(peer, err)
                return
            self._heard(peer, message)

    def _heard(self, peer: _Peer, message: Message) -> None:
        if isinstance(message, Ping):
            return
        if isinstance(message, Bye):
            self._lost(
                peer,
                Dropped(None, message.reason, "the other window said goodbye", by_peer=True),
            )
            return
        if peer.proven:
            self._emit(Received(message))
        elif self.is_host:
            self._prove(peer, message)
        else:
            self._admitted(peer, message)

    def _prove(self, peer: _Peer, message: Message) -> None:
        if not isinstance(message, Hello):
            self._fault(peer, ProtocolError(Fault.UNEXPECTED, "no hello"))
            return
        if message.version != VERSION:
            self._queue(peer, Refused(Refusal.VERSION), closing=True)
            return
        if self._keeper.admits(peer.nonce, message.proof):
            peer.proven = True
            self.connected = True
            self._emit(Joined(message.name))
            return
        self._queue(peer, Refused(Refusal.WRONG_CODE), closing=True)
        self._emit(WrongCode(self._keeper.tries_left))
        if self._keeper.closed:
            self._stop_listening(wrong_codes=True)

    def _admitted(self, peer: _Peer, message: Message) -> None:
        if isinstance(message, Challenge) and not peer.nonce:
            if message.version != VERSION:
                self._lost(peer, Turned(Refusal.VERSION))
                return
            peer.nonce = message.nonce
            self._queue(peer, Hello(VERSION, self.name, codes.proof(self.code, message.nonce)))
            return
        if isinstance(message, Refused):
            self._lost(peer, Turned(message.reason))
            self._stop = True
            return
        if not peer.nonce:
            self._fault(peer, ProtocolError(Fault.UNEXPECTED, "no challenge"))
            return
        peer.proven = True
        self.connected = True
        self._emit(Joined(""))
        self._emit(Received(message))

    def _stop_listening(self, wrong_codes: bool) -> None:
        if self._listener is not None:
            self._selector.unregister(self._listener)
            self._listener.close()
            self._listener = None
            self._emit(Stopped(wrong_codes))

    def _queue(self, peer: _Peer, message: Message, closing: bool = False) -> None:
        peer.outbox += encode(message)
        peer.closing = peer.closing or closing
        self._flush(peer)

    def _flush(self, peer: _Peer) -> None:
        try:
            while peer.outbox:
                sent = peer.sock.send(peer.outbox)
                del peer.outbox[:sent]
        except BlockingIOError:
            pass
        except OSError as err:
            self._lost(peer, Dropped(None, None, str(err)))
            return
        if peer.closing and not peer.outbox:
            self._discard(peer)
            return
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if peer.outbox else 0)
        self._selector.modify(peer.sock, events, peer)

    def _take_outgoing(self) -> None:
        while True:
            try:
                item = self._out.get_nowait()
            except queue.Empty:
                return
            proven = [p for p in self._peers if p.proven and not p.closing]
            if item is _Order.CLOSE:
                for peer in proven:
                    self._queue(peer, Bye("quit"), closing=True)
                self._stop = True
            elif item is _Order.UNLISTEN:
                self._stop_listening(wrong_codes=False)
            elif isinstance(item, Fault):
                for peer in proven:
                    self._fault(peer, ProtocolError(item, "a move the rules refuse"))
            else:
                for peer in proven:
                    self._queue(peer, item)

    def _keep_alive(self) -> None:
        now = self._now()
        for peer in list(self._peers):
            if peer.closing:
                continue
            if self.is_host and not peer.proven and now - peer.heard > PROVE_WITHIN:
                self._discard(peer)
            elif now - peer.heard > SILENCE:
                self._lost(peer, Dropped(None, None, "the other window stopped answering"))
            elif peer.proven and now - peer.pinged > PING_EVERY:
                peer.pinged = now
                self._queue(peer, Ping())

    def _fault(self, peer: _Peer, err: ProtocolError) -> None:
        """The peer broke the protocol: it is told, then closed; this window is told."""
        was = peer.proven
        peer.inbox.clear()
        self._queue(peer, Bye("fault"), closing=True)
        if was or not self.is_host:
            self.connected = False
            self._emit(Dropped(err.fault, None, err.detail))

    def _lost(self, peer: _Peer, event: LinkEvent) -> None:
        was = peer.proven
        self._discard(peer)
        if was or not self.is_host:
            self.connected = False
            self._emit(event)
        if not self.is_host:
            self._stop = True

    def _discard(self, peer: _Peer) -> None:
        if peer in self._peers:
            self._peers.remove(peer)
            self._selector.unregister(peer.sock)
            peer.sock.close()
            if peer.proven:
                self.connected = False
            if not self.is_host:
                self._stop = True

    def _close_all(self) -> None:
        for peer in list(self._peers):
            self._discard(peer)
        if self._listener is not None:
            try:
                self._selector.unregister(self._listener)
            except (KeyError, ValueError):
                pass
            self._listener.close()
            self._listener = None
        for sock in (self._wake_r, self._wake_w):
            sock.close()

    @property
    def listening(self) -> bool:
        return self._listener is not None


def local_address() -> str:
    """This machine's address on its network, to tell the other player ("" if none): the
    address a datagram socket would send from (connecting one sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never reached
            address: str = probe.getsockname()[0]
    except OSError:
        return ""
    return "" if address.startswith("0.") else address
