"""Tests of pyclag.cards and pyclag.hand: cards, suits, ranks, hands and card text."""
