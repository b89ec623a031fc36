"""Learning evaluations (game-agnostic): fitting to labelled data (least squares with
regularisation, ``ridge``), and n-tuple weight tables trained from play by
temporal-difference learning (TD and temporal coherence), with their network files,
learning curves and the checkpointing training loop. A game brings its features."""
