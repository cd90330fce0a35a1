// SwiftUI's item-based presentation modifiers, as Apple documents them, for the compile-only
// stub of `../shared/apple-compat/check`. A test fixture, not part of the package: every
// declaration quotes Apple's, every body traps.
import Foundation

/// docs: `typealias ContentBuilder = ViewBuilder`
public typealias ContentBuilder = ViewBuilder

/// docs: `@frozen enum Edge : Int8, CaseIterable` with `case top, leading, bottom, trailing`
@frozen
public enum Edge: Int8, CaseIterable {
    case top, leading, bottom, trailing
}

/// docs: `@frozen struct Anchor<Value>`
@frozen
public struct Anchor<Value> {
    /// docs: `struct Source`
    public struct Source {}
}

extension Anchor.Source where Value == CGRect {
    /// docs: `static var bounds: Anchor<CGRect>.Source { get }`
    public static var bounds: Anchor<CGRect>.Source { fatalError() }
}

/// docs: `enum PopoverAttachmentAnchor` with `case rect(Anchor<CGRect>.Source)`
public enum PopoverAttachmentAnchor {
    case rect(Anchor<CGRect>.Source)
}

extension View {
    /// docs: `nonisolated func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ContentBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View`
    nonisolated public func sheet<Item, Content>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ContentBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { fatalError() }

    /// docs: `@export(implementation) nonisolated func popover<Item, Content>(item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil, @ContentBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View`
    /// (iOS 13, macOS 10.15, visionOS 1; not tvOS or watchOS)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    nonisolated public func popover<Item, Content>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ContentBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { fatalError() }

    /// docs: `nonisolated func fullScreenCover<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ContentBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View`
    /// (iOS 14, tvOS 14, watchOS 7, visionOS 1; not macOS)
    @available(iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    @available(macOS, unavailable)
    nonisolated public func fullScreenCover<Item, Content>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ContentBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { fatalError() }
}
