import Testing
import TapboardCore
@testable import TapboardWayland

/// SplitMix64: a storm is reproduced from its seed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Keyboards by name from a fixed set.
struct Keyboards: LayoutLibrary {
    let all: [String: Layout]
    func isAvailable(_ name: String) -> Bool { all[name] != nil }
    func load(_ name: String) -> Result<Layout, LayoutLoadError> {
        all[name].map { .success($0) } ?? .failure(LayoutLoadError("no \(name)"))
    }
}

/// A few words, so that the strip shows in prose fields.
struct FewWords: SuggestionLibrary {
    static let source = WordListSource(language: "en", words: [("hello", 60), ("help", 58), ("the", 77), ("world", 50)])
    func provider(for layout: Layout) -> (any SuggestionProvider)? {
        Suggester(source: FewWords.source, keys: KeyNeighbours.from(layout: layout))
    }
    func learnedWords(for language: String) -> LearnedWords { LearnedWords() }
}

/// The controller driven as App drives it, its key events carried by a real
/// VirtualKeyboard into a log, timers due at their time.
final class Storm {
    var c: Controller
    let log = KeymapTests.Log()
    let vk: VirtualKeyboard
    var timers: [ControllerTimer: UInt64] = [:]
    var time: UInt64 = 10_000
    var popup = false, preview = false, panel = false
    /// Popups opened and key events sent, to show the storm reached them.
    var popups = 0
    /// Text sent to the field by text-input, in order.
    var inserted = ""
    var random: SeededRandom
    static let sources: [PressSource] = [.pointer, .touch(0), .touch(1), .touch(2), .touch(3), .touch(4)]

    init(_ layout: Layout, library: Keyboards, seed: UInt64, purpose: ContentPurpose, suggestions: Bool) throws {
        random = SeededRandom(state: seed)
        vk = try VirtualKeyboard(sink: log)
        c = Controller(layouts: [layout] + (library.all["emoji"].map { [$0] } ?? []), settings: Settings(),
                       library: library, suggestions: suggestions ? FewWords() : nil)
        carry(c.start(hidden: true))
        var f = TextFieldState()
        f.active = true
        f.purpose = purpose
        f.surrounding = SurroundingText(text: "", cursor: 0, anchor: 0)
        carry(c.fieldChanged(.activated, f))
    }

    func carry(_ commands: [Command]) {
        for command in commands {
            switch command {
            case .edit(let e): inserted += e.insert
            case .typeKeys(let s): vk.type(s, time: UInt32(time))
            case .key(let sym, let mods): vk.press(keysymNamed: sym, modifiers: mods, time: UInt32(time))
            case .keyboardShown(let l):
                vk.releaseAll()
                vk.prepare(for: l)
            case .showPanel(let h):
                panel = true
                carry(c.panelConfigured(width: c.output.width, height: h))
            case .setPanelHeight(let h): carry(c.panelConfigured(width: c.output.width, height: h))
            case .hidePanel:
                panel = false
                popup = false
                preview = false
            case .schedule(let t, let ms): timers[t] = time + ms
            case .cancel(let t): timers[t] = nil
            case .showPopup:
                popup = true
                popups += 1
            case .closePopup: popup = false
            case .showPreview: preview = true
            case .hidePreview: preview = false
            case .redraw, .say, .saveLearned, .preedit, .paste: break
            }
        }
    }

    /// Time passes; timers that come due fire in their order.
    func wait(_ ms: UInt64) {
        let end = time + ms
        while let (t, due) = timers.filter({ $0.value <= end }).min(by: { $0.value < $1.value }) {
            time = max(time, due)
            timers[t] = nil
            carry(c.timerFired(t, time: time))
        }
        time = end
    }

    /// A point on a random key (near its centre), or anywhere around the panel.
    func somewhere() -> Point {
        guard let g = c.geometry, !g.keys.isEmpty else { return Point(x: 0, y: 0) }
        if Int.random(in: 0..<10, using: &random) < 8 {
            let f = g.keys.randomElement(using: &random)!.frame
            return Point(x: f.center.x + Double.random(in: -0.4...0.4, using: &random) * f.width,
                         y: f.center.y + Double.random(in: -0.4...0.4, using: &random) * f.height)
        }
        return Point(x: Double.random(in: -30...Double(g.width + 30), using: &random),
                     y: Double.random(in: -150...Double(g.height + 30), using: &random))
    }

    func step() {
        let source = Storm.sources.randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3: carry(c.press(source, at: somewhere(), time: time))
        case 4, 5: carry(c.move(source, to: somewhere()))
        case 6, 7: carry(c.release(source, time: time))
        case 8: carry(c.cancel(source))
        default: wait(UInt64.random(in: 300...900, using: &random))
        }
        wait(UInt64.random(in: 0...120, using: &random))
    }

    /// Every finger lifts; what timers remain run out.
    func lift() {
        for s in Storm.sources { carry(c.release(s, time: time)) }
        wait(5000)
    }
}

@Suite struct FingerStormTests {
    static let layouts: [Layout] = (try? KeymapTests().shippedLayouts()) ?? []
    static let library = Keyboards(all: Dictionary(layouts.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }))

    /// Random presses, moves, releases and cancels from five fingers and the pointer on
    /// every shipped keyboard, with timers coming due in between: afterwards nothing is
    /// held, shown or scheduled, and every key the virtual keyboard pressed came up.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aStormLeavesNothingHeld(seed: UInt64) throws {
        #expect(Self.layouts.count > 30)
        let purposes: [ContentPurpose] = [.normal, .terminal, .password, .url, .digits]
        var popups = 0, typed = 0, keyEvents = 0
        for (i, layout) in Self.layouts.enumerated() {
            let purpose = purposes[(i + Int(seed)) % purposes.count]
            let storm = try Storm(layout, library: Self.library, seed: seed &* 1000 &+ UInt64(i), purpose: purpose,
                                  suggestions: seed != 2)
            for _ in 0..<300 { storm.step() }
            storm.lift()
            popups += storm.popups
            typed += storm.inserted.count
            keyEvents += storm.log.events.count
            let what = "\(layout.name), seed \(seed), \(purpose)"
            #expect(storm.c.keyboard.activePresses.isEmpty, "\(what): presses held")
            #expect(storm.c.keyboard.popup == nil && !storm.popup, "\(what): a popup left open")
            #expect(!storm.preview, "\(what): a key bubble left")
            #expect(storm.timers.keys.allSatisfy { if case .key = $0 { false } else { true } }, "\(what): \(storm.timers)")
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
            storm.carry(storm.c.hide())
            #expect(!storm.panel)
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
            guard let g = storm.c.geometry else { Issue.record("\(layout.name): no panel"); continue }
            let letters = g.keys.filter { if case .text = $0.key.action { true } else { false } }
            guard !letters.isEmpty else { continue }
            var expected = ""
            var held: [PressSource] = []
            for _ in 0..<200 {
                let free = Storm.sources.filter { !held.contains($0) }
                if !free.isEmpty, held.isEmpty || Bool.random(using: &storm.random) {
                    let k = letters.randomElement(using: &storm.random)!
                    let s = free.randomElement(using: &storm.random)!
                    storm.carry(storm.c.press(s, at: k.frame.center, time: storm.time))
                    expected += k.key.text(shifted: false) ?? ""
                    held.append(s)
                } else {
                    let s = held.remove(at: Int.random(in: 0..<held.count, using: &storm.random))
                    storm.carry(storm.c.release(s, time: storm.time))
                }
                storm.time += UInt64.random(in: 5...60, using: &storm.random)
            }
            for s in held { storm.carry(storm.c.release(s, time: storm.time)) }
            #expect(storm.inserted == expected, "\(layout.name), seed \(seed)")
        }
    }
}
