"""The JSON the server sends: a seat's view with its pending decision, in ``rr stdio``'s forms.

A view answer (``GET /api/games/{id}``, ``POST .../choose``, every WebSocket push)::

    {"game": ID, "seat": 0 | null, "events": 212, "decision": 37, "over": false,
     "totals": null, "winners": null,
     "pending": {"seat": 1, "player": "Bo", "ask": "turn", "source": "RR-TURN-1",
                 "prompt": "Lead or Scout", "decision": 37,
                 "options": [{"index": 0, "action": 5, "option": ["lead", {...}],
                              "text": "lead ..."}, ...] | null},
     "view": {...}, "face_down": [[false, true], [], [], [false]]}

``view`` is ``rr.views.View`` as ``rr stdio``'s ``view`` op gives it — both are
:func:`rr.jsonforms.to_json` (``docs/JSON.md``) — without its ``pending``, which is the
field above; ``pending`` is ``rr stdio``'s pending decision plus
the ``decision`` number (the count of decisions made so far, which a choice must name) and,
in each option, its ``action`` integer: the game-wide action space of ``rr.actions``
(``docs/ACTIONS.md``), so an integer means the same option in every game and at every
decision. Options are listed only to the seat that decides.
``events`` is the count of events stored: a client can tell an answer that is newer than
another. The seed is never shown while the game is under way (it would tell the deck).
"""

from __future__ import annotations

from typing import Any

from rr import actions
from rr.decisions import Decision
from rr.engine import Game
from rr.errors import UnknownActionError
from rr.jsonforms import to_json
from rr.model import LOCATIONS, Seat
from rr.options import Option
from rr.state import GameState
from rr.views import PendingView


def option_of(decision: Decision, action: int) -> Option | None:
    """The option of ``decision`` whose action integer (``rr.actions``) is ``action``, or
    ``None`` if the decision does not list it."""
    try:
        option = actions.option_of(action)
    except UnknownActionError:
        return None
    return option if option in decision.options else None


def pending_json(game: Game, seat: Seat | None, decisions: int) -> dict[str, Any] | None:
    """``rr stdio``'s pending decision (:func:`rr.jsonforms.to_json` of what ``seat`` is
    shown), with the player's name and the ``decision`` number."""
    decision, state = game.pending, game.state
    if decision is None:
        return None
    shown = to_json(PendingView(decision.seat, decision.ask, decision.source, decision.prompt,
                                decision.options if seat == decision.seat else None))
    return {"seat": shown.pop("seat"), "player": state.players[decision.seat].name, **shown,
            "decision": decisions}


def view_json(game_id: str, game: Game, seat: Seat | None, decisions: int) -> dict[str, Any]:
    """The answer that shows ``game`` to ``seat`` (``None``: the spectator)."""
    shown = to_json(game.view(seat))
    del shown["pending"]
    state = game.state
    return {"game": game_id, "seat": seat, "events": len(game.events), "decision": decisions,
            "over": game.is_over,
            "totals": None if state.totals is None else list(state.totals),
            "winners": None if state.winners is None else list(state.winners),
            "pending": pending_json(game, seat, decisions), "view": shown,
            "face_down": face_down(state)}


def face_down(state: GameState) -> list[list[bool]]:
    """Which cards of each location's stack (bottom to top, as in the view) lie face down:
    public, as everyone sees a card's back (which card it is, the view says or hides)."""
    return [[card in state.face_down for card in state.stack(loc)] for loc in LOCATIONS]
