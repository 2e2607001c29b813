"""Sid Sackson's Network in Discord: the board after every move, a piece then its
lettered square on the player's turn (one pick while placing), the winning network drawn
at the end. Nothing is hidden, so there is no hand: the board is every seat's picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.games.base import Controls, GameAdapter, Subject, Target, match_picture, narrowed
from bot.games.narration import Narration, plain
from engine.errors import EngineError
from engine.game import Event, HandState
from engine.line.labels import end_label
from engine.match import Match
from engine.sackson import SPEC, SacksonGame
from engine.sackson.board import COLOURS, DARK, name, square, squares_of
from engine.sackson.threats import winning_moves
from render import render_sackson_board

NEW_PIECE: Final = "a new piece"
"""The subject key of a piece still in hand (the placing phase has only this one)."""

RULES: Final = """\
**Sid Sackson's Network** — the board game for two (not Network dominoes: no tiles, \
nothing hidden, a win or a draw).
• **Board:** 8×8, a1–h8. Dark's goals are rows 1 and 8, Light's columns a and h. The four \
corners are dead. You may never stand in your opponent's goals.
• **Turns:** Dark first. Place one of your 10 pieces a turn; once all are on the board, \
move one to any other legal empty square. No passing unless you cannot move.
• **Groups:** never more than two of your pieces touching (in a row, column or diagonal).
• **Network:** at least 6 of your pieces chained from one of your goals to the other, each \
seeing the next along a row, column or diagonal with only empty squares between; only the \
two ends in goals; the chain turns at every piece and never uses a piece twice.
• **End:** a network wins at once — also one your opponent's move unblocked. A move that \
would give both players a network is illegal (option: legal, and the player who did not \
move wins). The same position with the same player to move a third time is a draw; so is \
both players being stuck.
• **Options:** equalized turn order (Dark, Light, Light, then alternate); who plays Dark; \
one game or first to 2, 3 or 5 wins (colours swap every game).

**Playing here:** `/sackson new` challenges the channel (or `opponent:` someone, or \
`computer:` a level). On your turn the bot DMs the board with your legal squares lettered: \
pick the piece, then its square. `/sackson play d4` places, `/sackson play d4-f6` moves.
Full rules: `docs/rules/sackson.md` in the bot's source."""


def _sackson(hand: HandState[Any]) -> SacksonGame:
    return narrowed(hand, SacksonGame, "a Sackson game")


def _subject_square(subject: str) -> int | None:
    """The square a subject names (None: a new piece); ValueError for anything else."""
    if subject == NEW_PIECE:
        return None
    try:
        return square(subject)
    except EngineError as exc:
        raise ValueError(f"“{subject[:20]}” is not one of your pieces.") from exc


class SacksonAdapter(GameAdapter):
    family = SPEC.family
    specs = (SPEC,)

    # ------------------------------------------------------------ pictures
    def table_picture(
        self, match: Match, names: Sequence[str], *, hand: HandState[Any] | None = None
    ) -> bytes:
        shown = _sackson(match.hand if hand is None else hand)
        return match_picture(
            render_sackson_board, shown.view(None), match, names, game_number=shown.number
        )

    def subject_picture(
        self, match: Match, names: Sequence[str], seat: int, subject: str
    ) -> bytes | None:
        game = _sackson(match.hand)
        targets = self.targets(game, seat, subject)
        start = _subject_square(subject)
        title = "Where a new piece can go" if start is None else f"Where {name(start)} can go"
        squares = [(target.move.split("-")[-1], end_label(i)) for i, target in enumerate(targets)]
        return _squares_picture(
            match, names, seat, title, None if start is None else name(start), squares
        )

    def table_words(self, hand: HandState[Any]) -> str:
        game = _sackson(hand)
        view = game.view(None)
        parts = []
        for colour in COLOURS:
            placed = sorted(s for s, c in view["squares"].items() if c == colour)
            held = view["in_hand"][colour]
            where = ", ".join(placed) if placed else "nothing on the board"
            parts.append(f"{colour.title()}: {where} ({held} in hand)")
        words = "; ".join(parts) + "."
        if view["last_move"]:
            words += f" Last move {view['last_move']['notation']}."
        if view["network"]:
            words += f" Winning network: {' '.join(view['network'])}."
        return words

    # ------------------------------------------------------------ controls
    def controls(self, hand: HandState[Any], seat: int) -> Controls:
        game = _sackson(hand)
        position = game.position
        colour = game.colour_of(seat)
        where = "Choose its square (lettered on the board)"
        if game.current_player != seat:
            return Controls((), (), "", noun="piece", where=where)
        if position.hand[colour]:
            held = position.hand[colour]
            subject = Subject(NEW_PIECE, "A new piece", True, f"{held} still to place")
            prompt = f"Place a piece ({held} in hand): pick its square, lettered on the board."
            return Controls((subject,), (), prompt, noun="piece", where=where)
        movable = set(game.movable())
        pieces = sorted(squares_of(position.pieces[colour]), key=lambda s: (s not in movable, s))
        subjects = tuple(
            Subject(
                name(s),
                f"Piece on {name(s)}",
                s in movable,
                None if s in movable else "Has no legal square",
            )
            for s in pieces
        )
        prompt = "Pick the piece to move, then its square (lettered on the board)."
        return Controls(subjects, (), prompt, noun="piece", where=where)

    def targets(self, hand: HandState[Any], seat: int, subject: str) -> list[Target]:
        game = _sackson(hand)
        start = _subject_square(subject)
        colour = game.colour_of(seat)
        position = game.position
        if start is None and not position.hand[colour]:
            raise ValueError("All your pieces are on the board: pick one to move.")
        if start is not None and not position.pieces[colour] >> start & 1:
            raise ValueError(f"You have no piece on {name(start)}.")
        if start is not None and position.hand[colour]:
            raise ValueError("Place all your pieces before you move one.")
        if game.current_player != seat:
            return []
        ends = game.targets_of(start)
        prefix = "" if start is None else f"{name(start)}-"
        return [
            Target(f"{prefix}{name(end)}", f"{end_label(i)} · {name(end)}")
            for i, end in enumerate(ends)
        ]

    def hint_reason(self, hand: HandState[Any], seat: int, move: str) -> str:
        game = _sackson(hand)
        if move == "pass":
            return "no piece can go anywhere: pass"
        colour = game.colour_of(seat)
        other = 1 - colour
        after = game.copy()
        after.apply(after.parse_move(move))
        if after.outcome is not None and after.outcome.winner == seat:
            return "completes your network: you win"
        if _network_in_one(game, other) and not _network_in_one(after, other):
            return f"stops {COLOURS[other].title()}'s network in one"
        return "no network yet: the search rates it best for building yours and cutting theirs"

    def hint_picture(
        self, match: Match, names: Sequence[str], seat: int, move: str
    ) -> bytes | None:
        if move == "pass":
            return None
        start, _, end = move.rpartition("-")
        return _squares_picture(match, names, seat, f"Hint: {move}", start or None, [(end, "A")])

    def targets_prompt(self, subject: str, targets: Sequence[Target]) -> str:
        if not targets:
            return "That piece has no legal square: pick another."
        what = "a new piece" if subject == NEW_PIECE else f"the piece on {subject}"
        span = "A" if len(targets) == 1 else f"A–{end_label(len(targets) - 1)}"
        count = len(targets)
        return f"Choose the square for {what}: the board letters the {count} legal ones {span}."

    def move_label(self, hand: HandState[Any], move: str) -> str:
        if move == "pass":
            return "pass"
        if "-" in move:
            start, end = move.split("-")
            return f"{move} · move {start} to {end}"
        return f"{move} · place a piece on {move}"

    # ------------------------------------------------------------ words
    def holding(self, hand: HandState[Any], seat: int) -> str:
        game = _sackson(hand)
        colour = game.colour_of(seat)
        held = game.position.hand[colour]
        side = "**Dark** (moves first)" if colour == DARK else "**Light**"
        if held:
            return f"You play {side}: {held} piece{'s' if held != 1 else ''} to place."
        return f"You play {side}: all your pieces are on the board; move one a turn."

    def seat_tag(self, hand: HandState[Any], seat: int) -> str:
        return " (Dark)" if _sackson(hand).colour_of(seat) == DARK else " (Light)"

    def narrate(self, event: Event, names: Sequence[str], story: Narration) -> None:
        who = plain(names[event.player]) if event.player is not None else "Nobody"
        if event.kind == "network":
            squares = list(event.detail.get("squares", []))
            path = " → ".join(squares)
            colour = str(event.detail.get("colour", "")).title()
            reason = event.detail.get("reason")
            if reason == "both networks":
                story.announcements.append(
                    f"🕸️ That move completed both networks: under the CS61B rule the player "
                    f"who did not move, **{who}** ({colour}), wins. Their network: {path}."
                )
            elif event.detail.get("unblocked"):
                story.announcements.append(
                    f"🕸️ That move opened the way: **{who}** ({colour}) has a network of "
                    f"{len(squares)} pieces and wins: {path}."
                )
            else:
                story.announcements.append(
                    f"🕸️ **{who}** ({colour}) has a network of {len(squares)} pieces: {path}."
                )
            story.log.append(f"{who} completed a network ({len(squares)} pieces)")
        elif event.kind == "draw":
            reason = event.detail.get("reason")
            text = (
                "the same position came up a third time with the same player to move"
                if reason == "repetition"
                else "neither player can move"
            )
            story.announcements.append(f"🤝 Drawn game: {text}.")
            story.log.append(
                "Draw by repetition" if reason == "repetition" else "Draw: both players stuck"
            )

    def rules_text(self) -> str:
        return RULES


def _squares_picture(
    match: Match,
    names: Sequence[str],
    seat: int,
    title: str,
    chosen: str | None,
    squares: Sequence[tuple[str, str]],
) -> bytes:
    """The seat's board with the ``chosen`` piece (None: a new one) and its lettered
    ``squares``: where it can go, or the hinted square."""
    game = _sackson(match.hand)
    return match_picture(
        render_sackson_board,
        game.view(seat),
        match,
        names,
        game_number=game.number,
        title=title,
        chosen=chosen,
        targets=list(squares),
    )


def _network_in_one(game: SacksonGame, colour: int) -> bool:
    """Whether ``colour`` could complete a network with one move, were it to move now."""
    position = game.position
    own, other = position.pieces[colour], position.pieces[1 - colour]
    return bool(winning_moves(own, other, colour, position.hand[colour] > 0))
