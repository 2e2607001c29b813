"""Classic dominoes in Discord (All Fives, All Threes, Fives and Threes, Draw, Block): the
line picture with lettered ends, tile-then-end controls, a Draw button, draws told only to
the drawer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.base import Action, Controls, GameAdapter, Subject, Target
from bot.games.narration import Narration, plain
from engine.classic import SPECS, ClassicHand
from engine.errors import EngineError
from engine.game import Event, HandState
from engine.match import Match
from engine.tiles import Tile, parse_tile
from render import render_hand, render_line_table

RULES: Final = """\
**Dominoes** — a double-six set for 2–4 players, played in a line.
• **Deal:** 7 tiles each for 2 players, 5 each for 3–4 (table option: 9/7/5); Block deals \
7 each. The rest is the boneyard.
• **Lead:** the first hand is led by the holder of the highest double (no double: the \
heaviest tile); the leader may lead any tile. Later hands: the lead goes round the table.
• **Play:** match an open end. If you can play you must; if you cannot, **Draw** until you \
can (not in Block). Only someone who cannot play with an empty boneyard passes — the bot \
passes for you.
• **Spinner:** the first double can be played on all four sides: its two long sides first, \
then its ends (table option: off).
• **Scoring:** All Fives scores the open-end total when it is a multiple of 5; All Threes a \
multiple of 3; Fives and Threes either (British counting: each five and three scores 1). \
Draw and Block score only at the end of a hand.
• **End of a hand:** whoever goes out — or, when play is blocked, has the fewest pips — \
scores the others' pips minus their own, rounded to 5 (3 in All Threes). Tied fewest \
pips: nobody scores.
• **Match:** the match ends after a hand in which a total goes over the target (100, 250 \
or 500; reaching it exactly is not enough): the highest total wins; a tie at the top \
plays another hand.

**Playing here:** `/dominoes new game:<…>` opens a table; press **Join**, the host presses \
**Start**. On your turn the bot DMs you your tiles and the ends your first playable tile \
fits (ends are lettered E, W, N, S on the picture): pick an end, or another tile — or \
**Draw**. `/dominoes play` and `/dominoes hand` do the same from the channel.
Full rules: `docs/rules/dominoes.md` in the bot's source."""


def _classic(hand: HandState[Any]) -> ClassicHand:
    if not isinstance(hand, ClassicHand):
        raise TypeError(f"expected a classic dominoes hand, got {type(hand).__name__}")
    return hand


def _tile(text: str) -> Tile:
    try:
        return parse_tile(text, top=6)
    except EngineError as exc:
        raise ValueError(str(exc)) from exc


def _scores(points: int) -> str:
    return f" · scores {points}" if points else ""


class DominoesAdapter(GameAdapter):
    family = "dominoes"
    specs = SPECS

    def table_picture(
        self, match: Match, names: Sequence[str], *, hand: HandState[Any] | None = None
    ) -> bytes:
        shown = _classic(match.hand if hand is None else hand)
        title = f"{shown.title} · hand over" if hand is not None and hand.is_over else None
        return render_line_table(
            shown.view(None),
            list(names),
            totals=list(match.totals),
            target=match.target,
            title=title,
            goal=self._goal(shown, match),
        )

    def _goal(self, hand: ClassicHand, match: Match) -> str | None:
        """The header's words for the target: a classic match is won past it."""
        if match.target is None:
            return None
        return self.spec_for(hand.game).match.goal_words(match.target)

    def table_words(self, hand: HandState[Any]) -> str:
        classic = _classic(hand)
        ends = classic.line.ends()
        if not ends:
            return "Nothing is laid yet."
        shown = ", ".join(f"{label} {value}" for label, value, _ in ends)
        laid = len(classic.line.laid())
        words = f"Open ends {shown} (total {classic.line.total}); {laid} tiles laid"
        if classic.draws_allowed:
            words += f", {len(classic.boneyard)} in the boneyard"
        return words + "."

    def hand_picture(self, hand: HandState[Any], seat: int, title: str, page: int = 0) -> bytes:
        classic = _classic(hand)
        playable = classic.playable_tiles(seat) if classic.current_player == seat else []
        return render_hand(list(classic.hands[seat]), playable, title=title)

    def subject_picture(
        self, match: Match, names: Sequence[str], seat: int, subject: str
    ) -> bytes | None:
        hand = _classic(match.hand)
        tile = _tile(subject)
        ends = hand.ends_for(tile)
        if not ends:
            return None  # the lead (or a tile that fits nowhere): the hand picture says more
        return self._ends_picture(match, names, f"Where {tile} can go", ends)

    def _ends_picture(
        self, match: Match, names: Sequence[str], title: str, ends: Sequence[str]
    ) -> bytes:
        """The line with ``ends`` lettered: where a tile can go, or the hinted end."""
        hand = _classic(match.hand)
        return render_line_table(
            hand.view(None),
            list(names),
            totals=list(match.totals),
            target=match.target,
            goal=self._goal(hand, match),
            title=title,
            highlight_ends=tuple(ends),
        )

    def hint_reason(self, hand: HandState[Any], seat: int, move: str) -> str:
        classic = _classic(hand)
        parsed = classic.parse_move(move)
        tile = parsed.tile
        if parsed.kind == "draw":
            return "none of your tiles fits: draw"
        if tile is None:
            return "nothing to play and nothing to draw: pass"
        scoring = any(classic.points_for_total)
        points = classic.score_if(parsed)
        if not scoring:
            return "no points in play here: the search finds it best for going out first"
        total = classic.total_if(parsed)
        if points:
            return f"makes {total}: +{points}"
        return f"makes {total}: no points now, but it does best over the hand in the search"

    def hint_picture(
        self, match: Match, names: Sequence[str], seat: int, move: str
    ) -> bytes | None:
        parsed = _classic(match.hand).parse_move(move)
        if parsed.tile is None or parsed.end is None:
            return None
        return self._ends_picture(match, names, f"Hint: {move}", [parsed.end])

    def controls(self, hand: HandState[Any], seat: int) -> Controls:
        classic = _classic(hand)
        fits = classic.playable_tiles(seat)
        rest = [tile for tile in classic.hands[seat] if tile not in fits]
        subjects = tuple(Subject(tile.name, tile.name, True) for tile in fits) + tuple(
            Subject(tile.name, tile.name, False, "Fits no open end now") for tile in rest
        )
        moves = (
            {str(move) for move in classic.legal_moves()}
            if classic.current_player == seat
            else set()
        )
        actions: tuple[Action, ...] = ()
        if "draw" in moves:
            actions = (Action("draw", "Draw", primary=True),)
        elif "pass" in moves:
            actions = (Action("pass", "Pass"),)
        if classic.line.lead is None:
            prompt = "You lead: pick any tile."
        elif fits:
            prompt = "Pick a tile, then the end to play it on."
        elif actions and actions[0].move == "draw":
            prompt = "None of your tiles fits: **Draw** until one does."
        else:
            prompt = "None of your tiles fits and the boneyard is empty: pass."
        return Controls(subjects, actions, prompt)

    def targets(self, hand: HandState[Any], seat: int, subject: str) -> list[Target]:
        classic = _classic(hand)
        tile = _tile(subject)
        if tile not in classic.hands[seat]:
            raise ValueError(f"You do not hold {tile}.")
        values = {end["label"]: end["value"] for end in classic.view(None)["line"]["ends"]}
        targets = []
        for move in classic.legal_moves():
            if move.tile != tile:
                continue
            points = classic.score_if(move)
            if move.end is None:
                targets.append(Target(str(move), f"Lead {tile}{_scores(points)}"))
            else:
                where = f"{move.end} end (open {values.get(move.end, '?')})"
                targets.append(Target(str(move), f"{where}{_scores(points)}"))
        return targets

    def targets_prompt(self, subject: str, targets: Sequence[Target]) -> str:
        if not targets:
            return f"**{subject}** fits no open end. Pick another tile."
        if len(targets) == 1 and targets[0].move == subject:
            return f"**{subject}** leads the hand. Choose it below to play it."
        ends = " or ".join(t.move.split()[-1] for t in targets)
        return (
            f"**{subject}** can go on end {ends} (lettered on the picture). "
            "Pick one, or another tile."
        )

    def move_label(self, hand: HandState[Any], move: str) -> str:
        if move in ("draw", "pass"):
            return move.title()
        classic = _classic(hand)
        try:
            points = classic.score_if(classic.parse_move(move))
        except EngineError:
            return move
        return f"{move}{_scores(points)}"

    def holding(self, hand: HandState[Any], seat: int) -> str:
        tiles = _classic(hand).hands[seat]
        listed = ", ".join(tile.name for tile in tiles) if tiles else "none"
        return f"Your tiles: {listed} ({sum(t.pips for t in tiles)} pips)"

    def narrate(self, event: Event, names: Sequence[str], story: Narration) -> None:
        seat = event.player
        who = plain(names[seat]) if seat is not None and 0 <= seat < len(names) else "Nobody"
        if event.kind == "draw" and not event.is_public and seat is not None:
            story.tell(seat, "You drew " + ", ".join(event.detail.get("tiles", [])) + ".")
        elif event.kind == "draw":
            count = int(event.detail.get("count", 0))
            story.log.append(f"{who} drew {count} from the boneyard")
        elif event.kind == "hand_end":
            story.announcements.append(_hand_end(event, names))

    def rules_text(self) -> str:
        return RULES


def _hand_end(event: Event, names: Sequence[str]) -> str:
    detail = event.detail
    pips = ", ".join(
        f"{plain(name)} {count}" for name, count in zip(names, detail.get("pips", []), strict=False)
    )
    winner = detail.get("winner")
    points = int(detail.get("points", 0))
    who = plain(names[winner]) if isinstance(winner, int) and 0 <= winner < len(names) else None
    if who is None:
        return f"🔒 The hand is blocked and the fewest pips are tied: nobody scores. Pips: {pips}."
    counted = _counted(detail, who, points)
    if detail.get("reason") == "domino":
        return f"🁫 **{who}** went out. Pips left: {pips}. {counted}"
    return f"🔒 The hand is blocked and **{who}** has the fewest pips. Pips: {pips}. {counted}"


def _counted(detail: Mapping[str, Any], who: str, points: int) -> str:
    """How the hand-end count came to ``points``: the others' pips (less the winner's own
    when the hand is blocked), rounded to the nearest multiple where the game says so."""
    own = ""
    if detail.get("reason") != "domino":
        seat_pips = list(detail.get("pips", []))
        winner = int(detail["winner"])
        if 0 <= winner < len(seat_pips):
            own = f" less {who}'s own {seat_pips[winner]}"
    count = detail.get("count")
    step = int(detail.get("round_to", 1))
    if count is None:
        return f"{who} scores {points}."
    if step == 1 or count == points:
        rounded = ""
    else:
        rounded = f", which rounds to {points} (counts go to the nearest {step})"
    return f"The others' pips{own} make {count}{rounded}: {who} scores {points}."
