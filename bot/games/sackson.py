"""Sid Sackson's Network in Discord: the board after every move, a piece then its
lettered square on the player's turn (one pick while placing), the winning network drawn
at the end. Nothing is hidden, so there is no hand: the board is every seat's picture."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.base import Controls, GameAdapter, Subject, Target, match_picture, narrowed
from bot.games.narration import Narration, seat_name
from bot.games.words import ENGLISH
from engine.errors import EngineError
from engine.game import Event, HandState
from engine.line.labels import end_label
from engine.match import Match
from engine.sackson import SPEC, SacksonGame
from engine.sackson.board import COLOURS, DARK, name, square, squares_of
from engine.sackson.threats import winning_moves
from i18n import N_, Text
from render import render_sackson_board

NEW_PIECE: Final = "a new piece"
"""The subject key of a piece still in hand (the placing phase has only this one)."""

RULES: Final = N_(
    """\
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
)


def _sackson(hand: HandState[Any]) -> SacksonGame:
    return narrowed(hand, SacksonGame, "a Sackson game")


def colour_name(text: Text, colour: int | str) -> str:
    """A side's name, capitalised: "Dark", "Light" (``colour``: its index or its key)."""
    dark = colour == DARK or colour == COLOURS[DARK]
    return text._("Dark") if dark else text._("Light")


def _subject_square(subject: str, text: Text = ENGLISH) -> int | None:
    """The square a subject names (None: a new piece); ValueError for anything else."""
    if subject == NEW_PIECE:
        return None
    try:
        return square(subject)
    except EngineError as exc:
        raise ValueError(
            text._("“{subject}” is not one of your pieces.", subject=subject[:20])
        ) from exc


class SacksonAdapter(GameAdapter):
    family = SPEC.family
    specs = (SPEC,)

    # ------------------------------------------------------------ pictures
    _render = staticmethod(render_sackson_board)

    def _table_view(
        self, hand: HandState[Any], match: Match, text: Text
    ) -> tuple[object, dict[str, Any]]:
        game = _sackson(hand)
        return game.view(None), {"game_number": game.number, "tappable": self._pickable(game, text)}

    def _pickable(self, game: SacksonGame, text: Text) -> dict[str, str]:
        """The pieces on the board the seat to move may pick (moving), each square keyed
        as :meth:`controls` keys that piece; none while placing or once over."""
        seat = game.current_player
        if seat is None:
            return {}
        keys = (subject.key for subject in self.controls(game, seat, text=text).subjects)
        return {key: key for key in keys if key != NEW_PIECE}

    def subject_picture(
        self, match: Match, names: Sequence[str], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> bytes | None:
        game = _sackson(match.hand)
        targets = self.targets(game, seat, subject, text=text)
        start = _subject_square(subject, text)
        title = (
            text._("Where a new piece can go")
            if start is None
            else text._("Where {square} can go", square=name(start))
        )
        ends = [target.move.split("-")[-1] for target in targets]
        squares = [(end, end_label(i)) for i, end in enumerate(ends)]
        tappable = {end: target.move for end, target in zip(ends, targets, strict=True)}
        chosen = None if start is None else name(start)
        return _squares_picture(match, names, seat, title, chosen, squares, text, tappable)

    def table_words(self, hand: HandState[Any], *, text: Text = ENGLISH) -> str:
        game = _sackson(hand)
        view = game.view(None)
        parts = []
        for index, colour in enumerate(COLOURS):
            placed = sorted(s for s, c in view["squares"].items() if c == colour)
            held = view["in_hand"][colour]
            where = ", ".join(placed) if placed else text._("nothing on the board")
            parts.append(
                text._(
                    "{colour}: {squares} ({held} in hand)",
                    colour=colour_name(text, index),
                    squares=where,
                    held=held,
                )
            )
        words = "; ".join(parts) + "."
        if view["last_move"]:
            words += " " + text._("Last move {move}.", move=view["last_move"]["notation"])
        if view["network"]:
            words += " " + text._("Winning network: {squares}.", squares=" ".join(view["network"]))
        return words

    # ------------------------------------------------------------ controls
    def controls(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> Controls:
        game = _sackson(hand)
        position = game.position
        colour = game.colour_of(seat)
        where = text._("Choose its square (lettered on the board)")
        if game.current_player != seat:
            return Controls((), (), "", noun="piece", where=where)
        if position.hand[colour]:
            held = position.hand[colour]
            subject = Subject(
                NEW_PIECE,
                text._("A new piece"),
                True,
                text.n_("{count} still to place", "{count} still to place", held),
            )
            prompt = text.n_(
                "Place a piece ({count} in hand): pick its square, lettered on the board.",
                "Place a piece ({count} in hand): pick its square, lettered on the board.",
                held,
            )
            return Controls((subject,), (), prompt, noun="piece", where=where)
        movable = set(game.movable())
        pieces = sorted(squares_of(position.pieces[colour]), key=lambda s: (s not in movable, s))
        stuck = text._("Has no legal square")
        subjects = tuple(
            Subject(
                name(s),
                text._("Piece on {square}", square=name(s)),
                s in movable,
                None if s in movable else stuck,
            )
            for s in pieces
        )
        prompt = text._("Pick the piece to move, then its square (lettered on the board).")
        return Controls(subjects, (), prompt, noun="piece", where=where)

    def targets(
        self, hand: HandState[Any], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> list[Target]:
        game = _sackson(hand)
        start = _subject_square(subject, text)
        colour = game.colour_of(seat)
        position = game.position
        if start is None and not position.hand[colour]:
            raise ValueError(text._("All your pieces are on the board: pick one to move."))
        if start is not None and not position.pieces[colour] >> start & 1:
            raise ValueError(text._("You have no piece on {square}.", square=name(start)))
        if start is not None and position.hand[colour]:
            raise ValueError(text._("Place all your pieces before you move one."))
        if game.current_player != seat:
            return []
        ends = game.targets_of(start)
        prefix = "" if start is None else f"{name(start)}-"
        return [
            Target(f"{prefix}{name(end)}", f"{end_label(i)} · {name(end)}")
            for i, end in enumerate(ends)
        ]

    def hint_reason(
        self, hand: HandState[Any], seat: int, move: str, *, text: Text = ENGLISH
    ) -> str:
        game = _sackson(hand)
        if move == "pass":
            return text._("no piece can go anywhere: pass")
        colour = game.colour_of(seat)
        other = 1 - colour
        after = game.copy()
        after.apply(after.parse_move(move))
        if after.outcome is not None and after.outcome.winner == seat:
            return text._("completes your network: you win")
        if _network_in_one(game, other) and not _network_in_one(after, other):
            if other == DARK:
                return text._("stops Dark's network in one")
            return text._("stops Light's network in one")
        return text._(
            "no network yet: the search rates it best for building yours and cutting theirs"
        )

    def hint_picture(
        self, match: Match, names: Sequence[str], seat: int, move: str, *, text: Text = ENGLISH
    ) -> bytes | None:
        if move == "pass":
            return None
        start, _, end = move.rpartition("-")
        title = text._("Hint: {move}", move=move)
        return _squares_picture(match, names, seat, title, start or None, [(end, "A")], text)

    def targets_prompt(
        self, subject: str, targets: Sequence[Target], *, text: Text = ENGLISH
    ) -> str:
        if not targets:
            return text._("That piece has no legal square: pick another.")
        count = len(targets)
        span = "A" if count == 1 else f"A–{end_label(count - 1)}"
        if subject == NEW_PIECE:
            return text.n_(
                "Choose the square for a new piece: the board letters the {count} legal one "
                "{span}.",
                "Choose the square for a new piece: the board letters the {count} legal ones "
                "{span}.",
                count,
                span=span,
            )
        return text.n_(
            "Choose the square for the piece on {square}: the board letters the {count} legal "
            "one {span}.",
            "Choose the square for the piece on {square}: the board letters the {count} legal "
            "ones {span}.",
            count,
            square=subject,
            span=span,
        )

    def move_label(self, hand: HandState[Any], move: str, *, text: Text = ENGLISH) -> str:
        if move == "pass":
            return text._("pass")
        if "-" in move:
            start, end = move.split("-")
            return text._("{move} · move {start} to {end}", move=move, start=start, end=end)
        return text._("{move} · place a piece on {square}", move=move, square=move)

    # ------------------------------------------------------------ words
    def holding(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> str:
        game = _sackson(hand)
        colour = game.colour_of(seat)
        held = game.position.hand[colour]
        side = (
            text._("**Dark** (moves first)")
            if colour == DARK
            else "**" + colour_name(text, colour) + "**"
        )
        if held:
            return text.n_(
                "You play {side}: {count} piece to place.",
                "You play {side}: {count} pieces to place.",
                held,
                side=side,
            )
        return text._(
            "You play {side}: all your pieces are on the board; move one a turn.", side=side
        )

    def seat_tag(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> str:
        return f" ({colour_name(text, _sackson(hand).colour_of(seat))})"

    def narrate(self, event: Event, names: Sequence[str], story: Narration) -> None:
        text = story.text
        who = seat_name(names, event.player, text)
        if event.kind == "network":
            squares = list(event.detail.get("squares", []))
            path = " → ".join(squares)
            colour = colour_name(text, str(event.detail.get("colour", "")))
            reason = event.detail.get("reason")
            values = {"name": who, "colour": colour, "path": path, "count": len(squares)}
            if reason == "both networks":
                line = text._(
                    "🕸️ That move completed both networks: under the CS61B rule the player "
                    "who did not move, **{name}** ({colour}), wins. Their network: {path}.",
                    **values,
                )
            elif event.detail.get("unblocked"):
                line = text._(
                    "🕸️ That move opened the way: **{name}** ({colour}) has a network of "
                    "{count} pieces and wins: {path}.",
                    **values,
                )
            else:
                line = text._(
                    "🕸️ **{name}** ({colour}) has a network of {count} pieces: {path}.", **values
                )
            story.announcements.append(line)
            story.log.append(
                text._("{name} completed a network ({count} pieces)", name=who, count=len(squares))
            )
        elif event.kind == "draw":
            if event.detail.get("reason") == "repetition":
                story.announcements.append(
                    text._(
                        "🤝 Drawn game: the same position came up a third time with the same "
                        "player to move."
                    )
                )
                story.log.append(text._("Draw by repetition"))
            else:
                story.announcements.append(text._("🤝 Drawn game: neither player can move."))
                story.log.append(text._("Draw: both players stuck"))

    def rules_text(self, *, text: Text = ENGLISH) -> str:
        return text._(RULES)


def _squares_picture(
    match: Match,
    names: Sequence[str],
    seat: int,
    title: str,
    chosen: str | None,
    squares: Sequence[tuple[str, str]],
    text: Text,
    tappable: Mapping[str, str] | None = None,
) -> bytes:
    """The seat's board with the ``chosen`` piece (None: a new one) and its lettered
    ``squares``: where it can go, or the hinted square; ``tappable`` (square → move):
    the squares a page may tap to play there."""
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
        tappable=tappable,
        text=text,
    )


def _network_in_one(game: SacksonGame, colour: int) -> bool:
    """Whether ``colour`` could complete a network with one move, were it to move now."""
    position = game.position
    own, other = position.pieces[colour], position.pieces[1 - colour]
    return bool(winning_moves(own, other, colour, position.hand[colour] > 0))
