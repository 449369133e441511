extension JSONByteReader {
    /// Reads an array like ``readArray(of:)``, with the same result and the same failures,
    /// but on two threads when the rest of the input is at least ``concurrencyThreshold``
    /// bytes: an ``ArrayTailReader`` starts at a likely element boundary halfway through the
    /// remaining bytes while this reader reads from the start. If this reader reaches that
    /// boundary as an element start, it takes the tail's elements and jumps to the array's
    /// end; if it passes the boundary or the array ends first, the guess was wrong (the
    /// pattern was inside a string or another array) and it reads on alone.
    mutating func readArrayConcurrently<Element: JSONByteDecodable & Sendable>(
        of type: Element.Type
    ) throws(JSONReadFailure) -> [Element] {
        guard peekToken() == UInt8(ascii: "["), count &- offset >= concurrencyThreshold,
              let boundary = likelyElementBoundary(after: offset &+ (count &- offset) / 2)
        else {
            return try readArray(of: type)
        }
        let arrayStart = offset
        try enterContainer()
        offset &+= 1
        let tailReader = ArrayTailReader<Element>(base: base, count: count, start: boundary, depth: depth)
        tailReader.begin()
        var tailIsPending = true
        defer {
            if tailIsPending {
                tailReader.cancel()
                _ = tailReader.finish()
            }
        }
        var elements: [Element] = []
        if peekToken() == UInt8(ascii: "]") {
            offset &+= 1
            depth &-= 1
            return elements
        }
        while true {
            if offset >= boundary, tailIsPending {
                tailIsPending = false
                if offset == boundary, let tail = tailReader.finish() {
                    elements.reserveCapacity(elements.count + tail.elements.count)
                    elements.append(contentsOf: tail.elements)
                    offset = tail.end
                    depth &-= 1
                    return elements
                }
                if offset != boundary {
                    tailReader.cancel()
                    _ = tailReader.finish()
                }
            }
            do throws(JSONReadFailure) {
                elements.append(try Element(reading: &self))
            } catch {
                throw error.inside(index: elements.count)
            }
            if elements.count == Self.elementsBeforeReserving {
                reserveCapacity(&elements, bytesSoFar: offset &- arrayStart)
            }
            if try isAtArrayEnd() { break }
        }
        depth &-= 1
        return elements
    }

    /// Reads an array concurrently (see ``readArrayConcurrently(of:)``), or `nil` for `null`.
    mutating func readOptionalArrayConcurrently<Element: JSONByteDecodable & Sendable>(
        of type: Element.Type
    ) throws(JSONReadFailure) -> [Element]? {
        if try readNull() { return nil }
        return try readArrayConcurrently(of: type)
    }

    /// The offset of the `{` in the first `}`, `,`, `{` sequence (whitespace allowed between)
    /// at or after `target`, within a megabyte; `nil` if there is none.
    private func likelyElementBoundary(after target: Int) -> Int? {
        let limit = min(count, target &+ (1 << 20))
        var index = target
        while index < limit {
            if base[index] == UInt8(ascii: "}") {
                var next = index &+ 1
                while next < count, isWhitespace(base[next]) { next &+= 1 }
                if next < count, base[next] == UInt8(ascii: ",") {
                    next &+= 1
                    while next < count, isWhitespace(base[next]) { next &+= 1 }
                    if next < count, base[next] == UInt8(ascii: "{") { return next }
                }
            }
            index &+= 1
        }
        return nil
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
