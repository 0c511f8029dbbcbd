"""No rules program reads the count of events folded (``GameState.events``): the engine folds a
decision together with the event after it (``rr.engine.Game._run_live``, issue #32), so between
the two the rules see the state before the decision, which differs from the fold of the log by
that count only."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ("rr/rules", "rr/effects", "rr/cards")


def reads_of_events(source: str) -> list[int]:
    """The lines of ``source`` that read an attribute named ``events``."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and node.attr == "events"]


def test_the_check_finds_a_read_of_the_count() -> None:
    """A read of ``.events`` is found; a module of that name imported is not a read."""
    assert reads_of_events("from rr.events.types import Event\nn = table.state.events\n") == [2]
    assert reads_of_events("import rr.events\n") == []


def test_no_rules_module_reads_the_count_of_events() -> None:
    """Nothing in the rules, the effects or the cards reads ``.events``."""
    found = {str(path.relative_to(ROOT)): lines
             for folder in RULES for path in sorted((ROOT / folder).rglob("*.py"))
             if (lines := reads_of_events(path.read_text("utf-8")))}
    assert found == {}
