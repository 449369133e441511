import ZhiXiDomain

/// The reading page's content around the material (the material's own text is the reader's).
public struct ReaderScreen: Sendable, Hashable {
    /// The material's title (未命名 / "Untitled" without one).
    public var title: String
    /// Where to resume: the server's saved progress, else the device's; `nil`: the beginning.
    public var resumeAt: ReadingLocation?
    /// `从 42% 处继续阅读`, or `从头开始阅读`.
    public var resumeText: String
    /// `true` when ``resumeAt`` came from the device rather than the server.
    public var resumeIsFromDevice: Bool
    /// `true` once the learner marked the material as read.
    public var isFinished: Bool
    /// `已读完` once finished, else `nil`.
    public var finishedText: String?

    /// Creates a screen.
    public init(title: String, resumeAt: ReadingLocation?, resumeText: String, resumeIsFromDevice: Bool, isFinished: Bool,
                finishedText: String?) {
        self.title = title
        self.resumeAt = resumeAt
        self.resumeText = resumeText
        self.resumeIsFromDevice = resumeIsFromDevice
        self.isFinished = isFinished
        self.finishedText = finishedText
    }

    /// The screen of `material` opened as `opening`, in `wording`'s language.
    init(_ material: ReadingMaterial, opening: ReadingOpening, isFinished: Bool, wording: LearnerWording) {
        let resume = opening.resumeAt.map { location in
            wording.fill(wording.readerResume, [.percent: String(Int((min(1, max(0, location.progress)) * 100).rounded()))])
        }
        self.init(title: material.title.flatMap { $0.isEmpty ? nil : ScreenText.line($0) } ?? wording.untitledMaterial, resumeAt: opening.resumeAt,
                  resumeText: resume ?? wording.readerFromStart, resumeIsFromDevice: opening.isFromDevice, isFinished: isFinished,
                  finishedText: isFinished ? wording.readerFinished : nil)
    }
}
