/// The server refused, for good, what the learner read of a material: the events were
/// removed from the device's upload queue. One notice per material and code of one upload.
package struct ReadingUploadNotice: Sendable, Hashable {
    /// What the server's rejection code says, in the cases the app tells apart.
    package enum Kind: Sendable, Hashable {
        /// `MATERIAL_ACCESS_DENIED`: the learner may no longer read the material.
        case accessDenied
        /// `SOURCE_DELETED`: the knowledge source was deleted.
        case sourceDeleted
        /// `TEMPORARY_MATERIAL_EXPIRED`: the temporary file expired.
        case temporaryMaterialExpired
        /// `INVALID_…`: the events were wrong (a fault of this app, for the logs).
        case invalid
        /// Another code the server dropped the events for.
        case other
    }

    /// The material.
    package var materialID: String
    /// Its title as the device knows it, if it does.
    package var title: String?
    /// The server's rejection code, such as `SOURCE_DELETED`.
    package var code: String
    /// How many events of the material were refused with this code.
    package var events: Int

    /// Creates a notice.
    package init(materialID: String, title: String?, code: String, events: Int) {
        self.materialID = materialID
        self.title = title
        self.code = code
        self.events = events
    }

    /// The kind of ``code``.
    package var kind: Kind {
        switch code {
        case "MATERIAL_ACCESS_DENIED": .accessDenied
        case "SOURCE_DELETED": .sourceDeleted
        case "TEMPORARY_MATERIAL_EXPIRED": .temporaryMaterialExpired
        case let code where code.hasPrefix("INVALID_"): .invalid
        default: .other
        }
    }
}
