import Foundation

/// Core Foundation's array type, as iOS code names it when it hands Core Graphics an array:
/// `CGGradient(colorsSpace: space, colors: [a, b] as CFArray, locations: …)`.
///
/// On Apple's platforms `CFArray` is toll-free bridged to `NSArray`; Foundation on Linux has no
/// such bridge (and does not make `CFArray` visible), so Lamina names `NSArray` `CFArray` and
/// `[CGColor] as CFArray` is an ordinary bridging cast. Code that also imports Linux's
/// `CoreFoundation` module explicitly sees two `CFArray`s and must write `CoreGraphics.CFArray`.
public typealias CFArray = NSArray

/// Core Foundation's "any CF object" type, as iOS code writes a value it hands to an untyped
/// property: `textLayer.font = "Helvetica-Bold" as CFTypeRef`. On Apple's platforms it is
/// `AnyObject`, and so it is here: the cast boxes the string as an object, and reading it back
/// with `as? String` gives the string (`CATextLayer.font` accepts it as a font name).
public typealias CFTypeRef = AnyObject
