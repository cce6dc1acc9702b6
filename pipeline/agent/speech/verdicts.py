"""The person's verdict on a session's work in their closing words, by each language's own cues: thanks and
"works now" / "still broken" and "I'll look tomorrow" / being called away ("gotta run", "muss los", "phải đi
họp", "muszę lecieć"), which says nothing of the work unless it is left for later. Their own words, never a
project's, so they carry over between projects and people; `session_outcome.py` weighs them against the evidence
of the session (checks, pushes, reverts). Vietnamese and Polish are read over folded text (`marks.fold`). Pure.
"""

from __future__ import annotations

import re

from pipeline.agent.speech.knowledge import extract_knowledge
from pipeline.agent.speech.languages import FOLDED as _FOLDED
from pipeline.agent.speech.marks import UZBEK_APOSTROPHE, fold
from pipeline.agent.speech.sentence_parts import sentences

_NEGATIVE = re.compile(
    r"\bstill (?:broken|failing|fails|failed|hanging|hangs|wrong|not working|red|crashing|the same|times? out|"
    r"timing out|there|happening|(?:way |far |a bit |quite )?off)\b|"
    r"\b(?:doesn't|does not|didn't|did not|won't|isn't|is not) (?:work|help|fix|fixed)\b|"
    r"\bnot (?:working|fixed)\b|\b(?:give up|giving up|out of time)\b|"
    r"\b(?:I'll|I will|we'll|we will|let's) (?:just )?(?:look|pick (?:it|this|that) up|"
    r"get back|come back|continue|deal with (?:it|this)|revisit|try again)\b|"
    # (not "leave it as is" alone: it leaves a failure, or answers a question, "whats the tradeoff vs ~> 5.80" …
    # "k leave it as is", and the session's evidence decides)
    r"\bleave (?:it|this|that|the [\w ]{1,30}?) (?:as is for now|for now|alone|there|red|broken|failing)\b|"
    r"\bdon'?t (?:commit|push|merge)(?: (?:anything|it|this|that))?\b|\b(?:have|has|must|need) to wait\b|"
    r"\bhope (?:it|this|that) (?:goes|works|passes)\b|"
    r"\bno luck\b|\b(?:that|this|it) (?:just )?hides (?:it|the)\b|\bmade it worse\b|^\s*nope\b|"
    r"\bstill (?:a |an |getting |gives |returns )?(?:\d{3}|errors?|panics?|crash(?:es)?|flaky)\b|"
    r"\b(?:broken|failing|red|down) again\b|\b(?:stays?|remains?) (?:red|broken|failing)\b|"
    r"\bcall(?:ing)? it a (?:day|night)\b|\b(?:for|until) tomorrow\b|"
    r"\bpark(?:ing)? (?:it|this|that)\b|"
    # "still blows up for me", "still the same panic": a failure word a few words after "still"
    r"\bstill\b(?:\s+[\w`'-]+){0,2}?\s+(?:blows? up|blowing up|breaks|crash\w*|panic\w*|explodes?|dies|fails?|"
    r"errors? out|hangs?)\b|"
    r"\b(?:forget it|not (?:merging|shipping|releasing|deploying)(?: (?:it|this|that))? (?:today|yet|now))\b|"
    r"\bleav(?:e|ing) (?:it|this|that) (?:for today|for now|for later|for tomorrow)\b|\b(?:done|enough) for today\b|"
    r"\bstop(?:ping)? (?:here|there)(?: for)? today\b|"
    r"\b(?:I'm|I am|we're|we are) (?:just )?leaving (?:it|this|that)\b(?! (?:running|on|open|to|with|as is))",
    re.IGNORECASE,
)
# Leaving with the work unfinished: "ok. later", "egal, morgen", "stop, meeting" (a deferral, unless the same
# words also say it went well: "great. invoices tomorrow").
_DEFERRED = re.compile(
    r"\b(?:tomorrow|later|next week|after the (?:meeting|call|demo)|(?:on )?(?:monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday))(?: then)?\s*[.!]*\s*$|"
    r"\bwhen I (?:have|get|find) (?:a (?:moment|minute|sec)|(?:the |some )?time)\b|"
    r"\b(?:demo|lunch) (?:now|at \d)|^\s*stop,? lunch\b|\bstop(?:ping)? (?:here|there)\b|"
    # handed on to someone else, the work not done here: "ok, I'll tell Kiran", "I'll ask ops about it"
    r"\bI'?ll (?:tell|ask|ping|pass it (?:on )?to|hand it (?:over )?to|check with|talk to|raise it with) "
    r"(?!(?:you|u)\b)[\w@.-]+",
    re.IGNORECASE,
)
# Called away: "gotta run", "meeting now", "muss los, Termin", "devo scappare", "мне бежать", "회의 들어가야 돼".
# Life interrupting says nothing of the work: what else the session shows decides (a failing check, a push).
_LEAVING = re.compile(
    r"\b(?:gotta (?:run|go)|got to (?:run|go)|(?:have|need) to (?:run|go|leave)|off to (?:a |the |my )?"
    r"(?:meeting|call)|(?:meeting|call|standup) (?:now|in \d+)|stop,? (?:meeting|call)|muss (?:los|weg)|"
    r"jetzt (?:meeting|termin|elternabend)|devo (?:scappare|andare|staccare)|(?:me )?tengo que ir(?:me)?|"
    r"je dois (?:y aller|filer|partir)|(?:tenho|preciso) (?:que |de )?(?:ir|sair|correr)|мне (?:бежать|пора)|"
    r"убегаю)\b|회의 들어가|가야 (?:돼|해)|가봐야|我(?:得|要)走了|要开会了|行かなきゃ|会議(?:行|に行)",
    re.IGNORECASE,
)
_REFUSAL = re.compile(
    r"\b(?:no|nope|non|nein|não|nee)[,.!]?\s+(?:thanks|thank you|thx|merci|danke|gracias|obrigad[oa]|grazie|dank je)\b",
    re.IGNORECASE,
)
_MILD_NEGATIVE = re.compile(r"\b(?:revert|undo|roll ?back|wtf|ugh|damn|mist|shit|argh)\b", re.IGNORECASE)
_POSITIVE = re.compile(
    r"\b(?:thanks|thank you|thx|ty|cheers|great|perfect|nice|awesome|excellent|brilliant|lovely|sweet|lgtm|"
    r"all good|ship it|well done|good job|works now|that works|that did it|"
    # (not "that's it for today": stopping for the day says nothing of how the work went)
    r"that's it(?! for (?:today|now|the day|tonight|this week))|went green|is green|"
    r"merged|merging|deployed|works(?: now| again| fine)?|fixed(?: it| now)?|all green|passes now|looks good|"
    r"good now|ok now|legend|beauty|ripper|spot on|bang on|nailed it|good stuff|top stuff)\b|"
    r"^\s*(?:good|green|done|yes|yep|cool|ok|okay|k|kk)\s*[.!]*\s*$|"
    r"^\s*(?:good|green|done|yes|yep|cool)\b|[🎉👍✅🚀🙏💯👌🙌]",
    re.IGNORECASE,
)
_ACKNOWLEDGED = re.compile(
    # "flaky" of this failure ("it's flaky", "just flaky", "flaky, rerun it"), not of flaky tests in general ("a
    # flaky test is a broken test", "Flaky test je rozbitej test": no failure waved through)
    r"\b(?:known|ignore (?:it|that|this)|pre-?existing|not (?:ours|related)|"
    r"(?:it'?s|that'?s|its|thats|just|probably|known|again|still) (?:a |the )?flaky|flaky(?:,| -| again| one\b)|"
    r"ignorier (?:das|es)|ist alt|"
    r"ign[oó]ralo|ignora (?:eso|esto)|ignore[rz]? (?:ça|cela))\b",
    re.I,
)
# Thanks and nothing else: said for the last answer (an issue written up, an explanation), no verdict on the work
_ONLY_THANKS = re.compile(
    r"^\s*(?:thanks|thank you|thx|ty|cheers|danke|merci|gracias|谢谢|多谢)[\s.!,]*(?:a lot|so much|!)?[\s.!🙏👍]*$",
    re.I,
)
# The person's verdict in the languages beyond English (_POSITIVE, _NEGATIVE, _DEFERRED above): their own
# words, never a project's ("passt", "谢谢", "норм", "고마워요" / "还是不行", "не работает" / "morgen", "завтра гляну")
_POSITIVE_OTHER = re.compile(
    r"(?:谢谢|多谢|感谢|好了|可以了|行了|搞定|完美|没问题了?|不错|很好|漂亮|合并吧|上线吧|👌|修好了|通过了|"
    r"(?:测试|CI|都|全)(?:过了|绿了|通过)|好使了|能用了|^\s*(?:行|好的?|可以)\s*[。！!]*\s*$)|"
    r"\b(?:danke|passt|läuft|super|perfekt|klappt|top|geht wieder|gracias|perfecto|funciona|genial|merci|parfait|"
    r"ça marche|está arriba|ya está|listo|va bien|ya funciona|ça fonctionne|c'est bon|nickel|impeccable|"
    # Mexican Spanish: it is done, works now, great
    r"ya qued[oó]|qued[oó] (?:bien|perfecto|chido)|ya jala|chido|excelente|"
    # Portuguese (Brazil)
    r"valeu|deu bom|deu certo|funcionou|obrigad[oa]|massa|show de bola|perfeito|beleza|tá ótimo|ficou ótimo|"
    # Russian, Ukrainian
    r"спасибо|спс|благодарю|отлично|супер|круто|класс|норм|нормально|збс|огонь|работает|заработало|"
    r"всё зелёное|все зелёные|пойдёт|годится|дякую|чудово|працює|"
    # Italian, Turkish (with and without its letters)
    r"grazie|perfetto|ottimo|funziona|va bene|tutto ok|funziona tutto|finalmente|"
    r"te[sş]ekk[üu]rler|te[sş]ekk[üu]r ederim|sa[gğ]ol|eyvallah|harika|s[üu]per|tamamd[ıi]r|oldu|"
    r"[çc]al[ıi][sş][ıi]yor|g[üu]zel|m[üu]kemmel)\b|"
    # Azerbaijani (with and without its letters): thanks, great, it works; Punjabi in Gurmukhi and Latin letters:
    # great, good, thanks, it ran (worked) ("badhiya", "chal gaya" are Hinglish's too, read by `languages/hinglish.py`)
    r"(?<!\w)(?:sa[gğ] ?olun|əla|i[sş]l[əe]yir|ਵਧੀਆ|ਬਹੁਤ ਵਧੀਆ|ਧੰਨਵਾਦ|ਚੱਲ ਗਿਆ|"
    r"vadhiya|changa|dhanvaad|dhanvad|chal peya)(?!\w)|"
    # Czech and Slovak, with and without their letters: works, runs, thanks, great
    r"(?<!\w)(?:funguje|jede|díky|diky|dík|dik|paráda|parada|skvělý|skvělé|skvele|výborně|vyborne|hotovo|"
    r"ďakujem|dakujem|vďaka|vdaka|funguje to)(?!\w)|"
    # Romanian (with and without its letters): works (now), it worked, thanks, done, great
    r"(?<!\w)(?:merge(?: acum| bine)?\s*[.!]*\s*$|acum merge|a mers|mersi|mul[tț]umesc|func[tț]ioneaz[aă]|gata|"
    r"e bine|excelent|perfect)(?!\w)|"
    # Finnish (with and without its letters): thanks, works, great, perfect
    r"(?<!\w)(?:kiitos|kiitti|toimii|loistavaa|t[aä]ydellist[aä]|hienoa|mahtavaa|hyv[aä] on)(?!\w)|"
    # Korean
    r"고마워|고맙|감사합니다|감사해요|좋아요|좋네|완벽|잘 된다|잘 돼|됐다|ㅇㅋ|오케이|굿|머지하자|"
    r"^\s*show\s*[!.👍🙌]*\s*$|^\s*show[,!]+\s|"
    # Bengali, in its script and typed in Latin letters: thanks, it works, it is done, great
    r"ধন্যবাদ|কাজ করছে(?! না)|হয়ে গেছে|দারুণ|(?<!\w)(?:dhonnobad|kaj korche(?! na)|hoye geche|darun)(?!\w)|"
    # Urdu in its script (typed in Latin letters it is read as Hinglish): thanks, it is fixed, fine now, great
    r"شکریہ|ٹھیک ہو گیا|اب ٹھیک ہے|ہو گیا|زبردست|"
    # Swahili: thanks, it worked / works, passed, great; "poa" (cool) opening the closing words
    r"(?<!\w)(?:asante|imefanya kazi|inafanya kazi|imefanikiwa|imepita|poa sana|safi sana)(?!\w)|"
    r"(?:^|(?<=[.!,;]\s))poa(?=\s*[.!,;]|\s*$)|"
    # Armenian, in its script and typed in Latin letters: thanks, it worked, it works, it came out, it's good
    r"մերսի|շնորհակալ|ապրես|աշխատեց|աշխատում ա|աշխատում է|ստացվեց|լավ ա|"
    r"(?<!\w)(?:mersi|shnorhakal\w*|apres|ashxatec|ashkhatec|ashxatum a|stacvec|lav a)(?!\w)|"
    # Amharic, in its script and typed in Latin letters: thank you, it worked, it works, it succeeded, well done
    r"አመሰግናለሁ|እናመሰግናለን|አመሰግናለው|ሰራ(?!ም)|ይሰራል|ተሳካ(?!ም)|ጎበዝ|በጣም ጥሩ|"
    r"(?<!\w)(?:amesegnalehu|amesegnalew|enamesegnalen|sera|yiseral|tesaka|gobez)(?!\w)|"
    # Mongolian, in Cyrillic and typed in Latin letters: thank you, great, it works, it worked, it came out, done
    r"(?<!\w)(?:баярлалаа|баярлаа|гайхалтай|ажиллаж байна|ажиллалаа|ажилласан|болчихлоо|боллоо|дууслаа|"
    r"bayarlalaa|bayarlaa|ajillaj baina|ajillalaa|bolchihloo)(?!\w)|"
    # Sinhala, in its script and typed in Latin letters: thanks, it works, it worked, great, super
    r"ස්තූතියි|ස්තුතියි|වැඩ කරනවා|වැඩ කළා|නියමයි|සුපිරි|"
    r"(?<!\w)(?:isthuthi|sthuthi|wada karanawa|wada kala|wade hari|niyamai|supiri|patta|ela machan)(?!\w)|"
    # Uzbek in Latin letters (its o' and g' typed with any apostrophe): thanks, it worked, it works now, great, done
    rf"(?<!\w)(?:(?:katta )?rahmat|ishladi|endi ishlayapti|ishlayapti endi|zo{UZBEK_APOSTROPHE}?r|ajoyib|zabardast|"
    rf"hammasi joyida|tayyor bo{UZBEK_APOSTROPHE}?ldi)(?!\w)|"
    # Burmese, in its script and typed in Latin letters: it works / it's done, thanks, all fine
    r"ရပြီ|ကျေးဇူး|အဆင်ပြေ|(?<!\w)(?:ya pi|ya p|kyay zu|kyay zoo|kyayzu|a-sin pyay|a sin pyay)(?!\w)|"
    # Nepali, in Devanagari and typed in Latin letters: thanks, it ran (works now), fine, great
    # ("चल्यो", it ran, only where it ends a clause: "test चल्यो, fail भयो" ran and failed)
    r"धन्यवाद|धन्यबाद|अब चल्यो|चल्यो(?=\s*[।.!,]|\s*$)|ठीक छ|ठिक छ|राम्रो भयो|"
    r"(?<!\w)(?:dhanyabad|dhanyabaad|dhanyavad|aba chalyo|chalyo(?=\s*[.!,]|\s*$)|thik cha|thik chha|"
    r"ramro bhayo)(?!\w)|"
    # Nigerian Pidgin and Yoruba (with or without tone marks): it works (now), it's fine, well done, thank you
    r"(?<!\w)(?:e don work|e dey work now|e don set|e don clear|well done o|thank you o|o ti da|ó ti dá|o ti ṣiṣẹ|"
    r"o ti sise|ẹ ṣé|e se gan|o seun|ó ṣeun|oseun|oshey)(?!\w)|"
    # Khmer, in its script and typed in Latin letters: thank you, very good, it works now, done
    r"អរគុណ|ល្អណាស់|ដំណើរការហើយ|បានហើយ|"
    r"(?<!\w)(?:orkun|or kun|arkun|l'or nas|laor nas|lor nas|domnaer ka hery|domnaer ka heuy|ban hery|ban heuy)(?!\w)",
    re.IGNORECASE,
)
_NEGATIVE_OTHER = re.compile(
    r"(?:还是不行|还是不对|还是报错|还是失败|还是挂|还是红|又红了|又挂了|没修好|没好|不行|没用|不管用|更糟|算了|"
    r"明天再(?:说|看|弄)|回头再(?:说|看|弄)|先不管了?|先这样吧|下次再(?:说|弄)|放弃)|"
    r"\b(?:(?:geht|funktioniert|klappt) (?:immer )?noch nicht|geht nicht|funktioniert nicht|immer noch kaputt|"
    r"morgen weiter|lass das|sigue sin funcionar|no funciona|todavía falla|lo dejo|ça ne marche (?:toujours )?pas|"
    r"sigue (?:fallando|tronando|roto|rojo|igual|sin (?:jalar|servir|compilar|pasar))|no jala|no sirve|"
    r"todavía no (?:funciona|jala|sirve|pasa)|eso no es(?=\s*(?:[.!,]|$|lo que))|"
    r"toujours cassé|deu ruim|não funcionou|não deu certo|"
    r"ainda (?:tá |está |ta )?(?:quebra|quebrando|quebrado|falha|falhando|dando erro)|"
    # not what was asked for: "hmm nao era isso", "non, ce n est pas ça", "no es eso", "das ist es nicht"
    r"n[ãa]o (?:era|é|e) (?:bem )?isso|ce n'?(?:\s)?est pas (?:ça|ca)|no es eso|das ist (?:es )?nicht (?:das|es)|"
    r"continua (?:quebrando|falhando|dando erro)|desisto|"
    r"не работает|не заработало|не помогло|вс[её] ещё (?:падает|красн\w+|не \w+)|опять (?:падает|упал\w*|красн\w+)|"
    r"сломалось|забей|бросаем|не працює|"
    # "не то." (not what was asked for), "ладно, сам сделаю" (the person takes the work back)
    r"(?:^|(?<=[.!,;]\s))не то(?=\s*[.!,;]|\s*$)|(?<!\w)сам(?:а)? (?:сделаю|доделаю|поправлю|починю)(?!\w)|"
    # Italian: still not working, leave it, oh well (resigned), I give up, I'll look at it tomorrow
    r"non (?:funziona|va|parte)(?: ancora| più)?|non va bene|ancora (?:rotto|niente|non va)|"
    r"lascia(?:mo)? (?:stare|perdere)|"
    r"vabb[eè]|niente da fare|ci rinuncio|(?:ci|lo) guardo (?:domani|con calma)|domani ci guardo|"
    # Turkish: didn't work, still crashing / not working, we'll look tomorrow, leave it
    r"olmad[ıi]|h[âa]l[âa] (?:\w+ )?(?:olmuyor|[çc]al[ıi][sş]m[ıi]yor|resetleniyor|patl[ıi]yor|hata veriyor)|"
    r"[çc]al[ıi][sş]m[ıi]yor|yar[ıi]n bakar[ıi]z|yar[ıi]n bakar[ıi]m|b[ıi]rak gitsin)\b|"
    r"안 돼|안 되네|안 된다|여전히 (?:안|실패|빨간)|아직도 (?:안|실패|빨간|깨)|또 (?:깨졌|실패|빨간)|포기|"
    # Romanian: (still) doesn't work, fails again, didn't work, I give up
    r"(?<!\w)(?:(?:tot |[iî]nc[aă] )?nu (?:merge|func[tț]ioneaz[aă])|iar (?:pic[aă]|crap[aă])|tot (?:pic[aă]|crap[aă])|"
    r"nu a mers|n-a mers|renun[tț])(?!\w)|"
    # Finnish: doesn't work (still), still broken, didn't help, I give up
    r"(?<!\w)(?:ei (?:viel[aä]k[aä][aä]n |edelleenk[aä][aä]n )?toimi|edelleen rikki|ei auttanut|luovutan)(?!\w)|"
    # Czech and Slovak: doesn't work, still broken / red, leave it (red), I'll come back to it
    r"(?<!\w)(?:nefunguje|pořád nefunguje|porad nefunguje|furt nefunguje|stále nefunguje|nefunguje to|rozbitý|"
    r"rozbité|rozbitej|(?:nechávám|nechavam|nechám|necham) to (?:červený|cerveny|červené|cervene|rozbitý|rozbite)|"
    r"zůstane (?:červený|cerveny)|zustane (?:červený|cerveny)|vrátím se k tomu|vratim se k tomu|vzdávám|vzdavam|"
    r"vzdávam)(?!\w)|"
    # Bengali: (still) not working, still failing, not this (what was asked for)
    r"কাজ করছে না|হচ্ছে না|এখনো fail|(?<!\w)(?:kaj korche na|hocche na|ekhono fail\w*)(?!\w)|"
    r"(?:^|(?<=[.!,;]\s))(?:eta na|এটা না)(?=\s*[.!,;]|\s*$)|"
    # Urdu: still failing, not working; Swahili: still failing, (still) doesn't work, didn't work, no, not like that
    r"ابھی بھی fail|ابھی بھی کام نہیں|کام نہیں کر رہا|نہیں چل رہا|"
    r"(?<!\w)(?:bado (?:ina|ha|i)?fail\w*|bado haifanyi kazi|haifanyi kazi|haijafanya kazi|haijafanya|"
    r"hapana,? sio hivyo|sio hivyo)(?!\w)|"
    # Armenian: it didn't work (out), (still) doesn't work, leave it (given up)
    r"չեղավ|չստացվեց|չի աշխատում|դեռ չի|թողնենք|(?:^|(?<=[.!,;։]\s))թող(?=\s*[.!,;։]|\s*$)|"
    r"(?<!\w)(?:chexav|cheghav|chstacvec|chi ashxatum|chi ashkhatum|toxnenq|toxi)(?!\w)|"
    # Amharic: it didn't work, it doesn't work, it didn't succeed, still (failing), leave it
    r"አልሰራም|አይሰራም|አልተሳካም|አሁንም (?:አይሰራም|ይወድቃል|fail)|ተወው|ተዉት|ይቅር|"
    r"(?<!\w)(?:alseram|aysera?m|altesakam|tewew|tewut)(?!\w)|"
    # Mongolian: doesn't work, didn't work (out), still (failing), (the cause) not found, leave it
    r"(?<!\w)(?:ажиллахгүй|ажиллаагүй|болохгүй байна|болсонгүй|болоогүй|олдоогүй|орхи|орхиё|"
    r"ajillahgui|bolohgui baina|bolsongui|oldoogui)(?!\w)|"
    # Sinhala: doesn't work, still (failing), couldn't, no use, let's look tomorrow, leave it
    r"වැඩ කරන්නේ නෑ|තාම fail|තාමත්|බැරි වුණා|හෙට බලමු|"
    r"(?<!\w)(?:wada karanne na|wada karanne naha|wadak naha|wadak na|thama fail|thamath fail|beri una|"
    r"heta balamu|athaarinna|atharinna)(?!\w)|"
    # Uzbek: doesn't work, didn't work (out), still (failing), leave it; Russian: no strength left to dig into it
    rf"(?<!\w)(?:ishlamayapti|ishlamadi|ishlamaydi|bo{UZBEK_APOSTROPHE}?lmadi|"
    r"hali ham (?:xato|ishlamay\w*|yiqil\w*|qizil)|"
    rf"qoldiraylik|tashlab qo{UZBEK_APOSTROPHE}?y|нет сил(?: разбираться)?)(?!\w)|"
    # Burmese: it doesn't work, not right, can't fix it (yet), that's all for today
    r"မရဘူး|မဟုတ်သေးဘူး|မဟုတ်ဘူး|မပြင်နိုင်|ဒီနေ့ ဒီလောက်ပဲ|"
    r"(?<!\w)(?:ma ya bu|ma hote bu|ma pyin nine|pyin ma ya|di nay di lout pal)(?!\w)|"
    # Nepali: it didn't run (work), it didn't come out, still (failing), leave it
    r"चलेन|भएन|मिलेन|अझै fail|अझै पनि fail|fail भयो|छोडौं|"
    r"(?<!\w)(?:chalena|bhayena|milena|ajhai fail|ajhai pani fail|fail bhayo|chhodaun|chodau)(?!\w)|"
    # Nigerian Pidgin and Yoruba: it doesn't (still doesn't) work, still failing, leave it; it didn't work, it broke
    r"(?<!\w)(?:e no work|e still no work|e never work|e still dey fail|e still dey red|leave am|"
    r"ko sise|kò ṣiṣẹ́|ko ti da|kò tíì dá|o ti baje|ó ti bàjẹ́)(?!\w)|"
    # Azerbaijani: doesn't work, didn't work out, still (failing), I'll do it myself (the work taken back);
    # Punjabi: nothing got solved, didn't run (work), doesn't work, still failing
    r"(?<!\w)(?:i[sş]l[əe]mir|al[ıi]nmad[ıi]|h[əe]l[əe] d[əe] (?:i[sş]l[əe]mir|fail|s[ıi]n[ıi]r)|"
    r"özüm (?:ed[əe]r[əe]m|düz[əe]ld[əe]r[əe]m|yazaram)|ozum (?:ederem|duzelderem|yazaram)|"
    r"ਹੱਲ ਨਹੀਂ ਹੋਇਆ|ਨਹੀਂ ਚੱਲਿਆ|ਕੰਮ ਨਹੀਂ ਕਰ ਰਿਹਾ|ਅਜੇ ਵੀ fail|"
    r"(?:kuch )?hal nahi hoya|nahi chaleya|nahi chalya|kam nahi kar reha|kamm nahi kar reha|ajje vi fail|"
    r"aje vi fail)(?!\w)|"
    # Khmer: it doesn't work, still failing, couldn't (can't), not yet
    r"មិនដំណើរការ|នៅតែ fail|នៅតែ error|នៅតែមិន|មិនបានទេ|"
    r"(?<!\w)(?:ot domnaer ka|min domnaer ka|nov tae fail|nov te fail|ot ban te|ot ban de)(?!\w)",
    re.IGNORECASE,
)
# Leaving it for later ("egal, morgen", "明天再说" is NEGATIVE already)
_DEFERRED_OTHER = re.compile(
    r"\bmorgen(?: früh)?\s*(?:[.!]*\s*$|,)|\bjetzt feierabend\b|\bfeierabend\b|"
    # Spanish, French: "lo vemos mañana", "lo miro otro día", "lo dejamos así por hoy", "no me da tiempo"
    r"\b(?:lo|la|los|las) (?:vemos|veo|miro|miramos|arreglo|arreglamos|hablo|hablamos|seguimos|retomamos)\b.{0,30}"
    r"\b(?:mañana|manana|otro d[ií]a|luego|más tarde|mas tarde|la semana que viene|la próxima semana|el lunes|"
    r"el martes|el miércoles|"
    r"el jueves|el viernes)\b|\b(?:lo|la) dej(?:o|amos)(?: así)? (?:por hoy|para mañana|para otro día)\b|"
    r"\bno me da tiempo\b|\bon (?:verra|regarde|reprend) (?:demain|plus tard|la semaine prochaine)\b|"
    r"\bje (?:regarde|reprends) (?:demain|plus tard)\b|"
    # "je regarderai quand j'aurai un moment", "cuando tenga un rato", "wenn ich Zeit habe": when there is time
    r"\bquand j'aurai (?:un moment|le temps|deux minutes|un peu de temps)\b|\ble temps qu'on trouve\b|"
    r"\b(?:je|on) (?:regarderai|regardera|reprendrai|reprendra|creuserai|creusera|verrai ça|verra ça)\b|"
    r"\bcuando tenga (?:un rato|tiempo|un momento)\b|\bwenn ich (?:mal )?(?:zeit|luft) habe\b|"
    r"\b(?:amanhã|depois|segunda|semana que vem) (?:eu )?(?:vejo|olho|continuo|resolvo|termino)\b|"
    r"\b(?:vejo|olho|continuo) (?:isso )?(?:amanhã|depois|segunda)\b|\bfica pra (?:amanhã|depois|outro dia)\b|"
    r"\b(?:depois|amanhã|amanha) a gente (?:vê|ve|olha|resolve|continua)\b|"
    r"\b(?:завтра|потом|позже|в понедельник) (?:гляну|посмотрю|продолжим|доделаю|разберусь|вернусь)\b|"
    r"\b(?:пока )?отлож(?:у|им|им пока)\b|\bв другой раз\b|"
    r"(?:내일|나중에|다음에|월요일에)\s?(?:보자|볼게|할게|하자|계속|이어서)|"
    # Swahili: we go on tomorrow, I'll look this evening / tomorrow / later
    r"(?<!\w)(?:tutaendelea kesho|kesho tutaendelea|nitaangalia (?:jioni|kesho|baadaye))(?!\w)|"
    # Armenian: tomorrow we'll do it / I'll look
    r"վաղը (?:կանենք|կնայեմ|կշարունակենք)|(?<!\w)vaghy (?:kanenq|knayem|ksharunakenq)(?!\w)|"
    # Amharic: tomorrow we'll look / continue
    r"ነገ (?:እናያለን|አየዋለሁ|እንቀጥላለን)|(?<!\w)nege (?:enayalen|ayewalehu|enqetlalen)(?!\w)|"
    # Bengali: tomorrow (I'll) look again, (I'll) look later
    r"(?<!\w)(?:kal abar dekh(?:bo|i)|pore dekh(?:bo|i)|কাল আবার দেখব|পরে দেখব)|"
    # Romanian, Finnish: I'll look tonight / tomorrow, we go on tomorrow; tomorrow, later
    r"(?<!\w)(?:m[aă] uit (?:eu )?(?:disear[aă]|desear[aă]|m[aâ]ine|mai t[aâ]rziu|luni)|continu[aă]m m[aâ]ine|"
    r"(?:jatketaan|katsotaan|katson) (?:huomenna|my[oö]hemmin|maanantaina))(?!\w)|"
    r"\b(?:гляну|посмотрю|доделаю|разберусь) (?:завтра|потом|позже)\b|"
    # Burmese: tomorrow (morning) I'll look again, later
    r"မနက်ဖြန်|နောက်မှ|ပြန်ကြည့်မယ်|(?<!\w)(?:ma net pyan|ma net phyan|nout mha|nout hma|pyan kyi mal)(?!\w)|"
    # Uzbek: tomorrow / later we'll look, I'll look, we go on
    rf"(?<!\w)(?:ertaga|keyinroq|keyin) (?:ko{UZBEK_APOSTROPHE}?ramiz|ko{UZBEK_APOSTROPHE}?raman|"
    r"qarayman|qaraymiz|davom etamiz)(?!\w)|"
    # Nepali: tomorrow / later I'll (we'll) look; Nigerian Pidgin: we go (I go) look am tomorrow
    r"भोलि हेर्छु|भोलि हेरौंला|पछि हेर्छु|पछि हेरौंला|(?<!\w)(?:bholi herch?hu|bholi heraula|pachi herch?hu|pachi heraula|"
    r"(?:we|i) go (?:look|check) am (?:tomorrow|later)|make we continue tomorrow)(?!\w)|"
    # Khmer: tomorrow, leave it for now
    r"ស្អែក|ទុកសិន|(?<!\w)(?:saek|sa-ek|tuk sen)(?!\w)|"
    # Azerbaijani: tomorrow / later I'll (we'll) look; Punjabi: later, (we'll) look tomorrow / later
    r"(?<!\w)(?:sabah|sonra) baxar(?:am|[ıi]q)(?!\w)|ਬਾਅਦ ਵਿੱਚ|ਬਾਅਦ 'ਚ|ਕੱਲ੍ਹ ਦੇਖਾਂਗੇ|ਫਿਰ ਦੇਖਾਂਗੇ|"
    r"(?<!\w)(?:baad vich|baad ch|kal dekhange|fer dekhange|phir dekhange)(?!\w)|"
    r"(?:回头|晚点|下午|开会)(?:再)?(?:看|说|弄)?\s*[。！]*\s*$|"
    r"(?:周末|明天|下周|改天|回头)\S{0,8}?(?:再)?(?:看看|看|弄|改|处理|修)",
    re.IGNORECASE,
)
# "No time (today)", in the languages people told it in: the work is left for later
_NO_TIME = re.compile(
    r"\bno time (?:today|now|for (?:this|that|it))\b|\bkeine zeit\b|\bpas le temps\b|没时间|"
    r"\b(?:no tengo tiempo|sin tiempo hoy|não tenho tempo|sem tempo hoje|non ho tempo|geen tijd|nie mam czasu|"
    r"nemám čas|nemam cas|vaktim yok|zamanım yok|zamanim yok|gak sempat|nggak sempat|tidak sempat|"
    r"time nahi hai|time nahin hai|time khatam|vaxt[ıi]m yoxdur|vaxt yoxdur)\b|"
    r"(?<!\w)(?:нет времени|немає часу|уақыт жоқ|цаг алга|ժամանակ չկա|ot men mean pel|ot mean pel)(?!\w)|時間がない|"
    r"시간이 없|"
    # Tamil and Malayalam in their scripts: "no time for this today", "no time today"
    r"நேரம் இல்ல|സമയം ഇല്ല|സമയമില്ല",
    re.I,
)


LEFT_FOR_LATER = "the user left it for later"


def _without_lessons(words: str) -> str:
    said = sentences([words])
    kept = [s for s in said if not extract_knowledge([s]).lessons]
    return " ".join(kept) if len(kept) < len(said) else words


def closing_cue(words: str) -> tuple[float, str] | None:
    """What the person's closing words say of the work, by the cues of the languages known here, strongest
    first: (weight, reason) with a negative weight for a failure, 0 for nothing said (called away), or None."""
    words = _without_lessons(words)  # "TIL the auto-wait doesn't help here. commit": a lesson, no verdict
    folded = fold(words)  # Vietnamese and Polish are read typed with or without their diacritics
    if _NEGATIVE.search(words) or _NEGATIVE_OTHER.search(words) or any(v.NEGATIVE.search(folded) for v in _FOLDED):
        return -3.0, "the user's last words"
    deferred = bool(_DEFERRED.search(words) or _DEFERRED_OTHER.search(words) or _NO_TIME.search(words))
    deferred = deferred or any(v.DEFERRED.search(folded) for v in _FOLDED)
    leaving = bool(_LEAVING.search(words)) or any(v.LEAVING.search(folded) for v in _FOLDED)
    positive = bool(_POSITIVE.search(words)) or any(v.POSITIVE.search(folded) for v in _FOLDED)
    if leaving and not (positive or deferred):
        return 0.0, "the user was called away (nothing said of the work)"
    thanked = _REFUSAL.sub("", words)  # "Non merci, …" declines an offer; it thanks for nothing
    if _POSITIVE.search(thanked) or _ACKNOWLEDGED.search(thanked) or _POSITIVE_OTHER.search(thanked):
        return 3.0, "the user's last words"
    if any(v.POSITIVE.search(folded) for v in _FOLDED):
        return 3.0, "the user's last words"
    if deferred:
        return -3.0, LEFT_FOR_LATER
    if _MILD_NEGATIVE.search(words):
        return -1.5, "the user's last words"
    return None


def left_for_later(words: str) -> bool:
    """The words leave the work for later ("no time today", "morgen weiter", "để mai tính")."""
    folded = fold(words)
    later = _NO_TIME.search(words) or _DEFERRED.search(words) or _DEFERRED_OTHER.search(words)
    return bool(later) or any(v.DEFERRED.search(folded) for v in _FOLDED)


def only_thanks(words: str) -> bool:
    """Thanks and nothing else: said for the last answer (a write-up, an explanation), no verdict on the work."""
    return _ONLY_THANKS.search(words) is not None


def acknowledges(words: str) -> bool:
    """The person waves a failure through as known ("that one's known, ignore it")."""
    return _ACKNOWLEDGED.search(words) is not None
