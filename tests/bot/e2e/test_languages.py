"""Languages in the real process: the commands registered with their Spanish, Portuguese
and German names; a table opened in a Spanish-speaking server shows its lobby in
Spanish; each player's refusals arrive in their own Discord language."""

from __future__ import annotations

from typing import Any

from tests.bot.e2e.conftest import Club, checked_bot
from tests.bot.e2e.harness import Player, TableDriver
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
