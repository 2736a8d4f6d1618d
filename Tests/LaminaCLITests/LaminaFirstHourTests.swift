import Foundation
import Testing

/// The mistakes of a new user's first hour (issue 21): each is one line naming the problem and
/// the form expected, with a non-zero status and no file left.
@Suite("The lamina command's first hour")
struct LaminaFirstHourTests {
    @Test(
        "a malformed option is one error line saying what was wrong and the form expected",
        arguments: [
            (
                ["render", "7.7", "-o", "x.mp4", "--size", "1280*720"],
                #"--size "1280*720" is not WIDTHxHEIGHT (for example 1280x720)"#
            ),
            (
                ["slideshow", "a.jpg", "-o", "x.mp4", "--size", "x720"],
                #"--size "x720" is not WIDTHxHEIGHT (for example 1280x720)"#
            ),
            (
                ["snapshot", "7.7", "-o", "x.png", "--size", "big"],
                #"--size "big" is not WIDTHxHEIGHT (for example 1280x720)"#
            ),
            (
                ["render", "7.7", "-o", "x.mp4", "--fps", "0"],
                "--fps must be greater than 0 and at most 1000 (got 0)"
            ),
            (
                ["render", "7.7", "-o", "x.mp4", "--fps", "1000.5"],
                "--fps must be greater than 0 and at most 1000 (got 1000.5)"
            ),
            (
                ["render", "7.7", "-o", "x.mp4", "--frames", "100..50"],
                "--frames 100..50 is empty: its end 50 is before its start 100; give A..B, frames A to B-1 "
                    + "with 0 <= A < B (for example 0..450)"
            ),
            (
                ["render", "7.7", "-o", "x.mp4", "--frames", "50..50"],
                "--frames 50..50 is empty: its end is its start"
            ),
            (
                ["slideshow", "a.jpg", "-o", "x.mp4", "--frames", "0-100"],
                #"--frames "0-100" is not A..B; give A..B"#
            ),
            (
                ["render", "7.7", "-o", "x.mp4", "--frames=-5..10"],
                "--frames -5..10 starts before frame 0"
            ),
            (
                ["snapshot", "7.7", "-o", "x.bmp"],
                "cannot tell the format of 'x.bmp'; use .png, .jpg or .jpeg"
            ),
        ])
    func malformedOption(arguments: [String], message: String) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runLamina(arguments, in: folder)
        #expect(result.status != 0)
        let line = try #require(errorLine(result.error), "\(result.error)")
        #expect(line.contains(message), "\(result.error)")
        // Not ArgumentParser's several-line "The value … is invalid" message with its help line.
        #expect(!result.error.contains("is invalid for"), "\(result.error)")
        #expect(!result.error.contains("Help:"), "\(result.error)")
        #expect(listing(folder).isEmpty, "no output is left: \(listing(folder))")
    }

    @Test(
        "snapshot -o x.jpg writes a JPEG, and .png a PNG, with no temporary file left",
        arguments: [
            ("frame.jpg", [0xFF, 0xD8, 0xFF] as [UInt8]),
            ("FRAME.JPEG", [0xFF, 0xD8, 0xFF]),
            ("frame.png", [0x89, 0x50, 0x4E, 0x47]),
        ])
    func snapshotFormat(name: String, signature: [UInt8]) throws {
        let folder = try makeCLIScratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runLamina(
            ["snapshot", "8.6", "--time", "1", "-o", name, "--size", "160x120"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(listing(folder) == [name])
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        #expect(Array(data.prefix(signature.count)) == signature)
        if signature[0] == 0xFF {
            // A whole JPEG: it ends with the end-of-image marker.
            #expect(Array(data.suffix(2)) == [0xFF, 0xD9])
        }
    }
}
