"""Secret redaction and `<private>` removal: what goes, what stays, and that line counts never change."""

from __future__ import annotations

import time

import pytest

from pipeline.redact import redact, strip_private

PEM = """-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACDvO2pa0cG9g3cJ1jz0Xf5hPbq1vN2v7iYw3sJc6oZQ1AAAAJg3JxQ4NycU
-----END OPENSSH PRIVATE KEY-----"""

# (kind, line containing a secret, the secret itself)
SECRETS = [
    (
        "openai_key",
        "OPENAI_API_KEY=sk-proj-abc123DEF456ghi789JKL012mno345PQR",
        "sk-proj-abc123DEF456ghi789JKL012mno345PQR",
    ),
    ("openai_key", "key: sk-1234567890abcdefghijKLMNOPQRSTUVwxyz", "sk-1234567890abcdefghijKLMNOPQRSTUVwxyz"),
    ("anthropic_key", "use sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdEFGH here", "sk-ant-api03-AbCdEfGh"),
    ("github_token", "export GITHUB_TOKEN=ghp_1234567890abcdefghijABCDEFGHIJ123456", "ghp_1234567890abcdef"),
    ("github_token", "gho_16C7e42F292c6912E7710c838347Ae178B4a in the log", "gho_16C7e42F292c6912E7710c"),
    ("github_token", "ghs_abcdefghijklmnopqrstuvwxyz0123456789 used by CI", "ghs_abcdefghijklmnopqrstu"),
    (
        "github_token",
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS",
        "github_pat_11ABC",
    ),
    ("aws_access_key", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    ("api_key", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI"),
    ("slack_token", "SLACK=xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-123456789012"),
    ("slack_token", "user token xoxp-123456789012-123456789012-123456789012-abcdef0123456789", "xoxp-1234567"),
    (
        "slack_webhook",
        "post to https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
        "T00000000/B0",
    ),
    ("google_api_key", "maps key AIzaSyD-1234567890abcdefghijklmnopqrstu ok", "AIzaSyD-1234567890abc"),
    ("stripe_key", "STRIPE=sk_live_51H8abcdefghijklmnopqrstuvwx", "sk_live_51H8abcdef"),
    (
        "jwt",
        "Authorization header had eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "eyJzdWIiOiIxMjM0NTY3ODkwIn0",
    ),
    ("bearer_token", 'curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"', "9f8e7d6c5b4a3928"),
    ("password", "password=hunter2", "hunter2"),
    ("password", "DB_PASSWORD=correct-horse-battery-staple", "correct-horse"),
    ("password", "passwd: s3cr3t!", "s3cr3t!"),
    ("password", '  password: "p@ss w0rd"', "p@ss w0rd"),
    ("password", "DB_PASS='letmein123'", "letmein123"),
    ("password", "mysql --password hunter22 --user root", "hunter22"),
    ("token", "token: abcdef123456", "abcdef123456"),
    ("token", '{"refresh_token": "r1.abc.def"}', "r1.abc.def"),
    ("secret", "client_secret => 'Zm9vYmFyYmF6'", "Zm9vYmFyYmF6"),
    ("secret", "SECRET=topsecretvalue", "topsecretvalue"),
    ("api_key", 'api_key = "abc-123-xyz"', "abc-123-xyz"),
    ("api_key", "apiKey: 0123456789abcdef,", "0123456789abcdef"),
    ("url_credentials", "db_url = postgres://admin:Sup3rS3cret@db.example.com:5432/app", "Sup3rS3cret"),
    ("url_credentials", "git remote https://bob:ghp_x1y2z3@github.com/org/repo.git", "ghp_x1y2z3"),
    ("email", "mail me at john.doe+memo@example.co.uk please", "john.doe+memo@example.co.uk"),
    # Forms found beyond the documented list, and other common ones.
    ("password", "fyi my password is Tr0ub4dor&3 for the vpn", "Tr0ub4dor&3"),
    ("password", "The wifi passphrase was 'blue-Heron-77'.", "blue-Heron-77"),
    ("password", "mysql -u root -pS3cretPass99 shop < dump.sql", "S3cretPass99"),
    ("password", "curl -u alice:W0nderland42 https://api.example.com/v1/me", "W0nderland42"),
    ("password", "curl --user deploy:Pr0dDeploy!x https://ci.example.com", "Pr0dDeploy!x"),
    ("huggingface_token", "HF token hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567 works", "hf_AbCdEfGhIjKlMnOpQrSt"),
    (
        "api_key",
        "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi+/cdefghijklmnopqr==;EndpointSuffix=core.windows.net",
        "Zm9vYmFyYmF6cXV4MTIzNDU2",
    ),
    (
        "api_key",
        "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=q1W2e3R4t5Y6u7I8o9P0aSdFgHjKl+Zx=",
        "q1W2e3R4t5Y6u7I8o9P0",
    ),
    (
        "azure_sas",
        "https://acme.blob.core.windows.net/c/f.txt?sv=2022-11-02&sr=b&sig=AbC1dE2fGh3IjK4lMn5OpQ6rSt7UvW8xYz9%2B0%3D",
        "AbC1dE2fGh3IjK4lMn5",
    ),
    (
        "aws_secret_key",
        "the AWS secret access key is wJalrXUtnFEMI/K7MDENG/bPxRfiCY2EXAMPLE99 (rotate it)",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCY2",
    ),
    ("slack_token", "bot xoxb-2222222222-3333333333333-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-2222222222"),
    ("stripe_key", "rk_live_51AbCdEfGhIjKlMnOpQrStUv restricted", "rk_live_51AbCdEf"),
    ("stripe_webhook_secret", "STRIPE webhook whsec_AbCdEfGhIjKlMnOpQrStUvWxYz012345", "whsec_AbCdEfGhIjKl"),
    ("npm_token", "//registry.npmjs.org/:_authToken=npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "npm_AbCdEfGhIjKlMn"),
    ("npm_token", "publish with npm_ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210 today", "npm_ZyXwVuTsRqPoNm"),
    (
        "pypi_token",
        "twine upload -p pypi-AgEIcHlwaS5vcmcCJGE5ZTQ5MzJhLTU2NmYtNDk3Ny1hZjQ2LWM5YjVkYjk4ZDEyNQACKlszLCJl",
        "pypi-AgEIcHlwaS5vcmcCJGE5ZTQ5",
    ),
    ("gitlab_token", "GITLAB glpat-AbCdEf12345GhIjKl678 expired", "glpat-AbCdEf12345GhIj"),
    (
        "sendgrid_key",
        "mail via SG.aBcDeFgHiJkLmNoPqRsTuV.wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ012 now",
        "SG.aBcDeFgHiJkLmNoPq",
    ),
    ("telegram_bot_token", "bot 1234567890:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw9 set", "AAHdqTcvCH1vGWJxfSeof"),
    ("api_key", "MAPBOX_KEY=pk.eyJ1IjoiYWNtZSIsImEiOiJjbGV4YW1wbGUifQ.AbCdEf", "pk.eyJ1IjoiYWNtZSIsImEi"),
    ("api_key", "export STORAGE_ACCOUNT_KEY=Zm9vYmFyYmF6MTIzNDU2Nzg5", "Zm9vYmFyYmF6MTIzNDU2Nzg5"),
    ("password", "Host=db;Database=shop;Username=app;Pwd=Qw3rty99x;", "Qw3rty99x"),
    ("password", "Server=db;Database=shop;User Id=sa;Password=Hx9!kLm2;", "Hx9!kLm2"),
    ("url_credentials", "DATABASE_URL=mysql://app:Pa55w0rdZ@db:3306/app", "Pa55w0rdZ"),
    ("url_credentials", "mongodb+srv://svc:N0tS0Secret@cluster0.example.mongodb.net/db", "N0tS0Secret"),
]


@pytest.mark.parametrize(("kind", "line", "secret"), SECRETS, ids=[f"{k}:{s[:12]}" for k, _, s in SECRETS])
def test_each_secret_is_replaced_with_its_kind(kind: str, line: str, secret: str) -> None:
    out = redact(line)
    assert secret not in out
    assert f"[REDACTED:{kind}]" in out


def test_assignment_keeps_the_key_and_the_quotes() -> None:
    assert redact("DB_PASSWORD=hunter2") == "DB_PASSWORD=[REDACTED:password]"
    assert redact('"api_key": "abc-123"') == '"api_key": "[REDACTED:api_key]"'
    assert redact("token: abc123 # rotated monthly") == "token: [REDACTED:token] # rotated monthly"


def test_url_credentials_keep_scheme_and_host() -> None:
    out = redact("clone https://user:pa55@git.example.com/repo.git now")
    assert out == "clone https://[REDACTED:url_credentials]@git.example.com/repo.git now"


def test_bearer_keeps_the_scheme_word() -> None:
    assert redact("Authorization: Bearer abc123def456ghi789") == "Authorization: Bearer [REDACTED:bearer_token]"


def test_pem_block_is_removed_whole_and_keeps_the_line_count() -> None:
    text = f"before\n{PEM}\nafter"
    out = redact(text)
    assert out.split("\n") == ["before", "[REDACTED:private_key]", "", "", "", "after"]


def test_unterminated_pem_block_is_redacted_to_the_end() -> None:
    out = redact("key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\nmore")
    assert out == "key:\n[REDACTED:private_key]\n\n"


def test_emails_can_be_kept() -> None:
    assert redact("ask ann@example.com", emails=False) == "ask ann@example.com"
    assert redact("ask ann@example.com") == "ask [REDACTED:email]"


NOT_SECRETS = [
    "16:02:11  Done. PASS=13 WARN=0 ERROR=1 SKIP=0 TOTAL=14",  # dbt's tally
    "the task-list is long and disk-usage-monitoring-service-name is fine",
    "pip install scikit-learn sk-learn",
    "password_field = forms.CharField(max_length=64)",
    "password = getpass.getpass()",
    "password = os.environ['DB_PASSWORD']",
    "password = settings.DB_PASSWORD",
    "def login(user: str, password: str) -> None:",
    "token: str | None = None",
    "Token: the session token is rotated daily.",
    "max_tokens: 400",
    "tokens = tokenizer.encode(text)",
    "if password == expected:",
    "password: ${DB_PASSWORD}",
    "PASSWORD=<your password here>",
    "api_key: null",
    "secrets: inherit",
    "bypass = true",
    "Basic internationalization is hard.",
    "git clone git@github.com:org/repo.git",
    "ssh://git@github.com/org/repo.git",
    "see icon@2x.png and @dataclass and user@localhost",
    "https://example.com:8443/path?q=1",
    "-----BEGIN PUBLIC KEY-----",
    "AKIA is the prefix of AWS access key ids",
    "The heartbeat interval is 30s; the timeout is 90s.",
    "我们用 WebSocket 心跳保活，间隔三十秒",
    "The password is stored in the vault, never in the repo.",
    "my password was wrong twice, then it locked me out",
    "The default password is changeme",
    "run mysql -p to be prompted for the password",
    "curl -u $USER:$TOKEN https://api.example.com",
    "commit 3f2c1a9b8e7d6c5b4a3928170f6e5d4c3b2a1908 fixed the aws secret rotation",
    "SORT_ORDER=asc",
    "the hf_hub_download helper caches models",
    "Use npm_config_cache to move the cache",
    "The password is case-sensitive and the password is 8 characters long.",
    "the password for the admin account is in 1Password",
    "docker run -u 1000:1000 app && git push -u origin main",
    "export PATH=$PATH:/usr/local/bin",
    "SECRET_KEY=",
    "API_TOKEN=${API_TOKEN}",
]


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_ordinary_text_and_code_are_left_alone(text: str) -> None:
    assert redact(text) == text


def test_redaction_is_idempotent() -> None:
    corpus = "\n".join(line for _, line, _ in SECRETS) + "\n" + PEM
    once = redact(corpus)
    assert redact(once) == once
    assert once.count("\n") == corpus.count("\n")


ADVERSARIAL = {
    "letters": "a" * 1_000_000,
    "email-ish": "a.b-c_d" * 150_000 + "@",
    "many-at": "a@" * 500_000,
    "sk-run": "sk-" * 333_333,
    "pem-begins": "-----BEGIN RSA PRIVATE KEY-----\n" * 30_000,
    "url-schemes": "https://" * 125_000,
    "url-userinfo": "https://" + "u" * 500_000 + ":" + "p" * 499_000,
    "assignments": "password=" * 110_000,
    "colons": "token: " * 140_000,
    "jwt-ish": "eyJ" + "a" * 999_990 + ".",
    "bearer": "Bearer " + "1" * 999_990,
    "private-tags": "<private>" * 100_000,
    "prose": "The quick brown fox deploys to staging at 3am. " * 21_000,
}


@pytest.mark.parametrize("name", ADVERSARIAL)
def test_one_megabyte_inputs_never_backtrack_catastrophically(name: str) -> None:
    """A guard against exponential regexes (minutes), not a speed target: see bench/ for speed."""
    text = ADVERSARIAL[name]
    started = time.perf_counter()
    out = strip_private(redact(text))
    assert time.perf_counter() - started < 20.0
    assert out.count("\n") == text.count("\n")


def test_strip_private_removes_spans_and_keeps_newlines() -> None:
    text = "keep 1\n<private>secret\nstill secret\n</private>keep 2\nkeep 3"
    assert strip_private(text) == "keep 1\n\n\nkeep 2\nkeep 3"


def test_strip_private_is_case_insensitive_and_inline() -> None:
    assert strip_private("a <PRIVATE>x</Private> b") == "a  b"
    assert strip_private('a <private reason="pii">x</private> b') == "a  b"


def test_unclosed_private_removes_to_the_end() -> None:
    assert strip_private("public\n<private>\nsecret\nmore") == "public\n\n\n"


def test_nested_private_spans_end_at_the_outer_close() -> None:
    assert strip_private("a<private>b<private>c</private>d</private>e") == "ae"


def test_stray_closing_tag_is_dropped() -> None:
    assert strip_private("a</private>b") == "ab"


def test_private_tag_mentioned_as_inline_code_is_kept() -> None:
    text = "Wrap secrets in `<private>` tags.\nMore docs."
    assert strip_private(text) == text


def test_private_tags_with_spaces_are_honoured() -> None:
    assert strip_private("a < private>x</private> b") == "a  b"
    assert strip_private("a <private >x< /private> b") == "a  b"
    assert strip_private("a <private>x</ private > b") == "a  b"


def test_private_tags_written_as_inline_code_still_hide_what_they_enclose() -> None:
    """`<private>`secret`</private>`: the tags are inline code, but a closing tag follows, so the span is private."""
    assert "hunter2" not in strip_private("pw: `<private>`hunter2`</private>` ok")
    assert "hunter2" not in strip_private("pw: `<private>hunter2</private>` ok")
