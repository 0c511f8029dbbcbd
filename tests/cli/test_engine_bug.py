"""Every error of rr is an :class:`rr.errors.RRError`, and yet a bug in rr is never told as a
user's mistake: the CLI's handler of user mistakes (one line, exit 2) lets an
:class:`EngineBugError` through to its handler of bugs (one line naming a bug, exit 3, the
traceback with ``RR_TRACEBACK``), and ``rr server`` answers it 500."""

from __future__ import annotations

from typing import Any

import pytest

import rr.cli.cards
from rr.cli import EXIT_BUG, EXIT_USER_ERROR, main
from rr.errors import BadInputError, EngineBugError, RRError, SamplingError
from rr.server.errors import error_body, status_of


def test_every_error_is_an_rr_error() -> None:
    assert issubclass(EngineBugError, RRError) and issubclass(SamplingError, RRError)


def _failing(monkeypatch: pytest.MonkeyPatch, err: Exception) -> None:
    def run(args: Any) -> int:
        raise err
    monkeypatch.setattr(rr.cli.cards, "run", run)


def test_the_cli_tells_an_engine_bug_as_a_bug(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("RR_TRACEBACK", raising=False)
    _failing(monkeypatch, EngineBugError("the rules failed after scout: boom"))
    assert main(["cards"]) == EXIT_BUG
    err = capsys.readouterr().err
    assert err.startswith("rr cards: internal error (a bug in rr, please report it): "
                          "EngineBugError(")
    assert "boom" in err and "Traceback" not in err


def test_the_cli_tells_a_users_mistake_as_one(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    _failing(monkeypatch, BadInputError("no such file: x.json"))
    assert main(["cards"]) == EXIT_USER_ERROR
    assert capsys.readouterr().err == "rr cards: error: no such file: x.json\n"


def test_an_engine_bugs_traceback_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RR_TRACEBACK", "1")
    _failing(monkeypatch, EngineBugError("boom"))
    with pytest.raises(EngineBugError, match="boom"):
        main(["cards"])


def test_the_server_answers_an_engine_bug_500() -> None:
    """A bug is 500 (and logged), not the 422 of the other RRErrors."""
    assert status_of(EngineBugError("boom")) == 500
    assert status_of(SamplingError("none")) == 422
    assert error_body(EngineBugError("boom"))["error"]["type"] == "EngineBugError"
