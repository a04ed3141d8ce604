# Invalid UTF-8 in the script text itself: bytes are bytes, as in bash.
# The host hands the script over as bytes (`sandbash_interpreter::bytes`
# keeps the ones that are not UTF-8, as the `sandbash` command does when it
# reads a script file); they come out unchanged, and a lone byte is one
# character. The run goes on.
# generate: "echo \xff\xfe\x80 ok\n" "x=\xc3\n" "echo ${#x}\n"
# expect-stop: none
# expect-stdout: \xff\xfe\x80 ok
# expect-stdout: 1
