#!/usr/bin/env python3
"""The hostile round's four HIGH findings, as an attacker would try them on the built CLI:
a repository's or another user's .xtree.json choosing what --launch runs, a coding agent
steered into sending an option as a link, an agent changing the user's running app, and
secrets in the common link forms reaching the journal. Prints a line per check and fails if
one does.

Usage: hostile-repository.py XTREE-CLI
"""
import json
import os
import subprocess
import sys
import tempfile
import time

cli = os.path.abspath(sys.argv[1])
problems = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        problems.append(what)


def run(arguments, cwd, env=None, stdin=None, timeout=60):
    return subprocess.run([cli, *arguments], cwd=cwd, env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout)


scratch = tempfile.mkdtemp(prefix="xtree-hostile-repo-")
os.chmod(scratch, 0o755)
marker = os.path.join(scratch, "evil-ran")
evil = os.path.join(scratch, "evil.sh")
with open(evil, "w") as file:
    file.write(f"#!/bin/sh\ntouch '{marker}'\n")
os.chmod(evil, 0o755)


def ran():
    found = os.path.exists(marker)
    if found:
        os.remove(marker)
    return found


# 1. A cloned repository whose .xtree.json names a program outside it.
repository = os.path.join(scratch, "cloned")
os.makedirs(os.path.join(repository, ".git", "x"))
os.makedirs(os.path.join(repository, "Sources"))
with open(os.path.join(repository, ".xtree.json"), "w") as file:
    json.dump({"launch": {"app": "../evil.sh"}}, file)
os.chmod(os.path.join(repository, ".xtree.json"), 0o644)
done = run(["tree", "--launch", "app"], cwd=os.path.join(repository, "Sources"))
check(not ran() and done.returncode == 1 and "outside the file's folder" in done.stderr,
      "a cloned repository's .xtree.json cannot start a program outside it")

# 1. Another user's .xtree.json in a shared, world-writable parent.
if os.getuid() == 0:
    shared = os.path.join(scratch, "shared")
    os.makedirs(os.path.join(shared, ".git"))
    os.makedirs(os.path.join(shared, "mine"))
    with open(os.path.join(shared, ".xtree.json"), "w") as file:
        json.dump({"launch": {"app": "evil.sh"}}, file)
    os.link(evil, os.path.join(shared, "evil.sh"))
    os.chown(os.path.join(shared, ".xtree.json"), 65534, 65534)
    os.chown(shared, 65534, 65534)
    os.chmod(shared, 0o777)
    done = run(["tree", "--launch", "app"], cwd=os.path.join(shared, "mine"))
    check(not ran() and done.returncode == 1, "another user's .xtree.json in a shared parent is never read")
    done = run(["tree", "--launch", "app"], cwd=shared)
    check(not ran() and "belongs to user 65534" in done.stderr,
          "another user's .xtree.json in the current directory is refused, saying whose it is")
else:
    print("skip  another user's .xtree.json: giving a file to another user needs the super-user")

# 2 and 3. A coding agent steered by an app's labels.
inspectors = tempfile.mkdtemp(prefix="xtree-hostile-inspectors-")
os.chmod(inspectors, 0o700)
env = dict(os.environ, XTREE_INSPECTOR_DIR=inspectors, NO_COLOR="1")


def mcp(arguments, calls):
    lines = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize",
         "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "h", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
    ] + [{"jsonrpc": "2.0", "id": n + 1, "method": "tools/call", "params": {"name": name, "arguments": args}}
         for n, (name, args) in enumerate(calls)]
    done = run(["mcp", *arguments], cwd=scratch, env=env, stdin="".join(json.dumps(line) + "\n" for line in lines))
    return [json.loads(line) for line in done.stdout.splitlines()][1:]


served = subprocess.Popen([cli, "serve", "--name", "Victim"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          env=env, text=True)
try:
    served.stdout.readline()
    steered = f"--launch={evil}"
    answers = mcp(["--allow-open"], [("open", {"links": [steered]}), ("why", {"link": steered}),
                                     ("find", {"name": steered})])
    check(len(answers) == 3 and not ran(), "mcp --allow-open: a link that reads as --launch runs nothing")
    before = run(["log", "--attach", "Victim", "--format", "json"], cwd=scratch, env=env).stdout
    answers = mcp([], [("check", {"attach": "Victim"}), ("links", {"attach": "Victim", "aasa": "x", "domain": "a.b"})])
    refused = all("--allow-open" in answer.get("error", {}).get("message", "") for answer in answers)
    after = run(["log", "--attach", "Victim", "--format", "json"], cwd=scratch, env=env).stdout
    check(len(answers) == 2 and refused and before == after,
          "mcp without --allow-open: check and links leave the user's running app as it was")

    # 4. Secrets in every common form of a link, kept out of the journal.
    secrets = {
        "recipes://recipes/x#access_token=S3CRET1&state=1": "S3CRET1",
        "https://user:S3CRET2@recipes.example/recipes/x": "S3CRET2",
        "recipes://recipes/x;token=S3CRET3": "S3CRET3",
        "recipes://recipes/x?token[]=S3CRET4": "S3CRET4",
        "recipes://recipes/x?token%5B%5D=S3CRET5": "S3CRET5",
        "recipes://recipes/x?%2574oken=S3CRET6": "S3CRET6",
        "recipes://recipes/x?auth_token=S3CRET7&client_secret=S3CRET8&jwt=S3CRET9&passwd=S3CRETA": "S3CRET7",
        'recipes://recipes/x?state={"token":"S3CRETB"}': "S3CRETB",
    }
    for link in secrets:
        run(["open", "--attach", "Victim", link], cwd=scratch, env=env)
    journal = run(["log", "--attach", "Victim", "--format", "json"], cwd=scratch, env=env).stdout
    leaked = [secret for secret in ["S3CRET" + c for c in "123456789AB"] if secret in journal]
    check("<private>" in journal and not leaked, f"secrets in every common link form stay out of the journal "
          f"(leaked: {', '.join(leaked) or 'none'})")
finally:
    served.terminate()
    served.wait(timeout=30)

if problems:
    print(f"{len(problems)} of the checks failed")
    sys.exit(1)
print("every check passed")
