/// Keys made at run time, shown over the loaded keyboard's own (which never changes): the
/// one way the panel shows keys no layout file has. The clipboard panel is a keyboard of
/// its own, made from the history when shown (`LoadedKeyboards`).
public enum KeyOverlay: Sendable, Equatable {
    /// In place of every layer's keys: a page of the candidates panel.
    case layer(Layer)
    /// In place of the first row of layer `ofLayer`: emoji search's query and results.
    case topRow([Key], ofLayer: String)

    /// `layer` as the overlay shows it.
    func applied(to layer: Layer) -> Layer {
        switch self {
        case .layer(let over): return over
        case .topRow(let row, let name):
            guard layer.name == name, !layer.rows.isEmpty else { return layer }
            var l = layer
            l.rows[0] = row
            return l
        }
    }
}
