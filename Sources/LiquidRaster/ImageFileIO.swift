#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry

/// The one way LiquidKit reads a file it was told to read — an image, a font, a scene, an events file —
/// and writes the files it makes, through the C library so failures carry the system's reason
/// (`No such file or directory`, `Permission denied`, …) in a `LiquidError` (`.io`) naming the path.
///
/// Guarantees for reading:
/// - Only a regular file is read (or standard input, where the caller allows `-`). The file is opened
///   without blocking and checked with `fstat` before any byte is read, so a named pipe, a folder or a
///   device such as `/dev/zero` is refused at once, with the path named, instead of hanging or reading
///   forever.
/// - At most a byte budget is read; a larger file (or a longer standard input) is refused.
///
/// Writing goes through ``OutputFile`` (see there: a regular file is replaced atomically).
package enum ImageFileIO {
    /// The budget for an image file: larger than any PNG of the largest ``Pixmap``.
    package static let imageByteLimit = 256 << 20
    /// The budget for a JSON document (a scene, an events file).
    package static let documentByteLimit = 64 << 20
    /// The budget for a font file.
    package static let fontByteLimit = 256 << 20

    /// The bytes of the file at `path`, at most `limit` of them; `-` means standard input when
    /// `allowsStandardInput`. A refusal reads `<failure> '<path>': <reason>`, with `failure` naming what was
    /// being done (`cannot read events file`).
    /// - Throws: `LiquidError` (`.io`) naming the path and the reason when it cannot be opened or read,
    ///   is not a regular file, or holds more than `limit` bytes.
    package static func readAll(_ path: String, limit: Int = imageByteLimit, allowsStandardInput: Bool = false,
                                failure: String = "cannot open") throws(LiquidError) -> [UInt8] {
        if allowsStandardInput, path == "-" {
            return try readToEnd(STDIN_FILENO, failure: "cannot read standard input", limit: limit, expected: 0)
        }
        let lead = "\(failure) '\(quoted(path))'"
        let (fd, size) = try openRegularFile(path, limit: limit, lead: lead)
        defer { _ = close(fd) }
        return try readToEnd(fd, failure: lead, limit: limit, expected: size)
    }

    /// Checks that `path` names a readable regular file of at most `limit` bytes, for readers that open
    /// the file themselves (FreeType opens fonts by path). A refusal reads `<failure> '<path>': <reason>`.
    /// - Throws: `LiquidError` (`.io`) as ``readAll(_:limit:allowsStandardInput:failure:)`` does.
    package static func requireRegularFile(_ path: String, limit: Int, failure: String) throws(LiquidError) {
        let (fd, _) = try openRegularFile(path, limit: limit, lead: "\(failure) '\(quoted(path))'")
        _ = close(fd)
    }

    /// Writes `bytes` to `path` through an ``OutputFile``: a regular file is replaced atomically (created
    /// with mode 0644, or the mode of the file it replaces), a device or a pipe is written directly.
    /// - Throws: `LiquidError` (`.io`) naming the path and the system's reason; nothing is left behind.
    package static func writeAll(_ bytes: [UInt8], to path: String) throws(LiquidError) {
        let file = try OutputFile(path: path)
        try file.write(bytes)
        try file.commit()
    }

    /// `path` as messages quote it: at most about 120 characters.
    package static func quoted(_ path: String) -> String { LiquidError.quoted(path, limit: 120) }

    /// The system's reason for the last failure (`strerror(errno)`).
    package static func systemReason(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    // MARK: - Internals

    /// Opens `path` for reading without blocking (a named pipe with no writer would otherwise wait for
    /// one), then insists on a regular file of at most `limit` bytes. Returns the descriptor, switched back
    /// to blocking reads, and the file's size. Refusals are `<lead>: <reason>`.
    private static func openRegularFile(_ path: String, limit: Int, lead: String) throws(LiquidError) -> (Int32, Int) {
        guard !path.isEmpty else { throw .io("\(lead): the path is empty") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .io("\(lead): \(systemReason())") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = systemReason()
            _ = close(fd)
            throw .io("\(lead): \(reason)")
        }
        let kind: String? = switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "something else"
        }
        if let kind {
            _ = close(fd)
            throw .io("\(lead): it is \(kind), not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            _ = close(fd)
            throw .io("\(lead): it is \(megabytes(size)); at most \(megabytes(limit)) are read")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return (fd, size)
    }

    /// Reads `fd` to its end, refusing more than `limit` bytes; refusals are `<failure>: <reason>`.
    private static func readToEnd(_ fd: Int32, failure: String, limit: Int, expected: Int) throws(LiquidError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(Swift.min(expected, limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let wanted = Swift.min(chunk.count, limit + 1 - result.count)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io("\(failure): \(systemReason())")
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
            guard result.count <= limit else { throw .io("\(failure): it is more than \(megabytes(limit)); at most that is read") }
        }
        return result
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
