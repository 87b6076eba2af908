import Testing

@testable import TapboardCore

/// What a field allows, from its content type and what it showed of its text.
@Suite struct FieldAllowsTests {
    func field(_ purpose: ContentPurpose, _ hints: ContentHints = []) -> TextFieldState {
        var f = TextFieldState()
        f.active = true
        f.purpose = purpose
        f.hints = hints
        return f
    }

    @Test func proseAllowsEverything() {
        #expect(FieldAllows(field(.normal)) == [.showing, .suggestions, .learning, .correction])
    }

    @Test func addressesAreSuggestedButNeitherLearnedNorCorrected() {
        for purpose in [ContentPurpose.email, .url] {
            #expect(FieldAllows(field(purpose)) == [.showing, .suggestions], "\(purpose)")
        }
        #expect(FieldAllows(field(.name)) == [.showing, .suggestions, .learning])
    }

    @Test func secretFieldsAllowNothingOfTheirText() {
        for f in [field(.password), field(.pin), field(.normal, .hiddenText), field(.normal, .sensitiveData)] {
            #expect(!FieldAllows(f).contains(.showing) && !FieldAllows(f).contains(.suggestions))
            #expect(!FieldAllows(f).contains(.learning))
        }
    }

    @Test func aFieldThatMasksItsTextIsSecretFromThen() {
        var privacy = FieldPrivacy()
        privacy.committed()
        let proven = privacy.reported("●●●")
        #expect(proven)
        #expect(FieldAllows(field(.normal), privacy).isDisjoint(with: [.showing, .suggestions, .learning]))
    }

    @Test func terminalsAndNumbersAreShownButNotSuggested() {
        for purpose in [ContentPurpose.terminal, .digits, .number, .phone, .date] {
            #expect(FieldAllows(field(purpose)).contains(.showing), "\(purpose)")
            #expect(!FieldAllows(field(purpose)).contains(.suggestions), "\(purpose)")
        }
    }
}
