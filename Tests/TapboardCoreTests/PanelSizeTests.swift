import TestSupport
import Testing

@testable import TapboardCore

/// `height`, the number row, wide outputs and landscape phones.
@Suite struct PanelSizeTests {
    func letters(_ g: PanelGeometry) -> [PlacedKey] {
        g.keys.filter { if case .text(let t) = $0.key.action { t.count == 1 && t.first!.isLetter } else { false } }
    }

    /// The drawn keys' left and right margins.
    func margins(_ g: PanelGeometry) -> (left: Double, right: Double) {
        let keys = g.keys.filter { $0.row >= 0 }
        return (keys.map(\.frame.x).min()!, Double(g.width) - keys.map(\.frame.maxX).max()!)
    }

    // 3840x2160 at scale 2 is 1920x1080 logical.
    @Test(arguments: [(1920, 1080), (3840, 2160), (2560, 1440)])
    func wideOutputsKeepLetterKeysNarrowAndCentred(width: Int, height: Int) throws {
        let us = try loadShipped("us.json")
        let g = PanelGeometry.forOutput(width: width, height: height, layout: us, layer: us.layers[0], strip: true)
        #expect(g.width == width)
        for k in letters(g) {
            #expect(k.frame.width + g.spacing == PanelSizing.maxKeyWidth, "\(k.key.label) is \(k.frame.width) wide")
        }
        let (left, right) = margins(g)
        #expect(abs(left - right) <= 1, "left \(left), right \(right)")
        #expect(left > Double(width) / 4)
        // The edge keys' touch areas still reach the panel's edges: no dead band.
        let area = g.keys.reduce(0) { $0 + $1.cell.width * $1.cell.height }
        #expect(area == Double(g.width * g.height))
        #expect(g.keyIndex(at: Point(x: 1, y: Double(g.height) - 2)) != nil)
        #expect(g.keyIndex(at: Point(x: Double(width) - 1, y: Double(g.height) - 2)) != nil)
        // The strip's slots sit over the keys; the outer ones answer out to the edges.
        let slots = g.keys.filter { $0.row < 0 }
        #expect(slots.count == PanelGeometry.stripSlots)
        #expect(slots.first!.frame.x == left && Double(width) - slots.last!.frame.maxX == right)
        #expect(slots.first!.cell.x == 0 && slots.last!.cell.maxX == Double(width))
    }

    @Test func phonesInPortraitUseTheWholeWidth() throws {
        let us = try loadShipped("us.json")
        for (w, h) in [(360, 640), (412, 915), (720, 1280), (800, 1280)] {
            let g = PanelGeometry.forOutput(width: w, height: h, layout: us, layer: us.layers[0])
            let (left, right) = margins(g)
            #expect(left == g.spacing / 2 && right == g.spacing / 2, "\(w)x\(h)")
        }
    }

    @Test func landscapePhonesKeepThePanelToHalfTheScreen() throws {
        for name in ["us.json", "de.json", "terminal.json", "th.json", "emoji.json"] {
            let layout = try loadShipped(name).addingNumberRow()
            for strip in [false, true] {
                let g = PanelGeometry.forOutput(
                    width: 1280, height: 720, layout: layout, layer: layout.layers[0],
                    strip: strip)
                #expect(g.height <= 360, "\(name): \(g.height)")
            }
        }
    }

    @Test func heightInPixelsIsTheWholePanelAtMostHalfTheOutput() throws {
        let us = try loadShipped("us.json")
        for strip in [false, true] {
            let g = PanelGeometry.forOutput(
                width: 720, height: 1280, layout: us, layer: us.layers[0], strip: strip,
                size: .pixels(260))
            #expect(g.height == 260)
            #expect(g.keys.filter { $0.row >= 0 }.map(\.cell.maxY).max() == 260)
            if strip {
                let band = try #require(g.strip)
                #expect(band.height > 0 && g.keys.filter { $0.row >= 0 }.map(\.cell.y).min() == band.maxY)
            }
        }
        let landscape = PanelGeometry.forOutput(width: 1280, height: 720, layout: us, layer: us.layers[0], size: .pixels(500))
        #expect(landscape.height == 360)
    }

    @Test func heightInPercentIsAShareOfTheOutputAndMayExceedHalf() throws {
        let us = try loadShipped("us.json")
        let g38 = PanelGeometry.forOutput(
            width: 720, height: 1280, layout: us, layer: us.layers[0], strip: true,
            size: .percent(38))
        #expect(g38.height == 486)
        let g70 = PanelGeometry.forOutput(width: 1280, height: 720, layout: us, layer: us.layers[0], size: .percent(70))
        #expect(g70.height == 504)
        // Every layer of a keyboard gets the same height.
        for layer in us.layers {
            #expect(PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: layer, size: .percent(38)).height == 486)
        }
    }

    @Test func heightSettingReadsPixelsPercentOrAuto() {
        #expect(Settings.parse("height = 260", file: "cfg").0.height == .pixels(260))
        #expect(Settings.parse("height = 38%", file: "cfg").0.height == .percent(38))
        #expect(Settings.parse("height = auto", file: "cfg").0.height == .automatic)
        #expect(Settings().height == .automatic)
        for bad in ["20", "5000", "5%", "95%", "38 %", "tall", "-260"] {
            let (s, warnings) = Settings.parse("height = \(bad)", file: "cfg")
            #expect(s.height == .automatic)
            #expect(
                warnings.count == 1 && warnings[0].hasPrefix("cfg:1: \"height\" wants logical pixels from 100 to 2000"),
                "\(bad): \(warnings)")
        }
    }

    @Test func numberRowSettingIsOnOrOff() {
        #expect(!Settings().numberRow)
        #expect(Settings.parse("number-row = on", file: "cfg").0.numberRow)
        #expect(!Settings.parse("number-row = off", file: "cfg").0.numberRow)
        #expect(Settings.parse("number-row = maybe", file: "cfg").1 == ["cfg:1: \"number-row\" wants on or off; ignored"])
    }

    @Test func exclusiveZoneSettingIsOnOrOff() {
        #expect(Settings().exclusiveZone)
        #expect(Settings.parse("exclusive-zone = on", file: "cfg").0.exclusiveZone)
        #expect(!Settings.parse("exclusive-zone = off", file: "cfg").0.exclusiveZone)
        #expect(!Settings.parse("exclusive-zone = no # overlay", file: "cfg").0.exclusiveZone)
        let (s, warnings) = Settings.parse("exclusive-zone = maybe", file: "cfg")
        #expect(s.exclusiveZone)
        #expect(warnings == ["cfg:1: \"exclusive-zone\" wants on or off; ignored"])
    }

    @Test func numberRowGoesAboveTheLettersWithTheKeyboardsAlternates() throws {
        let de = try loadShipped("de.json")
        let withRow = de.addingNumberRow()
        let top = withRow.layers[0].rows[0]
        #expect(top.map(\.label) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
        #expect(top.map(\.action) == top.map { .text($0.label) })
        let one = try #require(de.layers.flatMap { $0.rows.joined() }.first { $0.action == .text("1") })
        #expect(top[0].alternates == one.alternates && !one.alternates.isEmpty)
        #expect(Array(withRow.layers[0].rows.dropFirst()) == de.layers[0].rows)
        #expect(Array(withRow.layers.dropFirst()) == Array(de.layers.dropFirst()))
        #expect(withRow.layers[0].relativeRowHeights == [Layout.numberRowHeight, 1, 1, 1, 1])
    }

    @Test func numberRowOffersTheShiftedSymbolFirst() {
        let digits = Layer(name: "symbols", rows: [[Key(label: "1", action: .text("1"), shifted: "!", alternates: ["¹"])]])
        let letters = Layer(name: "base", rows: [Array("qwertyuiop").map { Key.text(String($0)) }])
        let layout = Layout(name: "t", displayName: "T", language: "en", layers: [letters, digits])
        let row = layout.addingNumberRow().layers[0].rows[0]
        #expect(row[0].alternates == ["!", "¹"])
        // Shift and auto-capitalisation still type the digit.
        #expect(row[0].text(shifted: true) == "1")
        #expect(row[1].alternates == [])
    }

    @Test func numberRowSkipsPagesThatAreNotLetters() throws {
        for name in ["emoji.json", "pin.json", "digits.json", "phone.json", "picker.json", "snippets.json"] {
            let layout = try loadShipped(name)
            #expect(layout.addingNumberRow() == layout, "\(name)")
        }
        let twice = try loadShipped("us.json").addingNumberRow()
        #expect(twice.addingNumberRow() == twice)
    }

    @Test func numberRowIsShorterAndTheOtherRowsShareTheRest() throws {
        let us = try loadShipped("us.json").addingNumberRow()
        let g = PanelGeometry.forOutput(width: 720, height: 1280, layout: us, layer: us.layers[0])
        let digit = try #require(g.keys.first { $0.key.label == "1" }).cell.height
        let letter = try #require(g.keys.first { $0.key.label == "q" }).cell.height
        #expect(abs(digit - letter * Layout.numberRowHeight) <= 1)
        let plain = try loadShipped("us.json")
        #expect(g.height > PanelGeometry.forOutput(width: 720, height: 1280, layout: plain, layer: plain.layers[0]).height)
        #expect(g.height <= 640)
    }

    @Test func controllerShowsTheNumberRowAndItTypesDigits() throws {
        var settings = Settings()
        settings.numberRow = true
        settings.height = .percent(40)
        var d = try Driven(["de", "emoji"], settings: settings)
        d.focus()
        #expect(d.c.keyboard.layer.rows[0].map(\.label).first == "1")
        #expect(d.c.wantedHeight == 512)
        #expect(d.textOut(d.tap("7")) == [.edit(TextEdit(insert: "7"))])
        #expect(d.textOut(d.tap("q")) == [.edit(TextEdit(insert: "q"))])
    }

    @Test func controllerWithoutTheSettingShowsNoNumberRow() throws {
        var d = try Driven(["de", "emoji"])
        d.focus()
        #expect(d.c.keyboard.layer.rows.count == 4)
        #expect(d.c.wantedHeight <= 640)
    }
}

extension PanelSizeTests {
    @Test func padsAndPanelsKeepTenLettersRoomOnWideOutputs() throws {
        for name in ["pin.json", "picker.json"] {
            let layout = try loadShipped(name)
            let small = PanelGeometry.forOutput(width: 360, height: 640, layout: layout, layer: layout.layers[0])
            #expect(margins(small) == (small.spacing / 2, small.spacing / 2), "\(name)")
            let wide = PanelGeometry.forOutput(width: 1920, height: 1080, layout: layout, layer: layout.layers[0])
            let (left, right) = margins(wide)
            let span = PanelSizing.narrowestUnits * PanelSizing.maxKeyWidth
            #expect(
                abs(left - right) <= 1 && abs(Double(wide.width) - left - right - (span - wide.spacing)) <= 1,
                "\(name): \(left) \(right)")
        }
    }
}
