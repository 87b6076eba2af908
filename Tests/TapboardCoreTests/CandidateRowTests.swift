import TestSupport
import Testing

@testable import TapboardCore

/// The strip as an engine's candidate row: as many candidates as fit, best first at the
/// left, each as wide as its text, ▸ for the next ones and ◂ back to the first.
@Suite struct CandidateRowTests {
    let strip = Rect(x: 0, y: 0, width: 720, height: 40)

    func slots(_ keys: [PlacedKey]) -> [PlacedKey] {
        keys.filter { if case .suggestion = $0.key.action { true } else { false } }
    }

    @Test func slotsAreAsWideAsTheirTextBestFirstAtTheLeft() {
        let row = CandidateRow(ems: [2, 1, 4])
        let keys = PanelGeometry.rowKeys(row, in: strip, from: 0, to: 720, lastCell: 720, keyWidth: 72, spacing: 0)
        let placed = slots(keys)
        #expect(placed.map(\.key.action) == [.suggestion(0), .suggestion(1), .suggestion(2)])
        #expect(placed.map(\.frame.width) == [58, 40, 98])
        #expect(placed.map(\.frame.x) == [0, 58, 98])
        // All fit and nothing comes after: no paging key, the last touch area to the end.
        #expect(keys.count == 3 && placed[2].cell.maxX == 720)
        // A single character is never narrower than the strip is tall.
        #expect(CandidateRow.slotWidth(ems: 0.5, height: 40) == 40)
    }

    @Test func moreThanFitEndInANextKeyAndEveryCandidateIsOnSomePage() {
        let ems = (0..<37).map { Double(1 + $0 % 3) }
        var start = 0
        var ranks: [Int] = []
        var pages = 0
        while start < ems.count, pages < 20 {
            let row = CandidateRow(ems: Array(ems[start...]), start: start)
            let keys = PanelGeometry.rowKeys(row, in: strip, from: 0, to: 648, lastCell: 648, keyWidth: 72, spacing: 0)
            let placed = slots(keys)
            #expect(!placed.isEmpty && placed.allSatisfy { $0.frame.maxX <= 576 })
            let move = keys.last?.key.action
            ranks += placed.indices.map { start + $0 }
            start += placed.count
            #expect(move == (start < ems.count ? .candidates(.rowNext) : .candidates(.rowFirst)))
            pages += 1
        }
        #expect(ranks == Array(0..<37) && pages > 2)
    }

    @Test func theEngineHavingMoreShowsTheNextKeyEvenWhenAllMeasuredFit() {
        let keys = PanelGeometry.rowKeys(
            CandidateRow(ems: [1, 1], more: true), in: strip, from: 0, to: 720, lastCell: 720, keyWidth: 72, spacing: 0)
        #expect(keys.last?.key.action == .candidates(.rowNext) && keys.last?.key.label == "▸")
    }

    @Test func theGeometryLaysTheRowOutBesideTheCandidatesPanelKey() throws {
        let layout = try loadShipped("zh.json")
        let row = CandidateRow(ems: (0..<30).map { _ in 2 }, more: true)
        for (w, h) in [(720, 1280), (1280, 720)] {
            let g = PanelGeometry.forOutput(
                width: w, height: h, layout: layout, layer: layout.layers[0],
                bar: PanelBar(slots: true, candidates: .open, row: row))
            let open = try #require(g.keys.first { $0.key.action == .candidates(.open) })
            let next = try #require(g.keys.first { $0.key.action == .candidates(.rowNext) })
            let placed = slots(g.keys)
            // More than three at once, each slot its text's width, left of ▸, left of ▾.
            #expect(g.rowSlotCount == placed.count && placed.count > 3)
            #expect(placed.allSatisfy { $0.frame.maxX <= next.frame.x } && next.frame.maxX <= open.frame.x)
            #expect(Set(placed.map { ($0.frame.width + g.spacing).rounded() }).count == 1)
        }
    }

    @Test func aResizableSegmentPutsShorterAndLongerAtTheLeftEnd() {
        let row = CandidateRow(ems: [3, 2], resizable: true)
        let keys = PanelGeometry.rowKeys(row, in: strip, from: 0, to: 720, lastCell: 720, keyWidth: 72, spacing: 0)
        #expect(keys.prefix(2).map(\.key.action) == [.candidates(.segmentShorter), .candidates(.segmentLonger)])
        #expect(keys.prefix(2).map(\.key.label) == ["◀", "▶"] && keys[1].frame.maxX == 86)
        let placed = slots(keys)
        #expect(placed.count == 2 && placed[0].frame.x == 86 && placed[0].cell.x == 86)
    }

    @Test func theEstimateCountsWideCharactersAsAnEm() {
        #expect(EstimatedLabelWidth().ems("你好") == 2)
        #expect(EstimatedLabelWidth().ems("ab") == 1.1)
    }
}

/// The candidate row in the controller: a tap picks the candidate tapped, ▸ pages on, ◂
/// comes back, and a new letter starts from the best again.
@Suite struct CandidateRowPagingTests {
    func zh() throws -> Driven {
        var d = try Driven(["zh", "us"], compositions: StandInOpener())
        d.focus("")
        for k in "ni" { d.tap(String(k)) }
        return d
    }

    @Test func nextPagesOnAndATapPicksTheCandidateTappedOnTheLaterPage() throws {
        var d = try zh()
        let first = try #require(d.c.geometry).rowSlotCount
        #expect(first > 3 && first < 40)
        d.tapKey(try #require(d.c.geometry?.keys.first { $0.key.action == .candidates(.rowNext) }))
        #expect(d.c.compositionStage.rowStart == first)
        let out = d.tapSlot(1)
        #expect(d.textOut(out) == [.edit(TextEdit(insert: String(UnicodeScalar(0x4E00 + first + 1)!)))])
    }

    @Test func theLastPageComesBackToTheFirstAndTypingStartsFromTheBest() throws {
        var d = try zh()
        var pages = 0
        while let next = d.c.geometry?.keys.first(where: { $0.key.action == .candidates(.rowNext) }), pages < 40 {
            d.tapKey(next)
            pages += 1
        }
        #expect(pages >= 1 && pages < 40)
        d.tapKey(try #require(d.c.geometry?.keys.first { $0.key.action == .candidates(.rowFirst) }))
        #expect(d.c.compositionStage.rowStart == 0)
        d.tapKey(try #require(d.c.geometry?.keys.first { $0.key.action == .candidates(.rowNext) }))
        d.tap("h")
        #expect(d.c.compositionStage.rowStart == 0)
    }
}
