import CWayland
import CWaylandProtocols
import CXKBCommon
import Glibc
import TapboardCore

/// Where the virtual keyboard's requests go: the compositor, or a test's log.
protocol KeySink: AnyObject {
    func keymap(_ text: String)
    func key(_ code: UInt32, pressed: Bool, time: UInt32)
    func modifiers(_ depressed: UInt32)
}

/// zwp_virtual_keyboard_v1 as a KeySink.
private final class WaylandKeySink: KeySink {
    let proxy: OpaquePointer
    init(_ proxy: OpaquePointer) { self.proxy = proxy }
    deinit { zwp_virtual_keyboard_v1_destroy(proxy) }

    func keymap(_ text: String) {
        let fd = memfd_create("tapboard-keymap", UInt32(MFD_CLOEXEC))
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(text.utf8) + [0]
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { return }
        zwp_virtual_keyboard_v1_keymap(proxy, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, fd, UInt32(bytes.count))
    }

    func key(_ code: UInt32, pressed: Bool, time: UInt32) {
        zwp_virtual_keyboard_v1_key(
            proxy, time, code,
            pressed
                ? WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
                : WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)
    }

    func modifiers(_ depressed: UInt32) {
        zwp_virtual_keyboard_v1_modifiers(proxy, depressed, 0, 0, 0)
    }
}

/// zwp_virtual_keyboard_v1: key events for what text-input cannot carry.
///
/// One keymap per shown keyboard: `prepare` maps its characters (and the control keys
/// of the base keymap) and uploads it once. A character outside it gets a spare code
/// and a new upload when first typed; no mapped keysym ever changes code while its key
/// may be down.
public final class VirtualKeyboard {
    private let sink: KeySink
    private let context: OpaquePointer
    private var keymap: Keymap
    private var allocator = KeyAllocator(codes: Keymap.spareCodes)
    /// Codes pressed and not yet released.
    private(set) var held: Set<UInt32> = []
    private var modifiersSet = false

    public convenience init(manager: OpaquePointer, seat: Seat) throws(WaylandError) {
        let proxy = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat.proxy)!
        try self.init(sink: WaylandKeySink(proxy))
    }

    init(sink: KeySink, spareCodes: Range<UInt32> = Keymap.spareCodes) throws(WaylandError) {
        guard let ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw WaylandError("cannot create an xkb context") }
        guard let km = Keymap(context: ctx, extras: [:]) else {
            xkb_context_unref(ctx)
            throw WaylandError("cannot compile the virtual keyboard's keymap (is xkb-data installed?)")
        }
        self.sink = sink
        context = ctx
        keymap = km
        allocator = KeyAllocator(codes: spareCodes)
        sink.keymap(keymap.text)
    }

    deinit {
        releaseAll()
        xkb_context_unref(context)
    }

    /// Compiles and uploads the keymap for the allocator's mapping.
    private func upload() -> Bool {
        guard let km = Keymap(context: context, extras: allocator.mapped) else { return false }
        keymap = km
        sink.keymap(km.text)
        // A no-op modifiers event makes the compositor take this keyboard for the seat's
        // now and hand the keymap to the focused client before the first key, which
        // Chromium otherwise may drop while it loads the new keymap.
        if held.isEmpty && !modifiersSet { sink.modifiers(0) }
        return true
    }

    /// Maps every character of `characters` (strings, each typed scalar by scalar) that
    /// the base keymap lacks, and uploads the keymap if that changed it. Call it with
    /// all the shown keyboard can type: every layer, shifted forms, alternates.
    public func prepare<S: Sequence<String>>(characters: S) {
        var syms: [UInt32] = []
        var seen: Set<UInt32> = []
        for text in characters {
            for scalar in text.unicodeScalars {
                guard let sym = Keymap.keysym(for: scalar), !Keymap.baseKeysyms.contains(sym),
                    seen.insert(sym).inserted
                else { continue }
                syms.append(sym)
            }
        }
        if allocator.prepare(syms, held: held) { _ = upload() }
    }

    /// `prepare(characters:)` with everything `layout` can type.
    public func prepare(for layout: Layout) {
        prepare(characters: layout.typedTexts)
    }

    private func mask(_ mods: Modifiers) -> UInt32 {
        var m: UInt32 = 0
        if mods.contains(.shift) { m |= keymap.shiftMask }
        if mods.contains(.ctrl) { m |= keymap.ctrlMask }
        if mods.contains(.alt) { m |= keymap.altMask }
        if mods.contains(.logo) { m |= keymap.logoMask }
        return m
    }

    /// The key for a keysym, mapping it (one upload) if the keymap has none.
    private func key(for keysym: UInt32) -> (code: UInt32, shift: Bool)? {
        if let k = keymap.key(for: keysym) { return k }
        guard let (_, isNew) = allocator.allocate(keysym, held: held), isNew, upload() else { return nil }
        return keymap.key(for: keysym)
    }

    private func setModifiers(_ mods: Modifiers) {
        guard !mods.isEmpty || modifiersSet else { return }
        sink.modifiers(mask(mods))
        modifiersSet = !mods.isEmpty
    }

    /// The last key event's time: each event gets a later one, so that a burst of keys
    /// (an undone correction) does not look like one key bouncing to clients that
    /// compare times (Chromium on phoc dropped such bursts).
    private var lastTime: UInt32 = 0

    private func stamp(_ time: UInt32) -> UInt32 {
        lastTime = Int32(bitPattern: time &- lastTime) > 0 ? time : lastTime &+ 1
        return lastTime
    }

    private func down(keysym: UInt32, modifiers: Modifiers, time: UInt32) -> UInt32? {
        guard let k = key(for: keysym) else { return nil }
        var mods = modifiers
        if k.shift { mods.insert(.shift) }
        setModifiers(mods)
        sink.key(k.code, pressed: true, time: stamp(time))
        held.insert(k.code)
        return k.code
    }

    private func up(code: UInt32, time: UInt32) {
        guard held.remove(code) != nil else { return }
        sink.key(code, pressed: false, time: stamp(time))
        if held.isEmpty { setModifiers([]) }
    }

    /// The keysym a name stands for (`Left`, `Return`), or the one character it is.
    static func keysym(named name: String) -> UInt32? {
        var sym = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        if sym == 0, name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first {
            sym = xkb_utf32_to_keysym(scalar.value)
        }
        return sym == 0 ? nil : sym
    }

    /// Sends a key by keysym name (`Left`, `Return`) or by the one character it types
    /// (`c` for Ctrl+C), pressed and released, with modifiers held around it; false if
    /// neither fits.
    @discardableResult
    public func press(keysymNamed name: String, modifiers: Modifiers, time: UInt32) -> Bool {
        guard let sym = Self.keysym(named: name), let code = down(keysym: sym, modifiers: modifiers, time: time) else {
            return false
        }
        up(code: code, time: time)
        return true
    }

    /// Presses a key and keeps it down (until `keyUp` or `releaseAll`); false if no
    /// key fits the name.
    @discardableResult
    public func keyDown(keysymNamed name: String, modifiers: Modifiers, time: UInt32) -> Bool {
        guard let sym = Self.keysym(named: name) else { return false }
        return down(keysym: sym, modifiers: modifiers, time: time) != nil
    }

    /// Releases a key `keyDown` pressed.
    public func keyUp(keysymNamed name: String, time: UInt32) {
        guard let sym = Self.keysym(named: name), let k = keymap.key(for: sym) else { return }
        up(code: k.code, time: time)
    }

    /// Types text as key events, one per Unicode scalar.
    public func type(_ text: String, time: UInt32) {
        for scalar in text.unicodeScalars {
            guard let sym = Keymap.keysym(for: scalar), let code = down(keysym: sym, modifiers: [], time: time) else {
                continue
            }
            up(code: code, time: time)
        }
    }

    /// Releases every held key and modifier (hide, layout switch, seat gone, exit).
    public func releaseAll() {
        let time = UInt32(truncatingIfNeeded: EventLoop.now())
        for code in held.sorted() { up(code: code, time: time) }
        setModifiers([])
    }
}

extension Layout {
    /// Every text a key of this layout can type: all layers, wide ones too, shifted
    /// forms, alternates, and what its dead keys, compose sequences or Telex make.
    var typedTexts: [String] {
        var texts: [String] = []
        for layer in layers + wideLayers {
            for key in layer.rows.joined() {
                if let t = key.text(shifted: false) {
                    texts.append(t)
                    if let s = key.text(shifted: true) { texts.append(s) }
                }
                texts += key.alternates
            }
        }
        return texts + (compose?.outputs ?? [])
    }
}
