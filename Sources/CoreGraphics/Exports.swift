// `CGFloat`, `CGPoint`, `CGSize` and `CGRect` come from Foundation on Linux, as they
// come from CoreFoundation on Apple's platforms; importing CoreGraphics brings them into scope.
@_exported import Foundation
