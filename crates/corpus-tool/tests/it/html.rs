//! The HTML report (`validate --html`): what each flagged record's board shows, reasoned from
//! the moves by hand; escaping of hostile record text; and the page in a real browser
//! (headless Chromium; skipped with a printed reason when it is not installed, a failure
//! under CI).

use corpus_tool::html::{Flagged, MarkKind, Page, audit_with_page, write_page};
use corpus_tool::validate::Options;
use renju_analyzer::{GameVerdict, Settings, audit};
use renju_core::{Foul, Move, Point};
use renju_notation::{DeclaredResult, GameRecord};
use std::path::{Path, PathBuf};
use std::process::Command;

fn record(moves: &str, result: DeclaredResult) -> GameRecord {
    let mut r = GameRecord::new(15);
    r.result = result;
    r.moves = moves
        .split_whitespace()
        .map(|m| m.parse::<Move>().unwrap())
        .collect();
    r
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn flagged(r: &GameRecord) -> Flagged {
    let a = audit(r, &Settings::default());
    assert_ne!(a.verdict(), GameVerdict::Ok, "{a}");
    Flagged::from_audit("t.renju", 1, r, &a)
}

#[test]
fn a_foul_the_record_ends_on_is_marked_with_its_tree() {
    // j8 joins h8 i8 (row) and j9 j10 (column): two open threes; the record stops there.
    let r = record("h8 h9 i8 b2 j9 b14 j10 n14 j8", DeclaredResult::Black);
    let f = flagged(&r);
    assert_eq!(f.verdict, GameVerdict::ResultMismatch);
    let b = f.board.unwrap();
    assert_eq!((b.focus, b.moves.len()), (9, 9));
    let m = b.mark.unwrap();
    assert_eq!(
        (m.point, m.kind),
        (p("j8"), MarkKind::Foul(Foul::DoubleThree))
    );
    let tree = b.explanation.unwrap();
    assert!(tree.contains("open three"), "{tree}");
    assert!(b.five.is_empty());
}

#[test]
fn a_lapsed_foul_is_the_focus_of_a_warning() {
    let r = record("h8 h9 i8 b2 j9 b14 j10 n14 j8 a1", DeclaredResult::White);
    let f = flagged(&r);
    assert_eq!(f.verdict, GameVerdict::Warning);
    assert_eq!(f.findings, ["lapsed-foul"]);
    assert_eq!(f.detail, a_detail(&r));
    let b = f.board.unwrap();
    assert_eq!((b.focus, b.moves.len()), (9, 10));
    assert_eq!(b.mark.unwrap().point, p("j8"));
}

#[test]
fn the_five_of_a_mismatch_is_highlighted() {
    // Black h8 i8 j8 k8 l8 in a row at move 9; the record says White won.
    let r = record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White);
    let b = flagged(&r).board.unwrap();
    assert_eq!((b.focus, b.five_move), (9, Some(9)));
    assert_eq!(b.five, ["h8", "i8", "j8", "k8", "l8"].map(p));
    assert!(b.mark.is_none());
}

#[test]
fn an_occupied_point_stops_the_board_before_the_offending_move() {
    // Move 4 (White) lands on i8, Black's move 3.
    let r = record("h8 h9 i8 i8 j8", DeclaredResult::Unknown);
    let f = flagged(&r);
    assert_eq!(f.verdict, GameVerdict::Illegal);
    let b = f.board.unwrap();
    assert_eq!((b.focus, b.moves.len()), (3, 3));
    let m = b.mark.unwrap();
    assert_eq!((m.point, m.kind), (p("i8"), MarkKind::Occupied));
}

const HOSTILE: &str = "x</script><script>document.body.setAttribute('data-pwned','1')</script><img src=x onerror=\"document.body.setAttribute('data-pwned','2')\">'\u{2028}&amp;";

fn a_detail(r: &GameRecord) -> String {
    audit(r, &Settings::default()).detail()
}

/// The page of a real `validate` run over the repository's example games and bad records,
/// plus one hostile record.
fn example_page() -> Page {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let paths = [root.join("games"), root.join("records")];
    let (summary, mut page) = audit_with_page::<Vec<u8>>(
        &paths,
        &Options::default(),
        &crate::common::engine(2),
        None,
        &mut |_| {},
    )
    .expect("the example corpus reads");
    assert_eq!(
        page.records.len(),
        summary.records - summary.verdicts.get(GameVerdict::Ok),
        "one page record per flagged row"
    );
    let mut evil = record("h8 h9 i8 a1 j8 a2 k8 a3 l8", DeclaredResult::White);
    evil.id = Some(HOSTILE.to_string());
    let a = audit(&evil, &Settings::default());
    let mut f = Flagged::from_audit(HOSTILE, 7, &evil, &a);
    f.detail = HOSTILE.to_string();
    f.findings.push(HOSTILE.to_string());
    if let Some(b) = f.board.as_mut() {
        b.explanation = Some(HOSTILE.to_string());
    }
    page.push(f);
    page.totals.settings = HOSTILE.to_string();
    page
}

fn render(page: &Page) -> String {
    let mut out = Vec::new();
    write_page(page, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn record_text_cannot_inject_markup_or_script() {
    let page = example_page();
    let html = render(&page);
    // Exactly the page's own two script elements, however the records read.
    assert_eq!(
        html.matches("<script").count(),
        2,
        "a script element from a record"
    );
    assert_eq!(html.matches("</script>").count(), 2);
    assert!(!html.contains("<img"), "raw markup from a record");
    assert!(
        !html.contains("onerror=\""),
        "a raw attribute from a record"
    );
    // Every flagged record is one element, and the hostile one is found by its escaped key.
    assert_eq!(html.matches("data-record=").count(), page.records.len());
    assert!(html.contains("data-record=\"x&lt;/script&gt;&lt;script&gt;"));
    // The board data reads back as JSON with the hostile text intact.
    let start = html.find("id=\"boards\">").unwrap() + "id=\"boards\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    assert!(
        !html[start..end].contains('\u{2028}'),
        "a raw line separator in the script data"
    );
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let boards = data.as_array().unwrap();
    assert_eq!(boards.len(), page.records.len());
    assert_eq!(boards.last().unwrap()["t"], HOSTILE);
}

#[test]
fn the_example_games_flag_what_their_names_say() {
    let page = example_page();
    // corpus/games/README.md describes each file; these are not `ok` under the defaults.
    let names: Vec<String> = page
        .records
        .iter()
        .map(|r| {
            Path::new(&r.file)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    for must in [
        "double-three-lapsed",
        "moves-after-end",
        "occupied",
        "off-board",
        "result-mismatch",
        "unreadable-move",
        "first-move-off-centre",
        "not-an-opening",
    ] {
        assert!(
            names.iter().any(|n| n == must),
            "{must} not flagged: {names:?}"
        );
    }
    assert!(page.records.len() >= 9, "{}", page.records.len());
}

/// Headless Chromium, when it is on `PATH`; else `SKIPPED`, or a failure under CI (a check
/// that cannot run never passes green there).
fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            let ok = Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success());
            ok.then(|| PathBuf::from(name))
        });
    renju_testdata::require(
        "chromium on PATH (Debian: apt-get install chromium)",
        found.is_some(),
    );
    found
}

fn browser(bin: &Path, profile: &Path, extra: &[&str], url: &str) -> std::process::Output {
    let mut cmd = Command::new(bin);
    cmd.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--virtual-time-budget=10000",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .args(extra)
    .arg(url);
    // Output through files and a generous limit, so that a browser that hangs fails the test
    // instead of stalling CI (a guard, not a timing assertion).
    std::fs::create_dir_all(profile).unwrap();
    let (out, err) = (profile.join("stdout.txt"), profile.join("stderr.txt"));
    cmd.stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap());
    let mut child = cmd.spawn().expect("chromium runs");
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > std::time::Duration::from_secs(300) {
            let _ = child.kill();
            panic!("chromium did not finish in 300 s: {url}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    std::process::Output {
        status,
        stdout: std::fs::read(&out).unwrap(),
        stderr: std::fs::read(&err).unwrap(),
    }
}

/// Number of stones a board must show at its focus, counted from the moves (passes are no
/// stones).
fn stones_at_focus(f: &Flagged) -> Option<usize> {
    f.board.as_ref().map(|b| {
        b.moves[..b.focus]
            .iter()
            .filter(|m| m.point().is_some())
            .count()
    })
}

#[test]
fn the_page_draws_every_flagged_record_in_a_browser() {
    let Some(bin) = chromium() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-report");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let page = example_page();
    let file = dir.join("report.html");
    std::fs::write(&file, render(&page)).unwrap();
    let url = format!("file://{}", file.display());

    let out = browser(
        &bin,
        &dir.join("profile-dom"),
        &["--dump-dom"],
        // every board drawn at once, then the page works its own replay keys and buttons,
        // sorting and filters (report.js) and says how it went in data-self-test
        &format!("{url}#self-test"),
    );
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && !dom.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let n = page.records.len();
    assert!(
        dom.contains(&format!("data-ready=\"{n}\"")),
        "the script did not finish"
    );
    let body = &dom[dom.find("<body").unwrap()..];
    let body_tag = &body[..body.find('>').unwrap()];
    assert!(
        !body_tag.contains(" data-pwned="),
        "a record's text ran as script: {body_tag}"
    );
    assert!(
        body_tag.contains("data-self-test=\"pass\""),
        "the page's self-test: {body_tag}"
    );
    assert_eq!(dom.matches("<tbody class=\"rec\"").count(), n);
    // One drawn board per record that has one, each with the stones of its focus position
    // (the self-test sorted the table: records are matched by their data-i).
    let expected: Vec<Option<usize>> = page.records.iter().map(stones_at_focus).collect();
    let boards = expected.iter().flatten().count();
    assert_eq!(dom.matches("<svg class=\"board\"").count(), boards);
    assert!(dom.contains(&format!("data-drawn=\"{boards}\"")));
    let attr = |piece: &str, name: &str| -> Option<usize> {
        let at = piece.find(&format!("{name}=\""))? + name.len() + 2;
        piece[at..at + piece[at..].find('"')?].parse().ok()
    };
    let mut seen = vec![false; n];
    for piece in dom.split("<tbody class=\"rec\"").skip(1) {
        let i = attr(piece, "data-i").expect("data-i");
        let piece = &piece[..piece.find("</tbody>").expect("a whole tbody")];
        assert_eq!(attr(piece, "data-stones"), expected[i], "record {i}");
        seen[i] = true;
    }
    assert!(seen.iter().all(|s| *s), "a record is missing from the DOM");
    // The hostile record's text is there, as text.
    assert!(dom.contains("x&lt;/script&gt;&lt;script&gt;document.body.setAttribute"));
    // The foul marks were drawn.
    let marked = page
        .records
        .iter()
        .filter(|r| r.board.as_ref().is_some_and(|b| b.mark.is_some()))
        .count();
    assert!(marked >= 2, "{marked}");
    assert_eq!(dom.matches("class=\"mark\"").count(), marked);

    let shot = dir.join("screenshot.png");
    let out = browser(
        &bin,
        &dir.join("profile-shot"),
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,1800",
        ],
        &url,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let png = std::fs::read(&shot).expect("a screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );
    println!("screenshot: {}", shot.display());
}

/// `validate --html` writes the page next to the CSV report: one `data-record` element per
/// row that is not `ok`, and nothing under the name asked for when the run fails.
#[test]
fn the_command_writes_the_page() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-command");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (html, csv) = (dir.join("audit.html"), dir.join("audit.csv"));
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/games");
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .arg("validate")
        .arg("--quiet")
        .arg("--html")
        .arg(&html)
        .arg("--report")
        .arg(&csv)
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(&html).unwrap();
    let mut report = csv::Reader::from_path(&csv).unwrap();
    let verdict = report
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "verdict")
        .unwrap();
    let flagged = report
        .records()
        .filter(|r| &r.as_ref().unwrap()[verdict] != "ok")
        .count();
    assert!(flagged >= 9, "{flagged}");
    assert_eq!(page.matches("data-record=").count(), flagged);
    assert!(!dir.join("audit.html.partial").exists());
    // A folder where the page should go: the run fails and leaves no report either.
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["validate", "--quiet", "--html"])
        .arg(&dir)
        .arg("--report")
        .arg(dir.join("second.csv"))
        .arg(&games)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.join("second.csv").exists());
}

/// The 147k archive: the page holds every flagged record, stays under 15 MB, and the browser
/// runs its script over all of them (`cargo xtask ci` runs this in release; it prints the
/// size and the time the script took in the page).
#[test]
#[ignore = "the real archive: run in release by cargo xtask ci"]
fn the_real_archive_page() {
    let Some(archive) = renju_testdata::shared("corpora/dasimagin-renju/train-2.renju") else {
        return;
    };
    let (summary, page) = audit_with_page::<Vec<u8>>(
        &[archive],
        &Options::default(),
        &crate::common::engine(2),
        None,
        &mut |_| {},
    )
    .unwrap();
    let flagged = summary.records - summary.verdicts.get(GameVerdict::Ok);
    assert!(flagged > 3_000, "{flagged}");
    assert_eq!((page.records.len(), page.left_out), (flagged, 0));
    let html = render(&page);
    assert!(html.len() <= 15 << 20, "{} bytes", html.len());
    assert_eq!(html.matches("data-record=").count(), flagged);
    println!("page: {flagged} flagged records, {} bytes", html.len());
    let Some(bin) = chromium() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-archive");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("train-2.html");
    std::fs::write(&file, &html).unwrap();
    let out = browser(
        &bin,
        &dir.join("profile"),
        &["--dump-dom"],
        &format!("file://{}", file.display()),
    );
    let dom = String::from_utf8_lossy(&out.stdout);
    let body = &dom[dom.find("<body").expect("a body")..];
    let body_tag = &body[..body.find('>').unwrap()];
    assert!(
        body_tag.contains(&format!("data-ready=\"{flagged}\"")),
        "{body_tag}"
    );
    assert!(
        body_tag.contains("data-drawn=\""),
        "no board drawn: {body_tag}"
    );
    assert_eq!(dom.matches("<tbody class=\"rec\"").count(), flagged);
    println!("browser: {body_tag}>");
}

/// The summary's counts on the page are the run's, `--sample` included.
#[test]
fn the_summary_counts_are_the_runs() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-sample");
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("four.renju");
    // records 1 and 3 are audited: a result mismatch (Black's five, declared White) and an
    // occupied point; 2 and 4 are not sampled
    std::fs::write(
        &games,
        "white h8 h9 i8 a1 j8 a2 k8 a3 l8\nblack h8 h9\nunknown h8 h8\nblack h8\n",
    )
    .unwrap();
    let options = Options {
        sample: 2,
        ..Options::default()
    };
    let (summary, page) = audit_with_page::<Vec<u8>>(
        &[games],
        &options,
        &crate::common::engine(2),
        None,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!((summary.records, summary.not_sampled), (2, 2));
    assert_eq!(page.records.len(), 2);
    let html = render(&page);
    let records = format!(
        "{} read, {} audited, {} not sampled (no row), 0 unreadable",
        summary.records + summary.not_sampled,
        summary.records,
        summary.not_sampled
    );
    assert!(html.contains(&records), "{records}");
    for (verdict, n) in summary.verdicts.iter() {
        let bar = format!(
            "data-kind=\"{}\"><span class=\"label\">{}</span>",
            verdict.name(),
            verdict.name()
        );
        let at = html
            .find(&bar)
            .unwrap_or_else(|| panic!("no bar for {verdict}"));
        let count = format!("<span class=\"n\">{n}</span>");
        assert!(
            html[at..].find(&count).is_some_and(|i| i < 300),
            "{verdict} {n}"
        );
    }
}

/// A run with nothing flagged still gives a page that says so.
#[test]
fn a_page_with_nothing_flagged_says_so() {
    let html = render(&Page::default());
    assert!(html.contains("No flagged records."));
    assert_eq!(html.matches("data-record=").count(), 0);
    assert!(html.contains("id=\"boards\">[]</script>"));
}
