"""Tests of the engine (pyclag.engine, moves, dealing, state, errors): clause tests, bad input, hypothesis properties and the stateful machine."""
