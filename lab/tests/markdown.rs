//! Every Markdown file in the repository renders as intended under a CommonMark parser
//! (pulldown-cmark): no fenced code block left open (which turns the rest of a file into code),
//! no heading swallowed into a code block, every relative link and image pointing at a file that
//! exists; and the README's table of scripts and its counts match `scripts/`.
//!
//! A Rust CommonMark parser rather than a Python one so that the check runs in every
//! `cargo test --workspace`, with no virtual environment to set up.

use std::path::{Path, PathBuf};

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the lab lies in the workspace")
        .to_path_buf()
}

/// Every `.md` file under `dir`, skipping build output and hidden folders.
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "node_modules" {
                markdown_files(&path, out);
            }
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Whether a line inside a code block looks like a Markdown heading that escaped its section:
/// `## Title` always (no language we fence uses `##` comments), `# Title` unless the block's
/// language has `#` comments.
fn looks_like_heading(line: &str, language: &str) -> bool {
    let hashes = line.chars().take_while(|c| *c == '#').count();
    if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
        return false;
    }
    let rest = line[hashes..].trim();
    if rest.is_empty() {
        return false;
    }
    let hash_comments = matches!(
        language,
        "sh" | "bash" | "shell" | "console" | "python" | "py" | "toml" | "yaml" | "text" | "rust"
    );
    hashes >= 2 || !hash_comments
}

/// The rendering problems of one Markdown text, each with its line.
fn rendering_problems(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut fence: Option<(usize, String, String)> = None;
    for (event, range) in Parser::new(text).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let language = info
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .next()
                    .unwrap_or("")
                    .to_string();
                fence = Some((range.start, language, text[range].to_string()));
            }
            Event::End(TagEnd::CodeBlock) => {
                let Some((start, language, source)) = fence.take() else {
                    continue;
                };
                let opening = source.trim_start();
                let marker: String = opening
                    .chars()
                    .take_while(|c| *c == '`' || *c == '~')
                    .collect();
                let last = source.trim_end().lines().last().unwrap_or("").trim();
                let closed = source.trim_end().lines().count() > 1
                    && last.starts_with(&marker)
                    && last
                        .chars()
                        .all(|c| c == marker.chars().next().unwrap_or('`'));
                if !closed {
                    problems.push(format!(
                        "line {}: the code block opened here is never closed (the rest of the file renders as code)",
                        line_of(text, start)
                    ));
                }
                for (i, line) in source.lines().enumerate().skip(1) {
                    if looks_like_heading(line, &language) {
                        problems.push(format!(
                            "line {}: a heading inside a code block: {line}",
                            line_of(text, start) + i
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    problems
}

/// The relative link and image targets of a Markdown text (no URLs, no in-page anchors).
fn local_targets(text: &str) -> Vec<String> {
    Parser::new(text)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. }) => Some(dest_url.to_string()),
            _ => None,
        })
        .filter(|url| !url.contains("://") && !url.starts_with('#') && !url.starts_with("mailto:"))
        .map(|url| url.split('#').next().unwrap_or("").to_string())
        .filter(|url| !url.is_empty())
        .collect()
}

#[test]
fn the_checker_catches_an_unclosed_fence_and_a_swallowed_heading() {
    let broken = "# Title\n\n```python\nprint(1)\n``` More text\n\n## Crates\n\n| a | b |\n";
    let problems = rendering_problems(broken);
    assert!(
        problems.iter().any(|p| p.contains("never closed")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.contains("## Crates")),
        "{problems:?}"
    );
    let fine =
        "# Title\n\n```python\n# a comment\nprint(1)\n```\n\n## Crates\n\n````md\n```\n````\n";
    assert_eq!(rendering_problems(fine), Vec::<String>::new());
    let tilde = "~~~\ncode\n~~~\n";
    assert_eq!(rendering_problems(tilde), Vec::<String>::new());
}

#[test]
fn every_markdown_file_renders_as_intended() {
    let root = workspace();
    let mut files = Vec::new();
    markdown_files(&root, &mut files);
    files.sort();
    assert!(files.len() >= 15, "found only {files:?}");
    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a Markdown file");
        let shown = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        for problem in rendering_problems(&text) {
            problems.push(format!("{shown}: {problem}"));
        }
        // Third-party READMEs kept verbatim link into their own repositories.
        let upstream = file
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("UPSTREAM"));
        if upstream {
            continue;
        }
        let dir = file.parent().unwrap_or(&root);
        for target in local_targets(&text) {
            if !dir.join(&target).exists() {
                problems.push(format!("{shown}: links to {target}, which does not exist"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

const NUMBERS: [&str; 21] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
];

fn number_word(word: &str) -> Option<usize> {
    let word = word.to_lowercase();
    NUMBERS
        .iter()
        .position(|n| *n == word)
        .or_else(|| word.parse().ok())
}

#[test]
fn the_readme_lists_every_script_and_counts_them_right() {
    let root = workspace();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let mut scripts: Vec<String> = std::fs::read_dir(root.join("scripts"))
        .expect("scripts/")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".rhai"))
        .collect();
    scripts.sort();
    let mut listed: Vec<String> = readme
        .lines()
        .filter_map(|l| l.strip_prefix("| `scripts/"))
        .filter_map(|l| l.split('`').next())
        .map(str::to_string)
        .collect();
    listed.sort();
    assert_eq!(
        listed, scripts,
        "the README's table of scripts and scripts/ differ"
    );

    // "N of the M scripts (all but `a` and `b`...)": M is the tree's count, N what is left.
    let words: Vec<&str> = readme.split_whitespace().collect();
    let mut claims = 0;
    for (i, window) in words.windows(3).enumerate() {
        if (window[1] == "scripts" || window[1] == "scripts,")
            && let Some(n) = number_word(window[0])
        {
            claims += 1;
            assert_eq!(n, scripts.len(), "the README says '{} scripts'", window[0]);
            if i >= 3 && words[i - 1] == "the" && words[i - 2] == "of" {
                let part = number_word(words[i - 3]).expect("a count before 'of the'");
                let tail = words[i + 2..].join(" ");
                let excluded = tail
                    .strip_prefix("(all but ")
                    .and_then(|t| t.split(')').next())
                    .map(|t| t.matches(".rhai`").count())
                    .unwrap_or(0);
                assert_eq!(
                    part + excluded,
                    scripts.len(),
                    "'{} of the {} scripts' leaves out {excluded}",
                    words[i - 3],
                    window[0]
                );
            }
        }
    }
    assert!(claims > 0, "the README's count of scripts was not found");
}
