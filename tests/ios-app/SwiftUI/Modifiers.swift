// The stand-in's view modifiers. Declarations only; see Core.swift.

import Foundation

extension View {
    // MARK: Layout

    nonisolated public func padding(_ length: CGFloat) -> some View { _modified() }
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        _modified()
    }
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View {
        _modified()
    }
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil,
                      maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _modified()
    }
    nonisolated public func position(_ position: CGPoint) -> some View { _modified() }
    nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { _modified() }
    nonisolated public func offset(_ offset: CGSize) -> some View { _modified() }
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _modified() }
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        _modified()
    }
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all)
        -> some View { _modified() }
    nonisolated public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center,
                                       spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> V) -> some View {
        _modified()
    }
    nonisolated public func lineLimit(_ number: Int?) -> some View { _modified() }
    /// Lets text shrink to `factor` of its size rather than be cut off.
    nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View { _modified() }
    /// The content at its ideal size, neither wrapped nor truncated.
    nonisolated public func fixedSize() -> some View { _modified() }
    /// Sets the text size of the content.
    nonisolated public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View { _modified() }
    /// Keeps the text sizes of the content within `range`.
    nonisolated public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View
    where T.Bound == DynamicTypeSize { _modified() }
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { _modified() }

    // MARK: Appearance

    nonisolated public func font(_ font: Font?) -> some View { _modified() }
    nonisolated public func bold(_ isActive: Bool = true) -> some View { _modified() }
    nonisolated public func monospacedDigit() -> some View { _modified() }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _modified() }
    nonisolated public func tint<S: ShapeStyle>(_ tint: S?) -> some View { _modified() }
    nonisolated public func tint(_ tint: Color?) -> some View { _modified() }
    nonisolated public func opacity(_ opacity: Double) -> some View { _modified() }
    nonisolated public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat,
                       x: CGFloat = 0, y: CGFloat = 0) -> some View { _modified() }
    nonisolated public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
        _modified()
    }
    nonisolated public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        _modified()
    }
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View { _modified() }
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> some View { _modified() }
    @_disfavoredOverload
    nonisolated public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        _modified()
    }
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View { _modified() }
    @_disfavoredOverload
    nonisolated public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        _modified()
    }
    nonisolated public func badge(_ label: Text?) -> some View {
        _modified()
    }
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { _modified() }
    nonisolated public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        _modified()
    }
    nonisolated public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { _modified() }
    nonisolated public func labelStyle<S: LabelStyle>(_ style: S) -> some View { _modified() }
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?)
        -> some View { _modified() }
    nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { _modified() }
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { _modified() }
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { _modified() }
    nonisolated public func onContinueUserActivity(_ activityType: String,
                                                   perform action: @escaping (NSUserActivity) -> ()) -> some View {
        _modified()
    }

    // MARK: Interaction

    nonisolated public func disabled(_ disabled: Bool) -> some View {
        _modified()
    }
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { _modified() }
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
        _modified()
    }
    nonisolated public func gesture<T: Gesture>(_ gesture: T) -> some View {
        _modified()
    }
    nonisolated public func deleteDisabled(_ isDisabled: Bool) -> some View {
        _modified()
    }
    nonisolated public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                      @ViewBuilder content: () -> T) -> some View {
        _modified()
    }
    // The action inherits the caller's actor, as Apple's declares it (@_inheritActorContext).
    nonisolated public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void)
        -> some View {
        _modified()
    }
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View {
        _modified()
    }

    // MARK: Lifecycle

    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        _modified()
    }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (V, V) -> Void) -> some View {
        _modified()
    }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping () -> Void) -> some View {
        _modified()
    }
    nonisolated public func task(priority: TaskPriority = .userInitiated,
                     @_inheritActorContext _ action: @escaping @Sendable () async -> Void)
        -> some View {
        _modified()
    }
    nonisolated public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   @_inheritActorContext _ action: @escaping @Sendable () async -> Void)
        -> some View {
        _modified()
    }

    // MARK: Animation

    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        _modified()
    }
    nonisolated public func transition(_ t: AnyTransition) -> some View { _modified() }

    // MARK: Presentation

    nonisolated public func alert<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        _modified()
    }
    nonisolated public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                   @ViewBuilder actions: () -> A,
                                                   @ViewBuilder message: () -> M) -> some View {
        _modified()
    }
    nonisolated public func confirmationDialog<A: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: (T) -> A
    ) -> some View {
        _modified()
    }
    nonisolated public func confirmationDialog<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View { _modified() }
    nonisolated public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View {
        _modified()
    }

    // MARK: Navigation

    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        _modified()
    }
    nonisolated public func navigationTitle(_ title: Text) -> some View { _modified() }
    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        _modified()
    }
    nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode)
        -> some View { _modified() }
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        _modified()
    }
    nonisolated public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content)
        -> some View {
        _modified()
    }

    // MARK: Accessibility

    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        _modified()
    }
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View {
        _modified()
    }
    nonisolated public func accessibilityLabel(_ label: Text) -> some View {
        _modified()
    }
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View {
        _modified()
    }
    @_disfavoredOverload
    nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        _modified()
    }
    nonisolated public func accessibilityHint(_ hint: Text) -> some View { _modified() }
    nonisolated public func accessibilityIdentifier(_ identifier: String) -> some View { _modified() }
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        _modified()
    }
    nonisolated public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default,
                                    _ handler: @escaping () -> Void) -> some View {
        _modified()
    }
}

public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

public enum HorizontalEdge: Int8, CaseIterable, Hashable, Sendable {
    case leading, trailing
}

public struct AccessibilityActionKind: Equatable, Sendable {
    public static let `default` = AccessibilityActionKind()
    public static let escape = AccessibilityActionKind()
    public static let magicTap = AccessibilityActionKind()
}

/// Notifications to assistive apps (the Accessibility framework, which SwiftUI re-exports).
public enum AccessibilityNotification {
    /// Something for VoiceOver to announce.
    public struct Announcement {
        public init(_ announcement: String) {}
        public init(_ announcement: AttributedString) {}
        /// Posts the notification to assistive apps.
        public func post() {}
    }
}
