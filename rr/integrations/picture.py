"""An image of the table as one seat sees it (issue #45): the environments'
``render_mode="rgb_array"``.

:func:`table_image` draws ``game.view(seat)`` — what that seat knows, nothing else: the four
stacks bottom to top (a face-down card it does not know is a grey ``?``), the deck, the
banished pile and the neutral influence, every player's house, tokens and hand size, the
seat's own hand, and who decides what — as a ``numpy`` array of shape (height, width, 3),
``uint8``. Two games the seat cannot tell apart (they differ only in cards it may not know)
give the same image, byte for byte. Card names are written in their caste's colour.

It needs nothing but numpy: the text is drawn with a 6×11 bitmap font kept in
:mod:`rr.integrations.glyphs` (printable ASCII; any other letter is drawn as ``?``), so the
``pettingzoo`` extra needs no imaging library. An image has :data:`COLUMNS` characters a line
and ``13 + players`` lines, each line cut to fit, so its shape is the same all game long (a
video of an episode needs that); ``scale`` (default 2) enlarges each pixel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy

from rr.cards.catalogue import catalogue
from rr.integrations.glyphs import GLYPH_HEIGHT, GLYPH_WIDTH, glyph_table
from rr.model import CardId, Color
from rr.views import HIDDEN, View

if TYPE_CHECKING:
    from rr.engine import Game

COLUMNS = 104
"""Characters a line."""
MARGIN = 6
"""Pixels around the text (before ``scale``)."""

Rgb = tuple[int, int, int]
BACKGROUND: Rgb = (18, 26, 38)
TEXT: Rgb = (225, 228, 232)
DIM: Rgb = (120, 128, 140)
TITLE: Rgb = (236, 196, 80)
OWN: Rgb = (120, 200, 255)
CASTES: dict[Color, Rgb] = {
    Color.GOLD: (232, 190, 60), Color.SILVER: (200, 204, 210), Color.COPPER: (205, 127, 70),
    Color.WHITE: (250, 250, 250), Color.BLUE: (90, 150, 255), Color.YELLOW: (245, 225, 70),
    Color.GREEN: (80, 205, 100), Color.VIOLET: (180, 120, 235), Color.ORANGE: (255, 155, 50),
    Color.GRAY: (150, 150, 150), Color.BROWN: (170, 115, 70), Color.OBSIDIAN: (130, 130, 165),
    Color.PINK: (255, 145, 195), Color.RED: (235, 70, 70),
}
"""A card's name is written in its caste's colour."""

Segment = tuple[str, Rgb]
Line = list[Segment]


def table_image(game: Game, seat: int | None, scale: int = 2) -> numpy.typing.NDArray[numpy.uint8]:
    """The table as ``seat`` sees it (``None``: a spectator), an RGB ``uint8`` array of shape
    (height, width, 3); see the module docstring."""
    return draw(lines_of(game.view(seat)), scale)


def lines_of(view: View) -> list[Line]:
    """What the image shows, line by line, each a list of (text, colour): from ``view``
    alone."""
    who = ("a spectator" if view.seat is None
           else f"P{view.seat} {view.players[view.seat].name}")
    lines: list[Line] = [[("RED RISING", TITLE), (f"   the table as {who} sees it;  phase: "
                                                  f"{view.phase.value}", DIM)], []]
    for location, stack in view.locations:
        lines.append([(f"{location.value.title():<10}", TEXT), *_cards(stack, COLUMNS - 10)])
    lines.append([(f"deck {view.deck_size}   banished {len(view.banished)}   neutral "
                   f"influence {view.neutral_influence}", TEXT)])
    lines.append([])
    for seat, p in enumerate(view.players):
        marks = " ".join(word for word, on in (("sovereign", p.sovereign),
                                                ("first", p.first_player),
                                                ("<- turn", view.turn_seat == seat)) if on)
        house = p.house.value.title() if p.house else "-"
        lines.append([(f"P{seat} {p.name[:12]:<12} {house:<8} helium {p.helium:>2}  fleet "
                       f"{p.fleet:>2}  influence {p.influence:>2}  hand {p.hand_size:>2}  "
                       f"{marks}", OWN if seat == view.seat else TEXT)])
    lines.append([])
    if view.hand is not None:
        lines.append([("your hand ", OWN), *_cards(view.hand, COLUMNS - 10)])
    else:
        lines.append([("no hand is shown to a spectator", DIM)])
    lines.append([])
    if view.pending is not None:
        lines.append([(f"P{view.pending.seat} decides: {view.pending.prompt}", TITLE)])
    elif view.winners is not None and view.totals is not None:
        lines.append([("over: " + ", ".join(f"P{s} {t}" for s, t in enumerate(view.totals))
                       + "; won by " + ", ".join(f"P{w}" for w in view.winners), TITLE)])
    else:
        lines.append([])
    return lines


def _cards(cards: Sequence[str], room: int) -> Line:
    """``cards`` (bottom to top, or a hand) by name in their castes' colours, ``?`` for a
    hidden one; the last ones that fit in ``room`` characters, with how many are left out."""
    known = catalogue()
    words: Line = []
    for card in cards:
        found = known.get(CardId(card)) if card != HIDDEN else None
        words.append(("?", DIM) if found is None else (found.name, CASTES[found.color]))
    if not words:
        return [("-", DIM)]
    shown: Line = []
    used, left_out = 0, 0
    for index, (text, colour) in enumerate(reversed(words)):
        if used + len(text) + 2 > room - 6:
            left_out = len(words) - index
            break
        shown.insert(0, (text, colour))
        used += len(text) + 2
    out: Line = [(f"(+{left_out}) ", DIM)] if left_out else []
    for index, segment in enumerate(shown):
        out.extend([(", ", DIM), segment] if index else [segment])
    return out


def draw(lines: Sequence[Line], scale: int = 2) -> numpy.typing.NDArray[numpy.uint8]:
    """``lines`` drawn with the bitmap font, ``COLUMNS`` characters wide, each cut to fit."""
    glyphs = glyph_table()
    height = 2 * MARGIN + len(lines) * (GLYPH_HEIGHT + 2)
    width = 2 * MARGIN + COLUMNS * GLYPH_WIDTH
    image = numpy.empty((height, width, 3), numpy.uint8)
    image[:] = BACKGROUND
    for row, line in enumerate(lines):
        top, column = MARGIN + row * (GLYPH_HEIGHT + 2), 0
        for text, colour in line:
            for char in text:
                if column >= COLUMNS:
                    break
                code = ord(char)
                if code != 32:
                    bits = glyphs[code - 32 if 32 <= code < 127 else ord("?") - 32]
                    left = MARGIN + column * GLYPH_WIDTH
                    image[top:top + GLYPH_HEIGHT, left:left + GLYPH_WIDTH][bits] = colour
                column += 1
    if scale > 1:
        image = image.repeat(scale, axis=0).repeat(scale, axis=1)
    return image
