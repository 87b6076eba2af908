import CXKBCommon
import Glibc
import TapboardCore
import TestSupport
import Testing

@testable import TapboardWayland

/// Every character a shipped keyboard can type must be typeable through the virtual
/// keyboard: either the base keymap has it, or a generated keymap gets it.
@Suite struct KeymapTests {
    func shippedLayouts() throws -> [Layout] { try layoutFiles().map(loadShipped) }

    /// A virtual keyboard whose requests are written down instead of sent.
    final class Log: KeySink {
        var keymaps: [String] = []
        var events: [String] = []
        func keymap(_ text: String) { keymaps.append(text) }
        func key(_ code: UInt32, pressed: Bool, time: UInt32) { events.append("\(pressed ? "down" : "up") \(code)") }
        func modifiers(_ depressed: UInt32) { events.append("mods \(depressed)") }
        /// Codes pressed, in order.
        var downs: [UInt32] { events.compactMap { $0.hasPrefix("down ") ? UInt32($0.dropFirst(5)) : nil } }
    }

    /// The keysym a code carries in the last keymap uploaded.
    func keysym(of code: UInt32, in log: Log) throws -> UInt32? {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let km = try #require(
            xkb_keymap_new_from_string(
                context, log.keymaps.last!, XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS))
        defer { xkb_keymap_unref(km) }
        var syms: UnsafePointer<xkb_keysym_t>?
        let n = xkb_keymap_key_get_syms_by_level(km, code + 8, 0, 0, &syms)
        return n == 1 ? syms?.pointee : nil
    }

    /// Each shown keyboard gets one keymap with all it can type; typing any of it then
    /// uploads nothing more.
    @Test func oneKeymapPerShownKeyboard() throws {
        var checked = 0
        for layout in try shippedLayouts() {
            let log = Log()
            let vk = try VirtualKeyboard(sink: log)
            vk.prepare(for: layout)
            let uploads = log.keymaps.count
            #expect(uploads <= 2, "\(layout.name)")
            for text in layout.typedTexts {
                vk.type(text, time: 0)
                checked += text.unicodeScalars.count
            }
            #expect(log.keymaps.count == uploads, "\(layout.name): typing its own characters uploaded a keymap")
            // Everything typed went down and up again, with a key for every scalar.
            #expect(vk.held.isEmpty)
            vk.prepare(for: layout)
            #expect(log.keymaps.count == uploads, "\(layout.name): the same keyboard again uploaded a keymap")
        }
        #expect(checked > 1000)
    }

    @Test func aCharacterOutsideTheKeyboardAddsOneKeyAndMovesNoOther() throws {
        let log = Log()
        let vk = try VirtualKeyboard(sink: log)
        vk.prepare(characters: ["é", "ß"])
        #expect(log.keymaps.count == 2)
        vk.type("é", time: 0)
        let eCode = try #require(log.downs.last)
        vk.type("ж", time: 0)
        #expect(log.keymaps.count == 3)
        vk.type("жé", time: 0)
        #expect(log.keymaps.count == 3)
        #expect(log.downs.last == eCode)
        #expect(try keysym(of: eCode, in: log) == 0xe9)
    }

    /// Codes are recycled only when all are taken, oldest first, and never one whose
    /// key is down.
    @Test func recyclingSparesHeldKeys() throws {
        let log = Log()
        let vk = try VirtualKeyboard(sink: log, spareCodes: 0x300..<0x303)
        vk.prepare(characters: ["é"])  // takes 0x300
        #expect(vk.keyDown(keysymNamed: "ä", modifiers: [], time: 0))  // 0x301, held
        vk.type("ö", time: 0)  // 0x302
        #expect(log.downs == [0x301, 0x302])
        vk.type("ü", time: 0)  // all taken: recycles ö (ä is held, é prepared)
        #expect(log.downs.last == 0x302)
        #expect(try keysym(of: 0x301, in: log) == 0xe4)
        #expect(try keysym(of: 0x300, in: log) == 0xe9)
        #expect(try keysym(of: 0x302, in: log) == 0xfc)
        vk.type("ñ", time: 0)  // ü is the oldest not held now
        #expect(try keysym(of: 0x301, in: log) == 0xe4)
        #expect(try keysym(of: 0x302, in: log) == 0xf1)
        // A new keyboard keeps the held key where it is.
        vk.prepare(characters: ["ø", "å"])
        #expect(try keysym(of: 0x301, in: log) == 0xe4)
        vk.keyUp(keysymNamed: "ä", time: 0)
        #expect(log.events.last == "up \(0x301)")
    }

    @Test func releaseAllReleasesHeldKeysAndModifiers() throws {
        let log = Log()
        let vk = try VirtualKeyboard(sink: log)
        #expect(vk.keyDown(keysymNamed: "c", modifiers: [.ctrl], time: 0))
        #expect(vk.keyDown(keysymNamed: "d", modifiers: [.ctrl], time: 0))
        let before = log.events.count
        vk.releaseAll()
        #expect(Set(log.events[before...]).isSuperset(of: ["up 46", "up 32"]))
        #expect(log.events.last == "mods 0")
        #expect(vk.held.isEmpty)
        vk.releaseAll()
        #expect(log.events.count == before + 3)
    }

    /// Spare codes are no key a device has: above KEY_MAX, within what xkbcommon takes.
    @Test func spareCodesAreNoRealKeys() {
        #expect(Keymap.spareCodes.lowerBound > 0x2ff)
        #expect(Keymap.spareCodes.upperBound + 8 <= 0xfff)
    }

    @Test func baseKeymapTypesASCIIWithShiftWhereNeeded() throws {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let km = try #require(Keymap(context: context, extras: [:]))
        for scalar in (0x20...0x7e).compactMap(Unicode.Scalar.init) {
            let key = try #require(km.key(for: Keymap.keysym(for: scalar)!), "no key for \(scalar)")
            let needsShift = "~!@#$%^&*()_+{}|:\"<>?ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars.contains(scalar)
            #expect(key.shift == needsShift, "\(scalar)")
        }
        #expect(km.key(for: UInt32(XKB_KEY_BackSpace))?.code == 14)
        #expect(km.key(for: UInt32(XKB_KEY_Return))?.code == 28)
        #expect(km.shiftMask != 0 && km.ctrlMask != 0 && km.altMask != 0 && km.logoMask != 0)
    }
}
