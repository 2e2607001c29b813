"""The table message as a Components V2 layout: its tree, its text twin, its controls."""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot.discord.lobby import lobby_reply
from bot.games import adapter_for
from bot.publishing.alt_text import ALT_TEXT_LIMIT
from bot.publishing.publisher import table_reply
from bot.publishing.replies import Reply
from bot.store import Store
from bot.tables.service import Actor, TableService
from bot.views import ids
from bot.views.builders import finished_view, lobby_view
from bot.views.layout import TEXT_LIMIT, table_layout
from engine.network import NetworkHand
from tests.bot.set_ups import network_table, started_network_table

CONTAINER, ACTION_ROW, BUTTON, SELECT, TEXT, GALLERY = 17, 1, 2, 3, 10, 12


def tree(reply: Reply) -> list[dict[str, Any]]:
    """The components the reply is sent with; a layout sends no content."""
    content, view = reply.parts()
    assert content is None and isinstance(view, discord.ui.LayoutView)
    components: list[dict[str, Any]] = view.to_components()
    return components


def kinds(container: dict[str, Any]) -> list[int]:
    return [child["type"] for child in container["components"]]


async def test_a_running_table_is_one_container_picture_text_and_button(store: Store) -> None:
    update = await started_network_table(store)
    record = update.record
    reply = await table_reply(update.record, update.match)
    [container] = tree(reply)
    assert container["type"] == CONTAINER
    assert kinds(container) == [GALLERY, TEXT, ACTION_ROW]
    gallery, twin, row = container["components"]
    [item] = gallery["items"]
    [picture] = reply.files
    assert item["media"]["url"] == "attachment://table.png" == picture.uri
    assert item["description"] == picture.description  # the alt text, kept
    assert item["description"].startswith("Network dominoes, table ")
    assert len(item["description"]) <= ALT_TEXT_LIMIT
    text = twin["content"]
    # What a screen reader and a preview need: the game, whose turn, scores, the board.
    assert text.startswith(f"**Network dominoes** · table {record.id} · hand 1")
    assert "to play" in text and "Ada" in text and "Bea" in text
    # The alt text's words about the board are in the text twin too.
    board = adapter_for("network").table_words(update.match.hand)
    assert board in text and board in item["description"]
    hand = update.match.hand
    assert isinstance(hand, NetworkHand)
    played = {p.tile.name for p in hand.layout.placements}
    held = {t.name for h in hand.hands for t in h} - played
    assert not set(re.findall(r"\b\d-\d\b", text)) & held, "no hidden tile in the text"
    [button] = row["components"]
    assert (button["type"], button["label"]) == (BUTTON, "Show hand")
    assert button["custom_id"] == ids.show_hand_id(record.id)  # same id, same meaning
    assert ids.parse(button["custom_id"]) == ids.ControlId(record.id, "hand")


async def test_the_lobby_keeps_its_buttons_and_menu_in_their_rows(store: Store) -> None:
    service = TableService(store, new_seed=lambda: 11)
    record = await service.create(1, 2, Actor(1, "Ada"), network_table(3))
    [container] = tree(lobby_reply(record))
    assert kinds(container) == [TEXT, ACTION_ROW, ACTION_ROW]
    text, buttons, menu = container["components"]
    assert "Seats (1/3)" in text["content"] and "<@1>" in text["content"]
    assert [b["custom_id"] for b in buttons["components"]] == [
        ids.lobby_id(record.id, action) for action in ("join", "leave", "start")
    ]
    [select] = menu["components"]
    assert (select["type"], select["custom_id"]) == (SELECT, ids.lobby_id(record.id, "computer"))


def test_a_finished_table_offers_its_rematch_button() -> None:
    reply = Reply("**Network dominoes** · table 4", [], finished_view(4), layout=True)
    [container] = tree(reply)
    assert kinds(container) == [TEXT, ACTION_ROW]
    [button] = container["components"][1]["components"]
    assert button["custom_id"] == ids.lobby_id(4, "rematch") and button["label"] == "Rematch"


def test_a_closed_lobby_is_text_alone_and_a_classic_reply_stays_classic() -> None:
    [container] = tree(Reply("Cancelled by Ada.", layout=True))
    assert kinds(container) == [TEXT]
    content, view = Reply("Your tiles: 6-6").parts()
    assert content == "Your tiles: 6-6" and view is None


def test_the_texts_stay_within_discord_s_4000_characters_reminder_kept() -> None:
    picture = discord.File(io.BytesIO(b"png"), filename="table.png", description="alt")
    note = "<@5>, it's your turn at table 1."
    view = table_layout("x" * 5000, [picture], None, note=note)
    texts = [c.content for c in view.walk_children() if isinstance(c, discord.ui.TextDisplay)]
    assert texts[1] == note and texts[0].endswith("…")
    assert sum(len(t) for t in texts) == TEXT_LIMIT == view.content_length()


def test_a_reminder_sits_under_the_text_above_the_controls() -> None:
    view = lobby_view(3, ["easy"])
    layout = table_layout("table text", [], view, note="<@5>, it's your turn")
    [container] = layout.to_components()
    assert kinds(container) == [TEXT, TEXT, ACTION_ROW, ACTION_ROW]
    assert container["components"][1]["content"] == "<@5>, it's your turn"
