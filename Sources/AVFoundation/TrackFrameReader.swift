import CoreGraphics
import CoreMedia
import Foundation
import LaminaExport

/// The frames of one composition video track at the export's frame times (ruling AV18): for each
/// media segment, ffmpeg decodes the source stream with its own timestamps (`-copyts`), maps
/// each frame's time onto the export's timeline (`setpts`: the segment's offset and speed), and
/// takes, for each export frame time, the last frame that began at or before it (`fps` with
/// `round=up`) — the frame on screen at that time, as AVFoundation shows it.
///
///     source:  [A ........ A + d)          frame f at source time s
///     export:  [T ........ T + D)          shows from T + (s − A) × D / d
///
/// Frames are asked for in increasing order; a segment's decoder starts when its first frame is
/// asked for and stops when the track moves past it.
final class TrackFrameReader {
    private let segments: [SourceSegment]
    private let plan: ExportPlan
    private var current: (index: Int, decoder: RawVideoDecoder, next: Int, image: CGImage?)?

    init(segments: [SourceSegment], plan: ExportPlan) {
        self.segments = segments
        self.plan = plan
    }

    /// The track's picture at export frame `frame`, or `nil` where it has no media.
    ///
    /// - Throws: ``AVError/Code/decodeFailed`` when a segment's source gives no frame at all.
    func image(atFrame frame: Int) throws -> CGImage? {
        guard let index = segments.firstIndex(where: { $0.frames.contains(frame) }) else {
            current = nil
            return nil
        }
        if current?.index != index {
            current = (index, try decoder(for: segments[index]), segments[index].frames.lowerBound, nil)
        }
        guard var state = current else { return nil }
        while state.next <= frame {
            guard let image = state.decoder.nextFrame() else {
                // The source ran out of frames before the segment's end: its last frame holds.
                guard state.image != nil else {
                    let segment = segments[index]
                    let message = state.decoder.errorMessage
                    throw AVError(
                        .decodeFailed,
                        reason: "\(segment.url.path) gave no video frame"
                            + (message.isEmpty ? "" : " (ffmpeg: \(message))"))
                }
                break
            }
            state.image = image
            state.next += 1
        }
        current = state
        return state.image
    }

    /// ffmpeg decoding `segment` into the export's frames `segment.frames`.
    private func decoder(for segment: SourceSegment) throws -> RawVideoDecoder {
        let (input, filters) = plan.decoding(segment)
        do {
            return try RawVideoDecoder(
                input: segment.url, inputArguments: input, stream: segment.stream,
                filters: (filters + ["scale=\(segment.width):\(segment.height):flags=bicubic"]).joined(
                    separator: ","),
                width: segment.width, height: segment.height, frameLimit: segment.frames.count,
                outputArguments: ["-fps_mode", "passthrough"])
        } catch {
            throw AVError(.exportFailed, reason: "\(error)")
        }
    }
}

extension ExportPlan {
    /// ffmpeg's input options and filters that bring `segment`'s source stream to the export's
    /// frames `segment.frames`, one picture per frame with the frame's timestamp, at the
    /// source's size (see ``TrackFrameReader``): shared by the reader and the source overlay
    /// (ruling AV23), so that both show the same source frame at each export frame.
    func decoding(_ segment: SourceSegment) -> (input: [String], filters: [String]) {
        func number(_ value: Double) -> String { String(format: "%.9f", value) }
        let (source, target) = (segment.mapping.source, segment.mapping.target)
        let offset = (target.start - range.start).seconds
        let speed = target.duration.seconds / source.duration.seconds
        let firstFrame = Double(segment.frames.lowerBound) * frameDuration.seconds
        let filters = [
            "setpts='round((\(number(offset))+(PTS*TB-\(number(source.start.seconds)))*\(number(speed)))/TB)'",
            "fps=fps=\(frameDuration.timescale)/\(frameDuration.value):start_time=\(number(firstFrame)):round=up",
        ]
        // Decoding starts at a key frame at least 2 s before the segment's source start (the
        // frame on screen there began at most one frame earlier); `-copyts` keeps the times.
        let seek = source.start.seconds - 2
        return ((seek > 0 ? ["-ss", number(seek)] : []) + ["-copyts"], filters)
    }
}
