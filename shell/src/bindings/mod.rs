//! The script API: one file per Morsel crate, each with a `register` function.
//!
//! `shell.rs` holds the shell's own functions (`seed`, `test_mode`, `save`), `vectors.rs` the
//! vector helpers (`norm`, `dot`, `cross`, ...), `printing.rs` how floats print. [`register_all`]
//! is called once per engine (see [`crate::engine::build_engine`]). The domain
//! crates know nothing of Rhai; all of the glue lives here.
//!
//! # Adding `bindings/<crate>.rs`
//!
//! 1. **Dependency**: add `morsel-<crate>.workspace = true` to `shell/Cargo.toml`.
//!
//! 2. **File and hook**: create `shell/src/bindings/<crate>.rs` with
//!    ```ignore
//!    pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) { ... }
//!    ```
//!    then add `pub mod <crate>;` below and one line in [`register_all`]. Keep each file under
//!    ~600 lines; split by concept (`bindings/<crate>/stance.rs`, ...) when it grows.
//!
//! 3. **Types**: `engine.register_type_with_name::<T>("Name")` with the name scripts see.
//!    `T` must be `Clone + Send + Sync + 'static` (the engine is built with rhai's `sync`
//!    feature): wrap big or non-`Clone` values in `Arc`. Expose read-only properties with
//!    `engine.register_get("name", |x: &mut T| ...)` and no setter. Give every type:
//!    - `to_map(x) -> Map` (register it as a function `to_map`), so that `save("x.json", obj)`
//!      can write it ([`crate::save::plain_value`] calls `to_map` on any custom type) and scripts
//!      can inspect it;
//!    - `to_string(x)` and `to_debug(x)`, so that `print(x)` and the REPL show something useful.
//!
//! 4. **Functions and docs**: describe the function in the API description,
//!    `lab/src/api/script_api.txt` (its group, signature and one-line description; both front
//!    ends and the generated references read it), then register with [`doc`], which records the
//!    parameter names and takes the description from there for `:help`:
//!    ```ignore
//!    doc("sphere", &["r: number", "Shape"])
//!        .register_into_engine(engine, |r: Dynamic| -> ScriptResult<Shape> {
//!            Shape::sphere(f64_arg(&r, "`r` of sphere()").or_script()?).or_script()
//!        });
//!    ```
//!    The last entry of the parameter list is the return type. A function whose first parameter
//!    is `&mut T` is also a method: `shape.sensor_points(0.01)` calls `sensor_points(shape, 0.01)`.
//!    The engine is built once per session, so register closures, not per-call state.
//!    `shell/tests/api.rs` fails until the registration and the description agree.
//!
//! 5. **Arguments**: take numbers and arrays as `Dynamic` and convert them with
//!    [`crate::convert`]: `f64_arg`, `int_arg`, `usize_arg`, `bool_arg`, `string_arg`,
//!    `vector3_arg`, `point3_arg`, `fixed_arg::<N>`, `vec_arg`, `rows_arg`, `matrix_arg`,
//!    `points_arg`. They accept integers where floats are expected (`sphere(1)`), reject NaN,
//!    and name the argument in their error; by convention the name reads "`pos` of pose()".
//!    Take strings as `ImmutableString` (or `&str`) and Morsel objects as `&mut T` or `T`.
//!
//! 6. **Options maps**: for `f(x, #{ key: value, ... })`, take the map as a `Dynamic` and read
//!    it with [`crate::options::Options`]:
//!    ```ignore
//!    let mut o = Options::new("f", &opts).or_script()?;
//!    let resolution = o.f64_or("resolution", 0.01).or_script()?;
//!    let axis = o.vector3("axis").or_script()?;          // Option<Vector3<f64>>
//!    let mass = o.f64("mass").or_script()?;
//!    let mass = o.required("mass", mass).or_script()?;   // error when absent
//!    o.finish().or_script()?;                            // refuses unknown keys, lists the known ones
//!    ```
//!    Register the map form as an overload: `f(x)` and `f(x, opts)`.
//!
//! 7. **Errors**: return [`ScriptResult<T>`](crate::error::ScriptResult). Every failure goes
//!    through the one function [`crate::error::script_error`], usually as `.or_script()`
//!    ([`crate::error::OrScriptError`]) on a `Result` whose error implements
//!    `std::error::Error` (your crate's error enum, a [`crate::error::ShellError`] from a
//!    conversion, a [`crate::sandbox::SandboxError`]). Rhai adds the script position. Never
//!    `unwrap`, `expect` or panic on anything a script can reach; NaN input is an error.
//!    An infeasible problem (an IK that does not converge) is a normal result (a map with a
//!    status), not an error.
//!
//! 8. **Returning values**: numbers as `FLOAT`, counts and indices as `INT`, vectors and points
//!    as arrays `[x, y, z]` with [`crate::convert`]'s `from_vector3`, `from_point3`,
//!    `from_points`, `from_vectors`, `from_rows`, `from_f64s`, `from_indices`; records as a
//!    `rhai::Map` (keys sorted, so JSON output is stable); "nothing found" as `()`.
//!
//! 9. **Files and randomness**: resolve every script-given path through
//!    `ctx.sandbox.read_path(path)` (reads, relative to the script's folder) or
//!    `ctx.sandbox.write_path(path)` (writes, under `--out`); never touch the file system
//!    otherwise. Seed every random process from `ctx.seed` (or a `seed` option).
//!    `ctx.test_mode` is true under the golden-test harness.
//!
//! 10. **Tests**: unit-test helpers in your file; test the script surface in the shell's one
//!     integration-test binary: add `shell/tests/shell/<crate>.rs` and a `mod <crate>;` line in
//!     `shell/tests/shell/main.rs`, whose `Bench` runs scripts in a temporary folder
//!     (`b.run(src)` returns the printed output, `b.fail(src)` the [`crate::Diagnostic`],
//!     `assert_fails_at(&d, "message part", line)`). Check values against independent truths
//!     and write one case per malformed input. Add a `scripts/<workflow>.rhai` (use
//!     `TEST_MODE` for small sizes) and bless its golden files and the signature snapshot
//!     (`tests/api_signatures.txt`): `MORSEL_BLESS=1 cargo test -p morsel-shell --test golden
//!     --test api`; regenerate `docs/scripting.md` and `docs/python.md` with
//!     `MORSEL_BLESS=1 cargo test -p morsel-lab --test api_docs`.

pub mod geometry;
pub mod jointspace;
pub mod kinematics;
pub mod printing;
pub mod sensing;
pub mod shell;
pub mod stability;
pub mod vectors;

use std::sync::Arc;

use morsel_lab::__private::api::{script_api, signature_of};
use rhai::{Engine, FuncRegistration};

use crate::context::ShellContext;

/// Registers the whole script API into `engine`.
pub fn register_all(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    shell::register(engine, ctx);
    printing::register(engine);
    vectors::register(engine);
    geometry::register(engine, ctx);
    kinematics::register(engine, ctx);
    jointspace::register(engine, ctx);
    stability::register(engine, ctx);
    sensing::register(engine, ctx);
}

/// A function registration carrying its parameter names (the last entry is the return type) and
/// the one-line description that the API description (`lab/src/api/script_api.txt`) gives its
/// signature, for `:help` and the generated references.
///
/// A registration whose signature the description lacks gets no description; the API test
/// (`shell/tests/api.rs`) then fails, naming it.
pub fn doc(name: &str, params: &[&str]) -> FuncRegistration {
    // Rhai drops the spaces of parameter types, so "Pose or [x, y, z]" would read
    // "Poseor[x,y,z]"; an alternative is written `|` instead.
    let params: Vec<String> = params.iter().map(|p| p.replace(" or ", " | ")).collect();
    let refs: Vec<&str> = params.iter().map(String::as_str).collect();
    let description = script_api()
        .find(&signature_of(name, &refs))
        .map(|f| f.description.clone())
        .unwrap_or_default();
    FuncRegistration::new(name)
        .with_params_info(params)
        .with_comments([format!("/// {description}")])
}
