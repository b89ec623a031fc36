"""Learning the adjacency game's pattern evaluation: positions from games, labels, fitting
(docs/learning.md, "The adjacency evaluation")."""
