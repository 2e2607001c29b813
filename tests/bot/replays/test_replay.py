"""Replays: one frame per move plus the deal, all one size with the header and the scores
in one place, ending on the table the bot posts when the hand ends; nothing private drawn;
the command line writes the files; the slash command finds the right table or says
politely why not."""

from __future__ import annotations

import asyncio
import io
import math
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.app.cli import main as domino_tables
from bot.games import adapter_for
from bot.games.base import GameAdapter
from bot.replays.build import (
    HandReplay,
    build_replay,
    hand_frames,
    hand_states,
    logged,
    replay_canvas,
)
from bot.replays.command import find_hand, replay_message
from bot.store import MoveRecord, Seat, Store, TableRecord, TableStatus
from bot.tables.errors import UserError
from engine.match import Match
from engine.record import GameRecord, LoggedMove, read_record, rebuild
from engine.registry import GAMES
from render.kit.canvas import Canvas, measure
from render.kit.header import scale_for
from render.kit.palette import BACKGROUND, CURRENT_ROW, HEADER_BACKGROUND
from render.replay import Frame, assemble, decode_frames
from tests.engine.logged_matches import played_match

SEED = 424242
GUILD, CHANNEL = 111, 500
NAMES = ["Ada", "Bea", "Cy", "Dee"]


def rgb(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


SMALL = {"fido": {"set": 9}}
"""A double-9 FIDO game: the same pictures as double-12, fewer moves to draw."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_replay_has_a_frame_per_move_and_ends_on_the_posted_table(game: str) -> None:
    match, log = played_match(game, 2, SEED, hands=1, options=SMALL.get(game))
    names = NAMES[:2]
    plays = [move for move in log if move.hand_number == 1]
    frames = hand_frames(match, names, log, 1)
    assert len(frames) == len(plays) + 1

    data, fmt = assemble(frames)  # what replay_hand makes of them
    assert fmt == "webp" and len(data) <= 8 * 1024 * 1024
    decoded = decode_frames(data)
    assert len(decoded) == len(plays) + 1
    # What the bot posts when the hand ends: the finished hand with the match after it.
    # The replay's canvas may be wider or taller (an earlier state needed it); then the
    # table is the posted one at the top of the table area, centred across (tiles on
    # other pixel boundaries may antialias a little differently).
    assert match.last_hand is not None
    posted = rgb(adapter_for(game).table_picture(match, names, hand=match.last_hand))
    extent = measure(lambda: adapter_for(game).table_picture(match, names, hand=match.last_hand))
    canvas = Canvas.covering([extent])
    assert canvas.size == posted.size
    last, replay_canvas = decoded[-1], canvas_of(match, names, log)
    assert last.size == replay_canvas.size
    if replay_canvas == canvas:  # the last state was the largest: exactly what was posted
        assert last.tobytes() == posted.tobytes()
    width, height = extent.table_width, extent.table_height - 1  # below the header's rule
    posted_left = (posted.width - width) // 2
    left = (last.width - width) // 2
    top = replay_canvas.header_height
    table = posted.crop((posted_left, canvas.header_height + 1, posted_left + width, posted.height))
    shown = last.crop((left, top + 1, left + width, top + 1 + height))
    assert max(ImageStat.Stat(ImageChops.difference(shown, table)).mean) < 1.0
    with Image.open(io.BytesIO(data)) as animation:
        assert animation.format == "WEBP" and animation.is_animated


def canvas_of(match: Match, names: list[str], log: list[LoggedMove]) -> Canvas:
    return replay_canvas(match.game, names, hand_states(match, log, 1))


def is_background(pixel: tuple[int, int, int]) -> bool:
    """The table's background, give or take what a picture's 256 colours made of it."""
    return sum(abs(a - b) for a, b in zip(pixel, BACKGROUND, strict=True)) <= 6


def header_rows(frame: Image.Image) -> list[int]:
    """The rows of the header box from the top (not the table's background at the right
    edge), its rule included."""
    rows = []
    for y in range(frame.height):
        if is_background(frame.getpixel((frame.width - 1, y))):  # type: ignore[arg-type]
            break
        rows.append(y)
    return rows


def swatch_rows(frame: Image.Image, header_height: int, seats: int) -> list[int]:
    """The rows above the header's rule (``header_height``) where the seats' colour
    swatches are (two columns inside each swatch, clear of its number; the last ``seats``
    blocks of such rows, under the header's text): where the score table's rows are."""
    scale = scale_for(frame.width)
    columns = (round(34 * scale) + 2, round(50 * scale) - 3)

    def far(pixel: tuple[int, int, int]) -> bool:
        return all(
            sum(abs(a - b) for a, b in zip(pixel, ground, strict=True)) > 60
            for ground in (HEADER_BACKGROUND, CURRENT_ROW)
        )

    rows = [
        y
        for y in range(header_height)
        if all(far(frame.getpixel((x, y))) for x in columns)  # type: ignore[arg-type]
    ]
    starts = [y for y in rows if y - 1 not in rows]
    return [y for y in rows if y >= starts[-seats]]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_frame_has_one_size_and_the_header_and_scores_in_one_place(game: str) -> None:
    """Checked on the frames as drawn (the animation stores each in its own 256 colours)."""
    players = 4 if game == "network" else 2
    match, log = played_match(game, players, SEED, hands=1, options=SMALL.get(game))
    frames = hand_frames(match, NAMES[:players], log, 1)
    assert len({frame.size for frame in decode_frames(assemble(frames)[0])}) == 1
    drawn = [rgb(frame.png) for frame in frames]
    assert len({frame.size for frame in drawn}) == 1
    box = header_rows(drawn[-1])
    swatches = swatch_rows(drawn[-1], box[-2] - 1, players)
    assert len(swatches) >= players * 8, "a block of rows for each seat's swatch"
    for number, frame in enumerate(drawn):
        assert header_rows(frame) == box, f"frame {number}: the header moved or resized"
        assert swatch_rows(frame, box[-2] - 1, players) == swatches, (
            f"frame {number}: the scores moved"
        )


def background_share(frame: Image.Image) -> float:
    pixels = frame.width * frame.height
    colours = frame.getcolors(maxcolors=pixels) or []
    return sum(count for count, colour in colours if is_background(colour)) / pixels


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_deal_frame_fills_the_canvas(game: str) -> None:
    """No margin round a small deal picture: the header spans the canvas, and what is
    left is the table area (empty before the lead)."""
    players = 4 if game == "network" else 2
    match, log = played_match(game, players, SEED, hands=1, options=SMALL.get(game))
    deal = rgb(hand_frames(match, NAMES[:players], log, 1)[0].png)
    canvas = canvas_of(match, NAMES[:players], log)
    assert deal.size == canvas.size
    assert len(header_rows(deal)) in (canvas.header_height, canvas.header_height + 1)
    table_share = canvas.table_height / (canvas.header_height + canvas.table_height)
    assert background_share(deal) <= table_share
    assert background_share(deal) < 0.75


def test_scoring_moves_and_the_final_frame_stay_up_longer() -> None:
    match, log = played_match("all-fives", 2, SEED, hands=1)
    frames = hand_frames(match, NAMES[:2], log, 1)
    steps = rebuild(build_replay_record(match, log))
    scored = [step.points > 0 for step in steps]
    assert any(scored[1:-1]), "the seed should score during the hand"
    durations = [frame.duration_ms for frame in frames]
    assert durations[-1] == max(durations)
    plain = {d for d, s in zip(durations[:-1], scored[:-1], strict=True) if not s}
    scoring = {d for d, s in zip(durations[:-1], scored[:-1], strict=True) if s}
    assert len(plain) == 1 and min(scoring) > max(plain)


def build_replay_record(match: Match, log: list[LoggedMove]) -> GameRecord:
    return read_record(build_replay(match, NAMES[:2], log, 1).record)


class NoPrivatePictures:
    """An adapter that refuses to draw anything private."""

    def __init__(self, adapter: GameAdapter) -> None:
        self.adapter = adapter

    def __getattr__(self, name: str) -> Any:
        if name in ("hand_picture", "subject_picture"):
            raise AssertionError(f"a replay drew a private picture ({name})")
        return getattr(self.adapter, name)


def test_a_hand_in_play_is_replayed_from_public_pictures_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match, log = played_match("network", 2, SEED, hands=0, extra_moves=5)
    monkeypatch.setattr(
        "bot.replays.build.adapter_for", lambda game: NoPrivatePictures(adapter_for(game))
    )
    replay = build_replay(match, NAMES[:2], log, 1)
    assert len(decode_frames(replay.picture)) == 6
    hidden = match.hand.hidden_from(None)
    assert not [name for name in hidden if re.search(rf"(?<![\d-]){name}(?![\d-])", replay.record)]
    assert "Seed" not in replay.record and str(SEED) not in replay.record
    # The last frame is the table as the channel sees it now.
    now = adapter_for("network").table_picture(match, NAMES[:2], hand=match.hand)
    assert decode_frames(replay.picture)[-1].tobytes() == rgb(now).tobytes()


@pytest.mark.parametrize("limit", [{"max_bytes": 1000}, {"max_pixels": 1000}])
def test_too_big_an_animation_becomes_a_contact_sheet_of_every_frame(
    limit: dict[str, int],
) -> None:
    match, log = played_match("sackson", 2, SEED, hands=1)
    frames = hand_frames(match, NAMES[:2], log, 1)
    data, fmt = assemble(frames, **limit)
    assert fmt == "png"
    with Image.open(io.BytesIO(data)) as sheet:
        assert sheet.format == "PNG" and not getattr(sheet, "is_animated", False)
        columns = math.ceil(math.sqrt(len(frames)))
        rows = math.ceil(len(frames) / columns)
        assert sheet.width == columns * (320 + 8) + 8
        assert sheet.height > rows * 320  # every frame has a cell (the board is taller than wide)


def test_files_are_named_by_what_the_game_calls_a_deal() -> None:
    match, log = played_match("sackson", 2, SEED, hands=1)
    assert build_replay(match, NAMES[:2], log, 1).filenames(7) == (
        "table-7-game-1.webp",
        "table-7-game-1.txt",
    )


def test_a_single_frame_is_refused_only_when_there_is_none() -> None:
    match, log = played_match("sackson", 2, SEED, hands=1)
    frame = hand_frames(match, NAMES[:2], log, 1)[0]
    data, fmt = assemble([Frame(frame.png, 500)])
    assert fmt == "webp" and len(decode_frames(data)) == 1
    with pytest.raises(ValueError, match="at least one frame"):
        assemble([])


# ---------------------------------------------------------------- stored tables


async def run_cli(argv: list[str]) -> int:
    """``domino-tables replay …`` (it runs its own event loop, so not on this one)."""
    return await asyncio.to_thread(domino_tables, ["replay", *argv])


async def stored_table(
    store: Store,
    game: str,
    seats: int,
    *,
    hands: int,
    extra_moves: int = 0,
    guild_id: int = GUILD,
    channel_id: int = CHANNEL,
) -> tuple[TableRecord, Match]:
    """A table whose match was played (as the bot would have) and committed move by move."""
    match, log = played_match(
        game, seats, SEED, target=None if hands == 1 else 500, hands=hands, extra_moves=extra_moves
    )
    record = await store.create_table(
        guild_id=guild_id,
        channel_id=channel_id,
        creator_id=1,
        game=game,
        settings={},
        seats=[Seat(user_id=index + 1, name=NAMES[index]) for index in range(seats)],
    )
    replayed = Match(game, seats, match.target, SEED)
    record = await store.update_table(
        record.id, record.version, status=TableStatus.PLAYING, state=replayed.to_json()
    )
    for move in log:
        replayed.play(move.seat, move.notation)
        record = await store.commit_move(
            record.id,
            record.version,
            hand_number=move.hand_number,
            seat=move.seat,
            notation=move.notation,
            state=replayed.to_json(),
        )
    return record, replayed


async def test_the_command_line_writes_every_finished_hand(
    store_target: str | Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """From a SQLite file and from a postgresql:// URL alike."""
    db = store_target
    async with Store.open(db) as store:
        record, match = await stored_table(store, "network", 3, hands=2, extra_moves=3)
    out = tmp_path / "replays"
    assert await run_cli([str(db), str(record.id), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    written = sorted(path.name for path in out.iterdir())
    stem = f"table-{record.id}-hand-"
    assert written == [f"{stem}1.txt", f"{stem}1.webp", f"{stem}2.txt", f"{stem}2.webp"]
    assert all(name in printed for name in written)
    second = read_record((out / f"{stem}2.txt").read_text(encoding="utf-8"))
    assert second.hand_number == 2 and second.finished and second.names == tuple(NAMES[:3])
    assert len(decode_frames((out / f"{stem}2.webp").read_bytes())) == len(second.moves) + 1
    # The hand still in play is not written.
    assert not (out / f"{stem}3.txt").exists() and match.hand_number == 3


async def test_the_command_line_says_why_it_wrote_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "tables.db"
    assert await run_cli([str(db), "1"]) == 1
    assert "no SQLite file" in capsys.readouterr().err and not db.exists()
    async with Store.open(db) as store:
        record, _ = await stored_table(store, "network", 2, hands=0, extra_moves=2)
    assert await run_cli([str(db), "999", "--out", str(tmp_path)]) == 1
    assert "no table 999" in capsys.readouterr().err
    assert await run_cli([str(db), str(record.id), "--out", str(tmp_path / "x")]) == 1
    assert "no finished hand" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


async def test_the_slash_command_finds_the_channels_last_finished_hand(
    store_target: str | Path,
) -> None:
    async with Store.open(store_target) as store:
        done, _ = await stored_table(store, "block", 2, hands=1)
        await store.update_table(done.id, done.version, status=TableStatus.CANCELLED)
        playing, _ = await stored_table(store, "all-fives", 2, hands=0, extra_moves=1)
        other_guild, _ = await stored_table(
            store, "network", 2, hands=1, guild_id=222, channel_id=900
        )

        record, moves, hand = await find_hand(store, "dominoes", GUILD, CHANNEL, None)
        assert (record.id, hand) == (done.id, 1) and moves
        content, files = replay_message(record, build_replay_for(record, moves, hand))
        assert f"table {done.id}" in content
        assert [f.filename for f in files] == [
            f"table-{done.id}-hand-1.webp",
            f"table-{done.id}-hand-1.txt",
        ]

        refusals = [
            ("network", None, "no finished Network dominoes hand in this channel"),
            ("dominoes", playing.id, f"Table {playing.id} has no finished hand yet"),
            ("network", done.id, "replay it with /dominoes replay"),
            ("network", other_guild.id, f"no table {other_guild.id} in this server"),
            ("network", 4242, "no table 4242 in this server"),
        ]
        for family, table_id, said in refusals:
            with pytest.raises(UserError, match=re.escape(said)):
                await find_hand(store, family, GUILD, CHANNEL, table_id)


def build_replay_for(record: TableRecord, moves: list[MoveRecord], hand: int) -> HandReplay:
    assert record.state is not None
    names = [seat.name for seat in record.seats]
    return build_replay(Match.from_json(record.state), names, logged(moves), hand)


ROUND_OVER = {"fido": "Game over", "sackson": None}
"""What the end frame's status says, in the game's own word for a deal (else Hand over;
Sackson's says who won)."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_end_frame_says_the_round_is_over_once_in_the_games_word(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The finished hand's picture (a replay's last frame) says it is over in its status
    line alone, not again in its title, and calls a deal what the game calls it."""
    from render.kit import header
    from tests.render.drawn_words import record_drawn_text

    match, _ = played_match(game, 2, SEED, hands=1, options=SMALL.get(game))
    assert match.last_hand is not None
    drawn = record_drawn_text(monkeypatch, [header])
    adapter_for(game).table_picture(match, NAMES[:2], hand=match.last_hand)
    words = " ".join(call.text for call in drawn).lower()
    wanted = ROUND_OVER.get(game, "Hand over")
    assert words.count(" over") == (0 if wanted is None else 1), words
    assert wanted is None or wanted.lower() in words, words
    if game == "fido":
        assert "hand" not in words.split(), words
