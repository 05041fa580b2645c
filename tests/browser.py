"""Headless Chromium for the browser tests: installed from Debian's packages when missing."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.apt import apt_install, one_install_at_a_time

PACKAGES = ["chromium", "chromium-driver"]


def ensure_chromium() -> tuple[str, str]:
    """Paths of chromium and chromedriver, installing Debian's packages first if need be (as root,
    which CI is). Fails with the command to run where it cannot install them itself."""
    browser, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if browser and driver:
        return browser, driver
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        pytest.fail("the browser tests need Chromium: sudo apt-get install chromium chromium-driver")
    with one_install_at_a_time():
        if not (shutil.which("chromium") and shutil.which("chromedriver")):  # (another worker may have)
            apt_install(PACKAGES)
    browser, driver = shutil.which("chromium"), shutil.which("chromedriver")
    assert browser and driver, "apt-get installed Chromium but it is not on PATH"
    return browser, driver


# Flags for a sandboxed, offline machine: no first-run UI, and none of Chromium's own network
# traffic (updates, sync, field trials) that would fail and clutter the console.
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1000",
]
