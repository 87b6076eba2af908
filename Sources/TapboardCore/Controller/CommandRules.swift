/// What the Wayland side needs of the controller's commands, as one check: the unit tests,
/// the finger storms and the fuzzers run it through `CommandHost`, and debug builds of the
/// app run it on every batch they carry out.
public struct CommandRules: Sendable {
    /// The panel is on screen (a height may be asked only then).
    public private(set) var panelShown = false

    public init() {}

    /// The rules `command` breaks, one line each (never the text typed); `fieldTakesText`: a field is active and
    /// text-input reaches it; `afterKey`: a key to the field went earlier in this batch.
    public mutating func broken(by command: Command, fieldTakesText: Bool, afterKey: Bool) -> [String] {
        var broken: [String] = []
        switch command {
        case .edit(let e):
            let limit = Int(UInt32.max)
            if e.deleteBefore < 0 || e.deleteAfter < 0 || e.deleteBefore > limit || e.deleteAfter > limit
                || e.insert.utf8.count > 4000 || e.preedit.utf8.count > 4000
            {
                broken.append(
                    "an edit text-input cannot carry: delete \(e.deleteBefore)/\(e.deleteAfter), insert \(e.insert.utf8.count) bytes"
                )
            }
            if !e.deletes && e.insert.isEmpty && e.preedit.isEmpty { broken.append("an empty edit") }
            if !fieldTakesText { broken.append("an edit with no active field") }
            if afterKey { broken.append("a text-input edit after a key in one batch: it may overtake the key") }
        case .typeKeys(let s):
            if s.isEmpty { broken.append("typing nothing") }
        case .key(let sym, _):
            if sym.isEmpty { broken.append("a key without a name") }
        case .keyboardShown(let l):
            if l.layers.isEmpty { broken.append("an empty keyboard shown") }
        case .showPanel(let h):
            if h <= 0 || h > 100_000 { broken.append("a panel \(h) high") }
            panelShown = true
        case .hidePanel:
            panelShown = false
        case .setPanelHeight(let h):
            if h <= 0 || h > 100_000 || !panelShown { broken.append("panel height \(h) asked (panel shown: \(panelShown))") }
        case .showPopup(let p):
            if !(p.frame.width > 0 && p.frame.height > 0 && p.frame.x.isFinite && p.frame.y.isFinite) {
                broken.append("popup \(p)")
            }
        case .say(let line):
            if line.isEmpty || line.contains("\n") { broken.append("say: \(line)") }
        case .preedit(let p, _):
            if p.utf8.count > 4000 { broken.append("a preedit text-input cannot carry") }
            if !fieldTakesText { broken.append("a preedit with no active field") }
        case .paste:
            if !fieldTakesText { broken.append("a paste with no active field") }
        case .placePanel(.floating(let at, let width)):
            if width <= 0 || at.x < 0 || at.y < 0 { broken.append("a floating panel \(width) wide at \(at)") }
        case .redraw, .hidePreview, .showPreview, .closePopup, .schedule, .cancel, .saveLearned, .placePanel,
            .saveFloatingPlaces:
            break
        }
        return broken
    }

    /// The rules a batch breaks, carried out in order.
    public mutating func broken(by batch: [Command], fieldTakesText: Bool) -> [String] {
        var keyed = false
        var broken: [String] = []
        for command in batch {
            broken += self.broken(by: command, fieldTakesText: fieldTakesText, afterKey: keyed)
            if case .key = command { keyed = keyed || fieldTakesText }
            if case .typeKeys = command { keyed = keyed || fieldTakesText }
        }
        return broken
    }
}
