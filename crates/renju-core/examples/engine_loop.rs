//! An engine's loop: one `IncrementalBoard` kept current through a game and a small search,
//! asking for Black's forbidden points after every move without allocating.
//!
//! `cargo run -p renju-core --example engine_loop`: replays a short game, and at each Black
//! turn tries every legal reply one ply deep (place, ask, undo) to count how many of Black's
//! candidate moves the fouls remove.

use renju_core::{Color, Convention, Foul, IncrementalBoard, Point};

fn main() {
    // Black builds f8 g8 and h9 h10: after move 8, h8 would be a double three.
    let game: Vec<Point> = [
        "f8", "e9", "g8", "i11", "h9", "j12", "h10", "c3", "e8", "i8",
    ]
    .iter()
    .map(|p| p.parse().expect("a point of the 15x15 board"))
    .collect();
    let mut board = IncrementalBoard::renju();
    let mut fouls: Vec<(Point, Foul)> = Vec::with_capacity(32); // reused for every position
    let (mut replies, mut removed) = (0usize, 0usize);
    for (i, &p) in game.iter().enumerate() {
        board
            .place(p, Color::of_move_number(i + 1))
            .expect("the game's moves are on free points");
        let to_move = Color::of_move_number(i + 2);
        if to_move != Color::Black {
            continue;
        }
        fouls.clear();
        board.forbidden_points_into(Convention::Lenient, &mut fouls);
        let names: Vec<String> = fouls.iter().map(|(q, f)| format!("{q} {f}")).collect();
        if names.is_empty() {
            println!("after move {} ({p}): no forbidden point for Black", i + 1);
        } else {
            println!(
                "after move {} ({p}): Black may not play {}",
                i + 1,
                names.join(", ")
            );
        }
        // One ply of search: every empty point near the stones, placed and taken back.
        for q in candidates(&board) {
            if fouls.iter().any(|&(f, _)| f == q) {
                removed += 1; // a foul: not a move for Black
                continue;
            }
            board.place(q, Color::Black).expect("an empty point");
            replies += 1;
            board.undo();
        }
    }
    println!(
        "{replies} Black replies tried, each placed and taken back on the one board; \
         {removed} removed as fouls"
    );
}

/// The empty points within two lines of a stone.
fn candidates(board: &IncrementalBoard) -> Vec<Point> {
    let stones: Vec<Point> = board.history().iter().map(|&(p, _)| p).collect();
    let mut out = Vec::new();
    for col in 0..15u8 {
        for row in 0..15u8 {
            let Some(p) = Point::new(col, row) else {
                continue;
            };
            let near = stones.iter().any(|s| s.distance(p) <= 2);
            if near && !stones.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}
