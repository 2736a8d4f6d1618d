import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// A mistake in how a macro is used, reported at the attribute.
struct MacroUsageError: Error, CustomStringConvertible {
    let description: String
}

/// `@Declared(…)` on a property of a class marked `@PropertyTable` (`CALayer`) or `@KindTable`
/// (a layer kind): the property's accessors, reading and writing its storage — `state` through
/// `setState` for `CALayer`, `kindValues` through `setKindValue` for a kind. A property that
/// writes its own accessors keeps them; the class's table macro still declares it.
public struct DeclaredMacro: AccessorMacro {
    /// The getter and setter of the property `declaration`, or none when it has accessors.
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { throw MacroUsageError(description: "@Declared applies to a property") }
        if binding.accessorBlock != nil { return [] }
        let owner = context.lexicalContext.lazy.compactMap { $0.as(ClassDeclSyntax.self) }.first
        let (storage, setter): (String, String)
        if owner?.attributes.contains(named: "PropertyTable") == true {
            (storage, setter) = ("state", "setState")
        } else if owner?.attributes.contains(named: "KindTable") == true {
            (storage, setter) = ("kindValues", "setKindValue")
        } else {
            throw MacroUsageError(
                description: "@Declared must be used inside a class marked @PropertyTable or @KindTable")
        }
        return [
            "get { \(raw: storage).\(raw: name) }",
            "set { \(raw: setter)(\\.\(raw: name), newValue) }",
        ]
    }
}

/// `@PropertyTable` on `CALayer`: `declaredProperties`, one `CALayerProperty` per `@Declared`
/// property of the class body, stored in `LayerState` under the same name (or not stored, with
/// `stored: false`). The attribute's other arguments are passed on as written.
public struct PropertyTableMacro: MemberMacro {
    /// `declaredProperties`, from the `@Declared` members of `declaration`.
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let owner = declaration.as(ClassDeclSyntax.self) else {
            throw MacroUsageError(description: "@PropertyTable applies to a class")
        }
        let layer = owner.name.trimmedDescription
        let entries = DeclaredProperty.all(in: owner.memberBlock).map { property in
            let stored = property.argument("stored")?.trimmedDescription != "false"
            let state = stored ? "\\LayerState.\(property.name)" : "nil"
            let factory = property.isOptional ? "declaredOptional" : "declared"
            let rest = property.forwardedArguments(except: ["stored"])
            return "    .\(factory)(\"\(property.key)\", \\\(layer).\(property.name), \(state)\(rest)),"
        }
        return [
            """
            /// The properties the class body declares with `@Declared`, in order (`@PropertyTable`).
            package static let declaredProperties: [CALayerProperty] = [
            \(raw: entries.joined(separator: "\n"))
            ]
            """
        ]
    }
}

/// `@KindTable(Conformance.self, …)` on a layer kind: its values (`Values`, one field per
/// `@Declared` property with the attribute's `default:`, conforming to the protocols named),
/// the layer's `kindValues`, its `kindTable` (`CALayerProperty.KindTable`), the
/// `kindProperties` override and `setKindValue`, which the accessors call.
public struct KindTableMacro: MemberMacro {
    /// The kind's `Values`, `kindValues`, `kindTable`, `kindProperties` and `setKindValue`, from
    /// the `@Declared` members of `declaration`.
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let owner = declaration.as(ClassDeclSyntax.self) else {
            throw MacroUsageError(description: "@KindTable applies to a class")
        }
        let layer = owner.name.trimmedDescription
        let conformances = (node.arguments?.as(LabeledExprListSyntax.self) ?? []).map {
            $0.expression.trimmedDescription.replacingSuffix(".self")
        }
        var fields: [String] = []
        var entries: [String] = []
        for property in DeclaredProperty.all(in: owner.memberBlock) {
            let value = property.argument("default")
            guard value != nil || property.isOptional else {
                throw MacroUsageError(
                    description: "\(layer).\(property.name) is not optional: @Declared needs its default:")
            }
            fields.append(
                "    var \(property.name): \(property.type.trimmedDescription)\(value.map { " = \($0)" } ?? "")"
            )
            let form = property.isOptional ? "optional" : "plain"
            let rest = property.forwardedArguments(except: ["default"])
            entries.append(
                "    .\(form)(\"\(property.key)\", \\.\(property.name), \\.\(property.name)\(rest)),")
        }
        let conformance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        return [
            """
            /// The kind's values, one field per `@Declared` property with Apple's default
            /// (`@KindTable`): the layer's `kindValues`, copied into its render node.
            package struct Values\(raw: conformance) {
            \(raw: fields.joined(separator: "\n"))
            }
            """,
            """
            /// The layer's own values of the kind's properties.
            package var kindValues = Values()
            """,
            """
            /// The kind's properties, from its `@Declared` accessors (`@KindTable`).
            package static let kindTable = CALayerProperty.KindTable<\(raw: layer), Values>(
                defaults: Values(),
                [
            \(raw: entries.joined(separator: "\n"))
                ])
            """,
            """
            override package class var kindProperties: [String: CALayerProperty] { kindTable.layerEntries }
            """,
            """
            /// Sets the value at `path` as the change of its key (actions, redisplay, commit).
            private func setKindValue<T>(_ path: WritableKeyPath<Values, T>, _ value: T) {
                change(Self.kindTable.key(for: path)) { _ in self.kindValues[keyPath: path] = value }
            }
            """,
        ]
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

@main
struct QuartzCoreMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [DeclaredMacro.self, PropertyTableMacro.self, KindTableMacro.self]
}
