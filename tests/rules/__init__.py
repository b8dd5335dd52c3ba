"""Tests of pyclag.rules: bidding, rule sets, the special deals and the RAF calls, and the worked examples of RULES.md §5."""
