/// A `@Published` storage whose current value can be read without knowing its type.
///
/// Read through the projected publisher, whose documented behaviour on every platform is to
/// send the current value to a new subscriber at once: no private layout of Combine's
/// `Published` is relied on.
package protocol PublishedProperty {
    /// The current value, or `nil` if the publisher did not send one on subscription.
    mutating func currentValue() -> Any?
}

extension Published: PublishedProperty {
    package mutating func currentValue() -> Any? {
        var current: Any?
        let subscription = projectedValue.sink { current = $0 }
        subscription.cancel()
        return current
    }
}
