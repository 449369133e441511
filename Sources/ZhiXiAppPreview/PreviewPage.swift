/// A page of the previews in one state: its view model, and the app it runs in (kept while the
/// page shows). A step the state holds on its way (a load, a reply, a submission) runs until
/// ``tearDown()``.
@MainActor
public final class PreviewPage<ViewModel: AnyObject> {
    /// The app the page runs in.
    package let app: PreviewApp
    /// The page's view model, in the state asked for.
    public let viewModel: ViewModel
    /// The step held on its way, if any.
    var heldStep: Task<Void, Never>?

    init(app: PreviewApp, viewModel: ViewModel) {
        self.app = app
        self.viewModel = viewModel
    }

    /// Stops the step held and removes the app's temporary files.
    public func tearDown() {
        heldStep?.cancel()
        heldStep = nil
        app.tearDown()
    }

    /// Runs `step` and leaves it on its way; returns once `reached` holds (checked every
    /// millisecond, at most 10 seconds).
    func hold(_ step: @escaping @MainActor () async -> Void, until reached: @MainActor () -> Bool) async {
        heldStep = Task { await step() }
        await PreviewGallery.settle(reached)
    }
}
