"""The Ruleset: every ruling that is a choice, as a named option (spec/rulings.md); and the
version of rr's rulings, with the readings changed since the first (spec/README.md,
"Changing a ruling").

A game records its ruleset and its rules version in its first event, so a log always replays
under the rules it was played with. Defaults follow the official rulebook plus the official
FAQ and errata.
"""

from __future__ import annotations

from typing import Any

import attrs
from attrs import frozen

from rr.errors import BadInputError

__all__ = [
    "READINGS", "RULES_VERSION", "Reading", "Ruleset",
]


@frozen
class Ruleset:
    """Named options; each field's docstring names the ruling in spec/rulings.md.

    >>> import rr
    >>> rr.Ruleset().describe(), rr.Ruleset(au_toma_variant=True).describe()
    ('official', 'au_toma_variant=true')
    >>> solo = rr.Game.new(["Ana"], level=2, seed=1, ruleset=rr.Ruleset(au_toma_variant=True))
    >>> solo.state.ruleset.au_toma_variant
    True
    """

    firewall_each_other_location: bool = True
    """RULING-A1: Firewall Expert places on each *other* location (official errata)."""
    face_down_value_is_actual: bool = True
    """RULING-A2: abilities read no core value on a face-down card and the scorer reads its
    printed one (False: it counts as 0 for both)."""
    face_down_gain_is_revealed: bool = False
    """RULING-C5: a face-down card gained by Cassius or Octavia is read as it lay, colourless
    (True: the player reveals it, and its printed colour counts)."""
    ceres_banish_any_position: bool = True
    """RULING-A3: Ceres' Sovereign banish may take any card of a location (False: top only)."""
    neutral_in_card_conditions: bool = True
    """RULING-A5: the 2-player neutral Influence counts in "most / least Influence" conditions."""
    gray_counts_once_per_clause: bool = True
    """RULING-A7: a Gray treated as another colour counts once per "for each" clause."""
    hypnotist_blockable: bool = True
    """RULING-A13: a steal/banish block also covers Hypnotist's forced banish."""
    loan_shark_turn_counts: bool = False
    """RULING-A12: a Loan Shark out-of-order turn counts toward the equal turn count."""
    unless_means_gained_gold: bool = False
    """RULING-A18: "banish X unless that card is a Gold" read as "unless you gained a Gold"."""
    artisan_chef_gold_cards_only: bool = True
    """RULING-A20: Artisan Chef ignores negative terms printed on Gold cards only."""
    protect_small_hands: bool = False
    """RULING-V1: the official multiplayer variant (opponent targets need more than a
    starting hand of cards)."""

    au_toma_variant: bool = False
    """RULING-T7: the official Au Toma variant of the solo mode (RR-SOLO-17) keeps
    Auctioneer, Eo, Psychologist and Roque in the game."""

    luna_substitute_stops_on_luna: bool = False
    """RULING-T5: when the bonus the Luna card shows is one Au Toma has 10 of, the walk for
    its substitute stops on Luna: a second try at the Sovereign token (which may take a token
    the player has just blocked), and nothing else (False: the walk passes Luna). A recorded
    ruleset that does not name it reads True (:data:`UNNAMED`)."""
    auction_helium_capped: bool = False
    """RULING-T8: in the Au Toma variant, at 10 Helium or more she cannot get Auctioneer's
    Helium, and the die is rolled again (False: Helium she can always get)."""

    repetition_ends_game: bool = True
    """RULING-B11: a round starting for the third time in the same position triggers the end
    of the game (False: nothing ends a game that goes round in circles). A recorded ruleset
    that does not name it reads False (:data:`UNNAMED`)."""
    round_limit: bool = True
    """RULING-B12: a player beginning their 150th turn triggers the end of the game (False:
    no limit). A recorded ruleset that does not name it reads False (:data:`UNNAMED`)."""

    @staticmethod
    def as_recorded(named: dict[str, Any]) -> dict[str, Any]:
        """``named`` (a recorded ruleset's options, by name) with each option of
        :data:`UNNAMED` it does not name set to the value the game was played with."""
        missing = {name: value for name, value in UNNAMED.items() if name not in named}
        return {**missing, **named} if missing else named

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in attrs.fields(cls))

    @classmethod
    def parse(cls, text: str) -> Ruleset:
        """``"official"`` or comma-separated ``option=true|false`` overrides of it."""
        text = text.strip()
        if text in ("", "official", "default"):
            return cls()
        changes: dict[str, Any] = {}
        for item in text.split(","):
            name, sep, value = item.strip().partition("=")
            name = name.strip()
            if name == "official":
                continue
            if name not in cls.names():
                raise BadInputError(
                    f"unknown ruleset option {name!r}; options are: {', '.join(cls.names())}"
                )
            value = value.strip().lower() if sep else "true"
            if value not in ("true", "false"):
                raise BadInputError(f"ruleset option {name} takes true or false, not {value!r}")
            changes[name] = value == "true"
        return attrs.evolve(cls(), **changes)

    def describe(self) -> str:
        """``"official"`` or the options that differ from it, in :meth:`parse` syntax."""
        base = Ruleset()
        diffs = [
            f"{f.name}={str(getattr(self, f.name)).lower()}"
            for f in attrs.fields(Ruleset)
            if getattr(self, f.name) != getattr(base, f.name)
        ]
        return ",".join(diffs) if diffs else "official"

    def words(self) -> str:
        """The ruleset for people: "the official rules", or the options changed, each by
        its label (:data:`EXPLAINED`) and "on" or "off"."""
        base = Ruleset()
        changed = [
            f"{EXPLAINED[f.name][0] if f.name in EXPLAINED else f.name} "
            f"{'on' if getattr(self, f.name) else 'off'}"
            for f in attrs.fields(Ruleset)
            if getattr(self, f.name) != getattr(base, f.name)
        ]
        return "the official rules" + (f", changed: {'; '.join(changed)}" if changed else "")


UNNAMED: dict[str, bool] = {
    "luna_substitute_stops_on_luna": True,  # RULING-T5 decided again in issue #31
    "auction_helium_capped": False,  # RULING-T8, issue #31
    "repetition_ends_game": False,  # RULING-B11, issue #31
    "round_limit": False,  # RULING-B12, issue #31
}
"""The options added since logs were first written, with the value a ruleset that does not
name one reads: how games were played before it existed (which for some is not its
default), so that an older log replays as it was played. The codec leaves such an option out
when it has that value, so that an older log is also written again byte for byte. (An option
missing here is always written, and read as its default if ever missing.)"""


RULES_VERSION = 3
"""The version of rr's rulings a new game is played under (``GameStarted.rules_version``).

It goes up by one whenever a ruling changes what happens in a game without a ``Ruleset``
option to select the reading (a correction, such as RULING-B10's hidden-information fixes):
the new reading is a :class:`Reading` keyed to the new version, the old one stays in the code
for the games recorded under an earlier version, and the rules ask
``state.reads(THE_READING)``. The versions so far:

1. every game recorded before the seed was committed to (a ``game_started/1`` record);
2. the games recorded with a commitment (``game_started/2``) before RULING-B10's
   corrections of issue #25 point 4;
3. RULING-B10 corrected (:data:`READINGS`); from this version on the first event names it.

A ``game_started/2`` record that names no version was written by an rr of version 2 or of
version 3 before versions were recorded (:data:`UNNAMED_RULES_VERSIONS`): the log alone
tells which, by which one replays it (``rr.engine.Game.resume``)."""

UNNAMED_RULES_VERSIONS: tuple[int, ...] = (3, 2)
"""The versions a ``game_started/2`` record that names none may have been played under, in
the order a resumed log tries them: the newest first, so that a game none of whose events
tells them apart goes on under today's rulings. (The record's ``rules_version`` is ``None``;
the codec leaves it out, so that such a record is written again byte for byte.)"""


@frozen
class Reading:
    """A ruling's reading that changed play without an option: games of rules version
    ``since`` or later read it; older ones read the ruling as it was before."""

    ruling: str
    """The ruling's id in spec/rulings.md."""
    since: int
    """The rules version that introduced this reading."""
    what: str
    """What the new reading does, and the old one did, in a sentence."""


POLITICIAN_PICKS_BOTH = Reading(
    "RULING-B10", 3,
    "Politician asks for a first and a second Gold whatever the hand holds (before: "
    "with exactly 2 Golds, both were revealed without a question)")
ROQUE_GUESSES_A_NAME = Reading(
    "RULING-B10", 3,
    "a Roque guess (against a player or Au Toma) is always a name, a hit a selected card of "
    "that name (before: a card of the hand looked at was guessed as that card, "
    "PickCard, and only that card was a hit; other characters by name)")

READINGS: tuple[Reading, ...] = (POLITICIAN_PICKS_BOTH, ROQUE_GUESSES_A_NAME)
"""Every reading keyed to a rules version, oldest first (spec/README.md lists them)."""


EXPLAINED: dict[str, tuple[str, str]] = {
    "firewall_each_other_location": (
        "Firewall Expert places on each other location",
        "The official errata: one card face down on each location but its own (off: on "
        "every location)."),
    "face_down_value_is_actual": (
        "A face-down card keeps its printed value at scoring",
        "Abilities read no value on it, the scoring its printed one (off: it counts 0 for "
        "both)."),
    "face_down_gain_is_revealed": (
        "A face-down card gained by Cassius or Octavia is revealed",
        "Its printed colour then counts (off: it is read as it lay, colourless)."),
    "ceres_banish_any_position": (
        "House Ceres may banish any card of a location",
        "Not only the top card (off: the top card only)."),
    "neutral_in_card_conditions": (
        "With two players the neutral Influence counts for cards",
        "In \"most / least Influence\" conditions (off: only the players' Influence)."),
    "gray_counts_once_per_clause": (
        "A Gray taken as another colour counts once per \"for each\"",
        "(off: once for each colour it is taken as)."),
    "hypnotist_blockable": (
        "A block also stops Hypnotist's forced banish",
        "(off: Hypnotist cannot be blocked)."),
    "loan_shark_turn_counts": (
        "Loan Shark's extra turn counts toward the equal number of turns",
        "(off: it does not count)."),
    "unless_means_gained_gold": (
        "\"Unless that card is a Gold\" means unless you gained a Gold",
        "(off: unless the card itself is a Gold)."),
    "artisan_chef_gold_cards_only": (
        "Artisan Chef ignores negative terms on Gold cards only",
        "(off: on every card)."),
    "protect_small_hands": (
        "Protect small hands (the official multiplayer variant)",
        "A card that targets an opponent needs one with more than a starting hand."),
    "au_toma_variant": (
        "Au Toma variant (solo)",
        "The official variant keeps Auctioneer, Eo, Psychologist and Roque in the game."),
    "luna_substitute_stops_on_luna": (
        "Au Toma's walk for a Luna substitute stops on Luna",
        "A second try at the Sovereign token (off: the walk passes Luna)."),
    "auction_helium_capped": (
        "Au Toma cannot get Auctioneer's Helium at 10 or more",
        "In the Au Toma variant; the die is rolled again (off: she always can)."),
    "repetition_ends_game": (
        "A position seen a third time ends the game",
        "A round starting for the third time in the same position triggers the end."),
    "round_limit": (
        "At most 150 turns each",
        "A player beginning their 150th turn triggers the end of the game."),
}
"""Each option of :class:`Ruleset` for people: what the table shows beside its box, and its
explanation (spec/rulings.md has the ruling)."""
