from __future__ import annotations

import pytest

from tests.rules.support import Stubs


@pytest.fixture
def stubs(monkeypatch: pytest.MonkeyPatch) -> Stubs:
    """Card abilities replaced by stand-ins (see :class:`tests.rules.support.Stubs`)."""
    return Stubs(monkeypatch)
