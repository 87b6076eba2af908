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

/// A small strict JSON parser (RFC 8259) over the text's UTF-8 bytes; positions count
/// Unicode scalars. A string without escapes is one slice of the bytes.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ text: String) { bytes = Array(text.utf8) }

    static func parse(_ text: String) throws(SourceError) -> JSONValue {
        var parser = JSONParser(text)
        parser.skipSpace()
        let value = try parser.parseValue(depth: 0)
        parser.skipSpace()
        if parser.index < parser.bytes.count {
            throw SourceError(parser.here, "unexpected \(parser.describeCurrent()) after the top-level value")
        }
        return value
    }

    private var here: SourcePosition { SourcePosition(line: line, column: column) }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The character at the current byte (the start of a scalar), quoted; or the end.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let scalar = String(decoding: bytes[index..<end], as: UTF8.self)
        return "'\(scalar)'"
    }

    /// Past the current byte; a new scalar (a byte that does not continue one) is a column.
    private mutating func advance() {
        let b = bytes[index]
        if b == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    private mutating func skipSpace() {
        while let c = current,
            c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
        {
            advance()
        }
    }

    private mutating func expect(_ c: Unicode.Scalar, _ what: String) throws(SourceError) {
        guard current == UInt8(ascii: c) else { throw SourceError(here, "expected \(what), found \(describeCurrent())") }
        advance()
    }

    private mutating func parseValue(depth: Int) throws(SourceError) -> JSONValue {
        let start = here
        guard depth < 64 else { throw SourceError(start, "nesting deeper than 64 levels") }
        switch current {
        case UInt8(ascii: "{"): return JSONValue(kind: try parseObject(depth: depth), position: start)
        case UInt8(ascii: "["): return JSONValue(kind: try parseArray(depth: depth), position: start)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), position: start)
        case UInt8(ascii: "t"):
            try parseWord("true")
            return JSONValue(kind: .bool(true), position: start)
        case UInt8(ascii: "f"):
            try parseWord("false")
            return JSONValue(kind: .bool(false), position: start)
        case UInt8(ascii: "n"):
            try parseWord("null")
            return JSONValue(kind: .null, position: start)
        case let c? where c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c):
            return JSONValue(kind: .number(try parseNumber()), position: start)
        default: throw SourceError(start, "expected a value, found \(describeCurrent())")
        }
    }

    private mutating func parseWord(_ word: StaticString) throws(SourceError) {
        let start = here
        let text = String(describing: word)
        for w in text.utf8 {
            guard current == w else { throw SourceError(start, "invalid literal (expected '\(text)')") }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws(SourceError) -> JSONValue.Kind {
        var members: [(key: String, keyPosition: SourcePosition, value: JSONValue)] = []
        try parseElements(until: "}", in: "object") { p throws(SourceError) in
            let keyPosition = p.here
            guard p.current == UInt8(ascii: "\"") else {
                throw SourceError(p.here, "expected a quoted key, found \(p.describeCurrent())")
            }
            let key = try p.parseString()
            if members.contains(where: { $0.key == key }) {
                throw SourceError(keyPosition, "duplicate key \"\(key)\"")
            }
            p.skipSpace()
            try p.expect(":", "':' after key")
            p.skipSpace()
            members.append((key, keyPosition, try p.parseValue(depth: depth + 1)))
        }
        return .object(members)
    }

    private mutating func parseArray(depth: Int) throws(SourceError) -> JSONValue.Kind {
        var items: [JSONValue] = []
        try parseElements(until: "]", in: "array") { p throws(SourceError) in items.append(try p.parseValue(depth: depth + 1)) }
        return .array(items)
    }

    /// The elements of the object or array whose opening bracket is current, separated by
    /// commas, up to its `close`; `element` reads one (spaces around it are skipped).
    private mutating func parseElements(
        until close: Unicode.Scalar, in what: String, _ element: (inout JSONParser) throws(SourceError) -> Void
    ) throws(SourceError) {
        advance()
        skipSpace()
        if current == UInt8(ascii: close) {
            advance()
            return
        }
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            try expect(close, "',' or '\(close)' in \(what)")
            return
        }
    }

    private mutating func parseString() throws(SourceError) -> String {
        let start = here
        advance()
        // The bytes up to the closing quote or the first escape, as they are.
        var run = index
        while run < bytes.count, bytes[run] != UInt8(ascii: "\""), bytes[run] != UInt8(ascii: "\\"), bytes[run] >= 0x20 {
            run += 1
        }
        var out = [UInt8](bytes[index..<run])
        while index < run { advance() }
        while true {
            guard let c = current else { throw SourceError(start, "unterminated string") }
            if c == UInt8(ascii: "\"") {
                advance()
                return String(decoding: out, as: UTF8.self)
            }
            if c < 0x20 { throw SourceError(here, "control character in string (use \\n)") }
            if c != UInt8(ascii: "\\") {
                out.append(c)
                advance()
                continue
            }
            advance()
            guard let e = current else { throw SourceError(start, "unterminated string") }
            let escapePosition = here
            advance()
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard current == UInt8(ascii: "\\") else {
                        throw SourceError(escapePosition, "lone surrogate in \\u escape")
                    }
                    advance()
                    guard current == UInt8(ascii: "u") else {
                        throw SourceError(escapePosition, "lone surrogate in \\u escape")
                    }
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
                out.append(contentsOf: String(scalar).utf8)
            default: throw SourceError(escapePosition, "invalid escape '\\\(describeEscape())'")
            }
        }
    }

    /// The escape character whose first byte was just passed, for a message.
    private func describeEscape() -> String {
        var end = index
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[(index - 1)..<end], as: UTF8.self)
    }

    private mutating func parseHex4() throws(SourceError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, let digit = Character(Unicode.Scalar(c)).hexDigitValue, c < 0x80 else {
                throw SourceError(here, "expected 4 hex digits in \\u escape")
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(SourceError) -> Double {
        let start = here
        let begin = index
        while let c = current, "+-.eE0123456789".utf8.contains(c) { advance() }
        let text = String(decoding: bytes[begin..<index], as: UTF8.self)
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
