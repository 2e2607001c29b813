"""Classic dominoes in Discord (All Fives, All Threes, Fives and Threes, Draw, Block): the
line picture with lettered ends, tile-then-end controls, a Draw button, draws told only to
the drawer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.base import Subject, tile_list
from bot.games.line import LineGameAdapter, LineWords, scores
from bot.games.narration import listing, plain
from bot.games.words import ENGLISH, goal_words
from engine.classic import SPECS, ClassicHand
from engine.classic.moves import ClassicMove
from engine.game import Event, HandState
from engine.match import Match
from i18n import N_, Text
from render import render_line_table

RULES: Final = N_(
    """\
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
)


class DominoesAdapter(LineGameAdapter[ClassicHand, ClassicMove]):
    family = "dominoes"
    specs = SPECS
    hand_type = ClassicHand
    hand_what = "a classic dominoes hand"
    words = LineWords(
        round="hand",
        lead=N_("Lead {tile}"),
        leads=N_("**{tile}** leads the hand. Choose it below to play it."),
        ends=N_(
            "**{tile}** can go on end {ends} (lettered on the picture). Pick one, or another tile."
        ),
        ends_joiner="or",
        draw_label=N_("Draw"),
        pass_label=N_("Pass"),
        draw_prompt=N_("None of your tiles fits: **Draw** until one does."),
        stuck_prompt=N_("None of your tiles fits and the boneyard is empty: pass."),
        draw_hint=N_("none of your tiles fits: draw"),
        pass_hint=N_("nothing to play and nothing to draw: pass"),
    )

    _render = staticmethod(render_line_table)

    def _picture_options(self, game: ClassicHand, match: Match, text: Text) -> dict[str, Any]:
        return {"goal": self._goal(game, match, text)}

    def _goal(self, hand: ClassicHand, match: Match, text: Text) -> str | None:
        """The header's words for the target: a classic match is won past it."""
        if match.target is None:
            return None
        return goal_words(text, self.spec_for(hand.game).match, match.target)

    def table_words(self, hand: HandState[Any], *, text: Text = ENGLISH) -> str:
        classic = self._hand(hand)
        ends = classic.line.ends()
        if not ends:
            return text._("Nothing is laid yet.")
        shown = ", ".join(f"{label} {value}" for label, value, _ in ends)
        laid = len(classic.line.laid())
        if classic.draws_allowed:
            return text.n_(
                "Open ends {ends} (total {total}); {count} tile laid, {stock} in the boneyard.",
                "Open ends {ends} (total {total}); {count} tiles laid, {stock} in the boneyard.",
                laid,
                ends=shown,
                total=classic.line.total,
                stock=len(classic.boneyard),
            )
        return text.n_(
            "Open ends {ends} (total {total}); {count} tile laid.",
            "Open ends {ends} (total {total}); {count} tiles laid.",
            laid,
            ends=shown,
            total=classic.line.total,
        )

    def _scores_in_play(self, game: ClassicHand) -> bool:
        return any(game.points_for_total)

    def _tiles(
        self, game: ClassicHand, seat: int, text: Text
    ) -> tuple[tuple[Subject, ...], str | None]:
        fits = game.playable_tiles(seat)
        rest = [tile for tile in game.hands[seat] if tile not in fits]
        nowhere = text._("Fits no open end now")
        subjects = tuple(Subject(tile.name, tile.name, True) for tile in fits) + tuple(
            Subject(tile.name, tile.name, False, nowhere) for tile in rest
        )
        if game.line.lead is None:
            return subjects, text._("You lead: pick any tile.")
        return subjects, text._("Pick a tile, then the end to play it on.") if fits else None

    def _end_words(self, game: ClassicHand, move: ClassicMove, text: Text) -> str:
        return text._("{end} end (open {value})", end=move.end, value=game.line.values[move.slot])

    def _gain(self, game: ClassicHand, move: ClassicMove, text: Text) -> str:
        return scores(game.score_if(move), text)

    def holding(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> str:
        game = self._hand(hand)
        return text.n_(
            "Your tiles: {tiles} ({count} pip)",
            "Your tiles: {tiles} ({count} pips)",
            game.pips(seat),
            tiles=tile_list(game.hands[seat], text),
        )

    def _drew(self, who: str, detail: Mapping[str, Any], text: Text) -> str:
        return text._(
            "{name} drew {count} from the boneyard", name=who, count=int(detail.get("count", 0))
        )

    def _hand_end(self, event: Event, names: Sequence[str], text: Text) -> str:
        detail = event.detail
        pips = listing(names, detail.get("pips", []))
        winner = detail.get("winner")
        points = int(detail.get("points", 0))
        who = plain(names[winner]) if isinstance(winner, int) and 0 <= winner < len(names) else None
        if who is None:
            return text._(
                "🔒 The hand is blocked and the fewest pips are tied: nobody scores. Pips: {pips}.",
                pips=pips,
            )
        counted = _counted(detail, who, points, text)
        if detail.get("reason") == "domino":
            return text._(
                "🁫 **{name}** went out. Pips left: {pips}. {counted}",
                name=who,
                pips=pips,
                counted=counted,
            )
        return text._(
            "🔒 The hand is blocked and **{name}** has the fewest pips. Pips: {pips}. {counted}",
            name=who,
            pips=pips,
            counted=counted,
        )

    def rules_text(self, *, text: Text = ENGLISH) -> str:
        return text._(RULES)


def _counted(detail: Mapping[str, Any], who: str, points: int, text: Text) -> str:
    """How the hand-end count came to ``points``: the others' pips (less the winner's own
    when the hand is blocked), rounded to the nearest multiple where the game says so."""
    count = detail.get("count")
    if count is None:
        return text._("{name} scores {points}.", name=who, points=points)
    own = None
    if detail.get("reason") != "domino":
        seat_pips = list(detail.get("pips", []))
        winner = int(detail["winner"])
        if 0 <= winner < len(seat_pips):
            own = seat_pips[winner]
    step = int(detail.get("round_to", 1))
    if own is None:
        made = text._("The others' pips make {count}", count=count)
    else:
        made = text._(
            "The others' pips less {name}'s own {own} make {count}", name=who, own=own, count=count
        )
    if step == 1 or count == points:
        return text._("{made}: {name} scores {points}.", made=made, name=who, points=points)
    return text._(
        "{made}, which rounds to {points} (counts go to the nearest {step}): {name} scores "
        "{points}.",
        made=made,
        name=who,
        points=points,
        step=step,
    )
