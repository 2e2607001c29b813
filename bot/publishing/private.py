"""A player's private answers: their hand with the controls they may use now, the answer
to their move, and the places a chosen tile can go. Drawn wherever the answer is finished:
in the process that received the interaction, or by a worker holding its token."""

from __future__ import annotations

from bot.games import adapter_for
from bot.games.base import Target
from bot.publishing import messages, pictures
from bot.publishing.replies import Reply
from bot.store import TableRecord, TableStatus
from bot.tables.commands import mention
from bot.tables.errors import UserError
from bot.tables.languages import seat_text
from bot.tables.service import PlayerSeat, seat_of, table_settings
from bot.views import surfaces
from bot.views.builders import MAX_TARGETS, browser_view, controls_view, offers_places
from engine.match import Match
from engine.registry import game_spec


async def private_hand(
    player: PlayerSeat, headline: str | None = None, page: int | None = None
) -> Reply:
    """A player's hand picture with the controls they may use now (private). On their
    turn the controls already hold their first playable tile and its places, so playing
    it takes one pick. The picture of those places is drawn only when asked (a button;
    picking another tile shows its places): many turns are played without a look at it,
    and it costs about as much as the rest of a play's pictures together. A game without
    a hand picture shows it at once (it is then the seat's picture), as does a row too
    full for the button."""
    text = seat_text(player.record, player.seat)
    hand = await pictures.hand_picture(player, page or 0)
    files = [] if hand is None else [hand]
    controls = None
    prompt = None
    if player.is_turn:
        adapter = adapter_for(player.record.game)
        offered = adapter.controls(player.hand, player.seat, text=text)
        prompt = offered.prompt
        focus = next((s.key for s in offered.subjects if s.playable), None)
        targets = (
            []
            if focus is None or page is not None
            else adapter.targets(player.hand, player.seat, focus, text=text)
        )
        if targets and len(targets) <= MAX_TARGETS:
            assert focus is not None
            prompt = adapter.targets_prompt(focus, targets, text=text)
            pictured = adapter.has_subject_picture(player.hand, player.seat, focus)
        else:
            focus, targets, pictured = None, [], False
        controls = controls_view(
            player.record.id,
            player.turn,
            offered,
            chosen=focus,
            targets=targets,
            page=page,
            hint=table_settings(player.record).hints,
            browser=surfaces.offered().browser,
            show_places=focus if pictured and hand is not None else None,
            text=text,
        )
        if pictured and focus is not None and not offers_places(controls):
            preview = await pictures.candidates_picture(player, focus, targets)
            if preview is not None:
                files.append(preview)
    elif surfaces.offered().browser:
        controls = browser_view(player.record.id, text)
    if not files:  # nothing hidden and nothing chosen: the board is the picture
        files.append(await pictures.table_picture(player.record, player.match, text))
    return Reply(messages.hand_content(player, headline, prompt), files, controls)


async def played_reply(record: TableRecord, match: Match, user_id: int, content: str) -> Reply:
    """The answer to the player who just moved: ``content`` (what happened), with their
    hand and, on their turn, the controls."""
    seat = seat_of(record, user_id)
    if seat is None or match.is_over or record.status is not TableStatus.PLAYING:
        return Reply(content, [], None)
    reply = await private_hand(PlayerSeat(record, match, seat))
    return Reply(content, reply.files, reply.view)


def pick_targets(player: PlayerSeat, subject: str) -> list[Target]:
    """The places ``subject`` (a tile or piece the player picked) can go
    (:class:`UserError` if it is not theirs to play)."""
    text = seat_text(player.record, player.seat)
    adapter = adapter_for(player.record.game)
    try:
        return list(adapter.targets(player.hand, player.seat, subject, text=text))
    except ValueError as exc:  # already in the player's words
        raise UserError(str(exc)) from exc


async def subject_reply(player: PlayerSeat, subject: str) -> Reply:
    """Where ``subject`` can go, shown on the player's controls."""
    targets = pick_targets(player, subject)
    record = player.record
    text = seat_text(record, player.seat)
    adapter = adapter_for(record.game)
    picture = await pictures.subject_picture(player, subject, targets)
    offered = adapter.controls(player.hand, player.seat, text=text)
    controls = controls_view(
        record.id,
        player.turn,
        offered,
        chosen=subject,
        targets=targets,
        hint=table_settings(record).hints,
        browser=surfaces.offered().browser,
        text=text,
    )
    prompt = adapter.targets_prompt(subject, targets, text=text)
    if len(targets) > MAX_TARGETS:
        command = mention(f"{game_spec(record.game).family} play", text)
        prompt += "\n" + text._(
            "The menus list the first {shown} of {count}; play any of them with {command}.",
            shown=MAX_TARGETS,
            count=len(targets),
            command=command,
        )
    return Reply(prompt, [picture], controls)
