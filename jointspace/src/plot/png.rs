//! A minimal PNG encoder (8-bit RGB, no compression: stored deflate blocks), and base64 for
//! embedding rasters in SVG. Pure Rust and dependency-free; files are about
//! `3·width·height` bytes.

use std::path::Path;

use crate::error::{JointspaceError, Result};

/// Largest payload of one stored deflate block.
const STORED_BLOCK: usize = 65_535;

/// Encodes an RGB image (`rgb.len() == 3·width·height`, rows top to bottom) as PNG bytes.
pub fn encode_png(width: usize, height: usize, rgb: &[u8]) -> Result<Vec<u8>> {
    if width == 0 || height == 0 || rgb.len() != 3 * width * height {
        return Err(JointspaceError::invalid(
            "PNG image",
            format!(
                "{width} × {height} pixels need {} bytes of RGB, got {}",
                3 * width * height,
                rgb.len()
            ),
        ));
    }
    let (w, h) = (u32::try_from(width), u32::try_from(height));
    let (Ok(w), Ok(h)) = (w, h) else {
        return Err(JointspaceError::invalid(
            "PNG image",
            "it is larger than PNG allows",
        ));
    };
    // Scanlines, each prefixed by filter type 0 (none).
    let mut raw = Vec::with_capacity(height * (3 * width + 1));
    for row in rgb.chunks_exact(3 * width) {
        raw.push(0);
        raw.extend_from_slice(row);
    }
    let mut zlib = vec![0x78, 0x01];
    let blocks = raw.chunks(STORED_BLOCK).count();
    for (i, block) in raw.chunks(STORED_BLOCK).enumerate() {
        zlib.push(u8::from(i + 1 == blocks));
        let len = block.len() as u16;
        zlib.extend_from_slice(&len.to_le_bytes());
        zlib.extend_from_slice(&(!len).to_le_bytes());
        zlib.extend_from_slice(block);
    }
    zlib.extend_from_slice(&adler32(&raw).to_be_bytes());
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
    chunk(&mut png, b"IHDR", &ihdr);
    chunk(&mut png, b"IDAT", &zlib);
    chunk(&mut png, b"IEND", &[]);
    Ok(png)
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

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// CRC-32 (ISO-HDLC, reflected polynomial 0xEDB88320), bitwise.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Adler-32 checksum of zlib.
fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in bytes.chunks(5552) {
        for &x in chunk {
            a += u32::from(x);
            b += a;
        }
        a %= 65_521;
        b %= 65_521;
    }
    (b << 16) | a
}

/// Standard base64 with padding.
pub(crate) fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &b)| acc | (u32::from(b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= group.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_published_check_values() {
        // The standard check inputs of CRC-32 and Adler-32.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
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

    #[test]
    fn png_structure_is_valid() {
        let png = encode_png(2, 1, &[255, 0, 0, 0, 0, 255]).unwrap();
        assert_eq!(&png[..8], &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]);
        assert_eq!(&png[12..16], b"IHDR");
        assert_eq!(u32::from_be_bytes([png[16], png[17], png[18], png[19]]), 2);
        assert!(png.ends_with(&[0xAE, 0x42, 0x60, 0x82])); // CRC of an empty IEND
        assert!(encode_png(2, 2, &[0; 3]).is_err());
    }
}
