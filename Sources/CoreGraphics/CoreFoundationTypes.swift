import Foundation

/// Core Foundation's array type, as iOS code names it when it hands Core Graphics an array:
/// `CGGradient(colorsSpace: space, colors: [a, b] as CFArray, locations: …)`.
///
/// On Apple's platforms `CFArray` is toll-free bridged to `NSArray`; Foundation on Linux has no
/// such bridge (and does not make `CFArray` visible), so Lamina names `NSArray` `CFArray` and
/// `[CGColor] as CFArray` is an ordinary bridging cast. Code that also imports Linux's
/// `CoreFoundation` module explicitly sees two `CFArray`s and must write `CoreGraphics.CFArray`.
public typealias CFArray = NSArray
