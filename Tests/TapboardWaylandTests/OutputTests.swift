import Testing

@testable import TapboardWayland

/// Output state applies on `done`; the logical size comes from xdg-output, else from
/// the mode, scale and transform.
@Suite struct OutputTests {
    @Test func stateAppliesOnlyOnDone() {
        let o = Output(nil, globalName: 1)
        var changes = 0
        o.onChange = { _ in changes += 1 }
        o.pending.modeWidth = 720
        o.pending.modeHeight = 1280
        #expect(!o.isReady)
        #expect(o.logicalSize == (0, 0))
        o.done()
        #expect(o.isReady && changes == 1)
        #expect(o.logicalSize == (720, 1280))
        // A rotation arrives in pieces: nothing moves until done.
        o.pending.transform = 1
        #expect(o.logicalSize == (720, 1280))
        o.done()
        #expect(o.logicalSize == (1280, 720) && o.transform == 1 && changes == 2)
        // A done that changes nothing reports nothing.
        o.done()
        #expect(changes == 2)
    }

    @Test func fallbackSizeFromModeScaleAndTransform() {
        var s = Output.State()
        s.modeWidth = 1440
        s.modeHeight = 2560
        s.scale = 2
        #expect(s.logicalSize == (720, 1280))
        for t: Int32 in [1, 3, 5, 7] {
            s.transform = t
            #expect(s.logicalSize == (1280, 720), "transform \(t)")
        }
        s.transform = 2
        #expect(s.logicalSize == (720, 1280))
    }

    /// xdg-output knows fractional scales and layouts the mode cannot tell.
    @Test func xdgOutputSizeAndNameWin() {
        let o = Output(nil, globalName: 1)
        o.pending.modeWidth = 1920
        o.pending.modeHeight = 1080
        o.pending.outputName = "DP-1"
        o.done()
        #expect(o.name == "DP-1" && o.logicalSize == (1920, 1080))
        o.pending.logicalWidth = 1280
        o.pending.logicalHeight = 720
        o.pending.xdgName = "DP-1x"
        o.done()
        #expect(o.name == "DP-1x" && o.logicalSize == (1280, 720))
    }
}
