//! The nesting depth of XML text, bounded before any XML parser sees it.
//!
//! The XML parsers Morsel uses (roxmltree for MJCF, URDF and COLLADA)
//! and the readers walking their trees recurse once per nested element, so a file nesting
//! elements thousands deep would overflow the stack. Each reader first calls [`too_deep`] on
//! the text and refuses documents nested deeper than [`MAX_XML_DEPTH`] with a typed error
//! naming the line. The scan is a single pass without recursion.

/// The deepest element nesting Morsel's XML readers accept: the document's root element is at
/// depth 1, its children at depth 2, and so on.
///
/// MuJoCo's own bound is no higher: MuJoCo 4.0 reads MJCF with tinyxml2, which refuses a chain
/// of 497 nested bodies (each with a joint and a geom) with `XML_ELEMENT_DEPTH_EXCEEDED` and
/// compiles 496; Morsel loads both (the deepest element of 497 bodies sits at depth 500). A
/// deeper chain, such as 20,000 bodies, is refused by both
/// (`kinematics/tests/mjcf_reference/test_nesting_limit.py` checks this against MuJoCo).
pub const MAX_XML_DEPTH: usize = 500;

/// How many levels of entity references roxmltree expands inside one another; the nesting an
/// entity's text adds counts that many times, to stay on the safe side.
const ENTITY_LEVELS: usize = 10;

/// A parser's message on one line: control characters it quotes from the file (a newline where
/// `>` was expected) are written as escapes, so that an error stays one line.
pub fn one_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// The 1-based line of the first element of `text` nested deeper than `limit`, if any.
///
/// Comments, CDATA sections, processing instructions and quoted attribute values are skipped.
/// Elements written inside the entity values of a `<!DOCTYPE [...]>` count as if every level of
/// entity expansion nested them again. Malformed text is scanned as far as it goes (the
/// parser reports its errors afterwards).
pub fn too_deep(text: &str, limit: usize) -> Option<u32> {
    let b = text.as_bytes();
    let mut scan = Scan { b, i: 0, line: 1 };
    let mut depth = 0usize;
    let mut extra = 0usize;
    while scan.i < b.len() {
        match b[scan.i] {
            b'\n' => {
                scan.line += 1;
                scan.i += 1;
            }
            b'<' => {
                if scan.starts_with(b"<!--") {
                    scan.skip_past(b"-->");
                } else if scan.starts_with(b"<![CDATA[") {
                    scan.skip_past(b"]]>");
                } else if scan.starts_with(b"<?") {
                    scan.skip_past(b"?>");
                } else if scan.starts_with(b"<!") {
                    extra = extra.max(ENTITY_LEVELS * scan.declaration());
                } else if scan.starts_with(b"</") {
                    depth = depth.saturating_sub(1);
                    scan.skip_past(b">");
                } else {
                    let line = scan.line;
                    depth += 1;
                    if depth + extra > limit {
                        return Some(line);
                    }
                    if scan.start_tag_is_empty() {
                        depth -= 1;
                    }
                }
            }
            _ => scan.i += 1,
        }
    }
    None
}

/// A cursor over the bytes of the text, counting lines.
struct Scan<'a> {
    b: &'a [u8],
    i: usize,
    line: u32,
}

impl Scan<'_> {
    fn starts_with(&self, pattern: &[u8]) -> bool {
        self.b[self.i..].starts_with(pattern)
    }

    fn advance(&mut self) {
        if self.b[self.i] == b'\n' {
            self.line += 1;
        }
        self.i += 1;
    }

    /// Moves past the next `pattern` (or to the end).
    fn skip_past(&mut self, pattern: &[u8]) {
        while self.i < self.b.len() {
            if self.starts_with(pattern) {
                self.i += pattern.len();
                return;
            }
            self.advance();
        }
    }

    /// Moves past a quoted value starting at the cursor's quote.
    fn skip_quoted(&mut self) -> (usize, usize) {
        let quote = self.b[self.i];
        let start = self.i + 1;
        self.advance();
        while self.i < self.b.len() && self.b[self.i] != quote {
            self.advance();
        }
        let end = self.i.min(self.b.len());
        if self.i < self.b.len() {
            self.i += 1;
        }
        (start, end)
    }

    /// Moves past a start tag (from its `<`); true when it is empty (`<a/>`).
    fn start_tag_is_empty(&mut self) -> bool {
        self.i += 1;
        while self.i < self.b.len() {
            match self.b[self.i] {
                b'"' | b'\'' => {
                    self.skip_quoted();
                }
                b'>' => {
                    let empty = self.i > 0 && self.b[self.i - 1] == b'/';
                    self.i += 1;
                    return empty;
                }
                _ => self.advance(),
            }
        }
        false
    }

    /// Moves past a `<!...>` declaration (a DOCTYPE with its internal subset); returns the
    /// deepest element nesting written in its quoted values (entity texts).
    fn declaration(&mut self) -> usize {
        self.i += 2;
        let mut deepest = 0;
        let mut brackets = 0usize;
        while self.i < self.b.len() {
            match self.b[self.i] {
                b'"' | b'\'' => {
                    let (start, end) = self.skip_quoted();
                    deepest = deepest.max(nesting(&self.b[start..end]));
                }
                b'[' => {
                    brackets += 1;
                    self.i += 1;
                }
                b']' => {
                    brackets = brackets.saturating_sub(1);
                    self.i += 1;
                }
                b'<' if self.starts_with(b"<!--") => self.skip_past(b"-->"),
                b'>' if brackets == 0 => {
                    self.i += 1;
                    return deepest;
                }
                _ => self.advance(),
            }
        }
        deepest
    }
}

/// The deepest nesting of start tags in a fragment (an entity's text).
fn nesting(fragment: &[u8]) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for w in fragment.windows(2) {
        match w {
            [b'<', b'/'] => depth = depth.saturating_sub(1),
            [b'/', b'>'] => depth = depth.saturating_sub(1),
            [b'<', c] if c.is_ascii_alphabetic() || *c == b'_' || *c == b':' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            _ => {}
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_stay_on_one_line() {
        assert_eq!(
            one_line("expected '>' not '\n' at 3:32"),
            "expected '>' not '\\n' at 3:32"
        );
        assert_eq!(one_line("tab\there"), "tab\\there");
        assert_eq!(one_line("plain é"), "plain é");
    }

    fn nested(depth: usize) -> String {
        "<a>\n".repeat(depth) + &"</a>".repeat(depth)
    }

    #[test]
    fn depth_is_counted_from_the_root_element() {
        let text = nested(3);
        assert_eq!(too_deep(&text, 3), None);
        assert_eq!(too_deep(&text, 2), Some(3));
        let wide = "<r><a/><a x=\"/>\"/><a><b/></a></r>";
        assert_eq!(too_deep(wide, 3), None);
        assert_eq!(too_deep(wide, 2), Some(1));
        let skipped = "<?xml version=\"1.0\"?>\n<!-- <a><a><a> -->\n<r><![CDATA[<a><a>]]></r>";
        assert_eq!(too_deep(skipped, 1), None);
        // Entity texts count once per level of expansion.
        let entity = "<!DOCTYPE r [<!ENTITY e \"<a><b/></a>\">]>\n<r>&e;</r>";
        assert_eq!(too_deep(entity, 2 * ENTITY_LEVELS + 1), None);
        assert_eq!(too_deep(entity, 2 * ENTITY_LEVELS), Some(2));
    }

    #[test]
    fn fifty_thousand_levels_are_measured_without_recursion() {
        let text = nested(50_000);
        assert_eq!(
            too_deep(&text, MAX_XML_DEPTH),
            Some(MAX_XML_DEPTH as u32 + 1)
        );
    }

    #[test]
    fn documents_within_the_limit_parse_on_a_small_stack() {
        // What the limit protects: roxmltree recurses once per level.
        let text = nested(MAX_XML_DEPTH);
        assert_eq!(too_deep(&text, MAX_XML_DEPTH), None);
        let handle = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(move || {
                roxmltree::Document::parse(&text)
                    .map(|d| d.descendants().filter(roxmltree::Node::is_element).count())
            })
            .expect("thread");
        let count = handle.join().expect("no stack overflow").expect("parses");
        assert_eq!(count, MAX_XML_DEPTH);
    }
}
