extension String {
    /// The bytes of `first`, `second` and `third` one after another, decoded as UTF-8 (a
    /// character cut at a join is repaired, as `String(decoding:as:)` repairs it), with no
    /// array made on the way.
    init(utf8Joining first: some Collection<UInt8>, _ second: some Collection<UInt8>, _ third: some Collection<UInt8>) {
        self.init(unsafeUninitializedCapacity: first.count + second.count + third.count) { buffer in
            var at = 0
            func append(_ part: some Collection<UInt8>) {
                at += UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(from: part).1
            }
            append(first)
            append(second)
            append(third)
            return at
        }
    }
}
