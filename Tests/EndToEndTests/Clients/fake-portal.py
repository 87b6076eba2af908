#!/usr/bin/python3
# Test-only settings portal: owns org.freedesktop.portal.Desktop on the session bus and
# answers org.freedesktop.portal.Settings.Read("org.freedesktop.appearance",
# "color-scheme") with the number given as the first argument (0 no preference, 1 prefer
# dark, 2 prefer light), wrapped in two variants as xdg-desktop-portal's Read does.
# On SIGUSR1 the scheme becomes the next number given, announced by the SettingChanged
# signal. Prints "ready" once it owns the name, "read NAMESPACE KEY" for every call and
# "changed N" after each signal.
import signal
import sys

from gi.repository import Gio, GLib

SCHEMES = [int(a) for a in sys.argv[1:]]
SCHEME = SCHEMES.pop(0)
bus = None
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


def change():
    global SCHEME
    if SCHEMES and bus is not None:
        SCHEME = SCHEMES.pop(0)
        bus.emit_signal(None, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings", "SettingChanged",
                        GLib.Variant("(ssv)", ("org.freedesktop.appearance", "color-scheme", GLib.Variant("u", SCHEME))))
        bus.flush_sync(None)
        print(f"changed {SCHEME}", flush=True)
    return GLib.SOURCE_CONTINUE


def acquired(connection, name):
    global bus
    bus = connection
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object("/org/freedesktop/portal/desktop", info, call, get_property, None)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                 acquired, lambda c, n: print("ready", flush=True), lambda c, n: sys.exit("lost the name"))
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, change)
GLib.MainLoop().run()
