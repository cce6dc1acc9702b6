"""A standing rule, a lesson, a decision, a verdict on the work or talk of a problem said in Indonesian or Malay,
as people type it in chat: colloquial (Jakarta slang: "gak", "pake", "aja", "gw"; Kuala Lumpur's "je", "tak",
"kena", "lepas ni"), mixed with English, the particle "ya" turning a statement into a request ("commit message-nya
bahasa Inggris ya"). The two are one language to this reader: most of their words are shared.

Markers: never ("jangan pernah", "gak boleh", "dilarang"), always ("selalu", "wajib"), all of a kind put one way
("semua angka gameplay taruh di …", "semua query lewat …"), from now on ("mulai sekarang", "ke depannya", "berubah
rencana:"), a request that holds as elsewhere ("… ya, sama kayak di pesanan-kue"). Not rules: questions ("emang
harus selalu …?"), what is for now ("jangan commit dulu", "untuk sekarang", "kali ini"), the speaker ("gw mau
…"), reports ("selalu error", "masih kosong"). Read over folded text (`marks.fold`) like the other languages
typed without their letters, though Indonesian has none to lose. Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.marks import fold, tidy

_NOT = r"(?:gak|ga|nggak|ngga|enggak|engga|tidak|tak|ndak)"
# "mulai sekarang", "mulai hari ini", "dari sekarang", "ke depannya", "berubah rencana:", "aturan baru:"
_FROM_NOW_ON = re.compile(
    r"(?:^|[,:;.]\s+)(?P<r>(?P<lead>mulai (?:sekarang|hari ini|hari ni|besok|minggu ini)|dari sekarang|"
    r"ke ?depan(?:nya)?|"
    # Malay "lepas ni" (after this), when what follows is a norm, not the next step ("lepas ni kita deploy")
    r"(?:lepas|selepas) (?:ni|ini)(?=,?\s+(?:\S+\s+){0,4}?(?:semua|je|jangan|kena|mesti|wajib|selalu|pakai|guna|"
    r"tak payah)\b)|"
    r"seterusnya|(?:berubah|ganti|ubah) (?:rencana|aturan|plan)\s*:|aturan(?:nya)? baru\s*:)[,:]?\s+\S.{5,})",
    re.IGNORECASE,
)
_MARKERS = (
    # never: "jangan pernah pake service_role key …", "jangan sekali-kali …"
    re.compile(r"(?:^|[,:;]\s*|\S\s)jangan (?:pernah|sekali-?kali|sampai|sampe)\s+\S", re.IGNORECASE),
    # must not / forbidden: "migration yang udah di-push gak boleh diedit", "dilarang push ke main"
    re.compile(rf"\b{_NOT} boleh\s+\S|\bdilarang\b", re.IGNORECASE),
    # always / mandatory: "selalu jalanin test dulu …", "wajib ada test" (not "selalu error": a report)
    re.compile(r"(?:^|[,:;]\s*|\S\s)(?:harus |mesti |kena )?(?:selalu|wajib)\s+\S", re.IGNORECASE),
    # don't, about a thing named from code or "any more" / "only": "jangan sentuh file .env tu", "jangan tambah
    # apa-apa dalam phpstan-baseline.neon", "jangan run dbt … dari laptop, guna target dev je"
    re.compile(
        r"(?:^|[,:;]\s*)jangan\s+\w+\b.*(?:\S\.[a-z]{2,}\b|\s\.[a-z]\w+|\w/\w|\s--\w|\b(?:lagi|je|aja)\b)",
        re.IGNORECASE,
    ),
    # first, before a step of the work: "tanya I dulu sebelum tambah package baru", "sebelum setiap commit …"
    re.compile(r"\bdulu sebelum\s+\S|\bsebelum (?:setiap|tiap|semua)\s+\S", re.IGNORECASE),
    # one place or way, not another: "business logic letak dalam app/Actions, bukan dalam Livewire component"
    re.compile(r"\b(?:letak|taruh|simpan|guna|pakai|tulis)\b[^,]{2,60},\s*bukan\s+\S", re.IGNORECASE),
    # a kind of thing done only one way: "test pakai sqlite :memory: je lah"
    re.compile(
        r"^(?!(?:kita|kami|saya|aku|i|gw|gue)\b)\S+(?:\s+\S+){0,2}\s+(?:pakai|guna)\s+\S.{0,40}\bje\b", re.IGNORECASE
    ),
    # all / every of a kind, put or done one way: "semua angka gameplay taruh di autoload Config"
    re.compile(
        r"^(?:semua|setiap|tiap|seluruh)\s+(?:\S+\s+){0,4}?(?:taruh|ditaruh|lewat|melalui|pake|pakai|harus|wajib|"
        r"masuk|disimpan|simpan|ditulis|tulis|dibikin|dibuat|ikut|pakek|kena|mesti|guna|lalu)\b|"
        # or after the verb it is done with: "schedule semua DAG ikut timezone Asia/Kuala_Lumpur"
        r"^\w+ (?:semua|setiap|tiap)\s+(?:\S+\s+){0,2}?(?:ikut|pakai|guna|lalu|lewat)\s+\S",
        re.IGNORECASE,
    ),
)
# "… ya, sama kayak di pesanan-kue": a request that holds here as it does in another place
_AS_ELSEWHERE = re.compile(
    r"^(?P<r>(?!(?:gw|gue|aku|saya|kita|itu|ini)\b)\S.{3,60}?\s+ya),?\s+(?:sama )?(?:kayak|kaya|kek|seperti|"
    r"sama dengan|sama kayak|sama kaya) (?:yang )?di\s+\S+\s*[.!]*$",
    re.IGNORECASE,
)
_QUESTION = re.compile(
    r"\?\s*$|^(?:emang|apa|apakah|kenapa|gimana|bagaimana|kok|bisa gak|perlu gak)\b|\b(?:gak|nggak|bukan) sih\b",
    re.IGNORECASE,
)
# for now, this once: "jangan commit dulu ya" (not yet), "untuk sekarang", "kali ini", "hari ini"
_FOR_NOW = re.compile(
    r"\bjangan \S+(?: \S+)? dulu\b|\b(?:untuk|buat) (?:sekarang|sementara|saat ini)\b|\bsementara\b|\bkali ini\b|"
    r"\bhari ini\b",
    re.IGNORECASE,
)
# the speaker, or someone else ("diorang tak boleh match dengan CRM": Malay "tak boleh" is also "cannot")
_ABOUT_ME = re.compile(r"^(?:gw|gue|gua|aku|saya|ane|i|dia|diorang|dorang|mereka)\b", re.IGNORECASE)
_REPORT = re.compile(
    r"\b(?:selalu|masih) (?:aja )?(?:error|gagal|fail\w*|merah|crash\w*|kosong|timeout|lemot|lambat|hang|mati|"
    r"dobel|salah|ketinggalan)\b",
    re.IGNORECASE,
)
# What follows a rule without being part of it: its reason ("…, soalnya itu bypass semua RLS", "… biar bisa …")
_REASON = re.compile(r",?\s+(?:soalnya|karena|karna|krn|biar|supaya|agar|sebab)\s", re.IGNORECASE)
# tagged with a colon, wherever in the sentence ("akhirnya 😂 pelajaran: …")
_LESSON = re.compile(
    r"(?:^|\s)(?:pelajaran|pelajarannya|hikmah|hikmahnya|catatan penting|catatan buat (?:ke ?depan|nanti))"
    r"\s*:\s*(?P<l>\S.{5,})",
    re.IGNORECASE,
)
_DECISION = re.compile(
    r"(?:^|[,:]\s*)(?:keputusan(?:nya)?|diputuskan)\s*[:,]\s*(?P<d>\S.{5,})|"
    r"\b(?P<s>(?:kita|kami|udah|sudah) (?:putuskan|putusin|mutusin|memutuskan)\b.{4,})",
    re.IGNORECASE,
)


def indonesian_rule(sentence: str) -> str | None:
    """The standing rule an Indonesian sentence states, or None: the sentence's own text, tidied, without the
    reason said after it ("…, soalnya itu bypass semua RLS")."""
    text = sentence.strip()
    folded = fold(text)
    if _QUESTION.search(folded) or _ABOUT_ME.match(folded):
        return None
    if reason := _REASON.search(folded):
        text, folded = text[: reason.start()], folded[: reason.start()]
    if lead := _FROM_NOW_ON.search(folded):
        after = lead.group("r")[lead.end("lead") - lead.start("r") :].lstrip(" ,:")
        if _ABOUT_ME.match(after):
            return None  # "mulai sekarang gw …": the speaker's own plans
        # "berubah rencana: …" (a change of plan) opens the rule; "mulai sekarang" stays in it (it replaces)
        start = lead.end("lead") if lead.group("lead").endswith(":") else lead.start("r")
        return tidy(text[start:].lstrip(" ,:"))
    if elsewhere := _AS_ELSEWHERE.match(folded):
        return None if _REPORT.search(folded) else tidy(text[: elsewhere.end()])
    if _FOR_NOW.search(folded):
        return None
    for marker in _MARKERS:
        if marker.search(folded):
            return None if _REPORT.search(folded) else tidy(text)
    return None


def indonesian_lesson(sentence: str) -> str | None:
    """A lesson tagged as one ("pelajaran: …", "catatan buat ke depan: …"), or None."""
    folded = fold(sentence.strip())
    if found := _LESSON.search(folded):
        return tidy(sentence.strip()[found.start("l") :])
    return None


def indonesian_decision(sentence: str) -> str | None:
    """A decision: tagged ("keputusan: …", the text after the tag) or said ("kita putuskan …", the whole of it)."""
    folded = fold(sentence.strip())
    if found := _DECISION.search(folded):
        start = found.start("d") if found.group("d") else found.start("s")
        return tidy(sentence.strip()[start:])
    return None


# The person's verdict on the work (`speech/verdicts.py` reads them beside the other languages): thanks, "mantap",
# "sip", "udah jalan" / "masih error", "belum bisa", "gak ngaruh" / "besok aja", "nanti lanjut" / "ada meeting".
POSITIVE = re.compile(
    r"\b(?:makasih|makasi|trims|terima ?kasih|mantap\w*|mantul|sip+|beres|cakep|keren|berhasil|lancar|"
    r"(?:udah|sudah|dah) (?:jalan|bener|benar|aman|oke|ok|hijau|ijo|lulus|beres|bisa|fix|ke-?fix|muncul)|"
    r"jalan (?:semua|lancar)|aman(?: jaya)?|hijau semua|ijo semua)\b",
    re.IGNORECASE,
)
NEGATIVE = re.compile(
    r"\bmasih (?:aja )?(?:error|gagal|fail\w*|merah|crash\w*|kosong|salah|rusak|dobel|timeout|belum|"
    rf"{_NOT} (?:jalan|bisa|muncul|bener))\b|\bbelum (?:jalan|bisa|beres|berhasil|bener|benar|fix)\b|"
    rf"\b{_NOT} (?:jalan|berhasil|ngaruh|mempan|ngefek|bener)\b|\b(?:gagal|error|merah) (?:lagi|terus)\b|"
    r"\bmalah (?:error|rusak|tambah parah|makin)\b|\b(?:nyerah|udahan aja)\b",
    re.IGNORECASE,
)
DEFERRED = re.compile(
    r"\bbesok (?:aja|lagi|lanjut|dilanjut\w*|dicek|diterusin|terusin|deh|ya|gw)\b|"
    r"\b(?:lanjut|dilanjut\w*|lanjutin|terusin|diterusin|cek|dicek) (?:besok|nanti|lain kali|minggu depan)\b|"
    r"\bnanti (?:aja|lanjut|dilanjut\w*|lagi|deh)\b|\blain kali\b|\bkapan-kapan\b",
    re.IGNORECASE,
)
LEAVING = re.compile(
    r"\b(?:ada|mau|harus|lagi) (?:meeting|rapat|pergi|cabut|jemput|sholat|makan siang|call)\b|"
    r"\bcabut dulu\b|\btinggal dulu\b",
    re.IGNORECASE,
)
# The person talking about a problem ("halaman pesanan kosong", "angka damage muncul dobel", "masih error")
PROBLEM_TALK = re.compile(
    r"\b(?:masih (?:aja )?(?:error|gagal|kosong|merah|dobel|salah|crash)|(?:error|gagal|merah|crash|kosong|timeout) "
    r"lagi|kosong|dobel|dua kali|salah (?:tanggal|hari|jam|angka)|geser|"
    rf"{_NOT} (?:muncul|keluar|jalan|ke-?load|kebaca|bisa)|error|gagal|crash-?nya|nge-?crash|nge-?hang)\b",
    re.IGNORECASE,
)
