// The macros that declare layer properties (Sources/QuartzCoreMacros): a property of `CALayer`
// or of a layer kind is declared once, by `@Declared` on its public accessor, and the tables that
// key-value coding, actions, animation records and render nodes read are built from those
// declarations by the class's `@PropertyTable` or `@KindTable` (docs/adding-a-property.md).

/// Declares a property of `CALayer` (a class marked `@PropertyTable`) to its table, and writes
/// its accessors: `get { state.name }`, `set { setState(\.name, newValue) }` (a property with
/// accessors of its own keeps them).
///
/// The key is the property's name, or `x` for a `Bool` named `isX`. Its default is the
/// `LayerState` field's initial value. The flags are `CALayerProperty.declared`'s: `animatable`
/// (Apple's header marks it so), `style: false` (the `style` dictionary never provides it),
/// `stored: false` (no `LayerState` field: `frame`, the hierarchy), `node: false` (state that
/// is not a render node's value), `placement`, `atOnce`, `drawn`, `view` and `shadowShape`.
@attached(accessor)
macro Declared(
    animatable: Bool = false, style: Bool = true, stored: Bool = true, node: Bool = true,
    placement: Bool = false, atOnce: Bool = false, drawn: Bool = true, view: Bool = false,
    shadowShape: Bool = false
) = #externalMacro(module: "QuartzCoreMacros", type: "DeclaredMacro")

/// Declares a property of a layer kind (a class marked `@KindTable`) to the kind's table, with
/// Apple's default, and writes its accessors: `get { kindValues.name }`,
/// `set { setKindValue(\.name, newValue) }` (a property with accessors of its own keeps them).
/// An optional property without `default` starts as `nil`.
@attached(accessor)
macro Declared<T>(default: T, animatable: Bool = false) =
    #externalMacro(module: "QuartzCoreMacros", type: "DeclaredMacro")

/// Builds `CALayer.declaredProperties` from the class body's `@Declared` properties.
@attached(member, names: named(declaredProperties))
macro PropertyTable() = #externalMacro(module: "QuartzCoreMacros", type: "PropertyTableMacro")

/// Builds a layer kind's `Values` (conforming to `conformances`), `kindValues`, `kindTable`,
/// `kindProperties` and `setKindValue` from the class body's `@Declared` properties.
@attached(
    member,
    names: named(Values), named(kindValues), named(kindTable), named(kindProperties), named(setKindValue))
macro KindTable(_ conformances: Any.Type...) =
    #externalMacro(module: "QuartzCoreMacros", type: "KindTableMacro")
