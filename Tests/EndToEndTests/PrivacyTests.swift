import Foundation
import Testing

extension EndToEnd {
    /// What is typed stays between the user and the field: never in tapboard's output (it
    /// has no verbosity setting: everything it can print is on), never on disk from a
    /// secret field.
    @Suite struct PrivacyTests {
        /// Everything under the data directory, with sizes and times.
        func listing(_ dir: String) -> [String] {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: dir)) ?? []
            return names.sorted().map { name in
                let a = try? FileManager.default.attributesOfItem(atPath: dir + "/" + name)
                return "\(name) \(a?[.size] ?? 0) \(String(describing: a?[.modificationDate]))"
            }
        }

        /// Types `keys` into a fresh probe started with `args`, once the panel has taken the
        /// field's keyboard (and strip), `map`; returns what it holds once it has said `want`
        /// (or after 5 s).
        func type(
            _ c: Compositor, _ tb: Child, _ args: [String], _ map: PanelMap, _ keys: [String], want: String
        ) throws -> String? {
            let p = try c.focus(tb, shows: map) { try c.focusedProbe(args) }
            try c.tap(map.taps(keys))
            _ = waitUntil(5) { p.lines.last { $0.hasPrefix("text ") } == want }
            let text = p.lines.last { $0.hasPrefix("text ") }
            p.stop()
            return text
        }

        @Test func typedTextIsNeverLoggedNorStoredFromSecretFields() throws {
            let c = try Compositor(.sway)
            let data = c.runDir + "/data"
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
            // A bad config line makes tapboard print something: it must not echo fields.
            let tb = try c.tapboard(env: ["XDG_DATA_HOME": data], config: ["learn = on", "bogus = 1"])
            #expect(try waitUntil(5) { panelShown(try c.screenshot("privacy-start")) }, "tapboard: \(tb.stderr)")
            let before = listing(data)

            let letters = { (word: String) in word.map { String($0) } }
            let password = try type(
                c, tb, ["--purpose", "password"], PanelMap(purpose: "password"),
                letters("hunter") + ["space"] + letters("quokka"), want: "text \"hunter quokka\"")
            #expect(password == "text \"hunter quokka\"")
            let pin = try type(
                c, tb, ["--purpose", "pin"], PanelMap(purpose: "pin"), ["2", "4", "6", "8", "1", "3"], want: "text \"246813\"")
            #expect(pin == "text \"246813\"")
            let sensitive = try type(
                c, tb, ["--hints", "sensitive_data"], PanelMap(config: Compositor.noSuggestions),
                letters("wombat") + ["space"], want: "text \"wombat \"")
            #expect(sensitive == "text \"wombat \"")
            usleep(3_500_000)  // longer than learned words wait before they are written
            #expect(listing(data) == before, "a secret field left something on disk")

            // A prose field next: its words are learned (so the check above could fail).
            let prose = try type(
                c, tb, [], PanelMap(), letters("zebra") + ["space"] + letters("jumps") + ["space"], want: "text \"zebra jumps \"")
            #expect(prose == "text \"zebra jumps \"")
            tb.signal(SIGTERM)
            #expect(waitUntil(5) { !tb.process.isRunning })
            let learned = (try? String(contentsOfFile: data + "/tapboard/learned-en.txt", encoding: .utf8)) ?? ""
            #expect(learned.contains("w\tzebra\t1"), "learned: \(learned)")
            for secret in ["hunter", "quokka", "246813", "wombat"] {
                #expect(!learned.contains(secret), "\(secret) was learned")
            }

            let output = tb.lines.joined(separator: "\n") + "\n" + tb.stderr
            #expect(output.contains("bogus"), "tapboard printed nothing: \(output)")
            for typed in ["hunter", "quokka", "246813", "2468", "wombat", "zebra", "jumps"] {
                #expect(!output.contains(typed), "\"\(typed)\" appeared in tapboard's output: \(output)")
            }
        }
    }
}
