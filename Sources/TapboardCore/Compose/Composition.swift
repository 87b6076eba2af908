/// A multi-stage input whose engine offers candidates for its preedit.
public protocol Composition: MultiStageInput {
    /// Where the cursor is in `preedit`, in Characters (at its end unless the engine says).
    var preeditCursor: Int { get }
    /// The candidates for the open input, best first (all of them, not one page; empty when none).
    var candidates: [String] { get }
    /// The first `limit` candidates (what the strip shows): for an engine that makes its
    /// candidates as they are read, cheaper than all of them.
    func candidates(upTo limit: Int) -> [String]
    /// Commits candidate `index`; what is left of the input stays open as preedit.
    mutating func pick(_ index: Int) -> ComposeStep
    /// Ends the open input committing it as typed (Return: pinyin letters, kana), not converted.
    mutating func finishAsTyped() -> String
    /// Its engine is slow to open and not opened yet: `openEngine` opens it ahead of the
    /// first key (which would open it otherwise).
    var awaitsOpening: Bool { get }
    /// Opens the engine now if it is not yet.
    mutating func openEngine()
    /// The input is split into segments chosen one at a time, and the one being chosen can
    /// be made shorter or longer (Japanese).
    var resizableSegment: Bool { get }
    /// Makes the segment being chosen `delta` characters longer (negative: shorter); the
    /// segments after it follow. Whether it changed.
    mutating func resizeSegment(by delta: Int) -> Bool
    /// The words that usually follow `committed`, just put in (empty: the engine has none).
    mutating func followOn(after committed: String) -> [String]
}

extension Composition {
    public var preeditCursor: Int { preedit.count }
    public func candidates(upTo limit: Int) -> [String] { Array(candidates.prefix(limit)) }
    public var awaitsOpening: Bool { false }
    public mutating func openEngine() {}
    public var resizableSegment: Bool { false }
    public mutating func resizeSegment(by delta: Int) -> Bool { false }
    public mutating func followOn(after committed: String) -> [String] { [] }
}

/// A composition without an engine (dead keys, compose sequences, Telex): no candidates,
/// its preedit is what it commits.
public protocol PlainComposition: Composition {}

extension PlainComposition {
    public var candidates: [String] { [] }
    public mutating func pick(_ index: Int) -> ComposeStep { ComposeStep(taken: false) }
    public mutating func finishAsTyped() -> String { finish() }
}

extension ComposeSequence: PlainComposition {}
extension TelexWord: PlainComposition {}

/// Opens the compositions of keyboards that name an engine (the executable's, with dlopen).
public protocol CompositionOpener {
    /// A fresh composition for `engine`, nothing open. It may open its engine on first use
    /// and, when it cannot, take no keys (they are typed as they are) after saying why once.
    func composition(for engine: CompositionEngine) -> any Composition
}
