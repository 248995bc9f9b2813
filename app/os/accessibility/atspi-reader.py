"""Glance's AT-SPI reader: one long-lived process, one JSON request per line on stdin, one JSON
answer per line on stdout (the protocol is app/os/accessibility/wire.ts). Run by
/usr/bin/python3, whose gi has libatspi's bindings; started by Glance on the first read and
killed by it on a stall. It reads only when asked, only the app named by pid, only its ACTIVE
window, only the focused element (one Collection match, never a walk of the tree), and never
the text of a password field.
"""
import json
import re
import sys

try:
    import gi

    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi, Gio, GLib
except (ImportError, ValueError):
    # Glance words this one (python3-gi and gir1.2-atspi-2.0 missing); nothing else is printed.
    print(json.dumps({"fatal": "no-atspi"}), flush=True)
    sys.exit(3)

EMBEDDED = "\ufffc"  # an object inside a text (Chromium: a paragraph inside the document)
MAX_DEPTH = 8  # embedded objects followed into, and parents climbed to find the document
SECRET_VALUES = ("password", "secret")
SECRET_KEYS = ("text-input-type", "input-type", "type", "autocomplete")
LINE = Atspi.TextGranularity.LINE
SCREEN = Atspi.CoordType.SCREEN
DBUS_ERROR_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+")


class Refused(Exception):
    """An expected "no" with a code Glance turns into a sentence."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


apps = {}  # pid -> the app's accessible on the registry, checked again before each use
anchors = {}  # handle -> the object whose selection a read returned, for locate
next_handle = [0]


def find_app(pid):
    app = apps.get(pid)
    if app is not None:
        try:
            if app.get_process_id() == pid:
                return app
        except GLib.Error:
            pass
        apps.pop(pid, None)
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        child = desktop.get_child_at_index(i)
        try:
            if child is not None and child.get_process_id() == pid:
                apps[pid] = child
                return child
        except GLib.Error:
            continue  # an app that went away while we asked
    raise Refused("not-on-bus")


def active_window(app, title=None):
    """The ACTIVE window; for locate, when none is (Glance's panel took the focus), the one read before."""
    same_title = None
    for i in range(app.get_child_count()):
        window = app.get_child_at_index(i)
        if window is None:
            continue
        if window.get_state_set().contains(Atspi.StateType.ACTIVE):
            return window
        if title is not None and same_title is None and window.get_name() == title:
            same_title = window
    if same_title is not None:
        return same_title
    raise Refused("no-window")


def focused_in(window):
    states = Atspi.StateSet.new([Atspi.StateType.FOCUSED])
    # libatspi wants {} for "any attributes", not None.
    rule = Atspi.MatchRule.new(states, Atspi.CollectionMatchType.ALL, {}, Atspi.CollectionMatchType.NONE,
                               [], Atspi.CollectionMatchType.NONE, [], Atspi.CollectionMatchType.NONE, False)
    found = Atspi.Collection.get_matches(window, rule, Atspi.CollectionSortOrder.CANONICAL, 1, True)
    return found[0] if found else None


def is_secret(obj):
    if obj.get_role() == Atspi.Role.PASSWORD_TEXT:
        return True
    try:
        attributes = obj.get_attributes() or {}
    except GLib.Error:
        return False
    return any(str(attributes.get(key, "")).lower() in SECRET_VALUES for key in SECRET_KEYS)


def has_text(obj):
    return "Text" in (obj.get_interfaces() or [])


def embedded_at(obj, offset):
    link = Atspi.Hypertext.get_link(obj, Atspi.Hypertext.get_link_index(obj, offset))
    return None if link is None else Atspi.Hyperlink.get_object(link, 0)


def is_inline(obj):
    """Chromium says how an element is laid out: an inline one (a link) goes on with the line."""
    try:
        return str((obj.get_attributes() or {}).get("display", "")).startswith("inline")
    except GLib.Error:
        return False


def segments(obj, depth, limit, out, pending):
    """The selected runs of obj as (object, start, end, text, separator before it), following
    embedded objects: Chromium reports a selection in the document as U+FFFC, and the paragraph
    there holds the text. A block element's runs are set apart by a line break, an inline
    one's (a link in a sentence) by nothing; pending[0] is the break owed to the next run."""
    if depth > MAX_DEPTH or is_secret(obj) or not has_text(obj):
        return
    for k in range(Atspi.Text.get_n_selections(obj)):
        sel = Atspi.Text.get_selection(obj, k)
        start, end = sel.start_offset, sel.end_offset
        if end <= start:
            continue
        if k > 0:
            pending[0] = "\n"
        text = Atspi.Text.get_text(obj, start, min(end, start + max(limit[0], 0) + 1))
        run_start = start
        for i, char in enumerate(text + EMBEDDED):
            if char != EMBEDDED:
                continue
            if start + i > run_start:
                add(out, limit, (obj, run_start, start + i, text[run_start - start:i]), pending)
            child = embedded_at(obj, start + i) if i < len(text) else None
            if child is not None:
                brk = "" if is_inline(child) else "\n"
                pending[0] = brk or pending[0]
                segments(child, depth + 1, limit, out, pending)
                pending[0] = brk or pending[0]
            run_start = start + i + 1
            if limit[0] < 0:
                return


def add(out, limit, run, pending):
    """Keeps the run, cut to what is left of the limit; the limit goes below zero once anything is cut or dropped."""
    if limit[0] <= 0:
        limit[0] = -1
        return
    obj, start, _, text = run
    kept = text[:limit[0]]
    out.append((obj, start, start + len(kept), kept, pending[0] if out else ""))
    pending[0] = ""
    limit[0] -= len(text)


def line_rects(obj, start, end, room):
    """One rectangle per line of [start, end), in screen coordinates, the line breaks left out."""
    rects, offset = [], start
    while offset < end and len(rects) < room:
        line = Atspi.Text.get_string_at_offset(obj, offset, LINE)
        lo, hi = max(offset, line.start_offset), min(end, line.end_offset)
        if hi <= lo:
            hi = end  # no line boundaries from this toolkit: the whole run as one rectangle
        piece = Atspi.Text.get_text(obj, lo, hi)
        trimmed = hi - (len(piece) - len(piece.rstrip("\r\n")))
        if trimmed > lo:
            box = Atspi.Text.get_range_extents(obj, lo, trimmed, SCREEN)
            if box.width > 0 and box.height > 0:
                rects.append({"x": box.x, "y": box.y, "w": box.width, "h": box.height})
        offset = hi
    return rects


def selection_of(focused, request):
    limit = [request["selectionLimit"]]
    runs = []
    segments(focused, 0, limit, runs, [""])
    if not runs:
        return None
    rects = []
    for obj, start, end, _, _ in runs:
        rects += line_rects(obj, start, end, request["rectLimit"] - len(rects))
    text = "".join(run[4] + run[3] for run in runs)
    ranges = [[run[1], run[2]] for run in runs]
    return {"text": text, "truncated": limit[0] < 0, "ranges": ranges, "rects": rects}


def document_url(obj):
    for _ in range(MAX_DEPTH * 4):
        if obj is None or obj.get_role() in (Atspi.Role.FRAME, Atspi.Role.WINDOW, Atspi.Role.APPLICATION):
            return None
        if "Document" in (obj.get_interfaces() or []):
            for key in ("URI", "DocURL"):
                value = Atspi.Document.get_document_attribute_value(obj, key)
                if value:
                    return value
        obj = obj.get_parent()
    return None


def read(request):
    app = find_app(request["pid"])
    window = active_window(app)
    answer = {"app": {"name": app.get_name() or ""}, "window": {"title": window.get_name() or ""}}
    focused = focused_in(window)
    if focused is None:
        return answer
    url = document_url(focused)
    if url:
        answer["document"] = {"url": url}
    secure = is_secret(focused)
    answer["focused"] = {"role": focused.get_role_name() or "", "secure": secure}
    if secure:
        return answer
    selection = selection_of(focused, request)
    if selection is not None:
        next_handle[0] += 1
        handle = "h%d" % next_handle[0]
        anchors[handle] = focused
        while len(anchors) > 16:
            anchors.pop(next(iter(anchors)))
        selection["handle"] = handle
        answer["selection"] = selection
    elif has_text(focused):
        count = Atspi.Text.get_character_count(focused)
        limit = request["textLimit"]
        value = Atspi.Text.get_text(focused, 0, min(count, limit)).replace(EMBEDDED, "")
        if value.strip():
            answer["text"] = {"value": value, "truncated": count > limit}
    return answer


def locate(request):
    """The rectangles of a selection read before, or gone when its text or offsets changed."""
    focused = anchors.get(request.get("handle") or "")
    if focused is None:
        app = find_app(request["pid"])
        focused = focused_in(active_window(app, request.get("title")))
    if focused is None or is_secret(focused):
        return {"state": "gone"}
    now = selection_of(focused, request)
    if now is None or now["ranges"] != request["ranges"] or now["text"] != request["text"]:
        return {"state": "gone"}
    return {"state": "visible", "rects": now["rects"]}


def answer(request):
    # Every D-Bus call of this request gives up before Glance's own limit kills us.
    Atspi.set_timeout(max(50, int(request.get("timeoutMs", 1000))), max(50, int(request.get("timeoutMs", 1000))))
    op = request.get("op")
    if op == "read":
        return read(request)
    if op == "locate":
        return locate(request)
    raise Refused("bad-request")


def dbus_failure(request_id, error):
    """The reply to a GLib error: its code, and the D-Bus error's name when GDBus knows it
    (org.freedesktop.DBus.Error.NoReply: its domain and code say which). Never the error's
    message: whoever answered on the bus wrote it (libatspi passes a D-Bus error's message on as
    its own, GDBus puts an unknown error's name there too), and Glance's failure sentences are
    its own words."""
    timed_out = error.matches(GLib.quark_from_string("g-io-error-quark"), 24) or "Timeout" in error.message
    reply = {"id": request_id, "ok": False, "code": "timeout" if timed_out else "dbus-error"}
    if error.domain == GLib.quark_to_string(Gio.DBusError.quark()) and Gio.DBusError.is_remote_error(error):
        name = Gio.DBusError.get_remote_error(error) or ""
        if len(name) <= 255 and DBUS_ERROR_NAME.fullmatch(name):
            reply["detail"] = name
    return reply


def main():
    Atspi.init()
    context = GLib.MainContext.default()
    for line in sys.stdin:
        # libatspi caches states, names and children and keeps them right from the apps' events;
        # no loop runs here between requests, so the events that came meanwhile are handled now,
        # on the request, before anything is read. (Atspi.Cache.NONE instead makes libatspi 2.46
        # hang in get_child_count.)
        while context.pending():
            context.iteration(False)
        request_id = None
        try:
            request = json.loads(line)
            request_id = request.get("id")
            reply = {"id": request_id, "ok": True, "answer": answer(request)}
        except Refused as refused:
            reply = {"id": request_id, "ok": False, "code": refused.code}
        except GLib.Error as error:
            reply = dbus_failure(request_id, error)
        except Exception as error:  # a bug here must not end the process that is kept warm
            reply = {"id": request_id, "ok": False, "code": "failed", "detail": type(error).__name__}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":  # imported by the tests, which call dbus_failure and main themselves
    main()
