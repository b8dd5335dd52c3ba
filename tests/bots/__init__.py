"""Tests of pyclag.bots."""
