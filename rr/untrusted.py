"""Reading bytes nobody vouches for: files and requests from users, typed-in logs, logs from
other machines. Every reader of rr (JSON, JSON lines, msgpack) goes through these guards, so a
hostile input gets a typed error that names the problem — never a ``RecursionError``, a
``MemoryError`` or an integer-conversion ``ValueError`` from deep inside a library.

The limits are far above anything rr writes: a finished 6-player game is about 100 KB of
version 1 binary log (10 KB compressed in version 2, 60 KB once inflated) and nests 4 levels
deep; its largest integer is a seed.

Internal: not one of rr's public modules (``rr``'s docstring lists them); it may change in any
release.
"""

from __future__ import annotations

import json
import os
import re
import stat
import zlib
from pathlib import Path
from typing import Any

from rr.errors import RRError

MAX_FILE_BYTES = 32 * 2**20
"""The largest file rr reads (32 MiB): a size bomb stops here, before it is parsed."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects rr accepts in any value it reads."""
MAX_ITEMS = 10_000
"""The most elements of one msgpack array or map, and bytes of one string (a deck order has
112, a header's ruleset a dozen): a record claiming millions is a bomb, refused before the
memory is allocated."""
MAX_INT = 2**64 - 1
"""The largest integer (in absolute value) rr accepts: what msgpack can store."""
_MAX_INT_DIGITS = len(str(MAX_INT))
_SURROGATE = re.compile("[\ud800-\udfff]")
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                          "\ud800-\udfff]")
"""What :func:`printable` escapes: the C0 and C1 control characters (line breaks, carriage
return, escape sequences), the line and paragraph separators, the bidirectional controls
(which reorder what a terminal shows) and lone surrogates."""
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def read_bytes(path: str | Path, error: type[RRError]) -> bytes:
    """The bytes of the regular file at ``path`` (at most :data:`MAX_FILE_BYTES`); ``error``
    says why it cannot be read (missing, a folder, unreadable, too big, not a regular file).

    Only a regular file is read: a named pipe, a device or a socket could block for ever or
    never end. It is opened without blocking and checked before a byte is read, so a named
    pipe with no writer is refused at once rather than waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        raise error(f"cannot read {path}: {err.strerror or err}") from None
    except ValueError as err:  # a path with a NUL byte
        raise error(f"cannot read {path!r}: {err}") from None
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise error(f"cannot read {path}: it is {kind}, not a file" if kind == "a folder"
                        else f"cannot read {path}: it is {kind}, not a regular file")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as file:
            fd = -1  # the file object closes it
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise error(f"cannot read {path}: {err.strerror or err}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise error(f"{path} is larger than {MAX_FILE_BYTES // 2**20} MiB; rr reads no file "
                    "that big")
    return data


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (``None``: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    return ("a folder" if stat.S_ISDIR(mode) else "a named pipe (FIFO)" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode)
            or stat.S_ISBLK(mode) else "a special file")


def inflate(compressed: bytes, limit: int, what: str, bound: str,
            error: type[RRError]) -> bytes:
    """The zlib stream ``compressed``, decompressed — but never to more than ``limit`` bytes: a
    decompression bomb (``bound`` says what the limit is) is refused having spent no more
    memory than that. ``error`` says what is wrong (damaged, cut short, bytes after it), of
    ``what``."""
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(compressed, limit + 1)
    except zlib.error as err:
        raise error(f"{what}: its compressed data is damaged ({err})") from None
    if len(raw) > limit:
        raise error(f"{what}: it decompresses to more than {size_text(limit)}, {bound} (a "
                    "decompression bomb?)")
    if not inflater.eof:
        raise error(f"{what}: its compressed data is cut short")
    if inflater.unused_data:
        raise error(f"{what}: {len(inflater.unused_data)} bytes follow its compressed data")
    return raw


def size_text(n: int) -> str:
    """``n`` bytes, said in MiB or KiB when it is a whole number of them."""
    return (f"{n // 2**20} MiB" if n and n % 2**20 == 0 else
            f"{n // 2**10} KiB" if n and n % 2**10 == 0 else f"{n:,} bytes")


def text_of(data: bytes, what: str, error: type[RRError]) -> str:
    """``data`` as UTF-8 text, without a leading byte-order mark."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise error(f"{what} is not UTF-8 text (byte {err.start} is {data[err.start]:#04x})"
                    ) from None


def load_json(text: str, what: str, error: type[RRError]) -> Any:
    """One JSON value, checked against the limits: no nesting deeper than
    :data:`MAX_DEPTH`, no integer beyond :data:`MAX_INT`, no ``NaN`` or ``Infinity``."""
    try:
        value = json.loads(text, parse_int=_integer, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        where = (f"column {err.colno}" if err.lineno == 1
                 else f"line {err.lineno} column {err.colno}")
        raise error(f"{what} is not JSON: {err.msg} at {where}") from None
    except RecursionError:
        raise error(f"{what} is not JSON rr accepts: it nests deeper than {MAX_DEPTH} levels"
                    ) from None
    except ValueError as err:  # from _integer or _no_constant
        raise error(f"{what} is not JSON rr accepts: {err}") from None
    check_shape(value, what, error)
    return value


def check_shape(value: Any, what: str, error: type[RRError]) -> None:
    """Raise ``error`` if ``value`` (decoded JSON or msgpack) nests deeper than
    :data:`MAX_DEPTH`, holds an integer beyond :data:`MAX_INT`, or a string with a lone
    surrogate (JSON's ``"\\ud800"``: not text, and no file or terminal can take it)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            if depth > MAX_DEPTH:
                raise error(f"{what} nests deeper than {MAX_DEPTH} levels")
            children = (list(item.keys()) + list(item.values()) if isinstance(item, dict)
                        else item)
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_INT:
            raise error(f"{what} holds a number too large to be one rr wrote "
                        f"({len(str(item))} digits; the limit is {MAX_INT})")
        elif isinstance(item, str) and (lone := _SURROGATE.search(item)):
            raise error(f"{what} holds a string with a lone surrogate (\\u{ord(lone[0]):04x}): "
                        "it is not Unicode text")


def _integer(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > _MAX_INT_DIGITS or abs(int(text)) > MAX_INT:
        # Every integer beyond MAX_INT has at least 20 digits: the message shows 12.
        raise ValueError(f"the number {text[:12]}… ({len(digits)} digits) is too large; the "
                         f"limit is {MAX_INT}")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def printable(text: str) -> str:
    """``text`` fit to be shown to a person: every character that could move the cursor, redraw
    a line or reorder the text on a terminal (see :data:`_UNPRINTABLE`) is written as its
    escape (``\\n``, ``\\r``, ``\\x1b``, ``\\u202e``). Every human-readable output of rr that
    holds text taken from an input (a player's name, a file name, an error quoting what it
    read) goes through it, so a forged log cannot redraw a report."""
    return _UNPRINTABLE.sub(_escape, text)


def _escape(found: re.Match[str]) -> str:
    char = found[0]
    return _NAMED.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x100
                                else f"\\u{ord(char):04x}")
