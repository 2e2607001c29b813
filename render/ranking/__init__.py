"""The monthly ranking picture: a league's players by position, rating and change."""

from render.ranking.picture import RankingRow, RankingTable, render_ranking

__all__ = ["RankingRow", "RankingTable", "render_ranking"]
