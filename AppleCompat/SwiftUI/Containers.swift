// The containers and controls the recipes views use, as Apple documents them, for the
// compile-only stub of `../shared/apple-compat/check`. A test fixture, not part of the
// package: every declaration quotes Apple's, every body traps.
import Observation

/// docs: `@frozen struct TupleView<T>`
@frozen
public struct TupleView<T>: View {
    /// docs: a primitive view, `View` with `typealias Body = Never`
    public var body: Never { fatalError() }
}

extension ViewBuilder {
    /// docs: `static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> where C0 : View, C1 : View`
    public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> where C0: View, C1: View {
        fatalError()
    }

    /// docs: `static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)> where C0 : View, C1 : View, C2 : View`
    public static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)>
    where C0: View, C1: View, C2: View {
        fatalError()
    }
}

/// docs: `nonisolated struct TabView<SelectionValue, Content> where SelectionValue : Hashable, Content : View`
public struct TabView<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    /// docs: `nonisolated init(selection: Binding<SelectionValue>?, @ContentBuilder content: () -> Content)`
    nonisolated public init(selection: Binding<SelectionValue>?, @ContentBuilder content: () -> Content) {
        fatalError()
    }

    /// docs: a primitive view, `View` with `typealias Body = Never`
    public var body: Never { fatalError() }
}

extension View {
    /// docs: `nonisolated func tabItem<V>(@ContentBuilder _ label: () -> V) -> some View where V : View`
    nonisolated public func tabItem<V>(@ContentBuilder _ label: () -> V) -> some View where V: View { fatalError() }

    /// docs: `nonisolated func tag<V>(_ tag: V) -> some View where V : Hashable`
    nonisolated public func tag<V>(_ tag: V) -> some View where V: Hashable { fatalError() }
}

/// docs: `nonisolated struct List<SelectionValue, Content> where SelectionValue : Hashable, Content : View`
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    /// docs: a primitive view, `View` with `typealias Body = Never`
    public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
    /// docs: `nonisolated init(@ContentBuilder content: () -> Content)`
    nonisolated public init(@ContentBuilder content: () -> Content) { fatalError() }
}

/// docs: `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`
public struct ForEach<Data, ID, Content>: View where Data: RandomAccessCollection, ID: Hashable, Content: View {
    /// docs: a primitive view, `View` with `typealias Body = Never`
    public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// docs: `nonisolated init(_ data: Data, @ContentBuilder content: @escaping (Data.Element) -> Content)`
    nonisolated public init(_ data: Data, @ContentBuilder content: @escaping (Data.Element) -> Content) {
        fatalError()
    }
}

/// docs: `nonisolated struct Button<Label> where Label : View`
public struct Button<Label>: View where Label: View {
    /// docs: a primitive view, `View` with `typealias Body = Never`
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    /// docs: `@preconcurrency nonisolated init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol`
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
    where S: StringProtocol {
        fatalError()
    }
}

/// docs: `@dynamicMemberLookup @propertyWrapper struct Bindable<Value>` (iOS 17, macOS 14, tvOS 17, watchOS 10)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    /// docs: `var wrappedValue: Value`
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }

    /// docs: `init(projectedValue: Bindable<Value>)`
    public init(projectedValue: Bindable<Value>) { fatalError() }

    /// docs: `var projectedValue: Bindable<Value> { get }`
    public var projectedValue: Bindable<Value> { fatalError() }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject {
    /// docs: `subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject, Value: Observable {
    /// docs: `init(wrappedValue: Value)`
    public init(wrappedValue: Value) { fatalError() }
}

extension ForEach where Content: View {
    /// docs: `nonisolated init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`
    nonisolated public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        fatalError()
    }
}

/// docs: `@frozen struct AnyView`
public struct AnyView: View {
    /// docs: `init<V>(_ view: V) where V : View`
    public init<V>(_ view: V) where V: View { fatalError() }
    /// docs: a primitive view, `View` with `typealias Body = Never`
    public var body: Never { fatalError() }
}
