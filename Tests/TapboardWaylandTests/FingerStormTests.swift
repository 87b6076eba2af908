import TapboardCore
import TestSupport
import Testing

@testable import TapboardWayland

/// A few words, so that the strip shows in prose fields.
struct FewWords: SuggestionLibrary {
    static let source = WordListSource(language: "en", words: [("hello", 60), ("help", 58), ("the", 77), ("world", 50)])
    func provider(for layout: Layout) -> (any SuggestionProvider)? {
        Suggester(source: FewWords.source, keys: KeyNeighbours.from(layout: layout))
    }
    /// Every keyboard has them, told without making a provider (asked at every press).
    func offersSuggestions(for layout: Layout) -> Bool { true }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
}

/// The controller driven as App drives it, through the shared CommandHost, its key events
/// carried by a real VirtualKeyboard into a log.
final class Storm {
    var host: CommandHost
    var c: Controller { host.controller }
    var time: UInt64 {
        get { host.time }
        set { host.time = newValue }
    }
    let log = KeymapTests.Log()
    let vk: VirtualKeyboard
    var random: SeededRandom
    static let sources: [PressSource] = [.pointer, .touch(0), .touch(1), .touch(2), .touch(3), .touch(4)]

    init(_ layout: Layout, library: KeyboardLibrary, seed: UInt64, purpose: ContentPurpose, suggestions: Bool) throws {
        random = SeededRandom(state: seed)
        let vk = try VirtualKeyboard(sink: log)
        self.vk = vk
        host = CommandHost(
            Controller(
                layouts: [layout] + (library.extra["emoji"].map { [$0] } ?? []), settings: Settings(),
                library: library, suggestions: suggestions ? FewWords() : nil), time: 10_000)
        host.onKeys = { command, time in
            switch command {
            case .typeKeys(let s): vk.type(s, time: UInt32(truncatingIfNeeded: time))
            case .key(let sym, let mods): vk.press(keysymNamed: sym, modifiers: mods, time: UInt32(truncatingIfNeeded: time))
            case .keyboardShown(let l):
                vk.releaseAll()
                vk.prepare(for: l)
            default: break
            }
        }
        call { $0.start(hidden: true) }
        var f = TextFieldState()
        f.active = true
        f.purpose = purpose
        f.surrounding = SurroundingText(text: "", cursor: 0, anchor: 0)
        call { $0.fieldChanged(.activated, f) }
    }

    /// One controller call, carried out by the host.
    func call(_ body: (inout Controller) -> [Command]) {
        host.call(body)
    }

    /// Time passes; timers that come due fire in their order.
    func wait(_ ms: UInt64) { host.wait(ms) }

    /// A point on a random key (near its centre), or anywhere around the panel.
    func somewhere() -> Point {
        guard let g = c.geometry, !g.keys.isEmpty else { return Point(x: 0, y: 0) }
        if Int.random(in: 0..<10, using: &random) < 8 {
            let f = g.keys.randomElement(using: &random)!.frame
            return Point(
                x: f.center.x + Double.random(in: -0.4...0.4, using: &random) * f.width,
                y: f.center.y + Double.random(in: -0.4...0.4, using: &random) * f.height)
        }
        return Point(
            x: Double.random(in: -30...Double(g.width + 30), using: &random),
            y: Double.random(in: -150...Double(g.height + 30), using: &random))
    }

    func step() {
        let source = Storm.sources.randomElement(using: &random)!
        let time = self.time
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
            let at = somewhere()
            call { $0.press(source, at: at, time: time) }
        case 4, 5:
            let to = somewhere()
            call { $0.move(source, to: to) }
        case 6, 7: call { $0.release(source, time: time) }
        case 8: call { $0.cancel(source) }
        default: wait(UInt64.random(in: 300...900, using: &random))
        }
        wait(UInt64.random(in: 0...120, using: &random))
    }

    /// Every finger lifts; what timers remain run out.
    func lift() {
        let time = self.time
        for s in Storm.sources { call { $0.release(s, time: time) } }
        wait(5000)
    }
}

@Suite struct FingerStormTests {
    static let layouts: [Layout] = (try? layoutFiles().map(loadShipped)) ?? []
    static let library = KeyboardLibrary(layouts, shipped: false)

    /// Random presses, moves, releases and cancels from five fingers and the pointer on
    /// every shipped keyboard, with timers coming due in between: afterwards nothing is
    /// held, shown or scheduled, and every key the virtual keyboard pressed came up.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aStormLeavesNothingHeld(seed: UInt64) throws {
        #expect(Self.layouts.count > 30)
        let purposes: [ContentPurpose] = [.normal, .terminal, .password, .url, .digits]
        var popups = 0
        var typed = 0
        var keyEvents = 0
        for (i, layout) in Self.layouts.enumerated() {
            let purpose = purposes[(i + Int(seed)) % purposes.count]
            let storm = try Storm(
                layout, library: Self.library, seed: seed &* 1000 &+ UInt64(i), purpose: purpose,
                suggestions: seed != 2)
            for _ in 0..<300 { storm.step() }
            storm.lift()
            popups += storm.host.popups
            typed += storm.host.inserted.count + storm.host.typedByKeys.count
            keyEvents += storm.log.events.count
            let what = "\(layout.name), seed \(seed), \(purpose)"
            storm.host.checkAtRest(Storm.sources)
            #expect(storm.host.violations.isEmpty, "\(what): \(storm.host.violations)")
            #expect(storm.vk.held.isEmpty, "\(what): virtual keys held")
            var down: [String: Int] = [:]
            for e in storm.log.events where !e.hasPrefix("mods") {
                let parts = e.split(separator: " ")
                down[String(parts[1]), default: 0] += parts[0] == "down" ? 1 : -1
                #expect((down[String(parts[1])] ?? 0) >= 0 && (down[String(parts[1])] ?? 0) <= 1, "\(what): \(e)")
            }
            #expect(down.values.allSatisfy { $0 == 0 }, "\(what): presses without release")
            if let mods = storm.log.events.last(where: { $0.hasPrefix("mods") }) {
                #expect(mods == "mods 0", "\(what): modifiers left \(mods)")
            }
            storm.call { $0.hide() }
            #expect(!storm.host.panelShown)
        }
        #expect(popups > 50 && typed > 1000 && keyEvents > 1000, "\(popups) popups, \(typed) typed, \(keyEvents) key events")
    }

    /// Letters from up to five fingers, each press before the last lifts (rolling
    /// thumbs), come out exactly in the order they were pressed.
    @Test(arguments: [7, 8] as [UInt64])
    func rollingFingersKeepTheOrder(seed: UInt64) throws {
        // (Keyboards whose keys combine, dead keys or Telex, type something else by design.)
        for layout in Self.layouts where layout.compose == nil {
            let storm = try Storm(layout, library: Self.library, seed: seed, purpose: .normal, suggestions: false)
            guard let g = storm.c.geometry else {
                Issue.record("\(layout.name): no panel")
                continue
            }
            let letters = g.keys.filter { if case .text = $0.key.action { true } else { false } }
            guard !letters.isEmpty else { continue }
            var expected = ""
            var held: [PressSource] = []
            for _ in 0..<200 {
                let free = Storm.sources.filter { !held.contains($0) }
                if !free.isEmpty, held.isEmpty || Bool.random(using: &storm.random) {
                    let k = letters.randomElement(using: &storm.random)!
                    let s = free.randomElement(using: &storm.random)!
                    let time = storm.time
                    storm.call { $0.press(s, at: k.frame.center, time: time) }
                    expected += k.key.text(shifted: false) ?? ""
                    held.append(s)
                } else {
                    let s = held.remove(at: Int.random(in: 0..<held.count, using: &storm.random))
                    let time = storm.time
                    storm.call { $0.release(s, time: time) }
                }
                storm.time += UInt64.random(in: 5...60, using: &storm.random)
            }
            for s in held {
                let time = storm.time
                storm.call { $0.release(s, time: time) }
            }
            #expect(
                storm.host.inserted == expected && storm.host.violations.isEmpty,
                "\(layout.name), seed \(seed): \(storm.host.violations)")
        }
    }
}
