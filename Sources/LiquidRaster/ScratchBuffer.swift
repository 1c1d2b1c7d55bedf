/// A growable block of uninitialised-then-overwritten trivial values, owned by a filter workspace so that hot
/// loops never allocate. Internal: never escapes the module.
///
/// Guarantee: ``reserve(_:)`` returns a pointer to at least `count` elements that stays valid until the next
/// `reserve` call with a larger count or until the buffer is released. Contents are unspecified after a
/// reallocation; callers overwrite before they read.
final class ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init() {
        capacity = 0
        pointer = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    }

    deinit { pointer.deallocate() }

    /// A pointer to at least `count` elements (reallocates only when growing).
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            pointer.deallocate()
            // Grow by at least half again, so alternating sizes do not reallocate every time.
            let newCapacity = Swift.max(count, capacity + capacity / 2)
            pointer = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
            capacity = newCapacity
        }
        return pointer
    }
}
