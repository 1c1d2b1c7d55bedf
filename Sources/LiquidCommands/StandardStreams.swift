import Foundation
import LiquidGeometry
import LiquidRaster

/// Standard output and standard error, written with the C library so that a failure is an error value,
/// never a trap: a full disk is a `LiquidError` naming standard output, and a reader that closed the pipe
/// (`liquid simulate … | head -c 10`) is recognised by ``OutputFile/isClosedPipe(_:)`` so the tool can end
/// quietly with status 0.
enum StandardStreams {
    /// Ignores SIGPIPE (a write to a closed pipe then fails with EPIPE instead of killing the process) and
    /// SIGXFSZ (a write beyond the file-size limit fails with EFBIG), so both become clear errors.
    static func installSignalHandling() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Writes `bytes` to standard output, all of them.
    /// - Throws: `LiquidError` (`.io`) naming standard output and the reason.
    static func write(_ bytes: [UInt8]) throws(LiquidError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { posixWrite(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                let reason = code == EPIPE ? OutputFile.closedPipeReason : ImageFileIO.systemReason(code)
                throw .io("cannot write standard output: \(reason)")
            }
            offset += n
        }
    }

    /// Writes `line` and a line break to standard error; a failure there has nowhere to be reported, so
    /// it is ignored.
    static func error(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { posixWrite(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}

/// The C library's `write`, under a name ``StandardStreams/write(_:)`` does not shadow.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
