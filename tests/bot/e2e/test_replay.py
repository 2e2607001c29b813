"""``/<game> replay`` through the fake Discord: a Block hand against the computer, then its
replay posted in the channel, ending on the very picture the bot posted when the hand
ended, with the game record beside it; polite private notes when there is nothing to
replay.

The bot deals from DEAL_SEED "2", whose first two-player Block hand ends blocked in a few
turns (see test_dominoes.py).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.record import read_record, rebuild
from tests.bot.e2e.conftest import Club, driver
from tests.fakediscord import BotProcess, Message

BLOCK_SEED = "2"


@pytest.fixture
def deal_seed() -> str:
    return BLOCK_SEED


def frames_of(data: bytes) -> list[Image.Image]:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "WEBP" and image.is_animated
        frames = []
        for index in range(image.n_frames):
            image.seek(index)
            frames.append(image.convert("RGB"))
        return frames


def table_top(picture: Image.Image) -> int:
    """The first row below the header: the table's background at the right edge."""
    background = (38, 48, 58)
    for y in range(picture.height):
        pixel = picture.getpixel((picture.width - 1, y))
        if sum(abs(a - b) for a, b in zip(pixel, background, strict=True)) <= 6:  # type: ignore[arg-type]
            return y
    raise AssertionError("no table area below the header")


def shows_table_of(frame: Image.Image, posted: Image.Image) -> bool:
    """Whether ``frame`` shows the table of ``posted``: the very picture, or (on a replay
    canvas an earlier state made larger) its table at the top of the table area, centred
    across (antialiased a little differently on other pixel boundaries)."""
    if frame.size == posted.size:
        return frame.tobytes() == posted.tobytes()
    top, posted_top = table_top(frame), table_top(posted)
    height = posted.height - posted_top
    left = (frame.width - posted.width) // 2
    shown = frame.crop((left, top, left + posted.width, top + height))
    table = posted.crop((0, posted_top, posted.width, posted.height))
    return max(ImageStat.Stat(ImageChops.difference(shown, table)).mean) < 1.0


def has_file(message: Message, filename: str) -> bool:
    return any(attachment.filename == filename for attachment in message.attachments)


def picture(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


async def test_a_finished_hand_is_replayed_in_the_channel_with_its_record(
    club: Club, seeded_bot: BotProcess
) -> None:
    ada = club.ada
    table = driver(club, ada)
    table.family = "dominoes"

    nothing = await table.slash(ada, "dominoes replay")
    assert nothing.ephemeral and "no finished" in nothing.content

    await table.open(ada, game="block", seats=2, target=100)
    await table.click_lobby(ada, "Add computer")
    await table.start(ada)
    ended = None
    for _ in range(40):
        ended = next((m for m in table.public_messages() if has_file(m, "hand-over.png")), None)
        if ended is not None:
            break
        turn = await table.next_turn()
        assert turn is not None
        await table.play_first(turn)
    assert ended is not None, "the first Block hand did not end"

    shared = await table.slash(ada, "dominoes replay")
    assert not shared.ephemeral and "Replay of table" in shared.content
    animation_name, record_name = shared.filenames
    assert animation_name.endswith("-hand-1.webp") and record_name.endswith("-hand-1.txt")
    record = read_record(shared.message.attachment(record_name).text())
    assert record.game == "block" and record.finished and record.moves
    frames = frames_of(shared.message.attachment(animation_name).data)
    assert len(frames) == len(record.moves) + 1
    # The replay ends on the table posted when the hand ended.
    assert shows_table_of(frames[-1], picture(ended.attachment("hand-over.png").data))
    # The record replays to the same end: the deal was revealed only now the hand is over.
    assert rebuild(record)[-1].hand.is_over

    wrong = await table.slash(ada, "network replay", table=99)
    assert wrong.ephemeral and "no table 99 in this server" in wrong.content
