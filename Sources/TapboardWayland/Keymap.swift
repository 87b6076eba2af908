import CXKBCommon
import Glibc

/// The xkb keymap the virtual keyboard sends: a US layout at the usual evdev key codes,
/// plus one key per extra keysym (characters the US layout lacks), on spare codes.
final class Keymap {
    /// evdev code, unshifted and shifted keysym names.
    static let base: [(UInt32, String, String?)] = {
        var rows: [(UInt32, String, String?)] = [
            (1, "Escape", nil), (12, "minus", "underscore"), (13, "equal", "plus"), (14, "BackSpace", nil),
            (15, "Tab", "ISO_Left_Tab"), (26, "bracketleft", "braceleft"), (27, "bracketright", "braceright"),
            (28, "Return", nil), (29, "Control_L", nil), (39, "semicolon", "colon"),
            (40, "apostrophe", "quotedbl"), (41, "grave", "asciitilde"), (42, "Shift_L", nil),
            (43, "backslash", "bar"), (51, "comma", "less"), (52, "period", "greater"),
            (53, "slash", "question"), (56, "Alt_L", nil), (57, "space", nil), (87, "F11", nil),
            (88, "F12", nil), (102, "Home", nil), (103, "Up", nil), (104, "Prior", nil), (105, "Left", nil),
            (106, "Right", nil), (107, "End", nil), (108, "Down", nil), (109, "Next", nil),
            (110, "Insert", nil), (111, "Delete", nil), (125, "Super_L", nil)
        ]
        let digits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
        let shifted = [
            "exclam", "at", "numbersign", "dollar", "percent", "asciicircum", "ampersand",
            "asterisk", "parenleft", "parenright"
        ]
        for i in 0..<10 { rows.append((UInt32(2 + i), digits[i], shifted[i])) }
        for (start, letters) in [(16, "qwertyuiop"), (30, "asdfghjkl"), (44, "zxcvbnm")] {
            for (i, c) in letters.enumerated() { rows.append((UInt32(start + i), String(c), c.uppercased())) }
        }
        for i in 0..<10 { rows.append((UInt32(59 + i), "F\(i + 1)", nil)) }
        return rows
    }()
    /// evdev codes for extra keysyms: above KEY_MAX (0x2ff), so no input device can
    /// produce them and no application binds them as real keys (130...247 held
    /// KEY_SEARCH, KEY_MUTE-like media keys that shortcuts act on, and the few gaps
    /// below 256 are too few). xkbcommon takes keycodes up to 0xfff; X11 clients
    /// (Xwayland) see only codes below 256 and miss these characters.
    static let spareCodes: Range<UInt32> = 0x300..<0x700

    let context: OpaquePointer
    let keymap: OpaquePointer
    /// The keymap as xkb v1 text, what the compositor receives.
    let text: String
    /// Extra keysyms and the spare code of each.
    let extras: [UInt32: UInt32]
    /// keysym -> evdev code and whether it needs Shift.
    private var lookup: [UInt32: (code: UInt32, shift: Bool)] = [:]
    let shiftMask: UInt32, ctrlMask: UInt32, altMask: UInt32, logoMask: UInt32

    init?(context: OpaquePointer, extras: [UInt32: UInt32]) {
        self.context = context
        self.extras = extras
        guard
            let km = xkb_keymap_new_from_string(
                context, Keymap.source(extras: extras),
                XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS),
            let s = xkb_keymap_get_as_string(km, XKB_KEYMAP_FORMAT_TEXT_V1)
        else { return nil }
        keymap = km
        text = String(cString: s)
        free(s)
        func mask(_ name: String) -> UInt32 {
            let i = xkb_keymap_mod_get_index(km, name)
            return i == XKB_MOD_INVALID ? 0 : 1 << i
        }
        shiftMask = mask(XKB_MOD_NAME_SHIFT)
        ctrlMask = mask(XKB_MOD_NAME_CTRL)
        altMask = mask(XKB_MOD_NAME_ALT)
        logoMask = mask(XKB_MOD_NAME_LOGO)
        for code in xkb_keymap_min_keycode(km)...xkb_keymap_max_keycode(km) {
            for level in [UInt32(1), 0] {
                var syms: UnsafePointer<xkb_keysym_t>?
                let n = xkb_keymap_key_get_syms_by_level(km, code, 0, level, &syms)
                if n == 1, let sym = syms?.pointee, lookup[sym]?.shift != false {
                    lookup[sym] = (code - 8, level == 1)
                }
            }
        }
    }

    deinit { xkb_keymap_unref(keymap) }

    /// Keysyms the base keymap has: the others need a spare code.
    static let baseKeysyms: Set<UInt32> = {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return [] }
        defer { xkb_context_unref(context) }
        return Keymap(context: context, extras: [:]).map { Set($0.lookup.keys) } ?? []
    }()

    func key(for keysym: UInt32) -> (code: UInt32, shift: Bool)? { lookup[keysym] }

    /// The keysym that types a character (Return for a new line); nil if none can.
    static func keysym(for scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "\n", "\r": return UInt32(XKB_KEY_Return)
        case "\t": return UInt32(XKB_KEY_Tab)
        default:
            let sym = xkb_utf32_to_keysym(scalar.value)
            return sym == 0 ? nil : sym
        }
    }

    static func source(extras: [UInt32: UInt32]) -> String {
        var codes = base.map { $0.0 }
        var symbols = base.map { row in
            "key <I\(row.0 + 8)> { [ \(row.1)\(row.2.map { ", " + $0 } ?? "") ] };"
        }
        for (sym, code) in extras.sorted(by: { $0.value < $1.value }) {
            codes.append(code)
            symbols.append("key <I\(code + 8)> { [ \(name(of: sym)) ] };")
        }
        let keycodes = codes.map { "<I\($0 + 8)> = \($0 + 8);" }.joined(separator: "\n")
        return """
            xkb_keymap {
            xkb_keycodes "tapboard" {
            minimum = 8;
            maximum = \(max(255, (codes.max() ?? 0) + 8));
            \(keycodes)
            };
            xkb_types "tapboard" { include "complete" };
            xkb_compatibility "tapboard" { include "complete" };
            xkb_symbols "tapboard" {
            \(symbols.joined(separator: "\n"))
            modifier_map Shift { <I50> };
            modifier_map Control { <I37> };
            modifier_map Mod1 { <I64> };
            modifier_map Mod4 { <I133> };
            };
            };

            """
    }

    static func name(of keysym: UInt32) -> String {
        var buf = [CChar](repeating: 0, count: 64)
        let n = xkb_keysym_get_name(keysym, &buf, buf.count)
        guard n > 0 else { return "0x" + String(keysym, radix: 16) }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
