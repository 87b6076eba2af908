extension String {
    /// Whether every UTF-8 byte satisfies `holds`: the bytes read at once (a small string's
    /// too, from its inline storage), where iterating `utf8` decodes them one by one.
    func allUTF8Bytes(_ holds: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(holds) } ?? utf8.allSatisfy(holds)
    }
}
