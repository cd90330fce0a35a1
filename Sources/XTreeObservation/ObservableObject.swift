#if !canImport(Combine)
    /// An object that announces changes before they happen, on platforms without Combine.
    ///
    /// The same declaration as Combine's, with the same synthesised publisher: a class that
    /// conforms and declares no `objectWillChange` of its own gets one publisher per object,
    /// which each of its `@Published` properties (its superclasses' included) fires before
    /// the property changes.
    ///
    /// ```swift
    /// final class Contact: ObservableObject {
    ///     @Published var age = 24
    /// }
    ///
    /// let john = Contact()
    /// let subscription = john.objectWillChange.sink { print("\(john.age) will change") }
    /// john.age += 1   // prints "24 will change"
    /// ```
    ///
    /// A class that declares its own `objectWillChange` owns that publisher and must send it
    /// itself: `@Published` never fires it, here as with Combine.
    public protocol ObservableObject: AnyObject {
        /// The type of publisher that fires before the object changes.
        associatedtype ObjectWillChangePublisher = ObservableObjectPublisher

        /// Fires before the object changes.
        var objectWillChange: ObjectWillChangePublisher { get }
    }

    extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
        /// The object's synthesised publisher: created on first use, the same one on every
        /// later read, and fired by every `@Published` property of the object before it changes.
        ///
        /// - Complexity: O(1): a locked table look-up by the object's identity.
        public var objectWillChange: ObservableObjectPublisher {
            ObjectWillChangeRegistry.shared.publisher(for: self)
        }
    }
#endif
