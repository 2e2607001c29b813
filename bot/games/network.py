"""Network dominoes in Discord: the grid picture, numbered placements, ring announcements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.games.base import (
    Action,
    Controls,
    GameAdapter,
    Subject,
    Target,
    match_picture,
    named_tile,
    narrowed,
    tile_list,
)
from bot.games.narration import Narration, plain
from engine.game import Event, HandState
from engine.match import Match
from engine.network import SPEC, NetworkHand
from render import render_hand, render_network_table

RULES: Final = """\
**Network dominoes** — a double-six set for 2–5 players.
• **Deal:** everyone gets ⌊28 ÷ players⌋ tiles (14, 9, 7 or 5); the rest are set aside. \
Nobody draws.
• **Lead:** the holder of the highest double leads it (table option: any tile may lead). \
Play goes round in seat order.
• **Placing:** a tile goes against an open end showing one of its numbers, touching it \
face to face. Wherever two tiles share an edge, the touching halves must match; corners may \
touch freely. Off a plain end there are up to 7 ways to lay a tile (table option: 5 or 3).
• **Rings:** closing a loop that encloses empty space scores 1 point per new enclosed region.
• **Passing:** you may pass even when you could play. The hand ends when everyone has passed \
in a row.
• **Bonus:** at the end of a hand, whoever last fed the most frequent open-end number scores \
+3 (ties: table option).
• **Match:** hands are played until someone reaches the target (default 10); a tie at the \
top plays another hand.

**Playing here:** `/network new` opens a table; press **Join** and the host presses \
**Start**. On your turn the bot DMs you your tiles and a picture of every place your first \
playable tile fits, numbered: pick a number, or another tile — or **Pass**. `/network play` \
and `/network hand` do the same from the channel, and **Show hand** works when DMs are \
closed. If your time runs out you pass; after two timeouts in a row the computer plays for \
you until you come back.
Full rules: `docs/rules/network.md` in the bot's source."""


def _network(hand: HandState[Any]) -> NetworkHand:
    return narrowed(hand, NetworkHand, "a Network dominoes hand")


class NetworkAdapter(GameAdapter):
    family = "network"
    specs = (SPEC,)

    def table_picture(
        self, match: Match, names: Sequence[str], *, hand: HandState[Any] | None = None
    ) -> bytes:
        shown = _network(match.hand if hand is None else hand)
        over = hand is not None and hand.is_over
        return match_picture(
            render_network_table,
            shown,
            match,
            names,
            title="Network dominoes · hand over" if over else "Network dominoes",
        )

    def table_words(self, hand: HandState[Any]) -> str:
        layout = _network(hand).layout
        laid = len(layout.placements)
        if not laid:
            return "Nothing is laid yet."
        by_number = layout.open_end_numbers()
        most_first = sorted(by_number, key=lambda number: (-len(by_number[number]), -number))
        shown = ", ".join(f"{number} ×{len(by_number[number])}" for number in most_first)
        tiles = "1 tile" if laid == 1 else f"{laid} tiles"
        return f"{tiles} laid; open ends by number: {shown or 'none'}."

    def hand_picture(self, hand: HandState[Any], seat: int, title: str, page: int = 0) -> bytes:
        network = _network(hand)
        playable = network.playable_tiles(seat) if network.current_player == seat else []
        return render_hand(list(network.hands[seat]), playable, title=title)

    def subject_picture(
        self, match: Match, names: Sequence[str], seat: int, subject: str
    ) -> bytes | None:
        hand = _network(match.hand)
        if hand.layout.is_empty:
            return None  # the lead has one place: the hand picture says more
        tile = named_tile(subject, 6)
        moves = hand.placements_for(tile)
        return match_picture(
            render_network_table,
            hand,
            match,
            names,
            candidates=[hand.preview(move) for move in moves],
            candidate_tile=tile,
            candidate_moves=[str(move) for move in moves],
            title=f"Where {tile} can go",
        )

    def hint_reason(self, hand: HandState[Any], seat: int, move: str) -> str:
        network = _network(hand)
        parsed = network.parse_move(move)
        if parsed.tile is None:
            return "none of your tiles fits anywhere: pass"
        if parsed.label is None:
            return f"leads {parsed.tile}: the hand starts from it"
        _, rings = network.preview(parsed)
        if rings:
            closed = "a ring" if rings == 1 else f"{rings} rings"
            return f"closes {closed}: +{rings}"
        return "closes no ring now, but does best over the rest of the hand in the search"

    def hint_picture(
        self, match: Match, names: Sequence[str], seat: int, move: str
    ) -> bytes | None:
        network = _network(match.hand)
        parsed = network.parse_move(move)
        if parsed.tile is None or parsed.label is None:
            return None
        return match_picture(
            render_network_table,
            network,
            match,
            names,
            candidates=[network.preview(parsed)],
            candidate_tile=parsed.tile,
            candidate_moves=[str(parsed)],
            title=f"Hint: {move}",
        )

    def controls(self, hand: HandState[Any], seat: int) -> Controls:
        network = _network(hand)
        fits = network.playable_tiles(seat)
        rest = [tile for tile in network.hands[seat] if tile not in fits]
        subjects = tuple(Subject(tile.name, tile.name, True) for tile in fits) + tuple(
            Subject(tile.name, tile.name, False, "Nowhere to play it now") for tile in rest
        )
        actions = (Action("pass", "Pass"),) if network.can_pass else ()
        prompt = (
            "Pick a tile to see where it can go, or pass."
            if fits
            else "None of your tiles fits anywhere: pass."
        )
        return Controls(subjects, actions, prompt)

    def targets(self, hand: HandState[Any], seat: int, subject: str) -> list[Target]:
        network = _network(hand)
        tile = named_tile(subject, 6)
        if tile not in network.hands[seat]:
            raise ValueError(f"You do not hold {tile}.")
        return [
            Target(str(move), f"{number}. {move}")
            for number, move in enumerate(network.placements_for(tile), start=1)
        ]

    def targets_prompt(self, subject: str, targets: Sequence[Target]) -> str:
        count = len(targets)
        if count == 0:
            return f"**{subject}** has nowhere to go. Pick another tile, or pass."
        if count == 1 and targets[0].move == subject:
            return f"**{subject}** leads the hand. Choose it below to play it."
        places = "1 place" if count == 1 else f"{count} places"
        return (
            f"**{subject}** fits in {places}, numbered on the picture. "
            "Pick a number, another tile, or pass."
        )

    def move_label(self, hand: HandState[Any], move: str) -> str:
        return "Pass" if move == "pass" else move

    def holding(self, hand: HandState[Any], seat: int) -> str:
        return f"Your tiles: {tile_list(_network(hand).hands[seat])}"

    def narrate(self, event: Event, names: Sequence[str], story: Narration) -> None:
        who = plain(names[event.player]) if event.player is not None else "Nobody"
        if event.kind == "ring":
            rings = "a ring" if event.points == 1 else f"{event.points} rings"
            if story.log:
                story.log[-1] += f" and closed {rings} (+{event.points})"
            story.announcements.append(f"💍 **{who}** closed {rings}: +{event.points}.")
        elif event.kind == "bonus":
            story.announcements.append(_bonus_line(event, who))

    def rules_text(self) -> str:
        return RULES


def _bonus_line(event: Event, who: str) -> str:
    """The bonus, naming the most frequent open number(s) the awarded seat fed last."""
    detail = event.detail or {}
    numbers = sorted(
        {c["number"] for c in detail.get("contributors", ()) if c["seat"] == event.player}
    )
    line = f"✨ **{who}** gets the +{event.points} bonus"
    if not numbers:
        return line + " for the most frequent open number."
    count = int(detail.get("count", 0))
    times = "once" if count == 1 else f"{count} times"
    if len(numbers) == 1:
        return (
            f"{line}: {numbers[0]} is the most frequent open number ({times}), "
            f"and {who} fed it last."
        )
    shown = ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"
    return (
        f"{line}: {shown} tie as the most frequent open numbers ({times} each), "
        f"and {who} fed them last."
    )
