"""Classic dominoes in Discord (All Fives, All Threes, Fives and Threes, Draw, Block): the
line picture with lettered ends, tile-then-end controls, a Draw button, draws told only to
the drawer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.base import Subject, tile_list
from bot.games.line import LineGameAdapter, LineWords, scores
from bot.games.narration import plain
from engine.classic import SPECS, ClassicHand
from engine.classic.moves import ClassicMove
from engine.game import Event, HandState
from engine.match import Match
from render import render_line_table

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


class DominoesAdapter(LineGameAdapter[ClassicHand, ClassicMove]):
    family = "dominoes"
    specs = SPECS
    hand_type = ClassicHand
    hand_what = "a classic dominoes hand"
    words = LineWords(
        round="hand",
        lead="Lead",
        leads="leads the hand",
        ends_prefix="end ",
        ends_joiner=" or ",
        draw_label="Draw",
        pass_label="Pass",
        draw_prompt="None of your tiles fits: **Draw** until one does.",
        stuck_prompt="None of your tiles fits and the boneyard is empty: pass.",
        draw_hint="none of your tiles fits: draw",
        pass_hint="nothing to play and nothing to draw: pass",
    )

    _render = staticmethod(render_line_table)

    def _picture_options(self, game: ClassicHand, match: Match) -> dict[str, Any]:
        return {"goal": self._goal(game, match)}

    def _goal(self, hand: ClassicHand, match: Match) -> str | None:
        """The header's words for the target: a classic match is won past it."""
        if match.target is None:
            return None
        return self.spec_for(hand.game).match.goal_words(match.target)

    def table_words(self, hand: HandState[Any]) -> str:
        classic = self._hand(hand)
        ends = classic.line.ends()
        if not ends:
            return "Nothing is laid yet."
        shown = ", ".join(f"{label} {value}" for label, value, _ in ends)
        laid = len(classic.line.laid())
        words = f"Open ends {shown} (total {classic.line.total}); {laid} tiles laid"
        if classic.draws_allowed:
            words += f", {len(classic.boneyard)} in the boneyard"
        return words + "."

    def _scores_in_play(self, game: ClassicHand) -> bool:
        return any(game.points_for_total)

    def _tiles(self, game: ClassicHand, seat: int) -> tuple[tuple[Subject, ...], str | None]:
        fits = game.playable_tiles(seat)
        rest = [tile for tile in game.hands[seat] if tile not in fits]
        subjects = tuple(Subject(tile.name, tile.name, True) for tile in fits) + tuple(
            Subject(tile.name, tile.name, False, "Fits no open end now") for tile in rest
        )
        if game.line.lead is None:
            return subjects, "You lead: pick any tile."
        return subjects, "Pick a tile, then the end to play it on." if fits else None

    def _end_words(self, game: ClassicHand, move: ClassicMove) -> str:
        return f"{move.end} end (open {game.line.values[move.slot]})"

    def _gain(self, game: ClassicHand, move: ClassicMove) -> str:
        return scores(game.score_if(move))

    def holding(self, hand: HandState[Any], seat: int) -> str:
        game = self._hand(hand)
        return f"Your tiles: {tile_list(game.hands[seat])} ({game.pips(seat)} pips)"

    def _drew(self, who: str, detail: Mapping[str, Any]) -> str:
        return f"{who} drew {int(detail.get('count', 0))} from the boneyard"

    def _hand_end(self, event: Event, names: Sequence[str]) -> str:
        detail = event.detail
        pips = ", ".join(
            f"{plain(name)} {count}"
            for name, count in zip(names, detail.get("pips", []), strict=False)
        )
        winner = detail.get("winner")
        points = int(detail.get("points", 0))
        who = plain(names[winner]) if isinstance(winner, int) and 0 <= winner < len(names) else None
        if who is None:
            return (
                f"🔒 The hand is blocked and the fewest pips are tied: nobody scores. Pips: {pips}."
            )
        counted = _counted(detail, who, points)
        if detail.get("reason") == "domino":
            return f"🁫 **{who}** went out. Pips left: {pips}. {counted}"
        return f"🔒 The hand is blocked and **{who}** has the fewest pips. Pips: {pips}. {counted}"

    def rules_text(self) -> str:
        return RULES


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
