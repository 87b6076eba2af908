#!/usr/bin/python3
# Test-only stand-in for feedbackd: owns org.sigxcpu.Feedback on the session bus and
# prints each call, "TriggerFeedback APP EVENT HINTS TIMEOUT", after "ready".
from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.sigxcpu.Feedback">
    <method name="TriggerFeedback">
      <arg name="app_id" type="s" direction="in"/>
      <arg name="event" type="s" direction="in"/>
      <arg name="hints" type="a{sv}" direction="in"/>
      <arg name="timeout" type="i" direction="in"/>
      <arg name="id" type="u" direction="out"/>
    </method>
    <method name="EndFeedback">
      <arg name="id" type="u" direction="in"/>
    </method>
  </interface>
</node>
"""
calls = 0


def say(line):
    print(line, flush=True)


def on_call(connection, sender, path, interface, method, params, invocation):
    global calls
    if method == "TriggerFeedback":
        app_id, event, hints, timeout = params.unpack()
        calls += 1
        say(f"TriggerFeedback {app_id} {event} {hints} {timeout}")
        invocation.return_value(GLib.Variant("(u)", (calls,)))
    else:
        say(method)
        invocation.return_value(None)


def on_bus(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    connection.register_object("/org/sigxcpu/Feedback", info.interfaces[0], on_call, None, None)


Gio.bus_own_name(Gio.BusType.SESSION, "org.sigxcpu.Feedback", Gio.BusNameOwnerFlags.NONE,
                 on_bus, lambda c, n: say("ready"), lambda c, n: say("name lost"))
GLib.MainLoop().run()
