//! The script API's SVG plots from Python: `plot_polygon` (morsel_stability::plot),
//! `plot_map` (morsel_jointspace::plot), `plot_outputs`, `plot_sensors` (a Touch) and
//! `plot_forces` (Taxels) (morsel_sensing::plot). The drawing code is the crates', so a file
//! written from Python has the same bytes as the script's. Paths are used as given (relative
//! to the working folder, as `morsel.save`).

use std::path::Path;

use morsel_sensing::plot::{PlotOptions, View, taxel_forces_svg};
use morsel_stability::PolygonMethod;
use morsel_stability::plot::{polygon_svg, region_svg};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{Options, path_arg, sequence_arg, string_arg, type_name};
use crate::errors::{Kind, ToPy, error, type_error, value_error};
use crate::jointspace::{PyBoundary, PySampleMap};
use crate::stability::{polygon_arg, stance_arg};
use crate::taxels::PyTaxels;
use crate::touch::PyTouch;

/// Writes `text` to `path`; a missing folder is a MissingFileError.
fn write_text(path: &Path, text: &str) -> PyResult<()> {
    std::fs::write(path, text).map_err(|e| {
        let kind = if e.kind() == std::io::ErrorKind::NotFound {
            Kind::File
        } else {
            Kind::Other
        };
        error(
            kind,
            format!(
                "cannot write {}: {e} (does its folder exist?)",
                path.display()
            ),
        )
    })
}

fn view_arg(v: &Bound<'_, PyAny>, what: &str) -> PyResult<View> {
    let name: String = v.extract().map_err(|_| {
        type_error(format!(
            "{what}: expected \"top\", \"front\", \"side\" or \"isometric\", got {}",
            type_name(v)
        ))
    })?;
    match name.as_str() {
        "top" => Ok(View::Top),
        "front" => Ok(View::Front),
        "side" => Ok(View::Side),
        "isometric" => Ok(View::Isometric),
        other => Err(value_error(format!(
            "{what}: expected \"top\", \"front\", \"side\" or \"isometric\", got \"{other}\""
        ))),
    }
}

/// Reads {title, views, arrows, bodies} of the touch and taxel plots (and per_body of
/// plot_outputs).
fn plot_options(
    function: &'static str,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
    title: &str,
) -> PyResult<(PlotOptions, Option<Vec<String>>)> {
    let mut o = Options::new(function, options)?.merge(kwargs)?;
    let mut p = PlotOptions::new(o.string("title")?.unwrap_or_else(|| title.to_string()));
    if let Some(v) = o.take("views") {
        let what = format!("option `views` of {function}()");
        let views = sequence_arg(&v, &what, "view names")?
            .iter()
            .enumerate()
            .map(|(i, item)| view_arg(item, &format!("{what}[{i}]")))
            .collect::<PyResult<Vec<_>>>()?;
        p = p.views(&views);
    }
    if let Some(on) = o.bool("arrows")? {
        p = p.arrows(on);
    }
    if function == "plot_outputs"
        && let Some(on) = o.bool("per_body")?
    {
        p = p.per_body(on);
    }
    let bodies = match o.take("bodies") {
        None => None,
        Some(b) => {
            let what = format!("option `bodies` of {function}()");
            let names = sequence_arg(&b, &what, "body names")?
                .iter()
                .enumerate()
                .map(|(i, item)| string_arg(item, &format!("{what}[{i}]")))
                .collect::<PyResult<Vec<_>>>()?;
            Some(names)
        }
    };
    o.finish()?;
    Ok((p, bodies))
}

/// `plot_polygon(path, stance, polygon=None, region=None)`: writes an SVG top view of the
/// contact rectangles, the polygon (a dict made by static_polygon(); default: Bretl's) and the
/// CoM; with `region` (a dict made by feasible_region()), the torque-limited feasible region
/// drawn over the polygon.
#[pyfunction]
#[pyo3(signature = (path, stance, polygon=None, region=None))]
pub(crate) fn plot_polygon(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    stance: &Bound<'_, PyAny>,
    polygon: Option<&Bound<'_, PyAny>>,
    region: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let path = path_arg(path, "`path` of plot_polygon()")?;
    let st = stance_arg(stance, "`stance` of plot_polygon()")?;
    let p = polygon_arg(&st, polygon, py)?;
    if let Some(r) = region {
        let r = polygon_arg(&st, Some(r), py)?;
        return write_text(
            &path,
            &region_svg(
                &st,
                p.as_ref(),
                r.as_ref(),
                "torque-limited feasible region",
                "static polygon and feasible region",
            ),
        );
    }
    let title = match polygon {
        None => format!("static-equilibrium polygon {}", PolygonMethod::Bretl.name()),
        Some(d) => {
            let method = match d
                .cast::<PyDict>()
                .ok()
                .and_then(|d| d.get_item("method").ok().flatten())
            {
                Some(m) => m.str()?.to_string(),
                None => String::new(),
            };
            format!("static-equilibrium polygon {method}")
                .trim()
                .to_string()
        }
    };
    write_text(&path, &polygon_svg(&st, p.as_ref(), &title))
}

/// `plot_map(path, map)` or `plot_map(path, boundary)`: a map as SVG (PNG when path ends in
/// .png): 2D grid heat map, 3D grid slices, 2D random scatter; a 2D boundary as an SVG scatter
/// with its periodic copies.
#[pyfunction]
fn plot_map(py: Python<'_>, path: &Bound<'_, PyAny>, map: &Bound<'_, PyAny>) -> PyResult<()> {
    let target = path_arg(path, "`path` of plot_map()")?;
    if let Ok(m) = map.cast::<PySampleMap>() {
        let m = &m.get().0;
        return py
            .detach(|| morsel_jointspace::plot::plot_map_file(&target, m).map_err(Box::new))
            .map_err(|e| *e)
            .py();
    }
    if let Ok(m) = map.cast::<crate::balance_map::PyBalanceMap>() {
        return m.get().plot(py, path);
    }
    if let Ok(b) = map.cast::<PyBoundary>() {
        let png = target
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if png {
            return Err(value_error(format!(
                "cannot save {}: boundaries are drawn as SVG only; use a .svg path",
                target.display()
            )));
        }
        let b = &b.get().0;
        return py
            .detach(|| morsel_jointspace::plot::boundary_svg(&target, b).map_err(Box::new))
            .map_err(|e| *e)
            .py();
    }
    Err(type_error(format!(
        "`map` of plot_map(): expected a SampleMap, a Boundary or a BalanceMap, got {}",
        type_name(map)
    )))
}

fn touch_arg<'a, 'py>(
    obj: &'a Bound<'py, PyAny>,
    function: &str,
) -> PyResult<&'a Bound<'py, PyTouch>> {
    obj.cast::<PyTouch>().map_err(|_| {
        type_error(format!(
            "`touch` of {function}(): expected a morsel Touch, got {}",
            type_name(obj)
        ))
    })
}

/// `plot_outputs(touch, path, options=None)`: an SVG of the last outputs of every sensing
/// body (or of options `bodies`), world frame, colour and size by magnitude; options title,
/// views, arrows.
#[pyfunction]
#[pyo3(signature = (touch, path, options=None, **kwargs))]
pub(crate) fn plot_outputs(
    touch: &Bound<'_, PyAny>,
    path: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let t = touch_arg(touch, "plot_outputs")?.get();
    let path = path_arg(path, "`path` of plot_outputs()")?;
    let (options, bodies) = plot_options("plot_outputs", options, kwargs, "touch outputs")?;
    let svg = {
        // Scene before sensor (src/locking.rs).
        let s = t.scene.fresh()?;
        let touch = t.lock()?;
        touch
            .plot_outputs_of(&s.scene, bodies.as_deref(), &options)
            .py()?
    };
    write_text(&path, &svg)
}

/// `plot_sensors(touch, path, body, options=None)`: an SVG of a body's sensor points, body
/// frame (isometric view by default); options title, views.
#[pyfunction]
#[pyo3(signature = (touch, path, body, options=None, **kwargs))]
pub(crate) fn plot_sensors(
    touch: &Bound<'_, PyAny>,
    path: &Bound<'_, PyAny>,
    body: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let t = touch_arg(touch, "plot_sensors")?.get();
    let path = path_arg(path, "`path` of plot_sensors()")?;
    let body = string_arg(body, "`body` of plot_sensors()")?;
    let (options, bodies) = plot_options(
        "plot_sensors",
        options,
        kwargs,
        &format!("touch sensors of {body}"),
    )?;
    if bodies.is_some() {
        return Err(error(
            Kind::Name,
            "plot_sensors(): unknown option `bodies` (the body is an argument)",
        ));
    }
    let svg = t.lock()?.plot_sensors(&body, &options).py()?;
    write_text(&path, &svg)
}

/// `plot_forces(taxels, path, options=None)`: an SVG map of the last reading's per-probe
/// forces on the link (environment 0, newest step); options title, views, arrows.
#[pyfunction]
#[pyo3(signature = (taxels, path, options=None, **kwargs))]
pub(crate) fn plot_forces(
    taxels: &Bound<'_, PyAny>,
    path: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let t = taxels.cast::<PyTaxels>().map_err(|_| {
        type_error(format!(
            "`taxels` of plot_forces(): expected morsel Taxels, got {}",
            type_name(taxels)
        ))
    })?;
    let t = t.get();
    let path = path_arg(path, "`path` of plot_forces()")?;
    let title = format!("taxel forces on {}", t.config.link_name);
    let (options, bodies) = plot_options("plot_forces", options, kwargs, &title)?;
    if bodies.is_some() {
        return Err(error(
            Kind::Name,
            "plot_forces(): unknown option `bodies` (a taxel sensor is on one link); the options are: `arrows`, `title`, `views`",
        ));
    }
    let svg = {
        let built = t.lock()?;
        let Some(last) = built.as_ref().and_then(|b| b.last.as_ref()) else {
            return Err(value_error(
                "plot_forces(): the sensor was never read; call read(scene) first",
            ));
        };
        taxel_forces_svg(&t.config, last, 0, &options).py()?
    };
    write_text(&path, &svg)
}

/// Registers the plot functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(plot_polygon, m)?)?;
    m.add_function(wrap_pyfunction!(plot_map, m)?)?;
    m.add_function(wrap_pyfunction!(plot_outputs, m)?)?;
    m.add_function(wrap_pyfunction!(plot_sensors, m)?)?;
    m.add_function(wrap_pyfunction!(plot_forces, m)?)?;
    Ok(())
}
