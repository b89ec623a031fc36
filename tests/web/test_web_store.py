"""``--db``: finished web games go to the tournaments' database, where ``report`` and
``records`` find them."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from web_helpers import start, wait_for

from plyground.arena.storage.store import RecordStore
from plyground.web import WebSettings, create_app

ANN = {"name": "Ann", "kind": "human"}


def test_finished_games_are_stored_once_and_reported(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "web.sqlite3"
    app = create_app(WebSettings(think_cap=1.0, workers=1, db=str(db)))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        greedy = {"name": "Greedy", "kind": "bot", "bot": "greedy", "settings": {"time": 0.1}}
        game, secrets = start(client, {"game": "tictactoe", "players": [ANN, greedy]})
        while not game["finished"]:
            move = game["legal"][0]["move"]
            client.post(
                f"/api/games/{game['id']}/moves",
                json={"token": secrets["seats"]["0"], "move": move},
            )
            game = wait_for(client, game["id"], lambda g: g["finished"] or g["to_move"] == 0)
        puzzle, secrets = start(client, {"game": "queens", "settings": {"size": 6},
                                         "players": [ANN]})  # fmt: skip
        token = secrets["seats"]["0"]
        path = f"/api/games/{puzzle['id']}"
        solved = client.post(f"{path}/tools/solve", json={"token": token}).json()
        assert solved["finished"]
        # Taken back and solved the same way again: still one stored game.
        client.post(f"{path}/undo", json={"token": token, "ply": 0})
        again = client.post(f"{path}/tools/solve", json={"token": token}).json()
        assert again["position"] == solved["position"]
        start(client, {"game": "tictactoe", "players": [ANN, ANN | {"name": "B"}]})
    # Leaving the client shut the app down, which finishes every write.
    with RecordStore(db) as store:
        [tournament] = store.tournaments()
        assert (tournament.id, tournament.kind, tournament.played) == ("web", "web", 2)
        stored = {g.record.game: g.record for g in store.games("web")}
    assert set(stored) == {"tictactoe", "queens(size=6)"}
    tictactoe = stored["tictactoe"]
    assert [p.name for p in tictactoe.players] == ["Ann", "Greedy"]
    assert tictactoe.tags["source"] == "web" and tictactoe.tags["id"] == game["id"]
    assert tictactoe.replay()[-1].text() == game["position"]
    assert stored["queens(size=6)"].final == solved["position"]
    assert stored["queens(size=6)"].tags["tools"] == "solve"

    report = run_cli(["report", "--db", str(db)])
    assert report.returncode == 0, report.stderr
    assert "tournament web" in report.stdout and "Greedy" in report.stdout
    listing = run_cli(["records", "list", "--db", str(db)])
    assert listing.returncode == 0 and "web" in listing.stdout
    assert "2 games stored" in listing.stdout


def test_serve_refuses_a_database_it_cannot_use(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "folder"
    folder.mkdir()
    result = run_cli(["serve", "--port", "0", "--db", str(folder)])
    assert result.returncode == 2
    assert "cannot use the database" in result.stderr and "Traceback" not in result.stderr
