"""Reading bytes nobody vouches for: files and requests from users, typed-in logs, logs from
other machines. Every reader of rr (JSON, JSON lines, msgpack) goes through these guards, so a
hostile input gets a typed error that names the problem — never a ``RecursionError``, a
``MemoryError`` or an integer-conversion ``ValueError`` from deep inside a library.

The limits are far above anything rr writes: a finished 6-player game is about 100 KB of
version 1 binary log (10 KB compressed in version 2, 60 KB once inflated) and nests 4 levels
deep; its largest integer is a seed.
"""

from __future__ import annotations

import json
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


def read_bytes(path: str | Path, error: type[RRError]) -> bytes:
    """The bytes of the file at ``path`` (at most :data:`MAX_FILE_BYTES`); ``error`` says
    why it cannot be read (missing, a folder, unreadable, too big)."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise error(f"cannot read {path}: it is a folder, not a file") from None
    except OSError as err:
        raise error(f"cannot read {path}: {err.strerror or err}") from None
    except ValueError as err:  # a path with a NUL byte
        raise error(f"cannot read {path!r}: {err}") from None
    if len(data) > MAX_FILE_BYTES:
        raise error(f"{path} is larger than {MAX_FILE_BYTES // 2**20} MiB; rr reads no file "
                    "that big")
    return data


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
    :data:`MAX_DEPTH` or holds an integer beyond :data:`MAX_INT`."""
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


def _integer(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > _MAX_INT_DIGITS or abs(int(text)) > MAX_INT:
        # Every integer beyond MAX_INT has at least 20 digits: the message shows 12.
        raise ValueError(f"the number {text[:12]}… ({len(digits)} digits) is too large; the "
                         f"limit is {MAX_INT}")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")
