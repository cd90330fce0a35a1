#if !canImport(Combine)
    /// A property of an ``AnyObservableObject`` whose changes are announced.
    ///
    /// Setting the property first fires the enclosing object's `objectWillChange`, then
    /// the projected publisher with the new value, then stores it, in the order Combine's
    /// `@Published` uses. Where Combine exists, Combine's `@Published` is used instead.
    ///
    /// ```swift
    /// @MainActor final class HomeViewModel: ViewModel {
    ///     let objectWillChange = ObservableObjectPublisher()
    ///     @Published var tab = HomeTab.meat
    /// }
    ///
    /// let subscription = home.$tab.sink { print("tab:", $0) }   // prints "tab: meat"
    /// home.tab = .veggie                                        // prints "tab: veggie"
    /// ```
    ///
    /// Only classes conforming to ``AnyObservableObject`` can use it: the compiler rejects it
    /// elsewhere.
    @propertyWrapper
    public struct Published<Value> {
        private var value: Value
        private let subscribers = SubscriberList<Value>()

        /// Creates the property with its initial value.
        public init(wrappedValue: Value) {
            value = wrappedValue
        }

        /// Unavailable: `@Published` needs an enclosing ``AnyObservableObject`` to notify.
        @available(*, unavailable, message: "@Published is only available on properties of AnyObservableObject classes")
        public var wrappedValue: Value {
            get { fatalError("unavailable") }
            set { fatalError("unavailable") }
        }

        /// A publisher of the property's values: the current one on subscription, then each new
        /// one before it is stored.
        public var projectedValue: Publisher {
            Publisher(current: value, subscribers: subscribers)
        }

        /// Reads and writes the property through its enclosing object, announcing writes.
        public static subscript<Enclosing: AnyObservableObject>(
            _enclosingInstance object: Enclosing,
            wrapped wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Value>,
            storage storageKeyPath: ReferenceWritableKeyPath<Enclosing, Self>
        ) -> Value {
            get { object[keyPath: storageKeyPath].value }
            set {
                object.objectWillChange.send()
                object[keyPath: storageKeyPath].subscribers.send(newValue)
                object[keyPath: storageKeyPath].value = newValue
            }
        }

        /// The values of one `@Published` property.
        public struct Publisher {
            fileprivate let current: Value
            fileprivate let subscribers: SubscriberList<Value>

            /// Calls `receiveValue` with the current value now, and with every new value before
            /// it is stored.
            ///
            /// - Parameter receiveValue: Called on the thread that sets the property.
            /// - Returns: A token that unsubscribes when cancelled or deinitialized.
            public func sink(receiveValue: @escaping @Sendable (Value) -> Void) -> AnyCancellable {
                receiveValue(current)
                return subscribers.add(receiveValue)
            }
        }
    }

    extension Published: PublishedValue {
        var publishedValue: Any { value }
    }
#endif

/// A `@Published` storage whose value ``NodeDescribing``'s default attributes can read.
///
/// Where Combine's `@Published` is used, nothing conforms and nodes describe themselves.
protocol PublishedValue {
    var publishedValue: Any { get }
}
