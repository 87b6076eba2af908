/// An engine opened on first use: not tried yet, open, or unavailable (said once).
enum EngineState<Engine: Sendable>: Sendable {
    case unopened
    case open(Engine)
    case unavailable

    /// The engine when open.
    var engine: Engine? {
        if case .open(let e) = self { return e }
        return nil
    }
}
