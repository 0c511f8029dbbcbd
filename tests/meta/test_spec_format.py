"""spec/rules.md and spec/rulings.md follow the format of spec/README.md, so tools parse them."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

import attrs
import pytest

from rr.ruleset import Ruleset

from . import spec
from .spec import RULES, RULINGS, Entry, rule_entries, ruling_entries, spec_ids

SHARED_RULES = spec.REPO.parent / "shared" / "rules"
OPTION = re.compile(r"^`(?P<name>[a-z_][a-z0-9_]*)` \(default `(?P<default>True|False)`\)")
RULING_LABELS = ("Question", "Ruling", "Reason", "Option")

# Ids the engine and its tests were written against (the brief that created spec/); they must
# keep existing with these numbers.
REQUIRED_RULES = {
    "SETUP": 7, "TURN": 2, "LEAD": 9, "SCOUT": 2, "ABIL": 8, "LOC": 1, "BONUS": 5, "DIE": 4,
    "DECK": 1, "HAND": 1, "SOV": 1, "HOUSE": 7, "BLOCK": 3, "END": 7, "VIEW": 1, "SCORE": 14,
}  # fmt: skip
REQUIRED_RULINGS = {"A": 30, "V": 1, "F": 6, "B": 5}


def _number(entry_id: str) -> tuple[str, int]:
    """(area or series, number) of an id: RR-LEAD-3 -> ("LEAD", 3), RULING-A12 -> ("A", 12)."""
    if entry_id.startswith("RULING-"):
        return entry_id[7], int(entry_id[8:])
    _, area, number = entry_id.split("-")
    return area, int(number)


@pytest.mark.parametrize("path", [RULES, RULINGS], ids=["rules", "rulings"])
def test_every_heading_is_well_formed(path: Path) -> None:
    """Every level-2 heading is `## <ID> — <title>`, with ids of the file's kind."""
    prefix = "## RR-" if path == RULES else "## RULING-"
    bad = [
        f"{path.name}:{n}: {text}"
        for n, text in spec.level2_headings(path)
        if not spec.HEADING.match(text) or not text.startswith(prefix)
    ]
    assert not bad, "malformed headings:\n" + "\n".join(bad)


def test_ids_are_unique() -> None:
    """No id appears twice across rules.md and rulings.md."""
    counts = Counter(e.id for e in rule_entries() + ruling_entries())
    assert not [i for i, c in counts.items() if c > 1]


@pytest.mark.parametrize("path", [RULES, RULINGS], ids=["rules", "rulings"])
def test_numbers_run_without_gaps(path: Path) -> None:
    """Within each area or series, ids run 1..n in file order (retired ids keep their place)."""
    by_area: dict[str, list[int]] = defaultdict(list)
    for entry in spec.entries(path):
        area, number = _number(entry.id)
        by_area[area].append(number)
    wrong = {a: ns for a, ns in by_area.items() if ns != list(range(1, len(ns) + 1))}
    assert not wrong, f"gaps or disorder: {wrong}"


def test_required_ids_exist() -> None:
    """Every id the engine was designed against (RR-SETUP-1..7, ..., RULING-A1..A30) exists."""
    ids = spec_ids()
    wanted = [f"RR-{a}-{n}" for a, top in REQUIRED_RULES.items() for n in range(1, top + 1)]
    wanted += [f"RULING-{s}{n}" for s, top in REQUIRED_RULINGS.items() for n in range(1, top + 1)]
    assert [i for i in wanted if i not in ids] == []


@pytest.mark.parametrize("entry", rule_entries(), ids=lambda e: e.id)
def test_rule_has_source_and_text(entry: Entry) -> None:
    """A rule entry is a Source: line, a blank line, then at least one paragraph."""
    body = list(entry.body)
    assert body and body[0].startswith("Source: ") and body[0] != "Source: ", entry.id
    assert len(body) >= 3 and body[1] == "" and body[2].strip(), entry.id
    assert len(entry.field("Source")) == 1, entry.id


@pytest.mark.parametrize("entry", ruling_entries(), ids=lambda e: e.id)
def test_ruling_has_question_ruling_reason(entry: Entry) -> None:
    """A ruling has one non-empty Question:, Ruling: and Reason: line and at most one Option:."""
    for label in ("Question", "Ruling", "Reason"):
        values = entry.field(label)
        assert len(values) == 1 and values[0], f"{entry.id}: {label}"
    assert len(entry.field("Option")) <= 1, entry.id
    stray = [ln for ln in entry.body if ln.strip() and not ln.startswith(RULING_LABELS)]
    assert not stray, f"{entry.id}: lines without a label: {stray}"


def _options() -> dict[str, list[tuple[str, bool]]]:
    """Ruleset field name -> [(ruling id, stated default)] for every Option: line."""
    named: dict[str, list[tuple[str, bool]]] = defaultdict(list)
    for entry in ruling_entries():
        for value in entry.field("Option"):
            match = OPTION.match(value)
            assert match, f"{entry.id}: Option: must start with `field` (default `True|False`)"
            named[match["name"]].append((entry.id, match["default"] == "True"))
    return named


def test_options_name_ruleset_fields() -> None:
    """Every Option: line names a field of rr.ruleset.Ruleset."""
    unknown = set(_options()) - set(Ruleset.names())
    assert not unknown, f"Option: names that are not Ruleset fields: {sorted(unknown)}"


def test_every_ruleset_field_is_named_once() -> None:
    """Every Ruleset field is named by the Option: line of exactly one ruling."""
    named = _options()
    counts = {f: [r for r, _ in named.get(f, [])] for f in Ruleset.names()}
    assert {f: rulings for f, rulings in counts.items() if len(rulings) != 1} == {}


def test_option_defaults_match_ruleset() -> None:
    """The default an Option: line states is the Ruleset field's default."""
    defaults = {f.name: f.default for f in attrs.fields(Ruleset)}
    wrong = [
        (ruling, name, stated)
        for name, uses in _options().items()
        for ruling, stated in uses
        if name in defaults and defaults[name] is not stated
    ]
    assert wrong == []


def test_ruleset_docstrings_name_their_ruling() -> None:
    """Each Ruleset field's docstring cites the ruling whose Option: line names that field."""
    source = (spec.REPO / "rr" / "ruleset.py").read_text("utf-8")
    for name, uses in _options().items():
        doc = re.search(rf"^\s+{name}: .*\n\s+\"\"\"(?P<doc>[^\"]*)", source, re.MULTILINE)
        assert doc and doc["doc"].startswith(f"{uses[0][0]}:"), name


def test_cross_references_resolve() -> None:
    """Every id mentioned anywhere in spec/ is the id of an entry."""
    ids = spec_ids()
    dangling = {
        f"{path.name}: {found}"
        for path in sorted(spec.SPEC_DIR.glob("*.md"))
        if path.name != "README.md"  # the README shows made-up examples (RR-LEAD-99)
        for found in spec.ID_IN_TEXT.findall(path.read_text("utf-8"))
        if found not in ids
    }
    assert not dangling, sorted(dangling)


def test_spec_ids_lists_both_files() -> None:
    """spec_ids() maps every rule and ruling id to its heading title."""
    ids = spec_ids()
    assert ids["RR-LEAD-3"] == "Lead: gain from another location"
    assert ids["RULING-A12"] == "Loan Shark's out-of-order turn"
    assert len(ids) == len(rule_entries()) + len(ruling_entries())


def _unquoted_words(text: str) -> list[str]:
    """The words of text outside quotation marks, lower-cased, punctuation dropped."""
    text = re.sub(r"\"[^\"]*\"|“[^”]*”", " ", text)
    return re.findall(r"[a-z]+", text.lower().replace("’", "'").replace("'", ""))


RUN = 10
"""Consecutive words rules.md may not share with the printed rules outside quotation marks."""


def test_rules_are_in_our_own_words() -> None:
    """No rule paragraph repeats 10 consecutive words of the printed rules outside quotes."""
    printed = [SHARED_RULES / "rulebook.txt", SHARED_RULES / "rules-reference.txt"]
    if not all(p.exists() for p in printed):
        pytest.skip("the shared rule texts are not available")
    source_words: list[str] = []
    for path in printed:
        source_words += re.findall(
            r"[a-z]+", path.read_text("utf-8").lower().replace("’", "'").replace("'", "")
        )
    runs = {tuple(source_words[i : i + RUN]) for i in range(len(source_words) - RUN + 1)}
    copied = []
    for entry in rule_entries():
        for paragraph in entry.body[2:]:
            words = _unquoted_words(paragraph)
            for i in range(len(words) - RUN + 1):
                if tuple(words[i : i + RUN]) in runs:
                    copied.append(f"{entry.id}: {' '.join(words[i : i + RUN])}")
                    break
    assert not copied, "paraphrase these:\n" + "\n".join(copied)
