"""Tests of pyclag.records: the record corpora, round trips, the exact format, reference games and fuzzing."""
