import TestSupport
import Testing

@testable import TapboardCore

@Suite struct LayoutTests {
    @Test func everyShippedLayoutLoads() throws {
        let files = layoutFiles()
        #expect(files.contains("us.json"))
        for file in files {
            let layout = try loadShipped(file)
            #expect(!layout.layers.isEmpty, "\(file)")
            #expect(layout.name + ".json" == file)
        }
    }

    @Test func usHasTheKeysAPhoneKeyboardNeeds() throws {
        let us = try loadShipped("us.json")
        let base = try #require(us.layer(named: "base"))
        let actions = base.rows.flatMap { $0 }.map(\.action)
        #expect(actions.contains(.shift))
        #expect(actions.contains(.backspace))
        #expect(actions.contains(.space))
        #expect(actions.contains(.return))
        #expect(actions.contains(.nextKeyboard))
        #expect(actions.contains(.layer("symbols")))
        let letters = Set(actions.compactMap { if case .text(let t) = $0 { t } else { nil } })
        for c in "abcdefghijklmnopqrstuvwxyz" { #expect(letters.contains(String(c))) }
        let digits = us.layer(named: "symbols")!.rows.flatMap { $0 }.compactMap { $0.text(shifted: false) }
        for c in "0123456789" { #expect(digits.contains(String(c))) }
    }

    @Test func everyLayerKeyLeadsSomewhereAndEveryLayerIsReachable() throws {
        for file in layoutFiles() {
            let layout = try loadShipped(file)
            var reached: Set<String> = [layout.layers[0].name]
            var queue = [layout.layers[0].name]
            while let name = queue.popLast() {
                for key in layout.layer(named: name)!.rows.flatMap({ $0 }) {
                    if case .layer(let target) = key.action, !reached.contains(target) {
                        reached.insert(target)
                        queue.append(target)
                    }
                }
            }
            #expect(reached == Set(layout.layers.map(\.name)), "\(file): unreachable layers")
        }
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try LayoutParser.parse(text, file: "t.json", defaultName: "t")
            return []
        } catch {
            return error.description.split(separator: "\n").map(String.init)
        }
    }

    @Test func syntaxErrorNamesFileLineAndColumn() {
        let e = errors("{\n  \"layers\": [\n    {\"name\": \"base\" \"rows\": []}\n  ]\n}")
        #expect(e == ["t.json:3:21: expected ',' or '}' in object, found '\"'"])
    }

    @Test func schemaErrorsAreAllReportedWithPositions() {
        let text = """
            {"layers": [
              {"name": "base", "rows": [
                ["a", {"action": "jump"}, {"text": "b", "colour": "red"}],
                [{"action": "layer", "layer": "nowhere"}, {"text": "c", "width": -1}]
              ]}
            ]}
            """
        let e = errors(text)
        #expect(e.contains { $0.hasPrefix("t.json:3:22: unknown action \"jump\"") })
        #expect(e.contains { $0.hasPrefix("t.json:3:45: unknown field \"colour\" in key") })
        #expect(e.contains { $0.hasPrefix("t.json:4:35: no layer named \"nowhere\"") })
        #expect(e.contains { $0.hasPrefix("t.json:4:70: a width must be a number above 0") })
        #expect(e.count == 4)
    }

    @Test func missingLayersAndWrongTypes() {
        #expect(errors("{}") == ["t.json:1:1: layout has no \"layers\""])
        #expect(errors("[1]") == ["t.json:1:1: layout must be an object"])
        #expect(errors("{\"layers\": []}") == ["t.json:1:12: \"layers\" must be a non-empty array"])
        #expect(
            errors("{\"name\": \"x\", \"layers\": [{\"name\": \"b\", \"rows\": [[\"a\"]]}]}").first?
                .contains("must match") == true)
    }

    @Test func jsonStringsAndNumbers() throws {
        let v = try JSONParser.parse("[\"\\u00e9\\ud83d\\ude00\\n\", -1.5e2, true, null]")
        guard case .array(let items) = v.kind, case .string(let s) = items[0].kind,
            case .number(let n) = items[1].kind
        else {
            Issue.record("shape")
            return
        }
        #expect(s == "é😀\n")
        #expect(n == -150)
        #expect(throws: SourceError.self) { try JSONParser.parse("[1,]") }
        #expect(throws: SourceError.self) { try JSONParser.parse("{\"a\":1,\"a\":2}") }
        #expect(throws: SourceError.self) { try JSONParser.parse("\"abc") }
    }

    /// Strings keep every character, escaped or not; an error's column counts characters,
    /// not bytes, and names the character it found.
    @Test func jsonPositionsCountCharacters() throws {
        let v = try JSONParser.parse("{\"ключ\": \"é \\\"😀\\\" ü\", \"b\": \"\\u00fc\"}")
        guard case .object(let members) = v.kind, case .string(let s) = members[0].value.kind,
            case .string(let t) = members[1].value.kind
        else {
            Issue.record("shape")
            return
        }
        #expect(members[0].key == "ключ" && s == "é \"😀\" ü" && t == "ü")
        #expect(members[1].keyPosition == SourcePosition(line: 1, column: 23))
        func error(_ text: String) -> String? {
            do {
                _ = try JSONParser.parse(text)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(error("{\"é😀\": 1 ü}") == "1:10: expected ',' or '}' in object, found 'ü'")
        #expect(error("[\"a\\é\"]") == "1:5: invalid escape '\\é'")
        #expect(error("{}\n  ẞ") == "2:3: unexpected 'ẞ' after the top-level value")
        #expect(error("[\"é\u{01}\"]") == "1:4: control character in string (use \\n)")
        #expect(error("[nul]") == "1:2: invalid literal (expected 'null')")
        #expect(error("[-.5]") == "1:2: invalid number '-.5'")
    }
}

@Suite struct WideLayoutTests {
    @Test func widePanelsUseWideLayersWhereGiven() throws {
        let text = """
            {"layers": [{"name": "base", "rows": [["a", "b"]]}, {"name": "sym", "rows": [["1"]]}],
             "wideLayers": [{"name": "base", "rows": [["a", "b", "c", "d"]]}]}
            """
        let l = try LayoutParser.parse(text, file: "w.json", defaultName: "w")
        #expect(l.forPanel(wide: false).layers[0].rows[0].count == 2)
        let wide = l.forPanel(wide: true)
        #expect(wide.layers[0].rows[0].count == 4)
        #expect(wide.layers[1].rows[0].count == 1)  // no wide form: the usual layer
        let bad =
            "{\"layers\": [{\"name\": \"base\", \"rows\": [[\"a\"]]}], \"wideLayers\": [{\"name\": \"x\", \"rows\": [[\"a\"]]}]}"
        #expect(throws: LayoutError.self) { try LayoutParser.parse(bad, file: "w.json", defaultName: "w") }
    }
}
