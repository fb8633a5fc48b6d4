#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// - Throws: ``InputError`` of kind `cannotCreate` if the folder is missing or not writable.
    public init(path: String, flushEachLine: Bool = false) throws {
        let tmp = path + ".tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 {
            let e = errno
            throw InputError(.cannotCreate, file: path, "cannot create: \(String(cString: strerror(e)))")
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
