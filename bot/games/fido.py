"""FIDO divisor dominoes in Discord: the branching line with lettered ends, the total and
the divisor on every picture, hands sorted by difference as FIDO players sort them (paged
when long), scoring plays offered first, one drawn tile told only to the drawer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.base import Subject
from bot.games.line import LineGameAdapter, LineWords, playable_now, scores
from bot.games.narration import joined, listing, plain
from bot.games.words import ENGLISH
from engine.errors import EngineError
from engine.fido import SPEC, FidoHand, FidoMove
from engine.fido.differences import groups, residue
from engine.game import Event, HandState
from engine.tiles import Tile
from i18n import N_, Text
from render import render_fido_table, render_hand

HAND_PAGE: Final = 25
"""Tiles on one page of the hand picture: the same as one page of the tile menu."""

RULES: Final = N_(
    """\
**FIDO divisor dominoes** — sets from double-6 to double-21, 2–9 players (3–9 officially).
• **Deal:** `floor(tiles ÷ (players + 1))` each (double-12 for 4: 18); the rest is the stock. \
Default: double-12 with divisor 7 (option: any set, any divisor).
• **Opening:** the highest double dealt opens. The second tile goes on its long side **A**; \
the other long side **B** stays *naked* (counts 0).
• **Doubles** lie crosswise: a double on an end of v adds +v and opens two new ends, and \
its far side is naked. A tile on a naked side adds its outer number.
• **Scoring:** after every play, the opening too, if the sum of the open ends S is \
divisible by the divisor d you score S ÷ d.
• **Your turn:** if you can play you must. If you cannot, **Draw** one tile and sit out; \
with the stock empty you sit out.
• **End:** when someone plays their last tile, or nobody can play: everyone else deducts \
the pips in their hand. Highest score wins.
• **Options:** direction of play, the Mother Theresa rule (naked sides take tap-ins only), \
doubles in line; one game or first to 100/200/300.

**Playing here:** `/fido new` opens a table. On your turn the bot DMs your hand sorted by \
difference, scoring tiles marked; pick a tile (scoring plays first), then its lettered end. \
`/fido play 12-5 C` plays from the channel.
Full rules: `docs/rules/fido.md` in the bot's source."""
)


def best_points(game: FidoHand, seat: int) -> dict[Tile, int]:
    """Each playable tile's best score now (0 when it fits but does not score)."""
    best: dict[Tile, int] = {}
    if game.current_player != seat:
        return best
    for move in game.legal_moves():
        if move.tile is not None:
            best[move.tile] = max(best.get(move.tile, 0), game.score_if(move))
    return best


class FidoAdapter(LineGameAdapter[FidoHand, FidoMove]):
    family = SPEC.family
    specs = (SPEC,)
    hand_type = FidoHand
    hand_what = "a FIDO game"
    words = LineWords(
        round="game",
        lead=N_("Open with {tile}"),
        leads=N_("**{tile}** opens the game. Choose it below to play it."),
        ends=N_(
            "**{tile}** can go on {ends} (lettered on the picture). Pick one, or another tile."
        ),
        ends_joiner=",",
        draw_label=N_("Draw one tile and sit out"),
        pass_label=N_("Sit out"),
        draw_prompt=N_("None of your tiles fits: **Draw** one and sit out."),
        stuck_prompt=N_("None of your tiles fits and the stock is empty: you sit out."),
        draw_hint=N_("none of your tiles fits: draw one and sit out"),
        pass_hint=N_("nothing fits and nothing is left to draw: sit out"),
    )

    def _top(self, game: FidoHand) -> int:
        return game.options.top

    # ------------------------------------------------------------ pictures
    _render = staticmethod(render_fido_table)

    def hand_picture(
        self, hand: HandState[Any], seat: int, title: str, page: int = 0, *, text: Text = ENGLISH
    ) -> bytes:
        game = self._hand(hand)
        scoring = [tile for tile, points in best_points(game, seat).items() if points]
        tiles = game.hands[seat]
        sorted_groups = [
            (text._(caption), members)
            for caption, members in groups(tiles, game.divisor, game.options.crosswise)
        ]
        return render_hand(
            [tile for _, members in sorted_groups for tile in members],
            playable_now(game, seat),
            title=title,
            scoring=scoring,
            groups=sorted_groups,
            page=min(page, (len(tiles) - 1) // HAND_PAGE) + 1 if len(tiles) > HAND_PAGE else None,
            per_page=HAND_PAGE,
            numerals=True,
            text=text,
        )

    def table_words(self, hand: HandState[Any], *, text: Text = ENGLISH) -> str:
        game = self._hand(hand)
        line = game.line
        if line.lead is None:
            return text._("Nothing is laid yet.")
        total, divisor = line.total, game.divisor
        verdict = (
            text.n_(
                "divisible by {divisor}: {count} point",
                "divisible by {divisor}: {count} points",
                game.points_for(total),
                divisor=divisor,
            )
            if total % divisor == 0
            else text._("÷{divisor} leaves {rest}", divisor=divisor, rest=total % divisor)
        )
        ends = ", ".join(
            text._("{end} {value} naked", end=label, value=value)
            if line.naked[i]
            else f"{label} {value}"
            for i, (label, value, _) in enumerate(line.ends())
        )
        return text.n_(
            "Total {total} ({verdict}); ends {ends}; {count} tile laid, {stock} in the stock.",
            "Total {total} ({verdict}); ends {ends}; {count} tiles laid, {stock} in the stock.",
            len(line.laid()),
            total=total,
            verdict=verdict,
            ends=ends,
            stock=len(game.stock),
        )

    # ------------------------------------------------------------ controls
    def _tiles(
        self, game: FidoHand, seat: int, text: Text
    ) -> tuple[tuple[Subject, ...], str | None]:
        best = best_points(game, seat)
        order = {
            tile: index
            for index, tile in enumerate(
                t for _, members in groups(game.hands[seat], game.divisor) for t in members
            )
        }
        playable = sorted(best, key=lambda t: (-best[t], order.get(t, 0)))
        rest = sorted((t for t in game.hands[seat] if t not in best), key=lambda t: order[t])
        d = game.divisor
        subjects = tuple(
            Subject(
                tile.name,
                tile.name,
                True,
                text._("Scores {points}", points=best[tile])
                if best[tile]
                else text._("Group ±{difference}", difference=residue(tile, d)),
            )
            for tile in playable
        ) + tuple(
            Subject(tile.name, tile.name, False, text._("Fits no open end now")) for tile in rest
        )
        if game.line.lead is None and game.current_player == seat:
            return subjects, text._(
                "You hold the highest double: open with **{tile}**.", tile=game.opening
            )
        if not best:
            return subjects, None
        scoring = sum(1 for points in best.values() if points)
        if scoring:
            return subjects, text.n_(
                "Pick a tile ({count} can score now, listed first), then its end.",
                "Pick a tile ({count} can score now, listed first), then its end.",
                scoring,
            )
        return subjects, text._("Pick a tile, then its end (nothing scores now).")

    def _end_words(self, game: FidoHand, move: FidoMove, text: Text) -> str:
        value = game.line.values[move.slot]
        if game.line.naked[move.slot]:
            return text._("{end} ({value} naked side)", end=move.end, value=value)
        return f"{move.end} ({value})"

    def _gain(self, game: FidoHand, move: FidoMove, text: Text) -> str:
        total = game.total_if(move)
        if total is None:
            return " · "
        return " · " + text._("makes {total}", total=total) + scores(game.score_if(move), text)

    def rank_moves(self, hand: HandState[Any], moves: Sequence[str]) -> list[str]:
        """Scoring plays first, the highest score first; the rest in legal order."""
        game = self._hand(hand)

        def points(text: str) -> int:
            try:
                return game.score_if(game.parse_move(text))
            except EngineError:
                return 0

        return sorted(moves, key=lambda text: -points(text))

    # ------------------------------------------------------------ words
    def holding(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> str:
        game = self._hand(hand)
        tiles = game.hands[seat]
        if not tiles:
            return text._("Your tiles: none")
        listed = " · ".join(
            f"{caption}: " + ", ".join(t.name for t in members)
            for caption, members in groups(tiles, game.divisor, game.options.crosswise)
        )
        return text.n_(
            "Your {count} tile ({pips} pips) — {groups}",
            "Your {count} tiles ({pips} pips) — {groups}",
            len(tiles),
            pips=game.pips(seat),
            groups=listed,
        )

    def _drew(self, who: str, detail: Mapping[str, Any], text: Text) -> str:
        left = detail.get("stock")
        if left is None:
            return text._("{name} drew one and sits out", name=who)
        return text._(
            "{name} drew one and sits out ({left} left in the stock)", name=who, left=left
        )

    def _hand_end(self, event: Event, names: Sequence[str], text: Text) -> str:
        detail = event.detail
        out = detail.get("out")
        deducted = detail.get("deducted", [])
        minus = ", ".join(
            f"{plain(name)} −{count}"
            for seat, (name, count) in enumerate(zip(names, deducted, strict=False))
            if seat != out
        )
        final = listing(names, detail.get("scores", []))
        winners = [plain(names[w]) for w in detail.get("winners", []) if 0 <= w < len(names)]
        top = joined(text, [f"**{w}**" for w in winners])
        if len(winners) == 1:
            result = text._("{names} wins.", names=top)
        else:
            result = text._("{names} share the win.", names=top)
        if isinstance(out, int) and 0 <= out < len(names):
            opening = text._(
                "🁫 **{name}** played their last tile. Pips deducted: {pips}.",
                name=plain(names[out]),
                pips=minus,
            )
        else:
            opening = text._("🔒 Nobody can play. Pips deducted: {pips}.", pips=minus)
        return text._(
            "{opening} Scores: {scores}. {result}", opening=opening, scores=final, result=result
        )

    def rules_text(self, *, text: Text = ENGLISH) -> str:
        return text._(RULES)
