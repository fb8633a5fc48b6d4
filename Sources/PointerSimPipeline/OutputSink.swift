import PointerSimCore
import PointerSimFormats

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
/// half-written file behind (docs/CommandLine.md, "Output files"):
///
/// - a symbolic link is followed: the file written is the link's target, its
///   temporary file in the target's folder (the link stays a link);
/// - an existing regular file keeps its permissions (a 0600 log stays 0600);
/// - a device node or FIFO (`/dev/null`, `/dev/stdout`) is written to directly;
/// - a folder is refused at once (`cannotCreate`), before any input is read.
///
/// The temporary file is listed in ``TemporaryFiles`` until it is renamed or
/// removed, so a signal handler can remove it.
@usableFromInline package final class OutputSink {
    private var fd: Int32
    private var buffer: [UInt8] = []
    private let finalPath: String?
    private let tempPath: String?
    /// The name errors give: the path as given (a device node, a link), or `<stdout>`.
    @usableFromInline package let name: String
    private let flushEachLine: Bool
    private var tempSlot: Int? = nil

    /// Standard output (`flushEachLine` for live logs).
    @usableFromInline package init(standardOutput flushEachLine: Bool = false) {
        fd = 1; finalPath = nil; tempPath = nil; name = "<stdout>"; self.flushEachLine = flushEachLine
        buffer.reserveCapacity(1 << 16)
    }

    /// A file that replaces `path` when ``commit()`` is called (see the type's
    /// notes for links, device nodes and folders).
    /// - Throws: `InputError` of kind `cannotCreate` if `path` is a folder,
    ///   or its folder is missing or not writable.
    @usableFromInline package init(path: String, flushEachLine: Bool = false) throws {
        self.flushEachLine = flushEachLine
        name = path
        // An empty name would create ".tmp-PID" in the working folder and
        // then fail to rename it: refused before anything is written.
        guard !path.isEmpty else { throw InputError(.cannotCreate, file: path, "cannot create: the file name is empty") }
        func failure(_ e: Int32) -> InputError {
            InputError(.cannotCreate, file: path, "cannot create: \(String(cString: strerror(e)))")
        }
        var st = stat()
        var existingMode: mode_t? = nil
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                throw InputError(.cannotCreate, file: path, "cannot create: it is a folder (give a file name)")
            case S_IFREG:
                existingMode = st.st_mode & 0o7777
            default:
                // A device node or a FIFO: written to directly, never replaced.
                let fd = open(path, O_WRONLY | O_CLOEXEC)
                if fd < 0 { throw failure(errno) }
                self.fd = fd; finalPath = nil; tempPath = nil
                buffer.reserveCapacity(1 << 16)
                return
            }
        }
        let target = Self.resolvingLinks(path)
        let tmp = target + ".tmp-\(getpid())"
        let slot = TemporaryFiles.register(tmp)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if fd < 0 {
            let e = errno
            TemporaryFiles.unregister(slot)
            throw failure(e)
        }
        // The mode of the file replaced, or the usual 0666 less the umask.
        let mode: mode_t
        if let m = existingMode { mode = m } else { let u = umask(0); umask(u); mode = 0o666 & ~u }
        _ = fchmod(fd, mode)
        self.fd = fd; finalPath = target; tempPath = tmp; tempSlot = slot
        buffer.reserveCapacity(1 << 16)
    }

    /// `path` with its symbolic links followed (up to 40; a dangling link
    /// gives the path it points to, which is then created).
    static func resolvingLinks(_ path: String) -> String {
        var p = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(p, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return p }
            var buf = [CChar](repeating: 0, count: 4097)
            let n = readlink(p, &buf, 4096)
            guard n > 0 else { return p }
            let link = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") { p = link } else if let slash = p.lastIndex(of: "/") { p = String(p[...slash]) + link } else { p = link }
        }
        return p
    }

    /// Appends a line (a newline is added).
    @usableFromInline package func writeLine(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        buffer.append(10)
        if flushEachLine || buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes a log record's line (``LogLine/append(_:to:)``: no `String`
    /// made) and a newline.
    @usableFromInline package func writeLine(_ record: LogRecord) throws {
        LogLine.append(record, to: &buffer)
        buffer.append(10)
        if flushEachLine || buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes out what is buffered.
    @usableFromInline package func flush() throws {
        var off = 0
        while off < buffer.count {
            let n = buffer.withUnsafeBufferPointer { b in write(fd, b.baseAddress! + off, b.count - off) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                throw InputError(.io, file: name, "write error: \(String(cString: strerror(e)))")
            }
            off += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and, for a file, renames it into place.
    @usableFromInline package func commit() throws {
        try flush()
        if let tmp = tempPath, let final = finalPath {
            // A full disk can show only here (delayed allocation, NFS).
            if fsync(fd) != 0, errno != EINVAL, errno != EROFS {
                let e = errno
                close(fd); fd = -1; unlink(tmp)
                if let s = tempSlot { TemporaryFiles.unregister(s); tempSlot = nil }
                throw InputError(.io, file: name, "write error: \(String(cString: strerror(e)))")
            }
            if close(fd) != 0, errno != EINTR {
                let e = errno
                fd = -1; unlink(tmp)
                if let s = tempSlot { TemporaryFiles.unregister(s); tempSlot = nil }
                throw InputError(.io, file: name, "write error: \(String(cString: strerror(e)))")
            }
            fd = -1
            defer { if let s = tempSlot { TemporaryFiles.unregister(s); tempSlot = nil } }
            // Only over a regular file (or nothing): a folder or device that
            // appeared meanwhile is left alone.
            var st = stat()
            if lstat(final, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
                unlink(tmp)
                throw InputError(.cannotCreate, file: final, "cannot replace: it is no longer a regular file")
            }
            if rename(tmp, final) != 0 {
                let e = errno
                unlink(tmp)
                throw InputError(.io, file: final, "cannot rename into place: \(String(cString: strerror(e)))")
            }
        } else if fd > 2 {
            let r = close(fd), e = errno
            fd = -1
            if r != 0, e != EINTR { throw InputError(.io, file: name, "write error: \(String(cString: strerror(e)))") }
        }
    }

    /// Abandons a file output (the temporary file is removed; `path` is untouched).
    /// Standard output (and a device node written to directly) keeps the
    /// complete lines written so far.
    @usableFromInline package func abandon() {
        if let tmp = tempPath {
            if fd >= 0 { close(fd); fd = -1 }
            unlink(tmp)
            if let s = tempSlot { TemporaryFiles.unregister(s); tempSlot = nil }
        } else {
            try? flush()
            if fd > 2 { close(fd); fd = -1 }
        }
    }
}

/// The temporary files being written (by ``OutputSink``), kept as C strings
/// so that a signal handler can remove them: ``removeAll()`` is
/// async-signal-safe (it calls only `unlink`). The command installs the
/// handlers (SIGINT, SIGTERM, SIGHUP).
@usableFromInline package enum TemporaryFiles {
    /// The most files listed at once (further ones are not listed).
    static let capacity = 64
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()

    /// Serialises ``register(_:)`` and ``unregister(_:)``: sinks are opened
    /// and closed on any thread (ThreadSanitizer saw two test threads claim
    /// the same slot). The signal handler's ``removeAll()`` takes no lock.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    /// Lists `path`; returns its slot (nil if the list is full).
    static func register(_ path: String) -> Int? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = strdup(path)
            return i
        }
        return nil
    }

    /// Unlists a slot.
    static func unregister(_ slot: Int?) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let i = slot, let p = slots[i] else { return }
        slots[i] = nil
        free(p)
    }

    /// Removes every listed file (from a signal handler: only `unlink`).
    @usableFromInline package static func removeAll() {
        for i in 0..<capacity { if let p = slots[i] { unlink(p) } }
    }

    /// The paths listed now (for tests).
    @usableFromInline package static var paths: [String] {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return (0..<capacity).compactMap { slots[$0].map { String(cString: $0) } }
    }
}
