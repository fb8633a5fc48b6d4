#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a file for reading.
/// - Throws: ``InputError`` of kind `cannotOpen` (exit 66) if it cannot be
///   opened or is a directory.
func openInputFile(_ path: String) throws -> Int32 {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
        let e = errno
        throw InputError(.cannotOpen, file: path, "cannot open: \(String(cString: strerror(e)))")
    }
    var st = stat()
    if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
        close(fd)
        throw InputError(.cannotOpen, file: path, "is a directory, expected a file")
    }
    return fd
}

/// Reads files in chunks and hands out lines with their numbers, in bounded
/// memory whatever the file's size.
public final class LineReader {
    /// The file's path (for messages).
    public let path: String
    private let fd: Int32
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var eof = false
    /// The number of the line last returned (1-based).
    public private(set) var lineNumber = 0

    /// Opens a file.
    /// - Throws: ``InputError`` of kind `cannotOpen` (exit 66) if it cannot be opened.
    public init(path: String, chunkSize: Int = 1 << 16) throws {
        self.path = path
        fd = try openInputFile(path)
        buffer = [UInt8](repeating: 0, count: Swift.max(chunkSize, 16))
    }

    deinit { close(fd) }

    /// The next line without its newline (a final `\r` is dropped too), or
    /// `nil` at the end of the file.
    /// - Throws: ``InputError`` of kind `io` on a read error.
    public func nextLine() throws -> ArraySlice<UInt8>? {
        while true {
            if let nl = buffer[start..<end].firstIndex(of: 10) {
                var line = buffer[start..<nl]
                start = nl + 1
                lineNumber += 1
                if line.last == 13 { line = line.dropLast() }
                return line
            }
            if eof {
                guard start < end else { return nil }
                let line = buffer[start..<end]
                start = end
                lineNumber += 1
                return line.last == 13 ? line.dropLast() : line
            }
            // Compact, grow if one line fills the buffer, then read more.
            if start > 0 {
                buffer.withUnsafeMutableBufferPointer { b in
                    for i in 0..<(end - start) { b[i] = b[start + i] }
                }
                end -= start; start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            let n = buffer.withUnsafeMutableBufferPointer { b in read(fd, b.baseAddress! + end, b.count - end) }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw InputError(.io, file: path, "read error: \(String(cString: strerror(e)))")
            }
            if n == 0 { eof = true } else { end += n }
        }
    }

    /// Reads up to `count` bytes from the start of a file (for format detection).
    public static func prefix(of path: String, count: Int = 4096) throws -> [UInt8] {
        let r = try LineReader(path: path, chunkSize: count)
        var out: [UInt8] = []
        while out.count < count, let line = try r.nextLine() {
            out.append(contentsOf: line); out.append(10)
        }
        return out
    }
}

/// Reads a whole file as UTF-8 text.
/// - Throws: ``InputError`` (66 if it cannot be opened, 65 if it is not UTF-8).
public func readTextFile(_ path: String) throws -> String {
    let r = try LineReader(path: path)
    var bytes: [UInt8] = []
    while let line = try r.nextLine() {
        bytes.append(contentsOf: line); bytes.append(10)
    }
    guard let s = String(validating: bytes, as: UTF8.self) else {
        throw InputError.malformed(path, line: nil, "is not valid UTF-8 text")
    }
    return s
}

/// A buffered writer to a file descriptor or to a file that appears only
/// when complete: output to a path is written to a temporary file beside it
/// and renamed over the path by ``commit()``, so an error never leaves a
/// half-written file behind.
public final class OutputSink {
    private var fd: Int32
    private var buffer: [UInt8] = []
    private let finalPath: String?
    private let tempPath: String?
    private let flushEachLine: Bool

    /// Standard output (`flushEachLine` for live logs).
    public init(standardOutput flushEachLine: Bool = false) {
        fd = 1; finalPath = nil; tempPath = nil; self.flushEachLine = flushEachLine
        buffer.reserveCapacity(1 << 16)
    }

    /// A file that replaces `path` when ``commit()`` is called.
    /// - Throws: ``InputError`` of kind `cannotOpen` if the folder is not writable.
    public init(path: String, flushEachLine: Bool = false) throws {
        let tmp = path + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 {
            let e = errno
            throw InputError(.cannotOpen, file: path, "cannot create: \(String(cString: strerror(e)))")
        }
        self.fd = fd; finalPath = path; tempPath = tmp; self.flushEachLine = flushEachLine
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends a line (a newline is added).
    public func writeLine(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        buffer.append(10)
        if flushEachLine || buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes out what is buffered.
    public func flush() throws {
        var off = 0
        while off < buffer.count {
            let n = buffer.withUnsafeBufferPointer { b in write(fd, b.baseAddress! + off, b.count - off) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                throw InputError(.io, file: finalPath ?? "<stdout>", "write error: \(String(cString: strerror(e)))")
            }
            off += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and, for a file, renames it into place.
    public func commit() throws {
        try flush()
        if let tmp = tempPath, let final = finalPath {
            fsync(fd); close(fd); fd = -1
            if rename(tmp, final) != 0 {
                let e = errno
                unlink(tmp)
                throw InputError(.io, file: final, "cannot rename into place: \(String(cString: strerror(e)))")
            }
        }
    }

    /// Abandons a file output (the temporary file is removed; `path` is untouched).
    /// Standard output keeps the complete lines written so far.
    public func abandon() {
        if let tmp = tempPath {
            if fd >= 0 { close(fd); fd = -1 }
            unlink(tmp)
        } else {
            try? flush()
        }
    }
}
