"""Signed links and sessions: what a token lets its bearer do, and what is refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.web.tokens import BadToken, Kind, Signer, table_link

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def test_a_personal_link_names_its_user_and_table() -> None:
    signer = Signer("a secret of some length")
    grant = signer.check(signer.seat_link_token(42, 7, NOW, DAY), NOW + timedelta(hours=23))
    assert (grant.kind, grant.user_id, grant.table_id) == (Kind.SEAT, 42, 7)
    assert grant.covers(7, channel_id=None)
    assert not grant.covers(8, channel_id=None)


def test_an_activity_session_covers_its_channel_only() -> None:
    signer = Signer("a secret of some length")
    grant = signer.check(signer.activity_token(42, 900, NOW, DAY), NOW)
    assert grant.kind is Kind.ACTIVITY
    assert grant.covers(7, channel_id=900)
    assert not grant.covers(7, channel_id=901)


def test_a_spectator_link_has_no_user() -> None:
    signer = Signer("a secret of some length")
    grant = signer.check(signer.watch_link_token(7, NOW, DAY), NOW)
    assert (grant.kind, grant.user_id) == (Kind.WATCH, 0)


def test_an_expired_link_is_refused() -> None:
    signer = Signer("a secret of some length")
    token = signer.seat_link_token(42, 7, NOW, DAY)
    with pytest.raises(BadToken, match="expired"):
        signer.check(token, NOW + DAY)


def test_a_link_signed_with_another_secret_is_refused() -> None:
    token = Signer("another secret, as long").seat_link_token(42, 7, NOW, DAY)
    with pytest.raises(BadToken, match="forged"):
        Signer("a secret of some length").check(token, NOW)


def test_a_payload_changed_by_hand_is_refused() -> None:
    signer = Signer("a secret of some length")
    mine = signer.seat_link_token(42, 7, NOW, DAY)
    theirs = signer.seat_link_token(43, 7, NOW, DAY)
    forged = theirs.split(".")[0] + "." + mine.split(".")[1]
    with pytest.raises(BadToken):
        signer.check(forged, NOW)


@pytest.mark.parametrize("junk", ["", ".", "abc", "a.b.c", "x" * 3000, "é.é"])
def test_junk_is_refused_politely(junk: str) -> None:
    with pytest.raises(BadToken):
        Signer("a secret of some length").check(junk, NOW)


def test_a_short_secret_is_refused() -> None:
    with pytest.raises(ValueError, match="16"):
        Signer("short")


def test_the_link_keeps_its_token_out_of_the_server_logs() -> None:
    link = table_link("https://tables.example.com/", 7, "TOKEN")
    assert link == "https://tables.example.com/tables/7#TOKEN"
