#!/usr/bin/env python3
"""The web inspector in a real browser: the system Chromium, headless, driven over its
DevTools pipe (--remote-debugging-pipe), with nothing but Python's standard library.

    Scripts/browser-check.py XTREE_CLI [--screenshot-only]

Checks the page 'tree --format html' writes and the page 'web' serves: the nodes are in the
DOM, the path is highlighted, searches highlight the nodes the search grammar table says
(Tests/Fixtures/where-grammar.json), expanding works, a typed link is applied and its path
highlighted, hostile names inject nothing, and the server refuses a missing token and a
foreign Host; and that no page ever has a script error or an uncaught exception (a refusal the
page provokes on purpose is an answer, not an exception). Measures the first render and one
expand of a 100,000-node tree, and on a live page of 100,000 nodes (an app 'xtree-bench
--serve-live' serves, the xtree-bench beside XTREE_CLI), the bytes a one-node change sends
and the time from the change in the app to its row drawn; on one of 20,000 nodes, the first
tree drawn and a typed link answered, against 'open --attach'. Screenshots
of each state, light and dark, go to .build/web/. With --screenshot-only, refreshes
Docs/web-inspector.png and stops.
"""
import base64
import http.client
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, ".build", "web")
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)
    return condition


class Browser:
    """One headless Chromium and one page, spoken to in DevTools protocol messages, each
    JSON ended by a NUL byte, over file descriptors 3 (to the browser) and 4 (from it)."""

    def __init__(self):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            sys.exit("error: chromium not found (apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="xtree-chromium-")
        to_browser, self.commands = os.pipe()
        self.replies, from_browser = os.pipe()

        def descriptors():
            # Copied out of the way first: either end may already be 3 or 4, and copies made
            # by dup2 stay open across exec.
            reading, writing = os.dup(to_browser), os.dup(from_browser)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        arguments = [chromium, "--headless=new", "--remote-debugging-pipe", "--no-first-run",
                     "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
                     "--hide-scrollbars", f"--user-data-dir={self.profile}", "--window-size=1280,800"]
        if os.geteuid() == 0:
            arguments.append("--no-sandbox")
        self.process = subprocess.Popen(arguments, preexec_fn=descriptors, close_fds=False,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        # Script errors and uncaught exceptions, as the page reported them, until checked.
        self.exceptions = []
        # The status of every response a page received, as (session, address, status).
        self.statuses = []
        self.addresses = {}
        self.early = {}
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)
        self.call("Network.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}, session=True)

    def call(self, method, params=None, session=False, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session if session is True else session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise TimeoutError(method)

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser went away")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(message)
        # Statuses by page (session) and address. A response the browser withholds from the page
        # (a no-cors fetch that Cross-Origin-Resource-Policy blocks) has its status only in the
        # extra information, which the network service may send before the request's own event.
        method, params = message.get("method"), message.get("params", {})
        key = (message.get("sessionId"), params.get("requestId"))
        if method == "Network.requestWillBeSent":
            self.addresses[key] = params["request"]["url"]
            for status in self.early.pop(key, []):
                self.statuses.append((key[0], self.addresses[key], status))
        if method == "Network.responseReceivedExtraInfo":
            if key in self.addresses:
                self.statuses.append((key[0], self.addresses[key], params["statusCode"]))
            else:
                self.early.setdefault(key, []).append(params["statusCode"])
        if method == "Network.responseReceived":
            self.statuses.append((key[0], params["response"]["url"], params["response"]["status"]))
        if message.get("method") == "Runtime.exceptionThrown":
            details = message["params"]["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text", "")
            self.exceptions.append(f"{text.splitlines()[0] if text else '?'} (line {details.get('lineNumber', 0) + 1})")
        return message

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate",
                           {"expression": expression, "awaitPromise": True, "returnByValue": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def go(self, url):
        self.events = []
        self.call("Page.navigate", {"url": url}, session=True)
        deadline = time.time() + 120
        while time.time() < deadline:
            if any(event.get("method") == "Page.loadEventFired" for event in self.events):
                break
            self.events.append(self.read())
        self.evaluate("window.xtree ? window.xtree.ready : null")

    def status_of(self, url, timeout=10):
        """The status of the response for `url` since `statuses` was last emptied, waiting for
        it: a navigation can end on a load event of the page before it, before its response
        was read."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = [status for session, address, status in self.statuses
                     if address == url and session == self.session]
            if found:
                return found[-1]
            self.settle()  # a round trip reads the events that came before its answer
            time.sleep(0.05)
        return None

    def settle(self, expression="0"):
        """Evaluates `expression`, or nothing if the page is between two documents."""
        try:
            return self.evaluate(expression)
        except RuntimeError as error:
            # Asked while the page navigates: the old page is gone, the new one not there yet.
            if "navigated or closed" not in str(error) and "context was destroyed" not in str(error):
                raise
            return None

    def wait_for(self, expression, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.settle(expression):
                return True
            time.sleep(0.05)
        return False

    def screenshot(self, name, dark=False):
        scheme = "dark" if dark else "light"
        self.call("Emulation.setEmulatedMedia",
                  {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=True)
        time.sleep(0.1)
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        path = os.path.join(OUT, f"{name}-{scheme}.png")
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        return path

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


# Reading the page.
ROWS = "Array.from(document.querySelectorAll('#rows .row:not([hidden])'))"
ORDERS_WITH = ROWS + ".filter(r => r.classList.contains('{0}')).map(r => Number(r.dataset.node)).sort((a, b) => a - b)"


def no_exceptions(browser, where):
    """Fails for every script error and uncaught exception the page reported so far."""
    browser.evaluate("0")  # a round trip: whatever the page reported before it has arrived
    check(not browser.exceptions, f"no script error or uncaught exception in {where}"
          + "".join(f"\n     {exception}" for exception in browser.exceptions))
    browser.exceptions = []


def rows(browser):
    return browser.evaluate(ROWS + ".length")


def search(browser, text):
    browser.evaluate(f"(() => {{ const s = document.getElementById('search'); s.value = {json.dumps(text)}; "
                     "document.getElementById('search-form').requestSubmit(); })()")
    return browser.evaluate(ORDERS_WITH.format("match"))


def cli(xtree_cli, *arguments, output=None):
    with open(output, "wb") if output else open(os.devnull, "wb") as sink:
        subprocess.run([xtree_cli, *arguments], stdout=sink, check=True)


def hostile_snapshot(path):
    """A tree whose names and values try to become markup or script, or to reorder text."""
    hostile = [
        "<img src=x onerror=\"window.pwned='img'\">",
        "</script><script>window.pwned='script'</script>",
        "\u202eevil\u202c \u2066isolate\u2069 \x1b[31mred",
        "\"><svg onload=\"window.pwned='svg'\">",
    ]
    nodes = [{"attributes": [{"key": "html", "value": hostile[0]}], "depth": 0, "id": "h0", "label": hostile[1],
              "links": [{"kind": "child", "node": index} for index in range(1, len(hostile) + 1)],
              "names": [], "order": 0, "type": "Root<script>"}]
    for index, text in enumerate(hostile, start=1):
        nodes.append({"attributes": [{"key": "value", "value": text}], "depth": 1, "id": f"h{index}",
                      "label": text, "links": [], "names": [], "order": index, "parent": 0, "type": "Node"})
    with open(path, "w") as file:
        json.dump({"nodes": nodes, "version": 2}, file)
    return hostile


def big_snapshot(path, count=100_000, fan=10):
    """`count` nodes in breadth-first order, each with up to `fan` children."""
    depth = [0] * count
    with open(path, "w") as file:
        file.write('{"nodes":[\n')
        for index in range(count):
            first = index * fan + 1
            children = [child for child in range(first, first + fan) if child < count]
            if index:
                depth[index] = depth[(index - 1) // fan] + 1
            node = {"attributes": [{"key": "n", "value": str(index)}], "depth": depth[index], "id": f"n{index}",
                    "label": f"node {index}", "links": [{"kind": "child", "node": child} for child in children],
                    "names": [], "order": index, "type": "Leaf" if not children else "Branch"}
            if index:
                node["parent"] = (index - 1) // fan
            file.write(("," if index else "") + json.dumps(node) + "\n")
        file.write('],"version":2}\n')


def raw_request(port, head):
    """Sends `head` as is and returns the status code."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.connect()
    connection.sock.sendall(head.encode())
    response = http.client.HTTPResponse(connection.sock)
    response.begin()
    connection.close()
    return response.status


def stranger(port, path, cookie=None):
    """A GET from a client that keeps no cookies: its status, and the cookie it was given."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Host": f"127.0.0.1:{port}"}
    if cookie:
        headers["Cookie"] = cookie
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    given = response.getheader("Set-Cookie")
    response.read()
    connection.close()
    return response.status, given.split(";")[0] if given else None


def file_page(browser, xtree_cli):
    print("== the page 'tree --format html' writes")
    page = os.path.join(OUT, "recipes.html")
    cli(xtree_cli, "tree", "--format", "html", "--open", "recipes://recipes/orange-marmalade/ratings", output=page)
    browser.go("file://" + page)
    check(rows(browser) == 8, "all 8 nodes of the recipes tree are rows")
    check(browser.evaluate(ORDERS_WITH.format("path")) == [0, 1, 6], "the path the link reached is highlighted")
    browser.screenshot("file")
    browser.screenshot("file", dark=True)
    check(search(browser, "RecipeViewModel recipe=orange-marmalade") == [5], "a search by name and condition")
    check(search(browser, "label~Marmalade") == [5, 6], "a search by a condition alone")
    check("error" in browser.evaluate("document.getElementById('search-result').className")
          if search(browser, "favorite==x") == [] else False, "a malformed condition is an error")
    search(browser, "")
    browser.evaluate("document.getElementById('collapse').click()")
    check(rows(browser) == 1, "collapse all leaves the root")
    browser.evaluate("document.getElementById('depth').value = '1'; "
                     "document.getElementById('depth-form').requestSubmit()")
    check(rows(browser) == 4, "expand to depth 1 shows the root and its 3 children")
    browser.evaluate("document.querySelector('#rows .row[data-node=\"1\"] .toggle').click()")
    check(rows(browser) == 7, "expanding a node shows its 3 children")
    browser.evaluate("document.querySelector('#rows .row[data-node=\"5\"] .label').click()")
    details = browser.evaluate("document.getElementById('details').textContent")
    check("orange-marmalade" in details and "0 DefaultHomeCoordinator > 1 DefaultRecipeListCoordinator" in details,
          "the selected node's attributes and path are shown")
    check(browser.evaluate("document.getElementById('link').disabled"), "a file takes no links")
    browser.screenshot("file-selected")


def grammar(browser, xtree_cli):
    print("== the page's search grammar against the table Swift answers")
    with open(os.path.join(ROOT, "Tests", "Fixtures", "where-grammar.json")) as file:
        table = json.load(file)
    snapshot = os.path.join(OUT, "where-grammar.json")
    with open(snapshot, "w") as file:
        json.dump(table["snapshot"], file, ensure_ascii=False)
    page = os.path.join(OUT, "where-grammar.html")
    cli(xtree_cli, "tree", "--snapshot", snapshot, "--format", "html", output=page)
    browser.go("file://" + page)
    wrong = 0
    for case in table["parse"]:
        parsed = browser.evaluate(f"window.xtree.parseCondition({json.dumps(case['text'])})")
        expected = ({"key": case["key"], "comparison": case["comparison"], "value": case["value"]}
                    if "key" in case else None)
        if parsed != expected:
            wrong += 1
            print(f"     {case['text']!r}: page {parsed}, table {expected}")
    check(wrong == 0, f"{len(table['parse'])} conditions read as the table says")
    wrong = 0
    for case in table["search"]:
        found = browser.evaluate(f"window.xtree.matching({json.dumps(case['name'])}, {json.dumps(case['where'])})")
        if found != case["matches"]:
            wrong += 1
            print(f"     {case['name']} {case['where']}: page {found}, table {case['matches']}")
    check(wrong == 0, f"{len(table['search'])} searches find what the table says")
    check(rows(browser) == 7, "a cycle and a shared link are rows of their own")
    kinds = browser.evaluate("Array.from(document.querySelectorAll('.link-row .label')).map(e => e.textContent)")
    check(any(text.startswith("cycle back to 0") for text in kinds)
          and any(text.startswith("shared with 1") for text in kinds), "cycle and shared rows say what they link to")


def hostile(browser, xtree_cli):
    print("== hostile names")
    snapshot = os.path.join(OUT, "hostile.json")
    texts = hostile_snapshot(snapshot)
    page = os.path.join(OUT, "hostile.html")
    cli(xtree_cli, "tree", "--snapshot", snapshot, "--format", "html", output=page)
    browser.go("file://" + page)
    browser.evaluate("document.querySelector('#rows .row[data-node=\"0\"] .label').click()")
    check(browser.evaluate("typeof window.pwned") == "undefined", "no hostile name ran script")
    check(browser.evaluate("document.querySelectorAll('img, svg, iframe, object').length") == 0,
          "no hostile name became an element")
    with open(os.path.join(ROOT, "Sources", "XTreePage", "Page", "page.html")) as file:
        scripts = file.read().count("<script")
    check(browser.evaluate("document.querySelectorAll('script').length") == scripts,
          f"the page's {scripts} script elements and no other")
    text = browser.evaluate("document.querySelector('main').textContent")
    check(texts[0] in text and texts[3] in text, "markup in names shows as text")
    check("\\u{202e}evil\\u{202c}" in text and "\\u{1b}[31mred" in text and "\u202e" not in text,
          "bidirectional and control characters show as \\u{…}")
    browser.screenshot("hostile")


def big(browser, xtree_cli):
    print("== 100,000 nodes")
    snapshot = os.path.join(OUT, "big.json")
    big_snapshot(snapshot)
    page = os.path.join(OUT, "big.html")
    cli(xtree_cli, "tree", "--snapshot", snapshot, "--format", "html", output=page)
    browser.go("file://" + page)
    first = browser.evaluate("window.xtree.firstRender")
    nodes = browser.evaluate("window.xtree.state.nodes.length")
    check(nodes == 100_000, "the page holds 100,000 nodes")
    check(rows(browser) < 200, "only the rows on screen are made")
    expand = browser.evaluate("(() => { const start = performance.now(); window.xtree.toggle(11); "
                              "return performance.now() - start; })()")
    everything = browser.evaluate("(() => { const start = performance.now(); window.xtree.expandToDepth(99); "
                                  "return performance.now() - start; })()")
    shown = browser.evaluate("window.xtree.state.rowNode.length")
    check(shown == 100_000, "expanding everything lists 100,000 rows")
    browser.evaluate("document.getElementById('tree').scrollTop = 22 * 99990")
    check(browser.wait_for("Array.from(document.querySelectorAll('#rows .row:not([hidden])'))"
                           ".some(r => Number(r.dataset.row) === window.xtree.state.rowNode.length - 1)"),
          "scrolled to the end, the last row is made")
    print(f"     first render {first:.0f} ms (page {os.path.getsize(page) / 1e6:.1f} MB); "
          f"expanding one node {expand:.1f} ms; expanding all 100,000 {everything:.1f} ms")
    browser.screenshot("big")


def live_big(browser, xtree_cli):
    print("== a live page of 100,000 nodes, one node changed at a time")
    bench = os.path.join(os.path.dirname(xtree_cli), "xtree-bench")
    app = subprocess.Popen([bench, "--serve-live", "100000"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    server = None
    try:
        name = app.stdout.readline().strip()
        check(name.startswith("xtree-bench-live-"), f"the app's inspector is up ({name!r})")
        server = subprocess.Popen([xtree_cli, "web", "--attach", name], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        address = server.stdout.readline().strip().split(" at ")[-1]
        browser.go(address)
        check(browser.wait_for("window.xtree.state.nodes.length === 100000", timeout=120),
              "the live page holds the app's 100,000 nodes")
        fetches = "performance.getEntriesByType('resource').filter(e => e.name.includes('/api/tree')).length"
        fetched = browser.evaluate(fetches)
        delays, sizes = [], []
        for round in range(1, 6):
            before = browser.evaluate("window.xtree.patched ?? 0")
            app.stdin.write("change\n")
            app.stdin.flush()
            changed = float(app.stdout.readline().split()[1])
            if not check(browser.wait_for(f"(window.xtree.patched ?? 0) > {before}", timeout=30),
                         f"change {round} is patched into the page"):
                break
            delays.append(browser.evaluate("window.xtree.patchedAt") - changed)
            sizes.append(browser.evaluate("window.xtree.eventBytes"))
            time.sleep(0.3)  # apart, so that the inspector does not coalesce two changes into one
        check(browser.evaluate(fetches) == fetched, "no change made the page fetch the whole tree")
        check(browser.wait_for("Array.from(document.querySelectorAll('#rows .row:not([hidden])'))"
                               ".some(r => r.dataset.node === '1' && r.textContent.includes('value=5'))"),
              "the changed node's row shows its value after the fifth change")
        check(sizes and max(sizes) <= 4096, f"each one-node change is at most 4 KB on the stream ({sizes} bytes)")
        if delays:
            each = ", ".join(f"{delay:.0f}" for delay in delays)
            delays.sort()
            print(f"     change in the app to row drawn: median {delays[len(delays) // 2]:.0f} ms ({each} ms in turn; "
                  f"goal: 100 ms); {max(sizes)} bytes per change (goal: 4 KB)")
    finally:
        app.stdin.close()
        for process in (server, app):
            if process is None:
                continue
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def live_typed_link(browser, xtree_cli, nodes=20_000):
    print(f"== a live page of {nodes:,} nodes: the first tree drawn, and a typed link answered")
    bench = os.path.join(os.path.dirname(xtree_cli), "xtree-bench")
    app = subprocess.Popen([bench, "--serve-live", str(nodes)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    server = None
    try:
        name = app.stdout.readline().strip()
        server = subprocess.Popen([xtree_cli, "web", "--attach", name], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        address = server.stdout.readline().strip().split(" at ")[-1]
        started = time.time()
        browser.go(address)
        drawn = browser.wait_for(f"window.xtree.state.nodes.length === {nodes} && "
                                 "document.querySelectorAll('#rows .row').length > 0", timeout=120)
        first = (time.time() - started) * 1000
        check(drawn, f"the live page draws the app's {nodes:,} nodes")
        typed = []
        for round in range(5):
            browser.evaluate("document.getElementById('link-result').textContent = ''")
            browser.evaluate(f"document.getElementById('link').value = 'bench://deepest/{round}'")
            started = time.time()
            browser.evaluate("document.getElementById('link-form').requestSubmit()")
            answered = browser.wait_for("document.getElementById('link-result').textContent.startsWith('opened')",
                                        timeout=30)
            typed.append((time.time() - started) * 1000)
            if not check(answered, f"typed link {round + 1} is answered"):
                break
        client = []
        for round in range(5):
            started = time.time()
            result = subprocess.run([xtree_cli, "open", "--attach", name, f"bench://deepest/{round}"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            client.append((time.time() - started) * 1000)
            check(result.returncode == 0, f"open --attach {round + 1}: {result.stderr.strip()}")
        typed.sort()
        client.sort()
        print(f"     first tree drawn {first:.0f} ms; a typed link answered: median {typed[len(typed) // 2]:.0f} ms "
              f"of {len(typed)}; 'open --attach' (a process, its connection and the tree): median "
              f"{client[len(client) // 2]:.0f} ms of {len(client)}")
    finally:
        for process in (server, app):
            if process is None:
                continue
            if process is app:
                app.stdin.close()
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def served(browser, xtree_cli):
    print("== the page 'web' serves")
    server = subprocess.Popen([xtree_cli, "web"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        address = line.strip().split(" at ")[-1]
        port = int(address.split(":")[2].split("/")[0])
        token = address.split("token=")[1]
        check(address.startswith("http://127.0.0.1:"), "web prints an address on 127.0.0.1")
        check(raw_request(port, f"GET /api/tree HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n") == 403,
              "a request without the token is refused")
        check(raw_request(port, f"GET /?token={token} HTTP/1.1\r\nHost: evil.example:{port}\r\n\r\n") == 421,
              "a request for another Host is refused, token or not")
        check(raw_request(port, f"GET /api/tree HTTP/1.1\r\nHost: localhost:{port}\r\n"
                                f"Cookie: xtree-token={token}\r\nOrigin: http://evil.example\r\n\r\n") == 403,
              "a request from another site's page is refused")
        browser.go(f"http://127.0.0.1:{port}/")
        check("open the address with the token" in browser.evaluate("document.body.textContent"),
              "the page without the token says how to get in")
        browser.go(address)
        check(browser.evaluate("location.search") == "", "the token leaves the address bar")
        check(browser.evaluate("document.cookie") == "", "the token's cookie is out of the page's reach")
        check(rows(browser) == 6, "the live tree's nodes are rows")
        browser.screenshot("served")
        browser.evaluate("document.getElementById('link').value = 'recipes://recipes/orange-marmalade/ratings'; "
                         "document.getElementById('link-form').requestSubmit()")
        check(browser.wait_for("document.getElementById('link-result').textContent.startsWith('opened')"),
              "a typed link is applied")
        check(browser.wait_for("window.xtree.state.nodes.length === 8"), "the page shows the tree the link made")
        path = browser.evaluate(ORDERS_WITH.format("path"))
        check(path == [0, 1, 6], f"the path the link reached is highlighted ({path})")
        traced = browser.evaluate(ORDERS_WITH.format("trace-rejected") + ".concat(" + ORDERS_WITH.format("trace-wrong") + ")")
        check(len(traced) > 0, "the nodes its searches visited are marked")
        browser.screenshot("served-link")
        browser.screenshot("served-link", dark=True)
        stale = """(async () => {
          const fetches = () => performance.getEntriesByType('resource').filter(e => e.name.includes('/api/tree')).length;
          const [version, fetched, before] = [state.version, fetches(), JSON.stringify(state.nodes[1])];
          const edit = (label) => ({changed: [{old: state.nodes[1], new: {...state.nodes[1], label}}]});
          follow({type: 'edit', data: JSON.stringify({version, edit: edit('same version')})});
          follow({type: 'edit', data: JSON.stringify({version: version - 1, edit: edit('older')})});
          await new Promise((resolve) => setTimeout(resolve, 300));
          return state.version === version && JSON.stringify(state.nodes[1]) === before && fetches() === fetched;
        })()"""
        check(browser.evaluate(stale), "an edit of the page's version or older is not applied, and fetches nothing")
        browser.evaluate("document.getElementById('link').value = 'recipes://nowhere'; "
                         "document.getElementById('link-form').requestSubmit()")
        check(browser.wait_for("document.getElementById('link-result').className === 'error'"),
              "a link that fails says why")
        foreign(browser, port, token)
        if "--screenshot-only" in sys.argv:
            docs = os.path.join(ROOT, "Docs", "web-inspector.png")
            browser.evaluate("document.getElementById('link').value = 'recipes://recipes/orange-marmalade/ratings'; "
                             "document.getElementById('link-form').requestSubmit()")
            browser.wait_for("document.getElementById('link-result').textContent.startsWith('opened')")
            shutil.copy(browser.screenshot("served-link"), docs)
            print(f"wrote {docs}")
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            failures.append("web did not stop on SIGINT")


def foreign(browser, port, token):
    """What a page of another site can do from the user's own browser: refused, and the tree
    left as it was."""
    print("== a page on another port of 127.0.0.1, in the user's browser (which holds the cookie)")
    before = browser.evaluate("window.xtree.state.nodes.length")
    target = f"http://127.0.0.1:{port}"
    link = json.dumps({"link": "recipes://recipes/irish-stew"})
    page = f"""<!DOCTYPE html><html><body>
<form id="post" method="POST" action="{target}/api/open" enctype="text/plain">
<input name='{link[:-1]}, "x": "' value='"}}'></form>
<script>
window.fetched = fetch("{target}/api/open", {{method: "POST", credentials: "include", mode: "no-cors",
  headers: {{"Content-Type": "text/plain"}}, body: {json.dumps(link)}}}).then(() => "sent", (e) => "blocked: " + e);
</script></body></html>"""

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page.encode())

        def log_message(self, *arguments):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        browser.statuses = []
        browser.go(f"http://127.0.0.1:{other.server_address[1]}/")
        print(f"     the fetch: {browser.evaluate('window.fetched')}")
        fetched = browser.status_of(f"{target}/api/open")
        check(fetched == 403, f"a cross-origin fetch from another port is refused with 403 ({fetched})")
        browser.statuses = []
        browser.evaluate("document.getElementById('post').submit()")
        browser.wait_for("location.port === '%d'" % port)
        posted = browser.status_of(f"{target}/api/open")
        check(posted == 403, f"a form posted from another port is refused with 403 ({posted})")
        # A stranger: a client with no cookie jar, so that nothing of the user's can reach it.
        # One character off: a last character of its own, never the token's own.
        wrong = stranger(port, f"/?token={token[:-1]}{'1' if token.endswith('0') else '0'}")
        check(wrong[0] == 403, f"a wrong token in the address is refused ({wrong[0]})")
        none = stranger(port, "/api/tree")
        check(none[0] == 403, f"no token at all is refused ({none[0]})")
        status, cookie = stranger(port, f"/?token={token}")
        right = stranger(port, "/api/tree", cookie=cookie)[0] if cookie else None
        check(status == 303 and right == 200,
              f"the right token gives the cookie back ({status}, then {right} with the cookie)")
        browser.go(f"{target}/")
        check(browser.wait_for(f"window.xtree && window.xtree.state.nodes.length === {before}"),
              "the tree is as it was: no link from another site was applied")
    finally:
        other.shutdown()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    xtree_cli = os.path.abspath(sys.argv[1])
    os.makedirs(OUT, exist_ok=True)
    browser = Browser()
    try:
        if "--screenshot-only" in sys.argv:
            served(browser, xtree_cli)
            return
        for section in (file_page, grammar, hostile, big, served, live_big, live_typed_link):
            section(browser, xtree_cli)
            no_exceptions(browser, section.__name__.replace("_", " "))
    finally:
        browser.close()
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print(f"all checks passed; screenshots in {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
