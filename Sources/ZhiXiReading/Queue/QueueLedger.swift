import ZhiXiModel

/// What an upload queue holds in memory: each live event with its state, the order in
/// which pending events are exported, and the events' share of the journal. The journal's
/// records are applied to it; ``ReadingEventUploadQueue`` owns it.
struct QueueLedger {
    /// The state of a queued event.
    enum State { case pending, exported, failed }

    /// A live event.
    struct Entry {
        var item: ReadingEventUploadItem
        var state: State
        /// The order of arrival, for compaction.
        var arrival: Int
        /// The event's share of the journal, in bytes.
        var bytes: Int
    }

    /// The live events by id.
    private(set) var entries: [String: Entry] = [:]
    /// Ids in the order they became pending; entries no longer pending are skipped.
    private var order: [String] = []
    private var orderHead = 0
    private var arrivals = 0
    /// The live events' share of the journal, in bytes.
    private(set) var liveBytes = 0

    /// Events in the ledger.
    var count: Int { entries.count }

    /// Whether an event with this id is live.
    func contains(_ eventID: String) -> Bool { entries[eventID] != nil }

    /// Applies one journal record of `length` bytes.
    mutating func apply(_ record: JournalRecord, length: Int) {
        switch record {
        case .enqueue(let items):
            let share = length / max(1, items.count) + 1
            for item in items where entries[item.eventID] == nil {
                arrivals += 1
                entries[item.eventID] = Entry(item: item, state: .pending, arrival: arrivals, bytes: share)
                order.append(item.eventID)
                liveBytes += share
            }
        case .remove(let ids):
            for id in ids {
                if let entry = entries.removeValue(forKey: id) { liveBytes -= entry.bytes }
            }
        case .fail(let ids):
            for id in ids where entries[id] != nil { entries[id]?.state = .failed }
        case .retry(let ids):
            for id in ids where entries[id]?.state == .failed { setState(of: id, to: .pending) }
        }
    }

    /// Marks up to `limit` pending events exported, oldest first, and returns them.
    /// Amortized O(limit).
    mutating func export(limit: Int) -> [ReadingEventUploadItem] {
        var batch: [ReadingEventUploadItem] = []
        while batch.count < limit, orderHead < order.count {
            let id = order[orderHead]
            orderHead += 1
            if let entry = entries[id], entry.state == .pending {
                entries[id]?.state = .exported
                batch.append(entry.item)
            }
        }
        if orderHead > 4096, orderHead * 2 > order.count {
            order.removeFirst(orderHead)
            orderHead = 0
        }
        return batch
    }

    /// Sets the state of a live event; a pending one goes to the end of the export order.
    mutating func setState(of eventID: String, to state: State) {
        guard entries[eventID] != nil else { return }
        entries[eventID]?.state = state
        if state == .pending { order.append(eventID) }
    }

    /// Makes every exported event pending again.
    mutating func reloadExported() {
        for id in ids(in: .exported) { setState(of: id, to: .pending) }
    }

    /// The ids of the events in `state`, in order of arrival. O(n log n).
    func ids(in state: State) -> [String] {
        entries.values.filter { $0.state == state }.sorted { $0.arrival < $1.arrival }.map(\.item.eventID)
    }

    /// The live entries in order of arrival. O(n log n).
    var entriesInArrivalOrder: [Entry] { entries.values.sorted { $0.arrival < $1.arrival } }

    /// Sets each event's share of the journal after a compaction wrote `items` in a
    /// record of `length` bytes.
    mutating func reassignShares(_ items: [ReadingEventUploadItem], recordLength length: Int, reset: Bool) {
        if reset { liveBytes = 0 }
        let share = length / max(1, items.count) + 1
        for item in items where entries[item.eventID] != nil {
            entries[item.eventID]?.bytes = share
            liveBytes += share
        }
    }
}
