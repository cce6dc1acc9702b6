"""The one error a service raises for a request it cannot act on.

Services know nothing of the socket protocol; the API layer answers an `InvalidInput` as "invalid params"
with its message, which tells the user what to fix.
"""


class InvalidInput(ValueError):
    """The request names something that does not exist or cannot be used; the message says what to fix."""
