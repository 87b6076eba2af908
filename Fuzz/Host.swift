import Glibc
import TapboardCore

/// What App does with the controller, without Wayland: the input method's
/// double-buffered state, timers, panel configures; and a check on every command.
struct Host {
    var im = InputMethodState()
    var c: Controller
    var timers: Set<ControllerTimer> = []
    var time: UInt64 = 1000
    /// A popup, a key bubble shown.
    var popup = false
    var preview = false
    var panel = false
    /// Keys to draw at the next frame (nil: all), as App's buffers collect them.
    var stale: Set<Int>? = []

    init(layouts first: String) {
        let lib = Shipped()
        let names = [first, "emoji"]
        let layouts = names.compactMap { try? lib.load($0).get() }
        guard !layouts.isEmpty else { violated("run the fuzzer from the repository's root (layouts/ missing)") }
        c = Controller(layouts: layouts, settings: Settings(), library: lib, suggestions: Words())
        run(c.start(hidden: false))
    }

    static let sources: [PressSource] = [.pointer, .touch(0), .touch(1), .touch(2), .touch(3), .touch(4)]

    mutating func step(_ input: inout Input) {
        let op = input.byte()
        time += UInt64(input.byte())
        trace("step \(op % 16) at \(time): geometry \(c.geometry?.keys.count ?? -1) keys, layer \(c.keyboard.layer.name)")
        switch op % 16 {
        case 0: im.activate()
        case 1: im.deactivate()
        case 2:
            // libwayland hands over bytes up to a NUL; the Wayland side decodes them repairing bad UTF-8.
            let raw = input.take(max: 4100).prefix { $0 != 0 }
            let text = String(decoding: raw, as: UTF8.self)
            im.setSurrounding(text: text, cursor: input.offset(near: raw.count), anchor: input.offset(near: raw.count))
        case 3: im.setContentType(hints: input.byte() & 1 == 0 ? UInt32(input.u16()) : input.u32(),
                                  purpose: UInt32(input.byte() % 20))
        case 4, 5:
            let change = im.done()
            run(c.fieldChanged(change, im.current))
        case 6:
            im.markUnavailable()
            run(c.inputMethodUnavailable())
        case 7, 8:
            let source = Host.sources[Int(input.byte()) % 6]
            let at = point(&input)
            run(c.press(source, at: at, time: time))
        case 9: run(c.move(Host.sources[Int(input.byte()) % 6], to: point(&input)))
        case 10, 11: run(c.release(Host.sources[Int(input.byte()) % 6], time: time))
        case 12: run(c.cancel(Host.sources[Int(input.byte()) % 6]))
        case 13:
            let pending = timers.sorted { "\($0)" < "\($1)" }
            guard !pending.isEmpty else { return }
            fire(pending[Int(input.byte()) % pending.count])
        case 14:
            switch input.byte() % 6 {
            case 0: run(c.outputChanged(width: input.u16() % 3000, height: input.u16() % 3000))
            case 1: if panel { run(c.panelConfigured(width: input.u16() % 3000, height: input.u16() % 2000)) }
            case 2: run(c.panelClosed())
            case 3: run(c.toggle())
            case 4: run(c.clipboardChanged(hasText: input.byte() & 1 == 0))  // Paste comes and goes
            default: run(c.show())
            }
        default:
            // A tap on a key by index: most presses should land on keys.
            guard let g = c.geometry, !g.keys.isEmpty else { return }
            let k = g.keys[input.u16() % g.keys.count]
            let source = Host.sources[Int(input.byte()) % 6]
            run(c.press(source, at: k.frame.center, time: time))
            if input.byte() & 1 == 0 { run(c.release(source, time: time + 30)) }
        }
    }

    /// App settles, then draws before it sleeps: every key it was asked to redraw must exist.
    mutating func draw() {
        run(c.settle())
        if let stale, let g = c.geometry, let bad = stale.first(where: { !g.keys.indices.contains($0) }) {
            violated("redraw of key \(bad) of \(g.keys.count)")
        }
        stale = []
    }

    mutating func point(_ input: inout Input) -> Point {
        let w = Double(c.geometry?.width ?? 720), h = Double(c.geometry?.height ?? 400)
        return Point(x: Double(input.u16() % 1000) / 900 * w - 20, y: Double(input.u16() % 1000) / 900 * h - 20)
    }

    mutating func fire(_ t: ControllerTimer) {
        timers.remove(t)
        run(c.timerFired(t, time: time))
    }

    /// Every finger lifts, every timer runs out: nothing may stay held or shown.
    mutating func finish() {
        for s in Host.sources { run(c.release(s, time: time)) }
        var rounds = 0
        while let t = timers.first(where: { if case .key = $0 { true } else { false } }), rounds < 100 {
            rounds += 1
            fire(t)
        }
        if !c.keyboard.activePresses.isEmpty { violated("presses held after every finger lifted") }
        if timers.contains(where: { if case .key = $0 { true } else { false } }) { violated("key timers left: \(timers)") }
        if c.keyboard.popup != nil || popup { violated("a popup left open") }
        if preview { violated("a key bubble left shown") }
        run(c.hide())
        if panel { violated("the panel stayed after hide") }
    }

    mutating func run(_ commands: [Command], _ line: UInt = #line) {
        if !commands.isEmpty { trace("  [\(line)] \(commands)") }
        for command in commands { carry(command) }
    }

    mutating func carry(_ command: Command) {
        switch command {
        case .edit(let e):
            guard e.deleteBefore >= 0, e.deleteAfter >= 0, e.deleteBefore <= Int(UInt32.max), e.deleteAfter <= Int(UInt32.max),
                  e.insert.utf8.count <= 4000 else { violated("an edit text-input cannot carry: \(e)") }
            guard e.deletes || !e.insert.isEmpty else { violated("an empty edit") }
            guard im.current.active, !im.unavailable else { violated("an edit with no active field") }
        case .typeKeys(let s): if s.isEmpty { violated("typing nothing") }
        case .key(let sym, _): if sym.isEmpty { violated("a key without a name") }
        case .redraw(let keys):
            if let keys { stale?.formUnion(keys) } else { stale = nil }
        case .showPanel(let h):
            guard h > 0, h <= 100_000 else { violated("a panel \(h) high") }
            panel = true
            run(c.panelConfigured(width: c.output.width, height: h))
        case .hidePanel:
            panel = false
            popup = false
            preview = false
        case .setPanelHeight(let h):
            guard h > 0, h <= 100_000, panel else { violated("panel height \(h) asked (panel shown: \(panel))") }
            run(c.panelConfigured(width: c.output.width, height: h))
        case .schedule(let t, _): timers.insert(t)
        case .cancel(let t): timers.remove(t)
        case .showPopup(let p):
            guard p.frame.width > 0, p.frame.height > 0, p.frame.x.isFinite, p.frame.y.isFinite else { violated("popup \(p)") }
            popup = true
        case .closePopup: popup = false
        case .showPreview: preview = true
        case .hidePreview: preview = false
        case .keyboardShown(let l): if l.layers.isEmpty { violated("an empty keyboard shown") }
        case .say(let line): if line.isEmpty || line.contains("\n") { violated("say: \(line)") }
        case .preedit(let p):
            guard p.utf8.count <= 4000 else { violated("a preedit text-input cannot carry") }
            guard im.current.active, !im.unavailable else { violated("a preedit with no active field") }
        case .paste:
            guard im.current.active, !im.unavailable else { violated("a paste with no active field") }
            run(c.pasted("pasted text"))
        case .saveLearned: break
        }
    }
}

/// TAPBOARD_FUZZ_TRACE=1: each step and the commands it gave, on standard error.
let tracing = getenv("TAPBOARD_FUZZ_TRACE") != nil

func trace(_ line: @autoclosure () -> String) {
    if tracing { var s = line() + "\n"; s.withUTF8 { _ = write(2, $0.baseAddress, $0.count) } }
}
