import TapboardCore
import TapboardRender
import TestSupport
import Testing

/// The Chinese, Japanese and Korean keyboards, and an engine's candidates over the keys.
extension RenderTests {
    @Test func zhBaseLayer() throws {
        try compare(try render(try loadShipped("zh.json")).0, golden: "zhBaseLayer")
    }

    @Test func jaBaseLayer() throws {
        try compare(try render(try loadShipped("ja.json")).0, golden: "jaBaseLayer")
    }

    @Test func koBaseLayer() throws {
        try compare(try render(try loadShipped("ko.json")).0, golden: "koBaseLayer")
    }

    /// The candidates panel's first page: candidates as wide as they need, rows stretched,
    /// the page keys and backspace below, the strip's close key at its right end.
    @Test func candidatesPanel() throws {
        let zh = try loadShipped("zh.json")
        let candidates = [
            "你好", "妳好", "逆号", "你", "拟", "尼", "泥", "呢", "妳", "妮", "腻", "逆", "倪", "暱", "伱", "祢",
            "霓", "匿", "溺", "袮", "鉨", "児", "睨", "铌", "旎", "坭", "阋", "鲵", "嶷", "伲"
        ]
        let panel = CandidatePanel(candidates: candidates, rows: zh.layers[0].rows.count - 1)
        let g = PanelGeometry.forOutput(
            width: 360, height: 640, layout: zh, layer: panel.layer(page: 0),
            bar: PanelBar(slots: true, candidates: .close))
        var look = PanelAppearance()
        look.strip = Strip(ranked: Array(candidates.prefix(3)))
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        PanelRenderer().draw(g, look, on: canvas)
        try compare(canvas, golden: "candidatesPanel")
    }

    /// The strip as an engine's candidate row, on a phone and a landscape output: as many
    /// candidates as fit, best first at the left (in the label colour), each slot as wide as
    /// its text as the renderer measures it, ▸ for the next ones, ▾ for the panel; Japanese's
    /// ◀ ▶ at the left end.
    @Test(arguments: [("zh", 720, 1280), ("zh", 1280, 720), ("ja", 720, 1280), ("ja", 1280, 720)])
    func candidateRow(language: String, width: Int, height: Int) throws {
        let layout = try loadShipped("\(language).json")
        let candidates =
            language == "zh"
            ? ["很高兴", "恨", "很", "狠", "哼", "痕", "亨", "很好", "恒", "衡", "横", "珩", "蘅", "姮", "桁", "鸻", "哏", "啈"]
            : ["私は学生です", "私は", "わたしは", "渡しは", "ワタシは", "綿しは", "私わ", "腸は", "渉は", "亘は", "弥は"]
        let renderer = PanelRenderer()
        // Japanese with more than one segment: ◀ ▶ move the end of the one being chosen.
        let row = CandidateRow(ems: candidates.map(renderer.ems), more: true, resizable: language == "ja")
        let g = PanelGeometry.forOutput(
            width: width, height: height, layout: layout, layer: layout.layers[0],
            bar: PanelBar(slots: true, candidates: .open, row: row))
        var look = PanelAppearance()
        look.strip = Strip(row: candidates)
        let canvas = try #require(Canvas(width: g.width, height: g.height))
        renderer.draw(g, look, on: canvas)
        try compare(canvas, golden: "candidateRow-\(language)-\(width)x\(height)")
    }
}
