"""FIDO divisor dominoes in Discord: the branching line with lettered ends, the total and
the divisor on every picture, hands sorted by difference as FIDO players sort them (paged
when long), scoring plays offered first, one drawn tile told only to the drawer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.games.base import Action, Controls, GameAdapter, Subject, Target
from bot.games.narration import Narration, plain
from engine.errors import EngineError
from engine.fido import SPEC, FidoHand, FidoMove
from engine.fido.differences import groups, residue
from engine.game import Event, HandState
from engine.match import Match
from engine.tiles import Tile, parse_tile
from render import render_fido_table, render_hand

HAND_PAGE: Final = 25
"""Tiles on one page of the hand picture: the same as one page of the tile menu."""

RULES: Final = """\
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


def _fido(hand: HandState[Any]) -> FidoHand:
    if not isinstance(hand, FidoHand):
        raise TypeError(f"expected a FIDO game, got {type(hand).__name__}")
    return hand


def _tile(game: FidoHand, text: str) -> Tile:
    try:
        return parse_tile(text, top=game.options.top)
    except EngineError as exc:
        raise ValueError(str(exc)) from exc


def _scores(points: int) -> str:
    return f" · scores {points}" if points else ""


def best_points(game: FidoHand, seat: int) -> dict[Tile, int]:
    """Each playable tile's best score now (0 when it fits but does not score)."""
    best: dict[Tile, int] = {}
    if game.current_player != seat:
        return best
    for move in game.legal_moves():
        if move.tile is not None:
            best[move.tile] = max(best.get(move.tile, 0), game.score_if(move))
    return best


class FidoAdapter(GameAdapter):
    family = SPEC.family
    specs = (SPEC,)

    # ------------------------------------------------------------ pictures
    def table_picture(
        self, match: Match, names: Sequence[str], *, hand: HandState[Any] | None = None
    ) -> bytes:
        shown = _fido(match.hand if hand is None else hand)
        title = "FIDO · game over" if hand is not None and hand.is_over else None
        return render_fido_table(
            shown.view(None),
            list(names),
            totals=list(match.totals),
            target=match.target,
            title=title,
        )

    def hand_picture(self, hand: HandState[Any], seat: int, title: str, page: int = 0) -> bytes:
        game = _fido(hand)
        playable = game.playable_tiles(seat) if game.current_player == seat else []
        scoring = [tile for tile, points in best_points(game, seat).items() if points]
        tiles = game.hands[seat]
        sorted_groups = groups(tiles, game.divisor, game.options.crosswise)
        return render_hand(
            [tile for _, members in sorted_groups for tile in members],
            playable,
            title=title,
            scoring=scoring,
            groups=sorted_groups,
            page=min(page, (len(tiles) - 1) // HAND_PAGE) + 1 if len(tiles) > HAND_PAGE else None,
            per_page=HAND_PAGE,
        )

    def subject_picture(
        self, match: Match, names: Sequence[str], seat: int, subject: str
    ) -> bytes | None:
        game = _fido(match.hand)
        tile = _tile(game, subject)
        ends = game.ends_for(tile)
        if not ends:
            return None  # the opening (or a tile that fits nowhere): the hand says more
        return _ends_picture(match, names, f"Where {tile} can go", ends)

    def hint_reason(self, hand: HandState[Any], seat: int, move: str) -> str:
        game = _fido(hand)
        parsed = game.parse_move(move)
        if parsed.kind == "draw":
            return "none of your tiles fits: draw one and sit out"
        if parsed.tile is None:
            return "nothing fits and nothing is left to draw: sit out"
        total = game.total_if(parsed)
        points = game.score_if(parsed)
        if points:
            return f"makes {total}: +{points}"
        return f"makes {total}: no points now, but it does best over the game in the search"

    def hint_picture(
        self, match: Match, names: Sequence[str], seat: int, move: str
    ) -> bytes | None:
        parsed = _fido(match.hand).parse_move(move)
        if parsed.tile is None or parsed.end is None:
            return None
        return _ends_picture(match, names, f"Hint: {move}", [parsed.end])

    def table_words(self, hand: HandState[Any]) -> str:
        game = _fido(hand)
        line = game.line
        if line.lead is None:
            return "Nothing is laid yet."
        total, divisor = line.total, game.divisor
        verdict = (
            f"divisible by {divisor}: {total // divisor} points"
            if total % divisor == 0
            else f"÷{divisor} leaves {total % divisor}"
        )
        ends = ", ".join(
            f"{label} {value}" + (" naked" if line.naked[i] else "")
            for i, (label, value, _) in enumerate(line.ends())
        )
        return (
            f"Total {total} ({verdict}); ends {ends}; {len(line.laid())} tiles laid, "
            f"{len(game.stock)} in the stock."
        )

    # ------------------------------------------------------------ controls
    def controls(self, hand: HandState[Any], seat: int) -> Controls:
        game = _fido(hand)
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
                f"Scores {best[tile]}" if best[tile] else f"Group ±{residue(tile, d)}",
            )
            for tile in playable
        ) + tuple(Subject(tile.name, tile.name, False, "Fits no open end now") for tile in rest)
        moves = {str(move) for move in game.legal_moves()} if game.current_player == seat else set()
        actions: tuple[Action, ...] = ()
        if "draw" in moves:
            actions = (Action("draw", "Draw", primary=True),)
        elif "pass" in moves:
            actions = (Action("pass", "Sit out"),)
        if game.line.lead is None and game.current_player == seat:
            prompt = f"You hold the highest double: open with **{game.opening}**."
        elif best:
            scoring = sum(1 for points in best.values() if points)
            prompt = (
                f"Pick a tile ({scoring} can score now, listed first), then its end."
                if scoring
                else "Pick a tile, then its end (nothing scores now)."
            )
        elif actions and actions[0].move == "draw":
            prompt = "None of your tiles fits: **Draw** one and sit out."
        else:
            prompt = "None of your tiles fits and the stock is empty: you sit out."
        return Controls(subjects, actions, prompt)

    def targets(self, hand: HandState[Any], seat: int, subject: str) -> list[Target]:
        game = _fido(hand)
        tile = _tile(game, subject)
        if tile not in game.hands[seat]:
            raise ValueError(f"You do not hold {tile}.")
        line = game.line
        targets = []
        for move in game.legal_moves():
            if move.tile != tile:
                continue
            label = self._label(game, move)
            if move.end is None:
                targets.append(Target(str(move), f"Open with {tile} · {label}"))
            else:
                value = line.values[move.slot]
                naked = " naked side" if line.naked[move.slot] else ""
                targets.append(Target(str(move), f"{move.end} ({value}{naked}) · {label}"))
        return targets

    @staticmethod
    def _label(game: FidoHand, move: FidoMove) -> str:
        total = game.total_if(move)
        return "" if total is None else f"makes {total}{_scores(game.score_if(move))}"

    def targets_prompt(self, subject: str, targets: Sequence[Target]) -> str:
        if not targets:
            return f"**{subject}** fits no open end. Pick another tile."
        if len(targets) == 1 and targets[0].move == subject:
            return f"**{subject}** opens the game. Choose it below to play it."
        ends = ", ".join(t.move.split()[-1] for t in targets)
        return (
            f"**{subject}** can go on {ends} (lettered on the picture). Pick one, or another tile."
        )

    def move_label(self, hand: HandState[Any], move: str) -> str:
        if move == "draw":
            return "Draw one tile and sit out"
        if move == "pass":
            return "Sit out"
        game = _fido(hand)
        try:
            label = self._label(game, game.parse_move(move))
        except EngineError:
            return move
        return f"{move} · {label}"

    def rank_moves(self, hand: HandState[Any], moves: Sequence[str]) -> list[str]:
        """Scoring plays first, the highest score first; the rest in legal order."""
        game = _fido(hand)

        def points(text: str) -> int:
            try:
                return game.score_if(game.parse_move(text))
            except EngineError:
                return 0

        return sorted(moves, key=lambda text: -points(text))

    # ------------------------------------------------------------ words
    def holding(self, hand: HandState[Any], seat: int) -> str:
        game = _fido(hand)
        tiles = game.hands[seat]
        if not tiles:
            return "Your tiles: none"
        listed = " · ".join(
            f"{caption}: " + ", ".join(t.name for t in members)
            for caption, members in groups(tiles, game.divisor, game.options.crosswise)
        )
        return f"Your {len(tiles)} tiles ({game.pips(seat)} pips) — {listed}"

    def narrate(self, event: Event, names: Sequence[str], story: Narration) -> None:
        seat = event.player
        who = plain(names[seat]) if seat is not None and 0 <= seat < len(names) else "Nobody"
        if event.kind == "draw" and not event.is_public and seat is not None:
            story.tell(seat, "You drew " + ", ".join(event.detail.get("tiles", [])) + ".")
        elif event.kind == "draw":
            left = event.detail.get("stock")
            stock = f" ({left} left in the stock)" if left is not None else ""
            story.log.append(f"{who} drew one and sits out{stock}")
        elif event.kind == "hand_end":
            story.announcements.append(_game_end(event, names))

    def rules_text(self) -> str:
        return RULES


def _game_end(event: Event, names: Sequence[str]) -> str:
    detail = event.detail
    out = detail.get("out")
    deducted = detail.get("deducted", [])
    scores = detail.get("scores", [])
    minus = ", ".join(
        f"{plain(name)} −{count}"
        for seat, (name, count) in enumerate(zip(names, deducted, strict=False))
        if seat != out
    )
    final = ", ".join(f"{plain(n)} {s}" for n, s in zip(names, scores, strict=False))
    winners = [plain(names[w]) for w in detail.get("winners", []) if 0 <= w < len(names)]
    top = " and ".join(f"**{w}**" for w in winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    if isinstance(out, int) and 0 <= out < len(names):
        opening = f"🁫 **{plain(names[out])}** played their last tile. Pips deducted: {minus}."
    else:
        opening = f"🔒 Nobody can play. Pips deducted: {minus}."
    return f"{opening} Scores: {final}. {top} {verb}."


def _ends_picture(match: Match, names: Sequence[str], title: str, ends: Sequence[str]) -> bytes:
    """The line with ``ends`` lettered: where a tile can go, or the hinted end."""
    return render_fido_table(
        _fido(match.hand).view(None),
        list(names),
        totals=list(match.totals),
        target=match.target,
        title=title,
        highlight_ends=tuple(ends),
    )
