"""Fitting evaluations to labelled data (game-agnostic): least squares with regularisation."""
