"""read / write / Game on the repository's fixtures (corpus/records) and hand-made records."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from renju_kit import FORMATS, Game, RecordError, read, to_bytes, write

from conftest import corpus


def test_a_renju_file_broken_records_come_back_with_their_reason() -> None:
    games = list(read(corpus("records/bad-records.renju")))
    readable = [g for g in games if g.readable]
    broken = [g for g in games if not g.readable]
    assert games[0].readable and games[0].moves == ["h8", "h9", "i8", "g8", "g9"]
    assert games[0].result == "black" and games[0].index == 1
    assert games[1].moves == ["h8", "h9", "--", "i10"] and games[1].result == "white"
    assert broken, "the file has broken records"
    for g in broken:
        assert g.error is not None and "bad-records.renju" in g.error and g.moves == []
    assert [g.index for g in games] == list(range(1, len(games) + 1))
    assert len(readable) + len(broken) == len(games)
    with pytest.raises(RecordError) as e:
        list(read(corpus("records/bad-records.renju"), strict=True))
    assert e.value.file.endswith("bad-records.renju") and e.value.record >= 1
    assert isinstance(e.value, ValueError)


def test_the_errors_are_the_reports() -> None:
    # `validate --report` prints the same sentence in its detail column; here: the reader's.
    games = list(read(b"black h8 h9\nwhite h8 q3\n", format="renju"))
    assert games[0].readable
    bad = games[1]
    # a move that cannot be read: the moves before it are the game, as validate reads it
    assert bad.readable and bad.moves == ["h8"]
    assert bad.unreadable_move == (2, "q3", "column 'q' is off the 15x15 board (columns a..o)")
    assert bad.error is not None and "<bytes>: record 2: move 2 'q3' cannot be read" in bad.error
    # a record with nothing usable
    broken = list(read(b"purple h8\n", format="renju"))[0]
    assert not broken.readable and broken.error is not None and "record 1" in broken.error


def test_sgf_every_variation_is_a_game_with_comments() -> None:
    games = list(read(corpus("records/tree-root-variations.sgf")))
    assert len(games) >= 3
    assert all(g.readable for g in games)
    first = games[0]
    assert first.moves[:2] == ["h8", "h9"]
    assert first.comments.get(0) == "three first moves"
    assert first.comments.get(1) == "centre"
    assert any("of a tree" in r for r in first.remarks)


def test_gbk_sgf_is_decoded_and_says_so() -> None:
    g = next(iter(read(corpus("records/enc-gbk.sgf"))))
    assert g.black == "王五" and g.white == "李四"
    assert g.encoding is not None and g.encoding.upper() in ("GBK", "GB18030")
    assert g.comments[0] == "天元开局，黑先"
    assert g.comments[1] == "黑棋第一手"


def test_rif_and_folder_reading() -> None:
    games = list(read(corpus("records/small.rif")))
    assert games and all(g.file is not None for g in games)
    every = list(read(corpus("records")))
    files = {g.file for g in every}
    assert len(files) > 10
    assert any(not g.readable for g in every)


def test_missing_path_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        list(read(tmp_path / "nothing.renju"))
    with pytest.raises(ValueError):
        read(b"", format="nonsense")


def test_write_and_read_back_every_format(tmp_path: Path) -> None:
    g = Game("h8 h9 i8 i9 j8", "black", black="Alpha", white="Beta", event="Cup", comments={0: "start", 2: "ok"})
    for fmt in FORMATS:
        path = tmp_path / f"g.{fmt}"
        report = write([g], path, fmt)
        assert report["written"] == 1 and report["format"] == fmt
        back = list(read(path, format=fmt))
        assert len(back) == 1 and back[0].readable, (fmt, back[0].error)
        assert back[0].moves == g.moves, fmt
        dropped = dict(report["dropped"])
        if "result" not in dropped:
            assert back[0].result in ("black", "unknown"), fmt
        if "black" not in dropped and fmt != "moves":
            assert back[0].black == "Alpha", fmt
    data, report = to_bytes([g], "sgf")
    assert data.startswith(b"(;") and report["written"] == 1
    assert [x.moves for x in read(data)] == [g.moves]


def test_write_lists_what_it_cannot_keep(tmp_path: Path) -> None:
    g = Game("h8 h9", event="Cup")
    report = write([g], tmp_path / "a.renju")
    assert ("event", 1) in report["dropped"]
    broken = next(x for x in read(b"black h8 zz\n", format="renju") if not x.readable or x.unreadable_move)
    report = write([g, broken], tmp_path / "b.sgf")
    assert report["written"] >= 1


def test_write_is_atomic_and_through_symlinks(tmp_path: Path) -> None:
    target = tmp_path / "real.renju"
    target.write_text("old\n")
    link = tmp_path / "link.renju"
    os.symlink(target, link)
    write([Game("h8 h9", "white")], link)
    assert link.is_symlink()
    assert target.read_text() == "white h8 h9\n"


def test_game_constructor_checks_its_input() -> None:
    with pytest.raises(ValueError):
        Game("h8 zz")
    with pytest.raises(ValueError):
        Game("h8", "purple")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Game("h8", comments={5: "after the end"})
    g = Game(["h8", (7, 8), None])
    assert g.moves == ["h8", "h9", "--"]
    assert g.board().stones() == {"h8": "black", "h9": "white"}
    assert g.replace(black="X").black == "X" and g.black is None
    with pytest.raises(TypeError):
        g.replace(colour="x")


def test_replace_takes_what_its_documentation_names() -> None:
    g = Game("h8 h9", "black", black="A", tags={"k": "v"})
    # None clears tags, as Game(tags=None) makes none
    assert g.replace(tags=None).tags == {} and g.tags == {"k": "v"}
    assert g.replace(black=None).black is None
    # what it does not change is refused, and the message says what it changes
    for key in ("moves", "size", "comments"):
        with pytest.raises(TypeError, match="it changes id, black"):
            g.replace(**{key: None})


def test_an_empty_list_of_paths_holds_no_record() -> None:
    # `[]` is no paths (as for `audit` and `files`), not the contents of an empty file
    assert list(read([])) == []
    assert list(read(())) == []
    # a memoryview is its bytes, whatever its item format
    assert [g.moves for g in read(memoryview(b"black h8 h9\n"))] == [["h8", "h9"]]
    with pytest.raises(TypeError):
        read([104, 56])  # type: ignore[list-item]


def test_write_numbers_skipped_records_by_their_place_in_the_input() -> None:
    broken = list(read(b"black h8\npurple h8\n", format="renju"))[1]
    assert not broken.readable
    # the unreadable game is first: the game the format cannot hold is the third given
    _, report = to_bytes([broken, Game("h8 h9"), Game()], "moves")
    assert report["written"] == 1
    assert [r for r, _ in report["skipped"]] == [1, 3]
    _, report = to_bytes([Game("a1", size=19), broken, Game("h8")], "renju")
    assert [r for r, _ in report["skipped"]] == [1, 2]


def test_write_lists_a_record_written_without_its_unreadable_move(tmp_path: Path) -> None:
    salvaged, whole = list(read(b"black h8 h9 i8 zz j8\nwhite h8 h9\n", format="renju"))
    assert salvaged.readable and salvaged.unreadable_move is not None
    report = write([whole, salvaged], tmp_path / "out.sgf")
    # written as `corpus-tool filter` writes it (the moves before the unreadable one), and said
    assert report["written"] == 2 and report["skipped"] == []
    assert report["truncated"] == [
        (
            2,
            "<bytes> record 1: move 4 'zz' cannot be read, so it cannot be written; "
            "the record is written with the moves before it (3)",
        )
    ]
    assert [g.moves for g in read(tmp_path / "out.sgf")] == [["h8", "h9"], ["h8", "h9", "i8"]]
    assert to_bytes([whole], "renju")[1]["truncated"] == []


def test_game_takes_any_mapping_as_its_stubs_say() -> None:
    # the stubs type `tags` and `comments` as Mapping: a read-only view is one
    from types import MappingProxyType

    g = Game("h8 h9", tags=MappingProxyType({"k": "v"}), comments=MappingProxyType({1: "centre"}))
    assert g.tags == {"k": "v"} and g.comments == {1: "centre"}
    assert g.replace(tags=MappingProxyType({"a": "b"})).tags == {"a": "b"}
    with pytest.raises(TypeError, match="tags: a mapping"):
        Game("h8", tags=[("k", "v")])  # type: ignore[arg-type]


def test_a_record_names_its_file_so_that_it_opens_again(tmp_path: Path) -> None:
    # a file name that is not UTF-8 (Latin-1 'né'): `file` is the name the system gives
    # (os.fsdecode), not the reports' display of it (with U+FFFD), which opens nothing
    name = os.fsdecode(b"n\xe9.renju")
    (tmp_path / name).write_text("black h8 h9\n")
    (game,) = read(tmp_path)
    assert game.file == str(tmp_path / name)
    assert [g.moves for g in read(game.file)] == [["h8", "h9"]]
    # the error sentence names it as the command's reports do
    (tmp_path / name).write_text("purple h8\n")
    (bad,) = read(tmp_path)
    assert bad.file == str(tmp_path / name) and bad.error is not None and "n\ufffd.renju" in bad.error


def test_a_folder_lists_the_entries_it_does_not_read(tmp_path: Path) -> None:
    # they were skipped without a word: nothing in the records said a file was left unread
    (tmp_path / "a.renju").write_text("black h8 h9 i10\n")
    (tmp_path / "README.md").write_text("prose, in no record format\n")
    (tmp_path / ".hidden.renju").write_text("black h8 h9\n")
    os.mkfifo(tmp_path / "pipe.renju")
    records = read(tmp_path)
    games = list(records)
    assert [g.moves for g in games] == [["h8", "h9", "i10"]]
    assert sorted(records.skipped) == sorted(
        [
            (str(tmp_path / "README.md"), "in no record format"),
            (str(tmp_path / ".hidden.renju"), "hidden (the name starts with a dot)"),
            (str(tmp_path / "pipe.renju"), "not a regular file"),
        ]
    )
    # files in no record format first, as validate's summary lists them
    assert records.skipped[0] == (str(tmp_path / "README.md"), "in no record format")
    # a folder inside a list, the same; bytes and plain files skip nothing
    listed = read([tmp_path / "a.renju", tmp_path])
    assert len(list(listed)) == 2 and len(listed.skipped) == 3
    plain = read(tmp_path / "a.renju")
    assert len(list(plain)) == 1 and plain.skipped == []
    raw = read(b"black h8 h9\n")
    assert len(list(raw)) == 1 and raw.skipped == []


def test_the_skipped_entries_are_validates(tmp_path: Path, corpus_tool: str) -> None:
    import json
    import subprocess

    (tmp_path / "a.renju").write_text("black h8 h9 i10\n")
    (tmp_path / "notes.txt").write_text("prose\n")
    (tmp_path / ".git").mkdir()
    records = read(tmp_path)
    list(records)
    out = subprocess.run([corpus_tool, "validate", "--json", "-", str(tmp_path)], capture_output=True, text=True)
    summary = json.loads(out.stdout)
    expected = [(f, "in no record format") for f in summary["skipped_files"]]
    assert [p for p, _ in records.skipped] == [f for f, _ in expected] + [s["path"] for s in summary["skipped"]]


def test_a_file_that_cannot_be_read_comes_as_a_game(tmp_path: Path) -> None:
    # reported already: an unreadable entry is a Game with readable == False, not a skipped one
    (tmp_path / "a.renju").write_text("black h8 h9 i10\n")
    (tmp_path / "dangling.renju").symlink_to(tmp_path / "nowhere")
    records = read(tmp_path)
    games = list(records)
    broken = [g for g in games if not g.readable]
    assert len(broken) == 1 and "dangling.renju" in (broken[0].error or "")
    assert records.skipped == []


def big_archive(tmp_path: Path, games: int) -> Path:
    path = tmp_path / "big.renju"
    path.write_text("black h8 h9 i10 i9 j11\n" * games)
    return path


GAMES = 300_000
# the most a reader can have read ahead of the records taken: the channel's 16 batches of 256,
# the batch it is filling and the one it is sending, and the batch taken
READ_AHEAD = 20 * 256


def test_closing_records_stops_the_reader(tmp_path: Path) -> None:
    # the reader thread read the whole archive after the loop was left
    path = big_archive(tmp_path, GAMES)
    records = read(path)
    probe = records._reader_probe()
    next(records)
    records.close()
    assert probe.finished, "close waits for the reader thread to end"
    assert probe.records_read <= READ_AHEAD
    assert list(records) == []
    records.close()
    with read(path) as r:
        for _ in r:
            break
        probe = r._reader_probe()
    assert probe.finished and probe.records_read <= READ_AHEAD


def test_dropping_records_stops_the_reader(tmp_path: Path) -> None:
    import gc
    import time

    path = big_archive(tmp_path, GAMES)
    records = read(path)
    probe = records._reader_probe()
    for _ in records:
        break
    del records
    gc.collect()
    # the thread ends on its own: waited for (a deadline far beyond any machine's need), the
    # count it read is what is checked
    deadline = time.monotonic() + 120
    while not probe.finished and time.monotonic() < deadline:
        time.sleep(0.01)
    assert probe.finished
    assert probe.records_read <= READ_AHEAD, probe.records_read
    # read to the end, the reader read every record
    whole = read(path)
    probe = whole._reader_probe()
    assert sum(1 for _ in whole) == GAMES and probe.records_read == GAMES and probe.finished
