import TapboardCore

/// What the app sends text through and learns the focused field from: the compositor's
/// input-method protocol, version 2 (`InputMethod`: wlroots compositors) or 1
/// (`InputMethodV1`: weston, KWin). Both fill the core's `InputMethodState` the same way.
public protocol TextInputMethod: AnyObject {
    /// The field as last reported, and what is pending.
    var state: InputMethodState { get }
    /// Called each time pending state takes effect, with what it changed.
    var onDone: ((InputMethodState.Change) -> Void)? { get set }
    /// Called once if another input method holds the seat.
    var onUnavailable: (() -> Void)? { get set }
    /// Whether text can go to a field now.
    var isActive: Bool { get }
    /// Sends one atomic edit: delete around the cursor, insert, then the preedit.
    func send(_ edit: TextEdit)
    /// Shows `text` as the field's preedit, the cursor after `cursor` Characters (nil: at
    /// its end); empty clears it.
    func setPreedit(_ text: String, cursor: Int?)
    /// Sends a key by keysym name (`Return`, `Left`) through the input method itself, for
    /// a compositor without a virtual keyboard; false if this protocol cannot, or no field
    /// is active.
    func pressKey(named name: String, modifiers: Modifiers, time: UInt32) -> Bool
    /// Lets what the compositor reported without closing it take effect, once the events
    /// read are dispatched (input-method-v1 under KWin); nothing for input-method-v2.
    func settle()
}

extension InputMethod: TextInputMethod {
    /// input-method-v2 has no key request: keys go through the virtual keyboard.
    public func pressKey(named name: String, modifiers: Modifiers, time: UInt32) -> Bool { false }
    /// input-method-v2's `done` closes every report.
    public func settle() {}
}
