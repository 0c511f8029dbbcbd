"""docs/ARCHITECTURE.md stays true: every module and file it names exists, and the README
points to it (not to a DESIGN.md the repository does not hold)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "ARCHITECTURE.md"

NAMED = re.compile(r"`([^`\s]+)`")
MODULE = re.compile(r"^rr(\.[a-z_][a-z0-9_]*)*$")
PATH = re.compile(r"^(rr|tests|fuzz|spec|examples|docs)/[\w./-]*$")


def named(text: str) -> tuple[set[str], set[str]]:
    """The module names (``rr.x.y``, a trailing attribute allowed) and repository paths in
    backticks in ``text``."""
    modules, paths = set(), set()
    for item in NAMED.findall(text):
        if MODULE.match(item):
            modules.add(item)
        elif PATH.match(item):
            paths.add(item)
    return modules, paths


def _is_module(name: str) -> bool:
    # find_spec raises, rather than answering None, for a name under a module that is not a
    # package ("rr.views.redact": a function of rr.views).
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def resolves(name: str) -> bool:
    """``name`` is a module of rr, or a module followed by an attribute it defines."""
    if _is_module(name):
        return True
    module, _, attribute = name.rpartition(".")
    if not module or not _is_module(module):
        return False
    return hasattr(importlib.import_module(module), attribute)


def test_names_resolve_to_modules_or_their_attributes() -> None:
    """A module, a package, a function of a module and a name inside a package resolve; a
    name a module does not define, or one under a module that is not a package, does not."""
    assert resolves("rr.views") and resolves("rr.oracle") and resolves("rr.views.view")
    assert not resolves("rr.views.no_such_name")
    assert not resolves("rr.views.view.deeper")
    assert not resolves("rr.no_such_module")


def test_every_module_named_exists() -> None:
    """Each `rr.…` name in the architecture page is a module (or a name in one)."""
    modules, _ = named(DOC.read_text("utf-8"))
    assert len(modules) >= 30
    missing = sorted(m for m in modules if not resolves(m))
    assert not missing, f"docs/ARCHITECTURE.md names modules that do not exist: {missing}"


def test_every_path_named_exists() -> None:
    """Each repository path in the architecture page exists."""
    _, paths = named(DOC.read_text("utf-8"))
    assert paths
    missing = sorted(p for p in paths if not (ROOT / p.rstrip("/")).exists())
    assert not missing, f"docs/ARCHITECTURE.md names paths that do not exist: {missing}"


def test_layer_table_matches_the_enforced_layers() -> None:
    """The page's layer table lists, row by row, the layers tests/meta/test_layers.py
    enforces."""
    from tests.meta.test_layers import LAYERS

    text = DOC.read_text("utf-8")
    section = text[text.index("## Layers"):text.index("## Randomness")]
    rows = [line for line in section.splitlines() if line.startswith("| ")
            and not line.startswith("| layer")]
    assert len(rows) == len(LAYERS)
    for row, layer in zip(rows, LAYERS, strict=True):
        listed, _ = named(row)
        wanted = {m for m in layer if m not in ("rr", "rr.__main__")}
        assert wanted <= listed, f"{sorted(wanted - listed)} missing from the row {row!r}"


def test_the_check_catches_a_wrong_name() -> None:
    """The checks above can fail: a made-up module and path are caught."""
    modules, paths = named("see `rr.no_such_module` and `rr/nowhere.py`")
    assert modules == {"rr.no_such_module"} and not resolves("rr.no_such_module")
    assert paths == {"rr/nowhere.py"} and not (ROOT / "rr/nowhere.py").exists()


def test_readme_and_sources_point_to_the_page() -> None:
    """The README links docs/ARCHITECTURE.md, and nothing refers to a missing DESIGN.md."""
    assert "docs/ARCHITECTURE.md" in (ROOT / "README.md").read_text("utf-8")
    stale = [str(p.relative_to(ROOT)) for folder in ("rr", "tests", "fuzz", "spec", "examples")
             for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md")
             and p.name != "test_architecture.py" and "DESIGN.md" in p.read_text("utf-8")]
    stale += ["README.md"] if "DESIGN.md" in (ROOT / "README.md").read_text("utf-8") else []
    assert not stale, f"still pointing to DESIGN.md: {stale}"
