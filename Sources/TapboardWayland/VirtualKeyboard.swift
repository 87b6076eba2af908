import CWayland
import CWaylandProtocols
import CXKBCommon
import Glibc
import TapboardCore

/// zwp_virtual_keyboard_v1: key events for what text-input cannot carry. Sends its
/// keymap first, and a new one when asked for a character the keymap lacks.
public final class VirtualKeyboard {
    let proxy: OpaquePointer
    private let context: OpaquePointer
    private var keymap: Keymap
    private var modifiersSet = false

    public init(manager: OpaquePointer, seat: Seat) throws(WaylandError) {
        guard let ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw WaylandError("cannot create an xkb context") }
        guard let km = Keymap(context: ctx, extras: []) else {
            xkb_context_unref(ctx)
            throw WaylandError("cannot compile the virtual keyboard's keymap (is xkb-data installed?)")
        }
        context = ctx
        keymap = km
        proxy = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat.proxy)
        sendKeymap()
    }

    deinit {
        releaseAll()
        zwp_virtual_keyboard_v1_destroy(proxy)
        xkb_context_unref(context)
    }

    private func sendKeymap() {
        let fd = memfd_create("tapboard-keymap", UInt32(MFD_CLOEXEC))
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(keymap.text.utf8) + [0]
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { return }
        zwp_virtual_keyboard_v1_keymap(proxy, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, fd, UInt32(bytes.count))
    }

    private func mask(_ mods: Modifiers) -> UInt32 {
        var m: UInt32 = 0
        if mods.contains(.shift) { m |= keymap.shiftMask }
        if mods.contains(.ctrl) { m |= keymap.ctrlMask }
        if mods.contains(.alt) { m |= keymap.altMask }
        if mods.contains(.logo) { m |= keymap.logoMask }
        return m
    }

    /// The key for a keysym, extending the keymap if it has none.
    private func key(for keysym: UInt32) -> (code: UInt32, shift: Bool)? {
        if let k = keymap.key(for: keysym) { return k }
        var extras = keymap.extras
        if extras.count >= Keymap.spareCodes.count { extras.removeFirst() }
        extras.append(keysym)
        guard let km = Keymap(context: context, extras: extras) else { return nil }
        keymap = km
        sendKeymap()
        return keymap.key(for: keysym)
    }

    /// Presses and releases one key, with modifiers held around it.
    private func tap(keysym: UInt32, modifiers: Modifiers, time: UInt32) {
        guard let k = key(for: keysym) else { return }
        var mods = modifiers
        if k.shift { mods.insert(.shift) }
        if !mods.isEmpty || modifiersSet {
            zwp_virtual_keyboard_v1_modifiers(proxy, mask(mods), 0, 0, 0)
            modifiersSet = !mods.isEmpty
        }
        zwp_virtual_keyboard_v1_key(proxy, time, k.code, WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
        zwp_virtual_keyboard_v1_key(proxy, time, k.code, WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)
        if modifiersSet {
            zwp_virtual_keyboard_v1_modifiers(proxy, 0, 0, 0, 0)
            modifiersSet = false
        }
    }

    /// Sends a key by keysym name (`Left`, `Return`) or by the one character it types
    /// (`c` for Ctrl+C); false if neither fits.
    @discardableResult
    public func press(keysymNamed name: String, modifiers: Modifiers, time: UInt32) -> Bool {
        var sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        if sym == 0, name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first {
            sym = xkb_utf32_to_keysym(scalar.value)
        }
        guard sym != 0 else { return false }
        tap(keysym: sym, modifiers: modifiers, time: time)
        return true
    }

    /// Types text as key events, one per Unicode scalar.
    public func type(_ text: String, time: UInt32) {
        for scalar in text.unicodeScalars {
            guard let sym = Keymap.keysym(for: scalar) else { continue }
            tap(keysym: sym, modifiers: [], time: time)
        }
    }

    /// Releases every key and modifier (hide, layout switch, exit).
    public func releaseAll() {
        if modifiersSet {
            zwp_virtual_keyboard_v1_modifiers(proxy, 0, 0, 0, 0)
            modifiersSet = false
        }
    }
}
