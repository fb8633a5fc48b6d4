#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one line reader: reads an ``InputFile`` in chunks and hands out lines
/// (without the newline, nor a `\r` before it) with their 1-based numbers,
/// in memory bounded by the chunk size (grown only for a longer line). The
/// last line needs no newline. A UTF-8 byte order mark before the first line
/// (of a reader starting at offset 0) is dropped. A line longer than
/// ``maxLineLength`` is an error (memory stays bounded on a file with no
/// newline).
///
/// A reader can start at any byte offset of a seekable input (several
/// readers then walk one file independently), and can show the first bytes
/// without consuming them (``prefix(_:)``, for recognising the format), so
/// the format's parser continues from the same reader.
@usableFromInline package final class LineReader {
    /// The input.
    @usableFromInline package let input: InputFile
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0, end = 0
    private var eof = false
    /// The input offset of `buffer[end]`.
    private(set) var endOffset: Int64
    /// The number of the line last handed out (1-based; 0 before the first).
    @usableFromInline package private(set) var lineNumber: Int
    /// The longest line accepted, in bytes (`nil`: no limit, for whole
    /// files such as scenes); a longer one throws a `malformed` error.
    @usableFromInline package var maxLineLength: Int? = LineReader.defaultMaxLineLength
    /// The line formats' limit: 1 MiB (real lines are under 10 KB).
    @usableFromInline package static let defaultMaxLineLength = 1 << 20
    /// Whether a byte order mark may still start the first line.
    private var atFileStart: Bool

    /// A reader of `input` from byte `offset`, whose first line is number `lineNumber + 1`.
    @usableFromInline package init(_ input: InputFile, offset: Int64 = 0, lineNumber: Int = 0, chunkSize: Int = 1 << 18) {
        self.input = input
        endOffset = offset
        self.lineNumber = lineNumber
        atFileStart = offset == 0 && lineNumber == 0
        buffer = .allocate(byteCount: Swift.max(chunkSize, 16), alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The input offset of the first byte not yet handed out.
    @usableFromInline package var offset: Int64 { endOffset - Int64(end - start) }

    /// The bytes read from the input but not handed out yet.
    func unreadBytes() -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: buffer[start..<end])) }

    /// Reads more: compacts, grows the buffer if one line fills it, then
    /// reads once. Returns false (and sets `eof`) at the end of the input.
    private func fill() throws(InputError) -> Bool {
        if eof { return false }
        if start > 0 {
            if end > start { memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start) }
            end -= start; start = 0
        }
        if end == buffer.count {
            if let limit = maxLineLength, end >= limit {
                throw InputError.malformed(
                    input.name,
                    line: lineNumber + 1,
                    "line longer than \(limit / 1024) KiB (the longest accepted; is this a text file of the right format?)"
                )
            }
            let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
            bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<end]))
            buffer.deallocate()
            buffer = bigger
        }
        let n = try input.read(into: buffer.baseAddress! + end, count: buffer.count - end, at: endOffset)
        if n == 0 { eof = true; return false }
        end += n; endOffset += Int64(n)
        return true
    }

    /// Up to `count` bytes from the current position, without consuming them
    /// (fewer only at the end of the input).
    /// - Throws: ``InputError`` of kind `io` on a read error.
    @usableFromInline package func prefix(_ count: Int) throws(InputError) -> [UInt8] {
        while end - start < count, try fill() {}
        return Array(UnsafeRawBufferPointer(rebasing: buffer[start..<Swift.min(end, start + count)]))
    }

    /// Calls `body(line, number)` for up to `count` lines; the line's memory
    /// is valid only during the call. Returns false once the input is exhausted.
    /// - Throws: what `body` throws (the lines before stay consumed, this one
    ///   too), or ``InputError`` of kind `io` on a read error.
    @usableFromInline package func forEachLine(upTo count: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws -> Bool {
        var done = 0
        while done < count {
            let base = UnsafePointer<UInt8>(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
            // Whole lines in the buffer: no copy, memchr for the newline.
            while done < count {
                guard let p = memchr(base + start, 10, end - start) else { break }
                let nl = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
                var e = nl
                if e > start && base[e - 1] == 13 { e -= 1 }
                var s = start
                start = nl + 1; lineNumber += 1; done += 1
                if atFileStart { s = skipByteOrderMark(base, s, e) }
                try body(UnsafeBufferPointer(start: base + s, count: e - s), lineNumber)
            }
            if done >= count { break }
            if try !fill() {
                // The last line, without a newline.
                guard start < end else { return false }
                let base = UnsafePointer<UInt8>(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
                var s = start
                var e = end
                if base[e - 1] == 13 { e -= 1 }
                start = end; lineNumber += 1
                if atFileStart { s = skipByteOrderMark(base, s, e) }
                try body(UnsafeBufferPointer(start: base + s, count: e - s), lineNumber)
                return false
            }
        }
        return true
    }

    /// The start of the first line past a UTF-8 byte order mark (EF BB BF).
    private func skipByteOrderMark(_ base: UnsafePointer<UInt8>, _ s: Int, _ e: Int) -> Int {
        atFileStart = false
        return e - s >= 3 && base[s] == 0xef && base[s + 1] == 0xbb && base[s + 2] == 0xbf ? s + 3 : s
    }

    /// The next line (a copy), or `nil` at the end of the input.
    /// - Throws: ``InputError`` of kind `io` on a read error.
    @usableFromInline package func nextLine() throws -> [UInt8]? {
        var line: [UInt8]? = nil
        _ = try forEachLine(upTo: 1) { l, _ in line = Array(l) }
        return line
    }
}
