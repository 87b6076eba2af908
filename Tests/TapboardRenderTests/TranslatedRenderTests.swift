import TapboardCore
import TestSupport
import Testing

@testable import TapboardRender

/// The panel's own words in the user's language, drawn: German and Russian, whose words are
/// the longest of the shipped translations, on a narrow phone (360 wide). Labels that do not
/// fit their key shrink (to `PanelRenderer.smallestLabel` of their size) or wrap, never clip.
extension RenderTests {
    /// The toolbar above the keyboard of the language (Paste showing) and the clipboard panel.
    func toolbar(_ language: String, layout file: String) throws -> Canvas {
        try Translations.bound(ShippedTranslations.translations(language)) {
            let layout = try loadShipped(file)
            let bar = PanelBar(slots: false, toolbar: ToolbarButton.allCases)
            let g = PanelGeometry.forOutput(width: 360, height: 640, layout: layout, layer: layout.layers[0], bar: bar)
            let canvas = try #require(Canvas(width: g.width, height: g.height))
            PanelRenderer().draw(g, PanelAppearance(), on: canvas)
            return canvas
        }
    }

    /// The globe key's list: every panel mode it offers (full width's, then one-handed's
    /// way back), then the keyboards.
    func globeList(_ language: String, layouts files: [String]) throws -> Canvas {
        try Translations.bound(ShippedTranslations.translations(language)) {
            let layouts = try files.map { try loadShipped($0) }
            let full = Controller(layouts: layouts, settings: Settings(), library: KeyboardLibrary())
            var s = Settings()
            _ = s.set("one-handed", "right")
            let oneHanded = Controller(layouts: layouts, settings: s, library: KeyboardLibrary())
            let modes = (full.keyboard.modeChoices + oneHanded.keyboard.modeChoices.prefix(1)).map { ("", $0.label) }
            let g = PanelGeometry.forOutput(width: 360, height: 640, layout: layouts[0], layer: layouts[0].layers[0])
            let globe = try #require(g.keys.first { $0.key.action == .nextKeyboard })
            var popup = Popup.keyboards(
                modes + full.keyboard.keyboards, current: layouts[0].name, above: globe, panelWidth: g.width)
            popup.selected = 2
            let canvas = try #require(
                Canvas(width: Int(popup.frame.width.rounded(.up)), height: Int(popup.frame.height.rounded(.up))))
            PanelRenderer().draw(popup, on: canvas)
            return canvas
        }
    }

    @Test func germanToolbar() throws {
        try compare(try toolbar("de", layout: "de.json"), golden: "germanToolbar")
    }

    @Test func russianToolbar() throws {
        try compare(try toolbar("ru", layout: "ru.json"), golden: "russianToolbar")
    }

    /// The other languages the issue names, as `LANG=... tapboard preview` shows them: the
    /// language's keyboard and the toolbar in its words.
    @Test(arguments: [("zh_CN", "zh.json"), ("ja", "ja.json"), ("pt_BR", "pt.json")])
    func toolbarIn(_ language: String, _ layout: String) throws {
        try compare(try toolbar(language, layout: layout), golden: "toolbar-\(language)")
    }

    @Test func germanGlobeList() throws {
        try compare(try globeList("de", layouts: ["de.json", "us.json"]), golden: "germanGlobeList")
    }

    @Test func russianGlobeList() throws {
        try compare(try globeList("ru", layouts: ["ru.json", "us.json"]), golden: "russianGlobeList")
    }

    @Test func russianClipboardPanel() throws {
        let canvas = try Translations.bound(ShippedTranslations.translations("ru")) {
            try render(ClipboardPanel.layout(["Привет", "https://example.org/a/rather/long/address"])).0
        }
        try compare(canvas, golden: "russianClipboardPanel")
    }

    /// Labels too long for their keys: the longest words of the translations on keys a
    /// quarter as wide as a phone, over two lines where shrinking would take them below
    /// the smallest size; one long word shrinks further rather than break.
    @Test func longLabelsWrapOrShrink() throws {
        let layout = try LayoutParser.parse(
            """
            {"name": "long", "layers": [{"name": "base", "rows": [
              [{"label": "Zwischenablage leeren", "text": "x"}, {"label": "Во всю ширину", "text": "x"}, {"label": "Área de transferência", "text": "x"},
               {"label": "Tastaturfeldeinstellungen", "text": "x"}],
              [{"label": "Einhandmodus", "text": "x"}, {"label": "全幅表示モード切り替え", "text": "x"}, {"label": "Modalità a una mano", "text": "x"},
               {"label": "Плавающая клавиатура", "text": "x"}]
            ]}]}
            """, file: "long.json", defaultName: "long")
        let (canvas, g) = try render(layout)
        try compare(canvas, golden: "longLabelsWrapOrShrink")
        let renderer = PanelRenderer()
        for placed in g.keys {
            let (label, factor) = renderer.fit(placed.key.label, in: placed.frame, size: Theme.dark.labelSize * 0.72)
            #expect(label.width * factor <= placed.frame.width && label.height * factor <= placed.frame.height)
        }
    }

    /// Every shipped translation of the toolbar, the globe list (modes and the names of the
    /// panels), the clipboard panel and the return key fits its key on a narrow phone at its smallest size or more, on one line or
    /// wrapped, with nothing scaled below it.
    @Test func everyTranslatedLabelFitsItsKey() throws {
        let renderer = PanelRenderer()
        // Drawn as laid out (no further scaling), at `smallestLabel` of its size or more.
        func fits(_ text: String, in f: Rect, size: Double, alignLeft: Bool = false) -> Bool {
            let (label, factor) = renderer.fit(text, in: f, size: size, alignLeft: alignLeft)
            let pixels = max((f.height * size).rounded(), 6)
            return factor == 1
                && label.scale * Double(LabelCache.shapedPixels) >= (pixels * PanelRenderer.smallestLabel).rounded(.down)
        }
        var s = Settings()
        _ = s.set("one-handed", "right")
        for language in ShippedTranslations.languages {
            try Translations.bound(ShippedTranslations.translations(language)) {
                let us = try loadShipped("us.json")
                let bar = PanelBar(slots: false, toolbar: ToolbarButton.allCases)
                let g = PanelGeometry.forOutput(width: 360, height: 640, layout: us, layer: us.layers[0], bar: bar)
                let size = renderer.theme.labelSize * 0.72
                var keys = g.keys.filter { if case .toolbar = $0.key.action { true } else { false } }
                let ret = try #require(g.keys.first { $0.key.action == .return })
                let clipboard = ClipboardPanel.layout([])
                let c = PanelGeometry.forOutput(width: 360, height: 640, layout: clipboard, layer: clipboard.layers[0])
                keys += c.keys.filter { !$0.key.label.isEmpty }
                for placed in keys {
                    #expect(fits(placed.key.label, in: placed.frame, size: size), "\(language): \(placed.key.label)")
                }
                #expect(fits(tr("Go"), in: ret.frame, size: size), "\(language): \(tr("Go"))")
                let modes =
                    Controller(layouts: [us], settings: Settings(), library: KeyboardLibrary()).keyboard.modeChoices
                    + Controller(layouts: [us], settings: s, library: KeyboardLibrary()).keyboard.modeChoices
                let globe = try #require(g.keys.first { $0.key.action == .nextKeyboard })
                // The keyboards of no language are named in the user's too (parsed here: the
                // shipped ones a test process keeps are English).
                let panels = try ["desktop", "digits", "emoji", "phone", "picker", "pin", "snippets", "terminal"].map {
                    let text = try #require(readText(Repository.layouts + "/\($0).json"))
                    return try LayoutParser.parse(text, file: "\($0).json", defaultName: $0).displayName
                }
                let items = modes.map { ("", $0.label) } + panels.map { ("", $0) }
                let popup = Popup.keyboards(items, current: "", above: globe, panelWidth: g.width)
                for (label, frame) in zip(popup.labels, popup.itemFrames) {
                    #expect(fits(label, in: frame, size: 0.45, alignLeft: true), "\(language): \(label)")
                }
            }
        }
    }
}
