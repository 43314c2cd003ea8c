//! The shape of one row of MuJoCo's MJCF schema (the table is `schema_table.rs`, the check
//! `schema.rs`).

/// How often an element may appear under its parent (MuJoCo's `!`, `?`, `*`, `R`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Card {
    /// Exactly once (the root).
    One,
    /// At most once.
    AtMostOne,
    /// Any number of times.
    Any,
    /// Any number of times, and it may hold itself.
    Recursive,
}

/// One element of the schema: its tag, cardinality, attributes and child elements.
#[derive(Debug)]
pub(super) struct Row {
    /// The tag.
    pub name: &'static str,
    /// How often it may appear.
    pub card: Card,
    /// Its attributes, sorted.
    pub attrs: &'static [&'static str],
    /// The elements it may hold.
    pub children: &'static [Row],
}
