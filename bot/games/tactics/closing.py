"""A fight's end in words: why it ended, what decided it, what it earned and what comes next, as the
result board says them; and a campaign fight by its place and name, as every board and list names it."""
from __future__ import annotations

import engine.tactics as tx
from bot.words import N_, words
from engine.tactics.model.progress import MAX_LEVEL

from . import names
from .moments import ending_words, held_words, moment_words, same_blow
from .session import TacticsSession

END_WORDS = {"rout": N_("the pack broke and ran"), "all_strays_down": N_("every stray is down"),
             "broke_out": N_("the duo broke out"), "duo_down": N_("the duo is down")}
RESULTS = {"won": N_("Won"), "lost": N_("Lost"), "draw": N_("Draw")}


def why(fight: tx.FightState) -> str:
    """Why the fight ended, from its typed result ("the pack broke and ran")."""
    end = tx.fight_outcome(fight)
    if end is None:
        return ""
    if end.reason == "held":
        return words("the duo held to the end of round {round}", round=end.hold_round)
    if end.reason in END_WORDS:
        return words(END_WORDS[end.reason])
    duo, strays = end.duo_hp * 100 // max(1, end.duo_start), end.strays_hp * 100 // max(1, end.strays_start)
    return words("after round 10 the duo kept {duo_hp}/{duo_start} HP ({duo}%) against the strays' "
                 "{strays_hp}/{strays_start} ({strays}%)", duo_hp=end.duo_hp, duo_start=end.duo_start, duo=duo,
                 strays_hp=end.strays_hp, strays_start=end.strays_start, strays=strays)


def campaign_place(encounter_id: str) -> int | None:
    """Where a fight stands in the campaign (1 for the first), None for a fight outside it (a daily)."""
    ids = [e.id for e in tx.campaign()]
    return ids.index(encounter_id) + 1 if encounter_id in ids else None


def fight_name(encounter_id: str) -> str:
    """A campaign fight as a player knows it, by its place and name ("fight 2, Hold the Ford"); the
    encounter's id stays the value behind the commands' lists."""
    enc = tx.encounter(encounter_id)
    place = campaign_place(enc.id)
    name = names.encounter(enc.id, enc.name)
    return words("fight {place}, {name}", place=place, name=name) if place else name


def goal_line(enc: tx.EncounterDef) -> str:
    """An encounter's goal and the level it recommends."""
    goal = words("rout") if enc.goal == "rout" else \
        words("hold to round {round}", round=enc.hold_round) if enc.goal == "hold" else \
        words("break out (exits open in round {round})", round=enc.exit_round)
    return words("{goal} · recommended level {level}", goal=goal, level=enc.level)


def encounter_line(enc: tx.EncounterDef) -> str:
    name = fight_name(enc.id)
    return f"{name[:1].upper()}{name[1:]} · {goal_line(enc)}"  # a name in Japanese has no case to change


def closing_lines(state: TacticsSession, reward: tx.FightReward, record: tx.TacticsProgress) -> list[str]:
    """What the result board keeps: why the fight ended, what decided it, what it earned, what is next."""
    return result_lines(state, reward, record.xp, record.next_campaign())


def result_lines(state: TacticsSession, reward: tx.FightReward, xp: int, next_fight: str) -> list[str]:
    """The result board's lines of the ended fight, from what it earned, the player's XP after it and the
    campaign fight that comes next."""
    fight = state.fight
    lines = [words("**{result}** — {why}.", result=words(RESULTS[fight.result]) if fight.result else "",
                   why=why(fight))]
    lines.extend(decided_lines(fight))
    if reward.why is not None and reward.why.kind == "alone":
        hero, companion = fight.get("hero").name, fight.get("companion").name
        lines.append(words("{companion} won it alone: {hero} never acted. It counts as a win and opens the next "
                           "fight, but the first win's bonus waits for a win {hero} fights in.",
                           companion=names.fighter(companion), hero=names.fighter(hero)))
    practice = state.mode == "daily" and not state.counted
    lines.extend((xp_words(reward, practice), level_said(reward, xp, next_fight)))
    if state.mode == "daily":
        lines.append(words("Today's counted attempt.") if state.counted else
                     words("Practice: today's counted attempt was already played."))
    lines.append(words("Next fight: {fight}.", fight=encounter_line(tx.encounter(next_fight))))
    return lines


def decided_lines(fight: tx.FightState) -> list[str]:
    """What decided the fight: what ended it (the last blow, the hit that broke the pack, the step onto the
    exit, the hold's last round), then the moments on the way; a finish after round 10 (or a fight saved
    before endings were kept) names its moments alone."""
    end, outcome = tx.ending_moment(fight), tx.fight_outcome(fight)
    decided = ending_words(fight, end) if end else \
        held_words(fight, outcome.hold_round or outcome.round) if outcome and outcome.reason == "held" else None
    rest = [moment_words(fight, m) for m in tx.deciding_moments(fight) if end is None or not same_blow(m, end)]
    if decided is None:
        return [words("What decided it: {what}.", what=words("; ").join(rest))] if rest else []
    return [words("What decided it: {what}.", what=decided)] + \
        ([words("On the way: {what}.", what=words("; ").join(rest))] if rest else [])


def fight_title(encounter_id: str) -> str:
    """A campaign fight by name with its place, for inside a sentence ("Hold the Ford (fight 2)")."""
    enc = tx.encounter(encounter_id)
    place = campaign_place(enc.id)
    name = names.encounter(enc.id, enc.name)
    return words("{name} (fight {place})", name=name, place=place) if place else name


def xp_words(reward: tx.FightReward, practice: bool = False) -> str:
    """The XP a fight earned and why, so a player sees why one first win pays more than another: a first
    win pays the climb from this fight's recommended level to the next fight's (the least a first win
    pays when both recommend the same level)."""
    why_ = reward.why
    if why_ is None:
        return words("+{xp} XP.", xp=reward.xp)
    if why_.kind == "no_win":
        return words("+{xp} XP for finishing the fight (a win adds more).", xp=reward.xp)
    paid = {"xp": reward.xp, "fight": why_.fight, "win": why_.win}
    if why_.kind == "repeat" and practice:
        return words("+{xp} XP: {fight} for finishing the fight and {win} for a practice win (the day's counted "
                     "win pays more).", **paid)
    if why_.kind == "alone":
        return words("+{xp} XP: {fight} for finishing the fight and {win} for a win the companion fought alone "
                     "(fight in it to earn the first win's +{withheld}).", withheld=why_.withheld, **paid)
    if why_.kind == "repeat":
        return words("+{xp} XP: {fight} for finishing the fight and {win} for winning it again (a first win pays "
                     "more).", **paid)
    if why_.kind == "daily":
        return words("+{xp} XP: {fight} for finishing the fight and {win} for a counted daily win, paid like a "
                     "first win.", **paid)
    if why_.next_encounter is None:
        return words("+{xp} XP: {fight} for finishing the fight and {win} for its first win, a whole level for the "
                     "campaign's last fight.", **paid)
    after = fight_title(why_.next_encounter)
    if why_.kind == "floor":
        return words("+{xp} XP: {fight} for finishing the fight and {win} for its first win, the least a first win "
                     "pays, as {after} recommends level {to} like this fight.", after=after, to=why_.to_level, **paid)
    return words("+{xp} XP: {fight} for finishing the fight and {win} for its first win: the climb from level "
                 "{frm}, this fight's recommended level, to level {to}, the level {after} recommends.",
                 frm=why_.from_level, to=why_.to_level, after=after, **paid)


def level_words(reward: tx.FightReward, record: tx.TacticsProgress) -> str:
    """The duo's level after the fight beside the level the next campaign fight recommends."""
    return level_said(reward, record.xp, record.next_campaign())


def level_said(reward: tx.FightReward, xp: int, next_fight: str) -> str:
    """The duo's level (with the player's `xp`) beside the level `next_fight` recommends."""
    level, nxt = reward.level_after, tx.encounter(next_fight)
    head = words("Tactics level {level} ({xp} XP), the top level", level=level, xp=xp) \
        if level >= MAX_LEVEL else words("Tactics level {level} ({xp} XP)", level=level, xp=xp)
    after = fight_title(nxt.id)
    if level == nxt.level:
        return words("{head} — the level {after} recommends.", head=head, after=after)
    if level < nxt.level:
        return words("{head} — {after} recommends level {level}, {n} levels above yours.", head=head, after=after,
                     level=nxt.level, n=nxt.level - level) if nxt.level - level > 1 else \
            words("{head} — {after} recommends level {level}, 1 level above yours.", head=head, after=after,
                  level=nxt.level)
    return words("{head} — {after} recommends level {level}; you are {n} levels above it.", head=head, after=after,
                 level=nxt.level, n=level - nxt.level) if level - nxt.level > 1 else \
        words("{head} — {after} recommends level {level}; you are 1 level above it.", head=head, after=after,
              level=nxt.level)


def news_lines(reward: tx.FightReward) -> list[str]:
    """Said once, with the result that earned it: a level-up, supers unlocked."""
    news = []
    if reward.level_after > reward.level_before:
        news.append(words("Level up: {before} → {after}! The duo fights at level {after} from the next fight.",
                          before=reward.level_before, after=reward.level_after))
    if reward.supers_unlocked:
        news.append(words("Supers unlocked: from now on each duo member's super is ready at 60 Spirit."))
    return news
