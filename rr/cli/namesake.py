"""The other project named ``rr``: detected cheaply, so that the clash is said, not guessed.

This project is distributed as ``red-rising-engine``; on the package index ``rr`` is another
project (Runner-Reloader), whose wheel also holds a module ``rr`` (``rr/__init__.py``,
``rr/__main__.py``, ...) and a command ``rr``. Installed in the same environment, the two
write the same files: whichever is installed last owns the ``rr`` command and those shared
modules, and removing either deletes files the other needs. README.md ("Installing") says what
to do; the CLI warns on stderr (one line) when it finds such a distribution. The check reads
installed distributions' metadata by name only (a few milliseconds).
"""

from __future__ import annotations

import importlib.metadata

DISTRIBUTION = "red-rising-engine"
"""This project's distribution name on the package index (pip install red-rising-engine)."""

SUMMARY = "An exact, event-sourced rules engine for the card game Red Rising"
"""How this project's metadata begins its summary (also under its old distribution name,
``rr``, which an environment installed before the rename may still list)."""


def namesakes() -> list[str]:
    """Each installed distribution named ``rr`` that is not this project, as ``name version
    (summary)``."""
    found = []
    for dist in importlib.metadata.distributions(name="rr"):
        summary = _field(dist, "Summary")
        if not summary.startswith(SUMMARY):
            found.append(f"{_field(dist, 'Name') or 'rr'} {dist.version}"
                         + (f" ({summary})" if summary else ""))
    return found


def _field(dist: importlib.metadata.Distribution, name: str) -> str:
    """A metadata field's first value, ``""`` where the metadata has none."""
    values = dist.metadata.get_all(name) or [""]
    return str(values[0])


def warning() -> str | None:
    """The one-line warning the CLI prints when another project's ``rr`` is installed here."""
    others = namesakes()
    if not others:
        return None
    return (f"rr: warning: another project named rr is installed in this environment "
            f"({'; '.join(others)}); it writes the same module and command files as "
            f"{DISTRIBUTION}, so either may break the other: pip uninstall rr "
            f"{DISTRIBUTION}, then pip install {DISTRIBUTION} again")
