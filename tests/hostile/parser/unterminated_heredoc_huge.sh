# An unterminated here-document of 150 000 lines.
# generate: "cat <<END | wc -l\n" "line\n"*150000
# expect-stop: none
# expect-stdout: 150000
# expect-stderr-contains: delimited by end-of-file (wanted `END')
# expect-max-seconds: 3
