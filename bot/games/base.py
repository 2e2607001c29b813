"""What the generic bot asks of a game: pictures, controls and words. No rules live here.

Each game family (``/network``, ``/dominoes``…) has one small adapter in this package. The
service, handlers, publisher and views only ever talk to :class:`GameAdapter`; the engine
answers every rules question the adapter needs (legal moves, previews, scores).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.games.narration import Narration
from bot.games.words import ENGLISH
from engine.errors import EngineError
from engine.game import Event, HandState
from engine.match import Match
from engine.spec import GameSpec
from engine.tiles import Tile, parse_tile
from i18n import N_, Text
from render import Spot, png_size, recording_spots

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Subject:
    """Something a player picks first (a tile, a piece); ``key`` is what the menu sends."""

    key: str
    label: str
    playable: bool
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """Where a chosen subject may go: ``move`` is the engine notation it plays."""

    move: str
    label: str


@dataclass(frozen=True, slots=True)
class Action:
    """A move with no subject, shown as a button (Pass, Draw)."""

    move: str
    label: str
    primary: bool = False


@dataclass(frozen=True, slots=True)
class Scene:
    """A picture with what a page may tap on it: the PNG the DMs get, its size in px and
    its spots (each a subject key or a target move, and its box in the PNG's px)."""

    png: bytes
    width: int
    height: int
    spots: tuple[Spot, ...]

    @classmethod
    def drawn(cls, draw: Callable[[], bytes | None]) -> Scene | None:
        """The picture ``draw`` paints, with the spots its painters mark meanwhile (None
        when it paints none)."""
        with recording_spots() as spots:
            png = draw()
        if png is None:
            return None
        width, height = png_size(png)
        return cls(png, width, height, tuple(spots))


@dataclass(frozen=True, slots=True)
class Controls:
    """What the seat to move can choose now, and one line that says how."""

    subjects: tuple[Subject, ...]
    actions: tuple[Action, ...]
    prompt: str
    noun: str = "tile"
    """What a subject is called on the menus (tile, piece)."""
    where: str = N_("Choose where to play it")
    """The target menus' placeholder (in the reader's language when the adapter says it;
    this default is English, marked for the catalogs)."""


class GameAdapter(ABC):
    """One game family's presentation in Discord."""

    family: str
    """The slash-command group: ``/network``, ``/dominoes``."""
    specs: tuple[GameSpec, ...]

    @property
    def title(self) -> str:
        return self.specs[0].family_title

    # ------------------------------------------------------------ pictures (sync: threads)
    _render: Callable[..., bytes]
    """The renderer of the game's public picture (``staticmethod(render_network_table)``):
    it draws a view with the seat names, the match's totals and target (see
    :func:`match_picture`) and the options the game adds."""

    def table_picture(
        self,
        match: Match,
        names: Sequence[str],
        *,
        hand: HandState[Any] | None = None,
        text: Text = ENGLISH,
    ) -> bytes:
        """The public picture of ``hand`` (default: the current hand) with match totals;
        its words in ``text``'s language (the table's)."""
        view, options = self._table_view(match.hand if hand is None else hand, match, text)
        return match_picture(self._render, view, match, names, text=text, **options)

    @abstractmethod
    def _table_view(
        self, hand: HandState[Any], match: Match, text: Text
    ) -> tuple[object, dict[str, Any]]:
        """What :meth:`table_picture` has :attr:`_render` draw of ``hand``: its public
        view, and the options the game's picture takes (a title, a goal, the pieces a
        page may tap…)."""

    def hand_picture(
        self,
        hand: HandState[Any],
        seat: int,
        title: str,
        page: int = 0,
        *,
        text: Text = ENGLISH,
    ) -> bytes | None:
        """The seat's own tiles, playable ones marked (private). ``page``: which page of a
        hand too long for one picture (the same page as the tile menu shows). None: the
        game has no private hand (a board game), so the board is the seat's picture.
        ``text``: the seat's language, for the words the picture adds to ``title``."""
        return None

    @abstractmethod
    def subject_picture(
        self, match: Match, names: Sequence[str], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> bytes | None:
        """What the player sees after choosing ``subject`` (None: the hand picture)."""

    def has_subject_picture(self, hand: HandState[Any], seat: int, subject: str) -> bool:
        """Whether :meth:`subject_picture` would draw ``subject``'s places (not None),
        asked without drawing: a button to show them is offered only then."""
        return True

    # ------------------------------------------------------------ scenes (a web page's)
    def table_scene(self, match: Match, names: Sequence[str], *, text: Text = ENGLISH) -> Scene:
        """:meth:`table_picture` (the current hand) with its spots: on a board game, the
        pieces the seat to move may pick (keyed as :meth:`controls` keys them)."""
        scene = Scene.drawn(lambda: self.table_picture(match, names, text=text))
        assert scene is not None  # a table always has its picture
        return scene

    def hand_scene(
        self,
        hand: HandState[Any],
        seat: int,
        title: str,
        page: int = 0,
        *,
        text: Text = ENGLISH,
    ) -> Scene | None:
        """:meth:`hand_picture` with its spots: each tile shown, keyed as :meth:`controls`
        keys it. None: the game has no private hand."""
        return Scene.drawn(lambda: self.hand_picture(hand, seat, title, page, text=text))

    def subject_scene(
        self, match: Match, names: Sequence[str], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> Scene | None:
        """:meth:`subject_picture` with its spots: each place ``subject`` may go, keyed by
        the move :meth:`targets` gives for it. None: the hand picture serves."""
        return Scene.drawn(lambda: self.subject_picture(match, names, seat, subject, text=text))

    @abstractmethod
    def table_words(self, hand: HandState[Any], *, text: Text = ENGLISH) -> str:
        """What lies on the table, in a sentence (public: open ends, tiles laid), for the
        table picture's alt text so screen-reader users can follow the game."""

    # ------------------------------------------------------------ controls
    @abstractmethod
    def controls(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> Controls:
        """The seat's subjects (all of them, playable first) and actions, on its turn."""

    @abstractmethod
    def targets(
        self, hand: HandState[Any], seat: int, subject: str, *, text: Text = ENGLISH
    ) -> list[Target]:
        """Every legal target of ``subject`` for the seat to move, in picture order.
        Raises ``ValueError`` (a player-readable message) for an unknown subject."""

    @abstractmethod
    def targets_prompt(
        self, subject: str, targets: Sequence[Target], *, text: Text = ENGLISH
    ) -> str:
        """One line telling the player what to do with the targets shown."""

    @abstractmethod
    def move_label(self, hand: HandState[Any], move: str, *, text: Text = ENGLISH) -> str:
        """How a legal move reads in an autocomplete list."""

    def rank_moves(self, hand: HandState[Any], moves: Sequence[str]) -> list[str]:
        """Legal moves in the order an autocomplete list offers them (default: as the
        engine lists them); a game may put its best-scoring plays first."""
        return list(moves)

    # ------------------------------------------------------------ hints
    @abstractmethod
    def hint_reason(
        self, hand: HandState[Any], seat: int, move: str, *, text: Text = ENGLISH
    ) -> str:
        """Why ``move`` (legal for ``seat``, to move) is worth playing, in a few words
        ("closes a ring: +1", "makes 35: +7"), from what the seat may see alone: never
        from another seat's tiles or the stock."""

    @abstractmethod
    def hint_picture(
        self, match: Match, names: Sequence[str], seat: int, move: str, *, text: Text = ENGLISH
    ) -> bytes | None:
        """The seat's picture with ``move`` marked as its only candidate (private); None:
        the move has no place to mark (a draw, a pass, a lead), so the seat's own picture
        serves. Drawn from public facts and the seat's own view only."""

    # ------------------------------------------------------------ words
    def holding(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> str:
        """The seat's own holding as text, e.g. ``Your tiles: 6-4, 3-3`` (private), or
        what the seat has in a game with nothing hidden ("You play Dark: 7 pieces to
        place"); empty: nothing to say."""
        return ""

    def seat_tag(self, hand: HandState[Any], seat: int, *, text: Text = ENGLISH) -> str:
        """A few words after a seat's name on the table message, e.g. " (Dark)" where
        seats differ by colour; empty by default."""
        return ""

    @abstractmethod
    def narrate(self, event: Event, names: Sequence[str], story: Narration) -> None:
        """Words for this game's own event kinds (rings, draws, blocked hands…); generic
        kinds (play, pass, hand_over, match_over, hand_started) are told by the bot. Public
        lines in ``story.text``'s language, a seat's own in ``story.reader(seat)``'s."""

    @abstractmethod
    def rules_text(self, *, text: Text = ENGLISH) -> str:
        """The ``/<family> rules`` summary (it ends by pointing at the full rules page)."""

    def spec_for(self, game: str) -> GameSpec:
        for spec in self.specs:
            if spec.name == game:
                return spec
        raise ValueError(f"{self.family} has no game {game!r}")


def narrowed(hand: HandState[Any], kind: type[T], what: str) -> T:
    """``hand`` as its family's own class; a TypeError naming ``what`` ("a FIDO game")
    when a table's hand reaches the wrong adapter."""
    if not isinstance(hand, kind):
        raise TypeError(f"expected {what}, got {type(hand).__name__}")
    return hand


def named_tile(text: str, top: int) -> Tile:
    """The tile a player named, from a double-``top`` set; ValueError (the engine's
    player-readable words) for anything else."""
    try:
        return parse_tile(text, top=top)
    except EngineError as exc:
        raise ValueError(str(exc)) from exc


def tile_list(tiles: Sequence[Tile], text: Text = ENGLISH) -> str:
    """Tiles as a player reads them in a holding: ``6-4, 3-3`` (``none`` for no tile)."""
    return ", ".join(tile.name for tile in tiles) if tiles else text._("none")


def match_picture(
    render: Callable[..., bytes],
    view: object,
    match: Match,
    names: Sequence[str],
    **options: Any,
) -> bytes:
    """A table picture: ``render`` (a ``render_*_table`` or board function) drawing
    ``view`` with the seat names and the match's totals and target, plus ``options``."""
    return render(view, list(names), totals=list(match.totals), target=match.target, **options)
