import ZhiXiDomain
import ZhiXiHomeFeature
import ZhiXiReadingFeature
import ZhiXiReviewFeature

/// What the pages of the app show, read the way these tests compare them.
extension ReviewPlanUiState {
    /// Every row on the page's plan, `nil` when no plan is shown.
    var shownRows: [ReviewTaskRow]? {
        guard case .success(let screen) = self else { return nil }
        return screen.groups.flatMap(\.rows)
    }

    /// The plan shown, `nil` when none is.
    var shownPlan: ReviewPlanScreen? {
        guard case .success(let screen) = self else { return nil }
        return screen
    }
}

extension StudyHomeUiState {
    /// The home shown, `nil` when none is.
    var shownHome: StudyHomeScreen? {
        guard case .success(let screen) = self else { return nil }
        return screen
    }
}

extension ReaderUiState {
    /// The reader's screen, `nil` unless a material is open.
    var shownReader: ReaderScreen? {
        guard case .reading(let screen) = self else { return nil }
        return screen
    }
}
