"""Gold's words for a listener that the table draws as they are: the end's headline (the end
panel draws the engine's advice; the 1280 screenshot once said "You wins") and an offer at
the Market (the panel once listed "Ana → you: gives ...; asks ...")."""

import pytest

from engine.games.gold import moves
from engine.games.gold.rules import GAME
from engine.games.gold.telling.words import game_over, offer_words
from engine.tell import Names
from tests.engine.gold_helpers import counts

NAMES = ("Ana", "Bot 2", "you-know-who", "Bot 4")


@pytest.mark.parametrize("winners, listener, said", [
    ((1,), None, "Bot 2 wins"),
    ((0,), 0, "you win"),
    ((0, 2), 2, "Ana and you win"),
    ((1, 3), 0, "Bot 2 and Bot 4 win"),
    ((), 0, "nobody wins"),  # G13.5: every seat forfeited
])
def test_G14_6_the_verb_agrees_with_the_winners(winners, listener, said):
    assert game_over(winners, Names(NAMES, listener)) == f"The game is over: {said}"


@pytest.mark.parametrize("seat, partner, listener, said", [
    (0, 1, 1, "Ana offers you 2 gold tokens for 1 silver token"),
    (1, 0, 2, "Bot 2 offers 2 gold tokens to Ana for 1 silver token"),
    (2, 3, 2, "You offer 2 gold tokens to Bot 4 for 1 silver token"),
])
def test_G11_2_an_offer_is_said_for_the_listener(seat, partner, listener, said):
    names = Names(NAMES, listener)
    give, get = counts("2g"), counts("1s")
    assert offer_words(seat, partner, give, get, names) == said
    assert GAME.tell(moves.Offered(seat, partner, 1, give, get), names) == said + "."


def test_G11_2_an_offer_of_nothing_for_tokens_says_nothing():
    said = offer_words(0, 1, counts(""), counts("1r"), Names(NAMES, 0))
    assert said == "You offer nothing to Bot 2 for 1 red token"


def test_G7_a_split_is_named_as_a_player_names_it_not_by_its_serial():
    """One split is on the table at a time: the log says who proposed it, then 'the
    split' ('split number 7' was the engine's counter, shown nowhere else)."""
    names = Names(NAMES, 0)
    split = (counts("1g"), counts("1s"))
    said = [GAME.tell(event, names) for event in (
        moves.Proposed(1, 7, split, (0, 1)), moves.Accepted(0, 7), moves.Rejected(3, 7),
        moves.Agreed(7))]
    assert said == ["Bot 2 proposes a split: you get 1 gold token; Bot 2 gets 1 silver token.",
                    "You accept the split.", "Bot 4 rejects the split.",
                    "Everyone agrees on the split."]


def test_a_hint_names_a_lair_by_its_dragon_and_a_split_by_its_proposer():
    """The table shows lairs by their Dragons' names and a split by who proposed it: a hint
    says them so ('send a knight against Sootwing', 'accept Bot 2's split'), not 'the 2nd
    lair' or 'split number 7'."""
    from engine.bots import make_bot
    from engine.games.gold.components import DRAGONS
    from engine.local import play

    config, seats = GAME.configure({}, 4)
    state = GAME.setup(config, seats)
    bots = [make_bot(GAME, "greedy", s) for s in range(seats)]
    attacked = accepted = None
    for _ in play(GAME, state, bots, seed=3):
        for seat in GAME.to_act(state):
            view, names = GAME.view(state, seat), Names(NAMES, seat)
            for action in GAME.legal_actions(state, seat):
                if isinstance(action, moves.Attack) and attacked is None:
                    dragon = DRAGONS[view.dragons[action.slot].dragon].name
                    attacked = GAME.also(action, view, names), dragon
                elif isinstance(action, moves.Accept) and accepted is None:
                    whose = names.whose(view.kill.proposal.by)
                    accepted = GAME.also(action, view, names), whose
        if attacked and accepted:
            break
    assert attacked[0].endswith(f" against {attacked[1]}."), attacked
    assert accepted[0] == f"You could also accept {accepted[1]} split.", accepted
