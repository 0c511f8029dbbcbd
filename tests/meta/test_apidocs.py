"""The API reference builds from the public modules' docstrings without a warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import apidocs

pytest.importorskip("pdoc", reason="the API reference needs pdoc (the docs and test extras)")


def test_the_api_reference_builds_without_warnings(tmp_path: Path) -> None:
    """`python -m tools.apidocs` writes a page per module with no warning; the pages of the
    façade and its values document what they hold."""
    assert apidocs.build(tmp_path) == []
    pages = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.html")}
    assert {"index.html", "rr.html", "rr/engine.html", "rr/decisions.html", "rr/views.html",
            "rr/agents/greedy.html"} <= pages
    assert not any(p.startswith(("rr/cli/", "rr/server/")) for p in pages)
    assert pages == {"index.html", "rr.html"} | {m.replace(".", "/") + ".html"
                                                 for m in apidocs.PUBLIC if m != "rr"}
    assert "rr/state.html" not in pages and "rr/quick_init.html" not in pages  # internal
    engine = (tmp_path / "rr" / "engine.html").read_text("utf-8")
    assert 'id="Game.new"' in engine and 'id="Game.sample_for"' in engine
    assert 'id="View"' in (tmp_path / "rr" / "views.html").read_text("utf-8")
    assert ":mod:`" not in engine and "``" not in engine
    start = (tmp_path / "rr.html").read_text("utf-8")  # the page index.html opens
    assert "Start here" in start
    for name in ("Game", "play_out", "scorepad_of", "audit", "RRError", "MissingExtraError"):
        assert f'id="{name}"' in start, name
    for module in apidocs.PUBLIC[1:]:  # the start page leads to every public module
        assert f'href="{module.replace(".", "/")}.html"' in start, module
    options = (tmp_path / "rr" / "options.html").read_text("utf-8")  # __all__'s names only
    assert 'id="Lead"' in options and 'id="pick_card"' not in options
