/// Problems found in one layout file: each names the file, line and column.
public struct LayoutError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var problems: [SourceError]

    public var description: String {
        problems.map { "\(file):\($0.position): \($0.message)" }.joined(separator: "\n")
    }
}

/// Reads the JSON layout format described in layouts/README.md.
public enum LayoutParser {
    static let maxKeyWidth = 20.0
    static let layoutFields: Set = [
        "name", "displayName", "language", "direction", "layers", "wideLayers",
        "compose", "panel"
    ]
    static let layerFields: Set = ["name", "rows", "rowHeights"]
    static let keyFields: Set = [
        "label", "text", "action", "width", "shift", "alternates",
        "layer", "keysym", "modifiers", "modifier", "spacer", "icon", "once",
        "image", "case", "then", "layout"
    ]

    /// Parses `text`; `file` names it in errors, `defaultName` is used when the file has no `name`.
    public static func parse(_ text: String, file: String, defaultName: String) throws(LayoutError) -> Layout {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            throw LayoutError(file: file, problems: [error])
        }
        var reader = Reader(folder: Layout.folder(of: file))
        let layout = reader.layout(root, defaultName: defaultName)
        if let layout, reader.problems.isEmpty { return layout }
        throw LayoutError(file: file, problems: reader.problems)
    }

    /// Collects every problem rather than stopping at the first.
    struct Reader {
        var problems: [SourceError] = []
        /// The layout file's folder: images are looked for there.
        let folder: String
        /// Images and layouts named so far.
        var references: [LayoutReference] = []

        init(folder: String) { self.folder = folder }

        mutating func fail(_ at: SourcePosition, _ message: String) {
            problems.append(SourceError(at, message))
        }

        mutating func members(
            _ value: JSONValue, _ what: String,
            allowed: Set<String>
        ) -> [String: JSONValue]? {
            guard case .object(let list) = value.kind else {
                fail(value.position, "\(what) must be an object")
                return nil
            }
            var out: [String: JSONValue] = [:]
            for member in list {
                if allowed.contains(member.key) {
                    out[member.key] = member.value
                } else {
                    let valid = allowed.sorted().joined(separator: ", ")
                    fail(member.keyPosition, "unknown field \"\(member.key)\" in \(what) (valid: \(valid))")
                }
            }
            return out
        }

        mutating func string(_ value: JSONValue?, _ what: String) -> String? {
            guard let value else { return nil }
            guard case .string(let s) = value.kind else {
                fail(value.position, "\(what) must be a string")
                return nil
            }
            return s
        }

        mutating func layout(_ root: JSONValue, defaultName: String) -> Layout? {
            guard let fields = members(root, "layout", allowed: LayoutParser.layoutFields) else { return nil }
            let name = string(fields["name"], "\"name\"") ?? defaultName
            if let n = fields["name"], name != defaultName {
                fail(n.position, "\"name\" is \"\(name)\" but the file is named \"\(defaultName)\" (they must match)")
            }
            let language = string(fields["language"], "\"language\"") ?? ""
            // A keyboard of no language (a panel, the PIN pad) is named in the user's (the
            // shipped ones' names are in po/tapboard.pot: scripts/make-pot takes them from here).
            var displayName = string(fields["displayName"], "\"displayName\"") ?? name
            if language.isEmpty { displayName = tr(displayName) }
            var direction = TextDirection.leftToRight
            if let d = fields["direction"], let s = string(d, "\"direction\"") {
                if let parsed = TextDirection(rawValue: s) {
                    direction = parsed
                } else {
                    fail(d.position, "\"direction\" must be \"ltr\" or \"rtl\", not \"\(s)\"")
                }
            }
            guard let layersValue = fields["layers"] else {
                fail(root.position, "layout has no \"layers\"")
                return nil
            }
            guard case .array(let layerValues) = layersValue.kind, !layerValues.isEmpty else {
                fail(layersValue.position, "\"layers\" must be a non-empty array")
                return nil
            }
            var layers: [Layer] = []
            var layerPositions: [String: SourcePosition] = [:]
            for value in layerValues {
                guard let layer = self.layer(value) else { continue }
                if layerPositions[layer.name] != nil {
                    fail(value.position, "duplicate layer \"\(layer.name)\"")
                }
                layerPositions[layer.name] = value.position
                layers.append(layer)
            }
            checkLayerReferences(layerValues, known: Set(layerPositions.keys))
            var layout = Layout(
                name: name, displayName: displayName, language: language,
                direction: direction, layers: layers)
            if let c = fields["compose"] { layout.compose = compose(c) }
            if let p = fields["panel"] { layout.isPanel = panelFlag(p) }
            if let wide = fields["wideLayers"] {
                guard case .array(let wideValues) = wide.kind else {
                    fail(wide.position, "\"wideLayers\" must be an array of layers")
                    return layout
                }
                for value in wideValues {
                    guard let layer = self.layer(value) else { continue }
                    if layerPositions[layer.name] == nil {
                        fail(value.position, "wide layer \"\(layer.name)\" has no layer of the same name in \"layers\"")
                    }
                    layout.wideLayers.append(layer)
                }
                checkLayerReferences(wideValues, known: Set(layerPositions.keys))
            }
            layout.references = references
            return layout
        }

        mutating func layer(_ value: JSONValue) -> Layer? {
            guard let fields = members(value, "layer", allowed: LayoutParser.layerFields) else { return nil }
            guard let name = string(fields["name"], "layer \"name\"") else {
                if fields["name"] == nil { fail(value.position, "layer has no \"name\"") }
                return nil
            }
            guard let rowsValue = fields["rows"], case .array(let rowValues) = rowsValue.kind,
                !rowValues.isEmpty
            else {
                fail(
                    fields["rows"]?.position ?? value.position,
                    "layer \"\(name)\" needs \"rows\": a non-empty array of rows")
                return nil
            }
            var rows: [[Key]] = []
            for rowValue in rowValues {
                guard case .array(let keyValues) = rowValue.kind else {
                    fail(rowValue.position, "a row must be an array of keys")
                    continue
                }
                let keys = keyValues.compactMap { key($0) }
                if !keys.contains(where: { $0.action != .spacer }) {
                    fail(rowValue.position, "a row needs at least one key")
                    continue
                }
                rows.append(keys)
            }
            var layer = Layer(name: name, rows: rows)
            if let h = fields["rowHeights"] { layer.rowHeights = rowHeights(h, rows: rowValues.count) }
            return layer
        }

        mutating func key(_ value: JSONValue) -> Key? {
            if case .string(let text) = value.kind {
                guard !text.isEmpty else {
                    fail(value.position, "a key's text must not be empty")
                    return nil
                }
                return .text(text)
            }
            guard let fields = members(value, "key", allowed: LayoutParser.keyFields) else { return nil }
            if let spacer = fields["spacer"] {
                if fields.count > 1 { fail(value.position, "a spacer takes no other fields") }
                guard let width = width(spacer) else { return nil }
                return Key(label: "", action: .spacer, width: width)
            }
            let text = string(fields["text"], "\"text\"")
            if let t = fields["text"], text == "" { fail(t.position, "\"text\" must not be empty") }
            var width = 1.0
            if let w = fields["width"] { width = self.width(w) ?? 1 }
            let action = self.action(fields, text: text, at: value.position)
            var label = string(fields["label"], "\"label\"") ?? defaultLabel(for: action)
            // A panel's "Done" (the key back to the letters) is the panel's word, not the
            // keyboard's: in the user's language, as the toolbar's Done.
            if label == "Done", action == .back { label = tr("Done") }
            let shifted = string(fields["shift"], "\"shift\"")
            var alternates: [String] = []
            if let a = fields["alternates"] {
                if case .array(let items) = a.kind {
                    alternates = items.compactMap { string($0, "an alternate") }
                } else {
                    fail(a.position, "\"alternates\" must be an array of strings")
                }
            }
            var icon: Icon?
            if let i = fields["icon"], let name = string(i, "\"icon\"") {
                icon = Icon(rawValue: name)
                if icon == nil {
                    let valid = Icon.allCases.map(\.rawValue).joined(separator: ", ")
                    fail(i.position, "unknown icon \"\(name)\" (valid: \(valid))")
                }
            }
            guard let action else { return nil }
            var key = Key(
                label: label, action: action, width: width, shifted: shifted, alternates: alternates,
                icon: icon ?? defaultIcon(for: action))
            panelFields(fields, into: &key)
            if let o = fields["once"] {
                if case .bool(let b) = o.kind, case .layer = action {
                    key.once = b
                } else {
                    fail(o.position, "\"once\" is true or false, on layer keys only")
                }
            }
            return key
        }

        mutating func width(_ value: JSONValue) -> Double? {
            guard case .number(let w) = value.kind, w > 0, w <= LayoutParser.maxKeyWidth else {
                fail(value.position, "a width must be a number above 0 and at most \(Int(LayoutParser.maxKeyWidth))")
                return nil
            }
            return w
        }

        mutating func action(_ fields: [String: JSONValue], text: String?, at: SourcePosition) -> KeyAction? {
            let actionValue = fields["action"]
            let name = string(actionValue, "\"action\"") ?? "text"
            let position = actionValue?.position ?? at
            func needs(_ field: String) -> Bool {
                guard fields[field] == nil else { return true }
                fail(position, "a \"\(name)\" key needs \"\(field)\"")
                return false
            }
            switch name {
            case "text":
                guard needs("text"), let text else { return nil }
                return .text(text)
            case "backspace": return .backspace
            case "shift": return .shift
            case "layer":
                guard needs("layer"), let layer = string(fields["layer"], "\"layer\"") else { return nil }
                return .layer(layer)
            case "next-keyboard": return .nextKeyboard
            case "return": return .return
            case "space": return .space
            case "hide": return .hide
            case "back": return .back
            case "clipboard": return .clipboard(.open)
            case "open":
                guard needs("layout"), let l = fields["layout"], let name = string(l, "\"layout\"") else { return nil }
                references.append(LayoutReference(kind: .layout, name: name, path: "", position: l.position))
                return .open(name)
            case "modifier":
                guard needs("modifier"), let m = fields["modifier"], let s = string(m, "\"modifier\"") else { return nil }
                guard let mod = Modifiers.names.first(where: { $0.0 == s }) else {
                    fail(m.position, "unknown modifier \"\(s)\" (valid: shift, ctrl, alt, logo)")
                    return nil
                }
                return .modifier(mod.1)
            case "keysym":
                guard needs("keysym"), let sym = string(fields["keysym"], "\"keysym\"") else { return nil }
                return .keysym(sym, modifiers: modifiers(fields["modifiers"]))
            default:
                let valid =
                    "text, backspace, shift, layer, next-keyboard, return, space, keysym, hide, modifier, open, back, clipboard"
                fail(position, "unknown action \"\(name)\" (valid: \(valid))")
                return nil
            }
        }

        mutating func modifiers(_ value: JSONValue?) -> Modifiers {
            guard let value else { return [] }
            guard case .array(let items) = value.kind else {
                fail(value.position, "\"modifiers\" must be an array such as [\"ctrl\"]")
                return []
            }
            var mods: Modifiers = []
            for item in items {
                guard let s = string(item, "a modifier") else { continue }
                if let m = Modifiers.names.first(where: { $0.0 == s }) {
                    mods.insert(m.1)
                } else {
                    fail(item.position, "unknown modifier \"\(s)\" (valid: shift, ctrl, alt, logo)")
                }
            }
            return mods
        }

        func defaultLabel(for action: KeyAction?) -> String {
            switch action {
            case .text(let t): t
            case .backspace: "⌫"
            case .shift: "⇧"
            case .layer(let l): l
            case .nextKeyboard: "🌐"
            case .return: "⏎"
            case .space: ""
            case .keysym(let sym, _): sym
            case .hide: "⌄"
            case .open(let l): l
            case .back: "⌨"
            case .clipboard: "📋"
            case .modifier(let m):
                Modifiers.names.first { $0.1 == m }.map { $0.0.prefix(1).uppercased() + $0.0.dropFirst() } ?? ""
            case .spacer, .suggestion, .toolbar, .candidate, .candidates, .hands, .grip, nil: ""
            }
        }

        func defaultIcon(for action: KeyAction) -> Icon? {
            switch action {
            case .shift: .shift
            case .backspace: .backspace
            case .return: .return
            case .nextKeyboard: .globe
            case .hide: .hide
            default: nil
            }
        }

        /// Layer keys must name a layer of the same file.
        mutating func checkLayerReferences(_ layerValues: [JSONValue], known: Set<String>) {
            for layerValue in layerValues {
                guard case .object(let layerMembers) = layerValue.kind,
                    let rows = layerMembers.first(where: { $0.key == "rows" })?.value,
                    case .array(let rowValues) = rows.kind
                else { continue }
                for row in rowValues {
                    guard case .array(let keys) = row.kind else { continue }
                    for key in keys {
                        guard case .object(let keyMembers) = key.kind,
                            let target = keyMembers.first(where: { $0.key == "layer" })?.value,
                            case .string(let name) = target.kind, !known.contains(name)
                        else { continue }
                        let valid = known.sorted().joined(separator: ", ")
                        fail(target.position, "no layer named \"\(name)\" in this file (layers: \(valid))")
                    }
                }
            }
        }
    }
}
