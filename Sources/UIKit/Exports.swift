// As on Apple's platforms, `import UIKit` also brings in QuartzCore, CoreGraphics and Foundation.
@_exported import QuartzCore
