#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input opened once: a regular file, a FIFO, a pipe, a character device,
/// or standard input (`-`). Nothing downstream opens the path again: a
/// regular file is read at explicit offsets (`pread`), so several readers can
/// walk it independently; anything else is read once, in order.
@usableFromInline package final class InputFile {
    /// The name used in messages: the path, or `<stdin>` for `-`.
    @usableFromInline package let name: String
    /// The file descriptor.
    let fd: Int32
    /// Whether reads may use any offset (a regular file); otherwise the
    /// input is a stream, read once from the start.
    @usableFromInline package let isSeekable: Bool
    private let ownsDescriptor: Bool
    /// A stream's read position (bytes read so far).
    private var streamPosition: Int64 = 0

    /// The path that means standard input.
    @usableFromInline package static let standardInputPath = "-"

    /// Opens `path` for reading; `-` is standard input.
    /// - Throws: ``InputError`` of kind `cannotOpen` if it cannot be opened or is a directory.
    @usableFromInline package init(path: String) throws(InputError) {
        if path == Self.standardInputPath {
            name = "<stdin>"; fd = 0; ownsDescriptor = false
        } else {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 {
                let e = errno
                throw InputError(.cannotOpen, file: path, "cannot open: \(String(cString: strerror(e)))")
            }
            name = path; self.fd = fd; ownsDescriptor = true
        }
        var st = stat()
        let kind = fstat(fd, &st) == 0 ? st.st_mode & S_IFMT : 0
        if kind == S_IFDIR {
            if ownsDescriptor { close(fd) }
            throw InputError(.cannotOpen, file: name, "is a directory, expected a file")
        }
        isSeekable = kind == S_IFREG
    }

    /// Wraps a descriptor this object then owns (a spool file).
    private init(spool fd: Int32, name: String) {
        self.fd = fd; self.name = name; isSeekable = true; ownsDescriptor = true
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// The size of a regular file in bytes when it was asked (nil for a stream).
    @usableFromInline package var byteCount: Int? {
        guard isSeekable else { return nil }
        var st = stat()
        return fstat(fd, &st) == 0 ? Int(st.st_size) : nil
    }

    /// Reads up to `count` bytes at `offset` into `buffer`; 0 at the end.
    /// A stream must be read in order (`offset` is where the previous read ended).
    /// - Throws: ``InputError`` of kind `io` on a read error.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws(InputError) -> Int {
        while true {
            let n: Int
            if isSeekable {
                n = pread(fd, buffer, count, off_t(offset))
            } else {
                precondition(offset == streamPosition, "a stream is read once, in order")
                n = systemRead(fd, buffer, count)
            }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                throw InputError(.io, file: name, "read error: \(String(cString: strerror(e)))")
            }
            if !isSeekable { streamPosition += Int64(n) }
            return n
        }
    }

    /// A seekable copy of a stream for a format read in two passes: the bytes
    /// `reader` holds, then the rest of the stream, in an unlinked temporary
    /// file (memory stays bounded). A seekable input is returned as it is.
    /// - Throws: ``InputError`` of kind `io` if the copy cannot be written.
    static func seekable(_ reader: LineReader) throws(InputError) -> InputFile {
        let input = reader.input
        if input.isSeekable { return input }
        let dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((dir + "/pointersim-spool-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 {
            let e = errno
            throw InputError(.io, file: input.name, "cannot create a temporary copy of the input in \(dir): \(String(cString: strerror(e)))")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        let spool = InputFile(spool: fd, name: input.name)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        var pending = reader.unreadBytes()
        var at = reader.endOffset
        while true {
            var off = 0
            while off < pending.count {
                let w = pending.withUnsafeBufferPointer { write(fd, $0.baseAddress! + off, $0.count - off) }
                if w < 0 {
                    let e = errno
                    if e == EINTR { continue }
                    throw InputError(.io, file: input.name, "cannot write a temporary copy of the input: \(String(cString: strerror(e)))")
                }
                off += w
            }
            let n = try input.read(into: chunk.baseAddress!, count: chunk.count, at: at)
            if n == 0 { break }
            at += Int64(n)
            pending = Array(UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
        }
        return spool
    }
}

/// `read(2)` (the name is taken inside ``InputFile``).
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

/// Reads whole text files (scenes) as UTF-8.
/// - Throws: ``InputError``: `cannotOpen`, or `malformed` if it is not UTF-8.
@_spi(Fuzz) public func readTextFile(_ path: String) throws -> String {
    String(decoding: try readTextBytes(path), as: UTF8.self)
}

/// The bytes of a whole text file (each line ending in a newline), checked
/// to be valid UTF-8, in one array of the file's size (a regular file's size
/// is reserved up front: no doubling on the way, no second copy as a
/// `String`).
/// - Throws: ``InputError``: `cannotOpen`, `io`, or `malformed` if the text
///   is not valid UTF-8.
@usableFromInline package func readTextBytes(_ path: String) throws -> [UInt8] {
    let input = try InputFile(path: path)
    let r = LineReader(input)
    r.maxLineLength = nil  // a scene may be one long line
    var bytes: [UInt8] = []
    if let size = input.byteCount { bytes.reserveCapacity(size + 1) }
    _ = try r.forEachLine(upTo: Int.max) { line, _ in
        bytes.append(contentsOf: line); bytes.append(10)
    }
    guard isValidUTF8(bytes) else {
        throw InputError.malformed(r.input.name, line: nil, "is not valid UTF-8 text")
    }
    return bytes
}
