/// The last position of each material, newest winning: what both position stores keep.
struct ReadingPositionTable {
    private(set) var positions: [String: StoredReadingPosition] = [:]

    /// A table of `positions` (the newest of each material).
    init(_ positions: [StoredReadingPosition] = []) {
        for position in positions { keep(position) }
    }

    /// The position kept for `materialID`.
    func position(for materialID: String) -> StoredReadingPosition? { positions[materialID] }

    /// The position recorded last. O(materials).
    func mostRecent() -> StoredReadingPosition? {
        positions.values.max { ($0.updatedAt, $0.materialID) < ($1.updatedAt, $1.materialID) }
    }

    /// Keeps `position` unless a newer one of the material is kept; `true` when kept.
    @discardableResult
    mutating func keep(_ position: StoredReadingPosition) -> Bool {
        if let kept = positions[position.materialID], kept.updatedAt > position.updatedAt { return false }
        positions[position.materialID] = position
        return true
    }

    /// Keeps only the `capacity` most recent materials and returns them, newest first.
    /// O(materials log materials).
    mutating func trim(to capacity: Int) -> [StoredReadingPosition] {
        var kept = positions.values.sorted { ($0.updatedAt, $0.materialID) > ($1.updatedAt, $1.materialID) }
        if kept.count > capacity {
            kept.removeLast(kept.count - capacity)
            positions = Dictionary(uniqueKeysWithValues: kept.map { ($0.materialID, $0) })
        }
        return kept
    }
}
