import QuartzCore

// The listings' UIKit controls drawn as layers: a rounded-rect button with its title, a slider's
// track, fill and thumb, a rounded text field with its text and tab bar items with their titles.
// Titles are `CATextLayer`s in DejaVu Sans (the font CI installs), sized as UIKit's defaults.

extension ExampleScene {
    /// The grey of control borders.
    static let controlBorder = CGColor(gray: 0.62, alpha: 1)
    /// iOS's default tint, the blue of a slider's fill and a selected tab.
    static let tint = CGColor(red: 0, green: 0.478, blue: 1, alpha: 1)

    /// Adds a rounded-rect `UIButton` titled `title` at `frame` (root coordinates) to `parent`.
    @discardableResult
    func addButton(_ title: String, frame: CGRect, background: CGColor? = nil) -> CALayer {
        let button = makeView(
            "button \(title)", frame: frame, in: root,
            background: background ?? CGColor(gray: 0.97, alpha: 1))
        button.cornerRadius = 8
        button.borderWidth = 1
        button.borderColor = Self.controlBorder
        addLabel(
            title, in: button, fontSize: 15, color: Self.tint,
            frame: CGRect(x: 4, y: 0, width: frame.width - 8, height: frame.height))
        controls.append(ExampleControl(name: title, kind: .button, frame: frame))
        controlLayers[title] = button
        return button
    }

    /// A label (`UILabel`) showing `text` in `parent`, centred vertically in `frame` (parent
    /// coordinates); as a view's layer, it changes without implicit animations.
    @discardableResult
    func addLabel(
        _ text: String, in parent: CALayer, fontSize: CGFloat, color: CGColor, frame: CGRect,
        alignment: CATextLayerAlignmentMode = .center
    ) -> CATextLayer {
        let label = CATextLayer()
        // As UIKit's `adjustsFontSizeToFitWidth`: a title wider than its frame gets a smaller
        // size (down to half) rather than being truncated.
        var fontSize = fontSize
        let natural = TextLayout(
            runs: [.init(text, font: TextFont(name: "DejaVu Sans", size: fontSize), color: color)],
            wraps: false
        ).typographicBounds.width
        if natural > frame.width, natural > 0 {
            fontSize = max(fontSize / 2, (fontSize * frame.width / natural * 0.98).rounded(.down))
        }
        let lineHeight = (fontSize * 1.17).rounded(.up)
        label.frame = CGRect(
            x: frame.minX, y: frame.minY + (frame.height - lineHeight) / 2, width: frame.width,
            height: lineHeight)
        label.string = text
        label.font = "DejaVu Sans"
        label.fontSize = fontSize
        label.foregroundColor = color
        label.alignmentMode = alignment
        label.truncationMode = .end
        label.contentsScale = 2
        label.delegate = viewBacking
        parent.addSublayer(label)
        return label
    }

    /// Adds a rounded-border `UITextField` named `name` holding `text` at `frame`.
    func addField(_ name: String, text: String, frame: CGRect) {
        let field = makeView("field \(name)", frame: frame, in: root, background: CGColor(gray: 1, alpha: 1))
        field.cornerRadius = 6
        field.borderWidth = 1
        field.borderColor = Self.controlBorder
        addLabel(
            text, in: field, fontSize: 14, color: CGColor(gray: 0, alpha: 1),
            frame: CGRect(x: 8, y: 0, width: frame.width - 16, height: frame.height), alignment: .left)
        controls.append(ExampleControl(name: name, kind: .field(text: text), frame: frame))
        controlLayers[name] = field
    }

    /// The text of the field named `name` (`""` when there is none).
    func fieldText(_ name: String) -> String {
        for control in controls where control.name == name {
            if case .field(let text) = control.kind { return text }
        }
        return ""
    }

    /// Sets the text of the field named `name`, when it is enabled.
    func setFieldText(_ name: String, _ text: String) {
        guard let index = controls.firstIndex(where: { $0.name == name && $0.isEnabled }),
            case .field = controls[index].kind
        else { return }
        controls[index].kind = .field(text: text)
        (controlLayers[name]?.sublayers?.first as? CATextLayer)?.string = text
    }

    /// Adds a `UISlider` named `name` from `minimum` to `maximum` at `value`, in `frame`.
    func addSlider(_ name: String, minimum: Double, maximum: Double, value: Double, frame: CGRect) {
        let slider = makeView("slider \(name)", frame: frame, in: root)
        let track = makeView(
            "track", frame: CGRect(x: 0, y: frame.height / 2 - 2, width: frame.width, height: 4), in: slider,
            background: CGColor(gray: 0.8, alpha: 1))
        track.cornerRadius = 2
        let fill = makeView(
            "fill", frame: CGRect(x: 0, y: frame.height / 2 - 2, width: 0, height: 4), in: slider,
            background: Self.tint)
        fill.cornerRadius = 2
        let side = min(frame.height, 28)
        let thumb = makeView(
            "thumb", frame: CGRect(x: 0, y: (frame.height - side) / 2, width: side, height: side), in: slider,
            background: CGColor(gray: 1, alpha: 1))
        thumb.cornerRadius = side / 2
        thumb.borderWidth = 0.5
        thumb.borderColor = Self.controlBorder
        thumb.shadowOpacity = 0.25
        thumb.shadowOffset = CGSize(width: 0, height: 2)
        thumb.shadowRadius = 2
        controls.append(
            ExampleControl(
                name: name, kind: .slider(minimum: minimum, maximum: maximum, value: minimum), frame: frame))
        controlLayers[name] = slider
        setSliderValue(name, value)
    }

    /// The value of the slider named `name` (0 when there is none).
    func sliderValue(_ name: String) -> Double {
        for control in controls where control.name == name {
            if case .slider(_, _, let value) = control.kind { return value }
        }
        return 0
    }

    /// Moves the slider named `name` to `value`, clamped to its range as `UISlider` clamps; NaN
    /// and disabled sliders are ignored.
    func setSliderValue(_ name: String, _ value: Double) {
        guard !value.isNaN, let index = controls.firstIndex(where: { $0.name == name && $0.isEnabled }),
            case .slider(let minimum, let maximum, _) = controls[index].kind
        else { return }
        let clamped = min(max(value, minimum), maximum)
        controls[index].kind = .slider(minimum: minimum, maximum: maximum, value: clamped)
        guard let slider = controlLayers[name], let parts = slider.sublayers, parts.count == 3 else { return }
        let frame = controls[index].frame
        let side = parts[2].bounds.width
        let fraction = maximum > minimum ? (clamped - minimum) / (maximum - minimum) : 0
        let centre = side / 2 + CGFloat(fraction) * (frame.width - side)
        parts[1].frame = CGRect(x: 0, y: frame.height / 2 - 2, width: centre, height: 4)
        parts[2].position = CGPoint(x: centre, y: frame.height / 2)
    }

    /// Adds a tab bar along the bottom of the root with one item per title, the first selected.
    func addTabBar(_ titles: [String], height: CGFloat = 49) {
        let bounds = root.bounds
        let bar = makeView(
            "tabBar", frame: CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height),
            in: root, background: CGColor(gray: 0.97, alpha: 1))
        bar.borderWidth = 0.5
        bar.borderColor = Self.controlBorder
        let width = bounds.width / CGFloat(max(titles.count, 1))
        for (index, title) in titles.enumerated() {
            let frame = CGRect(
                x: CGFloat(index) * width, y: bounds.height - height, width: width, height: height)
            let item = makeView(
                "tab \(title)",
                frame: CGRect(x: width / 2 - 14, y: 6, width: 28, height: 28)
                    .offsetBy(dx: CGFloat(index) * width, dy: 0), in: bar)
            item.cornerRadius = 6
            addLabel(
                title, in: item, fontSize: 10, color: CGColor(gray: 0.45, alpha: 1),
                frame: CGRect(x: 14 - width / 2, y: 29, width: width, height: 12))
            controls.append(ExampleControl(name: title, kind: .tab(selected: index == 0), frame: frame))
            controlLayers[title] = item
        }
        selectTab(titles.first ?? "")
    }

    /// Marks the tab titled `title` selected (tinted) and the others not (grey).
    func selectTab(_ title: String) {
        for index in controls.indices {
            guard case .tab = controls[index].kind else { continue }
            let selected = controls[index].name == title
            controls[index].kind = .tab(selected: selected)
            let item = controlLayers[controls[index].name]
            item?.backgroundColor = selected ? Self.tint : CGColor(gray: 0.6, alpha: 1)
            (item?.sublayers?.first as? CATextLayer)?.foregroundColor =
                selected ? Self.tint : CGColor(gray: 0.45, alpha: 1)
        }
    }
}
