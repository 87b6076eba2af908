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

    /// Opens the engine when not tried yet: `start` loads its library, `make` makes the engine
    /// from it (nil: unavailable, `missing` says why); a failure is said once through `log`,
    /// naming the `input` ("Chinese"). Whether the engine is open.
    mutating func open<Runtime>(
        input: String, log: (String) -> Void, start: () -> Result<Runtime, LibraryError>,
        make: (Runtime) -> Engine?, missing: String
    ) -> Bool {
        guard case .unopened = self else { return engine != nil }
        switch start() {
        case .success(let runtime):
            if let engine = make(runtime) {
                self = .open(engine)
            } else {
                log("\(input) input is unavailable: \(missing)")
                self = .unavailable
            }
        case .failure(let error):
            log(error.message(input: input))
            self = .unavailable
        }
        return engine != nil
    }
}
