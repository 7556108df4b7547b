// The stand-in's views: containers, controls, navigation, drawing, shapes and gestures.
// Declarations only; see Core.swift.

import Foundation

// MARK: - Images and labels

public struct Image: Equatable, Sendable {
    public init(systemName: String) {}
    public init(_ name: String, bundle: Bundle? = nil) {}
}

public struct Label<Title: View, Icon: View> {
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}
extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

// MARK: - Stacks and containers

public struct HStack<Content: View> {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {}
}

public struct VStack<Content: View> {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {}
}

public struct ZStack<Content: View> {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

public struct Spacer {
    public init(minLength: CGFloat? = nil) {}
}

public struct ScrollView<Content: View> {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
                @ViewBuilder content: () -> Content) {}
}

/// The first of its children that fits the space on the given axes (the last otherwise).
public struct ViewThatFits<Content: View> {
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {}
}

public struct Grid<Content: View> {
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil,
                verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}

public struct GridRow<Content: View> {
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {}
}

/// A grid that fills its rows and wraps onto the next (here with adaptive columns).
public struct LazyVGrid<Content: View> {
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {}
}

public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: GridItem.Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

public struct List<SelectionValue: Hashable, Content: View> {}
extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {}
}

public struct Form<Content: View> {
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

public struct GeometryReader<Content: View> {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

public struct GeometryProxy {
    public var size: CGSize { _declarationOnly() }
}

// MARK: - Controls

public struct Button<Label: View> {
    @MainActor @preconcurrency
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
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
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

public struct Toggle<Label: View> {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}
extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View> {
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

public struct Stepper<Label: View> {
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in },
                               @ViewBuilder label: () -> Label) {}
}

public struct Slider<Label: View, ValueLabel: View> {}
extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {}
}

public struct TextField<Label: View> {}
extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

public struct ProgressView<Label: View, CurrentValueLabel: View> {}
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {}
}
extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: LocalizedStringKey) {}
}

public struct ContentUnavailableView<Label: View, Description: View, Actions: View> {}
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?,
    Actions == EmptyView
{
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {}
}

public struct LabeledContent<Label: View, Content: View> {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}
extension LabeledContent where Label == Text, Content: View {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

// MARK: - Navigation

public struct NavigationStack<Data, Root: View> {}
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

public struct NavigationLink<Label: View, Destination: View> {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
}

public struct ToolbarItem<ID, Content: View> {}
extension ToolbarItem: ToolbarContent where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

@MainActor @preconcurrency
public protocol ToolbarContent {}

@resultBuilder
public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
}

// MARK: - Drawing

public struct Canvas<Symbols: View> {}
extension Canvas where Symbols == EmptyView {
    public init(opaque: Bool = false, rendersAsynchronously: Bool = false,
                renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {}
}

public struct GraphicsContext {
    public struct Shading: Sendable {
        public static func color(_ color: Color) -> Shading { Shading() }
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GraphicsContext.GradientOptions = GradientOptions())
            -> Shading { Shading() }
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat,
                                          endRadius: CGFloat,
                                          options: GraphicsContext.GradientOptions = GradientOptions())
            -> Shading { Shading() }
    }

    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Clips everything drawn from now on to `path`.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(),
                              options: GraphicsContext.ClipOptions = ClipOptions()) {}

    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    public struct Filter: Sendable {
        public static func blur(radius: CGFloat, options: GraphicsContext.BlurOptions = BlurOptions()) -> Filter {
            Filter()
        }
    }

    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let opaque = BlurOptions(rawValue: 1)
        public static let dithersResult = BlurOptions(rawValue: 2)
    }

    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let linearColor = FilterOptions(rawValue: 1)
    }

    /// The opacity everything drawn from now on is multiplied by.
    public var opacity: Double {
        get { _declarationOnly() }
        set {}
    }

    /// Draws what `content` draws into a new layer, composited into this context as one
    /// (its filters apply to the whole layer).
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {}
    /// Applies `filter` to everything drawn from now on.
    public mutating func addFilter(_ filter: GraphicsContext.Filter,
                                   options: GraphicsContext.FilterOptions = FilterOptions()) {}

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
    public var date: Date { _declarationOnly() }
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
}

/// A shape on screen.
public struct _ShapeView<S>: Sendable {
    nonisolated init() {}
}
extension _ShapeView: View, _PrimitiveView {}

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
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {}
    public mutating func closeSubpath() {}
    public nonisolated func path(in rect: CGRect) -> Path { self }
}

// MARK: - Gestures

@MainActor @preconcurrency
public protocol Gesture<Value> {
    associatedtype Value
}

public struct _ChangedGesture<G: Gesture> where G.Value: Equatable {
    public typealias Value = G.Value
}

public struct _EndedGesture<G: Gesture> {
    public typealias Value = G.Value
}

extension Gesture {
    @MainActor @preconcurrency
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self>
    where Value: Equatable { _ChangedGesture() }
    nonisolated public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture()
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
    }
    public init(minimumDistance: CGFloat = 10) {}
}

public struct SpatialTapGesture {
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
    public var label: ButtonStyleConfiguration.Label { _declarationOnly() }
    public var isPressed: Bool { _declarationOnly() }
    public var role: ButtonRole? { _declarationOnly() }
}

@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    typealias Configuration = PrimitiveButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a primitive button style is handed: the label, the role, and the action.
public struct PrimitiveButtonStyleConfiguration {
    public struct Label: _PrimitiveView {}
    public let role: ButtonRole?
    public let label: PrimitiveButtonStyleConfiguration.Label
    public func trigger() {}
}
extension Button where Label == PrimitiveButtonStyleConfiguration.Label {
    public init(_ configuration: PrimitiveButtonStyleConfiguration) {}
}

public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public nonisolated init() {}
    public func makeBody(configuration: Configuration) -> Never { _declarationOnly() }
}
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public nonisolated init() {}
    public func makeBody(configuration: Configuration) -> Never { _declarationOnly() }
}
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public nonisolated init() {}
    public func makeBody(configuration: Configuration) -> Never { _declarationOnly() }
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

@MainActor @preconcurrency
public protocol LabelStyle {}
public struct IconOnlyLabelStyle: LabelStyle {
    public nonisolated init() {}
}
public struct TitleAndIconLabelStyle: LabelStyle {
    public nonisolated init() {}
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}
extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

public protocol PickerStyle {}
public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
}
public struct MenuPickerStyle: PickerStyle {
    public init() {}
}
extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}
extension PickerStyle where Self == MenuPickerStyle {
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

// The conformances, apart from the declarations, as in Apple's SDK: the types and their
// initialisers are not main-actor isolated.
extension Image: _PrimitiveView {}
extension Label: _PrimitiveView {}
extension HStack: _PrimitiveView {}
extension VStack: _PrimitiveView {}
extension ZStack: _PrimitiveView {}
extension Spacer: _PrimitiveView {}
extension ScrollView: _PrimitiveView {}
extension ViewThatFits: _PrimitiveView {}
extension Grid: _PrimitiveView {}
extension GridRow: _PrimitiveView {}
extension LazyVGrid: _PrimitiveView {}
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
extension Circle: InsettableShape {}
extension Capsule: InsettableShape {}
extension Rectangle: InsettableShape {}
extension RoundedRectangle: InsettableShape {}
extension Path: Shape {}
extension _ChangedGesture: Gesture {}
extension _EndedGesture: Gesture {}
extension DragGesture: Gesture {}
extension SpatialTapGesture: Gesture {}
