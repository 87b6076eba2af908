import TapboardCore
import TapboardWayland

/// Presses from the seat in, effects out.
extension App: PressHandler {
    func pressed(_ source: PressSource, on place: PressPlace, at point: Point, time: UInt32) {
        guard let g = geometry, place == .panel else { return }
        apply(keyboard.press(source, at: point, time: UInt64(time), in: g))
    }

    func moved(_ source: PressSource, on place: PressPlace, to point: Point) {
        guard let g = geometry else { return }
        apply(keyboard.move(source, to: place.panelPoint(point), in: g))
    }

    func released(_ source: PressSource, time: UInt32) {
        guard let g = geometry else { return }
        apply(keyboard.release(source, time: UInt64(time), in: g))
        cancelStaleTimers()
    }

    func cancelled(_ source: PressSource) {
        apply(keyboard.cancel(source))
        cancelStaleTimers()
    }

    /// Key timers outlive their presses only as harmless no-ops; cancel them so an
    /// idle keyboard never wakes up.
    func cancelStaleTimers() {
        let live = keyboard.activePresses
        for (timer, token) in keyTimers {
            switch timer {
            case .longPress(let id), .repeatKey(let id):
                if !live.contains(id) {
                    loop.cancel(token)
                    keyTimers[timer] = nil
                }
            }
        }
    }

    func apply(_ effects: [Effect]) {
        for e in effects { apply(e) }
    }

    func apply(_ effect: Effect) {
        switch effect {
        case .redrawKeys(let keys): requestRedraw(keys)
        case .redrawAll:
            layoutIfLayerChanged()
            requestRedraw(nil)
        case .schedule(let timer, let ms):
            keyTimers[timer] = loop.schedule(after: ms) { [unowned self] in
                self.keyTimers[timer] = nil
                guard let g = self.geometry else { return }
                self.apply(self.keyboard.timerFired(timer, time: EventLoop.now(), in: g))
            }
        case .showPopup(let popup): showPopup(popup)
        case .closePopup: closePopup()
        case .showPreview(let index): showPreview(index)
        case .hidePreview: hidePreview()
        case .nextKeyboard:
            switchKeyboard { [store] in $0.next { store.path(of: $0) != nil } }
        case .pickKeyboard(let name): switchKeyboard { $0.pick(name) }
        case .hide: hidePanel()
        case .commitText, .deleteBackward, .deleteWordBackward, .doubleSpace, .enter, .key:
            submit(effect)
            updateAutoShift()
        }
    }

    /// The focused text field, while text-input can reach it.
    var activeField: TextFieldState? { inputMethod.flatMap { $0.isActive ? $0.state.current : nil } }

    /// Shift for the next letter, from the text around the cursor.
    func updateAutoShift() {
        apply(keyboard.applyAutoShift(TextRules.autoShift(activeField ?? TextFieldState())))
    }

    func submit(_ effect: Effect) {
        let field = activeField
        let time = UInt32(truncatingIfNeeded: EventLoop.now())
        for output in Submission.plan(effect, field: field) {
            switch output {
            case .edit(let edit): inputMethod?.send(edit)
            case .typeKeys(let text): virtualKeyboard?.type(text, time: time)
            case .key(let sym, let mods): virtualKeyboard?.press(keysymNamed: sym, modifiers: mods, time: time)
            }
        }
    }
}
