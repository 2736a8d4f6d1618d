// swift-tools-version: 6.0
// Lamina: Apple's Core Animation (QuartzCore) and the slice of CoreGraphics it needs, for Linux.

import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "LaminaExport", targets: ["LaminaExport"]),
        .library(name: "LaminaWindow", targets: ["LaminaWindow"]),
        .executable(name: "layer-tree", targets: ["layer-tree"]),
        .executable(name: "animation-benchmark", targets: ["animation-benchmark"]),
        .executable(name: "render-benchmark", targets: ["render-benchmark"]),
        .executable(name: "window-benchmark", targets: ["window-benchmark"]),
    ],
    targets: [
        // Swift Testing declares a cross-import overlay named `_Testing_CoreGraphics`; a module
        // called `CoreGraphics` must depend on a target of that name, or every test file that
        // imports both fails with "no such module '_Testing_CoreGraphics'".
        .target(name: "_Testing_CoreGraphics"),
        // Cairo rasterises CGContext's bitmap contexts (and, later, layer backing stores).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libjpeg (libjpeg-turbo on Debian) decodes JPEG files for `CGImage.load(data:)`.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "CoreGraphics", dependencies: ["_Testing_CoreGraphics", "CCairo", "CJPEG"]),
        // EGL and OpenGL ES 3.0 for the compositor: Mesa's llvmpipe headless, or a GPU's driver.
        .systemLibrary(
            name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libgles-dev", "libegl-mesa0"])]),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "CEGL"]),
        // Export of animated layer trees to MP4/WebM/GIF/APNG/PNG through the ffmpeg program.
        .target(name: "LaminaExport", dependencies: ["QuartzCore"]),
        // SDL2 for the live window: an X11/Wayland window with an OpenGL ES context, and input.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .target(name: "LaminaWindow", dependencies: ["QuartzCore", "CSDL2", "CEGL"]),
        .executableTarget(name: "layer-tree", dependencies: ["QuartzCore"]),
        // Benchmarks: run in release (`swift run -c release animation-benchmark`); they print
        // ratios against a baseline measured in the same run, and allocation counts.
        .target(name: "CMallocCounter"),
        .executableTarget(name: "animation-benchmark", dependencies: ["QuartzCore", "CMallocCounter"]),
        .executableTarget(name: "render-benchmark", dependencies: ["QuartzCore", "CEGL", "CMallocCounter"]),
        .executableTarget(name: "window-benchmark", dependencies: ["LaminaWindow", "QuartzCore"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore"]),
        .testTarget(name: "LaminaExportTests", dependencies: ["LaminaExport", "QuartzCore"]),
        // Live-window tests: each starts its own Xvfb server (no xvfb-run needed).
        .testTarget(name: "LaminaWindowTests", dependencies: ["LaminaWindow", "QuartzCore", "CSDL2"]),
        // Golden-image tests of the renderer; `Goldens/README.md` explains recording and review.
        .testTarget(name: "RenderTests", dependencies: ["QuartzCore"], resources: [.copy("Goldens")]),
    ]
)
