"""Problems, not strings: what failed in a session (failure evidence, signals), which known problem it is
(identity by anchors and meaning, the person's words), and what resolved it (fix steps)."""
