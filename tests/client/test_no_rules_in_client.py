"""The client holds no rule of its own: it asks the engine (Game.why_not, legal actions),
so no file in client/ names a rule clause of docs/rules (D, DN, W, G)."""

import ast
import re
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[2] / "client"
RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
CLAUSE = re.compile(r"\b(?:DN|D|W|G)\d+(?:\.\d+)*\b")


def test_the_pattern_matches_the_clauses_the_rules_number():
    for rules in RULES.glob("*.md"):
        assert CLAUSE.search(rules.read_text()), rules.name


def test_no_file_in_the_client_names_a_rule_clause():
    named = [f"{path.relative_to(CLIENT)}:{n}: {line.strip()}"
             for path in sorted(CLIENT.rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if CLAUSE.search(line)]
    assert not named, named


ENGINE = Path(__file__).resolve().parents[2] / "engine" / "games"
#: where the engine keeps the sentences that explain its rules to a player
SAYERS = ("advice.py", "refusals.py")


def _sentences(path: Path, shortest: int) -> set[str]:
    """The string literals of a module at least `shortest` long (the words of an f-string
    between its fields; docstrings left out), as the parser joins them across lines."""
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
            and isinstance(node.body[0], ast.Expr)}
    return {node.value.strip() for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs and len(node.value.strip()) >= shortest}


def test_the_rules_sentences_the_engine_says_are_not_said_again_in_the_client():
    """A rule's sentence for a player (Game.advice, Game.why_not) lives beside the rules; the
    client draws what the engine says, so none of those sentences may come back to client/."""
    said = set().union(*(_sentences(p, 20) for name in SAYERS for p in ENGINE.rglob(name)))
    assert len(said) > 20  # the pattern still finds the engine's sentences
    client = {(path.relative_to(CLIENT), text) for path in CLIENT.rglob("*.py")
              for text in _sentences(path, 20)}
    again = [(str(where), text) for where, text in client for sentence in said
             if sentence in text or text in sentence]
    assert not again, again


#: table words issue 29 moved to the engine (Dragon's middle of the table, its opening's wait
#: and a hand's result; Gold's turn line and a Magic Object's target):
#: none may be built in client/ again, even a fragment too short for the sentence test above
MOVED = re.compile(r"3 of Stars|played a \{|chooses an attack|whole pot|in a pot of|"
                   r"click (?:one of your|another player|a Dragon|a token|an adventurer)|"
                   r"now click")
#: names joined by hand (", ".join(…name…), " and ".join(…)): the engine's join_words and
#: Names.group say "Ana, Bo and you" in one place
JOINED = re.compile(r"""["'](?:, |,? and )["']\.join\([^)]*(?:name|who)""")


def test_the_table_words_the_engine_says_are_not_built_in_the_client():
    found = [f"{path.relative_to(CLIENT)}:{n}: {line.strip()}"
             for path in sorted(CLIENT.rglob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if MOVED.search(line) or JOINED.search(line)]
    assert not found, found


def test_the_patterns_find_what_they_ban():
    assert MOVED.search('f"{who} played a {kind}"') and MOVED.search('"The 3 of Stars leads"')
    assert JOINED.search("f\"Waiting for {' and '.join(names)}\"")
    assert JOINED.search('", ".join(self.name(s) for s in left)')
