"""The final position of an engine game, as the scorer reads it (RR-END-7)."""

from __future__ import annotations

from typing import Mapping

from attrs import frozen

from rr.model import LOCATIONS, CardId, Seat
from rr.scoring.scorepad import Scorepad, score
from rr.scoring.table import Declaration, FinalPlayer, FinalTable, LocationCard
from rr.state import GameState


def final_table(state: GameState,
                declarations: Mapping[Seat, Mapping[CardId, Declaration]] | None = None
                ) -> FinalTable:
    """The hands, tokens, board and banished pile of ``state``, for the scorepad."""
    declarations = declarations or {}
    players = []
    for seat, p in enumerate(state.players):
        points: dict[CardId, int] = {}
        for card, value in p.points:
            points[card] = points.get(card, 0) + value
        players.append(FinalPlayer(
            name=p.name, hand=p.hand, helium=p.helium, fleet=p.fleet, influence=p.influence,
            sovereign=state.sovereign == seat, house=p.house,
            declarations=dict(declarations.get(seat, {})), extra_points=points,
        ))
    return FinalTable(
        players=tuple(players),
        locations={loc: tuple(LocationCard(c, c in state.face_down) for c in state.stack(loc))
                   for loc in LOCATIONS},
        banished=state.banished,
        neutral_influence=state.neutral_influence,
    )


@frozen
class FinalScore:
    totals: tuple[int, ...]
    winners: tuple[Seat, ...]
    pad: Scorepad


def scorepad_of(state: GameState,
                declarations: Mapping[Seat, Mapping[CardId, Declaration]] | None = None
                ) -> FinalScore:
    """Score ``state`` with the scorepad (RR-SCORE-*); winners as seats."""
    pad = score(final_table(state, declarations), state.ruleset)
    names = [p.name for p in state.players]
    totals = tuple(p.rows.total for p in pad.players)
    winners = tuple(names.index(w) for w in pad.winners)
    return FinalScore(totals, winners, pad)
