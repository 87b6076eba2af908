import Foundation
import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// The candidate row as the live panel lays it out on the harness's 720x1280 output: the
/// candidates measured with the renderer's font, as the app measures them.
struct CandidateRowMap {
    let layout: Layout
    let candidates: [String]
    let renderer = PanelRenderer()

    init(_ layoutFile: String, candidates: [String]) throws {
        layout = try loadShipped(layoutFile)
        self.candidates = candidates
        // The app has drawn its panel before it measures: the same font options.
        let g = geometry(start: 0)
        if let canvas = Canvas(width: g.width, height: g.height) { renderer.draw(g, PanelAppearance(), on: canvas) }
    }

    /// The panel with the row from rank `start`.
    func geometry(start: Int) -> PanelGeometry {
        let shown = Array(candidates.dropFirst(start).prefix(CandidateRow.measured))
        let row = CandidateRow(
            ems: shown.map(renderer.ems), more: candidates.count > start + CandidateRow.measured, start: start)
        return PanelGeometry.forOutput(
            width: 720, height: 1280, layout: layout, layer: layout.layers[0],
            bar: PanelBar(slots: true, candidates: candidates.count > PanelGeometry.stripSlots ? .open : nil, row: row))
    }

    /// The taps that bring candidate `rank` into the row (▸ page by page) and pick it.
    func taps(toPick rank: Int) throws -> [String] {
        var start = 0
        var steps: [String] = []
        while true {
            let g = geometry(start: start)
            let shown = g.rowSlotCount
            guard shown > 0 else { throw HarnessError("no candidate row") }
            if rank < start + shown { return steps + [try Self.tap(.suggestion(rank - start), in: g)] }
            steps.append(try Self.tap(.candidates(.rowNext), in: g))
            start += shown
        }
    }

    /// How many candidates the first page of the row shows.
    var firstPage: Int { geometry(start: 0).rowSlotCount }

    /// The tapboard-tap step for the key doing `action` (the panel at the output's bottom).
    static func tap(_ action: KeyAction, in g: PanelGeometry) throws -> String {
        guard let k = g.keys.first(where: { $0.key.action == action }) else { throw HarnessError("no \(action) key") }
        return "tap:\(Int(k.frame.center.x)),\(1280 - g.height + Int(k.frame.center.y))"
    }
}

extension EndToEnd.CJKTests {
    /// hengaoxing: 很 is far down the candidates (rank 52 here), pages past the row's first;
    /// ▸ pages on until it shows, a tap chooses it (RIME keeps it in the preedit, 很gao xing,
    /// until the rest is chosen), and space puts in the best for the rest (the row is laid out again after each tap: the taps go
    /// one at a time).
    @Test(arguments: [RealClient.gtk4, .firefox], Compositor.Kind.allCases)
    func aCandidatePagesDownTheRowIsReachedWithNext(_ client: RealClient, _ kind: Compositor.Kind) throws {
        let (c, app, panel) = try session(kind, client, layout: "zh")
        let candidates = try engineCandidates(c, layout: "zh", "hengaoxing")
        let rest = try engineCandidates(c, layout: "zh", "gaoxing")
        let row = try CandidateRowMap("zh.json", candidates: candidates)
        let rank = try #require(candidates.firstIndex(of: "很"))
        try #require(rank >= row.firstPage && row.geometry(start: 0).height == panel.height)
        try c.tap(panel.taps(Array("hengaoxing").map(String.init)))
        #expect(preeditShows(app, client) { $0 == "hen gao xing" }, "\(client) reported: \(app.lines)")
        let steps = try row.taps(toPick: rank)
        for step in steps { try c.tap([step]) }
        #expect(preeditShows(app, client) { $0 == "很gao xing" }, "\(client) reported: \(app.lines)")
        _ = try c.screenshot("cjk-\(client)-row-hen")
        try c.tap(panel.taps(["space"]))
        let want = "很" + (rest.first ?? "?")
        let text = fieldSettles(app, at: want)
        #expect(text == want && steps.count > 2, "\(client) field: \(app.lines)")
    }
}

extension EndToEnd.CJKTests {
    /// With the toolbar on (the default), a Chinese word never brings it back: the band holds
    /// the row while the pinyin is typed, and after the pick the words that usually follow it
    /// (issue 50). The empty field shows the toolbar first, so it is known when it comes back.
    @Test(arguments: Compositor.Kind.allCases)
    func theBandStaysTheRowThroughAChineseWordAndItsPick(_ kind: Compositor.Kind) throws {
        let c = try Compositor(kind)
        let tb = try c.tapboard(["--layouts", "zh"])
        let panel = try PanelMap(layout: "zh")
        let app = try c.focus(tb, shows: panel, name: "band-zh-focused", seconds: 15) { try c.realClient(.gtk4) }
        let toolbar = try #require(panel.topRowPixels(try c.screenshot("band-zh-toolbar")))
        let candidates = try engineCandidates(c, layout: "zh", "nihao")
        var typed = ""
        for letter in ["n", "i", "h", "a", "o"] {
            try c.tap([panel.tap(letter)])
            typed += letter
            #expect(preeditShows(app, .gtk4) { $0.replacingOccurrences(of: " ", with: "") == typed }, "\(app.lines)")
            #expect(
                try waitUntil(5) { panel.topRowPixels(try c.screenshot("band-zh-\(typed)")) != toolbar },
                "the toolbar shows while \(typed) is typed")
        }
        // The pick: the band shows what usually follows 你好, not the toolbar.
        try c.tap(try CandidateRowMap("zh.json", candidates: candidates).taps(toPick: 0))
        #expect(fieldSettles(app, at: candidates[0]) == candidates[0], "field: \(app.lines)")
        #expect(
            try waitUntil(5) { panel.topRowPixels(try c.screenshot("band-zh-picked")) != toolbar },
            "the toolbar came back after the pick; tapboard: \(tb.stderr)")
    }
}
