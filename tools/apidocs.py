"""Build the API reference of rr's public modules from their docstrings with pdoc.

    python -m tools.apidocs                 # writes docs/api/ (open docs/api/index.html)
    python -m tools.apidocs --out DIR

pdoc (the ``docs`` extra, also in ``test``: ``pip install -e '.[docs]'``) writes one HTML page
for each of the :data:`PUBLIC` modules, with a search box, from the docstrings as they are
written (reStructuredText). Each page shows the names of its module's ``__all__``. The first
page, ``rr`` ("start here"), shows the names ``import rr`` gives; the other public modules are
the reference for the rest. Every other module is internal (its docstring, or its package's,
says so): it is not in the reference and may change in any release. The command line's
reference is ``rr COMMAND --help``. The pages
are generated, never edited or committed (``docs/api/`` is in .gitignore). Any warning pdoc
gives (a type it cannot resolve, a module it cannot import) fails the build:
``tests/meta/test_apidocs.py`` builds it in the test suite.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


PUBLIC: tuple[str, ...] = (
    "rr",
    # the game, its decisions and options, the values they are made of
    "rr.engine", "rr.decisions", "rr.options", "rr.model", "rr.ruleset", "rr.views",
    "rr.cards.catalogue", "rr.errors",
    # the end of a game, logs, replay and audit
    "rr.rules.final", "rr.scoring.scorepad", "rr.narrate", "rr.events.log", "rr.events.types",
    "rr.oracle.audit", "rr.oracle.replay", "rr.simulate",
    # bots
    "rr.agents.interface", "rr.agents.random", "rr.agents.greedy", "rr.agents.ismcts",
    "rr.agents.flat", "rr.agents.play",
    # JSON, actions and observations, for programs and learners
    "rr.jsonforms", "rr.schemas", "rr.wire", "rr.client", "rr.actions", "rr.observation",
    "rr.integrations.gymnasium", "rr.integrations.pettingzoo", "rr.integrations.openspiel",
)
"""rr's public modules: the API reference's pages, ``rr`` (start here) first. Each declares
``__all__`` (``tests/meta/test_public_modules.py``); what they hold beyond it, and every other
module, is internal."""


def modules() -> list[str]:
    """The modules the reference shows: :data:`PUBLIC`, ``rr`` first (its page is the start,
    which ``index.html`` opens)."""
    return list(PUBLIC)


def build(out: Path) -> list[str]:
    """Write the reference into ``out``; the warnings pdoc gave (none, for a good build)."""
    import pdoc
    import pdoc.render

    pdoc.render.configure(docformat="restructuredtext", search=True, show_source=False,
                          footer_text="rr — the Red Rising rules engine")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*modules(), output_directory=out)
    return [f"{w.category.__name__}: {w.message}" for w in caught]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.apidocs",
                                     description="Build rr's API reference with pdoc.")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "api",
                        help="the folder to write (default: docs/api)")
    args = parser.parse_args(argv)
    try:
        problems = build(args.out)
    except ImportError as err:
        print(f"the API reference needs pdoc: pip install -e '.[docs]' ({err})", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"wrote {args.out / 'index.html'}" + (f" with {len(problems)} warnings"
                                                  if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
