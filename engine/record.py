"""A hand's game record: header tags and numbered moves, like PGN for chess.

::

    [Game "network"]
    [Players 2]
    [Names ["Alice", "Bob"]]
    [Options {"attachments": 7}]
    [Target 10]
    [Hand 1]
    [Totals [0, 0]]
    [Scores [1, 0]]
    [Result "Alice wins"]
    [Outcome {"winners": [0], "reason": "most points"}]
    [Seed 1234567]
    [PreviousLeader null]
    [Deal [["6-6", "6-3"], ["5-1", "3-1"]]]

    1. 1 6-6
    2. 2 pass

Every tag value is JSON. ``Totals`` are the match totals before the hand, ``Scores`` the
hand's own points so far. A record of a hand still in play says ``[Result "*"]`` and
carries no ``Outcome``, ``Seed``, ``PreviousLeader`` or ``Deal``: the seed would give every
hidden tile away (the match seed never appears at all: every later hand derives from it).
A game with nothing hidden (Sackson's Network) always carries its seed. From a record with
a seed the whole hand is dealt again and stepped through (:func:`rebuild`).

Pure: no I/O. ``docs/notation.md`` describes the format.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import EngineError
from engine.game import Event, HandState, Outcome
from engine.match import Match
from engine.registry import game_spec, hand_class
from engine.rng import derive_seed

UNFINISHED = "*"

_TAG = re.compile(r"^\[(?P<name>[A-Za-z]+) (?P<value>.*)\]$")
_MOVE = re.compile(r"^(?P<number>\d+)\.\s+(?P<seat>\d+)\s+(?P<notation>[^{]+?)\s*(\{.*\})?$")


class RecordError(EngineError):
    """A record that cannot be read or does not replay."""


@dataclass(frozen=True, slots=True)
class LoggedMove:
    """One entry of a match's move log: the hand it belongs to, who played, what."""

    hand_number: int
    seat: int
    notation: str


@dataclass(frozen=True, slots=True)
class RecordedMove:
    """A move of the record: ``seat`` is 0-based here and written 1-based."""

    seat: int
    notation: str


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One hand of a match, as its record text says it."""

    game: str
    players: int
    names: tuple[str, ...]
    options: Mapping[str, Any]
    target: int | None
    hand_number: int
    totals: tuple[int, ...]
    scores: tuple[int, ...]
    moves: tuple[RecordedMove, ...]
    finished: bool = False
    outcome: Outcome | None = None
    seed: int | None = None
    previous_leader: int | None = None
    deal: tuple[tuple[str, ...], ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Tags this version does not know, kept so a record reads back unchanged."""

    @property
    def can_rebuild(self) -> bool:
        return self.seed is not None

    def name_of(self, seat: int) -> str:
        """The seat's player as the record names them (``seat N`` when it does not)."""
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"


# ---------------------------------------------------------------- building


def match_at_hand(
    game: str,
    players: int,
    target: int | None,
    seed: int,
    options: Mapping[str, Any],
    moves: Iterable[LoggedMove],
    hand_number: int,
) -> Match:
    """The match replayed from its log up to the deal of hand ``hand_number``."""
    match = Match(game, players, target, seed, options)
    for move in moves:
        if move.hand_number < hand_number:
            match.play(move.seat, move.notation)
    if match.hand_number != hand_number or match.hand.is_over:
        raise RecordError(f"the move log does not reach hand {hand_number}")
    return match


def starting_hands(hand: HandState[Any]) -> tuple[tuple[str, ...], ...]:
    """Each seat's tiles at the deal (empty for a game with no hands): what the seat sees
    that a spectator does not."""
    hidden = hand.hidden_from(None)
    return tuple(
        tuple(sorted(hidden - hand.hidden_from(seat), key=_tile_order))
        for seat in range(hand.players)
    )


def _tile_order(name: str) -> tuple[int, ...]:
    return tuple(-int(number) for number in re.findall(r"\d+", name))


def record_hand(
    game: str,
    players: int,
    names: Sequence[str],
    target: int | None,
    seed: int,
    options: Mapping[str, Any],
    moves: Sequence[LoggedMove],
    hand_number: int,
) -> GameRecord:
    """The record of hand ``hand_number`` of a match from its move log, revealing the
    deal only once the hand is over (or when the game hides nothing)."""
    match = match_at_hand(game, players, target, seed, options, moves, hand_number)
    totals = tuple(match.totals)
    previous_leader = None if match.last_hand is None else match.last_hand.leader
    hand = match.hand
    deal = starting_hands(hand)
    played = tuple(
        RecordedMove(move.seat, move.notation) for move in moves if move.hand_number == hand_number
    )
    for move in played:
        match.play(move.seat, move.notation)
    finished = hand.is_over
    reveal = finished or game_spec(game).information == "perfect"
    return GameRecord(
        game=game,
        players=players,
        names=tuple(names),
        options=dict(options),
        target=target,
        hand_number=hand_number,
        totals=totals,
        scores=tuple(hand.scores),
        moves=played,
        finished=finished,
        outcome=hand.outcome if finished else None,
        seed=derive_seed(seed, "hand", hand_number) if reveal else None,
        previous_leader=previous_leader if reveal else None,
        deal=deal if finished else None,
    )


def finished_hands(moves: Sequence[LoggedMove], match: Match) -> list[int]:
    """The numbers of the hands of ``match`` that are over (every logged hand before the
    current one, and the current one once the match is over)."""
    last = match.hand_number if match.is_over else match.hand_number - 1
    return [number for number in range(1, last + 1) if any(m.hand_number == number for m in moves)]


# ---------------------------------------------------------------- text


def result_words(record: GameRecord) -> str:
    if not record.finished:
        return UNFINISHED
    outcome = record.outcome
    if outcome is None or outcome.is_draw:
        return "no winner"
    who = " and ".join(record.name_of(seat) for seat in outcome.winners)
    return f"{who} {'wins' if len(outcome.winners) == 1 else 'share the win'}"


def write_record(record: GameRecord) -> str:
    """The record as text (tags, a blank line, then one numbered move a line)."""
    tags: list[tuple[str, Any]] = [
        ("Game", record.game),
        ("Players", record.players),
        ("Names", list(record.names)),
        ("Options", dict(record.options)),
        ("Target", record.target),
        ("Hand", record.hand_number),
        ("Totals", list(record.totals)),
        ("Scores", list(record.scores)),
        ("Result", result_words(record)),
    ]
    if record.finished:
        tags.append(("Outcome", None if record.outcome is None else record.outcome.to_json()))
    if record.seed is not None:
        tags += [("Seed", record.seed), ("PreviousLeader", record.previous_leader)]
    if record.deal is not None:
        tags.append(("Deal", [list(tiles) for tiles in record.deal]))
    tags += list(record.extra.items())
    lines = [f"[{name} {json.dumps(value, ensure_ascii=False)}]" for name, value in tags]
    lines.append("")
    lines += [
        f"{number}. {move.seat + 1} {move.notation}"
        for number, move in enumerate(record.moves, start=1)
    ]
    return "\n".join(lines) + "\n"


_KNOWN = {
    "Game",
    "Players",
    "Names",
    "Options",
    "Target",
    "Hand",
    "Totals",
    "Scores",
    "Result",
    "Outcome",
    "Seed",
    "PreviousLeader",
    "Deal",
}


def read_record(text: str) -> GameRecord:
    """A record from its text (RecordError says what is wrong)."""
    tags: dict[str, Any] = {}
    moves: list[RecordedMove] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        tag = _TAG.match(line)
        if tag is not None:
            try:
                tags[tag["name"]] = json.loads(tag["value"])
            except json.JSONDecodeError as exc:
                raise RecordError(f"line {number}: the {tag['name']} tag is not JSON") from exc
            continue
        entry = _MOVE.match(line)
        if entry is None:
            raise RecordError(f"line {number}: neither a tag nor a numbered move: {line[:40]!r}")
        if int(entry["number"]) != len(moves) + 1:
            raise RecordError(f"line {number}: move {entry['number']} is out of order")
        moves.append(RecordedMove(int(entry["seat"]) - 1, entry["notation"]))
    try:
        game = str(tags["Game"])
        game_spec(game)
        players = int(tags["Players"])
        outcome = tags.get("Outcome")
        deal = tags.get("Deal")
        seed = tags.get("Seed")
        leader = tags.get("PreviousLeader")
        record = GameRecord(
            game=game,
            players=players,
            names=tuple(str(name) for name in tags.get("Names", ())),
            options=dict(tags.get("Options") or {}),
            target=None if tags.get("Target") is None else int(tags["Target"]),
            hand_number=int(tags.get("Hand", 1)),
            totals=tuple(int(t) for t in tags.get("Totals", [0] * players)),
            scores=tuple(int(s) for s in tags.get("Scores", [0] * players)),
            moves=tuple(moves),
            finished=tags.get("Result", UNFINISHED) != UNFINISHED,
            outcome=None if outcome is None else Outcome.from_json(outcome),
            seed=None if seed is None else int(seed),
            previous_leader=None if leader is None else int(leader),
            deal=None if deal is None else tuple(tuple(str(t) for t in tiles) for tiles in deal),
            extra={name: value for name, value in tags.items() if name not in _KNOWN},
        )
    except KeyError as exc:
        raise RecordError(f"the record has no {exc.args[0]} tag") from exc
    except (TypeError, ValueError) as exc:
        raise RecordError(f"a tag has the wrong kind of value: {exc}") from exc
    for move in record.moves:
        if not 0 <= move.seat < players:
            raise RecordError(f"seat {move.seat + 1} is not at this {players}-seat table")
    return record


# ---------------------------------------------------------------- stepping through


@dataclass(frozen=True, slots=True)
class Step:
    """The hand after ``number`` moves (0: just dealt): the move that led here, its
    public events and points, and the state."""

    number: int
    move: RecordedMove | None
    events: tuple[Event, ...]
    hand: HandState[Any]

    @property
    def points(self) -> int:
        return sum(event.points for event in self.events if event.is_public)


def rebuild(record: GameRecord) -> list[Step]:
    """Deal the hand again from the record's seed and play every move: one step per state
    (moves + 1). RecordError for a record without a seed or one that does not replay."""
    if record.seed is None:
        raise RecordError(
            "this record keeps its deal secret (the hand was still in play), so it cannot "
            "be stepped through"
        )
    cls = hand_class(record.game)
    hand = cls.deal(
        record.players, record.options, record.seed, record.hand_number, record.previous_leader
    )
    if record.deal is not None and starting_hands(hand) != record.deal:
        raise RecordError("the seed does not deal the hands the Deal tag lists")
    steps = [Step(0, None, (), hand.copy())]
    for number, move in enumerate(record.moves, start=1):
        try:
            events = hand.play(move.seat, move.notation)
        except EngineError as exc:
            raise RecordError(f"move {number} ({move.notation}) does not replay: {exc}") from exc
        steps.append(Step(number, move, tuple(events), hand.copy()))
    return steps
