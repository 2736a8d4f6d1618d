// Intentionally empty. Swift Testing's cross-import overlay for a module named `UIKit`
// is looked up under this name; see Package.swift.
