//! The `morsel` command: see `morsel help`.

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    std::process::exit(morsel_shell::cli::run(&args));
}
