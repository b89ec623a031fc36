"""Tools once a game is over: a hint after a resignation or End game is one clear 409, "the
game is over" (not "it is X's turn", and no worker time spent)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from web_helpers import human_vs_human, start


def hint(client: TestClient, game_id: str, token: str) -> tuple[int, str]:
    response = client.post(f"/api/games/{game_id}/tools/hint", json={"token": token})
    return response.status_code, str(response.json().get("error", "(no error: the hint ran)"))


def test_a_hint_after_a_resignation_is_refused_as_over(client: TestClient) -> None:
    game, secrets = start(client, human_vs_human(size=4, rounds=2))
    seats = secrets["seats"]
    resigned = client.post(f"/api/games/{game['id']}/resign", json={"token": seats["0"]})
    assert resigned.status_code == 200 and resigned.json()["finished"]
    for token in seats.values():  # the winner's side and the loser's alike
        status, error = hint(client, game["id"], token)
        assert status == 409 and error.startswith("the game is over"), error


def test_a_hint_after_end_game_is_refused_as_over(client: TestClient) -> None:
    game, secrets = start(client, human_vs_human(size=4, rounds=2))
    ended = client.post(f"/api/games/{game['id']}/end", json={"token": secrets["control"]})
    assert ended.status_code == 200 and ended.json()["finished"]
    status, error = hint(client, game["id"], secrets["seats"]["0"])
    assert status == 409 and error.startswith("the game is over"), error
    assert client.get(f"/api/games/{game['id']}").json()["tool_results"] == []
