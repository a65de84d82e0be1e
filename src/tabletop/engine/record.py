"""Game records: setup + seed + actions, replayed to the identical state.

A record's JSON form (documented in ``docs/architecture.md``)::

    {
      "format": "tabletop-record",
      "version": 1,
      "game": "brian-boru",
      "seats": ["me", "greedy", "random"],
      "options": {},
      "seed": 7,
      "actions": [[0, "start CON-1"], [1, "start MUN-3"], ...]
    }

``seats`` names who sat where (a person or a bot); the player count is its
length.  Each action is ``[seat, canonical text]``; ``[seat, "resign"]`` is the
seat leaving the game (:meth:`State.resign`), in games that have such a rule.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.errors import NotationError, RecordError, TabletopError, excerpt
from tabletop.engine.game import JSON, Action, Seat, State
from tabletop.engine.registry import get_game

FORMAT = "tabletop-record"
VERSION = 1
#: The format of what may be shown of a game while it runs (:func:`public_record`).
PUBLIC_FORMAT = "tabletop-public-record"
#: Longest seat name in a record.
MAX_NAME = 100
#: The text of a seat leaving the game in a record's actions (not a move of any game).
RESIGN = "resign"


@dataclass
class Record:
    """What is needed to replay a game exactly."""

    game: str
    seats: list[str]
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[Seat, str]] = field(default_factory=list)

    def new_state(self) -> State:
        return get_game(self.game).new_state(len(self.seats), self.options, self.seed)

    def add(self, seat: Seat, action: Action) -> None:
        self.actions.append((seat, str(action)))

    def add_resign(self, seat: Seat) -> None:
        """``seat`` left the game here (see :meth:`State.resign`)."""
        self.actions.append((seat, RESIGN))

    def replay(self, upto: int | None = None) -> State:
        """Replay the first ``upto`` actions (all by default) from the setup.

        Raises RecordError naming the action that does not parse or apply.
        """
        try:
            state = self.new_state()
        except TabletopError as exc:
            raise RecordError(f"record setup is invalid: {exc}") from exc
        game = state.game
        for index, (seat, text) in enumerate(self.actions[:upto]):
            where = f"action {index + 1} ({excerpt(text)} by seat {excerpt(seat)})"
            if not isinstance(seat, int) or not 0 <= seat < state.num_players:
                raise RecordError(f"{where}: no such seat")
            try:
                if text == RESIGN:
                    state.resign(seat)
                else:
                    state.apply(seat, game.parse_action(text))
            except NotationError as exc:
                raise RecordError(f"{where}: cannot read it: {exc}") from exc
            except TabletopError as exc:
                raise RecordError(f"{where}: illegal: {exc}") from exc
        return state

    # -- JSON ---------------------------------------------------------------
    def to_json(self) -> JSON:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seats": list(self.seats),
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[seat, text] for seat, text in self.actions],
        }

    @classmethod
    def from_json(cls, data: JSON) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") == PUBLIC_FORMAT:
            raise RecordError(
                "a public record cannot be replayed: it has no seed and withholds hidden choices"
            )
        if data.get("format") != FORMAT:
            raise RecordError(f"not a tabletop record (format should be {FORMAT!r})")
        if data.get("version") != VERSION:
            raise RecordError(f"unsupported record version {excerpt(data.get('version'))}")
        try:
            game = data["game"]
            seats = data["seats"]
            seed = data.get("seed", 0)
            options = data.get("options", {})
            raw_actions = data.get("actions", [])
        except KeyError as exc:
            raise RecordError(f"record has no {exc.args[0]!r} field") from None
        if not isinstance(game, str):
            raise RecordError("record field 'game' must be a string")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("record field 'seats' must be a list of names")
        if any(len(s) > MAX_NAME for s in seats):
            raise RecordError(f"record field 'seats': names are at most {MAX_NAME} characters")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record field 'seed' must be an integer")
        if not isinstance(options, dict):
            raise RecordError("record field 'options' must be an object")
        if not isinstance(raw_actions, list):
            raise RecordError("record field 'actions' must be a list")
        actions: list[tuple[Seat, str]] = []
        for i, item in enumerate(raw_actions):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], str)
            ):
                raise RecordError(f"action {i + 1} must be [seat, text], not {excerpt(item)}")
            actions.append((item[0], item[1]))
        return cls(game=game, seats=seats, seed=seed, options=options, actions=actions)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc}") from None
        except RecursionError:
            raise RecordError("not a record: JSON nested too deeply") from None
        except ValueError as exc:  # an integer of more than 4300 digits
            raise RecordError(f"not a record: {excerpt(str(exc))}") from None
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {str(path)!r}: {exc.strerror}") from exc
        return cls.loads(text)


def read_records(path: str | Path) -> Iterator[Record]:
    """The records of a dataset, one JSON record a line (``tabletop simulate --records``):
    a ``.jsonl`` file, or every ``.jsonl`` file of a directory in name order.  Blank
    lines are skipped; a bad line raises RecordError naming its file and line.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> line = Record("brian-boru", ["random"] * 3, seed=4).to_json()
    >>> _ = (Path(folder) / "a.jsonl").write_text(json.dumps(line) + "\\n\\n[]\\n")
    >>> records = read_records(folder)
    >>> next(records).seed
    4
    >>> next(records)
    Traceback (most recent call last):
    ...
    tabletop.engine.errors.RecordError: a.jsonl line 3: a record must be a JSON object
    """
    where = Path(path)
    files = sorted(where.glob("*.jsonl")) if where.is_dir() else [where]
    for file in files:
        try:
            handle = file.open(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read records {str(file)!r}: {exc.strerror}") from exc
        with handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    yield Record.loads(line)
                except RecordError as exc:
                    raise RecordError(f"{file.name} line {number}: {exc}") from None


def public_record(record: Record, reader: Seat | None = None) -> JSON:
    """What may be shown of ``record``'s game while it runs, to ``reader`` (a seat, or
    ``None`` for anyone): the setup without the seed, and every action except the ones
    decided in secret by another seat (``State.decides_in_secret``: a draft pick, a
    combat dial), written ``[seat, null]``.

    The full record (with the seed, which decides every deal to come) stays with whoever
    runs the game; this is what is shared, served or exported meanwhile.  It cannot be
    replayed; once the game is over, the full record may be shown.

    """
    state = record.replay(upto=0)
    actions: list[list[Any]] = []
    for index, (seat, text) in enumerate(record.actions):
        if text == RESIGN:
            actions.append([seat, RESIGN])
            state.resign(seat)
            continue
        secret = seat != reader and state.decides_in_secret(seat)
        actions.append([seat, None if secret else text])
        try:
            state.apply(seat, state.game.parse_action(text))
        except TabletopError as exc:
            raise RecordError(f"action {index + 1}: {exc}") from exc
    return {
        "format": PUBLIC_FORMAT,
        "version": VERSION,
        "game": record.game,
        "seats": list(record.seats),
        "options": dict(record.options),
        "reader": reader,
        "over": state.is_over(),
        "actions": actions,
    }
