"""A tournament's standings picture: its players by place, points and tie-breaks."""

from render.tournament.picture import draw_standings, render_standings
from render.tournament.table import StandingsRow, StandingsTable

__all__ = ["StandingsRow", "StandingsTable", "draw_standings", "render_standings"]
