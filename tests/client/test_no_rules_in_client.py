"""The client holds no rule of its own: it asks the engine (Game.why_not, legal actions),
so no file in client/ names a rule clause of docs/rules (D, DN, W, G)."""

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
