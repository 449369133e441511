import Foundation
import ZhiXiLocalization
import ZhiXiModel

/// The test's pseudo-language (`PseudoLanguage/qps-ploc.lproj`, made from English by
/// `make-pseudo-language.py`): every sentence bracketed `⟦…⟧`, accented and lengthened. It is
/// a file in this test target's resources, not in the package.
enum PseudoLanguage {
    static let tag = "qps-Ploc"
    /// The test bundle's resources, where SwiftPM puts the `.lproj` folder.
    static let folder = Bundle.module.resourceURL ?? Bundle.module.bundleURL
    /// The pseudo-language, read from the test's folder before the package's.
    static let language = AppLanguage(tag: tag, files: LanguageFilesTests.withPseudo)
}
