"""Tests of pyclag.scoring: the scoring families, the round ruling and the game's winners."""
