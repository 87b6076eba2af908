/// Carries out the controller's commands as App does, without Wayland: the panel is
/// configured at the height asked, timers come due on a clock of their own, what shows is
/// remembered. After every command it checks what the Wayland side needs of it, so the
/// unit tests, the finger storms and the input-method fuzzer, which all drive the
/// controller through this one host, report a broken rule the same way.
public struct CommandHost {
    public var controller: Controller
    /// The compositor's clock, in milliseconds.
    public var time: UInt64
    /// Timers scheduled and not yet fired or cancelled, with the time each comes due.
    public private(set) var timers: [ControllerTimer: UInt64] = [:]
    public private(set) var panelShown = false
    public private(set) var popupShown = false
    public private(set) var bubbleShown = false
    /// Keys to draw at the next frame (nil: all of them).
    public private(set) var stale: Set<Int>? = []
    /// Where the panel is placed (as the Wayland side would have it).
    public private(set) var place = PanelPlace.docked
    /// Every command carried out, in order.
    public var carried: [Command] = []
    /// What text-input inserted, in order.
    public private(set) var inserted = ""
    /// What was typed as keys (typed text only, not named keys), in order.
    public private(set) var typedByKeys = ""
    /// Popups opened so far.
    public private(set) var popups = 0
    /// Key events (typed text, a key, the keymap of a keyboard shown), for a virtual keyboard.
    public var onKeys: ((Command, UInt64) -> Void)?
    /// What the clipboard gives Paste; nil: Paste is carried out by the caller.
    public var clipboard: String?
    /// Each rule broken so far, one line each.
    public private(set) var violations: [String] = []
    /// The rules every command is checked against (`CommandRules`).
    private var rules = CommandRules()

    public init(_ controller: Controller, time: UInt64 = 1000) {
        self.controller = controller
        self.time = time
    }

    /// One controller call, its commands carried out; returns them.
    @discardableResult
    public mutating func call(_ body: (inout Controller) -> [Command]) -> [Command] {
        let out = body(&controller)
        run(out)
        return out
    }

    public mutating func run(_ commands: [Command]) {
        var keyed = false
        for command in commands {
            violations += rules.broken(by: command, fieldTakesText: fieldTakesText, afterKey: keyed)
            switch command {
            case .key, .typeKeys: keyed = keyed || fieldTakesText
            default: break
            }
            carry(command)
        }
    }

    /// Time passes: the timers that come due fire, in their order.
    public mutating func wait(_ ms: UInt64) {
        let end = time + ms
        while let (timer, due) = timers.filter({ $0.value <= end }).min(by: { $0.value < $1.value }) {
            time = max(time, due)
            fire(timer)
        }
        time = end
    }

    /// One timer fires now, due or not.
    public mutating func fire(_ timer: ControllerTimer) {
        timers[timer] = nil
        let now = time
        call { $0.timerFired(timer, time: now) }
    }

    /// What App does before it sleeps: the strip is worked out, the stale keys drawn.
    public mutating func draw() {
        call { $0.settle() }
        if let stale, let g = controller.geometry, let bad = stale.first(where: { !g.keys.indices.contains($0) }) {
            violated("a redraw of key \(bad) of \(g.keys.count)")
        }
        stale = []
    }

    /// Every finger lifts and every key timer runs out: nothing may stay held or shown.
    public mutating func checkAtRest(_ sources: [PressSource]) {
        let now = time
        for s in sources { call { $0.release(s, time: now) } }
        var rounds = 0
        while let t = timers.keys.first(where: { if case .key = $0 { true } else { false } }), rounds < 100 {
            rounds += 1
            fire(t)
        }
        if !controller.keyboard.activePresses.isEmpty { violated("presses held after every finger lifted") }
        if timers.keys.contains(where: { if case .key = $0 { true } else { false } }) {
            violated("key timers left: \(timers.keys)")
        }
        if controller.keyboard.popup != nil || popupShown { violated("a popup left open") }
        if bubbleShown { violated("a key bubble left shown") }
    }

    mutating func violated(_ rule: String) { violations.append(rule) }

    /// A text-input request needs a field that takes it.
    var fieldTakesText: Bool { controller.textInputUsable && controller.field.active }

    /// The compositor configures the panel `height` high, as wide as its place says.
    mutating func configure(height: Int) {
        let width: Int
        if case .floating(_, let w) = place { width = w } else { width = controller.output.width }
        call { $0.panelConfigured(width: width, height: height) }
    }

    mutating func carry(_ command: Command) {
        carried.append(command)
        switch command {
        case .edit(let e): inserted += e.insert
        case .typeKeys(let s):
            typedByKeys += s
            onKeys?(command, time)
        case .key, .keyboardShown: onKeys?(command, time)
        case .redraw(let keys):
            if let keys { stale?.formUnion(keys) } else { stale = nil }
        case .showPanel(let h):
            panelShown = true
            configure(height: h)
        case .hidePanel:
            panelShown = false
            popupShown = false
            bubbleShown = false
        case .setPanelHeight(let h): configure(height: h)
        case .placePanel(let p):
            place = p
            controller.panelPlaced(p)
            if panelShown, let h = controller.geometry?.height { configure(height: h) }
        case .schedule(let t, let ms): timers[t] = time + ms
        case .cancel(let t): timers[t] = nil
        case .showPopup:
            popupShown = true
            popups += 1
        case .closePopup: popupShown = false
        case .showPreview: bubbleShown = true
        case .hidePreview: bubbleShown = false
        case .paste: if let clipboard { call { $0.pasted(clipboard) } }
        case .say, .preedit, .saveLearned, .saveFloatingPlaces: break
        }
    }
}
