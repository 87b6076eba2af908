import Foundation
import Testing

extension Compositor {
    /// A stand-in feedbackd (Clients/fake-feedbackd.py) on the private session bus; waits
    /// until it owns org.sigxcpu.Feedback. It prints each call it gets.
    func fakeFeedbackd() throws -> Child {
        guard let busAddress else { throw HarnessError("no private session bus") }
        let f = try start(
            "/usr/bin/python3", [Self.clients + "/fake-feedbackd.py"],
            env: ["DBUS_SESSION_BUS_ADDRESS": busAddress])
        guard f.waitFor("ready", seconds: 10) else {
            throw HarnessError("the fake feedbackd did not start: \(f.lines) \(f.stderr)")
        }
        return f
    }
}

extension EndToEnd {
    /// Haptics and sound through feedbackd: one `button-pressed` per key press, none with
    /// `feedback = off`, and nothing at all (not even a line) without feedbackd.
    @Suite struct FeedbackTests {
        let panel: PanelMap
        init() throws { panel = try PanelMap(config: Compositor.noSuggestions) }

        /// tapboard with its panel up and the probe's field focused.
        func session(_ c: Compositor, config: [String]) throws -> (tapboard: Child, probe: Child) {
            let tb = try c.shownTapboard(config: Compositor.noSuggestions + config, name: "feedback-start")
            let p = try c.focus(tb, shows: panel) { try c.focusedProbe(["--hints", "lowercase"]) }
            return (tb, p)
        }

        static let call = "TriggerFeedback tapboard button-pressed {} -1"

        @Test(arguments: Compositor.Kind.allCases)
        func aTapGivesOneFeedback(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let feedbackd = try c.fakeFeedbackd()
            let (tb, p) = try session(c, config: [])
            try c.tap(panel.taps(["a"]))
            #expect(p.waitFor("text \"a\""), "probe saw: \(p.lines)")
            #expect(feedbackd.waitFor(Self.call), "feedbackd saw: \(feedbackd.lines)")
            usleep(500_000)
            #expect(feedbackd.lines == ["ready", Self.call])
            try c.tap(panel.taps(["b"]))
            #expect(p.waitFor("text \"ab\""), "probe saw: \(p.lines)")
            #expect(waitUntil(5) { feedbackd.lines.count == 3 }, "feedbackd saw: \(feedbackd.lines)")
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func feedbackOffCallsNothing(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let feedbackd = try c.fakeFeedbackd()
            let (tb, p) = try session(c, config: ["feedback = off"])
            try c.tap(panel.taps(["a"]))
            #expect(p.waitFor("text \"a\""), "probe saw: \(p.lines)")
            usleep(1_000_000)
            #expect(feedbackd.lines == ["ready"])
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func withoutFeedbackdTypingWorksAndNothingIsSaid(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            let (tb, p) = try session(c, config: [])
            try c.tap(panel.taps(["a", "b"]))
            #expect(p.waitFor("text \"ab\""), "probe saw: \(p.lines)")
            usleep(500_000)
            #expect(tb.stderr.isEmpty, "tapboard said: \(tb.stderr)")
        }
    }
}
