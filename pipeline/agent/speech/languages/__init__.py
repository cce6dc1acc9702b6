"""Each language's own grammar for rules, lessons, decisions, verdicts and problem talk, one module per language
(`speech/cues.py` reads them beside the languages its shared markers cover)."""
