import Testing

@testable import TapboardCore

/// `CommitPacing`: after a commit, text and keys wait until the client shows it.
@Suite struct CommitPacingTests {
    func at(_ text: String) -> SurroundingText {
        SurroundingText(text: text, cursor: text.utf8.count, anchor: text.utf8.count)
    }

    /// A field that reported `field` (nil: one that reports no text), into which tapboard
    /// committed `letter` at `now` (sent and predicted).
    func committed(_ letter: String, into field: String?, at now: UInt64) -> (TextModel, CommitPacing) {
        var text = TextModel()
        if let field { text.clientReported(at(field)) }
        var pacing = CommitPacing()
        #expect(!pacing.mustHold(now: now, text: text))
        text.sent(TextEdit(insert: letter))
        pacing.committed(now: now, text: text)
        return (text, pacing)
    }

    @Test func textWaitsUntilTheClientShowsTheCommitThenGoesInOrder() {
        var (text, pacing) = committed("l", into: "he", at: 0)
        #expect(pacing.mustHold(now: 10, text: text))
        text.sent(TextEdit(insert: "l"))
        pacing.hold(.edit(TextEdit(insert: "l")))
        pacing.hold(.key("BackSpace", []))
        // Firefox first reports the text as it was: the commit is not shown yet.
        text.clientReported(at("he"))
        #expect(pacing.release(now: 20, text: text).isEmpty)
        #expect(pacing.mustHold(now: 20, text: text))
        text.clientReported(at("hel"))
        #expect(pacing.release(now: 30, text: text) == [.edit(TextEdit(insert: "l")), .key("BackSpace", [])])
        #expect(pacing.held.isEmpty)
    }

    @Test func whatWaitsGoesAfterTheLongestWaitWithoutAReport() {
        var (text, pacing) = committed("a", into: "", at: 1_000)
        pacing.hold(.edit(TextEdit(insert: "b")))
        #expect(pacing.release(now: 1_000 + CommitPacing.longestWait - 1, text: text).isEmpty)
        #expect(pacing.deadline == 1_000 + CommitPacing.longestWait)
        #expect(pacing.timeLeft(now: 1_000) == CommitPacing.longestWait)
        #expect(pacing.timeLeft(now: pacing.deadline + 5) == 0)
        #expect(pacing.release(now: pacing.deadline, text: text) == [.edit(TextEdit(insert: "b"))])
        #expect(!pacing.mustHold(now: pacing.deadline, text: text))
    }

    @Test func aFieldThatReportsNoTextIsNeverWaitedFor() {
        let (text, pacing) = committed("a", into: nil, at: 0)
        #expect(!pacing.mustHold(now: 1, text: text))
    }

    @Test func anUnforeseenReportEndsTheWait() {
        var (text, pacing) = committed("c", into: "ab", at: 0)
        #expect(pacing.mustHold(now: 1, text: text))
        // The user moved the cursor (or the app changed the text): nothing is ahead.
        text.clientReported(SurroundingText(text: "ab", cursor: 0, anchor: 0))
        #expect(!pacing.mustHold(now: 2, text: text))
    }

    @Test func onceSomethingWaitsWhatFollowsWaitsBehindIt() {
        var (text, pacing) = committed("a", into: "", at: 0)
        pacing.hold(.edit(TextEdit(insert: "b")))
        // The client shows "a": the held "b" may go, and a batch now still waits behind it.
        text.clientReported(at("a"))
        #expect(pacing.mustHold(now: 5, text: text))
        #expect(pacing.release(now: 5, text: text) == [.edit(TextEdit(insert: "b"))])
    }

    @Test func onlyTextAndKeysWait() {
        #expect(Command.edit(TextEdit(insert: "a")).reachesField && Command.edit(TextEdit(insert: "a")).commitsText)
        #expect(Command.preedit("ä").commitsText)
        #expect(Command.key("BackSpace", []).reachesField && !Command.key("BackSpace", []).commitsText)
        #expect(Command.typeKeys("ő").reachesField && !Command.typeKeys("ő").commitsText)
        #expect(!Command.redraw(nil).reachesField && !Command.hidePanel.reachesField)
    }
}
