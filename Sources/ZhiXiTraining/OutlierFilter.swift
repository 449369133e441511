/// fsrs-rs's outlier filter (`prepare_training_data`), applied to the items of a training
/// set before pre-training and training.
///
/// It looks at each card's first long-term review: the items whose history holds exactly one
/// earlier day (the card's first review, with its learning steps), grouped by the card's
/// first rating and the days until that review. Within each first rating, the smallest
/// groups (ties: the shortest interval first) are removed until at least
/// `max(20, total / 20)` items would be — a group that would cross that line is removed
/// too if it has fewer than 6 items or an interval over 100 days (365 for a first Easy).
/// Every item of a card whose (first rating, first interval) group was removed is dropped
/// from training: such cards were scheduled unusually (a reset, a manual due date, an
/// import), and their later reviews would mislead the fit.
///
/// The surviving first-long-term items are the data of pre-training
/// (`InitialStabilityFit`).
struct OutlierFilter {
    /// The (first rating, first interval) groups removed, as ``key(rating:days:)``.
    let removedGroups: Set<UInt64>
    /// The first-long-term items kept for pre-training, in the order given.
    let initializationItems: [Int32]

    /// The group key of a first rating (1–4) and first interval in days.
    static func key(rating: UInt8, days: Double) -> UInt64 {
        UInt64(rating) << 32 | UInt64(days)
    }

    /// Analyses the items `items` (indices into `dataset`'s items). O(n log n).
    init(dataset: TrainingDataset, items: [Int32]) {
        // first rating → interval → items
        var groups: [UInt8: [Int: [Int32]]] = [:]
        for item in items {
            let position = Int(dataset.itemPositions[Int(item)])
            let card = Int(dataset.itemCards[Int(item)])
            guard position == Int(dataset.firstLongTermPositions[card]) else { continue }
            let rating = dataset.ratings[dataset.reviewStarts[card]]
            groups[rating, default: [:]][Int(dataset.elapsedDays[position]), default: []].append(item)
        }
        var removed = Set<UInt64>()
        var kept: [Int32] = []
        for rating in groups.keys.sorted() {
            let byInterval = groups[rating]!
            // Ascending by size, then by interval: the order in which groups are removed.
            let ordered = byInterval.sorted { left, right in
                left.value.count != right.value.count ? left.value.count < right.value.count : left.key < right.key
            }
            let total = ordered.reduce(0) { $0 + $1.value.count }
            let quota = max(20, total / 20)
            let longest = rating == 4 ? 365 : 100
            var removedCount = 0
            for (days, members) in ordered {
                if removedCount + members.count >= quota {
                    if members.count >= 6 && days <= longest {
                        kept.append(contentsOf: members)
                    } else {
                        removed.insert(Self.key(rating: rating, days: Double(days)))
                    }
                } else {
                    removedCount += members.count
                    removed.insert(Self.key(rating: rating, days: Double(days)))
                }
            }
        }
        kept.sort()
        removedGroups = removed
        initializationItems = kept
    }

    /// The items of `items` that survive: their card's (first rating, first interval) group
    /// was kept. O(n).
    func survivors(of items: [Int32], in dataset: TrainingDataset) -> [Int32] {
        guard !removedGroups.isEmpty else { return items }
        let itemCards = dataset.itemCards, firstLongTerm = dataset.firstLongTermPositions
        let ratings = dataset.ratings, starts = dataset.reviewStarts, elapsed = dataset.elapsedDays
        return items.filter { item in
            let card = Int(itemCards[Int(item)])
            let key = Self.key(rating: ratings[starts[card]], days: elapsed[Int(firstLongTerm[card])])
            return !removedGroups.contains(key)
        }
    }
}
