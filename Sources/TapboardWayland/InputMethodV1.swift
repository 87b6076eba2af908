import CWayland
import CWaylandProtocols
import TapboardCore

/// zwp_input_method_v1 (weston, KWin): each focused field is a new context object.
/// Its events fill `state.pending`; `commit_state` promotes it (v1 has no `done`), and its
/// serial goes with every request to that context. KWin 5.27 relays a text-input-v2 field's
/// (Qt's) later changes as `surrounding_text` alone, with no `commit_state`: what arrived
/// without one takes effect once the events read are dispatched (`settle`).
public final class InputMethodV1 {
    let proxy: OpaquePointer
    private var listener: Listener<zwp_input_method_v1_listener>!
    private var contextListener: Listener<zwp_input_method_context_v1_listener>!
    /// The focused field's context; nil while no field has focus.
    private var context: OpaquePointer?
    /// The serial of the context's last `commit_state`.
    private var serial: UInt32 = 0
    /// A preedit shows in the field (an empty one clears it).
    private var preeditShown = false
    /// The field's content type and text: v1 sends each when it changes, not with every
    /// state (KWin sends commit_state with nothing before it), so they carry over.
    private var contentType: (ContentHints, ContentPurpose) = ([], .normal)
    private var surrounding: (text: String, cursor: UInt32, anchor: UInt32)?
    /// A `surrounding_text` came and no `commit_state` after it yet.
    private var unsettled = false
    public private(set) var state = InputMethodState()
    public var onDone: ((InputMethodState.Change) -> Void)?
    /// v1 has no `unavailable`: the compositor offers the global to its own input method only.
    public var onUnavailable: (() -> Void)?

    /// Listens on the bound zwp_input_method_v1 global.
    public init(proxy: OpaquePointer) {
        self.proxy = proxy
        listener = Listener(
            zwp_input_method_v1_listener(
                activate: { data, _, context in
                    guard let context else { return }
                    owner(data, as: InputMethodV1.self).activated(context)
                },
                deactivate: { data, _, context in
                    owner(data, as: InputMethodV1.self).deactivated(context)
                }))
        contextListener = Listener(
            zwp_input_method_context_v1_listener(
                surrounding_text: { data, _, text, cursor, anchor in
                    let im = owner(data, as: InputMethodV1.self)
                    im.surrounding = (text.map { String(cString: $0) } ?? "", cursor, anchor)
                    im.unsettled = true
                },
                reset: { data, _ in
                    // The client dropped its preedit (the cursor moved, a click): not our text.
                    let im = owner(data, as: InputMethodV1.self)
                    im.preeditShown = false
                    im.state.setChangeCause(TextChangeCause.other.rawValue)
                },
                content_type: { data, _, hint, purpose in
                    let im = owner(data, as: InputMethodV1.self)
                    im.contentType = (ContentHints(textInputV1: hint), ContentPurpose(textInputV1: purpose))
                },
                invoke_action: { data, _, _, _ in
                    // A click on the preedit: the client's own edit, as a tap in the field.
                    owner(data, as: InputMethodV1.self).state.setChangeCause(TextChangeCause.other.rawValue)
                },
                commit_state: { data, _, serial in
                    owner(data, as: InputMethodV1.self).committed(serial: serial)
                },
                // The field's language: the user's choice of keyboard rules here.
                preferred_language: { _, _, _ in }))
        zwp_input_method_v1_add_listener(proxy, listener.pointer, opaque(self))
    }

    /// The global stays the display's: v1 has no destroy request, and weston refuses a second bind.
    deinit {
        if let context { zwp_input_method_context_v1_destroy(context) }
    }

    private func activated(_ new: OpaquePointer) {
        if let context { zwp_input_method_context_v1_destroy(context) }
        context = new
        serial = 0
        preeditShown = false
        contentType = ([], .normal)
        surrounding = nil
        unsettled = false
        zwp_input_method_context_v1_add_listener(new, contextListener.pointer, opaque(self))
        sendModifiersMap(new)
        state.activate()
        // The field's state follows with its first commit_state.
    }

    private func deactivated(_ old: OpaquePointer?) {
        guard let old, old == context else {
            if let old { zwp_input_method_context_v1_destroy(old) }
            return
        }
        zwp_input_method_context_v1_destroy(old)
        context = nil
        state.deactivate()
        let change = state.done()
        onDone?(change)
    }

    private func committed(serial: UInt32) {
        self.serial = serial
        promote()
    }

    /// The field's text reported without a `commit_state` after it takes effect now.
    public func settle() {
        guard unsettled, context != nil else { return }
        promote()
    }

    private func promote() {
        unsettled = false
        state.setContentType(contentType.0, contentType.1)
        if let surrounding {
            state.setSurrounding(text: surrounding.text, cursor: surrounding.cursor, anchor: surrounding.anchor)
        }
        let change = state.done()
        onDone?(change)
    }

    /// Names the modifier bits `keysym` carries: bit i is the i-th name, in the order of
    /// `Modifiers`' bits.
    private func sendModifiersMap(_ context: OpaquePointer) {
        var bytes: [UInt8] = []
        for name in ["Shift", "Control", "Mod1", "Mod4"] { bytes += Array(name.utf8) + [0] }
        var array = wl_array()
        wl_array_init(&array)
        if let p = wl_array_add(&array, bytes.count) {
            p.copyMemory(from: bytes, byteCount: bytes.count)
        }
        zwp_input_method_context_v1_modifiers_map(context, &array)
        wl_array_release(&array)
    }

    public var isActive: Bool { context != nil && state.current.active }

    public func setPreedit(_ text: String, cursor: Int?) {
        guard isActive, let context else { return }
        preedit(text, cursor: cursor, on: context)
    }

    /// Sends one edit: the deletion (relative to the cursor, bytes) applies with the
    /// commit_string after it, then the preedit.
    public func send(_ edit: TextEdit) {
        guard isActive, let context else { return }
        if edit.deletes {
            zwp_input_method_context_v1_delete_surrounding_text(
                context, Int32(clamping: -edit.deleteBefore), UInt32(clamping: edit.deleteBefore + edit.deleteAfter))
        }
        if edit.deletes || !edit.insert.isEmpty {
            // The cursor after the inserted text, no selection (what a client assumes
            // unless told; said so that no earlier position lingers).
            zwp_input_method_context_v1_cursor_position(context, 0, 0)
            zwp_input_method_context_v1_commit_string(context, serial, edit.insert)
        }
        // commit_string replaces a preedit; a new one follows it.
        if edit.deletes || !edit.insert.isEmpty { preeditShown = false }
        preedit(edit.preedit, cursor: edit.preeditCursor, on: context)
    }

    /// `text` as the preedit, the cursor after `cursor` Characters (nil: at its end);
    /// empty clears it. Nothing is committed if the field loses focus meanwhile: the
    /// controller forgets the word then, as with input-method-v2.
    private func preedit(_ text: String, cursor: Int?, on context: OpaquePointer) {
        guard !text.isEmpty || preeditShown else { return }
        preeditShown = !text.isEmpty
        if !text.isEmpty {
            let at = cursor.map { text.prefix(max($0, 0)).utf8.count } ?? text.utf8.count
            zwp_input_method_context_v1_preedit_cursor(context, Int32(clamping: at))
        }
        zwp_input_method_context_v1_preedit_string(context, serial, text, "")
    }

    public func pressKey(named name: String, modifiers: Modifiers, time: UInt32) -> Bool {
        guard isActive, let context, let sym = VirtualKeyboard.keysym(named: name) else { return false }
        if let code = Self.keyCodes[name] {
            pressKey(code: code, modifiers: modifiers, time: time, on: context)
            return true
        }
        let mask = UInt32(modifiers.rawValue)
        zwp_input_method_context_v1_keysym(context, serial, time, sym, 1, mask)  // pressed
        zwp_input_method_context_v1_keysym(context, serial, time, sym, 0, mask)  // released
        return true
    }

    /// Keys whose evdev code is the same in every keymap. KWin turns a `keysym` into a key
    /// for a text-input-v3 field (GTK) only for BackSpace, Return and the arrows, without
    /// its modifiers; these go as `key`, which KWin hands the focused window as a key of
    /// its own keyboard, after `modifiers` for Shift+Tab and the like.
    static let keyCodes: [String: UInt32] = [
        "Tab": 15, "ISO_Left_Tab": 15, "Escape": 1, "Delete": 111, "Insert": 110, "Home": 102, "End": 107,
        "Prior": 104, "Page_Up": 104, "Next": 109, "Page_Down": 109
    ]

    private func pressKey(code: UInt32, modifiers: Modifiers, time: UInt32, on context: OpaquePointer) {
        // The compositor's keymap's modifier bits (xkb's core ones): Shift, Control, Mod1, Mod4.
        var mask: UInt32 = 0
        for (m, bit) in [(Modifiers.shift, 0x1), (.ctrl, 0x4), (.alt, 0x8), (.logo, 0x40)] as [(Modifiers, UInt32)]
        where modifiers.contains(m) {
            mask |= bit
        }
        if mask != 0 { zwp_input_method_context_v1_modifiers(context, serial, mask, 0, 0, 0) }
        zwp_input_method_context_v1_key(context, serial, time, code, 1)  // pressed
        zwp_input_method_context_v1_key(context, serial, time, code, 0)  // released
        if mask != 0 { zwp_input_method_context_v1_modifiers(context, serial, 0, 0, 0, 0) }
    }
}

extension InputMethodV1: TextInputMethod {}
