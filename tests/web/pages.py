"""Driving the pages as a person does: read what is shown, click, press keys. Every wait is
bounded (:data:`WAIT`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 20.0
"""The longest wait for a page to show something, in seconds."""

Driver = Any

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
"""axe-core 4.14.1 (MPL-2.0, its LICENSE beside it), from the npm registry (``npm pack
axe-core@4.14.1``): the tests inject it into the pages; the pages never load it."""


def serious_axe_violations(driver: Driver) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    driver.execute_script(AXE.read_text("utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations))"
        ".catch((e) => done([{id: 'axe failed', impact: 'critical', help: String(e)}]));")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def wait(driver: Driver, condition: Any, seconds: float = WAIT) -> Any:
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition)


def text(driver: Driver, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def decision_number(driver: Driver) -> int:
    """How many decisions the game shown has had (the page keeps the count out of sight, on
    the decision's box)."""
    found = driver.find_element(By.ID, "decision").get_attribute("data-decision")
    return int(found) if found else -1


def options(driver: Driver) -> list[Any]:
    return list(driver.find_elements(By.CSS_SELECTOR, "button.option"))


def is_over(driver: Driver) -> bool:
    return bool(driver.find_element(By.ID, "end").is_displayed())


def is_armed(driver: Driver) -> bool:
    """The decision shown takes clicks (a moment after it is drawn: a double click's second
    click never lands on the next decision)."""
    return driver.find_element(By.ID, "decision").get_attribute("data-armed") == "1"


def wait_for_my_turn_or_end(driver: Driver) -> None:
    """Until the page offers this seat options (and takes clicks), or shows the end."""
    wait(driver, lambda d: (options(d) and is_armed(d)) or is_over(d))


def confirm(driver: Driver) -> None:
    """Press "confirm" (shown once a move is picked) and wait for the next decision."""
    before = decision_number(driver)
    wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed())
    driver.find_element(By.ID, "confirm").click()
    wait(driver, lambda d: decision_number(d) > before or is_over(d))


def pick_from_list(driver: Driver, index: int) -> None:
    """Open the list of every option and pick one (not yet sent)."""
    if not driver.find_element(By.ID, "option-list").get_attribute("open"):
        driver.find_element(By.ID, "option-summary").click()
    options(driver)[index].click()
    wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed())


def lead_by_touch(driver: Driver, card: str | None = None, location: str | None = None
                  ) -> tuple[str, str]:
    """Touch a card of the hand then a location (the first offered of each unless named);
    the move waits for confirm. The card and location touched."""
    tiles = driver.find_elements(By.CSS_SELECTOR, "#hand .tcard.target")
    tile = next(t for t in tiles if card is None or t.get_attribute("data-card") == card)
    card = str(tile.get_attribute("data-card"))
    tile.click()
    places = driver.find_elements(By.CSS_SELECTOR, ".location.target")
    place = next(p for p in places if location is None
                 or p.get_attribute("data-location") == location)
    location = str(place.get_attribute("data-location"))
    place.find_element(By.CSS_SELECTOR, ".loc-name").click()
    wait(driver, lambda d: d.find_element(By.ID, "confirm").is_displayed())
    return card, location


def in_view(driver: Driver, css: str) -> list[bool]:
    """For each element ``css`` selects: is it wholly inside the window, as the page is
    scrolled now?"""
    return list(driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => {"
        " const r = e.getBoundingClientRect();"
        " return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight"
        " && r.right <= innerWidth; })", css))


def cards_in(driver: Driver, css: str) -> list[str]:
    """The card ids drawn inside the elements ``css`` selects."""
    return [str(e.get_attribute("data-card"))
            for e in driver.find_elements(By.CSS_SELECTOR, f"{css} [data-card]")]


def all_card_ids(driver: Driver) -> set[str]:
    return {str(e.get_attribute("data-card"))
            for e in driver.find_elements(By.CSS_SELECTOR, "[data-card]")}


def no_horizontal_scroll(driver: Driver) -> bool:
    return bool(driver.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth + 1"))


def severe_console_errors(driver: Driver) -> list[str]:
    """The browser console's errors (scripts that failed, resources not found)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def open_settings(driver: Driver) -> None:
    """Unfold the table's settings (alerts, others' moves, one-answer questions)."""
    if not driver.find_element(By.CSS_SELECTOR, "details.settings").get_attribute("open"):
        driver.find_element(By.CSS_SELECTOR, "details.settings summary").click()
