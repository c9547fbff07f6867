"""Starting tactics fights (on the store worker, from the commands and the result board's buttons):
campaign, replay, daily, next fight and retry, each from the player's stored progress."""
from __future__ import annotations

import secrets
from datetime import date, datetime
from typing import cast

import engine.tactics as tx
from bot.core.kinds import GameError
from bot.words import N_, words
from db.games import running_games_of
from db.store import Store
from engine.errors import RuleError

from . import names
from .closing import encounter_line, fight_name
from .progress import load_record
from .session import KEY, PILOTS, Choices, Mode, PilotName, TacticsSession, refusal

TUTORIAL_OFFER = N_("New to tactics? `/tactics tutorial`: four short steps, no timer.")


def new_campaign(db: Store, user_id: int, encounter_id: str | None, choices: Choices,
                 offer: bool = True) -> tuple[TacticsSession, str]:
    """The campaign fight named, or the player's first unwon one; `offer`: the tutorial is offered on a
    first fight (not once the player has played it)."""
    record = load_record(db, user_id)
    enc = _encounter((encounter_id or record.next_campaign()).strip().lower())
    if enc.id not in {e.id for e in tx.campaign()}:
        raise GameError(words("{fight} is not a campaign fight: `/tactics campaign` lists them.",
                              fight=names.encounter(enc.id, enc.name)))
    if record.locked_reason(enc.id):
        ids = [e.id for e in tx.campaign()]
        before = fight_name(ids[ids.index(enc.id) - 1])
        raise GameError(words("{fight} is locked: win {before} first.", fight=_first_up(fight_name(enc.id)),
                              before=before))
    session = _start(db, user_id, record, enc, "campaign", choices)
    return (offered(session, record) if offer else session), campaign_words(enc)


def campaign_words(enc: tx.EncounterDef) -> str:
    """What a campaign fight's start says (the tutorial's end says it after its own line)."""
    return words("Tactics campaign: {fight}", fight=encounter_line(enc))


def new_replay(db: Store, user_id: int, encounter_id: str, choices: Choices) -> tuple[TacticsSession, str]:
    record = load_record(db, user_id)
    enc = _encounter(encounter_id.strip().lower())
    if enc.id not in record.won:
        won = words("; ").join(fight_name(i) for i in record.won) or words("none yet")
        raise GameError(words("{fight}: you can replay a fight once you have won it (won: {won}).",
                              fight=_first_up(fight_name(enc.id)), won=won))
    return _start(db, user_id, record, enc, "fight", choices), words("Tactics replay: {fight}",
                                                                      fight=encounter_line(enc))


def new_daily_fight(db: Store, user_id: int, day: date, choices: Choices) -> tuple[TacticsSession, str]:
    record = load_record(db, user_id)
    enc = tx.daily_encounter(day)
    counted = day.isoformat() not in record.dailies
    session = _start(db, user_id, record, enc, "daily", choices, day=day, counted=counted)
    note = "" if counted else words(" (practice: your counted attempt today is played)")
    offer = f" · {words(TUTORIAL_OFFER)}" if not record.fights else ""
    return session, words("Tactics daily, {day}: {fight}{note}{offer}", day=day.isoformat(), fight=encounter_line(enc),
                          note=note, offer=offer)


def offered(session: TacticsSession, record: tx.TacticsProgress) -> TacticsSession:
    """A player's first campaign fight (none fought yet) offers the tutorial: a button on its board
    until the hero acts, which plays the tutorial in this thread instead (the fight starts again after it)."""
    if record.fights:
        return session
    return session.model_copy(update={"offer_tutorial": True})


def follow_up(db: Store, old: TacticsSession, retry: bool, now: datetime) -> tuple[TacticsSession, str]:
    """The fight after a finished one, with the same duo and pilots: the next campaign fight, or the
    same one again (a daily's retry is practice once its counted attempt is played)."""
    record = load_record(db, old.player)
    hero, companion = old.fight.get("hero").name, old.fight.get("companion").name
    choices = Choices(hero=hero, companion=companion, pilot=old.pilot, model_configured=old.model,
                      guild_id=old.guild_id, now=now)
    if retry and old.mode == "daily" and old.day is not None:
        enc, mode, label = tx.daily_encounter(old.day), "daily", words("Retry")
    else:
        enc = tx.encounter(old.fight.encounter if retry else record.next_campaign())
        mode, label = (old.mode if retry else "campaign"), words("Retry") if retry else words("Next fight")
    counted = old.day is None or old.day.isoformat() not in record.dailies if mode == "daily" else True
    session = _start(db, old.player, record, enc, cast(Mode, mode), choices, day=old.day if mode == "daily" else None,
                     counted=counted, friend=old.friend if old.pilot == "friend" else None)
    note = words(" (practice: today's counted attempt is played)") if mode == "daily" and not counted else ""
    return session, words("{label}: {fight}{note}", label=label, fight=encounter_line(enc), note=note)


def _encounter(enc_id: str) -> tx.EncounterDef:
    try:
        return tx.encounter(enc_id)
    except RuleError:
        raise GameError(words("There is no encounter {typed}: pick one from the list.", typed=repr(enc_id[:20]))) \
            from None


def _start(db: Store, user_id: int, record: tx.TacticsProgress, enc: tx.EncounterDef, mode: Mode, c: Choices,
           *, day: date | None = None, counted: bool = True, friend: int | None = None) -> TacticsSession:
    """A new fight's session. `friend`: a friend who already accepted to pilot (a follow-up fight)."""
    hero = c.hero or record.hero or tx.engine.DEFAULT_HERO
    companion = c.companion or record.companion or "Cindle"
    pilot = c.pilot or ("friend" if c.friend else "model" if c.model_configured else "auto")
    if pilot not in PILOTS:
        raise GameError(words("pilot {typed}: the companion's pilot is model, friend or auto.", typed=repr(pilot)))
    pilot_name = cast(PilotName, pilot)
    if friend is None and pilot == "friend":
        _check_friend(db, user_id, c)
    elif c.friend is not None and pilot != "friend":
        raise GameError(words("friend: a friend pilots the companion only with pilot:friend (or leave pilot out)."))
    seed = 1 if mode == "daily" else record.fights + 1
    with refusal(words("New fight")):
        fight = tx.new_fight(enc.id, seed, hero, companion, level=record.level)
    invite = pilot == "friend" and friend is None
    return TacticsSession(
        fight=fight, mode=mode, player=user_id, pilot=pilot_name,
        friend=friend or (c.friend if pilot == "friend" else None), invite=invite, model=c.model_configured,
        key=secrets.token_hex(6), guild_id=c.guild_id, day=day, counted=counted, seed=seed,
        phase_opened=None if invite else c.now)


def _check_friend(db: Store, user_id: int, c: Choices) -> None:
    if c.friend is None:
        raise GameError(words("pilot:friend needs friend: — the member who will pilot the companion."))
    if c.friend == user_id:
        raise GameError(words("friend: you pilot the hero; ask another member to pilot the companion."))
    if c.friend_is_bot:
        raise GameError(words("friend: a bot cannot pilot the companion; pick a member, or pilot:auto."))
    if running_games_of(db, c.friend, guild_id=c.guild_id, kind=KEY):
        raise GameError(words("friend: <@{friend}> is in a tactics fight already; ask again when it ends.",
                              friend=c.friend))


def encounter_choices(db: Store, user_id: int, current: str, won_only: bool = False) -> list[tuple[str, str]]:
    """Open campaign fights (or the won ones) with their goal and recommended level."""
    record = load_record(db, user_id)
    found = []
    for enc in tx.campaign():
        if record.locked_reason(enc.id) or (won_only and enc.id not in record.won):
            continue
        label = encounter_line(enc) + (" ✓" if enc.id in record.won else "")
        typed = current.strip().lower()
        if typed in label.lower() or typed == enc.id:
            found.append((label[:100], enc.id))
    return found[:25]


def _first_up(words: str) -> str:
    return words[:1].upper() + words[1:]
