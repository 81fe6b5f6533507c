"""A headless Chromium driven through the DevTools protocol, with the standard library alone.

Chromium started with --remote-debugging-pipe reads the protocol's commands from its file
descriptor 3 and writes replies and events to its descriptor 4, each message JSON ended by a
NUL byte: no websocket, no driver to install. The tests open a page, run a few lines of
script in it to read what a person would see, collect any script error, and take a
screenshot.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
WAIT_SECONDS = 60.0


def find_browser() -> str | None:
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


# Continuous integration sets this: there, the tests that need a browser fail without one instead of
# skipping, so that a run cannot go green without them.
REQUIRED = "KATA_REQUIRE_BROWSER"


def needs_a_browser(test):
    """Skip the test where no browser is installed, unless KATA_REQUIRE_BROWSER asks for it (then it fails)."""
    if find_browser() is not None:
        return test
    if os.environ.get(REQUIRED):
        return pytest.mark.usefixtures("_the_browser_that_is_required")(test)
    return pytest.mark.skip(reason="no Chromium here (Debian: apt install chromium)")(test)


class BrowserFailed(Exception):
    pass


class Browser:
    def __init__(self, executable: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="kata-chromium-")
        commands_read, self.commands = os.pipe()
        self.replies, replies_write = os.pipe()

        def on_descriptors_3_and_4() -> None:
            os.dup2(commands_read, 3)
            os.dup2(replies_write, 4)

        flags = [
            "--headless",
            "--disable-gpu",
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            "--no-first-run",
            "--no-default-browser-check",
            "--hide-scrollbars",
        ]
        if os.geteuid() == 0:
            flags.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.process = subprocess.Popen(
            [executable, *flags, "about:blank"],
            pass_fds=(3, 4),
            preexec_fn=on_descriptors_3_and_4,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(commands_read)
        os.close(replies_write)
        self.buffer = b""
        self.next_id = 0
        self.events: list[dict] = []
        self.session: str | None = None

    def command(self, method: str, params: dict | None = None, session: bool = True) -> dict:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserFailed(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method: str) -> dict:
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        while True:
            event = self._message()
            if event.get("method") == method:
                return event
            self.events.append(event)

    def _message(self) -> dict:
        deadline = time.monotonic() + WAIT_SECONDS
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.replies], [], [], left)[0]:
                raise BrowserFailed(f"no answer from the browser within {WAIT_SECONDS:g} s")
            data = os.read(self.replies, 1 << 20)
            if not data:
                raise BrowserFailed("the browser closed its pipe")
            self.buffer += data
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def open(self, page: Path, width: int = 1400, height: int = 1000) -> float:
        """Open the page in a new tab and wait for its load event; returns the seconds it took."""
        target = self.command("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.command("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)[
            "sessionId"
        ]
        for domain in ("Page", "Runtime", "Log"):
            self.command(f"{domain}.enable")
        self.command(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        started = time.monotonic()
        self.command("Page.navigate", {"url": page.resolve().as_uri()})
        self.wait_for("Page.loadEventFired")
        self.evaluate("document.body.getBoundingClientRect().height")  # the layout, done
        return time.monotonic() - started

    def evaluate(self, expression: str) -> object:
        result = self.command("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise BrowserFailed(f"{expression!r} raised: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path) -> None:
        data = self.command("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))

    def script_errors(self) -> list[str]:
        """Every uncaught exception, console error and error logged by the page so far."""
        errors = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                errors.append(str(params.get("exceptionDetails")))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                errors.append(str(params.get("args")))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append(str(params["entry"].get("text")))
        return errors

    def close(self) -> None:
        try:
            self.command("Browser.close", session=False)
        except (BrowserFailed, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self.commands, self.replies):
            os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture
def browser():
    """A headless Chromium for one test (with needs_a_browser, which skips or fails where there is none)."""
    executable = find_browser()
    assert executable is not None
    opened = Browser(executable)
    yield opened
    opened.close()
