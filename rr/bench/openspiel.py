"""The yardsticks: random playouts of OpenSpiel games, timed in the same process and rounds as
rr, so rr's figures can be given as ratios that the machine's speed and load cancel out of.

``python_tic_tac_toe`` is OpenSpiel's pure-Python game (the same interpreter overhead rr has);
``hearts`` is one of its C++ games (a card game with hidden hands and a deal). A *decision* is
one action by a player; chance actions (the deal) are made too, but not counted. Needs the
``bench`` extra (``pip install -e '.[bench]'``); without it these figures are left out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from rr.bench.workloads import Timing

GAMES = ("python_tic_tac_toe", "hearts")


def available() -> bool:
    """Whether OpenSpiel (``pyspiel``) can be imported."""
    try:
        _pyspiel()
    except ImportError:
        return False
    return True


def _pyspiel() -> Any:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    # Importing the package registers OpenSpiel's pure-Python games (python_tic_tac_toe, ...).
    from open_spiel.python import games  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    return pyspiel


def playouts(name: str, seconds: float, seed: int = 0,
             clock: Callable[[], float] = time.perf_counter) -> Timing:
    """Random playouts of OpenSpiel's game ``name`` for at least ``seconds`` of ``clock``
    (the process's CPU time, ``time.process_time``, to set beside CPU seconds): every player
    picks uniformly among its legal actions, chance draws by the outcomes' probabilities."""
    game = _pyspiel().load_game(name)
    rng = random.Random(seed)
    decisions = 0
    start = clock()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        elapsed = clock() - start
    return Timing(decisions, elapsed)
