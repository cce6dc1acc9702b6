"""The memory home's layout (DESIGN.md section 1) and the starter MEMORY.md, shared by init and context."""

DIRECTORIES = (
    "areas/projects",
    "areas/patterns",
    "areas/tools",
    "daily",
    "sessions",
    "reports",
    "inbox",
    "events",
    "state",
    "run",
)

STARTER_MEMORY = """# Memory

What every session should know. memoryd indexes this file; edit it freely.

## Preferences
- (How you like to work: languages, tools, style.)

## Lessons
- (Mistakes not to repeat. memoryd appends deduplicated lessons here.)

## Best practices
- (What has worked well.)
"""
