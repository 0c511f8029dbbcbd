"""Which tests cite which spec ids and cards, read from the test sources (nothing is run).

A test cites a rule with ``@pytest.mark.rule("RR-LEAD-3", ...)`` and a card with
``@pytest.mark.card("sevro", ...)``. The markers are found with :mod:`ast` on test functions,
test classes (their methods inherit them), module-level and class-level ``pytestmark``, and
``pytest.param(..., marks=...)`` inside a decorator. A marker argument may be a string, or a
module-level name bound to a tuple or list of strings (``*CARDS``).
"""

from __future__ import annotations

import ast
import contextlib
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from attrs import frozen

MARKERS = ("rule", "card")


@frozen
class Citation:
    """One id cited by one test."""

    marker: str
    """``rule`` or ``card``."""
    id: str
    test: str
    """``path::Class::function`` (the path relative to the root searched)."""
    line: int


def find_test_files(roots: Iterable[str | Path]) -> list[Path]:
    """Every ``test_*.py`` / ``*_test.py`` under ``roots``, sorted."""
    found: set[Path] = set()
    for root in map(Path, roots):
        if root.is_file():
            found.add(root)
            continue
        if not root.is_dir():
            continue
        for path in root.rglob("*.py"):
            if path.name.startswith("test_") or path.name.endswith("_test.py"):
                found.add(path)
    return sorted(found)


def citations(roots: Sequence[str | Path], base: str | Path | None = None) -> list[Citation]:
    """Every marker citation in the test files under ``roots`` (paths shown relative to
    ``base``, if given)."""
    out: list[Citation] = []
    for path in find_test_files(roots):
        shown = path
        if base is not None:
            with contextlib.suppress(ValueError):  # outside base: shown as given
                shown = path.resolve().relative_to(Path(base).resolve())
        out += file_citations(path.read_text("utf-8"), str(shown))
    return out


def file_citations(source: str, name: str) -> list[Citation]:
    """The citations in one test module's source."""
    tree = ast.parse(source, filename=name)
    constants = _string_sequences(tree)
    module_marks = _pytestmark(tree.body, constants)
    out: list[Citation] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            inherited = module_marks + _pytestmark(node.body, constants) + \
                _decorator_marks(node, constants)
            for item in node.body:
                if _is_test(item):
                    assert isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                    out += _cite(f"{name}::{node.name}::{item.name}", item,
                                 inherited + _decorator_marks(item, constants))
        elif _is_test(node):
            assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            out += _cite(f"{name}::{node.name}", node,
                         module_marks + _decorator_marks(node, constants))
    return out


def _is_test(node: ast.stmt) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
        node.name.startswith("test")


Mark = tuple[str, str]


def _cite(test: str, node: ast.FunctionDef | ast.AsyncFunctionDef, marks: list[Mark]
          ) -> list[Citation]:
    seen: set[Mark] = set()
    out = []
    for mark in marks:
        if mark not in seen:
            seen.add(mark)
            out.append(Citation(mark[0], mark[1], test, node.lineno))
    return out


def _string_sequences(tree: ast.Module) -> dict[str, tuple[str, ...]]:
    """Module-level ``NAME = ("a", "b")`` / ``["a", "b"]`` / ``"a"`` bindings."""
    found: dict[str, tuple[str, ...]] = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            strings = _strings(value) if value is not None else None
            for target in targets:
                if isinstance(target, ast.Name) and strings is not None:
                    found[target.id] = strings
    return found


def _strings(node: ast.expr) -> tuple[str, ...] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = [e.value for e in node.elts
                 if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return tuple(items) if len(items) == len(node.elts) else None
    return None


def _marker_name(call: ast.Call) -> str | None:
    """``rule`` for ``pytest.mark.rule(...)`` or ``mark.rule(...)``."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in MARKERS):
        return None
    owner = func.value
    if isinstance(owner, ast.Attribute) and owner.attr == "mark":
        return func.attr
    if isinstance(owner, ast.Name) and owner.id == "mark":
        return func.attr
    return None


def _marks_in(node: ast.AST, constants: Mapping[str, tuple[str, ...]]) -> list[Mark]:
    """Every ``mark.rule/card(...)`` call anywhere inside ``node``."""
    out: list[Mark] = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and (marker := _marker_name(sub)) is not None:
            for arg in sub.args:
                out += [(marker, v) for v in _arg_values(arg, constants)]
    return out


def _arg_values(arg: ast.expr, constants: Mapping[str, tuple[str, ...]]) -> Iterator[str]:
    if isinstance(arg, ast.Starred):
        arg = arg.value
    if isinstance(arg, ast.Name):
        yield from constants.get(arg.id, ())
        return
    yield from _strings(arg) or ()


def _decorator_marks(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
                     constants: Mapping[str, tuple[str, ...]]) -> list[Mark]:
    out: list[Mark] = []
    for decorator in node.decorator_list:
        out += _marks_in(decorator, constants)
    return out


def _pytestmark(body: Sequence[ast.stmt], constants: Mapping[str, tuple[str, ...]]
                ) -> list[Mark]:
    out: list[Mark] = []
    for node in body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            out += _marks_in(node.value, constants)
    return out


def by_id(found: Iterable[Citation], marker: str) -> dict[str, list[str]]:
    """``{id: [test, ...]}`` for one marker kind, tests in the order found."""
    out: dict[str, list[str]] = defaultdict(list)
    for c in found:
        if c.marker == marker and c.test not in out[c.id]:
            out[c.id].append(c.test)
    return dict(out)


def declared_set(source: str, name: str) -> tuple[str, ...] | None:
    """The strings of a module-level ``NAME = {...}`` (or tuple, list, frozenset({...}))
    binding in a Python source, or ``None`` if there is none."""
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            if isinstance(value, ast.Call):  # frozenset({...}), or frozenset(): empty
                if not value.args:
                    return ()
                value = value.args[0]
            return _strings(value)
    return None
