//! RenLib's binary `.pos`: byte 0 is the number of moves N (1..225), then N bytes
//! `15 * row + column` (0..224), Black first, rows counted from the top by default. Read only.
//!
//! The text `.pos` grids of other programs (15 lines of `.`, `x`, `o`) share the extension;
//! they are recognised and refused with a clear error.

use crate::error::{ErrorKind, Position, RecordError};
use crate::moves::point_from;
use crate::record::{GameRecord, Orientation};
use renju_core::{Move, RENJU_SIZE};

/// Whether `bytes` look like a text grid `.pos` (only `.xoXOD`, spaces and line breaks).
#[must_use]
pub fn is_text_grid(bytes: &[u8]) -> bool {
    !bytes.is_empty()
        && bytes.contains(&b'\n')
        && bytes.iter().all(|b| {
            matches!(
                b,
                b'.' | b'x' | b'o' | b'X' | b'O' | b'D' | b'\n' | b'\r' | b' '
            )
        })
}

/// Reads a binary `.pos` file (one game).
///
/// # Errors
/// A [`RecordError`] with the byte offset of a count or move byte out of range, or of the
/// end of a truncated file.
///
/// ```
/// use renju_notation::{Orientation, pos::read_pos};
/// let g = read_pos(&[2, 0x70, 0x61], "t.pos", Orientation::RowOneAtTop).unwrap();
/// assert_eq!(g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h8", "h9"]);
/// ```
pub fn read_pos(
    bytes: &[u8],
    file: &str,
    orientation: Orientation,
) -> Result<GameRecord, RecordError> {
    let err = |at: usize, kind| RecordError::new(file, 1, Position::Byte(at as u64), kind);
    if is_text_grid(bytes) {
        return Err(err(
            0,
            ErrorKind::WrongFormat("a text grid of '.', 'x', 'o' (not RenLib's binary .pos)"),
        ));
    }
    let Some(&n) = bytes.first() else {
        return Err(err(
            0,
            ErrorKind::Truncated {
                expected: "the move count byte",
            },
        ));
    };
    let n = usize::from(n);
    if n == 0 || n > 225 {
        return Err(err(
            0,
            ErrorKind::Unexpected {
                found: format!("count {n}"),
                expected: "a move count 1..225",
            },
        ));
    }
    if bytes.len() < n + 1 {
        return Err(err(
            bytes.len(),
            ErrorKind::Truncated {
                expected: "as many move bytes as the count says",
            },
        ));
    }
    if bytes.len() > n + 1 {
        return Err(err(
            n + 1,
            ErrorKind::Unexpected {
                found: format!("{} extra bytes", bytes.len() - n - 1),
                expected: "the end of the file after the last move",
            },
        ));
    }
    let mut g = GameRecord::new(RENJU_SIZE);
    for (i, &b) in bytes[1..].iter().enumerate() {
        let v = u32::from(b);
        let p = if v < 225 {
            point_from(v % 15, v / 15, RENJU_SIZE, orientation)
        } else {
            None
        };
        let Some(p) = p else {
            return Err(err(
                i + 1,
                ErrorKind::Unexpected {
                    found: format!("byte {b:#04x}"),
                    expected: "a point 0..224",
                },
            ));
        };
        g.moves.push(Move::Stone(p));
    }
    Ok(g)
}
