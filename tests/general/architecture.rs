//! The layout holds what `ARCHITECTURE.md` promises: every import between the crate's layers
//! points down, no files import one another in a circle (in the library or in the binary),
//! and no source file passes 600 lines of code outside its tests. (Functions are held to 80
//! lines of code by clippy's `too_many_lines`, set in `clippy.toml`.)
//!
//! How the imports are read: every `use` item of a file (braces expanded, `as` dropped) and
//! every `crate::` path in its code — comments, doc comments and `$crate` paths of macros
//! (which name the user's view, not an import of the file) left out, and a file's own
//! `#[cfg(test)] mod tests` too. A path is resolved to the file of the longest module it
//! names: `crate::sequence::values::Value` is `src/sequence/values.rs`, `super::Period` from
//! `src/sequence/run.rs` is the facade `src/sequence.rs`. A child module named by its parent
//! (`run::compute` in `sequence.rs`) is an edge too.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first: each may import from those before it and from itself.
const LAYERS: [(&str, &[&str]); 7] = [
    ("vocabulary", &["error", "game", "closed_form"]),
    ("heap", &["heap"]),
    ("solver", &["solver"]),
    ("sequence", &["sequence"]),
    ("field", &["field"]),
    ("games", &["games"]),
    // The crate root and its facades re-export from every layer.
    ("root", &["", "score", "plot", "guide"]),
];

/// The most lines of code a file may have outside its tests.
const MAX_FILE_LINES: usize = 600;

/// A module path, as the segments after `crate`.
type Module = Vec<String>;

/// Every `.rs` file under `directory`, by module path relative to `root` (`lib.rs` and a
/// binary's `main.rs` are the root module).
fn modules(root: &Path, directory: &Path, into: &mut BTreeMap<Module, PathBuf>) {
    for entry in fs::read_dir(directory).expect("a source directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name == "bin") && directory == root {
                continue;
            }
            modules(root, &path, into);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let relative = path.strip_prefix(root).expect("under the root");
            let mut module: Module = relative
                .with_extension("")
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("lib" | "main" | "mod")
            ) {
                module.pop();
            }
            into.insert(module, path);
        }
    }
}

/// The code of a file without its tests module, comments and string contents.
fn code_of(source: &str) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let code = lines
        .iter()
        .take(tests_module_start(&lines).unwrap_or(lines.len()))
        .filter(|line| !line.trim_start().starts_with("//"))
        .copied()
        .collect::<Vec<_>>()
        .join("\n");
    without_strings(&code)
}

/// The line of the attribute that opens a file's tests module: `#[cfg(test)]`, or a `cfg`
/// that names `test` among others (`#[cfg(all(test, feature = "research"))]`), right
/// before `mod tests {`.
fn tests_module_start(lines: &[&str]) -> Option<usize> {
    lines.windows(2).position(|pair| {
        let attribute = pair[0].trim();
        attribute.starts_with("#[cfg(")
            && attribute.contains("test")
            && pair[1].trim_start().starts_with("mod tests")
    })
}

/// `code` with the contents of its string literals (plain and raw) and of the character
/// literals that could look like quotes removed, so that words in messages are not read as
/// code.
fn without_strings(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else if c == '\'' && chars.get(i + 1) == Some(&'\\') && chars.get(i + 3) == Some(&'\'') {
            out.push_str("' '");
            i += 4;
        } else if c == 'r' && matches!(chars.get(i + 1), Some('"' | '#')) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            let open = i + 1 + hashes;
            if chars.get(open) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let mut j = open + 1;
            while j < chars.len()
                && !(chars[j] == '"' && chars[j + 1..].iter().take(hashes).all(|&h| h == '#'))
            {
                j += 1;
            }
            out.push_str("\"\"");
            i = j + 1 + hashes;
        } else if c == '"' {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != '"' {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Lines of code: neither blank nor comments, outside the tests module.
fn lines_of_code(source: &str) -> usize {
    code_of(source)
        .lines()
        .filter(|line| !line.trim().is_empty())
        .count()
}

/// The paths of a `use` tree, braces expanded: `a::{b, c::{d, e}}` is `a::b`, `a::c::d`,
/// `a::c::e`.
fn expand(tree: &str, prefix: &str, paths: &mut Vec<String>) {
    let mut depth = 0;
    let mut item = String::new();
    let mut items = Vec::new();
    for c in tree.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            items.push(std::mem::take(&mut item));
        } else {
            item.push(c);
        }
    }
    items.push(item);
    for item in items {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        match item.find('{') {
            Some(open) => {
                let close = item.rfind('}').expect("a closing brace");
                let head = format!("{prefix}{}", &item[..open]);
                expand(&item[open + 1..close], &head, paths);
            }
            None => {
                let path = item.split(" as ").next().expect("a path").trim();
                paths.push(format!("{prefix}{path}"));
            }
        }
    }
}

/// The `use` paths and `crate::` paths of `code`.
fn paths_in(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use ") {
        let tail = &rest[at + 4..];
        let end = tail.find(';').unwrap_or(tail.len());
        let tree: String = tail[..end].split_whitespace().collect::<Vec<_>>().join(" ");
        expand(
            &tree.replace(" {", "{").replace(":: ", "::"),
            "",
            &mut paths,
        );
        rest = &tail[end..];
    }
    let mut rest = code;
    while let Some(at) = find_word(rest, "crate::") {
        let before = rest[..at].chars().next_back();
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(tail.len());
        if before != Some('$') {
            paths.push(tail[..end].trim_end_matches(':').to_string());
        }
        rest = &tail[end..];
    }
    paths
}

/// Where `word` starts in `text` as a word of its own.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before = text[..at].chars().next_back();
        if before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The module a path from module `from` names: the longest module prefix of the path,
/// resolved from `crate`, `super`, `self` or a child of `from`. `None` for other crates.
fn resolve(path: &str, from: &Module, all: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let (mut base, rest): (Module, &[&str]) = match segments.first()? {
        &"crate" => (Vec::new(), &segments[1..]),
        &"self" => (from.clone(), &segments[1..]),
        &"super" => {
            let mut base = from.clone();
            let mut rest = &segments[..];
            while rest.first() == Some(&"super") {
                base.pop();
                rest = &rest[1..];
            }
            (base, rest)
        }
        first => {
            let mut child = from.clone();
            child.push((*first).to_string());
            if !all.contains_key(&child) {
                return None;
            }
            (from.clone(), &segments[..])
        }
    };
    for segment in rest {
        let mut next = base.clone();
        next.push((*segment).to_string());
        if all.contains_key(&next) {
            base = next;
        } else {
            break;
        }
    }
    Some(base)
}

/// Every module's imports, as modules.
fn imports(all: &BTreeMap<Module, PathBuf>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut edges = BTreeMap::new();
    for (module, path) in all {
        let code = code_of(&fs::read_to_string(path).expect("a source file"));
        let mut targets: BTreeSet<Module> = paths_in(&code)
            .iter()
            .filter_map(|path| resolve(path, module, all))
            .filter(|target| target != module)
            .collect();
        // A child named by its parent: `child::item`.
        for child in all.keys() {
            if child.len() == module.len() + 1
                && child.starts_with(module)
                && find_word(&code, &format!("{}::", child[child.len() - 1])).is_some()
            {
                targets.insert(child.clone());
            }
        }
        edges.insert(module.clone(), targets);
    }
    edges
}

/// The circles of the import graph: its strongly connected components of more than one
/// module (Tarjan's algorithm).
fn circles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Tarjan<'e> {
        edges: &'e BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<Module, usize>,
        low: BTreeMap<Module, usize>,
        stack: Vec<Module>,
        found: Vec<Vec<Module>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, module: &Module) {
            let number = self.index.len();
            self.index.insert(module.clone(), number);
            self.low.insert(module.clone(), number);
            self.stack.push(module.clone());
            for target in self.edges.get(module).into_iter().flatten() {
                if !self.index.contains_key(target) {
                    self.visit(target);
                    let low = self.low[module].min(self.low[target]);
                    self.low.insert(module.clone(), low);
                } else if self.stack.contains(target) {
                    let low = self.low[module].min(self.index[target]);
                    self.low.insert(module.clone(), low);
                }
            }
            if self.low[module] == self.index[module] {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    let done = &top == module;
                    component.push(top);
                    if done {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for module in edges.keys() {
        if !tarjan.index.contains_key(module) {
            tarjan.visit(module);
        }
    }
    tarjan.found
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// The layer of a module: that of its first segment.
fn layer(module: &Module) -> usize {
    let first = module.first().map_or("", String::as_str);
    LAYERS
        .iter()
        .position(|(_, tops)| tops.contains(&first))
        .unwrap_or_else(|| panic!("{} is in no layer of ARCHITECTURE.md", name(module)))
}

/// `part` of the repository (this crate is `tests/` in it).
fn source(part: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(part)
}

fn library() -> BTreeMap<Module, PathBuf> {
    let root = source("src");
    let mut all = BTreeMap::new();
    modules(&root, &root, &mut all);
    all
}

#[test]
fn imports_point_down_the_layers() {
    let all = library();
    let edges = imports(&all);
    let mut upward = Vec::new();
    for (module, targets) in &edges {
        for target in targets {
            if layer(target) > layer(module) {
                upward.push(format!(
                    "{} ({}) imports {} ({})",
                    name(module),
                    LAYERS[layer(module)].0,
                    name(target),
                    LAYERS[layer(target)].0
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that point up:\n{}",
        upward.join("\n")
    );
    // The test reads what it claims to: the engine's driver imports the values it runs on.
    let run = vec!["sequence".to_string(), "run".to_string()];
    assert!(edges[&run].contains(&vec!["sequence".to_string(), "values".to_string()]));
}

#[test]
fn no_files_import_one_another_in_a_circle() {
    let root = source("cli/src");
    let mut binary = BTreeMap::new();
    modules(&root, &root, &mut binary);
    for (what, all) in [("the library", library()), ("the binary", binary)] {
        let found = circles(&imports(&all));
        let shown: Vec<String> = found
            .iter()
            .map(|circle| circle.iter().map(name).collect::<Vec<_>>().join(" ↔ "))
            .collect();
        assert!(found.is_empty(), "circles in {what}:\n{}", shown.join("\n"));
    }
}

#[test]
fn no_file_passes_600_lines_of_code() {
    // Integration tests are the crate's tests, outside the rule as a module's are.
    let mut files = BTreeSet::new();
    for directory in ["src", "examples", "benches", "cli/src"] {
        let root = source(directory);
        let mut found = BTreeMap::new();
        modules(&root, &root, &mut found);
        files.extend(found.into_values());
    }
    let long: Vec<String> = files
        .iter()
        .map(|path| {
            (
                path,
                lines_of_code(&fs::read_to_string(path).expect("a file")),
            )
        })
        .filter(|&(_, lines)| lines > MAX_FILE_LINES)
        .map(|(path, lines)| format!("{}: {lines}", path.display()))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines of code:\n{}",
        long.join("\n")
    );
}

/// The reader itself, on made-up code: braces, `as`, `super`, comments and `$crate`.
#[test]
fn the_reader_finds_imports_and_nothing_else() {
    let code = code_of(
        "use super::{a::{B, c as d}, E};\n// use crate::nowhere;\nuse crate::x::Y;\n\
         fn f() { crate::z::g(); $crate::macro_path::h(); m!(\"use crate::in_a_string;\"); }\n\
         #[cfg(test)]\nmod tests { use crate::t; }",
    );
    assert_eq!(
        paths_in(&code),
        [
            "super::a::B",
            "super::a::c",
            "super::E",
            "crate::x::Y",
            "crate::x::Y",
            "crate::z::g"
        ]
    );
    // A tests module behind a feature is left out too.
    let gated = code_of(
        "use crate::kept;\n#[cfg(all(test, feature = \"f\"))]\nmod tests { use crate::t; }",
    );
    assert_eq!(paths_in(&gated), ["crate::kept", "crate::kept"]);
    let mut all = BTreeMap::new();
    for module in [&["p"][..], &["p", "a"], &["p", "q"], &["x"], &["z"]] {
        all.insert(
            module.iter().map(|s| (*s).to_string()).collect(),
            PathBuf::new(),
        );
    }
    let from: Module = vec!["p".into(), "q".into()];
    let resolved = |path| resolve(path, &from, &all).map(|module| name(&module));
    assert_eq!(resolved("super::a::B").as_deref(), Some("p::a"));
    assert_eq!(resolved("super::E").as_deref(), Some("p"));
    assert_eq!(resolved("crate::x::Y").as_deref(), Some("x"));
    assert_eq!(resolved("std::fmt").as_deref(), None);
    let mut edges = BTreeMap::new();
    edges.insert(
        vec!["a".to_string()],
        BTreeSet::from([vec!["b".to_string()]]),
    );
    edges.insert(
        vec!["b".to_string()],
        BTreeSet::from([vec!["a".to_string()]]),
    );
    edges.insert(
        vec!["c".to_string()],
        BTreeSet::from([vec!["a".to_string()]]),
    );
    assert_eq!(circles(&edges).len(), 1);
}
