"""``/standings`` and ``/ranking``: the server's league table and monthly ranking, per game
(choices come from the registry), posted in the channel for everyone, so in the server's
language; a refusal is said to the asker alone, in theirs."""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answering import reader_text, server_text
from bot.discord.listing import PLACE_NAMES
from bot.discord.places import league_of, place_of
from bot.games.narration import plain
from bot.league.ranking import Month, MonthError, monthly_ranking, ranking_alt_text, ranking_table
from bot.league.rating import league_ratings
from bot.publishing import messages, pictures
from bot.publishing.replies import Reply, answer, tell
from bot.store import Clock, Store, utc_now
from bot.tables.commands import mention
from engine.registry import GAMES, game_spec
from i18n import N_, Text

GAME_CHOICES = [app_commands.Choice(name=spec.title, value=spec.name) for spec in GAMES.values()]
ENGLISH: Final = Text()
MONTHS_OFFERED = 12
"""How many months back ``/ranking``'s month suggestions go."""


async def _league(interaction: discord.Interaction[Any], text: Text) -> tuple[int, str]:
    """The league asked about and its name: the server's (an interactions process has no
    cache: Discord is asked its name), or outside servers the asker's own league, of the
    tables they opened in DMs and group DMs."""
    league = league_of(interaction, place_of(interaction))
    if league == interaction.user.id:
        return league, text._("{name}'s league", name=plain(interaction.user.display_name))
    guild = interaction.guild
    if guild is not None and guild.name:
        return league, guild.name
    named = await PLACE_NAMES.server(interaction.client, league)
    return league, named or text._("this server")


class LeagueCog(commands.Cog):
    """League standings, ratings and rankings, all built from the finished matches."""

    def __init__(self, store: Store, clock: Clock = utc_now) -> None:
        self.store = store
        self.clock = clock

    @app_commands.command(
        name=N_("standings"),
        description=N_("This server's league table, or your own in DMs and group DMs"),
    )
    @app_commands.describe(game=N_("Which game's table (default: the game played most recently)"))
    @app_commands.rename(game=N_("game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def standings(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> None:
        text = server_text(interaction)
        league, name = await _league(interaction, text)
        await answer(
            interaction, self._standings(league, name, game, text), edit=False, ephemeral=False
        )

    async def _standings(
        self, guild_id: int, guild_name: str, game: str | None, text: Text = ENGLISH
    ) -> Reply:
        played = await self.store.standings_games(guild_id)
        game = game or (played[0] if played else None)
        if game is None:
            return Reply(messages.no_standings_content(guild_name, text))
        spec = game_spec(game)
        rows = await self.store.standings(guild_id, game, limit=20)
        ratings = await league_ratings(self.store, guild_id, spec, self.clock())
        content = messages.standings_content(rows, guild_name, spec, ratings, text)
        others = [g for g in played if g != game and g in GAMES]
        if others:
            titles = ", ".join(text._(game_spec(g).title) for g in others)
            content += "\n" + text._(
                "Also played here: {games} (pick one with {command}).",
                games=titles,
                command=mention("standings", text),
            )
        return Reply(content)

    @app_commands.command(
        name=N_("ranking"),
        description=N_("This server's monthly ranking (your own league's in DMs), as a picture"),
    )
    @app_commands.describe(
        game=N_("Which game's ranking (default: the game played most recently)"),
        month=N_("Which month, as year-month like 2026-03 (default: this month so far)"),
    )
    @app_commands.rename(game=N_("game"), month=N_("month"))
    @app_commands.choices(game=GAME_CHOICES)
    async def ranking(
        self,
        interaction: discord.Interaction[Any],
        game: str | None = None,
        month: str | None = None,
    ) -> None:
        text = reader_text(interaction)
        now = self.clock()
        try:
            chosen = Month.of(now) if month is None else Month.parse(month)
        except MonthError as exc:
            await tell(interaction, exc.said_in(text))
            return
        if chosen.start > now:
            await tell(
                interaction,
                text._(
                    "{month} has not begun yet: pick this month or one before.",
                    month=chosen.said_in(text),
                ),
            )
            return
        public = server_text(interaction)
        guild_id, guild_name = await _league(interaction, public)
        if game is None:
            played = await self.store.standings_games(guild_id)
            if not played:
                await tell(
                    interaction, text._("No finished matches here yet, so there is no ranking.")
                )
                return
            game = played[0]
        work = self._ranking(guild_id, guild_name, game, chosen, public)
        await answer(interaction, work, edit=False, ephemeral=False)

    async def _ranking(
        self, guild_id: int, guild_name: str, game: str, month: Month, text: Text = ENGLISH
    ) -> Reply:
        spec = game_spec(game)
        report = await monthly_ranking(self.store, guild_id, spec, month, self.clock())
        picture = await pictures.ranking_picture(
            ranking_table(report, guild_name, text),
            ranking_alt_text(report, guild_name, text),
            text,
        )
        title, when = text._(spec.title), month.said_in(text)
        content = (
            text._(
                "**{game} ranking · {server}** · {month}", game=title, server=guild_name, month=when
            )
            if report.complete
            else text._(
                "**{game} ranking · {server}** · {month} (so far)",
                game=title,
                server=guild_name,
                month=when,
            )
        )
        return Reply(content, [picture])

    @ranking.autocomplete("month")
    async def month_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """This month and the ones before it, matching what has been typed."""
        month = Month.of(self.clock())
        offered = []
        for _ in range(MONTHS_OFFERED):
            offered.append(month)
            month = month.previous()
        typed = current.strip().lower()
        text = ENGLISH if interaction is None else reader_text(interaction)  # None: a test's
        return [
            app_commands.Choice(name=m.said_in(text), value=m.key)
            for m in offered
            if typed in m.key or typed in m.label.lower() or typed in m.said_in(text).lower()
        ]
