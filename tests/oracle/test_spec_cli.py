"""`rr spec` and `rr spec --coverage`, and the marker collector they read tests with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rr.cli import main
from rr.oracle.coverage import by_id, citations, declared_set, file_citations, find_test_files

REPO = Path(__file__).resolve().parents[2]

SAMPLE = '''
import pytest
from pytest import mark

CARDS = ("sevro", "darrow")
pytestmark = pytest.mark.rule("RR-SETUP-1")

@pytest.mark.rule("RR-LEAD-3", "RULING-A12")
@pytest.mark.card(*CARDS)
def test_one():
    """One."""

@mark.card("judge")
def test_two():
    """Two."""

@pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.rule("RR-DIE-1"))])
def test_three(x):
    """Three."""

@pytest.mark.rule("RR-END-3")
class TestGroup:
    pytestmark = [pytest.mark.card("nero")]

    def test_inside(self):
        """Inside."""

    def helper(self):
        pass

@pytest.mark.rule("RR-END-9")
def not_a_test():
    pass
'''


def test_collector_reads_every_marker_form() -> None:
    """Decorators, mark aliases, *NAME arguments, pytestmark, pytest.param marks and test
    classes are all read; non-test functions are not."""
    found = file_citations(SAMPLE, "tests/test_sample.py")
    rules, cards = by_id(found, "rule"), by_id(found, "card")
    assert rules == {
        "RR-SETUP-1": ["tests/test_sample.py::test_one", "tests/test_sample.py::test_two",
                       "tests/test_sample.py::test_three",
                       "tests/test_sample.py::TestGroup::test_inside"],
        "RR-LEAD-3": ["tests/test_sample.py::test_one"],
        "RULING-A12": ["tests/test_sample.py::test_one"],
        "RR-DIE-1": ["tests/test_sample.py::test_three"],
        "RR-END-3": ["tests/test_sample.py::TestGroup::test_inside"],
    }
    assert cards == {"sevro": ["tests/test_sample.py::test_one"],
                     "darrow": ["tests/test_sample.py::test_one"],
                     "judge": ["tests/test_sample.py::test_two"],
                     "nero": ["tests/test_sample.py::TestGroup::test_inside"]}


def test_declared_set_reads_a_literal_set() -> None:
    """The NOT_IMPLEMENTED set is read from a test's source as literal strings."""
    source = 'NOT_IMPLEMENTED = frozenset({"RR-SOLO-1", "RR-SOLO-2"})\nOTHER = 3\n'
    assert set(declared_set(source, "NOT_IMPLEMENTED") or ()) == {"RR-SOLO-1", "RR-SOLO-2"}
    assert declared_set(source, "MISSING") is None


def test_spec_lists_ids_and_titles(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr spec` prints every id with its title, rules then rulings."""
    assert main(["spec"]) == 0
    out = capsys.readouterr().out
    assert "RR-LEAD-3" in out and "Lead: gain from another location" in out
    assert "RULING-A12" in out and out.index("RR-SETUP-1") < out.index("RULING-A1 ")


def test_spec_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr spec --json` prints every entry with its file and line."""
    assert main(["spec", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"id": "RR-SETUP-1", "file": "rules.md"}.items() <= rows[0].items()
    assert len({r["id"] for r in rows}) == len(rows) > 150


def test_spec_coverage_table(capsys: pytest.CaptureFixture[str]) -> None:
    """`rr spec --coverage` shows a table of ids and citing tests, the not-implemented ids
    and the uncited ones."""
    assert main(["spec", "--coverage"]) == 0
    out = capsys.readouterr().out
    assert "Rule coverage" in out and "RR-LEAD-3" in out
    assert "Not implemented yet (NOT_IMPLEMENTED): none" in out  # RR-SOLO-* since issue #10
    assert "Uncited (implemented, no test):" in out and "Cards:" in out


def test_spec_coverage_json_matches_the_meta_test(capsys: pytest.CaptureFixture[str]) -> None:
    """The coverage JSON names the tests citing RULING-F6 (tests/rules_extra) and reports
    the NOT_IMPLEMENTED set of tests/meta/test_coverage.py."""
    from tests.meta.test_coverage import NOT_IMPLEMENTED

    assert main(["spec", "--coverage", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["not_implemented"]) == set(NOT_IMPLEMENTED)
    f6 = next(r for r in report["ids"] if r["id"] == "RULING-F6")
    assert any(t.startswith("tests/rules_extra/") for t in f6["tests"])
    assert report["cards"]["total"] == 112


def test_spec_bad_folders(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A spec or tests folder that does not exist: one line on stderr, exit 2."""
    assert main(["spec", "--spec", str(tmp_path)]) == 2
    assert "cannot read the spec" in capsys.readouterr().err
    assert main(["spec", "--coverage", "--tests", str(tmp_path / "nope")]) == 2
    assert "no such test folder" in capsys.readouterr().err


def test_collector_cites_a_repeated_marker_once() -> None:
    """A test citing an id both through pytestmark and its own decorator cites it once."""
    source = ('import pytest\npytestmark = pytest.mark.rule("RR-SETUP-1")\n\n'
              '@pytest.mark.rule("RR-SETUP-1", "RR-SETUP-1", "RR-SETUP-2")\n'
              'def test_twice():\n    pass\n')
    found = file_citations(source, "t.py")
    assert [(c.marker, c.id, c.test, c.line) for c in found] == [
        ("rule", "RR-SETUP-1", "t.py::test_twice", 5),
        ("rule", "RR-SETUP-2", "t.py::test_twice", 5)]


def test_test_files_given_by_name_or_folder(tmp_path: Path) -> None:
    """A file given by name is read whatever its name; a folder gives its test_*.py and
    *_test.py files; a path that does not exist gives nothing."""
    (tmp_path / "sub").mkdir()
    for name in ("test_a.py", "b_test.py", "helper.py", "sub/test_c.py"):
        (tmp_path / name).write_text('import pytest\n\n@pytest.mark.rule("RR-DIE-1")\n'
                                     'def test_x():\n    pass\n')
    assert find_test_files([tmp_path]) == [tmp_path / "b_test.py", tmp_path / "sub/test_c.py",
                                           tmp_path / "test_a.py"]
    assert find_test_files([tmp_path / "helper.py", tmp_path / "nope"]) == \
        [tmp_path / "helper.py"]
    found = citations([tmp_path / "helper.py", tmp_path / "sub"], base=tmp_path)
    assert [c.test for c in found] == ["helper.py::test_x", "sub/test_c.py::test_x"]


def test_declared_set_reads_an_annotated_binding() -> None:
    """``NAME: frozenset[str] = frozenset({...})`` is read like a plain binding; an
    annotation without a value, or ``frozenset()``, is an empty or missing set."""
    source = ('NOT_IMPLEMENTED: frozenset[str] = frozenset({"RR-SOLO-1"})\n'
              'BARE: frozenset[str]\nEMPTY = frozenset()\n')
    assert declared_set(source, "NOT_IMPLEMENTED") == ("RR-SOLO-1",)
    assert declared_set(source, "BARE") is None
    assert declared_set(source, "EMPTY") == ()
