"""The contract every game implements, and the small value types it speaks in.

A game is a `Game` subclass registered by id (see `engine.registry`). Its state
is a mutable `State` owned by one engine instance: `apply` validates an action
completely before it changes anything, so an illegal action leaves the state
as it was.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from engine.chance import CHANCE, ChanceRequest, ShuffleRequest
from engine.errors import BadOption, IllegalAction, NoTakeBack, NoWorlds
from engine.fields import CHECKS, check_seat, compile_checks
from engine.takeback import takeback_refusal
from engine.tell import Names, capital
from engine.wire import Action, Event, Value

#: a lockstep table's step, as the rules count time ("steps of 50 ms"; net's pace)
STEP_SECONDS = 0.05


@dataclass(frozen=True, slots=True)
class Option:
    """One table option: a bool, an int in [low, high] or a str among `choices`. A `timed`
    option counts lockstep steps, which a player reads in seconds; `label` names it for a
    player where its name says how it is counted ('negotiation_steps': 'Negotiation time')."""

    name: str
    default: bool | int | str
    help: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    timed: bool = False
    label: str = ""
    #: what some values mean to a player, where the value alone says nothing ('no limit'
    #: for a hand limit of 0, 'one hand per player' for Wild's 'deals')
    meanings: tuple[tuple[bool | int | str, str], ...] = ()

    def parse(self, text: str) -> bool | int | str:
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise BadOption(f"option {self.name} takes true or false, not {text!r}")
        if isinstance(self.default, int):
            try:
                value = int(text)
            except ValueError:
                raise BadOption(f"option {self.name} takes a whole number, not {text!r}") from None
            return self.check(value)
        return self.check(text)

    def check(self, value: Any) -> bool | int | str:
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise BadOption(f"option {self.name} takes true or false, not {value!r}")
        elif isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(f"option {self.name} takes a whole number, not {value!r}")
            if not self.low <= value <= self.high:
                raise BadOption(f"option {self.name} must be {self.low}..{self.high}, not {value}")
        elif value not in self.choices:
            raise BadOption(f"option {self.name} must be one of {', '.join(self.choices)}")
        return value

    @property
    def title(self) -> str:
        """The option as a player reads it at the table's setup: 'Chop in'."""
        return self.label or self.name.replace("_", " ").capitalize()

    def words(self, value: bool | int | str) -> str:
        """A value as a player reads it: 'on', '1,000', 'three of stars', '10 s', 'no
        limit'."""
        meant = dict(self.meanings).get(value)
        if meant is not None and type(value) is type(self.default):
            return meant
        if isinstance(value, bool):
            return "on" if value else "off"
        if isinstance(value, int) and self.timed:
            return f"{value * STEP_SECONDS:,.2f}".rstrip("0").rstrip(".") + " s"
        if isinstance(value, int):
            return f"{value:,}"
        return str(value).replace("_", " ")

    def describe(self) -> str:
        if isinstance(self.default, bool):
            kind = "true|false"
        elif isinstance(self.default, int) and self.timed:
            kind = f"{self.low}..{self.high} steps of {STEP_SECONDS * 1000:g} ms"
        elif isinstance(self.default, int):
            kind = f"{self.low}..{self.high}"
        else:
            kind = "|".join(self.choices)
        return f"{self.name}={kind} (default {self.default}): {self.help}"


def options_from_pairs(pairs: list[str]) -> dict[str, str]:
    """`["hands=2", "lead=winner"]` (the command line's --option) as a dict of texts."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOption(f"--option takes KEY=VALUE, not {pair!r}")
        options[key.strip()] = value
    return options


class Timer(Value):
    """An open decision window that lasts `steps` lockstep steps from when it opened.

    `key` changes whenever a new window opens, so the table can tell one
    window from the next and answer with `TimeUp(key)` at its deadline.
    """

    key: int
    steps: int
    what: str


class Outcome(Value):
    """How a finished match ended: a score per seat and who won."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    detail: str = ""


class View(Value, kw_only=True, omit_defaults=True):
    """What one seat (or a spectator) may see: each game's view subclasses it with its own
    fields. Frozen structs, so the client reads attributes (a misspelt one fails at once,
    where a dict key would quietly read a default) and msgspec encodes them for the hash;
    a field at its default (a spectator's missing hand) is left out of the encoding."""

    phase: str
    to_act: tuple[int, ...]
    turn: int
    timer: Timer | None = None


class Refusal(Value):
    """Why a player's selection is no legal play: the clause it breaks and a sentence for the
    player (the client shows it above its buttons, never restating a rule of its own)."""

    rule: str
    text: str


class Advice(Value):
    """What a seat may do now, as the game's rules say it: a panel's title and the sentences
    under it. The client draws them as they are, so no rule is restated outside the engine."""

    title: str
    lines: tuple[str, ...] = ()


def clone(state: State) -> State:
    """A deep copy of a state (a pickle round trip: three to four times as fast as
    copy.deepcopy on the games' states)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def top_seats(scores) -> tuple[int, ...]:
    """The seats with the highest score: a match's winners (ties all win)."""
    top = max(scores)
    return tuple(s for s, c in enumerate(scores) if c == top)


class LazyActions(Sequence):
    """Legal actions built only when picked (a hand can offer hundreds): subclasses
    set `size` and build the action at a valid index in `build`."""

    size = 0
    #: True when the sequence keeps no reference to the game's state, so it may be handed
    #: to another thread as it is: a hoard's billions of splits cannot be copied out
    detached = False

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i):
        if type(i) is not int:
            return [self[j] for j in range(*i.indices(self.size))]
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(i)
        return self.build(i)

    @abstractmethod
    def build(self, i: int) -> Action:
        """The action at index `i` (0 <= i < size)."""


class State:
    """Common part of every game's state."""

    def __init__(self, game_id: str, config: dict[str, Any], seats: int):
        self.game_id = game_id
        self.config = config
        self.seats = seats
        self.timer: Timer | None = None
        self.timer_count = 0
        self.faces: dict[int, int] = {}  # card ref -> face, for the refs this instance was shown

    def open_timer(self, steps: int, what: str) -> Timer:
        self.timer_count += 1
        self.timer = Timer(self.timer_count, steps, what)
        return self.timer



class Game(ABC):
    """Base of every game. Subclasses set the class attributes and override the hooks.

    The engine's door: whatever a subclass defines as `apply`, `legal_actions` or
    `view` is wrapped so that a malformed action (engine.fields) or a seat that is not
    at the table is refused with IllegalAction before the game's code sees it."""

    id: str = ""
    name: str = ""
    min_seats: int = 2
    max_seats: int = 2
    options: tuple[Option, ...] = ()
    score_unit: str = "point"  # what a score counts, in the words of the game's end

    # -- configuration -------------------------------------------------------
    def configure(self, options: dict[str, Any] | None = None, seats: int | None = None):
        """Validate options (strings are parsed) and the seat count; fill defaults."""
        seats = self.min_seats if seats is None else seats
        if not self.min_seats <= seats <= self.max_seats:
            span = (
                f"exactly {self.min_seats}"
                if self.min_seats == self.max_seats
                else f"{self.min_seats}-{self.max_seats}"
            )
            raise BadOption(f"{self.name} is for {span} players, not {seats}")
        by_name = {o.name: o for o in self.options}
        config = {o.name: o.default for o in self.options}
        for name, value in (options or {}).items():
            option = by_name.get(name)
            if option is None:
                known = ", ".join(by_name) or "none"
                raise BadOption(f"{self.name} has no option {name!r} (options: {known})")
            config[name] = option.parse(value) if isinstance(value, str) else option.check(value)
        return config, seats

    def goal_words(self, config: dict[str, Any], seats: int) -> str:
        """What ends a match with these options, for the table's title ('first to 200
        points'); a game whose match always ends alike says nothing."""
        return ""

    def options_words(self, config: dict[str, Any]) -> str:
        """A table's options as the setup shows them: 'Chips 1,000, Chop in off, Lead three
        of stars' (the command lines' headers say them so too)."""
        return ", ".join(f"{o.title} {o.words(config[o.name])}" for o in self.options
                         if o.name in config) or "no options"

    # -- the contract ------------------------------------------------------
    @abstractmethod
    def setup(self, config: dict[str, Any], seats: int) -> State:
        """A new match with its first chance request pending."""

    @abstractmethod
    def chance_request(self, state: State) -> ChanceRequest | None:
        """The chance input the state waits for, if any; it comes before any seat acts."""

    @abstractmethod
    def to_act(self, state: State) -> tuple[int, ...]:
        """Seats whose decision is awaited (several during a simultaneous stage)."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        """Every action `seat` may take now, as far as this instance knows its cards."""

    #: action type -> the function(game, state, action) that applies it: the moves as data
    moves: dict[type, Callable] = {}
    #: the clause an action of no move of this game breaks
    moves_clause = ""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, guard in _GUARDS.items():
            if name in cls.__dict__:
                setattr(cls, name, guard(cls.__dict__[name]))

    def apply(self, state: State, action: Action) -> list[Event]:
        """Apply a seat's or chance's action; raise IllegalAction and change nothing."""
        self.check(state, action)
        move = self.moves.get(type(action))
        if move is None:
            raise IllegalAction(self.moves_clause,
                                f"{type(action).__name__} is not a {self.name} action")
        return move(self, state, action)

    def vet(self, state: State, action: Action) -> None:
        """Refuse, with IllegalAction, an action made at this instance (local play, or this
        peer's own seat before it is sent) that the faces this instance was shown prove
        false. `apply` may not make such checks, since every instance must judge a peer's
        action alike; games whose actions make claims on hidden cards add theirs here. By
        default nothing: everything else is `apply`'s to refuse."""
        return None

    @abstractmethod
    def view(self, state: State, seat: int | None) -> View:
        """What `seat` may see; seat None is a spectator (the public projection)."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """None while the match goes on."""

    def determinize(self, obs, rng) -> tuple[State, Any]:
        """A whole world consistent with observation `obs` (engine.observe): a state in
        which the cards `obs.seat` has not seen are dealt at random from those unaccounted
        for, and the chance provider (an `OpenChance`) that deals the rest of the match from
        what is left. Made from `obs.known` alone — the seat's own knowledge — so nothing of
        the table's real hidden cards can leak into it. Raise NoWorlds where a game offers no
        worlds (its bots do not search)."""
        raise NoWorlds(f"{self.name} samples no worlds")

    def standing(self, state: State) -> tuple[float, ...]:
        """Each seat's score so far, higher better: what a search's playouts compare. By
        default the outcome's scores once over, else nothing to tell the seats apart."""
        outcome = self.outcome(state)
        return tuple(outcome.scores) if outcome is not None else (0.0,) * state.seats

    def match_chance(self, state: State, lead: float) -> float | None:
        """The chance a seat `lead` points ahead of the best other seat in `state`, the
        match going on, wins it: what a search playing for the match
        (`engine.search.value`) makes of a world whose hand did not end it, beside the
        worlds that did. None: the game does not say (a match of so many hands, where
        every world of a decision ends it or none does)."""
        return None

    def episode(self, state: State) -> Any:
        """What a search's playout plays to the end of: it stops once this changes. By
        default the hand (dealing games), else the whole match."""
        return getattr(state, "hand", None)

    def next_shuffle(self, state: State) -> ShuffleRequest | None:
        """The fresh shuffle the rules will ask for next, when it is known already (the next
        hand's deck, while this hand is played): the table may shuffle it ahead. By default
        none is known."""
        return None

    def finished_decks(self, state: State) -> frozenset[int]:
        """Decks whose cards can no longer be dealt, revealed or played: their seeds may be
        disclosed (and the deck audited) without showing anything still hidden. By default
        none, so decks are audited when the match ends."""
        return frozenset()

    # -- shared helpers ------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        """The door's check of an action: a wire type whose fields have their declared kinds."""
        checker = CHECKS.get(type(action))  # inline: this runs on every move of every playout
        if checker is None:
            if not isinstance(action, Action):
                raise IllegalAction(self.moves_clause, f"{action!r} is not an action")
            checker = compile_checks(type(action))
        problem = checker(action, state.seats)
        if problem is not None:
            raise IllegalAction(self.moves_clause, problem)

    def public_hash(self, state: State) -> str:
        """A stable hash of the public projection, compared across peers for desyncs."""
        blob = msgspec.msgpack.encode(self.view(state, None))
        return hashlib.blake2b(blob, digest_size=16).hexdigest()

    def reveals(self, action: Action) -> tuple[tuple, tuple]:
        """(card refs, faces) that `action` turns face up, which the network checks against
        the deck before `apply` sees it. By default an action's `refs` and `faces` fields,
        or its single `card` and `face`; games with other shapes override this."""
        fields = action._fields
        if "refs" in fields and "faces" in fields:
            return action.refs, action.faces
        if "card" in fields and "face" in fields:
            return (action.card,), (action.face,)
        return (), ()

    def why_not(self, view: View, seat: int, selection: Any, names: Names) -> Refusal | None:
        """Why `selection` (a game's own shape: the faces chosen, a pile...) is not a play
        `seat` may make in `view`, or None where the game has nothing to say. Asked by the
        client, which holds a view, not a state."""
        return None

    def advice(self, view: View, seat: int | None, names: Names) -> Advice | None:
        """What `seat` (None: a spectator) may do now in `view`, in the rules' words, for the
        panel of the phase the view is in; None where the game's table needs none."""
        return None

    def takeback_refusal(self, seat: int, history: Sequence[Action], before: State | None,
                         after: State) -> NoTakeBack | None:
        """Why `seat` may not take back its last action now (engine.takeback), or None:
        `history` is every action applied, chance's too; `after` the state now, `before`
        the state kept from just before the last action (None if none was kept)."""
        return takeback_refusal(self, seat, history, before, after)

    def final(self, before: State, after: State) -> str | None:
        """Why the action that made `after` of `before` may not be taken back though nothing
        happened since (Dragon's Gold: 'the negotiation closed'); by default nothing."""
        return None

    #: event type -> the function(event, names) that tells it (engine.tell): the story as data;
    #: an action that makes no event may have one too (`told`)
    tellers: dict[type, Callable[[Event, Names], str]] = {}

    def tell(self, event: Event, names: Names) -> str:
        """One sentence of the table's story as `names.listener` hears it: every event a
        game makes has its teller (a test holds each game to it); one without is named by
        its type and its seat rather than lost. An action is told by `told`."""
        teller = self.tellers.get(type(event))
        if teller is not None:
            return teller(event, names)
        what = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type(event).__name__).lower()
        seat = getattr(event, "seat", CHANCE)
        return f"{names.who(seat, start=True)}: {what}." if 0 <= seat < len(names.seats) else \
            f"{capital(what)}."

    def told(self, action: Action, events: Sequence[Event], names: Names) -> tuple[str, ...]:
        """What the table hears of an applied `action` that made `events`: their sentences.
        One that made none is told in the game's words where it has some (Wild's buy
        declined), else not at all: the events that follow tell what it began (a draw, by
        the card the deck deals; a chance answer, by what it turns up), and its type's
        name ('You: draw.') would only say it twice."""
        if events:
            return tuple(self.tell(event, names) for event in events)
        teller = self.tellers.get(type(action))
        return () if teller is None else (teller(action, names),)

    #: action type -> the function(action, view, names) that says it as a hint's verb phrase
    #: ('lay the 7 of Stars on the north pile'), so a hint is worded by the game, not the window
    hinters: dict[type, Callable[[Action, View, Names], str]] = {}
    #: why a bot would do nothing yet, where a game has such moments (Gold's talks)
    waiting_words = "wait and see what the others do"

    #: the function(action, view, names) that says why `action` is a good play for
    #: `names.listener` in `view`, in the game's words read off that view ('it beats the
    #: trick with your lowest pair that does'); "" where it has nothing to say
    reasons: Callable[[Action, View, Names], str] | None = None

    def hint(self, action: Action | None, view: View, names: Names, level: str) -> str:
        """What the `level` bot would do at `names.listener`'s seat (whose `view` it is), as
        one sentence: its `action` and why it is good, or (None) why it would wait."""
        if action is None:
            return f"The {level} bot would {self.waiting_words}."
        why = self.why(action, view, names)
        return f"The {level} bot would {self._hinted(action, view, names)}" + \
            (f": {why}." if why else ".")

    def why(self, action: Action, view: View, names: Names) -> str:
        """Why `action` is good for `names.listener` in `view`, in the game's words ("" where
        the game says nothing)."""
        return self.reasons(action, view, names) if self.reasons is not None else ""

    def also(self, action: Action, view: View, names: Names) -> str:
        """Another legal action a Hint pressed again selects, as one sentence: 'You could
        also play a pair of 4s.'"""
        return f"You could also {self._hinted(action, view, names)}."

    def said(self, action: Action, view: View, names: Names) -> str:
        """An action as a verb phrase in `view`, the state it was made in: a take-back's
        question ('Ana asks to take back: play a pair of 7s')."""
        return self._hinted(action, view, names)

    def _hinted(self, action: Action, view: View, names: Names) -> str:
        hinter = self.hinters.get(type(action))
        return hinter(action, view, names) if hinter is not None else re.sub(
            r"(?<=[a-z])(?=[A-Z])", " ", type(action).__name__).lower()


def _guard_apply(apply):
    @functools.wraps(apply)
    def guarded(self, state, action):
        self.check(state, action)
        return apply(self, state, action)
    return guarded


def _guard_seat(method, spectator: bool = False):
    @functools.wraps(method)
    def guarded(self, state, seat):
        if type(seat) is not int or not 0 <= seat < state.seats:
            check_seat(seat, state.seats, self.moves_clause, spectator)  # refuses, or spectator
        return method(self, state, seat)
    return guarded


_GUARDS = {"apply": _guard_apply, "vet": _guard_apply, "legal_actions": _guard_seat,
           "view": functools.partial(_guard_seat, spectator=True)}
