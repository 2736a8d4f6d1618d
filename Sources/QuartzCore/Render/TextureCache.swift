import CoreGraphics

@_implementationOnly import CEGL

/// Textures of `contents` images, uploaded once per image (images are immutable) and released
/// when an image has not been drawn for a few frames.
final class TextureCache {
    private struct Entry {
        let image: CGImage
        let texture: GLuint
        var lastUsedFrame: Int
        var filters: (GLint, GLint)
        /// Whether the mipmap levels exist (made when a trilinear filter first asks for them).
        var hasMipmaps: Bool
        /// Where the texture goes when its image is released (its size and layout).
        let spareKey: SpareKey
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Textures of released images, by size and layout, kept a frame for the next image of the
    /// same size (a layer's content rasterised anew each frame): refilled in place instead of
    /// allocated and cleared again.
    private var spare: [SpareKey: [GLuint]] = [:]
    private struct SpareKey: Hashable {
        let width: Int
        let height: Int
        let bgra: Bool
    }
    /// Windows of contents too large to upload whole, one per layer and slot
    /// (TextureCache+Windows.swift).
    var windows: [WindowKey: WindowTexture] = [:]
    private(set) var frame = 0
    /// Whether a texture of at least `largePixels` was made since the last `endFrame()`.
    var madeLargeTexture = false
    /// 1024 × 1024: a texture this large is worth returning memory for when it is dropped.
    static let largePixels = 1 << 20
    /// Frames an unused texture is kept.
    private let keepFrames = 3

    /// The texture of `image` with the given filters, uploading it on first use; `nil` when the
    /// image's pixel layout cannot be read (the device reports it).
    func texture(
        for image: CGImage, minification: CALayerContentsFilter, magnification: CALayerContentsFilter
    )
        -> GLuint?
    {
        let filters = (Self.glFilter(minification), Self.glFilter(magnification))
        let id = ObjectIdentifier(image)
        if var entry = entries[id] {
            entry.lastUsedFrame = frame
            if entry.filters != filters {
                Self.refilter(entry.texture, with: filters, hasMipmaps: &entry.hasMipmaps)
                entry.filters = filters
            }
            entries[id] = entry
            return entry.texture
        }
        var texture: GLuint = 0
        let key = SpareKey(width: image.width, height: image.height, bgra: Self.isDirectBGRA(image))
        let refilled = spare[key]?.popLast()
        if let refilled {
            texture = refilled
        } else {
            glGenTextures(1, &texture)
            if image.width * image.height >= Self.largePixels { madeLargeTexture = true }
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        guard Self.upload(image, into: refilled != nil) else {
            glDeleteTextures(1, &texture)
            return nil
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        // Mipmaps only for the trilinear filter (made later if a filter change asks for them):
        // most images, a shape's freshly rasterised stroke among them, never need them.
        let mipmapped = filters.0 == GL_LINEAR_MIPMAP_LINEAR
        if mipmapped { glGenerateMipmap(GLenum(GL_TEXTURE_2D)) }
        Self.setFilters(filters)
        entries[id] = Entry(
            image: image, texture: texture, lastUsedFrame: frame, filters: filters, hasMipmaps: mipmapped,
            spareKey: key)
        return texture
    }

    /// `GL_BGRA_EXT` (EXT_texture_format_BGRA8888, in Mesa's and NVIDIA's GLES drivers).
    static let bgra = GLenum(0x80E1)

    /// Uploads `image` into the bound texture: Cairo's BGRA bytes as they are where the layout
    /// allows (no conversion, no copy), otherwise converted to premultiplied RGBA; `false` when
    /// the image's layout cannot be read.
    static func upload(_ image: CGImage, into existing: Bool = false) -> Bool {
        let width = GLsizei(image.width)
        let height = GLsizei(image.height)
        let direct: Void? = image.withPremultipliedBGRA8Bytes { bytes, rowPixels in
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(rowPixels))
            if existing {
                glTexSubImage2D(
                    GLenum(GL_TEXTURE_2D), 0, 0, 0, width, height, bgra, GLenum(GL_UNSIGNED_BYTE),
                    bytes.baseAddress)
            } else {
                glTexImage2D(
                    GLenum(GL_TEXTURE_2D), 0, GLint(bgra), width, height, 0, bgra, GLenum(GL_UNSIGNED_BYTE),
                    bytes.baseAddress)
            }
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        }
        if direct != nil { return true }
        guard var pixels = image.premultipliedRGBA8Pixels() else { return false }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        if existing {
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, 0, 0, width, height, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                &pixels)
        } else {
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, width, height, 0, GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE),
                &pixels)
        }
        return true
    }

    /// Whether `upload` sends `image`'s bytes as BGRA (otherwise as converted RGBA).
    private static func isDirectBGRA(_ image: CGImage) -> Bool {
        image.withPremultipliedBGRA8Bytes { _, _ in () } != nil
    }

    /// Releases `image`'s texture now (an image that will not be drawn again). Without mipmaps,
    /// the texture is kept until the end of the next frame for an image of the same size.
    func release(_ image: CGImage) {
        guard let entry = entries.removeValue(forKey: ObjectIdentifier(image)) else { return }
        var texture = entry.texture
        guard !entry.hasMipmaps else {
            glDeleteTextures(1, &texture)
            return
        }
        spare[entry.spareKey, default: []].append(texture)
    }

    /// Releases textures not used for `keepFrames` frames.
    func endFrame() {
        frame += 1
        for (id, entry) in entries where frame - entry.lastUsedFrame > keepFrames {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
            entries[id] = nil
        }
        // Windows are large: one not drawn in the frame just ended goes at once.
        windows = windows.filter { frame - $0.value.lastUsedFrame <= 1 }
        // Spare textures not refilled in the frame just ended go too.
        for textures in spare.values {
            for var texture in textures { glDeleteTextures(1, &texture) }
        }
        spare = [:]
    }

    func removeAll() {
        for entry in entries.values {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
        }
        entries = [:]
        windows = [:]
        for textures in spare.values {
            for var texture in textures { glDeleteTextures(1, &texture) }
        }
        spare = [:]
    }

    static func glFilter(_ filter: CALayerContentsFilter) -> GLint {
        switch filter {
        case .nearest: return GL_NEAREST
        case .trilinear: return GL_LINEAR_MIPMAP_LINEAR
        default: return GL_LINEAR
        }
    }

    /// Binds `texture` and gives it `filters`, making its mipmap levels when a trilinear filter
    /// first needs them.
    static func refilter(_ texture: GLuint, with filters: (GLint, GLint), hasMipmaps: inout Bool) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        if filters.0 == GL_LINEAR_MIPMAP_LINEAR, !hasMipmaps {
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            hasMipmaps = true
        }
        setFilters(filters)
    }

    static func setFilters(_ filters: (GLint, GLint)) {
        // Magnification has no mipmaps: trilinear magnifies bilinearly.
        let magnification = filters.1 == GL_LINEAR_MIPMAP_LINEAR ? GL_LINEAR : filters.1
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filters.0)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), magnification)
    }
}
