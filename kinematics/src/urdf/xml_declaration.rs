//! An XML declaration after blank lines, as some URDF files have it (pybullet's
//! `differential/diff_ring.urdf` starts with an empty line). XML allows the declaration only at
//! the very start, so Morsel's XML reader refuses such a file; Pinocchio's reads it. The
//! declaration says nothing Morsel uses (the text is already UTF-8), so it is blanked out.

use std::borrow::Cow;

/// `text` with a declaration that follows leading whitespace replaced by spaces, so that every
/// line and column stays where it was (for messages); `text` itself otherwise.
pub(crate) fn after_blank_lines(text: &str) -> Cow<'_, str> {
    let body = text.trim_start();
    if body.len() == text.len() || !body.starts_with("<?xml") {
        return Cow::Borrowed(text);
    }
    let start = text.len() - body.len();
    let Some(end) = body.find("?>") else {
        return Cow::Borrowed(text);
    };
    let declaration = &body[..end + 2];
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..start]);
    // Each character becomes as many spaces as it has bytes (offsets stay), line breaks stay.
    for c in declaration.chars() {
        if c == '\n' || c == '\r' {
            out.push(c);
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    }
    out.push_str(&body[end + 2..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::after_blank_lines;

    #[test]
    fn a_declaration_after_blank_lines_is_blanked_keeping_positions() {
        let text = "\n  <?xml version=\"1.0\" ?>\n<robot name=\"r\"/>";
        let fixed = after_blank_lines(text);
        assert_eq!(fixed.len(), text.len());
        assert_eq!(fixed.lines().count(), text.lines().count());
        assert!(!fixed.contains("<?xml"));
        assert!(fixed.ends_with("<robot name=\"r\"/>"));
    }

    #[test]
    fn a_declaration_at_the_start_and_text_without_one_are_left_alone() {
        let at_start = "<?xml version=\"1.0\"?>\n<robot/>";
        assert!(matches!(
            after_blank_lines(at_start),
            std::borrow::Cow::Borrowed(_)
        ));
        assert!(matches!(
            after_blank_lines("\n<robot/>"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
