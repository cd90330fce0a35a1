#if canImport(SwiftUI)
    import SwiftUI
#endif

/// Holds a view model typed as a protocol, observes it, and hands out bindings to it.
///
/// Protocol-typed view models (`any RecipeViewModel`) keep screens testable and swappable,
/// but an existential cannot be given to observation APIs that need a concrete
/// `ObservableObject`. `Store` bridges that: it checks once that the model is an
/// ``AnyObservableObject``, forwards its `objectWillChange` (and announces replacement of
/// the model itself), and projects two-way bindings to the model's settable properties.
///
/// ```swift
/// @Store var model: any RatingViewModel = DefaultRatingViewModel(…)
///
/// let subscription = $model.objectWillChange.sink { print("rating changed") }
/// let draft = $model.draftComment      // Binding<String>
/// draft.wrappedValue = "Lovely"        // sets model.draftComment; prints "rating changed"
/// ```
///
/// A model that is not an ``AnyObservableObject`` is a programming error: debug builds stop
/// at the `Store`'s creation with a message naming the type; release builds keep the
/// model but can only announce its replacement. Where SwiftUI exists `Store` is a
/// `DynamicProperty`, so views holding one update when the model changes.
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Store<Model> {
    #if canImport(SwiftUI)
        @ObservedObject private var box: StoreBox<Model>
    #else
        private let box: StoreBox<Model>
    #endif

    /// Stores `wrappedValue` and starts observing it.
    public init(wrappedValue: Model) {
        assert(
            wrappedValue is AnyObservableObject,
            "@Store<\(Model.self)> was given a \(type(of: wrappedValue)), which is not an AnyObservableObject"
        )
        box = StoreBox(wrappedValue)
    }

    /// The model. Setting it announces the change and observes the new model instead.
    public var wrappedValue: Model {
        get { box.model }
        nonmutating set { box.model = newValue }
    }

    /// The store itself, for `$model.objectWillChange` and `$model.property` bindings.
    public var projectedValue: Self { self }

    /// Fires before the model changes and before the model is replaced.
    public var objectWillChange: ObservableObjectPublisher { box.objectWillChange }

    /// A two-way binding to one of the model's settable properties.
    ///
    /// The binding reads and writes whichever model the store holds at the time.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Value>) -> Binding<Value> {
        let box = box
        return Binding(
            get: { box.model[keyPath: keyPath] },
            set: { box.model[keyPath: keyPath] = $0 }
        )
    }
}

#if canImport(SwiftUI)
    extension Store: DynamicProperty {}
    extension StoreBox: ObservableObject {}
#endif

/// The reference behind a ``Store``, so that copies of a store share one model and one
/// subscription.
@MainActor
final class StoreBox<Model> {
    let objectWillChange = ObservableObjectPublisher()
    private var forwarding: AnyCancellable?

    var model: Model {
        willSet { objectWillChange.send() }
        didSet { observeModel() }
    }

    init(_ model: Model) {
        self.model = model
        observeModel()
    }

    private func observeModel() {
        // The subscription holds the store's publisher weakly and the model not at all.
        forwarding = (model as? AnyObservableObject)?.objectWillChange.sink { [weak objectWillChange] in
            objectWillChange?.send()
        }
    }
}
