"""The vocabulary of the printed end-game texts: what a card's end-game bonus may look at.

A card's bonus (``bonuses_<colour>.py``) is a small pure function from an :class:`EndGame` — the
card, its owner's hand with the Gray and Orange declarations applied, the owner's tokens, the
opponents' tokens, the board and the banished pile — to the points of each printed end-game term,
one number per term, in printed order (``Card.end_game_parts``).

The predicates below speak the rulebook's words. "If with" and "for each" look at the *other*
cards in hand (RR-SCORE-3, RULING-A17); "your cards" means the whole hand.

Each :class:`EndGameBonus` also lists which colours and names of the hand its text tests. The
optimiser (RULING-B3) relies on that list to prune the declarations it tries, and a property
test checks that a bonus never depends on anything else a declaration can change.

(:class:`rr.model.Bonus` is another thing: what a location bonus or a die face gives.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping

from attrs import field, frozen

from rr.cards.catalogue import Card, all_ids, card
from rr.model import LOCATIONS, CardId, Color, Location
from rr.quick_init import quick_init
from rr.ruleset import Ruleset
from rr.scoring.table import Declaration, LocationCard

Terms = tuple[int, ...]
"""The points of each printed end-game term of one card, in printed order."""


def initial(name: str) -> str:
    """The literal first letter of a name: "The Jackal" is T (RULING-F5), "4D Painter" is 4."""
    return name[:1].casefold()


@quick_init  # made by the thousand when a bot values hands (see rr.quick_init)
@frozen
class HandCard:
    """A card in hand as the end-game texts see it: a Gray may carry one more colour
    (RR-SCORE-6) and an Orange another name (RR-SCORE-7)."""

    id: CardId
    name: str
    colors: frozenset[Color]
    core: int

    @classmethod
    def of(cls, printed: Card, declaration: Declaration | None = None) -> HandCard:
        """The card with its declaration, if any, applied."""
        colors = {printed.color}
        name = printed.name
        if declaration is not None:
            if declaration.color is not None:
                colors.add(declaration.color)
            if declaration.name is not None:
                name = declaration.name
        return cls(printed.id, name, frozenset(colors), printed.core_value)

    def is_any(self, colors: Iterable[Color]) -> bool:
        """True if this card has one of these colours."""
        return not self.colors.isdisjoint(colors)


@frozen
class Tokens:
    """One player's tokens at scoring."""

    helium: int = 0
    fleet: int = 0
    influence: int = 0
    """Influence tokens on The Institute."""
    sovereign: bool = False


@frozen
class Surroundings:
    """Everything an end-game text may look at besides the hand; the same for all of a
    player's cards."""

    me: Tokens = Tokens()
    opponents: tuple[Tokens, ...] = ()
    neutral_influence: int = 0
    """The 2-player neutral house's Influence (0: there is none)."""
    locations: Mapping[Location, tuple[LocationCard, ...]] = field(factory=dict)
    """Each location's cards, bottom to top."""
    banished: tuple[CardId, ...] = ()
    """The banished pile at the beginning of end-game scoring (RR-SCORE-5, RR-SCORE-16)."""
    ruleset: Ruleset = Ruleset()


@quick_init  # made by the thousand when a bot values hands (see rr.quick_init)
@frozen
class EndGame:
    """One card of a hand at scoring, with everything its end-game text may look at."""

    hand: tuple[HandCard, ...]
    index: int
    """Which card of ``hand`` is being scored."""
    around: Surroundings

    # --- the hand -----------------------------------------------------------------------------

    @property
    def this(self) -> HandCard:
        return self.hand[self.index]

    @property
    def others(self) -> tuple[HandCard, ...]:
        """The other cards in hand: what "if with" and "for each" look at (RR-SCORE-3)."""
        return self.hand[: self.index] + self.hand[self.index + 1 :]

    def is_with(self, *colors: Color) -> bool:
        """ "If with a <colour>": another card in hand has one of these colours.

        A plain loop (no generator, no call per card): the greedy bot asks this thousands of
        times a game."""
        index = self.index
        for i, other in enumerate(self.hand):
            if i != index and not other.colors.isdisjoint(colors):
                return True
        return False

    def is_with_named(self, *names: str) -> bool:
        """ "If with <character>": another card in hand has one of these names (RULING-A9).
        A plain loop, as :meth:`is_with` (search scores hands very often, issue #32)."""
        index = self.index
        for i, other in enumerate(self.hand):  # noqa: SIM110 - no generator
            if i != index and other.name in names:
                return True
        return False

    def count(self, *colors: Color) -> int:
        """ "For each <colour> and <colour>": the other cards of these colours. Each card counts
        once per clause; under ``gray_counts_once_per_clause=False`` a Gray counts once per
        matching colour (RULING-A7)."""
        index = self.index
        found = 0
        if self.around.ruleset.gray_counts_once_per_clause:
            for i, other in enumerate(self.hand):
                if i != index and not other.colors.isdisjoint(colors):
                    found += 1
            return found
        for i, other in enumerate(self.hand):
            if i != index:
                found += len(other.colors.intersection(colors))
        return found

    def count_named(self, *names: str) -> int:
        """How many of these names the other cards carry; a name held twice counts once
        (RULING-A9)."""
        return len({other.name for other in self.others}.intersection(names))

    # --- the owner's tokens -------------------------------------------------------------------

    @property
    def me(self) -> Tokens:
        return self.around.me

    @property
    def has_sovereign(self) -> bool:
        return self.around.me.sovereign

    # --- comparisons with the other houses (RR-SCORE-17, RULING-A5, RULING-A6) ----------------

    @property
    def opponents(self) -> tuple[Tokens, ...]:
        return self.around.opponents

    def _influence_of_other_houses(self) -> tuple[int, ...]:
        """The opponents' Influence and, where RULING-A5 counts it, the neutral house's."""
        others = tuple(o.influence for o in self.opponents)
        neutral = self.around.neutral_influence
        if neutral > 0 and self.around.ruleset.neutral_in_card_conditions:
            others += (neutral,)
        return others

    def has_most_influence(self) -> bool:
        """ "The most Influence on the Institute (or tied for the most)": no other house has
        more."""
        return all(other <= self.me.influence for other in self._influence_of_other_houses())

    def has_least_influence(self) -> bool:
        """ "The least Influence on the Institute (or tied for the least)": no other house has
        less."""
        return all(other >= self.me.influence for other in self._influence_of_other_houses())

    def shares_influence_with_an_opponent(self) -> bool:
        """An opponent (never the neutral house, RULING-A5) has exactly my Influence."""
        return any(o.influence == self.me.influence for o in self.opponents)

    def has_most_helium(self) -> bool:
        return all(o.helium <= self.me.helium for o in self.opponents)

    def an_opponent_has_more_helium(self) -> bool:
        return any(o.helium > self.me.helium for o in self.opponents)

    def is_furthest_on_fleet(self) -> bool:
        return all(o.fleet <= self.me.fleet for o in self.opponents)

    def an_opponent_is_further_on_fleet(self) -> bool:
        return any(o.fleet > self.me.fleet for o in self.opponents)

    # --- the board (RR-SCORE-4) ---------------------------------------------------------------

    def stack(self, location: Location) -> tuple[LocationCard, ...]:
        return self.around.locations.get(location, ())

    def on_all_locations(self, *colors: Color) -> int:
        """ "For each <colour> on all locations": face-up board cards of these colours; a
        face-down card has no colour."""
        color_of = _color_of()
        locations = self.around.locations
        count = 0
        for location in LOCATIONS:
            for placed in locations.get(location, ()):
                if placed.face_down:
                    continue
                color = color_of.get(placed.card)  # inline: the board may hold 60 cards
                if (card(placed.card).color if color is None else color) in colors:
                    count += 1
        return count

    def core_value_on_board(self, placed: LocationCard) -> int:
        """A board card's core value; a face-down card keeps its own unless
        ``face_down_value_is_actual=False`` (RULING-A2)."""
        if placed.face_down and not self.around.ruleset.face_down_value_is_actual:
            return 0
        return card(placed.card).core_value

    # --- the banished pile (RR-SCORE-5) -------------------------------------------------------

    @property
    def banished_count(self) -> int:
        return len(self.around.banished)

    def banished_of(self, color: Color) -> int:
        color_of = _color_of()
        count = 0
        for banished in self.around.banished:  # a plain loop: the pile may hold 30 cards
            found = color_of.get(banished)
            if (card(banished).color if found is None else found) is color:
                count += 1
        return count


@functools.cache
def _color_of() -> Mapping[CardId, Color]:
    """Each card's printed colour by id: a dict look-up is cheaper than :func:`card` in the
    board texts, which look at every card on the board."""
    return {card_id: card(card_id).color for card_id in all_ids()}


def _colors(values: Iterable[Color]) -> frozenset[Color]:
    return frozenset(values)


def _names(values: Iterable[str]) -> frozenset[str]:
    return frozenset(values)


@frozen
class EndGameBonus:
    """A card's end-game bonus: its scoring function and what of the hand its text tests."""

    score: Callable[[EndGame], Terms]
    colors: frozenset[Color] = field(default=frozenset(), converter=_colors)
    """Colours whose presence among the hand's cards the text tests."""
    names: frozenset[str] = field(default=frozenset(), converter=_names)
    """Character names whose presence among the hand's cards the text tests (printed names)."""
    every_color: bool = False
    """The text compares the hand's colours with each other (Mustang, 4D Painter)."""
    initials: bool = False
    """The text compares the first letters of the hand's names (Codebreaker)."""
    loses_for_golds: bool = False
    """A negative term that counts Golds (Sefi): cancelled by Artisan Chef under
    ``artisan_chef_gold_cards_only=False`` (RULING-A20)."""

    @property
    def reads_colors(self) -> bool:
        """Whether a Gray's extra colour can change this bonus (a Gray is always Gray)."""
        return self.every_color or bool(self.colors - {Color.GRAY})

    @property
    def reads_names(self) -> bool:
        """Whether an Orange's name can change this bonus."""
        return self.initials or bool(self.names)


def no_end_game_bonus(_: EndGame) -> Terms:
    """A card printed without end-game points scores only its core value."""
    return ()


NO_BONUS = EndGameBonus(no_end_game_bonus)
