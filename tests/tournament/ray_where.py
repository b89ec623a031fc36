"""Where games run on a Ray cluster: a stored tournament's games performed again through
:class:`~plyground.arena.runs.backends.RayBackend`, each wrapped to note the node that played it.

Run as a script by test_ray_cluster.py, with the cluster's environment::

    python ray_where.py ADDRESS DB TOURNAMENT

It prints one JSON object: ``alive``, the ids of the cluster's live nodes, and
``games``, for each game's key the id of the node that played it and the
record. The wrapper lives in ``__main__``, so Ray ships it to the workers by
value: the product's workers need nothing of the tests, and the product
nothing for them.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ray

from plyground.arena.runs.backends import RayBackend
from plyground.arena.runs.jobs import GameJob
from plyground.arena.storage.store import RecordStore
from plyground.arena.tournaments.tournament import Tournament


@dataclass(frozen=True)
class Located:
    """A game job that also answers with the id of the Ray node that performed it."""

    job: GameJob

    @property
    def key(self) -> str:
        return self.job.key

    def perform(self) -> tuple[str, Any]:
        node: str = ray.get_runtime_context().get_node_id()
        return node, self.job.perform()


def main(address: str, db: str, name: str) -> None:
    with RecordStore(Path(db)) as store:
        tournament = Tournament.resume(store, name)
        jobs = [tournament.job(game) for game in tournament.schedule()]
    with RayBackend(address=address) as backend:
        alive = sorted(node["NodeID"] for node in ray.nodes() if node["Alive"])
        games = {task.key: result for task, result in backend.results(Located(j) for j in jobs)}
    print(json.dumps({"alive": alive, "games": games}))


if __name__ == "__main__":
    main(*sys.argv[1:])
