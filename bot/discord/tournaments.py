"""``/tournament …`` and the sign-up message's buttons: opening a tournament, joining and
leaving, the organizer's start, pause, resume, drop, add and cancel, and the standings.

Tournaments run in a server's text channel (their tables played in threads of it, or as
messages in it where threads are not allowed); a command anywhere else, or a refusal of
the service, is answered privately and politely.
The sign-up message is public and redrawn in place: a button's answer updates it, and a
command's change edits it through its stored id.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.answering import Desk, actor_of, reader_text, ready
from bot.discord.places import bot_is_absent
from bot.league.rating import league_ratings
from bot.publishing import tournament_texts as texts
from bot.publishing.replies import NO_MENTIONS, Reply, answer, tell
from bot.store import TournamentRecord, TournamentStatus
from bot.tables.errors import UserError
from bot.tournaments.news import shown_of
from bot.tournaments.service import TournamentService
from bot.tournaments.settings import TournamentSettings
from bot.views.builders import signup_view
from bot.views.components import INVALID
from engine.registry import game_spec
from i18n import N_, Text, text_in

log = logging.getLogger(__name__)

OPEN = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING, TournamentStatus.PAUSED)


def tournament_text(record: TournamentRecord) -> Text:
    """A tournament's public words: its tables' language."""
    return text_in(TournamentSettings.from_json(record.game, record.settings).table.language)


def signup_reply(record: TournamentRecord) -> Reply:
    """The sign-up message as it stands: buttons while sign-up is open."""
    text = tournament_text(record)
    view = signup_view(record.id, text=text) if record.status is TournamentStatus.SIGNUP else None
    return Reply(texts.signup_content(record, text), view=view)


async def redraw_signup(client: discord.Client, record: TournamentRecord) -> None:
    """Edit the sign-up message to show the tournament as it stands now (logged, not
    raised, when Discord refuses: the message may have been deleted)."""
    message_id = shown_of(record).get("signup_message")
    if not isinstance(message_id, int):
        return
    reply = signup_reply(record)
    channel = client.get_partial_messageable(record.channel_id)
    try:
        await channel.get_partial_message(message_id).edit(
            content=reply.content, view=reply.view, allowed_mentions=NO_MENTIONS
        )
    except discord.HTTPException as exc:
        log.warning("tournament %d: could not redraw its sign-up: %s", record.id, exc)


def channel_of(interaction: discord.Interaction[Any]) -> int:
    """The server channel a tournament command speaks of: the channel itself, or the
    channel a round's thread belongs to. Refused outside a server channel the bot is in."""
    channel = interaction.channel
    if interaction.guild_id is None or bot_is_absent(interaction) or channel is None:
        raise UserError(
            N_(
                "Tournaments run in a server's text channel that I am in (each table gets a "
                "thread there, or a message of its own). Please use this command there."
            )
        )
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id
    return channel.id


class TournamentHandlers(Desk):
    """Every ``/tournament`` subcommand and sign-up button."""

    tournaments: TournamentService | None = None
    """The tournaments (set by the wiring)."""
    on_signup: Callable[[TournamentRecord], None] | None = None
    """Told of each new tournament (its sign-up deadline is armed)."""

    @property
    def _tournaments(self) -> TournamentService:
        if self.tournaments is None:
            raise RuntimeError("tournaments are not wired")
        return self.tournaments

    async def tournament_new(
        self, interaction: discord.Interaction[Any], settings: TournamentSettings
    ) -> None:
        async def action() -> None:
            channel_id = channel_of(interaction)
            if isinstance(interaction.channel, discord.Thread):
                raise UserError(
                    N_(
                        "A tournament opens its tables from a channel, not a thread: please "
                        "start it in a channel."
                    )
                )
            assert interaction.guild_id is not None  # channel_of checked it
            record = await self._tournaments.create(
                interaction.guild_id, channel_id, actor_of(interaction), settings
            )
            await answer(interaction, ready(signup_reply(record)), edit=False, ephemeral=False)
            message = await interaction.original_response()
            await self._tournaments.remember_signup_message(record.id, message.id)
            if self.on_signup is not None:
                self.on_signup(record)

        await self.guarded(interaction, action)

    async def tournament_button(
        self, interaction: discord.Interaction[Any], tournament_id: int, action: str
    ) -> None:
        """Join, Leave or Start pressed on the sign-up message: it is redrawn in place."""

        async def act() -> None:
            change = self._change_for(interaction, action)
            record = await change(tournament_id)
            await answer(interaction, ready(signup_reply(record)), edit=True)

        await self.guarded(interaction, act)

    def _change_for(
        self, interaction: discord.Interaction[Any], action: str
    ) -> Callable[[int], Awaitable[TournamentRecord]]:
        service, actor = self._tournaments, actor_of(interaction)
        changes = {
            "join": service.join,
            "leave": service.leave,
            "start": self._start,
            "pause": service.pause,
            "resume": service.resume,
            "cancel": service.cancel,
        }
        change = changes.get(action)
        if change is None:
            raise UserError(INVALID)
        return lambda tid: change(tid, actor)

    async def _start(self, tournament_id: int, actor: Any) -> TournamentRecord:
        """Start now, people seeded by the server's league rating in the game."""
        service = self._tournaments
        record = await service.tournament(tournament_id)
        return await service.start(tournament_id, actor, await self.seeding(record))

    async def seeding(self, record: TournamentRecord) -> dict[int, float]:
        """The league rating of the server in the tournament's game, by user id."""
        store = self.service.store
        ratings = await league_ratings(store, record.guild_id, game_spec(record.game), store.now())
        return {user_id: rating.mu for user_id, rating in ratings.items()}

    async def tournament_command(self, interaction: discord.Interaction[Any], action: str) -> None:
        """``/tournament join|leave|start|pause|resume|cancel``: on the channel's newest
        open tournament; the answer is a private note, and the sign-up message is redrawn."""

        async def act() -> None:
            record = await self._here(interaction)
            change = self._change_for(interaction, action)
            record = await change(record.id)
            await redraw_signup(interaction.client, record)
            await tell(interaction, _done_note(action, record, reader_text(interaction)))

        await self.guarded(interaction, act)

    async def tournament_player(
        self, interaction: discord.Interaction[Any], action: str, user: discord.abc.User
    ) -> None:
        """``/tournament drop|add user:`` (the organizer)."""

        async def act() -> None:
            record = await self._here(interaction)
            service, actor = self._tournaments, actor_of(interaction)
            if user.bot:
                raise UserError(N_("That is a bot account: computers join through fill."))
            if action == "drop":
                record = await service.drop(record.id, actor, user.id)
                note = N_("{player} is out of the tournament; their results stay.")
            else:
                record = await service.add(record.id, actor, user.id, user.display_name)
                note = N_("{player} is in the tournament.")
            await redraw_signup(interaction.client, record)
            mention = f"<@{user.id}>"
            await tell(interaction, reader_text(interaction)._(note, player=mention))

        await self.guarded(interaction, act)

    async def tournament_standings(
        self, interaction: discord.Interaction[Any], *, show: bool
    ) -> None:
        """``/tournament standings`` (the table) and ``/tournament show`` (the settings,
        the round being played, its tables and the standings), answered to the asker
        alone: a question one person asks, whose answer the channel has already seen
        posted after each round."""

        async def act() -> None:
            record = await self._here(interaction, any_status=True)
            await answer(interaction, self.standings_reply(record, show=show), edit=False)

        await self.guarded(interaction, act)

    async def standings_reply(self, record: TournamentRecord, *, show: bool) -> Reply:
        service = self._tournaments
        text = tournament_text(record)
        done = await service.results(record.id)
        standing = await service.standings(record.id)
        final = record.status is TournamentStatus.FINISHED
        reply = await texts.standings_message(record, standing, len(done), text, final=final)
        if show:
            parts = [texts.signup_content(record, text)]
            if record.round and not final:
                tables = {
                    entry.position: (await service.store.get_table(entry.table_id))
                    for entry in await service.store.tournament_tables(record.id, record.round)
                }
                places = {p: texts.table_place(record, t) for p, t in tables.items() if t}
                parts.append(texts.round_tables(record, record.round, places, text))
            reply.content = "\n\n".join([*parts, reply.content])
        return reply

    async def _here(
        self, interaction: discord.Interaction[Any], *, any_status: bool = False
    ) -> TournamentRecord:
        """The channel's newest open tournament (or, ``any_status``, its newest)."""
        channel_id = channel_of(interaction)
        store = self._tournaments.store
        statuses = tuple(TournamentStatus) if any_status else OPEN
        found = [
            record
            for record in await store.tournaments_with_status(
                *statuses, guild_id=interaction.guild_id
            )
            if record.channel_id == channel_id
        ]
        if not found:
            raise UserError(
                N_("There is no tournament in this channel. Start one with /tournament new.")
            )
        open_ones = [r for r in found if r.status.is_open]
        return (open_ones or found)[-1]


def _done_note(action: str, record: TournamentRecord, text: Text) -> str:
    """The private note after a command changed the tournament."""
    notes = {
        "join": N_("You are signed up for {tournament}."),
        "leave": N_("You left {tournament}."),
        "start": N_("{tournament} has started."),
        "pause": N_("{tournament} is paused: no new round opens until it is resumed."),
        "resume": N_("{tournament} goes on."),
        "cancel": N_("{tournament} is cancelled."),
    }
    return text._(notes[action], tournament=texts.title(record, text))
