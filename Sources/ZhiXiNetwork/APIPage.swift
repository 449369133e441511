import Foundation
import ZhiXiCore

/// One page of a list that can grow: `{"items": […], "nextCursor": "…" | null}`. The next
/// page is asked for with `?cursor=` and the `nextCursor` of this one; `nil` means this was
/// the last page.
package struct APIPage<Item: Codable & Sendable>: Codable, Sendable {
    /// The page's items, in the server's order.
    package var items: [Item]
    /// The cursor of the next page; `nil` on the last page.
    package var nextCursor: String?

    /// Creates a page.
    package init(items: [Item], nextCursor: String? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey {
        case items, nextCursor
    }

    /// Encodes the page; a last page writes `"nextCursor": null`, as the contract has it.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

extension APIPage: Equatable where Item: Equatable {}
extension APIPage: Hashable where Item: Hashable {}

extension APIPage {
    /// Every item of a paged list: calls `page(nil)`, then `page(cursor)` with each page's
    /// `nextCursor`, until a page has none, and returns the items in order.
    ///
    /// At most `maximumPages` pages (default 10,000): a server whose cursors never end cannot
    /// hold the caller forever. O(items).
    /// - Throws: the ``APIError`` of the first page that failed (the caller asks again);
    ///   `.decoding` when a page repeats a cursor already followed or the page limit is
    ///   reached.
    package static func collect(maximumPages: Int = 10_000,
                               _ page: (_ cursor: String?) async throws(APIError) -> APIPage<Item>) async throws(APIError) -> [Item] {
        var items: [Item] = []
        var cursor: String?
        var followed: Set<String> = []
        for _ in 0 ..< max(1, maximumPages) {
            let current = try await page(cursor)
            items.append(contentsOf: current.items)
            guard let next = current.nextCursor else { return items }
            guard followed.insert(next).inserted else {
                throw .decoding(path: "nextCursor", reason: "the server gave the cursor '\(next.quotedForMessage())' twice; the pages "
                                + "would never end")
            }
            cursor = next
        }
        throw .decoding(path: "nextCursor", reason: "more than \(maximumPages) pages; the pages would never end")
    }
}

extension APIEndpoint {
    /// The query of a paged list that can be asked for what is new: `since` (ISO-8601, UTC;
    /// the server answers records at or after it) and `cursor` (a page's `nextCursor`), each
    /// when given.
    package static func pageQueryItems(since: Date?, cursor: String?) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let since { items.append(URLQueryItem(name: "since", value: ISO8601Timestamp.string(from: since))) }
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        return items
    }
}
