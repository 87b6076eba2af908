/// A C listener struct at a stable address for as long as its owner lives.
final class Listener<T> {
    let pointer: UnsafeMutablePointer<T>
    init(_ value: T) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }
    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// The Swift object behind a C callback's `data` pointer.
@inline(__always)
func owner<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as: T.Type = T.self) -> T {
    Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
}

@inline(__always)
func opaque(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}
