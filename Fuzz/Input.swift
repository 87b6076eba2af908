/// Reads a fuzzer's bytes as a script: numbers and strings taken from the front; past
/// the end every read gives zero.
struct Input {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    }

    var isEmpty: Bool { at >= bytes.count }

    mutating func byte() -> UInt8 {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func u16() -> Int { Int(byte()) | Int(byte()) << 8 }

    mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }

    /// An offset as a hostile client sends it: mostly near `length`, sometimes anything.
    mutating func offset(near length: Int) -> UInt32 {
        let b = byte()
        switch b & 3 {
        case 0: return UInt32(length)
        case 1: return UInt32(max(0, length - Int(b >> 2)))
        case 2: return UInt32(length + Int(b >> 2))
        default: return u32()
        }
    }

    /// Up to `max` raw bytes (a length first).
    mutating func take(max: Int) -> [UInt8] {
        let n = min(u16() % (max + 1), bytes.count - min(at, bytes.count))
        defer { at += n }
        return Array(bytes[at..<(at + n)])
    }

    /// Everything not read yet.
    mutating func rest() -> [UInt8] {
        defer { at = bytes.count }
        return at < bytes.count ? Array(bytes[at...]) : []
    }
}

/// Stops the run: libFuzzer reports the input as a crash.
func violated(_ what: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("invariant: \(what())", file: file, line: line)
}
