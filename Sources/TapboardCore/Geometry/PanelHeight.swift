/// The panel height the user asked for (`height = 260 | 38% | auto`).
///
/// The height is the whole panel's: the suggestion strip, when it shows, is taken out
/// of it, so the panel covers the same part of the screen in every field. A height in
/// pixels suits one orientation, so it is held to half the output (a phone turned to
/// landscape keeps its app visible); a percentage is followed as written, since a share
/// above half is asked for explicitly.
public enum PanelHeight: Sendable, Equatable {
    /// Worked out from the output's size, at most half its height.
    case automatic
    /// Logical pixels, at most half the output.
    case pixels(Int)
    /// A share of the output's height, in percent.
    case percent(Int)

    /// Heights in pixels the setting accepts.
    public static let pixelRange = 100...2000
    /// Percentages the setting accepts: always some keys, always some of the app.
    public static let percentRange = 10...90

    /// Reads `260`, `38%` or `auto`; nil for anything else.
    public init?(_ text: String) {
        if text == "auto" {
            self = .automatic
        } else if text.hasSuffix("%") {
            guard let v = Int(text.dropLast()), PanelHeight.percentRange.contains(v) else { return nil }
            self = .percent(v)
        } else {
            guard let v = Int(text), PanelHeight.pixelRange.contains(v) else { return nil }
            self = .pixels(v)
        }
    }

    /// The panel's height in logical pixels on an output this tall; nil: automatic.
    public func pixels(outputHeight: Int) -> Int? {
        switch self {
        case .automatic: nil
        case .pixels(let p): max(min(p, outputHeight / 2), 1)
        case .percent(let q): max(Int((Double(outputHeight) * Double(q) / 100).rounded()), 1)
        }
    }
}
