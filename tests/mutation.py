"""Mutation testing: do the tests catch a mistake in a module? (issue #17)

    python -m tests.mutation rr/state.py rr/cards [--tests tests/engine ...] [--sample N]
                             [--every K] [--workers 2] [--timeout 120] [--out summary.json]
                             [--no-confirm] [--list] [--within FUNCTION]
    python -m tests.mutation --all [--every K]   # the packages held to 90%, with totals

Each *mutant* is the module with one small mistake: a comparison flipped (``<`` / ``<=``,
``==`` / ``!=``, ``in`` / ``not in``, ``is`` / ``is not``), ``and`` / ``or`` swapped, an integer
constant off by one, ``+`` / ``-`` swapped, a ``not`` dropped, a statement deleted (a check's
``raise``, an assignment, a call, a ``yield``), or a returned value replaced by ``None``. A
bare ``return`` that is the last thing its function does is never deleted (the function returns
None either way, so that mutant could only ever be equivalent). The
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
import signal
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

import pytest

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
    function: str = ""
    """The innermost function it is made in ("" at module level): what ``--within`` picks."""

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
        self.tail_returns: set[int] = set()
        """The ids of the ``return``/``return None`` statements whose deletion cannot change
        anything: each is the last thing its function does (the end of the body, or the end
        of a branch of an ``if``/``with``/``match`` that is itself the last thing), so the
        function returns None either way."""

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
                    if id(stmt) in self.tail_returns:
                        continue
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
        self._mark_tail(node.body)
        self.generic_visit(ast.Module(body=node.body, type_ignores=[]))


    def _mark_tail(self, block: list[ast.stmt]) -> None:
        last = block[-1]
        if isinstance(last, ast.Return) and (last.value is None or (
                isinstance(last.value, ast.Constant) and last.value.value is None)):
            self.tail_returns.add(id(last))
        elif isinstance(last, ast.If):
            self._mark_tail(last.body)
            if last.orelse:
                self._mark_tail(last.orelse)
        elif isinstance(last, (ast.With, ast.AsyncWith)):
            self._mark_tail(last.body)
        elif isinstance(last, ast.Match):
            for case in last.cases:
                self._mark_tail(case.body)


def _deletable(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Expr):
        value = stmt.value
        # a docstring is not deletable
        return not (isinstance(value, ast.Constant) and isinstance(value.value, str))
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


def _generate(source: str) -> Iterator[tuple[Mutant, tuple[int, ...]]]:
    """The mutants, each with the lines a test must execute to meet it (() for every test)."""
    tree = ast.parse(source)
    sites = _Sites()
    sites.visit(tree)
    parents = _parents(tree)
    lines = source.splitlines()
    for number, (node, kind, description, _) in enumerate(
            sorted(sites.sites, key=lambda s: (getattr(s[0], "lineno", 0),
                                               getattr(s[0], "col_offset", 0)))):
        line = getattr(node, "lineno", 0)
        text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        yield (Mutant(number, line, kind, description, text, _function(node, parents)),
               _scope(node, parents))


def _function(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> str:
    """The name of the innermost function ``node`` is in, or ""."""
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return node.name
    return ""


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


def _settings() -> dict[str, Any]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    settings: dict[str, Any] = data["tool"]["rr"]["mutation"]
    return settings


def _config() -> dict[str, list[str]]:
    """The focused tests, by module or by package (a key ending in "/")."""
    tests: dict[str, list[str]] = _settings()["tests"]
    return tests


def packages() -> list[str]:
    """What the mutation score is held to (``[tool.rr.mutation] packages``)."""
    listed: list[str] = _settings()["packages"]
    return listed


def modules_of(target: str) -> list[str]:
    """The modules a target names: a module itself, or every module of a package (a folder)
    that has a mutant to make."""
    path = ROOT / target
    if path.is_file():
        return [target]
    if not path.is_dir():
        raise SystemExit(f"no module or package {target}")
    found = sorted(str(p.relative_to(ROOT)) for p in path.glob("*.py"))
    return [m for m in found if mutants((ROOT / m).read_text())]


def focused_tests(module: str) -> list[str] | None:
    """A module's focused tests: its own entry, else its package's."""
    config = _config()
    if module in config:
        return config[module]
    folder = module
    while "/" in folder:
        folder = folder.rsplit("/", 1)[0]
        if folder + "/" in config:
            return config[folder + "/"]
    return None


def _equivalent(module: str) -> dict[str, str]:
    if not EQUIVALENT.exists():
        return {}
    data = tomllib.loads(EQUIVALENT.read_text())
    return {entry["mutant"]: entry["reason"] for entry in data.get(module, [])}


def _copy(into: Path) -> Path:
    shutil.copytree(ROOT, into, ignore=shutil.ignore_patterns(
        ".venv", ".git", "__pycache__", "*.rrlog", ".mypy_cache", ".hypothesis", "mutants"))
    return into


class _Tracer:
    """A pytest plugin that records, for each test, the lines of some files it executes."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files
        """The traced files: file name -> module (as the configuration names it)."""
        self.lines: dict[str, dict[str, list[int]]] = {}
        """Test -> module -> lines executed."""
        self.seconds: dict[str, float] = {}
        self._current: dict[str, set[int]] = {}

    def _call(self, frame: FrameType, event: str, arg: object) -> object:
        module = self.files.get(frame.f_code.co_filename)
        if module is None:
            return None
        lines = self._current.setdefault(module, set())

        def line(frame: FrameType, event: str, arg: object) -> object:
            if event == "line":
                lines.add(frame.f_lineno)
            return line

        return line

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Iterator[None]:
        self._current = {}
        started = time.perf_counter()
        sys.settrace(self._call)
        threading.settrace(self._call)
        try:
            yield
        finally:
            sys.settrace(None)
            threading.settrace(None)  # type: ignore[arg-type]
            self.lines[item.nodeid] = {m: sorted(ls) for m, ls in self._current.items()}
            self.seconds[item.nodeid] = time.perf_counter() - started


def _child(copy: Path, tests: list[str], timeout: float,
           trace: tuple[list[str], Path] | None = None) -> NoReturn:
    """In a forked process: run ``tests`` in ``copy`` (the first failure stops them) and exit
    with pytest's code. The parent imported pytest and hypothesis but never ``rr``, so the
    copy's ``rr`` (with the mutant in it) is what the tests import; subprocesses they start see
    it through PYTHONPATH. Hypothesis runs derandomized and without its example database, so
    every mutant meets the same examples. With ``trace`` (modules, output), the lines of those
    modules each test executes are written to output as JSON."""
    code = 99
    try:
        signal.alarm(max(1, int(timeout)))  # an endless loop dies, and counts as caught
        os.chdir(copy)
        os.environ.update(PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
        sys.dont_write_bytecode = True
        for name in list(sys.modules):
            if name.split(".")[0] in ("rr", "tests", "fuzz"):
                del sys.modules[name]
        sys.path.insert(0, str(copy))
        output = os.open(copy.parent / f"output-{copy.name}.txt" if trace else os.devnull,
                         os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(output, 1)
        os.dup2(output, 2)
        import hypothesis

        hypothesis.settings.register_profile("mutation", deadline=None, derandomize=True,
                                             database=None, print_blob=False)
        hypothesis.settings.load_profile("mutation")
        tracer = (_Tracer({str(copy / m): m for m in trace[0]}) if trace is not None
                  else None)
        code = int(pytest.main(["-x", "-q", "-p", "no:cacheprovider", "--no-header",
                                "-o", "addopts=", *tests],
                               plugins=[tracer] if tracer is not None else []))
        if tracer is not None and trace is not None:
            trace[1].write_text(json.dumps({"lines": tracer.lines, "seconds": tracer.seconds}))
    except BaseException:  # noqa: BLE001 (a mutant may raise anything; it is printed)
        import traceback

        traceback.print_exc()
    finally:
        os._exit(code)


def _preload() -> None:
    """Import, once in the parent, what every child needs and ``rr`` does not change."""
    import attrs  # noqa: F401
    import cattrs  # noqa: F401
    import hypothesis  # noqa: F401
    import msgpack  # noqa: F401


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}


def _scope(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> tuple[int, ...]:
    """The lines a test must execute for the mutant at ``node`` to make a difference, or ()
    when the mutant runs at import time (module level, class bodies): then every test can see
    it. A statement inside a function counts by its own lines; a compound statement (``if``,
    ``for``, ``while``) by its header, which runs whenever anything inside it does."""
    statement = node
    while not isinstance(statement, ast.stmt):
        if statement not in parents:
            return ()
        statement = parents[statement]
    current = node
    while current in parents:
        parent = parents[current]
        if isinstance(parent, ast.Lambda):
            break  # a lambda's body runs when the lambda is called: its statement's lines
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if current in parent.body:
                break
            return ()  # a decorator, default or annotation: evaluated at definition time
        current = parent
    else:
        return ()
    first = statement.lineno
    last = statement.end_lineno or first
    for name in ("body", "orelse", "finalbody", "handlers"):
        block = getattr(statement, name, None)
        if isinstance(block, list) and block:
            last = min(last, block[0].lineno - 1)
    return tuple(range(first, max(first, last) + 1))


def _run(jobs: list[tuple[Mutant, list[str]]], copies: list[Path], module: str,
         source: str, timeout: float, advance: Callable[[], None]) -> dict[int, bool]:
    """Run each job (a mutant and the tests to run against it), one forked child per free
    copy of the repository at a time; which mutants the tests killed."""
    killed: dict[int, bool] = {}
    pending = list(reversed(jobs))
    running: dict[int, tuple[Mutant, Path]] = {}
    free = list(copies)
    while pending or running:
        while pending and free:
            mutant, tests = pending.pop()
            copy = free.pop()
            (copy / module).write_text(mutated(source, mutant.number))
            pid = os.fork()
            if pid == 0:
                _child(copy, tests, timeout)
            running[pid] = (mutant, copy)
        pid, status = os.wait()
        mutant, copy = running.pop(pid)
        (copy / module).write_text(source)
        free.append(copy)
        killed[mutant.number] = status != 0
        advance()
    return killed


def _trace(copy: Path, modules: list[str], tests: list[str],
           timeout: float) -> tuple[list[str], dict[str, dict[str, set[int]]]]:
    """Run the focused tests on the unmutated modules, recording the lines of each module each
    test executes; they must pass. The tests come back fastest first: that is the order a
    mutant meets them, so a caught mistake is usually caught in a fraction of a second."""
    out = copy.parent / f"trace-{copy.name}.json"
    out.unlink(missing_ok=True)
    pid = os.fork()
    if pid == 0:
        _child(copy, tests, timeout, trace=(modules, out))
    _, status = os.waitpid(pid, 0)
    if status != 0 or not out.exists():
        output = (copy.parent / f"output-{copy.name}.txt").read_text()
        print("\n".join(output.splitlines()[-30:]), file=sys.stderr)
        raise SystemExit(f"the focused tests of {', '.join(modules)} fail before any "
                         f"mutation: python -m pytest {' '.join(tests)}")
    data = json.loads(out.read_text())
    order = sorted(data["lines"], key=data["seconds"].__getitem__)
    executed = {m: {test: set(data["lines"][test].get(m, ())) for test in order}
                for m in modules}
    return order, executed


def measure(module: str, tests: list[str] | None = None, sample: int | None = None,
            workers: int = 2, timeout: float = 120.0, quiet: bool = False,
            confirm: bool = True, every: int = 1, within: str | None = None) -> Result:
    """Run every (or a sample of the) mutant(s) of ``module`` against its focused tests."""
    return measure_all([module], tests, sample, workers, timeout, quiet, confirm, every,
                       within)[0]


def measure_all(modules: list[str], tests: list[str] | None = None, sample: int | None = None,
                workers: int = 2, timeout: float = 120.0, quiet: bool = False,
                confirm: bool = True, every: int = 1,
                within: str | None = None) -> list[Result]:
    """Run every (or a sample of the) mutant(s) of each module against its focused tests
    (``within``: only those made inside the functions of that name).

    The focused tests first run once on the unmutated modules (once for all the modules that
    share them), recording which lines each test executes. A mutant then runs only the tests
    that execute its lines (all of them, if it is made at import time); one it survives is run
    again against all the focused tests when ``confirm`` (the default), so the verdicts are
    those of running every focused test against every mutant, at a fraction of the cost."""
    from rich.progress import Progress

    focused: dict[str, list[str]] = {}
    for module in modules:
        found = tests or focused_tests(module)
        if not found:
            raise SystemExit(f"no focused tests for {module}: add them to "
                             "[tool.rr.mutation.tests] in pyproject.toml")
        focused[module] = found
    results: dict[str, Result] = {}
    _preload()
    with tempfile.TemporaryDirectory(prefix="rr-mutation-") as tmp, \
            Progress(disable=quiet, auto_refresh=False) as progress:
        copies = [_copy(Path(tmp) / f"w{i}") for i in range(max(workers, 1))]
        groups: dict[tuple[str, ...], list[str]] = {}
        for module in modules:
            groups.setdefault(tuple(focused[module]), []).append(module)
        for group_tests, group in groups.items():
            order, executed = _trace(copies[0], group, list(group_tests), timeout * 5)
            for module in group:
                results[module] = _measure_one(module, list(group_tests), order,
                                               executed[module], copies, sample, every,
                                               timeout, confirm, progress, within)
    return [results[m] for m in modules]


def _measure_one(module: str, tests: list[str], order: list[str],
                 executed: dict[str, set[int]], copies: list[Path], sample: int | None,
                 every: int, timeout: float, confirm: bool, progress: Any,
                 within: str | None = None) -> Result:
    source = (ROOT / module).read_text()
    made = [(m, scope) for m, scope in _generate(source)
            if within is None or m.function == within]
    chosen = made
    if sample is not None and sample < len(made):
        step = len(made) / sample
        chosen = [made[int(i * step)] for i in range(sample)]
    chosen = chosen[::max(every, 1)]
    equivalent = _equivalent(module)
    result = Result(module, mutants=len(chosen), tests=tests)
    jobs: list[tuple[Mutant, list[str]]] = []
    narrowed: set[int] = set()
    unexecuted: set[int] = set()
    for mutant, scope in chosen:
        if not scope:
            jobs.append((mutant, tests))
            continue
        lines = set(scope)
        selected = [test for test in order if lines & executed[test]]
        if selected:
            jobs.append((mutant, selected))
            if len(selected) < len(order):
                narrowed.add(mutant.number)
        else:
            unexecuted.add(mutant.number)
    task = progress.add_task(f"mutating {module}", total=len(chosen))

    def advance() -> None:
        progress.advance(task)
        progress.refresh()

    for _ in unexecuted:
        advance()
    killed = _run(jobs, copies, module, source, timeout, advance)
    if confirm:
        again = [(m, tests) for m, _ in chosen
                 if not killed.get(m.number) and m.key not in equivalent
                 and (m.number in unexecuted or m.number in narrowed)]
        if again:
            task = progress.add_task(f"  confirming {len(again)} survivors with every "
                                     "focused test", total=len(again))
            killed.update(_run(again, copies, module, source, timeout, advance))
    for mutant, _ in chosen:
        record = asdict(mutant)
        if mutant.key in equivalent:
            result.equivalent.append({**record, "reason": equivalent[mutant.key]})
        elif killed.get(mutant.number):
            result.killed += 1
        else:
            if mutant.number in unexecuted:
                record["note"] = "no focused test executes this line"
            result.survived.append(record)
    return result


def _package(module: str) -> str:
    for package in packages():
        if module == package or module.startswith(package.rstrip("/") + "/"):
            return package
    return module


def report(results: list[Result]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title="Mutation scores (killed / non-equivalent mutants)")
    for name in ("module", "mutants", "killed", "survived", "equivalent", "score"):
        table.add_column(name, justify="left" if name == "module" else "right")

    def row(name: str, rs: list[Result], style: str | None = None) -> None:
        made = sum(r.mutants for r in rs)
        killed = sum(r.killed for r in rs)
        equivalent = sum(len(r.equivalent) for r in rs)
        judged = made - equivalent
        score = 100.0 * killed / judged if judged else 100.0
        table.add_row(name, str(made), str(killed), str(sum(len(r.survived) for r in rs)),
                      str(equivalent), f"{score:.1f}%", style=style)

    by_package: dict[str, list[Result]] = {}
    for r in results:
        by_package.setdefault(_package(r.module), []).append(r)
    for package, rs in by_package.items():
        for r in rs:
            row(r.module, [r])
        if len(rs) > 1 or rs[0].module != package:
            row(f"{package} (package)", rs, style="bold")
        table.add_section()
    console.print(table)
    for r in results:
        for s in r.survived:
            note = f"  ({s['note']})" if "note" in s else ""
            console.print(f"  survived {r.module}:{s['line']} {s['text']!r} | "
                          f"{s['description']}{note}", highlight=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutation",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*",
                        help="modules or packages, e.g. rr/state.py or rr/cards")
    parser.add_argument("--all", action="store_true",
                        help="every package the score is held to ([tool.rr.mutation] packages)")
    parser.add_argument("--every", type=int, default=1,
                        help="run every K-th mutant of each module (a sample of 1/K)")
    parser.add_argument("--tests", nargs="*", help="the focused tests (default: configured)")
    parser.add_argument("--sample", type=int, help="run N mutants spread over the module")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--out", type=Path, help="write a JSON summary here")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--within", metavar="FUNCTION",
                        help="only the mutants made inside the functions of this name")
    parser.add_argument("--no-confirm", action="store_true",
                        help="do not rerun survivors against every focused test (faster; a "
                             "mutant only a test that runs rr in a subprocess catches may "
                             "then be reported as surviving)")
    args = parser.parse_args(argv)
    targets = packages() if args.all else args.modules
    modules = [m for target in targets for m in modules_of(target)]
    if not modules:
        parser.error("name a module or --all")
    if args.list:
        for module in modules:
            for m in mutants((ROOT / module).read_text()):
                if args.within is None or m.function == args.within:
                    print(f"{module}:{m.line} #{m.number} {m.kind}: {m.description}")
        return 0
    results = measure_all(modules, args.tests, args.sample, args.workers, args.timeout,
                          confirm=not args.no_confirm, every=args.every, within=args.within)
    report(results)
    if args.out is not None:
        args.out.write_text(json.dumps(
            [{**asdict(r), "score": round(r.score, 1)} for r in results], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
