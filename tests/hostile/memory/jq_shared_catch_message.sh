# Errors on a value whose text is 400 MB, caught with `?` and with
# `try ... catch`: jaq wrote the whole value into the message it hands
# to `catch` (400 MB unseen, once per error). sandbash's `try` writes
# nothing for `?`, and for `catch` the message's first KiB and "..."
# (1027 bytes) when it is too long to read back in jq's words.
# profile: normal
# limit: max_memory=8M
# expect-stop: none
# expect-stdout: 0
# expect-stdout: 1027
# expect-stdout: 0
# expect-stdout: 1027
# expect-max-seconds: 5
jq -n '"a"*100000 | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | ([.a?] | length), (try .a catch length), ([(. - 1)?] | length), (try (. - 1) catch length)'
