//! PNG rasters (8-bit RGB) through the `png` crate, and their base64 text for embedding in SVG
//! (the `base64` crate).

use std::path::Path;

use base64::Engine as _;

use crate::error::{JointspaceError, Result};

/// Encodes an RGB image (`rgb.len() == 3·width·height`, rows top to bottom) as PNG bytes.
pub fn encode_png(width: usize, height: usize, rgb: &[u8]) -> Result<Vec<u8>> {
    if width == 0
        || height == 0
        || Some(rgb.len()) != width.checked_mul(height).and_then(|n| n.checked_mul(3))
    {
        return Err(JointspaceError::invalid(
            "PNG image",
            format!(
                "{width} × {height} pixels need {} bytes of RGB, got {}",
                3u128 * width as u128 * height as u128,
                rgb.len()
            ),
        ));
    }
    let (Ok(w), Ok(h)) = (u32::try_from(width), u32::try_from(height)) else {
        return Err(JointspaceError::invalid(
            "PNG image",
            "it is larger than PNG allows",
        ));
    };
    let failed = |e: png::EncodingError| JointspaceError::invalid("PNG image", e.to_string());
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(rgb).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(bytes)
}

/// Writes an RGB image as a PNG file.
pub fn write_png(path: impl AsRef<Path>, width: usize, height: usize, rgb: &[u8]) -> Result<()> {
    let path = path.as_ref();
    let bytes = encode_png(width, height, rgb)?;
    std::fs::write(path, bytes).map_err(|source| JointspaceError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Standard base64 with padding (RFC 4648).
pub(crate) fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_png_decodes_back_to_its_pixels() {
        let (width, height) = (3usize, 2usize);
        let rgb: Vec<u8> = (0..3 * width * height)
            .map(|i| (i * 37 % 256) as u8)
            .collect();
        let png = encode_png(width, height, &rgb).expect("encodes");
        assert_eq!(&png[..8], &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]);
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut pixels).expect("a frame");
        assert_eq!((info.width, info.height), (3, 2));
        assert_eq!(info.color_type, png::ColorType::Rgb);
        assert_eq!(&pixels[..info.buffer_size()], rgb.as_slice());
        assert!(encode_png(2, 2, &[0; 3]).is_err());
        assert!(encode_png(0, 2, &[]).is_err());
    }

    #[test]
    fn base64_matches_rfc4648_vectors() {
        for (input, expected) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(input.as_bytes()), expected);
        }
    }
}
