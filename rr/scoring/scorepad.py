"""The scorepad: exact end-game scoring of a final position (RR-SCORE-1 to RR-SCORE-17)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import field, frozen

from rr.cards.catalogue import card
from rr.model import CardId
from rr.ruleset import Ruleset
from rr.scoring.bonuses import EndGame, HandCard, Surroundings, Tokens
from rr.scoring.input import check_table
from rr.scoring.optimise import best_declarations, best_points
from rr.scoring.registry import end_game_points
from rr.scoring.solo import automa_hand_points
from rr.scoring.table import Declaration, FinalPlayer, FinalTable

__all__ = [
    "ROWS",
    "CardScore",
    "PlayerScore",
    "Scorepad",
    "score",
    "winners",
    "winning_seats",
]

FLEET_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 34, 39, 43)
"""RR-SCORE-8: points for Fleet Track positions 0 to 10."""
HELIUM_POINTS = 3
"""RR-SCORE-9: points per Helium."""
SOVEREIGN_POINTS = 10
"""RR-SCORE-10: points for holding the Sovereign token."""
INFLUENCE_RATES: tuple[int, ...] = (4, 2)
"""RR-SCORE-11: points per Influence for the most and second-most; everyone else 1."""
HAND_SIZE_WITHOUT_PENALTY = 7
EXCESS_CARD_PENALTY = -10
"""RR-SCORE-13: points per card in hand beyond the seventh."""

ROWS: tuple[str, ...] = ("cards", "fleet", "helium", "sovereignty", "influence", "excess")
"""The scorepad's rows in the rulebook's order; the total follows (RR-SCORE-1)."""


@frozen
class CardScore:
    """One card's line of the cards row: core value and end-game points (RR-SCORE-2).

    A card that earned end-of-game points (Hacker, ``FinalPlayer.extra_points``) but left the
    hand before scoring (Hypnotist, Ceres) is listed with core 0: only its points count."""

    id: CardId
    core: int
    bonus: int

    @property
    def points(self) -> int:
        return self.core + self.bonus


@frozen
class Rows:
    """One player's column of the scorepad, in the rulebook's order (RR-SCORE-1)."""

    cards: int
    fleet: int
    helium: int
    sovereignty: int
    influence: int
    excess: int
    total: int

    @classmethod
    def adding_up(
        cls, cards: int, fleet: int, helium: int, sovereignty: int, influence: int, excess: int
    ) -> Rows:
        total = cards + fleet + helium + sovereignty + influence + excess
        return cls(cards, fleet, helium, sovereignty, influence, excess, total)

    def items(self) -> tuple[tuple[str, int], ...]:
        """``(row, points)`` for the rows above the total, in order."""
        return tuple((row, int(getattr(self, row))) for row in ROWS)


@frozen
class PlayerScore:
    """A player's scorepad column, card by card, with the declarations used."""

    name: str
    rows: Rows
    cards: tuple[CardScore, ...]
    declarations: Mapping[CardId, Declaration] = field(factory=dict)
    """The declarations that took effect (given or chosen), in hand order."""
    chosen: frozenset[CardId] = frozenset()
    """Cards whose declaration the optimiser chose (RULING-B3)."""
    sovereign: bool = False
    base: int = 0
    """Tull Au Toma's base score, counted in her cards row (RR-SOLO-15)."""

    @property
    def total(self) -> int:
        return self.rows.total


@frozen
class Scorepad:
    """The scored final position: every player's column and the winner(s) (RR-SCORE-14)."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.name == name)


def score(table: FinalTable, ruleset: Ruleset = Ruleset()) -> Scorepad:  # noqa: B008 - frozen
    """RR-SCORE-1: score every player of a final position; missing Gray and Orange
    declarations are chosen to maximise their owner's total (RULING-B3).

    Raises :class:`~rr.errors.BadInputError` for an impossible position."""
    check_table(table)
    influence = influence_points(
        [p.influence for p in table.players], table.neutral_influence
    )
    players = tuple(
        _score_player(table, seat, ruleset, influence[seat]) for seat in range(len(table.players))
    )
    return Scorepad(players, winners(players))


def influence_points(influences: Sequence[int], neutral: int = 0) -> tuple[int, ...]:
    """RR-SCORE-11, RR-SCORE-12: dense ranking of the distinct Influence totals (RULING-A4),
    the 2-player neutral house ranked as a third house (RULING-A5); 0 Influence scores 0."""
    houses = {*influences, neutral} - {0}
    ranked = sorted(houses, reverse=True)

    def points(influence: int) -> int:
        if influence == 0:
            return 0
        rank = ranked.index(influence)
        return influence * (INFLUENCE_RATES[rank] if rank < len(INFLUENCE_RATES) else 1)

    return tuple(points(i) for i in influences)


def winners(players: Sequence[PlayerScore]) -> tuple[str, ...]:
    """RR-SCORE-14: the names of :func:`winning_seats`."""
    sovereign = next((seat for seat, p in enumerate(players) if p.sovereign), None)
    return tuple(players[seat].name
                 for seat in winning_seats([p.total for p in players], sovereign))


def winning_seats(totals: Sequence[int], sovereign: int | None) -> tuple[int, ...]:
    """RR-SCORE-14: the seats with the highest total; among tied players the Sovereign holder
    (``sovereign``, a seat or ``None``) wins alone, otherwise they share the victory."""
    best = max(totals)
    tied = tuple(seat for seat, total in enumerate(totals) if total == best)
    return (sovereign,) if len(tied) > 1 and sovereign in tied else tied


def _score_player(table: FinalTable, seat: int, ruleset: Ruleset, influence: int) -> PlayerScore:
    player = table.players[seat]
    if player.automa is not None:
        return _score_automa(player, influence)
    around = _surroundings(table, seat, ruleset)
    cards = [card(card_id) for card_id in player.hand]
    chosen = best_declarations(cards, player.declarations, around)
    used = {**player.declarations, **chosen}
    lines = _with_extra_points(list(hand_lines(player.hand, around, used)), player)
    rows = Rows.adding_up(
        cards=sum(line.points for line in lines),
        fleet=FLEET_POINTS[player.fleet],
        helium=HELIUM_POINTS * player.helium,
        sovereignty=SOVEREIGN_POINTS if player.sovereign else 0,
        influence=influence,
        excess=EXCESS_CARD_PENALTY * max(0, len(player.hand) - HAND_SIZE_WITHOUT_PENALTY),
    )
    declared = {
        c.id: used[c.id]
        for c in cards
        if c.id in used and (used[c.id].color is not None or used[c.id].name is not None)
    }
    return PlayerScore(
        name=player.name,
        rows=rows,
        cards=tuple(lines),
        declarations=declared,
        chosen=frozenset(card_id for card_id in declared if card_id in chosen),
        sovereign=player.sovereign,
    )


def hand_lines(hand: Sequence[CardId], around: Surroundings,
               declarations: Mapping[CardId, Declaration] | None = None) -> tuple[CardScore, ...]:
    """RR-SCORE-2: each card of ``hand``, core value and end-game points, among ``around``;
    the Gray and Orange declarations not given are chosen as the scorepad chooses them
    (RULING-B3). The cards row is their sum (before end-of-game points)."""
    cards = [card(card_id) for card_id in hand]
    given = declarations or {}
    used = {**given, **best_declarations(cards, given, around)}
    held = tuple(HandCard.of(c, used.get(c.id)) for c in cards)
    return tuple(CardScore(c.id, c.core_value, end_game_points(EndGame(held, i, around)))
                 for i, c in enumerate(cards))


def cards_row(hand: Sequence[CardId], declarations: Mapping[CardId, Declaration],
              around: Surroundings) -> int:
    """RR-SCORE-2: the cards row of ``hand`` among ``around`` (before end-of-game points), the
    missing Gray and Orange declarations chosen as the scorepad chooses them (RULING-B3): the
    sum of :func:`hand_lines`' points, without the lines (what search reads, issue #32)."""
    cards = [card(card_id) for card_id in hand]
    return sum([c.core_value for c in cards]) + best_points(cards, declarations, around)


def _score_automa(player: FinalPlayer, influence: int) -> PlayerScore:
    """RR-SOLO-15: her tokens as a player's; her hand by the odd/even card, no excess row."""
    assert player.automa is not None
    base, points = automa_hand_points(player.hand, player.automa)
    lines = tuple(CardScore(c, p, 0) for c, p in points)
    rows = Rows.adding_up(
        cards=base + sum(line.points for line in lines),
        fleet=FLEET_POINTS[player.fleet],
        helium=HELIUM_POINTS * player.helium,
        sovereignty=SOVEREIGN_POINTS if player.sovereign else 0,
        influence=influence,
        excess=0,
    )
    return PlayerScore(name=player.name, rows=rows, cards=lines, sovereign=player.sovereign,
                       base=base)


def _with_extra_points(lines: list[CardScore], player: FinalPlayer) -> list[CardScore]:
    """Add end-of-game points (Hacker) to their card's line, or a line of their own if the
    card has left the hand."""
    result = [
        CardScore(line.id, line.core, line.bonus + player.extra_points.get(line.id, 0))
        for line in lines
    ]
    in_hand = set(player.hand)
    result += [
        CardScore(card_id, 0, points)
        for card_id, points in player.extra_points.items()
        if card_id not in in_hand
    ]
    return result


def _surroundings(table: FinalTable, seat: int, ruleset: Ruleset) -> Surroundings:
    def tokens(player: FinalPlayer) -> Tokens:
        return Tokens(player.helium, player.fleet, player.influence, player.sovereign)

    return Surroundings(
        me=tokens(table.players[seat]),
        opponents=tuple(tokens(p) for i, p in enumerate(table.players) if i != seat),
        neutral_influence=table.neutral_influence,
        locations=table.locations,
        banished=table.banished,
        ruleset=ruleset,
    )
