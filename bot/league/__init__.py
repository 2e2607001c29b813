"""The league: standings, ratings and the monthly ranking, all replayed from stored
results.
"""
