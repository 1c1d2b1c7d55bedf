/// Scratch memory for ``GaussianBlur``, ``VariableBlur`` and ``Goo``, kept between calls so that repeated
/// filtering (one blur per frame) allocates nothing after the first frame.
///
/// A workspace is a reference type because it is a place, not a value: reuse one per rendering thread.
/// It is not `Sendable`; never share one between concurrent tasks.
///
/// - Complexity: memory grows to about `4·width·height/f²·3` floats for the largest blur run through it
///   (`f` being the blur's internal reduction factor), plus `4·width·(2…3)` floats of row buffers.
package final class BlurWorkspace {
    let small = ScratchBuffer<Float>()
    let smallOut = ScratchBuffer<Float>()
    let row = ScratchBuffer<Float>()
    let zeros = ScratchBuffer<Float>()
    let accumulator = ScratchBuffer<UInt16>()
    let fixedRows = ScratchBuffer<UInt16>()
    let zeroBytes = ScratchBuffer<UInt8>()
    let rowPointers = ScratchBuffer<UnsafePointer<UInt8>>()

    /// Scratch of each band when a pass is split over a ``WorkerPool`` (index = band number).
    private var bandWorkspaces: [BlurWorkspace] = []

    /// An empty workspace; buffers grow on first use.
    package init() {}

    /// At least `count` workspaces for the bands of a split pass, made on the calling thread before the
    /// jobs start (each job then uses only the one of its band number).
    func bands(_ count: Int) -> [BlurWorkspace] {
        while bandWorkspaces.count < count { bandWorkspaces.append(BlurWorkspace()) }
        return bandWorkspaces
    }
}
