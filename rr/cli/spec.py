"""``rr spec [ID...]``: the spec's rule and ruling ids with their titles, or the text of each ID.

``rr spec RR-LEAD-3`` prints that rule as the spec writes it (its source, then our wording);
``rr spec RULING-B8`` a ruling (question, ruling, reason, and the ``Ruleset`` option if it is
contested). Every error rr reports names the rule it applies, by such an id. Ids are read in
any case. The spec travels with rr (a wheel carries a copy of the repository's ``spec/``).

``rr spec --coverage`` adds, for every id, the tests that cite it (``@pytest.mark.rule``),
then the ids no test cites, the ids the engine does not implement yet (the
``NOT_IMPLEMENTED`` set of tests/meta/test_coverage.py) and the cards no test cites
(``@pytest.mark.card``). The test sources are parsed, not run: ``--coverage`` needs a source
checkout, where they are looked for beside ``spec/`` unless ``--tests`` says where.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from rr.cards.catalogue import catalogue
from rr.errors import BadInputError
from rr.oracle.coverage import by_id, citations, declared_set
from rr.oracle.spec import SpecEntry, default_spec_dir, entries, entry_text, find

COVERAGE_TEST = Path("tests") / "meta" / "test_coverage.py"
"""Where the NOT_IMPLEMENTED set lives, relative to the source tree."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "spec", help="print a rule's or ruling's text, or list the spec's ids (--coverage: "
                     "and the tests citing them)",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ids", metavar="ID", nargs="*",
                        help="a rule or ruling id (RR-TURN-1, RULING-B8): print its text")
    parser.add_argument("--coverage", action="store_true",
                        help="show the tests citing each id, and what no test cites")
    parser.add_argument("--spec", metavar="DIR", default=None,
                        help="the spec folder (default: the copy rr carries, else spec/ beside "
                             "the rr package)")
    parser.add_argument("--tests", metavar="DIR", nargs="+", default=None,
                        help="test folders to read (default: tests/ and fuzz/ beside spec/)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    spec_dir = Path(args.spec) if args.spec else default_spec_dir()
    found = entries(spec_dir)
    if args.ids:
        if args.coverage:
            raise BadInputError("give ids or --coverage, not both")
        return _print_texts(args.ids, spec_dir, args.json)
    if not args.coverage:
        if args.json:
            print(json.dumps([{"id": e.id, "title": e.title, "file": e.file, "line": e.line}
                              for e in found]))
        else:
            console = Console(highlight=False)
            for e in found:
                console.print(f"{e.id:<14} {e.title}", markup=False, soft_wrap=True)
            console.print(f"{len(found)} ids", markup=False)
        return 0
    root = spec_dir.resolve().parent
    roots = [Path(t) for t in args.tests] if args.tests else [root / "tests", root / "fuzz"]
    missing = [str(t) for t in roots if not t.exists()]
    if missing:
        raise BadInputError(f"no such test folder: {', '.join(missing)}")
    report = coverage_report(found, roots, root)
    if args.json:
        print(json.dumps(report))
    else:
        _print(found, report)
    return 0


def _print_texts(ids: list[str], spec_dir: Path, as_json: bool) -> int:
    """Each id's entry, whole (all checked first: an unknown id prints nothing)."""
    chosen = [find(rule_id, spec_dir) for rule_id in ids]
    texts = [entry_text(entry, spec_dir) for entry in chosen]
    if as_json:
        print(json.dumps([{"id": e.id, "title": e.title, "file": e.file, "line": e.line,
                           "text": text} for e, text in zip(chosen, texts, strict=True)]))
    else:
        print("\n\n".join(texts))
    return 0


def coverage_report(found: list[SpecEntry], roots: list[Path], root: Path) -> dict[str, Any]:
    """Every id with the tests citing it; uncited, unknown and not-implemented ids; cards."""
    cited = citations(roots, base=root)
    rules, cards = by_id(cited, "rule"), by_id(cited, "card")
    known = {e.id for e in found}
    coverage_test = root / COVERAGE_TEST
    not_implemented: tuple[str, ...] = ()
    if coverage_test.exists():
        not_implemented = declared_set(coverage_test.read_text("utf-8"),
                                       "NOT_IMPLEMENTED") or ()
    return {
        "ids": [{"id": e.id, "title": e.title, "retired": e.retired,
                 "tests": rules.get(e.id, [])} for e in found],
        "uncited": [e.id for e in found if e.id not in rules and not e.retired],
        "unknown": sorted(set(rules) - known),
        "not_implemented": sorted(not_implemented, key=_order(found)),
        "cards": {"cited": sum(1 for c in catalogue() if c in cards),
                  "total": len(catalogue()),
                  "uncited": [c for c in catalogue() if c not in cards],
                  "unknown": sorted(set(cards) - set(catalogue()))},
    }


def _order(found: list[SpecEntry]) -> Any:
    position = {e.id: n for n, e in enumerate(found)}
    return lambda rule_id: position.get(rule_id, len(position))


def _print(found: list[SpecEntry], report: dict[str, Any]) -> None:
    console = Console(highlight=False)
    table = Table(title="Rule coverage: the tests citing each spec id", title_justify="left")
    table.add_column("id", no_wrap=True)
    table.add_column("title")
    table.add_column("tests", justify="right")
    table.add_column("cited by", overflow="fold")
    for row in report["ids"]:
        tests: list[str] = row["tests"]
        shown = ", ".join(t.split("::")[-1] for t in tests[:3]) + \
            (f", … (+{len(tests) - 3})" if len(tests) > 3 else "")
        style = "red" if not tests and not row["retired"] else None
        table.add_row(row["id"], row["title"], str(len(tests)), shown or "—", style=style)
    console.print(table)
    uncited, missing = report["uncited"], set(report["not_implemented"])
    cited = len(found) - len(uncited)
    console.print(f"{cited} of {len(found)} ids are cited by a test.")
    console.print("Not implemented yet (NOT_IMPLEMENTED): "
                  + (", ".join(report["not_implemented"]) or "none"))
    others = [i for i in uncited if i not in missing]
    console.print("Uncited (implemented, no test): " + (", ".join(others) or "none"))
    if report["unknown"]:
        console.print("Cited but not in the spec: " + ", ".join(report["unknown"]))
    cards = report["cards"]
    console.print(f"Cards: {cards['cited']} of {cards['total']} have a test.")
    if cards["uncited"]:
        console.print("Cards without a test: " + ", ".join(cards["uncited"]))
    if cards["unknown"]:
        console.print("Cited cards that do not exist: " + ", ".join(cards["unknown"]))
