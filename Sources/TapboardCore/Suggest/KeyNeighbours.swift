/// Where the letters sit on a keyboard, for the error model: which keys a finger
/// may have hit instead of the intended one, and which accented letters a key offers.
public struct KeyNeighbours: Sendable, Equatable {
    /// Key centres in key units (a letter key is 1 wide, a row 1 high), lower-case letters.
    public let positions: [Character: Point]
    /// Every letter on the keyboard, in a fixed order (sorted once: each search reads it).
    public let letters: [Character]
    /// Each of `letters` in UTF-8 (the search's typing errors put them in as bytes).
    let lettersUTF8: [[UInt8]]
    /// Accented letters offered on a base letter's long press ("e" → "é", "è", ...).
    public var alternates: [Character: [Character]]
    /// Each letter's neighbours within `radius` key units, nearest first.
    private var near: [Character: [(letter: Character, distance: Double)]]
    /// Keys farther apart than this are not neighbours.
    public static let radius = 1.5

    /// Key positions and accents as given; letters are lower-cased.
    public init(positions: [Character: Point], alternates: [Character: [Character]] = [:]) {
        var pos: [Character: Point] = [:]
        for (c, p) in positions { pos[KeyNeighbours.lower(c)] = p }
        self.positions = pos
        letters = pos.keys.sorted()
        lettersUTF8 = letters.map { Array($0.utf8) }
        self.alternates = alternates
        var near: [Character: [(letter: Character, distance: Double)]] = [:]
        for (a, pa) in pos {
            var list: [(letter: Character, distance: Double)] = []
            for (b, pb) in pos where b != a {
                let dx = pa.x - pb.x
                let dy = pa.y - pb.y
                let d = (dx * dx + dy * dy).squareRoot()
                if d <= KeyNeighbours.radius { list.append((b, d)) }
            }
            near[a] = list.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.letter < $1.letter }
        }
        self.near = near
    }

    public static func == (a: KeyNeighbours, b: KeyNeighbours) -> Bool {
        a.positions == b.positions && a.alternates == b.alternates
    }

    /// The letters of `layout`'s first layer: their key centres from `PanelGeometry`, in
    /// key units, and their long-press accents. Keys typing more than one character are left out.
    public static func from(layout: Layout) -> KeyNeighbours {
        guard let layer = layout.layers.first else { return KeyNeighbours(positions: [:]) }
        let units = layer.rows.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 1
        // A key unit as wide as keys get, so that no row is narrowed and centred.
        let scale = PanelSizing.maxKeyWidth
        let width = Int((max(units, 1) * scale).rounded())
        let height = max(layer.rows.count, 1) * Int(scale)
        let geometry = PanelGeometry(layer: layer, width: width, height: height)
        var positions: [Character: Point] = [:]
        var alternates: [Character: [Character]] = [:]
        for placed in geometry.keys {
            guard let c = placed.key.letter else { continue }
            let base = lower(c)
            let centre = placed.frame.center
            positions[base] = Point(x: centre.x / scale, y: centre.y / scale)
            let accents = placed.key.alternates.compactMap { $0.count == 1 ? $0.first.map(lower) : nil }
                .filter { $0.isLetter && $0 != base }
            if !accents.isEmpty { alternates[base] = accents }
        }
        return KeyNeighbours(positions: positions, alternates: alternates)
    }

    /// A US QWERTY keyboard with the usual Latin accents: the default when no layout is given.
    public static let qwerty: KeyNeighbours = {
        let rows: [(String, Double)] = [("qwertyuiop", 0), ("asdfghjkl", 0.5), ("zxcvbnm", 1.5)]
        var positions: [Character: Point] = [:]
        for (r, (letters, offset)) in rows.enumerated() {
            for (i, c) in letters.enumerated() {
                positions[c] = Point(x: offset + Double(i) + 0.5, y: Double(r) + 0.5)
            }
        }
        return KeyNeighbours(positions: positions, alternates: latinAccents)
    }()

    /// The usual accented forms of Latin letters.
    public static let latinAccents: [Character: [Character]] = [
        "a": ["à", "á", "â", "ä", "ã", "å", "æ", "ą"], "c": ["ç", "ć", "č"], "e": ["è", "é", "ê", "ë", "ē", "ę", "ě"],
        "i": ["ì", "í", "î", "ï", "ı"], "n": ["ñ", "ń", "ň"], "o": ["ò", "ó", "ô", "ö", "õ", "ø", "ő"],
        "u": ["ù", "ú", "û", "ü", "ů", "ű"], "y": ["ý", "ÿ"], "s": ["ß", "ś", "š", "ş"], "z": ["ž", "ź", "ż"],
        "l": ["ł"], "r": ["ř"], "d": ["ď"], "t": ["ť"], "g": ["ğ"]
    ]

    /// Distance between two letters' keys in key units, nil when one is not on the keyboard.
    public func distance(_ a: Character, _ b: Character) -> Double? {
        guard let pa = positions[a], let pb = positions[b] else { return nil }
        let dx = pa.x - pb.x
        let dy = pa.y - pb.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The letters whose keys lie within `radius` of `letter`'s key, nearest first.
    public func neighbours(of letter: Character) -> [(letter: Character, distance: Double)] {
        near[letter] ?? []
    }

    static func lower(_ c: Character) -> Character {
        let s = c.lowercased()
        return s.count == 1 ? s.first! : c
    }
}
