/// What the app and the tests read of the controller: views into its parts and stages, no
/// state of their own.
extension Controller {
    /// The focused field as the input method last reported it (inactive: none).
    public var field: TextFieldState { fieldStage.field }
    /// What tapboard believes the field holds.
    public var text: TextModel { fieldStage.text }
    /// Text-input can reach fields (false without input-method-v2, or when another holds it).
    public var textInputUsable: Bool { fieldStage.textInputUsable }
    /// A word for the return key in this field ("Go" for URLs), empty for the arrow.
    public var returnLabel: String { keyboard.returnLabel }
    /// The panel is wanted on screen.
    public var visible: Bool { panel.visible }
    /// Key rectangles for the configured panel; nil while there is no configured panel.
    public var geometry: PanelGeometry? { panel.geometry }
    /// Keys across the panel or narrowed to one edge (the user's choice, from the globe key's list).
    public var panelMode: PanelMode { placement.mode }
    /// The name of the output the panel is on (nil: not known).
    public var outputName: String? { placement.outputName }
    /// The logical size of the output the panel is on.
    public var output: (width: Int, height: Int) { placement.output }
    /// The word being typed (its letters are in the field already); empty between words.
    public var composing: String { wordStage.word.letters }
    /// What the strip shows now.
    public var strip: Strip { wordStage.shown.strip }
    /// The strip shows in this field with this keyboard (decided on focus and keyboard change).
    public var showsStrip: Bool { wordStage.shown.shows }
    /// What the field shows as preedit (an open sequence); empty: nothing.
    public var preedit: String { compositionStage.preedit }
}
