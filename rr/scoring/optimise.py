"""Gray and Orange declarations: which are legal, and the best ones for a hand (RULING-B3).

A Gray may be treated as one other colour (RR-SCORE-6), an Orange may take the name of any
specific character (RR-SCORE-7). A declaration changes only its owner's cards row
(RULING-A8), so the best declarations of a player are found from their hand alone: an
exhaustive search over the *candidates that can matter*, split into independent parts.

Why the pruning is safe
-----------------------
Every :class:`~rr.scoring.bonuses.EndGameBonus` lists what of the hand its text tests: colours
(``colors``), names (``names``), whether it compares colours with each other (``every_color``:
Mustang, 4D Painter) and whether it compares first letters (``initials``: Codebreaker). A
property test (tests/scoring/test_pruning.py) checks that no bonus depends on anything else a
declaration can change.

* Gray colours. A colour no bonus in the hand tests makes every test come out as with no
  declaration at all, so it is never needed: the candidates are the tested colours and "none".
  If the hand holds an ``every_color`` bonus, colours matter through equality too; then the
  candidates are the tested colours, the colours already in the hand, and k "fresh" colours
  (k = number of free Grays). Fresh colours are tested by nothing and held by nothing, so any
  assignment of fresh colours can be renamed, one fresh colour for another, into one that uses
  only the first k of them, without changing any test.
* Orange names. A name no bonus tests affects nothing — except a first letter, when an
  ``initials`` bonus is in hand. So the candidates are the tested names and "keep the printed
  name" (no Orange's printed name is tested by any card: a meta-test checks it); with an
  ``initials`` bonus also one untested name per first letter already in play and per k "fresh"
  first letters (same argument as fresh colours: they are equal to nothing).
* Symmetry. No Gray bonus reads the hand and no Orange bonus reads names (meta-tests check
  both), so the Grays are interchangeable to every reader of colours, and the Oranges to every
  reader of names: only the multiset of colours, or of resulting names, matters. Colours are
  therefore searched as multisets, and the Oranges' choices once per multiset of names.
* Independence. A bonus that reads colours but no names does not care about the Oranges, and
  the other way round. So the Grays' best per "what the mixed cards see" (the projection of
  the colours onto the colours tested by the cards that read both) is found alone, the
  Oranges' likewise, and only those projections are combined with the mixed cards.

Ties are broken by a fixed order, so the result is deterministic (RULING-B3). The Grays' options
come fewer declarations first, then in colour order (``Color``); the Oranges' fewer renamings
first, then the tested names alphabetically, then the untested candidates by first letter; an
earlier option wins a tie within its part. Across the parts the first best combination found
wins, so two equally good declarations that fall into different parts (one seen by the mixed
cards, one not) are not ordered by colour: that is a fixed order too, but not a global one.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from rr.cards.catalogue import Card, names
from rr.model import CardId, Color
from rr.scoring.bonuses import EndGameBonus, EndGame, HandCard, Surroundings, initial
from rr.scoring.registry import BONUSES, end_game_points
from rr.scoring.table import Declaration

GrayOption = tuple[Color | None, ...]
"""One extra colour (or none) per free Gray, in hand order."""
OrangeOption = tuple[str, ...]
"""The resulting name per free Orange, in hand order (its printed name: no declaration)."""
Option = TypeVar("Option", GrayOption, OrangeOption)


_COLOURS: tuple[Color, ...] = tuple(Color)
"""The colours in their order (iterating the enum itself is slow: the search does it often)."""


def declaration_error(printed: Card, declaration: Declaration) -> str | None:
    """Why this declaration is illegal for this card (RR-SCORE-6, RR-SCORE-7), or ``None``."""
    if not (printed.is_gray_mimic or printed.is_orange_mimic):
        return f"{printed.name} is neither a Gray nor an Orange, so it cannot declare anything"
    if declaration.color is not None:
        if not printed.is_gray_mimic:
            return f"{printed.name} is not a Gray and cannot be declared a colour"
        if declaration.color is Color.GRAY:
            return f"{printed.name} is already Gray; declare one *other* colour"
    if declaration.name is not None:
        if not printed.is_orange_mimic:
            return f"{printed.name} is not an Orange and cannot take a name"
        if declaration.name not in _character_names():
            return f"{declaration.name!r} is not the name of a character"
    return None


@functools.cache
def _character_names() -> frozenset[str]:
    return frozenset(names())


def best_declarations(
    cards: Sequence[Card], given: Mapping[CardId, Declaration], around: Surroundings
) -> dict[CardId, Declaration]:
    """RULING-B3: for each Gray and Orange of ``cards`` without a ``given`` declaration, the
    declaration that maximises the hand's cards row (``Declaration()`` when none helps)."""
    free_grays = [i for i, c in enumerate(cards) if c.is_gray_mimic and c.id not in given]
    free_oranges = [i for i, c in enumerate(cards) if c.is_orange_mimic and c.id not in given]
    if not free_grays and not free_oranges:
        return {}
    base = tuple(as_held(c, given.get(c.id)) for c in cards)
    bonuses = [BONUSES[c.id] for c in cards]
    search = _Search(base, around, free_grays, free_oranges, bonuses)

    colour_readers = {i for i, b in enumerate(bonuses) if b.reads_colors} if free_grays else set()
    name_readers = {i for i, b in enumerate(bonuses) if b.reads_names} if free_oranges else set()
    mixed = sorted(colour_readers & name_readers)
    gray_key = _ColorProjection([bonuses[i] for i in mixed])
    orange_key = _NameProjection([bonuses[i] for i in mixed])

    keep: OrangeOption = tuple(base[i].name for i in free_oranges)
    best_grays: dict[tuple[str, ...], tuple[int, GrayOption]] = {}
    colours_only = sorted(colour_readers - name_readers)
    for gray in _gray_options(base, bonuses, len(free_grays)):
        points = search.colour_points(gray, keep, colours_only)
        _keep_best(best_grays, gray_key(gray), points, gray)

    no_colour: GrayOption = (None,) * len(free_grays)
    best_oranges: dict[tuple[str, ...], tuple[int, OrangeOption]] = {}
    names_only = sorted(name_readers - colour_readers)
    for orange in _orange_options(base, bonuses, free_oranges):
        points = search.name_points(no_colour, orange, names_only)
        _keep_best(best_oranges, orange_key(orange), points, orange)

    best: tuple[int, GrayOption, OrangeOption] | None = None
    for gray_points, gray in best_grays.values():
        for orange_points, orange in best_oranges.values():
            total = gray_points + orange_points + search.points(gray, orange, mixed)
            if best is None or total > best[0]:
                best = (total, gray, orange)
    assert best is not None
    _, gray, orange = best
    chosen = {base[i].id: Declaration(color=color) for i, color in zip(free_grays, gray)}
    for i, name in zip(free_oranges, orange):
        renamed = name != cards[i].name
        chosen[base[i].id] = Declaration(name=name) if renamed else Declaration()
    return chosen


def best_points(cards: Sequence[Card], given: Mapping[CardId, Declaration],
                around: Surroundings) -> int:
    """The end-game points of ``cards`` (their terms added up, no core values) with the
    missing declarations that :func:`best_declarations` chooses: the most the hand scores
    (RULING-B3). What search reads of a hand (issue #32), sooner than choosing and scoring
    again: a card whose bonus reads neither the free Grays' colours nor the free Oranges'
    names is scored once, as the hand stands (the pruning's argument, see the module); the
    candidates :func:`best_declarations` would try (colours and names together) are tried
    on the cards that read them when they are few, else it chooses.
    ``tests/scoring/test_optimise.py`` checks it against scoring the chosen declarations."""
    free_grays: list[int] = []
    free_oranges: list[int] = []
    in_hand: list[HandCard] = []
    facts = []
    for i, c in enumerate(cards):  # one look-up a card: search scores hands very often
        found = _FACTS.get(c.id)
        if found is None or found[0] is not c:
            bonus = BONUSES[c.id]
            found = _FACTS[c.id] = (c, c.is_gray_mimic, c.is_orange_mimic, bonus,
                                    bonus.reads_colors, bonus.reads_names)
        facts.append(found)
        if c.id in given:
            in_hand.append(as_held(c, given[c.id]))
            continue
        in_hand.append(as_held(c, None))
        if found[1]:
            free_grays.append(i)
        if found[2]:
            free_oranges.append(i)
    base = tuple(in_hand)
    if not free_grays and not free_oranges:
        return _points(base, range(len(base)), around)
    bonuses = [f[3] for f in facts]
    colour_readers = [i for i, f in enumerate(facts) if f[4]] if free_grays else []
    name_readers = [i for i, f in enumerate(facts) if f[5]] if free_oranges else []
    grays = free_grays if colour_readers else []
    oranges = free_oranges if name_readers else []
    readers = sorted({*colour_readers, *name_readers})
    fixed = _points(base, [i for i in range(len(base)) if i not in readers], around)
    if not grays and not oranges:
        return fixed
    gray_options = _gray_options(base, bonuses, len(grays)) if grays else [()]
    orange_options = _orange_options(base, bonuses, oranges) if oranges else [()]
    colours_seen = set(colour_readers) if grays else set()
    names_seen = set(name_readers) if oranges else set()
    mixed = colours_seen & names_seen
    if mixed and len(gray_options) * len(orange_options) > DIRECT_COMBINATIONS:
        chosen = best_declarations(cards, given, around)
        declared = tuple([as_held(c, chosen.get(c.id) or given.get(c.id)) for c in cards])
        return fixed + _points(declared, readers, around)
    coloured = [(option, [_coloured(base[i], colour) for i, colour in zip(grays, option)])
                for option in gray_options]
    named = [(option, [_named(base[i], name) for i, name in zip(oranges, option)])
             for option in orange_options]
    if mixed:
        # Few candidates, read together: every pair tried on the cards that read them.
        hand = list(base)
        best: int | None = None
        for _, gray in coloured:
            for i, held in zip(grays, gray):
                hand[i] = held
            for _, orange in named:
                for i, held in zip(oranges, orange):
                    hand[i] = held
                points = _points(tuple(hand), readers, around)
                if best is None or points > best:
                    best = points
        assert best is not None
        return fixed + best
    # No card reads both: the Grays' best and the Oranges' best, each alone.
    colour_sights = {i: None if bonuses[i].every_color or i in grays else
                     (bonuses[i].colors, False) for i in colours_seen}
    name_sights = {i: None if i in oranges else (bonuses[i].names, bonuses[i].initials)
                   for i in names_seen}
    return (fixed + _most(base, grays, coloured, colour_sights, around)
            + _most(base, oranges, named, name_sights, around))


DIRECT_COMBINATIONS = 24
"""The most pairs of the Grays' and the Oranges' candidates :func:`best_points` tries when a
card reads both (beyond, the optimiser's search by parts is cheaper)."""

_Sight = tuple[frozenset[Color] | frozenset[str], bool] | None
"""What a card's bonus tests of the free cards: colours or names (and whether it compares
first letters); ``None``: all of them (a free card's own bonus, or one comparing colours)."""


def _most(base: tuple[HandCard, ...], slots: Sequence[int],
          options: Sequence[tuple[tuple[Color | None, ...] | tuple[str, ...], list[HandCard]]],
          sights: Mapping[int, _Sight], around: Surroundings) -> int:
    """The most the cards of ``sights`` score, over ``options`` (each a choice and the cards
    it puts in ``slots``): a card is scored once per distinct sight of the choice (what it
    tests of it; the optimiser's ``colour_points`` and ``name_points`` do the same)."""
    if not sights:
        return 0
    scored: dict[tuple[int, tuple[object, ...]], int] = {}
    hand = list(base)
    best: int | None = None
    for option, made in options:
        declared: tuple[HandCard, ...] | None = None
        total = 0
        for i, sight in sights.items():
            key = None
            if sight is not None:
                tested, initials = sight
                key = (i, tuple([x if x in tested else initial(x)
                                 if initials and isinstance(x, str) else None for x in option]))
                found = scored.get(key)
                if found is not None:
                    total += found
                    continue
            if declared is None:
                for slot, held in zip(slots, made):
                    hand[slot] = held
                declared = tuple(hand)
            points = end_game_points(EndGame(declared, i, around))
            if key is not None:
                scored[key] = points
            total += points
        if best is None or total > best:
            best = total
    assert best is not None
    return best


def _coloured(held: HandCard, colour: Color | None) -> HandCard:
    return held if colour is None else HandCard(held.id, held.name, held.colors | {colour},
                                                held.core)


def _named(held: HandCard, name: str) -> HandCard:
    return held if name == held.name else HandCard(held.id, name, held.colors, held.core)


_FACTS: dict[CardId, tuple[Card, bool, bool, EndGameBonus, bool, bool]] = {}
"""Each card's Gray and Orange flags, its end-game bonus and whether that reads colours and
names, by id (with the card it was read from, as :data:`_HELD`)."""


def _points(hand: tuple[HandCard, ...], indices: Iterable[int], around: Surroundings) -> int:
    """The end-game points of the cards ``indices`` of ``hand``."""
    total = 0
    for i in indices:
        total += end_game_points(EndGame(hand, i, around))
    return total


_HELD: dict[CardId, tuple[Card, HandCard]] = {}
"""Each card as it stands in hand undeclared, by id (with the card it was made from)."""


def as_held(printed: Card, declaration: Declaration | None) -> HandCard:
    """``HandCard.of(printed, declaration)``; an undeclared card is made once (a HandCard is
    immutable) for as long as its id names the same :class:`Card` object."""
    if declaration is not None:
        return HandCard.of(printed, declaration)
    found = _HELD.get(printed.id)
    if found is None or found[0] is not printed:
        found = _HELD[printed.id] = (printed, HandCard.of(printed))
    return found[1]


def _keep_best(
    best: dict[tuple[str, ...], tuple[int, Option]],
    key: tuple[str, ...],
    points: int,
    option: Option,
) -> None:
    """Record ``option`` if it beats the best so far for ``key`` (earlier options win ties)."""
    found = best.get(key)
    if found is None or points > found[0]:
        best[key] = (points, option)


class _Search:
    """Evaluates some of a hand's bonuses under one choice of colours and names."""

    def __init__(
        self,
        base: tuple[HandCard, ...],
        around: Surroundings,
        free_grays: Sequence[int],
        free_oranges: Sequence[int],
        bonuses: Sequence[EndGameBonus] = (),
    ) -> None:
        self.base = base
        self.around = around
        self.free_grays = free_grays
        self.free_oranges = free_oranges
        self._declared: dict[tuple[int, Color | str | None], HandCard] = {}
        free = {*free_grays, *free_oranges}
        self._colours_seen: dict[int, frozenset[Color]] = {
            i: b.colors for i, b in enumerate(bonuses) if not b.every_color and i not in free}
        """The colours each card's bonus tests, for the cards whose points depend on the
        Grays' colours only through them (not ``every_color``, not a free card itself)."""
        self._names_seen: dict[int, tuple[frozenset[str], bool]] = {
            i: (b.names, b.initials) for i, b in enumerate(bonuses) if i not in free}
        """The names each card's bonus tests and whether it compares initials, for the cards
        whose points depend on the Oranges' names only through them (not a free card)."""
        self._by_colours: dict[tuple[int, tuple[Color | None, ...]], int] = {}
        self._by_names: dict[tuple[int, tuple[str, ...]], int] = {}

    def points(self, gray: GrayOption, orange: OrangeOption, indices: Iterable[int]) -> int:
        indices = list(indices)
        if not indices:
            return 0
        declared = self._hand(gray, orange)
        around = self.around
        total = 0
        for i in indices:
            total += end_game_points(EndGame(declared, i, around))
        return total

    def colour_points(self, gray: GrayOption, orange: OrangeOption, indices: list[int]) -> int:
        """:meth:`points` for the Grays' search, where ``orange`` never changes: a card
        whose bonus tests some colours only is scored once per distinct sight of the Grays'
        colours, a colour it does not test standing as no colour (the pruning's argument,
        card by card: tests/scoring/test_pruning.py). Four free Grays and Mustang make a
        search of some 200 options, most of them alike to the other cards."""
        total = 0
        declared: tuple[HandCard, ...] | None = None
        for i in indices:
            tested = self._colours_seen.get(i)
            sight = None
            if tested is not None:
                sight = (i, tuple([c if c in tested else None for c in gray]))
                found = self._by_colours.get(sight)
                if found is not None:
                    total += found
                    continue
            if declared is None:
                declared = self._hand(gray, orange)
            found = end_game_points(EndGame(declared, i, self.around))
            if sight is not None:
                self._by_colours[sight] = found
            total += found
        return total

    def name_points(self, gray: GrayOption, orange: OrangeOption, indices: list[int]) -> int:
        """:meth:`points` for the Oranges' search, where ``gray`` never changes: a card is
        scored once per distinct sight of the Oranges' names, a name it does not test
        standing as the printed name, or as its first letter if the bonus compares initials
        (the pruning's argument, card by card: tests/scoring/test_pruning.py)."""
        total = 0
        declared: tuple[HandCard, ...] | None = None
        for i in indices:
            seen = self._names_seen.get(i)
            sight = None
            if seen is not None:
                tested, initials = seen
                sight = (i, tuple([n if n in tested else initial(n) if initials else ""
                                   for n in orange]))
                found = self._by_names.get(sight)
                if found is not None:
                    total += found
                    continue
            if declared is None:
                declared = self._hand(gray, orange)
            found = end_game_points(EndGame(declared, i, self.around))
            if sight is not None:
                self._by_names[sight] = found
            total += found
        return total

    def _hand(self, gray: GrayOption, orange: OrangeOption) -> tuple[HandCard, ...]:
        """The hand with these colours and names."""
        hand = list(self.base)
        made = self._declared
        for i, colour in zip(self.free_grays, gray):
            hand[i] = made.get((i, colour)) or self._card(i, colour)
        for i, name in zip(self.free_oranges, orange):
            hand[i] = made.get((i, name)) or self._card(i, name)
        return tuple(hand)

    def _card(self, index: int, choice: Color | str | None) -> HandCard:
        """The hand's card ``index`` with this colour or name (made once, then reused)."""
        key = (index, choice)
        found = self._declared.get(key)
        if found is None:
            c = self.base[index]
            if isinstance(choice, Color):
                found = HandCard(c.id, c.name, c.colors | {choice}, c.core)
            elif isinstance(choice, str):
                found = HandCard(c.id, choice, c.colors, c.core)
            else:
                found = c
            self._declared[key] = found
        return found


class _ColorProjection:
    """What the cards that read both colours and names see of the Grays' colours."""

    def __init__(self, mixed: Sequence[EndGameBonus]) -> None:
        self.every = any(b.every_color for b in mixed)
        self.colors = frozenset(c for b in mixed for c in b.colors)

    def __call__(self, option: GrayOption) -> tuple[str, ...]:
        if not self.every and not self.colors:
            return ()  # no mixed card sees a colour (the common case): one part for all
        seen = (c for c in option if c is not None and (self.every or c in self.colors))
        return tuple(sorted(c.value for c in seen))


class _NameProjection:
    """What the cards that read both colours and names see of the Oranges' names."""

    def __init__(self, mixed: Sequence[EndGameBonus]) -> None:
        self.initials = any(b.initials for b in mixed)
        self.names = frozenset(n for b in mixed for n in b.names)

    def __call__(self, option: OrangeOption) -> tuple[str, ...]:
        if not self.initials and not self.names:
            return ("",) * len(option)  # no mixed card sees a name: every name looks alike
        return tuple(
            sorted(n if n in self.names else initial(n) if self.initials else "" for n in option)
        )


def _gray_options(
    base: Sequence[HandCard], bonuses: Sequence[EndGameBonus], free: int
) -> list[GrayOption]:
    """Multisets of candidate colours for the free Grays, fewer declarations first."""
    tested = {c for b in bonuses for c in b.colors} - {Color.GRAY}
    candidates = set(tested)
    if any(b.every_color for b in bonuses):
        held = {c for card in base for c in card.colors} - {Color.GRAY}
        fresh = [c for c in _COLOURS if c not in tested | held | {Color.GRAY}]
        candidates |= held | set(fresh[:free])
    ordered: list[Color | None] = [None, *(c for c in _COLOURS if c in candidates)]
    options = list(itertools.combinations_with_replacement(ordered, free))
    return sorted(options, key=lambda option: sum(c is not None for c in option))


def _orange_options(
    base: Sequence[HandCard], bonuses: Sequence[EndGameBonus], free: Sequence[int]
) -> list[OrangeOption]:
    """Candidate resulting names for the free Oranges, fewer renamings first; one option per
    multiset of resulting names."""
    shared = _name_candidates(base, bonuses, len(free))
    options: list[OrangeOption] = []
    seen: set[tuple[str, ...]] = set()
    for renamed in range(len(free) + 1):
        for who in itertools.combinations(range(len(free)), renamed):
            for new_names in itertools.combinations_with_replacement(shared, renamed):
                option = [base[i].name for i in free]
                for slot, name in zip(who, new_names):
                    option[slot] = name
                key = tuple(sorted(option))
                if key not in seen:
                    seen.add(key)
                    options.append(tuple(option))
    return options


def _name_candidates(base: Sequence[HandCard], bonuses: Sequence[EndGameBonus],
                     free: int) -> list[str]:
    """The tested names, and with an ``initials`` bonus one untested name per first letter in
    play plus ``free`` fresh first letters (see the module docstring)."""
    tested = {n for b in bonuses for n in b.names}
    candidates = sorted(tested)
    if any(b.initials for b in bonuses):
        untested: dict[str, str] = {}
        for name in sorted(names()):
            if name not in tested:
                untested.setdefault(initial(name), name)
        in_play = {initial(c.name) for c in base} | {initial(n) for n in tested}
        fresh = [letter for letter in sorted(untested) if letter not in in_play][:free]
        candidates += [untested[letter] for letter in sorted(in_play) if letter in untested]
        candidates += [untested[letter] for letter in fresh]
    return candidates
