#!/usr/bin/python3
# Test-only GTK4 client: one Gtk.Entry (or a multi-line Gtk.TextView with --multiline).
# Prints "ready" once the field has focus, "text "..."" after every change (JSON-quoted),
# "preedit "..."" when the entry's preedit changes, and "activate" when Return activates
# the entry. Options: --purpose NAME, --hints a,b,
# --text INITIAL, --select-all (select the initial text once focused), --second (a second
# entry filling the lower half of the window, reported as "second "..."", and "focus first"
# or "focus second" when one of the two gets the keyboard focus), --report-size
# (a line "size W H" whenever the window's size changes, W and H in logical pixels),
# --report-selection (the entry's selection, "select START END" in characters, whenever it
# or the cursor moves).
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

args = sys.argv[1:]
purpose = "free_form"
hints = []
multiline = "--multiline" in args
second = "--second" in args
select_all = "--select-all" in args
report_size = "--report-size" in args
report_selection = "--report-selection" in args
if "--purpose" in args:
    purpose = args[args.index("--purpose") + 1]
initial = args[args.index("--text") + 1] if "--text" in args else ""
if "--hints" in args:
    hints = args[args.index("--hints") + 1].split(",")


def say(line):
    print(line, flush=True)


def on_activate(app):
    win = Gtk.ApplicationWindow(application=app, title="tapboard-gtk-entry")
    win.set_default_size(400, 200)
    if multiline:
        field = Gtk.TextView()
        buf = field.get_buffer()
        buf.connect("changed", lambda b: say("text " + json.dumps(
            b.get_text(b.get_start_iter(), b.get_end_iter(), False))))
    else:
        field = Gtk.Entry()
        field.set_text(initial)
        field.connect("changed", lambda e: say("text " + json.dumps(e.get_text())))
        field.connect("activate", lambda e: say("activate"))
        field.get_delegate().connect("preedit-changed", lambda t, s: say("preedit " + json.dumps(s)))
        if report_selection:
            def selection(*_):
                # (start, end), or () without a selection: then the cursor.
                bounds = field.get_selection_bounds()
                say("select %d %d" % (tuple(bounds) if bounds else (field.get_position(),) * 2))

            # The entry's text widget holds the selection and says when it moves.
            field.get_delegate().connect("notify::selection-bound", selection)
            field.get_delegate().connect("notify::cursor-position", selection)
    field.set_input_purpose(getattr(Gtk.InputPurpose, purpose.upper()))
    flags = Gtk.InputHints.NONE
    for h in hints:
        flags |= getattr(Gtk.InputHints, h.upper())
    field.set_input_hints(flags)
    if second:
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, homogeneous=True)
        other = Gtk.Entry()
        other.connect("changed", lambda e: say("second " + json.dumps(e.get_text())))
        for name, widget in (("first", field), ("second", other)):
            focus = Gtk.EventControllerFocus()
            focus.connect("enter", lambda c, name=name: say("focus " + name))
            widget.add_controller(focus)
        box.append(field)
        box.append(other)
        win.set_child(box)
    else:
        win.set_child(field)
    win.present()
    field.grab_focus()
    if not multiline:
        # The selection exists before the window gets focus: the input method sees it
        # from its first state on.
        if select_all:
            field.select_region(0, -1)
        else:
            field.set_position(-1)

    def check_focus():
        # An entry's focus sits on its inner text widget.
        if win.is_active() and win.get_focus() is not None:
            if select_all and not multiline and not field.get_selection_bounds()[0]:
                field.select_region(0, -1)
            say("ready")
            return False
        return True

    GLib.timeout_add(50, check_focus)

    if report_size:
        last = [None]

        def check_size():
            size = (win.get_width(), win.get_height())
            if size != last[0] and size[0] > 0:
                last[0] = size
                say("size %d %d" % size)
            return True

        GLib.timeout_add(50, check_size)


app = Gtk.Application(application_id="org.tapboard.GtkEntry")
app.connect("activate", on_activate)
app.run([])
