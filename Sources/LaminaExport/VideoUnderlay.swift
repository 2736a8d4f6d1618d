import Foundation

/// A video that ffmpeg decodes and draws under the rendered frames (ruling X19): the export then
/// renders only the layers above the video, on a transparent background, and ffmpeg overlays
/// them on the decoded pictures before encoding.
///
/// ffmpeg runs `filters` on stream `stream` of `video` (read with `inputArguments` before it,
/// such as `-ss` and `-copyts`); they must give, for each export frame in order from frame 0, a
/// `yuv420p` picture of the export's pixel size, BT.709 and limited range. After the filters'
/// last picture the last one holds. The rendered frames keep their alpha: premultiplied RGBA,
/// converted before the pipe to YUV 4:2:0 with an alpha plane and straight colour
/// (`StraightYUVAFrame`) where the size is even, by ffmpeg otherwise. They are blended in 4:2:0
/// with straight alpha: blending is linear, so blending YUV values is blending the RGB values
/// they encode, except for colour detail finer than the 4:2:0 chroma grid.
///
/// Only MP4 and WebM exports take an underlay; it replaces the layer tree's picture of the
/// video, so the tree must not draw the video itself.
package struct VideoUnderlay: Equatable, Sendable {
    /// The video file read.
    package var video: URL
    /// ffmpeg's index of the stream read in `video`.
    package var stream: Int
    /// ffmpeg's options before `-i` (seeking, timestamps).
    package var inputArguments: [String]
    /// The filters that bring the stream to the export's frames, joined with commas.
    package var filters: [String]

    /// An underlay of stream `stream` of `video`, read with `inputArguments` and brought to the
    /// export's frames by `filters`.
    package init(video: URL, stream: Int, inputArguments: [String], filters: [String]) {
        self.video = video
        self.stream = stream
        self.inputArguments = inputArguments
        self.filters = filters
    }

    /// The `-filter_complex` graph that overlays the rendered frames (input 0) on the underlay
    /// (input 1), labelled `[video]`; it ends with the rendered frames. With `yuvaFrames` they
    /// are `yuva420p` with straight colour, top row first (`StraightYUVAFrame`); otherwise
    /// premultiplied RGBA, bottom row first, which ffmpeg converts. `rate` is the export's frame
    /// rate as `EncoderArguments.rateString(_:)` writes it.
    ///
    /// Both inputs are given frame `n`'s time as `n` frame durations: the underlay's filters
    /// give one picture per export frame from frame 0, so the two are paired by their index,
    /// whatever timestamps ffmpeg reads from the pipe and the file.
    func filterGraph(yuvaFrames: Bool, rate: String) -> String {
        let parts = rate.split(separator: "/")
        let timeBase = parts.count == 2 ? "\(parts[1])/\(parts[0])" : "1/\(rate)"
        let byIndex = ["settb=\(timeBase)", "setpts=N"]
        let base = filters + byIndex + ["tpad=stop=-1:stop_mode=clone"]
        let conversion =
            yuvaFrames
            ? []
            : [
                "vflip", "unpremultiply=inplace=1", "scale=out_color_matrix=bt709:out_range=tv",
                "format=yuva420p",
            ]
        return "[1:\(stream)]\(base.joined(separator: ","))[base];"
            + "[0:v]\((byIndex + conversion).joined(separator: ","))[top];"
            + "[base][top]overlay=format=yuv420:alpha=straight:shortest=1[video]"
    }
}
