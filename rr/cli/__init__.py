"""The ``rr`` command. Each sub-command is a module with ``add_parser`` and ``run``.

A user mistake (bad file, bad option, unknown card) prints one line on stderr and exits 2;
it never shows a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Protocol, cast

from rr.errors import RRError

COMMANDS: tuple[str, ...] = (
    "demo",
    "simulate",
    "cards",
    "score",
    "replay",
    "audit",
    "regress",
    "spec",
    "serve",
)
"""Sub-command modules under ``rr.cli``, in the order ``rr --help`` lists them."""


class Command(Protocol):
    def add_parser(self, sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"rr: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rr", description="Red Rising rules engine.")
    sub = cast("argparse._SubParsersAction[argparse.ArgumentParser]",
               parser.add_subparsers(dest="command", required=True, parser_class=_Parser))
    for name in available():
        module = cast(Command, importlib.import_module(f"rr.cli.{name}"))
        module.add_parser(sub)
    return parser


def available() -> list[str]:
    """The commands whose module is installed (a test checks that all of them are)."""
    found = []
    for name in COMMANDS:
        try:
            importlib.import_module(f"rr.cli.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"rr.cli.{name}":
                raise
            continue
        found.append(name)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    module = cast(Command, importlib.import_module(f"rr.cli.{args.command}"))
    try:
        return module.run(args)
    except RRError as err:
        print(f"rr {args.command}: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
