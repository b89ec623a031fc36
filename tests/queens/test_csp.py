"""The generic CSP package on problems that are not N-Queens, and its options."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plyground.algorithms.csp import (
    CSP,
    INFERENCES,
    VALUE_ORDERS,
    VARIABLE_ORDERS,
    BacktrackingSolver,
    ac3,
    backtracking_search,
    min_conflicts,
)
from plyground.core.errors import PlygroundError, SettingsError
from plyground.core.limits import Limit

AUSTRALIA = {
    "WA": ["NT", "SA"],
    "NT": ["WA", "SA", "Q"],
    "SA": ["WA", "NT", "Q", "NSW", "V"],
    "Q": ["NT", "SA", "NSW"],
    "NSW": ["Q", "SA", "V"],
    "V": ["SA", "NSW"],
    "T": [],
}


def australia(colours: int = 3) -> CSP:
    csp = CSP({region: ["red", "green", "blue", "yellow"][:colours] for region in AUSTRALIA})
    for region, borders in AUSTRALIA.items():
        for other in borders:
            if region < other:
                csp.add_all_different([region, other])
    return csp


def brute_force_count(csp: CSP) -> int:
    variables = csp.variables
    return sum(
        csp.is_solution(dict(zip(variables, values, strict=True)))
        for values in itertools.product(*(csp.domains[v] for v in variables))
    )


SUDOKU_4 = "12.4..1..1..3..1"


def sudoku_4x4(puzzle: str) -> CSP:
    cells = [(r, c) for r in range(4) for c in range(4)]
    domains = {
        cell: [int(puzzle[cell[0] * 4 + cell[1]])]
        if puzzle[cell[0] * 4 + cell[1]] != "."
        else [1, 2, 3, 4]
        for cell in cells
    }
    csp = CSP(domains)
    for i in range(4):
        csp.add_all_different([(i, c) for c in range(4)])
        csp.add_all_different([(r, i) for r in range(4)])
        box_r, box_c = 2 * (i // 2), 2 * (i % 2)
        csp.add_all_different([(box_r + dr, box_c + dc) for dr in (0, 1) for dc in (0, 1)])
    return csp


@pytest.mark.parametrize("variable_order", VARIABLE_ORDERS)
@pytest.mark.parametrize("value_order", VALUE_ORDERS)
@pytest.mark.parametrize("inference", INFERENCES)
def test_every_option_colours_australia(
    variable_order: str, value_order: str, inference: str
) -> None:
    csp = australia()
    solver = BacktrackingSolver(csp, variable_order, value_order, inference)
    result = solver.solve()
    assert result.solved and csp.is_solution(result.solution or {})
    # 3 colours: 6 for the mainland (SA fixes the rest up to the ring) times 3 for Tasmania.
    assert (
        sum(1 for _ in BacktrackingSolver(csp, variable_order, value_order, inference).solutions())
        == 18
    )
    assert brute_force_count(csp) == 18


@pytest.mark.parametrize("inference", INFERENCES)
def test_two_colours_are_not_enough(inference: str) -> None:
    result = backtracking_search(australia(2), inference=inference)
    assert result.status == "unsatisfiable" and result.solution is None
    assert result.stats.backtracks >= 1 or inference == "mac"


def test_ac3_alone_proves_two_colours_fail_on_a_triangle() -> None:
    csp = CSP({v: [0, 1] for v in "abc"})
    csp.add_all_different("abc")
    reduced, stats = ac3(csp)
    assert reduced is not None  # arc consistency cannot see it: every arc is consistent
    csp.add_constraint(["a"], lambda a: a == 0)
    reduced, stats = ac3(csp)
    assert reduced is None and stats.prunings > 0


def test_mac_prunes_more_than_forward_checking() -> None:
    csp = sudoku_4x4(SUDOKU_4)
    fc = backtracking_search(csp, inference="forward-checking", value_order="domain")
    mac = backtracking_search(csp, inference="mac", value_order="domain")
    assert fc.solution == mac.solution and csp.is_solution(mac.solution or {})
    assert mac.stats.nodes <= fc.stats.nodes
    assert mac.stats.backtracks == 0  # a 4x4 sudoku with these clues is solved by propagation


def test_sudoku_solution_is_unique() -> None:
    csp = sudoku_4x4(SUDOKU_4)
    solutions = list(BacktrackingSolver(csp, inference="mac").solutions())
    assert len(solutions) == 1
    grid = "".join(str(solutions[0][(r, c)]) for r in range(4) for c in range(4))
    assert grid == "1234431221433421"


def test_general_constraints_are_checked_and_propagated() -> None:
    # a + b + c == 6 with all different, digits 1..4: the solutions are permutations of 1,2,3.
    csp = CSP({v: [1, 2, 3, 4] for v in "abc"})
    csp.add_all_different("abc")
    csp.add_constraint("abc", lambda a, b, c: a + b + c == 6, name="sum")
    for inference in INFERENCES:
        found = {
            tuple(s[v] for v in "abc")
            for s in BacktrackingSolver(csp, "static", "domain", inference).solutions()
        }
        assert found == set(itertools.permutations((1, 2, 3)))
    fc = BacktrackingSolver(csp, "static", "domain", "forward-checking")
    list(fc.solutions())
    assert fc.stats.prunings > 0
    assert brute_force_count(csp) == 6


def test_min_conflicts_on_map_colouring_and_sudoku() -> None:
    for seed in range(5):
        for initial in ("greedy", "random"):
            csp = australia()
            result = min_conflicts(csp, seed=seed, initial=initial)
            assert result.solved and csp.is_solution(result.solution or {})
    csp = sudoku_4x4(SUDOKU_4)
    result = min_conflicts(csp, seed=3, max_steps=20_000)
    assert result.solved and csp.is_solution(result.solution or {})


def test_min_conflicts_with_general_constraints() -> None:
    csp = CSP({v: range(10) for v in "abcd"})
    csp.add_constraint("abcd", lambda a, b, c, d: a + b + c + d == 30)
    csp.add_binary("a", "b", lambda a, b: a > b)
    result = min_conflicts(csp, seed=2, max_steps=50_000)
    assert result.solved and csp.is_solution(result.solution or {})


def test_min_conflicts_stops_when_there_is_no_solution() -> None:
    result = min_conflicts(australia(2), seed=0, max_steps=200)
    assert result.status == "stopped" and result.stats.steps == 200


def test_limits_stop_the_search() -> None:
    csp = australia(2)
    result = backtracking_search(csp, inference="none", value_order="domain", limit=Limit(nodes=1))
    assert result.status == "stopped"


def test_bad_options_and_constraints_raise() -> None:
    csp = australia()
    with pytest.raises(SettingsError, match="'fastest'"):
        BacktrackingSolver(csp, variable_order="fastest")
    with pytest.raises(SettingsError, match="'lazy'"):
        min_conflicts(csp, initial="lazy")
    with pytest.raises(PlygroundError, match="'XX'"):
        csp.add_binary("WA", "XX", lambda a, b: True)
    with pytest.raises(PlygroundError, match="twice"):
        csp.add_binary("WA", "WA", lambda a, b: True)
    assert not csp.is_solution({"WA": "red"})


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 5),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=8),
    st.sampled_from(INFERENCES),
    st.sampled_from(VARIABLE_ORDERS),
)
def test_solution_sets_match_brute_force(
    colours: int, edges: list[tuple[int, int]], inference: str, variable_order: str
) -> None:
    """Random graphs: every option finds exactly the brute-force solutions."""
    csp = CSP({v: range(colours) for v in range(5)})
    for a, b in edges:
        if a != b:
            csp.add_binary(a, b, lambda x, y: x != y)
    csp.add_constraint([0, 1, 2], lambda x, y, z: x + y + z != 3)
    solver = BacktrackingSolver(csp, variable_order, "lcv", inference)
    found = sorted(tuple(s[v] for v in range(5)) for s in solver.solutions())
    expected = sorted(
        values
        for values in itertools.product(range(colours), repeat=5)
        if csp.is_solution(dict(enumerate(values)))
    )
    assert found == expected
