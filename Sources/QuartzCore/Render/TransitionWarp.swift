import CoreGraphics

/// The Apple-private `CATransition` types that warp the pictures rather than place them (ruling
/// V16), drawn per pixel within the layer's bounds by the transition program's `WARP` variant
/// (`LayerProgram`): each fragment finds where in the old and new pictures it looks, samples them
/// bilinearly and combines them. The raw value is the composite's code (`u_transition.x`).
///
/// - `ripple` (`rippleEffect`): circular ripples run out from the centre, displacing both
///   pictures radially, their amplitude swelling and dying away (zero at progress 0 and 1); a
///   soft circular front a ripple wide, growing from the centre to the corners, crossfades old to
///   new.
/// - `irisOpen` (`cameraIrisHollowOpen`, the second half of Apple's `cameraIris`): a hexagonal
///   aperture, its six blades turning as it widens, opens from the centre showing the new picture
///   through it; the blades are the old picture.
/// - `irisClose` (`cameraIrisHollowClose`, the first half of `cameraIris`): the blades close over
///   the old picture, which is seen through the shrinking aperture; the blades are hollow, showing
///   the new picture.
/// - `suck` (`suckEffect`): the old picture is sucked into a point at the horizontal centre, three
///   quarters down (Apple's full-screen effect sinks at (160, 360) of 320 × 480): its lower rows
///   narrow first, into a triangle, then the whole shape collapses into the point, uncovering the
///   new picture.
/// - `pageCurl` / `pageUnCurl`: the old picture curls away as a page around a cylinder that rolls
///   from the subtype's edge across the layer (its leading corner the one clockwise of that edge's
///   centre, as UIKit's curl lifts the bottom-right corner first), its back lighter, casting a
///   soft shadow on the new picture beneath; `pageUnCurl` is the same motion run backwards with the
///   new picture as the page, uncurling into place over the old.
/// - `genie` (`genieEffect`): the old picture is drawn into a narrow target at one end of an
///   edge, as macOS minimises a window into the Dock (ruling V28): its sides bend in S-curves
///   down to the target's width, then the picture flows down the funnel into the target,
///   uncovering the new picture.
/// - `spew` (`spewEffect`): `suck` run backwards with the new picture: it is spewed out of the
///   point at the horizontal centre three quarters down over the old picture (ruling V28).
/// - `iris` (`cameraIris`): the two halves with opaque blades (ruling V29): the shutter's dark
///   blades close over the old picture, seen through the shrinking aperture, until the layer is
///   shut at progress 0.5, then open on the new picture.
enum TransitionWarp: Int, Equatable {
    case ripple = 4
    case irisOpen = 5
    case irisClose = 6
    case suck = 7
    case pageCurl = 8
    case pageUnCurl = 9
    case genie = 10
    case spew = 11
    case iris = 12

    /// The part of the layer's width the genie's target takes, and where the target's centre is
    /// across the layer for motion rightwards (`nil`, `fromLeft`; mirrored for `fromRight`,
    /// centred for the vertical subtypes).
    static let genieTarget: (width: CGFloat, centre: CGFloat) = (0.12, 0.85)

    /// How much the curl's rolling edge is turned from square to the motion: its leading corner
    /// goes first (radians).
    static let curlTilt: CGFloat = 0.3

    /// The unit direction the curl's cylinder rolls in for motion `direction` (iOS geometry): the
    /// motion turned by `curlTilt` so that the corner clockwise of the starting edge's centre
    /// (bottom-right for `fromBottom` and `fromRight`, bottom-left for `fromLeft`, top-right for
    /// `fromTop`) leads. A non-finite or zero direction rolls leftwards from the right.
    static func curlAxis(_ direction: CGVector) -> CGVector {
        let horizontal = direction.dx != 0 && direction.dx.isFinite
        let (c, s) = (cos(curlTilt), sin(curlTilt))
        if horizontal {
            return CGVector(dx: direction.dx > 0 ? c : -c, dy: -s)
        }
        if direction.dy.isFinite && direction.dy != 0 {
            return CGVector(dx: -s, dy: direction.dy > 0 ? c : -c)
        }
        return CGVector(dx: -c, dy: -s)
    }

    /// The GLSL of the warps: `warpedTransition()` returns the fragment's premultiplied colour
    /// within the bounds `u_rect`, from the new picture `u_texture` and the old `u_maskTexture`,
    /// for the warp `WARP` (a define: one program per warp, since llvmpipe would run every
    /// warp's code for every fragment) at progress `u_transition.y` (clamped again here), the curl
    /// rolling along `u_warpAxis`. Pictures are read at layer points through `u_matrix`, the
    /// layer's own, clamped to the bounds.
    static let glsl = """
        #define TARGET_WIDTH \(genieTarget.width)
        #define TARGET_CENTRE \(genieTarget.centre)
        uniform mat4 u_matrix;
        uniform vec2 u_warpAxis;

        // A picture at a point in the layer's coordinates, bilinearly (the targets are nearest).
        vec4 picture(sampler2D tex, vec2 point) {
            vec2 p = clamp(point, u_rect.xy, u_rect.xy + u_rect.zw);
            vec4 clip = u_matrix * vec4(p, 0.0, 1.0);
            if (!(clip.w > 1e-6)) { return vec4(0.0); }
            vec2 size = vec2(textureSize(tex, 0));
            vec2 texel = clamp((clip.xy / clip.w * 0.5 + 0.5) * size - 0.5, vec2(0.0), size - 1.0);
            vec2 base = floor(texel);
            vec2 f = texel - base;
            ivec2 i = ivec2(base);
            ivec2 j = min(i + 1, ivec2(size) - 1);
            vec4 a = texelFetch(tex, i, 0);
            vec4 b = texelFetch(tex, ivec2(j.x, i.y), 0);
            vec4 c = texelFetch(tex, ivec2(i.x, j.y), 0);
            vec4 d = texelFetch(tex, j, 0);
            return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
        }

        vec4 over(vec4 top, vec4 below) { return top + below * (1.0 - top.a); }

        // Which picture plays which part (samplers cannot be chosen at run time).
        #if WARP == 6
        #define APERTURE u_maskTexture
        #define BLADES u_texture
        #else
        #define APERTURE u_texture
        #define BLADES u_maskTexture
        #endif
        #if WARP == 11
        #define SUCKED u_texture
        #define BENEATH u_maskTexture
        #else
        #define SUCKED u_maskTexture
        #define BENEATH u_texture
        #endif
        #if WARP == 9
        #define PAGE u_texture
        #define UNDER u_maskTexture
        #else
        #define PAGE u_maskTexture
        #define UNDER u_texture
        #endif

        vec4 ripple(float p, float px) {
            vec2 centre = u_rect.xy + 0.5 * u_rect.zw;
            vec2 d = v_local - centre;
            float r = length(d);
            float reach = 0.5 * length(u_rect.zw);
            float wavelength = max(min(u_rect.z, u_rect.w) * 0.2, 1.0);
            float phase = 6.2831853 * (r / wavelength - 3.0 * p);
            float amplitude = 0.3 * wavelength * sin(3.1415927 * p);
            vec2 radial = r > 1e-4 ? d / r : vec2(0.0);
            vec2 q = v_local - radial * (amplitude * sin(phase));
            float front = p * (reach + 2.0 * wavelength) - wavelength;
            float weight = smoothstep(-wavelength, wavelength, front - r);
            vec4 mixed = mix(picture(u_maskTexture, q), picture(u_texture, q), weight);
            // The crests catch the light, the troughs darken.
            float light = 1.0 + 0.25 * cos(phase) * sin(3.1415927 * p);
            return vec4(min(mixed.rgb * light, vec3(mixed.a)), mixed.a);
        }

        // The aperture shows `aperture`, the blades `blades` (both at this fragment).
        vec4 iris(float p, bool opening, float px, vec4 aperture, vec4 blades) {
            vec2 d = v_local - (u_rect.xy + 0.5 * u_rect.zw);
            float reach = 0.5 * length(u_rect.zw) + px;
            float eased = smoothstep(0.0, 1.0, p);
            float apothem = (opening ? eased : 1.0 - eased) * reach;
            // The blades turn a sixth of a turn as the aperture goes from shut to open.
            float turn = (opening ? 1.0 - eased : eased) * 1.0471976;
            float edge = -1e9;
            float seam = 0.0;
            for (int k = 0; k < 6; k++) {
                float angle = turn + float(k) * 1.0471976;
                vec2 n = vec2(cos(angle), sin(angle));
                float e = dot(d, n) - apothem;
                edge = max(edge, e);
                // Each blade's edge runs on beyond the aperture's corner: a dark seam.
                float t = dot(d, vec2(-n.y, n.x));
                seam = max(seam, (1.0 - smoothstep(0.0, px, abs(e))) * step(apothem * 0.57735, t));
            }
            float inside = apothem > 0.0 ? clamp(0.5 - edge / px, 0.0, 1.0) : 0.0;
            // The blades' lips shade the first two points outside the aperture.
            float lip = 1.0 - 0.3 * (1.0 - smoothstep(0.0, 2.0, edge)) * (1.0 - inside);
            blades.rgb *= lip * (1.0 - 0.35 * seam * (1.0 - inside));
            return aperture * inside + blades * (1.0 - inside);
        }

        vec4 suck(float p, float px) {
            vec2 size = max(u_rect.zw, vec2(1e-3));
            vec2 sink = u_rect.xy + size * vec2(0.5, 0.75);
            float narrowing = smoothstep(0.0, 0.6, p);
            float collapse = smoothstep(0.2, 1.0, p);
            float top = mix(u_rect.y, sink.y, collapse);
            float bottom = mix(u_rect.y + size.y, sink.y, collapse);
            float height = bottom - top;
            vec4 below = picture(BENEATH, v_local);
            if (!(height > 1e-4)) { return below; }
            float row = (v_local.y - top) / height;
            float shaped = smoothstep(0.0, 1.0, clamp(row, 0.0, 1.0));
            float halfWidth = 0.5 * size.x * mix(1.0, 0.02, narrowing * shaped) * (1.0 - 0.9 * collapse);
            float across = v_local.x - sink.x;
            float column = 0.5 + across / max(2.0 * halfWidth, 1e-4);
            float cover = clamp(0.5 - (abs(across) - halfWidth) / px, 0.0, 1.0)
                * clamp(0.5 - (top - v_local.y) / px, 0.0, 1.0)
                * clamp(0.5 - (v_local.y - bottom) / px, 0.0, 1.0);
            vec2 source = u_rect.xy + vec2(column, row) * size;
            return over(picture(SUCKED, source) * cover, below);
        }

        // The subtype's motion, recovered from `u_warpAxis` (`curlAxis`: the motion turned by
        // less than an eighth of a turn, so its larger component is the motion's).
        vec2 motion() {
            vec2 a = u_warpAxis;
            return abs(a.x) > abs(a.y) ? vec2(sign(a.x), 0.0) : vec2(0.0, sign(a.y));
        }

        vec4 genie(float p, float px) {
            vec2 size = max(u_rect.zw, vec2(1e-3));
            vec2 m = motion();
            // Normalised: x across, y from the far edge (0) to the target's edge (1).
            bool upwards = m.y < 0.0;
            vec2 uv = (v_local - u_rect.xy) / size;
            float y = upwards ? 1.0 - uv.y : uv.y;
            float target = m.x > 0.0 ? TARGET_CENTRE : (m.x < 0.0 ? 1.0 - TARGET_CENTRE : 0.5);
            float bend = smoothstep(0.0, 0.5, p);
            float slide = smoothstep(0.35, 1.0, p);
            float funnel = bend * smoothstep(0.0, 1.0, y);
            float left = mix(0.0, target - 0.5 * TARGET_WIDTH, funnel);
            float right = mix(1.0, target + 0.5 * TARGET_WIDTH, funnel);
            float u = (uv.x - left) / max(right - left, 1e-4);
            // The picture's row here: it has flowed `slide` of its height into the target.
            float v = y - slide;
            float cover = clamp(0.5 - max(left - uv.x, uv.x - right) * size.x / px, 0.0, 1.0)
                * clamp(0.5 + v * size.y / px, 0.0, 1.0);
            vec2 source = u_rect.xy + vec2(u, upwards ? 1.0 - v : v) * size;
            // The funnel's narrow part is shaded, as a surface turned away.
            vec4 old = picture(u_maskTexture, source) * cover;
            old.rgb *= 1.0 - 0.25 * funnel * y;
            return over(old, picture(u_texture, v_local));
        }

        // The shutter's blades: dark metal, lighter towards the centre.
        vec4 shutter() {
            vec2 d = v_local - (u_rect.xy + 0.5 * u_rect.zw);
            float r = length(d) / max(0.5 * length(u_rect.zw), 1e-3);
            return vec4(vec3(0.16 + 0.1 * (1.0 - clamp(r, 0.0, 1.0))), 1.0);
        }

        // The page's colour at `source`, times its coverage there (the page ends at the bounds).
        vec4 page(sampler2D tex, vec2 source, float px) {
            vec2 q = abs(source - (u_rect.xy + 0.5 * u_rect.zw)) - 0.5 * u_rect.zw;
            float outside = max(q.x, q.y);
            return picture(tex, source) * clamp(0.5 - outside / px, 0.0, 1.0);
        }

        vec4 backOf(vec4 c, float shade) {
            return vec4(mix(c.rgb, vec3(c.a), 0.65) * shade, c.a);
        }

        vec4 curl(float p, bool curling, float px) {
            vec2 n = u_warpAxis;
            vec2 lo = u_rect.xy;
            vec2 hi = u_rect.xy + u_rect.zw;
            vec4 corners = vec4(dot(lo, n), dot(hi, n), dot(vec2(lo.x, hi.y), n), dot(vec2(hi.x, lo.y), n));
            float s0 = min(min(corners.x, corners.y), min(corners.z, corners.w));
            float s1 = max(max(corners.x, corners.y), max(corners.z, corners.w));
            float radius = max((s1 - s0) * 0.12, 0.5);
            float travel = curling ? p : 1.0 - p;
            float line = s0 + travel * (s1 - s0 + radius);
            float s = dot(v_local, n);
            vec4 under = picture(UNDER, v_local);
            float shadow = s < line - radius
                ? 0.3 * (1.0 - smoothstep(0.0, 1.5 * radius, line - radius - s)) : 0.0;
            vec4 result = vec4(under.rgb * (1.0 - shadow), under.a);
            if (s > line) {
                vec4 flat_ = page(PAGE, v_local, px);
                float along = 3.1415927 * radius + (s - line);
                vec4 back = page(PAGE, v_local + (line - along - s) * n, px);
                result = over(backOf(back, 0.95), over(flat_, under));
            } else if (s >= line - radius) {
                float lower = asin(clamp((line - s) / radius, 0.0, 1.0));
                float upper = 3.1415927 - lower;
                vec4 front = page(PAGE,
                                  v_local + (line - lower * radius - s) * n, px);
                vec4 back = page(PAGE,
                                 v_local + (line - upper * radius - s) * n, px);
                front.rgb *= 0.7 + 0.3 * cos(lower);
                result = over(backOf(back, 0.85 + 0.1 * sin(upper)), over(front, result));
            }
            return result;
        }

        vec4 warpedTransition() {
            float p = clamp(u_transition.y, 0.0, 1.0);
            float px = max(pixelWidth(), 1e-6);
        #if WARP == 4
            vec4 c = ripple(p, px);
        #elif WARP == 5 || WARP == 6
            vec4 c = iris(p, WARP == 5, px, picture(APERTURE, v_local), picture(BLADES, v_local));
        #elif WARP == 12
            vec4 c = p < 0.5
                ? iris(2.0 * p, false, px, picture(u_maskTexture, v_local), shutter())
                : iris(2.0 * p - 1.0, true, px, picture(u_texture, v_local), shutter());
        #elif WARP == 7
            vec4 c = suck(p, px);
        #elif WARP == 11
            vec4 c = suck(1.0 - p, px);
        #elif WARP == 10
            vec4 c = genie(p, px);
        #else
            vec4 c = curl(p, WARP == 8, px);
        #endif
            float window = coverage(roundedRectDistance(v_local, u_rect, vec4(0.0)));
            return c * (window * u_opacity);
        }
        """
}
