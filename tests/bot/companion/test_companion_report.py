"""`/tactics companion`'s reason line, from decisions stored in a real store: an English reader reads the
pilot's English as it was stored; a Japanese reader reads the kind first, in Japanese (from the stored code),
then the stored English, marked as the server's, the model's or the pilot's own words."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest
from support.reading import english_in

from bot.companion.decision import CompanionDecision
from bot.companion.report import companion_report
from bot.words import reading
from db import companion as decisions

NOON = datetime(2025, 3, 14, 12, 0, tzinfo=UTC)
HTTP = "the model server answered HTTP 400: This model's maximum context length is 512 tokens."

CASES = [  # (decision, code, stored reason, the Japanese reason line)
    ("pass", "http_error", HTTP, f"理由：相棒のモデルのサーバーが要求を断りました（サーバー自身の言葉：{HTTP}）"),
    ("pass", "timeout", "no answer in 10 s", "理由：時間内に答えがありませんでした（操作役自身の言葉：no answer in 10"),
    ("pass", "illegal", "step 1: cannot read 'x'", "理由：モデルのターンはこの盤では行えません（操作役自身の言葉："),
    ("pass", "model_pass", "nothing to do", "理由：モデルがパスを選びました（モデル自身の言葉：nothing to do）"),
    ("turn", "chosen", "chosen by the model", "理由：モデルが示されたターンからひとつ選びました（操作役自身の言葉："),
    ("turn", "auto", "the planner's first turn", "理由：プランナーの最初のターンです（操作役自身の言葉："),
]


def stored(store, decision: str, code: str, reason: str) -> None:
    made = CompanionDecision(decision=decision, code=code, reason=reason, number=1 if decision == "turn" else None,
                             offered=["Tide Lash Driplet"], round=1, model="fake-model", calls=1)
    decisions.record(store, made.model_dump(), fight="k", guild_id=7, fighter="companion", now=NOON)


@pytest.mark.parametrize("decision, code, reason, japanese", CASES)
def test_the_reason_reads_its_kind_in_japanese_first_and_as_stored_in_english(store, decision, code, reason,
                                                                              japanese):
    stored(store, decision, code, reason)
    with reading("en"):
        english = companion_report(store, "k", "model")
    assert f"\nReason: {reason}\n" in english, english
    with reading("ja"):
        report = companion_report(store, "k", "model")
    line = next(line for line in report.split("\n") if line.startswith("理由："))
    assert line.startswith(japanese), line
    kind = line.split("自身の言葉：")[0]
    assert english_in(kind, ()) == [], "the kind is all Japanese; only the stored detail is English"
