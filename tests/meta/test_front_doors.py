"""The front doors — ``rr stdio`` (rr.protocol), ``rr server`` (rr.server) and the replay
viewer (rr.oracle.replay, which ``POST /api/replay`` and ``rr replay --json`` send) — build
what a seat is shown through the one builder, ``rr.seat_answer`` (issue #26): none of them
shapes a view, a pending decision, a redacted record or a line of story itself."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.meta.test_layers import ROOT, imports, module_name

FRONT_DOORS = ("rr.protocol", "rr.server", "rr.oracle.replay")
"""The modules that answer seats, and the packages whose every module does."""

SHAPERS = {
    "rr.views": {"view", "redact", "redacted", "PendingView", "solo_view"},
    "rr.narrate": {"narration", "narrate", "story_line", "line"},
    "rr.scoring.scorepad": {"score"},
    "rr.rules.final": {"scorepad_of"},
}
"""What builds a seat's answer, by the module that defines it: only rr.seat_answer uses it
for a seat."""


def _modules(prefix: str) -> list[Path]:
    path = ROOT / Path(*prefix.split("."))
    return sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]


def _front_doors() -> list[Path]:
    return [p for prefix in FRONT_DOORS for p in _modules(prefix)]


def _shaping(path: Path) -> list[str]:
    """What ``path`` takes from the shapers, and every call of a ``.view(...)`` method."""
    found = []
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in SHAPERS:
            found += [f"imports {node.module}.{a.name}" for a in node.names
                      if a.name in SHAPERS[node.module]]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "view"):
            found.append(f"calls .view() at line {node.lineno}")
    return found


def test_every_front_door_answers_through_the_one_builder() -> None:
    """No front door imports what shapes a seat's view, pending decision, records, lines or
    scorepad, nor calls ``Game.view``; each that shows a game imports ``seat_answer``."""
    wrong = [f"{module_name(p)} {what}" for p in _front_doors() for what in _shaping(p)]
    assert not wrong, "\n".join(wrong)
    builders = {module_name(p) for p in _front_doors()
                if "rr.seat_answer" in imports(p)}
    assert {"rr.protocol", "rr.server.games", "rr.oracle.replay"} <= builders


def test_the_check_sees_a_front_door_that_shapes_its_own_answer(tmp_path: Path) -> None:
    """The check is not blind: a module redacting for the wire, building a pending view or
    calling ``game.view`` is named."""
    path = tmp_path / "door.py"
    path.write_text("from rr.views import PendingView, redact\n"
                    "from rr.narrate import story_line\n"
                    "def show(game, seat):\n    return game.view(seat)\n")
    assert sorted(_shaping(path)) == ["calls .view() at line 4", "imports rr.narrate.story_line",
                                      "imports rr.views.PendingView",
                                      "imports rr.views.redact"]


def test_no_server_module_imports_the_protocol_or_simulate() -> None:
    """The server's errors and answers come from rr.errors and rr.seat_answer, never from
    ``rr stdio``'s module; its bots and their safety limit from the agent registry
    (rr.agents.names), never from ``rr simulate``'s module (issue #26)."""
    wrong = [f"{module_name(p)} imports {t}" for p in _modules("rr.server") for t in imports(p)
             if t.split(".")[:2] in (["rr", "protocol"], ["rr", "simulate"])]
    assert not wrong, wrong


def test_only_the_views_build_a_pending_view() -> None:
    """A ``PendingView`` (a decision as a viewer is shown it) is made by ``rr.views.view``
    alone (and read back by ``rr.jsonforms``): options are hidden in one place."""
    wrong = []
    for path in sorted((ROOT / "rr").rglob("*.py")):
        if module_name(path) in ("rr.views", "rr.jsonforms"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "PendingView"):
                wrong.append(f"{module_name(path)} line {node.lineno}")
    assert not wrong, wrong
