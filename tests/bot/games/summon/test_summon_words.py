"""Summon's words, read as a player reads them: whole games against the AI (a member named "you", as
local play names its player, and one named alice), every thread message, every private view and every
select scanned for side codes, engine player codes, coordinates and "you places"-style grammar."""
from __future__ import annotations

import re

from support.world import open_game, running

from bot.games.summon.text import Names, battle_caption
from db.games import get_game
from engine.summon import ai_action, apply, auto_deck, legal_placements, new_game, tutorial_steps
from tools.drive.replies import words_of
from tools.drive.summon_play import a_placement, choose_placement, game_of, private_message, seat_of, state_of

_CODE_LIKE = re.compile(r"(?<![A-Za-z.])[NWUGRBnwugrb.]{4}(?![A-Za-z.])")
_BANNED = [
    (re.compile(r"\bp[12]\b"), "an engine player code"),
    (re.compile(r"\(-?\d+, ?-?\d+\)"), "a coordinate"),
    (re.compile(r"\byou\**\s+(places|summons|passes|has|wins|acts|casts|runs)\b", re.I), "third person for you"),
    (re.compile(r"\byou's\b", re.I), "you's"),
    (re.compile(r"\bsides as dealt\b|\bsides [NWUGRBnwugrb.]{4}\b"), "sides given as a code"),
    (re.compile(r"\bat (above|below|left of|right of)\b"), "two prepositions for one cell"),
]


def problems(text: str) -> list[str]:
    found = [f"{why}: {m.group(0)!r}" for pattern, why in _BANNED for m in pattern.finditer(text)]
    for token in _CODE_LIKE.findall(text):
        if "." in token or any(ch.isupper() for ch in token[1:]) or token.isupper():
            found.append(f"a side code: {token!r}")
    return found


def _texts_of(message) -> list[str]:
    out = [words_of(message) or ""]
    for row in message.components or []:
        for c in row.get("components", []) if isinstance(row, dict) else []:
            out += [c.get("label") or "", c.get("placeholder") or ""]
            out += [f"{o.get('label', '')} {o.get('description') or ''}" for o in c.get("options", [])]
    return out


async def _tutorial(env, bot, member, channel) -> list[str]:
    """The tutorial's steps, each placed as its line says; the gentle game after it is played out."""
    thread = await open_game(member, channel, "summon tutorial")
    game_id = game_of(bot, member).id
    seen: list[str] = []
    for step in tutorial_steps():
        st = state_of(bot, game_id).game
        want = step.intended(st)
        pl = next(p for p in legal_placements(st) if (p.piece, p.rotation, p.col, p.row) == (want.piece, want.rotation,
                                                                                           want.col, want.row))
        hand = private_message(await member.click(thread.last_message, label="Your hand"))
        seen += _texts_of(hand)
        for result in await choose_placement(member, hand, pl):
            seen += _texts_of(private_message(result))
        await env.settle()
    return seen + await _play_to_the_end(env, bot, member, channel, thread=thread)


async def _play_to_the_end(env, bot, member, channel, thread=None) -> list[str]:
    if thread is None:
        await member.slash(channel, "summon ai")
        await env.settle()
        thread = channel.threads[-1]
    game_id = game_of(bot, member).id
    seen: list[str] = []
    for _ in range(120):
        if get_game(bot.db, game_id).status == "finished":
            break
        state = state_of(bot, game_id)
        if not seen:  # the slash step's autocomplete, as a newcomer would open it
            for option in ("piece", "rotation", "cell"):
                seen += [c["name"] for c in await member.autocomplete(thread, "summon place", option, "")]
        hand = private_message(await member.click(thread.last_message, label="Your hand"))
        seen += _texts_of(hand)
        pl = a_placement(state, seat_of(state, member))
        if pl is None:
            seen += _texts_of(private_message(await member.click(hand, label="Pass")))
        else:
            for result in await choose_placement(member, hand, pl):
                seen += _texts_of(private_message(result))
        await env.settle()
    assert get_game(bot.db, game_id).status == "finished"
    seen += [t for m in thread.history() for t in _texts_of(m)]
    return seen


async def test_whole_games_speak_in_words(make_real_bot):
    bot = make_real_bot()
    async with running(bot, "you", "alice") as (env, guild, channel, you, alice):
        texts: list[str] = []
        texts += await _tutorial(env, bot, alice, channel)
        for member in (you, alice, you):
            texts += await _play_to_the_end(env, bot, member, channel)
        choices = await you.autocomplete(channel, "summon deck add", "piece", "")
        texts += [c["name"] for c in choices]
        for piece in ("Stone Wall", "Fireball", "Ancient Treant"):
            texts += _texts_of(private_message(await you.slash(channel, "summon piece", name=piece)))
        texts += _texts_of(private_message(await you.slash(channel, "summon deck auto")))
    bad = sorted({p for t in texts for p in problems(t)})
    assert not bad, (bad[:20], [t for t in texts if problems(t)][:3])
    joined = "\n".join(texts)
    assert "You place " in joined and "your " in joined.lower(), "a member named you is spoken to"
    assert re.search(r"\w+, a (neutral|white|blue|green|red|black) (unit|spell)", joined), "pieces named with kind"


def test_battle_captions_say_whose_unit_hits_whose() -> None:
    st = new_game(5, auto_deck(1), auto_deck(2))
    while not st.battles and st.phase != "over":
        st = apply(st, ai_action(st))
    events = [e for rep in st.battles for e in rep.events]
    assert events
    names = Names(("you", "AI"))
    for e in events:
        caption = battle_caption(names, e)
        assert not problems(caption), caption
        assert re.search(r": [−+](\d+[¼½¾]?|[¼½¾])♥$", caption.removesuffix(" (falls)")), caption  # hearts
    hit = next(e for e in events if e.kind == "attack")
    attacker = "Your" if hit.actor.side == 0 else "AI's"
    assert battle_caption(names, hit).startswith(attacker)


def test_the_scan_catches_what_the_old_words_said() -> None:
    for old in ("p1 places Stone Wall [r.rN] at (0, 1)", "sides as dealt gGGN", "AI's board slides (0, -1)",
                "you places Clay Doll; you summons Clay Doll", "Ember Imp hits you's Stone Wall",
                "the draw: **you** places first"):
        assert problems(old), old
