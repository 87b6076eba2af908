#!/usr/bin/python3
# Test-only GTK 3 client: one Gtk.Entry in a window.
# Prints "ready" once the entry has focus, "text "..."" (JSON-quoted) after every
# change and "preedit "..."" when the entry's preedit changes. Options: --text INITIAL,
# --purpose NAME, --hints a,b, --select-all (select the initial text once the entry has
# focus).
import json
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

args = sys.argv[1:]


def option(name, default=None):
    return args[args.index(name) + 1] if name in args else default


initial = option("--text", "")
purpose = option("--purpose", "free_form")
hints = [h for h in option("--hints", "").split(",") if h]
select_all = "--select-all" in args


def say(line):
    print(line, flush=True)


win = Gtk.Window(title="tapboard-gtk3-entry")
win.set_default_size(400, 200)
win.connect("destroy", Gtk.main_quit)
entry = Gtk.Entry()
entry.set_text(initial)
entry.set_input_purpose(getattr(Gtk.InputPurpose, purpose.upper()))
flags = Gtk.InputHints.NONE
for h in hints:
    flags |= getattr(Gtk.InputHints, h.upper())
entry.set_input_hints(flags)
entry.connect("changed", lambda e: say("text " + json.dumps(e.get_text())))
entry.connect("preedit-changed", lambda e, s: say("preedit " + json.dumps(s)))
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
box.pack_start(entry, False, False, 0)
win.add(box)
win.show_all()
entry.grab_focus()
# Set the selection before the window gets focus, so that the input method sees it from
# its first state on (grab_focus alone selects everything in GTK 3).
if select_all:
    entry.select_region(0, -1)
else:
    entry.set_position(-1)


def check_focus():
    if not (win.is_active() and entry.has_focus()):
        return True
    if select_all and not entry.get_selection_bounds():
        entry.select_region(0, -1)
    say("ready")
    return False


GLib.timeout_add(50, check_focus)
Gtk.main()
