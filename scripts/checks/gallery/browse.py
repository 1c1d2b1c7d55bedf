#!/usr/bin/env python3
"""Opens a local page in headless Chromium and reports what would be wrong for a person looking at it.

    browse.py BROWSER PAGE.html SCREENSHOT.png [--width 1280] [--timeout 90]

Chromium is driven through its DevTools protocol over a pipe (--remote-debugging-pipe: file descriptors 3
and 4, messages ended by a NUL byte), so nothing but Python's standard library and the browser is needed,
and no port is opened. The page is loaded twice:

1. as it is: after the load event, every <img> must decode (a missing or corrupt file fails), and a
   full-page screenshot is written to SCREENSHOT.png;
2. reloaded with `prefers-reduced-motion: reduce`: every <img> inside a <picture> that offers a source
   for reduced motion must then show that other file (its poster), and it must decode too.

During both loads, an uncaught JavaScript exception, a console error, a browser log entry of level error
(such as "Failed to load resource"), a failed request, and any request that is neither a file in the
page's folder nor a data: URL are problems.

Standard output gets one line per problem; standard error a summary. Exit status: 0 when there is no
problem, 1 when there are problems, 2 when the browser could not be started or did not answer within
--timeout seconds (the reason is the one line on standard output).
"""

import argparse
import base64
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from urllib.parse import unquote, urlparse


class BrowserError(Exception):
    """The browser could not be driven (it exited, answered an error, or was too slow)."""


class Browser:
    """One headless Chromium process and its DevTools pipe, with every event it sent kept in order."""

    def __init__(self, binary, profile, log, timeout):
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout
        self.events = []
        self.next_id = 0
        self.buffer = b""
        # Our end writes commands into command_w; the browser reads them on its fd 3. It writes answers and
        # events on its fd 4, which is reply_w; we read reply_r.
        command_r, self.command_w = os.pipe()
        self.reply_r, reply_w = os.pipe()

        def wire_pipes():
            inbound, outbound = os.dup(command_r), os.dup(reply_w)
            os.dup2(inbound, 3)
            os.dup2(outbound, 4)

        flags = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--mute-audio",
            "--force-color-profile=srgb", "--force-device-scale-factor=1", "--remote-debugging-pipe",
            f"--user-data-dir={profile}", "about:blank",
        ]
        self.process = subprocess.Popen(
            [binary] + flags, stdin=subprocess.DEVNULL, stdout=log, stderr=log, pass_fds=(3, 4),
            preexec_fn=wire_pipes, start_new_session=True,
        )
        os.close(command_r)
        os.close(reply_w)

    def remaining(self):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise BrowserError(f"no answer from the browser within {self.timeout:g} s")
        return left

    def _read_message(self):
        """The next message from the browser (an answer or an event), waiting at most until the deadline."""
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.reply_r], [], [], self.remaining())
            if not ready:
                raise BrowserError(f"no answer from the browser within {self.timeout:g} s")
            chunk = os.read(self.reply_r, 1 << 16)
            if not chunk:
                try:
                    status = self.process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    status = "unknown"
                raise BrowserError(f"the browser closed its pipe and exited (status {status})")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        """Sends one command and returns its result; events that arrive meanwhile are kept."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.command_w, json.dumps(message).encode() + b"\0")
        while True:
            try:
                reply = self._read_message()
            except BrowserError as error:
                raise BrowserError(f"{error} (waiting for the answer to {method})") from None
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError(f"{method} failed: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method, since, what):
        """Waits until an event named `method` arrives after the first `since` events; returns it."""
        while True:
            for event in self.events[since:]:
                if event["method"] == method:
                    return event
            since = len(self.events)
            try:
                reply = self._read_message()
            except BrowserError as error:
                raise BrowserError(f"{error} (waiting for {what})") from None
            if "method" in reply:
                self.events.append(reply)

    def close(self):
        try:
            os.write(self.command_w, json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        for fd in (self.command_w, self.reply_r):
            try:
                os.close(fd)
            except OSError:
                pass


# Waits until every image has finished loading or failed, then describes each: the file it shows, whether
# that decoded, and whether a <picture> around it offers a still for reduced motion.
IMAGE_STATE = """(async () => {
  const images = [...document.images];
  const decoded = await Promise.all(images.map(image => image.decode().then(() => true, () => false)));
  return images.map((image, i) => ({
    src: image.getAttribute("src"),
    shown: decodeURIComponent(new URL(image.currentSrc || image.src).pathname),
    ok: decoded[i] && image.complete && image.naturalWidth > 0 && image.naturalHeight > 0,
    still: image.parentElement !== null && image.parentElement.tagName === "PICTURE" &&
      image.parentElement.querySelector('source[media*="prefers-reduced-motion"]') !== null,
  }));
})()"""


def evaluate(browser, session, expression):
    result = browser.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                               "returnByValue": True}, session)
    if "exceptionDetails" in result:
        raise BrowserError(f"evaluating a check in the page failed: {result['exceptionDetails'].get('text')}")
    return result["result"]["value"]


def load(browser, session, url, what):
    """Navigates (or reloads, when url is None) and waits for the load event."""
    since = len(browser.events)
    if url is None:
        browser.send("Page.reload", {"ignoreCache": True}, session)
    else:
        answer = browser.send("Page.navigate", {"url": url}, session)
        if answer.get("errorText"):
            raise BrowserError(f"could not open {url}: {answer['errorText']}")
    browser.wait_for("Page.loadEventFired", since, what)


def problems_in(events, folder):
    """Problems the browser reported through its events: errors, failed and outside requests."""
    problems = []
    urls = {}
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "")
            where = f" ({details.get('url', '')}:{details.get('lineNumber', 0) + 1})" if details.get("url") else ""
            problems.append(f"JavaScript error: {text.splitlines()[0] if text else 'unknown'}{where}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            words = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            problems.append(f"console.{params['type']}: {words}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            text = f"{entry.get('source', 'browser')} error: {entry.get('text', '')} {entry.get('url', '')}"
            problems.append(text.rstrip())
        elif method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            urls[params.get("requestId")] = url
            parsed = urlparse(url)
            if parsed.scheme == "data":
                continue
            inside = parsed.scheme == "file" and os.path.realpath(unquote(parsed.path)).startswith(folder + os.sep)
            if not inside:
                problems.append(f"requested {url}, which is not a file in the page's folder")
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            url = urls.get(params.get("requestId"), "?")
            problems.append(f"failed to load {url}: {params.get('errorText', '')}")
    return list(dict.fromkeys(problems))


def check(browser, page, screenshot, width):
    problems = []
    folder = os.path.dirname(page)
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Runtime", "Log", "Network"):
        browser.send(f"{domain}.enable", {}, session)
    browser.send("Network.setCacheDisabled", {"cacheDisabled": True}, session)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)

    load(browser, session, "file://" + page, "the page's load event")
    images = evaluate(browser, session, IMAGE_STATE)
    if not images:
        problems.append("the page shows no images")
    problems += [f"image {image['src']} did not decode" for image in images if not image["ok"]]

    # The whole page in one picture: a viewport as tall as the content.
    height = browser.send("Page.getLayoutMetrics", {}, session)["cssContentSize"]["height"]
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": min(int(height + 0.5), 16384), "deviceScaleFactor": 1, "mobile": False},
                 session)
    shot = browser.send("Page.captureScreenshot", {"format": "png"}, session)
    with open(screenshot, "wb") as file:
        file.write(base64.b64decode(shot["data"]))

    browser.send("Emulation.setEmulatedMedia",
                 {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}, session)
    load(browser, session, None, "the load event with reduced motion")
    stills = evaluate(browser, session, IMAGE_STATE)
    for image in stills:
        if not image["still"]:
            continue  # nothing else to show; the first load covered it
        if os.path.normpath(image["shown"]) == os.path.normpath(os.path.join(folder, unquote(image["src"]))):
            problems.append(f"image {image['src']}: reduced motion still shows the animation, not its poster")
        elif not image["ok"]:
            problems.append(f"image {image['src']}: its poster {os.path.relpath(image['shown'], folder)} did not decode")

    problems += problems_in(browser.events, folder)
    posters = sum(1 for image in stills if image["still"])
    print(f"browse: {len(images)} images, {posters} with a poster for reduced motion, "
          f"screenshot {width}x{int(height + 0.5)}", file=sys.stderr)
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("browser")
    parser.add_argument("page")
    parser.add_argument("screenshot")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--timeout", type=float, default=90)
    args = parser.parse_args()
    page = os.path.realpath(args.page)
    if not os.path.isfile(page):
        print(f"no page at {args.page}")
        return 2
    binary = shutil.which(args.browser)
    if not binary:
        print(f"no browser named {args.browser}")
        return 2

    # A stop from outside (timeout, Ctrl-C) still closes the browser and removes its profile.
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda number, frame: sys.exit(128 + number))
    profile = tempfile.mkdtemp(prefix="browse-profile-")
    log_path = os.path.join(profile, "browser.log")
    browser = None
    try:
        with open(log_path, "wb") as log:
            browser = Browser(binary, os.path.join(profile, "data"), log, args.timeout)
            problems = check(browser, page, args.screenshot, args.width)
    except BrowserError as error:
        last = ""
        if browser and browser.process.poll() is not None and os.path.exists(log_path):
            with open(log_path, errors="replace") as log:
                lines = [line.strip() for line in log if line.strip()]
                last = f"; its last log line: {lines[-1]}" if lines else ""
        print(f"{error}{last}")
        return 2
    finally:
        if browser:
            browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
