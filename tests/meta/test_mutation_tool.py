"""The mutation tester (``python -m tests.mutation``) makes the mutants it says it makes, and
its list of equivalent mutants names mutants that exist."""

from __future__ import annotations

import tomllib

from tests.mutation import (
    EQUIVALENT,
    ROOT,
    _config,
    _generate,
    focused_tests,
    modules_of,
    mutants,
    mutated,
    packages,
)

SOURCE = '''\
def f(x, xs):
    """A docstring is never mutated."""
    if x < 3 and x in xs:
        raise ValueError("no")
    y = x + 1
    return not y
'''


def test_every_kind_of_mutant_is_made() -> None:
    """Comparisons, and/or, constants ±1, +/-, not, deleted statements and return None."""
    made = {(m.kind, m.description) for m in mutants(SOURCE)}
    assert {("compare", "Lt -> LtE"), ("compare", "In -> NotIn"), ("boolop", "and -> or"),
            ("number", "3 -> 4"), ("number", "3 -> 2"), ("number", "1 -> 2"),
            ("binop", "+ -> -"), ("not", "drop not"), ("delete", "delete raise"),
            ("delete", "delete assign"), ("return", "return None")} <= made
    assert not any("docstring" in m.text or m.text.startswith('"""') for m in mutants(SOURCE))


def test_a_mutant_changes_what_the_code_does() -> None:
    """Each mutant, compiled and run, behaves differently from the original on some input."""
    def run(source: str, x: int, xs: list[int]) -> object:
        scope: dict[str, object] = {}
        exec(compile(source, "m", "exec"), scope)
        try:
            return scope["f"](x, xs)  # type: ignore[operator]
        except Exception as err:  # noqa: BLE001 - a mutant may fail in any way
            return type(err).__name__

    inputs = [(x, xs) for x in range(-1, 6) for xs in ([], [x for x in range(6)])]
    for m in mutants(SOURCE):
        changed = mutated(SOURCE, m.number)
        differs = any(run(changed, x, xs) != run(SOURCE, x, xs) for x, xs in inputs)
        assert differs or m.kind == "return", f"mutant {m} changes nothing"


def test_equivalent_mutants_exist() -> None:
    """Every mutant the equivalence list excuses is one the tester makes today, in a module
    that is configured (a stale entry would excuse nothing and hide nothing)."""
    listed = tomllib.loads(EQUIVALENT.read_text())
    held = {m for package in packages() for m in modules_of(package)}
    for module, entries in listed.items():
        assert module in held or module in _config(), module
        keys = {m.key for m in mutants((ROOT / module).read_text())}
        for entry in entries:
            assert entry["mutant"] in keys, f"{module}: no mutant {entry['mutant']!r}"
            assert len(entry["reason"]) > 30


def test_configured_modules_and_tests_exist() -> None:
    """Every configured module (or package) and focused test path exists."""
    for module, tests in _config().items():
        assert (ROOT / module).is_file() or (ROOT / module).is_dir(), module
        for path in tests:
            assert (ROOT / path).exists(), path


def test_every_module_held_to_the_score_has_focused_tests() -> None:
    """Each module of the packages the score is held to has focused tests to run."""
    held = [m for package in packages() for m in modules_of(package)]
    assert "rr/state.py" in held and "rr/cards/gold.py" in held and "rr/oracle/seed.py" in held
    assert all(focused_tests(m) for m in held), [m for m in held if not focused_tests(m)]


def test_a_mutant_in_a_function_is_met_only_by_tests_that_run_its_lines() -> None:
    """A mutant inside a function names the lines a test must execute to meet it (a compound
    statement by its header); one made at import time names none, so every test runs."""
    source = "LIMIT = 3\n\ndef f(x):\n    if x < LIMIT:\n        return x + 1\n    return 0\n"
    scopes = {(m.line, m.description): scope for m, scope in _generate(source)}
    assert scopes[(1, "3 -> 4")] == ()
    assert scopes[(4, "Lt -> LtE")] == (4,)
    assert scopes[(4, "delete if")] == (4,)
    assert scopes[(5, "+ -> -")] == (5,)
    assert scopes[(6, "return None")] == (6,)


TAILS = '''\
def f(x):
    if x:
        print(x)
        return None
    else:
        return


def g(x):
    for y in x:
        return
    return x
'''


def test_a_return_that_ends_its_function_is_not_deleted() -> None:
    """Deleting a bare ``return`` (or ``return None``) that is the last thing its function does
    — at the end of the body, or at the end of a branch that ends it — cannot change anything,
    so no such mutant is made; an early one (inside a loop) is still deleted."""
    deleted = [(m.line, m.text) for m in mutants(TAILS) if m.description == "delete return"]
    assert deleted == [(11, "return"), (12, "return x")]
