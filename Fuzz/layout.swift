import TapboardCore

/// Layout files: the parser, then all a loaded keyboard goes through (variants,
/// geometry on several outputs, key neighbours, a tap on every key).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Input(data, size)
    let text = String(decoding: input.rest(), as: UTF8.self)
    let layout: Layout
    do {
        layout = try LayoutParser.parse(text, file: "fuzz.json", defaultName: "fuzz")
    } catch {
        let lines = text.utf8.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
        guard !error.problems.isEmpty else { violated("an error without problems") }
        for p in error.problems where p.position.line < 1 || p.position.line > lines || p.position.column < 1 {
            violated("problem outside the file: \(p)")
        }
        return 0
    }
    guard !layout.layers.isEmpty else { violated("a layout without layers") }
    var shown = [layout.forPanel(wide: false), layout.forPanel(wide: true)]
    shown += ContentPurpose.allCases.map { layout.variant(for: $0) }
    for l in shown {
        for layer in l.layers {
            for (w, h) in [(720, 1280), (1280, 720), (64, 48)] {
                let g = PanelGeometry.forOutput(width: w, height: h, layout: l, layer: layer, strip: true)
                guard g.height > 0 else { violated("a panel of height \(g.height)") }
            }
            // One-handed, split and floating keys stay on the panel, their touch areas apart.
            for arrangement in [KeyArrangement.oneHanded(.left, share: 0.8), .split, .floating(share: 0.65)] {
                let g = PanelGeometry.forOutput(
                    width: 1280, height: 720, layout: l, layer: layer, strip: true, arrangement: arrangement)
                for (i, k) in g.keys.enumerated() {
                    guard k.cell.x >= 0, k.cell.maxX <= 1280 else { violated("\(arrangement): a key off the panel") }
                    for other in g.keys[(i + 1)...] where k.cell.intersects(other.cell) {
                        violated("\(arrangement): touch areas overlap")
                    }
                }
            }
        }
    }
    _ = KeyNeighbours.from(layout: layout)
    tapEveryKey(layout)
    return 0
}

struct OneLayout: LayoutLibrary {
    let layout: Layout
    func isAvailable(_ name: String) -> Bool { name == layout.name }
    func load(_ name: String) -> Result<Layout, LayoutLoadError> {
        name == layout.name ? .success(layout) : .failure(LayoutLoadError("no \(name)"))
    }
}

/// Taps and long-presses every key of every layer the keyboard reaches.
func tapEveryKey(_ layout: Layout) {
    var c = Controller(layouts: [layout], settings: Settings(), library: OneLayout(layout: layout))
    var time: UInt64 = 1000
    func run(_ commands: [Command]) {
        for case .showPanel(let h) in commands { run(c.panelConfigured(width: 720, height: h)) }
        for case .setPanelHeight(let h) in commands { run(c.panelConfigured(width: 720, height: h)) }
    }
    run(c.start(hidden: false))
    var field = TextFieldState()
    field.active = true
    field.surrounding = SurroundingText(text: "", cursor: 0, anchor: 0)
    run(c.fieldChanged(.activated, field))
    for round in 0..<2 {
        guard let g = c.geometry else { violated("no panel after focus") }
        for index in g.keys.indices.prefix(200) {
            guard let now = c.geometry, now.keys.indices.contains(index) else { break }
            time += 500
            run(c.press(.touch(1), at: now.keys[index].frame.center, time: time))
            if round == 1 {
                run(c.timerFired(.key(.longPress(press: c.keyboard.activePresses.first ?? 0)), time: time + 400))
                run(c.move(.touch(1), to: Point(x: now.keys[index].frame.center.x, y: now.keys[index].frame.y - 30)))
            }
            run(c.release(.touch(1), time: time + 450))
            guard c.keyboard.activePresses.isEmpty, c.keyboard.popup == nil else { violated("a key held after its release") }
        }
    }
}
