"""The version of the JSON that ``rr stdio`` and ``rr server`` speak (the *wire format*).

A change of shape — a field moved, renamed or removed in a request or an answer — is a new
version, and the version before it is still served, unchanged, for at least one release, so
that a client written against it keeps working while it is updated (docs/JSON.md, "Wire
versions", lists them). A client names the version it speaks:

* ``rr stdio``: the request field ``"wire": N``; each answer then carries ``"wire": N``;
* ``rr server``: the request header ``RR-Wire: N``; each answer then carries that header.

A request that names no version is read and answered as :data:`UNVERSIONED` — the shape of
before versions, byte for byte — and a version rr does not serve is refused in words
(``BadRequest``, naming the versions served).

>>> from rr.wire import WIRE_VERSION, SERVED, version_of
>>> WIRE_VERSION in SERVED, version_of(None), version_of(3)
(True, 2, 3)
"""

from __future__ import annotations

from rr.errors import BadRequest

__all__ = ["HEADER", "SERVED", "UNVERSIONED", "WIRE_VERSION", "version_of"]

WIRE_VERSION = 3
"""The newest version: 3, the seat answer of version 2, with the version in every answer
(``"wire"`` over ``rr stdio``, the ``RR-Wire`` header over ``rr server``)."""
UNVERSIONED = 2
"""What a request that names no version is read as: version 2, the seat answer
(``answer["view"]["pending"]``, ``answer["decision"]``) without a version in it. Served
through the 0.2 releases; from 0.3, a request must name its version."""
SERVED: tuple[int, ...] = (2, 3)
"""The versions this rr reads and answers."""
HEADER = "RR-Wire"
"""``rr server``'s request and answer header holding the version."""


def version_of(value: object) -> int:
    """The version a request names (``None``: it names none, :data:`UNVERSIONED`);
    :class:`~rr.errors.BadRequest` in words for anything else than a version served."""
    if value is None:
        return UNVERSIONED
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and value in SERVED:
        return value
    served = " and ".join(str(v) for v in SERVED)
    shown = repr(value) if isinstance(value, str) else str(value)[:40]
    raise BadRequest(f"wire version {shown} is not one this rr speaks (it speaks {served}; "
                     f"{WIRE_VERSION} is the newest)")
