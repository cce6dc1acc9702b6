"""`memoryd sync`: the memory home as a git repository shared by several machines (README "Several machines")."""
