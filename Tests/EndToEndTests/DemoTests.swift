import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// `make run` away from any Wayland session: the demo starts its own headless sway, a GTK 4
    /// field and tapboard, taps a sentence and says what the field received.
    @Suite struct DemoTests {
        @Test func headlessDemoTypesItsSentence() throws {
            let env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
            let demo = try Child(Repository.root + "/scripts/demo", [], env: env)
            #expect(waitUntil(120) { !demo.process.isRunning }, "the demo did not end: \(demo.lines)")
            // Its last lines may still be on their way through the pipe.
            _ = waitUntil(2) { demo.lines.last == "demo: ok" }
            #expect(demo.process.terminationStatus == 0, "demo: \(demo.lines) \(demo.stderr)")
            #expect(demo.lines.contains("demo: the field received: \"Hello from tapboard\""), "demo: \(demo.lines)")
            let shot = demo.lines.first { $0.hasPrefix("demo: screenshot: ") }.map { String($0.dropFirst(18)) }
            let path = try #require(shot, "no screenshot line: \(demo.lines)")
            // Taken as the last word is typed: the strip shows what it offers for it.
            let typing = try PanelMap(context: "Hello from ", typed: "tapboard")
            #expect(panelShown(path, typing), "the screenshot shows no panel with its strip: \(path)")
            #expect(demo.lines.last == "demo: ok")
        }
    }
}
