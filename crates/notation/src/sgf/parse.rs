//! Scanning SGF text: game trees `(...)` into nodes of properties (ids and unescaped
//! values, each with its offset), with a bounded stack and the size limits of
//! [`crate::limits`]; no property is interpreted here.

use crate::error::{ErrorKind, excerpt};

/// Properties of a node: id, values, byte offset of the id.
pub(super) type Props = Vec<(String, Vec<String>, usize)>;

/// One scanned SGF node: its offset, properties, and the node it follows.
pub(super) struct RawNode {
    pub(super) at: usize,
    pub(super) props: Props,
    pub(super) parent: Option<usize>,
}

/// Scanned nodes of one game tree, in file order, with what is needed to keep the complete
/// lines of a tree that breaks off.
#[derive(Default)]
pub(super) struct Scan {
    pub(super) nodes: Vec<RawNode>,
    /// The sequence `(...)` each node is in.
    seq_of: Vec<usize>,
    /// Whether each sequence was closed by its `)`.
    closed: Vec<bool>,
}

impl Scan {
    /// The nodes of the lines that were complete when the scan stopped: each node of a
    /// closed sequence and their ancestors (parents re-numbered).
    pub(super) fn complete_part(self) -> Vec<RawNode> {
        let mut keep = vec![false; self.nodes.len()];
        for k in (0..self.nodes.len()).rev() {
            keep[k] |= self.closed[self.seq_of[k]];
            if keep[k]
                && let Some(p) = self.nodes[k].parent
            {
                keep[p] = true;
            }
        }
        let mut new_index = vec![usize::MAX; self.nodes.len()];
        let mut out = Vec::new();
        for (k, mut n) in self.nodes.into_iter().enumerate() {
            if keep[k] {
                n.parent = n.parent.map(|p| new_index[p]);
                new_index[k] = out.len();
                out.push(n);
            }
        }
        out
    }
}

/// Scans one game tree starting at `start` (`(`) into `scan` (its nodes in file order, each
/// with its parent); returns the offset after the game's closing `)`.
pub(super) fn scan_game(
    text: &str,
    start: usize,
    scan: &mut Scan,
) -> Result<usize, (usize, ErrorKind)> {
    let b = text.as_bytes();
    let mut i = start;
    // the node each open '(' continues from
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut seqs: Vec<usize> = Vec::new();
    let mut cur: Option<usize> = None;
    let Scan {
        nodes,
        seq_of,
        closed,
    } = scan;
    let mut depth_of: Vec<usize> = Vec::new();
    while i < b.len() {
        match b[i] {
            b'(' => {
                if stack.len() >= crate::limits::MAX_SGF_DEPTH {
                    return Err((
                        i,
                        ErrorKind::TooDeep {
                            limit: crate::limits::MAX_SGF_DEPTH,
                        },
                    ));
                }
                stack.push(cur);
                seqs.push(closed.len());
                closed.push(false);
                i += 1;
            }
            b')' => {
                let Some(back) = stack.pop() else {
                    return Err((
                        i,
                        ErrorKind::Unexpected {
                            found: ")".into(),
                            expected: "'(' opening a game",
                        },
                    ));
                };
                cur = back;
                if let Some(s) = seqs.pop() {
                    closed[s] = true;
                }
                i += 1;
                if stack.is_empty() {
                    return Ok(i);
                }
            }
            b';' => {
                if stack.is_empty() {
                    return Err((
                        i,
                        ErrorKind::Unexpected {
                            found: ";".into(),
                            expected: "'(' before a node",
                        },
                    ));
                }
                let node_at = i;
                let (props, next) = read_properties(text, i + 1, node_at)?;
                i = next;
                let depth = cur.map_or(1, |c| depth_of[c] + 1);
                if depth > crate::limits::MAX_MOVES + 1 {
                    return Err((
                        node_at,
                        ErrorKind::TooLarge {
                            what: "game too long".into(),
                            found: depth as u64,
                            unit: "nodes",
                            limit: crate::limits::MAX_MOVES as u64 + 1,
                        },
                    ));
                }
                if nodes.len() >= crate::limits::MAX_TREE_NODES {
                    return Err((
                        node_at,
                        ErrorKind::TooLarge {
                            what: "game tree too large".into(),
                            found: nodes.len() as u64 + 1,
                            unit: "nodes",
                            limit: crate::limits::MAX_TREE_NODES as u64,
                        },
                    ));
                }
                nodes.push(RawNode {
                    at: node_at,
                    props,
                    parent: cur,
                });
                seq_of.push(seqs.last().copied().unwrap_or(0));
                depth_of.push(depth);
                cur = Some(nodes.len() - 1);
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let end = text[i..]
                    .char_indices()
                    .nth(8)
                    .map_or(text.len(), |(k, _)| i + k);
                return Err((
                    i,
                    ErrorKind::Unexpected {
                        found: excerpt(&text[i..end]),
                        expected: "';', '(' or ')'",
                    },
                ));
            }
        }
    }
    Err((
        b.len(),
        ErrorKind::Truncated {
            expected: "')' closing the game",
        },
    ))
}

/// Reads the properties of the node at `node_at` from `i` (after its `;`): each id and its
/// values; returns them and the offset after the last value. A node may hold at most
/// [`MAX_SGF_VALUES`](crate::limits::MAX_SGF_VALUES) ids and values together.
fn read_properties(
    text: &str,
    mut i: usize,
    node_at: usize,
) -> Result<(Props, usize), (usize, ErrorKind)> {
    let b = text.as_bytes();
    let mut props: Props = Vec::new();
    let mut values_here = 0usize;
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let id_start = i;
        while i < b.len() && b[i].is_ascii_alphanumeric() {
            i += 1;
        }
        if id_start == i {
            return Ok((props, i));
        }
        let id = &text[id_start..i];
        let mut values = Vec::new();
        loop {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= b.len() || b[i] != b'[' {
                break;
            }
            let (v, next) = read_value(text, i)?;
            values.push(v);
            i = next;
        }
        if values.is_empty() {
            return Err((
                i.min(b.len()),
                ErrorKind::Unexpected {
                    found: excerpt(
                        text.get(id_start..(id_start + 12).min(b.len()))
                            .unwrap_or(""),
                    ),
                    expected: "a property value '[...]'",
                },
            ));
        }
        values_here += values.len() + 1;
        if values_here > crate::limits::MAX_SGF_VALUES {
            return Err((
                node_at,
                ErrorKind::TooLarge {
                    what: "game with too many properties".into(),
                    found: values_here as u64,
                    unit: "values",
                    limit: crate::limits::MAX_SGF_VALUES as u64,
                },
            ));
        }
        props.push((property_id(id), values, id_start));
    }
}

/// The property id as FF[4] spells it: FF[3] ids may hold lower-case letters, which are
/// ignored (`AddBlack` is `AB`, `GaMe` is `GM`); an id of lower-case letters only (`b`,
/// written by some old programs) is upper-cased.
fn property_id(id: &str) -> String {
    let upper: String = id
        .chars()
        .filter(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        .collect();
    if upper.is_empty() {
        id.to_ascii_uppercase()
    } else {
        upper
    }
}

/// Reads `[value]` at `i` (which is `[`), unescaping `\`; returns the value and the offset after `]`.
fn read_value(text: &str, i: usize) -> Result<(String, usize), (usize, ErrorKind)> {
    let mut out = String::new();
    let mut chars = text[i + 1..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // a soft line break: `\` before a line break (`\n`, `\r\n`, `\r`, `\n\r`)
                // is removed with it
                Some((_, n @ ('\n' | '\r'))) => {
                    let other = if n == '\n' { '\r' } else { '\n' };
                    if chars.clone().next().is_some_and(|(_, c)| c == other) {
                        chars.next();
                    }
                }
                Some((_, n)) => out.push(n),
                None => {}
            },
            ']' => return Ok((out, i + 1 + k + 1)),
            _ => out.push(c),
        }
    }
    Err((
        i,
        ErrorKind::Truncated {
            expected: "']' closing a property value",
        },
    ))
}
