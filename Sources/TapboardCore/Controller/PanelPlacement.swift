/// Where the panel's keys go: the output it is on, the user's mode (keys across the panel,
/// at one edge, or floating) and a floating panel's places.
struct PanelPlacement {
    /// The logical size of the output the panel is on.
    var output = (width: 720, height: 1280)
    /// The name of the output the panel is on (nil: not known).
    var outputName: String?
    /// Keys across the panel or narrowed to one edge (the user's choice, from the globe key's list).
    var mode = PanelMode.full
    /// The edge one-handed keys went to last ("One-handed" in the globe list goes there again).
    var oneHandedSide = Side.right
    /// A floating panel's places and drag.
    var floating = FloatingState()

    /// The output is wider than tall (a keyboard's wide layers show).
    var wide: Bool { output.width > output.height }

    /// What the globe key's list offers above the keyboards in the current mode.
    var modeChoices: [(mode: PanelMode, label: String)] {
        switch mode {
        case .full: [(.oneHanded(oneHandedSide), tr("One-handed")), (.floating, tr("Floating"))]
        case .oneHanded: [(.full, tr("Full width")), (.floating, tr("Floating"))]
        case .floating: [(.full, tr("Full width"))]
        }
    }

    /// The user's mode is `new` from now on (a drag in progress ends).
    mutating func set(_ new: PanelMode) {
        floating.drag = nil
        mode = new
        if case .oneHanded(let side) = new { oneHandedSide = side }
    }
}
