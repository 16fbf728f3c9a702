//! `corpus-tool openings stats` (issue 17): the CSV's exact columns and order, the `none` row,
//! the per-rule 5th-move table, and the files written.

use std::process::Command;

#[test]
fn stats_of_a_small_archive() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let games = dir.path().join("games.renju");
    // 6D twice (a Black five at 9; a resignation), 1I turned (h8 g7 f6), and a two-move game.
    std::fs::write(
        &games,
        "black h8 h9 i8 i9 j8 j9 k8 k9 l8\nwhite h8 h7 g8 a1\ndraw h8 g7 f6 a1 a2 a3\nunknown h8 h9\n",
    )
    .expect("written");
    let rif = dir.path().join("games.rif");
    std::fs::write(
        &rif,
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<database><rules><rule id=\"1\" name=\"RIF\"/></rules>\n\
         <games><game id=\"1\" rule=\"1\" bresult=\"1\" alt=\"g9 j8\" swap=\"R\"><move>h8 i9 j10 k11 g9 a1</move></game>\n\
         </games></database>\n",
    )
    .expect("written");
    let csv = dir.path().join("o.csv");
    let fifth = dir.path().join("f.csv");
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["openings", "stats", "--report"])
        .arg(&csv)
        .arg("--fifth-report")
        .arg(&fifth)
        .arg(&games)
        .arg(&rif)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("games: 5"), "{text}");
    let csv = std::fs::read_to_string(&csv).expect("csv written");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "code,name,games,black,white,draw,unknown,black_five,white_five,foul,mean_moves"
    );
    assert_eq!(lines.len(), 28);
    let codes: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap_or(""))
        .collect();
    let mut want: Vec<String> = (1..=13).map(|n| format!("{n}D")).collect();
    want.extend((1..=13).map(|n| format!("{n}I")));
    want.push("none".into());
    assert_eq!(codes, want);
    assert_eq!(lines[6], "6D,Ugetsu,2,1,1,0,0,1,0,0,6.5");
    assert_eq!(lines[14], "1I,Chosei,2,1,0,1,0,0,0,0,6.0");
    assert_eq!(lines[27], "none,not one of the 26,1,0,0,0,1,0,0,0,2.0");
    assert_eq!(lines[2], "2D,Keigetsu,0,0,0,0,0,0,0,0,");
    let fifth = std::fs::read_to_string(&fifth).expect("fifth written");
    assert_eq!(
        fifth,
        "rule,code,fifth,games,offers_recorded,mean_offers,swapped,black,white,draw,unknown\n\
         RIF,1I,g9,1,1,2.0,1,1,0,0,0\n"
    );
}
