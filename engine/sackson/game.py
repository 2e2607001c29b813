"""One game of Sackson's Network as the bot plays it: seats, colours, the move list,
repetition, the outcome and the views (docs/rules/sackson.md).

There is nothing hidden and nothing random past who plays Dark, so every seat's view is
the whole game. Players who cannot move pass automatically; when both are stuck in
succession the game is drawn, as it is when a position occurs for the third time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Self

from engine.errors import N_, HandOverError, IllegalMoveError
from engine.game import JSON, Event, HandState, NewHand, Outcome
from engine.rng import derive_seed
from engine.sackson.board import (
    COLOURS,
    CORNERS,
    DARK,
    GOAL_ZONE,
    LIGHT,
    name,
    square,
    squares_of,
)
from engine.sackson.moves import SacksonMove
from engine.sackson.network import shortest_network
from engine.sackson.options import SacksonOptions
from engine.sackson.position import PASS, PIECES, Position, colour_at, open_squares

PLAYERS: Final = 2
REPETITIONS: Final = 3
"""The same position with the same player to move this many times is a draw."""


def _key_text(key: tuple[int, int, int, int, int]) -> str:
    dark, light, dark_hand, light_hand, colour = key
    return f"{dark:016x}{light:016x}{dark_hand:x}{light_hand:x}{colour}"


class SacksonGame(HandState[SacksonMove]):
    """A game between two seats; ``dark`` is the seat playing Dark."""

    game: ClassVar[str] = "sackson"

    def __init__(
        self,
        options: SacksonOptions,
        dark: int,
        position: Position | None = None,
        number: int = 1,
    ):
        self.players = PLAYERS
        self.options = options
        self.dark = dark
        self.leader = dark
        self.number = number
        """Which game of the match this is (1 for the first)."""
        self.position = position or Position(equalized=options.equalized)
        self.moves_played: list[str] = []
        self.seen: Counter[str] = Counter({_key_text(self.position.key()): 1})
        self.result: Outcome | None = None
        self.network: list[int] | None = None
        self.network_colour: int | None = None
        self._legal: list[int] | None = None

    # ------------------------------------------------------------------ setup

    @classmethod
    def _deal(cls, new: NewHand) -> Self:
        """A new game. Dark is chosen by the ``dark`` option in game 1 and alternates
        after that: whoever played Light last plays Dark next."""
        if new.players != PLAYERS:
            raise ValueError("Sackson's Network is a game for two players")
        chosen = SacksonOptions.from_options(new.options)
        if new.previous_leader is not None:
            dark = 1 - new.previous_leader
        elif chosen.dark == "guest":
            dark = 1
        elif chosen.dark == "random":
            dark = derive_seed(new.seed, "dark") % 2
        else:
            dark = 0
        return cls(chosen, dark, number=new.hand_number)

    @classmethod
    def from_position(
        cls,
        dark_squares: str,
        light_squares: str,
        *,
        to_move: str = "dark",
        in_hand: tuple[int, int] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Self:
        """A game from a diagram, for tests and examples: squares as ``"b1 c3 d5"``.
        Pieces in hand default to ten minus those on the board."""
        dark = sum(1 << square(s) for s in dark_squares.split())
        light = sum(1 << square(s) for s in light_squares.split())
        chosen = SacksonOptions.from_options(options or {})
        hand = in_hand or (PIECES - dark.bit_count(), PIECES - light.bit_count())
        turns = 0 if to_move == "dark" else 1
        position = Position((dark, light), hand, turns, chosen.equalized)
        game = cls(chosen, 0, position)
        game._settle()
        return game

    # ------------------------------------------------------------------ seats

    def seat_of(self, colour: int) -> int:
        return self.dark if colour == DARK else 1 - self.dark

    def colour_of(self, seat: int) -> int:
        return DARK if seat == self.dark else LIGHT

    @property
    def current_player(self) -> int | None:
        return None if self.result is not None else self.seat_of(self.position.to_move)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def scores(self) -> list[int]:
        """1 for the winner of the game, 0 otherwise: a match adds up games won."""
        won = self.result.winners if self.result else ()
        return [1 if seat in won else 0 for seat in range(PLAYERS)]

    def stats(self) -> list[JSON]:
        return [{} for _ in range(PLAYERS)]

    # ------------------------------------------------------------------ moves

    def legal_codes(self) -> list[int]:
        """The legal moves as :class:`Position` codes (cached until the next move)."""
        if self.result is not None:
            return []
        if self._legal is None:
            self._legal = self.position.legal_moves(self.options.both_networks_legal)
        return self._legal

    def legal_moves(self) -> list[SacksonMove]:
        return [SacksonMove.from_code(code) for code in self.legal_codes()]

    def targets_of(self, start: int | None) -> list[int]:
        """Where the player to move may put a new piece (``start`` None) or the piece on
        ``start``, in square order."""
        return [
            code & 63 for code in self.legal_codes() if SacksonMove.from_code(code).start == start
        ]

    def movable(self) -> list[int]:
        """The player to move's pieces that have a legal move (move phase)."""
        return sorted({code >> 6 for code in self.legal_codes() if code >> 6 < 64})

    def timeout_move(self) -> SacksonMove:
        codes = self.legal_codes()
        if not codes:
            raise HandOverError(N_("This game is over."))
        return SacksonMove.from_code(codes[0])

    def parse_move(self, text: str) -> SacksonMove:
        return SacksonMove.parse(text)

    def apply(self, move: SacksonMove) -> list[Event]:
        if self.result is not None:
            raise HandOverError(N_("This game is over."))
        code = move.code
        if code not in self.legal_codes():
            raise self.illegal(move)
        mover = self.current_player
        assert mover is not None
        self.position.play(code)
        self._legal = None
        self.moves_played.append(str(move))
        events = [Event("play", mover, detail={"move": str(move)})]
        events.extend(self._after_move(self.colour_of(mover)))
        return events

    def _after_move(self, mover: int) -> list[Event]:
        """Networks first (either side's wins, even one the move only unblocked), then
        repetition, then automatic passes for a player who cannot move."""
        position = self.position
        own, other = position.has_network(mover), position.has_network(1 - mover)
        if own and other:
            return [self._won(1 - mover, "both networks")]
        if own:
            return [self._won(mover, "network")]
        if other:
            return [self._won(1 - mover, "network", unblocked=True)]
        if self._repeated():
            return [self._drawn("repetition")]
        return self._pass_while_stuck()

    def _pass_while_stuck(self) -> list[Event]:
        """Pass for each player in turn who has no legal move. The game is drawn when
        both players are stuck one after the other: a pass by the other colour just
        before. In the equalized order a stuck colour may pass both of its turns in a
        row while the other can still move."""
        events: list[Event] = []
        position = self.position
        while not self.legal_codes():
            if self._other_colour_passed_last():
                events.append(self._drawn("both stuck"))
                return events
            seat = self.seat_of(position.to_move)
            position.play(PASS)
            self._legal = None
            self.moves_played.append("pass")
            events.append(Event("pass", seat, detail={"move": "pass", "auto": True}))
            if self._repeated():
                events.append(self._drawn("repetition"))
                return events
        return events

    def _other_colour_passed_last(self) -> bool:
        """Whether the last turn was a pass by the colour not to move now."""
        position = self.position
        if not self.moves_played or self.moves_played[-1] != "pass":
            return False
        return colour_at(position.turns - 1, position.equalized) != position.to_move

    def _settle(self) -> None:
        """For a diagram: end it at once if it is already decided, and pass for a player
        to move who is stuck, as after any move."""
        for colour in (DARK, LIGHT):
            if self.position.has_network(colour):
                self._won(colour, "network")
                return
        self._pass_while_stuck()

    def _repeated(self) -> bool:
        key = _key_text(self.position.key())
        self.seen[key] += 1
        return self.seen[key] >= REPETITIONS

    def _won(self, colour: int, reason: str, *, unblocked: bool = False) -> Event:
        """``colour`` wins; ``unblocked``: by a network the other player's move opened."""
        position = self.position
        seat = self.seat_of(colour)
        self.result = Outcome((seat,), reason)
        self.network = shortest_network(position.pieces[colour], position.occupied, colour)
        self.network_colour = colour
        self._legal = None
        squares = [name(s) for s in self.network or []]
        return Event(
            "network",
            seat,
            detail={
                "colour": COLOURS[colour],
                "squares": squares,
                "reason": reason,
                "unblocked": unblocked,
            },
        )

    def _drawn(self, reason: str) -> Event:
        self.result = Outcome((), reason)
        self._legal = None
        return Event("draw", detail={"reason": reason})

    def why_illegal(self, move: SacksonMove) -> str:
        """A player-readable reason ``move`` is not legal now (in English)."""
        return str(self.illegal(move))

    def illegal(self, move: SacksonMove) -> IllegalMoveError:
        """The refusal of ``move``, saying why it is not legal now."""
        position = self.position
        colour = position.to_move
        own = position.pieces[colour]
        if move.is_pass:
            return IllegalMoveError(N_("You may pass only when you have no legal move."))
        assert move.end is not None
        end = move.end
        in_hand = position.hand[colour]
        if move.start is None and not in_hand:
            return IllegalMoveError(N_("All your pieces are on the board: move one (e.g. d4-f6)."))
        if move.start is not None and in_hand:
            return IllegalMoveError(
                N_("You still have {count} pieces to place: name one square (e.g. d4)."),
                count=in_hand,
            )
        if move.start is not None and not own >> move.start & 1:
            return IllegalMoveError(N_("You have no piece on {square}."), square=name(move.start))
        if move.start == end:
            return IllegalMoveError(N_("A piece must move to another square."))
        target = name(end)
        lifted = own if move.start is None else own ^ (1 << move.start)
        if position.occupied >> end & 1 and end != move.start:
            return IllegalMoveError(N_("{square} is taken."), square=target)
        if CORNERS >> end & 1:
            return IllegalMoveError(
                N_("{square} is a corner: nobody may use the corners."), square=target
            )
        if GOAL_ZONE[1 - colour] >> end & 1:
            return IllegalMoveError(N_("{square} is in your opponent's goal."), square=target)
        lifted_board = position.occupied & ~(own ^ lifted)
        if not open_squares(lifted, lifted_board, colour) >> end & 1:
            return IllegalMoveError(
                N_("A piece on {square} would make a group of more than two of your pieces."),
                square=target,
            )
        return IllegalMoveError(
            N_("That move would give both players a network, which is not allowed.")
        )

    # ------------------------------------------------------------------ views

    def position_text(self) -> str:
        """The 8×8 board, row 8 on top: D dark, L light, . empty, blank the dead corners."""
        squares = self.view(None)["squares"]
        files = "abcdefgh"
        rows = []
        for row in range(8, 0, -1):
            cells = []
            for column in files:
                dead = row in (1, 8) and column in "ah"
                cells.append(" " if dead else squares.get(f"{column}{row}", ".")[0].upper())
            rows.append(f"{row} {' '.join(cells)}")
        rows.append("  " + " ".join(files))
        return "\n".join(rows)

    def view(self, player: int | None) -> JSON:
        """The whole game (nothing is hidden), the same for every seat."""
        position = self.position
        to_move = self.current_player
        colour = None if to_move is None else position.to_move
        last = self._last_move()
        return {
            "game": self.game,
            "players": PLAYERS,
            "you": player,
            "dark": self.dark,
            "squares": {
                name(s): COLOURS[c] for c in (DARK, LIGHT) for s in squares_of(position.pieces[c])
            },
            "in_hand": {"dark": position.hand[DARK], "light": position.hand[LIGHT]},
            "to_move": to_move,
            "colour_to_move": None if colour is None else COLOURS[colour],
            "phase": None if colour is None else ("place" if position.hand[colour] else "move"),
            "last_move": last,
            "game_number": self.number,
            "moves": list(self.moves_played),
            "outcome": None if self.result is None else self.result.to_json(),
            "network": None if self.network is None else [name(s) for s in self.network],
            "network_colour": None if self.network_colour is None else COLOURS[self.network_colour],
            "repetitions": self.seen[_key_text(position.key())],
            "options": self.options.to_json(),
            "turns": position.turns,
            "seen": dict(sorted(self.seen.items())),
        }

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Self:
        """The game a view shows: nothing is hidden, so it is the whole game."""
        squares = view["squares"]
        return cls.from_json(
            {
                "game": cls.game,
                "options": view["options"],
                "dark": view["dark"],
                "number": view["game_number"],
                "pieces": [
                    sorted(s for s, colour in squares.items() if colour == c) for c in COLOURS
                ],
                "in_hand": [view["in_hand"]["dark"], view["in_hand"]["light"]],
                "turns": view["turns"],
                "moves": view["moves"],
                "seen": view["seen"],
                "outcome": view["outcome"],
                "network": view["network"],
                "network_colour": None
                if view["network_colour"] is None
                else COLOURS.index(view["network_colour"]),
            }
        )

    def _last_move(self) -> JSON | None:
        if not self.moves_played:
            return None
        text = self.moves_played[-1]
        colour = colour_at(self.position.turns - 1, self.position.equalized)
        move = SacksonMove.parse(text)
        return {
            "notation": text,
            "colour": COLOURS[colour],
            "from": None if move.start is None else name(move.start),
            "to": None if move.end is None else name(move.end),
        }

    def hidden_from(self, viewer: int | None) -> frozenset[str]:
        return frozenset()

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> JSON:
        position = self.position
        return {
            "game": self.game,
            "options": self.options.to_json(),
            "dark": self.dark,
            "number": self.number,
            "pieces": [[name(s) for s in squares_of(position.pieces[c])] for c in (DARK, LIGHT)],
            "in_hand": list(position.hand),
            "turns": position.turns,
            "moves": list(self.moves_played),
            "seen": dict(sorted(self.seen.items())),
            "outcome": None if self.result is None else self.result.to_json(),
            "network": None if self.network is None else [name(s) for s in self.network],
            "network_colour": self.network_colour,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        options = SacksonOptions.from_options(data["options"])
        pieces = tuple(sum(1 << square(s) for s in squares) for squares in data["pieces"])
        position = Position(
            (pieces[0], pieces[1]),
            (int(data["in_hand"][0]), int(data["in_hand"][1])),
            int(data["turns"]),
            options.equalized,
        )
        game = cls(options, int(data["dark"]), position, int(data["number"]))
        game.moves_played = [str(m) for m in data["moves"]]
        game.seen = Counter({str(k): int(v) for k, v in data["seen"].items()})
        game.result = None if data["outcome"] is None else Outcome.from_json(data["outcome"])
        network = data.get("network")
        game.network = None if network is None else [square(s) for s in network]
        colour = data.get("network_colour")
        game.network_colour = None if colour is None else int(colour)
        return game

    def copy(self) -> Self:
        clone = type(self).__new__(type(self))
        clone.players = self.players
        clone.options = self.options
        clone.dark = self.dark
        clone.leader = self.leader
        clone.number = self.number
        clone.position = self.position.copy()
        clone.moves_played = self.moves_played[:]
        clone.seen = Counter(self.seen)
        clone.result = self.result
        clone.network = None if self.network is None else self.network[:]
        clone.network_colour = self.network_colour
        clone._legal = None
        return clone
