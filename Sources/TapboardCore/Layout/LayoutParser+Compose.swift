/// Reads a layout's `"compose"` object (layouts/README.md, "Dead keys, compose and Telex").
extension LayoutParser.Reader {
    static let composeFields: Set = ["dead", "sequences", "telex", "engine", "schema"]
    static let telexFields: Set = [
        "marks", "alone", "vowels", "tones", "initials", "finals", "stopFinals",
        "stopTones", "toneOnSecond"
    ]

    mutating func compose(_ value: JSONValue) -> ComposeRules? {
        guard let fields = members(value, "\"compose\"", allowed: Self.composeFields) else { return nil }
        if let engine = fields["engine"] {
            if fields.count > (fields["schema"] == nil ? 1 : 2) {
                fail(value.position, "\"compose\" with an \"engine\" takes only \"schema\" beside it")
            }
            return self.engine(engine, schema: fields["schema"]).map(ComposeRules.engine)
        }
        if let schema = fields["schema"] {
            fail(schema.position, "\"schema\" belongs to \"engine\": \"rime\"")
        }
        if let telex = fields["telex"] {
            if fields["dead"] != nil || fields["sequences"] != nil {
                fail(value.position, "\"compose\" has either \"telex\" or \"dead\" and \"sequences\"")
            }
            return self.telex(telex).map(ComposeRules.telex)
        }
        guard let dead = fields["dead"], let sequences = fields["sequences"] else {
            fail(value.position, "\"compose\" needs \"dead\" and \"sequences\" (or \"telex\")")
            return nil
        }
        let starters = stringMap(dead, "\"dead\"")
        let table = stringMap(sequences, "\"sequences\"")
        for (seq, pos) in table.positions
        where !starters.map.keys.contains(where: { seq.unicodeScalars.starts(with: $0.unicodeScalars) }) {
            fail(pos, "sequence \"\(seq)\" does not start with a dead key of \"dead\"")
        }
        for (seq, pos) in table.positions where table.map[seq]?.isEmpty == true {
            fail(pos, "sequence \"\(seq)\" gives no text")
        }
        return .table(ComposeTable(starters: starters.map, sequences: table.map))
    }

    /// `"engine"` (and a RIME `"schema"`).
    mutating func engine(_ value: JSONValue, schema: JSONValue?) -> CompositionEngine? {
        guard let name = string(value, "\"engine\"") else { return nil }
        switch name {
        case "hangul", "anthy":
            if let schema { fail(schema.position, "\"schema\" is for \"engine\": \"rime\" only") }
            return name == "hangul" ? .hangul : .anthy
        case "rime":
            guard let schema, let id = string(schema, "\"schema\""), !id.isEmpty,
                id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            else {
                fail(value.position, "\"engine\": \"rime\" needs a \"schema\", a RIME schema id such as \"luna_pinyin_simp\"")
                return nil
            }
            return .rime(schema: id)
        default:
            fail(value.position, "unknown \"engine\" \"\(name)\" (one of \(CompositionEngine.names.joined(separator: ", ")))")
            return nil
        }
    }

    /// An object of strings, with the position of each key.
    mutating func stringMap(_ value: JSONValue, _ what: String) -> (map: [String: String], positions: [(String, SourcePosition)])
    {
        guard case .object(let list) = value.kind else {
            fail(value.position, "\(what) must be an object of strings")
            return ([:], [])
        }
        var map: [String: String] = [:]
        var positions: [(String, SourcePosition)] = []
        for m in list {
            guard let s = string(m.value, "\(what) \"\(m.key)\"") else { continue }
            if m.key.isEmpty { fail(m.keyPosition, "\(what) has an empty key") }
            map[m.key] = s
            positions.append((m.key, m.keyPosition))
        }
        return (map, positions)
    }

    mutating func stringSet(_ value: JSONValue?, _ what: String) -> Set<String> {
        guard let value else {
            return []
        }
        guard case .array(let items) = value.kind else {
            fail(value.position, "\(what) must be an array of strings")
            return []
        }
        return Set(items.compactMap { string($0, "an item of \(what)") })
    }

    mutating func telex(_ value: JSONValue) -> TelexRules? {
        guard let f = members(value, "\"telex\"", allowed: Self.telexFields) else { return nil }
        for name in ["marks", "vowels", "tones", "initials", "finals"] where f[name] == nil {
            fail(value.position, "\"telex\" needs \"\(name)\"")
        }
        let vowels = Array(string(f["vowels"], "\"vowels\"") ?? "")
        var tones: [String: [Character]] = [:]
        if let t = f["tones"] {
            let m = stringMap(t, "\"tones\"")
            for (key, pos) in m.positions {
                let forms = Array(m.map[key] ?? "")
                if !forms.isEmpty, forms.count != vowels.count {
                    fail(pos, "tone \"\(key)\" needs one form for each of the \(vowels.count) vowels, or \"\" to remove the tone")
                }
                tones[key] = forms
            }
        }
        var marks: [String: [TelexRules.Rewrite]] = [:]
        if let mv = f["marks"] {
            if case .object(let list) = mv.kind {
                for m in list {
                    guard case .array(let items) = m.value.kind else {
                        fail(m.value.position, "mark \"\(m.key)\" must be an array of [from, to] pairs")
                        continue
                    }
                    for item in items {
                        guard case .array(let pair) = item.kind, pair.count == 2,
                            let from = string(pair[0], "a rewrite"), let to = string(pair[1], "a rewrite"),
                            !from.isEmpty, from.count == to.count
                        else {
                            fail(item.position, "a rewrite is a pair [from, to] of the same number of letters")
                            continue
                        }
                        marks[m.key, default: []].append(TelexRules.Rewrite(from, to))
                    }
                }
            } else {
                fail(mv.position, "\"marks\" must be an object")
            }
        }
        var alone: [String: String] = [:]
        if let a = f["alone"] {
            let m = stringMap(a, "\"alone\"")
            for (key, pos) in m.positions where m.map[key]?.count != 1 {
                fail(pos, "\"alone\" \"\(key)\" must be one letter")
            }
            alone = m.map.filter { $0.value.count == 1 }
        }
        return TelexRules(
            marks: marks, alone: alone, vowels: vowels, tones: tones,
            initials: stringSet(f["initials"], "\"initials\""),
            finals: stringSet(f["finals"], "\"finals\""),
            stopFinals: stringSet(f["stopFinals"], "\"stopFinals\""),
            stopTones: stringSet(f["stopTones"], "\"stopTones\""),
            toneOnSecond: stringSet(f["toneOnSecond"], "\"toneOnSecond\""))
    }
}
