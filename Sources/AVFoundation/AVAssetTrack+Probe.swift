import CoreGraphics
import CoreMedia
import Foundation

// An ffprobe stream turned into a track's values (ruling AV1).

extension AVAssetTrack {
    /// The track of `stream`, or `nil` for streams that are not tracks (cover art, attachments).
    convenience init?(stream: ProbedStream, format: ProbedFormat?, asset: AVAsset) {
        guard let mediaType = stream.mediaType else { return nil }
        let timebase = stream.timebase
        let isVideo = mediaType == .video
        self.init(
            values: Values(
                trackID: stream.trackID, mediaType: mediaType,
                naturalSize: isVideo ? CGSize(width: stream.width ?? 0, height: stream.height ?? 0) : .zero,
                preferredTransform: stream.displayMatrix ?? .identity,
                nominalFrameRate: isVideo ? stream.frameRate : 0,
                naturalTimeScale: timebase.timescale,
                timeRange: stream.timeRange(timebase: timebase, format: format),
                estimatedDataRate: (stream.bitRate ?? format?.bitRate).flatMap(Float.init) ?? 0,
                isEnabled: true),
            asset: asset)
    }
}

/// A stream's time base, `numerator / timescale` seconds per tick.
struct Timebase {
    var numerator: Int32
    var timescale: Int32

    /// `ticks` of this time base as a `CMTime`.
    func time(_ ticks: Int64) -> CMTime {
        CMTimeMultiply(CMTime(value: ticks, timescale: timescale), multiplier: numerator)
    }
}

extension ProbedStream {
    /// The track's media type; `nil` for attached pictures and streams that are not tracks.
    var mediaType: AVMediaType? {
        switch codecType {
        case "video": return disposition?["attached_pic"] == 1 ? nil : .video
        case "audio": return .audio
        case "subtitle":
            switch codecName {
            case "mov_text": return .text
            case "eia_608", "cc_dec": return .closedCaption
            default: return .subtitle
            }
        case "data": return codecTagString == "tmcd" ? .timecode : .metadata
        default: return nil
        }
    }

    /// The container's track identifier (`"0x1"` in MP4), else the stream index plus one.
    var trackID: CMPersistentTrackID {
        if let id, id.hasPrefix("0x"), let value = Int32(id.dropFirst(2), radix: 16), value > 0 {
            return value
        }
        return CMPersistentTrackID(clamping: index + 1)
    }

    /// The time base, `1/1000` when ffprobe gives none usable.
    var timebase: Timebase {
        if let (numerator, denominator) = rational(timeBase), numerator > 0, denominator > 0,
            let n = Int32(exactly: numerator), let d = Int32(exactly: denominator)
        {
            return Timebase(numerator: n, timescale: d)
        }
        return Timebase(numerator: 1, timescale: 1000)
    }

    /// The average frame rate, else the real base frame rate, else 0.
    var frameRate: Float {
        for text in [avgFrameRate, rFrameRate] {
            if let (numerator, denominator) = rational(text), numerator > 0, denominator > 0 {
                return Float(Double(numerator) / Double(denominator))
            }
        }
        return 0
    }

    /// When the stream plays: exact ticks where the container gives them (`start_pts`,
    /// `duration_ts`), else seconds (the stream's, a Matroska `DURATION` tag, the container's)
    /// at the stream's timescale.
    func timeRange(timebase: Timebase, format: ProbedFormat?) -> CMTimeRange {
        let start = startPts.map { timebase.time($0) } ?? .zero
        if let ticks = durationTs { return CMTimeRange(start: start, duration: timebase.time(ticks)) }
        let seconds =
            duration.flatMap(Double.init) ?? tags?["DURATION"].flatMap(Self.clockSeconds)
            ?? format?.duration.flatMap(Double.init)
        guard let seconds else { return CMTimeRange(start: start, duration: .indefinite) }
        return CMTimeRange(
            start: start, duration: CMTime(seconds: seconds, preferredTimescale: timebase.timescale))
    }

    /// The display matrix as a transform: ffmpeg stores it as MP4's `tkhd` matrix, row by row,
    /// `a b u / c d v / tx ty w`, the first two columns in 16.16 fixed point.
    var displayMatrix: CGAffineTransform? {
        guard let text = sideDataList?.first(where: { $0.displaymatrix != nil })?.displaymatrix else {
            return nil
        }
        let numbers = text.split(separator: "\n").flatMap { line -> [Double] in
            guard let colon = line.firstIndex(of: ":") else { return [] }
            return line[line.index(after: colon)...].split(separator: " ").compactMap { Double($0) }
        }
        guard numbers.count == 9 else { return nil }
        let m = numbers.map { $0 / 65536 }
        return CGAffineTransform(a: m[0], b: m[1], c: m[3], d: m[4], tx: m[6], ty: m[7])
    }

    /// `"HH:MM:SS.fraction"` in seconds.
    static func clockSeconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let h = Double(parts[0]), let m = Double(parts[1]), let s = Double(parts[2])
        else {
            return nil
        }
        return h * 3600 + m * 60 + s
    }
}

/// `"30000/1001"` as its two integers.
private func rational(_ text: String?) -> (Int64, Int64)? {
    guard let parts = text?.split(separator: "/"), parts.count == 2,
        let numerator = Int64(parts[0]), let denominator = Int64(parts[1])
    else { return nil }
    return (numerator, denominator)
}
