"""The web surface: the table live in a browser and inside Discord as an Activity.

One more surface over the route every play takes (request → table service → engine →
store → publisher): the page's API and its push channel, and who a request speaks for (a
signed link or an Activity's session). It knows no rules: moves, places and pictures come
from the games' adapters and render/.
"""
