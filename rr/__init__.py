"""rr: an exact, event-sourced rules engine for the card game Red Rising.

Start here. ``import rr`` gives the names a user starts from, each loaded on first use (so
``import rr`` itself stays quick):

* the game: :class:`Game` (``Game.new``, ``game.pending``, ``game.choose``, ``game.view``),
  its :class:`Decision` and the :class:`Ruleset` it is played under;
* bots: the :class:`Agent` interface (``choose(decision, seen) -> option``), what a seat
  knows (:class:`Seen`), :class:`RandomAgent`, :class:`GreedyAgent`, and :func:`play_out`,
  which plays a game to its end with one agent a seat;
* the end: :func:`scorepad_of` (totals, winners and the scorepad of a finished game) and
  :func:`story` (the game's story in words, a line an event worth telling);
* logs: :func:`write_log` and :func:`read_log` (the ``.rrlog`` file), :func:`audit` (the
  rules run again over a log: clean, or the first divergence) and :func:`replay` (a log's
  position at any record);
* errors: :class:`RRError`, the base of every error rr raises for bad input,
  :class:`IllegalChoiceError` and :class:`MissingExtraError`.

>>> import rr
>>> game = rr.Game.new(["Ana", "Bo"], seed=3)
>>> rr.play_out(game, [rr.RandomAgent(1), rr.GreedyAgent(2)]).is_over
True

Everything else is reached through its module. The public modules, each with ``__all__``:

* the game: ``rr.engine``, ``rr.decisions``, ``rr.options``, ``rr.model``, ``rr.ruleset``,
  ``rr.views``, ``rr.cards.catalogue``, ``rr.errors``;
* the end, logs, replay and audit: ``rr.rules.final``, ``rr.scoring.scorepad``,
  ``rr.narrate``, ``rr.events.log``, ``rr.events.types``, ``rr.oracle.audit``,
  ``rr.oracle.replay``, ``rr.simulate``;
* bots: ``rr.agents.interface``, ``rr.agents.random``, ``rr.agents.greedy``,
  ``rr.agents.ismcts``, ``rr.agents.flat``, ``rr.agents.play``;
* programs and learners: ``rr.jsonforms``, ``rr.schemas``, ``rr.wire``, ``rr.client``,
  ``rr.actions``, ``rr.observation``, ``rr.integrations.gymnasium``,
  ``rr.integrations.pettingzoo``, ``rr.integrations.openspiel``.

Every other module is internal: it may change in any release. README.md says what may change
before 1.0.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

_WHERE: dict[str, tuple[str, str]] = {
    "Game": ("rr.engine", "Game"),
    "Decision": ("rr.decisions", "Decision"),
    "Ruleset": ("rr.ruleset", "Ruleset"),
    "Agent": ("rr.agents.interface", "Agent"),
    "Seen": ("rr.agents.interface", "Seen"),
    "RandomAgent": ("rr.agents.random", "RandomAgent"),
    "GreedyAgent": ("rr.agents.greedy", "GreedyAgent"),
    "play_out": ("rr.agents.play", "play_out"),
    "scorepad_of": ("rr.rules.final", "scorepad_of"),
    "story": ("rr.narrate", "narrate"),
    "write_log": ("rr.events.log", "write"),
    "read_log": ("rr.events.log", "read"),
    "audit": ("rr.oracle.audit", "audit"),
    "replay": ("rr.oracle.replay", "replay"),
    "RRError": ("rr.errors", "RRError"),
    "IllegalChoiceError": ("rr.errors", "IllegalChoiceError"),
    "MissingExtraError": ("rr.errors", "MissingExtraError"),
}
"""Each public name: the module it lives in and its name there."""

__all__ = [  # sorted; the same names as _WHERE's (a test checks)
    "Agent", "Decision", "Game", "GreedyAgent", "IllegalChoiceError", "MissingExtraError",
    "RRError", "RandomAgent", "Ruleset", "Seen", "__version__", "audit", "play_out",
    "read_log", "replay", "scorepad_of", "story", "write_log",
]

if TYPE_CHECKING:  # the names' types for mypy and editors (the `X as X`: re-exported)
    from rr.engine import Game as Game
    from rr.decisions import Decision as Decision
    from rr.ruleset import Ruleset as Ruleset
    from rr.agents.interface import Agent as Agent
    from rr.agents.interface import Seen as Seen
    from rr.agents.random import RandomAgent as RandomAgent
    from rr.agents.greedy import GreedyAgent as GreedyAgent
    from rr.agents.play import play_out as play_out
    from rr.rules.final import scorepad_of as scorepad_of
    from rr.narrate import narrate as story
    from rr.events.log import write as write_log
    from rr.events.log import read as read_log
    from rr.oracle.audit import audit as audit
    from rr.oracle.replay import replay as replay
    from rr.errors import RRError as RRError
    from rr.errors import IllegalChoiceError as IllegalChoiceError
    from rr.errors import MissingExtraError as MissingExtraError

def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then kept here)."""
    try:
        module, attribute = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module 'rr' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
