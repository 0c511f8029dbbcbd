"""Build the API reference from rr's docstrings with pdoc (issue #27).

    python -m tools.apidocs                 # writes docs/api/ (open docs/api/index.html)
    python -m tools.apidocs --out DIR

pdoc (the ``docs`` extra, also in ``test``: ``pip install -e '.[docs]'``) imports every module
of the ``rr`` package but the command line (``rr.cli``: its reference is ``rr COMMAND
--help``) and writes one HTML page per module, with a search box, from the docstrings as they
are written (reStructuredText). The first page, ``rr`` ("start here"), shows the names
``import rr`` gives; the modules under it are the reference for everything else. The pages
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


def modules() -> list[str]:
    """``rr`` first (its page is the start, which ``index.html`` opens: the names of
    ``rr.__all__``), then each module and subpackage of the package (which bring their own
    submodules) but the command line's. They are named one by one, as ``rr`` declares
    ``__all__``, which pdoc would otherwise read as all there is of the package."""
    import pkgutil

    import rr

    found = sorted(f"rr.{info.name}" for info in pkgutil.iter_modules(rr.__path__)
                   if info.name not in ("cli", "__main__"))
    return ["rr", *found, "!rr.cli", "!rr.cli.*"]  # pdoc's "!": leave out what matched


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
