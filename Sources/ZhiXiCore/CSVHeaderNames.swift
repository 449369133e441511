/// What the readers of CSV files with a header (review logs, review archives) share about
/// the header: a column the reader uses may be named once only. A header naming `card_id`
/// twice is ambiguous — one reader would take the first, another the last — so it is refused
/// rather than guessed.
@usableFromInline package enum CSVHeaderNames {
    /// The first of `known` that `names` (the header's column names, as the reader compares
    /// them) holds more than once, or `nil`. Columns a reader ignores may repeat. O(columns).
    @usableFromInline package static func firstRepeated(in names: [String], among known: Set<String>) -> String? {
        var seen: Set<String> = []
        for name in names where known.contains(name) {
            if !seen.insert(name).inserted { return name }
        }
        return nil
    }
}
