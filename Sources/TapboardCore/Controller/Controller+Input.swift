/// Presses and timers in; the keyboard's effects turned into commands.
extension Controller {
    /// A finger or the pointer goes down on the panel (panel coordinates, milliseconds).
    public mutating func press(_ source: PressSource, at point: Point, time: UInt64) -> [Command] {
        guard let g = geometry else { return [] }
        if let dragging = startDrag(source, at: point, in: g) { return dragging }
        keyboard.glides = glides
        return translate(keyboard.press(source, at: point, time: time, in: g))
    }

    /// A held press moves; over the popup too (points in panel coordinates; `time` in
    /// milliseconds, nil when unknown).
    public mutating func move(_ source: PressSource, to point: Point, time: UInt64? = nil) -> [Command] {
        if let moved = drag(source, to: point) { return moved }
        guard let g = geometry else { return [] }
        return translate(keyboard.move(source, to: point, time: time, in: g))
    }

    /// A held press is at `point` again, the point it was last moved to, relative to the
    /// panel where it is now (the compositor left out a motion that repeated the point):
    /// if the panel moved since, the press moved with it. Only a drag reads it.
    public mutating func moveInPlace(_ source: PressSource, at point: Point) -> [Command] {
        dragInPlace(source, at: point) ?? []
    }

    public mutating func release(_ source: PressSource, time: UInt64) -> [Command] {
        if let ended = endDrag(source) { return ended }
        guard let g = geometry else { return [] }
        return translate(keyboard.release(source, time: time, in: g)) + cancelStaleTimers()
    }

    public mutating func cancel(_ source: PressSource) -> [Command] {
        if let ended = endDrag(source) { return ended }
        return translate(keyboard.cancel(source)) + cancelStaleTimers()
    }

    public mutating func timerFired(_ timer: ControllerTimer, time: UInt64) -> [Command] {
        switch timer {
        case .key(let t):
            keyTimers.remove(t)
            guard let g = geometry else { return [] }
            return translate(keyboard.timerFired(t, time: time, in: g))
        case .hideAfterFocusLoss:
            guard !field.active else { return [] }
            fieldStage.focusMoving = false
            return hide() + barChanged()
        case .spaceLabel:
            spaceLabel = ""
            return [.redraw(nil)]
        case .saveLearned:
            return learnedToSave()
        }
    }

    /// Key timers outlive their presses only as no-ops; cancel them so an idle
    /// keyboard never wakes up.
    mutating func cancelStaleTimers() -> [Command] {
        let live = keyboard.activePresses
        var out: [Command] = []
        for t in keyTimers {
            switch t {
            case .longPress(let id), .repeatKey(let id):
                if !live.contains(id) {
                    keyTimers.remove(t)
                    out.append(.cancel(.key(t)))
                }
            }
        }
        return out
    }

    /// The keyboard's effects as commands; text goes through `submit`.
    mutating func translate(_ effects: [Effect]) -> [Command] {
        var out: [Command] = []
        for e in effects {
            switch e {
            case .redrawKeys(let keys): out.append(.redraw(keys))
            case .redrawAll: out += relayout()
            case .schedule(let t, let ms):
                keyTimers.insert(t)
                out.append(.schedule(.key(t), after: ms))
            case .showPopup(let p): out.append(.showPopup(p))
            case .closePopup: out.append(.closePopup)
            case .showPreview(let i): out += preview(i)
            case .hidePreview: out.append(.hidePreview)
            case .nextKeyboard:
                panelReturn = nil
                let lib = keyboards.library
                let wide = output.width > output.height
                out += switchKeyboard { $0.next(wide: wide) { lib.isAvailable($0) } }
            case .pickKeyboard(let name): out += pickKeyboard(name)
            case .panelMode(let mode): out += setPanelMode(mode)
            case .hands(.otherSide): out += setPanelMode(.oneHanded(placement.oneHandedSide.other))
            case .hands(.fullWidth): out += setPanelMode(.full)
            case .hide: out += hide()
            case .openPanel(let name): out += openPanel(name)
            case .back: out += backFromPanel()
            case .commitText, .deleteBackward, .deleteWordBackward, .doubleSpace, .enter, .key:
                out += passText(e) + autoShift()
            case .pickSuggestion(let slot) where candidateEngine != nil: out += pickCandidate(compositionStage.rowStart + slot)
            case .pickCandidate(let rank): out += pickCandidate(rank)
            case .moveCandidates(let move): out += moveCandidates(move)
            case .pickSuggestion(let slot): out += finishComposition() + pick(slot)
            case .toolbar(let button): out += toolbarTapped(button)
            case .clipboard(let action): out += clipboardAction(action)
            case .strokeStarted:
                prepareStrokes()
                out.append(.redraw(nil))
            case .trailMoved: out.append(.redraw(nil))
            case .stroke(let trace): out += stroke(trace) + autoShift()
            }
        }
        return out
    }

    /// The bubble over key `index`, showing what it would type.
    func preview(_ index: Int) -> [Command] {
        guard let g = geometry, g.keys.indices.contains(index) else { return [] }
        let key = g.keys[index]
        let label = keyboard.isShifted ? (key.key.text(shifted: true) ?? key.key.label) : key.key.label
        return [.showPreview(Popup.preview(label, above: key, panelWidth: g.width))]
    }

    /// The field text-input reaches now, if any.
    var textInputField: TextFieldState? { fieldStage.textInputField }

    /// Shift for the next letter, from the field and its text (with the word being typed).
    mutating func autoShift() -> [Command] {
        let wanted: ShiftState
        if case .engine? = keyboard.layout.compose {
            // Shift is a key of the script there (ㅃ), or not wanted at all (pinyin, romaji).
            wanted = .off
        } else if let f = textInputField {
            var t = text.bestGuess
            if !wordStage.word.letters.isEmpty, var s = t {
                s.apply(TextEdit(insert: wordStage.word.letters))
                t = s
            }
            // A word held as preedit counts; a lone dead accent does not.
            if preedit.contains(where: \.isLetter), var s = t {
                s.apply(TextEdit(insert: preedit))
                t = s
            }
            wanted = TextRules.autoShift(f, text: t, mode: settings.autoCapitalise)
        } else {
            wanted = .off
        }
        return translate(keyboard.applyAutoShift(wanted))
    }
}
