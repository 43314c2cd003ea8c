//! Options maps: `f(x, #{ resolution: 0.01, seed: 3 })`.
//!
//! [`Options`] reads the keys a function knows, converting each with the [`crate::convert`]
//! rules, and [`Options::finish`] then refuses any key that was never asked for, listing the
//! accepted ones. Read every key before calling `finish`:
//!
//! ```
//! # use morsel_shell::options::Options;
//! # use rhai::Dynamic;
//! # fn demo(map: &Dynamic) -> Result<(), morsel_shell::error::ShellError> {
//! let mut opts = Options::new("sensor_points", map)?;
//! let resolution = opts.f64_or("resolution", 0.01)?;
//! let normals = opts.bool_or("normals", true)?;
//! opts.finish()?;
//! # let _ = (resolution, normals); Ok(()) }
//! ```

use nalgebra::Vector3;
use rhai::{Dynamic, INT, Map};

use crate::convert;
use crate::error::ShellError;

/// An options map being read by one function.
#[derive(Debug)]
pub struct Options {
    function: String,
    map: Map,
    known: Vec<&'static str>,
}

impl Options {
    /// Starts reading `value`, which must be a map (or `()`, read as an empty map).
    pub fn new(function: &str, value: &Dynamic) -> Result<Self, ShellError> {
        let map = if value.is_unit() {
            Map::new()
        } else {
            value
                .as_map_ref()
                .map_err(|_| {
                    ShellError::argument(
                        format!("the options of {function}()"),
                        "a map such as #{ key: value }",
                        convert::describe(value),
                    )
                })?
                .clone()
        };
        Ok(Self::from_map(function, map))
    }

    /// Starts reading an already extracted map.
    pub fn from_map(function: &str, map: Map) -> Self {
        Self {
            function: function.to_string(),
            map,
            known: Vec::new(),
        }
    }

    fn what(&self, key: &str) -> String {
        format!("option `{key}` of {}()", self.function)
    }

    /// The raw value of `key`, if present (marks the key as known).
    pub fn value(&mut self, key: &'static str) -> Option<Dynamic> {
        if !self.known.contains(&key) {
            self.known.push(key);
        }
        self.map.get(key).cloned()
    }

    fn read<T>(
        &mut self,
        key: &'static str,
        convert: impl Fn(&Dynamic, &str) -> Result<T, ShellError>,
    ) -> Result<Option<T>, ShellError> {
        match self.value(key) {
            Some(v) => convert(&v, &self.what(key)).map(Some),
            None => Ok(None),
        }
    }

    /// A number, if given.
    pub fn f64(&mut self, key: &'static str) -> Result<Option<f64>, ShellError> {
        self.read(key, convert::f64_arg)
    }

    /// A number, or `default` when absent.
    pub fn f64_or(&mut self, key: &'static str, default: f64) -> Result<f64, ShellError> {
        Ok(self.f64(key)?.unwrap_or(default))
    }

    /// An integer, if given.
    pub fn int(&mut self, key: &'static str) -> Result<Option<INT>, ShellError> {
        self.read(key, convert::int_arg)
    }

    /// An integer, or `default` when absent.
    pub fn int_or(&mut self, key: &'static str, default: INT) -> Result<INT, ShellError> {
        Ok(self.int(key)?.unwrap_or(default))
    }

    /// A boolean, if given.
    pub fn bool(&mut self, key: &'static str) -> Result<Option<bool>, ShellError> {
        self.read(key, convert::bool_arg)
    }

    /// A boolean, or `default` when absent.
    pub fn bool_or(&mut self, key: &'static str, default: bool) -> Result<bool, ShellError> {
        Ok(self.bool(key)?.unwrap_or(default))
    }

    /// A string, if given.
    pub fn string(&mut self, key: &'static str) -> Result<Option<String>, ShellError> {
        self.read(key, convert::string_arg)
    }

    /// A vector `[x, y, z]`, if given.
    pub fn vector3(&mut self, key: &'static str) -> Result<Option<Vector3<f64>>, ShellError> {
        self.read(key, convert::vector3_arg)
    }

    /// An array of numbers, if given.
    pub fn vec(&mut self, key: &'static str) -> Result<Option<Vec<f64>>, ShellError> {
        self.read(key, convert::vec_arg)
    }

    /// A required value: an error naming the key when it is absent (and a key of the map that
    /// looks like a misspelling of it).
    pub fn required<T>(&self, key: &'static str, value: Option<T>) -> Result<T, ShellError> {
        value.ok_or_else(|| {
            let unread: Vec<&str> = self
                .map
                .keys()
                .map(|k| k.as_str())
                .filter(|k| !self.known.contains(k))
                .collect();
            let near: Vec<&str> = unread
                .into_iter()
                .filter(|k| !crate::suggest::closest(k, [key]).is_empty())
                .collect();
            let got = match near.as_slice() {
                [] => "nothing".to_string(),
                [k, ..] => format!("nothing (the map has `{k}`: did you mean `{key}`?)"),
            };
            ShellError::argument(self.what(key), "a value (this option is required)", got)
        })
    }

    /// Refuses keys that were never read, listing the accepted ones.
    pub fn finish(self) -> Result<(), ShellError> {
        let unknown: Vec<String> = self
            .map
            .keys()
            .filter(|k| !self.known.contains(&k.as_str()))
            .map(|k| k.to_string())
            .collect();
        if unknown.is_empty() {
            return Ok(());
        }
        let mut allowed: Vec<String> = self.known.iter().map(|k| k.to_string()).collect();
        allowed.sort();
        Err(ShellError::UnknownOption {
            function: format!("{}()", self.function),
            unknown,
            allowed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(entries: &[(&str, Dynamic)]) -> Dynamic {
        let mut m = Map::new();
        for (k, v) in entries {
            m.insert((*k).into(), v.clone());
        }
        Dynamic::from_map(m)
    }

    #[test]
    fn reads_known_keys_with_defaults() {
        let m = map(&[("resolution", 2.into()), ("name", "a".into())]);
        let mut opts = Options::new("f", &m).expect("map");
        assert_eq!(opts.f64_or("resolution", 0.5).expect("int as float"), 2.0);
        assert_eq!(opts.f64_or("margin", 0.5).expect("default"), 0.5);
        assert_eq!(opts.string("name").expect("string").as_deref(), Some("a"));
        opts.finish().expect("no unknown keys");
    }

    #[test]
    fn unknown_keys_are_listed_with_the_choices() {
        let m = map(&[("resolutoin", 2.into())]);
        let mut opts = Options::new("sensor_points", &m).expect("map");
        let _ = opts.f64("resolution").expect("absent");
        let _ = opts.bool_or("normals", true).expect("absent");
        let err = opts.finish().unwrap_err();
        assert_eq!(
            err.to_string(),
            "sensor_points(): unknown option `resolutoin` (did you mean `resolution`?); the options are: `normals`, `resolution`"
        );
    }

    #[test]
    fn wrong_types_name_the_option() {
        let m = map(&[("resolution", "fine".into())]);
        let mut opts = Options::new("sensor_points", &m).expect("map");
        let err = opts.f64("resolution").unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected a number for option `resolution` of sensor_points(), got the string \"fine\""
        );
        let err = Options::new("f", &Dynamic::from(3)).unwrap_err();
        assert!(err.to_string().contains("the options of f()"), "{err}");
        assert!(Options::new("f", &Dynamic::UNIT).is_ok());
    }

    #[test]
    fn required_options_say_so() {
        let opts = Options::new("f", &Dynamic::UNIT).expect("empty");
        let err = opts.required::<f64>("mass", None).unwrap_err();
        assert!(err.to_string().contains("option `mass` of f()"), "{err}");
        assert!(err.to_string().contains("required"), "{err}");
    }
}
