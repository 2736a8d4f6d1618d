import QuartzCore
import UIKit

extension LayerExporter {
    /// An exporter of `view`'s layer tree (its backing layer and its subviews' layers), with
    /// `options`: views animated with `UIView.animate(…)` render as their layers do. The view
    /// is laid out first (`layoutIfNeeded()`), as UIKit lays out before a frame.
    public convenience init(view: UIView, options: ExportOptions) {
        view.layoutIfNeeded()
        self.init(layer: view.layer, options: options)
    }
}
