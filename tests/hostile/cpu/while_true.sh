# An empty infinite `while` loop: with the strict profile the command
# budget (1000; the condition and the body each count) runs out first.
# expect-stop: commands
# expect-stdout-empty:
# expect-max-seconds: 1
while :; do :; done
