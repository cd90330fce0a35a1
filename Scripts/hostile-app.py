#!/usr/bin/env python3
"""A malicious app for the client's bounds: it announces itself like an XTree inspector,
answers hello and follow, and then never answers another request while it streams journal
events as fast as the socket takes them. `xtree-cli watch --attach` against it must end with its error
and stay small: this prints the CLI's peak resident size and fails over the bound.

Usage: hostile-app.py XTREE-CLI [BOUND-MB]
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

cli = sys.argv[1]
bound_mb = float(sys.argv[2]) if len(sys.argv) > 2 else 100.0

directory = tempfile.mkdtemp(prefix="xtree-hostile-")
os.chmod(directory, 0o700)
pid = os.getpid()
path = os.path.join(directory, f"{pid}.sock")
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(path)
listener.listen(4)
with open(os.path.join(directory, f"{pid}.json"), "w") as file:
    json.dump({"name": "Hostile", "pid": pid, "address": f"unix:{path}", "token": "t", "version": 7}, file)
os.chmod(os.path.join(directory, f"{pid}.json"), 0o600)

SNAPSHOT = [
    '{"nodes":[',
    '{"attributes":[],"depth":0,"id":"root0000","label":"R","links":[],"names":["Box"],"order":0,"type":"Box"}',
    '],"version":2}',
]
sent = {"changes": 0}


def events(first, count):
    """Events `first` to `first + count - 1`: changes that edit nothing, each after the one before."""
    return "".join(
        '{"event":{"edit":{},"notifications":1,"objects":1,"sequence":%d,"time":0},"ok":true}\n' % sequence
        for sequence in range(first, first + count)).encode()


def serve(connection):
    reader = connection.makefile("rb")
    try:
        for raw in reader:
            request = json.loads(raw)
            method, ident = request.get("method"), request.get("id")
            if method == "hello":
                reply = {"id": ident, "ok": True, "version": 7, "name": "Hostile", "pid": pid}
                connection.sendall((json.dumps(reply) + "\n").encode())
            elif method == "follow":
                reply = {"id": ident, "ok": True, "journal": {"events": 0, "capacity": 0, "sequence": 0},
                         "snapshot": {"lines": len(SNAPSHOT)}}
                connection.sendall((json.dumps(reply) + "\n" + "\n".join(SNAPSHOT) + "\n").encode())
            else:
                # Never answer: stream events until the client hangs up.
                while True:
                    connection.sendall(events(sent["changes"] + 1, 256))
                    sent["changes"] += 256
    except (BrokenPipeError, ConnectionResetError, OSError):
        pass
    finally:
        connection.close()


def accept():
    while True:
        try:
            connection, _ = listener.accept()
        except OSError:
            return
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


threading.Thread(target=accept, daemon=True).start()
environment = dict(os.environ, XTREE_INSPECTOR_DIR=directory, XTREE_REPLY_TIMEOUT="5")
child = subprocess.Popen(
    [cli, "watch", "--attach", "Hostile"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    stderr=subprocess.PIPE, env=environment)
peak_kb = 0
child.stdin.write(b"recipes://recipes/x\n")
child.stdin.flush()
deadline = time.monotonic() + 60
while child.poll() is None and time.monotonic() < deadline:
    try:
        with open(f"/proc/{child.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    peak_kb = max(peak_kb, int(line.split()[1]))
    except FileNotFoundError:
        break
    time.sleep(0.01)
if child.poll() is None:
    child.kill()
    print("error: xtree-cli watch did not end within 60 s against an app that never answers", file=sys.stderr)
    sys.exit(1)
out, err = child.communicate()
listener.close()
message = err.decode(errors="replace").strip()
print(f"xtree-cli watch against a never-answering app: exit {child.returncode}, "
      f"peak resident {peak_kb / 1024:.1f} MB, the app sent {sent['changes']} changes")
print(f"  stderr: {message}")
if child.returncode == 0 or "without answering" not in message:
    print("error: expected the client to refuse the app for changes without an answer", file=sys.stderr)
    sys.exit(1)
if peak_kb / 1024 > bound_mb:
    print(f"error: peak resident size over {bound_mb} MB", file=sys.stderr)
    sys.exit(1)
