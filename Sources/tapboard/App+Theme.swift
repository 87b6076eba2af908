import TapboardRender

extension App {
    /// Follows the desktop's colour scheme while running (`theme = auto`): a change the
    /// portal announces redraws the panel in the light or dark theme.
    func follow(_ scheme: ColorScheme) {
        scheme.onChange = { [unowned self] value in
            let theme = Theme.forColorScheme(value)
            guard theme != self.renderer.theme else { return }
            self.renderer.theme = theme
            self.requestRedraw(nil)
        }
        if scheme.watch() { loop.add(scheme) } else { scheme.close() }
    }
}
