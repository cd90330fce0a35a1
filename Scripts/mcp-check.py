#!/usr/bin/env python3
"""xtree-cli mcp driven by the protocol's official Python SDK (PyPI's mcp, pinned by .ci/run in
a virtual environment), as an agent's client would: initialize, list the tools, call each on the
recipes app and on a served app attached to, and check every answer against the CLI's own JSON
for the same question. Then hostile requests over a raw pipe: malformed JSON, unknown methods
and tools, wrong argument types, a 10 MB request, a request before initialize, a cancelled
request; each gets the protocol's error and the next request still works, and standard output
carries protocol messages only.

    .build/mcp-venv/bin/python Scripts/mcp-check.py PATH/TO/xtree-cli
"""
import asyncio, json, os, subprocess, sys, tempfile, time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError as McpError

cli = sys.argv[1]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
aasa = os.path.join(root, "Tests/Fixtures/recipes-apple-app-site-association")
problems = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        problems.append(what)


def steady(value):
    """The value without what differs from one run to the next (times)."""
    if isinstance(value, dict):
        return {k: steady(v) for k, v in value.items() if k not in ("seconds", "duration", "time")}
    if isinstance(value, list):
        return [steady(v) for v in value]
    return value


def cli_json(*arguments, env=None):
    done = subprocess.run([cli, *arguments], capture_output=True, text=True, env=env, timeout=120)
    if arguments[0] == "log":  # a JSON line an event
        return {"events": [json.loads(line) for line in done.stdout.splitlines() if line.strip()]}
    return json.loads(done.stdout)


async def session_checks(arguments, env, attached):
    # The server reads only files under its working directory: the association file is.
    params = StdioServerParameters(command=cli, args=arguments, env=env, cwd=root)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(init.server_info.name == "xtree-cli", f"{arguments}: initialize names the server")
            tools = sorted(t.name for t in (await session.list_tools()).tools)
            check(tools == ["check", "crash", "diff", "find", "fuzz", "links", "log", "open", "restore", "tree", "why"],
                  f"{arguments}: the eleven tools")
            target = ["--attach", attached] if attached else []

            # tree, a page at a time, against the CLI's tree.
            nodes, cursor, pages = [], None, 0
            while True:
                result = await session.call_tool("tree", {"limit": 3} | ({"cursor": cursor} if cursor else {}))
                nodes += result.structured_content["nodes"]
                cursor = result.structured_content.get("nextCursor")
                pages += 1
                if not cursor or pages > 100:
                    break
            want = cli_json("tree", "--format", "json", *target, env=env)["nodes"]
            check(nodes == want and pages > 1, f"{arguments}: tree, {pages} pages of 3, is the CLI's tree")

            found = await session.call_tool("find", {"name": "DefaultRecipeListCoordinator", "all": True})
            want = cli_json("find", "DefaultRecipeListCoordinator", "--all", "--format", "json", *target, env=env)
            check(found.structured_content == want, f"{arguments}: find is the CLI's find")

            if not attached:
                checked = await session.call_tool("check", {"coverage": True, "budget": 4000000})
                want = cli_json("check", "--coverage", "--format", "json", env=env)
                check(steady(checked.structured_content) == steady(want), f"{arguments}: check is the CLI's check")
                budgeted = await session.call_tool("check", {"coverage": True})
                size = len(json.dumps(budgeted.structured_content, separators=(",", ":")))
                omitted = budgeted.structured_content.get("omitted", {})
                check(size <= 40000 and sum(omitted.values()) > 0,
                      f"{arguments}: check within the default budget, {size} characters, saying what it left out "
                      f"({omitted})")
                links = await session.call_tool("links", {"aasa": aasa, "domain": "recipes.example"})
                want = cli_json("links", "--aasa", aasa, "--domain", "recipes.example", "--format", "json", env=env)
                check(steady(links.structured_content) == steady(want), f"{arguments}: links is the CLI's links")
                why = await session.call_tool("why", {"link": "recipes://recipes/irish-stew"})
                want = cli_json("why", "recipes://recipes/irish-stew", "--format", "json", env=env)
                check(
                    not why.is_error and why.structured_content == want and want["applied"] is False
                    and want["receiver"] == "DefaultRecipeViewModel" and want["matches"] == [],
                    f"{arguments}: why is the CLI's why, from the app's table, nothing applied")
                unattached = await session.call_tool("log", {})
                check(unattached.is_error and "--attach" in unattached.structured_content["error"]
                      and "--attach" not in unattached.content[0].text,
                      f"{arguments}: log with no app to read is an error that says to attach, as data")
                try:
                    await session.call_tool("open", {"links": ["recipes://tab/veggie"]})
                    check(False, f"{arguments}: open is refused without --allow-open")
                except McpError as error:
                    check("--allow-open" in str(error), f"{arguments}: open is refused without --allow-open")
            else:
                opened = await session.call_tool("open", {"links": ["recipes://recipes/irish-stew"]})
                check(not opened.is_error, f"{arguments}: open applies a link with --allow-open")
                log = await session.call_tool("log", {})
                want = cli_json("log", "--format", "json", *target, env=env)
                check(steady(log.structured_content) == steady(want), f"{arguments}: log is the CLI's log")
                events = log.structured_content.get("events", [])
                check(any("irish-stew" in json.dumps(e) for e in events), f"{arguments}: log holds the link opened")
                # diff: a snapshot saved under the server's working directory against the app now.
                saved = os.path.join(root, ".build", "mcp-check-before.json")
                with open(saved, "w") as file:
                    file.write(subprocess.run([cli, "tree", "--format", "json", *target], capture_output=True,
                                              text=True, env=env, timeout=120).stdout)
                await session.call_tool("open", {"links": ["recipes://tab/veggie"]})
                diffed = await session.call_tool("diff", {"before": saved})
                done = subprocess.run([cli, "diff", saved, "--format", "json", *target], capture_output=True, text=True,
                                      env=env, timeout=120)
                check(diffed.structured_content == json.loads(done.stdout) and diffed.structured_content["changed"],
                      f"{arguments}: diff is the CLI's diff, and the tab's change is in it")
                # restore to the start: the journal's restore, as the CLI's.
                restored = await session.call_tool("restore", {"to": 0})
                check(not restored.is_error and restored.structured_content["to"] == 0
                      and restored.structured_content["difference"]["added"] == [],
                      f"{arguments}: restore returns the app to its start")


def raw_checks(env):
    server = subprocess.Popen([cli, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=env)

    def send(text):
        server.stdin.write(text if isinstance(text, bytes) else text.encode())
        server.stdin.flush()

    def answer():
        line = server.stdout.readline()
        return json.loads(line)

    def ping(n):
        send(json.dumps({"jsonrpc": "2.0", "id": f"ping{n}", "method": "ping"}) + "\n")
        return answer()

    send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}) + "\n")
    check(answer()["error"]["code"] == -32600, "raw: a request before initialize is refused")
    send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "initialize",
                     "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                "clientInfo": {"name": "raw", "version": "1"}}}) + "\n")
    check(answer()["result"]["protocolVersion"] == "2025-11-25", "raw: initialize")
    send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
    cases = [
        ("malformed JSON", b'{"jsonrpc": "2.0", "id": 3, "method": \n', -32700),
        ("an unknown method", json.dumps({"jsonrpc": "2.0", "id": 4, "method": "frob"}) + "\n", -32601),
        ("an unknown tool", json.dumps({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
                                        "params": {"name": "frob", "arguments": {}}}) + "\n", -32602),
        ("a wrong argument type", json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                                              "params": {"name": "tree", "arguments": {"depth": "deep"}}}) + "\n", -32602),
        ("a boolean for a number", json.dumps({"jsonrpc": "2.0", "id": 8, "method": "tools/call",
                                               "params": {"name": "tree", "arguments": {"limit": True}}}) + "\n", -32602),
        ("an argument no tool takes", json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
                                                  "params": {"name": "find", "arguments": {"name": "X", "x": 1}}}) + "\n", -32602),
        ("a stale cursor", json.dumps({"jsonrpc": "2.0", "id": 10, "method": "tools/call",
                                       "params": {"name": "tree", "arguments": {"cursor": "MDA6Mw=="}}}) + "\n", -32602),
        ("a 10 MB request", b'{"jsonrpc": "2.0", "id": 11, "method": "ping", "params": {"x": "' + b"a" * (10 << 20) + b'"}}\n', -32600),
    ]
    # Revision 2026-07-28's probe, answered before any handshake.
    send(json.dumps({"jsonrpc": "2.0", "id": 5, "method": "server/discover"}) + "\n")
    discovered = answer().get("result", {})
    check("2026-07-28" in discovered.get("supportedVersions", []) and "2025-11-25" in discovered["supportedVersions"],
          "raw: server/discover names both revisions")
    for n, (what, text, code) in enumerate(cases):
        started = time.time()
        send(text)
        reply = answer()
        check(reply.get("error", {}).get("code") == code, f"raw: {what} gets error {code}")
        check("result" in ping(n), f"raw: the session goes on after {what} ({time.time() - started:.1f} s)")
    # A request, then its cancellation: the session goes on.
    send(json.dumps({"jsonrpc": "2.0", "id": 20, "method": "tools/call",
                     "params": {"name": "tree", "arguments": {"limit": 1}}}) + "\n")
    send(json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 20}}) + "\n")
    reply = answer()
    # The server answers one request at a time: this one was answered before its cancellation
    # was read, which the client then ignores (the protocol allows either).
    check(reply.get("id") == 20 and "result" in reply, "raw: a request cancelled once under way is answered")
    check("result" in ping("cancel"), "raw: the session goes on after a cancellation")
    server.stdin.close()
    rest = server.stdout.read()
    server.wait(timeout=30)
    check(all(json.loads(line).get("jsonrpc") == "2.0" for line in rest.splitlines() if line.strip()),
          "raw: standard output carries protocol messages only")
    check(server.returncode == 0, "raw: the server ends when its input does")


async def main():
    directory = tempfile.mkdtemp(prefix="xtree-mcp-")
    os.chmod(directory, 0o700)
    env = dict(os.environ, XTREE_INSPECTOR_DIR=directory, NO_COLOR="1")
    await session_checks(["mcp"], env, None)
    served = subprocess.Popen([cli, "serve", "--name", "McpCheck"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              env=env, text=True)
    try:
        served.stdout.readline()  # serving McpCheck (pid N)
        await session_checks(["mcp", "--attach", "McpCheck", "--allow-open"], env, "McpCheck")
    finally:
        served.terminate()
        served.wait(timeout=30)
    raw_checks(env)
    if problems:
        print(f"{len(problems)} of the checks failed")
        sys.exit(1)
    print("mcp check passed")


asyncio.run(main())
