"""Reading a final position for the scorepad: the JSON format, and the checks every position
must pass (``check_table``).

The JSON format::

    {"players": [{"name": "Ana", "house": "mars", "hand": ["judge", "Holiday", ...],
                  "helium": 6, "fleet": 0, "influence": 9, "sovereign": true,
                  "declare": {"holiday": {"color": "blue"}, "razor_designer": {"name": "Darrow"}},
                  "extra_points": {"hacker": 12}}, ...],
     "locations": {"jupiter": ["darrow", {"card": "sevro", "face_down": true}], ...},
     "banished": ["eo", ...],
     "neutral_influence": 3}

Cards are given by id or printed name, in any case. Location lists go bottom to top.

Required: ``players`` (2 to 6, ``MIN_PLAYERS``..``MAX_PLAYERS``), and for each player
``name``, ``hand``, ``helium`` (0 to :data:`MAX_HELIUM`), ``fleet`` (0 to 10), ``influence``
(0 to 10 tokens) and ``sovereign``; ``locations`` with all four locations (``[]`` for an empty
one) and ``banished`` (``[]`` for none) — a scorer that forgets a pile must not score it as
empty. Optional, with defaults (examples/README.md lists them too): ``house`` (none; houses
score nothing at the end), ``declare`` (each missing declaration is chosen by the optimiser,
RULING-B3; ``{}`` declares nothing), ``extra_points`` (none; end-of-game points such as
Hacker's, 0 to :data:`MAX_HELIUM`), ``neutral_influence`` (3 with two players, else 0) and
``au_toma`` (``{"level": 2, "odd_even": "even"}`` marks Tull Au Toma in a solo game, whose hand
scores by RR-SOLO-15).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import NoReturn

from rr.automa import LEVELS, Parity
from rr.cards.catalogue import Card, card, catalogue, lookup
from rr.errors import BadInputError, UnknownCardError
from rr.model import (
    FLEET_MAX,
    INFLUENCE_TOKENS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    CardId,
    Color,
    House,
    Location,
)
from rr.scoring.optimise import declaration_error
from rr.scoring.solo import AutomaScoring
from rr.scoring.table import Declaration, FinalPlayer, FinalTable, LocationCard
from rr.untrusted import load_json

MAX_HELIUM = 999
"""The most Helium (and end-of-game extra points) ``rr score`` accepts. Helium never runs out
(RR-BONUS-2), so the rules set no bound; no game comes near this one, and a larger number is a
typing mistake, not a position."""
TWO_PLAYER_NEUTRAL_INFLUENCE = 3
"""RR-SCORE-12: the neutral house's tokens in a 2-player game."""

_PLAYER_KEYS = (
    "name", "hand", "helium", "fleet", "influence", "sovereign", "house", "declare", "extra_points",
    "au_toma",
)
_PLAYER_REQUIRED = ("name", "hand", "helium", "fleet", "influence", "sovereign")
_TABLE_KEYS = ("players", "locations", "banished", "neutral_influence")
_TABLE_REQUIRED = ("players", "locations", "banished")


def parse_table(text: str) -> FinalTable:
    """The final position described by this JSON text; raises :class:`BadInputError` naming
    the first problem found (and where it is)."""
    raw = load_json(text.removeprefix("\ufeff"), "the file", BadInputError)
    table = _table(raw)
    count = len(table.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise BadInputError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}",
                            "RR-SETUP-7")
    check_table(table)
    return table


def check_table(table: FinalTable) -> None:
    """Raise :class:`BadInputError` unless this is a position the scorer can read: 1 to 6
    players (one alone: a hand scored on its own, as tests and analysts do; a scorepad
    *file* must hold a game's 2 to 6, see :func:`parse_table`) with distinct names and houses,
    tokens within their bounds, at most
    one Sovereign holder, every card in at most one place, and legal declarations
    (RR-SCORE-6, RR-SCORE-7)."""
    count = len(table.players)
    if not 1 <= count <= MAX_PLAYERS:
        raise BadInputError(f"a position has 1 to {MAX_PLAYERS} players, not {count}")
    _check_unique([p.name for p in table.players], "two players are called")
    _check_unique([p.house.value for p in table.players if p.house], "two players are House")
    holders = [p.name for p in table.players if p.sovereign]
    if len(holders) > 1:
        raise BadInputError(f"only one player can hold the Sovereign token, not {_and(holders)}")
    if not 0 <= table.neutral_influence <= INFLUENCE_TOKENS:
        raise BadInputError(
            f"neutral_influence must be 0 to {INFLUENCE_TOKENS}, not {table.neutral_influence}"
        )
    if table.neutral_influence and count != 2:
        raise BadInputError(f"neutral_influence is for 2-player games only, not {count} players")
    for player in table.players:
        _check_player(player)
    _check_each_card_once(table)


def _check_player(player: FinalPlayer) -> None:
    who = f"player {player.name!r}"
    for field, value in (("helium", player.helium), ("fleet", player.fleet)):
        if value < 0:
            _fail(f"{who}: {field} cannot be negative ({value})")
    if player.helium > MAX_HELIUM:
        _fail(f"{who}: helium {player.helium} is more than rr accepts ({MAX_HELIUM}); "
              "is it a typing mistake?")
    if player.fleet > FLEET_MAX:
        _fail(f"{who}: fleet {player.fleet} is beyond the end of the Fleet Track ({FLEET_MAX})")
    if not 0 <= player.influence <= INFLUENCE_TOKENS:
        _fail(f"{who}: influence must be 0 to {INFLUENCE_TOKENS} tokens, not {player.influence}")
    hand = {c.id: c for c in (_known(card_id, f"{who}: hand") for card_id in player.hand)}
    for card_id, declaration in player.declarations.items():
        printed = hand.get(card_id)
        if printed is None:
            _fail(f"{who}: declaration for {_named(card_id)}, which is not in their hand")
        problem = declaration_error(printed, declaration)
        if problem:
            _fail(f"{who}: declaration for {_named(card_id)}: {problem}")
    for card_id, points in player.extra_points.items():
        printed = _known(card_id, f"{who}: extra_points")
        if printed.end_of_game is None:
            _fail(f"{who}: extra_points for {printed.name}, which has no end-of-game ability")
        if not 0 <= points <= MAX_HELIUM:
            _fail(f"{who}: extra_points for {printed.name} must be 0 to {MAX_HELIUM}, "
                  f"not {points}")


def _check_each_card_once(table: FinalTable) -> None:
    # A place is named in words only for a message: every engine game is scored through
    # here, and its positions are sound (issue #12).
    places: dict[CardId, str | Location] = {}

    def put(card_id: CardId, place: str | Location) -> None:
        if card_id not in catalogue():
            _known(card_id, _words(place))
        if card_id in places:
            where = f"twice in {_words(place)}" if places[card_id] == place else (
                f"in two places: {_words(places[card_id])} and {_words(place)}"
            )
            _fail(f"{_named(card_id)} is {where}")
        places[card_id] = place

    for player in table.players:
        hand = f"{player.name}'s hand"
        for card_id in player.hand:
            put(card_id, hand)
    for location, stack in table.locations.items():
        for placed in stack:
            put(placed.card, location)
    for card_id in table.banished:
        put(card_id, "the banished pile")


def _named(card_id: CardId) -> str:
    """A card in words: its name (the id, quoted, for an id no card has)."""
    found = catalogue().get(card_id)
    return found.name if found is not None else repr(card_id)


def _words(place: str | Location) -> str:
    return place.title if isinstance(place, Location) else place


def _known(card_id: str, where: str) -> Card:
    """The card with this id (a ``FinalTable`` holds ids, not names)."""
    try:
        return card(card_id)
    except UnknownCardError:
        _fail(f"{where}: unknown card {card_id!r}")


def _check_unique(values: list[str], message: str) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            _fail(f"{message} {value!r}")
        seen.add(value)


def _and(names: list[str]) -> str:
    return ", ".join(repr(n) for n in names)


def _fail(message: str) -> NoReturn:
    raise BadInputError(message)


# --- the JSON reader -------------------------------------------------------------------------


def _table(raw: object) -> FinalTable:
    top = _object(raw, "the file", _TABLE_KEYS, _TABLE_REQUIRED)
    raw_players = _list(top["players"], "players")
    players = tuple(_player(p, f"players[{i}]") for i, p in enumerate(raw_players))
    locations = _locations(top["locations"])
    pile = _list(top["banished"], "banished (give [] for an empty banished pile)")
    banished = tuple(_card(c, f"banished[{i}]").id for i, c in enumerate(pile))
    default_neutral = TWO_PLAYER_NEUTRAL_INFLUENCE if len(players) == 2 else 0
    neutral = _int(top.get("neutral_influence", default_neutral), "neutral_influence")
    return FinalTable(players, locations, banished, neutral)


def _player(raw: object, where: str) -> FinalPlayer:
    fields = _object(raw, where, _PLAYER_KEYS, _PLAYER_REQUIRED)
    name = fields["name"]
    if not isinstance(name, str) or not name.strip():
        _fail(f"{where}.name must be a non-empty string")
    where = f"player {name!r}"
    cards = _list(fields["hand"], f"{where}: hand")
    hand = tuple(_card(c, f"{where}: hand[{i}]").id for i, c in enumerate(cards))
    house = fields.get("house")
    return FinalPlayer(
        name=name,
        hand=hand,
        helium=_int(fields["helium"], f"{where}: helium"),
        fleet=_int(fields["fleet"], f"{where}: fleet"),
        influence=_int(fields["influence"], f"{where}: influence"),
        sovereign=_bool(fields["sovereign"], f"{where}: sovereign"),
        house=None if house is None else _house(house, f"{where}: house"),
        declarations=_declarations(fields.get("declare", {}), f"{where}: declare"),
        extra_points={
            _card(c, f"{where}: extra_points").id: _int(v, f"{where}: extra_points[{c}]")
            for c, v in _object(fields.get("extra_points", {}), f"{where}: extra_points").items()
        },
        automa=_au_toma(fields.get("au_toma"), f"{where}: au_toma"),
    )


def _au_toma(raw: object, where: str) -> AutomaScoring | None:
    """RR-SOLO-15: ``{"level": 1-6, "odd_even": "odd"|"even"}`` marks Tull Au Toma."""
    if raw is None:
        return None
    fields = _object(raw, where, ("level", "odd_even"), ("level", "odd_even"))
    level = _int(fields["level"], f"{where}.level")
    if level not in LEVELS:
        _fail(f"{where}.level must be 1 to 6, not {level}")
    side = fields["odd_even"]
    if side not in ("odd", "even"):
        _fail(f"{where}.odd_even must be \"odd\" or \"even\", not {_show(side)}")
    return AutomaScoring(level, Parity(side))


def _declarations(raw: object, where: str) -> Mapping[CardId, Declaration]:
    declarations: dict[CardId, Declaration] = {}
    for key, value in _object(raw, where).items():
        printed = _card(key, where)
        here = f"{where} {printed.id}"
        fields = _object(value, here, ("color", "name"))
        color, name = fields.get("color"), fields.get("name")
        declarations[printed.id] = Declaration(
            color=None if color is None else _color(color, f"{here}: color"),
            name=None if name is None else _character(name, f"{here}: name"),
        )
    return declarations


def _locations(raw: object) -> Mapping[Location, tuple[LocationCard, ...]]:
    locations: dict[Location, tuple[LocationCard, ...]] = {}
    for key, value in _object(raw, "locations").items():
        try:
            location = Location(key.strip().lower())
        except ValueError:
            valid = ", ".join(loc.value for loc in Location)
            _fail(f"locations: unknown location {key!r} (locations are: {valid})")
        stack = _list(value, f"locations.{location.value}")
        locations[location] = tuple(
            _placed(entry, f"locations.{location.value}[{i}]") for i, entry in enumerate(stack)
        )
    missing = [loc.value for loc in Location if loc not in locations]
    if missing:
        _fail(f"locations: missing {missing[0]!r} (give [] for an empty location)")
    return locations


def _placed(raw: object, where: str) -> LocationCard:
    if isinstance(raw, str):
        return LocationCard(_card(raw, where).id)
    fields = _object(raw, where, ("card", "face_down"), ("card",))
    face_down = _bool(fields.get("face_down", False), f"{where}.face_down")
    return LocationCard(_card(fields["card"], f"{where}.card").id, face_down)


def _card(raw: object, where: str) -> Card:
    """A card given by id or printed name, in any case."""
    if not isinstance(raw, str):
        _fail(f"{where}: a card must be given as an id or name string, not {_show(raw)}")
    try:
        return lookup(raw)
    except UnknownCardError:
        _fail(f"{where}: unknown card {raw!r}")


def _color(raw: object, where: str) -> Color:
    try:
        return Color(_str(raw, where).strip().lower())
    except ValueError:
        valid = ", ".join(c.value for c in Color)
        _fail(f"{where}: unknown colour {raw!r} (colours are: {valid})")


def _character(raw: object, where: str) -> str:
    text = _str(raw, where)
    try:
        return lookup(text).name
    except UnknownCardError:
        _fail(f"{where}: {text!r} is not the name of a character")


def _house(raw: object, where: str) -> House:
    try:
        return House(_str(raw, where).strip().lower())
    except ValueError:
        valid = ", ".join(h.value for h in House)
        _fail(f"{where}: unknown house {raw!r} (houses are: {valid})")


def _object(
    raw: object, where: str, allowed: tuple[str, ...] | None = None, required: tuple[str, ...] = ()
) -> dict[str, object]:
    if not isinstance(raw, dict):
        _fail(f"{where} must be a JSON object, not {_show(raw)}")
    if allowed is not None:
        unknown = [key for key in raw if key not in allowed]
        if unknown:
            _fail(f"{where}: unknown field {unknown[0]!r} (fields are: {', '.join(allowed)})")
    missing = [key for key in required if key not in raw]
    if missing:
        _fail(f"{where}: missing field {missing[0]!r}")
    return raw


def _list(raw: object, where: str) -> list[object]:
    if not isinstance(raw, list):
        _fail(f"{where} must be a JSON list, not {_show(raw)}")
    return raw


def _int(raw: object, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        _fail(f"{where} must be a whole number, not {_show(raw)}")
    return raw


def _bool(raw: object, where: str) -> bool:
    if not isinstance(raw, bool):
        _fail(f"{where} must be true or false, not {_show(raw)}")
    return raw


def _str(raw: object, where: str) -> str:
    if not isinstance(raw, str):
        _fail(f"{where} must be a string, not {_show(raw)}")
    return raw


def _show(raw: object) -> str:
    return json.dumps(raw)[:40]
