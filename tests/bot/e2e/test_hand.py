"""A full three-player hand in which one player's DMs are closed."""

from __future__ import annotations

from tests.bot.e2e.conftest import BOTH_WAYS, Club, driver, two_player_table
from tests.bot.e2e.harness import DEFERRED_UPDATE_MESSAGE, TableDriver, Turn, control_turn
from tests.fakediscord import BotProcess


@BOTH_WAYS
async def test_a_full_hand_with_one_player_whose_dms_are_closed(
    club: Club, bot: BotProcess
) -> None:
    fake, ada, bea, cal = club.fake, club.ada, club.bea, club.cal
    table = driver(club, ada, bea, cal)
    lobby = await table.open(ada, seats=3, target=100)
    assert "Seats (1/3)" in lobby.text

    await table.click_lobby(bea, "Join")
    joined = await table.slash(cal, "network join")
    assert joined.ephemeral
    await fake.wait_for_edit(lobby, lambda m: "Seats (3/3)" in m.text, min_edits=2)

    await table.start(ada)
    # Everyone with open DMs gets a picture of their hand; cal's closed DMs are noted.
    for player in (ada, bea):
        dm = await fake.wait_for_dm(player.user)
        assert dm.attachments and dm.attachments[0].filename == "hand.png"
        assert "Your tiles: " in (dm.attachments[0].description or "")  # alt text
    # (on the live table message: when cal moves first, it is posted anew to ping cal)
    await table.table_shows("cal: DMs closed — use Show hand")
    assert fake.dm_messages(cal.user) == []

    # Play: everyone lays their first tile for two rounds, then passes until the hand ends.
    plays = cal_turns = 0
    while "Hand 1 over" not in table.table().text:
        turn = await table.next_turn()
        assert turn is not None
        cal_turns += turn.player is cal
        if plays < 6:
            await table.play_first(turn)
        else:
            await table.pass_turn(turn)
        plays += 1
        assert plays < 40, "the hand did not end"
        assert control_turn(turn.message) != turn.turn  # the used controls are gone

    announcement = await fake.wait_for_message(club.channel, lambda m: "Hand 1 is over" in m.text)
    assert announcement.attachments[0].filename == "hand-over.png"
    # Hand 2 gets a fresh table message below the announcement; the old one is gone.
    fresh = await fake.wait_until(lambda: lobby.deleted and "hand 2" in table.table().text)
    assert fresh and table.table().id > announcement.id
    tables = [m for m in table.public_messages() if m.text.startswith("**Network dominoes**")]
    assert tables == [table.table()]
    assert table.table().attachments[0].filename == "table.png"
    alt = table.table().attachments[0].description or ""
    assert alt.startswith("Network dominoes, table ") and " to play. Totals: ada " in alt
    # A layout: the picture in its one container, with its alt text, and the same in words.
    [container] = table.table().components
    assert [c["type"] for c in container["components"]][:2] == [12, 10]
    assert table.table().media == [("attachment://table.png", alt)]
    assert table.table().shown_attachments() == table.table().attachments
    assert "▶ **" in table.table().text_displays[0] and table.table().content == ""
    assert "open ends by number" in (announcement.attachments[0].description or "")

    # Nothing private reached the channel: no hand pictures, no hand listings.
    for message in table.public_messages():
        assert "Your tiles" not in message.text
        assert all(a.filename != "hand.png" for a in message.attachments)
        assert all("Your tiles" not in (a.description or "") for a in message.attachments)
    # cal was pinged at most once a turn (not when cal's own reply already showed the
    # next turn), each time by the table message posted anew with a line naming cal, and
    # the channel keeps only the latest one.
    ping = f"<@{cal.user.id}>, it's your turn"
    everything = [*table.public_messages(), *club.channel.deleted_messages]
    pings = sorted((m for m in everything if ping in m.versions[0].text), key=lambda m: m.id)
    hand_two = "▶ **cal** to play" in table.table().text  # its ping may be on its way
    assert len(pings) >= 2 and len(pings) <= cal_turns + hand_two
    assert all(m.deleted for m in pings[:-1])
    assert all(m.versions[0].text.startswith("**Network dominoes**") for m in pings)
    # cal played through ephemeral replies only.
    assert any(m.ephemeral and m.visible_to is cal.user for m in club.channel.messages)


async def test_a_turn_offers_a_tile_s_places_and_draws_them_when_asked(
    club: Club, bot: BotProcess
) -> None:
    fake, ada, bea = club.fake, club.ada, club.bea
    table = await two_player_table(club, target=100)
    for _ in range(20):  # until a player to move holds a tile that fits the table
        turn = await table.next_turn()
        assert turn is not None
        message = turn.message
        places = [s for s in message.selects if ":targ:" in s.custom_id]
        if places and "fits in" in message.text:
            break
        await table.play_first(turn)
    else:
        raise AssertionError("no tile fitted in 20 turns")
    tiles = next(s for s in message.selects if ":subj:" in s.custom_id)
    shown = next(option for option in tiles.options if option.default)
    assert shown.value == tiles.options[0].value  # the first playable tile
    # The places are in the menus; their picture is drawn when asked, by the button.
    assert [a.filename for a in message.attachments] == ["hand.png"]
    assert f"**{shown.value}** fits in" in message.text
    offered = [[o.value for o in menu.options] for menu in places]
    show = message.button(f"Show where {shown.value} goes")
    seen = await table.seen(await fake.click(turn.player.user, message, show))
    assert seen.updated and [a.filename for a in seen.message.attachments] == ["candidates.png"]
    alt = seen.message.attachments[0].description or ""
    assert alt.startswith(f"Where {shown.value} can go, numbered: "), alt
    message = seen.message
    places = [s for s in message.selects if ":targ:" in s.custom_id]
    assert [[o.value for o in menu.options] for menu in places] == offered  # the same places

    mark, edits = len(fake.requests), table.table().edit_count
    record = await fake.select(turn.player.user, message, places[0], [places[0].options[0].value])
    assert (await table.seen(record)).updated
    table.last_turn = turn.turn
    await table.table_redrawn(edits)
    other = next(p for p in (ada, bea) if p is not turn.player)
    await fake.wait_for_dm(other.user, lambda m: control_turn(m) == turn.turn + 1)
    answer = [r.key for r in record.requests]  # the callback; an edit after it if deferred
    others = [r.key for r in fake.requests[mark:] if r.interaction_id != record.id]
    assert f"{turn.player.name} played {places[0].options[0].value}" in table.table().text
    assert len(answer) <= 2 and len(others) <= 2, (answer, others)  # the table, the next DM


async def test_the_show_button_stays_private_and_a_stale_one_changes_nothing(
    club: Club, bot: BotProcess
) -> None:
    """The button names a hidden tile: it is only on the player's own DM, never in the
    channel or the log; pressed after the turn was played another way, it is refused
    privately and nothing changes."""
    fake = club.fake
    table = await two_player_table(club, target=100)
    for _ in range(20):  # until the player to move is offered the button
        turn = await table.next_turn()
        assert turn is not None
        show = next((b for b in turn.message.buttons if ":show:" in (b.custom_id or "")), None)
        if show is not None:
            break
        await table.play_first(turn)
    else:
        raise AssertionError("no turn offered its places' picture in 20 turns")
    dm = turn.message
    assert dm in fake.dm_messages(turn.player.user)
    places = next(s for s in dm.selects if ":targ:" in s.custom_id)
    move = places.options[0].value

    edits = table.table().edit_count
    played = await table.slash(turn.player, "network play", move=move)
    assert played.ephemeral and not played.updated
    table.last_turn = turn.turn
    await table.table_redrawn(edits)
    assert show in dm.buttons  # the DM still carries the now stale button

    edits, posted = table.table().edit_count, len(table.public_messages())
    stale = await table.seen(await fake.click(turn.player.user, dm, show))
    assert not stale.updated and stale.ephemeral and "out of date" in stale.text, stale
    assert show in dm.buttons and "candidates.png" not in [a.filename for a in dm.attachments]
    assert table.table().edit_count == edits and len(table.public_messages()) == posted
    everything = [*club.channel.messages, *club.channel.deleted_messages]
    public = [m for m in everything if not m.ephemeral]
    assert all(":show:" not in (b.custom_id or "") for m in public for b in m.buttons)
    assert show.custom_id is not None and show.custom_id not in bot.log()


async def test_a_play_that_passes_the_turn_to_closed_dms_costs_three_calls(
    club: Club, bot: BotProcess
) -> None:
    """ada's one-pick play hands the turn to cal, whose DMs are closed: its answer, and the
    table message posted anew (pinging cal) in place of the old one. No separate reminder
    to delete and post, no edit of a table message about to go."""
    ada, cal = club.ada, club.cal
    table = driver(club, ada, cal)
    await table.open(ada, seats=2, target=100)
    await table.click_lobby(cal, "Join")
    await table.start(ada)
    await table.table_shows("cal: DMs closed — use Show hand")  # the deal's last redraw
    measured = 0
    while measured < 2:
        turn = await table.next_turn()
        assert turn is not None and turn.turn < 10
        if turn.player is cal:
            await table.play_first(turn)
        else:
            await one_pick_to_closed_dms(club, table, turn)
            measured += 1


async def one_pick_to_closed_dms(club: Club, table: TableDriver, turn: Turn) -> None:
    """Play ada's turn in one pick and check the calls it cost once cal is pinged."""
    fake, ada, cal = club.fake, club.ada, club.cal
    old, mark = table.table(), len(fake.requests)
    places = [s for s in turn.message.selects if ":targ:" in s.custom_id]
    if places:  # one pick: the controls already show where the first tile goes
        pick = fake.select(ada.user, turn.message, places[0], [places[0].options[0].value])
    else:
        pick = fake.click(ada.user, turn.message, turn.message.buttons[0])
    record = await pick
    assert (await table.seen(record)).updated
    table.last_turn = turn.turn
    ping = f"<@{cal.user.id}>, it's your turn"
    pinged = await fake.wait_for_message(club.channel, lambda m: ping in m.text, after=old)
    await fake.wait_until(lambda: old.deleted and all(r.status for r in fake.requests[mark:]))
    assert table.table() is pinged and cal.user in pinged.mentions
    assert [m for m in table.public_messages() if ping in m.text] == [pinged]
    answer = [r.key for r in record.requests]  # the callback; an edit after it if deferred
    others = [r.key for r in fake.requests[mark:] if r.interaction_id != record.id]
    assert sorted(others) == [
        "DELETE /channels/{channel_id}/messages/{message_id}",
        "POST /channels/{channel_id}/messages",
    ], others
    # One call answers, unless a busy machine made the bot acknowledge first (then an
    # edit of @original follows): three calls in all, four at worst.
    deferred = record.callbacks[0].type == DEFERRED_UPDATE_MESSAGE
    assert len(answer) == (2 if deferred else 1), answer
