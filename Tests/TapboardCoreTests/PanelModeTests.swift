import TestSupport
import Testing

@testable import TapboardCore

/// One-handed and split keys: their geometry, their settings, switching them (floating: FloatingPanelTests).
@Suite struct PanelModeTests {
    let us: Layout

    init() throws { us = try loadShipped("us.json") }

    func letters(_ g: PanelGeometry) -> [PlacedKey] { g.keys.filter { $0.key.letter != nil } }
    func buttons(_ g: PanelGeometry) -> [PlacedKey] {
        g.keys.filter { if case .hands = $0.key.action { true } else { false } }
    }

    @Test(arguments: [Side.left, .right], [(720, 1280), (360, 640), (1280, 720), (1920, 1080)])
    func oneHandedKeysKeepToTheirSpanAndTheButtonsToTheFreeSide(side: Side, output: (Int, Int)) throws {
        for layer in us.layers {
            let g = PanelGeometry.forOutput(
                width: output.0, height: output.1, layout: us, layer: layer, strip: true,
                arrangement: .oneHanded(side, share: 0.8))
            let full = PanelGeometry.forOutput(width: output.0, height: output.1, layout: us, layer: layer, strip: true)
            #expect(g.height == full.height, "the panel keeps its height")
            let span = min(Double(output.0) * 0.8, 900).rounded()
            let (lo, hi) = side == .left ? (0, span) : (Double(output.0) - span, Double(output.0))
            for k in g.keys where k.row >= 0 {
                #expect(k.cell.x >= lo && k.cell.maxX <= hi, "\(layer.name): \(k.key.label) outside the span")
            }
            let b = buttons(g)
            #expect(b.map(\.key.action) == [.hands(.otherSide), .hands(.fullWidth)])
            // Beside the keys, on the free side, at most two letters wide.
            let column = min(Double(output.0) - span, PanelGeometry.handsColumnWidth)
            for k in b {
                #expect(side == .left ? k.cell.x == hi : k.cell.maxX == lo)
                #expect(k.cell.width == column)
                #expect(k.cell.y >= Double(g.barHeight) && k.cell.maxY <= Double(g.height))
            }
            // The keys and the buttons tile the panel, but for the free side's room past the buttons.
            let area = g.keys.reduce(0) { $0 + $1.cell.width * $1.cell.height }
            let empty = (Double(output.0) - span - column) * Double(g.height - g.barHeight)
            #expect(area == Double(g.width * g.height) - empty)
            for (i, a) in g.keys.enumerated() {
                for c in g.keys[(i + 1)...] { #expect(!a.cell.intersects(c.cell)) }
            }
            // Every letter of the layer is still there, and a tap at its centre finds it.
            #expect(letters(g).count == letters(full).count)
            for k in g.keys where k.row >= 0 { #expect(g.keys[g.keyIndex(at: k.frame.center)!].key == k.key) }
        }
    }

    @Test func splitRowsPartAtTheirMiddleIntoHalvesAtTheEdges() throws {
        let g = PanelGeometry.forOutput(
            width: 1920, height: 1080, layout: us, layer: us.layers[0], arrangement: .split)
        func row(_ r: Int) -> [PlacedKey] { g.keys.filter { $0.row == r } }
        let mid = 960.0
        func halves(_ r: Int) -> (String, String) {
            let keys = row(r)
            let l = keys.filter { $0.frame.maxX < mid }.map { $0.key.letter.map(String.init) ?? $0.key.action.name }
            let rr = keys.filter { $0.frame.x > mid }.map { $0.key.letter.map(String.init) ?? $0.key.action.name }
            #expect(l.count + rr.count == keys.count, "a key across the middle")
            return (l.joined(separator: " "), rr.joined(separator: " "))
        }
        #expect(halves(0) == ("q w e r t", "y u i o p"))
        #expect(halves(1) == ("a s d f g", "h j k l"))
        #expect(halves(2) == ("shift z x c v", "b n m backspace"))
        #expect(halves(3) == ("layer next-keyboard text space", "space text return"))
        // The halves reach the panel's edges; a gap in the middle takes no taps.
        #expect(row(0).first!.cell.x == 0 && row(0).last!.cell.maxX == 1920)
        #expect(g.keyIndex(at: Point(x: mid, y: row(0)[0].frame.center.y)) == nil)
        // Letters as wide as on the unsplit panel.
        let whole = PanelGeometry.forOutput(width: 1920, height: 1080, layout: us, layer: us.layers[0])
        #expect(row(0)[0].frame.width == whole.keys[0].frame.width)
        #expect(g.height == whole.height)
    }

    @Test func splitIsOnWhereTheSettingsSay() {
        func choose(_ split: SplitMode, _ w: Int, _ h: Int, mode: PanelMode = .full, panel: Bool = false) -> KeyArrangement {
            KeyArrangement.choose(mode: mode, split: split, oneHandedWidth: 80, output: (w, h), isPanel: panel)
        }
        #expect(choose(.auto, 1920, 1080) == .split)
        #expect(choose(.auto, 1000, 700) == .split)
        #expect(choose(.auto, 999, 700) == .full)
        #expect(choose(.auto, 1080, 1920) == .full)
        #expect(choose(.on, 720, 1280) == .split)
        #expect(choose(.off, 1920, 1080) == .full)
        #expect(choose(.auto, 1920, 1080, panel: true) == .full)
        #expect(choose(.auto, 1920, 1080, mode: .oneHanded(.left)) == .oneHanded(.left, share: 0.8))
    }

    @Test func settingsParseTheModesAndRejectBadValues() {
        var s = Settings()
        #expect(s.oneHanded == .full && s.split == .auto && s.oneHandedWidth == 80)
        #expect(s.set("one-handed", "left") == nil && s.oneHanded == .oneHanded(.left))
        #expect(s.set("one-handed", "off") == nil && s.oneHanded == .full)
        #expect(s.set("one-handed-width", "70%") == nil && s.oneHandedWidth == 70)
        #expect(s.set("split", "off") == nil && s.split == .off)
        #expect(s.set("one-handed", "middle") == "\"one-handed\" wants off, left or right")
        #expect(s.set("one-handed-width", "20") != nil)
        #expect(s.set("split", "yes") == "\"split\" wants auto, on or off")
    }

    /// Holds the globe key until its list opens, and picks the item labelled `label`.
    func pickFromGlobeList(_ d: inout Driven, _ label: String) throws {
        let g = try #require(d.c.geometry)
        let globe = try #require(g.keys.first { $0.key.action == .nextKeyboard })
        d.time += 1000
        let start = d.time
        let down = d.host.call { $0.press(.touch(1), at: globe.frame.center, time: start) }
        let timer = try #require(
            down.compactMap { if case .schedule(let t, _) = $0 { t } else { nil } }.first)
        let opened = d.host.call { $0.timerFired(timer, time: start + 400) }
        let list = try #require(opened.compactMap { if case .showPopup(let p) = $0 { p } else { nil } }.first)
        let item = try #require(list.labels.firstIndex(of: label), "\(list.labels)")
        _ = d.host.call { $0.move(.touch(1), to: list.itemFrames[item].center) }
        _ = d.host.call { $0.release(.touch(1), time: start + 600) }
        d.checked()
    }

    @Test func theGlobeListAndTheSideButtonsSwitchOneHanded() throws {
        var d = try Driven(["us", "emoji"])
        d.focus()
        let full = try #require(d.c.geometry)
        try pickFromGlobeList(&d, "One-handed")
        #expect(d.c.panelMode == .oneHanded(.right))
        var g = try #require(d.c.geometry)
        #expect(g.width == full.width && g.height == full.height)
        let q = try #require(g.keys.first { $0.key.label == "q" })
        #expect(q.frame.x > full.keys[0].frame.x)
        // Typing still types.
        let out = d.textOut(d.tap("h") + d.tap("i"))
        #expect(!out.isEmpty)
        #expect(d.c.text.known?.text == "hi")
        // The keys to the other side, then full width again.
        d.tap(HandsMove.otherSide.rawValue)
        #expect(d.c.panelMode == .oneHanded(.left))
        g = try #require(d.c.geometry)
        #expect(g.keys.first { $0.key.label == "q" }!.cell.x == 0)
        d.tap(HandsMove.fullWidth.rawValue)
        #expect(d.c.panelMode == .full)
        #expect(d.c.geometry?.keys.filter { $0.row >= 0 } == full.keys.filter { $0.row >= 0 })
        // The list offers the side the keys were last on.
        try pickFromGlobeList(&d, "One-handed")
        #expect(d.c.panelMode == .oneHanded(.left))
        try pickFromGlobeList(&d, "Full width")
        #expect(d.c.panelMode == .full)
    }

    @Test func theSettingStartsOneHandedAndSplitFollowsTheOutput() throws {
        var s = Settings()
        _ = s.set("one-handed", "left")
        var d = try Driven(["us"], settings: s)
        d.focus()
        #expect(d.c.arrangement == .oneHanded(.left, share: 0.8))
        d.tap(HandsMove.fullWidth.rawValue)
        #expect(d.c.arrangement == .full)
        d.record(d.c.outputChanged(width: 1920, height: 1080))
        #expect(d.c.arrangement == .split)
        d.record(d.c.outputChanged(width: 1080, height: 1920))
        #expect(d.c.arrangement == .full)
    }
}

/// Every shipped layout and layer, one-handed and split, on phones and wide outputs.
@Suite struct PanelModeShippedLayoutsTests {
    static let arrangements: [KeyArrangement] = [
        .oneHanded(.left, share: 0.8), .oneHanded(.right, share: 0.5), .split, .floating(share: 0.65)
    ]

    @Test(arguments: arrangements)
    func keysStayInsideDoNotOverlapAndAnswerAtTheirCentres(_ arrangement: KeyArrangement) throws {
        for file in layoutFiles() {
            let layout = try loadShipped(file)
            for layer in layout.layers {
                for (w, h) in [(360, 640), (720, 1280), (1280, 720), (1920, 1080)] {
                    let g = PanelGeometry.forOutput(
                        width: w, height: h, layout: layout, layer: layer, strip: true, arrangement: arrangement)
                    let name = "\(file)/\(layer.name) \(w)x\(h) \(arrangement)"
                    let realKeys = layer.rows.flatMap { $0 }.filter { $0.action != .spacer }.count
                    let placedKeys = g.keys.filter { $0.row >= 0 }
                    #expect(placedKeys.count >= realKeys, "\(name): keys lost")
                    // Faults gathered, then one expectation each a panel (see overlappingCells).
                    var outside: [String] = []
                    var notAtCentre: [String] = []
                    for k in g.keys {
                        if !(k.frame.x >= 0 && k.frame.maxX <= Double(w) && k.frame.width > 0) { outside.append(k.key.label) }
                        if !(k.cell.x >= 0 && k.cell.maxX <= Double(w)) { outside.append("\(k.key.label)'s cell") }
                        if g.keyIndex(at: k.frame.center).map({ g.keys[$0] }) != k { notAtCentre.append(k.key.label) }
                    }
                    #expect(outside.isEmpty, "\(name): \(outside)")
                    #expect(notAtCentre.isEmpty, "\(name): \(notAtCentre)")
                    let overlaps = overlappingCells(g)
                    #expect(overlaps.isEmpty, "\(name): \(overlaps)")
                }
            }
        }
    }
}
