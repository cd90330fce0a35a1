#if canImport(SwiftUI)
    import SwiftUI
#endif
#if canImport(Observation)
    import Observation
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
/// A store observes a model; it does not own it. Models belong to their coordinators, which
/// live longer than any view and decide when a screen's model is replaced, so a store is
/// like SwiftUI's `ObservedObject`, not `StateObject`: a view rebuilt with a new model shows
/// the new model. Where SwiftUI exists `Store` is a `DynamicProperty`, so a view holding one
/// updates when the model announces a change and when the model is replaced.
///
/// A model may be any `ObservableObject`, or an `@Observable` class (where the Observation
/// framework exists: iOS 17, macOS 14). SwiftUI tracks an `@Observable` model by itself; a
/// store of one keeps the model's bindings working and fires `$model.objectWillChange` when
/// a property read through one of its bindings changes. The Observation framework tells of
/// changes to what was read, never "anything changed", so a change to a property not read
/// through the store since its last change is not announced.
///
/// A model that is neither is a programming error: debug builds stop at the `Store`'s
/// creation with a message naming the model's type; release builds keep the model but can
/// only announce its replacement.
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
            StoreBox<Model>.isObservable(wrappedValue),
            "@Store<\(Model.self)> was given a \(type(of: wrappedValue as Any)), "
                + "which is neither an ObservableObject nor @Observable"
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
    /// The binding reads and writes whichever model the store holds at the time, on the main
    /// actor.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Model, Value>) -> Binding<Value> {
        let box = box
        // Key paths are immutable values; sharing one between the two closures is safe.
        nonisolated(unsafe) let keyPath = keyPath
        return Binding(
            get: { @MainActor in box.read { $0[keyPath: keyPath] } },
            set: { @MainActor in box.model[keyPath: keyPath] = $0 }
        )
    }
}

#if canImport(SwiftUI)
    extension Store: DynamicProperty {}
#endif

/// A ``Store`` whose model can be read without knowing its type, for the children audit.
@MainActor
package protocol StoredModel {
    var storedModel: Any { get }
}

extension Store: StoredModel {
    package var storedModel: Any { box.model }
}

/// The reference behind a ``Store``, so that copies of a store share one model and one
/// subscription; SwiftUI observes it as the view's `ObservedObject`.
@MainActor
final class StoreBox<Model>: ObservableObject {
    private var forwarding: AnyCancellable?

    // `@Published` announces a replacement, and gives the box a stable synthesised publisher
    // (Combine's synthesised publisher for a class without one is new on every read).
    @Published var model: Model {
        didSet { observeModel() }
    }

    init(_ model: Model) {
        self.model = model
        observeModel()
    }

    /// Whether a store can observe `model`: an `ObservableObject`, or an `@Observable` class.
    nonisolated static func isObservable(_ model: Model) -> Bool {
        if model is any ObservableObject { return true }
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), model is any Observable { return true }
        #endif
        return false
    }

    private func observeModel() {
        // The subscription holds the store's publisher weakly and the model not at all.
        forwarding = subscribeToObjectWillChange(of: model as AnyObject) { [weak objectWillChange] in
            objectWillChange?.send()
        }
    }

    /// Reads from the model; an `@Observable` model's properties read here announce their
    /// next change through the store's publisher.
    func read<Value>(_ body: (Model) -> Value) -> Value {
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), forwarding == nil, model is any Observable {
                let model = model
                // Observation calls this before the change, on the thread that makes it: the
                // publisher is fired there, as `@Published` fires it (its `send` may be called
                // from any thread, Combine's and the stand-in's alike).
                nonisolated(unsafe) let publisher = objectWillChange
                return withObservationTracking {
                    body(model)
                } onChange: {
                    publisher.send()
                }
            }
        #endif
        return body(model)
    }
}
