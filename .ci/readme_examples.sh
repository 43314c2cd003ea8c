#!/usr/bin/env bash
# Each library crate's README example, tried as a new user would: a fresh cargo project outside
# the workspace (so no workspace profile, no workspace dependencies) depends on that one crate
# by path, gets the README's first Rust example as its main.rs, and is built and run.
#
# The example's hidden doctest lines (`# ...`) are kept, and its closing `Ok::<(), E>(())` makes
# the closure that wraps it return a Result, so `?` works as in the doctest. An example marked
# `no_run` (it reads files that only the repository has) is built, not run.
#
# Usage: bash .ci/readme_examples.sh [CRATE_DIR ...]   (default: every library crate)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
crates=("$@")
if [ ${#crates[@]} -eq 0 ]; then
    crates=(geometry kinematics sensing stability jointspace lab)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The workspace's own target folder for all the projects: what `cargo package` verified (every
# crate built alone, at the default dev profile, as these projects build them) is reused, not
# built again (CI time).
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"

for dir in "${crates[@]}"; do
    name=$(sed -n 's/^name = "\(.*\)"/\1/p' "$root/$dir/Cargo.toml" | head -n 1)
    project="$work/user_of_$dir"
    mkdir -p "$project/src"
    cat >"$project/Cargo.toml" <<EOF
[package]
name = "user_of_$dir"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
$name = { path = "$root/$dir" }

[workspace]
EOF
    # The workspace's lock file pins the same versions as the workspace's own tests.
    cp "$root/Cargo.lock" "$project/Cargo.lock"
    fence=$(python3 - "$root/$dir/README.md" "$project/src/main.rs" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
match = re.search(r"^```rust([^\n]*)\n(.*?)^```", text, re.S | re.M)
if not match:
    sys.exit(f"{sys.argv[1]}: no ```rust example")
lines = []
for line in match.group(2).splitlines():
    # rustdoc's hidden lines: "# code" shows as "code", a lone "#" as an empty line.
    if line == "#":
        line = ""
    elif line.startswith("# "):
        line = line[2:]
    lines.append("        " + line)
body = "\n".join(lines)
main = f"""// The first Rust example of {sys.argv[1]}, as a program.
#![allow(unused_imports, unused_variables)]

fn main() {{
    let example = || {{
{body}
    }};
    if let Err(e) = example() {{
        eprintln!("README example failed: {{e}}");
        std::process::exit(1);
    }}
    println!("README example ran");
}}
"""
open(sys.argv[2], "w", encoding="utf-8").write(main)
print(match.group(1))
PY
    )
    echo "== $name: README example (${fence:-rust})"
    if [[ "$fence" == *no_run* ]]; then
        cargo build --quiet --manifest-path "$project/Cargo.toml"
        echo "built (no_run: not run)"
    else
        (cd "$project" && cargo run --quiet)
    fi
done
