// The stand-in's view modifiers. See Core.swift for what this module is and Runtime.swift
// for how it runs. Modifiers that change nothing a test reads (padding, fonts, colours,
// effects, animation, haptics) pass their content through.

import Foundation

extension View {
    // MARK: Layout

    nonisolated public func padding(_ length: CGFloat) -> some View { _same() }
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        _same()
    }
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View {
        _Modified(self) { ctx, inner in
            var ctx = ctx
            ctx.size = CGSize(width: width ?? ctx.size.width, height: height ?? ctx.size.height)
            return await inner(ctx)
        }
    }
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil,
                      maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _Modified(self) { ctx, inner in
            var ctx = ctx
            if let maxWidth, maxWidth.isFinite { ctx.size.width = min(ctx.size.width, maxWidth) }
            if let maxHeight, maxHeight.isFinite { ctx.size.height = min(ctx.size.height, maxHeight) }
            return await inner(ctx)
        }
    }
    nonisolated public func position(_ position: CGPoint) -> some View { _same() }
    nonisolated public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { _same() }
    nonisolated public func offset(_ offset: CGSize) -> some View { _same() }
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _same() }
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        _Modified(self) { ctx, inner in
            var ctx = ctx
            if let ratio = aspectRatio, ratio > 0, contentMode == .fit {
                let width = min(ctx.size.width, ctx.size.height * ratio)
                ctx.size = CGSize(width: width, height: width / ratio)
            }
            return await inner(ctx)
        }
    }
    nonisolated public func layoutPriority(_ value: Double) -> some View { _same() }
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all)
        -> some View { _same() }
    nonisolated public func safeAreaInset<V: View>(edge: VerticalEdge, alignment: HorizontalAlignment = .center,
                                       spacing: CGFloat? = nil,
                                       @ViewBuilder content: () -> V) -> some View {
        _beside(content(), "inset")
    }
    nonisolated public func lineLimit(_ number: Int?) -> some View { _same() }
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { _same() }

    // MARK: Appearance

    nonisolated public func font(_ font: Font?) -> some View { _same() }
    nonisolated public func bold(_ isActive: Bool = true) -> some View { _same() }
    nonisolated public func monospacedDigit() -> some View { _same() }
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _same() }
    nonisolated public func tint<S: ShapeStyle>(_ tint: S?) -> some View { _same() }
    nonisolated public func tint(_ tint: Color?) -> some View { _same() }
    nonisolated public func opacity(_ opacity: Double) -> some View { _same() }
    nonisolated public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat,
                       x: CGFloat = 0, y: CGFloat = 0) -> some View { _same() }
    nonisolated public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View {
        _same()
    }
    nonisolated public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        _same()
    }
    nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        _same()
    }
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View { _behind(content()) }
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> some View { _same() }
    @_disfavoredOverload
    nonisolated public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        _behind(background)
    }
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View { _beside(content(), "overlay") }
    @_disfavoredOverload
    nonisolated public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        _beside(overlay, "overlay")
    }
    nonisolated public func badge(_ label: Text?) -> some View {
        let label = label.map { _Unchecked($0) }
        return _each { node in node.badge = label?.value._string }
    }
    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { _same() }
    nonisolated public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        let style = _Unchecked(style)
        return _Modified(self) { ctx, inner in
            var ctx = ctx
            ctx.buttonStyle = style.value
            return await inner(ctx)
        }
    }
    nonisolated public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { _same() }
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?)
        -> some View { _same() }
    nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { _same() }

    // MARK: Interaction

    nonisolated public func disabled(_ disabled: Bool) -> some View {
        _Modified(self) { ctx, inner in
            var ctx = ctx
            ctx.disabled = ctx.disabled || disabled
            return await inner(ctx)
        }
    }
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { _same() }
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
        _same()
    }
    nonisolated public func gesture<T: Gesture>(_ gesture: T) -> some View {
        let gesture = _Unchecked(gesture)
        return _wrapped { node, _ in gesture.value._attach(node) }
    }
    nonisolated public func deleteDisabled(_ isDisabled: Bool) -> some View {
        _Modified(self) { ctx, inner in
            var ctx = ctx
            ctx.deleteDisabled = isDisabled
            return await inner(ctx)
        }
    }
    nonisolated public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                      @ViewBuilder content: () -> T) -> some View {
        let actions = _Unchecked(content())
        return _Modified(self) { ctx, inner in
            let node = _Node(.group, children: await inner(ctx))
            node.swipeActions = await _render(actions.value, ctx.appending("swipe"))
            return [node]
        }
    }
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        _same()
    }
    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View {
        let tag = _Unchecked(AnyHashable(tag))
        return _wrapped { node, _ in node.tag = tag.value }
    }

    // MARK: Lifecycle

    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        let action = _Unchecked(action)
        return _Modified(self) { ctx, inner in
            if let act = action.value {
                ctx.host.onAppear(ctx.path + "@appear") { act() }
            }
            return await inner(ctx)
        }
    }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { _same() }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (V, V) -> Void) -> some View {
        let args = _Unchecked((value, action))
        return _Modified(self) { ctx, inner in
            ctx.host.onChange(ctx.path + "@change", value: args.value.0, initial: initial) {
                args.value.1($0, $1)
            }
            return await inner(ctx)
        }
    }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping () -> Void) -> some View {
        onChange(of: value, initial: initial) { _, _ in action() }
    }
    nonisolated public func task(priority: TaskPriority = .userInitiated,
                     @_inheritActorContext _ action: @escaping @Sendable () async -> Void)
        -> some View {
        _Modified(self) { ctx, inner in
            ctx.host.task(ctx.path + "@task", id: nil) { await action() }
            return await inner(ctx)
        }
    }
    nonisolated public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   @_inheritActorContext _ action: @escaping @Sendable () async -> Void)
        -> some View {
        let id = _Unchecked(AnyHashable(String(describing: value)))
        return _Modified(self) { ctx, inner in
            ctx.host.task(ctx.path + "@task", id: id.value) { await action() }
            return await inner(ctx)
        }
    }

    // MARK: Animation and haptics

    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        _same()
    }
    nonisolated public func transition(_ t: AnyTransition) -> some View { _same() }
    nonisolated public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View {
        _same()
    }

    // MARK: Presentation

    nonisolated public func alert<A: View, M: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View {
        let parts = _Unchecked(data.map { (actions($0), message($0)) })
        return _presenting(.alert, title: Text(titleKey), isPresented) { ctx in
            guard let (actions, message) = parts.value else { return nil }
            return await _render(actions, ctx.appending("actions"))
                + _render(message, ctx.appending("message"))
        }
    }
    nonisolated public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                               @ViewBuilder actions: () -> A) -> some View {
        let actions = _Unchecked(actions())
        return _presenting(.alert, title: Text(titleKey), isPresented) { ctx in
            await _render(actions.value, ctx.appending("actions"))
        }
    }
    nonisolated public func confirmationDialog<A: View, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
        titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: (T) -> A
    ) -> some View {
        let parts = _Unchecked(data.map { actions($0) })
        return _presenting(.dialog, title: Text(titleKey), isPresented) { ctx in
            guard let actions = parts.value else { return nil }
            return await _render(actions, ctx.appending("actions"))
        }
    }
    nonisolated public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View {
        let content = _Unchecked(content)
        return _presenting(.sheet, title: nil, isPresented, dismissOnAction: false) { ctx in
            await _render(content.value(), ctx.appending("sheet"))
        }
    }

    // MARK: Navigation

    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        _titled(Text(titleKey))
    }
    nonisolated public func navigationTitle(_ title: Text) -> some View { _titled(title) }
    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        _titled(Text(title))
    }
    nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode)
        -> some View { _same() }
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        let destination = _Unchecked(destination)
        return _Modified(self) { ctx, inner in
            ctx.navigation?.destinations[ObjectIdentifier(D.self)] = { value in
                AnyView(destination.value(value as! D))
            }
            return await inner(ctx)
        }
    }
    nonisolated public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content)
        -> some View {
        let content = _Unchecked(content())
        return _Modified(self) { ctx, inner in
            let toolbar = _Node(.toolbar, children: await content.value._toolbarNodes(ctx.appending("toolbar")))
            return [toolbar] + (await inner(ctx))
        }
    }

    // MARK: Accessibility

    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        _wrapped { node, _ in
            node.accessibilityCombined = true
            if children == .ignore { node.accessibilityLabel = node.accessibilityLabel ?? "" }
        }
    }
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View {
        _wrapped { node, _ in node.accessibilityHidden = hidden }
    }
    nonisolated public func accessibilityLabel(_ label: Text) -> some View {
        let label = _Unchecked(label)
        return _labelled { label.value._string }
    }
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View {
        _labelled { Text(labelKey)._string }
    }
    @_disfavoredOverload
    nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        let label = String(label)
        return _labelled { label }
    }
    nonisolated public func accessibilityHint(_ hint: Text) -> some View { _same() }
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        _accessible { node in node.accessibilityTraits.formUnion(traits) }
    }
    nonisolated public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default,
                                    _ handler: @escaping () -> Void) -> some View {
        let handler = _Unchecked(handler)
        return _accessible { node in node.accessibilityAction = { handler.value() } }
    }
}

// MARK: - How the modifiers work

extension View {
    /// The content, then another view after it (overlays, insets).
    nonisolated func _beside<V: View>(_ other: V, _ part: String) -> _Modified<Self> {
        let other = _Unchecked(other)
        return _Modified(self) { ctx, inner in
            let nodes = await inner(ctx)
            return nodes + (await _render(other.value, ctx.appending(part)))
        }
    }

    /// The content, with a view behind it (read first).
    nonisolated func _behind<V: View>(_ other: V) -> _Modified<Self> {
        let other = _Unchecked(other)
        return _Modified(self) { ctx, inner in
            let behind = await _render(other.value, ctx.appending("background"))
            return behind + (await inner(ctx))
        }
    }

    /// Sets an accessibility property on the element the content is: the node an
    /// `accessibilityElement` made, else a new element around the content.
    nonisolated func _accessible(_ change: @escaping @MainActor (_Node) -> Void) -> _Modified<Self> {
        _Modified(self) { ctx, inner in
            let nodes = await inner(ctx)
            if nodes.count == 1, nodes[0].accessibilityCombined || nodes[0].kind == .button {
                change(nodes[0])
                return nodes
            }
            let node = _Node(.group, children: nodes)
            node.accessibilityCombined = true
            change(node)
            return [node]
        }
    }

    nonisolated func _labelled(_ label: @escaping @MainActor () -> String) -> _Modified<Self> {
        _accessible { node in node.accessibilityLabel = label() }
    }

    /// A screen's title, read first (as in the navigation bar).
    nonisolated func _titled(_ title: Text) -> _Modified<Self> {
        let title = _Unchecked(title)
        return _Modified(self) { ctx, inner in
            let node = _Node(.group, children: [_Node(.text, text: title.value._string)] + (await inner(ctx)))
            node.text = title.value._string
            return [node]
        }
    }

    /// Alerts, dialogs and sheets: while `isPresented` is true and there is something to
    /// show, a node of that kind after the content, whose buttons also dismiss it (before
    /// or after their action: `_Presentation`).
    nonisolated func _presenting(_ kind: _Node.Kind, title: Text?, _ isPresented: Binding<Bool>,
                                 dismissOnAction: Bool = true,
                                 _ parts: @escaping @MainActor (_Context) async -> [_Node]?) -> _Modified<Self> {
        let title = title.map { _Unchecked($0) }
        return _Modified(self) { ctx, inner in
            let nodes = await inner(ctx)
            guard await isPresented._get(), let children = await parts(ctx.appending(kind.rawValue)) else {
                return nodes
            }
            let shown = _Node(kind, text: title?.value._string, children: children)
            shown.back = { await isPresented._set(false) }
            if dismissOnAction {
                for button in shown.all where button.kind == .button {
                    let action = button.action
                    button.action = {
                        if _Presentation.dismissesBeforeAction {
                            await isPresented._set(false)
                            await action?()
                        } else {
                            await action?()
                            await isPresented._set(false)
                        }
                    }
                }
            }
            return nodes + [shown]
        }
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
