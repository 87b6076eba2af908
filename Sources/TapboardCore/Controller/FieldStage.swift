/// The focused field as tapboard knows it: what the input method reported, what tapboard
/// believes it holds, whether it turned out secret. The last of the text stages: text
/// that no stage before took goes to the field here (`Controller.submit`).
struct FieldStage {
    /// The focused field as the input method last reported it (inactive: none).
    var field = TextFieldState()
    /// What tapboard believes the field holds.
    var text = TextModel()
    /// Whether the field shows its text or turned out secret (no strip, no learning, no
    /// key bubble).
    var privacy = FieldPrivacy()
    /// Focus left a field and the panel waits to see whether another takes it: the
    /// toolbar stays meanwhile (Chromium leaves and re-enters a password field as its
    /// first letter goes in; a panel that shrank then lost the next tap).
    var focusMoving = false
    /// Text-input can reach fields (false without input-method-v2, or when another holds it).
    var textInputUsable = true

    /// What the field allows (`FieldAllows`, the one place that decides it).
    var allows: FieldAllows { FieldAllows(field, privacy) }

    /// The field text-input reaches now, if any.
    var textInputField: TextFieldState? { textInputUsable && field.active ? field : nil }

    /// A word for the return key in this field ("Go" for URLs), empty for the arrow.
    var returnLabel: String { field.purpose == .url ? tr("Go") : "" }

    /// A new field, or focus gone: what tapboard believed of the old one goes.
    mutating func forget() {
        text.reset()
        privacy = FieldPrivacy()
    }
}
