"""The greedy agent: a one-step look-ahead that values hands with the real scorer.

It sees what its player may see (a :class:`~rr.views.View`): its own hand, the board (face-down
cards left out), the public tokens and the banished pile. A hand is valued as the scorepad's
cards row plus its excess-card row (RR-SCORE-2, RR-SCORE-13), with the scorer's own per-card
end-game functions and Gray/Orange optimiser, against the board and the tokens as they are
now. Tokens are valued by the points they add now, relative to the opponents.

* TURN: a Lead is the hand value its card gives up, plus the best final gain it leaves open
  (not from the location it deploys to), less a little for covering a top card this player
  wants and for handing a strong card to the next player; Scout is the best location bonus.
* GAIN: the hand value a location's top card adds, plus that location's bonus; the deck is
  the mean core value of the cards this player has not seen, plus the Rising die's mean bonus.
* Where to place a scouted card, and Minerva's face: the best bonus. Ceres' end-of-game
  banish: the card the hand misses least.
* CONFIRM ("you may"): compared where cheap (``_CONFIRM``, by the asking card); BLOCK:
  always block; DECLARE: ``best`` (the scorer's optimiser).
* Everything else: a random listed option, from a :class:`RandomAgent` with the same seed.
* Going round in circles (RULING-B11): the agent remembers, at the start of each of its
  turns, the position as its view shows it (:func:`turn_position`) and the Leads and Scouts it
  took there. Back in a position it has met, it takes the best option it has not taken there
  yet (while there is one), so that it does not go round the same circle again: a round
  starting a third time in the same position would end the game. One agent object must play
  the whole game for this (``rr simulate`` keeps one a game; a fresh agent a decision
  remembers nothing).

Speed: nothing is copied or replayed per option. Each decision builds one :class:`Position`
whose hand values are memoised; the agent remembers between decisions what does not depend on
the board: best declarations and hand-alone texts by hand, token values by token standing, a
location's cards as texts see them by stack. A decision costs a few dozen card-scoring calls.
Every memory is exact (keyed on all its answer depends on) except the declarations, which
are the first position's for a hand (see :class:`Memory`).
"""

from __future__ import annotations

import enum
import functools
from types import CodeType, FunctionType
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import cast

from rr.agents.interface import Seen
from rr.agents.random import RandomAgent
from rr.cards.catalogue import all_ids, card
from rr.decisions import Ask, ByCard, Decision, Source, by_card
from rr.model import (
    DIE_FACES,
    FLEET_MAX,
    INFLUENCE_TOKENS,
    LOCATION_BONUS,
    Bonus,
    CardId,
    Color,
    Declaration,
    House,
    Location,
)
from rr.options import Answer, GainTop, Lead, Option, PickCard, Scout
from rr.rules.end import CERES_FINAL_BANISH
from rr.rules.turn import SCOUT_PLACE
from rr.ruleset import Ruleset
from rr.scoring.bonuses import NO_BONUS, EndGame, HandCard, Surroundings, Tokens
from rr.scoring.optimise import best_declarations
from rr.scoring.registry import ARTISAN_CHEF, BONUSES, end_game_points
from rr.scoring.scorepad import (
    EXCESS_CARD_PENALTY,
    FLEET_POINTS,
    HAND_SIZE_WITHOUT_PENALTY,
    HELIUM_POINTS,
    SOVEREIGN_POINTS,
    influence_points,
)
from rr.scoring.table import LocationCard
from rr.views import HIDDEN, View

__all__ = [
    "GreedyAgent",
]

SMALL_BONUS = 1.0
"""What a bonus with no points of its own is worth (banish a top card, reveal and place)."""
COVER_WEIGHT = 0.5
"""How much of a top card's value to this player a Lead loses by covering it."""
DENY_WEIGHT = 0.15
"""How much covering a top card denies the opponents, per point of its core value."""
GIFT_WEIGHT = 0.15
"""How much deploying a card hands it to the next player, per point of its core value."""
DECLARATIONS_KEPT = 50_000
"""How many hands' best declarations an agent remembers (then it forgets them all)."""
TOKEN_STANDINGS_KEPT = 10_000
"""How many token standings' bonus values an agent remembers (then it forgets them all)."""
STACKS_KEPT = 1_000
"""How many location stacks an agent remembers as the texts see them (then it forgets them
all)."""
TURNS_KEPT = 10_000
"""How many turn-start positions an agent remembers the options it took in (then it forgets
them all)."""


class GreedyAgent:
    """Picks the option of best one-step value; deterministic for a given seed.

    Hand it what the deciding seat knows (:class:`~rr.agents.interface.Seen`): it reads the
    seat's view for the decisions it values; without one it can only
    block, declare ``best`` and pick at random.

    >>> import rr
    >>> game = rr.Game.new(["Ana", "Bo"], seed=2)
    >>> str(rr.GreedyAgent(1).choose(game.pending, rr.Seen.of(game, game.pending.seat)))
    'lead Holo Designer on Luna'
    """

    def __init__(self, seed: int = 0, ruleset: Ruleset | None = None) -> None:
        self._random = RandomAgent(seed)
        self._ruleset = ruleset or Ruleset()
        self._memory = Memory()

    def choose(self, decision: Decision, seen: Seen | None = None) -> Option:
        """The option of best one-step value, valued from ``seen.view``."""
        options = decision.options
        if decision.ask is Ask.BLOCK:
            blocks = [o for o in options if isinstance(o, PickCard)]
            if blocks:
                return blocks[0]
        if decision.ask is Ask.DECLARE and Answer.BEST in options:
            return Answer.BEST
        if seen is not None and seen.seat == decision.seat and _is_handled(decision):
            view = seen.view
            if view.hand is not None and decision.ask is Ask.TURN:
                return self._turn(Position(view, self._ruleset, self._memory), decision)
            choice = self.choose_from(decision, view)
            if choice is not None:
                return choice
        return self._random.choose(decision)

    def choose_from(self, decision: Decision, view: View) -> Option | None:
        """The greedy choice for ``decision`` from ``view``, or ``None`` where the agent
        leaves it to chance."""
        if view.hand is None or view.seat != decision.seat or not _is_handled(decision):
            return None
        return _choose(Position(view, self._ruleset, self._memory), decision)

    def _turn(self, p: Position, decision: Decision) -> Option:
        """RR-TURN-1, RULING-B11: the best Lead or Scout not taken yet in this position."""
        taken = self._memory.taken(turn_position(p.view))
        options = decision.options
        if taken:
            options = tuple(o for o in options if o not in taken) or options
        choice = _best_turn(p, options) or self._random.choose(decision)
        taken.add(choice)
        return choice


def _is_handled(decision: Decision) -> bool:
    """Whether the agent values ``decision``'s options (with a view) rather than pick one at
    random."""
    ask, source = decision.ask, decision.source
    return (ask in _VALUED_ASKS
            or (ask is _LOCATION and source == SCOUT_PLACE)
            or (ask is _CARD and source == CERES_FINAL_BANISH)
            or (ask is _YES_OR_NO and source in _CONFIRM))


_VALUED_ASKS = (Ask.TURN, Ask.GAIN, Ask.FACE, Ask.BONUS)
"""The questions the agent always values (looked up once: every decision asks)."""
_LOCATION, _CARD, _YES_OR_NO = Ask.LOCATION, Ask.CARD, Ask.CONFIRM


def _choose(p: Position, decision: Decision) -> Option | None:
    """The greedy choice, or ``None`` to leave it to chance."""
    ask, source = decision.ask, decision.source
    if ask is Ask.TURN:
        return _best_turn(p, decision.options)
    if ask is Ask.GAIN:
        return _best(decision.options,
                     lambda o: p.gain_value(o.location) if isinstance(o, GainTop) else None)
    if ask is Ask.LOCATION and source == SCOUT_PLACE:
        return _best(decision.options,
                     lambda o: p.location_bonus(o) if isinstance(o, Location) else None)
    if ask in (Ask.FACE, Ask.BONUS):
        return _best(decision.options,
                     lambda o: p.bonus_value(o) if isinstance(o, Bonus) else None)
    if ask is Ask.CARD and source == CERES_FINAL_BANISH:
        return _best(decision.options, lambda o: -p.loss(o.card)
                     if isinstance(o, PickCard) and o.card in p.hand else None)
    if ask is Ask.CONFIRM and set(decision.options) == {Answer.YES, Answer.NO}:
        judge = _CONFIRM.get(source)
        verdict = judge(p, decision) if judge is not None else None
        if verdict is not None:
            return Answer.YES if verdict else Answer.NO
    return None


def _best(options: Sequence[Option], value: Callable[[Option], float | None]) -> Option | None:
    """The first option of highest value (options valued ``None`` are skipped)."""
    best: Option | None = None
    best_value = 0.0
    for option in options:
        v = value(option)
        if v is not None and (best is None or v > best_value):
            best, best_value = option, v
    return best


def _best_turn(p: Position, options: Sequence[Option]) -> Option | None:
    """``_best(options, lambda o: _turn_value(p, o))``, with the common option (a Lead of a
    card to a location: a few dozen of them a turn) valued inline."""
    best: Option | None = None
    best_value = 0.0
    gives: dict[CardId, float] = {}
    deploys: dict[Location, float] = {}
    for option in options:
        if (isinstance(option, Lead) and option.card is not None
                and option.location is not None):
            give = gives.get(option.card)
            if give is None:
                give = gives[option.card] = p.give_up(option.card)
            deploy = deploys.get(option.location)
            if deploy is None:
                deploy = deploys[option.location] = p.deploy_to(option.location)
            v: float | None = give + deploy
        else:
            v = _turn_value(p, option)
        if v is not None and (best is None or v > best_value):
            best, best_value = option, v
    return best


def best_turns(view: View, ruleset: Ruleset, memory: Memory, options: Sequence[Option],
               count: int) -> tuple[Option, ...]:
    """The ``count`` best of a turn's ``options`` by this agent's one-step value (RR-TURN-1)
    from ``view``, best first (ties, and options it does not value, in the order listed): the
    candidates :mod:`rr.agents.flat` searches."""
    p = Position(view, ruleset, memory)
    values = [_turn_value(p, option) for option in options]
    ranked = sorted(range(len(options)),
                    key=lambda i: (-(v if (v := values[i]) is not None else -1e9), i))
    return tuple(options[i] for i in ranked[:count])


TurnPosition = tuple[Hashable, ...]


def turn_position(view: View) -> TurnPosition:
    """RULING-B11: the position at the start of the viewer's turn as its view shows it: the
    table's position (turn counts left out, they grow every turn) and the viewer's own hand
    (as a set: its order is no part of a position)."""
    return (view.seat, tuple(sorted(view.hand or ())), view.locations, view.deck_size,
            view.banished, tuple([(p.hand_size, p.helium, p.fleet, p.influence, p.sovereign)
                                  for p in view.players]), view.solo)


def _turn_value(p: Position, option: Option) -> float | None:
    """RR-TURN-1: a Lead (give up a card, gain the best top not deployed to) or Scout."""
    if isinstance(option, Scout):
        return max(p.location_bonus(loc) for loc in LOCATION_BONUS)
    if not isinstance(option, Lead):
        return None
    if option.card is None or option.location is None:
        return p.best_gain(exclude=None)
    return p.give_up(option.card) + p.deploy_to(option.location)


class Position:
    """One player's view, valued: hand values (memoised), token bonuses, gain options.

    Built afresh for each decision; reads only what the view shows.
    """

    def __init__(self, view: View, ruleset: Ruleset, memory: Memory | None = None) -> None:
        assert view.seat is not None and view.hand is not None
        self.view = view
        self.hand: tuple[CardId, ...] = view.hand
        self.ruleset = ruleset
        self.memory = memory or Memory()
        self.stacks: dict[Location, tuple[CardId, ...]] = dict(view.locations)
        self.me = view.players[view.seat]
        self.opponents = [p for s, p in enumerate(view.players) if s != view.seat]
        self._values: dict[tuple[CardId, ...], int] = {}
        self._board_only: dict[CardId, int] = {}
        self._board_with_chef: dict[CardId, int] = {}
        """Board-only texts' points, in a hand without Artisan Chef and with her."""
        self._cache: dict[object, float] = {}
        self._give: dict[CardId, float] = {}
        self._deploy: dict[Location, float] = {}
        self._gain: dict[Location | None, float] = {}
        self._best: dict[Location | None, float] = {}
        self._tokens: dict[object, float] | None = None
        self._tops: dict[Location, CardId] = {
            loc: self.stacks[loc][-1] for loc in LOCATION_BONUS if self.stacks.get(loc)}
        """Each location's top card, in :data:`LOCATION_BONUS` order (those with cards)."""
        self._mine: Mapping[CardId, Declaration] | None = None
        self._now: int | None = None
        self._seen: Mapping[CardId, HandCard] = _PLAIN
        self._seen_with: Mapping[CardId, Declaration] | None = None

    @functools.cached_property
    def around(self) -> Surroundings:
        """What the end-game texts see besides the hand; built on first use (a decision that
        values only tokens, such as where to place a scouted card, never needs it)."""
        view = self.view
        return Surroundings(
            me=_tokens(self.me.helium, self.me.fleet, self.me.influence, self.me.sovereign),
            opponents=tuple([_tokens(o.helium, o.fleet, o.influence, o.sovereign)
                             for o in self.opponents]),
            neutral_influence=view.neutral_influence,
            locations={loc: self.memory.placed(stack) for loc, stack in view.locations},
            banished=view.banished,
            ruleset=self.ruleset,
        )

    # --- hands --------------------------------------------------------------------------------

    @property
    def now(self) -> int:
        """The value of the hand as it is."""
        if self._now is None:
            self._now = self.value(self.hand)
        return self._now

    def value(self, hand: Iterable[CardId]) -> int:
        """RR-SCORE-2, RR-SCORE-13: the cards row plus the excess row of ``hand``.

        The declarations are the scorer's best (RULING-B3) for the hand as it is; a hand that
        gains or gives up a card keeps them (a gained Gray or Orange declares nothing), which
        can only undervalue it: running the optimiser for every candidate hand is too slow.
        """
        key = tuple(sorted(hand))
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._points(key, self.mine)
        return found

    @property
    def mine(self) -> Mapping[CardId, Declaration]:
        """The best declarations for the hand as it is."""
        if self._mine is None:
            self._mine = self.memory.declarations(self.hand, self.around)
        return self._mine

    def _points(self, hand: tuple[CardId, ...], chosen: Mapping[CardId, Declaration]) -> int:
        """The value of ``hand`` (sorted): core values, texts, excess. Texts that read only
        the board are scored once per position, those that read only the hand once per hand
        (by the memory); the hand as the texts see it is built only if one of them is
        scored."""
        points = sum(map(_CORE.__getitem__, hand))
        points += EXCESS_CARD_PENALTY * max(0, len(hand) - HAND_SIZE_WITHOUT_PENALTY)
        cards: tuple[HandCard, ...] | None = None
        chef = ARTISAN_CHEF in hand  # cancels a card's lost points (RULING-A20)
        board_only = self._board_with_chef if chef else self._board_only
        alone_at: list[int] = []
        for i, c in enumerate(hand):
            text = _SCORED.get(c)
            if text is None:
                continue
            if text is _HAND_ALONE_TEXT:
                alone_at.append(i)
                continue
            if text is _BOARD_TEXT:
                board = board_only.get(c)
                if board is not None:
                    points += board
                    continue
            if cards is None:
                cards = tuple(map(self._as_seen(chosen).__getitem__, hand))
            scored = end_game_points(EndGame(cards, i, self.around))
            if text is _BOARD_TEXT:
                board_only[c] = scored
            points += scored
        alone = self.memory.known_alone(hand, chosen, self.ruleset)
        if alone is None:
            alone = 0
            if alone_at:
                if cards is None:
                    cards = tuple(map(self._as_seen(chosen).__getitem__, hand))
                around = self.around
                for i in alone_at:
                    alone += end_game_points(EndGame(cards, i, around))
            self.memory.remember_alone(hand, chosen, alone)
        return points + alone

    def _as_seen(self, chosen: Mapping[CardId, Declaration]) -> Mapping[CardId, HandCard]:
        """Each card as the end-game texts see it in a hand with the declarations ``chosen``
        (made once per position: every hand it values has the same declarations)."""
        if not chosen:
            return _PLAIN
        if self._seen_with is not chosen:
            seen = dict(_PLAIN)
            seen.update({c: _declared(c, d) for c, d in chosen.items()})
            self._seen, self._seen_with = seen, chosen
        return self._seen

    def marginal(self, gained: CardId) -> float:
        """What gaining ``gained`` adds to the hand's value."""
        return self.value((*self.hand, gained)) - self.now

    def loss(self, given: CardId) -> float:
        """What giving up ``given`` (in hand) costs the hand's value."""
        rest = list(self.hand)
        rest.remove(given)
        return self.now - self.value(rest)

    def top(self, location: Location) -> CardId | None:
        return self._tops.get(location)

    # --- a Lead -------------------------------------------------------------------------------

    def give_up(self, given: CardId) -> float:
        """RR-LEAD-1: deploying ``given`` costs its value to the hand, and a little for
        handing it to the next player."""
        found = self._give.get(given)
        if found is None:
            found = self._give[given] = -self.loss(given) - GIFT_WEIGHT * _CORE[given]
        return found

    def deploy_to(self, location: Location) -> float:
        """RR-LEAD-1, RR-LEAD-3: deploying to ``location`` leaves the best gain elsewhere, less
        a little for covering a top card this player wants, plus a little for denying it."""
        found = self._deploy.get(location)
        if found is None:
            found = self.best_gain(exclude=location)
            covered = self.top(location)
            if covered is not None and covered != HIDDEN:
                found -= COVER_WEIGHT * max(0.0, self.marginal(covered))
                found += DENY_WEIGHT * card(covered).core_value
            self._deploy[location] = found
        return found

    # --- the final gain -----------------------------------------------------------------------

    def gain_value(self, where: Location | None) -> float:
        """RR-LEAD-3 / RR-LEAD-4: a location's top card and bonus, or the deck and the die."""
        found = self._gain.get(where)
        if found is None:
            if where is None:
                found = self.deck_value() + self.die_value()
            else:
                top = self.top(where)
                # A face-down top card is unknown to its viewer: valued like the deck's top.
                found = (self.deck_value() if top is None or top == HIDDEN
                         else self.marginal(top)) + self.location_bonus(where)
            self._gain[where] = found
        return found

    def best_gain(self, exclude: Location | None) -> float:
        """The best final gain of a Lead that deployed to ``exclude`` (0 if there is none)."""
        found = self._best.get(exclude)
        if found is None:
            values = [self.gain_value(loc) for loc in self._tops if loc is not exclude]
            if self.view.deck_size:
                values.append(self.gain_value(None))
            found = self._best[exclude] = max(values, default=0.0)
        return found

    def deck_value(self) -> float:
        """The deck's top card: the mean core value of the cards this player has not seen
        (its place in a hand is unknown, so no hand is scored for it)."""
        key = "deck"
        found = self._cache.get(key)
        if found is None:
            seen = set(self.hand) | set(self.view.banished)
            for stack in self.stacks.values():
                seen.update(stack)
            seen &= _CARD_IDS  # the face-down stand-in is no card
            # Whole numbers: all the cards' total less the seen ones' is the unseen ones' sum.
            unseen = len(_CORE) - len(seen)
            total = _CORE_TOTAL - sum(map(_CORE.__getitem__, seen))
            found = self._cache[key] = total / unseen if unseen else 0.0
        return found

    # --- tokens -------------------------------------------------------------------------------

    def location_bonus(self, location: Location) -> float:
        """RR-BONUS-1..4: the bonus of ``location``."""
        return self.bonus_value(LOCATION_BONUS[location])

    def bonus_value(self, bonus: Bonus) -> float:
        """RR-BONUS-*, RR-DIE-*: the points a bonus adds now, relative to the opponents."""
        tokens = self._token_values()
        found = tokens.get(bonus)
        if found is None:
            if bonus is Bonus.FLEET:
                found = self.fleet_value()
            elif bonus is Bonus.HELIUM:
                found = float(HELIUM_POINTS)
            elif bonus is Bonus.INFLUENCE:
                found = self.influence_value(1)
            elif bonus is Bonus.SOVEREIGN:
                found = self.sovereign_value()
            else:
                found = SMALL_BONUS
            tokens[bonus] = found
        return found

    def die_value(self) -> float:
        """RR-DIE-1: the Rising die's mean bonus."""
        return sum(self.bonus_value(f) for f in DIE_FACES) / len(DIE_FACES)

    def fleet_value(self) -> float:
        """RR-SCORE-8: the next step's points, averaged with the step after (the track's
        steps grow, so an early step is worth more than its own points)."""
        at = self.me.fleet
        steps = [FLEET_POINTS[i + 1] - FLEET_POINTS[i] for i in range(at, min(at + 2, FLEET_MAX))]
        return sum(steps) / len(steps) if steps else 0.0

    def fleet_loss(self) -> float:
        """RR-SCORE-8: the points one step back on the Fleet Track costs."""
        at = self.me.fleet
        return float(FLEET_POINTS[at] - FLEET_POINTS[at - 1]) if at > 0 else 0.0

    def influence_value(self, tokens: int) -> float:
        """RR-SCORE-11: this player's Influence points from placing ``tokens`` more (negative:
        losing them), less the mean change of the opponents' points."""
        values = self._token_values()
        found = values.get(tokens)
        if found is None:
            found = values[tokens] = self._influence_change(tokens)
        return found

    def _token_values(self) -> dict[object, float]:
        """The values of bonuses (by :class:`Bonus`) and of Influence changes (by number of
        tokens) at this position, shared by every position of the same token standing
        (:meth:`Memory.token_values`)."""
        if self._tokens is None:
            me = self.me
            standing = (me.fleet, me.influence, me.sovereign, me.house,
                        tuple([(o.influence, o.sovereign) for o in self.opponents]),
                        self.view.neutral_influence)
            self._tokens = self.memory.token_values(standing)
        return self._tokens

    def _influence_change(self, tokens: int) -> float:
        mine = self.me.influence
        after = max(0, min(INFLUENCE_TOKENS, mine + tokens))
        if after == mine:
            return 0.0
        others = tuple([o.influence for o in self.opponents])
        before = _influence_points((mine, *others), self.view.neutral_influence)
        now = _influence_points((after, *others), self.view.neutral_influence)
        theirs = sum(now[1:]) - sum(before[1:])
        return (now[0] - before[0]) - theirs / max(1, len(others))

    def sovereign_value(self) -> float:
        """RR-SCORE-10, RR-HOUSE-*: the token (taken from an opponent, they lose it too), then
        this player's house ability."""
        value = 0.0
        if not self.me.sovereign:
            value += SOVEREIGN_POINTS
            if any(o.sovereign for o in self.opponents):
                value += SOVEREIGN_POINTS / len(self.opponents)
        return value + self.house_value()

    def house_value(self) -> float:
        """RR-HOUSE-2..7: what this player's house ability adds on gaining the token."""
        house = self.me.house
        if house is House.DIANA:
            return self.influence_value(1)
        if house is House.JUPITER:
            return self.fleet_value()
        if house is House.MARS:
            return float(HELIUM_POINTS)
        if house is House.MINERVA:
            faces = [self.bonus_value(f) for f in DIE_FACES if f is not Bonus.SOVEREIGN]
            return sum(faces) / len(faces)
        return SMALL_BONUS  # Apollo reveals and places, Ceres banishes


class _Text(enum.Enum):
    """What a card's end-game text reads, for the cost of scoring it."""

    NONE = "none"
    """No end-game text: the core value only."""
    BOARD = "board"
    """Never the hand: the board, the tokens or the banished pile only (the Grays' "for each
    <colour> on all locations", Firewall Expert, Quietus, ...), so one score per position
    serves every candidate hand (one with Artisan Chef, one without: RULING-A20)."""
    HAND_ALONE = "hand alone"
    """The hand and the card itself only, never the board or the tokens ("+4 if with a Gold",
    "for each Red"): one score per hand serves every position of a game (the ruleset aside,
    which is the agent's own)."""
    HAND = "hand"
    """Anything, the hand included."""


_READS_HAND = frozenset({"hand", "others", "this", "index", "is_with", "is_with_named", "count",
                         "count_named", "bonuses", "optimise", "registry"})
"""What of :class:`EndGame` (and of the scorer) shows the hand."""


def _names_used(code: CodeType) -> frozenset[str]:
    """Every global and attribute name ``code`` (and the code nested in it) uses."""
    found = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, CodeType):
            found |= _names_used(const)
    return frozenset(found)


def _reads_any(card_id: CardId, names: frozenset[str]) -> bool:
    """Whether ``card_id``'s scoring function uses one of ``names`` or calls anything of rr's
    own (a helper it hands the card to could read anything); True if it has no code to read."""
    score = BONUSES[card_id].score
    code = getattr(score, "__code__", None)
    if code is None:
        return True
    for name in _names_used(code):
        if name in names:
            return True
        used = score.__globals__.get(name)
        if isinstance(used, FunctionType) and used.__module__.startswith("rr."):
            return True
    return False


def reads_hand(card_id: CardId) -> bool:
    """Whether ``card_id``'s end-game text can read the hand it is in: True unless its scoring
    function names nothing of :data:`_READS_HAND` and calls nothing of rr's own (a helper it
    hands the card to could read the hand). Judged from the function's code, and checked
    card by card against random hands by tests/agents/test_greedy.py."""
    return _reads_any(card_id, _READS_HAND)


_READS_AROUND = frozenset({
    "around", "me", "opponents", "has_sovereign", "has_most_influence", "has_least_influence",
    "shares_influence_with_an_opponent", "has_most_helium", "an_opponent_has_more_helium",
    "is_furthest_on_fleet", "an_opponent_is_further_on_fleet", "stack", "on_all_locations",
    "core_value_on_board", "banished_count", "banished_of", "bonuses", "optimise", "registry"})
"""What of :class:`EndGame` (and of the scorer) shows more than the hand: the board, the
tokens, the banished pile."""


def reads_around(card_id: CardId) -> bool:
    """Whether ``card_id``'s end-game text can read anything but its hand (and the ruleset):
    judged like :func:`reads_hand`, from :data:`_READS_AROUND`."""
    return _reads_any(card_id, _READS_AROUND)


def _text(card_id: CardId) -> _Text:
    if BONUSES[card_id] is NO_BONUS:
        return _Text.NONE
    if not reads_hand(card_id):
        return _Text.BOARD
    return _Text.HAND if reads_around(card_id) else _Text.HAND_ALONE


_ALL_IDS: tuple[CardId, ...] = tuple(sorted(all_ids()))
_CORE: Mapping[CardId, int] = {c: card(c).core_value for c in _ALL_IDS}
_CORE_TOTAL = sum(_CORE.values())
_CARD_IDS = frozenset(_ALL_IDS)
_PLAIN: Mapping[CardId, HandCard] = {c: HandCard.of(card(c)) for c in _ALL_IDS}
"""Each card as it stands in a hand, undeclared."""
_AVERAGE = min(_ALL_IDS, key=lambda c: (abs(_CORE[c] - sum(_CORE.values()) / len(_CORE)), c))
_PLACED: Mapping[CardId, LocationCard] = {
    **{c: LocationCard(c) for c in _ALL_IDS},
    # A face-down card this player cannot see. End-game texts read a face-down card only for
    # being face down (Firewall Expert) and for its core value (Developer, RULING-A2), so it
    # stands as a face-down card of average core value.
    HIDDEN: LocationCard(_AVERAGE, face_down=True),
}
"""Each card on a location, as this player sees it."""
_TEXT: Mapping[CardId, _Text] = {c: _text(c) for c in _ALL_IDS}
_influence_points = functools.lru_cache(maxsize=4096)(influence_points)
"""RR-SCORE-11 points of a tuple of Influence totals: a few dozen distinct ones a game, asked
for by every position that values an Influence token."""
_tokens = functools.lru_cache(maxsize=4096)(Tokens)
"""A player's tokens as the end-game texts see them (immutable: one object per standing)."""
_MIMICS = frozenset(c for c in _ALL_IDS if card(c).is_gray_mimic or card(c).is_orange_mimic)
"""The Grays and Oranges: a hand without one has nothing to declare."""
_HAND_ALONE_TEXT, _BOARD_TEXT = _Text.HAND_ALONE, _Text.BOARD
"""Looked up once: an enum member costs ten times a global to look up on its class, and
:meth:`Position._points` asks for them for every card of every hand it values."""
_SCORED: Mapping[CardId, _Text] = {c: t for c, t in _TEXT.items() if t is not _Text.NONE}
"""The cards with an end-game text (a card missing here scores its core value only)."""
_DECLARED: dict[tuple[CardId, Declaration], HandCard] = {}
"""Each card as it stands in a hand with a declaration, made on first use."""


def _declared(card_id: CardId, declaration: Declaration) -> HandCard:
    """``card_id`` in hand with ``declaration`` (a HandCard is immutable: made once)."""
    found = _DECLARED.get((card_id, declaration))
    if found is None:
        found = _DECLARED[(card_id, declaration)] = HandCard.of(card(card_id), declaration)
    return found


class Memory:
    """What an agent keeps between decisions: the best declarations by hand, and exact
    answers that outlive a position (hand-alone texts by hand, token values by standing, the
    stacks as texts see them).

    Declarations depend on the board and tokens only through rare texts, so a hand's best
    declarations are found once and reused (an approximation the scorer itself never makes).
    """

    def __init__(self) -> None:
        self._declarations: dict[tuple[CardId, ...], Mapping[CardId, Declaration]] = {}
        self._hand_alone: dict[tuple[tuple[CardId, ...], int], int] = {}
        self._ruleset: Ruleset | None = None
        self._token_values: dict[Hashable, dict[object, float]] = {}
        self._placed: dict[int, tuple[tuple[CardId, ...], tuple[LocationCard, ...]]] = {}
        self._taken: dict[TurnPosition, set[Option]] = {}

    def taken(self, position: TurnPosition) -> set[Option]:
        """The Leads and Scouts taken at the start of a turn in ``position`` (RULING-B11), to
        add to; forgotten, all at once, when they grow many."""
        found = self._taken.get(position)
        if found is None:
            if len(self._taken) >= TURNS_KEPT:
                self._taken.clear()
            found = self._taken[position] = set()
        return found

    def known_alone(self, hand: tuple[CardId, ...], chosen: Mapping[CardId, Declaration],
                    ruleset: Ruleset) -> int | None:
        """What the hand-alone texts of ``hand`` scored with ``chosen`` under ``ruleset`` if it
        has been asked already (``None`` if not), without building the hand as texts see it."""
        if ruleset is not self._ruleset:
            if self._ruleset is None or ruleset != self._ruleset:
                self._hand_alone.clear()
            self._ruleset = ruleset
        # Declarations are told apart by identity: each hand's are made once and kept until
        # both memories are cleared together (an id is never reused while it is a key).
        return self._hand_alone.get((hand, id(chosen) if chosen else 0))

    def remember_alone(self, hand: tuple[CardId, ...], chosen: Mapping[CardId, Declaration],
                       points: int) -> None:
        """Keep what the hand-alone texts of ``hand`` score with ``chosen`` (after
        :meth:`known_alone` found it unknown, under the same ruleset)."""
        if len(self._hand_alone) >= DECLARATIONS_KEPT:
            self._forget()
        self._hand_alone[(hand, id(chosen) if chosen else 0)] = points

    def declarations(self, hand: Sequence[CardId], around: Surroundings
                     ) -> Mapping[CardId, Declaration]:
        """RULING-B3: the best declarations for ``hand``."""
        key = tuple(sorted(hand))
        found = self._declarations.get(key)
        if found is None:
            found = (best_declarations([card(c) for c in key], {}, around)
                     if not _MIMICS.isdisjoint(key) else {})
            if len(self._declarations) >= DECLARATIONS_KEPT:
                self._forget()
            self._declarations[key] = found
        return found

    def token_values(self, standing: Hashable) -> dict[object, float]:
        """The table of token values for positions of this ``standing``: everything
        :meth:`Position.bonus_value` and :meth:`Position.influence_value` read (this player's
        Fleet position, Influence, Sovereign token and house; the opponents' Influence and
        Sovereign tokens; the neutral house's Influence), so one table serves them all.
        Forgotten, all at once, when it grows large."""
        found = self._token_values.get(standing)
        if found is None:
            if len(self._token_values) >= TOKEN_STANDINGS_KEPT:
                self._token_values.clear()
            found = self._token_values[standing] = {}
        return found

    def placed(self, stack: tuple[CardId, ...]) -> tuple[LocationCard, ...]:
        """A location's cards as the end-game texts see them. Views share the tuples of the
        stacks that did not change, so this is remembered by the tuple's identity (the entry
        keeps the tuple alive: its id is not reused while it is a key)."""
        found = self._placed.get(id(stack))
        if found is not None and found[0] is stack:
            return found[1]
        if len(self._placed) >= STACKS_KEPT:
            self._placed.clear()
        placed = tuple(map(_PLACED.__getitem__, stack))
        self._placed[id(stack)] = (stack, placed)
        return placed

    def _forget(self) -> None:
        self._declarations.clear()
        self._hand_alone.clear()


# --- "you may" questions, by the card that asks --------------------------------------------------


def _asker(d: Decision) -> CardId:
    """The card that asks ``d`` (the judges of :data:`_CONFIRM` are asked by cards)."""
    return cast(ByCard, d.source).card


def _under(p: Position, asker: CardId) -> tuple[Location, CardId] | None:
    """The location of ``asker`` and the card directly under it, if visible."""
    for loc, stack in p.stacks.items():
        if asker in stack:
            at = stack.index(asker)
            return (loc, stack[at - 1]) if at > 0 and stack[at - 1] != HIDDEN else None
    return None


def _bottom(p: Position, asker: CardId) -> tuple[Location, CardId] | None:
    """The location of ``asker`` and its bottom card, if visible."""
    for loc, stack in p.stacks.items():
        if asker in stack:
            return (loc, stack[0]) if stack[0] != HIDDEN else None
    return None


def _gain_and_end_turn(p: Position, d: Decision) -> bool | None:
    """Bridge, Colonel Valentin, ...: "You may gain that card; if you do, end your turn": yes
    if the card beats the final gain the turn would otherwise end with."""
    found = _under(p, _asker(d))
    if found is None:
        return None
    where, moved = found
    return p.marginal(moved) >= p.best_gain(exclude=where)


def _sevro(p: Position, d: Decision) -> bool | None:
    """Sevro: reveal The Howlers to gain the card under him instead of banishing it."""
    found = _under(p, _asker(d))
    return None if found is None else p.marginal(found[1]) > 0


def _theodora(p: Position, d: Decision) -> bool | None:
    """Theodora: move the bottom card on top; a Gold or Red is gained and the turn ends."""
    found = _bottom(p, _asker(d))
    if found is None:
        return None
    where, bottom = found
    if card(bottom).color not in (Color.GOLD, Color.RED):
        return False
    return p.marginal(bottom) >= p.best_gain(exclude=where)


def _surgeon(p: Position, _: Decision) -> bool | None:
    """Surgeon: gain a banished Gold, if one adds to the hand."""
    golds = [c for c in p.view.banished if card(c).color is Color.GOLD]
    return any(p.marginal(c) > 0 for c in golds) if golds else None


def _yes(_: Position, __: Decision) -> bool:
    return True


_JUDGES: Mapping[str, Callable[[Position, Decision], bool | None]] = {
    **{asker: _gain_and_end_turn for asker in (
        "bridge", "colonel_valentin", "danto", "holiday", "sun_hwa", "trigg", "ugly_dan")},
    "sevro": _sevro,
    "theodora": _theodora,
    "surgeon": _surgeon,
    # Politician: reveal 2 Golds (they go back to the hand) to place 2 Influence.
    "politician": _yes,
    # Diplomat: place 1 Influence, free.
    "diplomat": lambda p, _: p.influence_value(1) > 0,
    # Sponsor: 1 Helium (3 points) for 2 Influence.
    "sponsor": lambda p, _: p.influence_value(2) > HELIUM_POINTS,
    # CEO: one step back on the Fleet Track for 2 Helium.
    "ceo": lambda p, _: p.fleet_loss() < 2 * HELIUM_POINTS,
    # Stock Broker: 1 Influence for 2 Helium.
    "stock_broker": lambda p, _: -p.influence_value(-1) < 2 * HELIUM_POINTS,
    # Loan Shark's opponent: 2 Helium for a whole turn now, or 1 Helium for nothing.
    "loan_shark": _yes,
}
_CONFIRM: Mapping[Source, Callable[[Position, Decision], bool | None]] = {
    by_card(CardId(card)): judge for card, judge in _JUDGES.items()}
"""Judges of "you may" questions, by the asking card: True for yes, None for chance."""
