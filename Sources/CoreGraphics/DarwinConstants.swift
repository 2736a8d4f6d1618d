import Foundation

// Constants that iOS code gets from Darwin's C headers through `import UIKit`/`QuartzCore`/
// `Foundation` and that Glibc and Foundation on Linux do not import. Each has Apple's type and
// value. (`FLT_MAX`, `DBL_MAX`, `M_PI` and the other `M_…` constants, `arc4random` and
// `DispatchTime` arithmetic already exist on Linux and are not redefined.)

/// The largest finite `Float`, Darwin's `MAXFLOAT` (`0x1.fffffep+127f`, 3.40282347e+38). Typical
/// use: `CGSize(width: 200, height: CGFloat(MAXFLOAT))` for an unbounded height.
public let MAXFLOAT: Float = .greatestFiniteMagnitude

/// Darwin's `HUGE`, defined as `MAXFLOAT`: the largest finite `Float`, not infinity. Typical use:
/// `animation.repeatCount = HUGE` to repeat (for practical purposes) forever.
public let HUGE: Float = MAXFLOAT

/// Nanoseconds per second, Dispatch's `NSEC_PER_SEC` (a `UInt64`, as on Apple's platforms).
public let NSEC_PER_SEC: UInt64 = 1_000_000_000

/// Nanoseconds per millisecond, Dispatch's `NSEC_PER_MSEC`.
public let NSEC_PER_MSEC: UInt64 = 1_000_000

/// Microseconds per second, Dispatch's `USEC_PER_SEC`.
public let USEC_PER_SEC: UInt64 = 1_000_000

/// Nanoseconds per microsecond, Dispatch's `NSEC_PER_USEC`.
public let NSEC_PER_USEC: UInt64 = 1_000
