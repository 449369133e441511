import Foundation
import ZhiXiDomain
import ZhiXiFileSystem
import ZhiXiModel

extension LearnerStorage {
    /// The longest language file read back (a BCP-47 tag is far shorter).
    private static let languageFileLimit = 256

    /// The file of learner `userID`'s chosen language: `language` in their directory, the tag
    /// of an ``AppLanguage`` as UTF-8 text.
    private func languageFile(ofUser userID: String) -> String {
        directory(forUser: userID).appendingPathComponent("language").path
    }

    /// The language learner `userID` chose in settings on this device, `nil` when they chose
    /// none or when the file cannot be read as a language (the pages then follow the learner's
    /// profile and the device as before).
    /// - Complexity: O(1): one small file read.
    package func chosenLanguage(ofUser userID: String) -> AppLanguage? {
        guard let data = try? PrivateFile.read(languageFile(ofUser: userID), limit: Self.languageFileLimit) else { return nil }
        return String(data: data, encoding: .utf8).flatMap(AppLanguage.init(rawValue:))
    }

    /// Keeps `language` as learner `userID`'s choice on this device (`nil`: the choice taken
    /// back, the file removed), written whole or not at all, mode 0600 in their private
    /// directory.
    /// - Throws: `RepositoryFailure.storage(reason:)` when the directory or the file cannot be written.
    /// - Complexity: O(1): one small file written.
    package func saveChosenLanguage(_ language: AppLanguage?, ofUser userID: String) throws(RepositoryFailure) {
        _ = try place(forUser: userID)
        let path = languageFile(ofUser: userID)
        do throws(FileSystemError) {
            if let language {
                try AtomicFileWriter.write(Data(language.rawValue.utf8), to: path, newFileMode: 0o600)
            } else {
                try AtomicFileWriter.removeFile(at: path)
            }
        } catch {
            throw .storage(reason: error.description)
        }
    }
}
