"""Tests of pyclag.terminal: the interactive game driven by scripted input."""
