"""The code a host gives the other player: random, long enough that a stranger cannot guess
it, easy to read aloud and type.

A code is ``LENGTH`` characters from an alphabet with no look-alikes (no 0/O, 1/I/L, U),
shown in groups of four (``K7QM-3XTA-R9WE``): 12 characters of 30 are 59 bits. The first
``TAG`` characters are said in the LAN beacon so a joiner's window knows which host to try;
the other 10 (49 bits) are never sent: the joiner proves it knows them by answering the
host's random nonce with an HMAC under the whole code, compared in constant time, and a host
stops listening after ``TRIES`` wrong answers, so a stranger has 5 guesses out of 30**10 (about 2**49).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
"""30 characters, none mistaken for another (Crockford's idea, without 0, 1 and U)."""
LENGTH: Final = 12
TAG: Final = 2
"""The characters the beacon says aloud; the rest stay secret."""
TRIES: Final = 5
"""Wrong codes a host refuses before it stops listening."""
NONCE_BYTES: Final = 16


def new_code() -> str:
    """A fresh code, as it is compared (no dashes)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown(code: str) -> str:
    """The code as the window shows it: groups of four joined by dashes."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def typed(text: str) -> str | None:
    """What a player typed, as a code: spaces and dashes dropped, upper case; None when it
    is not one (wrong length, a character no code has)."""
    cleaned = "".join(c for c in text.upper() if c not in " -\t")
    if len(cleaned) != LENGTH or any(c not in ALPHABET for c in cleaned):
        return None
    return cleaned


def tag(code: str) -> str:
    return code[:TAG]


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def proof(code: str, nonce: str) -> str:
    """The joiner's answer to a nonce: HMAC-SHA256 of it under the code, in hex."""
    return hmac.new(code.encode(), b"othello-join:" + nonce.encode(), hashlib.sha256).hexdigest()


def proves(code: str, nonce: str, answer: str) -> bool:
    """Whether ``answer`` proves the code, compared in constant time."""
    return hmac.compare_digest(proof(code, nonce), answer)


class Doorkeeper:
    """The host's count of wrong codes: after ``TRIES`` it lets nobody in again."""

    def __init__(self, code: str, tries: int = TRIES) -> None:
        self._code = code
        self.tries_left = tries

    @property
    def closed(self) -> bool:
        return self.tries_left <= 0

    def admits(self, nonce: str, answer: str) -> bool:
        """True for the right answer while the door is open; a wrong one costs a try."""
        if self.closed:
            return False
        if proves(self._code, nonce, answer):
            return True
        self.tries_left -= 1
        return False
