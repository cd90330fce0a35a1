#if canImport(Combine)
    import Combine
#endif

/// Subscribes to the `objectWillChange` of whatever `ObservableObject` `object` is, or
/// returns `nil` if it is none.
///
/// Every `ObservableObject` counts, not only ``AnyObservableObject``s: a plain class with
/// `@Published` properties, or one with a publisher of its own (where Combine exists; the
/// stand-ins elsewhere have only `ObservableObjectPublisher`).
package func subscribeToObjectWillChange(
    of object: AnyObject, _ receive: @escaping () -> Void
) -> AnyCancellable? {
    guard let observable = object as? any ObservableObject else { return nil }
    return subscribe(observable, receive)
}

private func subscribe<Object: ObservableObject>(_ object: Object, _ receive: @escaping () -> Void) -> AnyCancellable? {
    #if canImport(Combine)
        object.objectWillChange.sink { _ in receive() }
    #else
        (object.objectWillChange as? ObservableObjectPublisher)?.sink { receive() }
    #endif
}
