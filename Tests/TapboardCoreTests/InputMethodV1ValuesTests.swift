import Testing

@testable import TapboardCore

/// input-method-unstable-v1 carries text-input-v1's numbers, which differ from v3's from
/// `pin` on.
@Suite struct InputMethodV1ValuesTests {
    @Test func purposesAfterPasswordAreOneLowerThanV3s() {
        #expect(ContentPurpose(textInputV1: 0) == .normal)
        #expect(ContentPurpose(textInputV1: 2) == .digits)
        #expect(ContentPurpose(textInputV1: 8) == .password)
        #expect(ContentPurpose(textInputV1: 9) == .date)
        #expect(ContentPurpose(textInputV1: 10) == .time)
        #expect(ContentPurpose(textInputV1: 11) == .datetime)
        #expect(ContentPurpose(textInputV1: 12) == .terminal)
        #expect(ContentPurpose(textInputV1: 13) == .normal)
        #expect(ContentPurpose(textInputV1: 999) == .normal)
    }

    @Test func hintsKeepTheirBitsAndDropUnknownOnes() {
        // v1's `default` (completion, correction, capitalisation) and `password`.
        #expect(ContentHints(textInputV1: 0x7) == [.completion, .spellcheck, .autoCapitalization])
        #expect(ContentHints(textInputV1: 0xC0) == [.hiddenText, .sensitiveData])
        #expect(ContentHints(textInputV1: 0x200 | 0x8000) == .multiline)
    }

    @Test func aMappedContentTypeTakesEffectOnDone() {
        var im = InputMethodState()
        im.activate()
        im.setContentType(ContentHints(textInputV1: 0xC0), ContentPurpose(textInputV1: 8))
        #expect(im.done() == .activated)
        #expect(im.current.purpose == .password)
        #expect(im.current.hints.contains(.sensitiveData))
    }
}
