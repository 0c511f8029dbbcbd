"""Argument types shared by the sub-commands; a bad value is a one-line usage error."""

from __future__ import annotations

import argparse

from rr.errors import BadInputError
from rr.ruleset import Ruleset


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return value


def ruleset_option(text: str) -> Ruleset:
    try:
        return Ruleset.parse(text)
    except BadInputError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
