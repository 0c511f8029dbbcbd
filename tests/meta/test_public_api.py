"""``import rr``: the handful of names a user starts from, loaded on first use, each with an
example that runs; the README's quick start plays, scores and audits a game with nothing but
``import rr``; a missing extra is named in its error."""

from __future__ import annotations

import builtins
import doctest
import importlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import rr
from rr.errors import MissingExtraError, RRError

ROOT = Path(__file__).resolve().parents[2]
NAMES = [name for name in rr.__all__ if name != "__version__"]


def test_the_public_names_are_the_ones_listed_and_all_load() -> None:
    assert sorted(rr.__all__) == rr.__all__  # sorted, so a reader finds a name
    assert set(NAMES) == set(rr._WHERE)
    for name in NAMES:
        module, attribute = rr._WHERE[name]
        assert getattr(rr, name) is getattr(importlib.import_module(module), attribute)
    assert set(rr.__all__) <= set(dir(rr))
    with pytest.raises(AttributeError, match="no attribute 'engine_room'"):
        rr.engine_room  # noqa: B018 - the lookup is what is tested


def test_import_rr_loads_no_engine() -> None:
    """``import rr`` alone imports none of the engine (each name comes on first use), so the
    ``rr`` command and ``import rr`` start quickly."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys, rr; print(sorted(m for m in sys.modules "
                               "if m.startswith('rr.')))"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", NAMES)
def test_every_public_name_has_an_example_that_runs(name: str) -> None:
    """Each name's docstring holds a ``>>>`` example written with ``import rr``, and it gives
    the output it shows."""
    obj = getattr(rr, name)
    module = importlib.import_module(obj.__module__)
    tests = doctest.DocTestFinder(recurse=False).find(obj, name, module=module, globs={})
    examples = [example for test in tests for example in test.examples]
    assert examples, f"rr.{name} has no example in its docstring"
    assert any("import rr" in example.source or ", rr" in example.source
               for example in examples), f"rr.{name}'s example does not start from import rr"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def _quick_start() -> str:
    text = (ROOT / "README.md").read_text()
    found = re.search(r"## Quick start\n.*?```python\n(.*?)```", text, re.DOTALL)
    assert found, "README.md has no quick start"
    return found.group(1)


def test_the_readme_quick_start_uses_only_import_rr_and_runs() -> None:
    """At most ten lines of code; its only import is ``import rr``; it plays a game with bots,
    scores it and audits it, and prints what the README shows."""
    block = _quick_start()
    code = [line for line in block.splitlines() if line.startswith((">>> ", "... "))]
    assert 0 < len(code) <= 10, code
    imports = [line for line in code if re.search(r"\b(import|from)\b", line)]
    assert imports == [">>> import rr"]
    for needed in ("rr.Game.new", "rr.play_out", "rr.scorepad_of", "rr.audit"):
        assert needed in block
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, "README quick start", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_the_readme_has_a_stability_policy() -> None:
    text = (ROOT / "README.md").read_text()
    assert "## Stability" in text and "semantic versioning" in text and "`rr.__all__`" in text


@pytest.mark.parametrize(("module", "extra", "package"), [
    ("rr.integrations.pettingzoo", "pettingzoo", "pettingzoo"),
    ("rr.integrations.gymnasium", "pettingzoo", "gymnasium"),
    ("rr.integrations.openspiel", "openspiel", "pyspiel"),
])
def test_an_integration_without_its_extra_names_the_extra(
        module: str, extra: str, package: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Importing an integration whose extra is missing raises MissingExtraError (an RRError,
    and still an ImportError) naming the extra and the pip command, not a bare
    ModuleNotFoundError."""
    real = builtins.__import__

    def without(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == package or name.startswith(package + "."):
            raise ModuleNotFoundError(f"No module named {package!r}", name=package)
        return real(name, *args, **kwargs)

    for loaded in [m for m in sys.modules if m == module or m.startswith("rr.integrations.")]:
        monkeypatch.delitem(sys.modules, loaded)
    monkeypatch.setattr(builtins, "__import__", without)
    with pytest.raises(MissingExtraError) as raised:
        importlib.import_module(module)
    err = raised.value
    assert isinstance(err, RRError) and isinstance(err, ImportError) and err.extra == extra
    assert str(err) == (f"{module} needs the '{extra}' extra ({package} is not installed): "
                        f"pip install 'red-rising-engine[{extra}]'")


@pytest.mark.parametrize("module", ["rr.errors", "rr.agents.interface", "rr.agents.random",
                                    "rr.agents.play", "rr.wire"])
def test_a_public_module_says_what_it_offers(module: str) -> None:
    """``__all__`` lists names the module defines, sorted as ruff sorts them."""
    loaded = importlib.import_module(module)
    offered = loaded.__all__
    assert offered and all(hasattr(loaded, name) for name in offered)
    assert all(getattr(loaded, name).__module__ == module for name in offered
               if hasattr(getattr(loaded, name), "__module__"))
