import CoreMedia
import Foundation
import LaminaExport
import QuartzCore

extension AVAssetExportSession {
    /// Starts the export on a background queue and calls `handler` there when it ends, with
    /// ``status`` `.completed`, `.failed` (and ``error``) or `.cancelled`. ``status`` is
    /// `.waiting` until the export runs, then `.exporting` while ``progress`` moves from 0 to 1.
    ///
    /// Failures, each leaving nothing at ``outputURL`` (ruling AV17): no output URL or file type,
    /// or a type not in ``supportedFileTypes`` (``AVError/Code/exportFailed``, where Apple raises
    /// an exception); a file already at the URL (``AVError/Code/fileAlreadyExists``); an asset or
    /// source file that cannot be read (the `URLError` or ``AVError`` reading it throws); no
    /// video track (``AVError/Code/operationNotSupportedForAsset``); a time range that does not
    /// start inside the asset (``AVError/Code/exportFailed``); a video composition Apple's export
    /// rejects (``AVError/Code/invalidVideoComposition``); media ffmpeg cannot decode
    /// (``AVError/Code/decodeFailed``); a failure to encode or write (``AVError/Code/exportFailed``
    /// with the reason). A session exports once: a second call only calls `handler`.
    ///
    /// The calling thread's implicit transaction is committed first (`CATransaction.flush()`), as
    /// the run loop's turn after the call commits it on Apple's platforms: the animation tool's
    /// layers are exported as the caller built them, whatever the caller's thread does next
    /// (ruling AV24).
    public func exportAsynchronously(completionHandler handler: @escaping @Sendable () -> Void) {
        CATransaction.flush()
        let start = lock.withLock { () -> Bool in
            guard state.status == .unknown else { return false }
            if state.cancelRequested {
                state.status = .cancelled
                state.error = CocoaError(.userCancelled)
                return false
            }
            state.status = .waiting
            return true
        }
        guard start else {
            DispatchQueue.global().async(execute: handler)
            return
        }
        DispatchQueue.global().async {
            self.run()
            handler()
        }
    }

    /// Exports and returns when the export has ended; read ``status`` and ``error`` then. Runs
    /// on the caller's actor until the export starts, so that the caller's implicit transaction
    /// is the one committed (ruling AV24).
    nonisolated(nonsending) public func export() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            exportAsynchronously { continuation.resume() }
        }
    }

    /// Exports to `url` as `fileType`, Apple's newer form: cancelling the task cancels the export.
    ///
    /// - Throws: the export's ``error`` when it fails, `CancellationError` when it is cancelled.
    public func export(to url: URL, as fileType: AVFileType) async throws {
        outputURL = url
        outputFileType = fileType
        await withTaskCancellationHandler {
            await export()
        } onCancel: {
            cancelExport()
        }
        switch status {
        case .completed: return
        case .cancelled: throw CancellationError()
        default: throw error ?? AVError(.unknown)
        }
    }

    /// Runs the export on the calling thread and records how it ended.
    private func run() {
        let cancelled = lock.withLock { () -> Bool in
            if state.cancelRequested { return true }
            state.status = .exporting
            return false
        }
        if cancelled { return finish(.cancelled, error: CocoaError(.userCancelled)) }
        do {
            try render()
            finish(.completed, error: nil)
        } catch ExportError.cancelled {
            finish(.cancelled, error: CocoaError(.userCancelled))
        } catch let error as ExportError {
            finish(.failed, error: Self.avError(error))
        } catch {
            finish(.failed, error: error)
        }
    }

    private func finish(_ status: Status, error: (any Error)?) {
        lock.withLock {
            state.status = status
            state.error = error
            state.cancel = nil
            if status == .completed { state.progress = 1 }
        }
    }

    /// Renders the frames and the sound through LaminaExport, with the composition's time as the
    /// layer tree's media time (ruling AV15).
    private func render() throws {
        let plan = try ExportPlan(session: self)
        try CAMediaClock.withManualTime(at: plan.range.start.seconds) {
            let scene = try ExportScene(plan: plan)
            defer { scene.tearDown() }
            let exporter = LayerExporter(layer: scene.root, options: plan.options)
            exporter.underlay = plan.underlay
            exporter.prepareFrame = { index in try scene.prepare(frame: index) }
            exporter.progress = { [weak self] progress in
                guard let self else { return }
                self.lock.withLock { self.state.progress = Float(min(progress.fraction, 1)) }
            }
            let cancelNow = lock.withLock { () -> Bool in
                state.cancel = { exporter.cancel() }
                return state.cancelRequested
            }
            if cancelNow { exporter.cancel() }
            let report = try exporter.export(to: plan.output)
            lock.withLock { state.report = report }
        }
    }

    /// LaminaExport's error as Apple's: media that cannot be decoded is
    /// ``AVError/Code/decodeFailed``, anything else ``AVError/Code/exportFailed``, with
    /// LaminaExport's one-line description as the reason.
    static func avError(_ error: ExportError) -> AVError {
        switch error {
        case .videoInput, .audioInput: AVError(.decodeFailed, reason: error.description)
        default: AVError(.exportFailed, reason: error.description)
        }
    }
}
