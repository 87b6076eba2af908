/// The fields that make a layout a panel: images on keys, text kept as written, what a
/// key does after its tap, row heights.
extension LayoutParser.Reader {
    static let maxRowHeight = 20.0

    mutating func panelFlag(_ value: JSONValue) -> Bool {
        guard case .bool(let b) = value.kind else {
            fail(value.position, "\"panel\" is true or false")
            return false
        }
        return b
    }

    /// `image`, `case` and `then` of a key.
    mutating func panelFields(_ fields: [String: JSONValue], into key: inout Key) {
        if let i = fields["image"], let name = string(i, "\"image\"") {
            if name.isEmpty || name.hasPrefix("/") || name.split(separator: "/").contains("..") {
                fail(i.position, "\"image\" names a file beside the layout file, such as \"apple.svg\"")
            } else if !(name.hasSuffix(".png") || name.hasSuffix(".svg")) {
                fail(i.position, "image \"\(name)\" must be a .png or .svg file")
            } else {
                let path = folder + "/" + name
                key.image = path
                references.append(LayoutReference(kind: .image, name: name, path: path, position: i.position))
                // An image key shows a label under the picture only when it has one.
                if fields["label"] == nil { key.label = "" }
            }
        }
        if let c = fields["case"], let s = string(c, "\"case\"") {
            guard case .text = key.action else {
                fail(c.position, "\"case\" is for text keys")
                return
            }
            switch s {
            case "keep": key.keepsCase = true
            case "auto": key.keepsCase = false
            default: fail(c.position, "unknown \"case\" \"\(s)\" (valid: auto, keep)")
            }
        }
        if let t = fields["then"], let s = string(t, "\"then\"") {
            if let after = AfterTap(rawValue: s) {
                key.then = after
            } else {
                let valid = AfterTap.allCases.map(\.rawValue).joined(separator: ", ")
                fail(t.position, "unknown \"then\" \"\(s)\" (valid: \(valid))")
            }
        }
    }

    /// One relative height per row.
    mutating func rowHeights(_ value: JSONValue, rows: Int) -> [Double] {
        guard case .array(let items) = value.kind, items.count == rows else {
            fail(value.position, "\"rowHeights\" must be an array of \(rows) numbers, one per row")
            return []
        }
        var heights: [Double] = []
        for item in items {
            guard case .number(let h) = item.kind, h > 0, h <= Self.maxRowHeight else {
                fail(item.position, "a row height must be a number above 0 and at most \(Int(Self.maxRowHeight))")
                return []
            }
            heights.append(h)
        }
        return heights
    }
}
