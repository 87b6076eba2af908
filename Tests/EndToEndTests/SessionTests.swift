import Foundation
import Testing

extension EndToEnd {
/// Start-up and shutdown against other programs on the seat.
@Suite struct SessionTests {
    @Test(arguments: Compositor.Kind.allCases)
    func secondInputMethodSaysSoAndKeepsTyping(_ kind: Compositor.Kind) throws {
        let c = try Compositor(kind)
        let first = try c.tapboard()
        usleep(500_000)
        let second = try c.tapboard(["--hidden"])
        #expect(waitUntil(5) { second.stderr.contains("another input method holds this seat") },
                "second tapboard said: \(second.stderr)")
        #expect(second.process.isRunning && first.process.isRunning)
        #expect(!first.stderr.contains("another input method"))
    }

    @Test(arguments: Compositor.Kind.allCases)
    func compositorGoingAwayEndsTapboardWithOneLine(_ kind: Compositor.Kind) throws {
        var c: Compositor? = try Compositor(kind)
        let tb = try c!.tapboard()
        usleep(500_000)
        c!.stopCompositorOnly()
        #expect(waitUntil(5) { !tb.process.isRunning })
        #expect(tb.process.terminationStatus == 1)
        #expect(tb.stderr == "tapboard: lost the connection to the compositor\n")
        c = nil
    }
}
}
