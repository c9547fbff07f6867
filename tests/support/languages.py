"""Members' and servers' languages as Discord would send them.

SimCord sends every interaction with `locale` and `guild_locale` "en-US" and every guild without features.
`speak` stands in for Discord's own fields: it puts a member's language (`locale`) and a server's
(`guild_locale`) into each interaction payload SimCord builds, and marks a server a Community server in the
bot's cache (the `COMMUNITY` feature), which is all the bot reads of them."""
from __future__ import annotations

from typing import Any

import simcord.interactions as payloads


def speak(monkeypatch: Any, env: Any, *, members: dict[int, str] | None = None,
          servers: dict[int, str] | None = None, community: tuple[int, ...] = ()) -> None:
    """From now on, interactions of these members (user id -> locale) and in these servers (guild id ->
    locale) carry those languages; the `community` servers are Community servers."""
    members, servers = members or {}, servers or {}
    built = payloads.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = built(*args, **kwargs)
        user, guild = kwargs.get("user_id"), kwargs.get("guild_id")
        if user in members:
            payload["locale"] = members[user]
        if guild in servers and "guild_locale" in payload:
            payload["guild_locale"] = servers[guild]
        return record, payload

    monkeypatch.setattr(payloads, "base_payload", base_payload)
    for guild_id in community:
        cached = env.bot.get_guild(guild_id)
        cached.features = [*cached.features, "COMMUNITY"]


async def japanese_server(monkeypatch: Any, env: Any, guild: Any, channel: Any, *members: Any,
                          host_name: str = "ホスト") -> tuple[Any, Any]:
    """A Japanese server as one is made: these members' Discord and the server's in Japanese, and a host
    (also Japanese) who sets `/settings language` in `channel`. The host, and the answer the host got."""
    from support.world import add_host

    host = add_host(env, guild, host_name)
    speak(monkeypatch, env, members={member.id: "ja" for member in (*members, host)}, servers={guild.id: "ja"})
    return host, await host.slash(channel, "settings language", language="ja")


async def japanese_reader(monkeypatch: Any, env: Any, guild: Any, channel: Any, *members: Any) -> Any:
    """A Japanese server made by `japanese_server` for these members, and a support.reading Reader that has
    read what its host was answered: what the members are shown next is scanned into it."""
    from support.reading import Reader

    seen = Reader()
    seen.result((await japanese_server(monkeypatch, env, guild, channel, *members))[1])
    return seen
