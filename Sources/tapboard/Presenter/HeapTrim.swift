import CWayland

/// glibc keeps freed heap pages resident: labels, strips, popups and suggestions come and
/// go with every tap, and the holes they leave add up. Now and then they go back.
struct HeapTrim {
    /// Frames drawn since the last trim (a tap draws about two).
    private var frames = 0
    static let framesBetween = 1000

    /// Blocks of 64 KiB and more get pages of their own, given back when freed. (By default
    /// glibc raises that threshold after each such block is freed, so later large blocks,
    /// such as Cairo's glyph images, land in the heap among small ones and pin its pages.)
    init() {
        mallopt(M_MMAP_THRESHOLD, 64 * 1024)
    }

    /// A frame was drawn: every `framesBetween` frames the free pages go back.
    mutating func frameDrawn() {
        frames += 1
        if frames >= Self.framesBetween { now() }
    }

    /// Gives the free pages back now (the panel hid: typing paused).
    mutating func now() {
        frames = 0
        malloc_trim(0)
    }
}
