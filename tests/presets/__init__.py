"""Tests of pyclag.presets: the schedule tables, the comparison matrix, the registry and games of every preset."""
