#!/usr/bin/env python3
"""A complete app-context provider (protocol 0.2.0) in Python, standard library only.

It plays a small notes app, "Field Notes": one window, a note with a sentence selected, and a
list of notes. Run it with `python3 examples/python/provider.py`, then ask a host:
`glance check-provider --pid <pid>` and `glance current --pid <pid>`. docs/protocol.md in this
repository is the protocol it follows; the comments name the rule each part keeps.
"""

import argparse
import hmac
import json
import os
import plistlib
import secrets
import signal
import stat
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL = "0.2.0"
EXTENSION = "io.appcontext/context"
APP_NAME, APP_VERSION = "Field Notes", "1.0.0"
PATH = "/context/mcp"  # the endpoint's path is ours to choose; hosts use it as given
MAX_REQUEST_BYTES = 1024 * 1024  # initialize and a tool call are tiny
HEAD_SECONDS, REQUEST_SECONDS = 5, 10  # a whole request head, a whole request (and between requests)
MCP_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")

# Fresh for every run: the instance tells hosts that ids from an earlier run mean nothing now,
# and the token (32 random bytes) exists only here and in the descriptor. Never print it.
INSTANCE = secrets.token_urlsafe(9)
TOKEN = secrets.token_urlsafe(32)

# ---- The app's state as an element tree --------------------------------------------------
# Ids are fixed strings, so each keeps naming the same thing for the whole run.
SELECTION = "The heron stood in the shallows for an hour and caught nothing."

def current_tree():
    """The root element: what the user has open and is pointing at, not the whole interface."""
    return {
        "id": "app", "role": "Application", "title": APP_NAME,
        "children": [{
            "id": "win-1", "role": "Window", "title": "Field Notes - River walk", "focused": True,
            "children": [
                {
                    "id": "note-1", "role": "Document", "subrole": "note", "title": "River walk",
                    "focused": True,  # the focus path: win-1, then note-1, no gaps
                    "children": [{
                        "id": "sel-1", "role": "Text", "selected": True,
                        "content": [{"type": "text", "text": SELECTION}],
                        "attributes": {"lines": [3, 4]},
                    }],
                },
                {
                    "id": "list-1", "role": "List", "subrole": "notes", "title": "All notes",
                    "children": [
                        {"id": "row-1", "role": "Row", "subrole": "note", "title": "River walk",
                         "attributes": {"modified": "2026-11-30"}},
                        {"id": "row-2", "role": "Row", "subrole": "note", "title": "Seed order",
                         "hovered": True, "attributes": {"modified": "2026-11-12"}},
                    ],
                },
            ],
        }],
    }

# Where each element is drawn, in global display points (origin top-left of the primary
# display, y down). A real app asks its views; the wrapped selection has one rect per line.
RECTS = {
    "win-1": [(100, 80, 900, 600)], "note-1": [(360, 120, 620, 540)],
    "sel-1": [(380, 200, 560, 18), (380, 218, 240, 18)],
    "list-1": [(120, 120, 220, 540)], "row-1": [(120, 120, 220, 32)], "row-2": [(120, 152, 220, 32)],
}
ISSUED = set()  # ids this run has put in an answer; only these may be located

def element_ids(element):
    yield element["id"]
    for child in element.get("children", []):
        yield from element_ids(child)

def answer_current():
    tree = current_tree()
    ISSUED.update(element_ids(tree))
    return {"protocol": PROTOCOL, "instance": INSTANCE, "root": tree}

def answer_location(element_id):
    """A location, or why there is none (a tool error). A thing that existed once and is gone
    now would be {"state": "gone", "rects": []}; nothing in this static app goes away."""
    if element_id not in ISSUED:
        return "this id was never issued in this run"
    if element_id not in RECTS:
        return "the app as a whole has no place of its own on screen"
    rects = [{"x": x, "y": y, "w": w, "h": h} for (x, y, w, h) in RECTS[element_id]]
    return {"state": "visible", "rects": rects}

# ---- MCP over stateless Streamable HTTP, JSON responses only -----------------------------
TOOLS = [
    {"name": "current", "description": "What the user has open and is pointing at in Field Notes.",
     "inputSchema": {"type": "object", "properties": {}}, "annotations": {"readOnlyHint": True}},
    {"name": "location", "description": "Where an element from an answer to current is on screen now.",
     "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
     "annotations": {"readOnlyHint": True}},
]

def tool_result(value):
    """structuredContent, and the same JSON as one text block for plain MCP clients."""
    return {"structuredContent": value, "content": [{"type": "text", "text": json.dumps(value)}]}

def tool_error(text):
    return {"isError": True, "content": [{"type": "text", "text": text}]}

def call_tool(name, arguments):
    if name == "current":
        return tool_result(answer_current())
    element_id = arguments.get("id")
    if not isinstance(element_id, str):
        return tool_error("location needs an id, as an answer to current gave it")
    found = answer_location(element_id)
    return tool_error(found) if isinstance(found, str) else tool_result(found)

def handle_rpc(message):
    """The JSON-RPC result for one request: a dict with either "result" or "error"."""
    method, params = message["method"], message.get("params")
    params = params if isinstance(params, dict) else {}
    if method == "initialize":
        asked = params.get("protocolVersion")
        return {"result": {
            "protocolVersion": asked if asked in MCP_VERSIONS else MCP_VERSIONS[1],
            "capabilities": {"tools": {}, "extensions": {EXTENSION: {"protocol": PROTOCOL}}},
            "serverInfo": {"name": APP_NAME, "version": APP_VERSION},
        }}
    if method == "ping":
        return {"result": {}}
    if method == "tools/list":
        return {"result": {"tools": TOOLS}}
    if method == "tools/call" and params.get("name") in ("current", "location"):
        arguments = params.get("arguments")
        return {"result": call_tool(params["name"], arguments if isinstance(arguments, dict) else {})}
    if method == "tools/call":
        return {"error": {"code": -32602, "message": "unknown tool"}}
    return {"error": {"code": -32601, "message": "method not found"}}

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: a host may reuse its checked connection
    timeout = REQUEST_SECONDS  # the longest wait for any one read

    # A socket timeout restarts with every byte, so a client sending its head a byte at a time
    # would hold its thread for ever. A deadline per request closes it: the head within
    # HEAD_SECONDS of the wait for it starting (an idle kept connection too), the body within
    # REQUEST_SECONDS. A late connection is shut down, which ends the read that waits on it.
    def deadline(self, seconds):
        self.cancel_deadline()
        self.timer = threading.Timer(seconds, self.shut_down)
        self.timer.daemon = True
        self.timer.start()

    def cancel_deadline(self):
        if getattr(self, "timer", None) is not None:
            self.timer.cancel()

    def shut_down(self):
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass  # already closed

    def handle_one_request(self):
        self.deadline(HEAD_SECONDS)
        try:
            super().handle_one_request()
        finally:
            self.cancel_deadline()

    def handle_any(self):
        self.deadline(REQUEST_SECONDS)  # the head is in: the rest of the request has this long
        # The refusals, in the order the protocol fixes. Origin first: browsers add it to
        # requests from web pages, and no web page may even learn whether a token is right.
        if "Origin" in self.headers:
            return self.refuse(403, "requests with an Origin header are refused")
        if self.headers.get("Host") != f"127.0.0.1:{self.server.server_port}":
            return self.refuse(421, "wrong Host header")  # against DNS rebinding
        # The request target exactly as sent, before the token is read: `/context/./mcp`, an
        # absolute-form `http://127.0.0.1:<port>/context/mcp` and the like are other resources.
        # From the request line: self.path has a leading `//` folded to `/` (Python 3.11+).
        if self.requestline.split()[1:2] != [PATH]:
            return self.refuse(404, "not found")
        sent = self.headers.get("Authorization", "").encode("utf-8", "surrogateescape")
        if not hmac.compare_digest(sent, f"Bearer {TOKEN}".encode()):
            return self.refuse(401, "missing or wrong bearer token")
        if self.command in ("GET", "DELETE"):
            return self.refuse(405, "stateless server: no event stream, no session")
        if self.command != "POST":
            return self.refuse(405, "POST only")
        self.serve_mcp()

    do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = do_HEAD = do_OPTIONS = handle_any

    def serve_mcp(self):
        length = self.headers.get("Content-Length", "")
        if not length.isdigit():
            return self.refuse(411, "a request body with Content-Length")
        if int(length) > MAX_REQUEST_BYTES:
            # Answered at once, then the body is read and dropped (never kept) within the
            # deadline: closing with it unread makes the kernel reset the connection under the
            # client's writes, and the client may lose the answer.
            self.send_json(413, {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": "request too large"}})
            left = int(length)
            while left > 0 and (chunk := self.rfile.read(min(left, 65536))):
                left -= len(chunk)
            return None
        try:
            message = json.loads(self.rfile.read(int(length)))
        except ValueError:
            return self.send_json(400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "not JSON"}})
        if not isinstance(message, dict) or not isinstance(message.get("method"), str):
            return self.send_json(400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "not a request"}})
        if "id" not in message:  # a notification (e.g. notifications/initialized): no answer
            self.send_response(202)
            self.send_header("Content-Length", "0")
            return self.end_headers()
        self.send_json(200, {"jsonrpc": "2.0", "id": message["id"], **handle_rpc(message)})

    def send_json(self, status, value, close=False):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if close:  # the request's body was not read, so the connection cannot carry another
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(body)

    def refuse(self, status, text):
        self.send_json(status, {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": text}}, close=True)

    def log_message(self, *args):
        pass  # nothing about requests goes to a log

# ---- Discovery: the descriptor in the providers folder -----------------------------------
def providers_folder():
    override = os.environ.get("APP_CONTEXT_PROVIDERS_DIR")
    if override:
        return override
    if sys.platform == "darwin":
        return os.path.expanduser("~/Library/Application Support/app-context/providers")
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    base = runtime if runtime.startswith("/") else os.path.expanduser("~/.local/state")
    return os.path.join(base, "app-context", "providers")

def macos_bundle_id():
    """The CFBundleIdentifier of the .app this process's executable sits in, if any."""
    exe = subprocess.run(["/bin/ps", "-o", "comm=", "-p", str(os.getpid())], capture_output=True, text=True).stdout.strip()
    marker = exe.rfind(".app/Contents/MacOS/")
    if marker < 0:
        return None
    try:
        with open(exe[: marker + len(".app")] + "/Contents/Info.plist", "rb") as f:
            return plistlib.load(f).get("CFBundleIdentifier")
    except (OSError, plistlib.InvalidFileException):
        return None

def linux_bundle_id():
    """The Flatpak id, else the desktop file GLib launched this process from, else the exe's name."""
    try:
        with open("/proc/self/root/.flatpak-info") as f:
            group = ""
            for line in map(str.strip, f):
                if line.startswith("["):
                    group = line
                elif group == "[Application]" and line.startswith("name="):
                    return line[len("name="):].strip()
    except OSError:
        pass  # not a Flatpak
    # Children inherit GLib's two variables, so they count only when the pid is ours. Read
    # from /proc, as a host reads them, not from os.environ.
    with open("/proc/self/environ", "rb") as f:
        env = dict(entry.split(b"=", 1) for entry in f.read().split(b"\0") if b"=" in entry)
    desktop = env.get(b"GIO_LAUNCHED_DESKTOP_FILE", b"").decode(errors="replace")
    if desktop and env.get(b"GIO_LAUNCHED_DESKTOP_FILE_PID") == str(os.getpid()).encode():
        return os.path.basename(desktop).removesuffix(".desktop")
    return os.path.basename(os.readlink("/proc/self/exe").removesuffix(" (deleted)"))

def publish(descriptor):
    """Writes the descriptor atomically into a 0700 folder; returns its path."""
    folder = providers_folder()
    os.makedirs(folder, mode=0o700, exist_ok=True)
    info = os.stat(folder)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
        sys.exit(f"{folder} is not a folder of this user's, so hosts would ignore it: nothing is published")
    if info.st_mode & 0o777 != 0o700:
        os.chmod(folder, 0o700)  # ours, so tighten it
    name = f"{descriptor['bundleId']}.{descriptor['pid']}.json".replace("/", "_")
    final = os.path.join(folder, name)
    temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")  # hosts read only *.json
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        os.fchmod(fd, 0o600)  # the umask can only have narrowed it; be exact anyway
        json.dump(descriptor, f, indent=2)
        f.flush()
        os.fsync(fd)
    os.replace(temp, final)  # a host sees no file or a whole one
    return final

class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # One line with the error's class: a traceback could quote the request.
        print(f"a request failed inside the provider ({sys.exc_info()[0].__name__})", file=sys.stderr)

def main():
    parser = argparse.ArgumentParser(description=f"{APP_NAME}: an app-context provider")
    parser.add_argument("--bundle-id", default=os.environ.get("APP_CONTEXT_BUNDLE_ID"),
                        help="the app's bundle identifier (default: what the OS reports for this process)")
    given = parser.parse_args().bundle_id
    reported = macos_bundle_id() if sys.platform == "darwin" else linux_bundle_id()
    bundle_id = given or reported
    if not bundle_id:
        sys.exit("the system reports no bundle identifier for this process: pass --bundle-id with your app's")
    if given and reported and given != reported:
        print(f"note: the system reports this process as {reported}, so hosts will ignore {given}", file=sys.stderr)

    def stop(signum, _frame):
        raise SystemExit(128 + signum)  # runs the finally below
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    server = Server(("127.0.0.1", 0), Handler)  # loopback only; the OS picks the port
    endpoint = f"http://127.0.0.1:{server.server_port}{PATH}"
    path = None
    try:
        path = publish({"protocol": PROTOCOL, "bundleId": bundle_id, "name": APP_NAME, "version": APP_VERSION,
                        "pid": os.getpid(), "instance": INSTANCE, "endpoint": endpoint, "token": TOKEN})
        print(f"{APP_NAME} is providing context (pid {os.getpid()}, endpoint {endpoint}, bundle id {bundle_id})", flush=True)
        server.serve_forever()
    finally:  # a normal exit and each signal above; a crash leaves a stale file hosts ignore
        if path is not None and os.path.exists(path):
            os.unlink(path)
        server.server_close()

if __name__ == "__main__":
    main()
