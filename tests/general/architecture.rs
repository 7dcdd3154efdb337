//! The layout holds what `ARCHITECTURE.md` promises: every source file of every crate is
//! named under the heading of its folder (and every file named exists); every import
//! between the library's rooms is one the rooms' table allows, and that table in the test is
//! the one in the document; no files import one another in a circle (in the library or in
//! the binary); no source file passes 600 lines of code outside its tests. (Functions are
//! held to 80 lines of code by clippy's `too_many_lines`, set in `clippy.toml`.)
//!
//! How the imports are read: each file is parsed (with `syn`, as the compiler would), and
//! every path it names counts — `use` items (groups expanded, renames dropped), paths in
//! its code wherever they stand (`super::threads::BUSY_DEPTH` inside an expression), and
//! paths written inside macro calls and macro definitions, read from their tokens —
//! leaving out doc comments, `$crate` paths of macros (which name the user's view, not an
//! import of the file) and a file's own tests module (`#[cfg(test)] mod tests`, or a `cfg`
//! that names `test` among others). A path is resolved to the file of the longest module
//! it names: `crate::sequence::values::Value` is `src/sequence/values.rs`, `super::Period`
//! from `src/sequence/run.rs` is the facade `src/sequence.rs`. A child module named by its
//! parent (`run::compute` in `sequence.rs`) is an edge too.
//!
//! What ARCHITECTURE.md says a file holds is held to the code too: a type or trait of the
//! library that a file's row names (`` `Heaps` ``) must be named in that file's code.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// A room of the library: its name, its top-level modules, and the rooms it may import from
/// (beside itself). The same table as ARCHITECTURE.md's.
struct Room {
    name: &'static str,
    modules: &'static [&'static str],
    imports: &'static [&'static str],
}

const ENGINES_AND_BELOW: &[&str] = &[
    "vocabulary",
    "heap",
    "certificate",
    "solver",
    "sequence",
    "field",
    "quotient",
    "repeating",
];

const ROOMS: [Room; 10] = [
    Room {
        name: "vocabulary",
        modules: &[
            "game",
            "decompose",
            "error",
            "closed_form",
            "hash",
            "replace",
        ],
        imports: &[],
    },
    Room {
        name: "heap",
        modules: &["heap"],
        imports: &["vocabulary"],
    },
    // The checker of certificates imports nothing of the solver, which writes them.
    Room {
        name: "certificate",
        modules: &["certificate"],
        imports: &["vocabulary"],
    },
    Room {
        name: "solver",
        modules: &["solver"],
        imports: &["vocabulary", "certificate"],
    },
    Room {
        name: "sequence",
        modules: &["sequence"],
        imports: &["vocabulary", "heap"],
    },
    Room {
        name: "field",
        modules: &["field"],
        imports: &["vocabulary"],
    },
    Room {
        name: "quotient",
        modules: &["quotient"],
        imports: &["vocabulary", "heap", "sequence"],
    },
    Room {
        name: "repeating",
        modules: &["repeating"],
        imports: &["vocabulary", "heap", "sequence"],
    },
    Room {
        name: "games",
        modules: &["games"],
        imports: ENGINES_AND_BELOW,
    },
    // The crate root and its facades re-export from every room.
    Room {
        name: "root",
        modules: &["", "score", "plot", "guide"],
        imports: &[
            "vocabulary",
            "heap",
            "certificate",
            "solver",
            "sequence",
            "field",
            "quotient",
            "repeating",
            "games",
        ],
    },
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

/// Whether `attributes` hold a `cfg` that names `test`: `#[cfg(test)]`,
/// `#[cfg(all(test, feature = "research"))]`.
fn is_test_only(attributes: &[syn::Attribute]) -> bool {
    attributes.iter().any(|attribute| {
        attribute.path().is_ident("cfg")
            && matches!(&attribute.meta, syn::Meta::List(list)
                if list.tokens.clone().into_iter().any(|token| names(&token, "test")))
    })
}

/// Whether `token`, or a token inside it, is the identifier `word`.
fn names(token: &TokenTree, word: &str) -> bool {
    match token {
        TokenTree::Ident(ident) => ident == word,
        TokenTree::Group(group) => group.stream().into_iter().any(|inner| names(&inner, word)),
        _ => false,
    }
}

/// The paths of a `use` tree, groups expanded and renames dropped: `a::{b, c::{d, e as f}}`
/// is `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &syn::UseTree, prefix: &str, paths: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(path) => expand(&path.tree, &format!("{prefix}{}::", path.ident), paths),
        syn::UseTree::Name(name) => paths.push(format!("{prefix}{}", name.ident)),
        syn::UseTree::Rename(rename) => paths.push(format!("{prefix}{}", rename.ident)),
        syn::UseTree::Glob(_) => paths.push(prefix.trim_end_matches("::").to_string()),
        syn::UseTree::Group(group) => {
            for item in &group.items {
                expand(item, prefix, paths);
            }
        }
    }
}

/// Collects the paths a file names.
#[derive(Default)]
struct Paths {
    found: Vec<String>,
    /// How deep in inline modules (`mod name { … }`) the reader is: a `super::` there names
    /// the file's own module, not its parent.
    inline_depth: usize,
}

impl Paths {
    /// Records `path`, written `inline_depth` inline modules deep, as the file's module
    /// would write it.
    fn push(&mut self, path: &str) {
        let mut rest = path;
        let mut depth = self.inline_depth;
        while depth > 0 {
            match rest.strip_prefix("super::") {
                Some(shorter) => rest = shorter,
                None => break,
            }
            depth -= 1;
        }
        let path = if depth < self.inline_depth && !rest.starts_with("super::") {
            format!("self::{rest}")
        } else {
            rest.to_string()
        };
        self.found.push(path);
    }

    /// The paths of two segments or more written in `tokens` (a macro's body): `a::b::c`,
    /// not `$crate::d`.
    fn in_tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(group) => self.in_tokens(group.stream()),
                TokenTree::Ident(first) => {
                    let after_dollar = i > 0
                        && matches!(&tokens[i - 1], TokenTree::Punct(punct) if punct.as_char() == '$');
                    let mut path = first.to_string();
                    let mut j = i + 1;
                    while let (
                        Some(TokenTree::Punct(one)),
                        Some(TokenTree::Punct(two)),
                        Some(TokenTree::Ident(next)),
                    ) = (tokens.get(j), tokens.get(j + 1), tokens.get(j + 2))
                    {
                        if one.as_char() != ':' || two.as_char() != ':' {
                            break;
                        }
                        path = format!("{path}::{next}");
                        j += 3;
                    }
                    if j > i + 1 && !after_dollar {
                        self.push(&path);
                    }
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        if !is_test_only(&module.attrs) {
            let inline = module.content.is_some();
            self.inline_depth += usize::from(inline);
            syn::visit::visit_item_mod(self, module);
            self.inline_depth -= usize::from(inline);
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut paths = Vec::new();
        expand(&item.tree, "", &mut paths);
        for path in &paths {
            self.push(path);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        // One segment is a name in scope, not a path to a module (a variable may share a
        // child module's name).
        if path.segments.len() > 1 {
            let segments: Vec<String> = path
                .segments
                .iter()
                .map(|segment| segment.ident.to_string())
                .collect();
            self.push(&segments.join("::"));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.in_tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }
}

/// The paths `source` names outside its tests module.
///
/// # Panics
///
/// If `source` does not parse as Rust.
fn paths_in(source: &str) -> Vec<String> {
    let file = syn::parse_file(source).expect("a source file that parses");
    let mut paths = Paths::default();
    paths.visit_file(&file);
    paths.found
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
        let source = fs::read_to_string(path).expect("a source file");
        // A child named by its parent (`child::item`) resolves to the child.
        let targets: BTreeSet<Module> = paths_in(&source)
            .iter()
            .filter_map(|path| resolve(path, module, all))
            .filter(|target| target != module)
            .collect();
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

/// The room of a module: that of its first segment.
fn room(module: &Module) -> &'static Room {
    let first = module.first().map_or("", String::as_str);
    ROOMS
        .iter()
        .find(|room| room.modules.contains(&first))
        .unwrap_or_else(|| panic!("{} is in no room of ARCHITECTURE.md", name(module)))
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
fn imports_stay_in_the_rooms_allowed() {
    let all = library();
    let edges = imports(&all);
    let mut refused = Vec::new();
    for (module, targets) in &edges {
        let from = room(module);
        for target in targets {
            let to = room(target);
            if to.name != from.name && !from.imports.contains(&to.name) {
                refused.push(format!(
                    "{} ({}) imports {} ({})",
                    name(module),
                    from.name,
                    name(target),
                    to.name
                ));
            }
        }
    }
    assert!(
        refused.is_empty(),
        "imports the rooms do not allow:\n{}",
        refused.join("\n")
    );
    // The test reads what it claims to: the engine's driver imports the values it runs on.
    let run = vec!["sequence".to_string(), "run".to_string()];
    assert!(edges[&run].contains(&vec!["sequence".to_string(), "values".to_string()]));
}

/// ARCHITECTURE.md.
fn architecture() -> String {
    fs::read_to_string(source("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// The rows of the rooms' table in ARCHITECTURE.md: each room's name and the rooms it may
/// import, as written there ("—" for none, "every room above", "every room").
fn documented_rooms(text: &str) -> Vec<(String, Vec<String>)> {
    let section = text
        .split("\n## ")
        .find(|section| section.starts_with("The rooms of the library"))
        .expect("a section \"The rooms of the library\"");
    let mut rooms: Vec<(String, Vec<String>)> = Vec::new();
    let table = section
        .lines()
        .skip(1)
        .take_while(|line| !line.starts_with('#'));
    for line in table.filter(|line| line.starts_with("| ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (room, imports) = (cells[1], cells[3]);
        if room == "room" || room.starts_with("---") {
            continue;
        }
        let earlier: Vec<String> = rooms.iter().map(|(name, _)| name.clone()).collect();
        let imports = match imports {
            "—" => Vec::new(),
            "every room above" | "every room" => earlier,
            list => list.split(", ").map(str::to_string).collect(),
        };
        rooms.push((room.to_string(), imports));
    }
    rooms
}

#[test]
fn the_rooms_table_is_the_documents() {
    let documented = documented_rooms(&architecture());
    let tested: Vec<(String, Vec<String>)> = ROOMS
        .iter()
        .map(|room| {
            let imports = room
                .imports
                .iter()
                .map(|name| (*name).to_string())
                .collect();
            (room.name.to_string(), imports)
        })
        .collect();
    assert_eq!(documented, tested);
}

/// The folders whose files ARCHITECTURE.md names, and the kinds of file it names in them.
const NAMED_FOLDERS: [&str; 12] = [
    "src",
    "cli/src",
    "cli/tests",
    "tests",
    "benches",
    "examples",
    "fuzz/fuzz_targets",
    "python/src",
    "python/impartial",
    "python/tests",
    "python/examples",
    "python/bench",
];
const NAMED_EXTENSIONS: [&str; 9] = ["rs", "md", "js", "html", "css", "sh", "svg", "py", "pyi"];

/// Every source file under `directory` (relative to the repository), skipping test data.
fn source_files(directory: &str, into: &mut BTreeSet<String>) {
    for entry in fs::read_dir(source(directory)).expect("a source directory") {
        let path = entry.expect("a directory entry").path();
        let file_name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let relative = format!("{directory}/{file_name}");
        if path.is_dir() {
            // Test data, and the caches Python's tools leave beside the sources.
            if !matches!(
                file_name.as_str(),
                "data" | "proptest-regressions" | "__pycache__"
            ) && !file_name.starts_with('.')
            {
                source_files(&relative, into);
            }
        } else if path
            .extension()
            .is_some_and(|extension| NAMED_EXTENSIONS.contains(&&*extension.to_string_lossy()))
        {
            into.insert(relative);
        }
    }
}

/// For each folder with a heading of its own in ARCHITECTURE.md (`` ### `src/solver/` ``),
/// the text of its section, to the next heading.
fn folder_sections(text: &str) -> BTreeMap<String, String> {
    let mut sections = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        if line.starts_with('#') {
            if let Some((folder, body)) = current.take() {
                sections.insert(folder, body);
            }
            if let Some(folder) = line
                .split('`')
                .nth(1)
                .and_then(|quoted| quoted.strip_suffix('/'))
            {
                current = Some((folder.to_string(), String::new()));
            }
        } else if let Some((_, body)) = current.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    if let Some((folder, body)) = current {
        sections.insert(folder, body);
    }
    sections
}

/// The file names a section names: each `` `name.ext` `` without a slash.
fn named_files(section: &str) -> BTreeSet<String> {
    section
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|quoted| {
            !quoted.contains('/')
                && quoted.rsplit_once('.').is_some_and(|(stem, extension)| {
                    !stem.is_empty() && NAMED_EXTENSIONS.contains(&extension)
                })
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn every_source_file_is_named_under_its_folder() {
    let mut files = BTreeSet::new();
    for folder in NAMED_FOLDERS {
        source_files(folder, &mut files);
    }
    let sections = folder_sections(&architecture());
    let mut unnamed = Vec::new();
    for file in &files {
        let (folder, name) = file.rsplit_once('/').expect("a file in a folder");
        let named = sections
            .get(folder)
            .is_some_and(|section| named_files(section).contains(name));
        if !named {
            unnamed.push(file.clone());
        }
    }
    assert!(
        unnamed.is_empty(),
        "files ARCHITECTURE.md does not name under a heading of their folder:\n{}",
        unnamed.join("\n")
    );
    let mut stale = Vec::new();
    for (folder, section) in &sections {
        for name in named_files(section) {
            let path = format!("{folder}/{name}");
            if !files.contains(&path) {
                stale.push(path);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "files ARCHITECTURE.md names that do not exist:\n{}",
        stale.join("\n")
    );
    // The test reads what it claims to: a file deep in the library, and a folder's section.
    assert!(files.contains("src/solver/search/code.rs"));
    assert!(named_files(&sections["src/solver/search"]).contains("code.rs"));
}

/// The types and traits the library and the binary define, by name.
fn defined_types() -> BTreeSet<String> {
    #[derive(Default)]
    struct Types(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Types {
        fn visit_item_struct(&mut self, item: &'ast syn::ItemStruct) {
            self.0.insert(item.ident.to_string());
        }
        fn visit_item_enum(&mut self, item: &'ast syn::ItemEnum) {
            self.0.insert(item.ident.to_string());
        }
        fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
            self.0.insert(item.ident.to_string());
        }
        fn visit_item_type(&mut self, item: &'ast syn::ItemType) {
            self.0.insert(item.ident.to_string());
        }
        fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
            if !is_test_only(&module.attrs) {
                syn::visit::visit_item_mod(self, module);
            }
        }
    }
    let mut types = Types::default();
    for directory in ["src", "cli/src"] {
        let root = source(directory);
        let mut found = BTreeMap::new();
        modules(&root, &root, &mut found);
        for path in found.values() {
            let text = fs::read_to_string(path).expect("a source file");
            types.visit_file(&syn::parse_file(&text).expect("a source file that parses"));
        }
    }
    types.0
}

/// Every identifier of `source`'s code: doc comments, which are strings, left out.
fn identifiers(source: &str) -> BTreeSet<String> {
    fn walk(tokens: TokenStream, into: &mut BTreeSet<String>) {
        for token in tokens {
            match token {
                TokenTree::Ident(ident) => {
                    into.insert(ident.to_string());
                }
                TokenTree::Group(group) => walk(group.stream(), into),
                _ => {}
            }
        }
    }
    let mut found = BTreeSet::new();
    walk(source.parse().expect("tokens"), &mut found);
    found
}

/// A claim of ARCHITECTURE.md the code can contradict: each type or trait of the crate that
/// a Rust file's row names is named in that file's code — defined there, re-exported or
/// used — never one the file has nothing to do with (as `closed_form.rs` once was said to
/// hold `Play`, which lives in `game.rs`).
#[test]
fn every_type_a_row_names_is_in_its_file() {
    let types = defined_types();
    let mut contradicted = Vec::new();
    for (folder, section) in folder_sections(&architecture()) {
        for line in section.lines().filter(|line| line.starts_with("| `")) {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let file = cells[1].trim_matches('`');
            if Path::new(file)
                .extension()
                .is_none_or(|extension| extension != "rs")
            {
                continue;
            }
            let path = source(&format!("{folder}/{file}"));
            let Ok(text) = fs::read_to_string(&path) else {
                continue; // a file that does not exist: another test's failure
            };
            let present = identifiers(&text);
            for named in cells[2].split('`').skip(1).step_by(2) {
                if types.contains(named) && !present.contains(named) {
                    contradicted.push(format!("{folder}/{file} does not name `{named}`"));
                }
            }
        }
    }
    assert!(
        contradicted.is_empty(),
        "rows of ARCHITECTURE.md the code contradicts:\n{}",
        contradicted.join("\n")
    );
    // The test reads what it claims to.
    assert!(types.contains("ClosedForm") && types.contains("Play"));
    assert!(
        !identifiers(&fs::read_to_string(source("src/closed_form.rs")).expect("a file"))
            .contains("Play")
    );
}

#[test]
fn no_files_import_one_another_in_a_circle() {
    let root = source("cli/src");
    let mut binary = BTreeMap::new();
    modules(&root, &root, &mut binary);
    for (what, all) in [("the library", library()), ("the binary", binary)] {
        let edges = imports(&all);
        let found = circles(&edges);
        // Each circle by its edges, so that whoever breaks it sees where.
        let shown: Vec<String> = found
            .iter()
            .map(|circle| {
                let mut lines = Vec::new();
                for from in circle {
                    for to in edges[from].iter().filter(|to| circle.contains(to)) {
                        lines.push(format!("  {} → {}", name(from), name(to)));
                    }
                }
                lines.join("\n")
            })
            .collect();
        assert!(found.is_empty(), "circles in {what}:\n{}", shown.join("\n"));
    }
}

#[test]
fn no_file_passes_600_lines_of_code() {
    // Integration tests are the crate's tests, outside the rule as a module's are.
    let mut files = BTreeSet::new();
    for directory in ["src", "examples", "benches", "cli/src", "python/src"] {
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

/// The reader itself, on made-up code: groups, renames, globs, paths inside expressions and
/// macros, `$crate`, comments, strings and tests modules.
#[test]
fn the_reader_finds_imports_and_nothing_else() {
    let found: BTreeSet<String> = paths_in(
        "use super::{a::{B, c as d}, E};\n// use crate::nowhere;\nuse crate::x::Y;\nuse crate::g::*;\n\
         /// [`crate::in_docs`]\n\
         fn f() { crate::z::g(); let n = super::threads::DEPTH; let local = 1; \
           m!(crate::in_macro::h, $crate::macro_path::h, \"use crate::in_a_string;\"); }\n\
         macro_rules! r { () => { super::in_rules::k() }; }\n\
         #[cfg(test)]\nmod tests { use crate::t; }\n\
         #[cfg(all(test, feature = \"f\"))]\nmod gated { use crate::u; }\n\
         mod inner { use crate::kept; use super::Outer; fn g() { super::super::up::f(); } }",
    )
    .into_iter()
    .collect();
    let expected = [
        "super::a::B",
        "super::a::c",
        "super::E",
        "crate::x::Y",
        "crate::g",
        "crate::z::g",
        "super::threads::DEPTH",
        "crate::in_macro::h",
        "super::in_rules::k",
        "crate::kept",
        "self::Outer",
        "super::up::f",
    ];
    assert_eq!(
        found,
        expected.iter().map(|path| (*path).to_string()).collect()
    );
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
