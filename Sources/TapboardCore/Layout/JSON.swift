/// A parsed JSON value that remembers where it stood in its source, so that
/// schema errors can name a line and column.
public struct JSONValue: Sendable {
    public enum Kind: Sendable {
        case object([(key: String, keyPosition: SourcePosition, value: JSONValue)])
        case array([JSONValue])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }
    public var kind: Kind
    public var position: SourcePosition
}

/// A 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

/// A problem found in a source file, at a position.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String
    public init(_ position: SourcePosition, _ message: String) {
        self.position = position
        self.message = message
    }
    public var description: String { "\(position): \(message)" }
}

/// A small strict JSON parser (RFC 8259) over Unicode scalars.
struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    static func parse(_ text: String) throws(SourceError) -> JSONValue {
        var parser = JSONParser(text)
        parser.skipSpace()
        let value = try parser.parseValue(depth: 0)
        parser.skipSpace()
        if parser.index < parser.scalars.count {
            throw SourceError(parser.here, "unexpected \(parser.describeCurrent()) after the top-level value")
        }
        return value
    }

    private var here: SourcePosition { SourcePosition(line: line, column: column) }
    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func describeCurrent() -> String {
        guard let c = current else { return "end of file" }
        return "'\(Character(c))'"
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipSpace() {
        while let c = current, c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
    }

    private mutating func expect(_ c: Unicode.Scalar, _ what: String) throws(SourceError) {
        guard current == c else { throw SourceError(here, "expected \(what), found \(describeCurrent())") }
        advance()
    }

    private mutating func parseValue(depth: Int) throws(SourceError) -> JSONValue {
        let start = here
        guard depth < 64 else { throw SourceError(start, "nesting deeper than 64 levels") }
        switch current {
        case "{": return JSONValue(kind: try parseObject(depth: depth), position: start)
        case "[": return JSONValue(kind: try parseArray(depth: depth), position: start)
        case "\"": return JSONValue(kind: .string(try parseString()), position: start)
        case "t":
            try parseWord("true")
            return JSONValue(kind: .bool(true), position: start)
        case "f":
            try parseWord("false")
            return JSONValue(kind: .bool(false), position: start)
        case "n":
            try parseWord("null")
            return JSONValue(kind: .null, position: start)
        case let c? where c == "-" || ("0"..."9").contains(c):
            return JSONValue(kind: .number(try parseNumber()), position: start)
        default: throw SourceError(start, "expected a value, found \(describeCurrent())")
        }
    }

    private mutating func parseWord(_ word: String) throws(SourceError) {
        let start = here
        for w in word.unicodeScalars {
            guard current == w else { throw SourceError(start, "invalid literal (expected '\(word)')") }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws(SourceError) -> JSONValue.Kind {
        advance()
        var members: [(key: String, keyPosition: SourcePosition, value: JSONValue)] = []
        skipSpace()
        if current == "}" {
            advance()
            return .object(members)
        }
        while true {
            skipSpace()
            let keyPosition = here
            guard current == "\"" else { throw SourceError(here, "expected a quoted key, found \(describeCurrent())") }
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw SourceError(keyPosition, "duplicate key \"\(key)\"")
            }
            skipSpace()
            try expect(":", "':' after key")
            skipSpace()
            members.append((key, keyPosition, try parseValue(depth: depth + 1)))
            skipSpace()
            if current == "," {
                advance()
                continue
            }
            try expect("}", "',' or '}' in object")
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(SourceError) -> JSONValue.Kind {
        advance()
        var items: [JSONValue] = []
        skipSpace()
        if current == "]" {
            advance()
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try parseValue(depth: depth + 1))
            skipSpace()
            if current == "," {
                advance()
                continue
            }
            try expect("]", "',' or ']' in array")
            return .array(items)
        }
    }

    private mutating func parseString() throws(SourceError) -> String {
        let start = here
        advance()
        var out = String.UnicodeScalarView()
        while true {
            guard let c = current else { throw SourceError(start, "unterminated string") }
            if c == "\"" {
                advance()
                return String(out)
            }
            if c.value < 0x20 { throw SourceError(here, "control character in string (use \\n)") }
            if c != "\\" {
                out.append(c)
                advance()
                continue
            }
            advance()
            guard let e = current else { throw SourceError(start, "unterminated string") }
            let escapePosition = here
            advance()
            switch e {
            case "\"": out.append("\"")
            case "\\": out.append("\\")
            case "/": out.append("/")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "u":
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard current == "\\" else { throw SourceError(escapePosition, "lone surrogate in \\u escape") }
                    advance()
                    guard current == "u" else { throw SourceError(escapePosition, "lone surrogate in \\u escape") }
                    advance()
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw SourceError(escapePosition, "invalid surrogate pair in \\u escape")
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw SourceError(escapePosition, "invalid \\u escape")
                }
                out.append(scalar)
            default: throw SourceError(escapePosition, "invalid escape '\\\(Character(e))'")
            }
        }
    }

    private mutating func parseHex4() throws(SourceError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, let digit = Character(c).hexDigitValue else {
                throw SourceError(here, "expected 4 hex digits in \\u escape")
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(SourceError) -> Double {
        let start = here
        var text = ""
        while let c = current, "+-.eE0123456789".unicodeScalars.contains(c) {
            text.unicodeScalars.append(c)
            advance()
        }
        guard let value = Double(text), text.first != "+", !text.hasPrefix("-."), !text.hasPrefix(".") else {
            throw SourceError(start, "invalid number '\(text)'")
        }
        return value
    }
}

extension JSONValue {
    /// The value `text` holds (strict RFC 8259), or where and why it is not JSON.
    public static func parse(_ text: String) throws(SourceError) -> JSONValue {
        try JSONParser.parse(text)
    }
}
