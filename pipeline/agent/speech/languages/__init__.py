"""Each language's own grammar for rules, lessons, decisions, verdicts and problem talk, one module per language,
and the order they are tried in (`speech/cues.py` reads them beside the languages its shared markers cover)."""

from collections.abc import Callable

from pipeline.agent.speech import unread_languages
from pipeline.agent.speech.languages import (
    albanian,
    arabic,
    bulgarian,
    catalan,
    dutch,
    estonian,
    greek,
    gujarati,
    hebrew,
    hinglish,
    hungarian,
    indonesian,
    japanese,
    marathi,
    persian,
    polish,
    swedish,
    tagalog,
    thai,
    ukrainian,
    vietnamese,
)

# The languages whose closing verdicts (POSITIVE, NEGATIVE, DEFERRED, LEAVING) and PROBLEM_TALK are read over
# folded text (`marks.fold`): `speech/verdicts.py` and the problem talk of `session_signals.py` read the same list
FOLDED = (
    vietnamese,
    polish,
    indonesian,
    hinglish,
    thai,
    persian,
    arabic,
    hebrew,
    greek,
    tagalog,
    dutch,
    swedish,
    hungarian,
    catalan,
    bulgarian,
    albanian,
    gujarati,
    estonian,
    marathi,
)
# The languages whose PROBLEM_TALK is read over the text as typed: folding would take their letters apart
# (Ukrainian й and ї decompose into и and і with a mark)
UNFOLDED = (ukrainian,)

# Each language's own grammar (`speech/languages/`), in the order it is tried: Tagalog before Hinglish and Persian
# before Arabic (each pair shares words or a script, the first tells itself apart), Marathi before Hinglish (it reads
# only a sentence with Marathi's own words); Polish before the guard against its "nie" in `cues.rule_in`; the
# languages with no reader of their own (`unread_languages.py`) last
Reading = Callable[[str], str | None]
RULE_READERS: tuple[Reading, ...] = (
    japanese.japanese_rule,
    vietnamese.vietnamese_rule,
    polish.polish_rule,
    ukrainian.ukrainian_rule,
    bulgarian.bulgarian_rule,
    indonesian.indonesian_rule,
    tagalog.tagalog_rule,
    gujarati.gujarati_rule,
    marathi.marathi_rule,
    hinglish.hinglish_rule,
    thai.thai_rule,
    persian.persian_rule,
    arabic.arabic_rule,
    hebrew.hebrew_rule,
    greek.greek_rule,
    dutch.dutch_rule,
    catalan.catalan_rule,
    albanian.albanian_rule,
    swedish.swedish_rule,
    hungarian.hungarian_rule,
    estonian.estonian_rule,
    unread_languages.other_rule,
)
LESSON_READERS: tuple[Reading, ...] = (
    vietnamese.vietnamese_lesson,
    polish.polish_lesson,
    ukrainian.ukrainian_lesson,
    bulgarian.bulgarian_lesson,
    indonesian.indonesian_lesson,
    gujarati.gujarati_lesson,
    marathi.marathi_lesson,
    hinglish.hinglish_lesson,
    thai.thai_lesson,
    persian.persian_lesson,
    arabic.arabic_lesson,
    hebrew.hebrew_lesson,
    greek.greek_lesson,
    tagalog.tagalog_lesson,
    dutch.dutch_lesson,
    catalan.catalan_lesson,
    albanian.albanian_lesson,
    swedish.swedish_lesson,
    hungarian.hungarian_lesson,
    estonian.estonian_lesson,
    unread_languages.other_lesson,  # last: the languages with no reader of their own
)
DECISION_READERS: tuple[Reading, ...] = (
    vietnamese.vietnamese_decision,
    polish.polish_decision,
    ukrainian.ukrainian_decision,
    bulgarian.bulgarian_decision,
    indonesian.indonesian_decision,
    gujarati.gujarati_decision,
    marathi.marathi_decision,
    hinglish.hinglish_decision,
    thai.thai_decision,
    persian.persian_decision,
    arabic.arabic_decision,
    hebrew.hebrew_decision,
    greek.greek_decision,
    tagalog.tagalog_decision,
    dutch.dutch_decision,
    catalan.catalan_decision,
    albanian.albanian_decision,
    swedish.swedish_decision,
    hungarian.hungarian_decision,
    estonian.estonian_decision,
    unread_languages.other_decision,
)
