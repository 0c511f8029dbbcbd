"""The routes the pages use, over HTTP against a real ``rr server`` (no browser): the pages
and their files, the catalogue, a seat's story (in its answer), and the replay route's
views, audits and refusals."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import httpx
import pytest

from rr.events import log as logfile
from rr.events.signing import keygen, signer
from rr.knowledge import knows
from rr.state import fold
from tests.server.harness import Server
from tests.web.tamper import finished_log, tampered, unfoldable


def _replay(server: Server, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.url}/api/replay", json=body, timeout=30)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def test_pages_and_files_are_served_with_a_strict_policy(server: Server) -> None:
    """`/` and `/replay` are HTML allowing only this origin; their scripts and styles load."""
    for path, marker in (("/", "table.js"), ("/replay", "replay.js")):
        page = httpx.get(f"{server.url}{path}", timeout=10)
        assert page.status_code == 200 and marker in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]
        assert page.headers["referrer-policy"] == "no-referrer"
    for name in ("table.js", "replay.js", "common.js", "style.css", "icon.svg"):
        assert httpx.get(f"{server.url}/static/{name}", timeout=10).status_code == 200
    for escape in ("%2e%2e/app.py", "..%2fapp.py", "%2e%2e%2f%2e%2e%2fserver%2fapp.py"):
        refused = httpx.get(f"{server.url}/static/{escape}", timeout=10)
        assert refused.status_code == 404 and "import" not in refused.text, escape


def test_cards_list_every_card_with_its_colour(server: Server) -> None:
    """The catalogue the pages draw cards from: 112 cards, each with a colour name."""
    cards = httpx.get(f"{server.url}/api/cards", timeout=10).json()
    assert len(cards) == 112
    sevro = next(c for c in cards if c["id"] == "sevro")
    assert sevro["name"] == "Sevro" and sevro["color"] == "gold"


def test_story_is_the_seats_own(server: Server) -> None:
    """A seat's story (its answer's records from `since`, each with its line) names its own
    hand's cards and no card of another hand it does not know; without `since` an answer
    brings no record; a bad token or `since` is a typed refusal, and the story has no route
    of its own."""
    created = httpx.post(f"{server.url}/api/games",
                         json={"players": ["Ana", "Bo"], "seed": 4, "practice": True},
                         timeout=30).json()
    game, (ana, bo) = created["id"], [s["token"] for s in created["seats"]]
    told = httpx.get(f"{server.url}/api/games/{game}?since=0",
                     headers={"authorization": f"Bearer {ana}"}, timeout=10).json()
    mine = httpx.get(f"{server.url}/api/games/{game}",
                     headers={"authorization": f"Bearer {ana}"}, timeout=10).json()
    theirs = httpx.get(f"{server.url}/api/games/{game}",
                       headers={"authorization": f"Bearer {bo}"}, timeout=10).json()
    text = " ".join(record["text"] for record in told["new"])
    known = {c for c in mine["view"]["hand"]} | {k["card"] for k in mine["view"]["known_elsewhere"]}
    hidden = [c for c in theirs["view"]["hand"] if c not in known]
    assert told["records"] == mine["records"] == len(told["new"]) and hidden
    assert mine["new"] == [] and mine["since"] == mine["records"]
    assert {**told, "new": [], "since": None} == {**mine, "since": None}
    assert "a hidden card" in text
    from rr.cards.catalogue import catalogue
    for card in hidden:
        assert catalogue()[card].name not in text, card
        assert card not in str([record["event"] for record in told["new"]]), card
    later = httpx.get(f"{server.url}/api/games/{game}?since=10",
                      headers={"authorization": f"Bearer {ana}"}, timeout=10).json()
    assert later["new"] == told["new"][10:]
    assert httpx.get(f"{server.url}/api/games/{game}?since=0", timeout=10).status_code == 401
    for since in ("x", "-1", "99999"):
        bad = httpx.get(f"{server.url}/api/games/{game}?since={since}",
                        headers={"authorization": f"Bearer {ana}"}, timeout=10)
        assert bad.status_code in (400, 422) and bad.json()["error"]["message"], since
    assert httpx.get(f"{server.url}/api/games/{game}/story",
                     headers={"authorization": f"Bearer {ana}"}, timeout=10).status_code == 404


def test_replay_shows_each_viewer_what_it_may_see(server: Server) -> None:
    """At a record mid-game a seat sees its own hand only, a spectator none, and "all"
    every hand: as rr.views and the fold say."""
    events = finished_log()
    data = logfile.encode(events)
    at = 60
    state = fold(events[:at + 1])
    seat0 = _replay(server, {"log": _b64(data), "at": at, "seat": 0}).json()
    assert seat0["answer"]["view"]["hand"] == list(state.hand(0))
    assert [t["record"] for t in seat0["answer"]["new"]] == list(range(at + 1))
    shown0 = {c for _, stack in seat0["answer"]["view"]["locations"] for c in stack}
    assert all(knows(state, 0, c) for c in shown0 - {"?"})
    spectator = _replay(server, {"log": _b64(data), "at": at, "seat": None}).json()
    assert spectator["answer"]["view"]["hand"] is None
    everything = _replay(server, {"log": _b64(data), "at": at, "seat": "all"}).json()
    shown = everything["answer"]
    hands = [[k["card"] for k in shown["view"]["known_elsewhere"]
              if k["zone"] == {"kind": "hand", "seat": seat, "location": None}]
             for seat in range(len(state.players))]
    assert shown["everything"] and hands == [list(p.hand) for p in state.players]
    deck = sorted((k["depth"], k["card"]) for k in shown["view"]["known_elsewhere"]
                  if k["zone"]["kind"] == "deck")
    assert [card for _, card in deck] == list(reversed(state.deck))
    assert "?" not in {c for _, s in shown["view"]["locations"] for c in s}
    assert everything["records"] == len(events) and everything["audit"] is None
    assert everything["record"] == at and everything["note"]


def test_replay_audits_clean_tampered_and_signed_logs(server: Server, tmp_path: Path) -> None:
    """The audit of an upload: clean with the seed check; a flipped choice diverges where
    `rr audit` says; a signature verifies with the right key and fails on altered bytes."""
    events = finished_log()
    data = logfile.encode(events)
    private, public, fingerprint = keygen(tmp_path / "k")
    sig = signer(private)(data)
    clean = _replay(server, {"log": _b64(data), "audit": True, "signature": sig,
                             "key": public.read_text()}).json()["audit"]
    assert clean["verdict"] == "clean" and clean["outcomes"] == "seed"
    assert clean["signature"] == "verified" and clean["signed_by"] == fingerprint
    bad, record = tampered(events)
    answer = _replay(server, {"log": _b64(bad), "audit": True}).json()["audit"]
    assert answer["verdict"] == "diverged" and answer["divergence"]["record"] == record
    assert answer["divergence"]["rule_name"]
    forged = _replay(server, {"log": _b64(bad), "audit": True, "signature": sig,
                              "key": public.read_text()}).json()["audit"]
    assert forged["verdict"] == "bad_signature" and forged["signature"] == "failed"


def test_a_log_with_a_record_that_cannot_happen_opens_up_to_it(server: Server) -> None:
    """A log that decodes but records a card gained from where it is not (issue #28, point
    8): it opens at the record before, with the audit's divergence there (as `rr audit`) and
    the fold's refusal in `rr replay`'s words; every record before it steps; from it on a
    step is a typed refusal that changes nothing."""
    data, record = unfoldable(finished_log())
    answer = _replay(server, {"log": _b64(data), "audit": True, "seat": "all"})
    assert answer.status_code == 200, answer.text
    opened = answer.json()
    assert opened["record"] == record - 1 and opened["foldable"] == record
    assert opened["records"] == len(finished_log())
    assert opened["unfolded"]["record"] == record
    assert opened["unfolded"]["problem"].startswith(f"event {record}: card_gained/1: ")
    assert " is not in " in opened["unfolded"]["problem"]
    divergence = opened["audit"]["divergence"]
    assert divergence["record"] == record and divergence["rule"] == "RR-LEAD-3"
    for at in (0, record // 2, record - 1):
        assert _replay(server, {"log": _b64(data), "at": at}).json()["record"] == at
    refused = _replay(server, {"log": _b64(data), "at": record})
    assert refused.status_code == 422
    assert refused.json()["error"]["type"] == "BadInputError"
    assert opened["unfolded"]["problem"] in refused.json()["error"]["message"]


@pytest.mark.parametrize(("body", "status", "kind"), [
    ({"log": "%%%"}, 400, "BadRequest"),
    ({"log": _b64(b"\x81\xa3abc")}, 422, "CorruptLogError"),
    ({"log": _b64(b"not a log at all")}, 422, "CorruptLogError"),
    ({"log": _b64(b"")}, 422, "CorruptLogError"),
    ({"log": "", "extra": 1}, 400, "BadRequest"),
    ({"log": 5}, 400, "BadRequest"),
    ({"log": "", "seat": True}, 400, "BadRequest"),
])
def test_bad_uploads_get_typed_refusals(server: Server, body: dict[str, Any], status: int,
                                        kind: str) -> None:
    """A body or a file that is not a log is a typed 4xx with a message, never a 500."""
    answer = _replay(server, body)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["type"] == kind and answer.json()["error"]["message"]


def test_bad_steps_and_signatures_get_typed_refusals(server: Server, tmp_path: Path) -> None:
    """A record or seat out of range, half a signature check, a key that is not PEM: 422."""
    data = _b64(logfile.encode(finished_log()))
    for extra in ({"at": 10**6}, {"at": -1}, {"seat": 9}, {"audit": True, "key": "x"},
                  {"audit": True, "signature": "{}", "key": "not a key"}):
        answer = _replay(server, {"log": data, **extra})
        assert answer.status_code == 422, (extra, answer.text)
        assert answer.json()["error"]["message"]
    big = httpx.post(f"{server.url}/api/replay", content=b"x" * (5 * 2**20), timeout=30)
    assert big.status_code == 413


def test_the_pages_never_rewrite_the_servers_words() -> None:
    """The server sends finished text (names, not ids; rule ids as their own field): no script
    of the table, the replay viewer or the scorepad page rewrites a text with a regular
    expression (no ``.replace``), nor swaps names into it."""
    static = Path(__file__).resolve().parents[2] / "rr" / "server" / "static"
    table = ("table.js", "tableboard.js", "drag.js", "alerts.js", "invite.js",
             "mygames.js", "replay.js", "score.js", "common.js")  # every page's own scripts
    for script in (static / name for name in table):
        source = script.read_text("utf-8")
        for wrong in (".replace(", ".replaceAll(", "named(", "peopleText("):
            assert wrong not in source, f"{script.name} has {wrong}"


def test_the_reference_says_causes_and_ruleset_options_in_words(server: Server) -> None:
    """/api/reference names what asks a question (House Ceres for RR-HOUSE-3, with its tile's
    text) and every ruleset option with a label and an explanation in words."""
    from rr.cards.catalogue import houses
    from rr.model import House
    from rr.ruleset import Ruleset

    reference = httpx.get(f"{server.url}/api/reference", timeout=10).json()
    ceres = reference["causes"]["RR-HOUSE-3"]
    assert ceres["name"] == "House Ceres" and ceres["house"] == "ceres"
    assert ceres["text"] == houses()[House.CERES].ability
    options = {o["name"]: o for o in reference["ruleset"]}
    assert set(options) == set(Ruleset.names())
    for option in options.values():
        assert "_" not in option["label"] and option["explanation"]
        assert option["official"] == getattr(Ruleset(), option["name"])


def test_the_replay_answer_lists_every_turn(server: Server) -> None:
    """Whatever part of the story an answer tells (the last records only), it lists every
    record that starts a turn, with the seat and the turn in words: the viewer steps by turn
    and by round from it."""
    from rr.events.types import TurnStarted

    events = finished_log()
    answer = _replay(server, {"log": _b64(logfile.encode(events)), "at": 3}).json()
    starts = [(i, e.seat) for i, e in enumerate(events) if isinstance(e, TurnStarted)]
    assert [(t["record"], t["seat"]) for t in answer["turns"]] == starts
    names = answer["players"]
    assert answer["turns"][0]["text"] == f"{names[starts[0][1]]}'s turn 1"
