"""Every game's view against its rules, over random playouts: the board the page draws, the
click paths it offers, the marks and what each move changed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.core.errors import IllegalMoveError, SettingsError, UnknownNameError
from plyground.core.game import State
from plyground.games import game_names, load_game
from plyground.web.views import ROLES, view_for, viewable_games
from plyground.web.views.queens import COUNT_MAX_SIZE, QueensView

SPECS = ["adjacency(size=5,rounds=6)", "tictactoe", "morris", "2048", "queens(size=6)"]


def test_every_registered_game_has_a_view() -> None:
    assert set(viewable_games()) == set(game_names())


def check_view(state: State) -> None:
    """What the page is told about ``state`` agrees with the rules."""
    view = view_for(state.game.name)
    layout = view.layout(state.game)
    names = [name for name in layout.names if name is not None]
    tokens = view.tokens(state)
    assert len(tokens) == layout.rows * layout.columns
    assert all(token == "" or token in layout.tokens or layout.pieces == "tile" for token in tokens)
    assert all(a in names and b in names for a, b in layout.lines)
    legal = view.legal(state)
    texts = [entry["move"] for entry in legal]
    assert texts == [state.move_text(move) for move in state.legal_moves()]
    paths = [tuple(click["cell"] for click in entry["clicks"]) for entry in legal]
    buttons = {button.move for button in layout.buttons}
    for entry, path in zip(legal, paths, strict=True):
        if not path:  # a move by button: the layout offers it
            assert entry["move"] in buttons
            continue
        assert all(cell in names for cell in path)
        assert all(click["role"] in ROLES for click in entry["clicks"])
        # A path is never the beginning of another: the page knows when a move is complete.
        assert not any(other != path and other[: len(path)] == path for other in paths)
        assert view.move_for_click(state, entry["move"]) in state.legal_moves()
    assert len(set(paths) - {()}) == len([p for p in paths if p])  # one path, one move
    assert view.clickable(state) == list(dict.fromkeys(p[0] for p in paths if p))
    for cell, mark in view.marks(state).items():
        assert cell in names and all(other in names for other in mark.cells)
    if state.game.name != "adjacency":  # the winner and the scores say it all there
        assert (view.headline(state) is not None) == state.is_terminal()


@pytest.mark.parametrize("spec", SPECS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_views_follow_the_rules_over_random_playouts(spec: str, seed: int) -> None:
    rng = random.Random(seed)
    game = load_game(spec)
    view = view_for(game.name)
    layout = view.layout(game)
    state = game.initial_state()
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = state.chance_outcomes()
            move = rng.choice([outcome for outcome, _ in outcomes])
        else:
            check_view(state)
            move = rng.choice(list(state.legal_moves()))
        after = state.play(move)
        effects = view.effects(state, move, after, layout)
        changed = {
            name
            for name, old, new in zip(layout.names, view.tokens(state), view.tokens(after),
                                      strict=True)
            if name and old != new
        }  # fmt: skip
        assert changed <= set(effects), (state.text(), state.move_text(move))
        state = after
    check_view(state)


def test_morris_paths_name_the_parts_of_a_move() -> None:
    state = load_game("morris").parse_state("WW./BB./.../.....W/B.B/W.B/W.. W 0 0 20")
    paths = {
        e["move"]: [(c["cell"], c["role"]) for c in e["clicks"]]
        for e in view_for("morris").legal(state)
    }
    assert paths["a1-d1"] == [("a1", "from"), ("d1", "to")]
    assert paths["g4-g7xb6"] == [("g4", "from"), ("g7", "to"), ("b6", "take")]


def test_queens_marks_name_the_attacker_and_the_tools_solve_from_the_board() -> None:
    game = load_game("queens(size=8)")
    state = game.initial_state().play(0).play(4)  # a1, b5
    marks = QueensView().marks(state)
    assert marks["c4"].cells == ("b5",) and "diagonal" in marks["c4"].note
    assert marks["c1"].cells == ("a1",) and "row" in marks["c1"].note
    assert set(marks) == {"c1", "c3", "c4", "c5", "c6"}
    result = QueensView().run_tool("solve", game.initial_state(), state, {"method": "mac"}, 5.0)
    assert result.found and len(result.moves) == 6 and not result.restart
    for move in result.moves:
        state = state.play(state.parse_move(move))
    assert state.is_solved()  # type: ignore[attr-defined]
    tools = {t.name: t for t in QueensView().tools(load_game(f"queens(size={COUNT_MAX_SIZE + 1})"))}
    assert tools["count"].disabled and not tools["solve"].disabled


def test_2048_hint_is_the_bots_move_and_refuses_where_there_is_none() -> None:
    game = load_game("2048")
    view = view_for("2048")
    assert [tool.name for tool in view.tools(game)] == ["hint"]
    single = game.parse_state("2,4,2,0/4,2,4,0/2,4,2,0/4,2,4,0 0 move")  # only right changes it
    hint = view.run_tool("hint", single, single, {}, 0.2)
    assert hint.summary == "Hint: right" and hint.moves == () and hint.found
    facts = dict(hint.facts)
    assert facts["Best move"] == "right" and int(facts["Depth"]) >= 1
    lost = game.parse_state("2,4,2,4/4,2,4,2/2,4,2,4/4,2,4,2 0 move")
    with pytest.raises(IllegalMoveError, match="no move to hint: the game is over"):
        view.run_tool("hint", lost, lost, {}, 0.2)
    spawn = game.parse_state("2,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 0 spawn")
    with pytest.raises(IllegalMoveError, match="a tile spawns next"):
        view.run_tool("hint", spawn, spawn, {}, 0.2)
    with pytest.raises(SettingsError, match="unknown setting 'depth'"):
        view.run_tool("hint", single, single, {"depth": 3}, 0.2)
    with pytest.raises(UnknownNameError, match="2048 has no tool 'solve'"):
        view.run_tool("solve", single, single, {}, 0.2)


@pytest.mark.parametrize("name", ["adjacency", "tictactoe", "morris"])
def test_a_two_player_games_hint_names_a_legal_move_and_refuses_options(name: str) -> None:
    """The views hand hints to :mod:`plyground.arena.analysis.hints` (tested there): the tool is
    offered, answers a legal move, plays nothing, and refuses options and other tools."""
    game = load_game(name)
    view = view_for(name)
    assert [tool.name for tool in view.tools(game)] == ["hint"]
    state = game.initial_state()
    view.prepare_tool("hint", game, 1.0)
    result = view.run_tool("hint", state, state, {}, 1.0)
    move = result.summary.removeprefix("Hint: ")
    assert move in {state.move_text(m) for m in state.legal_moves()} and result.moves == ()
    with pytest.raises(SettingsError, match="unknown setting 'depth'"):
        view.run_tool("hint", state, state, {"depth": 3}, 1.0)
    with pytest.raises(UnknownNameError, match=f"{name} has no tool 'solve'"):
        view.run_tool("solve", state, state, {}, 1.0)
