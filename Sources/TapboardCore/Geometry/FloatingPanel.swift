/// Where a floating panel's top left corner is on its output, in logical pixels from the
/// output's top left.
public struct FloatingPlace: Sendable, Hashable {
    public var x, y: Int
}

/// Where the panel's layer surface goes: docked along the bottom edge (full width), or
/// floating at a place of its own, `width` wide.
public enum PanelPlace: Sendable, Equatable {
    case docked
    case floating(FloatingPlace, width: Int)
}

/// How an output is turned, for remembering a floating panel's place in each.
public enum Orientation: String, Sendable, Hashable, CaseIterable {
    case portrait, landscape

    /// An output of this size: portrait when at least as tall as wide.
    public init(width: Int, height: Int) { self = height >= width ? .portrait : .landscape }
}

/// The sizes and the rules of a floating panel: narrower than the output, with a grip
/// band on top to drag it by, always wholly on the output.
public enum FloatingPanel {
    /// The grip band's height, in logical pixels.
    public static let gripHeight = 28
    /// The narrowest a floating panel gets (less on an output narrower than this).
    public static let minWidth = 280
    /// The width of the button at the grip band's right end that docks the panel again.
    static let dockButtonWidth = 64.0

    /// The panel's width: `share` of the output's shorter side, at least `minWidth`, at
    /// most the output's width.
    public static func width(output: (width: Int, height: Int), share: Double) -> Int {
        let shorter = Double(min(output.width, output.height))
        let wanted = max(Int((shorter * share).rounded()), minWidth)
        return max(min(wanted, output.width), 1)
    }

    /// The place nearest `place` that keeps a panel of `size` on the output (a panel
    /// bigger than the output keeps its top left corner on it).
    public static func clamp(
        _ place: FloatingPlace, size: (width: Int, height: Int), output: (width: Int, height: Int)
    ) -> FloatingPlace {
        FloatingPlace(
            x: min(max(place.x, 0), max(output.width - size.width, 0)),
            y: min(max(place.y, 0), max(output.height - size.height, 0)))
    }

    /// Where a floating panel goes first: centred on the bottom edge.
    public static func firstPlace(size: (width: Int, height: Int), output: (width: Int, height: Int)) -> FloatingPlace {
        clamp(FloatingPlace(x: (output.width - size.width) / 2, y: output.height - size.height), size: size, output: output)
    }

    /// The grip band's keys along the top of a panel `width` wide: the grip, and at its
    /// right end the button that makes the panel full width again.
    static func gripKeys(width: Int, height: Double, spacing: Double) -> [PlacedKey] {
        let w = Double(width)
        let button = min(dockButtonWidth, w / 3).rounded()
        let gripCell = Rect(x: 0, y: 0, width: w - button, height: height)
        let dockCell = Rect(x: w - button, y: 0, width: button, height: height)
        let inset = min(spacing / 2, height / 4)
        return [
            PlacedKey(key: Key(label: "", action: .grip), row: -1, frame: gripCell.insetBy(inset), cell: gripCell),
            PlacedKey(
                key: Key(label: HandsMove.fullWidth.label(keysAt: .left), action: .hands(.fullWidth)), row: -1,
                frame: dockCell.insetBy(inset), cell: dockCell)
        ]
    }
}

/// What a compositor's press coordinates are relative to while the panel moves under a
/// held press: the place the panel had when the press began (sway's pointer, labwc's
/// touch: the press keeps its frame), or the place it has now (phoc; labwc's pointer).
public enum DragFrame: Sendable, Equatable {
    case pressPlace
    case currentPlace
}

/// A floating panel dragged by its grip: the point pressed stays under the finger.
///
/// Press coordinates are panel-local, and the panel moves under them. Until the press has
/// moved `slop` pixels the panel stays, and both frames read alike; the first point after
/// the first move then tells them apart: relative to the press's place it still holds the
/// whole way moved (a point near `grab` + that), relative to the new place only the
/// little moved since (a point near `grab`).
///
/// In the second frame a point can repeat while the press moves: the panel moved by as
/// much as the press did, so the press is where it was over the panel. wlroots' seat
/// sends no motion then ("Ensure we don't send duplicate motion events"), only its frame,
/// and labwc does not send the pointer again when the panel moves: `placeAgain` reads
/// the point that frame stands for.
public struct FloatingDrag: Sendable, Equatable {
    /// A point read, and the place of the panel it was read against.
    struct Reading: Sendable, Equatable {
        var point: Point
        var at: FloatingPlace
    }
    /// The finger or pointer that drags.
    public let source: PressSource
    /// Where it went down on the grip, in panel coordinates.
    public let grab: Point
    /// The panel's place when the press began.
    public let start: FloatingPlace
    /// The frame of the press's coordinates; nil: not known yet.
    public private(set) var frame: DragFrame?
    /// The press has moved past the slop: the panel follows it.
    public private(set) var following = false
    /// The point last read; nil: none yet, or the last was skipped.
    var last: Reading?
    /// Logical pixels the press moves before the panel follows.
    public static let slop = 10.0

    public init(source: PressSource, grab: Point, start: FloatingPlace) {
        self.source = source
        self.grab = grab
        self.start = start
    }

    /// Where the panel goes when the press is at `point` and the panel is `at` (the place
    /// the compositor has applied); not clamped. Nil: the panel stays (inside the slop).
    public mutating func place(pointer point: Point, panelAt at: FloatingPlace) -> FloatingPlace? {
        let moved = Point(x: point.x - grab.x, y: point.y - grab.y)
        if !following {
            guard abs(moved.x) >= Self.slop || abs(moved.y) >= Self.slop else { return nil }
            following = true
        }
        last = Reading(point: point, at: at)
        if frame == nil {
            // Not moved yet, both frames are one.
            guard at != start else { return Self.offset(start, by: moved) }
            // The panel has moved by `away`: a point read from the press's place still holds it.
            let away = Point(x: Double(at.x - start.x), y: Double(at.y - start.y))
            frame = Self.length(moved.x - away.x, moved.y - away.y) < Self.length(moved.x, moved.y) ? .pressPlace : .currentPlace
        }
        return Self.offset(frame == .pressPlace ? start : at, by: moved)
    }

    /// The press is at `point` again, the point last read, relative to the panel `at` now
    /// (its move was left out: see above). Relative to the place it has now, and the
    /// panel moved since the point was read: the press moved as far, and the panel goes
    /// as far again. Nil: the panel stays: relative to the press's place the point is the
    /// same place on the output; with the frame not known yet, or the panel not moved
    /// since, or another point than the one last read, nothing says the press moved.
    public mutating func placeAgain(pointer point: Point, panelAt at: FloatingPlace) -> FloatingPlace? {
        guard frame == .currentPlace, let last, last.point == point, last.at != at else { return nil }
        self.last = Reading(point: point, at: at)
        return Self.offset(at, by: Point(x: point.x - grab.x, y: point.y - grab.y))
    }

    /// A point was not read (it came while a move was on its way): a repeat of it says
    /// nothing.
    public mutating func skip() { last = nil }

    static func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

    static func offset(_ place: FloatingPlace, by d: Point) -> FloatingPlace {
        FloatingPlace(x: place.x + Int(d.x.rounded()), y: place.y + Int(d.y.rounded()))
    }
}

/// Floating panels' places, one for each output (by name) and orientation.
public struct FloatingPlaces: Sendable, Equatable {
    /// An output by name, turned one way.
    public struct Spot: Sendable, Hashable {
        public var output: String
        public var orientation: Orientation
        public init(output: String, orientation: Orientation) {
            self.output = output
            self.orientation = orientation
        }
    }

    public private(set) var places: [Spot: FloatingPlace] = [:]

    public init() {}

    public subscript(spot: Spot) -> FloatingPlace? {
        get { places[spot] }
        set { places[spot] = newValue }
    }

    /// One line a place: `portrait 120 640 HDMI-A-1` (the output's name last: it may hold spaces).
    public var text: String {
        places.sorted { ($0.key.output, $0.key.orientation.rawValue) < ($1.key.output, $1.key.orientation.rawValue) }
            .map { "\($0.key.orientation.rawValue) \($0.value.x) \($0.value.y) \($0.key.output)\n" }.joined()
    }

    /// Places read from `text` (as `text` writes them); lines that do not read are skipped.
    public init(text: String) {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 3)
            guard parts.count == 4, let orientation = Orientation(rawValue: String(parts[0])),
                let x = Int(parts[1]), let y = Int(parts[2])
            else { continue }
            places[Spot(output: String(parts[3]), orientation: orientation)] = FloatingPlace(x: x, y: y)
        }
    }
}
