"""Which process looks after a guild: Discord's shard rule, so timers and dailies follow the gateway."""
from __future__ import annotations


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to; direct messages (no guild) come on shard 0."""
    return (guild_id >> 22) % shard_count if guild_id else 0


def owns(guild_id: int | None, shard_count: int | None, shard_ids: tuple[int, ...] | None) -> bool:
    """Whether a process running `shard_ids` of `shard_count` looks after this guild (None: all shards)."""
    if shard_ids is None or not shard_count:
        return True
    return shard_of(guild_id, shard_count) in shard_ids
