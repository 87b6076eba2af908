/// An edge of the panel.
public enum Side: String, Sendable, Equatable, CaseIterable {
    case left, right

    public var other: Side { self == .left ? .right : .left }
}

/// How the user holds the keyboard: keys across the panel, narrowed to one edge for one
/// hand (the panel itself stays full width), or a smaller panel floating where the user
/// dragged it.
public enum PanelMode: Sendable, Equatable {
    case full
    case oneHanded(Side)
    case floating
}

extension HandsMove {
    /// What the button shows with the keys at `side`.
    public func label(keysAt side: Side) -> String {
        switch self {
        case .otherSide: side == .left ? "⇥" : "⇤"
        case .fullWidth: "↔"
        }
    }
}

/// When the letter rows part in two halves at the panel's edges.
public enum SplitMode: String, Sendable, Equatable {
    /// On outputs wider than tall and at least `KeyArrangement.splitWidth` logical pixels wide.
    case auto
    case on
    case off
}

/// Where the keys lie across the panel.
public enum KeyArrangement: Sendable, Equatable {
    /// Over the whole width (centred, at most `PanelSizing.maxKeyWidth` a letter).
    case full
    /// Narrowed to `share` (0...1) of the width at one edge; the free side holds the
    /// `HandsMove` buttons.
    case oneHanded(Side, share: Double)
    /// Each row parts at its middle into two halves at the panel's edges.
    case split
    /// Across a floating panel `share` (0...1) of the output's shorter side wide, under a
    /// grip band that drags it (`FloatingPanel`).
    case floating(share: Double)

    /// `split = auto` splits on outputs at least this wide (logical pixels) and wider than tall.
    public static let splitWidth = 1000
    /// The share of a split panel's width its keys take at most (the rest is the gap).
    static let splitKeysShare = 0.8

    /// The arrangement for `mode` on an output of this size: one-handed or floating as the
    /// user chose, else split where `split` says so (keyboards only: panels such as emoji
    /// stay whole). Widths are in percent.
    public static func choose(
        mode: PanelMode, split: SplitMode, oneHandedWidth: Int, floatingWidth: Int = 65,
        output: (width: Int, height: Int), isPanel: Bool
    ) -> KeyArrangement {
        switch mode {
        case .oneHanded(let side): return .oneHanded(side, share: Double(min(max(oneHandedWidth, 1), 100)) / 100)
        case .floating: return .floating(share: Double(min(max(floatingWidth, 1), 100)) / 100)
        case .full: break
        }
        guard !isPanel else { return .full }
        switch split {
        case .on: return .split
        case .off: return .full
        case .auto: return output.width > output.height && output.width >= splitWidth ? .split : .full
        }
    }
}
