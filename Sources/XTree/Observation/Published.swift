#if !canImport(Combine)
    /// A property whose changes are announced, on platforms without Combine.
    ///
    /// Combine's semantics and signatures: setting the property first fires the enclosing
    /// object's synthesised `objectWillChange` (if it is an ``ObservableObject`` that has one
    /// and it was ever read), then the projected publisher with the new value, then stores it.
    ///
    /// ```swift
    /// @MainActor final class HomeViewModel: ObservableObject {
    ///     @Published var tab = HomeTab.meat
    /// }
    ///
    /// let subscription = home.$tab.sink { print("tab:", $0) }   // prints "tab: meat"
    /// home.tab = .veggie                                        // prints "tab: veggie"
    /// ```
    ///
    /// Only properties of classes can use it: the compiler rejects it elsewhere.
    @propertyWrapper
    public struct Published<Value> {
        private var value: Value
        private var subject: PublishedSubject<Value>?
        // The enclosing object's synthesised publisher once found, and the registry generation
        // at the last look-up, so a property set is a look-up only after a new publisher appeared.
        private var objectWillChange: ObservableObjectPublisher?
        private var checkedGeneration = -1

        /// Creates the property with its initial value.
        public init(wrappedValue: Value) {
            value = wrappedValue
        }

        /// Creates the property with its initial value.
        public init(initialValue: Value) {
            value = initialValue
        }

        /// Unavailable: `@Published` needs an enclosing class to notify.
        @available(*, unavailable, message: "@Published is only available on properties of classes")
        public var wrappedValue: Value {
            get { fatalError("unavailable") }
            set { fatalError("unavailable") }  // swift-format-ignore
        }

        /// A publisher of the property's values: the current one on subscription, then each new
        /// one before it is stored.
        public var projectedValue: Publisher {
            mutating get {
                if let subject { return Publisher(subject: subject) }
                let subject = PublishedSubject(value)
                self.subject = subject
                return Publisher(subject: subject)
            }
            set { subject = newValue.subject }
        }

        /// Reads and writes the property through its enclosing object, announcing writes.
        public static subscript<EnclosingSelf: AnyObject>(
            _enclosingInstance object: EnclosingSelf,
            wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
            storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
        ) -> Value {
            get { object[keyPath: storageKeyPath].value }
            set {
                // Each access ends before anything is sent: subscribers may read the property.
                let publisher = object[keyPath: storageKeyPath].objectWillChange(of: object)
                publisher?.send()
                let subject = object[keyPath: storageKeyPath].subject
                subject?.send(newValue)
                object[keyPath: storageKeyPath].value = newValue
            }
        }

        private mutating func objectWillChange(of object: AnyObject) -> ObservableObjectPublisher? {
            if objectWillChange == nil {
                let registry = ObjectWillChangeRegistry.shared
                let generation = registry.generation
                guard generation != checkedGeneration else { return nil }
                checkedGeneration = generation
                objectWillChange = registry.existingPublisher(for: object)
            }
            return objectWillChange
        }

        /// The values of one `@Published` property.
        public struct Publisher {
            fileprivate let subject: PublishedSubject<Value>

            /// Calls `receiveValue` with the current value now, and with every new value before
            /// it is stored.
            ///
            /// - Parameter receiveValue: Called on the thread that sets the property.
            /// - Returns: A token that unsubscribes when cancelled or deinitialized.
            public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
                subject.subscribe(receiveValue)
            }
        }
    }

    /// The current value and the subscribers of a `@Published` property's projected publisher.
    final class PublishedSubject<Value> {
        private let current: Locked<Value>
        private let subscribers = SubscriberList<Value>()

        init(_ value: Value) {
            current = Locked(value)
        }

        func send(_ value: Value) {
            current.withLock { $0 = value }
            subscribers.send(value)
        }

        func subscribe(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
            receive(current.withLock { $0 })
            return subscribers.add(receive)
        }
    }
#endif
