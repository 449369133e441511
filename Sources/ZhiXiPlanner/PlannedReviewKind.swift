import ZhiXiModel

/// The review types as a plain byte, so that placed tasks are plain values.
enum PlannedReviewKind: UInt8, Sendable {
    case spacedRepetition, feynman, recall, weakPoint

    init(_ type: ReviewType) {
        switch type {
        case .spacedRepetition: self = .spacedRepetition
        case .feynman: self = .feynman
        case .weakPoint: self = .weakPoint
        default: self = .recall
        }
    }

    var reviewType: ReviewType {
        switch self {
        case .spacedRepetition: .spacedRepetition
        case .feynman: .feynman
        case .recall: .recall
        case .weakPoint: .weakPoint
        }
    }
}
