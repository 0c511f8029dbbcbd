"""rr's public surface is declared: each public module (``tools.apidocs.PUBLIC``, the API
reference's pages) has an ``__all__`` whose every name exists and has a docstring, and every
other module says it is internal, in its docstring or its package's (README.md, "Stability")."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import rr
from tools.apidocs import PUBLIC

ROOT = Path(__file__).resolve().parents[2]

PENDING_ALL: set[str] = set()
"""Public modules whose ``__all__`` is to add after merge (checked once they have one)."""

PENDING_INTERNAL: set[str] = set()
"""Internal modules (and packages) whose docstring is to say so after merge."""


def pending_internal(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in PENDING_INTERNAL)

CHECKED = sorted(set(PUBLIC) - PENDING_ALL)


def every_module() -> list[str]:
    """Every module of the ``rr`` package, by its dotted name (the web table's files are not
    Python)."""
    return ["rr", *sorted(info.name for info in pkgutil.walk_packages(rr.__path__, "rr.",
                                                                      onerror=lambda _: None))]


def documented_in_source(module: ModuleType) -> set[str]:
    """The module-level names its source documents: a class or function with a docstring,
    or a value assigned with a string after it (``NAME = ...`` then a docstring, which pdoc
    shows as the value's documentation). A decorated function (cached, made once) counts by
    its source, as pdoc shows it."""
    tree = ast.parse(inspect.getsource(module))
    found = {node.name for node in tree.body
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
             and ast.get_docstring(node)}
    for node, after in zip(tree.body, tree.body[1:]):
        if not (isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            continue
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        found |= {t.id for t in targets if isinstance(t, ast.Name)}
    return found


def own_doc(value: object) -> str | None:
    """A class's or function's own docstring (not one it inherits), for a name a module
    takes from another (``rr``'s names, loaded on first use)."""
    if inspect.isclass(value):
        doc = value.__dict__.get("__doc__")
    elif inspect.isfunction(value):
        doc = value.__doc__
    else:
        return None
    return doc if isinstance(doc, str) and doc.strip() else None


@pytest.mark.parametrize("name", CHECKED)
def test_a_public_module_declares_its_names_each_documented(name: str) -> None:
    module = importlib.import_module(name)
    declared = module.__dict__.get("__all__")
    assert isinstance(declared, list) and declared, f"{name} has no __all__"
    assert len(declared) == len(set(declared)), f"{name}.__all__ repeats a name"  # ruff sorts
    missing = [n for n in declared if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ names what it does not have: {missing}"
    in_source = documented_in_source(module)
    undocumented = [n for n in declared if n != "__version__" and n not in in_source
                    and own_doc(getattr(module, n)) is None]
    assert not undocumented, f"{name}: no docstring for {undocumented}"


def test_the_pending_modules_are_public_and_the_list_shrinks_once_done() -> None:
    """Each pending module is one of the reference's; one that has its ``__all__`` now
    leaves the pending list (so that the test above checks it)."""
    assert set(PUBLIC) >= PENDING_ALL
    done = [m for m in sorted(PENDING_ALL) if "__all__" in vars(importlib.import_module(m))]
    assert not done, f"{done} declare __all__ now: take them out of PENDING_ALL"


def says_internal(name: str) -> bool:
    """Whether ``name``'s docstring, or that of a package it is in, calls it internal."""
    parts = name.split(".")
    for depth in range(len(parts), 1, -1):
        doc = importlib.import_module(".".join(parts[:depth])).__doc__ or ""
        if "internal" in doc.lower():
            return True
    return False


def test_every_other_module_says_it_is_internal() -> None:
    """A reader who opens a module that is not in the reference learns from its docstring (or
    its package's) that it is internal."""
    optional = ("rr.integrations", "rr.report.plots", "rr.bench.openspiel", "rr.bench.rl")
    silent = []
    for name in every_module():
        if name in PUBLIC or pending_internal(name) or name.endswith("__main__"):
            continue
        try:
            if not says_internal(name):
                silent.append(name)
        except ImportError:  # a module of an optional extra not installed here
            assert name.startswith(optional), name
    assert not silent, "no docstring says these are internal:\n" + "\n".join(silent)


@pytest.mark.parametrize("name", CHECKED)
def test_a_public_modules_examples_run(name: str) -> None:
    """Every example in a public module's docstrings runs and gives what it shows."""
    import doctest

    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert failed == 0, f"{name}: {failed} example(s) failed (printed above)"
