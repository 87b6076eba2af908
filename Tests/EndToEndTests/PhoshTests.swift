import Foundation
import Testing

/// A system user for a test, with a password drawn for the run (lower-case letters, then
/// digits) that is disabled when the test lets the user go; the user is kept for the next run
/// (its processes may outlive the test by a moment).
private final class TestUser {
    let name: String
    let password: String

    init(_ name: String) throws {
        self.name = name
        let letters = (0..<6).map { _ in String("abcdefghijklmnopqrstuvwxyz".randomElement()!) }.joined()
        password = letters + String(Int.random(in: 10...99))
        if !runs("/usr/bin/getent", ["passwd", name]) {
            guard
                runs(
                    "/usr/sbin/useradd",
                    ["--system", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", name])
            else { throw HarnessError("useradd \(name) failed") }
        }
        guard runs("/usr/sbin/chpasswd", [], input: "\(name):\(password)\n") else {
            throw HarnessError("chpasswd for \(name) failed")
        }
    }

    deinit { _ = runs("/usr/sbin/usermod", ["--password", "!", name]) }
}

/// Runs a program to its end; whether it exited 0.
private func runs(_ executable: String, _ args: [String], input: String? = nil) -> Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    let pipe = Pipe()
    if input != nil { p.standardInput = pipe }
    guard (try? p.run()) != nil else { return false }
    if let input {
        pipe.fileHandleForWriting.write(Data(input.utf8))
        try? pipe.fileHandleForWriting.close()
    }
    p.waitUntilExit()
    return p.terminationStatus == 0
}

extension Compositor {
    /// Starts Phosh (locked) as `user`, with the compositor's session bus, and waits until its
    /// lock screen is up (org.gnome.ScreenSaver says so). The run directory and the sockets in
    /// it are opened to the user; Phosh keeps its own runtime directory.
    fileprivate func lockedPhosh(as user: TestUser) throws -> Child {
        guard FileManager.default.isExecutableFile(atPath: "/usr/libexec/phosh") else {
            throw HarnessError("phosh is not installed: run `make test`, which installs it")
        }
        guard let busAddress else { throw HarnessError("Phosh needs the session bus") }
        let home = runDir + "/phosh"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        guard runs("/usr/bin/chown", [user.name, home]) else { throw HarnessError("chown \(home) failed") }
        chmod(runDir, 0o711)
        for socket in ["wayland-1", "session-bus"] { chmod(runDir + "/" + socket, 0o666) }
        let phosh = try start(
            "/usr/bin/setpriv",
            [
                "--reuid=\(user.name)", "--regid=\(user.name)", "--init-groups", "env", "-i",
                "PATH=/usr/bin:/bin", "HOME=\(home)", "XDG_RUNTIME_DIR=\(home)", "USER=\(user.name)",
                "WAYLAND_DISPLAY=\(runDir)/wayland-1", "DBUS_SESSION_BUS_ADDRESS=\(busAddress)",
                "GSETTINGS_BACKEND=memory", "LANG=C.UTF-8", "/usr/libexec/phosh", "--locked"
            ])
        guard waitUntil(20, { (try? screenSaverActive()) == "(true,)" }) else {
            throw HarnessError("Phosh's lock screen did not come up: \(phosh.stderr.suffix(2000))")
        }
        return phosh
    }

    /// Phosh's lock state as gdbus prints it: "(true,)" while locked.
    func screenSaverActive() throws -> String {
        try gdbus([
            "call", "--session", "--dest", "org.gnome.ScreenSaver", "--object-path", "/org/gnome/ScreenSaver",
            "--method", "org.gnome.ScreenSaver.GetActive"
        ])
    }
}

extension EndToEnd {
    /// tapboard as the on-screen keyboard of a real Phosh session on phoc: Phosh shows and hides
    /// it through sm.puri.OSK0, and its panel is above the lock screen (the layer surface named
    /// "osk", which phoc raises there).
    @Suite struct PhoshTests {
        @Test func aPasswordTypedOnThePanelUnlocksPhoshsLockScreen() throws {
            let c = try Compositor(.phoc, busForEveryUser: true)
            let user = try TestUser("tapboard-phosh")
            defer { withExtendedLifetime(user) {} }  // its password must hold until Phosh has checked it
            let tb = try c.tapboard(["--hidden"])
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<false>,)" }, "tapboard said: \(tb.stderr)")
            let phosh = try c.lockedPhosh(as: user)

            // Swipe the lock screen up to its keypad (libhandy follows a dragged pointer), and tap
            // the keypad's keyboard button: Phosh asks for the on-screen keyboard. The swipe is
            // tried again if the button was tapped while the keypad was still sliding in.
            let swipe =
                ["down:360,1000"] + stride(from: 980, through: 500, by: -60).flatMap { ["sleep:30", "move:360,\($0)"] } + ["up"]
            var asked = false
            for _ in 0..<3 where !asked {
                try c.tap(swipe + ["sleep:800", "tap:273,840"])
                asked = waitUntil(3) { (try? c.oskVisible()) == "(<true>,)" }
            }
            try #require(asked, "Phosh did not ask for the keyboard: \(phosh.stderr.suffix(2000))")
            let letters = try PanelMap(purpose: "password")
            #expect(
                try waitUntil(5) { panelShown(try c.screenshot("phosh-lock-keyboard"), letters) },
                "the panel is not above the lock screen")

            // The password: its letters, then its digits on the symbols layer, then Return.
            let symbols = try PanelMap(layer: "symbols", purpose: "password")
            let typed = user.password.map(String.init)
            let steps =
                try letters.taps(typed.filter { $0.first!.isLetter }) + [try letters.tap("123")]
                + symbols.taps(typed.filter { $0.first!.isNumber }) + [try symbols.tap("⏎")]
            try c.tap(steps)
            #expect(waitUntil(10) { (try? c.screenSaverActive()) == "(false,)" }, "still locked: \(phosh.stderr.suffix(2000))")
            // Phosh hides the keyboard once unlocked.
            #expect(waitUntil(5) { (try? c.oskVisible()) == "(<false>,)" })
            #expect(try waitUntil(5) { !panelShown(try c.screenshot("phosh-unlocked"), letters) })
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }
    }
}
