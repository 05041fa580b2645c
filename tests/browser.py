"""Headless Chromium for the browser tests: installed from Debian's packages when missing."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

PACKAGES = ["chromium", "chromium-driver"]


def ensure_chromium() -> tuple[str, str]:
    """Paths of chromium and chromedriver, installing Debian's packages first if need be (as root,
    which CI is). Fails with the command to run where it cannot install them itself."""
    browser, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if browser and driver:
        return browser, driver
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        pytest.fail("the browser tests need Chromium: sudo apt-get install chromium chromium-driver")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, timeout=600)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *PACKAGES], check=True, env=env, timeout=900
    )
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
