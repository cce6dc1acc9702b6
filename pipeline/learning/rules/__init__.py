"""Rules the person gives: found by meaning, gated by directive words, and how a new one replaces an old one."""
