//! Line numbers of byte offsets in one text, found by binary search over its line starts.
//!
//! The XML readers name the line of a faulty element. Finding it by counting newlines from the
//! text's start (as roxmltree's own `text_pos_at` does) costs the text's length per lookup, so a
//! reader that names the line of every element becomes quadratic in the file's size; this index
//! is built once in one pass and answers each lookup in O(log lines).

/// The byte offsets at which the lines of a text start.
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text` (one pass over its bytes).
    pub(crate) fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The 1-based line holding byte `offset` (an offset past the end is on the last line).
    pub(crate) fn line_of(&self, offset: usize) -> u32 {
        let line = self.starts.partition_point(|&start| start <= offset);
        u32::try_from(line).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::LineIndex;

    #[test]
    fn line_numbers_count_from_one() {
        let lines = LineIndex::new("a\nbc\n\nd");
        assert_eq!(
            [0, 1, 2, 4, 5, 6, 7].map(|o| lines.line_of(o)),
            [1, 1, 2, 2, 3, 4, 4]
        );
    }

    #[test]
    fn lines_agree_with_counting_newlines() {
        let text = "<robot>\r\n  <link name=\"a\"/>\n\n<joint>\n</joint></robot>\n";
        let lines = LineIndex::new(text);
        for offset in 0..=text.len() {
            let counted = text.as_bytes()[..offset]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            assert_eq!(lines.line_of(offset) as usize, counted, "offset {offset}");
        }
    }
}
