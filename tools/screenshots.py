"""Make the README's screenshots of the web table in headless Chromium (issue #28).

    python -m tools.screenshots                 # into docs/screenshots/
    python -m tools.screenshots --out /tmp/s    # elsewhere

A real ``rr server`` on a temporary SQLite file, Debian's ``chromium`` and ``chromium-driver``
(as tests/web uses them), a seeded practice game of Ana against a random and a greedy bot, and
a solo game against Tull Au Toma. Each shot is taken at 1280x800 and on a 390x844 phone:

* ``table-lead`` — Ana leads: a card of her hand picked (its printed text and what it would
  score now read beside the board), a location picked, the move waiting for "confirm";
  Influence drawn on The Institute's track;
* ``table-moves`` — after Ana's move: the bots' moves told at a person's pace, what changed
  highlighted;
* ``table-solo`` — solo: Au Toma's cards drawn against the priority letters;
* ``table-games`` — the start page: the games this browser holds seats in;
* ``reference`` — the card reference page.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.harness import Server

SIZES = {"": (1280, 800), "-phone": (390, 844)}
WAIT = 20.0


def _driver(size: tuple[int, int]) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 f"--window-size={size[0]},{size[1]}", "--force-device-scale-factor=1",
                 "--lang=en-US", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # The page's own size exactly (a headless window's size includes its frame).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 500})
    return driver


def _until(driver: Any, script: str) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = driver.execute_script(script)
        if found:
            return found
        time.sleep(0.05)
    shown = driver.execute_script(
        "return document.getElementById('prompt').textContent + ' | ' +"
        " document.getElementById('pick-text').textContent + ' | ' +"
        " document.getElementById('status').textContent")
    driver.save_screenshot("/tmp/screenshots-failed.png")
    raise RuntimeError(f"the page never answered {script!r}; it shows {shown!r}")


def _click(driver: Any, css: str) -> None:
    _until(driver, f"return document.querySelector({css!r})")
    _until(driver, "return document.getElementById('decision').dataset.armed === '1'")
    from selenium.common.exceptions import (
        NoSuchElementException,
        StaleElementReferenceException,
    )

    for _ in range(5):
        try:
            driver.find_element("css selector", css).click()
            return
        except (StaleElementReferenceException, NoSuchElementException):
            time.sleep(0.1)  # redrawn between finding and clicking
    driver.save_screenshot("/tmp/screenshots-failed.png")
    raise RuntimeError(f"{css} kept being redrawn")


def _until_leading(driver: Any) -> None:
    """Answer every question but "Lead or Scout" with its first option, until Ana leads."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        state = driver.execute_script(
            "const d = document.getElementById('decision');"
            "if (d.dataset.armed !== '1') return 'wait';"
            "if (document.getElementById('prompt').textContent.startsWith('Your turn: Lead or"
            " Scout')) return 'lead';"
            "return document.querySelector('button.option') ? 'answer' : 'wait';")
        if state == "lead":
            return
        if state == "answer":
            driver.execute_script("document.getElementById('option-list').open = true")
            _click(driver, "button.option")
            _confirm(driver)
        time.sleep(0.05)
    raise RuntimeError("Ana never came to lead")


def _confirm(driver: Any) -> None:
    """Confirm the move picked, and wait for the next decision."""
    # The decision's count: kept out of sight, on the decision's box.
    before = driver.execute_script("return document.getElementById('decision').dataset.decision")
    _click(driver, "#confirm:not([hidden])")
    _until(driver, "return document.getElementById('decision').dataset.decision"
                   f" !== {before!r}"
                   " || !document.getElementById('end').hidden")


def _lead(driver: Any) -> None:
    """Ana leads by touching: a card of her hand, a location."""
    _until_leading(driver)
    _click(driver, "#hand .tcard.target")
    _click(driver, ".location.target .loc-name")
    _until(driver, "return !document.getElementById('confirm').hidden")
    # What the card read scores now, where the zoom stays open (not the phone's sheet).
    _until(driver, "return !document.querySelector('#zoom.open [data-score-now]')"
                   " || document.querySelector('#zoom [data-points]')")


def _advance(server: Server, created: dict[str, Any], leads: int) -> None:
    """Play Ana's first option of each decision through the API, ``leads`` leads."""
    token = created["seats"][0]["token"]
    url = f"{server.url}/api/games/{created['id']}"
    headers = {"authorization": f"Bearer {token}"}
    answer = httpx.get(url, headers=headers, timeout=10).json()
    while leads > 0 or answer["view"]["pending"]["ask"] != "turn":
        pending = answer["view"]["pending"]
        if pending["ask"] == "turn":
            leads -= 1
        answer = httpx.post(f"{url}/choose", headers=headers, timeout=30, json={
            "action": pending["options"][0]["action"], "decision": answer["decision"]}).json()


def shoot(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(str(Path(folder) / "games.sqlite"), Path(folder))
        try:
            for suffix, size in SIZES.items():
                for attempt in range(3):  # a redraw racing a click: start that size again
                    try:
                        made += _shots(server, out, suffix, size)
                        break
                    except Exception as err:
                        print(f"{size}: {type(err).__name__}: {str(err)[:200]}; again")
                        if attempt == 2:
                            raise
        finally:
            server.stop()
    return made


def _shots(server: Server, out: Path, suffix: str, size: tuple[int, int]) -> list[Path]:
    made = []
    created = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana", "Bo", "Cy"], "seed": 11, "practice": True,
        "bots": {"1": "random", "2": "greedy"}}, timeout=30).json()
    solo = httpx.post(f"{server.url}/api/games", json={
        "players": ["Ana"], "seed": 5, "practice": True, "solo": {"level": 3}},
        timeout=30).json()
    driver = _driver(size)
    try:
        driver.get(f"{server.url}/#game={created['id']}&token={created['seats'][0]['token']}")
        _advance(server, created, leads=2)  # two turns by the API: the board has history
        driver.refresh()
        _lead(driver)
        made.append(_save(driver, out / f"table-lead{suffix}.png"))
        _confirm(driver)
        _until_leading(driver)
        _until(driver, "return !document.getElementById('ticker').hidden")
        time.sleep(0.3)
        made.append(_save(driver, out / f"table-moves{suffix}.png"))
        driver.get(f"{server.url}/#game={solo['id']}&token={solo['seats'][0]['token']}")
        _lead(driver)
        _confirm(driver)
        _until_leading(driver)
        _until(driver, "return document.querySelector('.automa')")
        driver.find_element("css selector", "#board .location .tcard.top").click()
        time.sleep(0.3)
        made.append(_save(driver, out / f"table-solo{suffix}.png"))
        driver.get(f"{server.url}/")
        _until(driver, "return document.querySelectorAll('.game-list .whose').length >= 2 &&"
                       " ![...document.querySelectorAll('.game-list .whose')]"
                       ".some((e) => e.textContent === '…')")
        made.append(_save(driver, out / f"table-games{suffix}.png"))
        driver.get(f"{server.url}/reference")
        _until(driver, "return document.querySelectorAll('#cards [data-card]').length === 112")
        made.append(_save(driver, out / f"reference{suffix}.png"))
    finally:
        driver.quit()
    return made


def _save(driver: Any, path: Path) -> Path:
    if not driver.save_screenshot(str(path)):
        raise RuntimeError(f"no screenshot saved to {path}")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    for path in shoot(parser.parse_args().out):
        print(path)


if __name__ == "__main__":
    main()
