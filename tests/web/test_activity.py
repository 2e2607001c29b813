"""The page as a Discord Activity: a stand-in for the Discord client (a parent page on
another origin, ``http://localhost:3333``, which the Embedded App SDK accepts as a
development host) iframes the page with the query Discord adds, answers the SDK's
postMessage protocol (HANDSHAKE, then the READY dispatch; AUTHORIZE with a code the
fake Discord issued for the user; AUTHENTICATE), and the page shows the table running
in that channel with the user's own hand.

The protocol, from the SDK's source (``web/node_modules/@discord/embedded-app-sdk``,
``output/Discord.mjs``): messages are ``[opcode, payload]`` arrays, opcodes HANDSHAKE 0,
FRAME 1, CLOSE 2; the SDK sends ``[0, {v, encoding, client_id, frame_id}]`` to its parent
and waits for a FRAME ``{cmd: "DISPATCH", evt: "READY"}``; each command is a FRAME with a
nonce, answered by a FRAME with the same nonce, ``evt: null`` and the command's data.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Final

from playwright.async_api import Browser, Route

from tests.bot.e2e.conftest import Club, driver
from tests.fakediscord import BotLauncher
from tests.web.browser import DESKTOP, screenshots
from tests.web.pages import WAIT_MS
from tests.web.site import start_site, table_id

DISCORD_CLIENT: Final = "http://localhost:3333"
"""The stand-in client's origin: another origin than the page's, and one the SDK trusts."""
BUNDLE: Final = Path(__file__).parents[2] / "bot/web/static/build/activity.js"

PARENT: Final = """<!doctype html>
<html><head><meta charset="utf-8"><title>Discord (stand-in)</title></head>
<body style="margin:0">
<iframe id="activity" src="__SRC__" style="border:0;width:100vw;height:100vh"></iframe>
<script>
const HANDSHAKE = 0, FRAME = 1;
const config = __CONFIG__;
const frame = document.getElementById('activity');
window.seen = [];
function send(payload) {
  frame.contentWindow.postMessage([FRAME, payload], config.pageOrigin);
}
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== config.pageOrigin) return;
  const [opcode, data] = event.data;
  if (opcode === HANDSHAKE) {
    window.seen.push({handshake: data});
    send({cmd: 'DISPATCH', evt: 'READY', nonce: null, data: {
      v: 1,
      config: {api_endpoint: '//discord.com/api', environment: 'production',
               cdn_host: 'cdn.discordapp.com'},
      user: {id: config.user.id, username: config.user.username, discriminator: '0'},
    }});
    return;
  }
  if (opcode !== FRAME) return;
  window.seen.push({cmd: data.cmd, args: data.args});
  let answer = null;
  if (data.cmd === 'AUTHORIZE') {
    answer = {code: config.code};
  } else if (data.cmd === 'AUTHENTICATE') {
    answer = {
      access_token: data.args.access_token,
      user: {id: config.user.id, username: config.user.username, discriminator: '0',
             public_flags: 0, global_name: null},
      scopes: ['identify'],
      expires: new Date(Date.now() + 604800000).toISOString(),
      application: {id: config.clientId, name: 'Domino Tables', description: ''},
    };
  }
  send({cmd: data.cmd, evt: null, nonce: data.nonce, data: answer});
});
</script></body></html>"""


async def test_the_activity_signs_in_through_the_discord_client_and_shows_the_channels_table(
    club: Club, bot_launcher: BotLauncher, browser: Browser, deal_seed: str
) -> None:
    assert BUNDLE.exists(), "the Activity's script is not built: run scripts/web.sh"
    fake, ada, bea = club.fake, club.ada, club.bea
    fake.enable_activities()
    site = await start_site(club, bot_launcher, deal_seed, DISCORD_CLIENT_SECRET=fake.client_secret)
    table = driver(club, ada, bea)
    await table.open(ada, seats=2, target=50)
    await table.click_lobby(bea, "Join")
    await table.start(ada)
    number = table_id(table)

    query = (
        f"frame_id=frame-1&instance_id=i-1-abc&channel_id={club.channel.id}"
        f"&guild_id={club.guild.id}&platform=desktop"
    )
    config = {
        "pageOrigin": site.base,
        "clientId": str(fake.application_id),
        "code": fake.issue_oauth_code(ada.user),
        "user": {"id": str(ada.user.id), "username": ada.name},
    }
    parent = PARENT.replace("__SRC__", f"{site.base}/?{query}").replace(
        "__CONFIG__", json.dumps(config)
    )
    # Discord's client is on the public internet: the page on this machine's loopback
    # is a local network to it, which Chromium lets it reach once allowed.
    context = await browser.new_context(viewport=DESKTOP, permissions=["local-network-access"])

    async def discord_client(route: Route) -> None:
        await route.fulfill(status=200, content_type="text/html", body=parent)

    await context.route(f"{DISCORD_CLIENT}/**", discord_client)
    client = await context.new_page()
    said: list[str] = []
    client.on("console", lambda message: said.append(message.text))
    client.on("pageerror", lambda error: said.append(str(error)))
    await client.goto(f"{DISCORD_CLIENT}/channels/{club.guild.id}/{club.channel.id}")
    activity = client.frame_locator("#activity")
    app = activity.locator("#app[data-version]")
    try:
        await app.wait_for(timeout=WAIT_MS)
    except Exception:
        notice = [(f.url, re.findall(r"ERR_[A-Z_]+", await f.content())) for f in client.frames]
        seen = await client.evaluate("window.seen")
        raise AssertionError(f"no table in the Activity: {notice!r}; {seen}; {said}") from None

    # ada's own table and hand: her seat marked as hers, her tiles' buttons and picture.
    assert await activity.locator("#hand").is_visible()
    assert await activity.locator("#hand-picture img").get_attribute("alt")
    you = activity.locator("#seats li.you .name")
    assert (await you.inner_text()).strip() == "ada"
    assert f"table {number}" in (await activity.locator("#lines").inner_text())
    # The SDK spoke the protocol to the stand-in client; the fake traded ada's code once.
    seen = await client.evaluate("window.seen")
    assert seen[0]["handshake"]["frame_id"] == "frame-1"
    assert seen[0]["handshake"]["client_id"] == str(fake.application_id)
    commands = [step.get("cmd") for step in seen]
    assert commands.index("AUTHORIZE") < commands.index("AUTHENTICATE")
    authorize = next(step for step in seen if step.get("cmd") == "AUTHORIZE")
    assert authorize["args"]["scope"] == ["identify"]
    assert fake.world.oauth.exchanges == [ada.user.id]
    await screenshots(client, "activity-ada")
    assert site.process.running
