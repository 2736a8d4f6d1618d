import Foundation

/// The error domain of ``AVError``, Apple's `AVFoundationErrorDomain`.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"

/// An error from AVFoundation, Apple's `AVError`: a ``Code`` with Apple's numbers, and a
/// description of what failed.
///
/// Match it as on Apple's platforms: `catch let error as AVError where error.code ==
/// .fileFormatNotRecognized`, or `catch AVError.fileFormatNotRecognized`.
public struct AVError: CustomNSError, LocalizedError, Hashable, Sendable {
    /// The codes Lamina reports, with Apple's raw values (`AVError.Code`).
    public enum Code: Int, Sendable {
        /// The reason is not known (−11800).
        case unknown = -11800
        /// The media could not be decoded (−11821).
        case decodeFailed = -11821
        /// Exporting failed (−11820).
        case exportFailed = -11820
        /// A file exists at the output URL and is not overwritten (−11823); an export session
        /// fails with it before writing anything.
        case fileAlreadyExists = -11823
        /// The source media is invalid (−11822); a composition's edits throw it for a source time
        /// range outside the source or an insertion time that is not a time (ruling AV6).
        case invalidSourceMedia = -11822
        /// A composition track segment's target duration is not valid, or the segments are not
        /// contiguous from zero (−11824).
        case invalidCompositionTrackSegmentDuration = -11824
        /// A composition track segment's source start time is not valid (−11825).
        case invalidCompositionTrackSegmentSourceStartTime = -11825
        /// A composition track segment's source duration is not valid (−11826).
        case invalidCompositionTrackSegmentSourceDuration = -11826
        /// The file's format is not one that can be read (−11828).
        case fileFormatNotRecognized = -11828
        /// The file's format is recognised but its contents could not be parsed (−11829).
        case fileFailedToParse = -11829
        /// No decoder for the media's format (−11833).
        case decoderNotFound = -11833
        /// The operation is not supported for this asset (−11838).
        case operationNotSupportedForAsset = -11838
        /// The video composition is not valid (−11841).
        case invalidVideoComposition = -11841
    }

    /// What went wrong, as a code.
    public let code: Code
    /// What failed, in words (Lamina's; `localizedFailureReason` on Apple's platforms).
    public let failureReason: String?

    /// An error with `code` and, optionally, `NSLocalizedFailureReasonErrorKey` in `userInfo`.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.failureReason = userInfo[NSLocalizedFailureReasonErrorKey] as? String
    }

    /// `"AVFoundationErrorDomain"`.
    public static var errorDomain: String { AVFoundationErrorDomain }
    /// The code's raw value, such as −11828.
    public var errorCode: Int { code.rawValue }
    /// The failure reason, under `NSLocalizedFailureReasonErrorKey` and `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] {
        guard let failureReason else { return [:] }
        return [NSLocalizedFailureReasonErrorKey: failureReason, NSLocalizedDescriptionKey: failureReason]
    }
    /// The failure reason, or the code's name.
    public var errorDescription: String? { failureReason ?? "AVFoundation error \(code.rawValue) (\(code))" }

    /// ``Code/unknown``, for `catch AVError.unknown`.
    public static var unknown: Code { .unknown }
    /// ``Code/decodeFailed``.
    public static var decodeFailed: Code { .decodeFailed }
    /// ``Code/exportFailed``.
    public static var exportFailed: Code { .exportFailed }
    /// ``Code/fileAlreadyExists``.
    public static var fileAlreadyExists: Code { .fileAlreadyExists }
    /// ``Code/invalidSourceMedia``.
    public static var invalidSourceMedia: Code { .invalidSourceMedia }
    /// ``Code/invalidCompositionTrackSegmentDuration``.
    public static var invalidCompositionTrackSegmentDuration: Code { .invalidCompositionTrackSegmentDuration }
    /// ``Code/invalidCompositionTrackSegmentSourceStartTime``.
    public static var invalidCompositionTrackSegmentSourceStartTime: Code {
        .invalidCompositionTrackSegmentSourceStartTime
    }
    /// ``Code/invalidCompositionTrackSegmentSourceDuration``.
    public static var invalidCompositionTrackSegmentSourceDuration: Code {
        .invalidCompositionTrackSegmentSourceDuration
    }
    /// ``Code/fileFormatNotRecognized``.
    public static var fileFormatNotRecognized: Code { .fileFormatNotRecognized }
    /// ``Code/fileFailedToParse``.
    public static var fileFailedToParse: Code { .fileFailedToParse }
    /// ``Code/decoderNotFound``.
    public static var decoderNotFound: Code { .decoderNotFound }
    /// ``Code/operationNotSupportedForAsset``.
    public static var operationNotSupportedForAsset: Code { .operationNotSupportedForAsset }
    /// ``Code/invalidVideoComposition``.
    public static var invalidVideoComposition: Code { .invalidVideoComposition }

}

extension AVError.Code {
    /// Whether `error` is an ``AVError`` with this code, so that `catch AVError.decodeFailed` works.
    public static func ~= (code: AVError.Code, error: any Error) -> Bool {
        (error as? AVError)?.code == code
    }
}
