"""The final position of an engine game, as the scorer reads it (RR-END-7)."""

from __future__ import annotations

from attrs import frozen

from rr.model import LOCATIONS, CardId, Seat
from rr.once import made_once
from rr.scoring.bonuses import Surroundings, Tokens
from rr.scoring.scorepad import (
    EXCESS_CARD_PENALTY,
    FLEET_POINTS,
    HAND_SIZE_WITHOUT_PENALTY,
    HELIUM_POINTS,
    SOVEREIGN_POINTS,
    Scorepad,
    cards_row,
    influence_points,
    score,
    winning_seats,
)
from rr.scoring.input import MAX_HELIUM
from rr.scoring.solo import AutomaScoring, automa_hand_points
from rr.scoring.table import FinalPlayer, FinalTable, LocationCard
from rr.state import GameState

__all__ = [
    "FinalScore", "result_of", "scorepad_of", "totals_of",
]


def final_table(state: GameState) -> FinalTable:
    """The hands, tokens, board, banished pile and declarations of ``state``, for the scorepad.

    A card declared "best" (or not declared) is left to the scorer's optimiser (RULING-B3).
    """
    players = []
    for seat, p in enumerate(state.players):
        points: dict[CardId, int] = {}
        for card, value in p.points:
            points[card] = points.get(card, 0) + value
        players.append(FinalPlayer(
            name=p.name, hand=p.hand, helium=p.helium, fleet=p.fleet, influence=p.influence,
            sovereign=state.sovereign == seat, house=p.house,
            declarations={c: d for c, d in p.declarations if d is not None and c in p.hand},
            extra_points=points,
            automa=_automa_scoring(state, seat),
        ))
    return FinalTable(
        players=tuple(players),
        locations={loc: tuple(LocationCard(c, c in state.face_down) for c in state.stack(loc))
                   for loc in LOCATIONS},
        banished=state.banished,
        neutral_influence=state.neutral_influence,
    )


def _automa_scoring(state: GameState, seat: Seat) -> AutomaScoring | None:
    """RR-SOLO-15: Au Toma's level and odd/even card, for her hand's score."""
    if state.solo is None or not state.is_automa(seat) or state.solo.parity is None:
        return None
    return AutomaScoring(state.solo.level, state.solo.parity)


@frozen
class FinalScore:
    """A finished game's score: each seat's total, the winning seats (a tie shares the
    victory, RR-SCORE-*) and the scorepad they come from."""

    totals: tuple[int, ...]
    winners: tuple[Seat, ...]
    pad: Scorepad


def scorepad_of(state: GameState) -> FinalScore:
    """Score ``state`` with the scorepad (RR-SCORE-*); winners as seats.

    >>> import rr
    >>> game = rr.play_out(rr.Game.new(["Ana", "Bo"], seed=2),
    ...                    [rr.GreedyAgent(1), rr.RandomAgent(2)])
    >>> score = rr.scorepad_of(game.state)
    >>> score.totals, score.winners, score.pad.winners
    ((261, 180), (0,), ('Ana',))
    """
    pad = score(final_table(state), state.ruleset)
    names = [p.name for p in state.players]
    totals = tuple(p.rows.total for p in pad.players)
    winners = tuple(names.index(w) for w in pad.winners)
    return FinalScore(totals, winners, pad)


def result_of(state: GameState) -> tuple[tuple[int, ...], tuple[Seat, ...]]:
    """RR-END-7: the totals and the winners (seats) of the game's end, ``scorepad_of``'s,
    made as :func:`totals_of` makes the totals: without the scorepad's lines or its checks,
    less than half the cost of the scorepad, which was about 4% of a random game (issue
    #30). A position whose tokens or names the scorepad refuses (a log written by hand can
    name two players alike, which ``Game.new`` refuses) goes to the scorepad, which says
    why; the checks of an engine's position that the fold already makes (each card in one
    place, tokens within their tracks, one house each) are not made again.
    ``tests/rules/test_final_totals.py`` checks that both give the same at the end of many
    games."""
    players = state.players
    if (len({p.name for p in players}) != len(players)
            or any(p.helium > MAX_HELIUM for p in players)):
        pad = scorepad_of(state)
        return pad.totals, pad.winners
    totals = totals_of(state)
    return totals, winning_seats(totals, state.sovereign)


@made_once  # each card's LocationCard made once: every card on the board, at every score (#30)
def _face_up(card: CardId) -> LocationCard:
    return LocationCard(card, False)


@made_once
def _face_down(card: CardId) -> LocationCard:
    return LocationCard(card, True)


def totals_of(state: GameState) -> tuple[int, ...]:
    """``scorepad_of(state).totals``, the same numbers, without the scorepad's lines, its
    winners or its checks of a typed-in position (an engine's position is sound): what
    search reads of a position, many times a decision (issue #32). Nothing is run that the
    scorepad does not run (no end-of-game ability: ``state.totals`` has those, once over).
    ``tests/rules/test_final_totals.py`` checks it equals the scorepad over many games."""
    players = state.players
    sovereign = state.sovereign
    ruleset = state.ruleset
    neutral = state.neutral_influence
    influence = influence_points([p.influence for p in players], neutral)
    tokens = [Tokens(p.helium, p.fleet, p.influence, sovereign == seat)
              for seat, p in enumerate(players)]
    face_down = state.face_down
    locations = {loc: tuple([_face_down(c) if c in face_down else _face_up(c) for c in stack])
                 for loc, stack in zip(LOCATIONS, state.locations, strict=True)}
    totals = []
    for seat, p in enumerate(players):
        tokens_row = (FLEET_POINTS[p.fleet] + HELIUM_POINTS * p.helium + influence[seat]
                      + (SOVEREIGN_POINTS if sovereign == seat else 0))
        automa = _automa_scoring(state, seat)
        if automa is not None:
            base, lines = automa_hand_points(p.hand, automa)
            totals.append(base + sum(points for _, points in lines) + tokens_row)
            continue
        hand = p.hand
        around = Surroundings(
            me=tokens[seat], opponents=tuple(t for s, t in enumerate(tokens) if s != seat),
            neutral_influence=neutral, locations=locations, banished=state.banished,
            ruleset=ruleset)
        declared = {c: d for c, d in p.declarations if d is not None and c in hand}
        cards = cards_row(hand, declared, around) if hand else 0
        extra = sum(value for _, value in p.points)
        excess = EXCESS_CARD_PENALTY * max(0, len(hand) - HAND_SIZE_WITHOUT_PENALTY)
        totals.append(cards + extra + tokens_row + excess)
    return tuple(totals)
