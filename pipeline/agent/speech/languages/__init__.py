"""Each language's own grammar for rules, lessons, decisions, verdicts and problem talk, one module per language
(`speech/cues.py` reads them beside the languages its shared markers cover)."""

from pipeline.agent.speech.languages import (
    albanian,
    arabic,
    bulgarian,
    catalan,
    dutch,
    greek,
    gujarati,
    hebrew,
    hinglish,
    hungarian,
    indonesian,
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
)
# The languages whose PROBLEM_TALK is read over the text as typed: folding would take their letters apart
# (Ukrainian й and ї decompose into и and і with a mark)
UNFOLDED = (ukrainian,)
