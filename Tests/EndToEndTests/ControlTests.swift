import Foundation
import Testing

extension Compositor {
    /// Runs `tapboard ARGS` (a control command, or a keyboard expected to refuse) to its end,
    /// with the same environment as the running keyboard: its status and standard error.
    func tapboardToEnd(_ args: [String]) throws -> (status: Int32, stderr: String) {
        let t = try start(Paths.tapboard, args)
        t.process.waitUntilExit()
        // The last of standard error may still be on its way through the pipe.
        _ = waitUntil(1) { t.stderr.hasSuffix("\n") }
        return (t.process.terminationStatus, t.stderr)
    }

    /// Runs `gdbus ARGS` on the private session bus to its end; its standard output.
    func gdbus(_ args: [String]) throws -> String {
        let g = try start("/usr/bin/gdbus", args)
        g.process.waitUntilExit()
        // Its output may still be on its way through the pipe (none when the call failed).
        _ = waitUntil(1) { !g.lines.isEmpty || g.process.terminationStatus != 0 }
        return g.lines.joined(separator: "\n")
    }

    /// `Visible` of sm.puri.OSK0 as gdbus prints it: "(<true>,)" or "(<false>,)".
    func oskVisible() throws -> String {
        try gdbus([
            "call", "--session", "--dest", "sm.puri.OSK0", "--object-path", "/sm/puri/OSK0",
            "--method", "org.freedesktop.DBus.Properties.Get", "sm.puri.OSK0", "Visible"
        ])
    }

    func oskSetVisible(_ visible: Bool) throws -> String {
        try gdbus([
            "call", "--session", "--dest", "sm.puri.OSK0", "--object-path", "/sm/puri/OSK0",
            "--method", "sm.puri.OSK0.SetVisible", visible ? "true" : "false"
        ])
    }

    /// The lock file of the running tapboard names it (it is ready for `tapboard show`).
    func waitForTapboardLock(_ tb: Child) -> Bool {
        waitUntil(5) {
            (try? String(contentsOfFile: runDir + "/tapboard-wayland-1.lock", encoding: .utf8))
                == "\(tb.process.processIdentifier)\n"
        }
    }
}

/// Voluntary and involuntary context switches of the process so far (its wake-ups).
func contextSwitches(_ c: Child) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(c.process.processIdentifier)/status", encoding: .utf8)
    return status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
        .compactMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }.reduce(0, +)
}

/// The PropertiesChanged line gdbus monitor prints when `Visible` becomes `visible`.
func visibleChanged(_ visible: Bool) -> String {
    "/sm/puri/OSK0: org.freedesktop.DBus.Properties.PropertiesChanged ('sm.puri.OSK0', {'Visible': <\(visible)>}, @as [])"
}

extension EndToEnd {
    /// Phosh's interface (sm.puri.OSK0 on the session bus), `tapboard show | hide | toggle`,
    /// one tapboard per display and `--replace`.
    @Suite struct ControlTests {
        @Test(arguments: Compositor.Kind.allCases)
        func setVisibleOverTheBusShowsAndHidesAndSignals(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"])
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<false>,)" }, "tapboard said: \(tb.stderr)")
            let monitor = try c.start("/usr/bin/gdbus", ["monitor", "--session", "--dest", "sm.puri.OSK0"])
            #expect(
                waitUntil(5) { monitor.lines.contains { $0.hasPrefix("The name sm.puri.OSK0 is owned by") } },
                "gdbus monitor: \(monitor.lines)")

            #expect(try c.oskSetVisible(true) == "()")
            #expect(try waitUntil(5) { panelShown(try c.screenshot("dbus-shown")) })
            #expect(try c.oskVisible() == "(<true>,)")
            #expect(monitor.waitFor(visibleChanged(true)), "gdbus monitor: \(monitor.lines)")

            #expect(try c.oskSetVisible(false) == "()")
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("dbus-hidden")) })
            #expect(try c.oskVisible() == "(<false>,)")
            #expect(monitor.waitFor(visibleChanged(false)), "gdbus monitor: \(monitor.lines)")

            // The panel coming for a focused field is signalled too.
            let probe = try c.probe()
            #expect(probe.waitFor("focus in"))
            #expect(
                waitUntil(5) { monitor.lines.filter { $0 == visibleChanged(true) }.count == 2 }, "gdbus monitor: \(monitor.lines)"
            )
            #expect(try c.oskVisible() == "(<true>,)")
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")

            // Connected to the bus and idle, tapboard is not woken at all.
            usleep(500_000)
            let before = try contextSwitches(tb)
            sleep(2)
            #expect(try contextSwitches(tb) == before, "tapboard woke while idle")
        }

        /// `tapboard show | hide | toggle`, over the bus and, without one, through signals.
        @Test(arguments: Compositor.Kind.allCases, [true, false])
        func commandsShowHideAndToggle(_ kind: Compositor.Kind, sessionBus: Bool) throws {
            let c = try Compositor(kind, sessionBus: sessionBus)
            let tb = try c.tapboard(["--hidden"])
            #expect(c.waitForTapboardLock(tb), "tapboard said: \(tb.stderr)")
            // With a bus the commands go over it: the calls are seen there.
            let calls =
                sessionBus
                ? try c.start("/usr/bin/dbus-monitor", ["--session", "type='method_call',interface='sm.puri.OSK0'"]) : nil
            if let calls {
                #expect(waitUntil(5) { !calls.lines.isEmpty }, "dbus-monitor: \(calls.stderr)")
                #expect(waitUntil(5) { (try? c.oskVisible()) == "(<false>,)" })
            }
            for (command, shown) in [("show", true), ("hide", false), ("toggle", true), ("toggle", false)] {
                let r = try c.tapboardToEnd([command])
                #expect(r.status == 0 && r.stderr.isEmpty, "tapboard \(command): \(r)")
                #expect(try waitUntil(5) { panelShown(try c.screenshot("\(command)-\(shown)")) == shown }, "after \(command)")
                if sessionBus { #expect(try c.oskVisible() == "(<\(shown)>,)") }
            }
            #expect(tb.process.isRunning)
            if let calls {
                #expect(
                    waitUntil(5) { calls.lines.filter { $0.hasSuffix("member=SetVisible") }.count == 4 },
                    "dbus-monitor: \(calls.lines)")
            }
            if sessionBus {
                #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
            } else {
                // No bus: it runs, and says so once.
                #expect(
                    tb.stderr.hasPrefix("tapboard: no session bus (")
                        && tb.stderr.hasSuffix("): D-Bus control (sm.puri.OSK0) is off\n")
                        && tb.stderr.split(separator: "\n").count == 1, "tapboard said: \(tb.stderr)")
            }
        }

        @Test(arguments: Compositor.Kind.allCases)
        func secondInstanceRefusesAndReplaceTakesOver(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let first = try c.tapboard(config: Compositor.noSuggestions)
            #expect(c.waitForTapboardLock(first), "tapboard said: \(first.stderr)")
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<true>,)" })

            let second = try c.tapboardToEnd(["--hidden"])
            #expect(second.status == 1)
            #expect(
                second.stderr == "tapboard: tapboard (pid \(first.process.processIdentifier)) already runs on "
                    + "Wayland display \(c.runDir)/wayland-1 (tapboard --replace takes over)\n")
            #expect(first.process.isRunning)

            let started = Date()
            let third = try c.tapboard(["--replace"], config: Compositor.noSuggestions)
            #expect(waitUntil(2) { !first.process.isRunning }, "the first tapboard did not stop")
            #expect(first.process.terminationStatus == 0 && first.stderr.isEmpty, "first said: \(first.stderr)")
            #expect(c.waitForTapboardLock(third), "tapboard --replace said: \(third.stderr)")
            #expect(waitUntil(2) { (try? c.oskVisible()) == "(<true>,)" }, "the new tapboard is not on the bus")
            #expect(Date().timeIntervalSince(started) < 3)

            // The new one's panel types.
            let probe = try c.probe()
            #expect(probe.waitFor("focus in"))
            #expect(try waitUntil(5) { panelShown(try c.screenshot("replaced")) })
            try c.tap(PanelMap(config: Compositor.noSuggestions).taps(["o", "k"]))
            #expect(probe.waitFor("text \"ok\""), "probe saw: \(probe.lines)")
            #expect(third.stderr.isEmpty, "tapboard --replace said: \(third.stderr)")

            third.stop()
            #expect(third.process.terminationStatus == 0)
            let none = try c.tapboardToEnd(["show"])
            #expect(
                none.status == 1 && none.stderr == "tapboard: no tapboard runs on Wayland display \(c.runDir)/wayland-1\n",
                "\(none)")
        }

        /// Another keyboard program taking sm.puri.OSK0 over (as `squeekboard --replace` would)
        /// stops tapboard, which leaves the input method to it.
        @Test(arguments: Compositor.Kind.allCases)
        func losingTheBusNameStopsTapboard(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"])
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<false>,)" }, "tapboard said: \(tb.stderr)")
            let other = try c.start(
                "/usr/bin/python3",
                [
                    "-c",
                    """
                    from gi.repository import Gio, GLib
                    loop = GLib.MainLoop()
                    Gio.bus_own_name(Gio.BusType.SESSION, "sm.puri.OSK0", Gio.BusNameOwnerFlags.REPLACE,
                                     None, lambda *a: print("acquired", flush=True), lambda *a: print("lost", flush=True))
                    loop.run()
                    """
                ], env: ["DBUS_SESSION_BUS_ADDRESS": c.busAddress ?? ""])
            #expect(other.waitFor("acquired"), "the other owner: \(other.lines) \(other.stderr)")
            #expect(waitUntil(3) { !tb.process.isRunning }, "tapboard did not stop")
            #expect(tb.process.terminationStatus == 0)
            #expect(tb.stderr == "tapboard: another program took sm.puri.OSK0 over: stopping\n")
        }
    }
}
