"""What the settings switch on beyond Discord's messages: personal links to the tables'
page (WEB_SECRET: this process signs them, whichever process serves the page) and the
Activity (the page as well, and DISCORD_CLIENT_SECRET, by which it learns who opened it)."""

from __future__ import annotations

from datetime import timedelta

from bot.app.settings import Settings
from bot.views.surfaces import Surfaces
from bot.web.links import WebLinks
from bot.web.tokens import Signer


def web_links(settings: Settings) -> WebLinks | None:
    """The links this bot gives, or None when it gives none (no WEB_SECRET)."""
    secret = settings.web_secret
    if secret is None:
        return None
    life = timedelta(hours=settings.web_link_hours)
    return WebLinks(Signer(secret.get_secret_value()), settings.web_address, life)


def surfaces(settings: Settings) -> Surfaces:
    browser = settings.web_secret is not None
    activity = browser and settings.discord_client_secret is not None
    return Surfaces(browser=browser, activity=activity)
