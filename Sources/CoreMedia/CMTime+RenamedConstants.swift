// Apple's Swift overlay renamed the C constants (`kCMTimeZero` → `CMTime.zero`, Swift 4.2) and
// marks the old names unavailable, so Swift code that still uses them gets a fix-it. Lamina
// declares them the same way, for the same message on Linux.

/// Renamed `CMTime.zero`.
@available(*, unavailable, renamed: "CMTime.zero")
public let kCMTimeZero = CMTime.zero

/// Renamed `CMTime.invalid`.
@available(*, unavailable, renamed: "CMTime.invalid")
public let kCMTimeInvalid = CMTime.invalid

/// Renamed `CMTime.indefinite`.
@available(*, unavailable, renamed: "CMTime.indefinite")
public let kCMTimeIndefinite = CMTime.indefinite

/// Renamed `CMTime.positiveInfinity`.
@available(*, unavailable, renamed: "CMTime.positiveInfinity")
public let kCMTimePositiveInfinity = CMTime.positiveInfinity

/// Renamed `CMTime.negativeInfinity`.
@available(*, unavailable, renamed: "CMTime.negativeInfinity")
public let kCMTimeNegativeInfinity = CMTime.negativeInfinity

/// Renamed `CMTimeRange.zero`.
@available(*, unavailable, renamed: "CMTimeRange.zero")
public let kCMTimeRangeZero = CMTimeRange.zero

/// Renamed `CMTimeRange.invalid`.
@available(*, unavailable, renamed: "CMTimeRange.invalid")
public let kCMTimeRangeInvalid = CMTimeRange.invalid

/// Renamed `CMTimeMapping.invalid`.
@available(*, unavailable, renamed: "CMTimeMapping.invalid")
public let kCMTimeMappingInvalid = CMTimeMapping.invalid
