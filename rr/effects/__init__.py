"""The effect vocabulary card handlers use: everything a printed ability can make happen.

Card modules import from here (never from ``rr.rules``). Every function is a rules program:
call it with ``yield from`` inside a handler.

Internal: the card handlers' vocabulary; it may change in any release.
"""

from rr.effects.bonuses import (
    gain_bonus,
    gain_sovereign,
    location_bonus,
    reveal_and_place,
    roll_and_gain,
    roll_die,
)
from rr.effects.cards import (
    banish,
    choose_from_hand,
    color_of,
    gain,
    gain_top_of_deck,
    give,
    index_under,
    is_blocked,
    is_color,
    look_at,
    move,
    move_under,
    named,
    place,
    return_to_deck,
    reveal,
    steal,
    targets,
    zone_of,
)
from rr.effects.play import END_TURN, Abilities, Ability, Play
from rr.effects.program import Chance, Program, Table, ask, draw
from rr.effects.tokens import (
    advance,
    gain_helium,
    influence_left,
    lose_helium,
    pay_helium,
    place_influence,
    regress,
    remove_influence,
)

__all__ = [
    "END_TURN",
    "Abilities",
    "Ability",
    "Chance",
    "Play",
    "Program",
    "Table",
    "advance",
    "ask",
    "banish",
    "choose_from_hand",
    "color_of",
    "draw",
    "gain",
    "gain_bonus",
    "gain_helium",
    "gain_sovereign",
    "gain_top_of_deck",
    "give",
    "index_under",
    "influence_left",
    "is_blocked",
    "is_color",
    "location_bonus",
    "look_at",
    "lose_helium",
    "move",
    "move_under",
    "named",
    "pay_helium",
    "place",
    "place_influence",
    "regress",
    "remove_influence",
    "return_to_deck",
    "reveal",
    "reveal_and_place",
    "roll_and_gain",
    "roll_die",
    "steal",
    "targets",
    "zone_of",
]
