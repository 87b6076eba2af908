import CWayland
import CWaylandProtocols
import TapboardCore

/// zwp_input_method_v2: events fill `state.pending`; `done` promotes it.
public final class InputMethod {
    let proxy: OpaquePointer
    public private(set) var state = InputMethodState()
    /// Called after each `done` with what it changed.
    public var onDone: ((InputMethodState.Change) -> Void)?
    /// Called once if another input method holds the seat.
    public var onUnavailable: (() -> Void)?

    public init(manager: OpaquePointer, seat: Seat) {
        proxy = zwp_input_method_manager_v2_get_input_method(manager, seat.proxy)
        dispatchEvents(of: proxy, to: self, InputMethod.event)
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

    /// zwp_input_method_v2's events in the order of input-method-unstable-v2.xml (their opcodes).
    private enum Event: UInt32 {
        case activate, deactivate, surroundingText, textChangeCause, contentType, done, unavailable
    }

    /// The input method's events; arguments by position as the XML lists them.
    private static let event: EventDispatcher = { owner, _, opcode, _, args in
        guard let args, let event = Event(rawValue: opcode) else { return 0 }
        let im = dispatchOwner(owner, as: InputMethod.self)
        switch event {
        case .activate: im.state.activate()
        case .deactivate: im.state.deactivate()
        case .surroundingText:  // text, cursor, anchor
            im.state.setSurrounding(text: args[0].string ?? "", cursor: args[1].u, anchor: args[2].u)
        case .textChangeCause: im.state.setChangeCause(args[0].u)
        case .contentType: im.state.setContentType(hints: args[0].u, purpose: args[1].u)  // hint, purpose
        case .done: im.onDone?(im.state.done())
        case .unavailable:
            im.state.markUnavailable()
            im.onUnavailable?()
        }
        return 0
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
