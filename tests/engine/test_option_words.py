"""How the lobby states each table option: a phrase of its own, never "Name: On: …"."""

from __future__ import annotations

from engine.registry import GAMES, game_spec


def test_the_spinner_says_itself_instead_of_name_colon_label_colon() -> None:
    all_fives = game_spec("all-fives")
    assert all_fives.describe_options({})[1] == "Spinner: the first double opens four ways"
    assert all_fives.describe_options({"spinner": "off"})[1] == (
        "No spinner: the line has two ends only"
    )


def test_the_fido_divisor_is_the_number_in_force() -> None:
    fido = game_spec("fido")
    assert fido.describe_options({})[:2] == [
        "Domino set: double-12 (91 tiles)",
        "Divisor 7 (the set's own)",
    ]
    assert fido.describe_options({"set": 21})[1] == "Divisor 13 (the set's own)"
    assert fido.describe_options({"set": 9, "divisor": 7})[1] == "Divisor 7"


def test_no_lobby_phrase_stacks_two_colons() -> None:
    for spec in GAMES.values():
        for option in spec.options:
            for choice in option.choices:
                phrase = spec.describe_options({option.name: choice.value})[
                    spec.options.index(option)
                ]
                assert phrase.count(":") <= 1, phrase
