import TestSupport
import Testing

@testable import TapboardCore

/// The floating panel: its size and grip, its place kept on the output, the drag, the
/// places remembered per output and orientation, the globe list and the grip band's button.
@Suite struct FloatingPanelTests {
    let us: Layout

    init() throws { us = try loadShipped("us.json") }

    func floatingSettings() -> Settings {
        var s = Settings()
        _ = s.set("floating", "on")
        _ = s.set("suggestions", "off")
        return s
    }

    @Test(arguments: [(720, 1280), (360, 640), (1280, 720), (1920, 1080)])
    func theGripBandLiesOverTheKeysOfANarrowerPanel(output: (Int, Int)) throws {
        let g = PanelGeometry.forOutput(
            width: output.0, height: output.1, layout: us, layer: us.layers[0], strip: true,
            arrangement: .floating(share: 0.65))
        let shorter = Double(min(output.0, output.1))
        #expect(g.width == max(Int((shorter * 0.65).rounded()), FloatingPanel.minWidth))
        // The keys as a full-width panel of that width has them, under the grip band.
        let docked = PanelGeometry.forOutput(width: g.width, height: output.1, layout: us, layer: us.layers[0], strip: true)
        #expect(g.height == docked.height + FloatingPanel.gripHeight)
        #expect(g.barHeight == docked.barHeight + FloatingPanel.gripHeight)
        let grip = try #require(g.keys.first { $0.key.action == .grip })
        let dock = try #require(g.keys.first { $0.key.action == .hands(.fullWidth) })
        #expect(grip.cell.y == 0 && grip.cell.x == 0 && grip.cell.height == Double(FloatingPanel.gripHeight))
        #expect(dock.cell.maxX == Double(g.width) && dock.cell.x == grip.cell.maxX)
        for k in g.keys where k.key.action != .grip && k.key.action != .hands(.fullWidth) {
            #expect(k.cell.y >= Double(FloatingPanel.gripHeight), "\(k.key.label) under the grip")
        }
        for (placed, below) in zip(g.keys.filter { $0.row >= 0 }, docked.keys.filter { $0.row >= 0 }) {
            #expect(placed.cell.y == below.cell.y + Double(FloatingPanel.gripHeight) && placed.cell.x == below.cell.x)
        }
    }

    @Test func thePlaceStaysOnTheOutput() {
        let out = (width: 720, height: 1280)
        let size = (width: 468, height: 341)
        #expect(FloatingPanel.firstPlace(size: size, output: out) == FloatingPlace(x: 126, y: 939))
        #expect(FloatingPanel.clamp(FloatingPlace(x: -40, y: -5), size: size, output: out) == FloatingPlace(x: 0, y: 0))
        #expect(FloatingPanel.clamp(FloatingPlace(x: 500, y: 1200), size: size, output: out) == FloatingPlace(x: 252, y: 939))
        #expect(FloatingPanel.clamp(FloatingPlace(x: 10, y: 20), size: size, output: out) == FloatingPlace(x: 10, y: 20))
        // Bigger than the output: its top left corner stays on it.
        #expect(FloatingPanel.clamp(FloatingPlace(x: 9, y: 9), size: (800, 1400), output: out) == FloatingPlace(x: 0, y: 0))
        #expect(FloatingPanel.width(output: (300, 500), share: 0.65) == 280)
        #expect(FloatingPanel.width(output: (200, 500), share: 0.65) == 200)
    }

    /// The finger moves 4 px up at a time from the grip's middle, and the panel follows
    /// (the compositor applying each place at once), its coordinates read in `frame`.
    /// `dropsRepeats`: like wlroots' seat, the compositor sends no motion whose point is the
    /// one it sent last, only the frame (labwc's pointer); `repeats` counts those.
    func follow(_ frame: DragFrame, steps: Int, dropsRepeats: Bool = false) -> (FloatingDrag, FloatingPlace, repeats: Int) {
        let start = FloatingPlace(x: 126, y: 939)
        var drag = FloatingDrag(source: .touch(1), grab: Point(x: 100, y: 10), start: start)
        var at = start
        var finger = 0.0  // how far the finger went up
        var sent: Point?
        var repeats = 0
        for _ in 0..<steps {
            finger += 4
            // Where the finger is over the panel, in the compositor's frame.
            let origin = frame == .pressPlace ? start : at
            let point = Point(x: 100, y: 10 - finger - Double(origin.y - start.y))
            if dropsRepeats && point == sent {
                repeats += 1
                if let next = drag.placeAgain(pointer: point, panelAt: at) { at = next }
                continue
            }
            sent = point
            if let next = drag.place(pointer: point, panelAt: at) { at = next }
        }
        return (drag, at, repeats)
    }

    @Test(arguments: [DragFrame.pressPlace, .currentPlace])
    func aDragKeepsThePointPressedUnderTheFingerInEitherFrame(_ frame: DragFrame) {
        // Inside the slop the panel stays.
        let (still, at, _) = follow(frame, steps: 2)
        #expect(at == FloatingPlace(x: 126, y: 939) && !still.following)
        // Then it follows, and the first point after its first move tells the frame.
        let (drag, moved, _) = follow(frame, steps: 20)
        #expect(drag.frame == frame)
        #expect(moved == FloatingPlace(x: 126, y: 939 - 80))
    }

    /// labwc 0.8's pointer: points relative to the panel where it is now, and none when the
    /// panel moved as far as the finger (the point repeats; wlroots' seat sends only the
    /// frame). Each such frame moves the panel as far as the last move: it ends under the
    /// finger, not one step short. (sway's frame after each move, relative to the press's
    /// place, finds the finger still.)
    @Test(arguments: [DragFrame.pressPlace, .currentPlace])
    func aPointLeftOutAsARepeatStillMovesThePanel(_ frame: DragFrame) {
        let (drag, moved, repeats) = follow(frame, steps: 20, dropsRepeats: true)
        #expect(frame == .pressPlace || repeats > 10, "the finger's 4 px steps repeat the point")
        #expect(drag.frame == frame)
        #expect(moved == FloatingPlace(x: 126, y: 939 - 80))
    }

    /// A repeated point moves the panel only when the frame is the panel's current place
    /// and the panel moved since the point was read.
    @Test func aRepeatedPointIsReadOnlyWhenItCanMeanAMove() {
        let start = FloatingPlace(x: 100, y: 500)
        var drag = FloatingDrag(source: .pointer, grab: Point(x: 50, y: 14), start: start)
        // Inside the slop, and past it with the frame not known: nothing.
        #expect(drag.place(pointer: Point(x: 50, y: 10), panelAt: start) == nil)
        #expect(drag.placeAgain(pointer: Point(x: 50, y: 10), panelAt: start) == nil)
        let first = drag.place(pointer: Point(x: 50, y: 2), panelAt: start)
        #expect(first == FloatingPlace(x: 100, y: 488))
        #expect(drag.placeAgain(pointer: Point(x: 50, y: 2), panelAt: FloatingPlace(x: 100, y: 488)) == nil)
        // The next point tells the frame: relative to the moved panel.
        let second = drag.place(pointer: Point(x: 50, y: 10), panelAt: FloatingPlace(x: 100, y: 488))
        #expect(drag.frame == .currentPlace && second == FloatingPlace(x: 100, y: 484))
        // Not moved since the point was read (the move clamped, say): the finger is still.
        var still = drag
        #expect(still.placeAgain(pointer: Point(x: 50, y: 10), panelAt: FloatingPlace(x: 100, y: 488)) == nil)
        // Another point than the one read: nothing says where the finger is.
        #expect(drag.placeAgain(pointer: Point(x: 50, y: 9), panelAt: FloatingPlace(x: 100, y: 484)) == nil)
        // Moved since: the finger went as far.
        let again = drag.placeAgain(pointer: Point(x: 50, y: 10), panelAt: FloatingPlace(x: 100, y: 484))
        #expect(again == FloatingPlace(x: 100, y: 480))
        // Read against the new place now: the same frame again, with the panel not moved, is nothing.
        #expect(drag.placeAgain(pointer: Point(x: 50, y: 10), panelAt: FloatingPlace(x: 100, y: 484)) == nil)
        // A point skipped (a move on its way): its repeat says nothing.
        drag.skip()
        #expect(drag.placeAgain(pointer: Point(x: 50, y: 10), panelAt: FloatingPlace(x: 100, y: 480)) == nil)
    }

    @Test func placesReadBackAsWritten() {
        var places = FloatingPlaces()
        places[.init(output: "HEADLESS-1", orientation: .portrait)] = FloatingPlace(x: 12, y: 300)
        places[.init(output: "DP 2", orientation: .landscape)] = FloatingPlace(x: 0, y: 7)
        #expect(places.text == "landscape 0 7 DP 2\nportrait 12 300 HEADLESS-1\n")
        #expect(FloatingPlaces(text: places.text + "sideways 1 2 X\nportrait x 2 Y\n") == places)
    }

    @Test func settingsStartFloating() {
        var s = Settings()
        #expect(s.startMode == .full && s.floatingWidth == 65)
        #expect(s.set("one-handed", "left") == nil && s.startMode == .oneHanded(.left))
        #expect(s.set("floating", "on") == nil && s.startMode == .floating)
        #expect(s.set("floating-width", "50%") == nil && s.floatingWidth == 50)
        #expect(s.set("floating-width", "20%") != nil && s.floatingWidth == 50)
        #expect(s.set("floating", "left") == "\"floating\" wants on or off")
    }

    /// Presses the grip at `from` (panel coordinates) and moves it by `by` in 5 px steps,
    /// each reported against the panel's place as the compositor has it then (phoc's way).
    func drag(_ d: inout Driven, from: Point, by: (Double, Double)) {
        let start = d.time
        let steps = Int(max(abs(by.0), abs(by.1)) / 5)
        d.host.call { $0.press(.touch(7), at: from, time: start) }
        var finger = from  // over the screen, from the panel's place at the press
        guard case .floating(let first, _) = d.host.place else { return }
        for _ in 0..<steps {
            finger.x += by.0 / Double(steps)
            finger.y += by.1 / Double(steps)
            guard case .floating(let at, _) = d.host.place else { return }
            let p = Point(x: finger.x - Double(at.x - first.x), y: finger.y - Double(at.y - first.y))
            d.host.call { $0.move(.touch(7), to: p) }
        }
        d.host.call { $0.release(.touch(7), time: start + 200) }
    }

    func place(_ d: Driven) -> FloatingPlace? {
        if case .floating(let at, _) = d.host.place { at } else { nil }
    }

    @Test func aDraggedPanelMovesTypesAndIsRememberedPerOutputAndOrientation() throws {
        var d = try Driven(["us"], settings: floatingSettings())
        d.record(d.c.outputChanged(width: 720, height: 1280, name: "HEADLESS-1"))
        d.focus()
        let g = try #require(d.c.geometry)
        #expect(g.width == 468)
        let first = FloatingPanel.firstPlace(size: (g.width, g.height), output: (720, 1280))
        #expect(d.host.place == .floating(first, width: 468))
        let grip = try #require(g.keys.first { $0.key.action == .grip })
        let before = d.sent.count
        drag(&d, from: grip.frame.center, by: (-100, -400))
        #expect(place(d) == FloatingPlace(x: first.x - 100, y: first.y - 400))
        #expect(d.sent[before...].contains(.saveFloatingPlaces(d.c.floatingPlaces)))
        // The grip types nothing; the keys still do.
        #expect(d.c.text.known?.text == "")
        d.tap("h")
        d.tap("i")
        #expect(d.c.text.known?.text == "hi")
        // Past the edge: the panel stops there.
        drag(&d, from: grip.frame.center, by: (-1000, 0))
        #expect(place(d)?.x == 0)
        let portrait = try #require(place(d))
        // Landscape has a place of its own, and so has another output.
        d.record(d.c.outputChanged(width: 1280, height: 720, name: "HEADLESS-1"))
        let wide = try #require(d.c.geometry)
        #expect(place(d) == FloatingPanel.firstPlace(size: (wide.width, wide.height), output: (1280, 720)))
        d.record(d.c.outputChanged(width: 720, height: 1280, name: "HEADLESS-2"))
        #expect(place(d) == first)
        d.record(d.c.outputChanged(width: 720, height: 1280, name: "HEADLESS-1"))
        #expect(place(d) == portrait)
        d.checked()
    }

    @Test func theGlobeListFloatsThePanelAndTheGripButtonDocksIt() throws {
        var s = Settings()
        _ = s.set("suggestions", "off")
        var d = try Driven(["us", "emoji"], settings: s)
        d.focus()
        let full = try #require(d.c.geometry)
        #expect(d.c.keyboard.modeChoices.map(\.label) == ["One-handed", "Floating"])
        try PanelModeTests().pickFromGlobeList(&d, "Floating")
        #expect(d.c.panelMode == .floating)
        #expect(d.c.keyboard.modeChoices.map(\.label) == ["Full width"])
        let g = try #require(d.c.geometry)
        #expect(g.width == 468 && g.height < full.height)
        guard case .floating = d.host.place else {
            Issue.record("not floating: \(d.host.place)")
            return
        }
        d.tap(HandsMove.fullWidth.rawValue)
        #expect(d.c.panelMode == .full && d.host.place == .docked)
        #expect(d.c.geometry == full)
        d.checked()
    }

    /// A controller floating its panel in a focused field, the grip's centre and the place
    /// the panel floats at.
    func floatingController() throws -> (Controller, Point, FloatingPlace) {
        var d = try Driven(["us"], settings: floatingSettings())
        d.focus()
        let grip = try #require(d.c.geometry?.keys.first { $0.key.action == .grip }).frame.center
        guard case .floating(let start, _) = d.host.place else { throw FloatingError.notFloating }
        return (d.c, grip, start)
    }

    enum FloatingError: Error { case notFloating }

    /// A point that comes while a move is on its way may be relative to either place: it
    /// is skipped, and the first after the compositor took the move is read against it.
    @Test func pointsWhileAMoveIsOnItsWayAreSkipped() throws {
        var (c, grip, start) = try floatingController()
        #expect(c.press(.touch(1), at: grip, time: 0).isEmpty)
        #expect(c.move(.touch(1), to: Point(x: grip.x, y: grip.y - 5)).isEmpty, "inside the slop")
        let up = c.move(.touch(1), to: Point(x: grip.x, y: grip.y - 20))
        let moved = FloatingPlace(x: start.x, y: start.y - 20)
        #expect(up.first { if case .placePanel = $0 { true } else { false } } == .placePanel(.floating(moved, width: 468)))
        #expect(c.move(.touch(1), to: Point(x: grip.x, y: grip.y - 30)).isEmpty)
        c.panelPlaced(.floating(moved, width: 468))
        // Against the new place: 5 px further up.
        let next = c.move(.touch(1), to: Point(x: grip.x, y: grip.y - 5))
        #expect(next.contains(.placePanel(.floating(FloatingPlace(x: start.x, y: start.y - 25), width: 468))))
        #expect(c.release(.touch(1), time: 100) == [.saveFloatingPlaces(c.floatingPlaces)])
    }

    /// labwc's pointer: once the compositor took a move, a repeat of the point last read
    /// (the frame alone) moves the panel as far again; while a move is on its way it is
    /// not read, nor is a repeat of a point skipped then.
    @Test func aRepeatedPointMovesThePanelOnceTheMoveIsTaken() throws {
        var (c, grip, start) = try floatingController()
        func placed(_ commands: [Command]) -> FloatingPlace? {
            for case .placePanel(.floating(let at, _)) in commands { return at }
            return nil
        }
        #expect(c.press(.pointer, at: grip, time: 0).isEmpty)
        let first = FloatingPlace(x: start.x, y: start.y - 12)
        #expect(placed(c.move(.pointer, to: Point(x: grip.x, y: grip.y - 12))) == first)
        c.panelPlaced(.floating(first, width: 468))
        // Relative to the moved panel: 4 px further up.
        let second = FloatingPlace(x: start.x, y: start.y - 16)
        #expect(placed(c.move(.pointer, to: Point(x: grip.x, y: grip.y - 4))) == second)
        // The point again, the move not taken yet: not read.
        #expect(c.moveInPlace(.pointer, at: Point(x: grip.x, y: grip.y - 4)).isEmpty)
        c.panelPlaced(.floating(second, width: 468))
        let third = FloatingPlace(x: start.x, y: start.y - 20)
        #expect(placed(c.moveInPlace(.pointer, at: Point(x: grip.x, y: grip.y - 4))) == third)
        // A point while that move is on its way is skipped, and so is its repeat.
        #expect(c.move(.pointer, to: Point(x: grip.x, y: grip.y - 4)).isEmpty)
        c.panelPlaced(.floating(third, width: 468))
        #expect(c.moveInPlace(.pointer, at: Point(x: grip.x, y: grip.y - 4)).isEmpty)
        #expect(c.release(.pointer, time: 100) == [.saveFloatingPlaces(c.floatingPlaces)])
        #expect(c.floatingPlaces.places.values.first == third)
    }

    /// Hidden and shown again, the panel floats where it was.
    @Test func aHiddenPanelComesBackWhereItFloated() throws {
        var d = try Driven(["us"], settings: floatingSettings())
        d.focus()
        let grip = try #require(d.c.geometry?.keys.first { $0.key.action == .grip })
        drag(&d, from: grip.frame.center, by: (0, -300))
        let moved = place(d)
        d.record(d.c.hide())
        d.record(d.c.show())
        #expect(place(d) == moved)
        #expect(d.c.geometry?.width == 468)
        d.checked()
    }
}
