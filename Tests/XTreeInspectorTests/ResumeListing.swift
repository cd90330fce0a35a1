#if canImport(UIKit)
    import UIKit
    import XTreeInspector

    /// The listing of the article "Inspecting your own app" that resumes the inspector when
    /// the app returns to the foreground: compiled where UIKit exists.
    @MainActor func resumeOnForeground(_ inspector: Inspector) {
        NotificationCenter.default.addObserver(
            forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
        ) { _ in inspector.resume() }
    }
#endif
