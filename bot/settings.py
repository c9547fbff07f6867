"""The bot's configuration, read from the environment and a `.env` file.

A missing or invalid value stops start-up with one line naming it; the token never appears in logs
or reprs (it is a SecretStr).
"""
from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    local_play_port: int = Field(default=8765, alias="LOCAL_PLAY_PORT", ge=1, le=65535)

    @field_validator("discord_token", "openai_api_key", "openai_base_url", "companion_model", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

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

    @field_validator("openai_base_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value


class SettingsError(Exception):
    """Start-up configuration is wrong; the message is the one line to show."""


def load_settings(**overrides: object) -> Settings:
    """Read the settings, turning pydantic's report into one line that names the variable."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        first = exc.errors()[0]
        name = str(first["loc"][0]) if first.get("loc") else "configuration"
        raise SettingsError(f"Invalid setting {name.upper()}: {first['msg']}") from None
