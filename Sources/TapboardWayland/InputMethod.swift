import CWayland
import CWaylandProtocols
import TapboardCore

/// zwp_input_method_v2: events fill `state.pending`; `done` promotes it.
public final class InputMethod {
    let proxy: OpaquePointer
    private var listener: Listener<zwp_input_method_v2_listener>!
    public private(set) var state = InputMethodState()
    /// Called after each `done` with what it changed.
    public var onDone: ((InputMethodState.Change) -> Void)?
    /// Called once if another input method holds the seat.
    public var onUnavailable: (() -> Void)?

    public init(manager: OpaquePointer, seat: Seat) {
        proxy = zwp_input_method_manager_v2_get_input_method(manager, seat.proxy)
        listener = Listener(
            zwp_input_method_v2_listener(
                activate: { data, _ in owner(data, as: InputMethod.self).state.activate() },
                deactivate: { data, _ in owner(data, as: InputMethod.self).state.deactivate() },
                surrounding_text: { data, _, text, cursor, anchor in
                    owner(data, as: InputMethod.self).state.setSurrounding(
                        text: text.map { String(cString: $0) } ?? "", cursor: cursor, anchor: anchor)
                },
                text_change_cause: { data, _, cause in
                    owner(data, as: InputMethod.self).state.setChangeCause(cause)
                },
                content_type: { data, _, hint, purpose in
                    owner(data, as: InputMethod.self).state.setContentType(hints: hint, purpose: purpose)
                },
                done: { data, _ in
                    let im = owner(data, as: InputMethod.self)
                    let change = im.state.done()
                    im.onDone?(change)
                },
                unavailable: { data, _ in
                    let im = owner(data, as: InputMethod.self)
                    im.state.markUnavailable()
                    im.onUnavailable?()
                }))
        zwp_input_method_v2_add_listener(proxy, listener.pointer, opaque(self))
    }

    deinit { zwp_input_method_v2_destroy(proxy) }

    /// Whether text can go through text-input now.
    public var isActive: Bool { !state.unavailable && state.current.active }

    /// Shows `text` as the field's preedit, the cursor after `cursor` Characters (nil: at
    /// its end); empty: an empty commit, which clears a preedit in every client.
    public func setPreedit(_ text: String, cursor: Int?) {
        guard isActive else { return }
        requestPreedit(text, cursor: cursor)
        zwp_input_method_v2_commit(proxy, state.serial)
    }

    /// Sends one atomic edit: delete around the cursor, insert, the preedit after it, commit
    /// with the serial.
    public func send(_ edit: TextEdit) {
        guard isActive else { return }
        if edit.deletes {
            // Chromium drops a deletion unless its own state is current: an empty
            // commit just before, in the same burst, makes it so (harmless elsewhere).
            zwp_input_method_v2_commit(proxy, state.serial)
            zwp_input_method_v2_delete_surrounding_text(proxy, UInt32(edit.deleteBefore), UInt32(edit.deleteAfter))
        }
        if !edit.insert.isEmpty {
            zwp_input_method_v2_commit_string(proxy, edit.insert)
        }
        requestPreedit(edit.preedit, cursor: edit.preeditCursor)
        zwp_input_method_v2_commit(proxy, state.serial)
    }

    /// `text` as the preedit the next commit shows, the cursor after `cursor` Characters
    /// (nil: at its end); nothing for empty text (the commit clears the preedit).
    private func requestPreedit(_ text: String, cursor: Int?) {
        guard !text.isEmpty else { return }
        // set_preedit_string's cursor is in bytes of UTF-8, begin = end: no highlight.
        let at = cursor.map { text.prefix(max($0, 0)).utf8.count } ?? text.utf8.count
        let byte = Int32(clamping: at)
        zwp_input_method_v2_set_preedit_string(proxy, text, byte, byte)
    }
}
