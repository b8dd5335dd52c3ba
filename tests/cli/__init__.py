"""Tests of pyclag.cli: the ``pyclag`` command."""
