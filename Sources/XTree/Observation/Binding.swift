#if canImport(SwiftUI)
    import SwiftUI

    /// SwiftUI's binding, where SwiftUI exists.
    public typealias Binding = SwiftUI.Binding
#else
    /// A two-way connection to a value stored elsewhere, on platforms without SwiftUI.
    ///
    /// ```swift
    /// var count = 0
    /// let binding = Binding(get: { count }, set: { count = $0 })
    /// binding.wrappedValue = 3   // count is now 3
    /// ```
    @MainActor
    @propertyWrapper
    @dynamicMemberLookup
    public struct Binding<Value> {
        private let get: @MainActor () -> Value
        private let set: @MainActor (Value) -> Void

        /// Creates a binding from a getter and a setter.
        public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
            self.get = get
            self.set = set
        }

        /// A binding to a value that never changes; setting it does nothing.
        public static func constant(_ value: Value) -> Self {
            Self(get: { value }, set: { _ in })
        }

        /// The value, read and written through the binding.
        public var wrappedValue: Value {
            get { get() }
            nonmutating set { set(newValue) }
        }

        /// The binding itself.
        public var projectedValue: Self { self }

        /// A binding to a member of the value.
        public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
            let binding = self
            return Binding<Member>(
                get: { binding.wrappedValue[keyPath: keyPath] },
                set: { binding.wrappedValue[keyPath: keyPath] = $0 }
            )
        }
    }
#endif
