import Testing

@testable import TapboardSystem

/// The command line as `tapboard` reads it, without running the program.
@Suite struct OptionsTests {
    func parsed(_ args: [String]) throws -> Options { try Options.parse(args).get() }

    func refusal(_ args: [String]) -> String? {
        if case .failure(let e) = Options.parse(args) { e.description } else { nil }
    }

    @Test func noArgumentsRunsTheKeyboard() throws {
        let o = try parsed([])
        #expect(o.command == "run" && !o.hidden && o.layout == nil)
    }

    @Test func aCommandTakesItsOptionsInEitherSpelling() throws {
        let o = try parsed(["geometry", "--layout", "de", "--output=1280x720", "--typed", "tap"])
        #expect(o.command == "geometry" && o.layout == "de" && o.typed == "tap")
        #expect(o.output?.width == 1280 && o.output?.height == 720)
        #expect(try parsed(["run", "--hidden"]).hidden)
    }

    @Test func filesGoOnlyToTheCommandsThatReadThem() throws {
        #expect(try parsed(["check", "a.json", "b.json"]).files == ["a.json", "b.json"])
        #expect(refusal(["geometry", "a.json"])?.contains("unexpected argument \"a.json\"") == true)
    }

    @Test func mistakesAreOneLineNamingWhatIsWrong() {
        for (args, says) in [
            (["paint"], "unknown command \"paint\""), (["--colour"], "unknown option \"--colour\""),
            (["--layout"], "--layout needs a value"), (["geometry", "--output", "wide"], "--output")
        ] {
            let message = refusal(args)
            #expect(message?.contains(says) == true, "\(args): \(message ?? "accepted")")
            #expect(message?.contains("\n") == false)
        }
    }
}
