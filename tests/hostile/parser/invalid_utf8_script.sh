# Invalid UTF-8 in the script text itself: the host API takes text, so
# the bytes arrive replaced (U+FFFD), as the `sandbash` command reads a
# script file; the run goes on.
# generate: "echo \xff\xfe\x80 ok\n" "x=\xc3\n" "echo ${#x}\n"
# expect-stop: none
# expect-stdout: \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd ok
# expect-stdout: 1
