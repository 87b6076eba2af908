extension Layout {
    /// The keyboard for a wide (landscape) panel: its wide layers where it has them.
    public func forPanel(wide: Bool) -> Layout {
        guard wide, !wideLayers.isEmpty else { return self }
        var copy = self
        copy.layers = layers.map { layer in wideLayers.first { $0.name == layer.name } ?? layer }
        copy.wideLayers = []
        return copy
    }

    /// This keyboard adapted to an email or URL field: in the first layer's bottom row
    /// the key left of space types "@" (email) or "/" (URL); URL fields also get ".com".
    /// Keyboards without a text key beside space are returned unchanged.
    public func variant(for purpose: ContentPurpose) -> Layout {
        guard purpose == .email || purpose == .url, var layer = layers.first,
            var row = layer.rows.last,
            let space = row.firstIndex(where: { $0.action == .space }),
            space > 0, case .text = row[space - 1].action
        else { return self }
        let symbol = purpose == .email ? "@" : "/"
        row[space - 1] = Key(label: symbol, action: .text(symbol), width: row[space - 1].width, shifted: symbol)
        if purpose == .url, row[space].width >= 3.5 {
            row[space].width -= 1.5
            row.insert(
                Key(
                    label: ".com", action: .text(".com"), width: 1.5, shifted: ".com",
                    alternates: [".org", ".net", ".de", ".co.uk"]), at: space + 1)
        }
        layer.rows[layer.rows.count - 1] = row
        var copy = self
        copy.layers[0] = layer
        copy.wideLayers = []
        return copy
    }
}
