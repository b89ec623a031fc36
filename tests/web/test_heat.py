"""Heat maps: moves drawn where they land, visit shares and value levels (no server needed)."""

from __future__ import annotations

from plyground.arena.adjacency_analysis.game_analyser import SCALE as MARGIN
from plyground.arena.g2048_analysis.game_analyser import SCALE as POINTS
from plyground.core.limits import SearchInfo
from plyground.games import load_game
from plyground.web.sessions.heat import move_cells, value_heat, visit_heat
from plyground.web.views import view_for

MORRIS = "BW./.BB/BW./WB..B./.../BWB/WBW B 0 0 29"  # black moves and may close a mill


def test_a_morris_move_lands_on_its_destination_whatever_it_takes() -> None:
    state = load_game("morris").parse_state(MORRIS)
    legal = view_for("morris").legal(state)
    cells = move_cells(legal)
    assert cells["d6-b6xd7"] == cells["d6-b6xd5"] == "b6"
    assert set(cells) == {move["move"] for move in legal}


def test_visit_shares_add_up_per_cell_and_the_most_visited_is_level_one() -> None:
    state = load_game("morris").parse_state(MORRIS)
    legal = view_for("morris").legal(state)
    info = SearchInfo(extra={"visits": "d6-b6xd7:30,d6-b6xd5:10,a7-d7:0", "playouts": 41})
    takes = [m["move"] for m in legal if m["move"].startswith("d6-b6x")]
    assert {"d6-b6xd7", "d6-b6xd5"} <= set(takes)
    heat = visit_heat(info, legal)
    assert heat is not None and heat["kind"] == "visits" and heat["playouts"] == 41
    assert heat["cells"]["b6"] == {
        "level": 1.0,
        "text": "100%",
        "best": True,
        "note": "40 of 40 visits",
    }
    assert visit_heat(SearchInfo(depth=3, score=1.0), legal) is None  # not an MCTS report


def test_moves_made_by_buttons_have_no_heat() -> None:
    assert move_cells([{"move": "left", "clicks": []}]) == {}
    info = SearchInfo(extra={"visits": "left:5,up:3"})
    assert visit_heat(info, [{"move": "left", "clicks": []}, {"move": "up", "clicks": []}]) is None


def test_value_levels_run_from_the_best_move_to_the_worst_for_the_mover() -> None:
    legal = [{"move": c, "clicks": [{"cell": c, "role": "place"}]} for c in ("a1", "b1", "c1")]
    values = {"to_move": 1, "exact": True, "source": "exact", "depth": 0, "scale": MARGIN,
              "values": {"a1": 4, "b1": -2, "c1": 0}, "best": ["b1"]}  # fmt: skip
    heat = value_heat(values, legal)  # O to move: lower X - O is better for O
    cells = heat["cells"]
    assert cells["b1"]["best"] and cells["b1"]["level"] == 1.0 and cells["b1"]["text"] == "\u22122"
    assert cells["a1"]["level"] == 0.0 and cells["a1"]["text"] == "+4"
    assert cells["c1"]["level"] == round(1 - 2 / 6, 3) and cells["c1"]["text"] == "0"
    assert heat["legend"]["low"] == "loses 6 marks"
    assert heat["legend"]["title"] == (
        "Exact value of each move: the final margin X \u2212 O with best play"
    )
    assert cells["a1"]["note"] == "value +4 (X \u2212 O), loses 6 marks" and heat["moves"] == {}


def test_an_estimate_that_ties_the_books_best_value_is_not_marked_best() -> None:
    legal = [{"move": c, "clicks": [{"cell": c, "role": "place"}]} for c in ("a1", "b1", "c1")]
    values = {"to_move": 0, "exact": False, "source": "engine", "depth": 6, "scale": MARGIN,
              "values": {"a1": -2, "b1": -2, "c1": -3},
              "booked": ["a1"], "best": ["a1"]}  # fmt: skip
    cells = value_heat(values, legal)["cells"]
    assert cells["a1"]["best"] and cells["a1"]["note"].endswith("best")
    assert not cells["b1"]["best"] and cells["b1"]["note"].endswith("loses 0 marks")
    assert cells["c1"]["note"].endswith("loses 1 marks")


def test_values_of_moves_made_by_buttons_go_on_the_buttons_in_the_analysers_words() -> None:
    """2048: directions have no cell; values are expected points, the mover's (more is
    better), whole points with thousands grouped, and nothing says marks or X - O."""
    state = load_game("2048").parse_state("2,0,0,2/0,4,0,0/0,2,8,0/0,0,0,16 0 move")
    legal = view_for("2048").legal(state)
    values = {"to_move": 0, "exact": False, "source": "network", "depth": 2, "scale": POINTS,
              "values": {"up": 12000.4, "right": 10765.0, "down": 11000.0, "left": 12000.0},
              "best": ["up", "left"], "booked": [],
              "valued_by": "the 4x6-tc network at depth 2"}  # fmt: skip
    heat = value_heat(values, legal)
    assert heat["cells"] == {} and set(heat["moves"]) == {"up", "right", "down", "left"}
    up, right, down = heat["moves"]["up"], heat["moves"]["right"], heat["moves"]["down"]
    assert up["best"] and up["level"] == 1.0 and up["text"] == "12,000"
    assert heat["moves"]["left"]["best"] and right["level"] == 0.0 and right["text"] == "10,765"
    assert not down["best"] and down["note"] == "value 11,000 (expected points), loses 1,000 points"
    assert heat["legend"]["low"] == "loses 1,235 points"
    assert heat["legend"]["title"] == (
        "Value of each move, by the 4x6-tc network at depth 2: "
        "the expected points of the rest of the game"
    )
    words = str(heat)
    assert "marks" not in words and "\u2212 O" not in words
