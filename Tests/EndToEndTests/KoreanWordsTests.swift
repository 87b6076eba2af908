import TapboardCore
import TestSupport
import Testing

extension EndToEnd {
    /// The `ko` keyboard's strip in a real field: libhangul composes the jamo, the strip
    /// completes the word from the shipped Korean list, and a tapped completion lands once.
    @Suite struct KoreanWordsTests {
        @Test(arguments: [RealClient.gtk4], Compositor.Kind.allCases)
        func annyeongsCompletionGoesInWholeWithASpace(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let cjk = CJKTests()
            let (c, app, panel) = try cjk.session(kind, client, layout: "ko")
            try c.tap(panel.taps(["ㅇ", "ㅏ", "ㄴ", "ㄴ", "ㅕ", "ㅇ"]))
            #expect(cjk.preeditShows(app, client) { $0 == "녕" }, "\(client) reported: \(app.lines)")
            // The list's best completion of 안녕, as the strip's middle slot offers it.
            let completion = try #require(try cjk.engineCandidates(c, layout: "ko", "안녕").first)
            #expect(completion.hasPrefix("안녕") && completion != "안녕")
            _ = try c.screenshot("korean-\(client)-annyeong-strip")
            try c.tap([panel.slot(1)])
            let text = fieldSettles(app, at: completion + " ")
            _ = try c.screenshot("korean-\(client)-annyeong-picked")
            #expect(text == completion + " ", "\(client) field: \(app.lines)")
        }
    }
}
