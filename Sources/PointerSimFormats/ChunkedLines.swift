#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file in large chunks and hands out whole lines in batches to a
/// closure, without allocating per line: the fast path for big recordings.
/// Memory is bounded by the chunk size (grown only for a longer line).
final class ChunkedLines {
    let path: String
    private let fd: Int32
    private var buffer: [UInt8]
    private var start = 0, end = 0
    private var eof = false
    /// The number of the last line handed out (1-based).
    private(set) var lineNumber = 0

    /// Opens a file.
    /// - Throws: ``InputError`` of kind `cannotOpen` (66).
    init(path: String, chunkSize: Int = 1 << 20) throws {
        self.path = path
        fd = try openInputFile(path)
        buffer = [UInt8](repeating: 0, count: chunkSize)
    }

    deinit { close(fd) }

    /// Calls `body(line, number)` for up to `count` lines (without the newline
    /// or a final `\r`). Returns false once the file is exhausted.
    /// - Throws: what `body` throws, or ``InputError`` (74) on a read error.
    func lines(upTo count: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws -> Bool {
        var done = 0
        while done < count {
            let startNow = start, endNow = end, first = lineNumber, want = count - done
            let (consumed, n) = try buffer.withUnsafeBufferPointer { b -> (Int, Int) in
                let base = b.baseAddress!
                var s = startNow, k = 0
                while k < want {
                    guard let p = memchr(base + s, 10, endNow - s) else { break }
                    let nl = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
                    var e = nl
                    if e > s && base[e - 1] == 13 { e -= 1 }
                    k += 1
                    try body(UnsafeBufferPointer(start: base + s, count: e - s), first + k)
                    s = nl + 1
                }
                return (s, k)
            }
            start = consumed; lineNumber += n; done += n
            if done >= count { break }
            if eof {
                if start < end {
                    let s = start, e0 = end
                    lineNumber += 1
                    let ln = lineNumber
                    start = end
                    try buffer.withUnsafeBufferPointer { b in
                        var e = e0
                        if e > s && b[e - 1] == 13 { e -= 1 }
                        try body(UnsafeBufferPointer(rebasing: b[s..<e]), ln)
                    }
                }
                return false
            }
            // Compact, grow if one line fills the buffer, then read more.
            if start > 0 {
                let s = start, e = end
                buffer.withUnsafeMutableBufferPointer { b in
                    _ = memmove(b.baseAddress!, b.baseAddress! + s, e - s)
                }
                end -= start; start = 0
            }
            if end == buffer.count { buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count)) }
            let e = end
            let r = buffer.withUnsafeMutableBufferPointer { b in read(fd, b.baseAddress! + e, b.count - e) }
            if r < 0 {
                let err = errno
                if err == EINTR { continue }
                throw InputError(.io, file: path, "read error: \(String(cString: strerror(err)))")
            }
            if r == 0 { eof = true } else { end += r }
        }
        return true
    }
}
