/// A multi-stage input whose engine offers candidates for its preedit.
public protocol Composition: MultiStageInput {
    /// Where the cursor is in `preedit`, in Characters.
    var preeditCursor: Int { get }
    /// The candidates for the open input, best first (all of them, not one page; empty when none).
    var candidates: [String] { get }
    /// Commits candidate `index`; what is left of the input stays open as preedit.
    mutating func pick(_ index: Int) -> ComposeStep
    /// Ends the open input committing it as typed (Return: pinyin letters, kana), not converted.
    mutating func finishAsTyped() -> String
}
