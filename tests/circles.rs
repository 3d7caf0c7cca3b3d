//! No file imports a file that imports it back. A circle makes its files one knot, read,
//! tested and changed together; the last, the screen's state and its drawing, was broken
//! when the screen's layout and its text became modules of their own. `layers.rs` holds
//! the top-level modules apart; this holds the files inside them apart too.

mod source;

use std::collections::{BTreeMap, BTreeSet};

/// The circles in `graph`: its strongly connected components of more than one module
/// (Tarjan's algorithm), each sorted.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, module: &'g str) {
            let at = self.index.len();
            self.index.insert(module, at);
            self.low.insert(module, at);
            self.stack.push(module);
            for next in self.graph.get(module).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[module].min(self.low[next]);
                    self.low.insert(module, low);
                } else if self.stack.contains(&next) {
                    let low = self.low[module].min(self.index[next]);
                    self.low.insert(module, low);
                }
            }
            if self.low[module] == self.index[module] {
                let mut circle = Vec::new();
                while let Some(top) = self.stack.pop() {
                    circle.push(top.to_owned());
                    if top == module {
                        break;
                    }
                }
                if circle.len() > 1 {
                    circle.sort();
                    self.found.push(circle);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for module in graph.keys() {
        if !walk.index.contains_key(module.as_str()) {
            walk.visit(module);
        }
    }
    walk.found.sort();
    walk.found
}

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    let graph = source::module_graph();
    assert!(graph.len() > 50, "found only {} modules", graph.len());
    let found = circles(&graph);
    let edges = |circle: &Vec<String>| {
        circle
            .iter()
            .map(|from| {
                let to: Vec<&str> = graph[from]
                    .iter()
                    .filter(|to| circle.contains(to))
                    .map(String::as_str)
                    .collect();
                format!("  {from} names {}", to.join(", "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        found.is_empty(),
        "import circles:\n{}",
        found.iter().map(edges).collect::<Vec<_>>().join("\n\n")
    );
}

/// The walk finds a circle of three, a circle of two and nothing in a chain.
#[test]
fn circles_are_found_as_they_stand() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", &["b"][..]),
        ("b", &["c"]),
        ("c", &["a", "d"]),
        ("d", &["e"]),
        ("e", &["d"]),
        ("f", &["a"]),
    ]
    .iter()
    .map(|(from, to)| {
        (
            (*from).to_owned(),
            to.iter().map(|t| (*t).to_owned()).collect(),
        )
    })
    .collect();
    assert_eq!(
        circles(&graph),
        vec![vec!["a", "b", "c"], vec!["d", "e"]]
            .into_iter()
            .map(|c| c.into_iter().map(str::to_owned).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    );
}
