/**
 * A real GTK 3 app for the accessibility tests and the bench: a window with a text view and a
 * password entry, run by /usr/bin/python3 (python3-gi, gir1.2-gtk-3.0) inside a desktop session
 * (desktop-session.ts). It takes one JSON command per line on stdin and answers each with a
 * line once GTK has applied it, so a test waits for the state, never for a time. For a
 * selection it answers where GTK's own layout puts each selected line, in the window's
 * coordinates: with the window's place from the X server (xwininfo) that is where the
 * selection is on screen, found without asking AT-SPI.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rect } from '@app-context/provider-kit/protocol';
import { DESKTOP_TOOLS, type DesktopSession } from './desktop-session.js';
import { spawnProcess, type Spawned } from './spawn.js';

const SOURCE = String.raw`
import json, sys, gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk, GLib
title, text, secret, marker = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
win = Gtk.Window(title=title)
win.set_default_size(600, 400)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
view = Gtk.TextView()
view.set_wrap_mode(Gtk.WrapMode.NONE)
buf = view.get_buffer()
buf.set_text(text)
box.pack_start(view, True, True, 0)
entry = Gtk.Entry()
entry.set_visibility(False)
entry.set_text(secret)
box.pack_start(entry, False, False, 0)
win.add(box)
win.connect("destroy", Gtk.main_quit)
if marker:
    # A second window of the same app, its whole text selected: a reader that strays from the
    # active window would bring the marker back.
    other = Gtk.Window(title="Other window")
    other.set_default_size(400, 200)
    other_view = Gtk.TextView()
    other_view.get_buffer().set_text(marker)
    other.add(other_view)
    other.show_all()
    ob = other_view.get_buffer()
    ob.select_range(ob.get_start_iter(), ob.get_end_iter())
    other_view.grab_focus()

def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

def line_rects(start, end):
    rects = []
    it = buf.get_iter_at_offset(start)
    while it.get_offset() < end:
        line_end = it.copy()
        if not line_end.ends_line():
            line_end.forward_to_line_end()
        stop = min(line_end.get_offset(), end)
        if stop > it.get_offset():
            first = view.get_iter_location(it)
            last = view.get_iter_location(buf.get_iter_at_offset(stop - 1))
            y, height = view.get_line_yrange(it)
            x0, y0 = view.buffer_to_window_coords(Gtk.TextWindowType.TEXT, first.x, y)
            x1, _ = view.buffer_to_window_coords(Gtk.TextWindowType.TEXT, last.x + last.width, y)
            wx, wy = view.translate_coordinates(win, x0, y0)
            rects.append({"x": wx, "y": wy, "w": x1 - x0, "h": height})
        if not it.forward_line():
            break
    return rects

def command(source, condition):
    line = sys.stdin.readline()
    if not line:
        Gtk.main_quit()
        return False
    cmd = json.loads(line)
    if "select" in cmd:
        s, e = cmd["select"]
        view.grab_focus()
        buf.select_range(buf.get_iter_at_offset(s), buf.get_iter_at_offset(e))
    if cmd.get("focus") == "password":
        entry.grab_focus()
    if "title" in cmd:
        win.set_title(cmd["title"])
    def done():
        if "select" in cmd:
            say({"selected": line_rects(*cmd["select"])})
        else:
            say({"done": True})
        return False
    GLib.timeout_add(50, done)
    return True

GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, command)
win.show_all()
say({"ready": True})
Gtk.main()
`;

/** A running GTK app. */
export interface GtkApp {
  process: Spawned;
  pid: number;
  window: number;
  /** Selects [start, end) of its text and focuses the text view; resolves with GTK's rectangles per line, in window coordinates. */
  select: (start: number, end: number) => Promise<Rect[]>;
  /** Focuses the password entry. */
  focusPassword: () => Promise<void>;
  setTitle: (title: string) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Starts the app in the session; resolves once its window is mapped. Its script is `dir`/gtk-app.py,
 * or, `inline`, given on the command line (`python3 -c`), so no one program file can be named.
 */
export async function startGtkApp(session: DesktopSession, dir: string, options: { title: string; text: string; secret: string; marker?: string; inline?: boolean }): Promise<GtkApp> {
  const script = join(dir, 'gtk-app.py');
  if (options.inline !== true) await writeFile(script, SOURCE);
  const code = options.inline === true ? ['-c', SOURCE] : [script];
  const app = spawnProcess(DESKTOP_TOOLS.python, [...code, options.title, options.text, options.secret, options.marker ?? ''], session.env);
  // Its answers, line by line, from stdout only (GTK's warnings go to stderr).
  const lines: string[] = [];
  let partial = '';
  let wake: (() => void) | undefined;
  app.child.stdout?.on('data', (chunk: Buffer) => {
    partial += chunk.toString('utf8');
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    wake?.();
  });
  const next = async (): Promise<string> => {
    const deadline = Date.now() + 15_000;
    while (lines.length === 0) {
      if (Date.now() > deadline || app.child.exitCode !== null) throw new Error(`the GTK app gave no answer; output:\n${app.output()}`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 200);
      });
    }
    return lines.shift() ?? '';
  };
  if (!(await next()).includes('"ready"')) throw new Error(`the GTK app did not start:\n${app.output()}`);
  // The main window: the one whose title is the app's (the other window, if any, is "Other window").
  const window = await session.windowOf(app.pid, options.title);
  const send = async (cmd: object): Promise<string> => {
    app.child.stdin?.write(`${JSON.stringify(cmd)}\n`);
    return next();
  };
  return {
    process: app,
    pid: app.pid,
    window,
    select: async (start, end) => (JSON.parse(await send({ select: [start, end] })) as { selected: Rect[] }).selected,
    focusPassword: async () => void (await send({ focus: 'password' })),
    setTitle: async (title) => void (await send({ title })),
    stop: () => app.stop(),
  };
}
