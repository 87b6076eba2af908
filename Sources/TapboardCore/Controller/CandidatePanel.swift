/// An engine's candidates laid out over the keys, a page at a time: rows of candidate
/// keys, each as wide as its text wants, stretched to fill the row, then a row with the
/// previous and next page and backspace. Every candidate is on some page.
public struct CandidatePanel: Sendable, Equatable {
    /// The candidates, best first.
    public let candidates: [String]
    /// Rows of candidates on a page.
    public let rows: Int
    /// The first rank on each page.
    public let pageStarts: [Int]

    /// A row's width in letter keys (the panel's letter rows hold ten).
    static let rowUnits = 10.0

    public init(candidates: [String], rows: Int) {
        self.candidates = candidates
        self.rows = max(rows, 1)
        var starts: [Int] = []
        var i = 0
        while i < candidates.count {
            starts.append(i)
            for _ in 0..<self.rows where i < candidates.count { i += Self.rowLength(candidates, from: i) }
        }
        pageStarts = starts.isEmpty ? [0] : starts
    }

    public var pages: Int { pageStarts.count }

    /// A candidate key's width in letter keys: room for its characters and a margin.
    static func width(of candidate: String) -> Double { min(Double(candidate.count) + 1, rowUnits) }

    /// How many candidates from rank `start` fit in a row (at least one).
    static func rowLength(_ candidates: [String], from start: Int) -> Int {
        var units = 0.0
        var n = 0
        while start + n < candidates.count {
            let w = width(of: candidates[start + n])
            if n > 0, units + w > rowUnits { break }
            units += w
            n += 1
        }
        return max(n, 1)
    }

    /// The keys of page `page` (clamped), for the keyboard to show in place of its own.
    public func layer(page: Int) -> Layer {
        let page = min(max(page, 0), pages - 1)
        let end = page + 1 < pages ? pageStarts[page + 1] : candidates.count
        var rowsOut: [[Key]] = []
        var i = pageStarts[page]
        while rowsOut.count < rows {
            guard i < end else {
                rowsOut.append([Key(label: "", action: .spacer, width: Self.rowUnits)])
                continue
            }
            let n = Self.rowLength(candidates, from: i)
            let widths = candidates[i..<(i + n)].map(Self.width)
            let total = widths.reduce(0, +)
            // A full row is stretched to the panel's width; the last, short one is not.
            let stretch = i + n < candidates.count ? Self.rowUnits / total : 1
            var row = (0..<n).map { k in
                Key(label: candidates[i + k], action: .candidate(i + k), width: widths[k] * stretch)
            }
            if stretch == 1, total < Self.rowUnits { row.append(Key(label: "", action: .spacer, width: Self.rowUnits - total)) }
            rowsOut.append(row)
            i += n
        }
        rowsOut.append([
            Key(label: "◀", action: .candidates(.previous), width: 2),
            Key(label: "", action: .spacer, width: 4),
            Key(label: "▶", action: .candidates(.next), width: 2),
            Key(label: "", action: .backspace, width: 2, icon: .backspace)
        ])
        return Layer(name: "candidates-\(page)", rows: rowsOut)
    }
}
