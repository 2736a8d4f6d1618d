/// A source of bytes for an image, Apple's `CGDataProvider`.
///
/// Lamina's providers are immutable wrappers around a `Data` value (Apple's take a `CFData`; on
/// Linux `Data` stands in for it) and may be shared between threads. Equality is identity, as for
/// Apple's `CGDataProvider` objects.
public final class CGDataProvider: Hashable, Sendable {
    /// The bytes, held as given.
    private let bytes: Data

    /// A provider that supplies `data`, as Apple's `CGDataProviderCreateWithCFData`.
    ///
    /// The bytes are captured at creation (`Data` is a value type); later changes to the caller's
    /// variable do not affect the provider. Never returns `nil` in Lamina (an empty `Data` gives an
    /// empty provider, which no image will accept); the initialiser is failable to match Apple's.
    public init?(data: Data) {
        self.bytes = data
    }

    /// A copy of the provider's bytes, as Apple's `CGDataProviderCopyData`. Never `nil` in Lamina.
    public var data: Data? {
        bytes
    }

    /// The provider's bytes, for code in this package that reads them without the optional.
    package var storage: Data {
        bytes
    }

    /// Whether `lhs` and `rhs` are the same provider object.
    public static func == (lhs: CGDataProvider, rhs: CGDataProvider) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
