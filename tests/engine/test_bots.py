"""Bots by level: they see only their seat's observation, finish whole matches, and
play even when a thought runs past its budget. Win rates live in the benchmark
(`python -m tools.bench bots`), not here."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import LEVELS, Bot, make_bot
from engine.chance import CHANCE, Dealt, OpenChance, TimeUp
from engine.errors import IllegalAction, NoWorlds
from engine.game import clone
from engine.games.gold.flow import NEGOTIATE
from engine.games.gold.moves import Accept
from engine.local import play
from engine.observe import Witness
from engine.registry import get_game
from engine.search import SearchBot
from engine.wire import replace

SEATS = {"dragon": 4, "den": 3, "wild": 4, "gold": 4}


def searcher(bot: Bot) -> SearchBot | None:
    """The search a bot thinks with, if any (Gold's hard bot searches only at the talks)."""
    return bot if isinstance(bot, SearchBot) else getattr(bot, "search", None)


def quick(bot: Bot) -> Bot:
    """A search bot made deterministic and quick: a fixed number of worlds, no clock."""
    search = searcher(bot)
    if search is not None:
        search.budget, search.least, search.most = 60.0, 2, 2
    return bot


def recorded(game_id: str, seed: int, decisions: int, every: int = 3, phase: str = ""):
    """A match played by easy bots: its fresh state, the actions applied (the open
    chance's deals show every face) and the decisions met on the way (one in about
    `every` actions, or each one made in `phase`), as (seat, how many actions came
    before)."""
    game = get_game(game_id)
    config, seats = game.configure({}, SEATS[game_id])
    fresh = game.setup(config, seats)
    state = game.setup(config, seats)
    bots = [make_bot(game, "easy", seed + s) for s in range(seats)]
    actions, points, before = [], [], state.phase
    for action, _ in play(game, state, bots, seed):
        due = before == phase if phase else len(actions) % every == 0
        if action.seat != CHANCE and due:
            points.append((action.seat, len(actions)))
        actions.append(action)
        before = state.phase
        if len(points) >= decisions:
            break
    return game, fresh, actions, points


def applies(game, obs, action) -> bool:
    """Would the seat's own instance take `action` now? (Gold's splits are too many to list.)"""
    if action is None or isinstance(action, TimeUp):
        return True
    try:
        game.apply(clone(obs.known), action)
    except IllegalAction:
        return False
    return True


def redealt(actions, seat: int, rng: random.Random):
    """The same actions with the faces dealt to every other seat shuffled among those
    deals: another deal of the cards `seat` has not seen."""
    others = [i for i, a in enumerate(actions)
              if type(a) is Dealt and a.to_seat != seat and a.faces]
    by_deck: dict[int, list[int]] = {}
    for i in others:
        by_deck.setdefault(actions[i].deck, []).extend(actions[i].faces)
    for faces in by_deck.values():
        rng.shuffle(faces)
    out = list(actions)
    for i in others:
        pool = by_deck[out[i].deck]
        take = len(out[i].faces)
        out[i] = replace(out[i], faces=tuple(pool[:take]))
        del pool[:take]
    return out


@pytest.mark.parametrize("level", ["random", *LEVELS])
@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_redealing_the_hidden_cards_never_changes_a_choice(game_id, level):
    """A bot is handed its seat's observation only: deal the other seats' hidden cards
    again and, for the same seed, every choice is the same — late enough in the hand
    that the seats' passes and refusals are there for the hard bot to read (in Gold, at
    the talks, where its hard bot searches)."""
    phase = NEGOTIATE if game_id == "gold" else ""
    game, fresh, actions, points = recorded(game_id, 7, 4, every=13, phase=phase)
    rng = random.Random(1)
    for seat, at in points:
        choices = []
        for history in (actions[:at], redealt(actions[:at], seat, rng)):
            witness = Witness(game, fresh, seat)
            for action in history:
                witness.feed(action)
            bot = quick(make_bot(game, level, 11))
            choices.append(bot.choose(game, witness.observe(bot.wants_worlds)))
        assert choices[0] == choices[1]


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_witness_knows_no_face_a_spectator_does_not_but_its_own(game_id):
    """What a seat's instance was shown is what every seat was shown, plus the cards
    dealt to it: nothing of another seat's hand."""
    game, fresh, actions, points = recorded(game_id, 3, 6)
    for seat, at in points:
        witness, public = Witness(game, fresh, seat), Witness(game, fresh, seat)
        own = set()
        for action in actions[:at]:
            witness.feed(action)
            if type(action) is Dealt and action.to_seat == seat:
                own.update((action.deck, p) for p in action.positions)
                public.feed(replace(action, faces=()))
            else:
                public.feed(action)
        from engine.cards import ref_deck, ref_position
        extra = set(witness.state.faces) - set(public.state.faces)
        assert all((ref_deck(c), ref_position(c)) in own for c in extra)


def witnessed(game, fresh, seat: int, actions) -> Witness:
    witness = Witness(game, fresh, seat)
    for action in actions:
        witness.feed(action)
    return witness


def clue_keys(clues) -> list:
    return [(clue.seat, clue.contradicts.args) for clue in clues]


@pytest.mark.parametrize("game_id", ["dragon", "den", "wild"])
def test_clues_are_read_from_the_public_history_and_hold_for_the_real_hands(game_id):
    """What the hard bot infers from the seats' passes, refusals and turns' ends is the
    same whatever the others hold, and the hands the easy bots really held never
    contradict it."""
    game, fresh, actions, points = recorded(game_id, 4, 12, every=5)
    rng, found = random.Random(3), 0
    for seat, at in points:
        clues = game.clues(witnessed(game, fresh, seat, actions[:at]).observe(True))
        again = witnessed(game, fresh, seat, redealt(actions[:at], seat, rng)).observe(True)
        assert clue_keys(clues) == clue_keys(game.clues(again))
        table = game.setup(fresh.config, fresh.seats)  # the open table: every face known
        for action in actions[:at]:
            game.apply(table, action)
        for clue in clues:
            assert not clue.contradicts({c: table.faces[c] for c in table.held[clue.seat]})
        found += len(clues)
    assert found


def test_den_worlds_deal_no_seat_a_face_its_turn_ends_ruled_out(monkeypatch):
    """Dragon Den's turn ends are dealt by, not tried for: where every clue is heeded (its
    `keep` 0), no sampled world deals a seat a card the piles took when it ended a turn
    holding it (the easy bots' real hands never contradict a clue, so such a deal exists).
    Tried deals kept by chance contradicted a third of the clues in a world."""
    game, fresh, actions, points = recorded("den", 4, 30, every=4)
    read = type(game).clues
    monkeypatch.setattr(game, "clues", lambda obs: [dataclasses.replace(c, keep=0.0)
                                                      for c in read(game, obs)])
    found = 0
    for seat, at in points:
        obs = witnessed(game, fresh, seat, actions[:at]).observe(True)
        clues = game.read_clues(obs)
        for r in range(5):
            world, _ = game.determinize(obs, random.Random(r))
            for clue in clues:
                if clue.seat != seat:
                    found += 1
                    assert not clue.contradicts({c: world.faces[c] for c in world.held[clue.seat]})
    assert found


@pytest.mark.parametrize("game_id", sorted(set(SEATS) - {"gold"}))
def test_in_a_playout_the_searching_seat_acts_on_what_it_may_know(game_id):
    """No strategy fusion: in every world a search samples, the policy that plays the
    searching seat's later turns reads only what that seat may know (its hand, the
    table), so it acts alike in worlds its observation cannot tell apart — it never plays
    as if it had seen the other hands, as a search fusing each world's best play would."""
    game, fresh, actions, points = recorded(game_id, 9, 12)
    easy = make_bot(game, "easy", 1)
    for seat, at in points:
        witness = Witness(game, fresh, seat)
        for action in actions[:at]:
            witness.feed(action)
        obs = witness.observe(True)
        worlds = [game.determinize(obs, random.Random(r))[0] for r in range(4)]
        assert len({tuple(sorted(w.faces.items())) for w in worlds}) > 1  # worlds differ
        assert len({repr(easy.act(game, w, seat)) for w in worlds}) == 1


@pytest.mark.parametrize("game_id", ["dragon", "den"])
def test_the_easy_bots_ranking_holds_each_legal_action_once(game_id):
    """The easy bot's ranking of the legal actions, a search's candidates: each once."""
    game, fresh, actions, points = recorded(game_id, 4, 40, every=2)
    easy = make_bot(game, "easy", 1)
    for seat, at in points:
        obs = witnessed(game, fresh, seat, actions[:at]).observe(True)
        ranked = easy.ranked(game, obs)
        assert sorted(map(repr, ranked)) == sorted(map(repr, obs.legal))


@pytest.mark.parametrize("game_id", sorted(set(SEATS) - {"gold"}))
def test_a_world_keeps_what_the_seat_knows_and_deals_the_rest(game_id):
    game, fresh, actions, points = recorded(game_id, 5, 3)
    seat, at = points[-1]
    witness = Witness(game, fresh, seat)
    for action in actions[:at]:
        witness.feed(action)
    obs = witness.observe(True)
    world, chance = game.determinize(obs, random.Random(2))
    assert isinstance(chance, OpenChance)
    assert world.counts == obs.known.counts
    for card, face in obs.known.faces.items():
        assert world.faces[card] == face
    held = [world.faces[c] for s in range(world.seats) for c in world.held[s]]
    assert len(held) == len(set(held)) == sum(world.counts)
    assert game.view(world, seat) == obs.view
    with pytest.raises(NoWorlds):
        game.determinize(Witness(game, fresh, seat).observe(False), random.Random(2))


def _options(game, draw):
    """An option set: every toggle and choice drawn; numbers at their default, but
    matches kept to one hand where a game counts them."""
    options = {}
    for option in game.options:
        if isinstance(option.default, bool):
            options[option.name] = draw(st.booleans())
        elif isinstance(option.default, int):
            if option.name == "hands":
                options[option.name] = 1
        else:
            options[option.name] = draw(st.sampled_from(option.choices))
    return options


@pytest.mark.parametrize("game_id", sorted(SEATS))
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_bots_of_every_level_finish_whole_matches(game_id, data):
    """Every game, its options drawn, seats of every level drawn: the match ends."""
    game = get_game(game_id)
    options = _options(game, data.draw)
    if game.id == "wild":
        options["match"] = "points"
        options["hands"] = 1
    seats = data.draw(st.integers(game.min_seats, min(game.max_seats, 4)))
    config, seats = game.configure(options, seats)
    seed = data.draw(st.integers(0, 10_000))
    bots = []
    for s in range(seats):
        bot = make_bot(game, data.draw(st.sampled_from(["random", *LEVELS])), seed + s)
        search = searcher(bot)
        if search is not None:
            search.budget, search.most = 0.003, 2
        bots.append(bot)
    state = game.setup(config, seats)
    for n, _ in enumerate(play(game, state, bots, seed)):
        assert n < 200_000
    assert game.outcome(state) is not None


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_thought_past_its_budget_still_plays(game_id, monkeypatch):
    """A hard bot whose every playout takes longer than its whole budget still answers,
    soon after the budget, with a legal action (Gold's: at the talks, where it searches)."""
    phase = NEGOTIATE if game_id == "gold" else ""
    game, fresh, actions, points = recorded(game_id, 9, 8, phase=phase)
    slow = SearchBot.playout

    def sluggish(self, *args):
        time.sleep(0.03)
        return slow(self, *args)

    monkeypatch.setattr(SearchBot, "playout", sluggish)
    assert points
    for seat, at in points:
        obs = witnessed(game, fresh, seat, actions[:at]).observe(True)
        bot = make_bot(game, "hard", 1)
        bot.budget = 0.01
        start = time.perf_counter()
        chosen = bot.choose(game, obs)
        took = time.perf_counter() - start
        assert applies(game, obs, chosen)
        assert took < 0.01 * 2 + 0.2


def test_a_search_says_whether_the_wall_clock_or_its_budget_ended_it(monkeypatch):
    """A search starved of the CPU (its playouts wait, as on a busy machine) is cut by
    the wall clock and says so; one that spends its CPU budget does not: the benchmark
    counts the cut searches, whose figures a busy machine weakens."""
    game, fresh, actions, points = recorded("dragon", 9, 8)
    slow = SearchBot.playout

    def waiting(self, *args):
        time.sleep(0.01)
        return slow(self, *args)

    cut, spent = [], []
    for seat, at in points:
        obs = witnessed(game, fresh, seat, actions[:at]).observe(True)
        starved = make_bot(game, "hard", 1)
        starved.budget, starved.stretch = 10.0, 0.001  # the wall clock ends it first
        with monkeypatch.context() as patch:
            patch.setattr(SearchBot, "playout", waiting)
            starved.choose(game, obs)
        full = make_bot(game, "hard", 1)
        full.budget, full.stretch, full.least = 0.0, 1e6, 1  # its CPU budget ends it
        full.choose(game, obs)
        if starved.worlds or full.worlds or starved.cut_short:
            cut.append(starved.cut_short)
            spent.append(full.cut_short)
    assert cut and all(cut) and not any(spent)


def test_golds_hard_bot_never_takes_nothing_while_it_may_propose():
    """At the talks, the hard bot accepts no split that gives it nothing of a hoard worth
    something while it may still propose a better one."""
    game, fresh, actions, points = recorded("gold", 2, 24, phase=NEGOTIATE)
    assert points
    for seat, at in points:
        obs = witnessed(game, fresh, seat, actions[:at]).observe(True)
        chosen = quick(make_bot(game, "hard", 3)).choose(game, obs)
        talks, kill = obs.known.talks, obs.known.kill
        if isinstance(chosen, Accept) and talks.made.get(seat, 0) < obs.config["proposals"]:
            share = talks.split[kill.involved.index(seat)]
            assert any(share) or not any(kill.hoard)
        assert applies(game, obs, chosen)


def test_greedy_names_the_easy_level():
    for game_id in SEATS:  # the four games (tests register others, with no bots)
        game = get_game(game_id)
        assert type(make_bot(game, "greedy", 1)) is type(make_bot(game, "easy", 1))
