"""The final position of an engine game, as the scorer reads it (RR-END-7)."""

from __future__ import annotations

from attrs import frozen

from rr.model import LOCATIONS, CardId, Seat
from rr.scoring.scorepad import Scorepad, score
from rr.scoring.solo import AutomaScoring
from rr.scoring.table import FinalPlayer, FinalTable, LocationCard
from rr.state import GameState


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
    totals: tuple[int, ...]
    winners: tuple[Seat, ...]
    pad: Scorepad


def scorepad_of(state: GameState) -> FinalScore:
    """Score ``state`` with the scorepad (RR-SCORE-*); winners as seats."""
    pad = score(final_table(state), state.ruleset)
    names = [p.name for p in state.players]
    totals = tuple(p.rows.total for p in pad.players)
    winners = tuple(names.index(w) for w in pad.winners)
    return FinalScore(totals, winners, pad)
