"""What the person said: their messages cut into sentences, and the rules, lessons and decisions in them, read by
each language's own grammar and markers (`knowledge.extract_knowledge` is the entry point)."""
