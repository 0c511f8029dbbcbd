"""Mutation testing: do the tests catch a mistake in a module? (issue #17)

    python -m tests.mutation rr/state.py [--tests tests/engine ...] [--sample N]
                             [--workers 2] [--timeout 120] [--out summary.json]
    python -m tests.mutation --all [--sample N]

Each *mutant* is the module with one small mistake: a comparison flipped (``<`` / ``<=``,
``==`` / ``!=``, ``in`` / ``not in``, ``is`` / ``is not``), ``and`` / ``or`` swapped, an integer
constant off by one, ``+`` / ``-`` swapped, a ``not`` dropped, a statement deleted (a check's
``raise``, an assignment, a call, a ``yield``), or a returned value replaced by ``None``. The
module's focused tests (``[tool.rr.mutation.tests]`` in pyproject.toml) run against each
mutant in a copy of the repository; the mutant is *killed* if they fail, *survives* if they
pass. The score is killed / (mutants - equivalent), where the equivalent mutants — those that
cannot change behaviour — are listed with their reason in ``tests/mutation-equivalent.toml``.

Mutants are numbered in source order; ``--sample N`` takes N of them spread evenly (every k-th),
which is how a large module is measured in minutes. Not part of the regular test run.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT = ROOT / "tests" / "mutation-equivalent.toml"

_FLIP: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}


@dataclass(frozen=True)
class Mutant:
    """One mistake: where it is, what it does."""

    number: int
    line: int
    kind: str
    description: str
    text: str
    """The source line, stripped: what the equivalence list quotes (line numbers move)."""

    @property
    def key(self) -> str:
        """How the equivalence list names it: the line's text, then what the mutant does."""
        return f"{self.text} | {self.description}"


@dataclass
class Result:
    module: str
    mutants: int = 0
    killed: int = 0
    survived: list[dict[str, object]] = field(default_factory=list)
    equivalent: list[dict[str, object]] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)

    @property
    def score(self) -> float:
        judged = self.mutants - len(self.equivalent)
        return 100.0 * self.killed / judged if judged else 100.0


class _Sites(ast.NodeVisitor):
    """Every place a mutation can be made, in source order."""

    def __init__(self) -> None:
        self.sites: list[tuple[ast.AST, str, str, object]] = []

    def visit_Compare(self, node: ast.Compare) -> None:
        for i, op in enumerate(node.ops):
            if type(op) in _FLIP:
                flipped = _FLIP[type(op)]
                self.sites.append((node, "compare", f"{type(op).__name__} -> {flipped.__name__}",
                                   i))
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        self.sites.append((node, "boolop", "and -> or" if isinstance(node.op, ast.And)
                           else "or -> and", None))
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self.sites.append((node, "not", "drop not", None))
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if isinstance(node.op, (ast.Add, ast.Sub)):
            self.sites.append((node, "binop", "+ -> -" if isinstance(node.op, ast.Add)
                               else "- -> +", None))
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            self.sites.append((node, "number", f"{node.value} -> {node.value + 1}", 1))
            self.sites.append((node, "number", f"{node.value} -> {node.value - 1}", -1))

    def visit_Return(self, node: ast.Return) -> None:
        if node.value is not None and not (isinstance(node.value, ast.Constant)
                                           and node.value.value is None):
            self.sites.append((node, "return", "return None", None))
        self.generic_visit(node)

    def generic_visit(self, node: ast.AST) -> None:
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list):
                for stmt in block:
                    if _deletable(stmt) and not (len(block) == 1 and name == "body"
                                                 and isinstance(stmt, ast.Pass)):
                        self.sites.append((stmt, "delete", f"delete {_kind(stmt)}", None))
        super().generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._visit_function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._visit_function(node)

    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        # Decorators, defaults and annotations are left alone: only the body is mutated.
        self.generic_visit(ast.Module(body=node.body, type_ignores=[]))


def _deletable(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Expr):
        value = stmt.value
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return False  # a docstring
        return True
    return isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Raise, ast.Assert,
                             ast.If, ast.For, ast.While, ast.Return))


def _kind(stmt: ast.stmt) -> str:
    if isinstance(stmt, ast.Expr):
        if isinstance(stmt.value, (ast.Yield, ast.YieldFrom)):
            return "yield"
        return "call" if isinstance(stmt.value, ast.Call) else "expression"
    return type(stmt).__name__.lower()


def _apply(tree: ast.Module, target: ast.AST, kind: str, arg: object) -> None:
    """Make the mutation at ``target`` (a node of ``tree``) in place."""
    if kind == "compare":
        assert isinstance(target, ast.Compare) and isinstance(arg, int)
        target.ops[arg] = _FLIP[type(target.ops[arg])]()
    elif kind == "boolop":
        assert isinstance(target, ast.BoolOp)
        target.op = ast.Or() if isinstance(target.op, ast.And) else ast.And()
    elif kind == "not":
        assert isinstance(target, ast.UnaryOp)
        _replace(tree, target, target.operand)
    elif kind == "binop":
        assert isinstance(target, ast.BinOp)
        target.op = ast.Sub() if isinstance(target.op, ast.Add) else ast.Add()
    elif kind == "number":
        assert isinstance(target, ast.Constant) and isinstance(arg, int)
        target.value = target.value + arg
    elif kind == "return":
        assert isinstance(target, ast.Return)
        target.value = ast.Constant(None)
    elif kind == "delete":
        _replace(tree, target, ast.Pass())


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = new
                        return
    raise ValueError("node not found")


def mutants(source: str) -> list[Mutant]:
    """The mutants of ``source``, numbered in source order."""
    return [m for m, _ in _generate(source)]


def _generate(source: str) -> Iterator[tuple[Mutant, str]]:
    sites = _Sites()
    sites.visit(ast.parse(source))
    lines = source.splitlines()
    for number, (node, kind, description, _) in enumerate(
            sorted(sites.sites, key=lambda s: (getattr(s[0], "lineno", 0),
                                               getattr(s[0], "col_offset", 0)))):
        line = getattr(node, "lineno", 0)
        text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        yield Mutant(number, line, kind, description, text), ""


def mutated(source: str, number: int) -> str:
    """``source`` with mutant ``number`` made."""
    tree = ast.parse(source)
    sites = _Sites()
    sites.visit(tree)
    ordered = sorted(sites.sites, key=lambda s: (getattr(s[0], "lineno", 0),
                                                 getattr(s[0], "col_offset", 0)))
    node, kind, _, arg = ordered[number]
    _apply(tree, node, kind, arg)
    return ast.unparse(ast.fix_missing_locations(tree))


def _config() -> dict[str, list[str]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    tests: dict[str, list[str]] = data["tool"]["rr"]["mutation"]["tests"]
    return tests


def _equivalent(module: str) -> dict[str, str]:
    if not EQUIVALENT.exists():
        return {}
    data = tomllib.loads(EQUIVALENT.read_text())
    return {entry["mutant"]: entry["reason"] for entry in data.get(module, [])}


def _copy(into: Path) -> Path:
    shutil.copytree(ROOT, into, ignore=shutil.ignore_patterns(
        ".venv", ".git", "__pycache__", "*.rrlog", ".mypy_cache", ".hypothesis", "mutants"))
    return into


def _run_tests(copy: Path, tests: list[str], timeout: float) -> bool:
    """Whether the tests pass in ``copy``."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
             "--no-header", "-o", "addopts=", *tests],
            cwd=copy, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False  # an endless loop is a caught mistake
    return done.returncode == 0


def measure(module: str, tests: list[str] | None = None, sample: int | None = None,
            workers: int = 2, timeout: float = 120.0, quiet: bool = False) -> Result:
    """Run every (or a sample of the) mutant(s) of ``module`` against its focused tests."""
    from rich.progress import Progress

    tests = tests or _config().get(module)
    if not tests:
        raise SystemExit(f"no focused tests for {module}: add them to "
                         "[tool.rr.mutation.tests] in pyproject.toml")
    source = (ROOT / module).read_text()
    every = mutants(source)
    chosen = every
    if sample is not None and sample < len(every):
        step = len(every) / sample
        chosen = [every[int(i * step)] for i in range(sample)]
    equivalent = _equivalent(module)
    result = Result(module, mutants=len(chosen), tests=tests)
    with tempfile.TemporaryDirectory(prefix="rr-mutation-") as tmp:
        copies = [_copy(Path(tmp) / f"w{i}") for i in range(max(workers, 1))]
        if not _run_tests(copies[0], tests, timeout * 3):
            raise SystemExit(f"the focused tests of {module} fail before any mutation")
        free = list(copies)

        def run(mutant: Mutant) -> tuple[Mutant, bool]:
            copy = free.pop()
            try:
                (copy / module).write_text(mutated(source, mutant.number))
                return mutant, not _run_tests(copy, tests, timeout)
            finally:
                (copy / module).write_text(source)
                free.append(copy)

        with Progress(disable=quiet) as progress:
            task = progress.add_task(f"mutating {module}", total=len(chosen))
            with ThreadPoolExecutor(max_workers=len(copies)) as pool:
                for mutant, killed in pool.map(run, chosen):
                    progress.advance(task)
                    record = asdict(mutant)
                    if mutant.key in equivalent:
                        result.equivalent.append({**record, "reason": equivalent[mutant.key]})
                    elif killed:
                        result.killed += 1
                    else:
                        result.survived.append(record)
    return result


def report(results: list[Result]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title="Mutation scores (killed / non-equivalent mutants)")
    for name in ("module", "mutants", "killed", "survived", "equivalent", "score"):
        table.add_column(name, justify="left" if name == "module" else "right")
    for r in results:
        table.add_row(r.module, str(r.mutants), str(r.killed), str(len(r.survived)),
                      str(len(r.equivalent)), f"{r.score:.1f}%")
    console.print(table)
    for r in results:
        for s in r.survived:
            console.print(f"  survived {r.module}:{s['line']} {s['text']!r} | "
                          f"{s['description']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutation",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", help="module paths, e.g. rr/state.py")
    parser.add_argument("--all", action="store_true", help="every module configured")
    parser.add_argument("--tests", nargs="*", help="the focused tests (default: configured)")
    parser.add_argument("--sample", type=int, help="run N mutants spread over the module")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--out", type=Path, help="write a JSON summary here")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = parser.parse_args(argv)
    modules = sorted(_config()) if args.all else args.modules
    if not modules:
        parser.error("name a module or --all")
    if args.list:
        for module in modules:
            for m in mutants((ROOT / module).read_text()):
                print(f"{module}:{m.line} #{m.number} {m.kind}: {m.description}")
        return 0
    results = [measure(m, args.tests, args.sample, args.workers, args.timeout)
               for m in modules]
    report(results)
    if args.out is not None:
        args.out.write_text(json.dumps(
            [{**asdict(r), "score": round(r.score, 1)} for r in results], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
