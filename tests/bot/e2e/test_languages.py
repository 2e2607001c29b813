"""Languages in the real process: the commands registered with their Spanish, Portuguese
and German names; a table opened in a Spanish-speaking server shows its lobby in
Spanish; each player's refusals arrive in their own Discord language."""

from __future__ import annotations

from typing import Any

from tests.bot.e2e.conftest import Club, checked_bot
from tests.bot.e2e.harness import Player, TableDriver, control_turn
from tests.fakediscord import BotLauncher

LOCALES = ("es-ES", "es-419", "pt-BR", "de")


def every_name(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """A registered command and everything in it that has a name."""
    found = [raw]
    for option in raw.get("options") or []:
        found.extend(every_name(option))
    return found


async def test_a_spanish_server_sees_its_lobby_in_spanish_and_each_player_their_own(
    club: Club, bot_launcher: BotLauncher
) -> None:
    fake = club.fake
    server = fake.add_guild("Club de Dominó", locale="es-ES")
    channel = server.add_text_channel("mesas")
    ada = club.ada  # her Discord speaks English (en-US)
    joao = Player(fake.add_user("joao", locale="pt-BR"))
    for player in (ada, joao):
        server.add_member(player.user)
    async with checked_bot(club, bot_launcher, DEV_GUILD_ID=""):
        registered = fake.commands()
        assert {"dominoes", "standings", "games"} <= {command.name for command in registered}
        for command in registered:
            for named in every_name(command.raw):
                assert set(LOCALES) <= set(named.get("name_localizations") or {}), named
                assert set(LOCALES) <= set(named.get("description_localizations") or {}), named
        dominoes = next(command for command in registered if command.name == "dominoes")
        new = next(o for o in dominoes.raw["options"] if o["name"] == "new")
        assert new["name_localizations"]["es-ES"] == "nuevo"
        assert new["name_localizations"]["pt-BR"] == "novo"

        table = TableDriver(fake, channel, [ada, joao], family="dominoes")
        lobby = await table.open(ada, game="all-fives", seats=2)
        assert "Meta 100" in lobby.text and "5 min por turno" in lobby.text
        assert "Idioma: Español" in lobby.text
        labels = [button.label for button in lobby.buttons]
        assert labels == ["Unirse", "Salir", "Empezar"], labels
        await table.click_lobby(joao, "Unirse")

        # joao (Portuguese) may not start ada's table: told so in Portuguese
        refused = await table.seen(
            await fake.click(joao.user, table.table(), table.table().button(label="Empezar"))
        )
        assert refused.ephemeral and refused.message.visible_to is joao.user
        assert refused.text == (
            "Só quem criou esta mesa (ou alguém com Gerenciar servidor) pode começar a partida."
        )

        started = await table.seen(
            await fake.click(ada.user, table.table(), table.table().button(label="Empezar"))
        )
        assert started.updated
        turn = await table.next_turn()
        assert turn is not None
        waiting = joao if turn.player is ada else ada
        # whoever waits plays out of turn: refused in their own language
        out_of_turn = await table.slash(waiting, "dominoes play", move="6-6")
        assert out_of_turn.ephemeral
        if waiting is joao:
            assert out_of_turn.text == "Não é a sua vez: esperando ada jogar."
        else:
            assert out_of_turn.text == "It is not your turn: waiting for joao to play."


HAND_WORDS = {"pt-BR": "Suas pedras", "de": "Deine Steine"}
PLAYED = {"pt-BR": "jogou", "de": "legte"}
NOT_YOUR_TURN = {
    "pt-BR": "Não é a sua vez: esperando {name} jogar.",
    "de": "Du bist nicht am Zug: wir warten, bis {name} spielt.",
}


async def test_a_hand_in_a_spanish_server_speaks_to_each_player_in_their_own_language(
    club: Club, bot_launcher: BotLauncher
) -> None:
    """A Block hand in a Spanish-speaking server between joao (Discord in Portuguese) and
    greta (in German), played to its end: each reads their hand, their answers and their
    refusals in their own language; the channel reads Spanish and never shows a tile of
    a hand."""
    fake = club.fake
    server = fake.add_guild("Peña del Dominó", locale="es-ES")
    channel = server.add_text_channel("mesas")
    joao = Player(fake.add_user("joao", locale="pt-BR"))
    greta = Player(fake.add_user("greta", locale="de"))
    for player in (joao, greta):
        server.add_member(player.user)
    async with checked_bot(club, bot_launcher, DEV_GUILD_ID="", DEAL_SEED="7"):
        table = TableDriver(fake, channel, [joao, greta], family="dominoes")
        lobby = await table.open(joao, game="block", seats=2)
        assert "Idioma: Español" in lobby.text
        await table.click_lobby(greta, "Unirse")
        await table.seen(
            await fake.click(joao.user, table.table(), table.table().button(label="Empezar"))
        )
        for player in (joao, greta):  # each one's hand, described in their language
            dm = await fake.wait_for_dm(player.user)
            assert HAND_WORDS[player.user.locale] in (dm.attachments[0].description or "")

        refused_once = False
        played = {joao.user.name: 0, greta.user.name: 0}
        for _ in range(40):
            found = await fake.wait_until(
                lambda: table._fresh() or _hand_over(channel), what="a turn or the hand's end"
            )
            if isinstance(found, str):
                break
            mover, controls = found
            turn = control_turn(controls)
            assert turn is not None
            table.last_turn = turn
            waiting = greta if mover is joao else joao
            if not refused_once:  # out of turn: told in their own language
                refused = await table.slash(waiting, "dominoes play", move="6-6")
                name = mover.user.name
                assert refused.ephemeral
                assert refused.text == NOT_YOUR_TURN[waiting.user.locale].format(name=name)
                refused_once = True
            answer = await _play_first(table, mover, controls)
            if answer is not None:
                assert PLAYED[mover.user.locale] in answer, answer
                played[mover.user.name] += 1
        else:
            raise AssertionError("the hand did not end within 40 turns")
        assert refused_once
        assert min(played.values()) >= 2, played  # both laid tiles, each told in their words
        shown = table.table().text
        assert "mesa" in shown and "mano" in shown, shown  # the channel reads Spanish
        hands = [a.description or "" for m in fake.dm_messages(joao.user) for a in m.attachments]
        for message in table.public_messages():
            for attachment in message.attachments:
                assert "Suas pedras" not in (attachment.description or "")
        assert hands  # joao's own pictures stayed in his DMs


def _hand_over(channel: Any) -> str | None:
    for message in channel.messages:
        if not message.ephemeral and "Terminó la mano 1" in message.text:
            return message.text
    return None


async def _play_first(table: TableDriver, mover: Player, controls: Any) -> str | None:
    """Lay the first tile on its first place (the mover's answer's text), or press the
    first button (Pass) when nothing fits (None)."""
    fake = table.fake
    tiles = [s for s in controls.selects if ":subj:" in s.custom_id]
    if not tiles:
        button = controls.buttons[0]
        await table.seen(await fake.click(mover.user, controls, button))
        return None
    picked = await table.seen(
        await fake.select(mover.user, controls, tiles[0], [tiles[0].options[0].value])
    )
    assert picked.updated
    places = [s for s in controls.selects if ":targ:" in s.custom_id]
    played = await table.seen(
        await fake.select(mover.user, controls, places[0], [places[0].options[0].value])
    )
    return played.text
