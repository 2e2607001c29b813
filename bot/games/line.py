"""What line games share in Discord (classic dominoes, FIDO), so each adapter keeps only
what differs: tiles played onto lettered open ends, tile-then-end controls, a Draw
button, the line picture with the chosen ends marked, draws told only to the drawer."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from bot.games.base import (
    Action,
    Controls,
    GameAdapter,
    Target,
    match_picture,
    named_tile,
    narrowed,
)
from bot.games.narration import Narration, seat_name
from bot.games.words import ENGLISH
from engine.errors import EngineError
from engine.game import JSON, Event, HandState
from engine.line.base import LineOfPlay
from engine.line.moves import LineMove
from engine.match import Match
from engine.tiles import Tile
from i18n import Text
from render import render_hand

if TYPE_CHECKING:
    from bot.games.base import Subject

M = TypeVar("M", bound=LineMove)


class LineHand(Protocol[M]):
    """What a line game's hand answers (the engine's ClassicHand and FidoHand)."""

    @property
    def title(self) -> str: ...
    @property
    def hands(self) -> list[list[Tile]]: ...
    @property
    def line(self) -> LineOfPlay: ...
    @property
    def current_player(self) -> int | None: ...
    def legal_moves(self) -> list[M]: ...
    def parse_move(self, text: str) -> M: ...
    def playable_tiles(self, seat: int) -> list[Tile]: ...
    def ends_for(self, tile: Tile) -> list[str]: ...
    def total_if(self, move: M) -> int | None: ...
    def score_if(self, move: M) -> int: ...
    def view(self, player: int | None) -> JSON: ...


H = TypeVar("H", bound=LineHand[Any])


@dataclass(frozen=True, slots=True)
class LineWords:
    """How a line game speaks of its rounds, its lead, its ends, drawing and passing: the
    words are English, marked for the catalogs where they are written (``N_``) and read
    in a language with ``text._``."""

    round: str
    """One deal, as "hand over" and the hints say it: "hand", "game" (data, not shown)."""
    lead: str
    """A lead's target label, with its ``{tile}``: "Lead {tile}", "Open with {tile}"."""
    leads: str
    """The prompt for a lone lead ``{tile}``: "**{tile}** leads the hand. …"."""
    ends: str
    """The prompt for a ``{tile}`` that can go on ``{ends}`` (lettered)."""
    ends_joiner: str
    """How those ends are listed: "or" (``E or W``) or "," (``A, B``)."""
    draw_label: str
    """The ``draw`` move in an autocomplete list."""
    pass_label: str
    """The ``pass`` move, on its button and in an autocomplete list."""
    draw_prompt: str
    """The prompt when nothing fits and the seat must draw."""
    stuck_prompt: str
    """The prompt when nothing fits and nothing is left to draw."""
    draw_hint: str
    """Why a hinted draw is the move."""
    pass_hint: str
    """Why a hinted pass is the move."""


class LineGameAdapter(GameAdapter, Generic[H, M]):
    """A line game's adapter: the shared controls, words and pictures; a subclass says
    which hand it reads (``hand_type``, ``hand_what``), its words, and the hooks below."""

    hand_type: type[H]
    hand_what: str
    """The hand in a TypeError's words: "a FIDO game"."""
    words: LineWords

    def _hand(self, hand: HandState[Any]) -> H:
        return narrowed(hand, self.hand_type, self.hand_what)

    # ------------------------------------------------------------ hooks
    def _top(self, game: H) -> int:
        """The highest number of the game's set (a double-six set unless said)."""
        return 6

    def _picture_options(self, game: H, match: Match, text: Text) -> dict[str, Any]:
        """What the renderer takes besides the names, totals, target, title and ends."""
        return {}

    def _picture(
        self,
        match: Match,
        names: Sequence[str],
        game: H,
        title: str | None,
        ends: Sequence[str],
        text: Text,
        moves: Mapping[str, str] | None = None,
    ) -> bytes:
        """The public line picture of ``game``, ``ends`` marked; ``moves`` (end label →
        the move that plays there) makes those ends spots a page may tap."""
        return match_picture(
            self._render,
            game.view(None),
            match,
            names,
            title=title,
            highlight_ends=tuple(ends),
            end_moves=moves,
            text=text,
            **self._picture_options(game, match, text),
        )

    @abstractmethod
    def _tiles(self, game: H, seat: int, text: Text) -> tuple[tuple[Subject, ...], str | None]:
        """The seat's tiles as subjects (playable first), and the prompt when it leads or
        has a tile to play (None: nothing fits, so the Draw/Pass prompt)."""

    @abstractmethod
    def _gain(self, game: H, move: M, text: Text) -> str:
        """What a legal play makes, after its label (" · scores 10"); may be empty."""

    @abstractmethod
    def _end_words(self, game: H, move: M, text: Text) -> str:
        """The open end a play goes on, as its target reads: "E end (open 5)"."""

    @abstractmethod
    def _drew(self, who: str, detail: Mapping[str, Any], text: Text) -> str:
        """The public log line of a draw (the tiles drawn are told only to the drawer)."""

    @abstractmethod
    def _hand_end(self, event: Event, names: Sequence[str], text: Text) -> str:
        """The announcement of how the hand ended and what it scored."""

    def _scores_in_play(self, game: H) -> bool:
        """Whether plays score during the hand (not in Draw or Block)."""
        return True

    # ------------------------------------------------------------ pictures
    def _table_view(
        self, hand: HandState[Any], match: Match, text: Text
    ) -> tuple[object, dict[str, Any]]:
        game = self._hand(hand)
        # No title and no end marked: a finished hand says so once, in the status line
        # ("Hand over", "Game over").
        return game.view(None), self._picture_options(game, match, text)

    def hand_picture(
        self, hand: HandState[Any], seat: int, title: str, page: int = 0, *, text: Text = ENGLISH
    ) -> bytes:
        game = self._hand(hand)
        return render_hand(list(game.hands[seat]), playable_now(game, seat), title=title, text=text)

    def has_subject_picture(self, hand: HandState[Any], seat: int, subject: str) -> bool:
        # The lead (or a tile that fits nowhere): the hand picture says more.
        game = self._hand(hand)
        return bool(game.ends_for(self._tile(game, subject)))

    def subject_picture(
        self, match: Match, names: Sequence[str], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> bytes | None:
        if not self.has_subject_picture(match.hand, seat, subject):
            return None
        game = self._hand(match.hand)
        tile = self._tile(game, subject)
        ends = game.ends_for(tile)
        moves = {
            move.end: str(move)
            for move in game.legal_moves()
            if move.tile == tile and move.end is not None
        }
        title = text._("Where {tile} can go", tile=tile)
        return self._picture(match, names, game, title, ends, text, moves)

    def hint_picture(
        self, match: Match, names: Sequence[str], seat: int, move: str, *, text: Text = ENGLISH
    ) -> bytes | None:
        game = self._hand(match.hand)
        parsed = game.parse_move(move)
        if parsed.tile is None or parsed.end is None:
            return None
        return self._picture(
            match, names, game, text._("Hint: {move}", move=move), [parsed.end], text
        )

    # ------------------------------------------------------------ controls
    def _tile(self, game: H, text: str) -> Tile:
        return named_tile(text, self._top(game))

    def controls(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> Controls:
        game = self._hand(hand)
        moves = {str(move) for move in game.legal_moves()} if game.current_player == seat else set()
        actions: tuple[Action, ...] = ()
        if "draw" in moves:
            actions = (Action("draw", text._("Draw"), primary=True),)
        elif "pass" in moves:
            actions = (Action("pass", text._(self.words.pass_label)),)
        subjects, prompt = self._tiles(game, seat, text)
        if prompt is None:
            draws = bool(actions) and actions[0].move == "draw"
            prompt = text._(self.words.draw_prompt if draws else self.words.stuck_prompt)
        return Controls(subjects, actions, prompt, where=text._("Choose where to play it"))

    def targets(
        self, hand: HandState[Any], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> list[Target]:
        game = self._hand(hand)
        tile = self._tile(game, subject)
        if tile not in game.hands[seat]:
            raise ValueError(text._("You do not hold {tile}.", tile=tile))
        targets = []
        for move in game.legal_moves():
            if move.tile != tile:
                continue
            where = (
                text._(self.words.lead, tile=tile)
                if move.end is None
                else self._end_words(game, move, text)
            )
            targets.append(Target(str(move), where + self._gain(game, move, text)))
        return targets

    def targets_prompt(
        self, subject: str, targets: Sequence[Target], *, text: Text = ENGLISH
    ) -> str:
        if not targets:
            return text._("**{tile}** fits no open end. Pick another tile.", tile=subject)
        if len(targets) == 1 and targets[0].move == subject:
            return text._(self.words.leads, tile=subject)
        ends = [t.move.split()[-1] for t in targets]
        return text._(self.words.ends, tile=subject, ends=self._ends_list(ends, text))

    def _ends_list(self, ends: Sequence[str], text: Text) -> str:
        """The ends a tile can go on, as the prompt lists them ("E or W", "A, B")."""
        if self.words.ends_joiner == "or" and len(ends) > 1:
            return text._("{first} or {last}", first=", ".join(ends[:-1]), last=ends[-1])
        return ", ".join(ends)

    def move_label(self, hand: HandState[Any], move: str, *, text: Text = ENGLISH) -> str:
        if move == "draw":
            return text._(self.words.draw_label)
        if move == "pass":
            return text._(self.words.pass_label)
        game = self._hand(hand)
        try:
            gain = self._gain(game, game.parse_move(move), text)
        except EngineError:
            return move
        return move + gain

    # ------------------------------------------------------------ hints
    def hint_reason(
        self, hand: HandState[Any], seat: int, move: str, *, text: Text = ENGLISH
    ) -> str:
        game = self._hand(hand)
        parsed = game.parse_move(move)
        if parsed.kind == "draw":
            return text._(self.words.draw_hint)
        if parsed.tile is None:
            return text._(self.words.pass_hint)
        if not self._scores_in_play(game):
            return text._("no points in play here: the search finds it best for going out first")
        total = game.total_if(parsed)
        points = game.score_if(parsed)
        if points:
            return text._("makes {total}: +{points}", total=total, points=points)
        if self.words.round == "game":
            return text._(
                "makes {total}: no points now, but it does best over the game in the search",
                total=total,
            )
        return text._(
            "makes {total}: no points now, but it does best over the hand in the search",
            total=total,
        )

    # ------------------------------------------------------------ words
    def narrate(self, event: Event, names: Sequence[str], story: Narration) -> None:
        seat = event.player
        if event.kind == "draw" and not event.is_public and seat is not None:
            tiles = ", ".join(event.detail.get("tiles", []))
            story.tell(seat, story.reader(seat)._("You drew {tiles}.", tiles=tiles))
        elif event.kind == "draw":
            story.log.append(
                self._drew(seat_name(names, seat, story.text), event.detail, story.text)
            )
        elif event.kind == "hand_end":
            story.announcements.append(self._hand_end(event, names, story.text))


def playable_now(game: LineHand[Any], seat: int) -> list[Tile]:
    """The seat's tiles that fit now (none when it is not the seat's turn)."""
    return game.playable_tiles(seat) if game.current_player == seat else []


def scores(points: int, text: Text) -> str:
    """A play's points after its label: " · scores 10" (nothing for none)."""
    return text._(" · scores {points}", points=points) if points else ""
