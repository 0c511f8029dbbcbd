"""The seats of a game dealt once its seats are ready, as the server keeps them: a signed
game's (issue #29; the formats: :mod:`rr.seatkeys`), and a game with seats left open to
whoever takes them with its invitation (issue #28).

The store's ``seats`` column holds one JSON object per such game (``NULL`` for any other):

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
    per decision number, the seat's signature of that decision (base64);
``signed``
    whether the persons' seats sign (absent: true). A game with open seats keeps this column
    too, signed or not (issue #28):
``open``
    per seat left open at creation, the token its taker will get, until taken (then
    ``null``): the token's hash is in the tokens table from the start, its text only here,
    and only until the seat is taken, when it is handed to the taker and forgotten;
``invitation``
    the SHA-256 of the game's invitation (:mod:`rr.server.tokens`'s hash), which takes an
    open seat and opens nothing else;
``seed``
    an unsigned game's practice seed (``null``: drawn at the deal);
``releases``
    per seat released to another device and not yet moved: the transfer code's hash and
    the release's signature by the seat's key (:mod:`rr.seatmoves`);
``moves``
    the seats moved to another device, in order (:class:`rr.seatmoves.Move`): from each
    move's decision on, the seat signs with the move's key;
``watch``
    the spectator's token, which the invitation hands out once every seat is taken;
``rematch``
    the id of the game's rematch, once a seat asked for one (a finished game that was not
    dealt this way gets the column for this alone, ``signed`` false);
``reserved``
    a rematch: its open seats wait for the players of the game before, by name.

Everything here runs under the game's lock (:meth:`rr.server.store.Store.locked`).
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from attrs import define, field

from rr import actions, ed25519
from rr.engine import Game
from rr.errors import BadInputError, SignatureRefusedError
from rr.server.errors import SeatKeyError, SeatTakenError
from rr.events.codec import structure, unstructure
from rr.events.signing import fingerprint
from rr.events.types import DecisionMade, Event, GameStarted
from rr.names import check_taker
from rr.randomness import SALT_BYTES, SeedOrigin, unhex
from rr.ruleset import Ruleset
from rr.server.tokens import hash_of, new_token
from rr.seatmoves import Move, code_hash, key_at, release_message
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
    """The ``seats`` column of one game dealt once its seats are ready."""

    secret: bytes
    players: tuple[str, ...]
    ruleset: Ruleset
    level: int | None
    persons: tuple[int, ...]
    keys: dict[int, dict[str, str]] = field(factory=dict)
    signatures: dict[int, str] = field(factory=dict)
    signed: bool = True
    open: dict[int, str | None] = field(factory=dict)
    """Each open seat's token until it is taken (then ``None``)."""
    invitation: str | None = None
    """The invitation's hash (``None``: no seat was left open)."""
    seed: int | None = None
    """An unsigned game's practice seed (``None``: drawn at the deal)."""
    releases: dict[int, dict[str, str]] = field(factory=dict)
    """Per seat released to another device: ``{"hash", "signature"}`` (module notes)."""
    moves: list[Move] = field(factory=list)
    """The seats moved to another device, in order."""
    watch: str | None = None
    """The spectator's token, which the invitation gives once the game is full (to watch
    it: no hand)."""
    rematch: str | None = None
    """The id of this game's rematch, once a seat asked for one."""
    reserved: bool = False
    """A rematch: its open seats wait for their players of the game before, by name (no
    invitation is handed out)."""

    @classmethod
    def new(cls, players: Sequence[str], ruleset: Ruleset, level: int | None,
            persons: Sequence[int], signed: bool = True, open_seats: Sequence[int] = (),
            seed: int | None = None) -> tuple[Seats, str | None]:
        """The seats, and the invitation's text if a seat is left open."""
        invitation = new_token() if open_seats else None
        return cls(new_secret(), tuple(players), ruleset, level, tuple(persons), signed=signed,
                   open={seat: new_token() for seat in open_seats},
                   invitation=None if invitation is None else hash_of(invitation),
                   seed=seed), invitation

    @classmethod
    def of(cls, text: str) -> Seats:
        data = json.loads(text)
        return cls(bytes.fromhex(data["secret"]), tuple(data["players"]),
                   structure(data["ruleset"], Ruleset), data["level"], tuple(data["persons"]),
                   {int(k): v for k, v in data["keys"].items()},
                   {int(k): v for k, v in data["signatures"].items()},
                   data.get("signed", True),
                   {int(k): v for k, v in data.get("open", {}).items()},
                   data.get("invitation"), data.get("seed"),
                   {int(k): v for k, v in data.get("releases", {}).items()},
                   [Move.of(m) for m in data.get("moves", [])], data.get("watch"),
                   data.get("rematch"), data.get("reserved", False))

    def text(self) -> str:
        return json.dumps({"secret": self.secret.hex(), "players": list(self.players),
                           "ruleset": unstructure(self.ruleset), "level": self.level,
                           "persons": list(self.persons),
                           "keys": {str(k): v for k, v in self.keys.items()},
                           "signatures": {str(k): v for k, v in self.signatures.items()},
                           "signed": self.signed,
                           "open": {str(k): v for k, v in self.open.items()},
                           "invitation": self.invitation, "seed": self.seed,
                           "releases": {str(k): v for k, v in self.releases.items()},
                           "moves": [m.as_json() for m in self.moves],
                           "watch": self.watch, "rematch": self.rematch,
                           "reserved": self.reserved},
                          sort_keys=True)

    @property
    def commitment(self) -> str:
        return server_commitment(self.secret)

    @property
    def waiting(self) -> list[int]:
        """The persons' seats that have not registered yet (a signed game's deal waits for
        them; an open seat is among them until its taker's page registers)."""
        return [seat for seat in self.persons if seat not in self.keys] if self.signed else []

    @property
    def free(self) -> list[int]:
        """The open seats nobody has taken yet (the deal waits for them)."""
        return [seat for seat, token in sorted(self.open.items()) if token is not None]

    @property
    def ready(self) -> bool:
        """Whether the game can be dealt: every open seat taken and, if signed, every
        person's key registered."""
        return not self.free and not self.waiting

    # --- the invitation (issue #28) -------------------------------------------------------

    def invites(self, invitation: str | None) -> bool:
        """Whether ``invitation`` is this game's."""
        return (self.invitation is not None and invitation is not None
                and hmac.compare_digest(self.invitation, hash_of(invitation)))

    def take(self, seat: int | None, name: str) -> tuple[int, str]:
        """Give ``seat`` (``None``: the first free one) to the player ``name``: the seat and
        its token. :class:`SeatTakenError` if it is taken (or all are)."""
        if seat is None:
            if not self.free:
                raise SeatTakenError("every open seat of this game is taken: the game is full")
            seat = self.free[0]
        if seat not in self.open:
            raise BadInputError(f"seat {seat} was not left open (open seats: "
                                f"{', '.join(str(s) for s in sorted(self.open))})")
        token = self.open[seat]
        if token is None:
            raise SeatTakenError(f"seat {seat} is taken already"
                                 + (f" (free: {', '.join(str(s) for s in self.free)})"
                                    if self.free else ": the game is full"))
        name = check_taker(name, self.players, seat)
        self.open[seat] = None
        self.players = tuple(name if n == seat else p for n, p in enumerate(self.players))
        return seat, token

    # --- registering ----------------------------------------------------------------------

    def register(self, game: str, seat: int, body: Mapping[str, Any]) -> None:
        """Register ``seat``'s key and contribution (``body``: ``{"key": base64,
        "contribution": hex, "signature": base64}``), checking the registration's
        signature; changes nothing on any error."""
        if not self.signed:
            raise SeatKeyError("this game was created without seat keys (\"signed\": true "
                               "makes a game whose seats sign)")
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
        ed25519.check_key(key, "the seat's key")
        unhex(body.get("contribution"), "contribution", CONTRIBUTION_BYTES)
        signature = _signature(body.get("signature"))
        ed25519.check_signature(signature, "the registration's signature")
        message = key_message(game, seat, b64(key), str(body["contribution"]), self.commitment)
        if not verifies(key, signature, message):
            raise SignatureRefusedError(
                "the registration's signature is not this key's over the game, the seat, the "
                "key, the contribution and the server's commitment (rr.seatkeys)")
        self.keys[seat] = {"key": b64(key), "contribution": str(body["contribution"]),
                           "registration": b64(signature)}

    # --- the deal -------------------------------------------------------------------------

    def deal(self) -> Game:
        """The game, dealt once :attr:`ready`: a signed game's from the server's secret and
        every person's contribution; another's from its practice seed or a drawn one."""
        assert self.ready
        salt = secrets.token_bytes(SALT_BYTES)
        if not self.signed:
            if self.seed is None:
                return Game.new(list(self.players), ruleset=self.ruleset, level=self.level)
            return Game.new(list(self.players), seed=self.seed, salt=salt,
                            ruleset=self.ruleset, level=self.level)
        seed = derive_seed(self.secret, [bytes.fromhex(self.keys[s]["contribution"])
                                         for s in self.persons])
        made = Game.new(list(self.players), seed=seed, salt=salt, ruleset=self.ruleset,
                        level=self.level)
        started = made.events[0]
        assert isinstance(started, GameStarted)
        return Game(attrs.evolve(started, seed_origin=SeedOrigin.JOINT), secret=made.secret)

    # --- moving a seat to another device (rr.seatmoves) ---------------------------------------

    def key_now(self, seat: int) -> bytes:
        """The key ``seat`` signs with now (raw): its registered one, or its last move's."""
        return key_at(seat, 1 << 62, unb64(self.keys[seat]["key"], "key", 32), self.moves)

    def release(self, game: str, seat: int, body: Mapping[str, Any]) -> None:
        """Release ``seat`` to whoever holds a transfer code (``body``: ``{"code_hash": hex,
        "signature": base64}``, signed by the seat's key now); changes nothing on error."""
        if seat not in self.keys:
            raise SeatKeyError(f"seat {seat} has no key to hand on (a signed game's person's "
                               "seat registers one when it is first opened)")
        _only(body, ("code_hash", "signature"), "a seat's release")
        hashed = unhex(body.get("code_hash"), "code_hash", 32).hex()
        signature = _signature(body.get("signature"))
        if not verifies(self.key_now(seat), signature, release_message(game, seat, hashed)):
            raise SignatureRefusedError("the release is not signed by this seat's key over the "
                                        "game, the seat and the transfer code's hash")
        self.releases[seat] = {"hash": hashed, "signature": b64(signature)}

    def move(self, game: str, seat: int, decision: int, body: Mapping[str, Any]) -> Move:
        """Give ``seat`` to a new key from ``decision`` on (``body``: ``{"key": base64,
        "code": hex, "signature": base64}``); changes nothing on error."""
        _only(body, ("key", "code", "signature"), "a seat's move")
        released = self.releases.get(seat)
        if released is None:
            raise SeatKeyError("this seat was not released for a move: make a transfer code "
                               "on the device that plays it")
        key = unb64(body.get("key"), "key (the raw Ed25519 public key)", 32)
        code = body.get("code")
        if not isinstance(code, str) or code_hash(code.lower()) != released["hash"]:
            raise SignatureRefusedError("this transfer code is not the one the seat was "
                                        "released with (a newer one replaces it; each works once)")
        if key == self.key_now(seat):
            raise SeatKeyError("this key plays the seat already")
        move = Move(seat, decision, b64(key), code.lower(), released["signature"],
                    b64(_signature(body.get("signature"))))
        problem = move.problem(game, self.key_now(seat))
        if problem is not None:
            raise SignatureRefusedError(f"the move is refused: {problem}")
        self.moves.append(move)
        del self.releases[seat]
        return move

    # --- deciding -------------------------------------------------------------------------

    def check(self, game: str, decision: int, seat: int, action: int, prefix: str,
              signature: str | None) -> None:
        """Refuse (:class:`SignatureRefusedError`) a choice of ``seat`` whose ``signature``
        is not its key's over the decision's message; remember a good one."""
        if seat not in self.keys:
            return
        if signature is None:
            raise SignatureRefusedError(f"seat {seat} signs its decisions (key "
                                        f"{fingerprint(self.key_now(seat))}): this "
                                        "choice carries no signature")
        raw = _signature(signature)
        key = self.key_now(seat)
        ed25519.check_key(key, f"seat {seat}'s key")  # a key registered before the check
        ed25519.check_signature(raw, f"the signature of seat {seat}'s choice")
        message = decision_message(game, decision, seat, action, prefix)
        if not verifies(key, raw, message):
            raise SignatureRefusedError(
                f"the signature is not seat {seat}'s key's over decision {decision} of this "
                f"game, action {action} and the log so far (hash {prefix[:16]}…)")
        self.signatures[decision] = b64(raw)


def _only(body: Mapping[str, Any], known: tuple[str, ...], what: str) -> None:
    unknown = sorted(str(k) for k in body if k not in known)
    if unknown:
        raise BadInputError(f"{what} takes no field {unknown[0]!r} (it takes: "
                            f"{', '.join(known)})")


def _signature(text: Any) -> bytes:
    try:
        return unb64(text, "signature", 64)
    except BadInputError as err:
        raise SignatureRefusedError(str(err)) from None


def fingerprint_of(key: str) -> str:
    """A registered key's fingerprint (:func:`rr.events.signing.fingerprint`)."""
    return fingerprint(unb64(key, "key", 32))


def forfeited(table: Mapping[str, Any] | None) -> frozenset[int]:
    """The decisions a log header's ``"table"`` section says the server made for a person's
    seat that forfeited on its clock (:mod:`rr.server.clocks`): the server signs them."""
    timeouts = [] if table is None else table.get("timeouts", [])
    return frozenset(t["decision"] for t in timeouts if t.get("forfeit") is True)


def record(game: str, events: Sequence[Event], bots: Mapping[int, str],
           seats: Seats | None, server_key: SeatKey | None,
           servers: frozenset[int] = frozenset()) -> dict[str, Any]:
    """The log header's ``"seats"`` section of a finished game (:class:`SeatsRecord`): the
    persons' keys and signatures, the bots' decisions signed by ``server_key`` now (Ed25519
    signatures are deterministic: the same whenever made), and so are the decisions
    numbered in ``servers`` (a person's seat's, made by the server's bot once the seat
    forfeited on its clock), and the deal."""
    if seats is not None and not seats.signed:
        seats = None  # open seats and no keys: a game like any other
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
            if (entries[event.seat].kind == BOT or number in servers) \
                    and server_key is not None:
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
                       tuple(signatures),
                       () if seats is None else tuple(m.as_json() for m in seats.moves)
                       ).as_json()


_DEALS = {SeedOrigin.JOINT: "joint", SeedOrigin.CHOSEN: "chosen", SeedOrigin.DRAWN: "server",
          SeedOrigin.PUBLIC: "public", SeedOrigin.NONE: "none"}
"""The ``deal`` a log's seats section names for a game of each seed origin."""
