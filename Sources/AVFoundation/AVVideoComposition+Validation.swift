import CoreMedia

/// Callbacks for each problem ``AVVideoComposition/isValid(for:timeRange:validationDelegate:)``
/// finds, Apple's `AVVideoCompositionValidationHandling`; each answers whether to go on looking.
/// Every method is optional: the default goes on.
public protocol AVVideoCompositionValidationHandling: AnyObject {
    /// `key` (`"renderSize"`, `"frameDuration"`, `"renderScale"`) has a value an export cannot use.
    func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidValueForKey key: String
    ) -> Bool

    /// No instruction covers `timeRange`.
    func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingEmptyTimeRange timeRange: CMTimeRange
    ) -> Bool

    /// The instruction's time range is not a numeric range longer than zero, or overlaps an
    /// earlier instruction's.
    func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidTimeRangeIn videoCompositionInstruction:
            any AVVideoCompositionInstructionProtocol
    ) -> Bool

    /// The layer instruction names a track that is neither the asset's nor the animation tool's.
    func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidTrackIDIn videoCompositionInstruction:
            any AVVideoCompositionInstructionProtocol,
        layerInstruction: AVVideoCompositionLayerInstruction, asset: AVAsset
    ) -> Bool
}

extension AVVideoCompositionValidationHandling {
    /// Goes on validating.
    public func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidValueForKey key: String
    ) -> Bool { true }

    /// Goes on validating.
    public func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingEmptyTimeRange timeRange: CMTimeRange
    ) -> Bool { true }

    /// Goes on validating.
    public func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidTimeRangeIn videoCompositionInstruction:
            any AVVideoCompositionInstructionProtocol
    ) -> Bool { true }

    /// Goes on validating.
    public func videoComposition(
        _ videoComposition: AVVideoComposition,
        shouldContinueValidatingAfterFindingInvalidTrackIDIn videoCompositionInstruction:
            any AVVideoCompositionInstructionProtocol,
        layerInstruction: AVVideoCompositionLayerInstruction, asset: AVAsset
    ) -> Bool { true }
}

/// A problem validation found, in the order it was found.
enum VideoCompositionProblem {
    case invalidValue(key: String)
    case emptyTimeRange(CMTimeRange)
    case invalidTimeRange(any AVVideoCompositionInstructionProtocol)
    case invalidTrackID(
        any AVVideoCompositionInstructionProtocol, AVVideoCompositionLayerInstruction, AVAsset)
}

extension AVVideoComposition {
    /// Whether an export of `timeRange` of `asset` can use this video composition (Apple's
    /// `isValid(for:timeRange:validationDelegate:)`, ruling AV14): a render size and render
    /// scale above zero, a numeric frame duration above zero, instructions whose time ranges
    /// are numeric, longer than zero, in order without overlaps and cover `timeRange` without
    /// gaps, and layer instructions that name `asset`'s tracks or the animation tool's
    /// additional track. `validationDelegate` hears of each problem and can stop the search.
    ///
    /// - Parameters:
    ///   - asset: the asset to be exported; `nil` skips the track check.
    ///   - timeRange: the span to cover; an invalid range means `[0, asset.duration)`, and
    ///     with no asset too, no coverage check.
    /// - Complexity: O(n) in the number of layer instructions.
    public func isValid(
        for asset: AVAsset?, timeRange: CMTimeRange,
        validationDelegate: (any AVVideoCompositionValidationHandling)?
    ) -> Bool {
        var valid = true
        forEachProblem(asset: asset, timeRange: timeRange) { problem in
            valid = false
            guard let delegate = validationDelegate else { return false }
            switch problem {
            case .invalidValue(let key):
                return delegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingInvalidValueForKey: key)
            case .emptyTimeRange(let range):
                return delegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingEmptyTimeRange: range)
            case .invalidTimeRange(let instruction):
                return delegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingInvalidTimeRangeIn: instruction)
            case .invalidTrackID(let instruction, let layer, let asset):
                return delegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingInvalidTrackIDIn: instruction,
                    layerInstruction: layer, asset: asset)
            }
        }
        return valid
    }

    /// Calls `found` with each problem, in order, while it answers `true`.
    func forEachProblem(asset: AVAsset?, timeRange: CMTimeRange, _ found: (VideoCompositionProblem) -> Bool) {
        let size = renderSize
        if !(size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite) {
            guard found(.invalidValue(key: "renderSize")) else { return }
        }
        if !(frameDuration.isNumeric && frameDuration > .zero) {
            guard found(.invalidValue(key: "frameDuration")) else { return }
        }
        if !(renderScale > 0 && renderScale.isFinite) {
            guard found(.invalidValue(key: "renderScale")) else { return }
        }
        var span = timeRange
        if !span.isValid, let asset { span = CMTimeRange(start: .zero, duration: asset.duration) }
        let checksCoverage = span.isValid && span.start.isNumeric && span.end.isNumeric
        var covered = span.start
        var previousEnd: CMTime?
        let trackIDs = asset.map { Set($0.tracks.map(\.trackID)) }
        let extraTrackID = animationTool?.additionalLayerTrackID ?? kCMPersistentTrackID_Invalid
        for instruction in instructions {
            let range = instruction.timeRange
            guard range.isValid, range.start.isNumeric, range.duration.isNumeric, range.duration > .zero,
                previousEnd.map({ range.start >= $0 }) ?? true
            else {
                guard found(.invalidTimeRange(instruction)) else { return }
                continue
            }
            previousEnd = range.end
            if checksCoverage && range.start > covered && covered < span.end {
                let gap = CMTimeRange(start: covered, end: min(range.start, span.end))
                guard found(.emptyTimeRange(gap)) else { return }
            }
            if checksCoverage { covered = max(covered, range.end) }
            guard let asset, let trackIDs, let layered = instruction as? AVVideoCompositionInstruction else {
                continue
            }
            for layer in layered.layerInstructions
            where !trackIDs.contains(layer.trackID) && (layer.trackID != extraTrackID || extraTrackID <= 0) {
                guard found(.invalidTrackID(instruction, layer, asset)) else { return }
            }
        }
        if checksCoverage && covered < span.end {
            _ = found(.emptyTimeRange(CMTimeRange(start: covered, end: span.end)))
        }
    }
}
