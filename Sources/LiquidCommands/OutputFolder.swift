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
        let parent = parentAndName(of: path).parent
        if !parent.isEmpty, parent != path { try create(parent) }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw LiquidError.io("cannot create folder '\(ImageFileIO.quoted(path))': \(ImageFileIO.systemReason())")
        }
        return true
    }
}

extension OutputFolder {
    /// The folder holding `path` and the last component of `path`, trailing slashes ignored: `("a/b", "c")`
    /// for `a/b/c/`, `("/", "c")` for `/c`, `("", "c")` for `c`. Plain string work on the `/` separators
    /// (Foundation's path methods trap on a one-character path in this toolchain).
    static func parentAndName(of path: String) -> (parent: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return ("", String(trimmed)) }
        let parent = trimmed[..<slash]
        return (parent.isEmpty ? "/" : String(parent), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// Fills the folder `path` whole or not at all: `body` writes into a fresh staging folder beside it
    /// (`.NAME.partial-…` in the same parent, so moving is a rename on one file system); when it returns,
    /// every file it wrote is renamed into `path` (created if needed, sub-folders too), replacing files of
    /// the same name and leaving others alone. When `body` throws, the staging folder is removed and `path`
    /// is untouched (not even created).
    /// - Throws: what `body` throws, or ``LiquidError/io(_:)`` naming the folder when staging or moving fails.
    static func writeWhole(_ path: String, _ body: (_ staging: String) throws -> Void) throws {
        guard !path.isEmpty else { throw LiquidError.io("an output folder path is empty") }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw LiquidError.io("cannot use '\(ImageFileIO.quoted(path))' as a folder: it is a file")
        }
        let (parent, name) = parentAndName(of: path)
        if !parent.isEmpty { try create(parent) }
        var template = Array(((parent.isEmpty ? "" : parent + "/") + ".\(name).partial-XXXXXX").utf8CString)
        guard let staging = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw LiquidError.io("cannot create a folder beside '\(ImageFileIO.quoted(path))': \(ImageFileIO.systemReason())")
        }
        defer { try? FileManager.default.removeItem(atPath: staging) }
        do {
            try body(staging)
        } catch let error as LiquidError {
            // The staging folder is an implementation detail: a failure inside it names the user's folder.
            throw renamed(error, from: staging, to: parent.isEmpty ? name : (parent == "/" ? "/" : parent + "/") + name)
        }
        let files = try relativeFiles(under: staging)
        // Check every target first, so a clash found half-way cannot leave the folder half-replaced.
        for file in files {
            var target = stat()
            if stat(path + "/" + file, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
                throw LiquidError.io("cannot write '\(ImageFileIO.quoted(path + "/" + file))': it is a folder")
            }
        }
        try create(path)
        for file in files {
            let to = path + "/" + file
            try create(parentAndName(of: to).parent)
            guard rename(staging + "/" + file, to) == 0 else {
                throw LiquidError.io("cannot write '\(ImageFileIO.quoted(to))': \(ImageFileIO.systemReason())")
            }
        }
    }

    /// `error` with the quoted path `from` (and any path under it) in its message and subject replaced by `to`.
    private static func renamed(_ error: LiquidError, from: String, to: String) -> LiquidError {
        let (old, new) = (ImageFileIO.quoted(from), ImageFileIO.quoted(to))
        guard error.message.contains(old) else { return error }
        return LiquidError(error.kind, error.message.replacingOccurrences(of: old, with: new),
                           subject: error.subject?.replacingOccurrences(of: old, with: new))
    }

    /// The paths of the regular files under `folder`, relative to it, sorted.
    private static func relativeFiles(under folder: String) throws -> [String] {
        var files: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                files += try relativeFiles(under: folder + "/" + name).map { name + "/" + $0 }
            } else {
                files.append(name)
            }
        }
        return files
    }
}
