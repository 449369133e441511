/// Damage found in the upload queue's journal and repaired when it was read.
package struct JournalRepair: Sendable, Hashable, CustomStringConvertible {
    /// What was repaired.
    package enum Kind: Sendable, Hashable {
        /// The last record was cut short (a crash while it was written, before its call
        /// returned): it was removed. Nothing that had been enqueued is lost.
        case tornTail
        /// Bytes in the middle that are not a valid record (corruption on disk) were
        /// skipped; the records after them were read.
        case skippedCorruption
    }

    /// What was repaired.
    package var kind: Kind
    /// Where the damage starts, in bytes from the start of the journal.
    package var offset: Int
    /// How many bytes were removed or skipped.
    package var length: Int

    /// Creates a repair note.
    package init(kind: Kind, offset: Int, length: Int) {
        self.kind = kind
        self.offset = offset
        self.length = length
    }

    /// The repair in words.
    package var description: String {
        switch kind {
        case .tornTail: "an unfinished record of \(length) bytes at offset \(offset) (a crash while writing) was removed"
        case .skippedCorruption: "\(length) unreadable bytes at offset \(offset) were skipped; events recorded there are lost"
        }
    }
}
