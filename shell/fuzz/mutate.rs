//! Seeded mutations of seed inputs: the same seed always gives the same inputs.
//!
//! Each mutant applies one to four edits to a seed: flip bits, overwrite, insert or delete
//! bytes, duplicate or drop a span, truncate, splice two seeds, and for text formats replace a
//! number or a token by a troublesome one (`nan`, `-1e400`, `""`, `<`, a huge count...).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Words that break parsers more often than random bytes do.
const TOKENS: &[&[u8]] = &[
    b"nan",
    b"NaN",
    b"inf",
    b"-inf",
    b"-1e400",
    b"1e400",
    b"0",
    b"-0",
    b"-1",
    b"4294967295",
    b"18446744073709551616",
    b"99999999999",
    b"0.0000001",
    b"",
    b" ",
    b"\n",
    b"\r\n",
    b"\t",
    b"\"",
    b"'",
    b"<",
    b">",
    b"/>",
    b"</",
    b"&",
    b"&amp;",
    b"<!--",
    b"]]>",
    b"=",
    b"#",
    b"//",
    b"{",
    b"}",
    b"[",
    b"]",
    b"(",
    b")",
    b";",
    b",",
    b"f",
    b"v",
    b"vertex",
    b"facet",
    b"solid",
    b"endsolid",
    b"loop",
    b"while true {}",
    b"\xff\xfe",
    b"\x00",
    b"\xc3\x28",
];

/// `count` mutants of `seeds`, from `seed`.
pub fn mutations(seeds: &[Vec<u8>], count: usize, seed: u64, text: bool) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut bytes = seeds[rng.random_range(0..seeds.len())].clone();
            for _ in 0..rng.random_range(1..=4) {
                mutate(&mut rng, &mut bytes, seeds, text);
            }
            bytes
        })
        .collect()
}

fn span(rng: &mut ChaCha8Rng, len: usize) -> (usize, usize) {
    if len == 0 {
        return (0, 0);
    }
    let start = rng.random_range(0..len);
    let max = (len - start).min(if rng.random_bool(0.8) { 16 } else { len });
    (start, start + rng.random_range(0..=max))
}

/// The byte ranges of the numbers in a text (a digit run with its sign, dot and exponent).
fn numbers(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let mut start = i;
            if start > 0 && bytes[start - 1] == b'-' {
                start -= 1;
            }
            while i < bytes.len() && (bytes[i].is_ascii_digit() || b".eE+-".contains(&bytes[i])) {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

fn mutate(rng: &mut ChaCha8Rng, bytes: &mut Vec<u8>, seeds: &[Vec<u8>], text: bool) {
    let len = bytes.len();
    let choices = if text { 10 } else { 8 };
    match rng.random_range(0..choices) {
        0 if len > 0 => {
            let i = rng.random_range(0..len);
            bytes[i] ^= 1 << rng.random_range(0..8);
        }
        1 if len > 0 => {
            let i = rng.random_range(0..len);
            bytes[i] = rng.random();
        }
        2 => {
            let i = rng.random_range(0..=len);
            let n = rng.random_range(1..=8);
            let noise: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            bytes.splice(i..i, noise);
        }
        3 => {
            let (a, b) = span(rng, len);
            bytes.drain(a..b);
        }
        4 => {
            let (a, b) = span(rng, len);
            let copy = bytes[a..b].to_vec();
            let at = rng.random_range(0..=len);
            bytes.splice(at..at, copy);
        }
        5 => {
            let keep = rng.random_range(0..=len);
            bytes.truncate(keep);
        }
        6 => {
            let other = &seeds[rng.random_range(0..seeds.len())];
            let (a, b) = span(rng, other.len());
            let at = rng.random_range(0..=len);
            bytes.splice(at..at, other[a..b].iter().copied());
        }
        7 if len >= 4 => {
            // A little-endian count or coordinate overwritten by an extreme value.
            let i = rng.random_range(0..=len - 4);
            let word: [u8; 4] = match rng.random_range(0..4) {
                0 => u32::MAX.to_le_bytes(),
                1 => f32::NAN.to_le_bytes(),
                2 => f32::INFINITY.to_le_bytes(),
                _ => rng.random(),
            };
            bytes[i..i + 4].copy_from_slice(&word);
        }
        8 => {
            let found = numbers(bytes);
            let token = TOKENS[rng.random_range(0..TOKENS.len())];
            if let Some(&(a, b)) = found.get(rng.random_range(0..found.len().max(1))) {
                bytes.splice(a..b, token.iter().copied());
            }
        }
        _ => {
            let token = TOKENS[rng.random_range(0..TOKENS.len())];
            let at = rng.random_range(0..=len);
            bytes.splice(at..at, token.iter().copied());
        }
    }
}
