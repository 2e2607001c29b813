"""Which Discord calls count against the global rate limit, and how 429s are scoped."""

from __future__ import annotations

import pytest
from multidict import CIMultiDict

from bot.metrics.calls import call_limit, rate_limit_scope
from bot.metrics.measures import interaction_age, move_kind

TOKEN = "aW50ZXJhY3Rpb24abc_DEF-123"


@pytest.mark.parametrize(
    ("path", "limit"),
    [
        (f"/api/v10/interactions/1234567890123/{TOKEN}/callback", "interaction"),
        (f"/api/v10/interactions/1234567890123/{TOKEN}/callback?with_response=true", "interaction"),
        (f"/api/v10/webhooks/999/{TOKEN}", "interaction"),
        (f"/api/v10/webhooks/999/{TOKEN}?wait=true", "interaction"),
        (f"/api/v10/webhooks/999/{TOKEN}/messages/@original", "interaction"),
        (f"/api/v10/webhooks/999/{TOKEN}/messages/123456", "interaction"),
        ("/api/v10/webhooks/999", "global"),  # a webhook read with the bot token
        ("/api/v10/channels/42/messages", "global"),
        ("/api/v10/channels/42/messages/43", "global"),
        ("/api/v10/users/@me/channels", "global"),
        ("/api/v10/applications/1/guilds/2/commands", "global"),
        ("/api/v10/interactions/1/x", "global"),  # not a callback route
    ],
)
def test_interaction_token_routes_are_not_counted_and_the_rest_are(path: str, limit: str) -> None:
    assert call_limit(path) == limit


def test_a_429_is_scoped_by_its_headers() -> None:
    assert rate_limit_scope(CIMultiDict({"X-RateLimit-Scope": "shared"})) == "shared"
    assert rate_limit_scope(CIMultiDict({"x-ratelimit-scope": "global"})) == "global"
    assert rate_limit_scope(CIMultiDict({"X-RateLimit-Global": "true"})) == "global"
    assert rate_limit_scope(CIMultiDict({"X-RateLimit-Scope": "elsewhere"})) == "user"
    assert rate_limit_scope(CIMultiDict()) == "user"


def test_a_move_label_is_its_word_or_place_never_a_tile() -> None:
    assert move_kind("pass") == "pass"
    assert move_kind(" Draw ") == "draw"
    assert move_kind("6-3 B NE") == "place"
    assert move_kind("12-9") == "place"


def test_an_interaction_age_is_read_from_its_snowflake() -> None:
    created_ms = 1_700_000_000_000
    snowflake = (created_ms - 1_420_070_400_000) << 22
    assert interaction_age(snowflake, now=created_ms / 1000 + 1.5) == pytest.approx(1.5)
    assert interaction_age(snowflake, now=created_ms / 1000 - 5) == 0.0
