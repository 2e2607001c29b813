"""Components V2 layouts: the fake accepts what Discord accepts and refuses, with 50035
and an errors tree, what Discord refuses."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from .bodies import Upload
from .driver import FakeDiscord
from .errors import ApiError
from .models import COMPONENTS_V2, Attachment, DMChannel, Message, User
from .validation import validate_message

V2 = COMPONENTS_V2
PNG = b"\x89PNG\r\n\x1a\n"
OPTION = {"label": "a", "value": "a"}


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def gallery(*names: str) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": f"attachment://{n}"}} for n in names]}


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "components": list(children)}


def layout(*children: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": V2, "components": list(children), **extra}


def table_layout() -> dict[str, Any]:
    """The shape of the bot's table message."""
    return layout(
        container(gallery("table.png"), text("**Network** · table 1"), row(button("dt:1:hand")))
    )


def upload(name: str = "table.png", index: int = 0) -> Upload:
    return Upload(index=index, filename=name, data=PNG)


def refusal(
    payload: dict[str, Any],
    uploads: list[Upload] | None = None,
    current: Message | None = None,
) -> str:
    """The error codes of a refused payload, as one string."""
    with pytest.raises(ApiError) as raised:
        validate_message(payload, uploads or [], size_limit=1 << 20, current=current)
    assert raised.value.status == 400 and raised.value.code == 50035
    assert raised.value.body()["message"] == "Invalid Form Body"
    return str(raised.value.errors)


def message(*, flags: int = 0, content: str = "", files: tuple[str, ...] = ()) -> Message:
    """A message already sent, as an edit finds it."""
    user = User(id=1, name="bot", bot=True)
    channel = DMChannel(id=2, recipient=user)
    attachments = [
        Attachment(id=10 + n, filename=name, data=PNG, content_type="image/png", url="x")
        for n, name in enumerate(files)
    ]
    return Message(
        id=3, channel=channel, author=user, content=content, flags=flags, attachments=attachments
    )


def test_the_table_layout_is_accepted() -> None:
    validate_message(table_layout(), [upload()], size_limit=1 << 20)


def test_v2_components_need_the_flag() -> None:
    payload = table_layout()
    del payload["flags"]
    assert "Top-level components must be action rows" in refusal(payload, [upload()])


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"content": "hello"}, "content"),
        ({"embeds": [{"title": "x"}]}, "embeds"),
        ({"sticker_ids": ["1"]}, "sticker_ids"),
        ({"poll": {"question": {"text": "?"}}}, "poll"),
    ],
)
def test_a_layout_has_no_content_embeds_stickers_or_poll(extra: dict[str, Any], field: str) -> None:
    errors = refusal({**table_layout(), **extra}, [upload()])
    assert f"'{field}'" in errors and "LEGACY_FIELDS_WITH_COMPONENTS_V2" in errors


def test_an_empty_content_beside_a_layout_is_fine() -> None:
    validate_message({**table_layout(), "content": None}, [upload()], size_limit=1 << 20)


@pytest.mark.parametrize(
    ("components", "problem"),
    [
        ([container(container(text("x")))], "not allowed in the container"),
        ([{"type": 11, "media": {"url": "https://x/y.png"}}], "not allowed in the top level"),
        ([{"type": 99}], "not allowed in the top level"),
        ([row(text("in a row"))], "only buttons or one select"),
        ([container()], "BASE_TYPE_REQUIRED"),
        ([text("")], "BASE_TYPE_REQUIRED"),
        ([{"type": 9, "components": [text("a")]}], "accessory must be a thumbnail or a button"),
        (
            [{"type": 9, "components": [text(str(n)) for n in range(4)], "accessory": button("b")}],
            "Must be between 1 and 3",
        ),
        ([{"type": 13, "file": {"url": "https://x/y.txt"}}], "UNFURLED_MEDIA_ITEM_ATTACHMENT_ONLY"),
        ([{"type": 12, "items": []}], "Must be between 1 and 10"),
        ([gallery(*[f"{n}.png" for n in range(11)])], "Must be between 1 and 10"),
        ([{"type": 12, "items": [{"media": {}}]}], "BASE_TYPE_REQUIRED"),
        ([row(*[button(f"b{n}") for n in range(6)])], "Must be between 1 and 5"),
        (
            [row(button("b"), {"type": 3, "custom_id": "s", "options": [OPTION]})],
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
        ),
        ([row(button("x" * 101))], "Must be 100 or fewer"),
        ([row(button("same"), button("same"))], "COMPONENT_CUSTOM_ID_DUPLICATED"),
        ([container(row(button("same"))), row(button("same"))], "COMPONENT_CUSTOM_ID_DUPLICATED"),
        ([row(button("b", "x" * 81))], "Must be 80 or fewer"),
    ],
)
def test_layout_shapes_and_limits(components: list[dict[str, Any]], problem: str) -> None:
    assert problem in refusal(layout(*components))


def test_a_section_with_a_thumbnail_is_accepted() -> None:
    section = {
        "type": 9,
        "components": [text("a"), text("b")],
        "accessory": {"type": 11, "media": {"url": "attachment://t.png"}},
    }
    validate_message(layout(section), [upload("t.png")], size_limit=1 << 20)


def test_at_most_40_components_counting_nested_ones() -> None:
    # A container (1) + 13 rows of 2 buttons (39) = 40 components: fine.
    rows = [row(button(f"a{n}"), button(f"b{n}")) for n in range(13)]
    validate_message(layout(container(*rows)), [], size_limit=1 << 20)
    rows.append(row(button("one-more")))
    assert "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED" in refusal(layout(container(*rows)))


def test_text_displays_share_4000_characters() -> None:
    validate_message(layout(text("x" * 2000), text("y" * 2000)), [], size_limit=1 << 20)
    errors = refusal(layout(container(text("x" * 2000)), text("y" * 2001)))
    assert "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED" in errors


def test_media_must_name_an_attached_file() -> None:
    assert "'table.png'" in refusal(table_layout(), [upload("other.png")])
    assert "'table.png'" in refusal(table_layout(), [])
    # A file renamed by its attachment entry is known by its new name.
    renamed = {**table_layout(), "attachments": [{"id": 0, "filename": "table.png"}]}
    validate_message(renamed, [upload("upload.bin")], size_limit=1 << 20)
    # Web images need no attachment.
    web = layout({"type": 12, "items": [{"media": {"url": "https://x/y.png"}}]})
    validate_message(web, [], size_limit=1 << 20)


def test_an_edit_may_name_files_the_message_keeps() -> None:
    current = message(flags=V2, files=("table.png",))
    validate_message(table_layout(), [], size_limit=1 << 20, current=current)
    # Listing attachments keeps only those listed.
    listed = {**table_layout(), "attachments": [{"id": 10}]}
    validate_message(listed, [], size_limit=1 << 20, current=current)
    dropped = {**table_layout(), "attachments": []}
    assert "'table.png'" in refusal(dropped, current=current)


def test_the_flag_cannot_be_removed_by_an_edit() -> None:
    current = message(flags=V2, files=("table.png",))
    errors = refusal({"flags": 0, "content": "back to text"}, current=current)
    assert "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG" in errors
    # An edit that leaves flags alone still edits a v2 message: no content then.
    assert "'content'" in refusal({"content": "text"}, current=current)


def test_an_edit_that_makes_a_message_v2_must_clear_its_content() -> None:
    current = message(content="old text")
    assert "'content'" in refusal(table_layout(), [upload()], current=current)
    cleared = {**table_layout(), "content": None}
    validate_message(cleared, [upload()], size_limit=1 << 20, current=current)


# --------------------------------------------------------------- through discord.py


async def test_discord_py_sends_and_edits_a_layout_with_its_picture(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = fake_discord.add_guild("Club")
    channel = guild.add_text_channel("tables")
    monkeypatch.setattr(discord.http.Route, "BASE", fake_discord.api_base)
    client = discord.Client(intents=discord.Intents.none())
    try:
        await client.login(fake_discord.bot_token)
        partial = client.get_partial_messageable(channel.id, type=discord.ChannelType.text)
        first = _file("alt one")
        sent = await partial.send(view=_layout("first", first), files=[first])
        stored = fake_discord.world.messages[sent.id]
        assert stored.is_layout and stored.content == ""
        assert stored.text_displays == ["first"] and stored.text == "first"
        [shown] = stored.shown_attachments()
        assert shown.filename == "table.png" and shown.description == "alt one"
        assert stored.media == [("attachment://table.png", "alt one")]
        assert stored.button(custom_id="dt:1:hand").label == "Show hand"

        message = partial.get_partial_message(sent.id)
        second = _file("alt two")
        await message.edit(content=None, attachments=[second], view=_layout("second", second))
        assert stored.text_displays == ["second"] and stored.edit_count == 1
        assert [a.description for a in stored.attachments] == ["alt two"]

        with pytest.raises(discord.HTTPException) as raised:
            await message.edit(content="plain again", view=None)
        assert raised.value.status == 400 and raised.value.code == 50035
        assert stored.text_displays == ["second"], "a refused edit changes nothing"
    finally:
        await client.close()


def _layout(words: str, picture: discord.File) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    pictures: discord.ui.MediaGallery[discord.ui.LayoutView] = discord.ui.MediaGallery()
    pictures.add_item(media=picture.uri, description=picture.description)
    view.add_item(
        discord.ui.Container(
            pictures,
            discord.ui.TextDisplay(words),
            discord.ui.ActionRow(discord.ui.Button(label="Show hand", custom_id="dt:1:hand")),
        )
    )
    return view


def _file(description: str) -> discord.File:
    return discord.File(io.BytesIO(PNG), filename="table.png", description=description)
