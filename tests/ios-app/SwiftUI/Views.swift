// The stand-in's views: containers, controls, navigation, drawing, shapes and gestures.
// See Core.swift for what this module is.

import Foundation

/// Declares a primitive view's `body` (a view no one looks inside).
public protocol _PrimitiveView: View where Body == Never {}
extension _PrimitiveView {
    public var body: Never { fatalError() }
}

// MARK: - Images and labels

public struct Image: Equatable, Sendable {
    public init(systemName: String) {}
    public init(_ name: String, bundle: Bundle? = nil) {}
    public func resizable() -> Image { self }
}
extension Image: _PrimitiveView {}

public struct Label<Title: View, Icon: View>: _PrimitiveView {
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}
extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

// MARK: - Stacks and containers

public struct HStack<Content: View>: _PrimitiveView {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {}
}

public struct VStack<Content: View>: _PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {}
}

public struct ZStack<Content: View>: _PrimitiveView {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

public struct Spacer: _PrimitiveView {
    public init(minLength: CGFloat? = nil) {}
}

public struct ScrollView<Content: View>: _PrimitiveView {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
                @ViewBuilder content: () -> Content) {}
}

public struct Grid<Content: View>: _PrimitiveView {
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil,
                verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct GridRow<Content: View>: _PrimitiveView {
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {}
}

public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {}
extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {}
}

public struct Form<Content: View>: _PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct Section<Parent, Content, Footer> {}
extension Section: View, _PrimitiveView where Parent: View, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
                @ViewBuilder footer: () -> Footer) {}
}
extension Section where Parent: View, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}
extension Section where Parent == EmptyView, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {}
}
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {}
}

public struct GeometryReader<Content: View>: _PrimitiveView {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

public struct GeometryProxy {
    public var size: CGSize { .zero }
}

/// `ForEach`'s rows that a list can delete.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    var data: Data { get }
}
extension ForEach: DynamicViewContent where Content: View {
    public var data: Data { fatalError() }
}
extension DynamicViewContent {
    nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        self
    }
}

// MARK: - Controls

public struct Button<Label: View>: _PrimitiveView {
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    @preconcurrency public init(role: ButtonRole?, action: @escaping @MainActor () -> Void,
                @ViewBuilder label: () -> Label) {}
}
extension Button where Label == Text {
    @preconcurrency public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
    @preconcurrency public init(_ titleKey: LocalizedStringKey, role: ButtonRole?,
                action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload @preconcurrency
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?,
                                   action: @escaping @MainActor () -> Void) {}
}

public struct Toggle<Label: View>: _PrimitiveView {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}
extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: _PrimitiveView {
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content,
                @ViewBuilder label: () -> Label) {}
}
extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
                @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>,
                                   @ViewBuilder content: () -> Content) {}
}

public struct Stepper<Label: View>: _PrimitiveView {
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in },
                               @ViewBuilder label: () -> Label) {}
}

public struct Slider<Label: View, ValueLabel: View>: _PrimitiveView {}
extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {}
}

public struct TextField<Label: View>: _PrimitiveView {}
extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

public struct ProgressView<Label: View, CurrentValueLabel: View>: _PrimitiveView {}
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {}
}
extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: LocalizedStringKey) {}
}

public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: _PrimitiveView {}
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?,
    Actions == EmptyView
{
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {}
}

public struct LabeledContent<Label: View, Content: View>: _PrimitiveView {}
extension LabeledContent where Label == Text, Content: View {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

// MARK: - Navigation

public struct NavigationStack<Data, Root: View>: _PrimitiveView {}
extension NavigationStack where Data == NavigationPath {
    public init(@ViewBuilder root: () -> Root) {}
}
extension NavigationStack where Data: MutableCollection, Data: RandomAccessCollection,
    Data: RangeReplaceableCollection, Data.Element: Hashable
{
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {}
}

public struct NavigationPath: Equatable {
    public init() {}
}

public struct NavigationLink<Label: View, Destination: View>: _PrimitiveView {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
}

public struct ToolbarItem<ID, Content: View> {}
extension ToolbarItem: ToolbarContent where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic,
                @ViewBuilder content: () -> Content) {}
}

@MainActor @preconcurrency
public protocol ToolbarContent {}

@resultBuilder
public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content {
        content
    }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
}

// MARK: - Drawing

public struct Canvas<Symbols: View>: _PrimitiveView {}
extension Canvas where Symbols == EmptyView {
    public init(opaque: Bool = false, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {}
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
}
extension TimelineView: View, _PrimitiveView where Content: View {
    public init(_ schedule: Schedule,
                @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {}
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
    func path(in rect: CGRect) -> Path
}
extension Shape {
    public var body: _Primitive<Self> { _Primitive() }

    nonisolated public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle())
        -> some View { _Primitive<Self>() }
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true)
        -> some View { _Primitive<Self>() }
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true)
        -> some View { _Primitive<Self>() }
    nonisolated public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
        _TrimmedShape(shape: self)
    }
}

public protocol InsettableShape: Shape {}
extension InsettableShape {
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle,
                                            antialiased: Bool = true) -> some View {
        _Primitive<Self>()
    }
    nonisolated public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1,
                                            antialiased: Bool = true) -> some View {
        _Primitive<Self>()
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

public struct _TrimmedShape<S: Shape>: Shape {
    let shape: S
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Circle: InsettableShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Capsule: InsettableShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Rectangle: InsettableShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat) {}
    public func path(in rect: CGRect) -> Path { Path() }
}

public struct Path: Shape, Equatable {
    public init() {}
    public init(ellipseIn rect: CGRect) {}
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {}
    public mutating func move(to end: CGPoint) {}
    public mutating func addLine(to end: CGPoint) {}
    public func path(in rect: CGRect) -> Path { self }
}

// MARK: - Gestures

@MainActor @preconcurrency
public protocol Gesture<Value> {
    associatedtype Value
}

public struct _ChangedGesture<G: Gesture>: Gesture {
    public typealias Value = G.Value
}

public struct _EndedGesture<G: Gesture>: Gesture {
    public typealias Value = G.Value
}

extension Gesture {
    nonisolated public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self>
    where Value: Equatable { _ChangedGesture() }
    nonisolated public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture()
    }
}

public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint
        public var predictedEndTranslation: CGSize
    }
    public init(minimumDistance: CGFloat = 10) {}
}

public struct SpatialTapGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }
    public init(count: Int = 1) {}
}

// MARK: - Styles

@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Configuration) -> Body
}

public struct ButtonStyleConfiguration {
    public struct Label: _PrimitiveView {}
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
