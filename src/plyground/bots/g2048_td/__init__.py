"""2048's n-tuple networks learned by temporal-difference learning: the compiled episodes,
the learner that drives them, and (for play) the network as an evaluation."""
