// The stand-in's views: containers, controls, navigation, drawing, shapes and gestures.
// See Core.swift for what this module is and Runtime.swift for how it runs.

import Foundation

/// A primitive view's `body` (a view no one looks inside).
public protocol _PrimitiveView: View, _Renderable where Body == Never {}
extension _PrimitiveView {
    public var body: Never { fatalError() }
}

/// A container: its content's nodes, under one group node.
@MainActor
func _group<V: View>(_ content: V, _ ctx: _Context, _ kind: _Node.Kind = .group) async -> [_Node] {
    [_Node(kind, children: await _render(content, ctx))]
}

// MARK: - Images and labels

public struct Image: Equatable, Sendable {
    let name: String
    public init(systemName: String) { name = systemName }
    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    public func resizable() -> Image { self }
}
extension Image: _PrimitiveView {
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { [_Node(.image, text: name)] }
}

public struct Label<Title: View, Icon: View> {
    let title: Title
    let icon: Icon
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        [_Node(.group, children: await _render(icon, ctx.appending("icon"))
            + _render(title, ctx.appending("title")))]
    }
}
extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        title = Text(titleKey)
        icon = Image(systemName: name)
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.title = Text(title)
        icon = Image(systemName: name)
    }
}

// MARK: - Stacks and containers

public struct HStack<Content: View> {
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _group(content, ctx) }
}

public struct VStack<Content: View> {
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _group(content, ctx) }
}

public struct ZStack<Content: View> {
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _group(content, ctx) }
}

public struct Spacer {
    public init(minLength: CGFloat? = nil) {}
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { [] }
}

public struct ScrollView<Content: View> {
    let content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
                @ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _group(content, ctx) }
}

public struct Grid<Content: View> {
    let content: Content
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil,
                verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _group(content, ctx) }
}

public struct GridRow<Content: View> {
    let content: Content
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _group(content, ctx, .row) }
}

public struct List<SelectionValue: Hashable, Content: View> {
    let content: Content
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _group(content, ctx) }
}
extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
    }
}

public struct Form<Content: View> {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _group(content, ctx) }
}

public struct Section<Parent, Content, Footer> {
    let parent: Parent
    let content: Content
    let footer: Footer
}
extension Section: View, _Renderable, _PrimitiveView where Parent: View, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
                @ViewBuilder footer: () -> Footer) {
        self.parent = header()
        self.content = content()
        self.footer = footer()
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        [_Node(.group, children: await _render(parent, ctx.appending("header"))
            + _render(content, ctx.appending("content"))
            + _render(footer, ctx.appending("footer")))]
    }
}
extension Section where Parent: View, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
}
extension Section where Parent == EmptyView, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
}
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

public struct GeometryReader<Content: View> {
    let content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let node = _Node(.group, children: await _render(content(GeometryProxy(size: ctx.size)), ctx))
        node.size = ctx.size
        return [node]
    }
}

public struct GeometryProxy {
    public let size: CGSize
}

/// `ForEach`'s rows that a list can delete.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    var data: Data { get }
}
extension ForEach: DynamicViewContent where Content: View {}

/// `ForEach` with `onDelete`: each row can be deleted (unless `deleteDisabled`).
public struct _DeletableRows<Base: DynamicViewContent> {
    let base: Base
    let action: ((IndexSet) -> Void)?
}
extension _DeletableRows: View, _Renderable, _PrimitiveView, DynamicViewContent {
    public var data: Base.Data { base.data }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let rows = await _render(base, ctx)
        guard let action, !ctx.deleteDisabled else { return rows }
        let act = _Unchecked(action)
        for (index, row) in rows.enumerated() where row.kind == .row {
            row.delete = { act.value(IndexSet(integer: index)) }
        }
        return rows
    }
}
extension DynamicViewContent {
    nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        _DeletableRows(base: self, action: action)
    }
}

// MARK: - Controls

/// A control's node: its label's nodes, named by their words, disabled as its ancestors say.
@MainActor
func _control(_ kind: _Node.Kind, _ label: [_Node], _ ctx: _Context) -> _Node {
    let node = _Node(kind, children: label)
    node.text = node.words.joined(separator: " ")
    node.disabled = ctx.disabled
    return node
}

/// A button node: its label's words, its role, its action.
@MainActor
func _button(_ label: [_Node], role: ButtonRole?, _ ctx: _Context,
             _ action: @escaping @MainActor () -> Void) -> [_Node] {
    let node = _control(.button, label, ctx)
    node.role = role
    node.action = { action() }
    return [node]
}

public struct Button<Label: View> {
    let label: Label
    let role: ButtonRole?
    let action: @MainActor () -> Void
    @MainActor @preconcurrency
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }
    @preconcurrency public init(role: ButtonRole?, action: @escaping @MainActor () -> Void,
                @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
        self.action = action
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        if let style = ctx.buttonStyle {
            let pressed = style.makeBody(ButtonStyleConfiguration(
                label: .init(view: AnyView(label)), isPressed: false, role: role))
            return _button(await _renderAny(pressed, ctx.appending("style")), role: role, ctx, action)
        }
        return _button(await _render(label, ctx), role: role, ctx, action)
    }
}
extension Button where Label == Text {
    @preconcurrency public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(role: nil, action: action) { Text(titleKey) }
    }
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(role: nil, action: action) { Text(title) }
    }
    @preconcurrency public init(_ titleKey: LocalizedStringKey, role: ButtonRole?,
                action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?,
                                   action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

public struct Toggle<Label: View> {
    let isOn: Binding<Bool>
    let label: Label
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let node = _control(.toggle, await _render(label, ctx), ctx)
        node.isOn = await isOn._get()
        let binding = isOn
        node.setOn = { await binding._set($0) }
        return [node]
    }
}
extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View> {
    let selection: Binding<SelectionValue>
    let content: Content
    let label: Label
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content,
                @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }
    /// The options are the content's nodes with a tag, in order.
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let node = _control(.picker, await _render(label, ctx.appending("label")), ctx)
        node.children += await _render(content, ctx.appending("options"))
        node.selection = AnyHashable(await selection._get())
        let binding = selection
        node.select = { tag in
            guard let value = tag.base as? SelectionValue else {
                fatalError("stand-in: picker option \(tag) is not a \(SelectionValue.self)")
            }
            await binding._set(value)
        }
        return [node]
    }
}
extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
                @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>,
                                   @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

public struct Stepper<Label: View> {
    let label: Label
    let read: @MainActor () async -> String
    let change: @MainActor (Int) async -> Void
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in },
                               @ViewBuilder label: () -> Label) {
        self.label = label()
        let parts = _Unchecked((value, bounds, step))
        read = { @Sendable @MainActor in String(describing: await parts.value.0._get()) }
        change = { @Sendable @MainActor times in
            let (value, bounds, step) = parts.value
            var next = await value._get()
            for _ in 0..<abs(times) {
                next = times > 0 ? next.advanced(by: step) : next.advanced(by: -step)
            }
            await value._set(min(max(next, bounds.lowerBound), bounds.upperBound))
        }
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let node = _control(.stepper, await _render(label, ctx), ctx)
        node.value = await read()
        node.step = change
        return [node]
    }
}

public struct Slider<Label: View, ValueLabel: View> {
    let read: @MainActor () async -> String
    let setFraction: @MainActor (Double) async -> Void
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let node = _control(.slider, [], ctx)
        node.value = await read()
        node.setFraction = setFraction
        return [node]
    }
}
extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {
        let parts = _Unchecked((value, bounds))
        read = { @Sendable @MainActor in String(describing: await parts.value.0._get()) }
        setFraction = { @Sendable @MainActor fraction in
            let (value, bounds) = parts.value
            await value._set(bounds.lowerBound + (bounds.upperBound - bounds.lowerBound) * V(fraction))
        }
    }
}

public struct TextField<Label: View> {
    let label: Label
    let text: Binding<String>
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let node = _control(.textField, await _render(label, ctx), ctx)
        node.value = await text._get()
        let binding = text
        node.setText = { await binding._set($0) }
        return [node]
    }
}
extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        label = Text(titleKey)
        self.text = text
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        label = Text(title)
        self.text = text
    }
}

public struct ProgressView<Label: View, CurrentValueLabel: View> {
    let label: Label?
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        [_Node(.progress, children: label == nil ? [] : await _render(label, ctx))]
    }
}
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() { label = nil }
}
extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: LocalizedStringKey) { label = Text(titleKey) }
}

public struct ContentUnavailableView<Label: View, Description: View, Actions: View> {
    let label: Label
    let description: Description
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        [_Node(.group, children: await _render(label, ctx.appending("label"))
            + _render(description, ctx.appending("description")))]
    }
}
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?,
    Actions == EmptyView
{
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        label = SwiftUI.Label(title, systemImage: name)
        self.description = description
    }
}

public struct LabeledContent<Label: View, Content: View> {
    let label: Label
    let content: Content
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        [_Node(.group, children: await _render(label, ctx.appending("label"))
            + _render(content, ctx.appending("content")))]
    }
}
extension LabeledContent where Label == Text, Content: View {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        label = Text(titleKey)
        self.content = content()
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        label = Text(title)
        self.content = content()
    }
}

// MARK: - Navigation

/// Shows its root, or the screen on top: the destination of the path's last value, or a
/// view a `NavigationLink` pushed. Each screen is a `.screen` node with its title and a
/// way back.
public struct NavigationStack<Data, Root: View> {
    let root: Root
    /// The path's values, and how to cut it back to its first n (for the back button).
    let values: (@MainActor () async -> [Any])?
    let cut: (@MainActor (Int) async -> Void)?

    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let navigation = _Navigation(key: ctx.path)
        var rootCtx = ctx.appending("root")
        rootCtx.navigation = navigation
        let rootNodes = await _render(root, rootCtx)
        var screens: [(view: AnyView, back: @MainActor () async -> Void)] = []
        if let values, let cut {
            for (i, value) in await values().enumerated() {
                guard let make = navigation.destinations[ObjectIdentifier(type(of: value))] else {
                    continue
                }
                screens.append((make(value), { await cut(i) }))
            }
        }
        let key = ctx.path
        let host = ctx.host
        host.mark(key)
        for (i, view) in (host.navigationState[key] ?? []).enumerated() {
            screens.append((view, { host.navigationState[key] = Array((host.navigationState[key] ?? []).prefix(i)) }))
        }
        guard let top = screens.last else {
            return [_Node(.screen, children: rootNodes)]
        }
        var topCtx = ctx.appending("screen\(screens.count)")
        topCtx.navigation = navigation
        let node = _Node(.screen, children: await _render(top.view, topCtx))
        node.back = top.back
        return [node]
    }
}
extension NavigationStack where Data == NavigationPath {
    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
        values = nil
        cut = nil
    }
}
extension NavigationStack where Data: MutableCollection, Data: RandomAccessCollection,
    Data: RangeReplaceableCollection, Data.Element: Hashable
{
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {
        self.root = root()
        let path = _Unchecked(path)
        values = { @Sendable @MainActor in await path.value._get().map { $0 as Any } }
        cut = { @Sendable @MainActor n in
            var kept = await path.value._get()
            kept.removeLast(max(0, kept.count - n))
            await path.value._set(kept)
        }
    }
}

public struct NavigationPath: Equatable {
    public init() {}
}

public struct NavigationLink<Label: View, Destination: View> {
    let destination: Destination
    let label: Label
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination()
        self.label = label()
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        let host = ctx.host
        let key = ctx.navigation?.key ?? ""
        let pushed = AnyView(destination)
        return _button(await _render(label, ctx), role: nil, ctx) {
            host.navigationState[key, default: []].append(pushed)
        }
    }
}

public struct ToolbarItem<ID, Content: View> {
    let content: Content
}
extension ToolbarItem: ToolbarContent where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic,
                @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public func _toolbarNodes(_ ctx: _Context) async -> [_Node] { await _render(content, ctx) }
}

@MainActor @preconcurrency
public protocol ToolbarContent {
    func _toolbarNodes(_ ctx: _Context) async -> [_Node]
}

@resultBuilder
public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content {
        content
    }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
}

// MARK: - Drawing

public struct Canvas<Symbols: View> {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        var context = GraphicsContext()
        renderer(&context, ctx.size)
        return [_Node(.canvas)]
    }
}
extension Canvas where Symbols == EmptyView {
    public init(opaque: Bool = false, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.renderer = renderer
    }
}

public struct GraphicsContext {
    public struct Shading: Sendable {
        public static func color(_ color: Color) -> Shading { Shading() }
    }

    public func fill(_ path: Path, with shading: Shading) {}
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {}
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {}
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {}
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {}
}

public struct TimelineView<Schedule: TimelineSchedule, Content> {
    public typealias Context = TimelineViewDefaultContext
    let content: (TimelineViewDefaultContext) -> Content
}
extension TimelineView: View, _Renderable, _PrimitiveView where Content: View {
    public init(_ schedule: Schedule,
                @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {
        self.content = content
    }
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] {
        await _group(content(TimelineViewDefaultContext(date: Date())), ctx)
    }
}

public struct TimelineViewDefaultContext {
    public let date: Date
}

public protocol TimelineSchedule {}
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {}
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false)
        -> AnimationTimelineSchedule { AnimationTimelineSchedule() }
}

// MARK: - Shapes

public protocol Shape: Sendable, View {
    nonisolated func path(in rect: CGRect) -> Path
}
extension Shape {
    public var body: _ShapeView<Self> { _ShapeView() }

    nonisolated public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle())
        -> some View { _ShapeView<Self>() }
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> some View { _ShapeView<Self>() }
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true)
        -> some View { _ShapeView<Self>() }
    nonisolated public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
        _TrimmedShape(shape: self)
    }
}

/// A shape on screen: a node with nothing to read.
public struct _ShapeView<S> {
    nonisolated init() {}
}
extension _ShapeView: View, _Renderable, _PrimitiveView {
    @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { [_Node(.shape)] }
}

public protocol InsettableShape: Shape {}
extension InsettableShape {
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle,
                                            antialiased: Bool = true) -> some View {
        _ShapeView<Self>()
    }
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1,
                                            antialiased: Bool = true) -> some View {
        _ShapeView<Self>()
    }
}

public struct FillStyle: Equatable, Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

public struct ForegroundStyle: ShapeStyle {
    public init() {}
}
extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

public struct _TrimmedShape<S: Shape>: Sendable {
    let shape: S
    public nonisolated func path(in rect: CGRect) -> Path { Path() }
}

public struct Circle: Sendable {
    public init() {}
    public nonisolated func path(in rect: CGRect) -> Path { Path() }
}

public struct Capsule: Sendable {
    public init() {}
    public nonisolated func path(in rect: CGRect) -> Path { Path() }
}

public struct Rectangle: Sendable {
    public init() {}
    public nonisolated func path(in rect: CGRect) -> Path { Path() }
}

public struct RoundedRectangle: Sendable {
    public init(cornerRadius: CGFloat) {}
    public nonisolated func path(in rect: CGRect) -> Path { Path() }
}

public struct Path: Sendable, Equatable {
    public init() {}
    public init(ellipseIn rect: CGRect) {}
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {}
    public mutating func move(to end: CGPoint) {}
    public mutating func addLine(to end: CGPoint) {}
    public nonisolated func path(in rect: CGRect) -> Path { self }
}

// MARK: - Gestures

@MainActor @preconcurrency
public protocol Gesture<Value> {
    associatedtype Value
    /// Puts the gesture's handlers on the node it is attached to.
    func _attach(_ node: _Node)
}

public struct _ChangedGesture<G: Gesture> where G.Value: Equatable {
    public typealias Value = G.Value
    let base: G
    let action: (Value) -> Void
    @MainActor public func _attach(_ node: _Node) {
        base._attach(node)
        let action = self.action
        if let drag = action as? (DragGesture.Value) -> Void {
            node.dragChanged = { drag($0) }
        }
    }
}

public struct _EndedGesture<G: Gesture> {
    public typealias Value = G.Value
    let base: G
    let action: (Value) -> Void
    @MainActor public func _attach(_ node: _Node) {
        base._attach(node)
        let action = self.action
        if let drag = action as? (DragGesture.Value) -> Void {
            node.dragEnded = { drag($0) }
        } else if let tap = action as? (SpatialTapGesture.Value) -> Void {
            node.tapAt = { tap(SpatialTapGesture.Value(location: $0)) }
        }
    }
}

extension Gesture {
    @MainActor @preconcurrency
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self>
    where Value: Equatable { _ChangedGesture(base: self, action: action) }
    nonisolated public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(base: self, action: action)
    }
}

public struct DragGesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint
        public var predictedEndTranslation: CGSize

        /// A finger that went from `start` to `end` (a test's swipe).
        public static func _swipe(from start: CGPoint, to end: CGPoint) -> Value {
            let t = CGSize(width: end.x - start.x, height: end.y - start.y)
            return Value(time: Date(), location: end, startLocation: start, translation: t,
                         velocity: .zero, predictedEndLocation: end, predictedEndTranslation: t)
        }
    }
    public init(minimumDistance: CGFloat = 10) {}
    @MainActor public func _attach(_ node: _Node) {}
}

public struct SpatialTapGesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }
    public init(count: Int = 1) {}
    @MainActor public func _attach(_ node: _Node) {}
}

// MARK: - Styles

@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Configuration) -> Body
}
extension ButtonStyle {
    func makeBody(_ configuration: Configuration) -> any View { makeBody(configuration: configuration) }
}

public struct ButtonStyleConfiguration {
    public struct Label: _PrimitiveView {
        let view: AnyView
        @MainActor public func _nodes(_ ctx: _Context) async -> [_Node] { await _render(view, ctx) }
    }
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
    public let role: ButtonRole?
}

@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {}
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public nonisolated init() {}
}
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public nonisolated init() {}
}
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public nonisolated init() {}
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

public protocol PickerStyle {}
public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
}
extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

// The conformances, apart from the declarations, as in Apple's SDK: the types and their
// initialisers are not main-actor isolated.
extension Label: _PrimitiveView {}
extension HStack: _PrimitiveView {}
extension VStack: _PrimitiveView {}
extension ZStack: _PrimitiveView {}
extension Spacer: _PrimitiveView {}
extension ScrollView: _PrimitiveView {}
extension Grid: _PrimitiveView {}
extension GridRow: _PrimitiveView {}
extension List: _PrimitiveView {}
extension Form: _PrimitiveView {}
extension GeometryReader: _PrimitiveView {}
extension Button: _PrimitiveView {}
extension Toggle: _PrimitiveView {}
extension Picker: _PrimitiveView {}
extension Stepper: _PrimitiveView {}
extension Slider: _PrimitiveView {}
extension TextField: _PrimitiveView {}
extension ProgressView: _PrimitiveView {}
extension ContentUnavailableView: _PrimitiveView {}
extension LabeledContent: _PrimitiveView {}
extension NavigationStack: _PrimitiveView {}
extension NavigationLink: _PrimitiveView {}
extension Canvas: _PrimitiveView {}
extension _TrimmedShape: Shape {}
extension Circle: InsettableShape {}
extension Capsule: InsettableShape {}
extension Rectangle: InsettableShape {}
extension RoundedRectangle: InsettableShape {}
extension Path: Shape {}
extension _ChangedGesture: Gesture {}
extension _EndedGesture: Gesture {}
extension DragGesture: Gesture {}
extension SpatialTapGesture: Gesture {}
