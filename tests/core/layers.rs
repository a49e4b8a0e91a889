//! The core's layering: no file of `src/` (the library; the CLI in `src/bin` is a client of it)
//! depends, directly or through others, on itself, and neither does any top-level module.
//!
//! Dependencies are read from the source text: every path starting `crate::`, `super::` or
//! `self::` (in `use` trees and inline), resolved to the file that defines the module it names.
//! Unit-test modules (`#[cfg(test)] mod …`) are left out: a test may use anything.
//! A new cycle fails this test with the files on it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, but the binaries.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().unwrap() != "bin" {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `src/games/nim.rs` → [games, nim]; `mod.rs` and `lib.rs` name
/// their directory.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The file defining the deepest module named by a prefix of `path` (a crate-relative path).
fn file_of(src: &Path, path: &[String]) -> PathBuf {
    let mut best = src.join("lib.rs");
    let mut dir = src.to_path_buf();
    for seg in path {
        let (file, sub) = (dir.join(format!("{seg}.rs")), dir.join(seg).join("mod.rs"));
        if file.exists() {
            best = file;
        } else if sub.exists() {
            best = sub;
        } else {
            break;
        }
        dir = dir.join(seg);
    }
    best
}

/// The text without comments and without `#[cfg(test)] mod … { … }` blocks.
fn code_of(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
    let text = lines.join("\n");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        if !after.trim_start().starts_with("mod ") {
            rest = after;
            continue;
        }
        // Skip to the brace that closes the module.
        let open = after.find('{').unwrap();
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Every path a piece of code names that starts with `crate`, `super` or `self`, with `use`
/// trees (`use a::{b, c::{d}}`) expanded.
/// A `use` of one of the file's own child modules (`pub use session::Session;` beside
/// `mod session;`), or a path through one (`sum::Sum` in a macro's arguments), counts as
/// `self::session::Session`: so a registry that names its children and a child that names the
/// registry form a cycle.
fn paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let children: BTreeSet<&str> =
        tokens.windows(3).filter(|w| w[0] == "mod" && w[2] == ";").map(|w| w[1].as_str()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let rooted = matches!(tokens[i].as_str(), "crate" | "super" | "self")
            && (i == 0 || tokens[i - 1] != "::")
            && tokens.get(i + 1).is_some_and(|t| t == "::");
        // A `use` of a child module, or a path through one (`nim::Nim` in the families list).
        let child = children.contains(tokens[i].as_str())
            && i > 0
            && (tokens[i - 1] == "use"
                || (tokens[i - 1] != "::" && tokens.get(i + 1).is_some_and(|t| t == "::")));
        if rooted {
            i = expand(&tokens, i, Vec::new(), &mut out);
        } else if child {
            i = expand(&tokens, i, vec!["self".to_string()], &mut out);
        } else {
            i += 1;
        }
    }
    out
}

/// Reads one path or use tree at `tokens[i]` with `prefix` before it; returns the index after.
fn expand(tokens: &[String], mut i: usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    loop {
        match tokens.get(i).map(String::as_str) {
            Some("{") => {
                i += 1;
                loop {
                    match tokens.get(i).map(String::as_str) {
                        Some("}") => return i + 1,
                        Some(",") => i += 1,
                        // Every item moves on by at least one token, so no input loops.
                        Some(_) => i = expand(tokens, i, prefix.clone(), out).max(i + 1),
                        None => return i,
                    }
                }
            }
            Some(t) if t.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                prefix.push(t.to_string());
                i += 1;
                if tokens.get(i).is_some_and(|t| t == "::") {
                    i += 1;
                } else {
                    out.push(prefix);
                    return i;
                }
            }
            // A glob (`use super::{a::*, b::*}`) names the module before it; anything else ends
            // the path where it stands.
            Some("*") => {
                out.push(prefix);
                return i + 1;
            }
            _ => {
                out.push(prefix);
                return i;
            }
        }
    }
}

fn tokenize(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            let mut word = c.to_string();
            while let Some(&d) = chars.peek() {
                if d.is_alphanumeric() || d == '_' {
                    word.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            tokens.push(word);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push("::".into());
        } else if !c.is_whitespace() {
            tokens.push(c.to_string());
        }
    }
    tokens
}

/// file → the files it uses.
fn dependencies() -> (PathBuf, BTreeMap<PathBuf, BTreeSet<PathBuf>>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut graph = BTreeMap::new();
    for file in files {
        let module = module_of(&src, &file);
        let mut uses = BTreeSet::new();
        for path in paths(&code_of(&fs::read_to_string(&file).unwrap())) {
            let mut absolute: Vec<String> = match path[0].as_str() {
                "crate" => Vec::new(),
                // `super` from a file is its parent module; `self` the module itself.
                "super" => module[..module.len().saturating_sub(1)].to_vec(),
                _ => module.clone(),
            };
            let mut rest = &path[1..];
            while rest.first().is_some_and(|s| s == "super") {
                absolute.pop();
                rest = &rest[1..];
            }
            absolute.extend(rest.iter().cloned());
            let target = file_of(&src, &absolute);
            if target != file {
                uses.insert(target);
            }
        }
        graph.insert(file, uses);
    }
    (src, graph)
}

/// A cycle in `graph`, if there is one, as the nodes on it.
fn find_cycle<T: Ord + Clone>(graph: &BTreeMap<T, BTreeSet<T>>) -> Option<Vec<T>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit<T: Ord + Clone>(
        v: &T,
        graph: &BTreeMap<T, BTreeSet<T>>,
        marks: &mut BTreeMap<T, Mark>,
        stack: &mut Vec<T>,
    ) -> Option<Vec<T>> {
        match marks.get(v) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let at = stack.iter().position(|s| s == v).unwrap();
                return Some(stack[at..].to_vec());
            }
            None => {}
        }
        marks.insert(v.clone(), Mark::Open);
        stack.push(v.clone());
        for w in graph.get(v).into_iter().flatten() {
            if let Some(cycle) = visit(w, graph, marks, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        marks.insert(v.clone(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph.keys().find_map(|v| visit(v, graph, &mut marks, &mut Vec::new()))
}

#[test]
fn no_file_of_the_core_depends_on_itself() {
    let (src, graph) = dependencies();
    assert!(graph.len() > 30, "read the sources: {} files", graph.len());
    if let Some(cycle) = find_cycle(&graph) {
        let names: Vec<String> =
            cycle.iter().map(|f| f.strip_prefix(&src).unwrap().display().to_string()).collect();
        panic!("the core's files form a cycle: {} → (back)", names.join(" → "));
    }
}

#[test]
fn no_top_level_module_depends_on_itself() {
    let (src, graph) = dependencies();
    let top = |f: &PathBuf| module_of(&src, f).first().cloned().unwrap_or_else(|| "lib".into());
    let mut modules: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, uses) in &graph {
        let entry = modules.entry(top(file)).or_default();
        for target in uses {
            if top(target) != top(file) && top(file) != "lib" {
                entry.insert(top(target));
            }
        }
    }
    if let Some(cycle) = find_cycle(&modules) {
        panic!("the core's modules form a cycle: {} → (back)", cycle.join(" → "));
    }
}

#[test]
fn the_checker_sees_a_cycle_and_reads_use_trees() {
    let code = "mod k;\nuse crate::a::{b::{C, D}, e};\nuse super::f;\nfn g() { crate::h::i(); }\n\
                pub use k::L;\nlist! { K(k::M) }\nuse super::{m::*, n::*};\n#[cfg(test)]\nmod tests { use crate::never; }";
    let found: Vec<String> = paths(&code_of(code)).iter().map(|p| p.join("::")).collect();
    let expected = [
        "crate::a::b::C",
        "crate::a::b::D",
        "crate::a::e",
        "super::f",
        "crate::h::i",
        "self::k::L",
        "self::k::M",
        "super::m",
        "super::n",
    ];
    assert_eq!(found, expected);
    let graph: BTreeMap<u32, BTreeSet<u32>> =
        [(1, BTreeSet::from([2])), (2, BTreeSet::from([3])), (3, BTreeSet::from([1]))].into();
    assert_eq!(find_cycle(&graph).map(|c| c.len()), Some(3));
    let acyclic: BTreeMap<u32, BTreeSet<u32>> = [(1, BTreeSet::from([2])), (2, BTreeSet::new())].into();
    assert_eq!(find_cycle(&acyclic), None);
}
