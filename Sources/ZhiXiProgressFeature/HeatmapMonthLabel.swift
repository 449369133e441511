/// A month's label over the heat map's week column where it begins.
public struct HeatmapMonthLabel: Sendable, Hashable {
    /// The column.
    public var column: Int
    /// `12月`, `Dec`.
    public var text: String

    /// Creates a label.
    public init(column: Int, text: String) {
        self.column = column
        self.text = text
    }
}
