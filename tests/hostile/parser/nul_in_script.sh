# A NUL byte in the script text after its first line. bash drops NUL bytes
# as it reads (a NUL in the first line would make the file a binary,
# refused with status 126: tool/tests/bytes.rs), so `a\0b` is the word
# `ab`: the bytes after the NUL never run as another command.
# generate: "echo a\0b\n" "echo after\n"
# expect-stop: none
# expect-status: 0
# expect-stdout: ab
# expect-stdout: after
