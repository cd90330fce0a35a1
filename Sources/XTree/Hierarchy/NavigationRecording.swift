/// An app's own navigation calls, what its buttons do, recorded as entries wherever a tool
/// records the app: in an inspector's journal, sessions and the flight record, so that
/// `replay`, `export-test` and `crash` reproduce taps and links together.
///
/// One line in each of the router's calls; the app's `open` makes the same call for the entry
/// (`Entry.navigation(action:values:)`, the value under `to`):
///
/// ```swift
/// public func navigate(to destination: Destination) {
///     NavigationRecording.record("navigate", destination, by: self) { path.append(destination) }
/// }
/// ```
///
/// `by` is the object of the app's tree that makes the call, which tells the inspector serving
/// its tree. Where none does, or a link being applied makes the call (a replay's), only
/// `navigation` runs; so it does for a value that does not encode as JSON.
@MainActor
public enum NavigationRecording {
    /// Runs `navigation` and records it as the call `action` with `value`, made by `caller`.
    public static func record(
        _ action: String, _ value: some Encodable, by caller: AnyObject, _ navigation: () -> Void
    ) {
        guard let sink, let json = Entry.JSONText(encoding: value) else { return navigation() }
        sink(Entry.navigation(action: action, values: ["to": json]).description, caller, navigation)
    }

    /// Where recorded calls go: set by the first inspector, which hands each to the one that
    /// serves the caller's tree, if one does.
    package static var sink: (@MainActor (String, AnyObject, () -> Void) -> Void)?
}
