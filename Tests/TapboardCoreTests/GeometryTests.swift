import TestSupport
import Testing

@testable import TapboardCore

/// The pairs of `g`'s keys whose touch areas overlap, as "a overlaps b": gathered so that a
/// panel takes one expectation, not one a key pair (which took seconds over every panel).
func overlappingCells(_ g: PanelGeometry) -> [String] {
    let cells = g.keys.map(\.cell)
    var overlaps: [String] = []
    for i in cells.indices {
        for j in (i + 1)..<cells.count where cells[i].intersects(cells[j]) {
            overlaps.append("\(g.keys[i].key.label) overlaps \(g.keys[j].key.label)")
        }
    }
    return overlaps
}

@Suite struct GeometryTests {
    static let outputs = [(360, 640), (720, 1280), (1080, 2340), (1280, 720), (1920, 1080), (3840, 2160)]

    func allPanels() throws -> [(String, PanelGeometry)] {
        var panels: [(String, PanelGeometry)] = []
        for file in layoutFiles() {
            let layout = try loadShipped(file)
            for layer in layout.layers {
                for (w, h) in GeometryTests.outputs {
                    let g = PanelGeometry.forOutput(width: w, height: h, layout: layout, layer: layer)
                    panels.append(("\(file)/\(layer.name) on \(w)x\(h)", g))
                }
            }
        }
        return panels
    }

    @Test func touchAreasTileThePanel() throws {
        for (name, g) in try allPanels() {
            let area = g.keys.reduce(0) { $0 + $1.cell.width * $1.cell.height }
            #expect(area == Double(g.width * g.height), "\(name): touch areas leave gaps")
            let overlaps = overlappingCells(g)
            #expect(overlaps.isEmpty, "\(name): \(overlaps)")
        }
    }

    @Test func keysSitInsideThePanelWithSpacingBetween() throws {
        for (name, g) in try allPanels() {
            for k in g.keys {
                #expect(
                    k.frame.x >= 0 && k.frame.y >= 0 && k.frame.maxX <= Double(g.width)
                        && k.frame.maxY <= Double(g.height), "\(name): \(k.key.label) outside")
                #expect(k.frame.width > 0 && k.frame.height > 0)
                // Drawn keys lie within their touch areas, at most half a spacing in from the
                // shared edges (edge keys of short rows reach further, to the panel edge).
                #expect(k.frame.x >= k.cell.x && k.frame.maxX <= k.cell.maxX)
                #expect(k.frame.y - k.cell.y == g.spacing / 2 && k.cell.maxY - k.frame.maxY == g.spacing / 2)
            }
            // Neighbours in a row are exactly one spacing apart.
            for (i, a) in g.keys.enumerated().dropLast() {
                let b = g.keys[i + 1]
                if a.row == b.row, a.cell.maxX == b.cell.x, a.frame.maxX + g.spacing / 2 == a.cell.maxX {
                    #expect(b.frame.x - a.frame.maxX == g.spacing, "\(name): gap between \(a.key.label) and \(b.key.label)")
                }
            }
        }
    }

    @Test func everyKeyCentreHitsThatKey() throws {
        for (name, g) in try allPanels() {
            for (i, k) in g.keys.enumerated() {
                #expect(g.keyIndex(at: k.frame.center) == i, "\(name): centre of \(k.key.label)")
            }
            #expect(g.keyIndex(at: Point(x: -1, y: 5)) == nil)
            #expect(g.keyIndex(at: Point(x: 5, y: Double(g.height))) == nil)
        }
    }

    @Test func panelHeightFitsTheOutput() {
        #expect(PanelSizing.height(outputWidth: 720, outputHeight: 1280, rows: 4) == 418)
        #expect(PanelSizing.height(outputWidth: 360, outputHeight: 640, rows: 4) == 209)
        for (w, h) in GeometryTests.outputs {
            let p = PanelSizing.height(outputWidth: w, outputHeight: h, rows: 4)
            #expect(p > 0 && p <= h / 2, "\(w)x\(h)")
        }
    }

    @Test func widerKeysGetProportionalRoom() {
        let layer = Layer(name: "base", rows: [[.text("a"), Key(label: "", action: .space, width: 2), .text("b")]])
        let g = PanelGeometry(layer: layer, width: 400, height: 100)
        #expect(g.keys.map(\.cell.width) == [100, 200, 100])
    }
}
