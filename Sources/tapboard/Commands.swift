import Glibc
import TapboardCore
import TapboardRender
import TapboardSystem
import TapboardWayland

/// The keyboard and layer a command shows, chosen as the live panel would; `settings`:
/// those already loaded (each load repeats the config file's warnings).
func resolveLayout(_ o: Options, store: LayoutStore, settings: Settings? = nil) -> Result<(Layout, Layer), StoreError> {
    let settings = settings ?? loadSettings(o)
    var selection = KeyboardSelection(enabled: enabledLayoutNames(settings, store: store))
    selection.fieldChanged(purpose: o.purpose ?? .normal)
    let wide = o.output.map { $0.width > $0.height } ?? false
    let layout: Layout
    switch selection.layout(wide: wide, isAvailable: { store.path(of: $0) != nil }, load: store.load) {
    case .success(let l): layout = settings.numberRow ? l.addingNumberRow() : l
    case .failure(let e): return .failure(e)
    }
    guard let layerName = o.layer else { return .success((layout, layout.layers[0])) }
    guard var layer = layout.layer(named: layerName) else {
        let valid = layout.layers.map(\.name).joined(separator: ", ")
        return .failure(StoreError(message: "keyboard \"\(layout.name)\" has no layer \"\(layerName)\" (layers: \(valid))"))
    }
    if layerName == Controller.emojiSearchLayer, let query = o.context {
        // The emoji search as it shows after typing QUERY, in the first language keyboard's language.
        let languages = enabledLayoutNames(settings, store: store).compactMap { try? store.load($0).get().language }
        let names = EmojiNameStore(layouts: store)
        let table = languages.first { !$0.isEmpty }.flatMap(names.emojiNames(for:)) ?? names.emojiNames(for: "en")
        layer = Controller.emojiSearch(layer, of: layout, query: query, names: table)
    }
    return .success((layout, layer))
}

/// The keyboard and layer a command shows; nil once it said why not.
func commandLayout(_ o: Options, store: LayoutStore, settings: Settings? = nil) -> (Layout, Layer)? {
    switch resolveLayout(o, store: store, settings: settings) {
    case .success(let r): return r
    case .failure(let e):
        printError("tapboard: \(e)")
        return nil
    }
}

/// A suggester over `layout`'s language's dictionary (and its next-word pairs and triples, unless
/// `pairs` is false) for a command, with the store it came from; nil once it said why not.
func commandSuggester(_ layout: Layout, store: LayoutStore, pairs: Bool = true) -> (Suggester, DictionaryStore)? {
    let dictionaries = DictionaryStore(layouts: store)
    switch dictionaries.load(language: layout.language) {
    case .success(let s):
        let suggester = Suggester(
            source: s.words, keys: KeyNeighbours.from(layout: layout),
            pairs: pairs ? dictionaries.loadPairs(language: layout.language)?.words : nil,
            triples: pairs ? dictionaries.loadTriples(language: layout.language)?.words : nil)
        return (suggester, dictionaries)
    case .failure(let e):
        printError("tapboard: \(e)")
        return nil
    }
}

/// Whether the live panel would show the suggestion strip for this field and keyboard.
func showsStrip(_ o: Options, layout: Layout, store: LayoutStore, settings: Settings? = nil) -> Bool {
    var field = TextFieldState()
    field.active = true
    field.purpose = o.purpose ?? .normal
    // An engine's candidates show whatever the settings say (as Controller.engine decides).
    if case .engine(let e)? = layout.compose { return !e.keepsUserData || FieldAllows(field).contains(.learning) }
    return (settings ?? loadSettings(o)).suggestions && FieldAllows(field).contains(.suggestions)
        && DictionaryStore(layouts: store).path(language: layout.language) != nil
}

/// The band above the keys in a freshly focused (empty) field, or while `--typed` is
/// being typed, as the live panel shows it; `paste`: with Paste (the clipboard holds text).
func fieldBar(_ o: Options, layout: Layout, store: LayoutStore, paste: Bool, settings: Settings) -> PanelBar {
    PanelBar.forField(
        mode: settings.toolbar, slots: showsStrip(o, layout: layout, store: store, settings: settings),
        stripEmpty: o.typed == nil, paste: paste, ownDone: layout.hasDoneKey)
}

func geometryCommand(_ o: Options, store: LayoutStore) -> Int32 {
    guard let output = requiredOutput(o, for: "geometry") else { return 64 }
    let settings = loadSettings(o)
    guard let (layout, layer) = commandLayout(o, store: store, settings: settings) else { return 1 }
    let g = panelGeometry(o, output: output, layout: layout, layer: layer, store: store, settings: settings)
    // A floating panel where it first goes (the live one where the user dragged it).
    let place =
        settings.startMode == .floating
        ? FloatingPanel.firstPlace(size: (g.width, g.height), output: output) : nil
    print(GeometryJSON.encode(g, layout: layout.name, layer: layer.name, place: place))
    return 0
}

/// The keys as the live panel places them in a freshly focused field, the strip's slots
/// included where it would show them.
func panelGeometry(
    _ o: Options, output: (width: Int, height: Int), layout: Layout, layer: Layer, store: LayoutStore, settings: Settings
) -> PanelGeometry {
    let bar = fieldBar(o, layout: layout, store: store, paste: true, settings: settings)
    let arrangement = settings.arrangement(mode: settings.startMode, output: output, layout: layout)
    let rows = panelRows(for: layout, o, store: store, settings: settings)
    var g = PanelGeometry.forOutput(
        width: output.width, height: output.height, layout: layout, layer: layer, bar: bar,
        size: settings.height, arrangement: arrangement, rows: rows)
    if showsStrip(o, layout: layout, store: store, settings: settings), !bar.slots {
        // toolbar = auto: the strip's slots take the toolbar's place once it has words.
        let s = PanelGeometry.forOutput(
            width: output.width, height: output.height, layout: layout, layer: layer,
            bar: PanelBar(slots: true), size: settings.height, arrangement: arrangement, rows: rows)
        g.keys += s.keys.filter { $0.row < 0 }
        g.strip = s.strip
    }
    return g
}

/// The rows the live panel's height is made for (`Layout.panelRows`) when it shows `shown`
/// among the user's keyboards: the settings' list without what `--layout` put first, or
/// the default keyboards (`--layout emoji` is the emoji keyboard after them; `--layout
/// picker` a panel none of them is).
func panelRows(for shown: Layout, _ o: Options, store: LayoutStore, settings: Settings) -> Double? {
    var own = settings
    if o.layout != nil, let listed = own.layouts {
        own.layouts = listed.count > 1 ? Array(listed.dropFirst()) : nil
    }
    let names = enabledLayoutNames(own, store: store)
    return Layout.panelRows(for: shown, enabled: names) { name in
        (try? store.load(name).get()).map { settings.numberRow ? $0.addingNumberRow() : $0 }
    }
}

/// With `--typed WORD`: the strip as the live panel shows it while WORD is typed after
/// `--context` (the dictionary, its pairs and the spell checker; no learned words).
func typedStrip(_ o: Options, layout: Layout, store: LayoutStore, settings: Settings) -> Strip? {
    // An engine's candidates need the engine running: its keyboards are drawn with the strip empty.
    if case .engine? = layout.compose { return nil }
    guard let typed = o.typed, showsStrip(o, layout: layout, store: store, settings: settings),
        let (words, dictionaries) = commandSuggester(layout, store: store)
    else { return nil }
    var suggester = words
    suggester.spell = dictionaries.spellChecker(language: layout.language).0
    return suggester.strip(for: typed, context: o.context ?? "", learned: LearnedWords(), autocorrect: settings.autocorrect)
}

/// The `--output WxH` that `command` needs; nil (and said) when it was not given.
func requiredOutput(_ o: Options, for command: String) -> (width: Int, height: Int)? {
    if o.output == nil { printError("tapboard \(command): " + tr("--output WxH is required")) }
    return o.output
}

func previewCommand(_ o: Options, store: LayoutStore) -> Int32 {
    guard let output = requiredOutput(o, for: "preview") else { return 64 }
    guard let file = o.outputFile else {
        printError("tapboard preview: " + tr("-o FILE.png is required"))
        return 64
    }
    let settings = loadSettings(o)
    guard let (layout, layer) = commandLayout(o, store: store, settings: settings) else { return 1 }
    let g = PanelGeometry.forOutput(
        width: output.width, height: output.height, layout: layout, layer: layer,
        bar: fieldBar(o, layout: layout, store: store, paste: false, settings: settings),
        size: settings.height, arrangement: settings.arrangement(mode: settings.startMode, output: output, layout: layout),
        rows: panelRows(for: layout, o, store: store, settings: settings))
    guard let canvas = Canvas(width: g.width * o.scale, height: g.height * o.scale, scale: o.scale) else {
        printError("tapboard: cannot allocate a \(g.width)x\(g.height) image")
        return 1
    }
    let renderer = PanelRenderer(theme: chooseTheme(settings.theme))
    renderer.onImageProblem = { printError("tapboard: \($0)") }
    var appearance = PanelAppearance()
    if let strip = typedStrip(o, layout: layout, store: store, settings: settings) { appearance.strip = strip }
    renderer.draw(g, appearance, on: canvas)
    if let problem = canvas.writePNG(to: file) {
        printError("tapboard: " + tr("cannot write %s: %s", file, "\(problem)"))
        return 1
    }
    return 0
}

func checkCommand(_ o: Options, store: LayoutStore) -> Int32 {
    guard !o.files.isEmpty else {
        printError("tapboard check: " + tr("name one or more layout files"))
        return 64
    }
    var bad = 0
    for file in o.files {
        switch LayoutStore.loadFile(file) {
        case .success(let layout):
            let problems = referenceProblems(layout, file: file, store: store)
            if problems.isEmpty {
                print("\(file): ok")
            } else {
                problems.forEach(printError)
                bad += 1
            }
        case .failure(let e):
            printError(e.description)
            bad += 1
        }
    }
    return bad == 0 ? 0 : 2
}

func layoutsCommand(store: LayoutStore) -> Int32 {
    for (name, path) in store.available() {
        switch LayoutStore.loadFile(path) {
        case .success(let l): print("\(name)\t\(l.displayName)\t\(path)")
        case .failure: print("\(name)\t(broken: run tapboard check \(path))\t\(path)")
        }
    }
    return 0
}

/// `tapboard geometry` output.
enum GeometryJSON {
    /// `place`: a floating panel's top left corner on the output (nil: docked at the bottom).
    static func encode(_ g: PanelGeometry, layout: String, layer: String, place: FloatingPlace? = nil) -> String {
        var keys: [String] = []
        for placed in g.keys {
            let k = placed.key
            var fields = ["\"label\":\(quote(k.label))", "\"action\":\(quote(k.action.name))"]
            switch k.action {
            case .text(let t): fields.append("\"text\":\(quote(t))")
            case .layer(let l): fields.append("\"layer\":\(quote(l))")
            case .keysym(let s, _): fields.append("\"keysym\":\(quote(s))")
            case .suggestion(let slot): fields.append("\"slot\":\(slot)")
            case .open(let l): fields.append("\"layout\":\(quote(l))")
            default: break
            }
            if k.then != .stay { fields.append("\"then\":\(quote(k.then.rawValue))") }
            switch k.hint(shifted: false) {
            case .text(let t): fields.append("\"hint\":\(quote(t))")
            case .mark: fields.append("\"hint\":\"mark\"")
            case nil: break
            }
            let f = placed.frame
            fields += [
                "\"x\":\(number(f.x))", "\"y\":\(number(f.y))",
                "\"width\":\(number(f.width))", "\"height\":\(number(f.height))"
            ]
            keys.append("{" + fields.joined(separator: ",") + "}")
        }
        func rect(_ name: String, _ r: Rect?) -> String {
            r.map {
                ",\"\(name)\":{\"x\":\(number($0.x)),\"y\":\(number($0.y)),\"width\":\(number($0.width)),\"height\":\(number($0.height))}"
            } ?? ""
        }
        let floating = place.map { ",\"place\":{\"x\":\($0.x),\"y\":\($0.y)}" } ?? ""
        let bands = floating + rect("strip", g.strip) + rect("toolbar", g.toolbar)
        return
            "{\"layout\":\(quote(layout)),\"layer\":\(quote(layer)),\"width\":\(g.width),\"height\":\(g.height)\(bands),\"keys\":[\n"
            + keys.joined(separator: ",\n") + "\n]}"
    }

    static func number(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String((d * 100).rounded() / 100)
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
