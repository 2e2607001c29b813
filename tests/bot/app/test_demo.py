"""``domino-tables demo``: the README's pictures, written by computer-only matches from
pinned seeds, each showing what its caption promises, the same bytes on every run."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot import __main__ as entry
from bot.app import cli, demo
from engine.classic import ClassicHand
from engine.fido import FidoHand
from engine.match import Match
from engine.network import NetworkHand
from engine.tiles import parse_tile

REPO = Path(__file__).resolve().parents[3]
EXPECTED = {
    "network-candidates.png",
    "all-fives.png",
    "fido.png",
    "sackson.png",
    "hand.png",
    "replay.webp",
    "all-fives-es.png",
}


def test_the_command_writes_every_picture_without_a_token(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no stray .env; the default folder lands here
    for name in list(os.environ):
        if name.startswith("DISCORD_"):
            monkeypatch.delenv(name)
    monkeypatch.setattr(sys, "argv", ["domino-tables", "demo"])

    assert entry.main() == 0

    folder = tmp_path / "demo-pictures"
    assert {path.name for path in folder.iterdir()} == EXPECTED
    for path in folder.iterdir():
        with Image.open(io.BytesIO(path.read_bytes())) as image:
            assert image.format == ("WEBP" if path.suffix == ".webp" else "PNG")
            image.verify()
    printed = capsys.readouterr().out.splitlines()
    assert [line.split(" ")[0] for line in printed] == [
        str(Path("demo-pictures") / name) for name in demo.PICTURES
    ]


def test_a_picture_is_the_same_bytes_in_another_process(tmp_path: Path) -> None:
    """Another interpreter, with another hash seed, plays the same moves and draws the
    same picture: nothing in the command depends on the run."""
    here = demo.write_pictures(tmp_path / "here", only=["network-candidates.png"])
    there = tmp_path / "there"
    script = "import sys, pathlib; from bot.app.demo import write_pictures; "
    script += "write_pictures(pathlib.Path(sys.argv[1]), only=['network-candidates.png'])"
    subprocess.run(
        [sys.executable, "-c", script, str(there)],
        check=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), "PYTHONHASHSEED": "12345"},
        timeout=60,
    )
    [(path, picture)] = here
    assert (there / path.name).read_bytes() == picture.data == path.read_bytes()


def test_another_folder_is_used_and_an_unwritable_one_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file, not a folder")

    assert cli.main(["demo", "--out", str(blocker / "pictures")]) == 2

    assert "domino-tables demo: cannot write to" in capsys.readouterr().err
    assert blocker.read_text() == "a file, not a folder"


def test_an_unknown_picture_is_refused() -> None:
    with pytest.raises(ValueError, match=r"no such picture: nope\.png"):
        demo.write_pictures(Path("unused"), only=["nope.png"])


def test_the_network_moment_is_mid_hand_with_a_ring_and_several_places() -> None:
    match = demo.NETWORK.play()
    hand = match.hand
    assert isinstance(hand, NetworkHand)
    assert not hand.is_over and len(hand.layout.placements) >= 8
    assert sum(hand.scores) >= 1  # a ring is already closed on the picture
    tile = demo.next_move(match, demo.NETWORK.turns or 0).split()[0]
    assert len(hand.placements_for(parse_tile(tile, top=6))) >= 3


def test_the_all_fives_spinner_is_open_four_ways() -> None:
    hand = demo.ALL_FIVES.play().hand
    assert isinstance(hand, ClassicHand)
    line = hand.view(None)["line"]
    assert line["spinner"] is not None
    assert all(line["arms"][side] for side in "EWNS")


def test_the_fido_line_branches() -> None:
    hand = demo.FIDO.play().hand
    assert isinstance(hand, FidoHand)
    assert not hand.is_over
    assert len(hand.line.ends()) > 4  # doubles laid crosswise opened new ends


def test_the_sackson_game_ends_with_a_winning_network_drawn() -> None:
    match = demo.SACKSON.play()
    assert match.is_over and match.winner is not None and match.last_hand is not None
    assert len(match.last_hand.view(None)["network"]) >= 6


def test_the_replay_is_the_animated_first_hand_with_a_frame_per_play() -> None:
    dealt, moves = demo.replay_moves()
    match = Match.from_json(dealt.to_json())
    for move in moves:
        match.play(move.seat, move.notation)
    assert match.last_hand is not None and match.last_hand.is_over
    picture = demo.replay()
    with Image.open(io.BytesIO(picture.data)) as image:
        assert image.format == "WEBP" and image.is_animated
        assert image.n_frames == len(moves) + 1


def test_the_spanish_table_has_just_scored_and_is_described_in_spanish() -> None:
    """The caption promises carol's play has just scored and the words are Spanish: the
    picture differs from the same table drawn in English, and so does its alt text."""
    hand = demo.SPANISH.play().hand
    assert isinstance(hand, ClassicHand)
    last = hand.view(None)["last"]
    assert last["seat"] == 2 and last["points"] > 0
    spanish, english = demo.table(demo.SPANISH, "es"), demo.table(demo.SPANISH)
    assert spanish.data != english.data
    assert spanish.alt_text.startswith("Cincos, mesa ")
