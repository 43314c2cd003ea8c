//! A progress bar on standard error, shown only when it is a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// Runs shorter than this many steps show no bar.
const MIN_STEPS: u64 = 2000;

/// An optional progress bar (none in tests, CI and pipes).
pub(crate) struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar of `total` steps labelled `label`, when `enabled`, the run is long enough and
    /// standard error is a terminal.
    pub fn new(enabled: bool, total: u64, label: &str) -> Self {
        if !enabled || total < MIN_STEPS || !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = ProgressBar::new(total);
        if let Ok(style) = ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta})",
        ) {
            bar.set_style(style);
        }
        bar.set_message(label.to_owned());
        Progress(Some(bar))
    }

    /// Advances by `n` steps.
    pub fn inc(&self, n: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(n);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
