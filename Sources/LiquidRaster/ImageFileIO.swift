#if canImport(Glibc)
import Glibc
import LiquidGeometry
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes for the image codecs, through the C library so that failures carry the
/// system's reason (`No such file or directory`, `Permission denied`, …) in a ``LiquidError/io(_:)``.
enum ImageFileIO {
    /// The bytes of the file at `path`.
    /// - Throws: ``LiquidError/io(_:)`` naming the path and the system's reason when it cannot be opened or read.
    static func readAll(_ path: String) throws(LiquidError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .io("cannot open '\(path)': \(systemReason())") }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io("cannot read '\(path)': \(systemReason())") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .io("'\(path)' is not a regular file") }
        var result: [UInt8] = []
        result.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io("cannot read '\(path)': \(systemReason())")
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// Writes `bytes` to `path`, replacing any existing file (created with mode 0644).
    /// - Throws: ``LiquidError/io(_:)`` naming the path and the system's reason.
    static func writeAll(_ bytes: [UInt8], to path: String) throws(LiquidError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .io("cannot create '\(path)': \(systemReason())") }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = systemReason()
                _ = close(fd)
                throw .io("cannot write '\(path)': \(reason)")
            }
            offset += n
        }
        guard close(fd) == 0 else { throw .io("cannot finish writing '\(path)': \(systemReason())") }
    }

    private static func systemReason() -> String {
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }
}
