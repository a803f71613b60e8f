"""A player on several devices: one-time link codes, their redemption, the devices list and
signing a device out. Pure of HTTP: refusals are :mod:`patience.service.errors`.

A link code is 10 symbols of Crockford's base 32 (digits and letters without I, L, O, U;
50 bits), shown ``XXXXX-XXXXX``. Its first 4 symbols (20 bits) find the code; the whole code
is checked against a salted scrypt hash, so the database alone does not give live codes away.
A code is single use, lives :data:`CODE_LIFETIME`, and is checked at most :data:`CODE_TRIES`
times (each try that names its look-up part takes one, before the check, so even requests at
once cannot take more); then it is locked (429 until it expires): a guesser's chance at any
one code is at most 5 in 2^30, however many addresses they use. The
per-address and per-player request limits are the API's (``RATE_LIMIT_LINK_*``);
``docs/api/players.md`` states the odds.

>>> normal_code(" 7kq2m-xr4pt ") == normal_code("7KQ2MXR4PT")
True
>>> normal_code("0O1IL") is None  # too short (O reads as 0, I and L as 1)
True
>>> device_label("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1")
'Safari on iPhone'
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
import secrets
import uuid
from typing import Any

from sqlalchemy.orm import Session

from patience.service.errors import InvalidCode, NotFound, TooManyAttempts
from patience.service.views import iso
from patience.store import LinkCode, Player
from patience.store.devices import (
    add_device,
    claim_code,
    devices_of,
    live_codes,
    remove_device,
    replace_link_code,
    take_tries,
)

Json = dict[str, Any]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U (no letter to misread)."""
READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
CODE_LENGTH = 10
LOOKUP_LENGTH = 4
CODE_LIFETIME = dt.timedelta(minutes=10)
CODE_TRIES = 5
"""How many redemptions may check one code (the right one among them): then it is locked."""
SCRYPT = {"n": 2**12, "r": 8, "p": 1, "dklen": 32}
"""scrypt's cost: 4 MiB and about 11 ms of CPU a code, so the 2^30 rests of one look-up part
take months of CPU to try from a copy of the database, against a code's 10 minutes; paid only
by tries whose look-up part names a live code, and once per code made."""
DEVICE_ID = re.compile(r"[0-9a-f]{32}")
"""Every device id (a UUID's hex, or for a player's first token from before devices, the
player's id, the same shape); other text names no device and never reaches the database."""
DEFAULT_LABEL = "another device"
LABEL_MAX = 40

_BROWSERS = (
    ("Edg/", "Edge"),
    ("Firefox/", "Firefox"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
_SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Mac OS X", "Mac"),
    ("Linux", "Linux"),
)


def normal_code(text: str) -> str | None:
    """A typed code as stored (upper case, without spaces and dashes, O as 0, I and L as
    1), or ``None`` when it cannot be a code."""
    code = re.sub(r"[\s-]", "", text).upper().translate(READ_AS)
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def code_hash(code: str, salt: str) -> str:
    """The salted scrypt digest of a normal code (hex)."""
    return hashlib.scrypt(code.encode(), salt=bytes.fromhex(salt), **SCRYPT).hex()


def shown(code: str) -> str:
    """A code as shown to the player: ``XXXXX-XXXXX``."""
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def device_label(user_agent: str | None) -> str:
    """A device label from a browser's ``User-Agent`` ("Firefox on Android"), else the
    default."""
    agent = user_agent or ""
    browser = next((name for key, name in _BROWSERS if key in agent), None)
    system = next((name for key, name in _SYSTEMS if key in agent), None)
    if browser and system:
        return f"{browser} on {system}"
    return browser or system or DEFAULT_LABEL


class Devices:
    """The devices and link codes of one request: a database session and the time now."""

    def __init__(self, session: Session, now: dt.datetime) -> None:
        self.session = session
        self.now = now

    def link_code(self, player_id: str) -> Json:
        """A new one-time code for the player (their earlier code stops working)."""
        while True:
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            if not live_codes(self.session, code[:LOOKUP_LENGTH], self.now):
                break  # look-up parts of live codes stay distinct (2^20 of them)
        salt = secrets.token_hex(16)
        expires = self.now + CODE_LIFETIME
        replace_link_code(
            self.session,
            LinkCode(
                id=uuid.uuid4().hex,
                player_id=player_id,
                lookup=code[:LOOKUP_LENGTH],
                salt=salt,
                code_hash=code_hash(code, salt),
                created_at=self.now,
                expires_at=expires,
                used_at=None,
                tries=0,
            ),
        )
        return {"code": shown(code), "expires_at": iso(expires)}

    def redeem(self, text: str, label: str) -> Json:
        """Sign a new device in with a code: the player and the device's token."""
        code = normal_code(text)
        if code is None:
            raise InvalidCode("that is not a code: 10 letters and digits, like 7KQ2M-XR4PT")
        found = live_codes(self.session, code[:LOOKUP_LENGTH], self.now)
        if not found:
            raise InvalidCode("that code is wrong, used or expired; make a new one")
        tried = take_tries(self.session, [c.id for c in found], self.now, CODE_TRIES)
        if not tried:
            locked = live_codes(self.session, code[:LOOKUP_LENGTH], self.now)
            if not locked:  # used (or expired) meanwhile
                raise InvalidCode("that code was used just now; make a new one")
            wait = min(c.expires_at for c in locked) - self.now
            raise TooManyAttempts("too many tries at this code; make a new one", wait)
        match = next(
            (
                c
                for c in found
                if c.id in tried and hmac.compare_digest(code_hash(code, c.salt), c.code_hash)
            ),
            None,
        )
        if match is None:
            raise InvalidCode("that code is wrong, used or expired; make a new one")
        if not claim_code(self.session, match.id, self.now):
            self.session.rollback()
            raise InvalidCode("that code was used just now; make a new one")
        token = add_device(self.session, match.player_id, label, self.now)
        player = self.session.get(Player, match.player_id)
        assert player is not None  # a player's codes go with them
        self.session.commit()
        return {"id": player.id, "name": player.name, "token": token}

    def listed(self, player_id: str, current: str) -> Json:
        """The player's devices (``current``: the device of this request)."""
        items = [
            {
                "id": d.id,
                "label": d.label,
                "created_at": iso(d.created_at),
                "last_used_at": iso(d.last_used_at),
                "current": d.id == current,
            }
            for d in devices_of(self.session, player_id)
        ]
        return {"items": items}

    def sign_out(self, player_id: str, device_id: str) -> None:
        """Revoke one of the player's devices (its token is refused from then on)."""
        if not DEVICE_ID.fullmatch(device_id) or not remove_device(
            self.session, player_id, device_id
        ):
            raise NotFound("there is no such device", reason="device_not_found")
