// As on Apple's platforms, `import QuartzCore` also brings in CoreGraphics (and through it
// Foundation's CGFloat, CGPoint, CGSize and CGRect).
@_exported import CoreGraphics
