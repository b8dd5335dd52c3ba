"""Tests of pyclag.views: observations and determinization."""
