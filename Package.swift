// swift-tools-version: 6.0
// Lamina: Apple's Core Animation (QuartzCore) and the slice of CoreGraphics it needs, for Linux.

import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .executable(name: "lamina", targets: ["lamina"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        .library(name: "LaminaExport", targets: ["LaminaExport"]),
        .library(name: "LaminaExamples", targets: ["LaminaExamples"]),
        .library(name: "LaminaWindow", targets: ["LaminaWindow"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "CoreMedia", targets: ["CoreMedia"]),
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .library(name: "LaminaPreview", targets: ["LaminaPreview"]),
        .library(name: "LaminaSnapshotTesting", targets: ["LaminaSnapshotTesting"]),
        .executable(name: "layer-tree", targets: ["layer-tree"]),
        .executable(name: "animation-benchmark", targets: ["animation-benchmark"]),
        .executable(name: "render-benchmark", targets: ["render-benchmark"]),
        .executable(name: "export-benchmark", targets: ["export-benchmark"]),
        .executable(name: "overlay-benchmark", targets: ["overlay-benchmark"]),
        .executable(name: "window-benchmark", targets: ["window-benchmark"]),
        .executable(name: "soak-benchmark", targets: ["soak-benchmark"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only its `SnapshotTesting` product is used, which depends on nothing: swift-custom-dump
        // is resolved (cloned) but not built.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // The macros that declare layer properties (QuartzCoreMacros); the range swift-snapshot-testing
        // accepts too, so one copy is resolved.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
    ],
    targets: [
        // Swift Testing declares a cross-import overlay named `_Testing_CoreGraphics`; a module
        // called `CoreGraphics` must depend on a target of that name, or every test file that
        // imports both fails with "no such module '_Testing_CoreGraphics'".
        .target(name: "_Testing_CoreGraphics"),
        // Cairo rasterises CGContext's bitmap contexts (and, later, layer backing stores).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libjpeg (libjpeg-turbo on Debian) decodes JPEG files for `CGImage.load(data:)` and
        // encodes them for UIKit's `UIImage.jpegData(compressionQuality:)`.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // Pango on Cairo (fontconfig, FreeType, HarfBuzz) shapes, lays out and draws text into
        // CGContexts, for `CGFont`, `TextLayout` and `CATextLayer` (ruling G9).
        .systemLibrary(
            name: "CPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "fonts-dejavu-core"])]),
        // libwebp decodes WebP files (lossy, lossless, alpha; libwebpdemux finds an animated file's
        // first frame) for `CGImage.load(data:)`; its encoder makes the tests' WebP files.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // CoreGraphics, QuartzCore and UIKit import their C modules `@_implementationOnly`, so that
        // loading them needs no module map: a module built beside them without those C modules must
        // be able to import them — swift-snapshot-testing's SnapshotTesting does `#if
        // canImport(UIKit) import UIKit`, and finds this UIKit in the build's module folder (S6).
        .target(
            name: "CoreGraphics",
            dependencies: ["_Testing_CoreGraphics", "CCairo", "CJPEG", "CPango", "CWebP"]),
        // EGL and OpenGL ES 3.0 for the compositor: Mesa's llvmpipe headless, or a GPU's driver.
        .systemLibrary(
            name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libgles-dev", "libegl-mesa0"])]),
        // `@Declared`, `@PropertyTable` and `@KindTable`: a layer property is declared once, on its
        // public accessor, and the property tables are built from those declarations
        // (docs/adding-a-property.md).
        .macro(
            name: "QuartzCoreMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]),
        // The in-memory compositor's row kernels (ruling V26).
        .target(name: "CPixelRows"),
        .target(
            name: "QuartzCore", dependencies: ["CoreGraphics", "CEGL", "QuartzCoreMacros", "CPixelRows"]),
        // Apple's Core Text API (fonts, lines, runs, framesetters, frames, paragraph styles) on
        // CoreGraphics' Pango text layout; `docs/coretext.md`.
        .target(name: "CoreText", dependencies: ["CoreGraphics"]),
        // Export of animated layer trees to MP4/WebM/GIF/APNG/PNG through the ffmpeg program.
        .target(name: "LaminaExport", dependencies: ["QuartzCore", "UIKit"]),
        // Every listing of the reference chapters (7–9) and the slideshow demo as a runnable scene.
        // The slideshow's AVFoundation form exports through AVAssetExportSession.
        .target(name: "LaminaExamples", dependencies: ["QuartzCore", "UIKit", "AVFoundation", "CoreMedia"]),
        // The slice of UIKit that animation code uses (views, view animation, colours, paths,
        // images), on QuartzCore; Linux only — on Apple platforms a package uses the real one.
        // Swift Testing's cross-import overlay `_Testing_UIKit`, as `_Testing_CoreGraphics` above.
        .target(name: "_Testing_UIKit"),
        .target(name: "UIKit", dependencies: ["_Testing_UIKit", "QuartzCore", "CJPEG"]),
        // Apple's CoreMedia time types (`CMTime`, `CMTimeRange`, `CMTimeMapping`) and their
        // arithmetic, for AVFoundation-style export code; Foundation only. Swift Testing declares
        // no cross-import overlay for CoreMedia, so it needs no `_Testing_` target.
        .target(name: "CoreMedia"),
        // AVFoundation's assets and tracks, read from media files by the `ffprobe` program, and
        // the composition model (compositions, video compositions with their Core Animation tool,
        // audio mixes), and `AVAssetExportSession`, which renders them on LaminaExport.
        .target(
            name: "AVFoundation", dependencies: ["CoreMedia", "CoreGraphics", "QuartzCore", "LaminaExport"]),
        // The text dump of a layer tree that `lamina tree` prints and snapshot tests record.
        .target(name: "LaminaTreeDump", dependencies: ["QuartzCore"]),
        // swift-snapshot-testing's image strategies for layers, views and view controllers on
        // Linux, drawn by Lamina; `docs/snapshot-testing.md` explains their use.
        .target(
            name: "LaminaSnapshotTesting",
            dependencies: [
                "QuartzCore", "UIKit", "LaminaTreeDump",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // The command-line tool: examples, renders, slideshows, snapshots and tree dumps.
        .executableTarget(
            name: "lamina",
            dependencies: [
                "LaminaExport", "LaminaExamples", "LaminaPreview", "LaminaTreeDump", "LaminaWindow",
                "QuartzCore",
                "UIKit", "AVFoundation", "CoreMedia",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // SDL2 for the live window: an X11/Wayland window with an OpenGL ES context, and input.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .target(name: "LaminaWindow", dependencies: ["QuartzCore", "UIKit", "CSDL2", "CEGL"]),
        // The examples in a live window, with the user's input turned into their interactions.
        .target(
            name: "LaminaPreview", dependencies: ["LaminaWindow", "LaminaExamples", "QuartzCore", "UIKit"]),
        .executableTarget(name: "layer-tree", dependencies: ["QuartzCore"]),
        // Benchmarks: run in release (`swift run -c release animation-benchmark`); they print
        // ratios against a baseline measured in the same run, and allocation counts.
        .target(name: "CMallocCounter"),
        .executableTarget(name: "animation-benchmark", dependencies: ["QuartzCore", "CMallocCounter"]),
        .executableTarget(
            name: "render-benchmark", dependencies: ["QuartzCore", "CEGL", "CCairo", "CMallocCounter"]),
        // Memory over time: 20,000 frames with animations added and removed every frame.
        .executableTarget(name: "soak-benchmark", dependencies: ["QuartzCore"]),
        .executableTarget(
            name: "export-benchmark", dependencies: ["QuartzCore", "LaminaExport", "LaminaExamples"]),
        // An animated title over a 1080p clip with its sound, through AVFoundation's export API,
        // against ffmpeg alone transcoding the clip with the export's encoder settings.
        .executableTarget(
            name: "overlay-benchmark",
            dependencies: ["AVFoundation", "CoreMedia", "LaminaExport", "QuartzCore"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "CWebP"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore"]),
        // A `@LayerProperty` of a subclass, through the public API only (docs/adding-a-property.md).
        .testTarget(name: "CustomLayerPropertyTests", dependencies: ["QuartzCore"]),
        .testTarget(name: "CoreTextTests", dependencies: ["CoreText", "CoreGraphics"]),
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "QuartzCore"]),
        .testTarget(name: "CoreMediaTests", dependencies: ["CoreMedia"]),
        .testTarget(
            name: "AVFoundationTests",
            dependencies: ["AVFoundation", "CoreMedia", "CoreGraphics", "QuartzCore"]),
        .testTarget(name: "LaminaExportTests", dependencies: ["LaminaExport", "QuartzCore", "UIKit"]),
        // The snapshot strategies used as a user uses them; references in `__Snapshots__`.
        .testTarget(
            name: "LaminaSnapshotTestingTests",
            dependencies: [
                "LaminaSnapshotTesting", "QuartzCore", "UIKit",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        // The `lamina` program run as a user runs it (it is built beside the tests).
        .testTarget(name: "LaminaCLITests", dependencies: ["lamina"]),
        // Live-window tests: each starts its own Xvfb server (no xvfb-run needed).
        .testTarget(
            name: "LaminaWindowTests",
            dependencies: ["LaminaWindow", "LaminaPreview", "LaminaExamples", "QuartzCore", "UIKit", "CSDL2"]),
        // Golden-image comparison, recording and catalog checks, shared by the targets with goldens.
        .target(name: "GoldenTesting", dependencies: ["QuartzCore"], path: "Tests/GoldenTesting"),
        .executableTarget(name: "window-benchmark", dependencies: ["LaminaWindow", "QuartzCore"]),
        // Golden-image tests of the renderer; `Goldens/README.md` explains recording and review.
        .testTarget(
            name: "RenderTests", dependencies: ["QuartzCore", "GoldenTesting"], resources: [.copy("Goldens")]),
        // The examples' behaviour, and one contact-strip golden per example.
        .testTarget(
            name: "LaminaExamplesTests",
            dependencies: [
                "LaminaExamples", "QuartzCore", "GoldenTesting", "AVFoundation", "CoreMedia", "LaminaExport",
            ],
            resources: [.copy("Goldens")]),
    ]
)
