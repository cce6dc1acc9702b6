"""Hook handlers for project rules and checks: rules on PreToolUse/SubagentStart, and PostToolUse (the edit and
its checks).

Output formats, as documented in Claude Code's hooks reference (https://code.claude.com/docs/en/hooks,
"PreToolUse decision control", "PostToolUse decision control", "SubagentStart"):
- PreToolUse: `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": TEXT}}` adds the
  rules to Claude's context. No `permissionDecision` is set for a read: "allow" would also skip the user's
  own permission prompts, and leaving it out lets the read go on exactly as it would without memoryd. The
  gate answers `"permissionDecision": "deny"` with `"permissionDecisionReason"`, which is shown to Claude.
- PostToolUse: `{"decision": "block", "reason": TEXT}` tells Claude to fix the file (the edit already
  happened; "block" feeds the reason back to the model, once: no additionalContext repeats it); a warning
  is `hookSpecificOutput.additionalContext`.
- SubagentStart: `{"hookSpecificOutput": {"hookEventName": "SubagentStart", "additionalContext": TEXT}}`,
  which goes into the subagent's context.
Invariant, as for every hook: a daemon that is down, hung or failing means no output (never a denial or a
block), and each handler returns a `HookResult` (the caller prints and logs it).
"""

from daemon.client.hooks.events import (
    EDIT_TOOLS,
    HookContext,
    HookResult,
    Unanswered,
    additional_context,
    ask,
    drop_none,
    file_path_of,
    idempotency_key,
    iso,
    payload_str,
    spool_instead,
)

TYPE_CHECKING = False  # Why not typing's: see events
if TYPE_CHECKING:
    from typing import Any

READ_TOOLS = ("Read",)


def pre_tool_use(payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    """Read: the project's rules not yet in this context. Edit/Write/NotebookEdit: the optional rules gate."""
    tool = payload_str(payload, "tool_name") or ""
    if tool not in READ_TOOLS and tool not in EDIT_TOOLS:
        return HookResult("skipped", detail={"reason": "not_read_or_edit", "tool": tool[:60]})
    path = file_path_of(payload)
    session = payload_str(payload, "session_id")
    if not path or not session:
        return HookResult("skipped", detail={"reason": "no_file_path_or_session", "tool": tool})
    event = "read" if tool in READ_TOOLS else "edit"
    params = drop_none(session_id=session, path=path, event=event, agent_id=payload_str(payload, "agent_id"))
    result = ask(ctx, "project_rules", params)
    detail = {"project": result.get("project"), "tool": tool}
    if event == "edit":
        reason = result.get("deny_reason")
        if not isinstance(reason, str) or not reason:
            return HookResult("empty", detail=detail)
        output = {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": reason,
            }
        }
        return HookResult("denied", output=output, detail=detail)
    return additional_context("PreToolUse", str(result.get("rules_markdown") or ""), detail)


def subagent_start(payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    """The project of the cwd, once per subagent context (a subagent starts without the parent's context)."""
    session = payload_str(payload, "session_id")
    if not session:
        return HookResult("skipped", detail={"reason": "no_session"})
    params = drop_none(
        session_id=session, cwd=payload_str(payload, "cwd"), event="subagent", agent_id=payload_str(payload, "agent_id")
    )
    result = ask(ctx, "project_rules", params)
    detail = {"project": result.get("project"), "agent_type": payload_str(payload, "agent_type")}
    return additional_context("SubagentStart", str(result.get("rules_markdown") or ""), detail)


def with_checks(path: str, ctx: HookContext, base: HookResult, answered: "dict[str, Any] | None" = None) -> HookResult:
    """PostToolUse: the ```check lessons' verdict on the edited file (`answered` with the edit, else asked for)
    turned into the hook's output.

    block -> `decision: block` with the findings as the reason (only there: Claude Code hands the reason to
    the model, so additionalContext would be a second copy); warn -> additionalContext; pass -> `base`.
    """
    if base.outcome in ("daemon_down", "timeout", "spooled"):
        return base
    try:
        result = answered if answered is not None else ask(ctx, "check", {"path": path})
    except Unanswered as unanswered:
        return HookResult(base.outcome, base.output, {**base.detail, "checks": unanswered.result.outcome})
    decision = result.get("decision")
    text = str(result.get("text") or "")
    detail = {**base.detail, "checks": decision}
    if decision == "block" and text:
        reason = f"memoryd checks failed for {path}; fix the file:\n{text}"
        return HookResult("blocked", {"decision": "block", "reason": reason}, detail)
    if decision == "warn" and text:
        note = f"memoryd check warnings for {path}:\n{text}"
        return additional_context("PostToolUse", note, detail)
    return HookResult(base.outcome, base.output, detail)


def post_tool_use(payload: "dict[str, Any]", ctx: HookContext) -> HookResult:
    tool = payload_str(payload, "tool_name") or ""
    if tool not in EDIT_TOOLS:
        return HookResult("skipped", detail={"reason": "not_an_edit", "tool": tool[:60]})
    path = file_path_of(payload)
    if path is None:
        return HookResult("skipped", detail={"reason": "no_file_path", "tool": tool})
    params = drop_none(
        files=[path],
        tool=tool,
        cwd=payload_str(payload, "cwd"),
        session_id=payload_str(payload, "session_id"),
        at=iso(ctx.now),
        idempotency_key=idempotency_key("PostToolUse", payload),
    )
    try:
        result = ask(ctx, "edit", {**params, "check": path})  # the checks' verdict comes with the answer
    except Unanswered as unanswered:
        return with_checks(path, ctx, spool_instead(ctx, unanswered.result, [("edit", params)]))
    done = HookResult("ok", detail={"daily": result.get("daily"), "project": result.get("project")})
    verdict = result.get("check")
    # ```check lessons may block or warn (a daemon older than this hook answers without them: ask)
    return with_checks(path, ctx, done, verdict if isinstance(verdict, dict) else None)


HANDLERS = {"PreToolUse": pre_tool_use, "SubagentStart": subagent_start, "PostToolUse": post_tool_use}
