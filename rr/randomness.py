"""A game's randomness: its seed, kept secret until the end, and the commitment published to it.

Every random outcome of a game rr plays (the deck's shuffles, die rolls, random picks, the
houses and first player when dealt) is drawn from its seed: draw *n* of seed *s* uses
``Random(f"{s}:{n}")`` (:mod:`rr.engine`). Whoever learns the seed knows every card and every
future roll, so the seed is the game's deepest secret (RR-VIEW-10): it is in no event, view,
prompt or narration until the game is over. What everyone gets instead, in the first event
(``GameStarted.commitment``), every seat's first view, the log's header and the narration of
the start, is a **commitment**::

    SHA-256( "rr/randomness/1" ‖ 0x00 ‖ decimal seed ‖ 0x00 ‖ salt )      (hex digest)

with a salt of 32 random bytes. When the game is over, the ``SeedRevealed`` event publishes
seed and salt; the fold refuses a reveal that does not open the commitment, and ``rr audit``
plays the game again from the revealed seed (the seed check). Together they show that the
randomness was fixed before the first decision and that every random outcome is the seed's.

Where the seed comes from is said by :class:`SeedOrigin`, in the first event too.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import enum
import hashlib
import secrets

from attrs import frozen

from rr.errors import BadInputError

DOMAIN = b"rr/randomness/1"
"""The domain tag of the commitment: a hash made for anything else never equals one."""
SALT_BYTES = 32
SEED_BITS = 63
"""A drawn seed is a random 63-bit number: it fits every integer field rr reads (64-bit
signed) and is far beyond a search (2^63 seeds)."""


class SeedOrigin(enum.Enum):
    """Where a game's seed came from (``GameStarted.seed_origin``)."""

    __hash__ = object.__hash__  # by identity, like equality: see Location.__hash__
    DRAWN = "drawn"
    """Drawn from the operating system's randomness (:mod:`secrets`) when the game was made:
    nobody chose it."""
    CHOSEN = "chosen"
    """Chosen by whoever created the game (tests, corpora, practice games): that person can
    know every card."""
    NONE = "none"
    """No seed: every random outcome is given from outside (``given_chances``, OpenSpiel's
    chance nodes; a physical game's log)."""
    PUBLIC = "public"
    """A log from before commitments (``game_started/1``), whose first record held the seed
    in plain sight."""
    JOINT = "joint"
    """Derived from the host's committed secret and a random contribution of every person's
    seat (:func:`rr.seatkeys.derive_seed`, issue #29): no one alone chose it."""

    def describe(self) -> str:
        return _WORDS[self]


_WORDS = {
    SeedOrigin.DRAWN: "seed drawn at random, committed before the first decision",
    SeedOrigin.CHOSEN: "seed chosen by the creator, committed before the first decision",
    SeedOrigin.NONE: "no seed: random outcomes given from outside",
    SeedOrigin.PUBLIC: "seed public from the start (a log from before commitments)",
    SeedOrigin.JOINT: "seed derived from the host's committed secret and every person's "
                      "contribution, committed before the first decision",
}


@frozen
class Secret:
    """A game's seed and the salt of its commitment: what only the host holds until the end.

    ``salt`` is ``None`` for a log from before commitments (:attr:`SeedOrigin.PUBLIC`)."""

    seed: int
    salt: bytes | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.seed) is not int or not -2**63 <= self.seed < 2**64:
            raise BadInputError(f"a seed is a whole number of at most 64 bits, not "
                                f"{self.seed!r}")
        if self.salt is not None and len(self.salt) != SALT_BYTES:
            raise BadInputError(f"a salt is {SALT_BYTES} bytes, not {len(self.salt)}")

    @classmethod
    def drawn(cls) -> Secret:
        """A fresh secret: a seed and a salt from the operating system's randomness."""
        return cls(secrets.randbits(SEED_BITS), secrets.token_bytes(SALT_BYTES))

    @classmethod
    def chosen(cls, seed: int, salt: bytes | None = None) -> Secret:
        """The secret of a chosen seed. Without ``salt``, the salt is derived from the seed,
        so that the same seed gives the same log byte for byte; such a commitment binds the
        seed but does not hide it better than the seed hides itself (whoever can guess the
        seed can check the guess). Give a random ``salt`` to hide a chosen seed."""
        if salt is None:
            salt = hashlib.sha256(DOMAIN + b"\x00salt\x00" + str(seed).encode()).digest()
        return cls(seed, salt)

    @property
    def commitment(self) -> str:
        """The commitment to this secret (hex SHA-256); see the module's notes."""
        if self.salt is None:
            raise BadInputError("a seed from before commitments has no commitment")
        return commitment(self.seed, self.salt)

    def opens(self, committed: str) -> bool:
        """Whether this secret is the one ``committed`` was made from."""
        return self.salt is not None and secrets.compare_digest(self.commitment, committed)


def commitment(seed: int, salt: bytes) -> str:
    """SHA-256 (hex) of the domain tag, the seed in decimal and the salt (module notes)."""
    return hashlib.sha256(DOMAIN + b"\x00" + str(seed).encode() + b"\x00" + salt).hexdigest()


def salt_of(text: str) -> bytes:
    """The salt written as hex (as events and headers hold it); :class:`BadInputError` if it
    is not :data:`SALT_BYTES` bytes of hex."""
    return unhex(text, "a salt", SALT_BYTES)


def unhex(text: object, what: str, size: int) -> bytes:
    """``text``, hex of ``size`` bytes, as bytes; :class:`BadInputError` naming ``what`` if it
    is not (a salt here; a seat's contribution or the server's secret, :mod:`rr.seatkeys`)."""
    if not isinstance(text, str):
        raise BadInputError(f"{what} is {size} bytes in hex text, not {type(text).__name__}")
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        raise BadInputError(f"{what} is {size} bytes in hex, not {text[:80]!r}") from None
    if len(raw) != size:
        raise BadInputError(f"{what} is {size} bytes in hex, not {len(raw)} bytes")
    return raw


def is_commitment(text: str) -> bool:
    """Whether ``text`` has the form of a commitment: 64 lowercase hex digits."""
    # A set's comparison, in C: the generator over 64 characters it replaces was about 1%
    # of Game.new (issue #30).
    return len(text) == 64 and set(text) <= _HEX_DIGITS


_HEX_DIGITS = frozenset("0123456789abcdef")
