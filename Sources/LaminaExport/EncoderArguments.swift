import Foundation

/// The ffmpeg command lines of each format: raw premultiplied RGBA frames, bottom row first,
/// on standard input, and the mixed sound's WAV file when there is one; one output file (or
/// frame pattern).
package enum EncoderArguments {
    /// - Parameters:
    ///   - audio: the mixed sound's WAV file (`AudioMix`), for MP4 and WebM only.
    ///   - shard: the frames written when they are a part of a longer render (its sound is then
    ///     kept losslessly where the format allows, ruling X15; MP4 and WebM record the range,
    ///     ruling X17); `nil` for a whole render.
    ///   - underlay: a video drawn under the frames (ruling X19), for MP4 and WebM only; the
    ///     frames then keep their alpha: `yuvInput` means YUV 4:2:0 with an alpha plane
    ///     (`StraightYUVAFrame`), otherwise premultiplied RGBA.
    static func make(
        format: ExportFormat, width: Int, height: Int, options: ExportOptions, firstFrame: Int,
        output: String,
        yuvInput: Bool = false, audio: String? = nil, shard: ShardRange? = nil, underlay: VideoUnderlay? = nil
    ) -> [String] {
        if let underlay, format == .mp4 || format == .webm {
            return overlaid(
                on: underlay, format: format, width: width, height: height, options: options, output: output,
                yuvaInput: yuvInput, audio: audio, shard: shard)
        }
        let rate = rateString(options.framesPerSecond)
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo"]
        var filters: [String] = []
        if yuvInput {
            // Already converted by the renderer (CARenderer.readYUV420), top row first.
            arguments += ["-pix_fmt", "yuv420p"] + colorTags
        } else {
            // Video formats ignore alpha: premultiplied colour is the frame composited over
            // black, so the alpha byte is simply skipped (rgb0). Frames arrive bottom row first
            // (OpenGL's order); formats with alpha want straight alpha.
            arguments += ["-pix_fmt", format.hasAlpha ? "rgba" : "rgb0"]
            filters.append("vflip")
            if format.hasAlpha {
                filters.append("unpremultiply=inplace=1")
            } else {
                if width % 2 != 0 || height % 2 != 0 { filters.append("pad=ceil(iw/2)*2:ceil(ih/2)*2") }
                filters.append("scale=out_color_matrix=bt709:out_range=tv")
            }
        }
        arguments += ["-s", "\(width)x\(height)", "-framerate", rate, "-i", "pipe:0"]
        if let audio {
            arguments +=
                ["-i", audio, "-map", "0:v", "-map", "1:a"] + audioCodec(for: format, shard: shard != nil)
        }
        if !format.hasAlpha { arguments += colorTags }
        arguments += ShardRange.metadataArguments(shard, format: format)
        let chain = filters.isEmpty ? "null" : filters.joined(separator: ",")
        switch format {
        case .mp4:
            arguments += ["-vf", chain] + videoCodec(for: format, options: options)
            let flags = (options.fastStart ? "+faststart" : "") + (shard != nil ? "+use_metadata_tags" : "")
            if !flags.isEmpty { arguments += ["-movflags", flags] }
            arguments += ["-f", options.movieContainer]
        case .webm:
            arguments += ["-vf", chain] + videoCodec(for: format, options: options) + ["-f", "webm"]
        case .gif:
            arguments += [
                "-filter_complex",
                "[0:v]\(chain),split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];"
                    + "[b][p]paletteuse=dither=sierra2_4a",
                "-loop", "0", "-f", "gif",
            ]
        case .apng:
            arguments += ["-vf", chain, "-c:v", "apng", "-plays", "0", "-f", "apng"]
        case .pngSequence:
            arguments += [
                "-vf", chain, "-c:v", "png", "-start_number", String(firstFrame), "-f", "image2",
            ]
        }
        arguments.append(output)
        return arguments
    }

    /// The command line of an export over `underlay` (ruling X19): the rendered frames on
    /// standard input (`yuva420p` top row first, or premultiplied RGBA bottom row first); the
    /// underlay's video; the mixed sound. The encoder, colour tags and flags are ``make(format:width:height:options:firstFrame:output:yuvInput:audio:shard:underlay:)``'s.
    private static func overlaid(
        on underlay: VideoUnderlay, format: ExportFormat, width: Int, height: Int, options: ExportOptions,
        output: String, yuvaInput: Bool, audio: String?, shard: ShardRange?
    ) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo"]
        arguments += yuvaInput ? ["-pix_fmt", "yuva420p"] + colorTags : ["-pix_fmt", "rgba"]
        arguments += [
            "-s", "\(width)x\(height)", "-framerate", rateString(options.framesPerSecond), "-i", "pipe:0",
        ]
        arguments += underlay.inputArguments + ["-i", "file:" + underlay.video.standardizedFileURL.path]
        if let audio { arguments += ["-i", audio] }
        arguments += [
            "-filter_complex",
            underlay.filterGraph(yuvaFrames: yuvaInput, rate: rateString(options.framesPerSecond)), "-map",
            "[video]",
        ]
        if audio != nil { arguments += ["-map", "2:a"] + audioCodec(for: format, shard: shard != nil) }
        arguments += colorTags + ShardRange.metadataArguments(shard, format: format)
        arguments += videoCodec(for: format, options: options)
        if format == .mp4 {
            let flags = (options.fastStart ? "+faststart" : "") + (shard != nil ? "+use_metadata_tags" : "")
            if !flags.isEmpty { arguments += ["-movflags", flags] }
            arguments += ["-f", options.movieContainer]
        } else {
            arguments += ["-f", "webm"]
        }
        return arguments + [output]
    }

    /// BT.709, limited range: what HD video players assume.
    static let colorTags = [
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
    ]

    /// The picture's encoder for `format` with `options`: H.264 (x264 at `encoderPreset` and
    /// `videoQuality`) in MP4, VP9 in WebM, both 4:2:0; none for the other formats (their
    /// encoders have no settings to share).
    static func videoCodec(for format: ExportFormat, options: ExportOptions) -> [String] {
        switch format {
        case .mp4:
            [
                "-c:v", "libx264", "-preset", options.encoderPreset, "-crf", String(options.videoQuality),
                "-pix_fmt", "yuv420p",
            ]
        case .webm:
            [
                "-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "5",
                "-row-mt", "1", "-pix_fmt", "yuv420p",
            ]
        case .gif, .apng, .pngSequence: []
        }
    }

    /// The ffmpeg command line that transcodes `input` (its first video and audio streams) to
    /// `output` with exactly the encoders, settings, colour tags and flags an export with
    /// `options` uses (`format` MP4 or WebM): the baseline the overlay benchmark measures an
    /// export against, so that the two cannot drift apart.
    package static func transcode(
        input: String, output: String, format: ExportFormat, options: ExportOptions
    ) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-nostdin", "-i", "file:" + input]
        arguments += ["-map", "0:v:0", "-map", "0:a:0?"] + audioCodec(for: format, shard: false)
        arguments += colorTags + videoCodec(for: format, options: options)
        if format == .mp4 {
            if options.fastStart { arguments += ["-movflags", "+faststart"] }
            arguments += ["-f", options.movieContainer]
        } else {
            arguments += ["-f", "webm"]
        }
        return arguments + [output]
    }

    /// The sound's encoder for `format`: AAC (192 kbit/s) in MP4, ALAC (lossless) in an MP4 shard,
    /// Opus (128 kbit/s) in WebM; none for the formats without sound.
    static func audioCodec(for format: ExportFormat, shard: Bool) -> [String] {
        switch format {
        case .mp4: shard ? ["-c:a", "alac"] : ["-c:a", "aac", "-b:a", "192k"]
        case .webm: ["-c:a", "libopus", "-b:a", "128k"]
        case .gif, .apng, .pngSequence: []
        }
    }

    /// A frame rate as ffmpeg reads it: an integer, or a rational for NTSC-style rates.
    static func rateString(_ fps: Double) -> String {
        if fps == fps.rounded() { return String(Int(fps)) }
        for denominator in [1001, 1000, 100] {
            let numerator = fps * Double(denominator)
            if abs(numerator - numerator.rounded()) < 1e-6 {
                return "\(Int(numerator.rounded()))/\(denominator)"
            }
        }
        return String(format: "%.6f", fps)
    }
}
