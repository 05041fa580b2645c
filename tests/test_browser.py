"""A real browser against `paperdb serve`: home page, search, a facet and the charts page."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser import CHROMIUM_FLAGS, ensure_chromium
from tests.helpers import build_demo_db

SCREENSHOTS = Path(__file__).parent / "screenshots"
SCRIPT_ABSTRACT = "We study prompt injection: an attacker hides <script>window.pwned = 1</script> in a page."


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db_file = build_demo_db(tmp_path_factory.mktemp("browser"), SCRIPT_ABSTRACT)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "etl", "serve", "--db", db_file, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/-/versions.json", timeout=2)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail("paperdb serve did not start: " + process.stdout.read().decode(errors="replace"))
            time.sleep(0.2)
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = ensure_chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    driver.set_page_load_timeout(60)
    SCREENSHOTS.mkdir(exist_ok=True)
    yield driver
    driver.quit()


def console_errors(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def shot(driver, name: str) -> None:
    assert driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def wait_for(driver, condition, timeout: float = 20):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(condition)


def test_browse_search_facet_and_charts(server, browser):
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    assert "paperdb" in browser.title
    shot(browser, "1-home")
    assert console_errors(browser) == []

    browser.find_element(By.CSS_SELECTOR, 'a[href="/papers/papers"]').click()
    wait_for(browser, lambda d: "/papers/papers" in d.current_url)
    box = browser.find_element(By.NAME, "_search")
    box.send_keys("quantization")
    box.submit()
    wait_for(browser, lambda d: "_search=quantization" in d.current_url)
    rows = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "table.rows-and-columns tbody tr"))
    assert rows, "the search found nothing"
    shot(browser, "2-search")
    assert console_errors(browser) == []

    facet = browser.find_element(By.CSS_SELECTOR, '.facet-info[data-column="topics"] li a')
    facet.click()
    wait_for(browser, lambda d: "topics__arraycontains=" in d.current_url)
    assert browser.find_elements(By.CSS_SELECTOR, "table.rows-and-columns tbody tr")
    shot(browser, "3-facet")
    assert console_errors(browser) == []

    browser.get(server + "/papers/papers?_search=prompt+injection+attacker")
    assert browser.execute_script("return window.pwned") is None  # the stored <script> did not run
    cells = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "td.col-abstract")]
    assert any("<script>window.pwned = 1</script>" in text for text in cells)

    browser.get(server + "/")
    browser.find_element(By.LINK_TEXT, "charts").click()
    wait_for(browser, lambda d: "/-/dashboards/paperdb" in d.current_url)
    wait_for(
        browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#chart-topics svg, #chart-topics canvas")) > 0, 30
    )
    wait_for(
        browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#chart-status svg, #chart-status canvas")) > 0, 30
    )
    shot(browser, "4-charts")
    assert console_errors(browser) == []
