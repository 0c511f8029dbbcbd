"""Imports flow downward only (CONTRIBUTING.md): values → events → state → effects → cards and
scoring → rules → engine → everything that uses the engine."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LAYERS: tuple[tuple[str, ...], ...] = (
    ("rr", "rr.model", "rr.quick_init", "rr.options", "rr.actions", "rr.decisions", "rr.errors",
     "rr.ruleset",
     "rr.cards.catalogue", "rr.untrusted", "rr.files", "rr.randomness", "rr.wire"),
    ("rr.events", "rr.seatkeys", "rr.ed25519", "rr.seatmoves"),
    ("rr.state", "rr.knowledge", "rr.inferences"),
    ("rr.effects", "rr.views", "rr.jsonforms"),
    ("rr.cards", "rr.scoring"),
    ("rr.rules", "rr.narrate", "rr.seat_answer", "rr.schemas"),
    ("rr.engine", "rr.sampling", "rr.dealing", "rr.chances"),
    ("rr.scenario", "rr.simulate", "rr.ladder", "rr.agents", "rr.oracle", "rr.bench", "rr.protocol",
     "rr.request_fields", "rr.server", "rr.cli", "rr.observation", "rr.integrations",
     "rr.report", "rr.__main__", "rr.client", "rr.ratings"),
)


def test_the_layer_table_is_this_one() -> None:
    """docs/ARCHITECTURE.md's table of layers names the modules of :data:`LAYERS`, layer by
    layer (a module's parts named in parentheses aside)."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    section = text[text.index("## Layers"):]
    rows = [line for line in section.splitlines()[:40]
            if line.startswith("| ") and not line.startswith("| layer")]
    table = [set(re.findall(r"`(rr[\w.]*)`", re.sub(r"\([^)]*\)", "", row.split("|")[2])))
             for row in rows]
    assert table == [set(layer) - {"rr"} for layer in LAYERS]


def test_moved_server_errors_still_import_from_rr_errors() -> None:
    """The errors only the server raises live in the server's layer (rr.server.errors); the
    old names in rr.errors give the same classes for one release, with a warning."""
    import rr.errors
    import rr.server.errors
    for name in sorted(rr.errors.MOVED):
        assert name not in vars(rr.errors) and name not in rr.errors.__all__
        with pytest.warns(DeprecationWarning, match=f"rr.errors.{name} moved to rr.server"):
            assert getattr(rr.errors, name) is getattr(rr.server.errors, name)
    with pytest.raises(AttributeError):
        rr.errors.NoSuchError  # type: ignore[attr-defined]  # noqa: B018


def layer_of(module: str) -> int:
    """The layer of ``module``: the longest matching prefix wins."""
    best, depth = -1, -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > depth:
                best, depth = index, len(prefix)
    assert best >= 0, f"{module} is in no layer"
    return best


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return [m for m in found if m == "rr" or m.startswith("rr.")]


def test_imports_flow_downward() -> None:
    """No module of rr imports a module of a higher layer. The package's own ``rr/__init__.py``
    (``__version__``, which every layer reads, and the public names) imports the modules of
    its names only when one is first used (``importlib``; ``tests/meta/test_public_api.py``
    checks that ``import rr`` loads none), and names them for type checkers alone."""
    wrong = []
    for path in sorted((ROOT / "rr").rglob("*.py")):
        here = module_name(path)
        for target in imports(path):
            if here == "rr" and _type_checking_only(path, target):
                continue
            if layer_of(target) > layer_of(here):
                wrong.append(f"{here} imports {target}")
    assert not wrong, "\n".join(wrong)


def _type_checking_only(path: Path, target: str) -> bool:
    """Every import of ``target`` in ``path`` is under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text())
    guarded = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
               and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
               for node in ast.walk(block)}
    found = [node for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.module == target]
    return bool(found) and all(id(node) in guarded for node in found)


RULES = ("rr.rules", "rr.engine", "rr.scoring")
"""What card handlers never import (``rr.ruleset``, the lowest layer, is not ``rr.rules``)."""


def test_cards_never_import_rules() -> None:
    """Card handlers reach the rules only through the effect vocabulary and hooks."""
    wrong = [f"{module_name(p)} imports {t}" for p in (ROOT / "rr" / "cards").rglob("*.py")
             for t in imports(p) if any(t == m or t.startswith(m + ".") for m in RULES)]
    assert not wrong, "\n".join(wrong)


def test_no_randomness_or_clock_outside_the_draw() -> None:
    """`random` and `time` appear only where draws are made and where runs are timed."""
    # rr.effects.program names random.Random only as the type a Chance's draw receives.
    # A name allows its submodules too (rr.bench.workloads, rr.bench.openspiel).
    # rr.agents.ismcts draws its own samples and may stop on a time budget.
    # rr.agents.flat draws its own samples and rollouts (ismcts:flat).
    # rr.server times requests (rate limits, the load script's latencies).
    # rr.chances reads a Chance's picks through a scripted random.Random, and seeds samples.
    # rr.agents.interface names random.Random only as the type Seen.sample receives.
    # rr.ladder draws each game's seating from the game's seed.
    allowed = {"rr.engine", "rr.agents.random", "rr.agents.ismcts", "rr.simulate", "rr.bench",
               "rr.ladder",
               "rr.agents.flat", "rr.effects.program", "rr.chances", "rr.server",
               "rr.agents.interface"}
    wrong = []
    for path in (ROOT / "rr").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            here = module_name(path)
            if (any(n in ("random", "time") for n in names)
                    and not any(here == a or here.startswith(a + ".") for a in allowed)):
                wrong.append(here)
    assert not wrong, wrong
