// The Discord Activity's sign-in, bundled (with Discord's Embedded App SDK) into
// bot/web/static/build/activity.js by scripts/web.sh; the page imports it only when Discord
// opened it (its URL then carries frame_id and instance_id).
//
// Discord hands the Activity an OAuth2 code for the `identify` scope; the server exchanges it
// (it alone holds the client secret), reads who the user is, and answers with the page's own
// session token for this channel plus the access token the SDK needs to authenticate.
import { DiscordSDK } from '@discord/embedded-app-sdk';

class SessionError extends Error {}

async function answer(response) {
  let body = {};
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    throw new SessionError(body.error || `${response.status} ${response.statusText}`);
  }
  return body;
}

/**
 * Signs the Activity's user in: returns {token, channelId, guildId, instanceId, user}.
 * Throws an Error whose message is the server's sentence when the server refuses.
 */
export async function discordSession() {
  const config = await answer(await fetch('/api/activity/config', { cache: 'no-store' }));
  const clientId = String(config.client_id);
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const session = await answer(
    await fetch('/api/activity/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code, channel_id: sdk.channelId }),
    }),
  );
  await sdk.commands.authenticate({ access_token: session.access_token });
  return {
    token: session.token,
    channelId: sdk.channelId,
    guildId: sdk.guildId,
    instanceId: sdk.instanceId,
    user: session.user,
  };
}
