"""The bot's configuration, read from the environment and a `.env` file.

A missing or invalid value stops start-up with one line naming it; the token never appears in logs
or reprs (it is a SecretStr).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    database_path: Path = Field(default=Path("data/gamehall.db"), alias="DATABASE_PATH")
    dev_guild_id: int | None = Field(default=None, alias="DEV_GUILD_ID", gt=0)
    openai_api_key: SecretStr | None = Field(default=None, alias="OPENAI_API_KEY")
    openai_base_url: str | None = Field(default=None, alias="OPENAI_BASE_URL")
    companion_model: str | None = Field(default=None, alias="COMPANION_MODEL")
    # Strict tool schemas and parallel_tool_calls=false; off for servers that reject those fields.
    companion_strict: bool = Field(default=True, alias="COMPANION_STRICT")
    # Model calls a server may make per UTC day; past it the companion plays auto.
    companion_calls_per_day: int = Field(default=2000, alias="COMPANION_CALLS_PER_DAY", ge=0)
    # Offer the model custom_turn (a turn of its own steps, checked by the engine) beside choose_turn.
    companion_custom_turns: bool = Field(default=False, alias="COMPANION_CUSTOM_TURNS")
    # tool_choice sent with the tools: "required" (one call, no text), "auto" (for servers that refuse it), or
    # "choose_turn" (that tool alone, forced: one short grammar-bound answer from a small model, never a pass).
    companion_tool_choice: Literal["required", "auto", "choose_turn"] = Field(default="required",
                                                                               alias="COMPANION_TOOL_CHOICE")
    # reasoning_effort for thinking models (none … high); unset: not sent. Dropped for a server that refuses it.
    companion_reasoning_effort: Literal["none", "minimal", "low", "medium", "high"] | None = Field(
        default=None, alias="COMPANION_REASONING_EFFORT")
    # The most tokens one answer may take (max_tokens, or max_completion_tokens where the server wants that).
    companion_max_tokens: int = Field(default=512, alias="COMPANION_MAX_TOKENS", ge=16)
    # A folder: each decision's prompt is written there as <prompt hash>.json, for replays. Unset: none.
    companion_transcripts: Path | None = Field(default=None, alias="COMPANION_TRANSCRIPTS")
    # Model requests in flight at once across all fights (the rest wait their turn inside their 10 s).
    companion_max_requests: int = Field(default=8, alias="COMPANION_MAX_REQUESTS", ge=1)
    # Worker processes for the planner and the boards' pictures (beside the bot's own, outside its
    # interpreter lock); unset: one a core, up to four, on two cores or more; 0: in the bot's own threads.
    process_workers: int | None = Field(default=None, alias="PROCESS_WORKERS", ge=0)
    # The prompt: "full" (the board, each turn's facts) or "compact" (each turn and its forecast, for small
    # models that read slowly); unset: compact for the embedded model (COMPANION_MODEL=local), else full.
    companion_prompt: Literal["full", "compact"] | None = Field(default=None, alias="COMPANION_PROMPT")
    # Seconds from the phase opening the model's prompt waits for the turns' forecasts (bot/companion/
    # forecasts.py): a lone offer's forecasts take under a second of CPU, and 3 s leaves the model 7 s of
    # the 10, time for an answer and a corrected retry; with many companions at once fewer come back.
    companion_forecast_seconds: float = Field(default=3.0, alias="COMPANION_FORECAST_SECONDS", ge=0)
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    local_play_port: int = Field(default=8765, alias="LOCAL_PLAY_PORT", ge=1, le=65535)
    # postgresql://… for the PostgreSQL store (several machines); unset: the SQLite file DATABASE_PATH.
    database_url: str | None = Field(default=None, alias="DATABASE_URL")
    # Shards: SHARD_COUNT in all (unset: Discord's recommended count) and the ones this process runs
    # (SHARD_IDS "0,1" or "0-3"; unset: all of them). Each process keeps its own guilds' timers and dailies.
    shard_count: int | None = Field(default=None, alias="SHARD_COUNT", ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(default=None, alias="SHARD_IDS")

    @field_validator("discord_token", "openai_api_key", "openai_base_url", "companion_model",
                     "companion_reasoning_effort", "companion_transcripts", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        if isinstance(value, str) and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("must start with postgresql:// (unset it to use the SQLite file DATABASE_PATH)")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        """ "0,1", "0-3" or "0-1,4" (a range includes both ends)."""
        if not isinstance(value, str):
            return value
        if not value.strip():
            return None
        ids: list[int] = []
        for part in value.replace(" ", "").split(","):
            found = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
            if found is None:
                raise ValueError(f"{part!r} is not a shard number or range: write it like 0,1 or 0-3")
            first, last = int(found[1]), int(found[2] or found[1])
            if last < first:
                raise ValueError(f"the range {part} runs backwards")
            ids.extend(range(first, last + 1))
        if len(set(ids)) != len(ids):
            raise ValueError("names a shard twice")
        return tuple(ids)

    @field_validator("shard_ids")
    @classmethod
    def _shards_exist(cls, value: tuple[int, ...] | None, info: ValidationInfo) -> tuple[int, ...] | None:
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("needs SHARD_COUNT, the number of shards in all processes")
        if not value or max(value) >= count:
            raise ValueError(f"shards are numbered 0 to {count - 1} when SHARD_COUNT is {count}")
        return value

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _blank_guild_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("companion_model")
    @classmethod
    def _local_model_installed(cls, value: str | None) -> str | None:
        """COMPANION_MODEL=local (the embedded model) needs the `model` extra: said at start-up, in one line."""
        if value == "local":
            from bot.companion.local_model import model_file
            model_file()
        return value

    @field_validator("openai_base_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value


class SettingsError(Exception):
    """Start-up configuration is wrong; the message is the one line to show."""


def load_settings(**overrides: Any) -> Settings:
    """Read the settings, turning pydantic's report into one line that names the variable."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        first = exc.errors()[0]
        name = str(first["loc"][0]) if first.get("loc") else "configuration"
        raise SettingsError(f"Invalid setting {name.upper()}: {first['msg']}") from None
