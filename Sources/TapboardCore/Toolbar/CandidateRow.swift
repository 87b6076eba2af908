/// How wide a label is drawn: its width in ems (at a font size of one pixel), for the strip
/// to give an engine's candidates the room their text needs. The renderer measures with
/// the font it draws in; `EstimatedLabelWidth` stands in where there is no renderer.
public protocol LabelMeasure {
    /// `text`'s width in ems.
    func ems(_ text: String) -> Double
}

/// A measure without a font: a wide character (CJK, kana, hangul, fullwidth forms) an em,
/// another half of one. The app measures with its renderer instead.
public struct EstimatedLabelWidth: LabelMeasure {
    public init() {}

    public func ems(_ text: String) -> Double {
        text.unicodeScalars.reduce(0) { $0 + (Self.isWide($1) ? 1 : 0.55) }
    }

    static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default: false
        }
    }
}

/// An engine's candidates as the strip shows them while it composes: a row of as many as
/// fit, best first at the left, each as wide as its text needs, from rank `start` on. The
/// geometry lays it out (`PanelGeometry.rowSlots`); a key at the row's right end pages on.
public struct CandidateRow: Sendable, Equatable {
    /// The widths in ems of the candidates from `start` on, as many as may fit.
    public var ems: [Double]
    /// The engine has candidates past those measured.
    public var more: Bool
    /// The rank of the first candidate shown (0: the best).
    public var start: Int
    /// The engine chooses a segment at a time and its end can move: ◀ ▶ at the row's left end.
    public var resizable: Bool

    public init(ems: [Double], more: Bool = false, start: Int = 0, resizable: Bool = false) {
        self.ems = ems
        self.more = more
        self.start = start
        self.resizable = resizable
    }

    /// More candidates than the strip holds at once are measured: at least this many more
    /// than any strip fits.
    public static let measured = 40

    /// The share of the strip's height a candidate's label is drawn at (the renderer's
    /// slot label size).
    public static let labelSize = 0.5

    /// A slot's width in pixels for a label of `ems` in a strip `height` pixels tall: the
    /// label, room on both sides, and never narrower than the strip is tall.
    public static func slotWidth(ems: Double, height: Double) -> Double {
        let label = (height * labelSize).rounded()
        return max(height, (ems * label + label * 0.9).rounded())
    }
}
