# A CRLF script: as in bash, `\r` is part of the words.
# generate: "echo hi\r\n" "x=1\r\n" "echo \"[$x]\"\r\n"
# expect-stop: none
# expect-stdout: hi\r
# expect-stdout: [1\r]\r
