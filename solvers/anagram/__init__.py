"""Anagrams: scrambled letters in, the likely quiz answers and graded hints out."""
