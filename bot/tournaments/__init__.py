"""Tournaments: who meets whom and where each sits, round after round (Swiss, round robin
and knockout, at tables of two to nine), and the standings with their tie-breaks."""
