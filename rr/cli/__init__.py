"""The ``rr`` command. Each sub-command is a module with ``add_parser`` and ``run``.

Exit status, the same for every command and every input (a contract scripts may rely on):

* 0 — done; for ``audit`` and ``regress``, the logs are clean / nothing changed;
* 1 — the rules or the seed disagree with a log (``audit``, ``regress``), or games failed
  (``simulate``);
* 2 — anything unreadable or any user mistake (bad file, bad option, unknown card): one line
  on stderr, never a traceback;

Text taken from an input (a player's name, a file name, an error quoting what it read) is
shown through :func:`rr.untrusted.printable`, which escapes every control character: no log
or file can move the cursor or redraw a line of rr's output.
* 3 — rr itself failed (a bug in rr, reported in one line; ``RR_TRACEBACK=1`` shows the
  traceback). No input is meant to cause it.

Output to a pipe closed early (``rr demo | head -2``) is not an error: rr stops and exits 0 —
except where the status is a verdict (``audit``, ``regress``): those finish their checks
without printing and exit with the verdict, so ``rr audit LOG | head -1`` still fails on a
forged log.
Interrupted with Ctrl-C, rr exits 130.

Internal as Python: the command line is the interface (``rr COMMAND --help``); its modules may
change in any release.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import Protocol, cast

from rr import __version__
from rr.cli import namesake
from rr.errors import EngineBugError, RRError
from rr.untrusted import printable

COMMANDS: tuple[str, ...] = (
    "demo",
    "simulate",
    "ladder",
    "cards",
    "score",
    "replay",
    "audit",
    "ratings",
    "keygen",
    "sign",
    "regress",
    "spec",
    "stdio",
    "server",
)
"""Sub-command modules under ``rr.cli``, in the order ``rr --help`` lists them."""


class Command(Protocol):
    def add_parser(self, sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        """A usage error in one line, pointing at the command's ``--help`` (exit 2)."""
        print(f"{self.prog}: error: {_one_line(message)} (see {self.prog} --help)",
              file=sys.stderr)
        raise SystemExit(EXIT_USER_ERROR)

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: None = None) -> argparse.Namespace:
        """As argparse's, but arguments no option takes are a usage error of the command
        they were given to (``rr replay LOG --bogus`` points at ``rr replay --help``)."""
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            commands: dict[str, argparse.ArgumentParser] = next(
                (action.choices for action in self._actions
                 if isinstance(action, argparse._SubParsersAction)), {})
            where = commands.get(getattr(parsed, "command", None) or "", self)
            where.error(f"unrecognized arguments: {' '.join(extra)}")
        return parsed


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rr", description="Red Rising rules engine.")
    parser.add_argument("--version", action="version", version=f"rr {__version__}")
    sub = cast("argparse._SubParsersAction[argparse.ArgumentParser]",
               parser.add_subparsers(dest="command", required=True, parser_class=_Parser))
    for name in available():
        module = cast(Command, importlib.import_module(f"rr.cli.{name}"))
        module.add_parser(sub)
    for command in sub.choices.values():
        command.description = plain(command.description)
        for action in command._actions:
            action.help = plain(action.help)
    for choice in sub._choices_actions:
        choice.help = plain(choice.help)
    return parser


_MARKUP = (
    (re.compile(r":(?:mod|func|class|meth|attr|data|exc):`~?([^`]+)`"), r"\1"),  # Sphinx roles
    (re.compile(r"``([^`]+)``"), r"\1"),  # literals
    (re.compile(r"(\S)::$", re.MULTILINE), r"\1:"),  # "as follows::" before a literal block
)


def plain(text: str | None) -> str | None:
    """A docstring's reStructuredText markup taken out, for ``--help``: the modules' docstrings
    are also their help texts, and a terminal shows ``rr.protocol`` better as rr.protocol."""
    if text is None:
        return None
    for pattern, replacement in _MARKUP:
        text = pattern.sub(replacement, text)
    return text


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


EXIT_CLEAN, EXIT_DISAGREES, EXIT_USER_ERROR, EXIT_BUG = 0, 1, 2, 3
"""The exit statuses of every command (see the module docstring)."""


def main(argv: Sequence[str] | None = None) -> int:
    clash = namesake.warning()
    if clash is not None:
        print(clash, file=sys.stderr)
    try:
        parser = build_parser()  # imports every command: Ctrl-C may come while it does
        args = parser.parse_args(argv)
    except BrokenPipeError:  # --help into a closed pipe
        return _pipe_closed()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    module = cast(Command, importlib.import_module(f"rr.cli.{args.command}"))
    try:
        code = module.run(args)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except EngineBugError as err:  # an RRError, but no user's mistake
        return _bug(args.command, err)
    except RRError as err:
        print(f"rr {args.command}: error: {_one_line(str(err))}", file=sys.stderr)
        return EXIT_USER_ERROR
    except BrokenPipeError:
        return _pipe_closed()
    except SystemExit as stop:
        # rich ends a write to a closed pipe with SystemExit(1) (Console.on_broken_pipe,
        # stdout already pointed at /dev/null); no command of rr raises SystemExit itself.
        if stop.code == 1:
            return _pipe_closed()
        raise
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as err:  # noqa: BLE001 - the contract: one line, never a traceback
        return _bug(args.command, err)


def _bug(command: str, err: Exception) -> int:
    """A failure of rr's own, in one line (its traceback with ``RR_TRACEBACK`` set)."""
    if os.environ.get("RR_TRACEBACK"):
        raise err
    print(f"rr {command}: internal error (a bug in rr, please report it): "
          f"{_one_line(repr(err))}", file=sys.stderr)
    return EXIT_BUG


def _one_line(text: str, limit: int = 400) -> str:
    """``text`` on one line, cut at ``limit`` characters, with every control character that
    is left escaped (an error may quote what it read: a name, a file name)."""
    flat = printable(" ".join(text.split()))
    return flat if len(flat) <= limit else flat[:limit] + "…"


def _pipe_closed() -> int:
    """The reader went away: point stdout at /dev/null so the flush at exit cannot fail."""
    silence_stdout()
    return EXIT_CLEAN


def silence_stdout() -> None:
    """Send the rest of stdout to /dev/null (its reader has gone away)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout without a file descriptor (tests)
        pass


if __name__ == "__main__":
    raise SystemExit(main())
