/// A rowid table's rows read straight from a database image, in rowid order, for the one large
/// table of a collection (`revlog`, a million rows and more): SQLite's b-tree pages walked in
/// Swift (<https://www.sqlite.org/fileformat2.html#b_tree_pages>), each record's integer columns
/// decoded. Several times faster than stepping a statement; anything it does not expect (a
/// page that is not a table b-tree page, a payload spilling onto overflow pages, a text or
/// blob column, a record shorter than the table, rowids out of order, a loop) makes it give
/// up, and the caller reads the table with SQL instead.
struct SQLiteTableScan {
    let image: UnsafeRawBufferPointer
    let pageSize: Int
    let usableSize: Int

    /// A scan of `image`, or `nil` when its header is not one to scan.
    init?(image: UnsafeRawBufferPointer) {
        guard let header = SQLiteFileHeader(image) else { return nil }
        self.image = image
        pageSize = header.pageSize
        usableSize = pageSize - Int(image[20])
        guard usableSize >= 480, image.count % pageSize == 0 else { return nil }
    }

    /// Calls `row` with each row's rowid and its first `columns` values (integers; a real is
    /// truncated as SQLite's `column_int64` does; NULL is 0), in rowid order (rowids that do
    /// not rise make it give up).
    /// - Returns: whether the whole table was read (`false`: read it another way; rows may
    ///   have been handed over already).
    /// - Complexity: O(pages of the table + rows × columns).
    func rows(rootPage: Int, columns: Int, _ row: (Int64, UnsafeBufferPointer<Int64>) -> Void) -> Bool {
        let values = UnsafeMutableBufferPointer<Int64>.allocate(capacity: max(1, columns))
        defer { values.deallocate() }
        var visited = 0
        var previousRowid: Int64?
        let pageCount = image.count / pageSize
        // Depth-first, in order: a stack of (page, next cell to visit).
        var stack: [(page: Int, cell: Int)] = [(rootPage, 0)]
        while let top = stack.last {
            stack.removeLast()
            guard top.page >= 1, top.page <= pageCount, stack.count < 64 else { return false }
            let base = (top.page - 1) * pageSize
            let headerStart = base + (top.page == 1 ? 100 : 0)
            let kind = image[headerStart]
            let cellCount = Int(image[headerStart + 3]) << 8 | Int(image[headerStart + 4])
            if kind == 0x0D {
                visited += 1
                guard visited <= pageCount else { return false }
                let pointers = headerStart + 8
                guard pointers + 2 * cellCount <= base + pageSize else { return false }
                for cell in 0 ..< cellCount {
                    let offset = base + (Int(image[pointers + 2 * cell]) << 8 | Int(image[pointers + 2 * cell + 1]))
                    // Rowids rise through a table b-tree; one that does not is a damaged page.
                    guard offset < base + pageSize, let rowid = decodeLeafCell(at: offset, pageEnd: base + pageSize, into: values),
                          previousRowid.map({ rowid > $0 }) ?? true
                    else { return false }
                    previousRowid = rowid
                    row(rowid, UnsafeBufferPointer(values))
                }
            } else if kind == 0x05 {
                let pointers = headerStart + 12
                guard pointers + 2 * cellCount <= base + pageSize else { return false }
                if top.cell < cellCount {
                    let offset = base + (Int(image[pointers + 2 * top.cell]) << 8 | Int(image[pointers + 2 * top.cell + 1]))
                    guard offset + 4 <= base + pageSize else { return false }
                    stack.append((top.page, top.cell + 1))
                    stack.append((Int(WriteAheadLog.word(image, offset)), 0))
                } else if top.cell == cellCount {
                    visited += 1
                    guard visited <= pageCount else { return false }
                    stack.append((Int(WriteAheadLog.word(image, headerStart + 8)), 0))
                }
            } else {
                return false
            }
        }
        return true
    }

    /// A leaf cell's rowid, its record's integer columns put in `values`; `nil` when the cell is
    /// not one this scan reads.
    @inline(__always)
    private func decodeLeafCell(at start: Int, pageEnd: Int, into values: UnsafeMutableBufferPointer<Int64>) -> Int64? {
        var index = start
        guard let payload = varint(&index, end: pageEnd), let rowid = varint(&index, end: pageEnd) else { return nil }
        // Payloads larger than this spill onto overflow pages.
        guard payload <= Int64(usableSize - 35), index + Int(payload) <= pageEnd else { return nil }
        let recordEnd = index + Int(payload)
        var headerIndex = index
        guard let headerSize = varint(&headerIndex, end: recordEnd) else { return nil }
        let headerEnd = index + Int(headerSize)
        guard headerEnd <= recordEnd else { return nil }
        var body = headerEnd
        for column in values.indices {
            // A record with fewer columns than the table (one added after the row was
            // written): SQLite gives the column's declared default, which this scan does not read.
            guard headerIndex < headerEnd else { return nil }
            guard let type = varint(&headerIndex, end: headerEnd) else { return nil }
            switch type {
            case 0: values[column] = 0
            case 1 ... 6:
                let length = type <= 4 ? Int(type) : type == 5 ? 6 : 8
                guard body + length <= recordEnd else { return nil }
                var value = Int64(Int8(bitPattern: image[body]))
                for offset in 1 ..< length { value = value << 8 | Int64(image[body + offset]) }
                values[column] = value
                body += length
            case 7:
                guard body + 8 <= recordEnd else { return nil }
                var bits: UInt64 = 0
                for offset in 0 ..< 8 { bits = bits << 8 | UInt64(image[body + offset]) }
                let real = Double(bitPattern: bits)
                // As SQLite's doubleToInt64: saturated from ±2^63 on; a NaN reads as NULL.
                values[column] = real.isNaN ? 0 : real >= 0x1p63 ? .max : real <= -0x1p63 ? .min : Int64(real)
                body += 8
            case 8: values[column] = 0
            case 9: values[column] = 1
            default: return nil
            }
        }
        return rowid
    }

    /// An SQLite varint (1–9 bytes, big-endian, 7 bits a byte and 8 in the ninth).
    @inline(__always)
    private func varint(_ index: inout Int, end: Int) -> Int64? {
        // Most varints of a review log are one byte (serial types, small sizes).
        if index < end, image[index] < 0x80 {
            index += 1
            return Int64(image[index - 1])
        }
        var value: UInt64 = 0
        for position in 0 ..< 9 {
            guard index < end else { return nil }
            let byte = image[index]
            index += 1
            if position == 8 { return Int64(bitPattern: value << 8 | UInt64(byte)) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return Int64(bitPattern: value) }
        }
        return nil
    }
}
