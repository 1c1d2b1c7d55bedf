#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry

/// A file being written: every failure is a `LiquidError` (`.io`) naming the path, and a file that is not
/// finished with ``commit()`` leaves nothing behind.
///
/// Guarantees:
/// - **Regular files are replaced atomically** (``Mode/replacing``, the default): bytes go to a temporary
///   file in the same folder, which ``commit()`` renames over the path. Until then the old file (or no
///   file) stays in place; ``discard()`` — or dropping the value without committing — removes the
///   temporary file. The new file gets the mode of the one it replaces, else 0644 less the umask; a
///   symbolic link is followed, so the link stays and its target is replaced.
/// - **Devices and pipes are written directly** and never created or replaced: a path that exists and is
///   not a regular file, or any path under `/dev/` or `/proc/` (`/dev/stdout`, `/dev/null`, `/dev/fd/…`).
/// - A folder, a missing folder, a full disk or a closed pipe is an error naming the path; a closed pipe's
///   message ends with ``closedPipeReason`` (see ``isClosedPipe(_:)``).
package final class OutputFile {
    /// How a regular file is written.
    package enum Mode {
        /// To a temporary file renamed into place by ``commit()``.
        case replacing
        /// In place (created or emptied at once), so a reader can follow it while it grows — a trace a
        /// script watches. A failed run may leave it partly written.
        case streaming
    }

    /// The path as given.
    package let path: String
    /// Whether ``overwrite(_:at:)`` may rewrite earlier bytes (the bytes go to a regular file).
    package let isSeekable: Bool
    /// The end of the text of a write error caused by the reader closing the pipe.
    package static let closedPipeReason = "the reading end of the pipe was closed"

    private var descriptor: Int32
    private let temporaryPath: String?
    private let destination: String

    /// Opens `path` for writing as `mode` says (devices and pipes are always written directly).
    /// - Throws: `LiquidError` (`.io`) naming the path: a folder, a missing folder, no permission.
    package init(path: String, mode: Mode = .replacing) throws(LiquidError) {
        self.path = path
        let name = ImageFileIO.quoted(path)
        guard !path.isEmpty else { throw .io("an output path is empty") }
        // "-" reads standard input where an input is expected; as an output it would silently make a file
        // named "-", so it is refused with the way to write to standard output.
        guard path != "-" else { throw .io("cannot write '-': name a file, or /dev/stdout for standard output") }
        var info = stat()
        let exists = stat(path, &info) == 0
        let type = info.st_mode & S_IFMT
        if exists, type == S_IFDIR { throw .io("cannot write '\(name)': it is a folder") }
        if (exists && type != S_IFREG) || path.hasPrefix("/dev/") || path.hasPrefix("/proc/") {
            // Never O_CREAT here: a missing device is an error, not a new regular file in /dev. A named pipe
            // is opened without blocking, so one that no program reads is an error (ENXIO) instead of a
            // hang; once open, it blocks again like any pipe.
            let isPipe = exists && type == S_IFIFO
            descriptor = open(path, O_WRONLY | O_CLOEXEC | (isPipe ? O_NONBLOCK : 0))
            guard descriptor >= 0 else {
                if isPipe, errno == ENXIO { throw .io("cannot write '\(name)': it is a named pipe that no program is reading") }
                throw .io("cannot open '\(name)': \(ImageFileIO.systemReason())")
            }
            if isPipe { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
            temporaryPath = nil
            destination = path
            isSeekable = false
            return
        }
        switch mode {
        case .streaming:
            // Without blocking too: should a named pipe appear at the path after the check above, opening it
            // fails (ENXIO) when nobody reads it instead of waiting for a reader.
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
            guard descriptor >= 0 else {
                if errno == ENXIO { throw .io("cannot write '\(name)': it is a named pipe that no program is reading") }
                throw .io("cannot create '\(name)': \(ImageFileIO.systemReason())")
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            temporaryPath = nil
            destination = path
        case .replacing:
            var target = path
            if exists, let real = realpath(path, nil) {
                target = String(cString: real)
                free(real)
            }
            let slash = target.lastIndex(of: "/")
            let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
            let base = String((slash.map { target[target.index(after: $0)...] } ?? target[...]).prefix(80))
            var opened: (Int32, String)?
            for _ in 0..<16 {
                let candidate = folder + "/." + base + ".partial-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
                let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                if fd >= 0 {
                    opened = (fd, candidate)
                    break
                }
                guard errno == EEXIST else { break }
            }
            guard let (fd, temporary) = opened else {
                throw .io("cannot create '\(name)': \(ImageFileIO.systemReason())")
            }
            if exists { _ = fchmod(fd, info.st_mode & 0o7777) }
            descriptor = fd
            temporaryPath = temporary
            destination = target
        }
        isSeekable = true
    }

    deinit { discard() }

    /// Appends `bytes`.
    /// - Throws: `LiquidError` (`.io`) naming the path and the reason (`No space left on device`, …).
    package func write(_ bytes: [UInt8]) throws(LiquidError) {
        guard descriptor >= 0 else { throw LiquidError(.invalidState, "'\(ImageFileIO.quoted(path))' is already closed") }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write")
            }
            offset += n
        }
    }

    /// Rewrites `bytes` at `offset` from the start of the file (a header whose counts are known only at the
    /// end). Only for a seekable file.
    package func overwrite(_ bytes: [UInt8], at offset: Int) throws(LiquidError) {
        guard descriptor >= 0, isSeekable else {
            throw LiquidError(.invalidState, "'\(ImageFileIO.quoted(path))' cannot be rewritten in place")
        }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write")
            }
            done += n
        }
    }

    /// Finishes the file: closes it and, for a replaced regular file, renames it into place.
    /// - Throws: `LiquidError` (`.io`) naming the path when closing or renaming fails (the temporary file
    ///   is removed then).
    package func commit() throws(LiquidError) {
        guard descriptor >= 0 else { throw LiquidError(.invalidState, "'\(ImageFileIO.quoted(path))' is already closed") }
        let fd = descriptor
        descriptor = -1
        if close(fd) != 0 {
            let error = failure("cannot finish writing")
            if let temporaryPath { _ = unlink(temporaryPath) }
            throw error
        }
        guard let temporaryPath else { return }
        if rename(temporaryPath, destination) != 0 {
            let error = failure("cannot replace")
            _ = unlink(temporaryPath)
            throw error
        }
    }

    /// Abandons the file: closes it and removes the temporary file (a file written in place stays as it
    /// is). Does nothing after ``commit()``.
    package func discard() {
        guard descriptor >= 0 else { return }
        _ = close(descriptor)
        descriptor = -1
        if let temporaryPath { _ = unlink(temporaryPath) }
    }

    /// Whether `error` reports a write to a pipe whose reader has gone (a consumer such as `head` that
    /// stopped reading): not a failure of the writer.
    package static func isClosedPipe(_ error: LiquidError) -> Bool {
        error.kind == .io && error.message.hasSuffix(closedPipeReason)
    }

    /// `<action> '<path>': <reason>` for the current `errno`.
    private func failure(_ action: String) -> LiquidError {
        let code = errno
        let reason = code == EPIPE ? Self.closedPipeReason : ImageFileIO.systemReason(code)
        return .io("\(action) '\(ImageFileIO.quoted(path))': \(reason)")
    }
}

/// The C library's `write`, under a name the methods called `write` do not shadow.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
