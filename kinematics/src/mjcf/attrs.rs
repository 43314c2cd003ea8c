//! Reading typed attribute values of an element, falling back on its default class.

use std::collections::HashMap;

use super::error::{MjcfError, MjcfResult};
use super::reader::Node;

/// An element together with the default values of its class.
#[derive(Clone, Copy)]
pub(crate) struct Attrs<'a> {
    pub node: &'a Node,
    defaults: Option<&'a HashMap<String, String>>,
}

impl<'a> Attrs<'a> {
    /// `node` with the defaults of its class (`None`: no defaults).
    pub fn new(node: &'a Node, defaults: Option<&'a HashMap<String, String>>) -> Self {
        Attrs { node, defaults }
    }

    /// The raw value: on the element, else from the class.
    pub fn str(&self, name: &str) -> Option<&'a str> {
        self.node
            .attr(name)
            .or_else(|| self.defaults.and_then(|d| d.get(name)).map(String::as_str))
    }

    /// An [`MjcfError::InvalidValue`] for attribute `name`.
    pub fn invalid(&self, name: &str, value: &str, expected: impl Into<String>) -> MjcfError {
        MjcfError::InvalidValue {
            at: self.node.location(),
            attribute: name.to_owned(),
            value: value.to_owned(),
            expected: expected.into(),
        }
    }

    /// All numbers of a whitespace-separated list (finite), or `None` when absent.
    pub fn numbers(&self, name: &str) -> MjcfResult<Option<Vec<f64>>> {
        let Some(text) = self.str(name) else {
            return Ok(None);
        };
        let mut out = Vec::new();
        for word in text.split_whitespace() {
            match word.parse::<f64>() {
                Ok(v) if v.is_finite() => out.push(v),
                _ => return Err(self.invalid(name, text, "finite numbers separated by spaces")),
            }
        }
        Ok(Some(out))
    }

    /// Exactly `N` numbers, or `None` when absent.
    pub fn array<const N: usize>(&self, name: &str) -> MjcfResult<Option<[f64; N]>> {
        match self.numbers(name)? {
            None => Ok(None),
            Some(v) => v.as_slice().try_into().map(Some).map_err(|_| {
                let text = self.str(name).unwrap_or_default();
                self.invalid(name, text, format!("exactly {N} numbers"))
            }),
        }
    }

    /// One number, or `None` when absent.
    pub fn number(&self, name: &str) -> MjcfResult<Option<f64>> {
        Ok(self.array::<1>(name)?.map(|[v]| v))
    }

    /// One of `allowed` (the first is the default when absent).
    pub fn keyword(&self, name: &str, allowed: &[&'static str]) -> MjcfResult<&'static str> {
        match self.str(name) {
            None => Ok(allowed[0]),
            Some(v) => allowed
                .iter()
                .copied()
                .find(|a| *a == v)
                .ok_or_else(|| self.invalid(name, v, format!("one of {}", allowed.join(", ")))),
        }
    }

    /// `true` or `false`, or `None` when absent.
    pub fn bool(&self, name: &str) -> MjcfResult<Option<bool>> {
        match self.str(name) {
            None => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(v) => Err(self.invalid(name, v, "true or false")),
        }
    }

    /// An integer, or `None` when absent.
    pub fn int(&self, name: &str) -> MjcfResult<Option<i64>> {
        match self.str(name) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| self.invalid(name, v, "an integer")),
        }
    }
}
