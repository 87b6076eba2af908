import Glibc
import TapboardCore

/// The fuzzer's side of a session: the input method's double-buffered state and the
/// user's presses, decoded from the input; the controller's commands go to the shared
/// CommandHost, whose checks stop the run at the first broken rule.
struct Host {
    var im = InputMethodState()
    var host: CommandHost
    var c: Controller { host.controller }

    init(layouts first: String) {
        let lib = Shipped()
        let names = [first, "emoji"]
        let layouts = names.compactMap { try? lib.load($0).get() }
        guard !layouts.isEmpty else { violated("run the fuzzer from the repository's root (layouts/ missing)") }
        host = CommandHost(Controller(layouts: layouts, settings: Settings(), library: lib, suggestions: Words()))
        host.clipboard = "pasted text"
        run { $0.start(hidden: false) }
    }

    static let sources: [PressSource] = [.pointer, .touch(0), .touch(1), .touch(2), .touch(3), .touch(4)]

    mutating func step(_ input: inout Input) {
        let op = input.byte()
        host.time += UInt64(input.byte())
        let time = host.time
        trace("step \(op % 16) at \(time): geometry \(c.geometry?.keys.count ?? -1) keys, layer \(c.keyboard.layer.name)")
        switch op % 16 {
        case 0: im.activate()
        case 1: im.deactivate()
        case 2:
            // libwayland hands over bytes up to a NUL; the Wayland side decodes them repairing bad UTF-8.
            let raw = input.take(max: 4100).prefix { $0 != 0 }
            let text = String(decoding: raw, as: UTF8.self)
            im.setSurrounding(text: text, cursor: input.offset(near: raw.count), anchor: input.offset(near: raw.count))
        case 3:
            im.setContentType(
                hints: input.byte() & 1 == 0 ? UInt32(input.u16()) : input.u32(),
                purpose: UInt32(input.byte() % 20))
        case 4, 5:
            let change = im.done()
            let state = im.current
            run { $0.fieldChanged(change, state) }
        case 6:
            im.markUnavailable()
            run { $0.inputMethodUnavailable() }
        case 7, 8:
            let source = Host.sources[Int(input.byte()) % 6]
            let at = point(&input)
            run { $0.press(source, at: at, time: time) }
        case 9:
            let source = Host.sources[Int(input.byte()) % 6]
            let to = point(&input)
            run { $0.move(source, to: to) }
        case 10, 11:
            let source = Host.sources[Int(input.byte()) % 6]
            run { $0.release(source, time: time) }
        case 12:
            let source = Host.sources[Int(input.byte()) % 6]
            run { $0.cancel(source) }
        case 13:
            let pending = host.timers.keys.sorted { "\($0)" < "\($1)" }
            guard !pending.isEmpty else { return }
            host.fire(pending[Int(input.byte()) % pending.count])
            check()
        case 14:
            switch input.byte() % 6 {
            case 0:
                let w = input.u16() % 3000
                let h = input.u16() % 3000
                run { $0.outputChanged(width: w, height: h) }
            case 1:
                let w = input.u16() % 3000
                let h = input.u16() % 2000
                if host.panelShown { run { $0.panelConfigured(width: w, height: h) } }
            case 2: run { $0.panelClosed() }
            case 3: run { $0.toggle() }
            case 4:
                let hasText = input.byte() & 1 == 0  // Paste comes and goes
                run { $0.clipboardChanged(hasText: hasText) }
            default: run { $0.show() }
            }
        default:
            // A tap on a key by index: most presses should land on keys.
            guard let g = c.geometry, !g.keys.isEmpty else { return }
            let k = g.keys[input.u16() % g.keys.count]
            let source = Host.sources[Int(input.byte()) % 6]
            run { $0.press(source, at: k.frame.center, time: time) }
            if input.byte() & 1 == 0 { run { $0.release(source, time: time + 30) } }
        }
    }

    /// App settles, then draws before it sleeps.
    mutating func draw() {
        host.draw()
        check()
    }

    mutating func point(_ input: inout Input) -> Point {
        let w = Double(c.geometry?.width ?? 720)
        let h = Double(c.geometry?.height ?? 400)
        return Point(x: Double(input.u16() % 1000) / 900 * w - 20, y: Double(input.u16() % 1000) / 900 * h - 20)
    }

    /// Every finger lifts, every timer runs out: nothing may stay held or shown.
    mutating func finish() {
        host.checkAtRest(Host.sources)
        check()
        run { $0.hide() }
        if host.panelShown { violated("the panel stayed after hide") }
    }

    mutating func run(_ line: UInt = #line, _ body: (inout Controller) -> [Command]) {
        let before = host.carried.count
        host.call(body)
        if tracing, host.carried.count > before { trace("  [\(line)] \(host.carried[before...])") }
        check()
    }

    func check() {
        if let rule = host.violations.first { violated(rule) }
    }
}

/// TAPBOARD_FUZZ_TRACE=1: each step and the commands it gave, on standard error.
let tracing = getenv("TAPBOARD_FUZZ_TRACE") != nil

func trace(_ line: @autoclosure () -> String) {
    if tracing {
        var s = line() + "\n"
        s.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
