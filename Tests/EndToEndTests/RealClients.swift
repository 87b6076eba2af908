import Foundation
import TestSupport
import Testing

/// Real applications as text-input clients: a GTK 3 entry, the GTK 4 entry, and a page
/// with one text field in Firefox ESR and in Chromium. Every helper waits until the
/// field has focus and returns the child whose `lines` report the field: `ready`, then
/// `text "..."` (JSON-quoted) after every change.
enum RealClient: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case gtk3, gtk4, firefox, chromium
    var testDescription: String { rawValue }
}

/// What a real client's field starts with.
struct FieldSetup: Sendable {
    var text = ""
    /// Select the whole initial text once the field has focus.
    var selectAll = false
    /// A multi-line field (browsers: a `<textarea>`).
    var multiline = false
    /// A password field.
    var password = false
    /// A second field below the first (reported as `second "..."`), to move focus to.
    var second = false
    /// The GTK 4 entry and the page report the field's selection (`select START END`).
    var selection = false

    var clientArgs: [String] {
        var args: [String] = []
        if !text.isEmpty { args += ["--text", text] }
        if selectAll { args.append("--select-all") }
        if second { args.append("--second") }
        return args
    }

    /// What the GTK clients are told (the page gets `--password` and `--selection` instead).
    var gtkArgs: [String] { clientArgs + (password ? ["--purpose", "password"] : []) + (selection ? ["--report-selection"] : []) }
}

/// The field's current text: the last `text "..."` line.
func fieldText(_ client: Child) -> String? {
    client.lines.last { $0.hasPrefix("text ") }.flatMap {
        try? JSONSerialization.jsonObject(with: Data($0.dropFirst(5).utf8), options: .fragmentsAllowed) as? String
    }
}

/// Waits until the client has said nothing new for `quiet` seconds (at most `seconds`),
/// then returns the field's text: `initial` if it never reported a change.
func settledFieldText(_ client: Child, initial: String? = nil, quiet: Double = 1, seconds: Double = 10) -> String? {
    _ = wentQuiet(client, quiet: quiet, seconds: seconds)
    return fieldText(client) ?? initial
}

/// Waits until the client has said nothing new for `quiet` seconds; false: it kept
/// talking for `seconds`.
func wentQuiet(_ client: Child, quiet: Double, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var count = client.lines.count
    var since = Date()
    while Date() < deadline {
        usleep(50_000)
        let now = client.lines.count
        if now != count {
            count = now
            since = Date()
        }
        if Date().timeIntervalSince(since) >= quiet { return true }
    }
    return false
}

extension Compositor {
    static let clients = Repository.root + "/Tests/EndToEndTests/Clients"
    /// Browsers are slow to start under pixman.
    static let browserStart: Double = 30

    /// Starts `client` with its field set up, and waits until the field has focus (tapboard
    /// may not have the field yet: `focus` waits for that).
    func realClient(_ client: RealClient, _ field: FieldSetup = FieldSetup()) throws -> Child {
        let c: Child
        switch client {
        case .gtk3:
            guard !field.multiline else { throw HarnessError("the GTK 3 client has no multi-line field") }
            c = try gtk3Entry(field.gtkArgs)
        case .gtk4: c = try gtkEntry(field.gtkArgs + (field.multiline ? ["--multiline"] : []))
        case .firefox: c = try firefox(field)
        case .chromium: c = try chromium(field)
        }
        return c
    }

    /// The GTK 3 test client (Clients/gtk3-entry.py); waits until its entry has focus.
    func gtk3Entry(_ args: [String] = []) throws -> Child {
        let c = try start(
            "/usr/bin/python3", [Self.clients + "/gtk3-entry.py"] + args,
            env: ["GDK_BACKEND": "wayland"])
        guard c.waitFor("ready", seconds: 15) else { throw HarnessError("the GTK 3 entry did not start: \(c.stderr)") }
        return c
    }

    /// Serves the test page (Clients/browser-page.py) on loopback; returns the server and
    /// the page's address.
    func browserPage(_ field: FieldSetup) throws -> (Child, String) {
        let server = try start(
            "/usr/bin/python3",
            [Self.clients + "/browser-page.py"] + field.clientArgs
                + (field.multiline ? ["--textarea"] : []) + (field.password ? ["--password"] : [])
                + (field.selection ? ["--selection"] : []))
        var url: String?
        _ = waitUntil(10) {
            url = server.lines.first { $0.hasPrefix("url ") }.map { String($0.dropFirst(4)) }
            return url != nil
        }
        guard let url else { throw HarnessError("the page server did not start: \(server.stderr)") }
        return (server, url)
    }

    /// A home and runtime directory for a browser, owned by the caller. Firefox refuses to
    /// run as root with a HOME or XDG_RUNTIME_DIR that belongs to another user (sway's
    /// runDir belongs to the unprivileged compositor user); the socket is reached by its
    /// absolute path.
    func browserHome(_ name: String) throws -> String {
        let dir = runDir + "/" + name
        try FileManager.default.createDirectory(
            atPath: dir, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        return dir
    }

    /// Waits for the page's `ready`; on failure says what the browser printed.
    private func pageReady(_ server: Child, _ browser: Child, _ name: String) throws -> Child {
        guard server.waitFor("ready", seconds: Self.browserStart) else {
            let shot = (try? screenshot("\(name)-not-ready")) ?? "no screenshot"
            throw HarnessError(
                "\(name): the page's field got no focus within \(Int(Self.browserStart)) s "
                    + "(running: \(browser.process.isRunning), \(shot)); page: \(server.lines); "
                    + "\(name) said: \(browser.stderr.suffix(3000))")
        }
        return server
    }

    /// Firefox ESR on Wayland with a fresh profile showing the test page; returns the
    /// page server, whose lines report the field.
    func firefox(_ field: FieldSetup = FieldSetup()) throws -> Child {
        let (server, url) = try browserPage(field)
        let home = try browserHome("firefox-home")
        let profile = home + "/profile"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        try Self.firefoxPrefs.map { "user_pref(\"\($0.0)\", \($0.1));\n" }.joined()
            .write(toFile: profile + "/user.js", atomically: true, encoding: .utf8)
        // Not --kiosk: a fullscreen window covers the panel's layer (top) in sway.
        let browser = try start(
            "/usr/bin/firefox-esr", ["--no-remote", "--new-instance", "--profile", profile, url],
            env: [
                "HOME": home, "XDG_RUNTIME_DIR": home, "MOZ_ENABLE_WAYLAND": "1",
                "GDK_BACKEND": "wayland", "MOZ_CRASHREPORTER_DISABLE": "1"
            ])
        return try pageReady(server, browser, "firefox")
    }

    /// Preferences for a quiet Firefox: no first-run pages, updates, telemetry, session
    /// restore, remote settings or other network services.
    static let firefoxPrefs: [(String, String)] = [
        ("browser.shell.checkDefaultBrowser", "false"),
        ("browser.startup.homepage_override.mstone", "\"ignore\""),
        ("startup.homepage_welcome_url", "\"\""),
        ("startup.homepage_welcome_url.additional", "\"\""),
        ("startup.homepage_override_url", "\"\""),
        ("browser.aboutwelcome.enabled", "false"),
        ("datareporting.policy.dataSubmissionEnabled", "false"),
        ("datareporting.policy.firstRunURL", "\"\""),
        ("datareporting.healthreport.uploadEnabled", "false"),
        ("toolkit.telemetry.enabled", "false"),
        ("toolkit.telemetry.unified", "false"),
        ("toolkit.telemetry.reportingpolicy.firstRun", "false"),
        ("app.update.auto", "false"),
        ("app.update.enabled", "false"),
        ("app.normandy.enabled", "false"),
        ("browser.sessionstore.resume_from_crash", "false"),
        ("browser.sessionstore.max_resumed_crashes", "0"),
        ("toolkit.startup.max_resumed_crashes", "-1"),
        ("services.settings.server", "\"http://127.0.0.1:9/\""),
        ("network.captive-portal-service.enabled", "false"),
        ("network.connectivity-service.enabled", "false"),
        ("captivedetect.canonicalURL", "\"\""),
        ("extensions.update.enabled", "false"),
        ("extensions.getAddons.cache.enabled", "false"),
        ("extensions.systemAddon.update.enabled", "false"),
        ("extensions.pocket.enabled", "false"),
        ("browser.safebrowsing.malware.enabled", "false"),
        ("browser.safebrowsing.phishing.enabled", "false"),
        ("browser.safebrowsing.downloads.enabled", "false"),
        ("browser.safebrowsing.provider.google4.updateURL", "\"\""),
        ("browser.search.update", "false"),
        ("browser.region.update.enabled", "false"),
        ("browser.region.network.url", "\"\""),
        ("browser.newtabpage.enabled", "false"),
        ("browser.translations.enabled", "false"),
        ("browser.tabs.warnOnClose", "false"),
        ("media.gmp-manager.updateEnabled", "false"),
        ("network.proxy.type", "0"),
        ("network.dns.disablePrefetch", "true"),
        ("network.prefetch-next", "false"),
        ("browser.discovery.enabled", "false"),
        ("browser.uitour.enabled", "false")
    ]

    /// Chromium on Wayland with text-input-v3, a fresh profile, and the test page as an
    /// app window; returns the page server, whose lines report the field.
    func chromium(_ field: FieldSetup = FieldSetup()) throws -> Child {
        let (server, url) = try browserPage(field)
        let home = try browserHome("chromium-home")
        var args = [
            "--ozone-platform=wayland", "--enable-wayland-ime", "--wayland-text-input-version=3",
            "--user-data-dir=\(home)/profile", "--no-first-run", "--no-default-browser-check",
            "--disable-gpu", "--test-type", "--password-store=basic",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-extensions", "--no-pings", "--disable-breakpad",
            "--disable-domain-reliability", "--disable-client-side-phishing-detection",
            "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
            "--app=\(url)"
        ]
        if geteuid() == 0 { args.insert("--no-sandbox", at: 0) }
        let browser = try start("/usr/bin/chromium", args, env: ["HOME": home])
        return try pageReady(server, browser, "chromium")
    }
}
