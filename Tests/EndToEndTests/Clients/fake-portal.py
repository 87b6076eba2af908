#!/usr/bin/python3
# Test-only settings portal: owns org.freedesktop.portal.Desktop on the session bus and
# answers org.freedesktop.portal.Settings.Read("org.freedesktop.appearance",
# "color-scheme") with the number given as the first argument (0 no preference, 1 prefer
# dark, 2 prefer light), wrapped in two variants as xdg-desktop-portal's Read does.
# Prints "ready" once it owns the name, and "read NAMESPACE KEY" for every call.
import sys

from gi.repository import Gio, GLib

SCHEME = int(sys.argv[1])
XML = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""


def call(connection, sender, path, interface, method, params, invocation):
    namespace, key = params.unpack()
    print(f"read {namespace} {key}", flush=True)
    if (namespace, key) == ("org.freedesktop.appearance", "color-scheme"):
        inner = GLib.Variant("v", GLib.Variant("u", SCHEME))
        invocation.return_value(GLib.Variant("(v)", (inner,)))
    else:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")


def get_property(connection, sender, path, interface, name):
    return GLib.Variant("u", 1)


def acquired(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object("/org/freedesktop/portal/desktop", info, call, get_property, None)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                 acquired, lambda c, n: print("ready", flush=True), lambda c, n: sys.exit("lost the name"))
GLib.MainLoop().run()
