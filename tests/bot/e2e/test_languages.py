"""Languages in the real process: the commands registered with their Spanish, Portuguese
and German names; a table opened in a Spanish-speaking server shows its lobby in
Spanish; each player's refusals, status and rules arrive in their own Discord language,
the standings in the server's, and a command named in a message is a clickable mention."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.rules_pages import rules_page, sections
from i18n import language_of
from tests.bot.e2e.conftest import BOTH_WAYS, Club, checked_bot
from tests.bot.e2e.harness import Player, TableDriver, control_turn
from tests.fakediscord import BotLauncher, BotProcess

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


READERS = ("en-US", "es-ES", "pt-BR", "de")
"""One reader per language the bot speaks, each their Discord's locale."""
TABLE_WORD = {"en-US": "· table ", "es-ES": "· mesa ", "pt-BR": "· mesa ", "de": "· Tisch "}
TO_PLAY = {"en-US": "to play", "es-ES": "Le toca a", "pt-BR": "Vez de", "de": "ist am Zug"}
DEALT = {
    "en-US": "Hand 1 dealt",
    "es-ES": "Repartida la mano 1",
    "pt-BR": "Mão 1 distribuída",
    "de": "Hand 1 ausgeteilt",
}
TOTALS = {"en-US": "Totals:", "es-ES": "Totales:", "pt-BR": "Totais:", "de": "Gesamt:"}
LANGUAGE_LINE = {
    "en-US": "Language: Español",
    "es-ES": "Idioma: Español",
    "pt-BR": "Idioma: Español",
    "de": "Sprache: Español",
}
NO_TABLE = {
    "en-US": "There is no open table in this channel. Start one with {command}.",
    "es-ES": "No hay ninguna mesa abierta en este canal. Abre una con {command}.",
    "pt-BR": "Não há nenhuma mesa aberta neste canal. Abra uma com {command}.",
    "de": "In diesem Kanal gibt es keinen offenen Tisch. Eröffne einen mit {command}.",
}
OTHER_FAMILY = {
    "en-US": "This channel's table is a Block table: use its own commands, like {command}.",
    "es-ES": "La mesa de este canal es de Bloqueo: usa sus propios comandos, como {command}.",
    "pt-BR": "A mesa deste canal é de Bloqueio: use os comandos dela, como {command}.",
    "de": "Der Tisch in diesem Kanal ist ein Block-Tisch: nutze seine eigenen Befehle, etwa "
    "{command}.",
}


@pytest.fixture
def spanish_club(club: Club) -> Club:
    """The club's server set to Spanish (before the bot starts: ``bot`` comes after)."""
    club.guild.preferred_locale = "es-ES"
    return club


@BOTH_WAYS
async def test_each_reader_is_answered_in_their_language_and_the_server_in_its_own(
    spanish_club: Club, bot: BotProcess
) -> None:
    """In a Spanish-speaking server, readers in English, Spanish, Portuguese and German
    ask for the status of a German table (running) and of a Spanish one (a lobby), the
    rules, and the standings. Each private answer is in the reader's language, latest
    plays included; the standings, posted for everyone, are in the server's Spanish,
    whoever asks; and every command a message names is Discord's clickable mention with
    the id the bot registered (over HTTP too, where the processes read the ids back)."""
    club = spanish_club
    fake = club.fake
    readers = {"en-US": club.ada}
    for locale in READERS[1:]:
        readers[locale] = Player(fake.add_user(f"reader-{locale}", locale=locale))
    dominoes = fake.command("dominoes", club.guild)
    new_mention = f"</dominoes new:{dominoes.id}>"

    german = TableDriver(fake, club.channel, [club.ada], family="dominoes")
    lobby = await german.open(club.ada, game="block", seats=2, language="de")
    assert "Sprache: Deutsch" in lobby.text
    await german.add_computer(club.ada)
    started = await german.seen(
        await fake.click(club.ada.user, german.table(), german.table().button(label="Starten"))
    )
    assert started.updated and DEALT["de"] in started.text
    spanish_channel = club.guild.add_text_channel("mesas")
    spanish = TableDriver(fake, spanish_channel, [readers["es-ES"]], family="dominoes")
    await spanish.open(readers["es-ES"], game="block", seats=2)
    empty = TableDriver(fake, club.guild.add_text_channel("vacío"), [], family="dominoes")

    for locale, reader in readers.items():
        status = await german.slash(reader, "dominoes status")
        assert status.ephemeral and status.message.visible_to is reader.user
        assert TABLE_WORD[locale] in status.text and TO_PLAY[locale] in status.text
        assert DEALT[locale] in status.text  # the latest plays, told in their words
        (picture,) = status.message.attachments  # the picture's words, too
        assert TOTALS[locale] in (picture.description or "")
        if locale != "de":
            assert "ausgeteilt" not in status.text and "am Zug" not in status.text

        lobby_status = await spanish.slash(reader, "dominoes status")
        assert lobby_status.ephemeral and lobby_status.message.visible_to is reader.user
        assert TABLE_WORD[locale] in lobby_status.text
        assert LANGUAGE_LINE[locale] in lobby_status.text

        nothing = await empty.slash(reader, "dominoes status")
        assert nothing.ephemeral
        assert nothing.text == NO_TABLE[locale].format(command=new_mention)
        wrong = await german.slash(reader, "fido status")
        assert wrong.ephemeral
        assert wrong.text == OTHER_FAMILY[locale].format(
            command=f"</dominoes status:{dominoes.id}>"
        )

        rules = await german.slash(reader, "dominoes rules")
        assert rules.ephemeral and rules.message.visible_to is reader.user
        page = rules_page("dominoes", language_of(locale))
        first = next(section.heading for section in sections(page) if section.heading)
        assert first in [embed.get("title") for embed in rules.message.embeds]

        league = await german.slash(reader, "standings")
        assert not league.ephemeral  # posted for everyone: in the server's Spanish
        assert league.text == "**Clasificación · Domino Club**\nAún no hay partidas terminadas."
        block = await german.slash(reader, "standings", game="block")
        assert not block.ephemeral
        assert block.text == (
            "**Clasificación · Domino Club** · Bloqueo\n"
            f"Aún no hay partidas terminadas. Empieza una con {new_mention}."
        )
    titles = {
        locale: next(
            s.heading for s in sections(rules_page("dominoes", language_of(locale))) if s.heading
        )
        for locale in READERS
    }
    assert len(set(titles.values())) == len(READERS)  # four pages, four languages
