"""Transcripts in: the inbox drop folder, learning from a finished session, and importing past sessions."""
