import Foundation
import LiquidGeometry
import LiquidRaster

/// Folders the tool writes into (`--frames DIR`, `gallery --out DIR`, `bench --write-inputs DIR`), created
/// with the C library so a failure is one line naming the folder and the system's reason.
enum OutputFolder {
    /// Creates `path` and any missing parents (mode 0755 less the umask); an existing folder is fine.
    /// - Returns: whether `path` itself was created (so a failed run can remove it again).
    /// - Throws: `LiquidError` (`.io`) naming the path when a part of it is a file or cannot be created.
    @discardableResult
    static func create(_ path: String) throws -> Bool {
        guard !path.isEmpty else { throw LiquidError.io("an output folder path is empty") }
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw LiquidError.io("cannot use '\(ImageFileIO.quoted(path))' as a folder: it is a file")
            }
            return false
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try create(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw LiquidError.io("cannot create folder '\(ImageFileIO.quoted(path))': \(ImageFileIO.systemReason())")
        }
        return true
    }
}
