"""``made_once``: a function of one argument whose results are made once each and then read
from a dict, for the values the rules ask for several times a decision (issue #30).

``functools.cache`` does the same, but CPython 3.11 calls its wrapper through the generic
call protocol, which builds a tuple of the arguments at every call: about 1,000 machine
instructions a call, where the bound ``__getitem__`` of a dict, a method in C, reads a value
made already in about 150 (measured with cachegrind, 2026-11-27). The function made this way
is that bound method: same results, made once each (twice at worst, as ``functools.cache``,
if two threads ask for a new one at once).

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class _Made(dict[K, V]):
    """The values made so far, by argument; a missing one is made and kept."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self._make(key)
        return value


def made_once(make: Callable[[K], V]) -> Callable[[K], V]:
    """``make``, each result made once and kept (see the module): for hashable arguments
    whose results are immutable values, as ``functools.cache``."""
    return _Made(make).__getitem__
