"""Rule coverage: every spec rule and ruling, and every card, is cited by a test; every
citation names something that exists.

Citations are the ``@pytest.mark.rule(...)`` and ``@pytest.mark.card(...)`` markers of the
test sources under tests/ and fuzz/, read with ``ast`` (``rr.oracle.coverage``), not by
running the tests. ``rr spec --coverage`` shows the same data as a table.

Rules the engine does not implement yet are not silently exempt: they are listed in
:data:`NOT_IMPLEMENTED`, which must be *exactly* the uncited ids of their areas — cite one in a
test (because it is now implemented) and the test says to take it off the list.
"""

from __future__ import annotations

from rr.cards.catalogue import catalogue
from rr.oracle.coverage import Citation, by_id, citations
from rr.oracle.spec import area_of, entries

from .spec import REPO, spec_ids

NOT_IMPLEMENTED: frozenset[str] = frozenset()
"""Spec ids the engine does not implement yet: none (the solo mode, RR-SOLO-*, is played since
issue #10)."""

NOT_IMPLEMENTED_AREAS = frozenset(area_of(i) for i in NOT_IMPLEMENTED)
"""The areas of the NOT_IMPLEMENTED ids (none)."""

TEST_ROOTS = (REPO / "tests", REPO / "fuzz")


def _citations() -> list[Citation]:
    return citations(TEST_ROOTS, base=REPO)


def _live_ids() -> set[str]:
    """Every spec id that is not retired."""
    return {i for i, title in spec_ids().items() if not title.endswith("(retired)")}


def _listing(ids: set[str] | list[str]) -> str:
    order = {i: n for n, i in enumerate(spec_ids())}
    ordered = sorted(ids, key=lambda i: (order.get(i, len(order)), i))
    return f"{len(ordered)}: " + ", ".join(ordered)


def test_every_rule_and_ruling_is_cited() -> None:
    """Every live spec id outside NOT_IMPLEMENTED is cited by a @pytest.mark.rule test."""
    cited = set(by_id(_citations(), "rule"))
    uncited = _live_ids() - cited - NOT_IMPLEMENTED
    assert not uncited, f"spec ids no test cites ({_listing(uncited)})"


def test_not_implemented_is_exactly_the_uncited_ids_of_its_areas() -> None:
    """NOT_IMPLEMENTED lists exactly the uncited ids of its areas, and only real ids."""
    assert set(spec_ids()) >= NOT_IMPLEMENTED, \
        f"NOT_IMPLEMENTED names ids that are not in the spec: {NOT_IMPLEMENTED - set(spec_ids())}"
    cited = set(by_id(_citations(), "rule"))
    uncited = {i for i in _live_ids() if area_of(i) in NOT_IMPLEMENTED_AREAS and i not in cited}
    now_cited = NOT_IMPLEMENTED - uncited
    unlisted = uncited - NOT_IMPLEMENTED
    assert not now_cited, \
        f"cited by a test now: take them off NOT_IMPLEMENTED ({_listing(now_cited)})"
    assert not unlisted, f"uncited and not listed in NOT_IMPLEMENTED ({_listing(unlisted)})"


def test_every_cited_rule_exists() -> None:
    """Every id a @pytest.mark.rule marker cites is an entry of spec/rules.md or rulings.md."""
    known = set(spec_ids())
    wrong = sorted(f"{c.id} ({c.test})" for c in _citations()
                   if c.marker == "rule" and c.id not in known)
    assert not wrong, "cited ids that are not in the spec:\n" + "\n".join(wrong)


def test_every_card_has_a_test() -> None:
    """Each of the 112 cards is cited by at least one @pytest.mark.card test."""
    cited = set(by_id(_citations(), "card"))
    missing = [c for c in catalogue() if c not in cited]
    assert len(catalogue()) == 112
    assert not missing, f"cards no test cites ({len(missing)}): {', '.join(missing)}"


def test_every_cited_card_exists() -> None:
    """Every id a @pytest.mark.card marker cites is one of the 112 card ids."""
    wrong = sorted(f"{c.id} ({c.test})" for c in _citations()
                   if c.marker == "card" and c.id not in catalogue())
    assert not wrong, "cited cards that do not exist:\n" + "\n".join(wrong)


def test_rr_spec_reads_the_same_ids_as_the_meta_parser() -> None:
    """`rr spec` (rr.oracle.spec) and tests/meta/spec.py find the same ids and titles."""
    assert {e.id: e.title for e in entries(REPO / "spec")} == spec_ids()


def test_markers_are_found() -> None:
    """The collector finds citations in the test tree (a guard against reading nothing)."""
    found = _citations()
    assert len({c.test for c in found}) > 100
    assert {c.marker for c in found} == {"rule", "card"}
