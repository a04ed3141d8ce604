# A hugely negative length is bash's "substring expression < 0" error,
# which abandons the command.
# expect-stop: none
# expect-status: 1
# expect-stdout-empty:
# expect-stderr-contains: -9223372036854775807: substring expression < 0
x=abc
echo "${x: -9223372036854775807}|${x:1:-9223372036854775807}|"
