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
from bot.games.narration import Narration, joined, seat_name
from bot.games.words import ENGLISH
from engine.game import Event, HandState
from engine.match import Match
from engine.network import SPEC, NetworkHand
from i18n import N_, Text
from render import render_hand, render_network_table

RULES: Final = N_(
    """\
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
)


def _network(hand: HandState[Any]) -> NetworkHand:
    return narrowed(hand, NetworkHand, "a Network dominoes hand")


class NetworkAdapter(GameAdapter):
    family = "network"
    specs = (SPEC,)

    _render = staticmethod(render_network_table)

    def _table_view(
        self, hand: HandState[Any], match: Match, text: Text
    ) -> tuple[object, dict[str, Any]]:
        # A finished hand says so once, in the status line ("Hand over").
        return _network(hand), {"title": text._("Network dominoes")}

    def table_words(self, hand: HandState[Any], *, text: Text = ENGLISH) -> str:
        layout = _network(hand).layout
        laid = len(layout.placements)
        if not laid:
            return text._("Nothing is laid yet.")
        by_number = layout.open_end_numbers()
        most_first = sorted(by_number, key=lambda number: (-len(by_number[number]), -number))
        shown = ", ".join(f"{number} ×{len(by_number[number])}" for number in most_first)
        return text.n_(
            "{count} tile laid; open ends by number: {ends}.",
            "{count} tiles laid; open ends by number: {ends}.",
            laid,
            ends=shown or text._("none"),
        )

    def hand_picture(
        self, hand: HandState[Any], seat: int, title: str, page: int = 0, *, text: Text = ENGLISH
    ) -> bytes:
        network = _network(hand)
        playable = network.playable_tiles(seat) if network.current_player == seat else []
        return render_hand(list(network.hands[seat]), playable, title=title, text=text)

    def has_subject_picture(self, hand: HandState[Any], seat: int, subject: str) -> bool:
        # The lead has one place: the hand picture says more.
        return not _network(hand).layout.is_empty

    def subject_picture(
        self, match: Match, names: Sequence[str], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> bytes | None:
        if not self.has_subject_picture(match.hand, seat, subject):
            return None
        hand = _network(match.hand)
        tile = named_tile(subject, 6)
        moves = hand.placements_for(tile)
        return match_picture(
            self._render,
            hand,
            match,
            names,
            candidates=[hand.preview(move) for move in moves],
            candidate_tile=tile,
            candidate_moves=[str(move) for move in moves],
            title=text._("Where {tile} can go", tile=tile),
            text=text,
        )

    def hint_reason(
        self, hand: HandState[Any], seat: int, move: str, *, text: Text = ENGLISH
    ) -> str:
        network = _network(hand)
        parsed = network.parse_move(move)
        if parsed.tile is None:
            return text._("none of your tiles fits anywhere: pass")
        if parsed.label is None:
            return text._("leads {tile}: the hand starts from it", tile=parsed.tile)
        _, rings = network.preview(parsed)
        if rings:
            return text.n_("closes a ring: +{count}", "closes {count} rings: +{count}", rings)
        return text._("closes no ring now, but does best over the rest of the hand in the search")

    def hint_picture(
        self, match: Match, names: Sequence[str], seat: int, move: str, *, text: Text = ENGLISH
    ) -> bytes | None:
        network = _network(match.hand)
        parsed = network.parse_move(move)
        if parsed.tile is None or parsed.label is None:
            return None
        return match_picture(
            self._render,
            network,
            match,
            names,
            candidates=[network.preview(parsed)],
            candidate_tile=parsed.tile,
            candidate_moves=[str(parsed)],
            title=text._("Hint: {move}", move=move),
            text=text,
        )

    def controls(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> Controls:
        network = _network(hand)
        fits = network.playable_tiles(seat)
        rest = [tile for tile in network.hands[seat] if tile not in fits]
        nowhere = text._("Nowhere to play it now")
        subjects = tuple(Subject(tile.name, tile.name, True) for tile in fits) + tuple(
            Subject(tile.name, tile.name, False, nowhere) for tile in rest
        )
        actions = (Action("pass", text._("Pass")),) if network.can_pass else ()
        prompt = (
            text._("Pick a tile to see where it can go, or pass.")
            if fits
            else text._("None of your tiles fits anywhere: pass.")
        )
        return Controls(subjects, actions, prompt, where=text._("Choose where to play it"))

    def targets(
        self, hand: HandState[Any], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> list[Target]:
        network = _network(hand)
        tile = named_tile(subject, 6)
        if tile not in network.hands[seat]:
            raise ValueError(text._("You do not hold {tile}.", tile=tile))
        return [
            Target(str(move), f"{number}. {move}")
            for number, move in enumerate(network.placements_for(tile), start=1)
        ]

    def targets_prompt(
        self, subject: str, targets: Sequence[Target], *, text: Text = ENGLISH
    ) -> str:
        count = len(targets)
        if count == 0:
            return text._("**{tile}** has nowhere to go. Pick another tile, or pass.", tile=subject)
        if count == 1 and targets[0].move == subject:
            return text._("**{tile}** leads the hand. Choose it below to play it.", tile=subject)
        return text.n_(
            "**{tile}** fits in {count} place, numbered on the picture. "
            "Pick a number, another tile, or pass.",
            "**{tile}** fits in {count} places, numbered on the picture. "
            "Pick a number, another tile, or pass.",
            count,
            tile=subject,
        )

    def move_label(self, hand: HandState[Any], move: str, *, text: Text = ENGLISH) -> str:
        return text._("Pass") if move == "pass" else move

    def holding(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> str:
        return text._("Your tiles: {tiles}", tiles=tile_list(_network(hand).hands[seat], text))

    def narrate(self, event: Event, names: Sequence[str], story: Narration) -> None:
        text = story.text
        who = seat_name(names, event.player, text)
        if event.kind == "ring":
            if story.log:
                story.log[-1] = text.n_(
                    "{line} and closed a ring (+{count})",
                    "{line} and closed {count} rings (+{count})",
                    event.points,
                    line=story.log[-1],
                )
            story.announcements.append(
                text.n_(
                    "💍 **{name}** closed a ring: +{count}.",
                    "💍 **{name}** closed {count} rings: +{count}.",
                    event.points,
                    name=who,
                )
            )
        elif event.kind == "bonus":
            story.announcements.append(_bonus_line(event, who, text))

    def rules_text(self, *, text: Text = ENGLISH) -> str:
        return text._(RULES)


def _bonus_line(event: Event, who: str, text: Text) -> str:
    """The bonus, naming the most frequent open number(s) the awarded seat fed last."""
    detail = event.detail or {}
    numbers = sorted(
        {c["number"] for c in detail.get("contributors", ()) if c["seat"] == event.player}
    )
    if not numbers:
        return text._(
            "✨ **{name}** gets the +{points} bonus for the most frequent open number.",
            name=who,
            points=event.points,
        )
    count = int(detail.get("count", 0))
    if len(numbers) == 1:
        return text.n_(
            "✨ **{name}** gets the +{points} bonus: {number} is the most frequent open number "
            "(once), and {name} fed it last.",
            "✨ **{name}** gets the +{points} bonus: {number} is the most frequent open number "
            "({count} times), and {name} fed it last.",
            count,
            name=who,
            points=event.points,
            number=numbers[0],
        )
    return text.n_(
        "✨ **{name}** gets the +{points} bonus: {numbers} tie as the most frequent open "
        "numbers (once each), and {name} fed them last.",
        "✨ **{name}** gets the +{points} bonus: {numbers} tie as the most frequent open "
        "numbers ({count} times each), and {name} fed them last.",
        count,
        name=who,
        points=event.points,
        numbers=joined(text, [str(n) for n in numbers]),
    )
