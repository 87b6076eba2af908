import Testing

@testable import TapboardCore

/// `CommitPacing`: after a commit, text and keys wait until the client shows it.
@Suite struct CommitPacingTests {
    func at(_ text: String) -> SurroundingText {
        SurroundingText(text: text, cursor: text.utf8.count, anchor: text.utf8.count)
    }

    /// A field that reported "he", then tapboard committed `letter` (sent and predicted).
    func committing(_ letter: String, on text: inout TextModel, pacing: inout CommitPacing, at now: UInt64) {
        text.sent(TextEdit(insert: letter))
        pacing.committed(now: now, text: text)
    }

    @Test func textWaitsUntilTheClientShowsTheCommitThenGoesInOrder() {
        var text = TextModel()
        text.clientReported(at("he"))
        var pacing = CommitPacing()
        #expect(!pacing.mustHold(now: 0, text: text))
        committing("l", on: &text, pacing: &pacing, at: 0)
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
        var text = TextModel()
        text.clientReported(at(""))
        var pacing = CommitPacing()
        committing("a", on: &text, pacing: &pacing, at: 1_000)
        pacing.hold(.edit(TextEdit(insert: "b")))
        #expect(pacing.release(now: 1_000 + CommitPacing.longestWait - 1, text: text).isEmpty)
        #expect(pacing.deadline == 1_000 + CommitPacing.longestWait)
        #expect(pacing.release(now: pacing.deadline, text: text) == [.edit(TextEdit(insert: "b"))])
        #expect(!pacing.mustHold(now: pacing.deadline, text: text))
    }

    @Test func aFieldThatReportsNoTextIsNeverWaitedFor() {
        var text = TextModel()
        var pacing = CommitPacing()
        committing("a", on: &text, pacing: &pacing, at: 0)
        #expect(!pacing.mustHold(now: 1, text: text))
    }

    @Test func anUnforeseenReportEndsTheWait() {
        var text = TextModel()
        text.clientReported(at("ab"))
        var pacing = CommitPacing()
        committing("c", on: &text, pacing: &pacing, at: 0)
        #expect(pacing.mustHold(now: 1, text: text))
        // The user moved the cursor (or the app changed the text): nothing is ahead.
        text.clientReported(SurroundingText(text: "ab", cursor: 0, anchor: 0))
        #expect(!pacing.mustHold(now: 2, text: text))
    }

    @Test func onceSomethingWaitsWhatFollowsWaitsBehindIt() {
        var text = TextModel()
        text.clientReported(at(""))
        var pacing = CommitPacing()
        committing("a", on: &text, pacing: &pacing, at: 0)
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
