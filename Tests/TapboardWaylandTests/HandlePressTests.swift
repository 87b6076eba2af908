import TapboardCore
import Testing

@testable import TapboardWayland

/// Presses on the handle bring the panel up and never reach the keyboard; presses on the
/// panel reach it and ask for feedback.
@Suite struct HandlePressTests {
    final class Counts {
        var controllerCalls = 0, handle = 0, feedback = 0
    }

    func router() -> (PressRouter, Counts) {
        let counts = Counts()
        let r = PressRouter { _ in counts.controllerCalls += 1 }
        r.onHandle = { counts.handle += 1 }
        r.onPanelPress = { counts.feedback += 1 }
        return (r, counts)
    }

    @Test func aTapOnTheHandleShowsThePanelOnly() {
        let (r, counts) = router()
        r.pressed(.touch(1), on: .handle, at: Point(x: 30, y: 7), time: 1)
        // A swipe up: the finger goes on over the panel that came up, then lifts.
        r.moved(.touch(1), on: .panel, to: Point(x: 30, y: 100))
        r.released(.touch(1), time: 2)
        #expect(counts.handle == 1)
        #expect(counts.controllerCalls == 0)
        #expect(counts.feedback == 0)
    }

    @Test func aPointerPressOnTheHandleThatIsCancelledEndsQuietly() {
        let (r, counts) = router()
        r.pressed(.pointer, on: .handle, at: Point(x: 1, y: 1), time: 1)
        r.cancelled(.pointer)
        #expect(counts.handle == 1)
        #expect(counts.controllerCalls == 0)
        // The next press is the panel's again.
        r.pressed(.pointer, on: .panel, at: Point(x: 5, y: 5), time: 2)
        r.released(.pointer, time: 3)
        #expect(counts.controllerCalls == 2)
    }

    @Test func eachPressOnThePanelAsksForFeedbackOnce() {
        let (r, counts) = router()
        r.pressed(.touch(1), on: .panel, at: Point(x: 5, y: 5), time: 1)
        r.pressed(.touch(2), on: .panel, at: Point(x: 50, y: 5), time: 1)
        r.moved(.touch(1), on: .panel, to: Point(x: 6, y: 5))
        r.released(.touch(1), time: 2)
        r.released(.touch(2), time: 2)
        #expect(counts.feedback == 2)
        #expect(counts.controllerCalls == 5)
        #expect(counts.handle == 0)
    }
}
