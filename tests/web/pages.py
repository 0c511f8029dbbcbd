"""Driving the pages as a person does: read what is shown, click, press keys. Every wait is
bounded (:data:`WAIT`)."""

from __future__ import annotations

import re
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 20.0
"""The longest wait for a page to show something, in seconds."""

Driver = Any


def wait(driver: Driver, condition: Any, seconds: float = WAIT) -> Any:
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(condition)


def text(driver: Driver, element_id: str) -> str:
    return str(driver.find_element(By.ID, element_id).text)


def decision_number(driver: Driver) -> int:
    """The decision count the page shows ("N records · decision K")."""
    found = re.search(r"decision (\d+)", text(driver, "counts"))
    return int(found.group(1)) if found else -1


def options(driver: Driver) -> list[Any]:
    return list(driver.find_elements(By.CSS_SELECTOR, "button.option"))


def is_over(driver: Driver) -> bool:
    return bool(driver.find_element(By.ID, "end").is_displayed())


def wait_for_my_turn_or_end(driver: Driver) -> None:
    """Until the page offers this seat options, or shows the end of the game."""
    wait(driver, lambda d: (options(d) and all(b.is_enabled() for b in options(d)))
         or is_over(d))


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
