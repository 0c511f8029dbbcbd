"""A signed game's seats, as the server keeps them (issue #29; the formats: :mod:`rr.seatkeys`).

The store's ``seats`` column holds one JSON object per signed game (``NULL`` for any other):

``secret``
    the server's part of the deal (hex), never shown before the game is over; every seat is
    shown only its commitment (:func:`rr.seatkeys.server_commitment`);
``players``, ``ruleset``, ``level``
    what the game was created with, to deal it once every person's seat has registered;
``persons``
    the seats people play (every seat that is not a bot);
``keys``
    per registered seat: its public key (base64), its contribution (hex) and its
    registration signature (base64);
``signatures``
    per decision number, the seat's signature of that decision (base64).

Everything here runs under the game's lock (:meth:`rr.server.store.Store.locked`).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from attrs import define, field

from rr import actions
from rr.engine import Game
from rr.errors import BadInputError, SeatKeyError, SignatureRefusedError
from rr.events.codec import structure, unstructure
from rr.events.signing import fingerprint
from rr.events.types import DecisionMade, Event, GameStarted
from rr.randomness import SALT_BYTES, SeedOrigin, unhex
from rr.ruleset import Ruleset
from rr.seatkeys import (
    BOT,
    CONTRIBUTION_BYTES,
    PERSON,
    LogHash,
    SeatEntry,
    SeatKey,
    SeatsRecord,
    b64,
    decision_message,
    derive_seed,
    key_message,
    new_secret,
    server_commitment,
    unb64,
    verifies,
)


@define
class Seats:
    """The ``seats`` column of one signed game."""

    secret: bytes
    players: tuple[str, ...]
    ruleset: Ruleset
    level: int | None
    persons: tuple[int, ...]
    keys: dict[int, dict[str, str]] = field(factory=dict)
    signatures: dict[int, str] = field(factory=dict)

    @classmethod
    def new(cls, players: Sequence[str], ruleset: Ruleset, level: int | None,
            persons: Sequence[int]) -> Seats:
        return cls(new_secret(), tuple(players), ruleset, level, tuple(persons))

    @classmethod
    def of(cls, text: str) -> Seats:
        data = json.loads(text)
        return cls(bytes.fromhex(data["secret"]), tuple(data["players"]),
                   structure(data["ruleset"], Ruleset), data["level"], tuple(data["persons"]),
                   {int(k): v for k, v in data["keys"].items()},
                   {int(k): v for k, v in data["signatures"].items()})

    def text(self) -> str:
        return json.dumps({"secret": self.secret.hex(), "players": list(self.players),
                           "ruleset": unstructure(self.ruleset), "level": self.level,
                           "persons": list(self.persons),
                           "keys": {str(k): v for k, v in self.keys.items()},
                           "signatures": {str(k): v for k, v in self.signatures.items()}},
                          sort_keys=True)

    @property
    def commitment(self) -> str:
        return server_commitment(self.secret)

    @property
    def waiting(self) -> list[int]:
        """The persons' seats that have not registered yet (the deal waits for them)."""
        return [seat for seat in self.persons if seat not in self.keys]

    # --- registering ----------------------------------------------------------------------

    def register(self, game: str, seat: int, body: Mapping[str, Any]) -> None:
        """Register ``seat``'s key and contribution (``body``: ``{"key": base64,
        "contribution": hex, "signature": base64}``), checking the registration's
        signature; changes nothing on any error."""
        if seat not in self.persons:
            raise SeatKeyError(f"seat {seat} is a bot's: only a person's seat has a key")
        if seat in self.keys:
            raise SeatKeyError(f"seat {seat} has registered its key already "
                               f"({fingerprint_of(self.keys[seat]['key'])})")
        unknown = sorted(str(k) for k in body if k not in ("key", "contribution", "signature"))
        if unknown:
            raise BadInputError(f"a seat key takes no field {unknown[0]!r} (it takes: key, "
                                "contribution, signature)")
        key = unb64(body.get("key"), "key (the raw Ed25519 public key)", 32)
        unhex(body.get("contribution"), "contribution", CONTRIBUTION_BYTES)
        signature = _signature(body.get("signature"))
        message = key_message(game, seat, b64(key), str(body["contribution"]), self.commitment)
        if not verifies(key, signature, message):
            raise SignatureRefusedError(
                "the registration's signature is not this key's over the game, the seat, the "
                "key, the contribution and the server's commitment (rr.seatkeys)")
        self.keys[seat] = {"key": b64(key), "contribution": str(body["contribution"]),
                           "registration": b64(signature)}

    # --- the deal -------------------------------------------------------------------------

    def deal(self) -> Game:
        """The game, dealt from the server's secret and every person's contribution (all
        registered)."""
        assert not self.waiting
        seed = derive_seed(self.secret, [bytes.fromhex(self.keys[s]["contribution"])
                                         for s in self.persons])
        made = Game.new(list(self.players), seed=seed, salt=secrets.token_bytes(SALT_BYTES),
                        ruleset=self.ruleset, level=self.level)
        started = made.events[0]
        assert isinstance(started, GameStarted)
        return Game(attrs.evolve(started, seed_origin=SeedOrigin.JOINT), secret=made.secret)

    # --- deciding -------------------------------------------------------------------------

    def check(self, game: str, decision: int, seat: int, action: int, prefix: str,
              signature: str | None) -> None:
        """Refuse (:class:`SignatureRefusedError`) a choice of ``seat`` whose ``signature``
        is not its key's over the decision's message; remember a good one."""
        if seat not in self.keys:
            return
        if signature is None:
            raise SignatureRefusedError(f"seat {seat} signs its decisions (key "
                                        f"{fingerprint_of(self.keys[seat]['key'])}): this "
                                        "choice carries no signature")
        raw = _signature(signature)
        message = decision_message(game, decision, seat, action, prefix)
        if not verifies(unb64(self.keys[seat]["key"], "key", 32), raw, message):
            raise SignatureRefusedError(
                f"the signature is not seat {seat}'s key's over decision {decision} of this "
                f"game, action {action} and the log so far (hash {prefix[:16]}…)")
        self.signatures[decision] = b64(raw)


def _signature(text: Any) -> bytes:
    try:
        return unb64(text, "signature", 64)
    except BadInputError as err:
        raise SignatureRefusedError(str(err)) from None


def fingerprint_of(key: str) -> str:
    """A registered key's fingerprint (:func:`rr.events.signing.fingerprint`)."""
    return fingerprint(unb64(key, "key", 32))


def record(game: str, events: Sequence[Event], bots: Mapping[int, str],
           seats: Seats | None, server_key: SeatKey | None) -> dict[str, Any]:
    """The log header's ``"seats"`` section of a finished game (:class:`SeatsRecord`): the
    persons' keys and signatures, the bots' decisions signed by ``server_key`` now (Ed25519
    signatures are deterministic: the same whenever made), and the deal."""
    started = events[0]
    assert isinstance(started, GameStarted)
    entries = []
    for seat in range(len(started.players)):
        if seat in bots or (started.solo_level is not None and seat == len(started.players) - 1):
            entries.append(SeatEntry(seat, BOT, bots.get(seat, "au_toma")))
        elif seats is not None and seat in seats.keys:
            key = seats.keys[seat]
            entries.append(SeatEntry(seat, PERSON, None, key["key"], key["contribution"],
                                     key["registration"]))
        else:
            entries.append(SeatEntry(seat, PERSON))
    signatures: list[str | None] = []
    running = LogHash(b"" if seats is None else seats.secret)
    for index, event in enumerate(events):
        if isinstance(event, DecisionMade):
            number = len(signatures)
            if entries[event.seat].kind == BOT and server_key is not None:
                running.extend(events[running.records:index])
                message = decision_message(game, number, event.seat,
                                           actions.action_of(event.option), running.hex())
                signatures.append(b64(server_key.sign(message)))
            else:
                signatures.append(None if seats is None else seats.signatures.get(number))
    deal = "joint" if seats is not None else _DEALS[started.seed_origin]
    return SeatsRecord(game, tuple(entries), deal,
                       None if seats is None else seats.commitment,
                       None if seats is None else seats.secret.hex(),
                       None if server_key is None else b64(server_key.public),
                       tuple(signatures)).as_json()


_DEALS = {SeedOrigin.JOINT: "joint", SeedOrigin.CHOSEN: "chosen", SeedOrigin.DRAWN: "server",
          SeedOrigin.PUBLIC: "public", SeedOrigin.NONE: "none"}
"""The ``deal`` a log's seats section names for a game of each seed origin."""
